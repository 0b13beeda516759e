/* The rout move (battlesystem-movement-phase.txt 7.15 and Q&A 127.14):
 * a routed unit's walk away from the enemy, with the heading clear of
 * enemies and impassable terrain, rout chains through friends that fail
 * their check, breaking around steady ones, sliding along impassable
 * terrain, leaving the table, and settling clear of anything it passed
 * through (bs_rout_move in bs_internal.h). */
#include "battlesystem/bs_rout.h"

#include "bs_internal.h"

#include <math.h>

/* Rout chains deeper than this stop (a table holds 32 units). */
#define MAX_CHAIN 32

/* Units u's footprint overlaps now (to be left behind, not collided). */
static uint32_t overlapping_now(const bs_field *f, int u)
{
    uint32_t m = 0;
    mu_vec2 c[4];
    bs_unit_corners(&f->units[u], c);
    for (int v = 0; v < f->n_units; v++) {
        if (v == u || !bs_unit_alive(&f->units[v]))
            continue;
        mu_vec2 co[4];
        bs_unit_corners(&f->units[v], co);
        if (mu_poly_overlap(c, 4, co, 4))
            m |= 1u << v;
    }
    return m;
}

/* A heading within 90 degrees of dir along which u can go dist without
 * meeting an enemy or impassable terrain (Q&A 127.14: "avoiding obstacles
 * and enemy units along the way"), nearest to dir first; dir if none. */
/* RULE bs.rout.least-resistance bs.rout.common-sense */
static mu_vec2 clear_heading(const bs_field *f, const bs_env *env, int u, mu_vec2 dir,
                             double dist, uint32_t ignore)
{
    mu_vec2 c[4];
    bs_unit_corners(&f->units[u], c);
    double step = env->rules->rout_heading_step_deg > 0 ? env->rules->rout_heading_step_deg : 90;
    int n = (int)floor(90.0 / step + 1e-9);
    for (int k = 0; k <= n; k++) {
        for (int sgn = 1; sgn >= -1; sgn -= 2) {
            if (k == 0 && sgn < 0)
                continue;
            mu_vec2 h = mu_v2_rotate(dir, sgn * bs_deg(k * step));
            bs_hit hit = bs_first_hit(f, env, u, c, h, ignore, BS_SWEEP_NO_FRIENDS | BS_SWEEP_NO_EDGE);
            double out = env->table ? bs_table_limit(env->table, c, 4, h) : INFINITY;
            if (hit.t >= dist - BS_EPS || hit.t >= out)
                return h;
        }
    }
    return dir;
}

/* The edge of impassable area a that footprint c touches most squarely
 * when moving along h, as a unit vector along the edge; *end_a, *end_b its
 * ends. */
static mu_vec2 touched_edge(const bs_terrain *a, const mu_vec2 c[4], mu_vec2 h, mu_vec2 *end_a,
                            mu_vec2 *end_b)
{
    double best = -1;
    mu_vec2 e = mu_v2(0, 0);
    for (int j = 0; j < a->n; j++) {
        mu_vec2 p = a->v[j], q = a->v[(j + 1) % a->n];
        mu_vec2 seg[2] = {p, q};
        if (mu_poly_vertex_edge_distance(seg, 2, c, 4, NULL, NULL) > 1e-4)
            continue;
        mu_vec2 dir = mu_v2_unit(mu_v2_sub(q, p));
        double square = fabs(mu_v2_cross(h, dir));
        if (square > best) {
            best = square;
            e = dir;
            *end_a = p;
            *end_b = q;
        }
    }
    return e;
}

/* The straight pieces of a rout move, to back up along (a walk makes at
 * most 64 steps). */
#define MAX_PIECES 72
typedef struct rout_path {
    int n;
    mu_vec2 from[MAX_PIECES];
    mu_vec2 dir[MAX_PIECES];
    double len[MAX_PIECES];
} rout_path;

