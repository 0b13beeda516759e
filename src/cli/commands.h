/* The muster subcommands. Each takes the arguments after its name
 * (argv[0] is the subcommand name) and returns a process exit status. */
#ifndef MUSTER_CLI_COMMANDS_H
#define MUSTER_CLI_COMMANDS_H

/* `muster odds`: exact order odds and order-chain tables. */
int cmd_odds(int argc, char **argv);

/* `muster run`: play an experiment and write its HDF5 results. */
int cmd_run(int argc, char **argv);

/* `muster replay`: play one game again, printing every roll and its row. */
int cmd_replay(int argc, char **argv);

/* `muster validate`: check experiment files without running them. */
int cmd_validate(int argc, char **argv);

/* `muster info`: what a results file holds. */
int cmd_info(int argc, char **argv);

/* `muster odds --off-table ...`: argv[0] is "odds", and --off-table may
 * appear anywhere among the options. Prints the exact Warmaster off-table
 * fate table (text or JSON); returns an exit status. Reached from cmd_odds. */
int odds_offtable_main(int argc, char **argv);

/* `muster odds --forced-march ...` (cmd_odds_forced.c): argv[0] is "odds".
 * Prints the exact Battlesystem forced-march AR penalty distribution (text
 * or JSON); returns an exit status. Reached from cmd_odds. */
int odds_forced_main(int argc, char **argv);

#endif
