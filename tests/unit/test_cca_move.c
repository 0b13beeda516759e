/* The cca engine, clause by clause (src/rules/cca/CLAUSES.md): the
 * battlefield, unit movement by type and standard, leaders, the baseline,
 * terrain, and the reach against a brute-force enumeration of every step
 * sequence on random battlefields. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cca_fixture.h"
#include "muster/rng.h"

/* Makes every full hex of the board but those of row `row` impassable:
 * a corridor along the row. */
static void corridor(cca_board *b, int row)
{
    int wall = fx_terrain(b, "wall", 1, 0, 0);
    for (int c = 0; c < b->grid.n_cells; c++) {
        int col, r;
        if (b->kind[c] != CCA_CELL_HEX)
            continue;
        cca_board_name(b, c, &col, &r);
        if (r != row)
            b->terrain[c] = (uint8_t)wall;
    }
    cca_board_sync(b);
}

/* Even rows hold width full hexes, odd rows width - 1 between two side
 * half-hexes; no piece ever reaches a half-hex. */
/* RULE cca.field.hexes cca.field.side-half-hexes */
static void test_cca_side_half_hexes_never_entered(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    int full = 0, half = 0;
    for (int c = 0; c < b.grid.n_cells; c++)
        full += b.kind[c] == CCA_CELL_HEX, half += b.kind[c] == CCA_CELL_SIDE_HALF;
    assert_int_equal(full, 3 * 7 + 2 * 6);
    assert_int_equal(half, 4);
    assert_int_equal(b.kind[fx_cell(&b, 0, 1)], CCA_CELL_SIDE_HALF);
    assert_int_equal(b.kind[fx_cell(&b, 7, 3)], CCA_CELL_SIDE_HALF);
    assert_int_equal(cca_board_cell(&b, 7, 2), -1);
    int u = fx_unit(&b, &f, 1, 1, 0, CCA_CAVALRY, CCA_SQUARE);
    int l = fx_leader(&b, &f, 6, 3, 0, CCA_CAVALRY);
    cca_reach r;
    cca_unit_reach(&b, &f, u, &r);
    assert_int_equal(cca_reach_dist(&r, fx_cell(&b, 0, 1)), -1);
    assert_true(r.n_dest > 0);
    cca_leader_reach(&b, &f, l, &r);
    assert_int_equal(cca_reach_dist(&r, fx_cell(&b, 7, 3)), -1);
    assert_int_equal(cca_reach_dist(&r, fx_cell(&b, 7, 1)), -1);
}

/* Three sections by lines across the board; a hex whose centre lies on a
 * line is in both sections; a side's left is its own (sides[1]'s left is
 * the board's right). */
/* RULE cca.field.sections */
static void test_cca_sections_with_line_hexes_in_both(void **state)
{
    (void)state;
    cca_board b;
    assert_int_equal(cca_board_init(&b, 13, 9, 4, 9), 0);
    const unsigned L = 1u << CCA_LEFT, C = 1u << CCA_CENTRE, R = 1u << CCA_RIGHT;
    assert_int_equal(b.section[fx_cell(&b, 3, 0)], L);
    assert_int_equal(b.section[fx_cell(&b, 4, 1)], L | C);
    assert_int_equal(b.section[fx_cell(&b, 4, 0)], C);
    assert_int_equal(b.section[fx_cell(&b, 8, 0)], C);
    assert_int_equal(b.section[fx_cell(&b, 9, 1)], C | R);
    assert_int_equal(b.section[fx_cell(&b, 9, 0)], R);
    assert_int_equal(b.section[fx_cell(&b, 0, 1)], 0);
    assert_int_equal(cca_board_section_for(0, CCA_LEFT), L);
    assert_int_equal(cca_board_section_for(1, CCA_LEFT), R);
    assert_int_equal(cca_board_section_for(1, CCA_CENTRE), C);
    assert_int_equal(cca_board_init(&b, 13, 9, 10, 9), -1);
}

/* A unit leaves by a baseline only where the scenario's battle notes say;
 * the step off costs one hex from a hex next to the baseline. */
