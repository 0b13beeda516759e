/* `muster info FILE`: the provenance of a results file (finished or
 * .partial) and a summary of its axes, per-game columns and count tables. */
#include "../io/h5attr.h"
#include "muster/cmdline.h"
#include "muster/h5out.h"
#include "commands.h"

#include "muster/escape.h"
#include "muster/ruleset.h"
#include "muster/status.h"

#include <errno.h>
#include <getopt.h>
#include <hdf5.h>
#include <hdf5_hl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CMD "info"

static const char help_text[] =
    "Usage: muster info FILE\n"
    "       muster info --rulesets\n"
    "\n"
    "Describes a muster results file (FILE.h5, or FILE.h5.partial left by an\n"
    "interrupted run): who made it and from what (tool version, git commit,\n"
    "ruleset, seed, games requested and complete, status, threads (and ranks,\n"
    "shard or merged shards), creation\n"
    "time, experiment file), then each axis, per-game column and count table\n"
    "with its shape, type, long_name and [units]; tables also show the sum of\n"
    "their cells. A .partial file being written shows its last checkpoint.\n"
    "\n"
    "With --rulesets it lists the registered rule systems instead: for each,\n"
    "its name (an experiment file's `ruleset:`), what it plays, a small example\n"
    "experiment (a path from the source tree's root) and its `muster odds`\n"
    "calculators.\n"
    "\n"
    "  --rulesets   list the registered rulesets\n"
    "  -h, --help   print this help\n"
    "\n"
    "Exit status: 0 done, 64 usage error, 65 not a muster results file,\n"
    "66 FILE cannot be opened.\n";

enum kind { AXIS, COLUMN, TABLE };

/* Reads the command line; returns MU_EXIT_OK with *path (NULL for
 * --rulesets), -1 after help, or a usage error status. */
static int parse_args(int argc, char **argv, const char **path)
{
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'}, {"rulesets", no_argument, NULL, 'r'}, {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int c, rulesets = 0;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c == 'h') {
            fputs(help_text, stdout);
            return -1;
        }
        if (c == 'r') {
            rulesets = 1;
            continue;
        }
        return mu_usage_error(CMD, "unknown option '%s'", argv[optind - 1]);
    }
    if (rulesets) {
        if (optind < argc)
            return mu_usage_error(CMD, "--rulesets takes no FILE ('%s')", argv[optind]);
        *path = NULL;
        return MU_EXIT_OK;
    }
    if (argc - optind != 1)
        return mu_usage_error(CMD, argc == optind ? "no FILE given" : "more than one FILE given");
    *path = argv[optind];
    return MU_EXIT_OK;
}

/* `muster info --rulesets`: the registry, one block per ruleset: its name
 * alone on a line, then indented "summary", "example" and "odds" lines. */
static void print_rulesets(void)
{
    for (int i = 0; mu_ruleset_at(i); i++) {
        const mu_ruleset *rs = mu_ruleset_at(i);
        printf("%s\n  summary  %s\n  example  %s\n", rs->name, rs->summary, rs->example);
        for (int t = 0; t < rs->n_odds_tools; t++) {
            const mu_odds_tool *tool = &rs->odds_tools[t];
            printf("  odds     %-15s %s\n", tool->option ? tool->option : "(no option)", tool->summary);
        }
    }
}

/* Prints one root string attribute (escaped: it can be a file name), or
 * "?" if it is missing. */
static void print_str(hid_t f, const char *label, const char *name)
{
    char *s = NULL, shown[MU_ESCAPED_MAX];
    printf("  %-15s %s\n", label, mu_h5_get_str(f, name, &s) == 0 ? mu_escape_name(shown, sizeof shown, s) : "?");
    free(s);
}

/* Prints f's precision target and how it ended, if it has one. */
static void print_precision(hid_t f)
{
    double target = 0, half = 0;
    int64_t met = 0;
    uint64_t needed = 0;
    char *widest = NULL, shown[MU_ESCAPED_MAX];
    if (mu_h5_get_f64(f, "precision", &target) < 0) {
        H5Eclear2(H5E_DEFAULT);
        return;
    }
    printf("  %-15s +-%g%% (95%% intervals of every reported rate; the games requested are the cap)\n",
           "precision", 100.0 * target);
    if (mu_h5_get_i64(f, "precision_met", &met) == 0 && mu_h5_get_f64(f, "precision_half_width", &half) == 0 &&
        mu_h5_get_str(f, "precision_widest", &widest) == 0) {
        mu_escape_name(shown, sizeof shown, widest);
        if (met)
            printf("  %-15s met; widest interval +-%.3g%%: %s\n", "", 100.0 * half, shown);
        else if (mu_h5_get_u64(f, "precision_games_needed", &needed) == 0)
            printf("  %-15s NOT met (cap hit); widest interval +-%.3g%%: %s; about %" PRIu64 " games would meet it\n",
                   "", 100.0 * half, shown, needed);
    }
    free(widest);
    H5Eclear2(H5E_DEFAULT);
}

