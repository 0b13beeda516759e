/* The per-game chunks the writer deflates itself (src/io/h5pack.c): each
 * is one zlib stream that inflates, with zlib, to the chunk's rows as
 * HDF5's shuffle filter lays them out (zeros past the last game);
 * incompressible rows still fit; small counts do shrink; and a chunk's
 * bytes depend on its rows only, not on how they were batched, on the
 * threads that packed them, or on whether they were exported and packed
 * elsewhere (as a team's members pack them). */
#include "sample_file.h"
#include "scratch_dir.h"

#include "muster/h5out.h"
#include "muster/layout.h"

#include <hdf5.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
#include <zlib.h>

#define CHUNK 65536u                /* rows per chunk: the widest row is 8 bytes */
#define GAMES (2u * CHUNK + 1234u)  /* two whole chunks and an unfinished one */
#define WIDTH 3                     /* the 2-D column's axis */

static char dir[64];

/* Columns, by what their bytes are like; the noise only in files made
 * with it (the others in every file). */
enum { UNIFORM_F64, COUNTS_U8, COUNTS_I16, CONSTANT_I32, NOISE_U8, N_COLUMNS };
#define N_COMMON NOISE_U8

static const char *const names[N_COLUMNS] = {"uniform", "counts", "counts_by_slot", "constant", "noise"};

static uint64_t mix(uint64_t x) /* splitmix64's finaliser */
{
    x += UINT64_C(0x9e3779b97f4a7c15);
    x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
    return x ^ (x >> 31);
}

/* Element j of column c at game g, as the bytes of its type (little-endian
 * host, as the writer requires) in out; returns the element size. */
static size_t value(int c, uint64_t g, int j, unsigned char *out)
{
    uint64_t r = mix(g * 8u + (uint64_t)j + ((uint64_t)c << 40));
    switch (c) {
    case NOISE_U8: out[0] = (unsigned char)r; return 1;
    case UNIFORM_F64: {
        double d = (double)(r >> 11) * 0x1p-53;
        memcpy(out, &d, 8);
        return 8;
    }
    case COUNTS_U8: out[0] = (unsigned char)__builtin_popcountll(r & 0x3f); return 1; /* 0-6, ~2.3 bits */
    case COUNTS_I16: {
        int16_t v = (int16_t)__builtin_popcountll(r & 0xff); /* 0-8: high bytes zero */
        memcpy(out, &v, 2);
        return 2;
    }
    default: {
        int32_t v = 5;
        memcpy(out, &v, 4);
        return 4;
    }
    }
}

static int width(int c)
{
    return c == COUNTS_I16 ? WIDTH : 1;
}

static void layout(mu_layout *l, int noise)
{
    static const mu_dtype types[N_COLUMNS] = {MU_F64, MU_U8, MU_I16, MU_I32, MU_U8};
    memset(l, 0, sizeof *l);
    l->axes[0] = (mu_axis){.group = "games", .name = "game", .units = "1", .long_name = "game index",
                           .length = (int)GAMES};
    l->axes[1] = (mu_axis){.group = "games", .name = "slot", .units = "1", .long_name = "slot",
                           .length = WIDTH};
    l->n_axes = 2;
    l->n_columns = noise ? N_COLUMNS : N_COMMON;
    for (int c = 0; c < l->n_columns; c++)
        l->columns[c] = (mu_column){.name = names[c], .type = types[c], .units = "1", .long_name = names[c],
                                    .axis = c == COUNTS_I16 ? 1 : -1};
}

/* Packs chunk i of b the way a team member other than the writer does:
 * exported, packed from the export alone (in a buffer of its own, the
 * batch's rows scribbled over meanwhile), imported. */
