/* Monte Carlo check of the exact off-table odds: for each count of stands
 * lost 0..5, 10^6 off-table episodes played by the rules engine
 * (wm_offtable_leave, then wm_offtable_start_of_turn while pending,
 * up to TURNS re-rolls; one generator per episode from mu_rng_for_game, as
 * the batch runner does) against wm_offtable_odds, at a fixed seed.
 *
 * warmaster-movement: "Units which move off the table": the D6 chart,
 * "-1 ... for each of the unit's stands that has already been removed",
 * "At the start of its side's next turn ... roll again on this chart". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "warmaster/wm_offtable.h"
#include "stats_check.h"

#define N_EPISODES 1000000L
#define SEED UINT64_C(0x6d75737465720004)
#define TURNS 4
#define MAX_LOST 5
/* Joint cells: (roll k, settled fate D/H/F) for k = 0..TURNS, then still off. */
#define N_JOINT (3 * (TURNS + 1) + 1)

static const mu_offtable_fate settled[3] = {MU_OFFTABLE_DESTROYED, MU_OFFTABLE_BACK_HALTED,
                                            MU_OFFTABLE_BACK_FREE};

/* What the simulated episodes of one stands-lost count did. */
struct episode_counts {
    long fate[MU_OFFTABLE_N_FATES]; /* after the last roll */
    long joint[N_JOINT];
    long back_immediately;
};

static struct episode_counts sim[MAX_LOST + 1];
static mu_offtable_odds exact[MAX_LOST + 1];

/* Returns the joint cell of an episode that ended with s. */
static int joint_cell(const wm_offtable *s)
{
    if (s->fate == MU_OFFTABLE_OFF)
        return N_JOINT - 1;
    int j = s->fate == MU_OFFTABLE_DESTROYED ? 0 : s->fate == MU_OFFTABLE_BACK_HALTED ? 1 : 2;
    return 3 * (s->rolls - 1) + j;
}

/* Plays N_EPISODES episodes of a unit with `lost` stands lost into *c. */
static void simulate(int lost, struct episode_counts *c)
{
    wm_offtable_body body = {.stands_lost = lost};
    for (long i = 0; i < N_EPISODES; i++) {
        uint64_t g = (uint64_t)lost * (uint64_t)N_EPISODES + (uint64_t)i;
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(SEED, g));
        wm_offtable s;
        wm_offtable_leave(&s, &body, WM_OFFTABLE_MOVED, &dice);
        for (int t = 1; t <= TURNS && wm_offtable_pending(&s); t++)
            wm_offtable_start_of_turn(&s, &dice);
        c->fate[s.fate]++;
        c->joint[joint_cell(&s)]++;
        c->back_immediately += s.returned_immediately;
    }
}

/* The exact joint distribution in the cell order of joint_cell. */
static void joint_exact(const mu_offtable_odds *o, double p[N_JOINT])
{
    for (int k = 0; k <= TURNS; k++)
        for (int j = 0; j < 3; j++)
            p[3 * k + j] = o->p_at[k][settled[j]];
    p[N_JOINT - 1] = o->p_final[MU_OFFTABLE_OFF];
}

/* Fails if an outcome of probability 0 was ever seen (pooling would hide it). */
static void assert_impossible_unseen(const long *observed, const double *p, int n)
{
    for (int i = 0; i < n; i++)
        if (p[i] == 0.0)
            assert_int_equal(observed[i], 0);
}

static int setup_episodes(void **state)
{
    (void)state;
    for (int lost = 0; lost <= MAX_LOST; lost++) {
        if (wm_offtable_odds(lost, TURNS, &exact[lost]) != 0)
            return -1;
        simulate(lost, &sim[lost]);
    }
    return 0;
}

/* Final fate (destroyed, still off, back halted, back free) per stands
 * lost; Bonferroni over the six counts: each at alpha / 6. */
/* RULE wm.offtable.exact-odds */
static void test_wm_offtable_mc_final_fates_fit_exact(void **state)
{
    (void)state;
    char what[64];
    for (int lost = 0; lost <= MAX_LOST; lost++) {
        snprintf(what, sizeof what, "final fate, %d lost", lost);
        assert_impossible_unseen(sim[lost].fate, exact[lost].p_final, MU_OFFTABLE_N_FATES);
        assert_fits(what, sim[lost].fate, exact[lost].p_final, MU_OFFTABLE_N_FATES,
                    STATS_ALPHA / (MAX_LOST + 1));
    }
}

