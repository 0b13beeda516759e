/* `muster merge`: checks that the shards given make one whole run, then
 * copies their rows in game order and sums their count tables through the
 * output interface, checkpointing after each shard. See muster/merge.h. */
#include "muster/merge.h"

#include "muster/alloc.h"
#include "muster/buildinfo.h"
#include "muster/escape.h"
#include "muster/experiment.h"
#include "muster/h5shard.h"
#include "muster/output.h"
#include "muster/ruleset.h"
#include "muster/status.h"

#include <inttypes.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MERGE_BATCH_ROWS (UINT64_C(1) << 18) /* rows copied at a time (about) */

/* One line "PATH: error: MESSAGE" into err; returns status. */
__attribute__((format(printf, 5, 6)))
static int refuse(int status, const char *path, char *err, size_t err_len, const char *fmt, ...)
{
    char name[MU_ESCAPED_MAX], msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, err_len, "%s: error: %s", mu_escape_name(name, sizeof name, path), msg);
    return status;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A shard given on the command line, with what it says it holds. */
typedef struct shard {
    const char *path;
    mu_shard_info info;
} shard;

static int by_first_game(const void *a, const void *b)
{
    const shard *x = a, *y = b;
    if (x->info.first_game != y->info.first_game)
        return x->info.first_game < y->info.first_game ? -1 : 1;
    return x->info.games_requested < y->info.games_requested ? -1 : x->info.games_requested > y->info.games_requested;
}

/* Checks shard s against the first one (and this binary). */
static int check_alike(const shard *s, const shard *first, char *err, size_t err_len)
{
    const mu_shard_info *a = &s->info, *f = &first->info;
    char fname[MU_ESCAPED_MAX];
    mu_escape_name(fname, sizeof fname, first->path);
    if (strcmp(a->status, "complete") != 0)
        return refuse(MU_EXIT_DATAERR, s->path, err, err_len,
                      "not complete (status %s, %" PRIu64 " of %" PRIu64 " games): finish it with 'muster run "
                      "--resume' first", a->status, a->games_complete, a->games_requested);
    if (strcmp(a->tool_version, f->tool_version) != 0 || strcmp(a->git_commit, f->git_commit) != 0)
        return refuse(MU_EXIT_DATAERR, s->path, err, err_len,
                      "made by another muster binary (%s, git %s) than %s (%s, git %s)", a->tool_version,
                      a->git_commit, fname, f->tool_version, f->git_commit);
    if (strcmp(a->ruleset, f->ruleset) != 0 || strcmp(a->experiment, f->experiment) != 0)
        return refuse(MU_EXIT_DATAERR, s->path, err, err_len, "a shard of another experiment than %s (%s)", fname,
                      strcmp(a->ruleset, f->ruleset) != 0 ? "another ruleset" : "the experiment texts differ");
    if (a->seed != f->seed)
        return refuse(MU_EXIT_DATAERR, s->path, err, err_len, "seed %" PRIu64 " differs from %s's seed %" PRIu64,
                      a->seed, fname, f->seed);
    if (a->games_total != f->games_total)
        return refuse(MU_EXIT_DATAERR, s->path, err, err_len,
                      "a shard of a run of %" PRIu64 " games, %s of %" PRIu64 " (another -n?)", a->games_total,
                      fname, f->games_total);
    if (a->per_game_rows != f->per_game_rows)
        return refuse(MU_EXIT_DATAERR, s->path, err, err_len, "per_game_rows %d differs from %s's %d",
                      a->per_game_rows, fname, f->per_game_rows);
    if (strcmp(a->tool_version, mu_tool_version) != 0 || strcmp(a->git_commit, mu_git_commit) != 0)
        return refuse(MU_EXIT_DATAERR, s->path, err, err_len,
                      "made by muster %s (git %s), not by this one (%s, git %s): merge with the binary that "
                      "played the shards", a->tool_version, a->git_commit, mu_tool_version, mu_git_commit);
    return MU_EXIT_OK;
}

