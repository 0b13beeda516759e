/* Ninth Age moves, each test citing its clause of ninth-age-movement.txt
 * (ids in src/rules/ninth_age/CLAUSES.md): Advance, March and Reform, the
 * Wheels of the three worked examples, Pivots, who may move, contact. No
 * dice are rolled here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"
#include "na_fixture.h"

static na_field F;
static na_env E;

static int setup(void **state)
{
    (void)state;
    memset(&F, 0, sizeof F);
    E = fx_env();
    return 0;
}

/* Example a: March Rate 12"; forwards 3", a 6" Wheel by the outer corner,
 * forwards 2": 3 + 6 + 2 = 11", legal.
 * RULE na.wheel.outer-corner na.march.wheels na.march.forward */
static void test_na_wheel_example_a_three_six_two_is_eleven(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(6, 12, 7, 25, 25), 0, 20, 5, 100, 100, 90);
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 3 * IN);
    fx_step(&m, NA_STEP_WHEEL, fx_wheel_rad(&F.units[u], 6));
    fx_step(&m, NA_STEP_FORWARD, 2 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_close(o.path_mm, 11 * IN, 1e-9);
    assert_int_equal(o.wheels, 1);
    /* the wheel's cost is the outer corner's arc: one more inch of wheel is too far */
    m.steps[1].amount = fx_wheel_rad(&F.units[u], 7.01);
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_TOO_FAR);
}

/* Example b: March Rate 10"; forwards 3", a 5" Wheel: the outer corner
 * moved only 8", but models end beyond 10" from where they started:
 * illegal. The unit (assumption: the figure is not in our text): 40 models
 * on 20 mm bases, 5 wide and 8 deep; its rear outer model ends 11.0" away.
 * Under the reading "only the outer corner's distance counts" it would be
 * legal. RULE na.march.model-distance */
static void test_na_wheel_example_b_models_beyond_rate_illegal(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(5, 10, 7, 20, 20), 0, 40, 5, 100, 100, 90);
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 3 * IN);
    fx_step(&m, NA_STEP_WHEEL, fx_wheel_rad(&F.units[u], 5));
    double path;
    na_unit end = na_move_end(&F.units[u], &m, &path);
    assert_close(path, 8 * IN, 1e-9);
    assert_true(na_farthest_model_mm(&F.units[u], &end) > 10.9 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_MODEL_TOO_FAR);
}

/* The farthest any model is from its start at any point of the steps
 * m.steps[0..m.n_steps), wheels sampled every 0.5 degrees. */
static double farthest_during(const na_unit *u, const na_move *m)
{
    double far = 0;
    na_move part = {.kind = m->kind};
    for (int i = 0; i < m->n_steps; i++) {
        int k = 100;
        for (int j = 1; j <= k; j++) {
            part.n_steps = (uint8_t)i;
            fx_step(&part, m->steps[i].kind, m->steps[i].amount * j / k);
            na_unit at = na_move_end(u, &part, NULL);
            double d = na_farthest_model_mm(u, &at);
            far = d > far ? d : far;
        }
        part.n_steps = (uint8_t)i;
        fx_step(&part, m->steps[i].kind, m->steps[i].amount);
    }
    return far;
}

/* Example c: March Rate 16"; forwards 2", two 4" Wheels (almost facing the
 * opposite way), forwards 4", a 1.5" Wheel: 15.5", legal although some
 * models were farther than 16" from their start during the move. The unit
 * (assumption): 24 models on 25 mm bases, 3 wide and 8 deep; a rear model
 * is 17.2" from its start mid-move and at most 14.8" at the end. Under the
 * reading "no model may ever be beyond the rate" it would be illegal.
 * RULE na.wheel.end-only na.march.wheels */
