/* The planner's contact (charge) search against its slow exhaustive
 * reference (issue 12 item 1; tests/support/wm_contact_ref.h): the
 * reference on hand-built cases, then the share of charges found legal on
 * states of real games of experiments/default.yaml that the fast search
 * misses. Stands 40 x 20 mm; "north" +y. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/wm_planner.h"
#include "wm_charge_sample.h"
#include "wm_contact_ref.h"
#include "wm_table.h"

#include <stdio.h>

#ifndef MUSTER_SOURCE_DIR
#error "MUSTER_SOURCE_DIR must be defined"
#endif

#define PI 3.14159265358979323846

static wm_battlefield bf;

static void fresh(void)
{
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
}

static int cav(int side, double x, double y, double fy)
{
    return wmt_line(&bf, side, WM_CAVALRY, 0, 3, mu_v2(x, y), mu_v2(0, fy));
}

/* Returns non-zero when move m is legal on bf and leaves a stand of its
 * unit touching a stand of target. */
static int legal_contact(const wm_move *m, int target)
{
    if (wm_move_check(&bf, m, NULL) != WM_MOVE_OK)
        return 0;
    wm_unit moved = bf.unit[m->unit];
    for (int k = 0; k < m->n; k++)
        wm_stand_path_mm(&bf.unit[m->unit].stand[m->path[k].stand], m->path[k].leg, m->path[k].n_legs,
                         &moved.stand[m->path[k].stand]);
    return wm_unit_distance_mm(&moved, &bf.unit[target], NULL, NULL, NULL, NULL) <= MU_GEOM_EPS_MM;
}

/* The front of the target (Boar Riders, x 900..1020, y 1000..1020,
 * facing south) is covered by a friendly unit already in contact (x
 * 900..1020, y 980..1000); the charger stands right behind that unit (y
 * 960..980). Its only ways in go round: a three-leg flank charge built
 * by hand (each stand east behind the friends turning to face west,
 * north past their end, west onto the flank) passes the move check, and
 * the reference finds a charge; the fast search too. */
/* RULE wm.stands.one-at-a-time wm.plan.contact-rearranged wm.plan.contact-any-edge */
static void test_wm_reference_finds_the_three_leg_flank_charge(void **state)
{
    (void)state;
    fresh();
    int br = cav(1, 960, 1000, -1);
    cav(0, 960, 1000, 1);
    int k1 = cav(0, 960, 980, 1);
    wm_move hand = {.unit = k1, .kind = WM_MOVE_CHARGE, .charge_target = br, .n = 3};
    const double end_y[3] = {990, 1030, 1070}; /* stand 0, 1, 2: a line facing west on x 1020 */
    for (int k = 0; k < 3; k++) {
        int s = 2 - k; /* the east-most stand first */
        wm_stand_path *p = &hand.path[k];
        p->stand = s;
        p->n_legs = 3;
        p->leg[0] = (wm_leg){mu_v2(1065, 945), 0};          /* back and east, clear of the friends */
        p->leg[1] = (wm_leg){mu_v2(1065, end_y[s]), PI / 2}; /* north past their end, turning west */
        p->leg[2] = (wm_leg){mu_v2(1030, end_y[s]), 0};      /* west onto the flank */
    }
    wm_move_report rep;
    assert_int_equal(wm_move_check(&bf, &hand, &rep), WM_MOVE_OK);
    assert_true(legal_contact(&hand, br));
    wm_ref_opts o = wm_ref_opts_default();
    o.budget = 0; /* no limit: it must decide */
    wm_move m;
    long checks = 0;
    assert_int_equal(wm_ref_contact(&bf, k1, br, &o, &m, &checks), 1);
    assert_true(checks > 0);
    assert_true(legal_contact(&m, br));
    /* the fast search, in the present arrangement (WM_FORM_ANY tries the
     * other arrangements nearer first and spends its routing budget on
     * them here: a limit, wm_planner.h) */
    wm_plan_request rq = wm_plan_request_make(k1, WM_GOAL_CONTACT, WM_FORM_KEEP, WM_MOVE_CHARGE);
    rq.target = br;
    wm_plan p;
    wm_plan_move(&bf, &rq, &p);
    assert_true(p.reached);
    assert_true(legal_contact(&p.move, br));
    int legs = 0;
    for (int k = 0; k < p.move.n; k++)
        legs = p.move.path[k].n_legs > legs ? p.move.path[k].n_legs : legs;
    assert_true(legs >= 2); /* round the friends, not through them */
}

