/* The Battlesystem battlefield: the table with its terrain, the units on
 * it, the environment a rule call needs (rules, table, dice, tally), why
 * the rules refuse an action, and where units stand relative to each
 * other (battlesystem-movement-phase.txt PROCEDURE, 7.8). The engine's
 * types and its bottom layer; a Game Round is driven through bs_round.h.
 *
 * Nothing here does I/O or allocates; a field is a plain value. */
#ifndef MUSTER_BS_FIELD_H
#define MUSTER_BS_FIELD_H

#include "battlesystem/bs_rules.h"
#include "battlesystem/bs_unit.h"
#include "muster/dice.h"
#include "muster/geom.h"

#include <stdint.h>

#define BS_MAX_UNITS 32
#define BS_MAX_TERRAIN 16
#define BS_MAX_POLY 16

/* A terrain area: a simple polygon (vertices in either winding). */
typedef struct bs_terrain {
    bs_terrain_kind kind;
    int n;
    mu_vec2 v[BS_MAX_POLY];
} bs_terrain;

/* The table: [0, width] x [0, depth] mm (width or depth <= 0: unbounded
 * in that axis) and its terrain. Read-only during a game. */
typedef struct bs_table {
    double width_mm, depth_mm;
    int n_terrain;
    bs_terrain terrain[BS_MAX_TERRAIN];
} bs_table;

/* Counters of what the rules did, for the statistics of a game. Every
 * engine call that makes one of these happen adds to it. */
typedef struct bs_tally {
    uint32_t forced_marches;       /* forced marches that took their check */
    uint32_t march_lost_bonus, march_halted, march_ambushed;
    uint32_t morale_passed, morale_failed;
    uint32_t march_checks_failed;  /* of which forced-march checks failed */
    uint32_t discipline_passed, discipline_failed;
    uint32_t rally_attempts, rally_successes;
    uint32_t charges_declared, charges_made, charges_short, charges_too_close;
    uint32_t routs;                /* units that began to rout */
    uint32_t rout_chain;           /* of which routed by a router running into them */
    uint32_t broken_around;        /* routers breaking around a steady friend */
    uint32_t withdrawals, withdrawals_followed, withdrawals_stayed;
    uint32_t wrap_arounds;
    uint32_t units_removed, units_destroyed, units_captured;
    uint32_t figures_captured;
} bs_tally;

/* The state of one game's battlefield. */
typedef struct bs_field {
    int n_units;
    bs_unit units[BS_MAX_UNITS];
    int round;            /* Game Round number, from 1 */
    int initiative_side;  /* side that won initiative this round */
    int phase_side;       /* side whose Movement Phase is running, or -1 */
    int phase_serial;     /* counts Movement Phases */
} bs_field;

/* What a rule call needs besides the field. dice and tally are the
 * caller's (tally may be NULL); rules and table are borrowed, read-only. */
typedef struct bs_env {
    const bs_rules *rules;
    const bs_table *table;
    mu_dice *dice;
    bs_tally *tally;
} bs_env;

/* Why the rules refuse an action (BS_OK: they do not). A refused action
 * changes nothing and rolls no dice. */
