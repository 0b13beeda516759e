/* The game's invariant checker (warmaster/wm_game.h, wm_game_check): run
 * after every move in the tests' games, never in batch runs. */
#include "wm_game_int.h"

#include <stdarg.h>
#include <stdio.h>

#define TOL_MM 1e-6

__attribute__((format(printf, 3, 4)))
static int fault(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return 1;
}

/* Two units whose stands may lie on each other: a character over its own
 * side's units and characters (tokens). */
static int may_overlap(const wm_unit *a, const wm_unit *b)
{
    return a->side == b->side && (wm_is_character(a) || wm_is_character(b));
}

static int check_table(const wm_game *g, const wm_move_event *ev, char *why, size_t len)
{
    const wm_battlefield *bf = &g->bf;
    for (int a = 0; a < bf->n_units; a++) {
        const wm_unit *ua = &bf->unit[a];
        if (ua->presence != WM_ON_TABLE)
            continue;
        int leaving = ev && ev->kind == WM_EV_FORCED && ev->unit == a;
        if (!leaving && wm_unit_leaves_table(bf, ua))
            return fault(why, len, "%s is on the table with a stand beyond its edge", wm_g_name(g, a));
        for (int i = 0; i < ua->n_stands; i++) {
            int f = wm_orect_blocked(bf, ua, &ua->stand[i]);
            if (f >= 0 && !leaving)
                return fault(why, len, "%s stand %d is in terrain it cannot enter (feature %d)", wm_g_name(g, a), i, f);
            for (int j = i + 1; j < ua->n_stands; j++)
                if (mu_orect_overlap(&ua->stand[i], &ua->stand[j]))
                    return fault(why, len, "%s stands %d and %d overlap", wm_g_name(g, a), i, j);
        }
        for (int b = a + 1; b < bf->n_units; b++) {
            const wm_unit *ub = &bf->unit[b];
            if (ub->presence != WM_ON_TABLE || may_overlap(ua, ub))
                continue;
            for (int i = 0; i < ua->n_stands; i++)
                for (int j = 0; j < ub->n_stands; j++)
                    if (mu_orect_overlap(&ua->stand[i], &ub->stand[j]))
                        return fault(why, len, "%s stand %d overlaps %s stand %d", wm_g_name(g, a), i,
                                     wm_g_name(g, b), j);
        }
    }
    return 0;
}

static int check_distance(const wm_game *g, const wm_move_event *ev, char *why, size_t len)
{
    const wm_unit *now = &g->bf.unit[ev->unit];
    double worst = 0.0, limit = ev->allowance_mm;
    if (ev->kind == WM_EV_MOVE) /* the rules' allowance, worked out afresh from the unit as it stood */
        limit = wm_move_allowance_mm(&g->bf, &ev->before, ev->move_kind, 0.0);
    else if (ev->kind == WM_EV_CHARACTER)
        limit = wm_character_reach_mm(&ev->before);
    else if (ev->kind == WM_EV_FORCED)
        limit = ev->before.profile.full_pace_mm;
    if (ev->kind == WM_EV_MOVE && ev->move) {
        for (int i = 0; i < ev->move->n; i++) {
            const wm_stand_path *p = &ev->move->path[i];
            mu_orect end;
            double d = wm_stand_path_mm(&ev->before.stand[p->stand], p->leg, p->n_legs, &end);
            if (d > worst)
                worst = d;
            if (mu_v2_dist(end.center, now->stand[p->stand].center) > TOL_MM)
                return fault(why, len, "%s stand %d is not where its path ends", wm_g_name(g, ev->unit), p->stand);
        }
    } else if (ev->kind == WM_EV_CHARACTER || ev->kind == WM_EV_FORCED) {
        for (int i = 0; i < now->n_stands; i++) {
            double d = mu_v2_dist(ev->before.stand[i].center, now->stand[i].center);
            if (d > worst)
                worst = d;
        }
    }
    if (worst > limit + TOL_MM)
        return fault(why, len, "%s moved %.6f mm, beyond its allowance of %.6f mm", wm_g_name(g, ev->unit), worst,
                     limit);
    return 0;
}

/* RULE wm.game.brigade-body */
int wm_game_check(const wm_game *g, const wm_move_event *ev, char *why, size_t why_len)
{
    if (why_len)
        why[0] = '\0';
    if (check_table(g, ev, why, why_len))
        return 1;
    if (ev && ev->kind == WM_EV_ENTER && wm_g_touches_enemy(g, ev->unit))
        return fault(why, why_len, "%s entered touching an enemy", wm_g_name(g, ev->unit));
    if (ev && ev->kind != WM_EV_RETURN && ev->kind != WM_EV_ENTER && check_distance(g, ev, why, why_len))
        return 1;
    return 0;
}
