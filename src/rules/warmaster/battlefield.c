/* The battlefield: table, features and units, and where stands are
 * relative to terrain and the table edges (warmaster-movement.adoc,
 * "Terrain", "Formation & Movement" rule 2; warmaster-command "Dense
 * terrain"). */
#include "warmaster/wm_battlefield.h"

#include "warmaster/wm_offtable.h"

#include "wm_shape.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM

const char *wm_status_str(wm_status status)
{
    switch (status) {
    case WM_OK: return "ok";
    case WM_TOO_MANY_FEATURES: return "too many terrain features";
    case WM_TOO_MANY_VERTICES: return "too many polygon vertices";
    case WM_NOT_SIMPLE: return "polygon is not simple (fewer than 3 vertices, no area, or edges cross)";
    case WM_BAD_RADIUS: return "circle radius must be positive";
    case WM_BAD_KIND: return "unknown terrain kind";
    case WM_TOO_MANY_UNITS: return "too many units";
    case WM_BAD_PROFILE: return "unit profile is not playable (paces, stand size or mount)";
    case WM_BRIDGE_NOT_CONVEX: return "a bridge must be convex";
    }
    return "unknown status";
}

void wm_battlefield_init(wm_battlefield *bf, double width_mm, double depth_mm)
{
    assert(width_mm > 0.0 && depth_mm > 0.0);
    memset(bf, 0, sizeof *bf);
    bf->width_mm = width_mm;
    bf->depth_mm = depth_mm;
}

static wm_feature *new_feature(wm_battlefield *bf, wm_terrain kind, wm_status *st)
{
    if (kind < 0 || kind >= WM_TERRAIN_COUNT) {
        *st = WM_BAD_KIND;
        return NULL;
    }
    if (bf->n_features >= WM_MAX_FEATURES) {
        *st = WM_TOO_MANY_FEATURES;
        return NULL;
    }
    wm_feature *f = &bf->feature[bf->n_features];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->dense = wm_terrain_get(kind)->dense;
    f->blocks_sight = wm_terrain_get(kind)->blocks_sight;
    *st = WM_OK;
    return f;
}

wm_status wm_add_polygon(wm_battlefield *bf, wm_terrain kind, const mu_vec2 *v, int n)
{
    wm_status st;
    wm_feature *f = new_feature(bf, kind, &st);
    if (!f)
        return st;
    if (n > WM_MAX_VERTICES)
        return WM_TOO_MANY_VERTICES;
    mu_polygon poly = {n, v};
    if (n < 3 || !mu_polygon_is_simple(&poly))
        return WM_NOT_SIMPLE;
    if (kind == WM_BRIDGE && mu_poly_convexity(v, n, MU_GEOM_EPS_MM * MU_GEOM_EPS_MM) != MU_CONVEX)
        return WM_BRIDGE_NOT_CONVEX;
    f->shape = WM_SHAPE_POLYGON;
    f->n = n;
    f->lo = f->hi = v[0];
    for (int i = 0; i < n; i++) {
        f->v[i] = v[i];
        f->lo = mu_v2(fmin(f->lo.x, v[i].x), fmin(f->lo.y, v[i].y));
        f->hi = mu_v2(fmax(f->hi.x, v[i].x), fmax(f->hi.y, v[i].y));
    }
    bf->n_features++;
    return WM_OK;
}

wm_status wm_add_circle(wm_battlefield *bf, wm_terrain kind, mu_vec2 center, double radius_mm)
{
    wm_status st;
    wm_feature *f = new_feature(bf, kind, &st);
    if (!f)
        return st;
    if (!(radius_mm > 0.0 && isfinite(radius_mm) && isfinite(center.x) && isfinite(center.y)))
        return WM_BAD_RADIUS;
    f->shape = WM_SHAPE_CIRCLE;
    f->circle.center = center;
    f->circle.radius = radius_mm;
    f->lo = mu_v2(center.x - radius_mm, center.y - radius_mm);
    f->hi = mu_v2(center.x + radius_mm, center.y + radius_mm);
    bf->n_features++;
    return WM_OK;
}

wm_status wm_add_unit(wm_battlefield *bf, const wm_unit *u)
{
    if (bf->n_units >= WM_MAX_UNITS)
        return WM_TOO_MANY_UNITS;
    if (!wm_profile_valid(&u->profile))
        return WM_BAD_PROFILE;
    bf->unit[bf->n_units++] = *u;
    return WM_OK;
}

