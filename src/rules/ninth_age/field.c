/* The Ninth Age table and the places a unit may stand (see na_field.h). */
#include "ninth_age/na_field.h"

#include <math.h>
#include <stddef.h>

#define PI 3.14159265358979323846

na_rules na_rules_default(void)
{
    na_rules r = {
        .march_radius_mm = 8 * MU_MM_PER_INCH,
        .test_dice = 2,
        .test_sides = 6,
        .spacing_mm = 1 * MU_MM_PER_INCH,
        .wheel_sample_rad = 5 * PI / 180,
    };
    return r;
}

void na_terrain_bound(na_terrain *t)
{
    t->lo = t->hi = t->v[0];
    for (int i = 1; i < t->n; i++) {
        t->lo = mu_v2(mu_lesser(t->lo.x, t->v[i].x), mu_lesser(t->lo.y, t->v[i].y));
        t->hi = mu_v2(mu_greater(t->hi.x, t->v[i].x), mu_greater(t->hi.y, t->v[i].y));
    }
    t->convex = mu_poly_convexity(t->v, t->n, 1e-9) == MU_CONVEX;
}

int na_terrain_overlaps(const na_terrain *t, const mu_vec2 *c, int n)
{
    return t->convex ? mu_convex_overlap(c, n, t->v, t->n, MU_SAT_UNIT) : mu_convex_overlaps_poly(c, n, t->v, t->n);
}

/* A lower bound on the distance between the footprints of a and b: the
 * widest gap between their projections on the four edge normals
 * (separating axes; the distance is at least any such gap). */
static double gap_bound(const na_unit *a, const na_unit *b);

/* The least squared distance from the corners p[0..4) to the edges
 * (q[k], q[k + 1]) of q, each as mu_point_seg_distance measures it
 * (the same closest point, squared before its square root). */
static double corners_to_edges2(const mu_vec2 *p, const mu_vec2 *q)
{
    double best = INFINITY;
    for (int k = 0; k < 4; k++) {
        mu_vec2 a = q[k], b = q[k + 1 == 4 ? 0 : k + 1], d = mu_v2_sub(b, a);
        double len2 = mu_v2_dot(d, d);
        for (int i = 0; i < 4; i++) {
            double t = len2 > 0.0 ? mu_v2_dot(mu_v2_sub(p[i], a), d) / len2 : 0.0;
            t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
            mu_vec2 c = t >= 1.0 ? b : mu_v2_add(a, mu_v2_scale(d, t));
            mu_vec2 v = mu_v2_sub(p[i], c);
            double q2 = v.x * v.x + v.y * v.y;
            best = q2 < best ? q2 : best;
        }
    }
    return best;
}

/* How far apart the footprints must be on a separating axis for the fast
 * distance: no edge of one can then cross an edge of the other, nor can
 * either hold the other, whatever the rounding (mm). */
#define APART_MM 1e-3

/* The distance between the footprints of ua and ub as mu_orect_distance
 * gives it, bit for bit. When a separating axis shows them more than
 * APART_MM apart (gap: gap_bound(ua, ub), or -INFINITY when unknown),
 * no edges cross and neither holds the other, so mu_polygon_distance's
 * answer is the least of its edge pairs' mu_seg_distance, that is the
 * least distance from a corner of one to an edge of the other, each
 * measured as mu_point_seg_distance measures it (its pruned pairs are
 * never the least): the least squared distance's square root is that
 * least distance, sqrt being monotone and correctly rounded. Else the
 * general measure. */
static double rect_distance(const na_unit *ua, const na_unit *ub, double gap)
{
    mu_orect ra = na_unit_rect(ua), rb = na_unit_rect(ub);
    if (!(gap > APART_MM))
        return mu_orect_distance(&ra, &rb, NULL, NULL);
    mu_vec2 ca[4], cb[4];
    mu_orect_corners(&ra, ca);
    mu_orect_corners(&rb, cb);
    double d2 = mu_lesser(corners_to_edges2(ca, cb), corners_to_edges2(cb, ca));
    double d = sqrt(d2);
    return d <= MU_GEOM_EPS_MM ? 0.0 : d;
}

double na_unit_distance(const na_field *f, int a, int b)
{
    return rect_distance(&f->units[a], &f->units[b], gap_bound(&f->units[a], &f->units[b]));
}

double na_unit_distance_general(const na_field *f, int a, int b)
{
    mu_orect ra = na_unit_rect(&f->units[a]), rb = na_unit_rect(&f->units[b]);
    return mu_orect_distance(&ra, &rb, NULL, NULL);
}

static double gap_bound(const na_unit *a, const na_unit *b)
{
    mu_vec2 ca[4], cb[4];
    na_unit_corners(a, ca);
    na_unit_corners(b, cb);
    mu_vec2 axes[4] = {a->facing, na_right(a->facing), b->facing, na_right(b->facing)};
    double gap = -INFINITY;
    for (int k = 0; k < 4; k++) {
        double lo_a = INFINITY, hi_a = -INFINITY, lo_b = INFINITY, hi_b = -INFINITY;
        for (int i = 0; i < 4; i++) {
            double pa = mu_v2_dot(ca[i], axes[k]), pb = mu_v2_dot(cb[i], axes[k]);
            lo_a = mu_lesser(lo_a, pa), hi_a = mu_greater(hi_a, pa);
            lo_b = mu_lesser(lo_b, pb), hi_b = mu_greater(hi_b, pb);
        }
        gap = mu_greater(gap, mu_greater(lo_b - hi_a, lo_a - hi_b));
    }
    return gap;
}

/* Half the diagonal of u's footprint. */
static double reach(const na_unit *u)
{
    double w = na_unit_width_mm(u), d = na_unit_depth_mm(u);
    return 0.5 * sqrt(w * w + d * d);
}

