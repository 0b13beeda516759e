/* Internals of the warmaster-battle ruleset (battle_ruleset.c: the
 * games; battle_record.c: the layout and the record). Not public. */
#ifndef MUSTER_WM_BATTLE_INT_H
#define MUSTER_WM_BATTLE_INT_H

#include "warmaster/wm_battle.h"

#include <stdint.h>

#define WB_NAME_MAX 72
#define WB_PENALTY_MAX 15 /* count tables: penalty 0..15, the last bin 15 or more */
#define WB_COMMAND_MIN 1  /* Command axis 1..12 */
#define WB_N_COMMAND 12

/* Per-game columns (in /games). */
enum {
    COL_ARM, COL_SWAPPED, COL_FIRST, COL_TURNS, COL_END, COL_WINNER, COL_FIRST_CHARGE,
    COL_POINTS, COL_ZONES, COL_EDGE_UNITS, COL_ATTEMPTED, COL_GIVEN, COL_FAILED, COL_BLUNDERS, COL_HALF_PACE,
    COL_BRIGADE_ORDERS, COL_GENERAL_ENDED, COL_INIT_CHARGES, COL_INIT_EVADES, COL_INIT_IMPOSSIBLE, COL_BURST,
    COL_CONFUSED, COL_CHARGES, COL_ENGAGED, COL_FIRST_CONTACT, COL_OFF_LEFT, COL_OFF_DESTROYED, COL_OFF_RETURNED,
    COL_REMOVED_ENGAGED,
    COL_CHAR_ATTEMPTED, COL_CHAR_GIVEN, COL_CHAR_BLUNDERS, N_COLS
};

/* Count tables (in /battle). */
enum { TAB_GAMES, TAB_RESULTS, TAB_END, TAB_ATTEMPTS, TAB_SUCCESSES, TAB_BLUNDERS, TAB_FIRST_CONTACT, TAB_OFF,
       TAB_ZONES, TAB_INITIATIVE, N_TABS };

/* Axes. */
enum { AX_GAME, AX_GAME_ARMY, AX_GAME_CHAR, AX_ARM, AX_ARMY, AX_OUTCOME, AX_REASON, AX_PLAYER, AX_COMMAND,
       AX_PENALTY, AX_ORDER, AX_TURN, AX_FATE, AX_ZONE, AX_ACTION, N_AXES };

enum { OUT_WIN, OUT_DRAW, OUT_LOSS, N_OUTCOMES };
enum { FATE_DESTROYED, FATE_BACK_AT_ONCE, FATE_BACK_LATER, FATE_STILL_OFF, N_FATES };
enum { ACT_CHARGE, ACT_EVADE, ACT_DECLINED, ACT_CHARGE_IMPOSSIBLE, ACT_EVADE_IMPOSSIBLE, N_ACTIONS };

/* One deployment (as listed, or swapped) with its unit names. */
typedef struct wb_deployment {
    const wm_battlefield *bf;
    const wm_deployed *roster;
    char name_buf[WM_MAX_UNITS][WB_NAME_MAX];
    const char *names[WM_MAX_UNITS];
} wb_deployment;

/* The read-only run context. */
typedef struct wb_ctx {
    const wm_battle_study *st; /* borrowed from the experiment */
    uint64_t seed;
    uint64_t games_per_arm;
    wb_deployment dep[2];         /* [0] as listed, [1] swapped (when an arm swaps) */
    int n_chars[2];               /* characters of each army */
    int char_base[2];             /* first index of each army's characters on the character axis */
    int n_zones;                  /* zone axis length (at least 1) */
} wb_ctx;

/* One game. */
typedef struct wb_state {
    wm_game game;
    wm_policy_state pol[2]; /* by table side */
    wm_player player[2];    /* by table side */
    int arm, swap;
} wb_state;

/* Fills *l for c (axis 0: games, the run's total). */
void wb_build_layout(const wb_ctx *c, uint64_t games, mu_layout *l);

/* The ruleset's record: the game's row and its count-table entries. */
void wb_record(const void *ctx, const void *state, mu_sink *sink);

/* Counts one order roll into the attempts, successes and blunders tables. */
void wb_count_roll(const wb_ctx *c, const wb_state *s, int army, int command, int situational,
                   const mu_order_roll *roll, mu_sink *sink);

#endif
