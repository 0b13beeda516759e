/* How big the batch runner's batches are and how a team splits them: see
 * batch_sizes.h. */
#include "batch_sizes.h"

#include "muster/team.h"

/* The most games a batch may hold: MAX_BATCH_GAMES alone; for a team,
 * as many as TEAM_BATCH_BYTES of rows hold (at least MAX_BATCH_GAMES, at
 * most TEAM_BATCH_ROWS), or TEAM_BATCH_GAMES without rows. */
uint64_t batch_cap(const mu_layout *l, int rows_on, int team_size)
{
    if (team_size == 1)
        return MAX_BATCH_GAMES;
    size_t row = 0;
    for (int c = 0; rows_on && c < l->n_columns; c++)
        row += mu_column_row_bytes(l, c);
    if (row == 0)
        return TEAM_BATCH_GAMES;
    uint64_t cap = TEAM_BATCH_BYTES / row;
    return cap < MAX_BATCH_GAMES ? MAX_BATCH_GAMES : cap > TEAM_BATCH_ROWS ? TEAM_BATCH_ROWS : cap;
}

/* The time a batch aims at (CPU time a thread: wall time on a machine of
 * its own): TARGET_BATCH_SECONDS, times the square
 * root of the team's size (more games per worker per batch, so that the
 * slowest worker's wait stays small; fewer checkpoints). */
double batch_target(int team_size)
{
    double s = TARGET_BATCH_SECONDS;
    for (int n = 1; n * n < team_size; n++)
        s = TARGET_BATCH_SECONDS * (n + 1);
    return s;
}

/* The size of the batch from row first: the adaptive size (a multiple
 * of align, the rows per chunk) cut so that the batch ends on a chunk
 * boundary, or exactly --batch; never past games. */
uint64_t batch_size(int fixed, uint64_t batch, uint64_t align, uint64_t first, uint64_t games)
{
    uint64_t n = fixed ? batch : batch - first % align;
    return games - first < n ? games - first : n;
}

/* The writer's weight in the split of a batch (muster/team.h): rank 0
 * also packs and writes, so it plays fewer games of the fixed blocks and
 * packs a smaller share, as many as keep it as busy as the others.
 * Integer arithmetic on agreed values only, so every member computes the
 * same. The next weight of rank 0 (batch_sizes.h): with its extra work worth
 * x games, the others' x (size - 1) more games balance it when rank 0
 * plays lead' = (n - (size - 1) x) / size and each other lead' + x;
 * integer arithmetic on agreed values only. */
uint64_t batch_rebalance(uint64_t w0, uint64_t n, uint64_t lead, const uint64_t play[2], const uint64_t extra[2],
                         int size)
{
    uint64_t others = (n - lead) / (uint64_t)(size - 1); /* another member's games */
    int own = lead > 0 && play[0] > 0; /* rank 0's pace, else the others' */
    uint64_t pace_games = own ? lead : others, pace_us = own ? play[0] : play[1];
    if (n == 0 || pace_games == 0 || pace_us == 0)
        return w0;
    uint64_t extra_us = extra[0] > extra[1] ? extra[0] - extra[1] : 0;
    uint64_t x = extra_us * pace_games / pace_us; /* rank 0's extra work in games */
    uint64_t moved = (uint64_t)(size - 1) * x;
    uint64_t lead_next = moved >= n ? 0 : (n - moved) / (uint64_t)size;
    uint64_t target = lead_next + x == 0 ? MU_TEAM_WEIGHT_ONE : MU_TEAM_WEIGHT_ONE * lead_next / (lead_next + x);
    return (w0 + target) / 2;
}
