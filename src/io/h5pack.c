/* Per-game rows into pre-filtered chunks: the chunks of a batch are
 * shuffled and deflated with zlib by the caller's threads
 * (mu_h5batch_pack), then written by the writer's thread with
 * H5Dwrite_chunk and filter mask 0 ("every filter applied"), so that any
 * reader decodes them with HDF5's own shuffle and deflate filters. Why and
 * how it stays crash-safe: see the notes at the top of h5out.c. */
#define ZLIB_CONST /* next_in is const */
#include "muster/alloc.h"

#include "h5attr.h"
#include "h5objects.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "h5pack.c writes column bytes as they are in memory into little-endian datasets"
#endif

#define GAME_BYTES 8 /* a game index is a uint64 */

/* A raw deflate segment: non-final blocks ending byte-aligned (sync
 * flush), and the adler32 of what it decodes to. */
struct seg {
    unsigned char *data;
    size_t len;
    uLong adler;
};

/* The game scale's chunks, shuffled, are 8 byte planes of rows bytes. In a
 * whole chunk starting at game k * rows, plane p holds byte p of each game
 * index, so it is the same in every chunk when 256^(p+1) divides rows
 * ("fixed": planes 0 and 1 at 65536 rows) and a run of one byte value when
 * the chunk does not cross a multiple of 256^p ("constant": planes 2-7).
 * Those planes are deflated once, when a batch that needs them is begun,
 * and a chunk is spliced from them: a zlib stream is a header, deflate
 * blocks, a final block and the adler32 of the data, and sync-flushed
 * segments of separate streams concatenate into valid blocks. */
struct mu_h5segs {
    hsize_t rows;
    struct seg fixed[GAME_BYTES];
    struct seg constant[256];
};

struct chunk {
    int dset;          /* -1: the game scale, else a column index */
    hsize_t offset[2]; /* first row; first element along the axis */
    size_t at, cap;    /* where its bytes go in the arena, and their room */
    size_t size;       /* bytes packed; 0: not packed, or zlib failed */
};

struct mu_h5batch {
    mu_h5out *h;
    int busy, sealed;
    uint64_t first, n;
    const void *columns[MU_LAYOUT_MAX_COLUMNS];
    struct chunk *chunks;
    size_t n_chunks, cap_chunks;
    unsigned char *arena;
    size_t arena_cap;
};

enum plane_kind { PLANE_OTHER, PLANE_FIXED, PLANE_CONSTANT };

/* ---- geometry ------------------------------------------------------------ */

hsize_t mu_h5_chunk_width(const mu_layout *l, int c)
{
    const mu_column *col = &l->columns[c];
    size_t elt = mu_dtype_size(col->type);
    hsize_t width = col->axis >= 0 ? (hsize_t)l->axes[col->axis].length : 1;
    hsize_t cap = MU_H5_CHUNK_MAX / (elt ? elt : 1);
    return width < cap ? width : cap;
}

hsize_t mu_h5_chunk_rows(const mu_layout *l, uint64_t games_requested)
{
    size_t widest = GAME_BYTES; /* bytes of one row of a chunk */
    for (int c = 0; c < l->n_columns; c++) {
        size_t row = mu_dtype_size(l->columns[c].type) * (size_t)mu_h5_chunk_width(l, c);
        widest = row > widest ? row : widest;
    }
    hsize_t rows = l->games_per_chunk ? l->games_per_chunk : MU_H5_CHUNK_ROWS;
    while (rows > 1 && rows * widest > MU_H5_CHUNK_MAX)
        rows /= 2;
    if (rows > games_requested)
        rows = games_requested > 0 ? games_requested : 1;
    return rows;
}

/* Room for the deflated form of n bytes (zlib's bound is for one stream
 * at default settings; spliced game chunks add a few bytes a segment). */
static size_t bound(size_t n)
{
    return n + n / 8 + 1024;
}

/* ---- zlib ---------------------------------------------------------------- */

/* Deflates src (n bytes) into dst (cap bytes) with zlib at
 * MU_H5_DEFLATE_LEVEL: a zlib stream, or with raw a sync-flushed raw
 * segment (see struct seg). Returns the bytes written, or 0 when they do
 * not fit or zlib fails. */
