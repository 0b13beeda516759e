/* Ordered movement of units and leaders (the text's "Unit Movement",
 * "Infantry/Cavalry Unit Movement", "Leader Movement" and "Leader Move off
 * the Battlefield"): where a piece may go this turn, exactly, and the move
 * itself. The rules say no by leaving a hex out of the reach; a move to a
 * hex outside it is refused and changes nothing. Modules: reach.c (the
 * reach, and its fast path on boards of at most 128 cells),
 * reach_general.c (the clauses as sets of hexes, the search on any board),
 * move.c (applying a move); move_internal.h between them. */
#ifndef MUSTER_CCA_MOVE_H
#define MUSTER_CCA_MOVE_H

#include "cca/cca_field.h"

/* The destination of a step off the battlefield by a baseline. */
#define CCA_EXIT (-2)

/* The most hexes a piece moves (a cavalry leader on his own). */
#define CCA_MAX_MOVE 3

/* Where one piece may go this turn. */
typedef struct cca_reach {
    int max;                       /* hexes of movement it has (0: it may not move) */
    int n_dest;                    /* cells where its move may end (1 hex or more away) */
    int16_t dest[CCA_MAX_CELLS];   /* those cells, by hexes then cell index */
    int8_t hexes[CCA_MAX_CELLS];   /* hexes[i]: fewest hexes to reach dest[i] */
    /* layer[k] (k <= max): the cells first reached after k hexes, in
     * passing or to end there (layer[0]: its own); see cca_reach_dist */
    mu_hex_set layer[CCA_MAX_MOVE + 1];
    int16_t exit_from; /* cell it may step off the battlefield from, fewest hexes; -1: none */
    int8_t exit_hexes; /* hexes of movement that costs, the step off counted as one */
} cca_reach;

/* Returns the fewest hexes r's piece needs to reach cell c of the board
 * (0 <= c < the board's cells) this turn, in passing or to end there (0:
 * its own cell), or -1 when it cannot reach c (always -1 when r->max is
 * 0). */
int cca_reach_dist(const cca_reach *r, int c);

/* Returns the hexes of a move to dest in r (one of its destinations, or
 * CCA_EXIT), or -1 when dest is not in r. */
int cca_reach_hexes(const cca_reach *r, int dest);

/* Returns the hexes an ordered unit may move: infantry circle 2, triangle
 * 2 (1 if it is to battle), square 1; cavalry 2. */
int cca_unit_allowance(const cca_unit *u);

/* Returns the hexes a leader moving on his own may move: infantry 2,
 * cavalry 3. */
int cca_leader_allowance(const cca_leader *l);

/* Fills *r with where unit u (and the leader with it, who moves with it)
 * may go. Nothing (max 0) when it has left the battlefield or has moved
 * this turn, or when its leader has moved this turn (he joined it: no
 * move-join-move). Returns r->n_dest + (r->exit_from >= 0). */
int cca_unit_reach(const cca_board *b, const cca_field *f, int u, cca_reach *r);

/* Fills *r with where leader l may go on his own (alone, or split from the
 * unit he is with). Nothing when he has left or has moved this turn.
 * Returns r->n_dest + (r->exit_from >= 0). */
int cca_leader_reach(const cca_board *b, const cca_field *f, int l, cca_reach *r);

/* Returns what cca_unit_reach (leader 0: unit `piece`) or
 * cca_leader_reach (leader 1: leader `piece`) returns, the number of its
 * moves, without listing them. */
int cca_piece_moves(const cca_board *b, const cca_field *f, int leader, int piece);

/* Where a piece may go this turn as sets of cells, on boards of at most
 * 128 cells: what cca_unit_reach or cca_leader_reach gives, without the
 * list. */