static void test_na_wheel_example_c_legal_although_beyond_mid_move(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(8, 16, 7, 25, 25), 0, 24, 3, 100, 100, 90);
    const na_unit *un = &F.units[u];
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 2 * IN);
    fx_step(&m, NA_STEP_WHEEL, fx_wheel_rad(un, 4));
    fx_step(&m, NA_STEP_WHEEL, fx_wheel_rad(un, 4));
    fx_step(&m, NA_STEP_FORWARD, 4 * IN);
    fx_step(&m, NA_STEP_WHEEL, fx_wheel_rad(un, 1.5));
    assert_true(farthest_during(un, &m) > 17 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_close(o.path_mm, 15.5 * IN, 1e-9);
    assert_true(o.farthest_mm <= 16 * IN);
    assert_true(o.farthest_mm > 14 * IN);
    /* almost the opposite facing */
    assert_true(mu_v2_dot(o.end.facing, un->facing) < -0.99);
}

/* RULE na.advance.forward na.advance.wheels */
static void test_na_advance_forward_up_to_advance_rate(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 100, 90);
    na_move m = {.kind = NA_ADVANCE};
    fx_step(&m, NA_STEP_FORWARD, 4 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_close(o.end.centre.y, 104 * IN, 1e-9);
    m.steps[0].amount = 4.05 * IN;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_TOO_FAR);
    /* with a wheel: 1" of wheel and 3" forward */
    m.steps[0].amount = 3 * IN;
    fx_step(&m, NA_STEP_WHEEL, fx_wheel_rad(&F.units[u], 1));
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_close(o.path_mm, 4 * IN, 1e-9);
}

/* RULE na.advance.backward na.advance.one-direction */
static void test_na_advance_backward_half_rate(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(5, 10, 7, 20, 20), 0, 10, 5, 100, 100, 90);
    na_move m = {.kind = NA_ADVANCE_BACK};
    fx_step(&m, NA_STEP_BACK, 2.5 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK); /* the text's example: 5" rate, 2.5" back */
    assert_close(o.end.centre.y, 97.5 * IN, 1e-9);
    m.steps[0].amount = 2.6 * IN;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_TOO_FAR);
    /* no wheel, no forward step in a backward move */
    m.steps[0].amount = 1 * IN;
    fx_step(&m, NA_STEP_WHEEL, 0.1);
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_WRONG_STEP);
    m.steps[1] = (na_step){NA_STEP_FORWARD, 1 * IN};
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_WRONG_STEP);
}

/* RULE na.advance.sideways na.advance.one-direction */
static void test_na_advance_sideways_half_rate_one_side(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 100, 90);
    na_move m = {.kind = NA_ADVANCE_SIDE};
    fx_step(&m, NA_STEP_SIDE, -2 * IN); /* to the left: -x when facing +y */
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_close(o.end.centre.x, 98 * IN, 1e-9);
    m.steps[0].amount = 2.1 * IN;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_TOO_FAR);
    /* left then right: two directions */
    m.steps[0].amount = -1 * IN;
    fx_step(&m, NA_STEP_SIDE, 0.5 * IN);
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_WRONG_STEP);
}

/* The Advance Move's own limit on models: a deep unit wheeling within its
 * Advance Rate by the outer corner but with rear models ending beyond it.
 * RULE na.advance.model-distance */
static void test_na_advance_model_distance_limits_wheels(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(5, 10, 7, 20, 20), 0, 40, 5, 100, 100, 90);
    na_move m = {.kind = NA_ADVANCE};
    fx_step(&m, NA_STEP_FORWARD, 1.5 * IN);
    fx_step(&m, NA_STEP_WHEEL, fx_wheel_rad(&F.units[u], 3.5));
    na_outcome o;
    na_unit end = na_move_end(&F.units[u], &m, NULL);
    assert_true(na_farthest_model_mm(&F.units[u], &end) > 5 * IN);
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_MODEL_TOO_FAR);
    /* the same as a March Move (10") is fine */
    m.kind = NA_MARCH;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
}

