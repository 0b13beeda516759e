/* Warmaster unit moves stand by stand (warmaster-movement.adoc, "Moving
 * the stands", "The gap rule", "Terrain"): exact path lengths with
 * turning, what a path may cross, terrain, the defile diagram. Stands
 * 40 x 20 mm; "north" is +y. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "warmaster/wm_move.h"
#include "assert_close.h"
#include "wm_table.h"

#define PI 3.14159265358979323846

static wm_battlefield bf;

static void fresh(void)
{
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
}

/* A unit of n stands in a line, front edge centred on (x, y), facing
 * `facing`; returns its index. */
static int line(int side, wm_troop troop, int n, double x, double y, mu_vec2 facing)
{
    return wmt_line(&bf, side, troop, 0, n, mu_v2(x, y), facing);
}

static void box(wm_terrain kind, double x0, double y0, double x1, double y1)
{
    wmt_box(&bf, kind, x0, y0, x1, y1);
}

/* Every stand of u translated by (dx, dy), in stand order, one leg. */
static void shift(wm_move *m, int u, wm_move_kind kind, double dx, double dy)
{
    mu_orect fin[WM_MAX_STANDS];
    for (int s = 0; s < bf.unit[u].n_stands; s++) {
        fin[s] = bf.unit[u].stand[s];
        fin[s].center = mu_v2_add(fin[s].center, mu_v2(dx, dy));
    }
    wm_move_direct(m, &bf, u, kind, fin, NULL);
}

static wm_move_fault check(const wm_move *m, wm_move_report *rep)
{
    return wm_move_check(&bf, m, rep);
}

/* Midpoint-rule length of a point's path during a leg (reference). */
static double quadrature(const mu_orect *from, wm_leg leg, mu_vec2 r0)
{
    const int n = 200000;
    mu_vec2 d = mu_v2_sub(leg.center, from->center);
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        double t = (i + 0.5) / n;
        mu_vec2 v = mu_v2_add(d, mu_v2_scale(mu_v2_perp(mu_v2_rotate(r0, leg.turn_rad * t)), leg.turn_rad));
        sum += mu_v2_len(v);
    }
    return sum / n;
}

/* warmaster-movement: "Moving the stands": "Always measure from the part of
 * the stand that moves the greatest distance - this will often be one of
 * the corners": a corner's path while the stand turns and moves is
 * computed exactly (against quadrature), and the stand's distance is its
 * farthest corner's. */
