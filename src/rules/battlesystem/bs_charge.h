/* Battlesystem charge (battlesystem-movement-phase.txt 7.14, with the
 * premeasurement rule of 7.7 and its Q&A 127.67).
 *
 * A charge is declared before anything is measured: the policy picks a
 * target from its own estimate of the distance and calls
 *   bs_start(f, env, u, BS_MODE_CHARGE, target)   (bs_move.h)
 * may manoeuvre (wheel, face, ... within the 1 1/2 x rate budget), then
 *   bs_charge_run(f, env, u, angle, &res)
 * runs straight ahead (or obliquely, 7.9) into contact. The rules measure
 * the true distance only then, so a charge can fall short. bs_finish
 * applies the outcome. Break-through (7.14) needs melee damage: out of
 * scope (CLAUSES.md). */
#ifndef MUSTER_BS_CHARGE_H
#define MUSTER_BS_CHARGE_H

#include "battlesystem/bs_field.h"

/* The result of a charge run. */
typedef struct bs_charge_result {
    bs_charge_outcome outcome; /* MADE, SHORT, TOO_CLOSE or NOT_STRAIGHT */
    double moved_mm;              /* how far the unit moved on the run */
    double run_mm;                /* straight run at its end (incl. earlier straight moves) */
    double contact_path_mm;       /* path length to the first enemy on the line, or INFINITY */
    int contact;                  /* enemy unit contacted, or -1 */
    int target_contacted;         /* the contact is the declared target */
} bs_charge_result;

/* Judges a charge run (pure). rate_mm is the normal rate; used_mm the
 * movement spent this phase before the run; run_before_mm a straight run
 * the charge line continues (0 if none); contact_mm the path length to an
 * enemy along the line (INFINITY if none before an obstacle);
 * contact_cost_mm the movement that path costs. Returns SHORT when there
 * is no contact or it costs more than the charge range leaves
 * (used + cost > charge_mult x rate); TOO_CLOSE when the straight run into
 * contact is less than 2/3 of the rate; under
 * BS_STRAIGHT_TWO_THIRDS_DISTANCE, NOT_STRAIGHT when it is less than 2/3
 * of the whole charge distance (used + cost); else MADE. */
bs_charge_outcome bs_charge_judge(const bs_rules *r, double rate_mm, double used_mm,
                                        double run_before_mm, double contact_mm,
                                        double contact_cost_mm);

/* Runs unit u's declared charge along angle_rad from its facing (the
 * oblique limits of bs_advance apply). MADE: it moves into contact.
 * TOO_CLOSE (or NOT_STRAIGHT): it cannot charge; committed to the charge
 * or to no action (7.7 SPECIAL NOTE), it stays where it is. SHORT: per
 * Q&A 127.67 it moves as close as its normal movement allowance takes it
 * (not the charge range), stopping at any obstacle. MADE or SHORT first
 * rolls the charge's Discipline Check if it is due (bs_start). Either way its move is finished
 * (bs_finish applies the outcome). Refused unless u declared a charge
 * and has not run it. *out may be NULL. */
bs_refusal bs_charge_run(bs_field *f, const bs_env *env, int u, double angle_rad,
                               bs_charge_result *out);

/* Returns the true path length along angle_rad from u's facing until u's
 * footprint would touch unit target, ignoring everything else (INFINITY if
 * the line misses it). For the rules and for policies' noisy estimators:
 * a policy that uses it unperturbed is pre-measuring (7.7). */
double bs_line_distance_mm(const bs_field *f, int u, int target, double angle_rad);

/* Returns a short name for a charge outcome, e.g. "too close". */
const char *bs_charge_outcome_name(bs_charge_outcome o);

#endif
