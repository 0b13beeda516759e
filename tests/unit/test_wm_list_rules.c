/* Army-list rules as options a list declares (src/rules/warmaster/
 * ARMY_RULES.md; wm_unit_rules in a unit's profile): each option played
 * on the table, against the same situation without it. South (side 0)
 * faces +y; stands 40 x 20 mm. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/policy/wm_battle_policy.h"
#include "wm_game_fixture.h"

static fixture fx;

#define BIT(u) (UINT64_C(1) << (u))

static wm_unit_rules *rules_of(int u) { return &fx.g.bf.unit[u].profile.rules; }

/* A player of the given policy kind, bound to one state kept here (the
 * next call rebinds it). */
static wm_player policy_player(wm_policy_kind kind)
{
    static wm_policy_state st;
    static wm_policy_spec spec;
    spec = wm_policy_defaults(kind);
    wm_player p;
    wm_policy_bind(&spec, &st, mu_rng_for_game(1, 0), &p);
    return p;
}

/* "every order to it or a brigade holding it": one modifier for the
 * order, the most negative when any is (our reading: two units of
 * Peasants in a brigade cost -1, not -2; a -1 unit beside a +1 unit:
 * -1). */
/* RULE wm.armylist.command-modifier */
static void test_wm_list_command_modifier_counts_once_per_order(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "B"); /* touching A's right */
    fx_start(&fx, 0, NULL, 0);
    wm_penalties p;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a), &p), 0);
    rules_of(a)->command_modifier = -1;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a), &p), 1);
    assert_int_equal(p.list_rule, 1);
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p), 1);
    rules_of(b)->command_modifier = -1;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p), 1); /* once, not twice */
    rules_of(b)->command_modifier = 1;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p), 1); /* the -1 wins */
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(b), &p), -1);          /* a bonus alone */
    assert_int_equal(p.list_rule, -1);
}

/* terrain_command_penalty: never (no -1 for dense terrain) and
 * none_in_woods (no -1 in a wood, still -1 in other dense terrain). */
/* RULE wm.armylist.dense-terrain */
static void test_wm_list_dense_terrain_exemptions(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    mu_vec2 wood[4] = {mu_v2(700, 380), mu_v2(1000, 380), mu_v2(1000, 430), mu_v2(700, 430)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_WOOD, wood, 4), WM_OK);
    mu_vec2 town[4] = {mu_v2(1300, 380), mu_v2(1600, 380), mu_v2(1600, 430), mu_v2(1300, 430)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_BUILT_UP, town, 4), WM_OK);
    int in_wood = fx_unit(&fx, 0, WM_INFANTRY, 3, 850, 400, 0, 1, "In the wood");
    int in_town = fx_unit(&fx, 0, WM_INFANTRY, 3, 1450, 400, 0, 1, "In the town");
    fx_start(&fx, 0, NULL, 0);
    wm_penalties p;
    wm_game_penalties(&fx.g, gen, BIT(in_wood), &p);
    assert_int_equal(p.dense_terrain, 1);
    rules_of(in_wood)->dense = WM_DENSE_NONE_IN_WOODS;
    rules_of(in_town)->dense = WM_DENSE_NONE_IN_WOODS;
    wm_game_penalties(&fx.g, gen, BIT(in_wood), &p);
    assert_int_equal(p.dense_terrain, 0);
    wm_game_penalties(&fx.g, gen, BIT(in_town), &p);
    assert_int_equal(p.dense_terrain, 1); /* a town is no wood */
    rules_of(in_town)->dense = WM_DENSE_NONE;
    wm_game_penalties(&fx.g, gen, BIT(in_town), &p);
    assert_int_equal(p.dense_terrain, 0);
}

/* army_rules enemy_proximity_penalty: none (the Undead): no -1 for an
 * enemy within 20 cm of the unit; a brigade pays it for its other units. */
/* RULE wm.armylist.no-enemy-close */
static void test_wm_list_no_enemy_close_penalty(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "B");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 550, 0, -1, "Enemy"); /* 150 mm away */
    fx_start(&fx, 0, NULL, 0);
    wm_penalties p;
    wm_game_penalties(&fx.g, gen, BIT(a), &p);
    assert_int_equal(p.enemy_close, 1);
    rules_of(a)->no_enemy_close = 1;
    wm_game_penalties(&fx.g, gen, BIT(a), &p);
    assert_int_equal(p.enemy_close, 0);
    wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p);
    assert_int_equal(p.enemy_close, 1); /* B is not exempt */
}

/* brigade: never: the unit is never part of a brigade, though it touches. */
/* RULE wm.armylist.never-brigade */
static void test_wm_list_never_brigade(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "B");
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a) | BIT(b), NULL), WM_ALLOWED);
    fx_init(&fx);
    gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    a = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "A");
    b = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "B");
    fx.bf.unit[b].profile.rules.never_brigade = 1;
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a) | BIT(b), NULL), WM_REFUSE_NOT_A_BRIGADE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(b), NULL), WM_ALLOWED);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a), NULL), WM_ALLOWED);
}

/* gives_orders: false, and an army's command range (army_rules
 * command_range_cm): a character who never orders; one who orders only
 * units within the range (measured as the distance penalty is). */
/* RULE wm.armylist.gives-no-orders wm.armylist.order-range */
static void test_wm_list_characters_who_may_not_order(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int near = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 470, 0, 1, "Near"); /* 150 mm */
    int far = fx_unit(&fx, 0, WM_INFANTRY, 3, 1300, 570, 0, 1, "Far");  /* farther than 200 mm */
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(far), NULL), WM_ALLOWED);
    rules_of(gen)->order_range_mm = 200;
    assert_true(fx_dist(&fx, gen, far) > 200.0 && fx_dist(&fx, gen, near) < 200.0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(far), NULL), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(near), NULL), WM_ALLOWED);
    rules_of(gen)->gives_no_orders = 1;
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(near), NULL), WM_REFUSE_LIST_RULE);
}

static wm_init_choice choice(int unit, wm_init_action action, int target)
{
    return (wm_init_choice){.unit = unit, .action = action, .target = target};
}

/* Starts a game with unit *a of South 100 mm in front of unit *e of North,
 * face to face. */
static void face_off(int *a, int *e)
{
    fx_init(&fx);
    *a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    *e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    fx_start(&fx, 0, NULL, 0);
}

/* initiative: never (and an army's): the unit is no candidate and may not
 * act; evade: never: it may charge or decline, never evade. */
/* RULE wm.armylist.initiative-never wm.armylist.never-evade */
static void test_wm_list_initiative_never_and_never_evade(void **state)
{
    (void)state;
    int a, e;
    face_off(&a, &e);
    wm_init_candidates c;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    wm_init_choice evade = choice(a, WM_INIT_EVADE, e), charge = choice(a, WM_INIT_CHARGE, e);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &evade), WM_ALLOWED);
    rules_of(a)->never_evade = 1;
    assert_int_equal(wm_initiative_check(&fx.g, 0, &evade), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &charge), WM_ALLOWED);
    rules_of(a)->initiative = WM_INIT_NEVER;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 0);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &charge), WM_REFUSE_LIST_RULE);
}

/* A player who declines every initiative and orders nothing. */
static int decline_all(void *self, const wm_game *g, int side, const wm_init_candidates *c, wm_init_choice *out)
{
    (void)self, (void)g, (void)side;
    int *asked = self;
    if (*asked >= c->n)
        return 0;
    *out = choice(c->c[(*asked)++].unit, WM_INIT_DECLINE, -1);
    return 1;
}

/* initiative: must_charge ("charges on initiative whenever it can and
 * may not be ordered instead"): declining or evading is refused while it
 * can charge; a player who declines everything sees it charge all the
 * same (its closest enemy, the player having no say); without a charge it
 * can make, it may decline and be ordered. */
