/* Plane geometry: simple polygons, and points, segments and rectangles
 * against them (a rectangle taken as its corners). Shapes are closed
 * regions; touching within MU_GEOM_EPS_MM counts as meeting, and
 * "interior" means more than MU_GEOM_EPS_MM inside. Built on geom.c. */
#include "muster/geom.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM

/* Edge k of poly: vertex k to vertex k + 1 (wrapping). */
static mu_seg poly_edge(const mu_polygon *poly, int k)
{
    return mu_poly_edge(poly->v, poly->n, k);
}

static void poly_check(const mu_polygon *poly)
{
    assert(poly->n >= 0 && (poly->n == 0 || poly->v != NULL));
    (void)poly;
}

int mu_point_in_polygon(const mu_polygon *poly, mu_vec2 p)
{
    poly_check(poly);
    for (int k = 0; k < poly->n; k++)
        if (mu_point_seg_distance(p, poly_edge(poly, k), NULL) <= EPS)
            return 1;
    /* Off the boundary: count edges crossing the ray to +x (each edge
     * half-open in y, so a vertex on the ray counts once). */
    int inside = 0;
    for (int k = 0; k < poly->n; k++) {
        mu_seg e = poly_edge(poly, k);
        if ((e.a.y > p.y) != (e.b.y > p.y)) {
            double x = e.a.x + (p.y - e.a.y) / (e.b.y - e.a.y) * (e.b.x - e.a.x);
            if (p.x < x)
                inside = !inside;
        }
    }
    return inside;
}

double mu_polygon_area(const mu_polygon *poly)
{
    poly_check(poly);
    double twice = 0.0;
    for (int k = 1; k + 1 < poly->n; k++)
        twice += mu_v2_cross(mu_v2_sub(poly->v[k], poly->v[0]), mu_v2_sub(poly->v[k + 1], poly->v[0]));
    return twice / 2.0;
}

/* A fold-back or a repeated vertex makes two non-adjacent edges meet
 * (or, in a triangle, the area vanish), so these checks suffice. */
int mu_polygon_is_simple(const mu_polygon *poly)
{
    poly_check(poly);
    int n = poly->n;
    if (n < 3 || fabs(mu_polygon_area(poly)) <= EPS * EPS)
        return 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 2; j < n; j++) {
            if (i == 0 && j == n - 1)
                continue; /* adjacent through the wrap */
            if (mu_seg_intersect(poly_edge(poly, i), poly_edge(poly, j), NULL))
                return 0;
        }
    return 1;
}

/* Boundaries that come no nearer than their closest edge pair are either
 * apart or nested; one vertex tells which. */
double mu_polygon_distance_exhaustive(const mu_polygon *a, const mu_polygon *b, mu_vec2 *pa, mu_vec2 *pb)
{
    poly_check(a);
    poly_check(b);
    if (a->n == 0 || b->n == 0)
        return INFINITY;
    double best = INFINITY;
    mu_vec2 ba = a->v[0], bb = b->v[0], ca, cb;
    for (int i = 0; i < a->n && best > 0.0; i++)
        for (int j = 0; j < b->n && best > 0.0; j++) {
            double d = mu_seg_distance(poly_edge(a, i), poly_edge(b, j), &ca, &cb);
            if (d < best) {
                best = d;
                ba = ca;
                bb = cb;
            }
        }
    if (best > 0.0 && mu_point_in_polygon(b, a->v[0])) {
        best = 0.0;
        ba = bb = a->v[0];
    } else if (best > 0.0 && mu_point_in_polygon(a, b->v[0])) {
        best = 0.0;
        ba = bb = b->v[0];
    }
    if (pa)
        *pa = ba;
    if (pb)
        *pb = bb;
    return best;
}

/* ---- the pruned distance (same result as the exhaustive one) ---- */

/* A pair of edges whose boxes are farther apart than the distance of some
 * pair already known, by more than this, cannot hold the least distance
 * (rounding in mu_seg_distance is below 1e-9 mm on any table). */
