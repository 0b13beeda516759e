/* The contact search's proof that a stand cannot reach a place
 * (wm_route_unreachable, src/rules/warmaster/route_bound.c; issue 12
 * item 6): it must never claim "unreachable" where a centre path the
 * route searches could try exists. Random tables of stands (alone and in
 * flush rows), circles, convex and non-convex polygons; for random
 * starts and ends, centre paths of one to three legs through random and
 * corner-hugging points, each leg passing wm_route_seg_clear_among (the
 * route searches' own test); the allowance set to the shortest such path
 * found (so the proof is asked right at its edge) and below it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "muster/geom.h"
#include "muster/rng.h"
#include "warmaster/wm_planner.h"
#include "warmaster/wm_route_bound.h"
#include "wm_charge_sample.h"

#define PI 3.14159265358979323846
#define MAX_OB 24

static double uni(mu_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * (mu_rng_next(r) / 4294967296.0);
}

static int pick(mu_rng *r, int n)
{
    return (int)mu_rng_bounded(r, (uint32_t)n);
}

typedef struct table {
    wm_route_map *rm;
    mu_vec2 v[MAX_OB][12];
} table;

static void set_box(wm_route_obst *o)
{
    o->lo = o->hi = o->v[0];
    for (int k = 1; k < o->n; k++) {
        o->lo = mu_v2(fmin(o->lo.x, o->v[k].x), fmin(o->lo.y, o->v[k].y));
        o->hi = mu_v2(fmax(o->hi.x, o->v[k].x), fmax(o->hi.y, o->v[k].y));
    }
}

static void add_rect(table *t, mu_vec2 c, mu_vec2 f, double w, double d)
{
    wm_route_map *rm = t->rm;
    if (rm->n_obst >= MAX_OB)
        return;
    mu_orect r = {c, f, w, d};
    wm_route_obst *o = &rm->obst[rm->n_obst];
    mu_orect_corners_ccw(&r, t->v[rm->n_obst]);
    o->v = t->v[rm->n_obst];
    o->n = 4;
    set_box(o);
    rm->n_obst++;
}

/* A table in a 400 mm square: stands 40 x 20 alone or in flush rows of
 * three (often at 90 degree facings, so rows meet), circles, a convex
 * polygon, sometimes an L-shaped (non-convex) feature, either winding. */
static void make_table(mu_rng *r, table *t)
{
    wm_route_map *rm = t->rm;
    rm->n_obst = 0;
    rm->clear = 10.0;
    int n = 3 + pick(r, 8);
    for (int i = 0; i < n && rm->n_obst < MAX_OB - 3; i++) {
        mu_vec2 c = mu_v2(uni(r, 0, 400), uni(r, 0, 400));
        double a = pick(r, 2) ? pick(r, 4) * PI / 2 : uni(r, 0, 2 * PI);
        mu_vec2 f = mu_v2(cos(a), sin(a)), side = mu_v2(f.y, -f.x);
        int kind = pick(r, 10);
        if (kind < 4) {
            add_rect(t, c, f, 40, 20);
        } else if (kind < 7) {
            for (int k = -1; k <= 1; k++)
                add_rect(t, mu_v2_add(c, mu_v2_scale(side, 40.0 * k)), f, 40, 20);
        } else if (kind < 8) {
            wm_route_obst *o = &rm->obst[rm->n_obst++];
            o->v = NULL;
            o->circle = (mu_circle){c, uni(r, 5, 50)};
            o->lo = mu_v2(c.x - o->circle.radius, c.y - o->circle.radius);
            o->hi = mu_v2(c.x + o->circle.radius, c.y + o->circle.radius);
        } else {
            wm_route_obst *o = &rm->obst[rm->n_obst];
            mu_vec2 *v = t->v[rm->n_obst++];
            int m;
            if (kind == 8) { /* a convex polygon: points on an ellipse */
                m = 3 + pick(r, 6);
                double ax = uni(r, 10, 60), ay = uni(r, 5, 40), a0 = uni(r, 0, 2 * PI);
                for (int k = 0; k < m; k++) {
                    double t0 = a0 + 2 * PI * k / m;
                    v[k] = mu_v2(c.x + ax * cos(t0), c.y + ay * sin(t0));
                }
            } else { /* an L */
                static const double L[6][2] = {{0, 0}, {80, 0}, {80, 20}, {20, 20}, {20, 80}, {0, 80}};
                m = 6;
                for (int k = 0; k < m; k++)
                    v[k] = mu_v2(c.x + L[k][0], c.y + L[k][1]);
            }
            if (pick(r, 2)) /* clockwise */
                for (int k = 0; k < m / 2; k++) {
                    mu_vec2 tmp = v[k];
                    v[k] = v[m - 1 - k];
                    v[m - 1 - k] = tmp;
                }
            o->v = v;
            o->n = m;
            set_box(o);
        }
    }
}

