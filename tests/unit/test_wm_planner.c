/* The Warmaster move planner (issue 4 item 5): toward a point, into
 * contact (the initiative-charge figures), directly away, in a chosen
 * formation; every plan is a legal move. Stands 40 x 20 mm; "north" +y. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/rng.h"
#include "warmaster/wm_planner.h"
#include "warmaster/wm_visibility.h"
#include "assert_close.h"
#include "wm_table.h"

static wm_battlefield bf;

static void fresh(void)
{
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
}

/* n stands in a line, front edge centred on (x, y), facing (fx, fy). */
static int line(int side, wm_troop troop, int n, double x, double y, double fx, double fy)
{
    return wmt_line(&bf, side, troop, 0, n, mu_v2(x, y), mu_v2(fx, fy));
}

static void box(wm_terrain kind, double x0, double y0, double x1, double y1)
{
    wmt_box(&bf, kind, x0, y0, x1, y1);
}

static double unif(mu_rng *rng)
{
    return mu_rng_next(rng) / 4294967296.0;
}

static mu_vec2 centre(int u)
{
    mu_vec2 c = mu_v2(0, 0);
    for (int i = 0; i < bf.unit[u].n_stands; i++)
        c = mu_v2_add(c, mu_v2_scale(bf.unit[u].stand[i].center, 1.0 / bf.unit[u].n_stands));
    return c;
}

/* Plans, checks the plan independently, applies it. */
static void plan_apply(const wm_plan_request *rq, wm_plan *p)
{
    wm_plan_move(&bf, rq, p);
    assert_int_equal(p->report.fault, WM_MOVE_OK);
    assert_int_equal(wm_move_check(&bf, &p->move, NULL), WM_MOVE_OK);
    wm_move_apply(&bf, &p->move);
}

/* warmaster-movement: "Movement distances": "distances are maximums and
 * the player can move the unit a shorter distance": toward a point the
 * planner goes a full pace (200 mm for infantry in line) or stops on it. */
/* RULE wm.pace.maximum */
static void test_wm_plan_toward_a_point_goes_full_pace_or_stops_on_it(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 3, 500, 300, 0, 1);
    mu_vec2 c0 = centre(u);
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, WM_FORM_KEEP, WM_MOVE_ORDERED);
    rq.point = mu_v2(c0.x, c0.y + 500);
    wm_plan p;
    plan_apply(&rq, &p);
    assert_true(p.moved);
    assert_false(p.reached);
    assert_close(p.advance_mm, 200, 1e-9);
    assert_close(p.remaining_mm, 300, 1e-9);
    assert_close(centre(u).y, c0.y + 200, 1e-9);
    rq.point = mu_v2(c0.x + 60, c0.y + 280); /* 100 mm on */
    plan_apply(&rq, &p);
    assert_true(p.reached);
    assert_close(centre(u).x, c0.x + 60, 1e-9);
    assert_close(bf.unit[u].stand[0].facing.y, 1, 1e-12); /* KEEP keeps its facing */
}

/* warmaster-movement: "Terrain": cavalry "can't move into" a wood: the
 * direct line stops at its edge, a detour gets nearer the goal; the plan
 * never enters the wood. */
/* RULE wm.terrain.halt-at-edge */
static void test_wm_plan_halts_at_terrain_and_tries_detours(void **state)
{
    (void)state;
    fresh();
    box(WM_WOOD, 530, 350, 640, 450); /* in front of the right-hand stand */
    int u = line(0, WM_CAVALRY, 3, 500, 300, 0, 1); /* x 440..560, y 280..300 */
    mu_vec2 c0 = centre(u), goal = mu_v2(500, 700);
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, WM_FORM_KEEP, WM_MOVE_ORDERED);
    rq.point = goal;
    wm_plan p;
    plan_apply(&rq, &p);
    assert_true(p.moved);
    assert_true(p.remaining_mm < mu_v2_dist(c0, goal) - 50.0 - 1.0); /* better than stopping at the wood */
    assert_true(centre(u).x < c0.x);                                  /* round its left */
    for (int s = 0; s < 3; s++)
        assert_int_equal(wm_orect_blocked(&bf, &bf.unit[u], &bf.unit[u].stand[s]), -1);
    /* a wood across the whole front: it halts at the edge, 50 mm on */
    fresh();
    box(WM_WOOD, 300, 350, 700, 450);
    u = line(0, WM_CAVALRY, 3, 500, 300, 0, 1);
    rq.unit = u;
    plan_apply(&rq, &p);
    assert_close(p.advance_mm, 50, 0.05);
}

