/* Moving a unit in its Movement Phase: declaring the mode, formation,
 * facing and frontage changes, wheels, straight and oblique moves, and
 * finishing (battlesystem-movement-phase.txt 7.6-7.10, 7.13, 7.14). */
#include "battlesystem/bs_move.h"

#include "battlesystem/bs_charge.h"
#include "battlesystem/bs_march.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>

/* Checks for the manoeuvres a unit that lost initiative and was contacted
 * may not make (formation, facing, frontage: 7.8), and that a unit that
 * began in contact may not make (anything but wrap-around, fighting
 * withdrawal or flee: 7.8). */
/* RULE bs.move.contact-at-start bs.move.contacted-locked bs.move.later-phases */
static bs_refusal can_manoeuvre(const bs_field *f, int u, int lock_applies)
{
    bs_refusal r = bs_can_act(f, u);
    if (r != BS_OK)
        return r;
    const bs_unit *un = &f->units[u];
    if (lock_applies && un->locked)
        return BS_LOCKED;
    if (un->contact_at_start)
        return BS_IN_CONTACT;
    return BS_OK;
}

static void ensure_started(bs_unit *un)
{
    if (un->state == BS_IDLE) {
        un->state = BS_MOVING;
        un->mode = BS_MODE_NORMAL;
    }
}

/* Books a manoeuvre in place (formation, facing, turn): cost mm of the
 * unit's movement, a break in any straight run, and the unit has acted. */
/* RULE bs.move.budget-invariants */
static void spend(bs_unit *un, double cost)
{
    ensure_started(un);
    un->used_mm += cost;
    un->run_mm = 0;
    un->acted = 1;
}

/* The movement unit un may spend in its phase outside a charge's run into
 * contact: its mode's budget, except that a declared charge has only its
 * normal rate (Q&A 127.67: a charge that does not reach moves "as close ...
 * as its normal movement allowance will take it"); the run into contact
 * may use the charge range (bs_charge_run). */
/* RULE bs.move.declared-charge-commits bs.move.budget-invariants */
static double budget(const bs_unit *un, const bs_rules *r)
{
    if (un->mode == BS_MODE_CHARGE)
        return bs_rate_mm(un);
    return bs_budget_mm(un, r, un->mode);
}

double bs_movement_left_mm(const bs_field *f, const bs_env *env, int u)
{
    const bs_unit *un = &f->units[u];
    if (un->state == BS_DONE || !bs_unit_alive(un))
        return 0;
    double left = budget(un, env->rules) - un->used_mm;
    return left > 0 ? left : 0;
}

/* RULE bs.move.budget-invariants */
static int affordable(const bs_unit *un, const bs_rules *r, double cost)
{
    return un->used_mm + cost <= budget(un, r) + BS_EPS;
}

/* RULE bs.move.no-premeasure bs.withdraw.stayer-no-charge bs.march.rate bs.march.command
 * RULE bs.march.no-contact bs.charge.range bs.charge.who-may bs.charge.discipline
 * RULE bs.charge.out-of-command */
bs_refusal bs_start(bs_field *f, const bs_env *env, int u, bs_mode mode, int target)
{
    bs_refusal ref = bs_can_act(f, u);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (un->state != BS_IDLE)
        return BS_ALREADY_STARTED;
    if (un->contact_at_start)
        return BS_IN_CONTACT;
    if (mode == BS_MODE_FORCED) {
        /* 7.13: "A unit must be in command to make a forced march. PC/NPC
         * individuals can always make a forced march." */
        if (un->kind != BS_INDIVIDUAL && !un->in_command)
            return BS_NOT_IN_COMMAND;
    } else if (mode == BS_MODE_CHARGE) {
        /* 7.14: regular units and mobs; an out-of-command regular cannot */
        if (un->kind != BS_REGULAR && un->kind != BS_MOB)
            return BS_CANNOT_CHARGE;
        if (un->kind == BS_REGULAR && !un->in_command)
            return BS_NOT_IN_COMMAND;
        if (target < 0 || target >= f->n_units || !bs_unit_alive(&f->units[target]) ||
            f->units[target].side == un->side)
            return BS_BAD_TARGET;
        if (un->no_charge & (1u << target))
            return BS_CHARGE_BANNED;
    } else if (mode != BS_MODE_NORMAL) {
        return BS_BAD_ARGUMENT;
    }
    un->state = BS_MOVING;
    un->mode = mode;
    if (mode == BS_MODE_CHARGE) {
        un->target = target;
        un->charge = BS_CHARGE_DECLARED;
        BS_COUNT(env, charges_declared);
        /* 7.14: a closed unit of chaotic or low-INT creatures takes a
         * Discipline Check "when charging": at the charge's first move
         * (bs_charge_discipline), so a charge that proves to be no action
         * (7.7 SPECIAL NOTE) rolls none */
        un->discipline_due = 1;
    }
    return BS_OK;
}

