/* Plays an experiment's games through a ruleset the way the batch runner
 * does (each game by the driver mu_play_game), on one thread, into count
 * tables and optionally one row per game. For tests that check a
 * ruleset's output without HDF5. */
#ifndef MUSTER_TEST_RUN_GAMES_H
#define MUSTER_TEST_RUN_GAMES_H

#include "muster/experiment.h"
#include "muster/layout.h"
#include "muster/ruleset.h"
#include "muster/sim.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A prepared run: the ruleset's context and layout, and its count tables. */
typedef struct run_games {
    const mu_ruleset *rs;
    void *ctx;
    mu_layout layout;
    uint64_t games;                         /* games in the run */
    uint64_t arms;                          /* the run's arms (games / the experiment's `games`) */
    uint64_t *tables[MU_LAYOUT_MAX_TABLES]; /* totals */
    void *columns[MU_LAYOUT_MAX_COLUMNS];   /* rows of every game, when asked */
} run_games;

/* Prepares ex's ruleset into *r (rows: keep every game's row). Returns 0,
 * or -1 with the ruleset's message printed. */
static inline int run_games_prepare(run_games *r, const mu_experiment *ex, int rows)
{
    char err[512];
    memset(r, 0, sizeof *r);
    r->rs = ex->ruleset;
    if (r->rs->prepare(ex, &r->ctx, &r->layout, &r->games, err, sizeof err) != 0) {
        fprintf(stderr, "prepare: %s\n", err);
        return -1;
    }
    r->arms = r->games / ex->games;
    for (int t = 0; t < r->layout.n_tables; t++)
        r->tables[t] = calloc(mu_table_cells(&r->layout, t), sizeof(uint64_t));
    for (int c = 0; rows && c < r->layout.n_columns; c++)
        r->columns[c] = calloc((size_t)r->games, mu_column_row_bytes(&r->layout, c));
    return 0;
}

/* Plays games [first, first + n) of the prepared run with seed, trace
 * printed to trace (NULL: none; the driver marks each turn "-- turn N"). */
static inline void run_games_play(run_games *r, uint64_t seed, uint64_t first, uint64_t n, FILE *trace)
{
    void *state = calloc(1, r->rs->state_size);
    mu_sink sink = {.columns = r->columns[0] ? r->columns : NULL, .tables = r->tables, .trace = trace};
    for (uint64_t g = first; g < first + n; g++) {
        sink.row = (size_t)g;
        mu_play_game(r->rs, r->ctx, seed, r->arms, g, state, &sink);
    }
    free(state);
}

/* Returns the index of table name, or -1. */
static inline int run_games_table(const run_games *r, const char *name)
{
    for (int t = 0; t < r->layout.n_tables; t++)
        if (strcmp(r->layout.tables[t].name, name) == 0)
            return t;
    return -1;
}

/* Returns the index of column name, or -1. */
static inline int run_games_column(const run_games *r, const char *name)
{
    for (int c = 0; c < r->layout.n_columns; c++)
        if (strcmp(r->layout.columns[c].name, name) == 0)
            return c;
    return -1;
}

/* Returns element i of column name in game g's row (rows on) as an
 * integer; aborts on an unknown column or a column that is not an 8- or
 * 16-bit integer. */
static inline long run_games_cell(const run_games *r, const char *name, uint64_t g, int i)
{
    int c = run_games_column(r, name);
    if (c < 0)
        abort();
    const mu_column *col = &r->layout.columns[c];
    size_t width = col->axis >= 0 ? (size_t)r->layout.axes[col->axis].length : 1;
    size_t at = (size_t)g * width + (size_t)i;
    switch (col->type) {
    case MU_I8: return ((const int8_t *)r->columns[c])[at];
    case MU_U8: return ((const uint8_t *)r->columns[c])[at];
    case MU_I16: return ((const int16_t *)r->columns[c])[at];
    case MU_U16: return ((const uint16_t *)r->columns[c])[at];
    default: abort();
    }
}

/* Frees what run_games_prepare made. */
static inline void run_games_free(run_games *r)
{
    for (int t = 0; t < MU_LAYOUT_MAX_TABLES; t++)
        free(r->tables[t]);
    for (int c = 0; c < MU_LAYOUT_MAX_COLUMNS; c++)
        free(r->columns[c]);
    mu_layout_free(&r->layout);
    if (r->rs)
        r->rs->release(r->ctx);
    memset(r, 0, sizeof *r);
}

#endif
