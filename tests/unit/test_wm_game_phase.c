/* The Command phase as a whole in a Warmaster game: the sub-phases in
 * order with a scripted player, characters last, units leaving the table
 * (a blundered retreat, an assumption), the General leaving, the end of
 * the game and its score. Scripted dice; the invariant checker runs
 * after every move. South (side 0) faces +y. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"
#include "wm_game_fixture.h"

static fixture fx;

#define BIT(u) (UINT64_C(1) << (u))

/* A scripted player that logs which callback came when and in which
 * sub-phase. */
typedef struct script {
    char log[64];
    int n;
    int unit, target, character;
    wm_sub_phase sub_at_character;
} script;

static int sc_initiative(void *self, const wm_game *g, int side, const wm_init_candidates *c,
                         wm_init_choice *out)
{
    script *s = self;
    (void)side;
    assert_int_equal(g->sub, WM_SUB_INITIATIVE);
    s->log[s->n++] = 'i';
    if (c->n == 0)
        return 0;
    *out = (wm_init_choice){.unit = c->c[0].unit, .action = WM_INIT_DECLINE};
    return 1;
}

static void sc_plan(void *self, const wm_game *g, int side, wm_order_plan *plan)
{
    script *s = self;
    (void)side;
    assert_int_equal(g->sub, WM_SUB_ORDERS);
    s->log[s->n++] = 'p';
    plan->n = 1;
    plan->step[0] = (wm_order_step){.character = s->character, .group = BIT(s->unit), .max_orders = 2,
                                       .min_target = 2};
}

static void sc_goal(void *self, const wm_game *g, int side, const wm_order_step *step, uint64_t group,
                    int order_number, wm_order_goal *out)
{
    script *s = self;
    (void)g, (void)side, (void)step, (void)group, (void)order_number;
    s->log[s->n++] = 'o';
    *out = fx_goal(900, 1000, -1);
}

static int sc_character(void *self, const wm_game *g, int c, mu_vec2 *to)
{
    script *s = self;
    s->log[s->n++] = 'c';
    s->sub_at_character = g->sub;
    *to = mu_v2_add(g->bf.unit[c].stand[0].center, mu_v2(0, 100));
    return 1;
}

/* warmaster-command: "The Command phase proceeds in the following sequence
 * of sub-phases … Any units moving by initiative do so. Flying units home
 * back. Orders are given … Characters are moved"; "Characters do move …
 * after all unit movement is complete". */
/* RULE wm.orders.command-phase wm.character.end-of-phase wm.game.no-orders-stays
 * RULE wm.game.sub-phases */
static void test_wm_command_phase_runs_the_sub_phases_in_order(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 300, 0, 1, "A");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 200, "General");
    fx_unit(&fx, 0, WM_INFANTRY, 3, 400, 500, 0, 1, "B");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 400, 650, 0, -1, "E"); /* B may react */
    const uint8_t dice[] = {2, 2, 2, 2};
    fx_start(&fx, 0, dice, sizeof dice);
    script s = {.unit = a, .character = gen};
    wm_player p = {.self = &s, .initiative = sc_initiative, .plan_orders = sc_plan, .order_goal = sc_goal,
                      .character_goal = sc_character};
    mu_vec2 c0 = fx.g.bf.unit[gen].stand[0].center;
    wm_command_phase(&fx.g, 0, &p, &fx.env);
    s.log[s.n] = '\0';
    assert_string_equal(s.log, "ipooc");
    assert_int_equal(s.sub_at_character, WM_SUB_CHARACTERS);
    assert_int_equal(fx.g.sub, WM_SUB_NONE);
    assert_close(fx.g.bf.unit[gen].stand[0].center.y, c0.y + 100, 1e-9);
    assert_int_equal(fx.g.stats[0].orders_given, 2);
    assert_int_equal(fx.g.stats[0].init_declined, 1);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-command, "Character movement": "Each character can move once
 * and up to 60cm"; "Characters never move with units during the Command
 * phase, not even if a character joined a unit". */
