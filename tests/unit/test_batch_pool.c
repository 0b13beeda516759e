/* The part of a batch a team hands out on demand (src/sim/batch_pool.c):
 * every row once, member 0's record of who played what equal to what
 * each member was given, ranges that shrink as the pool empties, and a
 * member that stalls leaving the rest to the others. The team here is
 * threads of this process with a mutex for a post office. */
#include "batch_pool.h"

#include "muster/team.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#define MEMBERS 3
#define FIRST 1000u /* the pool: rows [FIRST, END) of a batch */
#define END 21000u

/* ---- a team of threads: claims in a queue, answers in boxes ---------------- */

static struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int queue[MEMBERS * 4]; /* members whose claims wait for member 0, in order */
    int head, tail;
    uint64_t answer[MEMBERS][2];
    int answered[MEMBERS];
    int spent;   /* member 0 has handed out the whole pool */
} desk = {.mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER};

static void desk_ask(const mu_team *t)
{
    pthread_mutex_lock(&desk.mu);
    desk.queue[desk.tail++ % (MEMBERS * 4)] = t->rank;
    pthread_cond_broadcast(&desk.cv);
    pthread_mutex_unlock(&desk.mu);
}

static void desk_get(const mu_team *t, uint64_t range[2])
{
    pthread_mutex_lock(&desk.mu);
    while (!desk.answered[t->rank])
        pthread_cond_wait(&desk.cv, &desk.mu);
    range[0] = desk.answer[t->rank][0], range[1] = desk.answer[t->rank][1];
    desk.answered[t->rank] = 0;
    pthread_mutex_unlock(&desk.mu);
}

static int desk_next(const mu_team *t, int wait)
{
    (void)t;
    pthread_mutex_lock(&desk.mu);
    while (wait && desk.head == desk.tail)
        pthread_cond_wait(&desk.cv, &desk.mu);
    int member = desk.head < desk.tail ? desk.queue[desk.head++ % (MEMBERS * 4)] : -1;
    pthread_mutex_unlock(&desk.mu);
    return member;
}

static void desk_answer(const mu_team *t, int member, const uint64_t range[2])
{
    (void)t;
    pthread_mutex_lock(&desk.mu);
    assert_false(desk.answered[member]); /* one question at a time */
    desk.answer[member][0] = range[0], desk.answer[member][1] = range[1];
    desk.answered[member] = 1;
    pthread_cond_broadcast(&desk.cv);
    pthread_mutex_unlock(&desk.mu);
}

static const mu_team_ops desk_ops = {.claim_ask = desk_ask, .claim_get = desk_get, .claim_next = desk_next,
                                     .claim_answer = desk_answer};

static void desk_reset(void)
{
    desk.head = desk.tail = desk.spent = 0;
    memset(desk.answered, 0, sizeof desk.answered);
}

static void nap_us(long us)
{
    struct timespec ts = {0, us * 1000};
    nanosleep(&ts, NULL);
}

/* ---- members ---------------------------------------------------------------- */

typedef struct member {
    mu_team team;
    mu_row_ranges mine; /* what it was given */
    long us_a_row;      /* how long it "plays" a row */
    int stall;          /* after its first range, waits until the pool is spent */
} member;

static void *play_member(void *arg)
{
    member *m = arg;
    batch_pool pool;
    batch_pool_start(&pool, &m->team, FIRST, END, 1, &m->mine);
    uint64_t range[2];
    for (int k = 0; batch_pool_take(&pool, range); k++) {
        if (m->stall && k == 0) {
            pthread_mutex_lock(&desk.mu);
            while (!desk.spent)
                pthread_cond_wait(&desk.cv, &desk.mu);
            pthread_mutex_unlock(&desk.mu);
        }
        nap_us(m->us_a_row * (long)(range[1] - range[0]));
    }
    batch_pool_finish(&pool);
    return NULL;
}

/* Plays the pool with members 1 .. MEMBERS - 1 on threads and member 0
 * here (every member us_a_row[m] a row; stall: member's stall), and
 * returns member 0's record in played and the others' own in m. */
static void play_pool(const long us_a_row[MEMBERS], int stall, mu_row_ranges played[MEMBERS], member m[MEMBERS])
{
    desk_reset();
    pthread_t threads[MEMBERS];
    for (int r = 0; r < MEMBERS; r++)
        m[r] = (member){.team = {.ops = &desk_ops, .rank = r, .size = MEMBERS}, .us_a_row = us_a_row[r],
                        .stall = r == stall};
    for (int r = 1; r < MEMBERS; r++)
        assert_int_equal(pthread_create(&threads[r], NULL, play_member, &m[r]), 0);
    batch_pool pool;
    batch_pool_start(&pool, &m[0].team, FIRST, END, 1, played);
    uint64_t range[2];
    while (batch_pool_take(&pool, range)) {
        for (uint64_t row = range[0]; row < range[1]; row++) {
            nap_us(us_a_row[0]);
            pool.served = 0; /* looks for claims between every row */
            batch_pool_serve(&pool);
        }
    }
    pthread_mutex_lock(&desk.mu);
    desk.spent = 1;
    pthread_cond_broadcast(&desk.cv);
    pthread_mutex_unlock(&desk.mu);
    batch_pool_finish(&pool);
    for (int r = 1; r < MEMBERS; r++)
        pthread_join(threads[r], NULL);
}

