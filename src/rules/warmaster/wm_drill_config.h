/* The order drill's section of an experiment file (`ruleset:
 * warmaster-order-drill`): the characters and standing units of the
 * study, the order rules and the order-sequence policies, as validated by
 * config/drill_config.c. */
#ifndef MUSTER_WM_DRILL_CONFIG_H
#define MUSTER_WM_DRILL_CONFIG_H

#include "muster/experiment.h"
#include "warmaster/wm_order_roll.h"

#include <stdint.h>

#define WM_DRILL_MAX_CHARACTERS 8
#define WM_DRILL_MAX_UNITS 32
#define WM_DRILL_MAX_BRIGADES 16
#define WM_BRIGADE_MAX_UNITS 4
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

/* A validated order-drill section: what the ruleset plays. */
typedef struct wm_drill_config {
    wm_order_rules order_rules;
    wm_drill_study study;
    int n_arms;
    wm_drill_policy arms[MU_MAX_ARMS]; /* an arm per `policies:` entry: its policy */
} wm_drill_config;

/* The drill's experiment format and its conversion (the ruleset's
 * experiment_schema, load_config and free_config hooks). */
extern const yp_value wm_drill_experiment_schema;
int wm_drill_load_config(const yp_doc *doc, const void *raw, const mu_experiment *ex, void **config, char *err,
                         size_t err_len);
void wm_drill_free_config(void *config);

#endif
