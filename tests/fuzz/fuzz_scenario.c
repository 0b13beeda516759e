/* libFuzzer harness: Warmaster scenarios (wm_scenario_load). Run by
 * scripts/fuzz; replayed by the test suite (fuzz_replay.c,
 * tests/fuzz/CMakeLists.txt). */
#include "fuzz_input.h"

#include "warmaster/wm_scenario.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write(data, size);
    char err[1536] = "";
    wm_scenario *sc = malloc(sizeof *sc); /* plain data: nothing else to free */
    if (sc == NULL)
        abort();
    int rc = wm_scenario_load(path, sc, err, sizeof err);
    fuzz_check("wm_scenario_load", rc, err);
    free(sc);
    return 0;
}
