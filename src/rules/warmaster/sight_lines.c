/* Exact clear-segment search between two segments (wm_sight.h). Blocked
 * means meeting the interior of the union U of the blockers. A clear
 * segment, if any exists, can be slid and turned, staying clear, until its
 * line holds two constraints: it passes through two candidate points (ends
 * of s and f, vertices of U's boundary: blocker vertices and crossings of
 * two blockers' edges, and points where s or f cross a blocker's
 * boundary), or is tangent to a circle through a candidate point, or
 * tangent to two circles. Only blockers meeting the convex hull of s and f
 * matter, and only candidate points inside it. */
#include "wm_sight.h"

#include "muster/alloc.h"

#include "wm_shape.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define EPS MU_GEOM_EPS_MM
#define STACK_POINTS 512
#define MAX_RELEVANT 1024

/* ---- the convex hull of s and f ---- */

typedef struct hull {
    int n;         /* 1, 2 (degenerate) or 3, 4 counter-clockwise */
    mu_vec2 v[4];
    mu_vec2 lo, hi;
} hull;

static void make_hull(hull *h, mu_seg s, mu_seg f)
{
    mu_vec2 p[4] = {s.a, s.b, f.a, f.b};
    mu_sort_xy(p, 4); /* p[0], p[3]: the extreme points */
    mu_vec2 out[4];
    int k = mu_hull(p, 4, out);
    double area = 0.0;
    for (int i = 0; i < k; i++)
        area += mu_v2_cross(out[i], out[(i + 1) % k]);
    h->lo = h->hi = p[0];
    for (int i = 0; i < 4; i++) {
        h->lo = mu_v2(fmin(h->lo.x, p[i].x), fmin(h->lo.y, p[i].y));
        h->hi = mu_v2(fmax(h->hi.x, p[i].x), fmax(h->hi.y, p[i].y));
    }
    if (k >= 3 && area > EPS * EPS) {
        h->n = k;
        for (int i = 0; i < k; i++)
            h->v[i] = out[i];
    } else { /* all on a line: its two extreme points */
        h->n = 2;
        h->v[0] = p[0];
        h->v[1] = p[3];
    }
}

static int in_hull(const hull *h, mu_vec2 q)
{
    if (h->n < 3) {
        mu_seg s = {h->v[0], h->v[1]};
        return mu_point_seg_distance(q, s, NULL) <= EPS;
    }
    for (int i = 0; i < h->n; i++) {
        mu_vec2 a = h->v[i], e = mu_v2_sub(h->v[(i + 1) % h->n], a);
        if (mu_v2_cross(e, mu_v2_sub(q, a)) < -EPS * mu_v2_len(e))
            return 0;
    }
    return 1;
}

static int meets_hull(const hull *h, const wm_blocker *b)
{
    if (b->lo.x >= h->hi.x - EPS || b->hi.x <= h->lo.x + EPS || b->lo.y >= h->hi.y - EPS ||
        b->hi.y <= h->lo.y + EPS)
        return 0;
    if (h->n < 3) {
        mu_seg s = {h->v[0], h->v[1]};
        return wm_blocker_crosses(b, s);
    }
    if (b->type == WM_BLK_CIRCLE)
        return mu_point_poly_distance(b->circle.center, h->v, h->n) < b->circle.radius - EPS;
    return mu_convex_overlaps_poly(h->v, h->n, wm_blocker_vertices(b), b->n);
}

/* ---- candidate lines ---- */

typedef struct ctx {
    mu_seg s, f;
    const wm_blocker *b;
    const int *rel;
    int nrel;
} ctx;

/* Where the line x0 + t d meets segment e: 1 with *at, 0 if it misses,
 * 2 if the line runs along e. A single-point e is met within EPS. */
