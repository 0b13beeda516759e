/* The Battlesystem ruleset: whole games of Game Rounds on a scenario, the
 * policies' plans carried out through the engine (see battlesystem/bs_ruleset.h
 * for the round and the output; ruleset_record.c writes the output,
 * ruleset_trace.c the play-by-play). */
#include "battlesystem/bs_ruleset.h"

#include "battlesystem/bs_march.h"
#include "battlesystem/bs_round.h"
#include "battlesystem/bs_odds_cli.h"
#include "battlesystem/bs_rout.h"

#include "ruleset_internal.h"

#include "muster/alloc.h"
#include "muster/escape.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
/* Keeps the policy generator apart from the rules' dice (mu_rng_for_game). */
#define POLICY_SALT UINT64_C(0x706f6c6963792121)

/* The policy generator of game g of its arm: its own state and stream
 * (every arm's game g draws the same: common random numbers). */
/* RULE bs.game.policy-rng */
static mu_rng policy_rng(uint64_t seed, uint64_t g)
{
    return mu_rng_for_purpose(seed, g, POLICY_SALT);
}

/* The units of the study as the engine places them before round 1. An
 * out-of-command regular unit starts in open formation (7.6). */
/* RULE bs.game.deploy-out-of-command */
static void deploy(bs_ctx *c)
{
    const bs_study *st = &c->study;
    bs_field_init(&c->start);
    for (int i = 0; i < st->n_units; i++) {
        const bs_study_unit *su = &st->units[i];
        double a = su->facing_deg * PI / 180.0;
        bs_unit u = bs_unit_make(&su->profile, &st->rules, su->side, su->figures, su->frontage,
                                       su->formation, su->front_mm, mu_v2(cos(a), sin(a)));
        u.entry = su->entry_mm;
        u.hidden = su->hidden;
        if (!su->in_command)
            bs_unit_set_command(&u, &st->rules, 0);
        bs_field_add(&c->start, &u);
        c->names[i] = su->name;
        c->side_units[su->side]++;
    }
}

static int bs_prepare(const mu_experiment *ex, void **ctx_out, mu_layout *layout, uint64_t *games, char *err,
                      size_t err_len)
{
    const bs_study *st = ex->config;
    if (st->n_units < 1 || st->n_arms < 1 || st->rounds < 1 || st->rounds > BS_MAX_ROUNDS) {
        char name[MU_ESCAPED_MAX];
        snprintf(err, err_len, "%s: error: no Battlesystem scenario or policies in the experiment",
                 mu_escape_name(name, sizeof name, ex->path));
        return -1;
    }
    bs_ctx *c = mu_xcalloc(1, sizeof *c);
    c->study = *st;
    c->seed = ex->seed;
    c->arms = (uint64_t)st->n_arms;
    int lo = st->units[0].profile.morale, hi = lo;
    for (int i = 1; i < st->n_units; i++) {
        int m = st->units[i].profile.morale;
        lo = m < lo ? m : lo;
        hi = m > hi ? m : hi;
    }
    c->morale_min = lo;
    c->n_morale = hi - lo + 1;
    c->n_penalty = st->rounds + 1;
    deploy(c);
    *games = ex->games * (uint64_t)st->n_arms;
    bs_build_layout(c, *games, layout);
    mu_row_writer_init(&c->rows, layout);
    *ctx_out = c;
    return 0;
}

static void bs_setup(const void *ctx, uint64_t game, void *state)
{
    const bs_ctx *c = ctx;
    bs_state *s = state;
    memset(s, 0, sizeof *s);
    s->field = c->start;
    s->arm = (int)(game % c->arms);
    s->policy_rng = policy_rng(c->seed, game / c->arms);
    for (int r = 0; r < BS_MAX_ROUNDS; r++)
        s->ar_penalty[r] = -1, s->initiative[r] = -1;
}

/* The rally phase: one attempt per routed unit whose side's policy rallies
 * (Q&A 127.14), the initiative side's units first. */
