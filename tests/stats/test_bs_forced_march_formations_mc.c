/* Monte Carlo check of which units `muster odds --forced-march` covers
 * (battlesystem-movement-phase.txt 7.13 with 7.15): real games of forced
 * marchers that a failed check does not rout — a mob, and open and
 * skirmish units that "never check morale" (they roll the 7.13 check and
 * never rout); open and skirmish units under the rules variant
 * forced_march_fail_routs: false — fit the exact chain of bs_march_odds
 * (the calculator's) round by round (chi-square, alpha = 1e-6, fixed
 * seed). Power: an open unit that routs on a failed check (the default
 * reading, bs.march.failure-routs) is rejected by the chain, which is why
 * the calculator refuses open and skirmish units. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "battlesystem/bs_march.h"
#include "battlesystem/bs_rules.h"
#include "battlesystem/bs_study.h"
#include "muster/experiment.h"
#include "muster/odds_forced_march.h"
#include "run_games.h"
#include "stats_check.h"

#define GAMES 10000
#define SEED UINT64_C(0x6d75737465720715)

/* Five forced marches, then three idle rounds, on an open road: one unit
 * of each morale. %s: an extra rules section (or nothing). */
static const char study_fmt[] =
    "schema: 1\nruleset: battlesystem\nseed: 1\ngames: 10\n%s"
    "scenario:\n  table: {width_in: 0, depth_in: 0}\n  rounds: 8\n  sides:\n"
    "    - name: Marchers\n      units:\n"
    "        - {name: Mob, kind: mob, figures: 16, frontage: 4, rate_in: 9, ar: 16, morale: 8,"
    " x_in: 12, y_in: 0, facing_deg: 90}\n"
    "        - {name: Open steady, kind: regular, formation: open, figures: 12, frontage: 6, rate_in: 12, ar: 15,"
    " morale: 9, never_checks_morale: %s, x_in: 48, y_in: 0, facing_deg: 90}\n"
    "        - {name: Skirmishers, kind: skirmish, figures: 6, frontage: 3, rate_in: 12, ar: 17, morale: 10,"
    " never_checks_morale: %s, x_in: 96, y_in: 0, facing_deg: 90}\n"
    "        - {name: Open, kind: regular, formation: open, figures: 12, frontage: 6, rate_in: 12, ar: 15,"
    " morale: 11, x_in: 144, y_in: 0, facing_deg: 90}\n"
    "    - name: Nobody\n      units: []\n"
    "policies:\n  - label: five-then-rest\n    sides: [{name: forced, marches: 5}, {name: hold}]\n";

typedef struct study_run {
    mu_experiment ex;
    run_games run;
    int tab, R, M0, M, P;
} study_run;

static study_run never_checks, no_routs;

static int play(study_run *s, const char *rules, const char *never)
{
    char text[4096], path[] = "/tmp/muster-bs-fm-XXXXXX";
    snprintf(text, sizeof text, study_fmt, rules, never, never);
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    char err[1024];
    int rc = mu_experiment_load(path, &s->ex, err, sizeof err);
    unlink(path);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    s->ex.games = GAMES;
    if (run_games_prepare(&s->run, &s->ex, 0) != 0)
        return -1;
    run_games_play(&s->run, SEED, 0, s->run.games, NULL);
    s->tab = run_games_table(&s->run, "ar_penalty");
    if (s->tab < 0)
        return -1;
    const mu_table *t = &s->run.layout.tables[s->tab];
    s->R = ((const bs_study *)s->ex.config)->rounds;
    s->M0 = s->run.layout.axes[t->axes[2]].first_value;
    s->M = s->run.layout.axes[t->axes[2]].length;
    s->P = s->run.layout.axes[t->axes[3]].length;
    return 0;
}

static int setup(void **state)
{
    (void)state;
    if (play(&never_checks, "", "true") != 0)
        return -1;
    return play(&no_routs, "rules: {forced_march_fail_routs: false}\n", "false");
}

