/* Battlesystem wrap-around and fighting withdrawal, each test citing its
 * clause of battlesystem-movement-phase.txt (7.8, 7.11, 7.12; Q&A 132.34).
 * Dice are scripted: an empty script aborts the test if a die is rolled. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"
#include "bs_fixture.h"

#include "battlesystem/bs_contact.h"
#include "battlesystem/bs_field.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/bs_round.h"

#define IN 25.4
#define PI 3.14159265358979323846

static int add_f(bs_field *f, bs_profile p, int side, int figs, int frontage, double x,
                 double y, mu_vec2 facing)
{
    bs_unit u = bs_unit_make(&p, &R, side, figs, frontage, BS_CLOSED, mu_v2(x, y), facing);
    return bs_field_add(f, &u);
}

static int add(bs_field *f, int side, int figs, int frontage, double x, double y)
{
    return add_f(f, fx_profile(BS_REGULAR), side, figs, frontage, x, y, bs_facing(side));
}

/* Side 0 (with the initiative) moves unit a straight into b; then side 1's
 * Movement Phase begins. */
static bs_env contact_then_enemy_phase(bs_field *f, int a)
{
    bs_env e = fx_env();
    bs_round_begin(f, 0);
    bs_phase_begin(f, &e, 0);
    bs_step s;
    assert_int_equal(bs_advance(f, &e, a, 10 * IN, 0, &s), BS_OK);
    assert_int_equal(s.stop, BS_STOP_ENEMY);
    bs_phase_end(f, &e);
    bs_phase_begin(f, &e, 1);
    return e;
}

/* Q&A 132.34: "Does a unit need initiative in order to execute a
 * wrap-around? A: No. ... a unit that is eight figures wide and two
 * figures deep wins initiative and moves into melee with an identical
 * unit. ... the enemy unit's next movement phase comes before the melee
 * phase ... The unit may use its extra figures to wrap the attacking unit
 * during this movement phase." 7.11: cost = expanding frontage + wheeling
 * the ends; afterwards open formation, bases where they are. */
/* RULE bs.wrap.expand-and-wheel bs.wrap.cost bs.wrap.open-after-melee
 * RULE bs.wrap.no-initiative-example */
static void test_bs_wrap_around_example_eight_by_two(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 16, 8, 0, 0);
    int b = add(&f, 1, 16, 8, 0, 5 * IN);
    bs_env e = contact_then_enemy_phase(&f, a);
    bs_front_contact fc = bs_front_contact_of(&f, b, a);
    assert_true(fc.touching_front);
    assert_int_equal(fc.in_contact, 8);
    assert_int_equal(fc.overhang_left + fc.overhang_right, 0);
    assert_int_equal(fc.rear, 8);
    bs_wrap_result w;
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 2, 2, &w), BS_OK);
    assert_int_equal(w.from_rear, 4);
    assert_close(w.cost_mm, 1 * IN + PI / 2 * (40 + 40), 1e-9);
    assert_true(f.units[b].wrapped);
    assert_int_equal(f.units[b].wrap_figures, 4);
    assert_int_equal(f.units[b].wrap_enemy, a);
    assert_int_equal(TALLY.wrap_arounds, 1);
    bs_phase_end(&f, &e);
    assert_int_equal(f.units[b].formation, BS_CLOSED);
    bs_round_end(&f, &e); /* "At the end of the melee ... open formation" */
    assert_int_equal(f.units[b].formation, BS_OPEN);
    assert_close(f.units[b].gap_mm, 0, 1e-12); /* "not necessarily 1/2" apart" */
}

/* Q&A 132.34 "Only figures that begin the phase out of base-to-base
 * contact can be involved in the wraparound": a flank wrapped in one round
 * is held by figures in contact, so in the next round, with nothing moved,
 * the same wrap is refused (the old engine let the same figures wrap round
 * after round). A flank not yet wrapped may still be. A withdrawal, even
 * one the enemy follows, or the end of the contact ends the hold. */
