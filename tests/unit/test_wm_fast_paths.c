/* The fast paths of the geometry and the move checker against the exact
 * (exhaustive) references kept beside them: on many random
 * configurations (fixed seeds) they must give the same answers bit for
 * bit, closest points and first hits included. Random stands are often
 * set flush against each other, as units in formation are, so that ties
 * and touching (the cases a pruning bound gets wrong first) are common. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "muster/geom.h"
#include "muster/rng.h"
#include "warmaster/wm_move.h"
#include "warmaster/wm_move_ctx.h"
#include "warmaster/wm_formation.h"
#include "warmaster/wm_units.h"
#include "wm_table.h"

#define PI 3.14159265358979323846
#define EPS MU_GEOM_EPS_MM

static double uni(mu_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * (mu_rng_next(r) / 4294967296.0);
}

static int pick(mu_rng *r, int n)
{
    return (int)mu_rng_bounded(r, (uint32_t)n);
}

static int same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

static int same_point(mu_vec2 a, mu_vec2 b)
{
    return same_bits(a.x, b.x) && same_bits(a.y, b.y);
}

/* A facing: often along an axis or at a multiple of 45 degrees. */
static mu_vec2 facing(mu_rng *r)
{
    double a = pick(r, 3) == 0 ? uni(r, 0, 2 * PI) : pick(r, 8) * PI / 4.0;
    return mu_v2(cos(a), sin(a));
}

/* A stand near (100, 100), or one placed against *a: beside it, behind
 * it, at its corner or overlapping it, flush or with a small gap. */
static mu_orect stand_near(mu_rng *r, const mu_orect *a)
{
    mu_orect s = {mu_v2(uni(r, 40, 160), uni(r, 40, 160)), facing(r), pick(r, 2) ? 40.0 : uni(r, 5, 60),
                  pick(r, 2) ? 20.0 : uni(r, 5, 60)};
    if (!a || pick(r, 3) == 0)
        return s;
    static const double gaps[] = {0.0, 0.0, 1e-7, 1e-6, 2e-6, 0.3, 5.0, -2.0};
    double gap = gaps[pick(r, 8)];
    mu_vec2 f = mu_v2_unit(a->facing), l = mu_v2_perp(f);
    s.facing = pick(r, 2) ? a->facing : mu_v2_scale(f, -1.0);
    s.width = a->width;
    s.depth = a->depth;
    double along = pick(r, 2) ? a->width + gap : 0.0, back = pick(r, 2) ? a->depth + gap : 0.0;
    if (along == 0.0 && back == 0.0)
        along = a->width + gap;
    s.center = mu_v2_add(a->center, mu_v2_add(mu_v2_scale(l, pick(r, 2) ? along : -along),
                                              mu_v2_scale(f, pick(r, 2) ? back : -back)));
    return s;
}

/* A polygon about c: star-shaped (so simple), n vertices, radii in
 * [r0, r1]. */
static int star(mu_rng *r, mu_vec2 c, int n, double r0, double r1, mu_vec2 *v)
{
    double a0 = uni(r, 0, 2 * PI);
    for (int i = 0; i < n; i++) {
        double a = a0 + 2 * PI * (i + uni(r, 0.1, 0.9)) / n, rad = uni(r, r0, r1);
        v[i] = mu_v2(c.x + rad * cos(a), c.y + rad * sin(a));
    }
    return n;
}

/* mu_polygon_distance prunes edge pairs by their boxes; the exhaustive
 * measure of every pair must agree in the distance and the closest
 * points, bit for bit. */
static void test_polygon_distance_matches_exhaustive(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 12, 1);
    int zero = 0, apart = 0;
    for (int k = 0; k < 40000; k++) {
        mu_vec2 va[16], vb[16];
        mu_polygon a = {4, va}, b = {4, vb};
        if (k % 4 == 3) { /* general polygons */
            a.n = star(&r, mu_v2(uni(&r, 0, 100), uni(&r, 0, 100)), 3 + pick(&r, 12), 5, 40, va);
            b.n = star(&r, mu_v2(uni(&r, 0, 100), uni(&r, 0, 100)), 3 + pick(&r, 12), 5, 40, vb);
        } else {
            mu_orect sa = stand_near(&r, NULL), sb = stand_near(&r, &sa);
            mu_orect_corners(&sa, va);
            mu_orect_corners(&sb, vb);
        }
        mu_vec2 pa, pb, qa, qb;
        double fast = mu_polygon_distance(&a, &b, &pa, &pb);
        double slow = mu_polygon_distance_exhaustive(&a, &b, &qa, &qb);
        assert_true(same_bits(fast, slow));
        assert_true(same_point(pa, qa));
        assert_true(same_point(pb, qb));
        assert_true(same_bits(mu_polygon_distance(&a, &b, NULL, NULL), slow));
        zero += slow == 0.0;
        apart += slow > 0.0;
    }
    assert_true(zero > 5000 && apart > 5000); /* both kinds were tried */
}

