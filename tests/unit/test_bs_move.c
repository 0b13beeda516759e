/* Moving Battlesystem units, each test citing its clause of
 * battlesystem-movement-phase.txt (7.6-7.10, 7.7, 7.8 with Q&A 127.66) and
 * the terrain-cost assumption. Dice are scripted. */
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
#include "battlesystem/bs_study.h"
#include "battlesystem/bs_round.h"

#define IN 25.4
#define PI 3.14159265358979323846

static int add(bs_field *f, bs_kind k, int side, int figs, int frontage, bs_formation form,
               double x, double y)
{
    return bs_add(f, fx_profile(k), side, figs, frontage, form, x, y);
}

/* Starts round 1 (side 0 has the initiative) and side's phase. */
static bs_env begin(bs_field *f, int side)
{
    bs_env e = fx_env();
    bs_round_begin(f, 0);
    bs_phase_begin(f, &e, side);
    return e;
}

/* battlesystem 7.7: "Measure movement from the front of the figure's
 * base" and place the rest "in the same relation": the front moves the
 * distance, the footprint keeps its shape. */
/* RULE bs.move.rate bs.move.measure-front */
static void test_bs_move_measured_from_the_front(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 12, 4, BS_CLOSED, 0, 0);
    bs_env e = begin(&f, 0);
    bs_step s;
    assert_int_equal(bs_advance(&f, &e, u, 5 * IN, 0, &s), BS_OK);
    assert_close(f.units[u].front.y, 5 * IN, 1e-9);
    assert_close(s.cost_mm, 5 * IN, 1e-9);
    mu_vec2 c[4];
    bs_unit_corners(&f.units[u], c);
    assert_close(c[3].y, 5 * IN - 60, 1e-9);
    /* normal movement is the rate: 12" in all */
    assert_int_equal(bs_advance(&f, &e, u, 20 * IN, 0, &s), BS_OK);
    assert_close(s.moved_mm, 7 * IN, 1e-9);
    assert_int_equal(s.stop, BS_STOP_MOVEMENT);
}

/* battlesystem 7.9: "Units in closed or open formation can move straight
 * ahead or up to 45 degrees to the left or right at will ... without a
 * penalty"; skirmishers "change direction at will"; a mob (reading) moves
 * straight ahead and turns by wheeling. */
/* RULE bs.move.skirmish-turns-free bs.move.oblique-45 bs.move.mob-oblique */
static void test_bs_oblique_up_to_45_degrees_free(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 8, 4, BS_CLOSED, 0, 0);
    int m = add(&f, BS_MOB, 0, 9, 3, BS_MOB_FORMATION, 1000, 0);
    int s = add(&f, BS_SKIRMISHERS, 0, 6, 3, BS_SKIRMISH, 2000, 0);
    bs_env e = begin(&f, 0);
    assert_int_equal(bs_advance(&f, &e, u, 4 * IN, PI / 4, NULL), BS_OK);
    assert_close(f.units[u].front.x, -4 * IN * sin(PI / 4), 1e-9);
    assert_close(f.units[u].used_mm, 4 * IN, 1e-9);
    assert_close(f.units[u].facing.y, 1, 1e-12); /* facing kept */
    assert_int_equal(bs_advance(&f, &e, u, 1 * IN, -46 * PI / 180, NULL), BS_TOO_WIDE);
    assert_int_equal(bs_advance(&f, &e, m, 1 * IN, 10 * PI / 180, NULL), BS_TOO_WIDE);
    assert_int_equal(bs_advance(&f, &e, m, 1 * IN, 0, NULL), BS_OK);
    assert_int_equal(bs_advance(&f, &e, s, 2 * IN, 3 * PI / 4, NULL), BS_OK);
    assert_int_equal(bs_turn(&f, &e, s, PI / 2), BS_OK);
    assert_close(f.units[s].used_mm, 2 * IN, 1e-9); /* turning was free */
    assert_int_equal(bs_turn(&f, &e, u, PI / 2), BS_BAD_FORMATION);
}

/* battlesystem 7.6: "A change of formation costs a unit 1/4 of its
 * movement rate"; "A unit must be in command in order to enter closed
 * formation" (7.2). */
/* RULE bs.formation.closed-command bs.formation.change-any-time bs.formation.change-in-command
 * RULE bs.formation.change-cost */
