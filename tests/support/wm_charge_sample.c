/* Charge situations from real games (wm_charge_sample.h). */
#include "wm_charge_sample.h"

#include "muster/experiment.h"
#include "muster/rng.h"
#include "warmaster/wm_battle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POLICY_SALT 0x9a11c7u

typedef struct sampler {
    wm_player inner[2];
    wm_charge_sample_fn fn;
    void *user;
    int turn, side;   /* the Command phase the mask is for */
    uint64_t offered; /* initiative units reported in it */
} sampler;

typedef struct wrap {
    sampler *smp;
    int side;
} wrap;

static int wrap_initiative(void *self, const wm_game *g, int side, const wm_init_candidates *c, wm_init_choice *out)
{
    wrap *w = self;
    sampler *s = w->smp;
    if (s->turn != g->turn || s->side != side) {
        s->turn = g->turn;
        s->side = side;
        s->offered = 0;
    }
    for (int i = 0; i < c->n; i++) {
        int u = c->c[i].unit;
        if ((s->offered >> u) & 1u)
            continue;
        s->offered |= (uint64_t)1 << u;
        for (int j = 0; j < c->c[i].closest.n; j++)
            if (c->c[i].closest.can_charge[j])
                s->fn(s->user, g, u, c->c[i].closest.unit[j], 1);
    }
    const wm_player *p = &s->inner[side];
    return p->initiative(p->self, g, side, c, out);
}

static void wrap_plan_orders(void *self, const wm_game *g, int side, wm_order_plan *plan)
{
    wrap *w = self;
    sampler *s = w->smp;
    const wm_battlefield *bf = &g->bf;
    for (int u = 0; u < bf->n_units; u++) {
        const wm_unit *me = &bf->unit[u];
        if (me->side != side || !wm_game_unit_free(g, u) || me->profile.troop == WM_ARTILLERY)
            continue;
        int best = -1;
        double best_d = INFINITY;
        for (int e = 0; e < bf->n_units; e++) {
            const wm_unit *o = &bf->unit[e];
            if (o->side == side || o->presence != WM_ON_TABLE || wm_is_character(o))
                continue;
            double d = wm_unit_distance_mm(me, o, NULL, NULL, NULL, NULL);
            if (d < best_d) {
                best_d = d;
                best = e;
            }
        }
        if (best >= 0 && best_d <= me->profile.full_pace_mm)
            s->fn(s->user, g, u, best, 0);
    }
    const wm_player *p = &s->inner[side];
    p->plan_orders(p->self, g, side, plan);
}

static void wrap_order_goal(void *self, const wm_game *g, int side, const wm_order_step *step, uint64_t group,
                            int order_number, wm_order_goal *out)
{
    wrap *w = self;
    const wm_player *p = &w->smp->inner[side];
    p->order_goal(p->self, g, side, step, group, order_number, out);
}

static int wrap_character_goal(void *self, const wm_game *g, int c, mu_vec2 *to)
{
    wrap *w = self;
    const wm_player *p = &w->smp->inner[w->side];
    return p->character_goal(p->self, g, c, to);
}

int wm_charge_sample_games(const char *path, uint64_t seed, int games, wm_charge_sample_fn fn, void *user,
                           char *err, size_t err_len)
{
    mu_experiment ex;
    memset(&ex, 0, sizeof ex);
    if (mu_experiment_load(path, &ex, err, err_len) != 0)
        return 1;
    if (!ex.ruleset || strcmp(ex.ruleset->name, "warmaster-battle") != 0) {
        snprintf(err, err_len, "%s: not a warmaster-battle experiment", path);
        mu_experiment_free(&ex);
        return 1;
    }
    const wm_battle_study *st = ex.config;
    if (seed == 0)
        seed = ex.seed;
    static const char *names[WM_MAX_UNITS];
    static char buf[WM_MAX_UNITS][16];
    for (int u = 0; u < WM_MAX_UNITS; u++) {
        snprintf(buf[u], sizeof buf[u], "unit %d", u);
        names[u] = buf[u];
    }
    const wm_arm *arm = &st->arms[0];
    const wm_battlefield *bf = arm->swap ? &st->swapped_bf : &st->battle.bf;
    const wm_deployed *roster = arm->swap ? st->swapped_roster : st->battle.roster;
    wm_game *g = malloc(sizeof *g);
    sampler *smp = calloc(1, sizeof *smp);
    if (!g || !smp)
        abort();
    smp->fn = fn;
    smp->user = user;
    for (int game = 0; game < games; game++) {
        wm_policy_state pst[2];
        wm_player players[2];
        wrap w[2];
        for (int side = 0; side < 2; side++) {
            wm_policy_bind(&arm->policy[side ^ arm->swap], &pst[side],
                           mu_rng_for_purpose(seed, 2u * (uint64_t)game + (uint64_t)side, POLICY_SALT),
                           &smp->inner[side]);
            w[side] = (wrap){smp, side};
            players[side] = smp->inner[side];
            players[side].self = &w[side];
            players[side].initiative = wrap_initiative;
            players[side].plan_orders = wrap_plan_orders;
            players[side].order_goal = wrap_order_goal;
            players[side].character_goal = wrap_character_goal;
        }
        smp->turn = -1;
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(seed, (uint64_t)game));
        wm_game_env env = {.dice = &dice};
        int first = st->battle.scenario.first == WM_FIRST_ROLL ? -1 : st->battle.scenario.first;
        wm_game_init(g, &st->battle.scenario, bf, roster, names, &st->rules, first);
        for (int t = 0; t < WM_MAX_TURNS + 1 && !g->over; t++)
            wm_game_turn(g, players, &env);
    }
    free(smp);
    free(g);
    mu_experiment_free(&ex);
    return 0;
}
