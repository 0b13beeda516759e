/* The Warmaster battle ruleset ("warmaster-battle", issue 5): whole games
 * between two armies on a scenario, each army played by a scripted
 * policy, with win/draw/loss, command, initiative, contact and off-table
 * statistics per army.
 *
 * An experiment (ruleset: warmaster-battle) names a scenario, two armies
 * (as in battle files, warmaster/wm_scenario.h), rule variants and one or
 * more arms: a policy per army, which army goes first, and whether the
 * armies swap table sides. Games are grouped by arm like the drill's
 * policies: game g plays arm g % arms. Statistics are kept by army
 * (armies[0], armies[1]), whatever table side it took.
 *
 * Output: per-game columns in /games ((game) or (game, army) or (game,
 * character)); count tables in /battle. The format is documented at the
 * layout (src/rules/warmaster/battle_record.c) and in
 * analysis/muster_analysis/warmaster_battle.py. */
#ifndef MUSTER_WM_BATTLE_H
#define MUSTER_WM_BATTLE_H

#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "warmaster/policy/wm_battle_policy.h"
#include "warmaster/wm_game.h"
#include "warmaster/wm_scenario.h"

#define WM_BATTLE_MAX_ARMS MU_MAX_ARMS

/* Who goes first in an arm. */
enum {
    WM_ARM_FIRST_SCENARIO = -1, /* the scenario's `first:` (a side, or a roll-off) */
    WM_ARM_FIRST_ARMY0 = 0,     /* armies[0] */
    WM_ARM_FIRST_ARMY1 = 1,     /* armies[1] */
    WM_ARM_FIRST_ROLL = 2   /* a roll-off, whatever the scenario says */
};

/* One arm of a battle experiment. */
typedef struct wm_arm {
    char label[MU_NAME_MAX];
    wm_policy_spec policy[2]; /* policy[k] plays armies[k] */
    int first;                   /* WM_ARM_FIRST_* */
    int swap;                    /* armies[0] deploys on the scenario's second side */
} wm_arm;

/* A validated battle experiment (mu_experiment.config of a
 * warmaster-battle file). */
typedef struct wm_battle_study {
    wm_battle battle;                             /* armies[k] deployed on side k */
    wm_battlefield swapped_bf;                    /* armies[1] on side 0 (has_swapped) */
    wm_deployed swapped_roster[WM_MAX_UNITS];
    int has_swapped;
    wm_game_rules rules;
    int n_arms;
    wm_arm arms[WM_BATTLE_MAX_ARMS];
} wm_battle_study;

/* The battle's experiment format and its conversion (the ruleset's
 * experiment_schema, load_config and free_config hooks; the config is a
 * wm_battle_study): config/experiment_wm.c. */
extern const yp_value wm_battle_experiment_schema;
int wm_battle_load_config(const yp_doc *doc, const void *raw, const mu_experiment *ex, void **config, char *err,
                          size_t err_len);
void wm_battle_free_config(void *config);

/* The ruleset. */
extern const mu_ruleset wm_battle_ruleset;

#endif
