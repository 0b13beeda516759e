/* Line of sight between units and the closest visible enemy
 * (warmaster-movement.adoc, "Moving by initative"). The reading and the
 * exactness argument are in wm_visibility.h; the segment test is sight.c. */
#include "warmaster/wm_visibility.h"

#include "wm_shape.h"
#include "wm_sight.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM
#define MAX_BLOCKERS (WM_MAX_UNITS * WM_MAX_STANDS + WM_MAX_FEATURES)

static_assert(WM_MAX_FEATURES <= 32, "feature masks are 32 bits");

typedef struct scene {
    int n;
    wm_blocker b[MAX_BLOCKERS];
} scene;

static int on_table(const wm_unit *u)
{
    return u->presence == WM_ON_TABLE && u->n_stands > 0;
}

static void grow_box(mu_vec2 *lo, mu_vec2 *hi, const mu_orect *r)
{
    mu_vec2 c[4];
    mu_orect_corners(r, c);
    for (int i = 0; i < 4; i++) {
        *lo = mu_v2(fmin(lo->x, c[i].x), fmin(lo->y, c[i].y));
        *hi = mu_v2(fmax(hi->x, c[i].x), fmax(hi->y, c[i].y));
    }
}

static int boxes_meet(mu_vec2 alo, mu_vec2 ahi, mu_vec2 blo, mu_vec2 bhi)
{
    return alo.x < bhi.x && blo.x < ahi.x && alo.y < bhi.y && blo.y < ahi.y;
}

/* Blockers that can stand between observer o and target t: stands of all
 * units but characters and t, and sight-blocking features, each meeting
 * the box around both units (every sight segment lies inside it). */
static void build_scene(scene *sc, const wm_battlefield *bf, int o, int t)
{
    mu_vec2 lo = bf->unit[o].stand[0].center, hi = lo;
    for (int k = 0; k < 2; k++) {
        const wm_unit *u = &bf->unit[k == 0 ? o : t];
        for (int s = 0; s < u->n_stands; s++)
            grow_box(&lo, &hi, &u->stand[s]);
    }
    sc->n = 0;
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *u = &bf->unit[k];
        if (k == t || !on_table(u) || wm_is_character(u))
            continue;
        for (int s = 0; s < u->n_stands; s++) {
            wm_blocker *b = &sc->b[sc->n];
            wm_blocker_rect(b, &u->stand[s]);
            if (boxes_meet(lo, hi, b->lo, b->hi))
                sc->n++;
        }
    }
    for (int i = 0; i < bf->n_features; i++) {
        const wm_feature *f = &bf->feature[i];
        if (!f->blocks_sight || !boxes_meet(lo, hi, f->lo, f->hi))
            continue;
        if (f->shape == WM_SHAPE_POLYGON)
            wm_blocker_poly(&sc->b[sc->n++], f->v, f->n, i);
        else
            wm_blocker_circle(&sc->b[sc->n++], f->circle, i);
    }
}

/* Bit i set: r is at least partly in sight-blocking feature i. */
static uint32_t features_in(const wm_battlefield *bf, const mu_orect *r)
{
    uint32_t m = 0;
    for (int i = 0; i < bf->n_features; i++)
        if (bf->feature[i].blocks_sight && wm_orect_in_feature(&bf->feature[i], r) != WM_OUT)
            m |= 1u << i;
    return m;
}

/* Returns non-zero when a clear segment runs out of edge s (outward normal
 * n) to a point of target stand t strictly beyond s's line. */
static int edge_sees_stand(const scene *sc, mu_seg s, mu_vec2 n, const mu_orect *t, uint32_t skip)
{
    mu_vec2 tc[4], clipped[5];
    mu_orect_corners(t, tc); /* clockwise */
    int m = mu_poly_clip_halfplane(tc, 4, n, mu_v2_dot(n, s.a) + EPS, clipped);
    for (int k = 0; k < m; k++) {
        mu_seg f = {clipped[k], clipped[(k + 1) % m]};
        mu_vec2 out = mu_v2_perp(mu_v2_sub(f.b, f.a)); /* outward, clockwise polygon */
        double len = mu_v2_len(out);
        if (len <= EPS)
            continue;
        /* reached from s only from outside f's line, or through t first */
        double ha = mu_v2_dot(out, mu_v2_sub(s.a, f.a)) / len, hb = mu_v2_dot(out, mu_v2_sub(s.b, f.a)) / len;
        if (ha <= 0.0 && hb <= 0.0)
            continue;
        if (wm_clear_between(s, f, sc->b, sc->n, skip))
            return 1;
    }
    return 0;
}

