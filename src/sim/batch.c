/* The batch runner: OpenMP over game indices, one writer (this thread). */
#include "muster/batch.h"

#include "muster/h5out.h"
#include "muster/ruleset.h"
#include "muster/status.h"

#include <errno.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_BATCH_GAMES (UINT64_C(1) << 20)
#define FIRST_BATCH_GAMES UINT64_C(4096)
#define TARGET_BATCH_SECONDS 0.5

static atomic_int stop_requested;

void mu_batch_request_stop(void) { atomic_store_explicit(&stop_requested, 1, memory_order_relaxed); }
void mu_batch_clear_stop(void) { atomic_store_explicit(&stop_requested, 0, memory_order_relaxed); }

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Everything one run allocates. */
typedef struct run_buffers {
    void *columns[MU_LAYOUT_MAX_COLUMNS];    /* one batch of rows per column */
    uint64_t *tables[MU_LAYOUT_MAX_TABLES];  /* totals so far */
    uint64_t ***thread_tables;               /* [thread][table] */
    void **thread_states;                    /* [thread] */
    int threads;
} run_buffers;

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fputs("muster: out of memory\n", stderr);
        abort();
    }
    return p;
}

/* Zeroed memory on its own cache lines, so that threads' counters never
 * share a line (false sharing). Free with free(). */
static void *xcalloc_lines(size_t n, size_t size)
{
    size_t bytes = (n * size + 63u) / 64u * 64u;
    void *p = aligned_alloc(64, bytes ? bytes : 64);
    if (!p) {
        fputs("muster: out of memory\n", stderr);
        abort();
    }
    return memset(p, 0, bytes ? bytes : 64);
}

static void buffers_alloc(run_buffers *b, const mu_layout *l, const mu_ruleset *rs, int rows_on,
                          uint64_t max_batch, int threads)
{
    memset(b, 0, sizeof *b);
    b->threads = threads;
    for (int c = 0; rows_on && c < l->n_columns; c++)
        b->columns[c] = xcalloc((size_t)max_batch, mu_column_row_bytes(l, c));
    for (int t = 0; t < l->n_tables; t++)
        b->tables[t] = xcalloc(mu_table_cells(l, t), sizeof(uint64_t));
    b->thread_tables = xcalloc((size_t)threads, sizeof *b->thread_tables);
    b->thread_states = xcalloc((size_t)threads, sizeof *b->thread_states);
    for (int i = 0; i < threads; i++) {
        b->thread_tables[i] = xcalloc(MU_LAYOUT_MAX_TABLES, sizeof(uint64_t *));
        for (int t = 0; t < l->n_tables; t++)
            b->thread_tables[i][t] = xcalloc_lines(mu_table_cells(l, t), sizeof(uint64_t));
        b->thread_states[i] = xcalloc_lines(1, rs->state_size);
    }
}

static void buffers_free(run_buffers *b, const mu_layout *l)
{
    for (int c = 0; c < MU_LAYOUT_MAX_COLUMNS; c++)
        free(b->columns[c]);
    for (int t = 0; t < MU_LAYOUT_MAX_TABLES; t++)
        free(b->tables[t]);
    for (int i = 0; i < b->threads; i++) {
        for (int t = 0; t < l->n_tables; t++)
            free(b->thread_tables[i][t]);
        free(b->thread_tables[i]);
        free(b->thread_states[i]);
    }
    free(b->thread_tables);
    free(b->thread_states);
}

/* Adds every thread's counts into the totals (or drops them when the batch
 * was interrupted) and zeroes them. Integer sums: order does not matter. */
static void reduce_tables(run_buffers *b, const mu_layout *l, int keep)
{
    for (int i = 0; i < b->threads; i++) {
        uint64_t **tabs = b->thread_tables[i];
        for (int t = 0; t < l->n_tables; t++) {
            size_t cells = mu_table_cells(l, t);
            for (size_t k = 0; keep && k < cells; k++)
                b->tables[t][k] += tabs[t][k];
            memset(tabs[t], 0, cells * sizeof(uint64_t));
        }
    }
}

/* Plays games [first, first + n) in parallel. Returns 1 if a stop request
 * cut the batch short (its results must then be dropped). */
static int play_batch(const mu_ruleset *rs, const void *ctx, uint64_t seed, uint64_t first, uint64_t n,
                      run_buffers *b, int rows_on)
{
    int64_t count = (int64_t)n;
    int64_t chunk = count / (b->threads * 64) + 1;
#pragma omp parallel num_threads(b->threads)
    {
        int t = omp_get_thread_num();
        void *state = b->thread_states[t];
        mu_sink sink = {.columns = rows_on ? b->columns : NULL,
                        .tables = b->thread_tables[t]};
#pragma omp for schedule(dynamic, chunk)
        for (int64_t i = 0; i < count; i++) {
            if (atomic_load_explicit(&stop_requested, memory_order_relaxed))
                continue;
            uint64_t g = first + (uint64_t)i;
            mu_dice dice = mu_dice_from_rng(mu_rng_for_game(seed, g));
            sink.row = (size_t)i;
            rs->setup(ctx, g, state);
            while (!rs->is_over(ctx, state))
                rs->play_turn(ctx, state, &dice, &sink);
            rs->record(ctx, state, &sink);
        }
    }
    return atomic_load_explicit(&stop_requested, memory_order_relaxed) != 0;
}

