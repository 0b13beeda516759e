/* Per-game rows into pre-filtered chunks: the chunks of a batch are
 * shuffled and deflated with libdeflate by the caller's threads
 * (mu_h5batch_pack), then written by the writer's thread with
 * H5Dwrite_chunk and filter mask 0 ("every filter applied"), so that any
 * reader decodes them with HDF5's own shuffle and deflate filters. Why and
 * how it stays crash-safe: see the notes at the top of h5out.c. */
#include "muster/alloc.h"

#include "h5attr.h"
#include "h5objects.h"

#include <inttypes.h>
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "h5pack.c writes column bytes as they are in memory into little-endian datasets"
#endif

#define GAME_BYTES 8 /* a game index is a uint64 */

/* libdeflate levels (bench/README.md, "Deflating the per-game rows"):
 * columns at 1, the fastest; the game scale (long runs and repeats, where
 * level 1's matcher is the slowest of all) at LEVEL_GAME_SCALE. */
#define LEVEL_COLUMNS 1
#define LEVEL_GAME_SCALE 6

struct chunk {
    int dset;          /* -1: the game scale, else a column index */
    hsize_t offset[2]; /* first row; first element along the axis */
    size_t at, cap;    /* where its bytes go in the arena, and their room */
    size_t size;       /* bytes packed; 0: not packed, or deflate failed */
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
    struct mu_h5_sum sum[MU_LAYOUT_MAX_COLUMNS]; /* rows digests up to the batch's end */
};

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

/* ---- deflate ------------------------------------------------------------- */

/* Room for the deflated form of n bytes: libdeflate's bound for any
 * compressor, so deflating never runs out of room. */
static size_t bound(size_t n)
{
    return libdeflate_zlib_compress_bound(NULL, n);
}

/* Deflates src (n bytes) into dst (cap bytes) as one zlib stream with a
 * libdeflate compressor of its own at level (libdeflate's compressors
 * must not be shared by threads; one costs a few microseconds, a chunk
 * a few hundred). Deterministic. Returns the stream's size, or 0 when it
 * does not fit in cap (bound(n) always does). */
