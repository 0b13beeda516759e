/* The scripted Warmaster battle policies (warmaster/policy/wm_battle_policy.h): what
 * each chooses among the options the rules give. South (side 0) faces +y;
 * stands 40 x 20 mm. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "warmaster/policy/wm_battle_policy.h"
#include "wm_game_fixture.h"

static fixture fx;

#define BIT(u) (UINT64_C(1) << (u))

static wm_policy_spec spec;
static wm_policy_state st;
static wm_player player;

static void bind(wm_policy_kind kind)
{
    spec = wm_policy_defaults(kind);
    wm_policy_bind(&spec, &st, mu_rng_for_game(3, 0), &player);
}

/* A fresh game with two units near a Hero on the left, one near the
 * General on the right, one enemy; South's Orders sub-phase begun. */
static void two_wings(int *gen, int *hero, int *u)
{
    fx_init(&fx);
    *hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 300, 150, "Hero");
    *gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 1400, 150, "General");
    u[0] = fx_unit(&fx, 0, WM_INFANTRY, 3, 300, 300, 0, 1, "Left A");
    u[1] = fx_unit(&fx, 0, WM_INFANTRY, 3, 450, 300, 0, 1, "Left B");
    u[2] = fx_unit(&fx, 0, WM_CAVALRY, 3, 1400, 300, 0, 1, "Right");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 1000, 0, -1, "Enemy");
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
}

/* aggressive: "heroes order before the General"; each unit goes to the
 * character with the best chance; every free unit is planned once. */
static void test_wm_aggressive_plans_heroes_before_the_general(void **state)
{
    (void)state;
    int gen, hero, u[3];
    two_wings(&gen, &hero, u);
    bind(WM_POLICY_AGGRESSIVE);
    wm_order_plan plan;
    player.plan_orders(player.self, &fx.g, 0, &plan);
    assert_int_equal(plan.n, 3);
    assert_int_equal(plan.step[0].character, hero);
    assert_int_equal(plan.step[1].character, hero);
    assert_int_equal(plan.step[2].character, gen);
    assert_int_equal(plan.step[2].group, BIT(u[2]));
    assert_int_equal(plan.step[0].max_orders, 3);
    spec.sequence = WM_SEQ_GENERAL_FIRST;
    player.plan_orders(player.self, &fx.g, 0, &plan);
    assert_int_equal(plan.step[0].character, gen);
}

/* cautious: "advance in brigades": touching units are one group (at most
 * four), ordered as one body; all five in one when the list allows
 * brigades of eight. */
/* RULE wm.armylist.brigade-size */
static void test_wm_cautious_orders_touching_units_as_brigades(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 150, "General");
    int u[5];
    for (int i = 0; i < 5; i++)
        u[i] = fx_unit(&fx, 0, WM_INFANTRY, 3, 660 + 120 * i, 300, 0, 1, "Line");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 1000, 0, -1, "Enemy");
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    bind(WM_POLICY_CAUTIOUS);
    wm_order_plan plan;
    player.plan_orders(player.self, &fx.g, 0, &plan);
    assert_int_equal(plan.n, 2);
    uint64_t all = 0;
    for (int i = 0; i < plan.n; i++) {
        assert_true(__builtin_popcountll(plan.step[i].group) <= 4);
        assert_int_equal(wm_game_order_check(&fx.g, 0, gen, plan.step[i].group, NULL), WM_ALLOWED);
        all |= plan.step[i].group;
    }
    assert_int_equal(all, BIT(u[0]) | BIT(u[1]) | BIT(u[2]) | BIT(u[3]) | BIT(u[4]));
    for (int i = 0; i < 5; i++)
        fx.g.bf.unit[u[i]].profile.rules.brigade_max = 8;
    player.plan_orders(player.self, &fx.g, 0, &plan);
    assert_int_equal(plan.n, 1);
    assert_int_equal(plan.step[0].group, all);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, all, NULL), WM_ALLOWED);
}

