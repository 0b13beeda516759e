/* Battlesystem forced march, each test citing its clause of
 * battlesystem-movement-phase.txt (7.13 and its Q&A 127.66). Dice are
 * scripted: an empty script aborts the test if a rule rolls a die. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"
#include "bs_fixture.h"

#include "battlesystem/bs_field.h"
#include "battlesystem/bs_march.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/bs_round.h"

#define IN 25.4

/* 12" regular infantry on 20 mm bases, AR 15, morale 12. */
static bs_profile infantry(void) { return fx_profile(BS_REGULAR); }

/* One round in which unit u (side 0) forced-marches dist_mm straight on,
 * its Morale Check rolling `face`. */
static bs_finish_result forced_round(bs_field *f, int u, double dist_mm, uint8_t face)
{
    const uint8_t faces[1] = {face};
    bs_script(faces, 1);
    bs_env e = fx_env();
    bs_round_begin(f, 0);
    bs_phase_begin(f, &e, 0);
    assert_int_equal(bs_start(f, &e, u, BS_MODE_FORCED, -1), BS_OK);
    assert_int_equal(bs_advance(f, &e, u, dist_mm, 0, NULL), BS_OK);
    bs_finish_result res;
    bs_finish(f, &e, u, &res);
    bs_phase_end(f, &e);
    bs_round_end(f, &e);
    assert_int_equal(DICE.script_pos, 1);
    return res;
}

static void idle_round(bs_field *f)
{
    bs_script(NO_DICE, 0);
    bs_env e = fx_env();
    bs_round_begin(f, 0);
    bs_phase_begin(f, &e, 0);
    bs_phase_end(f, &e);
    bs_phase_begin(f, &e, 1);
    bs_phase_end(f, &e);
    bs_round_end(f, &e);
}

/* battlesystem 7.13 EXAMPLE: "A unit with an Attack Rating of 15 makes a
 * forced march for three Game Rounds. ... fails ... AR goes to 16 ...
 * fails its check again, and the AR becomes 17 ... successful Morale
 * Check, so the AR remains 17." */
/* RULE bs.march.morale-check bs.march.example-ar15 */
static void test_bs_forced_march_example_ar15_three_rounds(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    assert_int_equal(f.units[u].ar, 15);
    bs_finish_result r1 = forced_round(&f, u, 18 * IN, 20); /* 20 > 12: fails */
    assert_false(r1.march_check.pass);
    assert_int_equal(f.units[u].ar, 16);
    bs_finish_result r2 = forced_round(&f, u, 18 * IN, 13);
    assert_false(r2.march_check.pass);
    assert_int_equal(f.units[u].ar, 17);
    bs_finish_result r3 = forced_round(&f, u, 18 * IN, 12); /* 12 <= 12: passes */
    assert_true(r3.march_check.pass);
    assert_int_equal(f.units[u].ar, 17);
    assert_int_equal(f.units[u].ar_original, 15);
    assert_int_equal(bs_ar_penalty(&f.units[u]), 2);
    assert_int_equal(TALLY.forced_marches, 3);
    assert_int_equal(TALLY.march_checks_failed, 2);
    assert_int_equal(TALLY.morale_passed, 1);
    assert_close(f.units[u].front.y, 3 * 18 * IN, 1e-9);
}

/* battlesystem 7.13: "A unit that makes a Forced March moves 1 1/2 of its
 * normal full movement rate." */
/* RULE bs.march.rate */
static void test_bs_forced_march_moves_one_and_a_half_rates(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    const uint8_t faces[1] = {1};
    bs_script(faces, 1);
    bs_env e = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    assert_int_equal(bs_start(&f, &e, u, BS_MODE_FORCED, -1), BS_OK);
    bs_step s;
    assert_int_equal(bs_advance(&f, &e, u, 30 * IN, 0, &s), BS_OK);
    assert_close(s.moved_mm, 18 * IN, 1e-9);
    assert_int_equal(s.stop, BS_STOP_MOVEMENT);
    assert_close(bs_movement_left_mm(&f, &e, u), 0, 1e-9);
}

/* battlesystem 7.13: "A unit must be in command to make a forced march.
 * PC/NPC individuals can always make a forced march." */
/* RULE bs.formation.individuals bs.march.command */
static void test_bs_forced_march_needs_command_except_individuals(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    bs_profile hero = {BS_INDIVIDUAL, 12.0, 20.0, 20.0, 10, 14, 0, 0};
    int h = bs_add(&f, hero, 0, 1, 1, BS_NO_FORMATION, 200, 0);
    bs_unit_set_command(&f.units[u], &R, 0);
    f.units[h].in_command = 0;
    bs_env e = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    assert_int_equal(bs_start(&f, &e, u, BS_MODE_FORCED, -1), BS_NOT_IN_COMMAND);
    assert_int_equal(bs_start(&f, &e, h, BS_MODE_FORCED, -1), BS_OK);
    /* reading: an individual is not a unit, so it takes no Morale Check */
    bs_advance(&f, &e, h, 18 * IN, 0, NULL);
    bs_finish(&f, &e, h, NULL);
    assert_int_equal(f.units[h].ar, 10);
}

