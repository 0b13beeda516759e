/* Successful brigade orders from real games, measured (the brigade test
 * and bench/bench_wm_brigade.c): plays games of a warmaster-battle
 * experiment exactly as the ruleset does (setup, then wm_game_turn with the
 * game's own dice mu_rng_for_game(seed, g)), and at every successful
 * order to two or more units, before anything moves, takes the game as it
 * stands: the brigade's move (wm_g_move_group, on a copy) is made, and
 * when it moves nothing the slow reference (wm_brigade_reference.h) asks
 * whether any legal brigade move makes progress toward the goal's point
 * (or its fallback). */
#ifndef MUSTER_TEST_WM_BRIGADE_SAMPLE_H
#define MUSTER_TEST_WM_BRIGADE_SAMPLE_H

#include "muster/dice.h"
#include "muster/experiment.h"
#include "muster/rng.h"
#include "muster/ruleset.h"
#include "warmaster/battle_int.h"
#include "warmaster/wm_game_int.h"
#ifndef WBS_NO_REFERENCE
#include "wm_brigade_reference.h"
#else
typedef struct wmr_grid { /* as wm_brigade_reference.h's (unused) */
    double grid_mm, slide_mm, need_mm;
} wmr_grid;
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wbs_figures {
    long games;
    long orders;          /* successful orders to 2+ units */
    long moved_nothing;   /* of those: nothing moved (no charge, no body move) */
    long ref_found;       /* of those: the reference found a move making progress */
    long ref_none;        /* of those: the reference found none (searched it all) */
    long ref_gave_up;     /* of those: the reference ran out of its budget */
    long planner_calls;   /* wm_plan_move calls made by the orders' moves (count_calls) */
    long reformed;        /* orders where a member that moved (not charging) changed formation */
    long ref_calls;       /* the reference's planner calls */
} wbs_figures;

typedef struct wbs_sampler {
    wmr_grid grid;
    long budget;          /* reference planner calls per goal */
    int verbose;          /* 1: print each order the reference could move; 2: every order moving nothing */
    long (*count_calls)(void); /* wm_plan_move calls so far (NULL: not counted) */
    wbs_figures fig;
    wm_game *copy;
    wm_player inner[2];
    uint64_t group;       /* the last group asked about, and its goal */
    wm_order_goal goal;
    uint64_t game;        /* the game being played (the number `muster replay --game` takes) */
} wbs_sampler;

#ifndef WBS_NO_REFERENCE
/* Prints bf's units and the order as C lines in the form the brigade tests
 * build game states from (tests/support/wm_table.h's wmt_unit_at; the
 * default scenario's terrain is wmt_default_terrain). */
static inline void wbs_dump_state(const wm_battlefield *bf, uint64_t group, mu_vec2 point)
{
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *u = &bf->unit[k];
        printf("    %swmt_unit_at(&fx.bf, %d, %d, %uu, %d, (const double[][4]){", group >> k & 1 ? "/* member */ " : "",
               u->side, (int)u->profile.troop, u->profile.flags, u->n_stands);
        for (int i = 0; i < u->n_stands; i++)
            printf("%s{%.17g, %.17g, %.17g, %.17g}", i ? ", " : "", u->stand[i].center.x, u->stand[i].center.y,
                   u->stand[i].facing.x, u->stand[i].facing.y);
        printf("}, %uu);\n", (unsigned)u->engaged);
    }
    printf("    point: mu_v2(%.17g, %.17g)\n", point.x, point.y);
}
#endif

typedef struct wbs_wrap {
    wbs_sampler *s;
    int side;
} wbs_wrap;

static inline void wbs_order_goal(void *self, const wm_game *g, int side, const wm_order_step *step, uint64_t group,
                                  int order_number, wm_order_goal *out)
{
    wbs_wrap *w = self;
    const wm_player *p = &w->s->inner[w->side];
    p->order_goal(p->self, g, side, step, group, order_number, out);
    w->s->group = group;
    w->s->goal = *out;
}

