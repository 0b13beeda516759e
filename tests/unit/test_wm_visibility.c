/* Warmaster line of sight: the exact sight test and the closest visible
 * enemy (warmaster-movement.adoc, "Moving by initative"). Stands 40 x 20
 * mm; "deg" is the facing, 0 = +y, counter-clockwise. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/wm_formation.h"
#include "warmaster/wm_visibility.h"
#include "assert_close.h"
#include "wm_table.h"

#define PI 3.14159265358979323846

static wm_battlefield bf;

/* The scene transform: every test scene may be turned by `turn` radians
 * about (900, 300), to show the results do not depend on axis alignment. */
static double turn;

static mu_vec2 T(double x, double y)
{
    return mu_v2_rotate_about(mu_v2(x, y), mu_v2(900, 300), turn);
}

static mu_vec2 dir(double deg)
{
    return mu_v2_rotate(mu_v2(0, 1), deg * PI / 180.0 + turn);
}

static void fresh(double radians)
{
    turn = radians;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
}

/* Adds a unit of n stands in a line, front edge centred on (x, y), facing
 * deg; returns its index. */
static int line(int side, wm_troop troop, unsigned flags, int n, double x, double y, double deg)
{
    return wmt_line(&bf, side, troop, flags, n, T(x, y), dir(deg));
}

static void box(wm_terrain kind, double x0, double y0, double x1, double y1)
{
    mu_vec2 v[4] = {T(x0, y0), T(x1, y0), T(x1, y1), T(x0, y1)};
    assert_int_equal(wm_add_polygon(&bf, kind, v, 4), WM_OK);
}

static int sees(int a, int b)
{
    return wm_unit_sees(&bf, a, b, WM_SIGHT_UNIT);
}

/* warmaster-movement: "Moving by initative": "an uninterrupted line of
 * sight between the front edge of any stand and any stand in the other
 * unit"; "not possible to see through unit stands from either side". */
/* RULE wm.sight.line-of-sight */
static void test_wm_clear_line_then_blocked_by_a_wider_unit(void **state)
{
    (void)state;
    fresh(0.0);
    int a = line(0, WM_INFANTRY, 0, 3, 900, 500, 0);
    int e = line(1, WM_INFANTRY, 0, 3, 900, 600, 180);
    assert_true(sees(a, e));
    assert_true(sees(e, a));
    int f = line(0, WM_INFANTRY, 0, 4, 900, 550, 0); /* a friend across the gap, wider */
    assert_false(sees(a, e));
    assert_false(sees(e, a));
    bf.unit[f].presence = WM_OFF_TABLE; /* gone: sight is open again */
    assert_true(sees(a, e));
}

/* warmaster-movement: "Moving by initative": butted stands are solid: no
 * sight along the joint between two stands, but through a real gap, however
 * thin, yes (the test is exact, not sampled). */
/* RULE wm.sight.line-of-sight */
static void test_wm_no_sight_through_a_joint_but_through_a_thin_gap(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        fresh(k * PI / 6.0);
        int a = line(0, WM_INFANTRY, 0, 1, 900, 500, 0);
        int e = line(1, WM_INFANTRY, 0, 1, 900, 600, 180);
        int f = line(1, WM_INFANTRY, 0, 2, 900, 550, 0); /* joint on x = 900 */
        assert_false(sees(a, e));
        bf.unit[f].stand[0].center = mu_v2_sub(bf.unit[f].stand[0].center, mu_v2_scale(dir(-90), 0.25));
        bf.unit[f].stand[1].center = mu_v2_add(bf.unit[f].stand[1].center, mu_v2_scale(dir(-90), 0.25));
        assert_true(sees(a, e)); /* a 0.5 mm gap */
    }
}

/* Two woods walls with 2 mm gaps, offset so that exactly one line passes
 * both gaps (x = 900 + (y - 330) / 5), grazing four corners. */
static void two_walls(double shift)
{
    box(WM_WOOD, 600, 330, 900, 340);
    box(WM_WOOD, 902, 330, 1200, 340);
    box(WM_WOOD, 600, 360, 906 + shift, 370);
    box(WM_WOOD, 908 + shift, 360, 1200, 370);
}

