/* `muster validate`: checks experiment files without running them. */
#include "muster/alloc.h"
#include "muster/cmdline.h"
#include "commands.h"

#include "muster/escape.h"
#include "muster/experiment.h"
#include "muster/status.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#define CMD "validate"

static const char help_text[] =
    "Usage: muster validate FILE...\n"
    "\n"
    "Checks experiment files as `muster run` would read them, without running\n"
    "anything. For each valid file it prints 'FILE: ok' on stdout; for each\n"
    "invalid one it prints one line on stderr,\n"
    "  FILE:LINE:COL: error: MESSAGE (path.to[2].field)\n"
    "(or 'FILE: error: cannot read: REASON'), and goes on with the next file.\n"
    "\n"
    "  -h, --help   print this help\n"
    "\n"
    "Exit status: 0 every file is valid; 65 at least one file is invalid;\n"
    "66 a file cannot be read (and none is invalid); 64 usage error.\n";

/* The status of the worse outcome: invalid content beats an unreadable file. */
static int worse(int a, int b)
{
    if (a == MU_EXIT_DATAERR || b == MU_EXIT_DATAERR)
        return MU_EXIT_DATAERR;
    return a != MU_EXIT_OK ? a : b;
}

/* Validates one file, reporting the outcome; returns its status. */
static int validate_one(const char *path)
{
    char err[1536];
    mu_experiment *ex = mu_xmalloc(sizeof *ex);
    int rc = mu_experiment_load(path, ex, err, sizeof err);
    if (rc == MU_EXIT_OK) {
        char name[MU_ESCAPED_MAX];
        printf("%s: ok\n", mu_escape_name(name, sizeof name, path));
        mu_experiment_free(ex);
    } else {
        fprintf(stderr, "%s\n", err);
    }
    free(ex);
    return rc;
}

int cmd_validate(int argc, char **argv)
{
    static const struct option opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c != 'h')
            return mu_usage_error(CMD, "unknown option '%s'", argv[optind - 1]);
        fputs(help_text, stdout);
        return MU_EXIT_OK;
    }
    if (optind == argc)
        return mu_usage_error(CMD, "no experiment file given");
    int status = MU_EXIT_OK;
    for (int i = optind; i < argc; i++)
        status = worse(status, validate_one(argv[i]));
    return status;
}
