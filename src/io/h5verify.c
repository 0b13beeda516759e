/* Checking a results file before trusting it. libhdf5 does not defend
 * itself against damaged files: one changed byte in a partial file could
 * crash it (a string on the global heap, a link, a chunk index), and it
 * reads a damaged chunk address as data. So a file muster did not just
 * write itself is first read whole by a child process (mu_h5_vet): every
 * object, attribute and dataset, and for a results file of this run its
 * provenance, checkpoint slots and the rows those promise (each column's
 * rows digest, the game scale's indices). A crash, a hang (an alarm that
 * every read re-arms) or a
 * mismatch there is one line in the parent, which has touched nothing.
 * The same check runs on a finished file before it is renamed into place,
 * against the checkpoint the writer holds in memory, so that no published
 * file differs from what the run computed: for a resumed run with its
 * rows (the file came from outside), for a run that began the file
 * without them (reading them back cost a third of the order drill's run
 * time, for a file this process wrote through an intact structure). */
#include "h5attr.h"
#include "h5objects.h"

#include "muster/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define READ_BYTES (16u << 20) /* read a dataset this much at a time */
/* deflate expands a byte to at most ~1032; a dataset claiming more than
 * this many times the file's size (plus a margin for fill values of
 * small unwritten datasets) is damaged, and reading it would never end */
#define MAX_EXPANSION 1100u
#define MARGIN_BYTES (64u << 20)
/* A child that reads nothing new for this long (no attribute, no slab of
 * a dataset) is looping on a damaged structure: its alarm, re-armed after
 * every read, ends it. (A slab of READ_BYTES takes well under a second,
 * a few under a sanitizer on a loaded machine.) */
#define WATCHDOG_SECONDS 30u
static unsigned watchdog; /* 0: not in a child (no alarm) */

/* Re-arms the child's alarm after a read that made progress. */
static void progress(void)
{
    if (watchdog)
        alarm(watchdog);
}

/* Compares the shard attributes of f (none: a whole run) with p's. */
static int check_shard(hid_t f, const mu_provenance *p, char *msg, size_t len)
{
    int64_t shard = 0, shards = 0;
    uint64_t first = 0;
    if (H5Aexists(f, "shards") > 0 &&
        (mu_h5_get_i64(f, "shard", &shard) < 0 || mu_h5_get_i64(f, "shards", &shards) < 0 ||
         mu_h5_get_u64(f, "first_game", &first) < 0))
        return snprintf(msg, len, "its shard attributes are damaged"), -1;
    H5Eclear2(H5E_DEFAULT);
    if (shard != p->shard || shards != p->shards || first != p->first_game) {
        if (shards == 0)
            return snprintf(msg, len, "it holds a whole run, not shard %d/%d", p->shard, p->shards), -1;
        if (p->shards == 0)
            return snprintf(msg, len, "it holds shard %d/%d, not a whole run", (int)shard, (int)shards), -1;
        return snprintf(msg, len, "it holds shard %d/%d, not shard %d/%d", (int)shard, (int)shards, p->shard,
                        p->shards), -1;
    }
    return 0;
}

/* The precision target f records, 0 when none. */
static double precision_of(hid_t f)
{
    double p = 0;
    if (mu_h5_get_f64(f, "precision", &p) < 0)
        p = 0;
    H5Eclear2(H5E_DEFAULT);
    return p;
}

/* Compares the root attributes of f (provenance) with p's; msg names the
 * first difference. */