/* Checks that the shards, sorted by first game, tile [0, games_total). */
static int check_ranges(const shard *s, int n, char *err, size_t err_len)
{
    uint64_t next = 0, total = s[0].info.games_total;
    for (int i = 0; i < n; i++) {
        const mu_shard_info *a = &s[i].info;
        uint64_t last = a->first_game + a->games_requested; /* one past */
        if (a->first_game < next) {
            char other[MU_ESCAPED_MAX];
            mu_escape_name(other, sizeof other, s[i - 1].path);
            return refuse(MU_EXIT_DATAERR, s[i].path, err, err_len,
                          "its games %" PRIu64 "..%" PRIu64 " (shard %d/%d) overlap games %" PRIu64 "..%" PRIu64
                          " of %s (shard %d/%d)", a->first_game, last - 1, a->shard, a->shards,
                          s[i - 1].info.first_game, next - 1, other, s[i - 1].info.shard, s[i - 1].info.shards);
        }
        if (a->first_game > next)
            return refuse(MU_EXIT_DATAERR, s[i].path, err, err_len,
                          "games %" PRIu64 "..%" PRIu64 " before this shard's are in no shard given (one "
                          "missing?)", next, a->first_game - 1);
        next = last;
    }
    if (next != total)
        return refuse(MU_EXIT_DATAERR, s[n - 1].path, err, err_len,
                      "games %" PRIu64 "..%" PRIu64 " after this shard's are in no shard given (one missing?)",
                      next, total - 1);
    return MU_EXIT_OK;
}

/* Loads the shards' experiment (its text must be theirs) with the games
 * per arm that give their games_total, and prepares its ruleset. */
static int load_experiment(const char *path, const mu_shard_info *f, mu_experiment *ex, void **ctx,
                           mu_layout *layout, char *err, size_t err_len)
{
    int rc = mu_experiment_load(path, ex, err, err_len);
    if (rc != MU_EXIT_OK)
        return rc;
    if (strcmp(ex->text, f->experiment) != 0 || strcmp(ex->ruleset->name, f->ruleset) != 0) {
        mu_experiment_free(ex);
        return refuse(MU_EXIT_DATAERR, path, err, err_len,
                      "its text is not the experiment the shards played (give that file with -e)");
    }
    ex->seed = f->seed;
    uint64_t games = 0;
    /* games per arm: -n may have changed the file's */
    rc = ex->ruleset->prepare(ex, ctx, layout, &games, err, err_len);
    if (rc == 0 && games != f->games_total && games % ex->games == 0 && f->games_total % (games / ex->games) == 0) {
        uint64_t arms = games / ex->games;
        ex->ruleset->release(*ctx);
        mu_layout_free(layout);
        ex->games = f->games_total / arms;
        rc = ex->ruleset->prepare(ex, ctx, layout, &games, err, err_len);
    }
    if (rc != 0) {
        mu_experiment_free(ex);
        return MU_EXIT_DATAERR;
    }
    if (games != f->games_total) {
        ex->ruleset->release(*ctx);
        mu_layout_free(layout);
        mu_experiment_free(ex);
        return refuse(MU_EXIT_DATAERR, path, err, err_len,
                      "it makes a run of %" PRIu64 " games, the shards' of %" PRIu64, games, f->games_total);
    }
    return MU_EXIT_OK;
}

/* Copies the rows of shard r (its games from row first of the result, n
 * of them) into out, batch by batch, packed on threads threads. */
static int copy_rows(mu_shard_reader *r, const mu_layout *l, mu_output *out, uint64_t first, uint64_t n,
                     void *const *columns, uint64_t batch, int threads, char *err, size_t err_len)
{
    const mu_output_ops *ops = out->ops;
    for (uint64_t at = 0; at < n; at += batch) {
        uint64_t m = n - at < batch ? n - at : batch;
        int rc = mu_shard_read_rows(r, at, m, columns, err, err_len);
        if (rc != MU_EXIT_OK)
            return rc;
        mu_output_batch *b = NULL;
        if (ops->batch_begin(out, first + at, m, (const void *const *)columns, &b, err, err_len) != 0)
            return MU_EXIT_SOFTWARE;
        int64_t parts = (int64_t)ops->batch_parts(b);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (int64_t i = 0; i < parts; i++)
            ops->batch_pack(b, (size_t)i);
        ops->batch_seal(b);
        if (ops->batch_write(out, b, err, err_len) != 0)
            return MU_EXIT_IOERR;
    }
    (void)l;
    return MU_EXIT_OK;
}

