/* bench_cca_game: whole Commands & Colors games per second (issue 15,
 * "Speed": games/s per core for a 12-units-a-side, 10-turn game, and 2
 * threads >= 1.9 x one). The experiment (default bench/cca-game-12.yaml:
 * the open-field scenario, 12 units and 2 leaders a side, 10 game turns,
 * the 40-card section deck, four policy pairings) is loaded with
 * mu_experiment_load and its games played the way the batch runner plays
 * them: OpenMP dynamic chunks, per-thread state and count tables
 * (mu_worker), each game by the driver mu_play_game, no rows and no file.
 * It prints, for 1 and 2 threads, games/s and games/s per thread (best of
 * REPS runs), the speed-up, the mean game turns and orders (issued and
 * used) per game (so no work is optimised away), and the least CPU share
 * of a best run (CPU time / wall time / threads): below 0.95, other load
 * made the figures low. Not a test: it asserts nothing.
 *
 * Usage: bench_cca_game [-n GAMES_PER_ARM] [-r REPS] [EXPERIMENT] */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, getopt */
#endif

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/sim.h"

#include "bench_util.h"

#ifndef BENCH_CCA_GAME_EXPERIMENT
#define BENCH_CCA_GAME_EXPERIMENT "bench/cca-game-12.yaml"
#endif

typedef struct run_result {
    double seconds, cpu_share;
    uint64_t games;        /* games played */
    uint64_t turns, rolls; /* checksums: game turns and order rolls in all games */
} run_result;

/* Plays every game of ex on `threads` threads (no rows, no file). */
static run_result play_all(const mu_experiment *ex, int threads)
{
    const mu_ruleset *rs = ex->ruleset;
    void *ctx = NULL;
    mu_layout layout;
    uint64_t games = 0;
    char err[512];
    if (rs->prepare(ex, &ctx, &layout, &games, err, sizeof err) != 0) {
        fprintf(stderr, "bench_cca_game: %s\n", err);
        exit(70);
    }
    int t_orders = -1;
    for (int t = 0; t < layout.n_tables; t++)
        if (strcmp(layout.tables[t].name, "orders") == 0)
            t_orders = t;
    mu_worker **workers = bench_calloc("bench_cca_game", (size_t)threads, sizeof *workers);
    for (int i = 0; i < threads; i++)
        workers[i] = mu_worker_new(rs, &layout);
    uint64_t turns = 0;
    double c0 = bench_clock_s(CLOCK_PROCESS_CPUTIME_ID), t0 = bench_now_s();
#pragma omp parallel num_threads(threads) reduction(+ : turns)
    {
        mu_worker *me = workers[omp_get_thread_num()];
        mu_sink sink = {.columns = NULL, .tables = me->tables, .trace = NULL};
#pragma omp for schedule(dynamic, 1)
        for (int64_t g = 0; g < (int64_t)games; g++)
            turns += mu_play_game(rs, ctx, ex->seed, (uint64_t)g, me->state, &sink);
    }
    run_result r = {.seconds = bench_now_s() - t0, .games = games, .turns = turns};
    r.cpu_share = (bench_clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) / r.seconds / threads;
    for (int i = 0; i < threads; i++) {
        for (size_t k = 0; t_orders >= 0 && k < mu_table_cells(&layout, t_orders); k++)
            r.rolls += workers[i]->tables[t_orders][k];
        mu_worker_free(workers[i]);
    }
    free(workers);
    mu_layout_free(&layout);
    rs->release(ctx);
    return r;
}

int main(int argc, char **argv)
{
    long per_arm = 0, reps = 3;
    int c;
    while ((c = getopt(argc, argv, "n:r:")) != -1) {
        if (c == 'n')
            per_arm = strtol(optarg, NULL, 10);
        else if (c == 'r')
            reps = strtol(optarg, NULL, 10);
        else {
            fputs("usage: bench_cca_game [-n GAMES_PER_ARM] [-r REPS] [EXPERIMENT]\n", stderr);
            return 64;
        }
    }
    const char *path = optind < argc ? argv[optind] : BENCH_CCA_GAME_EXPERIMENT;
    static mu_experiment ex;
    char err[1024];
    if (mu_experiment_load(path, &ex, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 65;
    }
    if (per_arm > 0)
        ex.games = (uint64_t)per_arm;
    double rate[3] = {0}, per_cpu[3] = {0}, least_share = 1.0;
    for (int threads = 1; threads <= 2; threads++) {
        run_result keep = {0};
        for (long k = 0; k < reps; k++) {
            run_result r = play_all(&ex, threads);
            if (keep.seconds == 0 || r.seconds < keep.seconds)
                keep = r;
        }
        if (threads == 1)
            printf("%s: ruleset %s, %llu games (%llu per arm), best of %ld\n", path, ex.ruleset->name,
                   (unsigned long long)keep.games, (unsigned long long)ex.games, reps);
        rate[threads] = (double)keep.games / keep.seconds;
        per_cpu[threads] = rate[threads] / (keep.cpu_share * threads);
        least_share = keep.cpu_share < least_share ? keep.cpu_share : least_share;
        printf("%d thread%s %9.1f games/s (%8.1f per thread)   %.2f turns/game, %.1f orders issued+used/game\n", threads,
               threads == 1 ? ": " : "s:", rate[threads], rate[threads] / threads,
               (double)keep.turns / (double)keep.games, (double)keep.rolls / (double)keep.games);
    }
    printf("speed-up 2 threads / 1: %.2f (target >= 1.9)\n", rate[2] / rate[1]);
    printf("games per CPU-second: %.1f on 1 thread, %.1f per thread on 2 (target >= 50000 per core)\n", per_cpu[1],
           per_cpu[2]);
    printf("least CPU share of a best run: %.2f%s\n", least_share,
           least_share < 0.95 ? " (other load on the machine: the figures are low)" : "");
    mu_experiment_free(&ex);
    return 0;
}
