/* Warmaster unit moves stand by stand (warmaster-movement.adoc, "Moving the
 * stands", "The gap rule", "Terrain"; issue 4 item 5). A move is a list of
 * stand paths in the order the stands move; each path is up to
 * WM_MAX_LEGS legs. Readings: src/rules/warmaster/CLAUSES.md
 * ("Movement: moving the stands and the planner").
 *
 * Path model. A leg takes a stand from its pose (centre c0, facing f0) to
 * centre c1 while it turns by turn_rad: at time t in [0, 1] the centre is
 * c0 + t (c1 - c0) and the facing f0 turned by t * turn_rad (a straight
 * line for the centre, a steady turn about it). The distance a point of
 * the stand moves is the length of its path summed over the legs. That
 * length is a convex function of the point, so over the stand it is
 * largest at a corner ("measure from the part of the stand that moves the
 * greatest distance - this will often be one of the corners"); each
 * corner's length is computed in closed form (an incomplete elliptic
 * integral of the second kind, Carlson's R_F and R_D): exact to rounding.
 *
 * Swept area. A leg without a turn sweeps the convex hull of its start
 * and end: exact. A turning leg is cut into pieces; each piece's hull of
 * its two end poses, each grown by the most a point can stray from the
 * chord between its end positions (rho * dturn^2 / 8, rho the half
 * diagonal), contains what the piece sweeps. A piece whose grown hull
 * hits something is decided by the exact poses at its ends or cut in two
 * until the growth is below 1e-5 mm, where the two poses' hull decides.
 * So a turning stand may be refused for passing within a few hundredths
 * of a millimetre of an obstacle in mid-turn (the hull of two poses
 * 0.002 rad apart exceeds their sweep by about half a frontage times
 * that), never allowed into one deeper than 1e-5 mm.
 *
 * What a stand may not cross (its swept area sharing interior with it;
 * touching is allowed): terrain its unit cannot enter
 * (wm_convex_blocked); the table edge (the whole path stays on the
 * table); stands of other units, friend or foe, but not characters
 * ("Stands can always move through characters": its own side's may be
 * crossed and ended on, tokens; an enemy's crossed but not ended on);
 * stands of its own unit that have already moved (at their new places)
 * or are engaged; the units in the move's burst mask may be crossed but
 * not ended on. Its own unit's unmoved, unengaged stands are passable.
 *
 * Gap rule. A "gap" lies between an enemy stand (not a character) and a
 * partner no more than the moving stand's frontage away (and more than
 * 1e-6 mm): another enemy stand; a stand of another friendly unit (a
 * unit's own stands re-form around each other and are no side of a gap;
 * characters are not either); or an edge of any terrain feature,
 * whether the unit may enter it or not ("any feature"). The gap is the convex hull of the stretches of the two
 * boundaries that lie within the frontage of the other side. A stand may
 * not enter a gap's interior unless the gap is wider than its frontage,
 * or the move is a charge and an enemy stand bordering the gap belongs to
 * the unit charged, or the stand starts inside that gap already. The
 * general rule (a gap at least the stand's shortest edge) is the swept
 * area itself: a stand fits through a gap only if it does not overlap
 * either side. */
#ifndef MUSTER_WM_MOVE_H
#define MUSTER_WM_MOVE_H

#include "warmaster/wm_battlefield.h"
#include "warmaster/wm_formation.h"

#include <stdint.h>

/* Legs a stand path may have. */
#define WM_MAX_LEGS 4

/* One leg: the centre goes straight to `center` while the facing turns by
 * turn_rad (counter-clockwise > 0; |turn_rad| <= 2 pi). */
typedef struct wm_leg {
    mu_vec2 center;
    double turn_rad;
} wm_leg;

/* One stand's path. n_legs 0: the stand stays where it is. */
typedef struct wm_stand_path {
    int stand; /* index into the unit's stand[] */
    int n_legs;
    wm_leg leg[WM_MAX_LEGS];
} wm_stand_path;

/* A unit's move: every stand of the unit exactly once, in the order the
 * stands move. */
typedef struct wm_move {
    int unit;               /* index into bf->unit */
    wm_move_kind kind;   /* sets the allowance (wm_move_allowance_mm) */
    double rolled_mm;       /* WM_MOVE_DICE only: the distance rolled */
    int charge_target;      /* WM_MOVE_CHARGE: the unit charged, else -1 */
    uint64_t burst;         /* bit k: unit k may be burst through (evade) */
    int n;                  /* paths; must equal the unit's n_stands */
    wm_stand_path path[WM_MAX_STANDS];
} wm_move;

