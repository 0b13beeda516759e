/* The Warmaster battlefield: the Movement Chart, terrain kinds and access,
 * stands in terrain, the table edges (warmaster-movement.adoc, "Movement
 * distances", "Terrain", "Fortifications and buildings"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/geom_sweep.h"
#include "warmaster/wm_battlefield.h"
#include "assert_close.h"

static wm_battlefield bf; /* large: keep it off the stack */

/* An axis-aligned rectangle as a polygon feature, x0..x1 by y0..y1. */
static wm_status add_box(wm_terrain kind, double x0, double y0, double x1, double y1)
{
    mu_vec2 v[4] = {mu_v2(x0, y0), mu_v2(x1, y0), mu_v2(x1, y1), mu_v2(x0, y1)};
    return wm_add_polygon(&bf, kind, v, 4);
}

/* A unit of troop with one stand centred at (x, y) facing +y. */
static wm_unit one_stand(wm_troop troop, unsigned flags, double x, double y)
{
    wm_profile p = wm_profile_default(troop, flags);
    wm_unit u = wm_unit_make(0, &p);
    wm_unit_add_stand(&u, mu_v2(x, y), mu_v2(0, 1));
    return u;
}

/* warmaster-movement: "Movement distances", the Movement Chart. */
/* RULE wm.pace.chart */
static void test_wm_profiles_follow_the_movement_chart(void **state)
{
    (void)state;
    const struct { wm_troop t; unsigned flags; double full, half; } chart[] = {
        {WM_INFANTRY, 0, 200, 100}, {WM_CAVALRY, 0, 300, 150}, {WM_CHARIOTS, 0, 300, 150},
        {WM_ARTILLERY, 0, 100, 50}, {WM_MONSTERS, 0, 200, 100}, {WM_MONSTERS, WM_FLYING, 1000, 100},
        {WM_CHARACTER, 0, 600, 600}, {WM_CHARACTER, WM_FLYING, 1000, 1000},
    };
    for (size_t i = 0; i < sizeof chart / sizeof chart[0]; i++) {
        wm_profile p = wm_profile_default(chart[i].t, chart[i].flags);
        assert_close(p.full_pace_mm, chart[i].full, 0.0);
        assert_close(p.half_pace_mm, chart[i].half, 0.0);
        assert_close(p.stand_width_mm, 40.0, 0.0);
        assert_close(p.stand_depth_mm, 20.0, 0.0);
        assert_true(wm_profile_valid(&p));
    }
}

/* warmaster-movement: "Machines: Varies – See the Artillery & Machines
 * section": no default pace; a profile must give one. */
/* RULE wm.pace.machines */
static void test_wm_machines_need_their_pace_from_the_profile(void **state)
{
    (void)state;
    wm_profile p = wm_profile_default(WM_MACHINES, 0);
    assert_false(wm_profile_valid(&p));
    p.full_pace_mm = 150.0;
    p.half_pace_mm = 75.0;
    assert_true(wm_profile_valid(&p));
    p.flags = WM_MONSTROUS_MOUNT; /* mounts are for characters */
    assert_false(wm_profile_valid(&p));
    assert_int_equal(wm_troop_from_name("machines"), WM_MACHINES);
    assert_int_equal(wm_troop_from_name("cavalery"), WM_TROOP_COUNT);
    assert_string_equal(wm_troop_name(WM_CHARIOTS), "chariots");
}

/* warmaster-movement: "Terrain": "Typical dense terrain features are
 * woods, built-up areas and broken or marshy ground"; sight is blocked by
 * "terrain other than low features such as low obstacles, rivers/streams". */
