/* The replay driver: main() for a fuzz harness built without libFuzzer.
 * Linked with one tests/fuzz/fuzz_*.c, it calls its LLVMFuzzerTestOneInput
 * once on every file named on the command line, and on every file under
 * a directory named there (recursively, in name order; names beginning
 * with '.' are skipped, so a .gitkeep keeps an empty directory in git).
 *
 * A crash, a sanitizer report (the dev preset builds with ASan and UBSan,
 * leaks included) or a broken error contract (fuzz_input.h aborts) ends
 * the process abnormally, so the test fails; the file being replayed is
 * printed first. Exit status: 0 every input ran, 1 a path cannot be read
 * or no input was found, 64 usage. */
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int inputs;

/* Reads all of path; returns 0, or -1 (reported) when it cannot. */
static int replay_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        perror(path);
        return -1;
    }
    size_t cap = 4096, n = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf != NULL && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    int bad = buf == NULL || ferror(fp);
    fclose(fp);
    if (bad) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return -1;
    }
    fprintf(stderr, "replaying %s (%zu bytes)\n", path, n);
    /* a copy of exactly n bytes, so that ASan sees reads past the input */
    uint8_t *copy = malloc(n ? n : 1);
    if (copy == NULL)
        return free(buf), -1;
    memcpy(copy, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(copy, n);
    free(copy);
    inputs++;
    return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int replay(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode))
        return replay_file(path);
    struct dirent **names;
    int n = scandir(path, &names, NULL, by_name);
    if (n < 0) {
        perror(path);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        if (names[i]->d_name[0] != '.' && rc == 0) {
            size_t len = strlen(path) + strlen(names[i]->d_name) + 2;
            char *child = malloc(len);
            if (child == NULL)
                abort();
            snprintf(child, len, "%s/%s", path, names[i]->d_name);
            rc = replay(child);
            free(child);
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 64;
    }
    for (int i = 1; i < argc; i++)
        if (replay(argv[i]) != 0)
            return 1;
    if (inputs == 0) {
        fprintf(stderr, "%s: no input found\n", argv[0]);
        return 1;
    }
    printf("%d inputs replayed\n", inputs);
    return 0;
}