#define PRUNE_MARGIN_MM 1e-6
#define PRUNE_MAX_VERTICES 64

typedef struct edge_box {
    mu_vec2 lo, hi;
} edge_box;

static void edge_boxes(const mu_polygon *p, edge_box *out)
{
    for (int k = 0; k < p->n; k++) {
        mu_seg e = poly_edge(p, k);
        out[k].lo = mu_v2(e.a.x < e.b.x ? e.a.x : e.b.x, e.a.y < e.b.y ? e.a.y : e.b.y);
        out[k].hi = mu_v2(e.a.x > e.b.x ? e.a.x : e.b.x, e.a.y > e.b.y ? e.a.y : e.b.y);
    }
}

/* The squared distance between two boxes: a lower bound on the squared
 * distance of anything in one from anything in the other. */
static double box_gap2(const edge_box *a, const edge_box *b)
{
    double dx = a->lo.x - b->hi.x, ex = b->lo.x - a->hi.x;
    double dy = a->lo.y - b->hi.y, ey = b->lo.y - a->hi.y;
    dx = dx > ex ? dx : ex;
    dy = dy > ey ? dy : ey;
    dx = dx > 0.0 ? dx : 0.0;
    dy = dy > 0.0 ? dy : 0.0;
    return dx * dx + dy * dy;
}

/* Non-zero when p lies outside the box of poly by more than any touching
 * tolerance: then mu_point_in_polygon(poly, p) is 0. */
static int clear_of_box(const edge_box *box, int n, mu_vec2 p)
{
    const double m = 10.0 * EPS;
    double lx = box[0].lo.x, ly = box[0].lo.y, hx = box[0].hi.x, hy = box[0].hi.y;
    for (int k = 1; k < n; k++) {
        lx = box[k].lo.x < lx ? box[k].lo.x : lx;
        ly = box[k].lo.y < ly ? box[k].lo.y : ly;
        hx = box[k].hi.x > hx ? box[k].hi.x : hx;
        hy = box[k].hi.y > hy ? box[k].hi.y : hy;
    }
    return p.x < lx - m || p.x > hx + m || p.y < ly - m || p.y > hy + m;
}

/* The exhaustive loop visits the edge pairs in order and keeps the first
 * least distance. Here one pair, the one with the nearest boxes, is
 * measured first: its distance ub bounds the least one, so the loop (in
 * the same order, with the same strict comparison) may skip every pair
 * whose boxes are farther apart than ub. Every pair at the least distance
 * is still measured, so the distance and the closest points are the same
 * bit for bit. */
double mu_polygon_distance(const mu_polygon *a, const mu_polygon *b, mu_vec2 *pa, mu_vec2 *pb)
{
    poly_check(a);
    poly_check(b);
    if (a->n == 0 || b->n == 0 || a->n > PRUNE_MAX_VERTICES || b->n > PRUNE_MAX_VERTICES)
        return mu_polygon_distance_exhaustive(a, b, pa, pb);
    edge_box ea[PRUNE_MAX_VERTICES], eb[PRUNE_MAX_VERTICES];
    edge_boxes(a, ea);
    edge_boxes(b, eb);
    int fi = 0, fj = 0;
    double least = INFINITY;
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++) {
            double g = box_gap2(&ea[i], &eb[j]);
            if (g < least) {
                least = g;
                fi = i;
                fj = j;
            }
        }
    mu_vec2 fa, fb, ca, cb;
    double first = mu_seg_distance(poly_edge(a, fi), poly_edge(b, fj), &fa, &fb);
    double reach = first + PRUNE_MARGIN_MM, reach2 = reach * reach;
    double best = INFINITY;
    mu_vec2 ba = a->v[0], bb = b->v[0];
    for (int i = 0; i < a->n && best > 0.0; i++)
        for (int j = 0; j < b->n && best > 0.0; j++) {
            double d;
            if (i == fi && j == fj) {
                d = first;
                ca = fa;
                cb = fb;
            } else if (box_gap2(&ea[i], &eb[j]) > reach2) {
                continue;
            } else {
                d = mu_seg_distance(poly_edge(a, i), poly_edge(b, j), &ca, &cb);
            }
            if (d < best) {
                best = d;
                ba = ca;
                bb = cb;
            }
        }
    if (best > 0.0 && !clear_of_box(eb, b->n, a->v[0]) && mu_point_in_polygon(b, a->v[0])) {
        best = 0.0;
        ba = bb = a->v[0];
    } else if (best > 0.0 && !clear_of_box(ea, a->n, b->v[0]) && mu_point_in_polygon(a, b->v[0])) {
        best = 0.0;
        ba = bb = b->v[0];
    }
    if (pa)
        *pa = ba;
    if (pb)
        *pb = bb;
    return best;
}