/* RULE bs.formation.closed-command bs.formation.change-any-time bs.formation.change-in-command
 * RULE bs.move.no-direction-change */
bs_refusal bs_change_formation(bs_field *f, const bs_env *env, int u,
                                     bs_formation to)
{
    bs_refusal ref = can_manoeuvre(f, u, 1);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (un->kind != BS_REGULAR || !bs_formation_allowed(un->kind, to) || to == un->formation)
        return BS_BAD_FORMATION;
    /* Q&A 127.66: once a figure has made contact, "The figures can only
     * move straight ahead" */
    if (un->contact_made)
        return BS_NO_TURN_IN_CONTACT;
    if (!un->in_command)
        return BS_NOT_IN_COMMAND;
    double cost = bs_formation_change_cost_mm(un, env->rules);
    if (!affordable(un, env->rules, cost))
        return BS_NO_MOVEMENT;
    bs_unit trial = *un;
    bs_unit_place_formation(&trial, env->rules, to);
    mu_vec2 c[4];
    bs_unit_corners(&trial, c);
    if (bs_blocked(f, env, u, c, 0))
        return BS_NO_ROOM;
    spend(&trial, cost);
    *un = trial;
    return BS_OK;
}

/* RULE bs.move.no-direction-change bs.move.face-cost bs.move.face-keeps-positions */
bs_refusal bs_face(bs_field *f, const bs_env *env, int u, bs_face_turn turn)
{
    bs_refusal ref = can_manoeuvre(f, u, 1);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (un->formation != BS_CLOSED && un->formation != BS_OPEN)
        return BS_BAD_FORMATION;
    if (un->contact_made)
        return BS_NO_TURN_IN_CONTACT;
    if (turn != BS_RIGHT_FACE && turn != BS_LEFT_FACE && turn != BS_ABOUT_FACE)
        return BS_BAD_ARGUMENT;
    int about = turn == BS_ABOUT_FACE;
    double cost = bs_face_cost_mm(un, env->rules, about);
    if (!affordable(un, env->rules, cost))
        return BS_NO_MOVEMENT;
    /* Q&A 127.66: "A change of facing does not alter the relative positions
     * of the figures": the footprint stays; each base turns in place. */
    mu_vec2 centre = bs_unit_centre(un);
    if (about) {
        un->facing = mu_v2_scale(un->facing, -1);
    } else {
        un->facing = turn == BS_RIGHT_FACE ? mu_v2(un->facing.y, -un->facing.x)
                                              : mu_v2_perp(un->facing);
        int t = un->frontage;
        un->frontage = un->ranks;
        un->ranks = t;
        double w = un->fig_w_mm;
        un->fig_w_mm = un->fig_d_mm;
        un->fig_d_mm = w;
    }
    un->front = mu_v2_add(centre, mu_v2_scale(un->facing, bs_unit_depth_mm(un) / 2));
    spend(un, cost);
    return BS_OK;
}

/* RULE bs.move.skirmish-turns-free */
bs_refusal bs_turn(bs_field *f, const bs_env *env, int u, double angle_rad)
{
    bs_refusal ref = can_manoeuvre(f, u, 1);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (un->formation != BS_SKIRMISH && un->formation != BS_NO_FORMATION)
        return BS_BAD_FORMATION;
    if (un->contact_made)
        return BS_NO_TURN_IN_CONTACT;
    bs_unit trial = *un;
    bs_face_to(&trial, mu_v2_rotate(un->facing, angle_rad));
    mu_vec2 c[4];
    bs_unit_corners(&trial, c);
    if (bs_blocked(f, env, u, c, 0))
        return BS_NO_ROOM;
    spend(&trial, 0.0);
    *un = trial;
    return BS_OK;
}

