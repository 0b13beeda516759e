/* Ninth Age moves on the table: whether a move's path is clear of the
 * table edge, terrain and other units, where contact stops it, and the
 * cheap proofs that skip the full check (see na_move.h). */
#include "na_move_int.h"

#include "muster/geom_sweep.h"

#include <math.h>
#include <string.h>

/* ---- the path on the table ------------------------------------------- */

static void box_of(const mu_vec2 *p, int n, mu_vec2 *lo, mu_vec2 *hi)
{
    *lo = *hi = p[0];
    for (int i = 1; i < n; i++) {
        *lo = mu_v2(mu_lesser(lo->x, p[i].x), mu_lesser(lo->y, p[i].y));
        *hi = mu_v2(mu_greater(hi->x, p[i].x), mu_greater(hi->y, p[i].y));
    }
}

/* What a unit's corners are made from (na_unit_corners). */
typedef struct corner_key {
    mu_vec2 centre, facing;
    double base_w, base_d;
    int files, models;
} corner_key;
_Static_assert(sizeof(corner_key) == 2 * sizeof(mu_vec2) + 2 * sizeof(double) + 2 * sizeof(int),
               "corner_key has no padding (compared with memcmp)");

static corner_key key_of(const na_unit *u)
{
    corner_key k; /* no padding: compared with memcmp */
    k.centre = u->centre, k.facing = u->facing;
    k.base_w = u->p.base_w_mm, k.base_d = u->p.base_d_mm;
    k.files = u->files, k.models = u->models;
    return k;
}

void na_scene_build(const na_field *f, int u, na_scene *s)
{
    /* each unit's corners and box, remembered per thread while the unit
     * stands as it did (most choices of a phase meet the same units) */
    static _Thread_local struct {
        int set;
        corner_key key;
        mu_vec2 corners[4], lo, hi;
        double half_diag;
    } last[NA_MAX_UNITS];
    s->u = u;
    s->n = 0;
    s->n_memo = 0;
    s->exact = 0;
    memset(s->memo_used, 0, sizeof s->memo_used);
    for (int o = 0; o < f->n_units; o++) {
        if (o == u)
            continue;
        int k = s->n++;
        s->index[k] = o;
        s->enemy[k] = f->units[o].side != f->units[u].side;
        corner_key key = key_of(&f->units[o]);
        if (!last[o].set || memcmp(&last[o].key, &key, sizeof key) != 0) {
            na_unit_corners(&f->units[o], last[o].corners);
            box_of(last[o].corners, 4, &last[o].lo, &last[o].hi);
            double w = na_unit_width_mm(&f->units[o]), d = na_unit_depth_mm(&f->units[o]);
            last[o].half_diag = 0.5 * sqrt(w * w + d * d);
            last[o].key = key, last[o].set = 1;
        }
        memcpy(s->corners[k], last[o].corners, sizeof s->corners[k]);
        s->lo[k] = last[o].lo, s->hi[k] = last[o].hi;
        s->centre[k] = f->units[o].centre, s->half_diag[k] = last[o].half_diag;
    }
}

/* RULE na.game.blocked
 * Does the convex hull of p[0..np) (a swept footprint; p is that hull
 * already when is_hull) stay on the table, clear of terrain and of the
 * scene's units list[0..nl) (slots of s)? Boxes first: the hull is made
 * only when some box meets the points' box (the hull's box: its vertices
 * are the extreme points). */
