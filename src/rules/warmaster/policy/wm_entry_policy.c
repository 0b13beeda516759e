/* Where a unit held back off the table enters, and who orders it: the
 * battle policies' side of infiltration (warmaster/wm_game.h,
 * "Infiltration"; see wp_entry_choose in wm_policy_int.h). */
#include "wm_policy_int.h"

#include <math.h>
#include <stdlib.h>

#define ENTRY_GRID_MM 20.0      /* places inside dense features */
#define ENTRY_EDGE_STEP_MM 25.0 /* places along the table edges */
#define ENTRY_MM_PER_POINT 100.0 /* a point of the order's score is worth 10 cm nearer */

typedef struct chooser {
    wm_policy_state *st;
    const wm_game *g;
    int side, n;
    uint64_t group;
    const int *chars;
    int n_chars;
    int best_c, best_rank, seen;
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

/* The distance from p to the zone the policy makes for (cautious: the
 * nearest free one, else any; objective: the nearest), else to the
 * enemy's table edge. */
static double zone_aim(const chooser *ch, mu_vec2 p)
{
    const wm_game *g = ch->g;
    int z = wp_nearest_zone(g, ch->side, p, ch->st->spec->kind == WM_POLICY_CAUTIOUS);
    z = z >= 0 ? z : wp_nearest_zone(g, ch->side, p, 0);
    return z >= 0 ? mu_v2_dist(p, wp_zone_centre(g, z)) : to_enemy_edge(g, ch->side, p);
}

/* The distance from the nearest of placed[0..n) to its nearest enemy unit
 * (INFINITY: none). */
static double nearest_enemy(const chooser *ch, const wm_unit *placed)
{
    double best = INFINITY, d;
    for (int i = 0; i < ch->n; i++) {
        wp_nearest_enemy_of(ch->g, &placed[i], &d);
        best = fmin(best, d);
    }
    return best;
}

/* What a scripted policy makes for from placed[0..n), entered at point
 * c: lower is better; INFINITY: never there. */
static double aim_mm(const chooser *ch, const wm_unit *placed, mu_vec2 c)
{
    double enemy;
    switch (ch->st->spec->kind) {
    case WM_POLICY_AGGRESSIVE:
        enemy = nearest_enemy(ch, placed);
        return isfinite(enemy) ? enemy : to_enemy_edge(ch->g, ch->side, c);
    case WM_POLICY_CAUTIOUS:
        enemy = nearest_enemy(ch, placed);
        return enemy < HOLD_OFF_MM ? INFINITY : zone_aim(ch, c);
    default:
        return zone_aim(ch, c);
    }
}

/* A place to try: the unit's centre and formation, with a lower bound on
 * aim_mm there (the placed unit's centre is the point) and its rank in
 * the enumeration, which settles ties as an exhaustive scan would. */
typedef struct place {
    mu_vec2 point;
    wm_form form;
    double aim_floor;
    int rank;
} place;

typedef struct places {
    place *p;
    int n, cap;
} places;

/* A lower bound on aim_mm for units entering at p: exact for objective,
 * without the enemy's HOLD_OFF_MM for cautious, 0 for the others. */
static double aim_floor(const chooser *ch, mu_vec2 p)
{
    wm_policy_kind kind = ch->st->spec->kind;
    return kind == WM_POLICY_OBJECTIVE || kind == WM_POLICY_CAUTIOUS ? zone_aim(ch, p) : 0.0;
}

static void add_place(places *ps, const chooser *ch, mu_vec2 p, wm_form form)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? 2 * ps->cap : 512;
        ps->p = realloc(ps->p, (size_t)ps->cap * sizeof *ps->p);
        if (!ps->p)
            abort();
    }
    ps->p[ps->n] = (place){.point = p, .form = form, .aim_floor = aim_floor(ch, p), .rank = ps->n};
    ps->n++;
}