static size_t zdeflate(unsigned char *dst, size_t cap, const unsigned char *src, size_t n, int raw)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, (int)MU_H5_DEFLATE_LEVEL, Z_DEFLATED, raw ? -15 : 15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return 0;
    z.next_in = src;
    z.avail_in = (uInt)n;
    z.next_out = dst;
    z.avail_out = (uInt)cap;
    int rc = deflate(&z, raw ? Z_SYNC_FLUSH : Z_FINISH);
    int done = raw ? rc == Z_OK && z.avail_in == 0 && z.avail_out > 0 : rc == Z_STREAM_END;
    size_t out = done ? cap - z.avail_out : 0;
    deflateEnd(&z);
    return out;
}

/* HDF5's shuffle filter: byte j of element i goes to j * n + i. */
static void shuffle(unsigned char *dst, const unsigned char *src, size_t n, size_t elt)
{
    for (size_t j = 0; j < elt; j++) {
        unsigned char *d = dst + j * n;
        const unsigned char *s = src + j;
        for (size_t i = 0; i < n; i++)
            d[i] = s[i * elt];
    }
}

/* ---- the game scale -------------------------------------------------------- */

/* What plane p of the whole game chunk starting at row0 is (see struct
 * mu_h5segs); *value gets a constant plane's byte. */
static enum plane_kind plane_kind(hsize_t rows, uint64_t row0, int p, unsigned *value)
{
    unsigned shift = 8u * (unsigned)p;
    if (p < GAME_BYTES - 1 && rows % ((uint64_t)1 << (shift + 8u)) == 0)
        return PLANE_FIXED;
    if ((row0 >> shift) == ((row0 + rows - 1) >> shift)) {
        *value = (unsigned)((row0 >> shift) & 255u);
        return PLANE_CONSTANT;
    }
    return PLANE_OTHER;
}

/* Plane p of game indices [row0, row0 + valid), zeros up to rows. */
static void game_plane(unsigned char *dst, hsize_t rows, uint64_t row0, uint64_t valid, int p)
{
    unsigned shift = 8u * (unsigned)p;
    for (uint64_t i = 0; i < valid; i++)
        dst[i] = (unsigned char)((row0 + i) >> shift);
    memset(dst + valid, 0, (size_t)(rows - valid));
}

/* Deflates a plane into s (aborts if zlib cannot: it always can). */
static void make_seg(struct seg *s, const unsigned char *plane, size_t n)
{
    size_t cap = bound(n);
    s->data = mu_xmalloc(cap);
    s->len = zdeflate(s->data, cap, plane, n, 1);
    if (s->len == 0) {
        fputs("muster: zlib cannot deflate a plane of the game scale\n", stderr);
        abort();
    }
    s->data = mu_xrealloc(s->data, s->len);
    s->adler = adler32(adler32(0L, Z_NULL, 0), plane, (uInt)n);
}

/* Deflates the fixed and constant planes whole game chunk row0 needs and
 * the cache lacks (on the writer's thread, before packing). */
static void cache_planes(struct mu_h5segs *s, uint64_t row0)
{
    unsigned char *plane = NULL;
    for (int p = 0; p < GAME_BYTES; p++) {
        unsigned v = 0;
        enum plane_kind kind = plane_kind(s->rows, row0, p, &v);
        struct seg *seg = kind == PLANE_FIXED ? &s->fixed[p] : kind == PLANE_CONSTANT ? &s->constant[v] : NULL;
        if (!seg || seg->data)
            continue;
        if (!plane)
            plane = mu_xmalloc((size_t)s->rows);
        if (kind == PLANE_FIXED)
            game_plane(plane, s->rows, 0, s->rows, p);
        else
            memset(plane, (int)v, (size_t)s->rows);
        make_seg(seg, plane, (size_t)s->rows);
    }
    free(plane);
}

static void free_segs(struct mu_h5segs *s)
{
    if (!s)
        return;
    for (int p = 0; p < GAME_BYTES; p++)
        free(s->fixed[p].data);
    for (int v = 0; v < 256; v++)
        free(s->constant[v].data);
    free(s);
}

