/* The HDF5 results file: one writer, called from one thread at a time
 * (except mu_h5batch_pack, which any number of threads may run at once).
 * The batch runner reaches it only through the output interface
 * (muster/output.h: mu_output_hdf5, src/io/output_h5.c).
 *
 * Layout: per-game columns as /games/<column> (chunked, shuffle + deflate,
 * extended batch by batch) on the /games/game dimension scale; all of them
 * have the same rows per chunk (mu_h5out_chunk_games). Their chunks are
 * shuffled and deflated by the caller's threads (mu_h5batch_pack) and
 * written pre-filtered, so readers decode them with HDF5's standard
 * filters; a chunk is compressed and written once when batches start and
 * end on chunk boundaries, again at each batch that extends it otherwise.
 * Count tables
 * as uint64 N-d datasets with a dimension scale per axis; every numeric
 * dataset carries `units` and `long_name` (variable-length UTF-8). Root
 * attributes carry provenance (tool_version, git_commit, ruleset, seed,
 * games_requested, games_complete, status, threads, per_game_rows, created,
 * experiment, experiment_path; with a precision target, precision and,
 * once the run ends, how it ended: see mu_h5out_conclude). /checkpoint/slot0 and slot1 are the
 * writer's own: the last two checkpoints (games, tables, digest), which
 * resume reads; both equal once the run is complete.
 *
 * The file is written as OUT.partial, flushed after each batch, and only
 * fsynced and renamed to OUT by mu_h5out_finish. Object timestamps are off.
 * Freed file space is never reused and checkpoints alternate between two
 * slots, so a run killed at any time after its first flush leaves a file
 * that resumes (see src/io/h5out.c). */
#ifndef MUSTER_H5OUT_H
#define MUSTER_H5OUT_H

#include "muster/layout.h"
#include "muster/output.h" /* mu_provenance */

#include <stddef.h>
#include <stdint.h>

typedef struct mu_h5out mu_h5out;

/* Call before any other HDF5 call of the process (mu_output_hdf5_init).
 * Keeps libhdf5 from closing, at exit, files left open: a file whose
 * writes failed past a file-size limit cannot be closed (its detached
 * scratch copy cannot grow either), and libhdf5 1.10 crashes closing it
 * again at exit; it stays as of its last checkpoint. */
void mu_h5out_init(void);

/* Creates final_path + ".partial" with the groups, axes, empty columns (if
 * prov->per_game_rows) and zeroed tables of layout. Refuses (returns -1)
 * if final_path or final_path.partial exists and overwrite is 0, if
 * final_path is a dangling symbolic link, or if another process writes
 * final_path.partial.
 * Returns 0 and *out, or -1 with one line in err. */
int mu_h5out_create(const char *final_path, int overwrite, const mu_layout *layout,
                    const mu_provenance *prov, mu_h5out **out, char *err, size_t err_len);

/* Reads the HDF5 file path whole (every object, attribute and dataset) in
 * a child process, so that a damaged file crashes or hangs only the child.
 * Returns 0, or -1 with one line in err ("PATH: error: damaged: ..."). */
int mu_h5out_check(const char *path, char *err, size_t err_len);

/* The checks resume makes before trusting partial_path (see
 * mu_h5out_resume: provenance against prov, datasets against layout, the
 * intact slot, the rows and the static content it promises, everything
 * read), in the calling process when here is 1 (for the fuzz harness: a
 * damaged file may crash libhdf5 in it), else in a child. Leaves the file
 * as it was. Returns 0, or -1 with one line in err. */
int mu_h5out_vet_partial(const char *partial_path, const mu_layout *layout,
                         const mu_provenance *prov, int here, char *err, size_t err_len);

/* Reopens partial_path (a file left by an interrupted run) to continue it.
 * First reads it whole in a child process (mu_h5out_check), checking
 * that its ruleset, seed, games_requested, per_game_rows and experiment
 * text equal prov's, that its status is "partial" (or "complete" after a
 * kill inside finish), that one of its checkpoint slots is whole (digest)
 * and that its rows are those the slot recorded; and that the final OUT
 * does not exist. A file refused is left as it was. Reads the games and tables of the whole slot with more games into
 * *games_complete and tables[t] (caller-allocated, mu_table_cells(layout,
 * t) cells each) and rewrites the file's tables and games_complete from
 * them. Truncates per-game columns to games_complete rows. Returns 0 and *out, or -1 with
 * one line in err. */
int mu_h5out_resume(const char *partial_path, const mu_layout *layout, const mu_provenance *prov,
                    mu_h5out **out, uint64_t *games_complete, uint64_t *const *tables, char *err,
                    size_t err_len);

/* Appends rows for games [first_game, first_game + n) to every column;
 * columns[c] holds n rows of column c packed (mu_column_row_bytes each).
 * first_game must equal the rows already written. Does nothing when the
 * file has no per-game rows. The same as mu_h5out_batch_begin, every
 * mu_h5batch_pack on this thread, mu_h5batch_seal and
 * mu_h5out_batch_write. Returns 0 or -1. */
int mu_h5out_append_rows(mu_h5out *h, uint64_t first_game, uint64_t n, const void *const *columns,
                         char *err, size_t err_len);

/* Rows per chunk of every /games dataset: batches whose first game and
 * size are multiples of it (the last batch excepted) compress and write
 * every chunk exactly once. 0 when the file has no per-game rows. */
uint64_t mu_h5out_chunk_games(const mu_h5out *h);