static na_refusal region_clear(const na_scene *s, const int *list, int nl, const na_env *env, const mu_vec2 *p,
                               int np, int is_hull)
{
    const na_table *t = env->table;
    mu_vec2 lo, hi, hb[MU_HULL_MAX_POINTS];
    if (s->exact && !is_hull) /* as first written: the hull, then its box */
        np = mu_hull(p, np, hb), p = hb, is_hull = 1;
    box_of(p, np, &lo, &hi);
    const double e = MU_GEOM_EPS_MM;
    if (lo.x < -e || lo.y < -e || hi.x > t->width_mm + e || hi.y > t->depth_mm + e)
        return NA_OFF_TABLE;
    const mu_vec2 *h = p;
    int nh = np;
    for (int k = 0; k < t->n_terrain; k++) {
        const na_terrain *tr = &t->terrain[k];
        if (tr->lo.x >= hi.x - e || tr->lo.y >= hi.y - e || tr->hi.x <= lo.x + e || tr->hi.y <= lo.y + e)
            continue;
        if (!is_hull)
            nh = mu_hull(p, np, hb), h = hb, is_hull = 1;
        if (na_terrain_overlaps(tr, h, nh))
            return NA_BLOCKED;
    }
    for (int i = 0; i < nl; i++) {
        int k = list[i];
        if (s->lo[k].x >= hi.x - e || s->lo[k].y >= hi.y - e || s->hi[k].x <= lo.x + e || s->hi[k].y <= lo.y + e)
            continue;
        if (!is_hull)
            nh = mu_hull(p, np, hb), h = hb, is_hull = 1;
        if (mu_convex_overlap(h, nh, s->corners[k], 4, MU_SAT_UNIT))
            return NA_BLOCKED;
    }
    return NA_OK;
}

na_refusal na_scene_region_clear(const na_scene *s, const int *list, int n, const na_env *env, const mu_vec2 *p,
                                  int np)
{
    int all[NA_MAX_UNITS];
    if (!list) {
        for (int k = 0; k < s->n; k++)
            all[k] = k;
        list = all, n = s->n;
    }
    return region_clear(s, list, n, env, p, np, 0);
}

/* A straight step of u along d for len mm: stops at the first enemy it
 * would touch (*stop set, *contact that enemy), else must be clear.
 * RULE na.game.contact */
static na_refusal straight(const na_scene *s, const na_env *env, na_unit *u, mu_vec2 d, double len, int *stop,
                           int *contact)
{
    mu_vec2 c[4];
    na_unit_corners(u, c);
    double t = len;
    mu_vec2 lo, hi, end[4], end_lo, end_hi;
    for (int i = 0; i < 4; i++)
        end[i] = mu_v2_add(c[i], mu_v2_scale(d, len));
    box_of(c, 4, &lo, &hi);
    /* (the end's box into variables of its own: written over end[0] and
     * end[1] it lost the end's second corner, and an enemy only that
     * corner's side of the box reached was never met: the step went on
     * and was refused as blocked instead of stopping at contact) */
    box_of(end, 4, &end_lo, &end_hi);
    lo = mu_v2(mu_lesser(lo.x, end_lo.x) - 1e-3, mu_lesser(lo.y, end_lo.y) - 1e-3);
    hi = mu_v2(mu_greater(hi.x, end_hi.x) + 1e-3, mu_greater(hi.y, end_hi.y) + 1e-3);
    for (int k = 0; k < s->n; k++) {
        if (!s->enemy[k] || s->lo[k].x > hi.x || s->lo[k].y > hi.y || s->hi[k].x < lo.x || s->hi[k].y < lo.y)
            continue;
        double hit = mu_sweep_contact(c, 4, d, s->corners[k], 4);
        if (hit < t)
            t = hit, *contact = s->index[k], *stop = 1;
    }
    if (*stop && t < 0)
        t = 0;
    /* the hull's points as mu_orect_sweep_hull makes them: region_clear
     * tests their box before it makes the hull */
    mu_vec2 h[8];
    mu_orect r = na_unit_rect(u);
    mu_vec2 delta = mu_v2_scale(d, t);
    mu_orect_corners(&r, h);
    for (int i = 0; i < 4; i++)
        h[4 + i] = mu_v2_add(h[i], delta);
    /* when it stops, the enemy it stops against touches the hull: the
     * others are tested */
    int list[NA_MAX_UNITS], nl = 0;
    for (int k = 0; k < s->n; k++)
        if (!*stop || s->index[k] != *contact)
            list[nl++] = k;
    na_refusal r2 = region_clear(s, list, nl, env, h, 8, 0);
    if (r2 != NA_OK)
        return r2;
    u->centre = mu_v2_add(u->centre, mu_v2_scale(d, t));
    return NA_OK;
}

/* A wheel (about its front corner) or a pivot (about the Centre) of u by
 * angle a, checked at poses at most env->rules->wheel_sample_rad apart:
 * the hull of each pair of consecutive footprints must be clear
 * (simplified: the arc between two poses bulges past that hull by at most
 * r (1 - cos(step / 2)), under 0.3 mm for a 30 cm unit at 5 degrees).
 * Broad phase: every such hull lies in the disc about the turn's centre
 * through the farthest corner, so units and terrain farther than that
 * disc are left out, and each pair's box is tested before its hull.
 * RULE na.wheel.outer-corner */
