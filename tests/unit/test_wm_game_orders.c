/* The Orders sub-phase of a Warmaster game on the table
 * (warmaster-command-and-initiative.txt, "Orders" to "Further brigade
 * orders", "Charge!"): penalties measured on the table, real moves,
 * charges, brigades. Scripted dice; the invariant checker runs after
 * every move. South (side 0) faces +y; stands 40 x 20 mm. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"
#include "wm_game_fixture.h"

static fixture fx;

#define BIT(u) (UINT64_C(1) << (u))

static mu_vec2 centre(int u)
{
    return wm_unit_centre(&fx.g.bf.unit[u]);
}

/* warmaster-command: the worked example on the table: "The General has a
 * Command value of 9 … The cavalry are 65cm away and have already moved
 * once … The player will have to roll 5 or less"; then infantry "10cm
 * away (no penalty) and within a wood (−1 …) … only needs 8 or less …
 * rolls a 10. The unit does not move – the General has failed an order so
 * the Orders sub-phase comes to an end." Distances are measured stand to
 * stand ("the shortest distance"). */
/* RULE wm.game.order-sequence wm.game.worked-example */
static void test_wm_worked_example_on_the_table(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 100, "General"); /* y 90..110 */
    int cav = fx_unit(&fx, 0, WM_CAVALRY, 3, 900, 780, 0, 1, "Cavalry"); /* y 760..780: 650 mm */
    mu_vec2 wood[4] = {mu_v2(1000, 150), mu_v2(1200, 150), mu_v2(1200, 300), mu_v2(1000, 300)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_WOOD, wood, 4), WM_OK);
    int inf = fx_unit(&fx, 0, WM_INFANTRY, 3, 1100, 230, 0, 1, "Infantry"); /* in the wood */
    const uint8_t dice[] = {3, 3, 2, 2, 4, 6};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_penalties p;
    wm_game_penalties(&fx.g, gen, BIT(cav), &p);
    assert_int_equal(p.distance, 3);
    mu_vec2 stay = centre(cav);
    wm_order_goal goal = fx_goal(stay.x, stay.y, -1); /* it holds its place (the distance stays 65 cm) */
    wm_order_result r = wm_game_order(&fx.g, 0, gen, BIT(cav), &goal, &fx.env);
    assert_int_equal(r.roll.target, 6);
    assert_true(r.roll.success);
    r = wm_game_order(&fx.g, 0, gen, BIT(cav), &goal, &fx.env);
    assert_int_equal(r.roll.order_number, 2);
    assert_int_equal(r.roll.target, 5); /* "roll 5 or less" */
    assert_true(r.roll.success);          /* "scores 4… success!" */
    wm_game_penalties(&fx.g, gen, BIT(inf), &p);
    assert_int_equal(p.distance, 0);
    assert_int_equal(p.dense_terrain, 1);
    mu_vec2 c0 = centre(inf);
    goal = fx_goal(c0.x, c0.y, -1);
    r = wm_game_order(&fx.g, 0, gen, BIT(inf), &goal, &fx.env);
    assert_int_equal(r.roll.target, 8); /* "only needs 8 or less" */
    assert_false(r.roll.success);       /* "rolls a 10" */
    assert_close(centre(inf).x, c0.x, 1e-9);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(cav), NULL), WM_REFUSE_ORDER_RULES);
    assert_int_equal(fx.g.stats[0].orders_attempted, 3);
    assert_int_equal(fx.g.stats[0].orders_given, 2);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command, "Command penalties": enemy close "even if the unit is
 * not visible", dense terrain "if at least one stand is even partially
 * within", "−1 per stand lost", each measured on the table. */