/* warmaster-movement: "Moving by initative": sight blocked "except a
 * sliver": a single grazing line is a line of sight; moved 0.01 mm it is
 * gone; a sampled test would miss both. */
/* RULE wm.sight.line-of-sight */
static void test_wm_sight_through_a_single_line_sliver_is_exact(void **state)
{
    (void)state;
    const double shifts[3] = {0.0, 0.01, -0.01};
    const int seen[3] = {1, 0, 1};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++) {
            fresh(k * PI / 6.0);
            two_walls(shifts[i]);
            int a = line(0, WM_INFANTRY, 0, 1, 900, 300, 0);
            int e = line(1, WM_INFANTRY, 0, 1, 900, 400, 180);
            assert_int_equal(sees(a, e), seen[i]);
        }
}

/* warmaster-movement: "Moving by initative": "terrain other than low
 * features such as low obstacles, rivers/streams" blocks sight; hills
 * block sight across them (reading), but a unit on the hill sees out. */
/* RULE wm.sight.line-of-sight */
static void test_wm_terrain_blocks_sight_but_low_features_do_not(void **state)
{
    (void)state;
    const struct { wm_terrain kind; int seen; } rows[] = {
        {WM_LOW_OBSTACLE, 1}, {WM_RIVER, 1}, {WM_FORD, 1}, {WM_FIELD, 1},
        {WM_WOOD, 0}, {WM_BUILT_UP, 0}, {WM_OPEN_HILL, 0}, {WM_HIGH_WALL, 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        fresh(0.0);
        box(rows[i].kind, 700, 530, 1100, 570);
        int a = line(0, WM_INFANTRY, 0, 3, 900, 500, 0);
        int e = line(1, WM_INFANTRY, 0, 3, 900, 600, 180);
        assert_int_equal(sees(a, e), rows[i].seen);
    }
    fresh(0.0);
    box(WM_OPEN_HILL, 700, 490, 1100, 570); /* a's front rank stands on the hill */
    int a = line(0, WM_INFANTRY, 0, 3, 900, 500, 0);
    int e = line(1, WM_INFANTRY, 0, 3, 900, 600, 180);
    assert_true(sees(a, e));
    assert_true(sees(e, a));
}

/* warmaster-movement: "Character movement": "All stands from either side
 * can see past … characters as if they were not there". */
/* RULE wm.orders.characters wm.sight.line-of-sight wm.character.transparent-sight */
static void test_wm_characters_never_block_sight(void **state)
{
    (void)state;
    fresh(0.0);
    int a = line(0, WM_INFANTRY, 0, 1, 900, 500, 0);
    int e = line(1, WM_INFANTRY, 0, 1, 900, 600, 180);
    wm_profile big = wm_profile_default(WM_CHARACTER, 0);
    big.stand_width_mm = 100.0;
    wm_unit hero = wm_unit_make(1, &big);
    wm_unit_add_stand(&hero, T(900, 540), dir(0));
    assert_int_equal(wm_add_unit(&bf, &hero), WM_OK);
    assert_true(sees(a, e));
    bf.unit[2].profile.troop = WM_INFANTRY; /* the same stand, not a character */
    assert_false(sees(a, e));
}

/* warmaster-movement: "Moving by initative": sight is from the front edge:
 * an enemy behind is not seen; with all-round vision it is (from a "free
 * edge"), but "cannot charge an enemy unless a line of sight can be drawn
 * from a stand's front edge". */
/* RULE wm.sight.all-round */
static void test_wm_enemy_behind_seen_only_all_round_and_not_charged(void **state)
{
    (void)state;
    fresh(0.0);
    int a = line(0, WM_CAVALRY, 0, 3, 900, 500, 0);
    int e = line(1, WM_INFANTRY, 0, 3, 900, 400, 0); /* 80 mm behind a */
    wm_enemy_options opt = wm_enemy_options_default();
    wm_closest c;
    assert_false(sees(a, e));
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 0);
    bf.unit[a].profile.flags |= WM_ALL_ROUND_VISION; /* Wolf Riders */
    assert_true(sees(a, e));
    assert_false(wm_unit_sees(&bf, a, e, WM_SIGHT_FRONT));
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 1);
    assert_int_equal(c.unit[0], e);
    assert_close(c.distance_mm, 80.0, 1e-9);
    assert_false(c.can_charge[0]);
}

