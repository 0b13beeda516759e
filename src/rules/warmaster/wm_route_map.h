/* Internal to src/rules/warmaster: the route planner's waypoint map
 * (route_map.c): the obstacles a centre path must keep clear of, the
 * waypoints round them, and the segment tests the route search
 * (planner_route.c) makes. */
#ifndef MUSTER_WM_ROUTE_MAP_H
#define MUSTER_WM_ROUTE_MAP_H

#include "wm_planner_int.h"

#define WM_ROUTE_MAX_WP 400 /* waypoints kept per plan */
#define WM_ROUTE_MAX_REACH 128 /* reach proofs remembered per plan */

/* An obstacle to the filter: a polygon (stands, gaps, features) or a circle. */
typedef struct wm_route_obst {
    const mu_vec2 *v; /* polygon vertices (NULL: circle) */
    int n;
    mu_circle circle;
    mu_vec2 lo, hi;
} wm_route_obst;

typedef struct wm_route_map {
    double clear;            /* half the shorter edge: the least clearance of a centre path */
    int n_obst;
    wm_route_obst *obst;     /* n_obst (heap): stands and gaps first, then features */
    int n_pose_obst;         /* the stands and gaps */
    int searches;            /* route searches made (at most a budget a plan: planner_route.c) */
    int grid_searches;       /* grid fallbacks made (likewise) */
    unsigned char *skip;     /* n_pose_obst (heap): scratch for the route search's pose filter */
    int *near;               /* n_pose_obst (heap): likewise */
    struct wm_route_memo *memo;                        /* route searches remembered (planner_route.c; heap) */
    int n_memo;
    int n_reach;                                       /* reach proofs asked (planner_route.c) */
    struct {
        mu_vec2 s, e;
        int unreachable;
    } reach[WM_ROUTE_MAX_REACH];                       /* their answers (the allowance is the plan's) */
    int n_wp;
    mu_vec2 wp[WM_ROUTE_MAX_WP];
    unsigned char frame[WM_ROUTE_MAX_WP];              /* made by frame_wps */
    int adding_frame;                                  /* wm_route_map_build: frame_wps is adding */
    unsigned char vis[WM_ROUTE_MAX_WP][WM_ROUTE_MAX_WP]; /* 0 unknown, 1 clear, 2 blocked (planner_route.c) */
} wm_route_map;

/* Builds the waypoint map for pl's unit: obstacles are the stands of
 * other units near the move, the gaps and the features it cannot enter;
 * waypoints off their convex corners (grown by the stand's half-diagonal,
 * and by its rectangle in its unit's and the target's axes), only where
 * a centre may pass. Aborts when out of memory; free with
 * wm_route_map_free. */
wm_route_map *wm_route_map_build(const planner *pl);

/* Frees rm (NULL is fine). */
void wm_route_map_free(wm_route_map *rm);

/* Returns the gap between segment s's box and the box lo..hi (the larger
 * of the x and y gaps; 0 when they meet): no more than their distance. */
double wm_route_seg_box_gap(mu_seg s, mu_vec2 lo, mu_vec2 hi);

/* Returns non-zero when point p is nearer obstacle i of rm than the
 * clearance (or inside it): what wm_route_seg_clear_among sets aside for
 * a segment starting at p. */
int wm_route_point_near(const wm_route_map *rm, int i, mu_vec2 p);

/* Returns non-zero when segment s keeps the map's clearance from the
 * obstacles only[0..n_only) (all of them when only is NULL), obstacles
 * its start is already nearer than that (a stand starting in a gap, on a
 * bridge) aside. Between two waypoints the answer is the same both ways
 * (no waypoint is near an obstacle). */
int wm_route_seg_clear_among(const wm_route_map *rm, const int *only, int n_only, mu_seg s);

#endif