/* RULE bs.move.frontage bs.move.no-direction-change bs.formation.mob-square */
bs_refusal bs_change_frontage(bs_field *f, const bs_env *env, int u, int new_frontage)
{
    bs_refusal ref = can_manoeuvre(f, u, 1);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    /* 7.10: "Units in skirmish formation do not have frontages." */
    if (un->formation != BS_CLOSED && un->formation != BS_OPEN &&
        un->formation != BS_MOB_FORMATION)
        return BS_BAD_FORMATION;
    if (new_frontage < 1 || new_frontage > un->figures || new_frontage == un->frontage)
        return BS_BAD_ARGUMENT;
    /* Q&A 127.66: straight ahead only once a figure has made contact */
    if (un->contact_made)
        return BS_NO_TURN_IN_CONTACT;
    /* 7.5: a mob is "an irregular (but approx. square) array" */
    if (!bs_mob_square(env->rules, un->kind, un->figures, new_frontage))
        return BS_NOT_SQUARE;
    double cost = bs_frontage_change_cost_mm(env->rules);
    if (!affordable(un, env->rules, cost))
        return BS_NO_MOVEMENT;
    bs_unit trial = *un;
    trial.frontage = new_frontage;
    trial.ranks = (un->figures + new_frontage - 1) / new_frontage;
    mu_vec2 c[4];
    bs_unit_corners(&trial, c);
    if (bs_blocked(f, env, u, c, 0))
        return BS_NO_ROOM;
    spend(&trial, cost);
    *un = trial;
    return BS_OK;
}

/* u's footprint wheeled by signed angle a about pivot p. */
static void wheeled(const bs_unit *un, mu_vec2 p, double a, bs_unit *out)
{
    *out = *un;
    out->front = mu_v2_add(p, mu_v2_rotate(mu_v2_sub(un->front, p), a));
    out->facing = mu_v2_rotate(un->facing, a);
}

/* The wheel may not go to angle a: the footprint would overlap something
 * or leave the table. */
static int wheel_bad(const bs_field *f, const bs_env *env, int u, mu_vec2 p, double a)
{
    bs_unit w;
    wheeled(&f->units[u], p, a, &w);
    mu_vec2 c[4];
    bs_unit_corners(&w, c);
    return bs_blocked(f, env, u, c, 0);
}

/* Books what unit u's forced march came to on meeting enemy unit e (Q&A
 * 127.66), for a straight move and a wheel alike: LOST_BONUS makes it a
 * normal move (7.8); HALTED and AMBUSHED end its move, an ambush
 * recording the ambusher, which is no longer hidden. Moves nothing. */
/* RULE bs.march.contact-loses-bonus bs.march.halt-at-limit bs.march.ambush */
static void march_book(bs_field *f, const bs_env *env, int u, int e, bs_march_outcome o)
{
    bs_unit *un = &f->units[u];
    un->march = o;
    switch (o) {
    case BS_MARCH_LOST_BONUS:
        un->mode = BS_MODE_NORMAL;
        BS_COUNT(env, march_lost_bonus);
        break;
    case BS_MARCH_HALTED:
        BS_COUNT(env, march_halted);
        un->state = BS_DONE;
        break;
    default:
        assert(o == BS_MARCH_AMBUSHED);
        BS_COUNT(env, march_ambushed);
        un->ambushed_by = e;
        f->units[e].hidden = 0;
        un->state = BS_DONE;
        break;
    }
}

/* RULE bs.move.contact-stops bs.move.no-direction-change bs.move.wheel bs.move.wheel-mode
 * RULE bs.charge.discipline */
