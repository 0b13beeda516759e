/* The battlefield's cells, sections and baselines (cca_board.h). */
#include "cca/cca_board.h"

#include <string.h>

/* Doubled column of [col, row]: even rows' full hexes at 2, 4, ..., 2 w;
 * odd rows' cells at 1, 3, ..., 2 w + 1 (the first and last half). The
 * centre lies (col2 - 1) / 2 hex widths from the left edge. */
static int col2_of(int col, int row) { return 2 * col + ((row & 1) ? 1 : 2); }

int cca_board_cell(const cca_board *b, int col, int row)
{
    if (row < 0 || row >= b->rows || col < 0 || col > ((row & 1) ? b->width : b->width - 1))
        return -1;
    return mu_hex_grid_cell(&b->grid, mu_hex_from_doubled(col2_of(col, row), row));
}

void cca_board_name(const cca_board *b, int c, int *col, int *row)
{
    mu_hex h = mu_hex_grid_hex(&b->grid, c);
    *row = h.r;
    *col = (mu_hex_col2(h) - ((h.r & 1) ? 1 : 2)) / 2;
}

/* RULE cca.field.sections */
static unsigned sections_of(int col2, int centre_from, int right_from)
{
    int x2 = col2 - 1; /* twice the centre's distance from the left edge */
    unsigned s = 0;
    if (x2 <= 2 * centre_from)
        s |= 1u << CCA_LEFT;
    if (x2 >= 2 * centre_from && x2 <= 2 * right_from)
        s |= 1u << CCA_CENTRE;
    if (x2 >= 2 * right_from)
        s |= 1u << CCA_RIGHT;
    return s;
}

/* RULE cca.field.hexes cca.field.side-half-hexes */
int cca_board_init(cca_board *b, int width, int rows, int centre_from, int right_from)
{
    memset(b, 0, sizeof *b);
    if (width < 2 || width > CCA_MAX_WIDTH || rows < 2 || rows > CCA_MAX_ROWS || centre_from < 1 ||
        right_from < centre_from || right_from >= width)
        return -1;
    if (mu_hex_grid_init(&b->grid, 2 * width + 2, rows) != 0)
        return -1;
    b->width = width, b->rows = rows, b->centre_from = centre_from, b->right_from = right_from;
    for (int c = 0; c < b->grid.n_cells; c++) {
        mu_hex h = mu_hex_grid_hex(&b->grid, c);
        b->q[c] = (int16_t)h.q, b->r[c] = (int16_t)h.r;
    }
    b->n_terrain = 1;
    strcpy(b->terrain_rule[0].name, "clear");
    for (int row = 0; row < rows; row++) {
        int last = (row & 1) ? width : width - 1;
        for (int col = 0; col <= last; col++) {
            int c = cca_board_cell(b, col, row);
            if (c < 0)
                continue;
            int half = (row & 1) && (col == 0 || col == width);
            b->kind[c] = (uint8_t)(half ? CCA_CELL_SIDE_HALF : CCA_CELL_HEX);
            b->section[c] = half ? 0 : (uint8_t)sections_of(col2_of(col, row), centre_from, right_from);
            b->depth[0][c] = (uint8_t)(rows - 1 - row);
            b->depth[1][c] = (uint8_t)row;
        }
    }
    cca_board_sync(b);
    return 0;
}

/* RULE cca.move.terrain cca.leader.same-rules */
void cca_board_sync(cca_board *b)
{
    mu_hex_set_clear(&b->open);
    mu_hex_set_clear(&b->stops);
    mu_hex_set_clear(&b->baseline[0]);
    mu_hex_set_clear(&b->baseline[1]);
    for (int s = 0; s < CCA_SECTIONS; s++)
        mu_hex_set_clear(&b->section_set[s]);
    for (int c = 0; c < b->grid.n_cells; c++) {
        if (b->kind[c] != CCA_CELL_HEX)
            continue;
        for (int s = 0; s < CCA_SECTIONS; s++)
            if (b->section[c] >> s & 1)
                mu_hex_set_add(&b->section_set[s], c);
        const cca_terrain_rule *t = &b->terrain_rule[b->terrain[c]];
        if (!t->impassable)
            mu_hex_set_add(&b->open, c);
        if (t->stops)
            mu_hex_set_add(&b->stops, c);
        for (int s = 0; s < 2; s++)
            if (b->depth[s][c] == 0)
                mu_hex_set_add(&b->baseline[s], c);
    }
}