/* The reference for mu_convex_overlaps_poly: every edge of the polygon
 * tried against the convex piece (no box test per edge). */
static int convex_overlaps_poly_reference(const mu_vec2 *c, int nc, const mu_vec2 *v, int n)
{
    mu_vec2 lo = c[0], hi = c[0], plo = v[0], phi = v[0], mid = mu_v2(0, 0);
    for (int i = 0; i < nc; i++) {
        lo = mu_v2(fmin(lo.x, c[i].x), fmin(lo.y, c[i].y));
        hi = mu_v2(fmax(hi.x, c[i].x), fmax(hi.y, c[i].y));
        mid = mu_v2_add(mid, mu_v2_scale(c[i], 1.0 / nc));
    }
    for (int i = 0; i < n; i++) {
        plo = mu_v2(fmin(plo.x, v[i].x), fmin(plo.y, v[i].y));
        phi = mu_v2(fmax(phi.x, v[i].x), fmax(phi.y, v[i].y));
    }
    if (lo.x >= phi.x - EPS || plo.x >= hi.x - EPS || lo.y >= phi.y - EPS || plo.y >= hi.y - EPS)
        return 0;
    for (int i = 0; i < nc; i++)
        if (mu_seg_crosses_poly_interior(mu_poly_edge(c, nc, i), v, n))
            return 1;
    for (int k = 0; k < n; k++)
        if (mu_seg_crosses_poly_interior(mu_poly_edge(v, n, k), c, nc))
            return 1;
    return mu_point_deep_in_poly(mid, v, n, MU_NEAR_DIST2);
}

static void test_convex_overlaps_poly_matches_reference(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 13, 1);
    int yes = 0, no = 0;
    for (int k = 0; k < 20000; k++) {
        mu_vec2 pts[8], c[8], v[16];
        mu_orect sa = stand_near(&r, NULL), sb = stand_near(&r, &sa);
        mu_orect_corners(&sa, pts);
        mu_orect_corners(&sb, pts + 4);
        int nc = mu_hull(pts, pick(&r, 2) ? 8 : 4, c);
        int n = star(&r, mu_v2(uni(&r, 40, 160), uni(&r, 40, 160)), 3 + pick(&r, 13), 10, 70, v);
        if (pick(&r, 4) == 0) { /* a feature edge along the piece's edge */
            v[0] = c[0];
            v[1] = c[1 % nc];
        } else if (pick(&r, 3) == 0) { /* a small feature inside the piece, or at its edge */
            mu_vec2 at = pick(&r, 2) ? sa.center : mu_v2_scale(mu_v2_add(c[0], c[1 % nc]), 0.5);
            n = star(&r, at, 3 + pick(&r, 13), 0.5, 2.0, v);
        }
        int want = convex_overlaps_poly_reference(c, nc, v, n);
        assert_int_equal(mu_convex_overlaps_poly(c, nc, v, n), want);
        yes += want;
        no += !want;
    }
    assert_true(yes > 2000 && no > 2000);
}

/* The reference for wm_unit_distance_mm: the code it replaced, corners
 * and axes worked out afresh for every pair of stands. */
static double radius(const mu_orect *s)
{
    return 0.5 * sqrt(s->width * s->width + s->depth * s->depth);
}

static double stand_distance_reference(const mu_orect *a, const mu_orect *b, mu_vec2 *pa, mu_vec2 *pb)
{
    if (mu_orect_overlap(a, b))
        return mu_orect_distance(a, b, pa, pb);
    mu_vec2 ca[4], cb[4], c;
    mu_orect_corners(a, ca);
    mu_orect_corners(b, cb);
    double best = INFINITY;
    for (int i = 0; i < 8; i++) {
        mu_vec2 p = i < 4 ? ca[i] : cb[i - 4];
        double d = mu_point_orect_distance(p, i < 4 ? b : a, &c);
        if (d < best) {
            best = d;
            *pa = i < 4 ? p : c;
            *pb = i < 4 ? c : p;
        }
    }
    return best <= EPS ? 0.0 : best;
}

static double unit_distance_reference(const wm_unit *a, const wm_unit *b, int *sa, int *sb, mu_vec2 *pa,
                                      mu_vec2 *pb)
{
    double best = INFINITY;
    for (int i = 0; i < a->n_stands; i++)
        for (int j = 0; j < b->n_stands; j++) {
            const mu_orect *ra = &a->stand[i], *rb = &b->stand[j];
            if (mu_v2_dist(ra->center, rb->center) - radius(ra) - radius(rb) >= best)
                continue;
            mu_vec2 ca, cb;
            double d = stand_distance_reference(ra, rb, &ca, &cb);
            if (d < best) {
                best = d;
                *sa = i;
                *sb = j;
                *pa = ca;
                *pb = cb;
            }
        }
    return best;
}

