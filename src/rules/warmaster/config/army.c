/* Armies chosen from army lists (the `armies:` entries) and battle files
 * (a scenario and two armies): schema tables, conversion and the checks
 * of an army against its list. See wm_army_io.h and warmaster/wm_scenario.h. */
#include "wm_army_io.h"

#include "muster/escape.h"
#include "muster/status.h"
#include "warmaster/wm_scenario.h"
#include "muster/yaml_conv.h"
#include "muster/yaml_file.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The format ------------------------------------------------------------ */

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, WM_NAME_MAX - 1)
#define FILE_PATH YP_STRING_OF(1, WM_PATH_MAX - 1)

static const cyaml_strval_t formations[] = {{"line", WM_LINE}, {"column", WM_COLUMN}};
static const yp_value coord = {.size = sizeof(double), YP_FLOAT_IN(-10000.0, 10000.0)};

static const yp_field unit_fields[] = {
    YP_FIELD(struct raw_wm_army_unit, "unit", REQUIRED, unit, NAME),
    YP_FIELD(struct raw_wm_army_unit, "count", OPTIONAL, count, YP_INT_IN(1, WM_ARMY_MAX_UNITS)),
    YP_FIELD(struct raw_wm_army_unit, "mount", OPTIONAL, mount, NAME),
    YP_SEQUENCE_FIELD(struct raw_wm_army_unit, "at", OPTIONAL, at, coord, 2, 2),
    YP_FIELD(struct raw_wm_army_unit, "facing", OPTIONAL, facing, YP_FLOAT_IN(-360.0, 360.0)),
    YP_FIELD(struct raw_wm_army_unit, "formation", OPTIONAL, formation, YP_ENUM_OF("formation", formations)),
    YP_FIELD(struct raw_wm_army_unit, "command", OPTIONAL, command, YP_INT_IN(1, 12)),
};
static const yp_value unit_entry = {.size = sizeof(struct raw_wm_army_unit), YP_MAPPING_OF(unit_fields)};

static const yp_field army_fields[] = {
    YP_FIELD(struct raw_wm_army, "list", REQUIRED, list, FILE_PATH),
    YP_FIELD(struct raw_wm_army, "name", OPTIONAL, name, NAME),
    YP_FIELD(struct raw_wm_army, "points", OPTIONAL, points, YP_INT_IN(1, 100000)),
    YP_SEQUENCE_FIELD(struct raw_wm_army, "units", OPTIONAL, units, unit_entry, 1, WM_ARMY_MAX_ENTRIES),
    YP_FIELD(struct raw_wm_army, "random", OPTIONAL, random, YP_INT_IN(0, INT_MAX)),
};
const yp_value wm_army_schema = {.size = sizeof(struct raw_wm_army), YP_MAPPING_OF(army_fields)};

struct raw_battle {
    int *schema;
    char *scenario;
    struct raw_wm_army *armies;
    unsigned armies_count;
};

static const yp_field battle_fields[] = {
    YP_FIELD(struct raw_battle, "schema", REQUIRED, schema, YP_INT_IN(INT_MIN, INT_MAX)),
    YP_FIELD(struct raw_battle, "scenario", OPTIONAL, scenario, FILE_PATH),
    YP_SEQUENCE_FIELD(struct raw_battle, "armies", REQUIRED, armies, wm_army_schema, 2, 2),
};
static const yp_value battle_schema = {.size = sizeof(struct raw_battle), YP_MAPPING_OF(battle_fields)};

/* ---- Conversion ------------------------------------------------------------ */

/* Loads the file rel (relative to the file of d) with load(); a file that
 * cannot be read is reported at the naming node `key`, a file that is
 * invalid by its own line. */