/* A batch of rows on its way to the file: planned by mu_h5out_batch_begin,
 * its chunks packed (shuffled and deflated) by mu_h5batch_pack on any
 * threads, sealed, then written by mu_h5out_batch_write. Owned by the
 * writer; at most two are begun and not yet written or dropped. */
typedef struct mu_h5batch mu_h5batch;

/* Plans the chunks holding games [first_game, first_game + n), whose rows
 * are columns[c] (n rows each, as for mu_h5out_append_rows; borrowed
 * until mu_h5batch_seal). first_game must equal the rows of the batches
 * begun so far, and the previous batch must be sealed. Makes no HDF5
 * call. Returns 0 and *out, or -1 with one line in err (rows off, out of
 * order, beyond the games requested, or two batches already begun). */
int mu_h5out_batch_begin(mu_h5out *h, uint64_t first_game, uint64_t n, const void *const *columns,
                         mu_h5batch **out, char *err, size_t err_len);

/* Returns the number of chunks of b (to pass to mu_h5batch_pack). */
size_t mu_h5batch_chunks(const mu_h5batch *b);

/* Shuffles and deflates chunk i (0 <= i < mu_h5batch_chunks(b)) of b.
 * Makes no HDF5 call; threads may pack distinct chunks of b at once, also
 * while another thread writes an earlier batch or checkpoints. */
void mu_h5batch_pack(mu_h5batch *b, size_t i);

/* What packing chunk i of b in another process takes (a team member
 * without the file, muster/team.h): *how (the transform, for
 * mu_h5_pack_part), *in_bytes (the size of its input, mu_h5batch_export)
 * and *cap (the room its packed form may take); and *row, the chunk's
 * first row. */
void mu_h5batch_part(const mu_h5batch *b, size_t i, uint32_t *how, size_t *in_bytes, size_t *cap,
                     uint64_t *row);

/* Writes the input of chunk i of b (mu_h5batch_part's in_bytes) into in:
 * its rows as one chunk lays them out before the filters (with the rows
 * of the unfinished chunk before the batch), or for the game scale the
 * description of its indices. Makes no HDF5 call; any thread, before
 * mu_h5batch_seal. */
void mu_h5batch_export(const mu_h5batch *b, size_t i, void *in);

/* Packs an exported chunk: in (n bytes, from mu_h5batch_export) with
 * transform how into out (cap bytes, mu_h5batch_part's cap). Needs no
 * writer: any process, any thread. The bytes are those mu_h5batch_pack
 * makes of the same chunk. Returns their size, or 0 (how, n or cap do not
 * fit). */
size_t mu_h5_pack_part(uint32_t how, const void *in, size_t n, void *out, size_t cap);

/* Takes packed (size bytes, from mu_h5_pack_part) as chunk i of b instead
 * of packing it with mu_h5batch_pack. Returns 0, or -1 when size is 0 or
 * beyond the chunk's room (the chunk is then unpacked and
 * mu_h5out_batch_write refuses b). */
int mu_h5batch_import(mu_h5batch *b, size_t i, const void *packed, size_t size);

/* After every chunk of b is packed: keeps the rows of b's last unfinished
 * chunk for the next batch. b then no longer reads its columns. */
void mu_h5batch_seal(mu_h5batch *b);

/* Writes sealed batch b (the batches in the order begun), extending every
 * column and the game scale to its last game, and releases b. The rows
 * are in the file at the next mu_h5out_checkpoint. Returns 0, or -1 with
 * one line in err (b is released all the same). */
int mu_h5out_batch_write(mu_h5out *h, mu_h5batch *b, char *err, size_t err_len);

/* Releases b without writing it. If b is the last batch begun and is not
 * sealed, the next batch may start at b's first game; otherwise no more
 * rows can be added (the file can only stay partial). NULL is ignored. */
void mu_h5out_batch_drop(mu_h5out *h, mu_h5batch *b);

/* Flushes the rows, then records games_complete and tables[t]
 * (mu_table_cells cells each) in a checkpoint slot (both slots when every
 * game is complete), the count tables and games_complete, and flushes:
 * after this returns 0 the file is a valid partial result. Returns 0 or -1. */
int mu_h5out_checkpoint(mu_h5out *h, uint64_t games_complete, const uint64_t *const *tables,
                        char *err, size_t err_len);

/* For a run with a precision target (prov->precision > 0): records that
 * the run ends at its last checkpoint, outcome->games games, whose tables
 * are tables (both checkpoint slots then hold it, as for a complete run),
 * and how it ended (root attributes precision_met, precision_widest,
 * precision_half_width and, when not met, precision_games_needed), then
 * flushes. mu_h5out_finish then completes the file at those games.
 * Returns 0, or -1 with one line in err. */
int mu_h5out_conclude(mu_h5out *h, const mu_precision_outcome *outcome, const uint64_t *const *tables,
                      char *err, size_t err_len);

/* Marks the file complete, closes it, fsyncs it, reads it back whole in a
 * child process (it must hold exactly the last checkpoint: tables, slots,
 * everything else made at create, and the rows if the run was resumed)
 * and renames OUT.partial to OUT. Refuses (the file stays
 * partial) unless every requested game is complete (or the games a
 * precision run concluded at, mu_h5out_conclude), and never replaces an
 * OUT that appeared during the run unless created with overwrite. The
 * layout given to create or resume must live until now. Frees h whatever
 * happens. Returns 0 or -1. */
int mu_h5out_finish(mu_h5out *h, char *err, size_t err_len);

/* Closes a file that stays partial (status "partial") and frees h. */
void mu_h5out_close_partial(mu_h5out *h);

#endif
