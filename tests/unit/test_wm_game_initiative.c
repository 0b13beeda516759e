/* The Initiative sub-phase of a Warmaster game on the table
 * (warmaster-command-and-initiative.txt, "Initiative", "Sequence of
 * movement"; warmaster-movement.adoc, "Moving by initative"). Stands
 * 40 x 20 mm; South (side 0) faces +y. The invariant checker runs after
 * every move. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "wm_game_fixture.h"

static fixture fx;

static wm_init_choice choice(int unit, wm_init_action action, int target)
{
    wm_init_choice c = {.unit = unit, .action = action, .target = target};
    return c;
}

/* Returns the candidate entry of unit u, or NULL. */
static const wm_init_candidate *candidate(const wm_init_candidates *c, int u)
{
    for (int i = 0; i < c->n; i++)
        if (c->c[i].unit == u)
            return &c->c[i];
    return NULL;
}

/* warmaster-command: "If a unit moves by initiative in the Initiative
 * sub-phase, it cannot be given orders in the Orders sub-phase." */
/* RULE wm.initiative.before-orders wm.game.initiative-or-orders
 * RULE wm.game.initiative-charge-or-evade */
static void test_wm_unit_that_used_initiative_cannot_be_ordered(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 200, "General");
    fx_start(&fx, 0, NULL, 0);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    wm_init_choice ch = choice(a, WM_INIT_EVADE, e);
    wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
    assert_int_equal(r.refusal, WM_ALLOWED);
    assert_true(r.moved);
    assert_true(fx_dist(&fx, a, e) >= WM_EVADE_CLEAR_MM - 1e-6);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, UINT64_C(1) << a, NULL), WM_REFUSE_INITIATIVE_USED);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command: "all units moving by initiative must be moved before
 * any orders are issued. Once a character has issued an order, the Orders
 * sub-phase has begun and no further units can move by initiative." */
/* RULE wm.initiative.before-orders wm.game.initiative-first */
static void test_wm_no_initiative_once_an_order_is_issued(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 400, 300, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "B");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 400, 200, "General");
    const uint8_t dice[] = {3, 3};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1); /* B may react now */
    wm_orders_begin(&fx.g, 0);
    wm_order_goal goal = fx_goal(400, 400, -1);
    wm_order_result r = wm_game_order(&fx.g, 0, gen, UINT64_C(1) << a, &goal, &fx.env);
    assert_true(r.roll.success);
    wm_init_choice ch = choice(b, WM_INIT_CHARGE, e);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_REFUSE_PHASE);
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 0);
    assert_false(wm_initiative_move(&fx.g, 0, &ch, &fx.env).moved);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command: "Artillery cannot use their initiative to charge,
 * although they can use it to evade." */
/* RULE wm.game.initiative-cannot-charge */
static void test_wm_artillery_cannot_charge_by_initiative_but_may_evade(void **state)
{
    (void)state;
    fx_init(&fx);
    int art = fx_unit(&fx, 0, WM_ARTILLERY, 2, 900, 500, 0, 1, "Cannon");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    fx_start(&fx, 0, NULL, 0);
    wm_init_choice ch = choice(art, WM_INIT_CHARGE, e);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_REFUSE_CANNOT_CHARGE);
    wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
    assert_false(r.moved);
    ch.action = WM_INIT_EVADE;
    r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
    assert_int_equal(r.refusal, WM_ALLOWED);
    assert_true(r.moved);
    assert_int_equal(fx.g.stats[0].init_evades, 1);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command: "A unit can only react to the closest visible enemy
 * unit and not other units even if they are within 20cm and visible." */
/* RULE wm.game.initiative-choice wm.game.initiative-closest-only */
static void test_wm_initiative_reacts_only_to_the_closest_visible_enemy(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e1 = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "Near");
    int e2 = fx_unit(&fx, 1, WM_INFANTRY, 3, 1100, 650, 0, -1, "Far"); /* 170 mm, visible */
    fx_start(&fx, 0, NULL, 0);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    assert_int_equal(c.c[0].closest.n, 1);
    assert_int_equal(c.c[0].closest.unit[0], e1);
    wm_init_choice ch = choice(a, WM_INIT_CHARGE, e2);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_REFUSE_NOT_CLOSEST);
    ch.action = WM_INIT_EVADE;
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_REFUSE_NOT_CLOSEST);
    ch = choice(a, WM_INIT_CHARGE, e1);
    wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
    assert_true(r.moved && r.contact);
    assert_true(wm_unit_engaged(&fx.g.bf.unit[a]) && wm_unit_engaged(&fx.g.bf.unit[e1]));
    assert_int_equal(fx.g.stats[0].charges, 1);
    assert_int_equal(fx.g.stats[0].first_contact_turn, 1);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command: "If two or more enemy units are equally close and
 * both are visible, the player can choose which unit to react to." */
