/* libFuzzer harness: Warmaster army lists (wm_army_list_load). Run by
 * scripts/fuzz; replayed by the test suite (fuzz_replay.c,
 * tests/fuzz/CMakeLists.txt). */
#include "fuzz_input.h"

#include "warmaster/wm_armylist.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write(data, size);
    char err[1536] = "";
    wm_army_list *list = malloc(sizeof *list); /* plain data: nothing else to free */
    if (list == NULL)
        abort();
    int rc = wm_army_list_load(path, list, err, sizeof err);
    fuzz_check("wm_army_list_load", rc, err);
    free(list);
    return 0;
}
