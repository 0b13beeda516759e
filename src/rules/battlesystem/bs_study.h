/* A Battlesystem study as an experiment file gives it (`ruleset:
 * battlesystem`): rules, table, the units of both sides, rounds and the
 * arms (policy pairings), validated by config/experiment_bs*.c. */
#ifndef MUSTER_BS_STUDY_H
#define MUSTER_BS_STUDY_H

#include "battlesystem/bs_field.h"
#include "battlesystem/bs_rules.h"
#include "battlesystem/bs_unit.h"
#include "muster/experiment.h"

/* Most Game Rounds a Battlesystem game may last. */
#define BS_MAX_ROUNDS 64

/* One unit of a Battlesystem scenario, as placed before round 1. */
typedef struct bs_study_unit {
    char name[MU_NAME_MAX];
    int side;                  /* 0 or 1 (index into bs_study.side_names) */
    bs_profile profile;     /* kind, rate, base, AR, morale, low INT, never checks */
    bs_formation formation; /* allowed for the kind (bs_formation_allowed) */
    int figures;               /* 1..BS_STUDY_MAX_FIGURES */
    int frontage;              /* 1..figures */
    mu_vec2 front_mm;          /* midpoint of the front edge, mm */
    double facing_deg;         /* direction it faces, counter-clockwise from +x */
    int in_command;
    int hidden;                /* hidden or invisible (Q&A 127.66 ambush) */
    mu_vec2 entry_mm;          /* where it entered the table (routs head for it) */
} bs_study_unit;

#define BS_STUDY_MAX_FIGURES 400

/* The Battlesystem policies (src/rules/battlesystem/policy/bs_policy.c, battlesystem/policy/bs_policy.h). */
typedef enum bs_policy_kind {
    BS_POLICY_HOLD,   /* stands still; stays engaged when contacted */
    BS_POLICY_STEADY, /* advances in closed formation, charges when it estimates the enemy in range */
    BS_POLICY_FORCED, /* forced-marches whenever allowed, resting rest_rounds between marches */
    BS_POLICY_RANDOM  /* uniform over the actions the rules allow */
} bs_policy_kind;

/* How a policy estimates a distance it may not pre-measure (7.7): the
 * estimate is true x (1 + e), e ~ N(0, error) or U(-error, +error). */
typedef enum bs_estimate_model {
    BS_ESTIMATE_EXACT,  /* e = 0 (a player who pre-measures) */
    BS_ESTIMATE_NORMAL,
    BS_ESTIMATE_UNIFORM
} bs_estimate_model;

/* One side's policy and its parameters (defaults in brackets). */
typedef struct bs_policy_spec {
    bs_policy_kind kind;
    bs_estimate_model estimate; /* [normal] */
    double estimate_error;         /* sigma or half-width, fraction of the distance [0.1] */
    int charge;                    /* steady: declares charges [1] */
    int closed;                    /* steady: re-forms into closed formation [1] */
    int wrap;                      /* steady: wraps around an enemy it touches [1] */
    int burst;                     /* forced: consecutive marches before resting [1] */
    int rest_rounds;               /* forced: idle rounds after each burst [0] */
    int marches;                   /* forced: marches to make, 0 = no limit [0] */
    int rally;                     /* attempts to rally its routed units [1] */
    int follow;                    /* follows an enemy's fighting withdrawal [1] */
} bs_policy_spec;

/* An arm: a labelled pairing of policies, one per side (a `policies:`
 * entry). */
typedef struct bs_arm {
    char label[MU_NAME_MAX];
    bs_policy_spec side[2];
} bs_arm;

/* A Battlesystem study: rules, table, the units of both sides, rounds and
 * the arms. Games interleave the arms: game g plays arm g % arms. */
typedef struct bs_study {
    bs_rules rules;
    bs_table table; /* width or depth 0: unbounded in that axis */
    int rounds;        /* Game Rounds per game, 1..BS_MAX_ROUNDS */
    char side_names[2][MU_NAME_MAX];
    int n_units;
    bs_study_unit units[BS_MAX_UNITS];
    int n_arms;
    bs_arm arms[MU_MAX_ARMS];
} bs_study;

/* The Battlesystem experiment format and its conversion (the ruleset's
 * experiment_schema, load_config and free_config hooks; the config is a
 * bs_study). */
extern const yp_value bs_experiment_schema;
int bs_load_config(const yp_doc *doc, const void *raw, const mu_experiment *ex, void **config, char *err,
                   size_t err_len);
void bs_free_config(void *config);

#endif
