/* Precision targets keep their intervals honest: a run that stops at the
 * first check point where every rate's 95% Wilson interval is within +-P
 * (muster/precision.h) still covers the true rate about 95% of the time.
 * Stopping on the data could bias the intervals (the width depends on
 * the estimate); this measures the coverage of the stopping rule, played
 * exactly as `muster run --precision` plays it (the same check points and
 * the same widest-interval search over a layout), on Bernoulli trials
 * whose rate is known exactly. 4,000 stopped runs per rate at a fixed
 * seed: the coverage must be at least 0.935 (the standard error of a
 * coverage near 0.95 is 0.0034; a rule that tests the intervals at 1.645
 * instead of 1.96, a 90% interval, covers about 0.90 and fails). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "muster/layout.h"
#include "muster/precision.h"
#include "muster/rng.h"

#define RUNS 4000
#define TARGET 0.03
#define CAP UINT64_C(1000000)

static const char *const outcomes[] = {"pass", "fail"};

/* Whether p lies in the 95% Wilson interval of k of n. */
static int covers(double p, uint64_t k, uint64_t n)
{
    double z2 = MU_PRECISION_Z * MU_PRECISION_Z, phat = (double)k / (double)n;
    double centre = (phat + z2 / (2.0 * (double)n)) / (1.0 + z2 / (double)n);
    return fabs(p - centre) <= mu_wilson_half_width(k, n);
}

/* Plays RUNS stopped runs of trials of rate p (one arm, one share rate);
 * returns the share whose final interval holds p, and the mean trials in
 * *mean_n. */
static double coverage(double p, uint64_t seed, double *mean_n)
{
    mu_layout l;
    memset(&l, 0, sizeof l);
    mu_layout_add_axis(&l, "games", "game", "1", "game", 0, 0);
    mu_layout_add_label_axis(&l, "t", "outcome", "outcome", 2, outcomes);
    int t = mu_layout_add_table(&l, "t", "tests", "1", "tests", 1, (const int[]){1});
    mu_layout_add_rate(&l, "test result", t, MU_RATE_SHARE, 0x1u);
    uint32_t threshold = (uint32_t)(p * 4294967296.0);
    int covered = 0;
    double total = 0;
    for (int run = 0; run < RUNS; run++) {
        mu_rng rng = mu_rng_for_game(seed, (uint64_t)run);
        uint64_t counts[2] = {0, 0}, n = 0;
        const uint64_t *tables[] = {counts};
        for (;;) {
            uint64_t next = mu_precision_next_check(n, 1, CAP);
            for (; n < next; n++)
                counts[mu_rng_next(&rng) < threshold ? 0 : 1]++;
            mu_rate_cell w;
            if ((mu_precision_widest(&l, tables, &w) > 0 && w.half_width <= TARGET) || n == CAP)
                break;
        }
        covered += covers(p, counts[0], n);
        total += (double)n;
    }
    mu_layout_free(&l);
    *mean_n = total / RUNS;
    return (double)covered / RUNS;
}

static void stopped_intervals_cover_the_rate(void **state)
{
    (void)state;
    const double rates[] = {0.02, 0.1, 0.3, 0.5};
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        double mean_n, c = coverage(rates[i], 20261128 + i, &mean_n);
        /* a fixed-size study of the same precision: p(1 - p)(z / P)^2 */
        double fixed = rates[i] * (1 - rates[i]) * pow(MU_PRECISION_Z / TARGET, 2);
        printf("p = %.2f: coverage %.4f over %d runs, mean %.0f trials (a fixed-size study: %.0f)\n", rates[i], c,
               RUNS, mean_n, fixed);
        assert_true(c >= 0.935);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stopped_intervals_cover_the_rate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
