/* The Warmaster battle part of experiment files (private to src/io): the
 * raw structs libcyaml fills for `rules:` and `policies:` of a file with
 * `ruleset: warmaster-battle` (its `armies:` entries are wm_army_io.h's,
 * its `scenario:` a path), their schema tables, and the conversion into
 * a wm_battle_study with the checks that span several fields.
 *
 * experiment.c owns the top-level table and picks it by the `ruleset:`
 * value, as for Battlesystem (experiment_bs.h). The format with every
 * key: experiments/examples/battle-minimal.yaml. */
#ifndef MUSTER_IO_EXPERIMENT_WM_H
#define MUSTER_IO_EXPERIMENT_WM_H

#include "muster/experiment.h"
#include "wm_army_io.h"
#include "muster/yaml_prepass.h"

#include <stdbool.h>
#include <stddef.h>

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
};

struct raw_wm_arm {
    char *label;
    struct raw_wm_policy *sides;
    unsigned sides_count;
    char *first;
    bool *swap;
};

/* The schema tables of `rules:` (a mapping) and of one `policies:` entry
 * (a YP_MAPPING value). */
#define WM_RULES_KEYS 7
extern const yp_field wm_rules_fields[WM_RULES_KEYS];
extern const yp_value wm_arm_entry;

/* Converts the checked raw `rules:` (may be NULL: the text's rules),
 * `scenario:` (a path relative to d's file), `armies:` (two entries) and
 * `policies:` (n arms) into a new study at ex->wm_battle (freed by
 * mu_experiment_free), and ex->order_rules. Loads the scenario and the
 * army lists, deploys the armies (and, if an arm swaps sides, deploys
 * them swapped), and checks what spans several fields: each side's unit
 * and character counts, `first:` naming an army, unique labels. Returns
 * 0, or -1 with one positioned error line in err (ex->wm_battle NULL). */
int wm_convert(const yp_doc *d, const struct raw_wm_rules *rules, const char *scenario,
               const struct raw_wm_army *armies, const struct raw_wm_arm *arms, unsigned n, mu_experiment *ex,
               char *err, size_t err_len);

#endif
