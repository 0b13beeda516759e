/* Battlesystem charge, each test citing its clause of
 * battlesystem-movement-phase.txt (7.14, 7.7 SPECIAL NOTE, Q&A 127.67).
 * Dice are scripted: an empty script aborts the test if a die is rolled. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"
#include "bs_fixture.h"

#include "battlesystem/bs_charge.h"
#include "battlesystem/bs_field.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/bs_round.h"

#define IN 25.4
#define PI 3.14159265358979323846

static int add(bs_field *f, bs_kind k, int side, bs_formation form, double x, double y)
{
    return bs_add(f, fx_profile(k), side, 8, 4, form, x, y);
}

static bs_env begin(bs_field *f)
{
    bs_env e = fx_env();
    bs_round_begin(f, 0);
    bs_phase_begin(f, &e, 0);
    return e;
}

/* Declares, runs straight ahead and finishes a charge of u at target. */
static bs_charge_result charge(bs_field *f, bs_env *e, int u, int target)
{
    assert_int_equal(bs_start(f, e, u, BS_MODE_CHARGE, target), BS_OK);
    bs_charge_result r;
    assert_int_equal(bs_charge_run(f, e, u, 0, &r), BS_OK);
    bs_finish(f, e, u, NULL);
    return r;
}

/* battlesystem 7.14: "A charging unit may move 1 1/2 its normal movement
 * rate ... must be in base-to-base contact"; "A regular unit that charges
 * in closed formation gains a -1 bonus ... to its Attack Rating ... for
 * the Melee Phase in that Game Round only." */
/* RULE bs.charge.range bs.charge.closed-bonus */
static void test_bs_charge_made_closed_gains_minus_one_ar(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 17 * IN);
    bs_env en = begin(&f);
    bs_charge_result r = charge(&f, &en, u, e);
    assert_int_equal(r.outcome, BS_CHARGE_MADE);
    assert_int_equal(r.contact, e);
    assert_true(r.target_contacted);
    assert_close(r.moved_mm, 17 * IN, 1e-9);
    assert_true(bs_touching(&f, u, e));
    assert_int_equal(bs_melee_ar(&f.units[u]), 14);
    assert_int_equal(f.units[u].ar, 15);
    assert_true(f.units[u].charged);
    assert_int_equal(TALLY.charges_declared, 1);
    assert_int_equal(TALLY.charges_made, 1);
    /* "that Game Round only" */
    bs_round_begin(&f, 0);
    assert_int_equal(bs_melee_ar(&f.units[u]), 15);
}

/* battlesystem 7.14: "To charge, the unit must be able to MOVE at least
 * 2/3 its normal movement rate before it comes into base-to-base contact";
 * 7.7 SPECIAL NOTE: declared forces "are committed to the stated action,
 * or to no action for that entire phase!" */
/* RULE bs.move.no-premeasure bs.charge.two-thirds-straight bs.charge.no-action */
static void test_bs_charge_too_close_is_no_action(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 7.9 * IN);
    bs_env en = begin(&f);
    bs_charge_result r = charge(&f, &en, u, e);
    assert_int_equal(r.outcome, BS_CHARGE_TOO_CLOSE);
    assert_close(r.moved_mm, 0, 1e-12);
    assert_close(r.contact_path_mm, 7.9 * IN, 1e-9);
    assert_int_equal(f.units[u].formation, BS_CLOSED); /* no failure penalty */
    assert_int_equal(bs_current_morale(&f.units[u]), 12);
    assert_int_equal(bs_advance(&f, &en, u, 1 * IN, 0, NULL), BS_FINISHED);
    /* no action: it did nothing this round (7.13 recovery applies) */
    assert_false(f.units[u].acted);
    /* exactly 2/3 of the rate is enough */
    bs_field g;
    bs_field_init(&g);
    u = add(&g, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    e = add(&g, BS_REGULAR, 1, BS_CLOSED, 0, 8 * IN);
    en = begin(&g);
    assert_int_equal(charge(&g, &en, u, e).outcome, BS_CHARGE_MADE);
}

