/* A scratch directory for tests that write files: made under the working
 * directory from a mkdtemp template, removed whole at the end. */
#ifndef MUSTER_TEST_SCRATCH_DIR_H
#define MUSTER_TEST_SCRATCH_DIR_H

#include <stdio.h>
#include <stdlib.h>

/* Makes dir (len bytes) a new directory named "PREFIX-" and six
 * mkdtemp(3) characters. Returns 0, or -1. */
static inline int scratch_dir_make(char *dir, size_t len, const char *prefix)
{
    snprintf(dir, len, "%s-XXXXXX", prefix); /* mkdtemp's template */
    return mkdtemp(dir) ? 0 : -1;
}

/* Removes dir and everything in it. Returns 0, or -1. */
static inline int scratch_dir_remove(const char *dir)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

#endif
