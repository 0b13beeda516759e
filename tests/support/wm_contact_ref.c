/* The slow exhaustive contact reference (wm_contact_ref.h). */
#include "wm_contact_ref.h"

#include "warmaster/wm_move_ctx.h"

#include <stdlib.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define MAX_PLACES WM_MAX_STANDS
#define MAX_PERMS 24 /* 4! */
#define MAX_PAIRS 6000 /* two-waypoint routes checked per stand */

wm_ref_opts wm_ref_opts_default(void)
{
    wm_ref_opts o = {2.0, 10.0, 15.0, 40.0, 100000, 2};
    return o;
}

typedef struct ref {
    const wm_battlefield *bf;
    const wm_unit *u, *t;
    int unit, target, n;
    double w, d, allow;
    wm_ref_opts opt;
    wm_move_ctx ctx;
    long checks;
    /* the arrangement in the unit's frame: place centres (x right, y
     * forward) and facings (turn from forward) */
    double px[MAX_PLACES], py[MAX_PLACES], pa[MAX_PLACES];
    mu_orect place[MAX_PLACES]; /* the places on the table */
    mu_orect end[WM_MAX_STANDS];  /* stand -> its place */
    int perm[MAX_PERMS][WM_MAX_STANDS], n_perm;
    unsigned char memo[WM_MAX_STANDS][1 << WM_MAX_STANDS]; /* 0 unknown, 1 legal, 2 not */
    wm_stand_path memo_path[WM_MAX_STANDS][1 << WM_MAX_STANDS];
    wm_move m;
    int max_wp;                   /* the phase: waypoints a path may have (0, 1, 2) */
    long tests;                   /* paths put through poses_free */
    int terrain_near;             /* some feature the unit cannot enter is within reach */
    int n_near;                   /* other units' stands the unit can reach */
    mu_orect near[WM_MAX_UNITS * WM_MAX_STANDS];
} ref;

static void perms(ref *r)
{
    int n = r->n, a[WM_MAX_STANDS];
    r->n_perm = 0;
    for (int i = 0; i < n; i++)
        a[i] = i;
    if (n > 4) {
        memcpy(r->perm[r->n_perm++], a, sizeof a);
        for (int i = 0; i < n; i++)
            r->perm[1][i] = n - 1 - i;
        r->n_perm++;
        return;
    }
    for (;;) { /* lexicographic order */
        memcpy(r->perm[r->n_perm++], a, sizeof a);
        int i = n - 2;
        while (i >= 0 && a[i] > a[i + 1])
            i--;
        if (i < 0)
            break;
        int j = n - 1;
        while (a[j] < a[i])
            j--;
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
        for (int lo = i + 1, hi = n - 1; lo < hi; lo++, hi--) {
            t = a[lo];
            a[lo] = a[hi];
            a[hi] = t;
        }
    }
}

/* Arrangement k: 0 the present one; then blocks (front, align). Returns 0
 * past the last. */
static int arrangement(ref *r, int k)
{
    int n = r->n;
    if (k == 0) {
        const mu_orect *s0 = &r->u->stand[0];
        mu_vec2 c = mu_v2(0, 0), fwd = s0->facing, right = mu_v2_scale(mu_v2_perp(fwd), -1.0);
        for (int i = 0; i < n; i++)
            c = mu_v2_add(c, mu_v2_scale(r->u->stand[i].center, 1.0 / n));
        for (int i = 0; i < n; i++) {
            mu_vec2 o = mu_v2_sub(r->u->stand[i].center, c);
            r->px[i] = mu_v2_dot(o, right);
            r->py[i] = mu_v2_dot(o, fwd);
            r->pa[i] = mu_v2_turn(fwd, r->u->stand[i].facing);
        }
        return 1;
    }
    k--;
    int front = n - k / 3, align = k % 3;
    if (front < 1)
        return 0;
    for (int i = 0; i < n; i++) {
        int row = i / front, col = i % front, in_row = n - row * front < front ? n - row * front : front;
        double lat = (col - (front - 1) / 2.0) * r->w;
        if (in_row < front)
            lat = align == 0 ? lat : align == 2 ? lat + (front - in_row) * r->w : (col - (in_row - 1) / 2.0) * r->w;
        r->px[i] = lat;
        r->py[i] = -(row + 0.5) * r->d;
        r->pa[i] = 0.0;
    }
    return 1;
}

