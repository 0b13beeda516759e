/* Reading the results files `muster merge` joins (src/io/h5shard.c): what
 * a file says it holds (its root attributes), and the rows and count
 * tables of a complete shard (a result made with `muster run --shard`),
 * checked before they are trusted. The merge itself, which writes through
 * the output interface, is muster/merge.h. */
#ifndef MUSTER_H5SHARD_H
#define MUSTER_H5SHARD_H

#include "muster/layout.h"
#include "muster/output.h"

#include <stddef.h>
#include <stdint.h>

/* The root attributes of a results file. Strings are malloc'd (free with
 * mu_shard_info_free). */
typedef struct mu_shard_info {
    char *ruleset, *experiment, *experiment_path, *tool_version, *git_commit, *status;
    uint64_t seed;
    uint64_t games_requested; /* games the file holds when complete */
    uint64_t games_complete;
    uint64_t first_game;      /* of row 0 */
    uint64_t games_total;     /* of the whole run */
    int shard, shards;        /* 0 and 0: not a shard */
    int per_game_rows;
    int threads, ranks;
} mu_shard_info;

/* Reads the root attributes of the results file path into *info, after
 * reading the file whole in a child process (a damaged file crashes only
 * the child: muster/h5out.h, mu_h5out_check). Returns 0, or an exit status
 * with one line in err ("PATH: error: ..."): MU_EXIT_NOINPUT (cannot be
 * read), MU_EXIT_DATAERR (damaged, not a muster results file, or not a
 * shard). */
int mu_shard_info_read(const char *path, mu_shard_info *info, char *err, size_t err_len);

/* Frees info's strings and zeroes it. */
void mu_shard_info_free(mu_shard_info *info);

/* A complete shard opened for reading. */
typedef struct mu_shard_reader mu_shard_reader;

/* Opens the complete shard path, made by a run of layout with provenance
 * prov (ruleset, seed, experiment text, rows, games_requested, first_game
 * and shard as its info says), after checking it whole in a child
 * process: its provenance, datasets and its checkpoint against prov and
 * layout, every row against the checkpoint's digests. Reads the count
 * tables of its checkpoint into tables[t] (caller-allocated,
 * mu_table_cells(layout, t) cells each). Returns 0 and *out, or
 * MU_EXIT_DATAERR with one line in err. layout must outlive the reader. */
int mu_shard_open(const char *path, const mu_layout *layout, const mu_provenance *prov, mu_shard_reader **out,
                  uint64_t *const *tables, char *err, size_t err_len);

/* Reads rows [row0, row0 + n) of every column into columns[c] (n rows of
 * mu_column_row_bytes each). Returns 0, or MU_EXIT_IOERR with one line in
 * err. */
int mu_shard_read_rows(mu_shard_reader *r, uint64_t row0, uint64_t n, void *const *columns, char *err,
                       size_t err_len);

/* Closes r (NULL is ignored). */
void mu_shard_close(mu_shard_reader *r);

#endif
