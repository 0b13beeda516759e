/* Whole Warmaster games to the end for every pairing of the four
 * policies, on the shipped meeting engagement with the shipped Empire and
 * Orc lists (tests/armies/good/empire-vs-orcs.yaml), with the invariant
 * checker after every move: no overlapping stands, no unit in terrain it
 * cannot enter, no stand moved beyond its allowance. Played as deployed
 * (1 cm apart) and deployed touching (brigades) with blundered retreats
 * on (units leave the table), so every path of the Command phase runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/policy/wm_battle_policy.h"
#include "warmaster/wm_game.h"
#include "warmaster/wm_scenario.h"

#include <stdio.h>
#include <string.h>

#ifndef MUSTER_SOURCE_DIR
#error "MUSTER_SOURCE_DIR must be defined"
#endif

static wm_battle battle;
static wm_scenario touching_sc;
static wm_battlefield touching_bf;
static wm_deployed touching_roster[WM_MAX_UNITS];
static const char *names[WM_MAX_UNITS];
static char name_buf[WM_MAX_UNITS][80];

typedef struct checker {
    int faults, moves;
    char first[320];
} checker;

static void check(void *user, const wm_game *g, const wm_move_event *ev)
{
    checker *c = user;
    char why[256];
    c->moves++;
    if (wm_game_check(g, ev, why, sizeof why) && c->faults++ == 0)
        snprintf(c->first, sizeof c->first, "turn %d: %s", g->turn, why);
}

static int setup(void **state)
{
    (void)state;
    char err[1024];
    if (wm_battle_load(MUSTER_SOURCE_DIR "/tests/armies/good/empire-vs-orcs.yaml", &battle, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    for (int u = 0; u < battle.bf.n_units; u++) {
        const wm_deployed *d = &battle.roster[u];
        snprintf(name_buf[u], sizeof name_buf[u], "%s #%d", battle.army[d->side].list.unit[d->list_unit].name, u);
        names[u] = name_buf[u];
    }
    touching_sc = battle.scenario;
    touching_sc.deploy_gap_mm = 0.0;
    if (wm_deploy(&touching_sc, battle.army, &touching_bf, touching_roster, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static wm_game games[2];

/* Plays one game to the end in games[slot] and returns it. */
static const wm_game *play_in(int slot, const wm_scenario *sc, const wm_battlefield *bf,
                                 const wm_deployed *roster, const wm_game_rules *rules, int k0, int k1,
                                 uint64_t seed, checker *chk)
{
    wm_game *g = &games[slot];
    static wm_policy_spec spec[2];
    static wm_policy_state st[2];
    wm_player players[2];
    spec[0] = wm_policy_defaults((wm_policy_kind)k0);
    spec[1] = wm_policy_defaults((wm_policy_kind)k1);
    for (int s = 0; s < 2; s++)
        wm_policy_bind(&spec[s], &st[s], mu_rng_for_game(seed ^ 0x5eed, (uint64_t)s), &players[s]);
    mu_dice dice = mu_dice_from_rng(mu_rng_for_game(seed, 0));
    wm_game_env env = {.dice = &dice, .user = chk, .after_move = check};
    wm_game_init(g, sc, bf, roster, names, rules, -1);
    for (int t = 0; t < WM_MAX_TURNS + 1 && !g->over; t++)
        wm_game_turn(g, players, &env);
    return g;
}

static const wm_game *play(const wm_scenario *sc, const wm_battlefield *bf, const wm_deployed *roster,
                              const wm_game_rules *rules, int k0, int k1, uint64_t seed, checker *chk)
{
    return play_in(0, sc, bf, roster, rules, k0, k1, seed, chk);
}

/* Sums one counter over both sides. */
#define BOTH(g, field) ((g)->stats[0].field + (g)->stats[1].field)

