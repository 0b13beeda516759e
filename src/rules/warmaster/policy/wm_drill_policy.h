/* Scripted order-drill policies: in which sequence a player's characters
 * order which units (see wm_drill_policy_kind in wm_drill_config.h). */
#ifndef MUSTER_WM_DRILL_POLICY_H
#define MUSTER_WM_DRILL_POLICY_H

#include "warmaster/wm_drill_config.h"
#include "warmaster/wm_drill.h"

/* Builds the plan of policy p for study s into *plan: characters in the
 * policy's order, each ordering the units planned for him (ordered_by),
 * brigades as one body when p->use_brigades, every group up to
 * p->orders_per_unit times. as-listed, heroes-first and general-first keep
 * the listed unit order; nearest-first orders Heroes before the General and
 * each character's nearest groups (by distance to the group's most distant
 * unit) first, ties in listed order. */
void wm_drill_plan_build(const wm_drill_study *s, const wm_drill_policy *p, wm_drill_plan *plan);

#endif
