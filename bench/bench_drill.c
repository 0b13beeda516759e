/* bench_drill: order-drill throughput on 1 and 2 threads for an experiment
 * (default: experiments/studies/order-drill.yaml, loaded with mu_experiment_load):
 *
 *   (i)   the ruleset alone with count tables, no HDF5: games played the way
 *         the batch runner plays them (OpenMP dynamic chunks, per-thread
 *         tables, each game by the driver mu_play_game), no file;
 *   (ii)  mu_batch_run, per-game rows off (count tables only);
 *   (iii) mu_batch_run, per-game rows on, into a temporary file;
 *
 * printing games/s, games/s per thread, the 2-thread speed-up and, for
 * (ii) and (iii), the HDF5 writer's share of the run time (write_seconds /
 * seconds: the writing thread's time in HDF5 calls, overlapping the other
 * threads' play) and the packing share (pack_seconds / seconds: all
 * threads shuffling and deflating the rows). With both (ii) and (iii) it
 * also prints what per-game rows really cost: the extra time per game of
 * (iii) over (ii), as a share of (iii)'s time, from wall time and from CPU
 * time (the latter barely moved by other load on the machine). Each figure
 * is the best of REPS runs. The targets: (i) >= 2 M games/s per
 * core, 2 threads >= 1.8 x one, HDF5 <= 5 % with rows on.
 *
 * Usage: bench_drill [-n GAMES_PER_ARM] [-r REPS] [-t TMPDIR] [-k KINDS] [EXPERIMENT]
 * KINDS picks the measurements by number, e.g. -k 13: 1 (i), 2 (i') the
 * ruleset with per-thread data on cache lines of its own, 3 (ii), 4 (iii);
 * default all. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, mkdtemp, getopt */
#endif

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "muster/batch.h"
#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/sim.h"
#include "warmaster/wm_drill_config.h"
#include "muster/status.h"

#include "bench_util.h"

#ifndef BENCH_DEFAULT_EXPERIMENT
#define BENCH_DEFAULT_EXPERIMENT "experiments/studies/order-drill.yaml"
#endif

/* Allocates n zeroed bytes. With padded, the block starts on a cache line
 * and owns whole lines (no other thread's data shares them); without, it
 * is calloc'ed as batch.c does. */
static void *block(size_t n, int padded)
{
    if (!padded)
        return bench_calloc("bench_drill", 1, n);
    size_t size = (n + 2 * 64 + 63) / 64 * 64;
    void *p = aligned_alloc(64, size);
    if (!p) {
        fputs("bench_drill: out of memory\n", stderr);
        exit(70);
    }
    memset(p, 0, size);
    return p;
}

/* (i): plays every game of ex on threads threads into per-thread count
 * tables (no rows, no file) and returns the wall time. *checksum gets the
 * total of the first table, so the work cannot be optimised away. With
 * padded, each thread's state, table pointers and tables sit on cache
 * lines of their own (batch.c allocates them back to back). */
static double ruleset_only(const mu_experiment *ex, int threads, int padded, uint64_t *checksum)
{
    const mu_ruleset *rs = ex->ruleset;
    void *ctx = NULL;
    mu_layout layout;
    uint64_t games = 0;
    char err[512];
    if (rs->prepare(ex, &ctx, &layout, &games, err, sizeof err) != 0) {
        fprintf(stderr, "bench_drill: cannot prepare %s: %s\n", rs->name, err);
        exit(70);
    }
    uint64_t ***tables = bench_calloc("bench_drill", (size_t)threads, sizeof *tables);
    void **states = bench_calloc("bench_drill", (size_t)threads, sizeof *states);
    for (int i = 0; i < threads; i++) {
        tables[i] = block(MU_LAYOUT_MAX_TABLES * sizeof(uint64_t *), padded);
        for (int t = 0; t < layout.n_tables; t++)
            tables[i][t] = block(mu_table_cells(&layout, t) * sizeof(uint64_t), padded);
        states[i] = block(rs->state_size, padded);
    }
    int64_t count = (int64_t)games;
    /* the runner's schedule: batches of at most 2^20 games, 64 chunks a thread */
    const int64_t batch = INT64_C(1) << 20;
    double t0 = bench_now_s();
    for (int64_t first = 0; first < count; first += batch) {
        int64_t n = count - first < batch ? count - first : batch;
        int64_t chunk = n / (threads * 64) + 1;
#pragma omp parallel num_threads(threads)
        {
            int me = omp_get_thread_num();
            void *state = states[me];
            mu_sink sink = {.columns = NULL, .row = 0, .tables = tables[me]};
#pragma omp for schedule(dynamic, chunk)
            for (int64_t i = 0; i < n; i++)
                mu_play_game(rs, ctx, ex->seed, games / ex->games, (uint64_t)(first + i), state, &sink);
        }
    }
    double elapsed = bench_now_s() - t0;
    uint64_t sum = 0;
    for (int i = 0; i < threads; i++)
        for (size_t k = 0; k < mu_table_cells(&layout, 0); k++)
            sum += tables[i][0][k];
    bench_free_workers(tables, states, threads, layout.n_tables);
    mu_layout_free(&layout);
    rs->release(ctx);
    *checksum += sum;
    return elapsed;
}

