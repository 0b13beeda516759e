/* The batch runner: OpenMP over game indices, each game played by the
 * game driver (muster/sim.h); the rows of each batch are packed (for the
 * HDF5 file: compressed chunks) by all threads, then written through the
 * output interface (muster/output.h) by this thread (also a worker) while
 * the next batch is played. With a team of processes (muster/team.h),
 * each member plays its fixed blocks of every batch's head and then
 * ranges of the rest as member 0 hands them out (batch_pool.h); the rows
 * are gathered and the tables summed on member 0, every member packs a
 * share of the rows (batch_spread.h; member 0 alone when the output
 * cannot spread them), and member 0 alone writes and checkpoints. */
#include "muster/batch.h"

#include "muster/alloc.h"
#include "muster/output.h"
#include "muster/ruleset.h"
#include "muster/sim.h"
#include "muster/status.h"

#include "batch_pool.h"
#include "batch_sizes.h"
#include "batch_spread.h"

#include <math.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static atomic_int stop_requested;

void mu_batch_request_stop(void) { atomic_store_explicit(&stop_requested, 1, memory_order_relaxed); }
void mu_batch_clear_stop(void) { atomic_store_explicit(&stop_requested, 0, memory_order_relaxed); }

/* Clock id's time in seconds. */
static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall time (monotonic), CPU time of this process (every thread), CPU
 * time of the calling thread. */
static double now_seconds(void) { return clock_seconds(CLOCK_MONOTONIC); }
static double cpu_seconds(void) { return clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }
static double thread_cpu_seconds(void) { return clock_seconds(CLOCK_THREAD_CPUTIME_ID); }

/* Everything one run allocates. */
typedef struct run_buffers {
    void *columns[MU_LAYOUT_MAX_COLUMNS];   /* one batch of rows per column */
    uint64_t *tables[MU_LAYOUT_MAX_TABLES]; /* this process's totals so far */
    uint64_t *totals[MU_LAYOUT_MAX_TABLES]; /* the team's (member 0): tables
                                             * itself when playing alone */
    mu_worker **workers;                    /* [thread]: state and counts */
    int threads;
    uint64_t arms;                          /* the run's arms (mu_play_game) */
    mu_kept room;                           /* for packing with the team */
    mu_row_ranges *played;                  /* the rows each member played of a
                                             * batch (member 0: all; else its own) */
    int members;                            /* entries of played */
} run_buffers;

static void buffers_alloc(run_buffers *b, const mu_layout *l, const mu_ruleset *rs, int rows_on,
                          uint64_t max_batch, int threads, int team_rank, int team_size)
{
    memset(b, 0, sizeof *b);
    b->threads = threads;
    for (int c = 0; rows_on && c < l->n_columns; c++)
        b->columns[c] = mu_xcalloc((size_t)max_batch, mu_column_row_bytes(l, c));
    for (int t = 0; t < l->n_tables; t++) {
        b->tables[t] = mu_xcalloc(mu_table_cells(l, t), sizeof(uint64_t));
        b->totals[t] = team_size > 1 ? mu_xcalloc(mu_table_cells(l, t), sizeof(uint64_t)) : b->tables[t];
    }
    b->workers = mu_xcalloc((size_t)threads, sizeof *b->workers);
    for (int i = 0; i < threads; i++)
        b->workers[i] = mu_worker_new(rs, l);
    b->members = team_rank == 0 ? team_size : 1;
    b->played = mu_xcalloc((size_t)b->members, sizeof *b->played);
}

