/* Battlesystem policies (src/rules/battlesystem/policy/bs_policy*.c): the forced policy's
 * march and rest schedule, the steady policy's charge decision on an
 * estimated distance (7.7 SPECIAL NOTE, 7.14) and its approach, the
 * estimate error models, and the random policy picking only what the
 * rules allow. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "assert_close.h"
#include "battlesystem/bs_round.h"
#include "battlesystem/policy/bs_policy.h"

#define IN 25.4
#define PI 3.14159265358979323846

static bs_rules rules;
static bs_table table = {.width_mm = 96 * IN, .depth_mm = 96 * IN};
static bs_field field;
static mu_dice dice;
static bs_env env;

/* A closed regular unit of 12 figures, 6 wide, rate 12", morale 12. */
static int add_unit(int side, mu_vec2 front_in, double facing_deg, bs_formation form)
{
    bs_profile p = {BS_REGULAR, 12.0, 25.0, 25.0, 15, 12, 0, 0};
    double a = facing_deg * PI / 180.0;
    bs_unit u = bs_unit_make(&p, &rules, side, 12, 6, form, mu_v2(front_in.x * IN, front_in.y * IN),
                                   mu_v2(cos(a), sin(a)));
    return bs_field_add(&field, &u);
}

static int setup(void **state)
{
    (void)state;
    rules = bs_rules_default();
    bs_field_init(&field);
    dice = mu_dice_from_rng(mu_rng_for_game(1, 1));
    env = (bs_env){.rules = &rules, .table = &table, .dice = &dice, .tally = NULL};
    return 0;
}

static bs_policy_spec spec(bs_policy_kind k)
{
    return (bs_policy_spec){.kind = k, .estimate = BS_ESTIMATE_EXACT, .charge = 1, .closed = 1, .wrap = 1,
                               .burst = 1, .rally = 1, .follow = 1};
}

/* The forced policy marches `burst` rounds running, rests rest_rounds,
 * and so on: here M M R M M R. */
static void test_bs_policy_forced_marches_in_bursts_then_rests(void **state)
{
    (void)state;
    int u = add_unit(0, mu_v2(48, 10), 90, BS_CLOSED);
    bs_policy_spec s = spec(BS_POLICY_FORCED);
    s.burst = 2, s.rest_rounds = 1;
    bs_policy_memory mem = {0};
    mu_rng rng = mu_rng_for_game(2, 2);
    static const int marches[6] = {1, 1, 0, 1, 1, 0};
    for (int r = 0; r < 6; r++) {
        bs_plan p;
        bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
        assert_int_equal(p.n, marches[r] ? 2 : 0);
        if (marches[r]) {
            assert_int_equal(p.steps[0].kind, BS_ACT_START);
            assert_int_equal(p.steps[0].mode, BS_MODE_FORCED);
            assert_int_equal(p.steps[1].kind, BS_ACT_ADVANCE);
            assert_true(isinf(p.steps[1].dist_mm));
        }
    }
    assert_int_equal(mem.marches, 4);
}

/* `marches` caps the forced marches; after them the unit rests. */
static void test_bs_policy_forced_stops_after_its_marches(void **state)
{
    (void)state;
    int u = add_unit(0, mu_v2(48, 10), 90, BS_CLOSED);
    bs_policy_spec s = spec(BS_POLICY_FORCED);
    s.marches = 2;
    bs_policy_memory mem = {0};
    mu_rng rng = mu_rng_for_game(2, 2);
    int made = 0;
    for (int r = 0; r < 5; r++) {
        bs_plan p;
        bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
        made += p.n > 0;
    }
    assert_int_equal(made, 2);
}

/* 7.13 "A unit must be in command to make a forced march"; 7.8 a unit that
 * began in contact may not: the policy rests (or stays engaged). */
static void test_bs_policy_forced_rests_out_of_command_or_in_contact(void **state)
{
    (void)state;
    int u = add_unit(0, mu_v2(48, 10), 90, BS_CLOSED);
    bs_policy_spec s = spec(BS_POLICY_FORCED);
    bs_policy_memory mem = {0};
    mu_rng rng = mu_rng_for_game(2, 2);
    bs_plan p;
    bs_unit_set_command(&field.units[u], &rules, 0);
    bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
    assert_int_equal(p.n, 0);
    assert_non_null(strstr(p.why, "out of command"));
    bs_unit_set_command(&field.units[u], &rules, 1);
    field.units[u].contact_at_start = 2;
    bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
    assert_int_equal(p.n, 0);
    assert_non_null(strstr(p.why, "stays engaged"));
    assert_int_equal(mem.marches, 0);
}

