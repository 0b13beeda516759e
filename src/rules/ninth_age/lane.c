/* The move search's straight lanes (see na_lane.h). Written here rather
 * than taken from core: the sweeps core offers (mu_sweep_contact) find
 * one contact by events and re-test overlap at each; the lane needs, for
 * rectangles against rectangles and polygons, all three answers (overlap,
 * touch, spacing) of one pass, in closed form. */
#include "ninth_age/na_lane.h"

#include <math.h>
#include <string.h>

/* The Minkowski sum of convex polygons p[0..n) and q[0..m) (each
 * counter-clockwise): their edges merged by angle, from the sum of their
 * lowest vertices. Writes it to out (n + m vertices at most) and returns
 * its vertex count. */
static int mink_sum(const mu_vec2 *p, int n, const mu_vec2 *q, int m, mu_vec2 *out)
{
    int ip = 0, iq = 0;
    for (int i = 1; i < n; i++)
        if (p[i].y < p[ip].y || (p[i].y == p[ip].y && p[i].x < p[ip].x))
            ip = i;
    for (int j = 1; j < m; j++)
        if (q[j].y < q[iq].y || (q[j].y == q[iq].y && q[j].x < q[iq].x))
            iq = j;
    int i = 0, j = 0, k = 0, a_at = ip, b_at = iq;
    while (i < n || j < m) {
        mu_vec2 a = p[a_at], b = q[b_at];
        out[k++] = mu_v2_add(a, b);
        int a_next = a_at + 1 == n ? 0 : a_at + 1, b_next = b_at + 1 == m ? 0 : b_at + 1;
        int step_a;
        if (i == n) {
            step_a = 0;
        } else if (j == m) {
            step_a = 1;
        } else {
            mu_vec2 ea = mu_v2_sub(p[a_next], a), eb = mu_v2_sub(q[b_next], b);
            /* by angle in [0, 2 pi): the half plane first, then the turn */
            int ha = ea.y < 0 || (ea.y == 0 && ea.x < 0), hb = eb.y < 0 || (eb.y == 0 && eb.x < 0);
            double c = mu_v2_cross(ea, eb);
            step_a = ha != hb ? (ha < hb ? 1 : 0) : c > 0 ? 1 : c < 0 ? 0 : 2;
        }
        if (step_a >= 1)
            i++, a_at = a_next;
        if (step_a != 1)
            j++, b_at = b_next;
    }
    return k;
}

/* The line t g against a convex polygon m[0..n) (counter-clockwise):
 * per edge its outward unit normal's component along g and its offset. */
typedef struct line_poly {
    int n;
    const mu_vec2 *v;
    double gn[NA_MAX_POLY + 4], h[NA_MAX_POLY + 4], len[NA_MAX_POLY + 4];
    mu_vec2 eu[NA_MAX_POLY + 4]; /* edge k's unit direction */
} line_poly;

static void line_poly_make(line_poly *lp, const mu_vec2 *v, int n, mu_vec2 g)
{
    lp->n = n, lp->v = v;
    for (int k = 0; k < n; k++) {
        mu_vec2 e = mu_v2_sub(v[k + 1 == n ? 0 : k + 1], v[k]);
        double len = mu_v2_len(e);
        mu_vec2 eu = len > 0 ? mu_v2(e.x / len, e.y / len) : mu_v2(0, 0);
        mu_vec2 nrm = mu_v2(eu.y, -eu.x);
        lp->len[k] = len, lp->eu[k] = eu;
        lp->gn[k] = mu_v2_dot(nrm, g);
        lp->h[k] = len > 0 ? mu_v2_dot(nrm, v[k]) : INFINITY;
    }
}

/* The open interval of t where t g lies inside the polygon by more than
 * off on every edge (off < 0: within -off of every edge's line); returns
 * 0 when empty. */
static int line_inside(const line_poly *lp, double off, double *lo, double *hi)
{
    double a = -INFINITY, b = INFINITY;
    for (int k = 0; k < lp->n; k++) {
        double rhs = lp->h[k] - off, gn = lp->gn[k];
        if (gn > 1e-15)
            b = mu_lesser(b, rhs / gn);
        else if (gn < -1e-15)
            a = mu_greater(a, rhs / gn);
        else if (!(0 < rhs))
            return 0;
    }
    *lo = a, *hi = b;
    return a < b;
}