/* RULE cca.field.baseline-half-hexes */
static void test_cca_units_leave_by_baseline_only_if_allowed(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    int u = fx_unit(&b, &f, 3, 4, 0, CCA_INFANTRY, CCA_CIRCLE);
    int v = fx_unit(&b, &f, 3, 0, 0, CCA_INFANTRY, CCA_CIRCLE);
    int w = fx_unit(&b, &f, 3, 2, 0, CCA_INFANTRY, CCA_SQUARE);
    cca_reach r;
    cca_unit_reach(&b, &f, u, &r);
    assert_int_equal(r.exit_from, -1);
    cca_move_result res;
    assert_int_equal(cca_move_unit(&b, &f, u, CCA_EXIT, NULL, &res), -1);
    b.unit_exit[0] = CCA_EXIT_OWN;
    cca_unit_reach(&b, &f, u, &r);
    assert_int_equal(r.exit_from, fx_cell(&b, 3, 4));
    assert_int_equal(r.exit_hexes, 1);
    cca_unit_reach(&b, &f, v, &r);
    assert_int_equal(r.exit_from, -1); /* the enemy's baseline: not allowed */
    cca_unit_reach(&b, &f, w, &r);
    assert_int_equal(r.exit_from, -1); /* two rows away, 1 hex of movement */
    b.unit_exit[0] = CCA_EXIT_ENEMY;
    cca_unit_reach(&b, &f, v, &r);
    assert_int_equal(r.exit_from, fx_cell(&b, 3, 0));
    assert_int_equal(cca_move_unit(&b, &f, v, CCA_EXIT, NULL, &res), 0);
    assert_true(res.exited);
    assert_int_equal(res.hexes, 1);
    assert_int_equal(f.units[v].cell, -1);
    assert_int_equal(f.unit_at[fx_cell(&b, 3, 0)], -1);
    assert_true(cca_field_valid(&b, &f));
}

/* A unit moves once per turn; the next turn it may move again. */
/* RULE cca.move.once-per-turn */
static void test_cca_unit_moves_once_per_turn(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    int u = fx_unit(&b, &f, 3, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    cca_reach r;
    cca_move_result res;
    assert_true(cca_unit_reach(&b, &f, u, &r) > 0);
    assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 4, 2), NULL, &res), 0);
    assert_int_equal(cca_unit_reach(&b, &f, u, &r), 0);
    assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 5, 2), NULL, &res), -1);
    cca_field_new_turn(&f);
    assert_true(cca_unit_reach(&b, &f, u, &r) > 0);
}

/* Units may move from one section into another. */
/* RULE cca.move.cross-sections */
static void test_cca_units_cross_sections(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 9, 5); /* sections at 3 and 6 */
    int u = fx_unit(&b, &f, 2, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    assert_int_equal(b.section[f.units[u].cell], 1u << CCA_LEFT);
    cca_reach r;
    cca_unit_reach(&b, &f, u, &r);
    int c = fx_cell(&b, 4, 2);
    assert_int_equal(b.section[c], 1u << CCA_CENTRE);
    assert_true(fx_can_end(&r, c));
}

/* A unit never moves onto or through a hex with another unit, friendly
 * or enemy, nor with an enemy leader alone. */
/* RULE cca.move.one-per-hex cca.move.no-pass-units cca.move.no-pass-enemy-leader */
static void test_cca_units_never_pass_units_or_enemy_leaders(void **state)
{
    (void)state;
    for (int blocker = 0; blocker < 3; blocker++) {
        cca_board b;
        cca_field f;
        fx_board(&b, &f, 7, 5);
        corridor(&b, 2);
        int u = fx_unit(&b, &f, 0, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
        if (blocker == 0)
            fx_unit(&b, &f, 1, 2, 0, CCA_INFANTRY, CCA_SQUARE);
        else if (blocker == 1)
            fx_unit(&b, &f, 1, 2, 1, CCA_INFANTRY, CCA_SQUARE);
        else
            fx_leader(&b, &f, 1, 2, 1, CCA_INFANTRY);
        cca_reach r;
        assert_int_equal(cca_unit_reach(&b, &f, u, &r), 0);
        assert_int_equal(cca_reach_dist(&r, fx_cell(&b, 2, 2)), -1);
        cca_move_result res;
        cca_field before = f;
        assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 1, 2), NULL, &res), -1);
        assert_memory_equal(&before, &f, sizeof f);
    }
}

/* Units never split or combine: a unit is one piece; a move onto another
 * unit's hex is refused and changes nothing. */
/* RULE cca.move.no-split cca.move.no-combine */
static void test_cca_units_never_combine(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    int u = fx_unit(&b, &f, 3, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    fx_unit(&b, &f, 4, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    cca_field before = f;
    cca_move_result res;
    assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 4, 2), NULL, &res), -1);
    assert_memory_equal(&before, &f, sizeof f);
    assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 2, 2), NULL, &res), 0);
    assert_int_equal(f.n_units, 2);
    assert_true(cca_field_valid(&b, &f));
}

/* Moves are made one at a time: a hex left by one unit is open to the
 * next. */