/* Does stand i's footprint at its place leave the table, stand in
 * terrain it cannot enter or on another unit's stand? */
static int place_bad(const ref *r, const mu_orect *p)
{
    if (!wm_orect_on_table(r->bf, p) || wm_orect_blocked(r->bf, r->u, p) >= 0)
        return 1;
    for (int k = 0; k < r->bf->n_units; k++) {
        const wm_unit *o = &r->bf->unit[k];
        if (k == r->unit || o->presence != WM_ON_TABLE || (wm_is_character(o) && o->side == r->u->side))
            continue;
        for (int s = 0; s < o->n_stands; s++)
            if (mu_orect_overlap(p, &o->stand[s]))
                return 1;
    }
    return 0;
}

static int poses_free(ref *r, int pos, const wm_stand_path *p);

static int check_pos(ref *r, int pos)
{
    if (r->opt.budget > 0 && r->tests >= r->opt.budget)
        return 0;
    if (!poses_free(r, pos, &r->m.path[pos]))
        return 0;
    wm_move_report rep;
    r->checks++;
    wm_move_fault f = wm_move_ctx_check(&r->ctx, &r->m, &rep);
    return f == WM_MOVE_OK || rep.path > pos || rep.path < 0;
}

/* Path through waypoints w[0..nw) to stand i's place, turn spread by length. */
static void set_path(ref *r, int pos, int i, const mu_vec2 *w, int nw)
{
    wm_stand_path *p = &r->m.path[pos];
    const mu_orect *s = &r->u->stand[i];
    double turn = mu_v2_turn(s->facing, r->end[i].facing), total = 0.0, done = 0.0, prev = 0.0;
    mu_vec2 at = s->center;
    for (int k = 0; k <= nw; k++) {
        mu_vec2 to = k < nw ? w[k] : r->end[i].center;
        total += mu_v2_dist(at, to);
        at = to;
    }
    p->stand = i;
    p->n_legs = nw + 1;
    at = s->center;
    for (int k = 0; k <= nw; k++) {
        mu_vec2 to = k < nw ? w[k] : r->end[i].center;
        done += mu_v2_dist(at, to);
        double cum = k == nw || total <= EPS ? turn : turn * done / total;
        p->leg[k].center = to;
        p->leg[k].turn_rad = cum - prev;
        prev = cum;
        at = to;
    }
}

static int by_len(const void *a, const void *b)
{
    double x = ((const double *)a)[2], y = ((const double *)b)[2];
    return (x > y) - (x < y);
}

/* Lattice points p of spacing g with |s p| + |p e| <= cap, shortest
 * first, as (x, y, length) triples (heap; *n gets the count). */
static double *lattice(mu_vec2 s, mu_vec2 e, double cap, double g, int *n)
{
    double lox = fmin(s.x, e.x) - cap, hix = fmax(s.x, e.x) + cap, loy = fmin(s.y, e.y) - cap,
           hiy = fmax(s.y, e.y) + cap;
    int nx = (int)((hix - lox) / g) + 2, ny = (int)((hiy - loy) / g) + 2, k = 0;
    double *p = malloc(sizeof(double) * 3 * (size_t)nx * (size_t)ny);
    if (!p)
        abort();
    for (int ix = 0; ix < nx; ix++)
        for (int iy = 0; iy < ny; iy++) {
            mu_vec2 q = mu_v2(g * floor(lox / g) + g * ix, g * floor(loy / g) + g * iy);
            double len = mu_v2_dist(s, q) + mu_v2_dist(q, e);
            if (len <= cap + EPS) {
                p[3 * k] = q.x;
                p[3 * k + 1] = q.y;
                p[3 * k + 2] = len;
                k++;
            }
        }
    qsort(p, (size_t)k, sizeof(double) * 3, by_len);
    *n = k;
    return p;
}

