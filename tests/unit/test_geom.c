/* Plane geometry (core/geom.c, core/geom_poly.c): stands as 40 x 20 mm
 * oriented rectangles, segments as sight lines and paths, polygons and
 * circles as terrain. Touching (within MU_GEOM_EPS_MM) is not overlap.
 * Polygons as vertex arrays are in test_geom_convex.c, sweeps in
 * test_geom_sweep.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/geom.h"
#include "assert_close.h"
#include "geom_shapes.h"

#define PI 3.14159265358979323846
#define TOL 1e-9 /* closeness of computed values, mm */

#define assert_vec_close(p, ex, ey)                                                      \
    do {                                                                                 \
        mu_vec2 assert_vec_p_ = (p);                                                     \
        assert_close(assert_vec_p_.x, (ex), TOL);                                        \
        assert_close(assert_vec_p_.y, (ey), TOL);                                        \
    } while (0)

static double deg(double degrees)
{
    return degrees * PI / 180.0;
}

/* A 40 x 20 mm stand centred at (x, y), turned `degrees` counter-clockwise
 * from facing +y (so unturned it spans x -20..20, y -10..10 about it). */
static mu_orect stand(double x, double y, double degrees)
{
    mu_orect r = {mu_v2(x, y), mu_v2_rotate(mu_v2(0, 1), deg(degrees)), 40.0, 20.0};
    return r;
}

/* r's unit vector to its right (as seen facing along `facing`). */
static mu_vec2 right_of(const mu_orect *r)
{
    return mu_v2_scale(mu_v2_perp(r->facing), -1.0);
}

/* r moved so that its lowest corner (least y) sits at `at`. */
static mu_orect lowest_corner_at(mu_orect r, mu_vec2 at)
{
    mu_vec2 c[4];
    mu_orect_corners(&r, c);
    int low = 0;
    for (int i = 1; i < 4; i++)
        if (c[i].y < c[low].y)
            low = i;
    r.center = mu_v2_add(r.center, mu_v2_sub(at, c[low]));
    return r;
}

/* Checks a and b touch: distance 0 both ways, no overlap, and the
 * closest points coincide. */
static void assert_touching(const mu_orect *a, const mu_orect *b)
{
    mu_vec2 pa, pb;
    assert_false(mu_orect_overlap(a, b));
    assert_false(mu_orect_overlap(b, a));
    assert_close(mu_orect_distance(a, b, &pa, &pb), 0.0, 0.0);
    assert_close(mu_orect_distance(b, a, NULL, NULL), 0.0, 0.0);
    assert_close(mu_v2_dist(pa, pb), 0.0, 1e-6);
}

/* ---------------------------------------------------------------- vectors */

static void test_rotate_quarter_turn_is_counter_clockwise(void **state)
{
    (void)state;
    assert_vec_close(mu_v2_rotate(mu_v2(1, 0), deg(90)), 0, 1);
    assert_vec_close(mu_v2_rotate(mu_v2(3, 4), deg(180)), -3, -4);
    assert_vec_close(mu_v2_rotate(mu_v2(1, 0), deg(30)), sqrt(3) / 2, 0.5);
    assert_vec_close(mu_v2_rotate_about(mu_v2(2, 1), mu_v2(1, 1), deg(90)), 1, 2);
}

static void test_unit_has_length_one_and_keeps_zero(void **state)
{
    (void)state;
    assert_vec_close(mu_v2_unit(mu_v2(3, 4)), 0.6, 0.8);
    assert_vec_close(mu_v2_unit(mu_v2(0, 0)), 0, 0);
}

static void test_dot_cross_len_and_perp_of_small_vectors(void **state)
{
    (void)state;
    assert_close(mu_v2_dot(mu_v2(1, 2), mu_v2(3, 4)), 11, 0);
    assert_close(mu_v2_dot(mu_v2(3, 4), mu_v2(-4, 3)), 0, 0);
    assert_close(mu_v2_cross(mu_v2(1, 0), mu_v2(0, 1)), 1, 0); /* b counter-clockwise of a */
    assert_close(mu_v2_cross(mu_v2(0, 1), mu_v2(1, 0)), -1, 0);
    assert_close(mu_v2_cross(mu_v2(2, 3), mu_v2(4, 5)), -2, 0);
    assert_close(mu_v2_len(mu_v2(3, -4)), 5, 0);
    assert_close(mu_v2_dist(mu_v2(1, 1), mu_v2(4, 5)), 5, 0);
    assert_vec_close(mu_v2_perp(mu_v2(1, 0)), 0, 1);
    assert_vec_close(mu_v2_perp(mu_v2(2, 3)), -3, 2);
    assert_vec_close(mu_v2_add(mu_v2(1, 2), mu_v2_scale(mu_v2_sub(mu_v2(5, 5), mu_v2(1, 1)), 0.5)), 3, 4);
}

static void test_turn_is_the_short_way_and_a_half_turn_is_plus_pi(void **state)
{
    (void)state;
    assert_close(mu_v2_turn(mu_v2(1, 0), mu_v2(0, 1)), PI / 2, TOL);
    assert_close(mu_v2_turn(mu_v2(2, 0), mu_v2(0, -3)), -PI / 2, TOL); /* lengths do not matter */
    assert_close(mu_v2_turn(mu_v2(0, 1), mu_v2(1, 1)), -PI / 4, TOL);
    assert_close(mu_v2_turn(mu_v2(1, 1), mu_v2(1, 1)), 0, 0);
    assert_close(mu_v2_turn(mu_v2(1, 0), mu_v2(-1, 0)), PI, 0);
    /* atan2 gives -pi here (the cross product is a tiny negative number):
     * still +pi */
    assert_close(mu_v2_turn(mu_v2(1, 0), mu_v2(-1, -1e-300)), PI, 0);
    assert_close(mu_v2_turn(mu_v2(1, 0), mu_v2(-1, -1e-9)), -PI + 1e-9, 1e-15);
}

/* --------------------------------------------------------------- segments */

static void test_point_seg_distance_projects_inside_and_clamps_at_ends(void **state)
{
    (void)state;
    mu_vec2 c;
    mu_seg s = seg(0, 0, 10, 0);
    assert_close(mu_point_seg_distance(mu_v2(4, 3), s, &c), 3, TOL);
    assert_vec_close(c, 4, 0);
    assert_close(mu_point_seg_distance(mu_v2(13, 4), s, &c), 5, TOL);
    assert_vec_close(c, 10, 0);
    assert_close(mu_point_seg_distance(mu_v2(-3, -4), s, &c), 5, TOL);
    assert_vec_close(c, 0, 0);
    assert_close(mu_point_seg_distance(mu_v2(5, 0), s, NULL), 0, 0);
}

static void test_point_seg_distance_to_zero_length_segment_is_to_its_point(void **state)
{
    (void)state;
    mu_vec2 c;
    assert_close(mu_point_seg_distance(mu_v2(4, 5), seg(1, 1, 1, 1), &c), 5, TOL);
    assert_vec_close(c, 1, 1);
}

static void test_crossing_segments_intersect_at_the_crossing(void **state)
{
    (void)state;
    mu_vec2 at, ps, pt;
    assert_true(mu_seg_intersect(seg(0, 0, 10, 10), seg(0, 10, 10, 0), &at));
    assert_vec_close(at, 5, 5);
    assert_close(mu_seg_distance(seg(0, 0, 10, 10), seg(0, 10, 10, 0), &ps, &pt), 0, 0);
    assert_vec_close(ps, 5, 5);
    assert_vec_close(pt, 5, 5);
}