/* A unit of n stands: a line, or stands set against each other. */
static wm_unit random_unit(mu_rng *r, const wm_unit *near)
{
    int n = 1 + pick(r, 4);
    mu_vec2 f = facing(r);
    mu_vec2 front = mu_v2(uni(r, 0, 300), uni(r, 0, 300));
    if (near && near->n_stands > 0 && pick(r, 2)) {
        mu_orect s = stand_near(r, &near->stand[pick(r, near->n_stands)]);
        f = s.facing;
        front = mu_v2_add(s.center, mu_v2_scale(mu_v2_unit(f), s.depth / 2.0));
    }
    wm_unit u = wmt_line_unit(pick(r, 2), WM_INFANTRY, 0, n, front, f);
    if (pick(r, 3) == 0)
        for (int s = 1; s < u.n_stands; s++)
            u.stand[s] = stand_near(r, &u.stand[s - 1]);
    return u;
}

static void test_unit_distance_matches_reference(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 14, 1);
    int touching = 0;
    for (int k = 0; k < 20000; k++) {
        wm_unit a = random_unit(&r, NULL), b = random_unit(&r, &a);
        int sa = -1, sb = -1, ta = -1, tb = -1;
        mu_vec2 pa = {0, 0}, pb = {0, 0}, qa = {0, 0}, qb = {0, 0};
        double fast = wm_unit_distance_mm(&a, &b, &sa, &sb, &pa, &pb);
        double slow = unit_distance_reference(&a, &b, &ta, &tb, &qa, &qb);
        assert_true(same_bits(fast, slow));
        assert_int_equal(sa, ta);
        assert_int_equal(sb, tb);
        assert_true(same_point(pa, qa));
        assert_true(same_point(pb, qb));
        assert_true(wm_unit_distance_floor_mm(&a, &b) <= slow);
        for (int i = 0; i < a.n_stands; i++)
            for (int j = 0; j < b.n_stands; j++) {
                int meet = mu_orect_distance(&a.stand[i], &b.stand[j], NULL, NULL) <= EPS;
                assert_int_equal(wm_stands_meet(&a.stand[i], &b.stand[j]), meet);
                touching += meet;
            }
    }
    assert_true(touching > 1000);
}

/* What a sweep met: every polygon fn was asked about, up to the first
 * hit, and the polygon that hit. */
typedef struct sweep_log {
    const mu_vec2 (*obst)[4];
    int n_obst;
    int calls, hit;
    mu_vec2 first[8];
    int n_first;
} sweep_log;

static int log_hits(void *ud, const mu_vec2 *v, int n)
{
    sweep_log *g = ud;
    g->calls++;
    for (int i = 0; i < g->n_obst; i++)
        if (mu_convex_overlap(v, n, g->obst[i], 4, MU_SAT_DIV)) {
            g->hit = 1;
            g->n_first = n;
            memcpy(g->first, v, (size_t)n * sizeof *v);
            return 1;
        }
    return 0;
}

/* wm_leg_sweep_hits asks about each pose once; the exhaustive sweep asks
 * again: the answer and the first polygon that hit must be the same, and
 * the fast one must never ask more. */
static void test_sweep_matches_exhaustive(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 15, 1);
    int hits = 0, misses = 0;
    for (int k = 0; k < 4000; k++) {
        mu_orect from = stand_near(&r, NULL);
        wm_leg leg = {mu_v2_add(from.center, mu_v2(uni(&r, -60, 60), uni(&r, -60, 60))),
                      pick(&r, 5) == 0 ? 0.0 : uni(&r, -PI, PI)};
        mu_vec2 obst[6][4];
        int n = pick(&r, 6);
        for (int i = 0; i < n; i++) {
            mu_orect end = wm_leg_pose(&from, leg, 1.0);
            mu_orect o = stand_near(&r, pick(&r, 2) ? &end : &from);
            mu_orect_corners_ccw(&o, obst[i]);
        }
        sweep_log fast = {(const mu_vec2(*)[4])obst, n, 0, 0, {{0, 0}}, 0}, slow = fast;
        int a = wm_leg_sweep_hits(&from, leg, log_hits, NULL, &fast);
        int b = wm_leg_sweep_hits_exhaustive(&from, leg, log_hits, &slow);
        assert_int_equal(a, b);
        assert_int_equal(fast.n_first, slow.n_first);
        for (int i = 0; i < fast.n_first; i++)
            assert_true(same_point(fast.first[i], slow.first[i]));
        assert_true(fast.calls <= slow.calls);
        hits += a;
        misses += !a;
    }
    assert_true(hits > 500 && misses > 500);
}

