/* Warmaster formations and move allowances (warmaster-movement.adoc,
 * "Formation & Movement"). Stands 40 x 20 mm. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/wm_formation.h"
#include "assert_close.h"

#define PI 3.14159265358979323846
#define W 40.0
#define D 20.0

static wm_battlefield bf;

static mu_vec2 dir(double degrees)
{
    return mu_v2_rotate(mu_v2(0, 1), degrees * PI / 180.0);
}

static mu_orect at(double x, double y, double degrees)
{
    mu_orect r = {mu_v2(x, y), dir(degrees), W, D};
    return r;
}

/* b placed behind a, turned `turn` degrees from a's facing (> 0:
 * counter-clockwise), hanging from the corner on the inside of the bend:
 * b's front-right on a's back-right when turn > 0, front-left on
 * back-left when turn < 0. */
static mu_orect curve_behind(const mu_orect *a, double turn)
{
    mu_vec2 ca[4], cb[4];
    mu_orect_corners(a, ca);
    mu_orect b = *a;
    b.facing = mu_v2_rotate(a->facing, turn * PI / 180.0);
    b.center = mu_v2(0, 0);
    mu_orect_corners(&b, cb);
    int k = turn > 0 ? 1 : 0; /* front-right or front-left of b */
    int m = turn > 0 ? 2 : 3; /* on back-right or back-left of a */
    b.center = mu_v2_sub(ca[m], cb[k]);
    return b;
}

/* warmaster-movement: "Formation & Movement": "all stands in the unit must
 * touch at least one other stand … either along an edge or at a point". */
/* RULE wm.formation.touching */
static void test_wm_stands_touching_edge_or_corner_are_in_formation(void **state)
{
    (void)state;
    mu_orect edge[2] = {at(0, 0, 0), at(40, 0, 0)};
    mu_orect corner[2] = {at(0, 0, 0), at(40, 20, 0)};
    mu_orect apart[2] = {at(0, 0, 0), at(40.01, 0, 0)};
    mu_orect overlap[2] = {at(0, 0, 0), at(39, 0, 0)};
    assert_true(wm_in_formation(edge, 2));
    assert_true(wm_in_formation(corner, 2));
    assert_false(wm_in_formation(apart, 2));
    assert_false(wm_in_formation(overlap, 2));
    assert_true(wm_in_formation(edge, 1));
    assert_false(wm_in_formation(edge, 0));
    /* two separate pairs: each stand touches another (the letter of the
     * text) but the unit is not one body */
    mu_orect pairs[4] = {at(0, 0, 0), at(40, 0, 0), at(200, 0, 0), at(240, 0, 0)};
    assert_true(wm_in_formation(pairs, 4));
    assert_false(wm_stands_connected(pairs, 4));
    assert_true(wm_stands_connected(pairs, 2));
    assert_int_equal(wm_classify_formation(apart, 2), WM_NOT_IN_FORMATION);
}

/* warmaster-movement: "Formation & Movement": "a straight line with all
 * their stands facing in the same direction and butted edge-to-edge". */
/* RULE wm.formation.line */
static void test_wm_line_is_butted_edge_to_edge_same_facing(void **state)
{
    (void)state;
    mu_orect line[3];
    wm_place_line(line, 3, mu_v2(500, 500), dir(30), W, D);
    assert_int_equal(wm_classify_formation(line, 3), WM_LINE);
    mu_orect shuffled[3] = {line[2], line[0], line[1]};
    assert_int_equal(wm_classify_formation(shuffled, 3), WM_LINE);
    mu_orect one[1] = {at(0, 0, 77)};
    assert_int_equal(wm_classify_formation(one, 1), WM_LINE);
    /* staggered by 5 mm: still touching, no longer a straight line */
    mu_orect stagger[3] = {at(0, 0, 0), at(40, 5, 0), at(80, 0, 0)};
    assert_int_equal(wm_classify_formation(stagger, 3), WM_IRREGULAR);
    /* middle stand turned round: edges butted, facings differ */
    mu_orect about[3] = {at(0, 0, 0), at(40, 0, 180), at(80, 0, 0)};
    assert_int_equal(wm_classify_formation(about, 3), WM_IRREGULAR);
}

