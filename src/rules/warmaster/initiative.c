/* The Initiative sub-phase (warmaster-command-and-initiative.txt,
 * "Initiative" and "Sequence of movement"; warmaster-movement.adoc,
 * "Moving by initative"): who may react, to whom, and the charge or
 * evade itself. */
#include "wm_game_int.h"

#include "muster/alloc.h"

#include <stdlib.h>
#include <string.h>

/* The enemy options of the game's rules and side's player. */
/* RULE wm.game.initiative-ignore */
static wm_enemy_options enemy_options(const wm_game *g, int side)
{
    wm_enemy_options opt = wm_enemy_options_default();
    opt.range_mm = g->rules->initiative_range_mm;
    opt.ignore_fortified = g->ignore_fortified[side];
    opt.ignore_divided = g->ignore_divided[side];
    return opt;
}

struct wm_init_memo {
    int valid;
    wm_enemy_options opt;
    int n_units;
    wm_unit unit[WM_MAX_UNITS];      /* the table's units when the answers below were found */
    uint64_t known;                  /* bit u: closest[u] is u's answer on that table */
    wm_closest closest[WM_MAX_UNITS];
};

wm_init_memo *wm_init_memo_new(void)
{
    wm_init_memo *m = mu_xmalloc(sizeof *m);
    m->valid = 0;
    return m;
}

void wm_init_memo_free(wm_init_memo *memo)
{
    free(memo);
}

/* Unit u's closest visible enemies on g's table, from memo when the
 * table's units (and opt) are as they were when it was found. */
static int closest_enemies(const wm_game *g, int u, const wm_enemy_options *opt, wm_init_memo *memo,
                           wm_closest *out)
{
    if (!memo)
        return wm_closest_visible_enemies(&g->bf, u, opt, out);
    size_t bytes = sizeof(wm_unit) * (size_t)g->bf.n_units;
    if (!memo->valid || memo->n_units != g->bf.n_units || memcmp(&memo->opt, opt, sizeof *opt) != 0 ||
        memcmp(memo->unit, g->bf.unit, bytes) != 0) {
        memo->valid = 1;
        memo->opt = *opt;
        memo->n_units = g->bf.n_units;
        memcpy(memo->unit, g->bf.unit, bytes);
        memo->known = 0;
    }
    if (!(memo->known & wm_bit(u))) {
        wm_closest_visible_enemies(&g->bf, u, opt, &memo->closest[u]);
        memo->known |= wm_bit(u);
    }
    *out = memo->closest[u];
    return out->n;
}

/* RULE wm.initiative.one-at-a-time wm.game.initiative-choice wm.game.initiative-ties
 * RULE wm.game.initiative-evade-after-failed-charge */
/* RULE wm.armylist.no-charge */
int wm_initiative_candidates_memo(const wm_game *g, int side, uint64_t exclude, wm_init_memo *memo,
                                  wm_init_candidates *out)
{
    wm_enemy_options opt = enemy_options(g, side);
    out->n = 0;
    if (g->sub != WM_SUB_INITIATIVE || g->side != side)
        return 0;
    for (int k = 0; k < g->n_units[side]; k++) {
        int u = g->unit_of[side][k];
        if ((exclude & wm_bit(u)) || (g->initiative_used & wm_bit(u)) || !wm_game_unit_free(g, u) ||
            wm_g_rules(g, u)->initiative == WM_INIT_NEVER) /* RULE wm.armylist.initiative-never */
            continue;
        wm_init_candidate *c = &out->c[out->n];
        if (closest_enemies(g, u, &opt, memo, &c->closest) > 0) {
            c->unit = u;
            /* its charge could not reach, or its list says it never
             * charges on initiative: evade or nothing */
            if ((g->charge_failed & wm_bit(u)) || wm_g_rules(g, u)->initiative == WM_INIT_NO_CHARGE)
                for (int i = 0; i < c->closest.n; i++)
                    c->closest.can_charge[i] = 0;
            out->n++;
        }
    }
    return out->n;
}

int wm_initiative_candidates(const wm_game *g, int side, uint64_t exclude, wm_init_candidates *out)
{
    return wm_initiative_candidates_memo(g, side, exclude, NULL, out);
}

/* Why unit u of side may not act (WM_ALLOWED: it may). */
static wm_refusal unit_refusal(const wm_game *g, int side, int u)
{
    if (u < 0 || u >= g->bf.n_units)
        return WM_REFUSE_NOT_UNIT;
    const wm_unit *un = &g->bf.unit[u];
    if (un->side != side || un->presence != WM_ON_TABLE || wm_is_character(un))
        return WM_REFUSE_NOT_UNIT;
    if (g->charged & wm_bit(u))
        return WM_REFUSE_CHARGED;
    if (wm_unit_engaged(un))
        return WM_REFUSE_ENGAGED;
    if (!wm_game_unit_free(g, u))
        return WM_REFUSE_CANNOT_MOVE;
    return WM_ALLOWED;
}

