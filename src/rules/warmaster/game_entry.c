/* Infiltration: units held back off the table entering by an order to a
 * point (the army lists' `infiltrate`, ARMY_RULES.md; warmaster/wm_game.h
 * "Infiltration"). The roll is the order sequence's (order_sequence.c),
 * the penalties the table's (game_orders.c). */
#include "wm_game_int.h"

#include <string.h>

#define EPS MU_GEOM_EPS_MM

/* Whether every stand of placed[0..n) lies wholly inside one and the
 * same dense feature. */
static int wholly_in_one_dense(const wm_battlefield *bf, const wm_unit *placed, int n)
{
    for (int f = 0; f < bf->n_features; f++) {
        if (!bf->feature[f].dense)
            continue;
        int in = 1;
        for (int k = 0; k < n && in; k++)
            for (int i = 0; i < placed[k].n_stands && in; i++)
                in = wm_orect_in_feature(&bf->feature[f], &placed[k].stand[i]) == WM_WHOLLY;
        if (in)
            return 1;
    }
    return 0;
}

/* Whether placed's stands are clear of the units on the table: no overlap
 * (its own side's characters excepted) and not touching an enemy unit. */
static int clear_of_units(const wm_game *g, const wm_unit *placed)
{
    for (int k = 0; k < g->bf.n_units; k++) {
        const wm_unit *v = &g->bf.unit[k];
        if (v->presence != WM_ON_TABLE || (wm_is_character(v) && v->side == placed->side) ||
            wm_unit_distance_floor_mm(placed, v) > EPS)
            continue;
        double d = wm_unit_distance_mm(placed, v, NULL, NULL, NULL, NULL);
        if (d <= EPS && v->side != placed->side && !wm_is_character(v))
            return 0; /* touching an enemy */
        for (int i = 0; d <= EPS && i < placed->n_stands; i++)
            for (int j = 0; j < v->n_stands; j++)
                if (mu_orect_overlap(&placed->stand[i], &v->stand[j]))
                    return 0;
    }
    return 1;
}

/* Whether a stand of placed[0..n) touches a table edge other than the
 * enemy's. */
static int on_an_edge(const wm_game *g, int side, const wm_unit *placed, int n)
{
    for (int e = WM_EDGE_SOUTH; e <= WM_EDGE_WEST; e++)
        for (int i = 0; i < n && e != g->sc->side[1 - side].edge; i++)
            if (wm_unit_touches_edge(&g->bf, &placed[i], e))
                return 1;
    return 0;
}

/* RULE wm.armylist.infiltrate-group */
int wm_game_entry_group_allowed(const wm_game *g, uint64_t group)
{
    int n = __builtin_popcountll(group);
    if (n == 0 || n > WM_BRIGADE_MAX || (group & ~g->reserve) ||
        (n > 1 && !(wm_game_brigade_size_allowed(g, group) && wm_g_lists_allow_brigade(g, group))))
        return 0;
    int side = g->bf.unit[__builtin_ctzll(group)].side;
    uint64_t entries = 0;
    int count[WM_LIST_MAX_UNITS] = {0};
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        if (g->bf.unit[u].side != side || (n > 1 && g->bf.unit[u].profile.rules.infiltrate_group_max < n))
            return 0;
        count[g->roster[u].list_unit]++;
        entries |= UINT64_C(1) << g->roster[u].list_unit;
    }
    /* "no more X than Y": units of an entry with infiltrate_group_at_most
     * are no more than those of the entries it names */
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        uint64_t names = g->bf.unit[u].profile.rules.infiltrate_group_at_most;
        if (!names)
            continue;
        int of = 0;
        for (uint64_t e = names & entries; e; e &= e - 1)
            of += count[__builtin_ctzll(e)];
        if (count[g->roster[u].list_unit] > of)
            return 0;
    }
    return 1;
}

/* Why group may not enter as a group: not every unit held back (or
 * none), else the lists' rules. */
static wm_refusal group_refusal(const wm_game *g, uint64_t group)
{
    if (wm_game_entry_group_allowed(g, group))
        return WM_ALLOWED;
    return !group || (group & ~g->reserve) ? WM_REFUSE_NOT_RESERVE : WM_REFUSE_LIST_RULE;
}

void wm_game_entry_extent(const wm_game *g, uint64_t group, int column, double *wide, double *deep)
{
    *wide = *deep = 0.0;
    for (uint64_t r = group; r; r &= r - 1) {
        const wm_unit *un = &g->bf.unit[__builtin_ctzll(r)];
        *wide += column ? un->profile.stand_width_mm : un->n_stands * un->profile.stand_width_mm;
        *deep = fmax(*deep, column ? un->n_stands * un->profile.stand_depth_mm : un->profile.stand_depth_mm);
    }
}