/* RULE wm.game.initiative-ties */
static void test_wm_equally_close_enemies_are_the_players_choice(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e1 = fx_unit(&fx, 1, WM_INFANTRY, 3, 800, 600, 0, -1, "Left");
    int e2 = fx_unit(&fx, 1, WM_INFANTRY, 3, 1000, 600, 0, -1, "Right");
    fx_start(&fx, 0, NULL, 0);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    assert_int_equal(c.c[0].closest.n, 2);
    wm_init_choice ch = choice(a, WM_INIT_CHARGE, e1);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_ALLOWED);
    ch.target = e2;
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_ALLOWED);
}

/* warmaster-command: "Initiative is determined as each unit begins its
 * move and not at the beginning of the sub-phase … it is equally possible
 * for a unit's move to open a new line of sight for another" (Figures 1
 * and 2 of the movement text). */
static void judged_as_each_unit_begins_its_move(wm_init_memo *memo)
{
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 2, 900, 460, 0, 1, "B"); /* behind A */
    int e1 = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "Enemy 1");
    int e2 = fx_unit(&fx, 1, WM_INFANTRY, 3, 1040, 630, 0, -1, "Enemy 2");
    fx_start(&fx, 0, NULL, 0);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates_memo(&fx.g, 0, 0, memo, &c), 1);
    assert_non_null(candidate(&c, a));
    assert_null(candidate(&c, b)); /* B sees no enemy */
    assert_int_equal(wm_initiative_candidates_memo(&fx.g, 0, 0, memo, &c), 1); /* asked again: the same */
    assert_null(candidate(&c, b));
    wm_init_choice ch = choice(a, WM_INIT_CHARGE, e1);
    assert_true(wm_initiative_move(&fx.g, 0, &ch, &fx.env).contact);
    assert_int_equal(wm_initiative_candidates_memo(&fx.g, 0, UINT64_C(1) << a, memo, &c), 1);
    const wm_init_candidate *cb = candidate(&c, b);
    assert_non_null(cb); /* A's move opened B's line of sight */
    assert_int_equal(cb->closest.unit[0], e2);
    assert_int_equal(fx.faults, 0);
}

/* Asked afresh each time, and with a memo kept across A's move (the game
 * keeps one through the sub-phase: it must see that the table changed). */
/* RULE wm.initiative.one-at-a-time wm.game.initiative-per-unit */
static void test_wm_initiative_is_judged_as_each_unit_begins_its_move(void **state)
{
    (void)state;
    judged_as_each_unit_begins_its_move(NULL);
    wm_init_memo *memo = wm_init_memo_new();
    judged_as_each_unit_begins_its_move(memo);
    wm_init_memo_free(memo);
}

/* warmaster-command: "Brigades cannot use initiative as a body. Units
 * using initiative must be moved at the start of the Command phase in the
 * usual way" and "A unit cannot move by means of initiative and orders in
 * the same turn": touching units react one by one, and one that used its
 * initiative is no part of the brigade ordered afterwards. */
/* RULE wm.orders.command-phase wm.game.brigade-no-initiative */
static void test_wm_brigades_cannot_use_initiative_as_a_body(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 780, 500, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "B");
    int c3 = fx_unit(&fx, 0, WM_INFANTRY, 3, 1020, 500, 0, 1, "C");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 700, 620, 0, -1, "E");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    fx_start(&fx, 0, NULL, 0);
    wm_init_candidates c;
    wm_initiative_candidates(&fx.g, 0, 0, &c);
    assert_non_null(candidate(&c, a)); /* each unit is its own candidate */
    assert_non_null(candidate(&c, b));
    assert_null(candidate(&c, c3)); /* too far */
    wm_init_choice ch = choice(a, WM_INIT_EVADE, e);
    assert_true(wm_initiative_move(&fx.g, 0, &ch, &fx.env).moved);
    wm_orders_begin(&fx.g, 0);
    uint64_t ab = (UINT64_C(1) << a) | (UINT64_C(1) << b), bc = (UINT64_C(1) << b) | (UINT64_C(1) << c3);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, ab, NULL), WM_REFUSE_INITIATIVE_USED);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, bc, NULL), WM_ALLOWED);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command: "A unit does not have to use its initiative, it can
 * instead wait until the Orders sub-phase and attempt to move by means of
 * an order." */