/* The first thing wrong with a move, in checking order per stand. */
typedef enum wm_move_fault {
    WM_MOVE_OK,
    WM_MOVE_BAD,          /* not a move: unit off the table or a character, a stand
                                missing or twice, a leg not finite or turning > 2 pi */
    WM_MOVE_TOO_FAR,      /* some point moves farther than the allowance */
    WM_MOVE_OFF_TABLE,    /* the path leaves the table */
    WM_MOVE_TERRAIN,      /* through terrain the unit cannot enter */
    WM_MOVE_THROUGH_UNIT, /* through a stand of another unit */
    WM_MOVE_THROUGH_OWN,  /* through an own stand that has moved or is engaged */
    WM_MOVE_ENEMY_GAP,    /* into a gap no wider than its frontage next to an enemy */
    WM_MOVE_NOT_THROUGH,  /* ends on a unit it bursts through, or on an enemy character */
    WM_MOVE_FORMATION,    /* the stands do not end in formation */
    WM_MOVE_LIST_FORMATION /* its list's formation rule (laager_mm) refuses the end formation */
} wm_move_fault;

/* Returns a short English description of fault. */
const char *wm_move_fault_str(wm_move_fault fault);

/* What wm_move_check found. */
typedef struct wm_move_report {
    wm_move_fault fault;
    int path;                          /* the path at fault (index into move.path), or -1 */
    int other_unit;                    /* THROUGH_UNIT, NOT_THROUGH, ENEMY_GAP: that unit (ENEMY_GAP:
                                          the enemy); THROUGH_OWN: the own stand's index; else -1 */
    int feature;                       /* TERRAIN, or ENEMY_GAP against a feature: its index, else -1 */
    double allowance_mm;               /* wm_move_allowance_mm for the move */
    double moved_mm[WM_MAX_STANDS]; /* per path checked: its farthest point's path length */
    double max_moved_mm;
    uint64_t crossed;                  /* burst units some path passed through */
    wm_formation formation;         /* of the final stands (when the check got there) */
} wm_move_report;

/* Returns the pose of a stand starting at *from after leg, at time t in
 * [0, 1] of the leg (t = 1: the end). */
mu_orect wm_leg_pose(const mu_orect *from, wm_leg leg, double t);

/* Returns the length of the path of the point at offset `offset` from
 * from->center (table axes, at the leg's start) during leg: exact up to
 * rounding (see the path model above). */
double wm_leg_point_path_mm(const mu_orect *from, wm_leg leg, mu_vec2 offset);

/* Returns how far the point of the stand that moves farthest moves along
 * legs[0..n) from *start (the largest corner path length summed over the
 * legs); 0 for n == 0. *end (if non-NULL) gets the final pose. */
double wm_stand_path_mm(const mu_orect *start, const wm_leg *legs, int n, mu_orect *end);

/* wm_stand_path_mm measuring every corner's path (wm_stand_path_mm skips
 * corners that surely move less than another): the same result bit for
 * bit, the reference the tests hold it to. */
double wm_stand_path_exhaustive_mm(const mu_orect *start, const wm_leg *legs, int n, mu_orect *end);

/* Fills *m as a move of unit (index into bf->unit) of kind, every stand
 * going in one leg straight to final[s] (its centre, turning the short
 * way to its facing), in the order order[0..n_stands) (NULL: 0, 1, ...).
 * charge_target -1, burst 0, rolled_mm 0. */
void wm_move_direct(wm_move *m, const wm_battlefield *bf, int unit, wm_move_kind kind,
                       const mu_orect *final, const int *order);

/* Checks move m on bf (not changed) against the rules above, per stand in
 * moving order (distance, then the swept path, then the gap rule), then
 * the final places (no burst unit under them, in formation:
 * wm_in_formation; a unit of two stands or more whose list sets
 * laager_mm: in column, or in line after a move whose farthest point
 * goes at most laager_mm). Fills *rep (if non-NULL) and returns rep's
 * fault. */
wm_move_fault wm_move_check(const wm_battlefield *bf, const wm_move *m, wm_move_report *rep);

/* Puts the stands of m's unit at the ends of their paths. Does not check
 * (call wm_move_check first) and changes nothing else. */
void wm_move_apply(wm_battlefield *bf, const wm_move *m);

/* A move forced on unit (driven back, a rolled or blundered move: the
 * whole unit translated by delta): returns the largest fraction f in
 * [0, 1] such that moving every stand by f * delta takes none of them
 * into terrain the unit cannot enter ("they will halt at the edge"), to
 * within 1e-6 mm. *feature (if non-NULL) gets the feature that halted
 * it, or -1. Other units and the table edge are the caller's business
 * (combat; units which move off the table). */
double wm_forced_halt(const wm_battlefield *bf, int unit, mu_vec2 delta, int *feature);

#endif
