/* The move planner's routes (issue 12 item 1): a stand whose straight
 * path is refused goes round what is in the way in up to WM_MAX_LEGS
 * legs through the waypoints of the route map (route_map.c,
 * wm_planner.h): the shortest routes, best first (a pruned depth-first
 * search when the planner is exhaustive, the reference the tests hold
 * the other to), sampled poses as a filter, the move checker deciding
 * every route tried. */
#include "wm_route_bound.h"

#include "muster/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define MAX_ROUTES 48  /* candidate routes collected per stand */
#define TRY_ROUTES 12  /* of which the shortest are checked */
#define MAX_SEARCHES 64 /* route searches per plan and tier of placements */
#define FILTER_ROUTES 24 /* paths put through poses_clear per stand */
#define GRID_MM 15.0    /* the fallback's one-waypoint grid */
#define GRID_SEARCHES 32 /* grid fallbacks per plan and tier of placements */
#define GRID_FILTER 96   /* grid paths put through poses_clear per fallback */
#define SAMPLE_MM 4.0  /* poses_clear: a pose every this far along a leg (by its farthest point) */
#define PRUNE_SLACK_MM 1e-7 /* bound_to_go's sums and the search's differ by rounding only */
#define ROUTE_MEMO 256  /* route searches remembered per plan (collect) */

void wm_planner_routes_budget(planner *pl)
{
    if (pl->routes)
        pl->routes->searches = pl->routes->grid_searches = 0;
}

void wm_planner_routes_free(planner *pl)
{
    wm_route_map_free(pl->routes);
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
    unsigned char to_end[WM_ROUTE_MAX_WP]; /* 0 unknown, 1 clear, 2 blocked */
    int fast;                     /* short cuts: to_go is set (else 0: no pruning), ob holds only the
                                     obstacles near the routes (else all) */
    double to_go[WM_ROUTE_MAX_WP];         /* a lower bound on any route's rest from the waypoint to e */
    route out[MAX_ROUTES];
    int n_out;
    int n_ob, ob[]; /* the map's obstacles near the ellipse every route keeps to (flexible) */
} route_search;

/* The half-widths *hx, *hy of the box round the ellipse of points whose
 * distances to s and e sum to at most 2a (a >= half their distance),
 * centred on their midpoint. */
static void ellipse_half_box(mu_vec2 s, mu_vec2 e, double a, double *hx, double *hy)
{
    mu_vec2 d = mu_v2_sub(e, s);
    double c = 0.5 * mu_v2_len(d), b2 = wm_max(a * a - c * c, 0.0);
    mu_vec2 u = c > 0.0 ? mu_v2_scale(d, 0.5 / c) : mu_v2(1.0, 0.0);
    *hx = sqrt(a * a * u.x * u.x + b2 * u.y * u.y);
    *hy = sqrt(a * a * u.y * u.y + b2 * u.x * u.x);
}

/* Notes in rs the obstacles that can come within the clearance of a
 * segment inside the ellipse of routes no longer than rs->cap from rs->s
 * to rs->e (its box, grown by the clearance): every segment the search
 * tests lies in it, so testing only these gives the same answers. */
