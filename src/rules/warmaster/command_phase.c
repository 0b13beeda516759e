/* The Command phase in full (warmaster-command-and-initiative.txt: "The
 * Command phase proceeds in the following sequence of sub-phases"): game
 * turns, and each side's initiative, home back, orders and characters,
 * asking the player at each choice. */
#include "wm_game_int.h"

#include <string.h>

void wm_command_begin(wm_game *g, int side, const wm_game_env *env)
{
    g->side = side;
    g->sub = WM_SUB_INITIATIVE;
    g->initiative_used = 0;
    g->charge_failed = 0;
    g->charged = 0;
    g->char_moved = 0;
    g->bonus_on = 0;
    g->rolled = 0;
    g->guidance_confused = 0;
    g->guidance_lost = 0;
    g->free_moved = 0;
    for (int u = 0; u < g->bf.n_units; u++)
        if (g->bf.unit[u].side == side)
            g->no_move &= ~wm_bit(u); /* "cannot move further that turn": that turn is over */
    memset(&g->phase, 0, sizeof g->phase);
    g->phase.current_character = -1;
    wm_g_offtable_returns(g, side, env);
}

void wm_command_end(wm_game *g, int side, const wm_game_env *env)
{
    for (int u = 0; u < g->bf.n_units; u++) {
        wm_unit *un = &g->bf.unit[u];
        if (un->side == side && un->confused && g->rules->confusion_halts) {
            un->confused = 0;
            GTRACE(env, "  %s is no longer confused", wm_g_name(g, u));
        }
        if (un->side == side && (g->stampeding & wm_bit(u))) { /* RULE wm.armylist.stampede */
            g->stampeding &= ~wm_bit(u);
            GTRACE(env, "  %s no longer stampedes", wm_g_name(g, u));
        }
    }
    g->sub = WM_SUB_NONE;
}

/* Units whose list makes them charge on initiative (wm_init_rule
 * WM_INIT_MUST_CHARGE, any enemy or those of its must_charge_races) and
 * that have not used it: each charges the enemy it must
 * (wm_initiative_forced_target: the first in table order of its closest;
 * the player has no say), after the player's own initiative moves, again
 * while one can (a move changes who is closest). A unit whose charge
 * cannot reach is not asked again. */
/* RULE wm.armylist.must-charge wm.armylist.must-charge-race */
static void forced_charges(wm_game *g, int side, const wm_game_env *env)
{
    uint64_t tried = 0;
    wm_init_candidates c;
    for (int again = 1; again && !g->over;) {
        again = 0;
        wm_initiative_candidates(g, side, tried, &c);
        for (int i = 0; i < c.n && !again; i++) {
            int u = c.c[i].unit;
            wm_init_choice ch = {.unit = u, .action = WM_INIT_CHARGE, .target = wm_initiative_forced_target(g, u)};
            if (ch.target < 0)
                continue;
            GTRACE(env, "  %s must charge on initiative (its list)", wm_g_name(g, u));
            tried |= wm_bit(u);
            again = wm_initiative_move(g, side, &ch, env).moved;
        }
    }
}

/* The Initiative sub-phase: "units move one at a time in any sequence the
 * player wishes. Initiative is determined as each unit begins its move". */
/* RULE wm.game.initiative-per-unit wm.game.initiative-evade-after-failed-charge */
static void initiative_sub_phase(wm_game *g, int side, const wm_player *p, const wm_game_env *env)
{
    uint64_t done = 0;
    wm_init_candidates c;
    wm_init_memo *memo = wm_init_memo_new();
    while (!g->over && p->initiative && wm_initiative_candidates_memo(g, side, done, memo, &c) > 0) {
        wm_init_choice ch;
        memset(&ch, 0, sizeof ch); /* fields a player leaves unset mean "none" */
        if (!p->initiative(p->self, g, side, &c, &ch))
            break;
        if (ch.unit < 0 || ch.unit >= g->bf.n_units || (done & wm_bit(ch.unit)))
            break; /* not a candidate: the player has nothing more to do */
        wm_init_result r = wm_initiative_move(g, side, &ch, env);
        /* a charge that cannot reach is no move: the unit may still evade */
        if (r.refusal != WM_ALLOWED || r.moved || ch.action != WM_INIT_CHARGE)
            done |= wm_bit(ch.unit);
        if (r.refusal != WM_ALLOWED)
            GTRACE(env, "  %s may not use initiative that way: %s", wm_g_name(g, ch.unit),
                   wm_refusal_name(r.refusal));
    }
    wm_init_memo_free(memo);
    forced_charges(g, side, env);
}

/* Drops from group the units that can no longer be ordered this phase
 * (charged, engaged, off the table). */
