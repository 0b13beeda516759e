/* `muster run`: play an experiment's games and write the HDF5 results. */
#include "muster/cmdline.h"
#include "commands.h"

#include "muster/batch.h"
#include "muster/escape.h"
#include "muster/experiment.h"
#include "muster/status.h"
#include "muster/team.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CMD "run"

static const char help_text[] =
    "Usage: muster run EXPERIMENT [-o OUT] [-n GAMES] [-s SEED] [-j THREADS] [--shard K/N] [-q] [--force]\n"
    "       muster run EXPERIMENT --precision P [-n CAP] ...\n"
    "       muster run EXPERIMENT --resume OUT.partial [-n GAMES] [-s SEED] [-j THREADS] [--shard K/N] [-q]\n"
    "       mpirun -np RANKS muster run EXPERIMENT ...   (a build with MPI)\n"
    "\n"
    "Plays the experiment's games in parallel and writes the results to OUT\n"
    "(HDF5). The file is written as OUT.partial, flushed after every batch,\n"
    "and renamed to OUT when complete; a run stopped any way (Ctrl-C, a kill)\n"
    "leaves an OUT.partial that --resume continues from the last batch saved\n"
    "whole. Same experiment and seed give bit-identical datasets for any\n"
    "thread count, rank count and shard split.\n"
    "\n"
    "  -o, --output OUT     output file (default: the experiment's output.file; with\n"
    "                       --shard, that name with .shard-K-of-N before its .h5)\n"
    "  -n, --games N        games per arm (default: the experiment's games)\n"
    "  -s, --seed S         seed (default: the experiment's seed)\n"
    "  -j, --threads N      worker threads (per rank; default: all cores)\n"
    "      --shard K/N      play only the K-th (1 <= K <= N) of N equal ranges of the\n"
    "                       games into OUT, a shard; 'muster merge' joins the N shards\n"
    "                       into the file a whole run writes\n"
    "      --precision P    stop as soon as every rate the reports show (its 95%\n"
    "                       Wilson interval) is within +-P, P a fraction (0.01) or a\n"
    "                       percentage (1%); the games are then the cap. The run\n"
    "                       looks only at fixed game counts (256 games an arm, then\n"
    "                       a quarter more each time; docs/precision.md), so the\n"
    "                       file is the same for any threads or ranks. It says which\n"
    "                       rate needed the most games. Not with --shard\n"
    "      --resume FILE    continue an interrupted run from FILE (OUT.partial); the\n"
    "                       experiment, seed, games, precision and shard must be the same\n"
    "      --force          replace OUT and OUT.partial if they exist (default: refuse)\n"
    "      --batch N        games per batch (default: adaptive, about 0.5 s each)\n"
    "  -q, --quiet          no progress line and no summary\n"
    "  -h, --help           print this help\n"
    "\n"
    "Under mpirun (a build with MPI; 'muster --version' says), the ranks share\n"
    "each batch, cut into up to 16 stripes of games, each rank on its threads;\n"
    "rank 0 plays a smaller part of each stripe (re-balanced every batch for the\n"
    "time writing takes), gathers the rows, sums the count tables and alone\n"
    "writes OUT and its checkpoints. Which rank plays a game never changes it.\n"
    "A rank killed leaves OUT.partial as of its last checkpoint; --resume\n"
    "continues it with any number of ranks (or none).\n"
    "\n"
    "A progress line (games done, games/s, ETA) is shown on stderr when it is a\n"
    "terminal. SIGINT or SIGTERM stops the workers after their current game and\n"
    "leaves OUT.partial valid (status \"partial\"); exit status 130.\n"
    "Exit status: 0 done, 64 usage, 65 invalid experiment or resume mismatch,\n"
    "66 experiment not found, 73 cannot create OUT, 74 write error, 130 interrupted.\n";

struct run_args {
    const char *experiment;
    const char *output;
    const char *resume;
    long long games, seed_set;
    uint64_t seed;
    long threads, batch;
    int quiet, force;
    int shard, shards; /* --shard K/N, or 0 and 0 */
    double precision;  /* --precision P, or 0 */
};

