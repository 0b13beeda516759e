/* The game driver: the one place that plays a game of any ruleset from
 * start to end. The batch runner, `muster replay`, the benchmarks and the
 * tests all play through it, so they play the same games:
 *
 *   dice = mu_rng_for_game(seed, g / arms)
 *   setup(ctx, g, state)
 *   while (!is_over(ctx, state)) play_turn(ctx, state, dice, sink)
 *   record(ctx, state, sink)
 *
 * and mu_worker, one thread's game state and count tables. Nothing here
 * knows a rule system, threads or the output. */
#ifndef MUSTER_SIM_H
#define MUSTER_SIM_H

#include "muster/dice.h"
#include "muster/layout.h"
#include "muster/ruleset.h"

#include <stdint.h>

/* Plays game g of a prepared ruleset (ctx from rs->prepare) to its end and
 * records it: rolls every die from the generator of the game's index
 * within its arm, mu_rng_for_game(seed, g / arms) (a run's games
 * interleave its arms: game g is game g / arms of arm g % arms, see
 * mu_ruleset.prepare; arms is the run's games over the experiment's
 * `games`),
 * so that game g is the same game whoever plays it and in whatever order,
 * and game i of every arm meets the same dice (common random numbers: the
 * arms' differences are then measured game by game, paired). state is the caller's scratch of
 * rs->state_size bytes (its contents on entry do not matter; on return it
 * holds the finished game). The game's row goes to sink->columns at
 * sink->row (set by the caller; columns NULL: no row), its counts are
 * added to sink->tables. With sink->trace set, a line "-- turn N" (N from
 * 1) precedes each turn's play-by-play. Returns the number of turns
 * played. Thread-safe for distinct state and sink. */
uint64_t mu_play_game(const mu_ruleset *rs, const void *ctx, uint64_t seed, uint64_t arms, uint64_t g,
                      void *state, mu_sink *sink);

/* The same as mu_play_game, but every die comes from dice (a generator or,
 * in tests, a script of faces; it is left where the game stopped rolling)
 * instead of game g's generator. */
uint64_t mu_play_game_with_dice(const mu_ruleset *rs, const void *ctx, uint64_t g, mu_dice *dice, void *state,
                                mu_sink *sink);

/* What one thread needs to play games of a ruleset: a game state and
 * count tables shaped by the run's layout. Each block sits on cache lines
 * of its own, so threads' counters never share a line. */
typedef struct mu_worker {
    void *state;                            /* rs->state_size bytes */
    uint64_t *tables[MU_LAYOUT_MAX_TABLES]; /* table t: mu_table_cells(layout, t)
                                             * counts, zero at first; NULL past
                                             * layout->n_tables */
} mu_worker;

/* Returns a new worker for games of rs written by layout (borrowed, read
 * now only), its tables zero. Aborts if out of memory. Free it with
 * mu_worker_free. */
mu_worker *mu_worker_new(const mu_ruleset *rs, const mu_layout *layout);

/* Adds w's counts into totals[t] (mu_table_cells(layout, t) cells each;
 * totals NULL: drops them) and zeroes w's tables. */
void mu_worker_drain(mu_worker *w, const mu_layout *layout, uint64_t *const *totals);

/* Frees w and all it holds. NULL is ignored. */
void mu_worker_free(mu_worker *w);

#endif
