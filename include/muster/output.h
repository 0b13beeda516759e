/* The output interface: where the batch runner (src/sim) sends a run's
 * results, without knowing how they are stored or carried. A transport is
 * a mu_output_type (how to begin a new result or resume a partial one)
 * whose open outputs carry a table of operations (mu_output_ops), like
 * the ruleset table. The HDF5 results file (mu_output_hdf5, src/io/
 * output_h5.c over muster/h5out.h) is the one transport today. Several
 * processes (MPI ranks, muster/team.h) share one output: only rank 0
 * opens it, the others' rows and counts reach it through the team.
 *
 * A run, as the batch runner drives it:
 *
 *   begin (or resume: games_complete and the tables so far)
 *   for each batch of games [first, first + n), in order:
 *       batch_begin(rows of the batch)      (calling thread)
 *       batch_pack(part i) for every part   (any threads, in parallel;
 *                                            or, for a part packed by
 *                                            another process: part_export
 *                                            here, the type's pack_part
 *                                            there, part_import here)
 *       batch_seal                          (calling thread)
 *       batch_write, then checkpoint(games complete, tables)
 *                                           (calling thread, while the
 *                                            other threads play the next
 *                                            batch)
 *   finish (complete) or abandon (stays partial, resumable)
 *
 * Every operation but batch_parts and batch_pack is called from one and the
 * same thread, the one that began or resumed the output. An output is
 * crash-safe at checkpoints: once checkpoint returns 0, a resume sees at
 * least those games whatever happens to the process afterwards. */
#ifndef MUSTER_OUTPUT_H
#define MUSTER_OUTPUT_H

#include "muster/layout.h"

#include <stddef.h>
#include <stdint.h>

/* Who made a result and from what. Strings are borrowed. */
typedef struct mu_provenance {
    const char *ruleset;
    uint64_t seed;
    uint64_t games_requested;    /* games this result holds: the run's, or its shard's */
    uint64_t first_game;         /* the game index of row 0: the shard's first game, 0
                                  * for a whole run */
    int shard, shards;           /* shard K of N (1 <= K <= N), or 0 and 0: a whole run */
    uint64_t games_total;        /* a shard's: the games of the whole run */
    int threads;                 /* OpenMP threads (per rank) */
    int ranks;                   /* processes (MPI ranks) playing the run; 0 counts as 1 */
    int merged_shards;           /* a whole result merged from this many shards, or 0 */
    int per_game_rows;           /* whether per-game rows are written */
    double precision;            /* the run's precision target (muster/precision.h), or 0:
                                  * none; games_requested is then its cap */
    const char *experiment_text; /* the experiment file verbatim */
    const char *experiment_path;
} mu_provenance;

typedef struct mu_output mu_output;             /* an open result */

/* How a run with a precision target ended (muster/precision.h). Strings
 * are borrowed. */
typedef struct mu_precision_outcome {
    uint64_t games;       /* the games it stopped at: its last checkpoint */
    int met;              /* every rate within the target; else the cap was hit */
    const char *widest;   /* the rate cell with the widest interval then */
    double half_width;    /* of that interval */
    uint64_t games_needed; /* not met: about how many games the target needs */
} mu_precision_outcome;

/* A part of a batch to be packed where the output is not open: how (the
 * output type's own code for its transform), the bytes of its input, the
 * most bytes its packed form may take, and the first row of the result
 * it holds (parts of the same rows cost alike: a team deals them out in
 * that order). */
typedef struct mu_output_part {
    uint32_t how;
    uint64_t in_bytes;
    uint64_t cap;
    uint64_t first_row;
} mu_output_part;

typedef struct mu_output_batch mu_output_batch; /* rows on their way to it */

/* The operations of an open output o (o->ops). err/err_len receive one
 * line on failure. */
