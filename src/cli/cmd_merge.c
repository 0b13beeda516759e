/* `muster merge`: join the shards of a run into the file a whole run writes. */
#include "muster/cmdline.h"
#include "commands.h"

#include "muster/escape.h"
#include "muster/merge.h"
#include "muster/status.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#define CMD "merge"

static const char help_text[] =
    "Usage: muster merge SHARD... -o OUT [-e EXPERIMENT] [-j THREADS] [-q] [--force]\n"
    "\n"
    "Joins the shards of a run (the files of 'muster run EXPERIMENT --shard K/N',\n"
    "K = 1..N, given in any order) into OUT, the file 'muster run EXPERIMENT'\n"
    "writes without --shard: the same datasets, rows in game order and count\n"
    "tables summed. Every shard is read whole and its rows checked against\n"
    "its checkpoint before any is used. Refuses, with one line and nothing\n"
    "written, shards that are incomplete or damaged, of different experiments,\n"
    "seeds or muster binaries (merge with the binary that played them), or\n"
    "whose game ranges overlap or leave games out.\n"
    "\n"
    "  -o, --output OUT       the merged file (written as OUT.partial, then renamed)\n"
    "  -e, --experiment FILE  the experiment file (default: the one the shards name;\n"
    "                         its text must be theirs)\n"
    "  -j, --threads N        threads compressing rows (default: all cores)\n"
    "      --force            replace OUT and OUT.partial if they exist\n"
    "  -q, --quiet            no summary line\n"
    "  -h, --help             print this help\n"
    "\n"
    "Exit status: 0 done, 64 usage, 65 shards refused (mismatch, overlap, gap,\n"
    "incomplete or damaged), 66 a file not found, 73 cannot create OUT, 74 I/O error.\n";

enum { OPT_FORCE = 256 };

int cmd_merge(int argc, char **argv)
{
    static const struct option opts[] = {
        {"output", required_argument, NULL, 'o'}, {"experiment", required_argument, NULL, 'e'},
        {"threads", required_argument, NULL, 'j'}, {"force", no_argument, NULL, OPT_FORCE},
        {"quiet", no_argument, NULL, 'q'},         {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    mu_merge_options opt = {0};
    int quiet = 0, c;
    long threads = 0;
    char optbuf[8];
    optind = 1;
    opterr = 0;
    optopt = 0;
    while ((c = getopt_long(argc, argv, ":o:e:j:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'o': opt.out_path = optarg; break;
        case 'e': opt.experiment_path = optarg; break;
        case 'j':
            if (mu_parse_int(optarg, 1, 1024, &threads) != 0)
                return mu_usage_error(CMD, "--threads '%s' must be an integer from 1 to 1024", optarg);
            break;
        case OPT_FORCE: opt.overwrite = 1; break;
        case 'q': quiet = 1; break;
        case 'h': fputs(help_text, stdout); return MU_EXIT_OK;
        case ':': return mu_usage_error(CMD, "option '%s' needs a value", argv[optind - 1]);
        default: return mu_usage_error(CMD, "unknown option '%s'", mu_bad_option_text(argv, optbuf, sizeof optbuf));
        }
    }
    if (optind >= argc)
        return mu_usage_error(CMD, "no shard files given");
    if (!opt.out_path)
        return mu_usage_error(CMD, "no output file: give -o OUT");
    opt.threads = (int)threads;
    char err[2048];
    mu_merge_report rep;
    int rc = mu_merge((const char *const *)argv + optind, argc - optind, &opt, &rep, err, sizeof err);
    if (rc != MU_EXIT_OK) {
        fprintf(stderr, "%s\n", err);
        return rc;
    }
    if (!quiet) {
        char name[MU_ESCAPED_MAX];
        printf("wrote %s: %llu games from %d shard%s in %.2f s\n", mu_escape_name(name, sizeof name, opt.out_path),
               (unsigned long long)rep.games, rep.shards, rep.shards == 1 ? "" : "s", rep.seconds);
    }
    return MU_EXIT_OK;
}
