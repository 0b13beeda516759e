/* Output layout helpers. */
#include "muster/layout.h"

#include <stdlib.h>
#include <string.h>

size_t mu_dtype_size(mu_dtype t)
{
    switch (t) {
    case MU_I8:
    case MU_U8:
        return 1;
    case MU_I16:
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
