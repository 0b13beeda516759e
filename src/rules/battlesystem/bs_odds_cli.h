/* Battlesystem's calculator for `muster odds` (see mu_odds_tool in
 * muster/ruleset.h): the command-line side of the exact forced-march odds
 * (bs_check_probability in bs_rules.h, muster/odds_forced_march.h). */
#ifndef MUSTER_BS_ODDS_CLI_H
#define MUSTER_BS_ODDS_CLI_H

#include "muster/ruleset.h"

/* `muster odds --forced-march --morale M ...` (odds_cli.c): the AR penalty
 * distribution after a schedule of forced marches and rests. */
extern const mu_odds_tool bs_forced_march_odds_tool;

#endif
