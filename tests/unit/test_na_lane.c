/* The move search's straight lanes (na_lane.h) against checking fine
 * steps one by one with the rules' own check (na_move_check_in), on
 * crowded random tables: the sweep's closed forms (table edge, terrain,
 * overlap with units, contact with enemies, Unit Spacing at the end) say
 * legal exactly where the check does, but within 0.01 mm of one of the
 * sweep's own edges (the tolerance: 0.01 mm); and every end
 * na_lane_nearest proposes is legal and is where the check ends the
 * step (within 0.001 mm). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "na_fixture.h"

#include "muster/rng.h"
#include "ninth_age/na_lane.h"

static na_field F;
static na_env E;

static double uniform(mu_rng *r, double lo, double hi) { return lo + (hi - lo) * (mu_rng_next(r) / 4294967296.0); }

/* A 30" square table, a convex rock and a concave wood, n units placed
 * legally at random (both sides); long rates, so that only the table
 * limits a straight move. */
static void random_table(mu_rng *r, int n)
{
    memset(&F, 0, sizeof F);
    E = fx_env();
    NA_TABLE.width_mm = NA_TABLE.depth_mm = 30 * IN;
    NA_TABLE.n_terrain = 2;
    na_terrain *t = &NA_TABLE.terrain[0];
    t->n = 4;
    t->v[0] = mu_v2(12 * IN, 12 * IN), t->v[1] = mu_v2(17 * IN, 13 * IN);
    t->v[2] = mu_v2(16 * IN, 17 * IN), t->v[3] = mu_v2(13 * IN, 16 * IN);
    na_terrain_bound(t);
    t = &NA_TABLE.terrain[1]; /* an L, clockwise */
    t->n = 6;
    t->v[0] = mu_v2(3 * IN, 22 * IN), t->v[1] = mu_v2(3 * IN, 27 * IN), t->v[2] = mu_v2(9 * IN, 27 * IN);
    t->v[3] = mu_v2(9 * IN, 25 * IN), t->v[4] = mu_v2(5 * IN, 25 * IN), t->v[5] = mu_v2(5 * IN, 22 * IN);
    na_terrain_bound(t);
    const na_profile kinds[3] = {fx_profile(30, 30, 7, 20, 20), fx_profile(30, 30, 8, 25, 50),
                                 fx_profile(30, 30, 6, 50, 75)};
    const int models[3] = {20, 5, 1}, files[3] = {5, 5, 1};
    while (F.n_units < n) {
        int k = (int)mu_rng_bounded(r, 3);
        int u = fx_add(&F, kinds[k], (int)mu_rng_bounded(r, 2), models[k], files[k], uniform(r, 2, 28),
                       uniform(r, 2, 28), uniform(r, -180, 180));
        int contact;
        if (na_place_check(&F, &E, u, &F.units[u], &contact) != NA_PLACE_OK || contact >= 0)
            F.n_units--;
    }
}

/* What the lane says of a straight step of t mm (0: refused, 1: legal);
 * -1 when t or where it ends lies within tol of one of the lane's own
 * edges. */
static int lane_says(const na_lane *l, double t, double tol)
{
    double end = t;
    int at_contact = 0;
    if (l->contact >= 0) {
        if (fabs(t - l->contact_mm) < tol)
            return -1;
        if (t > l->contact_mm)
            end = l->contact_mm, at_contact = 1;
    }
    if (at_contact) { /* the step stops at the enemy: the path there clear? */
        if (l->block_mm < end - tol)
            return 0;
    } else {
        if (fabs(end - l->block_mm) < tol)
            return -1;
        if (end > l->block_mm)
            return 0;
    }
    for (int i = 0; i < l->n_gaps; i++) {
        /* the contacted enemy's spacing interval ends at the contact */
        if (fabs(end - l->gap_lo[i]) < tol || (fabs(end - l->gap_hi[i]) < tol && !at_contact))
            return -1;
        if (l->gap_lo[i] < end && end < l->gap_hi[i])
            return 0;
    }
    return 1;
}

/* On 60 random tables, each unit turned a little and swept ahead,
 * sideways or back: the lane and the check agree at every 0.5 mm step
 * not within 0.01 mm of one of the lane's edges (block, contact, spacing
 * intervals); the proposals of na_lane_nearest are legal and end where
 * the lane says. RULE na.search.menu */
