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

/* Adds to bf a unit of side with troop's Movement Chart profile (flags as
 * wm_profile_default), n stands at s[i] = {centre x, centre y, facing x,
 * facing y}, engaged bits `engaged` (asserting it fits); returns its
 * index. The form game states are written out in. */
static inline int wmt_unit_at(wm_battlefield *bf, int side, int troop, unsigned flags, int n, const double (*s)[4],
                              unsigned engaged)
{
    wm_profile p = wm_profile_default((wm_troop)troop, flags);
    wm_unit u = wm_unit_make(side, &p);
    for (int i = 0; i < n; i++)
        wm_unit_add_stand(&u, mu_v2(s[i][0], s[i][1]), mu_v2(s[i][2], s[i][3]));
    u.engaged = engaged;
    assert_int_equal(wm_add_unit(bf, &u), WM_OK);
    return bf->n_units - 1;
}

/* Adds to bf a feature of kind over the polygon v[0..n-1] (n <= 16). */
static inline void wmt_poly(wm_battlefield *bf, wm_terrain kind, int n, const double (*v)[2])
{
    mu_vec2 w[16];
    assert_true(n <= 16);
    for (int i = 0; i < n; i++)
        w[i] = mu_v2(v[i][0], v[i][1]);
    assert_int_equal(wm_add_polygon(bf, kind, w, n), WM_OK);
}

/* Adds to bf the terrain of experiments/default.yaml's scenario. */
static inline void wmt_default_terrain(wm_battlefield *bf)
{
    wmt_poly(bf, (wm_terrain)2, 5, (const double[][2]){{250, 480}, {420, 440}, {500, 580}, {400, 700}, {240, 640}});
    wmt_poly(bf, (wm_terrain)2, 5, (const double[][2]){{1180, 300}, {1340, 280}, {1380, 400}, {1240, 460}, {1140, 400}});
    assert_int_equal(wm_add_circle(bf, WM_OPEN_HILL, mu_v2(880, 620), 140), WM_OK);
    wmt_poly(bf, (wm_terrain)1, 5, (const double[][2]){{580, 840}, {740, 800}, {800, 900}, {660, 960}, {560, 920}});
    wmt_poly(bf, (wm_terrain)6, 4, (const double[][2]){{80, 260}, {300, 260}, {300, 380}, {80, 380}});
    wmt_poly(bf, (wm_terrain)7, 4, (const double[][2]){{1000, 635}, {1220, 635}, {1220, 645}, {1000, 645}});
    wmt_poly(bf, (wm_terrain)3, 8,
             (const double[][2]){{1380, 1200}, {1440, 980}, {1560, 760}, {1800, 600}, {1800, 660}, {1620, 800},
                                 {1500, 1000}, {1440, 1200}});
    wmt_poly(bf, (wm_terrain)5, 4, (const double[][2]){{1606, 894}, {1576, 946}, {1454, 876}, {1484, 824}});
}

#endif