bs_refusal bs_wheel(bs_field *f, const bs_env *env, int u, bs_pivot pivot,
                          double angle_rad, double *done_rad)
{
    if (done_rad)
        *done_rad = 0;
    bs_refusal ref = can_manoeuvre(f, u, 1);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (un->formation != BS_CLOSED && un->formation != BS_OPEN &&
        un->formation != BS_MOB_FORMATION)
        return BS_BAD_FORMATION;
    if (un->contact_made)
        return BS_NO_TURN_IN_CONTACT;
    if (pivot != BS_PIVOT_LEFT && pivot != BS_PIVOT_RIGHT)
        return BS_BAD_ARGUMENT;
    double radius = bs_wheel_radius_mm(un, env->rules);
    double left = budget(un, env->rules) - un->used_mm;
    double want = fabs(angle_rad);
    double amax = radius > 0 ? fmin(want, fmax(0.0, left) / radius) : want;
    if (want > 0 && amax <= 0)
        return BS_NO_MOVEMENT;
    mu_vec2 c[4];
    bs_unit_corners(un, c);
    mu_vec2 p = pivot == BS_PIVOT_LEFT ? c[0] : c[1];
    /* forward on the left pivot swings the right end ahead: the unit turns
     * left (counter-clockwise) */
    double sign = (pivot == BS_PIVOT_LEFT ? 1.0 : -1.0) * (angle_rad >= 0 ? 1.0 : -1.0);
    /* sample the arc at most 1 mm of travel of the farthest corner apart,
     * then bisect to the first touch */
    double rfar = 0;
    for (int k = 0; k < 4; k++)
        rfar = fmax(rfar, mu_v2_dist(c[k], p));
    int n = (int)ceil(amax * rfar) + 1;
    double lo = 0, stop = amax;
    for (int k = 1; k <= n; k++) {
        double a = amax * k / n;
        if (wheel_bad(f, env, u, p, sign * a)) {
            double hi = a;
            for (int it = 0; it < 60; it++) {
                double mid = (lo + hi) / 2;
                if (wheel_bad(f, env, u, p, sign * mid))
                    hi = mid;
                else
                    lo = mid;
            }
            stop = lo;
            break;
        }
        lo = a;
    }
    ensure_started(un);
    if (un->mode == BS_MODE_CHARGE)
        bs_charge_discipline(f, env, u); /* 7.14: rolled as the charge first moves */
    const bs_unit orig = *un;
    bs_unit w;
    wheeled(&orig, p, sign * stop, &w);
    un->front = w.front;
    un->facing = w.facing;
    int e_hit = -1;
    if (stop < amax) {
        /* stopped against something: an enemy touched is contact (7.8) */
        for (int e = 0; e < f->n_units; e++)
            if (f->units[e].side != un->side && bs_unit_alive(&f->units[e]) &&
                bs_distance_mm(f, u, e) <= 1e-4) {
                e_hit = e;
                break;
            }
    }
    if (e_hit >= 0 && un->mode == BS_MODE_FORCED) {
        /* a wheel into contact in a forced march is contact in a forced
         * march (Q&A 127.66), as for a straight move */
        bs_march_contact mc = bs_march_on_contact(orig.used_mm, bs_rate_mm(un), stop * radius,
                                                  f->units[e_hit].hidden);
        march_book(f, env, u, e_hit, mc.outcome);
        if (mc.outcome == BS_MARCH_HALTED) {
            /* halts at the limit of its normal rate, short of the enemy */
            stop = radius > 0 ? fmin(stop, mc.spend_mm / radius) : 0;
            wheeled(&orig, p, sign * stop, &w);
            un->front = w.front;
            un->facing = w.facing;
            e_hit = -1;
        }
    }
    un->used_mm += stop * radius;
    un->run_mm = 0;
    if (stop > 0)
        un->acted = 1;
    if (e_hit >= 0) {
        bs_note_contact(f, u, e_hit);
        if (un->mode == BS_MODE_CHARGE && un->charge == BS_CHARGE_DECLARED) {
            /* 7.14: contact by a wheel comes after no straight run, so it
             * is not a charge (the 2/3 of the rate "must be in a straight
             * line"); the unit is in contact (7.8) and its move ends */
            un->charge = bs_charge_judge(env->rules, bs_rate_mm(un), orig.used_mm, 0, 0, 0);
            un->state = BS_DONE;
        }
    }
    if (done_rad)
        *done_rad = stop * (angle_rad >= 0 ? 1.0 : -1.0);
    return BS_OK;
}

