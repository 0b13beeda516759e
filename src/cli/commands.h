/* The muster subcommands. Each takes the arguments after its name
 * (argv[0] is the subcommand name) and returns a process exit status. */
#ifndef MUSTER_CLI_COMMANDS_H
#define MUSTER_CLI_COMMANDS_H

#include <stdio.h>

/* `muster odds`: exact odds from the calculators the rule systems
 * register (mu_ruleset.odds_tools), chosen by option. */
int cmd_odds(int argc, char **argv);

/* Prints one line per registered odds calculator: its option ("(no
 * option)" for the default), its ruleset and its summary (cmd_odds.c). */
void odds_print_tools(FILE *f);

/* `muster run`: play an experiment and write its HDF5 results. */
int cmd_run(int argc, char **argv);

/* `muster merge`: join the shards of a run (run --shard) into one file. */
int cmd_merge(int argc, char **argv);

/* `muster replay`: play one game again, printing every roll and its row. */
int cmd_replay(int argc, char **argv);

/* `muster validate`: check experiment files without running them. */
int cmd_validate(int argc, char **argv);

/* `muster info`: what a results file holds. */
int cmd_info(int argc, char **argv);

#endif
