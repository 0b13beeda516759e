/* The hex grid of core (muster/hex.h): neighbours, distance, lines,
 * doubled coordinates, the rectangle of cells, and the breadth-first reach
 * against a brute-force enumeration of every step sequence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/hex.h"
#include "muster/rng.h"

#include <string.h>

/* The six neighbours are six distinct hexes at distance 1, each the way
 * back from the other (direction d and d + 3), and NE of (0, 0) is
 * (1, -1) as documented. */
static void test_hex_neighbours(void **state)
{
    (void)state;
    mu_hex o = mu_hex_make(3, -2);
    for (int d = 0; d < MU_HEX_DIRS; d++) {
        mu_hex n = mu_hex_neighbor(o, d);
        assert_int_equal(mu_hex_distance(o, n), 1);
        assert_int_equal(mu_hex_direction_to(o, n), d);
        assert_true(mu_hex_equal(mu_hex_neighbor(n, (d + 3) % 6), o));
        for (int e = 0; e < d; e++)
            assert_false(mu_hex_equal(n, mu_hex_neighbor(o, e)));
    }
    assert_true(mu_hex_equal(mu_hex_neighbor(mu_hex_make(0, 0), 1), mu_hex_make(1, -1)));
    assert_int_equal(mu_hex_direction_to(o, o), -1);
    assert_int_equal(mu_hex_direction_to(o, mu_hex_make(5, -2)), -1);
}

/* Distances: known values, symmetry, the triangle inequality, and equal
 * to the fewest neighbour steps (a breadth-first count on open ground). */
static void test_hex_distance(void **state)
{
    (void)state;
    assert_int_equal(mu_hex_distance(mu_hex_make(0, 0), mu_hex_make(0, 0)), 0);
    assert_int_equal(mu_hex_distance(mu_hex_make(0, 0), mu_hex_make(3, 0)), 3);
    assert_int_equal(mu_hex_distance(mu_hex_make(0, 0), mu_hex_make(2, -3)), 3);
    assert_int_equal(mu_hex_distance(mu_hex_make(0, 0), mu_hex_make(2, 3)), 5);
    assert_int_equal(mu_hex_distance(mu_hex_make(-1, 4), mu_hex_make(2, -1)), 5);
    mu_rng rng = mu_rng_for_game(7, 1);
    for (int i = 0; i < 2000; i++) {
        mu_hex h[3];
        for (int k = 0; k < 3; k++)
            h[k] = mu_hex_make((int)mu_rng_bounded(&rng, 21) - 10, (int)mu_rng_bounded(&rng, 21) - 10);
        assert_int_equal(mu_hex_distance(h[0], h[1]), mu_hex_distance(h[1], h[0]));
        assert_true(mu_hex_distance(h[0], h[2]) <= mu_hex_distance(h[0], h[1]) + mu_hex_distance(h[1], h[2]));
    }
    /* on an open 15 x 15 grid the breadth-first steps are the distance */
    mu_hex_grid g;
    assert_int_equal(mu_hex_grid_init(&g, 30, 15), 0);
    uint8_t rule[MU_HEX_GRID_MAX_CELLS];
    memset(rule, MU_HEX_ENTER | MU_HEX_THROUGH | MU_HEX_END, sizeof rule);
    int8_t dist[MU_HEX_GRID_MAX_CELLS];
    int start = mu_hex_grid_cell(&g, mu_hex_from_doubled(14, 8));
    mu_hex_reach(&g, rule, start, 100, dist, NULL);
    for (int c = 0; c < g.n_cells; c++)
        if (dist[c] >= 0)
            assert_int_equal(dist[c], mu_hex_distance(mu_hex_grid_hex(&g, start), mu_hex_grid_hex(&g, c)));
}

/* A line has distance + 1 hexes, starts and ends where asked, and each
 * hex is a neighbour of the one before; a line along a row is that row. */
