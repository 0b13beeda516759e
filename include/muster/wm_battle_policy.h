/* Scripted Warmaster players (issue 5): named, parameterised policies that
 * choose among the options the rules give (muster/wm_game.h) and never
 * roll a rules die or bend a limit. The random policy draws its choices
 * from its own generator, apart from the rules' dice.
 *
 * - aggressive: charges by initiative whenever the rules allow; orders
 *   each unit to charge the nearest enemy when within a full pace, else
 *   to advance on it; Heroes order before the General.
 * - cautious: evades by initiative when an enemy is close; advances in
 *   brigades (touching units ordered as one body) toward the objective
 *   zones, stops short of the enemy, and does not order units already
 *   holding a zone.
 * - objective: makes for the objective zones (the nearest to each unit),
 *   in column while far away, the planner's quickest legal line; without
 *   zones, for the enemy's table edge; charges by initiative only units
 *   not holding a zone.
 * - random: uniform over the legal choices at each decision (which unit
 *   acts by initiative and how, which character orders which unit, how
 *   many orders, where to, charge or not), a baseline.
 *
 * Which character orders a unit: the one with the best chance (Command
 * minus the distance penalty, the nearer on ties); characters follow the
 * units they command in the Characters sub-phase. The scripted policies'
 * goals carry a fallback: when the goal lies off to one side and the unit
 * cannot move that way at all (hemmed in a line of touching units), it
 * goes straight ahead instead. */
#ifndef MUSTER_WM_BATTLE_POLICY_H
#define MUSTER_WM_BATTLE_POLICY_H

#include "muster/rng.h"
#include "muster/wm_game.h"

typedef enum mu_wm_policy_kind {
    MU_WM_POLICY_AGGRESSIVE,
    MU_WM_POLICY_CAUTIOUS,
    MU_WM_POLICY_OBJECTIVE,
    MU_WM_POLICY_RANDOM,
    MU_WM_POLICY_COUNT
} mu_wm_policy_kind;

/* In which sequence the characters give their orders. */
typedef enum mu_wm_sequence { MU_WM_SEQ_HEROES_FIRST, MU_WM_SEQ_GENERAL_FIRST } mu_wm_sequence;

/* A policy and its parameters (defaults by kind: mu_wm_policy_defaults). */
typedef struct mu_wm_policy_spec {
    mu_wm_policy_kind kind;
    int orders_per_unit;     /* orders to try per unit or brigade, 1..3 */
    int min_target;          /* try an order only when it needs this or more, 2..12 */
    mu_wm_sequence sequence; /* random: ignored (a random sequence) */
    int brigades;            /* order touching units as brigades */
    int initiative;          /* use initiative at all */
    int burst_through;       /* evaders burst through friendly units when they must */
    int ignore_fortified;    /* initiative ignores enemy infantry/artillery in fortified positions */
    int ignore_divided;      /* initiative ignores enemies across a mutually impassable barrier */
} mu_wm_policy_spec;

/* Returns kind's defaults: aggressive 3 orders, any target, heroes first,
 * no brigades; cautious 2 orders, target 6 or more, General first,
 * brigades; objective 3 orders, target 4 or more, General first, no
 * brigades; random 3 orders, any target, brigades. All use initiative,
 * may burst through and ignore no enemy. */
mu_wm_policy_spec mu_wm_policy_defaults(mu_wm_policy_kind kind);

/* Returns the policy's name as the experiment files spell it
 * ("aggressive", "cautious", "objective", "random"), NULL if unknown. */
const char *mu_wm_policy_name(mu_wm_policy_kind kind);

/* One player's memory within a game. */
typedef struct mu_wm_policy_state {
    const mu_wm_policy_spec *spec;
    mu_rng rng;                       /* the random policy's own choices */
    int8_t commander[MU_WM_MAX_UNITS]; /* the character planned to order each unit this turn, -1 */
    mu_vec2 asked_at[MU_WM_MAX_UNITS];  /* a unit's centre when its last goal was asked */
} mu_wm_policy_state;

/* Binds a player to spec (borrowed) with its state st (initialised here,
 * drawing from rng) and fills *out; st must outlive out. */
void mu_wm_policy_bind(const mu_wm_policy_spec *spec, mu_wm_policy_state *st, mu_rng rng, mu_wm_player *out);

#endif
