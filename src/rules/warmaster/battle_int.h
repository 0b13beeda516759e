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

/* One game's row in /games: each field is the column of its name, declared
 * in battle_record.c (wb_columns). Per-army fields are indexed by army as
 * listed in the experiment; per-character fields by the character axis
 * (armies[0]'s characters, then armies[1]'s). */
typedef struct wb_row {
    uint16_t arm;
    uint8_t swapped;
    uint8_t first;
    uint8_t turns;
    uint8_t end_reason;
    int8_t winner;
    int8_t first_charge;
    int16_t points[2];
    int16_t zones_held[2];
    int16_t enemy_edge_units[2];
    int16_t orders_attempted[2];
    int16_t orders_given[2];
    int16_t orders_failed[2];
    int16_t blunders[2];
    int16_t half_pace_moves[2];
    int16_t brigade_orders[2];
    int16_t general_failure_ended[2];
    int16_t initiative_charges[2];
    int16_t initiative_evades[2];
    int16_t initiative_impossible[2];
    int16_t burst_throughs[2];
    int16_t confused[2];
    int16_t charges[2];
    int16_t engaged_units[2];
    int16_t first_contact_turn[2];
    int16_t off_table[2];
    int16_t off_destroyed[2];
    int16_t off_returned[2];
    int16_t removed_engaged[2];
    int16_t orderable_unit_turns[2];
    int16_t unmoved_unit_turns[2];
    int16_t units_never_moved[2];
    int16_t character_orders_attempted[2 * WM_GAME_SIDE_CHARS];
    int16_t character_orders_given[2 * WM_GAME_SIDE_CHARS];
    int16_t character_blunders[2 * WM_GAME_SIDE_CHARS];
} wb_row;

/* Count tables (in /battle). */
enum { TAB_GAMES, TAB_RESULTS, TAB_END, TAB_ATTEMPTS, TAB_SUCCESSES, TAB_BLUNDERS, TAB_FIRST_CONTACT, TAB_OFF,
       TAB_ZONES, TAB_INITIATIVE, TAB_UNMOVED, N_TABS };

/* Axes. */
enum { AX_GAME, AX_GAME_ARMY, AX_GAME_CHAR, AX_ARM, AX_ARMY, AX_OUTCOME, AX_REASON, AX_PLAYER, AX_COMMAND,
       AX_PENALTY, AX_ORDER, AX_TURN, AX_FATE, AX_ZONE, AX_ACTION, AX_UNIT_TURNS, N_AXES };

enum { OUT_WIN, OUT_DRAW, OUT_LOSS, N_OUTCOMES };
enum { FATE_DESTROYED, FATE_BACK_AT_ONCE, FATE_BACK_LATER, FATE_STILL_OFF, N_FATES };
enum { ACT_CHARGE, ACT_EVADE, ACT_DECLINED, ACT_CHARGE_IMPOSSIBLE, ACT_EVADE_IMPOSSIBLE, N_ACTIONS };
enum { UT_ORDERABLE, UT_UNMOVED, N_UNIT_TURNS };

/* One deployment (as listed, or swapped) with its unit names. */
typedef struct wb_deployment {
    const wm_battlefield *bf;
    const wm_deployed *roster;
    char name_buf[WM_MAX_UNITS][WB_NAME_MAX];
    const char *names[WM_MAX_UNITS];
    wm_fighting fighting[WM_MAX_UNITS]; /* the policies' initiative judgement */
} wb_deployment;

/* The read-only run context. */
typedef struct wb_ctx {
    const wm_battle_study *st; /* borrowed from the experiment */
    uint64_t seed;
    uint64_t arms;     /* game g is game g / arms of arm g % arms */
    wb_deployment dep[2];         /* [0] as listed, [1] swapped (when an arm swaps) */
    int n_chars[2];               /* characters of each army */
    int char_base[2];             /* first slot of each army on the character axis (WM_GAME_SIDE_CHARS each) */
    int n_zones;                  /* zone axis length (at least 1) */
    mu_row_writer rows;           /* wb_row into the /games columns */
} wb_ctx;

/* The invariant checker's tally (wm_game_check after every move), for
 * tools that play games to check them (tests/invariants). */
typedef struct wb_invariants {
    uint64_t moves, faults;
    char first[256]; /* the first fault, "" if none */
} wb_invariants;

/* One game. */
typedef struct wb_state {
    wm_game game;
    wm_policy_state pol[2]; /* by table side */
    wm_player player[2];    /* by table side */
    int arm, swap;
    wb_invariants *inv;     /* NULL (wb_setup's): no checks; else every move is checked into it */
} wb_state;

/* Fills *l for c (axis 0: games, the run's total). */
void wb_build_layout(const wb_ctx *c, uint64_t games, mu_layout *l);

/* The ruleset's record: the game's row and its count-table entries. */
void wb_record(const void *ctx, const void *state, mu_sink *sink);

/* Counts one order roll into the attempts, successes and blunders tables. */
void wb_count_roll(const wb_ctx *c, const wb_state *s, int army, int command, int situational,
                   const mu_order_roll *roll, mu_sink *sink);

#endif