/* Q&A 127.67: "a player cannot measure the distance between his unit and
 * an enemy unit, then decide not to try to charge ... the player would
 * have to move his unit as close to the opposing unit as its normal
 * movement allowance will take it." 7.14: "If a unit in closed formation
 * fails to end its charge in base-to-base contact ... it breaks into open
 * formation, but remains in command." */
/* RULE bs.move.no-premeasure bs.move.declared-charge-commits bs.charge.failed-closed-opens */
static void test_bs_charge_out_of_reach_moves_normal_rate_closed_breaks_open(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 19 * IN);
    bs_env en = begin(&f);
    /* the policy estimated 17"; the rules measure 19" after the
     * declaration */
    bs_charge_result r = charge(&f, &en, u, e);
    assert_int_equal(r.outcome, BS_CHARGE_SHORT);
    assert_close(r.moved_mm, 12 * IN, 1e-9); /* normal allowance, not 18" */
    assert_false(bs_touching(&f, u, e));
    assert_int_equal(f.units[u].formation, BS_OPEN);
    assert_true(f.units[u].in_command);
    assert_int_equal(bs_melee_ar(&f.units[u]), 15);
    assert_int_equal(TALLY.charges_short, 1);
}

/* battlesystem 7.14: "If a unit in open or mob formation fails to end its
 * charge in baes-to-base contact ... it suffers a -3 penalty to current
 * morale for the remainder of the current Game Round." */
/* RULE bs.charge.failed-morale-penalty */
static void test_bs_charge_failed_open_or_mob_minus_three_morale(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int o = add(&f, BS_REGULAR, 0, BS_OPEN, 0, 0);
    int m = add(&f, BS_MOB, 0, BS_MOB_FORMATION, 1000, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 30 * IN);
    int e2 = add(&f, BS_REGULAR, 1, BS_CLOSED, 1000, 30 * IN);
    bs_env en = begin(&f);
    assert_int_equal(charge(&f, &en, o, e).outcome, BS_CHARGE_SHORT);
    assert_int_equal(charge(&f, &en, m, e2).outcome, BS_CHARGE_SHORT);
    assert_int_equal(bs_current_morale(&f.units[o]), 9);
    assert_int_equal(bs_current_morale(&f.units[m]), 9);
    assert_int_equal(f.units[o].formation, BS_OPEN);
    bs_round_begin(&f, 0); /* "for the remainder of the current Game Round" */
    assert_int_equal(bs_current_morale(&f.units[o]), 12);
}

/* battlesystem 7.14: "Skirmish units and individuals cannot charge."
 * "Except in this one instance, an out of command regular unit cannot
 * charge." (A mob is not a regular unit.) */
/* RULE bs.charge.who-may bs.charge.out-of-command */
static void test_bs_charge_who_may_charge(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int s = add(&f, BS_SKIRMISHERS, 0, BS_SKIRMISH, 0, 0);
    bs_profile hero = fx_profile(BS_INDIVIDUAL);
    int h = bs_add(&f, hero, 0, 1, 1, BS_NO_FORMATION, 300, 0);
    int r = add(&f, BS_REGULAR, 0, BS_CLOSED, 600, 0);
    int m = add(&f, BS_MOB, 0, BS_MOB_FORMATION, 900, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 600, 10 * IN);
    int friend_ = add(&f, BS_REGULAR, 0, BS_CLOSED, 1500, 0);
    bs_unit_set_command(&f.units[r], &R, 0);
    f.units[m].in_command = 0;
    bs_env en = begin(&f);
    assert_int_equal(bs_start(&f, &en, s, BS_MODE_CHARGE, e), BS_CANNOT_CHARGE);
    assert_int_equal(bs_start(&f, &en, h, BS_MODE_CHARGE, e), BS_CANNOT_CHARGE);
    assert_int_equal(bs_start(&f, &en, r, BS_MODE_CHARGE, e), BS_NOT_IN_COMMAND);
    assert_int_equal(bs_start(&f, &en, m, BS_MODE_CHARGE, friend_), BS_BAD_TARGET);
    assert_int_equal(bs_start(&f, &en, m, BS_MODE_CHARGE, e), BS_OK);
}

/* battlesystem 7.14: "If the charging unit is in closed formation and
 * consists of creatures of chaotic alignment or low intelligence, it must
 * make a Discipline Check when charging. If the Discipline Check fails, the
 * unit goes out of command and breaks into open formation during the
 * charge." (It still charges; no closed-formation bonus.) */
