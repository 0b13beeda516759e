/* Conversion of the Battlesystem part of an experiment file into
 * bs_study, with the checks that span several fields (see
 * experiment_bs.h). */
#include "experiment_bs.h"
#include "muster/yaml_conv.h"
#include "muster/alloc.h"

#include "battlesystem/bs_unit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *enum_name(const cyaml_strval_t *names, size_t n, int value)
{
    for (size_t i = 0; i < n; i++)
        if (names[i].val == value)
            return names[i].str;
    return "?";
}

static void check_rule(const struct raw_bs_check *r, bs_check_rule *out)
{
    if (r == NULL)
        return;
    if (r->dice)
        out->n_dice = *r->dice;
    if (r->sides)
        out->sides = *r->sides;
    if (r->modifier)
        out->modifier = *r->modifier;
}

static void convert_rules(const struct raw_bs_rules *r, bs_rules *out)
{
    *out = bs_rules_default();
    if (r == NULL)
        return;
    check_rule(r->morale_check, &out->morale);
    check_rule(r->discipline_check, &out->discipline);
    check_rule(r->rally_check, &out->rally);
    if (r->initiative && r->initiative->dice)
        out->initiative_dice = *r->initiative->dice;
    if (r->initiative && r->initiative->sides)
        out->initiative_sides = *r->initiative->sides;
    if (r->frontage_change_in)
        out->frontage_change_in = *r->frontage_change_in;
    if (r->open_gap_in)
        out->open_gap_in = *r->open_gap_in;
    if (r->charge_straight)
        out->charge_straight = (bs_charge_straight)*r->charge_straight;
    if (r->wheel_measure)
        out->wheel_measure = (bs_wheel_measure)*r->wheel_measure;
    if (r->rout_heading)
        out->rout_heading = (bs_rout_heading)*r->rout_heading;
    if (r->rout_home_max_deg)
        out->rout_home_max_deg = *r->rout_home_max_deg;
    if (r->forced_march_fail_routs)
        out->forced_march_fail_routs = *r->forced_march_fail_routs;
    if (r->forced_march_check)
        out->forced_march_check = (bs_march_check_reading)*r->forced_march_check;
    if (r->march_halt_margin_in)
        out->march_halt_margin_in = *r->march_halt_margin_in;
    if (r->mob_square_slack)
        out->mob_square_slack = *r->mob_square_slack;
    if (r->command_return_rounds)
        out->command_return_rounds = *r->command_return_rounds;
    if (r->ambush_checks)
        out->ambush_checks = *r->ambush_checks;
    if (r->capture)
        out->capture_enabled = *r->capture;
    const struct raw_bs_terrain_cost *t = r->terrain_cost;
    if (t && t->clear)
        out->terrain_cost[BS_TERRAIN_CLEAR] = *t->clear;
    if (t && t->rough)
        out->terrain_cost[BS_TERRAIN_ROUGH] = *t->rough;
    if (t && t->woods)
        out->terrain_cost[BS_TERRAIN_WOODS] = *t->woods;
    if (t && t->hill)
        out->terrain_cost[BS_TERRAIN_HILL] = *t->hill;
}

static mu_vec2 in_to_mm(double x, double y) { return mu_v2(x * MU_MM_PER_INCH, y * MU_MM_PER_INCH); }

/* The default entry point: straight back from the unit's front to the
 * table edge behind it; its own front on an unbounded table. */
/* RULE bs.game.entry-point */
static mu_vec2 default_entry(const bs_table *t, mu_vec2 front, mu_vec2 facing)
{
    mu_vec2 back = mu_v2_scale(facing, -1.0);
    double best = INFINITY;
    if (t->width_mm > 0 && back.x > 1e-12)
        best = fmin(best, (t->width_mm - front.x) / back.x);
    if (t->width_mm > 0 && back.x < -1e-12)
        best = fmin(best, -front.x / back.x);
    if (t->depth_mm > 0 && back.y > 1e-12)
        best = fmin(best, (t->depth_mm - front.y) / back.y);
    if (t->depth_mm > 0 && back.y < -1e-12)
        best = fmin(best, -front.y / back.y);
    if (!isfinite(best) || best < 0)
        return front;
    return mu_v2_add(front, mu_v2_scale(back, best));
}

/* Converts unit j of side s (the study's unit index i; side_of and
 * index_in_side say where units 0..i-1 were given). */