/* warmaster-movement: "Formation & Movement" rules 3, 4: the planner forms
 * a column or a line on request, facing the way it goes. */
/* RULE wm.stands.one-at-a-time */
static void test_wm_plan_forms_a_column_or_a_line(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 3, 500, 300, 0, 1);
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, WM_FORM_COLUMN, WM_MOVE_ORDERED);
    rq.point = mu_v2(700, 290); /* due east of its centre */
    wm_plan p;
    plan_apply(&rq, &p);
    assert_int_equal(p.report.formation, WM_COLUMN);
    assert_close(bf.unit[u].stand[0].facing.x, 1, 1e-9);
    assert_true(p.report.max_moved_mm <= 200.0 + 1e-6);
    rq.form = WM_FORM_LINE;
    rq.point = mu_v2(700, 500);
    plan_apply(&rq, &p);
    assert_int_equal(p.report.formation, WM_LINE);
}

/* warmaster-movement: "Moving by initative", Figures 1 and 2: "Unit A is
 * within 20cm of Enemy 1 and can see – it uses Initiative to charge. Note
 * unit B cannot see any enemy"; "Now unit A has moved unit B can see enemy
 * 2, and can use its Initiative to charge". The planner makes both
 * charges: each ends with a front edge touching the enemy. */
/* RULE wm.initiative.charge-or-evade wm.initiative.charge-evade-moves */
static void test_wm_plan_initiative_charges_open_a_line_of_sight(void **state)
{
    (void)state;
    fresh();
    int a = line(0, WM_INFANTRY, 3, 900, 500, 0, 1);   /* x 840..960, y 480..500 */
    int b = line(0, WM_INFANTRY, 2, 900, 460, 0, 1);   /* behind A */
    int e1 = line(1, WM_INFANTRY, 3, 900, 600, 0, -1); /* 100 mm ahead of A */
    int e2 = line(1, WM_INFANTRY, 3, 1040, 630, 0, -1);
    wm_enemy_options opt = wm_enemy_options_default();
    wm_closest c;
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 1);
    assert_int_equal(c.unit[0], e1);
    assert_int_equal(wm_closest_visible_enemies(&bf, b, &opt, &c), 0);
    wm_plan_request rq = wm_plan_request_make(a, WM_GOAL_CONTACT, WM_FORM_KEEP, WM_MOVE_CHARGE);
    rq.target = e1;
    wm_plan p;
    plan_apply(&rq, &p);
    assert_true(p.reached);
    assert_close(p.target_mm, 0, 1e-9);
    assert_close(p.advance_mm, 100, 1e-6); /* straight in, front to front */
    assert_int_equal(wm_closest_visible_enemies(&bf, b, &opt, &c), 1);
    assert_int_equal(c.unit[0], e2);
    assert_true(c.can_charge[0]);
    /* B goes round A's end in a column (the planner moves stands in
     * straight lines: a line of two would have to bend round A) */
    rq = wm_plan_request_make(b, WM_GOAL_CONTACT, WM_FORM_COLUMN, WM_MOVE_CHARGE);
    rq.target = e2;
    plan_apply(&rq, &p);
    assert_true(p.reached);
    assert_true(wm_unit_distance_mm(&bf.unit[b], &bf.unit[e2], NULL, NULL, NULL, NULL) <= 1e-6);
    /* out of reach: it moves closer but reports no contact */
    fresh();
    a = line(0, WM_INFANTRY, 3, 900, 300, 0, 1);
    e1 = line(1, WM_INFANTRY, 3, 900, 600, 0, -1);
    rq = wm_plan_request_make(a, WM_GOAL_CONTACT, WM_FORM_KEEP, WM_MOVE_CHARGE);
    rq.target = e1;
    plan_apply(&rq, &p);
    assert_false(p.reached);
    assert_close(p.target_mm, 100, 0.1);
    /* contact_only (the charges, which make the move only when it
     * reaches): out of reach it stands still */
    fresh();
    a = line(0, WM_INFANTRY, 3, 900, 300, 0, 1);
    e1 = line(1, WM_INFANTRY, 3, 900, 600, 0, -1);
    rq = wm_plan_request_make(a, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = e1;
    rq.contact_only = 1;
    wm_plan_move(&bf, &rq, &p);
    assert_false(p.reached);
    assert_false(p.moved);
    assert_close(p.target_mm, 300, 0.1); /* where it stood (it walks to 100 mm without) */
}

