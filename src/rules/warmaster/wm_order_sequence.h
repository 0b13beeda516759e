/* The sequence rules of the Warmaster Orders sub-phase as pure rule
 * (warmaster-command-and-initiative.txt: "Order sequence", "Giving further
 * orders", "Brigade orders", "Further brigade orders"): no table; the game
 * plays them on the table in game_orders.c.
 *
 * A policy proposes (character, group of units); wm_order_check says
 * whether the rules allow it, and wm_order_give rolls the dice and
 * updates the phase. Units are numbered 0..31 and groups are bit masks. */
#ifndef MUSTER_WM_ORDER_SEQUENCE_H
#define MUSTER_WM_ORDER_SEQUENCE_H

#include "muster/dice.h"
#include "warmaster/wm_order_roll.h"

#include <stdint.h>

#define WM_PHASE_MAX_UNITS 32
#define WM_PHASE_MAX_CHARACTERS 16

/* The state of one side's Orders sub-phase. Zero-initialise through
 * wm_order_phase_begin. */
typedef struct wm_order_phase {
    uint32_t brigade_at_start[WM_PHASE_MAX_UNITS]; /* units touching unit u as one brigade (incl. u) */
    uint32_t attempted;       /* units that have had an order roll this phase */
    uint32_t closed;          /* units that may not be ordered again */
    uint32_t current_group;   /* the group the current character last ordered */
    uint32_t pending_brigade; /* brigade being moved: left whole once other units move */
    uint32_t half_pace;       /* units moving half pace after a failed first order */
    uint8_t orders[WM_PHASE_MAX_UNITS]; /* order rolls each unit has had */
    uint8_t ordered_by[WM_PHASE_MAX_UNITS]; /* character index + 1, 0 = none */
    uint16_t failed_characters; /* characters who failed an order (they stop) */
    uint16_t done_characters;   /* characters who handed over to another */
    int8_t current_character;   /* -1 before the first order */
    uint8_t general_failed;     /* the General failed: no one may order */
    uint8_t max_group;          /* units one order may take: 4 ("up to four units") from
                                   wm_order_phase_begin; a caller whose lists allow larger
                                   brigades raises it and checks their sizes itself */
} wm_order_phase;

/* Why the rules refuse an order (MU_ORDER_ALLOWED: they do not). */
typedef enum mu_order_refusal {
    MU_ORDER_ALLOWED = 0,
    MU_ORDER_GENERAL_FAILED,    /* "Once the General has failed ..." */
    MU_ORDER_CHARACTER_FAILED,  /* "Once a character has failed ..." */
    MU_ORDER_CHARACTER_DONE,    /* he handed over: "... then the first character again" */
    MU_ORDER_UNIT_TAKEN,        /* another character ordered it, "even if the order was failed" */
    MU_ORDER_UNIT_LEFT,         /* "not permitted to go back to a previously moved unit",
                                   including a brigade left for other units */
    MU_ORDER_TOO_MANY,          /* "a maximum of three orders" */
    MU_ORDER_NOT_A_BRIGADE      /* empty, more than four, or not touching at the start */
} mu_order_refusal;

/* The outcome of one order roll. */
typedef struct mu_order_roll {
    mu_2d6 dice;
    int target;       /* the highest score that succeeds */
    int order_number; /* 1..3 */
    int success;
    int blunder;      /* a 12 under the blunder assumption */
} mu_order_roll;

/* Starts a phase. brigade_at_start[u] is the mask of units forming one
 * brigade with u at the start of the Orders sub-phase (bit u alone if it
 * stands alone); n_units <= WM_PHASE_MAX_UNITS. */
void wm_order_phase_begin(wm_order_phase *ph, const uint32_t *brigade_at_start, int n_units);

/* Returns the order number (1-based) the group's next order would be: one
 * more than the most orders any of its units has had. */
int wm_order_number(const wm_order_phase *ph, uint32_t group);

/* Returns whether the rules let character (index < 16; is_general if he is
 * the General) give an order to group now, and if not, why. */
mu_order_refusal wm_order_check(const wm_order_phase *ph, int character, int is_general,
                                   uint32_t group);

/* Gives the order: the caller has checked it is allowed. Rolls 2D6 from
 * dice against command minus situational_penalty (distance, enemy close,
 * dense terrain, casualties) minus the order-number penalty, updates the
 * phase (a failed first order marks the group half pace; any failure stops
 * the character, and the General's failure stops everyone) and returns the
 * roll. */
mu_order_roll wm_order_give(wm_order_phase *ph, int character, int is_general, uint32_t group,
                               int command, int situational_penalty, const wm_order_rules *rules,
                               mu_dice *dice);

/* Returns a short English name for a refusal, e.g. "unit taken". */
const char *mu_order_refusal_name(mu_order_refusal r);

#endif
