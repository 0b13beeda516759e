/* Warmaster army list files, schema 1: the format as one schema table
 * (yaml_prepass positions every error; libcyaml loads the raw structs
 * generated from the same table), then conversion into wm_army_list
 * with the checks across fields; the names entries give each other are
 * resolved in armylist_refs.c. See warmaster/wm_armylist.h. */
#include "warmaster/wm_armylist.h"
#include "warmaster/wm_battlefield.h"

#include "armylist_raw.h"

#include "muster/status.h"
#include "muster/yaml_conv.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* ---- The format ---------------------------------------------------------- */

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, WM_NAME_MAX - 1)
#define SHORT YP_STRING_OF(1, 15)

static const cyaml_strval_t roles[] = {
    {"general", WM_ROLE_GENERAL}, {"hero", WM_ROLE_HERO}, {"wizard", WM_ROLE_WIZARD}};
static const cyaml_strval_t mount_kinds[] = {{"monstrous", WM_MOUNT_MONSTROUS},
                                             {"chariot", WM_MOUNT_CHARIOT},
                                             {"special", WM_MOUNT_SPECIAL},
                                             {"upgrade", WM_MOUNT_UPGRADE}};
/* the options (ARMY_RULES.md) */
static const cyaml_strval_t initiative_rules[] = {
    {"must_charge", WM_INIT_MUST_CHARGE}, {"never", WM_INIT_NEVER}, {"no_charge", WM_INIT_NO_CHARGE}};
static const cyaml_strval_t never[] = {{"never", 1}};
enum { CONFUSION_NEVER = 1, CONFUSION_STAMPEDE };
static const cyaml_strval_t confusion_rules[] = {{"never", CONFUSION_NEVER}, {"stampede", CONFUSION_STAMPEDE}};
static const cyaml_strval_t no_penalty[] = {{"none", 1}};
static const cyaml_strval_t double_six[] = {{"double_six", 1}};
static const cyaml_strval_t distance_rules[] = {{"none", 1}, {"none_alone", 2}};
static const cyaml_strval_t dense_rules[] = {{"never", WM_DENSE_NONE}, {"none_in_woods", WM_DENSE_NONE_IN_WOODS}};

/* the names of wm_race, in its order (ARMY_RULES.md, "Races") */
static const cyaml_strval_t races[] = {
    {"men", WM_RACE_MEN},          {"dwarfs", WM_RACE_DWARFS},       {"elves", WM_RACE_ELVES},
    {"orcs", WM_RACE_ORCS},        {"goblins", WM_RACE_GOBLINS},     {"halflings", WM_RACE_HALFLINGS},
    {"ogres", WM_RACE_OGRES},      {"giants", WM_RACE_GIANTS},       {"trolls", WM_RACE_TROLLS},
    {"beastmen", WM_RACE_BEASTMEN}, {"undead", WM_RACE_UNDEAD},      {"daemons", WM_RACE_DAEMONS},
    {"lizardmen", WM_RACE_LIZARDMEN}, {"skaven", WM_RACE_SKAVEN},    {"animals", WM_RACE_ANIMALS},
    {"monsters", WM_RACE_MONSTERS}, {"spirits", WM_RACE_SPIRITS},    {"constructs", WM_RACE_CONSTRUCTS},
    {"chaos", WM_RACE_CHAOS}};
_Static_assert(sizeof races / sizeof races[0] == WM_RACE_COUNT && WM_RACE_COUNT <= 32, "one name per race, 32 bits");

static const yp_value race_entry = {.size = sizeof(int), YP_ENUM_OF("race", races)};
static const yp_value special_entry = {.size = WM_SPECIAL_MAX, YP_STRING_OF(1, WM_SPECIAL_MAX - 1)};
static const yp_value pace_entry = {.size = sizeof(double), YP_FLOAT_ABOVE(0.0, 1000.0)};
static const yp_value stand_entry = {.size = sizeof(double), YP_FLOAT_ABOVE(0.0, 500.0)};
static const yp_value name_entry = {.size = WM_NAME_MAX, NAME};
static const yp_value troop_entry = {.size = 16, SHORT};

