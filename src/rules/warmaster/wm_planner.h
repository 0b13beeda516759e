/* The Warmaster move planner (issue 4 item 5): what a policy asks for
 * instead of placing stands. "Move this unit toward point P / into
 * contact with unit U / directly away from unit U, in formation F" returns
 * a legal move (wm_move_check says WM_MOVE_OK) that gets as close
 * as the search finds, so policies never reason about stands.
 *
 * The search (not globally optimal):
 * - Formation template. KEEP: the unit's stands as they stand, turned as
 *   a body to the final facing. LINE / COLUMN: wm_place_line /
 *   wm_place_column, stands assigned to places to make the longest
 *   stand move shortest (all assignments up to 5 stands, greedily
 *   beyond); ANY: see Contact (other goals: KEEP). Toward a point and
 *   away every stand moves in one leg (straight, turning steadily),
 *   the stand whose place is farthest ahead first (the reverse order is
 *   tried if that crosses an own stand). The unit's "centre" is the
 *   mean of its stand centres.
 * - Straight line search. Along a heading the template's centre goes to
 *   c0 + a h: the farthest a is tried first; if that is not legal, eight
 *   equal steps back from it, then bisection (to 0.05 mm) between the
 *   farthest legal step and the next. Legality need not be monotone along
 *   the line, so a legal stretch shorter than a step can be missed.
 * - Headings. The direct one; if that falls short, detours of 20, 40, 60
 *   and 80 degrees either side, skipped when they cannot beat the best so
 *   far. The centre moves in a straight line: no routing round large
 *   obstacles (a policy can ask for waypoints).
 * - Contact (a charge: kind WM_MOVE_CHARGE exempts the target from the
 *   gap rule; planner_contact.c, planner_route.c; issue 12 item 1).
 *   Placements: for every edge of every target stand (front, flanks,
 *   rear; not an edge against another target stand), each arrangement
 *   faces the edge with its front row flush on the edge's line, slid
 *   along it to 13 positions (9 evenly over every slide that overlaps
 *   the edge by 0.25 mm or more, centred, either end aligned, straight ahead
 *   of the unit). Arrangements: the request's form; WM_FORM_ANY: the
 *   present one (KEEP), then blocks of rows of k stands (k = n: a line,
 *   k = 1: a column, between: a short last row left, centred or right).
 *   Order: the present arrangement, lines and columns first, then the
 *   other blocks; within each, nearest first by a lower bound (the most
 *   any stand corner must move: its straight distance), out of reach
 *   skipped, each placement once (a special slide equal to an even one
 *   is not made twice). Cheap tests before the checker: the footprint on
 *   the table, clear of other units' stands and terrain the unit cannot
 *   enter. Stands go to places by the template's assignment (least
 *   longest move); when that fails, in moving order (the front-most
 *   place takes the nearest stand, and so on), then in the order the
 *   stands stand along the way the first stand's first route set off
 *   (so they file round an obstacle without crossing), each assignment
 *   once. The stands move in order front-most first (or the reverse):
 *   each straight when its swept centre keeps half its shorter edge from
 *   every obstacle and no sampled pose (every 4 mm of the farthest
 *   corner) overlaps a stand, gap or terrain; else, or when the checker
 *   refuses it, routed in up to WM_MAX_LEGS legs through waypoints (the
 *   corners of obstacles grown by the stand's half-diagonal, then also
 *   the corners grown by the stand's rectangle in its unit's and the
 *   target's axes, for stands slipping through narrow gaps without
 *   turning; only those a centre may pass, clear of every obstacle),
 *   routes shortest first (a best-first search ordered by the route's
 *   length so far plus its shortest way on to the end, by Dijkstra over
 *   the waypoints, that stops at the 48th route: the routes a
 *   depth-first walk of every route within the allowance keeps, found
 *   without walking dead ends or routes longer than those kept; the
 *   exhaustive planner walks depth first), the turn spread over the legs by
 *   length, all in the last or all in the first; at most 12 paths per
 *   stand reach the checker. When every one of them is refused, a
 *   fallback: one waypoint of a 15 mm grid fixed on the table, shortest
 *   centre path first, the turn spread by length (room for a stand that
 *   turns as it passes, where the corner waypoints give none), at most
 *   96 paths filtered and 12 checked. Before a stand's route search and
 *   grid fallback, a proof that its centre cannot reach the place within
 *   the allowance (shortest path round convex polygons inside the
 *   clearance: route_bound.c) skips both, their budgets spent as they
 *   would have been: the same plans, cheaper. The first legal move in contact
 *   wins. Limits: 64 route searches and 32 grid fallbacks per tier of
 *   placements (then only straight legs), so a target whose every way in
 *   needs routing round friends may be missed when many nearer
 *   placements also need routes; paths only through those waypoints or
 *   one grid point.
 *   Measured against a slow exhaustive reference on game states
 *   (bench/bench_wm_charge, tests/unit/test_wm_contact_search.c;
 *   figures in bench/README.md): on 12 games each of the default
 *   experiment at seeds 7, 8 and 9 it misses none of the 402 charges the
 *   reference finds (95% interval 0 to 0.95%; before the grid fallback,
 *   the other assignments and the larger budgets, 13 of 145 at seed 7,
 *   9%; the old one-leg search in the present formation: 80%). If none is legal, the planner moves toward
 *   the nearest placement that fits like a POINT goal and reports no
 *   contact (with contact_only it stands still). How chargers line up in detail ("Moving Chargers", Combat)
 *   is not in our texts: contact = some stand touches the target.
 * - Away. The direction runs from the target's closest point to the
 *   unit's (as the evade direction); the goal is a full allowance that
 *   way and detours are scored by the distance they gain from the target.
 * If nothing better is legal the plan is to stand still (no legs). */