static void test_bs_formation_change_costs_quarter_rate_in_command(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 8, 4, BS_CLOSED, 0, 0);
    int v = add(&f, BS_REGULAR, 0, 8, 4, BS_OPEN, 1000, 0);
    int s = add(&f, BS_SKIRMISHERS, 0, 8, 4, BS_SKIRMISH, 2000, 0);
    bs_unit_set_command(&f.units[v], &R, 0);
    bs_env e = begin(&f, 0);
    assert_int_equal(bs_change_formation(&f, &e, u, BS_OPEN), BS_OK);
    assert_int_equal(f.units[u].formation, BS_OPEN);
    assert_close(f.units[u].used_mm, 3 * IN, 1e-9);
    assert_close(f.units[u].front.y, 0, 1e-12);
    assert_close(bs_unit_width_mm(&f.units[u]), 80 + 1.5 * IN, 1e-9);
    assert_int_equal(bs_change_formation(&f, &e, v, BS_CLOSED), BS_NOT_IN_COMMAND);
    assert_int_equal(bs_change_formation(&f, &e, s, BS_OPEN), BS_BAD_FORMATION);
    /* four changes would cost the whole rate: the fourth fits exactly, a
     * fifth does not */
    assert_int_equal(bs_change_formation(&f, &e, u, BS_CLOSED), BS_OK);
    assert_int_equal(bs_change_formation(&f, &e, u, BS_OPEN), BS_OK);
    assert_int_equal(bs_change_formation(&f, &e, u, BS_CLOSED), BS_OK);
    assert_int_equal(bs_change_formation(&f, &e, u, BS_OPEN), BS_NO_MOVEMENT);
}

/* battlesystem 7.9: right or left face costs 1/3 of the rate, about face
 * 1/2; Q&A 127.66: "A change of facing does not alter the relative
 * positions of the figures in the unit." */
/* RULE bs.move.face-cost bs.move.face-keeps-positions */
static void test_bs_facing_keeps_relative_positions(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 12, 4, BS_CLOSED, 0, 0); /* 80 wide, 60 deep */
    bs_env e = begin(&f, 0);
    mu_vec2 before[4];
    bs_unit_corners(&f.units[u], before);
    assert_int_equal(bs_face(&f, &e, u, BS_RIGHT_FACE), BS_OK);
    const bs_unit *un = &f.units[u];
    assert_close(un->facing.x, 1, 1e-12);
    assert_int_equal(un->frontage, 3);
    assert_int_equal(un->ranks, 4);
    assert_close(un->used_mm, 4 * IN, 1e-9);
    mu_vec2 after[4];
    bs_unit_corners(un, after);
    /* same rectangle: every corner before is a corner after */
    for (int i = 0; i < 4; i++) {
        double best = 1e9;
        for (int j = 0; j < 4; j++)
            best = fmin(best, mu_v2_dist(before[i], after[j]));
        assert_close(best, 0, 1e-9);
    }
    assert_close(un->front.x, 40, 1e-9); /* the old right flank is the front */
    assert_int_equal(bs_face(&f, &e, u, BS_ABOUT_FACE), BS_OK);
    assert_close(f.units[u].used_mm, 10 * IN, 1e-9);
    assert_close(f.units[u].front.x, -40, 1e-9);
    assert_int_equal(bs_face(&f, &e, u, BS_LEFT_FACE), BS_NO_MOVEMENT);
}

/* battlesystem 7.9: "To wheel, a unit pivots around one of its figures.
 * The movement cost of wheeling is the distance moved by the outermost
 * figure". Q&A 127.66: "There is no fixed cost for wheeling ... A unit may
 * wheel as far as its movement allowance allows." */