static void test_rotated_30_segments_cross_where_expected(void **state)
{
    (void)state;
    mu_vec2 o = mu_v2(12, -7), at;
    mu_vec2 d1 = mu_v2_rotate(mu_v2(1, 0), deg(30)), d2 = mu_v2_rotate(mu_v2(1, 0), deg(120));
    mu_seg s = {mu_v2_sub(o, mu_v2_scale(d1, 50)), mu_v2_add(o, mu_v2_scale(d1, 20))};
    mu_seg t = {mu_v2_sub(o, mu_v2_scale(d2, 5)), mu_v2_add(o, mu_v2_scale(d2, 70))};
    assert_true(mu_seg_intersect(s, t, &at));
    assert_vec_close(at, 12, -7);
}

static void test_t_touching_segments_intersect_at_the_foot(void **state)
{
    (void)state;
    mu_vec2 at;
    assert_true(mu_seg_intersect(seg(0, 0, 10, 0), seg(5, 0, 5, 5), &at));
    assert_vec_close(at, 5, 0);
    assert_true(mu_seg_intersect(seg(5, 5, 5, 0), seg(0, 0, 10, 0), &at));
    assert_vec_close(at, 5, 0);
    assert_close(mu_seg_distance(seg(0, 0, 10, 0), seg(5, 0, 5, 5), NULL, NULL), 0, 0);
}

static void test_segments_meeting_end_to_end_intersect(void **state)
{
    (void)state;
    mu_vec2 at;
    assert_true(mu_seg_intersect(seg(0, 0, 1, 1), seg(1, 1, 2, 0), &at));
    assert_vec_close(at, 1, 1);
}

static void test_segment_stopping_0_01mm_short_misses_by_0_01mm(void **state)
{
    (void)state;
    mu_vec2 ps, pt;
    assert_false(mu_seg_intersect(seg(0, 0, 10, 0), seg(5, 0.01, 5, 5), NULL));
    assert_close(mu_seg_distance(seg(0, 0, 10, 0), seg(5, 0.01, 5, 5), &ps, &pt), 0.01, TOL);
    assert_vec_close(ps, 5, 0);
    assert_vec_close(pt, 5, 0.01);
}

static void test_collinear_overlapping_segments_intersect_in_the_overlap(void **state)
{
    (void)state;
    mu_vec2 at;
    assert_true(mu_seg_intersect(seg(0, 0, 10, 0), seg(5, 0, 15, 0), &at));
    assert_close(at.y, 0, TOL);
    assert_true(at.x >= 5 - TOL && at.x <= 10 + TOL);
    assert_true(mu_seg_intersect(seg(0, 0, 10, 0), seg(2, 0, 3, 0), NULL)); /* one inside */
    assert_true(mu_seg_intersect(seg(0, 0, 10, 0), seg(10, 0, 0, 0), NULL)); /* same, reversed */
    assert_close(mu_seg_distance(seg(0, 0, 10, 0), seg(5, 0, 15, 0), NULL, NULL), 0, 0);
}

static void test_collinear_disjoint_segments_are_the_gap_apart(void **state)
{
    (void)state;
    mu_vec2 ps, pt;
    assert_false(mu_seg_intersect(seg(0, 0, 10, 0), seg(13, 0, 20, 0), NULL));
    assert_close(mu_seg_distance(seg(0, 0, 10, 0), seg(13, 0, 20, 0), &ps, &pt), 3, TOL);
    assert_vec_close(ps, 10, 0);
    assert_vec_close(pt, 13, 0);
}

/* Far apart on one slanted line: rounding must not make them "cross". */
static void test_nearly_collinear_far_segments_do_not_intersect(void **state)
{
    (void)state;
    mu_seg s = seg(0, 0, 1000, 0.3), t = seg(2000, 0.6, 3000, 0.9);
    assert_false(mu_seg_intersect(s, t, NULL));
    assert_close(mu_seg_distance(s, t, NULL, NULL), hypot(1000, 0.3), 1e-9);
    /* Four points on one line (y ~ 75.14 + 2.80 x) whose rounded
     * orientation signs alone would say "crossing". */
    s = seg(68.941176470588232, 268.42808906039761, 508, 1499.3845489857574);
    t = seg(555.76470588235293, 1633.2988905532002, 895.52941176470586, 2585.8718423925466);
    assert_false(mu_seg_intersect(s, t, NULL));
    assert_false(mu_seg_intersect(t, s, NULL));
    assert_true(mu_seg_distance(s, t, NULL, NULL) > 100);
}

static void test_parallel_segments_are_their_offset_apart(void **state)
{
    (void)state;
    mu_vec2 ps, pt;
    assert_false(mu_seg_intersect(seg(0, 0, 10, 0), seg(2, 4, 8, 4), NULL));
    assert_close(mu_seg_distance(seg(0, 0, 10, 0), seg(2, 4, 8, 4), &ps, &pt), 4, TOL);
    assert_close(pt.y - ps.y, 4, TOL);
    assert_close(pt.x, ps.x, TOL);
}

static void test_skew_segments_closest_at_an_endpoint(void **state)
{
    (void)state;
    mu_vec2 ps, pt;
    assert_close(mu_seg_distance(seg(0, 0, 10, 0), seg(12, 1, 15, 5), &ps, &pt), sqrt(5), TOL);
    assert_vec_close(ps, 10, 0);
    assert_vec_close(pt, 12, 1);
}

static void test_zero_length_segments_work_as_points(void **state)
{
    (void)state;
    mu_vec2 at, ps, pt;
    assert_true(mu_seg_intersect(seg(5, 0, 5, 0), seg(0, 0, 10, 0), &at));
    assert_vec_close(at, 5, 0);
    assert_false(mu_seg_intersect(seg(5, 2, 5, 2), seg(0, 0, 10, 0), NULL));
    assert_close(mu_seg_distance(seg(5, 2, 5, 2), seg(0, 0, 10, 0), &ps, &pt), 2, TOL);
    assert_vec_close(ps, 5, 2);
    assert_vec_close(pt, 5, 0);
    assert_true(mu_seg_intersect(seg(1, 1, 1, 1), seg(1, 1, 1, 1), NULL));
    assert_close(mu_seg_distance(seg(1, 1, 1, 1), seg(4, 5, 4, 5), NULL, NULL), 5, TOL);
}

static void test_proper_crossing_needs_both_ends_beyond_tolerance(void **state)
{
    (void)state;
    double u = -1;
    assert_true(mu_seg_cross_proper(seg(0, 0, 10, 10), seg(0, 10, 10, 0), &u));
    assert_close(u, 0.5, TOL);
    assert_true(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(2.5, -1, 2.5, 3), &u));
    assert_close(u, 0.25, TOL);
    assert_true(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(5, -2e-6, 5, 5), NULL));
    assert_false(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(5, -0.5e-6, 5, 5), NULL)); /* touches */
    assert_false(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(5, 0, 5, 5), NULL));       /* T */
    assert_false(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(10, -1, 10, 1), NULL));    /* at s's end */
    assert_false(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(5, 0, 15, 0), NULL));      /* collinear */
    assert_false(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(0, 1, 10, 1), NULL));      /* parallel */
    assert_false(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(11, -1, 11, 1), NULL));    /* short of s */
    /* 1.5e-6 long, straddling the line: each end within tolerance */
    assert_false(mu_seg_cross_proper(seg(0, 0, 10, 0), seg(5, -0.75e-6, 5, 0.75e-6), NULL));
    assert_false(mu_seg_cross_proper(seg(5, -0.75e-6, 5, 0.75e-6), seg(0, 0, 10, 0), NULL));
    assert_false(mu_seg_cross_proper(seg(5, 5, 5, 5), seg(0, 0, 10, 10), NULL)); /* a point */
}

