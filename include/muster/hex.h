/* The hex grid: axial coordinates (q, r) of pointy-topped hexes in rows,
 * their neighbours and distances, straight lines between them, and a
 * rectangular grid of cells with the exact breadth-first search of what a
 * piece moving hex by hex can reach. Pure geometry: what a cell means
 * (terrain, a half-hex, who stands there) is the caller's.
 *
 * Coordinates. Axial (q, r): r is the row, q the column along it; the
 * third cube coordinate is s = -q - r. "Doubled" coordinates (col2, row)
 * put a hex's centre at x = col2 / 2 hex widths: col2 = 2q + r, so col2
 * and row have the same parity. The six directions are numbered 0..5
 * counter-clockwise from east: E, NE, NW, W, SW, SE (rows grow southward,
 * so NE is (q + 1, r - 1)). */
#ifndef MUSTER_HEX_H
#define MUSTER_HEX_H

#include <stdint.h>

/* One hex in axial coordinates. */
typedef struct mu_hex {
    int q, r;
} mu_hex;

#define MU_HEX_DIRS 6

/* Returns the hex (q, r). */
static inline mu_hex mu_hex_make(int q, int r)
{
    mu_hex h = {q, r};
    return h;
}

/* Returns non-zero when a and b are the same hex. */
static inline int mu_hex_equal(mu_hex a, mu_hex b) { return a.q == b.q && a.r == b.r; }

/* Returns the neighbour of h in direction dir (0..5, see above). */
mu_hex mu_hex_neighbor(mu_hex h, int dir);

/* Returns the number of hex steps between a and b (0 for the same hex). */
int mu_hex_distance(mu_hex a, mu_hex b);

/* Returns the direction (0..5) from a to its neighbour b, or -1 when b is
 * not a neighbour of a. */
int mu_hex_direction_to(mu_hex a, mu_hex b);

/* Writes into out the hexes of the straight line from a to b (a first,
 * b last: mu_hex_distance(a, b) + 1 hexes, each a neighbour of the one
 * before; where the line runs exactly between two hexes the one nudged
 * towards +q, +r is taken, so the line is the same every time) and
 * returns their number. out must hold mu_hex_distance(a, b) + 1 hexes. */
int mu_hex_line(mu_hex a, mu_hex b, mu_hex *out);

/* Converts doubled coordinates (col2, row: same parity) to axial. */
static inline mu_hex mu_hex_from_doubled(int col2, int row)
{
    return mu_hex_make((col2 - row) / 2, row);
}

/* Returns the doubled column (2q + r) of h. */
static inline int mu_hex_col2(mu_hex h) { return 2 * h.q + h.r; }

/* ---- A rectangular grid of cells ---------------------------------------- */

/* Most cells of a grid. */
#define MU_HEX_GRID_MAX_CELLS 512

/* A set of cells of a grid, one bit per cell index (bit c % 64 of word
 * c / 64); only the grid's first `words` words are used. */
#define MU_HEX_SET_WORDS ((MU_HEX_GRID_MAX_CELLS + 63) / 64)
typedef struct mu_hex_set {
    uint64_t w[MU_HEX_SET_WORDS];
} mu_hex_set;

/* The cells of a rectangle in doubled coordinates: rows 0 .. rows - 1 and
 * doubled columns 0 .. col2s - 1 of the row's parity. Cell index
 * row * ((col2s + 1) / 2) + col2 / 2. nb[c][d] is the index of the cell
 * in direction d of cell c, or -1 off the grid. For sets: the neighbour
 * in direction d of a cell of row parity p is `shift[p][d]` indices away,
 * and `from[p][d]` holds the cells of parity p that have one. */
typedef struct mu_hex_grid {
    int col2s, rows;
    int per_row; /* (col2s + 1) / 2 */
    int n_cells; /* rows * per_row */
    int words;   /* (n_cells + 63) / 64: the words of a mu_hex_set in use */
    int16_t nb[MU_HEX_GRID_MAX_CELLS][MU_HEX_DIRS];
    int shift[2][MU_HEX_DIRS];
    mu_hex_set from[2][MU_HEX_DIRS];
    /* When words <= 2: the neighbours of cell c as the two words of a set. */
    uint64_t nb_bits[MU_HEX_GRID_MAX_CELLS][2];
} mu_hex_grid;