/* RULE bs.move.wheel bs.move.wheel-radius */
static void test_bs_wheel_costs_the_outer_figures_arc(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 4, 4, BS_CLOSED, 0, 0); /* one rank, 80 mm */
    bs_env e = begin(&f, 0);
    double done;
    assert_int_equal(bs_wheel(&f, &e, u, BS_PIVOT_LEFT, PI / 4, &done), BS_OK);
    assert_close(done, PI / 4, 1e-12);
    assert_close(f.units[u].used_mm, 80 * PI / 4, 1e-9);
    /* pivoting on the left front corner, the right end swings ahead: the
     * unit turns left */
    assert_close(f.units[u].facing.x, -sin(PI / 4), 1e-9);
    mu_vec2 c[4];
    bs_unit_corners(&f.units[u], c);
    assert_close(c[0].x, -40, 1e-9);
    assert_close(c[0].y, 0, 1e-9);
    /* half a wheel costs half (127.66: no fixed cost) */
    bs_field g;
    bs_field_init(&g);
    u = add(&g, BS_REGULAR, 0, 4, 4, BS_CLOSED, 0, 0);
    e = begin(&g, 0);
    bs_wheel(&g, &e, u, BS_PIVOT_RIGHT, PI / 8, &done);
    assert_close(g.units[u].used_mm, 80 * PI / 8, 1e-9);
    assert_close(g.units[u].facing.x, sin(PI / 8), 1e-9);
    /* as far as its allowance allows: 12" of arc at radius 80 mm */
    bs_wheel(&g, &e, u, BS_PIVOT_RIGHT, 10.0, &done);
    assert_close(g.units[u].used_mm, 12 * IN, 1e-9);
    assert_close(done, (12 * IN - 80 * PI / 8) / 80, 1e-9);
}

/* battlesystem 7.9 wheel into an enemy: the wheel stops at contact (7.8). */
/* RULE bs.move.contact-stops bs.move.wheel */
static void test_bs_wheel_stops_at_contact(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 4, 4, BS_CLOSED, 0, 0);
    /* an enemy 60 mm ahead, in the arc of u's left end wheeling on its
     * right corner: the end reaches y = 60 at asin(60 / 80) */
    int e = add(&f, BS_REGULAR, 1, 4, 4, BS_CLOSED, 0, 60);
    bs_env en = begin(&f, 0);
    double done;
    assert_int_equal(bs_wheel(&f, &en, u, BS_PIVOT_RIGHT, PI / 2, &done), BS_OK);
    assert_close(done, asin(60.0 / 80.0), 1e-7); /* touching within 1e-6 mm */
    assert_true(bs_touching(&f, u, e));
    assert_true(f.units[u].contact_made);
    assert_close(f.units[u].used_mm, done * 80, 1e-9);
}

/* battlesystem 7.10: "Figures may be added to or subtracted from a unit's
 * frontage ... The movement cost of changing frontage is 1"" (reading: the
 * pencilled "<change costs = 3"?>" is an annotation); "Units in skirmish
 * formation do not have frontages." */
/* RULE bs.move.frontage bs.move.frontage-cost */
static void test_bs_frontage_change_costs_an_inch(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 12, 4, BS_CLOSED, 0, 0);
    int m = add(&f, BS_MOB, 0, 12, 4, BS_MOB_FORMATION, 1000, 0);
    int s = add(&f, BS_SKIRMISHERS, 0, 12, 4, BS_SKIRMISH, 2000, 0);
    bs_env e = begin(&f, 0);
    assert_int_equal(bs_change_frontage(&f, &e, u, 6), BS_OK);
    assert_int_equal(f.units[u].frontage, 6);
    assert_int_equal(f.units[u].ranks, 2);
    assert_close(f.units[u].used_mm, 1 * IN, 1e-12);
    assert_close(bs_unit_width_mm(&f.units[u]), 120, 1e-12);
    assert_int_equal(bs_change_frontage(&f, &e, m, 3), BS_OK);
    assert_int_equal(bs_change_frontage(&f, &e, s, 6), BS_BAD_FORMATION);
    assert_int_equal(bs_change_frontage(&f, &e, u, 13), BS_BAD_ARGUMENT);
}

/* battlesystem 7.8: "A figure must immed. stop its movement when it comes
 * into base-to-base contact with an enemy figure. ... Figures may not
 * change direction once any member of the unit has made contact"; Q&A
 * 127.66: "The figures can only move straight ahead." */
/* RULE bs.move.contact-stops bs.move.others-continue bs.move.no-direction-change
 * RULE bs.move.contact-no-wrap */