static void pack_exported(mu_h5batch *b, size_t i, unsigned char *const *cols, size_t n_cols, size_t col_bytes)
{
    uint32_t how = 0;
    size_t in_bytes = 0, cap = 0;
    uint64_t row = 0;
    mu_h5batch_part(b, i, &how, &in_bytes, &cap, &row);
    unsigned char *in = malloc(in_bytes + 1), *out = malloc(cap + 1);
    mu_h5batch_export(b, i, in);
    unsigned char *keep = malloc(n_cols * col_bytes + 1);
    for (size_t c = 0; c < n_cols; c++) { /* the packer has no rows but the export */
        memcpy(keep + c * col_bytes, cols[c], col_bytes);
        memset(cols[c], 0xa5, col_bytes);
    }
    size_t size = mu_h5_pack_part(how, in, in_bytes, out, cap);
    for (size_t c = 0; c < n_cols; c++)
        memcpy(cols[c], keep + c * col_bytes, col_bytes);
    assert_true(size > 0);
    assert_int_equal(mu_h5batch_import(b, i, out, size), 0);
    free(keep), free(in), free(out);
}

/* Writes games [0, GAMES) to dir/name in batches of batch games, each
 * packed by threads OpenMP threads the way the batch runner packs them
 * (exported and packed apart with exported); with noise, with the noise
 * column. */
static void write_file_as(const char *name, uint64_t batch, int threads, int noise, int exported)
{
    char path[128], err[512] = "";
    snprintf(path, sizeof path, "%s/%s", dir, name);
    mu_layout l;
    layout(&l, noise);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL;
    if (mu_h5out_create(path, 1, &l, &prov, &h, err, sizeof err) != 0)
        fail_msg("%s", err);
    unsigned char *cols[N_COLUMNS];
    for (int c = 0; c < l.n_columns; c++)
        cols[c] = malloc(WIDTH * 8 * batch); /* room for the widest row */
    for (uint64_t first = 0; first < GAMES; first += batch) {
        uint64_t n = GAMES - first < batch ? GAMES - first : batch;
        for (int c = 0; c < l.n_columns; c++)
            for (uint64_t i = 0, at = 0; i < n; i++)
                for (int j = 0; j < width(c); j++)
                    at += value(c, first + i, j, cols[c] + at);
        mu_h5batch *b = NULL;
        if (mu_h5out_batch_begin(h, first, n, (const void *const *)cols, &b, err, sizeof err) != 0)
            fail_msg("%s", err);
        int64_t chunks = (int64_t)mu_h5batch_chunks(b);
        if (exported)
            for (int64_t i = 0; i < chunks; i++)
                pack_exported(b, (size_t)i, cols, (size_t)l.n_columns, WIDTH * 8 * batch);
        else
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
            for (int64_t i = 0; i < chunks; i++)
                mu_h5batch_pack(b, (size_t)i);
        mu_h5batch_seal(b);
        if (mu_h5out_batch_write(h, b, err, sizeof err) != 0 ||
            mu_h5out_checkpoint(h, first + n, NULL, err, sizeof err) != 0)
            fail_msg("%s", err);
    }
    if (mu_h5out_finish(h, err, sizeof err) != 0)
        fail_msg("%s", err);
    for (int c = 0; c < l.n_columns; c++)
        free(cols[c]);
    mu_layout_free(&l);
}

static void write_file(const char *name, uint64_t batch, int threads, int noise)
{
    write_file_as(name, batch, threads, noise, 0);
}

static hid_t open_file(const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_true(f >= 0);
    return f;
}

/* Column c's chunk starting at row0 as the shuffle filter lays it out:
 * byte b of element i at b * CHUNK * width + i (zeros past GAMES), in a
 * malloc'd buffer of *bytes bytes. c < 0: the game scale. */
static unsigned char *shuffled_chunk(int c, uint64_t row0, size_t *bytes)
{
    size_t w = c < 0 ? 1 : (size_t)width(c), n = CHUNK * w;
    unsigned char one[8] = {0};
    size_t elt = c < 0 ? 8 : value(c, 0, 0, one);
    unsigned char *s = calloc(n, elt);
    for (uint64_t r = 0; r < CHUNK && row0 + r < GAMES; r++)
        for (size_t j = 0; j < w; j++) {
            uint64_t g = row0 + r;
            if (c < 0)
                memcpy(one, &g, 8);
            else
                value(c, g, (int)j, one);
            for (size_t b = 0; b < elt; b++)
                s[b * n + (size_t)r * w + j] = one[b];
        }
    *bytes = n * elt;
    return s;
}