/* A piece test for log_hits' obstacles: clear when each of them is
 * (wm_sweep_piece_clear_of); counts the pieces it declares clear. */
typedef struct cut_log {
    sweep_log log;
    int cleared;
} cut_log;

static int log_clear(void *ud, const wm_sweep_piece *p)
{
    cut_log *g = ud;
    for (int i = 0; i < g->log.n_obst; i++)
        if (!wm_sweep_piece_clear_of(p, g->log.obst[i]))
            return 0;
    g->cleared++;
    return 1;
}

static int log_cut_hits(void *ud, const mu_vec2 *v, int n)
{
    return log_hits(&((cut_log *)ud)->log, v, n);
}

/* Pieces of a turning sweep declared clear by the bound on the corners'
 * projections are not cut: the answer and the first polygon that hit
 * must still be the exhaustive sweep's, with stands often flush against
 * the moving stand's start or end pose (where the cut would otherwise go
 * down to its leaves), and the bound must clear many pieces. */
static void test_sweep_cut_matches_exhaustive(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 17, 1);
    int hits = 0, misses = 0, cleared = 0;
    for (int k = 0; k < 6000; k++) {
        mu_orect from = stand_near(&r, NULL);
        wm_leg leg = {mu_v2_add(from.center, mu_v2(uni(&r, -60, 60), uni(&r, -60, 60))), uni(&r, -PI, PI)};
        if (pick(&r, 4) == 0) /* a pure turn */
            leg.center = from.center;
        mu_vec2 obst[6][4];
        int n = 1 + pick(&r, 5);
        for (int i = 0; i < n; i++) {
            mu_orect end = wm_leg_pose(&from, leg, 1.0);
            mu_orect o = stand_near(&r, pick(&r, 2) ? &end : &from);
            mu_orect_corners_ccw(&o, obst[i]);
        }
        cut_log fast = {{(const mu_vec2(*)[4])obst, n, 0, 0, {{0, 0}}, 0}, 0};
        sweep_log slow = fast.log;
        int a = wm_leg_sweep_hits_cut(&from, leg, log_cut_hits, NULL, log_clear, &fast);
        int b = wm_leg_sweep_hits_exhaustive(&from, leg, log_hits, &slow);
        assert_int_equal(a, b);
        if (a) { /* the polygon that ended the sweep (after a miss: a piece that was cut, or not) */
            assert_int_equal(fast.log.n_first, slow.n_first);
            for (int i = 0; i < fast.log.n_first; i++)
                assert_true(same_point(fast.log.first[i], slow.first[i]));
        }
        assert_true(fast.log.calls <= slow.calls);
        hits += a;
        misses += !a;
        cleared += fast.cleared;
    }
    assert_true(hits > 500 && misses > 500 && cleared > 300);
}

/* wm_move_ctx_check with its short cuts (no sweep where nothing is near a
 * leg, own stands and terrain filtered by box, polygons whose box meets
 * nothing not made, poses asked about once, corners that cannot be the
 * farthest not measured) against the same check with ctx.exhaustive set:
 * the whole report must be the same on random tables (units of both
 * sides, square and round woods, a river) and random moves
 * (translations, turns, wheel-like moves, bursts). */
