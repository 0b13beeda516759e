/* The Commands & Colors: Ancients battlefield: hexes in rows on the hex
 * grid of core (muster/hex.h), the half-hexes along the sides, the
 * baselines, the three sections and each hex's terrain (see CLAUSES.md,
 * cca.field.*).
 *
 * Geometry. A board is `width` hexes wide and `rows` rows deep. Row 0 is
 * the top (sides[1]'s baseline side), row rows - 1 the bottom (sides[0]'s).
 * Even rows hold `width` full hexes; odd rows are shifted half a hex and
 * hold width - 1 full hexes between two half-hexes cut by the side edges.
 * Hexes are named [col, row]: on even rows col 0 .. width - 1 are full
 * hexes; on odd rows col 0 and col width are the side half-hexes and
 * 1 .. width - 1 full. Beyond rows 0 and rows - 1 lie the baseline
 * half-hexes: a step onto one is a step off the battlefield. */
#ifndef MUSTER_CCA_BOARD_H
#define MUSTER_CCA_BOARD_H

#include "muster/experiment.h"
#include "muster/hex.h"

#include <stdint.h>

#define CCA_MAX_WIDTH 20
#define CCA_MAX_ROWS 16
#define CCA_MAX_CELLS MU_HEX_GRID_MAX_CELLS
#define CCA_MAX_TERRAIN 8 /* terrain kinds of a scenario, "clear" included */

/* What a cell of the grid is. */
typedef enum cca_cell_kind {
    CCA_CELL_NONE = 0,  /* not part of the battlefield */
    CCA_CELL_HEX,       /* a full hex */
    CCA_CELL_SIDE_HALF  /* a half-hex along a side edge: never entered */
} cca_cell_kind;

/* Sections, named from the board's left (sides[0]'s view); see
 * cca_board_section_for. */
typedef enum cca_section { CCA_LEFT, CCA_CENTRE, CCA_RIGHT, CCA_SECTIONS } cca_section;

/* A scenario's terrain kind and what it does to movement: an
 * assumption, given by the scenario (not in our text). */
typedef struct cca_terrain_rule {
    char name[MU_NAME_MAX];
    uint8_t impassable; /* no unit or leader may enter */
    uint8_t stops;      /* a unit or leader that enters it ends its move there */
    uint8_t no_battle;  /* a unit that moves into it may not battle this turn */
} cca_terrain_rule;

/* Which baselines a side's units may leave by (scenario battle notes). */
enum { CCA_EXIT_OWN = 1, CCA_EXIT_ENEMY = 2 };

typedef struct cca_board {
    mu_hex_grid grid;
    int width, rows;
    int centre_from, right_from; /* section lines, in hex widths from the left edge */
    int n_terrain;               /* kinds; kind 0 is "clear" */
    cca_terrain_rule terrain_rule[CCA_MAX_TERRAIN];
    uint8_t unit_exit[2];        /* per side: CCA_EXIT_* bits */
    uint8_t kind[CCA_MAX_CELLS];    /* cca_cell_kind */
    uint8_t terrain[CCA_MAX_CELLS]; /* index into terrain_rule */
    uint8_t section[CCA_MAX_CELLS]; /* bits 1 << cca_section (board view); 0 off the battlefield */
    uint8_t depth[2][CCA_MAX_CELLS]; /* rows from side s's baseline row (0: next to its baseline) */
    int16_t q[CCA_MAX_CELLS], r[CCA_MAX_CELLS]; /* each cell's axial coordinates */
    /* The same as sets of cells, made by cca_board_sync: */
    mu_hex_set open;        /* full hexes a piece may enter (not impassable) */
    mu_hex_set stops;       /* hexes whose terrain ends a move that enters them */
    mu_hex_set baseline[2]; /* full hexes of the row next to side s's baseline */
    mu_hex_set section_set[CCA_SECTIONS]; /* full hexes of each section (board view; line hexes in two) */
} cca_board;

/* Builds an empty board (all clear, both section lines given in hex
 * widths from the left edge, 0 < centre_from <= right_from < width).
 * Returns 0, or -1 when the sizes are out of range (2 .. CCA_MAX_WIDTH
 * wide, 2 .. CCA_MAX_ROWS deep). */
int cca_board_init(cca_board *b, int width, int rows, int centre_from, int right_from);

/* Makes b's sets from its cells, terrain and terrain rules: call it after
 * changing either (cca_board_init calls it). */
void cca_board_sync(cca_board *b);

/* Returns the cell of hex [col, row] (see above), or -1 when there is no
 * such cell (a side half-hex is a cell). */
int cca_board_cell(const cca_board *b, int col, int row);

/* Writes the [col, row] name of cell c. */
void cca_board_name(const cca_board *b, int c, int *col, int *row);

/* Returns the section bit set of a side's section s (cca_section, from
 * that side's own view: sides[1] faces sides[0], so its left is the
 * board's right). */
static inline unsigned cca_board_section_for(int side, int s)
{
    return 1u << (side == 0 ? s : CCA_RIGHT - s);
}

/* Returns non-zero when cell c is in row next to side's baseline (its
 * own, or the enemy's with enemy set). */
static inline int cca_board_on_baseline(const cca_board *b, int c, int side, int enemy)
{
    return b->depth[enemy ? 1 - side : side][c] == 0;
}

#endif
