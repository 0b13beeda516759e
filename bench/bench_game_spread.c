/* bench_game_spread: how much the time of one game varies, the number a
 * model of cluster runs needs (bench/README.md, "Cluster runs"): every
 * rank's block of a batch ends at a barrier (the rows and tables move
 * after it), so a batch lasts as long as its slowest worker, and the
 * spread of game times sets how many games a worker must play a batch
 * for the wait to stay small.
 *
 * Plays games 0 .. N-1 of EXPERIMENT on one thread through the game
 * driver (mu_play_game, rows and tables on as a run has them), timing
 * each with the thread's CPU clock, and prints the mean, standard
 * deviation, coefficient of variation and largest game time, then for
 * W workers (ranks x threads) playing k games each a batch the expected
 * efficiency of the barrier, mean / expected maximum of W sums of k game
 * times, with the maximum taken as mean + sd * sqrt(2 ln W) (normal sums;
 * a rough figure, said as such).
 *
 * Usage: bench_game_spread [-n GAMES] EXPERIMENT */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/sim.h"

#include "bench_util.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    long games = 200;
    int c;
    while ((c = getopt(argc, argv, "n:")) != -1) {
        if (c == 'n')
            games = strtol(optarg, NULL, 10);
        else
            return fprintf(stderr, "usage: bench_game_spread [-n GAMES] EXPERIMENT\n"), 64;
    }
    if (optind + 1 != argc || games < 2)
        return fprintf(stderr, "usage: bench_game_spread [-n GAMES] EXPERIMENT\n"), 64;
    static mu_experiment ex;
    char err[1024];
    if (mu_experiment_load(argv[optind], &ex, err, sizeof err) != 0)
        return fprintf(stderr, "%s\n", err), 65;
    const mu_ruleset *rs = ex.ruleset;
    void *ctx = NULL;
    mu_layout layout;
    uint64_t total = 0;
    if (rs->prepare(&ex, &ctx, &layout, &total, err, sizeof err) != 0)
        return fprintf(stderr, "%s\n", err), 70;
    if ((uint64_t)games > total)
        games = (long)total;
    mu_worker *w = mu_worker_new(rs, &layout);
    void *columns[MU_LAYOUT_MAX_COLUMNS] = {0};
    for (int k = 0; k < layout.n_columns; k++)
        columns[k] = bench_calloc("bench_game_spread", 1, mu_column_row_bytes(&layout, k));
    double *t = bench_calloc("bench_game_spread", (size_t)games, sizeof *t);
    double sum = 0, sum2 = 0, max = 0;
    for (long g = 0; g < games; g++) {
        mu_sink sink = {.columns = ex.per_game_rows ? columns : NULL, .tables = w->tables, .row = 0};
        /* the games of all arms: spread over the run's indices */
        uint64_t index = (uint64_t)g * (total / (uint64_t)games);
        double t0 = bench_clock_s(CLOCK_THREAD_CPUTIME_ID);
        mu_play_game(rs, ctx, ex.seed, total / ex.games, index, w->state, &sink);
        t[g] = bench_clock_s(CLOCK_THREAD_CPUTIME_ID) - t0;
        sum += t[g], sum2 += t[g] * t[g];
        max = t[g] > max ? t[g] : max;
    }
    double mean = sum / (double)games, sd = sqrt((sum2 - sum * mean) / (double)(games - 1));
    printf("%s: %ld games of %llu on one thread: mean %.4g s, sd %.4g s, CV %.3f, longest %.4g s (%.1f x mean)\n",
           argv[optind], games, (unsigned long long)total, mean, sd, sd / mean, max, max / mean);
    printf("barrier efficiency (mean / expected slowest of W workers, k games each a batch):\n");
    printf("  %8s", "k \\ W");
    static const int workers[] = {2, 32, 512, 4096, 32768};
    for (size_t i = 0; i < sizeof workers / sizeof workers[0]; i++)
        printf(" %8d", workers[i]);
    printf("\n");
    static const int ks[] = {1, 10, 100, 1000};
    for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++) {
        printf("  %8d", ks[j]);
        for (size_t i = 0; i < sizeof workers / sizeof workers[0]; i++) {
            double k = ks[j], z = sqrt(2.0 * log((double)workers[i]));
            printf(" %8.3f", k * mean / (k * mean + sd * sqrt(k) * z));
        }
        printf("\n");
    }
    free(t);
    for (int k = 0; k < layout.n_columns; k++)
        free(columns[k]);
    mu_worker_free(w);
    mu_layout_free(&layout);
    rs->release(ctx);
    mu_experiment_free(&ex);
    return 0;
}
