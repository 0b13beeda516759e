/* The order drill's section of experiment files (`ruleset:
 * warmaster-order-drill`), schema 1: `rules:` (order rule variants),
 * `study:` (characters and standing units) and `policies:` (order
 * sequences); the schema table, and the conversion with the checks that
 * span several fields (one General, unique names, brigades). See
 * wm_drill_config.h. */
#include "warmaster/wm_drill_config.h"

#include "muster/alloc.h"

#include <cyaml/cyaml.h>

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Raw structs: what libcyaml fills; NULL means the key is absent ----- */

struct raw_rules {
    double *distance_step_cm;
    double *enemy_close_cm;
    bool *blunder_on_12;
};

struct raw_character {
    char *name;
    int *role;
    int *command;
};

struct raw_unit {
    char *name;
    double *distance_cm;
    double *distances_cm;
    unsigned distances_cm_count;
    double *enemy_cm;
    bool *dense;
    int *stands_lost;
    char *ordered_by;
    char *brigade;
};

struct raw_study {
    struct raw_character *characters;
    unsigned characters_count;
    struct raw_unit *units;
    unsigned units_count;
};

struct raw_policy {
    int *name;
    char *label;
    int *orders_per_unit;
    bool *brigades;
};

struct raw_drill {
    mu_raw_common common;
    struct raw_rules *rules;
    struct raw_study *study;
    struct raw_policy *policies;
    unsigned policies_count;
};

/* ---- The format, schema 1 ------------------------------------------------ */

enum { ROLE_HERO, ROLE_GENERAL };

static const cyaml_strval_t roles[] = {{"general", ROLE_GENERAL}, {"hero", ROLE_HERO}};
static const cyaml_strval_t policy_kinds[] = {
    {"as-listed", WM_DRILL_AS_LISTED},
    {"heroes-first", WM_DRILL_HEROES_FIRST},
    {"general-first", WM_DRILL_GENERAL_FIRST},
    {"nearest-first", WM_DRILL_NEAREST_FIRST},
};

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, MU_NAME_MAX - 1)
#define CM_MAX 1e6 /* 10 km: any table */
#define ORDERS_MAX 3

static const yp_field rules_fields[] = {
    YP_FIELD(struct raw_rules, "distance_step_cm", OPTIONAL, distance_step_cm, YP_FLOAT_ABOVE(0.0, CM_MAX)),
    YP_FIELD(struct raw_rules, "enemy_close_cm", OPTIONAL, enemy_close_cm, YP_FLOAT_IN(0.0, CM_MAX)),
    YP_FIELD(struct raw_rules, "blunder_on_12", OPTIONAL, blunder_on_12, YP_BOOLEAN),
};

static const yp_field character_fields[] = {
    YP_FIELD(struct raw_character, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_character, "role", REQUIRED, role, YP_ENUM_OF("role", roles)),
    YP_FIELD(struct raw_character, "command", REQUIRED, command, YP_INT_IN(2, 12)),
};
static const yp_value character_entry = {.size = sizeof(struct raw_character), YP_MAPPING_OF(character_fields)};

static const yp_value distance_entry = {.size = sizeof(double), YP_FLOAT_IN(0.0, CM_MAX)};

static const yp_field unit_fields[] = {
    YP_FIELD(struct raw_unit, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_unit, "distance_cm", OPTIONAL, distance_cm, YP_FLOAT_IN(0.0, CM_MAX)),
    YP_SEQUENCE_FIELD(struct raw_unit, "distances_cm", OPTIONAL, distances_cm, distance_entry, 1,
                      WM_DRILL_MAX_CHARACTERS),
    YP_FIELD(struct raw_unit, "enemy_cm", OPTIONAL, enemy_cm, YP_FLOAT_IN(0.0, CM_MAX)),
    YP_FIELD(struct raw_unit, "dense", OPTIONAL, dense, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "stands_lost", OPTIONAL, stands_lost, YP_INT_IN(0, 3)),
    YP_FIELD(struct raw_unit, "ordered_by", OPTIONAL, ordered_by, NAME),
    YP_FIELD(struct raw_unit, "brigade", OPTIONAL, brigade, NAME),
};
static const yp_value unit_entry = {.size = sizeof(struct raw_unit), YP_MAPPING_OF(unit_fields)};