static void test_move_check_matches_exhaustive(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 16, 1);
    static wm_battlefield bf;
    int faults[16] = {0};
    for (int table = 0; table < 60; table++) {
        wm_battlefield_init(&bf, 600, 400);
        for (int i = 0; i < 3; i++) {
            double x = uni(&r, 0, 500), y = uni(&r, 0, 300);
            wmt_box(&bf, pick(&r, 2) ? WM_WOOD : WM_RIVER, x, y, x + uni(&r, 20, 100), y + uni(&r, 20, 100));
        }
        if (table % 3 == 0) { /* a wood large enough to hold whole moves */
            double x = uni(&r, 0, 300), y = uni(&r, 0, 150);
            wmt_box(&bf, WM_WOOD, x, y, x + 300, y + 250);
        }
        assert_int_equal(wm_add_circle(&bf, WM_WOOD, mu_v2(uni(&r, 50, 550), uni(&r, 50, 350)), uni(&r, 20, 80)),
                         WM_OK);
        for (int i = 0; i < 8; i++) {
            wm_unit u = wmt_line_unit(i % 2, pick(&r, 2) ? WM_INFANTRY : WM_CAVALRY, 0, 2 + pick(&r, 3),
                                      mu_v2(uni(&r, 100, 500), uni(&r, 100, 300)), facing(&r));
            if (i > 0 && pick(&r, 2)) { /* against a unit already there */
                const wm_unit *o = &bf.unit[pick(&r, bf.n_units)];
                mu_orect s = stand_near(&r, &o->stand[pick(&r, o->n_stands)]);
                if (s.width == u.profile.stand_width_mm && s.depth == u.profile.stand_depth_mm)
                    u = wmt_line_unit(i % 2, u.profile.troop, 0, u.n_stands,
                                      mu_v2_add(s.center, mu_v2_scale(mu_v2_unit(s.facing), s.depth / 2.0)),
                                      mu_v2_unit(s.facing));
            }
            (void)wm_add_unit(&bf, &u); /* refused if it lands on another: fine */
        }
        for (int unit = 0; unit < bf.n_units; unit++) {
            uint64_t burst = pick(&r, 4) == 0 ? (uint64_t)1 << pick(&r, bf.n_units) : 0;
            burst &= ~((uint64_t)1 << unit);
            wm_move_ctx fast, slow;
            wm_move_ctx_init(&fast, &bf, unit, WM_MOVE_ORDERED, 0.0, -1, burst);
            wm_move_ctx_init(&slow, &bf, unit, WM_MOVE_ORDERED, 0.0, -1, burst);
            slow.exhaustive = 1;
            const wm_unit *u = &bf.unit[unit];
            for (int k = 0; k < 30; k++) {
                mu_orect fin[WM_MAX_STANDS];
                mu_vec2 shift = mu_v2(uni(&r, -200, 200), uni(&r, -200, 200));
                double turn = pick(&r, 3) == 0 ? 0.0 : uni(&r, -PI, PI);
                mu_vec2 pivot = u->stand[0].center;
                for (int s = 0; s < u->n_stands; s++) {
                    fin[s] = u->stand[s];
                    fin[s].center = mu_v2_add(mu_v2_rotate_about(u->stand[s].center, pivot, turn), shift);
                    fin[s].facing = mu_v2_rotate(u->stand[s].facing, turn);
                }
                int order[WM_MAX_STANDS];
                for (int s = 0; s < u->n_stands; s++)
                    order[s] = pick(&r, 2) ? s : u->n_stands - 1 - s;
                int perm_ok = 1;
                for (int s = 0; s < u->n_stands; s++)
                    for (int t = s + 1; t < u->n_stands; t++)
                        perm_ok &= order[s] != order[t];
                wm_move m;
                wm_move_direct(&m, &bf, unit, WM_MOVE_ORDERED, fin, perm_ok ? order : NULL);
                m.burst = burst;
                wm_move_report a, b;
                wm_move_fault fa = wm_move_ctx_check(&fast, &m, &a);
                wm_move_fault fb = wm_move_ctx_check(&slow, &m, &b);
                assert_int_equal(fa, fb);
                assert_memory_equal(&a, &b, sizeof a);
                faults[fa]++;
            }
            wm_move_ctx_free(&fast);
            wm_move_ctx_free(&slow);
        }
    }
    assert_true(faults[WM_MOVE_OK] > 100);
    assert_true(faults[WM_MOVE_THROUGH_UNIT] > 100);
    assert_true(faults[WM_MOVE_TERRAIN] > 100);
    assert_true(faults[WM_MOVE_THROUGH_OWN] > 20);
}


/* wm_stand_path_mm measures only the corners that can be the farthest;
 * the exhaustive measure of all four must give the same length and end
 * pose, bit for bit (one leg and several; turns small, large, none). */
/* The gaps a context leaves out (those no swept path can reach, outside
 * its box) change no check: on random tables with units of both sides
 * (gaps between them everywhere), the report of each random move (many at
 * the very allowance, so reaching the box's edge) is the same with the
 * context as built and with every gap on the table. */