/* Initiative: every policy holds or leaves a zone by hold_zones; off
 * with initiative: no choice at all. Cautious and objective hold their
 * zone (the new behaviour of cautious: it no longer evades out of it). */
/* "Light Cavalry: a Cavalry unit with 6+ Armour can evade in any
 * direction" (optional rule): with the rule on, a policy's evading light
 * horse whose way straight back is barred goes to the side; without the
 * rule, or for other cavalry, it asks for no heading. */
/* RULE wm.policy.light-cavalry-evade */
static void test_wm_light_cavalry_evades_to_the_side_when_its_way_back_is_barred(void **state)
{
    (void)state;
    for (int rule = 0; rule < 2; rule++) {
        fx_init(&fx);
        fx.rules.light_cavalry_rule = rule;
        int a = fx_unit(&fx, 0, WM_CAVALRY, 3, 900, 300, 0, 1, "Light horse");
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 400, 0, -1, "Enemy");
        fx.bf.unit[a].profile.armour = 6;
        mu_vec2 lake[4] = {mu_v2(400, 100), mu_v2(1400, 100), mu_v2(1400, 275), mu_v2(400, 275)};
        assert_int_equal(wm_add_polygon(&fx.bf, WM_BARRIER, lake, 4), WM_OK);
        fx_start(&fx, 0, NULL, 0);
        bind(WM_POLICY_CAUTIOUS);
        wm_init_candidates c;
        assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
        wm_init_choice ch;
        assert_true(player.initiative(player.self, &fx.g, 0, &c, &ch));
        assert_int_equal(ch.action, WM_INIT_EVADE);
        if (!rule) {
            assert_true(ch.evade_heading.x == 0.0 && ch.evade_heading.y == 0.0);
            continue;
        }
        assert_true(fabs(ch.evade_heading.x) > 0.99); /* along the enemy's front */
        mu_vec2 c0 = fx.g.bf.unit[a].stand[0].center;
        wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
        assert_true(r.moved);
        assert_true(fabs(fx.g.bf.unit[a].stand[0].center.x - c0.x) > 200.0);
        fx.g.bf.unit[a].profile.armour = 5; /* not light cavalry: no heading */
        mu_vec2 h = wm_policy_evade_heading(&fx.g, a, e, 1);
        assert_true(h.x == 0.0 && h.y == 0.0);
    }
}

/* RULE wm.policy.initiative-judgement */
static void test_wm_policies_choose_their_initiative(void **state)
{
    (void)state;
    fx_init(&fx);
    fx_objective(&fx, 900, 490, 60, 1);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    fx_start(&fx, 0, NULL, 0);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    wm_init_choice ch;
    bind(WM_POLICY_AGGRESSIVE);
    assert_true(player.initiative(player.self, &fx.g, 0, &c, &ch));
    assert_true(ch.unit == a && ch.action == WM_INIT_CHARGE && ch.target == e);
    bind(WM_POLICY_CAUTIOUS);
    assert_true(player.initiative(player.self, &fx.g, 0, &c, &ch));
    assert_true(ch.unit == a && ch.action == WM_INIT_DECLINE);
    bind(WM_POLICY_OBJECTIVE);
    assert_true(player.initiative(player.self, &fx.g, 0, &c, &ch));
    assert_true(ch.unit == a && ch.action == WM_INIT_DECLINE);
    spec.hold_zones = 0; /* equal strength: objective charges (charge_odds 1) */
    assert_true(player.initiative(player.self, &fx.g, 0, &c, &ch));
    assert_true(ch.unit == a && ch.action == WM_INIT_CHARGE && ch.target == e);
    spec = wm_policy_defaults(WM_POLICY_AGGRESSIVE);
    spec.initiative = 0;
    wm_policy_bind(&spec, &st, mu_rng_for_game(3, 0), &player);
    assert_false(player.initiative(player.self, &fx.g, 0, &c, &ch));
}

static wm_fighting fighting[WM_MAX_UNITS];

