/* Battlesystem units and formations, each test citing its clause of
 * battlesystem-movement-phase.txt (7.1-7.6, 7.9, 7.10, 7.14). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"
#include "bs_fixture.h"

#include "battlesystem/bs_field.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/bs_round.h"
#include "battlesystem/bs_rout.h"
#include "battlesystem/bs_unit.h"

#define IN 25.4

static bs_unit make(bs_kind k, int figs, int frontage, bs_formation form)
{
    return fx_unit(fx_profile(k), 0, figs, frontage, form, 0, 0);
}

/* battlesystem 7.1: "Regular units can operate only in Closed and Open
 * Formations. Skirmish units can operate only in skirmish Formation. Mobs
 * can operate only in Mob Formation." */
/* RULE bs.formation.allowed bs.formation.individuals */
static void test_bs_formations_each_kind_may_take(void **state)
{
    (void)state;
    assert_true(bs_formation_allowed(BS_REGULAR, BS_CLOSED));
    assert_true(bs_formation_allowed(BS_REGULAR, BS_OPEN));
    assert_false(bs_formation_allowed(BS_REGULAR, BS_SKIRMISH));
    assert_false(bs_formation_allowed(BS_REGULAR, BS_MOB_FORMATION));
    assert_true(bs_formation_allowed(BS_SKIRMISHERS, BS_SKIRMISH));
    assert_false(bs_formation_allowed(BS_SKIRMISHERS, BS_OPEN));
    assert_true(bs_formation_allowed(BS_MOB, BS_MOB_FORMATION));
    assert_false(bs_formation_allowed(BS_MOB, BS_CLOSED));
    /* "PC/NPC individuals ... do not have to be part of a specific
     * formation" */
    assert_true(bs_formation_allowed(BS_INDIVIDUAL, BS_NO_FORMATION));
}

/* battlesystem 7.2-7.5: closed and mob bases touch; open bases approx.
 * 1/2" apart; skirmish 1" or more. */
/* RULE bs.formation.closed-contact bs.formation.open-spacing bs.formation.skirmish-spacing */
static void test_bs_formation_spacing(void **state)
{
    (void)state;
    bs_unit c = make(BS_REGULAR, 8, 4, BS_CLOSED);
    assert_close(bs_unit_width_mm(&c), 80, 1e-12);
    assert_close(bs_unit_depth_mm(&c), 40, 1e-12);
    bs_unit o = make(BS_REGULAR, 8, 4, BS_OPEN);
    assert_close(bs_unit_width_mm(&o), 80 + 3 * 0.5 * IN, 1e-12);
    bs_unit s = make(BS_SKIRMISHERS, 8, 4, BS_SKIRMISH);
    assert_close(bs_unit_width_mm(&s), 80 + 3 * IN, 1e-12);
    bs_unit m = make(BS_MOB, 9, 3, BS_MOB_FORMATION);
    assert_close(bs_unit_width_mm(&m), 60, 1e-12);
    /* 7.3 OPTIONAL RULE: stands 1" apart */
    R.open_gap_in = 1.0;
    bs_unit st = make(BS_REGULAR, 8, 4, BS_OPEN);
    assert_close(bs_unit_width_mm(&st), 80 + 3 * IN, 1e-12);
}

/* battlesystem 7.2: "If a unit in closed formation suffers losses, always
 * remove them from the rear of the unit regardless of where they actually
 * occur". */
/* RULE bs.formation.closed-losses */
static void test_bs_closed_losses_come_off_the_rear(void **state)
{
    (void)state;
    bs_unit u = make(BS_REGULAR, 12, 4, BS_CLOSED);
    assert_int_equal(u.ranks, 3);
    bs_unit_take_losses(&u, 5, 3);
    assert_int_equal(u.figures, 7);
    assert_int_equal(u.frontage, 4);
    assert_int_equal(u.ranks, 2);
    assert_int_equal(u.front_gaps, 0);
    assert_close(u.front.y, 0, 1e-12);
}

/* battlesystem 7.5: "If a unit in mob formation suffers casualties, remove
 * figures from the rear, since a mob automatically fills in any gaps." */
/* RULE bs.formation.mob */
static void test_bs_mob_losses_come_off_the_rear(void **state)
{
    (void)state;
    bs_unit u = make(BS_MOB, 9, 3, BS_MOB_FORMATION);
    bs_unit_take_losses(&u, 3, 3);
    assert_int_equal(u.ranks, 2);
    assert_int_equal(u.frontage, 3);
    assert_int_equal(u.front_gaps, 0);
}