static void test_far_gaps_change_no_check(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 19, 5);
    static wm_battlefield bf;
    int left_out = 0, hits = 0, gap_faults = 0;
    for (int table = 0; table < 40; table++) {
        wm_battlefield_init(&bf, 600, 400);
        wmt_box(&bf, WM_RIVER, uni(&r, 0, 400), uni(&r, 0, 300), uni(&r, 420, 600), uni(&r, 320, 400));
        for (int i = 0; i < 12; i++) {
            wm_unit u = wmt_line_unit(i % 3 == 0, pick(&r, 2) ? WM_INFANTRY : WM_CAVALRY, 0, 2 + pick(&r, 2),
                                      mu_v2(uni(&r, 60, 540), uni(&r, 60, 340)), facing(&r));
            (void)wm_add_unit(&bf, &u);
        }
        for (int unit = 0; unit < bf.n_units; unit++) {
            wm_move_ctx built, all;
            wm_move_ctx_init(&built, &bf, unit, WM_MOVE_ORDERED, 0.0, -1, 0);
            wm_move_ctx_init(&all, &bf, unit, WM_MOVE_ORDERED, 0.0, -1, 0);
            mu_vec2 lo = all.lo, hi = all.hi; /* every gap on the table */
            all.lo = mu_v2(-1e9, -1e9);
            all.hi = mu_v2(1e9, 1e9);
            wm_gaps_build(&all);
            all.lo = lo;
            all.hi = hi;
            free(all.scratch);
            all.scratch = malloc(sizeof *all.scratch * (size_t)(all.n_obst + all.n_gaps + 1));
            assert_non_null(all.scratch);
            left_out += all.n_gaps - built.n_gaps;
            const wm_unit *u = &bf.unit[unit];
            for (int k = 0; k < 40; k++) {
                mu_orect fin[WM_MAX_STANDS];
                double a = pick(&r, 2) ? pick(&r, 4) * PI / 2 : uni(&r, 0, 2 * PI);
                double len = pick(&r, 2) ? built.allowance_mm : uni(&r, 0, 1.2 * built.allowance_mm);
                double turn = pick(&r, 2) ? 0.0 : uni(&r, -0.5, 0.5);
                mu_vec2 shift = mu_v2(len * cos(a), len * sin(a)), pivot = u->stand[0].center;
                for (int s = 0; s < u->n_stands; s++) {
                    fin[s] = u->stand[s];
                    fin[s].center = mu_v2_add(mu_v2_rotate_about(u->stand[s].center, pivot, turn), shift);
                    fin[s].facing = mu_v2_rotate(u->stand[s].facing, turn);
                }
                wm_move m;
                wm_move_direct(&m, &bf, unit, WM_MOVE_ORDERED, fin, NULL);
                wm_move_report ra, rb;
                wm_move_fault fa = wm_move_ctx_check(&built, &m, &ra), fb = wm_move_ctx_check(&all, &m, &rb);
                assert_int_equal(fa, fb);
                assert_memory_equal(&ra, &rb, sizeof ra);
                hits += fa != WM_MOVE_OK;
                gap_faults += fa == WM_MOVE_ENEMY_GAP;
            }
            wm_move_ctx_free(&built);
            wm_move_ctx_free(&all);
        }
    }
    assert_true(left_out > 500 && hits > 500 && gap_faults > 50);
}

/* m with its paths in reverse order. */
static wm_move reversed(const wm_move *m)
{
    wm_move r = *m;
    for (int k = 0; k < m->n; k++)
        r.path[k] = m->path[m->n - 1 - k];
    return r;
}

/* wm_move_ctx_sure_fault may only say a check fails where it does: the
 * move's in its order, the reverse order's, or both. Random tables as above; the moves
 * either carry the unit whole (shift and turn about a stand) or re-form
 * it into a line or a column about a point near it, stands sent to
 * places in a random assignment and order, so that end places overlap
 * other units, own stands' places and terrain, flush or nearly. Each of
 * the grounds must come up (end places on stands, on terrain, off the
 * table, beyond the allowance, own stands crossed one way and both). */
