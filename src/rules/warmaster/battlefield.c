/* The battlefield: table, features and units, and where stands are
 * relative to terrain and the table edges (warmaster-movement.adoc,
 * "Terrain", "Formation & Movement" rule 2; warmaster-command "Dense
 * terrain"). */
#include "muster/wm_battlefield.h"

#include "muster/wm_offtable.h"

#include "wm_shape.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM

const char *mu_wm_status_str(mu_wm_status status)
{
    switch (status) {
    case MU_WM_OK: return "ok";
    case MU_WM_TOO_MANY_FEATURES: return "too many terrain features";
    case MU_WM_TOO_MANY_VERTICES: return "too many polygon vertices";
    case MU_WM_NOT_SIMPLE: return "polygon is not simple (fewer than 3 vertices, no area, or edges cross)";
    case MU_WM_BAD_RADIUS: return "circle radius must be positive";
    case MU_WM_BAD_KIND: return "unknown terrain kind";
    case MU_WM_TOO_MANY_UNITS: return "too many units";
    case MU_WM_BAD_PROFILE: return "unit profile is not playable (paces, stand size or mount)";
    case MU_WM_BRIDGE_NOT_CONVEX: return "a bridge must be convex";
    }
    return "unknown status";
}

void mu_wm_battlefield_init(mu_wm_battlefield *bf, double width_mm, double depth_mm)
{
    assert(width_mm > 0.0 && depth_mm > 0.0);
    memset(bf, 0, sizeof *bf);
    bf->width_mm = width_mm;
    bf->depth_mm = depth_mm;
}

static mu_wm_feature *new_feature(mu_wm_battlefield *bf, mu_wm_terrain kind, mu_wm_status *st)
{
    if (kind < 0 || kind >= MU_WM_TERRAIN_COUNT) {
        *st = MU_WM_BAD_KIND;
        return NULL;
    }
    if (bf->n_features >= MU_WM_MAX_FEATURES) {
        *st = MU_WM_TOO_MANY_FEATURES;
        return NULL;
    }
    mu_wm_feature *f = &bf->feature[bf->n_features];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->dense = mu_wm_terrain_get(kind)->dense;
    f->blocks_sight = mu_wm_terrain_get(kind)->blocks_sight;
    *st = MU_WM_OK;
    return f;
}

mu_wm_status mu_wm_add_polygon(mu_wm_battlefield *bf, mu_wm_terrain kind, const mu_vec2 *v, int n)
{
    mu_wm_status st;
    mu_wm_feature *f = new_feature(bf, kind, &st);
    if (!f)
        return st;
    if (n > MU_WM_MAX_VERTICES)
        return MU_WM_TOO_MANY_VERTICES;
    mu_polygon poly = {n, v};
    if (n < 3 || !mu_polygon_is_simple(&poly))
        return MU_WM_NOT_SIMPLE;
    if (kind == MU_WM_BRIDGE && !mu_wm_poly_is_convex(v, n))
        return MU_WM_BRIDGE_NOT_CONVEX;
    f->shape = MU_WM_SHAPE_POLYGON;
    f->n = n;
    f->lo = f->hi = v[0];
    for (int i = 0; i < n; i++) {
        f->v[i] = v[i];
        f->lo = mu_v2(fmin(f->lo.x, v[i].x), fmin(f->lo.y, v[i].y));
        f->hi = mu_v2(fmax(f->hi.x, v[i].x), fmax(f->hi.y, v[i].y));
    }
    bf->n_features++;
    return MU_WM_OK;
}

mu_wm_status mu_wm_add_circle(mu_wm_battlefield *bf, mu_wm_terrain kind, mu_vec2 center, double radius_mm)
{
    mu_wm_status st;
    mu_wm_feature *f = new_feature(bf, kind, &st);
    if (!f)
        return st;
    if (!(radius_mm > 0.0 && isfinite(radius_mm) && isfinite(center.x) && isfinite(center.y)))
        return MU_WM_BAD_RADIUS;
    f->shape = MU_WM_SHAPE_CIRCLE;
    f->circle.center = center;
    f->circle.radius = radius_mm;
    f->lo = mu_v2(center.x - radius_mm, center.y - radius_mm);
    f->hi = mu_v2(center.x + radius_mm, center.y + radius_mm);
    bf->n_features++;
    return MU_WM_OK;
}

mu_wm_status mu_wm_add_unit(mu_wm_battlefield *bf, const mu_wm_unit *u)
{
    if (bf->n_units >= MU_WM_MAX_UNITS)
        return MU_WM_TOO_MANY_UNITS;
    if (!mu_wm_profile_valid(&u->profile))
        return MU_WM_BAD_PROFILE;
    bf->unit[bf->n_units++] = *u;
    return MU_WM_OK;
}

int mu_wm_convex_in_feature(const mu_wm_feature *f, const mu_vec2 *v, int n)
{
    assert(n >= 3);
    if (f->shape == MU_WM_SHAPE_POLYGON)
        return mu_wm_convex_overlaps_poly(v, n, f->v, f->n);
    /* a convex region meets the open disc shrunk by EPS */
    return mu_wm_point_poly_distance(f->circle.center, v, n) < f->circle.radius - EPS;
}

