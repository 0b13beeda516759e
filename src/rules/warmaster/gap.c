/* The gap rule's regions (warmaster-movement.adoc, "The gap rule"; the
 * reading is in wm_move.h): "a stand cannot pass through a gap between
 * two enemy stands, or between an enemy stand and any feature or friendly
 * stand, unless the gap is wider than the stand's own frontage". */
#include "muster/alloc.h"
#include "wm_move_ctx.h"

#include "wm_shape.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define EPS MU_GEOM_EPS_MM

static void region_box(wm_gap_region *g)
{
    g->lo = g->hi = g->v[0];
    for (int i = 1; i < g->n; i++) {
        g->lo = mu_v2(mu_lesser(g->lo.x, g->v[i].x), mu_lesser(g->lo.y, g->v[i].y));
        g->hi = mu_v2(mu_greater(g->hi.x, g->v[i].x), mu_greater(g->hi.y, g->v[i].y));
    }
}

static int boxes_near(mu_vec2 alo, mu_vec2 ahi, mu_vec2 blo, mu_vec2 bhi, double margin)
{
    return alo.x <= bhi.x + margin && blo.x <= ahi.x + margin && alo.y <= bhi.y + margin &&
           blo.y <= ahi.y + margin;
}

/* The other side of a gap, for distances: a convex polygon or a segment. */
typedef struct partner {
    const mu_vec2 *v;
    int n; /* 4: a stand's corners; 2: a segment */
} partner;

/* The point of segment [p, q] at s. */
static mu_vec2 at(mu_vec2 p, mu_vec2 q, double s)
{
    return mu_v2_add(p, mu_v2_scale(mu_v2_sub(q, p), s));
}

/* Narrows [*lo, *hi] (parameters along p + s d) to the part inside the
 * convex polygon c[0..n) (either winding; Cyrus-Beck); returns 0 when
 * nothing is left. */
static int clip_convex(mu_vec2 p, mu_vec2 d, const mu_vec2 *c, int n, double *lo, double *hi)
{
    double area = 0.0;
    for (int k = 0; k < n; k++)
        area += mu_v2_cross(c[k], c[(k + 1) % n]);
    double sgn = area > 0.0 ? 1.0 : -1.0;
    for (int k = 0; k < n; k++) {
        mu_vec2 a = c[k], e = mu_v2_sub(c[(k + 1) % n], a);
        double num = sgn * mu_v2_cross(e, mu_v2_sub(p, a)), den = sgn * mu_v2_cross(e, d);
        if (fabs(den) < 1e-15) {
            if (num < 0.0)
                return 0;
            continue;
        }
        double t = -num / den;
        if (den > 0.0)
            *lo = fmax(*lo, t);
        else
            *hi = fmin(*hi, t);
        if (*lo > *hi)
            return 0;
    }
    return 1;
}

/* Appends to out the ends of the stretch of segment [p, q] within w of o,
 * and returns how many points it added (0 or 2). Within w of o is o
 * grown by a disc of radius w: o itself, a w-wide band either side of each
 * edge and a disc at each vertex; the stretch is the hull of the pieces'
 * intervals (one interval: the grown set is convex). Exact, no search. */
static int stretch(const partner *o, mu_vec2 p, mu_vec2 q, double w, mu_vec2 *out)
{
    mu_vec2 d = mu_v2_sub(q, p);
    double s_lo = INFINITY, s_hi = -INFINITY, dd = mu_v2_dot(d, d);
    for (int k = 0; k < o->n; k++) { /* discs */
        mu_vec2 pv = mu_v2_sub(p, o->v[k]);
        double b = mu_v2_dot(d, pv), c = mu_v2_dot(pv, pv) - w * w;
        if (dd == 0.0) { /* a degenerate segment: a point */
            if (c <= 0.0) {
                s_lo = 0.0;
                s_hi = fmax(s_hi, 0.0);
            }
            continue;
        }
        double disc = b * b - dd * c;
        if (disc < 0.0)
            continue;
        double r = sqrt(disc), lo = fmax((-b - r) / dd, 0.0), hi = fmin((-b + r) / dd, 1.0);
        if (lo <= hi) {
            s_lo = fmin(s_lo, lo);
            s_hi = fmax(s_hi, hi);
        }
    }
    int edges = o->n == 2 ? 1 : o->n;
    for (int k = 0; k < edges; k++) { /* bands */
        mu_vec2 a = o->v[k], b = o->v[(k + 1) % o->n];
        mu_vec2 nrm = mu_v2_scale(mu_v2_unit(mu_v2_perp(mu_v2_sub(b, a))), w);
        mu_vec2 band[4] = {mu_v2_sub(a, nrm), mu_v2_sub(b, nrm), mu_v2_add(b, nrm), mu_v2_add(a, nrm)};
        double lo = 0.0, hi = 1.0;
        if (clip_convex(p, d, band, 4, &lo, &hi)) {
            s_lo = fmin(s_lo, lo);
            s_hi = fmax(s_hi, hi);
        }
    }
    double lo = 0.0, hi = 1.0; /* o itself */
    if (o->n > 2 && clip_convex(p, d, o->v, o->n, &lo, &hi)) {
        s_lo = fmin(s_lo, lo);
        s_hi = fmax(s_hi, hi);
    }
    if (s_lo > s_hi)
        return 0;
    out[0] = at(p, q, s_lo);
    out[1] = at(p, q, s_hi);
    return 2;
}

