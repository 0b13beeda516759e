/* The HDF5 results writer: OUT.partial → checkpoints → OUT. See
 * muster/h5out.h for the contract; h5objects.c builds the datasets.
 *
 * Decisions worth knowing:
 * - Format: libver bounds V18..V110: objects in the 1.8 format (v1 B-tree
 *   chunk index, superblock version 2) plus the 1.10 file space info, so any
 *   HDF5 >= 1.10 reads it (h5py, h5netcdf, netCDF-C). Superblock 2 has no
 *   "open for writing" flag: a partial file left by a killed run reopens
 *   without h5clear.
 * - Crash safety (HDF5 1.10 promises none without SWMR; this is ours, in
 *   h5file.c and h5ckpt.c): the metadata cache never evicts, so metadata
 *   reaches the file only at a flush; file space is never reused (strategy
 *   NONE, and the end of the file is fenced after each flush), so whatever
 *   the last flushed metadata points to stays as it was; a chunk only ever
 *   gains rows, so one rewritten in place still holds the checkpointed
 *   rows. A checkpoint flushes the rows first, then writes one of two
 *   checkpoint slots (games, the tables and their digest; alternately
 *   slot0 and slot1), the tables and games_complete, and flushes again.
 *   Resume trusts only the slots: it takes the intact one with more games
 *   and rewrites the tables and games_complete from it. A kill tears at
 *   most the slot being written, and the other holds the checkpoint
 *   before, so a process killed at any time (SIGKILL too) leaves a file
 *   that resumes from its last or next-to-last checkpoint. (Before the
 *   slots, the tables and games_complete were the checkpoint, and a kill
 *   in that second flush, 1 in 4 kills in one CI run, left a file resume
 *   had to refuse.) A kill inside a flush can also leave chunk index
 *   nodes on disk that point past the superblock's end of allocation, to
 *   chunks written since the last flush (seen once in 100 random kills at
 *   777-game batches): resume extends the allocation to the end of the
 *   file, where those chunks are, and goes on. In tests/h5 a run is killed right after
 *   a checkpoint and after an append, and a torn slot is resumed past.
 *   A kill in finish between close and rename leaves OUT.partial with
 *   status "complete"; resume accepts it (its slots hold every game) and
 *   finishes it. Not covered: power loss before finish (no fsync per
 *   checkpoint).
 * - A write that fails (a full disk, a file-size limit) must not damage
 *   the last checkpoint: before every flush the disk space of everything
 *   allocated is reserved (posix_fallocate, h5file.c), so a flush only
 *   rewrites bytes the file already has; and a file that stays partial is
 *   detached before it is closed (its descriptor pointed at a scratch
 *   file), so nothing dirtied since the last flush reaches it. libhdf5's
 *   at-exit close is off (mu_h5out_init): closing a detached file past a
 *   file-size limit fails, and 1.10 then crashed at exit.
 * - A damaged partial file is never trusted: resume first reads it whole
 *   in a child process against its checkpoint's digests, and finish reads
 *   the finished file back the same way before the rename (the rows only
 *   when the run was resumed; h5verify.c).
 * - Per-game rows are compressed by us, not by HDF5 (h5pack.c): zlib
 *   deflate on the writer's thread was half the run time of the order
 *   drill (~50%, 1.2x on 2 threads). The batch runner's threads shuffle
 *   and deflate a batch's chunks in parallel right after playing it
 *   (mu_h5batch_pack, no HDF5 calls), and the writer stores them with
 *   H5Dwrite_chunk, filter mask 0, while the next batch is played. The
 *   datasets keep their shuffle + deflate filters, so every reader decodes
 *   them as usual; the bytes are zlib streams, deterministic (the same
 *   rows give the same bytes, whatever the threads).
 * - The deflating is libdeflate's (Debian's libdeflate-dev), with one
 *   compressor per chunk (they must not be shared by threads): level 1
 *   for the columns (smaller output than zlib's level 1, and faster), 6
 *   for the game scale (uint64 0, 1, 2, ...), where level 1 is slower.
 *   Until then integer columns went through an
 *   encoder of our own (runs and Huffman codes per byte plane, no string
 *   matching: faster still on small counts, and smaller) and the game
 *   scale was spliced from byte planes deflated once with zlib; the
 *   figures of the change are in bench/README.md. A chunk of the game
 *   scale is now deflated whole like any other (~1 ms for 65536 games).
 *   It stays a real coordinate with values, units and long_name (h5py
 *   users read indices, not fill values).
 * - Every /games dataset has the same rows per chunk (65536, fewer only
 *   when a row is wide or the run is small), and the runner's adaptive
 *   batches start and end on chunk boundaries: then each chunk is
 *   compressed and written exactly once and file space is never wasted.
 *   A batch that ends inside a chunk (an explicit --batch, or a resumed
 *   run's first batch) leaves that chunk's rows in a tail buffer; the next
 *   batch compresses the chunk again, whole, and writes it again; the
 *   superseded copy stays in the file (space is never reused), as before.
 *   Resume reads the tail back from the file.
 * - The chunk-rewrite argument above holds for pre-filtered chunks too:
 *   H5Dwrite_chunk puts a chunk of a new size at new space and one of the
 *   same size in place, and a chunk only ever gains rows.
 * - create makes OUT.partial.new and renames it to OUT.partial after its
 *   first flush, so OUT.partial, whenever it exists, can be resumed. An
 *   existing OUT.partial (an interrupted run's progress) is replaced by
 *   that rename only with overwrite, and never while another process
 *   holds it open (HDF5's flock). A run killed (SIGKILL) inside create
 *   leaves OUT.partial.new, which the next run onto OUT replaces.
 * - An existing OUT (with overwrite) is replaced only by the rename in
 *   finish, so it survives intact until the new file is complete. Without
 *   overwrite, finish never replaces an OUT that appeared during the run
 *   (hard link + unlink), and resume refuses while OUT exists.
 * - Without per-game rows the games/game scale still exists, with length
 *   0, and there are no other datasets under /games; append_rows is then a
 *   no-op. The root attribute per_game_rows says which case a file is.
 * - created is the current UTC time, or SOURCE_DATE_EPOCH when that is set
 *   (for byte-identical reruns). */
