/* The `battlesystem` ruleset (src/rules/battlesystem/ruleset*.c): whole
 * games through the ruleset interface as the batch runner plays them —
 * registration, layout, determinism per game index, the per-game row
 * against the count tables, forced-march schedules, charges on an exact
 * estimate, routs off the table ending a game, units in contact staying
 * engaged, and the replay trace. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "battlesystem/bs_ruleset.h"
#include "battlesystem/ruleset_internal.h"
#include "muster/experiment.h"
#include "run_games.h"

#define STUDIES MUSTER_SOURCE_DIR "/experiments/studies/"

/* Loads YAML text through a temporary file into *ex (fails the test if
 * it does not load). */
static void load_text(const char *text, mu_experiment *ex)
{
    char path[] = "/tmp/muster-bs-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    char err[1024] = "";
    int rc = mu_experiment_load(path, ex, err, sizeof err);
    unlink(path);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
}

static void load_file(const char *path, mu_experiment *ex, uint64_t games)
{
    char err[1024] = "";
    int rc = mu_experiment_load(path, ex, err, sizeof err);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
    ex->games = games;
}

static uint64_t table_sum(const run_games *r, const char *name)
{
    int t = run_games_table(r, name);
    assert_true(t >= 0);
    uint64_t s = 0;
    for (size_t k = 0; k < mu_table_cells(&r->layout, t); k++)
        s += r->tables[t][k];
    return s;
}

static void test_bs_ruleset_is_registered(void **state)
{
    (void)state;
    assert_ptr_equal(mu_ruleset_find("battlesystem"), &bs_ruleset);
    assert_true(bs_ruleset.state_size > 0);
}

/* The layout has the per-round column on a round axis and the count
 * tables on their labelled axes. */
static void test_bs_ruleset_layout(void **state)
{
    (void)state;
    static mu_experiment ex;
    static run_games r;
    load_file(STUDIES "forced-march-attrition.yaml", &ex, 10);
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    assert_int_equal(r.games, 30);
    const mu_layout *l = &r.layout;
    const mu_column *ar = &l->columns[run_games_column(&r, "ar_penalty")];
    assert_string_equal(l->axes[ar->axis].name, "round");
    assert_int_equal(l->axes[ar->axis].length, 8);
    const mu_table *t = &l->tables[run_games_table(&r, "ar_penalty")];
    assert_int_equal(t->rank, 4);
    assert_string_equal(l->axes[t->axes[0]].name, "arm");
    assert_string_equal(l->axes[t->axes[0]].labels[1], "burst-3-rest-2");
    assert_string_equal(l->axes[t->axes[2]].name, "morale");
    assert_int_equal(l->axes[t->axes[2]].first_value, 4);
    assert_int_equal(l->axes[t->axes[3]].length, 9); /* penalty 0..8 */
    assert_true(l->n_columns <= MU_LAYOUT_MAX_COLUMNS && l->n_tables <= MU_LAYOUT_MAX_TABLES);
    run_games_free(&r);
    mu_experiment_free(&ex);
}

/* Game g's row depends on g alone: replaying games in another order, or
 * one game alone, gives the same rows. */
/* RULE bs.game.policy-rng */
static void test_bs_ruleset_games_depend_on_their_index_only(void **state)
{
    (void)state;
    static mu_experiment ex;
    static run_games a, b;
    load_file(STUDIES "charge-estimate-error.yaml", &ex, 20);
    assert_int_equal(run_games_prepare(&a, &ex, 1), 0);
    assert_int_equal(run_games_prepare(&b, &ex, 1), 0);
    run_games_play(&a, 42, 0, a.games, NULL);
    run_games_play(&b, 42, 50, b.games - 50, NULL);
    run_games_play(&b, 42, 0, 50, NULL);
    for (int c = 0; c < a.layout.n_columns; c++)
        assert_memory_equal(a.columns[c], b.columns[c], (size_t)a.games * mu_column_row_bytes(&a.layout, c));
    for (int t = 0; t < a.layout.n_tables; t++)
        assert_memory_equal(a.tables[t], b.tables[t], mu_table_cells(&a.layout, t) * sizeof(uint64_t));
    run_games_free(&a);
    run_games_free(&b);
    mu_experiment_free(&ex);
}

/* The forced policy marches on its schedule: five-then-rest makes 5
 * marches per unit, burst-3-rest-2 6 in 8 rounds, alternate 4; rows and
 * tables agree. */