static void consistent(const wm_game *g, const wm_scenario *sc)
{
    assert_true(g->over);
    assert_true(g->turn >= 1 && g->turn <= sc->turns);
    assert_true(g->end == WM_END_TURNS || g->end == WM_END_GENERAL_LEFT);
    assert_true(g->winner >= -1 && g->winner <= 1);
    for (int s = 0; s < 2; s++) {
        const wm_side_stats *st = &g->stats[s];
        assert_int_equal(st->orders_given + st->orders_failed, st->orders_attempted);
        int by_char = 0;
        for (int c = 0; c < WM_GAME_SIDE_CHARS; c++)
            by_char += st->char_attempted[c];
        assert_int_equal(by_char, st->orders_attempted);
        assert_true(st->off_destroyed + st->off_back_at_once + st->off_back_later <= st->off_left);
        assert_true(st->first_contact_turn <= g->turn);
        assert_true((st->charges == 0) == (st->first_contact_turn == 0));
    }
}

/* Every pairing of aggressive, cautious, objective and random, both
 * deployments; the checker found nothing and each game ended properly. */
static void test_wm_games_run_to_the_end_for_every_pairing(void **state)
{
    (void)state;
    wm_game_rules plain = wm_game_rules_default(), retreats = plain;
    retreats.blunder_retreat = 1;
    int totals[8] = {0};
    for (int variant = 0; variant < 2; variant++) {
        const wm_scenario *sc = variant ? &touching_sc : &battle.scenario;
        const wm_battlefield *bf = variant ? &touching_bf : &battle.bf;
        const wm_deployed *roster = variant ? touching_roster : battle.roster;
        for (int k0 = 0; k0 < WM_POLICY_COUNT; k0++)
            for (int k1 = 0; k1 < WM_POLICY_COUNT; k1++) {
                checker chk = {0};
                uint64_t seed = (uint64_t)(100 * variant + 10 * k0 + k1);
                const wm_game *g = play(sc, bf, roster, variant ? &retreats : &plain, k0, k1, seed, &chk);
                if (chk.faults)
                    fail_msg("%s vs %s (variant %d): %d faults, first: %s", wm_policy_name(k0),
                             wm_policy_name(k1), variant, chk.faults, chk.first);
                assert_true(chk.moves > 0);
                consistent(g, sc);
                totals[0] += BOTH(g, charges);
                totals[1] += BOTH(g, init_charges);
                totals[2] += BOTH(g, init_evades);
                totals[3] += BOTH(g, brigade_orders);
                totals[4] += BOTH(g, off_left);
                totals[5] += BOTH(g, half_pace);
                totals[6] += BOTH(g, burst_throughs);
                totals[7] += BOTH(g, general_ended);
            }
    }
    /* every kind of event happened somewhere */
    for (int i = 0; i < 8; i++)
        if (totals[i] == 0)
            fail_msg("event kind %d never happened in 32 games", i);
}

/* Same seed, same game: the rules' dice and the policies' generators
 * decide everything. */
static void test_wm_same_seed_same_game(void **state)
{
    (void)state;
    wm_game_rules rules = wm_game_rules_default();
    checker chk = {0};
    const wm_game *a = play_in(0, &battle.scenario, &battle.bf, battle.roster, &rules, WM_POLICY_RANDOM,
                                  WM_POLICY_AGGRESSIVE, 77, &chk);
    const wm_game *b = play_in(1, &battle.scenario, &battle.bf, battle.roster, &rules, WM_POLICY_RANDOM,
                                  WM_POLICY_AGGRESSIVE, 77, &chk);
    /* both start from a zeroed game and change field by field: byte-equal */
    assert_memory_equal(&a->stats, &b->stats, sizeof a->stats);
    for (int u = 0; u < a->bf.n_units; u++) {
        assert_int_equal(a->bf.unit[u].presence, b->bf.unit[u].presence);
        assert_int_equal(a->bf.unit[u].engaged, b->bf.unit[u].engaged);
        for (int i = 0; i < a->bf.unit[u].n_stands; i++) {
            assert_true(a->bf.unit[u].stand[i].center.x == b->bf.unit[u].stand[i].center.x);
            assert_true(a->bf.unit[u].stand[i].center.y == b->bf.unit[u].stand[i].center.y);
        }
    }
    assert_int_equal(a->winner, b->winner);
    assert_true(a->stats[0].orders_attempted + a->stats[1].orders_attempted > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_games_run_to_the_end_for_every_pairing),
        cmocka_unit_test(test_wm_same_seed_same_game),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