/* warmaster-movement: "Moving by initative", Figures 1 and 2: "Unit A is
 * within 20cm of Enemy 1 and can see – it uses Initiative to charge. Note
 * unit B cannot see any enemy in this position." "Now unit A has moved unit
 * B can see enemy 2 … unit A's move has opened a line of sight". */
/* RULE wm.initiative.charge-or-evade wm.initiative.one-at-a-time */
static void test_wm_initiative_charge_opens_a_line_of_sight(void **state)
{
    (void)state;
    fresh(0.0);
    int a = line(0, WM_INFANTRY, 0, 3, 900, 500, 0);  /* x 840..960, y 480..500 */
    int b = line(0, WM_INFANTRY, 0, 2, 900, 460, 0);  /* x 860..940, behind A */
    int e1 = line(1, WM_INFANTRY, 0, 3, 900, 600, 180); /* 100 mm ahead of A */
    int e2 = line(1, WM_INFANTRY, 0, 3, 1040, 630, 180); /* x 980..1100, off to the right */
    wm_enemy_options opt = wm_enemy_options_default();
    wm_closest c;
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 1);
    assert_int_equal(c.unit[0], e1);
    assert_close(c.distance_mm, 100.0, 1e-9);
    assert_true(c.can_charge[0]);
    assert_true(sees(a, e2)); /* seen but farther: A reacts to E1 only */
    assert_int_equal(wm_closest_visible_enemies(&bf, b, &opt, &c), 0);
    assert_true(wm_unit_distance_mm(&bf.unit[b], &bf.unit[e2], NULL, NULL, NULL, NULL) <= 200.0);
    /* A charges E1: its front now against E1's front */
    wm_place_line(bf.unit[a].stand, 3, T(900, 600), dir(0), 40, 20);
    assert_int_equal(wm_closest_visible_enemies(&bf, b, &opt, &c), 1);
    assert_int_equal(c.unit[0], e2);
    assert_true(c.can_charge[0]);
}

/* warmaster-movement: "Moving by initative": "If two or more enemy units
 * are equally close a player may choose"; "within 20cm" counts 20 cm. */
/* RULE wm.initiative.equally-close */
static void test_wm_equally_close_enemies_are_all_returned(void **state)
{
    (void)state;
    fresh(0.0);
    int a = line(0, WM_INFANTRY, 0, 3, 900, 500, 0);
    int e1 = line(1, WM_INFANTRY, 0, 1, 860, 700, 180); /* 200 mm ahead */
    int e2 = line(1, WM_INFANTRY, 0, 1, 940, 700, 180);
    int far = line(1, WM_INFANTRY, 0, 1, 900, 700.01, 180); /* between, 0.01 mm farther */
    wm_enemy_options opt = wm_enemy_options_default();
    wm_closest c;
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 2);
    assert_int_equal(c.unit[0], e1);
    assert_int_equal(c.unit[1], e2);
    assert_close(c.distance_mm, 200.0, 1e-9);
    opt.range_mm = 199.0;
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 0);
    (void)far;
}

/* warmaster-movement: "Moving by initative": the closest *visible* enemy:
 * a closer enemy hidden in a wood is passed over for a farther one seen;
 * "Artillery cannot use their initiative to charge". */
/* RULE wm.initiative.charge-or-evade wm.initiative.artillery-no-charge */
static void test_wm_hidden_closer_enemy_is_skipped_artillery_cannot_charge(void **state)
{
    (void)state;
    fresh(0.0);
    box(WM_WOOD, 700, 510, 860, 590);
    int a = line(0, WM_ARTILLERY, 0, 1, 900, 500, 0);
    int hidden = line(1, WM_INFANTRY, 0, 1, 780, 600, 180); /* 128 mm, behind the wood */
    int seen = line(1, WM_INFANTRY, 0, 1, 1000, 650, 180);
    wm_enemy_options opt = wm_enemy_options_default();
    wm_closest c;
    assert_true(wm_unit_distance_mm(&bf.unit[a], &bf.unit[hidden], NULL, NULL, NULL, NULL) <
                wm_unit_distance_mm(&bf.unit[a], &bf.unit[seen], NULL, NULL, NULL, NULL));
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 1);
    assert_int_equal(c.unit[0], seen);
    assert_false(c.can_charge[0]);
}