/* RULE cca.move.sequential */
static void test_cca_moves_are_sequential(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    corridor(&b, 2);
    int a = fx_unit(&b, &f, 1, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    int c = fx_unit(&b, &f, 0, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    cca_reach r;
    assert_int_equal(cca_unit_reach(&b, &f, c, &r), 0);
    cca_move_result res;
    assert_int_equal(cca_move_unit(&b, &f, a, fx_cell(&b, 3, 2), NULL, &res), 0);
    assert_int_equal(cca_unit_reach(&b, &f, c, &r), 2);
    assert_true(fx_can_end(&r, fx_cell(&b, 2, 2)));
}

/* Allowances by type and standard, and whether the unit may battle after
 * its move: circle 2 and battle; triangle 1 and battle or 2 and no battle;
 * square 1 and battle; cavalry (square) 2 and battle. */
/* RULE cca.move.infantry-circle cca.move.infantry-triangle cca.move.infantry-square cca.move.cavalry-square */
/* RULE cca.move.battle-record */
static void test_cca_allowance_by_standard_and_battle(void **state)
{
    (void)state;
    static const struct {
        cca_type type;
        cca_rank rank;
        int max, battle1, battle2;
    } cases[] = {{CCA_INFANTRY, CCA_CIRCLE, 2, 1, 1},
                 {CCA_INFANTRY, CCA_TRIANGLE, 2, 1, 0},
                 {CCA_INFANTRY, CCA_SQUARE, 1, 1, -1},
                 {CCA_CAVALRY, CCA_SQUARE, 2, 1, 1}};
    for (int i = 0; i < 4; i++) {
        for (int hexes = 1; hexes <= 2; hexes++) {
            cca_board b;
            cca_field f;
            fx_board(&b, &f, 9, 7);
            int u = fx_unit(&b, &f, 4, 4, 0, cases[i].type, cases[i].rank);
            fx_unit(&b, &f, 4 + hexes, 2, 1, CCA_INFANTRY, CCA_SQUARE); /* an enemy 2 rows up */
            cca_reach r;
            cca_unit_reach(&b, &f, u, &r);
            assert_int_equal(fx_farthest(&r), cases[i].max);
            int want = hexes == 1 ? cases[i].battle1 : cases[i].battle2;
            if (want < 0)
                continue;
            /* [4 + hexes - 1, 4 - hexes]... a hex `hexes` away next to the enemy */
            int dest = -1;
            for (int k = 0; k < r.n_dest; k++)
                if (cca_reach_dist(&r, r.dest[k]) == hexes &&
                    mu_hex_distance(mu_hex_grid_hex(&b.grid, r.dest[k]),
                                    mu_hex_grid_hex(&b.grid, f.units[1].cell)) == 1)
                    dest = r.dest[k];
            assert_true(dest >= 0);
            cca_move_result res;
            assert_int_equal(cca_move_unit(&b, &f, u, dest, &r, &res), 0);
            assert_int_equal(res.hexes, hexes);
            assert_int_equal(res.may_battle, want);
            assert_int_equal(res.adjacent, 1);
        }
    }
}

/* Terrain is the scenario's: impassable is never entered, a stopping
 * terrain ends the move, a no-battle terrain takes away the battle; the
 * same for a leader on his own. */
/* RULE cca.move.terrain cca.leader.same-rules cca.move.battle-record */
static void test_cca_terrain_rules_apply_to_units_and_leaders(void **state)
{
    (void)state;
    for (int kind = 0; kind < 3; kind++) {
        cca_board b;
        cca_field f;
        fx_board(&b, &f, 7, 5);
        corridor(&b, 2);
        int t = fx_terrain(&b, "t", kind == 0, kind == 1, kind == 2);
        b.terrain[fx_cell(&b, 1, 2)] = (uint8_t)t;
        int u = fx_unit(&b, &f, 0, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
        int l = fx_leader(&b, &f, 6, 2, 0, CCA_CAVALRY);
        b.terrain[fx_cell(&b, 5, 2)] = (uint8_t)t;
        cca_board_sync(&b);
        cca_reach r, q;
        cca_unit_reach(&b, &f, u, &r);
        cca_leader_reach(&b, &f, l, &q);
        if (kind == 0) {
            assert_int_equal(r.n_dest, 0);
            assert_int_equal(q.n_dest, 0);
        } else if (kind == 1) {
            assert_int_equal(r.n_dest, 1);
            assert_true(fx_can_end(&r, fx_cell(&b, 1, 2)));
            assert_int_equal(q.n_dest, 1);
        } else {
            assert_int_equal(r.n_dest, 2);
            assert_int_equal(q.n_dest, 3);
            cca_move_result res;
            assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 1, 2), NULL, &res), 0);
            assert_int_equal(res.may_battle, 0);
        }
    }
}

/* An infantry unit without a leader may move onto a friendly lone leader
 * (infantry or cavalry), must stop there and joins him; a cavalry unit
 * only onto a cavalry leader; a unit with a leader onto none, nor through
 * him (the corridor has no other way). */
