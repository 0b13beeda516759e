/* A deflate encoder for the integer columns' byte planes: see
 * mu_h5_deflate_plain in h5objects.h. It writes a standard zlib stream
 * (RFC 1950/1951) that HDF5's deflate filter (zlib's inflate) reads like
 * any other.
 *
 * Why not zlib: the columns are small counts (a few distinct values a
 * byte), where string matching finds little. zlib's fastest modes spend
 * ~5.5 ns a byte on them (Z_RLE; level 1 ~7) mostly in per-symbol
 * bookkeeping; this encoder does ~1.9 ns a byte (adler32 included) for
 * the same or smaller output (drill columns: 2.15 bytes a game, Z_RLE
 * 2.17, level 1 2.71). It does one thing: a block of at most 64 KiB gets
 * its own Huffman code over literals and runs (a byte repeated 8 or more
 * times after itself, sent as matches at distance 1); a block that would
 * not shrink is stored. */
#include "h5objects.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <zlib.h>

#define MAX_BLOCK 65536u /* bytes of input a block at most */
#define MIN_BLOCK 64u    /* and at least (but the last) */
#define N_LITLEN 286     /* literals 0-255, end of block 256, lengths 257-285 */
#define END_OF_BLOCK 256
#define MIN_RUN 8        /* shorter runs go as literals */

/* Length codes 257 + k: base length and extra bits (RFC 1951, 3.2.5). */
static const uint16_t len_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                      31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                      2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/* The order code length code lengths are sent in (RFC 1951, 3.2.7). */
static const uint8_t cl_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* Returns k such that length len (3-258) is sent as code 257 + k. */
static unsigned len_code(unsigned len)
{
    unsigned k = 0;
    if (len == 258)
        return 28;
    while (k < 27 && len_base[k + 1] <= len)
        k++;
    return k;
}

/* ---- output bits, least significant first ------------------------------------ */

typedef struct bits {
    unsigned char *out, *end;
    uint64_t buf;
    unsigned n;   /* bits in buf */
    int overflow; /* out of room */
} bits;

/* Adds the len (<= 32) low bits of v. */
static inline void put(bits *b, uint64_t v, unsigned len)
{
    b->buf |= v << b->n;
    b->n += len;
    if (b->n >= 32) {
        if (b->end - b->out >= 4) {
            uint32_t w = (uint32_t)b->buf; /* little-endian host: see h5pack.c */
            memcpy(b->out, &w, 4);
            b->out += 4;
        } else {
            b->overflow = 1;
        }
        b->buf >>= 32;
        b->n -= 32;
    }
}

/* Writes out the bits in buf, the last byte padded with zeros. */
static void drain(bits *b)
{
    while (b->n > 0) {
        if (b->out < b->end)
            *b->out++ = (unsigned char)b->buf;
        else
            b->overflow = 1;
        b->buf >>= 8;
        b->n = b->n > 8 ? b->n - 8 : 0;
    }
}

/* ---- Huffman codes ---------------------------------------------------------------- */

/* Huffman code lengths of at most limit bits for the n (<= N_LITLEN)
 * symbols of frequencies freq (len 0: unused). One used symbol gets length
 * 1. Over the limit, the frequencies are flattened (halved, kept above 0)
 * and the code built again: rare, and always ends (equal frequencies need
 * 9 bits at most). */
static void code_lengths(const uint32_t *freq, unsigned n, unsigned limit, uint8_t *len)
{
    uint32_t f[N_LITLEN];
    memcpy(f, freq, n * sizeof *f);
    for (;;) {
        unsigned sym[N_LITLEN], m = 0; /* used symbols by rising frequency (stable) */
        for (unsigned i = 0; i < n; i++) {
            len[i] = 0;
            if (!f[i])
                continue;
            unsigned j = m++;
            for (; j > 0 && f[sym[j - 1]] > f[i]; j--)
                sym[j] = sym[j - 1];
            sym[j] = i;
        }
        if (m <= 1) {
            if (m == 1)
                len[sym[0]] = 1;
            return;
        }
        /* two queues: leaves 0..m-1 (sorted), inner nodes m.. (made in order) */
        uint64_t w[2 * N_LITLEN];
        unsigned parent[2 * N_LITLEN], depth[2 * N_LITLEN];
        for (unsigned i = 0; i < m; i++)
            w[i] = f[sym[i]];
        unsigned leaf = 0, inner = m, nodes = m;
        for (unsigned k = 0; k + 1 < m; k++) {
            unsigned pick[2];
            for (int t = 0; t < 2; t++)
                pick[t] = leaf < m && (inner >= nodes || w[leaf] <= w[inner]) ? leaf++ : inner++;
            w[nodes] = w[pick[0]] + w[pick[1]];
            parent[pick[0]] = parent[pick[1]] = nodes++;
        }
        unsigned deepest = 0;
        depth[nodes - 1] = 0; /* the root */
        for (unsigned k = nodes - 1; k-- > 0;) {
            depth[k] = depth[parent[k]] + 1;
            if (k < m && depth[k] > deepest)
                deepest = depth[k];
        }
        if (deepest <= limit) {
            for (unsigned i = 0; i < m; i++)
                len[sym[i]] = (uint8_t)depth[i];
            return;
        }
        for (unsigned i = 0; i < n; i++)
            if (f[i])
                f[i] = (f[i] >> 1) | 1u;
    }
}

