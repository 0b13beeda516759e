/* Infiltration (ARMY_RULES.md: infiltrate, ignores_command_range;
 * warmaster/wm_game.h "Infiltration"): where a unit held back off the
 * table may enter, the order that brings it on, and where the policies
 * choose to enter, against a slow search of every place on a fine grid.
 * South (side 0) faces +y from y = 0; infantry stands 40 x 20 mm. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/policy/wm_battle_policy.h"
#include "wm_game_fixture.h"

static fixture fx;

#define BIT(u) (UINT64_C(1) << (u))

/* A wood 300 x 200 mm at (700..1000, 500..700). */
static void add_wood(void)
{
    assert_int_equal(fx_add_wood(&fx), WM_OK);
}

/* Adds a South unit of troop (3 stands) held back off the table. */
static int held_back(wm_troop troop, const char *name)
{
    int u = fx_unit(&fx, 0, troop, 3, 100, 100, 0, 1, name);
    fx.bf.unit[u].presence = WM_OFF_TABLE;
    return u;
}

static wm_refusal place(int u, double x, double y, wm_form form)
{
    wm_order_goal g = fx_goal_at(x, y, form);
    wm_unit placed;
    return wm_game_entry_place(&fx.g, BIT(u), &g, &placed);
}

/* Where a unit may enter: wholly in one dense feature, or touching a table
 * edge other than the enemy's; never touching an enemy, overlapping a
 * unit, or in terrain it cannot enter; only a unit held back. */
/* RULE wm.armylist.infiltrate */
static void test_wm_entry_places(void **state)
{
    (void)state;
    fx_init(&fx);
    add_wood();
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int u = held_back(WM_INFANTRY, "Rangers");
    int guns = held_back(WM_ARTILLERY, "Guns");
    int on = fx_unit(&fx, 0, WM_INFANTRY, 3, 300, 400, 0, 1, "On the table");
    int enemy = fx_unit(&fx, 1, WM_INFANTRY, 3, 850, 690, 0, -1, "Enemy"); /* y 690..710 */
    fx_start(&fx, 0, NULL, 0);
    assert_true((fx.g.reserve & BIT(u)) && (fx.g.reserve & BIT(guns)) && !(fx.g.reserve & BIT(on)));
    /* a line is 120 x 20 mm, a column 40 x 60, centred on the point */
    assert_int_equal(place(u, 850, 560, WM_FORM_LINE), WM_ALLOWED);      /* y 550..570, in the wood */
    assert_int_equal(place(u, 720, 560, WM_FORM_LINE), WM_REFUSE_ENTRY_POINT); /* x 660..780: half out */
    assert_int_equal(place(u, 720, 560, WM_FORM_COLUMN), WM_ALLOWED);    /* x 700..740 */
    assert_int_equal(place(u, 850, 680, WM_FORM_LINE), WM_REFUSE_ENTRY_POINT); /* y 670..690: touches the enemy */
    assert_int_equal(place(u, 850, 675, WM_FORM_LINE), WM_ALLOWED);      /* 5 mm short of it */
    assert_int_equal(place(guns, 850, 560, WM_FORM_LINE), WM_REFUSE_ENTRY_POINT); /* artillery: no woods */
    /* edges: its own (y = 0) and the sides, not the enemy's (y = 1200) */
    assert_int_equal(place(u, 1500, 10, WM_FORM_LINE), WM_ALLOWED);
    assert_int_equal(place(u, 1500, 11, WM_FORM_LINE), WM_REFUSE_ENTRY_POINT); /* 1 mm off the edge, open ground */
    assert_int_equal(place(u, 60, 900, WM_FORM_LINE), WM_ALLOWED);        /* the west edge, x 0..120 */
    assert_int_equal(place(u, 1780, 900, WM_FORM_COLUMN), WM_ALLOWED);    /* the east edge, x 1760..1800 */
    assert_int_equal(place(u, 1500, 1190, WM_FORM_LINE), WM_REFUSE_ENTRY_POINT); /* the enemy's edge */
    assert_int_equal(place(u, 1500, 9, WM_FORM_LINE), WM_REFUSE_ENTRY_POINT);    /* a stand off the table */
    assert_int_equal(place(u, 300, 410, WM_FORM_LINE), WM_REFUSE_ENTRY_POINT);   /* on a unit */
    assert_int_equal(place(on, 1500, 10, WM_FORM_LINE), WM_REFUSE_NOT_RESERVE);
    assert_int_equal(place(enemy, 1500, 10, WM_FORM_LINE), WM_REFUSE_NOT_RESERVE);
    (void)gen;
}

