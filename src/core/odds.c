/* Exact 2D6 and order-chain distributions. */
#include "muster/odds.h"

#include <string.h>

int mu_2d6_ways_le(int t)
{
    if (t < 2)
        return 0;
    if (t >= 12)
        return 36;
    int ways = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            ways += (a + b <= t);
    return ways;
}

double mu_p_2d6_le(int t)
{
    return mu_2d6_ways_le(t) / 36.0;
}

static int spec_is_valid(const mu_chain_spec *spec)
{
    if (spec->n_units < 0 || spec->n_units > MU_CHAIN_MAX_UNITS)
        return 0;
    for (int i = 0; i < spec->n_units; i++) {
        if (spec->orders[i] < 1 || spec->orders[i] > MU_MAX_ORDERS)
            return 0;
        for (int j = 0; j < spec->orders[i]; j++) {
            double p = spec->p_success[i][j];
            if (!(p >= 0.0 && p <= 1.0))
                return 0;
        }
    }
    return 1;
}

/* The chain ends either at the first failure (unit i, order j) or after the
 * last planned order. Each ending fixes the orders given and units ordered,
 * so the distributions are sums over the endings. */
int mu_chain_odds_compute(const mu_chain_spec *spec, mu_chain_odds *out)
{
    if (!spec_is_valid(spec))
        return -1;
    memset(out, 0, sizeof *out);
    out->n_units = spec->n_units;

    double reach = 1.0; /* P(the chain is still going at this order) */
    int given_before = 0;
    for (int i = 0; i < spec->n_units; i++) {
        for (int j = 0; j < spec->orders[i]; j++) {
            double p = spec->p_success[i][j];
            double fail_here = reach * (1.0 - p);
            out->p_orders_given[given_before + j] += fail_here;
            out->p_units_ordered[i + (j > 0)] += fail_here;
            if (j == 0)
                out->p_half_pace[i] = fail_here;
            reach *= p;
            out->p_order[i][j] = reach;
        }
        given_before += spec->orders[i];
    }
    out->max_orders = given_before;
    out->p_orders_given[given_before] += reach;
    out->p_units_ordered[spec->n_units] += reach;
    out->p_no_failure = reach;

    for (int k = 0; k <= out->max_orders; k++)
        out->mean_orders_given += k * out->p_orders_given[k];
    for (int k = 0; k <= out->n_units; k++)
        out->mean_units_ordered += k * out->p_units_ordered[k];
    return 0;
}