/* The canonical codes of lengths len (RFC 1951, 3.2.2), bit-reversed to
 * be sent least significant bit first. */
static void make_codes(const uint8_t *len, unsigned n, uint16_t *code)
{
    unsigned count[16] = {0}, next[16] = {0}, c = 0;
    for (unsigned i = 0; i < n; i++)
        count[len[i]]++;
    count[0] = 0;
    for (unsigned bitlen = 1; bitlen < 16; bitlen++)
        next[bitlen] = c = (c + count[bitlen - 1]) << 1;
    for (unsigned i = 0; i < n; i++) {
        unsigned l = len[i], v = l ? next[l]++ : 0, r = 0;
        for (unsigned k = 0; k < l; k++)
            r |= ((v >> k) & 1u) << (l - 1 - k);
        code[i] = (uint16_t)r;
    }
}

/* ---- symbols ------------------------------------------------------------------------ */

/* The length of the run of src[i - 1] starting at i (0 below MIN_RUN). */
static inline size_t run_at(const unsigned char *src, size_t i, size_t n)
{
    if (i == 0 || i + MIN_RUN > n || src[i] != src[i - 1])
        return 0;
    uint64_t w, x = src[i - 1] * UINT64_C(0x0101010101010101);
    memcpy(&w, src + i, 8);
    if (w != x)
        return 0;
    size_t r = MIN_RUN;
    while (i + r < n && src[i + r] == src[i - 1])
        r++;
    return r;
}

/* The next match of a run of r (>= 3) bytes: at most 258, never leaving
 * 1 or 2 bytes (a match is 3 at least). */
static inline unsigned next_match(size_t r)
{
    size_t l = r > 258 ? 258 : r;
    if (r - l == 1 || r - l == 2)
        l = r - 3;
    return (unsigned)l;
}

/* Counts the literal/length symbols of src into freq. */
static void count_symbols(const unsigned char *src, size_t n, uint32_t *freq)
{
    uint32_t h[4][256];
    memset(h, 0, sizeof h);
    for (size_t i = 0; i < n;) {
        size_t r = run_at(src, i, n);
        if (r) {
            i += r;
            for (unsigned l; r > 0; r -= l)
                freq[257 + len_code(l = next_match(r))]++;
            continue;
        }
        for (size_t e = i + 8 < n ? i + 8 : n; i < e; i++)
            h[i & 3][src[i]]++;
    }
    for (unsigned s = 0; s < 256; s++)
        freq[s] += h[0][s] + h[1][s] + h[2][s] + h[3][s];
}

static void send_symbols(bits *b, const unsigned char *src, size_t n, const uint16_t *code,
                         const uint8_t *len)
{
    for (size_t i = 0; i < n;) {
        size_t r = run_at(src, i, n);
        if (r) {
            i += r;
            for (unsigned l; r > 0; r -= l) {
                unsigned k = len_code(l = next_match(r));
                put(b, code[257 + k], len[257 + k]);
                put(b, l - len_base[k], len_extra[k]);
                put(b, 0, 1); /* distance 1: distance code 0, of length 1 */
            }
            continue;
        }
        if (i + 8 <= n) {
            for (size_t e = i + 8; i < e; i += 2) { /* two codes (<= 30 bits) at a time */
                unsigned x = src[i], y = src[i + 1];
                put(b, code[x] | (uint64_t)code[y] << len[x], (unsigned)len[x] + len[y]);
            }
        } else {
            for (; i < n; i++)
                put(b, code[src[i]], len[src[i]]);
        }
    }
}

/* ---- blocks ------------------------------------------------------------------------- */

/* Stored blocks of src (n bytes), the last one final if last. */
static void stored(bits *b, const unsigned char *src, size_t n, int last)
{
    size_t at = 0;
    do {
        size_t k = n - at < 65535 ? n - at : 65535;
        put(b, last && at + k == n, 1);
        put(b, 0, 2);
        put(b, 0, (8u - (b->n & 7u)) & 7u); /* to a byte boundary */
        drain(b);
        if (b->end - b->out < (ptrdiff_t)(4 + k)) {
            b->overflow = 1;
            return;
        }
        unsigned char *o = b->out;
        o[0] = (unsigned char)k, o[1] = (unsigned char)(k >> 8);
        o[2] = (unsigned char)~k, o[3] = (unsigned char)(~k >> 8);
        memcpy(o + 4, src + at, k);
        b->out += 4 + k;
        at += k;
    } while (at < n);
}

/* One block of src (1 to MAX_BLOCK bytes): dynamic Huffman codes, or
 * stored when that is smaller. */