enum { OPT_RESUME = 256, OPT_FORCE, OPT_BATCH, OPT_SHARD, OPT_PRECISION };

/* Most shards a run can be split into. */
#define SHARDS_MAX 1000000

/* Parses "K/N" (1 <= K <= N <= SHARDS_MAX); 0 or -1. */
static int parse_shard(const char *text, int *k, int *n)
{
    const char *slash = strchr(text, '/');
    char left[16];
    long kk, nn;
    if (!slash || (size_t)(slash - text) >= sizeof left)
        return -1;
    memcpy(left, text, (size_t)(slash - text));
    left[slash - text] = '\0';
    if (mu_parse_int(left, 1, SHARDS_MAX, &kk) != 0 || mu_parse_int(slash + 1, 1, SHARDS_MAX, &nn) != 0 || kk > nn)
        return -1;
    *k = (int)kk, *n = (int)nn;
    return 0;
}

/* Parses a precision target: a fraction ("0.01") or a percentage
 * ("1%"), above 0 and below one half; 0 or -1. */
static int parse_precision(const char *text, double *out)
{
    char number[32];
    size_t len = strlen(text);
    int percent = len > 0 && text[len - 1] == '%';
    if (len - (size_t)percent >= sizeof number)
        return -1;
    memcpy(number, text, len - (size_t)percent);
    number[len - (size_t)percent] = '\0';
    double p;
    if (mu_parse_double(number, 0.0, percent ? 50.0 : 0.5, &p) != 0)
        return -1;
    p = percent ? p / 100.0 : p;
    if (!(p > 0.0 && p < 0.5))
        return -1;
    *out = p;
    return 0;
}

static int parse_run_args(int argc, char **argv, struct run_args *a)
{
    static const struct option opts[] = {
        {"output", required_argument, NULL, 'o'}, {"games", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, 's'},   {"threads", required_argument, NULL, 'j'},
        {"resume", required_argument, NULL, OPT_RESUME}, {"force", no_argument, NULL, OPT_FORCE},
        {"batch", required_argument, NULL, OPT_BATCH}, {"quiet", no_argument, NULL, 'q'},
        {"shard", required_argument, NULL, OPT_SHARD}, {"precision", required_argument, NULL, OPT_PRECISION},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0}};
    memset(a, 0, sizeof *a);
    char optbuf[8];
    optind = 1;
    opterr = 0;
    optopt = 0;
    int c;
    long n;
    while ((c = getopt_long(argc, argv, ":o:n:s:j:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'o': a->output = optarg; break;
        case 'n':
            if (mu_parse_int(optarg, 1, 1000000000000L, &n) != 0)
                return mu_usage_error(CMD, "--games '%s' must be an integer from 1 to 10^12", optarg);
            a->games = n;
            break;
        case 's': {
            if (mu_parse_u64(optarg, &a->seed) != 0)
                return mu_usage_error(CMD, "--seed '%s' must be an integer from 0 to 2^64 - 1", optarg);
            a->seed_set = 1;
            break;
        }
        case 'j':
            if (mu_parse_int(optarg, 1, 1024, &a->threads) != 0)
                return mu_usage_error(CMD, "--threads '%s' must be an integer from 1 to 1024", optarg);
            break;
        case OPT_RESUME: a->resume = optarg; break;
        case OPT_FORCE: a->force = 1; break;
        case OPT_BATCH:
            if (mu_parse_int(optarg, 1, 1L << 20, &a->batch) != 0)
                return mu_usage_error(CMD, "--batch '%s' must be an integer from 1 to 1048576", optarg);
            break;
        case OPT_SHARD:
            if (parse_shard(optarg, &a->shard, &a->shards) != 0)
                return mu_usage_error(CMD, "--shard '%s' must be K/N with 1 <= K <= N <= %d", optarg, SHARDS_MAX);
            break;
        case OPT_PRECISION:
            if (parse_precision(optarg, &a->precision) != 0)
                return mu_usage_error(CMD, "--precision '%s' must be a fraction above 0 and below 0.5 (0.01) or a "
                                           "percentage (1%%)", optarg);
            break;
        case 'q': a->quiet = 1; break;
        case 'h': fputs(help_text, stdout); return -1;
        case ':': return mu_usage_error(CMD, "option '%s' needs a value", argv[optind - 1]);
        default: return mu_usage_error(CMD, "unknown option '%s'", mu_bad_option_text(argv, optbuf, sizeof optbuf));
        }
    }
    if (optind >= argc)
        return mu_usage_error(CMD, "no experiment file given");
    if (optind + 1 < argc)
        return mu_usage_error(CMD, "unexpected argument '%s'", argv[optind + 1]);
    a->experiment = argv[optind];
    if (a->resume && a->output)
        return mu_usage_error(CMD, "--resume names the file to continue; do not give --output too");
    if (a->resume && a->force)
        return mu_usage_error(CMD, "--resume and --force cannot be combined");
    if (a->precision > 0 && a->shards)
        return mu_usage_error(CMD, "--precision cannot be used with --shard: a shard cannot tell when the whole "
                                   "run is precise enough");
    return MU_EXIT_OK;
}