static int check_provenance(hid_t f, const mu_provenance *p, char *msg, size_t len)
{
    char *ruleset = NULL, *text = NULL, *status = NULL;
    uint64_t seed, games;
    int64_t rows;
    int rc = -1;
    if (mu_h5_get_str(f, "ruleset", &ruleset) < 0 || mu_h5_get_u64(f, "seed", &seed) < 0 ||
        mu_h5_get_u64(f, "games_requested", &games) < 0 ||
        mu_h5_get_i64(f, "per_game_rows", &rows) < 0 ||
        mu_h5_get_str(f, "experiment", &text) < 0 || mu_h5_get_str(f, "status", &status) < 0)
        snprintf(msg, len, "not a muster results file (provenance attributes missing)");
    else if (strcmp(ruleset, p->ruleset ? p->ruleset : "") != 0)
        snprintf(msg, len, "ruleset '%s' differs from the run's ruleset '%s'", ruleset,
                 p->ruleset ? p->ruleset : "");
    else if (seed != p->seed)
        snprintf(msg, len, "seed %" PRIu64 " differs from the run's seed %" PRIu64, seed, p->seed);
    else if (games != p->games_requested)
        snprintf(msg, len, "games_requested %" PRIu64 " differs from the run's games_requested %"
                 PRIu64, games, p->games_requested);
    else if (precision_of(f) != p->precision)
        snprintf(msg, len, "precision %g differs from the run's precision %g (--precision)", precision_of(f),
                 p->precision);
    else if ((rows != 0) != (p->per_game_rows != 0))
        snprintf(msg, len, "per_game_rows %d differs from the run's per_game_rows %d", rows != 0,
                 p->per_game_rows != 0);
    else if (strcmp(text, p->experiment_text ? p->experiment_text : "") != 0)
        snprintf(msg, len, "experiment text differs from the run's experiment file %s",
                 p->experiment_path ? p->experiment_path : "");
    else if (check_shard(f, p, msg, len) < 0)
        ;
    else if (strcmp(status, "partial") != 0 && strcmp(status, "complete") != 0)
        snprintf(msg, len, "status is '%s', not 'partial'", status);
    else
        rc = 0;
    free(ruleset), free(text), free(status);
    H5Eclear2(H5E_DEFAULT);
    return rc;
}

/* ---- reading everything ------------------------------------------------- */

struct walk {
    hsize_t max_bytes; /* the most any dataset may claim */
    const mu_h5out *live; /* NULL: digest nothing */
    uint64_t sum;         /* the static digest so far */
    int digest;           /* whether what is read now goes into sum */
    int at_root;          /* the object visited is the root group */
    char *msg;
    size_t len;
    int failed;
};

/* sum extended by word, then by n bytes at p */
static uint64_t mix(uint64_t sum, uint64_t word)
{
    struct mu_h5_sum s = {.hash = sum};
    mu_h5_sum_add(&s, &word, sizeof word);
    return s.hash;
}

static uint64_t mix_bytes(uint64_t sum, const void *p, size_t n)
{
    struct mu_h5_sum s = {.hash = mix(sum, n)};
    mu_h5_sum_add(&s, p, n);
    return mix(s.hash, s.tail);
}

/* Digests count values of native type at buf: fixed-size bytes as they
 * are, variable-length strings and sequences by what they point to. */
static uint64_t mix_values(uint64_t sum, hid_t type, const unsigned char *buf, size_t count)
{
    size_t size = H5Tget_size(type);
    H5T_class_t cls = H5Tget_class(type);
    if (cls == H5T_STRING && H5Tis_variable_str(type) > 0) {
        for (size_t i = 0; i < count; i++) {
            const char *str;
            memcpy(&str, buf + i * size, sizeof str);
            sum = str ? mix_bytes(sum, str, strlen(str)) : mix(sum, UINT64_MAX);
        }
    } else if (cls == H5T_VLEN) {
        hid_t base = H5Tget_super(type);
        for (size_t i = 0; base >= 0 && i < count; i++) {
            hvl_t v;
            memcpy(&v, buf + i * size, sizeof v);
            sum = mix_values(mix(sum, v.len), base, v.p, v.len);
        }
        mu_h5_close_keep(H5Tclose, base);
    } else if (cls == H5T_COMPOUND) {
        int members = H5Tget_nmembers(type);
        for (size_t i = 0; i < count; i++)
            for (int m = 0; m < members; m++) {
                hid_t mt = H5Tget_member_type(type, (unsigned)m);
                if (mt >= 0)
                    sum = mix_values(sum, mt, buf + i * size + H5Tget_member_offset(type, (unsigned)m), 1);
                mu_h5_close_keep(H5Tclose, mt);
            }
    } else if (cls == H5T_ARRAY) {
        hid_t base = H5Tget_super(type);
        size_t bsize = base >= 0 ? H5Tget_size(base) : 0;
        if (bsize)
            sum = mix_values(sum, base, buf, count * (size / bsize));
        mu_h5_close_keep(H5Tclose, base);
    } else {
        sum = mix_bytes(sum, buf, count * size);
    }
    return sum;
}

