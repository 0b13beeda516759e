/* libFuzzer harness: experiment files (mu_experiment_load), every
 * registered ruleset's section included. The input is written to a file
 * whose relative paths reach the shipped army lists and scenarios
 * (fuzz_input.h). Run by scripts/fuzz; replayed by the test suite
 * (fuzz_replay.c, tests/fuzz/CMakeLists.txt). */
#include "fuzz_input.h"

#include "muster/experiment.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write(data, size);
    char err[1536] = "";
    mu_experiment *ex = malloc(sizeof *ex);
    if (ex == NULL)
        abort();
    int rc = mu_experiment_load(path, ex, err, sizeof err);
    fuzz_check("mu_experiment_load", rc, err);
    if (rc == 0)
        mu_experiment_free(ex);
    free(ex);
    return 0;
}
