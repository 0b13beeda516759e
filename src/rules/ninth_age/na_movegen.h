/* The move search's candidates: for a unit, a fixed menu of moves of
 * every kind it may make this phase, each within its kind's distance and
 * its models' limit (checked on the unit alone; the table is checked by
 * na_move_try when a policy picks one).
 *
 * Forward Advance and March Moves: a Wheel of 0, +-10, 20, 30, 45, 60, 90,
 * 120, 150 or 180 degrees (Pivots for a single model), before or after a
 * straight move of the longest distance the models' limit and the rest of
 * the allowance permit, and of 3/4, 1/2 and 1/4 of it; backwards and
 * sideways the full and half allowance; Reforms to each quarter turn and
 * to 1 or 2 files more or fewer. tests/unit/test_na_movegen.c measures it
 * against an exhaustive reference. */
#ifndef MUSTER_NA_MOVEGEN_H
#define MUSTER_NA_MOVEGEN_H

#include "ninth_age/na_move.h"

#define NA_MAX_CANDIDATES 400

typedef struct na_candidates {
    int n;
    na_move m[NA_MAX_CANDIDATES];
} na_candidates;

/* Fills *out with the candidate moves of unit u of f of the kinds whose
 * bit (1 << kind) is set in kinds and that na_move_allowed permits (none
 * when u may not move). No Holds. */
void na_movegen(const na_field *f, int u, unsigned kinds, na_candidates *out);

/* Every kind of move but Hold. */
#define NA_ALL_MOVES ((1u << NA_ADVANCE) | (1u << NA_ADVANCE_BACK) | (1u << NA_ADVANCE_SIDE) | (1u << NA_MARCH) | \
                      (1u << NA_REFORM))

#endif