/* RULE cca.move.infantry-joins-leader cca.move.cavalry-joins-cavalry-leader */
static void test_cca_unit_joins_lone_leader_and_stops(void **state)
{
    (void)state;
    for (int k = 0; k < 5; k++) {
        cca_type ut = k < 2 ? CCA_INFANTRY : CCA_CAVALRY;
        cca_type lt = (k == 1 || k == 3) ? CCA_CAVALRY : CCA_INFANTRY;
        cca_board b;
        cca_field f;
        fx_board(&b, &f, 7, 5);
        corridor(&b, 2);
        int u = fx_unit(&b, &f, 0, 2, 0, ut, ut == CCA_CAVALRY ? CCA_SQUARE : CCA_CIRCLE);
        if (k == 4)
            fx_leader(&b, &f, 0, 2, 0, CCA_CAVALRY); /* it already has a leader */
        int l = fx_leader(&b, &f, 1, 2, 0, k == 4 ? CCA_CAVALRY : lt);
        cca_reach r;
        cca_unit_reach(&b, &f, u, &r);
        int may = k == 0 || k == 1 || k == 3;
        assert_int_equal(r.n_dest, may);
        assert_int_equal(cca_reach_dist(&r, fx_cell(&b, 2, 2)), -1);
        if (!may)
            continue;
        cca_move_result res;
        assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 1, 2), &r, &res), 0);
        assert_true(res.joined);
        assert_int_equal(f.units[u].leader, l);
        assert_int_equal(f.leaders[l].unit, u);
        assert_true(cca_field_valid(&b, &f));
    }
}

/* No move-join-move: a unit that moved and joined a leader does not move
 * again this turn, even if the leader is ordered (he may still split
 * away alone); a unit that a leader moved to join this turn does not move
 * this turn (it would carry him again). */
/* RULE cca.move.no-move-join-move cca.leader.no-move-join-move */
static void test_cca_no_move_join_move(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    int u = fx_unit(&b, &f, 2, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    int l = fx_leader(&b, &f, 3, 2, 0, CCA_INFANTRY);
    cca_reach r;
    cca_move_result res;
    assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 3, 2), NULL, &res), 0);
    assert_true(res.joined);
    assert_int_equal(cca_unit_reach(&b, &f, u, &r), 0);
    assert_true(cca_leader_reach(&b, &f, l, &r) > 0); /* he may split away */

    fx_board(&b, &f, 7, 5);
    u = fx_unit(&b, &f, 2, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    l = fx_leader(&b, &f, 4, 2, 0, CCA_INFANTRY);
    assert_int_equal(cca_move_leader(&b, &f, l, fx_cell(&b, 2, 2), NULL, &res), 0);
    assert_true(res.joined);
    assert_int_equal(cca_unit_reach(&b, &f, u, &r), 0);
    assert_int_equal(cca_leader_reach(&b, &f, l, &r), 0);
    cca_field_new_turn(&f);
    assert_true(cca_unit_reach(&b, &f, u, &r) > 0);
}

/* A leader with a unit moves with it (one piece, one move); he may
 * instead be ordered to split and move alone, leaving the unit. */
/* RULE cca.leader.with-unit cca.leader.split */
static void test_cca_leader_moves_with_unit_or_splits(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    int u = fx_unit(&b, &f, 3, 2, 0, CCA_INFANTRY, CCA_CIRCLE);
    int l = fx_leader(&b, &f, 3, 2, 0, CCA_CAVALRY);
    cca_move_result res;
    assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 5, 2), NULL, &res), 0);
    assert_int_equal(f.leaders[l].cell, fx_cell(&b, 5, 2));
    assert_int_equal(f.leaders[l].unit, u);
    assert_true(cca_field_valid(&b, &f));
    cca_reach r;
    assert_int_equal(cca_leader_reach(&b, &f, l, &r), 0); /* he has moved with it */

    cca_field_new_turn(&f);
    assert_true(cca_leader_reach(&b, &f, l, &r) > 0);
    assert_int_equal(cca_move_leader(&b, &f, l, fx_cell(&b, 2, 2), &r, &res), 0);
    assert_true(res.split);
    assert_int_equal(res.hexes, 3);
    assert_int_equal(f.units[u].leader, -1);
    assert_int_equal(f.leaders[l].unit, -1);
    assert_true(cca_unit_reach(&b, &f, u, &r) > 0); /* the unit may still move, alone */
    assert_int_equal(cca_move_unit(&b, &f, u, fx_cell(&b, 6, 2), NULL, &res), 0);
    assert_int_equal(f.leaders[l].cell, fx_cell(&b, 2, 2));
    assert_true(cca_field_valid(&b, &f));
}