/* Packs a chunk of the game scale into out. */
static size_t pack_game(const mu_h5batch *b, const struct chunk *c, unsigned char *out)
{
    const struct mu_h5segs *s = b->h->segs;
    hsize_t rows = s->rows;
    uint64_t row0 = c->offset[0], end = b->first + b->n, valid = end - row0 < rows ? end - row0 : rows;
    size_t n = (size_t)rows, size = 0;
    if (valid < rows) { /* the unfinished last chunk: one stream */
        unsigned char *planes = mu_xmalloc(GAME_BYTES * n);
        for (int p = 0; p < GAME_BYTES; p++)
            game_plane(planes + (size_t)p * n, rows, row0, valid, p);
        size = zdeflate(out, c->cap, planes, GAME_BYTES * n, 0);
        free(planes);
        return size;
    }
    unsigned char *plane = NULL;
    uLong adler = adler32(0L, Z_NULL, 0);
    size_t at = 0;
    out[at++] = 0x78, out[at++] = 0x01; /* deflate, 32 KiB window, fastest; (0x7801 % 31) == 0 */
    for (int p = 0; p < GAME_BYTES && at; p++) {
        unsigned v = 0;
        enum plane_kind kind = plane_kind(rows, row0, p, &v);
        const struct seg *seg = kind == PLANE_FIXED ? &s->fixed[p] : kind == PLANE_CONSTANT ? &s->constant[v] : NULL;
        if (seg && seg->data && seg->len <= c->cap - at) {
            memcpy(out + at, seg->data, seg->len);
            at += seg->len;
            adler = adler32_combine(adler, seg->adler, (z_off_t)n);
            continue;
        }
        if (!plane)
            plane = mu_xmalloc(n);
        game_plane(plane, rows, row0, rows, p);
        size_t len = zdeflate(out + at, c->cap - at, plane, n, 1);
        at = len ? at + len : 0;
        adler = adler32_combine(adler, adler32(adler32(0L, Z_NULL, 0), plane, (uInt)n), (z_off_t)n);
    }
    free(plane);
    if (at == 0 || c->cap - at < 6)
        return 0;
    out[at++] = 0x03, out[at++] = 0x00; /* a final, empty block with fixed codes */
    for (int i = 3; i >= 0; i--)
        out[at++] = (unsigned char)(adler >> (8 * i)); /* big-endian */
    return at;
}

/* ---- columns ----------------------------------------------------------------- */

/* Packs a chunk of a column into out: its rows from the column's tail (the
 * unfinished chunk's earlier rows) and from the batch, zeros past the last
 * row and the axis' end, shuffled, deflated. Integer columns (small
 * counts) go through mu_h5_deflate_plain, a block per byte plane; float
 * columns through zlib at MU_H5_DEFLATE_LEVEL, whose string matching
 * suits them better. */
static size_t pack_column(const mu_h5batch *b, const struct chunk *c, unsigned char *out)
{
    const struct mu_h5col *col = &b->h->col[c->dset];
    size_t elt = mu_dtype_size(col->type);
    hsize_t rows = col->chunk[0], cw = col->chunk[1], width = col->width, col0 = c->offset[1];
    uint64_t row0 = c->offset[0], first = b->first, end = first + b->n;
    uint64_t valid = end - row0 < rows ? end - row0 : rows;
    size_t row_bytes = (size_t)width * elt, chunk_row = (size_t)cw * elt, bytes = (size_t)rows * chunk_row;
    size_t part = (size_t)(width - col0 < cw ? width - col0 : cw) * elt;
    const unsigned char *batch = b->columns[c->dset];
    if (elt == 1 && cw == width && row0 >= first && valid == rows) /* in place */
        return mu_h5_deflate_plain(out, c->cap, batch + (size_t)(row0 - first) * row_bytes, bytes, bytes);
    unsigned char *buf = mu_xcalloc(1, bytes);
    for (uint64_t r = row0; r < row0 + valid;) {
        const unsigned char *src = r < first ? col->tail + (size_t)(r - row0) * row_bytes
                                             : batch + (size_t)(r - first) * row_bytes;
        uint64_t stop = r < first && first < row0 + valid ? first : row0 + valid;
        unsigned char *dst = buf + (size_t)(r - row0) * chunk_row;
        if (cw == width)
            memcpy(dst, src, (size_t)(stop - r) * row_bytes);
        else
            for (uint64_t i = 0; i < stop - r; i++)
                memcpy(dst + (size_t)i * chunk_row, src + (size_t)i * row_bytes + (size_t)col0 * elt, part);
        r = stop;
    }
    unsigned char *in = buf, *shuffled = NULL;
    if (elt > 1) {
        in = shuffled = mu_xmalloc(bytes);
        shuffle(shuffled, buf, bytes / elt, elt);
    }
    size_t size = col->type == MU_F64 ? zdeflate(out, c->cap, in, bytes, 0)
                                      : mu_h5_deflate_plain(out, c->cap, in, bytes, bytes / elt);
    free(shuffled);
    free(buf);
    return size;
}

