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

/* Returns member 0's next weight after a batch of n games of which it
 * played lead (CPU time a thread, us): play[0] its time playing and
 * play[1] the most any other member spent playing, extra[0] its time
 * busy otherwise after playing (exporting, its share of the packing,
 * importing; not writing, done while the others play and made up for by
 * the ranges handed out on demand) and extra[1] the most any other
 * member was busy otherwise. Member 0's
 * extra work beyond the others' (extra[0] - extra[1]), counted in games
 * at the pace it played (play[0] / lead; the others' when it played
 * none), moves to the others (halfway, against oscillation). The
 * games' own costs do not enter: games that cost more or less than
 * those another member drew (whole games differ a great deal) move
 * nothing. size > 1. */
uint64_t batch_rebalance(uint64_t w0, uint64_t n, uint64_t lead, const uint64_t play[2], const uint64_t extra[2],
                         int size);

#endif