/* RULE wm.stands.farthest-part */
static void test_wm_path_length_is_exact_while_turning(void **state)
{
    (void)state;
    mu_orect r = {mu_v2(100, 100), mu_v2(0, 1), 40, 20};
    mu_vec2 c[4];
    mu_orect_corners(&r, c);
    double half_diag = hypot(20, 10);
    wm_leg straight = {mu_v2(100, 250), 0.0}, spin = {mu_v2(100, 100), PI / 2};
    assert_close(wm_leg_point_path_mm(&r, straight, mu_v2_sub(c[0], r.center)), 150, 1e-12);
    assert_close(wm_leg_point_path_mm(&r, spin, mu_v2_sub(c[0], r.center)), half_diag * PI / 2, 1e-12);
    const wm_leg legs[] = {{mu_v2(100, 250), PI / 2},  {mu_v2(180, 130), -PI / 3}, {mu_v2(90, 80), 2 * PI},
                              {mu_v2(135, 100), -PI},     {mu_v2(101, 101), 0.7},     {mu_v2(100 + 35.0 * PI / 2, 100), 1.2},
                              {mu_v2(120, 60), -5.5}};
    for (size_t k = 0; k < sizeof legs / sizeof legs[0]; k++) {
        double best = 0.0;
        for (int i = 0; i < 4; i++) {
            mu_vec2 off = mu_v2_sub(c[i], r.center);
            double exact = wm_leg_point_path_mm(&r, legs[k], off), ref = quadrature(&r, legs[k], off);
            assert_close(exact, ref, 1e-6 * (1.0 + ref));
            best = fmax(best, exact);
        }
        assert_close(wm_stand_path_mm(&r, &legs[k], 1, NULL), best, 0);
    }
    /* a leg where the corner's turning speed equals the centre's (a cusp) */
    wm_leg cusp = {mu_v2(100 + half_diag * 1.0, 100), 1.0};
    for (int i = 0; i < 4; i++) {
        mu_vec2 off = mu_v2_sub(c[i], r.center);
        assert_close(wm_leg_point_path_mm(&r, cusp, off), quadrature(&r, cusp, off), 1e-6);
    }
    /* two legs add per corner; the end pose follows the turns */
    mu_orect end;
    wm_leg two[2] = {{mu_v2(100, 100), PI / 2}, {mu_v2(100, 200), 0.0}};
    assert_close(wm_stand_path_mm(&r, two, 2, &end), 100 + half_diag * PI / 2, 1e-9);
    assert_close(end.facing.x, -1, 1e-12);
    assert_close(end.center.y, 200, 0);
    /* a leg turning next to nothing (as a kept facing turned and
     * normalised gives): its length is the straight one's, not the
     * rounding of two equal elliptic integrals (1e-16 rad measured 0 mm),
     * and it runs on smoothly across the small-turn threshold */
    const double tiny[] = {1e-16, 1e-13, 1e-10, 1e-6, 9.9e-4, 1.01e-3, 1e-2};
    for (size_t k = 0; k < sizeof tiny / sizeof tiny[0]; k++) {
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            wm_leg leg = {mu_v2(130, 220), sgn * tiny[k]};
            double len = wm_stand_path_mm(&r, &leg, 1, NULL), exh = wm_stand_path_exhaustive_mm(&r, &leg, 1, NULL);
            assert_close(len, hypot(30, 120), 1e-9 + 30 * tiny[k]);
            assert_close(len, exh, 1e-9);
            for (int i = 0; i < 4; i++) {
                mu_vec2 off = mu_v2_sub(c[i], r.center);
                assert_close(wm_leg_point_path_mm(&r, leg, off), quadrature(&r, leg, off), 1e-9);
            }
        }
    }
}

/* warmaster-movement: "Moving the stands": "No part of a stand can move
 * further than its permitted maximum movement distance": 200 mm straight
 * is an infantry move, 200.01 is not, and turning while moving counts. */
/* RULE wm.stands.farthest-part */
static void test_wm_no_part_moves_farther_than_the_allowance_turning_included(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 1, 500, 300, mu_v2(0, 1));
    wm_move m;
    wm_move_report rep;
    shift(&m, u, WM_MOVE_ORDERED, 0, 200);
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    assert_close(rep.allowance_mm, 200, 0);
    shift(&m, u, WM_MOVE_ORDERED, 0, 200.01);
    assert_int_equal(check(&m, &rep), WM_MOVE_TOO_FAR);
    shift(&m, u, WM_MOVE_ORDERED, 0, 180);
    m.path[0].leg[0].turn_rad = PI / 2; /* wheel to face west on the way */
    assert_int_equal(check(&m, &rep), WM_MOVE_TOO_FAR);
    assert_true(rep.moved_mm[0] > 200.0);
    m.path[0].leg[0].center.y = bf.unit[u].stand[0].center.y + 150; /* 150 mm with the same turn fits */
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    assert_true(rep.moved_mm[0] > 150.0 && rep.moved_mm[0] < 200.0);
}

/* warmaster-movement: "Moving the stands": "A stand cannot move through
 * the base area of a stand from *another* unit whether friend or foe
 * either wholly or in part"; sliding along one is not moving through it. */