/* RULE wm.character.end-of-phase wm.game.characters-move */
static void test_wm_characters_move_once_and_never_with_units(void **state)
{
    (void)state;
    fx_init(&fx);
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 300, 0, 1, "A");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 290, "General"); /* on A: a token */
    fx.bf.unit[gen].joined = a;
    const uint8_t dice[] = {2, 2};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_order_goal goal = fx_goal(900, 1000, -1);
    mu_vec2 c0 = fx.g.bf.unit[gen].stand[0].center;
    assert_true(wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env).roll.success);
    assert_close(fx.g.bf.unit[gen].stand[0].center.y, c0.y, 1e-9);
    assert_int_equal(wm_game_character_move(&fx.g, gen, mu_v2(900, 900), &fx.env), WM_CHAR_NOT_CHARACTER);
    fx.g.sub = WM_SUB_CHARACTERS;
    assert_int_equal(wm_game_character_move(&fx.g, gen, mu_v2(900, 900), &fx.env), WM_CHAR_TOO_FAR);
    assert_close(fx.g.bf.unit[gen].stand[0].center.y, c0.y + 600, 1e-6);
    assert_int_equal(wm_game_character_move(&fx.g, gen, mu_v2(900, 950), &fx.env), WM_CHAR_NOT_CHARACTER);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-movement, "Units which move off the table": "This can happen
 * when a unit receives a 'blundered' order" (the blunder's effect is our
 * assumption: a full pace back toward its own edge); "If one or more
 * stands … leaves the table edge … the whole unit leaves"; "roll a D6 …
 * 3-4 The unit reappears at the table edge at the same point it left
 * … cannot move further that turn". */
/* RULE wm.edge.same-point wm.offtable.same-point wm.game.offtable */
static void test_wm_blundered_unit_leaves_the_table_and_comes_back(void **state)
{
    (void)state;
    fx_init(&fx);
    fx.rules.blunder_retreat = 1;
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 120, 0, 1, "A"); /* y 100..120 */
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 150, "General");
    const uint8_t dice[] = {6, 6, 4};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_order_goal goal = fx_goal(900, 1000, -1);
    wm_order_result r = wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env);
    assert_true(r.roll.blunder);
    assert_int_equal(r.left_table, BIT(a));
    assert_int_equal(fx.g.bf.unit[a].presence, WM_ON_TABLE); /* back at once */
    assert_true(fx.g.no_move & BIT(a));
    assert_close(fx.g.bf.unit[a].stand[0].facing.y, 1.0, 1e-12);          /* same facing */
    assert_true(fx.g.bf.unit[a].stand[0].center.y - 10.0 < 1.0);           /* at the edge */
    assert_close(fx.g.bf.unit[a].stand[0].center.x, 860.0, 1e-6);          /* same point */
    assert_int_equal(fx.g.stats[0].off_left, 1);
    assert_int_equal(fx.g.stats[0].off_back_at_once, 1);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a), NULL), WM_REFUSE_CANNOT_MOVE);
    assert_int_equal(fx.faults, 0);
}

/* "A unit failing to receive a further order cannot move at all": under
 * the retreat assumption a blunder on a second order is such a failure and
 * the unit stays where its first order put it (reading in CLAUSES.md). */
/* RULE wm.game.blunder-further */
static void test_wm_blunder_on_a_further_order_does_not_move_the_unit(void **state)
{
    (void)state;
    fx_init(&fx);
    fx.rules.blunder_retreat = 1;
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 120, 0, 1, "A");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 150, "General");
    const uint8_t dice[] = {3, 3, 6, 6};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_order_goal goal = fx_goal(900, 1000, -1);
    wm_order_result r = wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env);
    assert_true(r.roll.success);
    double y1 = fx.g.bf.unit[a].stand[0].center.y;
    assert_true(y1 > 300.0); /* the first order moved it a full pace */
    r = wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env);
    assert_true(r.roll.blunder);
    assert_int_equal(r.roll.order_number, 2);
    assert_int_equal(r.left_table, 0);
    assert_int_equal(r.moved, 0);
    assert_close(fx.g.bf.unit[a].stand[0].center.y, y1, 1e-9);
    assert_int_equal(fx.g.bf.unit[a].presence, WM_ON_TABLE);
    assert_int_equal(fx.faults, 0);
}