/* battlesystem 7.3: "If a unit in open formation suffers losses, it must
 * MOVE figures to fill any gaps in its front lines. It costs 1" of
 * movement rate per figure ... even if it is in base-to-base contact". */
/* RULE bs.formation.open-losses */
static void test_bs_open_losses_cost_an_inch_per_front_gap(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    bs_unit u = make(BS_REGULAR, 12, 4, BS_OPEN);
    int i = bs_field_add(&f, &u);
    bs_profile p = fx_profile(BS_REGULAR);
    bs_unit e = bs_unit_make(&p, &R, 1, 8, 4, BS_CLOSED, mu_v2(0, 0), mu_v2(0, -1));
    bs_field_add(&f, &e); /* in contact */
    bs_unit_take_losses(&f.units[i], 3, 2);
    assert_int_equal(f.units[i].front_gaps, 2);
    bs_env en = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &en, 0);
    assert_close(f.units[i].used_mm, 2 * IN, 1e-12);
    assert_close(f.units[i].fill_mm, 2 * IN, 1e-12);
    assert_false(f.units[i].frozen);
    assert_int_equal(f.units[i].front_gaps, 0);
}

/* battlesystem 7.3: "If the total cost for movement exceeds the movement
 * rate of the unit, then the unit fills the gap and cannot MOVE for the
 * remainder of the current Game Round unless it Routs." */
/* RULE bs.formation.open-losses-freeze */
static void test_bs_open_gap_cost_beyond_rate_freezes_unless_routing(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    bs_profile p = fx_profile(BS_REGULAR);
    p.rate_in = 3.0;
    bs_unit u = bs_unit_make(&p, &R, 0, 24, 12, BS_OPEN, mu_v2(0, 0), mu_v2(0, 1));
    int i = bs_field_add(&f, &u);
    bs_unit_take_losses(&f.units[i], 4, 4);
    const uint8_t faces[1] = {20};
    DICE = mu_dice_scripted(faces, 1);
    bs_env en = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &en, 0);
    assert_true(f.units[i].frozen);
    assert_int_equal(bs_advance(&f, &en, i, 10, 0, NULL), BS_FROZEN);
    assert_int_equal(bs_start(&f, &en, i, BS_MODE_NORMAL, -1), BS_FROZEN);
    /* "unless it Routs": a failed Morale Check still routs it, and it moves */
    mu_vec2 before = f.units[i].front;
    bs_check_result c = bs_morale_check(&f, &en, i, 0, 1, mu_v2(0, 500));
    assert_false(c.pass);
    assert_true(f.units[i].routed);
    assert_true(mu_v2_dist(before, f.units[i].front) > 3 * IN);
}

/* battlesystem 7.4: "If a unit in skirmish formation loses figures, it
 * does not automatically fill gaps." */
/* RULE bs.formation.skirmish-losses */
static void test_bs_skirmish_losses_leave_gaps(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    bs_unit u = make(BS_SKIRMISHERS, 8, 4, BS_SKIRMISH);
    int i = bs_field_add(&f, &u);
    bs_unit_take_losses(&f.units[i], 2, 2);
    bs_env en = fx_env();
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &en, 0);
    assert_close(f.units[i].used_mm, 0, 1e-12);
    assert_int_equal(f.units[i].figures, 6);
}

/* A unit that loses its last figure leaves the table. */
static void test_bs_last_figure_lost_eliminates(void **state)
{
    (void)state;
    bs_unit u = make(BS_REGULAR, 4, 4, BS_CLOSED);
    bs_unit_take_losses(&u, 4, 4);
    assert_int_equal(u.status, BS_ELIMINATED);
    assert_false(bs_unit_alive(&u));
}

/* battlesystem 7.6: "All figures in a unit must be in command for it to
 * change formation, unless the unit goes out of command or is routed. In
 * the latter case, it automaticaly goes to open formation ... Changes of
 * formation that happen involuntarily ... have no cost." */
/* RULE bs.formation.involuntary-open */
static void test_bs_out_of_command_goes_open_free(void **state)
{
    (void)state;
    bs_unit u = make(BS_REGULAR, 8, 4, BS_CLOSED);
    bs_unit_set_command(&u, &R, 0);
    assert_int_equal(u.formation, BS_OPEN);
    assert_false(u.in_command);
    assert_close(u.used_mm, 0, 1e-12);
    /* skirmishers and mobs keep their only formation (7.1) */
    bs_unit m = make(BS_MOB, 9, 3, BS_MOB_FORMATION);
    bs_unit_set_command(&m, &R, 0);
    assert_int_equal(m.formation, BS_MOB_FORMATION);
}

