/* The batch runner: OpenMP over game indices, each game played by the
 * game driver (muster/sim.h); the rows of each batch are packed (for the
 * HDF5 file: compressed chunks) by all threads, then written through the
 * output interface (muster/output.h) by this thread (also a worker) while
 * the next batch is played. */
#include "muster/batch.h"

#include "muster/alloc.h"
#include "muster/output.h"
#include "muster/ruleset.h"
#include "muster/sim.h"
#include "muster/status.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
    void *columns[MU_LAYOUT_MAX_COLUMNS];   /* one batch of rows per column */
    uint64_t *tables[MU_LAYOUT_MAX_TABLES]; /* totals so far */
    mu_worker **workers;                    /* [thread]: state and counts */
    int threads;
} run_buffers;

static void buffers_alloc(run_buffers *b, const mu_layout *l, const mu_ruleset *rs, int rows_on,
                          uint64_t max_batch, int threads)
{
    memset(b, 0, sizeof *b);
    b->threads = threads;
    for (int c = 0; rows_on && c < l->n_columns; c++)
        b->columns[c] = mu_xcalloc((size_t)max_batch, mu_column_row_bytes(l, c));
    for (int t = 0; t < l->n_tables; t++)
        b->tables[t] = mu_xcalloc(mu_table_cells(l, t), sizeof(uint64_t));
    b->workers = mu_xcalloc((size_t)threads, sizeof *b->workers);
    for (int i = 0; i < threads; i++)
        b->workers[i] = mu_worker_new(rs, l);
}

static void buffers_free(run_buffers *b)
{
    for (int c = 0; c < MU_LAYOUT_MAX_COLUMNS; c++)
        free(b->columns[c]);
    for (int t = 0; t < MU_LAYOUT_MAX_TABLES; t++)
        free(b->tables[t]);
    for (int i = 0; i < b->threads; i++)
        mu_worker_free(b->workers[i]);
    free(b->workers);
}

/* Adds every thread's counts into the totals (or drops them when the batch
 * was interrupted) and zeroes them. Integer sums: order does not matter. */
static void reduce_tables(run_buffers *b, const mu_layout *l, int keep)
{
    for (int i = 0; i < b->threads; i++)
        mu_worker_drain(b->workers[i], l, keep ? b->tables : NULL);
}

/* What the writer does while the workers play the next batch: write the
 * rows of the batch before (if any) and checkpoint its games. */
typedef struct write_job {
    mu_output *out;
    mu_output_batch *rows; /* sealed rows to write, or NULL */
    uint64_t games;    /* games complete once written; 0: nothing to do */
    const uint64_t *const *tables; /* totals after those games */
    int rc;            /* 0, or -1 with err */
    double seconds;
    char *err;
    size_t err_len;
} write_job;

static void write_pending(write_job *w)
{
    if (w->games == 0)
        return;
    double t0 = now_seconds();
    mu_output_batch *rows = w->rows;
    w->rows = NULL;
    w->rc = rows ? w->out->ops->batch_write(w->out, rows, w->err, w->err_len) : 0;
    if (w->rc == 0)
        w->rc = w->out->ops->checkpoint(w->out, w->games, w->tables, w->err, w->err_len);
    w->seconds += now_seconds() - t0;
}

/* Plays games [first, first + n) in parallel while the calling thread (as
 * a worker too) first writes w, then packs every part of the batch's rows
 * (pack NULL: rows off). *pack_seconds gets the packing's wall time.
 * Returns 1 if a stop request cut the batch short (its results must then be
 * dropped; w is written all the same). */
