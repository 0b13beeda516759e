/* Conversion of the Ninth Age experiment section and its data files into
 * na_study, with the checks that span several fields (see na_config.h).
 * Inches become millimetres here, once. */
#include "na_config.h"
#include "na_raw.h"

#include "muster/alloc.h"
#include "muster/escape.h"
#include "muster/status.h"
#include "muster/yaml_conv.h"
#include "muster/yaml_file.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define IN MU_MM_PER_INCH

/* ---- profiles ---- */

/* RULE na.data.profiles */
static int convert_profiles(yc_conv *c, const void *raw_file, void *out_)
{
    const struct raw_na_profiles *r = raw_file;
    na_profile_set *out = out_;
    out->spacing_mm = *r->unit_spacing_in * IN;
    out->n = (int)r->profiles_count;
    for (int i = 0; i < out->n; i++) {
        const struct raw_na_profile *p = &r->profiles[i];
        for (int j = 0; j < i; j++)
            if (strcmp(out->names[j], p->name) == 0)
                return yc_fail(yc_at(c, "profiles[%d].name", i), "profile name '%s' is already used by profiles[%d]",
                               p->name, j);
        if (*p->march_in < *p->advance_in)
            return yc_fail(yc_at(c, "profiles[%d].march_in", i),
                           "March Rate %g is less than Advance Rate %g", *p->march_in, *p->advance_in);
        snprintf(out->names[i], sizeof out->names[i], "%s", p->name);
        out->p[i] = (na_profile){.advance_mm = *p->advance_in * IN, .march_mm = *p->march_in * IN,
                                 .discipline = *p->discipline, .base_w_mm = p->base_mm[0], .base_d_mm = p->base_mm[1]};
    }
    return 0;
}

int na_profiles_load(const char *path, na_profile_set *out, char *err, size_t err_len)
{
    return yc_load(path, &na_profiles_schema, NA_DATA_SCHEMA, out, sizeof *out, convert_profiles, err, err_len);
}

/* ---- scenario ---- */

static int convert_terrain(yc_conv *c, const struct raw_na_scenario *r, na_study *st)
{
    na_table *t = &st->table;
    t->n_terrain = (int)r->terrain_count;
    for (int i = 0; i < t->n_terrain; i++) {
        const struct raw_na_terrain *rt = &r->terrain[i];
        if (rt->polygon_in_count % 2)
            return yc_fail(yc_at(c, "terrain[%d].polygon_in", i), "polygon_in needs x, y pairs: got %u numbers",
                           rt->polygon_in_count);
        na_terrain *tr = &t->terrain[i];
        tr->n = (int)rt->polygon_in_count / 2;
        for (int k = 0; k < tr->n; k++)
            tr->v[k] = mu_v2(rt->polygon_in[2 * k] * IN, rt->polygon_in[2 * k + 1] * IN);
        mu_polygon poly = {tr->n, tr->v};
        if (!mu_polygon_is_simple(&poly))
            return yc_fail(yc_at(c, "terrain[%d].polygon_in", i), "terrain '%s' is not a simple polygon", rt->name);
        na_terrain_bound(tr);
    }
    t->n_objectives = (int)r->objectives_count;
    for (int i = 0; i < t->n_objectives; i++) {
        const struct raw_na_objective *o = &r->objectives[i];
        t->objectives[i] = (na_objective){mu_v2(o->at_in[0] * IN, o->at_in[1] * IN), *o->radius_in * IN};
        snprintf(st->objective_names[i], sizeof st->objective_names[i], "%s", o->name);
        if (o->at_in[0] < 0 || o->at_in[1] < 0 || o->at_in[0] * IN > t->width_mm || o->at_in[1] * IN > t->depth_mm)
            return yc_fail(yc_at(c, "objectives[%d].at_in", i), "objective '%s' is off the table", o->name);
    }
    return 0;
}

static int find_profile(const na_profile_set *ps, const char *name)
{
    for (int i = 0; i < ps->n; i++)
        if (strcmp(ps->names[i], name) == 0)
            return i;
    return -1;
}

static const char *place_text(na_place p)
{
    switch (p) {
    case NA_PLACE_OFF_TABLE: return "is not wholly on the table";
    case NA_PLACE_TERRAIN: return "overlaps impassable terrain";
    case NA_PLACE_OVERLAP: return "overlaps unit";
    default: return "is closer than the Unit Spacing to unit";
    }
}

