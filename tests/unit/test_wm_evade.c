/* Warmaster evades (warmaster-movement.adoc, "The path of evaders"): the
 * direction from the closest points of the closest stands, at least 1 cm
 * and up to full pace, the 5 cm rule, no enemy, combat or impassable
 * terrain on the way, bursting through friends, the Light Cavalry option.
 * Stands 40 x 20 mm; "north" is +y. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/wm_evade.h"
#include "assert_close.h"
#include "wm_table.h"

#define PI 3.14159265358979323846

static wm_battlefield bf;

static void fresh(void)
{
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
}

/* n stands in a line, front edge centred on (x, y), facing north (dir 1)
 * or south (dir -1). */
static int line(int side, wm_troop troop, int n, double x, double y, double dir)
{
    return wmt_line(&bf, side, troop, 0, n, mu_v2(x, y), mu_v2(0, dir));
}

static void box(wm_terrain kind, double x0, double y0, double x1, double y1)
{
    wmt_box(&bf, kind, x0, y0, x1, y1);
}

/* Our infantry line x 840..960, y 480..500 facing north; an enemy line
 * ahead, its front (south) edge at y 500 + gap. */
static int evader_and_enemy(double gap, int *enemy)
{
    fresh();
    int a = line(0, WM_INFANTRY, 3, 900, 500, 1);
    *enemy = line(1, WM_INFANTRY, 3, 900, 500 + gap, -1);
    return a;
}

/* warmaster-movement: "The path of evaders", Figure "The evaders move in a
 * line established by placing a tape measure between the closest points of
 * the closest stands – in this case A and B": the enemy stand's corner
 * (1000, 560) and our right stand's corner (960, 500); that stand leads
 * straight along the tape, a full pace; the rest re-form around it (kept
 * as a line, the others' straight paths would clip the lead's new place,
 * so they form up differently). */
/* RULE wm.initiative.charge-evade-moves wm.evade.direction wm.evade.lead-stand */
static void test_wm_evade_direction_runs_between_the_closest_points(void **state)
{
    (void)state;
    fresh();
    int a = line(0, WM_INFANTRY, 3, 900, 500, 1);
    int b = line(1, WM_INFANTRY, 1, 1020, 560, -1); /* x 1000..1040, y 560..580 */
    wm_evade_dirs dirs;
    assert_int_equal(wm_evade_directions(&bf, a, b, &dirs), 1);
    mu_vec2 tape = mu_v2_unit(mu_v2(960 - 1000, 500 - 560));
    assert_int_equal(dirs.d[0].stand, 2);
    assert_close(dirs.d[0].from.x, 1000, 1e-9);
    assert_close(dirs.d[0].to.y, 500, 1e-9);
    assert_close(mu_v2_dot(dirs.d[0].dir, tape), 1, 1e-12);
    mu_vec2 before = bf.unit[a].stand[2].center;
    wm_evade_request rq = wm_evade_request_make(a, b);
    wm_evade ev;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    assert_close(ev.distance_mm, 200, 0);
    assert_int_equal(ev.move.path[0].stand, 2); /* the closest stand moves first */
    assert_int_equal(ev.move.path[0].n_legs, 1);
    wm_evade_apply(&bf, &ev);
    mu_vec2 moved = mu_v2_sub(bf.unit[a].stand[2].center, before);
    assert_close(mu_v2_len(moved), 200, 1e-9);
    assert_close(mu_v2_dot(mu_v2_unit(moved), tape), 1, 1e-12);
    assert_int_not_equal(wm_classify_formation(bf.unit[a].stand, 3), WM_NOT_IN_FORMATION);
    assert_true(ev.report.max_moved_mm <= 200.0 + 1e-9);
}

/* "Where stands are equally close, the evading player may choose between
 * them": a parallel enemy line is equally close to all three stands, and
 * each may lead; the direction is straight back. */
/* RULE wm.evade.direction */
static void test_wm_evade_ties_are_the_players_choice(void **state)
{
    (void)state;
    int e;
    int a = evader_and_enemy(100, &e);
    wm_evade_dirs dirs;
    assert_int_equal(wm_evade_directions(&bf, a, e, &dirs), 3);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(dirs.d[k].stand, k);
        assert_close(dirs.d[k].dir.y, -1, 1e-12);
    }
    wm_evade_request rq = wm_evade_request_make(a, e);
    rq.choice = 1;
    wm_evade ev;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    assert_int_equal(ev.move.path[0].stand, 1);
    rq.choice = 3;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_NO_DIRECTION);
    /* touching: no tape, no evade */
    a = evader_and_enemy(0, &e);
    assert_int_equal(wm_evade_directions(&bf, a, e, &dirs), 0);
}