/* Issue 12 item 1: experiments/examples/battle-minimal.yaml game 0. Knights 2
 * charged the Boar Riders 2 (x 900..1020, y 1000..1020, facing south) and
 * stands in contact on x 870..990; Knights 1 stand right behind them (x
 * 897.2..1017.2, y 960..980), 2 cm from the Boar Riders, and "cannot
 * reach" them in their present formation every turn. "there is no need
 * for the unit to retain its original formation - the stands are simply
 * re-arranged as needed": re-arranged (WM_FORM_ANY), with paths round the
 * friends, they reach the uncovered 3 cm of the front or a flank. */
/* RULE wm.stands.one-at-a-time wm.plan.contact-rearranged wm.plan.contact-any-edge */
static void test_wm_plan_knights_behind_friends_reach_the_boar_riders(void **state)
{
    (void)state;
    fresh();
    int br = line(1, WM_CAVALRY, 3, 960, 1000, 0, -1);
    line(0, WM_CAVALRY, 3, 930, 1000, 0, 1);
    int k1 = line(0, WM_CAVALRY, 3, 957.2, 980, 0, 1);
    wm_plan_request rq = wm_plan_request_make(k1, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = br;
    wm_plan p;
    plan_apply(&rq, &p);
    assert_true(p.reached);
    assert_true(wm_unit_distance_mm(&bf.unit[k1], &bf.unit[br], NULL, NULL, NULL, NULL) <= 1e-6);
    assert_true(p.checks <= 20); /* cheap: the first placements tried */
}

/* Contact is any touch: a charge whose pace only reaches the target's
 * front edge with the last 0.25 to 0.5 mm of the charger's front (the
 * corner-most placements) is found. Infantry (200 mm) 159.5 mm across and
 * 120 mm up from that edge: ending with 0.25 mm of overlap is 199.80 mm
 * away, 1 mm of overlap 200.40 mm; a flank is farther and needs a turn. */
/* RULE wm.plan.contact-any-edge */
static void test_wm_plan_charge_that_only_just_reaches_a_corner(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 1, 500, 510, 0, 1);   /* x 480..520, y 490..510 */
    int t = line(1, WM_INFANTRY, 1, 699.5, 630, 0, -1); /* x 679.5..719.5, y 630..650 */
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = t;
    wm_plan p;
    plan_apply(&rq, &p);
    assert_true(p.reached);
    const mu_orect *s = &bf.unit[u].stand[0];
    double overlap = s->center.x + 20 - 679.5;
    assert_true(overlap >= 0.25 - 1e-9 && overlap < 0.5);
    assert_close(s->center.y, 620, 1e-9);
}

/* "directly away" (The path of evaders: the direction between the closest
 * points of the closest stands): the unit keeps its formation and moves a
 * full pace straight away from the enemy's nearest corner. */
static void test_wm_plan_directly_away_from_a_unit(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 3, 500, 500, 0, 1);  /* x 440..560, y 480..500 */
    int e = line(1, WM_INFANTRY, 1, 600, 560, 0, -1); /* x 580..620, y 560..580 */
    mu_vec2 c0 = centre(u);
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_AWAY, WM_FORM_KEEP, WM_MOVE_ORDERED);
    rq.target = e;
    wm_plan p;
    plan_apply(&rq, &p);
    assert_true(p.reached);
    mu_vec2 d = mu_v2_sub(centre(u), c0), away = mu_v2_unit(mu_v2(560 - 580, 500 - 560));
    assert_close(mu_v2_len(d), 200, 1e-6);
    assert_close(mu_v2_dot(mu_v2_unit(d), away), 1, 1e-9);
    assert_close(p.target_mm, hypot(20, 60) + 200, 1e-6);
}