static void test_near_segment_means_within_tolerance_both_ways(void **state)
{
    (void)state;
    const mu_near how[2] = {MU_NEAR_DIST, MU_NEAR_DIST2};
    mu_seg s = seg(0, 0, 30, 40); /* 50 long, along (0.6, 0.8) */
    mu_vec2 mid = mu_v2(15, 20), n = mu_v2(-0.8, 0.6);
    for (int i = 0; i < 2; i++) {
        assert_true(mu_point_near_seg(mid, s, how[i]));
        assert_true(mu_point_near_seg(mu_v2_add(mid, mu_v2_scale(n, 0.9e-6)), s, how[i]));
        assert_false(mu_point_near_seg(mu_v2_add(mid, mu_v2_scale(n, 1.1e-6)), s, how[i]));
        assert_false(mu_point_near_seg(mu_v2_sub(mid, mu_v2_scale(n, 1.1e-6)), s, how[i]));
        assert_true(mu_point_near_seg(mu_v2(30 + 0.6e-6, 40 + 0.6e-6), s, how[i])); /* past b: 0.85e-6 */
        assert_false(mu_point_near_seg(mu_v2(-0.9e-6, -0.9e-6), s, how[i]));       /* before a: 1.27e-6 */
        assert_true(mu_point_near_seg(mu_v2(1, 1), seg(1, 1, 1, 1), how[i]));      /* a point */
        assert_false(mu_point_near_seg(mu_v2(1, 1 + 1.1e-6), seg(1, 1, 1, 1), how[i]));
    }
}

/* The two ways round apart, by about 1e-13 mm, at exactly the tolerance
 * (coordinates near 1000 mm): this point is 0.99999999196e-6 mm from the
 * segment by mu_point_seg_distance, and its squared distance from p - a
 * comes out above 1e-12. This is why both are kept (muster/geom.h). */
static void test_near_ways_differ_only_in_rounding_at_the_tolerance(void **state)
{
    (void)state;
    mu_seg s = seg(862.5545680543598, 49.931852195329476, 849.1508781422764, 149.02948635851578);
    mu_vec2 p = mu_v2(857.7138021114083, 85.72112780754424);
    assert_close(mu_point_seg_distance(p, s, NULL), 1e-6, 1e-13);
    assert_true(mu_point_near_seg(p, s, MU_NEAR_DIST));
    assert_false(mu_point_near_seg(p, s, MU_NEAR_DIST2));
}

/* --------------------------------------------------- oriented rectangles */

static void test_orect_from_front_sets_centre_behind_front_midpoint(void **state)
{
    (void)state;
    mu_orect r = mu_orect_from_front(mu_v2(0, 10), mu_v2(0, 2), 40, 20);
    assert_vec_close(r.center, 0, 0);
    assert_vec_close(r.facing, 0, 1);
    mu_seg front = mu_orect_edge(&r, MU_EDGE_FRONT);
    assert_vec_close(mu_v2_scale(mu_v2_add(front.a, front.b), 0.5), 0, 10);
}

static void test_orect_corners_run_front_left_front_right_back_right_back_left(void **state)
{
    (void)state;
    mu_vec2 c[4];
    mu_orect r = stand(0, 0, 0);
    mu_orect_corners(&r, c);
    assert_vec_close(c[0], -20, 10);
    assert_vec_close(c[1], 20, 10);
    assert_vec_close(c[2], 20, -10);
    assert_vec_close(c[3], -20, -10);
    /* Facing -x (turned 90 degrees), the stand's left is -y. */
    r = stand(0, 0, 90);
    mu_orect_corners(&r, c);
    assert_vec_close(c[0], -10, -20);
    assert_vec_close(c[1], -10, 20);
}

static void test_orect_corners_ccw_are_the_corners_reversed_with_positive_area(void **state)
{
    (void)state;
    mu_orect r = stand(100, 50, 30);
    mu_vec2 c[4], ccw[4];
    mu_orect_corners(&r, c);
    mu_orect_corners_ccw(&r, ccw);
    for (int i = 0; i < 4; i++)
        assert_vec_close(ccw[i], c[3 - i].x, c[3 - i].y);
    mu_polygon q = {4, ccw};
    assert_close(mu_polygon_area(&q), 800, 1e-9);
    r = stand(0, 0, 0); /* unturned: back-left first */
    mu_orect_corners_ccw(&r, ccw);
    assert_vec_close(ccw[0], -20, -10);
    assert_vec_close(ccw[1], 20, -10);
    assert_vec_close(ccw[2], 20, 10);
    assert_vec_close(ccw[3], -20, 10);
}

static void test_orect_corners_ccw_unit_start_back_right_and_trust_the_facing(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    mu_vec2 u[4], ccw[4];
    mu_orect_corners_ccw_unit(&r, u);
    assert_vec_close(u[0], 20, -10); /* back-right */
    assert_vec_close(u[1], 20, 10);
    assert_vec_close(u[2], -20, 10);
    assert_vec_close(u[3], -20, -10);
    r = stand(-35, 12, 30);
    mu_orect_corners_ccw_unit(&r, u);
    mu_orect_corners_ccw(&r, ccw);
    for (int i = 0; i < 4; i++)
        assert_vec_close(u[i], ccw[(i + 1) % 4].x, ccw[(i + 1) % 4].y);
    /* the facing is used as given: one of length 2 doubles the reach */
    r = stand(0, 0, 0);
    r.facing = mu_v2(0, 2);
    mu_orect_corners_ccw_unit(&r, u);
    assert_vec_close(u[0], 40, -20);
    mu_orect_corners_ccw(&r, ccw);
    assert_vec_close(ccw[1], 20, -10);
}

static void test_orect_edges_join_consecutive_corners(void **state)
{
    (void)state;
    mu_vec2 c[4];
    mu_orect r = stand(3, 4, 30);
    mu_orect_corners(&r, c);
    for (int e = MU_EDGE_FRONT; e <= MU_EDGE_LEFT; e++) {
        mu_seg s = mu_orect_edge(&r, e);
        assert_vec_close(s.a, c[e].x, c[e].y);
        assert_vec_close(s.b, c[(e + 1) % 4].x, c[(e + 1) % 4].y);
    }
    mu_seg back = mu_orect_edge(&r, MU_EDGE_BACK);
    assert_close(mu_v2_dist(back.a, back.b), 40, TOL);
}

static void test_orect_contains_its_boundary_not_beyond(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    assert_true(mu_orect_contains(&r, mu_v2(0, 0)));
    assert_true(mu_orect_contains(&r, mu_v2(20, 10)));
    assert_true(mu_orect_contains(&r, mu_v2(-20, 0)));
    assert_false(mu_orect_contains(&r, mu_v2(20.1, 0)));
    mu_orect t = stand(100, 50, 30);
    mu_vec2 right = right_of(&t);
    assert_true(mu_orect_contains(&t, mu_v2_add(t.center, mu_v2_scale(right, 19.9))));
    assert_true(mu_orect_contains(&t, mu_v2_add(t.center, mu_v2_scale(right, 20))));
    assert_false(mu_orect_contains(&t, mu_v2_add(t.center, mu_v2_scale(right, 20.1))));
    assert_false(mu_orect_contains(&t, mu_v2(120, 45))); /* inside the unturned stand only */
}