/* The reference on plain cases: a charge straight ahead is found with
 * straight legs; a target beyond the charger's pace, or walled in all
 * round by a barrier, has no charge. */
/* RULE wm.pace.maximum wm.terrain.halt-at-edge */
static void test_wm_reference_straight_out_of_reach_and_boxed_in(void **state)
{
    (void)state;
    wm_ref_opts o = wm_ref_opts_default();
    o.max_waypoints = 0;
    wm_move m;
    fresh();
    int a = cav(0, 900, 500, 1);
    int e = cav(1, 900, 700, -1); /* 200 mm ahead, cavalry pace 300 mm */
    assert_int_equal(wm_ref_contact(&bf, a, e, &o, &m, NULL), 1);
    assert_true(legal_contact(&m, e));
    o = wm_ref_opts_default();
    fresh();
    a = cav(0, 900, 500, 1);
    e = cav(1, 900, 830, -1); /* 330 mm: every point moves at least that far */
    long checks = -1;
    assert_int_equal(wm_ref_contact(&bf, a, e, &o, &m, &checks), 0);
    assert_int_equal(checks, 0); /* the lower bound refuses every placement */
    fresh(); /* walls of a barrier touching the target all round */
    a = cav(0, 900, 500, 1);
    e = cav(1, 900, 700, -1); /* x 840..960, y 700..720 */
    wmt_box(&bf, WM_BARRIER, 820, 680, 980, 700);
    wmt_box(&bf, WM_BARRIER, 820, 720, 980, 740);
    wmt_box(&bf, WM_BARRIER, 820, 700, 840, 720);
    wmt_box(&bf, WM_BARRIER, 960, 700, 980, 720);
    assert_int_equal(wm_ref_contact(&bf, a, e, &o, &m, NULL), 0);
    wm_plan_request rq = wm_plan_request_make(a, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = e;
    wm_plan p;
    wm_plan_move(&bf, &rq, &p);
    assert_false(p.reached);
    assert_int_equal(wm_move_check(&bf, &p.move, NULL), WM_MOVE_OK);
}

/* ---- the route search's pruning changes no plan ---- */

static void on_pair_both_ways(void *user, const wm_game *g, int unit, int target, int initiative)
{
    same_tally *t = user;
    (void)initiative;
    wm_plan_request rq = wm_plan_request_make(unit, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = target;
    wm_plan fast, slow;
    wm_plan_move(&g->bf, &rq, &fast);
    rq.exhaustive = 1;
    wm_plan_move(&g->bf, &rq, &slow);
    t->pairs++;
    t->reached += fast.reached;
    t->differ += fast.reached != slow.reached || fast.moved != slow.moved ||
                 !same_move(&fast.move, &slow.move) || fast.target_mm != slow.target_mm;
}

/* The route search skips a waypoint when the shortest way on from it to
 * the stand's end (bound_to_go, Dijkstra over the waypoints) already
 * makes the route longer than any it keeps: it must find the very same
 * routes, so on the charge pairs of real games (as below, 2 games) the
 * plans with and without the pruning (exhaustive) are equal bit for bit.
 * This also holds the waypoints clear of every obstacle: a waypoint
 * inside an obstacle's clearance makes the visibility between two
 * waypoints depend on which way it is asked, and the pruning asks in
 * another order than the plain search. */
/* RULE wm.plan.contact-rearranged */
static void test_wm_route_pruning_changes_no_plan(void **state)
{
    (void)state;
    same_tally t = {0};
    char err[512];
    if (wm_charge_sample_games(MUSTER_SOURCE_DIR "/experiments/default.yaml", 1, 2, on_pair_both_ways, &t, err,
                               sizeof err))
        fail_msg("%s", err);
    printf("# %d pairs, %d charges planned, %d plans differ\n", t.pairs, t.reached, t.differ);
    assert_true(t.pairs >= 30 && t.reached >= 10);
    assert_int_equal(t.differ, 0);
}

/* ---- the fast search against the reference on real game states ---- */

typedef struct tally {
    int pairs, fast, ref_only, undecided, bad_fast;
} tally;

static void on_pair(void *user, const wm_game *g, int unit, int target, int initiative)
{
    tally *t = user;
    (void)initiative;
    t->pairs++;
    wm_plan_request rq = wm_plan_request_make(unit, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = target;
    wm_plan p;
    wm_plan_move(&g->bf, &rq, &p);
    if (p.reached) {
        t->fast++;
        t->bad_fast += wm_move_check(&g->bf, &p.move, NULL) != WM_MOVE_OK || p.target_mm > MU_GEOM_EPS_MM;
        return;
    }
    wm_ref_opts o = wm_ref_opts_default();
    int r = wm_ref_contact(&g->bf, unit, target, &o, NULL, NULL);
    t->ref_only += r > 0;
    t->undecided += r < 0;
}

/* Sampling (tests/support/wm_charge_sample.h): every initiative
 * candidate's closest chargeable enemies and every free unit's nearest
 * enemy within its pace, in GAMES games of experiments/default.yaml from
 * seed 1. The reference runs where the fast search finds nothing; the
 * charges known legal are those either finds. Every charge the fast
 * search plans is legal and in contact, and it misses at most
 * MAX_MISSED_PCT per cent of the charges known legal: issue 12's bar, 1%
 * (here none of 33; on the bigger sample of bench/bench_wm_charge, see
 * bench/README.md). */
#define GAMES 3
#define MAX_MISSED_PCT 1
/* RULE wm.plan.contact-rearranged */
static void test_wm_contact_search_against_the_reference_on_game_states(void **state)
{
    (void)state;
    tally t = {0};
    char err[512];
    if (wm_charge_sample_games(MUSTER_SOURCE_DIR "/experiments/default.yaml", 1, GAMES, on_pair, &t, err, sizeof err))
        fail_msg("%s", err);
    int legal = t.fast + t.ref_only;
    printf("# %d pairs; charges known legal %d; the fast search misses %d; reference undecided %d\n", t.pairs,
           legal, t.ref_only, t.undecided);
    assert_true(legal >= 30);
    assert_int_equal(t.bad_fast, 0);
    assert_true(100 * t.ref_only <= MAX_MISSED_PCT * legal);
}


/* ---- misses of the fast search, from real game states ---- */

/* Plans unit u's charge at t in any arrangement; returns whether it
 * reached, checking that a reached plan is a legal move in contact. */
static int charge_reaches(int u, int t)
{
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_CONTACT, WM_FORM_ANY, WM_MOVE_CHARGE);
    rq.target = t;
    wm_plan p;
    wm_plan_move(&bf, &rq, &p);
    if (p.reached)
        assert_true(legal_contact(&p.move, t));
    return p.reached;
}

/* bench_wm_charge -g 12 -s 7, pair 73 (the stands as the game had them,
 * the units within 400 mm): cavalry (u, a line at y 457..477 facing
 * north) charging cavalry in a column (t, x 212.6..252.6, y 646..706,
 * facing south, engaged) whose other sides are held by friends and a
 * wood. The way in is the target's west flank, with each stand turning a
 * quarter to face east as it passes the friends' column (x 172.9..212.9,
 * y 586..646): every route through the corner waypoints is refused by
 * the sampled poses, so the plan missed it; the grid fallback
 * (planner_route.c) gives a stand a waypoint where it fits. */
/* RULE wm.plan.contact-rearranged */
static void test_wm_plan_charge_needs_the_grid_fallback(void **state)
{
    (void)state;
    fresh();
    wmt_default_terrain(&bf);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{192.89000082304449, 616.10467848156293, 0, 1}, {192.89000082304449, 636.10467848156293, 0, 1}, {192.89000082304449, 596.10467848156293, 0, 1}}, 2u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{252.51500082304449, 636.10467848156293, 0, 1}, {292.51500082304449, 636.10467848156293, 0, 1}, {332.51500082304449, 636.10467848156293, 0, 1}}, 5u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{372.51500082304449, 596.10467848156293, 0, 1}, {372.51500082304449, 636.10467848156293, 0, 1}, {372.51500082304449, 616.10467848156293, 0, 1}}, 2u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{502.43463859828336, 348.14474152278262, 0, 1}, {542.4346385982833, 348.14474152278262, 0, 1}, {582.4346385982833, 348.14474152278262, 0, 1}}, 0u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{500, 390, 0, 1}, {540, 390, 0, 1}, {580, 390, 0, 1}}, 0u);
    int u = wmt_unit_at(&bf, 0, 1, 1u, 3, (const double[][4]){{62.42640687119286, 466.98484809834991, 0, 1}, {102.42640687119285, 466.98484809834991, 0, 1}, {142.42640687119285, 466.98484809834991, 0, 1}}, 0u);
    wmt_unit_at(&bf, 0, 3, 0u, 2, (const double[][4]){{334.87221712876214, 245.81531751581315, 0, 1}, {374.87221712876214, 245.81531751581315, 0, 1}}, 0u);
    wmt_unit_at(&bf, 0, 6, 0u, 1, (const double[][4]){{344.71791316522643, 302.97802496014003, 0, 1}}, 0u);
    wmt_unit_at(&bf, 0, 6, 0u, 1, (const double[][4]){{340, 170, 0, 1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{452.26500082304449, 656.10467848156293, 0, -1}, {412.26500082304449, 656.10467848156293, 0, -1}, {372.26500082304449, 656.10467848156293, 0, -1}}, 6u);
    int t = wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{232.64000082304449, 696.10467848156293, 0, -1}, {232.64000082304449, 656.10467848156293, 0, -1}, {232.64000082304449, 676.10467848156293, 0, -1}}, 2u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{394.62517378619219, 850.02620316863829, 0, -1}, {354.62517378619219, 850.02620316863829, 0, -1}, {314.62517378619219, 850.02620316863829, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{306.4485110950526, 722.72547114397946, 0, -1}, {266.4485110950526, 722.72547114397946, 0, -1}, {226.44851109505262, 722.72547114397946, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{413.81638690260479, 810.0247885012792, 0, -1}}, 0u);
    assert_true(charge_reaches(u, t));
}

