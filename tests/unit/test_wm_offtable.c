/* Units which move off the table (warmaster-movement.adoc), each test
 * citing its clause, with scripted dice; and the exact off-table odds
 * (muster/odds_offtable.h) against hand values and closed forms. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "warmaster/wm_offtable.h"

#define TABLE_W_MM 1800.0
#define TABLE_D_MM 1200.0
#define GENERAL 0
#define HERO 1
#define WIZARD 3

/* Fails unless |got - want| <= tol (cmocka's float assertion is single
 * precision). */
#define assert_close(got, want, tol) assert_close_at((got), (want), (tol), __FILE__, __LINE__)
static void assert_close_at(double got, double want, double tol, const char *file, int line)
{
    if (!(fabs(got - want) <= tol)) {
        print_error("%s:%d: %.17g is not within %g of %.17g\n", file, line, got, tol, want);
        fail();
    }
}

/* A unit with `lost` stands lost, nobody joined. */
static wm_offtable_body unit(int lost)
{
    wm_offtable_body b = {.stands_lost = lost};
    return b;
}

/* Leaves the table with the scripted faces[0..n) available; asserts that
 * exactly `used` of them were rolled. */
static wm_offtable leave(wm_offtable_body b, wm_offtable_cause cause, const uint8_t *faces,
                            size_t n, size_t used)
{
    mu_dice dice = mu_dice_scripted(faces, n);
    wm_offtable s;
    wm_offtable_leave(&s, &b, cause, &dice);
    assert_int_equal(dice.script_pos, used);
    return s;
}

/* Leaves after moving (not a combat retreat) rolling one scripted face. */
static wm_offtable leave_rolling(wm_offtable_body b, uint8_t face)
{
    return leave(b, WM_OFFTABLE_MOVED, &face, 1, 1);
}

/* The start-of-turn roll with one scripted face. */
static void next_turn(wm_offtable *s, uint8_t face)
{
    mu_dice dice = mu_dice_scripted(&face, 1);
    wm_offtable_start_of_turn(s, &dice);
    assert_int_equal(dice.script_pos, 1);
}

/* warmaster-movement: "Units which move off the table": "If one or more
 * stands in a unit leaves the table edge, whether wholly or partially, the
 * whole unit leaves the table." Touching the edge is not leaving it. */
/* RULE wm.offtable.whole-unit */
static void test_wm_offtable_any_stand_partly_off_takes_the_whole_unit(void **state)
{
    (void)state;
    mu_vec2 north = mu_v2(0.0, 1.0);
    mu_orect line[3];
    for (int i = 0; i < 3; i++) /* a line of 40 x 20 mm stands along the left edge */
        line[i] = mu_orect_from_front(mu_v2(20.0 + 40.0 * i, 600.0), north, 40.0, 20.0);
    assert_false(wm_stands_leave_table(line, 3, TABLE_W_MM, TABLE_D_MM));

    for (int i = 0; i < 3; i++) /* 1 mm over: only the first stand's left edge is off */
        line[i].center.x -= 1.0;
    assert_true(wm_stands_leave_table(line, 3, TABLE_W_MM, TABLE_D_MM));
    assert_false(wm_stands_leave_table(line + 1, 2, TABLE_W_MM, TABLE_D_MM));

    /* a stand turned 45 degrees with one corner past the far edge */
    mu_orect turned = mu_orect_from_front(mu_v2(900.0, 1190.0), mu_v2(1.0, 1.0), 40.0, 20.0);
    assert_true(wm_stands_leave_table(&turned, 1, TABLE_W_MM, TABLE_D_MM));
    /* wholly off */
    mu_orect gone = mu_orect_from_front(mu_v2(2000.0, 600.0), north, 40.0, 20.0);
    assert_true(wm_stands_leave_table(&gone, 1, TABLE_W_MM, TABLE_D_MM));
}

/* "Units that leave the table as a result of retreating from combat are
 * deemed destroyed." No die is rolled. */
/* RULE wm.edge.offtable-chart wm.offtable.causes wm.offtable.combat-retreat */
static void test_wm_offtable_combat_retreat_is_destroyed_without_a_roll(void **state)
{
    (void)state;
    static const uint8_t six[1] = {6};
    wm_offtable s = leave(unit(0), WM_OFFTABLE_COMBAT_RETREAT, six, 1, 0);
    assert_int_equal(s.fate, MU_OFFTABLE_DESTROYED);
    assert_int_equal(s.rolls, 0);
    assert_int_equal(s.last_die, 0);
    assert_false(wm_offtable_pending(&s));
    assert_false(s.returned_immediately);
}