static int convert_unit(yc_conv *c, const struct raw_bs_unit *ru, int s, int j, bs_study *st, int i,
                        const int *side_of, const int *index_in_side)
{
    bs_study_unit *u = &st->units[i];
    snprintf(u->name, sizeof u->name, "%s", ru->name);
    for (int k = 0; k < i; k++)
        if (strcmp(st->units[k].name, u->name) == 0)
            return yc_fail(yc_at(c, "scenario.sides[%d].units[%d].name", s, j),
                           "unit name '%s' is already used by scenario.sides[%d].units[%d]", u->name, side_of[k],
                           index_in_side[k]);
    u->side = s;
    bs_profile *p = &u->profile;
    p->kind = (bs_kind)*ru->kind;
    u->formation = ru->formation ? (bs_formation)*ru->formation
                   : p->kind == BS_REGULAR ? BS_CLOSED
                   : p->kind == BS_MOB     ? BS_MOB_FORMATION
                                              : BS_SKIRMISH;
    if (!bs_formation_allowed(p->kind, u->formation))
        return yc_fail(yc_at(c, "scenario.sides[%d].units[%d].formation", s, j),
                       "formation '%s' is not allowed for a %s unit (regular: closed or open; skirmish: "
                       "skirmish; mob: mob)",
                       enum_name(bs_formation_names, BS_FORMATIONS, (int)u->formation),
                       enum_name(bs_kind_names, BS_KINDS, (int)p->kind));
    u->figures = *ru->figures;
    u->frontage = *ru->frontage;
    if (u->frontage > u->figures)
        return yc_fail(yc_at(c, "scenario.sides[%d].units[%d].frontage", s, j),
                       "frontage %d is more than the unit's %d figures", u->frontage, u->figures);
    /* RULE bs.formation.mob-square */
    if (!bs_mob_square(&st->rules, p->kind, u->figures, u->frontage))
        return yc_fail(yc_at(c, "scenario.sides[%d].units[%d].frontage", s, j),
                       "a mob of %d figures %d wide is not approx. square (7.5: frontage and ranks may differ by "
                       "at most %d, rules.mob_square_slack); the nearest square frontage is %d",
                       u->figures, u->frontage, st->rules.mob_square_slack,
                       bs_mob_square_frontage(&st->rules, u->figures, u->frontage));
    p->rate_in = *ru->rate_in;
    p->base_w_mm = ru->base_w_mm ? *ru->base_w_mm : 25.0;
    p->base_d_mm = ru->base_d_mm ? *ru->base_d_mm : 25.0;
    p->ar = *ru->ar;
    p->morale = *ru->morale;
    p->low_int_or_chaotic = ru->low_int && *ru->low_int;
    p->never_checks_morale = ru->never_checks_morale && *ru->never_checks_morale;
    u->in_command = ru->in_command ? *ru->in_command : 1;
    u->hidden = ru->hidden && *ru->hidden;
    u->front_mm = in_to_mm(*ru->x_in, *ru->y_in);
    u->facing_deg = *ru->facing_deg;
    double a = u->facing_deg * 3.14159265358979323846 / 180.0;
    mu_vec2 facing = mu_v2(cos(a), sin(a));
    u->entry_mm = ru->entry_in ? in_to_mm(ru->entry_in[0], ru->entry_in[1])
                               : default_entry(&st->table, u->front_mm, facing);
    return 0;
}

/* The footprint of study unit u as the engine will place it. */
static bs_unit placed(const bs_study *st, const bs_study_unit *u)
{
    double a = u->facing_deg * 3.14159265358979323846 / 180.0;
    return bs_unit_make(&u->profile, &st->rules, u->side, u->figures, u->frontage, u->formation, u->front_mm,
                           mu_v2(cos(a), sin(a)));
}

/* Every unit on the table (if bounded), none overlapping another or
 * impassable terrain. */
