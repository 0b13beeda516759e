/* Warmaster evades and bursting through (warmaster-movement.adoc, "The path
 * of evaders"; issue 4 item 7). Readings: src/rules/warmaster/CLAUSES.md
 * ("Movement: evades").
 *
 * Direction: "placing a tape measure between the closest points of the
 * closest two opposing stands": over every pair (evader's stand, enemy
 * stand) at the least distance (ties within 1e-6 mm), the direction from
 * the enemy stand's closest point to the evader's, which is unique for a
 * pair of stands apart. Each distinct (lead stand, direction) is an
 * option: "the evading player may choose between them". Units touching
 * the enemy have no direction (they are in contact).
 *
 * The move: the lead stand ("the evading stand that is closest to the
 * enemy") goes in a straight line along the direction, at least 10 mm and
 * at most full pace (every point of it, turning included: "take into
 * account any necessary distance required to reorient stands"), and may
 * turn to any final facing on the way; "move the rest … into the unit's
 * new formation": the others keep their places relative to the lead
 * (turned with it as a body) if that is legal, else form a line through
 * the lead's new place (the lead in each place in turn), else a column,
 * each stand going to the place that makes the longest move shortest. Each
 * stand moves in one leg (wm_move.h), the lead first. The move must pass
 * wm_move_check as an evade (full pace, gap rule, no terrain the unit
 * cannot enter, no other unit's stands: enemy units and units engaged in
 * combat can never be passed), and end at least 50 mm from every enemy
 * unit (characters are not units) and every other unit with a stand
 * engaged in combat. A friendly unit with no stand engaged may be burst
 * through when the request allows it, if no stand ends on it; it is then
 * confused (wm_evade_apply).
 *
 * Distance: the request's, or the farthest legal one found: full pace
 * first, then down in 10 mm steps to exactly 10 mm; from the illegal step
 * above the first legal one, down in 2 mm steps; then bisection (to
 * 0.01 mm) between the farthest legal distance and the illegal one above
 * it. The 5 cm rule and bursting through make legality not monotone in
 * the distance: a legal stretch shorter than the steps can be missed. */
#ifndef MUSTER_WM_EVADE_H
#define MUSTER_WM_EVADE_H

#include "warmaster/wm_move.h"

#include <stdint.h>

#define WM_EVADE_MIN_MM 10.0   /* "by at least 1 cm" */
#define WM_EVADE_CLEAR_MM 50.0 /* "at least 5cm from any enemy unit or any unit engaged in combat" */
#define WM_MAX_EVADE_DIRS (WM_MAX_STANDS * WM_MAX_STANDS)

/* One way to evade. */
typedef struct wm_evade_dir {
    int stand;        /* the evader's stand that leads */
    int enemy_stand;  /* the enemy stand it is closest to */
    mu_vec2 from, to; /* the tape: closest point of the enemy stand, of the lead stand */
    mu_vec2 dir;      /* unit vector from `from` to `to`: directly away */
} wm_evade_dir;

typedef struct wm_evade_dirs {
    int n;              /* 0: no direction (touching, or not a unit and an enemy) */
    double distance_mm; /* between the closest stands */
    wm_evade_dir d[WM_MAX_EVADE_DIRS];
} wm_evade_dirs;

/* Fills *out with the directions in which unit may evade from enemy (both
 * indices into bf->unit, on the table, not characters, opposite sides)
 * and returns out->n. */
int wm_evade_directions(const wm_battlefield *bf, int unit, int enemy, wm_evade_dirs *out);

typedef struct wm_evade_request {
    int unit, enemy;
    int choice;             /* which of the directions (ties: the player's choice) */
    double distance_mm;     /* the lead stand's move; 0: the farthest legal */
    mu_vec2 facing;         /* the lead stand's final facing; (0, 0): keep it */
    int light_cavalry_rule; /* the optional Light Cavalry rule is in play */
    mu_vec2 direction;      /* with that rule, for light cavalry: any direction; (0, 0): directly away */
    int allow_burst;        /* the player will burst through friendly unengaged units */
} wm_evade_request;

/* Returns a request: choice 0, farthest distance, keep facing, no optional
 * rule, no burst-through. */
wm_evade_request wm_evade_request_make(int unit, int enemy);

typedef enum wm_evade_fault {
    WM_EVADE_OK,
    WM_EVADE_NO_DIRECTION, /* no direction: touching, bad units, choice out of range */
    WM_EVADE_BAD_REQUEST,  /* a direction or distance the rules do not allow */
    WM_EVADE_BLOCKED,      /* no legal move of at least 1 cm that way (see report) */
    WM_EVADE_TOO_CLOSE     /* legal moves all end within 5 cm of an enemy or a combat */
} wm_evade_fault;

/* An evade: what the rules allow for a request. */
typedef struct wm_evade {
    wm_evade_fault fault;
    wm_evade_dir dir;      /* the direction taken (dir.dir: the light-cavalry one if chosen) */
    double distance_mm;       /* how far the lead stand's centre moves */
    wm_move move;          /* the evade (when fault is OK) */
    wm_move_report report; /* its check; when BLOCKED, the full-pace attempt's */
    uint64_t burst;           /* bit k: unit k is burst through (and becomes confused) */
    double clearance_mm;      /* least distance at the end to an enemy unit or a unit in combat */
} wm_evade;

/* Works out req on bf (not changed) into *out and returns out->fault. */
wm_evade_fault wm_evade_plan(const wm_battlefield *bf, const wm_evade_request *req, wm_evade *out);

/* Makes the evade ev (fault OK, planned on this bf): moves the stands and
 * confuses the units burst through. */
void wm_evade_apply(wm_battlefield *bf, const wm_evade *ev);

#endif
