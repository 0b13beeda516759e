/* The HDF5 results writer (muster/h5out.h): files read back with the HDF5
 * API, pre-filtered chunks decoded by hand, batches packed by several
 * threads, resume after an interruption and after SIGKILL, refusals. */
#include "sample_file.h"
#include "scratch_dir.h"

#include "muster/buildinfo.h"

#include <fcntl.h>
#include <hdf5.h>
#include <hdf5_hl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
#include <omp.h>
#include <zlib.h>

#define GAMES 100003u /* > one chunk (65536 rows) */
#define BATCH 40000u  /* not a multiple of the chunk rows: chunks are extended */
#define CHUNK 65536u  /* rows per chunk of every /games dataset of the sample */
#define EPOCH "1700000000"
#define EPOCH_UTC "2023-11-14T22:13:20Z"

static char dir[64];

/* dir/name, interned: the same stable pointer for every call with name. */
static const char *in_dir(const char *name)
{
    static char paths[64][256];
    static int n;
    char want[256];
    snprintf(want, sizeof want, "%s/%s", dir, name);
    for (int i = 0; i < n; i++)
        if (strcmp(paths[i], want) == 0)
            return paths[i];
    assert_true(n < 64);
    memcpy(paths[n], want, sizeof want);
    return paths[n++];
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The bytes of path (malloc'd, *n bytes). */
static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f);
    rewind(f);
    char *b = malloc(*n ? *n : 1);
    assert_int_equal(fread(b, 1, *n, f), *n);
    fclose(f);
    return b;
}

static int same_bytes(const char *a, const char *b)
{
    size_t na, nb;
    char *x = slurp(a, &na), *y = slurp(b, &nb);
    int same = na == nb && memcmp(x, y, na) == 0;
    free(x), free(y);
    return same;
}

/* Whether a and b hold the same bytes but for the times in the superblock
 * extension's object header (bytes 48-107 of these files, "OHDR" at 48):
 * HDF5 creates it with timestamps whatever the property lists say, so two
 * files written in different seconds differ there. */
static int same_bytes_but_times(const char *a, const char *b)
{
    size_t na, nb;
    char *x = slurp(a, &na), *y = slurp(b, &nb);
    int same = na == nb && na > 108 && memcmp(x, y, 48) == 0 && memcmp(x + 48, "OHDR", 4) == 0 &&
               memcmp(y + 48, "OHDR", 4) == 0 && memcmp(x + 108, y + 108, na - 108) == 0;
    free(x), free(y);
    return same;
}

static void copy_file(const char *from, const char *to)
{
    size_t n;
    char *b = slurp(from, &n);
    FILE *f = fopen(to, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n, f), n);
    fclose(f);
    free(b);
}

static int setup(void **state)
{
    (void)state;
    if (scratch_dir_make(dir, sizeof dir, "h5out") != 0)
        return -1;
    setenv("SOURCE_DATE_EPOCH", EPOCH, 1);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return scratch_dir_remove(dir);
}

/* ---- reading back ------------------------------------------------------ */

/* A root or dataset string attribute, checked to be scalar VL UTF-8. */
static char *str_attr(hid_t obj, const char *name)
{
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    assert_true(a >= 0);
    hid_t t = H5Aget_type(a), s = H5Aget_space(a);
    assert_int_equal(H5Tget_class(t), H5T_STRING);
    assert_true(H5Tis_variable_str(t) > 0);
    assert_int_equal(H5Tget_cset(t), H5T_CSET_UTF8);
    assert_int_equal(H5Sget_simple_extent_type(s), H5S_SCALAR);
    char *v = NULL;
    assert_true(H5Aread(a, t, &v) >= 0);
    char *copy = strdup(v);
    H5free_memory(v);
    H5Tclose(t), H5Sclose(s), H5Aclose(a);
    return copy;
}

static void assert_str_attr(hid_t obj, const char *name, const char *want)
{
    char *v = str_attr(obj, name);
    assert_string_equal(v, want);
    free(v);
}

static uint64_t u64_attr(hid_t obj, const char *name)
{
    uint64_t v = 0;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    assert_true(a >= 0);
    assert_true(H5Aread(a, H5T_NATIVE_UINT64, &v) >= 0);
    H5Aclose(a);
    return v;
}

static herr_t scale_name(hid_t d, unsigned dim, hid_t scale, void *name)
{
    (void)d, (void)dim;
    return H5DSget_scale_name(scale, name, 64) > 0 ? 1 : -1;
}

/* Checks units/long_name and the names of the scales on each dimension. */
static void assert_dataset(hid_t f, const char *path, const char *units, const char *long_name,
                           int rank, const char *const *dims)
{
    hid_t d = H5Dopen2(f, path, H5P_DEFAULT);
    assert_true(d >= 0);
    assert_str_attr(d, "units", units);
    assert_str_attr(d, "long_name", long_name);
    hid_t s = H5Dget_space(d);
    assert_int_equal(H5Sget_simple_extent_ndims(s), rank);
    H5Sclose(s);
    for (int i = 0; i < rank; i++) {
        char name[64] = "";
        if (H5DSis_scale(d) > 0) {
            H5DSget_scale_name(d, name, sizeof name);
        } else {
            assert_int_equal(H5DSget_num_scales(d, (unsigned)i), 1);
            assert_int_equal(H5DSiterate_scales(d, (unsigned)i, NULL, scale_name, name), 1);
        }
        assert_string_equal(name, dims[i]);
    }
    H5Dclose(d);
}

/* Reads all of a dataset as doubles; *n gets the element count. */
static double *read_doubles(hid_t f, const char *path, size_t *n)
{
    hid_t d = H5Dopen2(f, path, H5P_DEFAULT);
    assert_true(d >= 0);
    hid_t s = H5Dget_space(d);
    *n = (size_t)H5Sget_simple_extent_npoints(s);
    double *v = malloc((*n ? *n : 1) * sizeof *v);
    assert_true(H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) >= 0);
    H5Sclose(s), H5Dclose(d);
    return v;
}

static void assert_columns(hid_t f, uint64_t games)
{
    static const char *const paths[] = {"games/turns", "games/margin", "games/score", "games/orders_by_turn"};
    for (int c = 0; c < N_SAMPLE_COLUMNS; c++) {
        size_t n;
        double *v = read_doubles(f, paths[c], &n);
        int width = c == COL_ORDERS_BY_TURN ? SAMPLE_TURNS : 1;
        assert_int_equal(n, games * (uint64_t)width);
        for (size_t i = 0; i < n; i++) {
            double want = sample_value(c, i / (size_t)width, (int)(i % (size_t)width));
            if (v[i] != want)
                fail_msg("%s[%zu] = %g, want %g", paths[c], i, v[i], want);
        }
        free(v);
    }
    size_t n;
    double *g = read_doubles(f, "games/game", &n);
    assert_int_equal(n, games);
    for (size_t i = 0; i < n; i++)
        assert_true(g[i] == (double)i);
    free(g);
}

