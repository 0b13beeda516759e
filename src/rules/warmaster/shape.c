/* Shape tests beyond core/geom: interiors, clipping (wm_shape.h). */
#include "wm_shape.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM
#define PI 3.14159265358979323846
#define MAX_POLY 80 /* vertices a polygon argument may have */
#define MAX_CUTS (2 * MAX_POLY + 2)

static mu_seg poly_edge(const mu_vec2 *v, int n, int k)
{
    mu_seg e = {v[k], v[(k + 1) % n]};
    return e;
}

double wm_point_poly_distance(mu_vec2 p, const mu_vec2 *v, int n)
{
    mu_polygon poly = {n, v};
    if (mu_point_in_polygon(&poly, p))
        return 0.0;
    double best = INFINITY;
    for (int k = 0; k < n; k++) {
        double d = mu_point_seg_distance(p, poly_edge(v, n, k), NULL);
        best = d < best ? d : best;
    }
    return best;
}

/* Squared distance from p to segment a-b (no hypot: this is the hot path
 * of every sight test). */
static double dist2_point_seg(mu_vec2 p, mu_vec2 a, mu_vec2 b)
{
    mu_vec2 d = mu_v2_sub(b, a), ap = mu_v2_sub(p, a);
    double l2 = mu_v2_dot(d, d), t = l2 > 0.0 ? mu_v2_dot(ap, d) / l2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    mu_vec2 c = mu_v2_sub(ap, mu_v2_scale(d, t));
    return mu_v2_dot(c, c);
}

int wm_point_deep_in_poly(mu_vec2 p, const mu_vec2 *v, int n)
{
    int inside = 0;
    for (int k = 0; k < n; k++) {
        mu_vec2 a = v[k], b = v[(k + 1) % n];
        if (dist2_point_seg(p, a, b) <= EPS * EPS)
            return 0;
        if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x))
            inside = !inside;
    }
    return inside;
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

/* Signed distance of p from the line through a-b (length len > 0). */
static double side(mu_vec2 a, mu_vec2 b, double len, mu_vec2 p)
{
    return mu_v2_cross(mu_v2_sub(b, a), mu_v2_sub(p, a)) / len;
}

/* Between consecutive places where s meets the boundary (vertices within
 * EPS of s, proper crossings of edges; s's own ends) s is wholly inside or
 * wholly outside: a midpoint deep inside shows a crossing of the interior.
 * Touching an edge without crossing it adds no cut, and needs none: the
 * pieces on either side of a touch are both outside or both inside. */
int wm_seg_crosses_poly(mu_seg s, const mu_vec2 *v, int n)
{
    assert(n >= 3 && n <= MAX_POLY);
    mu_vec2 lo = mu_v2(fmin(s.a.x, s.b.x) - EPS, fmin(s.a.y, s.b.y) - EPS);
    mu_vec2 hi = mu_v2(fmax(s.a.x, s.b.x) + EPS, fmax(s.a.y, s.b.y) + EPS);
    double t[MAX_CUTS], slen = mu_v2_dist(s.a, s.b);
    int m = 0;
    t[m++] = 0.0;
    t[m++] = 1.0;
    for (int k = 0; k < n; k++) {
        mu_vec2 a = v[k], b = v[(k + 1) % n];
        if (fmax(a.x, b.x) < lo.x || fmin(a.x, b.x) > hi.x || fmax(a.y, b.y) < lo.y || fmin(a.y, b.y) > hi.y)
            continue;
        if (dist2_point_seg(a, s.a, s.b) <= EPS * EPS)
            t[m++] = seg_param(s, a);
        double elen = mu_v2_dist(a, b);
        if (elen <= EPS || slen <= EPS)
            continue;
        double h1 = side(a, b, elen, s.a), h2 = side(a, b, elen, s.b);
        double k1 = side(s.a, s.b, slen, a), k2 = side(s.a, s.b, slen, b);
        if (((h1 > EPS && h2 < -EPS) || (h1 < -EPS && h2 > EPS)) &&
            ((k1 > EPS && k2 < -EPS) || (k1 < -EPS && k2 > EPS)))
            t[m++] = h1 / (h1 - h2);
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
        if (wm_point_deep_in_poly(mid, v, n))
            return 1;
    }
    return 0;
}

/* Interiors meet when a boundary of one passes through the other's
 * interior, or else one contains the other (or they coincide), when the
 * convex one's vertex centroid is deep inside the other. */