/* RULE wm.armylist.must-charge */
static void test_wm_list_must_charge(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 200, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    fx.bf.unit[a].profile.rules.initiative = WM_INIT_MUST_CHARGE;
    fx_start(&fx, 0, NULL, 0);
    wm_init_choice decline = choice(a, WM_INIT_DECLINE, -1), evade = choice(a, WM_INIT_EVADE, e);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &decline), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &evade), WM_REFUSE_LIST_RULE);
    int asked = 0;
    wm_player p = {.self = &asked, .initiative = decline_all, .plan_orders = fx_no_plan,
                   .character_goal = fx_no_character_move};
    wm_command_phase(&fx.g, 0, &p, &fx.env);
    assert_int_equal(fx.g.stats[0].init_charges, 1);
    assert_true(fx.g.charged & BIT(a));
    assert_true(fx_dist(&fx, a, e) < 1e-6);
    assert_int_equal(fx.faults, 0);

    /* the same without the rule: the unit stays */
    fx_init(&fx);
    fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 200, "General");
    a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    fx_start(&fx, 0, NULL, 0);
    asked = 0;
    wm_command_phase(&fx.g, 0, &p, &fx.env);
    assert_int_equal(fx.g.stats[0].init_charges, 0);
    assert_true(fx_dist(&fx, a, e) > 50.0);

    /* nothing it can charge (a lake between): it declines and is ordered */
    fx_init(&fx);
    gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 200, "General");
    a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
    e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
    mu_vec2 lake[4] = {mu_v2(700, 520), mu_v2(1100, 520), mu_v2(1100, 580), mu_v2(700, 580)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_BARRIER, lake, 4), WM_OK);
    fx.bf.unit[a].profile.rules.initiative = WM_INIT_MUST_CHARGE;
    fx_start(&fx, 0, NULL, 0);
    wm_init_choice charge = choice(a, WM_INIT_CHARGE, e);
    assert_false(wm_initiative_move(&fx.g, 0, &charge, &fx.env).moved); /* cannot reach */
    assert_int_equal(wm_initiative_check(&fx.g, 0, &decline), WM_ALLOWED);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a), NULL), WM_ALLOWED);
}

/* must_charge_race: [men] (Ogres "must charge humans on initiative"):
 * only an enemy of those races makes it charge. Its closest enemy an Elf
 * unit: it may decline and stays; a Man: declining is refused and it
 * charges when the player declines everything; an Elf and a Man equally
 * close, the Elves first in table order: charging the Elves is refused,
 * the forced charge goes to the Men (our reading: "if able to charge
 * humans, it must" picks the humans among equally close enemies). */
/* RULE wm.armylist.must-charge-race */
static void test_wm_list_must_charge_race(void **state)
{
    (void)state;
    const uint32_t men = 1u << WM_RACE_MEN, elves = 1u << WM_RACE_ELVES;
    int asked = 0;
    wm_player p = {.self = &asked, .initiative = decline_all, .plan_orders = fx_no_plan,
                   .character_goal = fx_no_character_move};
    for (int race = 0; race < 2; race++) {
        fx_init(&fx);
        fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 200, "General");
        int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "Ogres");
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
        fx.bf.unit[a].profile.rules.initiative = WM_INIT_MUST_CHARGE;
        fx.bf.unit[a].profile.rules.must_charge_races = men;
        fx.bf.unit[e].profile.race = race ? men : elves;
        fx_start(&fx, 0, NULL, 0);
        wm_init_choice decline = choice(a, WM_INIT_DECLINE, -1);
        assert_int_equal(wm_initiative_forced_target(&fx.g, a), race ? e : -1);
        assert_int_equal(wm_initiative_check(&fx.g, 0, &decline), race ? WM_REFUSE_LIST_RULE : WM_ALLOWED);
        asked = 0;
        wm_command_phase(&fx.g, 0, &p, &fx.env);
        assert_int_equal(fx.g.stats[0].init_charges, race);
        assert_true(race ? fx_dist(&fx, a, e) < 1e-6 : fx_dist(&fx, a, e) > 50.0);
        assert_int_equal(fx.faults, 0);
    }

    /* Elves and Men equally close, the Elves first */
    fx_init(&fx);
    fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 200, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "Ogres");
    int el = fx_unit(&fx, 1, WM_INFANTRY, 3, 740, 620, 0, -1, "Elves");
    int mn = fx_unit(&fx, 1, WM_INFANTRY, 3, 1060, 620, 0, -1, "Men");
    fx.bf.unit[a].profile.rules.initiative = WM_INIT_MUST_CHARGE;
    fx.bf.unit[a].profile.rules.must_charge_races = men;
    fx.bf.unit[el].profile.race = elves;
    fx.bf.unit[mn].profile.race = men;
    fx_start(&fx, 0, NULL, 0);
    assert_true(fabs(fx_dist(&fx, a, el) - fx_dist(&fx, a, mn)) < 1e-6);
    wm_init_choice on_elves = choice(a, WM_INIT_CHARGE, el), on_men = choice(a, WM_INIT_CHARGE, mn);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &on_elves), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &on_men), WM_ALLOWED);
    assert_int_equal(wm_initiative_forced_target(&fx.g, a), mn);
    /* with no race named (initiative: must_charge alone) either will do */
    fx.g.bf.unit[a].profile.rules.must_charge_races = 0;
    assert_int_equal(wm_initiative_check(&fx.g, 0, &on_elves), WM_ALLOWED);
    assert_int_equal(wm_initiative_forced_target(&fx.g, a), el);
}

/* army_rules confusion: never: a unit burst through by an evader is not
 * confused (and not counted as such); nor is one touching a unit that
 * shares its rules with it (shares_rules_with_touching: the Grail
 * Pilgrims "cannot be ... confused"). */
/* RULE wm.armylist.never-confused wm.armylist.shares-with-touching */
static void test_wm_list_never_confused(void **state)
{
    (void)state;
    for (int never = 0; never <= 2; never++) { /* 0: no rule; 1: its own; 2: shared by a touching unit */
        fx_init(&fx);
        int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
        int behind = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 440, 0, 1, "Behind");
        int grail = fx_unit(&fx, 0, WM_INFANTRY, 3, 1020, 440, 0, 1, "Grail"); /* beside Behind */
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
        fx.bf.unit[behind].profile.rules.never_confused = never == 1;
        fx.bf.unit[grail].profile.rules.never_confused = 1;
        fx.bf.unit[grail].profile.rules.shares_with_touching = never == 2 ? BIT(behind) : 0;
        fx_start(&fx, 0, NULL, 0);
        wm_init_choice ch = choice(a, WM_INIT_EVADE, e);
        ch.allow_burst = 1;
        wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
        assert_true(r.moved);
        assert_true(r.burst & BIT(behind));
        assert_int_equal(fx.g.bf.unit[behind].confused, never == 0);
        assert_int_equal(fx.g.stats[0].confused, never == 0);
    }
}

/* command_modifier with conditions: only on orders of some characters
 * (command_modifier_from: the Bone Giant under the Tomb King), waived in a
 * brigade holding some units (command_modifier_waived_by: Orc Slaves with
 * Black Orcs) or a unit of another entry (..._waived_by_other: Peasants
 * with anyone but Peasants). In the fixture a unit's list unit is its
 * index. */
/* RULE wm.armylist.modifier-conditions */
static void test_wm_list_command_modifier_conditions(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 1000, 300, "Hero");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "B");
    fx_start(&fx, 0, NULL, 0);
    wm_penalties p;
    rules_of(a)->command_modifier = -1;
    rules_of(a)->modifier_from = BIT(hero);
    assert_int_equal(wm_game_penalties(&fx.g, hero, BIT(a), &p), 1);
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a), &p), 0);
    rules_of(a)->modifier_from = 0;
    rules_of(a)->modifier_waived_by = BIT(b);
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a), &p), 1);
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p), 0);
    rules_of(a)->modifier_waived_by = 0;
    rules_of(a)->waived_by_other = 1;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p), 0); /* B is another entry */
    fx.roster[b].list_unit = fx.roster[a].list_unit; /* B: Peasants too (g borrows the roster) */
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p), 1);
}

/* ordered_by (only some characters order it: Terracotta Warriors by
 * Sorcerers) and order_range_cm (only a character this close: the
 * Lizardmen's reptiles). */
/* RULE wm.armylist.ordered-by */
static void test_wm_list_who_may_order_a_unit(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 1300, 300, "Hero");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 400, 0, 1, "A"); /* 80 mm from the General, ~360 from the Hero */
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, hero, BIT(a), NULL), WM_ALLOWED);
    rules_of(a)->ordered_by = BIT(gen);
    assert_int_equal(wm_game_order_check(&fx.g, 0, hero, BIT(a), NULL), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a), NULL), WM_ALLOWED);
    rules_of(a)->ordered_by = 0;
    rules_of(a)->order_range_mm = 200;
    assert_int_equal(wm_game_order_check(&fx.g, 0, hero, BIT(a), NULL), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a), NULL), WM_ALLOWED);
}