/* The order: distance and enemy-close penalties measured to the unit as
 * placed, no dense-terrain penalty, no order range; on success it stands
 * there, its order was its first and the same character orders it on; on
 * failure it stays off and the character is done. */
/* RULE wm.armylist.infiltrate */
static void test_wm_entry_order(void **state)
{
    (void)state;
    static const uint8_t dice[] = {3, 3, 1, 1};
    fx_init(&fx);
    add_wood();
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 850, 300, "General");
    int u = held_back(WM_INFANTRY, "Rangers");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 850, 850, 0, -1, "Enemy"); /* y 850..870 */
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    fx.g.bf.unit[gen].profile.rules.order_range_mm = 200; /* Under the Lash: not for this order */
    wm_order_goal in_wood = fx_goal_at(850, 680, WM_FORM_LINE);   /* y 670..690, 160 mm from the enemy */
    wm_unit placed;
    assert_int_equal(wm_game_entry_place(&fx.g, BIT(u), &in_wood, &placed), WM_ALLOWED);
    wm_penalties p;
    int command, target = wm_game_entry_target(&fx.g, gen, BIT(u), &placed, &command, &p);
    /* 360 mm from the General: -1; enemy within 20 cm: -1; in the wood: nothing */
    assert_true(p.distance == 1 && p.enemy_close == 1 && p.dense_terrain == 0 && target == 7 && command == 9);
    fx.g.bf.unit[u].profile.rules.command_modifier = -1; /* Gorgers: their -1 holds */
    assert_int_equal(wm_game_entry_target(&fx.g, gen, BIT(u), &placed, &command, &p), 6);
    fx.g.bf.unit[u].profile.rules.command_modifier = 0;
    assert_int_equal(wm_game_entry_check(&fx.g, 0, gen, BIT(u), NULL), WM_ALLOWED);
    wm_order_result r = wm_game_enter(&fx.g, 0, gen, BIT(u), &in_wood, &fx.env);
    assert_true(r.refusal == WM_ALLOWED && r.roll.success && r.roll.order_number == 1 && r.moved == BIT(u));
    assert_true(fx.g.bf.unit[u].presence == WM_ON_TABLE && !(fx.g.reserve & BIT(u)));
    assert_true(wm_unit_stands_as(&fx.g.bf.unit[u], &placed) && fx.g.stats[0].entered == 1);
    assert_int_equal(fx.faults, 0);
    /* now on the table: a further order, the second, from him (in range) */
    assert_int_equal(wm_game_entry_check(&fx.g, 0, gen, BIT(u), NULL), WM_REFUSE_NOT_RESERVE);
    fx.g.bf.unit[gen].profile.rules.order_range_mm = 0;
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(u), NULL), WM_ALLOWED);
    assert_int_equal(wm_order_number(&fx.g.phase, 1u << fx.g.local[u]), 2);

    /* a failed order: it stays off, and the General's failure ends orders */
    static const uint8_t fail[] = {6, 5};
    fx_init(&fx);
    gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 850, 300, "General");
    u = held_back(WM_INFANTRY, "Rangers");
    fx_start(&fx, 0, fail, sizeof fail);
    wm_orders_begin(&fx.g, 0);
    wm_order_goal edge = fx_goal_at(1500, 10, WM_FORM_LINE); /* 631 mm: -3, needs 6 */
    r = wm_game_enter(&fx.g, 0, gen, BIT(u), &edge, &fx.env);
    assert_true(r.refusal == WM_ALLOWED && !r.roll.success && r.roll.target == 6 && r.moved == 0);
    assert_true(fx.g.bf.unit[u].presence == WM_OFF_TABLE && (fx.g.reserve & BIT(u)) && fx.g.stats[0].entered == 0);
    mu_order_refusal why;
    assert_int_equal(wm_game_entry_check(&fx.g, 0, gen, BIT(u), &why), WM_REFUSE_ORDER_RULES);
    assert_int_equal(why, MU_ORDER_GENERAL_FAILED);
    /* a place it may not enter at is refused before any roll */
    fx_start(&fx, 0, fail, sizeof fail);
    wm_orders_begin(&fx.g, 0);
    wm_order_goal open_ground = fx_goal_at(1500, 400, WM_FORM_LINE);
    r = wm_game_enter(&fx.g, 0, gen, BIT(u), &open_ground, &fx.env);
    assert_true(r.refusal == WM_REFUSE_ENTRY_POINT && fx.g.stats[0].orders_attempted == 0);
}

