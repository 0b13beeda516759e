/* Wheels (battlesystem-movement-phase.txt 7.9 and Q&A 127.66): a closed,
 * open or mob unit turning about a front corner until it touches
 * something or its movement runs out, with what contact means in a forced
 * march or a charge (bs_wheel in bs_move.h). */
#include "battlesystem/bs_move.h"

#include "battlesystem/bs_charge.h"
#include "battlesystem/bs_march.h"

#include "bs_internal.h"

#include <math.h>

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

/* RULE bs.move.contact-stops bs.move.no-direction-change bs.move.wheel bs.move.wheel-mode
 * RULE bs.charge.discipline */
bs_refusal bs_wheel(bs_field *f, const bs_env *env, int u, bs_pivot pivot,
                          double angle_rad, double *done_rad)
{
    if (done_rad)
        *done_rad = 0;
    bs_refusal ref = bs_can_change_direction(f, u, 1u << BS_CLOSED | 1u << BS_OPEN | 1u << BS_MOB_FORMATION);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (pivot != BS_PIVOT_LEFT && pivot != BS_PIVOT_RIGHT)
        return BS_BAD_ARGUMENT;
    double radius = bs_wheel_radius_mm(un, env->rules);
    double left = bs_move_budget_mm(un, env->rules) - un->used_mm;
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
    bs_ensure_started(un);
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
        bs_march_book(f, env, u, e_hit, mc.outcome);
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