static void test_na_lane_equals_fine_steps(void **state)
{
    (void)state;
    mu_rng r = mu_rng_for_game(14, 40);
    long steps = 0, legal = 0, edge = 0, contacts = 0, gaps = 0, proposals = 0, differ = 0, refused = 0;
    const double reach = 12 * IN, step = 0.5, tol = 0.01;
    for (int i = 0; i < 60; i++) {
        random_table(&r, 10 + i % 6);
        for (int u = 0; u < F.n_units; u++) {
            /* the unit turned a little at random, and the direction: ahead,
             * or (with a move of that kind) sideways or back */
            F.units[u].facing = mu_v2_rotate(F.units[u].facing, uniform(&r, -0.3, 0.3));
            int way = (int)mu_rng_bounded(&r, 3);
            na_move m = {.kind = way == 0 ? NA_ADVANCE : way == 1 ? NA_ADVANCE_SIDE : NA_ADVANCE_BACK, .n_steps = 1};
            m.steps[0].kind = way == 0 ? NA_STEP_FORWARD : way == 1 ? NA_STEP_SIDE : NA_STEP_BACK;
            double sign = way == 1 && mu_rng_bounded(&r, 2) ? -1 : 1;
            mu_vec2 g = way == 0 ? F.units[u].facing
                        : way == 1 ? mu_v2_scale(na_right(F.units[u].facing), sign)
                                   : mu_v2_scale(F.units[u].facing, -1);
            static na_scene s;
            na_scene_build(&F, u, &s);
            na_lane l;
            na_lane_sweep(&s, NULL, 0, &E, &F.units[u], g, reach, &l);
            contacts += l.contact >= 0;
            gaps += l.n_gaps;
            /* the model limit is the Advance Rate, the allowance half of it
             * for sideways and backwards steps: both above the reach */
            F.units[u].p.advance_mm = 2 * reach + 10;
            for (double t = step / 2; t <= reach; t += step) {
                m.steps[0].amount = sign * t;
                na_outcome o;
                na_refusal rr = na_move_check_in(&F, &E, &s, u, &m, &o);
                int says = lane_says(&l, t, tol);
                steps++;
                if (says < 0) {
                    edge++;
                    continue;
                }
                if (says != (rr == NA_OK)) {
                    print_message("table %d unit %d way %d t %.3f: lane %d, check %s (block %.4f contact %.4f)\n", i, u,
                                  way, t, says, na_refusal_name(rr), l.block_mm, l.contact_mm);
                    differ++;
                }
                legal += says;
            }
            /* the proposals are legal */
            for (int k = 0; k < 8; k++) {
                double want = uniform(&r, -20, reach + 20), end;
                int at_contact;
                if (!na_lane_nearest(&l, reach, want, &end, &at_contact))
                    continue;
                m.steps[0].amount = sign * (at_contact ? reach : end);
                na_outcome o;
                if (m.steps[0].amount == 0)
                    continue;
                na_refusal pr = na_move_check_in(&F, &E, &s, u, &m, &o);
                if (pr != NA_OK)
                    print_message("table %d unit %d way %d: proposed %.4f (contact %d) for %.3f refused: %s (block %.4f "
                                  "contact %.4f, lane says %d)\n",
                                  i, u, way, end, at_contact, want, na_refusal_name(pr), l.block_mm, l.contact_mm,
                                  lane_says(&l, end, 0));
                refused += pr != NA_OK;
                if (pr == NA_OK)
                    assert_true(fabs(mu_v2_dist(o.end.centre, F.units[u].centre) - end) < 1e-3);
                proposals++;
            }
            F.units[u].p.advance_mm = 30 * IN;
        }
    }
    print_message("%ld steps checked, %ld legal, %ld within %.2f mm of an edge, %ld judged otherwise; %ld lanes met "
                  "an enemy, %ld spacing intervals; %ld proposals, %ld refused\n",
                  steps, legal, edge, tol, differ, contacts, gaps, proposals, refused);
    assert_true(differ == 0 && refused == 0);
    assert_true(legal > steps / 10 && legal < steps - steps / 10);
    assert_true(contacts > 50 && gaps > 200 && proposals > 1000 && edge < steps / 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_na_lane_equals_fine_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