static const yp_field study_fields[] = {
    YP_SEQUENCE_FIELD(struct raw_study, "characters", REQUIRED, characters, character_entry, 1,
                      WM_DRILL_MAX_CHARACTERS),
    YP_SEQUENCE_FIELD(struct raw_study, "units", REQUIRED, units, unit_entry, 1, WM_DRILL_MAX_UNITS),
};

static const yp_field policy_fields[] = {
    YP_FIELD(struct raw_policy, "name", REQUIRED, name, YP_ENUM_OF("policy", policy_kinds)),
    YP_FIELD(struct raw_policy, "label", OPTIONAL, label, NAME),
    YP_FIELD(struct raw_policy, "orders_per_unit", OPTIONAL, orders_per_unit, YP_INT_IN(1, ORDERS_MAX)),
    YP_FIELD(struct raw_policy, "brigades", OPTIONAL, brigades, YP_BOOLEAN),
};
static const yp_value policy_entry = {.size = sizeof(struct raw_policy), YP_MAPPING_OF(policy_fields)};

static const yp_field experiment_fields[] = {
    MU_EXPERIMENT_COMMON_FIELDS(struct raw_drill),
    YP_FIELD(struct raw_drill, "rules", OPTIONAL, rules, YP_MAPPING_OF(rules_fields)),
    YP_FIELD(struct raw_drill, "study", REQUIRED, study, YP_MAPPING_OF(study_fields)),
    YP_SEQUENCE_FIELD(struct raw_drill, "policies", REQUIRED, policies, policy_entry, 1, MU_MAX_ARMS),
};
const yp_value wm_drill_experiment_schema = {.size = sizeof(struct raw_drill), YP_MAPPING_OF(experiment_fields)};

/* ---- Conversion and the checks across fields ----------------------------- */

#define PATH_LEN 96

typedef struct loader {
    const yp_doc *doc;
    char *err;
    size_t err_len;
} loader;

/* Formats a path into buf and returns buf. */
__attribute__((format(printf, 2, 3)))
static const char *pathf(char buf[PATH_LEN], const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, PATH_LEN, fmt, ap);
    va_end(ap);
    return buf;
}

static const char *enum_name(const cyaml_strval_t *names, size_t n, int value)
{
    for (size_t i = 0; i < n; i++)
        if (names[i].val == value)
            return names[i].str;
    return "?";
}

static void copy_name(char dst[MU_NAME_MAX], const char *src)
{
    snprintf(dst, MU_NAME_MAX, "%s", src);
}

static int character_index(const wm_drill_study *st, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(st->characters[i].name, name) == 0)
            return i;
    return -1;
}

static void convert_rules(const struct raw_rules *r, wm_order_rules *rules)
{
    *rules = wm_order_rules_default();
    if (r != NULL && r->distance_step_cm != NULL)
        rules->distance_step_mm = *r->distance_step_cm * 10.0;
    if (r != NULL && r->enemy_close_cm != NULL)
        rules->enemy_close_mm = *r->enemy_close_cm * 10.0;
    if (r != NULL && r->blunder_on_12 != NULL)
        rules->blunder_on_12 = *r->blunder_on_12;
}

