/* The sample layout and data of the HDF5 writer tests. See sample_file.h. */
#include "sample_file.h"

#include <stdlib.h>
#include <string.h>

static const char experiment_text[] = "schema: 1\nruleset: sample\nseed: 8\n# é, UTF-8\n";

static void axis(mu_layout *l, const char *group, const char *name, const char *units,
                 const char *long_name, int length, int first)
{
    l->axes[l->n_axes++] = (mu_axis){.group = group, .name = name, .units = units,
                                     .long_name = long_name, .length = length, .first_value = first};
}

void sample_layout(mu_layout *l, uint64_t games)
{
    static const char *const names[] = {"Général", "Hero", "Wizard"};
    memset(l, 0, sizeof *l);
    axis(l, "games", "game", "1", "game index", (int)games, 0);
    axis(l, "games", "turn", "1", "turn number", SAMPLE_TURNS, 1);
    axis(l, "orders", "character", "1", "character (as listed)", 3, 0);
    l->axes[AX_CHARACTER].labels = calloc(3, sizeof(char *));
    for (int i = 0; i < 3; i++)
        l->axes[AX_CHARACTER].labels[i] = strdup(names[i]);
    axis(l, "orders", "command", "1", "character's Command value", 4, SAMPLE_FIRST_COMMAND);
    axis(l, "orders", "order_number", "1", "order number for the unit this turn", 3, 1);

    l->columns[COL_TURNS] =
        (mu_column){.name = "turns", .type = MU_U8, .units = "1", .long_name = "turns played", .axis = -1};
    l->columns[COL_MARGIN] = (mu_column){.name = "margin", .type = MU_F64, .units = "cm",
                                         .long_name = "closest approach margin", .axis = -1};
    l->columns[COL_SCORE] =
        (mu_column){.name = "score", .type = MU_I32, .units = "1", .long_name = "victory points", .axis = -1};
    l->columns[COL_ORDERS_BY_TURN] = (mu_column){.name = "orders_by_turn", .type = MU_I16, .units = "1",
                                                 .long_name = "orders given per turn", .axis = AX_TURN};
    l->n_columns = N_SAMPLE_COLUMNS;

    l->tables[TAB_ATTEMPTS] =
        (mu_table){"orders", "attempts", "1", "order rolls made", 2, {AX_COMMAND, AX_ORDER}};
    l->tables[TAB_BY_CHARACTER] = (mu_table){"orders", "by_character", "1", "orders given by character", 3,
                                             {AX_CHARACTER, AX_COMMAND, AX_ORDER}};
    l->n_tables = N_SAMPLE_TABLES;
}

mu_provenance sample_prov(uint64_t games, int per_game_rows)
{
    return (mu_provenance){.ruleset = "sample", .seed = SAMPLE_SEED, .games_requested = games,
                           .threads = 3, .per_game_rows = per_game_rows,
                           .experiment_text = experiment_text, .experiment_path = "experiments/sample.yaml"};
}

double sample_value(int c, uint64_t g, int j)
{
    switch (c) {
    case COL_TURNS: return (double)((g * 7u) % 256u);
    case COL_MARGIN: return (double)g * 0.5 - 3.0;
    case COL_SCORE: return (double)(int32_t)(uint32_t)(g * 2654435761u);
    default: return (double)((int64_t)((g + (uint64_t)j * 1000u) % 30000u) - 15000);
    }
}

uint64_t sample_cell(int t, size_t i, uint64_t games)
{
    return games * (i + 1) + (uint64_t)t * 1000u + 3u;
}

void sample_rows(const mu_layout *l, uint64_t first, uint64_t n, void *const *cols)
{
    for (uint64_t r = 0; r < n; r++) {
        uint64_t g = first + r;
        ((uint8_t *)cols[COL_TURNS])[r] = (uint8_t)sample_value(COL_TURNS, g, 0);
        ((double *)cols[COL_MARGIN])[r] = sample_value(COL_MARGIN, g, 0);
        ((int32_t *)cols[COL_SCORE])[r] = (int32_t)sample_value(COL_SCORE, g, 0);
        uint64_t width = (uint64_t)l->axes[AX_TURN].length;
        for (uint64_t j = 0; j < width; j++)
            ((int16_t *)cols[COL_ORDERS_BY_TURN])[r * width + j] =
                (int16_t)sample_value(COL_ORDERS_BY_TURN, g, (int)j);
    }
}

void sample_tables(const mu_layout *l, uint64_t games, uint64_t *const *tables)
{
    for (int t = 0; t < l->n_tables; t++)
        for (size_t i = 0; i < mu_table_cells(l, t); i++)
            tables[t][i] = sample_cell(t, i, games);
}

/* Allocates buffers for n rows of every column and one copy of each table. */
static void alloc_buffers(const mu_layout *l, uint64_t n, void **cols, uint64_t **tables)
{
    for (int c = 0; c < l->n_columns; c++)
        cols[c] = malloc(mu_column_row_bytes(l, c) * (n ? n : 1));
    for (int t = 0; t < l->n_tables; t++)
        tables[t] = malloc(mu_table_cells(l, t) * sizeof(uint64_t));
}

static void free_buffers(const mu_layout *l, void **cols, uint64_t **tables)
{
    for (int c = 0; c < l->n_columns; c++)
        free(cols[c]);
    for (int t = 0; t < l->n_tables; t++)
        free(tables[t]);
}

int sample_batch(mu_h5out *h, const mu_layout *l, uint64_t first, uint64_t n, int checkpoint,
                 char *err, size_t err_len)
{
    void *cols[MU_LAYOUT_MAX_COLUMNS];
    uint64_t *tables[MU_LAYOUT_MAX_TABLES];
    alloc_buffers(l, n, cols, tables);
    sample_rows(l, first, n, cols);
    sample_tables(l, first + n, tables);
    int rc = mu_h5out_append_rows(h, first, n, (const void *const *)cols, err, err_len);
    if (rc == 0 && checkpoint)
        rc = mu_h5out_checkpoint(h, first + n, (const uint64_t *const *)tables, err, err_len);
    free_buffers(l, cols, tables);
    return rc;
}

int sample_write(const char *out, uint64_t games, uint64_t batch, int per_game_rows, char *err,
                 size_t err_len)
{
    mu_layout l;
    sample_layout(&l, games);
    mu_provenance prov = sample_prov(games, per_game_rows);
    mu_h5out *h = NULL;
    int rc = mu_h5out_create(out, 1, &l, &prov, &h, err, err_len);
    for (uint64_t first = 0; rc == 0 && first < games; first += batch)
        rc = sample_batch(h, &l, first, games - first < batch ? games - first : batch, 1, err, err_len);
    if (rc == 0)
        rc = mu_h5out_finish(h, err, err_len);
    else if (h)
        mu_h5out_close_partial(h);
    mu_layout_free(&l);
    return rc;
}
