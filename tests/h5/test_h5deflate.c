/* The deflate encoder for integer columns (src/io/h5deflate.c): its
 * streams inflate, with zlib, to exactly the input, whatever the input,
 * and are deterministic. */
#include "h5objects.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include <cmocka.h>

static uint64_t rng_state = UINT64_C(0x9e3779b97f4a7c15);

static uint64_t next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Encodes src with blocks of block bytes, inflates it with zlib and
 * compares; returns the encoded size. */
static size_t round_trip(const unsigned char *src, size_t n, size_t block)
{
    size_t cap = n + n / 8 + 1024;
    unsigned char *z = malloc(cap), *back = malloc(n + 1), *again = malloc(cap);
    size_t size = mu_h5_deflate_plain(z, cap, src, n, block);
    if (size == 0)
        fail_msg("no room for %zu bytes (block %zu)", n, block);
    uLongf got = (uLongf)n + 1;
    int rc = uncompress(back, &got, z, (uLong)size);
    if (rc != Z_OK || got != n || memcmp(back, src, n) != 0)
        fail_msg("%zu bytes (block %zu): inflate says %d, %lu bytes back", n, block, rc, (unsigned long)got);
    assert_int_equal(mu_h5_deflate_plain(again, cap, src, n, block), size); /* deterministic */
    assert_memory_equal(again, z, size);
    free(z), free(back), free(again);
    return size;
}

/* Kinds of input, by what they make the encoder do. */
enum { RANDOM, SMALL_ALPHABET, MOSTLY_ZERO, LONG_RUNS, GEOMETRIC, CONSTANT, N_KINDS };

static void fill(unsigned char *s, size_t n, int kind)
{
    unsigned alphabet = 1 + (unsigned)(next() % 256), period = 1 + (unsigned)(next() % 400);
    for (size_t i = 0; i < n; i++) {
        uint64_t r = next();
        switch (kind) {
        case RANDOM: s[i] = (unsigned char)r; break;                      /* stored blocks */
        case SMALL_ALPHABET: s[i] = (unsigned char)(r % alphabet); break;
        case MOSTLY_ZERO: s[i] = (unsigned char)(r % 100 < 97 ? 0 : r % alphabet); break;
        case LONG_RUNS: s[i] = (unsigned char)((i / period) & 3u); break; /* matches of all lengths */
        case GEOMETRIC: s[i] = (unsigned char)__builtin_ctzll(r | (UINT64_C(1) << 40)); break;
        default: s[i] = 7; break;
        }
    }
}

static void test_deflate_plain_inflates_to_the_input(void **state)
{
    (void)state;
    static const size_t blocks[] = {0, 65536, 1000, 1, 64, 70000}; /* 1: taken as 64 */
    for (int t = 0; t < 600; t++) {
        size_t n = t % 10 == 0 ? (size_t)(next() % 300000) : (size_t)(next() % 70000);
        unsigned char *s = malloc(n + 1);
        fill(s, n, t % N_KINDS);
        round_trip(s, n, blocks[t % 6]);
        free(s);
    }
}

static void test_deflate_plain_edges(void **state)
{
    (void)state;
    unsigned char s[1200] = {0};
    round_trip(s, 0, 0);
    s[0] = 42;
    round_trip(s, 1, 0);
    /* runs around the match lengths: 258 + 1, + 2, + 3, 2 x 258, ... */
    static const size_t runs[] = {7, 8, 9, 10, 11, 258, 259, 260, 261, 262, 516, 517, 518, 519, 1000};
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        memset(s, 5, sizeof s);
        s[0] = 1;
        s[1 + runs[i] + 1] = 9; /* a run of runs[i] copies after the first 5 */
        round_trip(s, 2 + runs[i] + 5, 0);
        round_trip(s, 2 + runs[i] + 5, 100); /* runs cut by blocks */
    }
    /* all 256 values, once each, then incompressible: a stored block */
    for (int i = 0; i < 256; i++)
        s[i] = (unsigned char)i;
    assert_true(round_trip(s, 256, 0) <= 256 + 2 + 5 + 4 + 1);
}

static void test_deflate_plain_limits_code_lengths(void **state)
{
    (void)state;
    /* Fibonacci frequencies make a Huffman tree 24 deep: the codes must
     * be cut to 15 bits */
    uint32_t f[25] = {1, 1};
    size_t n = 2;
    for (int i = 2; i < 25; i++)
        n += f[i] = f[i - 1] + f[i - 2];
    unsigned char *s = malloc(n);
    size_t at = 0;
    for (int i = 0; i < 25; i++)
        for (uint32_t k = 0; k < f[i]; k++)
            s[at++] = (unsigned char)(i * 7 + 1);
    for (size_t i = n - 1; i > 0; i--) { /* shuffle: no runs */
        size_t j = (size_t)(next() % (i + 1));
        unsigned char x = s[i];
        s[i] = s[j], s[j] = x;
    }
    round_trip(s, 65536, 0);
    round_trip(s, n, 0);
    free(s);
}

static void test_deflate_plain_compresses_small_counts(void **state)
{
    (void)state;
    /* counts of 0..6, about 2.6 bits of entropy a byte; a constant plane */
    size_t n = 65536;
    unsigned char *s = malloc(n);
    for (size_t i = 0; i < n; i++)
        s[i] = (unsigned char)(__builtin_popcountll(next() & 0x3f));
    size_t size = round_trip(s, n, 0);
    assert_true(size < n * 36 / 100);
    memset(s, 3, n);
    assert_true(round_trip(s, n, 0) < 600);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deflate_plain_inflates_to_the_input),
        cmocka_unit_test(test_deflate_plain_edges),
        cmocka_unit_test(test_deflate_plain_limits_code_lengths),
        cmocka_unit_test(test_deflate_plain_compresses_small_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
