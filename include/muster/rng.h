/* pcg32 random number generator (PCG XSH-RR 64/32), written from the
 * published algorithm, and the per-game generator constructor.
 *
 * A generator is a plain value: copy it to fork it, no global state. */
#ifndef MUSTER_RNG_H
#define MUSTER_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One pcg32 generator: a 64-bit LCG state and an odd increment that
 * selects the stream. */
typedef struct mu_rng {
    uint64_t state;
    uint64_t inc;
} mu_rng;

/* The LCG multiplier of pcg32. */
#define MU_PCG_MULT UINT64_C(6364136223846793005)

/* Seeds rng the way the reference pcg32_srandom_r does: initstate is the
 * starting state, initseq selects the stream (only its low 63 bits
 * matter). */
void mu_rng_seed(mu_rng *rng, uint64_t initstate, uint64_t initseq);

/* Returns the next 32-bit output and advances rng by one step. */
static inline uint32_t mu_rng_next(mu_rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * MU_PCG_MULT + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Returns a uniform integer in [0, bound) without bias (Lemire's
 * multiply-and-reject). bound must be at least 1. */
static inline uint32_t mu_rng_bounded(mu_rng *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)mu_rng_next(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)mu_rng_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Moves rng delta steps forward (delta > 0) or backward (delta < 0) in
 * O(log |delta|) time; advancing by -k undoes k calls of mu_rng_next. */
void mu_rng_advance(mu_rng *rng, int64_t delta);

/* The splitmix64 finaliser: a bijective 64-bit mix of x. */
uint64_t mu_splitmix64(uint64_t x);

/* Returns game g's generator for a run seeded with seed: state from
 * splitmix64(seed ^ splitmix64(g)), stream g. Distinct games get distinct
 * streams with unrelated starting states. */
mu_rng mu_rng_for_game(uint64_t seed, uint64_t g);

/* Returns the generator of a purpose other than the rules' dice (a
 * policy's choices, say) for index key in a run seeded with seed: state
 * splitmix64(seed ^ splitmix64(key ^ salt)), stream splitmix64(key) ^
 * salt. salt names the purpose (a 64-bit constant the caller owns and
 * never changes: results depend on it); key is the game index, or an
 * index derived from it when a game needs several such generators (for
 * instance 2 g + side). Pure: the same arguments give the same generator.
 * Every ruleset derives its policies' generators here, each with its own
 * salt, so that a policy's draws never shift the rules' dice. */
mu_rng mu_rng_for_purpose(uint64_t seed, uint64_t key, uint64_t salt);

#ifdef __cplusplus
}
#endif

#endif