static void near_obstacles(route_search *rs)
{
    const wm_route_map *rm = rs->rm;
    mu_vec2 m = mu_v2_scale(mu_v2_add(rs->s, rs->e), 0.5);
    double c = 0.5 * mu_v2_dist(rs->s, rs->e), a = wm_max(0.5 * (rs->cap + EPS), c); /* the straight way, even if too long */
    double g = rm->clear + 1.0; /* the clearance, and room for rounding */
    double hx, hy;
    ellipse_half_box(rs->s, rs->e, a, &hx, &hy);
    hx += g, hy += g;
    rs->n_ob = 0;
    for (int i = 0; i < rm->n_obst; i++) {
        const wm_route_obst *o = &rm->obst[i];
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
        rm->vis[i][j] = rm->vis[j][i] = wm_route_seg_clear_among(rm, rs->ob, rs->n_ob, (mu_seg){rm->wp[i], rm->wp[j]}) ? 1 : 2;
    return rm->vis[i][j] == 1;
}

/* wm_route_seg_clear_among over rs's obstacles. */
static int rs_seg_clear(const route_search *rs, mu_vec2 a, mu_vec2 b)
{
    return wm_route_seg_clear_among(rs->rm, rs->ob, rs->n_ob, (mu_seg){a, b});
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

/* Extends route r (ending at waypoint r->w[r->n - 1]) depth first (the
 * exhaustive planner's search; best_first() finds the same routes). */
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
static int pose_hits(const wm_route_obst *o, const mu_vec2 *v, mu_vec2 lo, mu_vec2 hi, const mu_orect *pose)
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
    wm_route_obst moved[WM_MAX_STANDS];
    mu_vec2 mv[WM_MAX_STANDS][4];
    for (int q = 0; q < k; q++) {
        mu_orect fin;
        wm_stand_path_mm(&pl->u->stand[m->path[q].stand], m->path[q].leg, m->path[q].n_legs, &fin);
        mu_orect_corners_ccw(&fin, mv[n_moved]);
        wm_route_obst *o = &moved[n_moved];
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
    /* every sampled pose lies within its half-diagonal of the centre's
     * legs: obstacles and features whose box misses that box are never met
     * (box_overlap of a pose's box implies it of this box) */
    double rho = 0.5 * hypot(start->width, start->depth), grow = rho + 1e-3;
    mu_vec2 plo = start->center, phi = start->center;
    for (int l = 0; l < p->n_legs; l++) {
        plo = mu_v2(wm_min(plo.x, p->leg[l].center.x), wm_min(plo.y, p->leg[l].center.y));
        phi = mu_v2(wm_max(phi.x, p->leg[l].center.x), wm_max(phi.y, p->leg[l].center.y));
    }
    plo = mu_v2(plo.x - grow, plo.y - grow);
    phi = mu_v2(phi.x + grow, phi.y + grow);
    int *near = rm->near, n_near = 0, n_feat = 0;
    for (int i = 0; i < rm->n_obst; i++)
        if (box_overlap(plo, phi, rm->obst[i].lo, rm->obst[i].hi)) {
            if (i < rm->n_pose_obst)
                near[n_near++] = i;
            else
                n_feat++;
        }
    unsigned char skip[WM_MAX_STANDS];
    for (int q = 0; q < n_moved; q++)
        skip[q] = (unsigned char)pose_hits(&moved[q], v0, lo0, hi0, start);
    int terrain = n_feat > 0 && wm_convex_blocked(pl->bf, pl->u, v0, 4) < 0;
    for (int j = 0; j < n_near; j++)
        rm->skip[near[j]] = (unsigned char)pose_hits(&rm->obst[near[j]], v0, lo0, hi0, start);
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
            for (int i = rm->n_pose_obst; i < rm->n_obst && !near_feature && terrain; i++)
                near_feature = box_overlap(lo, hi, rm->obst[i].lo, rm->obst[i].hi);
            if (terrain && near_feature && wm_convex_blocked(pl->bf, pl->u, v, 4) >= 0)
                return 0;
            for (int j = 0; j < n_near; j++)
                if (!rm->skip[near[j]] && pose_hits(&rm->obst[near[j]], v, lo, hi, &q))
                    return 0;
            for (int q2 = 0; q2 < n_moved; q2++)
                if (!skip[q2] && pose_hits(&moved[q2], v, lo, hi, &q))
                    return 0;
        }
        pose = wm_leg_pose(&pose, p->leg[l], 1.0);
    }
    return 1;
}

/* A route in the best-first search: its key (complete: its length; else
 * its length so far plus to_go of its last waypoint, less
 * PRUNE_SLACK_MM: never more than any route it leads to) and the
 * positions in rs->near of its waypoints, which order routes of equal
 * length as the depth-first search meets them. */
