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
#define PI 3.14159265358979323846

/* 12" regular infantry on 20 mm bases, AR 15, morale 12. */
static bs_profile infantry(void) { return fx_profile(BS_REGULAR); }

/* Begins side 0's Movement Phase of a new Game Round (dice from env) and
 * declares unit u's forced march: returns bs_start's answer. */
static bs_refusal begin_forced(bs_field *f, bs_env *env, int u)
{
    bs_round_begin(f, 0);
    bs_phase_begin(f, env, 0);
    return bs_start(f, env, u, BS_MODE_FORCED, -1);
}

/* One round in which unit u (side 0) forced-marches dist_mm straight on,
 * its Morale Check rolling `face`. */
static bs_finish_result forced_round(bs_field *f, int u, double dist_mm, uint8_t face)
{
    const uint8_t faces[1] = {face};
    bs_script(faces, 1);
    bs_env e = fx_env();
    assert_int_equal(begin_forced(f, &e, u), BS_OK);
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
    assert_int_equal(begin_forced(&f, &e, u), BS_OK);
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
    assert_int_equal(begin_forced(&f, &e, u), BS_NOT_IN_COMMAND);
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
    assert_int_equal(begin_forced(&f, &e, u), BS_IN_CONTACT);
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

/* Who a failed forced-march check routs, as the game (bs_march_check)
 * and the odds calculator (its refusals) both ask it: open and skirmish
 * units that check morale, under forced_march_fail_routs only. */
/* RULE bs.march.failure-routs */
static void test_bs_forced_march_failure_routs_whom(void **state)
{
    (void)state;
    static const bs_formation all[] = {BS_CLOSED, BS_OPEN, BS_SKIRMISH, BS_MOB_FORMATION, BS_NO_FORMATION};
    for (int fr = 0; fr <= 1; fr++)
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            for (int never = 0; never <= 1; never++) {
                R.forced_march_fail_routs = fr;
                int expect = fr && !never && (all[i] == BS_OPEN || all[i] == BS_SKIRMISH);
                assert_int_equal(bs_march_failure_routs(&R, all[i], never) != 0, expect);
            }
}

/* The exact chain takes the rules' Morale Check: 1d20 <= 12 passes with
 * 12/20; 2d10 - 2 <= 12 with 45/100 (totals 2..10); a check that always
 * passes gives no penalty. */
/* RULE bs.march.morale-check */
static void test_bs_forced_march_odds_use_the_rules_check(void **state)
{
    (void)state;
    mu_fm_action one[1] = {MU_FM_MARCH};
    static mu_fm_odds o;
    assert_int_equal(bs_march_odds(&R, 12, one, 1, &o), 0);
    assert_close(o.p[1][0], 0.6, 1e-12);
    assert_close(o.p[1][1], 0.4, 1e-12);
    R.morale = (bs_check_rule){.n_dice = 2, .sides = 10, .modifier = -2};
    assert_close(bs_march_pass_probability(&R, 12), 0.45, 1e-12);
    assert_int_equal(bs_march_odds(&R, 12, one, 1, &o), 0);
    assert_close(o.p[1][1], 0.55, 1e-12);
    assert_close(bs_march_pass_probability(&R, 100), 1.0, 0);
    assert_int_equal(bs_march_odds(&R, 100, one, 1, &o), 0);
    assert_close(o.p[1][0], 1.0, 0);
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
    assert_int_equal(begin_forced(&f, &en, u), BS_OK);
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
/* RULE bs.march.halt-at-limit bs.march.early-stop */
static void test_bs_forced_march_visible_enemy_beyond_rate_halts_at_limit(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    int e = bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 14 * IN);
    bs_env en = fx_env();
    assert_int_equal(begin_forced(&f, &en, u), BS_OK);
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
    /* the other reading (every declared march checks): the halt rolls */
    bs_field g;
    bs_field_init(&g);
    R.forced_march_check = BS_MARCH_CHECK_DECLARED;
    u = bs_add(&g, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
    bs_add(&g, infantry(), 1, 8, 4, BS_CLOSED, 0, 14 * IN);
    const uint8_t faces[1] = {20};
    bs_script(faces, 1);
    en = fx_env();
    assert_int_equal(begin_forced(&g, &en, u), BS_OK);
    bs_advance(&g, &en, u, 18 * IN, 0, &s);
    assert_int_equal(s.stop, BS_STOP_HALT);
    bs_finish(&g, &en, u, &r);
    assert_true(r.march_check.rolled);
    assert_int_equal(g.units[u].ar, 16);
}

/* 7.13 "must make a Morale Check at the end of its MOVE", for a march that
 * ends early. Reading (bs.march.early-stop, the same for every early stop
 * as for the halt of Q&A 127.66): the check is owed by a march that went
 * beyond the normal rate. Stopped by impassable terrain after 5", or by
 * the table edge after 0", it takes none (no dice scripted: a roll aborts
 * the test); stopped by the edge after 15" it takes it. Under
 * forced_march_check: declared the 5" march rolls. */
/* RULE bs.march.early-stop bs.march.morale-check */
static void test_bs_forced_march_early_stop_checks_only_beyond_rate(void **state)
{
    (void)state;
    T.width_mm = 4000;
    T.depth_mm = 30 * IN;
    T.n_terrain = 1;
    T.terrain[0] = (bs_terrain){BS_TERRAIN_IMPASSABLE, 4, {{-200, 5 * IN}, {200, 5 * IN}, {200, 6 * IN}, {-200, 6 * IN}}};
    bs_field f;
    bs_field_init(&f);
    int a = bs_add(&f, infantry(), 0, 4, 4, BS_CLOSED, 0, 0);         /* terrain 5" ahead */
    int b = bs_add(&f, infantry(), 0, 4, 4, BS_CLOSED, 1000, 30 * IN); /* at the edge */
    int c = bs_add(&f, infantry(), 0, 4, 4, BS_CLOSED, 2000, 15 * IN); /* edge 15" ahead */
    const uint8_t faces[1] = {20};
    bs_script(faces, 1);
    bs_env en = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &en, 0);
    bs_finish_result r;
    bs_step s;
    int units[3] = {a, b, c};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(bs_start(&f, &en, units[k], BS_MODE_FORCED, -1), BS_OK);
        assert_int_equal(bs_advance(&f, &en, units[k], 18 * IN, 0, &s), BS_OK);
        assert_int_equal(s.stop, k == 0 ? BS_STOP_TERRAIN : BS_STOP_EDGE);
        assert_close(s.moved_mm, k == 0 ? 5 * IN : k == 1 ? 0 : 15 * IN, 1e-9);
        bs_finish(&f, &en, units[k], &r);
        assert_int_equal(r.march, k == 2 ? BS_MARCH_MADE : BS_MARCH_WITHIN_RATE);
        assert_int_equal(r.march_check.rolled, k == 2);
    }
    assert_int_equal(DICE.script_pos, 1);
    assert_int_equal(f.units[c].ar, 16);
    assert_int_equal(f.units[a].ar, 15);
    /* the other reading: the early stop takes its check too */
    R.forced_march_check = BS_MARCH_CHECK_DECLARED;
    bs_field g;
    bs_field_init(&g);
    a = bs_add(&g, infantry(), 0, 4, 4, BS_CLOSED, 0, 0);
    bs_script(faces, 1);
    en = fx_env();
    bs_round_begin(&g, 0);
    bs_phase_begin(&g, &en, 0);
    bs_start(&g, &en, a, BS_MODE_FORCED, -1);
    bs_advance(&g, &en, a, 18 * IN, 0, NULL);
    bs_finish(&g, &en, a, &r);
    assert_true(r.march_check.rolled);
    assert_int_equal(g.units[a].ar, 16);
}

