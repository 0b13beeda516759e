/* The Battlesystem part of experiment files (private to src/io): the raw
 * structs libcyaml fills for `rules:`, `scenario:` and `policies:` of a
 * file with `ruleset: battlesystem`, their schema tables (the one
 * description that drives both the positioned-error pre-pass and the
 * libcyaml schema, see yaml_prepass.h), and the conversion with the
 * checks that span several fields.
 *
 * experiment.c owns the top-level table and picks it by the `ruleset:`
 * value; the arrays below are declared with their sizes so that its
 * static YP_MAPPING_OF and YP_SEQUENCE_FIELD entries can count them. */
#ifndef MUSTER_IO_EXPERIMENT_BS_H
#define MUSTER_IO_EXPERIMENT_BS_H

#include "battlesystem/bs_study.h"
#include "muster/yaml_prepass.h"

#include <stdbool.h>
#include <stddef.h>

struct raw_bs_check {
    int *dice;
    int *sides;
    int *modifier;
};

struct raw_bs_initiative {
    int *dice;
    int *sides;
};

struct raw_bs_terrain_cost {
    double *clear;
    double *rough;
    double *woods;
    double *hill;
};

struct raw_bs_rules {
    struct raw_bs_check *morale_check;
    struct raw_bs_check *discipline_check;
    struct raw_bs_check *rally_check;
    struct raw_bs_initiative *initiative;
    double *frontage_change_in;
    double *open_gap_in;
    int *charge_straight;
    int *wheel_measure;
    int *rout_heading;
    double *rout_home_max_deg;
    bool *forced_march_fail_routs;
    int *forced_march_check;
    double *march_halt_margin_in;
    bool *ambush_checks;
    int *mob_square_slack;
    int *command_return_rounds;
    bool *capture;
    struct raw_bs_terrain_cost *terrain_cost;
};

struct raw_bs_table {
    double *width_in;
    double *depth_in;
};

struct raw_bs_unit {
    char *name;
    int *kind;
    int *formation;
    int *figures;
    int *frontage;
    double *base_w_mm;
    double *base_d_mm;
    double *rate_in;
    int *ar;
    int *morale;
    bool *low_int;
    bool *never_checks_morale;
    bool *in_command;
    bool *hidden;
    double *x_in;
    double *y_in;
    double *facing_deg;
    double *entry_in;
    unsigned entry_in_count;
};

struct raw_bs_side {
    char *name;
    struct raw_bs_unit *units;
    unsigned units_count;
};

struct raw_bs_terrain {
    int *kind;
    double *polygon_in;
    unsigned polygon_in_count;
};

struct raw_bs_scenario {
    struct raw_bs_table *table;
    int *rounds;
    struct raw_bs_side *sides;
    unsigned sides_count;
    struct raw_bs_terrain *terrain;
    unsigned terrain_count;
};

struct raw_bs_policy {
    int *name;
    int *estimate;
    double *estimate_error;
    bool *charge;
    bool *closed;
    bool *wrap;
    int *burst;
    int *rest_rounds;
    int *marches;
    bool *rally;
    bool *follow;
};

struct raw_bs_arm {
    char *label;
    struct raw_bs_policy *sides;
    unsigned sides_count;
};

/* The whole file: the common keys, then `rules:`, `scenario:` and
 * `policies:` (the raw struct of bs_experiment_schema). */
struct raw_bs_experiment {
    mu_raw_common common;
    struct raw_bs_rules *rules;
    struct raw_bs_scenario *scenario;
    struct raw_bs_arm *policies;
    unsigned policies_count;
};

/* The schema tables of `rules:` and `scenario:` (mappings) and of one
 * `policies:` entry (a YP_MAPPING value). */
#define BS_RULES_KEYS 18
#define BS_SCENARIO_KEYS 4
extern const yp_field bs_rules_fields[BS_RULES_KEYS];
extern const yp_field bs_scenario_fields[BS_SCENARIO_KEYS];
extern const yp_value bs_arm_entry;

/* The names of the unit kinds, formations and policies (the enums of
 * battlesystem/bs_unit.h and battlesystem/bs_study.h), for messages. */
#define BS_KINDS 3
#define BS_FORMATIONS 4
#define BS_POLICIES 4
extern const cyaml_strval_t bs_kind_names[BS_KINDS];
extern const cyaml_strval_t bs_formation_names[BS_FORMATIONS];
extern const cyaml_strval_t bs_policy_names[BS_POLICIES];

/* Most entries of `policies:`. */
#define BS_MAX_ARMS MU_MAX_ARMS

/* Converts the checked raw `rules:` (may be NULL: all defaults),
 * `scenario:` and `policies:` (n entries) into *out, checking what spans
 * several fields (unique names, formation for the kind, frontage within
 * figures, units on the table and apart, simple terrain polygons, options
 * that the policy does not take, unique labels). Returns 0, or -1 with one
 * positioned error line from d in err. */
int bs_convert(const yp_doc *d, const struct raw_bs_rules *rules, const struct raw_bs_scenario *scenario,
               const struct raw_bs_arm *arms, unsigned n, bs_study *out, char *err, size_t err_len);

#endif
