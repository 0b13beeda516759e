/* Small battlefields for the cca engine tests: a board, a field, and
 * pieces placed by [col, row]. Include after <cmocka.h>. */
#ifndef MUSTER_TEST_CCA_FIXTURE_H
#define MUSTER_TEST_CCA_FIXTURE_H

#include "cca/cca_move.h"

#include <string.h>

/* A clear board width x rows (sections at 1/3 and 2/3 of the width) and
 * an empty field. */
static inline void fx_board(cca_board *b, cca_field *f, int width, int rows)
{
    assert_int_equal(cca_board_init(b, width, rows, width / 3 > 0 ? width / 3 : 1, 2 * width / 3), 0);
    cca_field_init(f);
}

/* The cell of [col, row] (must exist). */
static inline int fx_cell(const cca_board *b, int col, int row)
{
    int c = cca_board_cell(b, col, row);
    assert_true(c >= 0);
    return c;
}

/* Adds a terrain kind with its rule and returns its index. */
static inline int fx_terrain(cca_board *b, const char *name, int impassable, int stops, int no_battle)
{
    cca_terrain_rule *t = &b->terrain_rule[b->n_terrain];
    strcpy(t->name, name);
    t->impassable = (uint8_t)impassable, t->stops = (uint8_t)stops, t->no_battle = (uint8_t)no_battle;
    return b->n_terrain++;
}

static inline int fx_unit(const cca_board *b, cca_field *f, int col, int row, int side, cca_type type, cca_rank rank)
{
    return cca_field_add_unit(f, fx_cell(b, col, row), side, type, rank);
}

static inline int fx_leader(const cca_board *b, cca_field *f, int col, int row, int side, cca_type type)
{
    return cca_field_add_leader(f, fx_cell(b, col, row), side, type);
}

/* Non-zero when cell c is a destination of r. */
static inline int fx_can_end(const cca_reach *r, int c)
{
    for (int i = 0; i < r->n_dest; i++)
        if (r->dest[i] == c)
            return 1;
    return 0;
}

/* The most hexes to a destination of r (0: none). */
static inline int fx_farthest(const cca_reach *r)
{
    int m = 0;
    for (int i = 0; i < r->n_dest; i++)
        if (r->hexes[i] > m)
            m = r->hexes[i];
    return m;
}

#endif
