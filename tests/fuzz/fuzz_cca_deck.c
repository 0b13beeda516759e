/* libFuzzer harness: Commands & Colors: Ancients command card deck files
 * (cca_deck_load: the deck's composition, card kind by card kind). An
 * error must be one line positioned in the input (fuzz_check_at); a deck
 * it accepts must hold 1 .. CCA_MAX_CARD_KINDS kinds of distinct,
 * non-empty names, each of a section, ordering 1 unit or more, at least
 * one copy, and its size must be the sum of the copies, at most
 * CCA_MAX_DECK. Run by scripts/fuzz (scripts/fuzz SECONDS cca_deck);
 * replayed by the test suite (fuzz_replay.c, tests/fuzz/CMakeLists.txt). */
#include "fuzz_input.h"

#include "cca/cca_cards.h"
#include "cca/config/cca_config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Checks what the loader accepted; aborts on the first fault. */
static void check_loaded(const cca_deck *d)
{
    if (d->n_kinds < 1 || d->n_kinds > CCA_MAX_CARD_KINDS)
        fuzz_die("cca_deck_load accepted a number of card kinds out of range");
    int size = 0;
    for (int k = 0; k < d->n_kinds; k++) {
        const cca_card_kind *c = &d->kinds[k];
        if (c->name[0] == '\0' || c->section >= CCA_SECTIONS || c->units < 1 || c->count < 1)
            fuzz_die("cca_deck_load accepted a card kind it should refuse");
        for (int j = 0; j < k; j++)
            if (strcmp(c->name, d->kinds[j].name) == 0)
                fuzz_die("cca_deck_load accepted two card kinds of one name");
        size += c->count;
    }
    if (size != d->size || size > CCA_MAX_DECK)
        fuzz_die("cca_deck_load accepted a deck whose size is wrong or too large");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write(data, size);
    char err[1536] = "";
    cca_deck *d = calloc(1, sizeof *d); /* plain data: nothing else to free */
    if (d == NULL)
        abort();
    int rc = cca_deck_load(path, d, err, sizeof err);
    fuzz_check_at("cca_deck_load", rc, err);
    if (rc == 0)
        check_loaded(d);
    free(d);
    return 0;
}