/* "they move directly away … up to their full pace move, by at least 1 cm":
 * walls 5 mm behind leave no 1 cm move; a distance outside 1 cm .. full
 * pace cannot be asked for. */
/* RULE wm.evade.direction */
static void test_wm_evade_moves_at_least_1cm_up_to_full_pace(void **state)
{
    (void)state;
    int e;
    int a = evader_and_enemy(100, &e);
    wm_evade_request rq = wm_evade_request_make(a, e);
    wm_evade ev;
    rq.distance_mm = 9.9;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_BAD_REQUEST);
    rq.distance_mm = 200.1;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_BAD_REQUEST);
    rq.distance_mm = 10;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    box(WM_HIGH_WALL, 700, 400, 1100, 475); /* 5 mm behind */
    rq.distance_mm = 0;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_BLOCKED);
    assert_int_equal(ev.report.fault, WM_MOVE_TERRAIN);
}

/* "An evading unit must end its move at least 5cm from any enemy unit or
 * any unit engaged in combat. If unable to comply, units cannot evade." A
 * second enemy 150 mm behind: the evade stops 50 mm short of it; 55 mm
 * behind: cannot evade. A friendly unit in combat counts; one not in
 * combat only stops the evaders when they reach it. */
/* RULE wm.evade.restrictions */
static void test_wm_evade_ends_5cm_from_enemies_and_combats(void **state)
{
    (void)state;
    for (int kind = 0; kind < 3; kind++) {
        int e;
        int a = evader_and_enemy(100, &e);
        int other = line(kind == 0 ? 1 : 0, WM_INFANTRY, 3, 900, 330, 1); /* y 310..330: 150 behind */
        if (kind == 1)
            bf.unit[other].engaged = 1u;
        wm_evade_request rq = wm_evade_request_make(a, e);
        wm_evade ev;
        assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
        assert_close(ev.distance_mm, kind == 2 ? 150 : 100, 0.011);
        assert_true(kind == 2 || ev.clearance_mm >= 50.0 - 1e-6);
        if (kind < 2) {
            for (int s = 0; s < 3; s++)
                bf.unit[other].stand[s].center.y += 95; /* 55 mm behind */
            assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_TOO_CLOSE);
        }
    }
}

/* "Evading units cannot move through terrain they could not normally
 * enter, nor through enemy units": cavalry halt 80 mm back at a wood's edge;
 * an enemy unit behind cannot be burst through. */
/* RULE wm.evade.restrictions */
static void test_wm_evade_not_through_terrain_or_enemy_units(void **state)
{
    (void)state;
    int e;
    int a = evader_and_enemy(100, &e);
    bf.unit[a].profile = wm_profile_default(WM_CAVALRY, 0);
    box(WM_WOOD, 700, 200, 1100, 400); /* 80 mm behind */
    wm_evade_request rq = wm_evade_request_make(a, e);
    rq.allow_burst = 1;
    wm_evade ev;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    assert_close(ev.distance_mm, 80, 0.011);
    a = evader_and_enemy(100, &e);
    int behind = line(1, WM_INFANTRY, 3, 900, 400, 1); /* enemy y 380..400: 80 behind */
    rq = wm_evade_request_make(a, e);
    rq.allow_burst = 1;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    assert_close(ev.distance_mm, 30, 0.011); /* 50 mm short of it */
    assert_int_equal(ev.burst, 0);
    (void)behind;
}

/* warmaster-movement: "The path of evaders", Figure "Evaders bursting
 * through a friendly unit": "An evading unit can move through a friendly
 * unengaged unit … assuming the evaders have sufficient move to pass
 * completely through … a unit which is burst through is automatically
 * *confused*". Without enough move it cannot; an engaged friend cannot be
 * burst through at all. */
