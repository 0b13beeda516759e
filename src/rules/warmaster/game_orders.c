/* The Orders sub-phase on the table (warmaster-command-and-initiative.txt,
 * "Orders" to "Further brigade orders"): brigades as they touch at its
 * start, what the rules allow, the Command penalties measured on the
 * table, and the roll. The pure rules it applies are order_sequence.c and
 * order_roll.c; the moves are in game_order_moves.c. */
#include "wm_game_int.h"

#include <math.h>
#include <string.h>

/* The list unit (index into its army's list) of unit u. */
static uint64_t list_bit(const wm_game *g, int u) { return UINT64_C(1) << g->roster[u].list_unit; }

/* Whether unit u's command_modifier applies to an order of character to
 * group (its conditions: whose order, whom the brigade holds). */
/* RULE wm.armylist.modifier-conditions */
static int modifier_applies(const wm_game *g, int character, uint64_t group, int u)
{
    const wm_unit_rules *r = wm_g_rules(g, u);
    if (r->modifier_from && !(r->modifier_from & list_bit(g, character)))
        return 0;
    int own = 0, others = 0;
    for (uint64_t o = group; o; o &= o - 1) {
        int v = __builtin_ctzll(o);
        own += g->roster[v].list_unit == g->roster[u].list_unit;
        others += g->roster[v].list_unit != g->roster[u].list_unit;
    }
    if (r->waived_by_majority && others > own)
        return 0;
    for (uint64_t o = group & ~wm_bit(u); o; o &= o - 1) {
        int v = __builtin_ctzll(o);
        if ((r->modifier_waived_by & list_bit(g, v)) ||
            (r->waived_by_other && g->roster[v].list_unit != g->roster[u].list_unit))
            return 0;
    }
    return 1;
}

/* The army-list modifier of an order of character to the units of group:
 * one modifier for the order however many units carry one, the most
 * negative when any is negative, else the largest (ARMY_RULES.md). */
/* RULE wm.armylist.command-modifier wm.armylist.shares-with-touching */
int wm_g_list_modifier(const wm_game *g, int character, uint64_t group)
{
    int lo = 0, hi = 0, issuer = 0;
    const wm_unit_rules *ch = &g->bf.unit[character].profile.rules;
    for (uint64_t r = group; r && ch->order_modifier; r &= r - 1) /* RULE wm.armylist.order-modifier */
        if (!(ch->order_modifier_except & list_bit(g, __builtin_ctzll(r))))
            issuer = ch->order_modifier;
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r), m = wm_g_rules(g, u)->command_modifier;
        if (m == 0 || !modifier_applies(g, character, group, u))
            continue;
        lo = m < lo ? m : lo;
        hi = m > hi ? m : hi;
    }
    return (lo < 0 ? lo : hi) + issuer;
}

/* Whether units u and v may be in one brigade (their lists' brigade_with
 * and brigade: never). */
/* RULE wm.armylist.brigade-with */
static int may_brigade(const wm_game *g, int u, int v)
{
    const wm_unit_rules *ru = &g->bf.unit[u].profile.rules, *rv = &g->bf.unit[v].profile.rules;
    return !ru->never_brigade && !rv->never_brigade && (!ru->brigade_with || (ru->brigade_with & list_bit(g, v))) &&
           (!rv->brigade_with || (rv->brigade_with & list_bit(g, u))) &&
           !(ru->brigade_excludes >> g->bf.unit[v].profile.troop & 1u) &&
           !(rv->brigade_excludes >> g->bf.unit[u].profile.troop & 1u);
}

/* RULE wm.armylist.brigade-with */
int wm_g_lists_allow_brigade(const wm_game *g, uint64_t group)
{
    /* the lists' brigade rules hold for every pair of the brigade, not
     * only for the pairs that touch, and for the brigade as a whole */
    uint64_t held = 0;
    for (uint64_t r = group; r; r &= r - 1)
        held |= list_bit(g, __builtin_ctzll(r));
    for (uint64_t r = group; r; r &= r - 1) {
        const wm_unit_rules *ur = &g->bf.unit[__builtin_ctzll(r)].profile.rules;
        if ((held & ur->brigade_not_with) && !(held & ur->brigade_not_with_unless))
            return 0;
        for (uint64_t o = r & (r - 1); o; o &= o - 1)
            if (!may_brigade(g, __builtin_ctzll(r), __builtin_ctzll(o)))
                return 0;
    }
    return 1;
}

