/* Exact odds of a cumulative penalty that a check may add to and idle
 * rounds take away: a small Markov chain over the penalty 0, 1, 2, ...
 * Each round of a schedule is either a march (a check passing with
 * probability p; a failure adds 1 to the penalty) or a rest (the penalty
 * drops by 1, never below 0).
 *
 * Nothing here knows a rule system. For Battlesystem's forced march
 * (battlesystem-movement-phase.txt 7.13: a Morale Check at the end of each
 * forced march, the Attack Rating one worse on each failure, one point back
 * per whole Game Round spent doing nothing and not attacked) the penalty
 * is the AR penalty and p the Morale Check's chance (bs_check_probability
 * in battlesystem/bs_rules.h); `muster odds --forced-march` prints it. */
#ifndef MUSTER_ODDS_FORCED_MARCH_H
#define MUSTER_ODDS_FORCED_MARCH_H

/* Longest schedule mu_fm_odds_compute follows (rounds). */
#define MU_FM_MAX_ROUNDS 64

/* What one round of a schedule is. */
typedef enum mu_fm_action {
    MU_FM_REST = 0, /* penalty - 1, floor 0 */
    MU_FM_MARCH = 1 /* a check: + 1 with probability 1 - p */
} mu_fm_action;

/* Writes the schedule of `marches` marches in bursts of `burst`
 * consecutive marches, `rest` rests between bursts and `recover` rests
 * after the last march into out[0..max): (M x burst) (R x rest) (M x
 * burst) ... M (R x recover); the last burst may be shorter. Returns its
 * length in rounds, or -1 when marches < 0, burst < 1, rest < 0,
 * recover < 0, or it would be longer than max. out is untouched on
 * failure. */
int mu_fm_schedule(int marches, int burst, int rest, int recover, mu_fm_action *out, int max);

/* Advances a penalty distribution by one round: next[k] for k in
 * 0..len-1 from dist[0..len) under action a with check probability
 * p_pass. A march from the last cell would leave the array: the caller
 * gives len > the number of marches so far (the chain never gets there);
 * such mass stays in the last cell. dist and next must not overlap. */
void mu_fm_step(const double *dist, double *next, int len, mu_fm_action a, double p_pass);

/* The exact penalty distribution round by round. */
typedef struct mu_fm_odds {
    double p_pass; /* the check's chance of passing */
    int rounds;    /* schedule length */
    int marches;   /* marches in the schedule */
    mu_fm_action schedule[MU_FM_MAX_ROUNDS];
    /* p[r][k] = P(penalty = k after round r); r = 0 is the start (penalty
     * 0 for sure); k = 0 .. marches (larger penalties are impossible) */
    double p[MU_FM_MAX_ROUNDS + 1][MU_FM_MAX_ROUNDS + 1];
    double mean[MU_FM_MAX_ROUNDS + 1]; /* E[penalty] after round r */
} mu_fm_odds;

/* Computes the distribution after each round of schedule[0..rounds) for a
 * check passing with probability p_pass into *out. Returns 0, or -1 (out
 * untouched) when rounds is outside 0..MU_FM_MAX_ROUNDS, p_pass is outside
 * [0, 1] (or NaN), or an action is not MU_FM_REST or MU_FM_MARCH. Reads
 * only its inputs. */
int mu_fm_odds_compute(const mu_fm_action *schedule, int rounds, double p_pass, mu_fm_odds *out);

#endif