static na_refusal turn(const na_scene *s, const na_env *env, na_unit *u, double a, int pivot)
{
    mu_vec2 p = pivot ? u->centre : na_wheel_pivot(u, a);
    int k = (int)ceil(fabs(a) / env->rules->wheel_sample_rad);
    if (k < 1)
        k = 1;
    mu_vec2 pts[8];
    na_unit_corners(u, pts);
    double R = 0;
    for (int i = 0; i < 4; i++)
        R = mu_greater(R, mu_v2_dist(pts[i], p));
    mu_vec2 box[2] = {mu_v2(p.x - R, p.y - R), mu_v2(p.x + R, p.y + R)};
    /* the units whose boxes meet the disc's box (with none of them, no
     * terrain there and the box on the table, the turn is made whole) */
    int near[NA_MAX_UNITS], n_near = 0;
    for (int j = 0; j < s->n; j++)
        if (!(s->lo[j].x > box[1].x || s->lo[j].y > box[1].y || s->hi[j].x < box[0].x || s->hi[j].y < box[0].y))
            near[n_near++] = j;
    int on_table = box[0].x >= 0 && box[0].y >= 0 && box[1].x <= env->table->width_mm &&
                   box[1].y <= env->table->depth_mm;
    int clear = n_near == 0 && on_table, terrain_near = 0;
    for (int j = 0; j < env->table->n_terrain; j++) {
        const na_terrain *tr = &env->table->terrain[j];
        if (!(tr->lo.x > box[1].x || tr->lo.y > box[1].y || tr->hi.x < box[0].x || tr->hi.y < box[0].y))
            clear = 0, terrain_near = 1;
    }
    if (clear) {
        na_turn_about(u, p, a);
        return NA_OK;
    }
    /* exact broad phase: drop what lies beyond the disc (it cannot meet
     * any hull of poses within it) */
    const double margin = 1e-6;
    int m = 0;
    for (int j = 0; j < n_near; j++) {
        int q = near[j];
        /* the box's distance first: never more than the footprint's */
        double bx = mu_greater(mu_greater(s->lo[q].x - p.x, p.x - s->hi[q].x), 0);
        double by = mu_greater(mu_greater(s->lo[q].y - p.y, p.y - s->hi[q].y), 0);
        if (s->exact ||
            (bx * bx + by * by <= (R + margin) * (R + margin) && mu_point_poly_distance(p, s->corners[q], 4) <= R + margin))
            near[m++] = q;
    }
    n_near = m;
    if (s->exact)
        terrain_near *= 2;
    for (int j = 0; terrain_near == 1 && j < env->table->n_terrain; j++) {
        const na_terrain *tr = &env->table->terrain[j];
        if (mu_point_poly_distance(p, tr->v, tr->n) <= R + margin)
            terrain_near = 2;
    }
    na_unit start = *u;
    if (n_near == 0 && terrain_near < 2 && on_table) {
        na_turn_about(u, p, a * k / k); /* the pose the samples end in */
        return NA_OK;
    }
    na_env local = *env;
    na_table no_terrain;
    if (terrain_near < 2 && !s->exact) { /* no terrain within the disc: none to test */
        no_terrain.width_mm = env->table->width_mm, no_terrain.depth_mm = env->table->depth_mm;
        no_terrain.n_terrain = 0;
        local.table = &no_terrain;
    }
    for (int i = 1; i <= k; i++) {
        na_unit next = start;
        na_turn_about(&next, p, a * i / k);
        na_unit_corners(&next, pts + 4);
        na_refusal r = region_clear(s, near, n_near, &local, pts, 8, 0);
        if (r != NA_OK)
            return r;
        memcpy(pts, pts + 4, 4 * sizeof pts[0]);
        *u = next;
    }
    return NA_OK;
}

/* How much smaller the end footprint na_move_surely_refused tests is, on
 * every side (mm): far above the rounding between na_move_end's pose and
 * the path's, far below anything the rules measure. */
#define SURE_MARGIN_MM 0.01

