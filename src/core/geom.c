/* Plane geometry: vectors, segments, oriented rectangles and circles.
 * Nothing here uses polygons: those build on this file, one way
 * (geom_poly.c, then geom_convex.c, then geom_sweep.c). */
#include "muster/geom.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM
#define PI 3.14159265358979323846

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* Distances at or below EPS count as touching: exactly 0. */
static double snap(double d)
{
    return d <= EPS ? 0.0 : d;
}

mu_vec2 mu_v2_rotate(mu_vec2 a, double angle)
{
    double c = cos(angle), s = sin(angle);
    return mu_v2(c * a.x - s * a.y, s * a.x + c * a.y);
}

mu_vec2 mu_v2_unit(mu_vec2 a)
{
    double len = mu_v2_len(a);
    return len > 0.0 ? mu_v2_scale(a, 1.0 / len) : a;
}

mu_vec2 mu_v2_rotate_about(mu_vec2 p, mu_vec2 pivot, double angle)
{
    return mu_v2_add(pivot, mu_v2_rotate(mu_v2_sub(p, pivot), angle));
}

/* atan2 gives -pi for a half turn when the cross product is -0. */
double mu_v2_turn(mu_vec2 from, mu_vec2 to)
{
    double t = atan2(mu_v2_cross(from, to), mu_v2_dot(from, to));
    return t <= -PI ? PI : t;
}

/* ---- segments ---- */

/* The point of s at parameter t (0 at a, 1 at b). */
static mu_vec2 seg_at(mu_seg s, double t)
{
    return t >= 1.0 ? s.b : mu_v2_add(s.a, mu_v2_scale(mu_v2_sub(s.b, s.a), t));
}

double mu_point_seg_distance(mu_vec2 p, mu_seg s, mu_vec2 *closest)
{
    mu_vec2 d = mu_v2_sub(s.b, s.a);
    double len2 = mu_v2_dot(d, d);
    double t = len2 > 0.0 ? clamp(mu_v2_dot(mu_v2_sub(p, s.a), d) / len2, 0.0, 1.0) : 0.0;
    mu_vec2 c = seg_at(s, t);
    if (closest)
        *closest = c;
    return mu_v2_dist(p, c);
}

/* Signed distance of p from the line through `line` (> 0 on its left),
 * 0 within EPS or when the line is degenerate. */
static double side_of(mu_seg line, mu_vec2 p)
{
    mu_vec2 d = mu_v2_sub(line.b, line.a);
    double len = mu_v2_len(d);
    if (len == 0.0)
        return 0.0;
    double h = mu_v2_cross(d, mu_v2_sub(p, line.a)) / len;
    return fabs(h) <= EPS ? 0.0 : h;
}

/* Sides within EPS are 0, so a product below 0 means both ends beyond
 * EPS, on opposite sides. */
int mu_seg_cross_proper(mu_seg s, mu_seg t, double *u)
{
    double h1 = side_of(t, s.a), h2 = side_of(t, s.b);
    if (!(h1 * h2 < 0.0))
        return 0;
    double k1 = side_of(s, t.a), k2 = side_of(s, t.b);
    if (!(k1 * k2 < 0.0))
        return 0;
    if (u)
        *u = h1 / (h1 - h2);
    return 1;
}

/* Squared distance from p to s, from p - a (no square root). */
static double dist2_point_seg(mu_vec2 p, mu_seg s)
{
    mu_vec2 d = mu_v2_sub(s.b, s.a), ap = mu_v2_sub(p, s.a);
    double l2 = mu_v2_dot(d, d), t = l2 > 0.0 ? mu_v2_dot(ap, d) / l2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    mu_vec2 c = mu_v2_sub(ap, mu_v2_scale(d, t));
    return mu_v2_dot(c, c);
}

int mu_point_near_seg(mu_vec2 p, mu_seg s, mu_near how)
{
    if (how == MU_NEAR_DIST2)
        return dist2_point_seg(p, s) <= EPS * EPS;
    return mu_point_seg_distance(p, s, NULL) <= EPS;
}

