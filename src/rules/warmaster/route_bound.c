/* A proof that a stand's centre cannot reach a place within the
 * allowance (wm_route_bound.h): the shortest path round convex polygons
 * that lie inside the region the route searches keep centres out of, by
 * A* over their corners inside the ellipse every short enough path keeps
 * to. A lower bound: where it exceeds the allowance no route search can
 * find anything, so planner_route.c skips them. */
#include "wm_route_bound.h"

#include "muster/alloc.h"

#include <stdlib.h>

#define PI 3.14159265358979323846
#define SHRINK_MM 0.01  /* the polygons stay this far inside the clearance */
#define TOL 1e-6        /* blocked / not a tangent only beyond this (mm) */
#define CIRCLE_SIDES 16
#define MAX_CORNERS 2048 /* more: no proof tried */

typedef struct bpoly {
    int n, first;      /* corners first .. first + n - 1 of the search's list */
    mu_vec2 lo, hi;
} bpoly;

typedef struct corner_set {
    int n_poly, n_v;
    bpoly *poly;
    mu_vec2 *v;        /* corners, counter-clockwise per polygon */
    mu_vec2 *nrm;      /* outward unit normal of the edge from corner k to the next of its polygon */
    int *of;           /* corner -> polygon */
    unsigned char *touch; /* corner on or inside another polygon: no tangent pruning */
} corner_set;

static mu_vec2 next_of(const corner_set *b, int k)
{
    const bpoly *p = &b->poly[b->of[k]];
    return b->v[k + 1 < p->first + p->n ? k + 1 : p->first];
}

static mu_vec2 prev_of(const corner_set *b, int k)
{
    const bpoly *p = &b->poly[b->of[k]];
    return b->v[k > p->first ? k - 1 : p->first + p->n - 1];
}

/* Depth of x inside polygon p: the least distance inward past its edges'
 * lines (negative: outside). */
static double depth_in(const corner_set *b, const bpoly *p, mu_vec2 x)
{
    double d = INFINITY;
    for (int k = p->first; k < p->first + p->n; k++)
        d = wm_min(d, -mu_v2_dot(mu_v2_sub(x, b->v[k]), b->nrm[k]));
    return d;
}

/* Appends the convex polygon c[0..n) (counter-clockwise, no repeated
 * corners) grown by r: each corner becomes two points at r from it,
 * along its edges' normals, all within r of the polygon, so their hull
 * is too (a chamfer where the grown polygon is round: fewer corners to
 * search, a little less proved). */
static void add_grown(corner_set *b, const mu_vec2 *c, int n, double r)
{
    bpoly *p = &b->poly[b->n_poly++];
    p->first = b->n_v;
    for (int k = 0; k < n; k++) {
        mu_vec2 a = c[(k + n - 1) % n], q = c[k], z = c[(k + 1) % n];
        mu_vec2 e1 = mu_v2_unit(mu_v2_sub(q, a)), e2 = mu_v2_unit(mu_v2_sub(z, q));
        mu_vec2 n1 = mu_v2(e1.y, -e1.x), n2 = mu_v2(e2.y, -e2.x); /* outward for counter-clockwise */
        b->v[b->n_v++] = mu_v2_add(q, mu_v2_scale(n1, r));
        b->v[b->n_v++] = mu_v2_add(q, mu_v2_scale(n2, r));
    }
    p->n = b->n_v - p->first;
}

/* Appends the regular CIRCLE_SIDES-gon inscribed in circle (centre o,
 * radius rad). */
static void add_circle(corner_set *b, mu_vec2 o, double rad)
{
    bpoly *p = &b->poly[b->n_poly++];
    p->first = b->n_v;
    p->n = CIRCLE_SIDES;
    for (int k = 0; k < CIRCLE_SIDES; k++)
        b->v[b->n_v++] = mu_v2_add(o, mu_v2_scale(mu_v2(cos(2 * PI * k / CIRCLE_SIDES), sin(2 * PI * k / CIRCLE_SIDES)), rad));
}

/* Writes polygon v[0..n) counter-clockwise into c without flat corners;
 * returns the corners written, 0 when it is not convex (or degenerate). */
static int convex_ccw(const mu_vec2 *v, int n, mu_vec2 *c)
{
    double area = 0.0;
    for (int k = 0; k < n; k++)
        area += mu_v2_cross(v[k], v[(k + 1) % n]);
    if (fabs(area) < 1e-9)
        return 0;
    int m = 0;
    for (int i = 0; i < n; i++) {
        int k = area > 0.0 ? i : n - 1 - i;
        int kp = area > 0.0 ? (k + n - 1) % n : (k + 1) % n, kn = area > 0.0 ? (k + 1) % n : (k + n - 1) % n;
        mu_vec2 e1 = mu_v2_sub(v[k], v[kp]), e2 = mu_v2_sub(v[kn], v[k]);
        double l1 = mu_v2_len(e1), l2 = mu_v2_len(e2);
        if (l1 < 1e-9 || l2 < 1e-9)
            return 0;
        double turn = mu_v2_cross(e1, e2) / (l1 * l2);
        if (turn < -1e-12)
            return 0; /* a reflex corner */
        if (turn > 1e-12)
            c[m++] = v[k];
    }
    return m >= 3 ? m : 0;
}

