/* A terrain feature's outline as a polygon (wm_shape.h). */
#include "wm_shape.h"

#define PI 3.14159265358979323846

int wm_feature_polygon(const wm_feature *f, mu_vec2 *out)
{
    if (f->shape == WM_SHAPE_POLYGON) {
        for (int i = 0; i < f->n; i++)
            out[i] = f->v[i];
        return f->n;
    }
    for (int i = 0; i < WM_CIRCLE_SIDES; i++) {
        double a = 2.0 * PI * i / WM_CIRCLE_SIDES;
        out[i] = mu_v2_add(f->circle.center, mu_v2(f->circle.radius * cos(a), f->circle.radius * sin(a)));
    }
    return WM_CIRCLE_SIDES;
}
