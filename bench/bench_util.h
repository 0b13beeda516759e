/* Helpers the benchmarks share: clocks and an allocation that cannot fail.
 * Include after defining _POSIX_C_SOURCE (clock_gettime). */
#ifndef MUSTER_BENCH_UTIL_H
#define MUSTER_BENCH_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Returns clock's time in seconds (CLOCK_MONOTONIC: wall time;
 * CLOCK_PROCESS_CPUTIME_ID: CPU time of all threads; CLOCK_THREAD_CPUTIME_ID:
 * of this thread). */
static inline double bench_clock_s(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Returns wall time in seconds (CLOCK_MONOTONIC). */
static inline double bench_now_s(void)
{
    return bench_clock_s(CLOCK_MONOTONIC);
}

/* Returns calloc(n, size) (at least one byte); on failure prints
 * "NAME: out of memory" and exits 70 (EX_SOFTWARE). */
static inline void *bench_calloc(const char *name, size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "%s: out of memory\n", name);
        exit(70);
    }
    return p;
}

/* Frees each thread's tables (n_tables arrays) and state, then the two
 * per-thread arrays themselves. */
static inline void bench_free_workers(uint64_t ***tables, void **states, int threads, int n_tables)
{
    for (int i = 0; i < threads; i++) {
        for (int t = 0; t < n_tables; t++)
            free(tables[i][t]);
        free(tables[i]);
        free(states[i]);
    }
    free(tables);
    free(states);
}

#endif