/* RULE wm.terrain.dense */
static void test_wm_terrain_table_dense_and_sight(void **state)
{
    (void)state;
    assert_true(wm_terrain_get(WM_WOOD)->dense);
    assert_true(wm_terrain_get(WM_BUILT_UP)->dense);
    assert_true(wm_terrain_get(WM_MARSH)->dense);
    assert_false(wm_terrain_get(WM_OPEN_HILL)->dense);
    assert_false(wm_terrain_get(WM_LOW_OBSTACLE)->blocks_sight);
    assert_false(wm_terrain_get(WM_RIVER)->blocks_sight);
    assert_false(wm_terrain_get(WM_FORD)->blocks_sight);
    assert_true(wm_terrain_get(WM_WOOD)->blocks_sight);
    assert_true(wm_terrain_get(WM_OPEN_HILL)->blocks_sight); /* reading */
    assert_true(wm_terrain_get(WM_HIGH_WALL)->blocks_sight);
    for (int k = 0; k < WM_TERRAIN_COUNT; k++)
        assert_int_equal(wm_terrain_from_name(wm_terrain_get((wm_terrain)k)->name), k);
    assert_int_equal(wm_terrain_from_name("swamp"), WM_TERRAIN_COUNT);
}

/* warmaster-movement: "Terrain": infantry "can move into or over terrain";
 * cavalry and monsters only "hills, bridges, shallow fordable rivers, grown
 * fields and low obstacles"; chariots and artillery "hills and bridges";
 * machines "in the same way as chariots"; steep hills "impenetrable to all
 * units except infantry"; a barrier to all troops; high walls "block
 * movement". */
/* RULE wm.terrain.infantry wm.terrain.cavalry-monsters wm.terrain.chariots-artillery
 * RULE wm.terrain.other-feature wm.terrain.hills wm.terrain.barrier wm.terrain.high-walls */
static void test_wm_terrain_access_by_troop_type(void **state)
{
    (void)state;
    for (int k = 0; k < WM_TERRAIN_COUNT; k++) {
        int wall = k == WM_HIGH_WALL || k == WM_BARRIER;
        assert_int_equal(wm_can_enter(WM_INFANTRY, (wm_terrain)k), !wall);
        assert_int_equal(wm_can_enter(WM_CHARACTER, (wm_terrain)k), !wall);
        int cav = k == WM_OPEN_HILL || k == WM_BRIDGE || k == WM_FORD || k == WM_FIELD ||
                  k == WM_LOW_OBSTACLE;
        assert_int_equal(wm_can_enter(WM_CAVALRY, (wm_terrain)k), cav);
        assert_int_equal(wm_can_enter(WM_MONSTERS, (wm_terrain)k), cav);
        int chariot = k == WM_OPEN_HILL || k == WM_BRIDGE;
        assert_int_equal(wm_can_enter(WM_CHARIOTS, (wm_terrain)k), chariot);
        assert_int_equal(wm_can_enter(WM_MACHINES, (wm_terrain)k), chariot);
        /* "Chariots and artillery": not into fortified positions either */
        assert_int_equal(wm_can_enter(WM_ARTILLERY, (wm_terrain)k), chariot);
    }
    assert_false(wm_can_enter(WM_CAVALRY, WM_STEEP_HILL));
    assert_true(wm_can_enter(WM_INFANTRY, WM_STEEP_HILL));
    assert_false(wm_can_enter(WM_CAVALRY, WM_OTHER_FEATURE));
}

/* warmaster-movement: "Character movement": characters "unless mounted on
 * a monstrous mount or riding a chariot, always treat terrain as if they
 * were infantry". */
/* RULE wm.pace.flying wm.terrain.flying-exception wm.character.terrain */
static void test_wm_character_terrain_follows_the_mount(void **state)
{
    (void)state;
    wm_unit foot = one_stand(WM_CHARACTER, 0, 100, 100);
    wm_unit dragon = one_stand(WM_CHARACTER, WM_MONSTROUS_MOUNT, 100, 100);
    wm_unit chariot = one_stand(WM_CHARACTER, WM_CHARIOT_MOUNT, 100, 100);
    wm_unit pegasus = one_stand(WM_CHARACTER, WM_FLYING, 100, 100);
    assert_true(wm_unit_can_enter(&foot, WM_WOOD));
    assert_false(wm_unit_can_enter(&dragon, WM_WOOD));
    assert_true(wm_unit_can_enter(&dragon, WM_FIELD));
    assert_false(wm_unit_can_enter(&chariot, WM_FIELD));
    assert_true(wm_unit_can_enter(&chariot, WM_BRIDGE));
    assert_true(wm_unit_can_enter(&pegasus, WM_BARRIER)); /* assumption: flyers */
}

