/* mu_team_start of a build without MPI (CMake found none): the solo
 * team, and a refusal when the process was launched as one of several
 * processes of an MPI job, which would otherwise each play every game
 * into the same file. */
#include "muster/team.h"

#include "muster/status.h"

#include <stdio.h>
#include <stdlib.h>

/* The size of the MPI job this process was launched in, by the variables
 * launchers set (Open MPI's mpirun, PMIx, PMI-1/2, Slurm's srun), or 1. */
static long launched_size(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE", "MPI_LOCALNRANKS"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return strtol(v, NULL, 10);
    }
    return 1;
}

int mu_team_start(int *argc, char ***argv, const mu_team **team, char *err, size_t err_len)
{
    (void)argc, (void)argv;
    *team = &mu_team_solo;
    long size = launched_size();
    if (size > 1) {
        snprintf(err, err_len, "muster: error: launched as one of %ld MPI processes, but this muster was "
                               "built without MPI (install libopenmpi-dev and build again, or use --shard)",
                 size);
        return MU_EXIT_USAGE;
    }
    return MU_EXIT_OK;
}

void mu_team_end(const mu_team *team)
{
    (void)team;
}

int mu_team_mpi_built(void) { return 0; }
