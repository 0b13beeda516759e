/* The schema tables of the Ninth Age experiment section and data files
 * (see na_config.h and na_raw.h): one description drives the
 * positioned-error pre-pass and libcyaml. */
#include "na_config.h"
#include "na_raw.h"

#include "ninth_age/na_field.h"
#include "ninth_age/policy/na_policy.h"

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, MU_NAME_MAX - 1)
#define IN_MAX 1e4 /* inches: any table */

const cyaml_strval_t na_policy_names[NA_POLICIES] = {{"objective", NA_POLICY_OBJECTIVE},
                                                     {"line", NA_POLICY_LINE},
                                                     {"flanker", NA_POLICY_FLANKER},
                                                     {"random", NA_POLICY_RANDOM},
                                                     {"hold", NA_POLICY_HOLD}};

/* ---- experiment ---- */

static const yp_field test_fields[] = {
    YP_FIELD(struct raw_na_test, "dice", OPTIONAL, dice, YP_INT_IN(1, 10)),
    YP_FIELD(struct raw_na_test, "sides", OPTIONAL, sides, YP_INT_IN(2, 100)),
};

static const yp_field rules_fields[] = {
    YP_FIELD(struct raw_na_rules, "march_test_radius_in", OPTIONAL, march_test_radius_in, YP_FLOAT_IN(0.0, 100.0)),
    YP_FIELD(struct raw_na_rules, "discipline_test", OPTIONAL, discipline_test, YP_MAPPING_OF(test_fields)),
};

static const yp_field policy_fields[] = {
    YP_FIELD(struct raw_na_policy, "name", REQUIRED, name, YP_ENUM_OF("policy", na_policy_names)),
    YP_FIELD(struct raw_na_policy, "march", OPTIONAL, march, YP_BOOLEAN),
    YP_FIELD(struct raw_na_policy, "halt_in", OPTIONAL, halt_in, YP_FLOAT_IN(0.0, 100.0)),
    YP_FIELD(struct raw_na_policy, "flank_in", OPTIONAL, flank_in, YP_FLOAT_IN(0.0, 100.0)),
    YP_FIELD(struct raw_na_policy, "min_gain_mm", OPTIONAL, min_gain_mm, YP_FLOAT_IN(0.0, 1000.0)),
};
static const yp_value policy_entry = {.size = sizeof(struct raw_na_policy), YP_MAPPING_OF(policy_fields)};

static const yp_field arm_fields[] = {
    YP_FIELD(struct raw_na_arm, "label", OPTIONAL, label, NAME),
    YP_SEQUENCE_FIELD(struct raw_na_arm, "sides", REQUIRED, sides, policy_entry, 1, 2),
};
static const yp_value arm_entry = {.size = sizeof(struct raw_na_arm), YP_MAPPING_OF(arm_fields)};

static const yp_field experiment_fields[] = {
    MU_EXPERIMENT_COMMON_FIELDS(struct raw_na_experiment),
    YP_FIELD(struct raw_na_experiment, "rules", OPTIONAL, rules, YP_MAPPING_OF(rules_fields)),
    YP_FIELD(struct raw_na_experiment, "profiles", REQUIRED, profiles, YP_STRING_OF(1, 255)),
    YP_FIELD(struct raw_na_experiment, "scenario", REQUIRED, scenario, YP_STRING_OF(1, 255)),
    YP_SEQUENCE_FIELD(struct raw_na_experiment, "policies", REQUIRED, policies, arm_entry, 1, MU_MAX_ARMS),
};
const yp_value na_experiment_schema = {.size = sizeof(struct raw_na_experiment), YP_MAPPING_OF(experiment_fields)};

/* ---- profiles file ---- */

static const yp_value base_entry = {.size = sizeof(double), YP_FLOAT_ABOVE(0.0, 1000.0)};

static const yp_field profile_fields[] = {
    YP_FIELD(struct raw_na_profile, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_na_profile, "advance_in", REQUIRED, advance_in, YP_FLOAT_ABOVE(0.0, 100.0)),
    YP_FIELD(struct raw_na_profile, "march_in", REQUIRED, march_in, YP_FLOAT_ABOVE(0.0, 100.0)),
    YP_FIELD(struct raw_na_profile, "discipline", REQUIRED, discipline, YP_INT_IN(0, 20)),
    YP_SEQUENCE_FIELD(struct raw_na_profile, "base_mm", REQUIRED, base_mm, base_entry, 2, 2),
};
static const yp_value profile_entry = {.size = sizeof(struct raw_na_profile), YP_MAPPING_OF(profile_fields)};

