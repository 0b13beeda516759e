/* Unbiased dice drawn from a pcg32 generator. Every die uses
 * mu_rng_bounded (Lemire's method), never a modulo of a raw output. */
#ifndef MUSTER_DICE_H
#define MUSTER_DICE_H

#include "muster/rng.h"

/* Returns a roll of one k-sided die, 1..k. k must be at least 1. */
static inline int mu_dk(mu_rng *rng, int k)
{
    return 1 + (int)mu_rng_bounded(rng, (uint32_t)k);
}

/* Returns a D6 roll, 1..6. */
static inline int mu_d6(mu_rng *rng) { return mu_dk(rng, 6); }

/* Returns a D10 roll, 1..10. */
static inline int mu_d10(mu_rng *rng) { return mu_dk(rng, 10); }

/* Returns a D20 roll, 1..20. */
static inline int mu_d20(mu_rng *rng) { return mu_dk(rng, 20); }

/* Returns the sum of n k-sided dice (nDk), n >= 0, k >= 1. */
int mu_ndk(mu_rng *rng, int n, int k);

/* Both faces of a 2D6 roll. */
typedef struct mu_2d6 {
    uint8_t first;  /* 1..6 */
    uint8_t second; /* 1..6 */
} mu_2d6;

/* Rolls 2D6 with a single bounded draw in [0, 36): both faces stay known
 * (for doubles), and the pair is uniform over the 36 outcomes. */
static inline mu_2d6 mu_roll_2d6(mu_rng *rng)
{
    uint32_t r = mu_rng_bounded(rng, 36u);
    mu_2d6 roll = {(uint8_t)(r / 6u + 1u), (uint8_t)(r % 6u + 1u)};
    return roll;
}

/* Returns the total of a 2D6 roll, 2..12. */
static inline int mu_2d6_sum(mu_2d6 roll) { return roll.first + roll.second; }

/* Returns non-zero when both dice of a 2D6 roll show the same face. */
static inline int mu_2d6_is_double(mu_2d6 roll) { return roll.first == roll.second; }

#endif