static void print_progress(uint64_t done, uint64_t total, uint64_t this_run, double elapsed)
{
    double rate = elapsed > 0 ? (double)this_run / elapsed : 0.0;
    double eta = rate > 0 ? (double)(total - done) / rate : 0.0;
    fprintf(stderr, "\r%llu/%llu games (%.1f%%), %.3g games/s, ETA %.0f s   ", (unsigned long long)done,
            (unsigned long long)total, total ? 100.0 * (double)done / (double)total : 100.0, rate, eta);
    fflush(stderr);
}

/* Opens the output: a new OUT.partial, or the partial file to resume. */
static int open_output(const mu_experiment *ex, const mu_run_options *opt, const mu_ruleset *rs,
                       const mu_layout *l, uint64_t games, run_buffers *b, mu_h5out **h,
                       uint64_t *complete, char *err, size_t err_len)
{
    mu_provenance prov = {.ruleset = rs->name, .seed = ex->seed, .games_requested = games,
                          .threads = b->threads, .per_game_rows = ex->per_game_rows,
                          .experiment_text = ex->text, .experiment_path = ex->path};
    *complete = 0;
    if (opt->resume_path) {
        if (access(opt->resume_path, F_OK) != 0) {
            snprintf(err, err_len, "%s: error: cannot resume: %s", opt->resume_path, strerror(errno));
            return MU_EXIT_NOINPUT;
        }
        if (access(opt->out_path, F_OK) == 0) {
            snprintf(err, err_len, "%s: error: cannot resume: the complete file already exists", opt->out_path);
            return MU_EXIT_CANTCREAT;
        }
        if (mu_h5out_resume(opt->resume_path, l, &prov, h, complete, b->tables, err, err_len) != 0)
            return MU_EXIT_DATAERR;
        return MU_EXIT_OK;
    }
    if (mu_h5out_create(opt->out_path, opt->overwrite, l, &prov, h, err, err_len) != 0)
        return MU_EXIT_CANTCREAT;
    return MU_EXIT_OK;
}

/* Runs batches from *done to games, writing each; returns an exit status. */
static int run_batches(const mu_experiment *ex, const mu_run_options *opt, const mu_ruleset *rs,
                       const void *ctx, const mu_layout *l, uint64_t games, run_buffers *b, mu_h5out *h,
                       mu_run_report *rep, char *err, size_t err_len)
{
    uint64_t batch = opt->batch_games ? opt->batch_games : FIRST_BATCH_GAMES;
    double t0 = now_seconds();
    while (rep->games_complete < games) {
        uint64_t first = rep->games_complete;
        uint64_t n = games - first < batch ? games - first : batch;
        double tb = now_seconds();
        int stopped = play_batch(rs, ctx, ex->seed, first, n, b, ex->per_game_rows);
        reduce_tables(b, l, !stopped);
        if (stopped)
            return MU_EXIT_INTERRUPTED;
        double tw = now_seconds();
        if (ex->per_game_rows && mu_h5out_append_rows(h, first, n, (const void *const *)b->columns, err, err_len))
            return MU_EXIT_IOERR;
        if (mu_h5out_checkpoint(h, first + n, (const uint64_t *const *)b->tables, err, err_len))
            return MU_EXIT_IOERR;
        rep->write_seconds += now_seconds() - tw;
        rep->games_complete = first + n;
        rep->games_this_run += n;
        if (opt->progress)
            print_progress(rep->games_complete, games, rep->games_this_run, now_seconds() - t0);
        if (!opt->batch_games && now_seconds() - tb < TARGET_BATCH_SECONDS / 2 && batch < MAX_BATCH_GAMES)
            batch *= 2;
    }
    if (opt->progress)
        fputc('\n', stderr);
    return MU_EXIT_OK;
}

int mu_batch_run(const mu_experiment *ex, const mu_run_options *opt, mu_run_report *rep, char *err,
                 size_t err_len)
{
    memset(rep, 0, sizeof *rep);
    double t0 = now_seconds();
    const mu_ruleset *rs = mu_ruleset_find(ex->ruleset);
    if (!rs) {
        snprintf(err, err_len, "%s: error: unknown ruleset '%s'", ex->path, ex->ruleset);
        return MU_EXIT_DATAERR;
    }
    void *ctx = NULL;
    mu_layout layout;
    uint64_t games = 0;
    if (rs->prepare(ex, &ctx, &layout, &games, err, err_len) != 0)
        return MU_EXIT_DATAERR;
    rep->games_total = games;
    rep->threads = opt->threads > 0 ? opt->threads : omp_get_max_threads();
    uint64_t max_batch = opt->batch_games ? opt->batch_games : MAX_BATCH_GAMES;
    if (max_batch > games)
        max_batch = games;

    run_buffers b;
    buffers_alloc(&b, &layout, rs, ex->per_game_rows, max_batch, rep->threads);
    mu_h5out *h = NULL;
    int rc = open_output(ex, opt, rs, &layout, games, &b, &h, &rep->games_complete, err, err_len);
    if (rc == MU_EXIT_OK) {
        rc = run_batches(ex, opt, rs, ctx, &layout, games, &b, h, rep, err, err_len);
        if (rc == MU_EXIT_OK) {
            if (mu_h5out_finish(h, err, err_len) != 0)
                rc = MU_EXIT_IOERR;
        } else {
            mu_h5out_close_partial(h);
        }
    }
    buffers_free(&b, &layout);
    mu_layout_free(&layout);
    rs->release(ctx);
    rep->seconds = now_seconds() - t0;
    return rc;
}