static void test_point_orect_distance_to_edge_corner_and_inside(void **state)
{
    (void)state;
    mu_vec2 c;
    mu_orect r = stand(0, 0, 0);
    assert_close(mu_point_orect_distance(mu_v2(1, 2), &r, &c), 0, 0);
    assert_vec_close(c, 1, 2);
    assert_close(mu_point_orect_distance(mu_v2(30, 0), &r, &c), 10, TOL);
    assert_vec_close(c, 20, 0);
    assert_close(mu_point_orect_distance(mu_v2(23, 14), &r, &c), 5, TOL);
    assert_vec_close(c, 20, 10);
    mu_orect t = stand(100, 50, 30);
    mu_vec2 right = right_of(&t), p = mu_v2_add(t.center, mu_v2_scale(right, 25));
    assert_close(mu_point_orect_distance(p, &t, &c), 5, TOL);
    mu_vec2 e = mu_v2_add(t.center, mu_v2_scale(right, 20));
    assert_vec_close(c, e.x, e.y);
}

static void test_stands_edge_to_edge_touch_without_overlap(void **state)
{
    (void)state;
    mu_orect a = stand(0, 0, 0), b = stand(40, 0, 0), c = stand(0, 20, 0);
    assert_touching(&a, &b);
    assert_touching(&a, &c);
}

static void test_stands_edge_to_edge_turned_30_touch_without_overlap(void **state)
{
    (void)state;
    mu_orect a = stand(100, 50, 30), b = a;
    b.center = mu_v2_add(a.center, mu_v2_scale(right_of(&a), 40));
    assert_touching(&a, &b);
    b.center = mu_v2_add(a.center, mu_v2_scale(a.facing, 20)); /* b in front of a */
    assert_touching(&a, &b);
}

static void test_stands_turned_90_side_to_end_touch_without_overlap(void **state)
{
    (void)state;
    mu_orect a = stand(0, 0, 0), b = stand(30, 0, 90); /* b: x 20..40, y -20..20 */
    assert_touching(&a, &b);
    b = stand(30.01, 0, 90);
    assert_false(mu_orect_overlap(&a, &b));
    assert_close(mu_orect_distance(&a, &b, NULL, NULL), 0.01, TOL);
}

static void test_stands_corner_to_corner_touch_without_overlap(void **state)
{
    (void)state;
    mu_orect a = stand(0, 0, 0), b = stand(40, 20, 0);
    mu_vec2 pa, pb;
    assert_touching(&a, &b);
    mu_orect_distance(&a, &b, &pa, &pb);
    assert_vec_close(pa, 20, 10);
}

static void test_stand_turned_45_corner_on_corner_touches_without_overlap(void **state)
{
    (void)state;
    mu_orect a = stand(0, 0, 0), b = lowest_corner_at(stand(0, 0, 45), mu_v2(20, 10));
    assert_touching(&a, &b);
}

static void test_stands_0_01mm_apart_are_0_01mm_apart(void **state)
{
    (void)state;
    mu_vec2 pa, pb;
    mu_orect a = stand(0, 0, 0), b = stand(40.01, 0, 0);
    assert_false(mu_orect_overlap(&a, &b));
    assert_close(mu_orect_distance(&a, &b, &pa, &pb), 0.01, TOL);
    assert_close(pa.x, 20, TOL);
    assert_close(pb.x, 20.01, TOL);
    assert_close(pa.y, pb.y, TOL);
    mu_orect t = stand(100, 50, 30), u = t;
    u.center = mu_v2_add(t.center, mu_v2_scale(right_of(&t), 40.01));
    assert_close(mu_orect_distance(&t, &u, NULL, NULL), 0.01, TOL);
}

static void test_stands_diagonally_apart_are_corner_to_corner_distance(void **state)
{
    (void)state;
    mu_vec2 pa, pb;
    mu_orect a = stand(0, 0, 0), b = stand(43, 24, 0);
    assert_close(mu_orect_distance(&a, &b, &pa, &pb), 5, TOL);
    assert_vec_close(pa, 20, 10);
    assert_vec_close(pb, 23, 14);
}

static void test_stands_overlapping_by_1mm_overlap_at_distance_0(void **state)
{
    (void)state;
    mu_orect a = stand(0, 0, 0), b = stand(39, 0, 0);
    assert_true(mu_orect_overlap(&a, &b));
    assert_true(mu_orect_overlap(&b, &a));
    assert_close(mu_orect_distance(&a, &b, NULL, NULL), 0, 0);
}

static void test_overlap_shallower_than_tolerance_is_touching(void **state)
{
    (void)state;
    mu_orect a = stand(0, 0, 0), shallow = stand(40 - 0.5e-6, 0, 0), deep = stand(40 - 2e-6, 0, 0);
    assert_false(mu_orect_overlap(&a, &shallow));
    assert_true(mu_orect_overlap(&a, &deep));
    mu_orect near = stand(40 + 0.5e-6, 0, 0), apart = stand(40 + 2e-6, 0, 0);
    assert_close(mu_orect_distance(&a, &near, NULL, NULL), 0, 0);
    assert_close(mu_orect_distance(&a, &apart, NULL, NULL), 2e-6, 1e-12);
}

static void test_stand_turned_45_corner_on_edge_touches_into_edge_overlaps(void **state)
{
    (void)state;
    mu_vec2 pa, pb;
    mu_orect a = stand(0, 0, 0);
    mu_orect on = lowest_corner_at(stand(0, 0, 45), mu_v2(0, 10));
    assert_touching(&a, &on);
    mu_orect into = lowest_corner_at(stand(0, 0, 45), mu_v2(0, 9));
    assert_true(mu_orect_overlap(&a, &into));
    assert_true(mu_orect_overlap(&into, &a));
    assert_close(mu_orect_distance(&a, &into, NULL, NULL), 0, 0);
    mu_orect off = lowest_corner_at(stand(0, 0, 45), mu_v2(0, 10.01));
    assert_false(mu_orect_overlap(&a, &off));
    assert_close(mu_orect_distance(&a, &off, &pa, &pb), 0.01, TOL);
    assert_vec_close(pa, 0, 10);
    assert_vec_close(pb, 0, 10.01);
}

static void test_identical_stands_overlap(void **state)
{
    (void)state;
    mu_orect a = stand(7, 8, 30), b = stand(7, 8, 30);
    assert_true(mu_orect_overlap(&a, &b));
    assert_close(mu_orect_distance(&a, &b, NULL, NULL), 0, 0);
}

static void test_stand_inside_larger_rect_overlaps_at_distance_0(void **state)
{
    (void)state;
    mu_vec2 pa, pb;
    mu_orect big = {mu_v2(0, 0), mu_v2(0, 1), 200, 100};
    mu_orect a = stand(10, 5, 30);
    assert_true(mu_orect_overlap(&big, &a));
    assert_true(mu_orect_overlap(&a, &big));
    assert_close(mu_orect_distance(&big, &a, &pa, &pb), 0, 0);
    assert_vec_close(pa, pb.x, pb.y);
    assert_true(mu_orect_contains(&big, pa));
    assert_true(mu_orect_contains(&a, pa));
    assert_close(mu_orect_distance(&a, &big, NULL, NULL), 0, 0);
}

