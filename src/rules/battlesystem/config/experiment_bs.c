/* The Battlesystem part of experiment files: the schema tables of
 * `rules:`, `scenario:` and `policies:` for `ruleset: battlesystem` (their
 * conversion is in experiment_bs_convert.c). See experiment_bs.h; the
 * format is shown with an example in experiments/examples/bs-minimal.yaml
 * and every key in tests/io/good/battlesystem.yaml. */
#include "experiment_bs.h"

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, MU_NAME_MAX - 1)
#define IN_MAX 1e5 /* inches: any table */

/* ---- The format ---------------------------------------------------------- */

const cyaml_strval_t bs_kind_names[BS_KINDS] = {
    {"regular", BS_REGULAR}, {"skirmish", BS_SKIRMISHERS}, {"mob", BS_MOB}};
const cyaml_strval_t bs_formation_names[BS_FORMATIONS] = {
    {"closed", BS_CLOSED}, {"open", BS_OPEN}, {"skirmish", BS_SKIRMISH}, {"mob", BS_MOB_FORMATION}};
static const cyaml_strval_t terrain_kinds[] = {
    {"clear", BS_TERRAIN_CLEAR}, {"rough", BS_TERRAIN_ROUGH}, {"woods", BS_TERRAIN_WOODS},
    {"hill", BS_TERRAIN_HILL},   {"impassable", BS_TERRAIN_IMPASSABLE}};
static const cyaml_strval_t straight_readings[] = {
    {"two-thirds-rate", BS_STRAIGHT_TWO_THIRDS_RATE}, {"two-thirds-distance", BS_STRAIGHT_TWO_THIRDS_DISTANCE}};
static const cyaml_strval_t wheel_readings[] = {
    {"farthest-figure", BS_WHEEL_FARTHEST_FIGURE}, {"front-rank", BS_WHEEL_FRONT_RANK}};
static const cyaml_strval_t march_check_readings[] = {
    {"beyond-rate", BS_MARCH_CHECK_BEYOND_RATE}, {"declared", BS_MARCH_CHECK_DECLARED}};
static const cyaml_strval_t rout_readings[] = {
    {"home-if-away", BS_ROUT_HOME_IF_AWAY}, {"directly-away", BS_ROUT_DIRECTLY_AWAY}};
const cyaml_strval_t bs_policy_names[BS_POLICIES] = {
    {"hold", BS_POLICY_HOLD}, {"steady", BS_POLICY_STEADY}, {"forced", BS_POLICY_FORCED},
    {"random", BS_POLICY_RANDOM}};
static const cyaml_strval_t estimate_models[] = {
    {"exact", BS_ESTIMATE_EXACT}, {"normal", BS_ESTIMATE_NORMAL}, {"uniform", BS_ESTIMATE_UNIFORM}};

static const yp_field check_fields[] = {
    YP_FIELD(struct raw_bs_check, "dice", OPTIONAL, dice, YP_INT_IN(1, 10)),
    YP_FIELD(struct raw_bs_check, "sides", OPTIONAL, sides, YP_INT_IN(2, 100)),
    YP_FIELD(struct raw_bs_check, "modifier", OPTIONAL, modifier, YP_INT_IN(-100, 100)),
};

static const yp_field initiative_fields[] = {
    YP_FIELD(struct raw_bs_initiative, "dice", OPTIONAL, dice, YP_INT_IN(1, 10)),
    YP_FIELD(struct raw_bs_initiative, "sides", OPTIONAL, sides, YP_INT_IN(2, 100)),
};

static const yp_field terrain_cost_fields[] = {
    YP_FIELD(struct raw_bs_terrain_cost, "clear", OPTIONAL, clear, YP_FLOAT_ABOVE(0.0, 100.0)),
    YP_FIELD(struct raw_bs_terrain_cost, "rough", OPTIONAL, rough, YP_FLOAT_ABOVE(0.0, 100.0)),
    YP_FIELD(struct raw_bs_terrain_cost, "woods", OPTIONAL, woods, YP_FLOAT_ABOVE(0.0, 100.0)),
    YP_FIELD(struct raw_bs_terrain_cost, "hill", OPTIONAL, hill, YP_FLOAT_ABOVE(0.0, 100.0)),
};

