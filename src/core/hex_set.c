/* Sets of cells of a hex grid (muster/hex.h): neighbours by word shifts
 * (a direction's index step depends only on the row's parity) and the
 * breadth-first reach layer by layer, a few word operations a step, for
 * searches made many times a game. */
#include "muster/hex.h"

#include <assert.h>

/* Grids of at most 128 cells (a 13-hex board of 9 rows has 126) take a
 * path on 128-bit integers: no loops over words. */
__extension__ typedef unsigned __int128 u128;

static inline u128 get128(const mu_hex_set *s) { return (u128)s->w[0] | (u128)s->w[1] << 64; }

static inline void put128(mu_hex_set *s, u128 v)
{
    s->w[0] = (uint64_t)v;
    s->w[1] = (uint64_t)(v >> 64);
    for (int i = 2; i < MU_HEX_SET_WORDS; i++)
        s->w[i] = 0;
}

/* Neighbours by twelve masked shifts (any set). */
static inline u128 neighbours128(const mu_hex_grid *g, u128 in)
{
    u128 out = 0;
    for (int p = 0; p < 2; p++)
        for (int d = 0; d < MU_HEX_DIRS; d++) {
            u128 t = in & get128(&g->from[p][d]);
            int by = g->shift[p][d];
            out |= by >= 0 ? t << by : t >> -by;
        }
    return out;
}

/* Neighbours cell by cell from the grid's table (a search's front: a few
 * cells). */
static inline u128 neighbours128_few(const mu_hex_grid *g, u128 in)
{
    u128 out = 0;
    for (uint64_t lo = (uint64_t)in; lo; lo &= lo - 1) {
        const uint64_t *nb = g->nb_bits[__builtin_ctzll(lo)];
        out |= (u128)nb[0] | (u128)nb[1] << 64;
    }
    for (uint64_t hi = (uint64_t)(in >> 64); hi; hi &= hi - 1) {
        const uint64_t *nb = g->nb_bits[64 + __builtin_ctzll(hi)];
        out |= (u128)nb[0] | (u128)nb[1] << 64;
    }
    return out;
}

/* Bits set in x (no popcnt instruction is assumed). */
static inline int bits128(u128 x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* out |= (in & from) moved by `by` indices (|by| < 64). */
static void or_shifted(int words, const mu_hex_set *in, const mu_hex_set *from, int by, mu_hex_set *out)
{
    uint64_t t[MU_HEX_SET_WORDS];
    for (int i = 0; i < words; i++)
        t[i] = in->w[i] & from->w[i];
    if (by > 0) {
        for (int i = words - 1; i >= 0; i--)
            out->w[i] |= t[i] << by | (i > 0 ? t[i - 1] >> (64 - by) : 0);
    } else if (by < 0) {
        int b = -by;
        for (int i = 0; i < words; i++)
            out->w[i] |= t[i] >> b | (i + 1 < words ? t[i + 1] << (64 - b) : 0);
    }
}

void mu_hex_set_neighbours(const mu_hex_grid *g, const mu_hex_set *in, mu_hex_set *out)
{
    if (g->words <= 2) {
        put128(out, neighbours128(g, get128(in)));
        return;
    }
    mu_hex_set_clear(out);
    for (int p = 0; p < 2; p++)
        for (int d = 0; d < MU_HEX_DIRS; d++)
            or_shifted(g->words, in, &g->from[p][d], g->shift[p][d], out);
}

int mu_hex_reach_sets(const mu_hex_grid *g, const mu_hex_set *enter, const mu_hex_set *through, int start,
                      int max_steps, mu_hex_set *layer)
{
    assert(start >= 0 && start < g->n_cells && max_steps >= 0 && max_steps < 32);
    if (g->words <= 2) {
        u128 e = get128(enter), t = get128(through), seen = (u128)1 << start, front = seen;
        int count = 1;
        put128(&layer[0], seen);
        for (int k = 1; k <= max_steps; k++) {
            u128 fresh = front ? neighbours128_few(g, front) & e & ~seen : 0;
            put128(&layer[k], fresh);
            seen |= fresh;
            front = fresh & t;
            count += bits128(fresh);
        }
        return count;
    }
    mu_hex_set seen, front, next;
    mu_hex_set_clear(&seen);
    mu_hex_set_clear(&layer[0]);
    mu_hex_set_add(&layer[0], start);
    mu_hex_set_add(&seen, start);
    front = layer[0];
    int count = 1;
    for (int k = 1; k <= max_steps; k++) {
        mu_hex_set_neighbours(g, &front, &next);
        int any = 0;
        for (int i = 0; i < g->words; i++) {
            uint64_t fresh = next.w[i] & enter->w[i] & ~seen.w[i];
            layer[k].w[i] = fresh;
            seen.w[i] |= fresh;
            front.w[i] = fresh & through->w[i];
            any |= fresh != 0;
            count += bits128(fresh);
        }
        for (int i = g->words; i < MU_HEX_SET_WORDS; i++)
            layer[k].w[i] = 0;
        if (!any) {
            for (int j = k + 1; j <= max_steps; j++)
                mu_hex_set_clear(&layer[j]);
            break;
        }
    }
    return count;
}
