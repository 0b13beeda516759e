/* Command cards (cca_cards.h). */
#include "cca/cca_cards.h"

#include <assert.h>
#include <string.h>

/* RULE cca.cards.shuffle */
void cca_shuffle(uint8_t *cards, int n, mu_dice *dice)
{
    for (int i = n - 1; i > 0; i--) {
        int j = mu_dice_dk(dice, i + 1) - 1;
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

static int draw(cca_cards *c, mu_dice *dice)
{
    if (c->n_pile == 0) {
        memcpy(c->pile, c->discard, (size_t)c->n_discard);
        c->n_pile = c->n_discard;
        c->n_discard = 0;
        c->reshuffles++;
        cca_shuffle(c->pile, c->n_pile, dice);
    }
    assert(c->n_pile > 0);
    return c->pile[--c->n_pile];
}

/* RULE cca.cards.deck cca.cards.hand */
void cca_cards_deal(const cca_deck *d, const int hand[2], int first, cca_cards *c, mu_dice *dice)
{
    memset(c, 0, sizeof *c);
    for (int k = 0; k < d->n_kinds; k++)
        for (int i = 0; i < d->kinds[k].count; i++)
            c->pile[c->n_pile++] = (uint8_t)k;
    assert(hand[0] + hand[1] <= c->n_pile && hand[0] <= CCA_MAX_HAND && hand[1] <= CCA_MAX_HAND);
    cca_shuffle(c->pile, c->n_pile, dice);
    for (int i = 0; c->n_hand[0] < hand[0] || c->n_hand[1] < hand[1]; i++) {
        int s = (i & 1) ? 1 - first : first;
        if (c->n_hand[s] < hand[s])
            c->hand[s][c->n_hand[s]++] = (uint8_t)draw(c, dice);
    }
}

/* RULE cca.cards.draw */
int cca_cards_play(cca_cards *c, int side, int slot, mu_dice *dice)
{
    assert(slot >= 0 && slot < c->n_hand[side]);
    int kind = c->hand[side][slot];
    c->discard[c->n_discard++] = (uint8_t)kind;
    c->hand[side][slot] = (uint8_t)draw(c, dice);
    return kind;
}