/* brigade_with: in brigades only with units of the entries named (Cold
 * One Knights with Cold One Knights). */
/* RULE wm.armylist.brigade-with */
static void test_wm_list_brigade_with(void **state)
{
    (void)state;
    for (int rule = 0; rule <= 2; rule++) {
        fx_init(&fx);
        int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
        int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "A");
        int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "B");
        if (rule == 1)
            fx.bf.unit[a].profile.rules.brigade_with = BIT(a); /* only its own kind */
        if (rule == 2)
            fx.bf.unit[a].profile.rules.brigade_with = BIT(a) | BIT(b);
        fx_start(&fx, 0, NULL, 0);
        wm_orders_begin(&fx.g, 0);
        assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a) | BIT(b), NULL),
                         rule == 1 ? WM_REFUSE_NOT_A_BRIGADE : WM_ALLOWED);
    }
}

/* brigade_with holds for every pair of a brigade, not only those that
 * touch: a Stegadon (only with Skinks) touching Skinks touching Saurus
 * is no brigade of three, though each touching pair may brigade. */
/* RULE wm.armylist.brigade-with */
static void test_wm_list_brigade_with_the_whole_brigade(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int steg = fx_unit(&fx, 0, WM_MONSTERS, 1, 780, 400, 0, 1, "Stegadon");
    int skinks = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "Skinks");
    int saurus = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "Saurus");
    fx.bf.unit[steg].profile.rules.brigade_with = BIT(skinks);
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(steg) | BIT(skinks), NULL), WM_ALLOWED);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(skinks) | BIT(saurus), NULL), WM_ALLOWED);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(steg) | BIT(skinks) | BIT(saurus), NULL),
                     WM_REFUSE_NOT_A_BRIGADE);
}

/* initiative: no_charge (Peasants): never charges on initiative, may
 * evade; the candidates show nothing it can charge. */
/* RULE wm.armylist.no-charge */
static void test_wm_list_no_charge_on_initiative(void **state)
{
    (void)state;
    int a, e;
    face_off(&a, &e);
    wm_init_candidates c;
    wm_init_choice charge = choice(a, WM_INIT_CHARGE, e), evade = choice(a, WM_INIT_EVADE, e);
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    assert_int_equal(c.c[0].closest.can_charge[0], 1);
    rules_of(a)->initiative = WM_INIT_NO_CHARGE;
    assert_int_equal(wm_initiative_candidates(&fx.g, 0, 0, &c), 1);
    assert_int_equal(c.c[0].closest.can_charge[0], 0);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &charge), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_initiative_check(&fx.g, 0, &evade), WM_ALLOWED);
}

/* malfunction: double_six (the Steam Tank): an order that fails on a
 * double six is no blunder and no half-pace move; the chart's D6: 1
 * destroyed, 2 never moves again, 3 to 6 no further move this turn, 4
 * also -1 to its orders for the rest of the game. Without the rule the
 * same roll is a failed first order: half pace. */
/* RULE wm.armylist.malfunction */
static void test_wm_list_malfunction_chart(void **state)
{
    (void)state;
    for (int d6 = 0; d6 <= 6; d6++) { /* 0: without the rule */
        fx_init(&fx);
        int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
        int tank = fx_unit(&fx, 0, WM_MONSTERS, 1, 900, 400, 0, 1, "Steam Tank"); /* the rule, not the troop */
        assert_true(tank >= 0);
        fx.bf.unit[tank].profile.rules.malfunctions = d6 > 0;
        fx.rules.blunder_retreat = 0; /* the blunder is a failure like any other */
        const uint8_t dice[] = {6, 6, (uint8_t)(d6 > 0 ? d6 : 1)};
        fx_start(&fx, 0, dice, sizeof dice);
        wm_orders_begin(&fx.g, 0);
        mu_vec2 c0 = wm_unit_centre(&fx.g.bf.unit[tank]);
        wm_order_goal goal = fx_goal(c0.x, c0.y + 150.0, -1);
        wm_order_result r = wm_game_order(&fx.g, 0, gen, BIT(tank), &goal, &fx.env);
        assert_false(r.roll.success);
        if (d6 == 0) {
            assert_int_equal(fx.g.stats[0].half_pace, 1); /* a failed first order */
            continue;
        }
        assert_int_equal(fx.g.stats[0].half_pace, 0);
        assert_true(fx.g.bf.unit[tank].presence == (d6 == 1 ? WM_DESTROYED : WM_ON_TABLE));
        assert_true(mu_v2_dist(wm_unit_centre(&fx.g.bf.unit[tank]), c0) < 1e-9);
        assert_int_equal((fx.g.broken_down & BIT(tank)) != 0, d6 == 2);
        assert_true(fx.g.no_move & BIT(tank));
        assert_int_equal(fx.g.bf.unit[tank].profile.rules.command_modifier, d6 == 4 ? -1 : 0);
        assert_false(wm_game_unit_free(&fx.g, tank));
        if (d6 == 1)
            continue;
        wm_command_begin(&fx.g, 0, &fx.env); /* the next turn */
        assert_int_equal(wm_game_unit_free(&fx.g, tank), d6 != 2);
    }
}

/* distance_penalty: none (Gorgers) or none_alone (Camel Riders): no
 * distance penalty for orders to the unit (alone, for none_alone); a
 * brigade pays it for its other units. */
/* RULE wm.armylist.no-distance */
static void test_wm_list_no_distance_penalty(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 100, "General");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 700, 0, 1, "A");  /* about 580 mm away */
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 700, 0, 1, "B");
    fx_start(&fx, 0, NULL, 0);
    wm_penalties p;
    wm_game_penalties(&fx.g, gen, BIT(a), &p);
    assert_true(p.distance >= 2);
    rules_of(a)->no_distance = 1;
    wm_game_penalties(&fx.g, gen, BIT(a), &p);
    assert_int_equal(p.distance, 0);
    wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p);
    assert_true(p.distance >= 2); /* B's */
    rules_of(a)->no_distance = 2;
    wm_game_penalties(&fx.g, gen, BIT(a), &p);
    assert_int_equal(p.distance, 0);
    rules_of(b)->no_distance = 2;
    wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p);
    assert_true(p.distance >= 2); /* not alone: both pay */
}

/* order_modifier on a character (the Treeman Ancient: -1 ordering units
 * but the Forest Spirits, order_modifier_except), on top of the units'. */
/* RULE wm.armylist.order-modifier */
static void test_wm_list_character_order_modifier(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_HERO, 8, 900, 300, "Ancient");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "Dryads");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "Glade Guard");
    fx_start(&fx, 0, NULL, 0);
    rules_of(gen)->order_modifier = -1;
    rules_of(gen)->order_modifier_except = BIT(a);
    wm_penalties p;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a), &p), 0);
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(b), &p), 1);
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(a) | BIT(b), &p), 1);
    rules_of(b)->command_modifier = -1;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(b), &p), 2); /* the unit's and the character's */
}

/* brigade_excludes_types (Elephants: no brigade with cavalry). */
/* RULE wm.armylist.brigade-with */
static void test_wm_list_brigade_excludes_types(void **state)
{
    (void)state;
    for (int cav = 0; cav <= 1; cav++) {
        fx_init(&fx);
        int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
        int a = fx_unit(&fx, 0, WM_MONSTERS, 3, 860, 400, 0, 1, "Elephants");
        int b = fx_unit(&fx, 0, cav ? WM_CAVALRY : WM_INFANTRY, 3, 980, 400, 0, 1, "B");
        fx.bf.unit[a].profile.rules.brigade_excludes = 1u << WM_CAVALRY;
        fx_start(&fx, 0, NULL, 0);
        wm_orders_begin(&fx.g, 0);
        assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a) | BIT(b), NULL),
                         cav ? WM_REFUSE_NOT_A_BRIGADE : WM_ALLOWED);
    }
}

