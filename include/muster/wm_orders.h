/* Warmaster Revolution order rolls: Command penalties and order targets
 * (warmaster-command-and-initiative.txt, "Orders" and "Command penalties").
 * See src/rules/warmaster/CLAUSES.md for the readings pinned here. */
#ifndef MUSTER_WM_ORDERS_H
#define MUSTER_WM_ORDERS_H

/* The rule parameters a designer may vary. mu_wm_order_rules_default()
 * gives the values of the text. */
typedef struct mu_wm_order_rules {
    double distance_step_mm; /* −1 per step beyond the first (text: 200) */
    double enemy_close_mm;   /* enemy this close or closer: −1 (text: 200) */
    int blunder_on_12;       /* a roll of 12 always fails (assumption: on) */
} mu_wm_order_rules;

/* Returns the rules as the text gives them: 20 cm distance steps, enemy
 * close within 20 cm, and the blunder assumption (12 always fails) on. */
mu_wm_order_rules mu_wm_order_rules_default(void);

/* Where the unit (or brigade) to be ordered stands, as the penalties see
 * it. For a brigade: distance to its most distant unit, enemy distance of
 * its closest unit, dense if any unit is, stands lost of its worst unit. */
typedef struct mu_wm_order_situation {
    double distance_mm;       /* shortest distance character to unit */
    double enemy_distance_mm; /* to the closest enemy unit; INFINITY if none */
    int in_dense_terrain;     /* any stand at least partly in dense terrain */
    int stands_lost;          /* casualties, in stands */
    int distance_factor;      /* army-list rule multiplying the distance penalty
                                 (Trolls: 2); 0 or 1: none */
} mu_wm_order_situation;

/* Each Command penalty of one order roll, as a non-negative number. */
typedef struct mu_wm_penalties {
    int distance;
    int order_number;
    int enemy_close;
    int dense_terrain;
    int casualties;
    int total;
} mu_wm_penalties;

/* Returns the distance penalty for dist_mm: none up to one step, then −1
 * per started step beyond it (the table's reading: 40 cm is −1, 40.1 cm is
 * −2). Returned as a non-negative number. step_mm must be positive. */
int mu_wm_distance_penalty(double dist_mm, double step_mm);

/* Returns the penalties for the order_number-th order (1..3) to a unit in
 * situation s under rules r. */
mu_wm_penalties mu_wm_order_penalties(const mu_wm_order_rules *r,
                                      const mu_wm_order_situation *s,
                                      int order_number);

/* Returns the highest 2D6 score that gives the order: command minus the
 * total penalty (may be below 2: the order cannot succeed). */
int mu_wm_order_target(int command, const mu_wm_penalties *p);

/* Returns how many of the 36 2D6 outcomes give an order with this target
 * under rules r (with blunders on, a 12 never does). */
int mu_wm_order_success_ways(const mu_wm_order_rules *r, int target);

/* Returns non-zero when a roll of total sum gives an order with this target
 * under rules r. */
int mu_wm_order_roll_succeeds(const mu_wm_order_rules *r, int target, int sum);

#endif