static void assert_tables(hid_t f, uint64_t games)
{
    static const char *const paths[] = {"orders/attempts", "orders/by_character"};
    static const size_t cells[] = {4 * 3, 3 * 4 * 3};
    for (int t = 0; t < N_SAMPLE_TABLES; t++) {
        hid_t d = H5Dopen2(f, paths[t], H5P_DEFAULT);
        uint64_t v[36];
        hid_t type = H5Dget_type(d);
        assert_true(H5Tequal(type, H5T_STD_U64LE) > 0);
        H5Tclose(type);
        assert_true(H5Dread(d, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) >= 0);
        for (size_t i = 0; i < cells[t]; i++)
            assert_int_equal(v[i], sample_cell(t, i, games));
        H5Dclose(d);
    }
}

static void assert_provenance(hid_t f, uint64_t games, uint64_t complete, const char *status, int rows)
{
    mu_provenance p = sample_prov(games, rows);
    assert_str_attr(f, "tool_version", mu_tool_version);
    assert_str_attr(f, "git_commit", mu_git_commit);
    assert_str_attr(f, "ruleset", "sample");
    assert_int_equal(u64_attr(f, "seed"), SAMPLE_SEED);
    assert_int_equal(u64_attr(f, "games_requested"), games);
    assert_int_equal(u64_attr(f, "games_complete"), complete);
    assert_str_attr(f, "status", status);
    assert_int_equal(u64_attr(f, "threads"), 3);
    assert_int_equal(u64_attr(f, "per_game_rows"), rows);
    assert_str_attr(f, "created", EPOCH_UTC);
    assert_str_attr(f, "experiment", p.experiment_text);
    assert_str_attr(f, "experiment_path", p.experiment_path);
}

/* Shuffle + deflate and a chunk of at most 1 MiB on dataset path. */
static void assert_packed(hid_t f, const char *path)
{
    hid_t d = H5Dopen2(f, path, H5P_DEFAULT), p = H5Dget_create_plist(d), t = H5Dget_type(d);
    hsize_t chunk[2] = {1, 1};
    int rank = H5Pget_chunk(p, 2, chunk);
    assert_true(rank >= 1);
    assert_true(chunk[0] * chunk[1] * H5Tget_size(t) <= 1024 * 1024);
    assert_int_equal(H5Pget_nfilters(p), 2);
    assert_int_equal(H5Pget_filter2(p, 0, NULL, NULL, NULL, 0, NULL, NULL), H5Z_FILTER_SHUFFLE);
    assert_int_equal(H5Pget_filter2(p, 1, NULL, NULL, NULL, 0, NULL, NULL), H5Z_FILTER_DEFLATE);
    H5Tclose(t), H5Pclose(p), H5Dclose(d);
}

static void assert_untimed(hid_t f, const char *path)
{
    H5O_info_t info;
    assert_true(H5Oget_info_by_name2(f, path, &info, H5O_INFO_TIME, H5P_DEFAULT) >= 0);
    assert_int_equal(info.ctime, 0);
    assert_int_equal(info.mtime, 0);
}

static void assert_axes(hid_t f)
{
    static const char *const game[] = {"game"}, *const turn[] = {"turn"}, *const chr[] = {"character"},
                             *const cmd[] = {"command"}, *const order[] = {"order_number"};
    assert_dataset(f, "games/game", "1", "game index", 1, game);
    assert_dataset(f, "games/turn", "1", "turn number", 1, turn);
    assert_dataset(f, "orders/character", "1", "character (as listed)", 1, chr);
    assert_dataset(f, "orders/command", "1", "character's Command value", 1, cmd);
    assert_dataset(f, "orders/order_number", "1", "order number for the unit this turn", 1, order);
    size_t n;
    double *v = read_doubles(f, "orders/command", &n);
    assert_int_equal(n, 4);
    assert_true(v[0] == SAMPLE_FIRST_COMMAND && v[3] == SAMPLE_FIRST_COMMAND + 3);
    free(v);
    hid_t d = H5Dopen2(f, "orders/character", H5P_DEFAULT), t = H5Dget_type(d);
    char *labels[3];
    assert_true(H5Tis_variable_str(t) > 0);
    assert_true(H5Dread(d, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, labels) >= 0);
    assert_string_equal(labels[0], "Général");
    assert_string_equal(labels[2], "Wizard");
    for (int i = 0; i < 3; i++)
        H5free_memory(labels[i]);
    H5Tclose(t), H5Dclose(d);
}

static void assert_layout(hid_t f)
{
    static const char *const g[] = {"game"}, *const gt[] = {"game", "turn"},
                             *const co[] = {"command", "order_number"},
                             *const cco[] = {"character", "command", "order_number"};
    assert_dataset(f, "games/turns", "1", "turns played", 1, g);
    assert_dataset(f, "games/margin", "cm", "closest approach margin", 1, g);
    assert_dataset(f, "games/score", "1", "victory points", 1, g);
    assert_dataset(f, "games/orders_by_turn", "1", "orders given per turn", 2, gt);
    assert_dataset(f, "orders/attempts", "1", "order rolls made", 2, co);
    assert_dataset(f, "orders/by_character", "1", "orders given by character", 3, cco);
    assert_axes(f);
}

/* ---- tests --------------------------------------------------------------- */