static void test_bs_contact_stops_and_allows_straight_ahead_only(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 8, 4, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 30, 5 * IN);
    bs_env en = begin(&f, 0);
    bs_step s;
    assert_int_equal(bs_advance(&f, &en, u, 10 * IN, 0, &s), BS_OK);
    assert_int_equal(s.stop, BS_STOP_ENEMY);
    assert_int_equal(s.contact, e);
    assert_close(s.moved_mm, 5 * IN, 1e-9);
    assert_true(f.units[e].attacked);
    assert_int_equal(bs_wheel(&f, &en, u, BS_PIVOT_LEFT, 0.1, NULL), BS_NO_TURN_IN_CONTACT);
    assert_int_equal(bs_face(&f, &en, u, BS_LEFT_FACE), BS_NO_TURN_IN_CONTACT);
    assert_int_equal(bs_advance(&f, &en, u, 1 * IN, 0.2, NULL), BS_NO_TURN_IN_CONTACT);
    assert_int_equal(bs_advance(&f, &en, u, 1 * IN, 0, &s), BS_OK);
    assert_close(s.moved_mm, 0, 1e-9);
    /* Q&A 127.66: movement under 7.8 is not wrap-around: a unit that made
     * contact in its own phase cannot wrap around in it */
    assert_int_equal(bs_wrap_around(&f, &en, u, e, 1, 0, NULL), BS_ALREADY_STARTED);
    f.units[u].state = BS_IDLE; /* even as its first action */
    assert_int_equal(bs_wrap_around(&f, &en, u, e, 1, 0, NULL), BS_NOT_IN_CONTACT);
}

/* battlesystem 7.8: "Figures that begin their Movement Phase in
 * base-to-base contact with an enemy may only execute Wrap-Around
 * Movement, Fighting Withdrawal, or Flee. This restriction applies even if
 * the enemy units have moved into base-to-base contact within the same
 * Game Round." */
/* RULE bs.move.contact-at-start bs.move.later-phases */
static void test_bs_contact_at_start_only_wrap_withdraw_or_flee(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 8, 4, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 0, 5 * IN);
    bs_env en = begin(&f, 0); /* side 0 won the initiative */
    bs_advance(&f, &en, u, 10 * IN, 0, NULL);
    bs_phase_end(&f, &en);
    bs_phase_begin(&f, &en, 1);
    assert_int_equal(f.units[e].contact_at_start, 1u << u);
    assert_int_equal(bs_advance(&f, &en, e, 1 * IN, 0, NULL), BS_IN_CONTACT);
    assert_int_equal(bs_start(&f, &en, e, BS_MODE_NORMAL, -1), BS_IN_CONTACT);
    assert_int_equal(bs_wheel(&f, &en, e, BS_PIVOT_LEFT, 0.1, NULL), BS_LOCKED);
    assert_int_equal(bs_fighting_withdrawal(&f, &en, e, 0, NULL), BS_OK);
}

/* battlesystem 7.8: "A unit that has lost init and had an enemy unit MOVE
 * into base-to-base contact with it cannot change formation, facing, or
 * frontage in its current Movement Phase." The lock must hold where no
 * other rule refuses first: here the unit that contacted it (an open unit
 * ambushed by it on a forced march, Q&A 127.66) fails its check and routs
 * away (7.15), so at the locked unit's phase start nothing touches it and
 * 7.8's contact-at-start rule does not apply. It may still move straight
 * on; formation, facing and frontage changes are refused. Without the
 * lock all three would be accepted. */
/* RULE bs.move.contacted-locked */
static void test_bs_lost_initiative_and_contacted_is_locked(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 8, 4, BS_OPEN, 0, 0);
    int e = add(&f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 0, 14 * IN);
    f.units[e].hidden = 1;
    const uint8_t faces[1] = {20}; /* the ambushed march's check fails */
    bs_script(faces, 1);
    bs_env en = begin(&f, 0); /* side 0 won the initiative */
    assert_int_equal(bs_start(&f, &en, u, BS_MODE_FORCED, -1), BS_OK);
    bs_advance(&f, &en, u, 18 * IN, 0, NULL);
    assert_int_equal(f.units[u].ambushed_by, e);
    assert_true(f.units[e].locked);
    assert_false(f.units[u].locked);
    bs_finish_result r;
    bs_finish(&f, &en, u, &r);
    assert_true(r.routed);
    bs_phase_end(&f, &en);
    bs_phase_begin(&f, &en, 1);
    assert_int_equal(f.units[e].contact_at_start, 0u);
    assert_int_equal(bs_change_formation(&f, &en, e, BS_OPEN), BS_LOCKED);
    assert_int_equal(bs_face(&f, &en, e, BS_ABOUT_FACE), BS_LOCKED);
    assert_int_equal(bs_change_frontage(&f, &en, e, 8), BS_LOCKED);
    assert_int_equal(bs_advance(&f, &en, e, 1 * IN, 0, NULL), BS_OK);
    /* the winner contacted by the loser is not locked */
    bs_field g;
    bs_field_init(&g);
    u = add(&g, BS_REGULAR, 0, 8, 4, BS_CLOSED, 0, 0);
    e = add(&g, BS_REGULAR, 1, 8, 4, BS_CLOSED, 0, 5 * IN);
    bs_round_begin(&g, 0);
    bs_phase_begin(&g, &en, 1);
    bs_advance(&g, &en, e, 10 * IN, 0, NULL);
    assert_false(g.units[u].locked);
}