/* Chart "0 or less": "leaves the battlefield and does not return ...
 * considered to have been destroyed". */
/* RULE wm.edge.offtable-chart wm.offtable.chart-destroyed */
static void test_wm_offtable_0_or_less_is_destroyed(void **state)
{
    (void)state;
    wm_offtable s = leave_rolling(unit(1), 1);
    assert_int_equal(s.last_score, 0);
    assert_int_equal(s.fate, MU_OFFTABLE_DESTROYED);
    assert_false(wm_offtable_pending(&s));
    assert_false(wm_offtable_is_back(&s));
}

/* Chart "1-2": "may or may not reappear. At the start of its side's next
 * turn, before initiative moves are made, roll again on this chart." */
/* RULE wm.edge.offtable-chart wm.offtable.chart-roll-again */
static void test_wm_offtable_1_2_stays_off_and_rolls_again_next_turn(void **state)
{
    (void)state;
    for (uint8_t face = 1; face <= 2; face++) {
        wm_offtable s = leave_rolling(unit(0), face);
        assert_int_equal(s.fate, MU_OFFTABLE_OFF);
        assert_true(wm_offtable_pending(&s));
        assert_false(s.returned_immediately);
        next_turn(&s, 2); /* off again */
        assert_true(wm_offtable_pending(&s));
        next_turn(&s, 1);
        assert_true(wm_offtable_pending(&s));
        next_turn(&s, 3); /* back at the start of the third turn after */
        assert_int_equal(s.fate, MU_OFFTABLE_BACK_HALTED);
        assert_int_equal(s.rolls, 4);
        assert_false(wm_offtable_pending(&s));
    }
}

/* Chart "3-4": "reappears at the table edge at the same point it left. The
 * unit/character cannot move further that turn." Immediately, and at the
 * start of a later turn alike. */
/* RULE wm.edge.offtable-chart wm.offtable.chart-back-no-move */
static void test_wm_offtable_3_4_back_but_cannot_move_further(void **state)
{
    (void)state;
    for (uint8_t face = 3; face <= 4; face++) {
        wm_offtable s = leave_rolling(unit(0), face);
        assert_int_equal(s.fate, MU_OFFTABLE_BACK_HALTED);
        assert_true(wm_offtable_is_back(&s));
        assert_true(s.returned_immediately);
        assert_false(s.may_move);
        assert_false(wm_offtable_pending(&s));

        s = leave_rolling(unit(0), 1);
        next_turn(&s, face);
        assert_int_equal(s.fate, MU_OFFTABLE_BACK_HALTED);
        assert_false(s.may_move);
        assert_false(s.returned_immediately);
    }
}

/* Chart "5-6": "reappears at the same point ... If it is reappearing at the
 * beginning of a turn, it may move as normal." Reading: on the immediate
 * roll it is not the beginning of a turn, so it is back with its move over
 * (may_move 0) though the fate records the 5-6 row. */
/* RULE wm.edge.offtable-chart wm.offtable.chart-back-may-move */
static void test_wm_offtable_5_6_back_may_move_only_at_the_start_of_a_turn(void **state)
{
    (void)state;
    for (uint8_t face = 5; face <= 6; face++) {
        wm_offtable now = leave_rolling(unit(0), face);
        assert_int_equal(now.fate, MU_OFFTABLE_BACK_FREE);
        assert_true(now.returned_immediately);
        assert_false(now.may_move);

        wm_offtable later = leave_rolling(unit(0), 2);
        next_turn(&later, face);
        assert_int_equal(later.fate, MU_OFFTABLE_BACK_FREE);
        assert_true(later.may_move);
        assert_false(later.returned_immediately);
    }
}

/* "Deduct -1 from the roll for each of the unit's stands that has already
 * been removed as a casualty and apply the result immediately": every face
 * against every count of stands lost, by hand (D destroyed, O off, H back
 * halted, F back free). */
