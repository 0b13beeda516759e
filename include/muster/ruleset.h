/* How a rule system plugs in: a const table of functions, like GSL's
 * generator types. The batch runner drives any ruleset the same way:
 *
 *   prepare(experiment) -> ctx, layout, games          (once)
 *   for each game g:  setup(ctx, g, state)
 *                     while (!is_over(ctx, state)) play_turn(ctx, state, dice, sink)
 *                     record(ctx, state, sink)
 *   release(ctx)
 *
 * A ruleset knows nothing of HDF5 or threads: it writes its per-game row
 * and count-table increments through a mu_sink shaped by its own layout.
 * It also owns its section of the experiment file: the schema table the
 * whole file is checked against, and the conversion of that section into
 * its own configuration (mu_experiment.config), which prepare reads. */
#ifndef MUSTER_RULESET_H
#define MUSTER_RULESET_H

#include "muster/dice.h"
#include "muster/experiment.h"
#include "muster/layout.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Where one game's results go. columns is NULL when per-game rows are off;
 * otherwise columns[c] is the batch buffer of column c and row the game's
 * row in it. tables[t] are the calling thread's count tables (row-major,
 * mu_table_cells(layout, t) cells), to be incremented, never reset. trace
 * is NULL in batch runs; `muster replay` sets it to print every roll,
 * order, move and fate (see mu_tracef). */
typedef struct mu_sink {
    void *const *columns;
    size_t row;
    uint64_t *const *tables;
    FILE *trace;
} mu_sink;

/* Prints one line of a game's play-by-play to sink->trace (a newline is
 * added); does nothing, cheaply, when sink->trace is NULL. */
#define mu_tracef(sink, ...)                                                   \
    do {                                                                       \
        if ((sink)->trace)                                                     \
            mu_trace_line((sink)->trace, __VA_ARGS__);                         \
    } while (0)

/* Writes the formatted line and a newline to f (use mu_tracef). */
void mu_trace_line(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* What mu_odds_tool.run returns when the user asked for --help: it has
 * printed nothing, and the caller prints the help from the tool's usage
 * and help. Distinct from every exit status. */
#define MU_ODDS_HELP (-1)

/* One calculator a rule system brings to `muster odds`: exact odds, in
 * closed form, of a question its players ask. `muster odds` picks it by
 * its option (or, without any tool's option, the registry's default tool),
 * and `muster --help` and `muster odds --help` list it, all from the
 * registry. */
typedef struct mu_odds_tool {
    /* The option that selects it ("--forced-march"), given anywhere among
     * the options; NULL for the calculator `muster odds` runs when no
     * registered tool's option is given (one in the whole registry). */
    const char *option;
    /* How to call it, after "muster odds ": one form per line; a line
     * that begins with a space continues the form above it. */
    const char *usage;
    const char *summary; /* one line for `muster --help` and `muster odds --help` */
    /* The rest of its --help after the usage lines: what it computes, its
     * options, an example. Ends with a newline. */
    const char *help;
    /* Runs it on the command line argv[0..argc): argv[0] is "odds"; the
     * selecting option, if any, is among the rest and accepted. Prints the
     * odds on stdout (text, or JSON with --json), or one usage line on
     * stderr (muster/cmdline.h). Returns an exit status (muster/status.h),
     * or MU_ODDS_HELP for --help (nothing printed). Not reentrant: it
     * uses getopt. */
    int (*run)(int argc, char **argv);
} mu_odds_tool;

typedef struct mu_ruleset {
    const char *name;    /* the experiment file's `ruleset:` value */
    const char *summary; /* one line for --help and `muster info` */
    /* A small experiment of this ruleset that plays to the end quickly,
     * as a path from the project's source root
     * ("experiments/examples/bs-minimal.yaml"). `muster info --rulesets`
     * prints it; the battery test (tests/battery) runs it for every
     * registered ruleset. */
    const char *example;
    /* Its `muster odds` calculators: odds_tools[0 .. n_odds_tools), or
     * NULL and 0. */
    const mu_odds_tool *odds_tools;
    int n_odds_tools;

    /* The whole experiment file's format for this system: a YP_MAPPING
     * whose fields begin with MU_EXPERIMENT_COMMON_FIELDS (see
     * muster/experiment.h) over a raw struct beginning with mu_raw_common. */
    const yp_value *experiment_schema;
    /* Converts the checked file (doc; raw, the raw struct of
     * experiment_schema) into a new configuration *config, checking what
     * spans several fields; ex holds the common keys already. Returns 0,
     * or -1 with one positioned error line in err (nothing to free). */
    int (*load_config)(const yp_doc *doc, const void *raw, const mu_experiment *ex, void **config, char *err,
                       size_t err_len);
    /* Frees a configuration made by load_config. */
    void (*free_config)(void *config);

    /* Builds the read-only run context from a validated experiment (its
     * config made by load_config): fills
     * *layout (axis 0 the game axis) and *games (games in the run, all
     * arms: ex->games times the number of arms A, interleaved: game g is
     * game g / A of arm g % A, so that every prefix of the run holds as
     * many games of each arm, give or take one; the driver gives game i of
     * every arm the same dice, and a ruleset keys its policies' generators
     * on that index too). Returns 0, or -1 with one line in err. */
    int (*prepare)(const mu_experiment *ex, void **ctx, mu_layout *layout, uint64_t *games,
                   char *err, size_t err_len);
    size_t state_size; /* bytes of one game's state */
    /* Starts game number game in state (state_size bytes, uninitialised). */
    void (*setup)(const void *ctx, uint64_t game, void *state);
    /* Plays one turn, rolling every die from dice. */
    void (*play_turn)(const void *ctx, void *state, mu_dice *dice, mu_sink *sink);
    /* Returns non-zero when the game has ended. */
    int (*is_over)(const void *ctx, const void *state);
    /* Writes the finished game's row and count-table entries into sink. */
    void (*record)(const void *ctx, const void *state, mu_sink *sink);
    /* Frees ctx. */
    void (*release)(void *ctx);
} mu_ruleset;

/* Returns the ruleset called name, or NULL. */
const mu_ruleset *mu_ruleset_find(const char *name);

/* Returns the i-th registered ruleset (0-based), or NULL past the end. */
const mu_ruleset *mu_ruleset_at(int i);

#endif
