/* Small shapes the geometry tests build: a segment from four numbers, an
 * axis-aligned box, and a polygon's area. */
#ifndef MUSTER_TEST_GEOM_SHAPES_H
#define MUSTER_TEST_GEOM_SHAPES_H

#include "muster/geom.h"

/* The segment (ax, ay)-(bx, by). */
static inline mu_seg seg(double ax, double ay, double bx, double by)
{
    mu_seg s = {mu_v2(ax, ay), mu_v2(bx, by)};
    return s;
}

/* The rectangle [x0, x1] x [y0, y1], counter-clockwise. */
static inline void box(mu_vec2 out[4], double x0, double y0, double x1, double y1)
{
    out[0] = mu_v2(x0, y0);
    out[1] = mu_v2(x1, y0);
    out[2] = mu_v2(x1, y1);
    out[3] = mu_v2(x0, y1);
}

/* The signed area of polygon v (n vertices). */
static inline double area(const mu_vec2 *v, int n)
{
    mu_polygon p = {n, v};
    return mu_polygon_area(&p);
}

#endif
