/* AD&D Battlesystem movement phase (battlesystem-movement-phase.txt):
 * the rule parameters, and the checks and rolls the text names but does
 * not define.
 *
 * Every number the text gives is a field here, so a designer can vary it;
 * bs_rules_default() returns the text's values. What the text leaves
 * out (the dice of Morale, Discipline and rally checks, initiative, terrain
 * costs) are documented assumptions, and where the text is ambiguous the
 * field holds our pinned reading. src/rules/battlesystem/CLAUSES.md lists
 * which is which. Distances are inches here, as in the text; the engine
 * converts with MU_MM_PER_INCH (muster/geom.h). */
#ifndef MUSTER_BS_RULES_H
#define MUSTER_BS_RULES_H

#include "muster/dice.h"

/* A check the text names but does not define (Morale, Discipline, rally):
 * roll n_dice dice of `sides` faces; the check passes when the total is at
 * most rating + modifier + the caller's situational modifier.
 * Assumption, default 1d20, modifier 0. */
typedef struct bs_check_rule {
    int n_dice; /* >= 1 */
    int sides;  /* >= 2 */
    int modifier;
} bs_check_rule;

/* One check as rolled. */
typedef struct bs_check_result {
    int rolled; /* 0 when no dice were rolled (a unit that "never checks morale") */
    int roll;   /* dice total */
    int target; /* highest passing total */
    int pass;
} bs_check_result;

/* Terrain kinds: a movement-cost factor each (Intermediate Game terrain
 * costs are not in the text: assumption), or impassable. */
typedef enum bs_terrain_kind {
    BS_TERRAIN_CLEAR,
    BS_TERRAIN_ROUGH,
    BS_TERRAIN_WOODS,
    BS_TERRAIN_HILL,
    BS_TERRAIN_IMPASSABLE,
    BS_TERRAIN_KINDS
} bs_terrain_kind;

/* Reading of 7.14 "at least 2/3 its normal movement rate before it comes
 * into base-to-base contact ... The 2/3 of the charge distance must be in a
 * straight line". */
typedef enum bs_charge_straight {
    /* the straight run into contact is at least 2/3 of the normal rate
     * (default: "the 2/3" refers back to the 2/3 of the normal rate) */
    BS_STRAIGHT_TWO_THIRDS_RATE,
    /* additionally, the straight run is at least 2/3 of the whole distance
     * moved in the charge */
    BS_STRAIGHT_TWO_THIRDS_DISTANCE
} bs_charge_straight;

/* Reading of 7.9 wheel cost: "the distance moved by the outermost figure"
 * / Q&A 127.66 "the figure that is farthest from the pivot point". */
typedef enum bs_wheel_measure {
    /* radius to the front edge of the farthest figure: the outer figure of
     * the rear rank (default, the Q&A's words) */
    BS_WHEEL_FARTHEST_FIGURE,
    /* radius to the outer front corner of the front rank */
    BS_WHEEL_FRONT_RANK
} bs_wheel_measure;

/* Reading of 7.15 "routs away from whatever caused the Morale Check, and
 * routs toward its own lines if possible" with Q&A 127.14. */
typedef enum bs_rout_heading {
    /* toward the unit's entry point when that heading is within
     * rout_home_max_deg of directly away from the cause; else directly
     * away (default) */
    BS_ROUT_HOME_IF_AWAY,
    /* always directly away from the cause */
    BS_ROUT_DIRECTLY_AWAY
} bs_rout_heading;

/* Reading of 7.13 "must make a Morale Check at the end of its MOVE" for a
 * forced march that ends early (terrain, the table edge, a friend, a
 * shorter move asked for, or a halt at a visible enemy, Q&A 127.66). */
typedef enum bs_march_check_reading {
    /* the check is owed only by a march that went beyond the unit's normal
     * rate (default: Q&A 127.66 spares a unit that "stopped to catch their
     * breath" at the normal limit and one that loses its bonus by contact
     * within it; an early stop within the normal rate is the same case) */
    BS_MARCH_CHECK_BEYOND_RATE,
    /* every declared march not turned into a normal move by contact within
     * the normal rate takes the check, halts at a visible enemy included */
    BS_MARCH_CHECK_DECLARED
} bs_march_check_reading;