/* RULE wm.edge.offtable-chart wm.offtable.roll-modifier */
static void test_wm_offtable_minus_one_per_stand_lost(void **state)
{
    (void)state;
    static const char want[8][7] = {
        "OOHHFF", /* 0 lost: scores 1..6 */
        "DOOHHF", /* 1 lost: 0..5 */
        "DDOOHH", "DDDOOH", "DDDDOO", "DDDDDO", "DDDDDD", "DDDDDD",
    };
    for (int lost = 0; lost < 8; lost++)
        for (int face = 1; face <= 6; face++) {
            wm_offtable s = leave_rolling(unit(lost), (uint8_t)face);
            const char *code = "DOHF";
            assert_int_equal(s.last_score, face - lost);
            assert_int_equal(code[s.fate], want[lost][face - 1]);
        }
}

/* "roll again on this chart": reading, the stands-lost modifier applies to
 * the re-roll too. Two stands lost: 3 - 2 = 1 stays off; then a 2 scores 0
 * and destroys the unit (unmodified it would have stayed off). */
/* RULE wm.offtable.reroll-modifier */
static void test_wm_offtable_reroll_keeps_the_stand_modifier(void **state)
{
    (void)state;
    wm_offtable s = leave_rolling(unit(2), 3);
    assert_int_equal(s.fate, MU_OFFTABLE_OFF);
    next_turn(&s, 2);
    assert_int_equal(s.last_score, 0);
    assert_int_equal(s.fate, MU_OFFTABLE_DESTROYED);
    assert_false(wm_offtable_pending(&s));
}

/* "If a General leaves the table (for whatever reason) and does not return
 * immediately then the battle is over and his army withdraws." */
/* RULE wm.edge.offtable-chart wm.offtable.general-leaves */
static void test_wm_offtable_general_leaving_ends_battle_unless_back_immediately(void **state)
{
    (void)state;
    wm_offtable_body lone_general = {.lone_character = 1, .with_general = 1};
    static const uint8_t none[1] = {1};

    wm_offtable s = leave_rolling(lone_general, 3); /* back at once */
    assert_true(s.returned_immediately);
    assert_false(s.battle_over);

    s = leave_rolling(lone_general, 2); /* off: he is not back now */
    assert_int_equal(s.fate, MU_OFFTABLE_OFF);
    assert_true(s.battle_over);
    assert_false(wm_offtable_pending(&s)); /* no later roll can save it */

    s = leave(lone_general, WM_OFFTABLE_COMBAT_RETREAT, none, 1, 0);
    assert_true(s.battle_over);

    /* joined to a unit with two stands lost: 4 - 2 = 2, off: battle over */
    wm_offtable_body unit_with_general = {.stands_lost = 2, .with_general = 1, .joined = 1u << GENERAL};
    s = leave_rolling(unit_with_general, 4);
    assert_true(s.battle_over);
    s = leave_rolling(unit_with_general, 5); /* 3: back, halted */
    assert_false(s.battle_over);

    /* an ordinary unit off the table does not end the battle */
    s = leave_rolling(unit(0), 1);
    assert_false(s.battle_over);
}

/* "Characters who move off the table with units they have joined suffer
 * the same fate as the unit": one roll for the unit, none of their own. */
/* RULE wm.edge.offtable-chart wm.offtable.joined-characters */
static void test_wm_offtable_joined_characters_share_the_unit_fate(void **state)
{
    (void)state;
    wm_offtable_body b = {.stands_lost = 1, .joined = (1u << HERO) | (1u << WIZARD)};
    wm_offtable s = leave_rolling(b, 2); /* 1: off */
    assert_int_equal(wm_offtable_character_fate(&s, HERO), MU_OFFTABLE_OFF);
    assert_int_equal(wm_offtable_character_fate(&s, WIZARD), MU_OFFTABLE_OFF);
    next_turn(&s, 6); /* 5: back and free */
    assert_int_equal(wm_offtable_character_fate(&s, HERO), MU_OFFTABLE_BACK_FREE);
    assert_int_equal(wm_offtable_character_fate(&s, WIZARD), MU_OFFTABLE_BACK_FREE);

    s = leave_rolling(b, 1); /* 0: destroyed, and the characters with it */
    assert_int_equal(wm_offtable_character_fate(&s, HERO), MU_OFFTABLE_DESTROYED);
}

/* "Characters who are on their own must roll in the unlikely event that
 * they leave the table." Reading: a character has no stands lost, so the
 * roll is unmodified and he is never destroyed outright. */
