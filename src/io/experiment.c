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
#include "muster/yaml_file.h"

#include <cyaml/cyaml.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int mu_experiment_load(const char *path, mu_experiment *ex, char *err, size_t err_len)
{
    memset(ex, 0, sizeof *ex);
    if (strlen(path) >= sizeof ex->path) {
        char name[MU_ESCAPED_MAX];
        snprintf(err, err_len, "%s: error: cannot read: %s", mu_escape_name(name, sizeof name, path),
                 strerror(ENAMETOOLONG));
        return MU_EXIT_NOINPUT;
    }
    yf_file *f = NULL;
    int rc = yf_load_choosing(path, choose_schema, NULL, MU_SCHEMA_VERSION, &f, err, err_len);
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
    yf_free(f);
    return MU_EXIT_OK;
}

void mu_experiment_free(mu_experiment *ex)
{
    if (ex->config != NULL)
        ex->ruleset->free_config(ex->config);
    free(ex->text);
    memset(ex, 0, sizeof *ex);
}
