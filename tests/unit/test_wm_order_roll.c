/* The order roll (order_roll.c): Command penalties and order targets, each
 * test citing the clause of warmaster-command-and-initiative.txt it checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "warmaster/wm_order_roll.h"

static wm_order_situation at_cm(double cm)
{
    wm_order_situation s = {.distance_mm = cm * 10.0, .enemy_distance_mm = INFINITY};
    return s;
}

static int target(int command, wm_order_situation s, int order_number)
{
    wm_order_rules r = wm_order_rules_default();
    wm_penalties p = wm_order_penalties(&r, &s, order_number);
    return wm_order_target(command, &p);
}

/* warmaster-command: "Distance" table: up to 20cm none, up to 40cm −1,
 * up to 60cm −2, up to 80cm −3, per +20cm a further −1. Pinned reading:
 * the table wins at exact multiples (40 cm is −1, not −2). */
/* RULE wm.orders.distance-penalty */
static void test_wm_distance_penalty_follows_table(void **state)
{
    (void)state;
    assert_int_equal(wm_distance_penalty(0.0, 200.0), 0);
    assert_int_equal(wm_distance_penalty(200.0, 200.0), 0);
    assert_int_equal(wm_distance_penalty(200.5, 200.0), 1);
    assert_int_equal(wm_distance_penalty(399.0, 200.0), 1);
    assert_int_equal(wm_distance_penalty(400.0, 200.0), 1);
    assert_int_equal(wm_distance_penalty(401.0, 200.0), 2);
    assert_int_equal(wm_distance_penalty(600.0, 200.0), 2);
    assert_int_equal(wm_distance_penalty(650.0, 200.0), 3);
    assert_int_equal(wm_distance_penalty(800.0, 200.0), 3);
    assert_int_equal(wm_distance_penalty(800.1, 200.0), 4);
    assert_int_equal(wm_distance_penalty(1000.0, 200.0), 4);
    /* the variant step: per 25 cm */
    assert_int_equal(wm_distance_penalty(500.0, 250.0), 1);
    assert_int_equal(wm_distance_penalty(510.0, 250.0), 2);
}

/* warmaster-command: "Multiple orders": second order −1, third −2. */
/* RULE wm.orders.multiple */
static void test_wm_second_order_is_minus_one_third_minus_two(void **state)
{
    (void)state;
    assert_int_equal(target(8, at_cm(10), 1), 8);
    assert_int_equal(target(8, at_cm(10), 2), 7);
    assert_int_equal(target(8, at_cm(10), 3), 6);
}

/* warmaster-command: "Enemy close": −1 if the closest enemy is 20cm or
 * less away, none if more. */
/* RULE wm.orders.enemy-close */
static void test_wm_enemy_within_20cm_is_minus_one(void **state)
{
    (void)state;
    wm_order_situation s = at_cm(10);
    s.enemy_distance_mm = 200.0;
    assert_int_equal(target(8, s, 1), 7);
    s.enemy_distance_mm = 200.1;
    assert_int_equal(target(8, s, 1), 8);
}

/* warmaster-command: "Dense terrain": −1 if the unit is in dense terrain. */
/* RULE wm.orders.dense-terrain */
static void test_wm_dense_terrain_is_minus_one(void **state)
{
    (void)state;
    wm_order_situation s = at_cm(10);
    s.in_dense_terrain = 1;
    assert_int_equal(target(8, s, 1), 7);
}

/* warmaster-command: "Casualties": −1 per stand lost. */
/* RULE wm.orders.casualties */
static void test_wm_casualties_minus_one_per_stand(void **state)
{
    (void)state;
    wm_order_situation s = at_cm(10);
    s.stands_lost = 2;
    assert_int_equal(target(8, s, 1), 6);
}

/* warmaster-command: the worked example. Command 9, cavalry 65cm away,
 * second order: −3 distance −1 second move, needs 5 or less. Then infantry
 * 10cm away in a wood: needs 8 or less. */
/* An army-list rule, not the command text (experiments/armies/orcs.yaml,
 * Trolls): "any Command penalty applied for distance … is always doubled.
 * So at 20cm no penalty applies, at 40cm -2, at 60cm -4". */
/* RULE wm.armylist.trolls-distance */
static void test_wm_trolls_double_the_distance_penalty(void **state)
{
    (void)state;
    wm_order_rules r = wm_order_rules_default();
    const double cm[] = {20.0, 40.0, 60.0, 65.0};
    const int want[] = {0, 2, 4, 6};
    for (int i = 0; i < 4; i++) {
        wm_order_situation s = at_cm(cm[i]);
        s.distance_factor = 2;
        wm_penalties p = wm_order_penalties(&r, &s, 1);
        assert_int_equal(p.distance, want[i]);
        assert_int_equal(p.total, want[i]);
        s.distance_factor = 1; /* and 0: no rule */
        assert_int_equal(wm_order_penalties(&r, &s, 1).distance, want[i] / 2);
    }
}

/* RULE wm.orders.distance-shortest wm.orders.worked-example */
static void test_wm_worked_example_general_nine(void **state)
{
    (void)state;
    wm_order_rules r = wm_order_rules_default();
    wm_order_situation cavalry = at_cm(65);
    wm_penalties p = wm_order_penalties(&r, &cavalry, 2);
    assert_int_equal(p.distance, 3);
    assert_int_equal(p.order_number, 1);
    assert_int_equal(p.total, 4);
    assert_int_equal(wm_order_target(9, &p), 5);
    assert_true(wm_order_roll_succeeds(&r, 5, 4)); /* "scores 4… success!" */

    wm_order_situation infantry = at_cm(10);
    infantry.in_dense_terrain = 1;
    p = wm_order_penalties(&r, &infantry, 1);
    assert_int_equal(wm_order_target(9, &p), 8);
    assert_false(wm_order_roll_succeeds(&r, 8, 10)); /* "rolls a 10" fails */
}

/* warmaster-command: "Giving an order": score equal to or less than the
 * Command value succeeds. Blunder assumption (CLAUSES.md): a 12 always
 * fails when blunders are on. */
/* RULE wm.orders.roll */
static void test_wm_roll_equal_to_target_succeeds_and_12_blunders(void **state)
{
    (void)state;
    wm_order_rules r = wm_order_rules_default();
    assert_true(wm_order_roll_succeeds(&r, 7, 7));
    assert_false(wm_order_roll_succeeds(&r, 7, 8));
    assert_false(wm_order_roll_succeeds(&r, 12, 12));
    assert_int_equal(wm_order_success_ways(&r, 12), 35);
    assert_int_equal(wm_order_success_ways(&r, 11), 35);
    assert_int_equal(wm_order_success_ways(&r, 10), 33);
    assert_int_equal(wm_order_success_ways(&r, 1), 0);
    r.blunder_on_12 = 0;
    assert_true(wm_order_roll_succeeds(&r, 12, 12));
    assert_int_equal(wm_order_success_ways(&r, 12), 36);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_distance_penalty_follows_table),
        cmocka_unit_test(test_wm_second_order_is_minus_one_third_minus_two),
        cmocka_unit_test(test_wm_enemy_within_20cm_is_minus_one),
        cmocka_unit_test(test_wm_dense_terrain_is_minus_one),
        cmocka_unit_test(test_wm_casualties_minus_one_per_stand),
        cmocka_unit_test(test_wm_trolls_double_the_distance_penalty),
        cmocka_unit_test(test_wm_worked_example_general_nine),
        cmocka_unit_test(test_wm_roll_equal_to_target_succeeds_and_12_blunders),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
