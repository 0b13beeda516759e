/* `muster odds --off-table`: the exact fate of a Warmaster unit that has
 * left the table (warmaster-movement, "Units which move off the table"). */
#include "warmaster/wm_odds_cli.h"

#include "muster/cmdline.h"
#include "muster/odds_offtable.h"
#include "muster/status.h"
#include "warmaster/wm_offtable.h"

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#define CMD "odds"
#define DEFAULT_TURNS 3

static const char usage_text[] =
    "--off-table --lost N [--turns T] [--json]\n";

static const char help_text[] =
    "Exact fate of a Warmaster unit (or lone character) that leaves the table\n"
    "other than by retreating from combat (which destroys it). It rolls D6 - N\n"
    "at once: 0 or less destroyed; 1-2 still off, roll again at the start of\n"
    "its side's next turn; 3-4 back where it left, no further move that turn;\n"
    "5-6 back, and free to move as normal if it is the beginning of a turn.\n"
    "Prints each roll's chances, the fate after T more turns, and the chance\n"
    "of coming back at once (a General who does not ends the battle).\n"
    "\n"
    "  --off-table   select these odds (instead of order odds)\n"
    "  --lost N      stands the unit has already lost (0..1000; a lone character: 0)\n"
    "  --turns T     start-of-turn re-rolls left after the turn it leaves (0..100, default 3)\n"
    "  --json        print machine-readable JSON instead of text\n"
    "  -h, --help    print this help\n"
    "\n"
    "Example: muster odds --off-table --lost 1 --turns 3\n";

enum { OPT_OFF_TABLE = 256, OPT_JSON };

/* Reads the command line; returns MU_EXIT_OK, an exit status (error
 * reported), or MU_ODDS_HELP. */
static int parse_args(int argc, char **argv, int *lost, int *turns, int *json)
{
    static const struct option opts[] = {
        {"off-table", no_argument, NULL, OPT_OFF_TABLE}, {"lost", required_argument, NULL, 'l'},
        {"turns", required_argument, NULL, 't'},         {"json", no_argument, NULL, OPT_JSON},
        {"help", no_argument, NULL, 'h'},                {NULL, 0, NULL, 0}};
    mu_option_reader rd = {.cmd = CMD, .selector = "--off-table", .longopts = opts, .help_status = MU_ODDS_HELP};
    int have_lost = 0;
    long n;
    *turns = DEFAULT_TURNS;
    *json = 0;
    int c;
    while ((c = mu_option_next(&rd, argc, argv)) != 0) {
        switch (c) {
        case OPT_OFF_TABLE:
            break;
        case 'l':
            if (mu_parse_int(optarg, 0, MU_OFFTABLE_MAX_MODIFIER, &n) != 0)
                return mu_usage_error(CMD, "--lost '%s' must be an integer from 0 to %d", optarg,
                                      MU_OFFTABLE_MAX_MODIFIER);
            *lost = (int)n, have_lost = 1;
            break;
        case 't':
            if (mu_parse_int(optarg, 0, MU_OFFTABLE_MAX_TURNS, &n) != 0)
                return mu_usage_error(CMD, "--turns '%s' must be an integer from 0 to %d", optarg,
                                      MU_OFFTABLE_MAX_TURNS);
            *turns = (int)n;
            break;
        case OPT_JSON:
            *json = 1;
            break;
        }
    }
    if (rd.status != MU_EXIT_OK)
        return rd.status;
    if (!have_lost)
        return mu_usage_error(CMD, "--off-table needs --lost N (stands already lost)");
    return MU_EXIT_OK;
}

static void print_num(const char *key, double v, const char *sep)
{
    printf("\"%s\": %.17g%s", key, v, sep);
}

static void print_json(int lost, const mu_offtable_odds *o)
{
    static const char *const key[MU_OFFTABLE_N_FATES] = {"destroyed", "still_off", "back_halted",
                                                         "back_free"};
    const mu_offtable_chart *c = &wm_offtable_chart;
    printf("{\"stands_lost\": %d, \"modifier\": %d, \"turns\": %d, ", lost, o->modifier, o->turns);
    printf("\"chart\": {\"destroyed_max\": %d, \"off_max\": %d, \"halted_max\": %d}, ", c->destroyed_max,
           c->off_max, c->halted_max);
    printf("\"one_roll\": {");
    for (int f = 0; f < MU_OFFTABLE_N_FATES; f++)
        printf("\"%s\": {\"ways\": %d, \"p\": %.17g}%s", key[f], o->ways[f], o->p_roll[f],
               f + 1 < MU_OFFTABLE_N_FATES ? ", " : "}, ");
    printf("\"by_roll\": [");
    for (int k = 0; k <= o->turns; k++) {
        printf("%s{\"roll\": %d, ", k ? ", " : "", k);
        for (int f = 0; f < MU_OFFTABLE_N_FATES; f++)
            print_num(key[f], o->p_at[k][f], f + 1 < MU_OFFTABLE_N_FATES ? ", " : "}");
    }
    double free_now = o->p_at[0][MU_OFFTABLE_BACK_FREE];
    printf("], \"final\": {");
    print_num("destroyed", o->p_final[MU_OFFTABLE_DESTROYED], ", ");
    print_num("still_off", o->p_final[MU_OFFTABLE_OFF], ", ");
    print_num("back_halted", o->p_final[MU_OFFTABLE_BACK_HALTED], ", ");
    print_num("back_free_immediately", free_now, ", ");
    print_num("back_may_move", o->p_final[MU_OFFTABLE_BACK_FREE] - free_now, "}, ");
    print_num("p_back_immediately", o->p_back_immediately, ", ");
    print_num("p_back_within", o->p_back_within, ", ");
    print_num("p_back_ever", o->p_back_ever, ", ");
    print_num("p_destroyed_ever", o->p_destroyed_ever, "}\n");
}