/* command_modifier_waived_by_majority (Chaos Spawn: -1 unless its
 * brigade holds more units of other entries than Spawn), and a mount's
 * cannot_order (the Celestial Dragon's rider orders no Terracotta
 * Warriors). In the fixture a unit's list unit is its index. */
/* RULE wm.armylist.modifier-conditions wm.armylist.cannot-order */
static void test_wm_list_majority_waiver_and_cannot_order(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int spawn = fx_unit(&fx, 0, WM_MONSTERS, 1, 800, 400, 0, 1, "Spawn");
    int spawn2 = fx_unit(&fx, 0, WM_MONSTERS, 1, 840, 400, 0, 1, "Spawn 2");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 920, 400, 0, 1, "A");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 1040, 400, 0, 1, "B");
    fx.roster[spawn2].list_unit = fx.roster[spawn].list_unit; /* both Chaos Spawn */
    fx_start(&fx, 0, NULL, 0);
    for (int k = 0; k < 2; k++) {
        rules_of(k ? spawn2 : spawn)->command_modifier = -1;
        rules_of(k ? spawn2 : spawn)->waived_by_majority = 1;
    }
    wm_penalties p;
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(spawn), &p), 1);
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(spawn) | BIT(a), &p), 1);           /* 1 against 1 */
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(spawn) | BIT(a) | BIT(b), &p), 0); /* outnumbered */
    assert_int_equal(wm_game_penalties(&fx.g, gen, BIT(spawn) | BIT(spawn2) | BIT(a), &p), 1);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(b), NULL), WM_ALLOWED);
    rules_of(gen)->cannot_order = BIT(b);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(b), NULL), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a), NULL), WM_ALLOWED);
}

/* brigade_not_with ... unless (Hobgoblins: no brigade with Black Orcs
 * unless a Chaos Dwarf unit is in it): a rule on the brigade as a whole. */
/* RULE wm.armylist.brigade-with */
static void test_wm_list_brigade_not_with_unless(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int hob = fx_unit(&fx, 0, WM_INFANTRY, 3, 740, 400, 0, 1, "Hobgoblins");
    int orcs = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "Black Orcs");
    int dwarfs = fx_unit(&fx, 0, WM_INFANTRY, 3, 980, 400, 0, 1, "Chaos Dwarfs");
    fx.bf.unit[hob].profile.rules.brigade_not_with = BIT(orcs);
    fx.bf.unit[hob].profile.rules.brigade_not_with_unless = BIT(dwarfs);
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(hob) | BIT(orcs), NULL), WM_REFUSE_NOT_A_BRIGADE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(hob) | BIT(orcs) | BIT(dwarfs), NULL), WM_ALLOWED);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(orcs) | BIT(dwarfs), NULL), WM_ALLOWED);
}

/* Brigade sizes from the lists: the rulebook's four; brigade_max_units
 * (Skaven: more); a brigade counting more than four needing units of
 * large_brigade_needs and none of large_brigade_excludes_types (Cathay:
 * two Bannermen units, no cavalry); brigade_uncounted (up to two Chaos
 * Spawn do not count). Seven touching units in a row; in the fixture a
 * unit's list unit is its index. A six-unit brigade order moves all six. */
/* RULE wm.armylist.brigade-size */
static void test_wm_list_brigade_size(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 10, 720, 300, "General");
    int u[7];
    for (int k = 0; k < 7; k++) {
        char name[8];
        snprintf(name, sizeof name, "U%d", k);
        u[k] = fx_unit(&fx, 0, k == 6 ? WM_CAVALRY : WM_INFANTRY, 3, 360 + 120 * k, 400, 0, 1, name);
    }
    const uint8_t dice[] = {1, 1};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    uint64_t first[8] = {0};
    for (int k = 1; k <= 7; k++)
        first[k] = first[k - 1] | BIT(u[k - 1]);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, first[4], NULL), WM_ALLOWED);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, first[5], NULL), WM_REFUSE_NOT_A_BRIGADE);
    for (int k = 0; k < 7; k++)
        rules_of(u[k])->brigade_max = 6;
    assert_true(wm_game_brigade_size_allowed(&fx.g, first[5]));
    assert_true(wm_game_brigade_size_allowed(&fx.g, first[6]));
    assert_false(wm_game_brigade_size_allowed(&fx.g, first[7]));
    /* more than four need U0 and U1 (two units of those entries) and no cavalry */
    for (int k = 0; k < 7; k++) {
        rules_of(u[k])->large_needs = BIT(u[0]) | BIT(u[1]);
        rules_of(u[k])->large_needs_count = 2;
        rules_of(u[k])->large_excludes = 1u << WM_CAVALRY;
    }
    assert_true(wm_game_brigade_size_allowed(&fx.g, first[5]));
    assert_false(wm_game_brigade_size_allowed(&fx.g, (first[5] & ~BIT(u[0])) | BIT(u[5])));
    assert_false(wm_game_brigade_size_allowed(&fx.g, first[7] & ~BIT(u[2]))); /* six with the cavalry */
    assert_true(wm_game_brigade_size_allowed(&fx.g, BIT(u[3]) | BIT(u[4]) | BIT(u[5]) | BIT(u[6])));
    /* a six-unit brigade order moves all six */
    double y0[6];
    for (int k = 0; k < 6; k++)
        y0[k] = wm_unit_centre(&fx.g.bf.unit[u[k]]).y;
    wm_order_goal goal = fx_goal(720, 600, -1);
    wm_order_result r = wm_game_order(&fx.g, 0, gen, first[6], &goal, &fx.env);
    assert_true(r.roll.success);
    for (int k = 0; k < 6; k++)
        assert_true(wm_unit_centre(&fx.g.bf.unit[u[k]]).y > y0[k] + 50.0);
    assert_int_equal(fx.faults, 0);

    /* the rulebook's four, two units of one entry uncounted (U4 and U5 both
     * of U4's entry): six units count four; a third of that entry counts */
    fx_init(&fx);
    gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 10, 720, 300, "General");
    for (int k = 0; k < 7; k++)
        u[k] = fx_unit(&fx, 0, WM_INFANTRY, 3, 360 + 120 * k, 400, 0, 1, "U");
    fx.roster[u[5]].list_unit = fx.roster[u[6]].list_unit = fx.roster[u[4]].list_unit;
    fx_start(&fx, 0, NULL, 0);
    for (int k = 4; k < 7; k++)
        rules_of(u[k])->brigade_uncounted = 2;
    assert_true(wm_game_brigade_size_allowed(&fx.g, first[6]));
    assert_false(wm_game_brigade_size_allowed(&fx.g, first[7]));
    assert_true(wm_game_brigade_size_allowed(&fx.g, first[7] & ~BIT(u[0])));
    rules_of(u[4])->brigade_uncounted = rules_of(u[5])->brigade_uncounted = rules_of(u[6])->brigade_uncounted = 1;
    assert_false(wm_game_brigade_size_allowed(&fx.g, first[6]));
}

static int bonus_asked;
static int always_use_bonus(void *self, const wm_game *g, int c)
{
    (void)self, (void)g, (void)c;
    bonus_asked++;
    return 1;
}

/* command_bonus_one_turn: N (a mount's: Pay Wagon, Horn of Resounding):
 * once a game, in a turn the player picks, +N to the rider's Command for
 * all his order rolls of that Command phase; asked only while unused; the
 * next Command phase is without it. */
/* RULE wm.armylist.command-bonus-turn */
static void test_wm_list_command_bonus_turn(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 8, 600, 200, "Paymaster");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 600, 300, 0, 1, "A");
    fx_start(&fx, 0, NULL, 0);
    wm_player p = {.initiative = NULL, .plan_orders = fx_no_plan, .character_goal = fx_no_character_move,
                   .use_command_bonus = always_use_bonus};
    int command;
    wm_penalties pen;
    bonus_asked = 0;
    wm_command_phase(&fx.g, 0, &p, &fx.env);
    assert_int_equal(bonus_asked, 0); /* no such rule: not asked */
    assert_int_equal(wm_game_order_target(&fx.g, gen, BIT(a), &command, &pen), 8);
    rules_of(gen)->command_bonus_turn = 1;
    wm_command_phase(&fx.g, 0, &p, &fx.env);
    assert_int_equal(bonus_asked, 1);
    assert_int_equal(wm_game_order_target(&fx.g, gen, BIT(a), &command, &pen), 9);
    assert_int_equal(command, 9);
    wm_command_phase(&fx.g, 0, &p, &fx.env); /* used: not asked again, no bonus */
    assert_int_equal(bonus_asked, 1);
    assert_int_equal(wm_game_order_target(&fx.g, gen, BIT(a), &command, &pen), 8);
}