static void buffers_free(run_buffers *b)
{
    for (int c = 0; c < MU_LAYOUT_MAX_COLUMNS; c++)
        free(b->columns[c]);
    for (int t = 0; t < MU_LAYOUT_MAX_TABLES; t++) {
        if (b->totals[t] != b->tables[t])
            free(b->totals[t]);
        free(b->tables[t]);
    }
    for (int i = 0; i < b->threads; i++)
        mu_worker_free(b->workers[i]);
    free(b->workers);
    mu_kept_free(&b->room);
    for (int m = 0; m < b->members; m++)
        mu_row_ranges_free(&b->played[m]);
    free(b->played);
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
    if (w->games == 0 || !w->out) /* nothing, or not the writer */
        return;
    double t0 = now_seconds();
    mu_output_batch *rows = w->rows;
    w->rows = NULL;
    w->rc = rows ? w->out->ops->batch_write(w->out, rows, w->err, w->err_len) : 0;
    if (w->rc == 0)
        w->rc = w->out->ops->checkpoint(w->out, w->games, w->tables, w->err, w->err_len);
    w->seconds += now_seconds() - t0;
}

/* Where a batch's games come from and where it stands. */
typedef struct batch_plan {
    uint64_t game0;   /* the game index of row 0 of the result (a shard's first game) */
    uint64_t first;   /* the batch's first row */
    uint64_t n;       /* its rows */
    int blocks;       /* this member's blocks of them: rows first + [lo[i], hi[i]) */
    uint64_t lo[MU_TEAM_STRIPES], hi[MU_TEAM_STRIPES];
    uint64_t rows;    /* in all its blocks */
} batch_plan;

/* The rows of piece i of this member's blocks cut in pieces of at most
 * piece rows each (each block cut on its own): [*lo, *hi). Returns 0, or
 * -1 past the last piece. */
static int piece_rows(const batch_plan *p, uint64_t piece, uint64_t i, uint64_t *lo, uint64_t *hi)
{
    for (int k = 0; k < p->blocks; k++) {
        uint64_t len = p->hi[k] - p->lo[k], pieces = (len + piece - 1) / piece;
        if (i < pieces) {
            *lo = p->lo[k] + i * piece;
            *hi = *lo + piece < p->hi[k] ? *lo + piece : p->hi[k];
            return 0;
        }
        i -= pieces;
    }
    return -1;
}

/* Plays this member's blocks of the batch in parallel (each game's row at
 * its place in the batch's columns, its counts into its thread's tables)
 * while the calling thread (as a worker too) first writes w (NULL:
 * nothing to write) and then, between its pieces, answers the team's
 * claims on pool. Adds to *play_cpu the CPU seconds its threads spent
 * playing (not writing). Returns 1 if a stop request cut the block short. */
static int play_block(const mu_ruleset *rs, const void *ctx, const mu_experiment *ex, const batch_plan *p,
                      run_buffers *b, int rows_on, write_job *w, batch_pool *pool, double *play_cpu)
{
    /* pieces of the blocks handed out one by one (dynamic chunks of the
     * rows, as many as before the blocks) */
    uint64_t piece = p->rows / ((uint64_t)b->threads * 64) + 1, pieces = 0;
    for (int k = 0; k < p->blocks; k++)
        pieces += (p->hi[k] - p->lo[k] + piece - 1) / piece;
    int64_t count = (int64_t)pieces;
    double played = 0.0;
#pragma omp parallel num_threads(b->threads) reduction(+ : played)
    {
        mu_worker *me = b->workers[omp_get_thread_num()];
        mu_sink sink = {.columns = rows_on ? b->columns : NULL, .tables = me->tables};
        /* the thread that writes the output is always the caller (for
         * HDF5, mu_h5_quiet is per thread); the others start playing at
         * once */
        int caller = omp_get_thread_num() == 0;
        if (caller && w)
            write_pending(w);
        double t0 = thread_cpu_seconds();
#pragma omp for schedule(dynamic, 1) nowait
        for (int64_t i = 0; i < count; i++) {
            uint64_t lo = 0, hi = 0;
            piece_rows(p, piece, (uint64_t)i, &lo, &hi);
            for (uint64_t row = lo; row < hi; row++) {
                if (atomic_load_explicit(&stop_requested, memory_order_relaxed))
                    break;
                sink.row = (size_t)row;
                mu_play_game(rs, ctx, ex->seed, b->arms, p->game0 + p->first + row, me->state, &sink);
            }
            if (caller)
                batch_pool_serve(pool);
        }
        played += thread_cpu_seconds() - t0;
    }
    *play_cpu += played;
    return atomic_load_explicit(&stop_requested, memory_order_relaxed) != 0;
}

