/* Output layout helpers and the generic row writer: a ruleset fills its
 * per-game record struct; mu_row_write copies its fields, by the column
 * declarations, into the row of each column buffer. */
#include "muster/layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t mu_dtype_size(mu_dtype t)
{
    switch (t) {
    case MU_I8:
    case MU_U8:
        return 1;
    case MU_I16:
    case MU_U16:
        return 2;
    case MU_I32:
    case MU_U32:
        return 4;
    case MU_I64:
    case MU_F64:
        return 8;
    }
    return 0;
}

size_t mu_column_row_bytes(const mu_layout *l, int c)
{
    const mu_column *col = &l->columns[c];
    size_t width = col->axis >= 0 ? (size_t)l->axes[col->axis].length : 1u;
    return mu_dtype_size(col->type) * width;
}

size_t mu_table_cells(const mu_layout *l, int t)
{
    size_t cells = 1;
    for (int d = 0; d < l->tables[t].rank; d++)
        cells *= (size_t)l->axes[l->tables[t].axes[d]].length;
    return cells;
}

static void check_room(int used, int max)
{
    if (used >= max) {
        fputs("muster: internal error: output layout too large\n", stderr);
        abort();
    }
}

int mu_layout_add_axis(mu_layout *l, const char *group, const char *name, const char *units,
                       const char *long_name, int length, int first_value)
{
    check_room(l->n_axes, MU_LAYOUT_MAX_AXES);
    l->axes[l->n_axes] = (mu_axis){.group = group, .name = name, .units = units, .long_name = long_name,
                                   .length = length, .first_value = first_value};
    return l->n_axes++;
}

int mu_layout_add_label_axis(mu_layout *l, const char *group, const char *name, const char *long_name,
                             int length, const char *const *names)
{
    int index = mu_layout_add_axis(l, group, name, "1", long_name, length, 0);
    mu_axis *a = &l->axes[index];
    a->labels = calloc(length > 0 ? (size_t)length : 1u, sizeof *a->labels);
    if (!a->labels)
        abort();
    for (int i = 0; i < length; i++)
        if (!(a->labels[i] = strdup(names[i])))
            abort();
    return index;
}

/* Aborts unless column c of l fits its record field: one element for a
 * scalar column, the axis's length at most for an array. */
static void check_field(const mu_layout *l, int c)
{
    const mu_column *col = &l->columns[c];
    int ok = col->field_bytes > 0 && col->axis >= -1 && col->axis < l->n_axes &&
             (col->axis >= 0 ? mu_column_row_bytes(l, c) <= col->field_bytes
                             : col->field_bytes == mu_dtype_size(col->type));
    if (!ok) {
        fprintf(stderr, "muster: internal error: column '%s' does not match its record field\n",
                col->name ? col->name : "?");
        abort();
    }
}

int mu_layout_add_columns(mu_layout *l, const mu_column *columns, int n)
{
    int first = l->n_columns;
    for (int i = 0; i < n; i++) {
        check_room(l->n_columns, MU_LAYOUT_MAX_COLUMNS);
        l->columns[l->n_columns] = columns[i];
        check_field(l, l->n_columns++);
    }
    return first;
}

void mu_row_writer_init(mu_row_writer *w, const mu_layout *l)
{
    memset(w, 0, sizeof *w);
    for (int c = 0; c < l->n_columns; c++) {
        check_field(l, c);
        w->offset[c] = l->columns[c].offset;
        w->bytes[c] = mu_column_row_bytes(l, c);
    }
    w->n_columns = l->n_columns;
}

void mu_row_write(const mu_row_writer *w, const void *record, void *const *columns, size_t row)
{
    const unsigned char *rec = record;
    for (int c = 0; c < w->n_columns; c++) {
        size_t n = w->bytes[c];
        unsigned char *to = (unsigned char *)columns[c] + row * n;
        const unsigned char *from = rec + w->offset[c];
        switch (n) { /* the common sizes without a call */
        case 1: *to = *from; break;
        case 2: memcpy(to, from, 2); break;
        case 4: memcpy(to, from, 4); break;
        case 8: memcpy(to, from, 8); break;
        default: memcpy(to, from, n); break;
        }
    }
}

int mu_layout_add_table(mu_layout *l, const char *group, const char *name, const char *units,
                        const char *long_name, int rank, const int *axes)
{
    check_room(l->n_tables, MU_LAYOUT_MAX_TABLES);
    mu_table *t = &l->tables[l->n_tables];
    *t = (mu_table){.group = group, .name = name, .units = units, .long_name = long_name, .rank = rank};
    memcpy(t->axes, axes, (size_t)rank * sizeof *axes);
    return l->n_tables++;
}

/* Whether the trials of a rate over table t keeping keep can come from
 * table d (see mu_rate). */
static int rate_fits(const mu_layout *l, int t, int d, unsigned keep)
{
    const mu_table *num = &l->tables[t];
    if (d == MU_RATE_SHARE)
        return num->rank > 0 && (keep >> (num->rank - 1) & 1u);
    if (d < 0 || d >= l->n_tables)
        return 0;
    const mu_table *den = &l->tables[d];
    if (den->rank == num->rank && memcmp(den->axes, num->axes, sizeof den->axes) == 0)
        return 1;
    if (den->rank > num->rank || memcmp(den->axes, num->axes, (size_t)den->rank * sizeof *den->axes) != 0)
        return 0;
    return (keep & ((1u << den->rank) - 1u)) == (1u << den->rank) - 1u; /* its axes all kept */
}

int mu_layout_add_rate(mu_layout *l, const char *name, int table, int denominator, unsigned keep)
{
    check_room(l->n_rates, MU_LAYOUT_MAX_RATES);
    if (table < 0 || table >= l->n_tables || keep >> l->tables[table].rank != 0 ||
        !rate_fits(l, table, denominator, keep)) {
        fprintf(stderr, "muster: internal error: rate '%s' does not fit its tables\n", name);
        abort();
    }
    l->rates[l->n_rates] = (mu_rate){.name = name, .table = table, .denominator = denominator, .keep = keep};
    return l->n_rates++;
}

void mu_layout_free(mu_layout *l)
{
    for (int a = 0; a < l->n_axes; a++) {
        if (l->axes[a].labels) {
            for (int i = 0; i < l->axes[a].length; i++)
                free(l->axes[a].labels[i]);
            free(l->axes[a].labels);
        }
    }
    memset(l, 0, sizeof *l);
}
