/* A Warmaster game on a hand-made table for the game tests: a 180 x 120
 * cm scenario with South (side 0, own edge y = 0) and North (side 1, own
 * edge y = 1200), units placed exactly, scripted dice, and the invariant
 * checker after every move. "North" is +y. */
#ifndef MUSTER_TEST_WM_GAME_FIXTURE_H
#define MUSTER_TEST_WM_GAME_FIXTURE_H

#include "warmaster/wm_game.h"
#include "wm_table.h"

#include <stdio.h>
#include <string.h>

typedef struct fixture {
    wm_scenario sc;
    wm_battlefield bf;
    wm_deployed roster[WM_MAX_UNITS];
    char name_buf[WM_MAX_UNITS][32];
    const char *names[WM_MAX_UNITS];
    wm_game_rules rules;
    wm_game g;
    mu_dice dice;
    wm_game_env env;
    int faults;          /* invariant faults seen */
    char last_fault[256];
    int moves;           /* move events seen */
} fixture;

/* The after_move hook: the invariant checker. */
static inline void fx_check(void *user, const wm_game *g, const wm_move_event *ev)
{
    fixture *f = user;
    char why[256];
    f->moves++;
    if (wm_game_check(g, ev, why, sizeof why)) {
        f->faults++;
        snprintf(f->last_fault, sizeof f->last_fault, "%s", why);
    }
}

/* An empty table, the text's rules, six turns, zones none. */
static inline void fx_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    wm_battlefield_init(&f->sc.table, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    snprintf(f->sc.name, sizeof f->sc.name, "test");
    f->sc.turns = 6;
    f->sc.first = 0;
    f->sc.win_margin = 1;
    f->sc.general_leaving_loses = 1;
    snprintf(f->sc.side[0].name, sizeof f->sc.side[0].name, "South");
    snprintf(f->sc.side[1].name, sizeof f->sc.side[1].name, "North");
    f->sc.side[0].edge = WM_EDGE_SOUTH;
    f->sc.side[1].edge = WM_EDGE_NORTH;
    f->bf = f->sc.table;
    f->rules = wm_game_rules_default();
    f->env.user = f;
    f->env.after_move = fx_check;
    f->env.dice = &f->dice;
}

/* Adds a unit of n stands in a line, front edge centred on (x, y),
 * facing (fx, fy). Returns its index. */
static inline int fx_unit(fixture *f, int side, wm_troop troop, int n, double x, double y, double fx, double fy,
                          const char *name)
{
    wm_unit u = wmt_line_unit(side, troop, 0, n, mu_v2(x, y), mu_v2(fx, fy));
    if (wm_add_unit(&f->bf, &u) != WM_OK)
        return -1;
    int k = f->bf.n_units - 1;
    f->roster[k] = (wm_deployed){.side = side, .entry = k, .list_unit = k, .mount = -1, .role = WM_ROLE_NONE};
    snprintf(f->name_buf[k], sizeof f->name_buf[k], "%s", name);
    f->names[k] = f->name_buf[k];
    return k;
}

/* Adds a character (a 40 x 20 stand facing the enemy) at (x, y). */
static inline int fx_char(fixture *f, int side, wm_role role, int command, double x, double y, const char *name)
{
    wm_profile p = wm_profile_default(WM_CHARACTER, 0);
    wm_unit u = wm_unit_make(side, &p);
    wm_unit_add_stand(&u, mu_v2(x, y), mu_v2(0, side == 0 ? 1 : -1));
    if (wm_add_unit(&f->bf, &u) != WM_OK)
        return -1;
    int k = f->bf.n_units - 1;
    f->roster[k] = (wm_deployed){.side = side, .entry = k, .list_unit = k, .mount = -1, .role = role,
                                    .command = command};
    snprintf(f->name_buf[k], sizeof f->name_buf[k], "%s", name);
    f->names[k] = f->name_buf[k];
    return k;
}

/* Makes the scenario's only objective a circle of radius r at (x, y)
 * worth points. */
static inline void fx_objective(fixture *f, double x, double y, double r, int points)
{
    f->sc.n_objectives = 1;
    f->sc.objective[0].points = points;
    f->sc.objective[0].area = (wm_feature){.kind = WM_OTHER_FEATURE, .shape = WM_SHAPE_CIRCLE,
                                              .circle = {mu_v2(x, y), r}, .lo = mu_v2(x - r, y - r),
                                              .hi = mu_v2(x + r, y + r)};
}

/* Starts the game (first: South) and side's Command phase with the dice
 * faces[0..n) (NULL: a generator seeded 1). */
static inline void fx_start(fixture *f, int side, const uint8_t *faces, size_t n)
{
    f->dice = faces ? mu_dice_scripted(faces, n) : mu_dice_from_rng(mu_rng_for_game(1, 0));
    wm_game_init(&f->g, &f->sc, &f->bf, f->roster, f->names, &f->rules, 0);
    f->g.turn = 1;
    wm_command_begin(&f->g, side, &f->env);
}

/* Player callbacks for tests that play a Command phase: no orders, no
 * character moves. */
static inline void fx_no_plan(void *self, const wm_game *g, int side, wm_order_plan *plan)
{
    (void)self, (void)g, (void)side;
    plan->n = 0;
}

static inline int fx_no_character_move(void *self, const wm_game *g, int c, mu_vec2 *to)
{
    (void)self, (void)g, (void)c, (void)to;
    return 0;
}

/* Returns the distance between units a and b of the game. */
static inline double fx_dist(const fixture *f, int a, int b)
{
    return wm_unit_distance_mm(&f->g.bf.unit[a], &f->g.bf.unit[b], NULL, NULL, NULL, NULL);
}

/* A goal at point (x, y) in formation form, charging no one (an entry's
 * place, a move's end). */
static inline wm_order_goal fx_goal_at(double x, double y, wm_form form)
{
    wm_order_goal g = {.go = 1, .point = mu_v2(x, y), .form = form, .charge = {-1, -1, -1, -1}};
    return g;
}

/* Adds a wood 300 x 200 mm at (700..1000, 500..700) to the table (before
 * fx_start). */
static inline int fx_add_wood(fixture *f)
{
    mu_vec2 wood[4] = {mu_v2(700, 500), mu_v2(1000, 500), mu_v2(1000, 700), mu_v2(700, 700)};
    return wm_add_polygon(&f->bf, WM_WOOD, wood, 4);
}

/* A goal for a single unit: toward point (x, y), keeping formation. */
static inline wm_order_goal fx_goal(double x, double y, int charge)
{
    wm_order_goal g = {.go = 1, .point = mu_v2(x, y), .form = WM_FORM_KEEP, .charge = {charge, -1, -1, -1}};
    return g;
}

#endif