static const yp_field unit_fields[] = {
    YP_FIELD(struct raw_unit, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_unit, "type", REQUIRED, type, SHORT),
    YP_FIELD(struct raw_unit, "role", OPTIONAL, role, YP_ENUM_OF("role", roles)),
    YP_FIELD(struct raw_unit, "attacks", REQUIRED, attacks, SHORT),
    YP_FIELD(struct raw_unit, "hits", OPTIONAL, hits, YP_INT_IN(1, 99)),
    YP_FIELD(struct raw_unit, "armour", OPTIONAL, armour, SHORT),
    YP_FIELD(struct raw_unit, "command", OPTIONAL, command, YP_INT_IN(2, 12)),
    YP_FIELD(struct raw_unit, "range_cm", OPTIONAL, range_cm, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_FIELD(struct raw_unit, "size", REQUIRED, size, YP_INT_IN(1, WM_MAX_STANDS)),
    YP_FIELD(struct raw_unit, "points", REQUIRED, points, YP_INT_IN(0, 10000)),
    YP_FIELD(struct raw_unit, "min", OPTIONAL, min, SHORT),
    YP_FIELD(struct raw_unit, "max", OPTIONAL, max, SHORT),
    YP_FIELD(struct raw_unit, "per_army", OPTIONAL, per_army, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "counts_toward", OPTIONAL, counts_toward, NAME),
    YP_FIELD(struct raw_unit, "counts_toward_per_1000", OPTIONAL, counts_toward_per_1000, YP_INT_IN(1, 99)),
    YP_SEQUENCE_FIELD(struct raw_unit, "shares_max_with", OPTIONAL, shares_max_with, name_entry, 1, WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_unit, "requires", OPTIONAL, requires, name_entry, 1, WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_unit, "adds_to", OPTIONAL, adds_to, name_entry, 1, WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_unit, "counts_as_unit", OPTIONAL, counts_as_unit, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "summoned_only", OPTIONAL, summoned_only, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "infiltrate", OPTIONAL, infiltrate, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "infiltrate_per_1000", OPTIONAL, infiltrate_per_1000, YP_INT_IN(1, 99)),
    YP_FIELD(struct raw_unit, "infiltrate_group_max", OPTIONAL, infiltrate_group_max, YP_INT_IN(2, WM_BRIGADE_MAX)),
    YP_SEQUENCE_FIELD(struct raw_unit, "infiltrate_group_at_most", OPTIONAL, infiltrate_group_at_most, name_entry, 1,
                      WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_unit, "infiltrate_pool_fraction", OPTIONAL, infiltrate_pool_fraction,
             YP_FLOAT_ABOVE(0.0, 1.0)),
    YP_FIELD(struct raw_unit, "ignores_command_range", OPTIONAL, ignores_command_range, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "distance_penalty_factor", OPTIONAL, distance_penalty_factor, YP_INT_IN(1, 4)),
    YP_FIELD(struct raw_unit, "all_round_vision", OPTIONAL, all_round_vision, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "flying", OPTIONAL, flying, YP_BOOLEAN),
    YP_SEQUENCE_FIELD(struct raw_unit, "pace_cm", OPTIONAL, pace_cm, pace_entry, 2, 2),
    YP_SEQUENCE_FIELD(struct raw_unit, "stand_mm", OPTIONAL, stand_mm, stand_entry, 2, 2),
    YP_FIELD(struct raw_unit, "initiative", OPTIONAL, initiative, YP_ENUM_OF("initiative rule", initiative_rules)),
    YP_FIELD(struct raw_unit, "evade", OPTIONAL, evade, YP_ENUM_OF("evade rule", never)),
    YP_FIELD(struct raw_unit, "brigade", OPTIONAL, brigade, YP_ENUM_OF("brigade rule", never)),
    YP_FIELD(struct raw_unit, "characters_join", OPTIONAL, characters_join, YP_ENUM_OF("characters_join rule", never)),
    YP_FIELD(struct raw_unit, "command_modifier", OPTIONAL, command_modifier, YP_INT_IN(-3, 3)),
    YP_SEQUENCE_FIELD(struct raw_unit, "command_modifier_from", OPTIONAL, command_modifier_from, name_entry, 1,
                      WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_unit, "command_modifier_waived_by", OPTIONAL, command_modifier_waived_by, name_entry,
                      1, WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_unit, "command_modifier_waived_by_other", OPTIONAL, command_modifier_waived_by_other,
             YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "command_modifier_waived_by_majority", OPTIONAL, command_modifier_waived_by_majority,
             YP_BOOLEAN),
    YP_SEQUENCE_FIELD(struct raw_unit, "ordered_by", OPTIONAL, ordered_by, name_entry, 1, WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_unit, "order_range_cm", OPTIONAL, order_range_cm, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_SEQUENCE_FIELD(struct raw_unit, "brigade_with", OPTIONAL, brigade_with, name_entry, 1, WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_unit, "brigade_not_with", OPTIONAL, brigade_not_with, name_entry, 1,
                      WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_unit, "brigade_not_with_unless", OPTIONAL, brigade_not_with_unless, name_entry, 1,
                      WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_unit, "terrain_command_penalty", OPTIONAL, terrain_command_penalty,
             YP_ENUM_OF("terrain_command_penalty rule", dense_rules)),
    YP_FIELD(struct raw_unit, "gives_orders", OPTIONAL, gives_orders, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "enemy_proximity_penalty", OPTIONAL, enemy_proximity_penalty,
             YP_ENUM_OF("enemy_proximity_penalty rule", no_penalty)),
    YP_FIELD(struct raw_unit, "confusion", OPTIONAL, confusion, YP_ENUM_OF("confusion rule", confusion_rules)),
    YP_FIELD(struct raw_unit, "malfunction", OPTIONAL, malfunction, YP_ENUM_OF("malfunction rule", double_six)),
    YP_FIELD(struct raw_unit, "distance_penalty", OPTIONAL, distance_penalty,
             YP_ENUM_OF("distance_penalty rule", distance_rules)),
    YP_SEQUENCE_FIELD(struct raw_unit, "brigade_excludes_types", OPTIONAL, brigade_excludes_types, troop_entry, 1,
                      WM_TROOP_COUNT),
    YP_SEQUENCE_FIELD(struct raw_unit, "moves_only_brigaded_with_types", OPTIONAL, moves_only_brigaded_with_types,
                      troop_entry, 1, WM_TROOP_COUNT),
    YP_FIELD(struct raw_unit, "command_aura_cm", OPTIONAL, command_aura_cm, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_FIELD(struct raw_unit, "command_aura_friends", OPTIONAL, command_aura_friends, YP_INT_IN(-3, 3)),
    YP_FIELD(struct raw_unit, "command_aura_enemies", OPTIONAL, command_aura_enemies, YP_INT_IN(-3, 3)),
    YP_SEQUENCE_FIELD(struct raw_unit, "command_aura_friend_characters", OPTIONAL, command_aura_friend_characters,
                      name_entry, 1, WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_unit, "guidance_cm", OPTIONAL, guidance_cm, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_SEQUENCE_FIELD(struct raw_unit, "guidance_characters", OPTIONAL, guidance_characters, name_entry, 1,
                      WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_unit, "shares_rules_with_touching", OPTIONAL, shares_rules_with_touching, name_entry,
                      1, WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_unit, "free_move_d6_cm", OPTIONAL, free_move_d6_cm, YP_INT_IN(1, 30)),
    YP_FIELD(struct raw_unit, "laager_move_cm", OPTIONAL, laager_move_cm, YP_FLOAT_IN(0.1, 100.0)),
    YP_FIELD(struct raw_unit, "charge", OPTIONAL, charge, YP_ENUM_OF("charge rule", never)),
    YP_FIELD(struct raw_unit, "blunder_demotions", OPTIONAL, blunder_demotions, YP_INT_IN(1, 9)),
    YP_SEQUENCE_FIELD(struct raw_unit, "may_enter", OPTIONAL, may_enter, troop_entry, 1, WM_TERRAIN_COUNT),
    YP_FIELD(struct raw_unit, "general_first_order_command", OPTIONAL, general_first_order_command, YP_INT_IN(2, 12)),
    YP_FIELD(struct raw_unit, "brigade_uncounted", OPTIONAL, brigade_uncounted,
             YP_INT_IN(1, WM_BRIGADE_MAX - WM_BRIGADE_RULEBOOK)),
    YP_SEQUENCE_FIELD(struct raw_unit, "must_charge_race", OPTIONAL, must_charge_race, race_entry, 1, WM_RACE_COUNT),
    YP_SEQUENCE_FIELD(struct raw_unit, "race", OPTIONAL, race, race_entry, 1, WM_RACE_COUNT),
    YP_FIELD(struct raw_unit, "order_modifier", OPTIONAL, order_modifier, YP_INT_IN(-3, 3)),
    YP_SEQUENCE_FIELD(struct raw_unit, "order_modifier_except", OPTIONAL, order_modifier_except, name_entry, 1,
                      WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_unit, "special", OPTIONAL, special, special_entry, 0, WM_LIST_MAX_SPECIAL),
};
static const yp_value unit_entry = {.size = sizeof(struct raw_unit), YP_MAPPING_OF(unit_fields)};

static const yp_field mount_fields[] = {
    YP_FIELD(struct raw_mount, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_mount, "kind", REQUIRED, kind, YP_ENUM_OF("mount kind", mount_kinds)),
    YP_FIELD(struct raw_mount, "attacks", OPTIONAL, attacks, SHORT),
    YP_FIELD(struct raw_mount, "flying", OPTIONAL, flying, YP_BOOLEAN),
    YP_FIELD(struct raw_mount, "points", REQUIRED, points, YP_INT_IN(0, 10000)),
    YP_FIELD(struct raw_mount, "min", OPTIONAL, min, SHORT),
    YP_FIELD(struct raw_mount, "max", OPTIONAL, max, SHORT),
    YP_FIELD(struct raw_mount, "per_army", OPTIONAL, per_army, YP_BOOLEAN),
    YP_SEQUENCE_FIELD(struct raw_mount, "riders", REQUIRED, riders, name_entry, 1, WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_mount, "requires", OPTIONAL, requires, name_entry, 1, WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_mount, "cannot_order", OPTIONAL, cannot_order, name_entry, 1, WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_mount, "command_bonus_one_turn", OPTIONAL, command_bonus_one_turn, YP_INT_IN(1, 3)),
    YP_SEQUENCE_FIELD(struct raw_mount, "may_enter", OPTIONAL, may_enter, troop_entry, 1, WM_TERRAIN_COUNT),
    YP_FIELD(struct raw_mount, "rider_pace_cm", OPTIONAL, rider_pace_cm, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_SEQUENCE_FIELD(struct raw_mount, "special", OPTIONAL, special, special_entry, 0, WM_LIST_MAX_SPECIAL),
};
static const yp_value mount_entry = {.size = sizeof(struct raw_mount), YP_MAPPING_OF(mount_fields)};

static const yp_field army_rule_fields[] = {
    YP_FIELD(struct raw_army_rules, "initiative", OPTIONAL, initiative, YP_ENUM_OF("initiative rule", never)),
    YP_FIELD(struct raw_army_rules, "enemy_proximity_penalty", OPTIONAL, enemy_proximity_penalty,
             YP_ENUM_OF("enemy_proximity_penalty rule", no_penalty)),
    YP_FIELD(struct raw_army_rules, "confusion", OPTIONAL, confusion, YP_ENUM_OF("confusion rule", never)),
    YP_FIELD(struct raw_army_rules, "terrain_command_penalty", OPTIONAL, terrain_command_penalty,
             YP_ENUM_OF("terrain_command_penalty rule", dense_rules)),
    YP_SEQUENCE_FIELD(struct raw_army_rules, "terrain_command_penalty_types", OPTIONAL,
                      terrain_command_penalty_types, troop_entry, 1, WM_TROOP_COUNT),
    YP_FIELD(struct raw_army_rules, "command_range_cm", OPTIONAL, command_range_cm, YP_FLOAT_ABOVE(0.0, 1000.0)),
    YP_FIELD(struct raw_army_rules, "brigade_max_units", OPTIONAL, brigade_max_units,
             YP_INT_IN(WM_BRIGADE_RULEBOOK, WM_BRIGADE_MAX)),
    YP_SEQUENCE_FIELD(struct raw_army_rules, "large_brigade_needs", OPTIONAL, large_brigade_needs, name_entry, 1,
                      WM_LIST_MAX_UNITS),
    YP_FIELD(struct raw_army_rules, "large_brigade_needs_units", OPTIONAL, large_brigade_needs_units,
             YP_INT_IN(1, WM_BRIGADE_MAX)),
    YP_SEQUENCE_FIELD(struct raw_army_rules, "large_brigade_excludes_types", OPTIONAL, large_brigade_excludes_types,
                      troop_entry, 1, WM_TROOP_COUNT),
};

static const yp_field list_fields[] = {
    YP_FIELD(struct raw_list, "schema", REQUIRED, schema, YP_INT_IN(INT_MIN, INT_MAX)),
    YP_FIELD(struct raw_list, "army", REQUIRED, army, NAME),
    YP_SEQUENCE_FIELD(struct raw_list, "race", OPTIONAL, race, race_entry, 1, WM_RACE_COUNT),
    YP_FIELD(struct raw_list, "points_limit", OPTIONAL, points_limit, YP_INT_IN(1, 100000)),
    YP_SEQUENCE_FIELD(struct raw_list, "units", REQUIRED, units, unit_entry, 1, WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_list, "mounts", OPTIONAL, mounts, mount_entry, 0, WM_LIST_MAX_MOUNTS),
    YP_FIELD(struct raw_list, "army_rules", OPTIONAL, army_rules, YP_MAPPING_OF(army_rule_fields)),
};
static const yp_value list_schema = {.size = sizeof(struct raw_list), YP_MAPPING_OF(list_fields)};

/* ---- Conversion ------------------------------------------------------------ */

/* The set of races a race list names (bit per wm_race). */
static uint32_t race_set(const int *race, unsigned n)
{
    uint32_t set = 0;
    for (unsigned k = 0; k < n; k++)
        set |= 1u << race[k];
    return set;
}

/* Reads 1 or 2 decimal digits at *p into *n; returns 0 or -1. */
static int small_number(const char **p, int *n)
{
    const char *s = *p;
    if (!isdigit((unsigned char)s[0]) || (s[0] == '0' && isdigit((unsigned char)s[1])))
        return -1;
    *n = s[0] - '0';
    s++;
    if (isdigit((unsigned char)s[0]))
        *n = *n * 10 + (*s++ - '0');
    *p = s;
    return isdigit((unsigned char)s[0]) ? -1 : 0;
}

/* Parses attacks as the lists print them: "+N" when bonus, else "N" or
 * "N/S" with S a shooting value: a digit or D (dice: "D6") first, then
 * digits, letters, '+' and '-' (by range: "8-4-2"). */
static int parse_attacks(const char *s, int bonus, int *attacks, char shooting[WM_SHOOTING_MAX])
{
    shooting[0] = '\0';
    if ((s[0] == '+') != (bonus != 0))
        return -1;
    s += bonus != 0;
    if (small_number(&s, attacks) != 0)
        return -1;
    if (*s == '\0')
        return 0;
    if (bonus || *s != '/' || !(isdigit((unsigned char)s[1]) || s[1] == 'D'))
        return -1;
    for (const char *q = ++s; *q; q++)
        if (!isalnum((unsigned char)*q) && *q != '+' && *q != '-')
            return -1;
    snprintf(shooting, WM_SHOOTING_MAX, "%s", s);
    return 0;
}

static int convert_attacks(yc_conv *c, const char *what, int i, const char *s, int bonus, int *a, char *shooting)
{
    if (parse_attacks(s, bonus, a, shooting) == 0)
        return 0;
    yc_at(c, "%s[%d].attacks", what, i);
    if (bonus)
        return yc_fail(c, "a %s's attacks are a bonus +N as the army lists print it (e.g. +2), got '%s'",
                       strcmp(what, "mounts") == 0 ? "mount" : "character", s);
    return yc_fail(c, "attacks must be N or N/S as the army lists print them (e.g. 3 or 3/1), got '%s'", s);
}

/* "1+".."6+", or "0" / "-" for none. */
static int convert_armour(yc_conv *c, int i, const char *s, int *armour)
{
    if (strcmp(s, "0") == 0 || strcmp(s, "-") == 0) {
        *armour = 0;
        return 0;
    }
    if (s[0] >= '1' && s[0] <= '6' && s[1] == '+' && s[2] == '\0') {
        *armour = s[0] - '0';
        return 0;
    }
    return yc_fail(yc_at(c, "units[%d].armour", i), "armour must be 1+ to 6+, or 0 or - for none, got '%s'", s);
}

/* min/max: absent or "-" is none; else a whole number 0..99. */
static int convert_bound(yc_conv *c, const char *what, int i, const char *key, const char *s, int none, int *out)
{
    const char *p = s;
    *out = none;
    if (s == NULL || strcmp(s, "-") == 0)
        return 0;
    if (small_number(&p, out) == 0 && *p == '\0')
        return 0;
    return yc_fail(yc_at(c, "%s[%d].%s", what, i, key),
                   "%s must be a whole number (0 to 99) or - for none, got '%s'", key, s);
}

static int convert_limit(yc_conv *c, const char *what, int i, const char *min, const char *max, const bool *per_army,
                         wm_limit *out)
{
    if (convert_bound(c, what, i, "min", min, 0, &out->min) != 0 ||
        convert_bound(c, what, i, "max", max, WM_UNLIMITED, &out->max) != 0)
        return -1;
    out->per_army = per_army != NULL && *per_army;
    if (out->max != WM_UNLIMITED && out->max < out->min)
        return yc_fail(yc_at(c, "%s[%d].max", what, i), "max %d is less than min %d", out->max, out->min);
    return 0;
}

static int convert_troop(yc_conv *c, int i, const char *name, wm_troop *out)
{
    char list[256] = "";
    *out = wm_troop_from_name(name);
    if (*out != WM_TROOP_COUNT)
        return 0;
    for (int t = 0, n = 0; t < WM_TROOP_COUNT; t++)
        n += snprintf(list + n, sizeof list - (size_t)n, "%s%s", t ? ", " : "", wm_troop_name((wm_troop)t));
    return yc_fail(yc_at(c, "units[%d].type", i), "unknown troop type '%s' (expected one of: %s)", name, list);
}

static void copy_special(char (*dst)[WM_SPECIAL_MAX], int *n, char (*src)[WM_SPECIAL_MAX], unsigned count)
{
    *n = (int)count;
    for (unsigned k = 0; k < count; k++)
        snprintf(dst[k], WM_SPECIAL_MAX, "%s", src[k]);
}

/* What only characters have, and what they may not give. */
static int character_keys(yc_conv *c, int i, const struct raw_unit *r, wm_list_unit *u)
{
    int ch = u->troop == WM_CHARACTER;
    const char *tn = wm_troop_name(u->troop);
    if (ch && r->role == NULL)
        return yc_fail(yc_at(c, "units[%d]", i), "a character needs role: general, hero or wizard");
    int gives_orders = r->gives_orders == NULL || *r->gives_orders;
    if (ch && r->command == NULL && gives_orders)
        return yc_fail(yc_at(c, "units[%d]", i), "a character needs a command value (or gives_orders: false)");
    if (!ch && r->gives_orders != NULL)
        return yc_fail(yc_at(c, "units[%d].gives_orders", i), "gives_orders is only for characters; '%s' is %s",
                       u->name, tn);
    if (!ch && r->role != NULL)
        return yc_fail(yc_at(c, "units[%d].role", i), "role is only for characters; '%s' is %s", u->name, tn);
    /* RULE wm.armylist.guidance */
    if (!ch && r->guidance_cm != NULL)
        return yc_fail(yc_at(c, "units[%d].guidance_cm", i), "guidance_cm is only for characters; '%s' is %s",
                       u->name, tn);
    if (!r->guidance_cm != !r->guidance_characters)
        return yc_fail(yc_at(c, "units[%d].guidance_cm", i), "guidance needs both guidance_cm and "
                       "guidance_characters");
    u->rules.guidance_mm = (int16_t)(r->guidance_cm ? *r->guidance_cm * 10.0 : 0.0);
    /* RULE wm.armylist.blunder-demotion */
    if (r->blunder_demotions && !(ch && *r->role == WM_ROLE_GENERAL))
        return yc_fail(yc_at(c, "units[%d].blunder_demotions", i), "blunder_demotions is only for the General; "
                       "'%s' is not one", u->name);
    u->rules.blunder_demotions = (int8_t)(r->blunder_demotions ? *r->blunder_demotions : 0);
    if (!ch && r->command != NULL)
        return yc_fail(yc_at(c, "units[%d].command", i), "command is only for characters; '%s' is %s", u->name, tn);
    if (ch && r->hits != NULL)
        return yc_fail(yc_at(c, "units[%d].hits", i), "characters have no hits in the army lists; leave hits out");
    if (ch && r->armour != NULL)
        return yc_fail(yc_at(c, "units[%d].armour", i),
                       "characters have no armour in the army lists; leave armour out");
    if (!ch && r->hits == NULL)
        return yc_fail(yc_at(c, "units[%d]", i), "missing required key 'hits'");
    if (!ch && r->armour == NULL)
        return yc_fail(yc_at(c, "units[%d]", i), "missing required key 'armour'");
    u->role = ch ? (wm_role)*r->role : WM_ROLE_NONE;
    u->command = ch && r->command ? *r->command : 0;
    u->rules.gives_no_orders = !gives_orders;
    u->hits = ch ? 0 : *r->hits;
    return ch ? 0 : convert_armour(c, i, r->armour, &u->armour);
}

/* RULE wm.armylist.own-paces */
static int convert_paces(yc_conv *c, int i, const struct raw_unit *r, wm_list_unit *u)
{
    int machine = u->troop == WM_MACHINES, flying = (u->flags & WM_FLYING) != 0;
    if (r->pace_cm != NULL && !machine && u->troop != WM_ARTILLERY)
        return yc_fail(yc_at(c, "units[%d].pace_cm", i),
                       "pace_cm is only for machines and artillery with a move of their own; the Movement Chart "
                       "gives %s its paces", wm_troop_name(u->troop));
    if (r->pace_cm != NULL && flying)
        return yc_fail(yc_at(c, "units[%d].pace_cm", i), "a flying machine takes the flying paces; leave pace_cm out");
    if (machine && !flying && r->pace_cm == NULL)
        return yc_fail(yc_at(c, "units[%d]", i),
                       "a machine needs pace_cm: [full, half] (its paces come from its list)");
    if (r->pace_cm == NULL)
        return 0;
    if (r->pace_cm[1] > r->pace_cm[0])
        return yc_fail(yc_at(c, "units[%d].pace_cm", i), "half pace %g cm is more than full pace %g cm", r->pace_cm[1],
                       r->pace_cm[0]);
    u->full_pace_mm = r->pace_cm[0] * 10.0;
    u->half_pace_mm = r->pace_cm[1] * 10.0;
    return 0;
}

/* The troop types of units names[0..n) names, as a set (bit per
 * wm_troop) into *out; key is the key's path ("units[2].brigade_excludes_types").
 * Returns 0 or -1. */
static int troop_set(yc_conv *c, const char *key, char (*names)[16], unsigned n, unsigned *out)
{
    for (unsigned k = 0; k < n; k++) {
        wm_troop t = wm_troop_from_name(names[k]);
        if (t == WM_TROOP_COUNT || t == WM_CHARACTER)
            return yc_fail(yc_at(c, "%s[%u]", key, k), "'%s' is not a troop type of units", names[k]);
        *out |= 1u << t;
    }
    return 0;
}

/* The kinds of terrain names[0..n) names, as a set (bit per wm_terrain)
 * into *out; what[i].may_enter is the key. Returns 0 or -1. */
static int terrain_set(yc_conv *c, const char *what, int i, char (*names)[16], unsigned n, uint16_t *out)
{
    _Static_assert(WM_TERRAIN_COUNT <= 16, "may_enter is 16 bits");
    for (unsigned k = 0; k < n; k++) {
        wm_terrain t = wm_terrain_from_name(names[k]);
        if (t == WM_TERRAIN_COUNT)
            return yc_fail(yc_at(c, "%s[%d].may_enter[%u]", what, i, k), "'%s' is not a kind of terrain", names[k]);
        *out |= (uint16_t)(1u << t);
    }
    return 0;
}

/* The options of unit entry i (ARMY_RULES.md). */
static int convert_options(yc_conv *c, int i, const struct raw_unit *r, wm_list_unit *u)
{
    int ch = u->troop == WM_CHARACTER;
    if (ch && (r->initiative || r->evade || r->brigade || r->command_modifier || r->terrain_command_penalty ||
               r->ordered_by || r->order_range_cm || r->brigade_with || r->enemy_proximity_penalty || r->confusion ||
               r->malfunction || r->distance_penalty || r->brigade_excludes_types || r->brigade_not_with ||
               r->general_first_order_command || r->must_charge_race || r->brigade_uncounted || r->infiltrate ||
               r->ignores_command_range || r->shares_rules_with_touching || r->free_move_d6_cm ||
               r->laager_move_cm || r->charge))
        return yc_fail(yc_at(c, "units[%d]", i), "initiative, evade, brigade, brigade_with, command_modifier, "
                       "ordered_by, order_range_cm, terrain_command_penalty, enemy_proximity_penalty, "
                       "confusion, malfunction, general_first_order_command, must_charge_race, "
                       "brigade_uncounted, infiltrate, ignores_command_range, shares_rules_with_touching, "
                       "free_move_d6_cm, laager_move_cm and charge are rules for units, not characters");
    if (!r->command_modifier && (r->command_modifier_from || r->command_modifier_waived_by ||
                                 r->command_modifier_waived_by_other || r->command_modifier_waived_by_majority))
        return yc_fail(yc_at(c, "units[%d]", i), "command_modifier_from and command_modifier_waived_by(_other) "
                       "qualify a command_modifier; give one");
    u->rules.waived_by_other = r->command_modifier_waived_by_other && *r->command_modifier_waived_by_other;
    u->rules.waived_by_majority = r->command_modifier_waived_by_majority && *r->command_modifier_waived_by_majority;
    u->rules.no_enemy_close = r->enemy_proximity_penalty != NULL;
    u->rules.never_confused = r->confusion && *r->confusion == CONFUSION_NEVER;
    u->rules.stampedes = r->confusion && *r->confusion == CONFUSION_STAMPEDE; /* RULE wm.armylist.stampede */
    u->rules.malfunctions = r->malfunction != NULL;
    u->rules.no_distance = (int8_t)(r->distance_penalty ? *r->distance_penalty : 0);
    u->rules.order_modifier = (int8_t)(r->order_modifier ? *r->order_modifier : 0);
    u->rules.general_first_command = (int8_t)(r->general_first_order_command ? *r->general_first_order_command : 0);
    u->rules.brigade_uncounted = (int8_t)(r->brigade_uncounted ? *r->brigade_uncounted : 0);
    u->rules.must_charge_races = race_set(r->must_charge_race, r->must_charge_race_count);
    if (r->must_charge_race && !(r->initiative && *r->initiative == WM_INIT_MUST_CHARGE))
        return yc_fail(yc_at(c, "units[%d].must_charge_race", i), "must_charge_race qualifies initiative: "
                       "must_charge; give it");
    if (!ch && (r->order_modifier || r->order_modifier_except))
        return yc_fail(yc_at(c, "units[%d].order_modifier", i), "order_modifier is a character's rule (his orders); "
                       "'%s' is %s", u->name, wm_troop_name(u->troop));
    if (r->brigade_not_with_unless && !r->brigade_not_with)
        return yc_fail(yc_at(c, "units[%d].brigade_not_with_unless", i), "brigade_not_with_unless qualifies a "
                       "brigade_not_with; give one");
    if (r->order_modifier_except && !r->order_modifier)
        return yc_fail(yc_at(c, "units[%d].order_modifier_except", i), "order_modifier_except needs an "
                       "order_modifier");
    char key[48];
    unsigned types = 0;
    snprintf(key, sizeof key, "units[%d].brigade_excludes_types", i);
    if (troop_set(c, key, r->brigade_excludes_types, r->brigade_excludes_types_count, &types) != 0)
        return -1;
    u->rules.brigade_excludes = (uint8_t)types;
    snprintf(key, sizeof key, "units[%d].moves_only_brigaded_with_types", i); /* RULE wm.armylist.brigaded-only */
    types = 0;
    if (troop_set(c, key, r->moves_only_brigaded_with_types, r->moves_only_brigaded_with_types_count, &types) != 0)
        return -1;
    u->rules.brigaded_only_with = (uint8_t)types;
    /* RULE wm.armylist.command-aura */
    u->rules.aura_mm = (int16_t)(r->command_aura_cm ? *r->command_aura_cm * 10.0 : 0.0);
    u->rules.aura_friends = (int8_t)(r->command_aura_friends ? *r->command_aura_friends : 0);
    u->rules.aura_enemies = (int8_t)(r->command_aura_enemies ? *r->command_aura_enemies : 0);
    if (!r->command_aura_cm != !(r->command_aura_friends || r->command_aura_enemies) ||
        (r->command_aura_friend_characters && !r->command_aura_friends))
        return yc_fail(yc_at(c, "units[%d].command_aura_cm", i), "a command aura gives command_aura_cm and "
                       "command_aura_friends or command_aura_enemies (command_aura_friend_characters qualifies "
                       "command_aura_friends)");
    if (terrain_set(c, "units", i, r->may_enter, r->may_enter_count, &u->rules.may_enter) != 0)
        return -1;
    u->rules.order_range_mm = (int16_t)(r->order_range_cm ? *r->order_range_cm * 10.0 : 0.0);
    u->rules.initiative = (int8_t)(r->initiative ? *r->initiative : WM_INIT_FREE);
    u->rules.never_evade = r->evade != NULL;
    u->rules.never_brigade = r->brigade != NULL;
    u->rules.free_move_d6_cm = (int8_t)(r->free_move_d6_cm ? *r->free_move_d6_cm : 0); /* RULE wm.armylist.free-move */
    u->rules.laager_mm = (int16_t)(r->laager_move_cm ? lround(*r->laager_move_cm * 10.0) : 0); /* RULE wm.armylist.laager */
    u->rules.cannot_charge = r->charge != NULL; /* RULE wm.armylist.cannot-charge */
    u->rules.command_modifier = (int8_t)(r->command_modifier ? *r->command_modifier : 0);
    u->rules.dense = (int8_t)(r->terrain_command_penalty ? *r->terrain_command_penalty : WM_DENSE_PENALTY);
    u->no_characters_join = r->characters_join != NULL;
    u->counts_as_unit = r->counts_as_unit == NULL || *r->counts_as_unit;
    u->summoned_only = r->summoned_only != NULL && *r->summoned_only;
    u->infiltrate = r->infiltrate != NULL && *r->infiltrate; /* RULE wm.armylist.infiltrate */
    u->infiltrate_per_1000 = r->infiltrate_per_1000 ? *r->infiltrate_per_1000 : 0;
    u->rules.ignores_command_range = r->ignores_command_range != NULL && *r->ignores_command_range;
    if (r->infiltrate_per_1000 && !u->infiltrate)
        return yc_fail(yc_at(c, "units[%d].infiltrate_per_1000", i), "infiltrate_per_1000 qualifies "
                       "infiltrate: true; give it");
    /* RULE wm.armylist.infiltrate-group */
    u->rules.infiltrate_group_max = (int8_t)(r->infiltrate_group_max ? *r->infiltrate_group_max : 0);
    u->infiltrate_pool_fraction = r->infiltrate_pool_fraction ? *r->infiltrate_pool_fraction : 0.0;
    if ((r->infiltrate_group_max || r->infiltrate_pool_fraction) && !u->infiltrate)
        return yc_fail(yc_at(c, "units[%d].%s", i, r->infiltrate_group_max ? "infiltrate_group_max"
                                                                             : "infiltrate_pool_fraction"),
                       "infiltrate_group_max and infiltrate_pool_fraction qualify infiltrate: true; give it");
    if (r->infiltrate_group_at_most && !r->infiltrate_group_max)
        return yc_fail(yc_at(c, "units[%d].infiltrate_group_at_most", i), "infiltrate_group_at_most qualifies "
                       "infiltrate_group_max; give it");
    if (u->rules.initiative == WM_INIT_NEVER && u->rules.never_evade)
        return yc_fail(yc_at(c, "units[%d].evade", i), "evade: never says nothing more once initiative is never");
    return 0;
}

/* RULE wm.armylist.trolls-distance */
static int convert_unit(yc_conv *c, const struct raw_unit *r, int i, wm_army_list *l)
{
    wm_list_unit *u = &l->unit[i];
    snprintf(u->name, sizeof u->name, "%s", r->name);
    if (wm_list_unit_index(l, u->name) < i)
        return yc_fail(yc_at(c, "units[%d].name", i), "unit name '%s' is already used by units[%d]", u->name,
                       wm_list_unit_index(l, u->name));
    if (convert_troop(c, i, r->type, &u->troop) != 0 || character_keys(c, i, r, u) != 0 ||
        convert_attacks(c, "units", i, r->attacks, u->troop == WM_CHARACTER, &u->attacks, u->shooting) != 0)
        return -1;
    if (r->range_cm != NULL && u->shooting[0] == '\0')
        return yc_fail(yc_at(c, "units[%d].range_cm", i),
                       "range_cm is only for shooters; attacks '%s' has no shooting value", r->attacks);
    u->range_mm = r->range_cm ? *r->range_cm * 10.0 : 0.0;
    u->size = *r->size;
    u->points = *r->points;
    u->distance_penalty_factor = r->distance_penalty_factor ? *r->distance_penalty_factor : 1;
    if (u->troop == WM_CHARACTER && u->size != 1)
        return yc_fail(yc_at(c, "units[%d].size", i), "a character is one stand; size must be 1");
    u->flags = (r->all_round_vision && *r->all_round_vision ? WM_ALL_ROUND_VISION : 0u) |
               (r->flying && *r->flying ? WM_FLYING : 0u);
    u->stand_width_mm = r->stand_mm ? r->stand_mm[0] : WM_STAND_WIDTH_MM;
    u->stand_depth_mm = r->stand_mm ? r->stand_mm[1] : WM_STAND_DEPTH_MM;
    u->race = race_set(r->race, r->race_count);
    copy_special(u->special, &u->n_special, r->special, r->special_count);
    if (convert_paces(c, i, r, u) != 0 || convert_options(c, i, r, u) != 0)
        return -1;
    return convert_limit(c, "units", i, r->min, r->max, r->per_army, &u->limit);
}

static int convert_mount(yc_conv *c, const struct raw_mount *r, int i, wm_army_list *l)
{
    wm_list_mount *m = &l->mount[i];
    snprintf(m->name, sizeof m->name, "%s", r->name);
    int other = wm_list_mount_index(l, m->name);
    if (other < i)
        return yc_fail(yc_at(c, "mounts[%d].name", i), "mount name '%s' is already used by mounts[%d]", m->name, other);
    m->kind = (wm_mount_kind)*r->kind;
    m->flying = r->flying != NULL && *r->flying;
    m->points = *r->points;
    m->command_bonus_turn = r->command_bonus_one_turn ? *r->command_bonus_one_turn : 0;
    m->rider_pace_mm = r->rider_pace_cm ? *r->rider_pace_cm * 10.0 : 0.0;
    if (r->rider_pace_cm && m->flying)
        return yc_fail(yc_at(c, "mounts[%d].rider_pace_cm", i), "a flying mount takes the flying paces; leave "
                       "rider_pace_cm out");
    if (terrain_set(c, "mounts", i, r->may_enter, r->may_enter_count, &m->may_enter) != 0)
        return -1;
    char shooting[WM_SHOOTING_MAX];
    copy_special(m->special, &m->n_special, r->special, r->special_count);
    if (r->attacks == NULL && m->kind != WM_MOUNT_UPGRADE)
        return yc_fail(yc_at(c, "mounts[%d]", i), "a mount needs attacks (+N; only an upgrade that is no mount "
                       "may leave them out)");
    if (r->attacks != NULL && convert_attacks(c, "mounts", i, r->attacks, 1, &m->attacks, shooting) != 0)
        return -1;
    return convert_limit(c, "mounts", i, r->min, r->max, r->per_army, &m->limit);
}

/* The army_rules map: options for every unit (or troop types). */
/* RULE wm.armylist.army-rules */
static int convert_army_rules(yc_conv *c, const struct raw_army_rules *r, wm_army_list *l)
{
    wm_unit_rules *a = &l->army_rules;
    a->initiative = (int8_t)(r->initiative ? WM_INIT_NEVER : WM_INIT_FREE);
    a->no_enemy_close = r->enemy_proximity_penalty != NULL;
    a->never_confused = r->confusion != NULL;
    a->dense = (int8_t)(r->terrain_command_penalty ? *r->terrain_command_penalty : WM_DENSE_PENALTY);
    l->command_range_mm = r->command_range_cm ? *r->command_range_cm * 10.0 : 0.0;
    if (r->terrain_command_penalty_types && !r->terrain_command_penalty)
        return yc_fail(yc_at(c, "army_rules.terrain_command_penalty_types"),
                       "terrain_command_penalty_types needs terrain_command_penalty");
    if (troop_set(c, "army_rules.terrain_command_penalty_types", r->terrain_command_penalty_types,
                  r->terrain_command_penalty_types_count, &l->dense_types) != 0)
        return -1;
    a->brigade_max = (int8_t)(r->brigade_max_units ? *r->brigade_max_units : 0);
    a->large_needs_count = (int8_t)(r->large_brigade_needs_units ? *r->large_brigade_needs_units : 0);
    if ((r->large_brigade_needs || r->large_brigade_needs_units || r->large_brigade_excludes_types) &&
        !(r->brigade_max_units && *r->brigade_max_units > WM_BRIGADE_RULEBOOK))
        return yc_fail(yc_at(c, "army_rules"), "large_brigade_needs(_units) and large_brigade_excludes_types "
                       "qualify brigades of more than %d units; give brigade_max_units above %d",
                       WM_BRIGADE_RULEBOOK, WM_BRIGADE_RULEBOOK);
    if (!r->large_brigade_needs != !r->large_brigade_needs_units)
        return yc_fail(yc_at(c, "army_rules"), "large_brigade_needs and large_brigade_needs_units go together "
                       "(which units, how many)");
    unsigned large_excludes = 0;
    if (troop_set(c, "army_rules.large_brigade_excludes_types", r->large_brigade_excludes_types,
                  r->large_brigade_excludes_types_count, &large_excludes) != 0)
        return -1;
    a->large_excludes = (uint8_t)large_excludes;
    return 0;
}

static int convert(yc_conv *c, const void *raw, void *out)
{
    const struct raw_list *r = raw;
    wm_army_list *l = out;
    snprintf(l->army, sizeof l->army, "%s", r->army);
    l->race = race_set(r->race, r->race_count);
    l->points_limit = r->points_limit ? *r->points_limit : 0;
    for (unsigned i = 0; i < r->units_count; i++) {
        l->n_units = (int)i + 1;
        if (convert_unit(c, &r->units[i], (int)i, l) != 0)
            return -1;
    }
    for (unsigned i = 0; i < r->mounts_count; i++) {
        l->n_mounts = (int)i + 1;
        if (convert_mount(c, &r->mounts[i], (int)i, l) != 0)
            return -1;
    }
    if (r->army_rules && convert_army_rules(c, r->army_rules, l) != 0)
        return -1;
    return wm_armylist_resolve(c, r, l);
}

int wm_army_list_load(const char *path, wm_army_list *out, char *err, size_t err_len)
{
    int rc = yc_load(path, &list_schema, WM_ARMYLIST_SCHEMA, out, sizeof *out, convert, err, err_len);
    if (rc == 0)
        snprintf(out->path, sizeof out->path, "%s", path);
    return rc;
}

int wm_list_unit_index(const wm_army_list *l, const char *name)
{
    for (int i = 0; i < l->n_units; i++)
        if (strcmp(l->unit[i].name, name) == 0)
            return i;
    return -1;
}

int wm_list_mount_index(const wm_army_list *l, const char *name)
{
    for (int i = 0; i < l->n_mounts; i++)
        if (strcmp(l->mount[i].name, name) == 0)
            return i;
    return -1;
}

void wm_limit_scaled(const wm_limit *limit, int points_limit, int *lo, int *hi)
{
    int full = limit->per_army ? 1 : points_limit / 1000;
    int started = limit->per_army ? 1 : (points_limit + 999) / 1000;
    *lo = limit->min * full;
    *hi = limit->max == WM_UNLIMITED ? WM_UNLIMITED : limit->max * started;
}

/* RULE wm.armylist.trolls-distance wm.armylist.own-paces */
wm_profile wm_list_profile(const wm_army_list *l, int unit, int mount)
{
    const wm_list_unit *u = &l->unit[unit];
    unsigned flags = u->flags;
    if (mount >= 0) {
        const wm_list_mount *m = &l->mount[mount];
        flags |= m->kind == WM_MOUNT_MONSTROUS ? WM_MONSTROUS_MOUNT : WM_CHARIOT_MOUNT;
        flags |= m->flying ? WM_FLYING : 0u;
    }
    wm_profile p = wm_profile_default(u->troop, flags);
    if (u->full_pace_mm > 0.0 && !(flags & WM_FLYING)) { /* machines, artillery with a move of its own */
        p.full_pace_mm = u->full_pace_mm;
        p.half_pace_mm = u->half_pace_mm;
    }
    p.armour = u->armour;
    p.stand_width_mm = u->stand_width_mm;
    p.stand_depth_mm = u->stand_depth_mm;
    p.distance_penalty_factor = u->distance_penalty_factor;
    p.race = u->race ? u->race : l->race;
    p.rules = wm_list_unit_rules(l, unit);
    if (mount >= 0) { /* RULE wm.armylist.cannot-order wm.armylist.command-bonus-turn */
        p.rules.cannot_order = l->mount[mount].cannot_order;
        p.rules.command_bonus_turn = (int8_t)l->mount[mount].command_bonus_turn;
        p.rules.may_enter |= l->mount[mount].may_enter; /* RULE wm.armylist.may-enter */
        if (l->mount[mount].rider_pace_mm > 0.0) /* RULE wm.armylist.rider-pace */
            p.full_pace_mm = p.half_pace_mm = l->mount[mount].rider_pace_mm;
    }
    return p;
}

/* RULE wm.armylist.army-rules */
wm_unit_rules wm_list_unit_rules(const wm_army_list *l, int unit)
{
    const wm_list_unit *u = &l->unit[unit];
    const wm_unit_rules *a = &l->army_rules;
    wm_unit_rules r = u->rules;
    if (u->troop == WM_CHARACTER) {
        r.order_range_mm = (int16_t)l->command_range_mm;
        return r;
    }
    if (a->initiative == WM_INIT_NEVER)
        r.initiative = WM_INIT_NEVER, r.never_evade = 0;
    r.brigade_max = a->brigade_max;
    r.large_needs = a->large_needs;
    r.large_needs_count = a->large_needs_count;
    r.large_excludes = a->large_excludes;
    r.no_enemy_close |= a->no_enemy_close;
    r.never_confused |= a->never_confused;
    if (a->dense != WM_DENSE_PENALTY && r.dense == WM_DENSE_PENALTY &&
        (l->dense_types == 0 || (l->dense_types >> u->troop & 1u)))
        r.dense = a->dense;
    return r;
}