/* RULE wm.armylist.brigade-size */
int wm_game_brigade_size_allowed(const wm_game *g, uint64_t group)
{
    int n = __builtin_popcountll(group), counted = n, needs = 0;
    if (n == 0 || n > WM_BRIGADE_MAX)
        return 0;
    const wm_unit_rules *army = &g->bf.unit[__builtin_ctzll(group)].profile.rules;
    unsigned types = 0;
    uint64_t entries_seen = 0;
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r), same = 0, uncounted = g->bf.unit[u].profile.rules.brigade_uncounted;
        needs += (army->large_needs & list_bit(g, u)) != 0;
        types |= 1u << g->bf.unit[u].profile.troop;
        if (uncounted == 0 || (entries_seen & list_bit(g, u)))
            continue;
        entries_seen |= list_bit(g, u);
        for (uint64_t o = group; o; o &= o - 1)
            same += g->roster[__builtin_ctzll(o)].list_unit == g->roster[u].list_unit;
        counted -= same < uncounted ? same : uncounted;
    }
    if (counted > (army->brigade_max ? army->brigade_max : WM_BRIGADE_RULEBOOK))
        return 0;
    return counted <= WM_BRIGADE_RULEBOOK || (needs >= army->large_needs_count && !(types & army->large_excludes));
}

/* RULE wm.orders.command-phase wm.game.initiative-first wm.game.brigade-orders
 * RULE wm.game.brigade-no-initiative wm.game.brigade-fixed wm.armylist.never-brigade */
void wm_orders_begin(wm_game *g, int side)
{
    int n = g->n_units[side];
    uint32_t orderable = 0;
    g->sub = WM_SUB_ORDERS;
    g->side = side;
    for (int l = 0; l < n; l++) {
        int u = g->unit_of[side][l];
        g->touch[l] = 0;
        if (wm_game_unit_free(g, u) && !(g->initiative_used & wm_bit(u)))
            orderable |= 1u << l;
    }
    for (int l = 0; l < n; l++)
        for (int m = l + 1; m < n; m++)
            if ((orderable >> l & 1u) && (orderable >> m & 1u) &&
                may_brigade(g, g->unit_of[side][l], g->unit_of[side][m]) &&
                wm_g_units_touch(&g->bf.unit[g->unit_of[side][l]], &g->bf.unit[g->unit_of[side][m]])) {
                g->touch[l] |= 1u << m;
                g->touch[m] |= 1u << l;
            }
    /* units held back that may enter together (infiltrate_group_max) are
     * one body: an ambush group enters by one order and takes its further
     * orders as a brigade */
    for (int l = 0; l < n; l++)
        for (int m = l + 1; m < n; m++)
            if (wm_game_entry_group_allowed(g, wm_bit(g->unit_of[side][l]) | wm_bit(g->unit_of[side][m]))) {
                g->touch[l] |= 1u << m; /* RULE wm.armylist.infiltrate-group */
                g->touch[m] |= 1u << l;
            }
    /* "Units comprising a brigade at the start of the ordered movement part
     * of the Command phase": each unit's touching component */
    for (int l = 0; l < n; l++) {
        uint32_t comp = 1u << l;
        for (;;) {
            uint32_t grow = comp;
            for (uint32_t r = comp; r; r &= r - 1)
                grow |= g->touch[__builtin_ctz(r)];
            if (grow == comp)
                break;
            comp = grow;
        }
        g->brigade[l] = comp;
    }
    wm_order_phase_begin(&g->phase, g->brigade, n);
    g->phase.max_group = WM_BRIGADE_MAX; /* the lists' sizes: wm_game_brigade_size_allowed */
}

/* Returns non-zero when the local units of mask form one touching body
 * (as they stood at the start of the Orders sub-phase). */
/* RULE wm.game.brigade-further */
static int connected_at_start(const wm_game *g, uint32_t mask)
{
    uint32_t seen = mask & -mask, grow;
    for (;;) {
        grow = seen;
        for (uint32_t r = seen; r; r &= r - 1)
            grow |= g->touch[__builtin_ctz(r)] & mask;
        if (grow == seen)
            break;
        seen = grow;
    }
    return seen == mask;
}

