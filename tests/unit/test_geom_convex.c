/* Polygons as vertex arrays (core/geom_poly.c, core/geom_convex.c):
 * points and segments against a polygon's interior, convexity, hulls,
 * clipping, whether two polygons share interior, and how far apart they
 * are. Test shapes: a 200 mm L (a notch at its top right), 10 mm and
 * 100 mm squares, 40 x 20 mm stands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/geom.h"
#include "assert_close.h"
#include "geom_shapes.h"

#define PI 3.14159265358979323846
#define EPS MU_GEOM_EPS_MM
#define TOL 1e-9

static const mu_vec2 L[6] = {{0, 0}, {200, 0}, {200, 100}, {100, 100}, {100, 200}, {0, 200}};

#define assert_vec_close(p, ex, ey)                                                      \
    do {                                                                                 \
        mu_vec2 assert_vec_p_ = (p);                                                     \
        assert_close(assert_vec_p_.x, (ex), TOL);                                        \
        assert_close(assert_vec_p_.y, (ey), TOL);                                        \
    } while (0)

static const mu_vec2 L_cw[6] = {{0, 200}, {100, 200}, {100, 100}, {200, 100}, {200, 0}, {0, 0}};

/* The square [x0, x0 + side] x [y0, y0 + side], counter-clockwise. */
static void square(mu_vec2 out[4], double x0, double y0, double side)
{
    out[0] = mu_v2(x0, y0);
    out[1] = mu_v2(x0 + side, y0);
    out[2] = mu_v2(x0 + side, y0 + side);
    out[3] = mu_v2(x0, y0 + side);
}

/* A 40 x 20 mm stand centred at (x, y), turned `degrees` from facing +y,
 * as counter-clockwise corners. */
static void stand(mu_vec2 out[4], double x, double y, double degrees)
{
    mu_orect r = {mu_v2(x, y), mu_v2_rotate(mu_v2(0, 1), degrees * PI / 180.0), 40.0, 20.0};
    mu_orect_corners_ccw(&r, out);
}

/* ------------------------------------------------------ points, segments */

static void test_poly_edge_wraps_to_the_first_vertex(void **state)
{
    (void)state;
    mu_seg e = mu_poly_edge(L, 6, 2);
    assert_vec_close(e.a, 200, 100);
    assert_vec_close(e.b, 100, 100);
    e = mu_poly_edge(L, 6, 5);
    assert_vec_close(e.a, 0, 200);
    assert_vec_close(e.b, 0, 0);
}

static void test_boundary_distance_is_to_the_nearest_edge_inside_or_out(void **state)
{
    (void)state;
    assert_close(mu_point_poly_boundary_distance(mu_v2(30, 50), L, 6), 30, TOL);  /* inside */
    assert_close(mu_point_poly_boundary_distance(mu_v2(150, 150), L, 6), 50, TOL); /* notch */
    assert_close(mu_point_poly_boundary_distance(mu_v2(230, 140), L, 6), 50, TOL); /* off a corner */
    assert_close(mu_point_poly_boundary_distance(mu_v2(100, 150), L, 6), 0, 0);    /* on the wall */
    assert_true(isinf(mu_point_poly_boundary_distance(mu_v2(1, 1), L, 0)));
}

static void test_point_poly_distance_is_0_inside_and_on_the_boundary(void **state)
{
    (void)state;
    for (int w = 0; w < 2; w++) {
        const mu_vec2 *v = w ? L_cw : L;
        assert_close(mu_point_poly_distance(mu_v2(30, 50), v, 6), 0, 0);
        assert_close(mu_point_poly_distance(mu_v2(100, 150), v, 6), 0, 0);
        assert_close(mu_point_poly_distance(mu_v2(-0.5e-6, 50), v, 6), 0, 0); /* within tolerance */
        assert_close(mu_point_poly_distance(mu_v2(150, 150), v, 6), 50, TOL);
        assert_close(mu_point_poly_distance(mu_v2(-3, -4), v, 6), 5, TOL);
    }
}

