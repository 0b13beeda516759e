/* The move search of one unit's choice (see na_search.h). */
#include "ninth_age/na_search.h"

#include "na_move_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

double na_grid_amount(int i) { return (double)(5 * (i - NA_GRID_HALF)) * PI / 180; }

void na_search_begin(na_search *S, const na_field *f, const na_env *env, na_scene *s)
{
    S->f = f, S->env = env, S->s = s, S->u = s->u;
    const na_unit *un = &f->units[s->u];
    S->reach_mm = mu_greater(un->p.march_mm, un->p.advance_mm);
    int idx[6];
    S->x.n = na_unit_extreme_models(un, idx);
    for (int i = 0; i < S->x.n; i++) {
        na_model_local(un, idx[i], &S->x.a[i], &S->x.b[i]);
        S->x.at[i] = na_local_to_world(un, S->x.a[i], S->x.b[i]);
    }
    memset(S->posed, 0, sizeof S->posed);
    memset(S->checked, 0, sizeof S->checked);
    memset(S->laned, 0, sizeof S->laned);
    S->pivot[0] = na_wheel_pivot(un, -1.0), S->pivot[1] = na_wheel_pivot(un, 1.0);
    S->allow_advance_mm = na_move_allowance_mm(un, NA_ADVANCE);
    S->allow_march_mm = na_move_allowance_mm(un, NA_MARCH);
    S->width_mm = na_unit_width_mm(un);
    /* the units within reach: a turn moves the Centre at most twice the
     * half diagonal r; a lane then runs reach_mm; a unit (half diagonal
     * r_k) farther than that and the spacing is never met */
    double w = na_unit_width_mm(un), d = na_unit_depth_mm(un), r = 0.5 * sqrt(w * w + d * d);
    double pad = env->rules->spacing_mm + 1.0;
    S->n_near = 0;
    for (int k = 0; k < s->n; k++) {
        double far = 3 * r + S->reach_mm + s->half_diag[k] + pad;
        mu_vec2 v = mu_v2_sub(s->centre[k], un->centre);
        if (mu_v2_dot(v, v) <= far * far)
            S->near[S->n_near++] = k;
    }
    S->fan_reached[0] = S->fan_reached[1] = 0;
    S->fan_blocked[0] = S->fan_blocked[1] = 0;
}

static int turn_kind(const na_unit *u) { return na_unit_single(u) ? NA_STEP_PIVOT : NA_STEP_WHEEL; }

/* Lane i's turn and pose by arithmetic (its direction too). */
static na_angle *posed(na_search *S, int i)
{
    na_angle *a = &S->ang[i];
    if (S->posed[i])
        return a;
    const na_unit *un = &S->f->units[S->u];
    a->pose = *un;
    S->posed[i] = 1;
    if (i < NA_GRID || i == NA_LANE_AIM) {
        if (i < NA_GRID)
            a->amount = na_grid_amount(i);
        if (a->amount != 0) /* na_apply_step's turn, its pivot found once */
            na_turn_about(&a->pose, na_unit_single(un) ? un->centre : S->pivot[a->amount > 0], a->amount);
        a->dir = a->pose.facing;
    } else {
        a->amount = 0;
        mu_vec2 r = na_right(un->facing);
        a->dir = i == NA_LANE_LEFT ? mu_v2_scale(r, -1) : i == NA_LANE_RIGHT ? r : mu_v2_scale(un->facing, -1);
    }
    return a;
}

/* Are the turns to side sg (1: left) by 5 j degrees, 0 < j <= k, clear,
 * sector by sector from the start? */
static int fan_clear(na_search *S, int sg, int k)
{
    while (S->fan_reached[sg] < k && !S->fan_blocked[sg]) {
        int j = S->fan_reached[sg];
        const na_unit *p0 = &posed(S, NA_GRID_HALF + (sg ? j : -j))->pose;
        const na_unit *p1 = &posed(S, NA_GRID_HALF + (sg ? j + 1 : -(j + 1)))->pose;
        mu_vec2 pts[8];
        na_unit_corners(p0, pts);
        na_unit_corners(p1, pts + 4);
        if (na_scene_region_clear(S->s, S->near, S->n_near, S->env, pts, 8) != NA_OK)
            S->fan_blocked[sg] = 1;
        else
            S->fan_reached[sg] = j + 1;
    }
    return S->fan_reached[sg] >= k;
}