/* Returns what kind's defaults do by initiative with unit a (3 stands,
 * Attacks 3, Hits 3, no armour: strength 27) facing e (3 stands, Attacks
 * ea, Hits eh, Armour ev): charge, evade, or decline (WM_INIT_DECLINE). */
static wm_init_action judged(wm_policy_kind kind, int a, int e, int ea, int eh, int ev)
{
    fighting[a] = (wm_fighting){3, 3, 0};
    fighting[e] = (wm_fighting){ea, eh, ev};
    bind(kind);
    wm_policy_set_fighting(&st, fighting);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    wm_init_choice ch;
    assert_true(player.initiative(player.self, &fx.g, 0, &c, &ch)); /* a decline is a choice too */
    assert_int_equal(ch.unit, a);
    if (ch.action != WM_INIT_DECLINE)
        assert_int_equal(ch.target, e);
    return ch.action;
}

/* The initiative judgement (wm_battle_policy.h): strength = stands x
 * Attacks x Hits / (1 - save chance); aggressive charges unless the enemy
 * has more than twice its strength and never evades; objective charges
 * one no stronger, evades one twice as strong, else declines; cautious
 * charges one of at most half its strength, else evades. Each line fails
 * if a comparison is turned round. */
/* RULE wm.policy.initiative-judgement */
static void test_wm_initiative_judges_the_odds(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    fx_start(&fx, 0, NULL, 0);
    fighting[e] = (wm_fighting){4, 4, 4};
    bind(WM_POLICY_OBJECTIVE);
    wm_policy_set_fighting(&st, fighting);
    assert_true(fabs(wm_policy_strength(&st, &fx.g, e) - 3 * 4 * 4 * 2.0) < 1e-9); /* 4+: half the hits saved */
    fighting[e] = (wm_fighting){4, 4, 1};
    assert_true(fabs(wm_policy_strength(&st, &fx.g, e) - 3 * 4 * 4 * 6.0) < 1e-9); /* saves capped at 5 in 6 */
    /* E weak (3), equal (27), stronger (36), over twice as strong (96) */
    assert_int_equal(judged(WM_POLICY_AGGRESSIVE, a, e, 1, 1, 0), WM_INIT_CHARGE);
    assert_int_equal(judged(WM_POLICY_AGGRESSIVE, a, e, 4, 3, 0), WM_INIT_CHARGE);
    assert_int_equal(judged(WM_POLICY_AGGRESSIVE, a, e, 4, 4, 4), WM_INIT_DECLINE);
    assert_int_equal(judged(WM_POLICY_OBJECTIVE, a, e, 3, 3, 0), WM_INIT_CHARGE);
    assert_int_equal(judged(WM_POLICY_OBJECTIVE, a, e, 4, 3, 0), WM_INIT_DECLINE);
    assert_int_equal(judged(WM_POLICY_OBJECTIVE, a, e, 4, 4, 4), WM_INIT_EVADE);
    assert_int_equal(judged(WM_POLICY_CAUTIOUS, a, e, 1, 1, 0), WM_INIT_CHARGE);
    assert_int_equal(judged(WM_POLICY_CAUTIOUS, a, e, 3, 3, 0), WM_INIT_EVADE);
}

/* A target in a fortified position is not charged (charge_fortified
 * off), however weak; with charge_fortified it is. */
/* RULE wm.policy.initiative-judgement */
static void test_wm_initiative_does_not_charge_a_fortified_enemy(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "Fortified");
    mu_vec2 fort[4] = {mu_v2(820, 590), mu_v2(980, 590), mu_v2(980, 630), mu_v2(820, 630)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_FORTIFIED, fort, 4), WM_OK);
    fx_start(&fx, 0, NULL, 0);
    assert_int_equal(judged(WM_POLICY_OBJECTIVE, a, e, 1, 1, 0), WM_INIT_DECLINE);
    spec.charge_fortified = 1;
    wm_init_candidates c;
    wm_initiative_candidates(&fx.g, 0, 0, &c);
    wm_init_choice ch;
    assert_true(player.initiative(player.self, &fx.g, 0, &c, &ch));
    assert_true(ch.action == WM_INIT_CHARGE && ch.target == e);
    assert_int_equal(judged(WM_POLICY_AGGRESSIVE, a, e, 1, 1, 0), WM_INIT_CHARGE); /* aggressive's default */
}