static int play_batch(const mu_ruleset *rs, const void *ctx, uint64_t seed, uint64_t first, uint64_t n,
                      run_buffers *b, int rows_on, const mu_output_ops *ops, mu_output_batch *pack,
                      write_job *w, double *pack_seconds)
{
    int64_t count = (int64_t)n;
    int64_t chunk = count / (b->threads * 64) + 1;
    int64_t n_chunks = pack ? (int64_t)ops->batch_parts(pack) : 0;
    int do_pack = 0;
    double t_pack = 0.0;
#pragma omp parallel num_threads(b->threads)
    {
        mu_worker *me = b->workers[omp_get_thread_num()];
        mu_sink sink = {.columns = rows_on ? b->columns : NULL, .tables = me->tables};
        /* the thread that writes the output is always the caller (for
         * HDF5, mu_h5_quiet is per thread); the others start playing at
         * once */
#pragma omp master
        write_pending(w);
#pragma omp for schedule(dynamic, chunk)
        for (int64_t i = 0; i < count; i++) {
            if (atomic_load_explicit(&stop_requested, memory_order_relaxed))
                continue;
            sink.row = (size_t)i;
            mu_play_game(rs, ctx, seed, first + (uint64_t)i, me->state, &sink);
        }
#pragma omp single
        {
            do_pack = n_chunks > 0 && !atomic_load_explicit(&stop_requested, memory_order_relaxed);
            t_pack = now_seconds();
        }
        if (do_pack) {
#pragma omp for schedule(dynamic, 1)
            for (int64_t i = 0; i < n_chunks; i++)
                ops->batch_pack(pack, (size_t)i);
        }
    }
    if (do_pack)
        *pack_seconds += now_seconds() - t_pack;
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

/* Opens the output: a new result, or the partial one to resume. */
static int open_output(const mu_experiment *ex, const mu_run_options *opt, const mu_ruleset *rs,
                       const mu_layout *l, uint64_t games, run_buffers *b, mu_output **out,
                       uint64_t *complete, char *err, size_t err_len)
{
    const mu_output_type *type = opt->output ? opt->output : &mu_output_hdf5;
    mu_provenance prov = {.ruleset = rs->name, .seed = ex->seed, .games_requested = games,
                          .threads = b->threads, .per_game_rows = ex->per_game_rows,
                          .experiment_text = ex->text, .experiment_path = ex->path};
    *complete = 0;
    if (opt->resume_path)
        return type->resume(opt->resume_path, opt->out_path, l, &prov, out, complete, b->tables, err,
                            err_len);
    return type->begin(opt->out_path, opt->overwrite, l, &prov, out, err, err_len);
}

/* The size of the batch from game first: the adaptive size (a multiple
 * of align, the rows per chunk) cut so that the batch ends on a chunk
 * boundary, or exactly --batch; never past games. */
static uint64_t batch_size(const mu_run_options *opt, uint64_t batch, uint64_t align, uint64_t first,
                           uint64_t games)
{
    uint64_t n = opt->batch_games ? batch : batch - first % align;
    return games - first < n ? games - first : n;
}

/* Runs batches from rep->games_complete to games. Batch k's rows are
 * packed by all threads right after they are played, and written and
 * checkpointed while batch k + 1 is played. Returns an exit status. */
static int run_batches(const mu_experiment *ex, const mu_run_options *opt, const mu_ruleset *rs,
                       const void *ctx, const mu_layout *l, uint64_t games, run_buffers *b, mu_output *out,
                       mu_run_report *rep, char *err, size_t err_len)
{
    const mu_output_ops *ops = out->ops;
    int rows_on = ex->per_game_rows != 0;
    uint64_t align = rows_on ? ops->batch_align(out) : 1;
    uint64_t first_batch = l->games_per_chunk ? l->games_per_chunk : FIRST_BATCH_GAMES;
    uint64_t batch = opt->batch_games ? opt->batch_games : (first_batch + align - 1) / align * align;
    uint64_t max_batch = MAX_BATCH_GAMES > align ? MAX_BATCH_GAMES / align * align : align;
    uint64_t played = rep->games_complete, resumed = rep->games_complete;
    write_job w = {.out = out, .tables = (const uint64_t *const *)b->tables, .err = err, .err_len = err_len};
    double t0 = now_seconds();
    while (played < games) {
        uint64_t first = played, n = batch_size(opt, batch, align, first, games);
        mu_output_batch *pack = NULL;
        if (rows_on && ops->batch_begin(out, first, n, (const void *const *)b->columns, &pack, err, err_len) != 0)
            return MU_EXIT_SOFTWARE;
        double tb = now_seconds();
        int stopped = play_batch(rs, ctx, ex->seed, first, n, b, rows_on, ops, pack, &w, &rep->pack_seconds);
        rep->write_seconds = w.seconds;
        if (w.rc != 0) {
            ops->batch_drop(out, pack);
            return MU_EXIT_IOERR;
        }
        rep->games_complete = w.games > rep->games_complete ? w.games : rep->games_complete;
        rep->games_this_run = rep->games_complete - resumed;
        if (opt->progress && w.games)
            print_progress(rep->games_complete, games, rep->games_complete - resumed, now_seconds() - t0);
        reduce_tables(b, l, !stopped); /* after the write: it read the totals */
        if (stopped) {
            ops->batch_drop(out, pack);
            return MU_EXIT_INTERRUPTED;
        }
        if (pack)
            ops->batch_seal(pack);
        played = first + n;
        w.rows = pack, w.games = played;
        if (!opt->batch_games && now_seconds() - tb < TARGET_BATCH_SECONDS / 2 && batch < max_batch)
            batch *= 2;
    }
    write_pending(&w); /* the last batch */
    rep->write_seconds = w.seconds;
    if (w.rc != 0)
        return MU_EXIT_IOERR;
    rep->games_complete = played;
    rep->games_this_run = played - resumed;
    if (opt->progress) {
        print_progress(rep->games_complete, games, rep->games_complete - resumed, now_seconds() - t0);
        fputc('\n', stderr);
    }
    return MU_EXIT_OK;
}

int mu_batch_run(const mu_experiment *ex, const mu_run_options *opt, mu_run_report *rep, char *err,
                 size_t err_len)
{
    memset(rep, 0, sizeof *rep);
    double t0 = now_seconds();
    const mu_ruleset *rs = ex->ruleset;
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
    mu_output *out = NULL;
    int rc = open_output(ex, opt, rs, &layout, games, &b, &out, &rep->games_complete, err, err_len);
    if (rc == MU_EXIT_OK) {
        rc = run_batches(ex, opt, rs, ctx, &layout, games, &b, out, rep, err, err_len);
        if (rc == MU_EXIT_OK) {
            if (out->ops->finish(out, err, err_len) != 0)
                rc = MU_EXIT_IOERR;
        } else {
            out->ops->abandon(out);
        }
    }
    buffers_free(&b);
    mu_layout_free(&layout);
    rs->release(ctx);
    rep->seconds = now_seconds() - t0;
    return rc;
}
