/* Ordered movement applied (cca_move.h): a unit (with its leader) or a
 * leader on his own moved to a hex of its reach (reach.c) or off the
 * battlefield, the field's pieces and sets brought up to date, and what
 * the move did. */
#include "cca/move_internal.h"

#include <assert.h>

/* RULE cca.move.battle-record cca.move.infantry-triangle cca.move.terrain */
int cca_unit_may_battle_after(const cca_board *b, const cca_unit *un, int hexes, int cell)
{
    if (un->type == CCA_INFANTRY && un->rank == CCA_TRIANGLE && hexes > 1)
        return 0; /* 2 hexes and no battle */
    return !b->terrain_rule[b->terrain[cell]].no_battle || hexes == 0;
}

/* RULE cca.move.sequential cca.move.no-split cca.leader.with-unit cca.move.infantry-joins-leader */
int cca_move_unit(const cca_board *b, cca_field *f, int u, int dest, const cca_reach *r, cca_move_result *res)
{
    int hexes = cca_reach_hexes_to(b, f, 0, u, dest, r);
    if (hexes < 0) {
        *res = (cca_move_result){0};
        return -1;
    }
    cca_move_unit_known(b, f, u, dest, hexes, res);
    return 0;
}

void cca_move_unit_known(const cca_board *b, cca_field *f, int u, int dest, int hexes, cca_move_result *res)
{
    assert(hexes >= 1 && hexes == cca_reach_hexes_to(b, f, 0, u, dest, NULL));
    *res = (cca_move_result){0};
    cca_unit *un = &f->units[u];
    int from = un->cell, l = un->leader;
    f->unit_at[from] = -1;
    if (l >= 0) {
        f->leader_at[from] = -1;
        f->leader_moved |= 1u << l;
    }
    f->unit_moved |= UINT64_C(1) << u;
    if (dest == CCA_EXIT) {
        res->hexes = hexes;
        res->exited = 1;
        un->cell = -1;
        if (l >= 0) {
            f->leaders[l].cell = -1;
            f->leaders[l].unit = -1;
            un->leader = -1;
        }
        cca_field_sync_cells(f, from, -1);
        return;
    }
    res->hexes = hexes;
    un->cell = (int16_t)dest;
    f->unit_at[dest] = (int8_t)u;
    if (l >= 0) {
        f->leaders[l].cell = (int16_t)dest;
        f->leader_at[dest] = (int8_t)l;
    } else if (f->leader_at[dest] >= 0) {
        int j = f->leader_at[dest];
        un->leader = (int8_t)j;
        f->leaders[j].unit = (int8_t)u;
        res->joined = 1;
    }
    cca_field_sync_cells(f, from, dest);
    res->may_battle = cca_unit_may_battle_after(b, un, res->hexes, dest);
    res->adjacent = cca_unit_adjacent_enemy(b, f, u);
}

/* RULE cca.leader.split cca.leader.escape cca.leader.escape-no-return cca.leader.infantry-joins-infantry */
int cca_move_leader(const cca_board *b, cca_field *f, int l, int dest, const cca_reach *r, cca_move_result *res)
{
    int hexes = cca_reach_hexes_to(b, f, 1, l, dest, r);
    if (hexes < 0) {
        *res = (cca_move_result){0};
        return -1;
    }
    cca_move_leader_known(b, f, l, dest, hexes, res);
    return 0;
}

void cca_move_leader_known(const cca_board *b, cca_field *f, int l, int dest, int hexes, cca_move_result *res)
{
    assert(hexes >= 1 && hexes == cca_reach_hexes_to(b, f, 1, l, dest, NULL));
    (void)b;
    *res = (cca_move_result){0};
    cca_leader *ld = &f->leaders[l];
    int from = ld->cell;
    f->leader_at[from] = -1;
    f->leader_moved |= 1u << l;
    if (ld->unit >= 0) {
        f->units[ld->unit].leader = -1;
        ld->unit = -1;
        res->split = 1;
    }
    if (dest == CCA_EXIT) {
        res->hexes = hexes;
        res->exited = 1;
        ld->cell = -1;
        cca_field_sync_cells(f, from, -1);
        return;
    }
    res->hexes = hexes;
    ld->cell = (int16_t)dest;
    f->leader_at[dest] = (int8_t)l;
    int u = f->unit_at[dest];
    if (u >= 0) {
        assert(f->units[u].leader < 0 && f->units[u].side == ld->side);
        f->units[u].leader = (int8_t)l;
        ld->unit = (int8_t)u;
        res->joined = 1;
    }
    cca_field_sync_cells(f, from, dest);
}

int cca_unit_may_battle_unmoved(const cca_field *f, int u) { return f->units[u].cell >= 0; }
