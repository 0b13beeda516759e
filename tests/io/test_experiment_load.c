/* mu_experiment_load: every malformed file of bad/ fails with its exact
 * line from bad/expected.txt, and valid files load to the expected values.
 * Runs in tests/io (CTest WORKING_DIRECTORY), so paths are relative. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/status.h"

#include "bad_cases.h"
#include "warmaster/wm_drill_config.h"

/* The experiment's order-drill section. */
#define DRILL(e) ((const wm_drill_config *)(e).config)


static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(1 << 16);
    assert_non_null(buf);
    *len = fread(buf, 1, (1 << 16) - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

static void assert_zeroed(const mu_experiment *ex)
{
    static const mu_experiment zero;
    assert_memory_equal(ex, &zero, sizeof zero);
}

/* Each file of bad/ is rejected with exactly its line and MU_EXIT_DATAERR,
 * leaving nothing to free. */
static void test_bad_files_fail_with_their_exact_line(void **state)
{
    (void)state;
    static bad_case cases[BAD_MAX_CASES];
    static mu_experiment ex;
    int n = bad_read_cases(cases, BAD_MAX_CASES);
    assert_true(n >= 19);
    for (int i = 0; i < n; i++) {
        char err[1536] = "";
        int rc = mu_experiment_load(cases[i].file, &ex, err, sizeof err);
        if (rc != MU_EXIT_DATAERR || strcmp(err, cases[i].line) != 0)
            print_error("%s: status %d\n", cases[i].file, rc);
        assert_int_equal(rc, MU_EXIT_DATAERR);
        assert_string_equal(err, cases[i].line);
        assert_zeroed(&ex);
    }
}

/* A fixture without an expected line would be a test that never runs. */
static void test_every_bad_file_has_an_expected_line(void **state)
{
    (void)state;
    bad_assert_every_file_has_a_line();
}

static void test_minimal_example_loads(void **state)
{
    (void)state;
    static mu_experiment ex;
    const char *path = "../../experiments/examples/drill-minimal.yaml";
    char err[1536] = "";
    assert_int_equal(mu_experiment_load(path, &ex, err, sizeof err), MU_EXIT_OK);
    assert_string_equal(err, "");
    assert_string_equal(ex.path, path);
    assert_int_equal(ex.schema, MU_SCHEMA_VERSION);
    assert_string_equal(ex.ruleset->name, "warmaster-order-drill");
    assert_true(ex.seed == 2026 && ex.games == 1000);
    assert_string_equal(ex.output, "");
    assert_int_equal(ex.per_game_rows, 1);
    wm_order_rules def = wm_order_rules_default();
    assert_true(DRILL(ex)->order_rules.distance_step_mm == def.distance_step_mm);
    assert_true(DRILL(ex)->order_rules.enemy_close_mm == def.enemy_close_mm);
    assert_int_equal(DRILL(ex)->order_rules.blunder_on_12, def.blunder_on_12);
    const wm_drill_study *st = &DRILL(ex)->study;
    assert_int_equal(st->n_characters, 2);
    assert_int_equal(st->general, 0);
    assert_string_equal(st->characters[1].name, "Hero");
    assert_true(st->characters[0].is_general && !st->characters[1].is_general);
    assert_true(st->characters[0].command == 9 && st->characters[1].command == 8);
    assert_int_equal(st->n_units, 3);
    assert_true(st->units[0].distance_mm[0] == 150.0 && st->units[0].distance_mm[1] == 150.0);
    assert_true(st->units[1].distance_mm[0] == 300.0 && st->units[1].distance_mm[1] == 100.0);
    assert_int_equal(st->units[0].ordered_by, 0);
    assert_int_equal(st->units[1].ordered_by, 1);
    assert_true(isinf(st->units[0].enemy_distance_mm));
    assert_true(st->units[2].enemy_distance_mm == 180.0);
    assert_true(st->units[2].brigade == -1 && st->n_brigades == 0);
    assert_int_equal(DRILL(ex)->n_arms, 1);
    assert_string_equal(DRILL(ex)->arms[0].label, "as-listed");
    assert_int_equal(DRILL(ex)->arms[0].kind, WM_DRILL_AS_LISTED);
    assert_true(DRILL(ex)->arms[0].orders_per_unit == 3 && DRILL(ex)->arms[0].use_brigades == 1);
    mu_experiment_free(&ex);
    assert_null(ex.text);
}

static void assert_unit(const wm_drill_unit *u, const char *name, const double mm[3], double enemy_mm,
                        int dense, int lost, int ordered_by, int brigade)
{
    assert_string_equal(u->name, name);
    for (int c = 0; c < 3; c++)
        assert_true(u->distance_mm[c] == mm[c]);
    assert_true(u->enemy_distance_mm == enemy_mm);
    assert_int_equal(u->in_dense_terrain, dense);
    assert_int_equal(u->stands_lost, lost);
    assert_int_equal(u->ordered_by, ordered_by);
    assert_int_equal(u->brigade, brigade);
}

static void assert_policy(const wm_drill_policy *p, const char *label, wm_drill_policy_kind kind,
                          int orders, int brigades)
{
    assert_string_equal(p->label, label);
    assert_int_equal(p->kind, kind);
    assert_int_equal(p->orders_per_unit, orders);
    assert_int_equal(p->use_brigades, brigades);
}

/* good/full.yaml uses every key, in block and flow style, quoted and not. */
static void test_full_file_loads_every_key(void **state)
{
    (void)state;
    static mu_experiment ex;
    char err[1536] = "";
    assert_int_equal(mu_experiment_load("good/full.yaml", &ex, err, sizeof err), MU_EXIT_OK);
    assert_true(ex.seed == UINT64_MAX && ex.games == 1000000000000ULL);
    assert_string_equal(ex.output, "results/full.h5");
    assert_int_equal(ex.per_game_rows, 0);
    assert_true(DRILL(ex)->order_rules.distance_step_mm == 250.0 && DRILL(ex)->order_rules.enemy_close_mm == 125.0);
    assert_int_equal(DRILL(ex)->order_rules.blunder_on_12, 0);
    const wm_drill_study *st = &DRILL(ex)->study;
    assert_int_equal(st->n_characters, 3);
    assert_int_equal(st->general, 1);
    assert_string_equal(st->characters[2].name, "Hero Right");
    assert_int_equal(st->characters[1].command, 10);
    assert_int_equal(st->characters[2].command, 2);
    assert_int_equal(st->n_units, 7);
    assert_unit(&st->units[0], "Halberdiers", (double[]){80, 350, 600}, INFINITY, 0, 0, 0, 0);
    assert_unit(&st->units[1], "Spearmen", (double[]){100, 380, 625}, 180, 0, 0, 0, 0);
    assert_unit(&st->units[2], "Crossbowmen", (double[]){120, 120, 120}, INFINITY, 0, 0, 0, 0);
    assert_unit(&st->units[3], "Archers", (double[]){5, 5, 5}, INFINITY, 1, 0, 0, 0);
    assert_unit(&st->units[4], "Knights", (double[]){1000, 1000, 1000}, INFINITY, 0, 3, 1, 1);
    assert_unit(&st->units[5], "Pistoliers", (double[]){0, 0, 0}, 0, 0, 0, 1, 1);
    assert_unit(&st->units[6], "Free Company", (double[]){400, 400, 400}, INFINITY, 0, 0, 2, -1);
    assert_int_equal(st->n_brigades, 2);
    assert_string_equal(st->brigade_names[0], "left");
    assert_string_equal(st->brigade_names[1], "right");
    assert_int_equal(DRILL(ex)->n_arms, 5);
    assert_policy(&DRILL(ex)->arms[0], "heroes-first", WM_DRILL_HEROES_FIRST, 3, 1);
    assert_policy(&DRILL(ex)->arms[1], "heroes-first x1", WM_DRILL_HEROES_FIRST, 1, 0);
    assert_policy(&DRILL(ex)->arms[2], "n", WM_DRILL_NEAREST_FIRST, 2, 1);
    assert_policy(&DRILL(ex)->arms[3], "general-first", WM_DRILL_GENERAL_FIRST, 3, 1);
    assert_policy(&DRILL(ex)->arms[4], "as-listed", WM_DRILL_AS_LISTED, 3, 1);
    mu_experiment_free(&ex);
}

/* The file is kept verbatim for the HDF5 provenance attribute. */
static void test_text_is_the_file_verbatim(void **state)
{
    (void)state;
    static mu_experiment ex;
    char err[1536] = "";
    size_t len;
    char *want = slurp("good/full.yaml", &len);
    assert_int_equal(mu_experiment_load("good/full.yaml", &ex, err, sizeof err), MU_EXIT_OK);
    assert_int_equal(ex.text_len, len);
    assert_memory_equal(ex.text, want, len + 1);
    mu_experiment_free(&ex);
    mu_experiment_free(&ex); /* safe again: text was reset */
    free(want);
}

/* The project's own experiment files stay valid. */
static void test_project_experiments_load(void **state)
{
    (void)state;
    static const char *const files[] = {"../../experiments/default.yaml",
                                        "../../experiments/studies/order-sequence.yaml",
                                        "../../experiments/studies/order-drill.yaml"};
    static mu_experiment ex;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char err[1536] = "";
        int rc = mu_experiment_load(files[i], &ex, err, sizeof err);
        if (rc != MU_EXIT_OK)
            print_error("%s\n", err);
        assert_int_equal(rc, MU_EXIT_OK);
        mu_experiment_free(&ex);
    }
}