/* RULE bs.charge.discipline */
static void test_bs_charge_low_int_closed_discipline_check(void **state)
{
    (void)state;
    bs_profile orcs = fx_profile(BS_REGULAR);
    orcs.low_int_or_chaotic = 1;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, orcs, 0, 8, 4, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 12 * IN);
    const uint8_t fail[1] = {18};
    DICE = mu_dice_scripted(fail, 1);
    bs_env en = begin(&f);
    bs_charge_result r = charge(&f, &en, u, e);
    assert_int_equal(DICE.script_pos, 1);
    assert_int_equal(r.outcome, BS_CHARGE_MADE);
    assert_false(f.units[u].in_command);
    assert_int_equal(f.units[u].formation, BS_OPEN);
    assert_int_equal(bs_melee_ar(&f.units[u]), 15);
    assert_int_equal(TALLY.discipline_failed, 1);

    bs_field g;
    bs_field_init(&g);
    u = bs_add(&g, orcs, 0, 8, 4, BS_CLOSED, 0, 0);
    e = add(&g, BS_REGULAR, 1, BS_CLOSED, 0, 12 * IN);
    const uint8_t pass[1] = {12};
    DICE = mu_dice_scripted(pass, 1);
    en = begin(&g);
    charge(&g, &en, u, e);
    assert_true(g.units[u].in_command);
    assert_int_equal(g.units[u].formation, BS_CLOSED);
    assert_int_equal(bs_melee_ar(&g.units[u]), 14);
    /* an open-formation low-INT unit takes no check (no dice scripted) */
    bs_field h;
    bs_field_init(&h);
    u = bs_add(&h, orcs, 0, 8, 4, BS_OPEN, 0, 0);
    e = add(&h, BS_REGULAR, 1, BS_CLOSED, 0, 12 * IN);
    DICE = mu_dice_scripted(NO_DICE, 0);
    en = begin(&h);
    assert_int_equal(charge(&h, &en, u, e).outcome, BS_CHARGE_MADE);
}

/* 7.7 SPECIAL NOTE: a declared charge that proves impossible is "no
 * action for that entire phase": it rolls no Discipline Check (7.14's
 * check is made "when charging"), does not count as having acted, and so
 * recovers a point of AR at the round's end (7.13). Under the other
 * reading (the check at the declaration, the declaration an action) the
 * empty dice script aborts and the AR stays. */
/* RULE bs.charge.no-action bs.charge.discipline */
static void test_bs_charge_too_close_rolls_nothing_and_rests(void **state)
{
    (void)state;
    bs_profile orcs = fx_profile(BS_REGULAR);
    orcs.low_int_or_chaotic = 1;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, orcs, 0, 8, 4, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 5 * IN);
    f.units[u].ar = 17; /* after two failed forced-march checks */
    bs_env en = begin(&f); /* no dice scripted: a roll aborts the test */
    bs_charge_result r = charge(&f, &en, u, e);
    assert_int_equal(r.outcome, BS_CHARGE_TOO_CLOSE);
    assert_int_equal(TALLY.discipline_passed + TALLY.discipline_failed, 0);
    assert_true(f.units[u].in_command);
    assert_false(f.units[u].acted);
    bs_phase_end(&f, &en);
    bs_phase_begin(&f, &en, 1);
    bs_phase_end(&f, &en);
    bs_round_end(&f, &en);
    assert_int_equal(f.units[u].ar, 16);
    assert_int_equal(TALLY.charges_too_close, 1);
}

/* 7.14 "must make a Discipline Check when charging" (reading
 * bs.charge.discipline): rolled at the charge's first move, whichever it
 * is. A declared charge of closed orcs that only advances (no enemy on its
 * line: it never runs, and fails) or only wheels still rolls it, once: a
 * failure puts it out of command and opens it there. Were the check
 * rolled only by the run into contact, these charges would roll nothing
 * and stay in command. */