static int teardown(void **state)
{
    (void)state;
    run_games_free(&never_checks.run);
    mu_experiment_free(&never_checks.ex);
    run_games_free(&no_routs.run);
    mu_experiment_free(&no_routs.ex);
    return 0;
}

/* The units of morale m by AR penalty after round r (1-based). */
static void observed(const study_run *s, int r, int m, long *out)
{
    const uint64_t *t = s->run.tables[s->tab];
    for (int k = 0; k < s->P; k++)
        out[k] = (long)t[(((size_t)(r - 1)) * (size_t)s->M + (size_t)(m - s->M0)) * (size_t)s->P + (size_t)k];
}

/* The exact chain of five marches and three rests for morale m. */
static void exact(const study_run *s, int m, mu_fm_odds *o)
{
    mu_fm_action sched[MU_FM_MAX_ROUNDS];
    assert_int_equal(mu_fm_schedule(5, 1, 0, 3, sched, MU_FM_MAX_ROUNDS), s->R);
    assert_int_equal(bs_march_odds(&((const bs_study *)s->ex.config)->rules, m, sched, s->R, o), 0);
}

/* p-value of units of morale m after round r against the chain. */
static double p_value(const study_run *s, int r, int m, const char *who)
{
    mu_fm_odds o;
    exact(s, m, &o);
    long obs[MU_FM_MAX_ROUNDS + 1];
    double exp[MU_FM_MAX_ROUNDS + 1];
    observed(s, r, m, obs);
    long n = 0;
    double mean = 0;
    for (int k = 0; k < s->P; k++) {
        exp[k] = k <= o.marches ? o.p[r][k] : 0.0;
        n += obs[k];
        mean += k * (double)obs[k];
    }
    assert_int_equal(n, GAMES);
    char what[96];
    snprintf(what, sizeof what, "%s, morale %d, round %d (mean %.3f, exact %.3f)", who, m, r, mean / (double)n, o.mean[r]);
    return fit_p_value(what, obs, exp, s->P);
}

/* Covered: a mob, open and skirmish units that never check morale, every
 * round; Bonferroni over the 3 x 8 fits. */
static void test_bs_forced_march_chain_fits_units_that_do_not_rout(void **state)
{
    (void)state;
    static const int morale[] = {8, 9, 10};
    static const char *const who[] = {"mob", "open, never checks", "skirmish, never checks"};
    for (int i = 0; i < 3; i++)
        for (int r = 1; r <= never_checks.R; r++)
            assert_true(p_value(&never_checks, r, morale[i], who[i]) >= STATS_ALPHA / (3 * never_checks.R));
}

/* Covered: open and skirmish units under forced_march_fail_routs: false
 * (--no-fail-routs), every round. */
static void test_bs_forced_march_chain_fits_without_fail_routs(void **state)
{
    (void)state;
    static const int morale[] = {9, 10, 11};
    static const char *const who[] = {"open, no fail routs", "skirmish, no fail routs", "open, no fail routs"};
    for (int i = 0; i < 3; i++)
        for (int r = 1; r <= no_routs.R; r++)
            assert_true(p_value(&no_routs, r, morale[i], who[i]) >= STATS_ALPHA / (3 * no_routs.R));
}

/* Power, and the reason for the refusal: an open unit that routs on a
 * failed check (default reading) does not follow the chain after its five
 * marches. */
/* RULE bs.march.failure-routs */
static void test_bs_forced_march_chain_rejects_routing_open_unit(void **state)
{
    (void)state;
    assert_true(p_value(&never_checks, 5, 11, "open, routs") < STATS_ALPHA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bs_forced_march_chain_fits_units_that_do_not_rout),
        cmocka_unit_test(test_bs_forced_march_chain_fits_without_fail_routs),
        cmocka_unit_test(test_bs_forced_march_chain_rejects_routing_open_unit),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
