/* The cca experiment section, scenario and deck files: every case of
 * cca_bad/ fails with exactly its line of cca_bad/expected.txt (run from
 * tests/io), and a valid experiment loads to the values it gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cca/cca_study.h"
#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/status.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

/* Each case fails with its exact line and MU_EXIT_DATAERR; every case file
 * has a line (a case without one would never run). */
/* RULE cca.field.scenario cca.move.other-cavalry cca.cards.deck */
static void test_cca_bad_files_fail_with_their_exact_line(void **state)
{
    (void)state;
    FILE *f = fopen("cca_bad/expected.txt", "r");
    assert_non_null(f);
    char buf[1024];
    int n = 0;
    while (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\n")] = '\0';
        if (buf[0] == '#' || buf[0] == '\0')
            continue;
        char *bar = strchr(buf, '|');
        assert_non_null(bar);
        *bar = '\0';
        mu_experiment ex;
        char err[1024];
        int rc = mu_experiment_load(buf, &ex, err, sizeof err);
        if (rc != MU_EXIT_DATAERR || strcmp(err, bar + 1) != 0)
            print_error("%s: status %d, got\n  %s\nwant\n  %s\n", buf, rc, err, bar + 1);
        assert_int_equal(rc, MU_EXIT_DATAERR);
        assert_string_equal(err, bar + 1);
        n++;
    }
    fclose(f);
    int files = 0;
    DIR *dir = opendir("cca_bad");
    assert_non_null(dir);
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        files += len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0;
    }
    closedir(dir);
    assert_int_equal(files, n);
    assert_true(n >= 18);
}

/* The valid experiment: its scenario, deck and policies as given. */
/* RULE cca.field.scenario */
static void test_cca_good_experiment_loads(void **state)
{
    (void)state;
    mu_experiment ex;
    char err[1024];
    assert_int_equal(mu_experiment_load("cca-good.yaml", &ex, err, sizeof err), 0);
    const cca_study *st = ex.config;
    assert_string_equal(ex.ruleset->name, "cca");
    assert_int_equal(st->board.width, 7);
    assert_int_equal(st->board.rows, 5);
    assert_int_equal(st->turns, 4);
    assert_int_equal(st->hand[0], 3);
    assert_int_equal(st->deck.size, 9);
    assert_int_equal(st->deck.n_kinds, 3);
    assert_int_equal(st->start.n_units, 3);
    assert_int_equal(st->start.n_leaders, 1);
    assert_int_equal(st->start.leaders[0].unit, 0); /* BL deployed with B1 */
    assert_int_equal(st->start.units[0].leader, 0);
    int woods = st->board.terrain[cca_board_cell(&st->board, 3, 2)];
    assert_string_equal(st->board.terrain_rule[woods].name, "woods");
    assert_true(st->board.terrain_rule[woods].stops);
    assert_int_equal(st->n_arms, 1);
    assert_int_equal(st->arms[0].side[1].kind, CCA_PROTECT);
    assert_int_equal(st->arms[0].side[1].escape, 0);
    assert_string_equal(st->arms[0].label, "advance-vs-protect");
    mu_experiment_free(&ex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cca_bad_files_fail_with_their_exact_line),
        cmocka_unit_test(test_cca_good_experiment_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
