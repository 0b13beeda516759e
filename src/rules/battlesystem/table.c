/* The Battlesystem table: its edges (how far a footprint can move and
 * stay on it) and terrain costs along a path. The plane geometry is
 * core's (muster/geom.h, muster/geom_sweep.h). */
#include "bs_internal.h"

#include <math.h>

/* RULE bs.game.unbounded-table */
static int bounded_x(const bs_table *t) { return t && t->width_mm > 0; }
/* RULE bs.game.unbounded-table */
static int bounded_y(const bs_table *t) { return t && t->depth_mm > 0; }

double bs_table_exit_point(const bs_table *t, mu_vec2 p, mu_vec2 d)
{
    double best = INFINITY;
    if (bounded_x(t)) {
        if (d.x > 1e-12)
            best = fmin(best, (t->width_mm - p.x) / d.x);
        else if (d.x < -1e-12)
            best = fmin(best, -p.x / d.x);
    }
    if (bounded_y(t)) {
        if (d.y > 1e-12)
            best = fmin(best, (t->depth_mm - p.y) / d.y);
        else if (d.y < -1e-12)
            best = fmin(best, -p.y / d.y);
    }
    return best < 0 ? 0 : best;
}

double bs_table_limit(const bs_table *t, const mu_vec2 *a, int na, mu_vec2 d)
{
    double best = INFINITY;
    for (int i = 0; i < na; i++)
        best = fmin(best, bs_table_exit_point(t, a[i], d));
    return best;
}

int bs_on_table(const bs_table *t, const mu_vec2 *a, int na)
{
    for (int i = 0; i < na; i++) {
        if (bounded_x(t) && (a[i].x < -BS_EPS || a[i].x > t->width_mm + BS_EPS))
            return 0;
        if (bounded_y(t) && (a[i].y < -BS_EPS || a[i].y > t->depth_mm + BS_EPS))
            return 0;
    }
    return 1;
}

/* --- terrain costs along a path */

#define BS_MAX_BREAKS (BS_MAX_TERRAIN * BS_MAX_POLY + 2)

static double factor_at(const bs_table *t, const bs_rules *r, mu_vec2 p)
{
    double f = 1.0;
    int any = 0;
    for (int i = 0; i < t->n_terrain; i++) {
        const bs_terrain *a = &t->terrain[i];
        if (a->kind == BS_TERRAIN_IMPASSABLE || a->kind == BS_TERRAIN_CLEAR)
            continue;
        /* a path running along the area's edge is not through it */
        if (mu_point_deep_in_poly(p, a->v, a->n, MU_NEAR_DIST)) {
            double k = r->terrain_cost[a->kind];
            f = any ? fmax(f, k) : k;
            any = 1;
        }
    }
    return f;
}

/* Breakpoints of the path p + t d, t in [0, len], where the terrain
 * factor may change; sorted, with 0 and len. */
static int breakpoints(const bs_table *t, mu_vec2 p, mu_vec2 d, double len, double *out)
{
    int n = 0;
    out[n++] = 0;
    for (int i = 0; i < t->n_terrain; i++) {
        const bs_terrain *a = &t->terrain[i];
        if (a->kind == BS_TERRAIN_IMPASSABLE || a->kind == BS_TERRAIN_CLEAR)
            continue;
        for (int j = 0; j < a->n; j++) {
            double x = mu_ray_seg_hit(p, d, mu_poly_edge(a->v, a->n, j));
            if (x > 0 && x < len && n < BS_MAX_BREAKS - 1)
                out[n++] = x;
        }
    }
    for (int i = 1; i < n; i++) {
        double x = out[i];
        int j = i - 1;
        while (j >= 0 && out[j] > x) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = x;
    }
    out[n++] = len;
    return n;
}

/* RULE bs.move.terrain-cost */
double bs_path_cost(const bs_table *t, const bs_rules *r, mu_vec2 p, mu_vec2 d, double len)
{
    if (!t || t->n_terrain == 0 || len <= 0)
        return len > 0 ? len : 0;
    double br[BS_MAX_BREAKS];
    int n = breakpoints(t, p, d, len, br);
    double cost = 0;
    for (int i = 0; i + 1 < n; i++) {
        double a = br[i], b = br[i + 1];
        if (b <= a)
            continue;
        mu_vec2 m = mu_v2_add(p, mu_v2_scale(d, (a + b) / 2));
        cost += (b - a) * factor_at(t, r, m);
    }
    return cost;
}

/* RULE bs.move.terrain-cost */
double bs_path_reach(const bs_table *t, const bs_rules *r, mu_vec2 p, mu_vec2 d,
                     double budget, double len_max)
{
    if (budget <= 0)
        return 0;
    if (!t || t->n_terrain == 0)
        return fmin(budget, len_max);
    /* look as far as the budget could take a unit through factor-1 terrain
     * (factors below 1 are allowed: look farther) */
    double lmin = INFINITY;
    for (int k = 0; k < BS_TERRAIN_KINDS; k++)
        if (k != BS_TERRAIN_IMPASSABLE && r->terrain_cost[k] > 0)
            lmin = fmin(lmin, r->terrain_cost[k]);
    double horizon = fmin(len_max, budget / fmin(1.0, lmin));
    double br[BS_MAX_BREAKS];
    int n = breakpoints(t, p, d, horizon, br);
    double left = budget;
    for (int i = 0; i + 1 < n; i++) {
        double a = br[i], b = br[i + 1];
        if (b <= a)
            continue;
        mu_vec2 m = mu_v2_add(p, mu_v2_scale(d, (a + b) / 2));
        double k = factor_at(t, r, m);
        double c = (b - a) * k;
        if (c >= left)
            return a + left / k;
        left -= c;
    }
    return horizon;
}
