/* `muster merge`: joins the shards of a run (results of `muster run
 * --shard K/N`, muster/batch.h) into the file the whole run writes. The
 * rows are copied in game order and the count tables summed, through the
 * output interface (muster/output.h), so the merged file holds the same
 * datasets as a run without shards (same experiment, seed and binary). */
#ifndef MUSTER_MERGE_H
#define MUSTER_MERGE_H

#include <stddef.h>
#include <stdint.h>

typedef struct mu_merge_options {
    const char *out_path;        /* the merged file (written as OUT.partial, then renamed) */
    const char *experiment_path; /* the experiment file; NULL: the one the shards name */
    int threads;                 /* threads compressing rows; 0: OpenMP's default */
    int overwrite;               /* replace an existing out_path */
} mu_merge_options;

typedef struct mu_merge_report {
    uint64_t games; /* games merged */
    int shards;     /* files merged */
    double seconds;
} mu_merge_report;

/* Merges the n shard files paths[0..n) (in any order) into opt->out_path.
 * Refuses, before writing anything, shards that are damaged or not
 * complete, of different experiments, seeds, or binaries (tool version
 * and git commit; this binary must be theirs too), whose game ranges
 * overlap or leave games out, and an experiment file whose text is not
 * the shards'. Returns MU_EXIT_OK, or an exit status with one line in
 * err: MU_EXIT_NOINPUT (a file cannot be read), MU_EXIT_DATAERR (a
 * refusal above), MU_EXIT_CANTCREAT (OUT exists or cannot be made),
 * MU_EXIT_IOERR (reading or writing failed; OUT.partial, if made, holds
 * the shards merged so far and resumes with `muster run --resume`). */
int mu_merge(const char *const *paths, int n, const mu_merge_options *opt, mu_merge_report *report, char *err,
             size_t err_len);

#endif