/* A forced march of unit u along d meets enemy unit h.unit (Q&A 127.66):
 * within the normal rate it loses its bonus and moves on as a normal move
 * (7.8); beyond it a visible enemy halts it at the limit of its normal
 * rate, a hidden one ambushes it. */
static bs_step march_meets_enemy(bs_field *f, const bs_env *env, int u, mu_vec2 d, double dist_mm,
                                 bs_hit h)
{
    bs_unit *un = &f->units[u];
    const bs_rules *r = env->rules;
    double cost_to = bs_path_cost(env->table, r, un->front, d, h.t);
    bs_march_contact mc = bs_march_on_contact(un->used_mm, bs_rate_mm(un), cost_to, f->units[h.unit].hidden);
    double limit = un->used_mm + mc.spend_mm;
    march_book(f, env, u, h.unit, mc.outcome); /* LOST_BONUS: a normal move into contact, 7.8 */
    if (mc.outcome != BS_MARCH_HALTED)
        return bs_straight(f, env, u, d, dist_mm, budget(un, r));
    bs_step s = bs_straight(f, env, u, d, dist_mm, limit);
    s.stop = BS_STOP_HALT;
    return s;
}

/* RULE bs.move.measure-front bs.move.measure-mob bs.march.no-contact
 * RULE bs.march.contact-loses-bonus bs.march.ambush bs.charge.must-contact
 * RULE bs.march.halt-at-limit bs.march.halt-margin bs.march.skirmishers-halt
 * RULE bs.move.declared-charge-commits bs.charge.discipline */
bs_refusal bs_advance(bs_field *f, const bs_env *env, int u, double dist_mm,
                            double angle_rad, bs_step *out)
{
    bs_step none = {0, 0, BS_STOP_DISTANCE, -1};
    if (out)
        *out = none;
    bs_refusal ref = can_manoeuvre(f, u, 0);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (!(dist_mm >= 0))
        return BS_BAD_ARGUMENT;
    ref = bs_check_direction(un, env->rules, angle_rad);
    if (ref != BS_OK)
        return ref;
    ensure_started(un);
    mu_vec2 d = mu_v2_rotate(un->facing, angle_rad);
    const bs_rules *r = env->rules;
    bs_step s;
    if (un->mode == BS_MODE_FORCED || un->mode == BS_MODE_CHARGE) {
        mu_vec2 c[4];
        bs_unit_corners(un, c);
        bs_hit h = bs_first_hit(f, env, u, c, d, 0, 0);
        int skirm = un->formation == BS_SKIRMISH;
        int foe = h.unit >= 0 && f->units[h.unit].side != un->side;
        if (un->mode == BS_MODE_CHARGE && un->charge == BS_CHARGE_DECLARED) {
            /* 7.14: meeting an enemy within the charge range is the charge
             * run; otherwise the charge moves within its normal rate */
            double reach = bs_path_reach(env->table, r, un->front, d,
                                         r->charge_mult * bs_rate_mm(un) - un->used_mm, dist_mm);
            if (foe && h.t <= reach) {
                bs_charge_result cr;
                mu_vec2 before = un->front;
                double used0 = un->used_mm;
                bs_charge_run(f, env, u, angle_rad, &cr);
                s.moved_mm = mu_v2_dist(before, un->front);
                s.cost_mm = un->used_mm - used0;
                s.contact = cr.contact;
                s.stop = cr.contact >= 0 ? BS_STOP_ENEMY : BS_STOP_MOVEMENT;
                if (out)
                    *out = s;
                return BS_OK;
            }
            bs_charge_discipline(f, env, u); /* 7.14: rolled as the charge first moves */
        }
        if (un->mode == BS_MODE_FORCED && foe) {
            double reach = bs_path_reach(env->table, r, un->front, d, budget(un, r) - un->used_mm, dist_mm);
            double rate = bs_rate_mm(un);
            int hidden = f->units[h.unit].hidden;
            if (h.t <= reach && !skirm) {
                s = march_meets_enemy(f, env, u, d, dist_mm, h);
                if (out)
                    *out = s;
                return BS_OK;
            }
            /* Q&A 127.66 "can see an opposing unit that lies just beyond
             * the marching unit's normal movement limit ... comes to a halt
             * at the limit": a move that would take the march beyond its
             * normal limit and end within march_halt_margin_in of a visible
             * enemy on its path (or into it: skirmishers, who stop short of
             * enemies, 7.4, are halted as well) halts at the limit */
            double end_t = fmin(reach, h.t);
            double end_cost = un->used_mm + bs_path_cost(env->table, r, un->front, d, end_t);
            if (!hidden && h.t <= reach + bs_in(r->march_halt_margin_in) + BS_EPS &&
                end_cost > rate + BS_EPS) {
                s = bs_straight(f, env, u, d, dist_mm, un->used_mm > rate ? un->used_mm : rate);
                s.stop = BS_STOP_HALT;
                march_book(f, env, u, h.unit, BS_MARCH_HALTED);
                if (out)
                    *out = s;
                return BS_OK;
            }
        }
    }
    s = bs_straight(f, env, u, d, dist_mm, budget(un, r));
    if (out)
        *out = s;
    return BS_OK;
}