/* bench_wm_charge -g 12 -s 7, pair 116: cavalry (u, a line at y
 * 734.9..754.9 facing south) behind friends whose stands touch the
 * front of the target (infantry, t, a line x 167.4..287.4 at y
 * 683.7..703.7 facing north, engaged). The way in is a column through the
 * 47 mm between the friends' lines, after placements that all need
 * routing: with a placement made up to three times (a special slide equal
 * to an even one) the 64 route searches ran out before it; made once each,
 * it is reached. */
/* RULE wm.plan.contact-rearranged wm.plan.contact-any-edge */
static void test_wm_plan_charge_tries_each_placement_once(void **state)
{
    (void)state;
    fresh();
    wmt_default_terrain(&bf);
    int t = wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{187.41789054765985, 693.73121983360443, 0, 1}, {227.41789054765985, 693.73121983360443, 0, 1}, {267.41789054765985, 693.73121983360443, 0, 1}}, 7u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{754.28299821003293, 763.70288556850403, 0, -1}, {714.28299821003293, 763.70288556850403, 0, -1}, {674.28299821003293, 763.70288556850403, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{387.16789054765985, 713.73121983360443, 0, -1}, {347.16789054765985, 713.73121983360443, 0, -1}, {307.16789054765985, 713.73121983360443, 0, -1}}, 4u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{219.99999999999997, 713.73121983360443, 0, -1}, {179.99999999999997, 713.73121983360443, 0, -1}, {139.99999999999997, 713.73121983360443, 0, -1}}, 3u);
    int u = wmt_unit_at(&bf, 1, 1, 1u, 3, (const double[][4]){{240.35418715191813, 744.8572042296372, 0, -1}, {200.35418715191813, 744.8572042296372, 0, -1}, {160.35418715191813, 744.8572042296372, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{200.3541871519181, 844.85720422963709, 0, -1}}, 0u);
    assert_true(charge_reaches(u, t));
}