/* RULE bs.charge.discipline */
static void test_bs_charge_discipline_rolled_at_first_move(void **state)
{
    (void)state;
    bs_profile orcs = fx_profile(BS_REGULAR);
    orcs.low_int_or_chaotic = 1;
    for (int by_wheel = 0; by_wheel <= 1; by_wheel++) {
        bs_field f;
        bs_field_init(&f);
        int u = bs_add(&f, orcs, 0, 8, 4, BS_CLOSED, 0, 0);
        int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 2000, 40 * IN); /* off the line */
        const uint8_t fail[1] = {18};
        DICE = mu_dice_scripted(fail, 1);
        bs_env en = begin(&f);
        assert_int_equal(bs_start(&f, &en, u, BS_MODE_CHARGE, e), BS_OK);
        assert_int_equal(DICE.script_pos, 0); /* not at the declaration */
        if (by_wheel)
            assert_int_equal(bs_wheel(&f, &en, u, BS_PIVOT_LEFT, 0.1, NULL), BS_OK);
        else
            assert_int_equal(bs_advance(&f, &en, u, 2 * IN, 0, NULL), BS_OK);
        assert_int_equal(DICE.script_pos, 1);
        assert_false(f.units[u].in_command);
        assert_int_equal(f.units[u].formation, BS_OPEN);
        /* a second move rolls nothing more (the script is spent: a roll aborts) */
        assert_int_equal(bs_advance(&f, &en, u, 1 * IN, 0, NULL), BS_OK);
        assert_int_equal(TALLY.discipline_failed, 1);
        bs_finish(&f, &en, u, NULL);
        bs_setup(NULL);
    }
}

/* Q&A 127.67: a declared charge moves "as close to the opposing unit as
 * its normal movement allowance will take it": moved with bs_advance and
 * reaching no enemy, it goes its normal rate, not the 1 1/2 x charge
 * range, and has failed (7.14 penalty). */
/* RULE bs.move.declared-charge-commits */
static void test_bs_charge_advance_without_contact_stays_within_rate(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 2000, 40 * IN); /* off the line */
    bs_env en = begin(&f);
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_CHARGE, e), BS_OK);
    bs_step s;
    assert_int_equal(bs_advance(&f, &en, u, 30 * IN, 0, &s), BS_OK);
    assert_close(s.moved_mm, 12 * IN, 1e-9);
    assert_int_equal(s.stop, BS_STOP_MOVEMENT);
    assert_int_equal(bs_wheel(&f, &en, u, BS_PIVOT_LEFT, 0.2, NULL), BS_NO_MOVEMENT);
    bs_finish_result fr;
    bs_finish(&f, &en, u, &fr);
    assert_int_equal(fr.charge, BS_CHARGE_SHORT);
    assert_int_equal(f.units[u].formation, BS_OPEN);
    /* a charge that does reach still has its range for the run */
    bs_field g;
    bs_field_init(&g);
    u = add(&g, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    e = add(&g, BS_REGULAR, 1, BS_CLOSED, 0, 17 * IN);
    en = begin(&g);
    assert_int_equal(bs_start(&g, &en, u, BS_MODE_CHARGE, e), BS_OK);
    assert_int_equal(bs_advance(&g, &en, u, 30 * IN, 0, &s), BS_OK);
    assert_int_equal(s.stop, BS_STOP_ENEMY);
    assert_close(s.moved_mm, 17 * IN, 1e-9);
    assert_int_equal(g.units[u].charge, BS_CHARGE_MADE);
}

/* 7.14 with 7.8 (reading): a charging unit that wheels into contact ends
 * in contact (7.8), but after no straight run: it is not a charge (the 2/3
 * of the rate "must be in a straight line"), so it is scored too close,
 * not short, and takes no failure penalty; its move ends. */
/* RULE bs.move.wheel-mode bs.charge.two-thirds-straight */
static void test_bs_charge_wheel_into_contact_is_not_short(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, fx_profile(BS_REGULAR), 0, 4, 4, BS_CLOSED, 0, 0);
    int e = bs_add(&f, fx_profile(BS_REGULAR), 1, 4, 4, BS_CLOSED, 0, 60);
    bs_env en = begin(&f);
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_CHARGE, e), BS_OK);
    double done;
    assert_int_equal(bs_wheel(&f, &en, u, BS_PIVOT_RIGHT, PI / 2, &done), BS_OK);
    assert_true(bs_touching(&f, u, e));
    assert_int_equal(f.units[u].charge, BS_CHARGE_TOO_CLOSE);
    assert_int_equal(f.units[u].state, BS_DONE);
    bs_finish_result fr;
    bs_finish(&f, &en, u, &fr);
    assert_int_equal(fr.charge, BS_CHARGE_TOO_CLOSE);
    assert_int_equal(f.units[u].formation, BS_CLOSED); /* no 7.14 failure penalty */
    assert_int_equal(TALLY.charges_short, 0);
    assert_true(f.units[u].acted); /* it wheeled */
}