/* RULE wm.armylist.gives-no-orders */
wm_refusal wm_g_character_check(const wm_game *g, int side, int character)
{
    if (g->sub != WM_SUB_ORDERS || g->side != side)
        return WM_REFUSE_PHASE;
    if (character < 0 || character >= g->bf.n_units || !wm_is_character(&g->bf.unit[character]) ||
        g->bf.unit[character].side != side || g->bf.unit[character].presence != WM_ON_TABLE)
        return WM_REFUSE_NOT_CHARACTER;
    if (g->bf.unit[character].profile.rules.gives_no_orders)
        return WM_REFUSE_LIST_RULE;
    return WM_ALLOWED;
}

/* RULE wm.armylist.ordered-by wm.armylist.cannot-order wm.armylist.order-range
 * RULE wm.armylist.ignores-command-range */
int wm_g_list_may_order(const wm_game *g, int character, int u, int ranges)
{
    const wm_unit_rules *ch_rules = &g->bf.unit[character].profile.rules, *ur = &g->bf.unit[u].profile.rules;
    double range = ranges ? ur->order_range_mm : 0.0;
    if (ranges && !ur->ignores_command_range && ch_rules->order_range_mm > 0 &&
        (range == 0 || ch_rules->order_range_mm < range))
        range = ch_rules->order_range_mm;
    if (range > 0 && wm_unit_distance_mm(&g->bf.unit[character], &g->bf.unit[u], NULL, NULL, NULL, NULL) > range)
        return 0;
    if (ur->free_move_d6_cm) /* RULE wm.armylist.free-move: it "takes no orders" */
        return 0;
    return !(ur->ordered_by && !(ur->ordered_by & list_bit(g, character))) && !(ch_rules->cannot_order & list_bit(g, u));
}

/* RULE wm.orders.charge-limits wm.initiative.before-orders wm.game.initiative-or-orders
 * RULE wm.game.characters-order wm.game.charge wm.game.brigade-optional
 * RULE wm.armylist.brigade-with */
wm_refusal wm_game_order_check(const wm_game *g, int side, int character, uint64_t group,
                                     mu_order_refusal *why)
{
    if (why)
        *why = MU_ORDER_ALLOWED;
    wm_refusal who = wm_g_character_check(g, side, character);
    if (who != WM_ALLOWED)
        return who;
    if (!wm_game_brigade_size_allowed(g, group)) /* RULE wm.armylist.brigade-size */
        return WM_REFUSE_NOT_A_BRIGADE;
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        const wm_unit *un = &g->bf.unit[u];
        if (un->side != side || un->presence != WM_ON_TABLE || wm_is_character(un))
            return WM_REFUSE_NOT_UNIT;
        if (g->initiative_used & wm_bit(u))
            return WM_REFUSE_INITIATIVE_USED; /* "cannot move by means of initiative and orders" */
        if (g->charged & wm_bit(u))
            return WM_REFUSE_CHARGED; /* "Once it has charged, a unit cannot receive any further orders" */
        if (wm_unit_engaged(un))
            return WM_REFUSE_ENGAGED;
        if (!wm_game_unit_free(g, u))
            return WM_REFUSE_CANNOT_MOVE;
        if (!wm_g_list_may_order(g, character, u, 1))
            return WM_REFUSE_LIST_RULE;
        if (un->profile.rules.brigaded_only_with) { /* RULE wm.armylist.brigaded-only */
            unsigned partners = 0;
            for (uint64_t o = group & ~wm_bit(u); o; o &= o - 1)
                partners |= 1u << g->bf.unit[__builtin_ctzll(o)].profile.troop;
            if (!(partners & un->profile.rules.brigaded_only_with))
                return WM_REFUSE_LIST_RULE;
        }
    }
    uint32_t local = wm_g_local_mask(g, side, group);
    if (!connected_at_start(g, local))
        return WM_REFUSE_NOT_A_BRIGADE;
    if (!wm_g_lists_allow_brigade(g, group))
        return WM_REFUSE_NOT_A_BRIGADE;
    mu_order_refusal r = wm_order_check(&g->phase, g->local[character], character == g->general[side], local);
    if (r != MU_ORDER_ALLOWED) {
        if (why)
            *why = r;
        return WM_REFUSE_ORDER_RULES;
    }
    return WM_ALLOWED;
}

