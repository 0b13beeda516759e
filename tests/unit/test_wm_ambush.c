/* Ambush groups (the Beastmen's ambush, ARMY_RULES.md AR-BST-1; options
 * infiltrate_group_max and infiltrate_group_at_most): units held back
 * that enter together, a group by one brigade order, side by side at the
 * point. South (side 0) faces +y from y = 0; infantry stands 40 x 20 mm.
 * In the fixture a unit's list unit is its index unless set. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "warmaster/policy/wm_battle_policy.h"
#include "wm_game_fixture.h"

static fixture fx;

#define BIT(u) (UINT64_C(1) << (u))

/* A wood 300 x 200 mm at (700..1000, 500..700). */
static void add_wood(void)
{
    assert_int_equal(fx_add_wood(&fx), WM_OK);
}

/* A South infantry unit of 3 stands held back off the table; group_max 0:
 * it enters alone (an ordinary infiltrator). */
static int held_back(const char *name, int group_max)
{
    int u = fx_unit(&fx, 0, WM_INFANTRY, 3, 100, 100, 0, 1, name);
    fx.bf.unit[u].presence = WM_OFF_TABLE;
    fx.bf.unit[u].profile.rules.infiltrate_group_max = (int8_t)group_max;
    return u;
}

/* Who may enter together: up to infiltrate_group_max units, all with the
 * option; no more Ungors than Gors in a group (Ungors name Gors in
 * infiltrate_group_at_most), so a lone Ungors unit may not ambush
 * (reading: a group of one is a group). */
/* RULE wm.armylist.infiltrate-group */
static void test_wm_ambush_groups_allowed(void **state)
{
    (void)state;
    fx_init(&fx);
    fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "Beastlord");
    int g1 = held_back("Gors 1", 4), g2 = held_back("Gors 2", 4);
    int u1 = held_back("Ungors 1", 4), u2 = held_back("Ungors 2", 4);
    int rangers = held_back("Rangers", 0);
    fx.roster[g2].list_unit = g1; /* two units of one entry each */
    fx.roster[u2].list_unit = u1;
    fx.bf.unit[u1].profile.rules.infiltrate_group_at_most = BIT(g1);
    fx.bf.unit[u2].profile.rules.infiltrate_group_at_most = BIT(g1);
    int on = fx_unit(&fx, 0, WM_INFANTRY, 3, 300, 400, 0, 1, "On the table");
    fx.bf.unit[on].profile.rules.infiltrate_group_max = 4;
    fx_start(&fx, 0, NULL, 0);
    assert_true(wm_game_entry_group_allowed(&fx.g, BIT(g1)));
    assert_true(wm_game_entry_group_allowed(&fx.g, BIT(rangers)));
    assert_false(wm_game_entry_group_allowed(&fx.g, BIT(u1)));
    assert_true(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(u1)));
    assert_false(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(u1) | BIT(u2)));
    assert_true(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(g2) | BIT(u1) | BIT(u2)));
    assert_false(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(rangers)));
    assert_false(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(on))); /* on the table */
    assert_false(wm_game_entry_group_allowed(&fx.g, 0));
    fx.g.bf.unit[u2].profile.rules.never_brigade = 1; /* the lists' brigade rules hold */
    assert_false(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(g2) | BIT(u1) | BIT(u2)));
    assert_true(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(g2) | BIT(u1)));
    fx.g.bf.unit[g2].profile.rules.infiltrate_group_max = 2;
    assert_false(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(g2) | BIT(u1)));
    assert_true(wm_game_entry_group_allowed(&fx.g, BIT(g1) | BIT(g2)));
}

/* Where a group enters: side by side, touching, centred on the point;
 * every stand in one dense feature, or a stand on an edge other than the
 * enemy's. The order: one roll, distance to the farthest unit, and on
 * success every unit on the table, the group a brigade for its further
 * orders. */