/* RULE wm.edge.offtable-chart wm.offtable.lone-character */
static void test_wm_offtable_lone_character_rolls_unmodified(void **state)
{
    (void)state;
    wm_offtable_body hero = {.lone_character = 1};
    assert_int_equal(wm_offtable_modifier(&hero), 0);
    wm_offtable s = leave_rolling(hero, 1);
    assert_int_equal(s.fate, MU_OFFTABLE_OFF);
    assert_false(s.battle_over);
    next_turn(&s, 3);
    assert_int_equal(s.fate, MU_OFFTABLE_BACK_HALTED);
}

/* The same dice give the same episode: two runs from one generator state. */
static void test_wm_offtable_is_deterministic_given_the_dice(void **state)
{
    (void)state;
    for (uint64_t g = 0; g < 200; g++) {
        mu_dice a = mu_dice_from_rng(mu_rng_for_game(7, g)), b = a;
        wm_offtable sa, sb;
        wm_offtable_body body = unit((int)(g % 4));
        wm_offtable_leave(&sa, &body, WM_OFFTABLE_MOVED, &a);
        wm_offtable_leave(&sb, &body, WM_OFFTABLE_MOVED, &b);
        for (int t = 0; t < 5 && wm_offtable_pending(&sa); t++) {
            wm_offtable_start_of_turn(&sa, &a);
            wm_offtable_start_of_turn(&sb, &b);
        }
        assert_int_equal(sa.fate, sb.fate);
        assert_int_equal(sa.rolls, sb.rolls);
        assert_int_equal(sa.last_die, sb.last_die);
        assert_int_equal(sa.may_move, sb.may_move);
        assert_int_equal(a.rng.state, b.rng.state);
    }
}

/* One roll on the chart: faces of six per fate for 0..6 stands lost. */
/* RULE wm.offtable.exact-odds */
static void test_offtable_odds_one_roll_ways_by_stands_lost(void **state)
{
    (void)state;
    static const int want[7][MU_OFFTABLE_N_FATES] = {
        {0, 2, 2, 2}, {1, 2, 2, 1}, {2, 2, 2, 0}, {3, 2, 1, 0}, {4, 2, 0, 0}, {5, 1, 0, 0}, {6, 0, 0, 0},
    };
    for (int lost = 0; lost < 7; lost++) {
        mu_offtable_odds o;
        assert_int_equal(wm_offtable_odds(lost, 0, &o), 0);
        for (int f = 0; f < MU_OFFTABLE_N_FATES; f++)
            assert_int_equal(o.ways[f], want[lost][f]);
    }
}

/* One stand lost, one turn left, by hand: destroyed 1/6 + 2/6 * 1/6 = 2/9;
 * still off (2/6)^2 = 1/9; halted 2/6 + 2/6 * 2/6 = 4/9; free 2/9. With
 * no limit: back 3/4, destroyed 1/4. */
/* RULE wm.offtable.exact-odds */
static void test_offtable_odds_hand_values_one_lost_one_turn(void **state)
{
    (void)state;
    mu_offtable_odds o;
    assert_int_equal(wm_offtable_odds(1, 1, &o), 0);
    assert_close(o.p_final[MU_OFFTABLE_DESTROYED], 2.0 / 9, 1e-15);
    assert_close(o.p_final[MU_OFFTABLE_OFF], 1.0 / 9, 1e-15);
    assert_close(o.p_final[MU_OFFTABLE_BACK_HALTED], 4.0 / 9, 1e-15);
    assert_close(o.p_final[MU_OFFTABLE_BACK_FREE], 2.0 / 9, 1e-15);
    assert_close(o.p_at[1][MU_OFFTABLE_BACK_FREE], 1.0 / 18, 1e-15);
    assert_close(o.p_back_ever, 0.75, 1e-15);
    assert_close(o.p_destroyed_ever, 0.25, 1e-15);
}

/* The DP against the closed forms p_at[k][f] = r^k p_f, still off r^(T+1),
 * fate f = p_f (1 - r^(T+1)) / (1 - r); each episode sums to 1. */