static int check_placement(yc_conv *c, const bs_study *st, const int *side_of, const int *index_in_side)
{
    for (int i = 0; i < st->n_units; i++) {
        bs_unit u = placed(st, &st->units[i]);
        mu_vec2 k[4];
        bs_unit_corners(&u, k);
        yc_at(c, "scenario.sides[%d].units[%d].x_in", side_of[i], index_in_side[i]);
        for (int q = 0; q < 4; q++)
            if ((st->table.width_mm > 0 && (k[q].x < -1e-6 || k[q].x > st->table.width_mm + 1e-6)) ||
                (st->table.depth_mm > 0 && (k[q].y < -1e-6 || k[q].y > st->table.depth_mm + 1e-6)))
                return yc_fail(c,
                               "unit '%s' does not fit on the table: a corner of its footprint is at (%.2f, %.2f) in",
                               st->units[i].name, k[q].x / MU_MM_PER_INCH, k[q].y / MU_MM_PER_INCH);
        mu_orect r = mu_orect_from_front(u.front, u.facing, bs_unit_width_mm(&u), bs_unit_depth_mm(&u));
        for (int j = 0; j < i; j++) {
            bs_unit v = placed(st, &st->units[j]);
            mu_orect o = mu_orect_from_front(v.front, v.facing, bs_unit_width_mm(&v), bs_unit_depth_mm(&v));
            if (mu_orect_overlap(&r, &o))
                return yc_fail(c, "unit '%s' overlaps unit '%s'", st->units[i].name, st->units[j].name);
        }
        /* impassable terrain may touch the footprint, not share its interior */
        mu_orect inner = r;
        inner.width = fmax(0.0, r.width - 2e-3), inner.depth = fmax(0.0, r.depth - 2e-3);
        for (int t = 0; t < st->table.n_terrain; t++) {
            mu_polygon poly = {st->table.terrain[t].n, st->table.terrain[t].v};
            if (st->table.terrain[t].kind == BS_TERRAIN_IMPASSABLE && mu_orect_meets_polygon(&inner, &poly))
                return yc_fail(c, "unit '%s' stands in impassable terrain (scenario.terrain[%d])", st->units[i].name,
                               t);
        }
    }
    return 0;
}

static int convert_scenario(yc_conv *c, const struct raw_bs_scenario *rs, bs_study *st)
{
    st->table.width_mm = *rs->table->width_in * MU_MM_PER_INCH;
    st->table.depth_mm = *rs->table->depth_in * MU_MM_PER_INCH;
    st->rounds = *rs->rounds;
    st->table.n_terrain = (int)rs->terrain_count;
    for (int t = 0; t < st->table.n_terrain; t++) {
        const struct raw_bs_terrain *rt = &rs->terrain[t];
        bs_terrain *a = &st->table.terrain[t];
        a->kind = (bs_terrain_kind)*rt->kind;
        if (rt->polygon_in_count % 2 != 0)
            return yc_fail(yc_at(c, "scenario.terrain[%d].polygon_in", t),
                           "polygon_in has %u numbers; give the vertices as x, y pairs in inches",
                           rt->polygon_in_count);
        a->n = (int)rt->polygon_in_count / 2;
        for (int k = 0; k < a->n; k++)
            a->v[k] = in_to_mm(rt->polygon_in[2 * k], rt->polygon_in[2 * k + 1]);
        mu_polygon poly = {a->n, a->v};
        if (!mu_polygon_is_simple(&poly))
            return yc_fail(yc_at(c, "scenario.terrain[%d].polygon_in", t),
                           "the polygon is not simple: its edges cross or it has no area");
    }
    int side_of[BS_MAX_UNITS], index_in_side[BS_MAX_UNITS];
    st->n_units = 0;
    for (int s = 0; s < 2; s++) {
        const struct raw_bs_side *rside = &rs->sides[s];
        snprintf(st->side_names[s], MU_NAME_MAX, "%s", rside->name);
        if (s == 1 && strcmp(st->side_names[0], st->side_names[1]) == 0)
            return yc_fail(yc_at(c, "scenario.sides[1].name"), "side name '%s' is already used by scenario.sides[0]",
                           rside->name);
        for (int j = 0; j < (int)rside->units_count; j++) {
            if (st->n_units == BS_MAX_UNITS)
                return yc_fail(yc_at(c, "scenario.sides[%d].units[%d]", s, j), "more than %d units in the scenario",
                               BS_MAX_UNITS);
            side_of[st->n_units] = s, index_in_side[st->n_units] = j;
            if (convert_unit(c, &rside->units[j], s, j, st, st->n_units, side_of, index_in_side) != 0)
                return -1;
            st->n_units++;
        }
    }
    if (st->n_units == 0)
        return yc_fail(yc_at(c, "scenario.sides"), "the scenario has no units; give at least one");
    return check_placement(c, st, side_of, index_in_side);
}

/* An option given to a policy that does not take it. */
static int misplaced(yc_conv *c, int m, int s, const char *key, const char *policy, const char *takes)
{
    return yc_fail(yc_at(c, "policies[%d].sides[%d].%s", m, s, key), "%s does not apply to policy '%s' (only to %s)",
                   key, policy, takes);
}

