/* The hex grid (muster/hex.h): axial arithmetic, lines by cube rounding,
 * and the breadth-first reach over a rectangle of cells. */
#include "muster/hex.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const int DQ[MU_HEX_DIRS] = {+1, +1, 0, -1, -1, 0};
static const int DR[MU_HEX_DIRS] = {0, -1, -1, 0, +1, +1};

mu_hex mu_hex_neighbor(mu_hex h, int dir)
{
    assert(dir >= 0 && dir < MU_HEX_DIRS);
    return mu_hex_make(h.q + DQ[dir], h.r + DR[dir]);
}

int mu_hex_distance(mu_hex a, mu_hex b)
{
    int dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;
    return (abs(dq) + abs(dr) + abs(ds)) / 2;
}

int mu_hex_direction_to(mu_hex a, mu_hex b)
{
    for (int d = 0; d < MU_HEX_DIRS; d++)
        if (b.q - a.q == DQ[d] && b.r - a.r == DR[d])
            return d;
    return -1;
}

/* The hex holding the cube point (x, y, z): round each, then fix the one
 * that moved most so that x + y + z = 0. */
static mu_hex cube_round(double x, double z)
{
    double y = -x - z;
    double rx = round(x), ry = round(y), rz = round(z);
    double dx = fabs(rx - x), dy = fabs(ry - y), dz = fabs(rz - z);
    if (dx > dy && dx > dz)
        rx = -ry - rz;
    else if (dy <= dz)
        rz = -rx - ry;
    return mu_hex_make((int)rx, (int)rz);
}

int mu_hex_line(mu_hex a, mu_hex b, mu_hex *out)
{
    int n = mu_hex_distance(a, b);
    /* the nudge keeps points exactly between two hexes off the edge */
    double ax = a.q + 1e-6, az = a.r + 2e-6, bx = b.q + 1e-6, bz = b.r + 2e-6;
    for (int i = 0; i <= n; i++) {
        double t = n == 0 ? 0.0 : (double)i / n;
        out[i] = cube_round(ax + (bx - ax) * t, az + (bz - az) * t);
    }
    return n + 1;
}

/* x / 2 rounded down (C division truncates towards zero). */
static int floor_half(int x) { return x >= 0 ? x / 2 : -((1 - x) / 2); }

static int in_grid(const mu_hex_grid *g, int col2, int row)
{
    return row >= 0 && row < g->rows && col2 >= 0 && col2 < g->col2s && ((col2 ^ row) & 1) == 0;
}

int mu_hex_grid_cell(const mu_hex_grid *g, mu_hex h)
{
    int col2 = mu_hex_col2(h);
    if (!in_grid(g, col2, h.r))
        return -1;
    return h.r * g->per_row + col2 / 2;
}

mu_hex mu_hex_grid_hex(const mu_hex_grid *g, int c)
{
    int row = c / g->per_row, half = c % g->per_row;
    int col2 = 2 * half + (row & 1);
    return mu_hex_from_doubled(col2, row);
}

int mu_hex_grid_init(mu_hex_grid *g, int col2s, int rows)
{
    if (col2s < 1 || rows < 1)
        return -1;
    int per_row = (col2s + 1) / 2;
    if ((long)per_row * rows > MU_HEX_GRID_MAX_CELLS)
        return -1;
    g->col2s = col2s, g->rows = rows, g->per_row = per_row, g->n_cells = per_row * rows;
    g->words = (g->n_cells + 63) / 64;
    memset(g->from, 0, sizeof g->from);
    memset(g->nb_bits, 0, sizeof g->nb_bits);
    for (int d = 0; d < MU_HEX_DIRS; d++) {
        /* the index step of a direction depends only on the row's parity */
        int x = 2 * DQ[d] + DR[d]; /* the doubled column's change */
        g->shift[0][d] = DR[d] * per_row + floor_half(x);
        g->shift[1][d] = DR[d] * per_row + floor_half(x + 1);
    }
    for (int c = 0; c < g->n_cells; c++) {
        mu_hex h = mu_hex_grid_hex(g, c);
        int inside = in_grid(g, mu_hex_col2(h), h.r);
        for (int d = 0; d < MU_HEX_DIRS; d++) {
            int n = inside ? mu_hex_grid_cell(g, mu_hex_neighbor(h, d)) : -1;
            g->nb[c][d] = (int16_t)n;
            if (n >= 0) {
                assert(n - c == g->shift[h.r & 1][d]);
                mu_hex_set_add(&g->from[h.r & 1][d], c);
                if (g->words <= 2)
                    g->nb_bits[c][n >> 6] |= UINT64_C(1) << (n & 63);
            }
        }
    }
    return 0;
}

int mu_hex_reach(const mu_hex_grid *g, const uint8_t *rule, int start, int max_steps, int8_t *dist,
                 int16_t *parent)
{
    assert(start >= 0 && start < g->n_cells && max_steps < 127);
    memset(dist, -1, (size_t)g->n_cells);
    if (parent)
        for (int c = 0; c < g->n_cells; c++)
            parent[c] = -1;
    int16_t queue[MU_HEX_GRID_MAX_CELLS];
    int head = 0, tail = 0;
    dist[start] = 0;
    queue[tail++] = (int16_t)start;
    while (head < tail) {
        int c = queue[head++];
        int d = dist[c];
        if (d >= max_steps || (c != start && !(rule[c] & MU_HEX_THROUGH)))
            continue;
        for (int k = 0; k < MU_HEX_DIRS; k++) {
            int n = g->nb[c][k];
            if (n < 0 || dist[n] >= 0 || !(rule[n] & MU_HEX_ENTER))
                continue;
            dist[n] = (int8_t)(d + 1);
            if (parent)
                parent[n] = (int16_t)c;
            queue[tail++] = (int16_t)n;
        }
    }
    return tail;
}

int mu_hex_path(const int16_t *parent, int c, int16_t *path, int max)
{
    int n = 0;
    for (int x = c; x >= 0; x = parent[x])
        n++;
    assert(n <= max);
    (void)max;
    int i = n;
    for (int x = c; x >= 0; x = parent[x])
        path[--i] = (int16_t)x;
    return n;
}