/* A necessary test before the checker: no pose of path p (sampled every
 * 5 mm of its farthest corner) leaves the table, stands in terrain the
 * unit cannot enter or on another unit's stand or a stand moved before
 * it (positions 0..pos-1), what the start pose is already on aside. */
static int poses_free(ref *r, int pos, const wm_stand_path *p)
{
    r->tests++;
    const mu_orect *s0 = &r->u->stand[p->stand];
    double rho = 0.5 * hypot(r->w, r->d);
    int n_ob = 0;
    const mu_orect *ob[WM_MAX_UNITS * WM_MAX_STANDS + WM_MAX_STANDS];
    for (int k = 0; k < r->n_near; k++)
        if (!mu_orect_overlap(s0, &r->near[k]))
            ob[n_ob++] = &r->near[k];
    for (int q = 0; q < pos; q++)
        if (!mu_orect_overlap(s0, &r->end[r->m.path[q].stand]))
            ob[n_ob++] = &r->end[r->m.path[q].stand];
    int terrain = r->terrain_near && wm_orect_blocked(r->bf, r->u, s0) < 0;
    mu_orect pose = *s0;
    for (int l = 0; l < p->n_legs; l++) {
        double len = mu_v2_dist(pose.center, p->leg[l].center) + fabs(p->leg[l].turn_rad) * rho;
        int steps = (int)ceil(len / 5.0);
        for (int t = 1; t <= steps; t++) {
            mu_orect q = wm_leg_pose(&pose, p->leg[l], (double)t / steps);
            if (!wm_orect_on_table(r->bf, &q) || (terrain && wm_orect_blocked(r->bf, r->u, &q) >= 0))
                return 0;
            for (int k = 0; k < n_ob; k++) {
                double dx = q.center.x - ob[k]->center.x, dy = q.center.y - ob[k]->center.y;
                double reach = rho + 0.5 * hypot(ob[k]->width, ob[k]->depth);
                if (dx * dx + dy * dy < reach * reach && mu_orect_overlap(&q, ob[k]))
                    return 0;
            }
        }
        pose = wm_leg_pose(&pose, p->leg[l], 1.0);
    }
    return 1;
}

/* Finds a legal path for stand i at position pos of r->m (the positions
 * before it legal). Returns non-zero with the path in r->m.path[pos]. */
static int route_stand(ref *r, int pos, int i)
{
    set_path(r, pos, i, NULL, 0);
    wm_move_report rep;
    r->checks++;
    wm_move_fault f = wm_move_ctx_check(&r->ctx, &r->m, &rep);
    if (f == WM_MOVE_OK || rep.path > pos || rep.path < 0)
        return 1;
    if (f == WM_MOVE_TOO_FAR || r->max_wp < 1)
        return 0; /* a straight leg is the shortest */
    mu_vec2 s = r->u->stand[i].center, e = r->end[i].center;
    int n1;
    double *p1 = lattice(s, e, r->allow, r->opt.grid_mm, &n1);
    for (int k = 0; k < n1; k++) {
        mu_vec2 w = mu_v2(p1[3 * k], p1[3 * k + 1]);
        set_path(r, pos, i, &w, 1);
        if (check_pos(r, pos)) {
            free(p1);
            return 1;
        }
    }
    free(p1);
    if (r->opt.grid2_mm <= 0.0 || r->max_wp < 2)
        return 0;
    int n2, tried = 0;
    double *p2 = lattice(s, e, r->allow, r->opt.grid2_mm, &n2);
    for (int a = 0; a < n2 && tried < MAX_PAIRS; a++)
        for (int b = 0; b < n2 && tried < MAX_PAIRS; b++) {
            mu_vec2 w[2] = {mu_v2(p2[3 * a], p2[3 * a + 1]), mu_v2(p2[3 * b], p2[3 * b + 1])};
            if (a == b || mu_v2_dist(s, w[0]) + mu_v2_dist(w[0], w[1]) + mu_v2_dist(w[1], e) > r->allow + EPS)
                continue;
            tried++;
            set_path(r, pos, i, w, 2);
            if (check_pos(r, pos)) {
                free(p2);
                return 1;
            }
        }
    free(p2);
    return 0;
}

