/* Private to the HDF5 results writer (h5out.c): the writer's state; the
 * layout checks (h5check.c); the code that turns a layout into groups,
 * dimension scales, columns and tables, or reopens and checks them when a
 * partial file is resumed (h5objects.c); the file-level mechanics
 * (h5file.c); the two checkpoint slots resume reads (h5ckpt.c); and the
 * per-game rows, shuffled and deflated into whole chunks by the callers'
 * threads and written as pre-filtered chunks (h5pack.c).
 *
 * Functions returning int return 0, or -1 with one message (no file name,
 * no "error:") in msg. */
#ifndef MUSTER_IO_H5OBJECTS_H
#define MUSTER_IO_H5OBJECTS_H

#include "muster/h5out.h"
#include "muster/layout.h"

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>

/* Rows per chunk of the /games datasets (all of them alike: a power of
 * two, halved until every chunk fits MU_H5_CHUNK_MAX bytes, never more
 * than the games requested), and the cap of one chunk in bytes. */
#define MU_H5_CHUNK_ROWS 65536u
#define MU_H5_CHUNK_MAX (1024u * 1024u)
/* zlib level of the deflate filter, as recorded in the datasets: what
 * HDF5 itself uses if it ever rewrites a chunk, e.g. when resume shrinks
 * a column. h5pack.c deflates the chunks it writes with libdeflate, at
 * levels of its own (see there). */
#define MU_H5_DEFLATE_LEVEL 1u

struct mu_h5col {
    hid_t dset;
    mu_dtype type;
    int rank;         /* 1, or 2 for (game, axis) */
    hsize_t width;    /* the axis length, 1 for a 1-D column */
    hsize_t chunk[2]; /* chunk shape: rows, and elements along the axis */
    unsigned char *tail; /* rows [planned / chunk[0] * chunk[0], planned) of
                          * the unfinished last chunk (chunk[0] rows of
                          * width elements), for the batch that extends it */
    char *path;       /* "games/<name>", for messages */
};

struct mu_h5batch; /* h5pack.c (muster/h5out.h: mu_h5batch) */

/* A running digest of a byte stream (a column's rows, in game order): the
 * hash of its whole 8-byte words so far, and the bytes of the unfinished
 * word (low 56 bits) with their count (top 8 bits). The same bytes give
 * the same digest however they are split (h5ckpt.c). */
struct mu_h5_sum {
    uint64_t hash, tail;
};

struct mu_h5tab {
    hid_t dset;
    size_t cells;
    char *path; /* "<group>/<name>" */
};

struct mu_h5out {
    hid_t file;
    const mu_layout *layout; /* borrowed: outlives the writer */
    mu_provenance prov;      /* its strings are owned[] */
    char *owned[3];
    char *partial_path; /* OUT.partial, the file being written */
    char *final_path;   /* OUT */
    int overwrite;      /* whether finish may replace an existing OUT */
    int resumed;        /* the file was left by another run */
    int per_game_rows;
    uint64_t games_requested;
    uint64_t games_complete; /* at the last checkpoint */
    uint64_t games_end;      /* the games at which the file is whole: games_requested,
                              * or where a precision run concluded */
    uint64_t rows;           /* rows in every column (and the game scale) */
    uint64_t planned;        /* rows handed to mu_h5out_batch_begin (>= rows) */
    int unsealed;            /* a begun batch is not sealed yet */
    int broken;              /* a batch was dropped after sealing: no more rows */
    hid_t game;              /* the games/game dimension scale */
    hsize_t game_chunk;      /* its rows per chunk */
    struct mu_h5batch *slot[2]; /* batches, recycled (at most two begun) */
    int n_columns;
    struct mu_h5col col[MU_LAYOUT_MAX_COLUMNS];
    /* digests of each column's rows (mu_h5_sum_add): of rows [0, rows),
     * and of rows [0, planned) as far as sealed */
    struct mu_h5_sum sum_rows[MU_LAYOUT_MAX_COLUMNS], sum_sealed[MU_LAYOUT_MAX_COLUMNS];
    /* digest of everything in the file that never changes after create
     * (mu_h5_static_digest), kept in every checkpoint slot */
    uint64_t sum_static;
    int n_tables;
    struct mu_h5tab tab[MU_LAYOUT_MAX_TABLES];
    struct {
        hid_t dset[2]; /* /checkpoint/slot0 and slot1 */
        int next;      /* the slot the next checkpoint writes */
        size_t n;      /* uint64 words in a slot */
        uint64_t *buf; /* one slot's words */
    } ckpt;            /* h5ckpt.c */
};