#include "muster/h5out.h"

#include "muster/alloc.h"

#include "h5attr.h"
#include "h5objects.h"
#include "muster/buildinfo.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define PARTIAL_SUFFIX ".partial"
#define NEW_SUFFIX ".new" /* OUT.partial.new: a file being created */

/* Whether another process holds path open for writing (HDF5 locks the
 * files it writes with flock). */
static int in_use(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    int busy = flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd); /* and with it the lock */
    return busy;
}

/* Like fail, with ": REASON" of the HDF5 call that just failed appended. */
__attribute__((format(printf, 4, 5)))
static int h5fail(const char *path, char *err, size_t len, const char *fmt, ...)
{
    char what[400], reason[128];
    mu_h5_reason(reason, sizeof reason);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return mu_h5_path_fail(path, err, len, "%s: %s", what, reason);
}

static char *dup_or_die(const char *s)
{
    char *d = strdup(s);
    if (!d)
        mu_out_of_memory();
    return d;
}

static mu_h5out *new_writer(const char *final_path, const char *partial_path,
                            const mu_layout *layout, const mu_provenance *prov)
{
    mu_h5out *h = mu_xcalloc(1, sizeof *h);
    h->file = h->game = h->ckpt.dset[0] = h->ckpt.dset[1] = H5I_INVALID_HID;
    h->final_path = dup_or_die(final_path);
    h->partial_path = dup_or_die(partial_path);
    h->layout = layout;
    h->prov = *prov;
    h->prov.ruleset = h->owned[0] = dup_or_die(prov->ruleset ? prov->ruleset : "");
    h->prov.experiment_text = h->owned[1] = dup_or_die(prov->experiment_text ? prov->experiment_text : "");
    h->prov.experiment_path = h->owned[2] = dup_or_die(prov->experiment_path ? prov->experiment_path : "");
    h->per_game_rows = prov->per_game_rows != 0;
    h->games_requested = h->games_end = prov->games_requested;
    return h;
}

