/* Warmaster's calculators for `muster odds` (see mu_odds_tool in
 * muster/ruleset.h): the command-line side of the exact odds; the
 * probabilities themselves come from wm_order_roll.h, wm_offtable.h and
 * muster/odds*.h. */
#ifndef MUSTER_WM_ODDS_CLI_H
#define MUSTER_WM_ODDS_CLI_H

#include "muster/ruleset.h"

/* Order odds, `muster odds --command N ...` (odds_cli.c): one order roll or
 * a character's order chain. The registry's default calculator (no
 * selecting option); the order drill's table carries it. */
extern const mu_odds_tool wm_order_odds_tool;

/* Off-table fates, `muster odds --off-table --lost N ...`
 * (offtable_odds_cli.c); the battle ruleset's table carries it. */
extern const mu_odds_tool wm_offtable_odds_tool;

#endif
