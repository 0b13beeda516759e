/* The raw structs libcyaml fills for the Ninth Age experiment section,
 * profiles and scenario files, and their schema tables (schema.c). Every
 * member is a pointer (NULL: key absent); a sequence has its count beside
 * it. Private to config/. */
#ifndef MUSTER_NA_RAW_H
#define MUSTER_NA_RAW_H

#include "muster/experiment.h"
#include "muster/yaml_prepass.h"

#include <stdbool.h>

struct raw_na_test {
    int *dice;
    int *sides;
};

struct raw_na_rules {
    double *march_test_radius_in;
    struct raw_na_test *discipline_test;
};

struct raw_na_policy {
    int *name;
    bool *march;
    double *halt_in;
    double *flank_in;
    double *min_gain_mm;
};

struct raw_na_arm {
    char *label;
    struct raw_na_policy *sides;
    unsigned sides_count;
};

struct raw_na_experiment {
    mu_raw_common common;
    struct raw_na_rules *rules;
    char *profiles;
    char *scenario;
    struct raw_na_arm *policies;
    unsigned policies_count;
};

struct raw_na_profile {
    char *name;
    double *advance_in;
    double *march_in;
    int *discipline;
    double *base_mm;
    unsigned base_mm_count;
};

struct raw_na_profiles {
    int *schema;
    double *unit_spacing_in;
    struct raw_na_profile *profiles;
    unsigned profiles_count;
};

struct raw_na_terrain {
    char *name;
    double *polygon_in;
    unsigned polygon_in_count;
};

struct raw_na_objective {
    char *name;
    double *at_in;
    unsigned at_in_count;
    double *radius_in;
};

struct raw_na_unit {
    char *name;
    char *profile;
    int *models;
    int *files;
    double *at_in;
    unsigned at_in_count;
    double *facing_deg;
    bool *charging;
    bool *fleeing;
    bool *shaken;
};

struct raw_na_side {
    char *name;
    struct raw_na_unit *units;
    unsigned units_count;
};

struct raw_na_scenario {
    int *schema;
    double *table_in;
    unsigned table_in_count;
    int *turns;
    int *first;
    struct raw_na_terrain *terrain;
    unsigned terrain_count;
    struct raw_na_objective *objectives;
    unsigned objectives_count;
    struct raw_na_side *sides;
    unsigned sides_count;
};

extern const yp_value na_profiles_schema;
extern const yp_value na_scenario_schema;
extern const cyaml_strval_t na_policy_names[];

#endif