/* RULE bs.game.rally */
static void rally_phase(const bs_ctx *c, bs_state *s, const bs_env *env, int first, mu_sink *sink)
{
    const bs_arm *m = &c->study.arms[s->arm];
    bs_snap snap;
    for (int k = 0; k < 2; k++) {
        int side = k ? 1 - first : first;
        if (!bs_policy_rallies(&m->side[side]))
            continue;
        for (int u = 0; u < s->field.n_units; u++) {
            const bs_unit *un = &s->field.units[u];
            if (un->side != side || !bs_unit_alive(un) || !un->routed)
                continue;
            bs_check_result chk;
            bs_trace_before(&snap, s, env->dice, sink);
            bs_refusal r = bs_rally(&s->field, env, u, 0, &chk);
            if (r != BS_OK)
                mu_tracef(sink, "  rally %s: refused (%s)", c->names[u], bs_refusal_name(r));
            else
                mu_tracef(sink, "  rally %s: needs %d or less, rolls %d: %s", c->names[u], chk.target, chk.roll,
                          chk.pass ? "rallied" : "still routing");
            bs_trace_after(&snap, c, s, env->dice, sink, "    ");
        }
    }
}

static void trace_finish(const bs_finish_result *fr, int ar0, int ar, mu_sink *sink)
{
    if (fr->march_check.rolled) {
        char text[32];
        if (fr->ar_worsened)
            snprintf(text, sizeof text, "AR %d -> %d", ar0, ar);
        else
            snprintf(text, sizeof text, "AR stays %d", ar0);
        mu_tracef(sink, "    finish: forced march %s; Morale Check needs %d or less, rolls %d: %s (%s)",
                  bs_march_outcome_name(fr->march), fr->march_check.target, fr->march_check.roll,
                  fr->march_check.pass ? "passed" : "failed", text);
    } else if (fr->march != BS_MARCH_NONE) {
        mu_tracef(sink, "    finish: forced march %s, no check", bs_march_outcome_name(fr->march));
    } else if (fr->charge != BS_CHARGE_NONE) {
        mu_tracef(sink, "    finish: charge %s", bs_charge_outcome_name(fr->charge));
    } else {
        mu_tracef(sink, "    finish");
    }
}

/* Finishes unit u's move if it began one, and counts what the rules did. */
static void finish_unit(const bs_ctx *c, bs_state *s, const bs_env *env, int u, mu_sink *sink)
{
    const bs_unit *un = &s->field.units[u];
    if (!bs_unit_alive(un) || un->finished || un->state == BS_IDLE)
        return;
    bs_snap snap;
    bs_finish_result fr;
    int ar0 = un->ar;
    bs_trace_before(&snap, s, env->dice, sink);
    bs_finish(&s->field, env, u, &fr);
    if (fr.march_check.rolled)
        bs_count_march_check(c, s, u, fr.march_check.pass, sink);
    if (sink->trace)
        trace_finish(&fr, ar0, s->field.units[u].ar, sink);
    bs_trace_after(&snap, c, s, env->dice, sink, "      ");
}

/* Unit u of the phase side: its policy's plan, carried out step by step.
 * A refused declaration voids the rest of the plan. */
static void move_unit(const bs_ctx *c, bs_state *s, const bs_env *env, int u, mu_sink *sink)
{
    const bs_arm *m = &c->study.arms[s->arm];
    int side = s->field.units[u].side;
    bs_plan plan;
    bs_policy_plan(&m->side[side], &m->side[1 - side], &s->field, env, u, &s->memory[u], &s->policy_rng, &plan);
    mu_tracef(sink, "  %s (%s): %s", c->names[u], bs_policy_name(m->side[side].kind), plan.why);
    int declared = 0;
    bs_snap snap;
    for (int i = 0; i < plan.n; i++) {
        const bs_action *a = &plan.steps[i];
        char what[128], how[160];
        bs_trace_before(&snap, s, env->dice, sink);
        bs_action_result r = bs_action_apply(&s->field, env, u, a);
        if (sink->trace)
            mu_tracef(sink, "    %s: %s", bs_action_text(a, c->names, what, sizeof what),
                      bs_result_text(a, &r, c->names, how, sizeof how));
        bs_trace_after(&snap, c, s, env->dice, sink, "      ");
        if (a->kind == BS_ACT_START && r.refusal != BS_OK)
            break;
        if (a->kind == BS_ACT_START && a->mode == BS_MODE_CHARGE)
            declared = 1;
    }
    finish_unit(c, s, env, u, sink);
    if (declared)
        bs_count_charge(c, s, u, &plan, sink);
}

