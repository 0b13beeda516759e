/* Exact 2D6 and order-chain distributions, checked against values worked
 * out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/odds.h"
#include "assert_close.h"

#define EPS 1e-12

static void test_2d6_ways_le_matches_triangle(void **state)
{
    (void)state;
    static const int expected[13] = {0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36};
    for (int t = 0; t <= 12; t++)
        assert_int_equal(mu_2d6_ways_le(t), expected[t]);
    assert_int_equal(mu_2d6_ways_le(-5), 0);
    assert_int_equal(mu_2d6_ways_le(40), 36);
    assert_close(mu_p_2d6_le(7), 21.0 / 36.0, EPS);
}

static void test_chain_single_unit_three_orders(void **state)
{
    (void)state;
    mu_chain_spec spec = {.n_units = 1, .orders = {3}, .p_success = {{0.5, 0.25, 0.125}}};
    mu_chain_odds o;
    assert_int_equal(mu_chain_odds_compute(&spec, &o), 0);
    assert_close(o.p_order[0][0], 0.5, EPS);
    assert_close(o.p_order[0][1], 0.125, EPS);
    assert_close(o.p_order[0][2], 0.015625, EPS);
    assert_close(o.p_half_pace[0], 0.5, EPS);
    assert_close(o.p_orders_given[0], 0.5, EPS);
    assert_close(o.p_orders_given[1], 0.375, EPS);
    assert_close(o.p_orders_given[2], 0.109375, EPS);
    assert_close(o.p_orders_given[3], 0.015625, EPS);
    assert_close(o.p_units_ordered[0], 0.5, EPS);
    assert_close(o.p_units_ordered[1], 0.5, EPS);
    assert_close(o.mean_orders_given, 0.375 + 2 * 0.109375 + 3 * 0.015625, EPS);
}

/* Unit 1 once (p = 1/2), then unit 2 twice (p = 1/2, 1/4): a failure on
 * unit 1 stops the chain before unit 2. */
static void test_chain_stops_at_first_failure(void **state)
{
    (void)state;
    mu_chain_spec spec = {.n_units = 2, .orders = {1, 2}, .p_success = {{0.5}, {0.5, 0.25}}};
    mu_chain_odds o;
    assert_int_equal(mu_chain_odds_compute(&spec, &o), 0);
    assert_close(o.p_order[1][0], 0.25, EPS);
    assert_close(o.p_order[1][1], 0.0625, EPS);
    assert_close(o.p_half_pace[1], 0.25, EPS);
    assert_close(o.p_units_ordered[0], 0.5, EPS);
    assert_close(o.p_units_ordered[1], 0.25, EPS);
    assert_close(o.p_units_ordered[2], 0.25, EPS);
    assert_close(o.p_orders_given[0], 0.5, EPS);
    assert_close(o.p_orders_given[1], 0.25, EPS);
    assert_close(o.p_orders_given[2], 0.1875, EPS);
    assert_close(o.p_orders_given[3], 0.0625, EPS);
    assert_close(o.p_no_failure, 0.0625, EPS);
    double total = 0;
    for (int k = 0; k <= o.max_orders; k++)
        total += o.p_orders_given[k];
    assert_close(total, 1.0, EPS);
}

static void test_chain_rejects_malformed_spec(void **state)
{
    (void)state;
    mu_chain_odds o;
    mu_chain_spec bad_orders = {.n_units = 1, .orders = {4}};
    assert_int_equal(mu_chain_odds_compute(&bad_orders, &o), -1);
    mu_chain_spec bad_p = {.n_units = 1, .orders = {1}, .p_success = {{1.5}}};
    assert_int_equal(mu_chain_odds_compute(&bad_p, &o), -1);
    mu_chain_spec bad_n = {.n_units = MU_CHAIN_MAX_UNITS + 1};
    assert_int_equal(mu_chain_odds_compute(&bad_n, &o), -1);
    mu_chain_spec empty = {.n_units = 0};
    assert_int_equal(mu_chain_odds_compute(&empty, &o), 0);
    assert_close(o.p_orders_given[0], 1.0, EPS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2d6_ways_le_matches_triangle),
        cmocka_unit_test(test_chain_single_unit_three_orders),
        cmocka_unit_test(test_chain_stops_at_first_failure),
        cmocka_unit_test(test_chain_rejects_malformed_spec),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
