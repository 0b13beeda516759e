/* Experiment files with `ruleset: battlesystem` (src/rules/battlesystem/config/experiment_bs.c):
 * every key of tests/io/good/battlesystem.yaml loads to its value, the
 * minimal example gets the documented defaults, and the drill still loads.
 * (Malformed files: tests/io/bad/bs-*.yaml with bad/expected.txt, checked
 * by tests/io.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "assert_close.h"
#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/status.h"
#include "battlesystem/bs_study.h"
#include "warmaster/wm_drill_config.h"

/* The experiment's Battlesystem section. */
#define BS(e) ((const bs_study *)(e).config)

/* The experiment's order-drill section. */
#define DRILL(e) ((const wm_drill_config *)(e).config)

#define IN 25.4

static void load(const char *path, mu_experiment *ex)
{
    char err[1536] = "";
    int rc = mu_experiment_load(path, ex, err, sizeof err);
    if (rc != MU_EXIT_OK)
        print_error("%s\n", err);
    assert_int_equal(rc, MU_EXIT_OK);
}

static void test_bs_experiment_every_key_loads(void **state)
{
    (void)state;
    static mu_experiment ex;
    load(MUSTER_SOURCE_DIR "/tests/io/good/battlesystem.yaml", &ex);
    assert_string_equal(ex.ruleset->name, "battlesystem");
    assert_true(ex.seed == 99 && ex.games == 250);
    assert_string_equal(ex.output, "results/bs-full.h5");
    const bs_study *st = BS(ex);
    const bs_rules *r = &st->rules;
    assert_true(r->morale.n_dice == 2 && r->morale.sides == 10 && r->morale.modifier == 1);
    assert_true(r->discipline.n_dice == 1 && r->discipline.sides == 20 && r->discipline.modifier == -2);
    assert_true(r->rally.n_dice == 1 && r->rally.sides == 12 && r->rally.modifier == 0);
    assert_true(r->initiative_dice == 2 && r->initiative_sides == 6);
    assert_close(r->frontage_change_in, 3, 0);
    assert_close(r->open_gap_in, 1, 0);
    assert_int_equal(r->charge_straight, BS_STRAIGHT_TWO_THIRDS_DISTANCE);
    assert_int_equal(r->wheel_measure, BS_WHEEL_FRONT_RANK);
    assert_int_equal(r->rout_heading, BS_ROUT_DIRECTLY_AWAY);
    assert_close(r->rout_home_max_deg, 45, 0);
    assert_true(!r->forced_march_fail_routs && !r->ambush_checks);
    assert_int_equal(r->forced_march_check, BS_MARCH_CHECK_DECLARED);
    assert_close(r->march_halt_margin_in, 0, 0);
    assert_int_equal(r->mob_square_slack, 2);
    assert_int_equal(r->command_return_rounds, 0);
    assert_true(r->capture_enabled);
    assert_close(r->terrain_cost[BS_TERRAIN_ROUGH], 3, 0);
    assert_close(r->terrain_cost[BS_TERRAIN_WOODS], 2.5, 0);
    assert_close(r->terrain_cost[BS_TERRAIN_HILL], 1.25, 0);
    assert_close(st->table.width_mm, 72 * IN, 1e-9);
    assert_close(st->table.depth_mm, 0, 0);
    assert_int_equal(st->rounds, 8);
    assert_int_equal(st->table.n_terrain, 2);
    assert_int_equal(st->table.terrain[0].kind, BS_TERRAIN_WOODS);
    assert_int_equal(st->table.terrain[1].n, 3);
    assert_close(st->table.terrain[1].v[2].y, 36 * IN, 1e-9);
    assert_string_equal(st->side_names[0], "The Blue Host");
    assert_int_equal(st->n_units, 3);
    const bs_study_unit *p = &st->units[0], *s = &st->units[1], *o = &st->units[2];
    assert_string_equal(p->name, "Pikes");
    assert_true(p->side == 0 && p->profile.kind == BS_REGULAR && p->formation == BS_OPEN);
    assert_true(p->figures == 12 && p->frontage == 6 && p->profile.ar == 15 && p->profile.morale == 12);
    assert_close(p->profile.base_w_mm, 20, 0);
    assert_close(p->profile.base_d_mm, 40, 0);
    assert_close(p->profile.rate_in, 9, 0);
    assert_close(p->front_mm.x, 36 * IN, 1e-9);
    assert_close(p->facing_deg, 90, 0);
    assert_close(p->entry_mm.y, 0, 0);
    assert_true(s->profile.kind == BS_SKIRMISHERS && s->formation == BS_SKIRMISH && s->hidden);
    assert_close(s->profile.base_w_mm, 25, 0); /* the default base */
    assert_true(o->side == 1 && o->formation == BS_MOB_FORMATION && !o->in_command);
    assert_true(o->profile.low_int_or_chaotic && o->profile.never_checks_morale);
    assert_int_equal(st->n_arms, 3);
    const bs_arm *m = &st->arms[0];
    assert_string_equal(m->label, "all options");
    assert_true(m->side[0].kind == BS_POLICY_STEADY && m->side[0].estimate == BS_ESTIMATE_UNIFORM);
    assert_close(m->side[0].estimate_error, 0.25, 0);
    assert_true(!m->side[0].charge && !m->side[0].closed && !m->side[0].wrap && !m->side[0].rally &&
                !m->side[0].follow);
    assert_true(m->side[1].kind == BS_POLICY_FORCED && m->side[1].rest_rounds == 2 && m->side[1].marches == 3);
    assert_string_equal(st->arms[1].label, "random");
    assert_int_equal(st->arms[1].side[1].kind, BS_POLICY_RANDOM); /* one entry: both sides */
    assert_string_equal(st->arms[2].label, "steady-vs-hold");
    assert_int_equal(st->arms[2].side[0].estimate, BS_ESTIMATE_EXACT);
    assert_close(st->arms[2].side[0].estimate_error, 0, 0);
    mu_experiment_free(&ex);
}

