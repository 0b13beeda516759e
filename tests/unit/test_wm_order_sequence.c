/* The sequence rules of the Orders sub-phase (order_sequence.c), each test
 * citing its clause of warmaster-command-and-initiative.txt. Dice are
 * scripted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/wm_order_sequence.h"

enum { GENERAL = 0, HERO = 1, HERO2 = 2 };
#define U(i) (1u << (i))

/* Units 0..5 alone; units 2,3,4 form one brigade. */
static void begin(wm_order_phase *ph)
{
    uint32_t brigades[6] = {U(0), U(1), U(2) | U(3) | U(4), U(2) | U(3) | U(4), U(2) | U(3) | U(4), U(5)};
    wm_order_phase_begin(ph, brigades, 6);
}

/* Gives an order with the two scripted faces; Command 8, no penalty. */
static mu_order_roll give(wm_order_phase *ph, int character, uint32_t group, uint8_t a, uint8_t b)
{
    uint8_t faces[2] = {a, b};
    mu_dice dice = mu_dice_scripted(faces, 2);
    wm_order_rules rules = wm_order_rules_default();
    assert_int_equal(wm_order_check(ph, character, character == GENERAL, group), MU_ORDER_ALLOWED);
    mu_order_roll r = wm_order_give(ph, character, character == GENERAL, group, 8, 0, &rules, &dice);
    assert_int_equal(dice.script_pos, 2);
    return r;
}

/* warmaster-command: "Order sequence": "Once a character has failed to give
 * an order, he cannot issue any more orders in that Command phase." */
/* RULE wm.orders.character-failed */
static void test_wm_character_stops_after_failing(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    mu_order_roll r = give(&ph, HERO, U(0), 6, 5); /* 11 > 8 */
    assert_false(r.success);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(1)), MU_ORDER_CHARACTER_FAILED);
    /* another character may still order (the Hero is not the General) */
    assert_int_equal(wm_order_check(&ph, GENERAL, 1, U(1)), MU_ORDER_ALLOWED);
}

/* warmaster-command: "Order sequence": "Once the General has failed to give
 * an order, no further orders can be issued by any other characters". */
/* RULE wm.orders.general-failed */
static void test_wm_general_failure_ends_all_orders(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    assert_false(give(&ph, GENERAL, U(0), 6, 6).success);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(1)), MU_ORDER_GENERAL_FAILED);
    assert_int_equal(wm_order_check(&ph, HERO2, 0, U(5)), MU_ORDER_GENERAL_FAILED);
}

/* warmaster-command: "Order sequence": "It is not permitted for a character
 * to issue an order, then a different character to issue one, then the
 * first character again." */
/* RULE wm.orders.character-finishes */
static void test_wm_character_cannot_resume_after_handing_over(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    assert_true(give(&ph, HERO, U(0), 1, 1).success);
    assert_true(give(&ph, GENERAL, U(1), 1, 2).success);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(5)), MU_ORDER_CHARACTER_DONE);
}

/* warmaster-command: "Giving further orders": "he is not permitted to go
 * back to a previously moved unit once he has moved another unit." */
/* RULE wm.orders.no-return-to-unit */
static void test_wm_no_return_to_an_earlier_unit(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    assert_true(give(&ph, HERO, U(0), 2, 2).success);
    assert_true(give(&ph, HERO, U(1), 2, 2).success);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(0)), MU_ORDER_UNIT_LEFT);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(1)), MU_ORDER_ALLOWED);
}

/* warmaster-command: "Giving further orders": "Nor is a different character
 * permitted to give a unit an order if that unit has already been given an
 * order that turn, even if the order was failed." */
/* RULE wm.orders.unit-taken */
static void test_wm_unit_ordered_by_one_character_is_taken_even_if_failed(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    assert_false(give(&ph, HERO, U(0), 6, 4).success);
    assert_int_equal(wm_order_check(&ph, GENERAL, 1, U(0)), MU_ORDER_UNIT_TAKEN);
    assert_int_equal(wm_order_check(&ph, GENERAL, 1, U(1)), MU_ORDER_ALLOWED);
}

/* warmaster-command: "Multiple orders" and "up to a maximum of three
 * times": the order number raises the penalty, and a fourth is refused. */
