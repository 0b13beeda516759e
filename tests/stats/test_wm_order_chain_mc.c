/* Monte Carlo check of the exact order-chain odds: 10^6 simulated chains of
 * a Command 9 character (one generator per chain, mu_rng_for_game(seed, g),
 * as the batch runner will) against mu_chain_odds_compute, at a fixed seed.
 *
 * warmaster-command: "Giving an order" (2D6 <= Command), "Order sequence"
 * (a failed order ends the character's orders), "Giving further orders" (up
 * to three orders in succession, no going back), "Multiple orders",
 * "Distance", "Enemy close", "Dense terrain"; blunder on 12 (CLAUSES.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "muster/dice.h"
#include "muster/odds.h"
#include "muster/rng.h"
#include "warmaster/wm_order_roll.h"
#include "stats_check.h"

#define N_CHAINS 1000000L
#define SEED UINT64_C(0x6d75737465720002)
#define COMMAND 9
#define N_UNITS 3
#define ORDERS 3

/* In chain order: infantry 10 cm away in a wood; a unit 45 cm away with an
 * enemy 15 cm from it; cavalry 65 cm away. Each is ordered up to 3 times. */
static const wm_order_situation units[N_UNITS] = {
    {.distance_mm = 100.0, .enemy_distance_mm = INFINITY, .in_dense_terrain = 1},
    {.distance_mm = 450.0, .enemy_distance_mm = 150.0},
    {.distance_mm = 650.0, .enemy_distance_mm = INFINITY},
};

/* What the simulated chains did. */
struct chain_counts {
    long attempts[N_UNITS][ORDERS]; /* unit i's (j+1)-th order was rolled for */
    long given[N_UNITS][ORDERS];    /* ... and succeeded */
    long half_pace[N_UNITS];        /* unit i's first order failed */
    long orders_given[N_UNITS * ORDERS + 1];
    long units_ordered[N_UNITS + 1];
};

static wm_order_rules rules;
static int targets[N_UNITS][ORDERS];
static mu_chain_spec spec;
static mu_chain_odds exact;
static struct chain_counts sim;

/* Plays N_CHAINS chains with the given targets into *c. */
static void simulate(const int tgt[N_UNITS][ORDERS], struct chain_counts *c)
{
    for (long g = 0; g < N_CHAINS; g++) {
        mu_rng rng = mu_rng_for_game(SEED, (uint64_t)g);
        int n_given = 0, n_units = 0, failed = 0;
        for (int i = 0; i < N_UNITS && !failed; i++) {
            for (int j = 0; j < ORDERS; j++) {
                int sum = mu_2d6_sum(mu_roll_2d6(&rng));
                c->attempts[i][j]++;
                if (!wm_order_roll_succeeds(&rules, tgt[i][j], sum)) {
                    c->half_pace[i] += j == 0;
                    failed = 1;
                    break;
                }
                c->given[i][j]++;
                n_given++;
                n_units += j == 0;
            }
        }
        c->orders_given[n_given]++;
        c->units_ordered[n_units]++;
    }
}

static int setup_chains(void **state)
{
    (void)state;
    rules = wm_order_rules_default();
    spec.n_units = N_UNITS;
    for (int i = 0; i < N_UNITS; i++) {
        spec.orders[i] = ORDERS;
        for (int j = 0; j < ORDERS; j++) {
            wm_penalties p = wm_order_penalties(&rules, &units[i], j + 1);
            targets[i][j] = wm_order_target(COMMAND, &p);
            spec.p_success[i][j] = wm_order_success_ways(&rules, targets[i][j]) / 36.0;
        }
    }
    if (mu_chain_odds_compute(&spec, &exact) != 0)
        return -1;
    simulate((const int(*)[ORDERS])targets, &sim);
    return 0;
}

/* The scenario's targets, by hand: wood -1; 45 cm -2 and enemy close -1;
 * 65 cm -3; second order -1, third -2. */
