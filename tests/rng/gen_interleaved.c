/* Writes raw 32-bit outputs of 16 interleaved pcg32 streams to stdout,
 * round-robin one output each, forever (until the reader closes the pipe),
 * for dieharder -g 200. Usage: gen_interleaved game|samestate SEED
 *   game      : stream g is mu_rng_for_game(SEED, g), g = 0..15 (what runs use)
 *   samestate : stream g is mu_rng_seed(SEED, g): the same state, different
 *               streams -- the negative control DESIGN.md forbids. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "muster/rng.h"

#define N_STREAMS 16
#define BLOCK 4096 /* outputs per fwrite, a multiple of N_STREAMS */

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "game") != 0 && strcmp(argv[1], "samestate") != 0)) {
        fprintf(stderr, "usage: %s game|samestate SEED\n", argv[0]);
        return 2;
    }
    errno = 0;
    char *end = NULL;
    uint64_t seed = strtoull(argv[2], &end, 0);
    if (errno != 0 || end == argv[2] || *end != '\0') {
        fprintf(stderr, "%s: bad SEED '%s'\n", argv[0], argv[2]);
        return 2;
    }
    int same_state = strcmp(argv[1], "samestate") == 0;
    mu_rng rng[N_STREAMS];
    for (uint64_t g = 0; g < N_STREAMS; g++) {
        if (same_state)
            mu_rng_seed(&rng[g], seed, g);
        else
            rng[g] = mu_rng_for_game(seed, g);
    }
    static uint32_t buf[BLOCK];
    for (;;) {
        for (int i = 0; i < BLOCK; i++)
            buf[i] = mu_rng_next(&rng[i % N_STREAMS]);
        if (fwrite(buf, sizeof buf[0], BLOCK, stdout) != BLOCK)
            return 0; /* the reader has what it needs */
    }
}
