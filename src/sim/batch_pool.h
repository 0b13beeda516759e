/* Private to the batch runner (src/sim/batch.c): the part of a batch a
 * team (muster/team.h) hands out on demand. Every member first plays its
 * fixed blocks of the batch's head (mu_team_blocks), then takes ranges
 * of the rest, the pool, as it goes: member 0 keeps the pool and answers
 * the others' claims between its own games; each range is a share of
 * what is left (half of it over the members: big ranges first, smaller
 * towards the end, so that members that run slower, or drew dearer
 * games, end with the others). Which member plays which game changes
 * nothing in the result: every game has its own stream and its own row. */
#ifndef MUSTER_SIM_BATCH_POOL_H
#define MUSTER_SIM_BATCH_POOL_H

#include "muster/team.h"

#include <stdint.h>

typedef struct batch_pool {
    const mu_team *team;
    uint64_t next, end;    /* member 0: rows [next, end) not handed out yet */
    uint64_t least;        /* the fewest rows a range holds (but the last) */
    int told_none;         /* member 0: members told that none are left */
    int asking;            /* another member: a claim in flight */
    double served;         /* member 0: when it last looked for claims */
    mu_row_ranges *played; /* member 0: every member's rows; another: its own */
} batch_pool;

/* Returns the rows of a batch of n that a team of size members hands out
 * on demand, after the fixed blocks of its first n - that rows: none for
 * a team of one, half of them otherwise. */
uint64_t batch_pool_rows(uint64_t n, int size);

/* Starts the pool of rows [first, end) of a batch for this member of
 * team, whose members play with threads threads each. played: on member
 * 0 an entry for every member, on another member one (its own), each
 * already holding the member's fixed blocks; the ranges handed out are
 * added to them. Another member asks for its first range at once. */
void batch_pool_start(batch_pool *pool, const mu_team *team, uint64_t first, uint64_t end, int threads,
                      mu_row_ranges *played);

/* Member 0, between its games: answers the claims that have arrived
 * (looking at most every 50 us; not at all in a team of one). */
void batch_pool_serve(batch_pool *pool);

/* This member's next range: [range[0], range[1]), added to its played
 * rows; returns 0 when none is left. Member 0 takes it from the pool
 * (after answering the claims that have arrived); another member gets
 * the answer to its claim and at once asks for the next. */
int batch_pool_take(batch_pool *pool, uint64_t range[2]);

/* Member 0, when the pool is spent: answers claims until every other
 * member has been told that none are left. Others: nothing. */
void batch_pool_finish(batch_pool *pool);

#endif