/* battlesystem 7.13: "A unit cannot be in base-to-base contact with an
 * enemy figure during any part of its Movement Phase during a Game Round
 * in which it makes a forced march." (here: at the start) */
/* RULE bs.march.no-contact */
static void test_bs_forced_march_refused_in_contact(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 0);
    bs_env e = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &e, 0);
    assert_int_equal(bs_start(&f, &e, u, BS_MODE_FORCED, -1), BS_IN_CONTACT);
}

/* battlesystem 7.13: "(Units that "never check morale" are subject to this
 * penalty.)" They roll; failing worsens AR, and they do not rout. */
/* RULE bs.march.never-check-units */
static void test_bs_forced_march_never_check_units_still_drift(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    bs_profile p = infantry();
    p.never_checks_morale = 1;
    int u = bs_add(&f, p, 0, 8, 4, BS_OPEN, 0, 0);
    bs_finish_result r = forced_round(&f, u, 18 * IN, 19);
    assert_true(r.march_check.rolled);
    assert_false(r.march_check.pass);
    assert_int_equal(f.units[u].ar, 16);
    assert_false(f.units[u].routed);
}

/* battlesystem 7.13: "This AR penalty stays until removed. The AR improves
 * by one (up to its original value) each time the unit spends one entire
 * Game Round doing absolutely nothing and is not attacked." */
/* RULE bs.march.ar-recovery */
static void test_bs_forced_march_ar_recovers_one_per_idle_round(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    forced_round(&f, u, 18 * IN, 20);
    forced_round(&f, u, 18 * IN, 20);
    assert_int_equal(f.units[u].ar, 17);
    /* a round in which it was attacked does not count */
    bs_script(NO_DICE, 0);
    bs_env e = fx_env();
    bs_round_begin(&f, 0);
    bs_mark_attacked(&f, u);
    bs_round_end(&f, &e);
    assert_int_equal(f.units[u].ar, 17);
    /* nor one in which it did something (fought, say) */
    bs_round_begin(&f, 0);
    bs_mark_acted(&f, u);
    bs_round_end(&f, &e);
    assert_int_equal(f.units[u].ar, 17);
    idle_round(&f);
    assert_int_equal(f.units[u].ar, 16);
    idle_round(&f);
    assert_int_equal(f.units[u].ar, 15);
    idle_round(&f);
    assert_int_equal(f.units[u].ar, 15); /* "up to its original value" */
}

/* battlesystem 7.13: a unit in melee contact is not "doing absolutely
 * nothing" (reading: contact at the round's end means it fought). */
/* RULE bs.march.ar-recovery */
static void test_bs_forced_march_no_recovery_in_contact(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    forced_round(&f, u, 18 * IN, 20);
    bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, f.units[u].front.y);
    idle_round(&f);
    assert_int_equal(f.units[u].ar, 16);
}

/* battlesystem 7.13 + 7.15 (reading): "If a unit in open or skirmish
 * formation fails a Morale Check, it Routs" applies to the forced-march
 * check; the forced_march_fail_routs parameter turns it off. */
/* RULE bs.march.failure-routs */
static void test_bs_forced_march_failure_routs_open_unit(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_OPEN, 0, 0);
    bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 2000);
    bs_finish_result r = forced_round(&f, u, 18 * IN, 20);
    assert_true(r.routed);
    assert_true(f.units[u].routed);
    assert_int_equal(f.units[u].ar, 16);

    bs_field g;
    bs_field_init(&g);
    R.forced_march_fail_routs = 0;
    u = bs_add(&g, infantry(), 0, 8, 4, BS_OPEN, 0, 0);
    r = forced_round(&g, u, 18 * IN, 20);
    assert_false(r.routed);
    assert_false(g.units[u].routed);
    assert_int_equal(g.units[u].ar, 16);
}

/* Q&A 127.66: "If the unit makes a forced march and comes into contact
 * with an enemy unit before it has exceeded its normal 12" movement rate,
 * it loses its 6" forced march bonus as it must follow rule [7.8] ...; the
 * unit suffers no other penalties." */