/* Assumption (the text names no way back): a unit put out of command by a
 * failed charge Discipline Check (7.14) is back in command from the start
 * of the command_return_rounds-th round after (default 1: the next round);
 * 0 keeps it out for good. It stays in open formation. */
/* RULE bs.charge.command-return */
static void test_bs_charge_command_returns_after_failed_discipline(void **state)
{
    (void)state;
    bs_profile orcs = fx_profile(BS_REGULAR);
    orcs.low_int_or_chaotic = 1;
    for (int back = 0; back <= 2; back++) {
        R.command_return_rounds = back;
        bs_field f;
        bs_field_init(&f);
        int u = bs_add(&f, orcs, 0, 8, 4, BS_CLOSED, 0, 0);
        int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 12 * IN);
        const uint8_t fail[1] = {18};
        DICE = mu_dice_scripted(fail, 1);
        bs_env en = begin(&f);
        charge(&f, &en, u, e);
        assert_false(f.units[u].in_command);
        bs_round_end(&f, &en); /* round 1 ends */
        assert_int_equal(f.units[u].in_command, back == 1);
        bs_round_begin(&f, 0);
        bs_round_end(&f, &en); /* round 2 ends */
        assert_int_equal(f.units[u].in_command, back >= 1);
        assert_int_equal(f.units[u].formation, BS_OPEN);
    }
}

/* Sets up u (side 0) and an enemy placed so that, after an oblique move of
 * 6" at 30 degrees, a straight run of 9" meets it. */
static void crooked_setup(bs_field *f, int *u, int *e)
{
    bs_field_init(f);
    *u = add(f, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    double x = -6 * IN * sin(PI / 6), y = 6 * IN * cos(PI / 6);
    *e = add(f, BS_REGULAR, 1, BS_CLOSED, x, y + 9 * IN);
}

/* battlesystem 7.14, our reading (default): "The 2/3 of the charge
 * distance must be in a straight line" refers back to "2/3 its normal
 * movement rate": a 9" straight run after 6" of manoeuvre is a charge. */
/* RULE bs.charge.two-thirds-straight */
static void test_bs_charge_two_thirds_of_rate_straight_reading(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    crooked_setup(&f, &u, &e);
    bs_env en = begin(&f);
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_CHARGE, e), BS_OK);
    assert_int_equal(bs_advance(&f, &en, u, 6 * IN, PI / 6, NULL), BS_OK);
    bs_charge_result r;
    assert_int_equal(bs_charge_run(&f, &en, u, 0, &r), BS_OK);
    assert_int_equal(r.outcome, BS_CHARGE_MADE);
    assert_close(r.run_mm, 9 * IN, 1e-9);
    assert_close(f.units[u].used_mm, 15 * IN, 1e-9);
}

/* battlesystem 7.14, the other reading (BS_STRAIGHT_TWO_THIRDS_DISTANCE):
 * 9" straight of a 15" charge is less than 2/3: no charge. */
/* RULE bs.charge.two-thirds-straight */
static void test_bs_charge_two_thirds_of_distance_straight_reading(void **state)
{
    (void)state;
    R.charge_straight = BS_STRAIGHT_TWO_THIRDS_DISTANCE;
    bs_field f;
    int u, e;
    crooked_setup(&f, &u, &e);
    bs_env en = begin(&f);
    bs_start(&f, &en, u, BS_MODE_CHARGE, e);
    bs_advance(&f, &en, u, 6 * IN, PI / 6, NULL);
    bs_charge_result r;
    bs_charge_run(&f, &en, u, 0, &r);
    assert_int_equal(r.outcome, BS_CHARGE_NOT_STRAIGHT);
    assert_false(bs_touching(&f, u, e));
}

