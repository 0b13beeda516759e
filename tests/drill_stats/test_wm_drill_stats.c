/* Statistical test of the order-drill ruleset as the batch runner plays it:
 * 10^6 games per policy of a default.yaml-like army (General 9, two Heroes
 * 8, eight units including a three-unit brigade, an enemy close, a unit in
 * a wood, a bloodied unit; heroes-first and general-first, 3 orders per
 * unit), each game of wm_order_drill played by the game driver
 * (mu_play_game: game g rolling from mu_rng_for_game(SEED, g / arms)) with count
 * tables only (no per-game rows, no HDF5). The count tables are compared with exact
 * values at a family-wise alpha of 1e-6 per test:
 *
 *  (a) every (arm, Command, penalty, order number) cell of the
 *      attempts/successes tables against wm_order_success_ways / 36
 *      (two-sided z, Bonferroni over the cells);
 *  (b) each character's orders_given_hist row against the exact order-chain
 *      distribution of his plan steps (chi-square, cells pooled to expect at
 *      least 5). Under general-first a Hero's chain only runs when the
 *      General never failed: q · chain + (1 − q) · δ0 with q the General's
 *      p_no_failure; under heroes-first the General, ordering last, is
 *      unaffected by the Heroes' failures;
 *  (c) power: the same tests reject deliberately wrong models (Command one
 *      lower, targets one point off, the mixture left out).
 *
 * warmaster-command: "Giving an order" (2D6 <= Command), "Order sequence"
 * (a failed character stops; "Once the General has failed to give an order,
 * no further orders can be issued by any other characters"), "Giving further
 * orders" (up to three in succession), "Multiple orders", "Distance", "Enemy
 * close", "Dense terrain", "Casualties", "Brigade orders" (one roll, the
 * worst penalties once); blunder on 12 (CLAUSES.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chisq.h"
#include "muster/dice.h"
#include "muster/odds.h"
#include "muster/rng.h"
#include "muster/sim.h"
#include "warmaster/wm_drill.h"
#include "warmaster/policy/wm_drill_policy.h"
#include "warmaster/wm_order_roll.h"

#define GAMES_PER_ARM UINT64_C(1000000)
#define SEED UINT64_C(0x6d75737465720003)
#define ALPHA 1e-6
#define MIN_EXPECTED 5.0
/* Every (a) cell must expect at least this many successes and failures:
 * there the normal tail at the Bonferroni |z| (about 5.8) is within an
 * order of magnitude of the exact one. */
#define MIN_CELL_EACH_WAY 50.0

enum { GENERAL, HERO_LEFT, HERO_RIGHT, N_CHARACTERS };
enum { HEROES_FIRST, GENERAL_FIRST, N_ARMS };

static mu_experiment ex;
static wm_drill_config cfg; /* ex.config */
static mu_layout layout;
static uint64_t *tables[MU_LAYOUT_MAX_TABLES];
static wm_drill_plan plans[N_ARMS];
static int t_attempts, t_successes, t_blunders, t_games, t_given_hist, t_general_ended;

/* The army, after experiments/default.yaml but with a General reliable
 * enough (q about 0.06) that the Heroes' chains under general-first are
 * sampled thousands of times deep. Distances in cm to General, Hero Left,
 * Hero Right. */
