/* Scripted Warmaster players (issue 5): named, parameterised policies that
 * choose among the options the rules give (warmaster/wm_game.h) and never
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
#include "warmaster/wm_game.h"

typedef enum wm_policy_kind {
    WM_POLICY_AGGRESSIVE,
    WM_POLICY_CAUTIOUS,
    WM_POLICY_OBJECTIVE,
    WM_POLICY_RANDOM,
    WM_POLICY_COUNT
} wm_policy_kind;

/* In which sequence the characters give their orders. */
typedef enum wm_sequence { WM_SEQ_HEROES_FIRST, WM_SEQ_GENERAL_FIRST } wm_sequence;

/* A policy and its parameters (defaults by kind: wm_policy_defaults). */
typedef struct wm_policy_spec {
    wm_policy_kind kind;
    int orders_per_unit;     /* orders to try per unit or brigade, 1..3 */
    int min_target;          /* try an order only when it needs this or more, 2..12 */
    wm_sequence sequence; /* random: ignored (a random sequence) */
    int brigades;            /* order touching units as brigades */
    int initiative;          /* use initiative at all */
    int burst_through;       /* evaders burst through friendly units when they must */
    int ignore_fortified;    /* initiative ignores enemy infantry/artillery in fortified positions */
    int ignore_divided;      /* initiative ignores enemies across a mutually impassable barrier */
} wm_policy_spec;

/* Returns kind's defaults: aggressive 3 orders, any target, heroes first,
 * no brigades; cautious 2 orders, target 6 or more, General first,
 * brigades; objective 3 orders, target 4 or more, General first, no
 * brigades; random 3 orders, any target, brigades. All use initiative,
 * may burst through and ignore no enemy. */
wm_policy_spec wm_policy_defaults(wm_policy_kind kind);

/* Returns the policy's name as the experiment files spell it
 * ("aggressive", "cautious", "objective", "random"), NULL if unknown. */
const char *wm_policy_name(wm_policy_kind kind);

/* One player's memory within a game. */
typedef struct wm_policy_state {
    const wm_policy_spec *spec;
    mu_rng rng;                       /* the random policy's own choices */
    int8_t commander[WM_MAX_UNITS]; /* the character planned to order each unit this turn, -1 */
    mu_vec2 asked_at[WM_MAX_UNITS];  /* a unit's centre when its last goal was asked */
} wm_policy_state;

/* Binds a player to spec (borrowed) with its state st (initialised here,
 * drawing from rng) and fills *out; st must outlive out. */
void wm_policy_bind(const wm_policy_spec *spec, wm_policy_state *st, mu_rng rng, wm_player *out);

#endif