/* RULE na.data.scenario */
static int convert_units(yc_conv *c, const struct raw_na_scenario *r, const na_profile_set *ps, na_study *st)
{
    na_field *f = &st->start;
    na_env env = {.rules = &st->rules, .table = &st->table};
    int where[NA_MAX_UNITS][2];
    for (int s = 0; s < 2; s++) {
        const struct raw_na_side *rs = &r->sides[s];
        if (s == 1 && strcmp(rs->name, r->sides[0].name) == 0)
            return yc_fail(yc_at(c, "sides[1].name"), "side name '%s' is already used by sides[0]", rs->name);
        snprintf(st->side_names[s], sizeof st->side_names[s], "%s", rs->name);
        for (unsigned k = 0; k < rs->units_count; k++) {
            const struct raw_na_unit *ru = &rs->units[k];
            if (f->n_units >= NA_MAX_UNITS)
                return yc_fail(yc_at(c, "sides[%d].units[%u]", s, k), "more than %d units on the table",
                               NA_MAX_UNITS);
            int p = find_profile(ps, ru->profile);
            if (p < 0)
                return yc_fail(yc_at(c, "sides[%d].units[%u].profile", s, k),
                               "unknown profile '%s' (not in the profiles file)", ru->profile);
            if (*ru->files > *ru->models)
                return yc_fail(yc_at(c, "sides[%d].units[%u].files", s, k), "%d files but only %d models",
                               *ru->files, *ru->models);
            for (int j = 0; j < f->n_units; j++)
                if (strcmp(st->unit_names[j], ru->name) == 0)
                    return yc_fail(yc_at(c, "sides[%d].units[%u].name", s, k),
                                   "unit name '%s' is already used by sides[%d].units[%d]", ru->name, where[j][0],
                                   where[j][1]);
            int u = f->n_units++;
            where[u][0] = s, where[u][1] = (int)k;
            snprintf(st->unit_names[u], sizeof st->unit_names[u], "%s", ru->name);
            f->units[u] = na_unit_make(&ps->p[p], s, *ru->models, *ru->files,
                                       mu_v2(ru->at_in[0] * IN, ru->at_in[1] * IN), *ru->facing_deg * PI / 180);
            f->units[u].flags = (uint8_t)((ru->charging && *ru->charging ? NA_CHARGING : 0) |
                                          (ru->fleeing && *ru->fleeing ? NA_FLEEING : 0) |
                                          (ru->shaken && *ru->shaken ? NA_SHAKEN : 0));
        }
    }
    /* every unit placed legally: on the table, clear of terrain, Unit Spacing apart */
    for (int u = 0; u < f->n_units; u++) {
        int contact;
        na_place pl = na_place_check(f, &env, u, &f->units[u], &contact);
        if (pl == NA_PLACE_OK && contact >= 0)
            pl = NA_PLACE_SPACING;
        if (pl == NA_PLACE_OK)
            continue;
        yc_at(c, "sides[%d].units[%d].at_in", where[u][0], where[u][1]);
        if (pl == NA_PLACE_OFF_TABLE || pl == NA_PLACE_TERRAIN)
            return yc_fail(c, "unit '%s' %s", st->unit_names[u], place_text(pl));
        for (int o = 0; o < f->n_units; o++) {
            if (o == u)
                continue;
            double d = na_unit_distance(f, u, o);
            if (d < st->rules.spacing_mm - MU_GEOM_EPS_MM)
                return yc_fail(c, "unit '%s' %s '%s' (%.2f in apart; Unit Spacing %.2f in)", st->unit_names[u],
                               place_text(pl == NA_PLACE_OVERLAP ? pl : NA_PLACE_SPACING), st->unit_names[o],
                               d / IN, st->rules.spacing_mm / IN);
        }
        return yc_fail(c, "unit '%s' %s", st->unit_names[u], place_text(pl));
    }
    st->discipline_min = st->discipline_max = f->units[0].p.discipline;
    for (int u = 1; u < f->n_units; u++) {
        int d = f->units[u].p.discipline;
        st->discipline_min = d < st->discipline_min ? d : st->discipline_min;
        st->discipline_max = d > st->discipline_max ? d : st->discipline_max;
    }
    return 0;
}

int na_scenario_load(const char *path, const na_profile_set *ps, na_study *st, char *err, size_t err_len)
{
    yf_file *file = NULL;
    int rc = yf_load(path, &na_scenario_schema, NA_DATA_SCHEMA, &file, err, err_len);
    if (rc != 0)
        return rc;
    const struct raw_na_scenario *r = file->raw;
    yc_conv c = {.doc = &file->doc, .err = err, .err_len = err_len};
    st->table.width_mm = r->table_in[0] * IN;
    st->table.depth_mm = r->table_in[1] * IN;
    st->turns = *r->turns;
    st->first = r->first ? *r->first : 0;
    st->rules.spacing_mm = ps->spacing_mm;
    if (convert_terrain(&c, r, st) != 0 || convert_units(&c, r, ps, st) != 0)
        rc = MU_EXIT_DATAERR;
    yf_free(file);
    return rc;
}

/* ---- the experiment section ---- */