/* RULE bs.wrap.figures-once bs.wrap.figures-out-of-contact */
static void test_bs_wrap_around_same_flank_once_per_contact(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 8, 4, 0, 0);        /* 80 mm wide */
    int b = add(&f, 1, 8, 8, 0, 5 * IN);   /* one rank of 8: 2 overhang each side */
    bs_env e = contact_then_enemy_phase(&f, a);
    bs_front_contact fc = bs_front_contact_of(&f, b, a);
    assert_int_equal(fc.overhang_left, 2);
    assert_int_equal(fc.overhang_right, 2);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 2, 0, NULL), BS_OK);
    bs_phase_end(&f, &e);
    bs_round_end(&f, &e);
    /* round 2: b begins its phase still in contact, nothing moved */
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    bs_phase_end(&f, &e);
    bs_phase_begin(&f, &e, 1);
    assert_int_equal(f.units[b].contact_at_start, 1u << a);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 2, 0, NULL), BS_NO_SPARE_FIGURES);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 1, 1, NULL), BS_NO_SPARE_FIGURES);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 0, 2, NULL), BS_OK);
    assert_int_equal(TALLY.wrap_arounds, 2);
    bs_phase_end(&f, &e);
    bs_round_end(&f, &e);
    /* a fighting withdrawal leaves the contact even when the enemy follows
     * (7.12 "advance 3" and remain in base-to-base contact"): the front
     * touches again, the wrapped figures were pulled back with the unit,
     * so the next round it may wrap that flank again */
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    bs_phase_end(&f, &e);
    bs_phase_begin(&f, &e, 1);
    bs_withdraw_result w;
    assert_int_equal(bs_fighting_withdrawal(&f, &e, b, 1u << a, &w), BS_OK);
    assert_int_equal(w.followed, 1u << a);
    bs_phase_end(&f, &e);
    bs_round_end(&f, &e);
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    bs_phase_end(&f, &e);
    bs_phase_begin(&f, &e, 1);
    assert_int_equal(f.units[b].contact_at_start, 1u << a);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 2, 0, NULL), BS_OK);
    bs_phase_end(&f, &e);
    bs_round_end(&f, &e);
    /* the contact ends (a moves away): the hold is dropped */
    f.units[a].front = mu_v2(0, -20 * IN);
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 1);
    assert_int_equal(f.units[b].wrap_held_left | f.units[b].wrap_held_right, 0u);
}

/* Q&A 132.34: "Can a unit execute a wrap-around if attacked from the
 * rear? A: No." */
/* RULE bs.wrap.not-from-rear */
static void test_bs_wrap_around_refused_when_attacked_from_rear(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 16, 8, 0, 0);
    int b = add(&f, 1, 16, 8, 0, 5 * IN);
    add_f(&f, fx_profile(BS_REGULAR), 0, 8, 4, 0, 5 * IN + 40, mu_v2(0, -1)); /* on b's back */
    bs_env e = contact_then_enemy_phase(&f, a);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 1, 1, NULL), BS_ATTACKED_FROM_REAR);
}

/* Q&A 132.34: "It must have one or more figures that are not yet in
 * base-to-base contact ... Only figures that begin the phase out of
 * base-to-base contact can be involved". A wider single rank wraps with
 * its overhang, no frontage change; a same-width single rank cannot. */
/* RULE bs.wrap.cost bs.wrap.figures-out-of-contact */
static void test_bs_wrap_around_needs_figures_out_of_contact(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 8, 8, 0, 0);
    int b = add(&f, 1, 8, 8, 0, 5 * IN);
    int c = add(&f, 0, 8, 8, 1000, 0);
    int d = add(&f, 1, 10, 10, 1000, 5 * IN);
    bs_env e = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    bs_advance(&f, &e, a, 10 * IN, 0, NULL);
    bs_advance(&f, &e, c, 10 * IN, 0, NULL);
    bs_phase_end(&f, &e);
    bs_phase_begin(&f, &e, 1);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 1, 0, NULL), BS_NO_SPARE_FIGURES);
    bs_front_contact fc = bs_front_contact_of(&f, d, c);
    assert_int_equal(fc.overhang_left, 1);
    assert_int_equal(fc.overhang_right, 1);
    bs_wrap_result w;
    assert_int_equal(bs_wrap_around(&f, &e, d, c, 1, 1, &w), BS_OK);
    assert_int_equal(w.from_rear, 0);
    assert_close(w.cost_mm, PI / 2 * (20 + 20), 1e-9);
}

/* Q&A 132.34: "it must have room to expand its frontage". */
/* RULE bs.wrap.room */
static void test_bs_wrap_around_needs_room(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 16, 8, 0, 0);
    int b = add(&f, 1, 16, 8, 0, 5 * IN);
    add(&f, 0, 4, 4, 80 + 40 + 1, 5 * IN - 30); /* beside a's left flank (as b sees it) */
    bs_env e = contact_then_enemy_phase(&f, a);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 2, 0, NULL), BS_NO_ROOM);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 0, 2, NULL), BS_OK);
}

/* battlesystem 7.11: "A unit that begins its Movement Phase in
 * base-to-base contact ... can attempt Wrap-Around"; Q&A 132.34: "only in
 * its own movement phase"; "No individual figure may move more than its
 * full movement rate." */
