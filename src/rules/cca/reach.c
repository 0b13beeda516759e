/* Where a piece may go this turn (cca_move.h): the allowances, the public
 * reach functions and, for boards of at most 128 cells (the 13 x 9
 * battlefield has 126), the reach on 128-bit integers: the sets of
 * reach_general.c and its search with no loops over words, the front's
 * neighbours from the grid's per-cell table. Exactly the reach of
 * reach_general.c (cca_unit_reach_general, cca_leader_reach_general;
 * the tests compare them), which larger boards take. */
#include "cca/move_internal.h"

#include <assert.h>

/* RULE cca.move.infantry-circle cca.move.infantry-triangle cca.move.infantry-square cca.move.cavalry-square */
int cca_unit_allowance(const cca_unit *u)
{
    if (u->type == CCA_CAVALRY)
        return 2;
    return u->rank == CCA_SQUARE ? 1 : 2;
}

/* RULE cca.leader.alone-allowance */
int cca_leader_allowance(const cca_leader *l) { return l->type == CCA_CAVALRY ? 3 : 2; }

/* ---- Sets of at most 128 cells ------------------------------------------ */

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

/* What search128 finds: per hexes k (1 <= k <= max) the cells first
 * reached after k hexes (layer[0]: the start) and those of them the move
 * may end on; the cells it looked at; the way off. */
typedef struct found128 {
    u128 layer[CCA_MAX_MOVE + 1], ends[CCA_MAX_MOVE + 1];
    u128 looked;
    int exit_from, exit_hexes;
} found128;

/* reach_general.c's search() on 128-bit sets (b->grid.words <= 2) into
 * *o. Returns the cells its move may end on (1 hex or more away). */
/* RULE cca.search.reach cca.field.baseline-half-hexes cca.leader.escape */
static inline __attribute__((always_inline)) u128 search128(const cca_board *b, u128 enter, u128 through, u128 end,
                                                            int start, int max, int side, unsigned exits, found128 *o)
{
    assert(max <= CCA_MAX_MOVE);
    o->exit_from = -1;
    o->exit_hexes = 0;
    u128 off = 0;
    if (exits & CCA_EXIT_OWN)
        off |= get128(&b->baseline[side]);
    if (exits & CCA_EXIT_ENEMY)
        off |= get128(&b->baseline[1 - side]);
    u128 seen = (u128)1 << start, front = seen, ends = 0, looked = seen;
    o->layer[0] = seen;
    if ((off & front) && max >= 1)
        o->exit_from = start, o->exit_hexes = 1;
    for (int k = 1; k <= max; k++) {
        u128 nb = front ? neighbours128(&b->grid, front) : 0;
        u128 fresh = nb & enter & ~seen;
        looked |= nb;
        o->layer[k] = fresh;
        seen |= fresh;
        front = fresh & through;
        if ((off & front) && o->exit_from < 0 && k + 1 <= max)
            o->exit_from = ctz128(off & front), o->exit_hexes = k + 1;
        o->ends[k] = fresh & end;
        ends |= fresh & end;
    }
    o->looked = looked;
    return ends;
}

/* *r from what search128 found (max hexes); with list 0 the destinations
 * are not listed (r->n_dest 0). */
static void reach_from(const found128 *o, int max, int list, cca_reach *r)
{
    r->max = max;
    r->n_dest = 0;
    r->exit_from = (int16_t)o->exit_from;
    r->exit_hexes = (int8_t)o->exit_hexes;
    for (int k = 0; k <= max; k++)
        put128(&r->layer[k], o->layer[k]);
    for (int k = 1; k <= max && list; k++)
        list128(o->ends[k], (int8_t)k, r);
}

/* reach_general.c's unit_sets() on 128-bit sets. */
static inline void unit_sets128(const cca_board *b, const cca_field *f, const cca_unit *un, u128 *enter, u128 *through)
{
    int own = un->side, en = 1 - own;
    u128 lone = get128(&f->lone_set[own]);
    u128 joinable = un->leader >= 0 ? 0 : un->type == CCA_CAVALRY ? get128(&f->lone_cav_set[own]) : lone;
    *enter = get128(&b->open) & ~(get128(&f->unit_set[0]) | get128(&f->unit_set[1])) & ~get128(&f->lone_set[en]) &
             ~(lone & ~joinable);
    *through = *enter & ~get128(&b->stops) & ~lone;
}

/* reach_general.c's leader_sets() on 128-bit sets. */
static inline void leader_sets128(const cca_board *b, const cca_field *f, const cca_leader *ld, u128 *enter, u128 *through,
                           u128 *end)
{
    int own = ld->side, en = 1 - own;
    *enter = get128(&b->open) & ~get128(&f->unit_set[en]) & ~get128(&f->leader_set[en]);
    *through = *enter & ~get128(&b->stops);
    *end = *enter & ~get128(&f->leader_set[own]) & (ld->type == CCA_CAVALRY ? ~(u128)0 : ~get128(&f->cav_set[own]));
}

/* ---- The reach of a unit or a leader ------------------------------------ */

