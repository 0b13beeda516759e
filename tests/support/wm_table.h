/* Units and terrain for the Warmaster table tests: a unit of n stands in a
 * line and a rectangular feature, added to a test's battlefield. Include
 * after <cmocka.h> (wmt_line and wmt_box assert that the battlefield took
 * them). */
#ifndef MUSTER_TEST_WM_TABLE_H
#define MUSTER_TEST_WM_TABLE_H

#include "warmaster/wm_battlefield.h"
#include "warmaster/wm_formation.h"

/* Returns a unit of side with troop's Movement Chart profile (flags as
 * wm_profile_default) and n stands in a line, front edge centred on
 * front, facing facing (a unit vector). */
static inline wm_unit wmt_line_unit(int side, wm_troop troop, unsigned flags, int n, mu_vec2 front,
                                       mu_vec2 facing)
{
    wm_profile p = wm_profile_default(troop, flags);
    wm_unit u = wm_unit_make(side, &p);
    mu_orect s[WM_MAX_STANDS];
    wm_place_line(s, n, front, facing, p.stand_width_mm, p.stand_depth_mm);
    for (int i = 0; i < n; i++)
        wm_unit_add_stand(&u, s[i].center, s[i].facing);
    return u;
}

/* Adds wmt_line_unit(...) to bf (asserting it fits) and returns its index. */
static inline int wmt_line(wm_battlefield *bf, int side, wm_troop troop, unsigned flags, int n, mu_vec2 front,
                           mu_vec2 facing)
{
    wm_unit u = wmt_line_unit(side, troop, flags, n, front, facing);
    assert_int_equal(wm_add_unit(bf, &u), WM_OK);
    return bf->n_units - 1;
}

/* Adds to bf a feature of kind over the axis-aligned box (x0, y0)-(x1, y1). */
static inline void wmt_box(wm_battlefield *bf, wm_terrain kind, double x0, double y0, double x1, double y1)
{
    mu_vec2 v[4] = {mu_v2(x0, y0), mu_v2(x1, y0), mu_v2(x1, y1), mu_v2(x0, y1)};
    assert_int_equal(wm_add_polygon(bf, kind, v, 4), WM_OK);
}

#endif
