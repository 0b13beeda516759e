/* Warmaster army lists and the armies chosen from them.
 *
 * An army list (a YAML file under experiments/armies/, loaded by wm_army_list_load)
 * is what a published Warmaster Revolution list says about each unit:
 * troop type, Attacks, Hits, Armour, Command (characters), range, unit
 * size in stands, points per unit, min/max, and the flags movement needs.
 * Combat, shooting, magic and the lists' special rules are not simulated:
 * they are kept as data (attacks, shooting, range, special) for reports.
 *
 * The format, schema 1 (one unit per entry; every key is documented in
 * experiments/armies/empire.yaml):
 *
 *   schema: 1
 *   army: Empire
 *   points_limit: 2000            # optional: default size of armies from it
 *   units:
 *     - {name: Halberdiers, type: infantry, attacks: 3, hits: 3,
 *        armour: 6+, size: 3, points: 45, min: 2, max: "-"}
 *     - {name: Crossbowmen, type: infantry, attacks: 3/1, range_cm: 30,
 *        hits: 3, armour: 0, size: 3, points: 55, min: 1}
 *     - {name: General, type: character, role: general, attacks: +2,
 *        command: 9, size: 1, points: 125, min: 1, max: 1, per_army: true}
 *   mounts:
 *     - {name: Griffon, kind: monstrous, flying: true, attacks: +2,
 *        points: 80, max: 1}
 *
 * Readings pinned here (our choices where the lists leave room):
 * - attacks is written as the lists print it: "N" or "N/S" for units (S,
 *   the shooting value, is kept as text: "1", "2D6", "2+bounce"), "+N"
 *   for characters and mounts (a bonus).
 * - armour is "N+" (1+ to 6+), stored as N; "0" or "-" mean none, stored
 *   as 0 (wm_profile.armour). Light cavalry is derived, not declared:
 *   cavalry with armour 6+ (wm_is_light_cavalry).
 * - min and max are per 1000 points of the army's points limit P, as in
 *   the lists' "Min/Max" column; "-" (or leaving the key out) is none.
 *   The maximum scales with ceil(P / 1000) (every started 1000 points),
 *   the minimum with floor(P / 1000) (every full 1000 points). With
 *   per_army: true they are counts for the whole army (the General's "1").
 * - Characters (type character) need role (general, hero, wizard) and
 *   command; no other unit may have either. Characters have no hits or
 *   armour in the lists and may not give them.
 * - Machines take their paces from the list (pace_cm: [full, half]);
 *   flying machines take the Movement Chart's flying paces. No other
 *   troop type may give pace_cm.
 * - counts_toward: NAME (optional; with counts_toward_per_1000: N,
 *   default 1) lets up to N units of this entry per full 1000 points also
 *   count toward the minimum of the unit NAME (never its maximum): the
 *   lists' "one Crossbowmen unit per 1000 points may be Handgunners and
 *   still count toward the minimum". NAME must be another non-character
 *   unit of the same list.
 * - distance_penalty_factor: N (optional, 1-4) multiplies the Command
 *   distance penalty of any order to the unit or a brigade holding it
 *   (the Orc list's Trolls: 2); carried in wm_profile.
 * - A mount (monstrous or chariot) may be given to any character; which
 *   characters may ride what is not checked. A flying mount makes the
 *   character fly. */
#ifndef MUSTER_WM_ARMYLIST_H
#define MUSTER_WM_ARMYLIST_H

#include "muster/geom.h"
#include "warmaster/wm_formation.h"
#include "warmaster/wm_units.h"
#include "muster/rng.h"

#include <stddef.h>
#include <stdio.h>

/* The army list and battle file format versions (`schema:` key). */
#define WM_ARMYLIST_SCHEMA 1

#define WM_NAME_MAX 64         /* bytes of a name, NUL included */
#define WM_LIST_MAX_UNITS 48   /* unit entries in one list (<= 64: masks) */
_Static_assert(WM_LIST_MAX_UNITS <= 64, "list-unit masks are 64-bit");
#define WM_LIST_MAX_MOUNTS 10
#define WM_LIST_MAX_SPECIAL 8  /* special rules noted per unit */
#define WM_SPECIAL_MAX 120     /* bytes of one special rule, NUL included */
#define WM_SHOOTING_MAX 16
#define WM_PATH_MAX 256        /* bytes of a file path kept for messages */
#define WM_UNLIMITED (-1)      /* a max of "-" */

/* What a character is in the army list (units are WM_ROLE_NONE). */
typedef enum wm_role { WM_ROLE_NONE, WM_ROLE_GENERAL, WM_ROLE_HERO, WM_ROLE_WIZARD } wm_role;

/* How many of a unit an army may have (see the readings above). */
typedef struct wm_limit {
    int min;      /* >= 0 */
    int max;      /* >= min, or WM_UNLIMITED */
    int per_army; /* counts for the whole army, not per 1000 points */
} wm_limit;

