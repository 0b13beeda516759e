/* Ordered moves on the table (the game's Orders sub-phase, with
 * game_orders.c): single units and brigades through the move planner,
 * charges ("A move which brings a unit into contact with the enemy is
 * called a charge"), and brigades that must still touch ("Brigade
 * orders"). Readings: CLAUSES.md ("Command phase in full"). */
#include "wm_game_int.h"

#include "muster/alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM

/* Unit m->unit of bf as it would stand after move m. */
static wm_unit after_move(const wm_battlefield *bf, const wm_move *m)
{
    wm_unit u = bf->unit[m->unit];
    for (int i = 0; i < m->n; i++) {
        const wm_stand_path *p = &m->path[i];
        wm_stand_path_mm(&bf->unit[m->unit].stand[p->stand], p->leg, p->n_legs, &u.stand[p->stand]);
    }
    return u;
}

/* Returns non-zero when unit u (of bf, placed as *un) touches an enemy
 * unit's stand. */
static int touches_enemy(const wm_battlefield *bf, int u, const wm_unit *un)
{
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *e = &bf->unit[k];
        if (k != u && e->side != un->side && e->presence == WM_ON_TABLE && !wm_is_character(e) &&
            wm_g_units_touch(un, e))
            return 1;
    }
    return 0;
}

/* Plans unit u toward point with form and kind on bf. When no_contact,
 * a plan that would end touching an enemy is cut back (three quarters,
 * half, a quarter of the way), at worst to standing still. Returns
 * plan->moved. */
/* RULE wm.game.charge */
static int plan_toward(const wm_battlefield *bf, int u, mu_vec2 point, wm_form form, wm_move_kind kind,
                       int no_contact, wm_plan *plan)
{
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, form, kind);
    rq.point = point;
    wm_plan_move(bf, &rq, plan);
    if (!plan->moved || plan->report.fault != WM_MOVE_OK)
        return plan->moved = 0;
    wm_unit end = after_move(bf, &plan->move);
    if (!no_contact || !touches_enemy(bf, u, &end))
        return 1;
    mu_vec2 c0 = wm_unit_centre(&bf->unit[u]), c1 = wm_unit_centre(&end);
    static const double cut[] = {0.75, 0.5, 0.25};
    for (int k = 0; k < 3; k++) {
        rq.point = mu_v2_add(c0, mu_v2_scale(mu_v2_sub(c1, c0), cut[k]));
        wm_plan_move(bf, &rq, plan);
        if (!plan->moved || plan->report.fault != WM_MOVE_OK)
            continue;
        end = after_move(bf, &plan->move);
        if (!touches_enemy(bf, u, &end))
            return 1;
    }
    return plan->moved = 0;
}

/* Member u charges target (the planner's contact move, full pace): made
 * only when it reaches. Returns non-zero when it charged. */
/* RULE wm.brigade.stays-touching wm.game.brigade-charge */
static int try_charge(wm_game *g, int u, int target, wm_order_result *res, const wm_game_env *env)
{
    if (target < 0 || target >= g->bf.n_units || g->bf.unit[target].side == g->bf.unit[u].side ||
        g->bf.unit[target].presence != WM_ON_TABLE || wm_is_character(&g->bf.unit[target]))
        return 0;
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = target;
    wm_plan plan;
    wm_plan_move(&g->bf, &rq, &plan);
    if (!plan.reached || plan.report.fault != WM_MOVE_OK) {
        GTRACE(env, "    %s cannot reach %s to charge", wm_g_name(g, u), wm_g_name(g, target));
        return 0;
    }
    GTRACE(env, "    %s charges %s", wm_g_name(g, u), wm_g_name(g, target));
    wm_g_apply_move(g, &plan.move, plan.report.allowance_mm, env);
    res->moved |= wm_bit(u);
    if (wm_g_contact(g, u, env))
        res->charged |= wm_bit(u);
    return 1;
}

static void move_single(wm_game *g, int u, const wm_order_goal *goal, wm_move_kind kind, int may_charge,
                        wm_order_result *res, const wm_game_env *env)
{
    int no_contact = !may_charge || goal->avoid_contact;
    wm_plan plan;
    if (!plan_toward(&g->bf, u, goal->point, goal->form, kind, no_contact, &plan) &&
        !(goal->has_fallback && plan_toward(&g->bf, u, goal->fallback, WM_FORM_KEEP, kind, no_contact, &plan))) {
        GTRACE(env, "    %s stays where it is", wm_g_name(g, u));
        return;
    }
    wm_g_apply_move(g, &plan.move, plan.report.allowance_mm, env);
    res->moved |= wm_bit(u);
    if (!no_contact && wm_g_contact(g, u, env))
        res->charged |= wm_bit(u);
}

/* Returns non-zero when the units of body (bf mask) on bf form one
 * touching body. */
static int body_touches(const wm_battlefield *bf, uint64_t body)
{
    uint64_t seen = body & -body;
    for (;;) {
        uint64_t grow = seen;
        for (uint64_t r = body & ~seen; r; r &= r - 1) {
            int k = __builtin_ctzll(r);
            for (uint64_t s = seen; s; s &= s - 1)
                if (wm_g_units_touch(&bf->unit[k], &bf->unit[__builtin_ctzll(s)])) {
                    grow |= wm_bit(k);
                    break;
                }
        }
        if (grow == seen)
            return seen == body;
        seen = grow;
    }
}