/* may_enter: [wood] (the Treeman): a monster may stand in a wood, which
 * its troop type may not enter; other dense terrain still stops it. */
/* RULE wm.armylist.may-enter */
static void test_wm_list_may_enter(void **state)
{
    (void)state;
    fx_init(&fx);
    mu_vec2 wood[4] = {mu_v2(700, 380), mu_v2(1000, 380), mu_v2(1000, 480), mu_v2(700, 480)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_WOOD, wood, 4), WM_OK);
    mu_vec2 town[4] = {mu_v2(1300, 380), mu_v2(1600, 380), mu_v2(1600, 480), mu_v2(1300, 480)};
    assert_int_equal(wm_add_polygon(&fx.bf, WM_BUILT_UP, town, 4), WM_OK);
    int tree = fx_unit(&fx, 0, WM_MONSTERS, 1, 850, 300, 0, 1, "Treeman");
    fx_start(&fx, 0, NULL, 0);
    const wm_unit *u = &fx.g.bf.unit[tree];
    mu_vec2 in_wood[4] = {mu_v2(830, 400), mu_v2(870, 400), mu_v2(870, 420), mu_v2(830, 420)};
    mu_vec2 in_town[4] = {mu_v2(1430, 400), mu_v2(1470, 400), mu_v2(1470, 420), mu_v2(1430, 420)};
    assert_false(wm_unit_can_enter(u, WM_WOOD));
    assert_int_equal(wm_convex_blocked(&fx.g.bf, u, in_wood, 4), 0); /* by feature 0, the wood */
    rules_of(tree)->may_enter = 1u << WM_WOOD;
    assert_true(wm_unit_can_enter(u, WM_WOOD));
    assert_int_equal(wm_convex_blocked(&fx.g.bf, u, in_wood, 4), -1);
    assert_int_equal(wm_convex_blocked(&fx.g.bf, u, in_town, 4), 1); /* a town is no wood */
}

/* general_first_order_command: 10 (Araby Guards): the General's first
 * order of a turn to the unit alone needs 10 or less whatever his Command
 * and the penalties; a Hero's order, a brigade holding it, and its second
 * order are as usual. Each unit of Guards has its own first order (our
 * reading): the second unit's first order also needs 10. */
/* RULE wm.armylist.general-first */
static void test_wm_list_general_first_order(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 8, 300, 100, "General");
    int hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 400, 100, "Hero");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 600, 0, 1, "Guards A");   /* 50 cm and more away */
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 1500, 600, 0, 1, "Guards B");
    int c = fx_unit(&fx, 0, WM_INFANTRY, 3, 1020, 600, 0, 1, "Spearmen"); /* touching A's right */
    fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 750, 0, -1, "Enemy");            /* within 20 cm of A */
    fx.bf.unit[a].profile.rules.general_first_command = 10;
    fx.bf.unit[b].profile.rules.general_first_command = 10;
    const uint8_t dice[] = {5, 5, 5, 5, 5, 5};                            /* 10 each time */
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_penalties pen;
    int command;
    int usual = 8 - wm_game_penalties(&fx.g, gen, BIT(a), &pen);
    assert_true(usual < 8 && pen.enemy_close == 1 && pen.distance > 0);
    assert_int_equal(wm_game_order_target(&fx.g, gen, BIT(a), &command, &pen), 10);
    assert_true(command == 10 && pen.total == 0);
    int target = wm_game_order_target(&fx.g, hero, BIT(a), &command, &pen);
    assert_true(target == 8 - pen.total && command == 8 && pen.total > 0);
    target = wm_game_order_target(&fx.g, gen, BIT(a) | BIT(c), &command, &pen);
    assert_true(target == 8 - pen.total && command == 8 && pen.total > 0);
    mu_vec2 ca = wm_unit_centre(&fx.g.bf.unit[a]), cb = wm_unit_centre(&fx.g.bf.unit[b]);
    wm_order_goal ga = fx_goal(ca.x - 100.0, ca.y - 50.0, -1), gb = fx_goal(cb.x, cb.y - 50.0, -1);
    wm_order_result r = wm_game_order(&fx.g, 0, gen, BIT(a), &ga, &fx.env);
    assert_true(r.roll.success && r.roll.target == 10 && r.situational == 0);
    /* its second order: Command 8, the penalties and -1 */
    target = wm_game_order_target(&fx.g, gen, BIT(a), &command, &pen);
    assert_true(target == 8 - pen.total - 1 && command == 8);
    r = wm_game_order(&fx.g, 0, gen, BIT(b), &gb, &fx.env); /* the other Guards' first order */
    assert_true(r.roll.success && r.roll.target == 10);

    /* 188 cm from the General (-8): no one could order it, unless it is Guards (the unit-turn statistic) */
    for (int guards = 0; guards < 2; guards++) {
        fx_init(&fx);
        fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 100, 100, "General");
        int f = fx_unit(&fx, 0, WM_INFANTRY, 3, 1700, 1100, 0, 1, "Far");
        fx_unit(&fx, 1, WM_INFANTRY, 3, 100, 1100, 0, -1, "Enemy");
        fx.bf.unit[f].profile.rules.general_first_command = (int8_t)(guards ? 10 : 0);
        fx_start(&fx, 0, NULL, 0);
        wm_player p = {.plan_orders = fx_no_plan, .character_goal = fx_no_character_move};
        wm_command_phase(&fx.g, 0, &p, &fx.env);
        assert_int_equal(fx.g.stats[0].orderable_unit_turns, guards);
    }
}

/* moves_only_brigaded_with_types (the Screaming Bell: infantry): never
 * ordered alone or with partners of other types; the policies order it
 * with a touching infantry unit even without brigades. */
/* RULE wm.armylist.brigaded-only */
static void test_wm_list_brigaded_only(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
    int rats = fx_unit(&fx, 0, WM_INFANTRY, 3, 860, 400, 0, 1, "Clanrats");
    int bell = fx_unit(&fx, 0, WM_INFANTRY, 1, 940, 400, 0, 1, "Bell"); /* touching the Clanrats' right */
    int riders = fx_unit(&fx, 0, WM_CAVALRY, 3, 1020, 400, 0, 1, "Riders"); /* touching the Bell's right */
    fx.bf.unit[bell].profile.troop = WM_MACHINES;
    fx.bf.unit[bell].profile.rules.brigaded_only_with = 1u << WM_INFANTRY;
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(bell), NULL), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(bell) | BIT(riders), NULL), WM_REFUSE_LIST_RULE);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(bell) | BIT(rats), NULL), WM_ALLOWED);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(bell) | BIT(rats) | BIT(riders), NULL), WM_ALLOWED);
    wm_player player = policy_player(WM_POLICY_OBJECTIVE); /* no brigades */
    wm_order_plan plan;
    player.plan_orders(player.self, &fx.g, 0, &plan);
    int with_rats = 0;
    for (int i = 0; i < plan.n; i++) {
        assert_true(plan.step[i].group != BIT(bell));
        with_rats += plan.step[i].group == (BIT(bell) | BIT(rats));
    }
    assert_int_equal(with_rats, 1);
}

/* A command aura (the Screaming Bell: +1 to the Skaven Heroes and
 * Warlocks within 30 cm, -1 to enemy characters within 30 cm): the
 * General is no Hero; beyond 30 cm nothing. */
