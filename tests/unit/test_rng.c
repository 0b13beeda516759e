/* pcg32: the published reference vector, jump-ahead both ways, bounded
 * draws and the per-game constructor. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/rng.h"

/* The first six outputs of pcg32 seeded with state 42, stream 54, as
 * published with the reference implementation (pcg32-demo). */
static const uint32_t reference_vector[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                             0x83d2f293, 0xbfa4784b, 0xcbed606e};

static void test_pcg32_matches_published_vector(void **state)
{
    (void)state;
    mu_rng rng;
    mu_rng_seed(&rng, 42u, 54u);
    for (int i = 0; i < 6; i++)
        assert_int_equal(mu_rng_next(&rng), reference_vector[i]);
}

static void test_pcg32_advance_back_by_six_repeats_vector(void **state)
{
    (void)state;
    mu_rng rng;
    mu_rng_seed(&rng, 42u, 54u);
    for (int i = 0; i < 6; i++)
        (void)mu_rng_next(&rng);
    mu_rng_advance(&rng, -6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(mu_rng_next(&rng), reference_vector[i]);
}

static void test_pcg32_advance_forward_equals_stepping(void **state)
{
    (void)state;
    mu_rng stepped, jumped;
    mu_rng_seed(&stepped, 12345u, 7u);
    jumped = stepped;
    for (int i = 0; i < 1000; i++)
        (void)mu_rng_next(&stepped);
    mu_rng_advance(&jumped, 1000);
    assert_int_equal(stepped.state, jumped.state);
    assert_int_equal(mu_rng_next(&stepped), mu_rng_next(&jumped));
    mu_rng_advance(&jumped, 0);
    assert_int_equal(stepped.state, jumped.state);
}

static void test_bounded_stays_in_range_and_hits_every_value(void **state)
{
    (void)state;
    mu_rng rng;
    mu_rng_seed(&rng, 1u, 2u);
    int seen[7] = {0};
    for (int i = 0; i < 10000; i++) {
        uint32_t v = mu_rng_bounded(&rng, 7u);
        assert_true(v < 7u);
        seen[v] = 1;
    }
    for (int v = 0; v < 7; v++)
        assert_true(seen[v]);
    assert_int_equal(mu_rng_bounded(&rng, 1u), 0);
}

/* A bound just above 2^31 rejects almost half of all raw outputs: the
 * result must still be in range (the rejection loop runs). */
static void test_bounded_with_large_bound_rejects_correctly(void **state)
{
    (void)state;
    mu_rng rng;
    mu_rng_seed(&rng, 99u, 3u);
    uint32_t bound = UINT32_C(0x80000001);
    uint64_t above_half = 0;
    for (int i = 0; i < 20000; i++) {
        uint32_t v = mu_rng_bounded(&rng, bound);
        assert_true(v < bound);
        above_half += v >= bound / 2;
    }
    /* about half the values fall in the upper half: 10000 +- 5 sigma */
    assert_in_range(above_half, 10000 - 354, 10000 + 354);
}

static void test_splitmix64_known_values(void **state)
{
    (void)state;
    /* splitmix64 of the state after one increment from 0 (Vigna's
     * reference: seed 0 gives 0xe220a8397b1dcdaf first). */
    assert_int_equal(mu_splitmix64(0u), UINT64_C(0xe220a8397b1dcdaf));
}

static void test_rng_for_game_uses_stream_g_and_mixed_state(void **state)
{
    (void)state;
    mu_rng a = mu_rng_for_game(2026u, 5u);
    mu_rng b;
    mu_rng_seed(&b, mu_splitmix64(2026u ^ mu_splitmix64(5u)), 5u);
    assert_int_equal(a.state, b.state);
    assert_int_equal(a.inc, (5u << 1) | 1u);
    /* neighbouring games differ in both stream and state */
    mu_rng c = mu_rng_for_game(2026u, 6u);
    assert_int_not_equal(a.inc, c.inc);
    assert_int_not_equal(a.state, c.state);
    /* and the constructor is a pure function */
    mu_rng d = mu_rng_for_game(2026u, 5u);
    assert_int_equal(mu_rng_next(&a), mu_rng_next(&d));
}

/* The rulesets' policy generators, as each derived them before the
 * derivation moved to core: Warmaster's (salt "wm-polic", key 2 g + side)
 * and Battlesystem's (salt "policy!!", key g). The first outputs are
 * pinned, so a change of the formula fails here and not only in the
 * rulesets' output. */
static void test_rng_for_purpose_reproduces_the_policy_streams(void **state)
{
    (void)state;
    const uint64_t wm_salt = UINT64_C(0x776d2d706f6c6963), bs_salt = UINT64_C(0x706f6c6963792121);
    for (uint64_t key = 0; key < 40; key++) {
        for (int s = 0; s < 2; s++) {
            uint64_t salt = s ? bs_salt : wm_salt;
            mu_rng a = mu_rng_for_purpose(2026u, key, salt), b;
            mu_rng_seed(&b, mu_splitmix64(2026u ^ mu_splitmix64(key ^ salt)), mu_splitmix64(key) ^ salt);
            assert_int_equal(a.state, b.state);
            assert_int_equal(a.inc, b.inc);
        }
    }
    mu_rng wm = mu_rng_for_purpose(2026u, 2u * 7u + 1u, wm_salt); /* game 7, side 1 */
    assert_int_equal(mu_rng_next(&wm), 0x9a306ca5u);
    assert_int_equal(mu_rng_next(&wm), 0xd6c65ce0u);
    mu_rng bs = mu_rng_for_purpose(2026u, 7u, bs_salt); /* game 7 */
    assert_int_equal(mu_rng_next(&bs), 0xa4b4cc35u);
    assert_int_equal(mu_rng_next(&bs), 0xee332c18u);
    /* a salt keeps the generator apart from the same game's dice */
    mu_rng dice = mu_rng_for_game(2026u, 7u), pol = mu_rng_for_purpose(2026u, 7u, bs_salt);
    assert_int_not_equal(dice.state, pol.state);
    assert_int_not_equal(dice.inc, pol.inc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pcg32_matches_published_vector),
        cmocka_unit_test(test_pcg32_advance_back_by_six_repeats_vector),
        cmocka_unit_test(test_pcg32_advance_forward_equals_stepping),
        cmocka_unit_test(test_bounded_stays_in_range_and_hits_every_value),
        cmocka_unit_test(test_bounded_with_large_bound_rejects_correctly),
        cmocka_unit_test(test_splitmix64_known_values),
        cmocka_unit_test(test_rng_for_game_uses_stream_g_and_mixed_state),
        cmocka_unit_test(test_rng_for_purpose_reproduces_the_policy_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
