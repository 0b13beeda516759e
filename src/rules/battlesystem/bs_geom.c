/* Plane geometry for the Battlesystem engine: footprints moving along
 * straight lines (first contact), overlap and distance of polygons, the
 * table's edges, and terrain costs along a path. Polygons are vertex
 * arrays in either winding; unit footprints are convex rectangles. */
#include "bs_internal.h"

#include <math.h>

/* A short distance (mm): past the last contact event, and inward from a
 * vertex when sampling a polygon's interior. */
#define BS_PROBE 1e-3

/* Cap on candidate contact distances in one sweep. */
#define BS_MAX_CAND (2 * BS_MAX_POLY * BS_MAX_POLY)

/* Distance from p to the boundary of polygon v[0..n). */
static double boundary_distance(const mu_vec2 *v, int n, mu_vec2 p)
{
    double best = INFINITY;
    for (int i = 0; i < n; i++) {
        mu_seg e = {v[i], v[(i + 1) % n]};
        double d = mu_point_seg_distance(p, e, NULL);
        if (d < best)
            best = d;
    }
    return best;
}

/* p is inside polygon v[0..n) or on its boundary (within MU_GEOM_EPS_MM,
 * which is BS_EPS): the core test. */
static int point_in(const mu_vec2 *v, int n, mu_vec2 p)
{
    mu_polygon poly = {n, v};
    return mu_point_in_polygon(&poly, p);
}

/* Inside and farther than BS_EPS from the boundary. Off the boundary the
 * core test is the crossing-number test alone. */
static int strictly_inside(const mu_vec2 *v, int n, mu_vec2 p)
{
    return boundary_distance(v, n, p) > BS_EPS && point_in(v, n, p);
}

static int is_convex(const mu_vec2 *v, int n)
{
    int sign = 0;
    for (int i = 0; i < n; i++) {
        mu_vec2 e1 = mu_v2_sub(v[(i + 1) % n], v[i]);
        mu_vec2 e2 = mu_v2_sub(v[(i + 2) % n], v[(i + 1) % n]);
        double c = mu_v2_cross(e1, e2);
        if (fabs(c) < 1e-12)
            continue;
        int s = c > 0 ? 1 : -1;
        if (sign && s != sign)
            return 0;
        sign = s;
    }
    return 1;
}

/* Separating-axis test for convex polygons: overlap deeper than BS_EPS. */
static int convex_overlap(const mu_vec2 *a, int na, const mu_vec2 *b, int nb)
{
    for (int pass = 0; pass < 2; pass++) {
        const mu_vec2 *p = pass ? b : a;
        int np = pass ? nb : na;
        for (int i = 0; i < np; i++) {
            mu_vec2 axis = bs_unit_vec(mu_v2_perp(mu_v2_sub(p[(i + 1) % np], p[i])));
            if (axis.x == 0 && axis.y == 0)
                continue;
            double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
            for (int k = 0; k < na; k++) {
                double x = mu_v2_dot(a[k], axis);
                amin = fmin(amin, x);
                amax = fmax(amax, x);
            }
            for (int k = 0; k < nb; k++) {
                double x = mu_v2_dot(b[k], axis);
                bmin = fmin(bmin, x);
                bmax = fmax(bmax, x);
            }
            if (amax <= bmin + BS_EPS || bmax <= amin + BS_EPS)
                return 0;
        }
    }
    return 1;
}

/* Segments pq and rs cross at a point interior to both (by more than
 * BS_EPS from each line). */
static int proper_cross(mu_vec2 p, mu_vec2 q, mu_vec2 r, mu_vec2 s)
{
    mu_vec2 d1 = mu_v2_sub(q, p), d2 = mu_v2_sub(s, r);
    double l1 = mu_v2_len(d1), l2 = mu_v2_len(d2);
    if (l1 == 0 || l2 == 0)
        return 0;
    double a = mu_v2_cross(d1, mu_v2_sub(r, p)) / l1;
    double b = mu_v2_cross(d1, mu_v2_sub(s, p)) / l1;
    double c = mu_v2_cross(d2, mu_v2_sub(p, r)) / l2;
    double d = mu_v2_cross(d2, mu_v2_sub(q, r)) / l2;
    return ((a > BS_EPS && b < -BS_EPS) || (a < -BS_EPS && b > BS_EPS)) &&
           ((c > BS_EPS && d < -BS_EPS) || (c < -BS_EPS && d > BS_EPS));
}

static mu_vec2 centroid(const mu_vec2 *v, int n)
{
    mu_vec2 c = mu_v2(0, 0);
    for (int i = 0; i < n; i++)
        c = mu_v2_add(c, v[i]);
    return mu_v2_scale(c, 1.0 / n);
}