static uint64_t still_orderable(const wm_game *g, uint64_t group)
{
    uint64_t out = 0;
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        if (wm_game_unit_free(g, u))
            out |= wm_bit(u);
    }
    return out;
}

/* Traces why character may not order `what` (r, and why for the order
 * rules), unless he has stopped: that was reported when he failed. */
static void trace_refusal(const wm_game *g, int character, const char *what, wm_refusal r, mu_order_refusal why,
                          const wm_game_env *env)
{
    if (r == WM_REFUSE_ORDER_RULES && (why == MU_ORDER_GENERAL_FAILED || why == MU_ORDER_CHARACTER_FAILED))
        return;
    GTRACE(env, "  %s may not order %s: %s", wm_g_name(g, character), what,
           r == WM_REFUSE_ORDER_RULES ? mu_order_refusal_name(why) : wm_refusal_name(r));
}

/* After character c's order roll: a blunder costs what his General's list
 * says (blunder_demotions), the player choosing where the list lets him. */
/* RULE wm.armylist.blunder-demotion */
static void blunder_cost(wm_game *g, int side, const wm_player *p, int c, const mu_order_roll *roll,
                         const wm_game_env *env)
{
    if (!roll->blunder)
        return;
    int remove = wm_game_blunder_choice(g, side, c) && p->remove_blunderer && p->remove_blunderer(p->self, g, c);
    wm_game_blunder_cost(g, side, c, remove, env);
}

/* The first order of a step to units held back off the table: the
 * player's place (the goal's point and form), the infiltration order.
 * Returns non-zero when they entered (the step goes on with further
 * orders). */
/* RULE wm.armylist.infiltrate wm.armylist.infiltrate-group */
static int entry_step(wm_game *g, int side, const wm_player *p, const wm_order_step *st, uint64_t group,
                      const wm_game_env *env)
{
    mu_order_refusal why = MU_ORDER_ALLOWED;
    char names[512];
    wm_refusal r = wm_game_entry_check(g, side, st->character, group, &why);
    if (r != WM_ALLOWED) {
        trace_refusal(g, st->character, wm_g_group_names(g, group, names, sizeof names), r, why, env);
        return 0;
    }
    wm_order_goal goal = wm_order_goal_none();
    p->order_goal(p->self, g, side, st, group, 1, &goal);
    wm_unit placed[WM_BRIGADE_MAX];
    if (!goal.go || wm_game_entry_place(g, group, &goal, placed) != WM_ALLOWED)
        return 0;
    wm_penalties pen;
    int command, target = wm_game_entry_target(g, st->character, group, placed, &command, &pen);
    if (target < st->min_target) {
        GTRACE(env, "  %s does not try to order %s on (it would need %d or less)", wm_g_name(g, st->character),
               wm_g_group_names(g, group, names, sizeof names), target);
        return 0;
    }
    wm_order_result res = wm_game_enter(g, side, st->character, group, &goal, env);
    blunder_cost(g, side, p, st->character, &res.roll, env);
    return res.roll.success;
}

/* One step of the player's plan: up to max_orders orders to the group
 * (units held back off the table: their infiltration order first). */
static void run_step(wm_game *g, int side, const wm_player *p, const wm_order_plan *plan, int i,
                     const wm_game_env *env)
{
    const wm_order_step *st = &plan->step[i];
    uint64_t group = st->group;
    char names[512];
    int k = 0;
    if (group & g->reserve) {
        if (!entry_step(g, side, p, st, group, env))
            return;
        k = 1;
    }
    for (; k < st->max_orders && !g->over; k++) {
        group = still_orderable(g, group);
        if (!group)
            return;
        mu_order_refusal why = MU_ORDER_ALLOWED;
        wm_refusal r = wm_game_order_check(g, side, st->character, group, &why);
        if (r != WM_ALLOWED) {
            if (k == 0)
                trace_refusal(g, st->character, wm_g_group_names(g, group, names, sizeof names), r, why, env);
            return;
        }
        int number = wm_order_number(&g->phase, wm_g_local_mask(g, side, group));
        wm_order_goal goal = wm_order_goal_none();
        p->order_goal(p->self, g, side, st, group, number, &goal);
        if (!goal.go)
            return;
        wm_penalties pen;
        int command, target = wm_game_order_target(g, st->character, group, &command, &pen);
        if (target < st->min_target) {
            GTRACE(env, "  %s does not try to order %s (order %d would need %d or less)", wm_g_name(g, st->character),
                   wm_g_group_names(g, group, names, sizeof names), number, target);
            return;
        }
        wm_order_result res = wm_game_order(g, side, st->character, group, &goal, env);
        blunder_cost(g, side, p, st->character, &res.roll, env);
        if (res.refusal != WM_ALLOWED || !res.roll.success)
            break;
    }
}

/* Returns non-zero when a step after i belongs to another character who
 * has not ordered yet. */