/* One unit entry of an army list. */
typedef struct wm_list_unit {
    char name[WM_NAME_MAX];
    wm_troop troop;
    wm_role role;
    int attacks;                       /* close combat; a character's bonus */
    char shooting[WM_SHOOTING_MAX]; /* shooting value as written, "" if none */
    int hits;                          /* 0 for characters */
    int armour;                        /* 1..6 for 1+..6+, 0 for none */
    int command;                       /* characters 1..12, else 0 */
    double range_mm;                   /* shooting range, 0 if not given */
    int size;                          /* stands, 1..WM_MAX_STANDS */
    int points;                        /* per unit */
    wm_limit limit;
    int counts_toward;                 /* unit index whose minimum this one also counts to, or -1 */
    int counts_toward_per_1000;        /* how many may, per full 1000 points (0 when none) */
    int distance_penalty_factor;       /* 1, or the list's multiplier (Trolls: 2) */
    unsigned flags;                    /* WM_ALL_ROUND_VISION | WM_FLYING */
    uint32_t race;                     /* its own race: bit per wm_race; 0: the list's */
    wm_unit_rules rules;               /* the list's options for it (ARMY_RULES.md) */
    int no_characters_join;            /* characters_join: never (data: characters do
                                        * not join units in muster) */
    uint64_t adds_to;                  /* not a unit but stands added to one unit of
                                        * these entries (mask of unit indices); 0: a unit */
    int counts_as_unit;                /* 0: the list's "does not count as a unit" */
    int summoned_only;                 /* never bought (enters play by a spell) */
    int infiltrate;                    /* may start off the table and enter by an
                                        * infiltration order (wm_game_enter) */
    int infiltrate_per_1000;           /* at most this many units of it start off the
                                        * table per full 1000 points; 0: any */
    double infiltrate_pool_fraction;   /* of the army's units of all entries with this
                                        * option, at most this fraction (the smallest
                                        * given, rounded down) start off the table;
                                        * 0: no such rule */
    uint64_t requires;                 /* the army must hold one of these (mask); 0: none */
    uint64_t shares_max_with;          /* its max bounds the sum of it and these (mask) */
    double full_pace_mm, half_pace_mm; /* machines' paces; 0 elsewhere */
    double stand_width_mm, stand_depth_mm;
    int n_special;
    char special[WM_LIST_MAX_SPECIAL][WM_SPECIAL_MAX]; /* not simulated */
} wm_list_unit;

/* A character upgrade: a monstrous or chariot mount (terrain as a
 * monster or a chariot), another mount with no bearing on movement, or an
 * upgrade that is no mount (an item on the character's stand). */
typedef enum wm_mount_kind { WM_MOUNT_MONSTROUS, WM_MOUNT_CHARIOT, WM_MOUNT_SPECIAL, WM_MOUNT_UPGRADE } wm_mount_kind;

/* One mount entry: an upgrade a character may take. */
typedef struct wm_list_mount {
    char name[WM_NAME_MAX];
    wm_mount_kind kind;
    int flying;
    int attacks; /* bonus */
    int points;  /* added to the character's */
    wm_limit limit;
    uint64_t riders;   /* the characters who may take it (mask of unit indices) */
    uint64_t requires; /* the army must hold one of these units (mask); 0: none */
    uint64_t cannot_order; /* its rider may not order these units (mask); 0: none */
    int command_bonus_turn; /* once a game its rider adds this to his Command for one turn; 0: none */
    uint16_t may_enter;     /* terrain its rider may enter besides what it moves as (bit per wm_terrain) */
    double rider_pace_mm;   /* its rider's move (full and half pace); 0: the Movement Chart's */
    int n_special;
    char special[WM_LIST_MAX_SPECIAL][WM_SPECIAL_MAX];
} wm_list_mount;

/* A validated army list. Plain data (about 30 KB): copy it freely. */
typedef struct wm_army_list {
    char path[WM_PATH_MAX]; /* the file it was loaded from */
    char army[WM_NAME_MAX];
    int points_limit;          /* default points limit, 0 if not given */
    uint32_t race;             /* race of its entries that name none (bit per wm_race) */
    int n_units;
    wm_list_unit unit[WM_LIST_MAX_UNITS];
    int n_mounts;
    wm_list_mount mount[WM_LIST_MAX_MOUNTS];
    /* army_rules: options for every unit of the army (or, for the
     * dense-terrain rule, of the troop types in dense_types), and every
     * character's command range (0: none) */
    wm_unit_rules army_rules;
    unsigned dense_types; /* bit t: troop type t; 0 with a dense rule: every type */
    double command_range_mm;
} wm_army_list;

/* Loads and validates the army list file at path into *out (zeroed
 * first; nothing to free). Returns 0, MU_EXIT_NOINPUT (unreadable) or
 * MU_EXIT_DATAERR (invalid) with one line in err: "PATH:LINE:COL: error:
 * MESSAGE (units[2].type)" (or "PATH: error: cannot read: ..."); on
 * failure *out is zeroed. */
int wm_army_list_load(const char *path, wm_army_list *out, char *err, size_t err_len);

/* Returns the index of the unit named name in l, or -1. */
int wm_list_unit_index(const wm_army_list *l, const char *name);

