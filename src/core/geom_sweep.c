/* Plane geometry in motion (muster/geom_sweep.h): rays against segments,
 * a polygon moving along a line until it meets another or has passed it,
 * and a rectangle's straight sweep. Built on geom.c and geom_convex.c. */
#include "muster/geom_sweep.h"

#include <assert.h>

/* A short distance (mm): past the last contact event, and the margin of
 * the quick rejection. */
#define PROBE_MM 1e-3

/* Cap on candidate contact distances in one sweep. */
#define MAX_CAND (2 * MU_SWEEP_MAX_VERTICES * MU_SWEEP_MAX_VERTICES)

double mu_ray_seg_hit(mu_vec2 p, mu_vec2 d, mu_seg s)
{
    mu_vec2 e = mu_v2_sub(s.b, s.a);
    double el = mu_v2_len(e);
    double den = mu_v2_cross(d, e);
    if (el == 0 || fabs(den) < 1e-12 * el)
        return INFINITY;
    mu_vec2 w = mu_v2_sub(s.a, p);
    double t = mu_v2_cross(w, e) / den;
    double u = mu_v2_cross(w, d) / den;
    if (u < -1e-9 || u > 1 + 1e-9 || t < -1e-9)
        return INFINITY;
    return t < 0 ? 0 : t;
}

static int overlaps_after(const mu_vec2 *a, int na, mu_vec2 d, double t, const mu_vec2 *b, int nb)
{
    mu_vec2 moved[MU_SWEEP_MAX_VERTICES];
    for (int i = 0; i < na; i++)
        moved[i] = mu_v2_add(a[i], mu_v2_scale(d, t));
    return mu_poly_overlap(moved, na, b, nb);
}

/* Non-zero when a moving along d can never share interior with b: b lies
 * wholly outside the band a sweeps (a gap of more than PROBE_MM across d),
 * or wholly behind a. Exact, and cheap. */
static int sweep_misses(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb)
{
    /* projections on d and across it, scaled by |d| (so is the margin) */
    mu_vec2 n = mu_v2_perp(d);
    double margin = PROBE_MM * sqrt(d.x * d.x + d.y * d.y);
    double alo = INFINITY, ahi = -INFINITY, blo = INFINITY, bhi = -INFINITY, amin = INFINITY, bmax = -INFINITY;
    for (int i = 0; i < na; i++) {
        double x = mu_v2_dot(a[i], n), y = mu_v2_dot(a[i], d);
        alo = x < alo ? x : alo, ahi = x > ahi ? x : ahi;
        amin = y < amin ? y : amin;
    }
    for (int i = 0; i < nb; i++) {
        double x = mu_v2_dot(b[i], n), y = mu_v2_dot(b[i], d);
        blo = x < blo ? x : blo, bhi = x > bhi ? x : bhi;
        bmax = y > bmax ? y : bmax;
    }
    return margin > 0 && (blo > ahi + margin || alo > bhi + margin || bmax < amin - margin);
}

double mu_sweep_contact(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb)
{
    assert(na <= MU_SWEEP_MAX_VERTICES && nb <= MU_SWEEP_MAX_VERTICES);
    if (sweep_misses(a, na, d, b, nb))
        return INFINITY;
    double cand[MAX_CAND + 1];
    /* t = 0 always: footprints touching within the tolerance (even
     * interpenetrating by less than it) give no forward ray hit there */
    cand[0] = 0;
    int n = 1;
    mu_vec2 back = mu_v2_scale(d, -1);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            double t = mu_ray_seg_hit(a[i], d, mu_poly_edge(b, nb, j));
            if (t < INFINITY && n <= MAX_CAND)
                cand[n++] = t;
        }
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < na; j++) {
            double t = mu_ray_seg_hit(b[i], back, mu_poly_edge(a, na, j));
            if (t < INFINITY && n <= MAX_CAND)
                cand[n++] = t;
        }
    /* sort ascending (short arrays) */
    for (int i = 1; i < n; i++) {
        double x = cand[i];
        int j = i - 1;
        while (j >= 0 && cand[j] > x) {
            cand[j + 1] = cand[j];
            j--;
        }
        cand[j + 1] = x;
    }
    /* the polygons can only start or stop overlapping at these events:
     * test between each and the next (a fixed probe past an event would
     * miss shallow, grazing approaches) */
    for (int i = 0; i < n; i++) {
        if (i > 0 && cand[i] - cand[i - 1] < 1e-12)
            continue;
        int j = i + 1;
        while (j < n && cand[j] - cand[i] < 1e-12)
            j++;
        double next = j < n ? cand[j] : cand[i] + 2 * PROBE_MM;
        if (overlaps_after(a, na, d, (cand[i] + next) / 2, b, nb))
            return cand[i];
    }
    return INFINITY;
}

double mu_sweep_exit(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb, double t_in)
{
    assert(na <= MU_SWEEP_MAX_VERTICES);
    double amin = INFINITY, bmax = -INFINITY;
    for (int i = 0; i < na; i++)
        amin = fmin(amin, mu_v2_dot(a[i], d));
    for (int i = 0; i < nb; i++)
        bmax = fmax(bmax, mu_v2_dot(b[i], d));
    /* far enough along d that a lies wholly beyond b */
    double t_far = fmax(t_in, bmax - amin) + 1.0;
    mu_vec2 moved[MU_SWEEP_MAX_VERTICES];
    for (int i = 0; i < na; i++)
        moved[i] = mu_v2_add(a[i], mu_v2_scale(d, t_far));
    double s = mu_sweep_contact(moved, na, mu_v2_scale(d, -1), b, nb);
    return s < INFINITY ? t_far - s : t_in;
}

int mu_orect_sweep_hull(const mu_orect *r, mu_vec2 delta, mu_vec2 out[8])
{
    mu_vec2 p[8];
    mu_orect_corners(r, p);
    for (int i = 0; i < 4; i++)
        p[4 + i] = mu_v2_add(p[i], delta);
    return mu_hull(p, 8, out);
}
