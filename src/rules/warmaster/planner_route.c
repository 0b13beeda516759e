/* The move planner's routes (issue 12 item 1): a stand whose straight
 * path is refused goes round what is in the way in up to WM_MAX_LEGS
 * legs through waypoints at the corners of the obstacles grown by the
 * stand's half-diagonal (wm_planner.h). The waypoint graph is only a
 * filter (a centre path that passes nearer an obstacle than half the
 * stand's shorter edge cannot be legal, whatever the facing); the move
 * checker decides every route tried. */
#include "wm_planner_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define PI 3.14159265358979323846
#define MAX_WP 400     /* waypoints kept per plan */
#define MAX_ROUTES 48  /* candidate routes collected per stand */
#define TRY_ROUTES 6   /* of which the shortest are checked */
#define MAX_SEARCHES 64 /* route searches per plan and tier of placements */
#define FILTER_ROUTES 24 /* paths put through poses_clear per stand */
#define SLACK_MM 0.5   /* waypoints stand this far outside the grown corners */
#define SAMPLE_MM 4.0  /* poses_clear: a pose every this far along a leg (by its farthest point) */
#define PRUNE_SLACK_MM 1e-7 /* bound_to_go's sums and the search's differ by rounding only */

/* An obstacle to the filter: a polygon (stands, gaps, features) or a circle. */
typedef struct route_obst {
    const mu_vec2 *v; /* polygon vertices (NULL: circle) */
    int n;
    mu_circle circle;
    mu_vec2 lo, hi;
} route_obst;

typedef struct wm_route_map {
    double clear;            /* half the shorter edge: the least clearance of a centre path */
    int n_obst;
    route_obst *obst;        /* n_obst (heap): stands and gaps first, then features */
    int n_pose_obst;         /* the stands and gaps */
    int searches;            /* route searches made (at most MAX_SEARCHES a plan) */
    unsigned char *skip;     /* n_obst (heap): scratch for poses_clear */
    int n_wp;
    mu_vec2 wp[MAX_WP];
    unsigned char frame[MAX_WP];       /* made by frame_wps */
    int adding_frame;                  /* map_build: frame_wps is adding */
    unsigned char vis[MAX_WP][MAX_WP]; /* 0 unknown, 1 clear, 2 blocked */
} wm_route_map;

static double seg_box_gap(mu_seg s, mu_vec2 lo, mu_vec2 hi)
{
    double dx = wm_max(wm_max(lo.x - wm_max(s.a.x, s.b.x), wm_min(s.a.x, s.b.x) - hi.x), 0.0);
    double dy = wm_max(wm_max(lo.y - wm_max(s.a.y, s.b.y), wm_min(s.a.y, s.b.y) - hi.y), 0.0);
    return wm_max(dx, dy);
}

/* Returns non-zero when segment s enters obstacle o or passes nearer
 * than cl to it: the distance from s to o (0 when s starts inside) below
 * cl, decided edge by edge, an edge whose box is surely cl or more from
 * s's skipped. */
static int seg_near_obst(mu_seg s, const route_obst *o, double cl)
{
    if (!o->v)
        return wm_max(mu_point_seg_distance(o->circle.center, s, NULL) - o->circle.radius, 0.0) < cl;
    if (s.a.x >= o->lo.x && s.a.x <= o->hi.x && s.a.y >= o->lo.y && s.a.y <= o->hi.y &&
        mu_point_in_polygon(&(mu_polygon){o->n, o->v}, s.a))
        return 1;
    for (int k = 0; k < o->n; k++) {
        mu_seg e = mu_poly_edge(o->v, o->n, k);
        mu_vec2 lo = mu_v2(wm_min(e.a.x, e.b.x), wm_min(e.a.y, e.b.y)), hi = mu_v2(wm_max(e.a.x, e.b.x), wm_max(e.a.y, e.b.y));
        if (seg_box_gap(s, lo, hi) >= cl + 1e-9) /* the margin: the exact distance's rounding */
            continue;
        if (mu_seg_distance(s, e, NULL, NULL) < cl)
            return 1;
    }
    return 0;
}

/* Returns non-zero when segment s keeps the clearance from the
 * obstacles only[0..n_only) of the map (all of them when only is NULL),
 * obstacles its start is already nearer than that (a stand starting in a
 * gap, on a bridge) aside. */
