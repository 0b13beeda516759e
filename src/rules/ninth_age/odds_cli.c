/* `muster odds --march-test`: the exact chance of passing a March Test
 * (a Discipline Test, by assumption N dice of S sides against the
 * Discipline: 2D6 unless --dice says otherwise) for each Discipline, and
 * of a unit that takes one in each of N turns being denied its March Move
 * in exactly k of them (ninth-age-movement.txt, "March Test"). */
#include "ninth_age/na_ruleset.h"

#include "ninth_age/na_march.h"
#include "muster/cmdline.h"
#include "muster/status.h"

#include <getopt.h>
#include <stdio.h>

#define CMD "odds"

static const char usage_text[] = "--march-test [--discipline D] [--turns N] [--dice NdS] [--json]\n";

static const char help_text[] =
    "Exact odds of The Ninth Age's March Test: a unit within 8\" of a non-Fleeing\n"
    "enemy takes a Discipline Test immediately before it moves; failed, it cannot\n"
    "March Move this Movement Phase. The test passes when the dice total at most\n"
    "the unit's Discipline (2D6: an assumption, our text does not give the dice).\n"
    "Without --discipline, prints P(pass) for every Discipline 0..13 (2D6). With\n"
    "--turns N, also the chance that a unit taking the test in each of N Movement\n"
    "Phases is denied its March Move in exactly k of them (independent tests).\n"
    "\n"
    "  --march-test    select these odds\n"
    "  --discipline D  the unit's Discipline (0..20)\n"
    "  --turns N       Movement Phases with a test (1..64)\n"
    "  --dice NdS      the test's dice (default 2d6; N 1..10, S 2..100)\n"
    "  --json          print machine-readable JSON instead of text\n"
    "  -h, --help      print this help\n"
    "\n"
    "Example: muster odds --march-test --discipline 7 --turns 6\n";

enum { OPT_MARCH = 256, OPT_DISC, OPT_TURNS, OPT_DICE, OPT_JSON };

struct request {
    int discipline, turns, dice, sides, json;
};

static int parse_args(int argc, char **argv, struct request *q)
{
    static const struct option opts[] = {{"march-test", no_argument, NULL, OPT_MARCH},
                                         {"discipline", required_argument, NULL, OPT_DISC},
                                         {"turns", required_argument, NULL, OPT_TURNS},
                                         {"dice", required_argument, NULL, OPT_DICE},
                                         {"json", no_argument, NULL, OPT_JSON},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    mu_option_reader rd = {.cmd = CMD, .selector = "--march-test", .longopts = opts, .help_status = MU_ODDS_HELP};
    *q = (struct request){.discipline = -1, .turns = 0, .dice = 2, .sides = 6};
    long n;
    int c;
    while ((c = mu_option_next(&rd, argc, argv)) != 0) {
        switch (c) {
        case OPT_MARCH: break;
        case OPT_DISC:
            if (mu_parse_int(optarg, 0, 20, &n) != 0)
                return mu_usage_error(CMD, "--discipline '%s' must be an integer from 0 to 20", optarg);
            q->discipline = (int)n;
            break;
        case OPT_TURNS:
            if (mu_parse_int(optarg, 1, 64, &n) != 0)
                return mu_usage_error(CMD, "--turns '%s' must be an integer from 1 to 64", optarg);
            q->turns = (int)n;
            break;
        case OPT_DICE:
            if (mu_parse_dice(optarg, &q->dice, &q->sides) != 0)
                return mu_usage_error(CMD, "--dice '%s' must be NdS, e.g. 2d6 (N 1..10, S 2..100)", optarg);
            break;
        case OPT_JSON: q->json = 1; break;
        }
    }
    if (rd.status != MU_EXIT_OK)
        return rd.status;
    if (q->turns && q->discipline < 0)
        return mu_usage_error(CMD, "--turns needs --discipline D");
    return MU_EXIT_OK;
}

/* RULE na.march.odds na.march.odds-turns */
static int odds_march_main(int argc, char **argv)
{
    struct request q;
    int rc = parse_args(argc, argv, &q);
    if (rc != MU_EXIT_OK)
        return rc;
    int lo = q.discipline >= 0 ? q.discipline : 0, hi = q.discipline >= 0 ? q.discipline : 13;
    double denied[65];
    double p_pass = q.discipline >= 0 ? na_discipline_pass_p(q.discipline, q.dice, q.sides) : 0;
    if (q.turns)
        na_denied_k_of_n(p_pass, q.turns, denied);
    if (q.json) {
        printf("{\"dice\": %d, \"sides\": %d, \"pass\": [", q.dice, q.sides);
        for (int d = lo; d <= hi; d++)
            printf("%s{\"discipline\": %d, \"p_pass\": %.17g}", d > lo ? ", " : "", d,
                   na_discipline_pass_p(d, q.dice, q.sides));
        printf("]");
        if (q.turns) {
            printf(", \"turns\": %d, \"p_denied\": [", q.turns);
            for (int k = 0; k <= q.turns; k++)
                printf("%s%.17g", k ? ", " : "", denied[k]);
            printf("]");
        }
        printf("}\n");
        return MU_EXIT_OK;
    }
    printf("March Test (ninth-age-movement.txt): a Discipline Test, passed on %dD%d <= Discipline\n"
           "(the dice are an assumption: the text does not give them).\n\n%-11s %10s %10s\n",
           q.dice, q.sides, "Discipline", "P(pass)", "P(fail)");
    for (int d = lo; d <= hi; d++) {
        double p = na_discipline_pass_p(d, q.dice, q.sides);
        printf("%-11d %10.6f %10.6f\n", d, p, 1 - p);
    }
    if (q.turns) {
        printf("\nA unit tested in each of %d Movement Phases (Discipline %d) is denied its\n"
               "March Move in exactly k of them with probability:\n%-4s %10s\n",
               q.turns, q.discipline, "k", "P");
        for (int k = 0; k <= q.turns; k++)
            printf("%-4d %10.6f\n", k, denied[k]);
    }
    return MU_EXIT_OK;
}

const mu_odds_tool na_march_odds_tool = {
    .option = "--march-test",
    .usage = usage_text,
    .summary = "The Ninth Age March Test: P(pass) by Discipline, and marches denied in k of N turns",
    .help = help_text,
    .run = odds_march_main,
};
