/* The planner's point moves (ordered moves toward a point, moves away
 * from a unit) with the search's short cuts against the same search with
 * none (wm_plan_request.exhaustive: every candidate checked in full by
 * the exhaustive move check): on states of real games of
 * experiments/default.yaml the plans must be equal bit for bit. The short
 * cut this holds first is the refusal of candidates sure to fail
 * (wm_move_ctx_sure_fault), which must refuse many here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "warmaster/wm_planner.h"
#include "wm_charge_sample.h"

#include <stdio.h>

#ifndef MUSTER_SOURCE_DIR
#error "MUSTER_SOURCE_DIR must be defined"
#endif

typedef struct tally {
    int plans, moved, refused, differ;
} tally;

static int same_plan(const wm_plan *a, const wm_plan *b)
{
    return a->moved == b->moved && a->reached == b->reached && memcmp(&a->move, &b->move, sizeof a->move) == 0 &&
           memcmp(&a->report, &b->report, sizeof a->report) == 0 &&
           memcmp(&a->advance_mm, &b->advance_mm, sizeof a->advance_mm) == 0 &&
           memcmp(&a->remaining_mm, &b->remaining_mm, sizeof a->remaining_mm) == 0 &&
           memcmp(&a->target_mm, &b->target_mm, sizeof a->target_mm) == 0;
}

static void both_ways(tally *t, const wm_battlefield *bf, wm_plan_request rq)
{
    wm_plan fast, slow;
    memset(&fast, 0, sizeof fast);
    memset(&slow, 0, sizeof slow);
    wm_plan_move(bf, &rq, &fast);
    rq.exhaustive = 1;
    wm_plan_move(bf, &rq, &slow);
    t->plans++;
    t->moved += fast.moved;
    t->refused += fast.refused;
    t->differ += !same_plan(&fast, &slow);
}

/* For each sampled (unit, target): toward the target's centre keeping
 * formation, in line and in column, and away from the target. */
static void on_pair(void *user, const wm_game *g, int unit, int target, int initiative)
{
    tally *t = user;
    (void)initiative;
    static const wm_form forms[] = {WM_FORM_KEEP, WM_FORM_LINE, WM_FORM_COLUMN};
    for (int k = 0; k < 3; k++) {
        wm_plan_request rq = wm_plan_request_make(unit, WM_GOAL_POINT, forms[k], WM_MOVE_ORDERED);
        rq.point = wm_unit_centre(&g->bf.unit[target]);
        both_ways(t, &g->bf, rq);
    }
    wm_plan_request rq = wm_plan_request_make(unit, WM_GOAL_AWAY, WM_FORM_KEEP, WM_MOVE_ORDERED);
    rq.target = target;
    both_ways(t, &g->bf, rq);
}

static void test_point_moves_as_without_short_cuts(void **state)
{
    (void)state;
    tally t = {0};
    char err[512];
    if (wm_charge_sample_games(MUSTER_SOURCE_DIR "/experiments/default.yaml", 1, 2, on_pair, &t, err, sizeof err))
        fail_msg("%s", err);
    printf("# %d plans, %d move, %d candidates refused unchecked, %d plans differ\n", t.plans, t.moved, t.refused,
           t.differ);
    assert_true(t.plans >= 100 && t.moved >= 50 && t.refused >= 100);
    assert_int_equal(t.differ, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_point_moves_as_without_short_cuts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