/* ---- h5file.c ---- */

/* New property lists (caller closes) for the results file: access with
 * 1.8-format objects (1.10 bounds for the file space info), no metadata
 * cache evictions (metadata reaches the file only at a flush) and a strong
 * close; creation with timestamps off and file space never reused. */
hid_t mu_h5_file_access(void);
hid_t mu_h5_file_create(void);

/* Reserves disk space for every byte the file has allocated (a full disk
 * or a file-size limit fails here, before the flush touches a byte), then
 * H5Fflush(h->file, H5F_SCOPE_GLOBAL), then moves the end of the file one
 * byte past its last block, so that space freed before the next flush (a
 * column's last chunk, rewritten by the next batch) is never at the end of
 * the file and never handed out again while flushed metadata may point to
 * it. Returns 0, or -1 with msg. */
int mu_h5_flush(mu_h5out *h, char *msg, size_t len);

/* Points h's file descriptor at a scratch file in memory: nothing HDF5
 * writes from now on (the dirty metadata a close would flush) reaches the
 * file, which stays as of its last flush, a checkpoint. Call before
 * closing a file that stays partial. */
void mu_h5_detach(mu_h5out *h);

/* Writes the current UTC time (SOURCE_DATE_EPOCH if set) as ISO-8601,
 * e.g. "2026-01-02T03:04:05Z", into buf. */
void mu_h5_utc_now(char *buf, size_t len);

/* Renames partial to final; unless overwrite, never replaces a final that
 * exists (hard link + unlink; where links are unsupported, a check then a
 * rename). Returns 0 or an errno value (EEXIST: final exists). */
int mu_h5_publish(const char *partial, const char *final, int overwrite);

/* fsyncs path (a directory if dir), or the directory holding path.
 * Return 0 or an errno value. */
int mu_h5_sync(const char *path, int dir);
int mu_h5_sync_parent(const char *path);

/* ---- h5check.c, h5objects.c ---- */

/* group without its leading slashes ("" is the root group). */
const char *mu_h5_relative(const char *group);

/* Checks that layout can be written: axis 0 is games/game (its int length
 * is ignored: the game axis grows to games_requested), other axes are
 * non-empty, indices are in range, strings are set, and every dataset's
 * axes live in its own group or an enclosing one (what netCDF readers such
 * as xarray need to name dimensions). */
int mu_h5_check_layout(const mu_layout *layout, uint64_t games_requested, char *msg, size_t len);

/* Creates in h->file the groups, axes, columns (if h->per_game_rows) and
 * zeroed tables of a checked layout, and records their ids in h. */
int mu_h5_build(mu_h5out *h, const mu_layout *layout, char *msg, size_t len);

/* Opens in h->file the game scale, columns and tables of layout, checking
 * that they exist with the layout's types and shapes, and records their
 * ids in h (h->rows is set to the game scale's length). */
int mu_h5_reopen(mu_h5out *h, const mu_layout *layout, char *msg, size_t len);

/* Checks that the game scale and every column have at least
 * h->games_complete rows (when h->per_game_rows). */
int mu_h5_check_rows(const mu_h5out *h, char *msg, size_t len);

/* Sets the length of the game scale and every column to rows (h->rows is
 * the caller's to update). */
int mu_h5_set_rows(mu_h5out *h, uint64_t rows, char *msg, size_t len);

/* Checks that the game scale and every column hold a chunk for each of
 * their h->rows rows (a chunk index torn by a kill loses some). */
int mu_h5_check_chunks(const mu_h5out *h, char *msg, size_t len);

/* Closes the ids recorded in h (not the file) and frees the paths. */
void mu_h5_close_objects(mu_h5out *h);