static int line_meets(mu_vec2 x0, mu_vec2 d, mu_seg e, mu_vec2 *at)
{
    mu_vec2 de = mu_v2_sub(e.b, e.a);
    double len = mu_v2_len(de), dl = mu_v2_len(d);
    double ha = mu_v2_cross(d, mu_v2_sub(e.a, x0)) / dl;
    if (len <= EPS) {
        *at = e.a;
        return fabs(ha) <= EPS;
    }
    double den = mu_v2_cross(de, d);
    if (fabs(den) <= 1e-12 * len * dl)
        return fabs(ha) <= EPS ? 2 : 0;
    double mu = mu_v2_cross(mu_v2_sub(x0, e.a), d) / den, tol = EPS / len;
    if (mu < -tol || mu > 1.0 + tol)
        return 0;
    mu = mu < 0.0 ? 0.0 : mu > 1.0 ? 1.0 : mu;
    *at = mu_v2_add(e.a, mu_v2_scale(de, mu));
    return 1;
}

static mu_vec2 nearer_end(mu_seg e, mu_vec2 to)
{
    return mu_v2_dist(e.a, to) <= mu_v2_dist(e.b, to) ? e.a : e.b;
}

/* Returns non-zero when the line's piece between s and f is clear. */
static int try_line(const ctx *c, mu_vec2 x0, mu_vec2 d)
{
    if (mu_v2_len(d) <= 0.0)
        return 0;
    mu_vec2 p, q;
    int ks = line_meets(x0, d, c->s, &p), kf = line_meets(x0, d, c->f, &q);
    if (!ks || !kf)
        return 0;
    if (ks == 2 && kf == 2)
        mu_seg_distance(c->s, c->f, &p, &q);
    else if (ks == 2)
        p = nearer_end(c->s, q);
    else if (kf == 2)
        q = nearer_end(c->f, p);
    mu_seg seg = {p, q};
    return wm_segment_clear(seg, c->b, c->rel, c->nrel);
}

/* Lines through p tangent to circle k. */
static int try_tangents_from(const ctx *c, mu_vec2 p, mu_circle k)
{
    mu_vec2 dv = mu_v2_sub(k.center, p);
    double dist = mu_v2_len(dv);
    if (dist < k.radius - EPS || dist == 0.0)
        return 0;
    if (dist <= k.radius + EPS)
        return try_line(c, p, mu_v2_perp(dv));
    double a = asin(k.radius / dist);
    return try_line(c, p, mu_v2_rotate(dv, a)) || try_line(c, p, mu_v2_rotate(dv, -a));
}

/* The (up to four) lines tangent to both circles. */
static int try_common_tangents(const ctx *c, mu_circle k1, mu_circle k2)
{
    mu_vec2 dv = mu_v2_sub(k2.center, k1.center);
    double d = mu_v2_len(dv);
    if (d <= EPS)
        return 0;
    mu_vec2 u = mu_v2_scale(dv, 1.0 / d), w = mu_v2_perp(u);
    for (int s2 = -1; s2 <= 1; s2 += 2) {
        double delta = (s2 * k2.radius - k1.radius) / d;
        if (fabs(delta) > 1.0)
            continue;
        double h = sqrt(fmax(0.0, 1.0 - delta * delta));
        for (int sg = -1; sg <= 1; sg += 2) {
            mu_vec2 n = mu_v2_add(mu_v2_scale(u, delta), mu_v2_scale(w, sg * h));
            double k = mu_v2_dot(n, k1.center) - k1.radius; /* n.x = k */
            if (try_line(c, mu_v2_scale(n, k), mu_v2_perp(n)))
                return 1;
        }
    }
    return 0;
}

/* Appends the points where segment e meets the circle's boundary. */
static int circle_cuts(mu_seg e, mu_circle k, mu_vec2 *out)
{
    mu_vec2 d = mu_v2_sub(e.b, e.a), m = mu_v2_sub(e.a, k.center);
    double A = mu_v2_dot(d, d), B = 2.0 * mu_v2_dot(m, d), C = mu_v2_dot(m, m) - k.radius * k.radius;
    double disc = B * B - 4.0 * A * C;
    int n = 0;
    if (A <= 0.0 || disc < 0.0)
        return 0;
    for (int sg = -1; sg <= 1; sg += 2) {
        double t = (-B + sg * sqrt(disc)) / (2.0 * A);
        if (t >= 0.0 && t <= 1.0)
            out[n++] = mu_v2_add(e.a, mu_v2_scale(d, t));
    }
    return n;
}