/* A leader alone moves up to 2 hexes (infantry) or 3 (cavalry). */
/* RULE cca.leader.alone-allowance */
static void test_cca_lone_leader_allowance(void **state)
{
    (void)state;
    for (int t = 0; t < 2; t++) {
        cca_board b;
        cca_field f;
        fx_board(&b, &f, 11, 9);
        int l = fx_leader(&b, &f, 5, 4, 0, t ? CCA_CAVALRY : CCA_INFANTRY);
        cca_reach r;
        cca_leader_reach(&b, &f, l, &r);
        assert_int_equal(fx_farthest(&r), t ? 3 : 2);
        assert_int_equal(r.n_dest, t ? 36 : 18);
    }
}

/* A leader on his own passes through friendly units, units with leaders
 * and lone leaders; he stops only where he may: an infantry leader joins
 * infantry, a cavalry leader any friendly unit; one leader per hex; never
 * onto or through an enemy. */
/* RULE cca.leader.pass-friends cca.leader.infantry-joins-infantry cca.leader.cavalry-joins-any */
/* RULE cca.leader.no-stop-with-enemy cca.leader.one-per-hex */
static void test_cca_leader_passes_friends_and_stops_where_he_may(void **state)
{
    (void)state;
    /* blocker at [1,2]: 0 inf unit, 1 cav unit, 2 unit with leader, 3 lone leader, 4 enemy unit, 5 enemy leader */
    static const int may_end_inf[6] = {1, 0, 0, 0, 0, 0}, may_end_cav[6] = {1, 1, 0, 0, 0, 0};
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < 6; k++) {
            cca_board b;
            cca_field f;
            fx_board(&b, &f, 7, 5);
            corridor(&b, 2);
            int c1 = fx_cell(&b, 1, 2);
            if (k == 0 || k == 2)
                fx_unit(&b, &f, 1, 2, 0, CCA_INFANTRY, CCA_SQUARE);
            if (k == 1)
                fx_unit(&b, &f, 1, 2, 0, CCA_CAVALRY, CCA_SQUARE);
            if (k == 2 || k == 3)
                fx_leader(&b, &f, 1, 2, 0, CCA_INFANTRY);
            if (k == 4)
                fx_unit(&b, &f, 1, 2, 1, CCA_INFANTRY, CCA_SQUARE);
            if (k == 5)
                fx_leader(&b, &f, 1, 2, 1, CCA_INFANTRY);
            int l = fx_leader(&b, &f, 0, 2, 0, t ? CCA_CAVALRY : CCA_INFANTRY);
            cca_reach r;
            cca_leader_reach(&b, &f, l, &r);
            assert_int_equal(fx_can_end(&r, c1), t ? may_end_cav[k] : may_end_inf[k]);
            assert_int_equal(fx_can_end(&r, fx_cell(&b, 2, 2)), k < 4);
            if (fx_can_end(&r, c1)) {
                cca_move_result res;
                assert_int_equal(cca_move_leader(&b, &f, l, c1, &r, &res), 0);
                assert_true(res.joined);
                assert_true(cca_field_valid(&b, &f));
            }
        }
}

/* A leader on his own may leave by his own baseline, the step off from a
 * hex next to it costing one hex, and is out for good; never by the
 * enemy's. A leader ordered to split may leave in the same move. */
/* RULE cca.leader.escape cca.leader.escape-no-return */
static void test_cca_leader_escapes_by_own_baseline(void **state)
{
    (void)state;
    static const struct {
        int row;
        cca_type type;
        int hexes; /* 0: cannot */
    } cases[] = {{4, CCA_INFANTRY, 1}, {3, CCA_INFANTRY, 2}, {2, CCA_INFANTRY, 0}, {2, CCA_CAVALRY, 3},
                 {1, CCA_CAVALRY, 0},  {0, CCA_CAVALRY, 0}};
    for (int i = 0; i < 6; i++) {
        cca_board b;
        cca_field f;
        fx_board(&b, &f, 7, 5);
        int l = fx_leader(&b, &f, 3, cases[i].row, 0, cases[i].type);
        cca_reach r;
        cca_leader_reach(&b, &f, l, &r);
        assert_int_equal(r.exit_from >= 0 ? r.exit_hexes : 0, cases[i].hexes);
    }
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    int u = fx_unit(&b, &f, 3, 4, 0, CCA_INFANTRY, CCA_SQUARE);
    int l = fx_leader(&b, &f, 3, 4, 0, CCA_INFANTRY);
    cca_reach r;
    cca_leader_reach(&b, &f, l, &r);
    assert_int_equal(r.exit_hexes, 1);
    cca_move_result res;
    assert_int_equal(cca_move_leader(&b, &f, l, CCA_EXIT, &r, &res), 0);
    assert_true(res.split && res.exited);
    assert_int_equal(f.leaders[l].cell, -1);
    assert_int_equal(f.units[u].leader, -1);
    assert_true(cca_field_valid(&b, &f));
    cca_field_new_turn(&f);
    assert_int_equal(cca_leader_reach(&b, &f, l, &r), 0);
}