/* Chunk row0 of dataset games/name in f, as stored (malloc'd, *size bytes);
 * checks that it is stored with every filter applied (mask 0). */
static unsigned char *stored_chunk(hid_t f, const char *name, uint64_t row0, hsize_t *size)
{
    char path[64];
    snprintf(path, sizeof path, "games/%s", name);
    hid_t d = H5Dopen2(f, path, H5P_DEFAULT);
    assert_true(d >= 0);
    hsize_t off[2] = {row0, 0};
    uint32_t mask = 99;
    assert_true(H5Dget_chunk_storage_size(d, off, size) >= 0);
    unsigned char *raw = malloc(*size + 1);
    assert_true(H5Dread_chunk(d, H5P_DEFAULT, off, &mask, raw) >= 0);
    assert_int_equal(mask, 0);
    H5Dclose(d);
    return raw;
}

static int setup(void **state)
{
    (void)state;
    if (scratch_dir_make(dir, sizeof dir, "h5pack") != 0)
        return -1;
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    write_file("serial.h5", 50000, 1, 0);  /* batches end inside chunks: chunks are packed again */
    write_file("threads.h5", CHUNK, 3, 0); /* whole chunks, packed by three threads */
    write_file_as("exported.h5", 50000, 1, 0, 1); /* packed apart, with the rows before each batch */
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return scratch_dir_remove(dir);
}

/* Checks that column c's chunk at row0 in f (c < 0: the game scale) is a
 * zlib stream that inflates, with zlib, to the chunk's shuffled rows. */
static void assert_chunk_inflates_to_its_rows(hid_t f, int c, uint64_t row0)
{
    const char *name = c < 0 ? "game" : names[c];
    size_t bytes;
    hsize_t size;
    unsigned char *want = shuffled_chunk(c, row0, &bytes), *raw = stored_chunk(f, name, row0, &size);
    unsigned char *got = malloc(bytes);
    uLongf len = (uLongf)bytes;
    assert_int_equal(raw[0] & 0x0f, Z_DEFLATED); /* a zlib stream of deflate data */
    assert_int_equal(uncompress(got, &len, raw, (uLong)size), Z_OK);
    assert_int_equal(len, bytes);
    if (memcmp(got, want, bytes) != 0)
        fail_msg("%s: chunk at row %llu differs from its shuffled rows", name, (unsigned long long)row0);
    free(want), free(raw), free(got);
}

static void test_pack_chunks_inflate_to_the_shuffled_rows(void **state)
{
    (void)state;
    hid_t f = open_file("serial.h5");
    for (int c = -1; c < N_COMMON; c++)
        for (uint64_t row0 = 0; row0 < GAMES; row0 += CHUNK)
            assert_chunk_inflates_to_its_rows(f, c, row0);
    H5Fclose(f);
}

static void test_pack_incompressible_rows_fit(void **state)
{
    (void)state;
    /* random bytes do not shrink: a chunk of them is stored, a little
     * larger than its rows, and is still written (the room the writer
     * plans per chunk is enough) */
    write_file("noise.h5", 50000, 2, 1);
    hid_t f = open_file("noise.h5");
    hsize_t size;
    free(stored_chunk(f, names[NOISE_U8], 0, &size));
    assert_true(size > CHUNK);
    assert_true(size < CHUNK + CHUNK / 100);
    for (uint64_t row0 = 0; row0 < GAMES; row0 += CHUNK)
        assert_chunk_inflates_to_its_rows(f, NOISE_U8, row0);
    H5Fclose(f);
}

static void test_pack_small_counts_shrink(void **state)
{
    (void)state;
    /* what the columns mostly hold: a few values a byte, long runs of
     * zeros in the high bytes, constants, the game scale */
    static const struct {
        int c;
        double most; /* of the raw bytes */
    } cases[] = {{COUNTS_U8, 0.45}, {COUNTS_I16, 0.25}, {CONSTANT_I32, 0.01}, {-1, 0.01}};
    hid_t f = open_file("serial.h5");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int c = cases[i].c;
        size_t bytes;
        hsize_t size;
        free(shuffled_chunk(c, 0, &bytes));
        free(stored_chunk(f, c < 0 ? "game" : names[c], 0, &size));
        if ((double)size > cases[i].most * (double)bytes)
            fail_msg("%s: a chunk of %zu bytes deflates to %llu", c < 0 ? "game" : names[c], bytes,
                     (unsigned long long)size);
    }
    H5Fclose(f);
}

