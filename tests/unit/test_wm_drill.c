/* The order drill ruleset and its policies, with scripted dice: the rules
 * of warmaster-command-and-initiative.txt played along a plan. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "muster/sim.h"
#include "warmaster/wm_drill.h"
#include "warmaster/policy/wm_drill_policy.h"

enum { GENERAL = 0, HERO = 1 };

/* General 9, Hero 8; units: 0 Archers (Hero, 10 cm), 1 Spears and
 * 2 Bows (Hero's brigade, 30/35 cm), 3 Knights (General, 40 cm). */
static wm_drill_config CFG; /* the experiment's drill section */

static void make_experiment(mu_experiment *ex, wm_drill_policy_kind kind, int orders)
{
    memset(ex, 0, sizeof *ex);
    memset(&CFG, 0, sizeof CFG);
    ex->ruleset = &wm_order_drill;
    ex->config = &CFG;
    ex->games = 1;
    ex->per_game_rows = 1;
    CFG.order_rules = wm_order_rules_default();
    wm_drill_study *s = &CFG.study;
    s->n_characters = 2;
    s->characters[GENERAL] = (wm_drill_character){"General", 1, 9};
    s->characters[HERO] = (wm_drill_character){"Hero", 0, 8};
    s->general = GENERAL;
    const char *names[4] = {"Archers", "Spears", "Bows", "Knights"};
    const double cm[4] = {10, 30, 35, 40};
    const int by[4] = {HERO, HERO, HERO, GENERAL}, brigade[4] = {-1, 0, 0, -1};
    s->n_units = 4;
    for (int u = 0; u < 4; u++) {
        wm_drill_unit *unit = &s->units[u];
        strcpy(unit->name, names[u]);
        unit->distance_mm[GENERAL] = unit->distance_mm[HERO] = cm[u] * 10.0;
        unit->enemy_distance_mm = INFINITY;
        unit->ordered_by = by[u];
        unit->brigade = brigade[u];
    }
    s->n_brigades = 1;
    strcpy(s->brigade_names[0], "right");
    CFG.n_policies = 1;
    CFG.policies[0] = (wm_drill_policy){"p", kind, orders, 1};
}

/* One game's outputs. */
struct outputs {
    uint8_t cols[9][8];
    void *col_ptrs[9];
    uint64_t *tables[MU_LAYOUT_MAX_TABLES];
    mu_layout layout;
};

static void play(const mu_experiment *ex, const uint8_t *faces, size_t n, struct outputs *o)
{
    const mu_ruleset *rs = &wm_order_drill;
    void *ctx;
    uint64_t games;
    char err[128];
    assert_int_equal(rs->prepare(ex, &ctx, &o->layout, &games, err, sizeof err), 0);
    memset(o->cols, 0, sizeof o->cols);
    for (int c = 0; c < 9; c++)
        o->col_ptrs[c] = o->cols[c];
    for (int t = 0; t < o->layout.n_tables; t++)
        o->tables[t] = calloc(mu_table_cells(&o->layout, t), sizeof(uint64_t));
    mu_sink sink = {.columns = o->col_ptrs, .row = 0, .tables = o->tables};
    void *state = malloc(rs->state_size);
    mu_dice dice = mu_dice_scripted(faces, n);
    mu_play_game_with_dice(rs, ctx, 0, &dice, state, &sink);
    assert_int_equal(dice.script_pos, n); /* every scripted die was rolled */
    free(state);
    rs->release(ctx);
}

static void release(struct outputs *o)
{
    for (int t = 0; t < o->layout.n_tables; t++)
        free(o->tables[t]);
    mu_layout_free(&o->layout);
}

enum { POLICY, ATTEMPTED, GIVEN, BLUNDERS, UNITS_ORDERED, HALF_PACE, FIRST_FAILURE, GENERAL_ENDED, BY_CHAR };

/* warmaster-command: "Order sequence" and "Brigade orders", heroes first:
 * the Hero orders the Archers twice (second fails: 8 > 7), stops, and so
 * never reaches his brigade; the General then orders the Knights (−1 for
 * 40 cm: needs 8) and blunders on his second order. */