/* ---- The reach against brute force --------------------------------------- */

/* The rules written once more, step by step from the text, for the
 * enumeration (not the engine's code). */
static int bf_enter(const cca_board *b, const cca_field *f, int leader, int piece, int c)
{
    if (b->kind[c] != CCA_CELL_HEX || b->terrain_rule[b->terrain[c]].impassable)
        return 0;
    int u = f->unit_at[c], l = f->leader_at[c];
    if (!leader) {
        const cca_unit *un = &f->units[piece];
        if (u >= 0)
            return 0;
        if (l >= 0)
            return f->leaders[l].side == un->side && un->leader < 0 &&
                   (un->type == CCA_INFANTRY || f->leaders[l].type == CCA_CAVALRY);
        return 1;
    }
    const cca_leader *ld = &f->leaders[piece];
    return !(u >= 0 && f->units[u].side != ld->side) && !(l >= 0 && f->leaders[l].side != ld->side);
}

static int bf_end(const cca_field *f, int leader, int piece, int c)
{
    if (!leader)
        return 1;
    const cca_leader *ld = &f->leaders[piece];
    int u = f->unit_at[c];
    if (f->leader_at[c] >= 0)
        return 0;
    return u < 0 || ld->type == CCA_CAVALRY || f->units[u].type == CCA_INFANTRY;
}

static int bf_on(const cca_board *b, const cca_field *f, int leader, int c)
{
    if (b->terrain_rule[b->terrain[c]].stops)
        return 0;
    return leader || f->leader_at[c] < 0;
}

typedef struct bf_out {
    int8_t best[CCA_MAX_CELLS];
    int exit_hexes;
} bf_out;

static void bf_walk(const cca_board *b, const cca_field *f, int leader, int piece, int c, int steps, int max,
                    unsigned exits, int side, bf_out *o)
{
    if (exits && steps + 1 <= max &&
        (((exits & CCA_EXIT_OWN) && b->depth[side][c] == 0) || ((exits & CCA_EXIT_ENEMY) && b->depth[1 - side][c] == 0)))
        if (o->exit_hexes == 0 || steps + 1 < o->exit_hexes)
            o->exit_hexes = steps + 1;
    if (steps == max)
        return;
    for (int d = 0; d < 6; d++) {
        int n = b->grid.nb[c][d];
        if (n < 0 || !bf_enter(b, f, leader, piece, n))
            continue;
        if (bf_end(f, leader, piece, n) && (o->best[n] < 0 || steps + 1 < o->best[n]))
            o->best[n] = (int8_t)(steps + 1);
        if (bf_on(b, f, leader, n))
            bf_walk(b, f, leader, piece, n, steps + 1, max, exits, side, o);
    }
}

/* A random battlefield: terrain of each kind, units and leaders of both
 * sides, some leaders with units. big: more than 128 cells (12 .. 20 hexes
 * wide, 10 .. 16 rows), else at most 96. */
static void random_field(cca_board *b, cca_field *f, mu_rng *rng, int big)
{
    int width = 4 + (int)mu_rng_bounded(rng, 8), rows = 3 + (int)mu_rng_bounded(rng, 6);
    if (big)
        width = 12 + (int)mu_rng_bounded(rng, 9), rows = 10 + (int)mu_rng_bounded(rng, 7);
    fx_board(b, f, width, rows);
    fx_terrain(b, "impassable", 1, 0, 0);
    fx_terrain(b, "stops", 0, 1, 0);
    fx_terrain(b, "no-battle", 0, 0, 1);
    b->unit_exit[0] = (uint8_t)mu_rng_bounded(rng, 4);
    b->unit_exit[1] = (uint8_t)mu_rng_bounded(rng, 4);
    for (int c = 0; c < b->grid.n_cells; c++) {
        if (b->kind[c] != CCA_CELL_HEX)
            continue;
        uint32_t x = mu_rng_bounded(rng, 100);
        b->terrain[c] = (uint8_t)(x < 8 ? 1 : x < 16 ? 2 : x < 22 ? 3 : 0);
        if (b->terrain[c] == 1)
            continue;
        x = mu_rng_bounded(rng, 100);
        int side = (int)mu_rng_bounded(rng, 2);
        if (x < 30 && f->n_units < CCA_MAX_UNITS) {
            int cav = mu_rng_bounded(rng, 3) == 0;
            cca_field_add_unit(f, c, side, cav ? CCA_CAVALRY : CCA_INFANTRY,
                               cav ? CCA_SQUARE : (cca_rank)mu_rng_bounded(rng, 3));
            if (mu_rng_bounded(rng, 5) == 0 && f->n_leaders < CCA_MAX_LEADERS &&
                (f->units[f->n_units - 1].type == CCA_INFANTRY || mu_rng_bounded(rng, 2)))
                cca_field_add_leader(f, c, side, cav ? CCA_CAVALRY : (cca_type)mu_rng_bounded(rng, 2));
        } else if (x < 38 && f->n_leaders < CCA_MAX_LEADERS) {
            cca_field_add_leader(f, c, side, (cca_type)mu_rng_bounded(rng, 2));
        }
    }
    cca_board_sync(b);
}