/* Reads count elements of type (native) from attribute a (is_attr) or from
 * the selection fspace of dataset d into w's digest (if w->digest), and
 * frees what they point to. */
static int read_into(struct walk *w, hid_t obj, int is_attr, hid_t type, hid_t mspace, hid_t fspace,
                     size_t count)
{
    size_t size = H5Tget_size(type);
    if (size == 0 || count > SIZE_MAX / size)
        return -1;
    void *buf = mu_xcalloc(count ? count : 1, size);
    herr_t rc = is_attr ? H5Aread(obj, type, buf)
                        : H5Dread(obj, type, mspace, fspace, H5P_DEFAULT, buf);
    if (rc >= 0)
        progress();
    if (rc >= 0 && w->digest)
        w->sum = mix_values(w->sum, type, buf, count);
    if (rc >= 0 && (H5Tdetect_class(type, H5T_VLEN) > 0 || H5Tis_variable_str(type) > 0))
        H5Dvlen_reclaim(type, mspace, H5P_DEFAULT, buf);
    free(buf);
    return rc < 0 ? -1 : 0;
}

/* Whether a root attribute is left out of the static digest. */
static int is_run_attr(const char *name)
{
    static const char *const run_attrs[] = {"games_complete", "status", "created", "threads", "ranks",
                                            "merged_shards", "precision_met", "precision_widest",
                                            "precision_half_width", "precision_games_needed"};
    for (size_t i = 0; i < sizeof run_attrs / sizeof run_attrs[0]; i++)
        if (strcmp(name, run_attrs[i]) == 0)
            return 1;
    return 0;
}

static herr_t read_attr(hid_t obj, const char *name, const H5A_info_t *info, void *data)
{
    (void)info;
    struct walk *w = data;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    hid_t ftype = a >= 0 ? H5Aget_type(a) : H5I_INVALID_HID;
    hid_t type = ftype >= 0 ? H5Tget_native_type(ftype, H5T_DIR_ASCEND) : H5I_INVALID_HID;
    hid_t space = a >= 0 ? H5Aget_space(a) : H5I_INVALID_HID;
    hssize_t n = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    /* the root's games_complete and status change at every checkpoint;
     * how and when the result was made (created, threads, ranks,
     * merged_shards) is no part of what it holds, so that the same games
     * give the same checkpoint slots however they were played */
    w->digest = w->live && !(w->at_root && is_run_attr(name));
    if (w->digest)
        w->sum = mix_bytes(w->sum, name, strlen(name));
    int rc = type >= 0 && n >= 0 && (hsize_t)n * H5Tget_size(type) <= w->max_bytes
                 ? read_into(w, a, 1, type, space, H5S_ALL, (size_t)n)
                 : -1;
    mu_h5_close_keep(H5Sclose, space);
    mu_h5_close_keep(H5Tclose, type);
    mu_h5_close_keep(H5Tclose, ftype);
    mu_h5_close_keep(H5Aclose, a);
    if (rc < 0) {
        mu_h5_fail(w->msg, w->len, "damaged: cannot read attribute '%s'", name);
        w->failed = 1;
        return -1;
    }
    return 0;
}

/* Reads dataset d whole, READ_BYTES or so at a time along its first
 * dimension. */