static void test_unreadable_file_is_noinput(void **state)
{
    (void)state;
    static mu_experiment ex;
    char err[1536] = "";
    assert_int_equal(mu_experiment_load("bad/no-such-file.yaml", &ex, err, sizeof err), MU_EXIT_NOINPUT);
    assert_string_equal(err, "bad/no-such-file.yaml: error: cannot read: No such file or directory");
    assert_zeroed(&ex);
    assert_int_equal(mu_experiment_load("bad", &ex, err, sizeof err), MU_EXIT_NOINPUT);
    assert_string_equal(err, "bad: error: cannot read: not a regular file");
    assert_zeroed(&ex);
    mu_experiment_free(&ex); /* safe on a zeroed experiment */
}

/* A short buffer gets a truncated, terminated line, never an overflow. */
static void test_short_error_buffer_is_truncated(void **state)
{
    (void)state;
    static mu_experiment ex;
    char err[16];
    memset(err, 'x', sizeof err);
    assert_int_equal(mu_experiment_load("bad/bad-policy.yaml", &ex, err, sizeof err), MU_EXIT_DATAERR);
    assert_string_equal(err, "bad/bad-policy.");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_files_fail_with_their_exact_line),
        cmocka_unit_test(test_every_bad_file_has_an_expected_line),
        cmocka_unit_test(test_minimal_example_loads),
        cmocka_unit_test(test_full_file_loads_every_key),
        cmocka_unit_test(test_text_is_the_file_verbatim),
        cmocka_unit_test(test_project_experiments_load),
        cmocka_unit_test(test_unreadable_file_is_noinput),
        cmocka_unit_test(test_short_error_buffer_is_truncated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