/* RULE na.march.forward */
static void test_na_march_forwards_only(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 100, 90);
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 8 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    m.steps[0].amount = 8.1 * IN;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_TOO_FAR);
    m.steps[0] = (na_step){NA_STEP_BACK, 1 * IN};
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_WRONG_STEP);
    m.steps[0] = (na_step){NA_STEP_SIDE, 1 * IN};
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_WRONG_STEP);
}

/* RULE na.reform.centre na.reform.formation */
static void test_na_reform_keeps_centre_any_facing(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 12, 4, 100, 100, 90);
    na_move m = {.kind = NA_REFORM, .files = 6, .facing = mu_v2(1, 0)};
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_close(o.end.centre.x, F.units[u].centre.x, 1e-12);
    assert_close(o.end.centre.y, F.units[u].centre.y, 1e-12);
    assert_int_equal(o.end.files, 6);
    assert_close(o.end.facing.x, 1, 1e-12);
    m.files = 0;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_BAD_FORMATION);
    m.files = 13;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_BAD_FORMATION);
}

/* Reading: a Reform removes the unit and places it back, so any model may
 * take any place; it is legal when some placement keeps every model within
 * the March Rate. A 10-wide line (9.8") about-facing is legal (each model
 * can stay where it stands); keeping each model's rank and file it would
 * carry the end models 8.9" across, beyond the 8" March Rate. And a
 * 20-wide line forming a column cannot: some model must go 13" or more.
 * RULE na.reform.distance */
static void test_na_reform_models_may_take_any_place(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 25, 25), 0, 10, 10, 100, 100, 90);
    na_move m = {.kind = NA_REFORM, .files = 10, .facing = mu_v2(0, -1)};
    na_unit end = na_move_end(&F.units[u], &m, NULL);
    assert_true(na_farthest_model_mm(&F.units[u], &end) > 8 * IN); /* the other reading refuses */
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    int v = fx_add(&F, fx_profile(4, 8, 7, 25, 25), 0, 20, 20, 100, 150, 90);
    na_move col = {.kind = NA_REFORM, .files = 1, .facing = mu_v2(0, 1)};
    assert_int_equal(na_move_try(&F, &E, v, &col, &o), NA_MODEL_TOO_FAR);
}

/* RULE na.reform.spacing */
static void test_na_reform_follows_unit_spacing(void **state)
{
    (void)state;
    /* 2 ranks of 5 on 20 mm (3.9" x 1.6"); a friend 1.5" to the right */
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 100, 90);
    fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100 + 3.94 + 1.5, 100, 90);
    na_move m = {.kind = NA_REFORM, .files = 10, .facing = mu_v2(0, 1)}; /* 7.9" wide: into the friend */
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_BLOCKED);
    m.files = 7; /* 5.5" wide: 0.7" from it, within the 1" Unit Spacing */
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_SPACING);
    m.files = 5;
    m.facing = mu_v2(0, -1);
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
}

/* Reading: a Pivot costs no distance (the model's centre does not move).
 * A single model pivots a quarter turn and still moves its whole Advance
 * Rate; were a pivot to cost its base's corner arc, this would be too far.
 * A unit of several models may not Pivot.
 * RULE na.single.pivot */
static void test_na_single_model_pivots_free(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(8, 16, 6, 50, 75), 0, 1, 1, 100, 100, 90);
    na_move m = {.kind = NA_ADVANCE};
    fx_step(&m, NA_STEP_PIVOT, PI / 2);
    fx_step(&m, NA_STEP_FORWARD, 8 * IN);
    fx_step(&m, NA_STEP_PIVOT, -PI / 4);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_close(o.end.centre.x, 92 * IN, 1e-9);
    assert_int_equal(o.pivots, 2);
    m.kind = NA_MARCH;
    m.steps[1].amount = 16 * IN;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    int v = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 150, 100, 90);
    na_move p = {.kind = NA_ADVANCE};
    fx_step(&p, NA_STEP_PIVOT, PI / 2);
    assert_int_equal(na_move_try(&F, &E, v, &p, &o), NA_PIVOT_NOT_SINGLE);
}

