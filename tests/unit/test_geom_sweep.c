/* Shapes in motion (core/geom_sweep.c): a ray against a segment, how far
 * a polygon moves along a line before it meets another and when it has
 * passed it, and the area a stand sweeps moving straight. Test shapes:
 * 10 mm squares, a 200 mm L (a notch at its top right), 40 x 20 mm
 * stands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/geom_sweep.h"
#include "assert_close.h"
#include "geom_shapes.h"

#define TOL 1e-9

static const mu_vec2 L[6] = {{0, 0}, {200, 0}, {200, 100}, {100, 100}, {100, 200}, {0, 200}};


static void test_ray_meets_segment_ahead_not_behind_or_alongside(void **state)
{
    (void)state;
    mu_vec2 o = mu_v2(0, 0), east = mu_v2(1, 0);
    assert_close(mu_ray_seg_hit(o, east, seg(5, -1, 5, 1)), 5, TOL);
    assert_close(mu_ray_seg_hit(o, east, seg(5, 1, 5, -1)), 5, TOL);
    assert_close(mu_ray_seg_hit(o, mu_v2(2, 0), seg(5, -1, 5, 1)), 2.5, TOL); /* in lengths of d */
    assert_close(mu_ray_seg_hit(o, mu_v2(0.6, 0.8), seg(0, 10, 10, 10)), 12.5, TOL);
    assert_true(isinf(mu_ray_seg_hit(o, east, seg(-5, -1, -5, 1))));  /* behind */
    assert_true(isinf(mu_ray_seg_hit(o, east, seg(1, 1, 5, 1))));     /* parallel */
    assert_true(isinf(mu_ray_seg_hit(o, east, seg(2, 0, 6, 0))));     /* along it */
    assert_true(isinf(mu_ray_seg_hit(o, east, seg(5, 0, 5, 0))));     /* a point */
    assert_true(isinf(mu_ray_seg_hit(o, east, seg(5, 1e-3, 5, 2))));  /* past its end */
    assert_close(mu_ray_seg_hit(o, east, seg(5, 1e-10, 5, 2)), 5, TOL); /* within 1e-9 of it */
    assert_close(mu_ray_seg_hit(o, east, seg(-1e-10, -1, -1e-10, 1)), 0, 0); /* just behind: 0 */
}

static void test_sweep_stops_at_first_contact(void **state)
{
    (void)state;
    mu_vec2 a[4], b[4];
    box(a, 0, 0, 10, 10);
    box(b, 20, 0, 30, 10);
    assert_close(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4), 10, TOL);
    box(b, 20, 5, 30, 15);
    assert_close(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4), 10, TOL);
    const mu_vec2 tri[3] = {{30, 5}, {40, 0}, {40, 10}}; /* a vertex first */
    assert_close(mu_sweep_contact(a, 4, mu_v2(1, 0), tri, 3), 20, TOL);
    assert_close(mu_sweep_contact(tri, 3, mu_v2(-1, 0), a, 4), 20, TOL);
    mu_vec2 d = mu_v2(0.6, 0.8); /* slanted: the corner (10, 10) meets b's bottom edge */
    box(b, 13, 14, 40, 40);
    assert_close(mu_sweep_contact(a, 4, d, b, 4), 5, TOL);
}

static void test_sweep_slides_past_and_moves_away_freely(void **state)
{
    (void)state;
    mu_vec2 a[4], b[4];
    box(a, 0, 0, 10, 10);
    box(b, 20, 10, 30, 20); /* sliding along its edge */
    assert_true(isinf(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4)));
    box(b, 20, 10.002, 30, 20); /* beyond the swept band */
    assert_true(isinf(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4)));
    box(b, -30, 0, -20, 10); /* behind */
    assert_true(isinf(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4)));
    box(b, 10, 0, 20, 10); /* touching: into it at once, away freely */
    assert_close(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4), 0, 0);
    box(b, 10 - 0.5e-6, 0, 20, 10); /* into it by less than the tolerance: no ray hit at 0 */
    assert_close(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4), 0, 0);
    assert_true(isinf(mu_sweep_contact(a, 4, mu_v2(-1, 0), b, 4)));
    assert_true(isinf(mu_sweep_contact(a, 4, mu_v2(0, 1), b, 4)));
}

