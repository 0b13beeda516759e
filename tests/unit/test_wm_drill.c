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

#include "run_games.h"
#include "muster/sim.h"
#include "warmaster/wm_drill.h"
#include "warmaster/policy/wm_drill_policy.h"
#include "warmaster/wm_drill.h"

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
    CFG.n_arms = 1;
    CFG.arms[0] = (wm_drill_policy){"p", kind, orders, 1};
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

enum { ARM, ATTEMPTED, GIVEN, BLUNDERS, UNITS_ORDERED, HALF_PACE, FIRST_FAILURE, GENERAL_ENDED, BY_CHAR };

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
/* RULE wm.orders.general-failed */
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
/* RULE wm.brigade.one-order */
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
    wm_drill_plan_build(&CFG.study, &CFG.arms[0], &plan);
    assert_int_equal(plan.n_steps, 3);
    assert_int_equal(plan.steps[0].character, HERO);
    assert_int_equal(plan.steps[0].group, (1u << 1) | (1u << 2));
    assert_int_equal(plan.steps[1].group, 1u << 0);
    assert_int_equal(plan.steps[2].character, GENERAL);
    assert_int_equal(plan.steps[2].orders, 3);
    /* without brigades, the brigade's units are ordered one by one */
    CFG.arms[0].use_brigades = 0;
    wm_drill_plan_build(&CFG.study, &CFG.arms[0], &plan);
    assert_int_equal(plan.n_steps, 4);
}

/* Row g's column name as an integer (element i of a per-character column). */
static int row_value(const run_games *r, const char *name, uint64_t g, int i)
{
    int c = run_games_column(r, name);
    assert_true(c >= 0);
    const mu_column *col = &r->layout.columns[c];
    size_t width = col->axis >= 0 ? (size_t)r->layout.axes[col->axis].length : 1;
    const void *p = (const char *)r->columns[c] + ((size_t)g * width + (size_t)i) * mu_dtype_size(col->type);
    return col->type == MU_I8 ? *(const int8_t *)p : *(const uint8_t *)p;
}

/* The /games rows of many games with random dice tell the same story as
 * the count tables, which the drill fills separately, roll by roll: per
 * policies entry, games, order rolls, orders given, blunders, units
 * ordered, orders by character, who failed first, the General's failure
 * and (without brigades, one unit per failed first order) half-pace moves.
 * Every column is pinned by one of these, so a column holding another
 * column's value (two fields swapped, say) fails here. */
static void test_wm_drill_rows_agree_with_count_tables(void **state)
{
    (void)state;
    mu_experiment ex;
    make_experiment(&ex, WM_DRILL_HEROES_FIRST, 2);
    CFG.n_arms = 2;
    CFG.arms[0].use_brigades = 0;
    CFG.arms[1] = (wm_drill_policy){"q", WM_DRILL_GENERAL_FIRST, 3, 0};
    ex.games = 3000;
    static run_games r;
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    run_games_play(&r, 99, 0, r.games, NULL);
    const int n_chars = 2, n_units = 4, n_bins = 3 * n_units + 1;
    const size_t cells = 11 * (WM_DRILL_PENALTY_MAX + 1) * 3; /* one arm's command x penalty x order */
    const uint64_t *att = r.tables[run_games_table(&r, "attempts")];
    const uint64_t *suc = r.tables[run_games_table(&r, "successes")];
    const uint64_t *blu = r.tables[run_games_table(&r, "blunders")];
    for (int p = 0; p < 2; p++) {
        uint64_t games = 0, attempted = 0, given = 0, blunders = 0, half_pace = 0, general_ended = 0;
        uint64_t units_hist[5] = {0}, by_char_hist[2][13] = {{0}}, first_failure[2] = {0};
        for (uint64_t g = 0; g < r.games; g++) {
            if (row_value(&r, "arm", g, 0) != p)
                continue;
            games++;
            attempted += (uint64_t)row_value(&r, "orders_attempted", g, 0);
            given += (uint64_t)row_value(&r, "orders_given", g, 0);
            blunders += (uint64_t)row_value(&r, "blunders", g, 0);
            half_pace += (uint64_t)row_value(&r, "half_pace_moves", g, 0);
            general_ended += (uint64_t)row_value(&r, "general_failure_ended", g, 0);
            units_hist[row_value(&r, "units_ordered", g, 0)]++;
            for (int ch = 0; ch < n_chars; ch++)
                by_char_hist[ch][row_value(&r, "orders_by_character", g, ch)]++;
            int ff = row_value(&r, "first_failure", g, 0);
            if (ff >= 0)
                first_failure[ff]++;
        }
        assert_int_equal(games, 3000);
        assert_int_equal(r.tables[run_games_table(&r, "games")][p], games);
        uint64_t t_att = 0, t_suc = 0, t_blu = 0, t_first_failed = 0;
        for (size_t k = 0; k < cells; k++) {
            size_t at = (size_t)p * cells + k;
            t_att += att[at];
            t_suc += suc[at];
            t_blu += blu[at];
            if (k % 3 == 0) /* order number 1 */
                t_first_failed += att[at] - suc[at];
        }
        assert_int_equal(attempted, t_att);
        assert_int_equal(given, t_suc);
        assert_int_equal(blunders, t_blu);
        assert_int_equal(half_pace, t_first_failed);
        assert_true(attempted > given && given > 0 && blunders > 0 && half_pace > 0);
        assert_true(p == 0 ? general_ended == 0 : general_ended > 0); /* heroes first: the General orders last */
        assert_int_equal(general_ended, r.tables[run_games_table(&r, "general_failure_ended")][p]);
        const uint64_t *uh = r.tables[run_games_table(&r, "units_ordered_hist")];
        for (int n = 0; n <= n_units; n++)
            assert_int_equal(units_hist[n], uh[p * (n_units + 1) + n]);
        const uint64_t *oh = r.tables[run_games_table(&r, "orders_given_hist")];
        for (int ch = 0; ch < n_chars; ch++)
            for (int n = 0; n < n_bins; n++)
                assert_int_equal(by_char_hist[ch][n], oh[(p * n_chars + ch) * n_bins + n]);
        const uint64_t *ffh = r.tables[run_games_table(&r, "first_failure")];
        for (int ch = 0; ch < n_chars; ch++)
            assert_int_equal(first_failure[ch], ffh[p * n_chars + ch]);
    }
    assert_int_equal(r.layout.n_columns, 9); /* every column checked */
    run_games_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_drill_heroes_first_plays_the_text),
        cmocka_unit_test(test_wm_drill_general_failure_ends_the_phase),
        cmocka_unit_test(test_wm_drill_brigade_takes_one_roll_and_half_pace_together),
        cmocka_unit_test(test_wm_nearest_first_plan_orders_heroes_then_nearest),
        cmocka_unit_test(test_wm_drill_rows_agree_with_count_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
