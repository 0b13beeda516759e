/* Random legal armies from the 25 lists (issue 21; wm_army_random): for
 * every list, 100 armies of 2,000 points drawn with fixed seeds, each
 * legal by the army check the battle files use (wm_army_check: an
 * independent reading of the list, not the builder's), the same for the
 * same seed, varied across seeds; and one army of each list plays a whole
 * game (both sides random armies of the list, the meeting engagement, the
 * objective policy). */
#define _DEFAULT_SOURCE /* mkstemps */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "muster/experiment.h"
#include "run_games.h"
#include "warmaster/wm_armylist.h"

#define ARMIES_PER_LIST 100
#define POINTS 2000

static const char *const lists[] = {
    "albion", "araby", "beastmen", "bretonnia", "cathay", "chaos", "chaos-dwarfs", "daemons", "dark-elves",
    "dogs-of-war", "dwarfs", "empire", "goblins", "high-elves", "kislev", "lizardmen", "nippon", "norse",
    "ogre-kingdoms", "orcs", "skaven", "tomb-kings", "vampire-counts", "witch-hunters", "wood-elves"};
#define N_LISTS (sizeof lists / sizeof lists[0])

static wm_army_list list;
static wm_army army, again;

static void load(size_t f)
{
    char path[512], err[1600];
    snprintf(path, sizeof path, MUSTER_SOURCE_DIR "/experiments/armies/%s.yaml", lists[f]);
    int rc = wm_army_list_load(path, &list, err, sizeof err);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
}

/* RULE wm.armylist.random-army */
static void test_random_armies_are_legal(void **state)
{
    (void)state;
    for (size_t f = 0; f < N_LISTS; f++) {
        load(f);
        int distinct = 0, lo = POINTS, hi = 0;
        uint64_t seen[ARMIES_PER_LIST];
        for (int k = 0; k < ARMIES_PER_LIST; k++) {
            mu_rng rng = mu_rng_for_game(20261128 + f, (uint64_t)k);
            assert_int_equal(wm_army_random(&list, POINTS, &rng, &army), 0);
            wm_army_breach b;
            if (wm_army_check(&army, &b) != 0)
                print_error("%s army %d: %s\n", lists[f], k, b.text);
            assert_int_equal(wm_army_check(&army, &b), 0);
            assert_int_equal(army.points, wm_army_cost(&army));
            assert_true(army.points <= POINTS);
            lo = army.points < lo ? army.points : lo;
            hi = army.points > hi ? army.points : hi;
            rng = mu_rng_for_game(20261128 + f, (uint64_t)k);
            assert_int_equal(wm_army_random(&list, POINTS, &rng, &again), 0);
            assert_int_equal(again.n_entries, army.n_entries);
            assert_memory_equal(again.entry, army.entry, sizeof army.entry[0] * (size_t)army.n_entries);
            /* a fingerprint of the composition */
            uint64_t h = 1469598103934665603u;
            for (int j = 0; j < army.n_entries; j++)
                h = (h ^ ((uint64_t)(army.entry[j].unit * 64 + army.entry[j].mount + 1) * 131u +
                          (uint64_t)army.entry[j].count)) * 1099511628211u;
            seen[k] = h;
            int fresh = 1;
            for (int i = 0; i < k; i++)
                fresh &= seen[i] != h;
            distinct += fresh;
        }
        printf("%-16s %d distinct armies of %d, %d to %d points\n", lists[f], distinct, ARMIES_PER_LIST, lo, hi);
        assert_true(distinct >= ARMIES_PER_LIST / 2);
        assert_true(lo >= POINTS * 3 / 4); /* filled until nothing more fits */
    }
}

/* A list whose minimums cost more than the points cannot make an army. */
static void test_too_few_points_is_no_army(void **state)
{
    (void)state;
    load(11); /* empire: General 125 + 2 Halberdiers + 2 Crossbowmen per 1000 */
    mu_rng rng = mu_rng_for_game(1, 0);
    assert_int_equal(wm_army_random(&list, 1000, &rng, &army), 0);
    list.unit[wm_list_unit_index(&list, "Halberdiers")].points = 400; /* 2 x 400 + ... > 1000 */
    rng = mu_rng_for_game(1, 0);
    assert_int_equal(wm_army_random(&list, 1000, &rng, &army), -1);
}

/* Writes an experiment: two random armies of list f on the meeting
 * engagement, the objective policy, one game. */
static void write_experiment(const char *path, size_t f)
{
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    fprintf(out, "schema: 1\nruleset: warmaster-battle\nseed: 7\ngames: 1\noutput: {file: unused.h5}\n"
                 "scenario: " MUSTER_SOURCE_DIR "/experiments/scenarios/meeting-engagement.yaml\narmies:\n");
    for (int side = 0; side < 2; side++) {
        mu_rng rng = mu_rng_for_game(99 + f, (uint64_t)side);
        assert_int_equal(wm_army_random(&list, POINTS, &rng, &army), 0);
        fprintf(out, "  - list: " MUSTER_SOURCE_DIR "/experiments/armies/%s.yaml\n    points: %d\n    units:\n",
                lists[f], POINTS);
        wm_army_write_units(&army, out);
    }
    fprintf(out, "policies:\n  - {label: objective, sides: [{name: objective}, {name: objective}]}\n");
    fclose(out);
}

/* RULE wm.armylist.random-army */
static void test_one_random_army_of_each_list_plays_a_game(void **state)
{
    (void)state;
    char path[] = "/tmp/muster-random-army-XXXXXX.yaml";
    int fd = mkstemps(path, 5);
    assert_true(fd >= 0);
    close(fd);
    for (size_t f = 0; f < N_LISTS; f++) {
        load(f);
        write_experiment(path, f);
        static mu_experiment ex;
        char err[1600];
        int rc = mu_experiment_load(path, &ex, err, sizeof err);
        if (rc != 0)
            print_error("%s: %s\n", lists[f], err);
        assert_int_equal(rc, 0);
        run_games r;
        assert_int_equal(run_games_prepare(&r, &ex, 0), 0);
        run_games_play(&r, ex.seed, 0, 1, NULL);
        int games = -1, ended = 0;
        for (int t = 0; t < r.layout.n_tables; t++) {
            if (strcmp(r.layout.tables[t].name, "games") == 0)
                games = (int)r.tables[t][0];
            if (strcmp(r.layout.tables[t].name, "end_reasons") == 0)
                for (size_t i = 0; i < mu_table_cells(&r.layout, t); i++)
                    ended += (int)r.tables[t][i];
        }
        assert_int_equal(games, 1);
        assert_int_equal(ended, 1); /* it played to an end: the last turn, or a General left */
        run_games_free(&r);
        mu_experiment_free(&ex);
    }
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_armies_are_legal),
        cmocka_unit_test(test_too_few_points_is_no_army),
        cmocka_unit_test(test_one_random_army_of_each_list_plays_a_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