/* RULE bs.game.unbounded-table */
static void test_bs_ruleset_forced_policy_keeps_its_schedule(void **state)
{
    (void)state;
    static mu_experiment ex;
    static run_games r;
    load_file(STUDIES "forced-march-attrition.yaml", &ex, 40);
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    run_games_play(&r, 7, 0, r.games, NULL);
    static const int marches[3] = {5, 6, 4};
    long failed = 0;
    for (uint64_t g = 0; g < r.games; g++) {
        assert_int_equal(run_games_cell(&r, "forced_marches", g, 0), 8 * marches[g % 3]); /* arms interleave */
        assert_int_equal(run_games_cell(&r, "rounds_played", g, 0), 8);
        assert_int_equal(run_games_cell(&r, "routs", g, 0), 0); /* closed units do not rout (7.15) */
        failed += run_games_cell(&r, "march_checks_failed", g, 0);
        long total = 0;
        for (int u = 0; u < 8; u++)
            total += run_games_cell(&r, "final_ar_penalty", g, u);
        assert_int_equal(total, run_games_cell(&r, "ar_penalty", g, 7));
    }
    assert_int_equal(table_sum(&r, "ar_penalty"), r.games * 8 * 8);
    assert_int_equal(table_sum(&r, "march_checks"), 40 * 8 * (5 + 6 + 4));
    const uint64_t *mc = r.tables[run_games_table(&r, "march_checks")];
    uint64_t failed_tab = 0;
    for (size_t k = 1; k < mu_table_cells(&r.layout, run_games_table(&r, "march_checks")); k += 2)
        failed_tab += mc[k];
    assert_int_equal(failed_tab, failed);
    run_games_free(&r);
    mu_experiment_free(&ex);
}

/* 7.14 with 7.7: a player who knows the true distance (estimate exact)
 * declares only charges that reach: every one is made; with a noisy
 * estimate some fall short or come too close. Declared charges in the
 * rows equal the charge tables. */
/* RULE bs.game.charge-estimate */
static void test_bs_ruleset_exact_estimates_never_fall_short(void **state)
{
    (void)state;
    static mu_experiment ex;
    static run_games r;
    load_file(STUDIES "charge-estimate-error.yaml", &ex, 200);
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    run_games_play(&r, 11, 0, r.games, NULL);
    long declared = 0, short_noisy = 0;
    for (uint64_t g = 0; g < r.games; g++) {
        declared += run_games_cell(&r, "charges_declared", g, 0);
        if (g % r.arms == 0) { /* arm 0: exact estimates (arms interleave) */
            assert_int_equal(run_games_cell(&r, "charges_short", g, 0), 0);
            assert_int_equal(run_games_cell(&r, "charges_too_close", g, 0), 0);
            assert_true(run_games_cell(&r, "charges_made", g, 0) >= 4); /* the lanes at 10..17in */
        } else {
            short_noisy += run_games_cell(&r, "charges_short", g, 0);
        }
    }
    assert_true(short_noisy > 0);
    assert_int_equal(table_sum(&r, "charges_by_range"), (uint64_t)declared);
    assert_int_equal(table_sum(&r, "charges_by_error"), (uint64_t)declared);
    run_games_free(&r);
    mu_experiment_free(&ex);
}

static const char rout_off[] =
    "schema: 1\nruleset: battlesystem\nseed: 3\ngames: 5\n"
    "scenario:\n  table: {width_in: 48, depth_in: 48}\n  rounds: 6\n  sides:\n"
    "    - name: Blue\n      units:\n"
    "        - {name: Rabble, kind: regular, formation: open, figures: 6, frontage: 6, rate_in: 12,"
    " ar: 18, morale: 0, x_in: 24, y_in: 20, facing_deg: -90, entry_in: [24, 0]}\n"
    "    - name: Red\n      units:\n"
    "        - {name: Watch, kind: regular, figures: 6, frontage: 6, rate_in: 6, ar: 15, morale: 10,"
    " x_in: 24, y_in: 44, facing_deg: -90}\n"
    "policies:\n  - sides: [{name: forced}, {name: hold}]\n";

/* 7.13 with 7.15: an open unit of morale 0 forced-marches 18" toward the
 * table edge (beyond its 12" rate, so it owes the check: bs.march.early-stop),
 * fails its forced-march check, routs away from the enemy over the edge
 * and is removed; its side has no unit left, so the game ends after that
 * round. */
/* RULE bs.game.end bs.march.early-stop */
static void test_bs_ruleset_rout_off_the_table_ends_the_game(void **state)
{
    (void)state;
    static mu_experiment ex;
    static run_games r;
    load_text(rout_off, &ex);
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    run_games_play(&r, 5, 0, r.games, NULL);
    for (uint64_t g = 0; g < r.games; g++) {
        assert_int_equal(run_games_cell(&r, "routs", g, 0), 1);
        assert_int_equal(run_games_cell(&r, "units_removed", g, 0), 1);
        assert_int_equal(run_games_cell(&r, "rounds_played", g, 0), 1);
        assert_int_equal(run_games_cell(&r, "ar_penalty", g, 1), -1); /* round 2 not played */
        assert_int_equal(run_games_cell(&r, "unit_fate", g, 0), 3);   /* removed */
        assert_int_equal(run_games_cell(&r, "unit_fate", g, 1), 0);   /* free */
    }
    run_games_free(&r);
    mu_experiment_free(&ex);
}

