/* Scripted Warmaster players (issues 5 and 12): named, parameterised
 * policies that choose among the options the rules give
 * (warmaster/wm_game.h) and never roll a rules die or bend a limit. The
 * random policy draws its choices from its own generator, apart from the
 * rules' dice.
 *
 * - aggressive: charges by initiative unless the target is more than
 *   twice its strength (charge_odds 0.5), never evades; orders each unit
 *   to charge the nearest enemy when within a full pace, else to advance
 *   on it.
 * - cautious: evades by initiative unless it has at least twice the
 *   strength of the enemy (then it charges); a unit holding a zone stays;
 *   advances in brigades (touching units ordered as one body) toward the
 *   objective zones, stops short of the enemy, and does not order units
 *   already holding a zone.
 * - objective: makes for the objective zones (the nearest to each unit),
 *   in column while far away, the planner's quickest legal line; without
 *   zones, for the enemy's table edge; by initiative it charges an enemy
 *   no stronger than itself (not one in a fortified position, and not
 *   out of a zone it holds) and evades one twice its strength.
 * - random: uniform over the legal choices at each decision (which unit
 *   acts by initiative and how, which character orders which unit, how
 *   many orders, where to, charge or not); a destination (a uniform
 *   direction, a uniform distance up to 1.5 full paces, a uniform
 *   formation) is redrawn, 8 draws at most, while the planner finds no
 *   move there for each member, so an order moves its units unless no
 *   draw does (a brigade's members are checked one by one: the body may
 *   still stand). Its initiative keeps the rules' candidates and a
 *   uniform action among decline, charge or evade. A baseline.
 *
 * The scripted policies order Heroes before the General (sequence
 * heroes-first): "Once the General has failed to give an order, no
 * further orders can be issued by any other characters", so a General
 * ordering first silences the Heroes with his first failure. The General
 * tries a second or third order to a unit only when it needs
 * general_further_min or more (its failure ends his orders too).
 *
 * Initiative judgement (scripted policies): a unit's strength is
 * stands x Attacks x Hits / (1 - its armour save chance), the save chance
 * of armour n+ being (7 - n) / 6 (at most 5/6; none: 0), from the army
 * list (wm_policy_set_fighting; without it Attacks and Hits count 1). It
 * is the product of how hard the unit hits and how much it takes to wear
 * down, so the ratio of two strengths is a player's rough odds of a
 * fight. A policy's reading, not a rule: combat is not in our texts.
 * In order: a unit holding a zone (hold_zones) declines; a unit whose
 * closest enemy has at least evade_odds times its strength evades (0:
 * never); it charges the weakest chargeable closest enemy that is not in
 * a fortified position (unless charge_fortified) when its own strength is
 * at least charge_odds times that enemy's; else it declines. An evader
 * that is light cavalry under the optional rule picks its heading
 * (wm_policy_evade_heading).
 *
 * Which character orders a unit: the one with the best chance (Command
 * minus the distance penalty, the nearer on ties); characters follow the
 * units they command in the Characters sub-phase. A unit held back off
 * the table (infiltration) gets its order last among its character's,
 * at the place and from the character wp_entry_choose finds
 * (wm_policy_int.h): the scripted policies the place nearest what they
 * make for, 10 cm per point of the roll's score; random a uniform one. The scripted policies'
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
    int general_further_min; /* the General tries a further (2nd, 3rd) order only when it needs this or more, 2..12 */
    double charge_odds;      /* initiative: charge only when own strength >= this x the target's (0: always) */
    double evade_odds;       /* initiative: evade when the closest enemy's strength >= this x own (0: never) */
    int charge_fortified;    /* initiative: charge targets in fortified positions too */
    int hold_zones;          /* initiative: a unit in an objective zone neither charges nor evades */
} wm_policy_spec;

/* Returns kind's defaults. All: heroes first, use initiative, may burst
 * through, ignore no enemy. aggressive: 3 orders, any target, General's
 * further orders at 7 or more, no brigades, charge_odds 0.5, never
 * evades, charges fortified enemies, holds no zone. cautious: 2 orders,
 * target 6 or more, General's further orders at 9 or more, brigades,
 * charge_odds 2, evade_odds 0.5, holds zones. objective: 3 orders, target
 * 4 or more, General's further orders at 8 or more, no brigades,
 * charge_odds 1, evade_odds 2, holds zones. random: 3 orders, any target,
 * brigades (the initiative judgement and General's limit unused). */
wm_policy_spec wm_policy_defaults(wm_policy_kind kind);

/* Returns the policy's name as the experiment files spell it
 * ("aggressive", "cautious", "objective", "random"), NULL if unknown. */
const char *wm_policy_name(wm_policy_kind kind);

/* What the initiative judgement knows of a unit: its army list's close
 * combat Attacks, Hits and Armour (n for n+, 0 none). */
typedef struct wm_fighting {
    int attacks, hits, armour;
} wm_fighting;

/* One player's memory within a game. */
typedef struct wm_policy_state {
    const wm_policy_spec *spec;
    mu_rng rng;                       /* the random policy's own choices */
    int8_t commander[WM_MAX_UNITS]; /* the character planned to order each unit this turn, -1 */
    mu_vec2 asked_at[WM_MAX_UNITS];  /* a unit's centre when its last goal was asked */
    const wm_fighting *fighting;     /* borrowed, per bf unit, or NULL (Attacks, Hits 1; the profile's armour) */
} wm_policy_state;

/* Binds a player to spec (borrowed) with its state st (initialised here,
 * drawing from rng) and fills *out; st must outlive out. */
void wm_policy_bind(const wm_policy_spec *spec, wm_policy_state *st, mu_rng rng, wm_player *out);

/* Gives st the fighting values of each battlefield unit (borrowed, per
 * bf index; NULL: every unit Attacks 1, Hits 1, its profile's armour).
 * Call after wm_policy_bind. */
void wm_policy_set_fighting(wm_policy_state *st, const wm_fighting *per_unit);

/* Fills out[u] for each of a battlefield's n units from the army lists
 * (roster[u]: army_of_side[roster[u].side], its list unit); characters
 * get 0s. */
void wm_fighting_from_armies(const wm_army *const army_of_side[2], const wm_deployed *roster, int n,
                             wm_fighting *out);

/* Returns the initiative judgement's strength of unit u (see above):
 * stands x Attacks x Hits / (1 - save chance). */
double wm_policy_strength(const wm_policy_state *st, const wm_game *g, int u);

/* Returns the heading unit u evades from enemy e on: (0, 0), directly
 * away, unless u is light cavalry and g's rules have the optional Light
 * Cavalry rule; then, of directly away and 45 and 90 degrees either side,
 * the one whose legal full evade (bursting through friends when
 * allow_burst) ends farthest from e; (0, 0) when none is legal. */
mu_vec2 wm_policy_evade_heading(const wm_game *g, int u, int e, int allow_burst);

#endif