/* Tries every moving order for the stands at r->end. */
static int try_orders(ref *r)
{
    memset(r->memo, 0, sizeof r->memo);
    int n = r->n;
    for (int o = 0; o < r->n_perm; o++) {
        const int *ord = r->perm[o];
        int ok = 1;
        for (int pos = 0; pos < n; pos++) { /* every path direct to start with */
            r->m.path[pos].stand = ord[pos];
            r->m.path[pos].n_legs = 1;
            r->m.path[pos].leg[0].center = r->end[ord[pos]].center;
            r->m.path[pos].leg[0].turn_rad = mu_v2_turn(r->u->stand[ord[pos]].facing, r->end[ord[pos]].facing);
        }
        unsigned mask = 0;
        for (int pos = 0; pos < n && ok; pos++) {
            int i = ord[pos];
            unsigned char *mm = &r->memo[i][mask];
            if (*mm == 0) {
                *mm = route_stand(r, pos, i) ? 1 : 2;
                if (*mm == 1)
                    r->memo_path[i][mask] = r->m.path[pos];
            } else if (*mm == 1) {
                r->m.path[pos] = r->memo_path[i][mask];
            }
            ok = *mm == 1;
            mask |= 1u << i;
        }
        if (!ok)
            continue;
        r->checks++;
        if (wm_move_ctx_check(&r->ctx, &r->m, NULL) == WM_MOVE_OK)
            return 1;
    }
    return 0;
}

/* Tries the places in r->place (contact checked) under every assignment. */
static int try_places(ref *r)
{
    for (int j = 0; j < r->n; j++)
        if (place_bad(r, &r->place[j]))
            return 0;
    for (int a = 0; a < r->n_perm; a++) {
        int far = 0;
        for (int i = 0; i < r->n && !far; i++) {
            r->end[i] = r->place[r->perm[a][i]];
            r->end[i].width = r->w;
            r->end[i].depth = r->d;
            mu_vec2 c0[4], c1[4];
            mu_orect_corners(&r->u->stand[i], c0);
            mu_orect_corners(&r->end[i], c1);
            for (int k = 0; k < 4; k++)
                far |= mu_v2_dist(c0[k], c1[k]) > r->allow + EPS;
        }
        if (!far && try_orders(r))
            return 1;
    }
    return 0;
}

/* Is stand o within reach of some stand of the unit? */
static int near_unit(const ref *r, const mu_orect *o)
{
    double reach = r->allow + hypot(r->w, r->d) + hypot(o->width, o->depth);
    for (int i = 0; i < r->n; i++)
        if (mu_v2_dist(r->u->stand[i].center, o->center) <= reach)
            return 1;
    return 0;
}