/* Q&A 127.66 "can see an opposing unit that lies just beyond the
 * marching unit's normal movement limit ... comes to a halt at the limit".
 * Reading (bs.march.halt-margin): a march that would go beyond its normal
 * limit and end within march_halt_margin_in (1") of a visible enemy on its
 * path halts at the limit, even if the enemy lies just beyond its whole
 * 18": here 18" + 1 mm away. With a margin of 0 (the other reading) it
 * marches its 18" and ends 1 mm from the enemy. */
/* RULE bs.march.halt-margin bs.march.halt-at-limit */
static void test_bs_forced_march_halts_short_of_enemy_just_beyond_reach(void **state)
{
    (void)state;
    for (int margin = 1; margin >= 0; margin--) {
        bs_setup(NULL);
        R.march_halt_margin_in = margin;
        bs_field f;
        bs_field_init(&f);
        int u = bs_add(&f, infantry(), 0, 8, 4, BS_CLOSED, 0, 0);
        bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 18 * IN + 1);
        const uint8_t faces[1] = {1};
        bs_script(faces, margin ? 0 : 1);
        bs_env en = fx_env();
        assert_int_equal(begin_forced(&f, &en, u), BS_OK);
        bs_step s;
        bs_advance(&f, &en, u, INFINITY, 0, &s);
        bs_finish_result r;
        bs_finish(&f, &en, u, &r);
        if (margin) {
            assert_int_equal(s.stop, BS_STOP_HALT);
            assert_close(s.moved_mm, 12 * IN, 1e-9);
            assert_int_equal(r.march, BS_MARCH_HALTED);
        } else {
            assert_close(s.moved_mm, 18 * IN, 1e-9);
            assert_int_equal(r.march, BS_MARCH_MADE);
        }
    }
}

