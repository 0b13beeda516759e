/* The sequence rules of the Orders sub-phase as pure rule
 * (wm_order_sequence.h): which orders the rules allow, and giving them,
 * with units as numbers and groups as bit masks (no table). The order
 * drill (drill.c) plays them alone; the game on the table through
 * game_orders.c. */
#include "warmaster/wm_order_sequence.h"

#include <assert.h>
#include <string.h>

/* RULE wm.brigade.fixed-at-start */
void wm_order_phase_begin(wm_order_phase *ph, const uint32_t *brigade_at_start, int n_units)
{
    assert(n_units >= 0 && n_units <= WM_PHASE_MAX_UNITS);
    memset(ph, 0, sizeof *ph);
    memcpy(ph->brigade_at_start, brigade_at_start, (size_t)n_units * sizeof *brigade_at_start);
    ph->current_character = -1;
    ph->max_group = 4;
}

/* RULE wm.orders.multiple */
int wm_order_number(const wm_order_phase *ph, uint32_t group)
{
    int most = 0;
    for (uint32_t m = group; m; m &= m - 1) {
        int u = __builtin_ctz(m);
        if (ph->orders[u] > most)
            most = ph->orders[u];
    }
    return most + 1;
}

/* A group is a body the rules can order: one unit, or up to four units
 * (ph->max_group) of one brigade as it stood at the start of the Orders
 * sub-phase. */
/* RULE wm.brigade.one-order wm.brigade.fixed-at-start */
static int is_orderable_body(const wm_order_phase *ph, uint32_t group)
{
    if (group == 0 || __builtin_popcount(group) > ph->max_group)
        return 0;
    uint32_t brigade = ph->brigade_at_start[__builtin_ctz(group)];
    return (group & ~brigade) == 0;
}

/* RULE wm.orders.unit-taken */
static int units_taken_by_other(const wm_order_phase *ph, int character, uint32_t group)
{
    for (uint32_t m = group & ph->attempted; m; m &= m - 1)
        if (ph->ordered_by[__builtin_ctz(m)] != character + 1)
            return 1;
    return 0;
}

/* RULE wm.orders.three-at-most wm.orders.character-finishes wm.orders.character-failed
 * RULE wm.orders.general-failed wm.orders.no-return-to-unit wm.orders.unit-taken
 * RULE wm.brigade.further-orders wm.game.brigade-further */
mu_order_refusal wm_order_check(const wm_order_phase *ph, int character, int is_general,
                                   uint32_t group)
{
    (void)is_general;
    if (ph->general_failed)
        return MU_ORDER_GENERAL_FAILED;
    if (ph->failed_characters & (1u << character))
        return MU_ORDER_CHARACTER_FAILED;
    if (ph->done_characters & (1u << character))
        return MU_ORDER_CHARACTER_DONE;
    if (!is_orderable_body(ph, group))
        return MU_ORDER_NOT_A_BRIGADE;
    if (units_taken_by_other(ph, character, group))
        return MU_ORDER_UNIT_TAKEN;
    if (character != ph->current_character)
        return MU_ORDER_ALLOWED; /* a new character starts afresh on untaken units */
    if (group & ph->closed)
        return MU_ORDER_UNIT_LEFT;
    if (wm_order_number(ph, group) > 3)
        return MU_ORDER_TOO_MANY;
    return MU_ORDER_ALLOWED;
}

/* Bookkeeping when character turns to group: handing over from another
 * character; leaving the previous group (ordering a subset of it, as when
 * a brigade is split, leaves nothing); and the brigade rule: the units of a
 * brigade that has moved may be ordered as sub-brigades or singly, but once
 * the character orders a unit outside it, the whole brigade is left. */
/* RULE wm.orders.character-finishes wm.orders.no-return-to-unit wm.brigade.further-orders */
static void turn_to(wm_order_phase *ph, int character, uint32_t group)
{
    if (character != ph->current_character) {
        if (ph->current_character >= 0)
            ph->done_characters |= (uint16_t)(1u << ph->current_character);
        ph->current_character = (int8_t)character;
        ph->current_group = 0;
        ph->pending_brigade = 0;
    }
    uint32_t prev = ph->current_group;
    if (group != prev) {
        int splitting = (group & ~prev) == 0;
        if (!splitting)
            ph->closed |= prev;
        if (ph->pending_brigade && (group & ~ph->pending_brigade)) {
            ph->closed |= ph->pending_brigade;
            ph->pending_brigade = 0;
        }
        if (!ph->pending_brigade && __builtin_popcount(group) > 1)
            ph->pending_brigade = group;
    }
    ph->current_group = group;
}

/* RULE wm.orders.failed-first-half-pace wm.orders.character-failed wm.orders.general-failed
 * RULE wm.orders.failed-further-no-move wm.brigade.failed-order wm.game.order-sequence */
mu_order_roll wm_order_give(wm_order_phase *ph, int character, int is_general, uint32_t group,
                               int command, int situational_penalty, const wm_order_rules *rules,
                               mu_dice *dice)
{
    assert(wm_order_check(ph, character, is_general, group) == MU_ORDER_ALLOWED);
    turn_to(ph, character, group);
    mu_order_roll roll;
    roll.order_number = wm_order_number(ph, group);
    roll.target = command - situational_penalty - (roll.order_number - 1);
    roll.dice = mu_dice_2d6(dice);
    int sum = mu_2d6_sum(roll.dice);
    roll.success = wm_order_roll_succeeds(rules, roll.target, sum);
    roll.blunder = rules->blunder_on_12 && sum == 12;

    ph->attempted |= group;
    for (uint32_t m = group; m; m &= m - 1) {
        int u = __builtin_ctz(m);
        ph->orders[u]++;
        ph->ordered_by[u] = (uint8_t)(character + 1);
    }
    if (!roll.success) {
        if (roll.order_number == 1)
            ph->half_pace |= group;
        ph->failed_characters |= (uint16_t)(1u << character);
        if (is_general)
            ph->general_failed = 1;
    }
    return roll;
}

const char *mu_order_refusal_name(mu_order_refusal r)
{
    static const char *const names[] = {"allowed", "general failed", "character failed",
                                        "character done", "unit taken", "unit left",
                                        "too many orders", "not a brigade"};
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "?";
}