static void test_deep_inside_excludes_the_boundary_band(void **state)
{
    (void)state;
    const mu_near how[2] = {MU_NEAR_DIST, MU_NEAR_DIST2};
    for (int i = 0; i < 2; i++)
        for (int w = 0; w < 2; w++) {
            const mu_vec2 *v = w ? L_cw : L;
            assert_true(mu_point_deep_in_poly(mu_v2(50, 150), v, 6, how[i]));
            assert_true(mu_point_deep_in_poly(mu_v2(150, 50), v, 6, how[i]));
            assert_true(mu_point_deep_in_poly(mu_v2(2e-6, 50), v, 6, how[i]));
            assert_false(mu_point_deep_in_poly(mu_v2(0.5e-6, 50), v, 6, how[i])); /* in the band */
            assert_false(mu_point_deep_in_poly(mu_v2(100, 100), v, 6, how[i]));  /* reflex vertex */
            assert_false(mu_point_deep_in_poly(mu_v2(150, 150), v, 6, how[i]));  /* notch */
            assert_false(mu_point_deep_in_poly(mu_v2(-50, 100), v, 6, how[i]));  /* level with vertices */
            assert_false(mu_point_deep_in_poly(mu_v2(250, 50), v, 6, how[i]));
        }
}

/* The rounding case of test_geom.c's near test, as a triangle's edge:
 * the two ways disagree about a point 0.99999999196e-6 mm inside. */
static void test_deep_inside_follows_its_near_way(void **state)
{
    (void)state;
    const mu_vec2 t[3] = {{862.5545680543598, 49.931852195329476}, {849.1508781422764, 149.02948635851578}, {796, 91}};
    mu_vec2 p = mu_v2(857.7138021114083, 85.72112780754424);
    assert_false(mu_point_deep_in_poly(p, t, 3, MU_NEAR_DIST));
    assert_true(mu_point_deep_in_poly(p, t, 3, MU_NEAR_DIST2));
}

static void test_segment_crosses_interior_but_not_along_or_touching_the_boundary(void **state)
{
    (void)state;
    for (int w = 0; w < 2; w++) {
        const mu_vec2 *v = w ? L_cw : L;
        assert_true(mu_seg_crosses_poly_interior(seg(-50, 50, 250, 50), v, 6));    /* through */
        assert_true(mu_seg_crosses_poly_interior(seg(150, 150, 50, 50), v, 6));    /* in from the notch */
        assert_true(mu_seg_crosses_poly_interior(seg(20, 20, 40, 30), v, 6));      /* wholly inside */
        assert_true(mu_seg_crosses_poly_interior(seg(150, 150, 50, 150), v, 6));   /* through the wall */
        assert_true(mu_seg_crosses_poly_interior(seg(-10, 100, 1e-5, 100), v, 6)); /* just past the edge */
        assert_false(mu_seg_crosses_poly_interior(seg(-10, 100, 0, 100), v, 6));   /* up to the edge */
        assert_false(mu_seg_crosses_poly_interior(seg(0, -50, 0, 250), v, 6));     /* along an edge */
        assert_false(mu_seg_crosses_poly_interior(seg(100, 150, 100, 250), v, 6)); /* along the wall */
        assert_false(mu_seg_crosses_poly_interior(seg(150, 150, 250, 150), v, 6)); /* in the notch */
        assert_false(mu_seg_crosses_poly_interior(seg(150, 150, 100, 100), v, 6)); /* to the reflex vertex */
        assert_false(mu_seg_crosses_poly_interior(seg(250, 50, 150, 150), v, 6));  /* touches a corner */
        assert_false(mu_seg_crosses_poly_interior(seg(50, -10, 50, -1), v, 6));    /* short of it */
    }
}

/* -------------------------------------------------- convexity and hulls */