static void go(bs_unit *un, rout_path *p, mu_vec2 d, double t, bs_rout_result *res)
{
    if (t <= 0)
        return;
    if (p->n < MAX_PIECES) {
        p->from[p->n] = un->front;
        p->dir[p->n] = d;
        p->len[p->n] = t;
        p->n++;
    }
    un->front = mu_v2_add(un->front, mu_v2_scale(d, t));
    res->moved_mm += t;
}

/* Whether u's footprint overlaps another unit or impassable terrain. */
static int overlaps_anything(const bs_field *f, const bs_env *env, int u)
{
    mu_vec2 c[4];
    bs_unit_corners(&f->units[u], c);
    bs_table none = {0};
    bs_env e = *env;
    if (!e.table)
        e.table = &none;
    /* bs_blocked also checks the table: a router may not leave it here */
    return bs_blocked(f, &e, u, c, 0);
}

/* A router may pass through friends (breaking around them) but may not end
 * its move on top of anything: if it does (stopped by something else while
 * passing), it backs up along its path to where it first touched something
 * after the last clear position. */
/* RULE bs.rout.break-around */
static void settle(bs_field *f, const bs_env *env, int u, rout_path *p, bs_rout_result *res)
{
    bs_unit *un = &f->units[u];
    if (!overlaps_anything(f, env, u))
        return;
    mu_vec2 end = un->front;
    for (int k = p->n - 1; k >= 0; k--) {
        un->front = p->from[k];
        if (overlaps_anything(f, env, u))
            continue;
        mu_vec2 c[4];
        bs_unit_corners(un, c);
        bs_hit h = bs_first_hit(f, env, u, c, p->dir[k], 0, BS_SWEEP_NO_EDGE);
        double t = fmin(h.t, p->len[k]);
        un->front = mu_v2_add(un->front, mu_v2_scale(p->dir[k], t));
        double cut = p->len[k] - t;
        for (int j = k + 1; j < p->n; j++)
            cut += p->len[j];
        res->moved_mm -= cut;
        return;
    }
    un->front = end; /* it began the move overlapping: nowhere clear to stop */
}

/* Walks routed unit u (footprint as it stands) up to dist along dir
 * through the obstacles of 7.15, recording its path; away is
 * directly away from the cause (which way to run along impassable
 * terrain). */
/* RULE bs.rout.chain bs.rout.break-around bs.rout.pass-skirmishers bs.rout.off-table
 * RULE bs.rout.through-gap bs.rout.along-terrain bs.rout.common-sense */
