/* Battlesystem forced march (battlesystem-movement-phase.txt 7.13 and its
 * Q&A 127.66): what contact does to a forced march, the Morale Check at
 * the end of the move with its cumulative Attack Rating penalty, and the
 * recovery of that penalty.
 *
 * A policy declares a forced march with bs_start(..., BS_MODE_FORCED,
 * ...) (bs_move.h), moves with bs_advance and friends (up to 1 1/2 x
 * rate), and bs_finish rolls the check. The functions here are the
 * pieces those calls use, exposed so that tests and odds calculators can
 * use them directly. */
#ifndef MUSTER_BS_MARCH_H
#define MUSTER_BS_MARCH_H

#include "battlesystem/bs_field.h"
#include "muster/odds_forced_march.h"

/* What a forced-marching unit does when its path meets an enemy
 * (Q&A 127.66). */
typedef struct bs_march_contact {
    bs_march_outcome outcome; /* LOST_BONUS, HALTED or AMBUSHED */
    double spend_mm;             /* movement it may spend on this move before stopping */
    int contact;                 /* it ends the move in contact with the enemy */
} bs_march_contact;

/* Decides a forced march's contact (pure): the unit has spent used_mm of
 * movement, its normal rate is rate_mm, and reaching the enemy on this move
 * costs cost_to_contact_mm more. Within the normal rate (used + cost <=
 * rate): contact, the march loses its bonus and follows 7.8 with no other
 * penalty. Beyond it: a visible enemy halts the unit at the limit of its
 * normal rate (spend rate - used, or 0), no contact; a hidden or invisible
 * one ambushes it (contact, the hidden unit gains the melee initiative). */
bs_march_contact bs_march_on_contact(double used_mm, double rate_mm,
                                           double cost_to_contact_mm, int enemy_hidden);

/* Returns a short name for a forced-march outcome, e.g. "lost bonus". */
const char *bs_march_outcome_name(bs_march_outcome o);

/* Rolls the forced-march Morale Check of unit u (7.13): every unit rolls,
 * including units that "never check morale"; failure worsens AR by one
 * (cumulatively). Under forced_march_fail_routs a failure also routs a unit
 * in open or skirmish formation that does check morale (7.15). Counts in
 * the tally. *routed (if non-NULL) gets whether it routed. */
bs_check_result bs_march_check(bs_field *f, const bs_env *env, int u, int *routed);

/* Returns non-zero when a failed forced-march Morale Check routs a unit
 * of this formation under rules r (7.15, the reading
 * forced_march_fail_routs): one in open or skirmish formation that does
 * not "never check morale". The same answer for a unit in a game
 * (bs_march_check, which also spares a unit already routing) and for the
 * odds calculator, which refuses the units it is yes for. Pure. */
int bs_march_failure_routs(const bs_rules *r, bs_formation formation, int never_checks_morale);

/* Returns the exact probability that a unit of morale rating `morale`
 * passes its forced-march Morale Check under rules r (r->morale, no
 * situational modifier: what bs_march_check rolls in a round without
 * morale modifiers), clamped to [0, 1]. */
double bs_march_pass_probability(const bs_rules *r, int morale);

/* Computes into *out the exact distribution of the AR penalty, round by
 * round, of a unit of morale rating `morale` under rules r that follows
 * schedule[0..rounds) (muster/odds_forced_march.h): a march takes the
 * check of bs_march_pass_probability, a rest recovers one point. Exact
 * for units a failed check does not rout (bs_march_failure_routs) that
 * are never attacked and march beyond their normal rate. Returns 0, or -1
 * as mu_fm_odds_compute does. */
int bs_march_odds(const bs_rules *r, int morale, const mu_fm_action *schedule, int rounds, mu_fm_odds *out);

/* Recovers one point of AR, down to the original value (7.13, for a round
 * of doing absolutely nothing and not being attacked). Returns non-zero if
 * the AR improved. bs_round_end calls it for the units that qualify. */
int bs_ar_recover(bs_unit *u);

#endif