static int convert_characters(loader *ld, const struct raw_study *rs, wm_drill_study *st)
{
    char p[PATH_LEN];
    st->n_characters = (int)rs->characters_count;
    st->general = -1;
    for (int i = 0; i < st->n_characters; i++) {
        const struct raw_character *rc = &rs->characters[i];
        wm_drill_character *c = &st->characters[i];
        copy_name(c->name, rc->name);
        c->is_general = *rc->role == ROLE_GENERAL;
        c->command = *rc->command;
        int other = character_index(st, i, c->name);
        if (other >= 0) {
            yp_error(ld->doc, pathf(p, "study.characters[%d].name", i), ld->err, ld->err_len,
                     "character name '%s' is already used by study.characters[%d]", c->name, other);
            return -1;
        }
        if (c->is_general && st->general >= 0) {
            yp_error(ld->doc, pathf(p, "study.characters[%d].role", i), ld->err, ld->err_len,
                     "a second general: '%s' is already the general; exactly one character has role general",
                     st->characters[st->general].name);
            return -1;
        }
        if (c->is_general)
            st->general = i;
    }
    if (st->general >= 0)
        return 0;
    yp_error(ld->doc, "study.characters", ld->err, ld->err_len,
             "no character has role general; exactly one must");
    return -1;
}

/* Fills u->distance_mm from distance_cm or distances_cm (one of them). */
static int unit_distances(loader *ld, const struct raw_unit *ru, const wm_drill_study *st, wm_drill_unit *u, int i)
{
    char p[PATH_LEN];
    if (ru->distance_cm == NULL && ru->distances_cm == NULL) {
        yp_error(ld->doc, pathf(p, "study.units[%d].distance_cm", i), ld->err, ld->err_len,
                 "missing distance_cm, or distances_cm with one entry per character");
        return -1;
    }
    if (ru->distance_cm != NULL && ru->distances_cm != NULL) {
        yp_error(ld->doc, pathf(p, "study.units[%d].distances_cm", i), ld->err, ld->err_len,
                 "give distance_cm or distances_cm, not both");
        return -1;
    }
    if (ru->distances_cm != NULL && (int)ru->distances_cm_count != st->n_characters) {
        yp_error(ld->doc, pathf(p, "study.units[%d].distances_cm", i), ld->err, ld->err_len,
                 "distances_cm has %u entries but there are %d characters; give one per character, in listed order",
                 ru->distances_cm_count, st->n_characters);
        return -1;
    }
    for (int c = 0; c < st->n_characters; c++)
        u->distance_mm[c] = (ru->distances_cm ? ru->distances_cm[c] : *ru->distance_cm) * 10.0;
    return 0;
}

/* Puts unit i into the brigade named name; checks size and orderer. */
static int unit_brigade(loader *ld, const struct raw_unit *ru, wm_drill_study *st, int i)
{
    char p[PATH_LEN];
    wm_drill_unit *u = &st->units[i];
    int b = 0, members = 0, first = -1;
    while (b < st->n_brigades && strcmp(st->brigade_names[b], ru->brigade) != 0)
        b++;
    if (b == WM_DRILL_MAX_BRIGADES) {
        yp_error(ld->doc, pathf(p, "study.units[%d].brigade", i), ld->err, ld->err_len,
                 "more than %d brigades", WM_DRILL_MAX_BRIGADES);
        return -1;
    }
    if (b == st->n_brigades)
        copy_name(st->brigade_names[st->n_brigades++], ru->brigade);
    for (int j = 0; j < i; j++)
        if (st->units[j].brigade == b && members++ == 0)
            first = j;
    if (members == WM_BRIGADE_MAX_UNITS) {
        yp_error(ld->doc, pathf(p, "study.units[%d].brigade", i), ld->err, ld->err_len,
                 "brigade '%s' has more than %d units", ru->brigade, WM_BRIGADE_MAX_UNITS);
        return -1;
    }
    if (first >= 0 && st->units[first].ordered_by != u->ordered_by) {
        yp_error(ld->doc, pathf(p, "study.units[%d].%s", i, ru->ordered_by ? "ordered_by" : "brigade"),
                 ld->err, ld->err_len,
                 "unit '%s' is ordered by '%s' but brigade '%s' is ordered by '%s'; a brigade has one ordering character",
                 u->name, st->characters[u->ordered_by].name, ru->brigade,
                 st->characters[st->units[first].ordered_by].name);
        return -1;
    }
    u->brigade = b;
    return 0;
}