/* A band shared 2e-6 mm deep is contact; 0.5e-6 mm deep is grazing. */
static void test_sweep_grazing_within_tolerance_is_no_contact(void **state)
{
    (void)state;
    mu_vec2 a[4], b[4];
    box(a, 0, 0, 10, 10);
    box(b, 20, 10 - 2e-6, 30, 20);
    assert_close(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4), 10, TOL);
    box(b, 20, 10 - 0.5e-6, 30, 20);
    assert_true(isinf(mu_sweep_contact(a, 4, mu_v2(1, 0), b, 4)));
}

static void test_sweep_into_a_notch_meets_its_walls(void **state)
{
    (void)state;
    mu_vec2 a[4];
    box(a, 120, 130, 140, 150);
    assert_close(mu_sweep_contact(a, 4, mu_v2(0, -1), L, 6), 30, TOL);
    assert_close(mu_sweep_contact(a, 4, mu_v2(-1, 0), L, 6), 20, TOL);
    assert_true(isinf(mu_sweep_contact(a, 4, mu_v2(0, 1), L, 6)));
    assert_true(isinf(mu_sweep_contact(a, 4, mu_v2(1, 0), L, 6)));
}

static void test_sweep_exit_is_where_it_has_passed_completely(void **state)
{
    (void)state;
    mu_vec2 a[4], b[4];
    box(a, 0, 0, 10, 10);
    box(b, 20, 0, 30, 10);
    assert_close(mu_sweep_exit(a, 4, mu_v2(1, 0), b, 4, 10), 30, TOL);
    box(b, 20, 5, 50, 15);
    assert_close(mu_sweep_exit(a, 4, mu_v2(1, 0), b, 4, 10), 50, TOL);
    box(b, 20, 50, 30, 60); /* never met: t_in back */
    assert_close(mu_sweep_exit(a, 4, mu_v2(1, 0), b, 4, 7), 7, 0);
}

static void test_stand_sweep_hull_is_the_stand_stretched_along_the_move(void **state)
{
    (void)state;
    mu_orect r = {mu_v2(0, 0), mu_v2(0, 1), 40, 20};
    mu_vec2 h[8];
    int n = mu_orect_sweep_hull(&r, mu_v2(0, 100), h); /* straight ahead */
    assert_int_equal(n, 4);
    assert_close(area(h, n), 40 * 120, TOL);
    n = mu_orect_sweep_hull(&r, mu_v2(100, 100), h); /* diagonally: a hexagon */
    assert_int_equal(n, 6);
    assert_close(area(h, n), 800 + 100 * 20 + 100 * 40, 1e-6);
    n = mu_orect_sweep_hull(&r, mu_v2(0, 0), h); /* standing still: the stand */
    assert_int_equal(n, 4);
    assert_close(area(h, n), 800, TOL);
    mu_vec2 lo = h[0];
    for (int i = 1; i < n; i++)
        if (h[i].x < lo.x || (h[i].x == lo.x && h[i].y < lo.y))
            lo = h[i];
    assert_close(h[0].x, lo.x, 0); /* from the least point */
    assert_close(h[0].y, lo.y, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ray_meets_segment_ahead_not_behind_or_alongside),
        cmocka_unit_test(test_sweep_stops_at_first_contact),
        cmocka_unit_test(test_sweep_slides_past_and_moves_away_freely),
        cmocka_unit_test(test_sweep_grazing_within_tolerance_is_no_contact),
        cmocka_unit_test(test_sweep_into_a_notch_meets_its_walls),
        cmocka_unit_test(test_sweep_exit_is_where_it_has_passed_completely),
        cmocka_unit_test(test_stand_sweep_hull_is_the_stand_stretched_along_the_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
