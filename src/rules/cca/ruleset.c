/* The cca ruleset (cca_ruleset.h): the mu_ruleset table, the run context,
 * and a game turn. */
#include "cca/cca_ruleset.h"
#include "cca/config/cca_config.h"

#include "ruleset_internal.h"

#include "muster/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Keeps the policy generator apart from the rules' dice (mu_rng_for_game). */
#define POLICY_SALT UINT64_C(0x6363612d706f6c21)

static int cca_prepare(const mu_experiment *ex, void **ctx_out, mu_layout *layout, uint64_t *games, char *err,
                       size_t err_len)
{
    (void)err, (void)err_len;
    cca_ctx *c = mu_xcalloc(1, sizeof *c);
    c->study = *(const cca_study *)ex->config;
    c->seed = ex->seed;
    c->arms = (uint64_t)c->study.n_arms;
    *games = ex->games * (uint64_t)c->study.n_arms;
    cca_build_layout(c, *games, layout);
    mu_row_writer_init(&c->rows, layout);
    *ctx_out = c;
    return 0;
}

/* RULE cca.game.policy-rng */
static void cca_setup(const void *ctx, uint64_t game, void *state)
{
    const cca_ctx *c = ctx;
    cca_game *g = state;
    /* the deal needs dice: it is made at the first turn, from the game's dice */
    cca_game_clear(g);
    g->arm = (int)(game % c->arms);
    g->policy_rng = mu_rng_for_purpose(c->seed, game / c->arms, POLICY_SALT);
    g->turn = -1;
}

/* Whether a side has no unit left on the battlefield (its set of units'
 * cells is empty). */
static int side_gone(const cca_field *f)
{
    uint64_t on[2] = {0, 0};
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < MU_HEX_SET_WORDS; i++)
            on[s] |= f->unit_set[s].w[i];
    return on[0] == 0 || on[1] == 0;
}

/* RULE cca.game.turns cca.game.end */
static void cca_play_turn(const void *ctx, void *state, mu_dice *dice, mu_sink *sink)
{
    const cca_ctx *c = ctx;
    const cca_study *st = &c->study;
    cca_game *g = state;
    if (g->turn < 0) {
        int arm = g->arm;
        mu_rng rng = g->policy_rng;
        cca_game_start(st, arm, rng, dice, g);
        mu_tracef(sink, "deployment (%s: %s, %s: %s):", st->side_names[0],
                  cca_policy_name(st->arms[arm].side[0].kind), st->side_names[1],
                  cca_policy_name(st->arms[arm].side[1].kind));
        cca_trace_board(st, &g->field, sink);
        cca_trace_board_key(st, sink);
    }
    for (int k = 0; k < 2 && !g->over; k++) {
        int side = k ? 1 - st->first : st->first;
        cca_game_side_turn(st, g, side, dice, sink);
        g->over = side_gone(&g->field);
    }
    g->turn++;
    mu_tracef(sink, "after game turn %d:", g->turn);
    cca_trace_board(st, &g->field, sink);
    g->over = g->over || g->turn >= st->turns;
}

static int cca_is_over(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const cca_game *)state)->over;
}

static void cca_release(void *ctx) { free(ctx); }

const mu_ruleset cca_ruleset = {
    .name = "cca",
    .summary = "Commands & Colors: Ancients movement: command cards, units and leaders on hexes, by policy",
    .example = "experiments/examples/cca-minimal.yaml",
    .experiment_schema = &cca_experiment_schema,
    .load_config = cca_load_config,
    .free_config = cca_free_config,
    .prepare = cca_prepare,
    .state_size = sizeof(cca_game),
    .setup = cca_setup,
    .play_turn = cca_play_turn,
    .is_over = cca_is_over,
    .record = cca_record,
    .release = cca_release,
};
