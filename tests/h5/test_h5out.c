/* The HDF5 results writer (muster/h5out.h): files read back with the HDF5
 * API, resume after an interruption and after SIGKILL, refusals. */
#include "sample_file.h"

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

#define GAMES 100003u /* > one 64 KiB chunk of a uint8 column */
#define BATCH 40000u
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
    snprintf(dir, sizeof dir, "h5out-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    setenv("SOURCE_DATE_EPOCH", EPOCH, 1);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
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

/* Resumes partial, checks what was restored, and finishes the run. */
static void resume_and_finish(const char *partial, uint64_t want_complete)
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
    for (uint64_t first = complete; first < GAMES; first += BATCH) {
        uint64_t n = GAMES - first < BATCH ? GAMES - first : BATCH;
        if (sample_batch(h, &l, first, n, 1, err, sizeof err) != 0)
            fail_msg("%s", err);
    }
    if (mu_h5out_finish(h, err, sizeof err) != 0)
        fail_msg("%s", err);
    mu_layout_free(&l);
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

static void test_h5_resume_after_sigkill(void **state)
{
    (void)state;
    char err[512] = "";
    const char *ref = in_dir("ref-kill.h5"), *out = in_dir("killed.h5");
    if (sample_write(ref, GAMES, BATCH, 1, err, sizeof err) != 0)
        fail_msg("%s", err);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        mu_layout l;
        sample_layout(&l, GAMES);
        mu_provenance prov = sample_prov(GAMES, 1);
        mu_h5out *h = NULL;
        if (mu_h5out_create(out, 0, &l, &prov, &h, err, sizeof err) == 0 &&
            sample_batch(h, &l, 0, BATCH, 1, err, sizeof err) == 0 &&
            sample_batch(h, &l, BATCH, BATCH, 1, err, sizeof err) == 0 &&
            sample_batch(h, &l, 2 * BATCH, 15000, 0, err, sizeof err) == 0)
            raise(SIGKILL); /* with a batch appended but not checkpointed */
        _exit(1);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    char partial[256];
    snprintf(partial, sizeof partial, "%s.partial", out);
    resume_and_finish(partial, 2 * BATCH);
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
    copy_file(done, in_dir("finished.h5.partial")); /* as if killed between finish's steps */
    assert_refused(in_dir("finished.h5.partial"), sample_prov(GAMES, 1),
                   "status is 'complete', not 'partial'");
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

    /* a table changed behind games_complete's back, as by a torn checkpoint */
    const char *torn = interrupted("torn.h5");
    hid_t f = H5Fopen(torn, H5F_ACC_RDWR, H5P_DEFAULT), d = H5Dopen2(f, "orders/attempts", H5P_DEFAULT);
    uint64_t cells[12] = {1};
    assert_true(H5Dwrite(d, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, cells) >= 0);
    H5Dclose(d), H5Fclose(f);
    assert_refused(torn, sample_prov(GAMES, 1),
                   "its tables do not match games_complete (the run was killed while writing a "
                   "checkpoint); start the run again");
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
    assert_true(same_bytes(in_dir("a.h5"), in_dir("b.h5")));
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_h5_three_batches_read_back),
        cmocka_unit_test(test_h5_rows_off_has_empty_game_axis_and_tables),
        cmocka_unit_test(test_h5_resume_drops_rows_past_the_checkpoint),
        cmocka_unit_test(test_h5_resume_after_sigkill),
        cmocka_unit_test(test_h5_resume_refuses_a_different_run),
        cmocka_unit_test(test_h5_create_refuses_an_existing_output),
        cmocka_unit_test(test_h5_create_replaces_a_stale_partial),
        cmocka_unit_test(test_h5_errors_are_one_quiet_line),
        cmocka_unit_test(test_h5_layout_outside_the_group_is_refused),
        cmocka_unit_test(test_h5_out_of_order_calls_are_refused),
        cmocka_unit_test(test_h5_column_over_a_one_element_axis),
        cmocka_unit_test(test_h5_rerun_is_byte_identical),
        cmocka_unit_test(test_h5_created_is_utc_iso8601),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
