/* Battlesystem routing, each test citing its clause of
 * battlesystem-movement-phase.txt (7.15 and Q&A 127.14). Dice are
 * scripted: an empty script aborts the test if a die is rolled. */
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

#define IN 25.4
#define ROUT (16 * IN) /* 12" + 1/3 of 12" */

/* bs_setup on a bounded table, 1200 x 1800 mm. */
static int setup(void **state)
{
    bs_setup(state);
    T.width_mm = 1200;
    T.depth_mm = 1800;
    return 0;
}

static int add(bs_field *f, bs_kind k, int side, int figs, int frontage, bs_formation form,
               double x, double y)
{
    bs_unit u = fx_unit(fx_profile(k), side, figs, frontage, form, x, y);
    u.entry = side == 0 ? mu_v2(x, 0) : mu_v2(x, 1800);
    return bs_field_add(f, &u);
}

/* u: side-0 open unit 4 wide at (600, 600) (centre (600, 590)); an enemy
 * above it at (600, 900). Round 1, side 1's phase (say the enemy caused a
 * Morale Check). */
static void scene(bs_field *f, int *u, int *e)
{
    bs_field_init(f);
    *u = add(f, BS_REGULAR, 0, 4, 4, BS_OPEN, 600, 600);
    *e = add(f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 600, 900);
    bs_env en = fx_env();
    bs_round_begin(f, 1);
    bs_phase_begin(f, &en, 1);
}

/* battlesystem 7.15: "If a unit in open or skirmish formation fails a
 * Morale Check, it Routs. ... immediately moves away from the enemy a
 * total of its movement rate plus an additional 1/3 of its movement rate,
 * and ends its move with its back to the enemy." */
/* RULE bs.formation.involuntary-open bs.rout.morale-failure bs.rout.first-move */
static void test_bs_rout_open_unit_moves_rate_and_a_third_back_to_enemy(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    const uint8_t faces[1] = {13};
    bs_script(faces, 1);
    bs_env en = fx_env();
    double w = bs_unit_width_mm(&f.units[u]);
    bs_check_result c = bs_morale_check(&f, &en, u, 0, 1, bs_unit_centre(&f.units[e]));
    assert_false(c.pass);
    const bs_unit *un = &f.units[u];
    assert_true(un->routed);
    assert_close(un->facing.y, -1, 1e-12);
    /* turned about its centre (600, 590): front at y = 580, then 16" */
    assert_close(un->front.x, 600, 1e-9);
    assert_close(un->front.y, 580 - ROUT, 1e-9);
    assert_close(bs_unit_width_mm(un), w, 1e-12);
    assert_int_equal(TALLY.routs, 1);
    assert_int_equal(TALLY.morale_failed, 1);
}

/* battlesystem 7.15 names open and skirmish formation only: a closed unit
 * failing a Morale Check does not rout by this text (morale results are
 * outside it). */
/* RULE bs.rout.morale-failure */
static void test_bs_rout_closed_unit_does_not_rout(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    bs_unit_place_formation(&f.units[u], &R, BS_CLOSED);
    const uint8_t faces[1] = {20};
    bs_script(faces, 1);
    bs_env en = fx_env();
    assert_false(bs_morale_check(&f, &en, u, 0, 1, mu_v2(600, 900)).pass);
    assert_false(f.units[u].routed);
    (void)e;
}

/* battlesystem 7.15: "routs toward its own lines if psb."; Q&A 127.14:
 * "They go toward the point at which they entered the playing area"
 * (reading: when that heading is still away from the cause). */
/* RULE bs.rout.direction bs.rout.least-resistance bs.rout.common-sense */
static void test_bs_rout_heads_toward_its_entry_point(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    f.units[u].entry = mu_v2(200, 190); /* down and to the left of the centre */
    bs_env en = fx_env();
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), -1);
    assert_true(r.routed);
    assert_close(r.moved_mm, ROUT, 1e-9);
    mu_vec2 d = f.units[u].rout_dir;
    assert_close(d.x, -sqrt(0.5), 1e-9);
    assert_close(d.y, -sqrt(0.5), 1e-9);
    /* the other reading: directly away */
    setup(NULL);
    R.rout_heading = BS_ROUT_DIRECTLY_AWAY;
    scene(&f, &u, &e);
    f.units[u].entry = mu_v2(200, 190);
    en = fx_env();
    bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), -1);
    assert_close(f.units[u].rout_dir.x, 0, 1e-9);
    assert_close(f.units[u].rout_dir.y, -1, 1e-9);
    (void)e;
}

