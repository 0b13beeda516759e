/* Infiltration: units held back off the table entering by an order to a
 * point (the army lists' `infiltrate`, ARMY_RULES.md; warmaster/wm_game.h
 * "Infiltration"). The roll is the order sequence's (order_sequence.c),
 * the penalties the table's (game_orders.c). */
#include "wm_game_int.h"

#include <string.h>

#define EPS MU_GEOM_EPS_MM

/* Whether every stand of placed lies wholly inside one dense feature. */
static int wholly_in_one_dense(const wm_battlefield *bf, const wm_unit *placed)
{
    for (int f = 0; f < bf->n_features; f++) {
        if (!bf->feature[f].dense)
            continue;
        int in = 1;
        for (int i = 0; i < placed->n_stands && in; i++)
            in = wm_orect_in_feature(&bf->feature[f], &placed->stand[i]) == WM_WHOLLY;
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

/* RULE wm.armylist.infiltrate */
wm_refusal wm_game_entry_place(const wm_game *g, int u, const wm_order_goal *goal, wm_unit *placed)
{
    if (u < 0 || u >= g->bf.n_units || !(g->reserve & wm_bit(u)))
        return WM_REFUSE_NOT_RESERVE;
    const wm_unit *un = &g->bf.unit[u];
    int side = un->side, n = un->n_stands;
    mu_vec2 fwd = wm_edge_forward(g->sc->side[side].edge);
    double w = un->profile.stand_width_mm, dep = un->profile.stand_depth_mm;
    *placed = *un;
    placed->presence = WM_ON_TABLE;
    if (goal->form == WM_FORM_COLUMN)
        wm_place_column(placed->stand, n, mu_v2_add(goal->point, mu_v2_scale(fwd, n * dep / 2)), fwd, w, dep);
    else
        wm_place_line(placed->stand, n, mu_v2_add(goal->point, mu_v2_scale(fwd, dep / 2)), fwd, w, dep);
    for (int i = 0; i < n; i++)
        if (!wm_orect_on_table(&g->bf, &placed->stand[i]) || wm_orect_blocked(&g->bf, placed, &placed->stand[i]) >= 0)
            return WM_REFUSE_ENTRY_POINT;
    if (!clear_of_units(g, placed))
        return WM_REFUSE_ENTRY_POINT;
    if (wholly_in_one_dense(&g->bf, placed))
        return WM_ALLOWED;
    for (int e = WM_EDGE_SOUTH; e <= WM_EDGE_WEST; e++)
        if (e != g->sc->side[1 - side].edge && wm_unit_touches_edge(&g->bf, placed, e))
            return WM_ALLOWED;
    return WM_REFUSE_ENTRY_POINT;
}

/* RULE wm.armylist.infiltrate */
wm_refusal wm_game_entry_check(const wm_game *g, int side, int character, int u, mu_order_refusal *why)
{
    if (why)
        *why = MU_ORDER_ALLOWED;
    wm_refusal who = wm_g_character_check(g, side, character);
    if (who != WM_ALLOWED)
        return who;
    if (u < 0 || u >= g->bf.n_units || g->bf.unit[u].side != side || !(g->reserve & wm_bit(u)))
        return WM_REFUSE_NOT_RESERVE;
    if (!wm_g_list_may_order(g, character, u, 0)) /* "his range covers the whole table" */
        return WM_REFUSE_LIST_RULE;
    mu_order_refusal r = wm_order_check(&g->phase, g->local[character], character == g->general[side],
                                        wm_g_local_mask(g, side, wm_bit(u)));
    if (r != MU_ORDER_ALLOWED) {
        if (why)
            *why = r;
        return WM_REFUSE_ORDER_RULES;
    }
    return WM_ALLOWED;
}

/* RULE wm.armylist.infiltrate */
int wm_game_entry_target(const wm_game *g, int character, int u, const wm_unit *placed, int *command,
                         wm_penalties *p)
{
    wm_order_situation s = {.distance_mm = 0.0, .enemy_distance_mm = INFINITY,
                            .list_modifier = wm_g_list_modifier(g, character, wm_bit(u))};
    wm_g_situation_add(g, &g->bf.unit[character], placed, 1, &s);
    s.in_dense_terrain = 0; /* no dense-terrain penalty for the order that brings it on */
    *command = wm_game_command(g, character);
    *p = wm_order_penalties(&g->rules->orders, &s, 1);
    return *command - p->total;
}

int wm_game_entry_target_max(const wm_game *g, int character, int u)
{
    return wm_game_command(g, character) + wm_g_list_modifier(g, character, wm_bit(u));
}

/* RULE wm.armylist.infiltrate */
wm_order_result wm_game_enter(wm_game *g, int side, int character, int u, const wm_order_goal *goal,
                              const wm_game_env *env)
{
    wm_order_result res;
    memset(&res, 0, sizeof res);
    res.brigade_kept = 1;
    wm_unit placed;
    res.refusal = wm_game_entry_check(g, side, character, u, &res.why);
    if (res.refusal == WM_ALLOWED)
        res.refusal = wm_game_entry_place(g, u, goal, &placed);
    if (res.refusal != WM_ALLOWED)
        return res;
    wm_penalties pen;
    int command;
    wm_game_entry_target(g, character, u, &placed, &command, &pen);
    res.situational = pen.total;
    res.roll = wm_g_roll(g, side, character, wm_bit(u), command, res.situational, env);
    GTRACE(env, "  %s orders %s to enter at (%.1f, %.1f) cm (infiltration): needs %d or less (Command %d; distance "
           "-%d, enemy close -%d, list rule %+d); rolls %d+%d=%d: %s", wm_g_name(g, character), wm_g_name(g, u),
           goal->point.x / 10, goal->point.y / 10, res.roll.target, command, pen.distance, pen.enemy_close,
           -pen.list_rule, res.roll.dice.first, res.roll.dice.second, mu_2d6_sum(res.roll.dice),
           res.roll.success ? "enters" : "failed, stays off the table");
    if (!res.roll.success)
        return res;
    wm_move_event ev = {.kind = WM_EV_ENTER, .unit = u, .before = g->bf.unit[u]};
    g->bf.unit[u] = placed;
    g->reserve &= ~wm_bit(u);
    g->stats[side].entered++;
    res.moved = wm_bit(u);
    wm_g_moved(g, env, &ev);
    return res;
}