/* RULE wm.stands.not-through-units */
static void test_wm_stand_cannot_cross_another_unit_friend_or_foe(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 3, 500, 300, mu_v2(0, 1)); /* x 440..560, y 280..300 */
    int friend = line(0, WM_INFANTRY, 3, 500, 400, mu_v2(0, 1));
    wm_move m;
    wm_move_report rep;
    shift(&m, u, WM_MOVE_ORDERED, 0, 150);
    assert_int_equal(check(&m, &rep), WM_MOVE_THROUGH_UNIT);
    assert_int_equal(rep.other_unit, friend);
    assert_int_equal(rep.path, 0);
    shift(&m, u, WM_MOVE_ORDERED, 0, 80); /* up to touching it is fine */
    assert_int_equal(check(&m, NULL), WM_MOVE_OK);
    bf.unit[friend].side = 1;
    shift(&m, u, WM_MOVE_ORDERED, 0, 150);
    assert_int_equal(check(&m, &rep), WM_MOVE_THROUGH_UNIT);
    bf.unit[friend].side = 0;
    /* a stand touching its flank is slid past, touching all the way */
    bf.unit[friend].stand[0].center = mu_v2(580, 290); /* x 560..600, y 280..300 */
    bf.unit[friend].stand[1].center = mu_v2(620, 290);
    bf.unit[friend].stand[2].center = mu_v2(660, 290);
    shift(&m, u, WM_MOVE_ORDERED, 0, 150);
    assert_int_equal(check(&m, NULL), WM_MOVE_OK);
    bf.unit[friend].stand[0].center.x -= 0.001; /* 1 micrometre into the path */
    assert_int_equal(check(&m, &rep), WM_MOVE_THROUGH_UNIT);
    assert_int_equal(rep.path, 2);
}

/* A column of three facing north, head first: stand 0 in front. */
static int column(int side, double x, double y_front)
{
    wm_profile p = wm_profile_default(WM_INFANTRY, 0);
    wm_unit u = wm_unit_make(side, &p);
    mu_orect s[3];
    wm_place_column(s, 3, mu_v2(x, y_front), mu_v2(0, 1), 40, 20);
    for (int i = 0; i < 3; i++)
        wm_unit_add_stand(&u, s[i].center, s[i].facing);
    assert_int_equal(wm_add_unit(&bf, &u), WM_OK);
    return bf.n_units - 1;
}

/* Moves the column's rear stand (2) to the head; 0 and 1 stay (a leg of
 * length 0), in the order given. */
static void rear_to_front(wm_move *m, int u, const int *order)
{
    mu_orect fin[3];
    for (int s = 0; s < 3; s++)
        fin[s] = bf.unit[u].stand[s];
    fin[2].center.y += 60; /* in front of the head, y 300..320 */
    wm_move_direct(m, &bf, u, WM_MOVE_ORDERED, fin, order);
}

/* warmaster-movement: "Moving the stands": "A stand can move through other
 * stands of the same unit if they have not yet moved and are not engaged
 * in combat … A stand cannot move through other stands who have already
 * moved or are engaged in combat." */
/* RULE wm.stands.not-through-units */
static void test_wm_stand_passes_own_unmoved_stands_not_moved_or_engaged(void **state)
{
    (void)state;
    fresh();
    int u = column(0, 500, 300); /* stands at y 280..300, 260..280, 240..260 */
    wm_move m;
    wm_move_report rep;
    const int rear_first[3] = {2, 1, 0}, head_first[3] = {0, 1, 2};
    rear_to_front(&m, u, rear_first); /* the rear stand runs through 1 and 0, unmoved */
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    assert_int_equal(rep.formation, WM_COLUMN);
    rear_to_front(&m, u, head_first); /* 0 and 1 have moved: 2 cannot pass them */
    assert_int_equal(check(&m, &rep), WM_MOVE_THROUGH_OWN);
    assert_int_equal(rep.path, 2);
    assert_int_equal(rep.other_unit, 0);
    bf.unit[u].engaged = 1u << 1; /* the middle stand is engaged */
    rear_to_front(&m, u, rear_first);
    assert_int_equal(check(&m, &rep), WM_MOVE_THROUGH_OWN);
    assert_int_equal(rep.other_unit, 1);
}

/* warmaster-movement: "Stands can always move through characters";
 * "Character movement": "a unit can move through its own side's
 * characters". Reading: a unit may end on its own characters (tokens), it
 * may cross an enemy character but not end on him. */
