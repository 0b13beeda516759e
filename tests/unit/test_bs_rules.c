/* Battlesystem rule parameters and the checks the text names but does not
 * define (assumptions, src/rules/battlesystem/CLAUSES.md). Dice are
 * scripted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"

#include "battlesystem/bs_field.h"
#include "battlesystem/bs_rules.h"

/* The defaults are the text's numbers (7.3-7.15). */
static void test_bs_rules_default_values_of_the_text(void **state)
{
    (void)state;
    bs_rules r = bs_rules_default();
    assert_close(r.frontage_change_in, 1.0, 0);     /* 7.10 */
    assert_close(r.gap_fill_in, 1.0, 0);            /* 7.3 */
    assert_close(r.open_gap_in, 0.5, 0);            /* 7.3 */
    assert_close(r.skirmish_gap_in, 1.0, 0);        /* 7.4 */
    assert_close(r.formation_change_frac, 0.25, 0); /* 7.6 */
    assert_close(r.oblique_max_deg, 45.0, 0);       /* 7.9 */
    assert_close(r.face_quarter_frac, 1.0 / 3, 0);  /* 7.9 */
    assert_close(r.face_about_frac, 0.5, 0);        /* 7.9 */
    assert_close(r.withdrawal_in, 3.0, 0);          /* 7.12 */
    assert_close(r.withdrawal_min_rate_in, 3.0, 0); /* 7.12 */
    assert_close(r.forced_march_mult, 1.5, 0);      /* 7.13 */
    assert_close(r.charge_mult, 1.5, 0);            /* 7.14 */
    assert_close(r.charge_straight_frac, 2.0 / 3, 0);
    assert_int_equal(r.charge_closed_ar_bonus, -1);
    assert_int_equal(r.charge_fail_morale, -3);
    assert_close(r.rout_extra_frac, 1.0 / 3, 0);    /* 7.15 */
    assert_close(r.surround_gap_in, 1.0, 0);
    assert_int_equal(r.capture_figures_per_guard, 4);
    assert_false(r.capture_enabled);                /* OPTIONAL RULE */
}

/* Assumption: a check is 1d20, passing on a roll at most rating +
 * modifiers. */
static void test_bs_check_passes_at_or_under_rating(void **state)
{
    (void)state;
    bs_rules r = bs_rules_default();
    const uint8_t faces[3] = {12, 13, 14};
    mu_dice d = mu_dice_scripted(faces, 3);
    bs_check_result c = bs_check(&r.morale, 12, 0, &d);
    assert_true(c.pass);
    assert_int_equal(c.roll, 12);
    assert_int_equal(c.target, 12);
    assert_false(bs_check(&r.morale, 12, 0, &d).pass);
    assert_true(bs_check(&r.morale, 12, 2, &d).pass);
    assert_close(bs_check_probability(&r.morale, 12, 0), 0.6, 1e-15);
    assert_close(bs_check_probability(&r.morale, 25, 0), 1.0, 1e-15);
    assert_close(bs_check_probability(&r.morale, 0, 0), 0.0, 1e-15);
}

/* Assumption made configurable: e.g. 2d6 checks; the exact probability
 * matches the 36 outcomes. */
static void test_bs_check_dice_are_configurable(void **state)
{
    (void)state;
    bs_check_rule twod6 = {2, 6, 0};
    assert_close(bs_check_probability(&twod6, 7, 0), 21.0 / 36, 1e-15);
    assert_close(bs_check_probability(&twod6, 5, 1), 15.0 / 36, 1e-15);
    const uint8_t faces[2] = {3, 4};
    mu_dice d = mu_dice_scripted(faces, 2);
    bs_check_result c = bs_check(&twod6, 7, 0, &d);
    assert_int_equal(c.roll, 7);
    assert_true(c.pass);
    /* from a generator: every roll in range, the pass rate near p */
    mu_rng rng;
    mu_rng_seed(&rng, 42, 54);
    mu_dice g = mu_dice_from_rng(rng);
    int pass = 0;
    for (int i = 0; i < 36000; i++) {
        int x = bs_roll(&g, 2, 6);
        assert_true(x >= 2 && x <= 12);
        pass += x <= 7;
    }
    /* 21000 expected, sd 93.5: 6 sd */
    assert_true(pass > 21000 - 561 && pass < 21000 + 561);
}

/* Assumption: initiative is 1d10 per side, higher wins, ties rolled
 * again. */
static void test_bs_initiative_ties_are_rolled_again(void **state)
{
    (void)state;
    bs_rules r = bs_rules_default();
    const uint8_t faces[6] = {4, 4, 9, 9, 2, 7};
    mu_dice d = mu_dice_scripted(faces, 6);
    int rounds;
    assert_int_equal(bs_roll_initiative(&r, &d, &rounds), 1);
    assert_int_equal(rounds, 3);
    const uint8_t more[2] = {10, 1};
    d = mu_dice_scripted(more, 2);
    assert_int_equal(bs_roll_initiative(&r, &d, NULL), 0);
}

/* Refusals have names for logs and policies. */
static void test_bs_refusal_names(void **state)
{
    (void)state;
    assert_string_equal(bs_refusal_name(BS_OK), "ok");
    assert_string_equal(bs_refusal_name(BS_IN_CONTACT), "in contact");
    assert_string_equal(bs_refusal_name(BS_BAD_ARGUMENT), "bad argument");
    assert_string_equal(bs_refusal_name(BS_RALLY_TRIED), "rally tried");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bs_rules_default_values_of_the_text),
        cmocka_unit_test(test_bs_check_passes_at_or_under_rating),
        cmocka_unit_test(test_bs_check_dice_are_configurable),
        cmocka_unit_test(test_bs_initiative_ties_are_rolled_again),
        cmocka_unit_test(test_bs_refusal_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
