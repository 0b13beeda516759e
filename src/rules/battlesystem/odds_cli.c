/* `muster odds --forced-march`: the exact Attack Rating penalty of a
 * Battlesystem unit after a schedule of forced marches with rest rounds
 * (battlesystem-movement-phase.txt 7.13). The options set up the game's
 * own rules (bs_rules: the Morale Check, forced_march_fail_routs) and the
 * chain is bs_march_odds, so the calculator and the game decide who
 * routs and who passes the same way (bs_march.h). */
#include "battlesystem/bs_odds_cli.h"

#include "battlesystem/bs_march.h"
#include "battlesystem/bs_rules.h"
#include "muster/cmdline.h"
#include "muster/odds_forced_march.h"
#include "muster/status.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#define CMD "odds"

static const char usage_text[] =
    "--forced-march --morale M [--marches N] [--burst B] [--rest K]\n"
    " [--recover R] [--formation F] [--never-checks] [--no-fail-routs]\n"
    " [--check NdS] [--modifier D] [--json]\n";

static const char help_text[] =
    "Exact Attack Rating (AR) penalty of an AD&D Battlesystem unit that\n"
    "forced-marches N times (7.13): a Morale Check at the end of each forced\n"
    "march, the AR one worse on each failure (cumulative); one point back, down\n"
    "to the original AR, for each whole Game Round spent doing nothing and not\n"
    "attacked. The unit marches B times in a row, rests K rounds, marches B\n"
    "times again, ... and rests R rounds after the last march. Prints the\n"
    "penalty distribution after every round.\n"
    "\n"
    "Units covered: those a failed check does not rout, so that they march on\n"
    "schedule: closed regular units, mobs, units that \"never check morale\"\n"
    "(they roll this check, 7.13, and never rout), and open or skirmish units\n"
    "when a failed forced-march check does not rout them (--no-fail-routs,\n"
    "rules.forced_march_fail_routs: false). Not covered, refused: open and\n"
    "skirmish units under the default reading, which rout on a failed check\n"
    "(7.15) and stop marching until rallied; their drift depends on rallies\n"
    "and policies (simulate them with muster run). Each march is assumed to\n"
    "go beyond the normal rate (an early stop within it takes no check) and\n"
    "the unit is never attacked. Individuals take no forced-march check.\n"
    "\n"
    "  --forced-march  select these odds (instead of order odds)\n"
    "  --morale M      the unit's morale rating (0..100)\n"
    "  --marches N     forced marches (0..64, default 3)\n"
    "  --burst B       consecutive marches before each rest (1..64, default 1)\n"
    "  --rest K        idle rounds between bursts of marches (0..63, default 0)\n"
    "  --recover R     idle rounds after the last march (0..63, default 0)\n"
    "  --formation F   closed (default), mob, open or skirmish\n"
    "  --never-checks  the unit \"never checks morale\" (any formation)\n"
    "  --no-fail-routs a failed forced-march check routs nobody (the rules\n"
    "                  variant forced_march_fail_routs: false)\n"
    "  --check NdS     the Morale Check's dice: pass when the total is at most\n"
    "                  morale + D (default 1d20: an assumption, the text does not\n"
    "                  define the check)\n"
    "  --modifier D    added to the morale for the check (-100..100, default 0)\n"
    "  --json          print machine-readable JSON instead of text\n"
    "  -h, --help      print this help\n"
    "\n"
    "Example: muster odds --forced-march --morale 12 --marches 3   (the 7.13 example's unit)\n";

enum {
    OPT_FORCED = 256, OPT_JSON, OPT_BURST, OPT_REST, OPT_RECOVER, OPT_CHECK, OPT_MODIFIER,
    OPT_FORMATION, OPT_NEVER, OPT_NO_ROUTS
};

/* The --formation values, in the order the usage line gives them. */
static const struct {
    const char *name;
    bs_formation formation;
} formations[] = {{"closed", BS_CLOSED}, {"mob", BS_MOB_FORMATION}, {"open", BS_OPEN}, {"skirmish", BS_SKIRMISH}};

struct forced_request {
    int morale, marches, burst, rest, recover, json;
    int formation; /* index in formations[] */
    int never_checks;
    /* the game's rules as the options set them: the Morale Check's dice
     * and modifier (--check, --modifier), forced_march_fail_routs
     * (--no-fail-routs) */
    bs_rules rules;
};

/* Returns the index of name in formations[], or -1. */
static int find_formation(const char *name)
{
    for (int i = 0; i < (int)(sizeof formations / sizeof formations[0]); i++)
        if (strcmp(name, formations[i].name) == 0)
            return i;
    return -1;
}

/* Reads the command line; returns MU_EXIT_OK, an exit status (error
 * reported), or MU_ODDS_HELP. */
