/* The libpcg-cpp side of muster_bench, in its own C++ file. */
#ifndef MUSTER_BENCH_PCG_CPP_H
#define MUSTER_BENCH_PCG_CPP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Returns the sum of n outputs of libpcg-cpp's pcg32(seed, 54). */
uint64_t bench_pcg_cpp_sum(uint64_t n, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif
