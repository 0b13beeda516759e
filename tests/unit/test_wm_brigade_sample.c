/* Brigade orders in real games (issue 12 item 2): games 1000..1009 of
 * arm 2 of experiments/default.yaml (its seed; the aggressive-v-cautious arm, where
 * the cautious player orders brigades), every successful order to two or
 * more units made as the game makes it (wm_g_move_group on a copy) and,
 * when it moves nothing, the slow reference asked whether a legal brigade
 * move makes the body's centre 1 cm nearer the goal (or its fallback).
 * The figure asked: successful brigade orders that move nothing only when
 * the reference finds nothing either (here with a budget of 300 planner
 * calls a goal: bench/bench_wm_brigade.c runs bigger samples and
 * budgets). Also: fewer orders move nothing than the shared displacement
 * alone left (43 of 92 on these games before the change).
 * These games once held a miss: turn 6, side 1, a body of four units
 * facing (0, -1), where the reference gains 14.1 mm by moving one
 * infantry unit 120 mm to the west so that it touches the chariots
 * corner to corner; members now try corner-to-corner places too
 * (brigade_move.c, SLIDES), and without them this test fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "wm_brigade_sample.h"

/* RULE wm.game.brigade-reform wm.brigade.stays-touching */
static void test_wm_brigade_orders_move_nothing_only_when_the_reference_cannot(void **state)
{
    (void)state;
    static wbs_sampler s = {.grid = {.grid_mm = 20.0, .slide_mm = 10.0, .need_mm = 10.0}, .budget = 300};
    assert_int_equal(wbs_play(&s, MUSTER_SOURCE_DIR "/experiments/default.yaml", 2, 1000, 10), 0);
    const wbs_figures *f = &s.fig;
    print_message("orders %ld, moved nothing %ld: reference found %ld, none %ld, gave up %ld\n", f->orders,
                  f->moved_nothing, f->ref_found, f->ref_none, f->ref_gave_up);
    assert_int_equal(f->games, 10);
    assert_true(f->orders >= 50);
    assert_int_equal(f->ref_found, 0);
    assert_int_equal(f->ref_found + f->ref_none + f->ref_gave_up, f->moved_nothing);
    assert_true(f->moved_nothing * 100 < 35 * f->orders);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_brigade_orders_move_nothing_only_when_the_reference_cannot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
