/* bench_wm_charge: the planner's contact (charge) search measured on
 * real game states (issue 12 item 1). Plays games of a warmaster-battle
 * experiment (default experiments/default.yaml) through the library and,
 * for every charge situation the sampler reports (initiative candidates
 * and units with an enemy within their pace: tests/support/
 * wm_charge_sample.h), plans the charge with the fast search
 * (wm_plan_move, WM_GOAL_CONTACT, WM_FORM_ANY) and asks the slow
 * exhaustive reference (tests/support/wm_contact_ref.h) too. It prints:
 *
 *   - pairs sampled; charges the reference finds legal; of those, the
 *     share the fast search misses (with a 95% Wilson interval); pairs
 *     the fast search reaches and the reference does not;
 *   - the fast search's checker calls per contact plan (mean, and mean
 *     when it reaches) and contact plans per CPU second (this thread's
 *     CPU time in wm_plan_move only), the reference's checks per pair.
 *
 * Not a test: it asserts nothing (the test with a fixed sample is
 * tests/unit/test_wm_contact_search.c).
 *
 * Usage: bench_wm_charge [-g GAMES] [-s SEED] [-p PAIR] [-R] [-v] [EXPERIMENT]
 *   -g GAMES  games to play (default 20)
 *   -s SEED   seed (default: the experiment's)
 *   -p PAIR   plan only pair PAIR (1-based, as -v numbers them; with -v -v
 *             its table is dumped when the fast search misses it)
 *   -R        no reference: the fast search's cost only
 *   -v        a line per pair on stderr (-v -v: and the table round each miss) */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, getopt */
#endif

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "warmaster/wm_planner.h"
#include "wm_charge_sample.h"
#include "wm_contact_ref.h"

#include "bench_util.h"

#ifndef BENCH_WM_CHARGE_EXPERIMENT
#define BENCH_WM_CHARGE_EXPERIMENT "experiments/default.yaml"
#endif
#ifndef BENCH_CHARGE_FORM
#define BENCH_CHARGE_FORM WM_FORM_ANY
#endif

typedef struct tally {
    int reference, verbose, only;
    double pairs, planned, by_init, fast, ref, missed, fast_only, undecided; /* counts */
    double checks, checks_reached, ref_checks;
    double cpu_s, ref_cpu_s;
} tally;

static void on_pair(void *user, const wm_game *g, int unit, int target, int initiative)
{
    tally *t = user;
    t->pairs++;
    if (t->only > 0 && (int)t->pairs != t->only)
        return;
    t->planned++;
    t->by_init += initiative;
    wm_plan_request rq = wm_plan_request_make(unit, WM_GOAL_CONTACT, BENCH_CHARGE_FORM, WM_MOVE_CHARGE);
    rq.target = target;
    wm_plan p;
    double c0 = bench_clock_s(CLOCK_THREAD_CPUTIME_ID);
    wm_plan_move(&g->bf, &rq, &p);
    t->cpu_s += bench_clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
    int fast = p.reached && p.report.fault == WM_MOVE_OK;
    t->fast += fast;
    t->checks += p.checks;
    if (fast)
        t->checks_reached += p.checks;
    if (!t->reference)
        return;
    if (t->verbose)
        fprintf(stderr, "pair %.0f: unit %d (%d stands) target %d, %.1f mm apart: fast %d (%d checks)...\n", t->pairs, unit,
                g->bf.unit[unit].n_stands, target,
                wm_unit_distance_mm(&g->bf.unit[unit], &g->bf.unit[target], NULL, NULL, NULL, NULL), fast, p.checks);
    wm_ref_opts o = wm_ref_opts_default();
    long rc = 0;
    c0 = bench_clock_s(CLOCK_THREAD_CPUTIME_ID);
    wm_move rm;
    int res = wm_ref_contact(&g->bf, unit, target, &o, &rm, &rc), ref = res > 0;
    if (t->verbose > 1 && ref && !fast) {
        const wm_battlefield *bf = &g->bf;
        for (int u = 0; u < bf->n_units; u++) {
            const wm_unit *un = &bf->unit[u];
            if (un->presence != WM_ON_TABLE || wm_unit_distance_mm(un, &bf->unit[unit], NULL, NULL, NULL, NULL) > 400)
                continue;
            for (int q = 0; q < un->n_stands; q++)
                fprintf(stderr, "  unit %d side %d troop %d stand %d: %.3f %.3f %.4f %.4f %.1f %.1f\n", u, un->side,
                        (int)un->profile.troop, q, un->stand[q].center.x, un->stand[q].center.y, un->stand[q].facing.x,
                        un->stand[q].facing.y, un->stand[q].width, un->stand[q].depth);
        }
        for (int k = 0; k < bf->n_features; k++)
            fprintf(stderr, "  feature %d kind %d box %.0f %.0f %.0f %.0f\n", k, (int)bf->feature[k].kind,
                    bf->feature[k].lo.x, bf->feature[k].lo.y, bf->feature[k].hi.x, bf->feature[k].hi.y);
    }
    if (t->verbose && ref && !fast)
        for (int k = 0; k < rm.n; k++) {
            const wm_stand_path *sp = &rm.path[k];
            const mu_orect *st = &g->bf.unit[unit].stand[sp->stand];
            fprintf(stderr, "  missed: stand %d from (%.1f, %.1f) facing (%.2f, %.2f):", sp->stand, st->center.x,
                    st->center.y, st->facing.x, st->facing.y);
            for (int l = 0; l < sp->n_legs; l++)
                fprintf(stderr, " (%.1f, %.1f, %.2f)", sp->leg[l].center.x, sp->leg[l].center.y, sp->leg[l].turn_rad);
            fprintf(stderr, "\n");
        }
    t->undecided += res < 0;
    t->ref_cpu_s += bench_clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
    t->ref_checks += (double)rc;
    t->ref += ref;
    t->missed += ref && !fast;
    t->fast_only += fast && !ref;
    if (t->verbose)
        fprintf(stderr, "pair %.0f: unit %d target %d (%s): fast %d (%d checks), reference %d (%ld checks, %.2f s)\n",
                t->pairs, unit, target, initiative ? "initiative" : "order", fast, p.checks, res, rc,
                bench_clock_s(CLOCK_THREAD_CPUTIME_ID) - c0);
}

