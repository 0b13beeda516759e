/* cmocka checks shared by the statistical tests: a chi-square fit and a
 * binomial z-test, each passing when the p-value is at least alpha.
 * Include after <cmocka.h>. With fixed seeds the outcomes are fixed, so
 * alpha is the chance that a correct implementation would fail at a seed
 * picked at random: small enough never to bite, large enough that a wrong
 * distribution is caught (see the power tests). */
#ifndef MUSTER_TEST_STATS_CHECK_H
#define MUSTER_TEST_STATS_CHECK_H

#include <math.h>

#include "chisq.h"

/* The significance level of every statistical test. */
#define STATS_ALPHA 1e-6
/* Cells expecting fewer counts than this are pooled with their neighbours. */
#define STATS_MIN_EXPECTED 5.0

/* Returns the chi-square goodness-of-fit p-value of observed[0..n) against
 * p[0..n), printing the statistic under the label what; fails the test if
 * the cells are malformed (see chisq_gof). */
static inline double fit_p_value(const char *what, const long *observed, const double *p, int n)
{
    chisq_result r;
    if (chisq_gof(observed, p, n, STATS_MIN_EXPECTED, &r) != 0) {
        print_error("%s: malformed chi-square cells\n", what);
        fail();
    }
    print_message("%s: X^2 = %.3f, df %d, p = %.3g (n = %ld)\n", what, r.stat, r.df, r.p_value, r.n);
    return r.p_value;
}

/* Fails the test unless observed fits p at level alpha. */
static inline void assert_fits(const char *what, const long *observed, const double *p, int n,
                               double alpha)
{
    double pv = fit_p_value(what, observed, p, n);
    if (!(pv >= alpha)) {
        print_error("%s: rejected, p = %.3g < alpha = %g\n", what, pv, alpha);
        fail();
    }
}

/* Returns the two-sided p-value of successes out of trials against success
 * chance p (normal approximation; trials * p * (1 - p) should be at least
 * some tens). Returns 1 when the outcome is certain (p is 0 or 1) and
 * matches, 0 when it does not. */
static inline double z_p_value(long successes, long trials, double p)
{
    double mean = (double)trials * p, var = (double)trials * p * (1.0 - p);
    if (var == 0.0)
        return (double)successes == mean ? 1.0 : 0.0;
    double z = ((double)successes - mean) / sqrt(var);
    return erfc(fabs(z) / sqrt(2.0));
}

/* Fails the test unless successes out of trials is consistent with p at
 * level alpha (two-sided z-test). */
static inline void assert_rate(const char *what, long successes, long trials, double p, double alpha)
{
    double pv = z_p_value(successes, trials, p);
    print_message("%s: %ld / %ld = %.6f vs %.6f, p = %.3g\n", what, successes, trials,
                  trials ? (double)successes / (double)trials : 0.0, p, pv);
    if (!(pv >= alpha)) {
        print_error("%s: rejected, p = %.3g < alpha = %g\n", what, pv, alpha);
        fail();
    }
}

#endif
