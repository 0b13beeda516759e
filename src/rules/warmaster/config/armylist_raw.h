/* Private to the army-list loader (armylist.c, armylist_refs.c): the raw
 * structs libcyaml fills from a list file (NULL: the key is absent) and
 * the resolution of the names entries give each other. */
#ifndef MUSTER_WM_ARMYLIST_RAW_H
#define MUSTER_WM_ARMYLIST_RAW_H

#include "muster/yaml_conv.h"
#include "warmaster/wm_armylist.h"

#include <stdbool.h>

typedef char wm_raw_name[WM_NAME_MAX];

struct raw_unit {
    char *name;
    char *type;
    int *role;
    char *attacks;
    int *hits;
    char *armour;
    int *command;
    double *range_cm;
    int *size;
    int *points;
    char *min;
    char *max;
    bool *per_army;
    char *counts_toward;
    int *counts_toward_per_1000;
    wm_raw_name *shares_max_with;
    unsigned shares_max_with_count;
    wm_raw_name *requires;
    unsigned requires_count;
    wm_raw_name *adds_to;
    unsigned adds_to_count;
    bool *counts_as_unit;
    bool *summoned_only;
    bool *infiltrate;
    int *infiltrate_per_1000;
    bool *ignores_command_range;
    int *distance_penalty_factor;
    bool *all_round_vision;
    bool *flying;
    double *pace_cm;
    unsigned pace_cm_count;
    double *stand_mm;
    unsigned stand_mm_count;
    int *initiative;
    int *evade;
    int *brigade;
    int *characters_join;
    int *command_modifier;
    wm_raw_name *command_modifier_from;
    unsigned command_modifier_from_count;
    wm_raw_name *command_modifier_waived_by;
    unsigned command_modifier_waived_by_count;
    bool *command_modifier_waived_by_other;
    bool *command_modifier_waived_by_majority;
    wm_raw_name *ordered_by;
    unsigned ordered_by_count;
    double *order_range_cm;
    wm_raw_name *brigade_with;
    unsigned brigade_with_count;
    wm_raw_name *brigade_not_with;
    unsigned brigade_not_with_count;
    wm_raw_name *brigade_not_with_unless;
    unsigned brigade_not_with_unless_count;
    int *terrain_command_penalty;
    bool *gives_orders;
    int *malfunction;
    int *distance_penalty;
    char (*brigade_excludes_types)[16];
    unsigned brigade_excludes_types_count;
    char (*moves_only_brigaded_with_types)[16];
    unsigned moves_only_brigaded_with_types_count;
    double *command_aura_cm;
    int *command_aura_friends, *command_aura_enemies;
    wm_raw_name *command_aura_friend_characters;
    unsigned command_aura_friend_characters_count;
    double *guidance_cm;
    wm_raw_name *guidance_characters;
    unsigned guidance_characters_count;
    int *blunder_demotions;
    int *free_move_d6_cm;
    double *laager_move_cm;
    int *infiltrate_group_max;
    wm_raw_name *infiltrate_group_at_most;
    unsigned infiltrate_group_at_most_count;
    double *infiltrate_pool_fraction;
    int *charge;
    wm_raw_name *shares_rules_with_touching;
    unsigned shares_rules_with_touching_count;
    char (*may_enter)[16];
    unsigned may_enter_count;
    int *general_first_order_command;
    int *brigade_uncounted;
    int *must_charge_race;
    unsigned must_charge_race_count;
    int *race;
    unsigned race_count;
    int *order_modifier;
    wm_raw_name *order_modifier_except;
    unsigned order_modifier_except_count;
    int *enemy_proximity_penalty;
    int *confusion;
    char (*special)[WM_SPECIAL_MAX];
    unsigned special_count;
};

struct raw_mount {
    char *name;
    int *kind;
    char *attacks;
    bool *flying;
    int *points;
    char *min;
    char *max;
    bool *per_army;
    wm_raw_name *riders;
    unsigned riders_count;
    wm_raw_name *cannot_order;
    unsigned cannot_order_count;
    int *command_bonus_one_turn;
    char (*may_enter)[16];
    unsigned may_enter_count;
    double *rider_pace_cm;
    wm_raw_name *requires;
    unsigned requires_count;
    char (*special)[WM_SPECIAL_MAX];
    unsigned special_count;
};

struct raw_army_rules {
    int *initiative;
    int *enemy_proximity_penalty;
    int *confusion;
    int *terrain_command_penalty;
    char (*terrain_command_penalty_types)[16];
    unsigned terrain_command_penalty_types_count;
    double *command_range_cm;
    int *brigade_max_units;
    wm_raw_name *large_brigade_needs;
    unsigned large_brigade_needs_count;
    int *large_brigade_needs_units;
    char (*large_brigade_excludes_types)[16];
    unsigned large_brigade_excludes_types_count;
};

struct raw_list {
    int *schema;
    char *army;
    int *race;
    unsigned race_count;
    int *points_limit;
    struct raw_unit *units;
    unsigned units_count;
    struct raw_mount *mounts;
    unsigned mounts_count;
    struct raw_army_rules *army_rules;
};

/* Resolves the names the entries of r give (counts_toward,
 * shares_max_with, requires, adds_to; mounts' riders and requires) into
 * l, whose units and mounts are converted; checks them. Returns 0, or -1
 * with c's error positioned on the name. */
int wm_armylist_resolve(yc_conv *c, const struct raw_list *r, wm_army_list *l);

#endif
