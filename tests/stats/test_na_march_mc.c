/* The Ninth Age March Test by Monte Carlo against its exact odds, fixed
 * seeds, alpha = 1e-6: the pass rate for each Discipline (z-test), and
 * the number of Movement Phases in six that a unit standing within 8" of
 * an enemy is denied its March Move (chi-square against the binomial of
 * na_denied_k_of_n), both through the engine's na_march_test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "na_fixture.h"
#include "stats_check.h"

#include "ninth_age/na_march.h"

#define SEED UINT64_C(0x6e61313420202020)

static na_field F;

/* A unit of Discipline disc with an enemy 4" away; returns its index. */
static int within_range(int disc)
{
    memset(&F, 0, sizeof F);
    fx_env();
    int u = fx_add(&F, fx_profile(4, 8, disc, 20, 20), 0, 10, 5, 100, 100, 90);
    fx_add(&F, fx_profile(4, 8, 7, 20, 20), 1, 10, 5, 100, 106, -90);
    return u;
}

/* RULE na.march.odds */
static void test_na_march_pass_rate_each_discipline(void **state)
{
    (void)state;
    for (int disc = 2; disc <= 11; disc++) {
        int u = within_range(disc);
        mu_dice d = mu_dice_from_rng(mu_rng_for_game(SEED, (uint64_t)disc));
        long pass = 0, n = 40000;
        for (long i = 0; i < n; i++) {
            F.units[u].march_denied = 0;
            na_march_result r = na_march_test(&F, &NA_RULES, u, &d);
            assert_true(r.taken);
            pass += r.passed;
            assert_int_equal(F.units[u].march_denied, !r.passed);
        }
        char what[64];
        snprintf(what, sizeof what, "Discipline %d", disc);
        assert_rate(what, pass, n, na_discipline_pass_p(disc, 2, 6), STATS_ALPHA);
    }
}

/* RULE na.march.odds-turns */
static void test_na_march_denied_k_of_six_turns(void **state)
{
    (void)state;
    const int turns = 6, disc = 7;
    int u = within_range(disc);
    long count[7] = {0};
    for (uint64_t g = 0; g < 30000; g++) {
        mu_dice d = mu_dice_from_rng(mu_rng_for_game(SEED ^ 0x77, g));
        int denied = 0;
        for (int t = 0; t < turns; t++) {
            F.units[u].march_denied = 0; /* a new Movement Phase */
            na_march_test(&F, &NA_RULES, u, &d);
            denied += F.units[u].march_denied;
        }
        count[denied]++;
    }
    double p[7];
    na_denied_k_of_n(na_discipline_pass_p(disc, 2, 6), turns, p);
    assert_fits("denied in k of 6 phases, Discipline 7", count, p, turns + 1, STATS_ALPHA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_na_march_pass_rate_each_discipline),
        cmocka_unit_test(test_na_march_denied_k_of_six_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
