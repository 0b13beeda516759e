/* Straight and oblique moves (battlesystem-movement-phase.txt 7.7-7.9,
 * 7.13, 7.14 and Q&A 127.66): bs_advance, and what meeting an enemy on
 * the way means in a forced march (halted, ambushed, or a normal move) or
 * a declared charge (the charge run, bs_charge.h). The plain straight
 * move is bs_straight (step.c). */
#include "battlesystem/bs_move.h"

#include "battlesystem/bs_charge.h"
#include "battlesystem/bs_march.h"

#include "bs_internal.h"

#include <math.h>

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
    bs_march_book(f, env, u, h.unit, mc.outcome); /* LOST_BONUS: a normal move into contact, 7.8 */
    if (mc.outcome != BS_MARCH_HALTED)
        return bs_straight(f, env, u, d, dist_mm, bs_move_budget_mm(un, r));
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
    bs_refusal ref = bs_can_manoeuvre(f, u, 0);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (!(dist_mm >= 0))
        return BS_BAD_ARGUMENT;
    ref = bs_check_direction(un, env->rules, angle_rad);
    if (ref != BS_OK)
        return ref;
    bs_ensure_started(un);
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
            double reach = bs_path_reach(env->table, r, un->front, d, bs_move_budget_mm(un, r) - un->used_mm, dist_mm);
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
                bs_march_book(f, env, u, h.unit, BS_MARCH_HALTED);
                if (out)
                    *out = s;
                return BS_OK;
            }
        }
    }
    s = bs_straight(f, env, u, d, dist_mm, bs_move_budget_mm(un, r));
    if (out)
        *out = s;
    return BS_OK;
}