/* Non-zero when segment p..q passes through polygon p's interior deeper
 * than TOL along every axis (the edges' normals and the segment's). */
static int crosses(const corner_set *b, const bpoly *pg, mu_vec2 p, mu_vec2 q)
{
    if (wm_max(p.x, q.x) <= pg->lo.x + TOL || wm_min(p.x, q.x) >= pg->hi.x - TOL || wm_max(p.y, q.y) <= pg->lo.y + TOL ||
        wm_min(p.y, q.y) >= pg->hi.y - TOL)
        return 0;
    for (int k = pg->first; k < pg->first + pg->n; k++)
        if (mu_v2_dot(mu_v2_sub(p, b->v[k]), b->nrm[k]) >= -TOL && mu_v2_dot(mu_v2_sub(q, b->v[k]), b->nrm[k]) >= -TOL)
            return 0;
    mu_vec2 d = mu_v2_sub(q, p);
    double len = mu_v2_len(d);
    if (len < TOL)
        return 0;
    mu_vec2 m = mu_v2(-d.y / len, d.x / len);
    int left = 0, right = 0;
    for (int k = pg->first; k < pg->first + pg->n; k++) {
        double s = mu_v2_dot(mu_v2_sub(b->v[k], p), m);
        left |= s > TOL;
        right |= s < -TOL;
    }
    return left && right;
}

static int visible(const corner_set *b, mu_vec2 p, mu_vec2 q)
{
    for (int i = 0; i < b->n_poly; i++)
        if (crosses(b, &b->poly[i], p, q))
            return 0;
    return 1;
}

/* Non-zero unless the line through corner k and point x cuts between
 * corner k's neighbours (then no shortest path bends at k on its way to
 * or from x). */
static int tangent_at(const corner_set *b, int k, mu_vec2 x)
{
    if (b->touch[k])
        return 1;
    mu_vec2 d = mu_v2_sub(b->v[k], x);
    double len = mu_v2_len(d);
    if (len < TOL)
        return 1;
    double sa = mu_v2_cross(d, mu_v2_sub(prev_of(b, k), x)) / len;
    double sb = mu_v2_cross(d, mu_v2_sub(next_of(b, k), x)) / len;
    return !((sa > TOL && sb < -TOL) || (sa < -TOL && sb > TOL));
}

/* The half-widths of the box round the ellipse of points whose distances
 * to s and e sum to at most 2a. */
static void half_box(mu_vec2 s, mu_vec2 e, double a, double *hx, double *hy)
{
    mu_vec2 d = mu_v2_sub(e, s);
    double c = 0.5 * mu_v2_len(d), b2 = wm_max(a * a - c * c, 0.0);
    mu_vec2 u = c > 0.0 ? mu_v2_scale(d, 0.5 / c) : mu_v2(1.0, 0.0);
    *hx = sqrt(a * a * u.x * u.x + b2 * u.y * u.y);
    *hy = sqrt(a * a * u.y * u.y + b2 * u.x * u.x);
}

/* A* from s to e over the corners idx[0..n) of b within lim; returns
 * non-zero when e cannot be reached within it. */
static int search_live(const corner_set *b, const int *idx, int n, mu_vec2 s, mu_vec2 e, double lim)
{
    int src = n; /* node n: s; node i < n: corner idx[i] */
    double *g = mu_xmalloc(sizeof(double) * (size_t)(n + 1));
    double *h = mu_xmalloc(sizeof(double) * (size_t)(n + 1));
    unsigned char *done = mu_xcalloc((size_t)n + 1, 1);
    for (int i = 0; i < n; i++) {
        g[i] = INFINITY;
        h[i] = mu_v2_dist(b->v[idx[i]], e);
    }
    g[src] = 0.0;
    h[src] = mu_v2_dist(s, e);
    int proof = 1;
    for (;;) {
        int u = -1;
        double fu = INFINITY;
        for (int i = 0; i <= n; i++)
            if (!done[i] && g[i] + h[i] < fu) {
                fu = g[i] + h[i];
                u = i;
            }
        if (u < 0 || fu > lim)
            break;
        done[u] = 1;
        mu_vec2 pu = u == src ? s : b->v[idx[u]];
        if (visible(b, pu, e)) {
            proof = 0; /* a path of length fu */
            break;
        }
        for (int i = 0; i < n; i++) {
            if (done[i])
                continue;
            int w = idx[i];
            double gw = g[u] + mu_v2_dist(pu, b->v[w]);
            if (gw >= g[i] || gw + h[i] > lim)
                continue;
            if (!tangent_at(b, w, pu) || (u != src && !tangent_at(b, idx[u], b->v[w])) || !visible(b, pu, b->v[w]))
                continue;
            g[i] = gw;
        }
    }
    free(g);
    free(h);
    free(done);
    return proof;
}