/* RULE wm.offtable.exact-odds */
static void test_offtable_odds_match_closed_forms(void **state)
{
    (void)state;
    for (int lost = 0; lost <= 6; lost++)
        for (int turns = 0; turns <= 12; turns++) {
            mu_offtable_odds o;
            assert_int_equal(wm_offtable_odds(lost, turns, &o), 0);
            double r = o.p_roll[MU_OFFTABLE_OFF], sum = 0.0;
            for (int k = 0; k <= turns; k++)
                for (int f = 0; f < MU_OFFTABLE_N_FATES; f++)
                    assert_close(o.p_at[k][f], pow(r, k) * o.p_roll[f], 1e-15);
            for (int f = 0; f < MU_OFFTABLE_N_FATES; f++) {
                double want = f == MU_OFFTABLE_OFF ? pow(r, turns + 1)
                                                   : o.p_roll[f] * (1 - pow(r, turns + 1)) / (1 - r);
                assert_close(o.p_final[f], want, 1e-14);
                sum += o.p_final[f];
            }
            assert_close(sum, 1.0, 1e-14);
            assert_true(o.p_back_within <= o.p_back_ever + 1e-15);
        }
}

/* "does not return immediately": P(back at once) is the back faces of one
 * roll: 4/6 for a lone General (or 0 lost), 3/6, 2/6, 1/6, then 0. */
/* RULE wm.offtable.general-leaves */
static void test_offtable_odds_general_returns_immediately(void **state)
{
    (void)state;
    for (int lost = 0; lost <= 5; lost++) {
        mu_offtable_odds o;
        assert_int_equal(wm_offtable_odds(lost, 3, &o), 0);
        int ways = lost < 4 ? 4 - lost : 0;
        assert_close(o.p_back_immediately, ways / 6.0, 1e-15);
    }
}

static void test_offtable_odds_rejects_bad_input(void **state)
{
    (void)state;
    mu_offtable_odds o;
    o.turns = 77;
    assert_int_equal(wm_offtable_odds(-1, 3, &o), -1);
    assert_int_equal(wm_offtable_odds(0, -1, &o), -1);
    assert_int_equal(wm_offtable_odds(0, MU_OFFTABLE_MAX_TURNS + 1, &o), -1);
    mu_offtable_chart bad = {.destroyed_max = 3, .off_max = 2, .halted_max = 4};
    assert_int_equal(mu_offtable_odds_compute(&bad, 0, 1, &o), -1);
    assert_int_equal(o.turns, 77);
    assert_int_equal(wm_offtable_odds(0, MU_OFFTABLE_MAX_TURNS, &o), 0);
}

/* A chart on which every face stays off never settles: nothing "ever". */
static void test_offtable_odds_chart_that_never_settles(void **state)
{
    (void)state;
    mu_offtable_chart sticky = {.destroyed_max = 0, .off_max = 10, .halted_max = 12};
    mu_offtable_odds o;
    assert_int_equal(mu_offtable_odds_compute(&sticky, 0, 5, &o), 0);
    assert_close(o.p_final[MU_OFFTABLE_OFF], 1.0, 0.0);
    assert_close(o.p_back_ever, 0.0, 0.0);
    assert_close(o.p_destroyed_ever, 0.0, 0.0);
    assert_string_equal(mu_offtable_fate_name(MU_OFFTABLE_BACK_HALTED), "back, halted");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_offtable_any_stand_partly_off_takes_the_whole_unit),
        cmocka_unit_test(test_wm_offtable_combat_retreat_is_destroyed_without_a_roll),
        cmocka_unit_test(test_wm_offtable_0_or_less_is_destroyed),
        cmocka_unit_test(test_wm_offtable_1_2_stays_off_and_rolls_again_next_turn),
        cmocka_unit_test(test_wm_offtable_3_4_back_but_cannot_move_further),
        cmocka_unit_test(test_wm_offtable_5_6_back_may_move_only_at_the_start_of_a_turn),
        cmocka_unit_test(test_wm_offtable_minus_one_per_stand_lost),
        cmocka_unit_test(test_wm_offtable_reroll_keeps_the_stand_modifier),
        cmocka_unit_test(test_wm_offtable_general_leaving_ends_battle_unless_back_immediately),
        cmocka_unit_test(test_wm_offtable_joined_characters_share_the_unit_fate),
        cmocka_unit_test(test_wm_offtable_lone_character_rolls_unmodified),
        cmocka_unit_test(test_wm_offtable_is_deterministic_given_the_dice),
        cmocka_unit_test(test_offtable_odds_one_roll_ways_by_stands_lost),
        cmocka_unit_test(test_offtable_odds_hand_values_one_lost_one_turn),
        cmocka_unit_test(test_offtable_odds_match_closed_forms),
        cmocka_unit_test(test_offtable_odds_general_returns_immediately),
        cmocka_unit_test(test_offtable_odds_rejects_bad_input),
        cmocka_unit_test(test_offtable_odds_chart_that_never_settles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
