/* libFuzzer harness: the checks a partial results file passes before
 * `muster run --resume` trusts it (mu_h5out_vet_partial), for the
 * experiment tests/pipeline/damage.yaml. Under libFuzzer the checks run
 * in this process, so that coverage guides the fuzzer: a damaged file can
 * crash libhdf5 here (that is why muster runs them in a child), and
 * scripts/fuzz keeps such inputs. The replay (MUSTER_FUZZ_REPLAY) runs
 * them as muster does, in a child, and requires a result: 0, or -1 with
 * one line, never a crash of the caller. */
#include "fuzz_input.h"

#include "muster/experiment.h"
#include "muster/h5out.h"
#include "muster/ruleset.h"

#include <stddef.h>
#include <stdint.h>

#ifndef MUSTER_FUZZ_REPLAY
#define MUSTER_FUZZ_REPLAY 0
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static mu_experiment ex;
static mu_layout layout;
static mu_provenance prov;

/* Loads damage.yaml and its layout once. */
static void setup(void)
{
    static int done;
    if (done)
        return;
    char err[1536];
    void *ctx = NULL;
    uint64_t games = 0;
    if (mu_experiment_load(MUSTER_SOURCE_DIR "/tests/pipeline/damage.yaml", &ex, err, sizeof err) != 0 ||
        ex.ruleset->prepare(&ex, &ctx, &layout, &games, err, sizeof err) != 0)
        fuzz_die(err);
    ex.ruleset->release(ctx);
    prov = (mu_provenance){.ruleset = ex.ruleset->name, .seed = ex.seed, .games_requested = games,
                           .threads = 1, .per_game_rows = ex.per_game_rows,
                           .experiment_text = ex.text, .experiment_path = ex.path};
    done = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    setup();
    const char *path = fuzz_write(data, size);
    char err[1024] = "";
    int rc = mu_h5out_vet_partial(path, &layout, &prov, !MUSTER_FUZZ_REPLAY, err, sizeof err);
    fuzz_check("mu_h5out_vet_partial", rc == 0 ? MU_EXIT_OK : MU_EXIT_DATAERR, err);
    return 0;
}