/* ---- batches --------------------------------------------------------------- */

static void add_chunk(mu_h5batch *b, int dset, uint64_t row, hsize_t col0, size_t raw_bytes)
{
    if (b->n_chunks == b->cap_chunks) {
        b->cap_chunks = b->cap_chunks ? 2 * b->cap_chunks : 64;
        b->chunks = mu_xrealloc(b->chunks, b->cap_chunks * sizeof *b->chunks);
    }
    b->chunks[b->n_chunks++] = (struct chunk){.dset = dset, .offset = {row, col0}, .cap = bound(raw_bytes)};
}

/* Adds the chunks of dataset dset that hold rows of b. */
static void plan(mu_h5batch *b, int dset, hsize_t rows, hsize_t width, hsize_t cw, size_t elt)
{
    uint64_t end = b->first + b->n;
    for (uint64_t r = b->first / rows * rows; r < end; r += rows)
        for (hsize_t j = 0; j < width; j += cw)
            add_chunk(b, dset, r, j, (size_t)(rows * cw) * elt);
}

uint64_t mu_h5out_chunk_games(const mu_h5out *h)
{
    if (!h->per_game_rows)
        return 0;
    uint64_t l = h->game_chunk;
    for (int c = 0; c < h->n_columns; c++) { /* all alike in files this writer made */
        uint64_t a = l, m = h->col[c].chunk[0];
        while (m) {
            uint64_t t = a % m;
            a = m, m = t;
        }
        l = l / a * h->col[c].chunk[0];
    }
    return l;
}

int mu_h5out_batch_begin(mu_h5out *h, uint64_t first_game, uint64_t n, const void *const *columns,
                         mu_h5batch **out, char *err, size_t err_len)
{
    const char *path = h->partial_path;
    if (!h->per_game_rows)
        return mu_h5_path_fail(path, err, err_len, "the file has no per-game rows");
    if (h->broken)
        return mu_h5_path_fail(path, err, err_len, "rows of a sealed batch were dropped; no more rows can be added");
    if (first_game != h->planned)
        return mu_h5_path_fail(path, err, err_len, "rows start at game %" PRIu64 " but %" PRIu64 " rows are written",
                    first_game, h->planned);
    if (n > h->games_requested - first_game)
        return mu_h5_path_fail(path, err, err_len, "%" PRIu64 " rows from game %" PRIu64 " go beyond the %" PRIu64
                    " games requested", n, first_game, h->games_requested);
    if (h->unsealed)
        return mu_h5_path_fail(path, err, err_len, "the previous batch of rows is not sealed");
    int s = !h->slot[0] || !h->slot[0]->busy ? 0 : !h->slot[1] || !h->slot[1]->busy ? 1 : -1;
    if (s < 0)
        return mu_h5_path_fail(path, err, err_len, "two batches of rows are already on their way");
    if (!h->slot[s]) {
        h->slot[s] = mu_xcalloc(1, sizeof *h->slot[s]);
        h->slot[s]->h = h;
    }
    mu_h5batch *b = h->slot[s];
    b->first = first_game, b->n = n, b->n_chunks = 0, b->sealed = 0;
    for (int c = 0; c < h->n_columns; c++)
        b->columns[c] = columns[c];
    if (n > 0) {
        plan(b, -1, h->game_chunk, 1, 1, GAME_BYTES);
        for (int c = 0; c < h->n_columns; c++)
            plan(b, c, h->col[c].chunk[0], h->col[c].width, h->col[c].chunk[1], mu_dtype_size(h->col[c].type));
    }
    size_t need = 0;
    for (size_t i = 0; i < b->n_chunks; i++) {
        struct chunk *c = &b->chunks[i];
        c->at = need;
        need += c->cap;
        if (c->dset < 0 && first_game + n - c->offset[0] >= h->game_chunk)
            cache_planes(h->segs, c->offset[0]);
    }
    if (need > b->arena_cap) {
        free(b->arena);
        b->arena = mu_xmalloc(need);
        b->arena_cap = need;
    }
    b->busy = 1;
    h->planned = first_game + n;
    h->unsealed = 1;
    *out = b;
    return 0;
}

