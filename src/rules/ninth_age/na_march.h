/* The March Test (ninth-age-movement.txt, "March Test"): immediately
 * before moving, a unit within 8" of any non-Fleeing enemy unit takes a
 * Discipline Test; failed, it cannot March Move this Movement Phase. And
 * the exact odds: of one test, and of a unit being denied its March Move
 * in k of n turns.
 *
 * The Discipline Test's dice are not in our text: by assumption the unit
 * passes when N dice of S sides total at most its Discipline (2D6 unless
 * the experiment's rules.discipline_test says otherwise). */
#ifndef MUSTER_NA_MARCH_H
#define MUSTER_NA_MARCH_H

#include "muster/dice.h"
#include "ninth_age/na_field.h"

/* One March Test as taken. */
typedef struct na_march_result {
    int taken;          /* 0: no enemy within the radius, no test */
    int enemy;          /* the nearest non-Fleeing enemy (when taken), else -1 */
    double enemy_mm;    /* its distance (footprint to footprint) */
    int n_dice;         /* dice rolled (when taken) */
    int faces[10];      /* their faces */
    int total;          /* the dice total */
    int passed;
} na_march_result;

/* Returns non-zero when unit u of f must take a March Test now: some
 * non-Fleeing enemy is within rules->march_radius_mm (distance between
 * footprints, at most the radius). *enemy_mm and *enemy (if non-NULL) get
 * the nearest such enemy (INFINITY and -1 when there is none). Positions are as they stand now, before the
 * move (effects present at the start of the move apply). */
int na_march_test_needed(const na_field *f, const na_rules *rules, int u, double *enemy_mm, int *enemy);

/* Takes unit u's March Test if it must, immediately before its move:
 * rolls rules' dice from dice, and on a failure marks u march_denied for
 * this phase. Returns what happened. */
na_march_result na_march_test(na_field *f, const na_rules *rules, int u, mu_dice *dice);

/* Returns the exact chance that a Discipline Test against discipline
 * passes with n dice of s sides (total <= discipline); 1 <= n <= 10,
 * 2 <= s <= 100. */
double na_discipline_pass_p(int discipline, int n, int s);

/* Writes to p[0..turns] the exact chance that a unit taking a March Test
 * in each of `turns` Movement Phases (independent tests, pass chance
 * p_pass) is denied its March Move in exactly k of them: binomial. turns
 * 0..64. */
void na_denied_k_of_n(double p_pass, int turns, double *p);

#endif
