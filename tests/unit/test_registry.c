/* The registry (src/rules/registry.c) as the rest of muster relies on it:
 * every registered ruleset is complete (name, summary, hooks), findable
 * by name, has an example experiment that loads as that ruleset, and its
 * `muster odds` calculators can be told apart (options unique and
 * well-formed, at most one default) and hand --help back to the CLI.
 * Nothing here names a rule system: adding one to the registry adds it to
 * every test below. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/status.h"

static int n_rulesets(void)
{
    int n = 0;
    while (mu_ruleset_at(n))
        n++;
    return n;
}

static int is_one_word(const char *s)
{
    if (s == NULL || *s == '\0')
        return 0;
    for (; *s; s++)
        if (isspace((unsigned char)*s))
            return 0;
    return 1;
}

static int is_one_line(const char *s)
{
    return s != NULL && *s != '\0' && strchr(s, '\n') == NULL;
}

static void test_registry_lists_complete_rulesets(void **state)
{
    (void)state;
    assert_true(n_rulesets() > 0);
    assert_null(mu_ruleset_at(-1));
    assert_null(mu_ruleset_at(n_rulesets()));
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        print_message("ruleset %s\n", rs->name ? rs->name : "(no name)");
        assert_true(is_one_word(rs->name));
        assert_true(is_one_line(rs->summary));
        assert_non_null(rs->experiment_schema);
        assert_non_null(rs->load_config);
        assert_non_null(rs->free_config);
        assert_non_null(rs->prepare);
        assert_true(rs->state_size > 0);
        assert_non_null(rs->setup);
        assert_non_null(rs->play_turn);
        assert_non_null(rs->is_over);
        assert_non_null(rs->record);
        assert_non_null(rs->release);
        assert_true(rs->n_odds_tools >= 0);
        assert_true(rs->n_odds_tools == 0 || rs->odds_tools != NULL);
    }
}

static void test_registry_finds_each_ruleset_by_its_name_only(void **state)
{
    (void)state;
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        assert_ptr_equal(mu_ruleset_find(rs->name), rs);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(mu_ruleset_at(j)->name, rs->name);
    }
    assert_null(mu_ruleset_find("no-such-ruleset"));
    assert_null(mu_ruleset_find(""));
}

/* The example is what the battery (tests/battery) runs: it must exist and
 * be an experiment of this very ruleset. */
static void test_registry_example_loads_as_its_ruleset(void **state)
{
    (void)state;
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        assert_true(is_one_word(rs->example));
        assert_true(rs->example[0] != '/');
        char path[1024], err[1536] = "";
        snprintf(path, sizeof path, "%s/%s", MUSTER_SOURCE_DIR, rs->example);
        static mu_experiment ex;
        int rc = mu_experiment_load(path, &ex, err, sizeof err);
        if (rc != MU_EXIT_OK)
            print_error("%s: %s\n", rs->name, err);
        assert_int_equal(rc, MU_EXIT_OK);
        assert_ptr_equal(ex.ruleset, rs);
        mu_experiment_free(&ex);
    }
}

static void test_registry_odds_tools_are_distinct(void **state)
{
    (void)state;
    int defaults = 0;
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        for (int t = 0; t < rs->n_odds_tools; t++) {
            const mu_odds_tool *tool = &rs->odds_tools[t];
            assert_non_null(tool->usage);
            assert_true(tool->usage[0] != '\0' && tool->usage[0] != ' ');
            assert_true(is_one_line(tool->summary));
            assert_non_null(tool->help);
            assert_true(strlen(tool->help) > 0 && tool->help[strlen(tool->help) - 1] == '\n');
            assert_non_null(tool->run);
            if (tool->option == NULL) {
                defaults++;
                continue;
            }
            assert_true(is_one_word(tool->option) && strncmp(tool->option, "--", 2) == 0);
            for (int j = 0; j <= i; j++)
                for (int u = 0; u < (j < i ? mu_ruleset_at(j)->n_odds_tools : t); u++) {
                    const char *other = mu_ruleset_at(j)->odds_tools[u].option;
                    assert_true(other == NULL || strcmp(other, tool->option) != 0);
                }
        }
    }
    assert_true(defaults <= 1);
}

/* --help, with or without the tool's own option, hands the help back to
 * the caller (which prints it from usage and help). */
static void test_registry_odds_tools_return_help(void **state)
{
    (void)state;
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        for (int t = 0; t < rs->n_odds_tools; t++) {
            const mu_odds_tool *tool = &rs->odds_tools[t];
            char odds[] = "odds", help[] = "--help", option[64];
            snprintf(option, sizeof option, "%s", tool->option ? tool->option : "--help");
            char *argv[] = {odds, option, help, NULL};
            assert_int_equal(tool->run(3, argv), MU_ODDS_HELP);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry_lists_complete_rulesets),
        cmocka_unit_test(test_registry_finds_each_ruleset_by_its_name_only),
        cmocka_unit_test(test_registry_example_loads_as_its_ruleset),
        cmocka_unit_test(test_registry_odds_tools_are_distinct),
        cmocka_unit_test(test_registry_odds_tools_return_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