/* The gap region: the hull of the stretches of both boundaries that lie
 * within w of the other side. */
static int make_region(const partner *a, const partner *b, double w, double d, wm_gap_region *g)
{
    mu_vec2 pts[16];
    int n = 0;
    for (int side = 0; side < 2; side++) {
        const partner *me = side == 0 ? a : b, *other = side == 0 ? b : a;
        int edges = me->n == 2 ? 1 : me->n;
        for (int k = 0; k < edges; k++)
            n += stretch(other, me->v[k], me->v[(k + 1) % me->n], w + EPS, pts + n);
    }
    if (n < 3)
        return 0;
    g->n = mu_hull(pts, n, g->v);
    g->width_mm = d;
    if (g->n < 3)
        return 0;
    region_box(g);
    return 1;
}

int wm_gap_between_stands(const mu_vec2 a[4], int ea, const mu_vec2 b[4], int ob, double width_mm,
                             wm_gap_region *g)
{
    mu_polygon pa = {4, a}, pb = {4, b};
    double d = mu_polygon_distance(&pa, &pb, NULL, NULL);
    if (d <= EPS || d > width_mm + EPS) /* "unless the gap is wider than the stand's own frontage" */
        return 0;
    partner A = {a, 4}, B = {b, 4};
    g->enemy_unit = ea;
    g->other_unit = ob;
    g->feature = -1;
    return make_region(&A, &B, width_mm, d, g);
}

int wm_gap_entered(const wm_gap_region *g, const mu_vec2 *v, int n)
{
    mu_vec2 lo = v[0], hi = v[0];
    for (int i = 1; i < n; i++) {
        lo = mu_v2(mu_lesser(lo.x, v[i].x), mu_lesser(lo.y, v[i].y));
        hi = mu_v2(mu_greater(hi.x, v[i].x), mu_greater(hi.y, v[i].y));
    }
    if (!boxes_near(lo, hi, g->lo, g->hi, -EPS))
        return 0;
    return mu_convex_overlap(v, n, g->v, g->n, MU_SAT_DIV);
}

static wm_gap_region *push(wm_move_ctx *c)
{
    if (c->n_gaps == c->cap_gaps) {
        int cap = c->cap_gaps ? 2 * c->cap_gaps : 64;
        c->gap = mu_xrealloc(c->gap, (size_t)cap * sizeof *c->gap);
        c->cap_gaps = cap;
    }
    return &c->gap[c->n_gaps];
}

/* Adds the gap between enemy stand a (unit ea) and the feature edge
 * [p, q] when it is no wider than w. */
static void edge_gap(wm_move_ctx *c, const mu_vec2 a[4], int ea, int feature, mu_vec2 p, mu_vec2 q, double w)
{
    mu_vec2 seg[2] = {p, q};
    mu_polygon pa = {4, a};
    double d = INFINITY;
    for (int k = 0; k < 4; k++) {
        mu_seg side = {a[k], a[(k + 1) % 4]}, e = {p, q};
        d = fmin(d, mu_seg_distance(e, side, NULL, NULL));
    }
    if (mu_point_in_polygon(&pa, p) || d <= EPS || d > w + EPS)
        return;
    partner A = {a, 4}, E = {seg, 2};
    wm_gap_region *g = push(c);
    g->enemy_unit = ea;
    g->other_unit = -1;
    g->feature = feature;
    if (make_region(&A, &E, w, d, g))
        c->n_gaps++;
}

