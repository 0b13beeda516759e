/* The `armies:` part of Warmaster files (private to src/io): the raw
 * structs libcyaml fills for one army entry, its schema table, and the
 * conversion that loads the army list it names and checks the choice
 * against it (unknown units and mounts, points, min/max, exactly one
 * General). Battle files use it (army.c); an experiment file can embed
 * the same key with YP_SEQUENCE_FIELD(..., "armies", ..., wm_army_entry,
 * 2, 2) and call wm_army_convert for each entry. */
#ifndef MUSTER_IO_WM_ARMY_IO_H
#define MUSTER_IO_WM_ARMY_IO_H

#include "warmaster/wm_armylist.h"
#include "muster/yaml_prepass.h"

#include <stddef.h>

struct raw_wm_army_unit {
    char *unit;
    int *count;
    char *mount;
    double *at;
    unsigned at_count;
    double *facing;
    int *formation;
    int *command;
};

struct raw_wm_army {
    char *list;
    char *name;
    int *points;
    struct raw_wm_army_unit *units;
    unsigned units_count;
    int *random; /* instead of units: the list's random army number N */
};

/* The schema of one `armies:` entry (a YP_MAPPING of struct raw_wm_army). */
extern const yp_value wm_army_schema;

/* Converts the checked entry r, found at path (e.g. "armies[1]") of d,
 * into *out: loads its list (the path in `list:` is relative to d's file)
 * and validates the choice; with `random: N` instead of `units:`, the
 * army is the list's random army N at its points (wm_army_random with
 * the generator mu_rng_for_purpose(N, points, WM_RANDOM_ARMY_SALT)). Returns 0, or -1 with one error line in err:
 * positioned in d, or the list file's own line when the list is invalid. */
int wm_army_convert(const yp_doc *d, const char *path, const struct raw_wm_army *r, wm_army *out, char *err,
                    size_t err_len);

#endif
