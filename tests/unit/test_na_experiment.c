/* Ninth Age experiment files and data files: the example loads to the
 * expected values; each bad file (tests/unit/na/bad/exp-*.yaml, with a
 * bad profiles or scenario file) fails with exactly its line of
 * expected.txt, positioned in the file the problem is in (a data file
 * that cannot be read: at the experiment's key naming it), status 65.
 * Runs in tests/unit/na/bad. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/status.h"

#include "ninth_age/na_study.h"

#define IN 25.4

/* RULE na.data.profiles na.data.scenario */
static void test_na_data_errors_are_positioned(void **state)
{
    (void)state;
    FILE *f = fopen("expected.txt", "r");
    assert_non_null(f);
    char line[2048];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        line[strcspn(line, "\n")] = '\0';
        char *tab = strchr(line, '\t');
        assert_non_null(tab);
        *tab = '\0';
        static mu_experiment ex;
        char err[1024];
        int rc = mu_experiment_load(line, &ex, err, sizeof err);
        assert_int_equal(rc, MU_EXIT_DATAERR);
        if (strcmp(err, tab + 1) != 0)
            fail_msg("%s:\n got  %s\n want %s", line, err, tab + 1);
        n++;
    }
    fclose(f);
    assert_true(n >= 8);
}

static void test_na_example_loads(void **state)
{
    (void)state;
    static mu_experiment ex;
    char err[1024];
    int rc = mu_experiment_load(MUSTER_SOURCE_DIR "/experiments/examples/na-minimal.yaml", &ex, err, sizeof err);
    if (rc)
        fail_msg("%s", err);
    const na_study *st = ex.config;
    assert_string_equal(ex.ruleset->name, "ninth-age");
    assert_int_equal(st->n_arms, 2);
    assert_int_equal(st->turns, 6);
    assert_int_equal(st->start.n_units, 6);
    assert_true(st->rules.march_radius_mm == 8 * IN);
    assert_true(st->rules.spacing_mm == 1 * IN);
    assert_int_equal(st->rules.test_dice, 2);
    assert_true(st->start.units[1].p.march_mm == 14 * IN); /* Knights */
    assert_true(st->start.units[0].p.base_w_mm == 20);
    assert_int_equal(st->table.n_objectives, 1);
    assert_string_equal(st->arms[1].label, "flanker-vs-random");
    mu_experiment_free(&ex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_na_data_errors_are_positioned),
        cmocka_unit_test(test_na_example_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
