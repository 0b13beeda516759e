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
#include "warmaster/battle_int.h"
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
    assert_int_equal(st->arms[0].policy[0].general_further_min, 7);
    assert_true(st->arms[0].policy[0].charge_odds == 0.5 && st->arms[0].policy[0].evade_odds == 0.0);
    assert_true(st->arms[0].policy[0].charge_fortified && !st->arms[0].policy[0].hold_zones);
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
    int64_t orderable = column_sum(&r, "orderable_unit_turns", 2, -1), unmoved = column_sum(&r, "unmoved_unit_turns", 2, -1);
    assert_true(orderable > 0 && unmoved <= orderable);
    assert_int_equal(table_sum(&r, "unmoved"), (uint64_t)(orderable + unmoved));
    /* results: per arm and army, one outcome a game; army 0's wins are army 1's losses */
    int t = run_games_table(&r, "results");
    const uint64_t *res = r.tables[t];
    for (int arm = 0; arm < 2; arm++) {
        const uint64_t *a0 = &res[(arm * 2 + 0) * 3], *a1 = &res[(arm * 2 + 1) * 3];
        assert_int_equal(a0[0] + a0[1] + a0[2], 40);
        assert_int_equal(a0[0], a1[2]);
        assert_int_equal(a0[1], a1[1]);
    }
    int c_winner = run_games_column(&r, "winner");
    int c_swapped = run_games_column(&r, "swapped"), c_first = run_games_column(&r, "first");
    uint64_t wins0 = 0;
    for (uint64_t g = 0; g < r.games; g++) {
        int8_t w = ((const int8_t *)r.columns[c_winner])[g];
        long arm = run_games_cell(&r, "arm", g, 0);
        assert_int_equal(arm, g % 2); /* arms interleave */
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

/* Each /games column holds the game value it is named after, for the
 * army it is indexed by: a finished game of the swapped arm (armies[0] on
 * table side 1) with a distinct value in every count of each side is
 * recorded, and every column is read back by name. The lists below
 * restate which game value each column reports, so a column filled from
 * the wrong value or the wrong side fails here. */
static void test_wm_battle_row_columns_hold_their_values(void **state)
{
    (void)state;
    load(EXAMPLE);
    ex.games = 1;
    static run_games r;
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    const wb_ctx *c = r.ctx;
    wb_state *s = calloc(1, sizeof *s);
    assert_non_null(s);
    wm_battle_ruleset.setup(c, 1, s);
    assert_int_equal(s->arm, 1);
    assert_int_equal(s->swap, 1);
    wm_game *g = &s->game;
    g->turn = 4;
    g->end = WM_END_GENERAL_LEFT;
    g->first = 0;        /* side 0: armies[1] */
    g->winner = 1;       /* side 1: armies[0] */
    g->first_charge = 0; /* armies[1] */
    int edge_units = 0;
    for (int u = 0; u < g->bf.n_units && edge_units < 2; u++)
        if (g->bf.unit[u].side == 1) {
            g->reached_edge |= UINT64_C(1) << u;
            edge_units++;
        }
    for (int side = 0; side < 2; side++) {
        g->points[side] = 40 + side;
        g->zones_held[side] = 7 + side;
    }
    /* per-army columns and the side counts they report */
#define SIDE_COUNT(column, field) {column, offsetof(wm_side_stats, field)}
    static const struct { const char *column; size_t offset; } counts[] = {
        SIDE_COUNT("orders_attempted", orders_attempted), SIDE_COUNT("orders_given", orders_given),
        SIDE_COUNT("orders_failed", orders_failed),       SIDE_COUNT("blunders", blunders),
        SIDE_COUNT("half_pace_moves", half_pace),         SIDE_COUNT("brigade_orders", brigade_orders),
        SIDE_COUNT("general_failure_ended", general_ended), SIDE_COUNT("initiative_charges", init_charges),
        SIDE_COUNT("initiative_evades", init_evades),     SIDE_COUNT("burst_throughs", burst_throughs),
        SIDE_COUNT("confused", confused),                 SIDE_COUNT("charges", charges),
        SIDE_COUNT("off_destroyed", off_destroyed),       SIDE_COUNT("removed_engaged", removed_engaged),
        SIDE_COUNT("orderable_unit_turns", orderable_unit_turns),
        SIDE_COUNT("unmoved_unit_turns", unmoved_unit_turns),
    };
#undef SIDE_COUNT
    const int n_counts = (int)(sizeof counts / sizeof counts[0]);
    for (int side = 0; side < 2; side++) {
        wm_side_stats *st = &g->stats[side];
        for (int i = 0; i < n_counts; i++)
            *(uint16_t *)((char *)st + counts[i].offset) = (uint16_t)(100 * (side + 1) + i);
        st->init_declined = 999; /* in no column */
        st->init_charge_failed = (uint16_t)(3 + side);
        st->init_evade_failed = (uint16_t)(5 + side);
        st->first_contact_turn = (uint8_t)(2 + side);
        st->off_left = (uint16_t)(300 + side);
        st->off_back_at_once = 1;
        st->off_back_later = (uint16_t)(2 + side);
        for (int k = 0; k < c->n_chars[side]; k++) {
            st->char_attempted[k] = (uint16_t)(1000 * (side + 1) + 10 * k + 1);
            st->char_given[k] = (uint16_t)(1000 * (side + 1) + 10 * k + 2);
            st->char_blunders[k] = (uint16_t)(1000 * (side + 1) + 10 * k + 3);
        }
    }

    mu_sink sink = {.columns = r.columns, .row = 1, .tables = r.tables};
    wb_record(c, s, &sink);
    assert_int_equal(run_games_cell(&r, "arm", 1, 0), 1);
    assert_int_equal(run_games_cell(&r, "swapped", 1, 0), 1);
    assert_int_equal(run_games_cell(&r, "first", 1, 0), 1);
    assert_int_equal(run_games_cell(&r, "turns", 1, 0), 4);
    assert_int_equal(run_games_cell(&r, "end_reason", 1, 0), 1);
    assert_int_equal(run_games_cell(&r, "winner", 1, 0), 0);
    assert_int_equal(run_games_cell(&r, "first_charge", 1, 0), 1);
    for (int a = 0; a < 2; a++) {
        int side = a ^ 1;
        for (int i = 0; i < n_counts; i++) {
            if (run_games_cell(&r, counts[i].column, 1, a) != 100 * (side + 1) + i)
                print_error("column %s[%d]\n", counts[i].column, a);
            assert_int_equal(run_games_cell(&r, counts[i].column, 1, a), 100 * (side + 1) + i);
        }
        assert_int_equal(run_games_cell(&r, "points", 1, a), 40 + side);
        assert_int_equal(run_games_cell(&r, "zones_held", 1, a), 7 + side);
        assert_int_equal(run_games_cell(&r, "enemy_edge_units", 1, a), side == 1 ? edge_units : 0);
        assert_int_equal(run_games_cell(&r, "engaged_units", 1, a), 0); /* as deployed */
        assert_int_equal(run_games_cell(&r, "units_never_moved", 1, a), g->n_units[side]); /* as deployed */
        assert_int_equal(run_games_cell(&r, "initiative_impossible", 1, a), 8 + 2 * side);
        assert_int_equal(run_games_cell(&r, "first_contact_turn", 1, a), 2 + side);
        assert_int_equal(run_games_cell(&r, "off_table", 1, a), 300 + side);
        assert_int_equal(run_games_cell(&r, "off_returned", 1, a), 3 + side);
        for (int k = 0; k < c->n_chars[side]; k++) {
            int i = c->char_base[a] + k;
            assert_int_equal(run_games_cell(&r, "character_orders_attempted", 1, i), 1000 * (side + 1) + 10 * k + 1);
            assert_int_equal(run_games_cell(&r, "character_orders_given", 1, i), 1000 * (side + 1) + 10 * k + 2);
            assert_int_equal(run_games_cell(&r, "character_blunders", 1, i), 1000 * (side + 1) + 10 * k + 3);
        }
        for (int k = c->n_chars[side]; k < WM_GAME_SIDE_CHARS; k++) /* the army's empty slots */
            assert_int_equal(run_games_cell(&r, "character_orders_attempted", 1, c->char_base[a] + k), 0);
    }
    assert_true(edge_units > 0 && c->n_chars[0] > 0 && c->n_chars[1] > 0);
    /* every column was checked: 7 per game, the side counts, 9 more per army, 3 per character */
    assert_int_equal(r.layout.n_columns, 7 + n_counts + 9 + 3);
    free(s);
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

/* units_never_moved: each unit's stands compared, bit for bit, with the
 * deployment after every turn; a unit that ever stood elsewhere (or was
 * off the table) moved. The column must count the others, side by side
 * for armies as listed, in games where some units move and some do not. */
static void test_wm_battle_units_never_moved_counts_units_that_never_moved(void **state)
{
    (void)state;
    load(EXAMPLE);
    ex.games = 6;
    run_games r;
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    const wb_ctx *c = r.ctx;
    wb_state *s = calloc(1, sizeof *s);
    assert_non_null(s);
    int some_moved = 0, some_still = 0;
    for (uint64_t game = 0; game < r.games; game++) {
        mu_sink sink = {.columns = r.columns, .tables = r.tables, .row = (size_t)game};
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(ex.seed, game / r.arms));
        wm_battle_ruleset.setup(c, game, s);
        const wm_battlefield *deployed = c->dep[s->swap].bf;
        uint64_t moved = 0;
        while (!wm_battle_ruleset.is_over(c, s)) {
            wm_battle_ruleset.play_turn(c, s, &dice, &sink);
            for (int u = 0; u < s->game.bf.n_units; u++) {
                const wm_unit *now = &s->game.bf.unit[u], *then = &deployed->unit[u];
                if (now->presence != WM_ON_TABLE ||
                    memcmp(now->stand, then->stand, (size_t)then->n_stands * sizeof then->stand[0]) != 0)
                    moved |= UINT64_C(1) << u;
            }
        }
        wm_battle_ruleset.record(c, s, &sink);
        for (int army = 0; army < 2; army++) {
            long still = 0, units = 0;
            for (int u = 0; u < deployed->n_units; u++)
                if (deployed->unit[u].side == (army ^ s->swap) && !wm_is_character(&deployed->unit[u])) {
                    units++;
                    still += !(moved >> u & 1u);
                }
            assert_int_equal(run_games_cell(&r, "units_never_moved", game, army), still);
            some_moved |= still < units;
            some_still |= still > 0;
        }
    }
    assert_true(some_moved && some_still);
    free(s);
    run_games_free(&r);
    mu_experiment_free(&ex);
}

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
    assert_int_equal(load_text(HEAD "policies: [{sides: [{name: objective, general_further_min: 13}, {name: random}]}]\n",
                               err, sizeof err),
                     MU_EXIT_DATAERR);
    assert_non_null(strstr(err, ":9:60: error: general_further_min must be between 2 and 12, got 13"));
    assert_non_null(strstr(err, "(policies[0].sides[0].general_further_min)"));
    assert_int_equal(load_text(HEAD "policies: [{sides: [{name: random}, {name: cautious, charge_odds: -1}]}]\n", err,
                               sizeof err),
                     MU_EXIT_DATAERR);
    assert_non_null(strstr(err, ":9:67: error: charge_odds must be at least 0 and at most 1000, got -1"));
    assert_non_null(strstr(err, "(policies[0].sides[1].charge_odds)"));
    assert_int_equal(load_text(HEAD "policies: [{sides: [{name: random}, {name: cautious, hold_zones: maybe}]}]\n", err,
                               sizeof err),
                     MU_EXIT_DATAERR);
    assert_non_null(strstr(err, "(policies[0].sides[1].hold_zones)"));
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

/* A character's `command:` in an army entry replaces the list's Command
 * value for that battle (the Orc General at 7, the list's 9); units have
 * no Command value. */
static void test_wm_battle_character_command_can_be_set(void **state)
{
    (void)state;
    char path[512], err[1536];
    snprintf(path, sizeof path, "/tmp/muster-battle-command-%d.yaml", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("schema: 1\nruleset: warmaster-battle\nseed: 1\ngames: 10\nscenario: " EXP
          "scenarios/meeting-engagement.yaml\narmies:\n  - {list: " EXP "armies/empire.yaml, points: 1000, units: "
          "[{unit: General}, {unit: Halberdiers, count: 2}, {unit: Crossbowmen, count: 2}]}\n  - {list: " EXP
          "armies/orcs.yaml, points: 1000, units: [{unit: Orc General, command: 7}, {unit: Orc Warriors, count: 2}, "
          "{unit: Goblins, count: 2}]}\npolicies: [{sides: [{name: random}, {name: random}]}]\n",
          f);
    fclose(f);
    int rc = mu_experiment_load(path, &ex, err, sizeof err);
    remove(path);
    assert_int_equal(rc, MU_EXIT_OK);
    const wm_battle_study *st = ex.config;
    int generals = 0;
    for (int u = 0; u < st->battle.bf.n_units; u++) {
        if (st->battle.roster[u].role != WM_ROLE_GENERAL)
            continue;
        generals++;
        assert_int_equal(st->battle.roster[u].command, st->battle.roster[u].side == 1 ? 7 : 9);
    }
    assert_int_equal(generals, 2);
    mu_experiment_free(&ex);
    assert_int_equal(load_text(HEAD "policies: [{sides: [{name: random}, {name: random}]}]\n", err, sizeof err),
                     MU_EXIT_OK);
    const char *bad = "schema: 1\nruleset: warmaster-battle\nseed: 1\ngames: 10\nscenario: " EXP
                      "scenarios/meeting-engagement.yaml\narmies:\n  - {list: " EXP "armies/empire.yaml, points: 1000, "
                      "units: [{unit: General}, {unit: Halberdiers, command: 8}, {unit: Crossbowmen, count: 2}]}\n"
                      "  - {list: " EXP "armies/orcs.yaml, points: 1000, units: [{unit: Orc General}, {unit: Orc "
                      "Warriors, count: 2}, {unit: Goblins, count: 2}]}\n"
                      "policies: [{sides: [{name: random}, {name: random}]}]\n";
    assert_int_equal(load_text(bad, err, sizeof err), MU_EXIT_DATAERR);
    assert_non_null(strstr(err, "only characters have a Command value; 'Halberdiers' is infantry"));
    assert_non_null(strstr(err, "(armies[0].units[1].command)"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_battle_experiment_every_key_loads),
        cmocka_unit_test(test_wm_battle_rows_and_tables_agree),
        cmocka_unit_test(test_wm_battle_row_columns_hold_their_values),
        cmocka_unit_test(test_wm_battle_units_never_moved_counts_units_that_never_moved),
        cmocka_unit_test(test_wm_battle_experiment_errors_are_positioned),
        cmocka_unit_test(test_wm_battle_character_command_can_be_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