/* "1-2 The unit/character leaves the battlefield and may or may not
 * reappear. At the start of its side's next turn, before initiative moves
 * are made, roll again"; "5-6 … If it is reappearing at the beginning of
 * a turn, it may move as normal." */
/* RULE wm.game.offtable */
static void test_wm_unit_off_the_table_rolls_again_at_the_start_of_its_turn(void **state)
{
    (void)state;
    fx_init(&fx);
    fx.rules.blunder_retreat = 1;
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 120, 0, 1, "A");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 600, 150, "General");
    const uint8_t dice[] = {6, 6, 2, 5};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_order_goal goal = fx_goal(900, 1000, -1);
    wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env);
    assert_int_equal(fx.g.bf.unit[a].presence, WM_OFF_TABLE);
    wm_command_end(&fx.g, 0, &fx.env);
    wm_command_begin(&fx.g, 1, &fx.env); /* the enemy's turn: no roll */
    assert_int_equal(fx.g.bf.unit[a].presence, WM_OFF_TABLE);
    wm_command_end(&fx.g, 1, &fx.env);
    wm_command_begin(&fx.g, 0, &fx.env);
    assert_int_equal(fx.g.bf.unit[a].presence, WM_ON_TABLE);
    assert_false(fx.g.no_move & BIT(a));
    assert_int_equal(fx.g.stats[0].off_back_later, 1);
    wm_init_candidates c;
    wm_initiative_candidates(&fx.g, 0, 0, &c); /* it takes part as normal */
    wm_orders_begin(&fx.g, 0);
    assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(a), NULL), WM_ALLOWED);
    assert_int_equal(fx.faults, 0);
}

/* warmaster-movement: "If a General leaves the table (for whatever reason)
 * and does not return immediately then the battle is over and his army
 * withdraws"; "Characters who move off the table with units they have
 * joined suffer the same fate as the unit." */
/* RULE wm.game.offtable */
static void test_wm_general_leaving_the_table_ends_the_battle(void **state)
{
    (void)state;
    fx_init(&fx);
    fx.rules.blunder_retreat = 1;
    int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 120, 0, 1, "A");
    int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 110, "General");
    fx.bf.unit[gen].joined = a;
    fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 1100, 0, -1, "E");
    const uint8_t dice[] = {6, 6, 2};
    fx_start(&fx, 0, dice, sizeof dice);
    wm_orders_begin(&fx.g, 0);
    wm_order_goal goal = fx_goal(900, 1000, -1);
    wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env);
    assert_true(fx.g.over);
    assert_int_equal(fx.g.end, WM_END_GENERAL_LEFT);
    assert_int_equal(fx.g.general_left_side, 0);
    assert_int_equal(fx.g.winner, 1);
    assert_int_equal(fx.g.bf.unit[gen].presence, WM_OFF_TABLE);
}

/* The scenario's objectives (warmaster/wm_scenario.h): a zone held at the
 * end by the side with a unit in it and the other with none; points for
 * the first charge; the win margin. */
/* RULE wm.game.objectives */
static void test_wm_game_is_won_on_objectives(void **state)
{
    (void)state;
    fx_init(&fx);
    fx_objective(&fx, 900, 600, 100, 2);
    fx.sc.first_charge_points = 1;
    fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 600, 0, 1, "Holder");
    int enemy = fx_unit(&fx, 1, WM_INFANTRY, 3, 300, 900, 0, -1, "Away");
    fx_start(&fx, 0, NULL, 0);
    fx.g.first_charge = 1;
    wm_game_finish(&fx.g);
    assert_int_equal(fx.g.zone_holder[0], 0);
    assert_int_equal(fx.g.points[0], 2);
    assert_int_equal(fx.g.points[1], 1);
    assert_int_equal(fx.g.winner, 0);
    fx.sc.win_margin = 2; /* a lead of 1 is a draw */
    wm_game_finish(&fx.g);
    assert_int_equal(fx.g.winner, -1);
    fx.sc.win_margin = 1;
    wm_unit *e = &fx.g.bf.unit[enemy]; /* both in the zone: held by neither */
    for (int i = 0; i < e->n_stands; i++)
        e->stand[i].center = mu_v2_add(e->stand[i].center, mu_v2(600, -250));
    wm_game_finish(&fx.g);
    assert_int_equal(fx.g.zone_holder[0], -1);
    assert_int_equal(fx.g.winner, 1);
}