/* Plays this member's share of batch p: its fixed blocks of the batch's
 * head (mu_team_blocks with member 0's weight w0; the writer writes w
 * meanwhile), then the ranges of the rest the team hands out
 * (batch_pool.h). Notes the rows played in b->played: every member's on
 * member 0, its own on another. Adds to *play_cpu as play_block. Returns
 * 1 if a stop request cut it short. */
static int play_batch(const mu_team *team, const mu_ruleset *rs, const void *ctx, const mu_experiment *ex,
                      batch_plan *p, uint64_t w0, run_buffers *b, int rows_on, write_job *w, double *play_cpu)
{
    uint64_t head = p->n - batch_pool_rows(p->n, team->size);
    p->blocks = mu_team_blocks(head, w0, team->rank, team->size, p->lo, p->hi);
    for (int k = 0; k < p->blocks; k++)
        p->rows += p->hi[k] - p->lo[k];
    for (int m = 0; m < b->members; m++) {
        uint64_t lo[MU_TEAM_STRIPES], hi[MU_TEAM_STRIPES];
        int blocks = mu_team_blocks(head, w0, b->members > 1 ? m : team->rank, team->size, lo, hi);
        b->played[m].n = 0;
        for (int k = 0; k < blocks; k++)
            mu_row_ranges_add(&b->played[m], lo[k], hi[k]);
    }
    batch_pool pool;
    batch_pool_start(&pool, team, head, p->n, b->threads, b->played);
    int stopped = play_block(rs, ctx, ex, p, b, rows_on, w, &pool, play_cpu);
    for (uint64_t range[2]; batch_pool_take(&pool, range);) {
        batch_plan q = {.game0 = p->game0, .first = p->first, .n = p->n, .blocks = 1,
                        .lo = {range[0]}, .hi = {range[1]}, .rows = range[1] - range[0]};
        stopped |= play_block(rs, ctx, ex, &q, b, rows_on, NULL, &pool, play_cpu);
    }
    batch_pool_finish(&pool);
    return stopped;
}

/* Packs every part of pack (the rows of a batch) on all threads; returns
 * the wall time it took. */
static double pack_batch(const mu_output_ops *ops, mu_output_batch *pack, int threads)
{
    int64_t n_chunks = (int64_t)ops->batch_parts(pack);
    double t0 = now_seconds();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (int64_t i = 0; i < n_chunks; i++)
        ops->batch_pack(pack, (size_t)i);
    return now_seconds() - t0;
}

static void print_progress(uint64_t done, uint64_t total, uint64_t this_run, double elapsed, const char *note)
{
    double rate = elapsed > 0 ? (double)this_run / elapsed : 0.0;
    double eta = rate > 0 ? (double)(total - done) / rate : 0.0;
    fprintf(stderr, "\r%llu/%llu games (%.1f%%), %.3g games/s, ETA %.0f s%s   ", (unsigned long long)done,
            (unsigned long long)total, total ? 100.0 * (double)done / (double)total : 100.0, rate, eta, note);
    fflush(stderr);
}

/* At a check point of a run with a precision target: member 0 finds the
 * widest rate interval in its tables (the run's totals; into rep, with
 * note for the progress line) and every member learns whether the target
 * is met (some rate cell has trials and none is wider than the target). */
static int precision_met(const mu_team *team, const mu_layout *l, uint64_t *const *tables, double precision,
                         uint64_t games, mu_run_report *rep, char *note, size_t note_len)
{
    uint64_t met = 0;
    if (team->rank == 0) {
        size_t cells = mu_precision_widest(l, (const uint64_t *const *)tables, &rep->widest);
        met = cells > 0 && rep->widest.half_width <= precision;
        /* not met: games x (widest / P)^2, as many as a uint64 holds; 0: unknown (no trials yet) */
        double ratio = cells > 0 ? rep->widest.half_width / precision : 0.0;
        double needed = ceil((double)games * ratio * ratio);
        rep->games_needed = met || cells == 0 ? 0 : needed < 1.8e19 ? (uint64_t)needed : UINT64_MAX;
        if (cells == 0)
            snprintf(rep->widest.label, sizeof rep->widest.label, "(no rate has trials yet)");
        snprintf(note, note_len, ", widest interval +-%.2f%%", cells > 0 ? 100.0 * rep->widest.half_width : 100.0);
    }
    team->ops->share(team, &met, 1);
    rep->precision_met = met != 0;
    return met != 0;
}