static int seg_clear_among(const wm_route_map *rm, const int *only, int n_only, mu_seg s)
{
    double cl = rm->clear - 1e-3;
    for (int q = 0; q < (only ? n_only : rm->n_obst); q++) {
        const route_obst *o = &rm->obst[only ? only[q] : q];
        if (seg_box_gap(s, o->lo, o->hi) >= cl)
            continue;
        if (seg_near_obst(s, o, cl) && !seg_near_obst((mu_seg){s.a, s.a}, o, cl))
            return 0;
    }
    return 1;
}

/* As seg_clear_among, over every obstacle of the map. */
static int seg_clear(const wm_route_map *rm, mu_seg s)
{
    return seg_clear_among(rm, NULL, 0, s);
}

static void add_poly(wm_route_map *rm, const mu_vec2 *v, int n)
{
    route_obst *o = &rm->obst[rm->n_obst++];
    o->v = v;
    o->n = n;
    o->lo = o->hi = v[0];
    for (int k = 1; k < n; k++) {
        o->lo = mu_v2(wm_min(o->lo.x, v[k].x), wm_min(o->lo.y, v[k].y));
        o->hi = mu_v2(wm_max(o->hi.x, v[k].x), wm_max(o->hi.y, v[k].y));
    }
}

/* Returns non-zero when point p keeps the clearance from every obstacle
 * of the map (seg_clear cannot say: it sets aside what a segment's start
 * is already near). */
static int point_clear(const wm_route_map *rm, mu_vec2 p)
{
    double cl = rm->clear - 1e-3;
    for (int i = 0; i < rm->n_obst; i++) {
        const route_obst *o = &rm->obst[i];
        if (seg_box_gap((mu_seg){p, p}, o->lo, o->hi) < cl && seg_near_obst((mu_seg){p, p}, o, cl))
            return 0;
    }
    return 1;
}

/* Adds waypoint p where a centre may pass: inside the move's box and the
 * table, clear of every obstacle. From such points seg_clear sets
 * nothing aside, so the visibility between two waypoints is the same
 * both ways (wp_visible keeps one answer for a pair). */
static void add_wp(wm_route_map *rm, const wm_move_ctx *c, mu_vec2 p)
{
    if (rm->n_wp >= MAX_WP || p.x < c->lo.x || p.y < c->lo.y || p.x > c->hi.x || p.y > c->hi.y ||
        p.x < rm->clear || p.y < rm->clear || p.x > c->bf->width_mm - rm->clear ||
        p.y > c->bf->depth_mm - rm->clear || !point_clear(rm, p))
        return;
    rm->frame[rm->n_wp] = (unsigned char)rm->adding_frame;
    rm->wp[rm->n_wp++] = p;
}

/* Waypoints at the convex corners of polygon v[0..n), grown by g. */
static void corner_wps(wm_route_map *rm, const wm_move_ctx *c, const mu_vec2 *v, int n, double g)
{
    double area = 0.0;
    for (int k = 0; k < n; k++)
        area += mu_v2_cross(v[k], v[(k + 1) % n]);
    double sgn = area > 0.0 ? 1.0 : -1.0; /* outward normal of edge (a, b): sgn * (b - a) turned right */
    for (int k = 0; k < n; k++) {
        mu_vec2 a = v[(k + n - 1) % n], p = v[k], b = v[(k + 1) % n];
        mu_vec2 e1 = mu_v2_sub(p, a), e2 = mu_v2_sub(b, p);
        if (sgn * mu_v2_cross(e1, e2) <= 0.0 || mu_v2_len(e1) < EPS || mu_v2_len(e2) < EPS)
            continue; /* reflex or flat corner */
        mu_vec2 n1 = mu_v2_scale(mu_v2_unit(mu_v2(e1.y, -e1.x)), sgn);
        mu_vec2 n2 = mu_v2_scale(mu_v2_unit(mu_v2(e2.y, -e2.x)), sgn);
        double k12 = 1.0 + mu_v2_dot(n1, n2);
        if (k12 > 0.5) {
            add_wp(rm, c, mu_v2_add(p, mu_v2_scale(mu_v2_add(n1, n2), g / k12)));
        } else { /* a sharp corner: two points off its sides */
            add_wp(rm, c, mu_v2_add(p, mu_v2_scale(mu_v2_add(n1, mu_v2_unit(e1)), g)));
            add_wp(rm, c, mu_v2_add(p, mu_v2_scale(mu_v2_sub(n2, mu_v2_unit(e2)), g)));
        }
    }
}