/* Prints the provenance of f; name is its path as messages show it. */
static int print_provenance(hid_t f, const char *name)
{
    static const char *const required[] = {"tool_version", "ruleset", "seed", "games_requested",
                                           "games_complete", "status"};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (H5Aexists(f, required[i]) <= 0) {
            fprintf(stderr, "%s: error: not a muster results file (no '%s' attribute)\n", name, required[i]);
            return -1;
        }
    char *version = NULL, *commit = NULL, *text = NULL;
    uint64_t seed = 0, requested = 0, complete = 0;
    int64_t threads = 0, rows = 0;
    mu_h5_get_str(f, "tool_version", &version), mu_h5_get_str(f, "git_commit", &commit);
    mu_h5_get_u64(f, "seed", &seed), mu_h5_get_u64(f, "games_requested", &requested);
    mu_h5_get_u64(f, "games_complete", &complete), mu_h5_get_i64(f, "threads", &threads);
    mu_h5_get_i64(f, "per_game_rows", &rows), mu_h5_get_str(f, "experiment", &text);
    printf("%s\n", name);
    printf("  %-15s %s (git %s)\n", "tool version", version ? version : "?", commit ? commit : "?");
    print_str(f, "ruleset", "ruleset");
    printf("  %-15s %" PRIu64 "\n", "seed", seed);
    printf("  %-15s %" PRIu64 " of %" PRIu64 " complete\n", "games", complete, requested);
    print_str(f, "status", "status");
    print_precision(f);
    int64_t ranks = 1, shard = 0, shards = 0, merged = 0;
    uint64_t first = 0, total = 0;
    if (H5Aexists(f, "ranks") > 0)
        mu_h5_get_i64(f, "ranks", &ranks);
    if (ranks > 1)
        printf("  %-15s %" PRId64 " ranks x %" PRId64 "\n", "threads", ranks, threads);
    else
        printf("  %-15s %" PRId64 "\n", "threads", threads);
    if (H5Aexists(f, "shards") > 0 && mu_h5_get_i64(f, "shard", &shard) == 0 &&
        mu_h5_get_i64(f, "shards", &shards) == 0 && mu_h5_get_u64(f, "first_game", &first) == 0 &&
        mu_h5_get_u64(f, "games_total", &total) == 0)
        printf("  %-15s %" PRId64 " of %" PRId64 ": games %" PRIu64 "..%" PRIu64 " of %" PRIu64 "\n", "shard", shard,
               shards, first, first + requested - (requested > 0), total);
    if (H5Aexists(f, "merged_shards") > 0 && mu_h5_get_i64(f, "merged_shards", &merged) == 0)
        printf("  %-15s from %" PRId64 " shards\n", "merged", merged);
    printf("  %-15s %s\n", "per-game rows", rows ? "yes" : "no");
    print_str(f, "created", "created");
    print_str(f, "experiment", "experiment_path");
    printf("  %-15s %zu bytes\n", "experiment text", text ? strlen(text) : (size_t)0);
    free(version), free(commit), free(text);
    H5Eclear2(H5E_DEFAULT);
    return 0;
}

static herr_t scale_name(hid_t d, unsigned dim, hid_t scale, void *buf)
{
    (void)d, (void)dim;
    return H5DSget_scale_name(scale, buf, 64) > 0 ? 1 : 0;
}

/* Prints "type[name=len, ...]" of dataset d. */
static void print_shape(hid_t d)
{
    hid_t type = H5Dget_type(d), space = H5Dget_space(d);
    H5T_class_t cls = H5Tget_class(type);
    unsigned bits = (unsigned)H5Tget_size(type) * 8u;
    if (cls == H5T_INTEGER || cls == H5T_FLOAT)
        printf("%s%u", cls == H5T_FLOAT ? "float" : H5Tget_sign(type) == H5T_SGN_NONE ? "uint" : "int", bits);
    else
        printf("%s", cls == H5T_STRING ? "string" : "other");
    hsize_t dims[H5S_MAX_RANK];
    int rank = H5Sget_simple_extent_dims(space, dims, NULL);
    printf("[");
    for (int i = 0; i < rank; i++) {
        char name[64] = "";
        if (H5DSis_scale(d) > 0)
            H5DSget_scale_name(d, name, sizeof name);
        else if (H5DSget_num_scales(d, (unsigned)i) > 0)
            H5DSiterate_scales(d, (unsigned)i, NULL, scale_name, name);
        printf("%s%s=%llu", i ? ", " : "", name[0] ? name : "?", (unsigned long long)dims[i]);
    }
    printf("]");
    H5Tclose(type), H5Sclose(space);
}