/* Writes the score band of fate f on the Warmaster chart into buf. */
static void band_text(mu_offtable_fate f, char *buf, size_t len)
{
    const mu_offtable_chart *c = &wm_offtable_chart;
    int lo = f == MU_OFFTABLE_OFF ? c->destroyed_max + 1 : f == MU_OFFTABLE_BACK_HALTED ? c->off_max + 1
                                                                                         : c->halted_max + 1;
    int hi = f == MU_OFFTABLE_OFF ? c->off_max : c->halted_max;
    if (f == MU_OFFTABLE_DESTROYED)
        snprintf(buf, len, "%d or less", c->destroyed_max);
    else if (f == MU_OFFTABLE_BACK_FREE)
        snprintf(buf, len, "%d-6", lo);
    else
        snprintf(buf, len, "%d-%d", lo, hi);
}

static void print_text(int lost, const mu_offtable_odds *o)
{
    static const char *const row[MU_OFFTABLE_N_FATES] = {"destroyed", "still off", "back, halted",
                                                         "back, free"};
    char die[16] = "D6";
    if (o->modifier != 0)
        snprintf(die, sizeof die, "D6%+d", o->modifier);
    printf("Off the table: a unit with %d stand%s lost rolls %s at once", lost, lost == 1 ? "" : "s", die);
    if (o->turns == 1)
        printf(", then again at the\nstart of its side's next turn if still off");
    else if (o->turns > 1)
        printf(", then again at the\nstart of each of its side's next %d turns while still off", o->turns);
    else
        printf("\n(no turns left to roll again)");
    printf(". P = probability.\n");
    printf("A retreat from combat off the table destroys the unit without a roll.\n");
    char band[16];
    printf("\n%-13s %-13s %-6s %s\n", "one roll", "score (D6-N)", "faces", "P");
    for (int f = 0; f < MU_OFFTABLE_N_FATES; f++) {
        band_text((mu_offtable_fate)f, band, sizeof band);
        printf("%-13s %-13s %d/6    %.6f\n", row[f], band, o->ways[f], o->p_roll[f]);
    }

    printf("\n%-5s %-22s %-13s %-13s %-13s %s\n", "roll", "when", "P(destroyed)", "P(back, 3-4)",
           "P(back, 5-6)", "P(still off)");
    for (int k = 0; k <= o->turns; k++) {
        char when[32];
        if (k == 0)
            snprintf(when, sizeof when, "at once, as it leaves");
        else
            snprintf(when, sizeof when, "start of turn +%d", k);
        printf("%-5d %-22s %-13.6f %-13.6f %.6f%-5s %.6f\n", k, when, o->p_at[k][MU_OFFTABLE_DESTROYED],
               o->p_at[k][MU_OFFTABLE_BACK_HALTED], o->p_at[k][MU_OFFTABLE_BACK_FREE], k ? "" : "*",
               o->p_at[k][MU_OFFTABLE_OFF]);
    }
    printf("3-4: back where it left, same formation and facing; no further move that turn.\n"
           "5-6: back there; may move as normal at the start of a turn.\n"
           "*    a 5-6 at once brings it back with its move over (a pinned reading).\n");

    double free_now = o->p_at[0][MU_OFFTABLE_BACK_FREE];
    printf("\n%-56s %s\n", "fate after the last roll", "P");
    printf("%-56s %.6f\n", "destroyed", o->p_final[MU_OFFTABLE_DESTROYED]);
    printf("%-56s %.6f\n", "still off the table", o->p_final[MU_OFFTABLE_OFF]);
    printf("%-56s %.6f\n", "back, no further move that turn (3-4)", o->p_final[MU_OFFTABLE_BACK_HALTED]);
    printf("%-56s %.6f\n", "back at once on a 5-6 (its move is over)", free_now);
    printf("%-56s %.6f\n", "back at the start of a turn, may move as normal (5-6)",
           o->p_final[MU_OFFTABLE_BACK_FREE] - free_now);
    printf("%-56s %.6f\n", "back, any way", o->p_back_within);

    printf("\nP(back at once) = %.6f: a General with this unit (or alone, 0 lost) who is\n"
           "not back at once ends the battle: his army withdraws.\n",
           o->p_back_immediately);
    printf("With no limit on turns: P(back) = %.6f, P(destroyed) = %.6f\n", o->p_back_ever,
           o->p_destroyed_ever);
}

/* RULE wm.offtable.exact-odds */
static int odds_offtable_main(int argc, char **argv)
{
    int lost = 0, turns = 0, json = 0;
    int rc = parse_args(argc, argv, &lost, &turns, &json);
    if (rc != MU_EXIT_OK)
        return rc;
    static mu_offtable_odds odds;
    if (wm_offtable_odds(lost, turns, &odds) != 0)
        return MU_EXIT_SOFTWARE;
    if (json)
        print_json(lost, &odds);
    else
        print_text(lost, &odds);
    return MU_EXIT_OK;
}

const mu_odds_tool wm_offtable_odds_tool = {
    .option = "--off-table",
    .usage = usage_text,
    .summary = "off-table fates: a unit that leaves the table, roll by roll",
    .help = help_text,
    .run = odds_offtable_main,
};