int main(int argc, char **argv)
{
    int games = 20;
    uint64_t seed = 0;
    tally t = {.reference = 1};
    for (int opt; (opt = getopt(argc, argv, "g:s:p:Rv")) != -1;) {
        if (opt == 'g')
            games = atoi(optarg);
        else if (opt == 's')
            seed = strtoull(optarg, NULL, 10);
        else if (opt == 'p')
            t.only = atoi(optarg);
        else if (opt == 'R')
            t.reference = 0;
        else if (opt == 'v')
            t.verbose++;
        else {
            fprintf(stderr, "usage: %s [-g GAMES] [-s SEED] [-p PAIR] [-R] [-v] [EXPERIMENT]\n", argv[0]);
            return 2;
        }
    }
    const char *path = optind < argc ? argv[optind] : BENCH_WM_CHARGE_EXPERIMENT;
    char err[1024];
    if (wm_charge_sample_games(path, seed, games, on_pair, &t, err, sizeof err) != 0) {
        fprintf(stderr, "bench_wm_charge: %s\n", err);
        return 1;
    }
    printf("%s: %d games, %.0f (unit, target) pairs (%.0f initiative candidates, %.0f ordered units)\n", path, games,
           t.planned, t.by_init, t.planned - t.by_init);
    printf("fast search reaches %.0f; %.1f checks per contact plan (%.1f when it reaches); %.0f contact plans per CPU "
           "second\n",
           t.fast, t.planned > 0.0 ? t.checks / t.planned : 0.0, t.fast > 0.0 ? t.checks_reached / t.fast : 0.0,
           t.cpu_s > 0.0 ? t.planned / t.cpu_s : 0.0);
    if (t.reference) {
        double n = t.ref, p = n > 0 ? t.missed / n : 0.0, z = 1.96;
        double mid = (p + z * z / (2 * n)) / (1 + z * z / n), half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
        printf("reference finds %.0f legal; the fast search misses %.0f of them: %.2f%% (95%% interval %.2f%% to %.2f%%); "
               "the fast search reaches %.0f the reference does not\n",
               t.ref, t.missed, 100.0 * p, n > 0 ? 100.0 * fmax(0.0, mid - half) : 0.0, n > 0 ? 100.0 * (mid + half) : 0.0,
               t.fast_only);
        printf("reference gave up (budget) on %.0f pairs; %.0f checks per pair, %.3f CPU s per pair\n", t.undecided, t.planned > 0.0 ? t.ref_checks / t.planned : 0.0,
               t.planned > 0.0 ? t.ref_cpu_s / t.planned : 0.0);
    }
    return 0;
}
