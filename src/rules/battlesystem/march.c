/* Forced march: contact during the march and how a move books it, the
 * Morale Check with its cumulative AR penalty, who a failed check routs,
 * recovery, and the exact odds of the penalty under the same rules
 * (battlesystem-movement-phase.txt 7.13, 7.15 and Q&A 127.66). */
#include "battlesystem/bs_march.h"

#include "battlesystem/bs_rout.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>

/* RULE bs.march.contact-loses-bonus bs.march.halt-at-limit bs.march.ambush */
bs_march_contact bs_march_on_contact(double used_mm, double rate_mm,
                                           double cost_to_contact_mm, int enemy_hidden)
{
    bs_march_contact c = {BS_MARCH_LOST_BONUS, cost_to_contact_mm, 1};
    /* "comes into contact with an enemy unit before it has exceeded its
     * normal 12" movement rate, it loses its 6" forced march bonus as it
     * must follow rule [7.8] ... no other penalties" */
    if (used_mm + cost_to_contact_mm <= rate_mm + BS_EPS)
        return c;
    if (!enemy_hidden) {
        /* "can see an opposing unit that lies just beyond the marching
         * unit's normal movement limit, the marching unit comes to a halt
         * at the limit of its normal movement rate" */
        c.outcome = BS_MARCH_HALTED;
        c.spend_mm = rate_mm > used_mm ? rate_mm - used_mm : 0;
        c.contact = 0;
        return c;
    }
    /* "runs into a hidden or invisible unit after it has exceeded its 12"
     * movement, it is stopped and ambushed by the hidden force" */
    c.outcome = BS_MARCH_AMBUSHED;
    return c;
}

/* RULE bs.march.contact-loses-bonus bs.march.halt-at-limit bs.march.ambush */
void bs_march_book(bs_field *f, const bs_env *env, int u, int e, bs_march_outcome o)
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

const char *bs_march_outcome_name(bs_march_outcome o)
{
    switch (o) {
    case BS_MARCH_NONE:
        return "none";
    case BS_MARCH_MADE:
        return "made";
    case BS_MARCH_WITHIN_RATE:
        return "within its rate";
    case BS_MARCH_LOST_BONUS:
        return "lost bonus";
    case BS_MARCH_HALTED:
        return "halted";
    case BS_MARCH_AMBUSHED:
        return "ambushed";
    }
    return "?";
}

/* RULE bs.march.morale-check bs.march.never-check-units bs.march.example-ar15
 * RULE bs.march.failure-routs */
bs_check_result bs_march_check(bs_field *f, const bs_env *env, int u, int *routed)
{
    assert(u >= 0 && u < f->n_units);
    bs_unit *un = &f->units[u];
    if (routed)
        *routed = 0;
    /* "Units that "never check morale" are subject to this penalty": they
     * roll this check too */
    bs_check_result c = bs_check(&env->rules->morale, bs_current_morale(un), 0, env->dice);
    BS_COUNT(env, forced_marches);
    if (c.pass) {
        BS_COUNT(env, morale_passed);
        return c;
    }
    BS_COUNT(env, morale_failed);
    BS_COUNT(env, march_checks_failed);
    /* "the unit's Attack Rating (AR) worsens by one ... This penalty
     * accumulates." */
    un->ar += 1;
    /* reading: 7.15 "If a unit in open or skirmish formation fails a
     * Morale Check, it Routs" applies to this check as to any */
    if (bs_march_failure_routs(env->rules, un->formation, un->never_checks_morale) && !un->routed) {
        bs_rout_result rr = bs_rout_start(f, env, u, 0, mu_v2(0, 0), -1);
        if (routed)
            *routed = rr.routed || rr.destroyed || rr.removed;
    }
    return c;
}

/* RULE bs.march.failure-routs */
int bs_march_failure_routs(const bs_rules *r, bs_formation formation, int never_checks_morale)
{
    return r->forced_march_fail_routs && !never_checks_morale && (formation == BS_OPEN || formation == BS_SKIRMISH);
}

double bs_march_pass_probability(const bs_rules *r, int morale)
{
    /* a sum of face probabilities: may exceed 1 by a rounding error */
    return fmin(1.0, fmax(0.0, bs_check_probability(&r->morale, morale, 0)));
}

int bs_march_odds(const bs_rules *r, int morale, const mu_fm_action *schedule, int rounds, mu_fm_odds *out)
{
    return mu_fm_odds_compute(schedule, rounds, bs_march_pass_probability(r, morale), out);
}

/* RULE bs.march.ar-recovery */
int bs_ar_recover(bs_unit *u)
{
    /* "The AR improves by one (up to its original value) each time the
     * unit spends one entire Game Round doing absolutely nothing and is not
     * attacked." */
    if (u->ar > u->ar_original) {
        u->ar -= 1;
        return 1;
    }
    return 0;
}