static int read_dataset(hid_t d, struct walk *w)
{
    hid_t ftype = H5Dget_type(d), fspace = H5Dget_space(d);
    hid_t type = ftype >= 0 ? H5Tget_native_type(ftype, H5T_DIR_ASCEND) : H5I_INVALID_HID;
    int rank = fspace >= 0 ? H5Sget_simple_extent_ndims(fspace) : -1;
    hsize_t dims[H5S_MAX_RANK], off[H5S_MAX_RANK] = {0}, count[H5S_MAX_RANK];
    int rc = type >= 0 && rank >= 0 && H5Sget_simple_extent_dims(fspace, dims, NULL) == rank ? 0 : -1;
    hsize_t row = type >= 0 ? H5Tget_size(type) : 0; /* bytes of one index of dimension 0 */
    for (int i = 1; rc == 0 && i < rank; i++)
        rc = dims[i] && row > w->max_bytes / dims[i] ? -1 : (row *= dims[i], 0);
    if (rc == 0 && rank > 0 && row && dims[0] > w->max_bytes / row)
        rc = -1; /* claims more data than the file could hold */
    if (rc == 0 && rank == 0)
        rc = read_into(w, d, 0, type, H5S_ALL, H5S_ALL, 1);
    hsize_t step = row ? (READ_BYTES / row ? READ_BYTES / row : 1) : 1;
    for (hsize_t at = 0; rc == 0 && rank > 0 && at < dims[0]; at += step) {
        memcpy(count, dims, sizeof dims);
        off[0] = at;
        count[0] = dims[0] - at < step ? dims[0] - at : step;
        hid_t mspace = H5Screate_simple(rank, count, NULL);
        size_t n = 1;
        for (int i = 0; i < rank; i++)
            n *= (size_t)count[i];
        rc = mspace >= 0 && H5Sselect_hyperslab(fspace, H5S_SELECT_SET, off, NULL, count, NULL) >= 0
                 ? read_into(w, d, 0, type, mspace, fspace, n)
                 : -1;
        mu_h5_close_keep(H5Sclose, mspace);
    }
    mu_h5_close_keep(H5Tclose, type);
    mu_h5_close_keep(H5Tclose, ftype);
    mu_h5_close_keep(H5Sclose, fspace);
    return rc;
}

/* Whether name is the game scale or a per-game column of h: read (and
 * checked against the checkpoint) by check_rows, not by the walk. */
static int is_rows(const mu_h5out *h, const char *name)
{
    if (strcmp(name, "games/game") == 0)
        return 1;
    for (int c = 0; c < h->n_columns; c++)
        if (strcmp(name, mu_h5_relative(h->col[c].path)) == 0)
            return 1;
    return 0;
}

/* Whether name is one of the datasets h writes as the run goes. */
static int is_live(const mu_h5out *h, const char *name)
{
    if (is_rows(h, name) || strncmp(name, "checkpoint/slot", 15) == 0)
        return 1;
    for (int t = 0; t < h->n_tables; t++)
        if (strcmp(name, mu_h5_relative(h->tab[t].path)) == 0)
            return 1;
    return 0;
}

static herr_t visit(hid_t root, const char *name, const H5O_info_t *info, void *data)
{
    struct walk *w = data;
    w->at_root = strcmp(name, ".") == 0;
    if (w->live)
        w->sum = mix_bytes(mix(w->sum, (uint64_t)info->type), name, strlen(name));
    hid_t o = H5Oopen(root, name, H5P_DEFAULT);
    if (o < 0) {
        mu_h5_fail(w->msg, w->len, "damaged: cannot open '%s'", name);
        w->failed = 1;
        return -1;
    }
    hsize_t idx = 0;
    if (H5Aiterate2(o, H5_INDEX_NAME, H5_ITER_INC, &idx, read_attr, w) < 0 && !w->failed) {
        mu_h5_fail(w->msg, w->len, "damaged: cannot read the attributes of '%s'", name);
        w->failed = 1;
    }
    w->digest = w->live && !is_live(w->live, name);
    int rows = w->live && is_rows(w->live, name);
    if (!w->failed && info->type == H5O_TYPE_DATASET && !rows && read_dataset(o, w) < 0) {
        mu_h5_fail(w->msg, w->len, "damaged: cannot read dataset '%s'", name);
        w->failed = 1;
    }
    H5Oclose(o);
    return w->failed ? -1 : 0;
}

/* Reads every object, attribute and dataset of f; with live, digests what
 * never changes into *sum (see mu_h5_static_digest). */
