/* bench_wm_table: Warmaster battlefield throughput on one thread (issue 4,
 * "Must show": a benchmark). A 1800 x 1200 mm table, 12 units a side
 * (3 stands each: infantry, cavalry, artillery) in two lines 200 mm apart,
 * and 8 terrain features (woods, hills, a river with a ford, a field, a
 * built-up area) between and around them. It prints:
 *
 *   (i)  closest-visible-enemy queries/s: wm_closest_visible_enemies
 *        for every unit in turn (the 20 cm initiative query, exact sight);
 *   (ii) planned unit moves/s: wm_plan_move for every unit in turn,
 *        alternating an ordered advance 300 mm toward the enemy (keep
 *        formation; line; column) and a charge into contact with the
 *        closest enemy; the table is not changed, so every round plans the
 *        same moves; with the mean number of candidate moves checked.
 *
 * Each figure is the best of REPS runs of about 0.5 s on CLOCK_MONOTONIC,
 * with the same count per second of this thread's CPU time (steadier when
 * the machine is busy) and the CPU share of the best runs, then a checksum
 * so no work is optimised away. Not a test: it asserts nothing.
 *
 * Usage: bench_wm_table [-r REPS] [-s SEED] */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, getopt */
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "muster/rng.h"
#include "warmaster/wm_planner.h"
#include "warmaster/wm_visibility.h"

#include "bench_util.h"

static double unif(mu_rng *rng)
{
    return mu_rng_next(rng) / 4294967296.0;
}

static void box(wm_battlefield *bf, wm_terrain kind, double x0, double y0, double x1, double y1)
{
    mu_vec2 v[4] = {mu_v2(x0, y0), mu_v2(x1, y0), mu_v2(x1, y1), mu_v2(x0, y1)};
    if (wm_add_polygon(bf, kind, v, 4) != WM_OK)
        abort();
}

/* The table: lines at y 450 (side 0, facing north) and 650 (side 1,
 * facing south), fronts jittered by up to 15 mm and turned up to 10
 * degrees; every unit is on the table, clear of the others and of terrain
 * it cannot enter. */
static void setup(wm_battlefield *bf, uint64_t seed)
{
    wm_battlefield_init(bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    box(bf, WM_WOOD, 330, 520, 400, 580);         /* in no man's land */
    box(bf, WM_OPEN_HILL, 1050, 500, 1150, 600);
    mu_vec2 river[4] = {mu_v2(1500, 0), mu_v2(1530, 0), mu_v2(1530, 1200), mu_v2(1500, 1200)};
    if (wm_add_polygon(bf, WM_RIVER, river, 4) != WM_OK)
        abort();
    box(bf, WM_FORD, 1495, 560, 1535, 640);
    box(bf, WM_FIELD, 700, 180, 900, 300);        /* behind side 0 */
    box(bf, WM_BUILT_UP, 600, 800, 760, 900);     /* behind side 1 */
    if (wm_add_circle(bf, WM_STEEP_HILL, mu_v2(200, 950), 90) != WM_OK)
        abort();
    box(bf, WM_WOOD, 760, 540, 800, 570);
    mu_rng rng = mu_rng_for_game(seed, 0);
    const wm_troop kinds[12] = {WM_INFANTRY, WM_CAVALRY,  WM_INFANTRY, WM_INFANTRY,
                                   WM_ARTILLERY, WM_INFANTRY, WM_CAVALRY,  WM_INFANTRY,
                                   WM_INFANTRY, WM_CAVALRY,  WM_INFANTRY, WM_INFANTRY};
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < 12; k++) {
            wm_profile p = wm_profile_default(kinds[(k + 5 * side) % 12], 0);
            for (int attempt = 0; attempt < 50; attempt++) {
                double x = 85 + 140 * k + 30 * (unif(&rng) - 0.5);
                double y = (side == 0 ? 450 : 650) + 30 * (unif(&rng) - 0.5);
                double turn = (unif(&rng) - 0.5) * 0.35;
                mu_vec2 f = mu_v2_rotate(mu_v2(0, side == 0 ? 1 : -1), turn);
                mu_orect s[3];
                wm_place_line(s, 3, mu_v2(x, y), f, p.stand_width_mm, p.stand_depth_mm);
                wm_unit u = wm_unit_make(side, &p);
                int ok = 1;
                for (int i = 0; i < 3; i++) {
                    wm_unit_add_stand(&u, s[i].center, s[i].facing);
                    ok &= wm_orect_on_table(bf, &s[i]) && wm_orect_blocked(bf, &u, &s[i]) < 0;
                }
                for (int j = 0; j < bf->n_units && ok; j++)
                    ok = wm_unit_distance_mm(&u, &bf->unit[j], NULL, NULL, NULL, NULL) > 2.0;
                if (ok) {
                    wm_add_unit(bf, &u);
                    break;
                }
            }
        }
}

/* One round of queries over every unit; returns a checksum. */
static long query_round(const wm_battlefield *bf, const wm_enemy_options *opt)
{
    long sum = 0;
    wm_closest c;
    for (int u = 0; u < bf->n_units; u++)
        sum += wm_closest_visible_enemies(bf, u, opt, &c) * 7 + (c.n ? c.unit[0] : 0);
    return sum;
}

