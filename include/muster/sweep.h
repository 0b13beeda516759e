/* Sweeps: the `sweep:` axes of an experiment file, each over one plain
 * value of the file (`path:`, written as error messages write paths, e.g.
 * "rules.distance_step_cm", "armies[1].units[3].count" or
 * "armies[0].list"), make a grid of points. A value is a number where the
 * file has a number, one word (a file name, a policy name) otherwise.
 * Each point is the file with that point's values written in at those
 * places, checked and converted by the rule system like any file, so a
 * sweep reaches every value a system reads (rule parameters, policy
 * parameters, unit counts, points, army lists) with the system's own
 * checks.
 *
 * The run plays the grid as arms of one run: arm k of a swept run is the
 * file's own arm k % A at point k / A (A the file's arms; points in
 * row-major order, the first axis slowest; point 0 takes every axis's
 * first value, the baseline). The output is the system's own, its `arm`
 * axis labelled "ARM | name=value name=value"; an axis not over the arms
 * whose labels differ between points (an army's characters, when the
 * point changes the army) is labelled by position. Game i of every arm rolls
 * the same dice (common random numbers), so points are compared game by
 * game. */
#ifndef MUSTER_SWEEP_H
#define MUSTER_SWEEP_H

#include "muster/experiment.h"
#include "muster/ruleset.h"

#include <stddef.h>

typedef struct mu_sweep {
    /* The table ex->ruleset points to when swept: the system's name,
     * schema and odds tools, its functions playing the whole grid. */
    mu_ruleset ruleset;
    const mu_ruleset *system; /* the file's own rule system */
    int n_axes;
    char name[MU_SWEEP_MAX_AXES][MU_NAME_MAX];
    char path[MU_SWEEP_MAX_AXES][MU_SWEEP_PATH_MAX];
    size_t start[MU_SWEEP_MAX_AXES], end[MU_SWEEP_MAX_AXES]; /* the value's bytes in the file */
    int n_values[MU_SWEEP_MAX_AXES];
    int numeric[MU_SWEEP_MAX_AXES]; /* 1: the place holds a number, and so does every value */
    char value[MU_SWEEP_MAX_AXES][MU_SWEEP_MAX_VALUES][MU_SWEEP_VALUE_MAX]; /* as written */
    int n_points;
    void **config; /* n_points configurations (system->load_config), owned */
} mu_sweep;

/* Reads the `sweep:` entries of the checked file doc (raw: its common
 * keys, raw->sweep_count > 0) for rule system `system` into a new *out
 * with no configurations yet. Checks what the schema cannot: names
 * distinct, each path a plain value of this file (not a common key, not
 * inside `sweep:`), values numbers where the file has a number and words
 * elsewhere, no two axes at one place, at most MU_SWEEP_MAX_ARMS points. Returns 0, or -1 with one positioned line in err (*out NULL). */
int mu_sweep_read(const yp_doc *doc, const mu_raw_common *raw, const mu_ruleset *system, mu_sweep **out,
                  char *err, size_t err_len);

/* Returns the file's text with point p's values written in (malloc'd,
 * NUL-terminated, *out_len bytes); text is the file (len bytes). */
char *mu_sweep_point_text(const mu_sweep *sw, int p, const char *text, size_t len, size_t *out_len);

/* Returns the index of axis a's value at point p. */
int mu_sweep_value_index(const mu_sweep *sw, int p, int a);

/* Writes point p as "name=value name=value" into out. */
void mu_sweep_point_label(const mu_sweep *sw, int p, char *out, size_t len);

/* Fills sw->ruleset: the system's table with the functions that play the
 * grid (src/io/sweep_ruleset.c; called by mu_sweep_read). */
void mu_sweep_ruleset_init(mu_sweep *sw);

/* Frees sw, its configurations (system->free_config) and all it owns.
 * NULL is ignored. */
void mu_sweep_free(mu_sweep *sw);

#endif
