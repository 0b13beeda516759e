/* The move search's menu: for a unit, a fixed list of moves of every
 * kind it may make this phase (the random policy picks among the legal
 * ones), each within its kind's distance and its models' limit, the
 * straight parts fitted to the table by the search's lanes (na_search.h).
 *
 * Forward Advance and March Moves: a Wheel of 0, +-10, 20, 30, 45, 60, 90,
 * 120, 150 or 180 degrees (Pivots for a single model), then the farthest
 * straight part its lane leaves legal (to the first obstacle, to contact
 * with an enemy, short of the Unit Spacing of a unit there) and the legal
 * ones nearest 3/4, 1/2 and 1/4 of it; or the longest straight part that
 * runs clear, and 3/4 of it, then the turn. Backwards and sideways: the
 * farthest legal and the legal one nearest half of it. Reforms to each quarter turn and to 1 or 2 files more or fewer.
 * Most of the menu is legal; na_move_check_in has the last word.
 * tests/unit/test_na_policy.c measures it against an exhaustive
 * reference. */
#ifndef MUSTER_NA_MOVEGEN_H
#define MUSTER_NA_MOVEGEN_H

#include "ninth_age/na_search.h"

#define NA_MAX_CANDIDATES 400

typedef struct na_candidates {
    int n;
    na_move m[NA_MAX_CANDIDATES];
} na_candidates;

/* Fills *out with the menu's moves of the search's unit (S begun by
 * na_search_begin) of the kinds whose bit (1 << kind) is set in kinds and
 * that na_move_allowed permits (none when it may not move). No Holds. */
void na_movegen(na_search *S, unsigned kinds, na_candidates *out);

/* Returns how many slots the menu has: na_movegen lists the moves of
 * slots 0, 1, ... in turn, each slot holding one move or none. */
int na_menu_slots(void);

/* Writes the move of menu slot `slot` (0 <= slot < na_menu_slots()) of
 * the search's unit to *m and returns 1, or returns 0 when the slot holds
 * none (for this unit, these kinds, this table). Slot by slot, only the
 * turns and lanes each needs are looked at. */
int na_menu_slot(na_search *S, unsigned kinds, int slot, na_move *m);

/* Every kind of move but Hold. */
#define NA_ALL_MOVES ((1u << NA_ADVANCE) | (1u << NA_ADVANCE_BACK) | (1u << NA_ADVANCE_SIDE) | (1u << NA_MARCH) | \
                      (1u << NA_REFORM))

#endif
