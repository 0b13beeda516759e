/* The Ninth Age March Test (ninth-age-movement.txt, "March Test"), dice
 * scripted: an empty script aborts the test if a rule rolls a die. And its
 * exact odds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"
#include "na_fixture.h"

#include "ninth_age/na_march.h"

static na_field F;
static na_env E;

static int setup(void **state)
{
    (void)state;
    memset(&F, 0, sizeof F);
    E = fx_env();
    return 0;
}

/* A 5 x 2 unit on 20 mm bases (0.787" deep each way from its Centre). */
static int unit_at(int side, double y_in, double deg)
{
    return fx_add(&F, fx_profile(4, 8, 7, 20, 20), side, 10, 5, 100, y_in, deg);
}

/* Within 8" (inclusive) of a non-Fleeing enemy: a test; beyond, or only
 * Fleeing enemies near: none. RULE na.march.test */
static void test_na_march_test_within_8_inches(void **state)
{
    (void)state;
    int u = unit_at(0, 100, 90);
    int e = unit_at(1, 100 + 2 * 0.78740157480315 + 8, -90); /* exactly 8" front to front */
    assert_true(na_march_test_needed(&F, &NA_RULES, u, NULL, NULL));
    F.units[e].centre.y += 0.01 * IN;
    assert_false(na_march_test_needed(&F, &NA_RULES, u, NULL, NULL));
    int g = unit_at(1, 104, -90); /* 2" away, but Fleeing */
    F.units[g].flags = NA_FLEEING;
    assert_false(na_march_test_needed(&F, &NA_RULES, u, NULL, NULL));
    F.units[g].flags = 0;
    double d;
    int who;
    assert_true(na_march_test_needed(&F, &NA_RULES, u, &d, &who));
    assert_int_equal(who, g);
    /* a friend near does not count */
    F.units[g].side = 0;
    assert_false(na_march_test_needed(&F, &NA_RULES, u, NULL, NULL));
}

/* 2D6 against Discipline (assumption): 3+4 = 7 passes Discipline 7, 4+4
 * fails; failed, no March Move this phase but an Advance or a Reform, or
 * not moving. RULE na.march.dice na.march.test-failed */
static void test_na_march_test_2d6_against_discipline(void **state)
{
    (void)state;
    int u = unit_at(0, 100, 90);
    unit_at(1, 106, -90);
    const uint8_t pass[] = {3, 4}, fail_[] = {4, 4};
    mu_dice d = mu_dice_scripted(pass, 2);
    na_march_result r = na_march_test(&F, &NA_RULES, u, &d);
    assert_true(r.taken);
    assert_int_equal(r.total, 7);
    assert_true(r.passed);
    assert_int_equal(na_move_allowed(&F, u, NA_MARCH), NA_OK);
    d = mu_dice_scripted(fail_, 2);
    r = na_march_test(&F, &NA_RULES, u, &d);
    assert_false(r.passed);
    assert_int_equal(na_move_allowed(&F, u, NA_MARCH), NA_MARCH_DENIED);
    assert_int_equal(na_move_allowed(&F, u, NA_ADVANCE), NA_OK);
    assert_int_equal(na_move_allowed(&F, u, NA_REFORM), NA_OK);
    assert_int_equal(na_move_allowed(&F, u, NA_HOLD), NA_OK);
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 1 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_MARCH_DENIED);
    /* another dice rule: 1D6 against 3 */
    NA_RULES.test_dice = 1;
    const uint8_t one[] = {4};
    F.units[u].p.discipline = 3;
    F.units[u].march_denied = 0;
    d = mu_dice_scripted(one, 1);
    r = na_march_test(&F, &NA_RULES, u, &d);
    assert_false(r.passed);
    assert_int_equal(d.script_pos, 1);
}

/* Reading: "Immediately before moving": the test depends on where the
 * unit stands before its move; a unit 9" away marches to 2" away without
 * a test (no die is scripted: a test would abort). Under the reading "a
 * unit that comes within 8" during its move tests" this would roll.
 * RULE na.move.start-effects */
static void test_na_march_test_at_start_of_move(void **state)
{
    (void)state;
    int u = unit_at(0, 100, 90);
    unit_at(1, 100 + 2 * 0.78740157480315 + 9, -90);
    mu_dice d = mu_dice_scripted(NULL, 0);
    na_march_result r = na_march_test(&F, &NA_RULES, u, &d);
    assert_false(r.taken);
    na_move m = {.kind = NA_MARCH};
    fx_step(&m, NA_STEP_FORWARD, 7 * IN);
    na_outcome o;
    assert_int_equal(na_move_try(&F, &E, u, &m, &o), NA_OK);
    na_move_commit(&F, u, &m, &o);
    assert_true(F.units[u].marched);
    assert_true(na_march_test_needed(&F, &NA_RULES, u, NULL, NULL)); /* now within: it would test next time */
}

/* RULE na.march.odds */
static void test_na_march_exact_odds(void **state)
{
    (void)state;
    const int ways[13] = {0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36};
    for (int d = 0; d <= 12; d++)
        assert_close(na_discipline_pass_p(d, 2, 6), ways[d] / 36.0, 1e-15);
    assert_close(na_discipline_pass_p(13, 2, 6), 1.0, 1e-15);
    assert_close(na_discipline_pass_p(3, 1, 6), 0.5, 1e-15);
    assert_close(na_discipline_pass_p(10, 3, 6), 108.0 / 216, 1e-15); /* 3D6 <= 10: 108 of the 216 outcomes */
}

/* RULE na.march.odds-turns */
static void test_na_denied_k_of_n_binomial(void **state)
{
    (void)state;
    double p[7];
    na_denied_k_of_n(21.0 / 36, 6, p);
    double q = 15.0 / 36, sum = 0;
    for (int k = 0; k <= 6; k++)
        sum += p[k];
    assert_close(sum, 1.0, 1e-12);
    assert_close(p[0], pow(21.0 / 36, 6), 1e-15);
    assert_close(p[6], pow(q, 6), 1e-15);
    assert_close(p[2], 15 * q * q * pow(21.0 / 36, 4), 1e-15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_na_march_test_within_8_inches, setup),
        cmocka_unit_test_setup(test_na_march_test_2d6_against_discipline, setup),
        cmocka_unit_test_setup(test_na_march_test_at_start_of_move, setup),
        cmocka_unit_test_setup(test_na_march_exact_odds, setup),
        cmocka_unit_test_setup(test_na_denied_k_of_n_binomial, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
