/* The Ninth Age ruleset: whole games of alternating player turns, each a
 * Movement Phase of one side driven by its policy through the engine (see
 * na_ruleset.h; ruleset_record.c writes the output, ruleset_trace.c the
 * play-by-play). */
#include "ruleset_internal.h"

#include "config/na_config.h"
#include "ninth_age/policy/na_policy.h"

#include "muster/alloc.h"
#include "muster/escape.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Keeps the policies' generator apart from the rules' dice. */
#define POLICY_SALT UINT64_C(0x6e61706f6c696379)

static void side_forwards(na_ctx *c)
{
    mu_vec2 sum[2] = {{0, 0}, {0, 0}};
    int n[2] = {0, 0};
    const na_field *f = &c->study.start;
    for (int u = 0; u < f->n_units; u++) {
        int s = f->units[u].side;
        sum[s] = mu_v2_add(sum[s], f->units[u].centre);
        n[s]++;
    }
    for (int s = 0; s < 2; s++) {
        mu_vec2 d = mu_v2_sub(mu_v2_scale(sum[1 - s], 1.0 / n[1 - s]), mu_v2_scale(sum[s], 1.0 / n[s]));
        c->forward[s] = mu_v2_len(d) > 0 ? mu_v2_unit(d) : mu_v2(0, s ? -1 : 1);
    }
}

static int na_prepare(const mu_experiment *ex, void **ctx_out, mu_layout *layout, uint64_t *games, char *err,
                      size_t err_len)
{
    const na_study *st = ex->config;
    int n_side[2] = {0, 0};
    for (int u = 0; u < st->start.n_units; u++)
        n_side[st->start.units[u].side]++;
    if (!n_side[0] || !n_side[1] || st->n_arms < 1) {
        char name[MU_ESCAPED_MAX];
        snprintf(err, err_len, "%s: error: no Ninth Age scenario or policies in the experiment",
                 mu_escape_name(name, sizeof name, ex->path));
        return -1;
    }
    na_ctx *c = mu_xcalloc(1, sizeof *c);
    c->study = *st;
    c->seed = ex->seed;
    c->arms = (uint64_t)st->n_arms;
    int bands = (int)ceil(st->rules.march_radius_mm / NA_BAND_MM - 1e-9);
    c->n_bands = bands < 1 ? 1 : bands > NA_MAX_BANDS ? NA_MAX_BANDS : bands;
    for (int u = 0; u < st->start.n_units; u++)
        c->names[u] = c->study.unit_names[u];
    side_forwards(c);
    *games = ex->games * (uint64_t)st->n_arms;
    na_build_layout(c, *games, layout);
    mu_row_writer_init(&c->rows, layout);
    *ctx_out = c;
    return 0;
}

static void na_setup(const void *ctx, uint64_t game, void *state)
{
    const na_ctx *c = ctx;
    na_state *s = state;
    memset(s, 0, sizeof *s);
    s->field = c->study.start;
    s->arm = (int)(game % c->arms);
    s->policy_rng = mu_rng_for_purpose(c->seed, game / c->arms, POLICY_SALT);
}

/* Would unit u's policy have marched, had its March Test passed? (For
 * marches_denied: asked only after a failed test.) */
static int would_march(const na_policy *p, const na_field *f, const na_env *env, int u, mu_rng rng)
{
    return na_policy_would_march(p, f, env, u, rng);
}

/* One unit's turn in the Movement Phase: chosen, its March Test, its move.
 * RULE na.move.sequence */
static void move_unit(const na_ctx *c, na_state *s, const na_env *env, const na_policy *p, int u, mu_dice *dice,
                      mu_sink *sink)
{
    na_field *f = &s->field;
    na_unit *un = &f->units[u];
    int side = un->side;
    if (na_move_allowed(f, u, NA_HOLD) != NA_OK) {
        s->tally.refused++;
        mu_tracef(sink, "  %s may not move (%s)", c->names[u],
                  un->flags & NA_ENGAGED    ? "Engaged in Combat"
                  : un->flags & NA_CHARGING ? "Charging"
                  : un->flags & NA_FLEEING  ? "Fleeing"
                                            : "Shaken models");
        return;
    }
    na_march_result mt = na_march_test(f, &env->rules[0], u, dice);
    if (mt.taken) {
        s->tally.march_tests++;
        na_count_march_test(c, s, u, &mt, sink);
        na_trace_march_test(c, u, &mt, un->p.discipline, sink);
        if (!mt.passed) {
            s->tally.march_failed++;
            s->denied[u]++;
            if (would_march(p, f, env, u, s->policy_rng))
                s->tally.marches_denied++;
        }
    }
    na_move m;
    na_outcome o;
    const char *why = NULL;
    na_policy_choose(p, f, env, u, &s->policy_rng, &m, &o, &why);
    mu_vec2 before = un->centre;
    na_move_commit(f, u, &m, &o);
    s->tally.moves[m.kind]++;
    s->tally.wheels += o.wheels;
    s->tally.pivots += o.pivots;
    s->tally.gained_mm[side] += mu_v2_dot(mu_v2_sub(f->units[u].centre, before), c->forward[side]);
    na_count_move(c, s, side, m.kind, sink);
    na_trace_move(c, s, u, &m, &o, na_policy_name(p->kind), why, sink);
}