static int others_after(const wm_game *g, const wm_order_plan *plan, int i)
{
    for (int j = i + 1; j < plan->n; j++) {
        int c = plan->step[j].character;
        if (c != plan->step[i].character && c >= 0 && c < g->bf.n_units && wm_is_character(&g->bf.unit[c]) &&
            !(g->phase.done_characters & (1u << g->local[c])) && g->phase.current_character != g->local[c])
            return 1;
    }
    return 0;
}

/* Returns non-zero when some character of side on the table needs 2 or
 * more to give unit u its first order now (wm_game_penalties). The
 * enemy-close and dense-terrain penalties (0 to 2 together) are the same
 * for every character, so only the character with the best Command less
 * distance and casualty penalties counts, and wm_game_penalties is asked
 * only when those two penalties do not settle it. */
static int some_character_could_order(const wm_game *g, int side, int u)
{
    const wm_unit *un = &g->bf.unit[u];
    int gen = g->general[side];
    if (un->profile.rules.general_first_command >= 2 && gen >= 0 && g->bf.unit[gen].presence == WM_ON_TABLE)
        return 1; /* the General's first order to it alone needs that Command, whatever the penalties */
    int factor = un->profile.distance_penalty_factor > 1 ? un->profile.distance_penalty_factor : 1;
    int best = 0, best_c = -1;
    for (int k = 0; k < g->n_chars[side]; k++) {
        int c = g->char_of[side][k];
        if (g->bf.unit[c].presence != WM_ON_TABLE)
            continue;
        double d = wm_unit_distance_mm(&g->bf.unit[c], un, NULL, NULL, NULL, NULL);
        int t = wm_game_command(g, c) - wm_distance_penalty(d, g->rules->orders.distance_step_mm) * factor -
                (un->stands_lost > 0 ? un->stands_lost : 0);
        if (best_c < 0 || t > best)
            best = t, best_c = c;
    }
    if (best_c < 0 || best < 2)
        return 0;
    if (best >= 4)
        return 1;
    wm_penalties pen;
    int command;
    return wm_game_order_target(g, best_c, wm_bit(u), &command, &pen) >= 2;
}

/* The unit-turns statistic (wm_side_stats.orderable_unit_turns): the
 * orderable units at the start of the Orders sub-phase, with their places
 * in before[] (by local index). */
static uint32_t orderable_units(const wm_game *g, int side, wm_unit *before)
{
    uint32_t out = 0;
    for (int l = 0; l < g->n_units[side]; l++) {
        int u = g->unit_of[side][l];
        if (wm_game_unit_free(g, u) && !(g->initiative_used & wm_bit(u)) && some_character_could_order(g, side, u)) {
            out |= 1u << l;
            before[l] = g->bf.unit[u];
        }
    }
    return out;
}

static void orders_sub_phase(wm_game *g, int side, const wm_player *p, const wm_game_env *env)
{
    wm_orders_begin(g, side);
    wm_unit before[WM_GAME_SIDE_UNITS];
    uint32_t orderable = orderable_units(g, side, before);
    wm_order_plan plan;
    plan.n = 0;
    if (p->plan_orders)
        p->plan_orders(p->self, g, side, &plan);
    for (int i = 0; i < plan.n && !g->over; i++) {
        int failed_before = g->phase.general_failed;
        run_step(g, side, p, &plan, i, env);
        if (!failed_before && g->phase.general_failed) {
            if (others_after(g, &plan, i))
                g->stats[side].general_ended++;
            GTRACE(env, "  the General has failed an order: no further orders this phase");
        }
    }
    for (uint32_t r = orderable; r; r &= r - 1) { /* RULE wm.policy.unmoved */
        int l = __builtin_ctz(r);
        g->stats[side].orderable_unit_turns++;
        if (wm_unit_stands_as(&g->bf.unit[g->unit_of[side][l]], &before[l]))
            g->stats[side].unmoved_unit_turns++;
    }
}

/* RULE wm.game.characters-move */
static void characters_sub_phase(wm_game *g, int side, const wm_player *p, const wm_game_env *env)
{
    g->sub = WM_SUB_CHARACTERS;
    for (int k = 0; k < g->n_chars[side] && p->character_goal; k++) {
        int c = g->char_of[side][k];
        mu_vec2 to;
        if (g->bf.unit[c].presence == WM_ON_TABLE && p->character_goal(p->self, g, c, &to))
            wm_game_character_move(g, c, to, env);
    }
}

/* The once-a-game Command bonus of a character's mount (Pay Wagon, Horn of
 * Resounding): the player says, for each character who still has it,
 * whether he uses it in this turn (all his order rolls this Command
 * phase). */