/* Steady with an exact estimate (a player who knows the distance): an
 * enemy 12" away is within 2/3 rate (8") .. charge range (18"): it declares
 * a charge and runs straight at it; 20" away it advances; 6" away (too
 * close to charge, 7.14) it advances into contact. */
/* RULE bs.game.charge-estimate */
static void test_bs_policy_steady_charges_when_estimate_in_range(void **state)
{
    (void)state;
    static const double gap_in[3] = {12, 20, 6};
    static const int charges[3] = {1, 0, 0};
    for (int i = 0; i < 3; i++) {
        bs_field_init(&field);
        int u = add_unit(0, mu_v2(48, 10), 90, BS_CLOSED);
        int e = add_unit(1, mu_v2(48, 10 + gap_in[i]), -90, BS_CLOSED);
        bs_policy_spec s = spec(BS_POLICY_STEADY);
        bs_policy_memory mem = {0};
        mu_rng rng = mu_rng_for_game(3, 3);
        bs_plan p;
        bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
        assert_int_equal(p.target, e);
        assert_int_equal(p.charge, charges[i]);
        assert_int_equal(p.estimated, 1);
        assert_close(p.true_mm, gap_in[i] * IN, 1e-6);
        assert_close(p.estimate_mm, p.true_mm, 0);
        if (charges[i]) {
            assert_int_equal(p.n, 2);
            assert_int_equal(p.steps[0].mode, BS_MODE_CHARGE);
            assert_int_equal(p.steps[0].target, e);
            assert_int_equal(p.steps[1].kind, BS_ACT_CHARGE_RUN);
            assert_close(p.steps[1].angle_rad, 0, 1e-12);
        } else {
            assert_int_equal(p.steps[p.n - 1].kind, BS_ACT_ADVANCE);
        }
    }
}

/* Steady re-forms an open unit into closed formation and wheels toward an
 * enemy beyond the 45-degree oblique (7.9) before advancing. */
static void test_bs_policy_steady_reforms_and_wheels_toward_the_enemy(void **state)
{
    (void)state;
    int u = add_unit(0, mu_v2(48, 10), 90, BS_OPEN);
    int e = add_unit(1, mu_v2(10, 14), 0, BS_CLOSED); /* to its left */
    bs_policy_spec s = spec(BS_POLICY_STEADY);
    bs_policy_memory mem = {0};
    mu_rng rng = mu_rng_for_game(3, 3);
    bs_plan p;
    bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
    assert_int_equal(p.target, e);
    assert_int_equal(p.charge, 0);
    assert_int_equal(p.n, 3);
    assert_int_equal(p.steps[0].kind, BS_ACT_FORMATION);
    assert_int_equal(p.steps[0].formation, BS_CLOSED);
    assert_int_equal(p.steps[1].kind, BS_ACT_WHEEL);
    assert_int_equal(p.steps[1].pivot, BS_PIVOT_LEFT);
    assert_true(p.steps[1].angle_rad > PI / 4);
    assert_int_equal(p.steps[2].kind, BS_ACT_ADVANCE);
}

/* Carries out plan p for unit u in its side's phase on a copy of the
 * field; returns how far u's front moved. */
static double moved_by(const bs_plan *p, int u)
{
    bs_field g = field;
    g.phase_side = g.units[u].side;
    mu_vec2 before = g.units[u].front;
    for (int i = 0; i < p->n; i++)
        bs_action_apply(&g, &env, u, &p->steps[i]);
    return mu_v2_dist(before, g.units[u].front);
}

/* Steady no longer waits forever behind a friend standing between it and
 * the enemy: it advances obliquely (7.9, up to 45 degrees) on a line clear
 * of the friend, and gets somewhere (the old policy planned nothing). */
/* RULE bs.game.steady-free-line */
static void test_bs_policy_steady_sidesteps_a_friend_in_the_way(void **state)
{
    (void)state;
    int u = add_unit(0, mu_v2(48, 10), 90, BS_CLOSED);
    add_unit(0, mu_v2(50, 10 + 8), 90, BS_CLOSED); /* a friend 6" ahead, 2" to the right */
    int e = add_unit(1, mu_v2(48, 40), -90, BS_CLOSED);
    bs_policy_spec s = spec(BS_POLICY_STEADY);
    bs_policy_memory mem = {0};
    mu_rng rng = mu_rng_for_game(3, 3);
    bs_plan p;
    bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
    assert_int_equal(p.target, e);
    assert_int_equal(p.charge, 0);
    assert_true(p.n >= 1);
    assert_int_equal(p.steps[p.n - 1].kind, BS_ACT_ADVANCE);
    assert_true(fabs(p.steps[p.n - 1].angle_rad) > 0.2);
    assert_true(moved_by(&p, u) > 6 * IN);
}