/* RULE wm.armylist.infiltrate wm.armylist.infiltrate-group */
wm_refusal wm_game_entry_place(const wm_game *g, uint64_t group, const wm_order_goal *goal, wm_unit *placed)
{
    wm_refusal why = group_refusal(g, group);
    if (why != WM_ALLOWED)
        return why;
    int n = 0, side = g->bf.unit[__builtin_ctzll(group)].side, column = goal->form == WM_FORM_COLUMN;
    mu_vec2 fwd = wm_edge_forward(g->sc->side[side].edge), right = mu_v2_scale(mu_v2_perp(fwd), -1.0);
    double width, depth; /* side by side, fronts on one line, centred on the point */
    wm_game_entry_extent(g, group, column, &width, &depth);
    mu_vec2 front = mu_v2_add(goal->point, mu_v2_add(mu_v2_scale(fwd, depth / 2), mu_v2_scale(right, -width / 2)));
    for (uint64_t r = group; r; r &= r - 1, n++) {
        const wm_unit *un = &g->bf.unit[__builtin_ctzll(r)];
        double w = un->profile.stand_width_mm, dep = un->profile.stand_depth_mm;
        double wide = column ? w : un->n_stands * w;
        mu_vec2 at = mu_v2_add(front, mu_v2_scale(right, wide / 2));
        placed[n] = *un;
        placed[n].presence = WM_ON_TABLE;
        if (column)
            wm_place_column(placed[n].stand, un->n_stands, at, fwd, w, dep);
        else
            wm_place_line(placed[n].stand, un->n_stands, at, fwd, w, dep);
        front = mu_v2_add(front, mu_v2_scale(right, wide));
        for (int i = 0; i < un->n_stands; i++)
            if (!wm_orect_on_table(&g->bf, &placed[n].stand[i]) ||
                wm_orect_blocked(&g->bf, &placed[n], &placed[n].stand[i]) >= 0)
                return WM_REFUSE_ENTRY_POINT;
        if (!clear_of_units(g, &placed[n]))
            return WM_REFUSE_ENTRY_POINT;
    }
    if (wholly_in_one_dense(&g->bf, placed, n) || on_an_edge(g, side, placed, n))
        return WM_ALLOWED;
    return WM_REFUSE_ENTRY_POINT;
}

/* RULE wm.armylist.infiltrate wm.armylist.infiltrate-group */
wm_refusal wm_game_entry_check(const wm_game *g, int side, int character, uint64_t group, mu_order_refusal *why)
{
    if (why)
        *why = MU_ORDER_ALLOWED;
    wm_refusal who = wm_g_character_check(g, side, character);
    if (who != WM_ALLOWED)
        return who;
    wm_refusal grouping = group_refusal(g, group);
    if (grouping != WM_ALLOWED)
        return grouping;
    if (g->bf.unit[__builtin_ctzll(group)].side != side)
        return WM_REFUSE_NOT_RESERVE;
    for (uint64_t r = group; r; r &= r - 1)
        if (!wm_g_list_may_order(g, character, __builtin_ctzll(r), 0)) /* "his range covers the whole table" */
            return WM_REFUSE_LIST_RULE;
    mu_order_refusal r = wm_order_check(&g->phase, g->local[character], character == g->general[side],
                                        wm_g_local_mask(g, side, group));
    if (r != MU_ORDER_ALLOWED) {
        if (why)
            *why = r;
        return WM_REFUSE_ORDER_RULES;
    }
    return WM_ALLOWED;
}

/* RULE wm.armylist.infiltrate wm.armylist.infiltrate-group */
int wm_game_entry_target(const wm_game *g, int character, uint64_t group, const wm_unit *placed, int *command,
                         wm_penalties *p)
{
    wm_order_situation s = {.distance_mm = 0.0, .enemy_distance_mm = INFINITY,
                            .list_modifier = wm_g_list_modifier(g, character, group)};
    int n = __builtin_popcountll(group);
    for (int i = 0; i < n; i++)
        wm_g_situation_add(g, &g->bf.unit[character], &placed[i], n == 1, &s);
    s.in_dense_terrain = 0; /* no dense-terrain penalty for the order that brings it on */
    *command = wm_game_command(g, character);
    *p = wm_order_penalties(&g->rules->orders, &s, 1);
    return *command - p->total;
}

int wm_game_entry_target_max(const wm_game *g, int character, uint64_t group)
{
    return wm_game_command(g, character) + wm_g_list_modifier(g, character, group);
}

/* RULE wm.armylist.infiltrate wm.armylist.infiltrate-group */
wm_order_result wm_game_enter(wm_game *g, int side, int character, uint64_t group, const wm_order_goal *goal,
                              const wm_game_env *env)
{
    wm_order_result res;
    memset(&res, 0, sizeof res);
    res.brigade_kept = 1;
    wm_unit placed[WM_BRIGADE_MAX];
    res.refusal = wm_game_entry_check(g, side, character, group, &res.why);
    if (res.refusal == WM_ALLOWED)
        res.refusal = wm_game_entry_place(g, group, goal, placed);
    if (res.refusal != WM_ALLOWED)
        return res;
    wm_penalties pen;
    int command;
    char names[512];
    wm_game_entry_target(g, character, group, placed, &command, &pen);
    res.situational = pen.total;
    res.roll = wm_g_roll(g, side, character, group, command, res.situational, env);
    GTRACE(env, "  %s orders %s to enter at (%.1f, %.1f) cm (infiltration): needs %d or less (Command %d; distance "
           "-%d, enemy close -%d, list rule %+d); rolls %d+%d=%d: %s", wm_g_name(g, character),
           wm_g_group_names(g, group, names, sizeof names), goal->point.x / 10, goal->point.y / 10, res.roll.target,
           command, pen.distance, pen.enemy_close, -pen.list_rule, res.roll.dice.first, res.roll.dice.second,
           mu_2d6_sum(res.roll.dice), res.roll.success ? "enters" : "failed, stays off the table");
    if (!res.roll.success)
        return res;
    int i = 0;
    for (uint64_t r = group; r; r &= r - 1, i++) {
        int u = __builtin_ctzll(r);
        wm_move_event ev = {.kind = WM_EV_ENTER, .unit = u, .before = g->bf.unit[u]};
        g->bf.unit[u] = placed[i];
        g->reserve &= ~wm_bit(u);
        g->stats[side].entered++;
        wm_g_moved(g, env, &ev);
    }
    res.moved = group;
    return res;
}