/* General note on routs (127.14): "a routing unit wants to get away from
 * whatever caused it to rout, and will try to exit the battlefield at the
 * same point that it entered." A unit whose entry point lies down and to
 * the left, routed by an enemy above and to the right, keeps routing phase
 * after phase until it leaves the table; the line it runs on crosses the
 * table edge at its entry point (within 1 mm), and every move keeps that
 * heading. Routing directly away (the other reading) would leave the table
 * about 200 mm to the right of it. */
/* RULE bs.rout.common-sense */
static void test_bs_rout_exits_where_it_entered(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    f.units[u].entry = mu_v2(200, 0);
    bs_env en = fx_env();
    mu_vec2 start = bs_unit_centre(&f.units[u]);
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(700, 900), -1);
    assert_true(r.routed);
    mu_vec2 d = f.units[u].rout_dir;
    assert_true(d.y < 0);
    double x_exit = start.x + (0 - start.y) * d.x / d.y;
    assert_close(x_exit, 200, 1);
    int phases = 0;
    while (bs_unit_alive(&f.units[u]) && phases < 10) {
        bs_round_begin(&f, 1);
        bs_phase_begin(&f, &en, 0); /* routers move on (7.15) */
        phases++;
        if (bs_unit_alive(&f.units[u])) {
            assert_close(f.units[u].rout_dir.x, d.x, 1e-12);
            assert_close(f.units[u].rout_dir.y, d.y, 1e-12);
        }
        bs_phase_end(&f, &en);
        bs_round_end(&f, &en);
    }
    assert_int_equal(f.units[u].status, BS_REMOVED);
    assert_true(phases >= 1);
    (void)e;
}

/* battlesystem 7.15: "If a routing unit hits a friendly unit that has not
 * routed, the unit that has not routed must make an immed. Morale Check.
 * If that unit routs, it moves ahead of the friendly unit that forced the
 * Morale Check." */
/* RULE bs.rout.chain */
static void test_bs_rout_chain_friend_fails_and_routs_ahead(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    int fr = add(&f, BS_REGULAR, 0, 4, 4, BS_OPEN, 600, 300);
    const uint8_t faces[2] = {20, 19};
    bs_script(faces, 2);
    bs_env en = fx_env();
    bs_check_result c = bs_morale_check(&f, &en, u, 0, 1, mu_v2(600, 900));
    assert_false(c.pass);
    assert_int_equal(DICE.script_pos, 2);
    assert_true(f.units[fr].routed);
    assert_int_equal(TALLY.routs, 2);
    assert_int_equal(TALLY.rout_chain, 1);
    /* the friend went ahead: below the router */
    assert_true(f.units[fr].front.y < f.units[u].front.y);
    assert_close(f.units[u].front.y, 580 - ROUT, 1e-6);
    (void)e;
}

/* battlesystem 7.15: "If the checking unit does not rout, the routing unit
 * "breaks around" the checking unit, reforms on the other side, and
 * continues its movement." */
/* RULE bs.rout.break-around */
static void test_bs_rout_breaks_around_a_steady_friend(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    int fr = add(&f, BS_REGULAR, 0, 4, 4, BS_OPEN, 600, 300);
    const uint8_t faces[2] = {20, 2};
    bs_script(faces, 2);
    bs_env en = fx_env();
    bs_morale_check(&f, &en, u, 0, 1, mu_v2(600, 900));
    assert_false(f.units[fr].routed);
    assert_close(f.units[fr].front.y, 300, 1e-12);
    assert_close(f.units[u].front.y, 580 - ROUT, 1e-6); /* beyond it: 173.6 < 280 */
    assert_int_equal(TALLY.broken_around, 1);
    (void)e;
}

/* battlesystem 7.15: "(Note that a routing unit can pass-through a unit in
 * skirmish formation--but the unit in skirmish formation must nevertheless
 * make a Morale Check.)"; a unit that never checks morale is broken around
 * without a roll. */
