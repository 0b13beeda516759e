/* `muster odds`: exact odds in closed form from the calculators the rule
 * systems register (mu_ruleset.odds_tools, src/rules/registry.c). The
 * command picks a calculator by its option, given anywhere among the
 * options, or the registry's default calculator when none is given; runs
 * it; and prints the help it asks for. It knows no system itself. */
#include "muster/cmdline.h"
#include "commands.h"

#include "muster/ruleset.h"
#include "muster/status.h"

#include <stdio.h>
#include <string.h>

#define CMD "odds"

/* Width of "Usage: muster odds ", where a continued usage line starts. */
#define USAGE_INDENT 19

/* Returns the registered calculator whose option is arg, or NULL. */
static const mu_odds_tool *tool_by_option(const char *arg)
{
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        for (int t = 0; t < rs->n_odds_tools; t++)
            if (rs->odds_tools[t].option && strcmp(arg, rs->odds_tools[t].option) == 0)
                return &rs->odds_tools[t];
    }
    return NULL;
}

/* Returns the first registered calculator without an option, or NULL. */
static const mu_odds_tool *default_tool(void)
{
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        for (int t = 0; t < rs->n_odds_tools; t++)
            if (rs->odds_tools[t].option == NULL)
                return &rs->odds_tools[t];
    }
    return NULL;
}

/* Prints t's usage lines, the first one led by "Usage: " when *first is
 * set (then cleared), and tail after the last. */
static void print_usage(FILE *f, const mu_odds_tool *t, int *first, const char *tail)
{
    const char *line = t->usage;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (line[0] == ' ') { /* continues the form above */
            size_t skip = strspn(line, " ");
            fprintf(f, "%*s%.*s", USAGE_INDENT, "", (int)(len - skip), line + skip);
        } else {
            fprintf(f, "%s%.*s", *first ? "Usage: muster odds " : "       muster odds ", (int)len, line);
            *first = 0;
        }
        line += len + (end != NULL);
        fputs(*line ? "\n" : tail, f);
    }
}

void odds_print_tools(FILE *f)
{
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        for (int t = 0; t < rs->n_odds_tools; t++) {
            const mu_odds_tool *tool = &rs->odds_tools[t];
            fprintf(f, "  %-15s %-22s %s\n", tool->option ? tool->option : "(no option)", rs->name, tool->summary);
        }
    }
}

/* `muster odds --help` without a calculator's option: every calculator's
 * usage, the list, then the default calculator's own help. */
static void print_overview(FILE *f, const mu_odds_tool *fallback)
{
    int first = 1;
    if (fallback)
        print_usage(f, fallback, &first, "\n");
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        for (int t = 0; t < rs->n_odds_tools; t++) {
            const mu_odds_tool *tool = &rs->odds_tools[t];
            if (tool == fallback)
                continue;
            char tail[64];
            snprintf(tail, sizeof tail, "   (see %s --help)\n", tool->option ? tool->option : "");
            print_usage(f, tool, &first, tail);
        }
    }
    fprintf(f, "\nExact odds, in closed form, of questions the rule systems' players ask.\n"
               "The calculators, each chosen by its option (and the ruleset it belongs to):\n");
    odds_print_tools(f);
    if (fallback)
        fprintf(f, "\nWithout an option:\n%s", fallback->help);
    else
        fprintf(f, "\n'muster odds OPTION --help' describes a calculator.\n");
}

/* `muster odds OPTION --help`: the calculator's usage and help. */
static void print_tool_help(FILE *f, const mu_odds_tool *t)
{
    int first = 1;
    print_usage(f, t, &first, "\n");
    fprintf(f, "\n%s", t->help);
}

int cmd_odds(int argc, char **argv)
{
    const mu_odds_tool *tool = NULL;
    for (int i = 1; i < argc && tool == NULL; i++)
        tool = tool_by_option(argv[i]);
    if (tool) {
        int rc = tool->run(argc, argv);
        if (rc == MU_ODDS_HELP)
            print_tool_help(stdout, tool);
        return rc == MU_ODDS_HELP ? MU_EXIT_OK : rc;
    }
    const mu_odds_tool *fallback = default_tool();
    if (fallback) {
        int rc = fallback->run(argc, argv);
        if (rc == MU_ODDS_HELP)
            print_overview(stdout, fallback);
        return rc == MU_ODDS_HELP ? MU_EXIT_OK : rc;
    }
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            print_overview(stdout, NULL);
            return MU_EXIT_OK;
        }
    return mu_usage_error(CMD, "no calculator chosen: give one of the options 'muster odds --help' lists");
}