/* RULE wm.game.penalties-on-table wm.armylist.trolls-distance */
static void test_wm_penalties_are_measured_on_the_table(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 100, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 700, 0, 1, "E"); /* 180 mm away */
    mu_vec2 wall[4] = {mu_v2(700, 560), mu_v2(1100, 560), mu_v2(1100, 580), mu_v2(700, 580)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_HIGH_WALL, wall, 4), WM_OK); /* A cannot see E */
    mu_vec2 wood[4] = {mu_v2(955, 470), mu_v2(1100, 470), mu_v2(1100, 520), mu_v2(955, 520)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_WOOD, wood, 4), WM_OK); /* 5 mm of A's right stand */
    wm_unit_lose_stand(&fx.bf.unit[a], 0);
    fx_start(&fx, 0, NULL, 0);
    assert_false(wm_unit_sees(&fx.g.bf, a, e, WM_SIGHT_UNIT));
    wm_penalties p;
    int total = wm_game_penalties(&fx.g, gen, BIT(a), &p);
    assert_int_equal(p.distance, 1);      /* 370 mm: "Up to 40cm −1" */
    assert_int_equal(p.enemy_close, 1);   /* "even if the unit is not visible" */
    assert_int_equal(p.dense_terrain, 1);
    assert_int_equal(p.casualties, 1);
    assert_int_equal(total, 4);
    /* the Orc list's Trolls: a unit whose profile doubles the distance
     * penalty (wm_profile.distance_penalty_factor) */
    fx.g.bf.unit[a].profile.distance_penalty_factor = 2;
    total = wm_game_penalties(&fx.g, gen, BIT(a), &p);
    assert_int_equal(p.distance, 2);
    assert_int_equal(total, 5);
    (void)e;
}

/* warmaster-command, "Charge!": "A move which brings a unit into contact
 * with the enemy is called a charge … Once it has charged, a unit cannot
 * receive any further orders that turn." */
/* RULE wm.orders.charge-limits wm.game.charge */
static void test_wm_a_charge_ends_the_units_orders(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 400, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 650, 0, -1, "E");
    const uint8_t dice[] = {2, 2};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    mu_vec2 ec = centre(e);
    wm_order_goal goal = fx_goal(ec.x, ec.y, e);
    wm_order_result r = wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env);
    assert_true(r.roll.success);
    assert_int_equal(r.roll.target, 8); /* enemy within 20 cm: −1 */
    assert_true(r.charged & BIT(a));
    assert_close(fx_dist(&fx, a, e), 0.0, 1e-6);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a), NULL), WM_REFUSE_CHARGED);
    assert_int_equal(fx.g.first_charge, 0);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command, "Giving an order" and "Charge!": a failed first
 * order "can move only half pace"; "Units that failed to receive an order
 * cannot charge": the unit stops short of the enemy it was sent at. */
/* RULE wm.orders.charge-limits wm.game.order-paces wm.game.charge */
static void test_wm_failed_first_order_moves_half_pace_and_cannot_charge(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 400, "General");
    int a = fx_unit(&fx, 0, WM_CAVALRY, 3, 900, 500, 0, 1, "Cavalry");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 640, 0, -1, "E"); /* 140 mm: within half pace */
    const uint8_t dice[] = {5, 6};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    mu_vec2 c0 = centre(a), ec = centre(e);
    wm_order_goal goal = fx_goal(ec.x, ec.y, e);
    wm_order_result r = wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env);
    assert_false(r.roll.success);
    assert_true(r.moved & BIT(a));
    assert_false(r.charged);
    assert_true(mu_v2_dist(c0, centre(a)) <= 150.0 + 1e-6);
    assert_true(fx_dist(&fx, a, e) > 1e-6);
    assert_false(wm_unit_engaged(&fx.g.bf.unit[a]));
    assert_int_equal(fx.g.stats[0].half_pace, 1);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command, "Giving further orders": "a unit can be given up to
 * a maximum of three orders in succession. A unit failing to receive a
 * further order cannot move at all." */