static int walk_file(hid_t f, const mu_h5out *live, uint64_t *sum, char *msg, size_t len)
{
    hsize_t size = 0;
    if (H5Fget_filesize(f, &size) < 0)
        return mu_h5_fail(msg, len, "damaged: cannot tell its size");
    struct walk w = {.max_bytes = size * MAX_EXPANSION + MARGIN_BYTES, .live = live,
                     .sum = 0x73746174u, .msg = msg, .len = len};
    if (H5Ovisit2(f, H5_INDEX_NAME, H5_ITER_INC, visit, &w, H5O_INFO_BASIC) < 0 && !w.failed)
        mu_h5_fail(msg, len, "damaged: cannot walk its objects");
    else if (!w.failed) {
        if (sum)
            *sum = w.sum;
        return 0;
    }
    return -1;
}

int mu_h5_static_digest(const mu_h5out *h, uint64_t *sum, char *msg, size_t len)
{
    return walk_file(h->file, h, sum, msg, len);
}

/* Opens path into *f and reads every object, attribute and dataset of it
 * read-only; or (partial) opens it as the writer resumes it, for the
 * caller to read: read-write with its
 * end of allocation moved to the end of the file (a kill inside a flush
 * can leave chunks past it, see h5out.c), which changes only the
 * superblock in memory; the caller then detaches the file before closing
 * it, so that not a byte is written. */
static int read_whole_file(const char *path, int partial, hid_t *f, char *msg, size_t len)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return snprintf(msg, len, "cannot read: %s", strerror(errno)), -1;
    if (!S_ISREG(st.st_mode))
        return snprintf(msg, len, "cannot read: not a regular file"), -1;
    htri_t is_h5 = H5Fis_hdf5(path);
    if (is_h5 <= 0)
        return is_h5 == 0 ? snprintf(msg, len, "not an HDF5 file"), -1
                          : mu_h5_fail(msg, len, "cannot open");
    /* partial: no evictions, so no writes; else no file lock, so that a
     * file a run is writing can be read */
    hid_t fapl = partial ? mu_h5_file_access() : H5Pcreate(H5P_FILE_ACCESS);
#if H5_VERSION_GE(1, 10, 7)
    if (!partial)
        H5Pset_file_locking(fapl, 0, 1);
#endif
    *f = H5Fopen(path, partial ? H5F_ACC_RDWR : H5F_ACC_RDONLY, fapl);
    if (*f < 0)
        mu_h5_fail(msg, len, "cannot open");
    H5Pclose(fapl);
    if (*f < 0)
        return -1;
    if (partial && H5Fincrement_filesize(*f, 0) < 0)
        return mu_h5_fail(msg, len, "cannot extend the file's allocated space");
    return partial ? 0 : walk_file(*f, NULL, NULL, msg, len);
}

/* ---- the rows a checkpoint promises ------------------------------------------ */

/* Reads rows [0, games) of column c (c < 0: the game scale) in chunks and
 * checks them against the slot: the game scale holds first_game, first_game
 * + 1, ...; each
 * column's rows digest is the slot's. */
static int check_rows(mu_h5out *h, int c, uint64_t games, char *msg, size_t len)
{
    hid_t d = c < 0 ? h->game : h->col[c].dset;
    const char *name = c < 0 ? "games/game" : h->col[c].path;
    int rank = c < 0 ? 1 : h->col[c].rank;
    hsize_t width = c < 0 ? 1 : h->col[c].width;
    size_t row_bytes = (size_t)width * (c < 0 ? sizeof(uint64_t) : mu_dtype_size(h->col[c].type));
    hid_t mem = c < 0 ? H5T_NATIVE_UINT64 : mu_h5_mem_type(h->col[c].type);
    uint64_t step = READ_BYTES / row_bytes ? READ_BYTES / row_bytes : 1;
    unsigned char *buf = mu_xmalloc((size_t)(games < step ? (games ? games : 1) : step) * row_bytes);
    struct mu_h5_sum sum = mu_h5_sum_start(c);
    hid_t fspace = H5Dget_space(d);
    int rc = fspace >= 0 ? 0 : -1;
    for (uint64_t at = 0; rc == 0 && at < games; at += step) {
        hsize_t off[2] = {at, 0}, count[2] = {games - at < step ? games - at : step, width};
        hid_t mspace = H5Screate_simple(rank, count, NULL);
        rc = mspace >= 0 && H5Sselect_hyperslab(fspace, H5S_SELECT_SET, off, NULL, count, NULL) >= 0 &&
                     H5Dread(d, mem, mspace, fspace, H5P_DEFAULT, buf) >= 0
                 ? 0
                 : mu_h5_fail(msg, len, "cannot read %s", name);
        mu_h5_close_keep(H5Sclose, mspace);
        progress();
        for (uint64_t i = 0; rc == 0 && c < 0 && i < count[0]; i++) {
            uint64_t g;
            memcpy(&g, buf + i * sizeof g, sizeof g);
            if (g != h->prov.first_game + at + i)
                rc = (snprintf(msg, len, "games/game reads %" PRIu64 " at row %" PRIu64, g, at + i), -1);
        }
        if (rc == 0 && c >= 0)
            mu_h5_sum_add(&sum, buf, (size_t)count[0] * row_bytes);
    }
    mu_h5_close_keep(H5Sclose, fspace);
    free(buf);
    if (rc == 0 && c >= 0 && (sum.hash != h->sum_rows[c].hash || sum.tail != h->sum_rows[c].tail))
        rc = (snprintf(msg, len, "the rows of %s are not those its checkpoint recorded", name), -1);
    return rc;
}