/* RULE wm.stands.burst-through wm.evade.burst-through */
static void test_wm_evaders_burst_through_a_friendly_unit(void **state)
{
    (void)state;
    int e;
    int a = evader_and_enemy(100, &e);
    int f = line(0, WM_INFANTRY, 3, 900, 450, 1); /* y 430..450: 30 mm behind */
    wm_evade_request rq = wm_evade_request_make(a, e);
    wm_evade ev;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK); /* no burst: up to it */
    assert_close(ev.distance_mm, 30, 0.011);
    rq.allow_burst = 1;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    assert_close(ev.distance_mm, 200, 0);
    assert_int_equal(ev.burst, (uint64_t)1 << f);
    assert_int_equal(ev.report.crossed, (uint64_t)1 << f);
    wm_evade_apply(&bf, &ev);
    assert_true(bf.unit[f].confused);
    assert_false(bf.unit[e].confused);
    /* artillery (10 cm) behind a friend 30 mm away and 60 mm deep: 110 mm
     * needed, so it stops short of the friend */
    fresh();
    int art = line(0, WM_ARTILLERY, 1, 900, 500, 1);
    e = line(1, WM_INFANTRY, 1, 900, 600, -1);
    wm_profile p = wm_profile_default(WM_INFANTRY, 0);
    wm_unit col = wm_unit_make(0, &p);
    for (int i = 0; i < 3; i++)
        wm_unit_add_stand(&col, mu_v2(900, 440 - 20 * i), mu_v2(0, 1)); /* y 390..450 */
    assert_int_equal(wm_add_unit(&bf, &col), WM_OK);
    f = bf.n_units - 1;
    rq = wm_evade_request_make(art, e);
    rq.allow_burst = 1;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    assert_close(ev.distance_mm, 30, 0.011);
    assert_int_equal(ev.burst, 0);
    rq.distance_mm = 100; /* through but not out: ends on the friend */
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_BLOCKED);
    assert_int_equal(ev.report.fault, WM_MOVE_NOT_THROUGH);
    /* an engaged friend: no burst, and it is a combat to keep 5 cm from */
    a = evader_and_enemy(100, &e);
    f = line(0, WM_INFANTRY, 3, 900, 450, 1);
    bf.unit[f].engaged = 1u;
    rq = wm_evade_request_make(a, e);
    rq.allow_burst = 1;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_TOO_CLOSE);
}

/* Optional rule: "*Light Cavalry:* a Cavalry unit with 6+ Armour can evade
 * in any direction … still obliged to move in a straight line". */
/* RULE wm.evade.light-cavalry */
static void test_wm_light_cavalry_may_evade_in_any_direction(void **state)
{
    (void)state;
    int e;
    int a = evader_and_enemy(100, &e);
    bf.unit[a].profile = wm_profile_default(WM_CAVALRY, 0);
    bf.unit[a].profile.armour = 6;
    wm_evade_request rq = wm_evade_request_make(a, e);
    rq.direction = mu_v2(1, 0); /* east, along the enemy's front */
    wm_evade ev;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_BAD_REQUEST); /* rule not in play */
    rq.light_cavalry_rule = 1;
    mu_vec2 before = bf.unit[a].stand[0].center;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    assert_close(ev.distance_mm, 300, 0);
    assert_int_equal(ev.move.path[0].n_legs, 1); /* one straight leg */
    wm_evade_apply(&bf, &ev);
    assert_close(bf.unit[a].stand[0].center.x - before.x, 300, 1e-9);
    assert_close(bf.unit[a].stand[0].center.y, before.y, 1e-9);
    bf.unit[a].profile.armour = 5;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_BAD_REQUEST);
}

/* "The stand can be oriented to face any direction during its move …
 * Remember to take into account any necessary distance required to
 * reorient stands": turning about shortens the evade so that no corner
 * moves more than 20 cm. */
/* RULE wm.evade.lead-stand */
static void test_wm_evade_turning_costs_distance(void **state)
{
    (void)state;
    fresh();
    int a = line(0, WM_INFANTRY, 1, 900, 500, 1);
    int e = line(1, WM_INFANTRY, 1, 900, 600, -1);
    wm_evade_request rq = wm_evade_request_make(a, e);
    rq.facing = mu_v2(0, -1); /* turn to run */
    wm_evade ev;
    assert_int_equal(wm_evade_plan(&bf, &rq, &ev), WM_EVADE_OK);
    assert_true(ev.distance_mm < 190.0);
    assert_true(ev.report.max_moved_mm <= 200.0 + 1e-6 && ev.report.max_moved_mm > 199.9);
    wm_evade_apply(&bf, &ev);
    assert_close(bf.unit[a].stand[0].facing.y, -1, 1e-9);
    (void)PI;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_evade_direction_runs_between_the_closest_points),
        cmocka_unit_test(test_wm_evade_ties_are_the_players_choice),
        cmocka_unit_test(test_wm_evade_moves_at_least_1cm_up_to_full_pace),
        cmocka_unit_test(test_wm_evade_ends_5cm_from_enemies_and_combats),
        cmocka_unit_test(test_wm_evade_not_through_terrain_or_enemy_units),
        cmocka_unit_test(test_wm_evaders_burst_through_a_friendly_unit),
        cmocka_unit_test(test_wm_light_cavalry_may_evade_in_any_direction),
        cmocka_unit_test(test_wm_evade_turning_costs_distance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
