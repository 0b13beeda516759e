/* The Ninth Age ruleset (`ruleset: ninth-age`): games of alternating
 * player turns on a scenario, each a Movement Phase in which a policy
 * moves every unit of its side (March Tests, Advance and March Moves,
 * Reforms); charges, shooting and combat are outside our text, so units
 * that touch an enemy stop there and are recorded as in contact. */
#ifndef MUSTER_NA_RULESET_H
#define MUSTER_NA_RULESET_H

#include "muster/ruleset.h"

extern const mu_ruleset na_ruleset;

/* `muster odds --march-test` (odds_cli.c). */
extern const mu_odds_tool na_march_odds_tool;

#endif