static void test_sure_fault_is_sure(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 17, 3);
    static wm_battlefield bf;
    int refused = 0, refused_fault[16] = {0}, checked_ok = 0, both_own = 0, edge_ok = 0, one_way = 0;
    for (int table = 0; table < 60; table++) {
        wm_battlefield_init(&bf, 600, 400);
        for (int i = 0; i < 3; i++) {
            double x = uni(&r, 0, 500), y = uni(&r, 0, 300);
            wmt_box(&bf, pick(&r, 2) ? WM_WOOD : WM_RIVER, x, y, x + uni(&r, 20, 100), y + uni(&r, 20, 100));
        }
        assert_int_equal(wm_add_circle(&bf, WM_WOOD, mu_v2(uni(&r, 50, 550), uni(&r, 50, 350)), uni(&r, 20, 80)),
                         WM_OK);
        for (int i = 0; i < 8; i++) {
            wm_unit u = wmt_line_unit(i % 2, pick(&r, 2) ? WM_INFANTRY : WM_CAVALRY, 0, 2 + pick(&r, 3),
                                      mu_v2(uni(&r, 100, 500), uni(&r, 100, 300)), facing(&r));
            (void)wm_add_unit(&bf, &u);
        }
        for (int unit = 0; unit < bf.n_units; unit++) {
            wm_move_ctx ctx;
            wm_move_ctx_init(&ctx, &bf, unit, WM_MOVE_ORDERED, 0.0, -1, 0);
            const wm_unit *u = &bf.unit[unit];
            int n = u->n_stands;
            for (int k = 0; k < 60; k++) {
                mu_orect fin[WM_MAX_STANDS];
                int order[WM_MAX_STANDS];
                for (int s = 0; s < n; s++)
                    order[s] = s;
                for (int s = n - 1; s > 0; s--) { /* a random moving order */
                    int j = pick(&r, s + 1), t = order[s];
                    order[s] = order[j];
                    order[j] = t;
                }
                int how = pick(&r, 8), tiny = 0;
                if (how < 4) { /* the unit whole: anywhere, or a stand ending against another
                                  unit's, straight to the table's edge or the allowance */
                    mu_vec2 shift = mu_v2(uni(&r, -250, 250), uni(&r, -250, 250));
                    double turn = pick(&r, 3) == 0 ? 0.0 : uni(&r, -PI, PI);
                    mu_vec2 pivot = u->stand[pick(&r, n)].center;
                    static const double nearly[] = {-1e-3, -1e-6, 0.0, 1e-7, 1e-6, 1.2e-6, 2e-6, 1e-4, 1e-3};
                    double e = nearly[pick(&r, 9)];
                    if (how == 1 && bf.n_units > 1) { /* stand 0 against it */
                        const mu_orect *os = NULL; /* the other unit's stand nearest stand 0 */
                        for (int o = 0; o < bf.n_units; o++)
                            for (int t = 0; o != unit && t < bf.unit[o].n_stands; t++)
                                if (!os || mu_v2_dist(bf.unit[o].stand[t].center, u->stand[0].center) <
                                               mu_v2_dist(os->center, u->stand[0].center))
                                    os = &bf.unit[o].stand[t];
                        mu_orect to = stand_near(&r, os); /* and e nearer or farther */
                        to.center = mu_v2_add(to.center, mu_v2_scale(mu_v2_unit(mu_v2_sub(to.center, os->center)), e));
                        pivot = u->stand[0].center;
                        turn = mu_v2_turn(u->stand[0].facing, to.facing);
                        shift = mu_v2_sub(to.center, pivot);
                    } else if (how == 2) { /* a corner to x = 0 or y = 0, plus e */
                        turn = 0.0;
                        mu_vec2 lo = mu_v2(INFINITY, INFINITY);
                        for (int s = 0; s < n; s++) {
                            mu_vec2 v[4];
                            mu_orect_corners_ccw(&u->stand[s], v);
                            for (int i = 0; i < 4; i++)
                                lo = mu_v2(fmin(lo.x, v[i].x), fmin(lo.y, v[i].y));
                        }
                        shift = pick(&r, 2) ? mu_v2(-lo.x - e, 0.0) : mu_v2(0.0, -lo.y - e);
                    } else if (how == 3) { /* straight, the allowance plus e, or far beyond it turning
                                              by a rounding's worth (whose length the check
                                              measures as about 0) */
                        tiny = pick(&r, 3) == 0;
                        turn = 0.0;
                        double a = uni(&r, 0, 2 * PI);
                        shift = mu_v2_scale(mu_v2(cos(a), sin(a)), ctx.allowance_mm + (tiny ? 30.0 : e));
                        pivot = u->stand[0].center;
                    }
                    for (int s = 0; s < n; s++) {
                        fin[s] = u->stand[s];
                        fin[s].center = mu_v2_add(mu_v2_rotate_about(u->stand[s].center, pivot, turn), shift);
                        fin[s].facing = mu_v2_rotate(u->stand[s].facing, turn);
                    }
                } else { /* re-formed about a point near its first stand */
                    mu_orect place[WM_MAX_STANDS];
                    mu_vec2 at = mu_v2_add(u->stand[0].center, mu_v2(uni(&r, -60, 60), uni(&r, -60, 60)));
                    mu_vec2 f = facing(&r);
                    if (pick(&r, 2))
                        wm_place_line(place, n, at, f, u->profile.stand_width_mm, u->profile.stand_depth_mm);
                    else
                        wm_place_column(place, n, at, f, u->profile.stand_width_mm, u->profile.stand_depth_mm);
                    for (int s = 0; s < n; s++) {
                        fin[s] = u->stand[s];
                        fin[s].center = place[order[s]].center;
                        fin[s].facing = place[order[s]].facing;
                    }
                }
                for (int s = n - 1; s > 0; s--) { /* another order to move in */
                    int j = pick(&r, s + 1), t = order[s];
                    order[s] = order[j];
                    order[j] = t;
                }
                wm_move m;
                wm_move_direct(&m, &bf, unit, WM_MOVE_ORDERED, fin, order);
                for (int s = 0; tiny && s < n; s++)
                    m.path[s].leg[0].turn_rad = 5.551115123125783e-17;
                wm_move rm = reversed(&m);
                wm_move_report a, b;
                wm_move_fault fa = wm_move_ctx_check(&ctx, &m, &a), fb = wm_move_ctx_check(&ctx, &rm, &b);
                int sure = wm_move_ctx_sure_fault(&ctx, &m);
                if (sure & WM_SURE_IN_ORDER)
                    assert_int_not_equal(fa, WM_MOVE_OK);
                if (sure & WM_SURE_REVERSED)
                    assert_int_not_equal(fb, WM_MOVE_OK);
                one_way += sure == WM_SURE_IN_ORDER || sure == WM_SURE_REVERSED;
                if (sure == WM_SURE_BOTH) {
                    refused++;
                    refused_fault[fa]++;
                    both_own += fa == WM_MOVE_THROUGH_OWN && fb == WM_MOVE_THROUGH_OWN;
                } else {
                    checked_ok += fa == WM_MOVE_OK;
                    edge_ok += fa == WM_MOVE_OK && (how == 2 || how == 3);
                }
            }
            wm_move_ctx_free(&ctx);
        }
    }
    assert_true(refused > 2000 && checked_ok > 200 && edge_ok > 20);
    assert_true(refused_fault[WM_MOVE_THROUGH_UNIT] > 100);
    assert_true(refused_fault[WM_MOVE_TERRAIN] > 100);
    assert_true(refused_fault[WM_MOVE_OFF_TABLE] > 20);
    assert_true(refused_fault[WM_MOVE_TOO_FAR] > 100);
    assert_true(both_own > 50 && one_way > 50);
}

