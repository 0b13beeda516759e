/* Monte Carlo check of the Battlesystem forced-march chain through real
 * games: experiments/studies/forced-march-attrition.yaml (closed regiments
 * of morale 4..18 forced-marching under three schedules for 8 Game Rounds)
 * played by the `battlesystem` ruleset exactly as `muster run` plays it,
 * its /battlesystem/ar_penalty table (arm, round, morale, penalty)
 * against the exact chain of bs_march_odds (the one `muster odds
 * --forced-march` prints), at a fixed seed.
 *
 * battlesystem-movement-phase.txt 7.13: "must make a Morale Check at the
 * end of its MOVE. If the check is failed, the unit's Attack Rating (AR)
 * worsens by one ... This penalty accumulates." and "The AR improves by
 * one (up to its original value) each time the unit spends one entire
 * Game Round doing absolutely nothing and is not attacked." */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "battlesystem/bs_march.h"
#include "battlesystem/bs_rules.h"
#include "muster/experiment.h"
#include "muster/odds_forced_march.h"
#include "run_games.h"
#include "stats_check.h"
#include "battlesystem/bs_study.h"

/* The experiment's Battlesystem section. */
#define BS(e) ((const bs_study *)(e).config)

#define STUDY MUSTER_SOURCE_DIR "/experiments/studies/forced-march-attrition.yaml"
#define GAMES_PER_ARM 10000
#define SEED UINT64_C(0x6d75737465720713)

static mu_experiment ex;
static run_games run;
static int tab_ar, tab_march;
static int R, M, P, M0; /* rounds, morale axis length, penalty axis length, lowest morale */

/* The schedule policy p's forced marchers follow over the study's rounds
 * (burst, rest, march limit), built by the odds module. */
static void schedule_of(int p, mu_fm_action *out)
{
    const bs_policy_spec *s = &BS(ex)->arms[p].side[0];
    mu_fm_action buf[MU_FM_MAX_ROUNDS];
    int n = mu_fm_schedule(s->marches ? s->marches : R, s->burst, s->rest_rounds, R, buf, MU_FM_MAX_ROUNDS);
    assert_true(n >= R);
    memcpy(out, buf, (size_t)R * sizeof *out);
}

static void exact_for(int p, int morale, mu_fm_odds *o)
{
    mu_fm_action sched[MU_FM_MAX_ROUNDS];
    schedule_of(p, sched);
    assert_int_equal(bs_march_odds(&BS(ex)->rules, morale, sched, R, o), 0);
}

/* Observed units of morale `morale` by penalty after round r (1-based). */
static void observed(int p, int r, int morale, long *out)
{
    const uint64_t *t = run.tables[tab_ar];
    for (int k = 0; k < P; k++)
        out[k] = (long)t[(((size_t)p * (size_t)R + (size_t)(r - 1)) * (size_t)M + (size_t)(morale - M0)) * (size_t)P +
                         (size_t)k];
}

/* The chain's distribution after round r as P cells. */
static void expected(const mu_fm_odds *o, int r, double *out)
{
    for (int k = 0; k < P; k++)
        out[k] = k <= o->marches ? o->p[r][k] : 0.0;
}

/* p-value of obs against exp: chi-square where at least two pooled cells
 * remain, else a z-test on the count outside the most likely cell. */
static double fit(const char *what, const long *obs, const double *exp)
{
    chisq_result cr;
    if (chisq_gof(obs, exp, P, STATS_MIN_EXPECTED, &cr) == 0)
        return fit_p_value(what, obs, exp, P);
    int mode = 0;
    long n = 0;
    for (int k = 0; k < P; k++) {
        n += obs[k];
        mode = exp[k] > exp[mode] ? k : mode;
    }
    double pv = z_p_value(n - obs[mode], n, 1.0 - exp[mode]);
    print_message("%s: %ld of %ld off the mode vs %.3g, p = %.3g\n", what, n - obs[mode], n, 1.0 - exp[mode], pv);
    return pv;
}