int wm_unit_stands_as(const wm_unit *u, const wm_unit *before)
{
    if (u->presence != WM_ON_TABLE || u->n_stands != before->n_stands)
        return 0;
    for (int i = 0; i < u->n_stands; i++)
        if (mu_v2_dist(u->stand[i].center, before->stand[i].center) > 1e-9 ||
            mu_v2_dist(u->stand[i].facing, before->stand[i].facing) > 1e-12)
            return 0;
    return 1;
}

int wm_convex_in_feature(const wm_feature *f, const mu_vec2 *v, int n)
{
    assert(n >= 3);
    if (f->shape == WM_SHAPE_POLYGON)
        return mu_convex_overlaps_poly(v, n, f->v, f->n);
    /* a convex region meets the open disc shrunk by EPS */
    return mu_point_poly_distance(f->circle.center, v, n) < f->circle.radius - EPS;
}

wm_inside wm_orect_in_feature(const wm_feature *f, const mu_orect *r)
{
    mu_vec2 c[4];
    mu_orect_corners_ccw(r, c);
    if (!wm_convex_in_feature(f, c, 4))
        return WM_OUT;
    if (f->shape == WM_SHAPE_POLYGON) {
        mu_polygon poly = {f->n, f->v};
        return mu_orect_inside_polygon(r, &poly) ? WM_WHOLLY : WM_PARTLY;
    }
    for (int i = 0; i < 4; i++)
        if (mu_v2_dist(c[i], f->circle.center) > f->circle.radius + EPS)
            return WM_PARTLY;
    return WM_WHOLLY;
}

int wm_seg_crosses_feature(const wm_feature *f, mu_seg s)
{
    if (f->shape == WM_SHAPE_POLYGON)
        return mu_seg_crosses_poly_interior(s, f->v, f->n);
    return mu_point_seg_distance(f->circle.center, s, NULL) < f->circle.radius - EPS;
}

/* Returns non-zero when the part of v[0..n) in feature f lies within the
 * bridge b: v minus b (convex pieces, one outside each edge of b) does not
 * reach into f. */
static int covered_by_bridge(const wm_feature *f, const wm_feature *b, const mu_vec2 *v, int n)
{
    enum { ROOM = WM_MAX_CONVEX + WM_MAX_VERTICES + 1 };
    mu_vec2 bp[WM_MAX_VERTICES], rest[ROOM], tmp[ROOM], piece[ROOM];
    int nb = wm_feature_polygon(b, bp);
    double winding = 0.0;
    for (int i = 0; i < nb; i++)
        winding += mu_v2_cross(bp[i], bp[(i + 1) % nb]);
    int m = n;
    for (int i = 0; i < n; i++)
        rest[i] = v[i];
    for (int k = 0; k < nb && m > 0; k++) {
        mu_vec2 a = bp[k], e = mu_v2_sub(bp[(k + 1) % nb], a);
        /* inward normal of edge k */
        mu_vec2 in = mu_v2_unit(winding > 0.0 ? mu_v2_perp(e) : mu_v2_scale(mu_v2_perp(e), -1.0));
        double k0 = mu_v2_dot(in, a);
        /* outside by more than EPS: a sliver along the edge is not a part */
        int np = mu_poly_clip_halfplane(rest, m, mu_v2_scale(in, -1.0), -k0 + EPS, piece);
        if (np > 0 && wm_convex_in_feature(f, piece, np))
            return 0;
        m = mu_poly_clip_halfplane(rest, m, in, k0, tmp);
        for (int i = 0; i < m; i++)
            rest[i] = tmp[i];
    }
    return 1;
}

static_assert(WM_MAX_FEATURES <= 32, "feature masks are 32 bits");

/* RULE wm.terrain.halt-at-edge */
int wm_convex_blocked(const wm_battlefield *bf, const wm_unit *u, const mu_vec2 *v, int n)
{
    return wm_convex_blocked_among(bf, u, v, n, ~(uint32_t)0);
}

/* RULE wm.terrain.halt-at-edge */
int wm_convex_blocked_among(const wm_battlefield *bf, const wm_unit *u, const mu_vec2 *v, int n,
                            uint32_t features)
{
    assert(n >= 3 && n <= WM_MAX_CONVEX);
    for (int i = 0; i < bf->n_features; i++) {
        const wm_feature *f = &bf->feature[i];
        if (!((features >> i) & 1u) || wm_unit_can_enter(u, f->kind) || !wm_convex_in_feature(f, v, n))
            continue;
        int covered = 0;
        for (int j = 0; j < bf->n_features && !covered; j++) {
            const wm_feature *b = &bf->feature[j];
            if (j != i && b->kind == WM_BRIDGE && wm_unit_can_enter(u, WM_BRIDGE) &&
                wm_convex_in_feature(b, v, n))
                covered = covered_by_bridge(f, b, v, n);
        }
        if (!covered)
            return i;
    }
    return -1;
}

