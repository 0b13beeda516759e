/* The warmaster-battle ruleset through its experiment file
 * (experiments/examples/battle-minimal.yaml): every key loads to its
 * value; games played the batch runner's way write rows and count tables
 * that agree with each other; malformed battle experiments get one
 * positioned error line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "assert_close.h"
#include "muster/experiment.h"
#include "muster/status.h"
#include "warmaster/wm_battle.h"
#include "run_games.h"

#define EXAMPLE MUSTER_SOURCE_DIR "/experiments/examples/battle-minimal.yaml"

static mu_experiment ex;

static void load(const char *path)
{
    char err[1536] = "";
    int rc = mu_experiment_load(path, &ex, err, sizeof err);
    if (rc != MU_EXIT_OK)
        print_error("%s\n", err);
    assert_int_equal(rc, MU_EXIT_OK);
}

static void test_wm_battle_experiment_every_key_loads(void **state)
{
    (void)state;
    load(EXAMPLE);
    assert_string_equal(ex.ruleset->name, "warmaster-battle");
    const wm_battle_study *st = ex.config;
    assert_non_null(st);
    assert_close(st->rules.orders.distance_step_mm, 200, 0);
    assert_close(st->rules.orders.enemy_close_mm, 200, 0);
    assert_true(st->rules.orders.blunder_on_12 && !st->rules.blunder_retreat && st->rules.confusion_halts);
    assert_false(st->rules.light_cavalry_rule);
    assert_close(st->rules.initiative_range_mm, 200, 0);
    assert_string_equal(st->battle.scenario.name, "Meeting engagement");
    assert_string_equal(st->battle.army[0].name, "Empire");
    assert_string_equal(st->battle.army[1].name, "Orcs");
    assert_int_equal(st->n_arms, 2);
    assert_string_equal(st->arms[0].label, "aggressive-vs-cautious");
    assert_int_equal(st->arms[0].policy[0].kind, WM_POLICY_AGGRESSIVE);
    assert_int_equal(st->arms[0].policy[0].sequence, WM_SEQ_HEROES_FIRST);
    assert_int_equal(st->arms[0].policy[1].kind, WM_POLICY_CAUTIOUS);
    assert_true(st->arms[0].policy[1].brigades);
    assert_false(st->arms[0].policy[1].ignore_fortified || st->arms[0].policy[1].ignore_divided);
    assert_int_equal(st->arms[0].first, WM_ARM_FIRST_SCENARIO);
    assert_true(st->arms[1].swap && st->has_swapped);
    assert_int_equal(st->arms[1].first, WM_ARM_FIRST_ARMY1);
    /* swapped: the Orcs on the scenario's first (South) side */
    int orcs_south = 0;
    for (int u = 0; u < st->swapped_bf.n_units; u++)
        orcs_south += st->swapped_roster[u].side == 0 && st->swapped_bf.unit[u].stand[0].center.y < 300.0;
    assert_true(orcs_south > 0);
    mu_experiment_free(&ex);
    assert_null(ex.config);
}

static int64_t column_sum(const run_games *r, const char *name, int width, int offset)
{
    int c = run_games_column(r, name);
    assert_true(c >= 0);
    int64_t sum = 0;
    for (uint64_t g = 0; g < r->games; g++)
        for (int k = 0; k < width; k++)
            if (offset < 0 || k == offset)
                sum += ((const int16_t *)r->columns[c])[g * (uint64_t)width + (uint64_t)k];
    return sum;
}

static uint64_t table_sum(const run_games *r, const char *name)
{
    int t = run_games_table(r, name);
    assert_true(t >= 0);
    uint64_t sum = 0;
    for (size_t i = 0; i < mu_table_cells(&r->layout, t); i++)
        sum += r->tables[t][i];
    return sum;
}

