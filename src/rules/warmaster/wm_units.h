/* Warmaster Revolution troop types, unit profiles, units and their stands
 * (warmaster-movement.adoc, "Movement distances" and "Formation &
 * Movement"). A unit is a side, a profile (troop type, flags, paces, stand
 * size) and up to WM_MAX_STANDS stands, each an mu_orect in table
 * millimetres. A character is a one-stand unit of troop WM_CHARACTER.
 * See src/rules/warmaster/CLAUSES.md ("Movement") for the readings. */
#ifndef MUSTER_WM_UNITS_H
#define MUSTER_WM_UNITS_H

#include "muster/geom.h"

#include <stdint.h>

/* Stands a unit may have on the table (the usual unit has three). */
#define WM_MAX_STANDS 8

/* Default stand size from the profile: 40 mm frontage, 20 mm deep. */
#define WM_STAND_WIDTH_MM 40.0
#define WM_STAND_DEPTH_MM 20.0

/* Troop types of the Movement Chart. Flying is a flag, not a type: a flying
 * unit keeps its type for terrain and combat and takes the chart's "Flying
 * Units" paces. */
typedef enum wm_troop {
    WM_INFANTRY,
    WM_CAVALRY,
    WM_CHARIOTS,
    WM_ARTILLERY,
    WM_MONSTERS,
    WM_MACHINES,
    WM_CHARACTER,
    WM_TROOP_COUNT
} wm_troop;

/* Profile flags. */
enum {
    WM_ALL_ROUND_VISION = 1u << 0, /* sees from any free edge (Wolf Riders) */
    WM_FLYING = 1u << 1,           /* Movement Chart "Flying Units" */
    WM_MONSTROUS_MOUNT = 1u << 2,  /* character: terrain as a monster */
    WM_CHARIOT_MOUNT = 1u << 3     /* character: terrain as a chariot */
};

/* What a unit is, for the list rules that name their enemies ("must
 * charge humans", "Undead or Chaos enemies"): a unit's race is a set, one
 * bit per wm_race, from its list (ARMY_RULES.md, "Races"). */
typedef enum wm_race {
    WM_RACE_MEN, WM_RACE_DWARFS, WM_RACE_ELVES, WM_RACE_ORCS, WM_RACE_GOBLINS, WM_RACE_HALFLINGS,
    WM_RACE_OGRES, WM_RACE_GIANTS, WM_RACE_TROLLS, WM_RACE_BEASTMEN, WM_RACE_UNDEAD, WM_RACE_DAEMONS,
    WM_RACE_LIZARDMEN, WM_RACE_SKAVEN, WM_RACE_ANIMALS, WM_RACE_MONSTERS, WM_RACE_SPIRITS,
    WM_RACE_CONSTRUCTS, WM_RACE_CHAOS,
    WM_RACE_COUNT
} wm_race;

/* Brigades: the rulebook's "up to four units", and the most a list may
 * allow (ARMY_RULES.md, brigade_max_units; muster's arrays hold this
 * many). */
#define WM_BRIGADE_RULEBOOK 4
#define WM_BRIGADE_MAX 8

/* Army-list rules a unit's list (or its army) declares that bear on
 * command and initiative (src/rules/warmaster/ARMY_RULES.md). All zero:
 * none, the rulebook alone. */
