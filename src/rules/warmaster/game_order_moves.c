/* Ordered moves on the table (the game's Orders sub-phase, with
 * game_orders.c): single units and brigades through the move planner,
 * charges ("A move which brings a unit into contact with the enemy is
 * called a charge"), and brigades that must still touch ("Brigade
 * orders"). Readings: CLAUSES.md ("Command phase in full"). */
#include "wm_game_int.h"
#include "warmaster/wm_brigade_move.h"

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

/* Plans unit u toward point with form and kind (WM_MOVE_DICE: up to
 * rolled_mm) on bf. When no_contact,
 * a plan that would end touching an enemy is cut back (three quarters,
 * half, a quarter of the way), at worst to standing still. Returns
 * plan->moved. */
/* RULE wm.game.charge */
static int plan_toward(const wm_battlefield *bf, int u, mu_vec2 point, wm_form form, wm_move_kind kind,
                       double rolled_mm, int no_contact, wm_plan *plan)
{
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, form, kind);
    rq.point = point;
    rq.rolled_mm = rolled_mm;
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

/* Member u charges target (the planner's contact move: kind
 * WM_MOVE_CHARGE, full pace; WM_MOVE_DICE, up to rolled_mm): made only
 * when it reaches and its list lets it charge. Returns non-zero when it
 * charged. */
/* RULE wm.brigade.stays-touching wm.game.brigade-charge wm.armylist.cannot-charge */
static int try_charge(wm_game *g, int u, int target, wm_move_kind kind, double rolled_mm, wm_order_result *res,
                      const wm_game_env *env)
{
    if (target < 0 || target >= g->bf.n_units || g->bf.unit[target].side == g->bf.unit[u].side ||
        g->bf.unit[target].presence != WM_ON_TABLE || wm_is_character(&g->bf.unit[target]))
        return 0;
    if (g->bf.unit[u].profile.rules.cannot_charge) {
        GTRACE(env, "    %s cannot charge (its list)", wm_g_name(g, u));
        return 0;
    }
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_CONTACT, WM_FORM_ANY, kind);
    rq.target = target;
    rq.rolled_mm = rolled_mm;
    rq.contact_only = 1; /* made only when it reaches */
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
    /* RULE wm.armylist.cannot-charge: it stops short of the enemy */
    int no_contact = !may_charge || goal->avoid_contact || g->bf.unit[u].profile.rules.cannot_charge;
    wm_plan plan;
    if (!plan_toward(&g->bf, u, goal->point, goal->form, kind, 0.0, no_contact, &plan) &&
        !(goal->has_fallback && plan_toward(&g->bf, u, goal->fallback, WM_FORM_KEEP, kind, 0.0, no_contact, &plan))) {
        GTRACE(env, "    %s stays where it is", wm_g_name(g, u));
        return;
    }
    wm_g_apply_move(g, &plan.move, plan.report.allowance_mm, env);
    res->moved |= wm_bit(u);
    if (!no_contact && wm_g_contact(g, u, env))
        res->charged |= wm_bit(u);
}

/* The brigade body toward point (wm_brigade_plan_move): its members'
 * moves made in order. Returns non-zero when it moved. */
static int move_body_toward(wm_game *g, uint64_t body, mu_vec2 point, wm_move_kind kind,
                            wm_order_result *res, const wm_game_env *env)
{
    wm_brigade_plan *bp = mu_xmalloc(sizeof *bp);
    int moved = wm_brigade_plan_move(&g->bf, body, point, kind, bp);
    if (!bp->kept) {
        GTRACE(env, "    the brigade would not end touching as one body");
        res->brigade_kept = 0;
    }
    for (int i = 0; i < bp->n && moved; i++)
        if (bp->plan[i].moved) {
            wm_g_apply_move(g, &bp->plan[i].move, bp->plan[i].report.allowance_mm, env);
            res->moved |= wm_bit(bp->plan[i].move.unit);
        }
    if (moved && bp->reformed)
        GTRACE(env, "    %d member%s re-formed or changed place", bp->reformed, bp->reformed == 1 ? "" : "s");
    free(bp);
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
        if (may_charge && goal->charge[m] >= 0 && try_charge(g, u, goal->charge[m], WM_MOVE_CHARGE, 0.0, res, env))
            body &= ~wm_bit(u);
    }
    if (!body)
        return;
    if (__builtin_popcountll(body) == 1)
        move_single(g, __builtin_ctzll(body), goal, kind, may_charge, res, env);
    else
        move_body(g, body, goal, kind, res, env);
}

/* RULE wm.armylist.free-move */
wm_refusal wm_game_free_move(wm_game *g, int side, int u, double rolled_mm, const wm_order_goal *goal,
                             const wm_game_env *env)
{
    if (u < 0 || u >= g->bf.n_units || g->bf.unit[u].side != side || g->bf.unit[u].presence != WM_ON_TABLE ||
        wm_is_character(&g->bf.unit[u]))
        return WM_REFUSE_NOT_UNIT;
    if (!g->bf.unit[u].profile.rules.free_move_d6_cm)
        return WM_REFUSE_LIST_RULE;
    if (wm_unit_engaged(&g->bf.unit[u]))
        return WM_REFUSE_ENGAGED;
    if ((g->free_moved & wm_bit(u)) || !wm_game_unit_free(g, u))
        return WM_REFUSE_CANNOT_MOVE;
    g->free_moved |= wm_bit(u);
    GTRACE(env, "  %s moves with no order (its list): up to %.0f cm", wm_g_name(g, u), rolled_mm / 10.0);
    wm_order_result res;
    memset(&res, 0, sizeof res);
    if (goal->go && goal->charge[0] >= 0 && try_charge(g, u, goal->charge[0], WM_MOVE_DICE, rolled_mm, &res, env))
        return WM_ALLOWED;
    wm_plan plan;
    if (goal->go && plan_toward(&g->bf, u, goal->point, goal->form, WM_MOVE_DICE, rolled_mm, 1, &plan))
        wm_g_apply_move(g, &plan.move, plan.report.allowance_mm, env);
    else
        GTRACE(env, "    %s stays where it is", wm_g_name(g, u));
    return WM_ALLOWED;
}