static void test_hex_line(void **state)
{
    (void)state;
    mu_hex out[64];
    mu_rng rng = mu_rng_for_game(9, 2);
    for (int i = 0; i < 2000; i++) {
        mu_hex a = mu_hex_make((int)mu_rng_bounded(&rng, 21) - 10, (int)mu_rng_bounded(&rng, 21) - 10);
        mu_hex b = mu_hex_make((int)mu_rng_bounded(&rng, 21) - 10, (int)mu_rng_bounded(&rng, 21) - 10);
        int n = mu_hex_line(a, b, out);
        assert_int_equal(n, mu_hex_distance(a, b) + 1);
        assert_true(mu_hex_equal(out[0], a));
        assert_true(mu_hex_equal(out[n - 1], b));
        for (int k = 1; k < n; k++)
            assert_int_equal(mu_hex_distance(out[k - 1], out[k]), 1);
    }
    int n = mu_hex_line(mu_hex_make(0, 2), mu_hex_make(4, 2), out);
    assert_int_equal(n, 5);
    for (int k = 0; k < n; k++)
        assert_true(mu_hex_equal(out[k], mu_hex_make(k, 2)));
}

/* Doubled coordinates and cell indices go there and back; neighbours in
 * the grid are the hexes' neighbours; cells of the wrong parity are out. */
static void test_hex_grid_cells(void **state)
{
    (void)state;
    mu_hex_grid g;
    assert_int_equal(mu_hex_grid_init(&g, 27, 9), 0);
    assert_int_equal(g.per_row, 14);
    assert_int_equal(g.n_cells, 126);
    for (int c = 0; c < g.n_cells; c++) {
        mu_hex h = mu_hex_grid_hex(&g, c);
        int col2 = mu_hex_col2(h);
        assert_int_equal((col2 ^ h.r) & 1, 0);
        if (col2 >= g.col2s) {
            assert_int_equal(mu_hex_grid_cell(&g, h), -1);
            for (int d = 0; d < MU_HEX_DIRS; d++)
                assert_int_equal(g.nb[c][d], -1);
            continue;
        }
        assert_int_equal(mu_hex_grid_cell(&g, h), c);
        for (int d = 0; d < MU_HEX_DIRS; d++) {
            int n = g.nb[c][d];
            if (n >= 0)
                assert_true(mu_hex_equal(mu_hex_grid_hex(&g, n), mu_hex_neighbor(h, d)));
            else
                assert_int_equal(mu_hex_grid_cell(&g, mu_hex_neighbor(h, d)), -1);
        }
    }
    assert_true(mu_hex_equal(mu_hex_from_doubled(5, 3), mu_hex_make(1, 3)));
    assert_int_equal(mu_hex_grid_init(&g, 200, 200), -1);
    assert_int_equal(mu_hex_grid_init(&g, 0, 5), -1);
}

/* Brute force: every sequence of up to max steps, step by step under the
 * same rules; best[c] is the fewest steps of a sequence ending at c. */
static void brute(const mu_hex_grid *g, const uint8_t *rule, int start, int c, int steps, int max, int8_t *best)
{
    if (best[c] < 0 || steps < best[c])
        best[c] = (int8_t)steps;
    if (steps == max || (c != start && !(rule[c] & MU_HEX_THROUGH)))
        return;
    for (int d = 0; d < MU_HEX_DIRS; d++) {
        int n = g->nb[c][d];
        if (n >= 0 && (rule[n] & MU_HEX_ENTER))
            brute(g, rule, start, n, steps + 1, max, best);
    }
}

/* The reach equals the brute-force enumeration on random grids and rules,
 * and the parent chain is a legal shortest path. */