/* RULE wm.armylist.command-aura */
static void test_wm_list_command_aura(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 330, "Grey Seer");     /* 61 mm from the Bell */
    int hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 1000, 330, "Hero");           /* 61 mm */
    int far_hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 1500, 330, "Far Hero");   /* beyond 30 cm */
    int bell = fx_unit(&fx, 0, WM_INFANTRY, 1, 950, 420, 0, 1, "Bell");       /* y 400..420 */
    int unit = fx_unit(&fx, 0, WM_INFANTRY, 3, 950, 560, 0, 1, "Clanrats");
    int enemy_gen = fx_char(&fx, 1, WM_ROLE_GENERAL, 9, 950, 700, "Enemy General"); /* 270 mm */
    int enemy_unit = fx_unit(&fx, 1, WM_INFANTRY, 3, 950, 1000, 0, -1, "Enemy");
    wm_unit_rules *r = &fx.bf.unit[bell].profile.rules;
    r->aura_mm = 300, r->aura_friends = 1, r->aura_enemies = -1;
    r->aura_friend_characters = BIT(hero) | BIT(far_hero); /* list units: the fixture's are bf indices */
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    wm_penalties p;
    int command;
    wm_game_order_target(&fx.g, hero, BIT(unit), &command, &p);
    assert_int_equal(command, 9);
    wm_game_order_target(&fx.g, gen, BIT(unit), &command, &p);
    assert_int_equal(command, 9);
    wm_game_order_target(&fx.g, far_hero, BIT(unit), &command, &p);
    assert_int_equal(command, 8);
    fx_start(&fx, 1, NULL, 0);
    wm_orders_begin(&fx.g, 1);
    wm_game_order_target(&fx.g, enemy_gen, BIT(enemy_unit), &command, &p);
    assert_int_equal(command, 8);
    fx.g.bf.unit[enemy_gen].stand[0].center.y = 760; /* 330 mm */
    wm_game_order_target(&fx.g, enemy_gen, BIT(enemy_unit), &command, &p);
    assert_int_equal(command, 9);
}

/* Guidance (the Slann's Divine Guidance: a Skink character within 20 cm
 * of him may roll his order with the dice score one less, and cannot
 * blunder: a double six just fails; after a failed guided roll no one
 * else uses it that turn and those yet to order add +1 to their first
 * roll). Our readings: the guidance is always used when it may be (it
 * can only help that roll); "those yet to order" are all of the side's
 * characters who have not yet rolled, named or not. */
/* RULE wm.armylist.guidance */
static void test_wm_list_guidance(void **state)
{
    (void)state;
    fx_init(&fx);
    int slann = fx_char(&fx, 0, WM_ROLE_GENERAL, 0, 900, 300, "Slann");
    int skink = fx_char(&fx, 0, WM_ROLE_HERO, 8, 1000, 300, "Skink Hero");        /* 60 mm away */
    int saurus = fx_char(&fx, 0, WM_ROLE_HERO, 6, 800, 300, "Saurus Hero");       /* not named */
    int far_skink = fx_char(&fx, 0, WM_ROLE_HERO, 8, 1200, 300, "Far Skink Hero"); /* 260 mm */
    int idle = fx_char(&fx, 0, WM_ROLE_WIZARD, 7, 600, 300, "Idle Shaman");        /* never rolls */
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 400, 0, 1, "Skinks");
    int b = fx_unit(&fx, 0, WM_INFANTRY, 3, 1200, 400, 0, 1, "More Skinks");
    int c = fx_unit(&fx, 0, WM_INFANTRY, 3, 700, 400, 0, 1, "Saurus");
    int d = fx_unit(&fx, 0, WM_INFANTRY, 3, 500, 400, 0, 1, "Kroxigor");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 950, 1400, 0, -1, "Enemy");
    wm_unit_rules *r = &fx.bf.unit[slann].profile.rules;
    r->guidance_mm = 200;
    r->guidance_characters = BIT(skink) | BIT(far_skink); /* list units: the fixture's are bf indices */
    /* a guided 5+4 passes at Command 8 (9 counts as 8); a double six
     * fails without a blunder; then the others are confused */
    const uint8_t dice[] = {5, 4, 6, 6, 4, 4, 4, 4};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_penalties p;
    int command;
    assert_int_equal(wm_game_order_target(&fx.g, skink, BIT(a), &command, &p), 9);
    assert_int_equal(wm_game_order_target(&fx.g, far_skink, BIT(b), &command, &p), 8);
    assert_int_equal(wm_game_order_target(&fx.g, saurus, BIT(c), &command, &p), 6);
    mu_vec2 c0 = wm_unit_centre(&fx.g.bf.unit[a]);
    wm_order_goal goal = fx_goal(c0.x, c0.y + 100.0, -1);
    wm_order_result res = wm_game_order(&fx.g, 0, skink, BIT(a), &goal, &fx.env);
    assert_true(res.roll.success);
    assert_false(fx.g.guidance_lost);
    res = wm_game_order(&fx.g, 0, skink, BIT(a), &goal, &fx.env); /* order 2: needs 8, rolls 12 */
    assert_false(res.roll.success);
    assert_false(res.roll.blunder);
    assert_int_equal(fx.g.stats[0].blunders, 0);
    assert_true(fx.g.guidance_lost);
    /* no more guidance; the two who have not rolled roll their first one worse */
    assert_int_equal(wm_game_order_target(&fx.g, far_skink, BIT(b), &command, &p), 7);
    assert_int_equal(wm_game_order_target(&fx.g, saurus, BIT(c), &command, &p), 5);
    res = wm_game_order(&fx.g, 0, far_skink, BIT(b), &goal, &fx.env); /* 8 fails at 7 */
    assert_false(res.roll.success);
    res = wm_game_order(&fx.g, 0, saurus, BIT(c), &goal, &fx.env);    /* 8 fails at 5 */
    assert_false(res.roll.success);
    assert_int_equal(wm_game_order_target(&fx.g, saurus, BIT(c), &command, &p), 5); /* his first is over: 6, less 1 for order 2 */
    assert_int_equal(wm_game_order_target(&fx.g, idle, BIT(d), &command, &p), 6);
    /* the next phase: guidance again; a guided double six fails even
     * where the experiment lets a 12 pass (Command 11: 12 counts as 11) */
    fx.rules.orders.blunder_on_12 = 0;
    fx.g.roster = fx.roster;
    fx.roster[skink].command = 11;
    const uint8_t sixes[] = {6, 6};
    fx.dice = mu_dice_scripted(sixes, sizeof sixes);
    wm_command_begin(&fx.g, 0, &fx.env);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_target(&fx.g, idle, BIT(d), &command, &p), 7); /* the confusion is over */
    assert_int_equal(wm_game_order_target(&fx.g, skink, BIT(a), &command, &p), 12);
    res = wm_game_order(&fx.g, 0, skink, BIT(a), &goal, &fx.env);
    assert_false(res.roll.success);
    assert_false(res.roll.blunder);
}

/* blunder_demotions: 2 (the Dark Elf General): a Hero's or Sorceress's
 * double six costs the General a level of Command or the blunderer (the
 * player's choice); the General's own costs him a level; at most two
 * levels (10 to 8), after which a subordinate who blunders is removed and
 * the General's blunder costs nothing more. Without the rule: nothing. */
/* RULE wm.armylist.blunder-demotion */
static void test_wm_list_blunder_demotion(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 10, 900, 300, "General");
    int hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 1000, 300, "Hero");
    int sorc = fx_char(&fx, 0, WM_ROLE_WIZARD, 7, 800, 300, "Sorceress");
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 400, 0, 1, "Warriors");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 950, 1400, 0, -1, "Enemy");
    fx.rules.blunder_retreat = 0;
    fx_start(&fx, 0, NULL, 0);
    wm_game_blunder_cost(&fx.g, 0, hero, 0, &fx.env); /* no such rule */
    assert_int_equal(fx.g.demoted[0], 0);
    assert_false(wm_game_blunder_choice(&fx.g, 0, hero));
    rules_of(gen)->blunder_demotions = 2;
    wm_penalties p;
    int command;
    assert_true(wm_game_blunder_choice(&fx.g, 0, hero));
    assert_false(wm_game_blunder_choice(&fx.g, 0, gen));
    wm_game_blunder_cost(&fx.g, 0, hero, 0, &fx.env); /* the player keeps the Hero */
    assert_int_equal(wm_game_order_target(&fx.g, gen, BIT(a), &command, &p), 9);
    assert_int_equal(wm_game_order_target(&fx.g, hero, BIT(a), &command, &p), 8);
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, sorc, BIT(a), NULL), WM_ALLOWED);
    wm_game_blunder_cost(&fx.g, 0, sorc, 1, &fx.env); /* ... and removes the Sorceress */
    assert_int_equal(fx.g.bf.unit[sorc].presence, WM_DESTROYED);
    assert_int_not_equal(wm_game_order_check(&fx.g, 0, sorc, BIT(a), NULL), WM_ALLOWED);
    assert_int_equal(wm_game_order_target(&fx.g, gen, BIT(a), &command, &p), 9);
    wm_game_blunder_cost(&fx.g, 0, gen, 1, &fx.env); /* his own: a level, never himself */
    assert_int_equal(fx.g.bf.unit[gen].presence, WM_ON_TABLE);
    assert_int_equal(wm_game_order_target(&fx.g, gen, BIT(a), &command, &p), 8);
    assert_false(wm_game_blunder_choice(&fx.g, 0, hero)); /* two levels lost: no choice left */
    wm_game_blunder_cost(&fx.g, 0, gen, 1, &fx.env); /* "merely end the phase" */
    assert_int_equal(fx.g.bf.unit[gen].presence, WM_ON_TABLE);
    assert_int_equal(wm_game_order_target(&fx.g, gen, BIT(a), &command, &p), 8);
    wm_game_blunder_cost(&fx.g, 0, hero, 0, &fx.env);
    assert_int_equal(fx.g.bf.unit[hero].presence, WM_DESTROYED);
}

