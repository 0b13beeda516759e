/* Ordered movement (cca_move.h): each piece's reach by the hex grid's
 * breadth-first search over a per-cell rule (may it step onto the hex,
 * step on from it, end there), built from the clauses below, and the
 * moves that follow it. */
#include "cca/cca_move.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* RULE cca.move.infantry-circle cca.move.infantry-triangle cca.move.infantry-square cca.move.cavalry-square */
int cca_unit_allowance(const cca_unit *u)
{
    if (u->type == CCA_CAVALRY)
        return 2;
    return u->rank == CCA_SQUARE ? 1 : 2;
}

/* RULE cca.leader.alone-allowance */
int cca_leader_allowance(const cca_leader *l) { return l->type == CCA_CAVALRY ? 3 : 2; }

/* Terrain's part of a cell's rule: impassable hexes are never entered,
 * hexes that stop a move are not stepped on from. */
/* RULE cca.move.terrain cca.leader.same-rules */
static unsigned terrain_rule(const cca_board *b, int c, unsigned rule)
{
    const cca_terrain_rule *t = &b->terrain_rule[b->terrain[c]];
    if (t->impassable)
        return 0;
    if (t->stops)
        rule &= ~(unsigned)MU_HEX_THROUGH;
    return rule;
}

/* What unit u may do at cell c. */
/* RULE cca.field.side-half-hexes cca.move.one-per-hex cca.move.no-pass-units cca.move.no-pass-enemy-leader */
/* RULE cca.move.infantry-joins-leader cca.move.cavalry-joins-cavalry-leader cca.move.no-combine */
static unsigned unit_cell_rule(const cca_board *b, const cca_field *f, const cca_unit *un, int c)
{
    if (b->kind[c] != CCA_CELL_HEX || f->unit_at[c] >= 0)
        return 0; /* half-hexes and any other unit: not onto, not through */
    int l = f->leader_at[c];
    unsigned rule = MU_HEX_ENTER | MU_HEX_THROUGH | MU_HEX_END;
    if (l >= 0) {
        const cca_leader *ld = &f->leaders[l];
        if (ld->side != un->side || un->leader >= 0 || (un->type == CCA_CAVALRY && ld->type != CCA_CAVALRY))
            return 0;
        rule = MU_HEX_ENTER | MU_HEX_END; /* onto a lone friendly leader: stop and join */
    }
    return terrain_rule(b, c, rule);
}

/* What leader ld, moving on his own, may do at cell c. */
/* RULE cca.leader.pass-friends cca.leader.infantry-joins-infantry cca.leader.cavalry-joins-any */
/* RULE cca.leader.no-stop-with-enemy cca.leader.one-per-hex */
static unsigned leader_cell_rule(const cca_board *b, const cca_field *f, const cca_leader *ld, int c)
{
    if (b->kind[c] != CCA_CELL_HEX)
        return 0;
    int u = f->unit_at[c], l = f->leader_at[c];
    if ((u >= 0 && f->units[u].side != ld->side) || (l >= 0 && f->leaders[l].side != ld->side))
        return 0; /* an enemy unit or leader: not onto, not through */
    unsigned rule = MU_HEX_ENTER | MU_HEX_THROUGH | MU_HEX_END;
    if (l >= 0)
        rule &= ~(unsigned)MU_HEX_END; /* one leader per hex */
    else if (u >= 0 && ld->type != CCA_CAVALRY && f->units[u].type != CCA_INFANTRY)
        rule &= ~(unsigned)MU_HEX_END; /* an infantry leader joins infantry only */
    return terrain_rule(b, c, rule);
}

/* What the search of one piece needs to ask each hex's rule. */
typedef struct piece_ctx {
    const cca_board *b;
    const cca_field *f;
    const void *piece; /* cca_unit or cca_leader */
} piece_ctx;

static unsigned unit_rule_of(const void *ctx, int c)
{
    const piece_ctx *p = ctx;
    return unit_cell_rule(p->b, p->f, p->piece, c);
}

static unsigned leader_rule_of(const void *ctx, int c)
{
    const piece_ctx *p = ctx;
    return leader_cell_rule(p->b, p->f, p->piece, c);
}

/* The BFS and what follows from it: destinations (reached, may end there)
 * and the way off the battlefield (from a reached hex it may step on from,
 * next to a baseline it may leave by, with a hex of movement left). */
/* RULE cca.search.reach cca.field.baseline-half-hexes cca.leader.escape */
static void search(const cca_board *b, mu_hex_rule_fn *rule_of, const piece_ctx *ctx, int start, int max, int side,
                   unsigned exits, cca_reach *r)
{
    int16_t visited[CCA_MAX_CELLS];
    uint8_t rule[CCA_MAX_CELLS];
    r->max = max;
    r->n_dest = 0;
    r->exit_from = -1;
    r->exit_hexes = 0;
    int n = mu_hex_reach_by(&b->grid, rule_of, ctx, start, max, r->dist, NULL, visited, rule);
    for (int i = 0; i < n; i++) {
        int c = visited[i], d = r->dist[c];
        if (d >= 1 && (rule[c] & MU_HEX_END))
            r->dest[r->n_dest++] = (int16_t)c;
        int may_go_on = c == start || (rule[c] & MU_HEX_THROUGH);
        int by = ((exits & CCA_EXIT_OWN) && cca_board_on_baseline(b, c, side, 0)) ||
                 ((exits & CCA_EXIT_ENEMY) && cca_board_on_baseline(b, c, side, 1));
        if (may_go_on && by && d + 1 <= max && (r->exit_from < 0 || d + 1 < r->exit_hexes)) {
            r->exit_from = (int16_t)c;
            r->exit_hexes = (int8_t)(d + 1);
        }
    }
}