/* All rule parameters of the movement phase. */
typedef struct bs_rules {
    /* --- values the text gives (inches, fractions of the movement rate) */
    double frontage_change_in;     /* 7.10: 1 (the pencilled "3"?" is an annotation) */
    double gap_fill_in;            /* 7.3: 1" per figure moved to fill a front gap */
    double open_gap_in;            /* 7.3: bases "approx. 1/2"" apart (stands: 1) */
    double skirmish_gap_in;        /* 7.4: "1" or more" apart (we place them 1" apart) */
    double formation_change_frac;  /* 7.6: 1/4 of the movement rate */
    double oblique_max_deg;        /* 7.9: up to 45 degrees left or right free */
    double face_quarter_frac;      /* 7.9: right or left face 1/3 */
    double face_about_frac;        /* 7.9: about face 1/2 */
    double withdrawal_in;          /* 7.12: moves 3" backward */
    double withdrawal_min_rate_in; /* 7.12: needs a current rate of at least 3" */
    double forced_march_mult;      /* 7.13: 1 1/2 x rate */
    double charge_mult;            /* 7.14: charge range 1 1/2 x rate */
    double charge_straight_frac;   /* 7.14: 2/3 */
    int charge_closed_ar_bonus;    /* 7.14: -1 to AR for that round's melee */
    int charge_fail_morale;        /* 7.14: -3 to current morale for the round */
    double rout_extra_frac;        /* 7.15: rate plus 1/3 rate */
    double surround_gap_in;        /* 7.15: a gap of 1" lets a figure escape */
    int capture_enabled;           /* 7.15 OPTIONAL RULE Capture: 0 (off) */
    int capture_figures_per_guard; /* 7.15 optional: one guard per four figures */

    /* --- readings (ambiguous text; our pinned choice) */
    bs_charge_straight charge_straight;
    bs_wheel_measure wheel_measure;
    bs_rout_heading rout_heading;
    double rout_home_max_deg;      /* 90 */
    int forced_march_fail_routs;   /* 1: 7.15 applies to the forced-march check too */
    bs_march_check_reading forced_march_check; /* beyond-rate: see bs_march_check_reading */
    double march_halt_margin_in;   /* 1: a forced march that would end beyond its normal
                                       limit within this of a visible enemy on its path
                                       halts at the limit (Q&A 127.66 "just beyond") */
    int mob_square_slack;          /* 1: 7.5 "approx. square": a mob's frontage and
                                       ranks differ by at most this many figures
                                       (at least 1: with 0 most mob sizes, 2, 5, 6 ...,
                                       would have no legal array) */
    int ambush_checks;             /* 1: an ambushed forced march still takes its check */

    /* --- assumptions (the text only names these) */
    bs_check_rule morale;     /* Morale Check: 1d20 <= morale rating */
    bs_check_rule discipline; /* Discipline Check: 1d20 <= morale rating */
    bs_check_rule rally;      /* rally attempt: 1d20 <= morale rating */
    int initiative_dice;         /* initiative: 1d10 each side ... */
    int initiative_sides;        /* ... higher wins, ties rolled again */
    double terrain_cost[BS_TERRAIN_KINDS]; /* factor on distance; impassable unused */
    double skirmish_standoff_mm; /* skirmishers stop this short of an enemy (1 mm) */
    double rout_heading_step_deg; /* routers try headings in these steps, up to 90 (15) */
    int command_return_rounds;   /* a unit put out of command by a failed charge Discipline
                                    Check is back in command from the start of the Nth round
                                    after the one it went out in; 0: never (1) */
} bs_rules;

/* Returns the text's values, our readings and our assumptions' defaults
 * (each documented in CLAUSES.md). */
bs_rules bs_rules_default(void);

/* Returns the total of n dice of `sides` faces from d. From a generator
 * each die is unbiased (Lemire); from a script each face is taken as it is
 * (scripted faces must be 1..sides, asserted). n >= 0, sides >= 1. */
int bs_roll(mu_dice *d, int n, int sides);

/* Rolls check r for a unit of the given rating with a situational
 * modifier: pass when the total <= rating + r->modifier + modifier. */
bs_check_result bs_check(const bs_check_rule *r, int rating, int modifier, mu_dice *d);

/* Returns the exact probability that check r passes for this rating and
 * modifier (for the odds calculators and statistical tests). Needs
 * n_dice x sides <= 1024. */
double bs_check_probability(const bs_check_rule *r, int rating, int modifier);

/* Rolls initiative (assumption: initiative_dice x d(initiative_sides) per
 * side, side 0 first, higher total wins, ties rolled again). Returns the
 * winning side, 0 or 1; *rounds_rolled (if non-NULL) gets how many pairs
 * were rolled. */
int bs_roll_initiative(const bs_rules *r, mu_dice *d, int *rounds_rolled);

#endif