static int setup_games(void **state)
{
    (void)state;
    char err[1024];
    if (mu_experiment_load(STUDY, &ex, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    ex.games = GAMES_PER_ARM;
    if (run_games_prepare(&run, &ex, 0) != 0)
        return -1;
    run_games_play(&run, SEED, 0, run.games, NULL);
    tab_ar = run_games_table(&run, "ar_penalty");
    tab_march = run_games_table(&run, "march_checks");
    R = BS(ex)->rounds;
    M0 = run.layout.axes[run.layout.tables[tab_ar].axes[2]].first_value;
    M = run.layout.axes[run.layout.tables[tab_ar].axes[2]].length;
    P = run.layout.axes[run.layout.tables[tab_ar].axes[3]].length;
    return tab_ar >= 0 && tab_march >= 0 ? 0 : -1;
}

static int teardown_games(void **state)
{
    (void)state;
    run_games_free(&run);
    mu_experiment_free(&ex);
    return 0;
}

/* Every (arm, round, morale) distribution of the study fits the exact
 * chain; Bonferroni over all of them at alpha overall. Penalties the chain
 * cannot reach are never seen. */
static void test_bs_forced_march_ar_distributions_fit_exact_chain(void **state)
{
    (void)state;
    const bs_study *st = BS(ex);
    int tests = st->n_arms * R * st->n_units;
    for (int p = 0; p < st->n_arms; p++)
        for (int u = 0; u < st->n_units; u++) {
            int morale = st->units[u].profile.morale;
            mu_fm_odds o;
            exact_for(p, morale, &o);
            for (int r = 1; r <= R; r++) {
                long obs[MU_FM_MAX_ROUNDS + 1];
                double exp[MU_FM_MAX_ROUNDS + 1];
                observed(p, r, morale, obs);
                expected(&o, r, exp);
                long n = 0;
                for (int k = 0; k < P; k++) {
                    n += obs[k];
                    if (exp[k] == 0.0)
                        assert_int_equal(obs[k], 0);
                }
                assert_int_equal(n, GAMES_PER_ARM); /* one unit of each morale, on the table throughout */
                char what[96];
                snprintf(what, sizeof what, "%s, round %d, morale %d", st->arms[p].label, r, morale);
                assert_true(fit(what, obs, exp) >= STATS_ALPHA / tests);
            }
        }
}

/* The forced-march checks pass at the Morale Check's exact rate (1d20 <=
 * morale), per policy and morale; and each policy made exactly its
 * schedule's marches (every march takes its check). */
static void test_bs_forced_march_checks_pass_at_exact_rate(void **state)
{
    (void)state;
    const bs_study *st = BS(ex);
    for (int p = 0; p < st->n_arms; p++) {
        mu_fm_odds o;
        exact_for(p, st->units[0].profile.morale, &o);
        for (int u = 0; u < st->n_units; u++) {
            int m = st->units[u].profile.morale;
            const uint64_t *c = &run.tables[tab_march][((size_t)p * (size_t)M + (size_t)(m - M0)) * 2];
            assert_int_equal(c[0] + c[1], (uint64_t)GAMES_PER_ARM * (uint64_t)o.marches);
            char what[96];
            snprintf(what, sizeof what, "%s, morale %d, checks passed", st->arms[p].label, m);
            assert_rate(what, (long)c[0], (long)(c[0] + c[1]),
                        bs_check_probability(&st->rules.morale, m, 0), STATS_ALPHA / (st->n_arms * st->n_units));
        }
    }
}

/* Power: a chain without recovery (idle rounds change nothing) is rejected
 * after five marches and three idle rounds at morale 8, 12 and 16. */
static void test_bs_forced_march_rejects_chain_without_recovery(void **state)
{
    (void)state;
    mu_fm_action none[MU_FM_MAX_ROUNDS];
    int five = 0; /* the five-then-rest policy is listed first */
    assert_int_equal(BS(ex)->arms[five].side[0].marches, 5);
    static const int morale[] = {8, 12, 16};
    for (int i = 0; i < 3; i++) {
        mu_fm_odds o;
        /* five marches, then rests that do not recover: the distribution
         * after round 5, held */
        assert_int_equal(mu_fm_schedule(5, 1, 0, 0, none, MU_FM_MAX_ROUNDS), 5);
        assert_int_equal(bs_march_odds(&BS(ex)->rules, morale[i], none, 5, &o), 0);
        long obs[MU_FM_MAX_ROUNDS + 1];
        double exp[MU_FM_MAX_ROUNDS + 1];
        observed(five, R, morale[i], obs);
        expected(&o, 5, exp);
        char what[96];
        snprintf(what, sizeof what, "round %d, morale %d, vs no recovery", R, morale[i]);
        assert_true(fit(what, obs, exp) < STATS_ALPHA);
    }
}

/* Power: checks one face easier (1d20 <= morale + 1) are rejected after
 * five marches at morale 8, 12 and 16. */
static void test_bs_forced_march_rejects_check_one_face_off(void **state)
{
    (void)state;
    static const int morale[] = {8, 12, 16};
    for (int i = 0; i < 3; i++) {
        mu_fm_odds o;
        exact_for(0, morale[i] + 1, &o);
        long obs[MU_FM_MAX_ROUNDS + 1];
        double exp[MU_FM_MAX_ROUNDS + 1];
        observed(0, 5, morale[i], obs);
        expected(&o, 5, exp);
        char what[96];
        snprintf(what, sizeof what, "round 5, morale %d, vs morale %d", morale[i], morale[i] + 1);
        assert_true(fit(what, obs, exp) < STATS_ALPHA);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bs_forced_march_ar_distributions_fit_exact_chain),
        cmocka_unit_test(test_bs_forced_march_checks_pass_at_exact_rate),
        cmocka_unit_test(test_bs_forced_march_rejects_chain_without_recovery),
        cmocka_unit_test(test_bs_forced_march_rejects_check_one_face_off),
    };
    return cmocka_run_group_tests(tests, setup_games, teardown_games);
}