/* ignores_command_range: the army's command range (Under the Lash) does
 * not apply to orders to it on the table; its own rules still do. */
/* RULE wm.armylist.ignores-command-range */
static void test_wm_list_ignores_command_range(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int far = fx_unit(&fx, 0, WM_INFANTRY, 3, 1300, 570, 0, 1, "Gutter Runners");
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    fx.g.bf.unit[gen].profile.rules.order_range_mm = 200;
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(far), NULL), WM_REFUSE_LIST_RULE);
    fx.g.bf.unit[far].profile.rules.ignores_command_range = 1;
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(far), NULL), WM_ALLOWED);
    fx.g.bf.unit[far].profile.rules.order_range_mm = 200; /* its own order range still holds */
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(far), NULL), WM_REFUSE_LIST_RULE);
}

/* The objective policy's score of a place (ARMY_RULES.md, the policies'
 * infiltration): distance from the placed unit's centre to the zone's
 * centre less 100 mm per point the order needs. */
static double objective_score(int gen, int u, const wm_order_goal *goal, int *target)
{
    wm_unit placed;
    if (wm_game_entry_place(&fx.g, BIT(u), goal, &placed) != WM_ALLOWED)
        return INFINITY;
    wm_penalties p;
    int command;
    *target = wm_game_entry_target(&fx.g, gen, BIT(u), &placed, &command, &p);
    return mu_v2_dist(wm_unit_centre(&placed), fx.sc.objective[0].area.circle.center) - 100.0 * *target;
}

/* The slow reference: every place on a 5 mm grid over the whole table
 * (centres), in line and column. */
static double best_place_by_grid(int gen, int u, int min_target)
{
    double best = INFINITY;
    for (double x = 2.5; x < WM_TABLE_WIDTH_MM; x += 5.0)
        for (double y = 2.5; y < WM_TABLE_DEPTH_MM; y += 5.0)
            for (int f = WM_FORM_LINE; f <= WM_FORM_COLUMN; f++) {
                wm_order_goal g = fx_goal_at(x, y, (wm_form)f);
                int target = 0;
                double s = objective_score(gen, u, &g, &target);
                if (target >= min_target && s < best)
                    best = s;
            }
    /* the edge places exactly: a line's back edge or a column's side on y = 0, x = 0, x = 1800 */
    for (double t = 0.0; t <= WM_TABLE_WIDTH_MM; t += 5.0) {
        wm_order_goal g[4] = {fx_goal_at(t, 10, WM_FORM_LINE), fx_goal_at(t, 30, WM_FORM_COLUMN), fx_goal_at(60, t, WM_FORM_LINE),
                              fx_goal_at(WM_TABLE_WIDTH_MM - 20, t, WM_FORM_COLUMN)};
        for (int k = 0; k < 4; k++) {
            int target = 0;
            double s = objective_score(gen, u, &g[k], &target);
            if (target >= min_target && s < best)
                best = s;
        }
    }
    return best;
}

/* The scripted policies choose where to enter among every place the
 * rules allow: the objective policy's choice scores within 15 mm of the
 * best place of the 5 mm reference grid (its own grid is 20 mm in dense
 * terrain, 25 mm along the edges). Without a distance penalty (the order
 * needs the same everywhere) the wood or the side edge beside the zone
 * wins; with one the policy trades distance to the zone against the
 * roll. Then the policy
 * plays the Command phase: the unit enters there, and moves on. */