/* warmaster-movement: "Moving by initative": "Enemy infantry or artillery
 * in fortified positions can be ignored"; cavalry there cannot be. */
/* RULE wm.initiative.ignore-fortified */
static void test_wm_fortified_infantry_may_be_ignored(void **state)
{
    (void)state;
    fresh(0.0);
    box(WM_FORTIFIED, 850, 580, 950, 650);
    int a = line(0, WM_INFANTRY, 0, 3, 900, 500, 0);
    int fort = line(1, WM_INFANTRY, 0, 1, 900, 600, 180);
    int open = line(1, WM_INFANTRY, 0, 1, 1040, 650, 180);
    wm_enemy_options opt = wm_enemy_options_default();
    wm_closest c;
    assert_true(wm_fortified_ignorable(&bf, fort));
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 1);
    assert_int_equal(c.unit[0], fort);
    opt.ignore_fortified = 1;
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 1);
    assert_int_equal(c.unit[0], open);
    bf.unit[fort].profile.troop = WM_MONSTERS;
    assert_false(wm_fortified_ignorable(&bf, fort));
}

/* warmaster-movement: "Moving by initative": "cavalry cannot cross rivers,
 * so two cavalry units divided by a river can ignore each other" — unless
 * one can "move round the barrier within a full pace move". */
/* RULE wm.initiative.ignore-divided */
static void test_wm_cavalry_divided_by_a_river(void **state)
{
    (void)state;
    fresh(0.0);
    box(WM_RIVER, 0, 540, 1800, 580); /* bank to bank across the table */
    int a = line(0, WM_CAVALRY, 0, 3, 900, 520, 0);
    int e = line(1, WM_CAVALRY, 0, 3, 900, 600, 180);
    wm_enemy_options opt = wm_enemy_options_default();
    wm_closest c;
    assert_true(wm_divided_by_barrier(&bf, a, e));
    assert_true(isinf(wm_route_around_mm(&bf, a, e)));
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 1);
    opt.ignore_divided = 1;
    assert_int_equal(wm_closest_visible_enemies(&bf, a, &opt, &c), 0);
    /* the river ends 100 mm to the side: round its end in about 244 mm */
    fresh(0.0);
    box(WM_RIVER, 0, 540, 1060, 580);
    a = line(0, WM_CAVALRY, 0, 3, 900, 520, 0);
    e = line(1, WM_CAVALRY, 0, 3, 900, 600, 180);
    assert_close(wm_route_around_mm(&bf, a, e), 2.0 * hypot(100.0, 20.0) + 40.0, 1e-6);
    assert_false(wm_divided_by_barrier(&bf, a, e));
    /* infantry may cross a river: not a mutual barrier */
    fresh(0.0);
    box(WM_RIVER, 0, 540, 1800, 580);
    a = line(0, WM_INFANTRY, 0, 3, 900, 520, 0);
    e = line(1, WM_CAVALRY, 0, 3, 900, 600, 180);
    assert_false(wm_divided_by_barrier(&bf, a, e));
    bf.feature[0].kind = WM_FORD; /* nor a ford, for cavalry */
    bf.unit[a].profile.troop = WM_CAVALRY;
    assert_false(wm_divided_by_barrier(&bf, a, e));
}

/* A small deterministic generator for the randomized checks. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static double uniform(double lo, double hi)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return lo + (hi - lo) * (double)(rng_state >> 11) / 9007199254740992.0;
}

/* Brute force: some sampled segment from the observer's front edge to the
 * target stand's boundary, strictly in front, crossing no blocker (other
 * stands, sight-blocking features). Blockers are placed at random, so
 * none touch and "the union's interior" is each blocker's. */