/* RULE cca.move.once-per-turn cca.move.no-move-join-move cca.leader.with-unit cca.leader.no-move-join-move */
int cca_unit_reach(const cca_board *b, const cca_field *f, int u, cca_reach *r)
{
    if (b->grid.words > 2)
        return cca_unit_reach_general(b, f, u, r);
    const cca_unit *un = &f->units[u];
    if (cca_unit_stays(f, u)) {
        cca_reach_none(r);
        return 0;
    }
    u128 enter, through;
    found128 o;
    int max = cca_unit_allowance(un);
    unit_sets128(b, f, un, &enter, &through);
    search128(b, enter, through, enter, un->cell, max, un->side, b->unit_exit[un->side], &o);
    reach_from(&o, max, 1, r);
    return r->n_dest + (r->exit_from >= 0);
}

/* RULE cca.leader.split cca.leader.escape */
int cca_leader_reach(const cca_board *b, const cca_field *f, int l, cca_reach *r)
{
    if (b->grid.words > 2)
        return cca_leader_reach_general(b, f, l, r);
    const cca_leader *ld = &f->leaders[l];
    if (cca_leader_stays(f, l)) {
        cca_reach_none(r);
        return 0;
    }
    u128 enter, through, end;
    found128 o;
    int max = cca_leader_allowance(ld);
    leader_sets128(b, f, ld, &enter, &through, &end);
    search128(b, enter, through, end, ld->cell, max, ld->side, CCA_EXIT_OWN, &o);
    reach_from(&o, max, 1, r);
    return r->n_dest + (r->exit_from >= 0);
}

/* Small boards: what the search of a piece finds (nothing, max 0, when it
 * may not move); returns the cells its move may end on. */
static u128 quiet_reach(const cca_board *b, const cca_field *f, int leader, int piece, found128 *o, int *max)
{
    u128 enter, through, end;
    if (!leader) {
        const cca_unit *un = &f->units[piece];
        if (cca_unit_stays(f, piece)) {
            *max = 0, o->exit_from = -1, o->exit_hexes = 0, o->layer[0] = 0, o->looked = 0;
            return 0;
        }
        *max = cca_unit_allowance(un);
        unit_sets128(b, f, un, &enter, &through);
        return search128(b, enter, through, enter, un->cell, *max, un->side, b->unit_exit[un->side], o);
    }
    const cca_leader *ld = &f->leaders[piece];
    if (cca_leader_stays(f, piece)) {
        *max = 0, o->exit_from = -1, o->exit_hexes = 0, o->layer[0] = 0, o->looked = 0;
        return 0;
    }
    *max = cca_leader_allowance(ld);
    leader_sets128(b, f, ld, &enter, &through, &end);
    return search128(b, enter, through, end, ld->cell, *max, ld->side, CCA_EXIT_OWN, o);
}

static inline int pop128(u128 x) { return pop64((uint64_t)x) + pop64((uint64_t)(x >> 64)); }

int cca_piece_moves(const cca_board *b, const cca_field *f, int leader, int piece)
{
    if (b->grid.words > 2) {
        cca_reach r;
        return leader ? cca_leader_reach(b, f, piece, &r) : cca_unit_reach(b, f, piece, &r);
    }
    found128 o;
    int max;
    u128 ends = quiet_reach(b, f, leader, piece, &o, &max);
    return pop128(ends) + (o.exit_from >= 0);
}

int cca_piece_sets(const cca_board *b, const cca_field *f, int leader, int piece, cca_reach_sets *s)
{
    assert(b->grid.words <= 2);
    found128 o;
    int max;
    u128 ends = quiet_reach(b, f, leader, piece, &o, &max);
    s->max = max;
    for (int k = 1; k <= max; k++)
        s->ends[k][0] = (uint64_t)o.ends[k], s->ends[k][1] = (uint64_t)(o.ends[k] >> 64);
    s->exit_from = (int16_t)o.exit_from;
    s->exit_hexes = (int8_t)o.exit_hexes;
    s->looked[0] = (uint64_t)o.looked, s->looked[1] = (uint64_t)(o.looked >> 64);
    return pop128(ends) + (o.exit_from >= 0);
}

int cca_reach_dist(const cca_reach *r, int c)
{
    assert(c >= 0 && c < CCA_MAX_CELLS);
    for (int k = 0; k <= r->max && r->max > 0; k++)
        if (mu_hex_set_has(&r->layer[k], c))
            return k;
    return -1;
}

/* ---- The hexes of a move ------------------------------------------------- */

int cca_reach_hexes(const cca_reach *r, int dest)
{
    if (dest == CCA_EXIT)
        return r->exit_from >= 0 ? r->exit_hexes : -1;
    for (int i = 0; i < r->n_dest; i++)
        if (r->dest[i] == dest)
            return r->hexes[i];
    return -1;
}

int cca_reach_hexes_to(const cca_board *b, const cca_field *f, int leader, int piece, int dest, const cca_reach *r)
{
    cca_reach own;
    if (r)
        return cca_reach_hexes(r, dest);
    if (b->grid.words > 2) {
        if (leader)
            cca_leader_reach(b, f, piece, &own);
        else
            cca_unit_reach(b, f, piece, &own);
        return cca_reach_hexes(&own, dest);
    }
    found128 o;
    int max;
    u128 ends = quiet_reach(b, f, leader, piece, &o, &max);
    if (dest == CCA_EXIT)
        return o.exit_from >= 0 ? o.exit_hexes : -1;
    if (dest < 0 || dest >= 128 || !(ends >> dest & 1))
        return -1;
    for (int k = 1; k <= max; k++)
        if (o.ends[k] >> dest & 1)
            return k;
    return -1;
}