static void make_experiment(void)
{
    static const struct {
        const char *name;
        double cm[N_CHARACTERS];
        int ordered_by, brigade, dense, stands_lost;
        double enemy_cm; /* 0: no enemy near */
    } units[] = {
        /* Hero Left: a brigade of three (one unit near the enemy), and
         * archers 25 cm away in a wood */
        {"Halberdiers", {35, 8, 60}, HERO_LEFT, 0, 0, 0, 0},
        {"Spearmen", {38, 10, 62}, HERO_LEFT, 0, 0, 0, 18},
        {"Crossbowmen", {40, 12, 64}, HERO_LEFT, 0, 0, 0, 0},
        {"Archers", {50, 25, 70}, HERO_LEFT, -1, 1, 0, 0},
        /* Hero Right: cavalry, one unit lost a stand */
        {"Knights", {45, 60, 10}, HERO_RIGHT, -1, 0, 0, 0},
        {"Pistoliers", {50, 64, 15}, HERO_RIGHT, -1, 0, 1, 0},
        /* the General: the centre, one unit in a wood */
        {"Handgunners", {12, 30, 30}, GENERAL, -1, 0, 0, 0},
        {"Free Company", {18, 30, 40}, GENERAL, -1, 1, 0, 0},
    };
    memset(&ex, 0, sizeof ex);
    strcpy(ex.path, "drill_stats (built in the test)");
    ex.schema = MU_SCHEMA_VERSION;
    memset(&cfg, 0, sizeof cfg);
    ex.ruleset = &wm_order_drill;
    ex.config = &cfg;
    ex.seed = SEED;
    ex.games = GAMES_PER_ARM;
    ex.per_game_rows = 0;
    cfg.order_rules = wm_order_rules_default();
    wm_drill_study *s = &cfg.study;
    s->n_characters = N_CHARACTERS;
    s->characters[GENERAL] = (wm_drill_character){"General", 1, 9};
    s->characters[HERO_LEFT] = (wm_drill_character){"Hero Left", 0, 8};
    s->characters[HERO_RIGHT] = (wm_drill_character){"Hero Right", 0, 8};
    s->general = GENERAL;
    s->n_units = (int)(sizeof units / sizeof units[0]);
    for (int u = 0; u < s->n_units; u++) {
        wm_drill_unit *unit = &s->units[u];
        snprintf(unit->name, sizeof unit->name, "%s", units[u].name);
        for (int c = 0; c < N_CHARACTERS; c++)
            unit->distance_mm[c] = units[u].cm[c] * 10.0;
        unit->enemy_distance_mm = units[u].enemy_cm > 0 ? units[u].enemy_cm * 10.0 : INFINITY;
        unit->in_dense_terrain = units[u].dense;
        unit->stands_lost = units[u].stands_lost;
        unit->ordered_by = units[u].ordered_by;
        unit->brigade = units[u].brigade;
    }
    s->n_brigades = 1;
    strcpy(s->brigade_names[0], "left");
    cfg.n_arms = N_ARMS;
    cfg.arms[HEROES_FIRST] = (wm_drill_policy){"heroes-first", WM_DRILL_HEROES_FIRST, 3, 1};
    cfg.arms[GENERAL_FIRST] = (wm_drill_policy){"general-first", WM_DRILL_GENERAL_FIRST, 3, 1};
}

static int table_index(const char *name)
{
    for (int t = 0; t < layout.n_tables; t++)
        if (strcmp(layout.tables[t].name, name) == 0)
            return t;
    return -1;
}

/* The length of axis k of table t. */
static int table_axis_length(int t, int k)
{
    return layout.axes[layout.tables[t].axes[k]].length;
}

static int play_all(void **state)
{
    (void)state;
    make_experiment();
    const mu_ruleset *rs = &wm_order_drill;
    void *ctx = NULL;
    uint64_t games = 0;
    char err[256];
    if (rs->prepare(&ex, &ctx, &layout, &games, err, sizeof err) != 0) {
        fprintf(stderr, "prepare: %s\n", err);
        return -1;
    }
    if (games != GAMES_PER_ARM * N_ARMS)
        return -1;
    for (int t = 0; t < layout.n_tables; t++)
        if (!(tables[t] = calloc(mu_table_cells(&layout, t), sizeof(uint64_t))))
            return -1;
    t_attempts = table_index("attempts");
    t_successes = table_index("successes");
    t_blunders = table_index("blunders");
    t_games = table_index("games");
    t_given_hist = table_index("orders_given_hist");
    t_general_ended = table_index("general_failure_ended");
    if (t_attempts < 0 || t_successes < 0 || t_blunders < 0 || t_games < 0 || t_given_hist < 0 ||
        t_general_ended < 0)
        return -1;

    mu_sink sink = {.columns = NULL, .row = 0, .tables = tables};
    void *st = malloc(rs->state_size);
    if (!st)
        return -1;
    for (uint64_t g = 0; g < games; g++)
        mu_play_game(rs, ctx, SEED, games / ex.games, g, st, &sink);
    free(st);
    rs->release(ctx);
    for (int p = 0; p < N_ARMS; p++)
        wm_drill_plan_build(&cfg.study, &cfg.arms[p], &plans[p]);
    return 0;
}