/* Some point of a just inside it (near a vertex or an edge midpoint) lies
 * strictly inside b. */
static int samples_inside(const mu_vec2 *a, int na, const mu_vec2 *b, int nb)
{
    mu_vec2 c = centroid(a, na);
    for (int i = 0; i < na; i++) {
        mu_vec2 m = mu_v2_scale(mu_v2_add(a[i], a[(i + 1) % na]), 0.5);
        mu_vec2 pts[3] = {a[i], m, mu_v2_add(a[i], mu_v2_scale(bs_unit_vec(mu_v2_sub(c, a[i])), 10 * BS_PROBE))};
        for (int k = 0; k < 3; k++)
            if (strictly_inside(b, nb, pts[k]) && (k < 2 || point_in(a, na, pts[k])))
                return 1;
    }
    return strictly_inside(b, nb, c) && point_in(a, na, c);
}

/* Non-zero when the bounding boxes of a and b overlap by no more than
 * BS_EPS in x or in y: then no axis shows more, so the shapes cannot
 * share interior deeper than BS_EPS (a cheap exact rejection). */
static int boxes_apart(const mu_vec2 *a, int na, const mu_vec2 *b, int nb)
{
    double ax0 = INFINITY, ax1 = -INFINITY, ay0 = INFINITY, ay1 = -INFINITY;
    double bx0 = INFINITY, bx1 = -INFINITY, by0 = INFINITY, by1 = -INFINITY;
    for (int i = 0; i < na; i++) {
        ax0 = a[i].x < ax0 ? a[i].x : ax0, ax1 = a[i].x > ax1 ? a[i].x : ax1;
        ay0 = a[i].y < ay0 ? a[i].y : ay0, ay1 = a[i].y > ay1 ? a[i].y : ay1;
    }
    for (int i = 0; i < nb; i++) {
        bx0 = b[i].x < bx0 ? b[i].x : bx0, bx1 = b[i].x > bx1 ? b[i].x : bx1;
        by0 = b[i].y < by0 ? b[i].y : by0, by1 = b[i].y > by1 ? b[i].y : by1;
    }
    return ax1 <= bx0 + BS_EPS || bx1 <= ax0 + BS_EPS || ay1 <= by0 + BS_EPS || by1 <= ay0 + BS_EPS;
}

int bs_overlap(const mu_vec2 *a, int na, const mu_vec2 *b, int nb)
{
    if (boxes_apart(a, na, b, nb))
        return 0;
    if (is_convex(a, na) && is_convex(b, nb))
        return convex_overlap(a, na, b, nb);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (proper_cross(a[i], a[(i + 1) % na], b[j], b[(j + 1) % nb]))
                return 1;
    return samples_inside(a, na, b, nb) || samples_inside(b, nb, a, na);
}

double bs_poly_distance(const mu_vec2 *a, int na, const mu_vec2 *b, int nb, mu_vec2 *pa,
                        mu_vec2 *pb)
{
    double best = INFINITY;
    mu_vec2 ba = a[0], bb = b[0];
    for (int pass = 0; pass < 2; pass++) {
        const mu_vec2 *p = pass ? b : a, *q = pass ? a : b;
        int np = pass ? nb : na, nq = pass ? na : nb;
        for (int i = 0; i < np; i++)
            for (int j = 0; j < nq; j++) {
                mu_vec2 c;
                mu_seg e = {q[j], q[(j + 1) % nq]};
                double d = mu_point_seg_distance(p[i], e, &c);
                if (d < best) {
                    best = d;
                    ba = pass ? c : p[i];
                    bb = pass ? p[i] : c;
                }
            }
    }
    if (bs_overlap(a, na, b, nb))
        best = 0;
    if (pa)
        *pa = ba;
    if (pb)
        *pb = bb;
    return best;
}

/* Path length t >= 0 at which the ray p + t d meets segment q0 q1, or
 * INFINITY. */
static double ray_seg(mu_vec2 p, mu_vec2 d, mu_vec2 q0, mu_vec2 q1)
{
    mu_vec2 e = mu_v2_sub(q1, q0);
    double el = mu_v2_len(e);
    double den = mu_v2_cross(d, e);
    if (el == 0 || fabs(den) < 1e-12 * el)
        return INFINITY;
    mu_vec2 w = mu_v2_sub(q0, p);
    double t = mu_v2_cross(w, e) / den;
    double s = mu_v2_cross(w, d) / den;
    if (s < -1e-9 || s > 1 + 1e-9 || t < -1e-9)
        return INFINITY;
    return t < 0 ? 0 : t;
}

