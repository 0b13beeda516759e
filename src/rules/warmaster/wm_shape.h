/* Internal to src/rules/warmaster: shape tests the Warmaster queries need
 * beyond core/geom (interiors that share area, segments through an
 * interior, convex clipping). All tolerate MU_GEOM_EPS_MM as geom does:
 * touching is never "interior". Candidates for core/geom later. */
#ifndef MUSTER_WM_SHAPE_H
#define MUSTER_WM_SHAPE_H

#include "muster/geom.h"
#include "warmaster/wm_battlefield.h"

/* Vertices a circle feature's inscribed polygon has (shortest paths). */
#define WM_CIRCLE_SIDES 32

/* Returns non-zero when p lies inside the simple polygon v[0..n) more than
 * MU_GEOM_EPS_MM from its boundary. */
int wm_point_deep_in_poly(mu_vec2 p, const mu_vec2 *v, int n);

/* Returns non-zero when s passes through the interior of the simple
 * polygon v[0..n) (along or touching its boundary does not count). */
int wm_seg_crosses_poly(mu_seg s, const mu_vec2 *v, int n);

/* Returns non-zero when the convex polygon c[0..nc) and the simple polygon
 * v[0..n) share interior. */
int wm_convex_overlaps_poly(const mu_vec2 *c, int nc, const mu_vec2 *v, int n);

/* Returns the distance from p to the polygon v[0..n) as a region (0 when
 * inside or on it). */
double wm_point_poly_distance(mu_vec2 p, const mu_vec2 *v, int n);

/* Clips the convex polygon in[0..n) to the closed half-plane
 * dot(normal, x) >= k; writes the result (up to n + 1 vertices) to out
 * and returns its vertex count (0 when nothing is left). */
int wm_clip_halfplane(const mu_vec2 *in, int n, mu_vec2 normal, double k, mu_vec2 *out);

/* Returns non-zero when the polygon v[0..n) is convex (either winding). */
int wm_poly_is_convex(const mu_vec2 *v, int n);

/* Writes the polygon f is (a circle as its inscribed WM_CIRCLE_SIDES-gon)
 * to out (room for WM_MAX_VERTICES) and returns its vertex count. */
int wm_feature_polygon(const wm_feature *f, mu_vec2 *out);

/* The corners of r as a counter-clockwise polygon, into out[4]. */
void wm_orect_poly(const mu_orect *r, mu_vec2 out[4]);

#endif