static int parse_args(int argc, char **argv, struct forced_request *q)
{
    static const struct option opts[] = {
        {"forced-march", no_argument, NULL, OPT_FORCED}, {"morale", required_argument, NULL, 'm'},
        {"marches", required_argument, NULL, 'n'},       {"burst", required_argument, NULL, OPT_BURST},
        {"rest", required_argument, NULL, OPT_REST},
        {"recover", required_argument, NULL, OPT_RECOVER}, {"check", required_argument, NULL, OPT_CHECK},
        {"modifier", required_argument, NULL, OPT_MODIFIER}, {"json", no_argument, NULL, OPT_JSON},
        {"formation", required_argument, NULL, OPT_FORMATION}, {"never-checks", no_argument, NULL, OPT_NEVER},
        {"no-fail-routs", no_argument, NULL, OPT_NO_ROUTS},
        {"help", no_argument, NULL, 'h'},                {NULL, 0, NULL, 0}};
    mu_option_reader rd = {.cmd = CMD, .selector = "--forced-march", .longopts = opts, .help_status = MU_ODDS_HELP};
    int have_morale = 0, c;
    long n;
    *q = (struct forced_request){.marches = 3, .burst = 1, .rules = bs_rules_default()};
    while ((c = mu_option_next(&rd, argc, argv)) != 0) {
        switch (c) {
        case OPT_FORCED: break;
        case 'm':
            if (mu_parse_int(optarg, 0, 100, &n) != 0)
                return mu_usage_error(CMD, "--morale '%s' must be an integer from 0 to 100", optarg);
            q->morale = (int)n, have_morale = 1;
            break;
        case 'n':
            if (mu_parse_int(optarg, 0, MU_FM_MAX_ROUNDS, &n) != 0)
                return mu_usage_error(CMD, "--marches '%s' must be an integer from 0 to %d", optarg, MU_FM_MAX_ROUNDS);
            q->marches = (int)n;
            break;
        case OPT_BURST:
            if (mu_parse_int(optarg, 1, MU_FM_MAX_ROUNDS, &n) != 0)
                return mu_usage_error(CMD, "--burst '%s' must be an integer from 1 to %d", optarg, MU_FM_MAX_ROUNDS);
            q->burst = (int)n;
            break;
        case OPT_REST:
        case OPT_RECOVER:
            if (mu_parse_int(optarg, 0, MU_FM_MAX_ROUNDS - 1, &n) != 0)
                return mu_usage_error(CMD, "--%s '%s' must be an integer from 0 to %d",
                                      c == OPT_REST ? "rest" : "recover", optarg, MU_FM_MAX_ROUNDS - 1);
            *(c == OPT_REST ? &q->rest : &q->recover) = (int)n;
            break;
        case OPT_CHECK:
            if (mu_parse_dice(optarg, &q->rules.morale.n_dice, &q->rules.morale.sides) != 0)
                return mu_usage_error(CMD, "--check '%s' must be NdS, e.g. 1d20 (N 1..10, S 2..100)", optarg);
            break;
        case OPT_MODIFIER:
            if (mu_parse_int(optarg, -100, 100, &n) != 0)
                return mu_usage_error(CMD, "--modifier '%s' must be an integer from -100 to 100", optarg);
            q->rules.morale.modifier = (int)n;
            break;
        case OPT_JSON: q->json = 1; break;
        case OPT_FORMATION:
            if ((q->formation = find_formation(optarg)) < 0)
                return mu_usage_error(CMD, "--formation '%s' must be closed, mob, open or skirmish", optarg);
            break;
        case OPT_NEVER: q->never_checks = 1; break;
        case OPT_NO_ROUTS: q->rules.forced_march_fail_routs = 0; break;
        }
    }
    if (rd.status != MU_EXIT_OK)
        return rd.status;
    if (!have_morale)
        return mu_usage_error(CMD, "--forced-march needs --morale M (the unit's morale rating)");
    /* RULE bs.march.failure-routs */
    if (bs_march_failure_routs(&q->rules, formations[q->formation].formation, q->never_checks))
        return mu_usage_error(CMD,
                              "--formation %s is not covered: a failed check routs an open or skirmish unit (7.15), "
                              "which this chain does not model; add --never-checks or --no-fail-routs if that "
                              "applies, or simulate it with muster run",
                              formations[q->formation].name);
    return MU_EXIT_OK;
}