/* Closes everything h holds and frees it. A file still open stays as of
 * its last flush: it is detached first, so that nothing the close would
 * write (metadata dirtied since, by a batch or a failed write) reaches
 * it. */
static void free_writer(mu_h5out *h)
{
    mu_h5_pack_close(h);
    mu_h5_close_objects(h);
    if (h->file >= 0) {
        assert(H5Fget_obj_count(h->file, H5F_OBJ_ALL) == 1); /* nothing leaked open */
        mu_h5_detach(h);
        H5Fclose(h->file); /* may fail past a file-size limit: see mu_output_hdf5_init */
        H5Eclear2(H5E_DEFAULT);
    }
    free(h->final_path);
    free(h->partial_path);
    for (int i = 0; i < 3; i++)
        free(h->owned[i]);
    free(h);
}

static int write_provenance(hid_t f, const mu_provenance *p)
{
    char created[32];
    mu_h5_utc_now(created, sizeof created);
    if (mu_h5_set_str(f, "tool_version", mu_tool_version) < 0 ||
        mu_h5_set_str(f, "git_commit", mu_git_commit) < 0 ||
        mu_h5_set_str(f, "ruleset", p->ruleset) < 0 || mu_h5_set_u64(f, "seed", p->seed) < 0 ||
        mu_h5_set_u64(f, "games_requested", p->games_requested) < 0 ||
        mu_h5_set_u64(f, "games_complete", 0) < 0 ||
        mu_h5_set_str(f, "status", "partial") < 0 ||
        mu_h5_set_i32(f, "threads", (int32_t)p->threads) < 0 ||
        mu_h5_set_i32(f, "ranks", (int32_t)(p->ranks > 0 ? p->ranks : 1)) < 0 ||
        (p->merged_shards > 0 && mu_h5_set_i32(f, "merged_shards", (int32_t)p->merged_shards) < 0) ||
        (p->shards > 0 && (mu_h5_set_i32(f, "shard", (int32_t)p->shard) < 0 ||
                           mu_h5_set_i32(f, "shards", (int32_t)p->shards) < 0 ||
                           mu_h5_set_u64(f, "first_game", p->first_game) < 0 ||
                           mu_h5_set_u64(f, "games_total", p->games_total) < 0)) ||
        mu_h5_set_i32(f, "per_game_rows", p->per_game_rows != 0) < 0 ||
        (p->precision > 0 && mu_h5_set_f64(f, "precision", p->precision) < 0) ||
        mu_h5_set_str(f, "created", created) < 0 ||
        mu_h5_set_str(f, "experiment_path", p->experiment_path) < 0 ||
        mu_h5_set_str(f, "experiment", p->experiment_text) < 0)
        return -1;
    return 0;
}

/* Makes h->file's groups, datasets and attributes; msg says why not. */
static int populate(mu_h5out *h, const mu_layout *layout, const mu_provenance *prov, char *msg,
                    size_t len)
{
    if (write_provenance(h->file, prov) < 0)
        return mu_h5_fail(msg, len, "cannot write the root attributes");
    if (mu_h5_build(h, layout, msg, len) < 0)
        return -1;
    if (mu_h5_ckpt_make(h, msg, len) < 0)
        return -1;
    if (mu_h5_pack_open(h, msg, len) < 0)
        return -1;
    return mu_h5_flush(h, msg, len);
}