/* RULE wm.stands.through-characters wm.character.pass-own-side */
static void test_wm_units_pass_through_characters_and_end_only_on_their_own(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 3, 500, 300, mu_v2(0, 1));
    int hero = line(0, WM_CHARACTER, 1, 500, 400, mu_v2(0, 1));
    wm_move m;
    wm_move_report rep;
    shift(&m, u, WM_MOVE_ORDERED, 0, 150);
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    shift(&m, u, WM_MOVE_ORDERED, 0, 100); /* ending on him too */
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    bf.unit[hero].side = 1;
    shift(&m, u, WM_MOVE_ORDERED, 0, 150); /* through him */
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    shift(&m, u, WM_MOVE_ORDERED, 0, 100); /* onto him */
    assert_int_equal(check(&m, &rep), WM_MOVE_NOT_THROUGH);
    assert_int_equal(rep.other_unit, hero);
}

/* "they will halt at the edge": a forced move halts where no stand is in
 * terrain it cannot enter, also when a stand starts flush on a slanting
 * edge and the move would push one corner a sliver in (a blundered retreat
 * of game 189 of `muster replay experiments/default.yaml -n 100`, exact
 * pose: the swept hull alone passed where the end place did not). */
/* RULE wm.terrain.halt-at-edge */
static void test_wm_forced_halt_never_ends_a_sliver_inside(void **state)
{
    (void)state;
    fresh();
    mu_vec2 crag[5] = {mu_v2(580, 840), mu_v2(740, 800), mu_v2(800, 900), mu_v2(660, 960), mu_v2(560, 920)};
    assert_int_equal(wm_add_polygon(&bf, WM_STEEP_HILL, crag, 5), WM_OK);
    int cav = line(1, WM_CAVALRY, 1, 500, 500, mu_v2(0, -1));
    mu_orect *st = &bf.unit[cav].stand[0];
    st->center = mu_v2(0x1.1762e825eff26p+9, 0x1.a1ffb3593fc27p+9);
    st->facing = mu_v2(0x1.a8e120102cb3dp-1, -0x1.1db1dc2e2fb68p-1);
    assert_true(st->width == 40.0 && st->depth == 20.0);
    assert_int_equal(wm_orect_blocked(&bf, &bf.unit[cav], st), -1);
    mu_vec2 delta = mu_v2(0, 300);
    double f = wm_forced_halt(&bf, cav, delta, NULL);
    mu_orect end = *st;
    end.center = mu_v2_add(end.center, mu_v2_scale(delta, f));
    assert_int_equal(wm_orect_blocked(&bf, &bf.unit[cav], &end), -1);
}

/* "they will halt at the edge": an ordered move that slides along a
 * slanting wood edge and ends with one corner a sliver (2e-6 mm) inside is
 * refused, as the game's checker refuses the end place: the swept hull
 * alone passed within the rounding margins (Wolf Riders, game 11066 of
 * bench/wm-game-10.yaml with 10,000 games an arm, exact poses). */
/* RULE wm.terrain.halt-at-edge */
static void test_wm_move_refuses_an_end_a_sliver_inside(void **state)
{
    (void)state;
    fresh();
    mu_vec2 darkwood[5] = {mu_v2(250, 480), mu_v2(420, 440), mu_v2(500, 580), mu_v2(400, 700), mu_v2(240, 640)};
    assert_int_equal(wm_add_polygon(&bf, WM_WOOD, darkwood, 5), WM_OK);
    int cav = line(1, WM_CAVALRY, 1, 500, 900, mu_v2(0, -1));
    mu_orect *st = &bf.unit[cav].stand[0];
    st->center = mu_v2(313.53174003836421, 685.08014327946807);
    assert_int_equal(wm_orect_blocked(&bf, &bf.unit[cav], st), -1);
    mu_orect end = *st;
    end.center = mu_v2(341.89096028802561, 695.70910802230298);
    assert_int_equal(wm_orect_blocked(&bf, &bf.unit[cav], &end), 0);
    wm_move m;
    wm_move_direct(&m, &bf, cav, WM_MOVE_ORDERED, &end, NULL);
    wm_move_report rep;
    assert_int_equal(check(&m, &rep), WM_MOVE_TERRAIN);
}