static const char engaged[] =
    "schema: 1\nruleset: battlesystem\nseed: 3\ngames: 4\n"
    "scenario:\n  table: {width_in: 48, depth_in: 48}\n  rounds: 4\n  sides:\n"
    "    - name: Blue\n      units:\n"
    "        - {name: Wide, kind: regular, figures: 16, frontage: 8, rate_in: 9, ar: 15, morale: 12,"
    " x_in: 24, y_in: 20, facing_deg: 90}\n"
    "    - name: Red\n      units:\n"
    "        - {name: Narrow, kind: regular, figures: 8, frontage: 4, rate_in: 9, ar: 15, morale: 12,"
    " x_in: 24, y_in: 20, facing_deg: -90}\n"
    "policies:\n  - sides: [{name: steady}, {name: hold}]\n";

/* 7.8, 7.11: units that begin in contact stay engaged (melee is not in
 * our text); the steady side wraps its overhanging figures around once. */
static void test_bs_ruleset_units_in_contact_stay_engaged(void **state)
{
    (void)state;
    static mu_experiment ex;
    static run_games r;
    load_text(engaged, &ex);
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    run_games_play(&r, 5, 0, r.games, NULL);
    for (uint64_t g = 0; g < r.games; g++) {
        assert_int_equal(run_games_cell(&r, "wrap_arounds", g, 0), 1);
        assert_int_equal(run_games_cell(&r, "unit_fate", g, 0), 1); /* engaged */
        assert_int_equal(run_games_cell(&r, "unit_fate", g, 1), 1);
        assert_int_equal(run_games_cell(&r, "rounds_played", g, 0), 4);
    }
    run_games_free(&r);
    mu_experiment_free(&ex);
}

/* The replay trace shows the deployment, initiative rolls, plans, actions
 * and checks, and every re-rolled die matches the dice the rules used. */
/* RULE bs.game.round-order bs.game.rally bs.game.replay-rolls */
static void test_bs_ruleset_trace_shows_rolls_actions_and_fates(void **state)
{
    (void)state;
    static mu_experiment ex;
    static run_games r;
    load_text(rout_off, &ex);
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *trace = open_memstream(&buf, &len);
    run_games_play(&r, 5, 2, 1, trace);
    fclose(trace);
    assert_non_null(strstr(buf, "deployment:"));
    assert_non_null(strstr(buf, "initiative: Blue 1d10 = "));
    assert_non_null(strstr(buf, "Rabble (forced): forced march 1"));
    assert_non_null(strstr(buf, "Morale Check needs 0 or less, rolls "));
    assert_non_null(strstr(buf, "ROUTS"));
    assert_non_null(strstr(buf, "removed (routed off the table)"));
    assert_null(strstr(buf, "could not be matched"));
    free(buf);
    run_games_free(&r);
    mu_experiment_free(&ex);
}

/* Each /games column holds the game value it is named after: a finished
 * game with a distinct value in every counter, round and unit is recorded,
 * and every column is read back by name. The list below restates which
 * engine value each column reports, so a column filled from the wrong
 * value (two fields swapped, say) fails here. */
