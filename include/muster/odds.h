/* Exact probabilities computed in closed form, to check the Monte Carlo
 * results against and to answer players' questions directly.
 *
 * Nothing here knows a rule system: callers turn rules into per-roll
 * success chances (see warmaster/wm_order_roll.h for Warmaster orders). */
#ifndef MUSTER_ODDS_H
#define MUSTER_ODDS_H

/* Returns how many of the 36 equally likely 2D6 outcomes total t or less
 * (0 for t < 2, 36 for t >= 12). */
int mu_2d6_ways_le(int t);

/* Returns P(2D6 <= t) = mu_2d6_ways_le(t) / 36. */
double mu_p_2d6_le(int t);

/* Most units one order chain may hold. */
#define MU_CHAIN_MAX_UNITS 64
/* Most orders one unit may be given in a turn. */
#define MU_MAX_ORDERS 3

/* A character's order chain: units ordered in sequence, unit i up to
 * orders[i] times (1..MU_MAX_ORDERS), the whole chain stopping at the first
 * failed roll. p_success[i][j] is the chance that unit i's (j+1)-th order
 * succeeds. */
typedef struct mu_chain_spec {
    int n_units;
    int orders[MU_CHAIN_MAX_UNITS];
    double p_success[MU_CHAIN_MAX_UNITS][MU_MAX_ORDERS];
} mu_chain_spec;

/* The exact distribution of one order chain's outcome. */
typedef struct mu_chain_odds {
    int n_units;
    int max_orders;                                    /* sum of orders[] */
    /* P(unit i receives its (j+1)-th order); 0 beyond orders[i]. */
    double p_order[MU_CHAIN_MAX_UNITS][MU_MAX_ORDERS];
    /* P(unit i's first order is tried and fails: it moves at half pace). */
    double p_half_pace[MU_CHAIN_MAX_UNITS];
    /* P(exactly k orders are given successfully), k = 0..max_orders. */
    double p_orders_given[MU_CHAIN_MAX_UNITS * MU_MAX_ORDERS + 1];
    /* P(exactly k units receive at least one order), k = 0..n_units. */
    double p_units_ordered[MU_CHAIN_MAX_UNITS + 1];
    /* P(every planned order succeeds: the character never fails). */
    double p_no_failure;
    double mean_orders_given;
    double mean_units_ordered;
} mu_chain_odds;

/* Computes the exact outcome distribution of spec into *out. Returns 0, or
 * -1 (out untouched) when spec is malformed: n_units outside
 * 0..MU_CHAIN_MAX_UNITS, orders outside 1..MU_MAX_ORDERS, or a probability
 * outside [0, 1]. */
int mu_chain_odds_compute(const mu_chain_spec *spec, mu_chain_odds *out);

#endif