/* Rows and count tables tell the same story. */
static void test_wm_battle_rows_and_tables_agree(void **state)
{
    (void)state;
    load(EXAMPLE);
    ex.games = 40;
    run_games r;
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    assert_int_equal(r.games, 80);
    run_games_play(&r, ex.seed, 0, r.games, NULL);
    int t_games = run_games_table(&r, "games");
    assert_true(r.tables[t_games][0] == 40 && r.tables[t_games][1] == 40);
    assert_int_equal(table_sum(&r, "attempts"), (uint64_t)column_sum(&r, "orders_attempted", 2, -1));
    assert_int_equal(table_sum(&r, "successes"), (uint64_t)column_sum(&r, "orders_given", 2, -1));
    assert_int_equal(table_sum(&r, "blunders"), (uint64_t)column_sum(&r, "blunders", 2, -1));
    int n_chars = r.layout.axes[r.layout.columns[run_games_column(&r, "character_orders_attempted")].axis].length;
    assert_int_equal(column_sum(&r, "character_orders_attempted", n_chars, -1), column_sum(&r, "orders_attempted", 2, -1));
    assert_int_equal(table_sum(&r, "first_contact"), 2 * 80);
    /* results: per arm and army, one outcome a game; army 0's wins are army 1's losses */
    int t = run_games_table(&r, "results");
    const uint64_t *res = r.tables[t];
    for (int arm = 0; arm < 2; arm++) {
        const uint64_t *a0 = &res[(arm * 2 + 0) * 3], *a1 = &res[(arm * 2 + 1) * 3];
        assert_int_equal(a0[0] + a0[1] + a0[2], 40);
        assert_int_equal(a0[0], a1[2]);
        assert_int_equal(a0[1], a1[1]);
    }
    int c_winner = run_games_column(&r, "winner"), c_arm = run_games_column(&r, "arm");
    int c_swapped = run_games_column(&r, "swapped"), c_first = run_games_column(&r, "first");
    uint64_t wins0 = 0;
    for (uint64_t g = 0; g < r.games; g++) {
        int8_t w = ((const int8_t *)r.columns[c_winner])[g];
        uint8_t arm = ((const uint8_t *)r.columns[c_arm])[g];
        assert_int_equal(arm, g / 40);
        assert_int_equal(((const uint8_t *)r.columns[c_swapped])[g], arm == 1);
        if (arm == 1)
            assert_int_equal(((const uint8_t *)r.columns[c_first])[g], 1); /* first: Orcs */
        wins0 += w == 0;
    }
    assert_int_equal(wins0, res[0] + res[6]);
    assert_true(table_sum(&r, "attempts") > 0);
    run_games_free(&r);
    mu_experiment_free(&ex);
}

/* Writes text to a temporary file and loads it; returns the status and
 * the error line. */
static int load_text(const char *text, char *err, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "/tmp/muster-battle-bad-%d.yaml", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    int rc = mu_experiment_load(path, &ex, err, len);
    remove(path);
    if (rc == MU_EXIT_OK)
        mu_experiment_free(&ex);
    return rc;
}

#define EXP MUSTER_SOURCE_DIR "/experiments/"
#define HEAD "schema: 1\nruleset: warmaster-battle\nseed: 1\ngames: 10\nscenario: " EXP "scenarios/meeting-engagement.yaml\n" \
             "armies:\n  - {list: " EXP "armies/empire.yaml, points: 1000, units: [{unit: General}, {unit: Halberdiers, count: 2}, {unit: Crossbowmen, count: 2}]}\n" \
             "  - {list: " EXP "armies/orcs.yaml, points: 1000, units: [{unit: Orc General}, {unit: Orc Warriors, count: 2}, {unit: Goblins, count: 2}]}\n"

static void test_wm_battle_experiment_errors_are_positioned(void **state)
{
    (void)state;
    char err[1536];
    assert_int_equal(load_text(HEAD "policies: [{sides: [{name: aggressive}, {name: cautious}]}]\n", err, sizeof err),
                     MU_EXIT_OK);
    assert_int_equal(load_text(HEAD "policies: [{sides: [{name: aggresive}, {name: cautious}]}]\n", err, sizeof err),
                     MU_EXIT_DATAERR);
    assert_non_null(strstr(err, ":9:"));
    assert_non_null(strstr(err, "unknown policy 'aggresive'"));
    assert_int_equal(load_text(HEAD "policies: [{first: Dwarfs, sides: [{name: random}, {name: random}]}]\n", err,
                               sizeof err),
                     MU_EXIT_DATAERR);
    assert_non_null(strstr(err, "unknown army 'Dwarfs'"));
    assert_non_null(strstr(err, "(policies[0].first)"));
    assert_int_equal(load_text(HEAD "policies:\n  - {sides: [{name: random}, {name: random}]}\n"
                                    "  - {sides: [{name: random}, {name: random}]}\n",
                               err, sizeof err),
                     MU_EXIT_DATAERR);
    assert_non_null(strstr(err, "duplicate arm label 'random-vs-random'"));
    assert_int_equal(load_text(HEAD "policies: [{sides: [{name: random, min_target: 13}, {name: random}]}]\n", err,
                               sizeof err),
                     MU_EXIT_DATAERR);
    assert_int_equal(load_text(HEAD "policies: [{sides: [{name: random}]}]\n", err, sizeof err), MU_EXIT_DATAERR);
    assert_int_equal(load_text("schema: 1\nruleset: warmaster-battle\nseed: 1\ngames: 10\nscenario: nowhere.yaml\n"
                               "armies: [{list: " EXP "armies/empire.yaml, units: [{unit: General}]},"
                               " {list: " EXP "armies/orcs.yaml, units: [{unit: Orc General}]}]\n"
                               "policies: [{sides: [{name: random}, {name: random}]}]\n",
                               err, sizeof err),
                     MU_EXIT_DATAERR);
    assert_non_null(strstr(err, "cannot read scenario"));
    assert_null(ex.config);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_battle_experiment_every_key_loads),
        cmocka_unit_test(test_wm_battle_rows_and_tables_agree),
        cmocka_unit_test(test_wm_battle_experiment_errors_are_positioned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