/* Fills *g for col2s doubled columns and rows rows. Returns 0, or -1 when
 * either is below 1 or the grid would have more than
 * MU_HEX_GRID_MAX_CELLS cells (g is then left unusable). A cell whose
 * doubled column has the wrong parity for its row (col2 = col2s - 1 on
 * rows of the other parity) lies outside: it has no neighbours and is
 * nobody's neighbour. */
int mu_hex_grid_init(mu_hex_grid *g, int col2s, int rows);

/* Returns the cell index of h, or -1 when h lies outside g. */
int mu_hex_grid_cell(const mu_hex_grid *g, mu_hex h);

/* Returns the hex of cell c (0 <= c < g->n_cells). */
mu_hex mu_hex_grid_hex(const mu_hex_grid *g, int c);

/* What a moving piece may do at a cell, as bits (see mu_hex_reach). */
enum {
    MU_HEX_ENTER = 1,   /* it may step onto the cell */
    MU_HEX_THROUGH = 2, /* having stepped on, it may step off again (go on) */
    MU_HEX_END = 4      /* it may end its move there */
};

/* Breadth-first search of where a piece at cell start may go in at most
 * max_steps steps from cell to neighbouring cell, stepping only onto
 * cells with MU_HEX_ENTER in rule[] (n_cells entries, the caller's) and
 * off cells it stepped onto only if they have MU_HEX_THROUGH; it always
 * may step off start. Writes dist[c] (n_cells entries): the fewest steps
 * to reach c, or -1 when c cannot be reached (dist[start] = 0). Since
 * every step costs one, a cell reached in fewer steps leaves more
 * movement, so dist is exact. parent (NULL, or n_cells entries) gets the
 * cell each reached cell was first reached from (-1 for start and cells
 * not reached): following it back from c gives a shortest path. Returns
 * the number of cells reached, start included. MU_HEX_END is not looked
 * at: whether a move may end at a reached cell is the caller's test. */
int mu_hex_reach(const mu_hex_grid *g, const uint8_t *rule, int start, int max_steps, int8_t *dist,
                 int16_t *parent);

/* ---- Sets of cells (hex_set.c) ------------------------------------------ */

/* Empties s (all MU_HEX_SET_WORDS words). */
static inline void mu_hex_set_clear(mu_hex_set *s)
{
    for (int i = 0; i < MU_HEX_SET_WORDS; i++)
        s->w[i] = 0;
}

/* Adds cell c to s. */
static inline void mu_hex_set_add(mu_hex_set *s, int c) { s->w[c >> 6] |= UINT64_C(1) << (c & 63); }

/* Takes cell c out of s. */
static inline void mu_hex_set_remove(mu_hex_set *s, int c) { s->w[c >> 6] &= ~(UINT64_C(1) << (c & 63)); }

/* Returns non-zero when cell c is in s. */
static inline int mu_hex_set_has(const mu_hex_set *s, int c) { return (int)(s->w[c >> 6] >> (c & 63) & 1); }

/* Writes into out the cells next to a cell of in (in's own cells only if
 * they are next to another of in's). */
void mu_hex_set_neighbours(const mu_hex_grid *g, const mu_hex_set *in, mu_hex_set *out);

/* The breadth-first reach of mu_hex_reach on sets: a piece at start steps
 * onto cells of enter and on from cells of through (and from start), at
 * most max_steps (< 32) steps. Writes layer[k] (max_steps + 1 sets): the
 * cells first reached after k steps (layer[0] = {start}). Returns the
 * number of cells reached, start included. Exactly the cells and step
 * counts of mu_hex_reach with rule ENTER on enter and THROUGH on through. */
int mu_hex_reach_sets(const mu_hex_grid *g, const mu_hex_set *enter, const mu_hex_set *through, int start,
                      int max_steps, mu_hex_set *layer);

/* Writes into path the cells from start to c along parent (from
 * mu_hex_reach; c reached), start first, and returns their number. path
 * must hold dist[c] + 1 cells. */
int mu_hex_path(const int16_t *parent, int c, int16_t *path, int max);

#endif
