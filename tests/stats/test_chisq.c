/* The chi-square survival function and goodness-of-fit helper the
 * statistical tests rely on (tests/support/chisq.c), against table values
 * and values from mpmath's gammainc at 40 digits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "assert_close.h"
#include "chisq.h"

/* Fails unless got is within rel_eps of want, relatively. */
static void assert_rel_close(double got, double want, double rel_eps)
{
    assert_close(got, want, rel_eps * fabs(want));
}

static void test_chisq_sf_matches_critical_value_tables(void **state)
{
    (void)state;
    assert_rel_close(chisq_sf(3.841458820694124, 1), 0.05, 1e-10);
    assert_rel_close(chisq_sf(18.307038053275146, 10), 0.05, 1e-10);
    assert_rel_close(chisq_sf(20.515005652432876, 5), 0.001, 1e-10);
    assert_rel_close(chisq_sf(149.44921, 100), 0.001000007822196414949, 1e-10);
}

/* Both branches (series below a + 1, continued fraction above) and deep
 * tails, where 1 - P would lose every digit. */
static void test_chisq_sf_matches_mpmath_in_body_and_tails(void **state)
{
    (void)state;
    assert_rel_close(chisq_sf(0.5, 3), 0.91889141165467585936, 1e-12);
    assert_rel_close(chisq_sf(1e-3, 1), 0.97477287936996038828, 1e-12);
    assert_rel_close(chisq_sf(15.0, 30), 0.98973957208765738207, 1e-12);
    assert_rel_close(chisq_sf(50.0, 50), 0.47339846855634935672, 1e-12);
    assert_rel_close(chisq_sf(60.0, 7), 1.5095553022989121152e-10, 1e-10);
    assert_rel_close(chisq_sf(40.0, 1), 2.5396285894708649707e-10, 1e-10);
}

/* df = 2 has the closed form P(X >= x) = exp(-x/2). */
static void test_chisq_sf_two_df_is_exponential(void **state)
{
    (void)state;
    for (double x = 0.25; x < 80.0; x *= 1.7)
        assert_rel_close(chisq_sf(x, 2), exp(-x / 2.0), 1e-12);
}

static void test_chisq_sf_edges(void **state)
{
    (void)state;
    assert_true(chisq_sf(0.0, 4) == 1.0);
    assert_true(chisq_sf(-1.0, 4) == 1.0);
    assert_true(isnan(chisq_sf(1.0, 0)));
    assert_true(isnan(chisq_sf(NAN, 3)));
    assert_true(isnan(chisq_gamma_q(-1.0, 1.0)));
    assert_rel_close(chisq_gamma_q(1.0, 3.0), exp(-3.0), 1e-12);
}

/* Cells expecting fewer than 5 are pooled with their right neighbours; a
 * short last group joins the one before it. */
static void test_chisq_gof_pools_sparse_cells(void **state)
{
    (void)state;
    /* n = 100: expected 50, 30, 10, 6, 3, 1 -> groups {50}, {30}, {10}, {6, 3, 1}. */
    const double p[6] = {0.5, 0.3, 0.1, 0.06, 0.03, 0.01};
    const long obs[6] = {45, 35, 10, 5, 4, 1};
    chisq_result r;
    assert_int_equal(chisq_gof(obs, p, 6, 5.0, &r), 0);
    assert_int_equal(r.df, 3);
    assert_int_equal(r.n, 100);
    assert_close(r.stat, 25.0 / 50 + 25.0 / 30 + 0.0 / 10 + 0.0 / 10, 1e-12);
    assert_close(r.p_value, chisq_sf(r.stat, 3), 0.0);

    const double bad_sum[2] = {0.5, 0.6};
    assert_int_equal(chisq_gof(obs, bad_sum, 2, 5.0, &r), -1);
    const double one_cell[2] = {1.0, 0.0};
    assert_int_equal(chisq_gof(obs, one_cell, 2, 5.0, &r), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chisq_sf_matches_critical_value_tables),
        cmocka_unit_test(test_chisq_sf_matches_mpmath_in_body_and_tails),
        cmocka_unit_test(test_chisq_sf_two_df_is_exponential),
        cmocka_unit_test(test_chisq_sf_edges),
        cmocka_unit_test(test_chisq_gof_pools_sparse_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
