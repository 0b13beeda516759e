/* libFuzzer harness: Ninth Age scenario files (na_scenario_load), with the
 * shipped profiles (experiments/ninth-age/profiles.yaml, loaded once) so
 * that the units' profile names resolve. Run by scripts/fuzz
 * (scripts/fuzz SECONDS na_scenario); replayed by the test suite
 * (fuzz_replay.c, tests/fuzz/CMakeLists.txt). */
#include "fuzz_input.h"

#include "ninth_age/config/na_config.h"
#include "ninth_age/na_study.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The shipped profiles, loaded on the first input. */
static const na_profile_set *shipped_profiles(void)
{
    static na_profile_set ps;
    static int loaded;
    if (!loaded) {
        char err[1536] = "";
        if (na_profiles_load(MUSTER_SOURCE_DIR "/experiments/ninth-age/profiles.yaml", &ps, err, sizeof err) != 0)
            fuzz_die("the shipped Ninth Age profiles do not load");
        loaded = 1;
    }
    return &ps;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const na_profile_set *ps = shipped_profiles();
    const char *path = fuzz_write(data, size);
    char err[1536] = "";
    na_study *st = calloc(1, sizeof *st); /* plain data: nothing else to free */
    if (st == NULL)
        abort();
    int rc = na_scenario_load(path, ps, st, err, sizeof err);
    fuzz_check("na_scenario_load", rc, err);
    free(st);
    return 0;
}
