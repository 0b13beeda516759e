/* The solo team (one process: every collective operation is a no-op) and
 * the blocks of a batch the members of any team play. See muster/team.h. */
#include "muster/team.h"

static void solo_words(const mu_team *t, uint64_t *words, int n)
{
    (void)t, (void)words, (void)n;
}

static void solo_gather(const mu_team *t, const mu_layout *l, void *const *columns, uint64_t n, uint64_t lead)
{
    (void)t, (void)l, (void)columns, (void)n, (void)lead;
}

/* The solo runner reduces into its totals directly (tables == totals). */
static void solo_reduce(const mu_team *t, const mu_layout *l, uint64_t *const *tables, uint64_t *const *totals)
{
    (void)t, (void)l, (void)tables, (void)totals;
}

static const mu_team_ops solo_ops = {
    .share = solo_words, .agree = solo_words, .gather_rows = solo_gather, .reduce_tables = solo_reduce};

const mu_team mu_team_solo = {.ops = &solo_ops, .rank = 0, .size = 1};

void mu_split_equal(uint64_t n, int part, int parts, uint64_t *lo, uint64_t *hi)
{
    /* floor(n * p / parts) without overflow: with n = q * parts + m,
     * it is q * p + floor(m * p / parts), and m * p < 2^62 */
    uint64_t q = n / (unsigned)parts, m = n % (unsigned)parts;
    *lo = q * (unsigned)part + m * (unsigned)part / (unsigned)parts;
    *hi = q * (unsigned)(part + 1) + m * (unsigned)(part + 1) / (unsigned)parts;
}

void mu_team_block(uint64_t n, uint64_t lead, int rank, int size, uint64_t *lo, uint64_t *hi)
{
    if (size == 1) {
        *lo = 0, *hi = n;
    } else if (rank == 0) {
        *lo = 0, *hi = lead;
    } else {
        mu_split_equal(n - lead, rank - 1, size - 1, lo, hi);
        *lo += lead, *hi += lead;
    }
}
