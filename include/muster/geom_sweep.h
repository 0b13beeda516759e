/* Shapes in motion, in millimetres (conventions as in muster/geom.h): a
 * ray against a segment, how far a polygon can move along a line before
 * it meets another (and when it has passed it), and the area a rectangle
 * sweeps moving in a straight line. Polygons are vertex arrays v[0..n). */
#ifndef MUSTER_GEOM_SWEEP_H
#define MUSTER_GEOM_SWEEP_H

#include "muster/geom.h"

/* Most vertices a polygon given to mu_sweep_contact or mu_sweep_exit may
 * have. */
#define MU_SWEEP_MAX_VERTICES 16

/* Returns the path length t >= 0 at which the ray p + t d meets segment
 * s, or INFINITY when it does not. Parallel (|d x e| < 1e-12 |e|, e along
 * s) and zero-length segments are missed; the segment's ends and the
 * ray's start are extended by 1e-9 (in the ray's and the segment's
 * parameters), a hit just behind p counting as t = 0. With a unit d, t is
 * in mm. */
double mu_ray_seg_hit(mu_vec2 p, mu_vec2 d, mu_seg s);

/* Returns how far polygon a can move along the unit vector d before it
 * overlaps polygon b (mu_poly_overlap), or INFINITY if it never does
 * (na, nb <= MU_SWEEP_MAX_VERTICES). The answer is an event where the
 * overlap can start: 0, or where a vertex of one, moving along d relative
 * to the other, meets an edge of it (mu_ray_seg_hit); each is taken when
 * a lies overlapping b midway to the next event (or 0.001 mm past the
 * last). So contact at 0 counts only if moving on overlaps: moving away
 * from or sliding along a polygon it touches is free. A b wholly more than
 * 0.001 mm to one side of the band a sweeps, or behind a, is missed at
 * once. */
double mu_sweep_contact(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb);

/* Returns the distance along the unit vector d after which polygon a,
 * meeting b at t_in, has passed b completely: where a, swept back from
 * beyond b, first meets it; t_in if it never does. For convex shapes
 * (na <= MU_SWEEP_MAX_VERTICES). */
double mu_sweep_exit(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb, double t_in);

/* Writes the area r sweeps moving by delta without turning, the convex
 * hull of its corners at the start and at the end (mu_hull), to out and
 * returns its vertex count. */
int mu_orect_sweep_hull(const mu_orect *r, mu_vec2 delta, mu_vec2 out[8]);

#endif