/* RULE wm.orders.characters wm.sight.line-of-sight wm.sight.all-round
 * RULE wm.character.transparent-sight */
int wm_unit_sees(const wm_battlefield *bf, int observer, int target, wm_sight mode)
{
    assert(observer >= 0 && observer < bf->n_units && target >= 0 && target < bf->n_units);
    const wm_unit *o = &bf->unit[observer], *t = &bf->unit[target];
    if (observer == target || !on_table(o) || !on_table(t))
        return 0;
    scene scb, *sc = &scb; /* not zeroed: build_scene sets what is read */
    build_scene(sc, bf, observer, target);
    uint32_t in_t[WM_MAX_STANDS];
    for (int j = 0; j < t->n_stands; j++)
        in_t[j] = features_in(bf, &t->stand[j]);
    int edges = mode == WM_SIGHT_UNIT && (o->profile.flags & WM_ALL_ROUND_VISION) ? 4 : 1;
    for (int i = 0; i < o->n_stands; i++) {
        uint32_t in_o = features_in(bf, &o->stand[i]);
        for (int e = MU_EDGE_FRONT; e < edges; e++) {
            mu_seg s = mu_orect_edge(&o->stand[i], e);
            mu_vec2 n = mu_v2_unit(mu_v2_perp(mu_v2_sub(s.b, s.a)));
            for (int j = 0; j < t->n_stands; j++)
                if (edge_sees_stand(sc, s, n, &t->stand[j], in_o | in_t[j]))
                    return 1;
        }
    }
    return 0;
}

wm_enemy_options wm_enemy_options_default(void)
{
    wm_enemy_options o = {200.0, 0, 0};
    return o;
}

/* RULE wm.initiative.ignore-fortified */
int wm_fortified_ignorable(const wm_battlefield *bf, int e)
{
    const wm_unit *u = &bf->unit[e];
    return (u->profile.troop == WM_INFANTRY || u->profile.troop == WM_ARTILLERY) &&
           wm_unit_fortified(bf, u);
}

/* RULE wm.initiative.charge-or-evade wm.initiative.one-at-a-time wm.initiative.equally-close
 * RULE wm.sight.all-round wm.initiative.artillery-no-charge wm.initiative.ignore-fortified
 * RULE wm.game.initiative-cannot-charge wm.armylist.cannot-charge */
int wm_closest_visible_enemies(const wm_battlefield *bf, int u, const wm_enemy_options *opt,
                                  wm_closest *out)
{
    assert(u >= 0 && u < bf->n_units);
    const wm_unit *me = &bf->unit[u];
    int cand[WM_MAX_UNITS], nc = 0;
    double dist[WM_MAX_UNITS];
    out->n = 0;
    out->distance_mm = INFINITY;
    if (!on_table(me) || wm_is_character(me))
        return 0;
    for (int e = 0; e < bf->n_units; e++) {
        const wm_unit *en = &bf->unit[e];
        if (en->side == me->side || !on_table(en) || wm_is_character(en))
            continue;
        if (wm_unit_distance_floor_mm(me, en) > opt->range_mm + EPS)
            continue; /* surely out of range: d below would be too */
        double d = wm_unit_distance_mm(me, en, NULL, NULL, NULL, NULL);
        if (d > opt->range_mm + EPS)
            continue;
        int k = nc++; /* insertion by distance */
        for (; k > 0 && dist[k - 1] > d; k--) {
            cand[k] = cand[k - 1];
            dist[k] = dist[k - 1];
        }
        cand[k] = e;
        dist[k] = d;
    }
    for (int k = 0; k < nc; k++) {
        int e = cand[k];
        if (out->n > 0 && dist[k] > out->distance_mm + EPS)
            break;
        if (opt->ignore_fortified && wm_fortified_ignorable(bf, e))
            continue;
        if (!wm_unit_sees(bf, u, e, WM_SIGHT_UNIT))
            continue;
        if (opt->ignore_divided && wm_divided_by_barrier(bf, u, e))
            continue;
        if (out->n == 0)
            out->distance_mm = dist[k];
        int front = (me->profile.flags & WM_ALL_ROUND_VISION) ? wm_unit_sees(bf, u, e, WM_SIGHT_FRONT) : 1;
        out->unit[out->n] = e;
        out->can_charge[out->n] = front && me->profile.troop != WM_ARTILLERY && !me->profile.rules.cannot_charge;
        out->n++;
    }
    return out->n;
}