/* warmaster-command: "Dense terrain": "at least one stand is even
 * partially within dense terrain"; a stand touching the wood's edge is not
 * in it. */
/* RULE wm.terrain.dense */
static void test_wm_stand_partly_wholly_or_out_of_a_wood(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    assert_int_equal(add_box(WM_WOOD, 100, 100, 300, 300), WM_OK);
    const wm_feature *wood = &bf.feature[0];
    mu_orect in = {mu_v2(200, 200), mu_v2(0, 1), 40, 20};
    mu_orect part = {mu_v2(100, 200), mu_v2(0, 1), 40, 20};
    mu_orect touch = {mu_v2(80, 200), mu_v2(0, 1), 40, 20};  /* right edge on x = 100 */
    mu_orect skew = {mu_v2(95, 200), mu_v2(1, 1), 40, 20};   /* corner pokes in */
    assert_int_equal(wm_orect_in_feature(wood, &in), WM_WHOLLY);
    assert_int_equal(wm_orect_in_feature(wood, &part), WM_PARTLY);
    assert_int_equal(wm_orect_in_feature(wood, &touch), WM_OUT);
    assert_int_equal(wm_orect_in_feature(wood, &skew), WM_PARTLY);

    wm_profile p = wm_profile_default(WM_INFANTRY, 0);
    wm_unit u = wm_unit_make(0, &p);
    wm_unit_add_stand(&u, mu_v2(20, 200), mu_v2(0, 1));
    wm_unit_add_stand(&u, mu_v2(60, 200), mu_v2(0, 1));
    assert_false(wm_unit_in_dense(&bf, &u));
    wm_unit_add_stand(&u, mu_v2(100, 200), mu_v2(0, 1)); /* half in the wood */
    assert_true(wm_unit_in_dense(&bf, &u));
    bf.feature[0].dense = 0; /* a scenario may override the kind */
    assert_false(wm_unit_in_dense(&bf, &u));
}

/* warmaster-movement: "Formation & Movement" rule 2: "wholly or partially
 * in a fortified position"; circles as features. */
/* RULE wm.formation.fortified-half-pace */
static void test_wm_unit_partly_in_a_circular_fortified_position(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    assert_int_equal(wm_add_circle(&bf, WM_FORTIFIED, mu_v2(500, 500), 50), WM_OK);
    wm_unit u = one_stand(WM_INFANTRY, 0, 500, 500);
    assert_int_equal(wm_orect_in_feature(&bf.feature[0], &u.stand[0]), WM_WHOLLY);
    assert_true(wm_unit_fortified(&bf, &u));
    u.stand[0].center = mu_v2(500, 555); /* front edge 15 mm past the circle's top */
    assert_int_equal(wm_orect_in_feature(&bf.feature[0], &u.stand[0]), WM_PARTLY);
    assert_true(wm_unit_fortified(&bf, &u));
    u.stand[0].center = mu_v2(500, 560); /* back edge on the circle's top */
    assert_int_equal(wm_orect_in_feature(&bf.feature[0], &u.stand[0]), WM_OUT);
    assert_false(wm_unit_fortified(&bf, &u));
}

/* warmaster-movement: "Terrain": "If units attempt to move into terrain
 * they cannot cross they will halt at the edge": a footprint in terrain it
 * cannot enter is found; one at the edge is not. */
/* RULE wm.terrain.halt-at-edge */
static void test_wm_footprint_in_terrain_it_cannot_enter(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    assert_int_equal(add_box(WM_FIELD, 0, 0, 200, 200), WM_OK);
    assert_int_equal(add_box(WM_WOOD, 300, 0, 500, 200), WM_OK);
    wm_unit cav = one_stand(WM_CAVALRY, 0, 100, 100);
    wm_unit chariot = one_stand(WM_CHARIOTS, 0, 100, 100);
    wm_unit foot = one_stand(WM_INFANTRY, 0, 310, 100);
    assert_int_equal(wm_orect_blocked(&bf, &cav, &cav.stand[0]), -1);
    assert_int_equal(wm_orect_blocked(&bf, &chariot, &chariot.stand[0]), 0); /* the field */
    assert_int_equal(wm_orect_blocked(&bf, &foot, &foot.stand[0]), -1);
    cav.stand[0].center = mu_v2(290, 100); /* overlaps the wood by 10 mm */
    assert_int_equal(wm_orect_blocked(&bf, &cav, &cav.stand[0]), 1);
    cav.stand[0].center = mu_v2(280, 100); /* halted at its edge */
    assert_int_equal(wm_orect_blocked(&bf, &cav, &cav.stand[0]), -1);
}

