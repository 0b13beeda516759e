/* What a ruleset writes: per-game columns and count tables, with their
 * axes, units and descriptions. The runner fills buffers shaped by a
 * layout; the HDF5 writer turns a layout into datasets. Nothing here knows
 * HDF5 or a rule system. */
#ifndef MUSTER_LAYOUT_H
#define MUSTER_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#define MU_LAYOUT_MAX_AXES 16
#define MU_LAYOUT_MAX_COLUMNS 32
#define MU_LAYOUT_MAX_TABLES 16
#define MU_TABLE_MAX_RANK 4

/* Element types of per-game columns. */
typedef enum mu_dtype { MU_I8, MU_U8, MU_I16, MU_I32, MU_U32, MU_I64, MU_F64 } mu_dtype;

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
} mu_axis;

/* A per-game column: dataset /games/<name>, shape (game) or (game, axis). */
typedef struct mu_column {
    const char *name;
    mu_dtype type;
    const char *units;
    const char *long_name;
    int axis; /* index of the second dimension's axis, or -1 for 1-D */
} mu_column;

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

/* A complete output description. Axis 0 is always the game axis
 * ("games"/"game", length = games requested). */
typedef struct mu_layout {
    int n_axes;
    mu_axis axes[MU_LAYOUT_MAX_AXES];
    int n_columns;
    mu_column columns[MU_LAYOUT_MAX_COLUMNS];
    int n_tables;
    mu_table tables[MU_LAYOUT_MAX_TABLES];
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
int mu_layout_add_column(mu_layout *l, const char *name, mu_dtype type, const char *units,
                         const char *long_name, int axis);
int mu_layout_add_table(mu_layout *l, const char *group, const char *name, const char *units,
                        const char *long_name, int rank, const int *axes);

/* Frees the string labels the layout owns; the layout is then empty. */
void mu_layout_free(mu_layout *l);

#endif