static int convert_arms(yc_conv *c, const struct raw_na_experiment *raw, na_study *st)
{
    st->n_arms = (int)raw->policies_count;
    for (int i = 0; i < st->n_arms; i++) {
        const struct raw_na_arm *ra = &raw->policies[i];
        na_arm *a = &st->arms[i];
        for (unsigned s = 0; s < 2; s++) {
            const struct raw_na_policy *rp = &ra->sides[s < ra->sides_count ? s : 0];
            na_policy p = na_policy_default(*rp->name);
            if (rp->march)
                p.march = *rp->march;
            if (rp->halt_in)
                p.halt_mm = *rp->halt_in * IN;
            if (rp->flank_in)
                p.flank_mm = *rp->flank_in * IN;
            if (rp->min_gain_mm)
                p.min_gain_mm = *rp->min_gain_mm;
            if (s < ra->sides_count) {
                const char *bad = rp->march && p.kind != NA_POLICY_OBJECTIVE && p.kind != NA_POLICY_FLANKER ? "march"
                                  : rp->halt_in && p.kind != NA_POLICY_LINE                                  ? "halt_in"
                                  : rp->flank_in && p.kind != NA_POLICY_FLANKER                              ? "flank_in"
                                                                                                             : NULL;
                if (bad)
                    return yc_fail(yc_at(c, "policies[%d].sides[%u].%s", i, s, bad), "policy '%s' takes no %s",
                                   na_policy_name(p.kind), bad);
            }
            a->side[s] = p;
        }
        if (ra->label)
            snprintf(a->label, sizeof a->label, "%s", ra->label);
        else
            snprintf(a->label, sizeof a->label, "%s-vs-%s", na_policy_name(a->side[0].kind),
                     na_policy_name(a->side[1].kind));
        for (int j = 0; j < i; j++)
            if (strcmp(st->arms[j].label, a->label) == 0)
                return yc_fail(yc_at(c, ra->label ? "policies[%d].label" : "policies[%d]", i),
                               "duplicate policy label '%s'; give each entry its own label", a->label);
    }
    return 0;
}

/* Loads a data file named at key of the experiment (relative to it). */
static int data_path(yc_conv *c, const char *key, const char *rel, char *full, size_t len)
{
    if (yf_relative(full, len, c->doc->file, rel) != 0)
        return yc_fail(yc_at(c, "%s", key), "the path of the %s file is too long", key);
    return 0;
}

static int unreadable(yc_conv *c, const char *key, const char *full)
{
    const char *why = strstr(c->err, "cannot read: ");
    char reason[128], name[MU_ESCAPED_MAX];
    snprintf(reason, sizeof reason, "%s", why ? why + strlen("cannot read: ") : "unknown error");
    return yc_fail(yc_at(c, "%s", key), "cannot read %s '%s': %s", key, mu_escape_name(name, sizeof name, full),
                   reason);
}

/* RULE na.march.dice na.game.march-radius */
int na_load_config(const yp_doc *doc, const void *raw_file, const mu_experiment *ex, void **config, char *err,
                   size_t err_len)
{
    (void)ex;
    const struct raw_na_experiment *raw = raw_file;
    yc_conv c = {.doc = doc, .err = err, .err_len = err_len};
    na_study *st = mu_xcalloc(1, sizeof *st);
    na_profile_set *ps = mu_xcalloc(1, sizeof *ps);
    char full[4096];
    int rc = 0;
    st->rules = na_rules_default();
    if (raw->rules && raw->rules->march_test_radius_in)
        st->rules.march_radius_mm = *raw->rules->march_test_radius_in * IN;
    if (raw->rules && raw->rules->discipline_test && raw->rules->discipline_test->dice)
        st->rules.test_dice = *raw->rules->discipline_test->dice;
    if (raw->rules && raw->rules->discipline_test && raw->rules->discipline_test->sides)
        st->rules.test_sides = *raw->rules->discipline_test->sides;
    if (data_path(&c, "profiles", raw->profiles, full, sizeof full) != 0)
        rc = -1;
    else if ((rc = na_profiles_load(full, ps, err, err_len)) != 0)
        rc = rc == MU_EXIT_NOINPUT ? unreadable(&c, "profiles", full) : -1;
    if (rc == 0 && data_path(&c, "scenario", raw->scenario, full, sizeof full) != 0)
        rc = -1;
    else if (rc == 0 && (rc = na_scenario_load(full, ps, st, err, err_len)) != 0)
        rc = rc == MU_EXIT_NOINPUT ? unreadable(&c, "scenario", full) : -1;
    if (rc == 0 && convert_arms(&c, raw, st) != 0)
        rc = -1;
    free(ps);
    if (rc != 0) {
        free(st);
        return -1;
    }
    *config = st;
    return 0;
}

void na_free_config(void *config)
{
    free(config);
}
