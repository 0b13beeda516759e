/* Experiment files, schema 1: the format as one schema table, loading
 * (yaml_prepass checks the file against the table and positions every
 * error, then libcyaml loads it into raw structs generated from the same
 * table), conversion into mu_experiment, and the checks that span several
 * fields (one General, unique names, brigades, ...). */
#include "muster/experiment.h"

#include "battlesystem/config/experiment_bs.h"
#include "warmaster/config/experiment_wm.h"
#include "muster/status.h"
#include "muster/yaml_file.h"

#include <cyaml/cyaml.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Raw structs: what libcyaml fills; NULL means the key is absent ----- */

struct raw_output {
    char *file;
    bool *per_game_rows;
};

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

struct raw_experiment {
    int *schema;
    int *ruleset;
    uint64_t *seed;
    uint64_t *games;
    struct raw_output *output;
    struct raw_rules *rules;
    struct raw_study *study;
    struct raw_policy *policies;
    unsigned policies_count;
    /* ruleset: battlesystem (experiment_bs.h) */
    struct raw_bs_rules *bs_rules;
    struct raw_bs_scenario *bs_scenario;
    struct raw_bs_matchup *bs_policies;
    unsigned bs_policies_count;
    /* ruleset: warmaster-battle (experiment_wm.h) */
    struct raw_wm_rules *wm_rules;
    char *wm_scenario;
    struct raw_wm_army *wm_armies;
    unsigned wm_armies_count;
    struct raw_wm_arm *wm_arms;
    unsigned wm_arms_count;
};

/* ---- The format, schema 1 ------------------------------------------------ */

enum { ROLE_HERO, ROLE_GENERAL };
enum { RULESET_DRILL, RULESET_BATTLESYSTEM, RULESET_WM_BATTLE };

static const cyaml_strval_t rulesets[] = {{"warmaster-order-drill", RULESET_DRILL},
                                          {"battlesystem", RULESET_BATTLESYSTEM},
                                          {"warmaster-battle", RULESET_WM_BATTLE}};
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
#define GAMES_MAX 1000000000000ULL
#define ORDERS_MAX 3

static const yp_field output_fields[] = {
    YP_FIELD(struct raw_output, "file", OPTIONAL, file, YP_STRING_OF(1, sizeof(((mu_experiment *)0)->output) - 1)),
    YP_FIELD(struct raw_output, "per_game_rows", OPTIONAL, per_game_rows, YP_BOOLEAN),
};

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

/* The top-level keys every ruleset's experiment file has. */
#define EXPERIMENT_COMMON_FIELDS                                                                            \
    YP_FIELD(struct raw_experiment, "schema", REQUIRED, schema, YP_INT_IN(INT_MIN, INT_MAX)),               \
    YP_FIELD(struct raw_experiment, "ruleset", REQUIRED, ruleset, YP_ENUM_OF("ruleset", rulesets)),         \
    YP_FIELD(struct raw_experiment, "seed", REQUIRED, seed, YP_UINT_IN(0, UINT64_MAX)),                     \
    YP_FIELD(struct raw_experiment, "games", REQUIRED, games, YP_UINT_IN(1, GAMES_MAX)),                    \
    YP_FIELD(struct raw_experiment, "output", OPTIONAL, output, YP_MAPPING_OF(output_fields))

static const yp_field experiment_fields[] = {
    EXPERIMENT_COMMON_FIELDS,
    YP_FIELD(struct raw_experiment, "rules", OPTIONAL, rules, YP_MAPPING_OF(rules_fields)),
    YP_FIELD(struct raw_experiment, "study", REQUIRED, study, YP_MAPPING_OF(study_fields)),
    YP_SEQUENCE_FIELD(struct raw_experiment, "policies", REQUIRED, policies, policy_entry, 1, MU_MAX_POLICIES),
};
static const yp_value experiment_schema = {.size = sizeof(struct raw_experiment),
                                           YP_MAPPING_OF(experiment_fields)};