typedef struct mu_output_ops {
    /* Returns the games per part of the per-game rows: batches whose first
     * game and size are multiples of it (the last batch excepted) are
     * packed and written once each; others cost some rework, never a
     * difference in the result. 0 when the run has no per-game rows. */
    uint64_t (*batch_align)(const mu_output *o);
    /* Plans the rows of games [first_game, first_game + n) of this result
     * (counted from its row 0, game prov->first_game of the run): columns[c]
     * holds their n rows of column c packed (mu_column_row_bytes each),
     * borrowed until batch_seal. first_game must follow the batches begun
     * so far and the previous batch must be sealed; at most two batches
     * are begun and not yet written or dropped. Returns 0 and *out, or -1
     * (rows off, out of order, beyond the games requested, two batches
     * open). */
    int (*batch_begin)(mu_output *o, uint64_t first_game, uint64_t n, const void *const *columns,
                       mu_output_batch **out, char *err, size_t err_len);
    /* Returns the number of parts of b, to pass to batch_pack. */
    size_t (*batch_parts)(const mu_output_batch *b);
    /* Prepares part i (0 <= i < batch_parts(b)) of b for writing (the HDF5
     * file: shuffles and deflates a chunk). Threads may pack distinct parts
     * of b at once, also while the calling thread writes an earlier batch
     * or checkpoints. */
    void (*batch_pack)(mu_output_batch *b, size_t i);
    /* After every part of b is packed: b no longer reads its columns (the
     * runner may refill them). */
    void (*batch_seal)(mu_output_batch *b);
    /* Writes sealed batch b (batches in the order begun) and releases it.
     * Its rows count at the next checkpoint. Returns 0, or -1 (b released
     * all the same). */
    int (*batch_write)(mu_output *o, mu_output_batch *b, char *err, size_t err_len);
    /* Releases b without writing it (NULL is ignored). If b is the last
     * batch begun and is not sealed, the next batch may start at b's first
     * game; otherwise no more rows can be added (the result can only stay
     * partial). */
    void (*batch_drop)(mu_output *o, mu_output_batch *b);
    /* Records that games [0, games_complete) are done (their rows written
     * before) with count tables tables[t] (mu_table_cells of the layout
     * each; read during the call only). After it returns 0 the partial
     * result holds those games and resumes from them. Returns 0 or -1. */
    int (*checkpoint)(mu_output *o, uint64_t games_complete, const uint64_t *const *tables, char *err,
                      size_t err_len);
    /* Completes the result (every requested game checkpointed) and frees o
     * whatever happens. Returns 0, or -1 (the result stays partial). */
    int (*finish)(mu_output *o, char *err, size_t err_len);
    /* Leaves the result partial, as of its last checkpoint, and frees o. */
    void (*abandon)(mu_output *o);
    /* Optional (NULL: every part is packed by batch_pack): packing part i
     * of b in another process, which has no output open (a team member,
     * muster/team.h). part_describe fills *part; part_export writes the
     * part's input (part->in_bytes) into in, before batch_seal;
     * part_import takes packed (size bytes, made by the output type's
     * pack_part from that input) as part i, instead of batch_pack, and
     * returns 0, or -1 when it cannot be (batch_write then fails).
     * part_describe and part_import run on the calling thread;
     * part_export on any threads, for distinct parts at once. */
    void (*part_describe)(const mu_output_batch *b, size_t i, mu_output_part *part);
    void (*part_export)(const mu_output_batch *b, size_t i, void *in);
    int (*part_import)(mu_output_batch *b, size_t i, const void *packed, size_t size);
    /* For a run with a precision target (prov->precision > 0; NULL
     * otherwise): records that the result ends at its last checkpoint,
     * outcome->games games (at most the games requested), whose tables are
     * tables, and how it ended; finish then completes it at those games.
     * Returns 0 or -1. */
    int (*conclude)(mu_output *o, const mu_precision_outcome *outcome, const uint64_t *const *tables,
                    char *err, size_t err_len);
} mu_output_ops;

/* An open output: every implementation's object begins with this. */
struct mu_output {
    const mu_output_ops *ops;
};

/* A transport: how a run opens its output. Both functions return an exit
 * status of muster/status.h: MU_EXIT_OK and *out, or an error with one
 * line in err and nothing open. */
typedef struct mu_output_type {
    const char *name;
    /* Starts a new result for layout to become path when complete (the
     * HDF5 file: path + ".partial" until then). Refuses (MU_EXIT_CANTCREAT)
     * when path exists and overwrite is 0, or the result cannot be
     * made. */
    int (*begin)(const char *path, int overwrite, const mu_layout *layout, const mu_provenance *prov,
                 mu_output **out, char *err, size_t err_len);
    /* Continues the partial result partial_path (left by an interrupted run
     * of the same experiment: ruleset, seed, games, rows and experiment
     * text as prov) to become path. Reads its last whole checkpoint into
     * *games_complete and tables[t] (caller-allocated, mu_table_cells of
     * layout each). Returns MU_EXIT_NOINPUT when partial_path does not
     * exist, MU_EXIT_CANTCREAT when path does, MU_EXIT_DATAERR when
     * partial_path is not a resumable result of this run. */
    int (*resume)(const char *partial_path, const char *path, const mu_layout *layout,
                  const mu_provenance *prov, mu_output **out, uint64_t *games_complete,
                  uint64_t *const *tables, char *err, size_t err_len);
    /* Optional (with the ops' part_describe): packs a part exported by an
     * output of this type, in any process and thread: in
     * (part->in_bytes) into out (part->cap bytes). The bytes are those
     * batch_pack makes of the part. Returns their size, or 0 on
     * failure. */
    size_t (*pack_part)(const mu_output_part *part, const void *in, void *out);
} mu_output_type;

/* The HDF5 results file (see muster/h5out.h for the file and its crash
 * safety). */
extern const mu_output_type mu_output_hdf5;

/* Prepares the HDF5 library: call first thing in main, before any HDF5
 * call (muster/h5out.h: mu_h5out_init). */
void mu_output_hdf5_init(void);

#endif