/* Q&A 127.66's halt applies to skirmishers too: they stop short of enemies
 * (7.4), but a visible enemy beyond the normal limit halts their forced
 * march at the limit, 12" here, not 1 mm short of the enemy at 14". */
/* RULE bs.march.skirmishers-halt bs.march.halt-at-limit */
static void test_bs_forced_march_skirmishers_halt_at_visible_enemy(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, fx_profile(BS_SKIRMISHERS), 0, 4, 4, BS_SKIRMISH, 0, 0);
    int e = bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 14 * IN);
    bs_env en = fx_env();
    assert_int_equal(begin_forced(&f, &en, u), BS_OK);
    bs_step s;
    bs_advance(&f, &en, u, 18 * IN, 0, &s);
    assert_int_equal(s.stop, BS_STOP_HALT);
    assert_close(s.moved_mm, 12 * IN, 1e-9);
    assert_false(bs_touching(&f, u, e));
    bs_finish_result r;
    bs_finish(&f, &en, u, &r); /* no check: no dice scripted */
    assert_int_equal(r.march, BS_MARCH_HALTED);
}

/* Q&A 127.66 for a wheel: wheeling into contact within the normal rate
 * during a forced march loses the bonus and follows 7.8 (a normal move,
 * no check), as a straight move does. */
/* RULE bs.move.wheel-mode bs.march.contact-loses-bonus */
static void test_bs_forced_march_wheel_into_contact_loses_bonus(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 4, 4, BS_CLOSED, 0, 0);
    int e = bs_add(&f, infantry(), 1, 4, 4, BS_CLOSED, 0, 60);
    bs_env en = fx_env(); /* no dice: no Morale Check */
    assert_int_equal(begin_forced(&f, &en, u), BS_OK);
    assert_int_equal(bs_wheel(&f, &en, u, BS_PIVOT_RIGHT, PI / 2, NULL), BS_OK);
    assert_true(bs_touching(&f, u, e));
    assert_int_equal(f.units[u].march, BS_MARCH_LOST_BONUS);
    assert_int_equal(f.units[u].mode, BS_MODE_NORMAL);
    bs_finish_result r;
    bs_finish(&f, &en, u, &r);
    assert_false(r.march_check.rolled);
    assert_int_equal(TALLY.march_lost_bonus, 1);
}

/* Q&A 127.66 for a wheel beyond the normal rate: a march that has used
 * 11" of its 12" wheels toward a visible enemy it would touch only after
 * 1.5" more of wheeling; it halts at the limit of its normal rate, short
 * of the enemy, and takes no check (bs.march.early-stop: it did not go
 * beyond its rate; no dice scripted). Without the wheel's forced-march
 * handling it would wheel into contact beyond its rate and roll. */