static void test_wm_chain_targets_follow_command_penalties(void **state)
{
    (void)state;
    static const int want[N_UNITS][ORDERS] = {{8, 7, 6}, {6, 5, 4}, {6, 5, 4}};
    static const int ways[N_UNITS][ORDERS] = {{26, 21, 15}, {15, 10, 6}, {15, 10, 6}};
    for (int i = 0; i < N_UNITS; i++)
        for (int j = 0; j < ORDERS; j++) {
            assert_int_equal(targets[i][j], want[i][j]);
            assert_true(spec.p_success[i][j] == ways[i][j] / 36.0);
        }
}

static void test_wm_chain_orders_given_fit_exact_distribution(void **state)
{
    (void)state;
    assert_fits("orders given", sim.orders_given, exact.p_orders_given, exact.max_orders + 1,
                STATS_ALPHA);
}

static void test_wm_chain_units_ordered_fit_exact_distribution(void **state)
{
    (void)state;
    assert_fits("units ordered", sim.units_ordered, exact.p_units_ordered, N_UNITS + 1, STATS_ALPHA);
}

/* 21 two-sided z-tests, Bonferroni-corrected to a family-wise alpha of
 * 1e-6 (each at 1e-6 / 21, |z| > 5.46): per order, the success rate given
 * that it was rolled for vs p_success and the chance it is given at all vs
 * p_order; per unit, the half-pace chance. Every cell expects at least 50
 * counts each way (checked), where the normal tail is within a factor 5 of
 * the binomial one. */
static void test_wm_chain_each_order_succeeds_at_exact_rate(void **state)
{
    (void)state;
    const double alpha = STATS_ALPHA / (2 * N_UNITS * ORDERS + N_UNITS);
    char what[64];
    for (int i = 0; i < N_UNITS; i++) {
        for (int j = 0; j < ORDERS; j++) {
            double p_tried = j > 0 ? exact.p_order[i][j - 1] : i > 0 ? exact.p_order[i - 1][ORDERS - 1] : 1.0;
            double p = spec.p_success[i][j];
            assert_true(N_CHAINS * p_tried * p >= 50 && N_CHAINS * p_tried * (1 - p) >= 50);
            snprintf(what, sizeof what, "unit %d order %d succeeds when tried", i + 1, j + 1);
            assert_rate(what, sim.given[i][j], sim.attempts[i][j], p, alpha);
            snprintf(what, sizeof what, "unit %d order %d given", i + 1, j + 1);
            assert_rate(what, sim.given[i][j], N_CHAINS, exact.p_order[i][j], alpha);
        }
        snprintf(what, sizeof what, "unit %d at half pace", i + 1);
        assert_rate(what, sim.half_pace[i], N_CHAINS, exact.p_half_pace[i], alpha);
    }
}

/* Power: the same chains against a model whose 65 cm unit is one point too
 * easy (distance -2 instead of -3, an off-by-one of the distance table)
 * must be rejected, although only ~0.3% of chains reach that unit. */
static void test_wm_chain_fit_rejects_off_by_one_target(void **state)
{
    (void)state;
    mu_chain_spec wrong = spec;
    for (int j = 0; j < ORDERS; j++)
        wrong.p_success[2][j] = wm_order_success_ways(&rules, targets[2][j] + 1) / 36.0;
    mu_chain_odds wrong_odds;
    assert_int_equal(mu_chain_odds_compute(&wrong, &wrong_odds), 0);
    double pv = fit_p_value("orders given vs off-by-one model", sim.orders_given,
                            wrong_odds.p_orders_given, wrong_odds.max_orders + 1);
    assert_true(pv < STATS_ALPHA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_chain_targets_follow_command_penalties),
        cmocka_unit_test(test_wm_chain_orders_given_fit_exact_distribution),
        cmocka_unit_test(test_wm_chain_units_ordered_fit_exact_distribution),
        cmocka_unit_test(test_wm_chain_each_order_succeeds_at_exact_rate),
        cmocka_unit_test(test_wm_chain_fit_rejects_off_by_one_target),
    };
    return cmocka_run_group_tests(tests, setup_chains, NULL);
}
