/* The reach of a piece on a board of any size (cca_move.h,
 * cca_unit_reach_general, cca_leader_reach_general): the clauses below
 * turned into the sets of hexes a piece may step onto, step on from and
 * end on, out of the board's terrain sets and the field's piece sets, and
 * the hex grid's breadth-first search on them (mu_hex_reach_sets).
 * reach.c does the same on 128-bit sets for boards of at most 128 cells;
 * the tests compare the two. */
#include "cca/move_internal.h"

#include <assert.h>

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

int cca_unit_reach_general(const cca_board *b, const cca_field *f, int u, cca_reach *r)
{
    const cca_unit *un = &f->units[u];
    if (cca_unit_stays(f, u)) {
        cca_reach_none(r);
        return 0;
    }
    piece_sets p;
    unit_sets(b, f, un, &p);
    search(b, &p, un->cell, cca_unit_allowance(un), un->side, b->unit_exit[un->side], r);
    return r->n_dest + (r->exit_from >= 0);
}

int cca_leader_reach_general(const cca_board *b, const cca_field *f, int l, cca_reach *r)
{
    const cca_leader *ld = &f->leaders[l];
    if (cca_leader_stays(f, l)) {
        cca_reach_none(r);
        return 0;
    }
    piece_sets p;
    leader_sets(b, f, ld, &p);
    search(b, &p, ld->cell, cca_leader_allowance(ld), ld->side, CCA_EXIT_OWN, r);
    return r->n_dest + (r->exit_from >= 0);
}
