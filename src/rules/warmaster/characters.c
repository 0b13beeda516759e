/* Character movement (warmaster-movement.adoc, "Character movement");
 * readings in wm_characters.h. */
#include "warmaster/wm_characters.h"

#include "wm_shape.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM

double wm_character_reach_mm(const wm_unit *c)
{
    return c->profile.full_pace_mm;
}

static int convex_meets_stand(const mu_vec2 *v, int n, const mu_orect *r)
{
    mu_vec2 q[4];
    mu_orect_corners_ccw(r, q);
    return mu_convex_overlaps_poly(v, n, q, 4);
}

/* Returns a stand of a unit not on c's side (characters included) that
 * the convex v[0..n) shares interior with, or NULL. */
static const mu_orect *meets_enemy(const wm_battlefield *bf, const wm_unit *c, const mu_vec2 *v, int n)
{
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *u = &bf->unit[k];
        if (u->side == c->side || u->presence != WM_ON_TABLE)
            continue;
        for (int s = 0; s < u->n_stands; s++)
            if (convex_meets_stand(v, n, &u->stand[s]))
                return &u->stand[s];
    }
    return NULL;
}

/* What is wrong with moving c by delta, apart from the distance. */
static wm_char_move check_delta(const wm_battlefield *bf, const wm_unit *c, mu_vec2 delta)
{
    mu_orect end = c->stand[0];
    end.center = mu_v2_add(end.center, delta);
    mu_vec2 area[8], at_end[4];
    int n;
    if (c->profile.flags & WM_FLYING) {
        mu_orect_corners_ccw(&end, at_end);
        n = 4;
    } else {
        n = mu_orect_sweep_hull(&c->stand[0], delta, area);
    }
    const mu_vec2 *shape = (c->profile.flags & WM_FLYING) ? at_end : area;
    if (wm_convex_blocked(bf, c, shape, n) >= 0)
        return WM_CHAR_TERRAIN;
    if (meets_enemy(bf, c, shape, n))
        return WM_CHAR_ENEMY;
    if (!wm_orect_on_table(bf, &end))
        return WM_CHAR_OFF_TABLE;
    return WM_CHAR_OK;
}

static const wm_unit *character(const wm_battlefield *bf, int c)
{
    assert(c >= 0 && c < bf->n_units);
    const wm_unit *u = &bf->unit[c];
    return wm_is_character(u) && u->presence == WM_ON_TABLE && u->n_stands == 1 ? u : NULL;
}

/* RULE wm.orders.characters wm.stands.farthest-part wm.stands.through-characters
 * RULE wm.character.distance wm.character.no-command-test wm.character.pass-own-side */
wm_char_move wm_character_move_check(const wm_battlefield *bf, int c, mu_vec2 to_center)
{
    const wm_unit *u = character(bf, c);
    if (!u)
        return WM_CHAR_NOT_CHARACTER;
    mu_vec2 delta = mu_v2_sub(to_center, u->stand[0].center);
    if (mu_v2_len(delta) > wm_character_reach_mm(u) + EPS)
        return WM_CHAR_TOO_FAR;
    return check_delta(bf, u, delta);
}

/* The bad places along the line, for bisection. A walker's checks only
 * get worse the farther it goes (the swept area grows; the table is
 * convex). A flyer is checked at its end only: off the table is again
 * "worse the farther", and on one enemy stand is an interval of the line,
 * so "off the table or on stand k" is monotone up to a place on stand k. */
typedef struct probe {
    const wm_battlefield *bf;
    const wm_unit *u;
    mu_vec2 d;
    const mu_orect *on; /* flyer: the enemy stand being backed off from */
} probe;

static int bad_at(const probe *p, double t)
{
    mu_vec2 delta = mu_v2_scale(p->d, t);
    if (!(p->u->profile.flags & WM_FLYING))
        return check_delta(p->bf, p->u, delta) != WM_CHAR_OK;
    mu_orect end = p->u->stand[0];
    end.center = mu_v2_add(end.center, delta);
    mu_vec2 q[4];
    mu_orect_corners_ccw(&end, q);
    return !wm_orect_on_table(p->bf, &end) || (p->on && convex_meets_stand(q, 4, p->on));
}

/* RULE wm.orders.characters wm.terrain.halt-at-edge wm.character.distance */
mu_vec2 wm_character_clamp_move(const wm_battlefield *bf, int c, mu_vec2 to_center, wm_char_move *why)
{
    const wm_unit *u = character(bf, c);
    if (why)
        *why = u ? WM_CHAR_OK : WM_CHAR_NOT_CHARACTER;
    if (!u)
        return to_center;
    mu_vec2 from = u->stand[0].center, d = mu_v2_sub(to_center, from);
    double len = mu_v2_len(d), reach = wm_character_reach_mm(u);
    double t = len > reach ? reach / len : 1.0;
    wm_char_move stop = len > reach ? WM_CHAR_TOO_FAR : WM_CHAR_OK;
    for (int guard = 0; guard < 2 * WM_MAX_UNITS; guard++) {
        wm_char_move r = check_delta(bf, u, mu_v2_scale(d, t));
        if (r == WM_CHAR_OK)
            break;
        stop = r;
        probe p = {bf, u, d, NULL};
        if (u->profile.flags & WM_FLYING) {
            mu_orect end = u->stand[0];
            mu_vec2 q[4];
            end.center = mu_v2_add(end.center, mu_v2_scale(d, t));
            mu_orect_corners_ccw(&end, q);
            p.on = meets_enemy(bf, u, q, 4);
        }
        double lo = 0.0, bad = t;
        while ((bad - lo) * len > EPS / 4.0) {
            double mid = (lo + bad) / 2.0;
            *(bad_at(&p, mid) ? &bad : &lo) = mid;
        }
        if (lo == t)
            break; /* the start itself is bad: stay */
        t = lo;
    }
    if (why)
        *why = stop;
    return mu_v2_add(from, mu_v2_scale(d, t));
}
