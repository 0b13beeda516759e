/* Battlesystem rule parameters, and the checks and initiative roll the
 * text names but does not define (assumptions: see CLAUSES.md). */
#include "battlesystem/bs_rules.h"

#include <assert.h>

bs_rules bs_rules_default(void)
{
    bs_rules r = {
        .frontage_change_in = 1.0,
        .gap_fill_in = 1.0,
        .open_gap_in = 0.5,
        .skirmish_gap_in = 1.0,
        .formation_change_frac = 1.0 / 4.0,
        .oblique_max_deg = 45.0,
        .face_quarter_frac = 1.0 / 3.0,
        .face_about_frac = 1.0 / 2.0,
        .withdrawal_in = 3.0,
        .withdrawal_min_rate_in = 3.0,
        .forced_march_mult = 1.5,
        .charge_mult = 1.5,
        .charge_straight_frac = 2.0 / 3.0,
        .charge_closed_ar_bonus = -1,
        .charge_fail_morale = -3,
        .rout_extra_frac = 1.0 / 3.0,
        .surround_gap_in = 1.0,
        .capture_enabled = 0,
        .capture_figures_per_guard = 4,

        .charge_straight = BS_STRAIGHT_TWO_THIRDS_RATE,
        .wheel_measure = BS_WHEEL_FARTHEST_FIGURE,
        .rout_heading = BS_ROUT_HOME_IF_AWAY,
        .rout_home_max_deg = 90.0,
        .forced_march_fail_routs = 1,
        .forced_march_check = BS_MARCH_CHECK_BEYOND_RATE,
        .march_halt_margin_in = 1.0,
        .mob_square_slack = 1,
        .ambush_checks = 1,

        .morale = {.n_dice = 1, .sides = 20, .modifier = 0},
        .discipline = {.n_dice = 1, .sides = 20, .modifier = 0},
        .rally = {.n_dice = 1, .sides = 20, .modifier = 0},
        .initiative_dice = 1,
        .initiative_sides = 10,
        .skirmish_standoff_mm = 1.0,
        .rout_heading_step_deg = 15.0,
        .command_return_rounds = 1,
    };
    r.terrain_cost[BS_TERRAIN_CLEAR] = 1.0;
    r.terrain_cost[BS_TERRAIN_ROUGH] = 2.0;
    r.terrain_cost[BS_TERRAIN_WOODS] = 2.0;
    r.terrain_cost[BS_TERRAIN_HILL] = 1.5;
    r.terrain_cost[BS_TERRAIN_IMPASSABLE] = 1.0; /* unused: impassable blocks */
    return r;
}

int bs_roll(mu_dice *d, int n, int sides)
{
    assert(n >= 0 && sides >= 1);
    int total = 0;
    for (int i = 0; i < n; i++)
        total += mu_dice_dk(d, sides);
    return total;
}

bs_check_result bs_check(const bs_check_rule *r, int rating, int modifier, mu_dice *d)
{
    bs_check_result c;
    c.rolled = 1;
    c.roll = bs_roll(d, r->n_dice, r->sides);
    c.target = rating + r->modifier + modifier;
    c.pass = c.roll <= c.target;
    return c;
}

double bs_check_probability(const bs_check_rule *r, int rating, int modifier)
{
    enum { MAX_TOTAL = 1024 };
    assert(r->n_dice >= 1 && r->sides >= 1 && r->n_dice * r->sides <= MAX_TOTAL);
    double ways[MAX_TOTAL + 1], next[MAX_TOTAL + 1];
    int max = r->n_dice * r->sides;
    for (int t = 0; t <= max; t++)
        ways[t] = 0.0;
    ways[0] = 1.0;
    for (int i = 0; i < r->n_dice; i++) {
        for (int t = 0; t <= max; t++)
            next[t] = 0.0;
        for (int t = 0; t <= max; t++)
            if (ways[t] != 0.0)
                for (int f = 1; f <= r->sides && t + f <= max; f++)
                    next[t + f] += ways[t] / r->sides;
        for (int t = 0; t <= max; t++)
            ways[t] = next[t];
    }
    int target = rating + r->modifier + modifier;
    double p = 0.0;
    for (int t = 0; t <= max && t <= target; t++)
        p += ways[t];
    return p;
}

int bs_roll_initiative(const bs_rules *r, mu_dice *d, int *rounds_rolled)
{
    int rounds = 0;
    for (;;) {
        rounds++;
        int a = bs_roll(d, r->initiative_dice, r->initiative_sides);
        int b = bs_roll(d, r->initiative_dice, r->initiative_sides);
        if (a != b) {
            if (rounds_rolled)
                *rounds_rolled = rounds;
            return a > b ? 0 : 1;
        }
    }
}