static int convert_unit(loader *ld, const struct raw_study *rs, wm_drill_study *st, int i)
{
    char p[PATH_LEN];
    const struct raw_unit *ru = &rs->units[i];
    wm_drill_unit *u = &st->units[i];
    copy_name(u->name, ru->name);
    for (int j = 0; j < i; j++)
        if (strcmp(st->units[j].name, u->name) == 0) {
            yp_error(ld->doc, pathf(p, "study.units[%d].name", i), ld->err, ld->err_len,
                     "unit name '%s' is already used by study.units[%d]", u->name, j);
            return -1;
        }
    if (unit_distances(ld, ru, st, u, i) != 0)
        return -1;
    u->enemy_distance_mm = ru->enemy_cm ? *ru->enemy_cm * 10.0 : INFINITY;
    u->in_dense_terrain = ru->dense != NULL && *ru->dense;
    u->stands_lost = ru->stands_lost ? *ru->stands_lost : 0;
    u->ordered_by = ru->ordered_by ? character_index(st, st->n_characters, ru->ordered_by) : st->general;
    if (u->ordered_by < 0) {
        yp_error(ld->doc, pathf(p, "study.units[%d].ordered_by", i), ld->err, ld->err_len,
                 "unknown character '%s'", ru->ordered_by);
        return -1;
    }
    u->brigade = -1;
    return ru->brigade ? unit_brigade(ld, ru, st, i) : 0;
}

static int convert_policies(loader *ld, const struct raw_drill *raw, wm_drill_config *ex)
{
    char p[PATH_LEN];
    ex->n_arms = (int)raw->policies_count;
    for (int i = 0; i < ex->n_arms; i++) {
        const struct raw_policy *rp = &raw->policies[i];
        wm_drill_policy *pol = &ex->arms[i];
        pol->kind = (wm_drill_policy_kind)*rp->name;
        copy_name(pol->label, rp->label ? rp->label : enum_name(policy_kinds, YP_COUNT(policy_kinds), *rp->name));
        pol->orders_per_unit = rp->orders_per_unit ? *rp->orders_per_unit : ORDERS_MAX;
        pol->use_brigades = rp->brigades ? *rp->brigades : 1;
        for (int j = 0; j < i; j++)
            if (strcmp(ex->arms[j].label, pol->label) == 0) {
                yp_error(ld->doc, pathf(p, "policies[%d].%s", i, rp->label ? "label" : "name"), ld->err,
                         ld->err_len, "duplicate policy label '%s'; give each policy its own label", pol->label);
                return -1;
            }
    }
    return 0;
}

int wm_drill_load_config(const yp_doc *doc, const void *raw_file, const mu_experiment *ex, void **config, char *err,
                         size_t err_len)
{
    (void)ex;
    const struct raw_drill *raw = raw_file;
    loader ld = {.doc = doc, .err = err, .err_len = err_len};
    wm_drill_config *cfg = mu_xcalloc(1, sizeof *cfg);
    convert_rules(raw->rules, &cfg->order_rules);
    int rc = convert_characters(&ld, raw->study, &cfg->study);
    cfg->study.n_units = (int)raw->study->units_count;
    for (int i = 0; rc == 0 && i < cfg->study.n_units; i++)
        rc = convert_unit(&ld, raw->study, &cfg->study, i);
    if (rc == 0)
        rc = convert_policies(&ld, raw, cfg);
    if (rc != 0) {
        free(cfg);
        return -1;
    }
    *config = cfg;
    return 0;
}

void wm_drill_free_config(void *config)
{
    free(config);
}