static void test_bs_ruleset_row_columns_hold_their_values(void **state)
{
    (void)state;
    static mu_experiment ex;
    static run_games r;
    load_file(STUDIES "forced-march-attrition.yaml", &ex, 1);
    assert_int_equal(run_games_prepare(&r, &ex, 1), 0);
    assert_int_equal(r.games, 3); /* one game per policies entry */
    const bs_ctx *c = r.ctx;
    bs_state *s = calloc(1, sizeof *s);
    assert_non_null(s);
    bs_ruleset.setup(c, 2, s);
    bs_tally *t = &s->tally;
    const struct { const char *column; uint32_t *value; } counts[] = {
        {"forced_marches", &t->forced_marches},   {"march_checks_failed", &t->march_checks_failed},
        {"march_lost_bonus", &t->march_lost_bonus}, {"march_halted", &t->march_halted},
        {"march_ambushed", &t->march_ambushed},   {"morale_passed", &t->morale_passed},
        {"morale_failed", &t->morale_failed},     {"discipline_passed", &t->discipline_passed},
        {"discipline_failed", &t->discipline_failed}, {"charges_declared", &t->charges_declared},
        {"charges_made", &t->charges_made},       {"charges_short", &t->charges_short},
        {"charges_too_close", &t->charges_too_close}, {"routs", &t->routs},
        {"rout_chains", &t->rout_chain},          {"broken_around", &t->broken_around},
        {"rally_attempts", &t->rally_attempts},   {"rallies", &t->rally_successes},
        {"withdrawals", &t->withdrawals},         {"withdrawals_followed", &t->withdrawals_followed},
        {"wrap_arounds", &t->wrap_arounds},       {"units_removed", &t->units_removed},
        {"units_destroyed", &t->units_destroyed}, {"units_captured", &t->units_captured},
    };
    const int n_counts = (int)(sizeof counts / sizeof counts[0]);
    for (int i = 0; i < n_counts; i++)
        *counts[i].value = (uint32_t)(101 + i);
    t->withdrawals_stayed = t->figures_captured = 999; /* in no column */
    s->round = 5;
    for (int k = 0; k < 8; k++) {
        s->ar_penalty[k] = (int16_t)(k < 5 ? 300 + k : -1);
        s->initiative[k] = (int8_t)(k < 5 ? (k * 7) % 2 : -1);
    }
    int fates[8];
    for (int u = 0; u < 8; u++) {
        s->field.units[u].ar = s->field.units[u].ar_original + u;
        fates[u] = bs_fate(&s->field, u);
    }
    s->field.units[0].status = BS_REMOVED, fates[0] = FATE_REMOVED;
    s->field.units[3].status = BS_DESTROYED, fates[3] = FATE_DESTROYED;
    s->field.units[5].routed = 1, fates[5] = FATE_ROUTING;

    mu_sink sink = {.columns = r.columns, .row = 1, .tables = r.tables};
    bs_record(c, s, &sink);
    assert_int_equal(run_games_cell(&r, "arm", 1, 0), 2);
    assert_int_equal(run_games_cell(&r, "rounds_played", 1, 0), 5);
    for (int i = 0; i < n_counts; i++) {
        if (run_games_cell(&r, counts[i].column, 1, 0) != 101 + i)
            print_error("column %s\n", counts[i].column);
        assert_int_equal(run_games_cell(&r, counts[i].column, 1, 0), 101 + i);
    }
    for (int k = 0; k < 8; k++) {
        assert_int_equal(run_games_cell(&r, "ar_penalty", 1, k), k < 5 ? 300 + k : -1);
        assert_int_equal(run_games_cell(&r, "initiative", 1, k), k < 5 ? (k * 7) % 2 : -1);
    }
    for (int u = 0; u < 8; u++) {
        assert_int_equal(run_games_cell(&r, "final_ar_penalty", 1, u), u);
        assert_int_equal(run_games_cell(&r, "unit_fate", 1, u), fates[u]);
    }
    /* every column was checked: the counters, arm, rounds_played and the four arrays */
    assert_int_equal(r.layout.n_columns, n_counts + 2 + 4);
    free(s);
    run_games_free(&r);
    mu_experiment_free(&ex);
}

static void test_bs_ruleset_bins(void **state)
{
    (void)state;
    assert_int_equal(bs_error_bin(0.0), 0);
    assert_int_equal(bs_error_bin(0.0499), 0);
    assert_int_equal(bs_error_bin(0.10), 2);
    assert_int_equal(bs_error_bin(-0.01), -1);
    assert_int_equal(bs_error_bin(-0.9), BS_ERROR_BIN_MIN);
    assert_int_equal(bs_error_bin(0.7), BS_ERROR_BIN_MIN + BS_ERROR_BINS - 1);
    assert_int_equal(bs_range_bin(0.0, 100.0), 0);
    assert_int_equal(bs_range_bin(150.0, 100.0), 15);
    assert_int_equal(bs_range_bin(199.0, 100.0), 19);
    assert_int_equal(bs_range_bin(1e9, 100.0), BS_RANGE_BINS - 1);
    assert_int_equal(bs_range_bin(1.0 / 0.0, 100.0), BS_RANGE_BINS - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bs_ruleset_is_registered),
        cmocka_unit_test(test_bs_ruleset_layout),
        cmocka_unit_test(test_bs_ruleset_games_depend_on_their_index_only),
        cmocka_unit_test(test_bs_ruleset_forced_policy_keeps_its_schedule),
        cmocka_unit_test(test_bs_ruleset_exact_estimates_never_fall_short),
        cmocka_unit_test(test_bs_ruleset_rout_off_the_table_ends_the_game),
        cmocka_unit_test(test_bs_ruleset_units_in_contact_stay_engaged),
        cmocka_unit_test(test_bs_ruleset_trace_shows_rolls_actions_and_fates),
        cmocka_unit_test(test_bs_ruleset_row_columns_hold_their_values),
        cmocka_unit_test(test_bs_ruleset_bins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
