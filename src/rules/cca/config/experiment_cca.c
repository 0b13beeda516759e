/* The cca part of experiment files: `scenario:` and `deck:` (paths to
 * data files, from the experiment's directory) and `policies:` (arms of
 * two policies with their parameters), converted into a cca_study with
 * the checks across fields. Example: experiments/examples/cca-minimal.yaml. */
#include "cca/config/cca_config.h"

#include "muster/alloc.h"
#include "muster/escape.h"
#include "muster/status.h"
#include "muster/yaml_conv.h"
#include "muster/yaml_file.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct raw_policy {
    int *name;
    bool *weakest, *dash, *escape;
    int *line, *danger;
};

struct raw_arm {
    char *label;
    struct raw_policy *sides;
    unsigned sides_count;
};

struct raw_cca_experiment {
    mu_raw_common common;
    char *scenario;
    char *deck;
    struct raw_arm *policies;
    unsigned policies_count;
};

static const cyaml_strval_t policy_names[] = {
    {"advance", CCA_ADVANCE}, {"hold", CCA_HOLD}, {"protect", CCA_PROTECT}, {"random", CCA_RANDOM}};

static const yp_field policy_fields[] = {
    YP_FIELD(struct raw_policy, "name", 1, name, YP_ENUM_OF("policy", policy_names)),
    YP_FIELD(struct raw_policy, "weakest", 0, weakest, YP_BOOLEAN),
    YP_FIELD(struct raw_policy, "dash", 0, dash, YP_BOOLEAN),
    YP_FIELD(struct raw_policy, "line", 0, line, YP_INT_IN(0, CCA_MAX_ROWS - 1)),
    YP_FIELD(struct raw_policy, "danger", 0, danger, YP_INT_IN(1, 2 * CCA_MAX_WIDTH)),
    YP_FIELD(struct raw_policy, "escape", 0, escape, YP_BOOLEAN),
};
static const yp_value policy_entry = {.size = sizeof(struct raw_policy), YP_MAPPING_OF(policy_fields)};

static const yp_field arm_fields[] = {
    YP_FIELD(struct raw_arm, "label", 0, label, YP_STRING_OF(1, MU_NAME_MAX - 1)),
    YP_SEQUENCE_FIELD(struct raw_arm, "sides", 1, sides, policy_entry, 1, 2),
};
static const yp_value arm_entry = {.size = sizeof(struct raw_arm), YP_MAPPING_OF(arm_fields)};

static const yp_field experiment_fields[] = {
    MU_EXPERIMENT_COMMON_FIELDS(struct raw_cca_experiment),
    YP_FIELD(struct raw_cca_experiment, "scenario", 1, scenario, YP_STRING_OF(1, 255)),
    YP_FIELD(struct raw_cca_experiment, "deck", 1, deck, YP_STRING_OF(1, 255)),
    YP_SEQUENCE_FIELD(struct raw_cca_experiment, "policies", 1, policies, arm_entry, 1, MU_MAX_ARMS),
};
const yp_value cca_experiment_schema = {.size = sizeof(struct raw_cca_experiment), YP_MAPPING_OF(experiment_fields)};

/* An option given to a policy that does not take it. */
static int misplaced(yc_conv *c, int m, int s, const char *key, const char *policy, const char *takes)
{
    return yc_fail(yc_at(c, "policies[%d].sides[%d].%s", m, s, key), "%s does not apply to policy '%s' (only to %s)",
                   key, policy, takes);
}

static int convert_policy(yc_conv *c, const struct raw_policy *r, int m, int s, cca_policy_spec *p)
{
    *p = cca_policy_defaults((cca_policy_kind)*r->name);
    const char *name = cca_policy_name(p->kind);
    int adv = p->kind == CCA_ADVANCE || p->kind == CCA_PROTECT;
    if (r->weakest && !adv)
        return misplaced(c, m, s, "weakest", name, "advance, protect");
    if (r->dash && !adv)
        return misplaced(c, m, s, "dash", name, "advance, protect");
    if (r->line && p->kind != CCA_HOLD)
        return misplaced(c, m, s, "line", name, "hold");
    if (r->danger && p->kind != CCA_PROTECT)
        return misplaced(c, m, s, "danger", name, "protect");
    if (r->escape && p->kind != CCA_PROTECT)
        return misplaced(c, m, s, "escape", name, "protect");
    if (r->weakest)
        p->weakest = *r->weakest;
    if (r->dash)
        p->dash = *r->dash;
    if (r->line)
        p->line = *r->line;
    if (r->danger)
        p->danger = *r->danger;
    if (r->escape)
        p->escape = *r->escape;
    return 0;
}