/* The first side by a roll-off (scenario `first: roll`): a D6 each,
 * ties again; then the turn limit ends the game. */
/* RULE wm.game.objectives */
static void test_wm_roll_off_then_the_turn_limit(void **state)
{
    (void)state;
    fx_init(&fx);
    fx.sc.turns = 1;
    fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 300, 0, 1, "A");
    fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 200, "General");
    fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 1000, 0, -1, "E");
    fx_char(&fx, 1, WM_ROLE_GENERAL, 9, 900, 1100, "Orc General");
    const uint8_t dice[] = {3, 3, 2, 5};
    fx.dice = mu_dice_scripted(dice, sizeof dice);
    wm_game_init(&fx.g, &fx.sc, &fx.bf, fx.roster, fx.names, &fx.rules, -1);
    wm_player idle[2] = {{0}, {0}};
    wm_game_turn(&fx.g, idle, &fx.env);
    assert_int_equal(fx.g.first, 1);
    assert_true(fx.g.over);
    assert_int_equal(fx.g.end, WM_END_TURNS);
    assert_int_equal(fx.g.winner, -1);
}

/* The model's boundary (CLAUSES.md, "Command phase in full"): engaged
 * units stay engaged to the end of the game "unless the scenario says
 * otherwise" (issue 5); a scenario with engaged: removed takes every
 * engaged unit of both sides off as destroyed at the end of each side's
 * Command phase. */
static void test_wm_engaged_units_stay_unless_the_scenario_removes_them(void **state)
{
    (void)state;
    for (int removed = 0; removed < 2; removed++) {
        fx_init(&fx);
        fx.sc.turns = 1;
        fx.sc.engaged_removed = removed;
        int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 580, 0, 1, "Halberdiers");
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "Orcs"); /* front to front at y = 600 */
        int free_unit = fx_unit(&fx, 0, WM_INFANTRY, 3, 300, 300, 0, 1, "Reserve");
        const uint8_t dice[] = {1};
        fx.dice = mu_dice_scripted(dice, sizeof dice);
        wm_game_init(&fx.g, &fx.sc, &fx.bf, fx.roster, fx.names, &fx.rules, 0);
        fx.g.bf.unit[a].engaged = 7u; /* as a charge leaves them */
        fx.g.bf.unit[e].engaged = 7u;
        wm_player idle[2] = {{0}, {0}};
        wm_game_turn(&fx.g, idle, &fx.env);
        wm_presence want = removed ? WM_DESTROYED : WM_ON_TABLE;
        assert_int_equal(fx.g.bf.unit[a].presence, want);
        assert_int_equal(fx.g.bf.unit[e].presence, want);
        assert_int_equal(wm_unit_engaged(&fx.g.bf.unit[a]), !removed);
        assert_int_equal(fx.g.bf.unit[free_unit].presence, WM_ON_TABLE);
        assert_int_equal(fx.g.stats[0].removed_engaged, removed);
        assert_int_equal(fx.g.stats[1].removed_engaged, removed);
        assert_int_equal(fx.faults, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_command_phase_runs_the_sub_phases_in_order),
        cmocka_unit_test(test_wm_characters_move_once_and_never_with_units),
        cmocka_unit_test(test_wm_blundered_unit_leaves_the_table_and_comes_back),
        cmocka_unit_test(test_wm_blunder_on_a_further_order_does_not_move_the_unit),
        cmocka_unit_test(test_wm_unit_off_the_table_rolls_again_at_the_start_of_its_turn),
        cmocka_unit_test(test_wm_general_leaving_the_table_ends_the_battle),
        cmocka_unit_test(test_wm_game_is_won_on_objectives),
        cmocka_unit_test(test_wm_roll_off_then_the_turn_limit),
        cmocka_unit_test(test_wm_engaged_units_stay_unless_the_scenario_removes_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
