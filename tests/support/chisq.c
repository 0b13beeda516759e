/* Chi-square survival function via the regularized incomplete gamma
 * function (after Numerical Recipes 6.2: series and modified Lentz
 * continued fraction), and Pearson's goodness of fit with cell pooling. */
#include "chisq.h"

#include <float.h>
#include <math.h>

#define GAMMA_MAX_ITER 100000

/* exp(-x) x^a / Γ(a), the common prefactor, in logs to avoid overflow. */
static double gamma_prefactor(double a, double x)
{
    return exp(-x + a * log(x) - lgamma(a));
}

/* P(a, x) by its series: e^-x x^a / Γ(a) · Σ x^n / (a (a+1) … (a+n)). */
static double gamma_p_series(double a, double x)
{
    double ap = a, term = 1.0 / a, sum = term;
    for (int n = 1; n < GAMMA_MAX_ITER; n++) {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if (fabs(term) < fabs(sum) * DBL_EPSILON)
            break;
    }
    return sum * gamma_prefactor(a, x);
}

/* Q(a, x) by its continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- …))),
 * evaluated with the modified Lentz method. */
static double gamma_q_cf(double a, double x)
{
    const double tiny = DBL_MIN / DBL_EPSILON;
    double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
    for (int i = 1; i < GAMMA_MAX_ITER; i++) {
        double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (fabs(d) < tiny)
            d = tiny;
        c = b + an / c;
        if (fabs(c) < tiny)
            c = tiny;
        d = 1.0 / d;
        double delta = d * c;
        h *= delta;
        if (fabs(delta - 1.0) < DBL_EPSILON)
            break;
    }
    return h * gamma_prefactor(a, x);
}

double chisq_gamma_q(double a, double x)
{
    if (!(a > 0.0) || !(x >= 0.0))
        return NAN;
    if (x == 0.0)
        return 1.0;
    if (x < a + 1.0)
        return 1.0 - gamma_p_series(a, x);
    return gamma_q_cf(a, x);
}

double chisq_sf(double x, double df)
{
    if (!(df > 0.0) || isnan(x))
        return NAN;
    if (x <= 0.0)
        return 1.0;
    return chisq_gamma_q(df / 2.0, x / 2.0);
}

int chisq_gof(const long *observed, const double *p, int n_cells, double min_expected,
              chisq_result *out)
{
    long n = 0;
    double p_total = 0.0;
    for (int i = 0; i < n_cells; i++) {
        if (observed[i] < 0 || !(p[i] >= 0.0 && p[i] <= 1.0))
            return -1;
        n += observed[i];
        p_total += p[i];
    }
    if (!(fabs(p_total - 1.0) <= 1e-9))
        return -1;

    /* Pool left to right; (obs, exp) of the last closed and the open group. */
    double stat = 0.0, last_o = 0.0, last_e = 0.0, open_o = 0.0, open_e = 0.0;
    int groups = 0;
    for (int i = 0; i < n_cells; i++) {
        open_o += (double)observed[i];
        open_e += p[i] * (double)n;
        if (open_e >= min_expected && open_e > 0.0) {
            if (groups > 0)
                stat += (last_o - last_e) * (last_o - last_e) / last_e;
            last_o = open_o, last_e = open_e, groups++;
            open_o = open_e = 0.0;
        }
    }
    if (groups == 0)
        return -1;
    last_o += open_o, last_e += open_e; /* a short remainder joins the last group */
    stat += (last_o - last_e) * (last_o - last_e) / last_e;
    if (groups < 2)
        return -1;

    out->stat = stat;
    out->df = groups - 1;
    out->p_value = chisq_sf(stat, out->df);
    out->n = n;
    return 0;
}