/* Steady does not push into impassable terrain for 0" round after round:
 * pressed against a cliff that spans all its free lines, it holds (and so
 * may recover AR, 7.13); with a gap to one side it takes that line. */
/* RULE bs.game.steady-free-line */
static void test_bs_policy_steady_does_not_push_into_impassable_terrain(void **state)
{
    (void)state;
    table.n_terrain = 1;
    table.terrain[0] = (bs_terrain){BS_TERRAIN_IMPASSABLE, 4,
                                    {{0, 10 * IN}, {96 * IN, 10 * IN}, {96 * IN, 12 * IN}, {0, 12 * IN}}};
    int u = add_unit(0, mu_v2(48, 10), 90, BS_CLOSED); /* its front on the cliff */
    add_unit(1, mu_v2(48, 40), -90, BS_CLOSED);
    bs_policy_spec s = spec(BS_POLICY_STEADY);
    bs_policy_memory mem = {0};
    mu_rng rng = mu_rng_for_game(3, 3);
    bs_plan p;
    bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
    table.n_terrain = 0;
    for (int i = 0; i < p.n; i++)
        assert_int_not_equal(p.steps[i].kind, BS_ACT_ADVANCE);
    assert_int_equal(p.n, 0);
    assert_non_null(strstr(p.why, "holds"));
}

/* Steady picks its target by *estimated* distance (7.7: no
 * pre-measuring): two enemies 20" and 20.5" away; a player estimating with
 * 10% error sometimes takes the farther for the nearer (fixed seed, 200
 * plans); one who pre-measures (estimate exact) never does. */
/* RULE bs.game.steady-no-premeasure */
static void test_bs_policy_steady_judges_distances_by_estimate(void **state)
{
    (void)state;
    int u = add_unit(0, mu_v2(48, 10), 90, BS_CLOSED);
    int near = add_unit(1, mu_v2(30, 30), -90, BS_CLOSED);
    int far = add_unit(1, mu_v2(66, 30.5), -90, BS_CLOSED);
    (void)near;
    for (int model = 0; model < 2; model++) {
        bs_policy_spec s = spec(BS_POLICY_STEADY);
        s.charge = 0;
        if (model)
            s.estimate = BS_ESTIMATE_NORMAL, s.estimate_error = 0.1;
        mu_rng rng = mu_rng_for_game(4, 4);
        int farther = 0;
        for (int i = 0; i < 200; i++) {
            bs_policy_memory mem = {0};
            bs_plan p;
            bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
            farther += p.target == far;
        }
        if (model)
            assert_true(farther > 20 && farther < 180);
        else
            assert_int_equal(farther, 0);
    }
}

/* After a rout ("ends its move with its back to the enemy", 7.15) and a
 * rally, a forced marcher faces back the way it came: it faces about
 * (7.9) instead of force-marching toward its own edge; then marches on
 * its old heading. A skirmisher turns free and marches in the same round. */
/* RULE bs.game.forced-heading */
static void test_bs_policy_forced_turns_back_after_rallying(void **state)
{
    (void)state;
    int u = add_unit(0, mu_v2(48, 10), 90, BS_OPEN);
    bs_policy_spec s = spec(BS_POLICY_FORCED);
    bs_policy_memory mem = {0};
    mu_rng rng = mu_rng_for_game(2, 2);
    bs_plan p;
    bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p); /* marches on +y */
    assert_int_equal(p.steps[0].mode, BS_MODE_FORCED);
    field.units[u].facing = mu_v2(0, -1); /* routed, rallied: its back to the enemy */
    bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
    assert_int_equal(p.n, 1);
    assert_int_equal(p.steps[0].kind, BS_ACT_FACE);
    assert_int_equal(p.steps[0].face, BS_ABOUT_FACE);
    assert_int_equal(mem.marches, 1);
    field.units[u].facing = mu_v2(0, 1);
    bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
    assert_int_equal(p.steps[0].mode, BS_MODE_FORCED);
    assert_int_equal(mem.marches, 2);
}

/* The estimate models: exact has no error; uniform stays within +-x with
 * mean 0; normal has mean 0 and standard deviation sigma (20000 draws,
 * fixed seed). */
