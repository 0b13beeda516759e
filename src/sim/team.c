/* The solo team (one process: every collective operation is a no-op) and
 * the blocks of a batch the members of any team play. See muster/team.h. */
#include "muster/team.h"

#include "muster/alloc.h"

#include <stdlib.h>

static void solo_words(const mu_team *t, uint64_t *words, int n)
{
    (void)t, (void)words, (void)n;
}

static void solo_gather(const mu_team *t, const mu_layout *l, void *const *columns, const mu_row_ranges *played)
{
    (void)t, (void)l, (void)columns, (void)played;
}

/* The solo runner reduces into its totals directly (tables == totals). */
static void solo_reduce(const mu_team *t, const mu_layout *l, uint64_t *const *tables, uint64_t *const *totals)
{
    (void)t, (void)l, (void)tables, (void)totals;
}

/* Nobody to send to or hear from. */
static void *solo_scatter(const mu_team *t, const void *send, const size_t *sizes, size_t *size)
{
    (void)t, (void)send, (void)sizes;
    *size = 0;
    return NULL;
}

static void *solo_gather_bytes(const mu_team *t, const void *mine, size_t size, size_t *sizes)
{
    (void)t, (void)mine, (void)size;
    sizes[0] = 0;
    return NULL;
}

static const mu_team_ops solo_ops = {.share = solo_words,
                                     .agree = solo_words,
                                     .gather_rows = solo_gather,
                                     .reduce_tables = solo_reduce,
                                     .scatter_bytes = solo_scatter,
                                     .gather_bytes = solo_gather_bytes};

const mu_team mu_team_solo = {.ops = &solo_ops, .rank = 0, .size = 1};

void mu_split_equal(uint64_t n, int part, int parts, uint64_t *lo, uint64_t *hi)
{
    /* floor(n * p / parts) without overflow: with n = q * parts + m,
     * it is q * p + floor(m * p / parts), and m * p < 2^62 */
    uint64_t q = n / (unsigned)parts, m = n % (unsigned)parts;
    *lo = q * (unsigned)part + m * (unsigned)part / (unsigned)parts;
    *hi = q * (unsigned)(part + 1) + m * (unsigned)(part + 1) / (unsigned)parts;
}

int mu_team_blocks(uint64_t n, uint64_t w0, int rank, int size, uint64_t *lo, uint64_t *hi)
{
    if (size == 1) {
        lo[0] = 0, hi[0] = n;
        return 1;
    }
    uint64_t per = (uint64_t)size * 4; /* at least a few games a member a stripe */
    int stripes = n >= MU_TEAM_STRIPES * per ? MU_TEAM_STRIPES : (int)(n / per > 0 ? n / per : 1);
    for (int k = 0; k < stripes; k++) {
        uint64_t a, b;
        mu_split_equal(n, k, stripes, &a, &b);
        uint64_t lead = (b - a) * w0 / (w0 + MU_TEAM_WEIGHT_ONE * (uint64_t)(size - 1));
        if (rank == 0) {
            lo[k] = a, hi[k] = a + lead;
        } else {
            mu_split_equal(b - a - lead, rank - 1, size - 1, &lo[k], &hi[k]);
            lo[k] += a + lead, hi[k] += a + lead;
        }
    }
    return stripes;
}

void mu_row_ranges_add(mu_row_ranges *r, uint64_t lo, uint64_t hi)
{
    if (hi <= lo)
        return;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 16;
        r->lo = mu_xrealloc(r->lo, r->cap * sizeof *r->lo);
        r->hi = mu_xrealloc(r->hi, r->cap * sizeof *r->hi);
    }
    r->lo[r->n] = lo, r->hi[r->n] = hi;
    r->n++;
}

void mu_row_ranges_free(mu_row_ranges *r)
{
    free(r->lo), free(r->hi);
    *r = (mu_row_ranges){0};
}

uint64_t mu_row_ranges_rows(const mu_row_ranges *r)
{
    uint64_t rows = 0;
    for (size_t i = 0; i < r->n; i++)
        rows += r->hi[i] - r->lo[i];
    return rows;
}