void bs_translate(mu_vec2 *a, int n, mu_vec2 v)
{
    for (int i = 0; i < n; i++)
        a[i] = mu_v2_add(a[i], v);
}

static int overlaps_after(const mu_vec2 *a, int na, mu_vec2 d, double t, const mu_vec2 *b, int nb)
{
    mu_vec2 moved[BS_MAX_POLY];
    for (int i = 0; i < na; i++)
        moved[i] = mu_v2_add(a[i], mu_v2_scale(d, t));
    return bs_overlap(moved, na, b, nb);
}

/* Non-zero when a moving along d can never share interior with b: b lies
 * wholly outside the band a sweeps (a gap of more than BS_PROBE across d),
 * or wholly behind a. Exact, and cheap. */
static int sweep_misses(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb)
{
    /* projections on d and across it, scaled by |d| (so is the margin) */
    mu_vec2 n = mu_v2_perp(d);
    double margin = BS_PROBE * sqrt(d.x * d.x + d.y * d.y);
    double alo = INFINITY, ahi = -INFINITY, blo = INFINITY, bhi = -INFINITY, amin = INFINITY, bmax = -INFINITY;
    for (int i = 0; i < na; i++) {
        double x = mu_v2_dot(a[i], n), y = mu_v2_dot(a[i], d);
        alo = x < alo ? x : alo, ahi = x > ahi ? x : ahi;
        amin = y < amin ? y : amin;
    }
    for (int i = 0; i < nb; i++) {
        double x = mu_v2_dot(b[i], n), y = mu_v2_dot(b[i], d);
        blo = x < blo ? x : blo, bhi = x > bhi ? x : bhi;
        bmax = y > bmax ? y : bmax;
    }
    return margin > 0 && (blo > ahi + margin || alo > bhi + margin || bmax < amin - margin);
}

double bs_sweep(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb)
{
    if (sweep_misses(a, na, d, b, nb))
        return INFINITY;
    double cand[BS_MAX_CAND + 1];
    /* t = 0 always: footprints touching within the tolerance (even
     * interpenetrating by less than it) give no forward ray hit there */
    cand[0] = 0;
    int n = 1;
    mu_vec2 back = mu_v2_scale(d, -1);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            double t = ray_seg(a[i], d, b[j], b[(j + 1) % nb]);
            if (t < INFINITY && n <= BS_MAX_CAND)
                cand[n++] = t;
        }
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < na; j++) {
            double t = ray_seg(b[i], back, a[j], a[(j + 1) % na]);
            if (t < INFINITY && n <= BS_MAX_CAND)
                cand[n++] = t;
        }
    /* sort ascending (short arrays) */
    for (int i = 1; i < n; i++) {
        double x = cand[i];
        int j = i - 1;
        while (j >= 0 && cand[j] > x) {
            cand[j + 1] = cand[j];
            j--;
        }
        cand[j + 1] = x;
    }
    /* the polygons can only start or stop overlapping at these events:
     * test between each and the next (a fixed probe past an event would
     * miss shallow, grazing approaches) */
    for (int i = 0; i < n; i++) {
        if (i > 0 && cand[i] - cand[i - 1] < 1e-12)
            continue;
        int j = i + 1;
        while (j < n && cand[j] - cand[i] < 1e-12)
            j++;
        double next = j < n ? cand[j] : cand[i] + 2 * BS_PROBE;
        if (overlaps_after(a, na, d, (cand[i] + next) / 2, b, nb))
            return cand[i];
    }
    return INFINITY;
}

double bs_sweep_exit(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb, double t_in)
{
    double amin = INFINITY, bmax = -INFINITY;
    for (int i = 0; i < na; i++)
        amin = fmin(amin, mu_v2_dot(a[i], d));
    for (int i = 0; i < nb; i++)
        bmax = fmax(bmax, mu_v2_dot(b[i], d));
    /* far enough along d that a lies wholly beyond b */
    double t_far = fmax(t_in, bmax - amin) + 1.0;
    mu_vec2 moved[BS_MAX_POLY];
    for (int i = 0; i < na; i++)
        moved[i] = mu_v2_add(a[i], mu_v2_scale(d, t_far));
    double s = bs_sweep(moved, na, mu_v2_scale(d, -1), b, nb);
    return s < INFINITY ? t_far - s : t_in;
}

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
        if (strictly_inside(a->v, a->n, p)) {
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
            double x = ray_seg(p, d, a->v[j], a->v[(j + 1) % a->n]);
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