/* The open interval of t where t g lies within r of the polygon (its
 * edges' bands and its vertices' discs: the rounded polygon is convex, so
 * its pieces' union along a line is one interval); returns 0 when
 * empty. */
static int line_within(const line_poly *lp, mu_vec2 g, double r, double *lo, double *hi)
{
    double a = INFINITY, b = -INFINITY;
    for (int k = 0; k < lp->n; k++) {
        mu_vec2 v = lp->v[k];
        /* the disc about v */
        double p = mu_v2_dot(g, v), c = mu_v2_dot(v, v) - r * r, disc = p * p - c;
        if (disc > 0) {
            double sq = sqrt(disc);
            a = mu_lesser(a, p - sq), b = mu_greater(b, p + sq);
        }
        /* the band along edge k: along it within [0, len], across within r */
        double len = lp->len[k];
        if (len <= 0)
            continue;
        mu_vec2 eu = lp->eu[k];
        double ge = mu_v2_dot(eu, g), u0 = -mu_v2_dot(eu, v);
        double gn = lp->gn[k], w0 = -lp->h[k];
        double s0 = -INFINITY, s1 = INFINITY;
        /* 0 <= u0 + t ge <= len */
        if (fabs(ge) > 1e-15) {
            double t0 = -u0 / ge, t1 = (len - u0) / ge;
            s0 = mu_greater(s0, mu_lesser(t0, t1)), s1 = mu_lesser(s1, mu_greater(t0, t1));
        } else if (u0 < 0 || u0 > len) {
            continue;
        }
        /* -r < w0 + t gn < r */
        if (fabs(gn) > 1e-15) {
            double t0 = (-r - w0) / gn, t1 = (r - w0) / gn;
            s0 = mu_greater(s0, mu_lesser(t0, t1)), s1 = mu_lesser(s1, mu_greater(t0, t1));
        } else if (!(fabs(w0) < r)) {
            continue;
        }
        if (s0 < s1)
            a = mu_lesser(a, s0), b = mu_greater(b, s1);
    }
    *lo = a, *hi = b;
    return a < b;
}

static void box_of(const mu_vec2 *p, int n, mu_vec2 *lo, mu_vec2 *hi)
{
    *lo = *hi = p[0];
    for (int i = 1; i < n; i++) {
        *lo = mu_v2(mu_lesser(lo->x, p[i].x), mu_lesser(lo->y, p[i].y));
        *hi = mu_v2(mu_greater(hi->x, p[i].x), mu_greater(hi->y, p[i].y));
    }
}

static int boxes_apart(mu_vec2 alo, mu_vec2 ahi, mu_vec2 blo, mu_vec2 bhi)
{
    return alo.x > bhi.x || alo.y > bhi.y || blo.x > ahi.x || blo.y > ahi.y;
}

/* Where the footprint, -r (r: its corners counter-clockwise, negated)
 * summed with the convex polygon q, first overlaps q by more than
 * MU_GEOM_EPS_MM along t g: INFINITY when never at t > 0. */
static double convex_block(const mu_vec2 *neg_r, const mu_vec2 *q, int nq, mu_vec2 g)
{
    mu_vec2 m[NA_MAX_POLY + 4];
    int nm = mink_sum(q, nq, neg_r, 4, m);
    line_poly lp;
    line_poly_make(&lp, m, nm, g);
    double lo, hi;
    if (!line_inside(&lp, MU_GEOM_EPS_MM, &lo, &hi) || hi <= 0)
        return INFINITY;
    return lo;
}

/* Adds the open gap (lo, hi) to l (sorted insert; merged later). */
static void add_gap(na_lane *l, double lo, double hi, double *overflow)
{
    if (l->n_gaps == NA_LANE_GAPS) {
        *overflow = mu_lesser(*overflow, lo);
        return;
    }
    int k = l->n_gaps++;
    for (; k > 0 && l->gap_lo[k - 1] > lo; k--)
        l->gap_lo[k] = l->gap_lo[k - 1], l->gap_hi[k] = l->gap_hi[k - 1];
    l->gap_lo[k] = lo, l->gap_hi[k] = hi;
}

