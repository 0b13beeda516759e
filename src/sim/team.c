/* The solo team (one process: every collective operation is a no-op) and
 * the blocks of a batch the members of any team play. See muster/team.h. */
#include "muster/team.h"

static void solo_words(const mu_team *t, uint64_t *words, int n)
{
    (void)t, (void)words, (void)n;
}

static void solo_gather(const mu_team *t, const mu_layout *l, void *const *columns, uint64_t n)
{
    (void)t, (void)l, (void)columns, (void)n;
}

/* The solo runner reduces into its totals directly (tables == totals). */
static void solo_reduce(const mu_team *t, const mu_layout *l, uint64_t *const *tables, uint64_t *const *totals)
{
    (void)t, (void)l, (void)tables, (void)totals;
}

static const mu_team_ops solo_ops = {
    .share = solo_words, .agree = solo_words, .gather_rows = solo_gather, .reduce_tables = solo_reduce};

const mu_team mu_team_solo = {.ops = &solo_ops, .rank = 0, .size = 1};

void mu_team_block(uint64_t n, int rank, int size, uint64_t *lo, uint64_t *hi)
{
    /* floor(n * r / size) without overflow: with n = q * size + m,
     * it is q * r + floor(m * r / size), and m * r < 2^62 */
    uint64_t q = n / (unsigned)size, m = n % (unsigned)size;
    *lo = q * (unsigned)rank + m * (unsigned)rank / (unsigned)size;
    *hi = q * (unsigned)(rank + 1) + m * (unsigned)(rank + 1) / (unsigned)size;
}