/* Waypoints off the convex corners of polygon v[0..n) for a stand that
 * does not turn, facing along axis f: the corners of the polygon grown
 * by the stand's rectangle in that facing (either way round), plus slack,
 * in the quadrant outside each corner: how a stand slips through a gap
 * little wider than its depth. */
static void frame_wps(wm_route_map *rm, const wm_move_ctx *c, const mu_vec2 *v, int n, mu_vec2 f, double w, double d)
{
    double area = 0.0;
    for (int k = 0; k < n; k++)
        area += mu_v2_cross(v[k], v[(k + 1) % n]);
    double sgn = area > 0.0 ? 1.0 : -1.0;
    mu_vec2 r = mu_v2(f.y, -f.x);
    for (int k = 0; k < n; k++) {
        mu_vec2 a = v[(k + n - 1) % n], p = v[k], b = v[(k + 1) % n];
        mu_vec2 e1 = mu_v2_sub(p, a), e2 = mu_v2_sub(b, p);
        if (sgn * mu_v2_cross(e1, e2) <= 0.0 || mu_v2_len(e1) < EPS || mu_v2_len(e2) < EPS)
            continue;
        mu_vec2 n1 = mu_v2_scale(mu_v2(e1.y, -e1.x), sgn), n2 = mu_v2_scale(mu_v2(e2.y, -e2.x), sgn);
        for (int sx = -1; sx <= 1; sx += 2)
            for (int sy = -1; sy <= 1; sy += 2) {
                mu_vec2 off = mu_v2_add(mu_v2_scale(r, sx * (0.5 * w + SLACK_MM)), mu_v2_scale(f, sy * (0.5 * d + SLACK_MM)));
                if (mu_v2_dot(off, n1) > 0.0 && mu_v2_dot(off, n2) > 0.0)
                    add_wp(rm, c, mu_v2_add(p, off));
            }
    }
}

/* Builds the waypoint map for pl's unit: obstacles are the stands of
 * other units near the move, the gaps and the features it cannot enter. */
static wm_route_map *map_build(const planner *pl)
{
    const wm_move_ctx *c = &pl->ctx;
    wm_route_map *rm = calloc(1, sizeof *rm);
    route_obst *ob = rm ? calloc((size_t)(c->n_obst + c->n_gaps + c->bf->n_features + 1), sizeof *ob) : NULL;
    if (!ob) {
        fprintf(stderr, "muster: out of memory (planner routes)\n");
        abort();
    }
    rm->obst = ob;
    rm->skip = calloc((size_t)(c->n_obst + c->n_gaps + 1), 1);
    if (!rm->skip)
        abort();
    const wm_profile *p = &pl->u->profile;
    rm->clear = 0.5 * wm_min(p->stand_width_mm, p->stand_depth_mm);
    for (int i = 0; i < c->n_obst; i++)
        if (!c->obst[i].pass)
            add_poly(rm, c->obst[i].v, 4);
    for (int i = 0; i < c->n_gaps; i++)
        add_poly(rm, c->gap[i].v, c->gap[i].n);
    rm->n_pose_obst = rm->n_obst;
    const wm_battlefield *bf = c->bf;
    for (int k = 0; k < bf->n_features; k++) {
        const wm_feature *f = &bf->feature[k];
        if (wm_unit_can_enter(pl->u, f->kind) || f->hi.x < c->lo.x || f->hi.y < c->lo.y || f->lo.x > c->hi.x ||
            f->lo.y > c->hi.y)
            continue;
        if (f->shape == WM_SHAPE_CIRCLE) {
            route_obst *o = &rm->obst[rm->n_obst++];
            o->v = NULL;
            o->circle = f->circle;
            o->lo = f->lo;
            o->hi = f->hi;
        } else {
            add_poly(rm, f->v, f->n);
        }
    }
    double g = 0.5 * hypot(p->stand_width_mm, p->stand_depth_mm) + SLACK_MM;
    /* the frames a stand may slip through gaps in: its unit's, the target's */
    mu_vec2 axis[2] = {pl->u->stand[0].facing, mu_v2(0, 0)};
    int n_axes = 1;
    if (pl->req->target >= 0 && pl->bf->unit[pl->req->target].n_stands > 0) {
        mu_vec2 t = pl->bf->unit[pl->req->target].stand[0].facing;
        double cr = fabs(mu_v2_cross(t, axis[0])), dt = fabs(mu_v2_dot(t, axis[0]));
        if (cr > 1e-6 && dt > 1e-6)
            axis[n_axes++] = t; /* not the same axes turned a quarter */
    }
    for (int i = 0; i < rm->n_obst; i++) {
        const route_obst *o = &rm->obst[i];
        if (o->v) {
            corner_wps(rm, c, o->v, o->n, g);
            rm->adding_frame = 1;
            for (int a = 0; a < n_axes; a++) {
                frame_wps(rm, c, o->v, o->n, axis[a], p->stand_width_mm, p->stand_depth_mm);
                frame_wps(rm, c, o->v, o->n, mu_v2_perp(axis[a]), p->stand_width_mm, p->stand_depth_mm);
            }
            rm->adding_frame = 0;
        } else {
            double r = (o->circle.radius + g) / cos(PI / 8.0);
            for (int k = 0; k < 8; k++)
                add_wp(rm, c, mu_v2_add(o->circle.center, mu_v2_scale(mu_v2(cos(k * PI / 4), sin(k * PI / 4)), r)));
        }
    }
    return rm;
}