static void rout_walk(bs_field *f, const bs_env *env, int u, mu_vec2 dir, mu_vec2 away,
                      double dist, int depth, bs_rout_result *res, rout_path *path)
{
    bs_unit *un = &f->units[u];
    uint32_t ignore = overlapping_now(f, u);
    mu_vec2 heading = clear_heading(f, env, u, dir, dist, ignore);
    un->rout_dir = heading;
    un->acted = 1;
    double left = dist;
    mu_vec2 move = heading;
    double slide_left = 0;
    for (int it = 0; it < 64 && left > BS_EPS; it++) {
        mu_vec2 c[4];
        bs_unit_corners(un, c);
        double lim = slide_left > 0 ? fmin(left, slide_left) : left;
        bs_hit h = bs_first_hit(f, env, u, c, move, ignore, BS_SWEEP_NO_EDGE);
        double out = env->table ? bs_table_limit(env->table, c, 4, move) : INFINITY;
        /* "If a routing unit moves off the edge of the table ... it is
         * removed from play." (reading: as soon as any part of it would
         * cross the edge) */
        if (out <= lim && out <= h.t) {
            go(un, path, move, out, res);
            un->status = BS_REMOVED;
            res->removed = 1;
            BS_COUNT(env, units_removed);
            return;
        }
        if (h.t > lim) {
            go(un, path, move, lim, res);
            left -= lim;
            if (slide_left > 0) {
                slide_left -= lim;
                if (slide_left <= BS_EPS) {
                    slide_left = 0;
                    move = heading; /* past the obstacle: back on the heading */
                }
            }
            continue;
        }
        go(un, path, move, h.t, res);
        left -= h.t;
        if (slide_left > 0)
            slide_left = fmax(0.0, slide_left - h.t);
        if (h.unit >= 0) {
            int v = h.unit;
            bs_unit *o = &f->units[v];
            if (o->side != un->side)
                return; /* an enemy it cannot avoid stops it */
            if (!o->routed) {
                /* "the unit that has not routed must make an immed. Morale
                 * Check. If that unit routs, it moves ahead of the friendly
                 * unit that forced the Morale Check." (skirmishers too) */
                bs_check_result chk = {0};
                chk.pass = 1;
                if (!o->never_checks_morale) {
                    chk = bs_check(&env->rules->morale, bs_current_morale(o), 0, env->dice);
                    if (chk.pass)
                        BS_COUNT(env, morale_passed);
                    else
                        BS_COUNT(env, morale_failed);
                }
                if (!chk.pass && (o->formation == BS_OPEN || o->formation == BS_SKIRMISH) &&
                    depth < MAX_CHAIN) {
                    bs_rout_result sub = {0};
                    BS_COUNT(env, rout_chain);
                    bs_rout_begin(f, env, v, move, away,
                               bs_rate_mm(o) * (1 + env->rules->rout_extra_frac), depth + 1, &sub);
                    res->chain += 1 + sub.chain;
                    res->broken_around += sub.broken_around;
                    continue; /* it ran ahead: carry on */
                }
            }
            /* steady (or already routed, or a skirmisher passed through):
             * "breaks around" it, "reforms on the other side, and continues" */
            mu_vec2 cv[4];
            bs_unit_corners(un, c);
            bs_unit_corners(o, cv);
            double t_out = mu_sweep_exit(c, 4, move, cv, 4, 0);
            if (t_out > left + BS_EPS)
                return; /* cannot get round within its move: stops short */
            ignore |= 1u << v;
            res->broken_around++;
            BS_COUNT(env, broken_around);
            continue;
        }
        if (h.terrain >= 0) {
            /* Q&A 127.14: "it moves along the edge of the feature in the
             * direction that takes it away from the enemy" */
            mu_vec2 ea = mu_v2(0, 0), eb = mu_v2(0, 0);
            bs_unit_corners(un, c);
            mu_vec2 e = touched_edge(&env->table->terrain[h.terrain], c, move, &ea, &eb);
            if (e.x == 0 && e.y == 0)
                return;
            double de = mu_v2_dot(e, away);
            if (fabs(de) < 1e-9)
                de = mu_v2_dot(e, dir);
            mu_vec2 s = de >= 0 ? e : mu_v2_scale(e, -1);
            mu_vec2 end = mu_v2_dot(eb, s) > mu_v2_dot(ea, s) ? eb : ea;
            double lo = INFINITY;
            for (int k = 0; k < 4; k++)
                lo = fmin(lo, mu_v2_dot(c[k], s));
            slide_left = mu_v2_dot(end, s) - lo + BS_EPS;
            if (slide_left <= BS_EPS || mu_v2_dot(s, move) > 1 - 1e-9)
                return; /* nowhere to slide */
            move = s;
            continue;
        }
        return;
    }
}

/* RULE bs.rout.first-move bs.rout.no-facing-terrain-cost */
void bs_rout_move(bs_field *f, const bs_env *env, int u, mu_vec2 dir, mu_vec2 away, double dist, int depth,
                  bs_rout_result *res)
{
    rout_path path = {0};
    rout_walk(f, env, u, dir, away, dist, depth, res, &path);
    if (!bs_unit_alive(&f->units[u]))
        return;
    settle(f, env, u, &path, res);
    /* "ends its move with its back to the enemy"; no cost (Q&A 127.14).
     * It turns about its centre where it stands, if it has room to. */
    bs_unit trial = f->units[u];
    bs_face_to(&trial, dir);
    mu_vec2 c[4];
    bs_unit_corners(&trial, c);
    if (!bs_blocked(f, env, u, c, 0))
        f->units[u] = trial;
}
