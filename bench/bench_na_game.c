/* bench_na_game: whole Ninth Age games per second (issue 14, "Speed":
 * games/s per core and 1 vs 2 thread scaling for a 10-units-a-side,
 * 6-turn game; target 5,000 games/s per core and 1.9 x on two threads).
 * The experiment (default bench/na-game-10.yaml: 10 units a side on
 * experiments/ninth-age/battle-10.yaml, four policy pairings) is loaded
 * with mu_experiment_load and its games played the way the batch runner
 * plays them: OpenMP dynamic chunks, per-thread state and count tables
 * (mu_worker), each game by the driver mu_play_game, no rows and no file.
 * It prints, for 1 and 2 threads, games/s and games/s per thread (best of
 * REPS runs), the speed-up, the mean game turns and March Tests per game
 * (so no work is optimised away), and the least CPU share of a best run
 * (CPU time / wall time / threads): below 0.95, other load made the
 * figures low. Not a test: it asserts nothing.
 *
 * Usage: bench_na_game [-n GAMES_PER_ARM] [-r REPS] [EXPERIMENT] */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, getopt */
#endif

#include "bench_games.h"

#ifndef BENCH_NA_GAME_EXPERIMENT
#define BENCH_NA_GAME_EXPERIMENT "bench/na-game-10.yaml"
#endif

int main(int argc, char **argv)
{
    static const bench_game_spec spec = {.name = "bench_na_game",
                                         .experiment = BENCH_NA_GAME_EXPERIMENT,
                                         .checksum_table = "march_tests",
                                         .checksum_label = "March Tests",
                                         .target_speedup = 1.9,
                                         .target_per_core = 5000};
    return bench_games_main(argc, argv, &spec);
}
