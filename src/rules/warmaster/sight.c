/* Blockers and the clear-segment test (wm_sight.h). A segment is clear
 * when it meets no point of the interior of the union of the blockers:
 * it may graze edges and corners, but not run along the joint where two
 * blockers are butted (a line of stands is solid, not a row of gaps). */
#include "wm_sight.h"

#include "wm_shape.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM
#define SIDE_MM 1e-3 /* how far to each side of a joint we look for cover */
#define MAX_BREAKS 1024

void wm_blocker_rect(wm_blocker *b, const mu_orect *r)
{
    b->type = WM_BLK_RECT;
    b->rect = *r;
    mu_orect_corners(r, b->corner);
    b->v = NULL;
    b->n = 4;
    b->feature = -1;
    b->lo = b->hi = b->corner[0];
    for (int i = 1; i < 4; i++) {
        b->lo = mu_v2(fmin(b->lo.x, b->corner[i].x), fmin(b->lo.y, b->corner[i].y));
        b->hi = mu_v2(fmax(b->hi.x, b->corner[i].x), fmax(b->hi.y, b->corner[i].y));
    }
}

void wm_blocker_poly(wm_blocker *b, const mu_vec2 *v, int n, int feature)
{
    assert(n >= 3);
    b->type = WM_BLK_POLY;
    b->v = v;
    b->n = n;
    b->feature = feature;
    b->lo = b->hi = v[0];
    for (int i = 1; i < n; i++) {
        b->lo = mu_v2(fmin(b->lo.x, v[i].x), fmin(b->lo.y, v[i].y));
        b->hi = mu_v2(fmax(b->hi.x, v[i].x), fmax(b->hi.y, v[i].y));
    }
}

void wm_blocker_circle(wm_blocker *b, mu_circle c, int feature)
{
    b->type = WM_BLK_CIRCLE;
    b->circle = c;
    b->v = NULL;
    b->n = 0;
    b->feature = feature;
    b->lo = mu_v2(c.center.x - c.radius, c.center.y - c.radius);
    b->hi = mu_v2(c.center.x + c.radius, c.center.y + c.radius);
}

const mu_vec2 *wm_blocker_vertices(const wm_blocker *b)
{
    return b->type == WM_BLK_RECT ? b->corner : b->v;
}

int wm_blocker_crosses(const wm_blocker *b, mu_seg s)
{
    if (s.a.x < b->lo.x - EPS && s.b.x < b->lo.x - EPS)
        return 0;
    if (s.a.x > b->hi.x + EPS && s.b.x > b->hi.x + EPS)
        return 0;
    if (s.a.y < b->lo.y - EPS && s.b.y < b->lo.y - EPS)
        return 0;
    if (s.a.y > b->hi.y + EPS && s.b.y > b->hi.y + EPS)
        return 0;
    switch (b->type) {
    case WM_BLK_RECT: return mu_seg_crosses_orect_interior(s, &b->rect);
    case WM_BLK_POLY: return mu_seg_crosses_poly_interior(s, b->v, b->n);
    default: return mu_point_seg_distance(b->circle.center, s, NULL) < b->circle.radius - EPS;
    }
}

static int covers(const wm_blocker *b, mu_vec2 p)
{
    switch (b->type) {
    case WM_BLK_RECT: return mu_orect_contains(&b->rect, p);
    case WM_BLK_POLY: {
        mu_polygon poly = {b->n, b->v};
        return mu_point_in_polygon(&poly, p);
    }
    default: return mu_v2_dist(p, b->circle.center) <= b->circle.radius + EPS;
    }
}

static int covered(const wm_blocker *b, const int *rel, int nrel, mu_vec2 p)
{
    for (int i = 0; i < nrel; i++)
        if (covers(&b[rel[i]], p))
            return 1;
    return 0;
}

/* Parameter of p along s (s not degenerate). */
static double param(mu_seg s, mu_vec2 p)
{
    mu_vec2 d = mu_v2_sub(s.b, s.a);
    return mu_v2_dot(mu_v2_sub(p, s.a), d) / mu_v2_dot(d, d);
}

/* A segment that crosses no blocker's interior can still meet the union's
 * interior, but only along pieces lying on blockers' edges (collinear with
 * s), where blockers cover both sides. Between consecutive ends of such
 * edges, cover is the same all along, so one look each side of the middle
 * of each piece decides. */
static int runs_along_joint(mu_seg s, const wm_blocker *b, const int *rel, int nrel)
{
    mu_vec2 d = mu_v2_sub(s.b, s.a);
    double len = mu_v2_len(d);
    if (len <= 2.0 * EPS)
        return 0;
    double t[MAX_BREAKS];
    int m = 0;
    t[m++] = 0.0;
    t[m++] = 1.0;
    for (int r = 0; r < nrel; r++) {
        const wm_blocker *k = &b[rel[r]];
        if (k->type == WM_BLK_CIRCLE)
            continue;
        const mu_vec2 *v = wm_blocker_vertices(k);
        for (int i = 0; i < k->n; i++) {
            mu_vec2 a = v[i], c = v[(i + 1) % k->n];
            if (fabs(mu_v2_cross(d, mu_v2_sub(a, s.a))) > EPS * len ||
                fabs(mu_v2_cross(d, mu_v2_sub(c, s.a))) > EPS * len)
                continue; /* not on s's line */
            double ta = param(s, a), tc = param(s, c);
            if (fmax(ta, tc) * len <= EPS || fmin(ta, tc) * len >= len - EPS)
                continue; /* beyond s's ends */
            assert(m + 2 <= MAX_BREAKS); /* edges lying on one line: a handful */
            t[m++] = fmin(fmax(ta, 0.0), 1.0);
            t[m++] = fmin(fmax(tc, 0.0), 1.0);
        }
    }
    if (m == 2)
        return 0;
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
            double tmp = t[j];
            t[j] = t[j - 1];
            t[j - 1] = tmp;
        }
    mu_vec2 side = mu_v2_scale(mu_v2_perp(d), SIDE_MM / len);
    for (int i = 0; i + 1 < m; i++) {
        if ((t[i + 1] - t[i]) * len <= 2.0 * EPS)
            continue;
        mu_vec2 mid = mu_v2_add(s.a, mu_v2_scale(d, (t[i] + t[i + 1]) / 2.0));
        if (covered(b, rel, nrel, mu_v2_add(mid, side)) && covered(b, rel, nrel, mu_v2_sub(mid, side)))
            return 1;
    }
    return 0;
}

/* RULE wm.sight.line-of-sight */
int wm_segment_clear(mu_seg s, const wm_blocker *b, const int *rel, int nrel)
{
    for (int i = 0; i < nrel; i++)
        if (wm_blocker_crosses(&b[rel[i]], s))
            return 0;
    return !runs_along_joint(s, b, rel, nrel);
}