/* Does a straight step from pose a to pose b pass near an enemy of s
 * (their boxes, with straight()'s slack and more)? */
static int straight_near_enemy(const na_scene *s, const na_unit *a, const na_unit *b)
{
    mu_vec2 c[8], lo, hi;
    na_unit_corners(a, c);
    na_unit_corners(b, c + 4);
    box_of(c, 8, &lo, &hi);
    const double slack = 1.0;
    for (int k = 0; k < s->n; k++)
        if (s->enemy[k] && !(s->lo[k].x > hi.x + slack || s->lo[k].y > hi.y + slack || s->hi[k].x < lo.x - slack ||
                             s->hi[k].y < lo.y - slack))
            return 1;
    return 0;
}

/* How deep p lies inside the convex polygon v[0..n) (either turning
 * way): the least distance to an edge's line, negative outside. A
 * footprint whose Centre lies deeper than its half-width-or-depth and
 * MU_GEOM_EPS_MM in it overlaps it on every axis by more than
 * MU_GEOM_EPS_MM (both hold a disc of that radius about p). */
static double depth_in_convex(mu_vec2 p, const mu_vec2 *v, int n)
{
    double area2 = 0;
    for (int i = 0; i < n; i++)
        area2 += mu_v2_cross(v[i], v[(i + 1) % n]);
    double turn = area2 >= 0 ? 1.0 : -1.0, depth = INFINITY;
    for (int i = 0; i < n; i++) {
        mu_vec2 e = mu_v2_sub(v[(i + 1) % n], v[i]);
        double len = mu_v2_len(e);
        if (len <= 0)
            continue;
        double d = turn * mu_v2_cross(e, mu_v2_sub(p, v[i])) / len;
        depth = d < depth ? d : depth;
    }
    return depth;
}

int na_move_surely_refused(const na_field *f, const na_env *env, const na_scene *s, int u, const na_move *m)
{
    const na_unit *un = &f->units[u];
    if (m->kind == NA_HOLD || m->kind == NA_REFORM || m->kind >= NA_MOVE_KINDS || m->n_steps == 0)
        return 0;
    /* no enemy near any straight step: no stop at contact, so the move
     * ends where na_move_end puts it or is refused on the way */
    na_unit at = *un;
    for (int i = 0; i < m->n_steps; i++) {
        na_unit next = na_move_end_steps(&at, m, i, i + 1);
        if (m->steps[i].kind < NA_STEP_WHEEL && straight_near_enemy(s, &at, &next))
            return 0;
        at = next;
    }
    /* the last step's swept region holds the end footprint: if a slightly
     * smaller one is off the table, in terrain or overlapping a unit, that
     * region is refused (or the path was before it) */
    double ha = na_unit_depth_mm(&at) / 2 - SURE_MARGIN_MM, hb = na_unit_width_mm(&at) / 2 - SURE_MARGIN_MM;
    mu_vec2 c[4] = {na_local_to_world(&at, ha, -hb), na_local_to_world(&at, ha, hb), na_local_to_world(&at, -ha, hb),
                    na_local_to_world(&at, -ha, -hb)};
    mu_vec2 lo, hi;
    box_of(c, 4, &lo, &hi);
    const na_table *t = env->table;
    const double e = MU_GEOM_EPS_MM;
    if (lo.x < -e || lo.y < -e || hi.x > t->width_mm + e || hi.y > t->depth_mm + e)
        return 1;
    /* deep: the Centre deeper in it than this (then no SAT needed) */
    double deep = mu_lesser(ha, hb) - SURE_MARGIN_MM;
    int deep_ok = deep > MU_GEOM_EPS_MM + SURE_MARGIN_MM;
    for (int k = 0; k < t->n_terrain; k++) {
        const na_terrain *tr = &t->terrain[k];
        if (tr->lo.x >= hi.x || tr->lo.y >= hi.y || tr->hi.x <= lo.x || tr->hi.y <= lo.y)
            continue;
        if (deep_ok && tr->convex && depth_in_convex(at.centre, tr->v, tr->n) > MU_GEOM_EPS_MM + SURE_MARGIN_MM)
            return 1;
        if (na_terrain_overlaps(tr, c, 4))
            return 1;
    }
    for (int k = 0; k < s->n; k++) {
        if (s->lo[k].x >= hi.x || s->lo[k].y >= hi.y || s->hi[k].x <= lo.x || s->hi[k].y <= lo.y)
            continue;
        if (deep_ok && depth_in_convex(at.centre, s->corners[k], 4) > MU_GEOM_EPS_MM + SURE_MARGIN_MM)
            return 1;
        if (mu_convex_overlap(c, 4, s->corners[k], 4, MU_SAT_UNIT))
            return 1;
    }
    return 0;
}

