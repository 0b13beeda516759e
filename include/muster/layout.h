/* What a ruleset writes: per-game columns and count tables, with their
 * axes, units and descriptions. The runner fills buffers shaped by a
 * layout; the HDF5 writer turns a layout into datasets. Nothing here knows
 * HDF5 or a rule system. */
#ifndef MUSTER_LAYOUT_H
#define MUSTER_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#define MU_LAYOUT_MAX_AXES 24
#define MU_LAYOUT_MAX_COLUMNS 40
#define MU_LAYOUT_MAX_TABLES 16
#define MU_TABLE_MAX_RANK 4
#define MU_LAYOUT_MAX_RATES 16

/* Element types of per-game columns. */
typedef enum mu_dtype { MU_I8, MU_U8, MU_I16, MU_I32, MU_U32, MU_I64, MU_F64, MU_U16 } mu_dtype;

/* Returns the size in bytes of one element of type t. */
size_t mu_dtype_size(mu_dtype t);

/* A labelled axis (an HDF5 dimension scale). Integer axes label index i
 * with first_value + i; string axes with labels[i]. */
typedef struct mu_axis {
    const char *group;     /* where the scale lives: "games", "orders", ... */
    const char *name;      /* dimension name, e.g. "command" */
    const char *units;     /* e.g. "1" */
    const char *long_name; /* e.g. "character's Command value" */
    int length;
    int first_value;       /* integer axes */
    char **labels;         /* string axes: length strings (owned), else NULL */
    /* An axis that runs over the arms, arm by arm, per_arm entries each
     * (e.g. 2 for "arm | army"); 0 otherwise. The axis named "arm" runs
     * over the arms, one entry each, whatever this says. A sweep
     * (muster/sweep.h) lengthens such axes for its points. */
    int per_arm;
} mu_axis;

/* A per-game column: dataset /games/<name>, shape (game) or (game, axis).
 * A ruleset declares each of its columns once, with MU_COLUMN, as a field
 * of its per-game record struct: the field gives the column its name and
 * type and says where its value comes from, so that mu_row_write can copy
 * a record into its row and no column exists without its data. */
typedef struct mu_column {
    const char *name;
    mu_dtype type;
    const char *units;
    const char *long_name;
    int axis;           /* index of the second dimension's axis, or -1 for 1-D */
    size_t offset;      /* where the field lies in the ruleset's per-game record */
    size_t field_bytes; /* the field's size; 0: not from a record (e.g. a layout
                           described by hand in a test, written without mu_row_write) */
} mu_column;

/* The dtype of field of struct type record: the field must be an int8_t,
 * uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t or double, or an
 * array of one (its elements the column's row); any other type does not
 * compile. */
#define MU_FIELD_DTYPE(record, field)                                                                  \
    _Generic(&((record *)0)->field,                                                                   \
        int8_t *: MU_I8, int8_t(*)[]: MU_I8, uint8_t *: MU_U8, uint8_t(*)[]: MU_U8,                  \
        int16_t *: MU_I16, int16_t(*)[]: MU_I16, uint16_t *: MU_U16, uint16_t(*)[]: MU_U16,          \
        int32_t *: MU_I32, int32_t(*)[]: MU_I32,                                                     \
        uint32_t *: MU_U32, uint32_t(*)[]: MU_U32, int64_t *: MU_I64, int64_t(*)[]: MU_I64,          \
        double *: MU_F64, double(*)[]: MU_F64)

/* Declares the column /games/<field> (a mu_column initializer): named
 * after field of struct type record, typed by it (MU_FIELD_DTYPE), with
 * units, long_name and axis (a layout axis index for an array field whose
 * first axis-length elements are the row; -1 for a scalar field). */
#define MU_COLUMN(record, field, units, long_name, axis)                                               \
    {#field, MU_FIELD_DTYPE(record, field), units, long_name, axis, offsetof(record, field),          \
     sizeof(((record *)0)->field)}

/* A count table: a uint64 N-d dataset at <group>/<name> over the given
 * axes (row-major, last axis fastest). */
typedef struct mu_table {
    const char *group;
    const char *name;
    const char *units;
    const char *long_name;
    int rank;
    int axes[MU_TABLE_MAX_RANK];
} mu_table;

