/* The checkpoint slots of the HDF5 results writer. Why two: a checkpoint
 * used to rewrite the tables and games_complete in place, and a kill
 * inside that flush could leave the tables of one batch beside the count
 * of another, which resume could only refuse. Now each checkpoint also
 * writes one of two slots, /checkpoint/slot0 and slot1, alternately: a
 * contiguous uint64 dataset [games, every table's cells, every column's
 * rows digest, the static digest, digest]. A kill
 * tears at most the slot being written (its digest no longer matches);
 * the other still holds the checkpoint before, and resume takes the
 * intact slot with more games. The slots' own metadata never changes
 * after creation (space allocated early), so no flush can tear it. The
 * rows digests let a reader check the per-game rows against what the
 * checkpoint promised (h5verify.c). */
#include "h5attr.h"
#include "h5objects.h"

#include "muster/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const SLOT_PATH[2] = {"checkpoint/slot0", "checkpoint/slot1"};

static uint64_t mix(uint64_t hash, uint64_t word)
{
    hash = (hash ^ word) * 0x9e3779b97f4a7c15u; /* a bijection of word */
    return hash ^ (hash >> 29);
}

struct mu_h5_sum mu_h5_sum_start(int c)
{
    return (struct mu_h5_sum){.hash = 0x6d75737465720000u + (uint64_t)c, .tail = 0};
}

void mu_h5_sum_add(struct mu_h5_sum *s, const void *bytes, size_t n)
{
    const unsigned char *p = bytes;
    unsigned k = (unsigned)(s->tail >> 56); /* bytes of the unfinished word */
    uint64_t word = s->tail & ((UINT64_C(1) << 56) - 1);
    for (; k > 0 && n > 0; n--) { /* finish it */
        word |= (uint64_t)*p++ << (8 * k);
        if (++k == 8)
            s->hash = mix(s->hash, word), word = 0, k = 0;
    }
    for (; n >= 8; n -= 8, p += 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        s->hash = mix(s->hash, w);
    }
    for (; n > 0; n--)
        word |= (uint64_t)*p++ << (8 * k++);
    s->tail = word | (uint64_t)k << 56;
}

/* FNV-1a over 64-bit words, with a shift to spread the high bits. */
uint64_t mu_h5_slot_digest(const uint64_t *words, size_t n)
{
    uint64_t d = 0xcbf29ce484222325u;
    for (size_t i = 0; i < n; i++) {
        d = (d ^ words[i]) * 0x100000001b3u;
        d ^= d >> 29;
    }
    return d;
}

/* games, the tables' cells, the columns' rows digests (two words each),
 * the static digest and the digest */
static size_t slot_length(const mu_h5out *h)
{
    size_t n = 3 + 2 * (size_t)h->n_columns;
    for (int t = 0; t < h->n_tables; t++)
        n += h->tab[t].cells;
    return n;
}

/* Where the rows digests start in a slot buffer. */
static uint64_t *slot_sums(const mu_h5out *h, uint64_t *buf)
{
    return buf + h->ckpt.n - 2 - 2 * (size_t)h->n_columns;
}

/* Points view[t] at table t's cells in a slot buffer. */
static void slot_view(const mu_h5out *h, uint64_t *buf, uint64_t **view)
{
    size_t at = 1;
    for (int t = 0; t < h->n_tables; t++) {
        view[t] = buf + at;
        at += h->tab[t].cells;
    }
}

int mu_h5_ckpt_make(mu_h5out *h, char *msg, size_t len)
{
    h->ckpt.n = slot_length(h);
    h->ckpt.buf = mu_xcalloc(h->ckpt.n, sizeof *h->ckpt.buf);
    hid_t gcpl = mu_h5_gcpl(); /* no timestamps, as every object of the file */
    hid_t g = gcpl >= 0 ? H5Gcreate2(h->file, "checkpoint", H5P_DEFAULT, gcpl, H5P_DEFAULT)
                        : H5I_INVALID_HID;
    if (gcpl >= 0)
        H5Pclose(gcpl);
    int rc = g >= 0 && mu_h5_set_str(g, "long_name", "the writer's copies of its last two "
                                     "checkpoints, [games, every table's cells, every column's "
                                     "rows digest, static digest, digest], for "
                                     "resuming; read /games and the tables instead") >= 0
                 ? 0
                 : -1;
    if (g >= 0)
        H5Gclose(g);
    hsize_t dims = h->ckpt.n;
    hid_t space = rc == 0 ? H5Screate_simple(1, &dims, NULL) : H5I_INVALID_HID;
    hid_t dcpl = mu_h5_dcpl();
    if (space < 0 || dcpl < 0 || H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY) < 0)
        rc = -1;
    for (int s = 0; s < 2 && rc == 0; s++) {
        h->ckpt.dset[s] = H5Dcreate2(h->file, SLOT_PATH[s], H5T_STD_U64LE, space, H5P_DEFAULT,
                                     dcpl, H5P_DEFAULT);
        /* like every numeric dataset of the file */
        if (h->ckpt.dset[s] < 0 || mu_h5_set_str(h->ckpt.dset[s], "units", "1") < 0 ||
            mu_h5_set_str(h->ckpt.dset[s], "long_name",
                          "checkpoint slot: [games, every table's cells, every column's rows "
                          "digest, static digest, digest], for resuming") < 0)
            rc = -1;
    }
    if (space >= 0)
        H5Sclose(space);
    if (dcpl >= 0)
        H5Pclose(dcpl);
    if (rc < 0)
        return mu_h5_fail(msg, len, "cannot make the checkpoint slots");
    /* both slots hold the empty run until the first checkpoint */
    h->ckpt.next = 0;
    for (int c = 0; c < h->n_columns; c++)
        h->sum_rows[c] = h->sum_sealed[c] = mu_h5_sum_start(c);
    if (mu_h5_static_digest(h, &h->sum_static, msg, len) < 0)
        return -1;
    if (mu_h5_ckpt_write(h, 0, NULL) < 0 || mu_h5_ckpt_write(h, 0, NULL) < 0)
        return mu_h5_fail(msg, len, "cannot write the checkpoint slots");
    return 0;
}

