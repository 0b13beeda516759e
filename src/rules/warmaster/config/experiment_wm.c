/* The Warmaster battle part of experiment files: the schema tables of
 * `rules:` and `policies:` for `ruleset: warmaster-battle`, and the
 * conversion (scenario, armies, deployment, arms) into a wm_battle_study
 * with the checks that span several fields. The format with every key:
 * experiments/examples/battle-minimal.yaml. */
#include "wm_army_io.h"

#include "muster/alloc.h"
#include "muster/escape.h"
#include "muster/status.h"
#include "warmaster/wm_battle.h"
#include "muster/yaml_conv.h"
#include "muster/yaml_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, MU_NAME_MAX - 1)
#define CM_MAX 1e6
#define ODDS_MAX 1e3 /* charge_odds, evade_odds: strength ratios */

/* ---- Raw structs: what libcyaml fills; NULL means the key is absent ----- */

struct raw_wm_rules {
    double *distance_step_cm;
    double *enemy_close_cm;
    bool *blunder_on_12;
    int *blunder;
    bool *confusion_halts;
    bool *light_cavalry_rule;
    double *initiative_cm;
};

struct raw_wm_policy {
    int *name;
    int *orders_per_unit;
    int *min_target;
    int *sequence;
    bool *brigades;
    bool *initiative;
    bool *burst_through;
    bool *ignore_fortified;
    bool *ignore_divided;
    int *general_further_min;
    double *charge_odds;
    double *evade_odds;
    bool *charge_fortified;
    bool *hold_zones;
};

struct raw_wm_arm {
    char *label;
    struct raw_wm_policy *sides;
    unsigned sides_count;
    char *first;
    bool *swap;
};

struct raw_wm_experiment {
    mu_raw_common common;
    struct raw_wm_rules *rules;
    char *scenario;
    struct raw_wm_army *armies;
    unsigned armies_count;
    struct raw_wm_arm *arms;
    unsigned arms_count;
};

/* ---- The format ---------------------------------------------------------- */

enum { BLUNDER_FAILS, BLUNDER_RETREATS };
static const cyaml_strval_t blunder_effects[] = {{"fails", BLUNDER_FAILS}, {"retreats", BLUNDER_RETREATS}};
static const cyaml_strval_t policy_names[] = {{"aggressive", WM_POLICY_AGGRESSIVE},
                                              {"cautious", WM_POLICY_CAUTIOUS},
                                              {"objective", WM_POLICY_OBJECTIVE},
                                              {"random", WM_POLICY_RANDOM}};
static const cyaml_strval_t sequences[] = {{"heroes-first", WM_SEQ_HEROES_FIRST},
                                           {"general-first", WM_SEQ_GENERAL_FIRST}};

static const yp_field rules_fields[] = {
    YP_FIELD(struct raw_wm_rules, "distance_step_cm", OPTIONAL, distance_step_cm, YP_FLOAT_ABOVE(0.0, CM_MAX)),
    YP_FIELD(struct raw_wm_rules, "enemy_close_cm", OPTIONAL, enemy_close_cm, YP_FLOAT_IN(0.0, CM_MAX)),
    YP_FIELD(struct raw_wm_rules, "blunder_on_12", OPTIONAL, blunder_on_12, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_rules, "blunder", OPTIONAL, blunder, YP_ENUM_OF("blunder effect", blunder_effects)),
    YP_FIELD(struct raw_wm_rules, "confusion_halts", OPTIONAL, confusion_halts, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_rules, "light_cavalry_rule", OPTIONAL, light_cavalry_rule, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_rules, "initiative_cm", OPTIONAL, initiative_cm, YP_FLOAT_IN(0.0, CM_MAX)),
};

static const yp_field policy_fields[] = {
    YP_FIELD(struct raw_wm_policy, "name", REQUIRED, name, YP_ENUM_OF("policy", policy_names)),
    YP_FIELD(struct raw_wm_policy, "orders_per_unit", OPTIONAL, orders_per_unit, YP_INT_IN(1, 3)),
    YP_FIELD(struct raw_wm_policy, "min_target", OPTIONAL, min_target, YP_INT_IN(2, 12)),
    YP_FIELD(struct raw_wm_policy, "sequence", OPTIONAL, sequence, YP_ENUM_OF("order sequence", sequences)),
    YP_FIELD(struct raw_wm_policy, "brigades", OPTIONAL, brigades, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_policy, "initiative", OPTIONAL, initiative, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_policy, "burst_through", OPTIONAL, burst_through, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_policy, "ignore_fortified", OPTIONAL, ignore_fortified, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_policy, "ignore_divided", OPTIONAL, ignore_divided, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_policy, "general_further_min", OPTIONAL, general_further_min, YP_INT_IN(2, 12)),
    YP_FIELD(struct raw_wm_policy, "charge_odds", OPTIONAL, charge_odds, YP_FLOAT_IN(0.0, ODDS_MAX)),
    YP_FIELD(struct raw_wm_policy, "evade_odds", OPTIONAL, evade_odds, YP_FLOAT_IN(0.0, ODDS_MAX)),
    YP_FIELD(struct raw_wm_policy, "charge_fortified", OPTIONAL, charge_fortified, YP_BOOLEAN),
    YP_FIELD(struct raw_wm_policy, "hold_zones", OPTIONAL, hold_zones, YP_BOOLEAN),
};
static const yp_value policy_entry = {.size = sizeof(struct raw_wm_policy), YP_MAPPING_OF(policy_fields)};