/* Whether every chunk of files x and y is stored as the same bytes. */
static void assert_same_chunks(const char *x, const char *y)
{
    hid_t a = open_file(x), b = open_file(y);
    for (int c = -1; c < N_COMMON; c++)
        for (uint64_t row0 = 0; row0 < GAMES; row0 += CHUNK) {
            const char *name = c < 0 ? "game" : names[c];
            hsize_t na, nb;
            unsigned char *p = stored_chunk(a, name, row0, &na), *q = stored_chunk(b, name, row0, &nb);
            if (na != nb || memcmp(p, q, (size_t)na) != 0)
                fail_msg("%s: chunk at row %llu differs between batchings", name, (unsigned long long)row0);
            free(p), free(q);
        }
    H5Fclose(a), H5Fclose(b);
}

static void test_pack_same_rows_same_bytes(void **state)
{
    (void)state;
    assert_same_chunks("serial.h5", "threads.h5");
}

static void test_pack_exported_parts_same_bytes(void **state)
{
    (void)state;
    assert_same_chunks("serial.h5", "exported.h5");
}

static void test_pack_refuses_what_does_not_fit(void **state)
{
    (void)state;
    unsigned char in[64] = {0}, out[256];
    uint32_t how = 0;
    size_t in_bytes = 0, cap = 0;
    uint64_t row = 1;
    /* a game scale part as the writer describes it packs; cut short, or
     * with too little room, or an unknown transform, it does not */
    char path[128], err[512] = "";
    snprintf(path, sizeof path, "%s/refuse.h5", dir);
    mu_layout l;
    layout(&l, 0);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL;
    if (mu_h5out_create(path, 1, &l, &prov, &h, err, sizeof err) != 0)
        fail_msg("%s", err);
    unsigned char *cols[N_COLUMNS];
    for (int c = 0; c < l.n_columns; c++)
        cols[c] = calloc(4, WIDTH * 8);
    mu_h5batch *b = NULL;
    if (mu_h5out_batch_begin(h, 0, 4, (const void *const *)cols, &b, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_h5batch_part(b, 0, &how, &in_bytes, &cap, &row);
    assert_int_equal(in_bytes, 3 * sizeof(uint64_t)); /* first index, valid rows, rows */
    assert_int_equal(row, 0);
    mu_h5batch_export(b, 0, in);
    unsigned char *room = malloc(cap);
    assert_true(mu_h5_pack_part(how, in, in_bytes, room, cap) > 0);
    assert_int_equal(mu_h5_pack_part(how, in, in_bytes - 1, room, cap), 0);
    assert_int_equal(mu_h5_pack_part(how, in, in_bytes, room, cap - 1), 0);
    assert_int_equal(mu_h5_pack_part(how + 1000, in, in_bytes, out, sizeof out), 0);
    /* a part imported empty or beyond its room fails the batch's write */
    for (size_t i = 0; i < mu_h5batch_chunks(b); i++)
        mu_h5batch_pack(b, i);
    assert_int_equal(mu_h5batch_import(b, 0, room, cap + 1), -1);
    mu_h5batch_seal(b);
    assert_int_equal(mu_h5out_batch_write(h, b, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot deflate a chunk of games/game"));
    mu_h5out_close_partial(h);
    free(room);
    for (int c = 0; c < l.n_columns; c++)
        free(cols[c]);
    mu_layout_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pack_chunks_inflate_to_the_shuffled_rows),
        cmocka_unit_test(test_pack_incompressible_rows_fit),
        cmocka_unit_test(test_pack_small_counts_shrink),
        cmocka_unit_test(test_pack_same_rows_same_bytes),
        cmocka_unit_test(test_pack_exported_parts_same_bytes),
        cmocka_unit_test(test_pack_refuses_what_does_not_fit),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