void wm_planner_routes_budget(planner *pl)
{
    if (pl->routes)
        pl->routes->searches = 0;
}

void wm_planner_routes_free(planner *pl)
{
    if (pl->routes) {
        free(pl->routes->obst);
        free(pl->routes->skip);
    }
    free(pl->routes);
    pl->routes = NULL;
}


/* A route: waypoints w[0..n) between start and end, centre length len. */
typedef struct route {
    int n, w[WM_MAX_LEGS - 1];
    double len;
} route;

typedef struct route_search {
    wm_route_map *rm;
    mu_vec2 s, e;
    double cap;
    const int *near; /* waypoints within the ellipse */
    int n_near;
    unsigned char to_end[MAX_WP]; /* 0 unknown, 1 clear, 2 blocked */
    int fast;                     /* short cuts: to_go is set (else 0: no pruning), ob holds only the
                                     obstacles near the routes (else all) */
    double to_go[MAX_WP];         /* a lower bound on any route's rest from the waypoint to e */
    route out[MAX_ROUTES];
    int n_out;
    int n_ob, ob[]; /* the map's obstacles near the ellipse every route keeps to (flexible) */
} route_search;

/* Notes in rs the obstacles that can come within the clearance of a
 * segment inside the ellipse of routes no longer than rs->cap from rs->s
 * to rs->e (its box, grown by the clearance): every segment the search
 * tests lies in it, so testing only these gives the same answers. */
static void near_obstacles(route_search *rs)
{
    const wm_route_map *rm = rs->rm;
    mu_vec2 d = mu_v2_sub(rs->e, rs->s), m = mu_v2_scale(mu_v2_add(rs->s, rs->e), 0.5);
    double c = 0.5 * mu_v2_len(d), a = wm_max(0.5 * (rs->cap + EPS), c); /* the straight way, even if too long */
    double b2 = wm_max(a * a - c * c, 0.0);
    mu_vec2 u = c > 0.0 ? mu_v2_scale(d, 0.5 / c) : mu_v2(1.0, 0.0);
    double g = rm->clear + 1.0; /* the clearance, and room for rounding */
    double hx = sqrt(a * a * u.x * u.x + b2 * u.y * u.y) + g, hy = sqrt(a * a * u.y * u.y + b2 * u.x * u.x) + g;
    rs->n_ob = 0;
    for (int i = 0; i < rm->n_obst; i++) {
        const route_obst *o = &rm->obst[i];
        if (!rs->fast || (o->hi.x >= m.x - hx && o->lo.x <= m.x + hx && o->hi.y >= m.y - hy && o->lo.y <= m.y + hy))
            rs->ob[rs->n_ob++] = i;
    }
}

/* Returns non-zero when the way between waypoints i and j keeps the
 * clearance (remembered in the map: both lie in rs's ellipse, whose
 * obstacles are all rs tests). */