/* battlesystem 7.6 and 7.9-7.10 costs: formation 1/4 rate, right or left
 * face 1/3, about face 1/2, frontage 1" (reading: the pencilled "3"?" is
 * an annotation; the parameter can be set to 3). */
/* RULE bs.formation.change-cost bs.move.face-cost bs.move.frontage-cost */
static void test_bs_manoeuvre_costs(void **state)
{
    (void)state;
    bs_unit u = make(BS_REGULAR, 8, 4, BS_CLOSED);
    assert_close(bs_formation_change_cost_mm(&u, &R), 3 * IN, 1e-12);
    assert_close(bs_face_cost_mm(&u, &R, 0), 4 * IN, 1e-12);
    assert_close(bs_face_cost_mm(&u, &R, 1), 6 * IN, 1e-12);
    assert_close(bs_frontage_change_cost_mm(&R), 1 * IN, 1e-12);
    R.frontage_change_in = 3.0;
    assert_close(bs_frontage_change_cost_mm(&R), 3 * IN, 1e-12);
}

/* battlesystem 7.9: "The movement cost of wheeling is the distance moved
 * by the outermost figure"; Q&A 127.66: "the figure that is farthest from
 * the pivot point", measured (7.7) from the front of its base. */
/* RULE bs.move.wheel-radius */
static void test_bs_wheel_radius_is_the_farthest_figure(void **state)
{
    (void)state;
    bs_unit u = make(BS_REGULAR, 12, 4, BS_CLOSED); /* 80 x 60 mm */
    assert_close(bs_wheel_radius_mm(&u, &R), hypot(80, 40), 1e-12);
    R.wheel_measure = BS_WHEEL_FRONT_RANK;
    assert_close(bs_wheel_radius_mm(&u, &R), 80, 1e-12);
    bs_unit one = make(BS_REGULAR, 4, 4, BS_CLOSED);
    R.wheel_measure = BS_WHEEL_FARTHEST_FIGURE;
    assert_close(bs_wheel_radius_mm(&one, &R), 80, 1e-12);
}

/* battlesystem 7.14: charge range 1 1/2 x rate; "Skirmish units and
 * individuals cannot charge. Their "charge range" for Discipline Checks is
 * the same as their normal movement rate." */
/* RULE bs.charge.who-may */
static void test_bs_charge_range_for_discipline_checks(void **state)
{
    (void)state;
    bs_unit r = make(BS_REGULAR, 8, 4, BS_CLOSED);
    bs_unit m = make(BS_MOB, 8, 4, BS_MOB_FORMATION);
    bs_unit s = make(BS_SKIRMISHERS, 8, 4, BS_SKIRMISH);
    bs_unit i = make(BS_INDIVIDUAL, 1, 1, BS_NO_FORMATION);
    assert_close(bs_charge_range_mm(&r, &R), 18 * IN, 1e-12);
    assert_close(bs_charge_range_mm(&m, &R), 18 * IN, 1e-12);
    assert_close(bs_charge_range_mm(&s, &R), 12 * IN, 1e-12);
    assert_close(bs_charge_range_mm(&i, &R), 12 * IN, 1e-12);
    assert_close(bs_budget_mm(&r, &R, BS_MODE_NORMAL), 12 * IN, 1e-12);
    assert_close(bs_budget_mm(&r, &R, BS_MODE_FORCED), 18 * IN, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_bs_formations_each_kind_may_take, bs_setup),
        cmocka_unit_test_setup(test_bs_formation_spacing, bs_setup),
        cmocka_unit_test_setup(test_bs_closed_losses_come_off_the_rear, bs_setup),
        cmocka_unit_test_setup(test_bs_mob_losses_come_off_the_rear, bs_setup),
        cmocka_unit_test_setup(test_bs_open_losses_cost_an_inch_per_front_gap, bs_setup),
        cmocka_unit_test_setup(test_bs_open_gap_cost_beyond_rate_freezes_unless_routing, bs_setup),
        cmocka_unit_test_setup(test_bs_skirmish_losses_leave_gaps, bs_setup),
        cmocka_unit_test_setup(test_bs_last_figure_lost_eliminates, bs_setup),
        cmocka_unit_test_setup(test_bs_out_of_command_goes_open_free, bs_setup),
        cmocka_unit_test_setup(test_bs_manoeuvre_costs, bs_setup),
        cmocka_unit_test_setup(test_bs_wheel_radius_is_the_farthest_figure, bs_setup),
        cmocka_unit_test_setup(test_bs_charge_range_for_discipline_checks, bs_setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
