/* The Battlesystem field: units on the table, contact, the Game Round and
 * Movement Phase frame, Morale and Discipline Checks, and the straight
 * move every kind of movement is built from (battlesystem-movement-
 * phase.txt PROCEDURE, 7.3, 7.7, 7.8, 7.13). */
#include "battlesystem/bs_field.h"

#include "battlesystem/bs_march.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/bs_rout.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

const char *bs_refusal_name(bs_refusal r)
{
    static const char *const names[] = {
        "ok", "not your phase", "gone", "routing", "finished", "already started",
        "frozen", "in contact", "locked", "no turn in contact", "not in command",
        "bad formation", "too wide", "no movement", "no room", "cannot charge",
        "charge banned", "bad target", "not in contact", "attacked from rear",
        "no spare figures", "rate too low", "would contact", "not routed", "rally tried",
        "bad argument",
    };
    if ((unsigned)r >= sizeof names / sizeof names[0])
        return "?";
    return names[r];
}

void bs_field_init(bs_field *f)
{
    memset(f, 0, sizeof *f);
    f->phase_side = -1;
    f->initiative_side = 0;
}

int bs_field_add(bs_field *f, const bs_unit *u)
{
    if (f->n_units >= BS_MAX_UNITS)
        return -1;
    f->units[f->n_units] = *u;
    return f->n_units++;
}

static int valid(const bs_field *f, int u) { return u >= 0 && u < f->n_units; }

static int alive(const bs_field *f, int u) { return valid(f, u) && bs_unit_alive(&f->units[u]); }

double bs_distance_mm(const bs_field *f, int a, int b)
{
    mu_vec2 ca[4], cb[4];
    bs_unit_corners(&f->units[a], ca);
    bs_unit_corners(&f->units[b], cb);
    return mu_poly_vertex_edge_distance(ca, 4, cb, 4, NULL, NULL);
}

int bs_touching(const bs_field *f, int a, int b)
{
    if (a == b || !alive(f, a) || !alive(f, b))
        return 0;
    return bs_distance_mm(f, a, b) <= BS_EPS;
}

uint32_t bs_enemy_contacts(const bs_field *f, int u)
{
    uint32_t m = 0;
    for (int e = 0; e < f->n_units; e++)
        if (f->units[e].side != f->units[u].side && bs_touching(f, u, e))
            m |= 1u << e;
    return m;
}

int bs_contact_from_rear(const bs_field *f, int u, int e)
{
    if (!bs_touching(f, u, e))
        return 0;
    mu_vec2 c[4], ce[4];
    bs_unit_corners(&f->units[u], c);
    bs_unit_corners(&f->units[e], ce);
    /* the back edge (back-right to back-left) without its corners */
    mu_vec2 dir = mu_v2_unit(mu_v2_sub(c[3], c[2]));
    double shrink = 1e-3;
    mu_vec2 seg[2] = {mu_v2_add(c[2], mu_v2_scale(dir, shrink)),
                      mu_v2_sub(c[3], mu_v2_scale(dir, shrink))};
    return mu_poly_vertex_edge_distance(seg, 2, ce, 4, NULL, NULL) <= BS_EPS;
}

int bs_nearest_enemy(const bs_field *f, int u)
{
    int best = -1;
    double bd = INFINITY;
    for (int e = 0; e < f->n_units; e++) {
        if (!alive(f, e) || f->units[e].side == f->units[u].side)
            continue;
        double d = bs_distance_mm(f, u, e);
        if (d < bd) {
            bd = d;
            best = e;
        }
    }
    return best;
}

void bs_round_begin(bs_field *f, int initiative_side)
{
    f->round++;
    f->initiative_side = initiative_side;
    f->phase_side = -1;
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        u->morale_mod = 0;
        u->melee_ar_mod = 0;
        u->acted = 0;
        u->attacked = 0;
        u->locked = 0;
        u->frozen = 0;
        u->rally_tried = 0;
        u->no_charge = 0;
        u->ambushed_by = -1;
        u->charged = 0;
        u->charge_contact = -1;
    }
}

void bs_round_end(bs_field *f, const bs_env *env)
{
    (void)env;
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        if (!bs_unit_alive(u))
            continue;
        /* 7.11: "At the end of the melee, a unit that has used wrap-around
         * movement is automatically considered to be in open formation";
         * its bases keep their places. */
        if (u->wrapped) {
            if (u->kind == BS_REGULAR)
                u->formation = BS_OPEN;
            u->wrapped = 0;
            u->wrap_figures = 0;
            u->wrap_enemy = -1;
        }
        /* 7.13: one point back for a round of doing absolutely nothing and
         * not being attacked (a unit in contact fights: not idle) */
        if (!u->acted && !u->attacked && !u->routed && bs_enemy_contacts(f, i) == 0)
            bs_ar_recover(u);
    }
    f->phase_side = -1;
}