/* A zero-width rectangle (a line) is measured by how deep it reaches. */
static void test_zero_width_rect_overlaps_inside_touches_on_edge(void **state)
{
    (void)state;
    mu_orect a = stand(0, 0, 0);
    mu_orect inside = {mu_v2(0, 0), mu_v2(0, 1), 0, 20}, on_edge = {mu_v2(20, 0), mu_v2(0, 1), 0, 20};
    assert_true(mu_orect_overlap(&a, &inside));
    assert_touching(&a, &on_edge);
}

/* A fixed xorshift64 stream for the property test. */
static double uniform(uint64_t *x, double lo, double hi)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return lo + (hi - lo) * (double)(*x >> 11) / 9007199254740992.0;
}

/* Over many random stand pairs: overlap and distance are symmetric and
 * agree, closest points lie on each stand at the returned distance, and
 * the distance matches one sampled along a boundary. */
static void test_random_stand_pairs_distance_and_overlap_agree(void **state)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15u;
    int overlaps = 0, apart = 0;
    for (int i = 0; i < 5000; i++) {
        mu_orect a = stand(0, 0, uniform(&x, 0, 360));
        mu_orect b = stand(uniform(&x, -60, 60), uniform(&x, -60, 60), uniform(&x, 0, 360));
        mu_vec2 pa, pb, c[4];
        double d = mu_orect_distance(&a, &b, &pa, &pb);
        assert_int_equal(mu_orect_overlap(&a, &b), mu_orect_overlap(&b, &a));
        assert_close(mu_orect_distance(&b, &a, NULL, NULL), d, 1e-9);
        if (mu_orect_overlap(&a, &b)) {
            assert_close(d, 0, 0);
            overlaps++;
        }
        if (d > 0) {
            assert_close(mu_v2_dist(pa, pb), d, 1e-9);
            apart++;
        }
        assert_true(mu_point_orect_distance(pa, &a, NULL) <= 1e-9);
        assert_true(mu_point_orect_distance(pb, &b, NULL) <= 1e-9);
        /* Sampled along b's boundary (steps of at most 40/64 mm, and the
         * distance to a is 1-Lipschitz): never below d, near d if apart. */
        double sampled = INFINITY;
        mu_orect_corners(&b, c);
        for (int k = 0; k < 4; k++)
            for (int j = 0; j < 64; j++) {
                mu_vec2 p = mu_v2_add(c[k], mu_v2_scale(mu_v2_sub(c[(k + 1) % 4], c[k]), j / 64.0));
                double dp = mu_point_orect_distance(p, &a, NULL);
                assert_true(d <= dp + 1e-9);
                sampled = dp < sampled ? dp : sampled;
            }
        if (d > 0)
            assert_true(sampled <= d + 40.0 / 128.0 + 1e-9);
    }
    assert_true(overlaps > 100 && apart > 100);
}

/* ------------------------------------------------------------ sight lines */

static void test_sight_line_grazing_stand_edge_hits_but_does_not_cross(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    mu_seg graze = seg(-50, 10, 50, 10);
    assert_true(mu_seg_hits_orect(graze, &r));
    assert_false(mu_seg_crosses_orect_interior(graze, &r));
    mu_seg along = seg(-10, -10, 10, -10); /* lies on part of the back edge */
    assert_true(mu_seg_hits_orect(along, &r));
    assert_false(mu_seg_crosses_orect_interior(along, &r));
}

static void test_sight_line_through_corner_only_does_not_cross(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    mu_seg s = seg(0, 30, 30, 0); /* x + y = 30 touches (20, 10) */
    assert_true(mu_seg_hits_orect(s, &r));
    assert_false(mu_seg_crosses_orect_interior(s, &r));
}

static void test_sight_line_entering_stand_crosses(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    assert_true(mu_seg_crosses_orect_interior(seg(-50, 5, 50, 5), &r));
    assert_true(mu_seg_crosses_orect_interior(seg(0, 50, 0, 9.9), &r)); /* ends inside */
    assert_true(mu_seg_crosses_orect_interior(seg(-30, -15, 30, 15), &r)); /* corner to corner */
    assert_true(mu_seg_crosses_orect_interior(seg(-1, -1, 1, 1), &r)); /* wholly inside */
    assert_true(mu_seg_crosses_orect_interior(seg(1, 1, 1, 1), &r)); /* a point inside */
}

static void test_sight_line_ending_on_stand_edge_hits_but_does_not_cross(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    assert_true(mu_seg_hits_orect(seg(0, 50, 0, 10), &r));
    assert_false(mu_seg_crosses_orect_interior(seg(0, 50, 0, 10), &r));
    assert_false(mu_seg_crosses_orect_interior(seg(20, 10, 20, 10), &r)); /* a point at the corner */
}

static void test_sight_line_missing_stand_neither_hits_nor_crosses(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    assert_false(mu_seg_hits_orect(seg(-50, 10.01, 50, 10.01), &r));
    assert_false(mu_seg_crosses_orect_interior(seg(-50, 10.01, 50, 10.01), &r));
    assert_false(mu_seg_hits_orect(seg(30, 0, 60, 0), &r)); /* short of it, on its axis */
}

static void test_sight_lines_against_stand_turned_30(void **state)
{
    (void)state;
    mu_vec2 c[4];
    mu_orect r = stand(100, 50, 30);
    mu_orect_corners(&r, c);
    mu_vec2 e1 = mu_v2_unit(mu_v2_sub(c[1], c[0])), e2 = mu_v2_unit(mu_v2_sub(c[2], c[1]));
    /* Along the front edge, extended both ways: grazes. */
    mu_seg graze = {mu_v2_sub(c[0], mu_v2_scale(e1, 50)), mu_v2_add(c[1], mu_v2_scale(e1, 50))};
    assert_true(mu_seg_hits_orect(graze, &r));
    assert_false(mu_seg_crosses_orect_interior(graze, &r));
    /* Through the front-right corner on a supporting line: touches only. */
    mu_vec2 d = mu_v2_add(e1, e2);
    mu_seg corner = {mu_v2_sub(c[1], mu_v2_scale(d, 30)), mu_v2_add(c[1], mu_v2_scale(d, 30))};
    assert_true(mu_seg_hits_orect(corner, &r));
    assert_false(mu_seg_crosses_orect_interior(corner, &r));
    /* Through the same corner but into the stand: crosses. */
    d = mu_v2_sub(e1, e2);
    mu_seg enter = {mu_v2_sub(c[1], mu_v2_scale(d, 30)), mu_v2_add(c[1], mu_v2_scale(d, 30))};
    assert_true(mu_seg_crosses_orect_interior(enter, &r));
    /* Through the centre. */
    mu_seg through = {mu_v2(0, 0), mu_v2(200, 100)};
    assert_true(mu_seg_crosses_orect_interior(through, &r));
}

static void test_sight_line_between_stands_blocked_by_stand_between(void **state)
{
    (void)state;
    mu_orect shooter = stand(0, 0, 0), target = stand(0, 300, 180), screen = stand(10, 150, 0);
    mu_seg line = {mu_v2(0, 10), mu_v2(0, 290)}; /* front edge to front edge */
    assert_false(mu_seg_crosses_orect_interior(line, &shooter));
    assert_false(mu_seg_crosses_orect_interior(line, &target));
    assert_true(mu_seg_crosses_orect_interior(line, &screen));
    mu_orect beside = stand(20, 150, 0); /* its left edge lies on the line */
    assert_false(mu_seg_crosses_orect_interior(line, &beside));
}

