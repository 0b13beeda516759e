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

/* Recovers one point of AR, down to the original value (7.13, for a round
 * of doing absolutely nothing and not being attacked). Returns non-zero if
 * the AR improved. bs_round_end calls it for the units that qualify. */
int bs_ar_recover(bs_unit *u);

#endif