/* RULE wm.game.initiative-choice wm.game.initiative-nothing-else */
static void test_wm_unit_may_decline_initiative_and_be_ordered(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    fx_start(&fx, 0, NULL, 0);
    wm_init_choice ch = choice(a, WM_INIT_DECLINE, -1);
    wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
    assert_int_equal(r.refusal, WM_ALLOWED);
    assert_false(r.moved);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, UINT64_C(1) << a, NULL), WM_ALLOWED);
    (void)e;
}

/* warmaster-movement: "It can *charge* the closest enemy unit … assuming
 * it is able to do so": a charge that cannot reach is no move, and the
 * unit has not used its initiative. */
/* RULE wm.game.initiative-charge-or-evade */
static void test_wm_initiative_charge_out_of_reach_is_no_move(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    mu_vec2 river[4] = {mu_v2(700, 520), mu_v2(1100, 520), mu_v2(1100, 580), mu_v2(700, 580)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_BARRIER, river, 4), WM_OK); /* a lake: no wall to sight */
    fx_start(&fx, 0, NULL, 0);
    wm_init_choice ch = choice(a, WM_INIT_CHARGE, e);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_ALLOWED);
    wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
    assert_false(r.moved);
    assert_int_equal(fx.g.stats[0].init_charge_failed, 1);
    assert_false(fx.g.initiative_used & (UINT64_C(1) << a));
}

/* A player who charges whenever the candidate may, and evades otherwise. */
static int charge_else_evade(void *self, const wm_game *g, int side, const wm_init_candidates *c,
                             wm_init_choice *out)
{
    (void)self, (void)g, (void)side;
    if (c->n == 0)
        return 0;
    const wm_init_candidate *k = &c->c[0];
    *out = choice(k->unit, k->closest.can_charge[0] ? WM_INIT_CHARGE : WM_INIT_EVADE, k->closest.unit[0]);
    return 1;
}

/* warmaster-command: "It can either charge the enemy unit it is reacting
 * to, assuming it is able to do so, or it can evade" (reading: a charge
 * that cannot reach is no move, so the unit has not used its initiative:
 * it is offered again, with nothing it may charge, and may evade). */
/* RULE wm.game.initiative-evade-after-failed-charge */
static void test_wm_unit_whose_charge_cannot_reach_may_still_evade(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    mu_vec2 lake[4] = {mu_v2(700, 520), mu_v2(1100, 520), mu_v2(1100, 580), mu_v2(700, 580)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_BARRIER, lake, 4), WM_OK);
    fx_start(&fx, 0, NULL, 0);
    wm_init_choice ch = choice(a, WM_INIT_CHARGE, e);
    assert_false(wm_initiative_move(&fx.g, 0, &ch, &fx.env).moved);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    assert_int_equal(c.c[0].unit, a);
    assert_int_equal(c.c[0].closest.can_charge[0], 0);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_REFUSE_CANNOT_CHARGE);
    ch.action = WM_INIT_EVADE;
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_ALLOWED);

    /* the same through the sub-phase: the player's second pick is the evade */
    fx_init(&fx);
    a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    assert_int_equal(wm_add_polygon(&fx.bf, WM_BARRIER, lake, 4), WM_OK);
    fx_start(&fx, 0, NULL, 0);
    mu_vec2 c0 = fx.g.bf.unit[a].stand[0].center;
    wm_player p = {.initiative = charge_else_evade, .plan_orders = fx_no_plan, .character_goal = fx_no_character_move};
    wm_command_phase(&fx.g, 0, &p, &fx.env);
    assert_int_equal(fx.g.stats[0].init_charge_failed, 1);
    assert_int_equal(fx.g.stats[0].init_evades, 1);
    assert_true(fx.g.bf.unit[a].stand[0].center.y < c0.y - 10.0); /* it fell back */
    assert_int_equal(fx.faults, 0);
}

