/* A slow exhaustive reference for the planner's contact search (issue
 * 12 item 1): does unit `unit` have a legal charge (wm_move_check says
 * WM_MOVE_OK for a WM_MOVE_CHARGE move at `target`) that ends with one of
 * its stands touching a stand of `target`?
 *
 * It tries, densely and independently of the planner's code:
 * - every edge of every target stand (flanks, rear, edges against other
 *   target stands included);
 * - every arrangement: the present one (turned as a body to face the
 *   edge) and every block of rows of k = 1..n stands with a short last
 *   row left, centred or right (k = n: a line; k = 1: a column);
 * - the front row flush on the edge's line, slid along it in steps of
 *   slide_mm (route_slide_mm in the phases with waypoints) over every
 *   position where it overlaps the edge by 0.25 mm or more;
 * - every assignment of stands to places and every moving order (n <= 4;
 *   beyond, the nearest assignment and the front-first order and its
 *   reverse);
 * - per stand, in moving order: one straight leg; else one waypoint of a
 *   grid of spacing grid_mm; else two waypoints of a grid of spacing
 *   grid2_mm (only those the centre path can reach within the
 *   allowance); the turn spread over the legs by their lengths.
 * Cheap necessary tests (every corner moves at least its straight
 * distance; the final stands on the table, clear of other units' stands;
 * in contact) run before the checker. */
#ifndef MUSTER_TEST_WM_CONTACT_REF_H
#define MUSTER_TEST_WM_CONTACT_REF_H

#include "warmaster/wm_move.h"

typedef struct wm_ref_opts {
    double slide_mm;       /* slide step along an edge, straight legs */
    double route_slide_mm; /* slide step when routing round (waypoints) */
    double grid_mm;  /* one-waypoint grid */
    double grid2_mm; /* two-waypoint grid (0: no two-waypoint routes) */
    long budget;     /* paths tested per phase before it gives up the phase (0: no limit) */
    int max_waypoints; /* the last phase: 0 straight legs only, 1, 2 */
} wm_ref_opts;

/* The default density: 2 mm slides (10 mm when routing), 15 mm and 40 mm
 * grids, a budget of 100,000 paths, up to two waypoints. */
wm_ref_opts wm_ref_opts_default(void);

/* Returns 1 when the reference finds a legal charge of unit at target
 * into contact (the move goes to *out if non-NULL), 0 when it finds none,
 * -1 when it found none and a phase gave up (its budget ran out). *checks (if non-NULL) gets the
 * checker calls made. The search runs in three phases, each over every
 * placement: straight legs only, then one waypoint, then two. */
int wm_ref_contact(const wm_battlefield *bf, int unit, int target, const wm_ref_opts *opt, wm_move *out,
                   long *checks);

#endif