/* (ii)/(iii): a full mu_batch_run into out_path (replaced); fills *rep. */
static void full_run(const mu_experiment *ex, int threads, const char *out_path, mu_run_report *rep)
{
    mu_run_options opt = {.out_path = out_path, .threads = threads, .overwrite = 1};
    char err[1024];
    int rc = mu_batch_run(ex, &opt, rep, err, sizeof err);
    if (rc != MU_EXIT_OK) {
        fprintf(stderr, "bench_drill: run failed (%d): %s\n", rc, err);
        exit(rc);
    }
    unlink(out_path);
}

struct figure {
    double rate;        /* games/s, best run */
    double write_share; /* write_seconds / seconds of the best run */
    double pack_share;  /* pack_seconds / seconds of the best run */
    double write_s, total_s;
    double cpu_rate;    /* games per CPU-second (all threads) of the best run */
    double cpus;        /* CPUs the best run kept busy (CPU time / wall time) */
};

static void print_row(const char *what, int threads, const struct figure *f, int with_write)
{
    printf("  %-38s %d thread%s %7.3f M games/s (%6.3f M/s per thread, %5.3f M per CPU-s, %.2f CPUs busy)",
           what, threads, threads == 1 ? " " : "s", f->rate / 1e6, f->rate / 1e6 / threads, f->cpu_rate / 1e6,
           f->cpus);
    if (with_write)
        printf("  HDF5 writer %4.1f%%, packing %4.1f%% (of %.3f s)", 100.0 * f->write_share,
               100.0 * f->pack_share, f->total_s);
    putchar('\n');
}