static void movement_phase(const bs_ctx *c, bs_state *s, const bs_env *env, int side, mu_sink *sink)
{
    bs_snap snap;
    mu_tracef(sink, "%s Movement Phase", c->study.side_names[side]);
    bs_trace_before(&snap, s, env->dice, sink);
    bs_phase_begin(&s->field, env, side);
    bs_trace_after(&snap, c, s, env->dice, sink, "  phase start: ");
    for (int u = 0; u < s->field.n_units; u++)
        if (s->field.units[u].side == side && bs_unit_alive(&s->field.units[u]))
            move_unit(c, s, env, u, sink);
    bs_trace_before(&snap, s, env->dice, sink);
    bs_phase_end(&s->field, env);
    bs_trace_after(&snap, c, s, env->dice, sink, "  phase end: ");
}

/* A side that began with units has none left on the table (and the other
 * side began with some). */
/* RULE bs.game.end */
static int side_gone(const bs_ctx *c, const bs_state *s)
{
    if (c->side_units[0] == 0 || c->side_units[1] == 0)
        return 0;
    int on[2] = {0, 0};
    for (int u = 0; u < s->field.n_units; u++)
        on[s->field.units[u].side] += bs_unit_alive(&s->field.units[u]);
    return on[0] == 0 || on[1] == 0;
}

/* One Game Round. */
/* RULE bs.game.round-order */
static void bs_play_turn(const void *ctx, void *state, mu_dice *dice, mu_sink *sink)
{
    const bs_ctx *c = ctx;
    bs_state *s = state;
    const bs_study *st = &c->study;
    bs_env env = {.rules = &st->rules, .table = &st->table, .dice = dice, .tally = &s->tally};
    bs_snap snap;
    if (s->round == 0)
        bs_trace_deployment(c, s, sink);
    bs_trace_before(&snap, s, dice, sink);
    int rolled = 0;
    int side = bs_roll_initiative(&st->rules, dice, &rolled);
    bs_round_begin(&s->field, side);
    s->initiative[s->field.round - 1] = (int8_t)side;
    mu_tracef(sink, "Game Round %d", s->field.round);
    bs_trace_initiative(&snap, c, side, rolled, sink);
    rally_phase(c, s, &env, side, sink);
    movement_phase(c, s, &env, side, sink);
    movement_phase(c, s, &env, 1 - side, sink);
    mu_tracef(sink, "(melee: not in our text; units in contact stay engaged)");
    bs_trace_before(&snap, s, dice, sink);
    bs_round_end(&s->field, &env);
    bs_trace_after(&snap, c, s, dice, sink, "round end: ");
    s->round = s->field.round;
    bs_count_round(c, s, sink);
    mu_tracef(sink, "AR penalty on the table after round %d: %d", s->round, s->ar_penalty[s->round - 1]);
    s->over = s->round >= st->rounds || side_gone(c, s);
}

/* RULE bs.game.end */
static int bs_is_over(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const bs_state *)state)->over;
}

static void bs_release(void *ctx) { free(ctx); }

const mu_ruleset bs_ruleset = {
    .name = "battlesystem",
    .summary = "AD&D Battlesystem movement: Game Rounds of initiative, rally and Movement Phases by policy",
    .example = "experiments/examples/bs-minimal.yaml",
    .odds_tools = &bs_forced_march_odds_tool,
    .n_odds_tools = 1,
    .experiment_schema = &bs_experiment_schema,
    .load_config = bs_load_config,
    .free_config = bs_free_config,
    .prepare = bs_prepare,
    .state_size = sizeof(bs_state),
    .setup = bs_setup,
    .play_turn = bs_play_turn,
    .is_over = bs_is_over,
    .record = bs_record,
    .release = bs_release,
};