static int wp_visible(route_search *rs, int i, int j)
{
    wm_route_map *rm = rs->rm;
    if (!rm->vis[i][j])
        rm->vis[i][j] = rm->vis[j][i] = seg_clear_among(rm, rs->ob, rs->n_ob, (mu_seg){rm->wp[i], rm->wp[j]}) ? 1 : 2;
    return rm->vis[i][j] == 1;
}

/* seg_clear over rs's obstacles. */
static int rs_seg_clear(const route_search *rs, mu_vec2 a, mu_vec2 b)
{
    return seg_clear_among(rs->rm, rs->ob, rs->n_ob, (mu_seg){a, b});
}

static void keep(route_search *rs, const route *r)
{
    int at;
    if (rs->n_out == MAX_ROUTES) { /* full: replace the longest if r is shorter */
        if (rs->out[MAX_ROUTES - 1].len <= r->len)
            return;
        at = MAX_ROUTES - 1;
    } else {
        at = rs->n_out++;
    }
    rs->out[at] = *r;
    for (; at > 0 && rs->out[at].len < rs->out[at - 1].len; at--) {
        route t = rs->out[at];
        rs->out[at] = rs->out[at - 1];
        rs->out[at - 1] = t;
    }
}

/* Extends route r (ending at waypoint r->w[r->n - 1]) depth first. */
static void extend(route_search *rs, route *r)
{
    int last = r->w[r->n - 1];
    mu_vec2 at = rs->rm->wp[last];
    if (r->len + mu_v2_dist(at, rs->e) <= rs->cap + EPS) {
        if (!rs->to_end[last])
            rs->to_end[last] = rs_seg_clear(rs, at, rs->e) ? 1 : 2;
        if (rs->to_end[last] == 1) {
            route done = *r;
            done.len += mu_v2_dist(at, rs->e);
            keep(rs, &done);
        }
    }
    if (r->n >= WM_MAX_LEGS - 1)
        return;
    for (int k = 0; k < rs->n_near; k++) {
        int j = rs->near[k];
        double len = r->len + mu_v2_dist(at, rs->rm->wp[j]);
        double bound = rs->n_out == MAX_ROUTES ? rs->out[MAX_ROUTES - 1].len : rs->cap + EPS;
        if (j == last || len + mu_v2_dist(rs->rm->wp[j], rs->e) > bound || len + rs->to_go[j] > bound + PRUNE_SLACK_MM ||
            !wp_visible(rs, last, j))
            continue;
        int again = 0;
        for (int q = 0; q < r->n; q++)
            again |= r->w[q] == j;
        if (again)
            continue;
        r->w[r->n++] = j;
        double keep_len = r->len;
        r->len = len;
        extend(rs, r);
        r->len = keep_len;
        r->n--;
    }
}

/* How a route's turn is spread: over the legs by their lengths, all in
 * the last leg, all in the first. */
enum { TURN_SPREAD, TURN_LAST, TURN_FIRST, TURN_WAYS };

/* Sets path *p (from *start, ending at *end) to go through route r's
 * waypoints, the turn spread as `how` says. */
static void route_path(const wm_route_map *rm, const route *r, const mu_orect *start, const mu_orect *end,
                       wm_stand_path *p, int how)
{
    double turn = mu_v2_turn(start->facing, end->facing), done = 0.0, prev = 0.0;
    mu_vec2 at = start->center;
    p->n_legs = r->n + 1;
    for (int k = 0; k <= r->n; k++) {
        mu_vec2 to = k < r->n ? rm->wp[r->w[k]] : end->center;
        done += mu_v2_dist(at, to);
        double cum = k == r->n || r->len <= EPS ? turn : turn * done / r->len;
        if (how == TURN_LAST)
            cum = k == r->n ? turn : 0.0;
        else if (how == TURN_FIRST)
            cum = turn;
        p->leg[k].center = to;
        p->leg[k].turn_rad = cum - prev;
        prev = cum;
        at = to;
    }
}

static int path_refused(wm_move_fault f)
{
    return f == WM_MOVE_TERRAIN || f == WM_MOVE_THROUGH_UNIT || f == WM_MOVE_THROUGH_OWN || f == WM_MOVE_ENEMY_GAP ||
           f == WM_MOVE_OFF_TABLE;
}

