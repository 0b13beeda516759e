/* Reading the results files `muster merge` joins: their root attributes,
 * and the rows and checkpointed tables of a complete shard. A shard comes
 * from outside this process, so it is read whole by a child first
 * (h5verify.c) and its rows are checked against its checkpoint's digests
 * before any is used. See muster/h5shard.h. */
#include "muster/h5shard.h"

#include "muster/alloc.h"
#include "muster/h5out.h"
#include "muster/status.h"

#include "h5attr.h"
#include "h5objects.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct mu_shard_reader {
    mu_h5out h;    /* the writer's view of a file, opened read-only */
    char path[4096]; /* for messages */
};

/* Reads an optional integer attribute (absent: 0). */
static int get_opt_i64(hid_t f, const char *name, int64_t *v)
{
    *v = 0;
    return H5Aexists(f, name) > 0 ? mu_h5_get_i64(f, name, v) : 0;
}

static int get_opt_u64(hid_t f, const char *name, uint64_t *v)
{
    *v = 0;
    return H5Aexists(f, name) > 0 ? mu_h5_get_u64(f, name, v) : 0;
}

int mu_shard_info_read(const char *path, mu_shard_info *info, char *err, size_t err_len)
{
    memset(info, 0, sizeof *info);
    mu_h5_quiet();
    if (access(path, R_OK) != 0) {
        int e = errno;
        mu_h5_path_fail(path, err, err_len, "cannot read: %s", strerror(e));
        return MU_EXIT_NOINPUT;
    }
    if (mu_h5out_check(path, err, err_len) != 0)
        return MU_EXIT_DATAERR;
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) {
        char reason[128];
        mu_h5_path_fail(path, err, err_len, "cannot open: %s", mu_h5_reason(reason, sizeof reason));
        return MU_EXIT_DATAERR;
    }
    int64_t rows = 0, shard = 0, shards = 0, threads = 0, ranks = 0;
    int bad = mu_h5_get_str(f, "ruleset", &info->ruleset) < 0 ||
              mu_h5_get_str(f, "experiment", &info->experiment) < 0 ||
              mu_h5_get_str(f, "experiment_path", &info->experiment_path) < 0 ||
              mu_h5_get_str(f, "tool_version", &info->tool_version) < 0 ||
              mu_h5_get_str(f, "git_commit", &info->git_commit) < 0 ||
              mu_h5_get_str(f, "status", &info->status) < 0 || mu_h5_get_u64(f, "seed", &info->seed) < 0 ||
              mu_h5_get_u64(f, "games_requested", &info->games_requested) < 0 ||
              mu_h5_get_u64(f, "games_complete", &info->games_complete) < 0 ||
              mu_h5_get_i64(f, "per_game_rows", &rows) < 0 || mu_h5_get_i64(f, "threads", &threads) < 0 ||
              get_opt_i64(f, "ranks", &ranks) < 0 || get_opt_i64(f, "shard", &shard) < 0 ||
              get_opt_i64(f, "shards", &shards) < 0 || get_opt_u64(f, "first_game", &info->first_game) < 0 ||
              get_opt_u64(f, "games_total", &info->games_total) < 0;
    H5Fclose(f);
    H5Eclear2(H5E_DEFAULT);
    if (bad) {
        mu_shard_info_free(info);
        mu_h5_path_fail(path, err, err_len, "not a muster results file (provenance attributes missing)");
        return MU_EXIT_DATAERR;
    }
    info->per_game_rows = rows != 0;
    info->threads = (int)threads;
    info->ranks = ranks > 0 ? (int)ranks : 1;
    info->shard = (int)shard, info->shards = (int)shards;
    if (shards <= 0 || shard < 1 || shard > shards || info->first_game > info->games_total ||
        info->games_requested > info->games_total - info->first_game) {
        mu_shard_info_free(info);
        mu_h5_path_fail(path, err, err_len, shards == 0 ? "not a shard (a whole run's results, made without --shard)"
                                                        : "its shard attributes are damaged");
        return MU_EXIT_DATAERR;
    }
    return MU_EXIT_OK;
}

