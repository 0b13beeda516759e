/* Checks a layout before the HDF5 writer turns it into datasets. See
 * mu_h5_check_layout in h5objects.h. */
#include "h5objects.h"

#include <stdio.h>
#include <string.h>

const char *mu_h5_relative(const char *group)
{
    while (*group == '/')
        group++;
    return group;
}

/* Whether a dataset in group dset may use an axis in group axis: netCDF
 * readers look for dimensions in the variable's group and its ancestors. */
static int in_scope(const char *axis, const char *dset)
{
    axis = mu_h5_relative(axis), dset = mu_h5_relative(dset);
    size_t n = strlen(axis);
    return n == 0 || (strncmp(axis, dset, n) == 0 && (dset[n] == '\0' || dset[n] == '/'));
}

static int bad_name(const char *s)
{
    return !s || !*s || strchr(s, '/') || strcmp(s, ".") == 0;
}

static int check_axis(const mu_layout *l, int a, char *msg, size_t len)
{
    const mu_axis *x = &l->axes[a];
    if (bad_name(x->name) || !x->group || !x->units || !x->long_name)
        return snprintf(msg, len, "layout: axis %d lacks a name, group, units or long_name", a), -1;
    if (a > 0 && x->length < 1)
        return snprintf(msg, len, "layout: axis '%s' has length %d", x->name, x->length), -1;
    for (int i = 0; a > 0 && x->labels && i < x->length; i++)
        if (!x->labels[i])
            return snprintf(msg, len, "layout: axis '%s' lacks label %d", x->name, i), -1;
    return 0;
}

/* Checks that axis index a is a non-game axis in scope of group. */
static int check_use(const mu_layout *l, int a, const char *what, const char *name,
                     const char *group, char *msg, size_t len)
{
    if (a < 1 || a >= l->n_axes)
        return snprintf(msg, len, "layout: %s '%s' uses axis %d (valid: 1..%d)", what, name, a,
                        l->n_axes - 1), -1;
    if (!in_scope(l->axes[a].group, group))
        return snprintf(msg, len, "layout: %s '%s' uses axis '%s' of group '%s', outside group '%s'",
                        what, name, l->axes[a].name, l->axes[a].group, group), -1;
    return 0;
}

static int check_column(const mu_layout *l, int c, char *msg, size_t len)
{
    const mu_column *col = &l->columns[c];
    if (bad_name(col->name) || !col->units || !col->long_name || mu_dtype_size(col->type) == 0)
        return snprintf(msg, len, "layout: column %d lacks a name, type, units or long_name", c), -1;
    return col->axis == -1 ? 0 : check_use(l, col->axis, "column", col->name, "games", msg, len);
}

static int check_table(const mu_layout *l, int t, char *msg, size_t len)
{
    const mu_table *tab = &l->tables[t];
    if (bad_name(tab->name) || !tab->group || !tab->units || !tab->long_name)
        return snprintf(msg, len, "layout: table %d lacks a name, group, units or long_name", t), -1;
    if (tab->rank < 1 || tab->rank > MU_TABLE_MAX_RANK)
        return snprintf(msg, len, "layout: table '%s' has rank %d", tab->name, tab->rank), -1;
    for (int d = 0; d < tab->rank; d++)
        if (check_use(l, tab->axes[d], "table", tab->name, tab->group, msg, len) < 0)
            return -1;
    return 0;
}

int mu_h5_check_layout(const mu_layout *l, uint64_t games_requested, char *msg, size_t len)
{
    (void)games_requested; /* an int axis length cannot hold it: prov has it */
    if (l->n_axes < 1 || l->n_axes > MU_LAYOUT_MAX_AXES || l->n_columns < 0 ||
        l->n_columns > MU_LAYOUT_MAX_COLUMNS || l->n_tables < 0 || l->n_tables > MU_LAYOUT_MAX_TABLES)
        return snprintf(msg, len, "layout: bad number of axes, columns or tables"), -1;
    if (!l->axes[0].name || strcmp(l->axes[0].name, "game") != 0 || !l->axes[0].group ||
        strcmp(mu_h5_relative(l->axes[0].group), "games") != 0)
        return snprintf(msg, len, "layout: axis 0 is not games/game"), -1;
    for (int a = 0; a < l->n_axes; a++)
        if (check_axis(l, a, msg, len) < 0)
            return -1;
    for (int c = 0; c < l->n_columns; c++)
        if (check_column(l, c, msg, len) < 0)
            return -1;
    for (int t = 0; t < l->n_tables; t++)
        if (check_table(l, t, msg, len) < 0)
            return -1;
    return 0;
}