/* warmaster-movement, optional rule: "Light Cavalry: a Cavalry unit with
 * 6+ Armour can evade in any direction": in a game the player's evade
 * heading is used for such a unit when the rule is in play, refused
 * otherwise. */
/* RULE wm.evade.light-cavalry */
static void test_wm_light_cavalry_evades_where_the_player_says_in_a_game(void **state)
{
    (void)state;
    for (int rule = 0; rule < 2; rule++) {
        fx_init(&fx);
        fx.rules.light_cavalry_rule = rule;
        int a = fx_unit(&fx, 0, WM_CAVALRY, 3, 900, 500, 0, 1, "Light horse");
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
        int inf = fx_unit(&fx, 0, WM_INFANTRY, 3, 300, 500, 0, 1, "Foot");
        fx_unit(&fx, 1, WM_INFANTRY, 3, 300, 600, 0, -1, "E2");
        fx.bf.unit[a].profile.armour = 6;
        fx_start(&fx, 0, NULL, 0);
        wm_init_choice ch = choice(a, WM_INIT_EVADE, e);
        ch.evade_heading = mu_v2(1, 0); /* east, along the enemy's front */
        wm_init_choice foot = choice(inf, WM_INIT_EVADE, e + 2);
        foot.evade_heading = mu_v2(1, 0);
        assert_int_equal(wm_initiative_check(&fx.g, 0, &foot), WM_REFUSE_NOT_LIGHT_CAVALRY);
        if (!rule) {
            assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_REFUSE_NOT_LIGHT_CAVALRY);
            continue;
        }
        mu_vec2 c0 = fx.g.bf.unit[a].stand[0].center;
        wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
        assert_int_equal(r.refusal, WM_ALLOWED);
        assert_true(r.moved);
        assert_true(fx.g.bf.unit[a].stand[0].center.x - c0.x > 100.0);
        assert_true(fabs(fx.g.bf.unit[a].stand[0].center.y - c0.y) < 1e-6);
        assert_int_equal(fx.faults, 0);
    }
}

/* warmaster-command: "Enemy infantry or artillery in fortified positions
 * can be ignored when it comes to using initiative … A player can choose
 * to ignore such enemy units if he wishes, in which case his own unit can
 * use initiative to charge or evade the closest non-fortified enemy". */
/* RULE wm.game.initiative-ignore */
static void test_wm_player_may_ignore_fortified_enemies(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e1 = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "Fortified");
    int e2 = fx_unit(&fx, 1, WM_INFANTRY, 3, 1100, 650, 0, -1, "In the open");
    mu_vec2 fort[4] = {mu_v2(820, 590), mu_v2(980, 590), mu_v2(980, 630), mu_v2(820, 630)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_FORTIFIED, fort, 4), WM_OK);
    fx_start(&fx, 0, NULL, 0);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    assert_int_equal(c.c[0].closest.unit[0], e1);
    fx.g.ignore_fortified[0] = 1; /* the player's choice (wm_player.ignore_fortified) */
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    assert_int_equal(c.c[0].closest.unit[0], e2);
    wm_init_choice ch = choice(a, WM_INIT_CHARGE, e2);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_ALLOWED);
    ch.target = e1;
    assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), WM_REFUSE_NOT_CLOSEST);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_unit_that_used_initiative_cannot_be_ordered),
        cmocka_unit_test(test_wm_no_initiative_once_an_order_is_issued),
        cmocka_unit_test(test_wm_artillery_cannot_charge_by_initiative_but_may_evade),
        cmocka_unit_test(test_wm_initiative_reacts_only_to_the_closest_visible_enemy),
        cmocka_unit_test(test_wm_equally_close_enemies_are_the_players_choice),
        cmocka_unit_test(test_wm_initiative_is_judged_as_each_unit_begins_its_move),
        cmocka_unit_test(test_wm_brigades_cannot_use_initiative_as_a_body),
        cmocka_unit_test(test_wm_unit_may_decline_initiative_and_be_ordered),
        cmocka_unit_test(test_wm_initiative_charge_out_of_reach_is_no_move),
        cmocka_unit_test(test_wm_unit_whose_charge_cannot_reach_may_still_evade),
        cmocka_unit_test(test_wm_light_cavalry_evades_where_the_player_says_in_a_game),
        cmocka_unit_test(test_wm_player_may_ignore_fortified_enemies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