static void test_bs_policy_estimate_error_models(void **state)
{
    (void)state;
    mu_rng rng = mu_rng_for_game(4, 4);
    bs_policy_spec s = spec(BS_POLICY_STEADY);
    assert_close(bs_estimate_error(&s, &rng), 0, 0);
    s.estimate = BS_ESTIMATE_UNIFORM, s.estimate_error = 0.2;
    double sum = 0, sq = 0;
    for (int i = 0; i < 20000; i++) {
        double e = bs_estimate_error(&s, &rng);
        assert_true(e >= -0.2 && e <= 0.2);
        sum += e;
    }
    assert_close(sum / 20000, 0, 0.005);
    s.estimate = BS_ESTIMATE_NORMAL, s.estimate_error = 0.15;
    sum = 0;
    for (int i = 0; i < 20000; i++) {
        double e = bs_estimate_error(&s, &rng);
        sum += e, sq += e * e;
    }
    assert_close(sum / 20000, 0, 0.005);
    assert_close(sqrt(sq / 20000), 0.15, 0.005);
}

/* Random picks only actions the rules accept: a unit that began in
 * contact may only hold, wrap around or withdraw (7.8); a free unit's
 * first step is always accepted. */
static void test_bs_policy_random_picks_only_allowed_actions(void **state)
{
    (void)state;
    int u = add_unit(0, mu_v2(48, 10), 90, BS_CLOSED);
    add_unit(1, mu_v2(48, 10), -90, BS_CLOSED); /* front to front: in contact */
    add_unit(1, mu_v2(20, 40), -90, BS_CLOSED);
    int free_u = add_unit(0, mu_v2(80, 10), 90, BS_OPEN);
    bs_phase_begin(&field, &env, 0);
    assert_true(field.units[u].contact_at_start != 0);
    bs_policy_spec s = spec(BS_POLICY_RANDOM);
    mu_rng rng = mu_rng_for_game(5, 5);
    int kinds[16] = {0};
    for (int i = 0; i < 300; i++) {
        bs_policy_memory mem = {0};
        bs_plan p;
        bs_policy_plan(&s, &s, &field, &env, u, &mem, &rng, &p);
        assert_true(p.n == 0 || p.steps[0].kind == BS_ACT_WRAP || p.steps[0].kind == BS_ACT_WITHDRAW);
        bs_policy_plan(&s, &s, &field, &env, free_u, &mem, &rng, &p);
        if (p.n > 0) {
            static bs_field copy;
            copy = field;
            mu_dice d = mu_dice_from_rng(rng);
            bs_env e = env;
            e.dice = &d;
            assert_int_equal(bs_action_apply(&copy, &e, free_u, &p.steps[0]).refusal, BS_OK);
            kinds[p.steps[0].kind]++;
        }
    }
    assert_true(kinds[BS_ACT_ADVANCE] > 0 && kinds[BS_ACT_START] > 0 && kinds[BS_ACT_FACE] > 0);
}

static void test_bs_policy_action_text(void **state)
{
    (void)state;
    const char *names[2] = {"Pikes", "Orcs"};
    char buf[96];
    bs_action a = {.kind = BS_ACT_START, .mode = BS_MODE_CHARGE, .target = 1};
    assert_string_equal(bs_action_text(&a, names, buf, sizeof buf), "declare charge at Orcs");
    a = (bs_action){.kind = BS_ACT_ADVANCE, .dist_mm = 9 * IN, .angle_rad = -PI / 12};
    assert_string_equal(bs_action_text(&a, names, buf, sizeof buf), "advance 9.00in at -15.0deg");
    a.dist_mm = INFINITY;
    assert_string_equal(bs_action_text(&a, NULL, buf, sizeof buf), "advance all it may at -15.0deg");
    assert_string_equal(bs_policy_name(BS_POLICY_FORCED), "forced");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_bs_policy_forced_marches_in_bursts_then_rests, setup),
        cmocka_unit_test_setup(test_bs_policy_forced_stops_after_its_marches, setup),
        cmocka_unit_test_setup(test_bs_policy_forced_rests_out_of_command_or_in_contact, setup),
        cmocka_unit_test_setup(test_bs_policy_steady_charges_when_estimate_in_range, setup),
        cmocka_unit_test_setup(test_bs_policy_steady_reforms_and_wheels_toward_the_enemy, setup),
        cmocka_unit_test_setup(test_bs_policy_steady_sidesteps_a_friend_in_the_way, setup),
        cmocka_unit_test_setup(test_bs_policy_steady_does_not_push_into_impassable_terrain, setup),
        cmocka_unit_test_setup(test_bs_policy_steady_judges_distances_by_estimate, setup),
        cmocka_unit_test_setup(test_bs_policy_forced_turns_back_after_rallying, setup),
        cmocka_unit_test_setup(test_bs_policy_estimate_error_models, setup),
        cmocka_unit_test_setup(test_bs_policy_random_picks_only_allowed_actions, setup),
        cmocka_unit_test_setup(test_bs_policy_action_text, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
