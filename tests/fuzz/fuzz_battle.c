/* libFuzzer harness: Warmaster battle files (wm_battle_load): a scenario
 * and two armies chosen from army lists, checked against the lists and
 * deployed. The input is written to a file whose relative paths reach the
 * shipped army lists and scenarios and the test list (fuzz_input.h). Run
 * by scripts/fuzz; replayed by the test suite (fuzz_replay.c,
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
    wm_battle *b = malloc(sizeof *b); /* about 200 KB of plain data: nothing else to free */
    if (b == NULL)
        abort();
    int rc = wm_battle_load(path, b, err, sizeof err);
    fuzz_check("wm_battle_load", rc, err);
    free(b);
    return 0;
}