static int sampled_sees(const wm_unit *o, const wm_unit *t, int n_blockers, const mu_orect *blk)
{
    const int N = 24;
    mu_seg s = mu_orect_edge(&o->stand[0], MU_EDGE_FRONT);
    for (int i = 0; i <= N; i++) {
        mu_vec2 p = mu_v2_add(s.a, mu_v2_scale(mu_v2_sub(s.b, s.a), (double)i / N));
        for (int e = MU_EDGE_FRONT; e <= MU_EDGE_LEFT; e++) {
            mu_seg te = mu_orect_edge(&t->stand[0], e);
            for (int j = 0; j <= N; j++) {
                mu_vec2 q = mu_v2_add(te.a, mu_v2_scale(mu_v2_sub(te.b, te.a), (double)j / N));
                if (mu_v2_dot(mu_v2_sub(q, p), o->stand[0].facing) <= 1e-3)
                    continue;
                mu_seg seg = {p, q};
                int clear = !wm_seg_crosses_feature(&bf.feature[0], seg);
                for (int k = 0; k < n_blockers && clear; k++)
                    clear = !mu_seg_crosses_orect_interior(seg, &blk[k]);
                if (clear)
                    return 1;
            }
        }
    }
    return 0;
}

/* The exact test agrees with brute force wherever brute force finds a
 * line, and does not depend on how the scene is turned on the table. */
/* RULE wm.sight.line-of-sight */
static void test_wm_exact_sight_agrees_with_sampling_and_turning(void **state)
{
    (void)state;
    int seen = 0, slivers = 0;
    for (int trial = 0; trial < 150; trial++) {
        double ox = uniform(850, 950), tx = uniform(800, 1000), ty = uniform(420, 500);
        double odeg = uniform(-40, 40), tdeg = uniform(0, 360), wx = uniform(750, 1050);
        mu_vec2 bc[5];
        double bdeg[5];
        for (int k = 0; k < 5; k++) {
            bc[k] = mu_v2(uniform(780, 1020), uniform(330, 400));
            bdeg[k] = uniform(0, 360);
        }
        int answer = -1;
        for (int r = 0; r < 3; r++) {
            fresh(r == 0 ? 0.0 : uniform(0, 2 * PI));
            box(WM_WOOD, wx - 15, 360, wx + 15, 380);
            int o = line(0, WM_INFANTRY, 0, 1, ox, 300, odeg);
            int t = line(1, WM_INFANTRY, 0, 1, tx, ty, tdeg);
            mu_orect blk[5];
            for (int k = 0; k < 5; k++) {
                int b = line(1, WM_CAVALRY, 0, 1, 0, 0, bdeg[k]);
                bf.unit[b].stand[0].center = T(bc[k].x, bc[k].y);
                blk[k] = bf.unit[b].stand[0];
            }
            int exact = sees(o, t);
            if (r == 0) {
                answer = exact;
                int sampled = sampled_sees(&bf.unit[o], &bf.unit[t], 5, blk);
                if (sampled)
                    assert_true(exact);
                slivers += exact && !sampled;
                seen += exact;
            }
            assert_int_equal(exact, answer);
        }
    }
    assert_true(seen > 20 && seen < 130); /* the scenes are neither all clear nor all blocked */
    assert_true(slivers < 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_clear_line_then_blocked_by_a_wider_unit),
        cmocka_unit_test(test_wm_no_sight_through_a_joint_but_through_a_thin_gap),
        cmocka_unit_test(test_wm_sight_through_a_single_line_sliver_is_exact),
        cmocka_unit_test(test_wm_terrain_blocks_sight_but_low_features_do_not),
        cmocka_unit_test(test_wm_characters_never_block_sight),
        cmocka_unit_test(test_wm_enemy_behind_seen_only_all_round_and_not_charged),
        cmocka_unit_test(test_wm_initiative_charge_opens_a_line_of_sight),
        cmocka_unit_test(test_wm_equally_close_enemies_are_all_returned),
        cmocka_unit_test(test_wm_hidden_closer_enemy_is_skipped_artillery_cannot_charge),
        cmocka_unit_test(test_wm_fortified_infantry_may_be_ignored),
        cmocka_unit_test(test_wm_cavalry_divided_by_a_river),
        cmocka_unit_test(test_wm_exact_sight_agrees_with_sampling_and_turning),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