const yp_field bs_rules_fields[BS_RULES_KEYS] = {
    YP_FIELD(struct raw_bs_rules, "morale_check", OPTIONAL, morale_check, YP_MAPPING_OF(check_fields)),
    YP_FIELD(struct raw_bs_rules, "discipline_check", OPTIONAL, discipline_check, YP_MAPPING_OF(check_fields)),
    YP_FIELD(struct raw_bs_rules, "rally_check", OPTIONAL, rally_check, YP_MAPPING_OF(check_fields)),
    YP_FIELD(struct raw_bs_rules, "initiative", OPTIONAL, initiative, YP_MAPPING_OF(initiative_fields)),
    YP_FIELD(struct raw_bs_rules, "frontage_change_in", OPTIONAL, frontage_change_in, YP_FLOAT_IN(0.0, 100.0)),
    YP_FIELD(struct raw_bs_rules, "open_gap_in", OPTIONAL, open_gap_in, YP_FLOAT_IN(0.0, 12.0)),
    YP_FIELD(struct raw_bs_rules, "charge_straight", OPTIONAL, charge_straight,
             YP_ENUM_OF("reading", straight_readings)),
    YP_FIELD(struct raw_bs_rules, "wheel_measure", OPTIONAL, wheel_measure, YP_ENUM_OF("reading", wheel_readings)),
    YP_FIELD(struct raw_bs_rules, "rout_heading", OPTIONAL, rout_heading, YP_ENUM_OF("reading", rout_readings)),
    YP_FIELD(struct raw_bs_rules, "rout_home_max_deg", OPTIONAL, rout_home_max_deg, YP_FLOAT_IN(0.0, 180.0)),
    YP_FIELD(struct raw_bs_rules, "forced_march_fail_routs", OPTIONAL, forced_march_fail_routs, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_rules, "forced_march_check", OPTIONAL, forced_march_check,
             YP_ENUM_OF("reading", march_check_readings)),
    YP_FIELD(struct raw_bs_rules, "march_halt_margin_in", OPTIONAL, march_halt_margin_in, YP_FLOAT_IN(0.0, 100.0)),
    YP_FIELD(struct raw_bs_rules, "ambush_checks", OPTIONAL, ambush_checks, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_rules, "mob_square_slack", OPTIONAL, mob_square_slack, YP_INT_IN(1, BS_STUDY_MAX_FIGURES)),
    YP_FIELD(struct raw_bs_rules, "command_return_rounds", OPTIONAL, command_return_rounds,
             YP_INT_IN(0, BS_MAX_ROUNDS)),
    YP_FIELD(struct raw_bs_rules, "capture", OPTIONAL, capture, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_rules, "terrain_cost", OPTIONAL, terrain_cost, YP_MAPPING_OF(terrain_cost_fields)),
};

static const yp_field table_fields[] = {
    YP_FIELD(struct raw_bs_table, "width_in", REQUIRED, width_in, YP_FLOAT_IN(0.0, IN_MAX)),
    YP_FIELD(struct raw_bs_table, "depth_in", REQUIRED, depth_in, YP_FLOAT_IN(0.0, IN_MAX)),
};

static const yp_value coordinate_entry = {.size = sizeof(double), YP_FLOAT_IN(-IN_MAX, IN_MAX)};

