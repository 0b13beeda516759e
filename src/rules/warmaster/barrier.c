/* Enemies "divided by a mutually impassable barrier" (warmaster-movement.adoc,
 * "Moving by initative"): the route round the barrier, as a shortest path
 * for a point over the vertices of the features neither unit may enter.
 * The reading is in wm_visibility.h. */
#include "warmaster/wm_visibility.h"

#include "wm_shape.h"
#include "wm_sight.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM
#define MAX_NODES (WM_MAX_FEATURES * WM_MAX_VERTICES)

typedef struct barriers {
    int n;
    int all[WM_MAX_FEATURES]; /* 0..n-1 */
    wm_blocker b[WM_MAX_FEATURES];
    mu_vec2 poly[WM_MAX_FEATURES][WM_MAX_VERTICES];
} barriers;

/* The features neither a nor b may enter, circles as inscribed polygons. */
static void build(barriers *bs, const wm_battlefield *bf, const wm_unit *a, const wm_unit *b)
{
    bs->n = 0;
    for (int i = 0; i < bf->n_features; i++) {
        const wm_feature *f = &bf->feature[i];
        if (wm_unit_can_enter(a, f->kind) || wm_unit_can_enter(b, f->kind))
            continue;
        int n = wm_feature_polygon(f, bs->poly[bs->n]);
        wm_blocker_poly(&bs->b[bs->n], bs->poly[bs->n], n, -1);
        bs->all[bs->n] = bs->n;
        bs->n++;
    }
}

/* Returns non-zero when some point of f lies strictly outside edge s
 * (outward normal: left of s.a -> s.b, stands' corners being clockwise). */
static int faces(mu_seg s, mu_seg f)
{
    mu_vec2 n = mu_v2_perp(mu_v2_sub(s.b, s.a));
    return mu_v2_dot(n, mu_v2_sub(f.a, s.a)) > 0.0 || mu_v2_dot(n, mu_v2_sub(f.b, s.a)) > 0.0;
}

/* Returns non-zero when a clear segment joins a stand of u to f (a point
 * or a segment). Only u's edges facing f need trying: a segment through a
 * stand leaves it by an edge that faces f. */
static int unit_clear_to(const barriers *bs, const wm_unit *u, mu_seg f)
{
    for (int i = 0; i < u->n_stands; i++)
        for (int e = MU_EDGE_FRONT; e <= MU_EDGE_LEFT; e++) {
            mu_seg s = mu_orect_edge(&u->stand[i], e);
            if (faces(s, f) && wm_clear_between(s, f, bs->b, bs->n, 0))
                return 1;
        }
    return 0;
}

/* Returns non-zero when a clear straight segment joins a stand of a to a
 * stand of b. */
static int units_clear(const barriers *bs, const wm_unit *a, const wm_unit *b)
{
    for (int j = 0; j < b->n_stands; j++)
        for (int e = MU_EDGE_FRONT; e <= MU_EDGE_LEFT; e++) {
            mu_seg f = mu_orect_edge(&b->stand[j], e);
            int toward = 0;
            for (int i = 0; i < a->n_stands && !toward; i++)
                for (int k = MU_EDGE_FRONT; k <= MU_EDGE_LEFT && !toward; k++)
                    toward = faces(f, mu_orect_edge(&a->stand[i], k));
            if (toward && unit_clear_to(bs, a, f))
                return 1;
        }
    return 0;
}

static double unit_point_distance(const wm_unit *u, mu_vec2 p)
{
    double best = INFINITY;
    for (int i = 0; i < u->n_stands; i++) {
        double d = mu_point_orect_distance(p, &u->stand[i], NULL);
        best = d < best ? d : best;
    }
    return best;
}

/* Shortest route from a to b bending at barrier vertices strictly inside
 * the table: Dijkstra over the vertices; legs from and to the units are
 * counted at their straight distance when some clear segment exists.
 * Routes longer than limit are not wanted: a vertex v with
 * |a v| + |v b| > limit is left out, and INFINITY stands for "longer". */
static double route_via_vertices(const barriers *bs, const wm_battlefield *bf, const wm_unit *a,
                                 const wm_unit *b, double limit)
{
    mu_vec2 node[MAX_NODES];
    double dist[MAX_NODES];
    unsigned char done[MAX_NODES];
    int nn = 0;
    for (int i = 0; i < bs->n; i++)
        for (int k = 0; k < bs->b[i].n; k++) {
            mu_vec2 v = bs->b[i].v[k];
            if (v.x > EPS && v.y > EPS && v.x < bf->width_mm - EPS && v.y < bf->depth_mm - EPS &&
                unit_point_distance(a, v) + unit_point_distance(b, v) <= limit)
                node[nn++] = v;
        }
    for (int i = 0; i < nn; i++) {
        mu_seg pt = {node[i], node[i]};
        dist[i] = unit_clear_to(bs, a, pt) ? unit_point_distance(a, node[i]) : INFINITY;
        done[i] = 0;
    }
    double best = INFINITY;
    for (;;) {
        int u = -1;
        for (int i = 0; i < nn; i++)
            if (!done[i] && dist[i] < INFINITY && (u < 0 || dist[i] < dist[u]))
                u = i;
        if (u < 0 || dist[u] >= best || dist[u] > limit)
            break;
        done[u] = 1;
        mu_seg pt = {node[u], node[u]};
        if (unit_clear_to(bs, b, pt)) {
            double total = dist[u] + unit_point_distance(b, node[u]);
            best = total < best ? total : best;
        }
        for (int w = 0; w < nn; w++) {
            double via = dist[u] + mu_v2_dist(node[u], node[w]);
            mu_seg leg = {node[u], node[w]};
            if (!done[w] && via < dist[w] && wm_segment_clear(leg, bs->b, bs->all, bs->n))
                dist[w] = via;
        }
    }
    return best;
}

static int usable(const wm_battlefield *bf, int i)
{
    assert(i >= 0 && i < bf->n_units);
    return bf->unit[i].presence == WM_ON_TABLE && bf->unit[i].n_stands > 0;
}

/* RULE wm.initiative.ignore-divided */
double wm_route_around_mm(const wm_battlefield *bf, int a, int b)
{
    if (!usable(bf, a) || !usable(bf, b))
        return INFINITY;
    const wm_unit *ua = &bf->unit[a], *ub = &bf->unit[b];
    barriers bs;
    build(&bs, bf, ua, ub);
    if (bs.n == 0 || units_clear(&bs, ua, ub))
        return wm_unit_distance_mm(ua, ub, NULL, NULL, NULL, NULL);
    return route_via_vertices(&bs, bf, ua, ub, INFINITY);
}

/* RULE wm.initiative.ignore-divided */
int wm_divided_by_barrier(const wm_battlefield *bf, int a, int b)
{
    if (!usable(bf, a) || !usable(bf, b))
        return 0;
    const wm_unit *ua = &bf->unit[a], *ub = &bf->unit[b];
    barriers bs;
    build(&bs, bf, ua, ub);
    if (bs.n == 0 || units_clear(&bs, ua, ub))
        return 0;
    double pace = fmax(ua->profile.full_pace_mm, ub->profile.full_pace_mm);
    return route_via_vertices(&bs, bf, ua, ub, pace + EPS) > pace + EPS;
}