/* Whether enemy makes a unit with rules r charge it (r: initiative:
 * must_charge, any enemy or one of its must_charge_races). */
/* RULE wm.armylist.must-charge-race */
static int forces_charge(const wm_unit_rules *r, const wm_unit *enemy)
{
    return r->initiative == WM_INIT_MUST_CHARGE &&
           (r->must_charge_races == 0 || (enemy->profile.race & r->must_charge_races));
}

/* RULE wm.armylist.must-charge wm.armylist.must-charge-race */
int wm_initiative_forced_target(const wm_game *g, int u)
{
    const wm_unit_rules *r = wm_g_rules(g, u);
    if (r->initiative != WM_INIT_MUST_CHARGE || (g->charge_failed & wm_bit(u)))
        return -1;
    wm_enemy_options opt = enemy_options(g, g->bf.unit[u].side);
    wm_closest cl;
    wm_closest_visible_enemies(&g->bf, u, &opt, &cl);
    for (int i = 0; i < cl.n; i++)
        if (cl.can_charge[i] && forces_charge(r, &g->bf.unit[cl.unit[i]]))
            return cl.unit[i];
    return -1;
}

/* What the unit's army-list rules allow of action (WM_ALLOWED, or
 * WM_REFUSE_LIST_RULE). */
/* RULE wm.armylist.initiative-never wm.armylist.must-charge wm.armylist.never-evade wm.armylist.no-charge
 * RULE wm.armylist.must-charge-race */
static wm_refusal list_rules_refusal(const wm_game *g, const wm_init_choice *ch)
{
    const wm_unit_rules *r = wm_g_rules(g, ch->unit);
    if (r->initiative == WM_INIT_NEVER)
        return WM_REFUSE_LIST_RULE;
    if (ch->action == WM_INIT_EVADE && g->bf.unit[ch->unit].profile.rules.never_evade) /* its own, never shared */
        return WM_REFUSE_LIST_RULE;
    if (ch->action == WM_INIT_CHARGE && r->initiative == WM_INIT_NO_CHARGE)
        return WM_REFUSE_LIST_RULE;
    /* a unit that must charge may charge only an enemy that makes it */
    if (r->initiative == WM_INIT_MUST_CHARGE && wm_initiative_forced_target(g, ch->unit) >= 0 &&
        (ch->action != WM_INIT_CHARGE || ch->target < 0 || ch->target >= g->bf.n_units ||
         !forces_charge(r, &g->bf.unit[ch->target])))
        return WM_REFUSE_LIST_RULE;
    return WM_ALLOWED;
}

/* RULE wm.initiative.before-orders wm.game.initiative-first wm.game.initiative-closest-only
 * RULE wm.game.initiative-cannot-charge wm.game.initiative-evade-after-failed-charge wm.evade.light-cavalry */
wm_refusal wm_initiative_check(const wm_game *g, int side, const wm_init_choice *ch)
{
    /* "all units moving by initiative must be moved before any orders are
     * issued. Once a character has issued an order, the Orders sub-phase
     * has begun and no further units can move by initiative." */
    if (g->sub != WM_SUB_INITIATIVE || g->side != side)
        return WM_REFUSE_PHASE;
    wm_refusal r = unit_refusal(g, side, ch->unit);
    if (r != WM_ALLOWED)
        return r;
    if (g->initiative_used & wm_bit(ch->unit))
        return WM_REFUSE_DONE;
    r = list_rules_refusal(g, ch);
    if (r != WM_ALLOWED || ch->action == WM_INIT_DECLINE)
        return r;
    /* "Light Cavalry: a Cavalry unit with 6+ Armour can evade in any direction" */
    if (ch->action == WM_INIT_EVADE && (ch->evade_heading.x != 0.0 || ch->evade_heading.y != 0.0) &&
        !(g->rules->light_cavalry_rule && wm_is_light_cavalry(&g->bf.unit[ch->unit].profile)))
        return WM_REFUSE_NOT_LIGHT_CAVALRY;
    /* "A unit can only react to the closest visible enemy unit" */
    wm_enemy_options opt = enemy_options(g, side);
    wm_closest cl;
    wm_closest_visible_enemies(&g->bf, ch->unit, &opt, &cl);
    for (int i = 0; i < cl.n; i++)
        if (cl.unit[i] == ch->target) {
            /* "Artillery cannot use their initiative to charge"; all-round
             * vision cannot charge without sight from a front edge */
            if (ch->action == WM_INIT_CHARGE && (!cl.can_charge[i] || (g->charge_failed & wm_bit(ch->unit))))
                return WM_REFUSE_CANNOT_CHARGE;
            return WM_ALLOWED;
        }
    return WM_REFUSE_NOT_CLOSEST;
}