static int box_overlap(mu_vec2 alo, mu_vec2 ahi, mu_vec2 blo, mu_vec2 bhi)
{
    return alo.x < bhi.x - EPS && blo.x < ahi.x - EPS && alo.y < bhi.y - EPS && blo.y < ahi.y - EPS;
}

/* Returns non-zero when stand pose v[0..4) (box lo, hi) overlaps
 * obstacle o: a convex stand or gap, a circle, a feature (via
 * wm_convex_blocked instead: features are skipped here). */
static int pose_hits(const route_obst *o, const mu_vec2 *v, mu_vec2 lo, mu_vec2 hi, const mu_orect *pose)
{
    if (!box_overlap(lo, hi, o->lo, o->hi))
        return 0;
    if (!o->v)
        return mu_point_orect_distance(o->circle.center, pose, NULL) < o->circle.radius - 1e-3;
    return mu_convex_overlap(v, 4, o->v, o->n, MU_SAT_DIV);
}

/* Returns non-zero when no sampled pose of the stand along path p (from
 * *start) overlaps another unit's stand, a gap, terrain it cannot enter,
 * a stand of its unit moved before path k of m (at its new place) or
 * leaves the table, obstacles the start pose already overlaps aside: a
 * necessary condition for the path, tested before the checker. */
static int poses_clear(const planner *pl, const wm_move *m, int k, const mu_orect *start, const wm_stand_path *p)
{
    wm_route_map *rm = pl->routes;
    int n_moved = 0;
    route_obst moved[WM_MAX_STANDS];
    mu_vec2 mv[WM_MAX_STANDS][4];
    for (int q = 0; q < k; q++) {
        mu_orect fin;
        wm_stand_path_mm(&pl->u->stand[m->path[q].stand], m->path[q].leg, m->path[q].n_legs, &fin);
        mu_orect_corners_ccw(&fin, mv[n_moved]);
        route_obst *o = &moved[n_moved];
        o->v = mv[n_moved];
        o->n = 4;
        o->lo = o->hi = mv[n_moved][0];
        for (int j = 1; j < 4; j++) {
            o->lo = mu_v2(wm_min(o->lo.x, mv[n_moved][j].x), wm_min(o->lo.y, mv[n_moved][j].y));
            o->hi = mu_v2(wm_max(o->hi.x, mv[n_moved][j].x), wm_max(o->hi.y, mv[n_moved][j].y));
        }
        n_moved++;
    }
    mu_vec2 v0[4], lo0, hi0;
    mu_orect_corners_ccw(start, v0);
    lo0 = hi0 = v0[0];
    for (int j = 1; j < 4; j++) {
        lo0 = mu_v2(wm_min(lo0.x, v0[j].x), wm_min(lo0.y, v0[j].y));
        hi0 = mu_v2(wm_max(hi0.x, v0[j].x), wm_max(hi0.y, v0[j].y));
    }
    unsigned char skip[WM_MAX_STANDS];
    for (int q = 0; q < n_moved; q++)
        skip[q] = (unsigned char)pose_hits(&moved[q], v0, lo0, hi0, start);
    int terrain = wm_convex_blocked(pl->bf, pl->u, v0, 4) < 0;
    for (int i = 0; i < rm->n_pose_obst; i++)
        rm->skip[i] = (unsigned char)pose_hits(&rm->obst[i], v0, lo0, hi0, start);
    double rho = 0.5 * hypot(start->width, start->depth);
    mu_orect pose = *start;
    for (int l = 0; l < p->n_legs; l++) {
        double len = mu_v2_dist(pose.center, p->leg[l].center) + fabs(p->leg[l].turn_rad) * rho;
        int steps = (int)ceil(len / SAMPLE_MM);
        for (int t = 1; t <= steps; t++) {
            mu_orect q = wm_leg_pose(&pose, p->leg[l], (double)t / steps);
            mu_vec2 v[4], lo, hi;
            mu_orect_corners_ccw(&q, v);
            lo = hi = v[0];
            for (int j = 1; j < 4; j++) {
                lo = mu_v2(wm_min(lo.x, v[j].x), wm_min(lo.y, v[j].y));
                hi = mu_v2(wm_max(hi.x, v[j].x), wm_max(hi.y, v[j].y));
            }
            if (!wm_orect_on_table(pl->bf, &q))
                return 0;
            int near_feature = 0;
            for (int i = rm->n_pose_obst; i < rm->n_obst && !near_feature; i++)
                near_feature = box_overlap(lo, hi, rm->obst[i].lo, rm->obst[i].hi);
            if (terrain && near_feature && wm_convex_blocked(pl->bf, pl->u, v, 4) >= 0)
                return 0;
            for (int i = 0; i < rm->n_pose_obst; i++)
                if (!rm->skip[i] && pose_hits(&rm->obst[i], v, lo, hi, &q))
                    return 0;
            for (int q2 = 0; q2 < n_moved; q2++)
                if (!skip[q2] && pose_hits(&moved[q2], v, lo, hi, &q))
                    return 0;
        }
        pose = wm_leg_pose(&pose, p->leg[l], 1.0);
    }
    return 1;
}