/* RULE bs.rout.pass-skirmishers */
static void test_bs_rout_passes_through_skirmishers_who_still_check(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    int s = add(&f, BS_SKIRMISHERS, 0, 3, 3, BS_SKIRMISH, 600, 300);
    bs_profile fearless = fx_profile(BS_REGULAR);
    fearless.never_checks_morale = 1;
    bs_unit g = bs_unit_make(&fearless, &R, 0, 4, 4, BS_CLOSED, mu_v2(600, 450), mu_v2(0, 1));
    bs_field_add(&f, &g);
    const uint8_t faces[2] = {20, 5};
    bs_script(faces, 2);
    bs_env en = fx_env();
    bs_morale_check(&f, &en, u, 0, 1, mu_v2(600, 900));
    assert_int_equal(DICE.script_pos, 2); /* the router's and the skirmishers' */
    assert_false(f.units[s].routed);
    assert_close(f.units[u].front.y, 580 - ROUT, 1e-6);
    assert_int_equal(TALLY.broken_around, 2);
    (void)e;
}

/* battlesystem 7.15: "If a routing unit moves off the edge of the table
 * ... it is removed from play." */
/* RULE bs.rout.off-table */
static void test_bs_rout_off_the_table_removes(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    f.units[u].front = mu_v2(600, 200);
    bs_env en = fx_env();
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), -1);
    assert_true(r.removed);
    assert_int_equal(f.units[u].status, BS_REMOVED);
    assert_false(bs_unit_alive(&f.units[u]));
    assert_int_equal(TALLY.units_removed, 1);
    (void)e;
}

/* Four enemy closed units boxing the unit in, gap g between neighbours. */
static void box(bs_field *f, int *u, double g)
{
    bs_field_init(f);
    *u = add(f, BS_REGULAR, 0, 4, 4, BS_OPEN, 600, 600); /* 600 +- 40, 580..600 */
    bs_profile p = fx_profile(BS_REGULAR);
    bs_unit n = bs_unit_make(&p, &R, 1, 8, 8, BS_CLOSED, mu_v2(600, 610), mu_v2(0, -1));
    bs_unit s = bs_unit_make(&p, &R, 1, 8, 8, BS_CLOSED, mu_v2(600, 570), mu_v2(0, 1));
    /* flanks 20 mm deep columns, g from the ends of the north and south
     * lines (x = 520 and 680) */
    bs_unit w = bs_unit_make(&p, &R, 1, 4, 4, BS_CLOSED, mu_v2(520 - g, 590), mu_v2(1, 0));
    bs_unit east = bs_unit_make(&p, &R, 1, 4, 4, BS_CLOSED, mu_v2(680 + g, 590), mu_v2(-1, 0));
    bs_field_add(f, &n);
    bs_field_add(f, &s);
    bs_field_add(f, &w);
    bs_field_add(f, &east);
    bs_env en = fx_env();
    bs_round_begin(f, 1);
    bs_phase_begin(f, &en, 1);
}

/* battlesystem 7.15: "If a unit that would otherwise rout is completely
 * surrounded ... by an enemy unit in closed or open formation, and there is
 * no gap of 1" or more ... the routing unit is automatically destroyed". */
/* RULE bs.rout.surrounded */
static void test_bs_rout_surrounded_without_gap_is_destroyed(void **state)
{
    (void)state;
    bs_field f;
    int u;
    box(&f, &u, 0.9 * IN);
    bs_env en = fx_env();
    assert_true(bs_surrounded(&f, &en, u));
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), -1);
    assert_true(r.surrounded);
    assert_true(r.destroyed);
    assert_int_equal(f.units[u].status, BS_DESTROYED);
    assert_int_equal(TALLY.units_destroyed, 1);
    /* a 1" gap lets it out */
    box(&f, &u, 1.0 * IN);
    assert_false(bs_surrounded(&f, &en, u));
    /* skirmishers do not close a ring ("closed or open formation") */
    box(&f, &u, 0.5 * IN);
    f.units[1].formation = BS_SKIRMISH;
    assert_false(bs_surrounded(&f, &en, u));
}

/* battlesystem 7.15 OPTIONAL RULE: "The attacking player designates one of
 * his figures as Guards for every four captured enemy figures; otherwise,
 * the enemy figures automatically escape. Escaped figures are treated as
 * Routed figures". */
/* RULE bs.rout.capture */
static void test_bs_rout_surrounded_capture_option(void **state)
{
    (void)state;
    R.capture_enabled = 1;
    bs_field f;
    int u;
    box(&f, &u, 0.5 * IN);
    f.units[u].figures = 6;
    bs_env en = fx_env();
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), 1);
    assert_int_equal(r.captured, 4);
    assert_int_equal(r.guards, 1);
    assert_int_equal(f.units[u].figures, 2);
    assert_true(f.units[u].routed);
    box(&f, &u, 0.5 * IN);
    r = bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), 2);
    assert_int_equal(r.captured, 4);
    assert_int_equal(f.units[u].status, BS_CAPTURED);
    assert_int_equal(TALLY.figures_captured, 8);
}