/* Units able to shoot after side's Movement Phase (not marched, not
 * reformed, not in combat, not fleeing).
 * RULE na.march.no-shoot na.reform.no-shoot */
static void count_shooters(na_state *s, int side)
{
    for (int u = 0; u < s->field.n_units; u++) {
        const na_unit *un = &s->field.units[u];
        if (un->side != side || (un->flags & (NA_ENGAGED | NA_FLEEING)))
            continue;
        if (un->marched)
            s->tally.marched_no_shoot[side]++;
        else if (un->reformed)
            s->tally.reformed_no_shoot[side]++;
        else
            s->tally.able_to_shoot[side]++;
    }
}

/* RULE na.game.objectives */
static void mark_objectives(const na_ctx *c, na_state *s)
{
    const na_table *t = &c->study.table;
    for (int k = 0; k < t->n_objectives; k++)
        for (int u = 0; u < s->field.n_units; u++) {
            const na_unit *un = &s->field.units[u];
            if (s->objective_turn[un->side][k])
                continue;
            mu_orect r = na_unit_rect(un);
            if (mu_point_orect_distance(t->objectives[k].centre, &r, NULL) <= t->objectives[k].radius_mm)
                s->objective_turn[un->side][k] = (int8_t)(s->turn + 1);
        }
}

/* One side's player turn: its Movement Phase.
 * RULE na.game.turns na.move.once */
static void player_turn(const na_ctx *c, na_state *s, mu_dice *dice, int side, mu_sink *sink)
{
    const na_arm *arm = &c->study.arms[s->arm];
    const na_policy *p = &arm->side[side];
    na_env env = {.rules = &c->study.rules, .table = &c->study.table};
    mu_tracef(sink, "%s Movement Phase (%s)", c->study.side_names[side], na_policy_name(p->kind));
    for (int u = 0; u < s->field.n_units; u++) {
        na_unit *un = &s->field.units[u];
        if (un->side == side)
            un->moved = un->march_denied = un->marched = un->reformed = 0;
    }
    int order[NA_MAX_UNITS];
    int n = na_policy_order(p, &s->field, &env, side, &s->policy_rng, order);
    for (int i = 0; i < n; i++)
        move_unit(c, s, &env, p, order[i], dice, sink);
    count_shooters(s, side);
    int contact = 0;
    for (int u = 0; u < s->field.n_units; u++)
        contact |= (s->field.units[u].flags & NA_ENGAGED) != 0;
    if (contact && !s->first_contact_turn)
        s->first_contact_turn = (int8_t)(s->turn + 1);
    mark_objectives(c, s);
}

/* Can any unit still move? */
static int anyone_can_move(const na_field *f)
{
    for (int u = 0; u < f->n_units; u++)
        if (!(f->units[u].flags & (NA_CHARGING | NA_ENGAGED | NA_FLEEING | NA_SHAKEN)))
            return 1;
    return 0;
}

/* One game turn: the first side's player turn, then the other's.
 * RULE na.game.turns */
static void na_play_turn(const void *ctx, void *state, mu_dice *dice, mu_sink *sink)
{
    const na_ctx *c = ctx;
    na_state *s = state;
    if (s->turn == 0)
        na_trace_deployment(c, s, sink);
    mu_tracef(sink, "Game Turn %d", s->turn + 1);
    player_turn(c, s, dice, c->study.first, sink);
    player_turn(c, s, dice, 1 - c->study.first, sink);
    s->turn++;
    s->over = s->turn >= c->study.turns || !anyone_can_move(&s->field);
}

static int na_is_over(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const na_state *)state)->over;
}

static void na_release(void *ctx) { free(ctx); }

const mu_ruleset na_ruleset = {
    .name = "ninth-age",
    .summary = "The Ninth Age movement: March Tests, Advance and March Moves, Reforms and Wheels, by policy",
    .example = "experiments/examples/na-minimal.yaml",
    .odds_tools = &na_march_odds_tool,
    .n_odds_tools = 1,
    .experiment_schema = &na_experiment_schema,
    .load_config = na_load_config,
    .free_config = na_free_config,
    .prepare = na_prepare,
    .state_size = sizeof(na_state),
    .setup = na_setup,
    .play_turn = na_play_turn,
    .is_over = na_is_over,
    .record = na_record,
    .release = na_release,
};
