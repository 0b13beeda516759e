/* Experiment files, schema 1: the top-level keys every rule system shares
 * (schema, ruleset, seed, games, output). The `ruleset:` value picks the
 * registered system whose schema table checks the whole file
 * (yaml_prepass positions every error, libcyaml loads the raw structs
 * generated from the same table); the common keys are converted here and
 * the rest is handed to the system's load_config (muster/ruleset.h). */
#include "muster/experiment.h"

#include "muster/escape.h"
#include "muster/ruleset.h"
#include "muster/status.h"
#include "muster/sweep.h"
#include "muster/yaml_file.h"

#include <cyaml/cyaml.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A value of a sweep axis: a number, or a word such as a file name, as
 * written (mu_sweep_read checks it against the place it is written into,
 * and the system checks the point's file). */
static const yp_value sweep_value = {.size = MU_SWEEP_VALUE_MAX, YP_STRING_OF(1, MU_SWEEP_VALUE_MAX - 1)};

const yp_field mu_sweep_fields[MU_SWEEP_KEYS] = {
    YP_FIELD(mu_raw_sweep_axis, "name", 1, name, YP_STRING_OF(1, MU_NAME_MAX - 1)),
    YP_FIELD(mu_raw_sweep_axis, "path", 1, path, YP_STRING_OF(1, MU_SWEEP_PATH_MAX - 1)),
    YP_SEQUENCE_FIELD(mu_raw_sweep_axis, "values", 1, values, sweep_value, 1, MU_SWEEP_MAX_VALUES),
};
const yp_value mu_sweep_entry = {.size = sizeof(mu_raw_sweep_axis), YP_MAPPING_OF(mu_sweep_fields)};

const yp_field mu_balance_fields[MU_BALANCE_KEYS] = {
    YP_FIELD(mu_raw_balance, "axis", 1, axis, YP_STRING_OF(1, MU_NAME_MAX - 1)),
    YP_FIELD(mu_raw_balance, "statistic", 1, statistic, YP_STRING_OF(1, 255)),
    YP_FIELD(mu_raw_balance, "target", 1, target, YP_FLOAT_IN(-1e15, 1e15)),
    YP_FIELD(mu_raw_balance, "arm", 0, arm, YP_STRING_OF(1, MU_NAME_MAX - 1)),
};
const yp_value mu_balance_entry = {.size = sizeof(mu_raw_balance), YP_MAPPING_OF(mu_balance_fields)};

const yp_field mu_output_fields[MU_OUTPUT_KEYS] = {
    YP_FIELD(mu_raw_output, "file", 0, file, YP_STRING_OF(1, sizeof(((mu_experiment *)0)->output) - 1)),
    YP_FIELD(mu_raw_output, "per_game_rows", 0, per_game_rows, YP_BOOLEAN),
};

/* The common keys alone: the table a document that is not a mapping is
 * checked against (its check reports the root). */
struct raw_common_only {
    mu_raw_common common;
};
static const yp_field common_fields[] = {MU_EXPERIMENT_COMMON_FIELDS(struct raw_common_only)};
static const yp_value common_schema = {.size = sizeof(struct raw_common_only), YP_MAPPING_OF(common_fields)};

/* Most registered rule systems the `ruleset:` check can list. */
#define RULESETS_MAX 32

/* Picks the schema table of the ruleset the document names, or reports
 * a missing or unknown `ruleset:` (listing the registered ones). */
static const yp_value *choose_schema(const yp_doc *d, const void *ctx, char *err, size_t err_len)
{
    (void)ctx;
    const yaml_node_t *root = yp_node(d, "");
    if (root == NULL || root->type != YAML_MAPPING_NODE)
        return &common_schema;
    if (yp_node(d, "ruleset") == NULL) {
        yp_error(d, "ruleset", err, err_len, "missing required key 'ruleset'");
        return NULL;
    }
    cyaml_strval_t names[RULESETS_MAX];
    unsigned n = 0;
    for (const mu_ruleset *rs; n < RULESETS_MAX && (rs = mu_ruleset_at((int)n)) != NULL; n++)
        names[n] = (cyaml_strval_t){rs->name, (int64_t)n};
    const yp_value ruleset_value = {.size = sizeof(int), .kind = YP_ENUM, .noun = "ruleset", .names = names,
                                    .n_names = n};
    if (yp_check_node(d, "ruleset", &ruleset_value, err, err_len) != 0)
        return NULL;
    const mu_ruleset *rs = mu_ruleset_find((const char *)yp_node(d, "ruleset")->data.scalar.value);
    return rs->experiment_schema;
}

static void convert_common(const mu_raw_common *raw, mu_experiment *ex)
{
    ex->schema = *raw->schema;
    ex->ruleset = mu_ruleset_find(raw->ruleset);
    ex->seed = *raw->seed;
    ex->games = *raw->games;
    ex->per_game_rows = 1;
    if (raw->output != NULL && raw->output->file != NULL)
        snprintf(ex->output, sizeof ex->output, "%s", raw->output->file);
    if (raw->output != NULL && raw->output->per_game_rows != NULL)
        ex->per_game_rows = *raw->output->per_game_rows;
}

/* Loads text (len bytes, malloc'd; taken) as the experiment at path into
 * *ex: the common keys and the system's configuration; with keep, *kept
 * holds the loaded file (for its document and raw keys; yf_free it).
 * Returns 0 or an exit status with one line in err (*ex zeroed). */
static int load_text(const char *path, char *text, size_t len, mu_experiment *ex, yf_file **kept, char *err,
                     size_t err_len)
{
    memset(ex, 0, sizeof *ex);
    yf_file *f = NULL;
    int rc = yf_load_text(path, text, len, choose_schema, NULL, MU_SCHEMA_VERSION, &f, err, err_len);
    if (rc != 0)
        return rc;
    snprintf(ex->path, sizeof ex->path, "%s", path);
    convert_common(f->raw, ex); /* every system's raw struct begins with mu_raw_common */
    if (ex->ruleset->load_config(&f->doc, f->raw, ex, &ex->config, err, err_len) != 0) {
        yf_free(f);
        memset(ex, 0, sizeof *ex);
        return MU_EXIT_DATAERR;
    }
    ex->text = yf_take_text(f, &ex->text_len);
    *kept = f;
    return 0;
}

/* Loads every point of the sweep in ex->sweep: the file with the point's
 * values, checked and converted by the system. Returns 0 or
 * MU_EXIT_DATAERR with one line in err naming the point. */
static int load_points(mu_experiment *ex, char *err, size_t err_len)
{
    mu_sweep *sw = ex->sweep;
    for (int p = 0; p < sw->n_points; p++) {
        size_t len = 0;
        char *text = mu_sweep_point_text(sw, p, ex->text, ex->text_len, &len);
        mu_experiment point;
        yf_file *f = NULL;
        char inner[1024];
        if (load_text(ex->path, text, len, &point, &f, inner, sizeof inner) != 0) {
            char label[512];
            mu_sweep_point_label(sw, p, label, sizeof label);
            snprintf(err, err_len, "%s (at the sweep point %s)", inner, label);
            return MU_EXIT_DATAERR;
        }
        yf_free(f);
        sw->config[p] = point.config;
        free(point.text);
    }
    return 0;
}

int mu_experiment_load(const char *path, mu_experiment *ex, char *err, size_t err_len)
{
    memset(ex, 0, sizeof *ex);
    if (strlen(path) >= sizeof ex->path) {
        char name[MU_ESCAPED_MAX];
        snprintf(err, err_len, "%s: error: cannot read: %s", mu_escape_name(name, sizeof name, path),
                 strerror(ENAMETOOLONG));
        return MU_EXIT_NOINPUT;
    }
    char *text = NULL;
    size_t len = 0;
    int rc = yf_read(path, &text, &len, err, err_len);
    yf_file *f = NULL;
    if (rc == 0)
        rc = load_text(path, text, len, ex, &f, err, err_len);
    if (rc != 0)
        return rc;
    const mu_raw_common *raw = f->raw;
    if (raw->balance_count > 0 && raw->sweep_count == 0) {
        yp_error(&f->doc, "balance", err, err_len, "balance: asks along a sweep axis; the file has no sweep:");
        rc = MU_EXIT_DATAERR;
    }
    if (rc == 0 && raw->sweep_count > 0 && mu_sweep_read(&f->doc, raw, ex->ruleset, &ex->sweep, err, err_len) != 0)
        rc = MU_EXIT_DATAERR;
    for (unsigned b = 0; rc == 0 && b < raw->balance_count; b++) {
        int a = 0;
        while (a < ex->sweep->n_axes && strcmp(ex->sweep->name[a], raw->balance[b].axis) != 0)
            a++;
        char where[48];
        snprintf(where, sizeof where, "balance[%u].axis", b);
        if (a == ex->sweep->n_axes || !ex->sweep->numeric[a]) {
            yp_error(&f->doc, where, err, err_len, a == ex->sweep->n_axes ? "no sweep axis is named '%s'"
                     : "the sweep axis '%s' is not over numbers: a balance question needs a number to solve for",
                     raw->balance[b].axis);
            rc = MU_EXIT_DATAERR;
        }
    }
    if (rc == 0 && raw->sweep_count > 0) {
        rc = load_points(ex, err, err_len);
        if (rc == 0)
            ex->ruleset = &ex->sweep->ruleset;
    }
    yf_free(f);
    if (rc != 0)
        mu_experiment_free(ex);
    return rc;
}

void mu_experiment_free(mu_experiment *ex)
{
    if (ex->config != NULL)
        ex->ruleset->free_config(ex->config);
    mu_sweep_free(ex->sweep);
    free(ex->text);
    memset(ex, 0, sizeof *ex);
}
