/* Where a unit held back off the table enters, and who orders it: the
 * battle policies' side of infiltration (warmaster/wm_game.h,
 * "Infiltration"; see wp_entry_choose in wm_policy_int.h). */
#include "wm_policy_int.h"

#include <math.h>

#define ENTRY_GRID_MM 20.0      /* places inside dense features */
#define ENTRY_EDGE_STEP_MM 25.0 /* places along the table edges */
#define ENTRY_MM_PER_POINT 100.0 /* a point of the order's score is worth 10 cm nearer */

typedef struct chooser {
    wm_policy_state *st;
    const wm_game *g;
    int side, u;
    const int *chars;
    int n_chars;
    int best_c, seen;
    double best_score;
    wm_order_goal best;
} chooser;

/* Distance from p to the enemy's table edge. */
static double to_enemy_edge(const wm_game *g, int side, mu_vec2 p)
{
    switch (g->sc->side[1 - side].edge) {
    case WM_EDGE_SOUTH: return p.y;
    case WM_EDGE_NORTH: return g->bf.depth_mm - p.y;
    case WM_EDGE_WEST: return p.x;
    default: return g->bf.width_mm - p.x;
    }
}

/* What a scripted policy makes for from placed: lower is better;
 * INFINITY: never there. */
static double aim_mm(const chooser *ch, const wm_unit *placed)
{
    const wm_game *g = ch->g;
    mu_vec2 c = wm_unit_centre(placed);
    double enemy;
    wp_nearest_enemy_of(g, placed, &enemy);
    switch (ch->st->spec->kind) {
    case WM_POLICY_AGGRESSIVE:
        return isfinite(enemy) ? enemy : to_enemy_edge(g, ch->side, c);
    case WM_POLICY_CAUTIOUS: {
        if (enemy < HOLD_OFF_MM)
            return INFINITY;
        int z = wp_nearest_zone(g, ch->side, c, 1);
        z = z >= 0 ? z : wp_nearest_zone(g, ch->side, c, 0);
        return z >= 0 ? mu_v2_dist(c, wp_zone_centre(g, z)) : to_enemy_edge(g, ch->side, c);
    }
    default: {
        int z = wp_nearest_zone(g, ch->side, c, 0);
        return z >= 0 ? mu_v2_dist(c, wp_zone_centre(g, z)) : to_enemy_edge(g, ch->side, c);
    }
    }
}

/* Rates the place goal (allowed, the unit standing as placed) for every
 * character: keeps the best (scripted) or one uniformly drawn (random,
 * by reservoir sampling). */
static void consider(chooser *ch, const wm_order_goal *goal, const wm_unit *placed)
{
    double aim = ch->st->spec->kind == WM_POLICY_RANDOM ? 0.0 : aim_mm(ch, placed);
    if (!isfinite(aim))
        return;
    for (int k = 0; k < ch->n_chars; k++) {
        wm_penalties pen;
        int command, target = wm_game_entry_target(ch->g, ch->chars[k], ch->u, placed, &command, &pen);
        if (target < ch->st->spec->min_target)
            continue;
        double score = aim - ENTRY_MM_PER_POINT * target;
        int take = ch->st->spec->kind == WM_POLICY_RANDOM ? wp_uniform(ch->st, ++ch->seen) == 0
                                                          : ch->best_c < 0 || score < ch->best_score;
        if (take)
            ch->best_c = ch->chars[k], ch->best_score = score, ch->best = *goal;
    }
}

/* Tries the place with centre p in formation form. */
static void try_place(chooser *ch, mu_vec2 p, wm_form form)
{
    wm_order_goal goal = {.go = 1, .point = p, .form = form};
    for (int m = 0; m < WM_BRIGADE_MAX; m++)
        goal.charge[m] = -1;
    wm_unit placed;
    if (wm_game_entry_place(ch->g, ch->u, &goal, &placed) == WM_ALLOWED)
        consider(ch, &goal, &placed);
}

/* RULE wm.policy.infiltration */
int wp_entry_choose(wm_policy_state *st, const wm_game *g, int side, int u, const int *chars, int n_chars,
                    wm_order_goal *out)
{
    chooser ch = {.st = st, .g = g, .side = side, .u = u, .best_c = -1};
    int allowed[WM_GAME_SIDE_CHARS];
    for (int k = 0; k < n_chars; k++)
        if (wm_game_entry_check(g, side, chars[k], u, NULL) == WM_ALLOWED)
            allowed[ch.n_chars++] = chars[k];
    ch.chars = allowed;
    if (ch.n_chars == 0)
        return -1;
    const wm_battlefield *bf = &g->bf;
    const wm_unit *un = &bf->unit[u];
    for (int f = 0; f < bf->n_features; f++) {
        const wm_feature *ft = &bf->feature[f];
        if (!ft->dense || !wm_unit_can_enter(un, ft->kind))
            continue;
        for (double x = ft->lo.x + ENTRY_GRID_MM / 2; x < ft->hi.x; x += ENTRY_GRID_MM)
            for (double y = ft->lo.y + ENTRY_GRID_MM / 2; y < ft->hi.y; y += ENTRY_GRID_MM)
                for (int form = WM_FORM_LINE; form <= WM_FORM_COLUMN; form++)
                    try_place(&ch, mu_v2(x, y), (wm_form)form);
    }
    /* along an edge, the unit's centre half its extent in from it (line:
     * depth one stand, width all; column the other way round) */
    mu_vec2 fwd = wm_edge_forward(g->sc->side[side].edge);
    double w = un->profile.stand_width_mm, d = un->profile.stand_depth_mm, n = un->n_stands;
    for (int e = WM_EDGE_SOUTH; e <= WM_EDGE_WEST; e++) {
        if (e == g->sc->side[1 - side].edge)
            continue;
        mu_seg s = wm_table_edge(bf, e);
        mu_vec2 in = wm_edge_forward(e), along = mu_v2_unit(mu_v2_sub(s.b, s.a));
        double len = mu_v2_dist(s.a, s.b), deep_line = fabs(mu_v2_dot(in, fwd)) > 0.5 ? d : n * w;
        double deep_column = fabs(mu_v2_dot(in, fwd)) > 0.5 ? n * d : w;
        for (double t = ENTRY_EDGE_STEP_MM / 2; t < len; t += ENTRY_EDGE_STEP_MM) {
            mu_vec2 at = mu_v2_add(s.a, mu_v2_scale(along, t));
            try_place(&ch, mu_v2_add(at, mu_v2_scale(in, deep_line / 2)), WM_FORM_LINE);
            try_place(&ch, mu_v2_add(at, mu_v2_scale(in, deep_column / 2)), WM_FORM_COLUMN);
        }
    }
    if (ch.best_c >= 0)
        *out = ch.best;
    return ch.best_c;
}