/* Keeps the closer of the current pair and (a, b) at distance d. */
static void keep_closer(double d, mu_vec2 a, mu_vec2 b, double *best, mu_vec2 *pa, mu_vec2 *pb)
{
    if (d < *best) {
        *best = d;
        *pa = a;
        *pb = b;
    }
}

double mu_seg_distance(mu_seg s, mu_seg t, mu_vec2 *ps, mu_vec2 *pt)
{
    double u, best = INFINITY, d;
    mu_vec2 a = s.a, b = t.a, c;
    if (mu_seg_cross_proper(s, t, &u)) {
        best = 0.0;
        a = b = seg_at(s, u);
    } else {
        /* Segments that do not cross are closest at an endpoint of one. */
        d = mu_point_seg_distance(s.a, t, &c);
        keep_closer(d, s.a, c, &best, &a, &b);
        d = mu_point_seg_distance(s.b, t, &c);
        keep_closer(d, s.b, c, &best, &a, &b);
        d = mu_point_seg_distance(t.a, s, &c);
        keep_closer(d, c, t.a, &best, &a, &b);
        d = mu_point_seg_distance(t.b, s, &c);
        keep_closer(d, c, t.b, &best, &a, &b);
    }
    if (ps)
        *ps = a;
    if (pt)
        *pt = b;
    return snap(best);
}

int mu_seg_intersect(mu_seg s, mu_seg t, mu_vec2 *at)
{
    mu_vec2 a, b;
    if (mu_seg_distance(s, t, &a, &b) > 0.0)
        return 0;
    if (at)
        *at = mu_v2_scale(mu_v2_add(a, b), 0.5);
    return 1;
}

/* ---- oriented rectangles ---- */

/* r's unit facing (front) and left vectors. */
static void orect_axes(const mu_orect *r, mu_vec2 *front, mu_vec2 *left)
{
    assert(r->width >= 0.0 && r->depth >= 0.0);
    *front = mu_v2_unit(r->facing);
    *left = mu_v2_perp(*front);
}

/* p in r's frame: *u along the facing, *v to the left, from the center. */
static void orect_local(const mu_orect *r, mu_vec2 p, double *u, double *v)
{
    mu_vec2 f, l, d = mu_v2_sub(p, r->center);
    orect_axes(r, &f, &l);
    *u = mu_v2_dot(d, f);
    *v = mu_v2_dot(d, l);
}

mu_orect mu_orect_from_front(mu_vec2 front_mid, mu_vec2 facing, double width, double depth)
{
    mu_orect r;
    r.facing = mu_v2_unit(facing);
    r.center = mu_v2_sub(front_mid, mu_v2_scale(r.facing, depth / 2.0));
    r.width = width;
    r.depth = depth;
    return r;
}

void mu_orect_corners(const mu_orect *r, mu_vec2 out[4])
{
    mu_vec2 f, l;
    orect_axes(r, &f, &l);
    mu_vec2 hf = mu_v2_scale(f, r->depth / 2.0), hl = mu_v2_scale(l, r->width / 2.0);
    mu_vec2 front = mu_v2_add(r->center, hf), back = mu_v2_sub(r->center, hf);
    out[0] = mu_v2_add(front, hl);
    out[1] = mu_v2_sub(front, hl);
    out[2] = mu_v2_sub(back, hl);
    out[3] = mu_v2_add(back, hl);
}

void mu_orect_corners_ccw(const mu_orect *r, mu_vec2 out[4])
{
    mu_vec2 c[4];
    mu_orect_corners(r, c); /* front-left, front-right, back-right, back-left: clockwise */
    for (int i = 0; i < 4; i++)
        out[i] = c[3 - i];
}

void mu_orect_corners_ccw_unit(const mu_orect *r, mu_vec2 out[4])
{
    mu_vec2 f = mu_v2_scale(r->facing, r->depth / 2.0), l = mu_v2_scale(mu_v2_perp(r->facing), r->width / 2.0);
    mu_vec2 front = mu_v2_add(r->center, f), back = mu_v2_sub(r->center, f);
    out[0] = mu_v2_sub(back, l); /* back-right: counter-clockwise from here */
    out[1] = mu_v2_sub(front, l);
    out[2] = mu_v2_add(front, l);
    out[3] = mu_v2_add(back, l);
}