/* warmaster-movement: "Terrain": "*Cavalry* … can't move into or over
 * terrain features … except for hills, …"; "If units attempt to move into
 * terrain they cannot cross they will halt at the edge". */
/* RULE wm.terrain.halt-at-edge */
static void test_wm_terrain_refuses_paths_and_forced_moves_halt_at_the_edge(void **state)
{
    (void)state;
    fresh();
    box(WM_WOOD, 400, 400, 600, 500);
    int cav = line(0, WM_CAVALRY, 3, 500, 300, mu_v2(0, 1)); /* y 280..300 */
    wm_move m;
    wm_move_report rep;
    shift(&m, cav, WM_MOVE_ORDERED, 0, 250); /* over the wood */
    assert_int_equal(check(&m, &rep), WM_MOVE_TERRAIN);
    assert_int_equal(rep.feature, 0);
    shift(&m, cav, WM_MOVE_ORDERED, 0, 100); /* up to its edge */
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    bf.unit[cav].profile.troop = WM_INFANTRY; /* infantry walk through */
    bf.unit[cav].profile.full_pace_mm = 300;
    shift(&m, cav, WM_MOVE_ORDERED, 0, 250);
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    bf.unit[cav].profile.troop = WM_CAVALRY;
    int feature = -2;
    double f = wm_forced_halt(&bf, cav, mu_v2(0, 250), &feature);
    assert_close(f * 250, 100, 1e-5);
    assert_int_equal(feature, 0);
    assert_close(wm_forced_halt(&bf, cav, mu_v2(0, -250), &feature), 1.0, 0);
    assert_int_equal(feature, -1);
}

/* warmaster-movement: "Formation & Movement": "all stands in the unit must
 * touch at least one other stand"; and a path must stay on the table
 * (leaving it is "Units which move off the table", not a move). */
/* RULE wm.stands.one-at-a-time */
static void test_wm_move_ends_in_formation_on_the_table(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 3, 500, 300, mu_v2(0, 1));
    mu_orect fin[3];
    for (int s = 0; s < 3; s++)
        fin[s] = bf.unit[u].stand[s];
    fin[2].center.x += 5; /* a 5 mm gap to its neighbour */
    wm_move m;
    wm_move_report rep;
    wm_move_direct(&m, &bf, u, WM_MOVE_ORDERED, fin, NULL);
    assert_int_equal(check(&m, &rep), WM_MOVE_FORMATION);
    fin[2].center = mu_v2(500, 270); /* behind the middle: irregular */
    const int order[3] = {2, 0, 1};   /* through the middle before it has moved */
    wm_move_direct(&m, &bf, u, WM_MOVE_ORDERED, fin, order);
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    assert_int_equal(rep.formation, WM_IRREGULAR);
    int edge = line(0, WM_INFANTRY, 1, 30, 300, mu_v2(0, 1)); /* x 10..50 */
    shift(&m, edge, WM_MOVE_ORDERED, -10, 0);
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    shift(&m, edge, WM_MOVE_ORDERED, -10.01, 0);
    assert_int_equal(check(&m, &rep), WM_MOVE_OFF_TABLE);
    m.path[0].n_legs = 2; /* out and back again: the path left the table */
    m.path[0].leg[1].center = bf.unit[edge].stand[0].center;
    m.path[0].leg[1].turn_rad = 0;
    assert_int_equal(check(&m, &rep), WM_MOVE_OFF_TABLE);
}

/* warmaster-movement: "Formation & Movement": the allowance by move kind
 * (rules 1 and 5): an irregular unit ordered moves half pace, charging it
 * moves full pace. */
