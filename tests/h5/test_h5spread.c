/* A team's packing of batches (src/sim/batch_spread.c) gives, byte for
 * byte, the chunks one process packing alone writes: here the members are
 * threads of this process, meeting through mailboxes instead of MPI, and
 * the batches start and end inside chunks (so parts carry the rows of the
 * batch before). */
#include "batch_spread.h"
#include "sample_file.h"
#include "scratch_dir.h"

#include "muster/h5out.h"
#include "muster/output.h"
#include "muster/team.h"

#include <hdf5.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#define MEMBERS 3
#define GAMES 200000u /* three chunks of 65536 rows and a piece */
#define BATCH 70000u  /* batches that start and end inside chunks */
#define BATCHES ((GAMES + BATCH - 1) / BATCH)

static char dir[64];

/* ---- a team of threads ---------------------------------------------------- */

static struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    unsigned char *to[MEMBERS], *from[MEMBERS]; /* a message each way a member */
    unsigned char *gathered;                      /* member 0's, kept till its next gather */
    size_t to_len[MEMBERS], from_len[MEMBERS];
    int to_full[MEMBERS], from_full[MEMBERS];
    size_t received[MEMBERS]; /* bytes of inputs each member was sent */
} box = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

static unsigned char *copy(const void *p, size_t n)
{
    unsigned char *c = malloc(n + 1);
    if (n)
        memcpy(c, p, n);
    return c;
}

static void *box_scatter(const mu_team *t, const void *send, const size_t *sizes, size_t *size)
{
    pthread_mutex_lock(&box.mu);
    unsigned char *mine = NULL;
    *size = 0;
    if (t->rank == 0) {
        size_t at = 0;
        for (int m = 1; m < t->size; m++) {
            free(box.to[m]); /* the team keeps it till the member's next scatter */
            box.to[m] = copy((const unsigned char *)send + at, sizes[m]);
            box.to_len[m] = sizes[m], box.to_full[m] = 1;
            at += sizes[m];
        }
        pthread_cond_broadcast(&box.cv);
    } else {
        while (!box.to_full[t->rank])
            pthread_cond_wait(&box.cv, &box.mu);
        mine = box.to[t->rank], *size = box.to_len[t->rank];
        box.to_full[t->rank] = 0;
        box.received[t->rank] += *size;
    }
    pthread_mutex_unlock(&box.mu);
    return mine;
}

static void *box_gather(const mu_team *t, const void *mine, size_t size, size_t *sizes)
{
    pthread_mutex_lock(&box.mu);
    unsigned char *all = NULL;
    if (t->rank == 0) {
        for (int m = 1; m < t->size; m++)
            while (!box.from_full[m])
                pthread_cond_wait(&box.cv, &box.mu);
        size_t len = 0;
        sizes[0] = 0;
        for (int m = 1; m < t->size; m++)
            sizes[m] = box.from_len[m], len += sizes[m];
        free(box.gathered);
        all = box.gathered = malloc(len + 1);
        for (int m = 1, at = 0; m < t->size; at += (int)sizes[m], m++) {
            if (sizes[m])
                memcpy(all + at, box.from[m], sizes[m]);
            free(box.from[m]);
            box.from_full[m] = 0;
        }
    } else {
        box.from[t->rank] = copy(mine, size);
        box.from_len[t->rank] = size, box.from_full[t->rank] = 1;
        pthread_cond_broadcast(&box.cv);
    }
    pthread_mutex_unlock(&box.mu);
    return all;
}

static const mu_team_ops box_ops = {.scatter_bytes = box_scatter, .gather_bytes = box_gather};

static void *member(void *arg)
{
    const mu_team *t = arg;
    mu_kept room = {0};
    for (unsigned k = 0; k < BATCHES; k++)
        batch_spread_pack(t, &mu_output_hdf5, NULL, NULL, 0, 1, &room);
    mu_kept_free(&room);
    return NULL;
}

/* ---- the runs ----------------------------------------------------------------- */

/* Writes the sample run of GAMES games to dir/name in batches of BATCH,
 * packed by this thread alone (w0 < 0) or by a team of MEMBERS threads
 * with member 0's weight w0. */