/* RULE wm.armylist.infiltrate-group */
static void test_wm_ambush_group_enters(void **state)
{
    (void)state;
    static const uint8_t dice[] = {3, 3, 1, 1};
    fx_init(&fx);
    add_wood();
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 500, 300, "Beastlord"); /* x 480..520, y 290..310 */
    int g1 = held_back("Gors", 4), u1 = held_back("Ungors", 4);
    fx.bf.unit[u1].profile.rules.infiltrate_group_at_most = BIT(g1);
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    uint64_t group = BIT(g1) | BIT(u1);
    wm_unit placed[WM_BRIGADE_MAX];
    wm_order_goal wood = fx_goal_at(850, 560, WM_FORM_LINE); /* x 730..970, y 550..570 */
    assert_int_equal(wm_game_entry_place(&fx.g, group, &wood, placed), WM_ALLOWED);
    assert_true(fabs(placed[0].stand[0].center.x - 750.0) < 1e-9 && fabs(placed[1].stand[2].center.x - 950.0) < 1e-9);
    assert_true(wm_unit_distance_mm(&placed[0], &placed[1], NULL, NULL, NULL, NULL) < 1e-9);
    wm_order_goal half_out = fx_goal_at(800, 560, WM_FORM_LINE); /* x 680..920 */
    assert_int_equal(wm_game_entry_place(&fx.g, group, &half_out, placed), WM_REFUSE_ENTRY_POINT);
    wm_order_goal second_out = fx_goal_at(900, 560, WM_FORM_LINE); /* Gors x 780..900 in, Ungors 900..1020 out */
    assert_int_equal(wm_game_entry_place(&fx.g, group, &second_out, placed), WM_REFUSE_ENTRY_POINT);
    wm_order_goal columns = fx_goal_at(800, 560, WM_FORM_COLUMN); /* x 760..840 */
    assert_int_equal(wm_game_entry_place(&fx.g, group, &columns, placed), WM_ALLOWED);
    wm_order_goal west = fx_goal_at(120, 900, WM_FORM_LINE); /* x 0..240: Gors on the west edge */
    assert_int_equal(wm_game_entry_place(&fx.g, group, &west, placed), WM_ALLOWED);
    wm_order_goal off = fx_goal_at(121, 900, WM_FORM_LINE);
    assert_int_equal(wm_game_entry_place(&fx.g, group, &off, placed), WM_REFUSE_ENTRY_POINT);
    /* Gors 319 mm from him (-1), Ungors 408 mm (-2): the brigade pays -2 */
    wm_penalties p;
    int command;
    wm_game_entry_place(&fx.g, group, &wood, placed);
    assert_int_equal(wm_game_entry_target(&fx.g, gen, group, placed, &command, &p), 7);
    assert_int_equal(p.distance, 2);
    wm_order_result r = wm_game_enter(&fx.g, 0, gen, group, &wood, &fx.env);
    assert_true(r.refusal == WM_ALLOWED && r.roll.success && r.moved == group);
    assert_int_equal(fx.g.stats[0].orders_attempted, 1);
    assert_int_equal(fx.g.stats[0].entered, 2);
    assert_true(fx.g.bf.unit[g1].presence == WM_ON_TABLE && fx.g.bf.unit[u1].presence == WM_ON_TABLE);
    assert_int_equal(fx.g.reserve & group, 0);
    assert_int_equal(fx.faults, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, group, NULL), WM_ALLOWED);
    assert_int_equal(wm_order_number(&fx.g.phase, (1u << fx.g.local[g1]) | (1u << fx.g.local[u1])), 2);
    /* a group the lists do not allow is refused before any roll */
    fx_init(&fx);
    add_wood();
    gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 500, 300, "Beastlord");
    g1 = held_back("Gors", 4);
    int rangers = held_back("Rangers", 0);
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    r = wm_game_enter(&fx.g, 0, gen, BIT(g1) | BIT(rangers), &wood, &fx.env);
    assert_true(r.refusal == WM_REFUSE_LIST_RULE && fx.g.stats[0].orders_attempted == 0);
    int on = fx_unit(&fx, 0, WM_INFANTRY, 3, 300, 400, 0, 1, "On the table");
    assert_int_equal(wm_game_entry_check(&fx.g, 0, gen, BIT(g1) | BIT(on), NULL), WM_REFUSE_NOT_RESERVE);
}

/* Held-back Gors (G) and Ungors (U) in the table order `order`, South. */
static void ambushers(const char *order, int *unit)
{
    int first_g = -1, first_u = -1;
    for (int i = 0; order[i]; i++) {
        char name[32];
        snprintf(name, sizeof name, "%s %d", order[i] == 'G' ? "Gors" : "Ungors", i);
        unit[i] = held_back(name, 4);
        int *first = order[i] == 'G' ? &first_g : &first_u;
        *first = *first < 0 ? unit[i] : *first;
        fx.roster[unit[i]].list_unit = *first; /* one entry each */
    }
    for (int i = 0; order[i]; i++)
        if (order[i] == 'U')
            fx.bf.unit[unit[i]].profile.rules.infiltrate_group_at_most = BIT(first_g);
}

/* The policies put the ambushers in groups the lists allow, every unit
 * in one (each Ungors unit first paired with a Gors unit, whatever the
 * table order), and bring a group on by one order in the Command phase. */
/* RULE wm.armylist.infiltrate-group wm.policy.infiltration */
static void test_wm_policy_ambush_groups(void **state)
{
    (void)state;
    static const struct {
        const char *order;
        int groups;
    } cases[] = {{"GUUGG", 2}, {"UUGG", 1}, {"GGGGU", 2}, {"UGUGUG", 2}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int kind = 0; kind <= WM_POLICY_RANDOM; kind++) {
            fx_init(&fx);
            add_wood();
            fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 850, 300, "Beastlord");
            int unit[8];
            ambushers(cases[c].order, unit);
            fx_unit(&fx, 1, WM_INFANTRY, 3, 300, 1150, 0, -1, "Enemy");
            uint8_t dice[64];
            memset(dice, 1, sizeof dice);
            fx_start(&fx, 0, dice, sizeof dice);
            wm_policy_spec spec = wm_policy_defaults((wm_policy_kind)kind);
            spec.min_target = 2;
            wm_policy_state st;
            wm_player player;
            wm_policy_bind(&spec, &st, mu_rng_for_game(5, 0), &player);
            player.character_goal = fx_no_character_move;
            wm_orders_begin(&fx.g, 0);
            wm_order_plan plan;
            player.plan_orders(player.self, &fx.g, 0, &plan);
            uint64_t covered = 0;
            int groups = 0;
            for (int i = 0; i < plan.n; i++)
                if (plan.step[i].group & fx.g.reserve) {
                    assert_true(wm_game_entry_group_allowed(&fx.g, plan.step[i].group));
                    assert_int_equal(covered & plan.step[i].group, 0);
                    covered |= plan.step[i].group;
                    groups++;
                }
            assert_int_equal(covered, fx.g.reserve);
            assert_int_equal(groups, cases[c].groups);
            fx_start(&fx, 0, dice, sizeof dice);
            wm_command_phase(&fx.g, 0, &player, &fx.env);
            int n = (int)strlen(cases[c].order);
            assert_int_equal(fx.g.stats[0].entered, n);
            assert_true(fx.g.stats[0].orders_attempted >= groups);
            assert_int_equal(fx.faults, 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_ambush_groups_allowed),
        cmocka_unit_test(test_wm_ambush_group_enters),
        cmocka_unit_test(test_wm_policy_ambush_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
