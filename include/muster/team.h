/* A team: the processes that play one run together (MPI ranks), as the
 * batch runner (muster/batch.h) sees them. Member 0 (rank 0) is the one
 * writer: it opens the output; every member plays its own blocks of each
 * batch (mu_team_blocks) and then claims ranges of the rest from member
 * 0 as it goes (the claim operations), then the rows every member played
 * are gathered into member 0's batch and the count tables are summed
 * there. Game g is always played with game g's generator wherever it is
 * played, so the result is the same for any size and any split.
 *
 * The solo team (one process, every operation a no-op) is the default.
 * The MPI team (src/sim/team_mpi.c, built only when CMake finds MPI) is
 * started by mu_team_start when the process was launched by mpirun or a
 * scheduler's MPI launcher; a build without MPI refuses such a launch
 * with more than one process (src/sim/team_none.c).
 *
 * Every operation but the claims is collective: every member calls it,
 * in the same order, from the thread that started the team. */
#ifndef MUSTER_TEAM_H
#define MUSTER_TEAM_H

#include "muster/layout.h"

#include <stddef.h>
#include <stdint.h>

typedef struct mu_team mu_team;

/* Rows of a batch: ranges [lo[i], hi[i]) for i < n, in the order they
 * travel. Zero-initialised to start; mu_row_ranges_free frees it. */
typedef struct mu_row_ranges {
    uint64_t *lo, *hi;
    size_t n, cap;
} mu_row_ranges;

/* Appends [lo, hi) to r (nothing when empty). */
void mu_row_ranges_add(mu_row_ranges *r, uint64_t lo, uint64_t hi);
/* Frees r's arrays and leaves it empty. */
void mu_row_ranges_free(mu_row_ranges *r);
/* Returns the rows r holds. */
uint64_t mu_row_ranges_rows(const mu_row_ranges *r);

typedef struct mu_team_ops {
    /* Copies member 0's words[0..n) to every member's words. */
    void (*share)(const mu_team *t, uint64_t *words, int n);
    /* Replaces every member's words[0..n) by the maximum of each word over
     * the members (an "or" of flags). */
    void (*agree)(const mu_team *t, uint64_t *words, int n);
    /* Gathers the rows of a batch into member 0's columns: each member m
     * holds the rows it played, played[m] (on member 0, played has an
     * entry for every member; on another member, played[0] is its own),
     * at their places in its columns[c] (rows of mu_column_row_bytes(l,
     * c) each, for every column of l); afterwards member 0's columns hold
     * them all. Other members' columns are only read. */
    void (*gather_rows)(const mu_team *t, const mu_layout *l, void *const *columns, const mu_row_ranges *played);
    /* Sums every member's tables[t] (mu_table_cells(l, t) cells each) into
     * member 0's totals[t]; other members' totals are not touched (may be
     * NULL). On member 0, tables and totals are either the same arrays
     * (a team of one: nothing to add) or do not overlap. */
    void (*reduce_tables)(const mu_team *t, const mu_layout *l, uint64_t *const *tables,
                          uint64_t *const *totals);
    /* Sends every member m but 0 its part of send: member 0's send holds
     * member 1's sizes[1] bytes, then member 2's sizes[2], and so on
     * (send and sizes are read on member 0 only; sizes has size entries,
     * sizes[0] is ignored). Returns on every member but 0 its bytes, in
     * memory the team keeps (the caller does not free it) until this
     * member's next scatter_bytes, and their count in *size; member 0
     * gets NULL and 0. In all, less than 2 GiB. */
    void *(*scatter_bytes)(const mu_team *t, const void *send, const size_t *sizes, size_t *size);
    /* The reverse: every member m but 0 sends its size bytes of mine;
     * member 0 gets them in memory the team keeps (the caller does not
     * free it) until its next gather_bytes, member after member from 1
     * on, with sizes[m] the count of member m's (sizes: size entries on
     * member 0; sizes[0] = 0). Other members get NULL. In all, less than
     * 2 GiB. */
    void *(*gather_bytes)(const mu_team *t, const void *mine, size_t size, size_t *sizes);

    /* Claims: not collective, and only in a team of more than one. A
     * member other than 0 asks member 0 for rows (claim_ask), then waits
     * for the answer (claim_get: rows [range[0], range[1]), empty when
     * there are none left); one question at a time, answered in the order
     * asked. */
    void (*claim_ask)(const mu_team *t);
    void (*claim_get)(const mu_team *t, uint64_t range[2]);
    /* Member 0: the member whose question has arrived, or -1 when none
     * has (wait 0); with wait 1, waits for one (asleep). */
    int (*claim_next)(const mu_team *t, int wait);
    /* Member 0: answers member's question with rows [range[0], range[1]). */
    void (*claim_answer)(const mu_team *t, int member, const uint64_t range[2]);
} mu_team_ops;

struct mu_team {
    const mu_team_ops *ops;
    int rank; /* this member, 0 .. size - 1 */
    int size; /* members */
};

/* The one-process team. */
extern const mu_team mu_team_solo;

/* Part part (0 <= part < parts) of n things split in parts equal
 * contiguous ranges, in order, within one of each other in length:
 * [*lo, *hi). Shards of a run (muster/batch.h) are these parts. */
void mu_split_equal(uint64_t n, int part, int parts, uint64_t *lo, uint64_t *hi);

/* A member's weight in the split of a batch: one other member's is
 * MU_TEAM_WEIGHT_ONE; member 0's (the writer's) is at most that. */
#define MU_TEAM_WEIGHT_ONE UINT64_C(1024)

/* Most stripes a batch is cut into (mu_team_blocks). */
#define MU_TEAM_STRIPES 16

/* The fixed blocks of n rows (the head of a batch; src/sim/batch_pool.h
 * hands out the rest) member rank plays, out of size members, member 0
 * with weight w0 (<= MU_TEAM_WEIGHT_ONE; the writer
 * takes fewer games to make up for packing and writing): the batch is
 * cut into equal stripes (MU_TEAM_STRIPES, fewer when n is small, 1 for
 * a team of one); in each, member 0 plays the first n' w0 / (w0 +
 * MU_TEAM_WEIGHT_ONE (size - 1)) rows and the others split the rest
 * equally in rank order. Stripes spread every member over the whole
 * batch, whose games may differ in cost (arms of different policies).
 * Writes the member's blocks, in order, as rows [lo[i], hi[i]) (arrays
 * of MU_TEAM_STRIPES) and returns their count. */
int mu_team_blocks(uint64_t n, uint64_t w0, int rank, int size, uint64_t *lo, uint64_t *hi);

/* Starts the team of this process: the MPI team when the process was
 * launched as an MPI job (initialising MPI, one thread calling it), else
 * the solo team. argc and argv are those of main (MPI may read them).
 * Returns 0 and *team (end it with mu_team_end), or MU_EXIT_USAGE with one
 * line in err: launched as an MPI job of more than one process by a
 * build without MPI. */
int mu_team_start(int *argc, char ***argv, const mu_team **team, char *err, size_t err_len);

/* Ends the team started by mu_team_start (MPI_Finalize: call it before
 * exit on every member). The solo team is ignored. */
void mu_team_end(const mu_team *team);

/* Whether this build can start an MPI team. */
int mu_team_mpi_built(void);

#endif