typedef struct cca_reach_sets {
    int max;                            /* as cca_reach's */
    uint64_t ends[CCA_MAX_MOVE + 1][2]; /* k = 1 .. max: the destinations k hexes away (the
                                         * reach's list with hexes k), as a set's two words */
    int16_t exit_from;                  /* as cca_reach's */
    int8_t exit_hexes;
    /* The cells the search looked at: the piece's own and every cell next
     * to one it could go on from. The reach stays the same while no piece
     * enters or leaves one of them (and nothing changes on the board). */
    uint64_t looked[2];
} cca_reach_sets;

/* Fills *s with the reach of a piece (leader 0: unit `piece`, as
 * cca_unit_reach; leader 1: leader `piece`, as cca_leader_reach) as sets;
 * only on boards of at most 128 cells (b->grid.words <= 2). Returns
 * what cca_piece_moves returns. */
int cca_piece_sets(const cca_board *b, const cca_field *f, int leader, int piece, cca_reach_sets *s);

/* cca_unit_reach and cca_leader_reach by the general search on sets of
 * any size (mu_hex_reach_sets), which they use themselves only on boards
 * of more than 128 cells (smaller ones take a path on 128-bit sets). The
 * same results on every board; for tests. */
int cca_unit_reach_general(const cca_board *b, const cca_field *f, int u, cca_reach *r);
int cca_leader_reach_general(const cca_board *b, const cca_field *f, int l, cca_reach *r);

/* What a move did. */
typedef struct cca_move_result {
    int hexes;      /* hexes moved (the step off the battlefield counts one) */
    int exited;     /* it left the battlefield */
    int joined;     /* a unit joined a leader or a leader a unit */
    int split;      /* a leader left the unit he was with */
    int may_battle; /* a unit: it may still battle this turn (rank, hexes, terrain) */
    int adjacent;   /* a unit on the battlefield: an enemy unit is on a neighbouring hex */
} cca_move_result;

/* Moves unit u (with its leader) to dest (a cell of cca_unit_reach, or
 * CCA_EXIT) along a shortest path, joining a lone leader there. Returns
 * 0 and fills *res, or -1 (nothing changed) when dest is not in its
 * reach. r is u's reach in f as it stands (cca_unit_reach), or NULL to
 * compute it. */
int cca_move_unit(const cca_board *b, cca_field *f, int u, int dest, const cca_reach *r, cca_move_result *res);

/* cca_move_unit for a move whose hexes the caller has from u's reach as
 * f stands (cca_unit_reach, or the same search: hexes is what the
 * reach's list gives for dest, or its exit_hexes for CCA_EXIT): the move
 * is made without searching the reach again. dest must be in the reach
 * with those hexes; only a build with asserts checks it. */
void cca_move_unit_known(const cca_board *b, cca_field *f, int u, int dest, int hexes, cca_move_result *res);

/* Moves leader l on his own to dest (a cell of cca_leader_reach, or
 * CCA_EXIT: off by his baseline, out of the battle for good), splitting
 * from his unit if he was with one and joining a unit there. Returns 0 and
 * fills *res, or -1 (nothing changed). r as for cca_move_unit. */
int cca_move_leader(const cca_board *b, cca_field *f, int l, int dest, const cca_reach *r, cca_move_result *res);

/* cca_move_leader with the move's hexes known, as for
 * cca_move_unit_known (from cca_leader_reach as f stands). */
void cca_move_leader_known(const cca_board *b, cca_field *f, int l, int dest, int hexes, cca_move_result *res);

/* Returns whether unit un may still battle this turn after moving `hexes`
 * hexes (0: it stayed) into cell: not a triangle infantry unit that moved
 * 2, nor one that moved into terrain that forbids battle. */
int cca_unit_may_battle_after(const cca_board *b, const cca_unit *un, int hexes, int cell);

/* Returns whether unit u, ordered and not moving, may battle: it stands
 * where it may (terrain never stops a unit that stays). Always 1 for a
 * unit on the battlefield. */
int cca_unit_may_battle_unmoved(const cca_field *f, int u);

#endif