const na_lane *na_search_lane(na_search *S, int i, const na_unit **pose)
{
    na_angle *a = posed(S, i);
    if (!S->checked[i]) {
        S->checked[i] = 1;
        a->turn = NA_OK;
        if (a->amount != 0) {
            double steps = fabs(a->amount) / (5 * PI / 180);
            int k = i < NA_GRID ? abs(i - NA_GRID_HALF) : (int)ceil(steps - 1e-9);
            if (!fan_clear(S, a->amount > 0, k > NA_GRID_HALF ? NA_GRID_HALF : k))
                a->turn = NA_BLOCKED;
        }
    }
    if (a->turn != NA_OK)
        return NULL;
    if (!S->laned[i]) {
        na_lane_sweep(S->s, S->near, S->n_near, S->env, &a->pose, a->dir, S->reach_mm, &a->lane);
        S->laned[i] = 1;
    }
    if (pose)
        *pose = &a->pose;
    return &a->lane;
}

/* Each extreme model ends displaced by v + d g, v its displacement by the
 * turn alone and g the facing the straight part is made in (after the
 * turn, or before it: the turn's pivot moves with the unit), so each
 * allows d up to the larger root of |v + d g| = L. */
double na_search_longest(na_search *S, int i, int kind, int turn_first, double room_mm)
{
    const na_unit *un = &S->f->units[S->u];
    const na_unit *e = &posed(S, i)->pose;
    double limit = na_move_model_limit_mm(un, kind) - 1e-6;
    mu_vec2 g = turn_first ? e->facing : un->facing;
    double best = room_mm;
    for (int k = 0; k < S->x.n; k++) {
        mu_vec2 v = mu_v2_sub(na_local_to_world(e, S->x.a[k], S->x.b[k]), S->x.at[k]);
        double vg = mu_v2_dot(v, g), vv = mu_v2_dot(v, v);
        if (vv > limit * limit)
            return -1;
        double d = -vg + sqrt(vg * vg - vv + limit * limit);
        best = d < best ? d : best;
    }
    return best < 0 ? 0 : best;
}

/* ---- best first towards an aim --------------------------------------- */

enum { C_TURN_FIRST, C_TURN_LAST, C_STRAIGHT };
enum { S_BOUND, S_READY };

typedef struct cand {
    double key;   /* S_BOUND: no end of it comes nearer; S_READY: where it ends */
    uint8_t type, kind, state, refined; /* refined: its neighbours on the 5-degree grid came in */
    int16_t i;    /* lane */
    double room;  /* what the allowance leaves for the straight part */
    double req;   /* S_READY: the straight part asked for (mm) */
} cand;

#define MAX_CANDS (4 * NA_GRID + 8)

/* The distance from q to the segment from p along the unit vector d for
 * len; *at gets how far along it the nearest point is. */
static double seg_dist(mu_vec2 q, mu_vec2 p, mu_vec2 d, double len, double *at)
{
    double t = mu_v2_dot(mu_v2_sub(q, p), d);
    t = t < 0 ? 0 : t > len ? len : t;
    if (at)
        *at = t;
    return mu_v2_dist(q, mu_v2_add(p, mu_v2_scale(d, t)));
}

static void put_step(na_move *m, int kind, double amount)
{
    if (amount != 0)
        m->steps[m->n_steps++] = (na_step){(uint8_t)kind, amount};
}

/* The move candidate c stands for (S_READY). */
static na_move cand_move(na_search *S, const cand *c)
{
    const na_unit *un = &S->f->units[S->u];
    na_move m;
    memset(&m, 0, sizeof m);
    m.kind = c->kind;
    double a = S->ang[c->i].amount;
    switch (c->type) {
    case C_TURN_FIRST:
        put_step(&m, turn_kind(un), a);
        put_step(&m, NA_STEP_FORWARD, c->req);
        break;
    case C_TURN_LAST:
        put_step(&m, NA_STEP_FORWARD, c->req);
        put_step(&m, turn_kind(un), a);
        break;
    default:
        if (c->i == NA_LANE_BACK)
            put_step(&m, NA_STEP_BACK, c->req);
        else
            put_step(&m, NA_STEP_SIDE, c->i == NA_LANE_LEFT ? -c->req : c->req);
        break;
    }
    return m;
}

/* Turns a bound into where the candidate's best end is (S_READY), or
 * returns 0 when it has none that could be taken. */