static int load_named(yc_conv *c, const char *key, const char *what, const char *rel, void *out,
                      int (*load)(const char *, void *, char *, size_t))
{
    char full[WM_PATH_MAX];
    if (yf_relative(full, sizeof full, c->doc->file, rel) != 0)
        return yc_fail(yc_at(c, "%s", key), "the path of the %s is too long", what);
    int rc = load(full, out, c->err, c->err_len);
    if (rc == MU_EXIT_NOINPUT) {
        const char *why = strstr(c->err, "cannot read: ");
        char reason[128], name[MU_ESCAPED_MAX];
        snprintf(reason, sizeof reason, "%s", why ? why + strlen("cannot read: ") : "unknown error");
        return yc_fail(yc_at(c, "%s", key), "cannot read %s '%s': %s", what, mu_escape_name(name, sizeof name, full),
                       reason);
    }
    return rc == 0 ? 0 : -1;
}

static int load_list(const char *path, void *out, char *err, size_t len)
{
    return wm_army_list_load(path, out, err, len);
}

static int load_scenario(const char *path, void *out, char *err, size_t len)
{
    return wm_scenario_load(path, out, err, len);
}

static int convert_entry(yc_conv *c, const struct raw_wm_army_unit *r, int j, wm_army *a)
{
    const wm_army_list *l = &a->list;
    wm_army_entry *e = &a->entry[j];
    e->unit = wm_list_unit_index(l, r->unit);
    if (e->unit < 0)
        return yc_fail(yc_at(c, ".units[%d].unit", j), "unknown unit '%s' in army list '%s'", r->unit, l->army);
    const wm_list_unit *u = &l->unit[e->unit];
    e->mount = r->mount ? wm_list_mount_index(l, r->mount) : -1;
    if (r->mount != NULL && e->mount < 0)
        return yc_fail(yc_at(c, ".units[%d].mount", j), "unknown mount '%s' in army list '%s'", r->mount, l->army);
    if (r->mount != NULL && u->troop != WM_CHARACTER)
        return yc_fail(yc_at(c, ".units[%d].mount", j), "only characters ride mounts; '%s' is %s", u->name,
                       wm_troop_name(u->troop));
    e->count = r->count ? *r->count : 1;
    e->exact = r->at != NULL;
    if (e->exact && e->count != 1)
        return yc_fail(yc_at(c, ".units[%d].count", j),
                       "a unit at an exact position is one unit; give count 1 or leave it out");
    if (!e->exact && (r->facing || r->formation))
        return yc_fail(yc_at(c, ".units[%d].%s", j, r->facing ? "facing" : "formation"),
                       "%s applies only to a unit placed with at: [x, y]", r->facing ? "facing" : "formation");
    e->front_mm = e->exact ? mu_v2(r->at[0] * 10.0, r->at[1] * 10.0) : mu_v2(0, 0);
    e->has_facing = r->facing != NULL;
    e->facing_deg = r->facing ? *r->facing : 0.0;
    e->formation = r->formation ? (wm_formation)*r->formation : WM_LINE;
    if (r->command != NULL && u->troop != WM_CHARACTER)
        return yc_fail(yc_at(c, ".units[%d].command", j), "only characters have a Command value; '%s' is %s",
                       u->name, wm_troop_name(u->troop));
    e->command = r->command ? *r->command : u->command;
    yc_at(c, ".units[%d]", j);
    snprintf(e->path, sizeof e->path, "%.*s", (int)sizeof e->path - 1, c->path); /* cut when longer */
    yf_where(c->doc, c->path, e->where, sizeof e->where);
    return 0;
}

/* The list's random army n at out's points (wm_army_convert's contract),
 * its entries positioned at the `random` key. */