static void reset_phase_state(bs_unit *u)
{
    u->state = BS_IDLE;
    u->finished = 0;
    u->mode = BS_MODE_NORMAL;
    u->target = -1;
    u->contact_at_start = 0;
    u->contact_made = 0;
    u->used_mm = 0;
    u->run_mm = 0;
    u->run_dir = mu_v2(0, 0);
    u->fill_mm = 0;
    u->march = BS_MARCH_NONE;
    u->charge = BS_CHARGE_NONE;
}

void bs_phase_begin(bs_field *f, const bs_env *env, int side)
{
    f->phase_side = side;
    f->phase_serial++;
    for (int i = 0; i < f->n_units; i++)
        if (f->units[i].side == side)
            reset_phase_state(&f->units[i]);
    /* 7.15: "On the Movement Phase that follows, the routing unit moves its
     * full movement rate in the same direction it was moving." */
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        if (u->side == side && bs_unit_alive(u) && u->routed && u->routed_phase != f->phase_serial) {
            bs_rout_continue(f, env, i);
            u->state = BS_DONE;
            u->finished = 1;
        }
    }
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        if (u->side != side || !bs_unit_alive(u))
            continue;
        u->contact_at_start = bs_enemy_contacts(f, i);
        /* 7.3: an open unit moves a figure into each front gap, 1" each,
         * even in contact; if that exceeds its rate it cannot move further
         * this round (unless it routs) */
        if (u->formation == BS_OPEN && u->front_gaps > 0 && !u->routed) {
            u->fill_mm = u->front_gaps * bs_in(env->rules->gap_fill_in);
            u->used_mm = u->fill_mm;
            u->front_gaps = 0;
            u->acted = 1;
            if (u->fill_mm > bs_rate_mm(u) + BS_EPS)
                u->frozen = 1;
        }
    }
}

void bs_phase_end(bs_field *f, const bs_env *env)
{
    int side = f->phase_side;
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        if (u->side == side && bs_unit_alive(u) && !u->finished && u->state != BS_IDLE)
            bs_finish(f, env, i, NULL);
    }
    f->phase_side = -1;
}

void bs_mark_acted(bs_field *f, int u)
{
    assert(valid(f, u));
    f->units[u].acted = 1;
}

void bs_mark_attacked(bs_field *f, int u)
{
    assert(valid(f, u));
    f->units[u].attacked = 1;
}