/* RULE wm.policy.infiltration */
static void test_wm_policy_chooses_the_best_place(void **state)
{
    (void)state;
    static const struct {
        double zone_x;
        int no_distance;
    } cases[] = {{1200, 1}, {1200, 0}, {150, 1}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int no_distance = cases[c].no_distance;
        fx_init(&fx);
        add_wood();
        fx_objective(&fx, cases[c].zone_x, 800, 100, 1);
        int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 850, 300, "General");
        int u = held_back(WM_INFANTRY, "Rangers");
        fx_unit(&fx, 1, WM_INFANTRY, 3, 300, 1150, 0, -1, "Enemy");
        fx.bf.unit[u].profile.rules.no_distance = (int8_t)no_distance;
        fx_start(&fx, 0, NULL, 0);
        wm_orders_begin(&fx.g, 0);
        wm_policy_spec spec = wm_policy_defaults(WM_POLICY_OBJECTIVE);
        wm_policy_state st;
        wm_player player;
        wm_policy_bind(&spec, &st, mu_rng_for_game(3, 0), &player);
        wm_order_plan plan;
        player.plan_orders(player.self, &fx.g, 0, &plan);
        assert_true(plan.n == 1 && plan.step[0].group == BIT(u) && plan.step[0].character == gen);
        wm_order_goal goal = wm_order_goal_none();
        player.order_goal(player.self, &fx.g, 0, &plan.step[0], BIT(u), 1, &goal);
        assert_true(goal.go);
        int target = 0;
        double chosen = objective_score(gen, u, &goal, &target), best = best_place_by_grid(gen, u, spec.min_target);
        assert_true(isfinite(best) && chosen <= best + 15.0);
        if (c == 0) /* the wood beside the zone */
            assert_true(goal.point.x > 700 && goal.point.x < 1000 && goal.point.y > 500 && goal.point.y < 700);
        if (c == 2) /* the west edge beside the zone */
            assert_true(goal.point.x < 130 && fabs(goal.point.y - 800) < 30);
        /* the whole phase through the player */
        fx_start(&fx, 0, NULL, 0);
        player.character_goal = fx_no_character_move;
        wm_command_phase(&fx.g, 0, &player, &fx.env);
        assert_int_equal(fx.faults, 0);
        if (fx.g.stats[0].entered == 1)
            assert_true(fx.g.bf.unit[u].presence == WM_ON_TABLE && fx.g.stats[0].orders_attempted >= 1);
        else
            assert_true(fx.g.bf.unit[u].presence == WM_OFF_TABLE && fx.g.stats[0].orders_failed == 1);
    }
}

/* The random policy enters at places drawn uniformly: legal, and not
 * always the same. */
/* RULE wm.policy.infiltration */
static void test_wm_random_policy_enters_anywhere_legal(void **state)
{
    (void)state;
    fx_init(&fx);
    add_wood();
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 850, 300, "General");
    int u = held_back(WM_INFANTRY, "Rangers");
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    wm_policy_spec spec = wm_policy_defaults(WM_POLICY_RANDOM);
    int in_wood = 0, at_edge = 0;
    for (uint64_t seed = 0; seed < 40; seed++) {
        wm_policy_state st;
        wm_player player;
        wm_policy_bind(&spec, &st, mu_rng_for_game(seed, 0), &player);
        wm_order_step step = {.character = gen, .group = BIT(u), .max_orders = 1, .min_target = 2};
        wm_order_goal goal = wm_order_goal_none();
        player.order_goal(player.self, &fx.g, 0, &step, BIT(u), 1, &goal);
        wm_unit placed;
        assert_true(goal.go && wm_game_entry_place(&fx.g, BIT(u), &goal, &placed) == WM_ALLOWED);
        int wood = goal.point.y > 500 && goal.point.y < 700 && goal.point.x > 700 && goal.point.x < 1000;
        in_wood += wood;
        at_edge += !wood;
    }
    assert_true(in_wood > 0 && at_edge > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_entry_places),
        cmocka_unit_test(test_wm_entry_order),
        cmocka_unit_test(test_wm_list_ignores_command_range),
        cmocka_unit_test(test_wm_policy_chooses_the_best_place),
        cmocka_unit_test(test_wm_random_policy_enters_anywhere_legal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