/* Sets rs->to_go for the near waypoints: the shortest way from each to
 * rs->e through near waypoints (any number of legs; Dijkstra from e),
 * INFINITY where that is longer than the allowance. No route the search
 * keeps is shorter than its way so far plus this, so extend() may skip
 * a waypoint whose bound exceeds what a kept route may measure: the
 * same routes are found, without the blind depth-first walk a blocked
 * target used to cost. Fills rs->to_end for every near waypoint. */
static void bound_to_go(route_search *rs)
{
    wm_route_map *rm = rs->rm;
    unsigned char done[MAX_WP] = {0};
    for (int q = 0; q < rs->n_near; q++) {
        int j = rs->near[q];
        rs->to_end[j] = rs_seg_clear(rs, rm->wp[j], rs->e) ? 1 : 2;
        rs->to_go[j] = rs->to_end[j] == 1 ? mu_v2_dist(rm->wp[j], rs->e) : INFINITY;
    }
    for (;;) {
        int best = -1;
        for (int q = 0; q < rs->n_near; q++) {
            int j = rs->near[q];
            if (!done[q] && (best < 0 || rs->to_go[j] < rs->to_go[rs->near[best]]))
                best = q;
        }
        if (best < 0 || rs->to_go[rs->near[best]] > rs->cap + EPS + PRUNE_SLACK_MM)
            break; /* the rest stay as they are: above the allowance, so never used */
        done[best] = 1;
        int i = rs->near[best];
        for (int q = 0; q < rs->n_near; q++) {
            int j = rs->near[q];
            double via = rs->to_go[i] + mu_v2_dist(rm->wp[i], rm->wp[j]);
            if (!done[q] && via < rs->to_go[j] && wp_visible(rs, i, j))
                rs->to_go[j] = via;
        }
    }
    for (int q = 0; q < rs->n_near; q++)
        if (!done[q])
            rs->to_go[rs->near[q]] = INFINITY;
}

/* Fills rs->out with the routes from rs->s to rs->e (the straight one,
 * n 0, if it is clear), shortest first, through the waypoints at grown
 * corners only (frames 0) or through all of them (frames 1). */
static void collect(route_search *rs, int *near, int frames)
{
    wm_route_map *rm = rs->rm;
    rs->near = near;
    rs->n_near = rs->n_out = 0;
    memset(rs->to_end, 0, sizeof rs->to_end);
    near_obstacles(rs);
    if (rs_seg_clear(rs, rs->s, rs->e))
        keep(rs, &(route){.n = 0, .len = mu_v2_dist(rs->s, rs->e)});
    for (int j = 0; j < rm->n_wp; j++)
        if ((frames || !rm->frame[j]) && mu_v2_dist(rs->s, rm->wp[j]) + mu_v2_dist(rm->wp[j], rs->e) <= rs->cap + EPS)
            near[rs->n_near++] = j;
    if (rs->fast)
        bound_to_go(rs);
    for (int q = 0; q < rs->n_near; q++) {
        int j = near[q];
        if (mu_v2_dist(rs->s, rm->wp[j]) + rs->to_go[j] > rs->cap + EPS + PRUNE_SLACK_MM ||
            !rs_seg_clear(rs, rs->s, rm->wp[j]))
            continue;
        route r = {.n = 1, .w = {j}, .len = mu_v2_dist(rs->s, rm->wp[j])};
        extend(rs, &r);
    }
}