static void block(bits *b, const unsigned char *src, size_t n, int last)
{
    uint32_t freq[N_LITLEN] = {0};
    count_symbols(src, n, freq);
    freq[END_OF_BLOCK] = 1;
    uint8_t len[N_LITLEN];
    uint16_t code[N_LITLEN];
    code_lengths(freq, N_LITLEN, 15, len);
    make_codes(len, N_LITLEN, code);
    unsigned hlit = N_LITLEN;
    while (len[hlit - 1] == 0)
        hlit--; /* >= 257: the end of block is used */

    /* the code lengths to send: hlit literal/length ones, then two
     * distance codes of length 1 (only code 0, distance 1, is used; two
     * make a complete code, which every inflater takes); zeros in runs
     * (symbols 17 and 18) */
    uint8_t all[N_LITLEN + 2], sym[N_LITLEN + 2], extra[N_LITLEN + 2];
    unsigned total = hlit + 2, ns = 0;
    uint32_t clf[19] = {0};
    memcpy(all, len, hlit);
    all[hlit] = all[hlit + 1] = 1;
    for (unsigned i = 0; i < total;) {
        unsigned r = 1;
        while (all[i] == 0 && i + r < total && all[i + r] == 0 && r < 138)
            r++;
        unsigned s = all[i] != 0 || r < 3 ? all[i] : r < 11 ? 17u : 18u;
        if (s < 17)
            r = 1;
        sym[ns] = (uint8_t)s, extra[ns++] = (uint8_t)(s == 17 ? r - 3 : s == 18 ? r - 11 : 0);
        clf[s]++;
        i += r;
    }
    unsigned used = 0;
    for (unsigned s = 0; s < 19; s++)
        used += clf[s] != 0;
    if (used < 2) /* the code length code must be complete: two symbols */
        clf[clf[0] ? 1 : 0] = 1;
    uint8_t cll[19];
    uint16_t clc[19];
    code_lengths(clf, 19, 7, cll);
    make_codes(cll, 19, clc);
    unsigned hclen = 19;
    while (hclen > 4 && cll[cl_order[hclen - 1]] == 0)
        hclen--;

    uint64_t cost = 3 + 5 + 5 + 4 + 3 * hclen; /* bits of the dynamic block */
    for (unsigned i = 0; i < ns; i++)
        cost += cll[sym[i]] + (sym[i] == 17 ? 3u : sym[i] == 18 ? 7u : 0u);
    for (unsigned s = 0; s < N_LITLEN; s++)
        cost += (uint64_t)freq[s] * (len[s] + (s > END_OF_BLOCK ? len_extra[s - 257] + 1u : 0u));
    if (cost >= 8 * ((uint64_t)n + 5 * (n / 65535 + 1)) + 10) {
        stored(b, src, n, last);
        return;
    }
    put(b, last ? 1u : 0u, 1);
    put(b, 2, 2); /* dynamic Huffman codes */
    put(b, hlit - 257, 5);
    put(b, 2 - 1, 5);
    put(b, hclen - 4, 4);
    for (unsigned i = 0; i < hclen; i++)
        put(b, cll[cl_order[i]], 3);
    for (unsigned i = 0; i < ns; i++) {
        put(b, clc[sym[i]], cll[sym[i]]);
        if (sym[i] >= 17)
            put(b, extra[i], sym[i] == 17 ? 3u : 7u);
    }
    send_symbols(b, src, n, code, len);
    put(b, code[END_OF_BLOCK], len[END_OF_BLOCK]);
}

size_t mu_h5_deflate_plain(unsigned char *dst, size_t cap, const unsigned char *src, size_t n,
                           size_t block_bytes)
{
    if (cap < 2 + 2 + 4 || n > UINT32_MAX)
        return 0;
    if (block_bytes == 0 || block_bytes > MAX_BLOCK)
        block_bytes = MAX_BLOCK;
    if (block_bytes < MIN_BLOCK)
        block_bytes = MIN_BLOCK; /* a block costs 6 bytes at worst: <= 1/8 */
    bits b = {.out = dst + 2, .end = dst + cap - 4};
    dst[0] = 0x78, dst[1] = 0x01; /* deflate, 32 KiB window; (0x7801 % 31) == 0 */
    if (n == 0) {                 /* a final, empty block with fixed codes */
        put(&b, 1, 1);
        put(&b, 1, 2);
        put(&b, 0, 7);
    }
    for (size_t at = 0; at < n && !b.overflow; at += block_bytes) {
        size_t k = n - at < block_bytes ? n - at : block_bytes;
        block(&b, src + at, k, at + k == n);
    }
    drain(&b);
    if (b.overflow)
        return 0;
    uLong adler = adler32(adler32(0L, Z_NULL, 0), src, (uInt)n);
    for (int i = 3; i >= 0; i--)
        *b.out++ = (unsigned char)(adler >> (8 * i)); /* room kept by end */
    return (size_t)(b.out - dst);
}