/* ----------------------------------------------------------------- polygons */

/* An L: 200 x 200 mm with the 100 x 100 mm top-right quarter cut out (the
 * notch), counter-clockwise; the reflex vertex is (100, 100). */
static const mu_vec2 l_ccw[6] = {{0, 0}, {200, 0}, {200, 100}, {100, 100}, {100, 200}, {0, 200}};
static const mu_vec2 l_cw[6] = {{0, 200}, {100, 200}, {100, 100}, {200, 100}, {200, 0}, {0, 0}};
static const mu_polygon L = {6, l_ccw};
static const mu_polygon L_cw = {6, l_cw};

static void test_point_in_l_notch_is_outside_arms_are_inside(void **state)
{
    (void)state;
    const mu_polygon *polys[2] = {&L, &L_cw};
    for (int i = 0; i < 2; i++) {
        const mu_polygon *p = polys[i];
        assert_false(mu_point_in_polygon(p, mu_v2(150, 150)));
        assert_true(mu_point_in_polygon(p, mu_v2(50, 150)));
        assert_true(mu_point_in_polygon(p, mu_v2(150, 50)));
        assert_true(mu_point_in_polygon(p, mu_v2(50, 50)));
        assert_false(mu_point_in_polygon(p, mu_v2(250, 50)));
        assert_false(mu_point_in_polygon(p, mu_v2(-1, 50)));
    }
}

static void test_point_on_polygon_boundary_is_inside(void **state)
{
    (void)state;
    assert_true(mu_point_in_polygon(&L, mu_v2(100, 150))); /* notch wall */
    assert_true(mu_point_in_polygon(&L, mu_v2(150, 100))); /* notch floor */
    assert_true(mu_point_in_polygon(&L, mu_v2(100, 100))); /* reflex vertex */
    assert_true(mu_point_in_polygon(&L, mu_v2(200, 0)));   /* outer vertex */
    assert_true(mu_point_in_polygon(&L, mu_v2(50, 200)));
    assert_true(mu_point_in_polygon(&L, mu_v2(-0.5e-6, 50))); /* within tolerance */
    assert_false(mu_point_in_polygon(&L, mu_v2(-1e-5, 50)));
}

/* A ray cast level with the horizontal notch floor and with vertices. */
static void test_point_level_with_polygon_vertices_is_classified_correctly(void **state)
{
    (void)state;
    assert_true(mu_point_in_polygon(&L, mu_v2(50, 100)));
    assert_false(mu_point_in_polygon(&L, mu_v2(-50, 100)));
    assert_false(mu_point_in_polygon(&L, mu_v2(-50, 0)));
    assert_false(mu_point_in_polygon(&L, mu_v2(-50, 200)));
    assert_false(mu_point_in_polygon(&L, mu_v2(250, 100)));
}

static void test_point_in_rotated_l_matches_unrotated(void **state)
{
    (void)state;
    mu_vec2 pivot = mu_v2(37, -12), v[6];
    double a = deg(30);
    for (int i = 0; i < 6; i++)
        v[i] = mu_v2_rotate_about(l_ccw[i], pivot, a);
    mu_polygon r = {6, v};
    const mu_vec2 probes[6] = {{150, 150}, {50, 150}, {150, 50}, {100, 150}, {100, 100}, {250, 50}};
    for (int i = 0; i < 6; i++)
        assert_int_equal(mu_point_in_polygon(&r, mu_v2_rotate_about(probes[i], pivot, a)),
                         mu_point_in_polygon(&L, probes[i]));
    assert_close(mu_polygon_area(&r), 30000, 1e-6);
}

static void test_polygon_area_is_signed_by_winding(void **state)
{
    (void)state;
    assert_close(mu_polygon_area(&L), 30000, TOL);
    assert_close(mu_polygon_area(&L_cw), -30000, TOL);
}

static void test_l_square_and_triangle_are_simple(void **state)
{
    (void)state;
    const mu_vec2 sq[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}}, tri[3] = {{0, 0}, {10, 0}, {0, 10}};
    mu_polygon psq = {4, sq}, ptri = {3, tri};
    assert_true(mu_polygon_is_simple(&L));
    assert_true(mu_polygon_is_simple(&L_cw));
    assert_true(mu_polygon_is_simple(&psq));
    assert_true(mu_polygon_is_simple(&ptri));
}

static void test_self_crossing_or_degenerate_polygons_are_not_simple(void **state)
{
    (void)state;
    const mu_vec2 bowtie[4] = {{0, 0}, {10, 10}, {10, 0}, {0, 10}};
    const mu_vec2 flat[3] = {{0, 0}, {5, 5}, {10, 10}};
    const mu_vec2 repeat[5] = {{0, 0}, {10, 0}, {10, 0}, {10, 10}, {0, 10}};
    const mu_vec2 pinch[5] = {{0, 0}, {20, 0}, {20, 20}, {10, 0}, {0, 20}}; /* vertex on edge 0 */
    const mu_vec2 fold[4] = {{0, 0}, {20, 0}, {10, 0}, {10, 10}}; /* doubles back on itself */
    mu_polygon p1 = {4, bowtie}, p2 = {3, flat}, p3 = {5, repeat}, p4 = {5, pinch}, p5 = {2, flat},
               p6 = {4, fold}, p0 = {0, NULL};
    assert_false(mu_polygon_is_simple(&p1));
    assert_false(mu_polygon_is_simple(&p2));
    assert_false(mu_polygon_is_simple(&p3));
    assert_false(mu_polygon_is_simple(&p4));
    assert_false(mu_polygon_is_simple(&p5));
    assert_false(mu_polygon_is_simple(&p6));
    assert_false(mu_polygon_is_simple(&p0));
}

static void test_stand_inside_polygon_vs_straddling_its_edge(void **state)
{
    (void)state;
    mu_orect in = stand(50, 50, 0), straddle = stand(200, 50, 0);
    assert_true(mu_orect_inside_polygon(&in, &L));
    assert_true(mu_orect_meets_polygon(&in, &L));
    assert_close(mu_orect_polygon_distance(&in, &L, NULL, NULL), 0, 0);
    assert_false(mu_orect_inside_polygon(&straddle, &L));
    assert_true(mu_orect_meets_polygon(&straddle, &L));
    assert_close(mu_orect_polygon_distance(&straddle, &L, NULL, NULL), 0, 0);
}

static void test_stand_against_polygon_edge_inside_is_inside_outside_meets(void **state)
{
    (void)state;
    mu_orect corner = stand(20, 10, 0); /* fills the L's corner at (0, 0) */
    assert_true(mu_orect_inside_polygon(&corner, &L));
    assert_true(mu_orect_inside_polygon(&corner, &L_cw));
    mu_orect outside = stand(220, 50, 0); /* left edge on x = 200 */
    assert_false(mu_orect_inside_polygon(&outside, &L));
    assert_true(mu_orect_meets_polygon(&outside, &L));
    assert_close(mu_orect_polygon_distance(&outside, &L, NULL, NULL), 0, 0);
    mu_orect apart = stand(220.01, 50, 0);
    assert_false(mu_orect_meets_polygon(&apart, &L));
    assert_close(mu_orect_polygon_distance(&apart, &L, NULL, NULL), 0.01, TOL);
}