/* Q&A 127.66: once a figure of the unit has made contact "The figures can
 * only move straight ahead": a formation or frontage change after contact
 * in the same phase is refused (it would move figures sideways and back). */
/* RULE bs.move.no-direction-change */
static void test_bs_contact_bars_formation_and_frontage_changes(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 8, 4, BS_CLOSED, 0, 0);
    int m = add(&f, BS_MOB, 0, 9, 3, BS_MOB_FORMATION, 1000, 0);
    add(&f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 0, 3 * IN);
    add(&f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 1000, 3 * IN);
    bs_env en = begin(&f, 0);
    bs_step s;
    bs_advance(&f, &en, u, 5 * IN, 0, &s);
    assert_int_equal(s.stop, BS_STOP_ENEMY);
    bs_advance(&f, &en, m, 5 * IN, 0, &s);
    assert_int_equal(s.stop, BS_STOP_ENEMY);
    assert_int_equal(bs_change_formation(&f, &en, u, BS_OPEN), BS_NO_TURN_IN_CONTACT);
    assert_int_equal(bs_change_frontage(&f, &en, u, 8), BS_NO_TURN_IN_CONTACT);
    assert_int_equal(bs_change_frontage(&f, &en, m, 4), BS_NO_TURN_IN_CONTACT);
    assert_int_equal(f.units[u].formation, BS_CLOSED);
    assert_int_equal(f.units[u].frontage, 4);
}

/* battlesystem 7.7 "To measure the movement of a mob, designate one figure
 * or counter as the point from which all measurements are made." Reading:
 * the front midpoint, as for any unit. Terrain costs run along the
 * measuring point's path, so rough ground 100 mm ahead of the mob's front
 * costs double from there: it moves 100 + (12" - 100) / 2. Measured from
 * its centre (the other natural choice, 3 ranks of 20 mm: 30 mm further
 * back) it would pay later and go 15 mm further. */
/* RULE bs.move.measure-mob */
static void test_bs_mob_measured_from_its_front_midpoint(void **state)
{
    (void)state;
    T.n_terrain = 1;
    T.terrain[0] = (bs_terrain){BS_TERRAIN_ROUGH, 4, {{-500, 100}, {500, 100}, {500, 2000}, {-500, 2000}}};
    bs_field f;
    bs_field_init(&f);
    int m = add(&f, BS_MOB, 0, 9, 3, BS_MOB_FORMATION, 0, 0);
    bs_env en = begin(&f, 0);
    bs_step s;
    assert_int_equal(bs_advance(&f, &en, m, 20 * IN, 0, &s), BS_OK);
    assert_close(s.moved_mm, 100 + (12 * IN - 100) / 2, 1e-9);
    assert_close(f.units[m].front.y, 100 + (12 * IN - 100) / 2, 1e-9);
}

/* battlesystem 7.8 "Other figures in the same unit may continue movement
 * if they are not yet in base-to-base contact": simplified, the unit moves
 * as a block and stops when its first figure touches. An enemy overlapping
 * only the left figure of a 4-wide line: the whole block stops at that
 * touch, keeps its rectangle, and a further straight move goes nowhere.
 * (Were the other three figures to continue, the right end would advance
 * past the touching figure; this test pins the block model.) */
/* RULE bs.move.others-continue */
static void test_bs_others_do_not_continue_after_first_contact(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 4, 4, BS_CLOSED, 0, 0);           /* x -40 .. 40 */
    add(&f, BS_REGULAR, 1, 4, 4, BS_CLOSED, -70, 4 * IN); /* x -110 .. -30: meets the left figure only */
    bs_env en = begin(&f, 0);
    bs_step s;
    bs_advance(&f, &en, u, 10 * IN, 0, &s);
    assert_int_equal(s.stop, BS_STOP_ENEMY);
    assert_close(s.moved_mm, 4 * IN, 1e-9);
    mu_vec2 c[4];
    bs_unit_corners(&f.units[u], c);
    assert_close(c[0].y, 4 * IN, 1e-9); /* front-left */
    assert_close(c[1].y, 4 * IN, 1e-9); /* front-right: did not continue */
    assert_close(c[1].x - c[0].x, 80, 1e-9);
    bs_advance(&f, &en, u, 5 * IN, 0, &s);
    assert_close(s.moved_mm, 0, 1e-9);
}

