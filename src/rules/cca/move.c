/* Ordered movement (cca_move.h): each piece's reach by the hex grid's
 * breadth-first search on sets of hexes (those it may step onto, step on
 * from, end on), built from the clauses below out of the board's terrain
 * sets and the field's piece sets, and the moves that follow it. */
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

/* The hexes a piece may step onto (enter), step on from (through) and end
 * its move on (end), as sets of cells of the board's grid. */
typedef struct piece_sets {
    mu_hex_set enter, through, end;
} piece_sets;

/* Unit un's sets. Terrain is the board's (open: full hexes that are not
 * impassable; stops), the rest the field's. */
/* RULE cca.move.terrain cca.field.side-half-hexes cca.move.one-per-hex cca.move.no-pass-units */
/* RULE cca.move.no-pass-enemy-leader cca.move.infantry-joins-leader cca.move.cavalry-joins-cavalry-leader */
/* RULE cca.move.no-combine */
static void unit_sets(const cca_board *b, const cca_field *f, const cca_unit *un, piece_sets *p)
{
    int own = un->side, en = 1 - own;
    for (int i = 0; i < b->grid.words; i++) {
        /* a lone friendly leader it may join: infantry any, cavalry a cavalry leader; none if it has a leader */
        uint64_t joinable = un->leader >= 0 ? 0 : un->type == CCA_CAVALRY ? f->lone_cav_set[own].w[i] : f->lone_set[own].w[i];
        uint64_t enter = b->open.w[i] & ~(f->unit_set[0].w[i] | f->unit_set[1].w[i]) & ~f->lone_set[en].w[i] &
                         ~(f->lone_set[own].w[i] & ~joinable);
        p->enter.w[i] = enter;
        p->end.w[i] = enter;
        /* onto a lone leader: stop and join; a stopping terrain ends the move */
        p->through.w[i] = enter & ~b->stops.w[i] & ~f->lone_set[own].w[i];
    }
}

/* Leader ld's sets, moving on his own. */
/* RULE cca.leader.same-rules cca.leader.pass-friends cca.leader.infantry-joins-infantry */
/* RULE cca.leader.cavalry-joins-any cca.leader.no-stop-with-enemy cca.leader.one-per-hex */
static void leader_sets(const cca_board *b, const cca_field *f, const cca_leader *ld, piece_sets *p)
{
    int own = ld->side, en = 1 - own;
    for (int i = 0; i < b->grid.words; i++) {
        /* friends may be passed; an enemy unit or leader neither entered nor passed */
        uint64_t enter = b->open.w[i] & ~f->unit_set[en].w[i] & ~f->leader_set[en].w[i];
        p->enter.w[i] = enter;
        p->through.w[i] = enter & ~b->stops.w[i];
        /* one leader per hex; an infantry leader joins infantry only */
        p->end.w[i] = enter & ~f->leader_set[own].w[i] & (ld->type == CCA_CAVALRY ? ~UINT64_C(0) : ~f->cav_set[own].w[i]);
    }
}

/* The search and what follows from it: destinations (reached, may end
 * there) and the way off the battlefield (from start or a reached hex it
 * may step on from, next to a baseline it may leave by, with a hex of
 * movement left). */
/* RULE cca.search.reach cca.field.baseline-half-hexes cca.leader.escape */
static void search(const cca_board *b, const piece_sets *p, int start, int max, int side, unsigned exits,
                   cca_reach *r)
{
    mu_hex_set *layer = r->layer;
    assert(max <= CCA_MAX_MOVE);
    r->max = max;
    r->n_dest = 0;
    r->exit_from = -1;
    r->exit_hexes = 0;
    mu_hex_reach_sets(&b->grid, &p->enter, &p->through, start, max, layer);
    for (int k = 0; k <= max; k++) {
        for (int i = 0; i < b->grid.words; i++) {
            uint64_t bits = layer[k].w[i];
            uint64_t off = 0;
            if (exits & CCA_EXIT_OWN)
                off |= b->baseline[side].w[i];
            if (exits & CCA_EXIT_ENEMY)
                off |= b->baseline[1 - side].w[i];
            off &= bits & (k == 0 ? ~UINT64_C(0) : p->through.w[i]);
            if (off && r->exit_from < 0 && k + 1 <= max) {
                r->exit_from = (int16_t)(i * 64 + __builtin_ctzll(off));
                r->exit_hexes = (int8_t)(k + 1);
            }
            for (bits &= k >= 1 ? p->end.w[i] : 0; bits; bits &= bits - 1) {
                r->hexes[r->n_dest] = (int8_t)k;
                r->dest[r->n_dest++] = (int16_t)(i * 64 + __builtin_ctzll(bits));
            }
        }
    }
}