/* ---- h5ckpt.c: the two checkpoint slots (why: see there) ---- */

/* The digest of column c's rows before any, and that digest extended by
 * n more bytes. */
struct mu_h5_sum mu_h5_sum_start(int c);
void mu_h5_sum_add(struct mu_h5_sum *s, const void *bytes, size_t n);

/* The digest of a slot's first n words, stored as its word n: a slot torn
 * by a kill, or damaged, does not match it. */
uint64_t mu_h5_slot_digest(const uint64_t *words, size_t n);

/* Creates /checkpoint and its two slots for h's tables (call after
 * mu_h5_build) and writes the empty run (0 games, zero tables) to both. */
int mu_h5_ckpt_make(mu_h5out *h, char *msg, size_t len);

/* Writes games, tables (NULL: all zero), h->sum_rows and h->sum_static
 * with their digest to the slot not written last. Returns 0, or -1 after a failed HDF5
 * call. */
int mu_h5_ckpt_write(mu_h5out *h, uint64_t games, const uint64_t *const *tables);

/* Opens the two slots of a partial file (call after mu_h5_reopen),
 * checking their length against h's tables. */
int mu_h5_ckpt_open(mu_h5out *h, char *msg, size_t len);

/* Reads both slots and takes the intact one (its digest matches) with
 * more games: *games, tables[t] (each h->tab[t].cells long) and
 * h->sum_rows, h->sum_sealed and h->sum_static get its contents, and the next write goes
 * to the other slot. Fails when neither is intact. */
int mu_h5_ckpt_read(mu_h5out *h, uint64_t *games, uint64_t *const *tables, char *msg, size_t len);

/* Closes the slots and frees the buffer (safe on a writer without them). */
void mu_h5_ckpt_close(mu_h5out *h);

/* ---- h5verify.c: checking a file before trusting it (why: see there) ---- */

/* Reads every object, attribute and dataset of h's file (the values of
 * the game scale and the per-game columns excepted: the caller checks
 * those against a checkpoint) and digests what never changes after create: every attribute but the root's
 * games_complete and status, and the values of every dataset but the
 * per-game columns, the game scale, the tables and the checkpoint slots
 * (the objects h has open). Returns 0 and *sum, or -1 with msg. */
int mu_h5_static_digest(const mu_h5out *h, uint64_t *sum, char *msg, size_t len);

/* Reads the results file path whole in a child process: every object,
 * attribute and dataset; its provenance against prov; its datasets
 * against layout; its intact checkpoint slot with more games, and
 * (rows) the per-game rows that slot promises (the game scale's indices,
 * every column's rows digest). With expect (a finished file: the
 * writer's last slot words), both slots must be expect, and the tables
 * and games_complete the slot's. Returns 0, or -1 with one line in msg:
 * the first problem, or how the child died (a crash inside libhdf5, no
 * progress). The calling process makes no HDF5 call. With layout NULL,
 * only reads every object, attribute and dataset (any HDF5 file). */
int mu_h5_vet(const char *path, const mu_layout *layout, const mu_provenance *prov,
              const uint64_t *expect, int rows, char *msg, size_t len);

/* ---- h5pack.c ---- */

/* Rows per chunk for the /games datasets of layout (see MU_H5_CHUNK_ROWS),
 * and the chunk width of column c (its axis length, capped so a row of a
 * chunk fits MU_H5_CHUNK_MAX). */
hsize_t mu_h5_chunk_rows(const mu_layout *layout, uint64_t games_requested);
hsize_t mu_h5_chunk_width(const mu_layout *layout, int c);

/* Reads the chunk shape and filters of the game scale and every column
 * (they must be chunked with exactly shuffle then deflate, as this writer
 * makes them), sets h->planned = h->rows, allocates the tails and reads
 * the rows of each column's unfinished last chunk into its tail. Call
 * after mu_h5_build, or after mu_h5_reopen and mu_h5_set_rows. */
int mu_h5_pack_open(mu_h5out *h, char *msg, size_t len);

/* Frees what mu_h5_pack_open and the batches allocated. */
void mu_h5_pack_close(mu_h5out *h);

#endif
