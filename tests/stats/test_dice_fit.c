/* Every die fits its exact distribution: chi-square goodness of fit over
 * 10^6 rolls at a fixed seed, alpha = 1e-6 per test (stats_check.h). The
 * last two tests show the same check has power: it rejects a distribution
 * off by 0.01 and the bias of Lemire's method without its rejection step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "muster/dice.h"
#include "assert_close.h"
#include "stats_check.h"

#define N_ROLLS 1000000L
#define SEED UINT64_C(0x6d75737465720001) /* fixed; each test uses its own game index */
#define MAX_FACES 128

typedef int (*roll_fn)(mu_rng *rng);

static int d7(mu_rng *rng) { return mu_dk(rng, 7); }
static int d12(mu_rng *rng) { return mu_dk(rng, 12); }

/* Rolls one die N_ROLLS times and checks the faces 1..faces are uniform. */
static void check_uniform_die(const char *what, roll_fn roll, int faces, uint64_t game)
{
    long counts[MAX_FACES] = {0};
    double p[MAX_FACES];
    mu_rng rng = mu_rng_for_game(SEED, game);
    for (long i = 0; i < N_ROLLS; i++) {
        int face = roll(&rng);
        assert_in_range(face, 1, faces);
        counts[face - 1]++;
    }
    for (int f = 0; f < faces; f++)
        p[f] = 1.0 / faces;
    assert_fits(what, counts, p, faces, STATS_ALPHA);
}

static void test_d6_faces_are_uniform(void **state)
{
    (void)state;
    check_uniform_die("d6", mu_d6, 6, 1);
}

static void test_d10_faces_are_uniform(void **state)
{
    (void)state;
    check_uniform_die("d10", mu_d10, 10, 2);
}

static void test_d20_faces_are_uniform(void **state)
{
    (void)state;
    check_uniform_die("d20", mu_d20, 20, 3);
}

static void test_dk_odd_and_even_k_faces_are_uniform(void **state)
{
    (void)state;
    check_uniform_die("d7", d7, 7, 4);
    check_uniform_die("d12", d12, 12, 5);
}

/* Fills p[0..n*k-n] with the exact distribution of nDk minus n, by
 * convolving one die at a time. */
static void ndk_exact(int n, int k, double *p)
{
    double next[MAX_FACES];
    p[0] = 1.0;
    for (int dice = 0; dice < n; dice++) {
        int width = dice * (k - 1) + 1; /* support size so far */
        for (int s = 0; s < width + k - 1; s++)
            next[s] = 0.0;
        for (int s = 0; s < width; s++)
            for (int f = 0; f < k; f++)
                next[s + f] += p[s] / k;
        for (int s = 0; s < width + k - 1; s++)
            p[s] = next[s];
    }
}

static void check_ndk(const char *what, int n, int k, uint64_t game)
{
    int cells = n * (k - 1) + 1;
    long counts[MAX_FACES] = {0};
    double p[MAX_FACES];
    ndk_exact(n, k, p);
    mu_rng rng = mu_rng_for_game(SEED, game);
    for (long i = 0; i < N_ROLLS; i++) {
        int sum = mu_ndk(&rng, n, k);
        assert_in_range(sum, n, n * k);
        counts[sum - n]++;
    }
    assert_fits(what, counts, p, cells, STATS_ALPHA);
}

static void test_ndk_sums_fit_convolution(void **state)
{
    (void)state;
    double p[MAX_FACES];
    ndk_exact(3, 6, p);
    assert_close(p[10 - 3], 27.0 / 216.0, 1e-15); /* 3d6 = 10 in 27 of 216 ways */
    check_ndk("3d6", 3, 6, 6);
    check_ndk("4d7", 4, 7, 7);
}

static void test_2d6_sums_fit_triangle(void **state)
{
    (void)state;
    long counts[11] = {0};
    double p[11];
    for (int s = 2; s <= 12; s++)
        p[s - 2] = (6 - abs(s - 7)) / 36.0;
    mu_rng rng = mu_rng_for_game(SEED, 8);
    for (long i = 0; i < N_ROLLS; i++) {
        mu_2d6 roll = mu_roll_2d6(&rng);
        int sum = mu_2d6_sum(roll);
        assert_in_range(sum, 2, 12);
        counts[sum - 2]++;
    }
    assert_fits("2d6 sums", counts, p, 11, STATS_ALPHA);
}