static void test_hex_reach_equals_brute_force(void **state)
{
    (void)state;
    mu_rng rng = mu_rng_for_game(15, 3);
    for (int trial = 0; trial < 400; trial++) {
        mu_hex_grid g;
        int col2s = 4 + (int)mu_rng_bounded(&rng, 20), rows = 2 + (int)mu_rng_bounded(&rng, 9);
        assert_int_equal(mu_hex_grid_init(&g, col2s, rows), 0);
        uint8_t rule[MU_HEX_GRID_MAX_CELLS];
        for (int c = 0; c < g.n_cells; c++)
            rule[c] = (uint8_t)mu_rng_bounded(&rng, 8);
        int start;
        do
            start = (int)mu_rng_bounded(&rng, (uint32_t)g.n_cells);
        while (mu_hex_grid_cell(&g, mu_hex_grid_hex(&g, start)) < 0);
        int max = (int)mu_rng_bounded(&rng, 5);
        int8_t dist[MU_HEX_GRID_MAX_CELLS], best[MU_HEX_GRID_MAX_CELLS];
        int16_t parent[MU_HEX_GRID_MAX_CELLS], path[16];
        int reached = mu_hex_reach(&g, rule, start, max, dist, parent);
        memset(best, -1, sizeof best);
        brute(&g, rule, start, start, 0, max, best);
        int count = 0;
        for (int c = 0; c < g.n_cells; c++) {
            assert_int_equal(dist[c], best[c]);
            count += dist[c] >= 0;
            if (dist[c] > 0) {
                int n = mu_hex_path(parent, c, path, 16);
                assert_int_equal(n, dist[c] + 1);
                assert_int_equal(path[0], start);
                for (int k = 1; k < n; k++) {
                    assert_true(rule[path[k]] & MU_HEX_ENTER);
                    assert_int_equal(mu_hex_distance(mu_hex_grid_hex(&g, path[k - 1]),
                                                     mu_hex_grid_hex(&g, path[k])), 1);
                    if (k < n - 1)
                        assert_true(rule[path[k]] & MU_HEX_THROUGH);
                }
            }
        }
        assert_int_equal(reached, count);
        /* the same search on sets of cells */
        mu_hex_set enter, through, layer[8];
        mu_hex_set_clear(&enter);
        mu_hex_set_clear(&through);
        for (int c = 0; c < g.n_cells; c++) {
            if (rule[c] & MU_HEX_ENTER)
                mu_hex_set_add(&enter, c);
            if (rule[c] & MU_HEX_THROUGH)
                mu_hex_set_add(&through, c);
        }
        assert_int_equal(mu_hex_reach_sets(&g, &enter, &through, start, max, layer), count);
        for (int c = 0; c < g.n_cells; c++)
            for (int k = 0; k <= max; k++)
                assert_int_equal(mu_hex_set_has(&layer[k], c), dist[c] == k);
    }
}

/* A set's neighbours are the union of its cells' neighbours (nb). */
static void test_hex_set_neighbours(void **state)
{
    (void)state;
    mu_rng rng = mu_rng_for_game(16, 4);
    for (int trial = 0; trial < 300; trial++) {
        mu_hex_grid g;
        assert_int_equal(mu_hex_grid_init(&g, 4 + (int)mu_rng_bounded(&rng, 60), 2 + (int)mu_rng_bounded(&rng, 14)), 0);
        mu_hex_set in, out;
        mu_hex_set_clear(&in);
        uint8_t want[MU_HEX_GRID_MAX_CELLS] = {0};
        for (int c = 0; c < g.n_cells; c++)
            if (mu_rng_bounded(&rng, 10) == 0) {
                mu_hex_set_add(&in, c);
                for (int d = 0; d < MU_HEX_DIRS; d++)
                    if (g.nb[c][d] >= 0)
                        want[g.nb[c][d]] = 1;
            }
        mu_hex_set_neighbours(&g, &in, &out);
        for (int c = 0; c < MU_HEX_SET_WORDS * 64; c++)
            assert_int_equal(mu_hex_set_has(&out, c), c < g.n_cells && want[c]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex_neighbours),
        cmocka_unit_test(test_hex_distance),
        cmocka_unit_test(test_hex_line),
        cmocka_unit_test(test_hex_grid_cells),
        cmocka_unit_test(test_hex_reach_equals_brute_force),
        cmocka_unit_test(test_hex_set_neighbours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