int mu_h5out_create(const char *final_path, int overwrite, const mu_layout *layout,
                    const mu_provenance *prov, mu_h5out **out, char *err, size_t err_len)
{
    char msg[400], partial[4096];
    struct stat st;
    mu_h5_quiet();
    if (snprintf(partial, sizeof partial, "%s%s", final_path, PARTIAL_SUFFIX) >=
        (int)sizeof partial)
        return mu_h5_path_fail(final_path, err, err_len, "path too long");
    if (mu_h5_check_layout(layout, prov->games_requested, msg, sizeof msg) < 0)
        return mu_h5_path_fail(final_path, err, err_len, "%s", msg);
    int exists = stat(final_path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return mu_h5_path_fail(final_path, err, err_len, "is a directory");
    if (exists && !overwrite)
        return mu_h5_path_fail(final_path, err, err_len, "already exists (not overwriting it)");
    if (!exists && lstat(final_path, &st) == 0)
        return mu_h5_path_fail(final_path, err, err_len, "is a symbolic link to nothing; name the "
                               "file it should point to, or remove it");
    if (in_use(partial))
        return mu_h5_path_fail(partial, err, err_len, "is being written by another run");
    if (!overwrite && lstat(partial, &st) == 0)
        return mu_h5_path_fail(partial, err, err_len, "already exists (an interrupted run's "
                               "progress?): continue it with --resume, or give --force to start "
                               "again");
    /* made under another name and renamed once flushed: a run killed
     * before that leaves no OUT.partial rather than one that cannot be
     * resumed */
    char fresh[4096 + sizeof NEW_SUFFIX];
    snprintf(fresh, sizeof fresh, "%s%s", partial, NEW_SUFFIX);
    hid_t fcpl = mu_h5_file_create(), fapl = mu_h5_file_access();
    mu_h5out *h = new_writer(final_path, partial, layout, prov);
    h->overwrite = overwrite != 0;
    h->file = H5Fcreate(fresh, H5F_ACC_TRUNC, fcpl, fapl);
    if (h->file < 0)
        h5fail(partial, err, err_len, "cannot create"); /* before other H5 calls */
    H5Pclose(fcpl);
    H5Pclose(fapl);
    if (h->file < 0) {
        free_writer(h);
        return -1;
    }
    int rc = populate(h, layout, prov, msg, sizeof msg);
    if (rc == 0 && rename(fresh, partial) != 0) {
        snprintf(msg, sizeof msg, "cannot rename the new file (%s) to it: %s", NEW_SUFFIX,
                 strerror(errno));
        rc = -1;
    }
    if (rc < 0) {
        free_writer(h);
        unlink(fresh); /* ours, half made */
        return mu_h5_path_fail(partial, err, err_len, "%s", msg);
    }
    *out = h;
    return 0;
}

/* Opens the partial file, checks it and reads its tables; msg says why not. */
static int reopen(mu_h5out *h, const mu_layout *layout, const mu_provenance *prov,
                  uint64_t *const *tables, char *msg, size_t len)
{
    /* read whole by a child first (libhdf5 may crash on a damaged file),
     * which also checks its provenance, slots and rows: here only the
     * state to go on from is read */
    if (mu_h5_vet(h->partial_path, layout, prov, NULL, 1, msg, len) < 0)
        return -1;
    hid_t fapl = mu_h5_file_access();
    h->file = H5Fopen(h->partial_path, H5F_ACC_RDWR, fapl);
    if (h->file < 0)
        mu_h5_fail(msg, len, "cannot open"); /* before other H5 calls */
    H5Pclose(fapl);
    if (h->file < 0)
        return -1;
    /* the last intact checkpoint slot, not games_complete and the tables,
     * which a kill inside a checkpoint's flush may have torn apart */
    if (mu_h5_reopen(h, layout, msg, len) < 0 || mu_h5_ckpt_open(h, msg, len) < 0 ||
        mu_h5_ckpt_read(h, &h->games_complete, tables, msg, len) < 0)
        return -1;
    /* A kill inside a checkpoint's flush can leave chunk index nodes on
     * disk that point to chunks written since the last flush, while the
     * superblock's end of allocation is still the old one: those chunks
     * are on disk (written before the flush began), so extend it to the
     * end of the file (never shrinks; new space goes past it). */
    if (H5Fincrement_filesize(h->file, 0) < 0)
        return mu_h5_fail(msg, len, "cannot extend the file's allocated space");
    return 0;
}

/* Records games with tables as the last checkpoint: in a checkpoint slot
 * (both slots once the run is complete, so that a finished file's slots
 * agree whatever its batches were), in the tables and in games_complete,
 * then flushes. */
static int commit(mu_h5out *h, uint64_t games, const uint64_t *const *tables, char *msg,
                  size_t len)
{
    if (mu_h5_ckpt_write(h, games, tables) < 0 ||
        (games == h->games_end && mu_h5_ckpt_write(h, games, tables) < 0))
        return mu_h5_fail(msg, len, "cannot write a checkpoint slot");
    for (int t = 0; t < h->n_tables; t++)
        if (H5Dwrite(h->tab[t].dset, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                     tables[t]) < 0)
            return mu_h5_fail(msg, len, "cannot write %s", h->tab[t].path);
    if (mu_h5_set_u64(h->file, "games_complete", games) < 0)
        return mu_h5_fail(msg, len, "cannot write games_complete");
    if (mu_h5_flush(h, msg, len) < 0)
        return -1;
    h->games_complete = games;
    return 0;
}

int mu_h5out_resume(const char *partial_path, const mu_layout *layout, const mu_provenance *prov,
                    mu_h5out **out, uint64_t *games_complete, uint64_t *const *tables, char *err,
                    size_t err_len)
{
    char msg[400];
    size_t n = strlen(partial_path), s = strlen(PARTIAL_SUFFIX);
    mu_h5_quiet();
    if (n <= s || strcmp(partial_path + n - s, PARTIAL_SUFFIX) != 0)
        return mu_h5_path_fail(partial_path, err, err_len, "not a %s file", PARTIAL_SUFFIX);
    if (mu_h5_check_layout(layout, prov->games_requested, msg, sizeof msg) < 0)
        return mu_h5_path_fail(partial_path, err, err_len, "%s", msg);
    mu_h5out *h = new_writer(partial_path, partial_path, layout, prov);
    h->final_path[n - s] = '\0';
    h->resumed = 1;
    struct stat st;
    if (stat(h->final_path, &st) == 0) {
        mu_h5_path_fail(h->final_path, err, err_len, "already exists; resuming would replace it (move it away)");
        free_writer(h);
        return -1;
    }
    int rc = reopen(h, layout, prov, tables, msg, sizeof msg);
    /* drop the rows of a batch that did not reach its checkpoint */
    if (rc == 0 && h->per_game_rows) {
        rc = mu_h5_set_rows(h, h->games_complete, msg, sizeof msg);
        h->rows = h->games_complete;
        if (rc == 0)
            rc = mu_h5_check_chunks(h, msg, sizeof msg);
    }
    if (rc == 0)
        rc = mu_h5_pack_open(h, msg, sizeof msg); /* with the rows of an unfinished chunk */
    /* the tables and games_complete as the slot has them */
    if (rc == 0)
        rc = commit(h, h->games_complete, (const uint64_t *const *)tables, msg, sizeof msg);
    if (rc < 0) {
        free_writer(h);
        return mu_h5_path_fail(partial_path, err, err_len, "%s", msg);
    }
    *games_complete = h->games_complete;
    *out = h;
    return 0;
}

int mu_h5out_checkpoint(mu_h5out *h, uint64_t games_complete, const uint64_t *const *tables,
                        char *err, size_t err_len)
{
    if (games_complete > h->games_requested || games_complete < h->games_complete ||
        (h->per_game_rows && games_complete != h->rows))
        return mu_h5_path_fail(h->partial_path, err, err_len, "checkpoint at %" PRIu64 " games is out of order"
                    " (last %" PRIu64 ", rows %" PRIu64 ", requested %" PRIu64 ")",
                    games_complete, h->games_complete, h->rows, h->games_requested);
    /* The rows first, flushed, so that a slot never counts rows the file
     * lacks; then the slot, tables and games_complete. */
    char msg[400];
    if (mu_h5_flush(h, msg, sizeof msg) < 0 || commit(h, games_complete, tables, msg, sizeof msg) < 0)
        return mu_h5_path_fail(h->partial_path, err, err_len, "%s", msg);
    return 0;
}

int mu_h5out_conclude(mu_h5out *h, const mu_precision_outcome *outcome, const uint64_t *const *tables,
                      char *err, size_t err_len)
{
    char msg[400];
    mu_h5_quiet();
    if (h->prov.precision <= 0 || outcome->games != h->games_complete)
        return mu_h5_path_fail(h->partial_path, err, err_len, "cannot conclude at %" PRIu64 " games: %s",
                               outcome->games, h->prov.precision <= 0 ? "the run has no precision target"
                                                                      : "not its last checkpoint");
    h->games_end = outcome->games;
    if (mu_h5_set_i32(h->file, "precision_met", outcome->met != 0) < 0 ||
        mu_h5_set_str(h->file, "precision_widest", outcome->widest) < 0 ||
        mu_h5_set_f64(h->file, "precision_half_width", outcome->half_width) < 0 ||
        (!outcome->met && mu_h5_set_u64(h->file, "precision_games_needed", outcome->games_needed) < 0))
        return h5fail(h->partial_path, err, err_len, "cannot write how the run ended");
    if (commit(h, outcome->games, tables, msg, sizeof msg) < 0)
        return mu_h5_path_fail(h->partial_path, err, err_len, "%s", msg);
    return 0;
}

int mu_h5out_finish(mu_h5out *h, char *err, size_t err_len)
{
    char msg[400];
    int rc = 0, e;
    mu_h5_quiet();
    if (h->games_complete != h->games_end || (h->per_game_rows && h->rows != h->games_complete))
        rc = mu_h5_path_fail(h->partial_path, err, err_len, "only %" PRIu64 " of %" PRIu64
                  " games are complete; the file stays partial", h->games_complete, h->games_end);
    else if (mu_h5_set_str(h->file, "status", "complete") < 0)
        rc = h5fail(h->partial_path, err, err_len, "cannot mark complete");
    else if (mu_h5_flush(h, msg, sizeof msg) < 0)
        rc = mu_h5_path_fail(h->partial_path, err, err_len, "%s", msg);
    if (rc != 0) {
        free_writer(h); /* the file stays as of its last checkpoint */
        return rc;
    }
    uint64_t *last = mu_xmalloc(h->ckpt.n * sizeof *last); /* both slots hold it */
    memcpy(last, h->ckpt.buf, h->ckpt.n * sizeof *last);
    mu_h5_pack_close(h);
    mu_h5_close_objects(h);
    assert(H5Fget_obj_count(h->file, H5F_OBJ_ALL) == 1);
    herr_t closed = H5Fclose(h->file);
    h->file = H5I_INVALID_HID;
    if (rc == 0 && closed < 0)
        rc = h5fail(h->partial_path, err, err_len, "cannot close");
    if (rc == 0 && (e = mu_h5_sync(h->partial_path, 0)) != 0)
        rc = mu_h5_path_fail(h->partial_path, err, err_len, "cannot sync to disk: %s", strerror(e));
    /* the rows too when the file came from another run (see h5verify.c) */
    if (rc == 0 && mu_h5_vet(h->partial_path, h->layout, &h->prov, last, h->resumed, msg, sizeof msg) != 0)
        rc = mu_h5_path_fail(h->partial_path, err, err_len, "does not read back as written (%s); "
                             "it stays partial", msg);
    free(last);
    if (rc == 0 && (e = mu_h5_publish(h->partial_path, h->final_path, h->overwrite)) != 0)
        rc = e == EEXIST ? mu_h5_path_fail(h->final_path, err, err_len, "appeared during the run; not replacing "
                                "it (the results stay in %s)", h->partial_path)
                         : mu_h5_path_fail(h->partial_path, err, err_len, "cannot rename to %s: %s",
                                h->final_path, strerror(e));
    if (rc == 0 && (e = mu_h5_sync_parent(h->final_path)) != 0)
        rc = mu_h5_path_fail(h->final_path, err, err_len, "cannot sync its directory: %s", strerror(e));
    free_writer(h);
    return rc;
}

void mu_h5out_init(void)
{
    H5dont_atexit();
}

void mu_h5out_close_partial(mu_h5out *h)
{
    if (!h)
        return;
    mu_h5_quiet();
    free_writer(h);
}