/* What the minimal example leaves out takes the documented defaults. */
/* RULE bs.game.entry-point */
static void test_bs_experiment_defaults(void **state)
{
    (void)state;
    static mu_experiment ex;
    load(MUSTER_SOURCE_DIR "/experiments/examples/bs-minimal.yaml", &ex);
    const bs_study *st = BS(ex);
    bs_rules def = bs_rules_default();
    assert_memory_equal(&st->rules, &def, sizeof def);
    assert_int_equal(ex.per_game_rows, 1);
    const bs_study_unit *u = &st->units[0];
    assert_true(u->in_command && !u->hidden && !u->profile.low_int_or_chaotic && !u->profile.never_checks_morale);
    assert_close(u->entry_mm.x, u->front_mm.x, 1e-9); /* straight back to the table edge */
    assert_close(u->entry_mm.y, 0, 1e-9);
    assert_close(st->units[1].entry_mm.y, 48 * IN, 1e-9);
    assert_int_equal(st->units[1].formation, BS_MOB_FORMATION);
    const bs_policy_spec *s = &st->arms[0].side[0];
    assert_true(s->charge && s->closed && s->wrap && s->rally && s->follow && s->burst == 1);
    assert_true(s->rest_rounds == 0 && s->marches == 0);
    assert_close(s->estimate_error, 0.15, 0);
    mu_experiment_free(&ex);
}

static void test_bs_experiment_drill_still_loads(void **state)
{
    (void)state;
    static mu_experiment ex;
    load(MUSTER_SOURCE_DIR "/experiments/examples/drill-minimal.yaml", &ex);
    assert_string_equal(ex.ruleset->name, "warmaster-order-drill");
    assert_int_equal(DRILL(ex)->n_arms, 1);
    mu_experiment_free(&ex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bs_experiment_every_key_loads),
        cmocka_unit_test(test_bs_experiment_defaults),
        cmocka_unit_test(test_bs_experiment_drill_still_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