/* Whether the dense-terrain penalty applies to an order to un. */
/* RULE wm.armylist.dense-terrain */
static int dense_penalty(const wm_game *g, const wm_unit *un)
{
    switch ((wm_dense_rule)un->profile.rules.dense) {
    case WM_DENSE_NONE: return 0;
    case WM_DENSE_NONE_IN_WOODS: return wm_unit_in_dense_not_wood(&g->bf, un);
    case WM_DENSE_PENALTY: break;
    }
    return wm_unit_in_dense(&g->bf, un);
}

/* RULE wm.game.penalties-on-table wm.game.worked-example wm.game.brigade-penalties
 * RULE wm.armylist.command-modifier */
int wm_game_penalties(const wm_game *g, int character, uint64_t group, wm_penalties *p)
{
    wm_order_situation s = {.distance_mm = 0.0, .enemy_distance_mm = INFINITY,
                            .list_modifier = wm_g_list_modifier(g, character, group)};
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        wm_g_situation_add(g, &g->bf.unit[character], &g->bf.unit[u], group == wm_bit(u), &s);
    }
    *p = wm_order_penalties(&g->rules->orders, &s, 1);
    return p->total;
}

/* RULE wm.armylist.trolls-distance wm.armylist.no-enemy-close wm.armylist.no-distance */
void wm_g_situation_add(const wm_game *g, const wm_unit *ch, const wm_unit *un, int alone, wm_order_situation *s)
{
    /* "measure the shortest distance"; a brigade: "to the most distant
     * unit" (not to a unit whose list spares it the distance penalty:
     * always, or when ordered alone) */
    int spared = un->profile.rules.no_distance == 1 || (un->profile.rules.no_distance == 2 && alone);
    if (!spared)
        s->distance_mm = fmax(s->distance_mm, wm_unit_distance_mm(ch, un, NULL, NULL, NULL, NULL));
    /* "the closest enemy unit … even if the unit is not visible"; a
     * list may exempt a unit (the Undead) */
    for (int k = 0; k < g->bf.n_units && !un->profile.rules.no_enemy_close; k++) {
        const wm_unit *e = &g->bf.unit[k];
        if (e->side != un->side && e->presence == WM_ON_TABLE && !wm_is_character(e) &&
            wm_unit_distance_floor_mm(un, e) < s->enemy_distance_mm) /* else it cannot be closer */
            s->enemy_distance_mm = fmin(s->enemy_distance_mm, wm_unit_distance_mm(un, e, NULL, NULL, NULL, NULL));
    }
    s->in_dense_terrain |= dense_penalty(g, un);
    if (un->stands_lost > s->stands_lost)
        s->stands_lost = un->stands_lost;
    /* Trolls: "ordering a unit of Trolls or a brigade that contains
     * a unit of Trolls … the distance penalty is always doubled" */
    if (un->profile.distance_penalty_factor > s->distance_factor)
        s->distance_factor = un->profile.distance_penalty_factor;
}

/* Whether character may roll his orders now with a friendly character's
 * guidance: one whose guidance_characters name him is on the table
 * within its guidance_mm of him, and no guided roll has failed this
 * Command phase. */
/* RULE wm.armylist.guidance */
static int guided(const wm_game *g, int character)
{
    const wm_unit *ch = &g->bf.unit[character];
    int side = ch->side;
    if (g->guidance_lost)
        return 0;
    for (int k = 0; k < g->n_chars[side]; k++) {
        const wm_unit *a = &g->bf.unit[g->char_of[side][k]];
        if (a->profile.rules.guidance_mm > 0 && a->presence == WM_ON_TABLE &&
            (a->profile.rules.guidance_characters & list_bit(g, character)) &&
            wm_unit_distance_mm(ch, a, NULL, NULL, NULL, NULL) <= a->profile.rules.guidance_mm)
            return 1;
    }
    return 0;
}

/* RULE wm.armylist.command-bonus-turn wm.armylist.command-aura wm.armylist.guidance
 * RULE wm.armylist.blunder-demotion */