static void nothing(cca_reach *r)
{
    r->max = 0, r->n_dest = 0, r->exit_from = -1, r->exit_hexes = 0;
}

/* RULE cca.move.once-per-turn cca.move.no-move-join-move cca.leader.with-unit cca.leader.no-move-join-move */
int cca_unit_reach(const cca_board *b, const cca_field *f, int u, cca_reach *r)
{
    const cca_unit *un = &f->units[u];
    if (un->cell < 0 || (f->unit_moved >> u & 1) || (un->leader >= 0 && (f->leader_moved >> un->leader & 1))) {
        nothing(r);
        return 0;
    }
    piece_ctx ctx = {b, f, un};
    search(b, unit_rule_of, &ctx, un->cell, cca_unit_allowance(un), un->side, b->unit_exit[un->side], r);
    return r->n_dest + (r->exit_from >= 0);
}

/* RULE cca.leader.split cca.leader.escape */
int cca_leader_reach(const cca_board *b, const cca_field *f, int l, cca_reach *r)
{
    const cca_leader *ld = &f->leaders[l];
    if (ld->cell < 0 || (f->leader_moved >> l & 1)) {
        nothing(r);
        return 0;
    }
    piece_ctx ctx = {b, f, ld};
    search(b, leader_rule_of, &ctx, ld->cell, cca_leader_allowance(ld), ld->side, CCA_EXIT_OWN, r);
    return r->n_dest + (r->exit_from >= 0);
}

static int in_reach(const cca_reach *r, int dest)
{
    if (dest == CCA_EXIT)
        return r->exit_from >= 0;
    if (dest < 0 || dest >= CCA_MAX_CELLS || r->dist[dest] < 1)
        return 0;
    for (int i = 0; i < r->n_dest; i++)
        if (r->dest[i] == dest)
            return 1;
    return 0;
}

/* RULE cca.move.battle-record cca.move.infantry-triangle cca.move.terrain */
static int may_battle_after(const cca_board *b, const cca_unit *un, int hexes, int cell)
{
    if (un->type == CCA_INFANTRY && un->rank == CCA_TRIANGLE && hexes > 1)
        return 0; /* 2 hexes and no battle */
    return !b->terrain_rule[b->terrain[cell]].no_battle || hexes == 0;
}

/* RULE cca.move.sequential cca.move.no-split cca.leader.with-unit cca.move.infantry-joins-leader */
int cca_move_unit(const cca_board *b, cca_field *f, int u, int dest, const cca_reach *r, cca_move_result *res)
{
    cca_reach own;
    if (r == NULL) {
        cca_unit_reach(b, f, u, &own);
        r = &own;
    }
    *res = (cca_move_result){0};
    if (!in_reach(r, dest))
        return -1;
    cca_unit *un = &f->units[u];
    int from = un->cell, l = un->leader;
    f->unit_at[from] = -1;
    if (l >= 0) {
        f->leader_at[from] = -1;
        f->leader_moved |= 1u << l;
    }
    f->unit_moved |= UINT64_C(1) << u;
    if (dest == CCA_EXIT) {
        res->hexes = r->exit_hexes;
        res->exited = 1;
        un->cell = -1;
        if (l >= 0) {
            f->leaders[l].cell = -1;
            f->leaders[l].unit = -1;
            un->leader = -1;
        }
        return 0;
    }
    res->hexes = r->dist[dest];
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
    res->may_battle = may_battle_after(b, un, res->hexes, dest);
    res->adjacent = cca_unit_adjacent_enemy(b, f, u);
    return 0;
}

/* RULE cca.leader.split cca.leader.escape cca.leader.escape-no-return cca.leader.infantry-joins-infantry */
int cca_move_leader(const cca_board *b, cca_field *f, int l, int dest, const cca_reach *r, cca_move_result *res)
{
    cca_reach own;
    if (r == NULL) {
        cca_leader_reach(b, f, l, &own);
        r = &own;
    }
    *res = (cca_move_result){0};
    if (!in_reach(r, dest))
        return -1;
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
        res->hexes = r->exit_hexes;
        res->exited = 1;
        ld->cell = -1;
        return 0;
    }
    res->hexes = r->dist[dest];
    ld->cell = (int16_t)dest;
    f->leader_at[dest] = (int8_t)l;
    int u = f->unit_at[dest];
    if (u >= 0) {
        assert(f->units[u].leader < 0 && f->units[u].side == ld->side);
        f->units[u].leader = (int8_t)l;
        ld->unit = (int8_t)u;
        res->joined = 1;
    }
    return 0;
}

int cca_unit_may_battle_unmoved(const cca_field *f, int u) { return f->units[u].cell >= 0; }