/* ---- Boards of at most 128 cells (the 13 x 9 battlefield has 126) ------- */

/* The same sets and search on 128-bit integers: no loops over words, the
 * front's neighbours from the grid's per-cell table. Exactly the reach of
 * search() (cca_unit_reach_general, cca_leader_reach_general; the tests
 * compare them). */
__extension__ typedef unsigned __int128 u128;

static inline u128 get128(const mu_hex_set *s) { return (u128)s->w[0] | (u128)s->w[1] << 64; }

static inline int ctz128(u128 x)
{
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

/* Bits set in x (no popcnt instruction is assumed, and libgcc's is a
 * table walk). */
static inline int pop64(uint64_t x)
{
    x = x - (x >> 1 & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + (x >> 2 & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Appends the cells of x, in increasing order, to r's destinations, each
 * `hexes` away. */
static inline void list128(u128 x, int8_t hexes, cca_reach *r)
{
    int n = r->n_dest;
    int16_t *dest = r->dest;
    int8_t *hx = r->hexes;
    for (uint64_t w = (uint64_t)x; w; w &= w - 1, n++)
        dest[n] = (int16_t)__builtin_ctzll(w), hx[n] = hexes;
    for (uint64_t w = (uint64_t)(x >> 64); w; w &= w - 1, n++)
        dest[n] = (int16_t)(64 + __builtin_ctzll(w)), hx[n] = hexes;
    r->n_dest = n;
}

/* The first two words of s (the only ones a board of at most 128 cells
 * reads). */
static inline void put128(mu_hex_set *s, u128 v)
{
    s->w[0] = (uint64_t)v;
    s->w[1] = (uint64_t)(v >> 64);
}

static inline u128 neighbours128(const mu_hex_grid *g, u128 in)
{
    u128 out = 0;
    for (uint64_t w = (uint64_t)in; w; w &= w - 1) {
        const uint64_t *nb = g->nb_bits[__builtin_ctzll(w)];
        out |= (u128)nb[0] | (u128)nb[1] << 64;
    }
    for (uint64_t w = (uint64_t)(in >> 64); w; w &= w - 1) {
        const uint64_t *nb = g->nb_bits[64 + __builtin_ctzll(w)];
        out |= (u128)nb[0] | (u128)nb[1] << 64;
    }
    return out;
}

/* search() on 128-bit sets (b->grid.words <= 2); with list 0 the
 * destinations are not listed (r->n_dest stays 0). Returns the cells its
 * move may end on (1 hex or more away). */
static u128 search128(const cca_board *b, u128 enter, u128 through, u128 end, int start, int max, int side,
                      unsigned exits, cca_reach *r, int list)
{
    assert(max <= CCA_MAX_MOVE);
    r->max = max;
    r->n_dest = 0;
    r->exit_from = -1;
    r->exit_hexes = 0;
    u128 off = 0;
    if (exits & CCA_EXIT_OWN)
        off |= get128(&b->baseline[side]);
    if (exits & CCA_EXIT_ENEMY)
        off |= get128(&b->baseline[1 - side]);
    u128 seen = (u128)1 << start, front = seen, ends = 0;
    put128(&r->layer[0], seen);
    if ((off & front) && max >= 1)
        r->exit_from = (int16_t)start, r->exit_hexes = 1;
    for (int k = 1; k <= max; k++) {
        u128 fresh = front ? neighbours128(&b->grid, front) & enter & ~seen : 0;
        put128(&r->layer[k], fresh);
        seen |= fresh;
        front = fresh & through;
        if ((off & front) && r->exit_from < 0 && k + 1 <= max)
            r->exit_from = (int16_t)ctz128(off & front), r->exit_hexes = (int8_t)(k + 1);
        ends |= fresh & end;
        if (list)
            list128(fresh & end, (int8_t)k, r);
    }
    return ends;
}

/* unit_sets() on 128-bit sets. */
static inline void unit_sets128(const cca_board *b, const cca_field *f, const cca_unit *un, u128 *enter, u128 *through)
{
    int own = un->side, en = 1 - own;
    u128 lone = get128(&f->lone_set[own]);
    u128 joinable = un->leader >= 0 ? 0 : un->type == CCA_CAVALRY ? get128(&f->lone_cav_set[own]) : lone;
    *enter = get128(&b->open) & ~(get128(&f->unit_set[0]) | get128(&f->unit_set[1])) & ~get128(&f->lone_set[en]) &
             ~(lone & ~joinable);
    *through = *enter & ~get128(&b->stops) & ~lone;
}

/* leader_sets() on 128-bit sets. */
static inline void leader_sets128(const cca_board *b, const cca_field *f, const cca_leader *ld, u128 *enter, u128 *through,
                           u128 *end)
{
    int own = ld->side, en = 1 - own;
    *enter = get128(&b->open) & ~get128(&f->unit_set[en]) & ~get128(&f->leader_set[en]);
    *through = *enter & ~get128(&b->stops);
    *end = *enter & ~get128(&f->leader_set[own]) & (ld->type == CCA_CAVALRY ? ~(u128)0 : ~get128(&f->cav_set[own]));
}

/* ---- The reach of a unit or a leader ------------------------------------ */

static void nothing(cca_reach *r)
{
    r->max = 0, r->n_dest = 0, r->exit_from = -1, r->exit_hexes = 0;
}

/* Whether unit u may not move this turn (cca_unit_reach). */
static int unit_stays(const cca_field *f, int u)
{
    const cca_unit *un = &f->units[u];
    return un->cell < 0 || (f->unit_moved >> u & 1) || (un->leader >= 0 && (f->leader_moved >> un->leader & 1));
}

int cca_unit_reach_general(const cca_board *b, const cca_field *f, int u, cca_reach *r)
{
    const cca_unit *un = &f->units[u];
    if (unit_stays(f, u)) {
        nothing(r);
        return 0;
    }
    piece_sets p;
    unit_sets(b, f, un, &p);
    search(b, &p, un->cell, cca_unit_allowance(un), un->side, b->unit_exit[un->side], r);
    return r->n_dest + (r->exit_from >= 0);
}

/* RULE cca.move.once-per-turn cca.move.no-move-join-move cca.leader.with-unit cca.leader.no-move-join-move */
int cca_unit_reach(const cca_board *b, const cca_field *f, int u, cca_reach *r)
{
    if (b->grid.words > 2)
        return cca_unit_reach_general(b, f, u, r);
    const cca_unit *un = &f->units[u];
    if (unit_stays(f, u)) {
        nothing(r);
        return 0;
    }
    u128 enter, through;
    unit_sets128(b, f, un, &enter, &through);
    search128(b, enter, through, enter, un->cell, cca_unit_allowance(un), un->side, b->unit_exit[un->side], r, 1);
    return r->n_dest + (r->exit_from >= 0);
}

int cca_leader_reach_general(const cca_board *b, const cca_field *f, int l, cca_reach *r)
{
    const cca_leader *ld = &f->leaders[l];
    if (ld->cell < 0 || (f->leader_moved >> l & 1)) {
        nothing(r);
        return 0;
    }
    piece_sets p;
    leader_sets(b, f, ld, &p);
    search(b, &p, ld->cell, cca_leader_allowance(ld), ld->side, CCA_EXIT_OWN, r);
    return r->n_dest + (r->exit_from >= 0);
}

/* RULE cca.leader.split cca.leader.escape */
int cca_leader_reach(const cca_board *b, const cca_field *f, int l, cca_reach *r)
{
    if (b->grid.words > 2)
        return cca_leader_reach_general(b, f, l, r);
    const cca_leader *ld = &f->leaders[l];
    if (ld->cell < 0 || (f->leader_moved >> l & 1)) {
        nothing(r);
        return 0;
    }
    u128 enter, through, end;
    leader_sets128(b, f, ld, &enter, &through, &end);
    search128(b, enter, through, end, ld->cell, cca_leader_allowance(ld), ld->side, CCA_EXIT_OWN, r, 1);
    return r->n_dest + (r->exit_from >= 0);
}

/* Small boards: a piece's reach without its list of destinations
 * (r->n_dest 0); returns the cells its move may end on. */
static u128 quiet_reach(const cca_board *b, const cca_field *f, int leader, int piece, cca_reach *r)
{
    u128 enter, through, end;
    if (!leader) {
        const cca_unit *un = &f->units[piece];
        if (unit_stays(f, piece)) {
            nothing(r);
            return 0;
        }
        unit_sets128(b, f, un, &enter, &through);
        return search128(b, enter, through, enter, un->cell, cca_unit_allowance(un), un->side, b->unit_exit[un->side],
                         r, 0);
    }
    const cca_leader *ld = &f->leaders[piece];
    if (ld->cell < 0 || (f->leader_moved >> piece & 1)) {
        nothing(r);
        return 0;
    }
    leader_sets128(b, f, ld, &enter, &through, &end);
    return search128(b, enter, through, end, ld->cell, cca_leader_allowance(ld), ld->side, CCA_EXIT_OWN, r, 0);
}

int cca_piece_moves(const cca_board *b, const cca_field *f, int leader, int piece)
{
    cca_reach r;
    if (b->grid.words > 2)
        return leader ? cca_leader_reach(b, f, piece, &r) : cca_unit_reach(b, f, piece, &r);
    u128 ends = quiet_reach(b, f, leader, piece, &r);
    return pop64((uint64_t)ends) + pop64((uint64_t)(ends >> 64)) + (r.exit_from >= 0);
}

int cca_reach_dist(const cca_reach *r, int c)
{
    assert(c >= 0 && c < CCA_MAX_CELLS);
    for (int k = 0; k <= r->max && r->max > 0; k++)
        if (mu_hex_set_has(&r->layer[k], c))
            return k;
    return -1;
}

/* The hexes of a move to dest in r (a destination or CCA_EXIT), or -1
 * when dest is not in r. */
static int hexes_in(const cca_reach *r, int dest)
{
    if (dest == CCA_EXIT)
        return r->exit_from >= 0 ? r->exit_hexes : -1;
    for (int i = 0; i < r->n_dest; i++)
        if (r->dest[i] == dest)
            return r->hexes[i];
    return -1;
}

/* The hexes of the move of a piece (a unit, or leader l on his own) to
 * dest, or -1 when dest is not in its reach: from r (its reach as the
 * field stands), or NULL to search it (on small boards without listing
 * its destinations). */
static int hexes_to(const cca_board *b, const cca_field *f, int leader, int piece, int dest, const cca_reach *r)
{
    cca_reach own;
    if (r)
        return hexes_in(r, dest);
    if (b->grid.words > 2) {
        if (leader)
            cca_leader_reach(b, f, piece, &own);
        else
            cca_unit_reach(b, f, piece, &own);
        return hexes_in(&own, dest);
    }
    u128 ends = quiet_reach(b, f, leader, piece, &own);
    if (dest == CCA_EXIT)
        return own.exit_from >= 0 ? own.exit_hexes : -1;
    if (dest < 0 || dest >= 128 || !(ends >> dest & 1))
        return -1;
    return cca_reach_dist(&own, dest);
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
    *res = (cca_move_result){0};
    int hexes = hexes_to(b, f, 0, u, dest, r);
    if (hexes < 0)
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
        res->hexes = hexes;
        res->exited = 1;
        un->cell = -1;
        if (l >= 0) {
            f->leaders[l].cell = -1;
            f->leaders[l].unit = -1;
            un->leader = -1;
        }
        cca_field_sync_cells(f, from, -1);
        return 0;
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
    res->may_battle = may_battle_after(b, un, res->hexes, dest);
    res->adjacent = cca_unit_adjacent_enemy(b, f, u);
    return 0;
}

/* RULE cca.leader.split cca.leader.escape cca.leader.escape-no-return cca.leader.infantry-joins-infantry */
int cca_move_leader(const cca_board *b, cca_field *f, int l, int dest, const cca_reach *r, cca_move_result *res)
{
    *res = (cca_move_result){0};
    int hexes = hexes_to(b, f, 1, l, dest, r);
    if (hexes < 0)
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
        res->hexes = hexes;
        res->exited = 1;
        ld->cell = -1;
        cca_field_sync_cells(f, from, -1);
        return 0;
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
    return 0;
}

int cca_unit_may_battle_unmoved(const cca_field *f, int u) { return f->units[u].cell >= 0; }