static const yp_field arm_fields[] = {
    YP_FIELD(struct raw_wm_arm, "label", OPTIONAL, label, NAME),
    YP_SEQUENCE_FIELD(struct raw_wm_arm, "sides", REQUIRED, sides, policy_entry, 2, 2),
    YP_FIELD(struct raw_wm_arm, "first", OPTIONAL, first, NAME),
    YP_FIELD(struct raw_wm_arm, "swap", OPTIONAL, swap, YP_BOOLEAN),
};
static const yp_value arm_entry = {.size = sizeof(struct raw_wm_arm), YP_MAPPING_OF(arm_fields)};

static const yp_field experiment_fields[] = {
    MU_EXPERIMENT_COMMON_FIELDS(struct raw_wm_experiment),
    YP_FIELD(struct raw_wm_experiment, "rules", OPTIONAL, rules, YP_MAPPING_OF(rules_fields)),
    YP_FIELD(struct raw_wm_experiment, "scenario", REQUIRED, scenario, YP_STRING_OF(1, 255)),
    YP_SEQUENCE_FIELD(struct raw_wm_experiment, "armies", REQUIRED, armies, wm_army_schema, 2, 2),
    YP_SEQUENCE_FIELD(struct raw_wm_experiment, "policies", REQUIRED, arms, arm_entry, 1, MU_MAX_ARMS),
};
const yp_value wm_battle_experiment_schema = {.size = sizeof(struct raw_wm_experiment),
                                              YP_MAPPING_OF(experiment_fields)};

/* ---- Conversion ---------------------------------------------------------- */

static void convert_rules(const struct raw_wm_rules *r, wm_game_rules *out)
{
    *out = wm_game_rules_default();
    if (r == NULL)
        return;
    if (r->distance_step_cm)
        out->orders.distance_step_mm = *r->distance_step_cm * 10.0;
    if (r->enemy_close_cm)
        out->orders.enemy_close_mm = *r->enemy_close_cm * 10.0;
    if (r->blunder_on_12)
        out->orders.blunder_on_12 = *r->blunder_on_12;
    if (r->blunder)
        out->blunder_retreat = *r->blunder == BLUNDER_RETREATS;
    if (r->confusion_halts)
        out->confusion_halts = *r->confusion_halts;
    if (r->light_cavalry_rule)
        out->light_cavalry_rule = *r->light_cavalry_rule;
    if (r->initiative_cm)
        out->initiative_range_mm = *r->initiative_cm * 10.0;
}

static wm_policy_spec convert_policy(const struct raw_wm_policy *r)
{
    wm_policy_spec s = wm_policy_defaults((wm_policy_kind)*r->name);
    if (r->orders_per_unit)
        s.orders_per_unit = *r->orders_per_unit;
    if (r->min_target)
        s.min_target = *r->min_target;
    if (r->sequence)
        s.sequence = (wm_sequence)*r->sequence;
    if (r->brigades)
        s.brigades = *r->brigades;
    if (r->initiative)
        s.initiative = *r->initiative;
    if (r->burst_through)
        s.burst_through = *r->burst_through;
    if (r->ignore_fortified)
        s.ignore_fortified = *r->ignore_fortified;
    if (r->ignore_divided)
        s.ignore_divided = *r->ignore_divided;
    if (r->general_further_min)
        s.general_further_min = *r->general_further_min;
    if (r->charge_odds)
        s.charge_odds = *r->charge_odds;
    if (r->evade_odds)
        s.evade_odds = *r->evade_odds;
    if (r->charge_fortified)
        s.charge_fortified = *r->charge_fortified;
    if (r->hold_zones)
        s.hold_zones = *r->hold_zones;
    return s;
}