static void print_json(const struct forced_request *q, const mu_fm_odds *o)
{
    printf("{\"formation\": \"%s\", \"never_checks\": %s, \"fail_routs\": %s, ", formations[q->formation].name,
           q->never_checks ? "true" : "false", q->rules.forced_march_fail_routs ? "true" : "false");
    printf("\"morale\": %d, \"check\": {\"dice\": %d, \"sides\": %d, \"modifier\": %d}, \"p_pass\": %.17g, ",
           q->morale, q->rules.morale.n_dice, q->rules.morale.sides, q->rules.morale.modifier, o->p_pass);
    printf("\"marches\": %d, \"burst\": %d, \"rest\": %d, \"recover\": %d, \"rounds\": [", q->marches, q->burst,
           q->rest, q->recover);
    for (int r = 1; r <= o->rounds; r++) {
        printf("%s{\"round\": %d, \"action\": \"%s\", \"p\": [", r > 1 ? ", " : "", r,
               o->schedule[r - 1] == MU_FM_MARCH ? "march" : "rest");
        for (int k = 0; k <= o->marches; k++)
            printf("%s%.17g", k ? ", " : "", o->p[r][k]);
        printf("], \"mean\": %.17g}", o->mean[r]);
    }
    printf("], \"final\": {\"p\": [");
    for (int k = 0; k <= o->marches; k++)
        printf("%s%.17g", k ? ", " : "", o->p[o->rounds][k]);
    printf("], \"mean\": %.17g}}\n", o->mean[o->rounds]);
}

static void print_row(const char *lead, const mu_fm_odds *o, int r)
{
    printf("%s", lead);
    for (int k = 0; k <= o->marches; k++)
        printf(" %9.6f", o->p[r][k]);
    printf("  %8.4f\n", o->mean[r]);
}

static void print_text(const struct forced_request *q, const mu_fm_odds *o)
{
    printf("Forced march (battlesystem 7.13): a Morale Check at the end of each forced\n"
           "march; on a failure the AR worsens by one, cumulatively; one point back (down\n"
           "to the original AR) for each whole Game Round doing nothing and not attacked.\n");
    printf("Unit: %s formation%s; a failed check does not rout it, so it marches on schedule\n"
           "(each march beyond its normal rate, never attacked).\n\n",
           formations[q->formation].name,
           q->never_checks               ? ", never checks morale"
           : !q->rules.forced_march_fail_routs ? ", no rout on a failed march check"
                                               : "");
    printf("Morale %d: the check passes on %dd%d <= %d (assumption: the text does not define\n"
           "the Morale Check), P(pass) = %.6f\n",
           q->morale, q->rules.morale.n_dice, q->rules.morale.sides, q->morale + q->rules.morale.modifier, o->p_pass);
    printf("Schedule: %d march%s in bursts of %d, %d rest round%s between bursts, %d after: ", q->marches,
           q->marches == 1 ? "" : "es", q->burst, q->rest, q->rest == 1 ? "" : "s", q->recover);
    for (int r = 0; r < o->rounds; r++)
        putchar(o->schedule[r] == MU_FM_MARCH ? 'M' : 'R');
    printf("%s\n\nP(AR penalty = k) after each Game Round:\n%-14s", o->rounds ? "" : "(nothing)", "round action");
    for (int k = 0; k <= o->marches; k++)
        printf("       +%-2d", k);
    printf("  %8s\n", "mean");
    for (int r = 1; r <= o->rounds; r++) {
        char lead[32];
        snprintf(lead, sizeof lead, "%-5d %-8s", r, o->schedule[r - 1] == MU_FM_MARCH ? "march" : "rest");
        print_row(lead, o, r);
    }
    printf("\nAfter the schedule, the AR is original + k with the probabilities of the\n"
           "last row; mean penalty %.6f.\n",
           o->mean[o->rounds]);
}

static int odds_forced_main(int argc, char **argv)
{
    struct forced_request q;
    int rc = parse_args(argc, argv, &q);
    if (rc != MU_EXIT_OK)
        return rc;
    mu_fm_action schedule[MU_FM_MAX_ROUNDS];
    int rounds = mu_fm_schedule(q.marches, q.burst, q.rest, q.recover, schedule, MU_FM_MAX_ROUNDS);
    if (rounds < 0)
        return mu_usage_error(CMD, "the schedule is longer than %d rounds: fewer --marches, --rest or --recover",
                              MU_FM_MAX_ROUNDS);
    static mu_fm_odds odds;
    if (bs_march_odds(&q.rules, q.morale, schedule, rounds, &odds) != 0)
        return MU_EXIT_SOFTWARE;
    if (q.json)
        print_json(&q, &odds);
    else
        print_text(&q, &odds);
    return MU_EXIT_OK;
}

const mu_odds_tool bs_forced_march_odds_tool = {
    .option = "--forced-march",
    .usage = usage_text,
    .summary = "forced marches of units a failed check does not rout (closed, mob, never-checks; not open or skirmish): the AR penalty by round",
    .help = help_text,
    .run = odds_forced_main,
};
