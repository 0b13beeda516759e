/* h5_sample OUT [--no-rows] [--partial] [--games N --batch B]: writes the
 * sample results file of the HDF5 writer tests to OUT (1000 games in
 * batches of 300, or N in batches of B), or, with --partial, leaves
 * OUT.partial after two checkpointed batches. Used by the Python and
 * `muster info` tests. */
#include "sample_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GAMES 1000u
#define BATCH 300u

static int write_partial(const char *out, int rows, char *err, size_t err_len)
{
    mu_layout l;
    sample_layout(&l, GAMES);
    mu_provenance prov = sample_prov(GAMES, rows);
    mu_h5out *h = NULL;
    int rc = mu_h5out_create(out, 1, &l, &prov, &h, err, err_len);
    for (uint64_t first = 0; rc == 0 && first < 2 * BATCH; first += BATCH)
        rc = sample_batch(h, &l, first, BATCH, 1, err, err_len);
    if (h)
        mu_h5out_close_partial(h);
    mu_layout_free(&l);
    return rc;
}

int main(int argc, char **argv)
{
    int rows = 1, partial = 0;
    uint64_t games = GAMES, batch = BATCH;
    char err[512];
    if (argc < 2) {
        fputs("usage: h5_sample OUT [--no-rows] [--partial] [--games N --batch B]\n", stderr);
        return 64;
    }
    for (int i = 2; i < argc; i++) {
        rows &= strcmp(argv[i], "--no-rows") != 0;
        partial |= strcmp(argv[i], "--partial") == 0;
        if (i + 1 < argc && strcmp(argv[i], "--games") == 0)
            games = strtoull(argv[++i], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "--batch") == 0)
            batch = strtoull(argv[++i], NULL, 10);
    }
    if (games == 0 || batch == 0) {
        fputs("h5_sample: --games and --batch must be positive\n", stderr);
        return 64;
    }
    int rc = partial ? write_partial(argv[1], rows, err, sizeof err)
                     : sample_write(argv[1], games, batch, rows, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    return 0;
}
