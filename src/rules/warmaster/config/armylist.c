/* Warmaster army list files, schema 1: the format as one schema table
 * (yaml_prepass positions every error; libcyaml loads the raw structs
 * generated from the same table), then conversion into wm_army_list
 * with the checks across fields. See warmaster/wm_armylist.h. */
#include "warmaster/wm_armylist.h"

#include "muster/status.h"
#include "muster/yaml_conv.h"

#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* ---- Raw structs: what libcyaml fills; NULL means the key is absent ----- */

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
    int *distance_penalty_factor;
    bool *all_round_vision;
    bool *flying;
    double *pace_cm;
    unsigned pace_cm_count;
    double *stand_mm;
    unsigned stand_mm_count;
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
    char (*special)[WM_SPECIAL_MAX];
    unsigned special_count;
};

struct raw_list {
    int *schema;
    char *army;
    int *points_limit;
    struct raw_unit *units;
    unsigned units_count;
    struct raw_mount *mounts;
    unsigned mounts_count;
};

/* ---- The format ---------------------------------------------------------- */

#define REQUIRED 1
#define OPTIONAL 0
#define NAME YP_STRING_OF(1, WM_NAME_MAX - 1)
#define SHORT YP_STRING_OF(1, 15)

static const cyaml_strval_t roles[] = {
    {"general", WM_ROLE_GENERAL}, {"hero", WM_ROLE_HERO}, {"wizard", WM_ROLE_WIZARD}};
static const cyaml_strval_t mount_kinds[] = {{"monstrous", WM_MOUNT_MONSTROUS}, {"chariot", WM_MOUNT_CHARIOT}};

static const yp_value special_entry = {.size = WM_SPECIAL_MAX, YP_STRING_OF(1, WM_SPECIAL_MAX - 1)};
static const yp_value pace_entry = {.size = sizeof(double), YP_FLOAT_ABOVE(0.0, 1000.0)};
static const yp_value stand_entry = {.size = sizeof(double), YP_FLOAT_ABOVE(0.0, 500.0)};

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
    YP_FIELD(struct raw_unit, "distance_penalty_factor", OPTIONAL, distance_penalty_factor, YP_INT_IN(1, 4)),
    YP_FIELD(struct raw_unit, "all_round_vision", OPTIONAL, all_round_vision, YP_BOOLEAN),
    YP_FIELD(struct raw_unit, "flying", OPTIONAL, flying, YP_BOOLEAN),
    YP_SEQUENCE_FIELD(struct raw_unit, "pace_cm", OPTIONAL, pace_cm, pace_entry, 2, 2),
    YP_SEQUENCE_FIELD(struct raw_unit, "stand_mm", OPTIONAL, stand_mm, stand_entry, 2, 2),
    YP_SEQUENCE_FIELD(struct raw_unit, "special", OPTIONAL, special, special_entry, 0, WM_LIST_MAX_SPECIAL),
};
static const yp_value unit_entry = {.size = sizeof(struct raw_unit), YP_MAPPING_OF(unit_fields)};

static const yp_field mount_fields[] = {
    YP_FIELD(struct raw_mount, "name", REQUIRED, name, NAME),
    YP_FIELD(struct raw_mount, "kind", REQUIRED, kind, YP_ENUM_OF("mount kind", mount_kinds)),
    YP_FIELD(struct raw_mount, "attacks", REQUIRED, attacks, SHORT),
    YP_FIELD(struct raw_mount, "flying", OPTIONAL, flying, YP_BOOLEAN),
    YP_FIELD(struct raw_mount, "points", REQUIRED, points, YP_INT_IN(0, 10000)),
    YP_FIELD(struct raw_mount, "min", OPTIONAL, min, SHORT),
    YP_FIELD(struct raw_mount, "max", OPTIONAL, max, SHORT),
    YP_FIELD(struct raw_mount, "per_army", OPTIONAL, per_army, YP_BOOLEAN),
    YP_SEQUENCE_FIELD(struct raw_mount, "special", OPTIONAL, special, special_entry, 0, WM_LIST_MAX_SPECIAL),
};
static const yp_value mount_entry = {.size = sizeof(struct raw_mount), YP_MAPPING_OF(mount_fields)};

static const yp_field list_fields[] = {
    YP_FIELD(struct raw_list, "schema", REQUIRED, schema, YP_INT_IN(INT_MIN, INT_MAX)),
    YP_FIELD(struct raw_list, "army", REQUIRED, army, NAME),
    YP_FIELD(struct raw_list, "points_limit", OPTIONAL, points_limit, YP_INT_IN(1, 100000)),
    YP_SEQUENCE_FIELD(struct raw_list, "units", REQUIRED, units, unit_entry, 1, WM_LIST_MAX_UNITS),
    YP_SEQUENCE_FIELD(struct raw_list, "mounts", OPTIONAL, mounts, mount_entry, 0, WM_LIST_MAX_MOUNTS),
};
static const yp_value list_schema = {.size = sizeof(struct raw_list), YP_MAPPING_OF(list_fields)};