/* RULE bs.march.morale-check bs.charge.closed-bonus bs.charge.failed-closed-opens
 * RULE bs.charge.failed-morale-penalty bs.march.early-stop bs.march.halt-at-limit
 * RULE bs.charge.no-action */
void bs_finish(bs_field *f, const bs_env *env, int u, bs_finish_result *out)
{
    assert(u >= 0 && u < f->n_units);
    bs_unit *un = &f->units[u];
    const bs_rules *r = env->rules;
    bs_finish_result res = {0};
    res.march = un->march;
    res.charge = un->charge;
    if (un->finished || !bs_unit_alive(un)) {
        if (out)
            *out = res;
        return;
    }
    un->finished = 1;
    un->state = BS_DONE;
    /* a declared forced march or charge is doing something, except a charge
     * that proves to be no action (7.7 SPECIAL NOTE: "committed to the
     * stated action, or to no action"): what it moved before counts */
    if (un->mode == BS_MODE_FORCED ||
        (un->mode == BS_MODE_CHARGE && un->charge != BS_CHARGE_TOO_CLOSE &&
         un->charge != BS_CHARGE_NOT_STRAIGHT))
        un->acted = 1;
    if (un->mode == BS_MODE_FORCED) {
        /* reading (bs.march.early-stop): the check at "the end of its MOVE"
         * is owed by a march that went beyond the normal rate; one that
         * ended within it (terrain, the edge, a friend, a shorter move, or
         * halted at a visible enemy) takes none under the default reading */
        if (un->march == BS_MARCH_NONE)
            un->march = un->used_mm > bs_rate_mm(un) + BS_EPS ? BS_MARCH_MADE : BS_MARCH_WITHIN_RATE;
        int declared = r->forced_march_check == BS_MARCH_CHECK_DECLARED;
        int checks = un->march == BS_MARCH_MADE ||
                     (un->march == BS_MARCH_AMBUSHED && r->ambush_checks) ||
                     ((un->march == BS_MARCH_HALTED || un->march == BS_MARCH_WITHIN_RATE) && declared);
        /* reading: individuals are not units; no check */
        if (checks && un->kind != BS_INDIVIDUAL) {
            int ar0 = un->ar;
            res.march_check = bs_march_check(f, env, u, &res.routed);
            res.ar_worsened = un->ar > ar0;
        }
        res.march = un->march;
    } else if (un->mode == BS_MODE_CHARGE) {
        if (un->charge == BS_CHARGE_DECLARED)
            un->charge = BS_CHARGE_SHORT; /* committed, never ran: no contact */
        switch (un->charge) {
        case BS_CHARGE_MADE:
            BS_COUNT(env, charges_made);
            un->charged = 1;
            if (un->kind == BS_REGULAR && un->formation == BS_CLOSED)
                un->melee_ar_mod += r->charge_closed_ar_bonus;
            break;
        case BS_CHARGE_SHORT:
            BS_COUNT(env, charges_short);
            /* 7.14: closed breaks into open, still in command; open or mob
             * suffers -3 to current morale for the round */
            if (un->formation == BS_CLOSED)
                un->formation = BS_OPEN;
            else
                un->morale_mod += r->charge_fail_morale;
            break;
        default:
            BS_COUNT(env, charges_too_close);
            break;
        }
        res.charge = un->charge;
    }
    if (out)
        *out = res;
}