/* RULE wm.armylist.random-army */
static int random_army(yc_conv *c, int n, wm_army *out)
{
    wm_army_list list = out->list;
    int points = out->points_limit;
    char name[WM_NAME_MAX];
    snprintf(name, sizeof name, "%s", out->name);
    mu_rng rng = mu_rng_for_purpose((uint64_t)n, (uint64_t)points, WM_RANDOM_ARMY_SALT);
    if (wm_army_random(&list, points, &rng, out) != 0)
        return yc_fail(yc_at(c, ".random"), "army list '%s' cannot make an army of %d points", list.army, points);
    snprintf(out->name, sizeof out->name, "%s", name);
    out->points = wm_army_cost(out);
    yc_at(c, ".random");
    for (int j = 0; j < out->n_entries; j++) {
        snprintf(out->entry[j].path, sizeof out->entry[j].path, "%.*s", (int)sizeof out->entry[j].path - 1, c->path);
        yf_where(c->doc, c->path, out->entry[j].where, sizeof out->entry[j].where);
    }
    return 0;
}

int wm_army_convert(const yp_doc *d, const char *path, const struct raw_wm_army *r, wm_army *out, char *err,
                    size_t err_len)
{
    yc_conv c = {.doc = d, .base = path, .err = err, .err_len = err_len};
    memset(out, 0, sizeof *out);
    if (load_named(&c, ".list", "army list", r->list, &out->list, load_list) != 0)
        return -1;
    const wm_army_list *l = &out->list;
    snprintf(out->name, sizeof out->name, "%s", r->name ? r->name : l->army);
    out->points_limit = r->points ? *r->points : l->points_limit;
    if (out->points_limit == 0)
        return yc_fail(yc_at(&c, "%s", ""),
                       "missing points: army list '%s' gives no points_limit, so give the army's points", l->army);
    if ((r->units == NULL) == (r->random == NULL))
        return yc_fail(yc_at(&c, "%s", ""), r->units ? "an army gives units: (its choice) or random: N (the "
                       "list's random army N), not both" : "an army needs units: (its choice) or random: N (the "
                       "list's random army N)");
    if (r->random)
        return random_army(&c, *r->random, out);
    out->n_entries = (int)r->units_count;
    int units = 0;
    for (int j = 0; j < out->n_entries; j++) {
        if (convert_entry(&c, &r->units[j], j, out) != 0)
            return -1;
        units += out->entry[j].count;
        if (units > WM_ARMY_MAX_UNITS)
            return yc_fail(yc_at(&c, ".units[%d]", j), "more than %d units in one army", WM_ARMY_MAX_UNITS);
    }
    out->points = wm_army_cost(out);
    wm_army_breach b;
    if (wm_army_check(out, &b) == 0)
        return 0;
    if (b.at == WM_BREACH_ENTRY)
        yc_at(&c, ".units[%d]", b.entry);
    else if (b.at == WM_BREACH_UNITS)
        yc_at(&c, ".units");
    else
        yc_at(&c, "%s", r->points ? ".points" : "");
    return yc_fail(&c, "%s", b.text);
}

int wm_battle_load(const char *path, wm_battle *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    yf_file *f = NULL;
    int rc = yf_load(path, &battle_schema, WM_ARMYLIST_SCHEMA, &f, err, err_len);
    if (rc != 0)
        return rc;
    const struct raw_battle *r = f->raw;
    yc_conv c = {.doc = &f->doc, .base = "", .err = err, .err_len = err_len};
    rc = r->scenario ? load_named(&c, "scenario", "scenario", r->scenario, &out->scenario, load_scenario) : 0;
    for (int s = 0; s < 2 && rc == 0; s++) {
        char base[16];
        snprintf(base, sizeof base, "armies[%d]", s);
        rc = wm_army_convert(&f->doc, base, &r->armies[s], &out->army[s], err, err_len);
    }
    out->has_scenario = r->scenario != NULL;
    if (rc == 0 && out->has_scenario)
        rc = wm_deploy(&out->scenario, out->army, &out->bf, out->roster, err, err_len);
    yf_free(f);
    if (rc != 0) {
        memset(out, 0, sizeof *out);
        return MU_EXIT_DATAERR;
    }
    return 0;
}
