/* The warmaster-battle ruleset: whole games between two armies on a
 * scenario, one game turn per play_turn (warmaster/wm_battle.h; the game is
 * warmaster/wm_game.h, the players warmaster/policy/wm_battle_policy.h; the output is
 * written by battle_record.c). */
#include "battle_int.h"
#include "warmaster/wm_odds_cli.h"

#include "muster/alloc.h"
#include "muster/escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Keeps the policies' generators apart from the rules' dice (mu_rng_for_game). */
#define POLICY_SALT UINT64_C(0x776d2d706f6c6963)

/* The generator of the player on table side `side` in game g of its arm
 * (every arm's game g draws the same: common random numbers). */
static mu_rng policy_rng(uint64_t seed, uint64_t g, int side)
{
    return mu_rng_for_purpose(seed, g * 2u + (uint64_t)side, POLICY_SALT);
}

/* Names every unit of a deployment for traces: the list's name, numbered
 * when an army has several of it ("Halberdiers 2"). */
static void name_units(const wm_battle_study *st, wb_deployment *d, int swapped)
{
    for (int u = 0; u < d->bf->n_units; u++) {
        const wm_deployed *r = &d->roster[u];
        const wm_army *a = &st->battle.army[r->side ^ swapped];
        int k = 0, n = 0;
        for (int v = 0; v < d->bf->n_units; v++)
            if (d->roster[v].side == r->side && d->roster[v].list_unit == r->list_unit) {
                n++;
                k += v <= u;
            }
        if (n > 1)
            snprintf(d->name_buf[u], WB_NAME_MAX, "%s %d", a->list.unit[r->list_unit].name, k);
        else
            snprintf(d->name_buf[u], WB_NAME_MAX, "%s", a->list.unit[r->list_unit].name);
        d->names[u] = d->name_buf[u];
    }
}

/* The fighting values the policies judge initiative by (army lists). */
static void fighting_of(const wm_battle_study *st, wb_deployment *d, int swapped)
{
    const wm_army *const by_side[2] = {&st->battle.army[swapped], &st->battle.army[1 - swapped]};
    wm_fighting_from_armies(by_side, d->roster, d->bf->n_units, d->fighting);
}

static int wb_prepare(const mu_experiment *ex, void **ctx_out, mu_layout *layout, uint64_t *games, char *err,
                      size_t err_len)
{
    const wm_battle_study *st = ex->config;
    if (st == NULL || st->n_arms < 1) {
        char name[MU_ESCAPED_MAX];
        snprintf(err, err_len, "%s: error: no Warmaster battle (scenario, armies, policies) in the experiment",
                 mu_escape_name(name, sizeof name, ex->path));
        return -1;
    }
    wb_ctx *c = mu_xcalloc(1, sizeof *c);
    c->st = st;
    c->seed = ex->seed;
    c->arms = (uint64_t)st->n_arms;
    c->dep[0].bf = &st->battle.bf;
    c->dep[0].roster = st->battle.roster;
    name_units(st, &c->dep[0], 0);
    fighting_of(st, &c->dep[0], 0);
    if (st->has_swapped) {
        c->dep[1].bf = &st->swapped_bf;
        c->dep[1].roster = st->swapped_roster;
        name_units(st, &c->dep[1], 1);
        fighting_of(st, &c->dep[1], 1);
    }
    for (int u = 0; u < st->battle.bf.n_units; u++)
        if (wm_is_character(&st->battle.bf.unit[u]))
            c->n_chars[st->battle.roster[u].side]++;
    c->char_base[1] = WM_GAME_SIDE_CHARS;
    c->n_zones = st->battle.scenario.n_objectives > 0 ? st->battle.scenario.n_objectives : 1;
    *games = ex->games * (uint64_t)st->n_arms;
    wb_build_layout(c, *games, layout);
    mu_row_writer_init(&c->rows, layout);
    *ctx_out = c;
    return 0;
}

static void wb_setup(const void *ctx, uint64_t game, void *state)
{
    const wb_ctx *c = ctx;
    wb_state *s = state;
    const wm_battle_study *st = c->st;
    s->arm = (int)(game % c->arms);
    const wm_arm *arm = &st->arms[s->arm];
    s->swap = arm->swap;
    const wb_deployment *d = &c->dep[s->swap];
    int first = st->battle.scenario.first == WM_FIRST_ROLL ? -1 : st->battle.scenario.first;
    if (arm->first == WM_ARM_FIRST_ROLL)
        first = -1;
    else if (arm->first == WM_ARM_FIRST_ARMY0 || arm->first == WM_ARM_FIRST_ARMY1)
        first = arm->first ^ s->swap;
    wm_game_init(&s->game, &st->battle.scenario, d->bf, d->roster, d->names, &st->rules, first);
    s->inv = NULL;
    for (int side = 0; side < 2; side++) {
        wm_policy_bind(&arm->policy[side ^ s->swap], &s->pol[side], policy_rng(c->seed, game / c->arms, side),
                          &s->player[side]);
        wm_policy_set_fighting(&s->pol[side], d->fighting);
    }
}