static int free_all(void **state)
{
    (void)state;
    for (int t = 0; t < layout.n_tables; t++)
        free(tables[t]);
    mu_layout_free(&layout);
    return 0;
}

/* ---- exact models ---------------------------------------------------- */

/* The exact order chain of character ch in policy p's plan, with his
 * Command shifted by command_shift (0: the rules; -1: a wrong model). */
static void character_chain(int p, int ch, int command_shift, mu_chain_odds *out)
{
    mu_chain_spec spec;
    memset(&spec, 0, sizeof spec);
    int command = cfg.study.characters[ch].command + command_shift;
    for (int i = 0; i < plans[p].n_steps; i++) {
        const wm_drill_step *st = &plans[p].steps[i];
        if (st->character != ch)
            continue;
        int k = spec.n_units++;
        int pen = wm_drill_situational_penalty(&cfg.study, &cfg.order_rules, ch, st->group);
        spec.orders[k] = st->orders;
        for (int j = 0; j < st->orders; j++)
            spec.p_success[k][j] = wm_order_success_ways(&cfg.order_rules, command - pen - j) / 36.0;
    }
    assert_int_equal(mu_chain_odds_compute(&spec, out), 0);
}

/* The plan index of character ch's first step, or -1. */
static int first_step_of(int p, int ch)
{
    for (int i = 0; i < plans[p].n_steps; i++)
        if (plans[p].steps[i].character == ch)
            return i;
    return -1;
}

/* The chance that character ch gets to order at all in policy p: one
 * unless the General orders before him, then the chance that the General
 * never fails. */
static double p_character_runs(int p, int ch)
{
    if (ch == GENERAL || first_step_of(p, GENERAL) > first_step_of(p, ch))
        return 1.0;
    mu_chain_odds general;
    character_chain(p, GENERAL, 0, &general);
    return general.p_no_failure;
}

/* Fills expected[0..max_orders] with P(character ch gives k orders) under
 * the model (command shifted; mixed with δ0 unless plain_chain) and
 * returns max_orders + 1. */
static int expected_orders_given(int p, int ch, int command_shift, int plain_chain, double *expected)
{
    mu_chain_odds chain;
    character_chain(p, ch, command_shift, &chain);
    double q = plain_chain ? 1.0 : p_character_runs(p, ch);
    for (int k = 0; k <= chain.max_orders; k++)
        expected[k] = q * chain.p_orders_given[k] + (k == 0 ? 1.0 - q : 0.0);
    return chain.max_orders + 1;
}

/* Observed orders_given_hist of (p, ch) into observed[0..n); fails if any
 * game gave more orders than the chain allows. */
static void observed_orders_given(int p, int ch, long *observed, int n)
{
    int n_chars = table_axis_length(t_given_hist, 1), n_bins = table_axis_length(t_given_hist, 2);
    const uint64_t *row = &tables[t_given_hist][((size_t)p * (size_t)n_chars + (size_t)ch) * (size_t)n_bins];
    assert_true(n <= n_bins);
    uint64_t total = 0;
    for (int k = 0; k < n_bins; k++) {
        if (k < n)
            observed[k] = (long)row[k];
        else
            assert_int_equal(row[k], 0);
        total += row[k];
    }
    assert_int_equal(total, GAMES_PER_ARM);
}

static double chisq_p(const char *what, const long *observed, const double *p, int n)
{
    chisq_result r;
    if (chisq_gof(observed, p, n, MIN_EXPECTED, &r) != 0) {
        print_error("%s: malformed chi-square cells\n", what);
        fail();
    }
    print_message("%s: X^2 = %.3f, df %d, p = %.3g\n", what, r.stat, r.df, r.p_value);
    return r.p_value;
}