/* `ruleset: battlesystem`: the same top-level keys, with its own rules,
 * scenario and policies (experiment_bs.c). */
static const yp_field bs_experiment_fields[] = {
    EXPERIMENT_COMMON_FIELDS,
    YP_FIELD(struct raw_experiment, "rules", OPTIONAL, bs_rules, YP_MAPPING_OF(bs_rules_fields)),
    YP_FIELD(struct raw_experiment, "scenario", REQUIRED, bs_scenario, YP_MAPPING_OF(bs_scenario_fields)),
    YP_SEQUENCE_FIELD(struct raw_experiment, "policies", REQUIRED, bs_policies, bs_matchup_entry, 1,
                      BS_MAX_MATCHUPS),
};
static const yp_value bs_experiment_schema = {.size = sizeof(struct raw_experiment),
                                              YP_MAPPING_OF(bs_experiment_fields)};

/* `ruleset: warmaster-battle`: a scenario, two armies as in battle files,
 * rule variants and arms (experiment_wm.c). */
static const yp_field wm_experiment_fields[] = {
    EXPERIMENT_COMMON_FIELDS,
    YP_FIELD(struct raw_experiment, "rules", OPTIONAL, wm_rules, YP_MAPPING_OF(wm_rules_fields)),
    YP_FIELD(struct raw_experiment, "scenario", REQUIRED, wm_scenario, YP_STRING_OF(1, 255)),
    YP_SEQUENCE_FIELD(struct raw_experiment, "armies", REQUIRED, wm_armies, wm_army_schema, 2, 2),
    YP_SEQUENCE_FIELD(struct raw_experiment, "policies", REQUIRED, wm_arms, wm_arm_entry, 1, MU_MAX_POLICIES),
};
static const yp_value wm_experiment_schema = {.size = sizeof(struct raw_experiment),
                                              YP_MAPPING_OF(wm_experiment_fields)};

/* ---- Loading ------------------------------------------------------------- */

#define PATH_LEN 96

