/* Charge: the run into contact and its judgement (battlesystem-movement-
 * phase.txt 7.14, 7.7 SPECIAL NOTE and Q&A 127.67). */
#include "battlesystem/bs_charge.h"

#include "bs_internal.h"

#include <math.h>

const char *bs_charge_outcome_name(bs_charge_outcome o)
{
    switch (o) {
    case BS_CHARGE_NONE:
        return "none";
    case BS_CHARGE_DECLARED:
        return "declared";
    case BS_CHARGE_MADE:
        return "made";
    case BS_CHARGE_SHORT:
        return "short";
    case BS_CHARGE_TOO_CLOSE:
        return "too close";
    case BS_CHARGE_NOT_STRAIGHT:
        return "not straight";
    }
    return "?";
}

/* RULE bs.charge.two-thirds-straight */
bs_charge_outcome bs_charge_judge(const bs_rules *r, double rate_mm, double used_mm,
                                        double run_before_mm, double contact_mm,
                                        double contact_cost_mm)
{
    /* "A charging unit may move 1 1/2 its normal movement rate" and "At the
     * end of the MOVE, the charging unit must be in base-to-base contact" */
    if (!isfinite(contact_mm) || used_mm + contact_cost_mm > r->charge_mult * rate_mm + BS_EPS)
        return BS_CHARGE_SHORT;
    /* "must be able to MOVE at least 2/3 its normal movement rate before it
     * comes into base-to-base contact ... The 2/3 ... must be in a straight
     * line" */
    double run = run_before_mm + contact_mm;
    if (run < r->charge_straight_frac * rate_mm - BS_EPS)
        return BS_CHARGE_TOO_CLOSE;
    if (r->charge_straight == BS_STRAIGHT_TWO_THIRDS_DISTANCE &&
        run < r->charge_straight_frac * (used_mm + contact_cost_mm) - BS_EPS)
        return BS_CHARGE_NOT_STRAIGHT;
    return BS_CHARGE_MADE;
}

double bs_line_distance_mm(const bs_field *f, int u, int target, double angle_rad)
{
    const bs_unit *un = &f->units[u];
    mu_vec2 c[4], ct[4];
    bs_unit_corners(un, c);
    bs_unit_corners(&f->units[target], ct);
    return mu_sweep_contact(c, 4, mu_v2_rotate(un->facing, angle_rad), ct, 4);
}

/* RULE bs.charge.discipline bs.charge.no-action bs.charge.command-return */
void bs_charge_discipline(bs_field *f, const bs_env *env, int u)
{
    bs_unit *un = &f->units[u];
    if (!un->discipline_due)
        return;
    un->discipline_due = 0;
    if (un->kind != BS_REGULAR || un->formation != BS_CLOSED || !un->low_int_or_chaotic)
        return;
    bs_check_result c = bs_discipline_check(f, env, u, 0);
    if (!c.pass) {
        bs_unit_set_command(un, env->rules, 0);
        un->command_lost_round = f->round > 0 ? f->round : 1;
    }
}

/* RULE bs.move.no-premeasure bs.move.declared-charge-commits bs.charge.range
 * RULE bs.charge.must-contact bs.charge.discipline bs.charge.no-action */
bs_refusal bs_charge_run(bs_field *f, const bs_env *env, int u, double angle_rad,
                               bs_charge_result *out)
{
    bs_charge_result res = {BS_CHARGE_NONE, 0, 0, INFINITY, -1, 0};
    if (out)
        *out = res;
    bs_refusal ref = bs_can_act(f, u);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (un->mode != BS_MODE_CHARGE || un->charge != BS_CHARGE_DECLARED)
        return BS_BAD_ARGUMENT;
    ref = bs_check_direction(un, env->rules, angle_rad);
    if (ref != BS_OK)
        return ref;
    const bs_rules *r = env->rules;
    double rate = bs_rate_mm(un);
    double charge_budget = r->charge_mult * rate;
    mu_vec2 d = mu_v2_rotate(un->facing, angle_rad);
    mu_vec2 c[4];
    bs_unit_corners(un, c);
    bs_hit h = bs_first_hit(f, env, u, c, d, 0, 0);
    double reach = bs_path_reach(env->table, r, un->front, d, charge_budget - un->used_mm, INFINITY);
    double run_before = (un->run_mm > 0 && mu_v2_dot(un->run_dir, d) > 1 - 1e-9) ? un->run_mm : 0;
    double contact = INFINITY, cost = 0;
    if (h.unit >= 0 && f->units[h.unit].side != un->side && h.t <= reach + BS_EPS) {
        contact = h.t;
        cost = bs_path_cost(env->table, r, un->front, d, contact);
    }
    res.contact_path_mm = contact;
    res.outcome = bs_charge_judge(r, rate, un->used_mm, run_before, contact, cost);
    mu_vec2 start = un->front;
    if (res.outcome == BS_CHARGE_MADE || res.outcome == BS_CHARGE_SHORT)
        bs_charge_discipline(f, env, u); /* 7.14: rolled as the charge moves; no action, no roll */
    switch (res.outcome) {
    case BS_CHARGE_MADE: {
        bs_step s = bs_straight(f, env, u, d, contact, charge_budget);
        res.contact = s.contact;
        if (s.contact < 0) /* numerically short of the touch: treat as short */
            res.outcome = BS_CHARGE_SHORT;
        break;
    }
    case BS_CHARGE_SHORT:
        /* Q&A 127.67: "the player would have to move his unit as close to
         * the opposing unit as its normal movement allowance will take it" */
        bs_straight(f, env, u, d, INFINITY, rate);
        break;
    default:
        /* 7.7 SPECIAL NOTE: committed "to the stated action, or to no action
         * for that entire phase" */
        break;
    }
    res.moved_mm = mu_v2_dist(start, un->front);
    res.run_mm = un->run_mm;
    res.target_contacted = res.contact >= 0 && res.contact == un->target;
    un->charge = res.outcome;
    if (res.outcome == BS_CHARGE_MADE)
        un->charge_contact = res.contact;
    un->state = BS_DONE;
    if (out)
        *out = res;
    return BS_OK;
}
