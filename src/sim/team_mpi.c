/* The MPI team (built only when CMake finds MPI): the members are the
 * ranks of MPI_COMM_WORLD, rank 0 the writer. Rows move with one
 * MPI_Gatherv per column (a row is one element of a contiguous type, so
 * counts stay small), tables with one MPI_Reduce per table, flags with
 * MPI_Allreduce (max). MPI is initialised only when a launcher started
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

static void mpi_share(const mu_team *t, uint64_t *words, int n)
{
    (void)t;
    MPI_Bcast(words, n, MPI_UINT64_T, 0, MPI_COMM_WORLD);
}

static void mpi_agree(const mu_team *t, uint64_t *words, int n)
{
    (void)t;
    MPI_Allreduce(MPI_IN_PLACE, words, n, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
}

static void mpi_gather(const mu_team *t, const mu_layout *l, void *const *columns, uint64_t n)
{
    int *counts = mu_xcalloc((size_t)t->size, sizeof *counts);
    int *displs = mu_xcalloc((size_t)t->size, sizeof *displs);
    for (int r = 0; r < t->size; r++) {
        uint64_t lo, hi;
        mu_team_block(n, r, t->size, &lo, &hi);
        counts[r] = (int)(hi - lo); /* a batch is at most 2^20 rows */
        displs[r] = (int)lo;
    }
    for (int c = 0; c < l->n_columns; c++) {
        MPI_Datatype row;
        MPI_Type_contiguous((int)mu_column_row_bytes(l, c), MPI_BYTE, &row);
        MPI_Type_commit(&row);
        unsigned char *mine = (unsigned char *)columns[c] + (size_t)displs[t->rank] * mu_column_row_bytes(l, c);
        if (t->rank == 0)
            MPI_Gatherv(MPI_IN_PLACE, 0, row, columns[c], counts, displs, row, 0, MPI_COMM_WORLD);
        else
            MPI_Gatherv(mine, counts[t->rank], row, NULL, NULL, NULL, row, 0, MPI_COMM_WORLD);
        MPI_Type_free(&row);
    }
    free(counts);
    free(displs);
}

static void mpi_reduce(const mu_team *t, const mu_layout *l, uint64_t *const *tables, uint64_t *const *totals)
{
    for (int k = 0; k < l->n_tables; k++) {
        size_t cells = mu_table_cells(l, k);
        for (size_t at = 0; at < cells; at += INT_MAX / 2) {
            int n = (int)(cells - at < INT_MAX / 2 ? cells - at : INT_MAX / 2);
            const void *send = tables[k] + at;
            if (t->rank == 0 && tables[k] == totals[k]) /* one rank: the runner's totals are its tables */
                send = MPI_IN_PLACE;
            MPI_Reduce(send, t->rank == 0 ? totals[k] + at : NULL, n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
        }
    }
}

static const mu_team_ops mpi_ops = {
    .share = mpi_share, .agree = mpi_agree, .gather_rows = mpi_gather, .reduce_tables = mpi_reduce};

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
    if (team == &world)
        MPI_Finalize();
}

int mu_team_mpi_built(void) { return 1; }