/* warmaster-movement: "Terrain": cavalry may cross "bridges" but not a
 * river: a stand on a bridge over a river is not blocked; one beside it,
 * or hanging off the bridge over the water, is. */
/* RULE wm.terrain.halt-at-edge */
static void test_wm_bridge_over_a_river_carries_cavalry(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    assert_int_equal(add_box(WM_RIVER, 0, 500, 1800, 560), WM_OK);
    assert_int_equal(add_box(WM_BRIDGE, 880, 490, 920, 570), WM_OK); /* 40 wide, 10 on each bank */
    wm_profile p = wm_profile_default(WM_CAVALRY, 0);
    wm_unit cav = wm_unit_make(0, &p);
    mu_orect on = {mu_v2(900, 530), mu_v2(1, 0), 40, 20}; /* turned: 20 wide across, 40 along */
    mu_orect astride = {mu_v2(900, 492), mu_v2(0, 1), 40, 20}; /* bank, off the bridge, to 2 mm over water */
    mu_orect hanging = {mu_v2(915, 530), mu_v2(1, 0), 40, 20}; /* 5 mm over the water */
    mu_orect beside = {mu_v2(1000, 530), mu_v2(1, 0), 40, 20};
    assert_int_equal(wm_orect_blocked(&bf, &cav, &on), -1);
    assert_int_equal(wm_orect_blocked(&bf, &cav, &astride), -1);
    assert_int_equal(wm_orect_blocked(&bf, &cav, &hanging), 0);
    assert_int_equal(wm_orect_blocked(&bf, &cav, &beside), 0);
    mu_vec2 notch[5] = {mu_v2(0, 0), mu_v2(40, 0), mu_v2(20, 10), mu_v2(40, 20), mu_v2(0, 20)};
    assert_int_equal(wm_add_polygon(&bf, WM_BRIDGE, notch, 5), WM_BRIDGE_NOT_CONVEX);
}

/* warmaster-movement: "Terrain" with "Moving the stands": a stand's path
 * (the area it sweeps) may not cross terrain it cannot enter, even when it
 * starts and ends clear of it. */
/* RULE wm.terrain.halt-at-edge */
static void test_wm_swept_path_across_a_wood_corner_is_blocked(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    assert_int_equal(add_box(WM_WOOD, 300, 300, 400, 400), WM_OK);
    wm_unit cav = one_stand(WM_CAVALRY, 0, 250, 380); /* x 230..270: west of the wood */
    mu_vec2 path[8];
    int n = mu_orect_sweep_hull(&cav.stand[0], mu_v2(100, -100), path); /* ends south of it */
    assert_true(n >= 4 && n <= 8);
    mu_orect end = cav.stand[0];
    end.center = mu_v2(350, 280);
    assert_int_equal(wm_orect_blocked(&bf, &cav, &cav.stand[0]), -1);
    assert_int_equal(wm_orect_blocked(&bf, &cav, &end), -1);
    assert_int_equal(wm_convex_blocked(&bf, &cav, path, n), 0);
    n = mu_orect_sweep_hull(&cav.stand[0], mu_v2(0, -200), path); /* straight south: clear */
    assert_int_equal(wm_convex_blocked(&bf, &cav, path, n), -1);
}

