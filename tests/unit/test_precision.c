/* Precision targets (muster/precision.h, src/sim/precision.c): the Wilson
 * half-width against published intervals, the rate cells a layout
 * declares (shares of an outcome axis, a table over another summed over
 * axes left out, a table over games of the arm) and the widest of them,
 * the check points, and layouts whose rates do not fit their tables. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aborts.h"
#include "muster/layout.h"
#include "muster/precision.h"

/* Wilson score intervals at 95% as published (Newcombe 1998, Table I:
 * 81/263 -> 0.2553 to 0.3662; 0/10 -> 0 to 0.2775; and 5/10 -> 0.2366 to
 * 0.7634): half their width. */
static void wilson_half_width_matches_published_intervals(void **state)
{
    (void)state;
    assert_float_equal(mu_wilson_half_width(81, 263), (0.3662 - 0.2553) / 2, 1e-4);
    assert_float_equal(mu_wilson_half_width(0, 10), 0.2775 / 2, 1e-4);
    assert_float_equal(mu_wilson_half_width(5, 10), (0.7634 - 0.2366) / 2, 1e-4);
    assert_float_equal(mu_wilson_half_width(10, 10), 0.2775 / 2, 1e-4); /* symmetric */
}

enum { AX_GAME, AX_ARM, AX_COMMAND, AX_PENALTY, AX_OUTCOME, AX_ZONE };

static const char *const arms[] = {"a", "b"}, *const outcomes[] = {"pass", "fail"};

/* game, arm (a, b), command (7, 8), penalty (0..2), outcome, zone (2). */
static void base_layout(mu_layout *l)
{
    memset(l, 0, sizeof *l);
    mu_layout_add_axis(l, "games", "game", "1", "game", 0, 0);
    mu_layout_add_label_axis(l, "t", "arm", "arm", 2, arms);
    mu_layout_add_axis(l, "t", "command", "1", "Command", 2, 7);
    mu_layout_add_axis(l, "t", "penalty", "1", "penalty", 3, 0);
    mu_layout_add_label_axis(l, "t", "outcome", "outcome", 2, outcomes);
    mu_layout_add_axis(l, "t", "zone", "1", "zone", 2, 0);
}

/* The share of each outcome by arm and Command: the cell with the
 * fewest trials and an even split is the widest; cells without trials
 * are no rates. */
static void share_of_the_last_axis(void **state)
{
    (void)state;
    mu_layout l;
    base_layout(&l);
    int t = mu_layout_add_table(&l, "t", "tests", "1", "tests", 3, (const int[]){AX_ARM, AX_COMMAND, AX_OUTCOME});
    mu_layout_add_rate(&l, "test result", t, MU_RATE_SHARE, 0x7u);
    /* [arm][command][outcome] */
    uint64_t tests[2][2][2] = {{{50, 50}, {90, 10}}, {{0, 0}, {5, 5}}};
    const uint64_t *tables[] = {&tests[0][0][0]};
    mu_rate_cell w;
    assert_int_equal(mu_precision_widest(&l, tables, &w), 6);
    assert_int_equal(w.rate, 0);
    assert_int_equal(w.events, 5);
    assert_int_equal(w.trials, 10);
    assert_float_equal(w.half_width, mu_wilson_half_width(5, 10), 1e-12);
    assert_string_equal(w.label, "test result (arm=b, command=8, outcome=pass)");
    tests[1][1][0] = 995; /* now 995 of 1000: arm a's even split is the widest */
    assert_int_equal(mu_precision_widest(&l, tables, &w), 6);
    assert_int_equal(w.trials, 100);
    assert_string_equal(w.label, "test result (arm=a, command=7, outcome=pass)");
    mu_layout_free(&l);
}

/* Orders given over rolls made, both summed over arm and penalty (kept:
 * Command). */
static void over_a_table_summed_alike(void **state)
{
    (void)state;
    mu_layout l;
    base_layout(&l);
    const int axes[] = {AX_ARM, AX_COMMAND, AX_PENALTY};
    int att = mu_layout_add_table(&l, "t", "attempts", "1", "rolls", 3, axes);
    int suc = mu_layout_add_table(&l, "t", "successes", "1", "given", 3, axes);
    mu_layout_add_rate(&l, "order success", suc, att, 0x2u);
    uint64_t attempts[2][2][3] = {{{10, 20, 30}, {1, 2, 3}}, {{100, 0, 0}, {4, 0, 0}}};
    uint64_t successes[2][2][3] = {{{9, 15, 20}, {1, 1, 1}}, {{80, 0, 0}, {1, 0, 0}}};
    const uint64_t *tables[] = {&attempts[0][0][0], &successes[0][0][0]};
    mu_rate_cell w;
    assert_int_equal(mu_precision_widest(&l, tables, &w), 2);
    /* Command 8: 3 of 10; Command 7: 124 of 160 */
    assert_int_equal(w.events, 1 + 1 + 1 + 1);
    assert_int_equal(w.trials, 1 + 2 + 3 + 4);
    assert_string_equal(w.label, "order success (command=8)");
    mu_layout_free(&l);
}

/* Games where the army held a zone over the games of its arm: a
 * denominator over the table's first axis. */
