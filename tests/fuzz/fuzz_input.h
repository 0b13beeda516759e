/* What the fuzz harnesses share (tests/fuzz/fuzz_*.c): muster's loaders
 * take a path, so each input is written to a file first, and every load
 * is held to the loaders' error contract.
 *
 * The file is <T>/experiments/studies/x/input.yaml in a temporary
 * directory T made once per process (removed at exit) under $TMPDIR, else
 * /dev/shm (memory: no disk writes per input), else /tmp. Each input goes
 * to a new file (the old one unlinked first): ext4 flushes a file to disk
 * when it is truncated and rewritten, which made every input wait. So that the
 * relative paths the shipped experiments and test battles use
 * (`../armies/empire.yaml`, `../../armies/...`,
 * `../../../experiments/scenarios/...`, `scenarios/...`,
 * `skirmish-list.yaml`, `../good/skirmish-list.yaml`) reach the shipped
 * army lists and scenarios and the test list, each of those directories
 * holds symbolic links into MUSTER_SOURCE_DIR (fuzz_links).
 *
 * Header-only (static functions): one copy per harness executable. */
#ifndef MUSTER_FUZZ_INPUT_H
#define MUSTER_FUZZ_INPUT_H

#include "muster/status.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MUSTER_SOURCE_DIR
#error "MUSTER_SOURCE_DIR (the source tree) must be defined"
#endif

#define FUZZ_PATH_MAX 1024

static char fuzz_dir[FUZZ_PATH_MAX];  /* T */
static char fuzz_path[FUZZ_PATH_MAX]; /* T/experiments/studies/x/input.yaml */
static const char *const fuzz_subdirs[] = {"/experiments", "/experiments/studies", "/experiments/studies/x"};
#define FUZZ_LINKS 4
static const char *const fuzz_links[FUZZ_LINKS][2] = {
    {"armies", "experiments/armies"},
    {"scenarios", "experiments/scenarios"},
    {"good", "tests/armies/good"},
    {"skirmish-list.yaml", "tests/armies/good/skirmish-list.yaml"},
};

static void fuzz_die(const char *what)
{
    fprintf(stderr, "fuzz harness: %s\n", what);
    abort();
}

/* snprintf into out[FUZZ_PATH_MAX], dying when it does not fit. */
__attribute__((format(printf, 2, 3))) static void fuzz_join(char *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out, FUZZ_PATH_MAX, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= FUZZ_PATH_MAX)
        fuzz_die("a temporary path is too long");
}

/* Removes what fuzz_setup made (atexit). */
static void fuzz_remove(void)
{
    char p[FUZZ_PATH_MAX];
    unlink(fuzz_path);
    for (int i = 2; i >= 0; i--) {
        for (size_t j = 0; j < FUZZ_LINKS; j++) {
            fuzz_join(p, "%s%s/%s", fuzz_dir, fuzz_subdirs[i], fuzz_links[j][0]);
            unlink(p);
        }
        fuzz_join(p, "%s%s", fuzz_dir, fuzz_subdirs[i]);
        rmdir(p);
    }
    rmdir(fuzz_dir);
}

/* Makes T and its links on the first call. */
static void fuzz_setup(void)
{
    if (fuzz_dir[0] != '\0')
        return;
    const char *tmp = getenv("TMPDIR");
    struct stat st;
    if (tmp == NULL || tmp[0] == '\0')
        tmp = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) && access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    fuzz_join(fuzz_dir, "%s/muster-fuzz-XXXXXX", tmp);
    if (mkdtemp(fuzz_dir) == NULL)
        fuzz_die("cannot make a temporary directory");
    atexit(fuzz_remove);
    char d[FUZZ_PATH_MAX], target[FUZZ_PATH_MAX], link[FUZZ_PATH_MAX];
    for (size_t i = 0; i < 3; i++) {
        fuzz_join(d, "%s%s", fuzz_dir, fuzz_subdirs[i]);
        if (mkdir(d, 0700) != 0)
            fuzz_die("cannot make a temporary directory");
        for (size_t j = 0; j < FUZZ_LINKS; j++) {
            fuzz_join(target, "%s/%s", MUSTER_SOURCE_DIR, fuzz_links[j][1]);
            fuzz_join(link, "%s/%s", d, fuzz_links[j][0]);
            if (symlink(target, link) != 0)
                fuzz_die("cannot link the shipped data into the temporary directory");
        }
    }
    fuzz_join(fuzz_path, "%s/input.yaml", d);
}

/* Writes the input to the file and returns its path. */
static const char *fuzz_write(const uint8_t *data, size_t size)
{
    fuzz_setup();
    if (unlink(fuzz_path) != 0 && errno != ENOENT)
        fuzz_die("cannot remove the previous input file");
    FILE *fp = fopen(fuzz_path, "wbx");
    if (fp == NULL || fwrite(data, 1, size, fp) != size || fclose(fp) != 0)
        fuzz_die("cannot write the input file");
    return fuzz_path;
}

/* The loaders' contract: 0, or MU_EXIT_DATAERR / MU_EXIT_NOINPUT with
 * exactly one line in err that starts with a file name (the input's, or
 * that of a file it names) followed by ':'. Anything else aborts, so that
 * libFuzzer keeps the input. */
static void fuzz_check(const char *loader, int rc, const char *err)
{
    if (rc == MU_EXIT_OK)
        return;
    if (rc != MU_EXIT_DATAERR && rc != MU_EXIT_NOINPUT) {
        fprintf(stderr, "fuzz harness: %s returned %d\n", loader, rc);
        abort();
    }
    if (err[0] == '\0' || strchr(err, '\n') != NULL || strchr(err, ':') == NULL || err[0] == ':') {
        fprintf(stderr, "fuzz harness: %s returned %d with an error that is not one line: [%s]\n", loader, rc,
                err);
        abort();
    }
}

/* fuzz_check, and more for a loader whose every error is about the
 * input file itself (it names no other file): the line starts with the
 * input's path, a line and a column, "path:LINE:COL: error: ". */
__attribute__((unused)) static void fuzz_check_at(const char *loader, int rc, const char *err)
{
    fuzz_check(loader, rc, err);
    if (rc == MU_EXIT_OK)
        return;
    size_t n = strlen(fuzz_path);
    const char *p = err + n;
    int ok = strncmp(err, fuzz_path, n) == 0 && *p == ':';
    for (int field = 0; ok && field < 2; field++) {
        const char *digits = ++p;
        while (*p >= '0' && *p <= '9')
            p++;
        ok = p > digits && *p == ':';
    }
    if (!ok || strncmp(p, ": error: ", 9) != 0) {
        fprintf(stderr, "fuzz harness: %s returned %d with an error not positioned in the input: [%s]\n", loader,
                rc, err);
        abort();
    }
}

#endif
