/* The batch runner: plays an experiment's games in parallel (OpenMP,
 * dynamic chunks over game indices, each game by the game driver,
 * muster/sim.h) and streams them batch by batch through the output
 * interface (muster/output.h; by default the HDF5 file). Game g always
 * uses the generator mu_rng_for_game(seed, g), its row is stored at index
 * g, and count tables are integer sums, so the output is bit-identical for
 * any thread count, batch size, number of processes (muster/team.h), and
 * after an interrupted run is resumed; a run split in shards gives the
 * same rows and, summed, the same tables. */
#ifndef MUSTER_BATCH_H
#define MUSTER_BATCH_H

#include "muster/experiment.h"
#include "muster/output.h"
#include "muster/precision.h"
#include "muster/team.h"

#include <stddef.h>
#include <stdint.h>

typedef struct mu_run_options {
    const char *out_path;    /* the final output file */
    const char *resume_path; /* OUT.partial to continue, or NULL */
    int threads;             /* 0: OpenMP's default */
    int overwrite;           /* replace an existing out_path */
    int progress;            /* print a progress line on stderr */
    uint64_t batch_games;    /* games per batch; 0: adaptive (up to about 0.5 s a
                              * batch, in whole chunks of the per-game rows) */
    const mu_output_type *output; /* where results go; NULL: the HDF5 file
                                   * (mu_output_hdf5) */
    const mu_team *team;     /* the processes playing together; NULL: this one
                              * alone (mu_team_solo). Only member 0 opens the
                              * output; the others need no out_path */
    double precision;        /* > 0: stop at the first check point where every rate's
                              * 95% interval is within +-precision (muster/precision.h);
                              * the experiment's games are then the cap. Not with
                              * shards */
    int shard, shards;       /* play only shard K of N (1 <= K <= N): games
                              * mu_split_equal(games, K - 1, N) of the run, into
                              * a result of their own; 0 and 0: every game */
} mu_run_options;

/* What a run did. Batch k's rows are packed (for the HDF5 file: shuffled
 * and deflated) by every thread as soon as they are played (pack_seconds;
 * in a team, by every member's threads, each a share of the parts),
 * then written and checkpointed by the calling thread while the others
 * play batch k + 1 (write_seconds: that thread's time, not spent
 * playing). */
typedef struct mu_run_report {
    uint64_t games_total;
    uint64_t games_complete;
    uint64_t games_this_run; /* played by this call (excludes resumed games) */
    double seconds;          /* wall time of this call */
    double write_seconds;    /* time the calling thread spent writing the file */
    double pack_seconds;     /* wall time all threads spent compressing rows
                              * (in a team, member 0's: its share, sending the
                              * others theirs and the wait for them) */
    double gather_seconds;   /* time the rows took to reach member 0 (with the
                              * wait for the slowest member) */
    double reduce_seconds;   /* time the tables took to be summed on member 0 */
    double writer_share;     /* the share of the last batch member 0 played */
    double cpu_seconds;      /* CPU time of this process (all threads) playing,
                              * packing and writing the batches */
    double cpu_seconds_max;  /* the most of any member: with one core a
                              * thread, the run's length on an idle machine */
    int threads;             /* of this member */
    int ranks;               /* members of the team */
    uint64_t first_game;     /* the first game played: a shard's, or 0 */
    /* With a precision target: whether it was met (else the cap was hit),
     * the widest rate cell at the end, and, not met, about how many
     * games the target needs (member 0 only) */
    int precision_met;
    mu_rate_cell widest;
    uint64_t games_needed;
} mu_run_report;

/* Runs experiment ex (seed, games and rules as given in ex) and writes the
 * results. With a team of several members, every member calls it with
 * the same experiment and options; member 0 writes and the others return
 * its status (err is filled on member 0 only). Returns MU_EXIT_OK when the file is complete and renamed,
 * MU_EXIT_INTERRUPTED when mu_batch_request_stop stopped it (the partial
 * file is valid and resumable), or an error status (MU_EXIT_CANTCREAT,
 * MU_EXIT_IOERR, MU_EXIT_DATAERR for a resume mismatch or a precision
 * target the ruleset reports no rates for, MU_EXIT_USAGE for a precision
 * target with shards, MU_EXIT_NOINPUT for no partial file to resume,
 * MU_EXIT_SOFTWARE)
 * with one line in err. *report is filled in every case. */
int mu_batch_run(const mu_experiment *ex, const mu_run_options *opt, mu_run_report *report, char *err,
                 size_t err_len);

/* Asks a running mu_batch_run to stop after each worker's current game.
 * Async-signal-safe: call it from a SIGINT/SIGTERM handler. */
void mu_batch_request_stop(void);

/* Clears a stop request (for running again in the same process). */
void mu_batch_clear_stop(void);

#endif
