/* The random Warmaster battle policy: uniform over the legal choices at
 * each decision, drawn from the policy's own generator (never the rules'
 * dice); a move's destination among those the planner can reach. A
 * baseline for the scripted policies. */
#include "wm_policy_int.h"

#include <math.h>

#define PI 3.14159265358979323846
#define RANDOM_REDRAWS 8 /* destinations drawn for one order at most */

int wp_uniform(wm_policy_state *st, int n)
{
    return (int)mu_rng_bounded(&st->rng, (uint32_t)n);
}

static double unit_interval(wm_policy_state *st)
{
    return mu_rng_next(&st->rng) / 4294967296.0;
}

/* Initiative: a candidate at random, then one of its legal actions at
 * random: decline, charge a chargeable closest enemy, or evade from one. */
int wp_random_initiative(void *self, const wm_game *g, int side, const wm_init_candidates *c,
                         wm_init_choice *out)
{
    wm_policy_state *st = self;
    (void)side;
    if (!st->spec->initiative || c->n == 0)
        return 0;
    const wm_init_candidate *k = &c->c[wp_uniform(st, c->n)];
    int n_charge = 0;
    for (int j = 0; j < k->closest.n; j++)
        n_charge += k->closest.can_charge[j] != 0;
    int n_evade = g->bf.unit[k->unit].profile.rules.never_evade ? 0 : k->closest.n; /* the list's rule */
    int pick = wp_uniform(st, 1 + n_charge + n_evade);
    *out = (wm_init_choice){.unit = k->unit, .action = WM_INIT_DECLINE, .target = -1,
                               .allow_burst = st->spec->burst_through && wp_uniform(st, 2)};
    if (pick == 0)
        return 1;
    pick--;
    for (int j = 0; j < k->closest.n; j++)
        if (k->closest.can_charge[j] && pick-- == 0) {
            out->action = WM_INIT_CHARGE;
            out->target = k->closest.unit[j];
            return 1;
        }
    out->action = WM_INIT_EVADE;
    out->target = k->closest.unit[pick];
    return 1;
}

/* Orders: the orderable groups (brigades half the time when allowed) in a
 * random sequence, each given to a random character, characters grouped
 * in a random sequence; a random number of orders (1..orders_per_unit). */
void wp_random_plan(void *self, const wm_game *g, int side, wm_order_plan *plan)
{
    wm_policy_state *st = self;
    uint64_t groups[WM_GAME_SIDE_UNITS];
    int n = wp_groups(g, side, st->spec->brigades && wp_uniform(st, 2), groups);
    n += wp_reserve_groups(g, side, groups + n); /* units held back: their infiltration orders */
    int chars[WM_GAME_SIDE_CHARS], n_chars = 0;
    for (int k = 0; k < g->n_chars[side]; k++)
        if (g->bf.unit[g->char_of[side][k]].presence == WM_ON_TABLE)
            chars[n_chars++] = g->char_of[side][k];
    for (int i = n_chars - 1; i > 0; i--) { /* Fisher-Yates */
        int j = wp_uniform(st, i + 1), t = chars[i];
        chars[i] = chars[j];
        chars[j] = t;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = wp_uniform(st, i + 1);
        uint64_t t = groups[i];
        groups[i] = groups[j];
        groups[j] = t;
    }
    int owner[WM_GAME_SIDE_UNITS];
    for (int i = 0; i < WM_MAX_UNITS; i++)
        st->commander[i] = -1;
    for (int i = 0; i < n; i++) {
        owner[i] = n_chars ? chars[wp_uniform(st, n_chars)] : -1;
        for (uint64_t r = groups[i]; r; r &= r - 1)
            st->commander[__builtin_ctzll(r)] = (int8_t)owner[i];
    }
    plan->n = 0;
    for (int k = 0; k < n_chars; k++)
        for (int i = 0; i < n && plan->n < WM_PLAN_MAX_STEPS; i++)
            if (owner[i] == chars[k])
                plan->step[plan->n++] = (wm_order_step){.character = chars[k], .group = groups[i],
                                                           .max_orders = 1 + wp_uniform(st, st->spec->orders_per_unit),
                                                           .min_target = st->spec->min_target};
}

/* Returns non-zero when the planner finds a move for every member of
 * group toward point (a single unit in form; a brigade's members each
 * toward its own centre shifted as the group's centre would be, keeping
 * formation), on the table as it stands. A prediction: the game moves a
 * brigade as one body that must stay touching (game_order_moves.c). */