/* Where segments a and b cross or touch, non-parallel (parallel ones
 * meet, if at all, at an end that is a candidate already). */
static int seg_meet(mu_seg a, mu_seg b, mu_vec2 *at)
{
    mu_vec2 r = mu_v2_sub(a.b, a.a), q = mu_v2_sub(b.b, b.a), w = mu_v2_sub(b.a, a.a);
    double den = mu_v2_cross(r, q), rl = mu_v2_len(r), ql = mu_v2_len(q);
    if (rl <= EPS || ql <= EPS || fabs(den) <= 1e-12 * rl * ql)
        return 0;
    double t = mu_v2_cross(w, q) / den, u = mu_v2_cross(w, r) / den;
    if (t < -EPS / rl || t > 1.0 + EPS / rl || u < -EPS / ql || u > 1.0 + EPS / ql)
        return 0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    *at = mu_v2_add(a.a, mu_v2_scale(r, t));
    return 1;
}

/* Where two circles' boundaries cross (0 or 2 points; touching counts once). */
static int circles_cross(mu_circle a, mu_circle b, mu_vec2 *out)
{
    mu_vec2 d = mu_v2_sub(b.center, a.center);
    double dist = mu_v2_len(d);
    if (dist <= EPS || dist > a.radius + b.radius || dist < fabs(a.radius - b.radius))
        return 0;
    double along = (dist * dist + a.radius * a.radius - b.radius * b.radius) / (2.0 * dist);
    double h = sqrt(fmax(0.0, a.radius * a.radius - along * along));
    mu_vec2 u = mu_v2_scale(d, 1.0 / dist), base = mu_v2_add(a.center, mu_v2_scale(u, along));
    out[0] = mu_v2_add(base, mu_v2_scale(mu_v2_perp(u), h));
    out[1] = mu_v2_sub(base, mu_v2_scale(mu_v2_perp(u), h));
    return h > EPS ? 2 : 1;
}

/* Appends to pts where edge or circle boundaries of blockers a and b cross,
 * keeping those inside the hull. */
static int crossings(const hull *h, const wm_blocker *a, const wm_blocker *b, mu_vec2 *pts)
{
    if (a->lo.x > b->hi.x + EPS || b->lo.x > a->hi.x + EPS || a->lo.y > b->hi.y + EPS || b->lo.y > a->hi.y + EPS)
        return 0;
    mu_vec2 found[2];
    int np = 0;
    if (a->type == WM_BLK_CIRCLE && b->type == WM_BLK_CIRCLE) {
        int k = circles_cross(a->circle, b->circle, found);
        for (int i = 0; i < k; i++)
            if (in_hull(h, found[i]))
                pts[np++] = found[i];
        return np;
    }
    if (a->type == WM_BLK_CIRCLE) {
        const wm_blocker *t = a;
        a = b;
        b = t;
    }
    const mu_vec2 *va = wm_blocker_vertices(a);
    for (int i = 0; i < a->n; i++) {
        mu_seg ea = {va[i], va[(i + 1) % a->n]};
        if (b->type == WM_BLK_CIRCLE) {
            int k = circle_cuts(ea, b->circle, found);
            for (int m = 0; m < k; m++)
                if (in_hull(h, found[m]))
                    pts[np++] = found[m];
            continue;
        }
        const mu_vec2 *vb = wm_blocker_vertices(b);
        for (int j = 0; j < b->n; j++) {
            mu_seg eb = {vb[j], vb[(j + 1) % b->n]};
            if (seg_meet(ea, eb, &found[0]) && in_hull(h, found[0]))
                pts[np++] = found[0];
        }
    }
    return np;
}