int wm_game_command(const wm_game *g, int character)
{
    const wm_unit *ch = &g->bf.unit[character];
    int command = g->roster[character].command +
                  ((g->bonus_on & wm_bit(character)) ? ch->profile.rules.command_bonus_turn : 0);
    for (int k = 0; k < g->bf.n_units; k++) { /* the Screaming Bell's: units with a command aura */
        const wm_unit *a = &g->bf.unit[k];
        const wm_unit_rules *r = &a->profile.rules;
        if (r->aura_mm == 0 || a->presence != WM_ON_TABLE ||
            wm_unit_distance_mm(ch, a, NULL, NULL, NULL, NULL) > r->aura_mm)
            continue;
        if (a->side != ch->side)
            command += r->aura_enemies;
        else if (!r->aura_friend_characters || (r->aura_friend_characters & list_bit(g, character)))
            command += r->aura_friends;
    }
    if (character == g->general[ch->side]) /* RULE wm.armylist.blunder-demotion */
        command -= g->demoted[ch->side];
    /* guidance: "deducting -1 from his dice score" is one more to roll
     * under; a failed guided roll before his first: "+1 to their first
     * order rolls" is one less */
    if (guided(g, character))
        command++;
    else if ((g->guidance_confused & ~g->rolled) & wm_bit(character))
        command--;
    return command;
}

int wm_game_order_target(const wm_game *g, int character, uint64_t group, int *command, wm_penalties *p)
{
    int side = g->bf.unit[character].side, u = __builtin_ctzll(group);
    int number = wm_order_number(&g->phase, wm_g_local_mask(g, side, group));
    int situational = wm_game_penalties(g, character, group, p), first = g->bf.unit[u].profile.rules.general_first_command;
    *command = wm_game_command(g, character);
    if (first > 0 && group == wm_bit(u) && character == g->general[side] && number == 1) { /* RULE wm.armylist.general-first */
        *command = first;
        memset(p, 0, sizeof *p);
        situational = 0;
    }
    return *command - situational - (number - 1);
}

static void count_roll(wm_game *g, int side, int character, uint64_t group, const mu_order_roll *roll)
{
    wm_side_stats *st = &g->stats[side];
    int lc = g->local[character];
    st->orders_attempted++;
    st->char_attempted[lc]++;
    if (roll->success) {
        st->orders_given++;
        st->char_given[lc]++;
    } else {
        st->orders_failed++;
    }
    if (roll->blunder) {
        st->blunders++;
        st->char_blunders[lc]++;
    }
    if (__builtin_popcountll(group) > 1)
        st->brigade_orders++;
}

mu_order_roll wm_g_roll(wm_game *g, int side, int character, uint64_t group, int command, int situational,
                        const wm_game_env *env)
{
    /* RULE wm.armylist.guidance: a guided roll "cannot 'Blunder' - any
     * roll of double 6 simply counts as a fail" */
    int guide = guided(g, character);
    wm_order_rules rules = g->rules->orders;
    rules.blunder_on_12 |= guide;
    mu_order_roll roll = wm_order_give(&g->phase, g->local[character], character == g->general[side],
                                       wm_g_local_mask(g, side, group), command, situational, &rules, env->dice);
    g->rolled |= wm_bit(character);
    if (guide) {
        roll.blunder = 0;
        if (!roll.success) { /* no more guidance; those who have not ordered yet roll their first one worse */
            g->guidance_lost = 1;
            for (int k = 0; k < g->n_chars[side]; k++)
                g->guidance_confused |= wm_bit(g->char_of[side][k]) & ~g->rolled;
            GTRACE(env, "  the guided roll failed: no more guidance this turn, +1 to the first order roll of "
                        "each character yet to order");
        }
    }
    count_roll(g, side, character, group, &roll);
    if (env->on_order)
        env->on_order(env->user, g, side, character, command, situational, &roll);
    return roll;
}

/* The General's list rule blunder_demotions, or 0. */
static int demotions(const wm_game *g, int side)
{
    int gen = g->general[side];
    return gen < 0 ? 0 : g->bf.unit[gen].profile.rules.blunder_demotions;
}

/* RULE wm.armylist.blunder-demotion */
int wm_game_blunder_choice(const wm_game *g, int side, int character)
{
    return character != g->general[side] && g->demoted[side] < demotions(g, side);
}

/* RULE wm.armylist.blunder-demotion */
void wm_game_blunder_cost(wm_game *g, int side, int character, int remove, const wm_game_env *env)
{
    int levels = demotions(g, side), gen = g->general[side];
    if (levels == 0)
        return;
    if (g->demoted[side] < levels && (character == gen || !remove)) {
        g->demoted[side]++;
        GTRACE(env, "  %s's blunder costs %s a level: Command %d from now on", wm_g_name(g, character),
               wm_g_name(g, gen), g->roster[gen].command - g->demoted[side]);
    } else if (character != gen) {
        g->bf.unit[character].presence = WM_DESTROYED;
        GTRACE(env, "  %s is removed for his blunder", wm_g_name(g, character));
    }
}

