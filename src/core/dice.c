/* Dice that are not inline: sums of several dice. */
#include "muster/dice.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

int mu_ndk(mu_rng *rng, int n, int k)
{
    assert(n >= 0 && k >= 1);
    int total = 0;
    for (int i = 0; i < n; i++)
        total += mu_dk(rng, k);
    return total;
}

mu_dice mu_dice_scripted(const uint8_t *faces, size_t n)
{
    mu_dice d = {.script = faces, .script_len = n};
    return d;
}

int mu_dice_next_scripted(mu_dice *d)
{
    if (d->script_pos >= d->script_len) {
        fprintf(stderr, "muster: scripted dice ran out after %zu faces\n", d->script_len);
        abort();
    }
    return d->script[d->script_pos++];
}