/* The members of body in moving order: front-most along d first. */
static int moving_order(const wm_battlefield *bf, uint64_t body, mu_vec2 d, int *order)
{
    int n = 0;
    for (uint64_t r = body; r; r &= r - 1)
        order[n++] = __builtin_ctzll(r);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && mu_v2_dot(wm_unit_centre(&bf->unit[order[j]]), d) >
                                     mu_v2_dot(wm_unit_centre(&bf->unit[order[j - 1]]), d); j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return n;
}

/* A brigade moving as one body: every unit is planned in turn (front-most
 * first) toward its own centre plus one common displacement no longer
 * than the slowest unit's allowance, keeping its formation; the units
 * must still touch and none may touch an enemy. If they do not, the
 * displacement is halved (twice) and the whole body tried again on a
 * scratch table; at worst the brigade stands. */
static int move_body_toward(wm_game *g, uint64_t body, mu_vec2 point, wm_move_kind kind,
                            wm_order_result *res, const wm_game_env *env)
{
    mu_vec2 c = mu_v2(0, 0);
    double cap = INFINITY;
    int n = 0;
    for (uint64_t r = body; r; r &= r - 1, n++) {
        int u = __builtin_ctzll(r);
        c = mu_v2_add(c, wm_unit_centre(&g->bf.unit[u]));
        cap = fmin(cap, wm_move_allowance_mm(&g->bf, &g->bf.unit[u], kind, 0.0));
    }
    c = mu_v2_scale(c, 1.0 / n);
    mu_vec2 d = mu_v2_sub(point, c);
    if (mu_v2_len(d) > cap)
        d = mu_v2_scale(mu_v2_unit(d), cap);
    if (mu_v2_len(d) < 0.05)
        return 0;
    int order[WM_BRIGADE_MAX];
    moving_order(&g->bf, body, d, order);
    wm_battlefield *scratch = mu_xmalloc(sizeof *scratch);
    wm_plan *plans = mu_xmalloc(WM_BRIGADE_MAX * sizeof *plans);
    int done = 0, moved = 0;
    for (double scale = 1.0; scale > 0.2 && !done; scale *= 0.5) {
        *scratch = g->bf;
        for (int i = 0; i < n; i++) {
            int u = order[i];
            mu_vec2 to = mu_v2_add(wm_unit_centre(&scratch->unit[u]), mu_v2_scale(d, scale));
            if (plan_toward(scratch, u, to, WM_FORM_KEEP, kind, 1, &plans[i]))
                wm_move_apply(scratch, &plans[i].move);
        }
        done = body_touches(scratch, body);
        for (int i = 0; i < n && done; i++)
            done = !touches_enemy(scratch, order[i], &scratch->unit[order[i]]);
        if (!done)
            GTRACE(env, "    the brigade would not end touching as one body%s", scale > 0.3 ? ": shorter" : "");
    }
    if (!done)
        res->brigade_kept = 0;
    for (int i = 0; i < n && done; i++)
        if (plans[i].moved) {
            wm_g_apply_move(g, &plans[i].move, plans[i].report.allowance_mm, env);
            res->moved |= wm_bit(order[i]);
            moved = 1;
        }
    free(plans);
    free(scratch);
    return moved;
}

/* RULE wm.brigade.stays-touching wm.game.brigade-orders wm.game.brigade-body
 * RULE wm.game.brigade-reform wm.game.brigade-charge */
static void move_body(wm_game *g, uint64_t body, const wm_order_goal *goal, wm_move_kind kind,
                      wm_order_result *res, const wm_game_env *env)
{
    if (move_body_toward(g, body, goal->point, kind, res, env))
        return;
    if (goal->has_fallback && move_body_toward(g, body, goal->fallback, kind, res, env)) {
        res->brigade_kept = 1;
        return;
    }
    GTRACE(env, "    the brigade stays where it is");
}

/* RULE wm.orders.charge-limits wm.game.order-paces */
void wm_g_move_group(wm_game *g, int side, uint64_t group, const wm_order_goal *goal, wm_move_kind kind,
                     int may_charge, wm_order_result *res, const wm_game_env *env)
{
    (void)side;
    uint64_t body = group;
    int m = 0;
    /* "Any units in a brigade that wish to charge … do so individually, one
     * at a time, exactly as if they had been issued separate orders" */
    for (uint64_t r = group; r && m < WM_BRIGADE_MAX; r &= r - 1, m++) {
        int u = __builtin_ctzll(r);
        if (may_charge && goal->charge[m] >= 0 && try_charge(g, u, goal->charge[m], res, env))
            body &= ~wm_bit(u);
    }
    if (!body)
        return;
    if (__builtin_popcountll(body) == 1)
        move_single(g, __builtin_ctzll(body), goal, kind, may_charge, res, env);
    else
        move_body(g, body, goal, kind, res, env);
}
