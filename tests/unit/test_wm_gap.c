/* The Warmaster gap rule (warmaster-movement.adoc, "The gap rule"): a
 * stand may not pass between two enemy stands, or an enemy stand and a
 * feature or friendly stand, unless the gap is wider than its frontage,
 * except to charge those enemies. Stands 40 x 20 mm; "north" is +y. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/wm_move.h"
#include "assert_close.h"
#include "wm_table.h"

static wm_battlefield bf;

static void fresh(void)
{
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
}

/* n stands of troop in a line, front edge centred on (x, y), facing north
 * (dir 1) or south (dir -1); returns the unit's index. */
static int line(int side, wm_troop troop, int n, double x, double y, double dir)
{
    return wmt_line(&bf, side, troop, 0, n, mu_v2(x, y), mu_v2(0, dir));
}

static void box(wm_terrain kind, double x0, double y0, double x1, double y1)
{
    wmt_box(&bf, kind, x0, y0, x1, y1);
}

/* Unit u (one stand) straight north by dy. */
static wm_move_fault north(int u, wm_move_kind kind, int target, double dy, wm_move_report *rep)
{
    mu_orect fin = bf.unit[u].stand[0];
    fin.center.y += dy;
    wm_move m;
    wm_move_direct(&m, &bf, u, kind, &fin, NULL);
    m.charge_target = target;
    return wm_move_check(&bf, &m, rep);
}

/* The fixture of test_wm_battlefield.c, Figure "cannot move through the
 * gap": enemy lines x 740..860 and 900 + extra..1020 + extra at y 590..610
 * (facing south); our single stand x 860..900 at y 440..460. */
static int enemy_pair(double extra, int *left, int *right)
{
    fresh();
    *left = line(1, WM_INFANTRY, 3, 800, 590, -1);
    *right = line(1, WM_INFANTRY, 3, 960 + extra, 590, -1);
    return line(0, WM_INFANTRY, 1, 880, 460, 1);
}

/* warmaster-movement: "The gap rule", Figure "This infantry unit cannot
 * move through the gap between the two enemy units": "there must be a gap
 * of more than 40mm for an infantry stand to pass between two enemy
 * stands": exactly 40 mm is refused though the stand fits, 40.5 mm is
 * allowed; "this does not prevent them moving between such stands to
 * charge them". */
/* RULE wm.gap.enemy-frontage */
static void test_wm_cannot_pass_between_enemy_units_one_frontage_apart(void **state)
{
    (void)state;
    int left, right;
    int u = enemy_pair(0.0, &left, &right);
    wm_move_report rep;
    assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 200, &rep), WM_MOVE_ENEMY_GAP);
    assert_true(rep.other_unit == left || rep.other_unit == right);
    assert_int_equal(rep.feature, -1);
    assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 140, &rep), WM_MOVE_ENEMY_GAP); /* into it */
    assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 130, &rep), WM_MOVE_OK);         /* up to its mouth */
    /* charging the left unit: into the gap to its flank */
    assert_int_equal(north(u, WM_MOVE_CHARGE, left, 140, &rep), WM_MOVE_OK);
    assert_int_equal(north(u, WM_MOVE_CHARGE, -1, 140, &rep), WM_MOVE_ENEMY_GAP);
    u = enemy_pair(0.5, &left, &right);
    assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 200, &rep), WM_MOVE_OK);
    /* a whole line of three cannot file through 40 mm either: a column can at 40.5 */
    u = enemy_pair(0.0, &left, &right);
    bf.unit[u].stand[0].center.x = 2000; /* replace our stand by a column below the gap */
    bf.n_units--;
    wm_profile p = wm_profile_default(WM_INFANTRY, 0);
    wm_unit col = wm_unit_make(0, &p);
    for (int i = 0; i < 3; i++)
        wm_unit_add_stand(&col, mu_v2(880, 450 - 20 * i), mu_v2(0, 1));
    assert_int_equal(wm_add_unit(&bf, &col), WM_OK);
    u = bf.n_units - 1;
    mu_orect fin[3];
    for (int i = 0; i < 3; i++) {
        fin[i] = bf.unit[u].stand[i];
        fin[i].center.y += 200;
    }
    wm_move m;
    wm_move_direct(&m, &bf, u, WM_MOVE_ORDERED, fin, NULL);
    assert_int_equal(wm_move_check(&bf, &m, &rep), WM_MOVE_ENEMY_GAP);
    for (int k = 0; k < 3; k++)
        bf.unit[right].stand[k].center.x += 0.5;
    assert_int_equal(wm_move_check(&bf, &m, &rep), WM_MOVE_OK);
}

/* warmaster-movement: "The gap rule": "between an enemy stand and any
 * feature … or between an enemy stand and the edge of a river". Reading:
 * any feature, whether the unit may enter it or not (the caption's
 * "impassable terrain" is one case): a wood is a side of the gap for
 * infantry, who may enter it, as for cavalry, who may not. */
/* RULE wm.gap.enemy-frontage */
static void test_wm_gap_between_an_enemy_stand_and_terrain(void **state)
{
    (void)state;
    for (int kind = 0; kind < 3; kind++) {
        fresh();
        box(kind == 0 ? WM_RIVER : WM_WOOD, 500, 500, 835, 700); /* edge x = 835 */
        line(1, WM_INFANTRY, 1, 895, 610, -1);                        /* x 875..915: 40 mm from it */
        int u = line(0, kind == 2 ? WM_CAVALRY : WM_INFANTRY, 1, 855, 460, 1); /* x 835..875 */
        wm_move_report rep;
        assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 200, &rep), WM_MOVE_ENEMY_GAP);
        assert_int_equal(rep.feature, 0);
    }
    /* 45 mm from the river: wide enough */
    fresh();
    box(WM_RIVER, 500, 500, 830, 700);
    line(1, WM_INFANTRY, 1, 895, 610, -1);
    int u = line(0, WM_INFANTRY, 1, 852.5, 460, 1);
    assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 200, NULL), WM_MOVE_OK);
}