int mu_h5_ckpt_write(mu_h5out *h, uint64_t games, const uint64_t *const *tables)
{
    uint64_t *buf = h->ckpt.buf, *view[MU_LAYOUT_MAX_TABLES];
    slot_view(h, buf, view);
    buf[0] = games;
    for (int t = 0; t < h->n_tables; t++) {
        if (tables)
            memcpy(view[t], tables[t], h->tab[t].cells * sizeof *buf);
        else
            memset(view[t], 0, h->tab[t].cells * sizeof *buf);
    }
    for (int c = 0; c < h->n_columns; c++) {
        slot_sums(h, buf)[2 * c] = h->sum_rows[c].hash;
        slot_sums(h, buf)[2 * c + 1] = h->sum_rows[c].tail;
    }
    buf[h->ckpt.n - 2] = h->sum_static;
    buf[h->ckpt.n - 1] = mu_h5_slot_digest(buf, h->ckpt.n - 1);
    int s = h->ckpt.next;
    if (H5Dwrite(h->ckpt.dset[s], H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0)
        return -1;
    h->ckpt.next = 1 - s;
    return 0;
}

int mu_h5_ckpt_open(mu_h5out *h, char *msg, size_t len)
{
    h->ckpt.n = slot_length(h);
    h->ckpt.buf = mu_xcalloc(h->ckpt.n, sizeof *h->ckpt.buf);
    for (int s = 0; s < 2; s++) {
        hsize_t dims = 0;
        hid_t d = H5Lexists(h->file, SLOT_PATH[s], H5P_DEFAULT) > 0
                      ? H5Dopen2(h->file, SLOT_PATH[s], H5P_DEFAULT)
                      : H5I_INVALID_HID;
        hid_t space = d >= 0 ? H5Dget_space(d) : H5I_INVALID_HID;
        int ok = space >= 0 && H5Sget_simple_extent_ndims(space) == 1 &&
                 H5Sget_simple_extent_dims(space, &dims, NULL) == 1 && dims == h->ckpt.n;
        if (space >= 0)
            H5Sclose(space);
        h->ckpt.dset[s] = d;
        if (!ok) {
            H5Eclear2(H5E_DEFAULT);
            return snprintf(msg, len, "%s is missing or does not have the length this run "
                            "writes (%zu)", SLOT_PATH[s], h->ckpt.n), -1;
        }
    }
    return 0;
}

int mu_h5_ckpt_read(mu_h5out *h, uint64_t *games, uint64_t *const *tables, char *msg, size_t len)
{
    uint64_t *buf = h->ckpt.buf, *view[MU_LAYOUT_MAX_TABLES];
    slot_view(h, buf, view);
    int best = -1;
    for (int s = 0; s < 2; s++) {
        if (H5Dread(h->ckpt.dset[s], H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) < 0)
            return mu_h5_fail(msg, len, "cannot read %s", SLOT_PATH[s]);
        int intact = buf[h->ckpt.n - 1] == mu_h5_slot_digest(buf, h->ckpt.n - 1);
        if (!intact || (best >= 0 && buf[0] <= *games))
            continue;
        best = s;
        *games = buf[0];
        for (int t = 0; t < h->n_tables; t++)
            memcpy(tables[t], view[t], h->tab[t].cells * sizeof *buf);
        for (int c = 0; c < h->n_columns; c++) {
            h->sum_rows[c].hash = slot_sums(h, buf)[2 * c];
            h->sum_rows[c].tail = slot_sums(h, buf)[2 * c + 1];
            h->sum_sealed[c] = h->sum_rows[c];
        }
        h->sum_static = buf[h->ckpt.n - 2];
    }
    if (best < 0)
        return snprintf(msg, len, "neither checkpoint slot is intact (not a file this writer "
                        "made, or damaged); start the run again"), -1;
    h->ckpt.next = 1 - best;
    return 0;
}

void mu_h5_ckpt_close(mu_h5out *h)
{
    for (int s = 0; s < 2; s++) {
        if (h->ckpt.dset[s] >= 0)
            H5Dclose(h->ckpt.dset[s]);
        h->ckpt.dset[s] = H5I_INVALID_HID;
    }
    free(h->ckpt.buf);
    h->ckpt.buf = NULL;
}