/* RULE na.move.who */
static void test_na_who_may_move(void **state)
{
    (void)state;
    const int flags[] = {NA_CHARGING, NA_ENGAGED, NA_FLEEING, NA_SHAKEN};
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 100, 90);
    na_move m = {.kind = NA_ADVANCE};
    fx_step(&m, NA_STEP_FORWARD, 1 * IN);
    na_outcome o;
    for (int i = 0; i < 4; i++) {
        F.units[u].flags = (uint8_t)flags[i];
        assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_CANNOT_MOVE);
        assert_int_equal(na_move_allowed(&F, u, NA_HOLD), NA_CANNOT_MOVE);
    }
    F.units[u].flags = 0;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
}

/* RULE na.move.once na.march.no-shoot na.reform.no-shoot */
static void test_na_once_per_phase(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 100, 90);
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 1 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    na_move_commit(&F, u, &m, &o);
    assert_true(F.units[u].marched);
    assert_false(F.units[u].reformed);
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_ALREADY_MOVED);
    int v = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 150, 100, 90);
    na_move r = {.kind = NA_REFORM, .files = 5, .facing = mu_v2(1, 0)};
    assert_int_equal(na_move_try(&F, &E, v, &r, &o), NA_OK);
    na_move_commit(&F, v, &r, &o);
    assert_true(F.units[v].reformed);
    assert_false(F.units[v].marched);
}

/* A unit that touches an enemy stops there (the rest of its move is not
 * made) and both are then Engaged in Combat (charges are outside our text).
 * RULE na.game.contact */
static void test_na_contact_stops_move(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 100, 90); /* front edge at y = 100.3937" */
    int e = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 1, 10, 5, 100, 106, -90); /* its front at 105.6063" */
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 7 * IN);
    fx_step(&m, NA_STEP_WHEEL, 0.2);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_int_equal(o.contact, e);
    assert_close(o.path_mm, (106 - 100 - 2 * 0.7874015748) * IN, 1e-6);
    assert_int_equal(o.wheels, 0);
    na_move_commit(&F, u, &m, &o);
    assert_true(F.units[u].flags & NA_ENGAGED);
    assert_true(F.units[e].flags & NA_ENGAGED);
    assert_int_equal(na_move_allowed(&F, e, NA_HOLD), NA_CANNOT_MOVE);
}

/* A straight step stops at an enemy whatever corner of its end meets it:
 * here a Giant (50 x 75 mm) steps sideways into a block of 20 whose
 * corner only the side of its end's front right corner reaches (the
 * step's box once left that corner out, and the step went on and was
 * refused as blocked: found by the lanes' test, tests/unit/test_na_lane.c).
 * RULE na.game.contact */
static void test_na_contact_stops_step_met_by_any_corner(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(8, 16, 6, 50, 75), 0, 1, 1, 8.062047, 13.035132, -27.613109);
    int e = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 1, 20, 5, 8.610890, 8.436739, -10.369398);
    na_move m = {.kind = NA_ADVANCE_SIDE};
    fx_step(&m, NA_STEP_SIDE, 40);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    assert_int_equal(o.contact, e);
    assert_close(o.path_mm, 28.68, 0.01);
    assert_true(na_unit_distance(&F, u, e) > 10); /* it was apart */
}

/* Units may not pass through other units or impassable terrain, nor leave
 * the table; a move may not end within Unit Spacing of a friend.
 * RULE na.game.blocked na.game.terrain na.game.table */
