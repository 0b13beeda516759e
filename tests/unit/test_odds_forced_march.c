/* The march/rest penalty chain (core/odds_forced_march.c): schedules, the
 * binomial law of consecutive marches, recovery, and bad input.
 * battlesystem-movement-phase.txt 7.13 gives the rules it serves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "assert_close.h"
#include "muster/odds_forced_march.h"

static double binom(int n, int k, double q)
{
    double c = 1.0;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c * pow(q, k) * pow(1.0 - q, n - k);
}

static void test_fm_schedule_bursts_rests_and_recovery(void **state)
{
    (void)state;
    mu_fm_action s[16];
    assert_int_equal(mu_fm_schedule(6, 3, 2, 1, s, 16), 9);
    static const mu_fm_action want[9] = {1, 1, 1, 0, 0, 1, 1, 1, 0};
    for (int i = 0; i < 9; i++)
        assert_int_equal(s[i], want[i]);
    assert_int_equal(mu_fm_schedule(3, 1, 1, 0, s, 16), 5); /* M R M R M */
    assert_int_equal(s[1], MU_FM_REST);
    assert_int_equal(s[4], MU_FM_MARCH);
    assert_int_equal(mu_fm_schedule(4, 3, 1, 0, s, 16), 5); /* the last burst is short: MMMRM */
    assert_int_equal(s[3], MU_FM_REST);
    assert_int_equal(mu_fm_schedule(0, 1, 0, 2, s, 16), 2);
    assert_int_equal(mu_fm_schedule(0, 1, 0, 0, s, 16), 0);
}

static void test_fm_schedule_rejects_bad_or_too_long(void **state)
{
    (void)state;
    mu_fm_action s[4] = {7, 7, 7, 7};
    assert_int_equal(mu_fm_schedule(5, 1, 0, 0, s, 4), -1);
    assert_int_equal(mu_fm_schedule(-1, 1, 0, 0, s, 4), -1);
    assert_int_equal(mu_fm_schedule(1, 0, 0, 0, s, 4), -1);
    assert_int_equal(mu_fm_schedule(1, 1, -1, 0, s, 4), -1);
    assert_int_equal(mu_fm_schedule(1, 1, 0, -1, s, 4), -1);
    assert_int_equal(s[0], 7); /* untouched */
}

/* 7.13: "This penalty accumulates": after n consecutive forced marches the
 * penalty is the number of failed checks, Binomial(n, 1 - p). */
static void test_fm_consecutive_marches_are_binomial(void **state)
{
    (void)state;
    mu_fm_action s[8];
    int n = mu_fm_schedule(5, 1, 0, 0, s, 8);
    static mu_fm_odds o;
    assert_int_equal(mu_fm_odds_compute(s, n, 0.6, &o), 0);
    assert_int_equal(o.marches, 5);
    for (int r = 1; r <= 5; r++) {
        double total = 0.0;
        for (int k = 0; k <= 5; k++) {
            assert_close(o.p[r][k], k <= r ? binom(r, k, 0.4) : 0.0, 1e-15);
            total += o.p[r][k];
        }
        assert_close(total, 1.0, 1e-15);
        assert_close(o.mean[r], 0.4 * r, 1e-14);
    }
}

/* 7.13 EXAMPLE: AR 15, three forced marches, fail, fail, pass -> AR 17:
 * P(penalty 2 after three marches) includes that path (3 paths in all). */
static void test_fm_example_ar15_three_rounds(void **state)
{
    (void)state;
    mu_fm_action s[3] = {MU_FM_MARCH, MU_FM_MARCH, MU_FM_MARCH};
    static mu_fm_odds o;
    double p = 0.6;
    assert_int_equal(mu_fm_odds_compute(s, 3, p, &o), 0);
    assert_close(o.p[3][2], 3 * (1 - p) * (1 - p) * p, 1e-15);
    assert_close(o.p[2][2], (1 - p) * (1 - p), 1e-15); /* AR 17 after round 2 */
}

/* 7.13 "The AR improves by one (up to its original value) each time the
 * unit spends one entire Game Round doing absolutely nothing": a rest
 * shifts the distribution down by one, holding at 0. */
static void test_fm_rest_recovers_one_down_to_zero(void **state)
{
    (void)state;
    mu_fm_action s[6];
    int n = mu_fm_schedule(3, 1, 0, 3, s, 6);
    static mu_fm_odds o;
    assert_int_equal(mu_fm_odds_compute(s, n, 0.25, &o), 0);
    for (int r = 4; r <= 6; r++)
        for (int k = 0; k <= 3; k++) {
            double want = 0.0;
            for (int j = 0; j <= 3; j++)
                if ((j - (r - 3) < 0 ? 0 : j - (r - 3)) == k)
                    want += o.p[3][j];
            assert_close(o.p[r][k], want, 1e-15);
        }
    assert_close(o.p[6][0], 1.0, 1e-15);
}

static void test_fm_certain_checks(void **state)
{
    (void)state;
    mu_fm_action s[4] = {MU_FM_MARCH, MU_FM_MARCH, MU_FM_REST, MU_FM_MARCH};
    static mu_fm_odds o;
    assert_int_equal(mu_fm_odds_compute(s, 4, 0.0, &o), 0); /* every check fails */
    assert_close(o.p[4][2], 1.0, 0);
    assert_int_equal(mu_fm_odds_compute(s, 4, 1.0, &o), 0); /* never fails */
    assert_close(o.p[4][0], 1.0, 0);
}

static void test_fm_odds_rejects_bad_input(void **state)
{
    (void)state;
    mu_fm_action s[2] = {MU_FM_MARCH, 2};
    static mu_fm_odds o;
    o.rounds = 99;
    assert_int_equal(mu_fm_odds_compute(s, 2, 0.5, &o), -1);
    assert_int_equal(mu_fm_odds_compute(s, 1, 1.5, &o), -1);
    assert_int_equal(mu_fm_odds_compute(s, 1, NAN, &o), -1);
    assert_int_equal(mu_fm_odds_compute(s, -1, 0.5, &o), -1);
    assert_int_equal(mu_fm_odds_compute(s, MU_FM_MAX_ROUNDS + 1, 0.5, &o), -1);
    assert_int_equal(o.rounds, 99);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fm_schedule_bursts_rests_and_recovery),
        cmocka_unit_test(test_fm_schedule_rejects_bad_or_too_long),
        cmocka_unit_test(test_fm_consecutive_marches_are_binomial),
        cmocka_unit_test(test_fm_example_ar15_three_rounds),
        cmocka_unit_test(test_fm_rest_recovers_one_down_to_zero),
        cmocka_unit_test(test_fm_certain_checks),
        cmocka_unit_test(test_fm_odds_rejects_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