static void test_convexity_of_squares_l_lines_and_short_lists(void **state)
{
    (void)state;
    const double flat = EPS * EPS;
    mu_vec2 sq[4], cw[4];
    square(sq, 0, 0, 10);
    for (int i = 0; i < 4; i++)
        cw[i] = sq[3 - i];
    assert_int_equal(mu_poly_convexity(sq, 4, flat), MU_CONVEX);
    assert_int_equal(mu_poly_convexity(cw, 4, flat), MU_CONVEX);
    assert_int_equal(mu_poly_convexity(L, 6, flat), MU_NOT_CONVEX);
    assert_int_equal(mu_poly_convexity(L_cw, 6, flat), MU_NOT_CONVEX);
    const mu_vec2 with_mid[5] = {{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}}; /* a straight vertex */
    assert_int_equal(mu_poly_convexity(with_mid, 5, flat), MU_CONVEX);
    const mu_vec2 line[3] = {{0, 0}, {1, 1}, {3, 3}};
    assert_int_equal(mu_poly_convexity(line, 3, flat), MU_FLAT);
    assert_int_equal(mu_poly_convexity(sq, 2, flat), MU_FLAT);
    assert_int_equal(mu_poly_convexity(sq, 1, flat), MU_FLAT);
    assert_int_equal(mu_poly_convexity(sq, 0, flat), MU_FLAT);
    /* a dent of 1e-3 mm^2 turns it, unless flat_mm2 says otherwise */
    const mu_vec2 dent[5] = {{0, 0}, {5, 1e-4}, {10, 0}, {10, 10}, {0, 10}};
    assert_int_equal(mu_poly_convexity(dent, 5, flat), MU_NOT_CONVEX);
    assert_int_equal(mu_poly_convexity(dent, 5, 1e-2), MU_CONVEX);
}

/* Every turn of this sliver is exactly 1e-12 mm^2: straight when flat_mm2
 * is 1e-12 (<=), a turn for the double just below it. */
static void test_convexity_threshold_is_inclusive(void **state)
{
    (void)state;
    const mu_vec2 sliver[3] = {{0, 0}, {1, 0}, {2, 1e-12}};
    assert_int_equal(mu_poly_convexity(sliver, 3, 1e-12), MU_FLAT);
    assert_int_equal(mu_poly_convexity(sliver, 3, 9.999999999999998e-13), MU_CONVEX);
}

static void test_sort_xy_orders_by_x_then_y_keeping_ties(void **state)
{
    (void)state;
    mu_vec2 p[6] = {{3, 1}, {1, 5}, {3, -2}, {1, 5}, {-1, 0}, {1, 4}};
    mu_sort_xy(p, 6);
    const mu_vec2 want[6] = {{-1, 0}, {1, 4}, {1, 5}, {1, 5}, {3, -2}, {3, 1}};
    for (int i = 0; i < 6; i++)
        assert_vec_close(p[i], want[i].x, want[i].y);
    mu_vec2 z[2] = {{0.0, 1}, {-0.0, 1}}; /* equal: kept in order */
    mu_sort_xy(z, 2);
    assert_false(signbit(z[0].x));
    assert_true(signbit(z[1].x));
}