/* A point off an obstacle's corner (or circle), at about the clearance
 * and a little more: where shortest paths bend. */
static mu_vec2 corner_point(mu_rng *r, const wm_route_map *rm)
{
    const wm_route_obst *o = &rm->obst[pick(r, rm->n_obst)];
    double a = uni(r, 0, 2 * PI), g = rm->clear + uni(r, -0.05, 3.0);
    if (!o->v)
        return mu_v2_add(o->circle.center, mu_v2_scale(mu_v2(cos(a), sin(a)), o->circle.radius + g));
    return mu_v2_add(o->v[pick(r, o->n)], mu_v2_scale(mu_v2(cos(a), sin(a)), g));
}

static int clear(const wm_route_map *rm, mu_vec2 a, mu_vec2 b)
{
    return wm_route_seg_clear_among(rm, NULL, 0, (mu_seg){a, b});
}

/* The shortest centre path from s to e found among tries random paths
 * of one to three legs, each leg clear as the route searches test it
 * (INFINITY: none found). */
static double shortest_found(mu_rng *r, const wm_route_map *rm, mu_vec2 s, mu_vec2 e, int tries)
{
    double best = clear(rm, s, e) ? mu_v2_dist(s, e) : INFINITY;
    for (int i = 0; i < tries; i++) {
        mu_vec2 q1 = pick(r, 3) ? corner_point(r, rm) : mu_v2(uni(r, -50, 450), uni(r, -50, 450));
        if (!clear(rm, s, q1))
            continue;
        double l1 = mu_v2_dist(s, q1);
        if (l1 >= best)
            continue;
        if (clear(rm, q1, e))
            best = fmin(best, l1 + mu_v2_dist(q1, e));
        for (int j = 0; j < 4; j++) {
            mu_vec2 q2 = pick(r, 3) ? corner_point(r, rm) : mu_v2(uni(r, -50, 450), uni(r, -50, 450));
            double l2 = l1 + mu_v2_dist(q1, q2);
            if (l2 + mu_v2_dist(q2, e) < best && clear(rm, q1, q2) && clear(rm, q2, e))
                best = l2 + mu_v2_dist(q2, e);
        }
    }
    return best;
}

/* RULE wm.plan.contact-rearranged */
static void test_wm_route_bound_never_refuses_a_path_that_exists(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 12, 6);
    table t;
    t.rm = calloc(1, sizeof *t.rm);
    t.rm->obst = calloc(MAX_OB, sizeof *t.rm->obst);
    assert_non_null(t.rm);
    assert_non_null(t.rm->obst);
    int found = 0, at_edge_proved = 0, proved_below = 0, none_found = 0, none_proved = 0;
    for (int scene = 0; scene < 400; scene++) {
        make_table(&r, &t);
        for (int pair = 0; pair < 10; pair++) {
            mu_vec2 s = mu_v2(uni(&r, 0, 400), uni(&r, 0, 400)), e = mu_v2(uni(&r, 0, 400), uni(&r, 0, 400));
            if (pick(&r, 2))
                s = corner_point(&r, t.rm); /* often near an obstacle: set aside for paths from s */
            double best = shortest_found(&r, t.rm, s, e, 300);
            if (best < INFINITY) {
                found++;
                /* a path of length best exists: never "unreachable" for that allowance */
                at_edge_proved += wm_route_unreachable(t.rm, s, e, best);
                at_edge_proved += wm_route_unreachable(t.rm, s, e, best + 1.0);
                proved_below += wm_route_unreachable(t.rm, s, e, 0.5 * (best + mu_v2_dist(s, e)));
            } else {
                none_found++;
                none_proved += wm_route_unreachable(t.rm, s, e, 1.5 * mu_v2_dist(s, e) + 20.0);
            }
        }
    }
    printf("# %d pairs with a path (proved unreachable at its length: %d; below it: %d); %d without "
           "(proved unreachable at 1.5 x their distance + 20 mm: %d)\n",
           found, at_edge_proved, proved_below, none_found, none_proved);
    assert_int_equal(at_edge_proved, 0);
    assert_true(found >= 2000);
    assert_true(proved_below >= 100); /* the proof does work */
    assert_true(none_proved >= 100);
    free(t.rm->obst);
    free(t.rm);
}