static mu_vec2 centre(const wm_unit *u)
{
    mu_vec2 c = mu_v2(0, 0);
    for (int i = 0; i < u->n_stands; i++)
        c = mu_v2_add(c, mu_v2_scale(u->stand[i].center, 1.0 / u->n_stands));
    return c;
}

/* The request for unit u in round variant v. */
static wm_plan_request request(const wm_battlefield *bf, int u, int v)
{
    const wm_unit *me = &bf->unit[u];
    int nearest = -1;
    double best = INFINITY;
    for (int e = 0; e < bf->n_units; e++) {
        if (bf->unit[e].side == me->side)
            continue;
        double d = wm_unit_distance_mm(me, &bf->unit[e], NULL, NULL, NULL, NULL);
        if (d < best) {
            best = d;
            nearest = e;
        }
    }
    if ((u + v) % 2 == 1 && nearest >= 0 && me->profile.troop != WM_ARTILLERY) {
        wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_CONTACT, WM_FORM_KEEP, WM_MOVE_CHARGE);
        rq.target = nearest;
        return rq;
    }
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, (wm_form)((u / 2 + v) % 3), WM_MOVE_ORDERED);
    rq.point = mu_v2_add(centre(me), mu_v2(0, me->side == 0 ? 300 : -300));
    return rq;
}

/* One round of plans over every unit; adds the checks made to *checks and
 * the plans made to *plans; returns a checksum. */
static long plan_round(const wm_battlefield *bf, int v, long *checks, long *plans, long *moved)
{
    long sum = 0;
    wm_plan p;
    for (int u = 0; u < bf->n_units; u++) {
        wm_plan_request rq = request(bf, u, v);
        *moved += wm_plan_move(bf, &rq, &p);
        *checks += p.checks;
        (*plans)++;
        sum += (long)(p.advance_mm * 100.0) + p.reached;
    }
    return sum;
}

int main(int argc, char **argv)
{
    int reps = 5;
    uint64_t seed = 20240611;
    for (int opt; (opt = getopt(argc, argv, "r:s:")) != -1;) {
        if (opt == 'r')
            reps = atoi(optarg);
        else if (opt == 's')
            seed = strtoull(optarg, NULL, 10);
        else {
            fprintf(stderr, "usage: %s [-r REPS] [-s SEED]\n", argv[0]);
            return 2;
        }
    }
    static wm_battlefield bf;
    setup(&bf, seed);
    int per_side[2] = {0, 0};
    for (int u = 0; u < bf.n_units; u++)
        per_side[bf.unit[u].side]++;
    printf("table %.0f x %.0f mm, %d + %d units of 3 stands, %d terrain features, 1 thread\n", bf.width_mm,
           bf.depth_mm, per_side[0], per_side[1], bf.n_features);
    wm_enemy_options opt = wm_enemy_options_default();
    long check = 0, found = 0;
    wm_closest c;
    for (int u = 0; u < bf.n_units; u++)
        found += wm_closest_visible_enemies(&bf, u, &opt, &c) > 0;
    double best_q = 0.0, cpu_q = 0.0, share_q = 1.0;
    for (int r = 0; r < reps; r++) {
        long n = 0;
        double t0 = bench_now_s(), c0 = bench_clock_s(CLOCK_THREAD_CPUTIME_ID), t;
        do {
            check += query_round(&bf, &opt);
            n += bf.n_units;
        } while ((t = bench_now_s() - t0) < 0.5);
        double cpu = bench_clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
        if ((double)n / t > best_q) {
            best_q = (double)n / t;
            share_q = cpu / t;
        }
        cpu_q = (double)n / cpu > cpu_q ? (double)n / cpu : cpu_q;
    }
    printf("closest visible enemy (20 cm): %9.0f queries/s (%9.0f per CPU second)  %ld of %d units see one\n",
           best_q, cpu_q, found, bf.n_units);
    double best_p = 0.0, cpu_p = 0.0, share_p = 1.0;
    long checks = 0, plans = 0, moved = 0;
    for (int r = 0; r < reps; r++) {
        long n = 0, k0 = 0, m0 = 0;
        double t0 = bench_now_s(), c0 = bench_clock_s(CLOCK_THREAD_CPUTIME_ID), t;
        int v = 0;
        do {
            check += plan_round(&bf, v++ % 6, &k0, &n, &m0);
        } while ((t = bench_now_s() - t0) < 0.5);
        double cpu = bench_clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
        if ((double)n / t > best_p) {
            best_p = (double)n / t;
            share_p = cpu / t;
        }
        cpu_p = (double)n / cpu > cpu_p ? (double)n / cpu : cpu_p;
        checks += k0;
        plans += n;
        moved += m0;
    }
    printf("planned unit moves:            %9.0f plans/s   (%9.0f per CPU second)  %.1f candidate moves checked per plan, "
           "%.0f%% moved\n",
           best_p, cpu_p, (double)checks / (double)plans, 100.0 * (double)moved / (double)plans);
    double share = share_q < share_p ? share_q : share_p;
    printf("least CPU share of a best run: %.2f%s\n", share,
           share < 0.95 ? " (other load on the machine: the per-second figures are low)" : "");
    printf("checksum %ld\n", check);
    return 0;
}
