/* The Initiative sub-phase (warmaster-command-and-initiative.txt,
 * "Initiative" and "Sequence of movement"; warmaster-movement.adoc,
 * "Moving by initative"): who may react, to whom, and the charge or
 * evade itself. */
#include "wm_game_int.h"

#include <string.h>

/* The enemy options of the game's rules and side's player. */
static mu_wm_enemy_options enemy_options(const mu_wm_game *g, int side)
{
    mu_wm_enemy_options opt = mu_wm_enemy_options_default();
    opt.range_mm = g->rules->initiative_range_mm;
    opt.ignore_fortified = g->ignore_fortified[side];
    opt.ignore_divided = g->ignore_divided[side];
    return opt;
}

int mu_wm_initiative_candidates(const mu_wm_game *g, int side, uint64_t exclude, mu_wm_init_candidates *out)
{
    mu_wm_enemy_options opt = enemy_options(g, side);
    out->n = 0;
    if (g->sub != MU_WM_SUB_INITIATIVE || g->side != side)
        return 0;
    for (int k = 0; k < g->n_units[side]; k++) {
        int u = g->unit_of[side][k];
        if ((exclude & wm_bit(u)) || (g->initiative_used & wm_bit(u)) || !mu_wm_game_unit_free(g, u))
            continue;
        mu_wm_init_candidate *c = &out->c[out->n];
        if (mu_wm_closest_visible_enemies(&g->bf, u, &opt, &c->closest) > 0) {
            c->unit = u;
            out->n++;
        }
    }
    return out->n;
}

/* Why unit u of side may not act (MU_WM_ALLOWED: it may). */
static mu_wm_refusal unit_refusal(const mu_wm_game *g, int side, int u)
{
    if (u < 0 || u >= g->bf.n_units)
        return MU_WM_REFUSE_NOT_UNIT;
    const mu_wm_unit *un = &g->bf.unit[u];
    if (un->side != side || un->presence != MU_WM_ON_TABLE || mu_wm_is_character(un))
        return MU_WM_REFUSE_NOT_UNIT;
    if (g->charged & wm_bit(u))
        return MU_WM_REFUSE_CHARGED;
    if (mu_wm_unit_engaged(un))
        return MU_WM_REFUSE_ENGAGED;
    if (!mu_wm_game_unit_free(g, u))
        return MU_WM_REFUSE_CANNOT_MOVE;
    return MU_WM_ALLOWED;
}

mu_wm_refusal mu_wm_initiative_check(const mu_wm_game *g, int side, const mu_wm_init_choice *ch)
{
    /* "all units moving by initiative must be moved before any orders are
     * issued. Once a character has issued an order, the Orders sub-phase
     * has begun and no further units can move by initiative." */
    if (g->sub != MU_WM_SUB_INITIATIVE || g->side != side)
        return MU_WM_REFUSE_PHASE;
    mu_wm_refusal r = unit_refusal(g, side, ch->unit);
    if (r != MU_WM_ALLOWED)
        return r;
    if (g->initiative_used & wm_bit(ch->unit))
        return MU_WM_REFUSE_DONE;
    if (ch->action == MU_WM_INIT_DECLINE)
        return MU_WM_ALLOWED;
    /* "A unit can only react to the closest visible enemy unit" */
    mu_wm_enemy_options opt = enemy_options(g, side);
    mu_wm_closest cl;
    mu_wm_closest_visible_enemies(&g->bf, ch->unit, &opt, &cl);
    for (int i = 0; i < cl.n; i++)
        if (cl.unit[i] == ch->target) {
            /* "Artillery cannot use their initiative to charge"; all-round
             * vision cannot charge without sight from a front edge */
            if (ch->action == MU_WM_INIT_CHARGE && !cl.can_charge[i])
                return MU_WM_REFUSE_CANNOT_CHARGE;
            return MU_WM_ALLOWED;
        }
    return MU_WM_REFUSE_NOT_CLOSEST;
}