static int remove_asked;
static int remove_blunderer(void *self, const wm_game *g, int c)
{
    (void)self, (void)g, (void)c;
    remove_asked++;
    return 1;
}

static int blunder_hero;
static void hero_orders_first_unit(void *self, const wm_game *g, int side, wm_order_plan *plan)
{
    (void)self;
    plan->n = 1;
    plan->step[0] = (wm_order_step){.character = blunder_hero, .group = BIT(g->unit_of[side][0]), .max_orders = 1,
                                     .min_target = 2};
}

static void go_forward(void *self, const wm_game *g, int side, const wm_order_step *step, uint64_t group,
                       int order_number, wm_order_goal *out)
{
    (void)self, (void)side, (void)step, (void)order_number;
    mu_vec2 c = wm_unit_centre(&g->bf.unit[__builtin_ctzll(group)]);
    *out = fx_goal(c.x, c.y + 100.0, -1);
}

/* In a Command phase the player is asked about a subordinate's blunder
 * (here: remove him) only while the General may still lose a level; the
 * scripted policies lower the General's Command instead, random removes
 * the blunderer one time in two. */
/* RULE wm.armylist.blunder-demotion wm.policy.blunder-demotion */
static void test_wm_list_blunder_demotion_in_play(void **state)
{
    (void)state;
    for (int kind = -1; kind < WM_POLICY_RANDOM; kind++) { /* -1: our player; then each scripted policy */
        int scripted = kind >= 0;
        fx_init(&fx);
        int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 10, 900, 300, "General");
        blunder_hero = fx_char(&fx, 0, WM_ROLE_HERO, 8, 1000, 300, "Hero");
        fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 400, 0, 1, "Warriors");
        fx_unit(&fx, 1, WM_INFANTRY, 3, 950, 1400, 0, -1, "Enemy");
        fx.rules.blunder_retreat = 0;
        fx.bf.unit[gen].profile.rules.blunder_demotions = 1;
        const uint8_t sixes[] = {6, 6};
        fx_start(&fx, 0, sixes, sizeof sixes);
        wm_player pl = {.plan_orders = hero_orders_first_unit, .order_goal = go_forward,
                        .character_goal = fx_no_character_move, .remove_blunderer = remove_blunderer};
        if (scripted)
            pl.remove_blunderer = policy_player((wm_policy_kind)kind).remove_blunderer;
        remove_asked = 0;
        wm_command_phase(&fx.g, 0, &pl, &fx.env);
        assert_int_equal(fx.g.stats[0].blunders, 1);
        assert_int_equal(remove_asked, !scripted);
        assert_int_equal(fx.g.bf.unit[blunder_hero].presence, scripted ? WM_ON_TABLE : WM_DESTROYED);
        assert_int_equal(fx.g.demoted[0], scripted);
        if (scripted) { /* the level is gone: the next blunder removes him without asking */
            remove_asked = 0;
            pl.remove_blunderer = remove_blunderer;
            fx.dice = mu_dice_scripted(sixes, sizeof sixes);
            wm_command_phase(&fx.g, 0, &pl, &fx.env);
            assert_int_equal(remove_asked, 0);
            assert_int_equal(fx.g.bf.unit[blunder_hero].presence, WM_DESTROYED);
        }
    }
    /* the policies see the lowered Command: the objective policy's General
     * gives a further order only at 8 or better (wm.policy.general-further);
     * at Command 10 less two levels, order 2 would need 7 */
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 10, 900, 300, "General");
    int unit = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 400, 0, 1, "Warriors");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 950, 1400, 0, -1, "Enemy");
    fx.bf.unit[gen].profile.rules.blunder_demotions = 2;
    fx_start(&fx, 0, NULL, 0);
    wm_orders_begin(&fx.g, 0);
    for (int demoted = 0; demoted <= 2; demoted += 2) {
        wm_player obj = policy_player(WM_POLICY_OBJECTIVE);
        fx.g.demoted[0] = (int8_t)demoted;
        wm_order_step step = {.character = gen, .group = BIT(unit), .max_orders = 3, .min_target = 2};
        wm_order_goal out = wm_order_goal_none();
        obj.order_goal(obj.self, &fx.g, 0, &step, BIT(unit), 2, &out);
        assert_int_equal(out.go, demoted == 0);
    }
    /* random: one time in two */
    wm_player bound = policy_player(WM_POLICY_RANDOM);
    int removed = 0;
    for (int k = 0; k < 200; k++)
        removed += bound.remove_blunderer(bound.self, &fx.g, blunder_hero) != 0;
    assert_in_range(removed, 70, 130); /* binomial(200, 1/2): mean 100, sd 7.1 */
}

/* shares_rules_with_touching: [Peasants] (the Grail Reliquae: Peasant
 * units touching the Peasants who carry it are Grail Pilgrims while in
 * contact: no Peasant -1 Command, and they must charge on initiative):
 * a touching Peasant unit takes the carrier's command_modifier and
 * initiative rules; one apart keeps its own; contact lost, its own
 * again. */
/* RULE wm.armylist.shares-with-touching */
static void test_wm_list_shares_rules_with_touching(void **state)
{
    (void)state;
    fx_init(&fx);
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 850, 150, "General");
    int grail = fx_unit(&fx, 0, WM_INFANTRY, 3, 600, 300, 0, 1, "Grail Peasants");  /* x 540..660 */
    int near = fx_unit(&fx, 0, WM_INFANTRY, 3, 720, 300, 0, 1, "Peasants");        /* x 660..780: touching */
    int apart = fx_unit(&fx, 0, WM_INFANTRY, 3, 1000, 300, 0, 1, "Other Peasants");
    int e1 = fx_unit(&fx, 1, WM_INFANTRY, 3, 720, 450, 0, -1, "Enemy");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 1000, 450, 0, -1, "Enemy 2");
    for (int u = near; u <= apart; u++) {
        fx.bf.unit[u].profile.rules.command_modifier = -1;
        fx.bf.unit[u].profile.rules.initiative = WM_INIT_NO_CHARGE;
    }
    wm_unit_rules *r = &fx.bf.unit[grail].profile.rules;
    r->initiative = WM_INIT_MUST_CHARGE;
    r->shares_with_touching = BIT(near) | BIT(apart); /* list units: the fixture's are bf indices */
    fx_start(&fx, 0, NULL, 0);
    assert_int_equal(wm_initiative_forced_target(&fx.g, near), e1);
    assert_int_equal(wm_initiative_forced_target(&fx.g, apart), -1);
    wm_init_candidates c;
    wm_initiative_candidates(&fx.g, 0, 0, &c);
    int seen = 0;
    for (int i = 0; i < c.n; i++) {
        if (c.c[i].unit == apart || c.c[i].unit == near) /* apart: no charge; near: a Pilgrim, it may */
            assert_int_equal(c.c[i].closest.can_charge[0], c.c[i].unit == near);
        seen += c.c[i].unit == apart || c.c[i].unit == near;
    }
    assert_int_equal(seen, 2);
    wm_init_choice evade = {.unit = near, .action = WM_INIT_EVADE, .target = -1};
    assert_int_equal(wm_initiative_check(&fx.g, 0, &evade), WM_REFUSE_LIST_RULE);
    wm_orders_begin(&fx.g, 0);
    wm_penalties p;
    int command;
    /* the same distance and enemy-close penalties for both: only the -1 differs */
    int t_near = wm_game_order_target(&fx.g, gen, BIT(near), &command, &p), near_list = p.list_rule;
    int t_apart = wm_game_order_target(&fx.g, gen, BIT(apart), &command, &p);
    assert_int_equal(near_list, 0);
    assert_int_equal(p.list_rule, 1);
    assert_int_equal(t_near, t_apart + 1);
    for (int i = 0; i < fx.g.bf.unit[near].n_stands; i++) /* contact lost */
        fx.g.bf.unit[near].stand[i].center.x += 5.0;
    wm_game_order_target(&fx.g, gen, BIT(near), &command, &p);
    assert_int_equal(p.list_rule, 1);
    assert_int_equal(wm_initiative_forced_target(&fx.g, near), -1); /* its own no_charge again */
}