static const yp_field unit_fields[] = {
    YP_FIELD(struct raw_bs_unit, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_bs_unit, "kind", REQUIRED, kind, YP_ENUM_OF("unit kind", bs_kind_names)),
    YP_FIELD(struct raw_bs_unit, "formation", OPTIONAL, formation, YP_ENUM_OF("formation", bs_formation_names)),
    YP_FIELD(struct raw_bs_unit, "figures", REQUIRED, figures, YP_INT_IN(1, BS_STUDY_MAX_FIGURES)),
    YP_FIELD(struct raw_bs_unit, "frontage", REQUIRED, frontage, YP_INT_IN(1, BS_STUDY_MAX_FIGURES)),
    YP_FIELD(struct raw_bs_unit, "base_w_mm", OPTIONAL, base_w_mm, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_FIELD(struct raw_bs_unit, "base_d_mm", OPTIONAL, base_d_mm, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_FIELD(struct raw_bs_unit, "rate_in", REQUIRED, rate_in, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_FIELD(struct raw_bs_unit, "ar", REQUIRED, ar, YP_INT_IN(0, 40)),
    YP_FIELD(struct raw_bs_unit, "morale", REQUIRED, morale, YP_INT_IN(0, 40)),
    YP_FIELD(struct raw_bs_unit, "low_int", OPTIONAL, low_int, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_unit, "never_checks_morale", OPTIONAL, never_checks_morale, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_unit, "in_command", OPTIONAL, in_command, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_unit, "hidden", OPTIONAL, hidden, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_unit, "x_in", REQUIRED, x_in, YP_FLOAT_IN(-IN_MAX, IN_MAX)),
    YP_FIELD(struct raw_bs_unit, "y_in", REQUIRED, y_in, YP_FLOAT_IN(-IN_MAX, IN_MAX)),
    YP_FIELD(struct raw_bs_unit, "facing_deg", REQUIRED, facing_deg, YP_FLOAT_IN(-360.0, 360.0)),
    YP_SEQUENCE_FIELD(struct raw_bs_unit, "entry_in", OPTIONAL, entry_in, coordinate_entry, 2, 2),
};
static const yp_value unit_entry = {.size = sizeof(struct raw_bs_unit), YP_MAPPING_OF(unit_fields)};

static const yp_field side_fields[] = {
    YP_FIELD(struct raw_bs_side, "name", REQUIRED, name, NAME),
    YP_SEQUENCE_FIELD(struct raw_bs_side, "units", REQUIRED, units, unit_entry, 0, BS_MAX_UNITS),
};
static const yp_value side_entry = {.size = sizeof(struct raw_bs_side), YP_MAPPING_OF(side_fields)};

static const yp_field terrain_fields[] = {
    YP_FIELD(struct raw_bs_terrain, "kind", REQUIRED, kind, YP_ENUM_OF("terrain kind", terrain_kinds)),
    YP_SEQUENCE_FIELD(struct raw_bs_terrain, "polygon_in", REQUIRED, polygon_in, coordinate_entry, 6,
                      2 * BS_MAX_POLY),
};
static const yp_value terrain_entry = {.size = sizeof(struct raw_bs_terrain), YP_MAPPING_OF(terrain_fields)};

const yp_field bs_scenario_fields[BS_SCENARIO_KEYS] = {
    YP_FIELD(struct raw_bs_scenario, "table", REQUIRED, table, YP_MAPPING_OF(table_fields)),
    YP_FIELD(struct raw_bs_scenario, "rounds", REQUIRED, rounds, YP_INT_IN(1, BS_MAX_ROUNDS)),
    YP_SEQUENCE_FIELD(struct raw_bs_scenario, "sides", REQUIRED, sides, side_entry, 2, 2),
    YP_SEQUENCE_FIELD(struct raw_bs_scenario, "terrain", OPTIONAL, terrain, terrain_entry, 0, BS_MAX_TERRAIN),
};

static const yp_field policy_fields[] = {
    YP_FIELD(struct raw_bs_policy, "name", REQUIRED, name, YP_ENUM_OF("policy", bs_policy_names)),
    YP_FIELD(struct raw_bs_policy, "estimate", OPTIONAL, estimate, YP_ENUM_OF("estimate model", estimate_models)),
    YP_FIELD(struct raw_bs_policy, "estimate_error", OPTIONAL, estimate_error, YP_FLOAT_IN(0.0, 1.0)),
    YP_FIELD(struct raw_bs_policy, "charge", OPTIONAL, charge, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_policy, "closed", OPTIONAL, closed, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_policy, "wrap", OPTIONAL, wrap, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_policy, "burst", OPTIONAL, burst, YP_INT_IN(1, BS_MAX_ROUNDS)),
    YP_FIELD(struct raw_bs_policy, "rest_rounds", OPTIONAL, rest_rounds, YP_INT_IN(0, BS_MAX_ROUNDS)),
    YP_FIELD(struct raw_bs_policy, "marches", OPTIONAL, marches, YP_INT_IN(0, BS_MAX_ROUNDS)),
    YP_FIELD(struct raw_bs_policy, "rally", OPTIONAL, rally, YP_BOOLEAN),
    YP_FIELD(struct raw_bs_policy, "follow", OPTIONAL, follow, YP_BOOLEAN),
};
static const yp_value policy_entry = {.size = sizeof(struct raw_bs_policy), YP_MAPPING_OF(policy_fields)};

static const yp_field arm_fields[] = {
    YP_FIELD(struct raw_bs_arm, "label", OPTIONAL, label, NAME),
    YP_SEQUENCE_FIELD(struct raw_bs_arm, "sides", REQUIRED, sides, policy_entry, 1, 2),
};
const yp_value bs_arm_entry = {.size = sizeof(struct raw_bs_arm), YP_MAPPING_OF(arm_fields)};

static const yp_field experiment_fields[] = {
    MU_EXPERIMENT_COMMON_FIELDS(struct raw_bs_experiment),
    YP_FIELD(struct raw_bs_experiment, "rules", OPTIONAL, rules, YP_MAPPING_OF(bs_rules_fields)),
    YP_FIELD(struct raw_bs_experiment, "scenario", REQUIRED, scenario, YP_MAPPING_OF(bs_scenario_fields)),
    YP_SEQUENCE_FIELD(struct raw_bs_experiment, "policies", REQUIRED, policies, bs_arm_entry, 1,
                      BS_MAX_ARMS),
};
const yp_value bs_experiment_schema = {.size = sizeof(struct raw_bs_experiment), YP_MAPPING_OF(experiment_fields)};