/* RULE wm.armylist.command-bonus-turn */
static void command_bonuses(wm_game *g, int side, const wm_player *p, const wm_game_env *env)
{
    for (int k = 0; k < g->n_chars[side] && p->use_command_bonus; k++) {
        int c = g->char_of[side][k];
        int bonus = g->bf.unit[c].profile.rules.command_bonus_turn;
        if (bonus == 0 || (g->bonus_used & wm_bit(c)) || g->bf.unit[c].presence != WM_ON_TABLE ||
            !p->use_command_bonus(p->self, g, c))
            continue;
        g->bonus_used |= wm_bit(c);
        g->bonus_on |= wm_bit(c);
        GTRACE(env, "  %s uses his once-a-game bonus: Command %+d this turn", wm_g_name(g, c), bonus);
    }
}

/* Units whose list gives them a free move instead of orders (the Pump
 * Wagon's "whenever the player likes"; our reading: after the Orders
 * sub-phase, in table order): for each that may move, the list's N cm
 * times a D6 is rolled and the player says where it goes. */
/* RULE wm.armylist.free-move */
static void free_moves(wm_game *g, int side, const wm_player *p, const wm_game_env *env)
{
    for (int k = 0; k < g->n_units[side] && p->free_move_goal && !g->over; k++) {
        int u = g->unit_of[side][k];
        const wm_unit *un = &g->bf.unit[u];
        if (!un->profile.rules.free_move_d6_cm || un->presence != WM_ON_TABLE || wm_unit_engaged(un) ||
            !wm_game_unit_free(g, u))
            continue;
        int d6 = mu_dice_d6(env->dice);
        double rolled_mm = 10.0 * un->profile.rules.free_move_d6_cm * d6;
        wm_order_goal goal = wm_order_goal_none();
        p->free_move_goal(p->self, g, side, u, rolled_mm, &goal);
        wm_game_free_move(g, side, u, rolled_mm, &goal, env);
    }
}

/* RULE wm.orders.command-phase wm.game.no-orders-stays wm.game.sub-phases */
void wm_command_phase(wm_game *g, int side, const wm_player *p, const wm_game_env *env)
{
    GTRACE(env, "%s Command phase (turn %d)", g->sc->side[side].name, g->turn);
    g->ignore_fortified[side] = (uint8_t)(p->ignore_fortified != 0);
    g->ignore_divided[side] = (uint8_t)(p->ignore_divided != 0);
    wm_command_begin(g, side, env);
    if (g->over)
        return;
    command_bonuses(g, side, p, env);
    GTRACE(env, " initiative");
    initiative_sub_phase(g, side, p, env);
    g->sub = WM_SUB_HOME_BACK; /* flying units' rules are not in our texts: nothing happens */
    GTRACE(env, " orders");
    orders_sub_phase(g, side, p, env);
    free_moves(g, side, p, env);
    if (g->over)
        return;
    GTRACE(env, " characters");
    characters_sub_phase(g, side, p, env);
    wm_command_end(g, side, env);
}

/* Scenario engaged: removed. At the end of side's Command phase, where
 * its Shooting and Combat phases would come, every engaged unit of both
 * sides is removed from the table as destroyed. */
static void remove_engaged(wm_game *g, int side, const wm_game_env *env)
{
    for (int u = 0; u < g->bf.n_units; u++) {
        wm_unit *un = &g->bf.unit[u];
        if (un->presence != WM_ON_TABLE || !wm_unit_engaged(un))
            continue;
        un->presence = WM_DESTROYED;
        un->engaged = 0;
        g->stats[un->side].removed_engaged++;
        GTRACE(env, "  %s is removed: engaged at the end of the %s Command phase (scenario: engaged: removed)",
               wm_g_name(g, u), g->sc->side[side].name);
    }
}

void wm_game_turn(wm_game *g, const wm_player players[2], const wm_game_env *env)
{
    if (g->over)
        return;
    g->turn++;
    if (g->first < 0) {
        int a, b;
        do {
            a = mu_dice_d6(env->dice);
            b = mu_dice_d6(env->dice);
            GTRACE(env, "roll-off for the first turn: %s %d, %s %d%s", g->sc->side[0].name, a, g->sc->side[1].name, b,
                   a == b ? " (tie: again)" : "");
        } while (a == b);
        g->first = a > b ? 0 : 1;
    }
    for (int k = 0; k < 2 && !g->over; k++) {
        int side = k ? 1 - g->first : g->first;
        wm_command_phase(g, side, &players[side], env);
        if (g->sc->engaged_removed)
            remove_engaged(g, side, env);
    }
    if (!g->sc->engaged_removed)
        GTRACE(env, "(shooting, combat and the other phases are not in our texts: units in contact stay engaged)");
    if (!g->over && g->turn >= g->sc->turns) {
        g->over = 1;
        g->end = WM_END_TURNS;
        wm_game_finish(g);
    }
}
