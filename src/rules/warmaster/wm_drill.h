/* The Warmaster order drill: one Command phase of orders, units standing
 * still, measuring what the order rules allow (warmaster-command-and-
 * initiative.txt, "Orders" to "Further brigade orders"). A game is one
 * Orders sub-phase of one army under one policy; games are grouped by
 * arm (one per `policies:` entry): game g is game g / arms of arm g % arms. */
#ifndef MUSTER_WM_DRILL_H
#define MUSTER_WM_DRILL_H

#include "muster/ruleset.h"
#include "warmaster/wm_drill_config.h"

#include <stdint.h>

/* Count tables bin the situational penalty 0..WM_DRILL_PENALTY_MAX, the
 * last bin holding that penalty or more. */
#define WM_DRILL_PENALTY_MAX 15

/* One step of a policy's plan: a character orders a unit or brigade up to
 * `orders` times in succession. */
typedef struct wm_drill_step {
    uint8_t character;
    uint8_t orders;
    uint32_t group; /* unit bit mask */
} wm_drill_step;

/* A policy's plan: steps in the order the player will try them. */
typedef struct wm_drill_plan {
    int n_steps;
    wm_drill_step steps[WM_DRILL_MAX_UNITS];
} wm_drill_plan;

/* Returns the Warmaster Command penalties of group (bit mask of units) when
 * ordered by character c, except the order-number penalty: distance to its
 * most distant unit, and enemy close, dense terrain and the worst
 * casualties each counted once ("Brigade orders"). */
int wm_drill_situational_penalty(const wm_drill_study *study, const wm_order_rules *rules, int c,
                                 uint32_t group);

/* The order drill ruleset ("warmaster-order-drill"). */
extern const mu_ruleset wm_order_drill;

#endif