static int moves_somewhere(const wm_game *g, uint64_t group, mu_vec2 point, wm_form form)
{
    int single = __builtin_popcountll(group) == 1;
    mu_vec2 shift = mu_v2_sub(point, wp_group_centre(g, group));
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, single ? form : WM_FORM_KEEP, WM_MOVE_ORDERED);
        rq.point = mu_v2_add(wm_unit_centre(&g->bf.unit[u]), shift);
        wm_plan plan;
        if (!wm_plan_move(&g->bf, &rq, &plan) || plan.report.fault != WM_MOVE_OK)
            return 0;
    }
    return 1;
}

/* A goal: half the time (when an enemy is within 1.5 full paces of a
 * member) a charge on a random such enemy for each such member, the rest
 * toward the first charger's target; else toward a random point: a
 * direction uniform on the circle and a distance uniform in [0, 1.5 full
 * paces] from the group's centre, in a random formation (uniform over
 * keep, line, column), redrawn (at most RANDOM_REDRAWS draws in all)
 * while the planner finds no move there (moves_somewhere). So the point
 * is uniform among the draws that move; if none does the last is kept. */
/* RULE wm.policy.random */
void wp_random_goal(void *self, const wm_game *g, int side, const wm_order_step *step, uint64_t group,
                    int order_number, wm_order_goal *out)
{
    wm_policy_state *st = self;
    (void)order_number;
    int first = __builtin_ctzll(group);
    if (group & g->reserve) { /* RULE wm.policy.infiltration: a uniform place among those it may enter at */
        wp_entry_choose(st, g, side, group, &step->character, 1, out);
        return;
    }
    double pace = g->bf.unit[first].profile.full_pace_mm;
    mu_vec2 c = wp_group_centre(g, group);
    out->go = 1;
    if (wp_uniform(st, 2) == 1) {
        int m = 0, any = 0;
        for (uint64_t rest = group; rest; rest &= rest - 1, m++) {
            int u = __builtin_ctzll(rest), near[WM_MAX_UNITS], n = 0;
            for (int k = 0; k < g->bf.n_units; k++) {
                const wm_unit *e = &g->bf.unit[k];
                if (e->side != g->bf.unit[u].side && e->presence == WM_ON_TABLE && !wm_is_character(e) &&
                    wm_unit_distance_mm(&g->bf.unit[u], e, NULL, NULL, NULL, NULL) <= 1.5 * pace)
                    near[n++] = k;
            }
            if (n) {
                out->charge[m] = near[wp_uniform(st, n)];
                if (!any)
                    out->point = wm_unit_centre(&g->bf.unit[out->charge[m]]);
                any = 1;
            }
        }
        if (any) {
            out->form = WM_FORM_KEEP;
            return;
        }
    }
    for (int k = 0; k < RANDOM_REDRAWS; k++) {
        double a = 2.0 * PI * unit_interval(st), r = 1.5 * pace * unit_interval(st);
        out->point = mu_v2_add(c, mu_v2(r * cos(a), r * sin(a)));
        out->form = (wm_form)wp_uniform(st, 3);
        if (moves_somewhere(g, group, out->point, out->form))
            return;
    }
}

/* The once-a-game Command bonus: one turn in two, until used. */
/* RULE wm.policy.command-bonus */
int wp_random_command_bonus(void *self, const wm_game *g, int c)
{
    (void)g, (void)c;
    return wp_uniform(self, 2) == 0;
}

/* A blunder the list lets the player pay with the General's Command or
 * the blunderer: one time in two the blunderer. */
/* RULE wm.policy.blunder-demotion */
int wp_random_remove_blunderer(void *self, const wm_game *g, int c)
{
    (void)g, (void)c;
    return wp_uniform(self, 2) == 0;
}

/* The free move (the Pump Wagon's): toward a uniform point within the
 * distance rolled, never a deliberate charge. */
/* RULE wm.policy.free-move */
void wp_random_free_move(void *self, const wm_game *g, int side, int u, double rolled_mm, wm_order_goal *out)
{
    wm_policy_state *st = self;
    (void)side;
    double a = 2.0 * PI * unit_interval(st), r = rolled_mm * unit_interval(st);
    out->go = 1;
    out->form = WM_FORM_KEEP;
    out->point = mu_v2_add(wm_unit_centre(&g->bf.unit[u]), mu_v2(r * cos(a), r * sin(a)));
}

/* Characters: a random point within reach, or (one time in four) stay. */
int wp_random_character(void *self, const wm_game *g, int c, mu_vec2 *to)
{
    wm_policy_state *st = self;
    if (wp_uniform(st, 4) == 0)
        return 0;
    double reach = wm_character_reach_mm(&g->bf.unit[c]);
    double a = 2.0 * PI * unit_interval(st), r = reach * unit_interval(st);
    *to = mu_v2_add(g->bf.unit[c].stand[0].center, mu_v2(r * cos(a), r * sin(a)));
    return 1;
}