/* The most candidate points blockers x and y can add crossing each other. */
static int crossing_room(const wm_blocker *x, const wm_blocker *y)
{
    int cx = x->type == WM_BLK_CIRCLE, cy = y->type == WM_BLK_CIRCLE;
    return cx && cy ? 2 : cx ? 2 * y->n : cy ? 2 * x->n : x->n * y->n;
}

/* The candidate points: ends of s and f, blocker vertices in the hull,
 * crossings of s and f with blocker boundaries, crossings of blockers. */
static int collect(const ctx *c, const hull *h, mu_vec2 *pts)
{
    int np = 0;
    pts[np++] = c->s.a;
    pts[np++] = c->s.b;
    pts[np++] = c->f.a;
    pts[np++] = c->f.b;
    for (int r = 0; r < c->nrel; r++) {
        const wm_blocker *b = &c->b[c->rel[r]];
        for (int r2 = r + 1; r2 < c->nrel; r2++)
            np += crossings(h, b, &c->b[c->rel[r2]], pts + np);
        if (b->type == WM_BLK_CIRCLE) {
            np += circle_cuts(c->s, b->circle, pts + np);
            np += circle_cuts(c->f, b->circle, pts + np);
            continue;
        }
        const mu_vec2 *v = wm_blocker_vertices(b);
        for (int i = 0; i < b->n; i++) {
            mu_seg e = {v[i], v[(i + 1) % b->n]};
            if (in_hull(h, v[i]))
                pts[np++] = v[i];
            if (seg_meet(c->s, e, &pts[np]))
                np++;
            if (seg_meet(c->f, e, &pts[np]))
                np++;
        }
    }
    return np;
}

static int search(const ctx *c, const hull *h, mu_vec2 *pts, int cap)
{
    int np = collect(c, h, pts);
    assert(np <= cap);
    (void)cap;
    for (int i = 0; i < np; i++)
        for (int j = i + 1; j < np; j++)
            if (mu_v2_dist(pts[i], pts[j]) > EPS && try_line(c, pts[i], mu_v2_sub(pts[j], pts[i])))
                return 1;
    for (int r = 0; r < c->nrel; r++) {
        const wm_blocker *b = &c->b[c->rel[r]];
        if (b->type != WM_BLK_CIRCLE)
            continue;
        for (int i = 0; i < np; i++)
            if (try_tangents_from(c, pts[i], b->circle))
                return 1;
        for (int r2 = r + 1; r2 < c->nrel; r2++)
            if (c->b[c->rel[r2]].type == WM_BLK_CIRCLE &&
                try_common_tangents(c, b->circle, c->b[c->rel[r2]].circle))
                return 1;
    }
    return 0;
}

/* RULE wm.sight.line-of-sight */
int wm_clear_between(mu_seg s, mu_seg f, const wm_blocker *b, int nb, uint32_t skip)
{
    hull h;
    make_hull(&h, s, f);
    int rel[MAX_RELEVANT], nrel = 0, cap = 4;
    for (int i = 0; i < nb; i++) {
        if (b[i].feature >= 0 && (skip >> b[i].feature) & 1u)
            continue;
        if (!meets_hull(&h, &b[i]))
            continue;
        assert(nrel < MAX_RELEVANT);
        for (int r = 0; r < nrel; r++)
            cap += crossing_room(&b[rel[r]], &b[i]);
        rel[nrel++] = i;
        cap += b[i].type == WM_BLK_CIRCLE ? 4 : 3 * b[i].n;
    }
    ctx c = {s, f, b, rel, nrel};
    if (nrel == 0)
        return 1;
    mu_vec2 stack_pts[STACK_POINTS], *pts = stack_pts;
    if (cap > STACK_POINTS) {
        pts = mu_xmalloc((size_t)cap * sizeof *pts);
    }
    int clear = search(&c, &h, pts, cap);
    if (pts != stack_pts)
        free(pts);
    return clear;
}