/* RULE wm.pace.maximum */
static void test_wm_move_allowance_follows_the_move_kind(void **state)
{
    (void)state;
    fresh();
    int u = line(0, WM_INFANTRY, 2, 500, 300, mu_v2(0, 1));
    bf.unit[u].stand[1].center = mu_v2(500, 270); /* behind stand 0's right half: irregular */
    wm_move m;
    wm_move_report rep;
    shift(&m, u, WM_MOVE_ORDERED, 0, 100);
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    shift(&m, u, WM_MOVE_ORDERED, 0, 100.01);
    assert_int_equal(check(&m, &rep), WM_MOVE_TOO_FAR);
    assert_close(rep.allowance_mm, 100, 0);
    shift(&m, u, WM_MOVE_CHARGE, 0, 200);
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    shift(&m, u, WM_MOVE_DICE, 0, 70);
    m.rolled_mm = 60;
    assert_int_equal(check(&m, &rep), WM_MOVE_TOO_FAR);
}

/* The fixture of test_wm_battlefield.c: two high walls with a 25 mm gap
 * (x 900..925, y 500..540) and an infantry line facing north at y 440
 * (x 852.5..972.5). */
static int defile(double gap_mm)
{
    fresh();
    box(WM_HIGH_WALL, 700, 500, 900, 540);
    box(WM_HIGH_WALL, 900 + gap_mm, 500, 1100, 540);
    wm_profile p = wm_profile_default(WM_INFANTRY, 0);
    wm_unit u = wm_unit_make(0, &p);
    for (int i = 0; i < 3; i++)
        wm_unit_add_stand(&u, mu_v2(872.5 + 40 * i, 440), mu_v2(0, 1));
    assert_int_equal(wm_add_unit(&bf, &u), WM_OK);
    return bf.n_units - 1;
}

/* warmaster-movement: "The gap rule", Figure "Infantry move through a gap":
 * "a stand … can be oriented to pass through any gap so long as the gap is
 * at least as wide as the stand's shortest edge … an infantry stand might
 * be turned to its side". The line turns each stand to face east and
 * files through the 25 mm defile; turning while already in it is refused
 * (the path is checked as it turns); a column facing north needs 40 mm. */
/* RULE wm.stands.one-at-a-time wm.gap.shortest-edge */
static void test_wm_stands_turned_to_their_side_pass_the_defile(void **state)
{
    (void)state;
    int u = defile(25);
    wm_move m;
    memset(&m, 0, sizeof m);
    m.unit = u;
    m.kind = WM_MOVE_ORDERED;
    m.charge_target = -1;
    m.n = 3;
    /* the middle stand turns on the spot, then goes straight through */
    m.path[0] = (wm_stand_path){1, 2, {{mu_v2(912.5, 440), -PI / 2}, {mu_v2(912.5, 600), 0}}};
    /* the left one turns, steps east into the middle's old place, goes up */
    m.path[1] = (wm_stand_path){0, 3, {{mu_v2(872.5, 440), -PI / 2}, {mu_v2(912.5, 440), 0}, {mu_v2(912.5, 560), 0}}};
    m.path[2] = (wm_stand_path){2, 3, {{mu_v2(952.5, 440), -PI / 2}, {mu_v2(912.5, 440), 0}, {mu_v2(912.5, 520), 0}}};
    wm_move_report rep;
    assert_int_equal(check(&m, &rep), WM_MOVE_OK);
    assert_int_equal(rep.formation, WM_LINE); /* three stands facing east, side by side */
    assert_true(rep.max_moved_mm <= 200.0);
    assert_close(rep.moved_mm[0], 160 + hypot(20, 10) * PI / 2, 1e-9);
    wm_move_apply(&bf, &m);
    assert_close(bf.unit[u].stand[2].center.y, 520, 0);
    assert_close(bf.unit[u].stand[2].facing.x, 1, 1e-12);
    /* turning while moving: still 40 mm across when it reaches the walls */
    u = defile(25);
    m.path[0] = (wm_stand_path){1, 1, {{mu_v2(912.5, 600), -PI / 2}}};
    assert_int_equal(check(&m, &rep), WM_MOVE_TERRAIN);
    assert_int_equal(rep.path, 0);
    /* a column facing north through a 40 mm defile, touching both walls:
     * each stand steps sideways to x 920, then straight up */
    for (int g = 0; g < 2; g++) {
        u = defile(g == 0 ? 40 : 39.9);
        const int order[3] = {1, 0, 2};
        const double end_y[3] = {570, 590, 550}; /* stand 1 at the head (y 580..600) */
        for (int k = 0; k < 3; k++) {
            int st = order[k];
            m.path[k] = (wm_stand_path){st, 2, {{mu_v2(920, 440), 0}, {mu_v2(920, end_y[st]), 0}}};
        }
        assert_int_equal(check(&m, &rep), g == 0 ? WM_MOVE_OK : WM_MOVE_TERRAIN);
        if (g == 0)
            assert_int_equal(rep.formation, WM_COLUMN);
    }
}