/* RULE wm.game.order-sequence wm.game.order-paces */
static void test_wm_failed_further_order_does_not_move_and_three_at_most(void **state)
{
    (void)state;
    fx_init(&fx);
    int hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 300, 100, "Hero");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 100, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 300, 200, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 200, 0, 1, "B");
    const uint8_t dice[] = {1, 1, 1, 1, 6, 5, 1, 1, 1, 1, 1, 1};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_order_goal goal = fx_goal(300, 1000, -1);
    assert_true(wm_game_order(&fx.g, 0, hero, BIT(a), &goal, &fx.env).roll.success);
    assert_true(wm_game_order(&fx.g, 0, hero, BIT(a), &goal, &fx.env).roll.success);
    mu_vec2 c1 = centre(a);
    wm_order_result r = wm_game_order(&fx.g, 0, hero, BIT(a), &goal, &fx.env);
    assert_false(r.roll.success);
    assert_false(r.moved);
    assert_close(centre(a).y, c1.y, 1e-9);
    goal = fx_goal(900, 1000, -1);
    for (int k = 0; k < 3; k++)
        assert_true(wm_game_order(&fx.g, 0, gen, BIT(b), &goal, &fx.env).roll.success);
    mu_order_refusal why;
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(b), &why), WM_REFUSE_ORDER_RULES);
    assert_int_equal(why, MU_ORDER_TOO_MANY);
    assert_close(centre(b).y - 190.0, 600.0, 1e-6); /* three full paces of 200 mm */
    assert_int_equal(fx.faults, 0);
}

/* Three units side by side, touching (a brigade), the General behind. */
static void brigade_of_three(int *u, int *gen)
{
    u[0] = fx_unit(&fx, 0, WM_INFANTRY, 3, 780, 300, 0, 1, "Left");
    u[1] = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 300, 0, 1, "Centre");
    u[2] = fx_unit(&fx, 0, WM_INFANTRY, 3, 1020, 300, 0, 1, "Right");
    *gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 150, "General");
}

static int touching(int a, int b)
{
    return fx_dist(&fx, a, b) <= 1e-6;
}

/* warmaster-command, "Brigade orders": "up to four units arranged so that
 * they touch … can be given a single order and are moved together as a
 * body"; "brigades move as a body, with each unit remaining in touch";
 * "No stand in any unit in the brigade may move further than its
 * permitted move distance" (the checker). */
/* RULE wm.brigade.stays-touching wm.game.brigade-orders wm.game.brigade-body */
static void test_wm_brigade_moves_as_one_body_and_stays_touching(void **state)
{
    (void)state;
    fx_init(&fx);
    int u[3], gen;
    brigade_of_three(u, &gen);
    const uint8_t dice[] = {3, 4, 2, 2};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    uint64_t all = BIT(u[0]) | BIT(u[1]) | BIT(u[2]);
    wm_order_goal goal = fx_goal(950, 700, -1);
    wm_order_result r = wm_game_order(&fx.g, 0, gen, all, &goal, &fx.env);
    assert_true(r.roll.success);
    assert_int_equal(r.moved, all);
    assert_true(r.brigade_kept);
    assert_true(touching(u[0], u[1]) && touching(u[1], u[2]));
    assert_true(centre(u[1]).y > 290.0 + 150.0);
    r = wm_game_order(&fx.g, 0, gen, all, &goal, &fx.env); /* a further brigade order: −1 */
    assert_int_equal(r.roll.order_number, 2);
    assert_true(touching(u[0], u[1]) && touching(u[1], u[2]));
    assert_int_equal(fx.g.stats[0].orders_attempted, 2); /* one roll per order to the brigade */
    assert_int_equal(fx.g.stats[0].brigade_orders, 2);
    assert_true(fx.moves >= 6);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command: "Any units in a brigade that wish to charge do not
 * have to remain in touch with the rest … individual units can always
 * charge … Units which do not charge still have to end their move
 * touching." */
/* RULE wm.brigade.stays-touching wm.game.brigade-charge wm.game.brigade-further */
static void test_wm_brigade_member_charges_alone_the_rest_stay_touching(void **state)
{
    (void)state;
    fx_init(&fx);
    int u[3], gen;
    brigade_of_three(u, &gen);
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 700, 450, 0, -1, "E"); /* 150 mm ahead of Left */
    const uint8_t dice[] = {2, 2};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    uint64_t all = BIT(u[0]) | BIT(u[1]) | BIT(u[2]);
    wm_order_goal goal = fx_goal(1000, 420, -1);
    goal.charge[0] = e; /* members in ascending index: Left first */
    wm_order_result r = wm_game_order(&fx.g, 0, gen, all, &goal, &fx.env);
    assert_true(r.roll.success);
    assert_int_equal(r.charged, BIT(u[0]));
    assert_true(touching(u[0], e));
    assert_true(touching(u[1], u[2]));
    assert_true(r.brigade_kept);
    /* the rest may be ordered on as a sub-brigade, the charger not */
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(u[1]) | BIT(u[2]), NULL), WM_ALLOWED);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, all, NULL), WM_REFUSE_CHARGED);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command: "a brigade cannot be formed and subsequently moved in
 * the same Command phase. Units must be in a brigade at the start of the
 * Orders sub-phase"; "it is not obligatory to move units as a brigade
 * simply because they happen to be touching". */
