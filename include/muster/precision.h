/* Precision targets (`muster run --precision P`): whether a run has
 * played enough games that every rate its reports show (the layout's
 * rates, muster/layout.h) is known to within +-P at 95%, and when to ask.
 *
 * The stopping rule (docs/precision.md has the reasoning and the
 * coverage measured): the run looks at fixed game counts only, the check
 * points: A x m_k games for A arms, with m_0 = MU_PRECISION_FIRST games
 * an arm and m_(k+1) = m_k + ceil(m_k / 4), and at its game cap (the
 * experiment's games). At each check point it computes every rate cell's
 * 95% Wilson score interval from the count tables and stops when the
 * widest half-width is at most P. The check points do not depend on the
 * threads, ranks or batch sizes, so the games played, and the file, are
 * the same for any of them. */
#ifndef MUSTER_PRECISION_H
#define MUSTER_PRECISION_H

#include "muster/layout.h"

#include <stddef.h>
#include <stdint.h>

#define MU_PRECISION_Z 1.959963984540054 /* the 97.5% normal quantile: 95% intervals */
#define MU_PRECISION_FIRST UINT64_C(256) /* games an arm at the first check point */

/* Returns the half-width of the 95% Wilson score interval of events
 * successes in trials trials (0 < trials, events <= trials). */
double mu_wilson_half_width(uint64_t events, uint64_t trials);

/* A cell of one of a layout's rates. */
typedef struct mu_rate_cell {
    int rate;          /* index into the layout's rates; -1: none */
    uint64_t events, trials;
    double half_width; /* of its 95% Wilson interval */
    char label[256];   /* the rate's name and the cell's kept axes' values */
} mu_rate_cell;

/* Finds, among the cells of every rate of l that have trials in tables
 * (tables[t]: mu_table_cells(l, t) counts each), the one with the widest
 * interval, into *widest (rate -1 if none). Returns how many cells have
 * trials. */
size_t mu_precision_widest(const mu_layout *l, const uint64_t *const *tables, mu_rate_cell *widest);

/* Returns the first check point after games (see above) for a run of
 * arms arms (>= 1) whose cap is cap games (a multiple of arms): the
 * smallest A x m_k above games, or cap when that is past it. */
uint64_t mu_precision_next_check(uint64_t games, uint64_t arms, uint64_t cap);

/* Returns whether games is a check point of such a run. */
int mu_precision_is_check(uint64_t games, uint64_t arms, uint64_t cap);

#endif