/* RULE wm.terrain.halt-at-edge */
int wm_orect_blocked(const wm_battlefield *bf, const wm_unit *u, const mu_orect *r)
{
    mu_vec2 c[4];
    mu_orect_corners_ccw(r, c);
    return wm_convex_blocked(bf, u, c, 4);
}

/* Returns non-zero when some stand of u is at least partly in a feature
 * for which want(f) holds. */
static int unit_partly_in(const wm_battlefield *bf, const wm_unit *u, int (*want)(const wm_feature *))
{
    for (int i = 0; i < bf->n_features; i++) {
        if (!want(&bf->feature[i]))
            continue;
        for (int s = 0; s < u->n_stands; s++)
            if (wm_orect_in_feature(&bf->feature[i], &u->stand[s]) != WM_OUT)
                return 1;
    }
    return 0;
}

static int is_dense(const wm_feature *f) { return f->dense; }
static int is_fortified(const wm_feature *f) { return f->kind == WM_FORTIFIED; }

/* RULE wm.terrain.dense */
int wm_unit_in_dense(const wm_battlefield *bf, const wm_unit *u)
{
    return unit_partly_in(bf, u, is_dense);
}

static int is_dense_not_wood(const wm_feature *f) { return f->dense && f->kind != WM_WOOD; }

/* RULE wm.armylist.dense-terrain */
int wm_unit_in_dense_not_wood(const wm_battlefield *bf, const wm_unit *u)
{
    return unit_partly_in(bf, u, is_dense_not_wood);
}

/* RULE wm.formation.fortified-half-pace */
int wm_unit_fortified(const wm_battlefield *bf, const wm_unit *u)
{
    return unit_partly_in(bf, u, is_fortified);
}

int wm_orect_on_table(const wm_battlefield *bf, const mu_orect *r)
{
    mu_vec2 c[4];
    mu_orect_corners(r, c);
    for (int i = 0; i < 4; i++)
        if (c[i].x < -EPS || c[i].y < -EPS || c[i].x > bf->width_mm + EPS || c[i].y > bf->depth_mm + EPS)
            return 0;
    return 1;
}

int wm_orect_free_for(const wm_battlefield *bf, int u, const mu_orect *r)
{
    const wm_unit *un = &bf->unit[u];
    if (!wm_orect_on_table(bf, r) || wm_orect_blocked(bf, un, r) >= 0)
        return 0;
    double rr = 0.5 * hypot(r->width, r->depth) + 1e-3;
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *o = &bf->unit[k];
        if (k == u || o->presence != WM_ON_TABLE || (wm_is_character(o) && o->side == un->side))
            continue;
        for (int s = 0; s < o->n_stands; s++) {
            double reach = rr + 0.5 * hypot(o->stand[s].width, o->stand[s].depth);
            mu_vec2 d = mu_v2_sub(o->stand[s].center, r->center);
            if (d.x * d.x + d.y * d.y > reach * reach)
                continue; /* circles round the two apart: no overlap */
            if (mu_orect_overlap(r, &o->stand[s]))
                return 0;
        }
    }
    return 1;
}

/* RULE wm.edge.whole-unit-leaves */
int wm_unit_leaves_table(const wm_battlefield *bf, const wm_unit *u)
{
    return wm_stands_leave_table(u->stand, u->n_stands, bf->width_mm, bf->depth_mm);
}

int wm_unit_touches_edge(const wm_battlefield *bf, const wm_unit *u, int edge)
{
    for (int i = 0; i < u->n_stands; i++) {
        mu_vec2 c[4];
        mu_orect_corners(&u->stand[i], c);
        for (int k = 0; k < 4; k++) {
            if ((edge == WM_EDGE_SOUTH && c[k].y <= EPS) || (edge == WM_EDGE_NORTH && c[k].y >= bf->depth_mm - EPS) ||
                (edge == WM_EDGE_WEST && c[k].x <= EPS) || (edge == WM_EDGE_EAST && c[k].x >= bf->width_mm - EPS))
                return 1;
        }
    }
    return 0;
}

mu_seg wm_table_edge(const wm_battlefield *bf, int edge)
{
    assert(edge >= WM_EDGE_SOUTH && edge <= WM_EDGE_WEST);
    const mu_vec2 c[4] = {mu_v2(0, 0), mu_v2(bf->width_mm, 0), mu_v2(bf->width_mm, bf->depth_mm),
                          mu_v2(0, bf->depth_mm)};
    mu_seg s = {c[edge], c[(edge + 1) % 4]};
    return s;
}
