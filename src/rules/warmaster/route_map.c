/* The route planner's waypoint map (wm_route_map.h): the obstacles a
 * stand's centre must keep half its shorter edge from (stands of other
 * units, gaps, terrain it cannot enter), the waypoints round them and
 * the segment tests. The graph is only a filter (a centre path nearer an
 * obstacle than that cannot be legal, whatever the facing); the move
 * checker decides every route tried. */
#include "wm_route_map.h"

#include <stdio.h>
#include <stdlib.h>

#define EPS MU_GEOM_EPS_MM
#define PI 3.14159265358979323846
#define SLACK_MM 0.5   /* waypoints stand this far outside the grown corners */

double wm_route_seg_box_gap(mu_seg s, mu_vec2 lo, mu_vec2 hi)
{
    double dx = wm_max(wm_max(lo.x - wm_max(s.a.x, s.b.x), wm_min(s.a.x, s.b.x) - hi.x), 0.0);
    double dy = wm_max(wm_max(lo.y - wm_max(s.a.y, s.b.y), wm_min(s.a.y, s.b.y) - hi.y), 0.0);
    return wm_max(dx, dy);
}

/* Returns non-zero when segment s enters obstacle o or passes nearer
 * than cl to it: the distance from s to o (0 when s starts inside) below
 * cl, decided edge by edge, an edge whose box is surely cl or more from
 * s's skipped. */
static int seg_near_obst(mu_seg s, const wm_route_obst *o, double cl)
{
    if (!o->v)
        return wm_max(mu_point_seg_distance(o->circle.center, s, NULL) - o->circle.radius, 0.0) < cl;
    if (s.a.x >= o->lo.x && s.a.x <= o->hi.x && s.a.y >= o->lo.y && s.a.y <= o->hi.y &&
        mu_point_in_polygon(&(mu_polygon){o->n, o->v}, s.a))
        return 1;
    for (int k = 0; k < o->n; k++) {
        mu_seg e = mu_poly_edge(o->v, o->n, k);
        mu_vec2 lo = mu_v2(wm_min(e.a.x, e.b.x), wm_min(e.a.y, e.b.y)), hi = mu_v2(wm_max(e.a.x, e.b.x), wm_max(e.a.y, e.b.y));
        if (wm_route_seg_box_gap(s, lo, hi) >= cl + 1e-9) /* the margin: the exact distance's rounding */
            continue;
        if (mu_seg_distance(s, e, NULL, NULL) < cl)
            return 1;
    }
    return 0;
}

int wm_route_point_near(const wm_route_map *rm, int i, mu_vec2 p)
{
    return seg_near_obst((mu_seg){p, p}, &rm->obst[i], rm->clear - 1e-3);
}

int wm_route_seg_clear_among(const wm_route_map *rm, const int *only, int n_only, mu_seg s)
{
    double cl = rm->clear - 1e-3;
    for (int q = 0; q < (only ? n_only : rm->n_obst); q++) {
        const wm_route_obst *o = &rm->obst[only ? only[q] : q];
        if (wm_route_seg_box_gap(s, o->lo, o->hi) >= cl)
            continue;
        if (seg_near_obst(s, o, cl) && !seg_near_obst((mu_seg){s.a, s.a}, o, cl))
            return 0;
    }
    return 1;
}

static void add_poly(wm_route_map *rm, const mu_vec2 *v, int n)
{
    wm_route_obst *o = &rm->obst[rm->n_obst++];
    o->v = v;
    o->n = n;
    o->lo = o->hi = v[0];
    for (int k = 1; k < n; k++) {
        o->lo = mu_v2(wm_min(o->lo.x, v[k].x), wm_min(o->lo.y, v[k].y));
        o->hi = mu_v2(wm_max(o->hi.x, v[k].x), wm_max(o->hi.y, v[k].y));
    }
}

/* Returns non-zero when point p keeps the clearance from every obstacle
 * of the map (wm_route_seg_clear_among cannot say: it sets aside what a
 * segment's start is already near). */
static int point_clear(const wm_route_map *rm, mu_vec2 p)
{
    double cl = rm->clear - 1e-3;
    for (int i = 0; i < rm->n_obst; i++) {
        const wm_route_obst *o = &rm->obst[i];
        if (wm_route_seg_box_gap((mu_seg){p, p}, o->lo, o->hi) < cl && seg_near_obst((mu_seg){p, p}, o, cl))
            return 0;
    }
    return 1;
}

/* Adds waypoint p where a centre may pass: inside the move's box and the
 * table, clear of every obstacle. From such points
 * wm_route_seg_clear_among sets nothing aside, so the visibility between
 * two waypoints is the same both ways (the route search keeps one answer
 * for a pair). */
static void add_wp(wm_route_map *rm, const wm_move_ctx *c, mu_vec2 p)
{
    if (rm->n_wp >= WM_ROUTE_MAX_WP || p.x < c->lo.x || p.y < c->lo.y || p.x > c->hi.x || p.y > c->hi.y ||
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

wm_route_map *wm_route_map_build(const planner *pl)
{
    const wm_move_ctx *c = &pl->ctx;
    wm_route_map *rm = calloc(1, sizeof *rm);
    wm_route_obst *ob = rm ? calloc((size_t)(c->n_obst + c->n_gaps + c->bf->n_features + 1), sizeof *ob) : NULL;
    if (!ob) {
        fprintf(stderr, "muster: out of memory (planner routes)\n");
        abort();
    }
    rm->obst = ob;
    rm->skip = calloc((size_t)(c->n_obst + c->n_gaps + 1), 1);
    rm->near = calloc((size_t)(c->n_obst + c->n_gaps + 1), sizeof(int));
    if (!rm->skip || !rm->near)
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
            wm_route_obst *o = &rm->obst[rm->n_obst++];
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
        const wm_route_obst *o = &rm->obst[i];
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

void wm_route_map_free(wm_route_map *rm)
{
    if (rm) {
        free(rm->obst);
        free(rm->skip);
        free(rm->near);
        free(rm->memo);
    }
    free(rm);
}
