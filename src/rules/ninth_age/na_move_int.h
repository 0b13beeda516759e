/* Internal to src/rules/ninth_age: the step arithmetic move.c gives the
 * path checks of move_path.c. */
#ifndef MUSTER_NA_MOVE_INT_H
#define MUSTER_NA_MOVE_INT_H

#include "ninth_age/na_move.h"

/* Rates are compared with this slack (mm): a move of exactly the rate is
 * allowed whatever the rounding. */
#define NA_SLACK_MM 1e-6

/* Returns NA_OK when step s may be part of a move of kind k (for a unit
 * of a single model or not), else why not; *side_sign carries a sideways
 * advance's direction from step to step (start it at 0). */
na_refusal na_step_allowed(int k, const na_step *s, int single, double *side_sign);

/* Returns the distance step s costs u (as it stands before the step):
 * a wheel by its outer corner, a pivot nothing, else its length. */
double na_step_cost(const na_unit *u, const na_step *s);

/* Returns the pivot of a wheel of u by angle a: the front corner on the
 * side it turns to. */
mu_vec2 na_wheel_pivot(const na_unit *u, double a);

/* Turns u by angle a (radians) about point p. */
void na_turn_about(na_unit *u, mu_vec2 p, double a);

/* Returns the unit direction of straight step s for u, its length in
 * *len. */
mu_vec2 na_step_direction(const na_unit *u, const na_step *s, double *len);

/* Applies step s to u without checks (a straight step len_override long
 * when that is 0 or more). */
void na_apply_step(na_unit *u, const na_step *s, double len_override);

#endif
