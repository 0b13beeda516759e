/* Command cards: how units are ordered. Not in our text (it says units
 * are "ordered" and that sections exist): a documented assumption, with
 * the deck's composition in a data file (see CLAUSES.md, cca.cards.*).
 * One deck shared by both sides; each side holds a hand; a turn plays one
 * card, "order N units in section S" (S from the player's own view), and
 * draws a replacement from the deck; an empty deck is made again from the
 * discards, shuffled. */
#ifndef MUSTER_CCA_CARDS_H
#define MUSTER_CCA_CARDS_H

#include "cca/cca_board.h"
#include "muster/dice.h"

#include <stdint.h>

#define CCA_MAX_CARD_KINDS 16
#define CCA_MAX_DECK 96
#define CCA_MAX_HAND 8

/* One kind of card and how many of it the deck holds. */
typedef struct cca_card_kind {
    char name[MU_NAME_MAX];
    uint8_t section; /* cca_section, from the player's view */
    uint8_t units;   /* units (or leaders) it orders, 1 .. */
    uint8_t count;   /* copies in the deck */
} cca_card_kind;

/* A deck's composition (from its data file). */
typedef struct cca_deck {
    int n_kinds;
    int size; /* sum of counts */
    cca_card_kind kinds[CCA_MAX_CARD_KINDS];
} cca_deck;

/* The cards of one game: kinds by index into cca_deck.kinds. */
typedef struct cca_cards {
    uint8_t pile[CCA_MAX_DECK]; /* draw pile; its top is pile[n_pile - 1] */
    uint8_t discard[CCA_MAX_DECK];
    uint8_t hand[2][CCA_MAX_HAND];
    int n_pile, n_discard, n_hand[2];
    int reshuffles;
} cca_cards;

/* Shuffles n cards in place, uniformly (Fisher-Yates, each swap one die of
 * i + 1 faces from dice). */
void cca_shuffle(uint8_t *cards, int n, mu_dice *dice);

/* Makes the deck of d, shuffles it and deals hand[0] and hand[1] cards one
 * at a time, starting with side first. hand[0] + hand[1] <= d->size. */
void cca_cards_deal(const cca_deck *d, const int hand[2], int first, cca_cards *c, mu_dice *dice);

/* Plays card slot of side's hand onto the discards and draws its
 * replacement (re-making the pile from the discards, shuffled, when it is
 * empty). Returns the kind played. */
int cca_cards_play(cca_cards *c, int side, int slot, mu_dice *dice);

#endif