/* bench_wm_charge -g 12 -s 7, pair 182: infantry (u, a line x
 * 733.6..853.6 at y 900..920 facing south) charging infantry (t, a line
 * x 556..676 at y 772.7..792.7 facing north) whose front has 120 mm open
 * between two friendly units. The way in is a column down the open part,
 * the stands round the corner of the friends on the right (x 675.8..,
 * y 792.7..812.7). The least-longest-move assignment sends stand 1 (the
 * middle one) to the front place and stand 2 (the west end) behind it:
 * round that corner stand 1's way is over the pace (201.6 of 200 mm).
 * Assigned in moving order, the front place to the nearest stand, each
 * goes round in turn. */
/* RULE wm.plan.contact-rearranged wm.stands.one-at-a-time */
static void test_wm_plan_charge_assigns_the_front_place_first(void **state)
{
    (void)state;
    fresh();
    wmt_default_terrain(&bf);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{394.83210241849031, 656.65106444345111, 0, 1}, {434.83210241849031, 656.65106444345111, 0, 1}, {474.83210241849031, 656.65106444345111, 0, 1}}, 0u);
    int t = wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{576.00876262634438, 782.7119402361127, 0, 1}, {616.00876262634438, 782.7119402361127, 0, 1}, {656.00876262634438, 782.7119402361127, 0, 1}}, 5u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{685.59914064997179, 760.87609958148289, 0, 1}, {725.59914064997179, 760.87609958148289, 0, 1}, {765.59914064997179, 760.87609958148289, 0, 1}}, 0u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{718.68284707797034, 782.7119402361127, 0, 1}, {758.68284707797034, 782.7119402361127, 0, 1}, {798.68284707797034, 782.7119402361127, 0, 1}}, 7u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{858.55784707797034, 742.7119402361127, 0, 1}, {858.55784707797034, 782.7119402361127, 0, 1}, {858.55784707797034, 762.7119402361127, 0, 1}}, 2u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{963.69993257750878, 900.21024108286781, 0, -1}, {923.69993257750878, 900.21024108286781, 0, -1}, {883.69993257750878, 900.21024108286781, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{918.43284707797034, 802.7119402361127, 0, -1}, {878.43284707797034, 802.7119402361127, 0, -1}, {838.43284707797034, 802.7119402361127, 0, -1}}, 6u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{1203.0682782597519, 913.53864734052593, 0, -1}, {1163.0682782597519, 913.53864734052593, 0, -1}, {1123.0682782597519, 913.53864734052593, 0, -1}}, 0u);
    int u = wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{833.5880703542631, 910.01312772433141, 0, -1}, {793.5880703542631, 910.01312772433141, 0, -1}, {753.5880703542631, 910.01312772433141, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{775.75876262634438, 802.7119402361127, 0, -1}, {735.75876262634438, 802.7119402361127, 0, -1}, {695.75876262634438, 802.7119402361127, 0, -1}}, 7u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{868.65479742911577, 823.77046008392915, 0, -1}, {828.65479742911577, 823.77046008392915, 0, -1}, {788.65479742911577, 823.77046008392915, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{700, 1010, 0, -1}, {660, 1010, 0, -1}, {620, 1010, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{580, 1010, 0, -1}, {540, 1010, 0, -1}, {500, 1010, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{460, 1189.999, 0, -1}, {420, 1189.999, 0, -1}, {380, 1189.999, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{536.25876262634438, 802.7119402361127, 0, -1}, {496.25876262634438, 802.7119402361127, 0, -1}, {456.25876262634438, 802.7119402361127, 0, -1}}, 1u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{992.6375848936259, 1083.3552707585427, 0, -1}}, 0u);
    assert_true(charge_reaches(u, t));
}