/* RULE wm.initiative.charge-evade-moves wm.game.initiative-charge-or-evade */
static void initiative_charge(wm_game *g, int side, const wm_init_choice *ch, wm_init_result *res,
                              const wm_game_env *env)
{
    wm_plan_request rq = wm_plan_request_make(ch->unit, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = ch->target;
    rq.contact_only = 1; /* a charge that cannot reach is no move */
    wm_plan plan;
    wm_plan_move(&g->bf, &rq, &plan);
    if (!plan.reached || plan.report.fault != WM_MOVE_OK) {
        g->stats[side].init_charge_failed++;
        g->charge_failed |= wm_bit(ch->unit);
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

static const char *evade_fault_text(wm_evade_fault f)
{
    static const char *const t[] = {"ok", "no direction", "bad request", "blocked",
                                    "every legal move ends within 5 cm of an enemy or a combat"};
    return (unsigned)f < sizeof t / sizeof t[0] ? t[f] : "?";
}

/* RULE wm.initiative.charge-evade-moves wm.game.initiative-charge-or-evade wm.evade.light-cavalry */
static void initiative_evade(wm_game *g, int side, const wm_init_choice *ch, wm_init_result *res,
                             const wm_game_env *env)
{
    wm_evade_request rq = wm_evade_request_make(ch->unit, ch->target);
    rq.choice = ch->evade_dir;
    rq.allow_burst = ch->allow_burst;
    rq.light_cavalry_rule = g->rules->light_cavalry_rule;
    rq.direction = ch->evade_heading;
    wm_evade ev;
    res->evade = wm_evade_plan(&g->bf, &rq, &ev);
    if (res->evade != WM_EVADE_OK) {
        g->stats[side].init_evade_failed++;
        GTRACE(env, "  %s cannot evade from %s (%s): it does not move", wm_g_name(g, ch->unit),
               wm_g_name(g, ch->target), evade_fault_text(res->evade));
        return;
    }
    GTRACE(env, "  %s evades from %s by initiative", wm_g_name(g, ch->unit), wm_g_name(g, ch->target));
    g->initiative_used |= wm_bit(ch->unit);
    g->stats[side].init_evades++;
    wm_unit before = g->bf.unit[ch->unit];
    uint64_t confused_before = 0;
    for (int k = 0; k < g->bf.n_units; k++)
        if (g->bf.unit[k].confused)
            confused_before |= wm_bit(k);
    wm_evade_apply(&g->bf, &ev);
    res->moved = 1;
    res->burst = ev.burst;
    for (uint64_t r = ev.burst; r; r &= r - 1) {
        int k = __builtin_ctzll(r);
        g->stats[side].burst_throughs++;
        const wm_unit_rules *kr = wm_g_rules(g, k);
        int fresh = !(confused_before & wm_bit(k));
        if (fresh && kr->never_confused) /* RULE wm.armylist.shares-with-touching */
            g->bf.unit[k].confused = 0; /* a touching unit's list spares it */
        if (fresh && g->bf.unit[k].profile.rules.stampedes && g->bf.unit[k].confused) { /* RULE wm.armylist.stampede: its own */
            g->bf.unit[k].confused = 0;
            g->stampeding |= wm_bit(k);
        }
        GTRACE(env, "    %s bursts through %s, which is %s", wm_g_name(g, ch->unit), wm_g_name(g, k),
               g->bf.unit[k].confused ? "confused"
               : (g->stampeding & wm_bit(k)) ? "stampeding instead of confused (its list)"
                                             : "never confused (its list)");
        if (!(confused_before & wm_bit(k)) && g->bf.unit[k].confused)
            g->stats[g->bf.unit[k].side].confused++;
    }
    if (env->trace) {
        mu_vec2 c1 = wm_unit_centre(&g->bf.unit[ch->unit]);
        mu_trace_line(env->trace, "    %s moves %.1f mm to (%.1f, %.1f)", wm_g_name(g, ch->unit),
                      mu_v2_dist(wm_unit_centre(&before), c1), c1.x, c1.y);
    }
    wm_move_event e = {.kind = WM_EV_MOVE, .unit = ch->unit, .move_kind = WM_MOVE_EVADE,
                          .allowance_mm = ev.report.allowance_mm, .before = before, .move = &ev.move};
    wm_g_moved(g, env, &e);
}

/* RULE wm.orders.command-phase wm.game.initiative-choice wm.game.initiative-nothing-else */
wm_init_result wm_initiative_move(wm_game *g, int side, const wm_init_choice *ch,
                                        const wm_game_env *env)
{
    wm_init_result res;
    memset(&res, 0, sizeof res);
    res.refusal = wm_initiative_check(g, side, ch);
    if (res.refusal != WM_ALLOWED)
        return res;
    switch (ch->action) {
    case WM_INIT_DECLINE:
        g->stats[side].init_declined++;
        GTRACE(env, "  %s does not use its initiative", wm_g_name(g, ch->unit));
        break;
    case WM_INIT_CHARGE: initiative_charge(g, side, ch, &res, env); break;
    case WM_INIT_EVADE: initiative_evade(g, side, ch, &res, env); break;
    }
    return res;
}