static int by_floor(const void *a, const void *b)
{
    const place *x = a, *y = b;
    if (x->aim_floor != y->aim_floor)
        return x->aim_floor < y->aim_floor ? -1 : 1;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

/* Rates place pl (allowed, the units standing as placed) for every
 * character: keeps the best (scripted; ties to the earlier rank) or one
 * uniformly drawn (random, by reservoir sampling). */
static void consider(chooser *ch, const place *pl, const wm_unit *placed)
{
    double aim = ch->st->spec->kind == WM_POLICY_RANDOM ? 0.0 : aim_mm(ch, placed, pl->point);
    if (!isfinite(aim))
        return;
    for (int k = 0; k < ch->n_chars; k++) {
        wm_penalties pen;
        int command, target = wm_game_entry_target(ch->g, ch->chars[k], ch->group, placed, &command, &pen);
        if (target < ch->st->spec->min_target)
            continue;
        double score = aim - ENTRY_MM_PER_POINT * target;
        int take = ch->st->spec->kind == WM_POLICY_RANDOM
                       ? wp_uniform(ch->st, ++ch->seen) == 0
                       : ch->best_c < 0 || score < ch->best_score ||
                             (score == ch->best_score && pl->rank < ch->best_rank);
        if (take) {
            ch->best_c = ch->chars[k], ch->best_score = score, ch->best_rank = pl->rank;
            ch->best = wm_order_goal_none();
            ch->best.go = 1, ch->best.point = pl->point, ch->best.form = pl->form;
        }
    }
}

/* RULE wm.policy.infiltration wm.armylist.infiltrate-group */
int wp_reserve_groups(const wm_game *g, int side, uint64_t *groups)
{
    uint64_t parts[WM_GAME_SIDE_UNITS], used = 0;
    int n_parts = 0, n = 0;
    /* a unit that needs company (infiltrate_group_at_most) with the first
     * free unit of an entry it names, then every other unit alone */
    for (int pass = 0; pass < 2; pass++)
        for (int l = 0; l < g->n_units[side]; l++) {
            int u = g->unit_of[side][l];
            uint64_t needs = g->bf.unit[u].profile.rules.infiltrate_group_at_most;
            if (!(g->reserve & ~used & wp_bit(u)) || (pass == 0) != (needs != 0))
                continue;
            parts[n_parts] = wp_bit(u);
            for (int m = 0; pass == 0 && m < g->n_units[side]; m++) {
                int v = g->unit_of[side][m];
                if ((g->reserve & ~used & wp_bit(v)) && v != u && !g->bf.unit[v].profile.rules.infiltrate_group_at_most &&
                    (needs >> g->roster[v].list_unit & 1u)) {
                    parts[n_parts] |= wp_bit(v);
                    break;
                }
            }
            used |= parts[n_parts++];
        }
    /* each part joins the first group the lists allow it in, else starts one */
    for (int i = 0; i < n_parts; i++) {
        int k = 0;
        while (k < n && !wm_game_entry_group_allowed(g, groups[k] | parts[i]))
            k++;
        if (k == n)
            groups[n++] = 0;
        groups[k] |= parts[i];
    }
    return n;
}

/* Whether every unit of group may enter terrain of kind. */
static int all_may_enter(const wm_game *g, uint64_t group, wm_terrain kind)
{
    for (uint64_t r = group; r; r &= r - 1)
        if (!wm_unit_can_enter(&g->bf.unit[__builtin_ctzll(r)], kind))
            return 0;
    return 1;
}

/* RULE wm.policy.infiltration */
int wp_entry_choose(wm_policy_state *st, const wm_game *g, int side, uint64_t group, const int *chars, int n_chars,
                    wm_order_goal *out)
{
    chooser ch = {.st = st, .g = g, .side = side, .group = group, .n = __builtin_popcountll(group), .best_c = -1};
    int allowed[WM_GAME_SIDE_CHARS];
    double best_target = -INFINITY; /* no order needs more than Command plus the list's modifier */
    for (int k = 0; k < n_chars; k++)
        if (wm_game_entry_check(g, side, chars[k], group, NULL) == WM_ALLOWED) {
            allowed[ch.n_chars++] = chars[k];
            best_target = fmax(best_target, wm_game_entry_target_max(g, chars[k], group));
        }
    ch.chars = allowed;
    if (ch.n_chars == 0)
        return -1;
    const wm_battlefield *bf = &g->bf;
    places ps = {0};
    for (int f = 0; f < bf->n_features; f++) {
        const wm_feature *ft = &bf->feature[f];
        if (!ft->dense || !all_may_enter(g, group, ft->kind))
            continue;
        for (double x = ft->lo.x + ENTRY_GRID_MM / 2; x < ft->hi.x; x += ENTRY_GRID_MM)
            for (double y = ft->lo.y + ENTRY_GRID_MM / 2; y < ft->hi.y; y += ENTRY_GRID_MM)
                for (int form = WM_FORM_LINE; form <= WM_FORM_COLUMN; form++)
                    add_place(&ps, &ch, mu_v2(x, y), (wm_form)form);
    }
    /* along an edge, the group's centre half its extent in from it (side
     * by side in lines: one stand deep, as wide as all their stands; in
     * columns: as deep as the longest, one stand wide each) */
    mu_vec2 fwd = wm_edge_forward(g->sc->side[side].edge);
    double wide_line, wide_column, deep_line, deep_column;
    wm_game_entry_extent(g, group, 0, &wide_line, &deep_line);
    wm_game_entry_extent(g, group, 1, &wide_column, &deep_column);
    for (int e = WM_EDGE_SOUTH; e <= WM_EDGE_WEST; e++) {
        if (e == g->sc->side[1 - side].edge)
            continue;
        mu_seg s = wm_table_edge(bf, e);
        mu_vec2 in = wm_edge_forward(e), along = mu_v2_unit(mu_v2_sub(s.b, s.a));
        int facing_in = fabs(mu_v2_dot(in, fwd)) > 0.5;
        double len = mu_v2_dist(s.a, s.b);
        double in_line = facing_in ? deep_line : wide_line, in_column = facing_in ? deep_column : wide_column;
        for (double t = ENTRY_EDGE_STEP_MM / 2; t < len; t += ENTRY_EDGE_STEP_MM) {
            mu_vec2 at = mu_v2_add(s.a, mu_v2_scale(along, t));
            add_place(&ps, &ch, mu_v2_add(at, mu_v2_scale(in, in_line / 2)), WM_FORM_LINE);
            add_place(&ps, &ch, mu_v2_add(at, mu_v2_scale(in, in_column / 2)), WM_FORM_COLUMN);
        }
    }
    int scripted = st->spec->kind != WM_POLICY_RANDOM;
    if (scripted) /* nearest first: the rest cannot beat the best once their floor is too far */
        qsort(ps.p, (size_t)ps.n, sizeof *ps.p, by_floor);
    for (int i = 0; i < ps.n; i++) {
        if (scripted && ch.best_c >= 0 && ps.p[i].aim_floor - ENTRY_MM_PER_POINT * best_target > ch.best_score)
            break;
        wm_order_goal goal = {.go = 1, .point = ps.p[i].point, .form = ps.p[i].form};
        wm_unit placed[WM_BRIGADE_MAX];
        if (wm_game_entry_place(g, group, &goal, placed) == WM_ALLOWED)
            consider(&ch, &ps.p[i], placed);
    }
    free(ps.p);
    if (ch.best_c >= 0)
        *out = ch.best;
    return ch.best_c;
}
