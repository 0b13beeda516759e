/* bench_cca_game: whole Commands & Colors games per second (issue 15,
 * "Speed": games/s per core for a 12-units-a-side, 10-turn game, and 2
 * threads >= 1.9 x one). The experiment (default bench/cca-game-12.yaml:
 * the open-field scenario, 12 units and 2 leaders a side, 10 game turns,
 * the 40-card section deck, four policy pairings) is loaded with
 * mu_experiment_load and its games played the way the batch runner plays
 * them (bench_games.h's bench_play_all: OpenMP dynamic chunks, per-thread
 * state and count tables, each game by the driver mu_play_game, no rows
 * and no file), REPS times on 1 thread and REPS times on 2.
 It prints the report of bench_games_main (bench_games.h), with orders
 * (issued and used) per game as its checksum. Not a test: it asserts
 * nothing.
 *
 * Usage: bench_cca_game [-n GAMES_PER_ARM] [-r REPS] [EXPERIMENT] */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, getopt */
#endif

#include "bench_games.h"

#ifndef BENCH_CCA_GAME_EXPERIMENT
#define BENCH_CCA_GAME_EXPERIMENT "bench/cca-game-12.yaml"
#endif

int main(int argc, char **argv)
{
    static const bench_game_spec spec = {.name = "bench_cca_game",
                                         .experiment = BENCH_CCA_GAME_EXPERIMENT,
                                         .checksum_table = "orders",
                                         .checksum_label = "orders issued+used",
                                         .target_speedup = 1.9,
                                         .target_per_core = 50000};
    return bench_games_main(argc, argv, &spec);
}