/* warmaster-movement: "Formation & Movement": "a column with stands
 * placed one behind the other …, either edge-to-edge or corner-to-corner"
 * (the curved column "following the road"). */
/* RULE wm.formation.column */
static void test_wm_column_edge_to_edge_and_curved(void **state)
{
    (void)state;
    mu_orect col[3];
    wm_place_column(col, 3, mu_v2(0, 0), dir(-20), W, D);
    assert_int_equal(wm_classify_formation(col, 3), WM_COLUMN);
    mu_orect rev[3] = {col[2], col[0], col[1]};
    assert_int_equal(wm_classify_formation(rev, 3), WM_COLUMN);
    mu_orect curve[4];
    curve[0] = at(300, 300, 0);
    curve[1] = curve_behind(&curve[0], 20);
    curve[2] = curve_behind(&curve[1], 20);
    curve[3] = curve_behind(&curve[2], 15);
    assert_true(wm_in_formation(curve, 4));
    assert_int_equal(wm_classify_formation(curve, 4), WM_COLUMN);
    curve[3] = curve_behind(&curve[2], -15); /* an S-bend */
    assert_int_equal(wm_classify_formation(curve, 4), WM_COLUMN);
}

/* warmaster-movement: "Formation & Movement": an echelon (touching at the
 * opposite corners), a T and a fork are not "one behind the other". */
/* RULE wm.formation.column */
static void test_wm_echelon_t_and_fork_are_irregular(void **state)
{
    (void)state;
    mu_orect echelon[3] = {at(0, 0, 0), at(40, -20, 0), at(80, -40, 0)};
    assert_int_equal(wm_classify_formation(echelon, 3), WM_IRREGULAR);
    mu_orect tee[3] = {at(0, 0, 0), at(40, 0, 0), at(20, -20, 0)}; /* one behind the join */
    assert_int_equal(wm_classify_formation(tee, 3), WM_IRREGULAR);
    mu_orect fork[3];
    fork[0] = at(0, 0, 0);
    fork[1] = curve_behind(&fork[0], 70); /* any less and the two overlap */
    fork[2] = curve_behind(&fork[0], -70);
    assert_true(wm_in_formation(fork, 3));
    assert_int_equal(wm_classify_formation(fork, 3), WM_IRREGULAR);
    mu_orect folded[2];
    folded[0] = at(0, 0, 0);
    folded[1] = curve_behind(&folded[0], 90); /* turned a right angle */
    assert_int_equal(wm_classify_formation(folded, 2), WM_IRREGULAR);
}

static wm_unit unit_of(wm_troop troop, const mu_orect *s, int n)
{
    wm_profile p = wm_profile_default(troop, 0);
    wm_unit u = wm_unit_make(0, &p);
    for (int i = 0; i < n; i++)
        wm_unit_add_stand(&u, s[i].center, s[i].facing);
    return u;
}

/* warmaster-movement: "Formation & Movement" rules 1, 3, 4 and 5: regular
 * formations full pace, irregular half pace; charging or evading full pace
 * "regardless of their formation"; dice moves "not affected". */
/* RULE wm.pace.maximum wm.formation.charge-evade-full-pace wm.formation.irregular-half-pace
 * RULE wm.formation.dice-distance */
static void test_wm_allowance_by_formation_and_move_kind(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    mu_orect line[3], col[3];
    wm_place_line(line, 3, mu_v2(500, 500), dir(0), W, D);
    wm_place_column(col, 3, mu_v2(700, 500), dir(0), W, D);
    mu_orect irr[3] = {at(300, 300, 0), at(340, 305, 0), at(380, 300, 0)};
    wm_unit inf = unit_of(WM_INFANTRY, line, 3);
    wm_unit cav = unit_of(WM_CAVALRY, col, 3);
    wm_unit mob = unit_of(WM_INFANTRY, irr, 3);
    assert_close(wm_move_allowance_mm(&bf, &inf, WM_MOVE_ORDERED, 0), 200, 0);
    assert_close(wm_move_allowance_mm(&bf, &cav, WM_MOVE_ORDERED, 0), 300, 0);
    assert_close(wm_move_allowance_mm(&bf, &mob, WM_MOVE_ORDERED, 0), 100, 0);
    assert_close(wm_move_allowance_mm(&bf, &mob, WM_MOVE_CHARGE, 0), 200, 0);
    assert_close(wm_move_allowance_mm(&bf, &mob, WM_MOVE_EVADE, 0), 200, 0);
    assert_close(wm_move_allowance_mm(&bf, &mob, WM_MOVE_DICE, 73.5), 73.5, 0);
    assert_close(wm_move_allowance_mm(&bf, &inf, WM_MOVE_DICE, 30), 30, 0);
    /* a failed first order: half pace, formation or not */
    assert_close(wm_move_allowance_mm(&bf, &cav, WM_MOVE_HALF_PACE, 0), 150, 0);
    assert_close(wm_move_allowance_mm(&bf, &mob, WM_MOVE_HALF_PACE, 0), 100, 0);
}

