/* Exact odds of a D6-with-modifier chart that is rolled again each turn
 * while it says "still off". */
#include "muster/odds_offtable.h"

#include <string.h>

/* RULE wm.offtable.chart-destroyed */
mu_offtable_fate mu_offtable_fate_of_score(const mu_offtable_chart *c, int score)
{
    if (score <= c->destroyed_max)
        return MU_OFFTABLE_DESTROYED;
    if (score <= c->off_max)
        return MU_OFFTABLE_OFF;
    if (score <= c->halted_max)
        return MU_OFFTABLE_BACK_HALTED;
    return MU_OFFTABLE_BACK_FREE;
}

const char *mu_offtable_fate_name(mu_offtable_fate f)
{
    switch (f) {
    case MU_OFFTABLE_DESTROYED:
        return "destroyed";
    case MU_OFFTABLE_OFF:
        return "off the table";
    case MU_OFFTABLE_BACK_HALTED:
        return "back, halted";
    case MU_OFFTABLE_BACK_FREE:
        return "back, free";
    case MU_OFFTABLE_N_FATES:
        break;
    }
    return "?";
}

int mu_offtable_ways(const mu_offtable_chart *c, int modifier, mu_offtable_fate f)
{
    int ways = 0;
    for (int die = 1; die <= 6; die++)
        ways += mu_offtable_fate_of_score(c, die + modifier) == f;
    return ways;
}

/* Roll k is made only while every earlier roll said "still off", so
 * p_at[k][f] = r^k p_roll[f] with r = p_roll[OFF]; the loop carries r^k. */
/* RULE wm.offtable.exact-odds */
int mu_offtable_odds_compute(const mu_offtable_chart *c, int modifier, int turns,
                             mu_offtable_odds *out)
{
    if (c->destroyed_max > c->off_max || c->off_max > c->halted_max)
        return -1;
    if (modifier < -MU_OFFTABLE_MAX_MODIFIER || modifier > MU_OFFTABLE_MAX_MODIFIER)
        return -1;
    if (turns < 0 || turns > MU_OFFTABLE_MAX_TURNS)
        return -1;
    memset(out, 0, sizeof *out);
    out->modifier = modifier;
    out->turns = turns;
    for (int f = 0; f < MU_OFFTABLE_N_FATES; f++) {
        out->ways[f] = mu_offtable_ways(c, modifier, (mu_offtable_fate)f);
        out->p_roll[f] = out->ways[f] / 6.0;
    }

    double reach = 1.0; /* P(roll k is made) */
    for (int k = 0; k <= turns; k++) {
        for (int f = 0; f < MU_OFFTABLE_N_FATES; f++)
            out->p_at[k][f] = reach * out->p_roll[f];
        for (int f = 0; f < MU_OFFTABLE_N_FATES; f++)
            if (f != MU_OFFTABLE_OFF)
                out->p_final[f] += out->p_at[k][f];
        reach = out->p_at[k][MU_OFFTABLE_OFF];
    }
    out->p_final[MU_OFFTABLE_OFF] = reach;

    double back_roll = out->p_roll[MU_OFFTABLE_BACK_HALTED] + out->p_roll[MU_OFFTABLE_BACK_FREE];
    out->p_back_immediately = back_roll;
    out->p_back_within = out->p_final[MU_OFFTABLE_BACK_HALTED] + out->p_final[MU_OFFTABLE_BACK_FREE];
    int settle_ways = 6 - out->ways[MU_OFFTABLE_OFF];
    if (settle_ways > 0) {
        /* the first roll that is not "off" is uniform over the other faces */
        out->p_back_ever = (out->ways[MU_OFFTABLE_BACK_HALTED] + out->ways[MU_OFFTABLE_BACK_FREE]) /
                           (double)settle_ways;
        out->p_destroyed_ever = out->ways[MU_OFFTABLE_DESTROYED] / (double)settle_ways;
    }
    return 0;
}
