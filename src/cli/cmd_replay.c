/* `muster replay`: play one game of an experiment again, printing every
 * roll and decision, and the row the batch records for it. */
#include "muster/cmdline.h"
#include "commands.h"

#include "muster/alloc.h"
#include "muster/escape.h"
#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/sim.h"
#include "muster/status.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CMD "replay"

static const char help_text[] =
    "Usage: muster replay EXPERIMENT --game G [-n GAMES] [-s SEED]\n"
    "\n"
    "Plays game G (0-based, as numbered in the results file: game G / A of arm\n"
    "G mod A, A arms) of the experiment again with the same dice as the batch\n"
    "run (the generator of its index within its arm, from the seed), printing\n"
    "every roll, order, move and fate turn by turn, then the\n"
    "game's row exactly as `muster run` records it in /games (one\n"
    "'record NAME VALUE...' line per column).\n"
    "\n"
    "  -g, --game G      the game to replay (required)\n"
    "  -n, --games N     games per arm, if the run used -n (default: the experiment's)\n"
    "  -s, --seed S      seed, if the run used -s (default: the experiment's)\n"
    "  -h, --help        print this help\n"
    "Exit status: 0 done, 64 usage (e.g. G out of range), 65 invalid experiment, 66 not found.\n";

/* Prints column c of the single-row buffer. */
static void print_column(const mu_layout *l, int c, const void *buf)
{
    const mu_column *col = &l->columns[c];
    int width = col->axis >= 0 ? l->axes[col->axis].length : 1;
    printf("record %s", col->name);
    for (int i = 0; i < width; i++) {
        switch (col->type) {
        case MU_I8: printf(" %d", ((const int8_t *)buf)[i]); break;
        case MU_U8: printf(" %u", ((const uint8_t *)buf)[i]); break;
        case MU_I16: printf(" %d", ((const int16_t *)buf)[i]); break;
        case MU_U16: printf(" %u", ((const uint16_t *)buf)[i]); break;
        case MU_I32: printf(" %" PRId32, ((const int32_t *)buf)[i]); break;
        case MU_U32: printf(" %" PRIu32, ((const uint32_t *)buf)[i]); break;
        case MU_I64: printf(" %" PRId64, ((const int64_t *)buf)[i]); break;
        case MU_F64: printf(" %.17g", ((const double *)buf)[i]); break;
        }
    }
    putchar('\n');
}

/* Plays game g of the prepared ruleset with tracing on stdout (the
 * driver marks each turn "-- turn N"). */
static void replay_game(const mu_ruleset *rs, const void *ctx, const mu_layout *l, const mu_experiment *ex,
                        uint64_t total, uint64_t g)
{
    void *columns[MU_LAYOUT_MAX_COLUMNS] = {0};
    for (int c = 0; c < l->n_columns; c++)
        columns[c] = mu_xcalloc(1, mu_column_row_bytes(l, c));
    mu_worker *w = mu_worker_new(rs, l);
    mu_sink sink = {.columns = columns, .row = 0, .tables = w->tables, .trace = stdout};
    mu_play_game(rs, ctx, ex->seed, total / ex->games, g, w->state, &sink);
    printf("-- recorded\n");
    for (int c = 0; c < l->n_columns; c++)
        print_column(l, c, columns[c]);
    for (int c = 0; c < l->n_columns; c++)
        free(columns[c]);
    mu_worker_free(w);
}

int cmd_replay(int argc, char **argv)
{
    static const struct option opts[] = {{"game", required_argument, NULL, 'g'},
                                         {"games", required_argument, NULL, 'n'},
                                         {"seed", required_argument, NULL, 's'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    long long game = -1, games = 0;
    uint64_t seed = 0;
    int seed_set = 0, c;
    long n;
    char optbuf[8];
    optind = 1;
    opterr = 0;
    optopt = 0;
    while ((c = getopt_long(argc, argv, ":g:n:s:h", opts, NULL)) != -1) {
        switch (c) {
        case 'g':
            if (mu_parse_int(optarg, 0, 1000000000000000L, &n) != 0)
                return mu_usage_error(CMD, "--game '%s' must be an integer >= 0", optarg);
            game = n;
            break;
        case 'n':
            if (mu_parse_int(optarg, 1, 1000000000000L, &n) != 0)
                return mu_usage_error(CMD, "--games '%s' must be an integer from 1 to 10^12", optarg);
            games = n;
            break;
        case 's': {
            if (mu_parse_u64(optarg, &seed) != 0)
                return mu_usage_error(CMD, "--seed '%s' must be an integer from 0 to 2^64 - 1", optarg);
            seed_set = 1;
            break;
        }
        case 'h': fputs(help_text, stdout); return MU_EXIT_OK;
        case ':': return mu_usage_error(CMD, "option '%s' needs a value", argv[optind - 1]);
        default: return mu_usage_error(CMD, "unknown option '%s'", mu_bad_option_text(argv, optbuf, sizeof optbuf));
        }
    }
    if (optind >= argc)
        return mu_usage_error(CMD, "no experiment file given");
    if (optind + 1 < argc)
        return mu_usage_error(CMD, "unexpected argument '%s'", argv[optind + 1]);
    if (game < 0)
        return mu_usage_error(CMD, "--game is required");

    static mu_experiment ex;
    char err[1024];
    int rc = mu_experiment_load(argv[optind], &ex, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return rc;
    }
    if (games)
        ex.games = (uint64_t)games;
    if (seed_set)
        ex.seed = seed;
    const mu_ruleset *rs = ex.ruleset;
    void *ctx = NULL;
    mu_layout layout;
    uint64_t total = 0;
    if (rs->prepare(&ex, &ctx, &layout, &total, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        mu_experiment_free(&ex);
        return MU_EXIT_DATAERR;
    }
    if ((uint64_t)game >= total) {
        rc = mu_usage_error(CMD, "--game %lld is out of range: the run has games 0 to %llu", game,
                         (unsigned long long)total - 1);
    } else {
        char name[MU_ESCAPED_MAX];
        printf("replay of game %lld of %llu: ruleset %s, seed %llu, experiment %s\n", game,
               (unsigned long long)total, rs->name, (unsigned long long)ex.seed,
               mu_escape_name(name, sizeof name, ex.path));
        replay_game(rs, ctx, &layout, &ex, total, (uint64_t)game);
        rc = MU_EXIT_OK;
    }
    mu_layout_free(&layout);
    rs->release(ctx);
    mu_experiment_free(&ex);
    return rc;
}