/* Opens the output: a new result, or the partial one to resume. */
static int open_output(const mu_experiment *ex, const mu_run_options *opt, const mu_ruleset *rs,
                       const mu_layout *l, const mu_provenance *prov, run_buffers *b, mu_output **out,
                       uint64_t *complete, char *err, size_t err_len)
{
    const mu_output_type *type = opt->output ? opt->output : &mu_output_hdf5;
    (void)ex, (void)rs;
    *complete = 0;
    if (opt->resume_path)
        return type->resume(opt->resume_path, opt->out_path, l, prov, out, complete, b->tables, err,
                            err_len);
    return type->begin(opt->out_path, opt->overwrite, l, prov, out, err, err_len);
}

/* What every member agrees on after playing its block of a batch: a stop
 * request, a failed write, and the busy (CPU) times per thread (us)
 * since the last agreement of rank 0 and of the busiest other member,
 * all of it and the parts spent playing and not, from which every
 * member computes the same next split (batch_rebalance). */
enum {
    AGREE_STOP,
    AGREE_FAILED,
    AGREE_BUSY0,        /* rank 0's busy time */
    AGREE_BUSY_OTHERS,  /* the busiest other member's */
    AGREE_PLAY0,        /* of which rank 0 spent playing */
    AGREE_PLAY_OTHERS,  /* the most any other member spent playing */
    AGREE_EXTRA0,       /* rank 0's busy time not playing nor writing */
    AGREE_EXTRA_OTHERS, /* the most any other member was busy not playing */
    AGREE_LEAD,         /* the games rank 0 played */
    AGREE_WORDS
};

/* Runs batches from rep->games_complete to games (rows of the result,
 * from game game0), or, with a precision target, to the first check
 * point where it is met (rep->games_complete says where it stopped). Batch k's rows are gathered and packed by all threads
 * (of every member, with spread) right after they are played, and written
 * and checkpointed while batch k + 1 is played. out is NULL on members
 * other than 0; align and spread are member 0's (ops->batch_align,
 * batch_spread_possible). Returns an exit status. */