/* RULE bs.wrap.contact-at-start bs.wrap.figure-rate bs.wrap.own-phase */
static void test_bs_wrap_around_own_phase_contact_at_start_and_rate(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 16, 8, 0, 0);
    bs_profile slow = fx_profile(BS_REGULAR);
    slow.rate_in = 3.0;
    int b = add_f(&f, slow, 1, 16, 8, 0, 5 * IN, mu_v2(0, -1));
    bs_env e = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    bs_advance(&f, &e, a, 10 * IN, 0, NULL);
    /* not b's phase */
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 1, 1, NULL), BS_NOT_YOUR_PHASE);
    bs_phase_end(&f, &e);
    bs_phase_begin(&f, &e, 1);
    /* 1" + quarter circles of 40 mm each = 151 mm > 3" = 76.2 mm */
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 2, 2, NULL), BS_NO_MOVEMENT);
    assert_int_equal(bs_wrap_around(&f, &e, b, a, 1, 0, NULL), BS_OK);
    /* a unit not in contact at the start cannot */
    bs_field g;
    bs_field_init(&g);
    add(&g, 0, 16, 8, 0, 0);
    int d = add(&g, 1, 16, 8, 0, 5 * IN);
    bs_round_begin(&g, 0);
    bs_phase_begin(&g, &e, 1);
    assert_int_equal(bs_wrap_around(&g, &e, d, 0, 1, 1, NULL), BS_NOT_IN_CONTACT);
}

/* battlesystem 7.12: "moves 3" backward, away from the enemy unit. ... The
 * enemy unit has the immed. option to either remain in place, or to
 * advance 3" and remain in base-to-base contact ... even if it has already
 * used its full movement rate". */
/* RULE bs.withdraw.three-inches bs.withdraw.enemy-follows bs.game.withdraw-follow */
static void test_bs_withdrawal_three_inches_enemy_may_follow(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 8, 4, 0, 0);
    int b = add(&f, 1, 8, 4, 0, 5 * IN);
    bs_env e = contact_then_enemy_phase(&f, a);
    /* a used its full move? it advanced 5" of 12": spend the rest */
    f.units[a].used_mm = 12 * IN;
    bs_withdraw_result w;
    assert_int_equal(bs_fighting_withdrawal(&f, &e, b, 1u << a, &w), BS_OK);
    assert_close(f.units[b].front.y, 8 * IN, 1e-9);
    assert_int_equal(w.enemies, 1u << a);
    assert_int_equal(w.followed, 1u << a);
    assert_close(f.units[a].front.y, 8 * IN, 1e-9);
    assert_true(bs_touching(&f, a, b));
    assert_int_equal(f.units[a].no_charge, 0);
    assert_int_equal(TALLY.withdrawals, 1);
    assert_int_equal(TALLY.withdrawals_followed, 1);
}

/* battlesystem 7.12: "If an enemy unit elects to remain in place, it
 * cannot Charge the unit that withdrew for the remainder of the current
 * Game Round." */
/* RULE bs.withdraw.stayer-no-charge */
static void test_bs_withdrawal_enemy_that_stays_cannot_charge_it(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 8, 4, 0, 0);
    int b = add(&f, 1, 8, 4, 0, 5 * IN);
    bs_env e = fx_env();
    /* side 1 has the initiative here: a contacts b in side 0's phase,
     * then in the next round b withdraws first and a stays */
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    bs_advance(&f, &e, a, 10 * IN, 0, NULL);
    bs_phase_end(&f, &e);
    bs_round_end(&f, &e);
    bs_round_begin(&f, 1);
    bs_phase_begin(&f, &e, 1);
    bs_withdraw_result w;
    assert_int_equal(bs_fighting_withdrawal(&f, &e, b, 0, &w), BS_OK);
    assert_int_equal(w.stayed, 1u << a);
    bs_phase_end(&f, &e);
    bs_phase_begin(&f, &e, 0);
    assert_int_equal(bs_start(&f, &e, a, BS_MODE_CHARGE, b), BS_CHARGE_BANNED);
    bs_round_end(&f, &e);
    bs_round_begin(&f, 0); /* "for the remainder of the current Game Round" */
    assert_int_equal(f.units[a].no_charge, 0);
}

/* battlesystem 7.12: "If the enemy unit consists of creatures with low INT
 * or chaotic alignment, it must make a Discipline Check. If the check
 * succeeds, the unit has the option to remain in place; otherwise, it
 * automatically advances to continue the melee." */