size_t mu_h5batch_chunks(const mu_h5batch *b)
{
    return b->n_chunks;
}

void mu_h5batch_pack(mu_h5batch *b, size_t i)
{
    struct chunk *c = &b->chunks[i];
    unsigned char *out = b->arena + c->at;
    c->size = c->dset < 0 ? pack_game(b, c, out) : pack_column(b, c, out);
}

void mu_h5batch_seal(mu_h5batch *b)
{
    mu_h5out *h = b->h;
    uint64_t first = b->first, end = first + b->n;
    for (int c = 0; b->n > 0 && c < h->n_columns; c++) {
        struct mu_h5col *col = &h->col[c];
        size_t row_bytes = (size_t)col->width * mu_dtype_size(col->type);
        uint64_t start = end / col->chunk[0] * col->chunk[0], from = start > first ? start : first;
        if (start < end) /* rows [start, first) are in the tail already */
            memcpy(col->tail + (size_t)(from - start) * row_bytes,
                   (const unsigned char *)b->columns[c] + (size_t)(from - first) * row_bytes,
                   (size_t)(end - from) * row_bytes);
    }
    memset(b->columns, 0, sizeof b->columns);
    b->sealed = 1;
    h->unsealed = 0;
}

int mu_h5out_batch_write(mu_h5out *h, mu_h5batch *b, char *err, size_t err_len)
{
    char msg[400];
    const char *path = h->partial_path;
    int rc = 0;
    uint64_t end = b->first + b->n;
    if (!b->sealed)
        rc = mu_h5_path_fail(path, err, err_len, "a batch of rows is written before it is sealed");
    else if (b->first != h->rows)
        rc = mu_h5_path_fail(path, err, err_len, "rows start at game %" PRIu64 " but %" PRIu64 " rows are written",
                  b->first, h->rows);
    else if (b->n > 0 && mu_h5_set_rows(h, end, msg, sizeof msg) < 0)
        rc = mu_h5_path_fail(path, err, err_len, "%s", msg);
    for (size_t i = 0; rc == 0 && i < b->n_chunks; i++) {
        const struct chunk *c = &b->chunks[i];
        hid_t d = c->dset < 0 ? h->game : h->col[c->dset].dset;
        const char *name = c->dset < 0 ? "games/game" : h->col[c->dset].path;
        if (c->size == 0)
            rc = mu_h5_path_fail(path, err, err_len, "cannot deflate a chunk of %s", name);
        else if (H5Dwrite_chunk(d, H5P_DEFAULT, 0, c->offset, c->size, b->arena + c->at) < 0)
            rc = mu_h5_path_fail(path, err, err_len, "cannot write %s: %s", name, mu_h5_reason(msg, sizeof msg));
    }
    if (rc == 0)
        h->rows = end;
    b->busy = 0;
    return rc;
}

void mu_h5out_batch_drop(mu_h5out *h, mu_h5batch *b)
{
    if (!b || !b->busy)
        return;
    if (!b->sealed && b->first + b->n == h->planned) {
        h->planned = b->first;
        h->unsealed = 0;
    } else {
        h->broken = 1;
    }
    b->busy = 0;
}