/* The swept path of a turning stand against sampling: random legs (turns
 * up to a half turn) past a stand of another unit. Any sampled pose that
 * overlaps it must be refused; a refusal must come within 0.05 mm of it
 * (the conservative slack of wm_move.h, "Swept area"). */
static void test_wm_turning_sweep_agrees_with_sampling(void **state)
{
    (void)state;
    uint64_t x = 88172645463325252ull; /* xorshift64 */
    int refused = 0, allowed = 0;
    for (int trial = 0; trial < 120; trial++) {
        fresh();
        int u = line(0, WM_INFANTRY, 1, 500, 300, mu_v2(0, 1));
        int o = line(1, WM_INFANTRY, 1, 540, 345, mu_v2(1, 0));
        double r[4];
        for (int k = 0; k < 4; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            r[k] = (double)(x >> 11) / 9007199254740992.0;
        }
        wm_move m;
        shift(&m, u, WM_MOVE_ORDERED, -40 + 120 * r[0], 40 + 60 * r[1]);
        m.path[0].leg[0].turn_rad = (r[2] - 0.5) * 2.0 * PI / 2.0;
        bf.unit[o].stand[0].center.x += 40.0 * (r[3] - 0.5);
        wm_move_fault f = check(&m, NULL);
        if (f == WM_MOVE_TOO_FAR)
            continue;
        int overlap = 0;
        double least = INFINITY;
        for (int i = 0; i <= 1500; i++) {
            mu_orect pose = wm_leg_pose(&bf.unit[u].stand[0], m.path[0].leg[0], i / 1500.0);
            overlap |= mu_orect_overlap(&pose, &bf.unit[o].stand[0]);
            if (f == WM_MOVE_THROUGH_UNIT && !overlap)
                least = fmin(least, mu_orect_distance(&pose, &bf.unit[o].stand[0], NULL, NULL));
        }
        if (overlap)
            assert_int_equal(f, WM_MOVE_THROUGH_UNIT);
        if (f == WM_MOVE_THROUGH_UNIT)
            assert_true(overlap || least <= 0.05);
        else
            assert_int_equal(f, WM_MOVE_OK);
        refused += f != WM_MOVE_OK;
        allowed += f == WM_MOVE_OK;
    }
    assert_true(refused > 20 && allowed > 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_path_length_is_exact_while_turning),
        cmocka_unit_test(test_wm_no_part_moves_farther_than_the_allowance_turning_included),
        cmocka_unit_test(test_wm_stand_cannot_cross_another_unit_friend_or_foe),
        cmocka_unit_test(test_wm_stand_passes_own_unmoved_stands_not_moved_or_engaged),
        cmocka_unit_test(test_wm_units_pass_through_characters_and_end_only_on_their_own),
        cmocka_unit_test(test_wm_terrain_refuses_paths_and_forced_moves_halt_at_the_edge),
        cmocka_unit_test(test_wm_forced_halt_never_ends_a_sliver_inside),
        cmocka_unit_test(test_wm_move_refuses_an_end_a_sliver_inside),
        cmocka_unit_test(test_wm_move_ends_in_formation_on_the_table),
        cmocka_unit_test(test_wm_move_allowance_follows_the_move_kind),
        cmocka_unit_test(test_wm_stands_turned_to_their_side_pass_the_defile),
        cmocka_unit_test(test_wm_turning_sweep_agrees_with_sampling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
