/* Private to the batch runner (src/sim/batch.c): how big its batches are
 * and how a team of processes (muster/team.h) splits them. Every function
 * is pure arithmetic on values all members agree on, so every member
 * computes the same. */
#ifndef MUSTER_SIM_BATCH_SIZES_H
#define MUSTER_SIM_BATCH_SIZES_H

#include "muster/layout.h"

#include <stdint.h>

/* A lone run's batches: at most MAX_BATCH_GAMES games. */
#define MAX_BATCH_GAMES (UINT64_C(1) << 20)
/* A team of processes needs bigger batches (games per worker per batch,
 * against the wait at each batch's end; bench/README.md, "Cluster
 * runs"): up to TEAM_BATCH_BYTES of rows (at most TEAM_BATCH_ROWS games:
 * the rows of a member travel with int counts), or TEAM_BATCH_GAMES games
 * without rows. */
#define TEAM_BATCH_BYTES (UINT64_C(1) << 30)
#define TEAM_BATCH_ROWS (UINT64_C(1) << 30)
#define TEAM_BATCH_GAMES (UINT64_C(1) << 36)
/* The first batch when the layout names no rows per chunk. */
#define FIRST_BATCH_GAMES UINT64_C(4096)
/* What a lone run's batch aims at, in seconds of a thread's time. */
#define TARGET_BATCH_SECONDS 0.5

/* Returns the most games a batch of layout l may hold: MAX_BATCH_GAMES
 * alone (team_size 1); for a team, as many as TEAM_BATCH_BYTES of rows
 * hold (at least MAX_BATCH_GAMES, at most TEAM_BATCH_ROWS), or
 * TEAM_BATCH_GAMES without rows (rows_on 0). */
uint64_t batch_cap(const mu_layout *l, int rows_on, int team_size);

/* Returns the time (CPU seconds a thread) a batch aims at:
 * TARGET_BATCH_SECONDS times the square root of team_size, rounded up. */
double batch_target(int team_size);

/* Returns the size of the batch from row first of games: with fixed
 * (--batch) exactly batch, else batch cut so that the batch ends on a
 * multiple of align (the rows per chunk); never past games. */
uint64_t batch_size(int fixed, uint64_t batch, uint64_t align, uint64_t first, uint64_t games);

/* Returns the games member 0 plays of a batch of n with weight w0
 * (mu_team_blocks). */
uint64_t batch_writer_games(uint64_t n, uint64_t w0, int size);

/* Returns member 0's next weight after a batch of n games of which it
 * played lead, busy for busy0 us while the busiest other member was busy
 * for busy_others us (CPU time a thread): member 0's extra work (packing,
 * writing), counted in games the others play in that time, moves to them
 * (halfway, against oscillation). size > 1. */
uint64_t batch_rebalance(uint64_t w0, uint64_t n, uint64_t lead, uint64_t busy0, uint64_t busy_others, int size);

#endif