typedef enum bs_refusal {
    BS_OK = 0,
    BS_NOT_YOUR_PHASE,     /* not the unit's side's Movement Phase */
    BS_GONE,               /* not on the table */
    BS_ROUTING,            /* routed units only rout (7.15) */
    BS_FINISHED,           /* the unit has finished its move */
    BS_ALREADY_STARTED,    /* a mode or special move needs a fresh unit */
    BS_FROZEN,             /* gap filling used up its move (7.3) */
    BS_IN_CONTACT,         /* began in contact: wrap, withdraw or flee only (7.8) */
    BS_LOCKED,             /* lost initiative and contacted (7.8) */
    BS_NO_TURN_IN_CONTACT, /* straight ahead only after contact (7.8, Q&A 127.66) */
    BS_NOT_IN_COMMAND,     /* 7.2, 7.6, 7.13, 7.14 */
    BS_BAD_FORMATION,      /* formation or manoeuvre not allowed for it (7.1, 7.9, 7.10) */
    BS_TOO_WIDE,           /* more than 45 degrees off straight ahead (7.9) */
    BS_NO_MOVEMENT,        /* the cost exceeds what is left of its move */
    BS_NO_ROOM,            /* the new position overlaps something or leaves the table */
    BS_CANNOT_CHARGE,      /* skirmishers and individuals (7.14) */
    BS_CHARGE_BANNED,      /* stayed when the target withdrew (7.12) */
    BS_BAD_TARGET,         /* not an enemy unit on the table */
    BS_NOT_IN_CONTACT,     /* wrap-around and withdrawal need contact at the start */
    BS_ATTACKED_FROM_REAR, /* no wrap-around (Q&A 132.34) */
    BS_NO_SPARE_FIGURES,   /* not enough figures out of contact (Q&A 132.34) */
    BS_RATE_TOO_LOW,       /* fighting withdrawal needs 3" (7.12) */
    BS_WOULD_CONTACT,      /* would end in contact with another enemy (7.12) */
    BS_NOT_ROUTED,         /* only routed units rally */
    BS_RALLY_TRIED,        /* one rally attempt per rally phase (Q&A 127.14) */
    BS_BAD_ARGUMENT,       /* an argument out of range */
    BS_NOT_SQUARE          /* a mob's array must stay approx. square (7.5) */
} bs_refusal;

/* Why a straight move stopped: the engine's straight move (every move is
 * built from it) and bs_advance (bs_move.h). */
typedef enum bs_stop {
    BS_STOP_DISTANCE,    /* moved the distance asked */
    BS_STOP_MOVEMENT,    /* ran out of movement */
    BS_STOP_ENEMY,       /* base-to-base contact with an enemy (7.8) */
    BS_STOP_FRIEND,      /* a friendly unit in the way */
    BS_STOP_TERRAIN,     /* impassable terrain */
    BS_STOP_EDGE,        /* the table edge */
    BS_STOP_HALT,        /* forced march halted at the normal limit (Q&A 127.66) */
    BS_STOP_STANDOFF     /* skirmishers stop short of enemies (7.4) */
} bs_stop;

/* The result of a straight move. */
typedef struct bs_step {
    double moved_mm;  /* distance the front moved */
    double cost_mm;   /* movement spent (terrain factors included) */
    bs_stop stop;
    int contact;      /* unit touched, or -1 */
} bs_step;

/* Returns a short English name for a refusal, e.g. "in contact". */
const char *bs_refusal_name(bs_refusal r);

/* Starts an empty field: no units, round 0, no phase running. */
void bs_field_init(bs_field *f);

/* Adds unit u (copied) and returns its index, or -1 if the field is full. */
int bs_field_add(bs_field *f, const bs_unit *u);

/* Returns non-zero when units a and b (indices) are both on the table and
 * their footprints touch (base-to-base contact). */
int bs_touching(const bs_field *f, int a, int b);

/* Returns the mask of enemy units (on the table) touching unit u. */
uint32_t bs_enemy_contacts(const bs_field *f, int u);

/* Returns non-zero when enemy unit e touches the back edge of unit u
 * (attacked from the rear, Q&A 132.34). Corner-only touches do not count. */
int bs_contact_from_rear(const bs_field *f, int u, int e);

/* Returns the shortest distance in mm between the footprints of a and b. */
double bs_distance_mm(const bs_field *f, int a, int b);

/* Marks unit u as having done something this round (e.g. fought in the
 * melee, shot): it does not recover AR at the round's end. */
void bs_mark_acted(bs_field *f, int u);

/* Marks unit u as attacked this round (e.g. by missiles). */
void bs_mark_attacked(bs_field *f, int u);

/* Rolls a Discipline Check for unit u (assumption: against its morale
 * rating plus modifiers). Returns the check; the caller applies the
 * consequence the clause gives. */
bs_check_result bs_discipline_check(bs_field *f, const bs_env *env, int u, int modifier);

#endif