mu_seg mu_orect_edge(const mu_orect *r, int edge)
{
    assert(edge >= MU_EDGE_FRONT && edge <= MU_EDGE_LEFT);
    mu_vec2 c[4];
    mu_orect_corners(r, c);
    mu_seg s = {c[edge], c[(edge + 1) % 4]};
    return s;
}

int mu_orect_contains(const mu_orect *r, mu_vec2 p)
{
    double u, v;
    orect_local(r, p, &u, &v);
    return fabs(u) <= r->depth / 2.0 + EPS && fabs(v) <= r->width / 2.0 + EPS;
}

double mu_point_orect_distance(mu_vec2 p, const mu_orect *r, mu_vec2 *closest)
{
    mu_vec2 f, l;
    double u, v;
    orect_axes(r, &f, &l);
    orect_local(r, p, &u, &v);
    double cu = clamp(u, -r->depth / 2.0, r->depth / 2.0);
    double cv = clamp(v, -r->width / 2.0, r->width / 2.0);
    if (closest)
        *closest = (cu == u && cv == v)
                       ? p
                       : mu_v2_add(r->center, mu_v2_add(mu_v2_scale(f, cu), mu_v2_scale(l, cv)));
    return sqrt((u - cu) * (u - cu) + (v - cv) * (v - cv));
}

/* Half the length of r's shadow on unit axis n (f, l: r's axes). */
static double orect_radius(const mu_orect *r, mu_vec2 f, mu_vec2 l, mu_vec2 n)
{
    return r->depth / 2.0 * fabs(mu_v2_dot(f, n)) + r->width / 2.0 * fabs(mu_v2_dot(l, n));
}

/* Separating axes: the edge normals of both rectangles. The overlap of
 * the shadows on the worst axis is the penetration depth. */
int mu_orect_overlap(const mu_orect *a, const mu_orect *b)
{
    mu_vec2 fa, la, fb, lb;
    orect_axes(a, &fa, &la);
    orect_axes(b, &fb, &lb);
    const mu_vec2 axes[4] = {fa, la, fb, lb};
    mu_vec2 d = mu_v2_sub(b->center, a->center);
    for (int i = 0; i < 4; i++) {
        double depth = orect_radius(a, fa, la, axes[i]) + orect_radius(b, fb, lb, axes[i]) -
                       fabs(mu_v2_dot(d, axes[i]));
        if (depth <= EPS)
            return 0;
    }
    return 1;
}

/* Narrows the open interval (*lo, *hi) of parameters t to those where
 * -h < p0 + t * dp < h; returns 0 once it is empty. */
static int clip_slab(double p0, double dp, double h, double *lo, double *hi)
{
    if (dp == 0.0)
        return fabs(p0) < h;
    double t1 = (-h - p0) / dp, t2 = (h - p0) / dp;
    if (t1 > t2) {
        double tmp = t1;
        t1 = t2;
        t2 = tmp;
    }
    *lo = t1 > *lo ? t1 : *lo;
    *hi = t2 < *hi ? t2 : *hi;
    return *lo < *hi;
}

/* The interior is r shrunk by EPS on every side (open): the segment must
 * reach more than EPS past an edge to cross it. */
int mu_seg_crosses_orect_interior(mu_seg s, const mu_orect *r)
{
    double hu = r->depth / 2.0 - EPS, hv = r->width / 2.0 - EPS;
    if (hu <= 0.0 || hv <= 0.0)
        return 0;
    double ua, va, ub, vb, lo = -INFINITY, hi = INFINITY;
    orect_local(r, s.a, &ua, &va);
    orect_local(r, s.b, &ub, &vb);
    return clip_slab(ua, ub - ua, hu, &lo, &hi) && clip_slab(va, vb - va, hv, &lo, &hi) &&
           lo < 1.0 && hi > 0.0;
}

/* ---- circles ---- */

double mu_orect_circle_distance(const mu_orect *r, const mu_circle *c)
{
    double d = mu_point_orect_distance(c->center, r, NULL) - c->radius;
    return d > 0.0 ? snap(d) : 0.0;
}

int mu_seg_meets_circle(mu_seg s, const mu_circle *c)
{
    return mu_point_seg_distance(c->center, s, NULL) <= c->radius + EPS;
}