static int convert_arm(yc_conv *c, const struct raw_wm_arm *r, int i, wm_battle_study *st)
{
    wm_arm *a = &st->arms[i];
    for (int k = 0; k < 2; k++)
        a->policy[k] = convert_policy(&r->sides[k]);
    a->swap = r->swap && *r->swap;
    a->first = WM_ARM_FIRST_SCENARIO;
    if (r->first && strcmp(r->first, "roll") == 0) {
        a->first = WM_ARM_FIRST_ROLL;
    } else if (r->first && strcmp(r->first, "scenario") != 0) {
        const char *n0 = st->battle.army[0].name, *n1 = st->battle.army[1].name;
        if (strcmp(r->first, n0) == 0 && strcmp(r->first, n1) == 0)
            return yc_fail(yc_at(c, "policies[%d].first", i),
                           "both armies are named '%s'; give them names (armies[k].name) to tell them apart", n0);
        if (strcmp(r->first, n0) != 0 && strcmp(r->first, n1) != 0)
            return yc_fail(yc_at(c, "policies[%d].first", i), "unknown army '%s': give 'roll', 'scenario', '%s' or '%s'",
                           r->first, n0, n1);
        a->first = strcmp(r->first, n0) == 0 ? WM_ARM_FIRST_ARMY0 : WM_ARM_FIRST_ARMY1;
    }
    if (r->label)
        snprintf(a->label, sizeof a->label, "%s", r->label);
    else
        snprintf(a->label, sizeof a->label, "%s-vs-%s%s", wm_policy_name(a->policy[0].kind),
                 wm_policy_name(a->policy[1].kind), a->swap ? " swapped" : "");
    for (int j = 0; j < i; j++)
        if (strcmp(st->arms[j].label, a->label) == 0)
            return yc_fail(yc_at(c, "policies[%d]%s", i, r->label ? ".label" : ""),
                           "duplicate arm label '%s'; give each entry its own label", a->label);
    return 0;
}

/* Each side's units fit the Command phase's masks. */
static int check_sides(yc_conv *c, const wm_battle *b)
{
    int units[2] = {0, 0}, chars[2] = {0, 0};
    for (int u = 0; u < b->bf.n_units; u++) {
        int s = b->bf.unit[u].side;
        if (wm_is_character(&b->bf.unit[u]))
            chars[s]++;
        else
            units[s]++;
    }
    for (int s = 0; s < 2; s++)
        if (units[s] > WM_GAME_SIDE_UNITS || chars[s] > WM_GAME_SIDE_CHARS)
            return yc_fail(yc_at(c, "armies[%d].units", s),
                           "%d units and %d characters: a side may have at most %d and %d", units[s], chars[s],
                           WM_GAME_SIDE_UNITS, WM_GAME_SIDE_CHARS);
    return 0;
}

static int load_scenario(yc_conv *c, const char *rel, wm_scenario *sc)
{
    char full[WM_PATH_MAX];
    if (yf_relative(full, sizeof full, c->doc->file, rel) != 0)
        return yc_fail(yc_at(c, "scenario"), "the path of the scenario is too long");
    int rc = wm_scenario_load(full, sc, c->err, c->err_len);
    if (rc == MU_EXIT_NOINPUT) {
        const char *why = strstr(c->err, "cannot read: ");
        char reason[128], name[MU_ESCAPED_MAX];
        snprintf(reason, sizeof reason, "%s", why ? why + strlen("cannot read: ") : "unknown error");
        return yc_fail(yc_at(c, "scenario"), "cannot read scenario '%s': %s", mu_escape_name(name, sizeof name, full),
                       reason);
    }
    return rc == 0 ? 0 : -1;
}

static int convert_study(yc_conv *c, const struct raw_wm_experiment *raw, wm_battle_study *st)
{
    convert_rules(raw->rules, &st->rules);
    if (load_scenario(c, raw->scenario, &st->battle.scenario) != 0)
        return -1;
    for (int k = 0; k < 2; k++) {
        char base[16];
        snprintf(base, sizeof base, "armies[%d]", k);
        if (wm_army_convert(c->doc, base, &raw->armies[k], &st->battle.army[k], c->err, c->err_len) != 0)
            return -1;
    }
    st->battle.has_scenario = 1;
    if (wm_deploy(&st->battle.scenario, st->battle.army, &st->battle.bf, st->battle.roster, c->err, c->err_len) != 0 ||
        check_sides(c, &st->battle) != 0)
        return -1;
    st->n_arms = (int)raw->arms_count;
    for (int i = 0; i < st->n_arms; i++) {
        if (convert_arm(c, &raw->arms[i], i, st) != 0)
            return -1;
        st->has_swapped |= st->arms[i].swap;
    }
    if (st->has_swapped) {
        wm_army *swapped = mu_xmalloc(2 * sizeof *swapped);
        swapped[0] = st->battle.army[1];
        swapped[1] = st->battle.army[0];
        int rc = wm_deploy(&st->battle.scenario, swapped, &st->swapped_bf, st->swapped_roster, c->err, c->err_len);
        free(swapped);
        if (rc != 0)
            return -1;
    }
    return 0;
}

int wm_battle_load_config(const yp_doc *d, const void *raw_file, const mu_experiment *ex, void **config, char *err,
                          size_t err_len)
{
    (void)ex;
    yc_conv c = {.doc = d, .err = err, .err_len = err_len};
    wm_battle_study *st = mu_xcalloc(1, sizeof *st);
    if (convert_study(&c, raw_file, st) != 0) {
        free(st);
        return -1;
    }
    *config = st;
    return 0;
}

void wm_battle_free_config(void *config)
{
    free(config);
}