/* The candidate paths of the stand of path k of m (its end as m has it):
 * routes whose sampled poses are clear (poses_clear), shortest first, at
 * most TRY_ROUTES, into out; returns how many. Only the straight leg if
 * `straight`. */
static int candidates(planner *pl, const wm_move *m, int k, int straight, wm_stand_path *out)
{
    const wm_stand_path *p = &m->path[k];
    const mu_orect *start = &pl->u->stand[p->stand];
    mu_orect end;
    wm_stand_path_mm(start, p->leg, p->n_legs, &end);
    wm_route_map *rm = pl->routes;
    if (straight) {
        route direct = {.n = 0, .len = mu_v2_dist(start->center, end.center)};
        out[0].stand = p->stand;
        route_path(rm, &direct, start, &end, &out[0], TURN_SPREAD);
        return seg_clear(rm, (mu_seg){start->center, end.center}) && poses_clear(pl, m, k, start, &out[0]);
    }
    if (rm->searches >= MAX_SEARCHES)
        return 0; /* the plan's routing budget is spent */
    rm->searches++;
    static const route_search zero;
    route_search *rs = malloc(sizeof *rs + sizeof(int) * (size_t)rm->n_obst);
    if (!rs) {
        fprintf(stderr, "muster: out of memory (planner routes)\n");
        abort();
    }
    int near[MAX_WP], n = 0;
    for (int frames = 0; frames < 2 && n < TRY_ROUTES; frames++) { /* grown corners, then all waypoints */
        *rs = zero;
        rs->fast = !pl->ctx.exhaustive;
        rs->rm = rm;
        rs->s = start->center;
        rs->e = end.center;
        rs->cap = pl->ctx.allowance_mm;
        collect(rs, near, frames);
        for (int q = 0, tested = 0; q < rs->n_out && n < TRY_ROUTES && tested < FILTER_ROUTES; q++)
            for (int how = 0; how < (rs->out[q].n ? TURN_WAYS : 1) && n < TRY_ROUTES; how++) {
                out[n].stand = p->stand;
                route_path(rm, &rs->out[q], start, &end, &out[n], how);
                tested++;
                int dup = 0; /* the same path found again through all waypoints */
                for (int i = 0; i < n && !dup; i++)
                    dup = out[i].n_legs == out[n].n_legs &&
                          memcmp(out[i].leg, out[n].leg, sizeof(wm_leg) * (size_t)out[n].n_legs) == 0;
                n += !dup && poses_clear(pl, m, k, start, &out[n]);
            }
    }
    free(rs);
    return n;
}

/* RULE wm.plan.contact-rearranged wm.stands.one-at-a-time */
int wm_planner_route_move(planner *pl, wm_move *m, wm_move_report *rep)
{
    if (!pl->routes)
        pl->routes = map_build(pl);
    wm_stand_path cand[WM_MAX_STANDS][TRY_ROUTES];
    int n_cand[WM_MAX_STANDS], at[WM_MAX_STANDS], full[WM_MAX_STANDS];
    for (int k = 0; k < m->n; k++) { /* the straight leg where it may pass, else the shortest route */
        at[k] = 0;
        full[k] = 0;
        n_cand[k] = candidates(pl, m, k, 1, cand[k]);
        if (!n_cand[k]) {
            n_cand[k] = candidates(pl, m, k, 0, cand[k]);
            full[k] = 1;
            if (!n_cand[k])
                return 0; /* no path the filters let through */
        }
        m->path[k] = cand[k][0];
    }
    for (;;) {
        pl->checks++;
        wm_move_fault f = wm_move_ctx_check(&pl->ctx, m, rep);
        if (f == WM_MOVE_OK)
            return 1;
        int k = rep->path;
        if (!path_refused(f) || k < 0)
            return 0;
        if (++at[k] >= n_cand[k]) {
            if (full[k])
                return 0;
            full[k] = 1; /* the straight leg was refused: the routes round */
            n_cand[k] = candidates(pl, m, k, 0, cand[k]);
            at[k] = n_cand[k] > 0 && cand[k][0].n_legs == 1 ? 1 : 0;
            if (at[k] >= n_cand[k])
                return 0;
        }
        m->path[k] = cand[k][at[k]];
    }
}