static inline int wbs_initiative(void *self, const wm_game *g, int side, const wm_init_candidates *c,
                                 wm_init_choice *out)
{
    wbs_wrap *w = self;
    const wm_player *p = &w->s->inner[w->side];
    return p->initiative(p->self, g, side, c, out);
}

static inline void wbs_plan_orders(void *self, const wm_game *g, int side, wm_order_plan *plan)
{
    wbs_wrap *w = self;
    const wm_player *p = &w->s->inner[w->side];
    p->plan_orders(p->self, g, side, plan);
}

static inline int wbs_character_goal(void *self, const wm_game *g, int c, mu_vec2 *to)
{
    wbs_wrap *w = self;
    const wm_player *p = &w->s->inner[w->side];
    return p->character_goal(p->self, g, c, to);
}

static inline void wbs_on_order(void *user, const wm_game *g, int side, int character, int command,
                                int situational, const mu_order_roll *roll)
{
    wbs_sampler *s = user;
    (void)character, (void)command, (void)situational;
    if (!roll->success || __builtin_popcountll(s->group) < 2)
        return;
    s->fig.orders++;
    *s->copy = *g;
    wm_order_result res;
    memset(&res, 0, sizeof res);
    res.brigade_kept = 1;
    wm_game_env quiet = {.trace = s->verbose > 2 ? stdout : NULL};
    long calls0 = s->count_calls ? s->count_calls() : 0;
    wm_g_move_group(s->copy, side, s->group, &s->goal, WM_MOVE_ORDERED, 1, &res, &quiet);
    s->fig.planner_calls += s->count_calls ? s->count_calls() - calls0 : 0;
    for (uint64_t r = res.moved & ~res.charged; r; r &= r - 1) {
        const wm_unit *a = &g->bf.unit[__builtin_ctzll(r)], *b = &s->copy->bf.unit[__builtin_ctzll(r)];
        if (wm_classify_formation(a->stand, a->n_stands) != wm_classify_formation(b->stand, b->n_stands)) {
            s->fig.reformed++;
            break;
        }
    }
    if (res.moved)
        return;
    s->fig.moved_nothing++;
#ifndef WBS_NO_REFERENCE
    if (s->verbose > 1) {
        mu_vec2 c = mu_v2(0, 0);
        for (uint64_t r = s->group; r; r &= r - 1)
            c = mu_v2_add(c, wm_unit_centre(&g->bf.unit[__builtin_ctzll(r)]));
        c = mu_v2_scale(c, 1.0 / __builtin_popcountll(s->group));
        printf("nothing: game %llu turn %d side %d, %d units, goal %.1f mm away%s", (unsigned long long)s->game, g->turn,
               side, __builtin_popcountll(s->group), mu_v2_dist(c, s->goal.point),
               s->goal.has_fallback ? ", fallback" : "");
        for (uint64_t r = s->group; r; r &= r - 1) {
            const wm_unit *u = &g->bf.unit[__builtin_ctzll(r)];
            mu_vec2 uc = wm_unit_centre(u);
            printf(" [%s %d st (%.0f,%.0f) f(%.2f,%.2f)]", wm_troop_name(u->profile.troop), u->n_stands, uc.x, uc.y,
                   u->stand[0].facing.x, u->stand[0].facing.y);
        }
        printf(" -> (%.0f,%.0f)\n", s->goal.point.x, s->goal.point.y);
    }
    wmr_result r;
    int found = wmr_brigade_can_progress(&g->bf, s->group, s->goal.point, WM_MOVE_ORDERED, &s->grid, s->budget, &r);
    long calls = r.planner_calls;
    int gave_up = r.planner_calls >= s->budget;
    mu_vec2 goal = s->goal.point;
    if (!found && s->goal.has_fallback) {
        goal = s->goal.fallback;
        found = wmr_brigade_can_progress(&g->bf, s->group, s->goal.fallback, WM_MOVE_ORDERED, &s->grid, s->budget,
                                         &r);
        calls += r.planner_calls;
        gave_up |= r.planner_calls >= s->budget;
    }
    s->fig.ref_calls += calls;
    if (found) {
        s->fig.ref_found++;
        if (s->verbose)
        {
            printf("  game %llu turn %d side %d group %#llx: the reference gains %.1f mm (%d moves)\n",
                   (unsigned long long)s->game, g->turn, side, (unsigned long long)s->group, r.progress_mm, r.n_moves);
            int i = 0;
            for (uint64_t m = s->group; m && i < 4; m &= m - 1, i++) {
                const wm_unit *u = &g->bf.unit[__builtin_ctzll(m)];
                mu_vec2 c = wm_unit_centre(u);
                printf("    %s %d stands (%.1f, %.1f) f(%.2f, %.2f) -> (%.1f, %.1f) f(%.2f, %.2f)\n",
                       wm_troop_name(u->profile.troop), u->n_stands, c.x, c.y, u->stand[0].facing.x,
                       u->stand[0].facing.y, r.end[i].x, r.end[i].y, r.end_facing[i].x, r.end_facing[i].y);
            }
            if (s->verbose > 1)
                wbs_dump_state(&g->bf, s->group, goal);
        }
    } else if (gave_up) {
        s->fig.ref_gave_up++;
    } else {
        s->fig.ref_none++;
    }
#endif
}