/* battlesystem 7.5 "A unit in mob formation is displayed by placing
 * figures ... in an irregular (but approx. square) array." Reading: the
 * frontage and the ranks differ by at most rules.mob_square_slack (1)
 * figures. A 16-figure mob may not become 16 x 1 (or 8 x 2); 5 x 4 is
 * square enough. After losses from the rear (7.5) leave it 4 wide and 2
 * deep, at its next phase start it fills in to 3 x 3, free. */
/* RULE bs.formation.mob-square */
static void test_bs_mob_stays_approx_square(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int m = add(&f, BS_MOB, 0, 16, 4, BS_MOB_FORMATION, 0, 0);
    bs_env en = begin(&f, 0);
    assert_int_equal(bs_change_frontage(&f, &en, m, 16), BS_NOT_SQUARE);
    assert_int_equal(bs_change_frontage(&f, &en, m, 8), BS_NOT_SQUARE);
    assert_int_equal(bs_change_frontage(&f, &en, m, 5), BS_OK);
    assert_int_equal(f.units[m].ranks, 4);
    bs_phase_end(&f, &en);
    bs_unit_take_losses(&f.units[m], 8, 0); /* 5 x 4 of 16 -> 8 figures, 5 x 2 */
    assert_int_equal(f.units[m].ranks, 2);
    bs_round_begin(&f, 0);
    bs_phase_begin(&f, &en, 0);
    assert_int_equal(f.units[m].frontage, 3);
    assert_int_equal(f.units[m].ranks, 3);
    assert_close(f.units[m].used_mm, 0, 0); /* free */
    assert_int_equal(bs_mob_square_frontage(&R, 16, 16), 5);
    /* with the least slack allowed (1; rules.mob_square_slack 0 is an input
     * error) every mob size has a square array */
    bs_rules tight = R;
    tight.mob_square_slack = 1;
    for (int n = 1; n <= BS_STUDY_MAX_FIGURES; n++)
        assert_true(bs_mob_square(&tight, BS_MOB, n, bs_mob_square_frontage(&tight, n, n)));
    assert_true(bs_mob_square(&R, BS_REGULAR, 16, 16)); /* regular units: any frontage */
}

/* Only the side whose Movement Phase it is moves. */
/* RULE bs.move.budget-invariants */
static void test_bs_only_the_phase_side_moves(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    add(&f, BS_REGULAR, 0, 8, 4, BS_CLOSED, 0, 0);
    int e = add(&f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 0, 500);
    bs_env en = begin(&f, 0);
    assert_int_equal(bs_advance(&f, &en, e, 1 * IN, 0, NULL), BS_NOT_YOUR_PHASE);
}

/* battlesystem 7.4: "A unit in skirmish formation can "pass-through"
 * another friendly unit that is also in skirmish formation. No other
 * formation can do this." */
/* RULE bs.formation.skirmish-pass-through */
static void test_bs_skirmishers_pass_through_friendly_skirmishers(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int s = add(&f, BS_SKIRMISHERS, 0, 4, 4, BS_SKIRMISH, 0, 0);
    add(&f, BS_SKIRMISHERS, 0, 4, 4, BS_SKIRMISH, 0, 3 * IN + 20);
    int c = add(&f, BS_REGULAR, 0, 4, 4, BS_CLOSED, 1000, 0);
    add(&f, BS_REGULAR, 0, 4, 4, BS_CLOSED, 1000, 3 * IN + 20);
    bs_env en = begin(&f, 0);
    bs_step st;
    bs_advance(&f, &en, s, 8 * IN, 0, &st);
    assert_close(st.moved_mm, 8 * IN, 1e-9);
    bs_advance(&f, &en, c, 8 * IN, 0, &st);
    assert_int_equal(st.stop, BS_STOP_FRIEND);
    assert_close(st.moved_mm, 3 * IN, 1e-9);
}

/* battlesystem 7.4: "Figures operating in skirmish formation can never
 * MOVE into base-to-base contact with enemy units." */