/* RULE bs.withdraw.discipline */
static void test_bs_withdrawal_low_int_enemy_checks_discipline(void **state)
{
    (void)state;
    bs_profile orcs = fx_profile(BS_REGULAR);
    orcs.low_int_or_chaotic = 1;
    for (int fail = 0; fail < 2; fail++) {
        bs_setup(NULL);
        bs_field f;
        bs_field_init(&f);
        int a = add_f(&f, orcs, 0, 8, 4, 0, 0, mu_v2(0, 1));
        int b = add(&f, 1, 8, 4, 0, 5 * IN);
        bs_env e = contact_then_enemy_phase(&f, a);
        const uint8_t face[1] = {(uint8_t)(fail ? 17 : 3)};
        DICE = mu_dice_scripted(face, 1);
        bs_withdraw_result w;
        assert_int_equal(bs_fighting_withdrawal(&f, &e, b, 0, &w), BS_OK);
        assert_int_equal(DICE.script_pos, 1);
        assert_int_equal(w.checked, 1u << a);
        assert_int_equal(w.forced, fail ? 1u << a : 0u);
        assert_int_equal(w.followed, fail ? 1u << a : 0u);
        assert_int_equal(w.stayed, fail ? 0u : 1u << a);
    }
}

/* battlesystem 7.12: "must have a current movement rate of at least 3""; a
 * unit not in contact at the start cannot. */
/* RULE bs.withdraw.eligible */
static void test_bs_withdrawal_needs_three_inch_rate_and_contact(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 8, 4, 0, 0);
    bs_profile slow = fx_profile(BS_REGULAR);
    slow.rate_in = 2.5;
    int b = add_f(&f, slow, 1, 8, 4, 0, 5 * IN, mu_v2(0, -1));
    int c = add(&f, 1, 8, 4, 1000, 5 * IN);
    bs_env e = contact_then_enemy_phase(&f, a);
    assert_int_equal(bs_fighting_withdrawal(&f, &e, b, 0, NULL), BS_RATE_TOO_LOW);
    assert_int_equal(bs_fighting_withdrawal(&f, &e, c, 0, NULL), BS_NOT_IN_CONTACT);
}

/* battlesystem 7.12: "It may not end up in base-to-base contact with
 * another enemy unit." A path blocked within 3" is refused too (reading). */
/* RULE bs.withdraw.three-inches bs.withdraw.no-other-enemy */
static void test_bs_withdrawal_may_not_end_in_contact_with_another_enemy(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int a = add(&f, 0, 8, 4, 0, 0);
    int b = add(&f, 1, 8, 4, 0, 5 * IN);
    /* another side-0 unit whose front is 3" behind b's back */
    add_f(&f, fx_profile(BS_REGULAR), 0, 8, 4, 0, 5 * IN + 40 + 3 * IN, mu_v2(0, -1));
    bs_env e = contact_then_enemy_phase(&f, a);
    assert_int_equal(bs_fighting_withdrawal(&f, &e, b, 0, NULL), BS_WOULD_CONTACT);
    bs_field g;
    bs_field_init(&g);
    a = add(&g, 0, 8, 4, 0, 0);
    b = add(&g, 1, 8, 4, 0, 5 * IN);
    add_f(&g, fx_profile(BS_REGULAR), 1, 8, 4, 0, 5 * IN + 40 + 2 * IN, mu_v2(0, -1)); /* a friend of b */
    e = contact_then_enemy_phase(&g, a);
    assert_int_equal(bs_fighting_withdrawal(&g, &e, b, 0, NULL), BS_NO_ROOM);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_bs_wrap_around_example_eight_by_two, bs_setup),
        cmocka_unit_test_setup(test_bs_wrap_around_refused_when_attacked_from_rear, bs_setup),
        cmocka_unit_test_setup(test_bs_wrap_around_same_flank_once_per_contact, bs_setup),
        cmocka_unit_test_setup(test_bs_wrap_around_needs_figures_out_of_contact, bs_setup),
        cmocka_unit_test_setup(test_bs_wrap_around_needs_room, bs_setup),
        cmocka_unit_test_setup(test_bs_wrap_around_own_phase_contact_at_start_and_rate, bs_setup),
        cmocka_unit_test_setup(test_bs_withdrawal_three_inches_enemy_may_follow, bs_setup),
        cmocka_unit_test_setup(test_bs_withdrawal_enemy_that_stays_cannot_charge_it, bs_setup),
        cmocka_unit_test_setup(test_bs_withdrawal_low_int_enemy_checks_discipline, bs_setup),
        cmocka_unit_test_setup(test_bs_withdrawal_needs_three_inch_rate_and_contact, bs_setup),
        cmocka_unit_test_setup(test_bs_withdrawal_may_not_end_in_contact_with_another_enemy, bs_setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