int main(int argc, char **argv)
{
    uint64_t games_per_arm = 1000000;
    int reps = 3;
    const char *tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    const char *kinds = "1234";
    int c;
    while ((c = getopt(argc, argv, "n:r:t:k:h")) != -1) {
        switch (c) {
        case 'n': games_per_arm = strtoull(optarg, NULL, 10); break;
        case 'r': reps = atoi(optarg); break;
        case 't': tmpdir = optarg; break;
        case 'k': kinds = optarg; break;
        default:
            fprintf(stderr, "usage: bench_drill [-n GAMES_PER_ARM] [-r REPS] [-t TMPDIR] [-k KINDS] "
                            "[EXPERIMENT]\n");
            return c == 'h' ? 0 : 64;
        }
    }
    if (games_per_arm == 0 || reps < 1) {
        fprintf(stderr, "bench_drill: -n and -r must be positive\n");
        return 64;
    }
    const char *path = optind < argc ? argv[optind] : BENCH_DEFAULT_EXPERIMENT;
    static mu_experiment ex;
    char err[1024];
    int rc = mu_experiment_load(path, &ex, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return rc;
    }
    ex.games = games_per_arm;
    uint64_t games = ex.games * (uint64_t)((const wm_drill_config *)ex.config)->n_arms;

    char dir[4096], out[4200];
    snprintf(dir, sizeof dir, "%s/bench_drill.XXXXXX", tmpdir);
    if (!mkdtemp(dir)) {
        perror("bench_drill: mkdtemp");
        return 73;
    }
    snprintf(out, sizeof out, "%s/out.h5", dir);

    printf("bench_drill: %s, %d policies x %llu games = %llu games, best of %d; %d cores available\n", path,
           ((const wm_drill_config *)ex.config)->n_arms, (unsigned long long)games_per_arm, (unsigned long long)games, reps,
           omp_get_num_procs());

    uint64_t checksum = 0;
    ruleset_only(&ex, 1, 0, &checksum); /* warm up */
    enum { RULESET, RULESET_PADDED, ROWS_OFF, ROWS_ON, N_KINDS };
    static const char *const names[N_KINDS] = {
        "(i) ruleset + count tables, no HDF5", "(i') the same, per-thread data padded",
        "(ii) mu_batch_run, rows off", "(iii) mu_batch_run, rows on"};
    struct figure fig[N_KINDS][2];
    memset(fig, 0, sizeof fig);
    for (int k = 0; k < N_KINDS; k++) {
        if (!strchr(kinds, '1' + k))
            continue;
        ex.per_game_rows = k == ROWS_ON;
        for (int ti = 0; ti < 2; ti++) {
            int threads = ti + 1;
            struct figure *f = &fig[k][ti];
            for (int r = 0; r < reps; r++) {
                double rate, ws = 0.0, ps = 0.0, ts, c0 = bench_clock_s(CLOCK_PROCESS_CPUTIME_ID);
                if (k == RULESET || k == RULESET_PADDED) {
                    ts = ruleset_only(&ex, threads, k == RULESET_PADDED, &checksum);
                } else {
                    mu_run_report rep;
                    full_run(&ex, threads, out, &rep);
                    ws = rep.write_seconds;
                    ps = rep.pack_seconds;
                    ts = rep.seconds;
                }
                double cpu = bench_clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
                rate = (double)games / ts;
                if (rate > f->rate)
                    *f = (struct figure){rate, ws / ts, ps / ts, ws, ts, (double)games / cpu, cpu / ts};
            }
            print_row(names[k], threads, f, k >= ROWS_OFF);
        }
    }
    rmdir(dir);

    printf("\nsummary (targets in brackets):\n");
    if (fig[RULESET][0].rate > 0)
        printf("  per core, count tables only:   %.3f M games/s  [>= 2]\n", fig[RULESET][0].rate / 1e6);
    static const char *const short_names[N_KINDS] = {"(i):", "(i'):", "(ii):", "(iii):"};
    for (int k = 0; k < N_KINDS; k++) {
        if (fig[k][0].rate <= 0)
            continue;
        printf("  2-thread speed-up %-13s %.2fx  [>= 1.8]", short_names[k], fig[k][1].rate / fig[k][0].rate);
        /* CPU time says what 2 free cores would give: every part runs on all
         * threads (the writing overlaps the play of the next batch) */
        printf("; from CPU time: 2 x %.3f = %.2fx\n", fig[k][1].cpu_rate / fig[k][0].cpu_rate,
               2.0 * fig[k][1].cpu_rate / fig[k][0].cpu_rate);
    }
    if (fig[ROWS_ON][0].rate > 0)
        printf("  HDF5 writer share, rows on:    %.1f%% (1 thread), %.1f%% (2 threads)  [<= 5%%]\n"
               "  packing share, rows on:        %.1f%% (1 thread), %.1f%% (2 threads)\n",
               100.0 * fig[ROWS_ON][0].write_share, 100.0 * fig[ROWS_ON][1].write_share,
               100.0 * fig[ROWS_ON][0].pack_share, 100.0 * fig[ROWS_ON][1].pack_share);
    for (int ti = 0; ti < 2 && fig[ROWS_ON][ti].rate > 0 && fig[ROWS_OFF][ti].rate > 0; ti++) {
        const struct figure *on = &fig[ROWS_ON][ti], *off = &fig[ROWS_OFF][ti];
        printf("  cost of per-game rows, %d thread%s: %.1f%% of the run time (wall), %.1f%% of its CPU time"
               " (%.0f ns more CPU a game)\n", ti + 1, ti ? "s" : " ", 100.0 * (1.0 - on->rate / off->rate),
               100.0 * (1.0 - on->cpu_rate / off->cpu_rate), 1e9 * (1.0 / on->cpu_rate - 1.0 / off->cpu_rate));
    }
    if (fig[ROWS_OFF][0].rate > 0)
        printf("  HDF5 share, rows off:          %.1f%% (1 thread), %.1f%% (2 threads)\n",
               100.0 * fig[ROWS_OFF][0].write_share, 100.0 * fig[ROWS_OFF][1].write_share);
    printf("  (HDF5 writer share = write_seconds / seconds of mu_run_report, packing share =\n"
           "   pack_seconds / seconds; creating the file and the final fsync + rename are outside\n"
           "   both. The cost of rows compares (iii) with (ii): all that rows add, the ruleset\n"
           "   filling them, packing and writing. \"CPUs busy\" below the thread count means\n"
           "   other processes held the cores and the wall-clock speed-up is not the program's;\n"
           "   then 2 x (games per CPU-s at 2 threads / at 1) estimates what two free cores would\n"
           "   give, counting OpenMP's spin-waiting as work)\n");
    printf("(checksum %llu)\n", (unsigned long long)checksum);
    mu_experiment_free(&ex);
    return 0;
}