static void on_stop_signal(int sig)
{
    (void)sig;
    mu_batch_request_stop();
}

static void install_stop_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* Works out the final output path into out (size out_len); 0 or usage error. */
static int output_path(const struct run_args *a, const mu_experiment *ex, char *out, size_t out_len)
{
    static const char suffix[] = ".partial";
    if (a->resume) {
        size_t len = strlen(a->resume), sl = sizeof suffix - 1;
        if (len <= sl || strcmp(a->resume + len - sl, suffix) != 0 || len - sl >= out_len)
            return mu_usage_error(CMD, "--resume '%s' must name an OUT.partial file", a->resume);
        memcpy(out, a->resume, len - sl);
        out[len - sl] = '\0';
        return MU_EXIT_OK;
    }
    const char *path = a->output ? a->output : ex->output;
    if (!path || !*path)
        return mu_usage_error(CMD, "no output file: give -o OUT or output.file in %s", ex->path);
    size_t len = strlen(path);
    if (len >= out_len)
        return mu_usage_error(CMD, "output path too long");
    strcpy(out, path);
    if (a->shards && !a->output) { /* results/x.h5 -> results/x.shard-K-of-N.h5 */
        char tag[48];
        snprintf(tag, sizeof tag, ".shard-%d-of-%d", a->shard, a->shards);
        size_t at = len > 3 && strcmp(path + len - 3, ".h5") == 0 ? len - 3 : len;
        if (len + strlen(tag) >= out_len)
            return mu_usage_error(CMD, "output path too long");
        snprintf(out + at, out_len - at, "%s%s", tag, path + at);
    }
    return MU_EXIT_OK;
}

/* Prints how a run with a precision target ended. */
static void print_precision(double precision, const mu_run_report *rep)
{
    const mu_rate_cell *w = &rep->widest;
    if (rep->precision_met)
        printf("precision +-%.3g%% met after %llu games; the widest 95%% interval, +-%.3g%%, is %s: %llu of %llu\n",
               100.0 * precision, (unsigned long long)rep->games_complete, 100.0 * w->half_width, w->label,
               (unsigned long long)w->events, (unsigned long long)w->trials);
    else
        printf("precision +-%.3g%% NOT met: the cap of %llu games was hit; the widest 95%% interval, +-%.3g%%, is "
               "%s: %llu of %llu; about %llu games would meet it\n",
               100.0 * precision, (unsigned long long)rep->games_complete, 100.0 * w->half_width, w->label,
               (unsigned long long)w->events, (unsigned long long)w->trials, (unsigned long long)rep->games_needed);
}

/* Prints the line of a finished, stopped or failed run (member 0 of a
 * team only), and under MPI (mpi) a second line on what the ranks cost. */