static void over_the_games_of_the_arm(void **state)
{
    (void)state;
    mu_layout l;
    base_layout(&l);
    int games = mu_layout_add_table(&l, "t", "games", "1", "games", 1, (const int[]){AX_ARM});
    int zones = mu_layout_add_table(&l, "t", "zones", "1", "held", 2, (const int[]){AX_ARM, AX_ZONE});
    mu_layout_add_rate(&l, "zone held", zones, games, 0x3u);
    uint64_t played[2] = {400, 100}, held[2][2] = {{200, 390}, {99, 40}};
    const uint64_t *tables[] = {played, &held[0][0]};
    mu_rate_cell w;
    assert_int_equal(mu_precision_widest(&l, tables, &w), 4);
    assert_int_equal(w.events, 40);
    assert_int_equal(w.trials, 100);
    assert_string_equal(w.label, "zone held (arm=b, zone=1)");
    played[1] = 0, held[1][0] = held[1][1] = 0; /* arm b unplayed: no rates */
    assert_int_equal(mu_precision_widest(&l, tables, &w), 2);
    assert_int_equal(w.trials, 400);
    mu_layout_free(&l);
}

/* No rates, or no trials: no widest cell. */
static void nothing_to_measure(void **state)
{
    (void)state;
    mu_layout l;
    base_layout(&l);
    int t = mu_layout_add_table(&l, "t", "tests", "1", "tests", 2, (const int[]){AX_ARM, AX_OUTCOME});
    uint64_t tests[2][2] = {{0, 0}, {0, 0}};
    const uint64_t *tables[] = {&tests[0][0]};
    mu_rate_cell w;
    assert_int_equal(mu_precision_widest(&l, tables, &w), 0);
    assert_int_equal(w.rate, -1);
    mu_layout_add_rate(&l, "result", t, MU_RATE_SHARE, 0x3u);
    assert_int_equal(mu_precision_widest(&l, tables, &w), 0);
    assert_int_equal(w.rate, -1);
    mu_layout_free(&l);
}

/* 256 games an arm, then a quarter more (rounded up) each time, times
 * the arms; the cap is the last. */
static void check_points(void **state)
{
    (void)state;
    const uint64_t one_arm[] = {256, 320, 400, 500, 625, 782, 978};
    uint64_t g = 0;
    for (size_t i = 0; i < sizeof one_arm / sizeof one_arm[0]; i++) {
        g = mu_precision_next_check(g, 1, 1000000);
        assert_int_equal(g, one_arm[i]);
        assert_true(mu_precision_is_check(g, 1, 1000000));
        assert_false(mu_precision_is_check(g + 1, 1, 1000000));
        assert_false(mu_precision_is_check(g - 1, 1, 1000000));
    }
    assert_int_equal(mu_precision_next_check(0, 3, 3000), 768);
    assert_int_equal(mu_precision_next_check(768, 3, 3000), 960);
    assert_int_equal(mu_precision_next_check(959, 3, 3000), 960);
    assert_int_equal(mu_precision_next_check(2346, 3, 3000), 2934); /* 3 x 978 */
    assert_int_equal(mu_precision_next_check(2934, 3, 3000), 3000); /* the cap */
    assert_true(mu_precision_is_check(3000, 3, 3000));
    assert_false(mu_precision_is_check(0, 3, 3000));
    assert_int_equal(mu_precision_next_check(0, 2, 100), 100); /* a cap below the first */
}


/* Builds tables (arm, command, outcome), (arm, command), (command) and
 * (arm, zone), then the rate rate_case says. */
static int rate_case;
static void add_rate_case(void)
{
    mu_layout l;
    base_layout(&l);
    int t = mu_layout_add_table(&l, "t", "a", "1", "a", 3, (const int[]){AX_ARM, AX_COMMAND, AX_OUTCOME});
    int prefix = mu_layout_add_table(&l, "t", "b", "1", "b", 2, (const int[]){AX_ARM, AX_COMMAND});
    int other = mu_layout_add_table(&l, "t", "c", "1", "c", 1, (const int[]){AX_COMMAND});
    int zones = mu_layout_add_table(&l, "t", "d", "1", "d", 2, (const int[]){AX_ARM, AX_ZONE});
    switch (rate_case) {
    case 0: mu_layout_add_rate(&l, "fits", t, prefix, 0x7u); break;
    case 1: mu_layout_add_rate(&l, "share, last axis summed", t, MU_RATE_SHARE, 0x3u); break;
    case 2: mu_layout_add_rate(&l, "prefix not kept", t, prefix, 0x5u); break;
    case 3: mu_layout_add_rate(&l, "not the first axes", t, other, 0x7u); break;
    case 4: mu_layout_add_rate(&l, "keeps an axis it lacks", t, MU_RATE_SHARE, 0xFu); break;
    case 5: mu_layout_add_rate(&l, "other axes, same rank", zones, prefix, 0x3u); break;
    case 6: mu_layout_add_rate(&l, "no such table", 9, MU_RATE_SHARE, 0x1u); break;
    }
    mu_layout_free(&l);
}

static void rates_that_do_not_fit_abort(void **state)
{
    (void)state;
    rate_case = 0;
    assert_false(aborts(add_rate_case)); /* the check can pass */
    for (rate_case = 1; rate_case <= 6; rate_case++)
        assert_true(aborts(add_rate_case));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wilson_half_width_matches_published_intervals),
        cmocka_unit_test(share_of_the_last_axis),
        cmocka_unit_test(over_a_table_summed_alike),
        cmocka_unit_test(over_the_games_of_the_arm),
        cmocka_unit_test(nothing_to_measure),
        cmocka_unit_test(check_points),
        cmocka_unit_test(rates_that_do_not_fit_abort),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