/* The roll on which each episode settled, and how: the turn of return and
 * of destruction; at alpha / 6 per count. */
/* RULE wm.offtable.exact-odds */
static void test_wm_offtable_mc_turn_and_fate_fit_exact(void **state)
{
    (void)state;
    char what[64];
    double p[N_JOINT];
    for (int lost = 0; lost <= MAX_LOST; lost++) {
        joint_exact(&exact[lost], p);
        snprintf(what, sizeof what, "roll and fate, %d lost", lost);
        assert_impossible_unseen(sim[lost].joint, p, N_JOINT);
        assert_fits(what, sim[lost].joint, p, N_JOINT, STATS_ALPHA / (MAX_LOST + 1));
    }
}

/* "does not return immediately" (the General's case): the engine's flag
 * against P(back on the immediate roll); at alpha / 6 per count. */
static void test_wm_offtable_mc_back_immediately_at_exact_rate(void **state)
{
    (void)state;
    char what[64];
    for (int lost = 0; lost <= MAX_LOST; lost++) {
        snprintf(what, sizeof what, "back immediately, %d lost", lost);
        assert_rate(what, sim[lost].back_immediately, N_EPISODES, exact[lost].p_back_immediately,
                    STATS_ALPHA / (MAX_LOST + 1));
    }
}

/* Power: the misreading "the stands-lost modifier applies to the first roll
 * only" (re-rolls unmodified) must be rejected for 1..3 stands lost. */
/* RULE wm.offtable.reroll-modifier */
static void test_wm_offtable_mc_rejects_modifier_on_first_roll_only(void **state)
{
    (void)state;
    mu_offtable_odds later;
    assert_int_equal(wm_offtable_odds(0, TURNS - 1, &later), 0);
    for (int lost = 1; lost <= 3; lost++) {
        const double *first = exact[lost].p_roll;
        double wrong[MU_OFFTABLE_N_FATES];
        for (int f = 0; f < MU_OFFTABLE_N_FATES; f++)
            wrong[f] = (f == MU_OFFTABLE_OFF ? 0.0 : first[f]) + first[MU_OFFTABLE_OFF] * later.p_final[f];
        char what[64];
        snprintf(what, sizeof what, "final fate, %d lost, vs unmodified re-rolls", lost);
        assert_true(fit_p_value(what, sim[lost].fate, wrong, MU_OFFTABLE_N_FATES) < STATS_ALPHA);
    }
}

/* Power: a model with one re-roll too few (an off-by-one in the turns)
 * must be rejected with no stands lost. */
static void test_wm_offtable_mc_rejects_one_reroll_too_few(void **state)
{
    (void)state;
    mu_offtable_odds wrong;
    assert_int_equal(wm_offtable_odds(0, TURNS - 1, &wrong), 0);
    assert_true(fit_p_value("final fate, 0 lost, vs one re-roll too few", sim[0].fate, wrong.p_final,
                            MU_OFFTABLE_N_FATES) < STATS_ALPHA);
}

/* Six or more stands lost: every face scores 0 or less, so the unit is
 * always destroyed on the immediate roll. */
static void test_wm_offtable_mc_six_lost_always_destroyed(void **state)
{
    (void)state;
    wm_offtable_body body = {.stands_lost = 6};
    for (uint64_t g = 0; g < 10000; g++) {
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(SEED, g));
        wm_offtable s;
        wm_offtable_leave(&s, &body, WM_OFFTABLE_MOVED, &dice);
        assert_int_equal(s.fate, MU_OFFTABLE_DESTROYED);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_offtable_mc_final_fates_fit_exact),
        cmocka_unit_test(test_wm_offtable_mc_turn_and_fate_fit_exact),
        cmocka_unit_test(test_wm_offtable_mc_back_immediately_at_exact_rate),
        cmocka_unit_test(test_wm_offtable_mc_rejects_modifier_on_first_roll_only),
        cmocka_unit_test(test_wm_offtable_mc_rejects_one_reroll_too_few),
        cmocka_unit_test(test_wm_offtable_mc_six_lost_always_destroyed),
    };
    return cmocka_run_group_tests(tests, setup_episodes, NULL);
}
