/* Battlesystem policies: the decisions a player makes for a unit in its
 * side's Movement Phase (battlesystem-movement-phase.txt), as a short plan
 * of engine actions (bs_action.h) that the ruleset then carries out. A
 * policy reads the field, never changes it, and never rolls the rules'
 * dice: it draws its own randomness (distance estimates, random choices)
 * from its own generator, and the rules roll every check when the plan is
 * executed.
 *
 * Policies (bs_policy_kind, parameters in bs_policy_spec,
 * battlesystem/bs_study.h):
 *   hold    stands still; a unit in contact stays engaged.
 *   steady  re-forms into closed formation and advances on the nearest
 *           enemy by its estimated distance, along the line nearest the
 *           enemy (up to 45 degrees off, 7.9) on which it can move 1" and
 *           no friend stands in the way (holds if it can move on none);
 *           declares a charge when its *estimate* of the distance
 *           along the charge line is within 2/3 of its rate .. its charge
 *           range (the estimate is true x (1 + e), e ~ N(0, error) or
 *           U(-error, error): pre-measuring is illegal, 7.7, so charges
 *           can fall short); in contact, wraps around with the figures
 *           that overhang the enemy.
 *   forced  forced-marches straight ahead whenever the rules allow, in
 *           bursts of `burst` consecutive marches, resting rest_rounds
 *           whole rounds after each burst (doing nothing, so the AR
 *           recovers, 7.13), up to `marches` marches; in contact it stays;
 *           facing back from the heading it first marched on (after a
 *           rout and rally) it faces about (or turns) before marching.
 *   random  uniform over the actions the rules allow this unit now (each
 *           candidate tried on a scratch copy of the field). */
#ifndef MUSTER_BS_POLICY_H
#define MUSTER_BS_POLICY_H

#include "battlesystem/bs_study.h"
#include "battlesystem/policy/bs_action.h"
#include "muster/rng.h"

#include <stdint.h>

#define BS_PLAN_MAX 4

/* A unit's plan for one Movement Phase: steps carried out in order (a
 * refused step is skipped), then the unit finishes. Empty: it does nothing. */
typedef struct bs_plan {
    int n;
    bs_action steps[BS_PLAN_MAX];
    int charge;         /* the plan declares a charge at target */
    int target;         /* the enemy it moves on or charges, or -1 */
    int estimated;      /* the charge was declared on an estimate */
    double estimate_mm; /* the estimated distance along the charge line */
    double true_mm;     /* the true distance (for statistics; INFINITY: the line misses) */
    double error;       /* the estimate's relative error e (estimate = true x (1 + e)) */
    char why[96];       /* the decision in a few words, for the trace */
} bs_plan;

/* What a policy remembers about one unit from round to round. */
typedef struct bs_policy_memory {
    int marches;   /* forced marches declared */
    int rest_left; /* rounds still to rest before the next march */
    int in_burst;  /* marches made in the current burst */
    uint32_t wrapped; /* enemies it has wrapped around (steady wraps once per enemy) */
    int heading_set;  /* forced: heading is set */
    mu_vec2 heading;  /* forced: the facing it marches on (its facing when first planned) */
} bs_policy_memory;

/* Decides unit u's plan for the running Movement Phase of its side under
 * policy self (enemy: the other side's policy, whose `follow` answers a
 * fighting withdrawal). Reads f and env only (random tries candidates on a
 * copy, with a copy of rng as dice); draws from rng; updates *mem. */
void bs_policy_plan(const bs_policy_spec *self, const bs_policy_spec *enemy, const bs_field *f,
                       const bs_env *env, int u, bs_policy_memory *mem, mu_rng *rng, bs_plan *out);

/* Returns non-zero when policy p attempts to rally its routed units. */
int bs_policy_rallies(const bs_policy_spec *p);

/* Returns the name of policy kind k ("hold", "steady", "forced", "random"). */
const char *bs_policy_name(bs_policy_kind k);

/* Returns a standard normal deviate from rng (Box-Muller, two uniforms). */
double bs_normal(mu_rng *rng);

/* Returns an estimate's relative error e under p's model: 0 (exact),
 * N(0, estimate_error) or U(-estimate_error, estimate_error), clamped
 * above -1 so an estimate stays positive. Draws from rng except for exact. */
double bs_estimate_error(const bs_policy_spec *p, mu_rng *rng);

/* The random policy (bs_policy_random.c): called by bs_policy_plan. */
void bs_random_plan(const bs_policy_spec *enemy, const bs_field *f, const bs_env *env, int u,
                       mu_rng *rng, bs_plan *out);

#endif