static void test_stand_turned_30_inside_polygon_arm(void **state)
{
    (void)state;
    mu_orect r = stand(50, 150, 30);
    assert_true(mu_orect_inside_polygon(&r, &L));
    assert_true(mu_orect_inside_polygon(&r, &L_cw));
}

/* All four corners lie in the L, but the stand bridges the notch. */
static void test_stand_bridging_l_notch_is_not_inside_though_corners_are(void **state)
{
    (void)state;
    mu_vec2 c[4];
    mu_orect r = stand(100, 100, -45);
    mu_orect_corners(&r, c);
    for (int i = 0; i < 4; i++)
        assert_true(mu_point_in_polygon(&L, c[i]));
    assert_false(mu_orect_inside_polygon(&r, &L));
    assert_false(mu_orect_inside_polygon(&r, &L_cw));
    assert_true(mu_orect_meets_polygon(&r, &L));
}

static void test_stand_in_l_notch_is_outside_at_wall_distance(void **state)
{
    (void)state;
    mu_vec2 pr, pp;
    mu_orect r = stand(150, 150, 0); /* x 130..170, y 140..160 */
    assert_false(mu_orect_meets_polygon(&r, &L));
    assert_false(mu_orect_inside_polygon(&r, &L));
    assert_close(mu_orect_polygon_distance(&r, &L, &pr, &pp), 30, TOL);
    assert_close(pr.x, 130, TOL);
    assert_close(pp.x, 100, TOL);
    assert_close(pr.y, pp.y, TOL);
}

static void test_polygon_inside_stand_meets_but_stand_is_not_inside_it(void **state)
{
    (void)state;
    mu_vec2 pr, pp;
    const mu_vec2 tri[3] = {{-5, -5}, {5, -5}, {0, 5}};
    mu_polygon t = {3, tri};
    mu_orect r = stand(0, 0, 0);
    assert_true(mu_orect_meets_polygon(&r, &t));
    assert_false(mu_orect_inside_polygon(&r, &t));
    assert_close(mu_orect_polygon_distance(&r, &t, &pr, &pp), 0, 0);
    assert_vec_close(pr, pp.x, pp.y);
    assert_true(mu_orect_contains(&r, pr));
    assert_true(mu_point_in_polygon(&t, pr));
}

