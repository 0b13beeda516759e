/* Chi-square tail probabilities and Pearson's goodness-of-fit test, for the
 * statistical tests (tests/stats/). Self-contained: no library beyond libm. */
#ifndef MUSTER_TEST_CHISQ_H
#define MUSTER_TEST_CHISQ_H

/* Returns Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma
 * function, for a > 0 and x >= 0 (series for x < a + 1, Lentz's continued
 * fraction beyond). Relative error below 1e-12 for a up to 500 (checked
 * against SciPy), tails included. Returns NaN when a <= 0, x < 0 or either
 * is NaN. */
double chisq_gamma_q(double a, double x);

/* Returns the chi-square survival function P(X >= x) for X with df degrees
 * of freedom (df > 0): Q(df/2, x/2), the p-value of statistic x. Returns 1
 * for x <= 0 and NaN when df <= 0 or x is NaN. */
double chisq_sf(double x, double df);

/* The outcome of chisq_gof. */
typedef struct chisq_result {
    double stat;    /* Pearson's X^2 over the pooled cells */
    int df;         /* pooled cells - 1 (no parameters are fitted) */
    double p_value; /* chisq_sf(stat, df) */
    long n;         /* total count: the sum of observed */
} chisq_result;

/* Pearson's goodness-of-fit test of observed[0..n_cells) (counts) against
 * cell probabilities p[0..n_cells), which must sum to 1. Adjacent cells are
 * pooled from left to right until each pooled cell expects at least
 * min_expected counts; a short remainder at the right joins the last pooled
 * cell. Fills *out and returns 0, or returns -1 (out untouched) when a
 * count is negative, a p is outside [0, 1], the p do not sum to 1 within
 * 1e-9, or pooling leaves fewer than two cells. Reads only its inputs. */
int chisq_gof(const long *observed, const double *p, int n_cells, double min_expected,
              chisq_result *out);

#endif