/* Scenario errors are reported, not added. */
static void test_wm_bad_features_are_refused_with_a_reason(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, 1200, 1200);
    mu_vec2 bow[4] = {mu_v2(0, 0), mu_v2(10, 10), mu_v2(10, 0), mu_v2(0, 10)};
    assert_int_equal(wm_add_polygon(&bf, WM_WOOD, bow, 4), WM_NOT_SIMPLE);
    assert_int_equal(wm_add_polygon(&bf, WM_WOOD, bow, 2), WM_NOT_SIMPLE);
    assert_int_equal(wm_add_circle(&bf, WM_WOOD, mu_v2(0, 0), 0.0), WM_BAD_RADIUS);
    assert_int_equal(wm_add_circle(&bf, WM_TERRAIN_COUNT, mu_v2(0, 0), 5.0), WM_BAD_KIND);
    assert_int_equal(bf.n_features, 0);
    for (int i = 0; i < WM_MAX_FEATURES; i++)
        assert_int_equal(wm_add_circle(&bf, WM_WOOD, mu_v2(100, 100), 5.0), WM_OK);
    assert_int_equal(wm_add_circle(&bf, WM_WOOD, mu_v2(100, 100), 5.0), WM_TOO_MANY_FEATURES);
    assert_string_equal(wm_status_str(WM_BAD_RADIUS), "circle radius must be positive");
    wm_profile p = wm_profile_default(WM_MACHINES, 0);
    wm_unit u = wm_unit_make(1, &p);
    assert_int_equal(wm_add_unit(&bf, &u), WM_BAD_PROFILE);
}

/* warmaster-movement: "Units which move off the table": "If one or more
 * stands in a unit leaves the table edge, whether wholly or partially";
 * the table is 1800 x 1200 mm by default and configurable. */
/* RULE wm.edge.whole-unit-leaves */
static void test_wm_stand_partly_off_the_table_edge(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, 1200, 900);
    wm_unit u = one_stand(WM_INFANTRY, 0, 20, 450); /* left edge on x = 0 */
    assert_true(wm_orect_on_table(&bf, &u.stand[0]));
    assert_false(wm_unit_leaves_table(&bf, &u));
    wm_unit_add_stand(&u, mu_v2(1190, 450), mu_v2(0, 1)); /* 10 mm over the east edge */
    assert_true(wm_unit_leaves_table(&bf, &u));
    mu_seg east = wm_table_edge(&bf, WM_EDGE_EAST);
    assert_close(east.a.x, 1200, 0);
    assert_close(east.b.y, 900, 0);
}

/* Stands lost are removed and counted; engaged bits follow their stands. */
/* RULE wm.evade.light-cavalry */
static void test_wm_losing_a_stand_keeps_the_rest_in_order(void **state)
{
    (void)state;
    wm_unit u = one_stand(WM_INFANTRY, 0, 0, 0);
    wm_unit_add_stand(&u, mu_v2(40, 0), mu_v2(0, 1));
    wm_unit_add_stand(&u, mu_v2(80, 0), mu_v2(0, 1));
    u.engaged = 1u << 2;
    wm_unit_lose_stand(&u, 0);
    assert_int_equal(u.n_stands, 2);
    assert_int_equal(u.stands_lost, 1);
    assert_close(u.stand[1].center.x, 80, 0);
    assert_int_equal(u.engaged, 1u << 1);
    assert_true(wm_unit_engaged(&u));
    wm_profile lc = wm_profile_default(WM_CAVALRY, 0);
    lc.armour = 6;
    assert_true(wm_is_light_cavalry(&lc));
}

/* Fixture, Figure "move through a gap": two high walls with a 25 mm
 * defile between them (x 900..925) and a three-stand infantry line to the
 * south. For the stand-movement tests (issue 4 item 5). */
static int fixture_gap_in_walls(void)
{
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    assert_int_equal(add_box(WM_HIGH_WALL, 700, 500, 900, 540), WM_OK);
    assert_int_equal(add_box(WM_HIGH_WALL, 925, 500, 1100, 540), WM_OK);
    wm_profile p = wm_profile_default(WM_INFANTRY, 0);
    wm_unit u = wm_unit_make(0, &p);
    for (int i = 0; i < 3; i++)
        wm_unit_add_stand(&u, mu_v2(872.5 + 40 * i, 440), mu_v2(0, 1));
    assert_int_equal(wm_add_unit(&bf, &u), WM_OK);
    return bf.n_units - 1;
}

