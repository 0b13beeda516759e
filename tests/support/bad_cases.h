/* Bad-input fixtures with their expected error lines: a directory bad/ of
 * YAML files and bad/expected.txt with one "bad/FILE.yaml:L:C: error: ..."
 * line per file ('#' comments and blank lines skipped), read from the
 * test's working directory. Include after <cmocka.h>. */
#ifndef MUSTER_TEST_BAD_CASES_H
#define MUSTER_TEST_BAD_CASES_H

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#define BAD_EXPECTED "bad/expected.txt"
#define BAD_MAX_CASES 128

typedef struct bad_case {
    char file[256];  /* "bad/FILE.yaml" */
    char line[1024]; /* the whole expected error line */
} bad_case;

/* Reads BAD_EXPECTED into cases (at most max); returns how many. */
static inline int bad_read_cases(bad_case *cases, int max)
{
    FILE *f = fopen(BAD_EXPECTED, "r");
    assert_non_null(f);
    char buf[1024];
    int n = 0;
    while (fgets(buf, sizeof buf, f) != NULL) {
        buf[strcspn(buf, "\n")] = '\0';
        if (buf[0] == '#' || buf[0] == '\0')
            continue;
        assert_true(n < max);
        size_t flen = strcspn(buf, ":");
        assert_true(flen < sizeof cases[n].file);
        memcpy(cases[n].file, buf, flen);
        cases[n].file[flen] = '\0';
        strcpy(cases[n].line, buf);
        n++;
    }
    fclose(f);
    return n;
}

/* Asserts that every YAML file of bad/ has a line in BAD_EXPECTED and every line
 * a file: a fixture without an expected line would be a test that never
 * runs. */
static inline void bad_assert_every_file_has_a_line(void)
{
    static bad_case cases[BAD_MAX_CASES];
    int n = bad_read_cases(cases, BAD_MAX_CASES), files = 0;
    DIR *dir = opendir("bad");
    assert_non_null(dir);
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
            continue;
        char path[300];
        snprintf(path, sizeof path, "bad/%s", e->d_name);
        int found = 0;
        for (int i = 0; i < n; i++)
            found |= strcmp(cases[i].file, path) == 0;
        if (!found)
            print_error("%s has no line in " BAD_EXPECTED "\n", path);
        assert_true(found);
        files++;
    }
    closedir(dir);
    assert_int_equal(files, n);
}

#endif