void mu_shard_info_free(mu_shard_info *info)
{
    free(info->ruleset), free(info->experiment), free(info->experiment_path);
    free(info->tool_version), free(info->git_commit), free(info->status);
    memset(info, 0, sizeof *info);
}

void mu_shard_close(mu_shard_reader *r)
{
    if (!r)
        return;
    mu_h5_close_objects(&r->h);
    if (r->h.file >= 0)
        H5Fclose(r->h.file);
    H5Eclear2(H5E_DEFAULT);
    free(r);
}

int mu_shard_open(const char *path, const mu_layout *layout, const mu_provenance *prov, mu_shard_reader **out,
                  uint64_t *const *tables, char *err, size_t err_len)
{
    char msg[512];
    *out = NULL;
    mu_h5_quiet();
    /* in a child: provenance, datasets, static digest, the intact slot
     * and every row against its digests */
    if (mu_h5_vet(path, layout, prov, NULL, 1, msg, sizeof msg) != 0) {
        mu_h5_path_fail(path, err, err_len, "%s", msg);
        return MU_EXIT_DATAERR;
    }
    mu_shard_reader *r = mu_xcalloc(1, sizeof *r);
    snprintf(r->path, sizeof r->path, "%s", path);
    mu_h5out *h = &r->h;
    h->file = h->game = h->ckpt.dset[0] = h->ckpt.dset[1] = H5I_INVALID_HID;
    h->per_game_rows = prov->per_game_rows != 0;
    h->games_requested = prov->games_requested;
    h->prov = *prov;
    h->layout = layout;
    h->file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    int rc = h->file >= 0 ? 0 : mu_h5_fail(msg, sizeof msg, "cannot open");
    if (rc == 0)
        rc = mu_h5_reopen(h, layout, msg, sizeof msg) < 0 || mu_h5_ckpt_open(h, msg, sizeof msg) < 0 ||
                     mu_h5_ckpt_read(h, &h->games_complete, tables, msg, sizeof msg) < 0
                 ? -1
                 : 0;
    if (rc == 0 && h->games_complete != h->games_requested)
        rc = (snprintf(msg, sizeof msg, "its checkpoint holds %" PRIu64 " of its %" PRIu64 " games", h->games_complete,
                       h->games_requested), -1);
    if (rc == 0 && h->per_game_rows && h->rows < h->games_complete)
        rc = (snprintf(msg, sizeof msg, "it has %" PRIu64 " rows, fewer than its %" PRIu64 " games", h->rows,
                       h->games_complete), -1);
    if (rc != 0) {
        mu_shard_close(r);
        mu_h5_path_fail(path, err, err_len, "%s", msg);
        return MU_EXIT_DATAERR;
    }
    *out = r;
    return MU_EXIT_OK;
}

int mu_shard_read_rows(mu_shard_reader *r, uint64_t row0, uint64_t n, void *const *columns, char *err,
                       size_t err_len)
{
    mu_h5out *h = &r->h;
    char msg[400];
    int rc = 0;
    for (int c = 0; rc == 0 && c < h->n_columns; c++) {
        struct mu_h5col *col = &h->col[c];
        hsize_t off[2] = {row0, 0}, count[2] = {n, col->width};
        hid_t fspace = H5Dget_space(col->dset);
        hid_t mspace = H5Screate_simple(col->rank, count, NULL);
        if (fspace < 0 || mspace < 0 ||
            H5Sselect_hyperslab(fspace, H5S_SELECT_SET, off, NULL, count, NULL) < 0 ||
            H5Dread(col->dset, mu_h5_mem_type(col->type), mspace, fspace, H5P_DEFAULT, columns[c]) < 0)
            rc = mu_h5_fail(msg, sizeof msg, "cannot read %s", col->path);
        mu_h5_close_keep(H5Sclose, mspace);
        mu_h5_close_keep(H5Sclose, fspace);
    }
    if (rc != 0) {
        mu_h5_path_fail(r->path, err, err_len, "%s", msg);
        return MU_EXIT_IOERR;
    }
    return MU_EXIT_OK;
}