static const char *const character_names[N_CHARACTERS] = {"General", "Hero Left", "Hero Right"};
static const char *const policy_names[N_ARMS] = {"heroes-first", "general-first"};

/* ---- (a) per-cell success rates --------------------------------------- */

/* Two-sided p-value of successes in attempts against p, normal
 * approximation of (S - pN) / sqrt(p (1 - p) N). The attempts of one cell
 * within a game stop at its first failure, so S is not binomial given N,
 * but S - pN is a martingale with variance p (1 - p) E[N] and the z holds.
 * Certain outcomes (p 0 or 1) must match exactly. */
static double z_p_value(uint64_t successes, uint64_t attempts, double p)
{
    double var = (double)attempts * p * (1.0 - p);
    double dev = (double)successes - (double)attempts * p;
    if (var == 0.0)
        return dev == 0.0 ? 1.0 : 0.0;
    return erfc(fabs(dev / sqrt(var)) / sqrt(2.0));
}

/* Runs the per-cell test with the targets shifted by target_shift (0: the
 * rules). Returns the number of cells rejected at the Bonferroni level and
 * writes the number of cells tested into *n_cells. If check_size, fails on
 * a cell too thin for the normal approximation. */
static int cells_rejected(int target_shift, int check_size, int verbose, int *n_cells)
{
    int n_pol = table_axis_length(t_attempts, 0), n_cmd = table_axis_length(t_attempts, 1);
    int n_pen = table_axis_length(t_attempts, 2), n_ord = table_axis_length(t_attempts, 3);
    int cmd0 = layout.axes[layout.tables[t_attempts].axes[1]].first_value;
    int pen0 = layout.axes[layout.tables[t_attempts].axes[2]].first_value;
    int ord0 = layout.axes[layout.tables[t_attempts].axes[3]].first_value;
    size_t cells = mu_table_cells(&layout, t_attempts);
    int m = 0;
    for (size_t i = 0; i < cells; i++)
        m += tables[t_attempts][i] > 0;
    *n_cells = m;
    double alpha_cell = ALPHA / m;
    int rejected = 0;
    size_t i = 0;
    for (int p = 0; p < n_pol; p++)
        for (int c = 0; c < n_cmd; c++)
            for (int e = 0; e < n_pen; e++)
                for (int o = 0; o < n_ord; o++, i++) {
                    uint64_t n = tables[t_attempts][i], s = tables[t_successes][i];
                    if (n == 0) {
                        assert_int_equal(s, 0);
                        continue;
                    }
                    /* the last penalty bin is open-ended: the army never reaches it */
                    assert_true(e < n_pen - 1);
                    int command = cmd0 + c, penalty = pen0 + e, order = ord0 + o;
                    int target = command - penalty - (order - 1) + target_shift;
                    double prob = wm_order_success_ways(&cfg.order_rules, target) / 36.0;
                    if (check_size && ((double)n * prob < MIN_CELL_EACH_WAY ||
                                       (double)n * (1.0 - prob) < MIN_CELL_EACH_WAY)) {
                        print_error("cell %s C%d pen %d order %d: %llu attempts too thin for the z-test\n",
                                    policy_names[p], command, penalty, order, (unsigned long long)n);
                        fail();
                    }
                    double pv = z_p_value(s, n, prob);
                    if (verbose)
                        print_message("%s Command %d penalty %d order %d: %llu / %llu = %.5f vs %.5f, "
                                      "p = %.3g\n",
                                      policy_names[p], command, penalty, order, (unsigned long long)s,
                                      (unsigned long long)n, (double)s / (double)n, prob, pv);
                    if (!(pv >= alpha_cell))
                        rejected++;
                }
    return rejected;
}

/* warmaster-command: "Giving an order": each roll succeeds on 2D6 <= Command
 * minus the penalties ("Multiple orders": -1 per earlier order); a 12
 * always fails (blunder assumption). */