int wm_convex_overlaps_poly(const mu_vec2 *c, int nc, const mu_vec2 *v, int n)
{
    mu_vec2 lo = c[0], hi = c[0], plo = v[0], phi = v[0], mid = mu_v2(0, 0);
    for (int i = 0; i < nc; i++) {
        lo = mu_v2(fmin(lo.x, c[i].x), fmin(lo.y, c[i].y));
        hi = mu_v2(fmax(hi.x, c[i].x), fmax(hi.y, c[i].y));
        mid = mu_v2_add(mid, mu_v2_scale(c[i], 1.0 / nc));
    }
    for (int i = 0; i < n; i++) {
        plo = mu_v2(fmin(plo.x, v[i].x), fmin(plo.y, v[i].y));
        phi = mu_v2(fmax(phi.x, v[i].x), fmax(phi.y, v[i].y));
    }
    if (lo.x >= phi.x - EPS || plo.x >= hi.x - EPS || lo.y >= phi.y - EPS || plo.y >= hi.y - EPS)
        return 0;
    for (int i = 0; i < nc; i++)
        if (wm_seg_crosses_poly(poly_edge(c, nc, i), v, n))
            return 1;
    for (int k = 0; k < n; k++)
        if (wm_seg_crosses_poly(poly_edge(v, n, k), c, nc))
            return 1;
    return wm_point_deep_in_poly(mid, v, n);
}

int wm_clip_halfplane(const mu_vec2 *in, int n, mu_vec2 normal, double k, mu_vec2 *out)
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

int wm_poly_is_convex(const mu_vec2 *v, int n)
{
    int sign = 0;
    for (int i = 0; i < n; i++) {
        mu_vec2 a = v[i], b = v[(i + 1) % n], c = v[(i + 2) % n];
        double z = mu_v2_cross(mu_v2_sub(b, a), mu_v2_sub(c, b));
        if (fabs(z) <= EPS * EPS)
            continue;
        int s = z > 0.0 ? 1 : -1;
        if (sign != 0 && s != sign)
            return 0;
        sign = s;
    }
    return sign != 0;
}

int wm_feature_polygon(const wm_feature *f, mu_vec2 *out)
{
    if (f->shape == WM_SHAPE_POLYGON) {
        for (int i = 0; i < f->n; i++)
            out[i] = f->v[i];
        return f->n;
    }
    for (int i = 0; i < WM_CIRCLE_SIDES; i++) {
        double a = 2.0 * PI * i / WM_CIRCLE_SIDES;
        out[i] = mu_v2_add(f->circle.center, mu_v2(f->circle.radius * cos(a), f->circle.radius * sin(a)));
    }
    return WM_CIRCLE_SIDES;
}

void wm_orect_poly(const mu_orect *r, mu_vec2 out[4])
{
    mu_vec2 c[4];
    mu_orect_corners(r, c); /* front-left, front-right, back-right, back-left: clockwise */
    for (int i = 0; i < 4; i++)
        out[i] = c[3 - i];
}

/* The convex hull of the rectangle at its start and end (Andrew's
 * monotone chain over the eight corners). */
/* RULE wm.terrain.halt-at-edge */
int wm_translation_sweep(const mu_orect *r, mu_vec2 delta, mu_vec2 out[8])
{
    mu_vec2 p[8];
    mu_orect_corners(r, p);
    for (int i = 0; i < 4; i++)
        p[4 + i] = mu_v2_add(p[i], delta);
    for (int i = 1; i < 8; i++) /* sort by x then y */
        for (int j = i; j > 0 && (p[j].x < p[j - 1].x || (p[j].x == p[j - 1].x && p[j].y < p[j - 1].y)); j--) {
            mu_vec2 t = p[j];
            p[j] = p[j - 1];
            p[j - 1] = t;
        }
    mu_vec2 h[16];
    int k = 0;
    for (int pass = 0; pass < 2; pass++) { /* Andrew's monotone chain */
        int start = k;
        for (int i = 0; i < 8; i++) {
            mu_vec2 q = pass == 0 ? p[i] : p[7 - i];
            while (k >= start + 2 && mu_v2_cross(mu_v2_sub(h[k - 1], h[k - 2]), mu_v2_sub(q, h[k - 2])) <= 1e-12)
                k--;
            h[k++] = q;
        }
        k--;
    }
    for (int i = 0; i < k; i++)
        out[i] = h[i];
    return k;
}