double mu_orect_distance(const mu_orect *a, const mu_orect *b, mu_vec2 *pa, mu_vec2 *pb)
{
    mu_vec2 ca[4], cb[4];
    mu_orect_corners(a, ca);
    mu_orect_corners(b, cb);
    mu_polygon qa = {4, ca}, qb = {4, cb};
    return mu_polygon_distance(&qa, &qb, pa, pb);
}

int mu_seg_hits_orect(mu_seg s, const mu_orect *r)
{
    mu_vec2 c[4];
    mu_orect_corners(r, c);
    mu_polygon q = {4, c};
    return mu_seg_meets_polygon(s, &q);
}

double mu_orect_polygon_distance(const mu_orect *r, const mu_polygon *poly, mu_vec2 *pr, mu_vec2 *pp)
{
    mu_vec2 c[4];
    mu_orect_corners(r, c);
    mu_polygon q = {4, c};
    return mu_polygon_distance(&q, poly, pr, pp);
}

int mu_orect_meets_polygon(const mu_orect *r, const mu_polygon *poly)
{
    return mu_orect_polygon_distance(r, poly, NULL, NULL) <= 0.0;
}

/* A simple polygon has no holes, so r is inside when its boundary is. */
int mu_orect_inside_polygon(const mu_orect *r, const mu_polygon *poly)
{
    for (int e = MU_EDGE_FRONT; e <= MU_EDGE_LEFT; e++)
        if (!mu_seg_inside_polygon(mu_orect_edge(r, e), poly))
            return 0;
    return 1;
}

int mu_seg_meets_polygon(mu_seg s, const mu_polygon *poly)
{
    poly_check(poly);
    if (poly->n == 0)
        return 0;
    if (mu_point_in_polygon(poly, s.a))
        return 1;
    for (int k = 0; k < poly->n; k++)
        if (mu_seg_intersect(s, poly_edge(poly, k), NULL))
            return 1;
    return 0;
}

/* Parameter along s (0 at a, 1 at b) of the point of s nearest p. */
static double seg_param(mu_seg s, mu_vec2 p)
{
    mu_vec2 d = mu_v2_sub(s.b, s.a);
    double len2 = mu_v2_dot(d, d);
    if (len2 == 0.0)
        return 0.0;
    double t = mu_v2_dot(mu_v2_sub(p, s.a), d) / len2;
    return t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
}

/* The smallest parameter above `after` (or 1) where s may pass between
 * inside and outside poly: a vertex on s or a meeting with an edge. */
static double next_cut(mu_seg s, const mu_polygon *poly, double after)
{
    double next = 1.0;
    for (int k = 0; k < poly->n; k++) {
        mu_seg e = poly_edge(poly, k);
        mu_vec2 at;
        double t[2];
        int m = 0;
        if (mu_point_seg_distance(e.a, s, NULL) <= EPS)
            t[m++] = seg_param(s, e.a);
        if (mu_seg_intersect(s, e, &at))
            t[m++] = seg_param(s, at);
        for (int i = 0; i < m; i++)
            if (t[i] > after && t[i] < next)
                next = t[i];
    }
    return next;
}

/* Between consecutive cuts s is wholly in or wholly out: test midpoints.
 * O(n^2) without allocating; terrain polygons are small. */