/* free_move_d6_cm: 10 (the Goblin Pump Wagon): it takes no orders;
 * once in each Command phase, with no order, it moves up to the distance
 * rolled, and a move into contact is a charge. */
/* RULE wm.armylist.free-move */
static void test_wm_list_free_move(void **state)
{
    (void)state;
    for (int enemy_mm = 150; enemy_mm <= 1000; enemy_mm += 850) { /* in reach of 200 mm, then far */
        fx_init(&fx);
        int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
        int wagon = fx_unit(&fx, 0, WM_CHARIOTS, 1, 900, 400, 0, 1, "Pump Wagon");
        int other = fx_unit(&fx, 0, WM_CHARIOTS, 1, 1300, 400, 0, 1, "Wolf Chariots");
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 400 + enemy_mm, 0, -1, "Enemy");
        fx.bf.unit[wagon].profile.rules.free_move_d6_cm = 10;
        fx_start(&fx, 0, NULL, 0);
        wm_orders_begin(&fx.g, 0);
        assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(wagon), NULL), WM_REFUSE_LIST_RULE);
        mu_vec2 c0 = wm_unit_centre(&fx.g.bf.unit[wagon]);
        wm_order_goal goal = fx_goal(c0.x, c0.y + 2000.0, e); /* charge it, else straight on */
        assert_int_equal(wm_game_free_move(&fx.g, 0, other, 200.0, &goal, &fx.env), WM_REFUSE_LIST_RULE);
        assert_int_equal(wm_game_free_move(&fx.g, 0, wagon, 200.0, &goal, &fx.env), WM_ALLOWED);
        assert_int_equal(fx.g.stats[0].orders_attempted, 0);
        double moved = mu_v2_dist(wm_unit_centre(&fx.g.bf.unit[wagon]), c0);
        if (enemy_mm == 150) { /* contact: a charge */
            assert_true(wm_unit_engaged(&fx.g.bf.unit[wagon]));
            assert_int_equal(fx.g.stats[0].charges, 1);
        } else { /* the whole roll, no further */
            assert_false(wm_unit_engaged(&fx.g.bf.unit[wagon]));
            assert_true(moved > 199.0 && moved < 200.0 + 1e-6);
        }
        assert_int_equal(wm_game_free_move(&fx.g, 0, wagon, 200.0, &goal, &fx.env), /* once a phase */
                         enemy_mm == 150 ? WM_REFUSE_ENGAGED : WM_REFUSE_CANNOT_MOVE);
    }
    /* out of reach: up to the roll toward it, short of contact */
    fx_init(&fx);
    int wagon = fx_unit(&fx, 0, WM_CHARIOTS, 1, 900, 400, 0, 1, "Pump Wagon");
    int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 700, 0, -1, "Enemy");
    fx.bf.unit[wagon].profile.rules.free_move_d6_cm = 10;
    fx_start(&fx, 0, NULL, 0);
    wm_order_goal goal = fx_goal(900, 710, e);
    assert_int_equal(wm_game_free_move(&fx.g, 0, wagon, 200.0, &goal, &fx.env), WM_ALLOWED);
    assert_false(wm_unit_engaged(&fx.g.bf.unit[wagon]));
    assert_true(fx_dist(&fx, wagon, e) < 300.0 - 150.0);
}

static double free_rolled;
static void free_goal_spy(void *self, const wm_game *g, int side, int u, double rolled_mm, wm_order_goal *out)
{
    (void)self, (void)g, (void)side, (void)u, (void)out;
    free_rolled = rolled_mm;
}

/* In a Command phase the free move comes after the orders, its distance
 * the list's 10 cm times a D6; the scripted policies charge the nearest
 * enemy within the roll, else go toward it. */
/* RULE wm.armylist.free-move wm.policy.free-move */
static void test_wm_list_free_move_in_play(void **state)
{
    (void)state;
    for (int kind = -1; kind < WM_POLICY_RANDOM; kind++) { /* -1: a spy; then each scripted policy */
        fx_init(&fx);
        fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
        int wagon = fx_unit(&fx, 0, WM_CHARIOTS, 1, 900, 400, 0, 1, "Pump Wagon");
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 650, 0, -1, "Enemy"); /* 250 mm */
        fx.bf.unit[wagon].profile.rules.free_move_d6_cm = 10;
        fx.bf.unit[wagon].profile.rules.initiative = WM_INIT_NEVER;
        const uint8_t three[] = {3}; /* 30 cm */
        fx_start(&fx, 0, three, sizeof three);
        wm_player pl = {.plan_orders = fx_no_plan, .character_goal = fx_no_character_move,
                        .free_move_goal = free_goal_spy};
        if (kind >= 0)
            pl.free_move_goal = policy_player((wm_policy_kind)kind).free_move_goal;
        free_rolled = 0.0;
        wm_command_phase(&fx.g, 0, &pl, &fx.env);
        if (kind < 0) {
            assert_true(fabs(free_rolled - 300.0) < 1e-9);
            continue;
        }
        assert_true(wm_unit_engaged(&fx.g.bf.unit[wagon]));
        assert_true(wm_unit_engaged(&fx.g.bf.unit[e]));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_list_command_modifier_counts_once_per_order),
        cmocka_unit_test(test_wm_list_dense_terrain_exemptions),
        cmocka_unit_test(test_wm_list_no_enemy_close_penalty),
        cmocka_unit_test(test_wm_list_never_brigade),
        cmocka_unit_test(test_wm_list_characters_who_may_not_order),
        cmocka_unit_test(test_wm_list_brigaded_only),
        cmocka_unit_test(test_wm_list_command_aura),
        cmocka_unit_test(test_wm_list_guidance),
        cmocka_unit_test(test_wm_list_blunder_demotion),
        cmocka_unit_test(test_wm_list_blunder_demotion_in_play),
        cmocka_unit_test(test_wm_list_shares_rules_with_touching),
        cmocka_unit_test(test_wm_list_free_move),
        cmocka_unit_test(test_wm_list_free_move_in_play),
        cmocka_unit_test(test_wm_list_initiative_never_and_never_evade),
        cmocka_unit_test(test_wm_list_must_charge),
        cmocka_unit_test(test_wm_list_must_charge_race),
        cmocka_unit_test(test_wm_list_brigade_size),
        cmocka_unit_test(test_wm_list_command_bonus_turn),
        cmocka_unit_test(test_wm_list_never_confused),
        cmocka_unit_test(test_wm_list_command_modifier_conditions),
        cmocka_unit_test(test_wm_list_who_may_order_a_unit),
        cmocka_unit_test(test_wm_list_brigade_with),
        cmocka_unit_test(test_wm_list_brigade_with_the_whole_brigade),
        cmocka_unit_test(test_wm_list_no_charge_on_initiative),
        cmocka_unit_test(test_wm_list_malfunction_chart),
        cmocka_unit_test(test_wm_list_no_distance_penalty),
        cmocka_unit_test(test_wm_list_character_order_modifier),
        cmocka_unit_test(test_wm_list_brigade_excludes_types),
        cmocka_unit_test(test_wm_list_majority_waiver_and_cannot_order),
        cmocka_unit_test(test_wm_list_brigade_not_with_unless),
        cmocka_unit_test(test_wm_list_may_enter),
        cmocka_unit_test(test_wm_list_general_first_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
