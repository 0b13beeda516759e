/* A Ninth Age experiment's own section, converted and checked
 * (config/): the rules' parameters, the table and its units as deployed
 * from the scenario file with the profiles file's unit profiles, and the
 * arms (a pairing of policies each). */
#ifndef MUSTER_NA_STUDY_H
#define MUSTER_NA_STUDY_H

#include "muster/experiment.h"
#include "ninth_age/na_field.h"
#include "ninth_age/policy/na_policy.h"

/* Most player turns a side has in a game. */
#define NA_MAX_TURNS 20

typedef struct na_arm {
    char label[MU_NAME_MAX];
    na_policy side[2];
} na_arm;

typedef struct na_study {
    na_rules rules;
    na_table table;
    int turns;  /* game turns: each side has this many Movement Phases */
    int first;  /* the side whose player turn comes first (0 or 1) */
    char side_names[2][MU_NAME_MAX];
    na_field start; /* the units as deployed */
    char unit_names[NA_MAX_UNITS][MU_NAME_MAX];
    char objective_names[NA_MAX_OBJECTIVES][MU_NAME_MAX];
    int discipline_min, discipline_max; /* over the units: the count tables' axis */
    int n_arms;
    na_arm arms[MU_MAX_ARMS];
} na_study;

#endif
