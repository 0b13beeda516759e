/* The March Test and its exact odds (see na_march.h). */
#include "ninth_age/na_march.h"

#include <math.h>

/* RULE na.march.test */
int na_march_test_needed(const na_field *f, const na_rules *rules, int u, double *enemy_mm, int *enemy)
{
    /* none within the radius (bounds first): no test, and no distance
     * to measure (INFINITY, -1) */
    int who;
    double d = na_nearest_enemy_within_mm(f, u, rules->march_radius_mm + 2 * MU_GEOM_EPS_MM, &who);
    if (enemy_mm)
        *enemy_mm = d;
    if (enemy)
        *enemy = who;
    return who >= 0 && d <= rules->march_radius_mm + MU_GEOM_EPS_MM;
}

/* RULE na.march.test na.march.dice na.march.test-failed na.move.start-effects */
na_march_result na_march_test(na_field *f, const na_rules *rules, int u, mu_dice *dice)
{
    na_march_result r = {.enemy = -1};
    if (!na_march_test_needed(f, rules, u, &r.enemy_mm, &r.enemy))
        return r;
    r.taken = 1;
    r.n_dice = rules->test_dice;
    for (int i = 0; i < rules->test_dice; i++) {
        r.faces[i] = mu_dice_dk(dice, rules->test_sides);
        r.total += r.faces[i];
    }
    r.passed = r.total <= f->units[u].p.discipline;
    if (!r.passed)
        f->units[u].march_denied = 1;
    return r;
}

/* RULE na.march.odds */
double na_discipline_pass_p(int discipline, int n, int s)
{
    /* ways[t]: number of outcomes of the dice so far totalling t */
    double ways[10 * 100 + 1] = {0};
    ways[0] = 1.0;
    int top = 0;
    for (int d = 0; d < n; d++) {
        double next[10 * 100 + 1] = {0};
        for (int t = 0; t <= top; t++)
            if (ways[t] != 0)
                for (int face = 1; face <= s; face++)
                    next[t + face] += ways[t];
        top += s;
        for (int t = 0; t <= top; t++)
            ways[t] = next[t];
    }
    double pass = 0.0;
    for (int t = 0; t <= top && t <= discipline; t++)
        pass += ways[t];
    return pass / pow((double)s, (double)n);
}

/* RULE na.march.odds-turns */
void na_denied_k_of_n(double p_pass, int turns, double *p)
{
    double q = 1.0 - p_pass;
    for (int k = 0; k <= turns; k++) {
        double c = 1.0;
        for (int i = 1; i <= k; i++)
            c = c * (turns - k + i) / i;
        p[k] = c * pow(q, k) * pow(p_pass, turns - k);
    }
}