typedef struct loader {
    const yp_doc *doc;
    const yp_value *schema; /* the top-level table of the file's ruleset */
    const struct raw_experiment *raw;
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

/* Picks the top-level table by the `ruleset:` value. A missing or unknown
 * ruleset keeps the drill's table, whose check then reports it. */
static const yp_value *choose_schema(const yp_doc *d, const void *ctx)
{
    (void)ctx;
    const yaml_node_t *n = yp_node(d, "ruleset");
    if (n != NULL && n->type == YAML_SCALAR_NODE &&
        strcmp((const char *)n->data.scalar.value, rulesets[RULESET_BATTLESYSTEM].str) == 0)
        return &bs_experiment_schema;
    if (n != NULL && n->type == YAML_SCALAR_NODE &&
        strcmp((const char *)n->data.scalar.value, rulesets[RULESET_WM_BATTLE].str) == 0)
        return &wm_experiment_schema;
    return &experiment_schema;
}

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

static void convert_top(const struct raw_experiment *raw, mu_experiment *ex)
{
    ex->schema = *raw->schema;
    snprintf(ex->ruleset, sizeof ex->ruleset, "%s", enum_name(rulesets, YP_COUNT(rulesets), *raw->ruleset));
    ex->seed = *raw->seed;
    ex->games = *raw->games;
    ex->per_game_rows = 1;
    if (raw->output != NULL && raw->output->file != NULL)
        snprintf(ex->output, sizeof ex->output, "%s", raw->output->file);
    if (raw->output != NULL && raw->output->per_game_rows != NULL)
        ex->per_game_rows = *raw->output->per_game_rows;
    ex->order_rules = wm_order_rules_default();
    const struct raw_rules *r = raw->rules;
    if (r != NULL && r->distance_step_cm != NULL)
        ex->order_rules.distance_step_mm = *r->distance_step_cm * 10.0;
    if (r != NULL && r->enemy_close_cm != NULL)
        ex->order_rules.enemy_close_mm = *r->enemy_close_cm * 10.0;
    if (r != NULL && r->blunder_on_12 != NULL)
        ex->order_rules.blunder_on_12 = *r->blunder_on_12;
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
    if (members == MU_BRIGADE_MAX_UNITS) {
        yp_error(ld->doc, pathf(p, "study.units[%d].brigade", i), ld->err, ld->err_len,
                 "brigade '%s' has more than %d units", ru->brigade, MU_BRIGADE_MAX_UNITS);
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

static int convert_policies(loader *ld, const struct raw_experiment *raw, mu_experiment *ex)
{
    char p[PATH_LEN];
    ex->n_policies = (int)raw->policies_count;
    for (int i = 0; i < ex->n_policies; i++) {
        const struct raw_policy *rp = &raw->policies[i];
        wm_drill_policy *pol = &ex->policies[i];
        pol->kind = (wm_drill_policy_kind)*rp->name;
        copy_name(pol->label, rp->label ? rp->label : enum_name(policy_kinds, YP_COUNT(policy_kinds), *rp->name));
        pol->orders_per_unit = rp->orders_per_unit ? *rp->orders_per_unit : ORDERS_MAX;
        pol->use_brigades = rp->brigades ? *rp->brigades : 1;
        for (int j = 0; j < i; j++)
            if (strcmp(ex->policies[j].label, pol->label) == 0) {
                yp_error(ld->doc, pathf(p, "policies[%d].%s", i, rp->label ? "label" : "name"), ld->err,
                         ld->err_len, "duplicate policy label '%s'; give each policy its own label", pol->label);
                return -1;
            }
    }
    return 0;
}

static int convert(loader *ld, mu_experiment *ex)
{
    const struct raw_experiment *raw = ld->raw;
    convert_top(raw, ex);
    if (ld->schema == &wm_experiment_schema)
        return wm_convert(ld->doc, raw->wm_rules, raw->wm_scenario, raw->wm_armies, raw->wm_arms, raw->wm_arms_count,
                          ex, ld->err, ld->err_len);
    if (ld->schema == &bs_experiment_schema)
        return bs_convert(ld->doc, raw->bs_rules, raw->bs_scenario, raw->bs_policies, raw->bs_policies_count,
                          &ex->battlesystem, ld->err, ld->err_len);
    if (convert_characters(ld, raw->study, &ex->drill) != 0)
        return -1;
    ex->drill.n_units = (int)raw->study->units_count;
    for (int i = 0; i < ex->drill.n_units; i++)
        if (convert_unit(ld, raw->study, &ex->drill, i) != 0)
            return -1;
    return convert_policies(ld, raw, ex);
}

int mu_experiment_load(const char *path, mu_experiment *ex, char *err, size_t err_len)
{
    memset(ex, 0, sizeof *ex);
    if (strlen(path) >= sizeof ex->path) {
        snprintf(err, err_len, "%s: error: cannot read: %s", path, strerror(ENAMETOOLONG));
        return MU_EXIT_NOINPUT;
    }
    yf_file *f = NULL;
    int rc = yf_load_choosing(path, choose_schema, NULL, MU_SCHEMA_VERSION, &f, err, err_len);
    if (rc != 0)
        return rc;
    loader ld = {.doc = &f->doc, .schema = f->schema, .raw = f->raw, .err = err, .err_len = err_len};
    if (convert(&ld, ex) != 0) {
        yf_free(f);
        memset(ex, 0, sizeof *ex);
        return MU_EXIT_DATAERR;
    }
    snprintf(ex->path, sizeof ex->path, "%s", path);
    ex->text = yf_take_text(f, &ex->text_len);
    yf_free(f);
    return MU_EXIT_OK;
}

void mu_experiment_free(mu_experiment *ex)
{
    free(ex->text);
    free(ex->wm_battle);
    ex->wm_battle = NULL;
    ex->text = NULL;
    ex->text_len = 0;
}