typedef enum wm_init_rule {
    WM_INIT_FREE,        /* the rulebook: the player chooses */
    WM_INIT_MUST_CHARGE, /* charges on initiative whenever it can (cannot be ordered instead) */
    WM_INIT_NEVER,       /* never acts on initiative */
    WM_INIT_NO_CHARGE    /* never charges on initiative (may evade) */
} wm_init_rule;
typedef enum wm_dense_rule {
    WM_DENSE_PENALTY,      /* the rulebook: -1 for dense terrain */
    WM_DENSE_NONE,         /* no dense-terrain penalty to orders to it */
    WM_DENSE_NONE_IN_WOODS /* none while the dense terrain it is in is woods */
} wm_dense_rule;
typedef struct wm_unit_rules {
    int8_t initiative;        /* wm_init_rule */
    int8_t never_evade;       /* never evades on initiative */
    int8_t never_brigade;     /* never part of a brigade */
    int8_t command_modifier;  /* added to every order roll's target for it or a
                                 brigade holding it (-3..3) */
    int8_t dense;             /* wm_dense_rule */
    int8_t no_enemy_close;    /* no penalty for enemies within 20 cm */
    int8_t never_confused;    /* never becomes confused */
    int8_t stampedes;         /* stampedes where it would become confused (see wm_game.stampeding) */
    int8_t gives_no_orders;   /* a character who never gives orders */
    int8_t waived_by_other;   /* no command_modifier in a brigade holding a unit of another entry */
    int8_t waived_by_majority; /* no command_modifier in a brigade holding more units of other
                                  entries than of its own */
    int8_t malfunctions;      /* a double six on an order to it: the list's malfunction chart */
    int8_t no_distance;       /* no distance penalty for it: 1 always, 2 when ordered alone */
    int8_t order_modifier;    /* a character: added to his orders to groups holding a unit
                                 not in order_modifier_except */
    int8_t general_first_command; /* the General's first order of a turn to it alone: his Command
                                     is this and no penalty applies (0: no such rule) */
    uint8_t brigade_excludes; /* in no brigade with units of these troop types (bit per wm_troop) */
    uint16_t may_enter;       /* terrain it may enter besides its troop type's (bit per wm_terrain) */
    int8_t command_bonus_turn; /* a character (his mount's rule): once a game, in one of his
                                  side's turns the player picks, +N to all his Command rolls */
    int8_t brigade_uncounted; /* up to this many units of its entry in a brigade do not count
                                 toward the brigade's size */
    /* the army's brigade sizes (army_rules; the same for every unit of an army) */
    int8_t brigade_max;        /* units a brigade may count, 0: WM_BRIGADE_RULEBOOK */
    int8_t large_needs_count;  /* a brigade counting more than WM_BRIGADE_RULEBOOK needs this
                                  many units of the entries large_needs ... */
    uint8_t large_excludes;    /* ... and none of these troop types (bit per wm_troop) */
    uint64_t large_needs;      /* list units (mask) */
    uint32_t must_charge_races; /* with WM_INIT_MUST_CHARGE: only enemies of these races (bit per
                                   wm_race) make it charge; 0: any enemy */
    uint64_t order_modifier_except; /* list units his order_modifier spares */
    uint64_t cannot_order;          /* a character (his mount's rule): list units he may not order */
    int16_t order_range_mm;   /* a character: orders only units this close; a unit: is
                                 ordered only by characters this close; 0: any distance */
    int8_t ignores_command_range; /* a unit: the characters' order_range_mm does not apply to it */
    uint8_t brigaded_only_with; /* ordered only in a brigade holding another unit of these troop
                                   types (bit per wm_troop); 0: no such rule */
    int16_t aura_mm;          /* characters within this distance of it get aura_friends (its own
                                 side's, those of aura_friend_characters if any) or
                                 aura_enemies (the other side's) added to their Command */
    int8_t aura_friends, aura_enemies;
    uint64_t aura_friend_characters; /* list units (mask); 0: every friendly character */
    int16_t guidance_mm;      /* a character: the characters of guidance_characters within this
                                 distance of him may roll their orders with his guidance
                                 (see wm_game_command); 0: no such rule */
    uint64_t guidance_characters; /* list units (mask) */
    uint64_t shares_with_touching; /* list units (mask): while a unit of these entries touches it,
                                      its command_modifier (and conditions), initiative,
                                      must_charge_races and never_confused hold for that unit
                                      (see wm_g_rules in wm_game_int.h) */
    int8_t free_move_d6_cm;   /* takes no orders; once in each of its side's Command phases it may
                                 move up to this many cm times a D6 with no order (see
                                 wm_game_free_move); 0: no such rule */
    int16_t laager_mm;        /* its moves end in column; one of at most this many mm may end in
                                 line instead (the War Wagon's laager); 0: no such rule (see
                                 wm_move_check) */
    int8_t cannot_charge;     /* never charges, by order or initiative */
    int8_t infiltrate_group_max; /* held back, it may enter in a group of up to this many units held
                                    back by one order (see wm_game_entry_group_allowed); 0: alone */
    uint64_t infiltrate_group_at_most; /* list units (mask): in such a group, no more units of its
                                          entry than of these entries; 0: no such rule */
    int8_t blunder_demotions; /* a General: each blunder of his side's characters costs him a level
                                 of Command (a subordinate's: or the subordinate), down by at most
                                 this many levels (see wm_game_blunder_cost); 0: no such rule */
    /* Masks of list-unit indices of the unit's own list (0: no such rule) */
    uint64_t modifier_from;      /* command_modifier only on orders of these characters */
    uint64_t modifier_waived_by; /* no command_modifier in a brigade holding one of these */
    uint64_t ordered_by;         /* only these characters may order it */
    uint64_t brigade_with;       /* in brigades only with units of these entries */
    uint64_t brigade_not_with;   /* in no brigade with units of these entries ... */
    uint64_t brigade_not_with_unless; /* ... unless the brigade holds one of these */
} wm_unit_rules;