int mu_h5out_append_rows(mu_h5out *h, uint64_t first_game, uint64_t n, const void *const *columns,
                         char *err, size_t err_len)
{
    if (!h->per_game_rows)
        return 0; /* no /games columns in this file */
    mu_h5batch *b = NULL;
    if (mu_h5out_batch_begin(h, first_game, n, columns, &b, err, err_len) < 0)
        return -1;
    for (size_t i = 0; i < b->n_chunks; i++)
        mu_h5batch_pack(b, i);
    mu_h5batch_seal(b);
    return mu_h5out_batch_write(h, b, err, err_len);
}

/* ---- opening and closing ----------------------------------------------------- */

/* Reads dataset d's chunk shape into chunk (rank 1 or 2) and checks that
 * its filters are shuffle then deflate. */
static int chunked_as_written(hid_t d, int rank, hsize_t *chunk, const char *path, char *msg, size_t len)
{
    hid_t p = H5Dget_create_plist(d);
    int ok = p >= 0 && H5Pget_layout(p) == H5D_CHUNKED && H5Pget_chunk(p, rank, chunk) == rank &&
             H5Pget_nfilters(p) == 2 &&
             H5Pget_filter2(p, 0, NULL, NULL, NULL, 0, NULL, NULL) == H5Z_FILTER_SHUFFLE &&
             H5Pget_filter2(p, 1, NULL, NULL, NULL, 0, NULL, NULL) == H5Z_FILTER_DEFLATE;
    if (p >= 0)
        H5Pclose(p);
    H5Eclear2(H5E_DEFAULT);
    if (!ok)
        return snprintf(msg, len, "%s is not chunked with shuffle and deflate as this writer makes it",
                        path), -1;
    return 0;
}

/* Reads rows [start, h->rows) of column c into its tail. */
static int read_tail(mu_h5out *h, int c, uint64_t start, char *msg, size_t len)
{
    struct mu_h5col *col = &h->col[c];
    hsize_t off[2] = {start, 0}, count[2] = {h->rows - start, col->width};
    hid_t fspace = H5Dget_space(col->dset), mspace = H5Screate_simple(col->rank, count, NULL);
    herr_t rc = -1;
    if (fspace >= 0 && mspace >= 0 &&
        H5Sselect_hyperslab(fspace, H5S_SELECT_SET, off, NULL, count, NULL) >= 0)
        rc = H5Dread(col->dset, mu_h5_mem_type(col->type), mspace, fspace, H5P_DEFAULT, col->tail);
    mu_h5_close_keep(H5Sclose, fspace);
    mu_h5_close_keep(H5Sclose, mspace);
    return rc < 0 ? mu_h5_fail(msg, len, "cannot read %s", col->path) : 0;
}

int mu_h5_pack_open(mu_h5out *h, char *msg, size_t len)
{
    h->planned = h->rows;
    h->unsealed = h->broken = 0;
    if (!h->per_game_rows)
        return 0;
    if (chunked_as_written(h->game, 1, &h->game_chunk, "games/game", msg, len) < 0)
        return -1;
    h->segs = mu_xcalloc(1, sizeof *h->segs);
    h->segs->rows = h->game_chunk;
    for (int c = 0; c < h->n_columns; c++) {
        struct mu_h5col *col = &h->col[c];
        col->chunk[1] = 1;
        if (chunked_as_written(col->dset, col->rank, col->chunk, col->path, msg, len) < 0)
            return -1;
        if (col->chunk[1] == 0 || col->chunk[1] > col->width)
            return snprintf(msg, len, "%s has chunks wider than its axis", col->path), -1;
        col->tail = mu_xcalloc((size_t)col->chunk[0], (size_t)col->width * mu_dtype_size(col->type));
        uint64_t start = h->rows / col->chunk[0] * col->chunk[0];
        if (start < h->rows && read_tail(h, c, start, msg, len) < 0)
            return -1;
    }
    return 0;
}

void mu_h5_pack_close(mu_h5out *h)
{
    for (int c = 0; c < h->n_columns; c++) {
        free(h->col[c].tail);
        h->col[c].tail = NULL;
    }
    free_segs(h->segs);
    h->segs = NULL;
    for (int s = 0; s < 2; s++) {
        if (h->slot[s]) {
            free(h->slot[s]->chunks);
            free(h->slot[s]->arena);
            free(h->slot[s]);
        }
        h->slot[s] = NULL;
    }
}
