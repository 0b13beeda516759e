/* Dice that are not inline: sums of several dice. */
#include "muster/dice.h"

#include <assert.h>

int mu_ndk(mu_rng *rng, int n, int k)
{
    assert(n >= 0 && k >= 1);
    int total = 0;
    for (int i = 0; i < n; i++)
        total += mu_dk(rng, k);
    return total;
}