/* battlesystem 7.14 judged on its own (pure): within range and 2/3 of the
 * rate straight is MADE; short of 2/3 TOO_CLOSE; beyond 1 1/2 x rate or no
 * contact SHORT; a straight move continued by the run counts. */
/* RULE bs.charge.two-thirds-straight */
static void test_bs_charge_judge(void **state)
{
    (void)state;
    double rate = 12 * IN;
    assert_int_equal(bs_charge_judge(&R, rate, 0, 0, 18 * IN, 18 * IN), BS_CHARGE_MADE);
    assert_int_equal(bs_charge_judge(&R, rate, 0, 0, 18.1 * IN, 18.1 * IN), BS_CHARGE_SHORT);
    assert_int_equal(bs_charge_judge(&R, rate, 0, 0, INFINITY, 0), BS_CHARGE_SHORT);
    assert_int_equal(bs_charge_judge(&R, rate, 0, 0, 7.99 * IN, 7.99 * IN), BS_CHARGE_TOO_CLOSE);
    assert_int_equal(bs_charge_judge(&R, rate, 3 * IN, 3 * IN, 5 * IN, 5 * IN), BS_CHARGE_MADE);
    /* terrain: 10" of path costing 20" is out of range */
    assert_int_equal(bs_charge_judge(&R, rate, 0, 0, 10 * IN, 20 * IN), BS_CHARGE_SHORT);
}

/* battlesystem 7.14: a declared charge that never runs did not end in
 * contact: the failure penalty applies (committed, 7.7 SPECIAL NOTE). */
/* RULE bs.move.no-premeasure bs.charge.failed-closed-opens */
static void test_bs_charge_declared_not_run_fails(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 15 * IN);
    bs_env en = begin(&f);
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_CHARGE, e), BS_OK);
    bs_phase_end(&f, &en);
    assert_int_equal(f.units[u].charge, BS_CHARGE_SHORT);
    assert_int_equal(f.units[u].formation, BS_OPEN);
}

/* battlesystem 7.14: a charging unit's move that meets an enemy is the
 * charge; "it must be in base-to-base contact with an enemy unit or
 * figure, and it must attack that figure" (any enemy met counts). */
/* RULE bs.charge.must-contact */
static void test_bs_charge_by_advance_and_other_enemy(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 600, 15 * IN);
    int other = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 14 * IN);
    bs_env en = begin(&f);
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_CHARGE, e), BS_OK);
    bs_step s;
    assert_int_equal(bs_advance(&f, &en, u, 30 * IN, 0, &s), BS_OK);
    assert_int_equal(s.contact, other);
    assert_int_equal(f.units[u].charge, BS_CHARGE_MADE);
    assert_int_equal(f.units[u].charge_contact, other);
    assert_true(isinf(bs_line_distance_mm(&f, u, e, 0))); /* the line missed it */
}

/* battlesystem 7.14: a friend in the way stops the charge short of
 * contact: failure. */
/* RULE bs.charge.failed-closed-opens */
static void test_bs_charge_blocked_by_friend_fails(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, BS_CLOSED, 0, 0);
    add(&f, BS_REGULAR, 0, BS_CLOSED, 0, 5 * IN + 40);
    int e = add(&f, BS_REGULAR, 1, BS_CLOSED, 0, 15 * IN);
    bs_env en = begin(&f);
    bs_charge_result r = charge(&f, &en, u, e);
    assert_int_equal(r.outcome, BS_CHARGE_SHORT);
    assert_close(r.moved_mm, 5 * IN, 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_bs_charge_made_closed_gains_minus_one_ar, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_too_close_is_no_action, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_out_of_reach_moves_normal_rate_closed_breaks_open, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_failed_open_or_mob_minus_three_morale, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_who_may_charge, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_low_int_closed_discipline_check, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_too_close_rolls_nothing_and_rests, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_discipline_rolled_at_first_move, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_advance_without_contact_stays_within_rate, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_wheel_into_contact_is_not_short, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_command_returns_after_failed_discipline, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_two_thirds_of_rate_straight_reading, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_two_thirds_of_distance_straight_reading, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_judge, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_declared_not_run_fails, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_by_advance_and_other_enemy, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_blocked_by_friend_fails, bs_setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