/* The General tries a further order only when it needs
 * general_further_min or more: Command 9, a unit 30 cm away (-1): the
 * second order needs 7 (9 - 1 - 1): aggressive (7) tries, objective (8)
 * does not; within 20 cm it needs 8 and objective tries. A Hero's further
 * orders are not limited. */
/* RULE wm.policy.general-further */
static void test_wm_general_further_orders_need_good_odds(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 150, "General");
    int hero = fx_char(&fx, 0, WM_ROLE_HERO, 9, 700, 150, "Hero");
    int far = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 460, 0, 1, "Far");
    int near = fx_unit(&fx, 0, WM_INFANTRY, 3, 1000, 300, 0, 1, "Near");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 1100, 0, -1, "Enemy");
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    wm_penalties pen;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(far), &pen), 1);
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(near), &pen), 0);
    wm_order_step step = {.character = gen, .group = BIT(far), .max_orders = 3, .min_target = 2};
    wm_order_goal goal = {.charge = {-1, -1, -1, -1}};
    bind(WM_POLICY_AGGRESSIVE);
    player.order_goal(player.self, &fx.g, 0, &step, BIT(far), 2, &goal);
    assert_true(goal.go);
    goal = (wm_order_goal){.charge = {-1, -1, -1, -1}};
    bind(WM_POLICY_OBJECTIVE);
    player.order_goal(player.self, &fx.g, 0, &step, BIT(far), 1, &goal);
    assert_true(goal.go); /* a first order is not limited */
    goal = (wm_order_goal){.charge = {-1, -1, -1, -1}};
    st.asked_at[far] = mu_v2(-1000, -1000); /* it moved since */
    player.order_goal(player.self, &fx.g, 0, &step, BIT(far), 2, &goal);
    assert_false(goal.go);
    step.character = hero;
    player.order_goal(player.self, &fx.g, 0, &step, BIT(far), 2, &goal);
    assert_true(goal.go);
    goal = (wm_order_goal){.charge = {-1, -1, -1, -1}};
    step = (wm_order_step){.character = gen, .group = BIT(near), .max_orders = 3, .min_target = 2};
    player.order_goal(player.self, &fx.g, 0, &step, BIT(near), 2, &goal);
    assert_true(goal.go);
}

/* The scripted policies order Heroes first by default (the General's
 * failure would silence them). */
/* RULE wm.policy.sequence */
static void test_wm_scripted_policies_order_heroes_first(void **state)
{
    (void)state;
    int gen, hero, u[3];
    two_wings(&gen, &hero, u);
    for (int k = 0; k < WM_POLICY_RANDOM; k++) {
        bind((wm_policy_kind)k);
        assert_int_equal(spec.sequence, WM_SEQ_HEROES_FIRST);
        wm_order_plan plan;
        player.plan_orders(player.self, &fx.g, 0, &plan);
        assert_true(plan.n >= 2);
        assert_int_equal(plan.step[0].character, hero);
        assert_int_equal(plan.step[plan.n - 1].character, gen);
    }
}

/* aggressive goals: charge the nearest enemy within a full pace, else
 * push toward it; objective: the nearest zone. */
static void test_wm_policy_goals(void **state)
{
    (void)state;
    fx_init(&fx);
    fx_objective(&fx, 300, 700, 50, 1);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 150, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 300, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 450, 0, -1, "E");
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    wm_order_step step = {.character = gen, .group = BIT(a), .max_orders = 3, .min_target = 2};
    wm_order_goal goal = {.charge = {-1, -1, -1, -1}};
    bind(WM_POLICY_AGGRESSIVE);
    player.order_goal(player.self, &fx.g, 0, &step, BIT(a), 1, &goal);
    assert_true(goal.go);
    assert_int_equal(goal.charge[0], e);
    goal = (wm_order_goal){.charge = {-1, -1, -1, -1}};
    bind(WM_POLICY_OBJECTIVE);
    player.order_goal(player.self, &fx.g, 0, &step, BIT(a), 1, &goal);
    assert_true(goal.go);
    assert_true(goal.point.x == 300 && goal.point.y == 700);
    assert_int_equal(goal.form, WM_FORM_COLUMN); /* more than a full pace away */
}

