/* Internal to src/rules/warmaster: what the game's files share (game.c,
 * command_phase.c, initiative.c, game_orders.c, game_order_moves.c,
 * game_offtable.c, game_score.c, game_check.c). See warmaster/wm_game.h. */
#ifndef MUSTER_WM_GAME_INT_H
#define MUSTER_WM_GAME_INT_H

#include "muster/ruleset.h"
#include "warmaster/wm_game.h"

#include <stdint.h>

/* Prints one line of the play-by-play when env->trace is set. */
#define GTRACE(env, ...)                                                       \
    do {                                                                       \
        if ((env)->trace)                                                      \
            mu_trace_line((env)->trace, __VA_ARGS__);                          \
    } while (0)

static inline uint64_t wm_bit(int u) { return UINT64_C(1) << u; }

/* Returns unit u's name for traces. */
const char *wm_g_name(const wm_game *g, int u);

/* Writes the names of bf mask group's units, joined by '+', into buf (len
 * bytes, cut if too short) for traces; returns buf. */
const char *wm_g_group_names(const wm_game *g, uint64_t group, char *buf, size_t len);

/* Returns the local mask (order-phase indices) of bf mask group, whose
 * units must be side's non-character units. */
uint32_t wm_g_local_mask(const wm_game *g, int side, uint64_t group);

/* Reports ev: marks units that touch the enemy's table edge, calls the
 * after_move hook. */
void wm_g_moved(wm_game *g, const wm_game_env *env, const wm_move_event *ev);

/* Applies move m (checked) of unit m->unit with its allowance and
 * reports it. */
void wm_g_apply_move(wm_game *g, const wm_move *m, double allowance_mm, const wm_game_env *env);

/* Returns non-zero when some stand of a touches some stand of b. */
int wm_g_units_touch(const wm_unit *a, const wm_unit *b);

/* The army-list rules of command, initiative and confusion that hold for
 * unit u now: those of a friendly unit on the table that touches it and
 * shares its rules with u's entry (shares_with_touching; the lowest index
 * if several), else u's own. Its readers take from it command_modifier
 * (with its conditions), initiative and must_charge_races, and
 * never_confused (a unit burst through is spared when its own rule or
 * this one says so); never_evade stays the unit's own. */
const wm_unit_rules *wm_g_rules(const wm_game *g, int u);

/* Returns non-zero when unit u touches a stand of an enemy unit (not a
 * character) on the table. */
int wm_g_touches_enemy(const wm_game *g, int u);

/* After unit u's move: engages u and every enemy unit it touches (their
 * touching stands), counting a charge for u's side (first contact turn,
 * first charge of the battle). Returns the enemies touched (0: none). */
uint64_t wm_g_contact(wm_game *g, int u, const wm_game_env *env);

/* Moves the ordered group (bf units of side) for goal with moves of kind
 * (WM_MOVE_ORDERED or WM_MOVE_HALF_PACE): members with a charge
 * target charge when may_charge, one at a time; the others move as one
 * body (see wm_game_order). Fills res->moved, charged, brigade_kept. */
void wm_g_move_group(wm_game *g, int side, uint64_t group, const wm_order_goal *goal, wm_move_kind kind,
                     int may_charge, wm_order_result *res, const wm_game_env *env);

/* Unit u (with the characters joined to it) has left the table by a
 * move: resolves it at once with wm_offtable_leave and sets it off
 * the table, back with its move over, or destroyed; may end the battle
 * (the General). */
void wm_g_leave_table(wm_game *g, int u, const wm_game_env *env);

/* The start-of-turn rolls of side's units off the table. */
void wm_g_offtable_returns(wm_game *g, int side, const wm_game_env *env);

/* A blundered order with rules->blunder_retreat: each unit of group (in
 * ascending order) retreats up to a full pace straight toward its own
 * table edge, halting at terrain it cannot enter and short of other
 * units; a unit whose stands cross the edge leaves the table. Returns the
 * units that left. */
uint64_t wm_g_blunder_retreat(wm_game *g, uint64_t group, const wm_game_env *env);

/* Returns WM_ALLOWED when character may give orders now in side's Orders
 * sub-phase (a character of side on the table, not one who gives none),
 * else why not (WM_REFUSE_PHASE, _NOT_CHARACTER, _LIST_RULE). */
wm_refusal wm_g_character_check(const wm_game *g, int side, int character);

/* Returns non-zero when the army lists let character order unit u:
 * ordered_by, cannot_order, a unit that takes none (free_move_d6_cm)
 * and, when ranges, the order ranges (the
 * unit's order_range_mm, the character's unless the unit
 * ignores_command_range). */
int wm_g_list_may_order(const wm_game *g, int character, int u, int ranges);

/* Returns non-zero when the lists' brigade rules allow group (units of
 * one side) as one brigade: no unit of it refuses another (brigade:
 * never, brigade_with, brigade_excludes_types) or the company of the
 * whole (brigade_not_with unless brigade_not_with_unless). Size and
 * touching are other checks (wm_game_brigade_size_allowed,
 * wm_game_order_check). */
int wm_g_lists_allow_brigade(const wm_game *g, uint64_t group);

/* The army-list modifier of an order of character to the units of group
 * (one per order: the most negative when any is negative, else the
 * largest; plus the character's order_modifier). */
int wm_g_list_modifier(const wm_game *g, int character, uint64_t group);

/* Adds unit un, standing as given (on the table, or where it would be
 * placed), to the situation s of an order by character ch: the distance
 * (largest over the group), the closest enemy unit on the table, dense
 * terrain, the worst casualties and the distance factor, with un's list
 * rules; alone: the order is to un alone. */
void wm_g_situation_add(const wm_game *g, const wm_unit *ch, const wm_unit *un, int alone, wm_order_situation *s);

/* Rolls character's order to group (checked) with Command command and the
 * situational penalty (wm_order_give), counts it in side's statistics and
 * reports it to env->on_order. A guided roll (see wm_game_command) never
 * blunders and always fails on a double six; when it fails, guidance
 * ends for the phase and side's characters yet to roll are confused. */
mu_order_roll wm_g_roll(wm_game *g, int side, int character, uint64_t group, int command, int situational,
                        const wm_game_env *env);

/* Ends the battle because side's General left the table. */
void wm_g_general_left(wm_game *g, int side, const wm_game_env *env);

#endif
