/* The MPI team (built only when CMake finds MPI): the members are the
 * ranks of MPI_COMM_WORLD, rank 0 the writer. A batch costs three
 * collectives whatever the layout: the flags (MPI_Iallreduce, max), the
 * rows of every column in one MPI_Igatherv (a row of all columns is one
 * element of a contiguous type, so counts stay small), every table in one
 * MPI_Ireduce; and with rows, four more for packing them together (the
 * inputs out, the packed parts back, each as counts then bytes: see
 * src/sim/batch_spread.c); each is waited for asleep (wait_asleep). On a loaded
 * machine a collective costs a scheduling delay or more, so their number
 * per batch matters more than their size. MPI is initialised only when a launcher started
 * this process (its environment says so); otherwise the solo team runs
 * and no MPI call is made. MPI is called from one thread only
 * (MPI_THREAD_FUNNELED): the runner's calling thread, outside its OpenMP
 * regions. */
#include "muster/team.h"

#include "muster/alloc.h"
#include "muster/status.h"

#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Waits for request r asleep: the members meet at share and agree after
 * playing, and one that finished early would otherwise spin in MPI's
 * progress loop, taking a core from the members still playing (on a
 * machine with fewer cores than threads, or shared). Sleeps from 20 us
 * up to 250 us between tests (a wake-up costs a few us of CPU): three
 * waits a batch add at most ~1 ms to a batch of a second or more. */
