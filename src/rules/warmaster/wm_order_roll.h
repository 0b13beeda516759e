/* Warmaster Revolution order rolls as pure rule: Command penalties and
 * order targets (warmaster-command-and-initiative.txt, "Orders" and
 * "Command penalties"), from a situation given as numbers; where they are
 * measured on the table is the game's (wm_game.h, game_orders.c).
 * See src/rules/warmaster/CLAUSES.md for the readings pinned here. */
#ifndef MUSTER_WM_ORDER_ROLL_H
#define MUSTER_WM_ORDER_ROLL_H

/* The rule parameters a designer may vary. wm_order_rules_default()
 * gives the values of the text. */
typedef struct wm_order_rules {
    double distance_step_mm; /* −1 per step beyond the first (text: 200) */
    double enemy_close_mm;   /* enemy this close or closer: −1 (text: 200) */
    int blunder_on_12;       /* a roll of 12 always fails (assumption: on) */
} wm_order_rules;

/* Returns the rules as the text gives them: 20 cm distance steps, enemy
 * close within 20 cm, and the blunder assumption (12 always fails) on. */
wm_order_rules wm_order_rules_default(void);

/* Where the unit (or brigade) to be ordered stands, as the penalties see
 * it. For a brigade: distance to its most distant unit, enemy distance of
 * its closest unit, dense if any unit is, stands lost of its worst unit. */
typedef struct wm_order_situation {
    double distance_mm;       /* shortest distance character to unit */
    double enemy_distance_mm; /* to the closest enemy unit; INFINITY if none */
    int in_dense_terrain;     /* any stand at least partly in dense terrain */
    int stands_lost;          /* casualties, in stands */
    int distance_factor;      /* army-list rule multiplying the distance penalty
                                 (Trolls: 2); 0 or 1: none */
    int list_modifier;        /* army-list rule: added to the roll's target
                                 (Peasants' -1); 0: none */
} wm_order_situation;

/* Each Command penalty of one order roll, as a non-negative number. */
typedef struct wm_penalties {
    int distance;
    int order_number;
    int enemy_close;
    int dense_terrain;
    int casualties;
    int list_rule;            /* an army-list rule's penalty (negative: a bonus) */
    int total;
} wm_penalties;

/* Returns the distance penalty for dist_mm: none up to one step, then −1
 * per started step beyond it (the table's reading: 40 cm is −1, 40.1 cm is
 * −2). Returned as a non-negative number. step_mm must be positive. */
int wm_distance_penalty(double dist_mm, double step_mm);

/* Returns the penalties for the order_number-th order (1..3) to a unit in
 * situation s under rules r. */
wm_penalties wm_order_penalties(const wm_order_rules *r,
                                      const wm_order_situation *s,
                                      int order_number);

/* Returns the highest 2D6 score that gives the order: command minus the
 * total penalty (may be below 2: the order cannot succeed). */
int wm_order_target(int command, const wm_penalties *p);

/* Returns how many of the 36 2D6 outcomes give an order with this target
 * under rules r (with blunders on, a 12 never does). */
int wm_order_success_ways(const wm_order_rules *r, int target);

/* Returns non-zero when a roll of total sum gives an order with this target
 * under rules r. */
int wm_order_roll_succeeds(const wm_order_rules *r, int target, int sum);

#endif