/* The two faces are independent and uniform: all 36 ordered pairs equally
 * likely (this also catches a second die copied from or tied to the first). */
static void test_2d6_pairs_are_uniform_over_36(void **state)
{
    (void)state;
    long counts[36] = {0};
    double p[36];
    for (int c = 0; c < 36; c++)
        p[c] = 1.0 / 36.0;
    mu_rng rng = mu_rng_for_game(SEED, 9);
    for (long i = 0; i < N_ROLLS; i++) {
        mu_2d6 roll = mu_roll_2d6(&rng);
        assert_in_range(roll.first, 1, 6);
        assert_in_range(roll.second, 1, 6);
        counts[(roll.first - 1) * 6 + (roll.second - 1)]++;
    }
    assert_fits("2d6 (first, second) pairs", counts, p, 36, STATS_ALPHA);
}

static void test_2d6_doubles_occur_one_time_in_six(void **state)
{
    (void)state;
    long doubles = 0;
    mu_rng rng = mu_rng_for_game(SEED, 10);
    for (long i = 0; i < N_ROLLS; i++) {
        mu_2d6 roll = mu_roll_2d6(&rng);
        int is_double = mu_2d6_is_double(roll);
        assert_int_equal(is_double != 0, roll.first == roll.second);
        doubles += is_double != 0;
    }
    assert_rate("2d6 doubles", doubles, N_ROLLS, 1.0 / 6.0, STATS_ALPHA);
}

/* Power: fair d6 rolls against a d6 with P(1) + 0.01 and P(6) - 0.01 give
 * an expected X^2 near 1200 on 5 df; the test must reject. */
static void test_fit_rejects_d6_off_by_one_percent(void **state)
{
    (void)state;
    long counts[6] = {0};
    const double wrong[6] = {1.0 / 6 + 0.01, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6 - 0.01};
    mu_rng rng = mu_rng_for_game(SEED, 11);
    for (long i = 0; i < N_ROLLS; i++)
        counts[mu_d6(&rng) - 1]++;
    assert_true(fit_p_value("d6 vs p shifted by 0.01", counts, wrong, 6) < STATS_ALPHA);
}

/* Power: k = 3 * 2^29 makes 2^32 / k = 8/3, so Lemire's multiply without
 * its rejection step gives residues 0, 1, 2 (mod 3) with chances 3/8, 3/8,
 * 2/8. mu_dk must fit the uniform residues; the unrejected method must not. */
static void test_dk_large_k_needs_rejection_step(void **state)
{
    (void)state;
    const int k = 3 << 29;
    const double uniform[3] = {1.0 / 3, 1.0 / 3, 1.0 / 3};
    long fair[3] = {0}, naive[3] = {0};
    mu_rng rng = mu_rng_for_game(SEED, 12);
    for (long i = 0; i < N_ROLLS; i++) {
        int roll = mu_dk(&rng, k);
        assert_in_range(roll, 1, k);
        fair[(roll - 1) % 3]++;
        uint32_t unrejected = (uint32_t)(((uint64_t)mu_rng_next(&rng) * (uint32_t)k) >> 32);
        naive[unrejected % 3]++;
    }
    assert_fits("d(3*2^29) residues mod 3", fair, uniform, 3, STATS_ALPHA);
    assert_true(fit_p_value("unrejected multiply residues mod 3", naive, uniform, 3) < STATS_ALPHA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_d6_faces_are_uniform),
        cmocka_unit_test(test_d10_faces_are_uniform),
        cmocka_unit_test(test_d20_faces_are_uniform),
        cmocka_unit_test(test_dk_odd_and_even_k_faces_are_uniform),
        cmocka_unit_test(test_ndk_sums_fit_convolution),
        cmocka_unit_test(test_2d6_sums_fit_triangle),
        cmocka_unit_test(test_2d6_pairs_are_uniform_over_36),
        cmocka_unit_test(test_2d6_doubles_occur_one_time_in_six),
        cmocka_unit_test(test_fit_rejects_d6_off_by_one_percent),
        cmocka_unit_test(test_dk_large_k_needs_rejection_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