typedef struct bf_node {
    double key;
    int complete;
    route r;
    short pos[WM_MAX_LEGS - 1];
} bf_node;

/* Heap order: least key first; at equal keys partial routes before
 * complete ones (so that every route of that length is complete before
 * one is taken), then the depth-first search's order (a prefix first). */
static int bf_before(const bf_node *a, const bf_node *b)
{
    if (a->key != b->key)
        return a->key < b->key;
    if (a->complete != b->complete)
        return !a->complete;
    for (int i = 0; i < a->r.n && i < b->r.n; i++)
        if (a->pos[i] != b->pos[i])
            return a->pos[i] < b->pos[i];
    return a->r.n < b->r.n;
}

typedef struct bf_heap {
    bf_node *v;
    int n, cap;
} bf_heap;

static void bf_push(bf_heap *h, const bf_node *x)
{
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 256;
        h->v = mu_xrealloc(h->v, sizeof *h->v * (size_t)h->cap);
    }
    int i = h->n++;
    for (; i > 0 && bf_before(x, &h->v[(i - 1) / 2]); i = (i - 1) / 2)
        h->v[i] = h->v[(i - 1) / 2];
    h->v[i] = *x;
}

static bf_node bf_pop(bf_heap *h)
{
    bf_node top = h->v[0], last = h->v[--h->n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && bf_before(&h->v[c + 1], &h->v[c]))
            c++;
        if (!bf_before(&h->v[c], &last))
            break;
        h->v[i] = h->v[c];
        i = c;
    }
    if (h->n > 0)
        h->v[i] = last;
    return top;
}

/* The routes extend() keeps, found best first (rs->fast: to_go is set):
 * routes come out of the heap shortest first, so the search ends with
 * the MAX_ROUTES-th, having looked only at routes that can be no longer,
 * where the depth-first walk looks at every route within the allowance
 * until its list is full. The same routes in the same order: extend()
 * keeps the shortest, those of equal length in the order it meets them,
 * which bf_before follows. */
