/* Routing: the Morale Check whose failure routs, the rout move, rout
 * chains, leaving the table, surrounded units, Capture, and rally attempts
 * (battlesystem-movement-phase.txt 7.15 and Q&A 127.14). */
#include "battlesystem/bs_rout.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>

/* Rout chains deeper than this stop (a table holds 32 units). */
#define MAX_CHAIN 32

static void rout_begin(bs_field *f, const bs_env *env, int u, mu_vec2 dir, mu_vec2 away,
                       double dist, int depth, bs_rout_result *res);

/* The heading of a rout: away from the cause, toward the entry point when
 * that is still away from it (reading of "routs toward its own lines if
 * possible"; Q&A 127.14 "toward the point at which they entered"). */
/* RULE bs.rout.direction bs.rout.common-sense */
static mu_vec2 rout_heading(const bs_field *f, const bs_env *env, int u, int has_cause,
                            mu_vec2 cause, mu_vec2 *away_out)
{
    const bs_unit *un = &f->units[u];
    mu_vec2 centre = bs_unit_centre(un);
    if (!has_cause) {
        int e = bs_nearest_enemy(f, u);
        if (e >= 0) {
            cause = bs_unit_centre(&f->units[e]);
            has_cause = 1;
        }
    }
    mu_vec2 home = mu_v2_sub(un->entry, centre);
    mu_vec2 away = has_cause ? mu_v2_sub(centre, cause) : home;
    if (mu_v2_len(away) < BS_EPS)
        away = mu_v2_scale(un->facing, -1);
    away = mu_v2_unit(away);
    *away_out = away;
    if (env->rules->rout_heading == BS_ROUT_HOME_IF_AWAY && mu_v2_len(home) > BS_EPS) {
        mu_vec2 h = mu_v2_unit(home);
        if (mu_v2_dot(h, away) >= cos(bs_deg(env->rules->rout_home_max_deg)) - 1e-12)
            return h;
    }
    return away;
}

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
                    rout_begin(f, env, v, move, away,
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

/* Moves routed unit u up to dist along dir through the obstacles of 7.15,
 * settles it clear of anything it passed through, and turns it to face
 * dir (its back to the enemy). */
/* RULE bs.rout.first-move bs.rout.no-facing-terrain-cost */
static void rout_move(bs_field *f, const bs_env *env, int u, mu_vec2 dir, mu_vec2 away,
                      double dist, int depth, bs_rout_result *res)
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

/* RULE bs.formation.involuntary-open bs.rout.after-wrap */
static void rout_begin(bs_field *f, const bs_env *env, int u, mu_vec2 dir, mu_vec2 away,
                       double dist, int depth, bs_rout_result *res)
{
    bs_unit *un = &f->units[u];
    /* "Place a Rout marker on any unit that routs." A routed regular unit
     * goes to open formation, free (7.6). */
    un->routed = 1;
    un->routed_phase = f->phase_serial;
    if (un->kind == BS_REGULAR)
        un->formation = BS_OPEN;
    un->state = BS_DONE;
    un->finished = 1;
    un->wrapped = 0;
    un->wrap_figures = 0;
    un->wrap_enemy = -1;
    un->wrap_held_left = un->wrap_held_right = 0;
    res->routed = 1;
    BS_COUNT(env, routs);
    rout_move(f, env, u, dir, away, dist, depth, res);
}

/* RULE bs.rout.morale-failure bs.rout.capture */
bs_rout_result bs_rout_start(bs_field *f, const bs_env *env, int u, int has_cause,
                                   mu_vec2 cause_mm, int capture_guards)
{
    assert(u >= 0 && u < f->n_units);
    bs_rout_result res = {0};
    bs_unit *un = &f->units[u];
    if (!bs_unit_alive(un) || un->routed) {
        res.routed = un->routed && bs_unit_alive(un);
        return res;
    }
    if (bs_surrounded(f, env, u)) {
        res.surrounded = 1;
        const bs_rules *r = env->rules;
        if (r->capture_enabled && capture_guards >= 0) {
            /* OPTIONAL RULE: one guard per four captured figures; the rest
             * escape and are treated as routed */
            int per = r->capture_figures_per_guard > 0 ? r->capture_figures_per_guard : 1;
            int cap = capture_guards * per < un->figures ? capture_guards * per : un->figures;
            res.captured = cap;
            res.guards = (cap + per - 1) / per;
            if (env->tally)
                env->tally->figures_captured += (uint32_t)cap;
            un->figures -= cap;
            if (un->figures == 0) {
                un->status = BS_CAPTURED;
                BS_COUNT(env, units_captured);
                return res;
            }
            if (un->frontage > un->figures)
                un->frontage = un->figures;
            while (un->ranks > 1 && (un->ranks - 1) * un->frontage >= un->figures)
                un->ranks--;
            un->routed = 1;
            un->routed_phase = f->phase_serial;
            if (un->kind == BS_REGULAR)
                un->formation = BS_OPEN;
            un->state = BS_DONE;
            un->finished = 1;
            res.routed = 1;
            BS_COUNT(env, routs);
            return res;
        }
        /* "the routing unit is automatically destroyed and removed" */
        un->status = BS_DESTROYED;
        res.destroyed = 1;
        BS_COUNT(env, units_destroyed);
        return res;
    }
    mu_vec2 away;
    mu_vec2 dir = rout_heading(f, env, u, has_cause, cause_mm, &away);
    /* "moves away from the enemy a total of its movement rate plus an
     * additional 1/3 of its movement rate" */
    rout_begin(f, env, u, dir, away, bs_rate_mm(un) * (1 + env->rules->rout_extra_frac), 0, &res);
    return res;
}

/* RULE bs.rout.continues */
bs_rout_result bs_rout_continue(bs_field *f, const bs_env *env, int u)
{
    assert(u >= 0 && u < f->n_units);
    bs_rout_result res = {0};
    bs_unit *un = &f->units[u];
    if (!bs_unit_alive(un) || !un->routed)
        return res;
    res.routed = 1;
    mu_vec2 dir = un->rout_dir;
    if (mu_v2_len(dir) < 0.5)
        dir = un->facing;
    /* Q&A 127.14: "a unit continues to rout until it rallys or leaves the
     * board" */
    rout_move(f, env, u, dir, dir, bs_rate_mm(un), 0, &res);
    return res;
}

/* RULE bs.rout.morale-failure */
bs_check_result bs_morale_check(bs_field *f, const bs_env *env, int u, int modifier,
                                      int has_cause, mu_vec2 cause_mm)
{
    assert(bs_index_valid(f, u));
    bs_unit *un = &f->units[u];
    bs_check_result c = {0};
    if (un->never_checks_morale) {
        c.pass = 1;
        return c;
    }
    c = bs_check(&env->rules->morale, bs_current_morale(un), modifier, env->dice);
    if (c.pass) {
        BS_COUNT(env, morale_passed);
    } else {
        BS_COUNT(env, morale_failed);
        if (bs_unit_alive(un) && !un->routed &&
            (un->formation == BS_OPEN || un->formation == BS_SKIRMISH))
            bs_rout_start(f, env, u, has_cause, cause_mm, -1);
    }
    return c;
}

/* --- surrounded (7.15) */

#define MAX_OBST (BS_MAX_UNITS + BS_MAX_TERRAIN)
#define MAX_BRIDGES 256 /* pairs of obstacles closer than the gap */
#define TWO_PI (2 * BS_PI)

typedef struct obstacle {
    int n;
    mu_vec2 v[BS_MAX_POLY];
} obstacle;

typedef struct arc {
    double lo, hi; /* radians, hi - lo < 2 pi */
} arc;

static int find_root(int *parent, int i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* The angular extent of polygon o seen from c, unwrapped along its
 * boundary. Returns 0 if it contains c. */
static int polygon_arc(const obstacle *o, mu_vec2 c, arc *out)
{
    mu_polygon poly = {o->n, o->v};
    if (mu_point_in_polygon(&poly, c))
        return 0;
    double prev = atan2(o->v[0].y - c.y, o->v[0].x - c.x);
    double a = prev, lo = prev, hi = prev;
    for (int i = 1; i <= o->n; i++) {
        mu_vec2 p = o->v[i % o->n];
        double b = atan2(p.y - c.y, p.x - c.x);
        double db = b - prev;
        while (db > BS_PI)
            db -= TWO_PI;
        while (db < -BS_PI)
            db += TWO_PI;
        a += db;
        prev = b;
        lo = fmin(lo, a);
        hi = fmax(hi, a);
    }
    out->lo = lo;
    out->hi = hi;
    return 1;
}

static int cover_full_circle(arc *arcs, int n)
{
    /* normalise into [0, 2 pi), splitting arcs that wrap */
    arc parts[2 * (MAX_OBST + MAX_BRIDGES)];
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (arcs[i].hi - arcs[i].lo >= TWO_PI - 1e-12)
            return 1;
        double lo = fmod(arcs[i].lo, TWO_PI);
        if (lo < 0)
            lo += TWO_PI;
        double hi = lo + (arcs[i].hi - arcs[i].lo);
        if (hi > TWO_PI) {
            parts[m++] = (arc){lo, TWO_PI};
            parts[m++] = (arc){0, hi - TWO_PI};
        } else {
            parts[m++] = (arc){lo, hi};
        }
    }
    for (int i = 1; i < m; i++) {
        arc x = parts[i];
        int j = i - 1;
        while (j >= 0 && parts[j].lo > x.lo) {
            parts[j + 1] = parts[j];
            j--;
        }
        parts[j + 1] = x;
    }
    double reach = 0;
    for (int i = 0; i < m; i++) {
        if (parts[i].lo > reach + 1e-9)
            return 0;
        reach = fmax(reach, parts[i].hi);
    }
    return reach >= TWO_PI - 1e-9;
}

/* RULE bs.rout.surrounded */
int bs_surrounded(const bs_field *f, const bs_env *env, int u)
{
    const bs_unit *un = &f->units[u];
    obstacle obs[MAX_OBST];
    int n = 0;
    /* "completely blocked by an enemy unit in closed or open formation"
     * (and impassable terrain) */
    for (int e = 0; e < f->n_units; e++) {
        const bs_unit *o = &f->units[e];
        if (!bs_unit_alive(o) || o->side == un->side ||
            (o->formation != BS_CLOSED && o->formation != BS_OPEN))
            continue;
        obs[n].n = 4;
        bs_unit_corners(o, obs[n].v);
        n++;
    }
    if (env->table)
        for (int i = 0; i < env->table->n_terrain; i++) {
            const bs_terrain *a = &env->table->terrain[i];
            if (a->kind != BS_TERRAIN_IMPASSABLE)
                continue;
            obs[n].n = a->n;
            for (int k = 0; k < a->n; k++)
                obs[n].v[k] = a->v[k];
            n++;
        }
    if (n == 0)
        return 0;
    mu_vec2 c = bs_unit_centre(un);
    double gap = bs_in(env->rules->surround_gap_in);
    int parent[MAX_OBST];
    arc own[MAX_OBST];
    int has_arc[MAX_OBST];
    for (int i = 0; i < n; i++) {
        parent[i] = i;
        has_arc[i] = polygon_arc(&obs[i], c, &own[i]);
    }
    /* bridges: obstacles closer than the gap a figure needs */
    arc bridges[MAX_BRIDGES];
    int bi[MAX_BRIDGES], nb = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            mu_vec2 pa, pb;
            double d = mu_poly_vertex_edge_distance(obs[i].v, obs[i].n, obs[j].v, obs[j].n, &pa, &pb);
            if (d >= gap - BS_EPS)
                continue;
            parent[find_root(parent, i)] = find_root(parent, j);
            double a = atan2(pa.y - c.y, pa.x - c.x), b = atan2(pb.y - c.y, pb.x - c.x);
            double db = b - a;
            while (db > BS_PI)
                db -= TWO_PI;
            while (db < -BS_PI)
                db += TWO_PI;
            if (nb < MAX_BRIDGES) {
                bridges[nb] = db >= 0 ? (arc){a, a + db} : (arc){a + db, a};
                bi[nb++] = i;
            }
        }
    arc arcs[MAX_OBST + MAX_BRIDGES];
    for (int root = 0; root < n; root++) {
        if (find_root(parent, root) != root)
            continue;
        int m = 0;
        for (int i = 0; i < n; i++)
            if (find_root(parent, i) == root && has_arc[i])
                arcs[m++] = own[i];
        for (int k = 0; k < nb; k++)
            if (find_root(parent, bi[k]) == root)
                arcs[m++] = bridges[k];
        if (m > 0 && cover_full_circle(arcs, m))
            return 1;
    }
    return 0;
}

/* RULE bs.rout.rally bs.rout.one-rally-attempt */
bs_refusal bs_rally(bs_field *f, const bs_env *env, int u, int modifier,
                          bs_check_result *chk)
{
    bs_check_result none = {0};
    if (chk)
        *chk = none;
    if (u < 0 || u >= f->n_units)
        return BS_BAD_ARGUMENT;
    bs_unit *un = &f->units[u];
    if (!bs_unit_alive(un))
        return BS_GONE;
    if (!un->routed)
        return BS_NOT_ROUTED;
    /* Q&A 127.14: "There may be only one attempt to rally a unit per rally
     * phase, the number of commanders present notwithstanding." */
    if (un->rally_tried)
        return BS_RALLY_TRIED;
    un->rally_tried = 1;
    BS_COUNT(env, rally_attempts);
    bs_check_result c = bs_check(&env->rules->rally, bs_current_morale(un), modifier, env->dice);
    if (c.pass) {
        BS_COUNT(env, rally_successes);
        un->routed = 0;
    }
    if (chk)
        *chk = c;
    return BS_OK;
}
