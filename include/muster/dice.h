/* Unbiased dice drawn from a pcg32 generator. Every die uses
 * mu_rng_bounded (Lemire's method), never a modulo of a raw output. */
#ifndef MUSTER_DICE_H
#define MUSTER_DICE_H

#include "muster/rng.h"

#include <stddef.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

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

/* Rolls 2D6 with a single bounded draw r in [0, 36) (Lemire's method): both
 * faces stay known (for doubles), and the pair is uniform over the 36
 * outcomes. The faces r / 6 and r % 6 are taken as the high words of two
 * multiplications by 6, which is the same draw, bit for bit, as
 * mu_rng_bounded(rng, 36) but cheaper: 36x = (6 hi(6x) + hi(6 lo(6x))) 2^32
 * + lo(6 lo(6x)), so the rejection test on the low word is unchanged. */
static inline mu_2d6 mu_roll_2d6(mu_rng *rng)
{
    const uint32_t threshold = (uint32_t)(-36u) % 36u; /* 2^32 mod 36 */
    for (;;) {
        uint64_t m1 = (uint64_t)mu_rng_next(rng) * 6u;
        uint64_t m2 = (uint64_t)(uint32_t)m1 * 6u;
        if ((uint32_t)m2 >= threshold) {
            mu_2d6 roll = {(uint8_t)((m1 >> 32) + 1u), (uint8_t)((m2 >> 32) + 1u)};
            return roll;
        }
    }
}

/* Returns the total of a 2D6 roll, 2..12. */
static inline int mu_2d6_sum(mu_2d6 roll) { return roll.first + roll.second; }

/* Returns non-zero when both dice of a 2D6 roll show the same face. */
static inline int mu_2d6_is_double(mu_2d6 roll) { return roll.first == roll.second; }

/* Where a rule's dice come from: a generator, or (in tests) a fixed script
 * of faces so that a rule path can be checked exactly. */
typedef struct mu_dice {
    mu_rng rng;
    const uint8_t *script; /* faces 1..6 to hand out in order, or NULL */
    size_t script_len;
    size_t script_pos;
} mu_dice;

/* Returns a dice source drawing from rng. */
static inline mu_dice mu_dice_from_rng(mu_rng rng)
{
    mu_dice d = {.rng = rng};
    return d;
}

/* Returns a dice source that hands out faces[0..n) in order (borrowed;
 * each a face of the die the rule rolls: 1..6 for a D6, 1..20 for a D20)
 * and aborts if a rule asks for more dice than scripted. */
mu_dice mu_dice_scripted(const uint8_t *faces, size_t n);

/* Returns the next scripted face (aborting when the script runs out). */
int mu_dice_next_scripted(mu_dice *d);

/* Rolls one D6 from d. */
static inline int mu_dice_d6(mu_dice *d)
{
    return d->script ? mu_dice_next_scripted(d) : mu_d6(&d->rng);
}

/* Rolls one k-sided die from d (scripted faces must lie in 1..k). */
static inline int mu_dice_dk(mu_dice *d, int k)
{
    if (!d->script)
        return mu_dk(&d->rng, k);
    int face = mu_dice_next_scripted(d);
    if (face < 1 || face > k)
        abort();
    return face;
}

/* Rolls 2D6 from d: one bounded draw from a generator, or two scripted
 * faces. */
static inline mu_2d6 mu_dice_2d6(mu_dice *d)
{
    if (!d->script)
        return mu_roll_2d6(&d->rng);
    mu_2d6 roll;
    roll.first = (uint8_t)mu_dice_next_scripted(d);
    roll.second = (uint8_t)mu_dice_next_scripted(d);
    return roll;
}

#ifdef __cplusplus
}
#endif

#endif
