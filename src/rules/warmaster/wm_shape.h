/* Internal to src/rules/warmaster: a terrain feature's outline as a
 * polygon. The plane geometry itself (polygons, hulls, clipping, convex
 * overlap, sweeps) is core's: muster/geom.h, muster/geom_sweep.h. */
#ifndef MUSTER_WM_SHAPE_H
#define MUSTER_WM_SHAPE_H

#include "muster/geom.h"
#include "muster/geom_sweep.h"
#include "warmaster/wm_battlefield.h"

/* Vertices a circle feature's inscribed polygon has (shortest paths). */
#define WM_CIRCLE_SIDES 32

/* Writes the polygon f is (a circle as its inscribed WM_CIRCLE_SIDES-gon)
 * to out (room for WM_MAX_VERTICES) and returns its vertex count. */
int wm_feature_polygon(const wm_feature *f, mu_vec2 *out);

#endif