static void test_wm_drill_success_rate_per_cell_matches_2d6(void **state)
{
    (void)state;
    int m;
    int rejected = cells_rejected(0, 1, 1, &m);
    print_message("%d cells, each at alpha %.3g: %d rejected\n", m, ALPHA / m, rejected);
    assert_true(m >= 20);
    assert_int_equal(rejected, 0);
}

/* blunder assumption (CLAUSES.md): a 12 is rolled on 1 in 36 order rolls,
 * whatever the target. */
static void test_wm_drill_blunders_are_one_roll_in_36(void **state)
{
    (void)state;
    uint64_t rolls = 0, blunders = 0;
    for (size_t i = 0; i < mu_table_cells(&layout, t_attempts); i++) {
        rolls += tables[t_attempts][i];
        blunders += tables[t_blunders][i];
        assert_true(tables[t_blunders][i] <= tables[t_attempts][i] - tables[t_successes][i]);
    }
    double pv = z_p_value(blunders, rolls, 1.0 / 36.0);
    print_message("blunders: %llu / %llu, p = %.3g\n", (unsigned long long)blunders,
                  (unsigned long long)rolls, pv);
    assert_true(pv >= ALPHA);
}

/* ---- (b) orders given per character ----------------------------------- */

/* warmaster-command: "Order sequence" and "Giving further orders": each
 * character's orders follow his exact order chain; under general-first the
 * Heroes order only if the General never failed. */
static void test_wm_drill_orders_given_per_character_fit_order_chain(void **state)
{
    (void)state;
    const double alpha = ALPHA / (N_ARMS * N_CHARACTERS);
    char what[96];
    for (int p = 0; p < N_ARMS; p++) {
        assert_int_equal(tables[t_games][p], GAMES_PER_ARM);
        for (int ch = 0; ch < N_CHARACTERS; ch++) {
            double expected[MU_CHAIN_MAX_UNITS * MU_MAX_ORDERS + 1];
            long observed[MU_CHAIN_MAX_UNITS * MU_MAX_ORDERS + 1];
            int n = expected_orders_given(p, ch, 0, 0, expected);
            observed_orders_given(p, ch, observed, n);
            snprintf(what, sizeof what, "%s, %s (runs with p = %.5f)", policy_names[p],
                     character_names[ch], p_character_runs(p, ch));
            assert_true(chisq_p(what, observed, expected, n) >= alpha);
        }
    }
}

/* warmaster-command: "Once the General has failed to give an order, no
 * further orders can be issued by any other characters": the table of games
 * the General's failure ended is 1 - q under general-first and empty under
 * heroes-first (he orders last). */
static void test_wm_drill_general_failure_ends_phase_at_exact_rate(void **state)
{
    (void)state;
    assert_int_equal(tables[t_general_ended][HEROES_FIRST], 0);
    double q = p_character_runs(GENERAL_FIRST, HERO_LEFT);
    assert_true(q > 0.01 && q < 0.99);
    double pv = z_p_value(tables[t_general_ended][GENERAL_FIRST], GAMES_PER_ARM, 1.0 - q);
    print_message("general-first: the General's failure ended %llu of %llu games, exact %.6f, p = %.3g\n",
                  (unsigned long long)tables[t_general_ended][GENERAL_FIRST],
                  (unsigned long long)GAMES_PER_ARM, 1.0 - q, pv);
    assert_true(pv >= ALPHA);
}

/* ---- (c) power ------------------------------------------------------- */

/* The chi-square of (b) rejects every character's fit when his Command is
 * taken one lower. */
static void test_wm_drill_fit_rejects_command_one_lower(void **state)
{
    (void)state;
    const double alpha = ALPHA / (N_ARMS * N_CHARACTERS);
    char what[96];
    for (int p = 0; p < N_ARMS; p++)
        for (int ch = 0; ch < N_CHARACTERS; ch++) {
            double expected[MU_CHAIN_MAX_UNITS * MU_MAX_ORDERS + 1];
            long observed[MU_CHAIN_MAX_UNITS * MU_MAX_ORDERS + 1];
            int n = expected_orders_given(p, ch, -1, 0, expected);
            observed_orders_given(p, ch, observed, n);
            snprintf(what, sizeof what, "%s, %s vs Command one lower", policy_names[p], character_names[ch]);
            assert_true(chisq_p(what, observed, expected, n) < alpha);
        }
}

