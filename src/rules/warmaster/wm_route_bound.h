/* Internal to src/rules/warmaster: a proof that a stand's centre cannot
 * reach a place within the allowance (route_bound.c), asked before the
 * route searches of planner_route.c, which cost most where they find
 * nothing (issue 12 item 6). */
#ifndef MUSTER_WM_ROUTE_BOUND_H
#define MUSTER_WM_ROUTE_BOUND_H

#include "wm_route_map.h"

/* Returns non-zero when no centre path from s to e of length at most cap
 * keeps rm's clearance (a distance of at least rm->clear - 1e-3 mm, as
 * wm_route_seg_clear_among judges it) from every obstacle of rm that s
 * itself is not already that near: then no path the route searches try
 * (straight, through waypoints or a grid point; each of their segments
 * keeps that clearance and none is longer than the allowance) exists.
 * 0 means "perhaps": the proof failed or was not tried.
 *
 * How: each convex obstacle (stand, gap, convex feature; a circle as an
 * inscribed 16-gon) grown by a little less than the clearance (corners
 * chamfered), as a convex polygon inside the region a centre may not enter (a non-convex
 * feature is left out: fewer obstacles only shorten the paths); the
 * shortest path round such polygons bends only at their corners, so an
 * A* search over the corners inside the ellipse of points whose distances
 * to s and e sum to at most cap (cap + 1e-6 mm of slack) finds it or
 * shows there is none. Segments count as blocked only where they pass
 * through a polygon's interior, corners only where a shortest path can
 * wrap round them: every doubt leans to "perhaps". */
int wm_route_unreachable(const wm_route_map *rm, mu_vec2 s, mu_vec2 e, double cap);

#endif
