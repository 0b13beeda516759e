/* An experiment: what to play, how often, with which seed, and where the
 * results go. Loaded from a YAML file by mu_experiment_load, which checks
 * everything; the structures below hold only validated values. */
#ifndef MUSTER_EXPERIMENT_H
#define MUSTER_EXPERIMENT_H

#include "battlesystem/bs_field.h"
#include "battlesystem/bs_rules.h"
#include "battlesystem/bs_unit.h"
#include "warmaster/wm_order_roll.h"

#include <stddef.h>
#include <stdint.h>

/* The experiment file format version this build reads (`schema:` key). */
#define MU_SCHEMA_VERSION 1

#define MU_NAME_MAX 64
#define WM_DRILL_MAX_CHARACTERS 8
#define WM_DRILL_MAX_UNITS 32
#define WM_DRILL_MAX_BRIGADES 16
#define MU_BRIGADE_MAX_UNITS 4
#define MU_MAX_POLICIES 8

/* A character of the order drill. */
typedef struct wm_drill_character {
    char name[MU_NAME_MAX];
    int is_general; /* exactly one character of a study is the General */
    int command;    /* Command value, 2..12 */
} wm_drill_character;

/* A unit of the order drill, standing still: what the penalties see. */
typedef struct wm_drill_unit {
    char name[MU_NAME_MAX];
    /* shortest distance from each character (by character index), mm */
    double distance_mm[WM_DRILL_MAX_CHARACTERS];
    double enemy_distance_mm; /* to the closest enemy; INFINITY if none */
    int in_dense_terrain;
    int stands_lost;
    int ordered_by; /* index of the character the player plans to order it */
    int brigade;    /* index into wm_drill_study.brigade_names, or -1 */
} wm_drill_unit;

/* The order drill's army: characters and units. Units of one brigade touch
 * (that is what declaring the brigade means) and share one ordering
 * character. */
typedef struct wm_drill_study {
    int n_characters;
    wm_drill_character characters[WM_DRILL_MAX_CHARACTERS];
    int general; /* index of the General */
    int n_units;
    wm_drill_unit units[WM_DRILL_MAX_UNITS];
    int n_brigades;
    char brigade_names[WM_DRILL_MAX_BRIGADES][MU_NAME_MAX];
} wm_drill_study;

/* The order sequences a player may follow in the drill. */
typedef enum wm_drill_policy_kind {
    WM_DRILL_AS_LISTED,    /* characters and units in the order listed */
    WM_DRILL_HEROES_FIRST, /* every Hero (as listed) before the General */
    WM_DRILL_GENERAL_FIRST,/* the General, then the Heroes */
    WM_DRILL_NEAREST_FIRST /* Heroes first; each orders his nearest units first */
} wm_drill_policy_kind;

/* A named, parameterised order-drill policy. */
typedef struct wm_drill_policy {
    char label[MU_NAME_MAX]; /* the name in the file, or its `label:` */
    wm_drill_policy_kind kind;
    int orders_per_unit; /* orders to try per unit or brigade, 1..3 */
    int use_brigades;    /* order declared brigades as one body */
} wm_drill_policy;

/* ---- Battlesystem (ruleset `battlesystem`) ------------------------------ */

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

/* A labelled pairing of policies, one per side: the drill's "policy". */
typedef struct bs_matchup {
    char label[MU_NAME_MAX];
    bs_policy_spec side[2];
} bs_matchup;

/* A Battlesystem study: rules, table, the units of both sides, rounds and
 * the policy pairings. Games are grouped by matchup like the drill's
 * policies: game g plays matchup g / games. */
typedef struct bs_study {
    bs_rules rules;
    bs_table table; /* width or depth 0: unbounded in that axis */
    int rounds;        /* Game Rounds per game, 1..BS_MAX_ROUNDS */
    char side_names[2][MU_NAME_MAX];
    int n_units;
    bs_study_unit units[BS_MAX_UNITS];
    int n_matchups;
    bs_matchup matchups[MU_MAX_POLICIES];
} bs_study;

/* ---- Warmaster battles (ruleset `warmaster-battle`, warmaster/wm_battle.h) -- */
struct wm_battle_study;

/* A validated experiment. */
typedef struct mu_experiment {
    char path[4096];      /* the file it was loaded from */
    char *text;           /* the file verbatim (owned, NUL-terminated) */
    size_t text_len;
    int schema;           /* MU_SCHEMA_VERSION */
    char ruleset[MU_NAME_MAX];
    uint64_t seed;
    uint64_t games;       /* games per policy */
    char output[4096];    /* output file path ("" if not given) */
    int per_game_rows;    /* write /games rows (count tables are always written) */
    wm_order_rules order_rules;
    wm_drill_study drill;
    int n_policies;
    wm_drill_policy policies[MU_MAX_POLICIES];
    bs_study battlesystem; /* ruleset `battlesystem` (policies above then unused) */
    struct wm_battle_study *wm_battle; /* ruleset `warmaster-battle` (owned), else NULL */
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