static void test_stand_path_matches_exhaustive(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 17, 1);
    int one_turning_leg = 0;
    for (int k = 0; k < 50000; k++) {
        mu_orect from = stand_near(&r, NULL);
        wm_leg legs[3];
        int n = pick(&r, 4) == 0 ? 2 + pick(&r, 2) : 1;
        for (int l = 0; l < n; l++) {
            double reach = pick(&r, 3) == 0 ? uni(&r, 0, 2) : uni(&r, 0, 300);
            double a = uni(&r, 0, 2 * PI);
            legs[l].center = mu_v2_add(from.center, mu_v2(reach * cos(a), reach * sin(a)));
            int kind = pick(&r, 4);
            legs[l].turn_rad = kind == 0 ? 0.0 : kind == 1 ? uni(&r, -0.01, 0.01) : uni(&r, -PI, PI);
        }
        mu_orect e1, e2;
        double fast = wm_stand_path_mm(&from, legs, n, &e1);
        double slow = wm_stand_path_exhaustive_mm(&from, legs, n, &e2);
        assert_true(same_bits(fast, slow));
        assert_memory_equal(&e1, &e2, sizeof e1);
        if (n == 1 && legs[0].turn_rad != 0.0) { /* the pruned case: the farthest corner's path */
            double most = 0.0;
            mu_vec2 c[4];
            mu_orect_corners_ccw_unit(&from, c);
            for (int i = 0; i < 4; i++)
                most = fmax(most, wm_leg_point_path_mm(&from, legs[0], mu_v2_sub(c[i], from.center)));
            assert_true(fabs(most - slow) <= 1e-9); /* corners measured alone round apart */
            one_turning_leg++;
        }
    }
    assert_true(one_turning_leg > 10000);
}

/* The path lengths' E(phi | m) takes R_F and R_D from one duplication:
 * the same bits as the two computed apart, over the whole domain and at
 * its ends (m near 0 and 1, phi near 0 and pi/2). */
static void test_ellip_e_matches_reference(void **state)
{
    (void)state;
    mu_rng r;
    mu_rng_seed(&r, 18, 1);
    static const double ms[] = {0.0, 1e-300, 1e-12, 0.5, 1.0 - 1e-12, 1.0 - 2e-15, 1.0};
    static const double phis[] = {0.0, 1e-9, -1e-9, PI / 4, PI / 2, -PI / 2};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 6; j++)
            assert_true(same_bits(wm_ellip_e(phis[j], ms[i]), wm_ellip_e_reference(phis[j], ms[i])));
    for (int k = 0; k < 200000; k++) {
        double m = pick(&r, 4) == 0 ? uni(&r, 0.999, 1.0) : uni(&r, 0.0, 1.0);
        double phi = uni(&r, -PI / 2, PI / 2);
        assert_true(same_bits(wm_ellip_e(phi, m), wm_ellip_e_reference(phi, m)));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_polygon_distance_matches_exhaustive),
        cmocka_unit_test(test_convex_overlaps_poly_matches_reference),
        cmocka_unit_test(test_unit_distance_matches_reference),
        cmocka_unit_test(test_sweep_matches_exhaustive),
        cmocka_unit_test(test_sweep_cut_matches_exhaustive),
        cmocka_unit_test(test_stand_path_matches_exhaustive),
        cmocka_unit_test(test_ellip_e_matches_reference),
        cmocka_unit_test(test_move_check_matches_exhaustive),
        cmocka_unit_test(test_sure_fault_is_sure),
        cmocka_unit_test(test_far_gaps_change_no_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
