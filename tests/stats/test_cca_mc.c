/* cca Monte Carlo against exact values (alpha = 1e-6, fixed seeds):
 * the centre cards in an opening hand of the 40-card section deck follow
 * the hypergeometric law (a uniform shuffle dealt from the top), and the
 * random policy's order is uniform over every (piece, destination) that
 * moves, enumerated from the rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cca/config/cca_config.h"
#include "cca_fixture.h"
#include "stats_check.h"

#include <math.h>

static double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0.0;
    double r = 1.0;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

/* RULE cca.cards.shuffle cca.cards.hand */
static void test_cca_opening_hand_is_hypergeometric(void **state)
{
    (void)state;
    cca_deck d;
    char err[512];
    assert_int_equal(cca_deck_load(MUSTER_SOURCE_DIR "/experiments/decks/cca-sections.yaml", &d, err, sizeof err), 0);
    int centre = 0;
    for (int k = 0; k < d.n_kinds; k++)
        centre += d.kinds[k].section == CCA_CENTRE ? d.kinds[k].count : 0;
    assert_int_equal(d.size, 40);
    assert_int_equal(centre, 16);
    enum { HAND = 5, N = 200000 };
    long seen[2][HAND + 1] = {{0}};
    for (long i = 0; i < N; i++) {
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(1515, (uint64_t)i));
        cca_cards c;
        cca_cards_deal(&d, (const int[]){HAND, HAND}, 0, &c, &dice);
        for (int s = 0; s < 2; s++) {
            int n = 0;
            for (int j = 0; j < HAND; j++)
                n += d.kinds[c.hand[s][j]].section == CCA_CENTRE;
            seen[s][n]++;
        }
    }
    double p[HAND + 1];
    for (int k = 0; k <= HAND; k++)
        p[k] = choose(centre, k) * choose(d.size - centre, HAND - k) / choose(d.size, HAND);
    assert_fits("centre cards in sides[0]'s opening hand", seen[0], p, HAND + 1, STATS_ALPHA);
    assert_fits("centre cards in sides[1]'s opening hand", seen[1], p, HAND + 1, STATS_ALPHA);
}

/* Index of permutation perm[0..n) among the n! (Lehmer code). */
static int lehmer(const uint8_t *perm, int n)
{
    int code = 0;
    for (int i = 0; i < n; i++) {
        int smaller = 0;
        for (int j = i + 1; j < n; j++)
            smaller += perm[j] < perm[i];
        code = code * (n - i) + smaller;
    }
    return code;
}

/* The shuffle is uniform over every ordering, not only over the counts a
 * hand sees (a Sattolo shuffle, j < i, deals hypergeometric hands but never
 * leaves a card in place): the 120 orderings of 5 cards are equally likely,
 * and the card on top of the 40-card deck and the one at its bottom end
 * at each of the 40 places with chance 1/40, each card staying put among
 * them. */
/* RULE cca.cards.shuffle */
static void test_cca_shuffle_is_uniform_over_orderings(void **state)
{
    (void)state;
    enum { SMALL = 5, ORDERS = 120, N_SMALL = 240000, DECK = 40, N_DECK = 200000 };
    static long orders[ORDERS];
    for (long i = 0; i < N_SMALL; i++) {
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(1516, (uint64_t)i));
        uint8_t cards[SMALL] = {0, 1, 2, 3, 4};
        cca_shuffle(cards, SMALL, &dice);
        orders[lehmer(cards, SMALL)]++;
    }
    double q[ORDERS];
    for (int k = 0; k < ORDERS; k++)
        q[k] = 1.0 / ORDERS;
    assert_fits("orderings of 5 shuffled cards", orders, q, ORDERS, STATS_ALPHA);
    long top[DECK] = {0}, bottom[DECK] = {0};
    for (long i = 0; i < N_DECK; i++) {
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(1517, (uint64_t)i));
        uint8_t cards[DECK];
        for (int k = 0; k < DECK; k++)
            cards[k] = (uint8_t)k;
        cca_shuffle(cards, DECK, &dice);
        for (int k = 0; k < DECK; k++) {
            if (cards[k] == DECK - 1)
                top[k]++;
            if (cards[k] == 0)
                bottom[k]++;
        }
    }
    double p[DECK];
    for (int k = 0; k < DECK; k++)
        p[k] = 1.0 / DECK;
    assert_fits("place of the top card of 40 after a shuffle", top, p, DECK, STATS_ALPHA);
    assert_fits("place of the bottom card of 40 after a shuffle", bottom, p, DECK, STATS_ALPHA);
}

/* RULE cca.policy.random-uniform */
static void test_cca_random_policy_is_uniform_over_moves(void **state)
{
    (void)state;
    cca_board b;
    cca_field f;
    fx_board(&b, &f, 7, 5);
    fx_unit(&b, &f, 1, 4, 0, CCA_INFANTRY, CCA_SQUARE);   /* few moves */
    fx_unit(&b, &f, 3, 3, 0, CCA_CAVALRY, CCA_SQUARE);    /* many */
    fx_unit(&b, &f, 2, 4, 0, CCA_INFANTRY, CCA_TRIANGLE);
    fx_leader(&b, &f, 5, 4, 0, CCA_INFANTRY);              /* alone, next to the baseline */
    fx_unit(&b, &f, 3, 1, 1, CCA_INFANTRY, CCA_CIRCLE);
    uint8_t edist[CCA_MAX_CELLS];
    cca_enemy_distance(&b, &f, 1, edist);
    cca_view v = {.board = &b, .field = &f, .side = 0, .enemy_dist = edist, .units_left = 7, .leaders_left = 1};
    /* the moves, enumerated from the rules: (piece, destination) -> index */
    int index[CCA_MAX_UNITS + CCA_MAX_LEADERS][CCA_MAX_CELLS + 1];
    memset(index, -1, sizeof index);
    int n = 0;
    for (int k = 0; k < 4; k++) {
        int leader = k == 3, piece = leader ? 0 : k;
        cca_reach r;
        if (leader)
            cca_leader_reach(&b, &f, piece, &r);
        else
            cca_unit_reach(&b, &f, piece, &r);
        for (int i = 0; i < r.n_dest; i++)
            index[leader ? CCA_MAX_UNITS : piece][r.dest[i]] = n++;
        if (r.exit_from >= 0)
            index[leader ? CCA_MAX_UNITS : piece][CCA_MAX_CELLS] = n++;
    }
    assert_true(n > 20 && n < 64);
    long seen[64] = {0};
    double p[64];
    enum { N = 200000 };
    for (long i = 0; i < N; i++) {
        mu_rng rng = mu_rng_for_game(99, (uint64_t)i);
        cca_order o;
        assert_int_equal(cca_policy_random_order(&v, &rng, &o), 1);
        int at = index[o.leader ? CCA_MAX_UNITS : o.piece][o.dest == CCA_EXIT ? CCA_MAX_CELLS : o.dest];
        assert_true(at >= 0);
        seen[at]++;
    }
    for (int i = 0; i < n; i++)
        p[i] = 1.0 / n;
    assert_fits("random policy's first order", seen, p, n, STATS_ALPHA);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cca_opening_hand_is_hypergeometric),
        cmocka_unit_test(test_cca_shuffle_is_uniform_over_orderings),
        cmocka_unit_test(test_cca_random_policy_is_uniform_over_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
