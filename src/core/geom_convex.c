/* Plane geometry: convexity, hulls, half-plane clipping, and whether
 * polygons (vertex arrays) share interior or how far apart they are.
 * Built on geom.c and geom_poly.c. */
#include "muster/geom.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM

/* mu_poly_overlap counts turns under 1e-12 mm^2 as straight: |cross| <
 * 1e-12 is |cross| <= this, the double just below 1e-12. */
#define FLAT_BELOW_1E12 9.999999999999998e-13

/* How far inside a vertex mu_poly_overlap samples (mm). */
#define INSET_MM (10 * 1e-3)

mu_convexity mu_poly_convexity(const mu_vec2 *v, int n, double flat_mm2)
{
    int sign = 0;
    for (int i = 0; i < n; i++) {
        mu_vec2 a = v[i], b = v[(i + 1) % n], c = v[(i + 2) % n];
        double z = mu_v2_cross(mu_v2_sub(b, a), mu_v2_sub(c, b));
        if (fabs(z) <= flat_mm2)
            continue;
        int s = z > 0.0 ? 1 : -1;
        if (sign != 0 && s != sign)
            return MU_NOT_CONVEX;
        sign = s;
    }
    return sign != 0 ? MU_CONVEX : MU_FLAT;
}

void mu_sort_xy(mu_vec2 *p, int n)
{
    for (int i = 1; i < n; i++) /* insertion sort: n is small */
        for (int j = i; j > 0 && (p[j].x < p[j - 1].x || (p[j].x == p[j - 1].x && p[j].y < p[j - 1].y)); j--) {
            mu_vec2 t = p[j];
            p[j] = p[j - 1];
            p[j - 1] = t;
        }
}

int mu_hull(const mu_vec2 *in, int n, mu_vec2 *out)
{
    assert(n >= 1 && n <= MU_HULL_MAX_POINTS);
    mu_vec2 p[MU_HULL_MAX_POINTS], h[2 * MU_HULL_MAX_POINTS + 2];
    for (int i = 0; i < n; i++)
        p[i] = in[i];
    mu_sort_xy(p, n);
    int k = 0;
    for (int pass = 0; pass < 2; pass++) { /* lower chain, then upper */
        int start = k;
        for (int i = 0; i < n; i++) {
            mu_vec2 q = pass == 0 ? p[i] : p[n - 1 - i];
            while (k >= start + 2 && mu_v2_cross(mu_v2_sub(h[k - 1], h[k - 2]), mu_v2_sub(q, h[k - 2])) <= 1e-12)
                k--;
            h[k++] = q;
        }
        k--; /* each chain's last point starts the other */
    }
    if (k < 1)
        k = 1;
    for (int i = 0; i < k; i++)
        out[i] = h[i];
    return k;
}

int mu_poly_clip_halfplane(const mu_vec2 *in, int n, mu_vec2 normal, double k, mu_vec2 *out)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        mu_vec2 a = in[i], b = in[(i + 1) % n];
        double da = mu_v2_dot(normal, a) - k, db = mu_v2_dot(normal, b) - k;
        if (da >= 0.0)
            out[m++] = a;
        if ((da >= 0.0) != (db >= 0.0))
            out[m++] = mu_v2_add(a, mu_v2_scale(mu_v2_sub(b, a), da / (da - db)));
    }
    return m >= 3 ? m : 0;
}

/* Projects v[0..n) on axis: *lo, *hi. */
static void project(const mu_vec2 *v, int n, mu_vec2 axis, double *lo, double *hi)
{
    double l = mu_v2_dot(v[0], axis), h = l;
    for (int i = 1; i < n; i++) {
        double t = mu_v2_dot(v[i], axis);
        l = t < l ? t : l;
        h = t > h ? t : h;
    }
    *lo = l;
    *hi = h;
}

/* Returns non-zero when some edge normal of a separates a and b to within
 * EPS (touching counts as apart). */
static int separated_by_edges(const mu_vec2 *a, int na, const mu_vec2 *b, int nb, mu_sat_axis how)
{
    for (int k = 0; k < na; k++) {
        mu_vec2 e = mu_v2_sub(a[(k + 1) % na], a[k]), axis;
        if (how == MU_SAT_DIV) {
            double len = sqrt(e.x * e.x + e.y * e.y);
            if (len <= 1e-12)
                continue;
            axis = mu_v2(-e.y / len, e.x / len);
        } else {
            axis = mu_v2_unit(mu_v2_perp(e));
            if (axis.x == 0 && axis.y == 0)
                continue;
        }
        double alo, ahi, blo, bhi;
        project(a, na, axis, &alo, &ahi);
        project(b, nb, axis, &blo, &bhi);
        if (ahi <= blo + EPS || bhi <= alo + EPS)
            return 1;
    }
    return 0;
}

int mu_convex_overlap(const mu_vec2 *a, int na, const mu_vec2 *b, int nb, mu_sat_axis axis)
{
    return !separated_by_edges(a, na, b, nb, axis) && !separated_by_edges(b, nb, a, na, axis);
}

static double min2(double a, double b) { return a < b ? a : b; }
static double max2(double a, double b) { return a > b ? a : b; }