static void test_wm_drill_heroes_first_plays_the_text(void **state)
{
    (void)state;
    mu_experiment ex;
    make_experiment(&ex, WM_DRILL_HEROES_FIRST, 2);
    const uint8_t faces[] = {3, 3, 4, 4, 1, 1, 6, 6};
    struct outputs o;
    play(&ex, faces, sizeof faces, &o);
    assert_int_equal(o.cols[ATTEMPTED][0], 4);
    assert_int_equal(o.cols[GIVEN][0], 2);
    assert_int_equal(o.cols[BLUNDERS][0], 1);
    assert_int_equal(o.cols[UNITS_ORDERED][0], 2);
    assert_int_equal(o.cols[HALF_PACE][0], 0);
    assert_int_equal((int8_t)o.cols[FIRST_FAILURE][0], HERO);
    assert_int_equal(o.cols[GENERAL_ENDED][0], 0);
    assert_int_equal(o.cols[BY_CHAR][GENERAL], 1);
    assert_int_equal(o.cols[BY_CHAR][HERO], 1);
    release(&o);
}

/* warmaster-command: "Once the General has failed to give an order, no
 * further orders can be issued by any other characters": General first,
 * his first order fails, the Knights move half pace, the Hero never rolls. */
static void test_wm_drill_general_failure_ends_the_phase(void **state)
{
    (void)state;
    mu_experiment ex;
    make_experiment(&ex, WM_DRILL_GENERAL_FIRST, 3);
    const uint8_t faces[] = {5, 4}; /* 9 > 8 */
    struct outputs o;
    play(&ex, faces, sizeof faces, &o);
    assert_int_equal(o.cols[ATTEMPTED][0], 1);
    assert_int_equal(o.cols[GIVEN][0], 0);
    assert_int_equal(o.cols[HALF_PACE][0], 1);
    assert_int_equal((int8_t)o.cols[FIRST_FAILURE][0], GENERAL);
    assert_int_equal(o.cols[GENERAL_ENDED][0], 1);
    release(&o);
}

/* warmaster-command: "Brigade orders": the brigade (Spears and Bows) takes
 * one roll with the distance of its most distant unit (35 cm: −1), and a
 * failed first brigade order sends both units at half pace. */
static void test_wm_drill_brigade_takes_one_roll_and_half_pace_together(void **state)
{
    (void)state;
    mu_experiment ex;
    make_experiment(&ex, WM_DRILL_AS_LISTED, 1);
    /* General: Knights (needs 8) 2+2 ok. Hero: Archers 1+1 ok, brigade
     * (needs 7) 4+4 fails. */
    const uint8_t faces[] = {2, 2, 1, 1, 4, 4};
    struct outputs o;
    play(&ex, faces, sizeof faces, &o);
    assert_int_equal(o.cols[ATTEMPTED][0], 3);
    assert_int_equal(o.cols[GIVEN][0], 2);
    assert_int_equal(o.cols[HALF_PACE][0], 2);
    /* the brigade's roll is counted at Command 8, penalty 1, first order */
    size_t cell = ((0 * 11 + (8 - 2)) * (WM_DRILL_PENALTY_MAX + 1) + 1) * 3 + 0;
    assert_int_equal(o.tables[0][cell], 1); /* attempts */
    assert_int_equal(o.tables[1][cell], 0); /* successes */
    release(&o);
}

/* nearest-first: Heroes before the General, each character's nearest group
 * first (a brigade measured to its most distant unit). */
static void test_wm_nearest_first_plan_orders_heroes_then_nearest(void **state)
{
    (void)state;
    mu_experiment ex;
    make_experiment(&ex, WM_DRILL_NEAREST_FIRST, 3);
    CFG.study.units[0].distance_mm[HERO] = 400.0; /* Archers now farther than the brigade */
    wm_drill_plan plan;
    wm_drill_plan_build(&CFG.study, &CFG.policies[0], &plan);
    assert_int_equal(plan.n_steps, 3);
    assert_int_equal(plan.steps[0].character, HERO);
    assert_int_equal(plan.steps[0].group, (1u << 1) | (1u << 2));
    assert_int_equal(plan.steps[1].group, 1u << 0);
    assert_int_equal(plan.steps[2].character, GENERAL);
    assert_int_equal(plan.steps[2].orders, 3);
    /* without brigades, the brigade's units are ordered one by one */
    CFG.policies[0].use_brigades = 0;
    wm_drill_plan_build(&CFG.study, &CFG.policies[0], &plan);
    assert_int_equal(plan.n_steps, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_drill_heroes_first_plays_the_text),
        cmocka_unit_test(test_wm_drill_general_failure_ends_the_phase),
        cmocka_unit_test(test_wm_drill_brigade_takes_one_roll_and_half_pace_together),
        cmocka_unit_test(test_wm_nearest_first_plan_orders_heroes_then_nearest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
