/* Internals of ordered movement (cca_move.h), shared by its modules:
 * reach_general.c (the clauses as sets of hexes and the search on sets of
 * any size), reach.c (the reach on boards of at most 128 cells, and the
 * public reach functions) and move.c (applying a move). Not a public
 * header. */
#ifndef MUSTER_CCA_MOVE_INTERNAL_H
#define MUSTER_CCA_MOVE_INTERNAL_H

#include "cca/cca_move.h"

/* Fills *r with an empty reach: the piece may not move. */
static inline void cca_reach_none(cca_reach *r)
{
    r->max = 0, r->n_dest = 0, r->exit_from = -1, r->exit_hexes = 0;
}

/* Returns whether unit u may not move this turn: it has left the
 * battlefield, has moved, or its leader has moved (cca_unit_reach). */
static inline int cca_unit_stays(const cca_field *f, int u)
{
    const cca_unit *un = &f->units[u];
    return un->cell < 0 || (f->unit_moved >> u & 1) || (un->leader >= 0 && (f->leader_moved >> un->leader & 1));
}

/* Returns whether leader l may not move on his own this turn: he has
 * left, or has moved (cca_leader_reach). */
static inline int cca_leader_stays(const cca_field *f, int l)
{
    return f->leaders[l].cell < 0 || (f->leader_moved >> l & 1);
}

/* Returns the hexes of the move of a piece (unit `piece`, or with leader
 * set leader `piece` on his own) to dest (a cell or CCA_EXIT), or -1 when
 * dest is not in its reach: from r (its reach as the field stands), or
 * with r NULL by a search of its own (on boards of at most 128 cells
 * without listing the destinations). In reach.c. */
int cca_reach_hexes_to(const cca_board *b, const cca_field *f, int leader, int piece, int dest, const cca_reach *r);

#endif