static void write_run(const char *name, int64_t w0)
{
    char path[128], err[512] = "";
    snprintf(path, sizeof path, "%s/%s", dir, name);
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, 1);
    mu_output *out = NULL;
    if (mu_output_hdf5.begin(path, 1, &l, &prov, &out, err, sizeof err) != 0)
        fail_msg("%s", err);
    const mu_output_ops *ops = out->ops;
    assert_true(batch_spread_possible(&mu_output_hdf5, ops));
    mu_team team[MEMBERS];
    pthread_t threads[MEMBERS];
    for (int m = 0; m < MEMBERS; m++)
        team[m] = (mu_team){.ops = &box_ops, .rank = m, .size = MEMBERS};
    for (int m = 1; w0 >= 0 && m < MEMBERS; m++)
        assert_int_equal(pthread_create(&threads[m], NULL, member, &team[m]), 0);
    void *cols[N_SAMPLE_COLUMNS];
    uint64_t *tables[N_SAMPLE_TABLES];
    for (int c = 0; c < l.n_columns; c++)
        cols[c] = malloc(mu_column_row_bytes(&l, c) * BATCH);
    for (int t = 0; t < l.n_tables; t++)
        tables[t] = malloc(mu_table_cells(&l, t) * sizeof(uint64_t));
    mu_kept room = {0};
    for (uint64_t first = 0; first < GAMES; first += BATCH) {
        uint64_t n = GAMES - first < BATCH ? GAMES - first : BATCH;
        sample_rows(&l, first, n, cols);
        mu_output_batch *b = NULL;
        if (ops->batch_begin(out, first, n, (const void *const *)cols, &b, err, sizeof err) != 0)
            fail_msg("%s", err);
        if (w0 < 0)
            for (size_t i = 0; i < ops->batch_parts(b); i++)
                ops->batch_pack(b, i);
        else
            batch_spread_pack(&team[0], &mu_output_hdf5, ops, b, (uint64_t)w0, 2, &room);
        ops->batch_seal(b);
        sample_tables(&l, first + n, tables);
        if (ops->batch_write(out, b, err, sizeof err) != 0 ||
            ops->checkpoint(out, first + n, (const uint64_t *const *)tables, err, sizeof err) != 0)
            fail_msg("%s", err);
    }
    for (int m = 1; w0 >= 0 && m < MEMBERS; m++)
        pthread_join(threads[m], NULL);
    mu_kept_free(&room);
    for (int m = 0; m < MEMBERS; m++) {
        free(box.to[m]);
        box.to[m] = NULL;
    }
    free(box.gathered);
    box.gathered = NULL;
    if (ops->finish(out, err, sizeof err) != 0)
        fail_msg("%s", err);
    for (int c = 0; c < l.n_columns; c++)
        free(cols[c]);
    for (int t = 0; t < l.n_tables; t++)
        free(tables[t]);
    mu_layout_free(&l);
}

/* Whether every chunk of every /games dataset of dir/a is stored in dir/b
 * at the same place as the same bytes (the rest of the files differ only
 * in the time libhdf5 stamps on the superblock's extension). */
static int same_chunks(const char *a, const char *b)
{
    char pa[128], pb[128];
    snprintf(pa, sizeof pa, "%s/%s", dir, a);
    snprintf(pb, sizeof pb, "%s/%s", dir, b);
    hid_t fa = H5Fopen(pa, H5F_ACC_RDONLY, H5P_DEFAULT), fb = H5Fopen(pb, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_true(fa >= 0 && fb >= 0);
    mu_layout l;
    sample_layout(&l, GAMES);
    int same = 1, chunks = 0;
    for (int c = -1; c < l.n_columns; c++) {
        char name[64];
        snprintf(name, sizeof name, "games/%s", c < 0 ? "game" : l.columns[c].name);
        hid_t da = H5Dopen2(fa, name, H5P_DEFAULT), db = H5Dopen2(fb, name, H5P_DEFAULT);
        hid_t sa = H5Dget_space(da), sb = H5Dget_space(db);
        hsize_t na = 0, nb = 0;
        assert_true(H5Dget_num_chunks(da, sa, &na) >= 0 && H5Dget_num_chunks(db, sb, &nb) >= 0);
        same &= na == nb && na > 0;
        for (hsize_t i = 0; same && i < na; i++) {
            hsize_t off[2] = {0, 0}, offb[2] = {0, 0}, size = 0, sizeb = 0;
            haddr_t at = 0, atb = 0;
            unsigned mask = 0;
            assert_true(H5Dget_chunk_info(da, sa, i, off, &mask, &at, &size) >= 0);
            assert_true(H5Dget_chunk_info(db, sb, i, offb, &mask, &atb, &sizeb) >= 0);
            same &= off[0] == offb[0] && off[1] == offb[1] && at == atb && size == sizeb;
            unsigned char *x = malloc(size + 1), *y = malloc(sizeb + 1);
            uint32_t fx = 0, fy = 0;
            if (same)
                assert_true(H5Dread_chunk(da, H5P_DEFAULT, off, &fx, x) >= 0 &&
                            H5Dread_chunk(db, H5P_DEFAULT, off, &fy, y) >= 0);
            same &= memcmp(x, y, (size_t)size) == 0;
            free(x), free(y);
            chunks++;
        }
        H5Sclose(sa), H5Sclose(sb), H5Dclose(da), H5Dclose(db);
    }
    assert_true(chunks > N_SAMPLE_COLUMNS);
    mu_layout_free(&l);
    H5Fclose(fa), H5Fclose(fb);
    return same;
}

static int setup(void **state)
{
    (void)state;
    if (scratch_dir_make(dir, sizeof dir, "h5spread") != 0)
        return -1;
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    write_run("alone.h5", -1);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return scratch_dir_remove(dir);
}

static void test_spread_packing_writes_the_same_file(void **state)
{
    (void)state;
    /* member 0 packing a third as much as another, as much, or nothing:
     * members 1 and 2 always have parts */
    static const struct {
        const char *name;
        int64_t w0;
    } runs[] = {{"even.h5", MU_TEAM_WEIGHT_ONE}, {"light.h5", MU_TEAM_WEIGHT_ONE / 3}, {"none.h5", 0}};
    for (size_t r = 0; r < sizeof runs / sizeof *runs; r++) {
        memset(box.received, 0, sizeof box.received);
        write_run(runs[r].name, runs[r].w0);
        for (int m = 1; m < MEMBERS; m++)
            if (box.received[m] == 0)
                fail_msg("%s: member %d packed nothing", runs[r].name, m);
        if (!same_chunks("alone.h5", runs[r].name))
            fail_msg("%s differs from alone.h5", runs[r].name);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spread_packing_writes_the_same_file),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