static void best_first(route_search *rs, bf_heap *h)
{
    const wm_route_map *rm = rs->rm;
    while (h->n > 0 && rs->n_out < MAX_ROUTES) {
        bf_node x = bf_pop(h);
        if (x.complete) {
            rs->out[rs->n_out++] = x.r;
            continue;
        }
        int last = x.r.w[x.r.n - 1];
        mu_vec2 at = rm->wp[last];
        if (x.r.len + mu_v2_dist(at, rs->e) <= rs->cap + EPS && rs->to_end[last] == 1) {
            bf_node done = x;
            done.complete = 1;
            done.r.len += mu_v2_dist(at, rs->e);
            done.key = done.r.len;
            bf_push(h, &done);
        }
        if (x.r.n >= WM_MAX_LEGS - 1)
            continue;
        for (int k = 0; k < rs->n_near; k++) {
            int j = rs->near[k];
            double len = x.r.len + mu_v2_dist(at, rm->wp[j]);
            if (j == last || len + mu_v2_dist(rm->wp[j], rs->e) > rs->cap + EPS ||
                len + rs->to_go[j] > rs->cap + EPS + PRUNE_SLACK_MM || !wp_visible(rs, last, j))
                continue;
            int again = 0;
            for (int q = 0; q < x.r.n; q++)
                again |= x.r.w[q] == j;
            if (again)
                continue;
            bf_node y = x;
            y.r.w[y.r.n] = j;
            y.pos[y.r.n++] = (short)k;
            y.r.len = len;
            y.key = len + rs->to_go[j] - PRUNE_SLACK_MM;
            bf_push(h, &y);
        }
    }
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
    unsigned char done[WM_ROUTE_MAX_WP] = {0};
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

/* A route search's answer, kept in the map: the contact search puts a
 * stand on the same place for many placements, and the routes depend
 * only on the map (the plan's), the start, the end and the waypoints. */
struct wm_route_memo {
    mu_vec2 s, e;
    int frames, n_out;
    route out[MAX_ROUTES];
};

/* Fills rs->out with the routes from rs->s to rs->e (the straight one,
 * n 0, if it is clear), shortest first, through the waypoints at grown
 * corners only (frames 0) or through all of them (frames 1); the same
 * search asked again in the plan is answered from the map's memo. */
static void collect(route_search *rs, int *near, int frames)
{
    wm_route_map *rm = rs->rm;
    for (int i = 0; i < rm->n_memo; i++) {
        const struct wm_route_memo *m = &rm->memo[i];
        if (m->frames == frames && m->s.x == rs->s.x && m->s.y == rs->s.y && m->e.x == rs->e.x && m->e.y == rs->e.y) {
            rs->n_out = m->n_out;
            memcpy(rs->out, m->out, sizeof *m->out * (size_t)m->n_out);
            return;
        }
    }
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
    bf_heap h = {0};
    if (rs->fast && rs->n_out) { /* the straight route: first of its length */
        bf_node st = {.key = rs->out[0].len, .complete = 1, .r = rs->out[0]};
        rs->n_out = 0;
        bf_push(&h, &st);
    }
    for (int q = 0; q < rs->n_near; q++) {
        int j = near[q];
        if (mu_v2_dist(rs->s, rm->wp[j]) + rs->to_go[j] > rs->cap + EPS + PRUNE_SLACK_MM ||
            !rs_seg_clear(rs, rs->s, rm->wp[j]))
            continue;
        route r = {.n = 1, .w = {j}, .len = mu_v2_dist(rs->s, rm->wp[j])};
        if (rs->fast)
            bf_push(&h, &(bf_node){.key = r.len + rs->to_go[j] - PRUNE_SLACK_MM, .r = r, .pos = {(short)q}});
        else
            extend(rs, &r);
    }
    if (rs->fast)
        best_first(rs, &h);
    free(h.v);
    if (rm->n_memo < ROUTE_MEMO) {
        if ((rm->n_memo & (rm->n_memo - 1)) == 0) /* 0, 1, 2, 4, ...: room doubled */
            rm->memo = mu_xrealloc(rm->memo, sizeof *rm->memo * (size_t)(rm->n_memo ? 2 * rm->n_memo : 1));
        struct wm_route_memo *m = &rm->memo[rm->n_memo++];
        *m = (struct wm_route_memo){.s = rs->s, .e = rs->e, .frames = frames, .n_out = rs->n_out};
        memcpy(m->out, rs->out, sizeof *m->out * (size_t)rs->n_out);
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
        return wm_route_seg_clear_among(rm, NULL, 0, (mu_seg){start->center, end.center}) && poses_clear(pl, m, k, start, &out[0]);
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
    int near[WM_ROUTE_MAX_WP], n = 0;
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

typedef struct grid_point {
    mu_vec2 q;
    double len;
} grid_point;

static int shorter(const void *a, const void *b)
{
    const grid_point *x = a, *y = b;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    if (x->q.x != y->q.x)
        return x->q.x < y->q.x ? -1 : 1;
    return (x->q.y > y->q.y) - (x->q.y < y->q.y);
}

/* The fallback when every route through the map's waypoints is refused
 * for the stand of path k of m: paths through one point of a grid of
 * GRID_MM (fixed on the table) whose centre path is at most the
 * allowance, shortest first, the turn spread over the two legs by length
 * (a stand that must turn while it passes finds room where the corner
 * waypoints give none); those whose centre path keeps the clearance,
 * at most GRID_FILTER of them put through poses_clear, at most TRY_ROUTES
 * kept into out. Returns how many; 0 once the plan's GRID_SEARCHES are
 * spent. */
static int grid_candidates(planner *pl, const wm_move *m, int k, wm_stand_path *out)
{
    wm_route_map *rm = pl->routes;
    if (rm->grid_searches >= GRID_SEARCHES)
        return 0;
    rm->grid_searches++;
    const wm_stand_path *p = &m->path[k];
    const mu_orect *start = &pl->u->stand[p->stand];
    mu_orect end;
    wm_stand_path_mm(start, p->leg, p->n_legs, &end);
    mu_vec2 s = start->center, e = end.center;
    double cap = pl->ctx.allowance_mm;
    mu_vec2 mid = mu_v2_scale(mu_v2_add(s, e), 0.5);
    double a = 0.5 * cap, hx, hy;
    if (a <= 0.5 * mu_v2_dist(s, e))
        return 0; /* no room for a bend */
    ellipse_half_box(s, e, a, &hx, &hy);
    int x0 = (int)ceil((mid.x - hx) / GRID_MM), x1 = (int)floor((mid.x + hx) / GRID_MM);
    int y0 = (int)ceil((mid.y - hy) / GRID_MM), y1 = (int)floor((mid.y + hy) / GRID_MM);
    if (x1 < x0 || y1 < y0)
        return 0;
    grid_point *g = malloc(sizeof *g * (size_t)(x1 - x0 + 1) * (size_t)(y1 - y0 + 1));
    if (!g) {
        fprintf(stderr, "muster: out of memory (planner routes)\n");
        abort();
    }
    int n_g = 0;
    for (int ix = x0; ix <= x1; ix++)
        for (int iy = y0; iy <= y1; iy++) {
            mu_vec2 q = mu_v2(ix * GRID_MM, iy * GRID_MM);
            double len = mu_v2_dist(s, q) + mu_v2_dist(q, e);
            if (len <= cap + EPS)
                g[n_g++] = (grid_point){q, len};
        }
    qsort(g, (size_t)n_g, sizeof *g, shorter);
    double turn = mu_v2_turn(start->facing, end.facing);
    int n = 0;
    for (int i = 0, tested = 0; i < n_g && n < TRY_ROUTES && tested < GRID_FILTER; i++) {
        if (!wm_route_seg_clear_among(rm, NULL, 0, (mu_seg){s, g[i].q}) ||
            !wm_route_seg_clear_among(rm, NULL, 0, (mu_seg){g[i].q, e}))
            continue;
        tested++;
        wm_stand_path *o = &out[n];
        double t1 = g[i].len > EPS ? turn * mu_v2_dist(s, g[i].q) / g[i].len : turn;
        o->stand = p->stand;
        o->n_legs = 2;
        o->leg[0] = (wm_leg){g[i].q, t1};
        o->leg[1] = (wm_leg){e, turn - t1};
        n += poses_clear(pl, m, k, start, o);
    }
    free(g);
    return n;
}

/* Returns non-zero when the stand of path k of m surely cannot reach its
 * end within the allowance round what the route searches keep centres
 * from (wm_route_unreachable), after spending one route search and one
 * grid fallback of the budgets, as candidates and grid_candidates would
 * have spent finding nothing: the plan goes on exactly as without the
 * proof, only cheaper. Never under ctx.exhaustive; not asked when both
 * budgets are spent (the searches would not run). */
static int out_of_reach(planner *pl, const wm_move *m, int k)
{
    wm_route_map *rm = pl->routes;
    if (pl->ctx.exhaustive || (rm->searches >= MAX_SEARCHES && rm->grid_searches >= GRID_SEARCHES))
        return 0;
    const wm_stand_path *p = &m->path[k];
    const mu_orect *start = &pl->u->stand[p->stand];
    mu_orect end;
    wm_stand_path_mm(start, p->leg, p->n_legs, &end);
    int known = -1; /* placements often put a stand on the same place: asked once */
    for (int i = 0; i < rm->n_reach && known < 0; i++)
        if (rm->reach[i].s.x == start->center.x && rm->reach[i].s.y == start->center.y &&
            rm->reach[i].e.x == end.center.x && rm->reach[i].e.y == end.center.y)
            known = rm->reach[i].unreachable;
    if (known < 0) {
        known = wm_route_unreachable(rm, start->center, end.center, pl->ctx.allowance_mm);
        if (rm->n_reach < WM_ROUTE_MAX_REACH) {
            rm->reach[rm->n_reach].s = start->center;
            rm->reach[rm->n_reach].e = end.center;
            rm->reach[rm->n_reach++].unreachable = known;
        }
    }
    if (!known)
        return 0;
    if (rm->searches < MAX_SEARCHES)
        rm->searches++;
    if (rm->grid_searches < GRID_SEARCHES)
        rm->grid_searches++;
    return 1;
}

/* Sets pl->lead, if not set, from path k of m when it is the first to
 * move and goes round (more than one leg): the way its first leg sets off. */
static void note_lead(planner *pl, const wm_move *m, int k)
{
    const wm_stand_path *p = &m->path[k];
    if (k != 0 || p->n_legs < 2 || pl->lead.x != 0.0 || pl->lead.y != 0.0)
        return;
    mu_vec2 d = mu_v2_sub(p->leg[0].center, pl->u->stand[p->stand].center);
    if (mu_v2_len(d) > EPS)
        pl->lead = mu_v2_unit(d);
}

/* RULE wm.plan.contact-rearranged wm.stands.one-at-a-time */
int wm_planner_route_move(planner *pl, wm_move *m, wm_move_report *rep)
{
    if (!pl->routes)
        pl->routes = wm_route_map_build(pl);
    wm_stand_path cand[WM_MAX_STANDS][TRY_ROUTES];
    int n_cand[WM_MAX_STANDS], at[WM_MAX_STANDS], full[WM_MAX_STANDS];
    if (!pl->ctx.exhaustive && pl->routes->searches >= MAX_SEARCHES && pl->routes->grid_searches >= GRID_SEARCHES)
        for (int k = 0; k < m->n; k++) { /* budgets spent: only straight legs, and one refused ends the plan */
            const mu_orect *start = &pl->u->stand[m->path[k].stand];
            mu_orect end;
            wm_stand_path_mm(start, m->path[k].leg, m->path[k].n_legs, &end);
            if (!wm_route_seg_clear_among(pl->routes, NULL, 0, (mu_seg){start->center, end.center}))
                return 0; /* as the loop below would, with nothing spent or noted on the way */
        }
    for (int k = 0; k < m->n; k++) { /* the straight leg where it may pass, else the shortest route */
        at[k] = 0;
        full[k] = 0;
        n_cand[k] = candidates(pl, m, k, 1, cand[k]);
        if (!n_cand[k] && out_of_reach(pl, m, k))
            return 0; /* as the route searches and the grid would have found, for their budgets */
        if (!n_cand[k]) {
            n_cand[k] = candidates(pl, m, k, 0, cand[k]);
            full[k] = 1;
            if (!n_cand[k]) {
                n_cand[k] = grid_candidates(pl, m, k, cand[k]);
                full[k] = 2;
            }
            if (!n_cand[k])
                return 0; /* no path the filters let through */
        }
        m->path[k] = cand[k][0];
        note_lead(pl, m, k);
    }
    for (;;) {
        pl->checks++;
        wm_move_fault f = wm_move_ctx_check(&pl->ctx, m, rep);
        if (f == WM_MOVE_OK)
            return 1;
        int k = rep->path;
        if (!path_refused(f) || k < 0)
            return 0;
        while (++at[k] >= n_cand[k]) {
            if (full[k] == 2)
                return 0;
            if (full[k] == 1) { /* the routes round were refused: the grid */
                full[k] = 2;
                n_cand[k] = grid_candidates(pl, m, k, cand[k]);
                at[k] = -1;
                continue;
            }
            full[k] = 1; /* the straight leg was refused: the routes round */
            n_cand[k] = candidates(pl, m, k, 0, cand[k]);
            at[k] = n_cand[k] > 0 && cand[k][0].n_legs == 1 ? 0 : -1;
        }
        m->path[k] = cand[k][at[k]];
        note_lead(pl, m, k);
    }
}
