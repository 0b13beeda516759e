/* The cca ruleset through the game driver on the shipped example: whole
 * games alternate the sides' cards for the scenario's turns, keep the
 * field consistent and the counts coherent, and replay bit for bit; the
 * policies' generator is not the rules' dice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cca/cca_game.h"
#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/dice.h"
#include "muster/sim.h"

#include <stdlib.h>
#include <string.h>

/* RULE cca.game.turns cca.game.end cca.game.policy-rng */
static void test_cca_ruleset_games_alternate_and_replay(void **state)
{
    (void)state;
    mu_experiment ex;
    char err[1024];
    assert_int_equal(mu_experiment_load(MUSTER_SOURCE_DIR "/experiments/examples/cca-minimal.yaml", &ex, err, sizeof err),
                     0);
    const mu_ruleset *rs = ex.ruleset;
    const cca_study *st = ex.config;
    ex.games = 50;
    void *ctx;
    mu_layout layout;
    uint64_t games;
    assert_int_equal(rs->prepare(&ex, &ctx, &layout, &games, err, sizeof err), 0);
    assert_int_equal(games, 50 * (uint64_t)st->n_arms);
    mu_worker *w = mu_worker_new(rs, &layout);
    cca_game *g = w->state;
    cca_game again;
    long moved = 0, adjacent = 0;
    for (uint64_t i = 0; i < games; i++) {
        mu_sink sink = {.tables = w->tables};
        uint64_t turns = mu_play_game(rs, ctx, ex.seed, games / ex.games, i, g, &sink);
        assert_int_equal(turns, (uint64_t)st->turns);
        assert_int_equal(g->turn, st->turns);
        assert_true(cca_field_valid(&st->board, &g->field));
        const cca_tally *t = &g->tally;
        for (int s = 0; s < 2; s++) {
            int cards = 0;
            for (int k = 0; k < CCA_SECTIONS; k++) {
                cards += t->cards[s][k];
                assert_true(t->orders_used[s][k] <= t->orders_issued[s][k]);
            }
            assert_int_equal(cards, st->turns); /* one card a side a turn */
            moved += t->units_moved[s];
        }
        assert_true(t->first_adjacency >= -1 && t->first_adjacency <= st->turns);
        adjacent += t->first_adjacency > 0;
        if (i % 17 == 0) {
            memcpy(&again, g, sizeof again);
            mu_play_game(rs, ctx, ex.seed, games / ex.games, i, g, &sink);
            assert_memory_equal(&again.tally, &g->tally, sizeof again.tally);
            assert_memory_equal(&again.field, &g->field, sizeof again.field);
        }
    }
    assert_true(moved > 1000);
    assert_true(adjacent > 20);
    /* the policies draw from their own generator, not game g's dice */
    rs->setup(ctx, 3, g);
    mu_rng dice = mu_rng_for_game(ex.seed, 3);
    assert_false(g->policy_rng.state == dice.state && g->policy_rng.inc == dice.inc);
    mu_worker_free(w);
    rs->release(ctx);
    mu_layout_free(&layout);
    mu_experiment_free(&ex);
}

/* A side's enemy distances kept from its last turn while the enemy units
 * have not moved (cca_game's seen) give the same games as distances worked
 * out afresh every turn: the scripted pairings of the bench experiment,
 * played turn by turn both ways, field and counts compared each turn. */
static void test_cca_kept_enemy_distances_change_nothing(void **state)
{
    (void)state;
    mu_experiment ex;
    char err[1024];
    assert_int_equal(mu_experiment_load(MUSTER_SOURCE_DIR "/bench/cca-game-12.yaml", &ex, err, sizeof err), 0);
    const mu_ruleset *rs = ex.ruleset;
    ex.games = 40;
    void *ctx;
    mu_layout layout;
    uint64_t games;
    assert_int_equal(rs->prepare(&ex, &ctx, &layout, &games, err, sizeof err), 0);
    mu_worker *w = mu_worker_new(rs, &layout);
    static cca_game kept, afresh;
    long reused = 0, turns = 0;
    for (uint64_t i = 0; i < games; i++) {
        mu_sink sink = {.tables = w->tables};
        mu_dice d1 = mu_dice_from_rng(mu_rng_for_game(ex.seed, i)), d2 = d1;
        rs->setup(ctx, i, &kept);
        rs->setup(ctx, i, &afresh);
        while (!rs->is_over(ctx, &kept)) {
            mu_hex_set before[2] = {kept.seen[0].units, kept.seen[1].units};
            int valid[2] = {kept.seen[0].valid, kept.seen[1].valid};
            rs->play_turn(ctx, &kept, &d1, &sink);
            afresh.seen[0].valid = afresh.seen[1].valid = 0;
            rs->play_turn(ctx, &afresh, &d2, &sink);
            for (int s = 0; s < 2; s++)
                reused += valid[s] && memcmp(&before[s], &kept.seen[s].units, sizeof before[s]) == 0;
            assert_memory_equal(&kept.field, &afresh.field, sizeof kept.field);
            assert_memory_equal(&kept.tally, &afresh.tally, sizeof kept.tally);
            turns++;
        }
        assert_true(rs->is_over(ctx, &afresh));
    }
    print_message("%ld game turns, %ld side turns with distances kept\n", turns, reused);
    assert_true(turns == 1600 && reused > 300);
    mu_worker_free(w);
    rs->release(ctx);
    mu_layout_free(&layout);
    mu_experiment_free(&ex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cca_ruleset_games_alternate_and_replay),
        cmocka_unit_test(test_cca_kept_enemy_distances_change_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
