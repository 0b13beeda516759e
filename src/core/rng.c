/* pcg32 seeding, jump-ahead and the per-game constructors. */
#include "muster/rng.h"

void mu_rng_seed(mu_rng *rng, uint64_t initstate, uint64_t initseq)
{
    rng->state = 0u;
    rng->inc = (initseq << 1u) | 1u;
    (void)mu_rng_next(rng);
    rng->state += initstate;
    (void)mu_rng_next(rng);
}

/* Brown's "random number generation with arbitrary stride": the LCG step
 * x -> a x + c composed delta times, by repeated squaring. A negative delta
 * wraps to 2^64 - |delta|, which is the same as stepping backwards because
 * the LCG's period is 2^64. */
void mu_rng_advance(mu_rng *rng, int64_t delta)
{
    uint64_t steps = (uint64_t)delta;
    uint64_t cur_mult = MU_PCG_MULT, cur_plus = rng->inc;
    uint64_t acc_mult = 1u, acc_plus = 0u;
    while (steps > 0) {
        if (steps & 1u) {
            acc_mult *= cur_mult;
            acc_plus = acc_plus * cur_mult + cur_plus;
        }
        cur_plus = (cur_mult + 1u) * cur_plus;
        cur_mult *= cur_mult;
        steps >>= 1u;
    }
    rng->state = acc_mult * rng->state + acc_plus;
}

uint64_t mu_splitmix64(uint64_t x)
{
    x += UINT64_C(0x9e3779b97f4a7c15);
    x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
    return x ^ (x >> 31);
}

mu_rng mu_rng_for_game(uint64_t seed, uint64_t g)
{
    mu_rng rng;
    mu_rng_seed(&rng, mu_splitmix64(seed ^ mu_splitmix64(g)), g);
    return rng;
}

mu_rng mu_rng_for_purpose(uint64_t seed, uint64_t key, uint64_t salt)
{
    mu_rng rng;
    mu_rng_seed(&rng, mu_splitmix64(seed ^ mu_splitmix64(key ^ salt)), mu_splitmix64(key) ^ salt);
    return rng;
}