static void test_polygon_distance_apart_touching_and_nested(void **state)
{
    (void)state;
    const mu_vec2 a[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    const mu_vec2 b[4] = {{13, 14}, {20, 14}, {20, 20}, {13, 20}};
    const mu_vec2 c[4] = {{10, 2}, {20, 2}, {20, 8}, {10, 8}};
    const mu_vec2 d[4] = {{-10, -10}, {30, -10}, {30, 30}, {-10, 30}};
    mu_polygon pa = {4, a}, pb = {4, b}, pc = {4, c}, pd = {4, d}, empty = {0, NULL};
    mu_vec2 qa, qb;
    assert_close(mu_polygon_distance(&pa, &pb, &qa, &qb), 5, TOL);
    assert_vec_close(qa, 10, 10);
    assert_vec_close(qb, 13, 14);
    assert_close(mu_polygon_distance(&pa, &pc, NULL, NULL), 0, 0);
    assert_close(mu_polygon_distance(&pa, &pd, NULL, NULL), 0, 0);
    assert_close(mu_polygon_distance(&pd, &pa, NULL, NULL), 0, 0);
    assert_true(isinf(mu_polygon_distance(&pa, &empty, NULL, NULL)));
}

static void test_segment_meets_polygon_inside_across_and_at_vertex(void **state)
{
    (void)state;
    assert_false(mu_seg_meets_polygon(seg(150, 250, 150, 150), &L)); /* into the notch only */
    assert_true(mu_seg_meets_polygon(seg(150, 250, 150, 50), &L));   /* through the notch floor */
    assert_true(mu_seg_meets_polygon(seg(40, 40, 60, 60), &L));      /* wholly inside */
    assert_true(mu_seg_meets_polygon(seg(250, 50, 150, 150), &L));   /* only at vertex (200, 100) */
    assert_true(mu_seg_meets_polygon(seg(50, 0, 150, 0), &L));       /* along an edge */
    assert_false(mu_seg_meets_polygon(seg(210, 0, 210, 300), &L));   /* parallel, 10 mm out */
    assert_true(mu_seg_meets_polygon(seg(5, 5, 5, 5), &L));          /* a point inside */
    mu_polygon empty = {0, NULL};
    assert_false(mu_seg_meets_polygon(seg(5, 5, 6, 6), &empty));
}

static void test_segment_inside_polygon_through_reflex_vertex_not_across_notch(void **state)
{
    (void)state;
    assert_true(mu_seg_inside_polygon(seg(50, 150, 150, 50), &L));  /* via (100, 100) */
    assert_true(mu_seg_inside_polygon(seg(50, 150, 150, 50), &L_cw));
    assert_false(mu_seg_inside_polygon(seg(90, 120, 120, 90), &L));  /* ends in, cuts the notch */
    assert_false(mu_seg_inside_polygon(seg(90, 120, 120, 90), &L_cw));
    assert_true(mu_seg_inside_polygon(seg(0, 0, 200, 0), &L));      /* along an edge */
    assert_true(mu_seg_inside_polygon(seg(200, 100, 100, 100), &L)); /* along the notch floor */
    assert_false(mu_seg_inside_polygon(seg(0, 0, 250, 0), &L));      /* runs off the end */
    assert_true(mu_seg_inside_polygon(seg(5, 5, 5, 5), &L));
    assert_false(mu_seg_inside_polygon(seg(150, 150, 150, 150), &L));
}

/* ------------------------------------------------------------------ circles */

static void test_stand_circle_distance_touching_apart_and_at_corner(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    mu_circle touch = {mu_v2(30, 0), 10}, apart = {mu_v2(30.01, 0), 10};
    mu_circle at_corner = {mu_v2(23, 14), 5}, off_corner = {mu_v2(23, 14), 4};
    assert_close(mu_orect_circle_distance(&r, &touch), 0, 0);
    assert_close(mu_orect_circle_distance(&r, &apart), 0.01, TOL);
    assert_close(mu_orect_circle_distance(&r, &at_corner), 0, 0);
    assert_close(mu_orect_circle_distance(&r, &off_corner), 1, TOL);
}

static void test_stand_circle_distance_0_when_either_contains_the_other(void **state)
{
    (void)state;
    mu_orect r = stand(0, 0, 0);
    mu_circle small = {mu_v2(1, 1), 5}, big = {mu_v2(0, 0), 100};
    assert_close(mu_orect_circle_distance(&r, &small), 0, 0);
    assert_close(mu_orect_circle_distance(&r, &big), 0, 0);
}

static void test_turned_stand_circle_distance(void **state)
{
    (void)state;
    mu_orect t = stand(100, 50, 30);
    mu_circle c = {mu_v2_add(t.center, mu_v2_scale(right_of(&t), 33)), 10};
    assert_close(mu_orect_circle_distance(&t, &c), 3, TOL);
    mu_orect q = stand(0, 0, 90); /* x -10..10, y -20..20 */
    mu_circle d = {mu_v2(0, 25), 3};
    assert_close(mu_orect_circle_distance(&q, &d), 2, TOL);
}

static void test_segment_tangent_to_circle_meets_just_outside_does_not(void **state)
{
    (void)state;
    mu_circle c = {mu_v2(0, 0), 10};
    assert_true(mu_seg_meets_circle(seg(-20, 10, 20, 10), &c));
    assert_false(mu_seg_meets_circle(seg(-20, 10.01, 20, 10.01), &c));
    mu_vec2 p = mu_v2_rotate(mu_v2(10, 0), deg(30)), d = mu_v2_perp(mu_v2_unit(p));
    mu_seg tangent = {mu_v2_sub(p, mu_v2_scale(d, 15)), mu_v2_add(p, mu_v2_scale(d, 15))};
    assert_true(mu_seg_meets_circle(tangent, &c));
}

static void test_segment_inside_or_short_of_circle(void **state)
{
    (void)state;
    mu_circle c = {mu_v2(0, 0), 10};
    assert_true(mu_seg_meets_circle(seg(1, 1, 2, 2), &c));     /* wholly inside */
    assert_true(mu_seg_meets_circle(seg(0, 0, 0, 0), &c));     /* a point at the centre */
    assert_true(mu_seg_meets_circle(seg(20, 0, 10, 0), &c));   /* ends on the circle */
    assert_false(mu_seg_meets_circle(seg(20, 0, 11, 0), &c));  /* stops short */
    assert_true(mu_seg_meets_circle(seg(-20, 5, 20, 5), &c));  /* a chord */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rotate_quarter_turn_is_counter_clockwise),
        cmocka_unit_test(test_unit_has_length_one_and_keeps_zero),
        cmocka_unit_test(test_dot_cross_len_and_perp_of_small_vectors),
        cmocka_unit_test(test_turn_is_the_short_way_and_a_half_turn_is_plus_pi),
        cmocka_unit_test(test_point_seg_distance_projects_inside_and_clamps_at_ends),
        cmocka_unit_test(test_point_seg_distance_to_zero_length_segment_is_to_its_point),
        cmocka_unit_test(test_crossing_segments_intersect_at_the_crossing),
        cmocka_unit_test(test_rotated_30_segments_cross_where_expected),
        cmocka_unit_test(test_t_touching_segments_intersect_at_the_foot),
        cmocka_unit_test(test_segments_meeting_end_to_end_intersect),
        cmocka_unit_test(test_segment_stopping_0_01mm_short_misses_by_0_01mm),
        cmocka_unit_test(test_collinear_overlapping_segments_intersect_in_the_overlap),
        cmocka_unit_test(test_collinear_disjoint_segments_are_the_gap_apart),
        cmocka_unit_test(test_nearly_collinear_far_segments_do_not_intersect),
        cmocka_unit_test(test_parallel_segments_are_their_offset_apart),
        cmocka_unit_test(test_skew_segments_closest_at_an_endpoint),
        cmocka_unit_test(test_zero_length_segments_work_as_points),
        cmocka_unit_test(test_proper_crossing_needs_both_ends_beyond_tolerance),
        cmocka_unit_test(test_near_segment_means_within_tolerance_both_ways),
        cmocka_unit_test(test_near_ways_differ_only_in_rounding_at_the_tolerance),
        cmocka_unit_test(test_orect_from_front_sets_centre_behind_front_midpoint),
        cmocka_unit_test(test_orect_corners_run_front_left_front_right_back_right_back_left),
        cmocka_unit_test(test_orect_corners_ccw_are_the_corners_reversed_with_positive_area),
        cmocka_unit_test(test_orect_corners_ccw_unit_start_back_right_and_trust_the_facing),
        cmocka_unit_test(test_orect_edges_join_consecutive_corners),
        cmocka_unit_test(test_orect_contains_its_boundary_not_beyond),
        cmocka_unit_test(test_point_orect_distance_to_edge_corner_and_inside),
        cmocka_unit_test(test_stands_edge_to_edge_touch_without_overlap),
        cmocka_unit_test(test_stands_edge_to_edge_turned_30_touch_without_overlap),
        cmocka_unit_test(test_stands_turned_90_side_to_end_touch_without_overlap),
        cmocka_unit_test(test_stands_corner_to_corner_touch_without_overlap),
        cmocka_unit_test(test_stand_turned_45_corner_on_corner_touches_without_overlap),
        cmocka_unit_test(test_stands_0_01mm_apart_are_0_01mm_apart),
        cmocka_unit_test(test_stands_diagonally_apart_are_corner_to_corner_distance),
        cmocka_unit_test(test_stands_overlapping_by_1mm_overlap_at_distance_0),
        cmocka_unit_test(test_overlap_shallower_than_tolerance_is_touching),
        cmocka_unit_test(test_stand_turned_45_corner_on_edge_touches_into_edge_overlaps),
        cmocka_unit_test(test_identical_stands_overlap),
        cmocka_unit_test(test_stand_inside_larger_rect_overlaps_at_distance_0),
        cmocka_unit_test(test_zero_width_rect_overlaps_inside_touches_on_edge),
        cmocka_unit_test(test_random_stand_pairs_distance_and_overlap_agree),
        cmocka_unit_test(test_sight_line_grazing_stand_edge_hits_but_does_not_cross),
        cmocka_unit_test(test_sight_line_through_corner_only_does_not_cross),
        cmocka_unit_test(test_sight_line_entering_stand_crosses),
        cmocka_unit_test(test_sight_line_ending_on_stand_edge_hits_but_does_not_cross),
        cmocka_unit_test(test_sight_line_missing_stand_neither_hits_nor_crosses),
        cmocka_unit_test(test_sight_lines_against_stand_turned_30),
        cmocka_unit_test(test_sight_line_between_stands_blocked_by_stand_between),
        cmocka_unit_test(test_point_in_l_notch_is_outside_arms_are_inside),
        cmocka_unit_test(test_point_on_polygon_boundary_is_inside),
        cmocka_unit_test(test_point_level_with_polygon_vertices_is_classified_correctly),
        cmocka_unit_test(test_point_in_rotated_l_matches_unrotated),
        cmocka_unit_test(test_polygon_area_is_signed_by_winding),
        cmocka_unit_test(test_l_square_and_triangle_are_simple),
        cmocka_unit_test(test_self_crossing_or_degenerate_polygons_are_not_simple),
        cmocka_unit_test(test_stand_inside_polygon_vs_straddling_its_edge),
        cmocka_unit_test(test_stand_against_polygon_edge_inside_is_inside_outside_meets),
        cmocka_unit_test(test_stand_turned_30_inside_polygon_arm),
        cmocka_unit_test(test_stand_bridging_l_notch_is_not_inside_though_corners_are),
        cmocka_unit_test(test_stand_in_l_notch_is_outside_at_wall_distance),
        cmocka_unit_test(test_polygon_inside_stand_meets_but_stand_is_not_inside_it),
        cmocka_unit_test(test_polygon_distance_apart_touching_and_nested),
        cmocka_unit_test(test_segment_meets_polygon_inside_across_and_at_vertex),
        cmocka_unit_test(test_segment_inside_polygon_through_reflex_vertex_not_across_notch),
        cmocka_unit_test(test_stand_circle_distance_touching_apart_and_at_corner),
        cmocka_unit_test(test_stand_circle_distance_0_when_either_contains_the_other),
        cmocka_unit_test(test_turned_stand_circle_distance),
        cmocka_unit_test(test_segment_tangent_to_circle_meets_just_outside_does_not),
        cmocka_unit_test(test_segment_inside_or_short_of_circle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