static void initiative_charge(mu_wm_game *g, int side, const mu_wm_init_choice *ch, mu_wm_init_result *res,
                              const mu_wm_game_env *env)
{
    mu_wm_plan_request rq = mu_wm_plan_request_make(ch->unit, MU_WM_GOAL_CONTACT, MU_WM_FORM_KEEP, MU_WM_MOVE_CHARGE);
    rq.target = ch->target;
    mu_wm_plan plan;
    mu_wm_plan_move(&g->bf, &rq, &plan);
    if (!plan.reached || plan.report.fault != MU_WM_MOVE_OK) {
        g->stats[side].init_charge_failed++;
        GTRACE(env, "  %s cannot reach %s to charge it: it does not move", wm_g_name(g, ch->unit),
               wm_g_name(g, ch->target));
        return;
    }
    GTRACE(env, "  %s charges %s by initiative", wm_g_name(g, ch->unit), wm_g_name(g, ch->target));
    g->initiative_used |= wm_bit(ch->unit);
    g->stats[side].init_charges++;
    wm_g_apply_move(g, &plan.move, plan.report.allowance_mm, env);
    res->moved = 1;
    res->contact = wm_g_contact(g, ch->unit, env) != 0;
}

static const char *evade_fault_text(mu_wm_evade_fault f)
{
    static const char *const t[] = {"ok", "no direction", "bad request", "blocked",
                                    "every legal move ends within 5 cm of an enemy or a combat"};
    return (unsigned)f < sizeof t / sizeof t[0] ? t[f] : "?";
}

static void initiative_evade(mu_wm_game *g, int side, const mu_wm_init_choice *ch, mu_wm_init_result *res,
                             const mu_wm_game_env *env)
{
    mu_wm_evade_request rq = mu_wm_evade_request_make(ch->unit, ch->target);
    rq.choice = ch->evade_dir;
    rq.allow_burst = ch->allow_burst;
    rq.light_cavalry_rule = g->rules->light_cavalry_rule;
    mu_wm_evade ev;
    res->evade = mu_wm_evade_plan(&g->bf, &rq, &ev);
    if (res->evade != MU_WM_EVADE_OK) {
        g->stats[side].init_evade_failed++;
        GTRACE(env, "  %s cannot evade from %s (%s): it does not move", wm_g_name(g, ch->unit),
               wm_g_name(g, ch->target), evade_fault_text(res->evade));
        return;
    }
    GTRACE(env, "  %s evades from %s by initiative", wm_g_name(g, ch->unit), wm_g_name(g, ch->target));
    g->initiative_used |= wm_bit(ch->unit);
    g->stats[side].init_evades++;
    mu_wm_unit before = g->bf.unit[ch->unit];
    uint64_t confused_before = 0;
    for (int k = 0; k < g->bf.n_units; k++)
        if (g->bf.unit[k].confused)
            confused_before |= wm_bit(k);
    mu_wm_evade_apply(&g->bf, &ev);
    res->moved = 1;
    res->burst = ev.burst;
    for (uint64_t r = ev.burst; r; r &= r - 1) {
        int k = __builtin_ctzll(r);
        g->stats[side].burst_throughs++;
        GTRACE(env, "    %s bursts through %s, which is confused", wm_g_name(g, ch->unit), wm_g_name(g, k));
        if (!(confused_before & wm_bit(k)))
            g->stats[g->bf.unit[k].side].confused++;
    }
    if (env->trace) {
        mu_vec2 c1 = mu_wm_unit_centre(&g->bf.unit[ch->unit]);
        mu_trace_line(env->trace, "    %s moves %.1f mm to (%.1f, %.1f)", wm_g_name(g, ch->unit),
                      mu_v2_dist(mu_wm_unit_centre(&before), c1), c1.x, c1.y);
    }
    mu_wm_move_event e = {.kind = MU_WM_EV_MOVE, .unit = ch->unit, .move_kind = MU_WM_MOVE_EVADE,
                          .allowance_mm = ev.report.allowance_mm, .before = before, .move = &ev.move};
    wm_g_moved(g, env, &e);
}

mu_wm_init_result mu_wm_initiative_move(mu_wm_game *g, int side, const mu_wm_init_choice *ch,
                                        const mu_wm_game_env *env)
{
    mu_wm_init_result res;
    memset(&res, 0, sizeof res);
    res.refusal = mu_wm_initiative_check(g, side, ch);
    if (res.refusal != MU_WM_ALLOWED)
        return res;
    switch (ch->action) {
    case MU_WM_INIT_DECLINE:
        g->stats[side].init_declined++;
        GTRACE(env, "  %s does not use its initiative", wm_g_name(g, ch->unit));
        break;
    case MU_WM_INIT_CHARGE: initiative_charge(g, side, ch, &res, env); break;
    case MU_WM_INIT_EVADE: initiative_evade(g, side, ch, &res, env); break;
    }
    return res;
}