/* warmaster-movement: "The gap rule": "a stand … can be oriented to pass
 * through any gap so long as the gap is at least as wide as the stand's
 * shortest edge": turned on its side (20 mm across) it fits the 25 mm
 * defile; facing forward (40 mm) it would stand in the walls. */
/* RULE wm.gap.shortest-edge wm.terrain.high-walls */
static void test_wm_fixture_gap_in_walls_fits_a_stand_on_its_side(void **state)
{
    (void)state;
    int u = fixture_gap_in_walls();
    const wm_unit *inf = &bf.unit[u];
    assert_int_equal(wm_orect_blocked(&bf, inf, &inf->stand[1]), -1);
    mu_orect side = {mu_v2(912.5, 520), mu_v2(1, 0), 40, 20}; /* 20 mm across the defile */
    mu_orect ahead = {mu_v2(912.5, 520), mu_v2(0, 1), 40, 20};
    assert_int_equal(wm_orect_blocked(&bf, inf, &side), -1);
    assert_true(wm_orect_blocked(&bf, inf, &ahead) >= 0);
}

/* Fixture, Figure "cannot move through the gap between two enemy units":
 * two enemy infantry lines 40 mm apart (x 860..900 is the gap) and a
 * friendly infantry line to the south. For the gap-rule tests. */
static int fixture_gap_between_enemies(void)
{
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    wm_profile p = wm_profile_default(WM_INFANTRY, 0);
    for (int k = 0; k < 2; k++) {
        wm_unit e = wm_unit_make(1, &p);
        double x0 = k == 0 ? 760 : 920; /* left unit x 740..860, right unit x 900..1020 */
        for (int i = 0; i < 3; i++)
            wm_unit_add_stand(&e, mu_v2(x0 + 40 * i, 600), mu_v2(0, -1));
        assert_int_equal(wm_add_unit(&bf, &e), WM_OK);
    }
    wm_unit u = wm_unit_make(0, &p);
    for (int i = 0; i < 3; i++)
        wm_unit_add_stand(&u, mu_v2(830 + 40 * i, 450), mu_v2(0, 1));
    assert_int_equal(wm_add_unit(&bf, &u), WM_OK);
    return bf.n_units - 1;
}

/* warmaster-movement: "The gap rule": "there must be a gap of more than
 * 40mm for an infantry stand to pass between two enemy stands": the
 * fixture's gap is exactly a frontage, so not wide enough. */
/* RULE wm.gap.enemy-frontage */
static void test_wm_fixture_gap_between_enemies_is_one_frontage(void **state)
{
    (void)state;
    int u = fixture_gap_between_enemies();
    double gap = wm_unit_distance_mm(&bf.unit[0], &bf.unit[1], NULL, NULL, NULL, NULL);
    assert_close(gap, 40.0, 1e-9);
    assert_false(gap > bf.unit[u].profile.stand_width_mm);
    assert_true(gap >= bf.unit[u].profile.stand_depth_mm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_profiles_follow_the_movement_chart),
        cmocka_unit_test(test_wm_machines_need_their_pace_from_the_profile),
        cmocka_unit_test(test_wm_terrain_table_dense_and_sight),
        cmocka_unit_test(test_wm_terrain_access_by_troop_type),
        cmocka_unit_test(test_wm_character_terrain_follows_the_mount),
        cmocka_unit_test(test_wm_stand_partly_wholly_or_out_of_a_wood),
        cmocka_unit_test(test_wm_unit_partly_in_a_circular_fortified_position),
        cmocka_unit_test(test_wm_footprint_in_terrain_it_cannot_enter),
        cmocka_unit_test(test_wm_bridge_over_a_river_carries_cavalry),
        cmocka_unit_test(test_wm_swept_path_across_a_wood_corner_is_blocked),
        cmocka_unit_test(test_wm_bad_features_are_refused_with_a_reason),
        cmocka_unit_test(test_wm_stand_partly_off_the_table_edge),
        cmocka_unit_test(test_wm_losing_a_stand_keeps_the_rest_in_order),
        cmocka_unit_test(test_wm_fixture_gap_in_walls_fits_a_stand_on_its_side),
        cmocka_unit_test(test_wm_fixture_gap_between_enemies_is_one_frontage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