/* RULE wm.game.brigade-optional wm.game.brigade-fixed */
static void test_wm_brigade_is_what_touches_at_the_start_of_orders(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 150, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 780, 300, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 350, 0, 1, "B"); /* 30 mm ahead of A's line, not touching */
    int c = fx_unit(&fx, 0, WM_INFANTRY, 3, 1020, 350, 0, 1, "C"); /* touching B */
    const uint8_t dice[] = {2, 2, 2, 2};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a) | BIT(b), NULL), WM_REFUSE_NOT_A_BRIGADE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(b), NULL), WM_ALLOWED); /* not obligatory */
    wm_order_goal goal = fx_goal(780, 340, -1); /* A steps up into touch with B */
    assert_true(wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env).roll.success);
    assert_true(touching(a, b));
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a) | BIT(b), NULL), WM_REFUSE_NOT_A_BRIGADE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(b) | BIT(c), NULL), WM_ALLOWED);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command, "Brigade orders": "measure to the most distant unit
 * … Don't apply any penalties more than once … in the case of casualties
 * apply the penalty for the unit which has lost the most stands". */
/* RULE wm.game.brigade-penalties wm.armylist.trolls-distance */
static void test_wm_brigade_penalties_count_once(void **state)
{
    (void)state;
    fx_init(&fx);
    int u[3], gen;
    brigade_of_three(u, &gen);
    wm_unit_lose_stand(&fx.bf.unit[u[0]], 0);
    wm_unit_lose_stand(&fx.bf.unit[u[2]], 0);
    wm_unit_lose_stand(&fx.bf.unit[u[2]], 0);
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 450, 0, -1, "E");
    fx_start(&fx, 0, NULL, 0);
    wm_penalties p;
    wm_game_penalties(&fx.g, gen, BIT(u[0]) | BIT(u[1]) | BIT(u[2]), &p);
    assert_int_equal(p.enemy_close, 1);
    assert_int_equal(p.casualties, 2);
    double far = 0;
    for (int k = 0; k < 3; k++)
        far = fmax(far, fx_dist(&fx, gen, u[k]));
    assert_int_equal(p.distance, wm_distance_penalty(far, 200.0));
    /* "a brigade that contains a unit of Trolls": doubled for the whole
     * brigade (the General moved back to 25 cm from the Left unit: -1, so -2) */
    fx.g.bf.unit[gen].stand[0].center = mu_v2(900, 20);
    wm_game_penalties(&fx.g, gen, BIT(u[0]) | BIT(u[1]) | BIT(u[2]), &p);
    assert_int_equal(p.distance, 1);
    fx.g.bf.unit[u[1]].profile.distance_penalty_factor = 2;
    wm_game_penalties(&fx.g, gen, BIT(u[0]) | BIT(u[1]) | BIT(u[2]), &p);
    assert_int_equal(p.distance, 2);
    (void)e;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_worked_example_on_the_table),
        cmocka_unit_test(test_wm_penalties_are_measured_on_the_table),
        cmocka_unit_test(test_wm_a_charge_ends_the_units_orders),
        cmocka_unit_test(test_wm_failed_first_order_moves_half_pace_and_cannot_charge),
        cmocka_unit_test(test_wm_failed_further_order_does_not_move_and_three_at_most),
        cmocka_unit_test(test_wm_brigade_moves_as_one_body_and_stays_touching),
        cmocka_unit_test(test_wm_brigade_member_charges_alone_the_rest_stay_touching),
        cmocka_unit_test(test_wm_brigade_is_what_touches_at_the_start_of_orders),
        cmocka_unit_test(test_wm_brigade_penalties_count_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