/* RULE bs.formation.skirmish-no-contact */
static void test_bs_skirmishers_never_move_into_contact(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int s = add(&f, BS_SKIRMISHERS, 0, 4, 4, BS_SKIRMISH, 0, 0);
    int e = add(&f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 0, 4 * IN);
    bs_env en = begin(&f, 0);
    bs_step st;
    bs_advance(&f, &en, s, 8 * IN, 0, &st);
    assert_int_equal(st.stop, BS_STOP_STANDOFF);
    assert_false(bs_touching(&f, s, e));
    assert_close(st.moved_mm, 4 * IN - R.skirmish_standoff_mm, 1e-9);
}

/* Assumption (Intermediate Game terrain costs, not in our text): rough
 * ground costs twice the distance; impassable terrain and the table edge
 * stop a move. */
/* RULE bs.move.terrain-cost */
static void test_bs_terrain_costs_and_obstacles(void **state)
{
    (void)state;
    T.width_mm = 2000;
    T.depth_mm = 2000;
    T.n_terrain = 2;
    T.terrain[0] = (bs_terrain){BS_TERRAIN_ROUGH, 4, {{0, 200}, {1000, 200}, {1000, 400}, {0, 400}}};
    T.terrain[1] = (bs_terrain){BS_TERRAIN_IMPASSABLE, 4, {{1400, 300}, {1800, 300}, {1800, 400}, {1400, 400}}};
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 4, 4, BS_CLOSED, 500, 100);
    int v = add(&f, BS_REGULAR, 0, 4, 4, BS_CLOSED, 1600, 100);
    int w = add(&f, BS_REGULAR, 0, 4, 4, BS_CLOSED, 300, 1950);
    bs_env en = begin(&f, 0);
    bs_step s;
    /* 100 mm clear, then rough at 2 mm per mm: 12" = 304.8 mm of movement */
    bs_advance(&f, &en, u, 1000, 0, &s);
    assert_close(s.moved_mm, 100 + (12 * IN - 100) / 2, 1e-9);
    assert_close(s.cost_mm, 12 * IN, 1e-9);
    bs_advance(&f, &en, v, 1000, 0, &s);
    assert_int_equal(s.stop, BS_STOP_TERRAIN);
    assert_close(s.moved_mm, 200, 1e-9);
    bs_advance(&f, &en, w, 1000, 0, &s);
    assert_int_equal(s.stop, BS_STOP_EDGE);
    assert_close(s.moved_mm, 50, 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_bs_move_measured_from_the_front, bs_setup),
        cmocka_unit_test_setup(test_bs_oblique_up_to_45_degrees_free, bs_setup),
        cmocka_unit_test_setup(test_bs_formation_change_costs_quarter_rate_in_command, bs_setup),
        cmocka_unit_test_setup(test_bs_facing_keeps_relative_positions, bs_setup),
        cmocka_unit_test_setup(test_bs_wheel_costs_the_outer_figures_arc, bs_setup),
        cmocka_unit_test_setup(test_bs_wheel_stops_at_contact, bs_setup),
        cmocka_unit_test_setup(test_bs_frontage_change_costs_an_inch, bs_setup),
        cmocka_unit_test_setup(test_bs_contact_stops_and_allows_straight_ahead_only, bs_setup),
        cmocka_unit_test_setup(test_bs_contact_at_start_only_wrap_withdraw_or_flee, bs_setup),
        cmocka_unit_test_setup(test_bs_lost_initiative_and_contacted_is_locked, bs_setup),
        cmocka_unit_test_setup(test_bs_contact_bars_formation_and_frontage_changes, bs_setup),
        cmocka_unit_test_setup(test_bs_mob_measured_from_its_front_midpoint, bs_setup),
        cmocka_unit_test_setup(test_bs_others_do_not_continue_after_first_contact, bs_setup),
        cmocka_unit_test_setup(test_bs_mob_stays_approx_square, bs_setup),
        cmocka_unit_test_setup(test_bs_only_the_phase_side_moves, bs_setup),
        cmocka_unit_test_setup(test_bs_skirmishers_pass_through_friendly_skirmishers, bs_setup),
        cmocka_unit_test_setup(test_bs_skirmishers_never_move_into_contact, bs_setup),
        cmocka_unit_test_setup(test_bs_terrain_costs_and_obstacles, bs_setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
