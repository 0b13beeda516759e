/* The Battlesystem ruleset ("battlesystem"): whole games of a scenario's
 * Game Rounds (battlesystem-movement-phase.txt), each round: initiative,
 * the rally attempts of the policies that rally, both sides' Movement
 * Phases (the initiative winner's first) with each unit's plan from its
 * side's policy (battlesystem/policy/bs_policy.h) carried out through the engine, and
 * the round's end (AR recovery). Melee is outside our text: units in
 * contact stay engaged (they may only wrap around or withdraw, 7.8) and
 * never recover AR (they fight). A game ends after the scenario's rounds,
 * or earlier when a side that began with units has none on the table.
 *
 * Games are grouped by arm (a policy pairing, one per `policies:` entry):
 * game g plays arm g % arms. Each game has its own policy generator, drawn from the
 * experiment's seed and g apart from the rules' dice, so changing a
 * policy's parameters does not change the dice the rules roll.
 *
 * Output (layout built in prepare; every count is an integer):
 *   /games/arm                per game: its arm (index on /battlesystem/arm)
 *   /games/<counter>          per game: forced marches, morale checks
 *                             passed/failed, charges declared/made/short,
 *                             routs and rout chains, withdrawals, units
 *                             removed/destroyed, ... (bs_tally)
 *   /games/ar_penalty         (game, round): total AR penalty at the
 *                             round's end over the units on the table
 *   /games/initiative         (game, round): side that won initiative
 *   /games/final_ar_penalty, /games/unit_fate   (game, unit)
 *   /battlesystem/ar_penalty  (arm, round, morale, penalty): units on
 *                             the table at the round's end
 *   /battlesystem/ar_penalty_by_unit (arm, unit, round, penalty)
 *   /battlesystem/march_checks (arm, morale, check)
 *   /battlesystem/charges_by_error (arm, error_bin, outcome)
 *   /battlesystem/charges_by_range (arm, range_bin, outcome)
 *   /battlesystem/unit_fate   (arm, unit, fate)
 *   /battlesystem/games       (arm) */
#ifndef MUSTER_BS_RULESET_H
#define MUSTER_BS_RULESET_H

#include "muster/ruleset.h"

/* Charge outcomes by the estimate's relative error e: bin k covers
 * [5k %, 5(k+1) %), k = BS_ERROR_BIN_MIN .. BS_ERROR_BIN_MIN +
 * BS_ERROR_BINS - 1, the end bins open (e < -50 %, e >= +50 %). */
#define BS_ERROR_BIN_MIN (-11)
#define BS_ERROR_BINS 22

/* Charge outcomes by the true distance along the charge line in tenths of
 * the unit's rate: bin k covers [k/10, (k+1)/10) x rate; the last bin
 * holds 2 x rate or more and lines that miss the target. */
#define BS_RANGE_BINS 21

/* Returns the error bin (BS_ERROR_BIN_MIN ..) of relative error e. */
int bs_error_bin(double e);

/* Returns the range bin (0 .. BS_RANGE_BINS - 1) of a charge line of
 * true_mm (INFINITY: it misses) for a unit of rate rate_mm (> 0). */
int bs_range_bin(double true_mm, double rate_mm);

/* The Battlesystem ruleset ("battlesystem"). */
extern const mu_ruleset bs_ruleset;

#endif