int mu_seg_inside_polygon(mu_seg s, const mu_polygon *poly)
{
    poly_check(poly);
    if (!mu_point_in_polygon(poly, s.a) || !mu_point_in_polygon(poly, s.b))
        return 0;
    mu_vec2 d = mu_v2_sub(s.b, s.a);
    for (double t = 0.0; t < 1.0;) {
        double next = next_cut(s, poly, t);
        mu_vec2 mid = mu_v2_add(s.a, mu_v2_scale(d, (t + next) / 2.0));
        if (!mu_point_in_polygon(poly, mid))
            return 0;
        t = next;
    }
    return 1;
}

/* ---- vertex arrays ---- */

double mu_point_poly_boundary_distance(mu_vec2 p, const mu_vec2 *v, int n)
{
    double best = INFINITY;
    for (int k = 0; k < n; k++) {
        double d = mu_point_seg_distance(p, mu_poly_edge(v, n, k), NULL);
        best = d < best ? d : best;
    }
    return best;
}

double mu_point_poly_distance(mu_vec2 p, const mu_vec2 *v, int n)
{
    mu_polygon poly = {n, v};
    if (mu_point_in_polygon(&poly, p))
        return 0.0;
    return mu_point_poly_boundary_distance(p, v, n);
}

/* mu_point_in_polygon's crossing count, with any near edge meaning "no". */
int mu_point_deep_in_poly(mu_vec2 p, const mu_vec2 *v, int n, mu_near how)
{
    int inside = 0;
    for (int k = 0; k < n; k++) {
        mu_vec2 a = v[k], b = v[(k + 1) % n];
        if (mu_point_near_seg(p, mu_poly_edge(v, n, k), how))
            return 0;
        if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x))
            inside = !inside;
    }
    return inside;
}

/* Between consecutive places where s meets the boundary (vertices within
 * EPS of s, proper crossings of edges; s's own ends) s is wholly inside or
 * wholly outside: a midpoint deep inside shows a crossing of the interior.
 * Touching an edge without crossing it adds no cut, and needs none: the
 * pieces on either side of a touch are both outside or both inside. */
int mu_seg_crosses_poly_interior(mu_seg s, const mu_vec2 *v, int n)
{
    enum { MAX_CUTS = 2 * MU_CROSS_MAX_VERTICES + 2 };
    assert(n >= 3 && n <= MU_CROSS_MAX_VERTICES);
    mu_vec2 lo = mu_v2(mu_lesser(s.a.x, s.b.x) - EPS, mu_lesser(s.a.y, s.b.y) - EPS);
    mu_vec2 hi = mu_v2(mu_greater(s.a.x, s.b.x) + EPS, mu_greater(s.a.y, s.b.y) + EPS);
    double t[MAX_CUTS], u;
    int m = 0;
    t[m++] = 0.0;
    t[m++] = 1.0;
    for (int k = 0; k < n; k++) {
        mu_seg e = mu_poly_edge(v, n, k);
        if (mu_greater(e.a.x, e.b.x) < lo.x || mu_lesser(e.a.x, e.b.x) > hi.x || mu_greater(e.a.y, e.b.y) < lo.y ||
            mu_lesser(e.a.y, e.b.y) > hi.y)
            continue;
        if (mu_point_near_seg(e.a, s, MU_NEAR_DIST2))
            t[m++] = seg_param(s, e.a);
        if (mu_seg_cross_proper(s, e, &u)) /* never for s or e within 2 EPS long */
            t[m++] = u;
    }
    for (int i = 1; i < m; i++) /* insertion sort: m is small */
        for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
            double tmp = t[j];
            t[j] = t[j - 1];
            t[j - 1] = tmp;
        }
    mu_vec2 d = mu_v2_sub(s.b, s.a);
    for (int i = 0; i + 1 < m; i++) {
        if (t[i + 1] <= t[i])
            continue;
        mu_vec2 mid = mu_v2_add(s.a, mu_v2_scale(d, (t[i] + t[i + 1]) / 2.0));
        if (mu_point_deep_in_poly(mid, v, n, MU_NEAR_DIST2))
            return 1;
    }
    return 0;
}
