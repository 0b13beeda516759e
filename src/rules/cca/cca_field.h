/* Units and leaders on the battlefield: who stands on which hex, who leads
 * whom, and who has moved this turn. One per game; copied freely (no
 * pointers). */
#ifndef MUSTER_CCA_FIELD_H
#define MUSTER_CCA_FIELD_H

#include "cca/cca_board.h"

#include <stdint.h>

#define CCA_MAX_UNITS 40   /* both sides */
#define CCA_MAX_LEADERS 12 /* both sides */

typedef enum cca_type { CCA_INFANTRY, CCA_CAVALRY } cca_type;
/* The symbol on a unit's standard (its rank). */
typedef enum cca_rank { CCA_CIRCLE, CCA_TRIANGLE, CCA_SQUARE } cca_rank;

typedef struct cca_unit {
    int16_t cell;   /* -1 once it has left the battlefield */
    uint8_t side;
    uint8_t type;   /* cca_type */
    uint8_t rank;   /* cca_rank */
    int8_t leader;  /* the leader with it, or -1 */
} cca_unit;

typedef struct cca_leader {
    int16_t cell;   /* -1 once he has left by his baseline */
    uint8_t side;
    uint8_t type;   /* cca_type: infantry or cavalry leader */
    int8_t unit;    /* the unit he is with, or -1 (alone) */
} cca_leader;

typedef struct cca_field {
    int n_units, n_leaders;
    cca_unit units[CCA_MAX_UNITS];
    cca_leader leaders[CCA_MAX_LEADERS];
    int8_t unit_at[CCA_MAX_CELLS];   /* unit on the cell, or -1 */
    int8_t leader_at[CCA_MAX_CELLS]; /* leader on the cell, or -1 */
    uint64_t unit_moved;   /* bit u: unit u has moved this turn */
    uint32_t leader_moved; /* bit l: leader l has moved this turn (alone or with a unit) */
    /* Who stands where as sets of cells, per side (cca_field_sync): */
    mu_hex_set unit_set[2];     /* units */
    mu_hex_set cav_set[2];      /* cavalry units */
    mu_hex_set leader_set[2];   /* leaders, alone or with a unit */
    mu_hex_set lone_set[2];     /* leaders alone */
    mu_hex_set lone_cav_set[2]; /* cavalry leaders alone */
} cca_field;

/* Empties f (no units, no leaders). */
void cca_field_init(cca_field *f);

/* Adds a unit of side, type and rank on cell (empty of units; a leader of
 * the side alone there joins it) and returns its index. */
int cca_field_add_unit(cca_field *f, int cell, int side, cca_type type, cca_rank rank);

/* Adds a leader of side and type on cell (no leader there; a unit of the
 * side there is joined) and returns its index. */
int cca_field_add_leader(cca_field *f, int cell, int side, cca_type type);

/* Makes f's sets from its pieces: called by every change of the field
 * here and in cca_move.h. */
void cca_field_sync(cca_field *f);

/* Makes f's sets right at cells a and b (-1: none) from who stands there
 * now: what cca_field_sync does, for a change that touched only those
 * cells (a move: where it started and where it ended). */
void cca_field_sync_cells(cca_field *f, int a, int b);

/* Starts a turn: nobody has moved. */
static inline void cca_field_new_turn(cca_field *f) { f->unit_moved = 0, f->leader_moved = 0; }

/* Returns non-zero when unit u has an enemy unit on a neighbouring hex. */
int cca_unit_adjacent_enemy(const cca_board *b, const cca_field *f, int u);

/* Returns non-zero when f is consistent: occupancy tables match the
 * pieces, one unit and one leader per hex at most, attachments are
 * mutual and on the same hex, nobody stands off the battlefield's hexes.
 * For tests and asserts. */
int cca_field_valid(const cca_board *b, const cca_field *f);

#endif