/* Prints the sum of the uint64 cells of table d (exact unless > 2^64). */
static void print_sum(hid_t d)
{
    hid_t space = H5Dget_space(d);
    hssize_t n = H5Sget_simple_extent_npoints(space);
    H5Sclose(space);
    uint64_t *cells = n > 0 && n < ((hssize_t)1 << 28) ? malloc((size_t)n * sizeof *cells) : NULL;
    if (!cells || H5Dread(d, H5T_NATIVE_UINT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, cells) < 0) {
        printf("  sum ?");
    } else {
        uint64_t sum = 0;
        int over = 0;
        for (hssize_t i = 0; i < n; i++)
            over |= (sum += cells[i]) < cells[i];
        over ? printf("  sum > 2^64") : printf("  sum %" PRIu64, sum);
    }
    free(cells);
}

static void print_dataset(hid_t d, const char *path, enum kind kind)
{
    char *long_name = NULL, *units = NULL;
    mu_h5_get_str(d, "long_name", &long_name);
    mu_h5_get_str(d, "units", &units);
    printf("  %s  ", path);
    print_shape(d);
    printf("  \"%s\" [%s]", long_name ? long_name : "", units ? units : "");
    if (kind == TABLE)
        print_sum(d);
    printf("\n");
    free(long_name), free(units);
    H5Eclear2(H5E_DEFAULT);
}

static enum kind kind_of(hid_t d, const char *path)
{
    if (H5DSis_scale(d) > 0)
        return AXIS;
    return strncmp(path, "games/", 6) == 0 ? COLUMN : TABLE;
}

/* Prints every dataset of kind want under group g (path prefix), in name
 * order, recursively. Returns 0 or -1 if the file cannot be read. */
static int walk(hid_t g, const char *prefix, enum kind want)
{
    H5G_info_t info;
    if (H5Gget_info(g, &info) < 0)
        return -1;
    for (hsize_t i = 0; i < info.nlinks; i++) {
        char name[256], path[512];
        ssize_t n = H5Lget_name_by_idx(g, ".", H5_INDEX_NAME, H5_ITER_INC, i, name, sizeof name, H5P_DEFAULT);
        if (n < 0 || (size_t)n >= sizeof name)
            return -1;
        snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "/" : "", name);
        hid_t o = H5Oopen(g, name, H5P_DEFAULT);
        if (o < 0)
            return -1;
        int rc = 0;
        if (H5Iget_type(o) == H5I_GROUP)
            rc = walk(o, path, want);
        else if (H5Iget_type(o) == H5I_DATASET && kind_of(o, path) == want)
            print_dataset(o, path, want);
        H5Oclose(o);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* Prints f's axes, columns and tables; name is its path as messages show it. */
static int print_summary(hid_t f, const char *name)
{
    static const char *const titles[] = {"axes", "columns", "tables"};
    for (int k = AXIS; k <= TABLE; k++) {
        printf("%s:\n", titles[k]);
        if (walk(f, "", (enum kind)k) < 0) {
            char reason[128];
            fflush(stdout);
            fprintf(stderr, "%s: error: cannot read its datasets: %s\n", name,
                    mu_h5_reason(reason, sizeof reason));
            return -1;
        }
    }
    return 0;
}

/* Opens path read-only without taking HDF5's file lock, so a partial file
 * can be read while its run writes it. Returns the file id or -1. */
static hid_t open_quietly(const char *path)
{
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
#if H5_VERSION_GE(1, 10, 7)
    H5Pset_file_locking(fapl, 0, 1);
#endif
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, fapl);
    H5Pclose(fapl);
    return f;
}

/* Checks that path (shown as name) is a regular file, then reads it whole
 * in a child process (a damaged file can crash libhdf5); returns 0 or an
 * exit status, after one line on stderr. */
static int check_input(const char *path, const char *name)
{
    struct stat st;
    char err[1024];
    int found = stat(path, &st) == 0;
    if (!found || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "%s: error: cannot open: %s\n", name,
                found ? "not a regular file" : strerror(errno));
        return MU_EXIT_NOINPUT;
    }
    if (mu_h5out_check(path, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return MU_EXIT_DATAERR;
    }
    return 0;
}

int cmd_info(int argc, char **argv)
{
    const char *path = NULL;
    int rc = parse_args(argc, argv, &path);
    if (rc != MU_EXIT_OK)
        return rc < 0 ? MU_EXIT_OK : rc;
    if (path == NULL) {
        print_rulesets();
        return MU_EXIT_OK;
    }
    char name[MU_ESCAPED_MAX];
    mu_escape_name(name, sizeof name, path);
    mu_h5_quiet();
    if ((rc = check_input(path, name)) != 0)
        return rc;
    hid_t f = open_quietly(path);
    if (f < 0) {
        char reason[128];
        fprintf(stderr, "%s: error: cannot read as HDF5: %s\n", name, mu_h5_reason(reason, sizeof reason));
        return MU_EXIT_DATAERR;
    }
    rc = print_provenance(f, name) == 0 && print_summary(f, name) == 0 ? MU_EXIT_OK : MU_EXIT_DATAERR;
    H5Fclose(f);
    return rc;
}
