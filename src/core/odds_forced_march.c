/* Exact odds of the march/rest penalty chain (see muster/odds_forced_march.h). */
#include "muster/odds_forced_march.h"

#include <string.h>

int mu_fm_schedule(int marches, int burst, int rest, int recover, mu_fm_action *out, int max)
{
    if (marches < 0 || burst < 1 || rest < 0 || recover < 0)
        return -1;
    long bursts = marches > 0 ? (marches + burst - 1) / burst : 0;
    long len = (long)marches + (bursts > 0 ? (bursts - 1) * (long)rest : 0) + recover;
    if (len > max)
        return -1;
    int n = 0;
    for (int m = 0; m < marches; m++) {
        if (m > 0 && m % burst == 0)
            for (int k = 0; k < rest; k++)
                out[n++] = MU_FM_REST;
        out[n++] = MU_FM_MARCH;
    }
    for (int k = 0; k < recover; k++)
        out[n++] = MU_FM_REST;
    return n;
}

void mu_fm_step(const double *dist, double *next, int len, mu_fm_action a, double p_pass)
{
    for (int k = 0; k < len; k++)
        next[k] = 0.0;
    for (int k = 0; k < len; k++) {
        if (dist[k] == 0.0)
            continue;
        if (a == MU_FM_MARCH) {
            next[k] += dist[k] * p_pass;
            next[k + 1 < len ? k + 1 : k] += dist[k] * (1.0 - p_pass);
        } else {
            next[k > 0 ? k - 1 : 0] += dist[k];
        }
    }
}

int mu_fm_odds_compute(const mu_fm_action *schedule, int rounds, double p_pass, mu_fm_odds *out)
{
    if (rounds < 0 || rounds > MU_FM_MAX_ROUNDS || !(p_pass >= 0.0 && p_pass <= 1.0))
        return -1;
    int marches = 0;
    for (int r = 0; r < rounds; r++) {
        if (schedule[r] != MU_FM_REST && schedule[r] != MU_FM_MARCH)
            return -1;
        marches += schedule[r] == MU_FM_MARCH;
    }
    memset(out, 0, sizeof *out);
    out->p_pass = p_pass;
    out->rounds = rounds;
    out->marches = marches;
    memcpy(out->schedule, schedule, (size_t)rounds * sizeof *schedule);
    int len = marches + 1; /* penalties 0 .. marches */
    out->p[0][0] = 1.0;
    for (int r = 0; r < rounds; r++) {
        mu_fm_step(out->p[r], out->p[r + 1], len, schedule[r], p_pass);
        double mean = 0.0;
        for (int k = 0; k < len; k++)
            mean += k * out->p[r + 1][k];
        out->mean[r + 1] = mean;
    }
    return 0;
}