bs_check_result bs_morale_check(bs_field *f, const bs_env *env, int u, int modifier,
                                      int has_cause, mu_vec2 cause_mm)
{
    assert(valid(f, u));
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

bs_check_result bs_discipline_check(bs_field *f, const bs_env *env, int u, int modifier)
{
    assert(valid(f, u));
    bs_check_result c =
        bs_check(&env->rules->discipline, bs_current_morale(&f->units[u]), modifier, env->dice);
    if (c.pass)
        BS_COUNT(env, discipline_passed);
    else
        BS_COUNT(env, discipline_failed);
    return c;
}

/* --- shared pieces of movement */

bs_hit bs_first_hit(const bs_field *f, const bs_env *env, int u, const mu_vec2 c[4],
                    mu_vec2 d, uint32_t ignore, int options)
{
    const bs_unit *un = &f->units[u];
    bs_hit h = {INFINITY, -1, -1, 0};
    for (int v = 0; v < f->n_units; v++) {
        if (v == u || !alive(f, v) || (ignore & (1u << v)))
            continue;
        const bs_unit *o = &f->units[v];
        if (o->side == un->side) {
            if (options & BS_SWEEP_NO_FRIENDS)
                continue;
            if ((options & BS_SWEEP_PASS_SKIRMISH) && o->formation == BS_SKIRMISH)
                continue;
        }
        mu_vec2 co[4];
        bs_unit_corners(o, co);
        double t = mu_sweep_contact(c, 4, d, co, 4);
        if (t < h.t) {
            h.t = t;
            h.unit = v;
            h.terrain = -1;
        }
    }
    if (env->table) {
        for (int i = 0; i < env->table->n_terrain; i++) {
            const bs_terrain *a = &env->table->terrain[i];
            if (a->kind != BS_TERRAIN_IMPASSABLE)
                continue;
            double t = mu_sweep_contact(c, 4, d, a->v, a->n);
            if (t < h.t) {
                h.t = t;
                h.unit = -1;
                h.terrain = i;
            }
        }
        if (!(options & BS_SWEEP_NO_EDGE)) {
            double t = bs_table_limit(env->table, c, 4, d);
            if (t < h.t) {
                h.t = t;
                h.unit = -1;
                h.terrain = -1;
                h.edge = 1;
            }
        }
    }
    return h;
}

int bs_blocked(const bs_field *f, const bs_env *env, int u, const mu_vec2 c[4], uint32_t ignore)
{
    for (int v = 0; v < f->n_units; v++) {
        if (v == u || !alive(f, v) || (ignore & (1u << v)))
            continue;
        mu_vec2 co[4];
        bs_unit_corners(&f->units[v], co);
        if (mu_poly_overlap(c, 4, co, 4))
            return 1;
    }
    if (env->table) {
        for (int i = 0; i < env->table->n_terrain; i++) {
            const bs_terrain *a = &env->table->terrain[i];
            if (a->kind == BS_TERRAIN_IMPASSABLE && mu_poly_overlap(c, 4, a->v, a->n))
                return 1;
        }
        if (!bs_on_table(env->table, c, 4))
            return 1;
    }
    return 0;
}

void bs_note_contact(bs_field *f, int u, int e)
{
    bs_unit *un = &f->units[u], *en = &f->units[e];
    un->contact_made = 1;
    en->attacked = 1;
    /* 7.8: "A unit that has lost init and had an enemy unit MOVE into
     * base-to-base contact with it cannot change formation, facing, or
     * frontage in its current Movement Phase." */
    if (en->side != f->initiative_side)
        en->locked = 1;
}

void bs_face_to(bs_unit *u, mu_vec2 facing)
{
    mu_vec2 centre = bs_unit_centre(u);
    u->facing = mu_v2_unit(facing);
    u->front = mu_v2_add(centre, mu_v2_scale(u->facing, bs_unit_depth_mm(u) / 2));
}

bs_refusal bs_can_act(const bs_field *f, int u)
{
    if (!valid(f, u))
        return BS_BAD_ARGUMENT;
    const bs_unit *un = &f->units[u];
    if (!bs_unit_alive(un))
        return BS_GONE;
    if (un->side != f->phase_side)
        return BS_NOT_YOUR_PHASE;
    if (un->routed)
        return BS_ROUTING;
    if (un->state == BS_DONE)
        return BS_FINISHED;
    if (un->frozen)
        return BS_FROZEN;
    return BS_OK;
}

void bs_extend_run(bs_unit *un, mu_vec2 d, double len)
{
    if (len <= 0)
        return;
    if (un->run_mm > 0 && mu_v2_dot(un->run_dir, d) > 1 - 1e-9)
        un->run_mm += len;
    else {
        un->run_mm = len;
        un->run_dir = d;
    }
}

bs_step bs_straight(bs_field *f, const bs_env *env, int u, mu_vec2 d, double len,
                       double budget_mm)
{
    bs_unit *un = &f->units[u];
    const bs_rules *r = env->rules;
    bs_step s = {0, 0, BS_STOP_DISTANCE, -1};
    int skirm = un->formation == BS_SKIRMISH;
    mu_vec2 c[4];
    bs_unit_corners(un, c);
    double reach = bs_path_reach(env->table, r, un->front, d, budget_mm - un->used_mm, len);
    bs_hit h = bs_first_hit(f, env, u, c, d, 0, skirm ? BS_SWEEP_PASS_SKIRMISH : 0);
    double t;
    if (h.t <= reach) {
        t = h.t;
        if (h.unit >= 0 && f->units[h.unit].side != un->side) {
            if (skirm) {
                /* 7.4: skirmishers never move into contact with enemies */
                t = fmax(0.0, t - r->skirmish_standoff_mm);
                s.stop = BS_STOP_STANDOFF;
            } else {
                s.stop = BS_STOP_ENEMY;
                s.contact = h.unit;
            }
        } else if (h.unit >= 0) {
            s.stop = BS_STOP_FRIEND;
            s.contact = h.unit;
        } else if (h.terrain >= 0) {
            s.stop = BS_STOP_TERRAIN;
        } else {
            s.stop = BS_STOP_EDGE;
        }
    } else {
        t = reach;
        s.stop = reach < len - BS_EPS ? BS_STOP_MOVEMENT : BS_STOP_DISTANCE;
    }
    if (skirm) {
        /* 7.4 pass-through: may not end on top of a friendly skirmisher */
        for (int v = 0; v < f->n_units; v++) {
            const bs_unit *o = &f->units[v];
            if (v == u || !alive(f, v) || o->side != un->side || o->formation != BS_SKIRMISH)
                continue;
            mu_vec2 co[4], moved[4];
            bs_unit_corners(o, co);
            for (int k = 0; k < 4; k++)
                moved[k] = mu_v2_add(c[k], mu_v2_scale(d, t));
            if (mu_poly_overlap(moved, 4, co, 4)) {
                double tin = mu_sweep_contact(c, 4, d, co, 4);
                if (tin < t) {
                    t = tin;
                    s.stop = BS_STOP_FRIEND;
                    s.contact = v;
                }
            }
        }
    }
    s.moved_mm = t;
    s.cost_mm = bs_path_cost(env->table, r, un->front, d, t);
    un->front = mu_v2_add(un->front, mu_v2_scale(d, t));
    un->used_mm += s.cost_mm;
    bs_extend_run(un, d, t);
    if (t > 0)
        un->acted = 1;
    if (s.stop == BS_STOP_ENEMY)
        bs_note_contact(f, u, s.contact);
    return s;
}