/* Leaving out "no one orders after the General fails" (the Heroes' plain
 * chains under general-first) is rejected too. */
static void test_wm_drill_fit_rejects_heroes_ignoring_general_failure(void **state)
{
    (void)state;
    const double alpha = ALPHA / (N_ARMS * N_CHARACTERS);
    char what[96];
    for (int ch = HERO_LEFT; ch <= HERO_RIGHT; ch++) {
        double expected[MU_CHAIN_MAX_UNITS * MU_MAX_ORDERS + 1];
        long observed[MU_CHAIN_MAX_UNITS * MU_MAX_ORDERS + 1];
        int n = expected_orders_given(GENERAL_FIRST, ch, 0, 1, expected);
        observed_orders_given(GENERAL_FIRST, ch, observed, n);
        snprintf(what, sizeof what, "general-first, %s vs his chain alone", character_names[ch]);
        assert_true(chisq_p(what, observed, expected, n) < alpha);
    }
}

/* The per-cell test of (a) rejects targets one point too hard and one
 * point too easy. */
static void test_wm_drill_cells_reject_targets_one_off(void **state)
{
    (void)state;
    for (int shift = -1; shift <= 1; shift += 2) {
        int m;
        int rejected = cells_rejected(shift, 0, 0, &m);
        print_message("targets %+d: %d of %d cells rejected\n", shift, rejected, m);
        assert_true(rejected > m / 2);
    }
}

/* The army is what the comments say: the plans and the penalties worked
 * out by hand ("Distance", "Enemy close", "Dense terrain", "Casualties",
 * "Brigade orders": the brigade measured to its farthest unit, 12 cm, and
 * -1 once for the Spearmen's enemy). */
static void test_wm_drill_stats_army_penalties_by_hand(void **state)
{
    (void)state;
    static const struct {
        int ch;
        uint32_t group;
        int penalty;
    } want[] = {
        {HERO_LEFT, 0x07, 1},  /* brigade: enemy close */
        {HERO_LEFT, 0x08, 2},  /* Archers: 25 cm, wood */
        {HERO_RIGHT, 0x10, 0}, /* Knights */
        {HERO_RIGHT, 0x20, 1}, /* Pistoliers: a stand lost */
        {GENERAL, 0x40, 0},    /* Handgunners */
        {GENERAL, 0x80, 1},    /* Free Company: wood */
    };
    for (int p = 0; p < N_ARMS; p++) {
        assert_int_equal(plans[p].n_steps, 6);
        for (int i = 0; i < 6; i++) {
            int k = p == HEROES_FIRST ? i : (i + 4) % 6; /* general-first: the General's two steps first */
            assert_int_equal(plans[p].steps[i].character, want[k].ch);
            assert_int_equal(plans[p].steps[i].group, want[k].group);
            assert_int_equal(plans[p].steps[i].orders, 3);
            assert_int_equal(wm_drill_situational_penalty(&cfg.study, &cfg.order_rules, want[k].ch,
                                                          want[k].group),
                             want[k].penalty);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_drill_stats_army_penalties_by_hand),
        cmocka_unit_test(test_wm_drill_success_rate_per_cell_matches_2d6),
        cmocka_unit_test(test_wm_drill_blunders_are_one_roll_in_36),
        cmocka_unit_test(test_wm_drill_orders_given_per_character_fit_order_chain),
        cmocka_unit_test(test_wm_drill_general_failure_ends_phase_at_exact_rate),
        cmocka_unit_test(test_wm_drill_fit_rejects_command_one_lower),
        cmocka_unit_test(test_wm_drill_fit_rejects_heroes_ignoring_general_failure),
        cmocka_unit_test(test_wm_drill_cells_reject_targets_one_off),
    };
    return cmocka_run_group_tests(tests, play_all, free_all);
}
