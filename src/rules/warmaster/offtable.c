/* Warmaster: units which move off the table (warmaster-movement,
 * "Units which move off the table"). */
#include "warmaster/wm_offtable.h"

#include <assert.h>

const mu_offtable_chart wm_offtable_chart = {.destroyed_max = 0, .off_max = 2, .halted_max = 4};

/* RULE wm.edge.whole-unit-leaves wm.offtable.whole-unit */
int wm_stands_leave_table(const mu_orect *stands, int n, double width_mm, double depth_mm)
{
    for (int i = 0; i < n; i++) {
        mu_vec2 corner[4];
        mu_orect_corners(&stands[i], corner);
        for (int k = 0; k < 4; k++)
            if (corner[k].x < -MU_GEOM_EPS_MM || corner[k].x > width_mm + MU_GEOM_EPS_MM ||
                corner[k].y < -MU_GEOM_EPS_MM || corner[k].y > depth_mm + MU_GEOM_EPS_MM)
                return 1;
    }
    return 0;
}

/* RULE wm.edge.offtable-chart wm.offtable.roll-modifier wm.offtable.lone-character */
int wm_offtable_modifier(const wm_offtable_body *b)
{
    return b->lone_character ? 0 : -b->stands_lost;
}

/* One roll on the chart: "roll a D6 ... Deduct -1 from the roll for each of
 * the unit's stands that has already been removed". */
/* RULE wm.offtable.chart-destroyed wm.offtable.reroll-modifier */
static void roll_chart(wm_offtable *s, mu_dice *dice)
{
    s->last_die = mu_dice_d6(dice);
    s->last_score = s->last_die + wm_offtable_modifier(&s->body);
    s->fate = mu_offtable_fate_of_score(&wm_offtable_chart, s->last_score);
    s->rolls++;
}

/* RULE wm.edge.offtable-chart wm.offtable.causes wm.offtable.combat-retreat
 * RULE wm.offtable.roll-modifier wm.offtable.chart-back-no-move wm.offtable.chart-back-may-move
 * RULE wm.offtable.general-leaves */
void wm_offtable_leave(wm_offtable *s, const wm_offtable_body *b,
                          wm_offtable_cause cause, mu_dice *dice)
{
    assert(b->stands_lost >= 0);
    assert(!b->lone_character || b->stands_lost == 0);
    *s = (wm_offtable){.body = *b, .cause = cause};
    if (cause == WM_OFFTABLE_COMBAT_RETREAT)
        s->fate = MU_OFFTABLE_DESTROYED; /* "deemed destroyed" */
    else
        roll_chart(s, dice);
    s->returned_immediately = wm_offtable_is_back(s);
    /* 5-6 now: not "reappearing at the beginning of a turn", so the move
     * that took it off is its last this turn (a pinned reading). */
    s->may_move = 0;
    s->battle_over = b->with_general && !s->returned_immediately;
}

/* RULE wm.offtable.chart-roll-again */
int wm_offtable_pending(const wm_offtable *s)
{
    return s->fate == MU_OFFTABLE_OFF && !s->battle_over;
}

/* RULE wm.edge.offtable-chart wm.offtable.chart-roll-again wm.offtable.chart-back-no-move
 * RULE wm.offtable.chart-back-may-move */
void wm_offtable_start_of_turn(wm_offtable *s, mu_dice *dice)
{
    assert(wm_offtable_pending(s));
    roll_chart(s, dice);
    s->may_move = s->fate == MU_OFFTABLE_BACK_FREE;
}

int wm_offtable_is_back(const wm_offtable *s)
{
    return s->fate == MU_OFFTABLE_BACK_HALTED || s->fate == MU_OFFTABLE_BACK_FREE;
}

/* RULE wm.edge.offtable-chart wm.offtable.joined-characters */
mu_offtable_fate wm_offtable_character_fate(const wm_offtable *s, int character)
{
    assert(character >= 0 && character < 16 && (s->body.joined >> character & 1u));
    (void)character;
    return s->fate;
}

/* RULE wm.offtable.exact-odds */
int wm_offtable_odds(int stands_lost, int turns, mu_offtable_odds *out)
{
    if (stands_lost < 0 || stands_lost > MU_OFFTABLE_MAX_MODIFIER)
        return -1;
    return mu_offtable_odds_compute(&wm_offtable_chart, -stands_lost, turns, out);
}
