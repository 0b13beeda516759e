/* The order drill's section of experiment files (`ruleset:
 * warmaster-order-drill`), schema 1: `rules:` (order rule variants),
 * `study:` (characters and standing units) and `policies:` (order
 * sequences); the schema table, and the conversion with the checks that
 * span several fields (one General, unique names, brigades). See
 * wm_drill_config.h. */
#include "warmaster/wm_drill_config.h"

#include "muster/alloc.h"
#include "muster/yaml_conv.h"

#include <cyaml/cyaml.h>

#include <math.h>
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

static int convert_characters(yc_conv *c, const struct raw_study *rs, wm_drill_study *st)
{
    st->n_characters = (int)rs->characters_count;
    st->general = -1;
    for (int i = 0; i < st->n_characters; i++) {
        const struct raw_character *rc = &rs->characters[i];
        wm_drill_character *ch = &st->characters[i];
        copy_name(ch->name, rc->name);
        ch->is_general = *rc->role == ROLE_GENERAL;
        ch->command = *rc->command;
        int other = character_index(st, i, ch->name);
        if (other >= 0)
            return yc_fail(yc_at(c, "study.characters[%d].name", i),
                           "character name '%s' is already used by study.characters[%d]", ch->name, other);
        if (ch->is_general && st->general >= 0)
            return yc_fail(yc_at(c, "study.characters[%d].role", i),
                           "a second general: '%s' is already the general; exactly one character has role general",
                           st->characters[st->general].name);
        if (ch->is_general)
            st->general = i;
    }
    if (st->general < 0)
        return yc_fail(yc_at(c, "study.characters"), "no character has role general; exactly one must");
    return 0;
}

/* Fills u->distance_mm from distance_cm or distances_cm (one of them). */
static int unit_distances(yc_conv *c, const struct raw_unit *ru, const wm_drill_study *st, wm_drill_unit *u, int i)
{
    if (ru->distance_cm == NULL && ru->distances_cm == NULL)
        return yc_fail(yc_at(c, "study.units[%d].distance_cm", i),
                       "missing distance_cm, or distances_cm with one entry per character");
    if (ru->distance_cm != NULL && ru->distances_cm != NULL)
        return yc_fail(yc_at(c, "study.units[%d].distances_cm", i), "give distance_cm or distances_cm, not both");
    if (ru->distances_cm != NULL && (int)ru->distances_cm_count != st->n_characters)
        return yc_fail(yc_at(c, "study.units[%d].distances_cm", i),
                       "distances_cm has %u entries but there are %d characters; give one per character, in listed order",
                       ru->distances_cm_count, st->n_characters);
    for (int k = 0; k < st->n_characters; k++)
        u->distance_mm[k] = (ru->distances_cm ? ru->distances_cm[k] : *ru->distance_cm) * 10.0;
    return 0;
}

/* Puts unit i into the brigade named name; checks size and orderer. */
static int unit_brigade(yc_conv *c, const struct raw_unit *ru, wm_drill_study *st, int i)
{
    wm_drill_unit *u = &st->units[i];
    int b = 0, members = 0, first = -1;
    while (b < st->n_brigades && strcmp(st->brigade_names[b], ru->brigade) != 0)
        b++;
    if (b == WM_DRILL_MAX_BRIGADES)
        return yc_fail(yc_at(c, "study.units[%d].brigade", i), "more than %d brigades", WM_DRILL_MAX_BRIGADES);
    if (b == st->n_brigades)
        copy_name(st->brigade_names[st->n_brigades++], ru->brigade);
    for (int j = 0; j < i; j++)
        if (st->units[j].brigade == b && members++ == 0)
            first = j;
    if (members == WM_BRIGADE_MAX_UNITS)
        return yc_fail(yc_at(c, "study.units[%d].brigade", i), "brigade '%s' has more than %d units", ru->brigade,
                       WM_BRIGADE_MAX_UNITS);
    if (first >= 0 && st->units[first].ordered_by != u->ordered_by)
        return yc_fail(yc_at(c, "study.units[%d].%s", i, ru->ordered_by ? "ordered_by" : "brigade"),
                       "unit '%s' is ordered by '%s' but brigade '%s' is ordered by '%s'; a brigade has one ordering "
                       "character",
                       u->name, st->characters[u->ordered_by].name, ru->brigade,
                       st->characters[st->units[first].ordered_by].name);
    u->brigade = b;
    return 0;
}

static int convert_unit(yc_conv *c, const struct raw_study *rs, wm_drill_study *st, int i)
{
    const struct raw_unit *ru = &rs->units[i];
    wm_drill_unit *u = &st->units[i];
    copy_name(u->name, ru->name);
    for (int j = 0; j < i; j++)
        if (strcmp(st->units[j].name, u->name) == 0)
            return yc_fail(yc_at(c, "study.units[%d].name", i), "unit name '%s' is already used by study.units[%d]",
                           u->name, j);
    if (unit_distances(c, ru, st, u, i) != 0)
        return -1;
    u->enemy_distance_mm = ru->enemy_cm ? *ru->enemy_cm * 10.0 : INFINITY;
    u->in_dense_terrain = ru->dense != NULL && *ru->dense;
    u->stands_lost = ru->stands_lost ? *ru->stands_lost : 0;
    u->ordered_by = ru->ordered_by ? character_index(st, st->n_characters, ru->ordered_by) : st->general;
    if (u->ordered_by < 0)
        return yc_fail(yc_at(c, "study.units[%d].ordered_by", i), "unknown character '%s'", ru->ordered_by);
    u->brigade = -1;
    return ru->brigade ? unit_brigade(c, ru, st, i) : 0;
}

static int convert_policies(yc_conv *c, const struct raw_drill *raw, wm_drill_config *cfg)
{
    cfg->n_arms = (int)raw->policies_count;
    for (int i = 0; i < cfg->n_arms; i++) {
        const struct raw_policy *rp = &raw->policies[i];
        wm_drill_policy *pol = &cfg->arms[i];
        pol->kind = (wm_drill_policy_kind)*rp->name;
        copy_name(pol->label, rp->label ? rp->label : enum_name(policy_kinds, YP_COUNT(policy_kinds), *rp->name));
        pol->orders_per_unit = rp->orders_per_unit ? *rp->orders_per_unit : ORDERS_MAX;
        pol->use_brigades = rp->brigades ? *rp->brigades : 1;
        for (int j = 0; j < i; j++)
            if (strcmp(cfg->arms[j].label, pol->label) == 0)
                return yc_fail(yc_at(c, "policies[%d].%s", i, rp->label ? "label" : "name"),
                               "duplicate policy label '%s'; give each policy its own label", pol->label);
    }
    return 0;
}

int wm_drill_load_config(const yp_doc *doc, const void *raw_file, const mu_experiment *ex, void **config, char *err,
                         size_t err_len)
{
    (void)ex;
    const struct raw_drill *raw = raw_file;
    yc_conv c = {.doc = doc, .err = err, .err_len = err_len};
    wm_drill_config *cfg = mu_xcalloc(1, sizeof *cfg);
    convert_rules(raw->rules, &cfg->order_rules);
    int rc = convert_characters(&c, raw->study, &cfg->study);
    cfg->study.n_units = (int)raw->study->units_count;
    for (int i = 0; rc == 0 && i < cfg->study.n_units; i++)
        rc = convert_unit(&c, raw->study, &cfg->study, i);
    if (rc == 0)
        rc = convert_policies(&c, raw, cfg);
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