/* Checks that the tables and games_complete of h's file are those of the
 * checkpoint just read (games, tables). */
static int check_tables(mu_h5out *h, uint64_t games, uint64_t *const *tables, char *msg, size_t len)
{
    uint64_t complete = 0;
    if (mu_h5_get_u64(h->file, "games_complete", &complete) < 0 || complete != games)
        return snprintf(msg, len, "games_complete is not the checkpoint's %" PRIu64, games), -1;
    for (int t = 0; t < h->n_tables; t++) {
        uint64_t *cells = mu_xcalloc(h->tab[t].cells, sizeof *cells);
        int same = H5Dread(h->tab[t].dset, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, cells) >= 0 &&
                   memcmp(cells, tables[t], h->tab[t].cells * sizeof *cells) == 0;
        free(cells);
        if (!same)
            return snprintf(msg, len, "%s is not the checkpoint's", h->tab[t].path), -1;
    }
    return 0;
}

/* Checks that both checkpoint slots of h's file hold expect. */
static int check_slots(mu_h5out *h, const uint64_t *expect, char *msg, size_t len)
{
    for (int s = 0; s < 2; s++)
        if (H5Dread(h->ckpt.dset[s], H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, h->ckpt.buf) < 0 ||
            memcmp(h->ckpt.buf, expect, h->ckpt.n * sizeof *expect) != 0)
            return snprintf(msg, len, "checkpoint/slot%d is not the run's last checkpoint", s), -1;
    return 0;
}

/* The whole check, in the calling process (the child of mu_h5_vet). */
static int vet(const char *path, const mu_layout *layout, const mu_provenance *prov,
               const uint64_t *expect, int rows, char *msg, size_t len)
{
    mu_h5out h;
    memset(&h, 0, sizeof h);
    h.file = h.game = h.ckpt.dset[0] = h.ckpt.dset[1] = H5I_INVALID_HID;
    h.per_game_rows = prov->per_game_rows != 0;
    h.prov = *prov;
    h.games_requested = prov->games_requested;
    uint64_t *tables[MU_LAYOUT_MAX_TABLES] = {0};
    int rc = read_whole_file(path, 1, &h.file, msg, len);
    if (rc == 0)
        rc = check_provenance(h.file, prov, msg, len);
    if (rc == 0)
        rc = mu_h5_reopen(&h, layout, msg, len) < 0 || mu_h5_ckpt_open(&h, msg, len) < 0 ? -1 : 0;
    for (int t = 0; rc == 0 && t < h.n_tables; t++)
        tables[t] = mu_xcalloc(h.tab[t].cells, sizeof *tables[t]);
    if (rc == 0)
        rc = mu_h5_ckpt_read(&h, &h.games_complete, tables, msg, len);
    uint64_t sum = 0;
    if (rc == 0)
        rc = mu_h5_static_digest(&h, &sum, msg, len);
    if (rc == 0 && sum != h.sum_static)
        rc = (snprintf(msg, len, "damaged: its attributes or axes are not those it was made with"), -1);
    if (rc == 0 && h.games_complete > h.games_requested)
        rc = (snprintf(msg, len, "its checkpoint holds %" PRIu64 " games, more than the %" PRIu64
                       " requested", h.games_complete, h.games_requested), -1);
    if (rc == 0)
        rc = mu_h5_check_rows(&h, msg, len);
    for (int c = -1; rc == 0 && rows && h.per_game_rows && c < h.n_columns; c++)
        rc = check_rows(&h, c, h.games_complete, msg, len);
    if (rc == 0 && expect) /* a finished file: both slots the writer's last checkpoint */
        rc = check_slots(&h, expect, msg, len);
    if (rc == 0 && expect)
        rc = check_tables(&h, h.games_complete, tables, msg, len);
    for (int t = 0; t < MU_LAYOUT_MAX_TABLES; t++)
        free(tables[t]);
    mu_h5_close_objects(&h);
    if (h.file >= 0) {
        mu_h5_detach(&h); /* the dirty superblock goes nowhere */
        H5Fclose(h.file);
    }
    return rc;
}