int wm_ref_contact(const wm_battlefield *bf, int unit, int target, const wm_ref_opts *opt, wm_move *out,
                   long *checks)
{
    ref *r = calloc(1, sizeof *r);
    if (!r)
        abort();
    r->bf = bf;
    r->unit = unit;
    r->target = target;
    r->u = &bf->unit[unit];
    r->t = &bf->unit[target];
    r->n = r->u->n_stands;
    r->w = r->u->profile.stand_width_mm;
    r->d = r->u->profile.stand_depth_mm;
    r->opt = *opt;
    wm_move_ctx_init(&r->ctx, bf, unit, WM_MOVE_CHARGE, 0.0, target, 0);
    r->allow = r->ctx.allowance_mm;
    memset(&r->m, 0, sizeof r->m);
    r->m.unit = unit;
    r->m.kind = WM_MOVE_CHARGE;
    r->m.charge_target = target;
    r->m.n = r->n;
    perms(r);
    for (int k = 0; k < bf->n_units; k++) { /* the stands a path might meet */
        const wm_unit *o = &bf->unit[k];
        if (k == unit || o->presence != WM_ON_TABLE || (wm_is_character(o) && o->side == r->u->side))
            continue;
        for (int q = 0; q < o->n_stands; q++)
            if (near_unit(r, &o->stand[q]))
                r->near[r->n_near++] = o->stand[q];
    }
    for (int k = 0; k < bf->n_features; k++) {
        const wm_feature *f = &bf->feature[k];
        if (wm_unit_can_enter(r->u, f->kind))
            continue;
        for (int i = 0; i < r->n && !r->terrain_near; i++) {
            mu_vec2 c = r->u->stand[i].center;
            double reach = r->allow + hypot(r->w, r->d);
            r->terrain_near = c.x + reach > f->lo.x && c.x - reach < f->hi.x && c.y + reach > f->lo.y &&
                              c.y - reach < f->hi.y;
        }
    }
    int found = 0, gave_up = 0;
    for (r->max_wp = 0; r->max_wp <= r->opt.max_waypoints && !found; gave_up |= r->opt.budget > 0 && r->tests >= r->opt.budget, r->tests = 0, r->max_wp++)
    for (int s = 0; s < r->t->n_stands && !found; s++)
        for (int e = 0; e < 4 && !found; e++) {
            mu_seg edge = mu_orect_edge(&r->t->stand[s], e);
            mu_vec2 mid = mu_v2_scale(mu_v2_add(edge.a, edge.b), 0.5);
            mu_vec2 nrm = mu_v2_unit(mu_v2_perp(mu_v2_sub(edge.b, edge.a)));
            if (mu_v2_dot(nrm, mu_v2_sub(mid, r->t->stand[s].center)) < 0.0)
                nrm = mu_v2_scale(nrm, -1.0);
            mu_vec2 f = mu_v2_scale(nrm, -1.0), right = mu_v2_scale(mu_v2_perp(f), -1.0);
            double len = mu_v2_dist(edge.a, edge.b);
            for (int k = 0; arrangement(r, k) && !found; k++) {
                /* the front: the most forward corner; the front row: places reaching it */
                double front = -INFINITY, lo = INFINITY, hi = -INFINITY;
                mu_orect loc[MAX_PLACES];
                for (int j = 0; j < r->n; j++) {
                    loc[j].center = mu_v2(r->px[j], r->py[j]);
                    loc[j].facing = mu_v2_rotate(mu_v2(0, 1), r->pa[j]);
                    loc[j].width = r->w;
                    loc[j].depth = r->d;
                    mu_vec2 c[4];
                    mu_orect_corners(&loc[j], c);
                    for (int q = 0; q < 4; q++)
                        front = fmax(front, c[q].y);
                }
                for (int j = 0; j < r->n; j++) {
                    mu_vec2 c[4];
                    mu_orect_corners(&loc[j], c);
                    for (int q = 0; q < 4; q++)
                        if (c[q].y >= front - 1e-6) {
                            lo = fmin(lo, c[q].x);
                            hi = fmax(hi, c[q].x);
                        }
                }
                double reach = 0.5 * (len + (hi - lo)) - 0.25, lat_c = 0.5 * (lo + hi);
                double step = r->max_wp ? r->opt.route_slide_mm : r->opt.slide_mm;
                for (double t = -reach; t <= reach + 1e-9 && !found; t += step) {
                    int touch = 0;
                    for (int j = 0; j < r->n; j++) {
                        /* local (x right, y forward) -> table: right along the edge, forward = f */
                        mu_vec2 c = mu_v2_add(mid, mu_v2_add(mu_v2_scale(right, r->px[j] - lat_c + t),
                                                             mu_v2_scale(f, r->py[j] - front)));
                        r->place[j].center = c;
                        r->place[j].facing = mu_v2_unit(mu_v2_rotate(f, r->pa[j]));
                        r->place[j].width = r->w;
                        r->place[j].depth = r->d;
                        for (int q = 0; q < r->t->n_stands && !touch; q++)
                            touch = mu_orect_distance(&r->place[j], &r->t->stand[q], NULL, NULL) <= EPS;
                    }
                    if (touch && try_places(r))
                        found = 1;
                }
            }
        }
    if (!found && gave_up)
        found = -1;
    if (found > 0 && out)
        *out = r->m;
    if (checks)
        *checks = r->checks;
    wm_move_ctx_free(&r->ctx);
    free(r);
    return found;
}