/* Interiors meet when a boundary of one passes through the other's
 * interior, or else one contains the other (or they coincide), when the
 * convex one's vertex centroid is deep inside the other. */
int mu_convex_overlaps_poly(const mu_vec2 *c, int nc, const mu_vec2 *v, int n)
{
    mu_vec2 lo = c[0], hi = c[0], plo = v[0], phi = v[0], mid = mu_v2(0, 0);
    for (int i = 0; i < nc; i++) {
        lo = mu_v2(mu_lesser(lo.x, c[i].x), mu_lesser(lo.y, c[i].y));
        hi = mu_v2(mu_greater(hi.x, c[i].x), mu_greater(hi.y, c[i].y));
        mid = mu_v2_add(mid, mu_v2_scale(c[i], 1.0 / nc));
    }
    for (int i = 0; i < n; i++) {
        plo = mu_v2(mu_lesser(plo.x, v[i].x), mu_lesser(plo.y, v[i].y));
        phi = mu_v2(mu_greater(phi.x, v[i].x), mu_greater(phi.y, v[i].y));
    }
    if (lo.x >= phi.x - EPS || plo.x >= hi.x - EPS || lo.y >= phi.y - EPS || plo.y >= hi.y - EPS)
        return 0;
    for (int i = 0; i < nc; i++)
        if (mu_seg_crosses_poly_interior(mu_poly_edge(c, nc, i), v, n))
            return 1;
    for (int k = 0; k < n; k++) {
        mu_seg e = mu_poly_edge(v, n, k);
        /* an edge clear of c's box has no point inside c */
        if (max2(e.a.x, e.b.x) < lo.x || min2(e.a.x, e.b.x) > hi.x || max2(e.a.y, e.b.y) < lo.y ||
            min2(e.a.y, e.b.y) > hi.y)
            continue;
        if (mu_seg_crosses_poly_interior(e, c, nc))
            return 1;
    }
    return mu_point_deep_in_poly(mid, v, n, MU_NEAR_DIST2);
}

/* The mean of v[0..n) (summed, then scaled: not the centroid sum of
 * mu_convex_overlaps_poly, which scales each term and so rounds apart). */
static mu_vec2 centroid(const mu_vec2 *v, int n)
{
    mu_vec2 c = mu_v2(0, 0);
    for (int i = 0; i < n; i++)
        c = mu_v2_add(c, v[i]);
    return mu_v2_scale(c, 1.0 / n);
}

static int deep_in(const mu_vec2 *v, int n, mu_vec2 p)
{
    return mu_point_deep_in_poly(p, v, n, MU_NEAR_DIST);
}

static int point_in(const mu_vec2 *v, int n, mu_vec2 p)
{
    mu_polygon poly = {n, v};
    return mu_point_in_polygon(&poly, p);
}

/* Some point of a just inside it (near a vertex or an edge midpoint) lies
 * deep inside b. */
static int samples_inside(const mu_vec2 *a, int na, const mu_vec2 *b, int nb)
{
    mu_vec2 c = centroid(a, na);
    for (int i = 0; i < na; i++) {
        mu_vec2 m = mu_v2_scale(mu_v2_add(a[i], a[(i + 1) % na]), 0.5);
        mu_vec2 pts[3] = {a[i], m, mu_v2_add(a[i], mu_v2_scale(mu_v2_unit(mu_v2_sub(c, a[i])), INSET_MM))};
        for (int k = 0; k < 3; k++)
            if (deep_in(b, nb, pts[k]) && (k < 2 || point_in(a, na, pts[k])))
                return 1;
    }
    return deep_in(b, nb, c) && point_in(a, na, c);
}

/* Non-zero when the bounding boxes of a and b overlap by no more than
 * EPS in x or in y: then no axis shows more, so the shapes cannot share
 * interior deeper than EPS (a cheap exact rejection). */
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
    return ax1 <= bx0 + EPS || bx1 <= ax0 + EPS || ay1 <= by0 + EPS || by1 <= ay0 + EPS;
}

static int roughly_convex(const mu_vec2 *v, int n)
{
    return mu_poly_convexity(v, n, FLAT_BELOW_1E12) != MU_NOT_CONVEX;
}

int mu_poly_overlap(const mu_vec2 *a, int na, const mu_vec2 *b, int nb)
{
    if (boxes_apart(a, na, b, nb))
        return 0;
    if (roughly_convex(a, na) && roughly_convex(b, nb))
        return mu_convex_overlap(a, na, b, nb, MU_SAT_UNIT);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (mu_seg_cross_proper(mu_poly_edge(a, na, i), mu_poly_edge(b, nb, j), NULL))
                return 1;
    return samples_inside(a, na, b, nb) || samples_inside(b, nb, a, na);
}

double mu_poly_vertex_edge_distance(const mu_vec2 *a, int na, const mu_vec2 *b, int nb, mu_vec2 *pa,
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
                double d = mu_point_seg_distance(p[i], mu_poly_edge(q, nq, j), &c);
                if (d < best) {
                    best = d;
                    ba = pass ? c : p[i];
                    bb = pass ? p[i] : c;
                }
            }
    }
    if (mu_poly_overlap(a, na, b, nb))
        best = 0;
    if (pa)
        *pa = ba;
    if (pb)
        *pb = bb;
    return best;
}