static int convert_arms(yc_conv *c, const struct raw_arm *rm, unsigned n, cca_study *st)
{
    st->n_arms = (int)n;
    for (int m = 0; m < st->n_arms; m++) {
        cca_arm *arm = &st->arms[m];
        for (int s = 0; s < (int)rm[m].sides_count; s++)
            if (convert_policy(c, &rm[m].sides[s], m, s, &arm->side[s]) != 0)
                return -1;
        if (rm[m].sides_count == 1)
            arm->side[1] = arm->side[0];
        if (rm[m].label)
            snprintf(arm->label, sizeof arm->label, "%s", rm[m].label);
        else
            snprintf(arm->label, sizeof arm->label, "%s-vs-%s", cca_policy_name(arm->side[0].kind),
                     cca_policy_name(arm->side[1].kind));
        for (int k = 0; k < m; k++)
            if (strcmp(st->arms[k].label, arm->label) == 0)
                return yc_fail(yc_at(c, "policies[%d].%s", m, rm[m].label ? "label" : "sides"),
                               "duplicate policy label '%s'; give each entry its own label", arm->label);
    }
    return 0;
}

/* Loads the data file `key` names (relative to the experiment), with
 * load; an unreadable file is reported at the key. */
static int load_data(yc_conv *c, const char *key, const char *rel, int (*load)(const char *, void *, char *, size_t),
                     void *out)
{
    char full[4096];
    if (yf_relative(full, sizeof full, c->doc->file, rel) != 0)
        return yc_fail(yc_at(c, "%s", key), "the path of the %s is too long", key);
    int rc = load(full, out, c->err, c->err_len);
    if (rc == MU_EXIT_NOINPUT) {
        const char *why = strstr(c->err, "cannot read: ");
        char reason[128], name[MU_ESCAPED_MAX];
        snprintf(reason, sizeof reason, "%s", why ? why + strlen("cannot read: ") : "unknown error");
        return yc_fail(yc_at(c, "%s", key), "cannot read %s '%s': %s", key, mu_escape_name(name, sizeof name, full),
                       reason);
    }
    return rc == 0 ? 0 : -1;
}

static int load_scenario(const char *path, void *out, char *err, size_t len)
{
    return cca_scenario_load(path, out, err, len);
}

static int load_deck(const char *path, void *out, char *err, size_t len)
{
    return cca_deck_load(path, out, err, len);
}

int cca_load_config(const yp_doc *doc, const void *raw_file, const mu_experiment *ex, void **config, char *err,
                    size_t err_len)
{
    (void)ex;
    const struct raw_cca_experiment *raw = raw_file;
    yc_conv c = {.doc = doc, .err = err, .err_len = err_len};
    cca_study *st = mu_xcalloc(1, sizeof *st);
    int rc = load_data(&c, "scenario", raw->scenario, load_scenario, st);
    if (rc == 0)
        rc = load_data(&c, "deck", raw->deck, load_deck, &st->deck);
    if (rc == 0 && st->hand[0] + st->hand[1] >= st->deck.size)
        rc = yc_fail(yc_at(&c, "deck"), "the deck has %d cards; hands of %d and %d need at least %d", st->deck.size,
                     st->hand[0], st->hand[1], st->hand[0] + st->hand[1] + 1);
    if (rc == 0)
        rc = convert_arms(&c, raw->policies, raw->policies_count, st);
    if (rc != 0) {
        free(st);
        return -1;
    }
    *config = st;
    return 0;
}

void cca_free_config(void *config) { free(config); }