int wm_route_unreachable(const wm_route_map *rm, mu_vec2 s, mu_vec2 e, double cap)
{
    double lim = cap + MU_GEOM_EPS_MM + 1e-6, cl = rm->clear - 1e-3, r = cl - SHRINK_MM;
    if (mu_v2_dist(s, e) > lim)
        return 1;
    if (r <= 0.0)
        return 0;
    mu_vec2 mid = mu_v2_scale(mu_v2_add(s, e), 0.5);
    double hx, hy;
    half_box(s, e, 0.5 * lim, &hx, &hy);
    hx += cl + 1.0, hy += cl + 1.0;
    int n_corners = 0, n_poly = 0;
    for (int i = 0; i < rm->n_obst; i++) {
        const wm_route_obst *o = &rm->obst[i];
        n_corners += o->v ? 2 * o->n : CIRCLE_SIDES;
        n_poly++;
    }
    if (n_corners > MAX_CORNERS)
        return 0;
    corner_set b = {0};
    b.poly = mu_xmalloc(sizeof(bpoly) * (size_t)(n_poly + 1));
    b.v = mu_xmalloc(sizeof(mu_vec2) * (size_t)(n_corners + 1));
    mu_vec2 c[64];
    for (int i = 0; i < rm->n_obst; i++) {
        const wm_route_obst *o = &rm->obst[i];
        if (o->hi.x < mid.x - hx || o->lo.x > mid.x + hx || o->hi.y < mid.y - hy || o->lo.y > mid.y + hy ||
            wm_route_point_near(rm, i, s))
            continue; /* out of every short path's way, or set aside for paths from s */
        if (!o->v) {
            add_circle(&b, o->circle.center, o->circle.radius + r);
        } else {
            int m = o->n <= 64 ? convex_ccw(o->v, o->n, c) : 0;
            if (m)
                add_grown(&b, c, m, r); /* else left out */
        }
    }
    b.nrm = mu_xmalloc(sizeof(mu_vec2) * (size_t)(b.n_v + 1));
    b.of = mu_xmalloc(sizeof(int) * (size_t)(b.n_v + 1));
    b.touch = mu_xcalloc((size_t)b.n_v + 1, 1);
    for (int i = 0; i < b.n_poly; i++) {
        bpoly *p = &b.poly[i];
        p->lo = p->hi = b.v[p->first];
        for (int k = p->first; k < p->first + p->n; k++) {
            mu_vec2 a = b.v[k], z = b.v[k + 1 < p->first + p->n ? k + 1 : p->first];
            mu_vec2 d = mu_v2_unit(mu_v2_sub(z, a));
            b.nrm[k] = mu_v2(d.y, -d.x);
            b.of[k] = i;
            p->lo = mu_v2(wm_min(p->lo.x, a.x), wm_min(p->lo.y, a.y));
            p->hi = mu_v2(wm_max(p->hi.x, a.x), wm_max(p->hi.y, a.y));
        }
    }
    /* corners outside the ellipse or deep inside another polygon are of no
     * use (moved out of the search: g stays INFINITY); corners on or just
     * inside another keep no tangent pruning */
    unsigned char *dead = mu_xcalloc((size_t)b.n_v + 1, 1);
    for (int k = 0; k < b.n_v; k++) {
        if (mu_v2_dist(s, b.v[k]) + mu_v2_dist(b.v[k], e) > lim) {
            dead[k] = 1;
            continue;
        }
        for (int i = 0; i < b.n_poly && !dead[k]; i++) {
            const bpoly *p = &b.poly[i];
            if (i == b.of[k] || b.v[k].x < p->lo.x - TOL || b.v[k].x > p->hi.x + TOL || b.v[k].y < p->lo.y - TOL ||
                b.v[k].y > p->hi.y + TOL)
                continue;
            double d = depth_in(&b, p, b.v[k]);
            if (d > TOL)
                dead[k] = 1;
            else if (d > -TOL)
                b.touch[k] = 1;
        }
    }
    /* compact the live corners (polygons keep their full corner lists for
     * the crossing tests; the search walks only live ones) */
    int n_live = 0;
    int *idx = mu_xmalloc(sizeof(int) * (size_t)(b.n_v + 1));
    for (int k = 0; k < b.n_v; k++)
        if (!dead[k])
            idx[n_live++] = k;
    int proof = search_live(&b, idx, n_live, s, e, lim);
    free(idx);
    free(dead);
    free(b.poly);
    free(b.v);
    free(b.nrm);
    free(b.of);
    free(b.touch);
    return proof;
}