/* The non-Fleeing enemies of u with a lower bound on their distance (the
 * circles' bound: their Centres' distance less both half diagonals)
 * below cut, the least first (ties by index); returns how many. */
static int enemies_by_bound(const na_field *f, int u, double cut, int *who, double *bound)
{
    const na_unit *me = &f->units[u];
    int n = 0;
    double r_me = reach(me);
    for (int e = 0; e < f->n_units; e++) {
        const na_unit *en = &f->units[e];
        if (en->side == me->side || (en->flags & NA_FLEEING))
            continue;
        double g = mu_v2_dist(me->centre, en->centre) - r_me - reach(en);
        if (!(g < cut))
            continue;
        int k = n++;
        for (; k > 0 && bound[k - 1] > g; k--)
            bound[k] = bound[k - 1], who[k] = who[k - 1];
        bound[k] = g, who[k] = e;
    }
    return n;
}

/* May enemy e (bound b) still beat the best so far (distance best, enemy
 * w)? Ties go to the lowest index. */
static int may_beat(double b, int e, double best, int w) { return b < best || (b == best && e < w); }

/* The nearest enemy among those whose circles' bound is below cut (all:
 * INFINITY). */
static double nearest_below(const na_field *f, int u, double cut, int *who)
{
    /* exact: the enemies in order of a lower bound, each tried against
     * the best so far by that bound, then by the separating axes' bound,
     * then measured */
    int order[NA_MAX_UNITS];
    double bound[NA_MAX_UNITS];
    int n = enemies_by_bound(f, u, cut, order, bound);
    double best = INFINITY;
    int w = -1;
    for (int i = 0; i < n; i++) {
        int e = order[i];
        if (!may_beat(bound[i], e, best, w))
            continue;
        double gap = gap_bound(&f->units[u], &f->units[e]);
        if (!may_beat(gap, e, best, w))
            continue;
        double d = rect_distance(&f->units[u], &f->units[e], gap);
        if (d < best || (d == best && e < w))
            best = d, w = e;
    }
    if (who)
        *who = w;
    return best;
}

double na_nearest_enemy_mm(const na_field *f, int u, int *who) { return nearest_below(f, u, INFINITY, who); }

double na_nearest_enemy_within_mm(const na_field *f, int u, double mm, int *who)
{
    /* an enemy closer than mm has its bound below mm (the bound is a
     * lower one; 1e-6 mm more against rounding): those left out are
     * farther than any such, so the nearest is the same */
    int w;
    double d = nearest_below(f, u, mm + 1e-6, &w);
    if (!(d < mm))
        d = INFINITY, w = -1;
    if (who)
        *who = w;
    return d;
}

int na_enemy_within(const na_field *f, int u, double mm)
{
    /* any one will do: no order needed, each enemy by its bounds first
     * (the circles', the separating axes') */
    const na_unit *me = &f->units[u];
    double r_me = reach(me);
    for (int e = 0; e < f->n_units; e++) {
        const na_unit *en = &f->units[e];
        if (en->side == me->side || (en->flags & NA_FLEEING))
            continue;
        if (mu_v2_dist(me->centre, en->centre) - r_me - reach(en) >= mm)
            continue;
        double gap = gap_bound(me, en);
        if (gap < mm && rect_distance(me, en, gap) < mm)
            return 1;
    }
    return 0;
}

/* RULE na.game.table na.game.terrain na.reform.spacing */
na_place na_place_check(const na_field *f, const na_env *env, int u, const na_unit *at, int *contact)
{
    mu_vec2 c[4];
    na_unit_corners(at, c);
    const na_table *t = env->table;
    if (contact)
        *contact = -1;
    for (int i = 0; i < 4; i++)
        if (c[i].x < -MU_GEOM_EPS_MM || c[i].y < -MU_GEOM_EPS_MM || c[i].x > t->width_mm + MU_GEOM_EPS_MM ||
            c[i].y > t->depth_mm + MU_GEOM_EPS_MM)
            return NA_PLACE_OFF_TABLE;
    mu_vec2 lo = c[0], hi = c[0];
    for (int i = 1; i < 4; i++) {
        lo = mu_v2(mu_lesser(lo.x, c[i].x), mu_lesser(lo.y, c[i].y));
        hi = mu_v2(mu_greater(hi.x, c[i].x), mu_greater(hi.y, c[i].y));
    }
    for (int k = 0; k < t->n_terrain; k++) {
        const na_terrain *tr = &t->terrain[k];
        if (tr->lo.x >= hi.x || tr->lo.y >= hi.y || tr->hi.x <= lo.x || tr->hi.y <= lo.y)
            continue;
        if (na_terrain_overlaps(tr, c, 4))
            return NA_PLACE_TERRAIN;
    }
    double r = reach(at), spacing = env->rules->spacing_mm;
    mu_orect me = na_unit_rect(at);
    for (int o = 0; o < f->n_units; o++) {
        if (o == u)
            continue;
        const na_unit *other = &f->units[o];
        if (mu_v2_dist(other->centre, at->centre) > r + reach(other) + spacing + 1.0)
            continue;
        double gap = gap_bound(at, other);
        if (gap >= spacing)
            continue;
        double d = rect_distance(at, other, gap);
        if (d <= 0.0) {
            mu_orect ro = na_unit_rect(other);
            if (mu_orect_overlap(&me, &ro))
                return NA_PLACE_OVERLAP;
        }
        if (d <= 0.0 && other->side != at->side) {
            if (contact)
                *contact = o;
            continue;
        }
        if (d < spacing - MU_GEOM_EPS_MM)
            return NA_PLACE_SPACING;
    }
    return NA_PLACE_OK;
}
