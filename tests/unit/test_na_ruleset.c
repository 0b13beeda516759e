/* The `ninth-age` ruleset: whole games through the driver, their rows and
 * count tables (experiments in tests/unit/na/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "run_games.h"

#include "muster/experiment.h"

#define DIR MUSTER_SOURCE_DIR "/tests/unit/na/"

static void load(const char *name, mu_experiment *ex, run_games *r)
{
    char err[1024];
    int rc = mu_experiment_load(name, ex, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "%s\n", err);
    assert_int_equal(rc, 0);
    assert_int_equal(run_games_prepare(r, ex, 1), 0);
}

static void release(mu_experiment *ex, run_games *r)
{
    for (int t = 0; t < r->layout.n_tables; t++)
        free(r->tables[t]);
    for (int c = 0; c < r->layout.n_columns; c++)
        free(r->columns[c]);
    mu_layout_free(&r->layout);
    r->rs->release(r->ctx);
    mu_experiment_free(ex);
}

static uint64_t table_sum(const run_games *r, const char *name)
{
    int t = run_games_table(r, name);
    assert_true(t >= 0);
    uint64_t s = 0;
    for (size_t i = 0; i < mu_table_cells(&r->layout, t); i++)
        s += r->tables[t][i];
    return s;
}

/* Reading: a unit chosen to move takes its March Test before its kind of
 * move is chosen, even if it then does not move ("or choose not to move
 * at all"). Two holding units 4" apart: each tests every player turn, 3
 * turns: 6 tests a game. Under the reading "only units that then move
 * test" there would be none. The count table holds them by Discipline (7
 * and 9) and band (4" is band 1, (2, 4]).
 * RULE na.move.sequence na.record.march-table na.game.turns */
static void test_na_game_units_test_before_choosing(void **state)
{
    (void)state;
    static mu_experiment ex;
    run_games r;
    load(DIR "hold.yaml", &ex, &r);
    run_games_play(&r, ex.seed, 0, r.games, NULL);
    for (uint64_t g = 0; g < r.games; g++) {
        assert_int_equal(run_games_cell(&r, "turns_played", g, 0), 3);
        assert_int_equal(run_games_cell(&r, "march_tests", g, 0), 6);
        assert_int_equal(run_games_cell(&r, "marches_denied", g, 0), 0); /* hold never marches */
        assert_int_equal(run_games_cell(&r, "holds", g, 0), 6);
    }
    assert_int_equal(table_sum(&r, "march_tests"), 6 * r.games);
    int t = run_games_table(&r, "march_tests");
    /* axes: arm, discipline (7..9), band (4 bands of 2"), result */
    const uint64_t *m = r.tables[t];
    uint64_t d7 = 0, d9 = 0, band1 = 0, failed7 = 0;
    for (int d = 0; d < 3; d++)
        for (int b = 0; b < 4; b++)
            for (int res = 0; res < 2; res++) {
                uint64_t v = m[(d * 4 + b) * 2 + res];
                d7 += d == 0 ? v : 0;
                d9 += d == 2 ? v : 0;
                band1 += b == 1 ? v : 0;
                failed7 += d == 0 && res == 1 ? v : 0;
            }
    assert_int_equal(d7, 3 * r.games);
    assert_int_equal(d9, 3 * r.games);
    assert_int_equal(band1, 6 * r.games);
    uint64_t failed = 0;
    for (uint64_t g = 0; g < r.games; g++)
        failed += (uint64_t)run_games_cell(&r, "march_tests_failed", g, 0);
    assert_true(failed7 <= failed && failed > 0);
    release(&ex, &r);
}

/* The study's knob: a March Test radius of 3" instead of 8": no test at 4".
 * RULE na.game.march-radius */
static void test_na_game_march_radius_from_experiment(void **state)
{
    (void)state;
    static mu_experiment ex;
    run_games r;
    load(DIR "hold-radius-3.yaml", &ex, &r);
    run_games_play(&r, ex.seed, 0, r.games, NULL);
    assert_int_equal(table_sum(&r, "march_tests"), 0);
    release(&ex, &r);
}

/* The objective policy walks A back to the objective behind it: the turn
 * it first stands in it is recorded for its side, never for the holding
 * side; every unit-turn of a side is either able to shoot, marched or
 * reformed (no contact here), and a marching game records no shots for
 * that unit-turn. RULE na.game.objectives na.march.no-shoot na.reform.no-shoot */
static void test_na_game_objective_turns_and_shooting(void **state)
{
    (void)state;
    static mu_experiment ex;
    run_games r;
    load(DIR "objective.yaml", &ex, &r);
    run_games_play(&r, ex.seed, 0, r.games, NULL);
    long reached = 0;
    for (uint64_t g = 0; g < r.games; g++) {
        long t0 = run_games_cell(&r, "objective_turn_first", g, 0);
        assert_int_equal(run_games_cell(&r, "objective_turn_second", g, 0), 0);
        reached += t0 > 0;
        for (int s = 0; s < 2; s++) {
            long sum = run_games_cell(&r, "able_to_shoot", g, s) + run_games_cell(&r, "marched_no_shoot", g, s) +
                       run_games_cell(&r, "reformed_no_shoot", g, s);
            assert_int_equal(sum, 3);
        }
        assert_int_equal(run_games_cell(&r, "marched_no_shoot", g, 0), run_games_cell(&r, "marches", g, 0));
    }
    assert_true(reached > 0);
    release(&ex, &r);
}

/* The same game played twice gives the same row (the replay's promise). */
static void test_na_game_same_seed_same_row(void **state)
{
    (void)state;
    static mu_experiment ex;
    run_games a, b;
    load(MUSTER_SOURCE_DIR "/experiments/examples/na-minimal.yaml", &ex, &a);
    assert_int_equal(run_games_prepare(&b, &ex, 1), 0);
    run_games_play(&a, ex.seed, 0, 20, NULL);
    for (uint64_t g = 20; g-- > 0;)
        run_games_play(&b, ex.seed, g, 1, NULL);
    for (int c = 0; c < a.layout.n_columns; c++)
        assert_memory_equal(a.columns[c], b.columns[c], 20 * mu_column_row_bytes(&a.layout, c));
    for (int t = 0; t < b.layout.n_tables; t++)
        free(b.tables[t]);
    for (int c = 0; c < b.layout.n_columns; c++)
        free(b.columns[c]);
    mu_layout_free(&b.layout);
    b.rs->release(b.ctx);
    release(&ex, &a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_na_game_units_test_before_choosing),
        cmocka_unit_test(test_na_game_march_radius_from_experiment),
        cmocka_unit_test(test_na_game_objective_turns_and_shooting),
        cmocka_unit_test(test_na_game_same_seed_same_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
