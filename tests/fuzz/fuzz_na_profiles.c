/* libFuzzer harness: Ninth Age profiles files (na_profiles_load). Run by
 * scripts/fuzz (scripts/fuzz SECONDS na_profiles); replayed by the test
 * suite (fuzz_replay.c, tests/fuzz/CMakeLists.txt). */
#include "fuzz_input.h"

#include "ninth_age/config/na_config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write(data, size);
    char err[1536] = "";
    na_profile_set *ps = malloc(sizeof *ps); /* plain data: nothing else to free */
    if (ps == NULL)
        abort();
    int rc = na_profiles_load(path, ps, err, sizeof err);
    fuzz_check("na_profiles_load", rc, err);
    free(ps);
    return 0;
}