static int convert_policy(yc_conv *c, const struct raw_bs_policy *rp, int m, int s, bs_policy_spec *p)
{
    *p = (bs_policy_spec){.kind = (bs_policy_kind)*rp->name, .estimate = BS_ESTIMATE_NORMAL,
                             .estimate_error = 0.1, .charge = 1, .closed = 1, .wrap = 1, .burst = 1,
                             .rally = 1, .follow = 1};
    const char *name = enum_name(bs_policy_names, BS_POLICIES, *rp->name);
    int steady = p->kind == BS_POLICY_STEADY, forced = p->kind == BS_POLICY_FORCED;
    if (!steady && rp->estimate)
        return misplaced(c, m, s, "estimate", name, "steady");
    if (!steady && rp->estimate_error)
        return misplaced(c, m, s, "estimate_error", name, "steady");
    if (!steady && rp->charge)
        return misplaced(c, m, s, "charge", name, "steady");
    if (!steady && rp->closed)
        return misplaced(c, m, s, "closed", name, "steady");
    if (!steady && rp->wrap)
        return misplaced(c, m, s, "wrap", name, "steady");
    if (!forced && rp->burst)
        return misplaced(c, m, s, "burst", name, "forced");
    if (!forced && rp->rest_rounds)
        return misplaced(c, m, s, "rest_rounds", name, "forced");
    if (!forced && rp->marches)
        return misplaced(c, m, s, "marches", name, "forced");
    if (rp->estimate)
        p->estimate = (bs_estimate_model)*rp->estimate;
    if (rp->estimate_error)
        p->estimate_error = *rp->estimate_error;
    if (rp->estimate_error && p->estimate == BS_ESTIMATE_EXACT && p->estimate_error != 0)
        return yc_fail(yc_at(c, "policies[%d].sides[%d].estimate_error", m, s),
                       "estimate 'exact' has no error; give estimate normal or uniform, or leave estimate_error out");
    if (p->estimate == BS_ESTIMATE_EXACT)
        p->estimate_error = 0;
    if (rp->charge)
        p->charge = *rp->charge;
    if (rp->closed)
        p->closed = *rp->closed;
    if (rp->wrap)
        p->wrap = *rp->wrap;
    if (rp->burst)
        p->burst = *rp->burst;
    if (rp->rest_rounds)
        p->rest_rounds = *rp->rest_rounds;
    if (rp->marches)
        p->marches = *rp->marches;
    if (rp->rally)
        p->rally = *rp->rally;
    if (rp->follow)
        p->follow = *rp->follow;
    return 0;
}

static int convert_arms(yc_conv *c, const struct raw_bs_arm *rm, unsigned n, bs_study *st)
{
    st->n_arms = (int)n;
    for (int m = 0; m < st->n_arms; m++) {
        bs_arm *arm = &st->arms[m];
        for (int s = 0; s < (int)rm[m].sides_count; s++)
            if (convert_policy(c, &rm[m].sides[s], m, s, &arm->side[s]) != 0)
                return -1;
        if (rm[m].sides_count == 1)
            arm->side[1] = arm->side[0];
        const char *a = enum_name(bs_policy_names, BS_POLICIES, *rm[m].sides[0].name);
        const char *b = enum_name(bs_policy_names, BS_POLICIES, (int)arm->side[1].kind);
        if (rm[m].label)
            snprintf(arm->label, sizeof arm->label, "%s", rm[m].label);
        else if (rm[m].sides_count == 1)
            snprintf(arm->label, sizeof arm->label, "%s", a);
        else
            snprintf(arm->label, sizeof arm->label, "%s-vs-%s", a, b);
        for (int k = 0; k < m; k++)
            if (strcmp(st->arms[k].label, arm->label) == 0)
                return yc_fail(yc_at(c, "policies[%d].%s", m, rm[m].label ? "label" : "sides"),
                               "duplicate policy label '%s'; give each entry its own label", arm->label);
    }
    return 0;
}

int bs_convert(const yp_doc *d, const struct raw_bs_rules *rules, const struct raw_bs_scenario *scenario,
               const struct raw_bs_arm *arms, unsigned n, bs_study *out, char *err, size_t err_len)
{
    yc_conv c = {.doc = d, .err = err, .err_len = err_len};
    memset(out, 0, sizeof *out);
    convert_rules(rules, &out->rules);
    if (convert_scenario(&c, scenario, out) != 0)
        return -1;
    return convert_arms(&c, arms, n, out);
}

int bs_load_config(const yp_doc *doc, const void *raw_file, const mu_experiment *ex, void **config, char *err,
                   size_t err_len)
{
    (void)ex;
    const struct raw_bs_experiment *raw = raw_file;
    bs_study *st = mu_xmalloc(sizeof *st);
    if (bs_convert(doc, raw->rules, raw->scenario, raw->policies, raw->policies_count, st, err, err_len) != 0) {
        free(st);
        return -1;
    }
    *config = st;
    return 0;
}

void bs_free_config(void *config)
{
    free(config);
}