static const yp_field profiles_fields[] = {
    YP_FIELD(struct raw_na_profiles, "schema", REQUIRED, schema, YP_INT_IN(INT_MIN, INT_MAX)),
    YP_FIELD(struct raw_na_profiles, "unit_spacing_in", REQUIRED, unit_spacing_in, YP_FLOAT_IN(0.0, 100.0)),
    YP_SEQUENCE_FIELD(struct raw_na_profiles, "profiles", REQUIRED, profiles, profile_entry, 1, NA_MAX_PROFILES),
};
const yp_value na_profiles_schema = {.size = sizeof(struct raw_na_profiles), YP_MAPPING_OF(profiles_fields)};

/* ---- scenario file ---- */

static const yp_value coordinate = {.size = sizeof(double), YP_FLOAT_IN(-IN_MAX, IN_MAX)};
static const yp_value length = {.size = sizeof(double), YP_FLOAT_ABOVE(0.0, IN_MAX)};

static const yp_field terrain_fields[] = {
    YP_FIELD(struct raw_na_terrain, "name", REQUIRED, name, NAME),
    YP_SEQUENCE_FIELD(struct raw_na_terrain, "polygon_in", REQUIRED, polygon_in, coordinate, 6, 2 * NA_MAX_POLY),
};
static const yp_value terrain_entry = {.size = sizeof(struct raw_na_terrain), YP_MAPPING_OF(terrain_fields)};

static const yp_field objective_fields[] = {
    YP_FIELD(struct raw_na_objective, "name", REQUIRED, name, NAME),
    YP_SEQUENCE_FIELD(struct raw_na_objective, "at_in", REQUIRED, at_in, coordinate, 2, 2),
    YP_FIELD(struct raw_na_objective, "radius_in", REQUIRED, radius_in, YP_FLOAT_IN(0.0, 100.0)),
};
static const yp_value objective_entry = {.size = sizeof(struct raw_na_objective), YP_MAPPING_OF(objective_fields)};

static const yp_field unit_fields[] = {
    YP_FIELD(struct raw_na_unit, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_na_unit, "profile", REQUIRED, profile, NAME),
    YP_FIELD(struct raw_na_unit, "models", REQUIRED, models, YP_INT_IN(1, NA_MAX_MODELS)),
    YP_FIELD(struct raw_na_unit, "files", REQUIRED, files, YP_INT_IN(1, NA_MAX_MODELS)),
    YP_SEQUENCE_FIELD(struct raw_na_unit, "at_in", REQUIRED, at_in, coordinate, 2, 2),
    YP_FIELD(struct raw_na_unit, "facing_deg", REQUIRED, facing_deg, YP_FLOAT_IN(-360.0, 360.0)),
    YP_FIELD(struct raw_na_unit, "charging", OPTIONAL, charging, YP_BOOLEAN),
    YP_FIELD(struct raw_na_unit, "fleeing", OPTIONAL, fleeing, YP_BOOLEAN),
    YP_FIELD(struct raw_na_unit, "shaken", OPTIONAL, shaken, YP_BOOLEAN),
};
static const yp_value unit_entry = {.size = sizeof(struct raw_na_unit), YP_MAPPING_OF(unit_fields)};

static const yp_field side_fields[] = {
    YP_FIELD(struct raw_na_side, "name", REQUIRED, name, NAME),
    YP_SEQUENCE_FIELD(struct raw_na_side, "units", REQUIRED, units, unit_entry, 1, NA_MAX_UNITS),
};
static const yp_value side_entry = {.size = sizeof(struct raw_na_side), YP_MAPPING_OF(side_fields)};

static const yp_field scenario_fields[] = {
    YP_FIELD(struct raw_na_scenario, "schema", REQUIRED, schema, YP_INT_IN(INT_MIN, INT_MAX)),
    YP_SEQUENCE_FIELD(struct raw_na_scenario, "table_in", REQUIRED, table_in, length, 2, 2),
    YP_FIELD(struct raw_na_scenario, "turns", REQUIRED, turns, YP_INT_IN(1, NA_MAX_TURNS)),
    YP_FIELD(struct raw_na_scenario, "first", OPTIONAL, first, YP_INT_IN(0, 1)),
    YP_SEQUENCE_FIELD(struct raw_na_scenario, "terrain", OPTIONAL, terrain, terrain_entry, 0, NA_MAX_TERRAIN),
    YP_SEQUENCE_FIELD(struct raw_na_scenario, "objectives", OPTIONAL, objectives, objective_entry, 0,
                      NA_MAX_OBJECTIVES),
    YP_SEQUENCE_FIELD(struct raw_na_scenario, "sides", REQUIRED, sides, side_entry, 2, 2),
};
const yp_value na_scenario_schema = {.size = sizeof(struct raw_na_scenario), YP_MAPPING_OF(scenario_fields)};
