/* bench_wm_game: whole Warmaster games per second (issue 5, "Must show":
 * full games/s per core for a 6-turn game, 10 units a side, and 2
 * threads >= 1.8 x one). The experiment (default bench/wm-game-10.yaml:
 * the shipped meeting engagement, 10 units a side plus two characters,
 * four policy pairings) is loaded with mu_experiment_load and its games
 * played the way the batch runner plays them: OpenMP dynamic chunks,
 * per-thread state and count tables (mu_worker), each game by the driver
 * mu_play_game, no rows and no file. It prints, for 1 and 2
 * threads, games/s and games/s per thread (best of REPS runs), the
 * speed-up, the mean game turns and order rolls per game (so no work is
 * optimised away), and the least CPU share of a best run (CPU time /
 * wall time / threads): below 0.95, other load made the figures low.
 * Not a test: it asserts nothing.
 *
 * Usage: bench_wm_game [-n GAMES_PER_ARM] [-r REPS] [EXPERIMENT] */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, getopt */
#endif

#include "bench_games.h"

#ifndef BENCH_WM_GAME_EXPERIMENT
#define BENCH_WM_GAME_EXPERIMENT "bench/wm-game-10.yaml"
#endif

int main(int argc, char **argv)
{
    static const bench_game_spec spec = {.name = "bench_wm_game",
                                         .experiment = BENCH_WM_GAME_EXPERIMENT,
                                         .checksum_table = "attempts",
                                         .checksum_label = "order rolls",
                                         .target_speedup = 1.8,
                                         .target_per_core = 2000};
    return bench_games_main(argc, argv, &spec);
}
