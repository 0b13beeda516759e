/* Command card deck files, schema 1: the deck's composition, card kind by
 * card kind ("order N units in section S", and how many copies). The
 * cards are an assumption (our text does not describe them): see
 * CLAUSES.md, cca.cards.deck. Example: experiments/decks/cca-*.yaml. */
#include "cca/config/cca_config.h"

#include "muster/yaml_conv.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

struct raw_card {
    char *name;
    int *section;
    int *units;
    int *count;
};

struct raw_deck {
    int *schema;
    char *deck;
    struct raw_card *cards;
    unsigned cards_count;
};

static const cyaml_strval_t sections[] = {{"left", CCA_LEFT}, {"centre", CCA_CENTRE}, {"right", CCA_RIGHT}};

static const yp_field card_fields[] = {
    YP_FIELD(struct raw_card, "name", 1, name, YP_STRING_OF(1, MU_NAME_MAX - 1)),
    YP_FIELD(struct raw_card, "section", 1, section, YP_ENUM_OF("section", sections)),
    YP_FIELD(struct raw_card, "units", 1, units, YP_INT_IN(1, CCA_MAX_UNITS)),
    YP_FIELD(struct raw_card, "count", 1, count, YP_INT_IN(1, CCA_MAX_DECK)),
};
static const yp_value card_entry = {.size = sizeof(struct raw_card), YP_MAPPING_OF(card_fields)};

static const yp_field deck_fields[] = {
    YP_FIELD(struct raw_deck, "schema", 1, schema, YP_INT_IN(INT_MIN, INT_MAX)),
    YP_FIELD(struct raw_deck, "deck", 1, deck, YP_STRING_OF(1, MU_NAME_MAX - 1)),
    YP_SEQUENCE_FIELD(struct raw_deck, "cards", 1, cards, card_entry, 1, CCA_MAX_CARD_KINDS),
};
static const yp_value deck_schema = {.size = sizeof(struct raw_deck), YP_MAPPING_OF(deck_fields)};

/* RULE cca.cards.deck */
static int convert(yc_conv *c, const void *raw, void *out)
{
    const struct raw_deck *r = raw;
    cca_deck *d = out;
    for (unsigned i = 0; i < r->cards_count; i++) {
        const struct raw_card *rc = &r->cards[i];
        for (int k = 0; k < d->n_kinds; k++)
            if (strcmp(d->kinds[k].name, rc->name) == 0)
                return yc_fail(yc_at(c, "cards[%u].name", i), "card '%s' is already listed as cards[%d]", rc->name,
                               k);
        if (d->size + *rc->count > CCA_MAX_DECK)
            return yc_fail(yc_at(c, "cards[%u].count", i), "the deck would have more than %d cards", CCA_MAX_DECK);
        cca_card_kind *k = &d->kinds[d->n_kinds++];
        snprintf(k->name, sizeof k->name, "%s", rc->name);
        k->section = (uint8_t)*rc->section;
        k->units = (uint8_t)*rc->units;
        k->count = (uint8_t)*rc->count;
        d->size += k->count;
    }
    return 0;
}

int cca_deck_load(const char *path, cca_deck *d, char *err, size_t err_len)
{
    return yc_load(path, &deck_schema, CCA_FILE_SCHEMA, d, sizeof *d, convert, err, err_len);
}