/* RULE na.search.menu */
void na_lane_sweep(const na_scene *s, const int *list, int n_list, const na_env *env, const na_unit *at, mu_vec2 g,
                   double reach_mm, na_lane *l)
{
    const na_table *t = env->table;
    const double e = MU_GEOM_EPS_MM, mu = NA_LANE_MARGIN_MM;
    double spacing = env->rules->spacing_mm;
    l->block_mm = INFINITY;
    l->contact_mm = INFINITY;
    l->contact = -1;
    l->n_gaps = 0;
    mu_vec2 c[4];
    na_unit_corners(at, c);
    /* the table edge, corner by corner (off it already: no step at all) */
    for (int i = 0; i < 4; i++) {
        if (c[i].x < -e || c[i].y < -e || c[i].x > t->width_mm + e || c[i].y > t->depth_mm + e)
            l->block_mm = -INFINITY;
        if (g.x > 1e-15)
            l->block_mm = mu_lesser(l->block_mm, (t->width_mm + e - c[i].x) / g.x);
        else if (g.x < -1e-15)
            l->block_mm = mu_lesser(l->block_mm, (-e - c[i].x) / g.x);
        if (g.y > 1e-15)
            l->block_mm = mu_lesser(l->block_mm, (t->depth_mm + e - c[i].y) / g.y);
        else if (g.y < -1e-15)
            l->block_mm = mu_lesser(l->block_mm, (-e - c[i].y) / g.y);
    }
    /* the lane's box, widened by the spacing */
    mu_vec2 sw[8], lo, hi;
    for (int i = 0; i < 4; i++)
        sw[i] = c[i], sw[4 + i] = mu_v2_add(c[i], mu_v2_scale(g, reach_mm));
    box_of(sw, 8, &lo, &hi);
    double pad = spacing + 1.0;
    mu_vec2 plo = mu_v2(lo.x - pad, lo.y - pad), phi = mu_v2(hi.x + pad, hi.y + pad);
    /* -footprint, counter-clockwise (the corners run clockwise) */
    mu_vec2 neg_r[4] = {mu_v2(-c[0].x, -c[0].y), mu_v2(-c[3].x, -c[3].y), mu_v2(-c[2].x, -c[2].y),
                        mu_v2(-c[1].x, -c[1].y)};
    for (int k = 0; k < t->n_terrain; k++) {
        const na_terrain *tr = &t->terrain[k];
        if (boxes_apart(lo, hi, tr->lo, tr->hi))
            continue;
        double area2 = 0;
        for (int i = 0; i < tr->n; i++)
            area2 += mu_v2_cross(tr->v[i], tr->v[(i + 1) % tr->n]);
        mu_vec2 q[NA_MAX_POLY] = {{0, 0}};
        for (int i = 0; i < tr->n; i++)
            q[i] = area2 >= 0 ? tr->v[i] : tr->v[tr->n - 1 - i];
        if (tr->convex) {
            l->block_mm = mu_lesser(l->block_mm, convex_block(neg_r, q, tr->n, g));
        } else { /* edge by edge: a footprint entering it crosses an edge */
            for (int i = 0; i < tr->n; i++) {
                mu_vec2 seg[2] = {q[i], q[(i + 1) % tr->n]};
                l->block_mm = mu_lesser(l->block_mm, convex_block(neg_r, seg, 2, g));
            }
        }
    }
    double overflow = INFINITY;
    double s_in = spacing - e; /* closer than this is refused */
    /* a unit farther from the lane's centre line than both half
     * diagonals and the spacing is never met */
    double my_reach = 0.5 * sqrt(na_unit_width_mm(at) * na_unit_width_mm(at) + na_unit_depth_mm(at) * na_unit_depth_mm(at));
    if (!list)
        n_list = s->n;
    for (int li = 0; li < n_list; li++) {
        int k = list ? list[li] : li;
        if (boxes_apart(plo, phi, s->lo[k], s->hi[k]))
            continue;
        double r_k = s->half_diag[k];
        mu_vec2 rel = mu_v2_sub(s->centre[k], at->centre);
        double along = mu_v2_dot(rel, g);
        along = along < 0 ? 0 : along > reach_mm ? reach_mm : along;
        mu_vec2 off = mu_v2_sub(rel, mu_v2_scale(g, along));
        double far = r_k + my_reach + pad;
        if (mu_v2_dot(off, off) > far * far)
            continue;
        const mu_vec2 *qc = s->corners[k];
        mu_vec2 q[4] = {qc[0], qc[3], qc[2], qc[1]};
        mu_vec2 m[8];
        int nm = mink_sum(q, 4, neg_r, 4, m);
        line_poly lp;
        line_poly_make(&lp, m, nm, g);
        double a, b;
        if (!line_inside(&lp, -s_in, &a, &b) || b <= -1.0 || a > reach_mm + pad)
            continue; /* never within the spacing along the lane */
        double touch = INFINITY;
        if (s->enemy[k] && line_inside(&lp, 0.0, &a, &b) && b > 0) {
            touch = mu_greater(a, 0.0);
            if (touch < l->contact_mm)
                l->contact_mm = touch, l->contact = s->index[k];
        }
        /* an enemy too: a step that does not stop at it (one grazing
         * it, which the check may not count as contact) is blocked */
        if (line_inside(&lp, e, &a, &b) && b > 0)
            l->block_mm = mu_lesser(l->block_mm, a);
        if (line_within(&lp, g, s_in, &a, &b) && b > 0)
            add_gap(l, a - mu, isfinite(touch) ? mu_lesser(b + mu, touch) : b + mu, &overflow);
    }
    l->block_mm = mu_lesser(l->block_mm, overflow);
    /* merge overlapping gaps */
    int n = 0;
    for (int i = 0; i < l->n_gaps; i++) {
        if (n > 0 && l->gap_lo[i] <= l->gap_hi[n - 1]) {
            l->gap_hi[n - 1] = mu_greater(l->gap_hi[n - 1], l->gap_hi[i]);
            continue;
        }
        l->gap_lo[n] = l->gap_lo[i], l->gap_hi[n] = l->gap_hi[i];
        n++;
    }
    l->n_gaps = n;
}

