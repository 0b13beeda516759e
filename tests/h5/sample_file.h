/* A small hand-built layout with deterministic rows and tables, written
 * through the HDF5 writer: shared by test_h5out.c and h5_sample.c. */
#ifndef MUSTER_TESTS_H5_SAMPLE_FILE_H
#define MUSTER_TESTS_H5_SAMPLE_FILE_H

#include "muster/h5out.h"
#include "muster/layout.h"

#include <stddef.h>
#include <stdint.h>

/* Axis indices of the sample layout. */
enum { AX_GAME, AX_TURN, AX_CHARACTER, AX_COMMAND, AX_ORDER, N_SAMPLE_AXES };
/* Column indices: turns (u8), margin (f64), score (i32), orders_by_turn
 * (i16, game x turn). Table indices: attempts (command x order),
 * by_character (character x command x order). */
enum { COL_TURNS, COL_MARGIN, COL_SCORE, COL_ORDERS_BY_TURN, N_SAMPLE_COLUMNS };
enum { TAB_ATTEMPTS, TAB_BY_CHARACTER, N_SAMPLE_TABLES };

#define SAMPLE_TURNS 5
#define SAMPLE_FIRST_COMMAND 7
#define SAMPLE_SEED 8u

/* Fills *l (free with mu_layout_free) for a run of games games. */
void sample_layout(mu_layout *l, uint64_t games);

/* The provenance of a sample run (static strings). */
mu_provenance sample_prov(uint64_t games, int per_game_rows);

/* The value of column c at game g, element j, as a double. */
double sample_value(int c, uint64_t g, int j);

/* The value of table t's cell i once games games are complete. */
uint64_t sample_cell(int t, size_t i, uint64_t games);

/* Fills cols[c] (malloc'd by the caller, n rows) for games [first, first + n). */
void sample_rows(const mu_layout *l, uint64_t first, uint64_t n, void *const *cols);

/* Fills tables[t] for games games complete. */
void sample_tables(const mu_layout *l, uint64_t games, uint64_t *const *tables);

/* Appends batch [first, first + n) to h and, if checkpoint, checkpoints
 * it. Returns 0 or -1 with err. */
int sample_batch(mu_h5out *h, const mu_layout *l, uint64_t first, uint64_t n, int checkpoint,
                 char *err, size_t err_len);

/* Writes out (a complete file) for games games in batches of batch games.
 * Returns 0 or -1 with err. */
int sample_write(const char *out, uint64_t games, uint64_t batch, int per_game_rows, char *err,
                 size_t err_len);

#endif