static size_t deflate_chunk(unsigned char *dst, size_t cap, const unsigned char *src, size_t n, int level)
{
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(level);
    if (!z)
        mu_out_of_memory(); /* the level is valid: only memory can lack */
    size_t size = libdeflate_zlib_compress(z, src, n, dst, cap);
    libdeflate_free_compressor(z);
    return size;
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

/* ---- a chunk's input and its transform ------------------------------------ */

/* How a chunk is packed (mu_h5_pack_part's how): the game scale from a
 * description of its indices, or a column's rows of elements of 1 to 8
 * bytes (HOW_COLUMN + the size), shuffled, deflated. */
enum { HOW_GAME = 1, HOW_COLUMN = 16 };

/* The input of a game scale chunk: its first game index, its valid rows
 * and its rows (zeros past the valid ones). */
enum { GAME_FIRST, GAME_VALID, GAME_ROWS, GAME_WORDS };

/* Packs a chunk of the game scale into out (cap bytes): game indices
 * first + [0, valid), zeros up to rows, written straight as the shuffle
 * filter's 8 byte planes (plane p holds byte p of each index), deflated. */
static size_t pack_game(uint64_t first, uint64_t valid, uint64_t rows, unsigned char *out, size_t cap)
{
    size_t n = (size_t)rows;
    unsigned char *planes = mu_xcalloc(GAME_BYTES, n);
    for (int p = 0; p < GAME_BYTES; p++) {
        unsigned shift = 8u * (unsigned)p;
        unsigned char *plane = planes + (size_t)p * n;
        for (uint64_t i = 0; i < valid; i++)
            plane[i] = (unsigned char)((first + i) >> shift);
    }
    size_t size = deflate_chunk(out, cap, planes, GAME_BYTES * n, LEVEL_GAME_SCALE);
    free(planes);
    return size;
}

/* Shuffles (elements of elt bytes) and deflates the n bytes of a column
 * chunk's rows into out (cap bytes). */
static size_t pack_rows(const unsigned char *in, size_t n, size_t elt, unsigned char *out, size_t cap)
{
    if (elt == 1)
        return deflate_chunk(out, cap, in, n, LEVEL_COLUMNS);
    unsigned char *shuffled = mu_xmalloc(n);
    shuffle(shuffled, in, n / elt, elt);
    size_t size = deflate_chunk(out, cap, shuffled, n, LEVEL_COLUMNS);
    free(shuffled);
    return size;
}

size_t mu_h5_pack_part(uint32_t how, const void *in, size_t n, void *out, size_t cap)
{
    if (how == HOW_GAME) {
        uint64_t w[GAME_WORDS];
        if (n != sizeof w)
            return 0;
        memcpy(w, in, sizeof w);
        if (w[GAME_VALID] > w[GAME_ROWS] || w[GAME_ROWS] > MU_H5_CHUNK_MAX / GAME_BYTES ||
            cap < bound(GAME_BYTES * (size_t)w[GAME_ROWS]))
            return 0;
        return pack_game(w[GAME_FIRST], w[GAME_VALID], w[GAME_ROWS], out, cap);
    }
    size_t elt = how - HOW_COLUMN;
    if (how <= HOW_COLUMN || elt > 8 || n % elt != 0 || cap < bound(n))
        return 0;
    return pack_rows(in, n, elt, out, cap);
}

/* The game scale chunk c's description (GAME_WORDS words). */
static void game_input(const mu_h5batch *b, const struct chunk *c, uint64_t *w)
{
    hsize_t rows = b->h->game_chunk;
    uint64_t row0 = c->offset[0], end = b->first + b->n;
    w[GAME_FIRST] = b->h->prov.first_game + row0; /* row 0 is a shard's first game */
    w[GAME_VALID] = end - row0 < rows ? end - row0 : rows;
    w[GAME_ROWS] = rows;
}

/* The bytes of column chunk c before shuffling: rows chunk[0] x width
 * chunk[1] elements. */
static size_t column_input_bytes(const mu_h5batch *b, const struct chunk *c)
{
    const struct mu_h5col *col = &b->h->col[c->dset];
    return (size_t)(col->chunk[0] * col->chunk[1]) * mu_dtype_size(col->type);
}

/* Whether column chunk c's input is a run of the batch's rows as they are
 * (bytes, whole rows, all inside the batch): then *at is where. */
static int column_in_place(const mu_h5batch *b, const struct chunk *c, const unsigned char **at)
{
    const struct mu_h5col *col = &b->h->col[c->dset];
    uint64_t row0 = c->offset[0], end = b->first + b->n;
    if (mu_dtype_size(col->type) != 1 || col->chunk[1] != col->width || row0 < b->first ||
        end - row0 < col->chunk[0])
        return 0;
    *at = (const unsigned char *)b->columns[c->dset] + (size_t)(row0 - b->first) * (size_t)col->width;
    return 1;
}

/* Writes column chunk c's input into buf (column_input_bytes): its rows
 * from the column's tail (the unfinished chunk's earlier rows) and from
 * the batch, zeros past the last row and the axis' end. */
static void column_input(const mu_h5batch *b, const struct chunk *c, unsigned char *buf)
{
    const struct mu_h5col *col = &b->h->col[c->dset];
    size_t elt = mu_dtype_size(col->type);
    hsize_t rows = col->chunk[0], cw = col->chunk[1], width = col->width, col0 = c->offset[1];
    uint64_t row0 = c->offset[0], first = b->first, end = first + b->n;
    uint64_t valid = end - row0 < rows ? end - row0 : rows;
    size_t row_bytes = (size_t)width * elt, chunk_row = (size_t)cw * elt;
    size_t part = (size_t)(width - col0 < cw ? width - col0 : cw) * elt;
    const unsigned char *batch = b->columns[c->dset];
    memset(buf, 0, column_input_bytes(b, c));
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
}

/* Packs column chunk c into out: its input (column_input, or the batch's
 * rows themselves when they are it), shuffled, deflated. */
static size_t pack_column(const mu_h5batch *b, const struct chunk *c, unsigned char *out)
{
    size_t elt = mu_dtype_size(b->h->col[c->dset].type), bytes = column_input_bytes(b, c);
    const unsigned char *at = NULL;
    if (column_in_place(b, c, &at))
        return pack_rows(at, bytes, elt, out, c->cap);
    unsigned char *buf = mu_xmalloc(bytes);
    column_input(b, c, buf);
    size_t size = pack_rows(buf, bytes, elt, out, c->cap);
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
        b->chunks[i].at = need;
        need += b->chunks[i].cap;
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
    if (c->dset < 0) {
        uint64_t w[GAME_WORDS];
        game_input(b, c, w);
        c->size = pack_game(w[GAME_FIRST], w[GAME_VALID], w[GAME_ROWS], out, c->cap);
    } else {
        c->size = pack_column(b, c, out);
    }
}

void mu_h5batch_part(const mu_h5batch *b, size_t i, uint32_t *how, size_t *in_bytes, size_t *cap,
                     uint64_t *row)
{
    const struct chunk *c = &b->chunks[i];
    *cap = c->cap;
    *row = c->offset[0];
    if (c->dset < 0) {
        *how = HOW_GAME;
        *in_bytes = GAME_WORDS * sizeof(uint64_t);
    } else {
        *how = HOW_COLUMN + (uint32_t)mu_dtype_size(b->h->col[c->dset].type);
        *in_bytes = column_input_bytes(b, c);
    }
}

void mu_h5batch_export(const mu_h5batch *b, size_t i, void *in)
{
    const struct chunk *c = &b->chunks[i];
    const unsigned char *at = NULL;
    if (c->dset < 0) {
        uint64_t w[GAME_WORDS];
        game_input(b, c, w);
        memcpy(in, w, sizeof w);
    } else if (column_in_place(b, c, &at)) {
        memcpy(in, at, column_input_bytes(b, c));
    } else {
        column_input(b, c, in);
    }
}

int mu_h5batch_import(mu_h5batch *b, size_t i, const void *packed, size_t size)
{
    struct chunk *c = &b->chunks[i];
    if (size == 0 || size > c->cap) {
        c->size = 0; /* the write refuses it */
        return -1;
    }
    memcpy(b->arena + c->at, packed, size);
    c->size = size;
    return 0;
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
        mu_h5_sum_add(&h->sum_sealed[c], b->columns[c], (size_t)b->n * row_bytes);
        b->sum[c] = h->sum_sealed[c];
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
    if (rc == 0 && b->n > 0) {
        h->rows = end;
        memcpy(h->sum_rows, b->sum, (size_t)h->n_columns * sizeof *b->sum);
    }
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
    for (int s = 0; s < 2; s++) {
        if (h->slot[s]) {
            free(h->slot[s]->chunks);
            free(h->slot[s]->arena);
            free(h->slot[s]);
        }
        h->slot[s] = NULL;
    }
}