/* Is x inside an open gap of l? */
static int in_gap(const na_lane *l, double x, int *which)
{
    for (int i = 0; i < l->n_gaps; i++)
        if (l->gap_lo[i] < x && x < l->gap_hi[i]) {
            *which = i;
            return 1;
        }
    return 0;
}

int na_lane_nearest(const na_lane *l, double cap_mm, double want_mm, double *end_mm, int *at_contact)
{
    const double mu = NA_LANE_MARGIN_MM;
    double top = mu_lesser(cap_mm, l->block_mm - mu);
    int contact_ok = l->contact >= 0 && l->contact_mm <= cap_mm && l->contact_mm <= l->block_mm;
    if (contact_ok)
        top = mu_lesser(top, l->contact_mm - mu);
    int g;
    if (contact_ok && in_gap(l, l->contact_mm, &g))
        contact_ok = 0;
    int found = 0;
    double best = 0;
    if (top >= 0) {
        double x = mu_lesser(mu_greater(want_mm, 0.0), top);
        if (!in_gap(l, x, &g)) {
            best = x, found = 1;
        } else {
            double lo = l->gap_lo[g], hi = l->gap_hi[g];
            /* an interval pulled back past 0 by no more than the margin
             * starts at or after 0 itself: the end 0 (the pose as it
             * stands, which no rounding along the lane moves) is kept */
            if (lo >= -mu)
                best = mu_greater(lo, 0.0), found = 1;
            if (hi <= top && (!found || hi - x < x - best))
                best = hi, found = 1;
        }
    }
    int at_c = 0;
    if (contact_ok && (!found || fabs(l->contact_mm - want_mm) < fabs(best - want_mm)))
        best = l->contact_mm, found = 1, at_c = 1;
    if (at_contact)
        *at_contact = at_c;
    if (found)
        *end_mm = best;
    return found;
}