static int run_batches(const mu_experiment *ex, const mu_run_options *opt, const mu_team *team,
                       const mu_ruleset *rs, const void *ctx, const mu_layout *l, uint64_t game0,
                       uint64_t games, uint64_t align, int spread, run_buffers *b, mu_output *out,
                       mu_run_report *rep, char *err, size_t err_len)
{
    const mu_output_type *type = opt->output ? opt->output : &mu_output_hdf5;
    const mu_output_ops *ops = out ? out->ops : NULL;
    int rows_on = ex->per_game_rows != 0;
    uint64_t first_batch = l->games_per_chunk ? l->games_per_chunk : FIRST_BATCH_GAMES;
    uint64_t batch = opt->batch_games ? opt->batch_games : (first_batch + align - 1) / align * align;
    uint64_t cap = batch_cap(l, rows_on, team->size), target_us = (uint64_t)(batch_target(team->size) * 1e6);
    uint64_t max_batch = cap > align ? cap / align * align : align;
    /* a team's last batch is written by rank 0 alone, after the others
     * are done (and packed by it alone without spread): no batch above a
     * sixteenth of the run */
    uint64_t tail = (games / 16 + align - 1) / align * align;
    if (team->size > 1 && tail < max_batch)
        max_batch = tail > align ? tail : align;
    uint64_t played = rep->games_complete, resumed = rep->games_complete;
    write_job w = {.out = out, .tables = (const uint64_t *const *)b->totals, .err = err, .err_len = err_len};
    double t0 = now_seconds(), t_agreed = cpu_seconds();
    uint64_t w0 = MU_TEAM_WEIGHT_ONE;
    double precision = opt->precision;
    char note[64] = "";
    uint64_t end = games; /* a precision run: the check point where the target was met */
    /* a resumed run whose last checkpoint is a check point: its verdict */
    if (precision > 0 && mu_precision_is_check(played, b->arms, games) &&
        precision_met(team, l, b->totals, precision, played, rep, note, sizeof note))
        end = played;
    while (played < end) {
        batch_plan p = {.game0 = game0, .first = played};
        uint64_t limit = precision > 0 ? mu_precision_next_check(played, b->arms, games) : games;
        p.n = batch_size(opt->batch_games != 0, batch, align, p.first, limit);
        mu_output_batch *pack = NULL;
        if (ops && rows_on &&
            ops->batch_begin(out, p.first, p.n, (const void *const *)b->columns, &pack, err, err_len) != 0)
            return MU_EXIT_SOFTWARE;
        uint64_t agreed[AGREE_WORDS] = {0};
        double play_cpu = 0.0, written = w.seconds;
        agreed[AGREE_STOP] = (uint64_t)play_batch(team, rs, ctx, ex, &p, w0, b, rows_on, &w, &play_cpu);
        agreed[AGREE_FAILED] = w.rc != 0;
        /* CPU time a thread, not wall time: on a machine shared with other
         * work the wall clock measures the load, and a member waiting
         * sleeps */
        uint64_t busy = (uint64_t)((cpu_seconds() - t_agreed) / b->threads * 1e6);
        uint64_t play = (uint64_t)(play_cpu / b->threads * 1e6);
        play = play < busy ? play : busy;
        /* rank 0 writes while the others play: the ranges it then takes
         * fewer of make up for that, so writing is not extra work */
        uint64_t wrote = (uint64_t)((w.seconds - written) / b->threads * 1e6), extra = busy - play;
        int me = team->rank == 0 ? 0 : 1; /* rank 0's words, or the others' */
        agreed[AGREE_BUSY0 + me] = busy;
        agreed[AGREE_PLAY0 + me] = play;
        agreed[AGREE_EXTRA0 + me] = extra > wrote ? extra - wrote : 0;
        agreed[AGREE_LEAD] = team->rank == 0 ? mu_row_ranges_rows(&b->played[0]) : 0;
        team->ops->agree(team, agreed, AGREE_WORDS);
        uint64_t lead = agreed[AGREE_LEAD];
        t_agreed = cpu_seconds();
        if (team->size > 1)
            w0 = batch_rebalance(w0, p.n, lead, agreed + AGREE_PLAY0, agreed + AGREE_EXTRA0, team->size);
        rep->writer_share = p.n ? (double)lead / (double)p.n : 0.0;
        rep->write_seconds = w.seconds;
        if (agreed[AGREE_FAILED]) {
            if (ops)
                ops->batch_drop(out, pack);
            return MU_EXIT_IOERR;
        }
        rep->games_complete = w.games > rep->games_complete ? w.games : rep->games_complete;
        rep->games_this_run = rep->games_complete - resumed;
        if (opt->progress && w.games && out)
            print_progress(rep->games_complete, end, rep->games_complete - resumed, now_seconds() - t0, note);
        int stopped = agreed[AGREE_STOP] != 0;
        reduce_tables(b, l, !stopped); /* after the write: it read the totals */
        if (stopped) {
            if (ops)
                ops->batch_drop(out, pack);
            return MU_EXIT_INTERRUPTED;
        }
        double tg = now_seconds();
        if (rows_on)
            team->ops->gather_rows(team, l, b->columns, b->played);
        double tr = now_seconds();
        team->ops->reduce_tables(team, l, b->tables, b->totals);
        rep->gather_seconds += tr - tg;
        rep->reduce_seconds += now_seconds() - tr;
        if (rows_on && spread) {
            double tp = now_seconds();
            batch_spread_pack(team, type, ops, pack, w0, b->threads, &b->room);
            rep->pack_seconds += now_seconds() - tp;
        } else if (pack) {
            rep->pack_seconds += pack_batch(ops, pack, b->threads);
        }
        if (pack)
            ops->batch_seal(pack);
        played = p.first + p.n;
        w.rows = pack, w.games = played;
        if (precision > 0 && played == limit &&
            (precision_met(team, l, b->totals, precision, played, rep, note, sizeof note) || played == games))
            end = played;
        /* bigger batches while the busiest member was busy for less than
         * half the target (the same decision on every member) */
        uint64_t busiest = agreed[AGREE_BUSY0] > agreed[AGREE_BUSY_OTHERS] ? agreed[AGREE_BUSY0]
                                                                          : agreed[AGREE_BUSY_OTHERS];
        if (!opt->batch_games && busiest < target_us / 2 && batch < max_batch)
            batch *= 2;
    }
    write_pending(&w); /* the last batch */
    rep->write_seconds = w.seconds;
    uint64_t failed = w.rc != 0;
    team->ops->agree(team, &failed, 1);
    if (failed)
        return MU_EXIT_IOERR;
    rep->games_complete = played;
    rep->games_this_run = played - resumed;
    if (opt->progress && out) {
        print_progress(rep->games_complete, end, rep->games_complete - resumed, now_seconds() - t0, note);
        fputc('\n', stderr);
    }
    return MU_EXIT_OK;
}