/* RULE wm.orders.multiple wm.orders.three-at-most */
static void test_wm_three_orders_at_most_with_rising_penalty(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    mu_order_roll r1 = give(&ph, HERO, U(5), 1, 1);
    mu_order_roll r2 = give(&ph, HERO, U(5), 1, 1);
    mu_order_roll r3 = give(&ph, HERO, U(5), 1, 1);
    assert_int_equal(r1.order_number, 1);
    assert_int_equal(r1.target, 8);
    assert_int_equal(r2.target, 7);
    assert_int_equal(r3.order_number, 3);
    assert_int_equal(r3.target, 6);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(5)), MU_ORDER_TOO_MANY);
}

/* warmaster-command: "Giving an order": a failed first order moves the
 * unit at half pace; "A unit failing to receive a further order cannot
 * move at all." */
/* RULE wm.orders.failed-first-half-pace wm.orders.failed-further-no-move */
static void test_wm_failed_first_order_is_half_pace_later_failure_is_no_move(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    assert_false(give(&ph, HERO, U(0), 5, 5).success);
    assert_true(ph.half_pace & U(0));

    begin(&ph);
    assert_true(give(&ph, HERO, U(1), 3, 3).success);
    assert_false(give(&ph, HERO, U(1), 4, 4).success); /* 8 > 7 on the second order */
    assert_false(ph.half_pace & U(1));
}

/* Blunder assumption (CLAUSES.md): a 12 fails even against target 12. */
static void test_wm_roll_of_12_is_a_blunder_that_fails(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    uint8_t faces[2] = {6, 6};
    mu_dice dice = mu_dice_scripted(faces, 2);
    wm_order_rules rules = wm_order_rules_default();
    mu_order_roll r = wm_order_give(&ph, HERO, 0, U(0), 12, 0, &rules, &dice);
    assert_false(r.success);
    assert_true(r.blunder);
}

/* warmaster-command: "Brigade orders": up to four touching units take one
 * order; a group that is not one brigade at the start is refused. */
/* RULE wm.brigade.one-order wm.brigade.failed-order wm.brigade.fixed-at-start */
static void test_wm_brigade_orders_as_one_body(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    uint32_t brigade = U(2) | U(3) | U(4);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(1) | U(2)), MU_ORDER_NOT_A_BRIGADE);
    assert_int_equal(wm_order_check(&ph, HERO, 0, 0), MU_ORDER_NOT_A_BRIGADE);
    assert_false(give(&ph, HERO, brigade, 6, 3).success); /* failed first order */
    assert_int_equal(ph.half_pace, brigade);                /* the whole brigade half pace */
    assert_int_equal(ph.orders[2] + ph.orders[3] + ph.orders[4], 3);
}

/* warmaster-command: "Further brigade orders": after a brigade moves, its
 * units may be ordered singly or as sub-brigades, carrying the order-number
 * penalty, each subset in turn, and "the player must finish moving all the
 * units in the original brigade before he moves other units": once another
 * unit moves, no unit of the brigade may be ordered again. */
/* RULE wm.brigade.further-orders wm.game.brigade-further */
static void test_wm_original_brigade_is_finished_before_other_units(void **state)
{
    (void)state;
    wm_order_phase ph;
    begin(&ph);
    uint32_t brigade = U(2) | U(3) | U(4);
    assert_true(give(&ph, HERO, brigade, 1, 1).success);
    mu_order_roll sub = give(&ph, HERO, U(2) | U(3), 1, 2); /* sub-brigade A */
    assert_int_equal(sub.order_number, 2);
    mu_order_roll single = give(&ph, HERO, U(4), 1, 2); /* then B */
    assert_int_equal(single.order_number, 2);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(2)), MU_ORDER_UNIT_LEFT); /* no return to A */
    assert_true(give(&ph, HERO, U(0), 1, 1).success); /* moving on to another unit */
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(4)), MU_ORDER_UNIT_LEFT);
    assert_int_equal(wm_order_check(&ph, HERO, 0, U(3)), MU_ORDER_UNIT_LEFT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_character_stops_after_failing),
        cmocka_unit_test(test_wm_general_failure_ends_all_orders),
        cmocka_unit_test(test_wm_character_cannot_resume_after_handing_over),
        cmocka_unit_test(test_wm_no_return_to_an_earlier_unit),
        cmocka_unit_test(test_wm_unit_ordered_by_one_character_is_taken_even_if_failed),
        cmocka_unit_test(test_wm_three_orders_at_most_with_rising_penalty),
        cmocka_unit_test(test_wm_failed_first_order_is_half_pace_later_failure_is_no_move),
        cmocka_unit_test(test_wm_roll_of_12_is_a_blunder_that_fails),
        cmocka_unit_test(test_wm_brigade_orders_as_one_body),
        cmocka_unit_test(test_wm_original_brigade_is_finished_before_other_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