/* warmaster-movement: "Formation & Movement" rule 2: "wholly or partially
 * in a fortified position at the start of their movement can only move at
 * half pace … unless they are charging or evading". */
/* RULE wm.formation.fortified-half-pace */
static void test_wm_fortified_at_start_is_half_pace_unless_charging(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    mu_vec2 fort[4] = {mu_v2(400, 480), mu_v2(460, 480), mu_v2(460, 560), mu_v2(400, 560)};
    assert_int_equal(wm_add_polygon(&bf, WM_FORTIFIED, fort, 4), WM_OK);
    mu_orect line[3];
    wm_place_line(line, 3, mu_v2(500, 500), dir(0), W, D); /* left stand x 440..480 */
    wm_unit inf = unit_of(WM_INFANTRY, line, 3);
    assert_true(wm_unit_fortified(&bf, &inf));
    assert_close(wm_move_allowance_mm(&bf, &inf, WM_MOVE_ORDERED, 0), 100, 0);
    assert_close(wm_move_allowance_mm(&bf, &inf, WM_MOVE_CHARGE, 0), 200, 0);
    assert_close(wm_move_allowance_mm(&bf, &inf, WM_MOVE_EVADE, 0), 200, 0);
    wm_place_line(line, 3, mu_v2(520, 500), dir(0), W, D); /* left edge on the fort's edge */
    inf = unit_of(WM_INFANTRY, line, 3);
    assert_close(wm_move_allowance_mm(&bf, &inf, WM_MOVE_ORDERED, 0), 200, 0);
}

/* warmaster-movement: "Character movement": "Characters can always move
 * at full pace"; the Movement Chart's flying paces. */
/* RULE wm.pace.flying wm.character.terrain */
static void test_wm_characters_and_flyers_paces(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    mu_orect one[1] = {at(100, 100, 0)};
    wm_unit hero = unit_of(WM_CHARACTER, one, 1);
    assert_close(wm_move_allowance_mm(&bf, &hero, WM_MOVE_ORDERED, 0), 600, 0);
    assert_close(wm_move_allowance_mm(&bf, &hero, WM_MOVE_HALF_PACE, 0), 600, 0);
    wm_profile fly = wm_profile_default(WM_MONSTERS, WM_FLYING);
    wm_unit harpies = wm_unit_make(1, &fly);
    mu_orect irr[3] = {at(300, 300, 0), at(340, 305, 0), at(380, 300, 0)};
    for (int i = 0; i < 3; i++)
        wm_unit_add_stand(&harpies, irr[i].center, irr[i].facing);
    assert_close(wm_move_allowance_mm(&bf, &harpies, WM_MOVE_ORDERED, 0), 100, 0);
    assert_close(wm_move_allowance_mm(&bf, &harpies, WM_MOVE_CHARGE, 0), 1000, 0);
    assert_string_equal(wm_formation_name(WM_COLUMN), "column");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_stands_touching_edge_or_corner_are_in_formation),
        cmocka_unit_test(test_wm_line_is_butted_edge_to_edge_same_facing),
        cmocka_unit_test(test_wm_column_edge_to_edge_and_curved),
        cmocka_unit_test(test_wm_echelon_t_and_fork_are_irregular),
        cmocka_unit_test(test_wm_allowance_by_formation_and_move_kind),
        cmocka_unit_test(test_wm_fortified_at_start_is_half_pace_unless_charging),
        cmocka_unit_test(test_wm_characters_and_flyers_paces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