static void test_h5_three_batches_read_back(void **state)
{
    (void)state;
    char err[512] = "";
    const char *out = in_dir("three.h5");
    if (sample_write(out, GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_false(exists(in_dir("three.h5.partial")));
    hid_t f = H5Fopen(out, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_true(f >= 0);
    assert_provenance(f, GAMES, GAMES, "complete", 1);
    assert_layout(f);
    assert_columns(f, GAMES);
    assert_tables(f, GAMES);
    assert_packed(f, "games/game");
    assert_packed(f, "games/turns");
    assert_packed(f, "games/margin");
    assert_packed(f, "games/orders_by_turn");
    assert_untimed(f, "/");
    assert_untimed(f, "games");
    assert_untimed(f, "games/turns");
    assert_untimed(f, "orders/attempts");
    H5Fclose(f);
}

static void test_h5_rows_off_has_empty_game_axis_and_tables(void **state)
{
    (void)state;
    char err[512] = "";
    const char *out = in_dir("norows.h5");
    if (sample_write(out, GAMES, BATCH, 0, err, sizeof err) != 0)
        fail_msg("%s", err);
    hid_t f = H5Fopen(out, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_provenance(f, GAMES, GAMES, "complete", 0);
    hid_t g = H5Gopen2(f, "games", H5P_DEFAULT);
    H5G_info_t info;
    H5Gget_info(g, &info);
    assert_int_equal(info.nlinks, 2); /* the game and turn axes only */
    H5Gclose(g);
    size_t n;
    free(read_doubles(f, "games/game", &n));
    assert_int_equal(n, 0);
    assert_tables(f, GAMES);
    H5Fclose(f);
}

/* Writes GAMES games: two checkpointed batches, a third batch without a
 * checkpoint, then close_partial; returns the partial path. */
static const char *interrupted(const char *name)
{
    char err[512] = "";
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL;
    if (mu_h5out_create(in_dir(name), 0, &l, &prov, &h, err, sizeof err) != 0 ||
        sample_batch(h, &l, 0, BATCH, 1, err, sizeof err) != 0 ||
        sample_batch(h, &l, BATCH, BATCH, 1, err, sizeof err) != 0 ||
        sample_batch(h, &l, 2 * BATCH, 5000, 0, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_h5out_close_partial(h);
    mu_layout_free(&l);
    char partial[128];
    snprintf(partial, sizeof partial, "%s.partial", name);
    return in_dir(partial);
}

/* Changes the first table cell held in checkpoint slot path of file, as a
 * kill in the middle of writing that slot would. */
static void tear(const char *file, const char *path)
{
    hid_t f = H5Fopen(file, H5F_ACC_RDWR, H5P_DEFAULT), d = H5Dopen2(f, path, H5P_DEFAULT);
    hid_t space = H5Dget_space(d);
    hsize_t at = 1, one = 1;
    uint64_t junk = 12345;
    hid_t mem = H5Screate_simple(1, &one, NULL);
    assert_true(H5Sselect_elements(space, H5S_SELECT_SET, 1, &at) >= 0);
    assert_true(H5Dwrite(d, H5T_NATIVE_UINT64, mem, space, H5P_DEFAULT, &junk) >= 0);
    H5Sclose(mem), H5Sclose(space), H5Dclose(d), H5Fclose(f);
}

/* Resumes partial, checks what was restored, and finishes the run in
 * batches of batch games. */
static void resume_and_finish_by(const char *partial, uint64_t want_complete, uint64_t batch)
{
    char err[512] = "";
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, 1);
    uint64_t t0[12], t1[36], *tables[] = {t0, t1}, complete = 0;
    mu_h5out *h = NULL;
    if (mu_h5out_resume(partial, &l, &prov, &h, &complete, tables, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(complete, want_complete);
    for (size_t i = 0; i < 12; i++)
        assert_int_equal(t0[i], sample_cell(TAB_ATTEMPTS, i, want_complete));
    for (size_t i = 0; i < 36; i++)
        assert_int_equal(t1[i], sample_cell(TAB_BY_CHARACTER, i, want_complete));
    for (uint64_t first = complete; first < GAMES; first += batch) {
        uint64_t n = GAMES - first < batch ? GAMES - first : batch;
        if (sample_batch(h, &l, first, n, 1, err, sizeof err) != 0)
            fail_msg("%s", err);
    }
    if (mu_h5out_finish(h, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_layout_free(&l);
}

static void resume_and_finish(const char *partial, uint64_t want_complete)
{
    resume_and_finish_by(partial, want_complete, BATCH);
}

static void assert_h5diff_same(const char *a, const char *b)
{
#ifdef MU_H5DIFF
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' -q '%s' '%s'", MU_H5DIFF, a, b);
    int st = system(cmd);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0);
#endif
    (void)a, (void)b;
}

static void test_h5_resume_drops_rows_past_the_checkpoint(void **state)
{
    (void)state;
    char err[512] = "";
    const char *ref = in_dir("ref.h5");
    if (sample_write(ref, GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    const char *partial = interrupted("resumed.h5");
    hid_t f = H5Fopen(partial, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_provenance(f, GAMES, 2 * BATCH, "partial", 1);
    H5Fclose(f);
    resume_and_finish(partial, 2 * BATCH);
    assert_false(exists(partial));
    f = H5Fopen(in_dir("resumed.h5"), H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_columns(f, GAMES);
    assert_tables(f, GAMES);
    H5Fclose(f);
    assert_h5diff_same(ref, in_dir("resumed.h5"));
}

/* Writes two checkpointed batches of batch games and appends a third of
 * extra games without a checkpoint in a child process, SIGKILLs it, then
 * resumes and finishes in batches of batch: the same data as ref. */
static void kill_and_resume(const char *ref, const char *out, uint64_t batch, uint64_t extra)
{
    char err[512] = "";
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        mu_layout l;
        sample_layout(&l, GAMES);
        mu_provenance prov = sample_prov(GAMES, 1);
        mu_h5out *h = NULL;
        if (mu_h5out_create(out, 0, &l, &prov, &h, err, sizeof err) == 0 &&
            sample_batch(h, &l, 0, batch, 1, err, sizeof err) == 0 &&
            sample_batch(h, &l, batch, batch, 1, err, sizeof err) == 0 &&
            sample_batch(h, &l, 2 * batch, extra, 0, err, sizeof err) == 0)
            raise(SIGKILL); /* with a batch appended but not checkpointed */
        _exit(1);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    char partial[256];
    snprintf(partial, sizeof partial, "%s.partial", out);
    resume_and_finish_by(partial, 2 * batch, batch);
    hid_t f = H5Fopen(out, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_columns(f, GAMES);
    assert_tables(f, GAMES);
    H5Fclose(f);
    assert_h5diff_same(ref, out);
}

static void test_h5_resume_after_sigkill(void **state)
{
    (void)state;
    char err[512] = "";
    const char *ref = in_dir("ref-kill.h5");
    if (sample_write(ref, GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    /* checkpoints inside a chunk: resume reads the chunk's rows back */
    kill_and_resume(ref, in_dir("killed.h5"), BATCH, 15000);
    /* the last checkpoint on a chunk boundary: resume starts a new chunk */
    kill_and_resume(ref, in_dir("killed-aligned.h5"), CHUNK / 2, 30000);
}

static void test_h5_resume_when_chunks_lie_past_the_allocation(void **state)
{
    (void)state;
    /* A kill inside a flush can leave the chunk index on disk newer than
     * the superblock: nodes pointing to chunks past its end of allocation
     * (seen with `muster run`). Built here from two stages of one run: the
     * file after its third checkpoint, with the superblock (bytes 0-47)
     * of the file after its second. */
    char err[512] = "";
    const char *ref = in_dir("ref-eoa.h5"), *out = in_dir("eoa.h5"), *early = in_dir("eoa-early.h5");
    char partial[256];
    snprintf(partial, sizeof partial, "%s.partial", out);
    if (sample_write(ref, GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL;
    if (mu_h5out_create(out, 0, &l, &prov, &h, err, sizeof err) != 0 ||
        sample_batch(h, &l, 0, BATCH, 1, err, sizeof err) != 0 ||
        sample_batch(h, &l, BATCH, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    copy_file(partial, early);
    if (sample_batch(h, &l, 2 * BATCH, 15000, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    size_t n_early, n_late;
    char *a = slurp(early, &n_early), *b = slurp(partial, &n_late);
    assert_true(n_late > n_early);
    memcpy(b, a, 48); /* the older superblock: a smaller end of allocation */
    FILE *f = fopen(in_dir("torn.bin"), "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n_late, f), n_late);
    fclose(f);
    free(a), free(b);
    mu_h5out_close_partial(h); /* closing it rewrites its superblock: copy after */
    copy_file(in_dir("torn.bin"), partial);
    mu_layout_free(&l);
    resume_and_finish(partial, 2 * BATCH + 15000);
    assert_h5diff_same(ref, out);
}

/* Resumes partial with prov and expects a refusal with exactly want. */
static void assert_refused(const char *partial, mu_provenance prov, const char *want)
{
    char err[512] = "", expected[512];
    mu_layout l;
    sample_layout(&l, GAMES);
    uint64_t t0[12], t1[36], *tables[] = {t0, t1}, complete = 99;
    mu_h5out *h = NULL;
    assert_int_equal(mu_h5out_resume(partial, &l, &prov, &h, &complete, tables, err, sizeof err), -1);
    assert_null(h);
    snprintf(expected, sizeof expected, "%s: error: %s", partial, want);
    assert_string_equal(err, expected);
    mu_layout_free(&l);
}

static void test_h5_resume_refuses_a_different_run(void **state)
{
    (void)state;
    const char *partial = interrupted("other.h5");
    char *before;
    size_t n_before, n_after;
    before = slurp(partial, &n_before);
    mu_provenance p = sample_prov(GAMES, 1);
    p.seed = 7;
    assert_refused(partial, p, "seed 8 differs from the run's seed 7");
    p = sample_prov(GAMES, 1), p.ruleset = "warmaster";
    assert_refused(partial, p, "ruleset 'sample' differs from the run's ruleset 'warmaster'");
    p = sample_prov(GAMES + 1, 1);
    assert_refused(partial, p, "games_requested 100003 differs from the run's games_requested 100004");
    p = sample_prov(GAMES, 0);
    assert_refused(partial, p, "per_game_rows 1 differs from the run's per_game_rows 0");
    p = sample_prov(GAMES, 1), p.experiment_text = "seed: 9\n";
    assert_refused(partial, p,
                   "experiment text differs from the run's experiment file experiments/sample.yaml");
    char *after = slurp(partial, &n_after);
    assert_true(n_before == n_after && memcmp(before, after, n_before) == 0); /* untouched */
    free(before), free(after);

    char err[512];
    const char *done = in_dir("done.h5");
    if (sample_write(done, GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_refused(done, sample_prov(GAMES, 1), "not a .partial file");
    const char *both = interrupted("both.h5");
    copy_file(done, in_dir("both.h5")); /* OUT appeared after the interruption */
    char err2[512] = "", want2[512];
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance p2 = sample_prov(GAMES, 1);
    uint64_t t0[12], t1[36], *tables[] = {t0, t1}, complete;
    mu_h5out *h = NULL;
    assert_int_equal(mu_h5out_resume(both, &l, &p2, &h, &complete, tables, err2, sizeof err2), -1);
    snprintf(want2, sizeof want2, "%s: error: already exists; resuming would replace it (move it away)",
             in_dir("both.h5"));
    assert_string_equal(err2, want2);
    mu_layout_free(&l);
    FILE *junk = fopen(in_dir("junk.h5.partial"), "w");
    fputs("not HDF5\n", junk);
    fclose(junk);
    assert_refused(in_dir("junk.h5.partial"), sample_prov(GAMES, 1), "not an HDF5 file");

    /* both checkpoint slots torn: nothing to resume from */
    const char *torn = interrupted("torn.h5");
    tear(torn, "checkpoint/slot0");
    tear(torn, "checkpoint/slot1");
    assert_refused(torn, sample_prov(GAMES, 1),
                   "neither checkpoint slot is intact (not a file this writer made, or damaged); "
                   "start the run again");
}

/* A kill in finish between close and rename leaves a complete file under
 * OUT.partial: resume plays nothing and finishes it. */
static void test_h5_resume_finishes_a_file_killed_while_finishing(void **state)
{
    (void)state;
    char err[512];
    const char *done = in_dir("done2.h5");
    if (sample_write(done, GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    copy_file(done, in_dir("finished.h5.partial"));
    resume_and_finish(in_dir("finished.h5.partial"), GAMES);
    assert_false(exists(in_dir("finished.h5.partial")));
    assert_h5diff_same(done, in_dir("finished.h5"));
}

/* A kill inside the second checkpoint's flush: its slot (slot1, the
 * checkpoints alternate from slot0) half written, the tables and
 * games_complete already the new ones. Resume goes back to the first
 * checkpoint, in slot0, and finishes to the same data as an unbroken run. */
static void test_h5_resume_survives_a_torn_checkpoint(void **state)
{
    (void)state;
    char err[512] = "";
    const char *ref = in_dir("ref_torn.h5");
    if (sample_write(ref, GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    const char *partial = interrupted("half.h5");
    tear(partial, "checkpoint/slot1");
    hid_t f = H5Fopen(partial, H5F_ACC_RDWR, H5P_DEFAULT), d = H5Dopen2(f, "orders/attempts", H5P_DEFAULT);
    uint64_t cells[12] = {1};
    assert_true(H5Dwrite(d, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, cells) >= 0);
    H5Dclose(d), H5Fclose(f);
    resume_and_finish(partial, BATCH);
    assert_h5diff_same(ref, in_dir("half.h5"));
}

/* finish reads the finished file back against the last checkpoint: a
 * table that differs from it (here changed behind the writer's back) is
 * not published; the file stays partial. */
static void test_h5_finish_refuses_a_file_unlike_its_checkpoint(void **state)
{
    (void)state;
    char err[512] = "";
    const char *out = in_dir("unlike.h5");
    mu_layout l;
    sample_layout(&l, 10);
    mu_provenance prov = sample_prov(10, 1);
    mu_h5out *h = NULL;
    assert_int_equal(mu_h5out_create(out, 0, &l, &prov, &h, err, sizeof err), 0);
    assert_int_equal(sample_batch(h, &l, 0, 10, 1, err, sizeof err), 0);
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS); /* the writer's close degree: */
    H5Pset_fclose_degree(fapl, H5F_CLOSE_STRONG); /* the same open file */
    hid_t f = H5Fopen(in_dir("unlike.h5.partial"), H5F_ACC_RDWR, fapl);
    hid_t d = H5Dopen2(f, "orders/attempts", H5P_DEFAULT);
    uint64_t cells[12] = {7};
    H5Pclose(fapl);
    assert_true(H5Dwrite(d, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, cells) >= 0);
    H5Dclose(d), H5Fclose(f);
    assert_int_equal(mu_h5out_finish(h, err, sizeof err), -1);
    assert_non_null(strstr(err, "does not read back as written (orders/attempts is not the checkpoint's)"));
    assert_false(exists(out));
    assert_true(exists(in_dir("unlike.h5.partial")));
    mu_layout_free(&l);
}

static void test_h5_create_refuses_an_existing_output(void **state)
{
    (void)state;
    char err[512] = "", want[512];
    const char *out = in_dir("exists.h5");
    if (sample_write(out, 10, 10, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL;
    assert_int_equal(mu_h5out_create(out, 0, &l, &prov, &h, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: error: already exists (not overwriting it)", out);
    assert_string_equal(err, want);
    assert_false(exists(in_dir("exists.h5.partial")));

    copy_file(out, in_dir("old.h5"));
    assert_int_equal(mu_h5out_create(out, 1, &l, &prov, &h, err, sizeof err), 0);
    assert_true(same_bytes(out, in_dir("old.h5"))); /* replaced only by finish */
    mu_h5out_close_partial(h);
    mu_layout_free(&l);
    if (sample_write(out, 20, 10, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_false(same_bytes(out, in_dir("old.h5")));

    /* an OUT that appears during a run is not replaced by finish */
    const char *late = in_dir("late.h5");
    sample_layout(&l, 10);
    prov = sample_prov(10, 1);
    assert_int_equal(mu_h5out_create(late, 0, &l, &prov, &h, err, sizeof err), 0);
    assert_int_equal(sample_batch(h, &l, 0, 10, 1, err, sizeof err), 0);
    copy_file(in_dir("old.h5"), late);
    assert_int_equal(mu_h5out_finish(h, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: error: appeared during the run; not replacing it (the results "
             "stay in %s.partial)", late, late);
    assert_string_equal(err, want);
    assert_true(same_bytes(late, in_dir("old.h5")));
    assert_true(exists(in_dir("late.h5.partial")));
    mu_layout_free(&l);
}

static void test_h5_create_replaces_a_stale_partial(void **state)
{
    (void)state;
    char err[512] = "";
    FILE *f = fopen(in_dir("stale.h5.partial"), "w");
    fputs("left by a crash\n", f);
    fclose(f);
    if (sample_write(in_dir("stale.h5"), 100, 30, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_false(exists(in_dir("stale.h5.partial")));
}

/* create makes OUT.partial.new and renames it once flushed; a partial
 * file another writer holds open is not replaced. */
static void test_h5_create_renames_into_place_and_respects_a_writer(void **state)
{
    (void)state;
    char err[512] = "", want[512];
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL, *other = NULL;
    const char *out = in_dir("busy.h5");
    assert_int_equal(mu_h5out_create(out, 1, &l, &prov, &h, err, sizeof err), 0);
    assert_true(exists(in_dir("busy.h5.partial")));
    assert_false(exists(in_dir("busy.h5.partial.new")));
    assert_int_equal(mu_h5out_create(out, 1, &l, &prov, &other, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s.partial: error: is being written by another run", out);
    assert_string_equal(err, want);
    assert_null(other);
    mu_h5out_close_partial(h);
    assert_int_equal(mu_h5out_create(out, 1, &l, &prov, &h, err, sizeof err), 0); /* free again */
    mu_h5out_close_partial(h);
    mu_layout_free(&l);
}

/* Runs create for an output in a missing directory with stderr captured;
 * returns the bytes written to stderr. */
static long quiet_failure(char *err, size_t len)
{
    const char *captured = in_dir("stderr.txt");
    fflush(stderr);
    int saved = dup(2), fd = open(captured, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    close(fd);
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL;
    int rc = mu_h5out_create(in_dir("missing/x.h5"), 0, &l, &prov, &h, err, len);
    mu_layout_free(&l);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    assert_int_equal(rc, -1);
    struct stat st;
    stat(captured, &st);
    return (long)st.st_size;
}

static void test_h5_errors_are_one_quiet_line(void **state)
{
    (void)state;
    char err[512] = "", want[512];
    assert_int_equal(quiet_failure(err, sizeof err), 0);
    snprintf(want, sizeof want, "%s: error: cannot create: No such file or directory",
             in_dir("missing/x.h5.partial"));
    assert_string_equal(err, want);
}

static void test_h5_layout_outside_the_group_is_refused(void **state)
{
    (void)state;
    char err[512] = "", want[512];
    mu_layout l;
    sample_layout(&l, GAMES);
    l.tables[TAB_ATTEMPTS].axes[0] = AX_TURN; /* a games axis in an orders table */
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL;
    assert_int_equal(mu_h5out_create(in_dir("bad.h5"), 0, &l, &prov, &h, err, sizeof err), -1);
    snprintf(want, sizeof want,
             "%s: error: layout: table 'attempts' uses axis 'turn' of group 'games', outside group 'orders'",
             in_dir("bad.h5"));
    assert_string_equal(err, want);
    assert_false(exists(in_dir("bad.h5.partial")));
    mu_layout_free(&l);
}

static void test_h5_out_of_order_calls_are_refused(void **state)
{
    (void)state;
    char err[512] = "";
    mu_layout l;
    sample_layout(&l, 100);
    mu_provenance prov = sample_prov(100, 1);
    mu_h5out *h = NULL;
    assert_int_equal(mu_h5out_create(in_dir("order.h5"), 0, &l, &prov, &h, err, sizeof err), 0);
    assert_int_equal(sample_batch(h, &l, 10, 10, 0, err, sizeof err), -1); /* gap */
    assert_non_null(strstr(err, "rows start at game 10 but 0 rows are written"));
    assert_int_equal(sample_batch(h, &l, 0, 101, 0, err, sizeof err), -1); /* too many */
    assert_int_equal(sample_batch(h, &l, 0, 60, 1, err, sizeof err), 0);
    assert_int_equal(mu_h5out_finish(h, err, sizeof err), -1); /* 60 of 100 */
    assert_non_null(strstr(err, "only 60 of 100 games are complete; the file stays partial"));
    assert_true(exists(in_dir("order.h5.partial")));
    assert_false(exists(in_dir("order.h5")));
    mu_layout_free(&l);
}

static void test_h5_column_over_a_one_element_axis(void **state)
{
    (void)state;
    char err[512] = "";
    mu_layout l;
    sample_layout(&l, 50);
    l.axes[AX_TURN].length = 1;
    mu_provenance prov = sample_prov(50, 1);
    mu_h5out *h = NULL;
    if (mu_h5out_create(in_dir("narrow.h5"), 0, &l, &prov, &h, err, sizeof err) != 0 ||
        sample_batch(h, &l, 0, 50, 1, err, sizeof err) != 0 || mu_h5out_finish(h, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_layout_free(&l);
    hid_t f = H5Fopen(in_dir("narrow.h5"), H5F_ACC_RDONLY, H5P_DEFAULT);
    size_t n;
    double *v = read_doubles(f, "games/orders_by_turn", &n);
    assert_int_equal(n, 50);
    assert_true(v[49] == sample_value(COL_ORDERS_BY_TURN, 49, 0));
    free(v);
    H5Fclose(f);
}

static void test_h5_rerun_is_byte_identical(void **state)
{
    (void)state;
    char err[512] = "";
    if (sample_write(in_dir("a.h5"), 5000, 1000, 1, err, sizeof err) != 0 ||
        sample_write(in_dir("b.h5"), 5000, 1000, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_true(same_bytes_but_times(in_dir("a.h5"), in_dir("b.h5")));
}

static void test_h5_created_is_utc_iso8601(void **state)
{
    (void)state;
    char err[512] = "";
    unsetenv("SOURCE_DATE_EPOCH");
    int rc = sample_write(in_dir("now.h5"), 10, 10, 1, err, sizeof err);
    setenv("SOURCE_DATE_EPOCH", EPOCH, 1);
    assert_int_equal(rc, 0);
    hid_t f = H5Fopen(in_dir("now.h5"), H5F_ACC_RDONLY, H5P_DEFAULT);
    char *created = str_attr(f, "created");
    H5Fclose(f);
    assert_int_equal(strlen(created), 20); /* 2026-01-02T03:04:05Z */
    assert_true(created[4] == '-' && created[10] == 'T' && created[19] == 'Z');
    free(created);
}


/* ---- pre-filtered chunks ------------------------------------------------- */

/* Checks every chunk of dataset path in f: stored with filter mask 0 (all
 * filters applied), its bytes inflated by zlib and unshuffled equal what
 * H5Dread returns for its rows, and zero past the last row and the axis'
 * end. Returns the rows per chunk. */
static hsize_t assert_chunks_decode(hid_t f, const char *path)
{
    hid_t d = H5Dopen2(f, path, H5P_DEFAULT), p = H5Dget_create_plist(d), t = H5Dget_type(d),
          s = H5Dget_space(d), mt = H5Tget_native_type(t, H5T_DIR_ASCEND);
    size_t elt = H5Tget_size(t);
    hsize_t chunk[2] = {1, 1}, dims[2] = {0, 1};
    int rank = H5Pget_chunk(p, 2, chunk);
    assert_true(rank >= 1);
    assert_int_equal(H5Sget_simple_extent_dims(s, dims, NULL), rank);
    size_t width = (size_t)dims[1], chunk_elts = (size_t)(chunk[0] * chunk[1]), bytes = chunk_elts * elt;
    unsigned char *all = malloc((size_t)dims[0] * width * elt + 1), *raw = malloc(2 * bytes + 1024),
                  *plain = malloc(bytes), *flat = malloc(bytes);
    assert_true(H5Dread(d, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, all) >= 0);
    for (hsize_t r = 0; r < dims[0]; r += chunk[0])
        for (hsize_t j = 0; j < width; j += chunk[1]) {
            hsize_t off[2] = {r, j}, size = 0;
            uint32_t mask = 99;
            assert_true(H5Dget_chunk_storage_size(d, off, &size) >= 0);
            assert_true(size > 0 && size <= 2 * bytes + 1024);
            assert_true(H5Dread_chunk(d, H5P_DEFAULT, off, &mask, raw) >= 0);
            assert_int_equal(mask, 0);
            uLongf len = (uLongf)bytes;
            assert_int_equal(uncompress(plain, &len, raw, (uLong)size), Z_OK);
            assert_int_equal(len, bytes);
            for (size_t i = 0; i < chunk_elts; i++) /* undo the shuffle */
                for (size_t b = 0; b < elt; b++)
                    flat[i * elt + b] = plain[b * chunk_elts + i];
            for (hsize_t rr = 0; rr < chunk[0]; rr++)
                for (hsize_t jj = 0; jj < chunk[1]; jj++) {
                    const unsigned char *got = flat + (size_t)(rr * chunk[1] + jj) * elt;
                    int inside = r + rr < dims[0] && j + jj < width;
                    static const unsigned char zero[8];
                    const unsigned char *want = inside ? all + ((size_t)(r + rr) * width + (size_t)(j + jj)) * elt
                                                       : zero;
                    if (memcmp(got, want, elt) != 0)
                        fail_msg("%s: chunk (%llu, %llu) element (%llu, %llu) differs", path,
                                 (unsigned long long)r, (unsigned long long)j, (unsigned long long)rr,
                                 (unsigned long long)jj);
                }
        }
    free(all), free(raw), free(plain), free(flat);
    H5Tclose(mt), H5Tclose(t), H5Sclose(s), H5Pclose(p), H5Dclose(d);
    return chunk[0];
}

static void assert_sample_chunks_decode(const char *path)
{
    static const char *const paths[] = {"games/game", "games/turns", "games/margin", "games/score",
                                        "games/orders_by_turn"};
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_true(f >= 0);
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++)
        assert_int_equal(assert_chunks_decode(f, paths[i]), CHUNK); /* all alike */
    H5Fclose(f);
}

static void test_h5_chunks_are_prefiltered_and_decode_by_hand(void **state)
{
    (void)state;
    char err[512] = "";
    /* batches inside chunks (each chunk extended and rewritten) */
    if (sample_write(in_dir("bytes-40000.h5"), GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_sample_chunks_decode(in_dir("bytes-40000.h5"));
    /* batches of whole chunks, the last one unfinished */
    if (sample_write(in_dir("bytes-chunk.h5"), GAMES, CHUNK, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_sample_chunks_decode(in_dir("bytes-chunk.h5"));
    assert_h5diff_same(in_dir("bytes-40000.h5"), in_dir("bytes-chunk.h5"));
    /* fewer games than a chunk: one chunk of GAMES rows, not a power of two */
    if (sample_write(in_dir("bytes-small.h5"), 1000, 300, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    hid_t f = H5Fopen(in_dir("bytes-small.h5"), H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_int_equal(assert_chunks_decode(f, "games/game"), 1000);
    assert_int_equal(assert_chunks_decode(f, "games/orders_by_turn"), 1000);
    assert_columns(f, 1000);
    H5Fclose(f);
}

/* A layout of the game scale and one uint8 column, game % 7. */
static void narrow_layout(mu_layout *l, uint64_t games)
{
    memset(l, 0, sizeof *l);
    l->axes[0] = (mu_axis){.group = "games", .name = "game", .units = "1", .long_name = "game index",
                           .length = (int)games};
    l->n_axes = 1;
    l->columns[0] =
        (mu_column){.name = "mod7", .type = MU_U8, .units = "1", .long_name = "game index modulo 7", .axis = -1};
    l->n_columns = 1;
}

static void test_h5_game_scale_past_two_to_the_24(void **state)
{
    (void)state;
    /* byte 2 of the game index changes every chunk, byte 3 at 2^24 */
    const uint64_t games = (UINT64_C(1) << 24) + 2 * CHUNK + 123, batch = UINT64_C(1) << 20;
    char err[512] = "";
    mu_layout l;
    narrow_layout(&l, games);
    mu_provenance prov = sample_prov(games, 1);
    mu_h5out *h = NULL;
    uint8_t *col = malloc(batch);
    const void *cols[1] = {col};
    assert_int_equal(mu_h5out_create(in_dir("big.h5"), 0, &l, &prov, &h, err, sizeof err), 0);
    for (uint64_t first = 0; first < games; first += batch) {
        uint64_t n = games - first < batch ? games - first : batch;
        for (uint64_t i = 0; i < n; i++)
            col[i] = (uint8_t)((first + i) % 7);
        if (mu_h5out_append_rows(h, first, n, cols, err, sizeof err) != 0 ||
            mu_h5out_checkpoint(h, first + n, NULL, err, sizeof err) != 0)
            fail_msg("%s", err);
    }
    if (mu_h5out_finish(h, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_layout_free(&l);
    hid_t f = H5Fopen(in_dir("big.h5"), H5F_ACC_RDONLY, H5P_DEFAULT);
    hid_t g = H5Dopen2(f, "games/game", H5P_DEFAULT), c = H5Dopen2(f, "games/mod7", H5P_DEFAULT);
    uint64_t *v = malloc(batch * sizeof *v);
    for (uint64_t first = 0; first < games; first += batch) { /* every value, a batch at a time */
        hsize_t off = first, count = games - first < batch ? games - first : batch;
        hid_t fs = H5Dget_space(g), ms = H5Screate_simple(1, &count, NULL);
        assert_true(H5Sselect_hyperslab(fs, H5S_SELECT_SET, &off, NULL, &count, NULL) >= 0);
        assert_true(H5Dread(g, H5T_NATIVE_UINT64, ms, fs, H5P_DEFAULT, v) >= 0);
        for (hsize_t i = 0; i < count; i++)
            if (v[i] != first + i)
                fail_msg("games/game[%llu] = %llu", (unsigned long long)(first + i), (unsigned long long)v[i]);
        assert_true(H5Dread(c, H5T_NATIVE_UINT8, ms, fs, H5P_DEFAULT, col) >= 0);
        for (hsize_t i = 0; i < count; i++)
            if (col[i] != (first + i) % 7)
                fail_msg("games/mod7[%llu] = %u", (unsigned long long)(first + i), col[i]);
        H5Sclose(fs), H5Sclose(ms);
    }
    free(v), free(col);
    H5Dclose(g), H5Dclose(c), H5Fclose(f);
}

/* Writes the sample as the batch runner does: batch k + 1 is begun and
 * packed by three threads before batch k is written and checkpointed. */
static void threaded_write(const char *out, uint64_t batch)
{
    char err[512] = "";
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_h5out *h = NULL;
    void *cols[MU_LAYOUT_MAX_COLUMNS];
    uint64_t t0[12], t1[36], *tables[] = {t0, t1};
    for (int c = 0; c < l.n_columns; c++)
        cols[c] = malloc(mu_column_row_bytes(&l, c) * batch);
    if (mu_h5out_create(out, 1, &l, &prov, &h, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_h5batch *prev = NULL;
    uint64_t prev_end = 0;
    for (uint64_t first = 0; first < GAMES || prev; first += batch) {
        mu_h5batch *b = NULL;
        if (first < GAMES) {
            uint64_t n = GAMES - first < batch ? GAMES - first : batch;
            sample_rows(&l, first, n, cols);
            if (mu_h5out_batch_begin(h, first, n, (const void *const *)cols, &b, err, sizeof err) != 0)
                fail_msg("%s", err);
            int64_t chunks = (int64_t)mu_h5batch_chunks(b);
#pragma omp parallel for num_threads(3) schedule(dynamic, 1)
            for (int64_t i = 0; i < chunks; i++)
                mu_h5batch_pack(b, (size_t)i);
            mu_h5batch_seal(b);
        }
        if (prev) {
            sample_tables(&l, prev_end, tables);
            if (mu_h5out_batch_write(h, prev, err, sizeof err) != 0 ||
                mu_h5out_checkpoint(h, prev_end, (const uint64_t *const *)tables, err, sizeof err) != 0)
                fail_msg("%s", err);
        }
        prev = b, prev_end = first + batch < GAMES ? first + batch : GAMES;
    }
    if (mu_h5out_finish(h, err, sizeof err) != 0)
        fail_msg("%s", err);
    for (int c = 0; c < l.n_columns; c++)
        free(cols[c]);
    mu_layout_free(&l);
}

static void test_h5_batches_packed_by_threads_match_one_thread(void **state)
{
    (void)state;
    char err[512] = "";
    static const uint64_t batches[] = {BATCH, CHUNK / 2, 7777};
    for (size_t i = 0; i < sizeof batches / sizeof *batches; i++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "serial-%llu.h5", (unsigned long long)batches[i]);
        snprintf(b, sizeof b, "threads-%llu.h5", (unsigned long long)batches[i]);
        if (sample_write(in_dir(a), GAMES, batches[i], 1, err, sizeof err) != 0)
            fail_msg("%s", err);
        threaded_write(in_dir(b), batches[i]);
        assert_true(same_bytes_but_times(in_dir(a), in_dir(b))); /* the same HDF5 calls, the same bytes */
        hid_t f = H5Fopen(in_dir(b), H5F_ACC_RDONLY, H5P_DEFAULT);
        assert_columns(f, GAMES);
        assert_tables(f, GAMES);
        H5Fclose(f);
    }
}

static void test_h5_batch_calls_out_of_order_are_refused(void **state)
{
    (void)state;
    char err[512] = "";
    mu_layout l;
    sample_layout(&l, 100);
    mu_provenance prov = sample_prov(100, 1);
    mu_h5out *h = NULL;
    void *cols[MU_LAYOUT_MAX_COLUMNS];
    for (int c = 0; c < l.n_columns; c++)
        cols[c] = calloc(100, mu_column_row_bytes(&l, c));
    const void *const *cc = (const void *const *)cols;
    mu_h5batch *a = NULL, *b = NULL, *c3 = NULL;
    assert_int_equal(mu_h5out_create(in_dir("calls.h5"), 0, &l, &prov, &h, err, sizeof err), 0);
    assert_int_equal(mu_h5out_batch_begin(h, 0, 10, cc, &a, err, sizeof err), 0);
    assert_int_equal(mu_h5out_batch_begin(h, 10, 10, cc, &b, err, sizeof err), -1);
    assert_non_null(strstr(err, "the previous batch of rows is not sealed"));
    mu_h5out_batch_drop(h, a); /* unsealed: the next batch starts at its first game */
    assert_int_equal(mu_h5out_batch_begin(h, 0, 10, cc, &a, err, sizeof err), 0);
    for (size_t i = 0; i < mu_h5batch_chunks(a); i++)
        mu_h5batch_pack(a, i);
    mu_h5batch_seal(a);
    assert_int_equal(mu_h5out_batch_begin(h, 10, 10, cc, &b, err, sizeof err), 0);
    mu_h5batch_seal(b); /* packs nothing: writing it must fail */
    assert_int_equal(mu_h5out_batch_begin(h, 20, 10, cc, &c3, err, sizeof err), -1);
    assert_non_null(strstr(err, "two batches of rows are already on their way"));
    assert_int_equal(mu_h5out_batch_write(h, b, err, sizeof err), -1); /* a before b */
    assert_non_null(strstr(err, "rows start at game 10 but 0 rows are written"));
    assert_int_equal(mu_h5out_batch_write(h, a, err, sizeof err), 0);
    assert_int_equal(mu_h5out_batch_begin(h, 20, 10, cc, &c3, err, sizeof err), 0);
    for (size_t i = 0; i < mu_h5batch_chunks(c3); i++)
        mu_h5batch_pack(c3, i);
    mu_h5batch_seal(c3);
    mu_h5out_batch_drop(h, c3); /* sealed: no more rows */
    assert_int_equal(mu_h5out_batch_begin(h, 20, 10, cc, &c3, err, sizeof err), -1);
    assert_non_null(strstr(err, "no more rows can be added"));
    mu_h5out_close_partial(h);
    for (int c = 0; c < l.n_columns; c++)
        free(cols[c]);
    mu_layout_free(&l);
}

static void test_h5_column_wider_than_a_chunk(void **state)
{
    (void)state;
    enum { WIDTH = 131073, G = 3 }; /* float64: 1 MiB holds 131072 of a row */
    char err[512] = "";
    mu_layout l;
    memset(&l, 0, sizeof l);
    l.axes[0] = (mu_axis){.group = "games", .name = "game", .units = "1", .long_name = "game index", .length = G};
    l.axes[1] = (mu_axis){.group = "games", .name = "cell", .units = "1", .long_name = "cell", .length = WIDTH};
    l.n_axes = 2;
    l.columns[0] =
        (mu_column){.name = "wide", .type = MU_F64, .units = "1", .long_name = "a wide row", .axis = 1};
    l.n_columns = 1;
    mu_provenance prov = sample_prov(G, 1);
    double *rows = malloc((size_t)G * WIDTH * sizeof *rows);
    for (size_t i = 0; i < (size_t)G * WIDTH; i++)
        rows[i] = (double)i * 0.25 - 7.0;
    mu_h5out *h = NULL;
    const void *cols[1] = {rows};
    if (mu_h5out_create(in_dir("wide.h5"), 0, &l, &prov, &h, err, sizeof err) != 0 ||
        mu_h5out_append_rows(h, 0, 2, cols, err, sizeof err) != 0 ||
        mu_h5out_checkpoint(h, 2, NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    cols[0] = rows + 2 * WIDTH;
    if (mu_h5out_append_rows(h, 2, 1, cols, err, sizeof err) != 0 ||
        mu_h5out_checkpoint(h, 3, NULL, err, sizeof err) != 0 || mu_h5out_finish(h, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_layout_free(&l);
    hid_t f = H5Fopen(in_dir("wide.h5"), H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_int_equal(assert_chunks_decode(f, "games/wide"), 1);
    size_t n;
    double *v = read_doubles(f, "games/wide", &n);
    assert_int_equal(n, (size_t)G * WIDTH);
    assert_memory_equal(v, rows, n * sizeof *v);
    free(v), free(rows);
    H5Fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_h5_three_batches_read_back),
        cmocka_unit_test(test_h5_rows_off_has_empty_game_axis_and_tables),
        cmocka_unit_test(test_h5_resume_drops_rows_past_the_checkpoint),
        cmocka_unit_test(test_h5_resume_after_sigkill),
        cmocka_unit_test(test_h5_resume_when_chunks_lie_past_the_allocation),
        cmocka_unit_test(test_h5_resume_refuses_a_different_run),
        cmocka_unit_test(test_h5_resume_survives_a_torn_checkpoint),
        cmocka_unit_test(test_h5_resume_finishes_a_file_killed_while_finishing),
        cmocka_unit_test(test_h5_create_refuses_an_existing_output),
        cmocka_unit_test(test_h5_finish_refuses_a_file_unlike_its_checkpoint),
        cmocka_unit_test(test_h5_create_replaces_a_stale_partial),
        cmocka_unit_test(test_h5_create_renames_into_place_and_respects_a_writer),
        cmocka_unit_test(test_h5_errors_are_one_quiet_line),
        cmocka_unit_test(test_h5_layout_outside_the_group_is_refused),
        cmocka_unit_test(test_h5_out_of_order_calls_are_refused),
        cmocka_unit_test(test_h5_column_over_a_one_element_axis),
        cmocka_unit_test(test_h5_rerun_is_byte_identical),
        cmocka_unit_test(test_h5_created_is_utc_iso8601),
        cmocka_unit_test(test_h5_chunks_are_prefiltered_and_decode_by_hand),
        cmocka_unit_test(test_h5_game_scale_past_two_to_the_24),
        cmocka_unit_test(test_h5_batches_packed_by_threads_match_one_thread),
        cmocka_unit_test(test_h5_batch_calls_out_of_order_are_refused),
        cmocka_unit_test(test_h5_column_wider_than_a_chunk),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