/* A stand boxed in on three sides by rows of stands, its place beyond the
 * closed side: 60 mm away straight, far more round. Unreachable within
 * 150 mm, reachable within the way round (about 300 mm). */
static void test_wm_route_bound_proves_a_boxed_in_stand(void **state)
{
    (void)state;
    table t;
    t.rm = calloc(1, sizeof *t.rm);
    t.rm->obst = calloc(MAX_OB, sizeof *t.rm->obst);
    t.rm->clear = 10.0;
    mu_vec2 up = mu_v2(0, 1), right = mu_v2(1, 0);
    for (int k = -1; k <= 1; k++) /* the closed side: a row across y = 230 */
        add_rect(&t, mu_v2(200 + 40.0 * k, 230), up, 40, 20);
    for (int k = -1; k <= 1; k++) { /* the walls: columns at x = 150 and 250 */
        add_rect(&t, mu_v2(150, 200 - 40.0 * k), right, 40, 20);
        add_rect(&t, mu_v2(250, 200 - 40.0 * k), right, 40, 20);
    }
    mu_vec2 s = mu_v2(200, 200), e = mu_v2(200, 260);
    assert_false(clear(t.rm, s, e));
    assert_true(wm_route_unreachable(t.rm, s, e, 150.0));
    assert_false(wm_route_unreachable(t.rm, s, e, 400.0));
    assert_true(wm_route_unreachable(t.rm, s, mu_v2(1000, 200), 700.0)); /* too far even straight */
    free(t.rm->obst);
    free(t.rm);
}

/* ---- on real game states: the plans with the proof and without ---- */

static void on_pair(void *user, const wm_game *g, int unit, int target, int initiative)
{
    same_tally *t = user;
    (void)initiative;
    wm_plan_request rq = wm_plan_request_make(unit, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = target;
    wm_plan fast, slow;
    wm_plan_move(&g->bf, &rq, &fast);
    rq.exhaustive = 1; /* no proof, no short cuts */
    wm_plan_move(&g->bf, &rq, &slow);
    t->pairs++;
    t->reached += fast.reached;
    /* the fast plan also skips checks sure to fail (wm_move_ctx_sure_fault,
     * off when exhaustive): it may make fewer checks, never more */
    t->differ += fast.reached != slow.reached || fast.moved != slow.moved || !same_move(&fast.move, &slow.move) ||
                 fast.checks > slow.checks;
}

/* Every charge pair of 10 games of bench/wm-game-10.yaml (seed 5; the
 * proof skips the route searches of 1,342 stands in them) and of 4 games
 * of experiments/default.yaml (seed 1), planned with the proof and
 * exhaustive (wm_plan_request.exhaustive: no proof, the route searches
 * run): the same plans bit for bit, with no more checks. A
 * proved stand must spend the routing budgets the searches would have
 * spent: without that, 5 plans of the second sample differ (later
 * placements find budget left). */
/* RULE wm.plan.contact-rearranged */
static void test_wm_route_bound_changes_no_plan_on_game_states(void **state)
{
    (void)state;
    static const struct {
        const char *path;
        uint64_t seed;
        int games;
    } runs[] = {{MUSTER_SOURCE_DIR "/bench/wm-game-10.yaml", 5, 10}, {MUSTER_SOURCE_DIR "/experiments/default.yaml", 1, 4}};
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        same_tally t = {0};
        char err[512];
        if (wm_charge_sample_games(runs[r].path, runs[r].seed, runs[r].games, on_pair, &t, err, sizeof err))
            fail_msg("%s", err);
        printf("# %s: %d pairs, %d charges planned, %d plans differ\n", runs[r].path, t.pairs, t.reached, t.differ);
        assert_true(t.pairs >= 100);
        assert_int_equal(t.differ, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_route_bound_never_refuses_a_path_that_exists),
        cmocka_unit_test(test_wm_route_bound_proves_a_boxed_in_stand),
        cmocka_unit_test(test_wm_route_bound_changes_no_plan_on_game_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