/* RULE bs.move.wheel-mode bs.march.halt-at-limit */
static void test_bs_forced_march_wheel_halts_at_limit_short_of_visible_enemy(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, infantry(), 0, 4, 4, BS_CLOSED, 0, 0);                 /* x -40 .. 40 */
    int e = bs_add(&f, infantry(), 1, 4, 4, BS_CLOSED, -60, 11 * IN + 30);    /* x -100 .. -20 */
    bs_env en = fx_env();
    assert_int_equal(begin_forced(&f, &en, u), BS_OK);
    bs_step s;
    assert_int_equal(bs_advance(&f, &en, u, 11 * IN, 0, &s), BS_OK);
    assert_close(s.moved_mm, 11 * IN, 1e-9);
    double done;
    assert_int_equal(bs_wheel(&f, &en, u, BS_PIVOT_RIGHT, PI / 2, &done), BS_OK);
    assert_false(bs_touching(&f, u, e));
    assert_close(f.units[u].used_mm, 12 * IN, 1e-6);
    assert_int_equal(f.units[u].march, BS_MARCH_HALTED);
    assert_int_equal(f.units[u].state, BS_DONE);
    bs_finish_result r;
    bs_finish(&f, &en, u, &r);
    assert_false(r.march_check.rolled);
    assert_int_equal(TALLY.march_halted, 1);
}

/* Skirmishers and a hidden enemy on a forced march (reading
 * bs.march.skirmishers-halt): they never move into contact (7.4), so they
 * cannot run into one; a hidden enemy 14" ahead does not halt them at
 * the limit nor ambush them: they stop 1 mm short of it (the stand-off),
 * the enemy stays hidden, and having gone beyond their rate they take the
 * check. Treated as a unit running into a hidden enemy, they would be
 * scored ambushed without contact. */
/* RULE bs.march.skirmishers-halt */
static void test_bs_forced_march_skirmishers_not_ambushed_by_hidden_enemy(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = bs_add(&f, fx_profile(BS_SKIRMISHERS), 0, 4, 4, BS_SKIRMISH, 0, 0);
    int e = bs_add(&f, infantry(), 1, 8, 4, BS_CLOSED, 0, 14 * IN);
    f.units[e].hidden = 1;
    const uint8_t pass[1] = {1};
    bs_script(pass, 1);
    bs_env en = fx_env();
    assert_int_equal(begin_forced(&f, &en, u), BS_OK);
    bs_step s;
    bs_advance(&f, &en, u, 18 * IN, 0, &s);
    assert_close(s.moved_mm, 14 * IN - R.skirmish_standoff_mm, 1e-6);
    assert_false(bs_touching(&f, u, e));
    assert_int_equal(f.units[u].ambushed_by, -1);
    assert_true(f.units[e].hidden);
    bs_finish_result r;
    bs_finish(&f, &en, u, &r);
    assert_int_equal(r.march, BS_MARCH_MADE);
    assert_true(r.march_check.rolled);
    assert_int_equal(TALLY.march_ambushed, 0);
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
    assert_int_equal(begin_forced(&f, &en, u), BS_OK);
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
        cmocka_unit_test_setup(test_bs_forced_march_failure_routs_whom, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_odds_use_the_rules_check, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_contact_within_normal_rate_loses_bonus, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_visible_enemy_beyond_rate_halts_at_limit, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_hidden_enemy_beyond_rate_ambushes, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_contact_decision, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_early_stop_checks_only_beyond_rate, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_halts_short_of_enemy_just_beyond_reach, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_skirmishers_halt_at_visible_enemy, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_wheel_into_contact_loses_bonus, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_wheel_halts_at_limit_short_of_visible_enemy, bs_setup),
        cmocka_unit_test_setup(test_bs_forced_march_skirmishers_not_ambushed_by_hidden_enemy, bs_setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
