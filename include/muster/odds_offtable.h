/* Exact odds of a "roll until it sticks" chart: each roll is one D6 plus a
 * fixed modifier, and the modified score falls into one of four bands,
 * lowest first: destroyed, still off (roll again at the start of the next
 * turn), back but halted, back and free. Three bands absorb; the second
 * repeats, once per turn, until the turns run out.
 *
 * Nothing here knows a rule system: a chart is three score thresholds
 * (Warmaster's off-table chart is wm_offtable_chart in
 * warmaster/wm_offtable.h, with the modifier -1 per stand lost). */
#ifndef MUSTER_ODDS_OFFTABLE_H
#define MUSTER_ODDS_OFFTABLE_H

/* Most start-of-turn re-rolls mu_offtable_odds_compute follows. */
#define MU_OFFTABLE_MAX_TURNS 100
/* Largest |modifier| mu_offtable_odds_compute accepts. */
#define MU_OFFTABLE_MAX_MODIFIER 1000

/* The band a modified score falls into. */
typedef enum mu_offtable_fate {
    MU_OFFTABLE_DESTROYED = 0, /* score <= destroyed_max: gone for good */
    MU_OFFTABLE_OFF,           /* score <= off_max: off; roll again next turn */
    MU_OFFTABLE_BACK_HALTED,   /* score <= halted_max: back, no further move that turn */
    MU_OFFTABLE_BACK_FREE,     /* higher: back, free to move if at a turn's start */
    MU_OFFTABLE_N_FATES
} mu_offtable_fate;

/* A chart: inclusive upper score of the first three bands, with
 * destroyed_max <= off_max <= halted_max. */
typedef struct mu_offtable_chart {
    int destroyed_max;
    int off_max;
    int halted_max;
} mu_offtable_chart;

/* Returns the band of a modified score on chart c. */
mu_offtable_fate mu_offtable_fate_of_score(const mu_offtable_chart *c, int score);

/* Returns a short English name of f: "destroyed", "off the table",
 * "back, halted", "back, free"; "?" for a value outside the enum. */
const char *mu_offtable_fate_name(mu_offtable_fate f);

/* Returns how many of the six faces of a D6 give fate f on chart c when
 * modifier is added to the die (0..6). */
int mu_offtable_ways(const mu_offtable_chart *c, int modifier, mu_offtable_fate f);

/* The exact distribution of one episode: the immediate roll (roll 0), then
 * one re-roll at the start of each of the next `turns` turns while the
 * result is MU_OFFTABLE_OFF. */
typedef struct mu_offtable_odds {
    int modifier;
    int turns;
    int ways[MU_OFFTABLE_N_FATES];    /* faces of one roll giving each fate, of 6 */
    double p_roll[MU_OFFTABLE_N_FATES]; /* ways / 6 */
    /* p_at[k][f]: roll k is made and gives f, k = 0 (immediate) .. turns.
     * p_at[k][MU_OFFTABLE_OFF] is P(still off after roll k). Zero beyond
     * turns. */
    double p_at[MU_OFFTABLE_MAX_TURNS + 1][MU_OFFTABLE_N_FATES];
    /* After the last roll: P(each fate); MU_OFFTABLE_OFF = still off. */
    double p_final[MU_OFFTABLE_N_FATES];
    /* P(back at roll 0): the immediate roll lands in either back band. */
    double p_back_immediately;
    /* P(back by the end of the turns, at any roll). */
    double p_back_within;
    /* With no limit on turns: P(back some time) and P(destroyed). Both 0
     * when every face stays off. */
    double p_back_ever;
    double p_destroyed_ever;
} mu_offtable_odds;

/* Computes the exact episode distribution on chart c for a die modifier
 * and a number of start-of-turn re-rolls into *out (a small DP over the
 * rolls). Returns 0, or -1 (out untouched) when the chart's thresholds
 * decrease, |modifier| > MU_OFFTABLE_MAX_MODIFIER, or turns is outside
 * 0..MU_OFFTABLE_MAX_TURNS. Reads only its inputs. */
int mu_offtable_odds_compute(const mu_offtable_chart *c, int modifier, int turns,
                             mu_offtable_odds *out);

#endif