/* Writes the merged result: every shard's rows and tables, in order. */
static int write_merged(const shard *s, int n, const mu_experiment *ex, const mu_layout *l,
                        const mu_merge_options *opt, int threads, char *err, size_t err_len)
{
    const mu_shard_info *f = &s[0].info;
    mu_provenance prov = {.ruleset = f->ruleset, .seed = f->seed, .games_requested = f->games_total,
                          .threads = threads, .ranks = 1, .merged_shards = n,
                          .per_game_rows = f->per_game_rows, .experiment_text = f->experiment,
                          .experiment_path = ex->path};
    mu_output *out = NULL;
    int rc = mu_output_hdf5.begin(opt->out_path, opt->overwrite, l, &prov, &out, err, err_len);
    if (rc != MU_EXIT_OK)
        return rc;
    uint64_t *totals[MU_LAYOUT_MAX_TABLES] = {0}, *tables[MU_LAYOUT_MAX_TABLES] = {0};
    void *columns[MU_LAYOUT_MAX_COLUMNS] = {0};
    for (int t = 0; t < l->n_tables; t++) {
        totals[t] = mu_xcalloc(mu_table_cells(l, t), sizeof(uint64_t));
        tables[t] = mu_xcalloc(mu_table_cells(l, t), sizeof(uint64_t));
    }
    uint64_t align = f->per_game_rows ? out->ops->batch_align(out) : 1;
    uint64_t batch = MERGE_BATCH_ROWS > align ? MERGE_BATCH_ROWS / align * align : align;
    for (int c = 0; f->per_game_rows && c < l->n_columns; c++)
        columns[c] = mu_xcalloc((size_t)batch, mu_column_row_bytes(l, c));
    uint64_t done = 0;
    for (int i = 0; rc == MU_EXIT_OK && i < n; i++) {
        const mu_shard_info *a = &s[i].info;
        mu_provenance sp = {.ruleset = a->ruleset, .seed = a->seed, .games_requested = a->games_requested,
                            .first_game = a->first_game, .shard = a->shard, .shards = a->shards,
                            .games_total = a->games_total, .per_game_rows = a->per_game_rows,
                            .experiment_text = a->experiment, .experiment_path = a->experiment_path};
        mu_shard_reader *r = NULL;
        rc = mu_shard_open(s[i].path, l, &sp, &r, tables, err, err_len);
        if (rc == MU_EXIT_OK && f->per_game_rows)
            rc = copy_rows(r, l, out, done, a->games_requested, columns, batch, threads, err, err_len);
        mu_shard_close(r);
        if (rc != MU_EXIT_OK)
            break;
        for (int t = 0; t < l->n_tables; t++)
            for (size_t k = 0, cells = mu_table_cells(l, t); k < cells; k++)
                totals[t][k] += tables[t][k];
        done += a->games_requested;
        if (out->ops->checkpoint(out, done, (const uint64_t *const *)totals, err, err_len) != 0)
            rc = MU_EXIT_IOERR;
    }
    if (rc == MU_EXIT_OK)
        rc = out->ops->finish(out, err, err_len) == 0 ? MU_EXIT_OK : MU_EXIT_IOERR;
    else
        out->ops->abandon(out);
    for (int t = 0; t < MU_LAYOUT_MAX_TABLES; t++)
        free(totals[t]), free(tables[t]);
    for (int c = 0; c < MU_LAYOUT_MAX_COLUMNS; c++)
        free(columns[c]);
    return rc;
}

int mu_merge(const char *const *paths, int n, const mu_merge_options *opt, mu_merge_report *rep, char *err,
             size_t err_len)
{
    double t0 = now_seconds();
    memset(rep, 0, sizeof *rep);
    shard *s = mu_xcalloc((size_t)n, sizeof *s);
    int rc = MU_EXIT_OK, read = 0;
    for (; rc == MU_EXIT_OK && read < n; read++) {
        s[read].path = paths[read];
        rc = mu_shard_info_read(paths[read], &s[read].info, err, err_len);
    }
    if (rc != MU_EXIT_OK)
        read--; /* the one that failed holds nothing */
    for (int i = 1; rc == MU_EXIT_OK && i < n; i++)
        rc = check_alike(&s[i], &s[0], err, err_len);
    if (rc == MU_EXIT_OK)
        rc = check_alike(&s[0], &s[0], err, err_len);
    if (rc == MU_EXIT_OK) {
        qsort(s, (size_t)n, sizeof *s, by_first_game);
        rc = check_ranges(s, n, err, err_len);
    }
    static mu_experiment ex;
    void *ctx = NULL;
    mu_layout layout;
    int loaded = 0;
    if (rc == MU_EXIT_OK) {
        const char *path = opt->experiment_path ? opt->experiment_path : s[0].info.experiment_path;
        rc = load_experiment(path, &s[0].info, &ex, &ctx, &layout, err, err_len);
        loaded = rc == MU_EXIT_OK;
    }
    int threads = opt->threads > 0 ? opt->threads : omp_get_max_threads();
    if (rc == MU_EXIT_OK)
        rc = write_merged(s, n, &ex, &layout, opt, threads, err, err_len);
    if (rc == MU_EXIT_OK) {
        rep->games = s[0].info.games_total;
        rep->shards = n;
    }
    if (loaded) {
        ex.ruleset->release(ctx);
        mu_layout_free(&layout);
        mu_experiment_free(&ex);
    }
    for (int i = 0; i < read; i++)
        mu_shard_info_free(&s[i].info);
    free(s);
    rep->seconds = now_seconds() - t0;
    return rc;
}