/* warmaster-movement: "The gap rule": "between an enemy stand and a
 * friendly stand" (of another unit: reading, a unit's own stands re-form
 * around each other, see the column in the first test); a stand that
 * starts in such a gap may leave it. */
/* RULE wm.gap.enemy-frontage */
static void test_wm_gap_between_an_enemy_and_a_friendly_stand(void **state)
{
    (void)state;
    fresh();
    line(1, WM_INFANTRY, 1, 940, 610, -1); /* enemy x 920..960, y 610..630 */
    int f = line(0, WM_INFANTRY, 1, 860, 630, 1); /* friend x 840..880: 40 mm gap */
    int u = line(0, WM_INFANTRY, 1, 900, 460, 1); /* x 880..920 */
    wm_move_report rep;
    assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 200, &rep), WM_MOVE_ENEMY_GAP);
    /* our stand sits in the gap: it may back out */
    bf.unit[u].stand[0].center.y = 620;
    assert_int_equal(north(u, WM_MOVE_ORDERED, -1, -100, &rep), WM_MOVE_OK);
    /* 5 mm more and the gap is wide enough */
    bf.unit[u].stand[0].center.y = 450;
    bf.unit[f].stand[0].center.x -= 5;
    assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 200, &rep), WM_MOVE_OK);
}

/* warmaster-movement: "The gap rule": "a stand … can be oriented to pass
 * through any gap so long as the gap is at least as wide as the stand's
 * shortest edge": between two friendly units (no enemy) a 20 mm gap takes
 * a stand turned on its side, 19.9 mm does not. */
/* RULE wm.gap.shortest-edge */
static void test_wm_gap_between_friends_needs_the_shortest_edge(void **state)
{
    (void)state;
    for (int g = 0; g < 2; g++) {
        double gap = g == 0 ? 20.0 : 19.9;
        fresh();
        line(0, WM_INFANTRY, 1, 880, 610, 1);
        line(0, WM_INFANTRY, 1, 920 + gap, 610, 1); /* gap x 900..900 + gap */
        int u = line(0, WM_INFANTRY, 1, 900 + gap / 2, 460, 1);
        bf.unit[u].stand[0].facing = mu_v2(1, 0); /* turned on its side: 20 mm across */
        wm_move_report rep;
        assert_int_equal(north(u, WM_MOVE_ORDERED, -1, 190, &rep),
                         g == 0 ? WM_MOVE_OK : WM_MOVE_THROUGH_UNIT);
    }
}

/* warmaster-movement: "The gap rule": the gap between two enemy stands
 * set corner to corner (32 mm apart, diagonally): a stand turned to slip
 * through it edgeways fits (friends: allowed) but may not pass between
 * enemies; passing below them is no business of the gap rule. */
/* RULE wm.gap.enemy-frontage */
static void test_wm_diagonal_gap_between_enemy_stands(void **state)
{
    (void)state;
    for (int side = 0; side < 2; side++) {
        fresh();
        int a = line(side, WM_INFANTRY, 1, 820, 600, 1); /* x 800..840, y 580..600 */
        int b = line(side, WM_INFANTRY, 1, 885, 640, 1); /* x 865..905, y 620..640 */
        (void)a;
        (void)b;
        mu_vec2 mid = mu_v2(852.5, 610), across = mu_v2_unit(mu_v2(25, 20));
        mu_vec2 along = mu_v2_perp(across); /* through the gap, north-west */
        wm_profile p = wm_profile_default(WM_INFANTRY, 0);
        wm_unit us = wm_unit_make(0, &p);
        wm_unit_add_stand(&us, mu_v2_sub(mid, mu_v2_scale(along, 70)), across);
        assert_int_equal(wm_add_unit(&bf, &us), WM_OK);
        int u = bf.n_units - 1;
        mu_orect fin = bf.unit[u].stand[0];
        fin.center = mu_v2_add(mid, mu_v2_scale(along, 70));
        wm_move m;
        wm_move_report rep;
        wm_move_direct(&m, &bf, u, WM_MOVE_ORDERED, &fin, NULL);
        assert_int_equal(wm_move_check(&bf, &m, &rep), side == 0 ? WM_MOVE_OK : WM_MOVE_ENEMY_GAP);
        /* east along y 540..560, 20 mm below the lower enemy */
        bf.unit[u].stand[0].center = mu_v2(700, 550);
        bf.unit[u].stand[0].facing = mu_v2(0, 1);
        fin = bf.unit[u].stand[0];
        fin.center.x = 880;
        wm_move_direct(&m, &bf, u, WM_MOVE_ORDERED, &fin, NULL);
        assert_int_equal(wm_move_check(&bf, &m, &rep), WM_MOVE_OK);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_cannot_pass_between_enemy_units_one_frontage_apart),
        cmocka_unit_test(test_wm_gap_between_an_enemy_stand_and_terrain),
        cmocka_unit_test(test_wm_gap_between_an_enemy_and_a_friendly_stand),
        cmocka_unit_test(test_wm_gap_between_friends_needs_the_shortest_edge),
        cmocka_unit_test(test_wm_diagonal_gap_between_enemy_stands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