static void report(const struct run_args *a, const char *out, int rc, const mu_run_report *rep, const char *err,
                   int mpi)
{
    static char out_name[MU_ESCAPED_MAX], exp_name[MU_ESCAPED_MAX]; /* as messages show them */
    mu_escape_name(out_name, sizeof out_name, out);
    mu_escape_name(exp_name, sizeof exp_name, a->experiment);
    char shard[40] = "";
    if (a->shards)
        snprintf(shard, sizeof shard, " --shard %d/%d", a->shard, a->shards);
    if (rc == MU_EXIT_INTERRUPTED) {
        fprintf(stderr, "muster run: interrupted: %s.partial holds %llu of %llu games; continue with "
                        "'muster run %s%s --resume %s.partial'\n",
                out_name, (unsigned long long)rep->games_complete, (unsigned long long)rep->games_total,
                exp_name, shard, out_name);
    } else if (rc != MU_EXIT_OK) {
        if (err[0])
            fprintf(stderr, "%s\n", err);
    } else if (!a->quiet) {
        double rate = rep->seconds > 0 ? (double)rep->games_this_run / rep->seconds : 0.0;
        char ranks[64] = "";
        if (rep->ranks > 1)
            snprintf(ranks, sizeof ranks, "%d ranks x ", rep->ranks);
        printf("wrote %s: %llu games (%llu this run) in %.2f s, %.3g games/s on %s%d thread%s; "
               "writing took %.2f s\n",
               out_name, (unsigned long long)rep->games_complete, (unsigned long long)rep->games_this_run,
               rep->seconds, rate, ranks, rep->threads, rep->threads == 1 ? "" : "s", rep->write_seconds);
        if (a->precision > 0)
            print_precision(a->precision, rep);
        if (mpi)
            printf("rank 0 (the writer) played %.1f%% of the last batch, packed rows for %.3f s; gathering "
                   "the rows took %.3f s (%.3g us a game), summing the tables %.3f s (%.3g us a game); "
                   "the busiest rank used %.3f CPU s\n",
                   100.0 * rep->writer_share, rep->pack_seconds, rep->gather_seconds,
                   rep->games_this_run ? 1e6 * rep->gather_seconds / (double)rep->games_this_run : 0.0,
                   rep->reduce_seconds,
                   rep->games_this_run ? 1e6 * rep->reduce_seconds / (double)rep->games_this_run : 0.0,
                   rep->cpu_seconds_max);
    }
}

/* cmd_run on one member of the team. */
static int run_member(int argc, char **argv, const mu_team *team)
{
    struct run_args a;
    int rc = parse_run_args(argc, argv, &a);
    if (rc != MU_EXIT_OK)
        return rc < 0 ? MU_EXIT_OK : rc;
    if (team->rank != 0)
        a.quiet = 1;

    static mu_experiment ex;
    char err[1024];
    rc = mu_experiment_load(a.experiment, &ex, err, sizeof err);
    if (rc != 0) {
        if (team->rank == 0)
            fprintf(stderr, "%s\n", err);
        return rc;
    }
    if (a.games)
        ex.games = (uint64_t)a.games;
    if (a.seed_set)
        ex.seed = a.seed;
    static char out[4096];
    rc = output_path(&a, &ex, out, sizeof out);
    if (rc != MU_EXIT_OK) {
        mu_experiment_free(&ex);
        return rc;
    }

    mu_run_options opt = {.out_path = out, .resume_path = a.resume, .threads = (int)a.threads,
                          .overwrite = a.force, .progress = !a.quiet && isatty(STDERR_FILENO),
                          .batch_games = (uint64_t)a.batch, .team = team, .shard = a.shard,
                          .shards = a.shards, .precision = a.precision};
    mu_run_report rep;
    install_stop_handlers();
    rc = mu_batch_run(&ex, &opt, &rep, err, sizeof err);
    if (team->rank == 0)
        report(&a, out, rc, &rep, err, team != &mu_team_solo);
    mu_experiment_free(&ex);
    return rc;
}

int cmd_run(int argc, char **argv)
{
    const mu_team *team = NULL;
    char err[512];
    int rc = mu_team_start(&argc, &argv, &team, err, sizeof err);
    if (rc != MU_EXIT_OK) {
        fprintf(stderr, "%s\n", err);
        return rc;
    }
    /* usage errors and the like: every member would print the same line */
    if (team->rank != 0 && !freopen("/dev/null", "w", stderr))
        return MU_EXIT_SOFTWARE;
    rc = run_member(argc, argv, team);
    mu_team_end(team);
    return rc;
}
