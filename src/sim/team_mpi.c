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

/* Sleeps *nap ns (20 us the first time, *nap 0), doubling it for the
 * next time up to 250 us. */
static void doze(long *nap)
{
    *nap = *nap == 0 ? 20000 : *nap * 2 < 250000 ? *nap * 2 : 250000;
    struct timespec ts = {0, *nap};
    nanosleep(&ts, NULL);
}

/* Waits for request r asleep: the members meet at share and agree after
 * playing, and one that finished early would otherwise spin in MPI's
 * progress loop, taking a core from the members still playing (on a
 * machine with fewer cores than threads, or shared). Sleeps from 20 us
 * up to 250 us between tests (a wake-up costs a few us of CPU): three
 * waits a batch add at most ~1 ms to a batch of a second or more. */
static void wait_asleep(MPI_Request *r)
{
    long nap = 0;
    for (int done = 0;;) {
        MPI_Test(r, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        doze(&nap);
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

/* Memory reused from batch to batch (one team per process, one thread). */
static mu_kept scratch; /* the rows gathered, the tables summed */
static mu_kept inbox;   /* what scatter_bytes received */
static mu_kept outbox;  /* what gather_bytes gathered */


/* One message a member: the rows it played, column after column and
 * range after range within a column, sent as rows of a type of R bytes
 * (R the bytes of a row of every column), so that counts stay rows and a
 * batch is one collective whatever its columns. Member 0 receives member
 * r's at the sum of the counts before r, in the scratch, and copies each
 * range of each column into place. */
static void mpi_gather(const mu_team *t, const mu_layout *l, void *const *columns, const mu_row_ranges *played)
{
    size_t row = 0;
    for (int c = 0; c < l->n_columns; c++)
        row += mu_column_row_bytes(l, c);
    if (row == 0)
        return;
    MPI_Datatype rows;
    MPI_Type_contiguous((int)row, MPI_BYTE, &rows);
    MPI_Type_commit(&rows);
    MPI_Request req;
    if (t->rank == 0) {
        int *counts = mu_xcalloc((size_t)t->size, sizeof *counts);
        int *displs = mu_xcalloc((size_t)t->size, sizeof *displs);
        uint64_t all = 0;
        for (int r = 1; r < t->size; r++) {
            counts[r] = (int)mu_row_ranges_rows(&played[r]); /* a batch with rows has at most 2^30 (batch.c) */
            displs[r] = (int)all;
            all += (uint64_t)counts[r];
        }
        unsigned char *in = mu_kept_for(&scratch, (size_t)all * row + 1);
        MPI_Igatherv(MPI_IN_PLACE, 0, rows, in, counts, displs, rows, 0, MPI_COMM_WORLD, &req);
        wait_asleep(&req);
        for (int r = 1; r < t->size; r++) {
            const unsigned char *from = in + (size_t)displs[r] * row;
            for (int c = 0; c < l->n_columns; c++) {
                size_t rb = mu_column_row_bytes(l, c);
                for (size_t k = 0; k < played[r].n; k++) {
                    size_t bytes = (size_t)(played[r].hi[k] - played[r].lo[k]) * rb;
                    memcpy((unsigned char *)columns[c] + (size_t)played[r].lo[k] * rb, from, bytes);
                    from += bytes;
                }
            }
        }
        free(counts), free(displs);
    } else {
        uint64_t mine = mu_row_ranges_rows(played);
        unsigned char *out = mu_kept_for(&scratch, (size_t)mine * row + 1), *to = out;
        for (int c = 0; c < l->n_columns; c++) {
            size_t rb = mu_column_row_bytes(l, c);
            for (size_t k = 0; k < played->n; k++) {
                size_t bytes = (size_t)(played->hi[k] - played->lo[k]) * rb;
                memcpy(to, (const unsigned char *)columns[c] + (size_t)played->lo[k] * rb, bytes);
                to += bytes;
            }
        }
        MPI_Igatherv(out, (int)mine, rows, NULL, NULL, NULL, rows, 0, MPI_COMM_WORLD, &req);
        wait_asleep(&req);
    }
    MPI_Type_free(&rows);
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
    uint64_t *buf = (uint64_t *)(void *)mu_kept_for(&scratch, 2 * cells * sizeof *buf), *sum = buf + cells;
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
    unsigned char *in = t->rank == 0 ? NULL : mu_kept_for(&inbox, (size_t)mine + 1);
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
        all = mu_kept_for(&outbox, (size_t)displs[t->size - 1] + (size_t)counts[t->size - 1] + 1);
        MPI_Igatherv(MPI_IN_PLACE, 0, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
    } else {
        MPI_Igatherv(mine, count, MPI_BYTE, NULL, NULL, NULL, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
    }
    wait_asleep(&req);
    free(counts), free(displs);
    return all;
}

/* Claims: a question is an empty message to member 0 (TAG_CLAIM), the
 * answer two words back (TAG_RANGE); both small enough to be sent at
 * once (eager), so neither side waits for the other to send. */
enum { TAG_CLAIM = 1, TAG_RANGE = 2 };

static MPI_Request answer_request = MPI_REQUEST_NULL; /* a member's question in flight */
static uint64_t answer[2];

static void mpi_claim_ask(const mu_team *t)
{
    (void)t;
    MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_CLAIM, MPI_COMM_WORLD);
    MPI_Irecv(answer, 2, MPI_UINT64_T, 0, TAG_RANGE, MPI_COMM_WORLD, &answer_request);
}

static void mpi_claim_get(const mu_team *t, uint64_t range[2])
{
    (void)t;
    wait_asleep(&answer_request);
    range[0] = answer[0], range[1] = answer[1];
}

static int mpi_claim_next(const mu_team *t, int wait)
{
    (void)t;
    long nap = 0;
    for (;;) {
        int arrived = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_CLAIM, MPI_COMM_WORLD, &arrived, &st);
        if (arrived) {
            MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_CLAIM, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            return st.MPI_SOURCE;
        }
        if (!wait)
            return -1;
        doze(&nap);
    }
}

static void mpi_claim_answer(const mu_team *t, int member, const uint64_t range[2])
{
    (void)t;
    MPI_Send(range, 2, MPI_UINT64_T, member, TAG_RANGE, MPI_COMM_WORLD);
}

static const mu_team_ops mpi_ops = {.share = mpi_share,
                                    .agree = mpi_agree,
                                    .gather_rows = mpi_gather,
                                    .reduce_tables = mpi_reduce,
                                    .scatter_bytes = mpi_scatter_bytes,
                                    .gather_bytes = mpi_gather_bytes,
                                    .claim_ask = mpi_claim_ask,
                                    .claim_get = mpi_claim_get,
                                    .claim_next = mpi_claim_next,
                                    .claim_answer = mpi_claim_answer};

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
    mu_kept_free(&scratch);
    mu_kept_free(&inbox);
    mu_kept_free(&outbox);
}

int mu_team_mpi_built(void) { return 1; }
