/* Internal to src/rules/warmaster: the move planner's state and the
 * pieces planner.c and planner_contact.c share (wm_planner.h describes
 * the search). */
#ifndef MUSTER_WM_PLANNER_INT_H
#define MUSTER_WM_PLANNER_INT_H

#include "warmaster/wm_planner.h"

#include "wm_move_ctx.h"

#define WM_PLAN_STEP_MM 0.05 /* bisection precision along a heading */

typedef struct planner {
    const wm_battlefield *bf;
    const wm_plan_request *req;
    const wm_unit *u;
    wm_move_ctx ctx;
    int n;
    mu_vec2 c0;                       /* the unit's centre */
    wm_form form;                     /* the template in use: KEEP, LINE, COLUMN, or ANY: a block */
    int front, align;                 /* ANY: stands in the front row; last row 0 left, 1 centre, 2 right */
    struct wm_route_map *routes;      /* contact: waypoints round obstacles (planner_route.c), or NULL */
    mu_vec2 lead;                     /* contact: the way the first stand to move set off on its first route
                                         round (planner_route.c sets it once; (0, 0): none yet) */
    mu_vec2 off[WM_MAX_STANDS];    /* template: place centres from the centre */
    mu_vec2 face[WM_MAX_STANDS];   /* template: place facings */
    int slot[WM_MAX_STANDS];       /* stand -> place */
    int order[WM_MAX_STANDS];      /* moving order */
    int checks;                       /* full move checks made */
    int refused;                      /* candidates refused unchecked (wm_move_ctx_sure_fault) */
    int have;                         /* best: a legal move found */
    double best_score;                /* lower is better */
    wm_move best;
    wm_move_report best_rep;
    mu_vec2 best_c;
} planner;

/* Sets the template for final facing f, assigned for the centre at c and
 * ordered front-most place first along travel direction d. */
void wm_planner_template(planner *pl, mu_vec2 f, mu_vec2 c, mu_vec2 d);

/* Re-assigns the stands to the template's places (as wm_planner_template
 * does) for the centre at c; the moving order is left as it was. */
void wm_planner_reassign(planner *pl, mu_vec2 c);

/* Cost of sending stand i to place j with the centre at c: the most any of
 * its points can move (straight distance plus turning at the half
 * diagonal). */
double wm_planner_place_cost(const planner *pl, int i, int j, mu_vec2 c);

/* Sets pl->order from pl->slot: the stands of the front-most places
 * along d first. */
void wm_planner_order(planner *pl, mu_vec2 d);

/* Returns non-zero when the template with its centre at c is a legal move
 * (in *m, *rep); tries the reverse order if the first crosses own stands.
 * Candidates that surely fail in both orders (wm_move_ctx_sure_fault) are
 * refused unchecked (*m and *rep then say nothing). */
int wm_planner_legal(planner *pl, mu_vec2 c, wm_move *m, wm_move_report *rep);

/* The distance from the request's target after move m. */
double wm_planner_target_distance(const planner *pl, const wm_move *m);

/* Keeps legal move m (centre ending at c) as the best if it scores better
 * for goal (POINT, CONTACT: nearer goal; AWAY: farther from the target). */
void wm_planner_consider(planner *pl, const wm_move *m, const wm_move_report *rep, mu_vec2 c, mu_vec2 goal);

/* Moves the centre toward goal (at most cap mm), final facing f ((0, 0):
 * as the request says), trying the headings. */
void wm_planner_toward(planner *pl, mu_vec2 goal, double cap, mu_vec2 f);

/* Sets *m to the template with its centre at c (one straight leg per
 * stand), stands moving in pl->order, reversed if reverse. */
void wm_planner_build(const planner *pl, mu_vec2 c, int reverse, wm_move *m);

/* Tries move m (built by wm_planner_build) and, where a stand's straight
 * path is refused by terrain, another unit, an own stand, a gap or the
 * table edge, routes round them (planner_route.c), stand by stand in
 * moving order. Returns non-zero with *m legal and *rep its report. */
int wm_planner_route_move(planner *pl, wm_move *m, wm_move_report *rep);

/* Gives the route searches a fresh budget (planner_route.c). */
void wm_planner_routes_budget(planner *pl);

/* Frees pl->routes. */
void wm_planner_routes_free(planner *pl);

/* The CONTACT goal: the nearest legal placement in contact, else toward
 * the nearest free placement (out->reached set on contact). */
void wm_planner_contact(planner *pl, wm_plan *out);

#endif