/* What the order hook needs. */
typedef struct wb_hook {
    const wb_ctx *c;
    const wb_state *s;
    mu_sink *sink;
} wb_hook;

static void on_order(void *user, const wm_game *g, int side, int character, int command, int situational,
                     const mu_order_roll *roll)
{
    const wb_hook *h = user;
    (void)g;
    (void)character;
    wb_count_roll(h->c, h->s, side ^ h->s->swap, command, situational, roll, h->sink);
}

/* After every move when s->inv is set: the game's invariant checker. */
static void check_move(void *user, const wm_game *g, const wm_move_event *ev)
{
    const wb_hook *h = user;
    wb_invariants *inv = h->s->inv;
    char why[200];
    inv->moves++;
    if (wm_game_check(g, ev, why, sizeof why) && inv->faults++ == 0)
        snprintf(inv->first, sizeof inv->first, "turn %d: %s", g->turn, why);
}

static void trace_deployment(const wb_ctx *c, const wb_state *s, FILE *f)
{
    const wm_battle_study *st = c->st;
    const wm_arm *arm = &st->arms[s->arm];
    mu_trace_line(f, "arm %d '%s' on %s (%d turns)", s->arm, arm->label, st->battle.scenario.name,
                  st->battle.scenario.turns);
    for (int side = 0; side < 2; side++) {
        int army = side ^ s->swap;
        mu_trace_line(f, "%s: %s, %d points, policy %s", st->battle.scenario.side[side].name, st->battle.army[army].name,
                      st->battle.army[army].points, wm_policy_name(arm->policy[army].kind));
        const wm_battlefield *bf = &s->game.bf;
        for (int u = 0; u < bf->n_units; u++) {
            const wm_unit *un = &bf->unit[u];
            if (un->side != side)
                continue;
            mu_vec2 ce = wm_unit_centre(un);
            mu_trace_line(f, "  %s: %s, %d stand%s at (%.1f, %.1f), facing (%.3f, %.3f)", s->game.names[u],
                          wm_troop_name(un->profile.troop), un->n_stands, un->n_stands == 1 ? "" : "s", ce.x, ce.y,
                          un->stand[0].facing.x, un->stand[0].facing.y);
        }
    }
}

static void trace_result(const wb_ctx *c, const wb_state *s, FILE *f)
{
    const wm_game *g = &s->game;
    const wm_scenario *sc = &c->st->battle.scenario;
    for (int z = 0; z < sc->n_objectives; z++)
        mu_trace_line(f, "objective %s (%d points): %s", sc->objective[z].name, sc->objective[z].points,
                      g->zone_holder[z] < 0 ? "held by neither side" : sc->side[g->zone_holder[z]].name);
    mu_trace_line(f, "end: %s after %d turns; points %s %d, %s %d; %s%s",
                  g->end == WM_END_GENERAL_LEFT ? "a General left the table" : "turn limit", g->turn,
                  sc->side[0].name, g->points[0], sc->side[1].name, g->points[1],
                  g->winner < 0 ? "a draw" : c->st->battle.army[g->winner ^ s->swap].name, g->winner < 0 ? "" : " wins");
}

static void wb_play_turn(const void *ctx, void *state, mu_dice *dice, mu_sink *sink)
{
    const wb_ctx *c = ctx;
    wb_state *s = state;
    wb_hook hook = {c, s, sink};
    wm_game_env env = {.dice = dice, .trace = sink->trace, .user = &hook, .on_order = on_order,
                       .after_move = s->inv ? check_move : NULL};
    if (s->game.turn == 0 && sink->trace)
        trace_deployment(c, s, sink->trace);
    wm_game_turn(&s->game, s->player, &env);
    if (s->game.over && sink->trace)
        trace_result(c, s, sink->trace);
}

static int wb_is_over(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const wb_state *)state)->game.over;
}

static void wb_release(void *ctx) { free(ctx); }

const mu_ruleset wm_battle_ruleset = {
    .name = "warmaster-battle",
    .summary = "Warmaster games: whole Command phases (initiative, orders, characters) between two armies by policy",
    .example = "experiments/examples/battle-minimal.yaml",
    .odds_tools = &wm_offtable_odds_tool,
    .n_odds_tools = 1,
    .experiment_schema = &wm_battle_experiment_schema,
    .load_config = wm_battle_load_config,
    .free_config = wm_battle_free_config,
    .prepare = wb_prepare,
    .state_size = sizeof(wb_state),
    .setup = wb_setup,
    .play_turn = wb_play_turn,
    .is_over = wb_is_over,
    .record = wb_record,
    .release = wb_release,
};