/* battlesystem 7.15: "On the Movement Phase that follows, the routing unit
 * moves its full movement rate in the same direction it was moving." Q&A
 * 127.14: "a unit continues to rout until it rallys or leaves the board." */
/* RULE bs.rout.continues bs.rout.until-rallied */
static void test_bs_rout_continues_full_rate_until_rallied_or_off(void **state)
{
    (void)state;
    bs_field f;
    bs_field_init(&f);
    int u = add(&f, BS_REGULAR, 0, 4, 4, BS_OPEN, 600, 1500);
    add(&f, BS_REGULAR, 1, 8, 4, BS_CLOSED, 600, 1700);
    bs_env en = fx_env();
    bs_round_begin(&f, 1);
    bs_phase_begin(&f, &en, 1);
    bs_rout_start(&f, &en, u, 1, mu_v2(600, 1700), -1);
    double y0 = f.units[u].front.y;
    assert_close(y0, 1480 - ROUT, 1e-9);
    bs_phase_end(&f, &en);
    bs_phase_begin(&f, &en, 0); /* its own phase: full rate on */
    assert_close(f.units[u].front.y, y0 - 12 * IN, 1e-9);
    assert_int_equal(bs_advance(&f, &en, u, 1, 0, NULL), BS_ROUTING);
    bs_phase_end(&f, &en);
    bs_round_end(&f, &en);
    for (int round = 0; round < 4 && bs_unit_alive(&f.units[u]); round++) {
        bs_round_begin(&f, 1);
        bs_phase_begin(&f, &en, 1);
        bs_phase_end(&f, &en);
        bs_phase_begin(&f, &en, 0);
        bs_phase_end(&f, &en);
        bs_round_end(&f, &en);
    }
    assert_int_equal(f.units[u].status, BS_REMOVED);
}

/* Q&A 127.14: "There may be only one attempt to rally a unit per rally
 * phase, the number of commanders present notwithstanding." */
/* RULE bs.rout.rally bs.rout.one-rally-attempt bs.game.rally */
static void test_bs_rally_one_attempt_per_rally_phase(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    bs_env en = fx_env();
    assert_int_equal(bs_rally(&f, &en, u, 0, NULL), BS_NOT_ROUTED);
    bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), -1);
    const uint8_t faces[2] = {15, 4};
    bs_script(faces, 2);
    bs_check_result c;
    bs_round_begin(&f, 0);
    assert_int_equal(bs_rally(&f, &en, u, 0, &c), BS_OK);
    assert_false(c.pass);
    assert_true(f.units[u].routed);
    assert_int_equal(bs_rally(&f, &en, u, 0, &c), BS_RALLY_TRIED);
    bs_round_begin(&f, 0);
    assert_int_equal(bs_rally(&f, &en, u, 0, &c), BS_OK);
    assert_true(c.pass);
    assert_false(f.units[u].routed);
    assert_int_equal(f.units[u].formation, BS_OPEN);
    assert_int_equal(TALLY.rally_attempts, 2);
    assert_int_equal(TALLY.rally_successes, 1);
    (void)e;
}

/* Q&A 127.14: "When a routing unit encounters terrain that it cannot cross
 * or enter, it moves along the edge of the feature in the direction that
 * takes it away from the enemy." (Only the straight heading tried, so the
 * run along the edge is exercised.) */
/* RULE bs.rout.along-terrain bs.rout.common-sense */
static void test_bs_rout_runs_along_impassable_terrain(void **state)
{
    (void)state;
    R.rout_heading_step_deg = 180; /* no other headings */
    T.n_terrain = 1;
    T.terrain[0] = (bs_terrain){BS_TERRAIN_IMPASSABLE, 4, {{200, 380}, {1000, 380}, {1000, 400}, {200, 400}}};
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    bs_env en = fx_env();
    /* the cause up and to the right: away is down and to the left */
    bs_rout_start(&f, &en, u, 1, mu_v2(700, 900), -1);
    /* 180 mm down to the river, then along it to the left */
    assert_close(f.units[u].front.y, 400, 1e-6);
    assert_close(f.units[u].front.x, 600 - (ROUT - 180), 1e-6);
    /* a shorter obstacle: along it, past its end, then on down */
    setup(NULL);
    R.rout_heading_step_deg = 180;
    T.n_terrain = 1;
    T.terrain[0] = (bs_terrain){BS_TERRAIN_IMPASSABLE, 4, {{450, 380}, {1000, 380}, {1000, 400}, {450, 400}}};
    scene(&f, &u, &e);
    en = fx_env();
    double half = bs_unit_width_mm(&f.units[u]) / 2; /* open: 4 x 20 + 3 x 1/2" */
    double slide = 600 + half - 450; /* until its right flank passes x = 450 */
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(700, 900), -1);
    assert_close(r.moved_mm, ROUT, 1e-5);
    assert_close(f.units[u].front.x, 600 - slide, 1e-5);
    assert_close(f.units[u].front.y, 400 - (ROUT - 180 - slide), 1e-5);
    (void)e;
}

