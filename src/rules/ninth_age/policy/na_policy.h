/* Ninth Age policies: what a player decides in the Movement Phase, the
 * order to move the units in and each unit's move. A policy asks the
 * rules (na_movegen, na_move_try) for legal moves and picks one; the
 * rules roll the dice (the March Test comes before the policy chooses).
 *
 *   objective  each unit heads for the nearest objective (the nearest
 *              enemy when the scenario has none), marching whenever it is
 *              allowed (march: false keeps to Advance Moves); it holds in
 *              an objective.
 *   line       a cautious line: every unit advances straight forwards,
 *              no wheels, no marches, by the same distance (the least
 *              Advance Rate of the side's units that may move), and the
 *              whole side halts once any unit is within halt_in of an
 *              enemy.
 *   flanker    each unit wheels round the nearest enemy to a point
 *              flank_in beyond the side of it nearer to the unit,
 *              marching whenever allowed.
 *   random     each unit picks uniformly among its legal moves that move
 *              (the move search's menu); units in a random order.
 *   hold       never moves (a baseline).
 *
 * A move is taken only when it brings the unit at least min_gain_mm
 * nearer its aim than holding (na.search.serves-aim). */
#ifndef MUSTER_NA_POLICY_H
#define MUSTER_NA_POLICY_H

#include "muster/rng.h"
#include "ninth_age/na_move.h"

typedef enum na_policy_kind {
    NA_POLICY_OBJECTIVE,
    NA_POLICY_LINE,
    NA_POLICY_FLANKER,
    NA_POLICY_RANDOM,
    NA_POLICY_HOLD,
    NA_POLICIES
} na_policy_kind;

typedef struct na_policy {
    int kind;           /* na_policy_kind */
    int march;          /* objective, flanker: march whenever allowed (default 1) */
    double halt_mm;     /* line: halt within this of an enemy (default 12") */
    double flank_mm;    /* flanker: aim this far beyond the enemy's flank (default 4") */
    double min_gain_mm; /* least gain that makes a move worth it (default 5 mm) */
} na_policy;

/* Returns the defaults of policy kind k. */
na_policy na_policy_default(int kind);

/* Returns the policy's name ("objective"). */
const char *na_policy_name(int kind);

/* Writes the units of side that the policy moves this phase, in its
 * order, to order[] and returns how many: every unit of side on the table
 * (units that may not move are chosen and refused by the rules). */
int na_policy_order(const na_policy *p, const na_field *f, const na_env *env, int side, mu_rng *rng, int *order);

/* Chooses unit u's move: writes it to *m and its outcome (na_move_try:
 * legal) to *o; a Hold when nothing serves the aim. why (if non-NULL)
 * gets a short reason. Draws from rng only for random. */
void na_policy_choose(const na_policy *p, const na_field *f, const na_env *env, int u, mu_rng *rng, na_move *m,
                      na_outcome *o, const char **why);

/* Returns non-zero when na_policy_choose would choose a March Move for u
 * of f had u not failed its March Test this phase (u's march_denied taken
 * as clear; rng is a copy: the caller's generator does not move). The
 * same answer as choosing on such a copy, with less work: the line and
 * hold never march, objective and flanker stop after the march search. */
int na_policy_would_march(const na_policy *p, const na_field *f, const na_env *env, int u, mu_rng rng);

/* Returns the point unit u of f heads for under policy p (its aim), and
 * in *has whether it has one (0: nothing to head for). */
mu_vec2 na_policy_aim(const na_policy *p, const na_field *f, const na_env *env, int u, int *has);

#endif
