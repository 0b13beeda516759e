/* A unit's move as a whole (battlesystem-movement-phase.txt 7.7, 7.8,
 * 7.13, 7.14): declaring its mode (bs_start), the movement its mode
 * allows and the checks and bookkeeping every action of the move shares
 * (bs_internal.h), and finishing it (bs_finish: the forced-march check,
 * the charge's outcome). The actions themselves: manoeuvres in place in
 * move_manoeuvre.c, wheels in move_wheel.c, straight and oblique moves in
 * move_advance.c. */
#include "battlesystem/bs_move.h"

#include "battlesystem/bs_march.h"

#include "bs_internal.h"

#include <assert.h>

/* RULE bs.move.contact-at-start bs.move.contacted-locked bs.move.later-phases */
bs_refusal bs_can_manoeuvre(const bs_field *f, int u, int lock_applies)
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

/* RULE bs.move.no-direction-change */
bs_refusal bs_can_change_direction(const bs_field *f, int u, unsigned formations)
{
    bs_refusal r = bs_can_manoeuvre(f, u, 1);
    if (r != BS_OK)
        return r;
    const bs_unit *un = &f->units[u];
    if (!(formations & 1u << un->formation))
        return BS_BAD_FORMATION;
    /* Q&A 127.66: once a figure has made contact, "The figures can only
     * move straight ahead" */
    if (un->contact_made)
        return BS_NO_TURN_IN_CONTACT;
    return BS_OK;
}

void bs_ensure_started(bs_unit *un)
{
    if (un->state == BS_IDLE) {
        un->state = BS_MOVING;
        un->mode = BS_MODE_NORMAL;
    }
}

/* RULE bs.move.budget-invariants */
void bs_spend(bs_unit *un, double cost)
{
    bs_ensure_started(un);
    un->used_mm += cost;
    un->run_mm = 0;
    un->acted = 1;
}

/* Q&A 127.67: a charge that does not reach moves "as close ... as its
 * normal movement allowance will take it" */
/* RULE bs.move.declared-charge-commits bs.move.budget-invariants */
double bs_move_budget_mm(const bs_unit *un, const bs_rules *r)
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
    double left = bs_move_budget_mm(un, env->rules) - un->used_mm;
    return left > 0 ? left : 0;
}

/* RULE bs.move.budget-invariants */
int bs_affordable(const bs_unit *un, const bs_rules *r, double cost)
{
    return un->used_mm + cost <= bs_move_budget_mm(un, r) + BS_EPS;
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