/* A failed double six on an order to a unit whose list gives it a
 * malfunction chart (the Steam Tank's; `malfunction: double_six`): the
 * order fails, the machine does not move, and a D6 says what else: 1
 * destroyed; 2 broken down, it never moves again; 3, 5, 6 no further move
 * this turn; 4 no further move this turn and -1 to its orders for the rest
 * of the game. Returns non-zero when group held such a unit. */
/* RULE wm.armylist.malfunction */
static int malfunction(wm_game *g, uint64_t group, const wm_game_env *env)
{
    int hit = 0;
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        wm_unit *un = &g->bf.unit[u];
        if (!un->profile.rules.malfunctions)
            continue;
        int d6 = mu_dice_d6(env->dice);
        static const char *const what[] = {"", "destroyed", "broken down: it never moves again",
                                           "stuck: no further move this turn",
                                           "commander slain: -1 to its orders for the rest of the game",
                                           "momentary halt: no further move this turn",
                                           "steam overload: no further move this turn"};
        GTRACE(env, "  %s malfunctions (its list's chart, D6 %d): %s", wm_g_name(g, u), d6, what[d6]);
        g->no_move |= wm_bit(u);
        if (d6 == 1)
            un->presence = WM_DESTROYED;
        else if (d6 == 2)
            g->broken_down |= wm_bit(u);
        else if (d6 == 4 && un->profile.rules.command_modifier > -3)
            un->profile.rules.command_modifier--;
        hit = 1;
    }
    return hit;
}

/* RULE wm.game.order-sequence wm.game.worked-example wm.game.order-paces wm.game.blunder-further */
wm_order_result wm_game_order(wm_game *g, int side, int character, uint64_t group,
                                    const wm_order_goal *goal, const wm_game_env *env)
{
    wm_order_result res;
    memset(&res, 0, sizeof res);
    res.brigade_kept = 1;
    res.refusal = wm_game_order_check(g, side, character, group, &res.why);
    if (res.refusal != WM_ALLOWED)
        return res;
    wm_penalties pen;
    int command;
    wm_game_order_target(g, character, group, &command, &pen);
    res.situational = pen.total;
    res.roll = wm_g_roll(g, side, character, group, command, res.situational, env);
    if (env->trace) {
        char names[512], list_rule[32] = "";
        const mu_order_roll *r = &res.roll;
        if (pen.list_rule != 0) /* an army-list rule's modifier */
            snprintf(list_rule, sizeof list_rule, ", list rule %+d", -pen.list_rule);
        mu_trace_line(env->trace,
                      "  %s orders %s (order %d): needs %d or less (Command %d; distance -%d, enemy close -%d, "
                      "dense -%d, casualties -%d, order -%d%s); rolls %d+%d=%d: %s",
                      wm_g_name(g, character), wm_g_group_names(g, group, names, sizeof names), r->order_number, r->target,
                      command, pen.distance, pen.enemy_close, pen.dense_terrain, pen.casualties, r->order_number - 1,
                      list_rule,
                      r->dice.first, r->dice.second, mu_2d6_sum(r->dice),
                      r->success ? "given" : r->blunder ? "blunder, failed" : r->order_number == 1 ? "failed, half pace"
                                                                                                   : "failed, no move");
    }
    if (!res.roll.success && res.roll.dice.first == 6 && res.roll.dice.second == 6 && malfunction(g, group, env))
        return res; /* instead of the blunder chart, and no half-pace move */
    if (res.roll.success) {
        wm_g_move_group(g, side, group, goal, WM_MOVE_ORDERED, 1, &res, env);
    } else if (res.roll.blunder && g->rules->blunder_retreat && res.roll.order_number == 1) {
        /* a further order's blunder is a failure like any other: "A unit
         * failing to receive a further order cannot move at all" */
        res.left_table = wm_g_blunder_retreat(g, group, env);
    } else if (res.roll.order_number == 1) {
        /* "can move only half pace"; "Units that failed to receive an order cannot charge" */
        g->stats[side].half_pace++;
        wm_g_move_group(g, side, group, goal, WM_MOVE_HALF_PACE, 0, &res, env);
    }
    return res;
}