/* ---- in a child process ------------------------------------------------------ */

/* In a child process: vet (layout given) or read_whole_file (NULL); msg
 * gets its line, or why it died. */
int mu_h5_vet(const char *path, const mu_layout *layout, const mu_provenance *prov,
              const uint64_t *expect, int rows, char *msg, size_t len)
{
    int fds[2];
    if (pipe(fds) != 0)
        return snprintf(msg, len, "cannot check it: %s", strerror(errno)), -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]), close(fds[1]);
        return snprintf(msg, len, "cannot check it: %s", strerror(errno)), -1;
    }
    if (pid == 0) {
        close(fds[0]);
        /* its one line goes through the pipe; what else a crash prints
         * (a sanitizer's report in a test build) is no message for the user */
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, STDERR_FILENO);
        watchdog = WATCHDOG_SECONDS;
        alarm(watchdog);
        char line[512] = "";
        mu_h5_quiet();
        int rc = layout ? vet(path, layout, prov, expect, rows, line, sizeof line)
                        : read_whole_file(path, 0, &(hid_t){H5I_INVALID_HID}, line, sizeof line);
        if (rc != 0 && write(fds[1], line, strlen(line)) < 0)
            rc = 2;
        _exit(rc == 0 ? 0 : 1); /* no exit handlers: the parent's, not ours */
    }
    close(fds[1]);
    size_t got = 0;
    ssize_t n;
    while (got + 1 < len && (n = read(fds[0], msg + got, len - 1 - got)) != 0)
        if (n > 0)
            got += (size_t)n;
        else if (errno != EINTR)
            break;
    msg[got] = '\0';
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        snprintf(msg, len, "damaged: reading it made no progress for %u s", WATCHDOG_SECONDS);
    else if (WIFSIGNALED(status))
        snprintf(msg, len, "damaged: reading it crashed the HDF5 library (%s)", strsignal(WTERMSIG(status)));
    else if (got == 0) /* died without a word: a sanitizer build reporting a crash */
        snprintf(msg, len, "damaged: reading it crashed the HDF5 library (exit %d)", WEXITSTATUS(status));
    return -1;
}


int mu_h5out_check(const char *path, char *err, size_t err_len)
{
    char msg[512];
    if (mu_h5_vet(path, NULL, NULL, NULL, 0, msg, sizeof msg) != 0)
        return mu_h5_path_fail(path, err, err_len, "%s", msg);
    return 0;
}

int mu_h5out_vet_partial(const char *partial_path, const mu_layout *layout,
                         const mu_provenance *prov, int here, char *err, size_t err_len)
{
    char msg[512];
    mu_h5_quiet();
    int rc = here ? vet(partial_path, layout, prov, NULL, 1, msg, sizeof msg)
                  : mu_h5_vet(partial_path, layout, prov, NULL, 1, msg, sizeof msg);
    return rc == 0 ? 0 : mu_h5_path_fail(partial_path, err, err_len, "%s", msg);
}