/* Zero when no path the check sweeps can enter a gap whose sides have the
 * boxes a and b: the gap region lies in the hull of its sides, so within
 * their joint box, and every polygon the check asks about lies within
 * c->lo..c->hi (every point of a stand whose path is swept moves at most
 * the allowance, which the box holds with 1 mm to spare; a turning leg's
 * pieces grow at most 0.05 mm beyond). Regions farther off are not made. */
static int may_matter(const wm_move_ctx *c, mu_vec2 alo, mu_vec2 ahi, mu_vec2 blo, mu_vec2 bhi)
{
    mu_vec2 lo = mu_v2(mu_lesser(alo.x, blo.x), mu_lesser(alo.y, blo.y));
    mu_vec2 hi = mu_v2(mu_greater(ahi.x, bhi.x), mu_greater(ahi.y, bhi.y));
    return boxes_near(lo, hi, c->lo, c->hi, 0.5);
}

static int exempt(const wm_move_ctx *c, int ea, int ob)
{
    return c->kind == WM_MOVE_CHARGE && c->charge_target >= 0 && (ea == c->charge_target || ob == c->charge_target);
}

/* RULE wm.gap.enemy-frontage */
void wm_gaps_build(wm_move_ctx *c)
{
    const wm_battlefield *bf = c->bf;
    const wm_unit *me = &bf->unit[c->unit];
    double w = c->frontage_mm;
    c->n_gaps = 0;
    for (int i = 0; i < c->n_enemy; i++) {
        const wm_obstacle *a = &c->enemy[i];
        /* two enemy stands (each pair once) */
        for (int j = i + 1; j < c->n_enemy; j++) {
            const wm_obstacle *b = &c->enemy[j];
            if (!boxes_near(a->lo, a->hi, b->lo, b->hi, w + EPS) || exempt(c, a->unit, b->unit) ||
                !may_matter(c, a->lo, a->hi, b->lo, b->hi))
                continue;
            if (wm_gap_between_stands(a->v, a->unit, b->v, b->unit, w, push(c)))
                c->n_gaps++;
        }
        if (exempt(c, a->unit, -1))
            continue;
        /* an enemy stand and a friendly stand of another unit */
        for (int k = 0; k < bf->n_units; k++) {
            const wm_unit *f = &bf->unit[k];
            if (k == c->unit || f->side != me->side || f->presence != WM_ON_TABLE || wm_is_character(f))
                continue;
            for (int s = 0; s < f->n_stands; s++) {
                mu_vec2 v[4];
                mu_orect_corners_ccw(&f->stand[s], v);
                wm_obstacle b = {{v[0], v[1], v[2], v[3]}, v[0], v[0], k, 0};
                for (int m = 1; m < 4; m++) {
                    b.lo = mu_v2(mu_lesser(b.lo.x, v[m].x), mu_lesser(b.lo.y, v[m].y));
                    b.hi = mu_v2(mu_greater(b.hi.x, v[m].x), mu_greater(b.hi.y, v[m].y));
                }
                if (boxes_near(a->lo, a->hi, b.lo, b.hi, w + EPS) && may_matter(c, a->lo, a->hi, b.lo, b.hi) &&
                    wm_gap_between_stands(a->v, a->unit, b.v, k, w, push(c)))
                    c->n_gaps++;
            }
        }
        /* an enemy stand and "any feature" (whether or not the unit may
         * enter it: the text's example, "the edge of a river", is one
         * infantry may enter) */
        for (int f = 0; f < bf->n_features; f++) {
            const wm_feature *ft = &bf->feature[f];
            if (!boxes_near(a->lo, a->hi, ft->lo, ft->hi, w + EPS))
                continue;
            mu_vec2 poly[WM_MAX_VERTICES];
            int n = wm_feature_polygon(ft, poly);
            for (int e = 0; e < n; e++) {
                mu_vec2 p = poly[e], q = poly[(e + 1) % n];
                mu_vec2 elo = mu_v2(mu_lesser(p.x, q.x), mu_lesser(p.y, q.y)), ehi = mu_v2(mu_greater(p.x, q.x), mu_greater(p.y, q.y));
                if (boxes_near(a->lo, a->hi, elo, ehi, w + EPS) && may_matter(c, a->lo, a->hi, elo, ehi))
                    edge_gap(c, a->v, a->unit, f, p, q, w);
            }
        }
    }
}