static void test_na_blocked_by_units_terrain_and_edge(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 100, 90);
    fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 100, 106, 90);
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 8 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_BLOCKED);
    m.steps[0].amount = 3.8 * IN; /* ends 0.6" short of the friend */
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_SPACING);
    m.steps[0].amount = 3.0 * IN;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    /* terrain: a wall across the way of a unit further along */
    int w = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 150, 100, 90);
    NA_TABLE.n_terrain = 1;
    na_terrain *t = &NA_TABLE.terrain[0];
    t->n = 4;
    t->v[0] = mu_v2(140 * IN, 104 * IN), t->v[1] = mu_v2(160 * IN, 104 * IN);
    t->v[2] = mu_v2(160 * IN, 105 * IN), t->v[3] = mu_v2(140 * IN, 105 * IN);
    na_terrain_bound(t);
    m.steps[0].amount = 6 * IN;
    assert_int_equal(na_move_try(&F, &E, w, &m, &o), NA_BLOCKED);
    /* a wheel that swings into the wall is refused as well */
    na_move wh = {.kind = NA_MARCH};
    fx_step(&wh, NA_STEP_FORWARD, 2 * IN);
    fx_step(&wh, NA_STEP_WHEEL, fx_wheel_rad(&F.units[w], 3));
    assert_int_equal(na_move_try(&F, &E, w, &wh, &o), NA_BLOCKED);
    /* the table's edge */
    NA_TABLE.n_terrain = 0;
    int x = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 10, 5, 180, 196, 90);
    assert_int_equal(na_move_try(&F, &E, x, &m, &o), NA_OFF_TABLE);
}

/* A partial last rank stands centred behind the rank in front (assumption).
 * RULE na.unit.ranks */
static void test_na_partial_rank_centred(void **state)
{
    (void)state;
    int u = fx_add(&F, fx_profile(4, 8, 7, 20, 20), 0, 7, 5, 100, 100, 90);
    assert_int_equal(na_unit_ranks(&F.units[u]), 2);
    double a, b;
    na_model_local(&F.units[u], 0, &a, &b);
    assert_close(a, 10, 1e-12);
    assert_close(b, -40, 1e-12);
    na_model_local(&F.units[u], 5, &a, &b);
    assert_close(a, -10, 1e-12);
    assert_close(b, -10, 1e-12);
    na_model_local(&F.units[u], 6, &a, &b);
    assert_close(b, 10, 1e-12);
    int idx[6];
    assert_int_equal(na_unit_extreme_models(&F.units[u], idx), 4); /* 0, 4 (front); 5, 6 (partial) */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_na_wheel_example_a_three_six_two_is_eleven, setup),
        cmocka_unit_test_setup(test_na_wheel_example_b_models_beyond_rate_illegal, setup),
        cmocka_unit_test_setup(test_na_wheel_example_c_legal_although_beyond_mid_move, setup),
        cmocka_unit_test_setup(test_na_advance_forward_up_to_advance_rate, setup),
        cmocka_unit_test_setup(test_na_advance_backward_half_rate, setup),
        cmocka_unit_test_setup(test_na_advance_sideways_half_rate_one_side, setup),
        cmocka_unit_test_setup(test_na_advance_model_distance_limits_wheels, setup),
        cmocka_unit_test_setup(test_na_march_forwards_only, setup),
        cmocka_unit_test_setup(test_na_reform_keeps_centre_any_facing, setup),
        cmocka_unit_test_setup(test_na_reform_models_may_take_any_place, setup),
        cmocka_unit_test_setup(test_na_reform_follows_unit_spacing, setup),
        cmocka_unit_test_setup(test_na_single_model_pivots_free, setup),
        cmocka_unit_test_setup(test_na_who_may_move, setup),
        cmocka_unit_test_setup(test_na_once_per_phase, setup),
        cmocka_unit_test_setup(test_na_contact_stops_move, setup),
        cmocka_unit_test_setup(test_na_contact_stops_step_met_by_any_corner, setup),
        cmocka_unit_test_setup(test_na_blocked_by_units_terrain_and_edge, setup),
        cmocka_unit_test_setup(test_na_partial_rank_centred, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
