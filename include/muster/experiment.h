/* An experiment: which rule system to play, how often, with which seed,
 * and where the results go. Loaded from a YAML file by mu_experiment_load,
 * which checks everything; the structures below hold only validated
 * values.
 *
 * The file's top-level keys common to every rule system (schema, ruleset,
 * seed, games, output, sweep) are read here; the rest of the file is the system's
 * own section, described and converted by its ruleset (muster/ruleset.h:
 * experiment_schema, load_config, free_config). A system's schema is a
 * YP_MAPPING over a raw struct whose first member is `mu_raw_common common`
 * and whose fields begin with MU_EXPERIMENT_COMMON_FIELDS(that struct). */
#ifndef MUSTER_EXPERIMENT_H
#define MUSTER_EXPERIMENT_H

#include "muster/yaml_prepass.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The experiment file format version this build reads (`schema:` key). */
#define MU_SCHEMA_VERSION 1

/* Longest name (of a ruleset, an arm, a unit...) plus its NUL. */
#define MU_NAME_MAX 64
/* Most arms (groups of games under one assignment of policies) in a run. */
#define MU_MAX_ARMS 8
/* Most games per arm an experiment may ask for. */
#define MU_GAMES_MAX 1000000000000ULL

struct mu_ruleset;

/* ---- The raw common keys (what libcyaml fills; NULL: key absent) -------- */

typedef struct mu_raw_output {
    char *file;
    bool *per_game_rows;
} mu_raw_output;

/* Most axes of a sweep, values on one axis, and arms a swept run may
 * make (points x the experiment's own arms; a system whose per-game `arm`
 * is a byte allows 255 of them). */
#define MU_SWEEP_MAX_AXES 4
#define MU_SWEEP_MAX_VALUES 32
#define MU_SWEEP_MAX_ARMS 1024
/* Longest value of a sweep axis (a number or a word), plus its NUL. */
#define MU_SWEEP_VALUE_MAX 64
/* Longest `path:` of a sweep axis, plus its NUL. */
#define MU_SWEEP_PATH_MAX 256

/* One entry of `sweep:`: an axis over the value at `path` in this file
 * (a number, or a plain word such as a file name). */
typedef struct mu_raw_sweep_axis {
    char *name;
    char *path;
    char (*values)[MU_SWEEP_VALUE_MAX];
    unsigned values_count;
} mu_raw_sweep_axis;

/* One entry of `balance:`: a question for the analysis (where does the
 * per-game `statistic` reach `target` along sweep axis `axis`, in the
 * file's arm `arm`); checked here, answered by muster_analysis.balance. */
typedef struct mu_raw_balance {
    char *axis;
    char *statistic;
    double *target;
    char *arm;
} mu_raw_balance;

typedef struct mu_raw_common {
    int *schema;
    char *ruleset;
    uint64_t *seed;
    uint64_t *games;
    mu_raw_output *output;
    mu_raw_sweep_axis *sweep;
    unsigned sweep_count;
    mu_raw_balance *balance;
    unsigned balance_count;
} mu_raw_common;

/* The schema table of `output:` (file, per_game_rows). */
#define MU_OUTPUT_KEYS 2
extern const yp_field mu_output_fields[MU_OUTPUT_KEYS];


/* The schema table of one `sweep:` entry (name, path, values). */
#define MU_SWEEP_KEYS 3
extern const yp_field mu_sweep_fields[MU_SWEEP_KEYS];
extern const yp_value mu_sweep_entry;

/* The schema table of one `balance:` entry (axis, statistic, target, arm). */
#define MU_BALANCE_KEYS 4
#define MU_BALANCE_MAX 8
extern const yp_field mu_balance_fields[MU_BALANCE_KEYS];
extern const yp_value mu_balance_entry;

/* The common top-level keys, as the first entries of the yp_field table of
 * a system's raw struct `type` (whose member `common` is a mu_raw_common). */
#define MU_EXPERIMENT_COMMON_FIELDS(type)                                                                   \
    YP_FIELD(type, "schema", 1, common.schema, YP_INT_IN(INT_MIN, INT_MAX)),                                \
        YP_FIELD(type, "ruleset", 1, common.ruleset, YP_STRING_OF(1, MU_NAME_MAX - 1)),                     \
        YP_FIELD(type, "seed", 1, common.seed, YP_UINT_IN(0, UINT64_MAX)),                                  \
        YP_FIELD(type, "games", 1, common.games, YP_UINT_IN(1, MU_GAMES_MAX)),                              \
        YP_FIELD(type, "output", 0, common.output, YP_MAPPING_OF(mu_output_fields)),                      \
        YP_SEQUENCE_FIELD(type, "sweep", 0, common.sweep, mu_sweep_entry, 1, MU_SWEEP_MAX_AXES),          \
        YP_SEQUENCE_FIELD(type, "balance", 0, common.balance, mu_balance_entry, 1, MU_BALANCE_MAX)

/* A validated experiment. */
typedef struct mu_experiment {
    char path[4096];      /* the file it was loaded from */
    char *text;           /* the file verbatim (owned, NUL-terminated) */
    size_t text_len;
    int schema;           /* MU_SCHEMA_VERSION */
    const struct mu_ruleset *ruleset; /* the registered system the file names */
    uint64_t seed;
    uint64_t games;       /* games per arm */
    char output[4096];    /* output file path ("" if not given) */
    int per_game_rows;    /* write /games rows (count tables are always written) */
    void *config;         /* the system's section (owned; ruleset->free_config) */
    /* A swept experiment (`sweep:` given): the grid's points, each the file
     * with the point's values (muster/sweep.h), and `ruleset` is then the
     * sweep's own table, which plays every point's arms as arms of one
     * run. NULL when the file has no `sweep:`. Owned. */
    struct mu_sweep *sweep;
} mu_experiment;

/* Loads and validates the experiment file at path into *ex (zeroed
 * first). On success returns 0 and the caller frees ex with
 * mu_experiment_free. On failure returns MU_EXIT_NOINPUT (file cannot be
 * read) or MU_EXIT_DATAERR (invalid content) and writes one line into err:
 * "PATH:LINE:COL: error: MESSAGE (path.to[2].field)" (or "PATH: error:
 * MESSAGE" when the file cannot be read); *ex then holds nothing to free. */
int mu_experiment_load(const char *path, mu_experiment *ex, char *err, size_t err_len);

/* Releases what mu_experiment_load allocated in ex. Safe on a zeroed ex. */
void mu_experiment_free(mu_experiment *ex);

#endif
