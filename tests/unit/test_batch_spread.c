/* How a team deals out the packing of a batch (src/sim/batch_spread.c):
 * in order, member 0 a share by its weight, as it plays, the others equal
 * shares of the rest; every part to exactly one member. */
#include "batch_spread.h"

#include "muster/team.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define ONE MU_TEAM_WEIGHT_ONE

/* Deals n parts of equal weight to size members, member 0 with weight w0;
 * counts each member's parts in got (size entries) and checks that the
 * owners never go back. */
static void deal(int n, uint64_t w0, int size, int *got)
{
    for (int m = 0; m < size; m++)
        got[m] = 0;
    int last = 0;
    for (int i = 0; i < n; i++) {
        int m = batch_spread_owner((uint64_t)i * 100, 100, (uint64_t)n * 100, w0, size);
        assert_in_range(m, last, size - 1);
        last = m;
        got[m]++;
    }
}

static void test_spread_equal_weights_equal_shares(void **state)
{
    (void)state;
    int got[4];
    deal(40, ONE, 2, got);
    assert_int_equal(got[0], 20);
    assert_int_equal(got[1], 20);
    deal(40, ONE, 4, got);
    for (int m = 0; m < 4; m++)
        assert_int_equal(got[m], 10);
}

static void test_spread_writer_takes_its_weight(void **state)
{
    (void)state;
    int got[3];
    deal(30, ONE / 2, 2, got); /* a third and two thirds */
    assert_int_equal(got[0], 10);
    assert_int_equal(got[1], 20);
    deal(50, ONE / 2, 3, got); /* a fifth, then two fifths each */
    assert_int_equal(got[0], 10);
    assert_int_equal(got[1], 20);
    assert_int_equal(got[2], 20);
    deal(10, 0, 3, got); /* a writer of weight 0 packs nothing */
    assert_int_equal(got[0], 0);
    assert_int_equal(got[1] + got[2], 10);
}

static void test_spread_alone_or_weightless_packs_here(void **state)
{
    (void)state;
    assert_int_equal(batch_spread_owner(50, 10, 100, ONE, 1), 0);
    assert_int_equal(batch_spread_owner(0, 0, 0, ONE, 3), 0);
    /* a part by its middle: the second half of a batch is member 1's */
    assert_int_equal(batch_spread_owner(0, 60, 100, ONE, 2), 0);
    assert_int_equal(batch_spread_owner(20, 70, 100, ONE, 2), 1);
    assert_int_equal(batch_spread_owner(99, 1, 100, ONE, 2), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spread_equal_weights_equal_shares),
        cmocka_unit_test(test_spread_writer_takes_its_weight),
        cmocka_unit_test(test_spread_alone_or_weightless_packs_here),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
