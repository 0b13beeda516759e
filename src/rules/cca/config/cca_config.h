/* The cca part of experiment files (config/): the scenario and deck data
 * files and the experiment section (`scenario:`, `deck:`, `policies:`),
 * each checked with one positioned error line. */
#ifndef MUSTER_CCA_CONFIG_H
#define MUSTER_CCA_CONFIG_H

#include "cca/cca_study.h"
#include "muster/experiment.h"
#include "muster/yaml_prepass.h"

#include <stddef.h>

/* The version of scenario and deck files this build reads. */
#define CCA_FILE_SCHEMA 1

/* Loads the scenario file at path into st (board, terrain, deployment,
 * side names, hands, first side, turns). Returns 0, MU_EXIT_NOINPUT or
 * MU_EXIT_DATAERR with one line in err (positioned in that file). */
int cca_scenario_load(const char *path, cca_study *st, char *err, size_t err_len);

/* Loads the deck file at path into d. Returns as cca_scenario_load. */
int cca_deck_load(const char *path, cca_deck *d, char *err, size_t err_len);

/* The experiment file's format for `ruleset: cca`. */
extern const yp_value cca_experiment_schema;

/* mu_ruleset.load_config and free_config of the cca ruleset. */
int cca_load_config(const yp_doc *doc, const void *raw, const mu_experiment *ex, void **config, char *err,
                    size_t err_len);
void cca_free_config(void *config);

#endif