/* Returns the index of the mount named name in l, or -1. */
int wm_list_mount_index(const wm_army_list *l, const char *name);

/* Writes to *lo and *hi how many units limit allows in an army of
 * points_limit points (see the readings above); *hi is WM_UNLIMITED
 * when there is no maximum. */
void wm_limit_scaled(const wm_limit *limit, int points_limit, int *lo, int *hi);

/* Returns the movement profile of list unit `unit` of l ridden with
 * mount `mount` (an index into l->mount, or -1 for none): the Movement
 * Chart's paces for its type and flags (machines: the list's), its
 * armour and stand size. */
wm_profile wm_list_profile(const wm_army_list *l, int unit, int mount);

/* Returns the army-list rules of list unit `unit` in an army of list l:
 * its own options and the list's army_rules (for characters: the
 * army's command range). */
wm_unit_rules wm_list_unit_rules(const wm_army_list *l, int unit);

/* ---- Armies: units chosen from a list ----------------------------------- */

#define WM_ARMY_MAX_ENTRIES 32
#define WM_ARMY_MAX_UNITS (WM_MAX_UNITS / 2) /* units of one side */
#define WM_WHERE_MAX 320                       /* "FILE:LINE:COL" */
#define WM_YAML_PATH_MAX 96                    /* "armies[0].units[3]" */

/* One entry of an army: `count` units of one list unit, optionally on a
 * mount, optionally at an exact position (then count is 1). */
typedef struct wm_army_entry {
    int unit;   /* index into the list's units */
    int mount;  /* index into the list's mounts, or -1 */
    int count;
    int exact;  /* placed at front_mm, not in the deployment zone */
    mu_vec2 front_mm;          /* exact: midpoint of the front edge */
    double facing_deg;         /* exact: counter-clockwise from +x */
    int has_facing;            /* else: facing away from its table edge */
    wm_formation formation; /* exact: WM_LINE or WM_COLUMN */
    int command;               /* a character's Command value in this army
                                * (`command:`, e.g. a designer's variant);
                                * the list's unless given; 0 for units */
    char where[WM_WHERE_MAX];   /* "FILE:LINE:COL" of the entry, for errors */
    char path[WM_YAML_PATH_MAX]; /* its path in that file */
} wm_army_entry;

/* An army: a list, a points limit and the entries chosen, validated
 * against points, min/max and "exactly one General". */
typedef struct wm_army {
    char name[WM_NAME_MAX]; /* the entry's name, else the list's army */
    int points_limit;
    int points;                /* what the entries cost */
    wm_army_list list;
    int n_entries;
    wm_army_entry entry[WM_ARMY_MAX_ENTRIES];
} wm_army;

/* Where an army breaks its list. */
typedef enum wm_breach_at {
    WM_BREACH_ENTRY,  /* at entry `entry` */
    WM_BREACH_UNITS,  /* the army's units as a whole (a minimum, the General) */
    WM_BREACH_POINTS  /* its cost */
} wm_breach_at;

typedef struct wm_army_breach {
    wm_breach_at at;
    int entry;       /* WM_BREACH_ENTRY: the entry; else -1 */
    char text[256];  /* "too many 'Black Orcs': 3, the maximum is 1 per 1000 points (2 ...)" */
} wm_army_breach;

/* Returns what the entries of a cost, mounts included. */
int wm_army_cost(const wm_army *a);

/* Checks army a against its list at its points limit (a->points_limit),
 * whatever that is: the cost; no entry the list never fields (summoned
 * units, stands added to other units) and mounts only on their riders;
 * every unit's and mount's min and max scaled to the points (with
 * counts_toward and shares_max_with); what entries require the army to
 * hold; exactly one General. Returns 0, or -1 with the first breach in
 * *b. */
int wm_army_check(const wm_army *a, wm_army_breach *b);

/* Draws a random army of list l at points_limit points into *out (the
 * list copied in): the General (one of the list's General entries, on one
 * of its mounts or none, drawn), every unit's minimum, then one more unit,
 * or a character on one of its mounts or none, at a time, drawn uniformly
 * from the choices the list still allows (maxima, shared maxima, requires,
 * riders, mount maxima; never summoned units or added stands), the points
 * still pay for and the army has room for (WM_ARMY_MAX_UNITS units,
 * WM_ARMY_MAX_ENTRIES entries), until none is left. Deterministic in rng's
 * state. Returns 0 (the army passes wm_army_check), or -1 when the list
 * cannot make an army of those points. */
int wm_army_random(const wm_army_list *l, int points_limit, mu_rng *rng, wm_army *out);

/* The salt of random army N's generator in experiments and battle files
 * (`random: N`; muster/rng.h, mu_rng_for_purpose): never change it. */
#define WM_RANDOM_ARMY_SALT UINT64_C(0x61726d7952414e44)

/* Writes a's entries to f as the `units:` list of an army in an
 * experiment or battle file (six spaces deep), names quoted. */
void wm_army_write_units(const wm_army *a, FILE *f);

#endif