static int settle(na_search *S, cand *c, mu_vec2 aim, double thr)
{
    const na_unit *un = &S->f->units[S->u];
    const na_unit *pose;
    if (c->type == C_TURN_LAST) {
        /* the straight part first, along the first lane's clear stretch
         * (a stop at contact would drop the turn: kept short of it) */
        const na_lane *l0 = na_search_lane(S, NA_GRID_HALF, NULL);
        if (!l0)
            return 0;
        double top = na_search_longest(S, c->i, c->kind, 0, c->room);
        top = mu_lesser(top, mu_lesser(l0->block_mm, l0->contact_mm) - NA_LANE_MARGIN_MM);
        mu_vec2 p = posed(S, c->i)->pose.centre;
        double at;
        c->key = seg_dist(aim, p, un->facing, top, &at);
        if (top < 1.0 || at < 1.0 || c->key > thr)
            return 0;
        c->req = at;
        return 1;
    }
    const na_lane *l = na_search_lane(S, c->i, &pose);
    if (!l)
        return 0;
    double cap = c->type == C_TURN_FIRST ? na_search_longest(S, c->i, c->kind, 1, c->room)
                                         : mu_lesser(c->room, na_move_model_limit_mm(un, c->kind) - 1e-6);
    if (cap < 0)
        return 0;
    mu_vec2 g = S->ang[c->i].dir;
    double want = mu_v2_dot(mu_v2_sub(aim, pose->centre), g), end;
    int at_contact;
    if (!na_lane_nearest(l, cap, want, &end, &at_contact))
        return 0;
    c->key = mu_v2_dist(aim, mu_v2_add(pose->centre, mu_v2_scale(g, end)));
    c->req = at_contact ? cap : end;
    if (c->req <= 0 && (c->type != C_TURN_FIRST || S->ang[c->i].amount == 0))
        return 0; /* does not move */
    return c->key <= thr || at_contact;
}

/* Is grid index i one of the menu's angles (0, 10, 20, 30, 45, 60, 90,
 * 120, 150, 180 degrees either way), the turns tried last? */
static int turn_last_angle(int i)
{
    int k = i - NA_GRID_HALF;
    k = k < 0 ? -k : k;
    return k % 6 == 0 || k == 2 || k == 4 || k == 9;
}

/* Does candidate i come before j: (key, index) ascending? */
static int before(const cand *c, int i, int j) { return c[i].key < c[j].key || (c[i].key == c[j].key && i < j); }

/* Restores the heap h[0..n) below slot k. */
static void sift(const cand *c, int *h, int n, int k)
{
    for (;;) {
        int l = 2 * k + 1, m = k;
        if (l < n && before(c, h[l], h[m]))
            m = l;
        if (l + 1 < n && before(c, h[l + 1], h[m]))
            m = l + 1;
        if (m == k)
            return;
        int t = h[k];
        h[k] = h[m], h[m] = t;
        k = m;
    }
}

/* Restores the heap h[0..k] above slot k. */
static void up(const cand *c, int *h, int k)
{
    while (k > 0 && before(c, h[k], h[(k - 1) / 2])) {
        int p = (k - 1) / 2, t = h[k];
        h[k] = h[p], h[p] = t;
        k = p;
    }
}

static int moved(const na_unit *a, const na_unit *b)
{
    return mu_v2_dist(a->centre, b->centre) > 1e-6 || mu_v2_dist(a->facing, b->facing) > 1e-9 || a->files != b->files;
}

/* Adds the candidates of a turn of grid index i (NA_GRID: the aim's
 * Pivot) for kind to c[0..n): the turn first (if first), and the turn
 * last (if last, at the menu's angles), each when it may gain; returns
 * the new n. */
static int add_turns(na_search *S, cand *c, int n, int kind, int i, mu_vec2 aim, double thr, int first, int last)
{
    /* the grid's turns, their costs per mm of frontage (the same
     * arithmetic as na_grid_amount and na_step_cost), once per thread */
    static _Thread_local double grid_amount[NA_GRID], grid_abs[NA_GRID];
    static _Thread_local int grid_made;
    if (!grid_made) {
        for (int k = 0; k < NA_GRID; k++)
            grid_amount[k] = na_grid_amount(k), grid_abs[k] = fabs(grid_amount[k]);
        grid_made = 1;
    }
    const na_unit *un = &S->f->units[S->u];
    int single = na_unit_single(un), lane = i == NA_GRID ? NA_LANE_AIM : i;
    double allow = kind == NA_MARCH     ? S->allow_march_mm
                   : kind == NA_ADVANCE ? S->allow_advance_mm
                                        : na_move_allowance_mm(un, kind);
    double amount = lane == NA_LANE_AIM ? S->ang[lane].amount : grid_amount[i];
    double cost = single ? 0.0 : (lane == NA_LANE_AIM ? fabs(amount) : grid_abs[i]) * S->width_mm;
    if (cost > allow + 1e-9)
        return n;
    double room = allow - cost;
    na_angle *a = posed(S, lane);
    double key = seg_dist(aim, a->pose.centre, a->pose.facing, room, NULL);
    if (first && key <= thr)
        c[n++] = (cand){key, C_TURN_FIRST, (uint8_t)kind, S_BOUND, 0, (int16_t)lane, room, 0};
    if (last && amount != 0 && lane != NA_LANE_AIM && turn_last_angle(i)) {
        key = seg_dist(aim, a->pose.centre, un->facing, room, NULL);
        if (key <= thr)
            c[n++] = (cand){key, C_TURN_LAST, (uint8_t)kind, S_BOUND, 0, (int16_t)lane, room, 0};
    }
    return n;
}