mu_wm_inside mu_wm_orect_in_feature(const mu_wm_feature *f, const mu_orect *r)
{
    mu_vec2 c[4];
    mu_wm_orect_poly(r, c);
    if (!mu_wm_convex_in_feature(f, c, 4))
        return MU_WM_OUT;
    if (f->shape == MU_WM_SHAPE_POLYGON) {
        mu_polygon poly = {f->n, f->v};
        return mu_orect_inside_polygon(r, &poly) ? MU_WM_WHOLLY : MU_WM_PARTLY;
    }
    for (int i = 0; i < 4; i++)
        if (mu_v2_dist(c[i], f->circle.center) > f->circle.radius + EPS)
            return MU_WM_PARTLY;
    return MU_WM_WHOLLY;
}

int mu_wm_seg_crosses_feature(const mu_wm_feature *f, mu_seg s)
{
    if (f->shape == MU_WM_SHAPE_POLYGON)
        return mu_wm_seg_crosses_poly(s, f->v, f->n);
    return mu_point_seg_distance(f->circle.center, s, NULL) < f->circle.radius - EPS;
}

/* Returns non-zero when the part of v[0..n) in feature f lies within the
 * bridge b: v minus b (convex pieces, one outside each edge of b) does not
 * reach into f. */
static int covered_by_bridge(const mu_wm_feature *f, const mu_wm_feature *b, const mu_vec2 *v, int n)
{
    enum { ROOM = MU_WM_MAX_CONVEX + MU_WM_MAX_VERTICES + 1 };
    mu_vec2 bp[MU_WM_MAX_VERTICES], rest[ROOM], tmp[ROOM], piece[ROOM];
    int nb = mu_wm_feature_polygon(b, bp);
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
        int np = mu_wm_clip_halfplane(rest, m, mu_v2_scale(in, -1.0), -k0 + EPS, piece);
        if (np > 0 && mu_wm_convex_in_feature(f, piece, np))
            return 0;
        m = mu_wm_clip_halfplane(rest, m, in, k0, tmp);
        for (int i = 0; i < m; i++)
            rest[i] = tmp[i];
    }
    return 1;
}

int mu_wm_convex_blocked(const mu_wm_battlefield *bf, const mu_wm_unit *u, const mu_vec2 *v, int n)
{
    assert(n >= 3 && n <= MU_WM_MAX_CONVEX);
    for (int i = 0; i < bf->n_features; i++) {
        const mu_wm_feature *f = &bf->feature[i];
        if (mu_wm_unit_can_enter(u, f->kind) || !mu_wm_convex_in_feature(f, v, n))
            continue;
        int covered = 0;
        for (int j = 0; j < bf->n_features && !covered; j++) {
            const mu_wm_feature *b = &bf->feature[j];
            if (j != i && b->kind == MU_WM_BRIDGE && mu_wm_unit_can_enter(u, MU_WM_BRIDGE) &&
                mu_wm_convex_in_feature(b, v, n))
                covered = covered_by_bridge(f, b, v, n);
        }
        if (!covered)
            return i;
    }
    return -1;
}

int mu_wm_orect_blocked(const mu_wm_battlefield *bf, const mu_wm_unit *u, const mu_orect *r)
{
    mu_vec2 c[4];
    mu_wm_orect_poly(r, c);
    return mu_wm_convex_blocked(bf, u, c, 4);
}

/* Returns non-zero when some stand of u is at least partly in a feature
 * for which want(f) holds. */
static int unit_partly_in(const mu_wm_battlefield *bf, const mu_wm_unit *u, int (*want)(const mu_wm_feature *))
{
    for (int i = 0; i < bf->n_features; i++) {
        if (!want(&bf->feature[i]))
            continue;
        for (int s = 0; s < u->n_stands; s++)
            if (mu_wm_orect_in_feature(&bf->feature[i], &u->stand[s]) != MU_WM_OUT)
                return 1;
    }
    return 0;
}

static int is_dense(const mu_wm_feature *f) { return f->dense; }
static int is_fortified(const mu_wm_feature *f) { return f->kind == MU_WM_FORTIFIED; }

int mu_wm_unit_in_dense(const mu_wm_battlefield *bf, const mu_wm_unit *u)
{
    return unit_partly_in(bf, u, is_dense);
}

int mu_wm_unit_fortified(const mu_wm_battlefield *bf, const mu_wm_unit *u)
{
    return unit_partly_in(bf, u, is_fortified);
}

int mu_wm_orect_on_table(const mu_wm_battlefield *bf, const mu_orect *r)
{
    mu_vec2 c[4];
    mu_orect_corners(r, c);
    for (int i = 0; i < 4; i++)
        if (c[i].x < -EPS || c[i].y < -EPS || c[i].x > bf->width_mm + EPS || c[i].y > bf->depth_mm + EPS)
            return 0;
    return 1;
}

int mu_wm_unit_leaves_table(const mu_wm_battlefield *bf, const mu_wm_unit *u)
{
    return mu_wm_stands_leave_table(u->stand, u->n_stands, bf->width_mm, bf->depth_mm);
}

mu_seg mu_wm_table_edge(const mu_wm_battlefield *bf, int edge)
{
    assert(edge >= MU_WM_EDGE_SOUTH && edge <= MU_WM_EDGE_WEST);
    const mu_vec2 c[4] = {mu_v2(0, 0), mu_v2(bf->width_mm, 0), mu_v2(bf->width_mm, bf->depth_mm),
                          mu_v2(0, bf->depth_mm)};
    mu_seg s = {c[edge], c[(edge + 1) % 4]};
    return s;
}
