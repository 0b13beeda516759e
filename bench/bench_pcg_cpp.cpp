// The libpcg-cpp pcg32 loop of muster_bench: the same work as the C loop
// over mu_rng_next, so the two rates compare the generators alone.
#include <pcg_random.hpp>

#include "bench_pcg_cpp.h"

uint64_t bench_pcg_cpp_sum(uint64_t n, uint64_t seed)
{
    pcg32 rng(seed, 54u);
    uint64_t sum = 0;
    for (uint64_t i = 0; i < n; i++)
        sum += rng();
    return sum;
}