/* Nothing legal but standing still: boxed in by impassable walls. */
static void test_wm_plan_boxed_in_stands_still(void **state)
{
    (void)state;
    fresh();
    box(WM_HIGH_WALL, 430, 300, 570, 310);
    box(WM_HIGH_WALL, 430, 270, 570, 280);
    box(WM_HIGH_WALL, 430, 280, 440, 300);
    box(WM_HIGH_WALL, 560, 280, 570, 300);
    int u = line(0, WM_INFANTRY, 3, 500, 300, 0, 1);
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, WM_FORM_KEEP, WM_MOVE_ORDERED);
    rq.point = mu_v2(500, 600);
    wm_plan p;
    assert_false(wm_plan_move(&bf, &rq, &p));
    assert_int_equal(p.report.fault, WM_MOVE_OK);
    assert_close(p.advance_mm, 0, 0);
    assert_close(p.report.max_moved_mm, 0, 0);
}

/* Every plan (toward a point, a charge, away) on a crowded random table is
 * a legal move that wm_move_check confirms, ends in formation, and
 * never moves a stand past its allowance; a charge that reports contact
 * touches its target. */
static void test_wm_plans_on_a_random_table_are_legal(void **state)
{
    (void)state;
    mu_rng rng = mu_rng_for_game(2024, 7);
    for (int round = 0; round < 6; round++) {
        fresh();
        box(WM_WOOD, 300, 300, 500, 450);
        box(WM_RIVER, 800, 0, 840, 1200);
        box(WM_HIGH_WALL, 1200, 600, 1260, 900);
        for (int k = 0; k < 10; k++) {
            double x = 100 + 1600 * unif(&rng), y = 100 + 1000 * unif(&rng);
            double ang = 6.283185307179586 * unif(&rng);
            wm_troop troop = k % 3 == 0 ? WM_CAVALRY : WM_INFANTRY;
            int idx = line(k % 2, troop, 3, x, y, cos(ang), sin(ang));
            for (int j = 0; j < idx; j++) /* keep units apart */
                if (wm_unit_distance_mm(&bf.unit[idx], &bf.unit[j], NULL, NULL, NULL, NULL) < 5.0 ||
                    wm_orect_blocked(&bf, &bf.unit[idx], &bf.unit[idx].stand[1]) >= 0) {
                    bf.n_units--;
                    break;
                }
        }
        for (int k = 0; k < bf.n_units; k++) {
            const wm_unit *u = &bf.unit[k];
            int bad = 0;
            for (int s = 0; s < u->n_stands; s++)
                bad |= wm_orect_blocked(&bf, u, &u->stand[s]) >= 0 || !wm_orect_on_table(&bf, &u->stand[s]);
            if (bad)
                continue;
            int other = (k + 1 + (int)(unif(&rng) * (bf.n_units - 1))) % bf.n_units;
            for (int goal = 0; goal < 3; goal++) {
                wm_plan_request rq = wm_plan_request_make(k, (wm_goal)goal, (wm_form)((k + goal) % 3),
                                                                goal == 1 ? WM_MOVE_CHARGE : WM_MOVE_ORDERED);
                rq.point = mu_v2(1800 * unif(&rng), 1200 * unif(&rng));
                rq.target = other;
                wm_plan p;
                wm_plan_move(&bf, &rq, &p);
                if (p.moved) {
                    assert_int_equal(p.report.fault, WM_MOVE_OK);
                    assert_int_equal(wm_move_check(&bf, &p.move, NULL), WM_MOVE_OK);
                    assert_true(p.report.max_moved_mm <= p.report.allowance_mm + 1e-6);
                    assert_true(p.report.formation != WM_NOT_IN_FORMATION);
                }
                if (goal == 1 && p.reached)
                    assert_true(p.target_mm <= 1e-6);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_plan_toward_a_point_goes_full_pace_or_stops_on_it),
        cmocka_unit_test(test_wm_plan_halts_at_terrain_and_tries_detours),
        cmocka_unit_test(test_wm_plan_forms_a_column_or_a_line),
        cmocka_unit_test(test_wm_plan_initiative_charges_open_a_line_of_sight),
        cmocka_unit_test(test_wm_plan_knights_behind_friends_reach_the_boar_riders),
        cmocka_unit_test(test_wm_plan_charge_that_only_just_reaches_a_corner),
        cmocka_unit_test(test_wm_plan_directly_away_from_a_unit),
        cmocka_unit_test(test_wm_plan_boxed_in_stands_still),
        cmocka_unit_test(test_wm_plans_on_a_random_table_are_legal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