/* The once-a-game Command bonus: the scripted policies keep it for the
 * turn an enemy unit first stands within 40 cm of one of theirs, or the
 * last turn; random uses it one turn in two. */
/* RULE wm.policy.command-bonus */
static void test_wm_policies_choose_the_command_bonus_turn(void **state)
{
    (void)state;
    int gen, hero, u[3];
    two_wings(&gen, &hero, u); /* the enemy about 70 cm away */
    fx.g.turn = 1;
    for (int k = WM_POLICY_AGGRESSIVE; k <= WM_POLICY_OBJECTIVE; k++) {
        if (k == WM_POLICY_RANDOM)
            continue;
        bind((wm_policy_kind)k);
        assert_false(player.use_command_bonus(player.self, &fx.g, gen));
    }
    fx.g.turn = fx.sc.turns;
    assert_true(player.use_command_bonus(player.self, &fx.g, gen));
    fx.g.turn = 1;
    int e = fx.g.unit_of[1][0];
    for (int s = 0; s < fx.g.bf.unit[e].n_stands; s++)
        fx.g.bf.unit[e].stand[s].center.y -= 500.0; /* now 38.6 cm from Left B */
    assert_true(player.use_command_bonus(player.self, &fx.g, gen));
    assert_in_range((unsigned long)wm_unit_distance_mm(&fx.g.bf.unit[u[1]], &fx.g.bf.unit[e], NULL, NULL, NULL, NULL),
                    380, 399);
    bind(WM_POLICY_RANDOM);
    int used = 0;
    for (int i = 0; i < 100; i++)
        used += player.use_command_bonus(player.self, &fx.g, gen);
    assert_in_range(used, 35, 65);
}

/* random: the same generator, the same choices (games are reproducible). */
static void test_wm_random_policy_is_reproducible(void **state)
{
    (void)state;
    int gen, hero, u[3];
    two_wings(&gen, &hero, u);
    wm_order_plan p1, p2;
    bind(WM_POLICY_RANDOM);
    player.plan_orders(player.self, &fx.g, 0, &p1);
    bind(WM_POLICY_RANDOM);
    player.plan_orders(player.self, &fx.g, 0, &p2);
    assert_int_equal(p1.n, p2.n);
    for (int i = 0; i < p1.n; i++) {
        assert_int_equal(p1.step[i].character, p2.step[i].character);
        assert_int_equal(p1.step[i].group, p2.step[i].group);
        assert_int_equal(p1.step[i].max_orders, p2.step[i].max_orders);
        assert_true(p1.step[i].max_orders >= 1 && p1.step[i].max_orders <= 3);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_aggressive_plans_heroes_before_the_general),
        cmocka_unit_test(test_wm_cautious_orders_touching_units_as_brigades),
        cmocka_unit_test(test_wm_light_cavalry_evades_to_the_side_when_its_way_back_is_barred),
        cmocka_unit_test(test_wm_policies_choose_their_initiative),
        cmocka_unit_test(test_wm_initiative_judges_the_odds),
        cmocka_unit_test(test_wm_initiative_does_not_charge_a_fortified_enemy),
        cmocka_unit_test(test_wm_general_further_orders_need_good_odds),
        cmocka_unit_test(test_wm_scripted_policies_order_heroes_first),
        cmocka_unit_test(test_wm_policy_goals),
        cmocka_unit_test(test_wm_random_policy_is_reproducible),
        cmocka_unit_test(test_wm_policies_choose_the_command_bonus_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