/* Plays games [first, first + n) of arm `arm` of the experiment at path
 * (its seed; games counted within the arm), or with arm -1 games
 * [first, first + n) of the run, adding to s->fig. Returns 0, or -1 with
 * a message on stderr. */
static inline int wbs_play(wbs_sampler *s, const char *path, int arm, uint64_t first, uint64_t n)
{
    static const char who[] = "wm_brigade_sample";
    mu_experiment *ex = calloc(1, sizeof *ex);
    char err[1024];
    if (mu_experiment_load(path, ex, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", who, err);
        free(ex);
        return -1;
    }
    const mu_ruleset *rs = ex->ruleset;
    void *ctx = NULL;
    mu_layout layout;
    uint64_t games = 0;
    if (rs->prepare(ex, &ctx, &layout, &games, err, sizeof err) != 0 || rs->state_size != sizeof(wb_state)) {
        fprintf(stderr, "%s: %s: not a warmaster-battle experiment: %s\n", who, path, err);
        mu_experiment_free(ex);
        free(ex);
        return -1;
    }
    wb_state *st = calloc(1, sizeof *st);
    s->copy = malloc(sizeof *s->copy);
    uint64_t arms = games / ex->games;
    for (uint64_t k = first; k < first + n; k++) {
        uint64_t g = arm < 0 ? k : k * arms + (uint64_t)arm; /* game k of the arm: arms interleave */
        if (g >= games)
            break;
        rs->setup(ctx, g, st);
        s->game = g;
        wbs_wrap w[2] = {{s, 0}, {s, 1}};
        wm_player wrapped[2];
        for (int side = 0; side < 2; side++) {
            s->inner[side] = st->player[side];
            wrapped[side] = st->player[side];
            wrapped[side].self = &w[side];
            wrapped[side].order_goal = st->player[side].order_goal ? wbs_order_goal : NULL;
            wrapped[side].initiative = st->player[side].initiative ? wbs_initiative : NULL;
            wrapped[side].plan_orders = st->player[side].plan_orders ? wbs_plan_orders : NULL;
            wrapped[side].character_goal = st->player[side].character_goal ? wbs_character_goal : NULL;
        }
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(ex->seed, g / arms)); /* as mu_play_game */
        wm_game_env env = {.dice = &dice, .user = s, .on_order = wbs_on_order};
        while (!st->game.over)
            wm_game_turn(&st->game, wrapped, &env);
        s->fig.games++;
    }
    free(s->copy);
    free(st);
    mu_layout_free(&layout);
    rs->release(ctx);
    mu_experiment_free(ex);
    free(ex);
    return 0;
}

#endif