/* The cache slot of the first turn (kind, amount) in s: the one holding
 * it, or the empty one it would take; -1 when neither (the cache full). */
static int memo_slot(const na_scene *s, int kind, double amount)
{
    uint64_t bits;
    memcpy(&bits, &amount, sizeof bits);
    bits ^= (uint64_t)kind << 60;
    unsigned h = (unsigned)((bits * UINT64_C(0x9e3779b97f4a7c15)) >> 57) & (NA_SCENE_MEMO - 1);
    for (int probe = 0; probe < NA_SCENE_MEMO; probe++) {
        int k = (int)((h + (unsigned)probe) & (NA_SCENE_MEMO - 1));
        const na_turn_memo *m = &s->memo[k];
        if (!s->memo_used[k])
            return s->n_memo < NA_SCENE_MEMO * 3 / 4 ? k : -1;
        if (m->kind == kind && memcmp(&m->amount, &amount, sizeof amount) == 0)
            return k;
    }
    return -1;
}

/* The first turn of a move of s->u from where it stands (un): from the
 * cache or checked (and cached). */
static na_refusal first_turn(na_scene *s, const na_env *env, const na_unit *un, int kind, double amount,
                             na_unit *cur)
{
    int k = s->exact ? -1 : memo_slot(s, kind, amount);
    if (k >= 0 && s->memo_used[k]) {
        *cur = s->memo[k].end;
        return s->memo[k].r;
    }
    *cur = *un;
    na_refusal r = turn(s, env, cur, amount, kind == NA_STEP_PIVOT);
    if (k >= 0) {
        s->memo[k] = (na_turn_memo){(uint8_t)kind, amount, r, *cur};
        s->memo_used[k] = 1;
        s->n_memo++;
    }
    return r;
}

na_refusal na_scene_turn(const na_field *f, const na_env *env, na_scene *s, int kind, double amount, na_unit *end)
{
    return first_turn(s, env, &f->units[s->u], kind, amount, end);
}

/* Checks the steps of move m of unit un from where it stands along the
 * path (after the kind and distance checks); cur ends where it stops.
 * The scene remembers the first step's turn (the same from the same
 * start whatever follows). */
static na_refusal path(na_scene *s, const na_env *env, const na_unit *un, const na_move *m, na_unit *cur,
                       double *path_mm, int *contact, na_outcome *o)
{
    int stop = 0;
    double path = 0.0;
    *cur = *un;
    for (int i = 0; i < m->n_steps && !stop; i++) {
        const na_step *st = &m->steps[i];
        na_refusal r;
        if (st->kind == NA_STEP_WHEEL || st->kind == NA_STEP_PIVOT) {
            path += na_step_cost(cur, st);
            if (i == 0)
                r = first_turn(s, env, un, st->kind, st->amount, cur);
            else
                r = turn(s, env, cur, st->amount, st->kind == NA_STEP_PIVOT);
            o->wheels += st->kind == NA_STEP_WHEEL;
            o->pivots += st->kind == NA_STEP_PIVOT;
        } else {
            double len;
            mu_vec2 d = na_step_direction(cur, st, &len);
            mu_vec2 before = cur->centre;
            r = straight(s, env, cur, d, len, &stop, contact);
            path += mu_v2_dist(before, cur->centre);
        }
        if (r != NA_OK)
            return r;
    }
    *path_mm = path;
    return NA_OK;
}

/* RULE na.advance.forward na.advance.backward na.advance.sideways na.march.forward na.march.wheels
 * RULE na.advance.wheels na.wheel.end-only na.reform.centre na.single.pivot */
