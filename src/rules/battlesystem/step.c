/* The straight move every kind of Battlesystem movement is built from,
 * and the pieces every move shares (battlesystem-movement-phase.txt 7.4,
 * 7.7-7.9): what a moving footprint meets first, whether a footprint
 * fits, contact (7.8), turning in place, the checks common to every
 * action and the direction of a straight or oblique move. Declared in
 * bs_internal.h. The bottom of the engine: it calls no move, rout or
 * round, only the unit, the geometry and the field's types. */
#include "bs_internal.h"

#include <math.h>

bs_hit bs_first_hit(const bs_field *f, const bs_env *env, int u, const mu_vec2 c[4],
                    mu_vec2 d, uint32_t ignore, int options)
{
    const bs_unit *un = &f->units[u];
    bs_hit h = {INFINITY, -1, -1, 0};
    for (int v = 0; v < f->n_units; v++) {
        if (v == u || !bs_index_alive(f, v) || (ignore & (1u << v)))
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
        if (v == u || !bs_index_alive(f, v) || (ignore & (1u << v)))
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

/* RULE bs.move.contacted-locked */
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

/* RULE bs.formation.open-losses-freeze bs.move.budget-invariants bs.wrap.own-phase */
bs_refusal bs_can_act(const bs_field *f, int u)
{
    if (!bs_index_valid(f, u))
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

/* RULE bs.formation.skirmish-pass-through bs.formation.skirmish-no-contact bs.move.contact-stops
 * RULE bs.move.others-continue */
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
            if (v == u || !bs_index_alive(f, v) || o->side != un->side || o->formation != BS_SKIRMISH)
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

/* RULE bs.move.no-direction-change bs.move.skirmish-turns-free bs.move.oblique-45
 * RULE bs.move.mob-oblique */
bs_refusal bs_check_direction(const bs_unit *un, const bs_rules *r, double angle_rad)
{
    double a = fabs(angle_rad);
    if (!isfinite(angle_rad))
        return BS_BAD_ARGUMENT;
    /* 7.8, Q&A 127.66: "The figures can only move straight ahead." */
    if (un->contact_made && a > 1e-12)
        return BS_NO_TURN_IN_CONTACT;
    switch (un->formation) {
    case BS_CLOSED:
    case BS_OPEN:
        if (a > bs_deg(r->oblique_max_deg) + 1e-12)
            return BS_TOO_WIDE;
        break;
    case BS_MOB_FORMATION:
        /* reading: 7.9 gives the 45-degree freedom to closed and open
         * formation only; a mob changes direction by wheeling */
        if (a > 1e-12)
            return BS_TOO_WIDE;
        break;
    default:
        break; /* skirmishers change direction at will */
    }
    return BS_OK;
}