#ifndef MUSTER_WM_PLANNER_H
#define MUSTER_WM_PLANNER_H

#include "warmaster/wm_move.h"

typedef enum wm_goal {
    WM_GOAL_POINT,   /* the unit's centre toward `point` */
    WM_GOAL_CONTACT, /* a stand's front edge into contact with `target` (a charge) */
    WM_GOAL_AWAY     /* directly away from `target` */
} wm_goal;

typedef enum wm_form {
    WM_FORM_KEEP,   /* the present arrangement, turned as a body */
    WM_FORM_LINE,
    WM_FORM_COLUMN,
    WM_FORM_ANY     /* CONTACT: whatever arrangement reaches (the present one, lines,
                       columns, blocks); other goals: as KEEP */
} wm_form;

typedef struct wm_plan_request {
    int unit;              /* index into bf->unit */
    wm_goal goal;
    mu_vec2 point;         /* POINT: where the centre should go */
    int target;            /* CONTACT, AWAY: the other unit */
    wm_form form;
    mu_vec2 facing;        /* final facing; (0, 0): KEEP keeps stand 0's, LINE and COLUMN
                              face the way they go (CONTACT: toward the target's edge) */
    wm_move_kind kind;  /* allowance and, for a charge, the gap-rule exemption */
    double rolled_mm;      /* WM_MOVE_DICE only */
    int exhaustive;        /* set by tests: no short cuts (the move checker's, the route search's
                              pruning); the plan must come out the same, bit for bit */
    int contact_only;      /* CONTACT: when no contact is found, stand still instead of moving
                              toward the nearest placement (for callers that make the move
                              only when it reaches: the charges) */
} wm_plan_request;

/* Returns a request for unit: goal, form and kind as given, point (0, 0),
 * target -1, facing (0, 0), rolled_mm 0, exhaustive 0, contact_only 0. */
wm_plan_request wm_plan_request_make(int unit, wm_goal goal, wm_form form, wm_move_kind kind);

/* A planned move. */
typedef struct wm_plan {
    int moved;                 /* the move goes somewhere (0: standing still) */
    int reached;               /* POINT: centre within 0.05 mm of the point; CONTACT: touching
                                  the target; AWAY: a full allowance from where it was */
    wm_move move;           /* legal, unless even standing still is not (see report) */
    wm_move_report report;  /* wm_move_check's report for move */
    double advance_mm;         /* how far the centre moved */
    double remaining_mm;       /* POINT: centre to point */
    double target_mm;          /* CONTACT, AWAY: distance to the target afterwards */
    int checks;                /* candidate moves checked (the search's cost) */
    int refused;               /* candidates refused unchecked, sure to fail (not in checks) */
} wm_plan;

/* Plans req on bf (not changed) into *out and returns out->moved. The
 * unit must be on the table and not a character; CONTACT and AWAY need a
 * target on the table other than the unit. Apply with wm_move_apply. */
int wm_plan_move(const wm_battlefield *bf, const wm_plan_request *req, wm_plan *out);

#endif