/* Opens the output on member 0 and tells every member how it went:
 * words {status, games complete, align, spread (whether the members
 * pack the rows together: a team, rows, an output that can)}. Other
 * members get out NULL. */
static int start_output(const mu_experiment *ex, const mu_run_options *opt, const mu_team *team,
                        const mu_ruleset *rs, const mu_layout *l, const mu_provenance *prov, run_buffers *b,
                        mu_output **out, uint64_t *complete, uint64_t *align, int *spread, char *err,
                        size_t err_len)
{
    uint64_t words[4] = {0};
    *out = NULL;
    if (team->rank == 0) {
        int rc = open_output(ex, opt, rs, l, prov, b, out, complete, err, err_len);
        int ok = rc == MU_EXIT_OK && ex->per_game_rows;
        words[0] = (uint64_t)rc;
        words[1] = *complete;
        words[2] = ok ? (*out)->ops->batch_align(*out) : 1;
        words[3] = ok && team->size > 1 &&
                   batch_spread_possible(opt->output ? opt->output : &mu_output_hdf5, (*out)->ops);
        if (rc == MU_EXIT_OK && opt->precision > 0 && !(*out)->ops->conclude) {
            snprintf(err, err_len, "muster run: error: --precision: this output cannot record where a run stops");
            (*out)->ops->abandon(*out);
            *out = NULL;
            words[0] = MU_EXIT_SOFTWARE;
        }
    }
    team->ops->share(team, words, 4);
    *complete = words[1];
    *align = words[2] ? words[2] : 1;
    *spread = words[3] != 0;
    return (int)words[0];
}

/* Tells the output of a precision run where and how it ended (rep). */
static int conclude(mu_output *out, const mu_run_report *rep, const run_buffers *b, char *err, size_t err_len)
{
    mu_precision_outcome outcome = {.games = rep->games_complete, .met = rep->precision_met,
                                    .widest = rep->widest.label, .half_width = rep->widest.half_width,
                                    .games_needed = rep->games_needed};
    return out->ops->conclude(out, &outcome, (const uint64_t *const *)b->totals, err, err_len);
}