/* The reach of the general search (cca_*_reach_general) equals r: the
 * same destinations in the same order, hexes and way off. */
static void assert_same_as_general(const cca_board *b, const cca_field *f, int leader, int piece, const cca_reach *r)
{
    cca_reach g;
    int n = leader ? cca_leader_reach_general(b, f, piece, &g) : cca_unit_reach_general(b, f, piece, &g);
    assert_int_equal(n, r->n_dest + (r->exit_from >= 0));
    assert_int_equal(g.max, r->max);
    assert_int_equal(g.n_dest, r->n_dest);
    assert_memory_equal(g.dest, r->dest, (size_t)r->n_dest * sizeof r->dest[0]);
    assert_memory_equal(g.hexes, r->hexes, (size_t)r->n_dest);
    for (int c = 0; c < b->grid.n_cells; c++)
        assert_int_equal(cca_reach_dist(&g, c), cca_reach_dist(r, c));
    assert_int_equal(g.exit_from, r->exit_from);
    assert_int_equal(g.exit_hexes, r->exit_hexes);
}

/* The reach as sets (cca_piece_sets, boards of at most 128 cells) is r:
 * the destinations k hexes away are r's with hexes k, the same way off;
 * and its cells looked at hold the piece's own and every destination. */
static void assert_sets_are_reach(const cca_board *b, const cca_field *f, int leader, int piece, const cca_reach *r)
{
    cca_reach_sets s;
    assert_int_equal(cca_piece_sets(b, f, leader, piece, &s), r->n_dest + (r->exit_from >= 0));
    assert_int_equal(s.max, r->max);
    for (int k = 1; k <= s.max; k++) {
        uint64_t want[2] = {0, 0};
        for (int i = 0; i < r->n_dest; i++)
            if (r->hexes[i] == k)
                want[r->dest[i] >> 6] |= UINT64_C(1) << (r->dest[i] & 63);
        assert_memory_equal(s.ends[k], want, sizeof want);
    }
    assert_int_equal(s.exit_from, r->exit_from);
    assert_int_equal(s.exit_hexes, r->exit_hexes);
    int start = leader ? f->leaders[piece].cell : f->units[piece].cell;
    if (s.max > 0)
        assert_true(s.looked[start >> 6] >> (start & 63) & 1);
    for (int i = 0; i < r->n_dest; i++)
        assert_true(s.looked[r->dest[i] >> 6] >> (r->dest[i] & 63) & 1);
}

/* A move given no reach (searched inside the move: on boards of at most
 * 128 cells without listing its destinations) goes where r says, as far
 * as r says, and nowhere else (refused, nothing changed); the count of
 * moves without the list (cca_piece_moves) is r's. */
static void assert_moves_follow_reach(const cca_board *b, const cca_field *f, int leader, int piece, const cca_reach *r)
{
    assert_int_equal(cca_piece_moves(b, f, leader, piece), r->n_dest + (r->exit_from >= 0));
    static cca_field g;
    cca_move_result res;
    for (int c = -3; c < b->grid.n_cells; c++) {
        int i = 0;
        while (i < r->n_dest && r->dest[i] != c)
            i++;
        int want = c == CCA_EXIT ? (r->exit_from >= 0 ? r->exit_hexes : -1) : i < r->n_dest ? r->hexes[i] : -1;
        memcpy(&g, f, sizeof g);
        int rc = leader ? cca_move_leader(b, &g, piece, c, NULL, &res) : cca_move_unit(b, &g, piece, c, NULL, &res);
        if (want < 0) {
            assert_int_equal(rc, -1);
            assert_memory_equal(&g, f, sizeof g);
        } else {
            assert_int_equal(rc, 0);
            assert_int_equal(res.hexes, want);
            assert_int_equal(res.exited, c == CCA_EXIT);
            assert_true(cca_field_valid(b, &g));
        }
    }
}