/* ---- Conversion ------------------------------------------------------------ */

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
 * "N/S" with S a shooting value of digits, letters and '+'. */
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
    if (bonus || *s != '/' || !isdigit((unsigned char)s[1]))
        return -1;
    for (const char *q = ++s; *q; q++)
        if (!isalnum((unsigned char)*q) && *q != '+')
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
    if (ch && r->command == NULL)
        return yc_fail(yc_at(c, "units[%d]", i), "a character needs a command value");
    if (!ch && r->role != NULL)
        return yc_fail(yc_at(c, "units[%d].role", i), "role is only for characters; '%s' is %s", u->name, tn);
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
    u->command = ch ? *r->command : 0;
    u->hits = ch ? 0 : *r->hits;
    return ch ? 0 : convert_armour(c, i, r->armour, &u->armour);
}

static int convert_paces(yc_conv *c, int i, const struct raw_unit *r, wm_list_unit *u)
{
    int machine = u->troop == WM_MACHINES, flying = (u->flags & WM_FLYING) != 0;
    if (r->pace_cm != NULL && !machine)
        return yc_fail(yc_at(c, "units[%d].pace_cm", i),
                       "pace_cm is only for machines; the Movement Chart gives %s its paces",
                       wm_troop_name(u->troop));
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
    copy_special(u->special, &u->n_special, r->special, r->special_count);
    if (convert_paces(c, i, r, u) != 0)
        return -1;
    return convert_limit(c, "units", i, r->min, r->max, r->per_army, &u->limit);
}

/* Resolves counts_toward once every unit is named (it may name a later one). */
static int convert_counts_toward(yc_conv *c, const struct raw_unit *r, int i, wm_army_list *l)
{
    wm_list_unit *u = &l->unit[i];
    u->counts_toward = -1;
    if (r->counts_toward == NULL) {
        if (r->counts_toward_per_1000 != NULL)
            return yc_fail(yc_at(c, "units[%d].counts_toward_per_1000", i),
                           "counts_toward_per_1000 needs counts_toward: the unit whose minimum it counts to");
        return 0;
    }
    int k = wm_list_unit_index(l, r->counts_toward);
    if (k < 0 || k == i || u->troop == WM_CHARACTER || l->unit[k].troop == WM_CHARACTER)
        return yc_fail(yc_at(c, "units[%d].counts_toward", i),
                       k < 0    ? "counts_toward names no unit of this list: '%s'"
                       : k == i ? "a unit cannot count toward its own minimum ('%s')"
                                : "counts_toward is for units, not characters ('%s')",
                       r->counts_toward);
    u->counts_toward = k;
    u->counts_toward_per_1000 = r->counts_toward_per_1000 ? *r->counts_toward_per_1000 : 1;
    return 0;
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
    char shooting[WM_SHOOTING_MAX];
    copy_special(m->special, &m->n_special, r->special, r->special_count);
    if (convert_attacks(c, "mounts", i, r->attacks, 1, &m->attacks, shooting) != 0)
        return -1;
    return convert_limit(c, "mounts", i, r->min, r->max, r->per_army, &m->limit);
}

static int convert(yc_conv *c, const void *raw, void *out)
{
    const struct raw_list *r = raw;
    wm_army_list *l = out;
    snprintf(l->army, sizeof l->army, "%s", r->army);
    l->points_limit = r->points_limit ? *r->points_limit : 0;
    for (unsigned i = 0; i < r->units_count; i++) {
        l->n_units = (int)i + 1;
        if (convert_unit(c, &r->units[i], (int)i, l) != 0)
            return -1;
    }
    for (unsigned i = 0; i < r->units_count; i++)
        if (convert_counts_toward(c, &r->units[i], (int)i, l) != 0)
            return -1;
    for (unsigned i = 0; i < r->mounts_count; i++) {
        l->n_mounts = (int)i + 1;
        if (convert_mount(c, &r->mounts[i], (int)i, l) != 0)
            return -1;
    }
    return 0;
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

/* RULE wm.armylist.trolls-distance */
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
    if (u->troop == WM_MACHINES && !(flags & WM_FLYING)) {
        p.full_pace_mm = u->full_pace_mm;
        p.half_pace_mm = u->half_pace_mm;
    }
    p.armour = u->armour;
    p.stand_width_mm = u->stand_width_mm;
    p.stand_depth_mm = u->stand_depth_mm;
    p.distance_penalty_factor = u->distance_penalty_factor;
    return p;
}