/* RULE na.search.menu na.search.serves-aim */
int na_search_towards(na_search *S, unsigned kinds, mu_vec2 aim, double min_gain_mm, na_move *m, na_outcome *o)
{
    static _Thread_local cand c[MAX_CANDS];
    const na_unit *un = &S->f->units[S->u];
    int n = 0, single = na_unit_single(un);
    double now = mu_v2_dist(un->centre, aim), thr = now - min_gain_mm;
    for (int kind = NA_ADVANCE; kind < NA_REFORM; kind++) {
        if (!(kinds & (1u << kind)) || na_move_allowed(S->f, S->u, kind) != NA_OK)
            continue;
        double allow = na_move_allowance_mm(un, kind);
        if (kind == NA_ADVANCE_BACK || kind == NA_ADVANCE_SIDE) {
            for (int i = NA_LANE_LEFT; i <= NA_LANE_BACK; i++) {
                if ((i == NA_LANE_BACK) != (kind == NA_ADVANCE_BACK))
                    continue;
                na_angle *a = posed(S, i);
                double key = seg_dist(aim, un->centre, a->dir, allow, NULL);
                if (key <= thr)
                    c[n++] = (cand){key, C_STRAIGHT, (uint8_t)kind, S_BOUND, 0, (int16_t)i, allow, 0};
            }
            continue;
        }
        /* every 10 degrees (the 5 between come in beside the best) */
        for (int i = 0; i < NA_GRID + (single ? 1 : 0); i++) {
            int odd = i < NA_GRID && (i - NA_GRID_HALF) % 2 != 0;
            if (odd && !turn_last_angle(i))
                continue;
            if (i == NA_GRID) { /* a single model's Pivot straight at the aim */
                mu_vec2 to = mu_v2_sub(aim, un->centre);
                if (mu_v2_len(to) <= 0)
                    continue;
                if (!S->posed[NA_LANE_AIM]) {
                    S->ang[NA_LANE_AIM].amount = mu_v2_turn(un->facing, to);
                    S->checked[NA_LANE_AIM] = S->laned[NA_LANE_AIM] = 0;
                }
            }
            n = add_turns(S, c, n, kind, i, aim, thr, !odd, 1);
        }
    }
    /* best first: the least key, ties to the first listed (a binary heap
     * of candidate indices on (key, index), a total order) */
    static _Thread_local int heap[MAX_CANDS];
    int nh = n;
    for (int k = 0; k < n; k++)
        heap[k] = k;
    for (int k = n / 2 - 1; k >= 0; k--)
        sift(c, heap, nh, k);
    int last_failures = 0;
    for (;;) {
        if (nh == 0)
            return 0;
        int b = heap[0];
        cand *cb = &c[b];
        /* cb's key may grow below (settled or retried): it goes back */
        heap[0] = heap[--nh];
        sift(c, heap, nh, 0);
        if (cb->type == C_TURN_LAST && last_failures >= 2)
            continue; /* turns last kept failing: enough of them */
        if (cb->state == S_BOUND) {
            if (settle(S, cb, aim, thr)) {
                cb->state = S_READY;
                heap[nh] = b;
                up(c, heap, nh++);
            }
            continue;
        }
        if (cb->type == C_TURN_FIRST && cb->i < NA_GRID && !cb->refined) {
            /* the best so far on the 10-degree grid: the turns 5 degrees
             * either side come in, and it goes back behind any better */
            cb->refined = 1;
            for (int side = -1; side <= 1; side += 2) {
                int j = cb->i + side;
                if (j < 0 || j >= NA_GRID || (j - NA_GRID_HALF) % 2 == 0 || n + 2 > MAX_CANDS)
                    continue;
                int n0 = n;
                n = add_turns(S, c, n, cb->kind, j, aim, thr, 1, 0);
                for (int k = n0; k < n; k++) {
                    heap[nh] = k;
                    up(c, heap, nh++);
                }
            }
            heap[nh] = b;
            up(c, heap, nh++);
            continue;
        }
        na_move mv = cand_move(S, cb);
        if (na_move_check_in(S->f, S->env, S->s, S->u, &mv, o) == NA_OK && moved(un, &o->end) &&
            (mu_v2_dist(o->end.centre, aim) <= thr || o->contact >= 0)) {
            *m = mv;
            return 1;
        }
        /* refused: a turn last its end blocks (a few of those, then no
         * more), or rounding at an edge of the lane */
        last_failures += cb->type == C_TURN_LAST;
    }
}
