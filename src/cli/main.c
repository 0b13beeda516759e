/* muster: the command-line front end. Dispatches to a subcommand. */
#include "muster/cmdline.h"
#include "commands.h"

#include "muster/buildinfo.h"
#include "muster/output.h"
#include "muster/ruleset.h"
#include "muster/status.h"
#include "muster/team.h"

#include <stdio.h>
#include <string.h>

struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct subcommand subcommands[] = {
    {"run", cmd_run, "play an experiment's games in parallel and write HDF5 results"},
    {"merge", cmd_merge, "join the shards of a run (run --shard K/N) into the whole run's file"},
    {"replay", cmd_replay, "play one game again, printing every roll, order and move"},
    {"validate", cmd_validate, "check experiment files without running them"},
    {"info", cmd_info, "show what a results file holds: provenance, status, summary"},
    {"odds", cmd_odds, "exact odds in closed form: the rule systems' calculators (below)"},
};

static void print_help(FILE *f)
{
    fprintf(f, "Usage: muster COMMAND [OPTIONS]\n"
               "       muster --help | --version\n\n"
               "muster plays tabletop wargame rules many times over and measures the\n"
               "odds. Commands:\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(f, "  %-9s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(f, "\nRulesets (an experiment file's `ruleset:`; 'muster info --rulesets' for more):\n");
    for (int i = 0; mu_ruleset_at(i); i++)
        fprintf(f, "  %-22s %s\n", mu_ruleset_at(i)->name, mu_ruleset_at(i)->summary);
    fprintf(f, "\nOdds calculators ('muster odds OPTION ...'):\n");
    odds_print_tools(f);
    fprintf(f, "\n'muster COMMAND --help' describes a command.\n"
               "Exit status: 0 done, 64 usage error, 65 bad input data, 66 input not found,\n"
               "73 cannot create output, 74 I/O error, 130 interrupted.\n");
}

int main(int argc, char **argv)
{
    mu_output_hdf5_init();
    if (argc < 2)
        return mu_usage_error(NULL, "no command given");
    const char *name = argv[1];
    int is_help = strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0;
    if ((is_help || strcmp(name, "--version") == 0) && argc > 2)
        return mu_usage_error(NULL, "unexpected argument '%s'", argv[2]);
    if (is_help) {
        print_help(stdout);
        return MU_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0) {
        printf("muster %s (git %s)%s\n", mu_tool_version, mu_git_commit,
               mu_team_mpi_built() ? ", with MPI" : ", without MPI");
        return MU_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(name, subcommands[i].name) == 0)
            return subcommands[i].run(argc - 1, argv + 1);
    return mu_usage_error(NULL, "unknown command '%s'", name);
}