/* Q&A 127.14: "Routing units do not pay for the change of facing. They
 * ignore terrain modifiers as long as the terrain is passable." */
/* RULE bs.rout.no-facing-terrain-cost */
static void test_bs_rout_pays_no_facing_or_terrain_cost(void **state)
{
    (void)state;
    T.n_terrain = 1;
    T.terrain[0] = (bs_terrain){BS_TERRAIN_WOODS, 4, {{0, 0}, {1200, 0}, {1200, 560}, {0, 560}}};
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    bs_env en = fx_env();
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), -1);
    assert_close(r.moved_mm, ROUT, 1e-9);
    assert_close(f.units[u].front.y, 580 - ROUT, 1e-9);
    (void)e;
}

/* Q&A 127.14: "What happens when a unit that has performed a wrap-around
 * suffers a rout? ... the whole unit routs in the same direction. It
 * doesn't have to "unwrap" because it does not change formation." */
/* RULE bs.rout.after-wrap */
static void test_bs_rout_after_wrap_around_routs_whole(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    f.units[u].wrapped = 1;
    f.units[u].wrap_figures = 2;
    f.units[u].wrap_enemy = e;
    bs_env en = fx_env();
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), -1);
    assert_close(r.moved_mm, ROUT, 1e-9);
    assert_int_equal(f.units[u].figures, 4);
    assert_false(f.units[u].wrapped);
}

/* 7.15 General note (127.14): a routing unit "will try to exit the
 * battlefield at the same point that it entered": with enemies across its
 * way it turns aside (reading: headings within 90 degrees, nearest first). */
/* RULE bs.rout.least-resistance bs.rout.common-sense */
static void test_bs_rout_avoids_enemy_units(void **state)
{
    (void)state;
    bs_field f;
    int u, e;
    scene(&f, &u, &e);
    int blocker = add(&f, BS_REGULAR, 1, 8, 8, BS_CLOSED, 600, 400);
    bs_env en = fx_env();
    bs_rout_result r = bs_rout_start(&f, &en, u, 1, mu_v2(600, 900), -1);
    assert_close(r.moved_mm, ROUT, 1e-9);
    assert_false(bs_touching(&f, u, blocker));
    assert_true(fabs(f.units[u].rout_dir.x) > 0.1);
    (void)e;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_bs_rout_open_unit_moves_rate_and_a_third_back_to_enemy, setup),
        cmocka_unit_test_setup(test_bs_rout_closed_unit_does_not_rout, setup),
        cmocka_unit_test_setup(test_bs_rout_heads_toward_its_entry_point, setup),
        cmocka_unit_test_setup(test_bs_rout_exits_where_it_entered, setup),
        cmocka_unit_test_setup(test_bs_rout_chain_friend_fails_and_routs_ahead, setup),
        cmocka_unit_test_setup(test_bs_rout_breaks_around_a_steady_friend, setup),
        cmocka_unit_test_setup(test_bs_rout_passes_through_skirmishers_who_still_check, setup),
        cmocka_unit_test_setup(test_bs_rout_off_the_table_removes, setup),
        cmocka_unit_test_setup(test_bs_rout_surrounded_without_gap_is_destroyed, setup),
        cmocka_unit_test_setup(test_bs_rout_surrounded_capture_option, setup),
        cmocka_unit_test_setup(test_bs_rout_continues_full_rate_until_rallied_or_off, setup),
        cmocka_unit_test_setup(test_bs_rally_one_attempt_per_rally_phase, setup),
        cmocka_unit_test_setup(test_bs_rout_runs_along_impassable_terrain, setup),
        cmocka_unit_test_setup(test_bs_rout_pays_no_facing_or_terrain_cost, setup),
        cmocka_unit_test_setup(test_bs_rout_after_wrap_around_routs_whole, setup),
        cmocka_unit_test_setup(test_bs_rout_avoids_enemy_units, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