static void wait_asleep(MPI_Request *r)
{
    long nap = 20000; /* ns */
    for (int done = 0;;) {
        MPI_Test(r, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        struct timespec ts = {0, nap};
        nanosleep(&ts, NULL);
        if (nap < 250000)
            nap = nap * 2 < 250000 ? nap * 2 : 250000;
    }
}

static void mpi_share(const mu_team *t, uint64_t *words, int n)
{
    (void)t;
    MPI_Request r;
    MPI_Ibcast(words, n, MPI_UINT64_T, 0, MPI_COMM_WORLD, &r);
    wait_asleep(&r);
}

static void mpi_agree(const mu_team *t, uint64_t *words, int n)
{
    (void)t;
    MPI_Request r;
    MPI_Iallreduce(MPI_IN_PLACE, words, n, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD, &r);
    wait_asleep(&r);
}

/* Memory reused from batch to batch (one team per process, one thread):
 * fresh memory for every batch's messages would cost a page fault per
 * 4 KiB as they land. */
typedef struct kept {
    unsigned char *bytes;
    size_t len;
} kept;

static kept scratch; /* the rows gathered, the tables summed */
static kept inbox;   /* what scatter_bytes received */
static kept outbox;  /* what gather_bytes gathered */

static unsigned char *kept_for(kept *k, size_t n)
{
    if (n > k->len) {
        free(k->bytes);
        k->bytes = mu_xmalloc(n);
        k->len = n;
    }
    return k->bytes;
}

static void kept_free(kept *k)
{
    free(k->bytes);
    *k = (kept){0};
}


/* One message a member: the rows of its blocks, column after column and
 * block after block within a column, sent as rows of a type of R bytes
 * (R the bytes of a row of every column), so that counts stay rows and a
 * batch is one collective whatever its columns. Member 0 receives member
 * r's at the sum of the counts before r, in the scratch, and copies each
 * block of each column into place. */
static void mpi_gather(const mu_team *t, const mu_layout *l, void *const *columns, uint64_t n, uint64_t w0)
{
    size_t row = 0;
    for (int c = 0; c < l->n_columns; c++)
        row += mu_column_row_bytes(l, c);
    if (row == 0)
        return;
    int *counts = mu_xcalloc((size_t)t->size, sizeof *counts);
    int *displs = mu_xcalloc((size_t)t->size, sizeof *displs);
    uint64_t lo[MU_TEAM_STRIPES], hi[MU_TEAM_STRIPES];
    for (int r = 0, at = 0; r < t->size; r++) {
        int blocks = mu_team_blocks(n, w0, r, t->size, lo, hi);
        uint64_t rows = 0;
        for (int k = 0; k < blocks; k++)
            rows += hi[k] - lo[k];
        counts[r] = (int)rows; /* a batch with rows has at most 2^30 (batch.c) */
        displs[r] = at;
        at += r == 0 ? 0 : counts[r]; /* member 0's rows stay in place */
    }
    MPI_Datatype rows;
    MPI_Type_contiguous((int)row, MPI_BYTE, &rows);
    MPI_Type_commit(&rows);
    MPI_Request req;
    if (t->rank == 0) {
        unsigned char *in = kept_for(&scratch, (size_t)n * row + 1);
        counts[0] = 0;
        MPI_Igatherv(MPI_IN_PLACE, 0, rows, in, counts, displs, rows, 0, MPI_COMM_WORLD, &req);
        wait_asleep(&req);
        for (int r = 1; r < t->size; r++) {
            const unsigned char *from = in + (size_t)displs[r] * row;
            int blocks = mu_team_blocks(n, w0, r, t->size, lo, hi);
            for (int c = 0; c < l->n_columns; c++) {
                size_t rb = mu_column_row_bytes(l, c);
                for (int k = 0; k < blocks; k++) {
                    size_t bytes = (size_t)(hi[k] - lo[k]) * rb;
                    memcpy((unsigned char *)columns[c] + (size_t)lo[k] * rb, from, bytes);
                    from += bytes;
                }
            }
        }
    } else {
        unsigned char *out = kept_for(&scratch, (size_t)counts[t->rank] * row + 1), *to = out;
        int blocks = mu_team_blocks(n, w0, t->rank, t->size, lo, hi);
        for (int c = 0; c < l->n_columns; c++) {
            size_t rb = mu_column_row_bytes(l, c);
            for (int k = 0; k < blocks; k++) {
                size_t bytes = (size_t)(hi[k] - lo[k]) * rb;
                memcpy(to, (const unsigned char *)columns[c] + (size_t)lo[k] * rb, bytes);
                to += bytes;
            }
        }
        MPI_Igatherv(out, counts[t->rank], rows, NULL, NULL, NULL, rows, 0, MPI_COMM_WORLD, &req);
        wait_asleep(&req);
    }
    MPI_Type_free(&rows);
    free(counts), free(displs);
}

/* Every table in one message: the cells of all tables one after the
 * other, summed on member 0 and copied into its totals. */
static void mpi_reduce(const mu_team *t, const mu_layout *l, uint64_t *const *tables, uint64_t *const *totals)
{
    size_t cells = 0;
    for (int k = 0; k < l->n_tables; k++)
        cells += mu_table_cells(l, k);
    if (cells == 0)
        return;
    uint64_t *buf = (uint64_t *)(void *)kept_for(&scratch, 2 * cells * sizeof *buf), *sum = buf + cells;
    for (int k = 0, at = 0; k < l->n_tables; at += (int)mu_table_cells(l, k), k++)
        memcpy(buf + at, tables[k], mu_table_cells(l, k) * sizeof *buf);
    for (size_t at = 0; at < cells; at += INT_MAX / 2) {
        int m = (int)(cells - at < INT_MAX / 2 ? cells - at : INT_MAX / 2);
        MPI_Request req;
        MPI_Ireduce(buf + at, t->rank == 0 ? sum + at : NULL, m, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &req);
        wait_asleep(&req);
    }
    if (t->rank == 0)
        for (int k = 0, at = 0; k < l->n_tables; at += (int)mu_table_cells(l, k), k++)
            memcpy(totals[k], sum + at, mu_table_cells(l, k) * sizeof *sum);
}

/* Byte counts as MPI's ints: every member's and their sum (the callers'
 * messages stay below 2 GiB: a batch holds at most 1 GiB of rows). */
static int *byte_counts(const mu_team *t, const size_t *sizes, int *displs)
{
    int *counts = mu_xcalloc((size_t)t->size, sizeof *counts);
    size_t at = 0;
    for (int r = 1; r < t->size; r++) {
        if (sizes[r] > (size_t)INT_MAX - at) {
            fprintf(stderr, "muster: a message of %zu bytes is beyond MPI's counts\n", at + sizes[r]);
            abort();
        }
        counts[r] = (int)sizes[r], displs[r] = (int)at;
        at += sizes[r];
    }
    return counts;
}

/* Two collectives: the counts (MPI_Iscatter), then the bytes
 * (MPI_Iscatterv). */
static void *mpi_scatter_bytes(const mu_team *t, const void *send, const size_t *sizes, size_t *size)
{
    int *displs = mu_xcalloc((size_t)t->size, sizeof *displs), *counts = NULL, mine = 0;
    if (t->rank == 0)
        counts = byte_counts(t, sizes, displs);
    MPI_Request req;
    MPI_Iscatter(counts, 1, MPI_INT, t->rank == 0 ? MPI_IN_PLACE : &mine, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
    wait_asleep(&req);
    unsigned char *in = t->rank == 0 ? NULL : kept_for(&inbox, (size_t)mine + 1);
    if (t->rank == 0)
        MPI_Iscatterv(send, counts, displs, MPI_BYTE, MPI_IN_PLACE, 0, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
    else
        MPI_Iscatterv(NULL, NULL, NULL, MPI_BYTE, in, mine, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
    wait_asleep(&req);
    free(counts), free(displs);
    *size = (size_t)mine;
    return in;
}

/* Two collectives: the counts (MPI_Igather), then the bytes
 * (MPI_Igatherv). */
static void *mpi_gather_bytes(const mu_team *t, const void *mine, size_t size, size_t *sizes)
{
    int count = (int)size, *counts = NULL, *displs = NULL;
    if (size > (size_t)INT_MAX) {
        fprintf(stderr, "muster: a message of %zu bytes is beyond MPI's counts\n", size);
        abort();
    }
    if (t->rank == 0)
        counts = mu_xcalloc((size_t)t->size, sizeof *counts), displs = mu_xcalloc((size_t)t->size, sizeof *displs);
    MPI_Request req;
    MPI_Igather(t->rank == 0 ? MPI_IN_PLACE : &count, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
    wait_asleep(&req);
    unsigned char *all = NULL;
    if (t->rank == 0) {
        counts[0] = 0;
        for (int r = 0; r < t->size; r++)
            sizes[r] = (size_t)counts[r];
        free(counts);
        counts = byte_counts(t, sizes, displs);
        all = kept_for(&outbox, (size_t)displs[t->size - 1] + (size_t)counts[t->size - 1] + 1);
        MPI_Igatherv(MPI_IN_PLACE, 0, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
    } else {
        MPI_Igatherv(mine, count, MPI_BYTE, NULL, NULL, NULL, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
    }
    wait_asleep(&req);
    free(counts), free(displs);
    return all;
}

static const mu_team_ops mpi_ops = {.share = mpi_share,
                                    .agree = mpi_agree,
                                    .gather_rows = mpi_gather,
                                    .reduce_tables = mpi_reduce,
                                    .scatter_bytes = mpi_scatter_bytes,
                                    .gather_bytes = mpi_gather_bytes};

static mu_team world = {.ops = &mpi_ops};

/* Whether a launcher (Open MPI's mpirun, PMIx, PMI-1/2 as Slurm's srun
 * sets them) started this process. */
static int launched(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]))
            return 1;
    return 0;
}

int mu_team_start(int *argc, char ***argv, const mu_team **team, char *err, size_t err_len)
{
    *team = &mu_team_solo;
    if (!launched())
        return MU_EXIT_OK;
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        snprintf(err, err_len, "muster: error: cannot start MPI");
        return MU_EXIT_SOFTWARE;
    }
    if (provided < MPI_THREAD_FUNNELED) {
        snprintf(err, err_len, "muster: error: the MPI library cannot be used beside threads "
                               "(MPI_THREAD_FUNNELED not provided)");
        MPI_Finalize();
        return MU_EXIT_SOFTWARE;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &world.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world.size);
    *team = &world;
    return MU_EXIT_OK;
}

void mu_team_end(const mu_team *team)
{
    if (team != &world)
        return;
    MPI_Finalize();
    kept_free(&scratch);
    kept_free(&inbox);
    kept_free(&outbox);
}

int mu_team_mpi_built(void) { return 1; }
