/* The Ninth Age part of experiment files and its data files (private to
 * src/rules/ninth_age): the raw structs libcyaml fills, their schema
 * tables, and the conversion into na_study with the checks that span
 * several fields. The formats are shown with examples in
 * experiments/examples/na-minimal.yaml, experiments/ninth-age/profiles.yaml
 * and the scenarios in experiments/ninth-age/.
 *
 *   experiment:  rules (march_test_radius_in, discipline_test {dice,
 *                sides}), profiles (path), scenario (path), policies
 *   profiles:    schema, unit_spacing_in, profiles [{name, advance_in,
 *                march_in, discipline, base_mm: [w, d]}]
 *   scenario:    schema, table_in [w, d], turns, first, terrain [{name,
 *                polygon_in [x, y, ...]}], objectives [{name, at_in [x,
 *                y], radius_in}], sides [{name, units [{name, profile,
 *                models, files, at_in [x, y], facing_deg, charging,
 *                fleeing, shaken}]}] */
#ifndef MUSTER_NA_CONFIG_H
#define MUSTER_NA_CONFIG_H

#include "muster/experiment.h"
#include "muster/yaml_prepass.h"
#include "ninth_age/na_study.h"

#include <stdbool.h>

/* The format version of the profiles and scenario files (`schema:`). */
#define NA_DATA_SCHEMA 1

/* The whole experiment file's schema (a YP_MAPPING). */
extern const yp_value na_experiment_schema;

/* mu_ruleset.load_config: converts the checked experiment (and the data
 * files it names, loaded here) into a new na_study. Returns 0, or -1 with
 * one positioned line in err (in the file the problem is in). */
int na_load_config(const yp_doc *doc, const void *raw, const mu_experiment *ex, void **config, char *err,
                   size_t err_len);

/* Frees a na_study made by na_load_config. */
void na_free_config(void *config);

/* Most unit profiles in a profiles file. */
#define NA_MAX_PROFILES 64

typedef struct na_profile_set {
    double spacing_mm;
    int n;
    char names[NA_MAX_PROFILES][MU_NAME_MAX];
    na_profile p[NA_MAX_PROFILES];
} na_profile_set;

/* Loads the profiles file at path into *out. Returns 0, or
 * MU_EXIT_NOINPUT / MU_EXIT_DATAERR with one line in err. */
int na_profiles_load(const char *path, na_profile_set *out, char *err, size_t err_len);

/* Loads the scenario file at path with profiles ps into st (table, turns,
 * first, sides, units; rules.spacing_mm from ps). Returns 0, or
 * MU_EXIT_NOINPUT / MU_EXIT_DATAERR with one line in err. */
int na_scenario_load(const char *path, const na_profile_set *ps, na_study *st, char *err, size_t err_len);

#endif