int mu_batch_run(const mu_experiment *ex, const mu_run_options *opt, mu_run_report *rep, char *err,
                 size_t err_len)
{
    memset(rep, 0, sizeof *rep);
    if (err_len)
        err[0] = '\0';
    double t0 = now_seconds();
    const mu_team *team = opt->team ? opt->team : &mu_team_solo;
    const mu_ruleset *rs = ex->ruleset;
    void *ctx = NULL;
    mu_layout layout;
    uint64_t games = 0;
    if (rs->prepare(ex, &ctx, &layout, &games, err, err_len) != 0)
        return MU_EXIT_DATAERR;
    uint64_t game0 = 0, end = games;
    if (opt->shards > 0)
        mu_split_equal(games, opt->shard - 1, opt->shards, &game0, &end);
    if (opt->shards > 0 && end == game0) {
        snprintf(err, err_len, "muster run: error: shard %d/%d holds no games: the run has only %llu",
                 opt->shard, opt->shards, (unsigned long long)games);
        mu_layout_free(&layout);
        rs->release(ctx);
        return MU_EXIT_USAGE;
    }
    rep->games_total = end - game0;
    rep->first_game = game0;
    rep->ranks = team->size;
    rep->threads = opt->threads > 0 ? opt->threads : omp_get_max_threads();
    if (opt->precision > 0 && (opt->shards > 0 || layout.n_rates == 0)) {
        if (opt->shards > 0)
            snprintf(err, err_len, "muster run: error: --precision cannot be used with --shard: a shard cannot "
                                   "tell when the whole run is precise enough");
        else
            snprintf(err, err_len, "muster run: error: --precision: the %s ruleset reports no rates to measure",
                     rs->name);
        mu_layout_free(&layout);
        rs->release(ctx);
        return opt->shards > 0 ? MU_EXIT_USAGE : MU_EXIT_DATAERR;
    }
    uint64_t max_batch = opt->batch_games ? opt->batch_games : batch_cap(&layout, ex->per_game_rows, team->size);
    if (max_batch > rep->games_total)
        max_batch = rep->games_total;
    if (max_batch == 0) /* an empty shard */
        max_batch = 1;

    run_buffers b;
    buffers_alloc(&b, &layout, rs, ex->per_game_rows, max_batch, rep->threads, team->rank, team->size);
    b.arms = games / ex->games;
    mu_provenance prov = {.ruleset = rs->name, .seed = ex->seed, .games_requested = end - game0,
                          .first_game = game0, .shard = opt->shards ? opt->shard : 0,
                          .shards = opt->shards, .games_total = games, .threads = rep->threads,
                          .ranks = team->size, .per_game_rows = ex->per_game_rows,
                          .precision = opt->precision,
                          .experiment_text = ex->text, .experiment_path = ex->path};
    mu_output *out = NULL;
    uint64_t align = 1;
    int spread = 0;
    int rc = start_output(ex, opt, team, rs, &layout, &prov, &b, &out, &rep->games_complete, &align, &spread,
                          err, err_len);
    /* member 0's tables hold what was resumed: the team's totals until the
     * first batch sums them again (a resumed run may end before one) */
    for (int t = 0; team->size > 1 && team->rank == 0 && t < layout.n_tables; t++)
        memcpy(b.totals[t], b.tables[t], mu_table_cells(&layout, t) * sizeof(uint64_t));
    if (rc == MU_EXIT_OK) {
        double cpu0 = cpu_seconds();
        rc = run_batches(ex, opt, team, rs, ctx, &layout, game0, end - game0, align, spread, &b, out, rep,
                         err, err_len);
        rep->cpu_seconds = cpu_seconds() - cpu0;
        uint64_t busiest = (uint64_t)(rep->cpu_seconds * 1e6);
        team->ops->agree(team, &busiest, 1);
        rep->cpu_seconds_max = (double)busiest * 1e-6;
        if (rc == MU_EXIT_OK && out && opt->precision > 0 && conclude(out, rep, &b, err, err_len) != 0)
            rc = MU_EXIT_IOERR;
        if (rc == MU_EXIT_OK) {
            if (out && out->ops->finish(out, err, err_len) != 0)
                rc = MU_EXIT_IOERR;
        } else if (out) {
            out->ops->abandon(out);
        }
        uint64_t word = (uint64_t)rc;
        team->ops->share(team, &word, 1); /* member 0's finish */
        rc = (int)word;
    }
    buffers_free(&b);
    mu_layout_free(&layout);
    rs->release(ctx);
    rep->seconds = now_seconds() - t0;
    return rc;
}
