/* How a team re-splits its batches (src/sim/batch_sizes.c,
 * batch_rebalance): member 0's measured extra work, counted in games at
 * its own pace, moves to the others; how much the games themselves cost
 * moves nothing. */
#include "batch_sizes.h"

#include "muster/team.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define ONE MU_TEAM_WEIGHT_ONE

/* Whole games: member 0 drew games that cost 30% more than the others'
 * (its play time is longer) but did nothing else that they did not: its
 * weight stays one. Under the old reading (member 0's whole busy time
 * against the others') it would have played 46.5% of the next batch
 * instead of half. */
static void test_rebalance_ignores_what_the_games_cost(void **state)
{
    (void)state;
    uint64_t play[2] = {1300000, 1000000}, extra[2] = {2000, 2000};
    assert_int_equal(batch_rebalance(ONE, 600, 300, play, extra, 2), ONE);
    uint64_t extra_less[2] = {1000, 5000}; /* the others busier apart from playing: still one at most */
    assert_int_equal(batch_rebalance(ONE, 600, 300, play, extra_less, 2), ONE);
}

/* 1,000 games, 2 members, member 0 played 500 in 500 us (1 us a game) and
 * was busy 200 us more than the other apart from playing: its extra work
 * is 200 games, so it should play (1000 - 200) / 2 = 400 and the other 600,
 * weight 1024 * 400 / 600 = 682; half way from 1024: 853. */
static void test_rebalance_moves_the_writers_extra_work(void **state)
{
    (void)state;
    uint64_t play[2] = {500, 520}, extra[2] = {300, 100};
    assert_int_equal(batch_rebalance(ONE, 1000, 500, play, extra, 2), (ONE + ONE * 400 / 600) / 2);
    /* four members: 1,200 games, member 0 played 300 in 300 us with 100 us
     * more work: it should play 225, each other 325 (225 + 3 x 325 = 1200) */
    uint64_t play4[2] = {300, 300}, extra4[2] = {100, 0};
    assert_int_equal(batch_rebalance(ONE, 1200, 300, play4, extra4, 4), (ONE + ONE * 225 / 325) / 2);
    /* more extra work than all the games: member 0 plays none */
    uint64_t extra_all[2] = {5000, 0};
    assert_int_equal(batch_rebalance(ONE, 1000, 500, play, extra_all, 2), ONE / 2);
}

/* Member 0 played nothing of the batch (weight 0): the pace is the
 * others'; with no extra work left its weight climbs back half way. */
static void test_rebalance_from_zero_uses_the_others_pace(void **state)
{
    (void)state;
    uint64_t play[2] = {0, 1000}, extra[2] = {0, 0};
    assert_int_equal(batch_rebalance(0, 1000, 0, play, extra, 2), ONE / 2);
    uint64_t extra_some[2] = {250, 0}; /* 250 games at the others' 1 us a game */
    assert_int_equal(batch_rebalance(0, 1000, 0, play, extra_some, 2), (ONE * 375 / 625) / 2);
    uint64_t idle[2] = {0, 0};
    assert_int_equal(batch_rebalance(700, 1000, 0, idle, extra_some, 2), 700); /* no pace: unchanged */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rebalance_ignores_what_the_games_cost),
        cmocka_unit_test(test_rebalance_moves_the_writers_extra_work),
        cmocka_unit_test(test_rebalance_from_zero_uses_the_others_pace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