/* RULE bs.march.contact-loses-bonus */
static void test_bs_forced_march_contact_within_normal_rate_loses_bonus(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    int e = bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 10 * IN);
    bs_env en = fx_env(); /* no dice: no Morale Check */
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &en, 0);
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_FORCED, -1), BS_OK);
    bs_step s;
    bs_advance(&f, &en, u, 18 * IN, 0, &s);
    assert_int_equal(s.stop, BS_STOP_ENEMY);
    assert_int_equal(s.contact, e);
    assert_close(s.moved_mm, 10 * IN, 1e-9);
    assert_int_equal(f.units[u].march, BS_MARCH_LOST_BONUS);
    assert_int_equal(f.units[u].mode, BS_MODE_NORMAL);
    assert_close(bs_movement_left_mm(&f, &en, u), 2 * IN, 1e-9); /* of 12", not 18" */
    bs_finish_result r;
    bs_finish(&f, &en, u, &r);
    assert_false(r.march_check.rolled);
    assert_int_equal(f.units[u].ar, 15);
    assert_int_equal(TALLY.march_lost_bonus, 1);
    assert_int_equal(TALLY.forced_marches, 0);
}

/* Q&A 127.66: "The unit cannot use a forced march to make melee contact
 * with an enemy unit that is more than 12" worth of movement away. ... If
 * a unit making a forced march can see an opposing unit that lies just
 * beyond the marching unit's normal movement limit, the marching unit
 * comes to a halt at the limit of its normal movement rate". */
/* RULE bs.march.halt-at-limit */
static void test_bs_forced_march_visible_enemy_beyond_rate_halts_at_limit(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    int e = bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 14 * IN);
    bs_env en = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &en, 0);
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_FORCED, -1), BS_OK);
    bs_step s;
    bs_advance(&f, &en, u, 18 * IN, 0, &s);
    assert_int_equal(s.stop, BS_STOP_HALT);
    assert_close(s.moved_mm, 12 * IN, 1e-9);
    assert_false(bs_touching(&f, u, e));
    assert_int_equal(f.units[u].state, BS_DONE);
    bs_finish_result r;
    bs_finish(&f, &en, u, &r); /* reading: no check (no dice scripted) */
    assert_int_equal(r.march, BS_MARCH_HALTED);
    assert_false(r.march_check.rolled);
    assert_int_equal(TALLY.march_halted, 1);
}

/* Q&A 127.66: "if the unit accidentally runs into a hidden or invisible
 * unit after it has exceeded its 12" movement, it is stopped and ambushed
 * by the hidden force. In the melee phase, the hidden force gains the
 * initiative". */
/* RULE bs.march.ambush */
static void test_bs_forced_march_hidden_enemy_beyond_rate_ambushes(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    int e = bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 14 * IN);
    f.units[e].hidden = 1;
    const uint8_t faces[1] = {3};
    bs_script(faces, 1);
    bs_env en = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &en, 0);
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_FORCED, -1), BS_OK);
    bs_step s;
    bs_advance(&f, &en, u, 18 * IN, 0, &s);
    assert_int_equal(s.stop, BS_STOP_ENEMY);
    assert_close(s.moved_mm, 14 * IN, 1e-9);
    assert_true(bs_touching(&f, u, e));
    assert_int_equal(f.units[u].ambushed_by, e);
    assert_false(f.units[e].hidden);
    bs_finish_result r;
    bs_finish(&f, &en, u, &r);
    assert_int_equal(r.march, BS_MARCH_AMBUSHED);
    assert_true(r.march_check.rolled); /* reading: it did march beyond its rate */
    assert_int_equal(TALLY.march_ambushed, 1);
}

/* Q&A 127.66, the decision on its own: within the rate, beyond it
 * visible, beyond it hidden. */
/* RULE bs.march.contact-loses-bonus bs.march.halt-at-limit */
static void test_bs_forced_march_contact_decision(void **state)
{
    (void)state;
    double rate = 12 * IN;
    bs_march_contact c = bs_march_on_contact(2 * IN, rate, 10 * IN, 0);
    assert_int_equal(c.outcome, BS_MARCH_LOST_BONUS);
    assert_true(c.contact);
    c = bs_march_on_contact(2 * IN, rate, 10.5 * IN, 1);
    assert_int_equal(c.outcome, BS_MARCH_AMBUSHED);
    assert_true(c.contact);
    c = bs_march_on_contact(2 * IN, rate, 10.5 * IN, 0);
    assert_int_equal(c.outcome, BS_MARCH_HALTED);
    assert_false(c.contact);
    assert_close(c.spend_mm, 10 * IN, 1e-9);
    c = bs_march_on_contact(13 * IN, rate, 1 * IN, 0);
    assert_int_equal(c.outcome, BS_MARCH_HALTED);
    assert_close(c.spend_mm, 0, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_bs_forced_march_example_ar15_three_rounds, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_moves_one_and_a_half_rates, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_needs_command_except_individuals, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_refused_in_contact, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_never_check_units_still_drift, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_ar_recovers_one_per_idle_round, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_no_recovery_in_contact, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_failure_routs_open_unit, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_contact_within_normal_rate_loses_bonus, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_visible_enemy_beyond_rate_halts_at_limit, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_hidden_enemy_beyond_rate_ambushes, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_contact_decision, bs_setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