static void free_all(mu_row_ranges played[MEMBERS], member m[MEMBERS])
{
    for (int r = 0; r < MEMBERS; r++) {
        mu_row_ranges_free(&played[r]);
        mu_row_ranges_free(&m[r].mine);
    }
}

/* ---- the tests ------------------------------------------------------------- */

/* Every row of the pool is handed out once; member 0's record of each
 * other member is exactly what that member was given, range by range, in
 * order (the rows travel in that order); the ranges, in the order handed
 * out, never grow, the first is a share of the pool over twice the
 * members and none but the last is below a 64th of a member's share. */
static void test_pool_hands_out_every_row_once_and_records_it(void **state)
{
    (void)state;
    static const long us[MEMBERS] = {20, 20, 20};
    mu_row_ranges played[MEMBERS] = {{0}};
    member m[MEMBERS];
    play_pool(us, -1, played, m);
    static unsigned char seen[END];
    memset(seen, 0, sizeof seen);
    uint64_t rows = 0, n_all = 0, lo_all[4096], len_all[4096];
    for (int r = 0; r < MEMBERS; r++) {
        if (r > 0) {
            assert_int_equal(played[r].n, m[r].mine.n);
            for (size_t k = 0; k < played[r].n; k++) {
                assert_int_equal(played[r].lo[k], m[r].mine.lo[k]);
                assert_int_equal(played[r].hi[k], m[r].mine.hi[k]);
            }
        }
        for (size_t k = 0; k < played[r].n; k++) {
            assert_true(played[r].lo[k] >= FIRST && played[r].hi[k] <= END && played[r].lo[k] < played[r].hi[k]);
            for (uint64_t row = played[r].lo[k]; row < played[r].hi[k]; row++) {
                assert_int_equal(seen[row], 0);
                seen[row] = 1;
            }
            rows += played[r].hi[k] - played[r].lo[k];
            lo_all[n_all] = played[r].lo[k], len_all[n_all] = played[r].hi[k] - played[r].lo[k];
            n_all++;
        }
    }
    assert_int_equal(rows, END - FIRST);
    /* in the order handed out (by first row: the pool is cut from the front) */
    for (uint64_t i = 0; i < n_all; i++)
        for (uint64_t j = i + 1; j < n_all; j++)
            if (lo_all[j] < lo_all[i]) {
                uint64_t a = lo_all[i], b = len_all[i];
                lo_all[i] = lo_all[j], len_all[i] = len_all[j];
                lo_all[j] = a, len_all[j] = b;
            }
    uint64_t pool = END - FIRST, least = pool / (64 * MEMBERS);
    assert_int_equal(len_all[0], (pool + 2 * MEMBERS - 1) / (2 * MEMBERS));
    for (uint64_t i = 1; i < n_all; i++) {
        assert_true(len_all[i] <= len_all[i - 1]);
        if (i + 1 < n_all)
            assert_true(len_all[i] >= least);
    }
    free_all(played, m);
}

/* A member that stalls after its first range (a slow core, a dear game)
 * keeps that range and the one it had claimed ahead, and the others play
 * the rest: it ends with less than its equal share. */
static void test_pool_leaves_a_stalled_member_behind(void **state)
{
    (void)state;
    static const long us[MEMBERS] = {5, 5, 5};
    mu_row_ranges played[MEMBERS] = {{0}};
    member m[MEMBERS];
    play_pool(us, 2, played, m);
    uint64_t stalled = mu_row_ranges_rows(&played[2]), pool = END - FIRST;
    assert_true(m[2].mine.n <= 2);
    assert_true(stalled < pool / MEMBERS);
    assert_int_equal(mu_row_ranges_rows(&played[0]) + mu_row_ranges_rows(&played[1]) + stalled, pool);
    free_all(played, m);
}

/* A team of one hands out nothing on demand: the batch is all fixed. */
static void test_pool_of_a_team_of_one_is_empty(void **state)
{
    (void)state;
    assert_int_equal(batch_pool_rows(1000, 1), 0);
    assert_int_equal(batch_pool_rows(1000, 2), 500);
    assert_int_equal(batch_pool_rows(1001, 4), 500);
    mu_row_ranges mine = {0};
    batch_pool pool;
    batch_pool_start(&pool, &mu_team_solo, 0, 1000, 2, &mine);
    uint64_t range[2];
    assert_int_equal(batch_pool_take(&pool, range), 0);
    batch_pool_finish(&pool);
    assert_int_equal(mine.n, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_hands_out_every_row_once_and_records_it),
        cmocka_unit_test(test_pool_leaves_a_stalled_member_behind),
        cmocka_unit_test(test_pool_of_a_team_of_one_is_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