na_refusal na_move_check_in(const na_field *f, const na_env *env, na_scene *s, int u, const na_move *m,
                            na_outcome *o)
{
    const na_unit *un = &f->units[u];
    memset(o, 0, sizeof *o);
    o->end = *un;
    o->contact = -1;
    if (m->kind == NA_HOLD)
        return m->n_steps == 0 ? NA_OK : NA_WRONG_STEP;
    if (m->kind >= NA_MOVE_KINDS)
        return NA_WRONG_STEP;
    if (m->kind == NA_REFORM) {
        if (m->n_steps != 0)
            return NA_WRONG_STEP;
        if (!na_formation_legal(un, m->files))
            return NA_BAD_FORMATION;
        na_unit e = na_move_end(un, m, NULL);
        if (!na_reform_within(un, &e, na_move_model_limit_mm(un, NA_REFORM)))
            return NA_MODEL_TOO_FAR;
        int contact;
        na_place pl = na_place_check(f, env, u, &e, &contact);
        if (pl != NA_PLACE_OK)
            return pl == NA_PLACE_OFF_TABLE ? NA_OFF_TABLE : pl == NA_PLACE_SPACING ? NA_SPACING : NA_BLOCKED;
        o->end = e;
        o->contact = contact;
        o->farthest_mm = 0.0;
        return NA_OK;
    }
    /* the kind of move: its steps and its distance */
    double side_sign = 0.0, cost = 0.0;
    na_unit shape = *un;
    for (int i = 0; i < m->n_steps; i++) {
        na_refusal r = na_step_allowed(m->kind, &m->steps[i], na_unit_single(un), &side_sign);
        if (r != NA_OK)
            return r;
        cost += na_step_cost(&shape, &m->steps[i]);
        na_apply_step(&shape, &m->steps[i], -1);
    }
    if (cost > na_move_allowance_mm(un, m->kind) + NA_SLACK_MM)
        return NA_TOO_FAR;
    na_unit cur;
    int contact = -1;
    double path_mm = 0.0;
    na_refusal r = path(s, env, un, m, &cur, &path_mm, &contact, o);
    if (r != NA_OK)
        return r;
    double far = na_farthest_model_mm(un, &cur);
    if (far > na_move_model_limit_mm(un, m->kind) + NA_SLACK_MM)
        return NA_MODEL_TOO_FAR;
    int touching;
    na_place pl = na_place_check(f, env, u, &cur, &touching);
    if (pl != NA_PLACE_OK)
        return pl == NA_PLACE_OFF_TABLE ? NA_OFF_TABLE : pl == NA_PLACE_SPACING ? NA_SPACING : NA_BLOCKED;
    o->end = cur;
    o->path_mm = path_mm;
    o->farthest_mm = far;
    o->contact = contact >= 0 ? contact : touching;
    return NA_OK;
}

na_refusal na_move_check(const na_field *f, const na_env *env, int u, const na_move *m, na_outcome *o)
{
    static _Thread_local na_scene s;
    na_scene_build(f, u, &s);
    return na_move_check_in(f, env, &s, u, m, o);
}

na_refusal na_move_try_in(const na_field *f, const na_env *env, na_scene *s, int u, const na_move *m,
                          na_outcome *o)
{
    na_refusal r = na_move_allowed(f, u, m->kind);
    if (r != NA_OK) {
        memset(o, 0, sizeof *o);
        o->end = f->units[u];
        o->contact = -1;
        return r;
    }
    return na_move_check_in(f, env, s, u, m, o);
}

na_refusal na_move_try(const na_field *f, const na_env *env, int u, const na_move *m, na_outcome *o)
{
    static _Thread_local na_scene s;
    na_scene_build(f, u, &s);
    return na_move_try_in(f, env, &s, u, m, o);
}

/* RULE na.move.once na.march.no-shoot na.reform.no-shoot na.game.contact */
void na_move_commit(na_field *f, int u, const na_move *m, const na_outcome *o)
{
    na_unit *un = &f->units[u];
    uint8_t denied = un->march_denied;
    *un = o->end;
    un->moved = 1;
    un->march_denied = denied;
    if (m->kind == NA_MARCH)
        un->marched = 1;
    if (m->kind == NA_REFORM)
        un->reformed = 1;
    if (o->contact >= 0) {
        un->flags |= NA_ENGAGED;
        un->contact = (int8_t)o->contact;
        f->units[o->contact].flags |= NA_ENGAGED;
    }
}