/* Every unit's and leader's reach (destinations, fewest hexes to each,
 * the way off) equals the brute-force enumeration on random battlefields,
 * small (at most 128 cells: the 128-bit path) and big (the general search
 * on sets), and on small ones the general search's reach, order and all,
 * and the reach as sets (cca_piece_sets); and whether a unit is next to
 * an enemy unit (cca_unit_adjacent_enemy). */
/* RULE cca.search.reach */
static void test_cca_reach_equals_brute_force(void **state)
{
    (void)state;
    mu_rng rng = mu_rng_for_game(2015, 15);
    long pieces = 0, dests = 0, exits = 0, big_pieces = 0;
    for (int trial = 0; trial < 400; trial++) {
        cca_board b;
        cca_field f;
        int big = trial >= 300;
        random_field(&b, &f, &rng, big);
        assert_true(big ? b.grid.words > 2 : b.grid.words <= 2);
        assert_true(cca_field_valid(&b, &f));
        for (int k = 0; k < f.n_units + f.n_leaders; k++) {
            int leader = k >= f.n_units, piece = leader ? k - f.n_units : k;
            cca_reach r;
            int n = leader ? cca_leader_reach(&b, &f, piece, &r) : cca_unit_reach(&b, &f, piece, &r);
            int start = leader ? f.leaders[piece].cell : f.units[piece].cell;
            int max = leader ? cca_leader_allowance(&f.leaders[piece]) : cca_unit_allowance(&f.units[piece]);
            int side = leader ? f.leaders[piece].side : f.units[piece].side;
            unsigned ex = leader ? CCA_EXIT_OWN : b.unit_exit[side];
            bf_out o;
            memset(o.best, -1, sizeof o.best);
            o.exit_hexes = 0;
            bf_walk(&b, &f, leader, piece, start, 0, max, ex, side, &o);
            int count = 0;
            for (int c = 0; c < b.grid.n_cells; c++) {
                if (c == start)
                    continue;
                assert_int_equal(fx_can_end(&r, c), o.best[c] >= 0);
                if (o.best[c] >= 0) {
                    assert_int_equal(cca_reach_dist(&r, c), o.best[c]);
                    count++;
                }
            }
            assert_int_equal(r.n_dest, count);
            assert_int_equal(r.exit_from >= 0 ? r.exit_hexes : 0, o.exit_hexes);
            assert_int_equal(n, count + (o.exit_hexes > 0));
            assert_same_as_general(&b, &f, leader, piece, &r);
            if (!big)
                assert_sets_are_reach(&b, &f, leader, piece, &r);
            if (!leader) { /* next to an enemy unit: its six neighbours asked one by one */
                int adjacent = 0;
                for (int d = 0; d < MU_HEX_DIRS && start >= 0; d++) {
                    int next = b.grid.nb[start][d];
                    adjacent |= next >= 0 && f.unit_at[next] >= 0 && f.units[f.unit_at[next]].side != side;
                }
                assert_int_equal(cca_unit_adjacent_enemy(&b, &f, piece) != 0, adjacent);
            }
            if (trial % 4 == 0 || trial >= 390)
                assert_moves_follow_reach(&b, &f, leader, piece, &r);
            pieces++, dests += count, exits += o.exit_hexes > 0, big_pieces += big;
        }
    }
    print_message("%ld pieces (%ld on boards of more than 128 cells), %ld destinations, %ld ways off compared\n",
                  pieces, big_pieces, dests, exits);
    assert_true(exits > 20 && dests > 5000 && big_pieces > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cca_side_half_hexes_never_entered),
        cmocka_unit_test(test_cca_sections_with_line_hexes_in_both),
        cmocka_unit_test(test_cca_units_leave_by_baseline_only_if_allowed),
        cmocka_unit_test(test_cca_unit_moves_once_per_turn),
        cmocka_unit_test(test_cca_units_cross_sections),
        cmocka_unit_test(test_cca_units_never_pass_units_or_enemy_leaders),
        cmocka_unit_test(test_cca_units_never_combine),
        cmocka_unit_test(test_cca_moves_are_sequential),
        cmocka_unit_test(test_cca_allowance_by_standard_and_battle),
        cmocka_unit_test(test_cca_terrain_rules_apply_to_units_and_leaders),
        cmocka_unit_test(test_cca_unit_joins_lone_leader_and_stops),
        cmocka_unit_test(test_cca_no_move_join_move),
        cmocka_unit_test(test_cca_leader_moves_with_unit_or_splits),
        cmocka_unit_test(test_cca_lone_leader_allowance),
        cmocka_unit_test(test_cca_leader_passes_friends_and_stops_where_he_may),
        cmocka_unit_test(test_cca_leader_escapes_by_own_baseline),
        cmocka_unit_test(test_cca_reach_equals_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