/* What the army list says about a unit's movement. */
typedef struct wm_profile {
    wm_troop troop;
    unsigned flags;       /* WM_* flags above */
    int armour;           /* armour save (3 = 3+ … 6 = 6+), 0 = none */
    double full_pace_mm;  /* Movement Chart "Full Pace" */
    double half_pace_mm;  /* Movement Chart "Half Pace" */
    double stand_width_mm; /* frontage (the front edge) */
    double stand_depth_mm;
    int distance_penalty_factor; /* army-list rule: ordering the unit multiplies the
                                    distance penalty by this (Trolls: 2); 0 or 1: none */
    uint32_t race;               /* bit per wm_race; 0: not given */
    wm_unit_rules rules;         /* the other army-list rules (all zero: none) */
} wm_profile;

/* Returns the profile the Movement Chart gives troop with flags: infantry
 * 200/100 mm, cavalry 300/150, chariots 300/150, artillery 100/50,
 * monsters 200/100, characters 600/600; with WM_FLYING, units 1000/100
 * and characters 1000/1000. Machines "vary": their paces are 0 here and
 * must be set from the army list. Stands 40 x 20 mm, no armour. */
wm_profile wm_profile_default(wm_troop troop, unsigned flags);

/* Returns non-zero when p can be played: a known troop type, paces with
 * 0 < half <= full, stand width and depth > 0, mount flags only on a
 * character and not both. */
int wm_profile_valid(const wm_profile *p);

/* Returns the troop type's name as the scenario files spell it
 * ("infantry", "cavalry", "chariots", "artillery", "monsters", "machines",
 * "character"); NULL for an unknown value. */
const char *wm_troop_name(wm_troop troop);

/* Returns the troop type named name (as wm_troop_name spells it), or
 * WM_TROOP_COUNT when there is none. */
wm_troop wm_troop_from_name(const char *name);

/* Where a unit is: on the table, off it waiting to return (issue 4 item
 * 8), or destroyed. Only units on the table take part in the queries. */
typedef enum wm_presence { WM_ON_TABLE, WM_OFF_TABLE, WM_DESTROYED } wm_presence;

/* A unit. Plain data: copy it freely. stand[0..n_stands) are the stands on
 * the table; a stand lost is removed (the rest move down) and counted in
 * stands_lost. */
typedef struct wm_unit {
    int side;                 /* 0 or 1 */
    wm_profile profile;
    wm_presence presence;
    int n_stands;
    int stands_lost;
    mu_orect stand[WM_MAX_STANDS];
    uint32_t engaged;         /* bit i: stand i is engaged in combat */
    int confused;
    int joined;               /* a character: the unit it has joined, or -1 */
} wm_unit;

/* Returns a unit of side with profile p, on the table, with no stands
 * (add them with wm_unit_add_stand), nothing lost, not engaged or
 * confused, joined to nothing. */
wm_unit wm_unit_make(int side, const wm_profile *p);

/* Adds a stand centred at center facing `facing` (normalised here), sized
 * from the unit's profile. Returns its index, or -1 when the unit already
 * has WM_MAX_STANDS stands. */
int wm_unit_add_stand(wm_unit *u, mu_vec2 center, mu_vec2 facing);

/* Removes stand i as a casualty: later stands move down one place (their
 * engaged bits with them) and stands_lost rises by one. */
void wm_unit_lose_stand(wm_unit *u, int i);

/* Returns non-zero when u is a character. */
int wm_is_character(const wm_unit *u);

/* Returns non-zero when p is "a Cavalry unit with 6+ Armour", which the
 * optional Light Cavalry rule lets evade in any direction. */
int wm_is_light_cavalry(const wm_profile *p);

/* Returns non-zero when any stand of u is engaged in combat. */
int wm_unit_engaged(const wm_unit *u);

/* Returns the shortest distance between any stand of a and any stand of
 * b (0 when touching or overlapping; INFINITY when either has no stands).
 * *sa and *sb (if non-NULL) get the indices of one closest pair of stands
 * (the first found, scanning a's stands then b's); *pa, *pb (if non-NULL)
 * their closest points. Ties are left to the caller. */
double wm_unit_distance_mm(const wm_unit *a, const wm_unit *b, int *sa, int *sb,
                              mu_vec2 *pa, mu_vec2 *pb);

/* Returns a lower bound on wm_unit_distance_mm(a, b) (INFINITY when
 * either has no stands), from boxes about the stands' bounding circles:
 * cheap, for callers that only need to know a unit is out of a range. */
double wm_unit_distance_floor_mm(const wm_unit *a, const wm_unit *b);

/* Returns non-zero when stands a and b touch or overlap (unlike
 * wm_stands_touch, overlapping counts):
 * mu_orect_distance(a, b) <= MU_GEOM_EPS_MM, skipping that measure for
 * stands whose bounding circles lie clearly apart. */
int wm_stands_meet(const mu_orect *a, const mu_orect *b);

#endif