/* A rate the reports show, read off the count tables: for every cell of
 * the table's kept axes (the others summed over), events / trials, with
 * events the table's (summed) cell and trials either
 * - the same cell of the table `denominator` (the same axes as table,
 *   summed over the same axes: e.g. orders given / order rolls made), or
 *   of a table whose axes are the first axes of table, all kept (e.g.
 *   games where an army held a zone / games of the arm), or
 * - with denominator MU_RATE_SHARE, the sum over table's last axis, which
 *   must be kept (e.g. the share of each outcome of a test).
 * Cells without trials are not rates. `muster run --precision` plays
 * until every rate's 95% interval is narrow enough (muster/precision.h). */
#define MU_RATE_SHARE (-1)
typedef struct mu_rate {
    const char *name; /* what it is, e.g. "order success" */
    int table;        /* the events */
    int denominator;  /* the trials' table, or MU_RATE_SHARE */
    unsigned keep;    /* bit d set: the table's axis d is kept */
} mu_rate;

/* A complete output description. Axis 0 is always the game axis
 * ("games"/"game", length = games requested). */
typedef struct mu_layout {
    int n_axes;
    mu_axis axes[MU_LAYOUT_MAX_AXES];
    int n_columns;
    mu_column columns[MU_LAYOUT_MAX_COLUMNS];
    int n_tables;
    mu_table tables[MU_LAYOUT_MAX_TABLES];
    int n_rates;
    mu_rate rates[MU_LAYOUT_MAX_RATES];
    /* Games per /games chunk and per first batch; 0: by row size (up to
     * 65,536 games). A ruleset whose games are slow sets it small so that
     * batches, and with them checkpoints and the progress line, come every
     * few seconds. Results do not depend on it. */
    uint32_t games_per_chunk;
} mu_layout;

/* Returns the bytes one game takes in column c (element size x width). */
size_t mu_column_row_bytes(const mu_layout *l, int c);

/* Returns the number of cells of table t (product of its axis lengths). */
size_t mu_table_cells(const mu_layout *l, int t);

/* Builders: each appends one item to l (aborting if a fixed-size array of
 * the layout is full: a layout is built once, by code, never from input)
 * and returns its index. Strings are borrowed and must outlive l, except
 * the labels of mu_layout_add_label_axis, which are copied. */
int mu_layout_add_axis(mu_layout *l, const char *group, const char *name, const char *units,
                       const char *long_name, int length, int first_value);
int mu_layout_add_label_axis(mu_layout *l, const char *group, const char *name, const char *long_name,
                             int length, const char *const *names);
int mu_layout_add_table(mu_layout *l, const char *group, const char *name, const char *units,
                        const char *long_name, int rank, const int *axes);

/* Declares a rate (see mu_rate) over table `table` with `denominator`
 * (a table index or MU_RATE_SHARE) keeping the table's axes in keep (bit
 * d: axis d); returns its index. Aborts when the tables do not fit
 * together as mu_rate says (a layout is built by code, never from
 * input). */
int mu_layout_add_rate(mu_layout *l, const char *name, int table, int denominator, unsigned keep);

/* Appends the n columns declared in columns (MU_COLUMN entries over one
 * record struct, in dataset order) and returns the index of the first.
 * Each column's axis must already be in l: a scalar field needs axis -1,
 * an array field an axis no longer than the array. Aborts on a breach (a
 * layout is built by code, never from input). */
int mu_layout_add_columns(mu_layout *l, const mu_column *columns, int n);

/* How a per-game record becomes a row of every column of a layout: made
 * once from the layout (it keeps no pointer into it), then used for every
 * game. */
typedef struct mu_row_writer {
    int n_columns;
    size_t offset[MU_LAYOUT_MAX_COLUMNS]; /* the column's field in the record */
    size_t bytes[MU_LAYOUT_MAX_COLUMNS];  /* a row of the column (mu_column_row_bytes) */
} mu_row_writer;

/* Fills *w for the columns of l, all of which must be declared from one
 * record struct (MU_COLUMN); aborts if one is not, or if its row is
 * larger than its field. */
void mu_row_writer_init(mu_row_writer *w, const mu_layout *l);

/* Copies one game's record (the struct the columns were declared from)
 * into row `row` of the column buffers: columns[c] holds rows of column
 * c's mu_column_row_bytes each. Only the row is written. */
void mu_row_write(const mu_row_writer *w, const void *record, void *const *columns, size_t row);

/* Frees the string labels the layout owns; the layout is then empty. */
void mu_layout_free(mu_layout *l);

#endif
