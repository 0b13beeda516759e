/* Dice: 2D6 from one bounded draw, scripted dice, and nDk bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/dice.h"

/* mu_roll_2d6 must be the draw mu_rng_bounded(rng, 36) bit for bit, faces
 * r / 6 + 1 and r % 6 + 1, consuming the same outputs. */
static void test_roll_2d6_is_the_bounded_36_draw(void **state)
{
    (void)state;
    mu_rng a = mu_rng_for_game(11u, 3u), b = a;
    for (int i = 0; i < 1000000; i++) {
        uint32_t r = mu_rng_bounded(&a, 36u);
        mu_2d6 roll = mu_roll_2d6(&b);
        assert_int_equal(roll.first, r / 6u + 1u);
        assert_int_equal(roll.second, r % 6u + 1u);
    }
    assert_int_equal(a.state, b.state);
}

/* A raw output of 0 falls in Lemire's rejection zone for bound 36 (its low
 * word 0 < 2^32 mod 36 = 4): both must reject it and use the next output.
 * State 0 makes pcg32's next output 0. */
static void test_roll_2d6_rejects_like_bounded(void **state)
{
    (void)state;
    mu_rng a = {.state = 0u, .inc = 1u}, b = a, raw = a;
    assert_int_equal(mu_rng_next(&raw), 0u);
    uint32_t r = mu_rng_bounded(&a, 36u);
    mu_2d6 roll = mu_roll_2d6(&b);
    assert_int_equal(roll.first, r / 6u + 1u);
    assert_int_equal(roll.second, r % 6u + 1u);
    assert_int_equal(a.state, b.state); /* the same outputs consumed */
    mu_rng one = {.state = 0u, .inc = 1u};
    (void)mu_rng_next(&one);
    assert_int_not_equal(a.state, one.state); /* more than one: it rejected */
}

static void test_scripted_dice_hand_out_faces_in_order(void **state)
{
    (void)state;
    const uint8_t faces[] = {6, 1, 3};
    mu_dice d = mu_dice_scripted(faces, 3);
    mu_2d6 roll = mu_dice_2d6(&d);
    assert_int_equal(roll.first, 6);
    assert_int_equal(roll.second, 1);
    assert_true(mu_2d6_sum(roll) == 7 && !mu_2d6_is_double(roll));
    assert_int_equal(mu_dice_d6(&d), 3);
}

static void test_ndk_stays_within_n_to_nk(void **state)
{
    (void)state;
    mu_rng rng = mu_rng_for_game(5u, 0u);
    for (int i = 0; i < 10000; i++) {
        int v = mu_ndk(&rng, 3, 6);
        assert_in_range(v, 3, 18);
    }
    assert_int_equal(mu_ndk(&rng, 0, 6), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roll_2d6_is_the_bounded_36_draw),
        cmocka_unit_test(test_roll_2d6_rejects_like_bounded),
        cmocka_unit_test(test_scripted_dice_hand_out_faces_in_order),
        cmocka_unit_test(test_ndk_stays_within_n_to_nk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