/* bench_wm_charge -g 12 -s 7, pair 9: infantry (u, a line x 807..927 at
 * y 738.9..758.9 facing south) charging infantry in a column (t, x
 * 928.6..968.6, y 642..702, facing north) whose front a friendly line
 * (x 868.7..988.7, y 702..722) holds. The way in is the west flank, as a
 * column facing east, every stand going west round the friends' end and
 * turning a quarter. The stand nearest the flank goes farthest round, so
 * nearest-first sends the stands across each other's ways; assigned along
 * the way the first route set off (west: the west-most stand leads), the
 * stands file round in order. */
/* RULE wm.plan.contact-rearranged wm.stands.one-at-a-time */
static void test_wm_plan_charge_files_stands_along_the_route(void **state)
{
    (void)state;
    fresh();
    wmt_default_terrain(&bf);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{500, 490, 0, 1}, {540, 490, 0, 1}, {580, 490, 0, 1}}, 0u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{523.63591296571178, 616.35137157510815, 0, 1}, {563.63591296571178, 616.35137157510815, 0, 1}, {603.63591296571178, 616.35137157510815, 0, 1}}, 6u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{680.77221232863326, 596.35137157510815, 0, 1}, {680.77221232863326, 616.35137157510815, 0, 1}, {680.77221232863326, 576.35137157510815, 0, 1}}, 2u);
    int t = wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{948.59055007003565, 672.0651383982788, 0, 1}, {948.59055007003565, 692.0651383982788, 0, 1}, {948.59055007003565, 652.0651383982788, 0, 1}}, 2u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{1122.6577121449054, 369.98933578636814, 0, 1}, {1162.6577121449054, 369.98933578636814, 0, 1}, {1202.6577121449054, 369.98933578636814, 0, 1}}, 0u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{1100, 390, 0, 1}, {1140, 390, 0, 1}, {1180, 390, 0, 1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{1400.9978093434138, 711.82201494097194, 0, -1}, {1360.9978093434138, 711.82201494097194, 0, -1}, {1320.9978093434138, 711.82201494097194, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{1337.0815349454226, 830.00025480710838, 0, -1}, {1297.0815349454226, 830.00025480710838, 0, -1}, {1257.0815349454226, 830.00025480710838, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{1227.7712092604502, 713.97334222203631, 0, -1}, {1187.7712092604502, 713.97334222203631, 0, -1}, {1147.7712092604502, 713.97334222203631, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{1050.7646316579535, 732.08840542085932, 0, -1}, {1010.7646316579534, 732.08840542085932, 0, -1}, {970.76463165795349, 732.08840542085932, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{968.66688965875949, 712.0651383982788, 0, -1}, {928.66688965875949, 712.0651383982788, 0, -1}, {888.66688965875949, 712.0651383982788, 0, -1}}, 3u);
    int u = wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{906.97373875938638, 748.86249572906127, 0, -1}, {866.97373875938638, 748.86249572906127, 0, -1}, {826.97373875938638, 748.86249572906127, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{700, 1010, 0, -1}, {660, 1010, 0, -1}, {620, 1010, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{679.22778767136674, 636.35137157510815, 0, -1}, {639.22778767136674, 636.35137157510815, 0, -1}, {599.22778767136674, 636.35137157510815, 0, -1}}, 7u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{535.667361145482, 880.48378303363245, 0, -1}, {495.667361145482, 880.48378303363245, 0, -1}, {455.667361145482, 880.48378303363245, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{1046.0568222075499, 974.32661683022422, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{639.22778767136674, 736.35137157510803, 0, -1}}, 0u);
    assert_true(charge_reaches(u, t));
}

/* bench_wm_charge -g 12 -s 8, pair 40: cavalry (u, a line x 360..480 at
 * y 797.4..817.4 facing south) charging the rear of infantry (t, a line
 * x 705.1..825.1 at the same depth, facing north, engaged) whose other
 * sides friends hold. The way in is the corner of the rear edge, the
 * charger's line turned half round below the target, the first stand
 * round its friends through a waypoint. With 6 paths checked per stand
 * (TRY_ROUTES) it was missed; with 12 the first stand's way is found, a
 * grid fallback's waypoint (660, 780). */
/* RULE wm.plan.contact-rearranged wm.plan.contact-any-edge */
static void test_wm_plan_charge_checks_twelve_routes_per_stand(void **state)
{
    (void)state;
    fresh();
    wmt_default_terrain(&bf);
    int t = wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{725.11644750857522, 807.412942585932, 0, 1}, {765.11644750857522, 807.412942585932, 0, 1}, {805.11644750857522, 807.412942585932, 0, 1}}, 7u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{968.6071495212359, 889.7161592530432, 0, -1}, {928.6071495212359, 889.7161592530432, 0, -1}, {888.6071495212359, 889.7161592530432, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{924.86644750857522, 827.412942585932, 0, -1}, {884.86644750857522, 827.412942585932, 0, -1}, {844.86644750857522, 827.412942585932, 0, -1}}, 4u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{860.07051825751887, 1015.3105866138203, 0, -1}, {820.07051825751887, 1015.3105866138203, 0, -1}, {780.07051825751887, 1015.3105866138203, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{902.24249472438407, 863.84293942951626, 0, -1}, {862.24249472438407, 863.84293942951626, 0, -1}, {822.24249472438407, 863.84293942951626, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{779.99999999999989, 847.412942585932, 0, -1}, {779.99999999999989, 827.412942585932, 0, -1}, {779.99999999999989, 867.412942585932, 0, -1}}, 2u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{700, 827.412942585932, 0, -1}, {660, 827.412942585932, 0, -1}, {620, 827.412942585932, 0, -1}}, 1u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{728.66465615989284, 876.21352830401418, 0, -1}, {688.66465615989284, 876.21352830401418, 0, -1}, {648.66465615989284, 876.21352830401418, 0, -1}}, 0u);
    int u = wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{460, 807.41294258593211, 0, -1}, {420, 807.41294258593211, 0, -1}, {380, 807.41294258593211, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{340, 1010, 0, -1}, {300, 1010, 0, -1}, {260, 1010, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{220, 1010, 0, -1}, {180, 1010, 0, -1}, {140, 1010, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 1u, 3, (const double[][4]){{100, 1010, 0, -1}, {60, 1010, 0, -1}, {20, 1010, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{240, 1059.353235646483, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{688.66465615989284, 976.21352830401406, 0, -1}}, 0u);
    assert_true(charge_reaches(u, t));
}

/* bench_wm_charge -g 12 -s 8, pair 328: infantry (u, a line x
 * 700.6..820.6 at y 843.8..863.8 facing south) charging infantry in a
 * column (t, x 805..845, y 723.8..783.8, facing north, engaged) whose
 * front a friendly column holds. The way in is the west flank, each stand
 * turning a quarter round the friends: the placements before it spent the
 * 16 grid fallbacks a plan had; with 32 it is reached. */
/* RULE wm.plan.contact-rearranged */
static void test_wm_plan_charge_with_thirty_two_grid_fallbacks(void **state)
{
    (void)state;
    fresh();
    wmt_default_terrain(&bf);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{579.93905592003841, 473.32961391606364, 0, 1}, {619.93905592003841, 473.32961391606364, 0, 1}, {659.93905592003841, 473.32961391606364, 0, 1}}, 0u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{744.94702551798116, 564.84107655394325, 0, 1}, {784.94702551798116, 564.84107655394325, 0, 1}, {824.94702551798116, 564.84107655394325, 0, 1}}, 0u);
    int t = wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{824.97190133975164, 753.82545389964037, 0, 1}, {824.97190133975164, 773.82545389964037, 0, 1}, {824.97190133975164, 733.82545389964037, 0, 1}}, 2u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{888.05169594355425, 773.82545389964037, 0, 1}, {928.05169594355425, 773.82545389964037, 0, 1}, {968.05169594355425, 773.82545389964037, 0, 1}}, 7u);
    wmt_unit_at(&bf, 0, 0, 0u, 3, (const double[][4]){{865.53560218812549, 569.93668703478693, 0, 1}, {905.53560218812549, 569.93668703478693, 0, 1}, {945.53560218812549, 569.93668703478693, 0, 1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{1316.5297704846382, 930.00041600366444, 0, -1}, {1276.5297704846382, 930.00041600366444, 0, -1}, {1236.5297704846382, 930.00041600366444, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{1087.8016959435543, 793.82545389964037, 0, -1}, {1047.8016959435543, 793.82545389964037, 0, -1}, {1007.8016959435543, 793.82545389964037, 0, -1}}, 4u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{980.03713282471006, 813.84319383771958, 0, -1}, {940.03713282471006, 813.84319383771958, 0, -1}, {900.03713282471006, 813.84319383771958, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{940, 793.82545389964037, 0, -1}, {900, 793.82545389964037, 0, -1}, {860, 793.82545389964037, 0, -1}}, 7u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{819.07495586563778, 813.82545389964037, 0, -1}, {819.07495586563778, 793.82545389964037, 0, -1}, {819.07495586563778, 833.82545389964037, 0, -1}}, 2u);
    int u = wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{800.56580526740356, 853.83765169477044, 0, -1}, {760.56580526740356, 853.83765169477044, 0, -1}, {720.56580526740356, 853.83765169477044, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 0, 0u, 3, (const double[][4]){{580, 1189.999, 0, -1}, {540, 1189.999, 0, -1}, {500, 1189.999, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{497.57716919752113, 864.78307138938362, 0, -1}, {457.57716919752113, 864.78307138938362, 0, -1}, {417.57716919752113, 864.78307138938362, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 1, 0u, 3, (const double[][4]){{387.16789054765985, 713.73121983360443, 0, -1}, {347.16789054765985, 713.73121983360443, 0, -1}, {307.16789054765985, 713.73121983360443, 0, -1}}, 4u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{1025.342698827144, 1035.8858799462857, 0, -1}}, 0u);
    wmt_unit_at(&bf, 1, 6, 0u, 1, (const double[][4]){{760.56580526740356, 953.83765169477033, 0, -1}}, 0u);
    assert_true(charge_reaches(u, t));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_reference_finds_the_three_leg_flank_charge),
        cmocka_unit_test(test_wm_reference_straight_out_of_reach_and_boxed_in),
        cmocka_unit_test(test_wm_plan_charge_needs_the_grid_fallback),
        cmocka_unit_test(test_wm_plan_charge_tries_each_placement_once),
        cmocka_unit_test(test_wm_plan_charge_assigns_the_front_place_first),
        cmocka_unit_test(test_wm_plan_charge_files_stands_along_the_route),
        cmocka_unit_test(test_wm_plan_charge_checks_twelve_routes_per_stand),
        cmocka_unit_test(test_wm_plan_charge_with_thirty_two_grid_fallbacks),
        cmocka_unit_test(test_wm_route_pruning_changes_no_plan),
        cmocka_unit_test(test_wm_contact_search_against_the_reference_on_game_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