static void test_hull_drops_inner_and_edge_points_counter_clockwise(void **state)
{
    (void)state;
    const mu_vec2 p[9] = {{10, 10}, {0, 0}, {5, 5}, {10, 0}, {5, 0}, {0, 10}, {2, 7}, {10, 5}, {3, 3}};
    mu_vec2 h[9];
    int n = mu_hull(p, 9, h);
    assert_int_equal(n, 4);
    const mu_vec2 want[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    for (int i = 0; i < 4; i++)
        assert_vec_close(h[i], want[i].x, want[i].y);
    assert_close(area(h, n), 100, TOL);
    /* two turned stands' corners: a hexagon (a straight sweep) */
    mu_vec2 q[8];
    stand(q, 0, 0, 30);
    stand(q + 4, 100, 100, 30);
    n = mu_hull(q, 8, h);
    assert_int_equal(n, 6);
    assert_true(area(h, n) > 800);
    assert_int_equal(mu_poly_convexity(h, n, EPS * EPS), MU_CONVEX);
}

static void test_hull_of_points_on_a_line_is_its_ends(void **state)
{
    (void)state;
    const mu_vec2 p[4] = {{2, 2}, {0, 0}, {3, 3}, {1, 1}};
    mu_vec2 h[4];
    assert_int_equal(mu_hull(p, 4, h), 2);
    assert_vec_close(h[0], 0, 0);
    assert_vec_close(h[1], 3, 3);
    assert_int_equal(mu_hull(p, 1, h), 1);
    assert_vec_close(h[0], 2, 2);
    const mu_vec2 same[3] = {{4, 4}, {4, 4}, {4, 4}};
    assert_int_equal(mu_hull(same, 3, h), 2);
    assert_vec_close(h[0], 4, 4);
    assert_vec_close(h[1], 4, 4);
}

static void test_clip_halfplane_keeps_the_side_the_normal_points_to(void **state)
{
    (void)state;
    mu_vec2 sq[4], out[5];
    square(sq, 0, 0, 10);
    int n = mu_poly_clip_halfplane(sq, 4, mu_v2(1, 0), 4, out); /* x >= 4 */
    assert_int_equal(n, 4);
    assert_close(area(out, n), 60, TOL);
    for (int i = 0; i < n; i++)
        assert_true(out[i].x >= 4 - TOL);
    n = mu_poly_clip_halfplane(sq, 4, mu_v2(-1, -1), -5, out); /* x + y <= 5: a corner */
    assert_int_equal(n, 3);
    assert_close(area(out, n), 12.5, TOL);
    n = mu_poly_clip_halfplane(sq, 4, mu_v2(1, 1), 2, out); /* x + y >= 2: a corner cut off */
    assert_int_equal(n, 5);
    assert_close(area(out, n), 98, TOL);
    assert_int_equal(mu_poly_clip_halfplane(sq, 4, mu_v2(0, 1), -5, out), 4); /* all kept */
    assert_int_equal(mu_poly_clip_halfplane(sq, 4, mu_v2(0, 1), 20, out), 0); /* none */
    assert_int_equal(mu_poly_clip_halfplane(sq, 2, mu_v2(0, 1), -5, out), 0);  /* 2 points kept */
    n = mu_poly_clip_halfplane(sq, 4, mu_v2(0, 1), 10, out); /* an edge only: its ends, twice */
    assert_int_equal(n, 4);
    assert_close(area(out, n), 0, 0);
}

/* --------------------------------------------------- overlap, distance */

static void test_convex_overlap_is_deeper_than_tolerance_either_axis_way(void **state)
{
    (void)state;
    const mu_sat_axis how[2] = {MU_SAT_DIV, MU_SAT_UNIT};
    mu_vec2 a[4], b[4];
    for (int i = 0; i < 2; i++) {
        square(a, 0, 0, 10);
        square(b, 9, 3, 10);
        assert_true(mu_convex_overlap(a, 4, b, 4, how[i]));
        square(b, 10, 3, 10); /* edge to edge */
        assert_false(mu_convex_overlap(a, 4, b, 4, how[i]));
        square(b, 10 - 0.5e-6, 3, 10); /* shallower than the tolerance */
        assert_false(mu_convex_overlap(a, 4, b, 4, how[i]));
        square(b, 10 - 2e-6, 3, 10);
        assert_true(mu_convex_overlap(a, 4, b, 4, how[i]));
        assert_true(mu_convex_overlap(b, 4, a, 4, how[i]));
        square(b, 3, 3, 2); /* inside */
        assert_true(mu_convex_overlap(a, 4, b, 4, how[i]));
        /* stands turned 45 degrees: corner to corner they only touch */
        stand(a, 0, 0, 45);
        mu_orect r = {mu_v2(0, 0), mu_v2_rotate(mu_v2(0, 1), PI / 4), 40, 20};
        mu_vec2 c[4];
        mu_orect_corners(&r, c); /* front-left corner c[0] */
        stand(b, 0, 0, 45);
        for (int k = 0; k < 4; k++)
            b[k] = mu_v2_add(b[k], mu_v2_scale(mu_v2_sub(c[0], c[2]), 1.0));
        assert_false(mu_convex_overlap(a, 4, b, 4, how[i]));
        for (int k = 0; k < 4; k++)
            b[k] = mu_v2_sub(b[k], mu_v2_scale(mu_v2_unit(mu_v2_sub(c[0], c[2])), 1.0));
        assert_true(mu_convex_overlap(a, 4, b, 4, how[i]));
        /* a repeated vertex (a zero-length edge) changes nothing */
        const mu_vec2 tri[4] = {{0, 0}, {10, 0}, {10, 0}, {0, 10}};
        square(b, 4, 4, 10);
        assert_true(mu_convex_overlap(tri, 4, b, 4, how[i]));
        square(b, 5, 5, 10);
        assert_false(mu_convex_overlap(tri, 4, b, 4, how[i]));
    }
}

/* Two stands turned about 101.5 degrees, one behind the other, sharing
 * an edge band 1e-6 mm deep to within 1e-13 mm: dividing by an edge's
 * length and multiplying by its reciprocal round the axes apart, and the
 * two ways disagree. This is why both are kept (muster/geom.h). */
static void test_convex_overlap_axis_ways_differ_only_in_rounding(void **state)
{
    (void)state;
    const mu_vec2 a[4] = {{255.99830500092338, 275.4527109686106},
                          {248.02633667680442, 314.6502583541198},
                          {228.42756298404976, 310.6642741920603},
                          {236.39953130816872, 271.4667268065511}};
    const mu_vec2 b[4] = {{236.39953228810742, 271.46672700585026},
                          {228.42756396398846, 310.6642743913596},
                          {208.82879027123386, 306.6782902293001},
                          {216.80075859535282, 267.4807428437908}};
    assert_false(mu_convex_overlap(a, 4, b, 4, MU_SAT_DIV));
    assert_true(mu_convex_overlap(a, 4, b, 4, MU_SAT_UNIT));
}

static void test_convex_overlaps_poly_needs_shared_interior(void **state)
{
    (void)state;
    mu_vec2 s[4];
    for (int w = 0; w < 2; w++) {
        const mu_vec2 *v = w ? L_cw : L;
        square(s, 20, 20, 30); /* inside an arm */
        assert_true(mu_convex_overlaps_poly(s, 4, v, 6));
        square(s, 100, 100, 50); /* in the notch, against both walls */
        assert_false(mu_convex_overlaps_poly(s, 4, v, 6));
        square(s, 90, 120, 30); /* across the notch's wall */
        assert_true(mu_convex_overlaps_poly(s, 4, v, 6));
        square(s, 200, 20, 30); /* against the outer edge */
        assert_false(mu_convex_overlaps_poly(s, 4, v, 6));
        square(s, 200 - 2e-6, 20, 30);
        assert_true(mu_convex_overlaps_poly(s, 4, v, 6));
        square(s, -50, -50, 400); /* holds the L */
        assert_true(mu_convex_overlaps_poly(s, 4, v, 6));
        square(s, 300, 300, 10);
        assert_false(mu_convex_overlaps_poly(s, 4, v, 6));
    }
    /* the same square both ways: no edge enters the other's interior, the
     * centroid decides */
    mu_vec2 t[4];
    square(s, 0, 0, 10);
    square(t, 0, 0, 10);
    assert_true(mu_convex_overlaps_poly(s, 4, t, 4));
}

static void test_poly_overlap_of_convex_and_concave_shapes(void **state)
{
    (void)state;
    mu_vec2 a[4], b[4];
    square(a, 0, 0, 10);
    square(b, 9, 0, 10);
    assert_true(mu_poly_overlap(a, 4, b, 4));
    square(b, 10, 0, 10);
    assert_false(mu_poly_overlap(a, 4, b, 4));
    square(b, 10 - 0.5e-6, 0, 10);
    assert_false(mu_poly_overlap(a, 4, b, 4));
    square(b, 10 - 2e-6, 0, 10);
    assert_true(mu_poly_overlap(a, 4, b, 4));
    for (int w = 0; w < 2; w++) {
        const mu_vec2 *v = w ? L_cw : L;
        square(b, 100, 100, 50); /* in the notch: touching */
        assert_false(mu_poly_overlap(v, 6, b, 4));
        assert_false(mu_poly_overlap(b, 4, v, 6));
        square(b, 90, 120, 30); /* across the wall: edges cross */
        assert_true(mu_poly_overlap(v, 6, b, 4));
        square(b, 20, 20, 30); /* inside an arm: sampled */
        assert_true(mu_poly_overlap(v, 6, b, 4));
        assert_true(mu_poly_overlap(b, 4, v, 6));
        square(b, 0, 0, 100); /* corner square of the L: shares two edges */
        assert_true(mu_poly_overlap(v, 6, b, 4));
        square(b, 0, 200, 100); /* on top of it */
        assert_false(mu_poly_overlap(v, 6, b, 4));
        assert_true(mu_poly_overlap(v, 6, v, 6));
        /* a thin bar across the left arm: its edges cross the L's, while
         * no vertex, midpoint or centroid of either is inside the other */
        box(b, -150, 150, 130, 150.5);
        assert_true(mu_poly_overlap(v, 6, b, 4));
        assert_true(mu_poly_overlap(b, 4, v, 6));
        box(b, -150, 200, 130, 200.5); /* on the arm's top edge */
        assert_false(mu_poly_overlap(v, 6, b, 4));
    }
    /* a straight vertex keeps a square convex for the test */
    const mu_vec2 sq5[5] = {{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}};
    square(b, 10, 0, 10);
    assert_false(mu_poly_overlap(sq5, 5, b, 4));
    square(b, 9, 9, 10);
    assert_true(mu_poly_overlap(sq5, 5, b, 4));
}

static void test_vertex_edge_distance_is_not_snapped_and_0_on_overlap(void **state)
{
    (void)state;
    mu_vec2 a[4], b[4], pa, pb;
    square(a, 0, 0, 10);
    square(b, 15, 3, 10);
    assert_close(mu_poly_vertex_edge_distance(a, 4, b, 4, &pa, &pb), 5, TOL);
    assert_close(pa.x, 10, TOL);
    assert_close(pb.x, 15, TOL);
    assert_close(mu_v2_dist(pa, pb), 5, TOL);
    assert_close(mu_poly_vertex_edge_distance(b, 4, a, 4, &pa, &pb), 5, TOL);
    assert_close(pa.x, 15, TOL); /* on b, the first */
    square(b, 13, 14, 10);       /* diagonal: corner to corner */
    assert_close(mu_poly_vertex_edge_distance(a, 4, b, 4, NULL, NULL), 5, TOL);
    square(b, 10 + 0.5e-6, 3, 10); /* closer than the tolerance: kept */
    assert_close(mu_poly_vertex_edge_distance(a, 4, b, 4, NULL, NULL), 0.5e-6, 1e-12);
    mu_polygon qa = {4, a}, qb = {4, b};
    assert_close(mu_polygon_distance(&qa, &qb, NULL, NULL), 0, 0); /* which snaps it */
    square(b, 8, 3, 10);
    assert_close(mu_poly_vertex_edge_distance(a, 4, b, 4, NULL, NULL), 0, 0);
    square(b, 2, 2, 5); /* inside */
    assert_close(mu_poly_vertex_edge_distance(a, 4, b, 4, NULL, NULL), 0, 0);
    /* a segment as a 2-vertex polygon */
    const mu_vec2 s[2] = {{-5, 20}, {5, 20}};
    assert_close(mu_poly_vertex_edge_distance(s, 2, a, 4, &pa, &pb), 10, TOL);
    assert_close(pb.y, 10, TOL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_poly_edge_wraps_to_the_first_vertex),
        cmocka_unit_test(test_boundary_distance_is_to_the_nearest_edge_inside_or_out),
        cmocka_unit_test(test_point_poly_distance_is_0_inside_and_on_the_boundary),
        cmocka_unit_test(test_deep_inside_excludes_the_boundary_band),
        cmocka_unit_test(test_deep_inside_follows_its_near_way),
        cmocka_unit_test(test_segment_crosses_interior_but_not_along_or_touching_the_boundary),
        cmocka_unit_test(test_convexity_of_squares_l_lines_and_short_lists),
        cmocka_unit_test(test_convexity_threshold_is_inclusive),
        cmocka_unit_test(test_sort_xy_orders_by_x_then_y_keeping_ties),
        cmocka_unit_test(test_hull_drops_inner_and_edge_points_counter_clockwise),
        cmocka_unit_test(test_hull_of_points_on_a_line_is_its_ends),
        cmocka_unit_test(test_clip_halfplane_keeps_the_side_the_normal_points_to),
        cmocka_unit_test(test_convex_overlap_is_deeper_than_tolerance_either_axis_way),
        cmocka_unit_test(test_convex_overlap_axis_ways_differ_only_in_rounding),
        cmocka_unit_test(test_convex_overlaps_poly_needs_shared_interior),
        cmocka_unit_test(test_poly_overlap_of_convex_and_concave_shapes),
        cmocka_unit_test(test_vertex_edge_distance_is_not_snapped_and_0_on_overlap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
