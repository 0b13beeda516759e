/* The game driver and the per-thread worker (see muster/sim.h). */
#include "muster/sim.h"

#include "muster/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t mu_play_game_with_dice(const mu_ruleset *rs, const void *ctx, uint64_t g, mu_dice *dice, void *state,
                                mu_sink *sink)
{
    uint64_t turns = 0;
    rs->setup(ctx, g, state);
    while (!rs->is_over(ctx, state)) {
        turns++;
        if (sink->trace)
            fprintf(sink->trace, "-- turn %llu\n", (unsigned long long)turns);
        rs->play_turn(ctx, state, dice, sink);
    }
    rs->record(ctx, state, sink);
    return turns;
}

uint64_t mu_play_game(const mu_ruleset *rs, const void *ctx, uint64_t seed, uint64_t arms, uint64_t g,
                      void *state, mu_sink *sink)
{
    mu_dice dice = mu_dice_from_rng(mu_rng_for_game(seed, g / arms));
    return mu_play_game_with_dice(rs, ctx, g, &dice, state, sink);
}

/* Zeroed memory on whole cache lines of its own. Free with free(). */
static void *xcalloc_lines(size_t bytes)
{
    bytes = (bytes + 63u) / 64u * 64u;
    if (bytes == 0)
        bytes = 64;
    void *p = aligned_alloc(64, bytes);
    if (!p)
        mu_out_of_memory();
    return memset(p, 0, bytes);
}

mu_worker *mu_worker_new(const mu_ruleset *rs, const mu_layout *layout)
{
    mu_worker *w = xcalloc_lines(sizeof *w);
    w->state = xcalloc_lines(rs->state_size);
    for (int t = 0; t < layout->n_tables; t++)
        w->tables[t] = xcalloc_lines(mu_table_cells(layout, t) * sizeof(uint64_t));
    return w;
}

void mu_worker_drain(mu_worker *w, const mu_layout *layout, uint64_t *const *totals)
{
    for (int t = 0; t < layout->n_tables; t++) {
        size_t cells = mu_table_cells(layout, t);
        for (size_t k = 0; totals && k < cells; k++)
            totals[t][k] += w->tables[t][k];
        memset(w->tables[t], 0, cells * sizeof(uint64_t));
    }
}

void mu_worker_free(mu_worker *w)
{
    if (!w)
        return;
    for (int t = 0; t < MU_LAYOUT_MAX_TABLES; t++)
        free(w->tables[t]);
    free(w->state);
    free(w);
}
