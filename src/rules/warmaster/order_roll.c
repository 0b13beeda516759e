/* The Warmaster order roll as pure rule (wm_order_roll.h): Command
 * penalties, order targets and whether a 2D6 roll gives the order, from
 * numbers alone (no table, no sub-phase). The sub-phase's sequence rules
 * are order_sequence.c; the game measures the penalties on the table in
 * game_orders.c. */
#include "warmaster/wm_order_roll.h"

#include "muster/odds.h"

#include <assert.h>
#include <math.h>

wm_order_rules wm_order_rules_default(void)
{
    wm_order_rules r = {.distance_step_mm = 200.0, .enemy_close_mm = 200.0, .blunder_on_12 = 1};
    return r;
}

/* RULE wm.orders.distance-penalty */
int wm_distance_penalty(double dist_mm, double step_mm)
{
    assert(step_mm > 0.0);
    if (!(dist_mm > step_mm))
        return 0;
    return (int)ceil(dist_mm / step_mm) - 1;
}

/* RULE wm.orders.distance-shortest wm.orders.multiple wm.orders.enemy-close
 * RULE wm.orders.dense-terrain wm.orders.casualties wm.orders.worked-example
 * RULE wm.armylist.trolls-distance wm.armylist.command-modifier */
wm_penalties wm_order_penalties(const wm_order_rules *r,
                                      const wm_order_situation *s,
                                      int order_number)
{
    assert(order_number >= 1 && order_number <= 3);
    wm_penalties p;
    p.distance = wm_distance_penalty(s->distance_mm, r->distance_step_mm) *
                 (s->distance_factor > 1 ? s->distance_factor : 1);
    p.order_number = order_number - 1;
    p.enemy_close = s->enemy_distance_mm <= r->enemy_close_mm;
    p.dense_terrain = s->in_dense_terrain != 0;
    p.casualties = s->stands_lost > 0 ? s->stands_lost : 0;
    p.list_rule = -s->list_modifier;
    p.total = p.distance + p.order_number + p.enemy_close + p.dense_terrain + p.casualties + p.list_rule;
    return p;
}

/* RULE wm.orders.worked-example */
int wm_order_target(int command, const wm_penalties *p)
{
    return command - p->total;
}

int wm_order_success_ways(const wm_order_rules *r, int target)
{
    int ways = mu_2d6_ways_le(target);
    if (r->blunder_on_12 && ways == 36)
        ways = 35;
    return ways;
}

/* RULE wm.orders.roll */
int wm_order_roll_succeeds(const wm_order_rules *r, int target, int sum)
{
    if (r->blunder_on_12 && sum == 12)
        return 0;
    return sum <= target;
}
