/* The part of a batch a team hands out on demand: see batch_pool.h. */
#include "batch_pool.h"

#include <time.h>

/* Member 0 looks for claims at most this often, in seconds (a look costs
 * an MPI probe: ~1 us). */
#define SERVE_EVERY 50e-6

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t batch_pool_rows(uint64_t n, int size) { return size > 1 ? n / 2 : 0; }

/* Member 0: the next range of the pool for one of size members, or an
 * empty one. */
static void cut(batch_pool *pool, uint64_t range[2])
{
    uint64_t left = pool->end - pool->next;
    uint64_t share = (left + 2 * (uint64_t)pool->team->size - 1) / (2 * (uint64_t)pool->team->size);
    uint64_t take = share > pool->least ? share : pool->least;
    range[0] = pool->next;
    range[1] = pool->next + (take < left ? take : left);
    pool->next = range[1];
}

/* Member 0: answers claims (waiting for one when wait) until none has
 * arrived. */
static void answer(batch_pool *pool, int wait)
{
    const mu_team *t = pool->team;
    for (int member; (member = t->ops->claim_next(t, wait)) >= 0; wait = 0) {
        uint64_t range[2];
        cut(pool, range);
        t->ops->claim_answer(t, member, range);
        if (range[1] > range[0])
            mu_row_ranges_add(&pool->played[member], range[0], range[1]);
        else
            pool->told_none++;
    }
}

void batch_pool_start(batch_pool *pool, const mu_team *team, uint64_t first, uint64_t end, int threads,
                      mu_row_ranges *played)
{
    /* ranges of at least a 64th of a member's share, and a game a thread */
    uint64_t least = (end - first) / (64 * (uint64_t)team->size), each = threads > 1 ? (uint64_t)threads : 1;
    *pool = (batch_pool){.team = team, .next = first, .end = end, .played = played,
                         .least = least > each ? least : each};
    if (team->size > 1 && team->rank != 0) {
        team->ops->claim_ask(team);
        pool->asking = 1;
    }
}

void batch_pool_serve(batch_pool *pool)
{
    if (pool->team->size == 1 || pool->team->rank != 0)
        return;
    double t = now_seconds();
    if (t - pool->served < SERVE_EVERY)
        return;
    pool->served = t;
    answer(pool, 0);
}

int batch_pool_take(batch_pool *pool, uint64_t range[2])
{
    const mu_team *t = pool->team;
    if (t->size == 1)
        return 0;
    if (t->rank == 0) {
        answer(pool, 0);
        cut(pool, range);
        mu_row_ranges_add(&pool->played[0], range[0], range[1]);
        return range[1] > range[0];
    }
    if (!pool->asking)
        return 0;
    t->ops->claim_get(t, range);
    pool->asking = range[1] > range[0];
    if (!pool->asking)
        return 0;
    t->ops->claim_ask(t); /* one ahead: the answer comes while this range is played */
    mu_row_ranges_add(&pool->played[0], range[0], range[1]);
    return 1;
}

void batch_pool_finish(batch_pool *pool)
{
    if (pool->team->size == 1 || pool->team->rank != 0)
        return;
    while (pool->told_none < pool->team->size - 1)
        answer(pool, 1);
}
