/* Brigade moves: the shared displacement, then members that re-form and
 * change places (see wm_brigade_move.h). */
#include "warmaster/wm_brigade_move.h"
#include "wm_game_int.h"

#include "muster/alloc.h"
#include "muster/geom_sweep.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define PI 3.14159265358979323846
#define MIN_PROGRESS_MM 0.05   /* less is standing still (the planner's step) */
#define REFORM_COST_MM 2.0     /* score lost per member re-formed or moved to a new place */
#define FOLLOWER_TRIES 8       /* planner calls at most per follower and leader candidate */
#define SHORT_FRACTION 0.5     /* re-forming is searched when the shared move makes less of the ideal */
#define REFORM_CALLS 24        /* planner calls at most for the re-forming search */
#define WIDE_CALLS 300         /* planner calls at most for the wide search (nothing found before) */
#define WIDE_HEADINGS 16       /* the wide search's leader headings, evenly round */

static const wm_form FORMS[3] = {WM_FORM_KEEP, WM_FORM_LINE, WM_FORM_COLUMN};
/* The slides a follower tries along each side of a member (place_by):
 * flush with either end or centred, corner to corner; in the wide search
 * also halfway between centred and flush. */
static const double SLIDES[7] = {-1, 0, 1, -2, 2, -0.5, 0.5};
#define SPOTS (4 * 7)      /* sides x slides */
#define NARROW_SPOTS (4 * 5) /* the same without the halfway slides */

int wm_brigade_touches(const wm_battlefield *bf, uint64_t body)
{
    uint64_t seen = body & -body;
    for (;;) {
        uint64_t grow = seen;
        for (uint64_t r = body & ~seen; r; r &= r - 1) {
            int k = __builtin_ctzll(r);
            for (uint64_t s = seen; s; s &= s - 1)
                if (wm_g_units_touch(&bf->unit[k], &bf->unit[__builtin_ctzll(s)])) {
                    grow |= UINT64_C(1) << k;
                    break;
                }
        }
        if (grow == seen)
            return seen == body;
        seen = grow;
    }
}

int wm_brigade_touches_enemy(const wm_battlefield *bf, int u)
{
    const wm_unit *a = &bf->unit[u];
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *e = &bf->unit[k];
        if (k != u && e->side != a->side && e->presence == WM_ON_TABLE && !wm_is_character(e) &&
            wm_g_units_touch(a, e))
            return 1;
    }
    return 0;
}

void wm_brigade_footprint(const wm_unit *u, wm_form form, mu_vec2 facing, mu_vec2 centre, mu_orect *out)
{
    int n = u->n_stands;
    facing = mu_v2_unit(facing);
    if (form == WM_FORM_KEEP) {
        mu_vec2 c0 = wm_unit_centre(u);
        double turn = mu_v2_turn(u->stand[0].facing, facing);
        for (int i = 0; i < n; i++) {
            out[i] = u->stand[i];
            out[i].center = mu_v2_add(centre, mu_v2_rotate(mu_v2_sub(u->stand[i].center, c0), turn));
            out[i].facing = mu_v2_unit(mu_v2_rotate(u->stand[i].facing, turn));
        }
        return;
    }
    const wm_profile *p = &u->profile;
    if (form == WM_FORM_LINE)
        wm_place_line(out, n, mu_v2(0, 0), facing, p->stand_width_mm, p->stand_depth_mm);
    else
        wm_place_column(out, n, mu_v2(0, 0), facing, p->stand_width_mm, p->stand_depth_mm);
    mu_vec2 mid = mu_v2(0, 0);
    for (int j = 0; j < n; j++)
        mid = mu_v2_add(mid, mu_v2_scale(out[j].center, 1.0 / n));
    for (int j = 0; j < n; j++)
        out[j].center = mu_v2_add(centre, mu_v2_sub(out[j].center, mid));
}

/* The search's state: the table, the body, the goal, the calls made. */
typedef struct search {
    const wm_battlefield *bf;
    uint64_t body;
    int n, member[WM_BRIGADE_MAX];
    mu_vec2 point, c0;
    wm_move_kind kind;
    double allowance[WM_BRIGADE_MAX];
    int calls, limit; /* planner calls made; no more once limit is reached */
    int wide_step; /* the wide search: followers try the places nearest the point first, the shared
                      one among them, halfway slides too, clear places before the others */
    wm_battlefield *scratch;
} search;

static mu_vec2 body_centre(const wm_battlefield *bf, const search *s)
{
    mu_vec2 c = mu_v2(0, 0);
    for (int i = 0; i < s->n; i++)
        c = mu_v2_add(c, wm_unit_centre(&bf->unit[s->member[i]]));
    return mu_v2_scale(c, 1.0 / s->n);
}

static int plan(search *s, const wm_battlefield *bf, int u, mu_vec2 to, wm_form form, mu_vec2 facing,
                wm_plan *out)
{
    if (s->calls >= s->limit)
        return out->moved = 0;
    wm_plan_request rq = wm_plan_request_make(u, WM_GOAL_POINT, form, s->kind);
    rq.point = to;
    rq.facing = facing;
    s->calls++;
    wm_plan_move(bf, &rq, out);
    return out->moved && out->report.fault == WM_MOVE_OK;
}

/* Plans u toward `to` on bf; a plan ending touching an enemy is cut back
 * (three quarters, half, a quarter of the way). Returns non-zero with a
 * move in *out. */
static int plan_clear(search *s, const wm_battlefield *bf, int u, mu_vec2 to, wm_form form, wm_plan *out)
{
    if (!plan(s, bf, u, to, form, mu_v2(0, 0), out))
        return 0;
    wm_battlefield *t = s->scratch;
    wm_unit keep = t->unit[u];
    wm_move_apply(t, &out->move);
    int touch = wm_brigade_touches_enemy(t, u);
    mu_vec2 c0 = wm_unit_centre(&keep), c1 = wm_unit_centre(&t->unit[u]);
    t->unit[u] = keep;
    if (!touch)
        return 1;
    static const double cut[] = {0.75, 0.5, 0.25};
    for (int k = 0; k < 3; k++) {
        if (!plan(s, bf, u, mu_v2_add(c0, mu_v2_scale(mu_v2_sub(c1, c0), cut[k])), form, mu_v2(0, 0), out))
            continue;
        wm_move_apply(t, &out->move);
        touch = wm_brigade_touches_enemy(t, u);
        t->unit[u] = keep;
        if (!touch)
            return 1;
    }
    return 0;
}

/* A candidate being built on s->scratch. */
typedef struct cand {
    wm_brigade_plan p;
    uint64_t placed; /* members at their final places */
} cand;

static void push(cand *c, const wm_plan *pl, wm_battlefield *t)
{
    wm_move_apply(t, &pl->move);
    c->p.plan[c->p.n++] = *pl;
}

/* Scores a complete candidate on s->scratch: 1 (and its progress) when it
 * is a brigade at the end, none touching an enemy. */
/* RULE wm.brigade.stays-touching */
static int finish(search *s, cand *c)
{
    const wm_battlefield *t = s->scratch;
    if (!wm_brigade_touches(t, s->body))
        return 0;
    for (int i = 0; i < s->n; i++)
        if (wm_brigade_touches_enemy(t, s->member[i]))
            return 0;
    c->p.progress_mm = mu_v2_dist(s->point, s->c0) - mu_v2_dist(s->point, body_centre(t, s));
    return 1;
}

static double score(const wm_brigade_plan *p)
{
    return p->progress_mm - REFORM_COST_MM * p->reformed;
}

/* Keeps candidate c in *best when there is none yet (*have 0) or c
 * scores more; sets *have. */
static void keep_better(cand *best, const cand *c, int *have)
{
    if (!*have || score(&c->p) > score(&best->p)) {
        *best = *c;
        *have = 1;
    }
}

/* The members in moving order: front-most along d first. */
static void moving_order(const search *s, mu_vec2 d, int *order)
{
    for (int i = 0; i < s->n; i++)
        order[i] = s->member[i];
    for (int i = 1; i < s->n; i++)
        for (int j = i; j > 0 && mu_v2_dot(wm_unit_centre(&s->bf->unit[order[j]]), d) >
                                     mu_v2_dot(wm_unit_centre(&s->bf->unit[order[j - 1]]), d); j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* Returns non-zero when some stand of unit b, translated by d, sweeps
 * over a stand of unit a (standing where it is): a must move first. */
static int blocks(const wm_unit *a, const wm_unit *b, mu_vec2 d)
{
    for (int i = 0; i < b->n_stands; i++) {
        mu_vec2 hull[8], q[4];
        int nh = mu_orect_sweep_hull(&b->stand[i], d, hull);
        for (int j = 0; j < a->n_stands; j++) {
            mu_orect_corners(&a->stand[j], q);
            if (mu_convex_overlap(hull, nh, q, 4, MU_SAT_DIV))
                return 1;
        }
    }
    return 0;
}

/* The members in an order in which each can be translated by d without
 * sweeping over a member still to move: of those no unmoved member
 * blocks, the front-most along d first (moving_order's; the same order
 * when no member blocks another out of it). Bodies of lines and columns
 * side by side and in depth can always be so ordered; where blocking
 * goes round in a circle, the front-most of the rest goes next. */
static void shared_order(const search *s, mu_vec2 d, int *order)
{
    int by_front[WM_BRIGADE_MAX], n = s->n;
    moving_order(s, d, by_front);
    unsigned before[WM_BRIGADE_MAX] = {0}; /* bit j of before[i]: by_front[j] must move before by_front[i] */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (i != j && blocks(&s->bf->unit[by_front[j]], &s->bf->unit[by_front[i]], d))
                before[i] |= 1u << j;
    unsigned moved = 0;
    for (int k = 0; k < n; k++) {
        int next = -1;
        for (int i = 0; i < n && next < 0; i++)
            if (!(moved >> i & 1u) && !(before[i] & ~moved))
                next = i;
        for (int i = 0; i < n && next < 0; i++)
            if (!(moved >> i & 1u))
                next = i;
        moved |= 1u << next;
        order[k] = by_front[next];
    }
}

/* Step 1 along one heading: the shared displacement d (halved while the
 * scale is at least least).
 * Returns 1 with *c complete when some scale ends as a brigade; *full is
 * set when every member made the whole of d. */
static int shared(search *s, mu_vec2 d, double least, cand *c, int *full)
{
    int order[WM_BRIGADE_MAX];
    shared_order(s, d, order);
    *full = 0;
    for (double scale = 1.0; scale >= least; scale *= 0.5) {
        memset(c, 0, sizeof *c);
        *s->scratch = *s->bf;
        int all = 1;
        for (int i = 0; i < s->n; i++) {
            int u = order[i];
            wm_plan pl;
            mu_vec2 to = mu_v2_add(wm_unit_centre(&s->scratch->unit[u]), mu_v2_scale(d, scale));
            if (plan_clear(s, s->scratch, u, to, WM_FORM_KEEP, &pl)) {
                push(c, &pl, s->scratch);
                all &= pl.reached;
            } else {
                all = 0;
            }
        }
        if (finish(s, c)) {
            *full = scale == 1.0 && all;
            return 1;
        }
    }
    return 0;
}

/* Step 1: the shared displacement straight at the point (at most cap),
 * halved twice; then, while that falls short, along headings 20, 40, 60
 * and 80 degrees either side (as far as brings the centre nearest the
 * point), skipped when they cannot beat the best so far. Returns 1 with the best in
 * *best; *full when the straight one was made in full. */
static int shared_best(search *s, double cap, cand *best, cand *c, int *full)
{
    mu_vec2 to = mu_v2_sub(s->point, s->c0);
    double dist = mu_v2_len(to);
    mu_vec2 h0 = mu_v2_scale(to, 1.0 / dist);
    int have = 0;
    *full = 0;
    for (int k = 0; k < 9; k++) {
        double deg = k == 0 ? 0.0 : 20.0 * ((k + 1) / 2) * (k % 2 ? 1.0 : -1.0);
        mu_vec2 h = mu_v2_rotate(h0, deg * PI / 180.0);
        double a = fmin(cap, dist * cos(deg * PI / 180.0));
        if (a < MIN_PROGRESS_MM)
            continue;
        if (have && dist - mu_v2_dist(s->point, mu_v2_add(s->c0, mu_v2_scale(h, a))) <= best->p.progress_mm)
            continue;
        int made;
        if (!shared(s, mu_v2_scale(h, a), k == 0 ? 0.25 : 1.0, c, &made))
            continue;
        if (!have || c->p.progress_mm > best->p.progress_mm) {
            *best = *c;
            have = 1;
        }
        if (k == 0 && made) {
            *full = 1;
            break;
        }
    }
    return have;
}

/* The place for unit u (form, facing as m faces) touching side `side`
 * of moved member m (0 front, 1 right, 2 back, 3 left, in m's frame):
 * slide -1, 0, 1: flush with one end of that side, centred, flush with
 * the other end (between: that share of the way from centred to flush);
 * -2, 2: just past that end, touching m corner to corner. */
static mu_vec2 place_by(const wm_unit *m, const wm_unit *u, wm_form form, int side, double slide)
{
    mu_vec2 f = mu_v2_unit(m->stand[0].facing), r = mu_v2(f.y, -f.x);
    mu_vec2 cm = wm_unit_centre(m);
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY}; /* along r, along f */
    double ulo[2] = {INFINITY, INFINITY}, uhi[2] = {-INFINITY, -INFINITY};
    mu_orect fp[WM_MAX_STANDS];
    wm_brigade_footprint(u, form, f, mu_v2(0, 0), fp);
    for (int pass = 0; pass < 2; pass++) {
        const mu_orect *st = pass ? fp : m->stand;
        int n = pass ? u->n_stands : m->n_stands;
        double *a = pass ? ulo : lo, *b = pass ? uhi : hi;
        mu_vec2 origin = pass ? mu_v2(0, 0) : cm;
        for (int i = 0; i < n; i++) {
            mu_vec2 q[4];
            mu_orect_corners(&st[i], q);
            for (int k = 0; k < 4; k++) {
                mu_vec2 v = mu_v2_sub(q[k], origin);
                double x = mu_v2_dot(v, r), y = mu_v2_dot(v, f);
                a[0] = fmin(a[0], x), b[0] = fmax(b[0], x);
                a[1] = fmin(a[1], y), b[1] = fmax(b[1], y);
            }
        }
    }
    int along = side % 2 == 0 ? 0 : 1; /* front, back: slide along r; flanks: along f */
    double mid = 0.5 * (lo[along] + hi[along]) - 0.5 * (ulo[along] + uhi[along]);
    double pos = slide <= -2 ? lo[along] - uhi[along]
                 : slide >= 2 ? hi[along] - ulo[along]
                 : slide < 0  ? mid - slide * (lo[along] - ulo[along] - mid)
                              : mid + slide * (hi[along] - uhi[along] - mid);
    double x, y;
    switch (side) {
    case 0: x = pos, y = hi[1] - ulo[1]; break;
    case 1: x = hi[0] - ulo[0], y = pos; break;
    case 2: x = pos, y = lo[1] - uhi[1]; break;
    default: x = lo[0] - uhi[0], y = pos; break;
    }
    return mu_v2_add(cm, mu_v2_add(mu_v2_scale(r, x), mu_v2_scale(f, y)));
}

/* Returns non-zero when unit u of t touches a unit of mask. */
static int touches_any(const wm_battlefield *t, int u, uint64_t mask)
{
    for (uint64_t r = mask; r; r &= r - 1)
        if (wm_g_units_touch(&t->unit[u], &t->unit[__builtin_ctzll(r)]))
            return 1;
    return 0;
}

/* Returns non-zero when unit u of t could stand at the footprint fp
 * (wm_orect_free_for every stand). A quick refusal of places before the
 * planner. */
static int place_clear(const wm_battlefield *t, int u, const mu_orect *fp)
{
    for (int i = 0; i < t->unit[u].n_stands; i++)
        if (!wm_orect_free_for(t, u, &fp[i]))
            return 0;
    return 1;
}

/* How many of FORMS the search tries for unit u: all three, but in the
 * wide search, where calls are few, a unit of one stand leaves out the
 * column (one stand in column is one stand in line; KEEP differs: it
 * keeps the unit's facing). */
static int forms_of(const search *s, const wm_unit *u)
{
    return s->wide_step && u->n_stands == 1 ? 2 : 3;
}

/* Returns member u's allowance. */
static double allowance_of(const search *s, int u)
{
    for (int i = 0; i < s->n; i++)
        if (s->member[i] == u)
            return s->allowance[i];
    return 0.0;
}

/* A place a follower may try. */
typedef struct spot {
    mu_vec2 at, facing;
    wm_form form;
    int shared; /* its place relative to the leader kept, its formation kept */
    int first;  /* tried before the others (the shared place, but in the wide search) */
    int taken;  /* wide search: the place is not clear (place_clear), tried after those that are */
    double key; /* distance to the point plus the distance moved: least first */
} spot;

static int by_key(const void *a, const void *b)
{
    const spot *x = a, *y = b;
    if (x->first != y->first)
        return y->first - x->first;
    if (x->taken != y->taken)
        return x->taken - y->taken;
    return (x->key > y->key) - (x->key < y->key);
}

/* Moves follower u to a place touching the members placed in c (on
 * s->scratch). lead: the leader's displacement. Returns 1 when placed. */
static int follow(search *s, cand *c, int u, mu_vec2 lead, double allowance, int improve)
{
    wm_battlefield *t = s->scratch;
    const wm_unit *un = &t->unit[u];
    mu_vec2 cu = wm_unit_centre(un);
    spot sp[1 + WM_BRIGADE_MAX * 3 * SPOTS];
    int ns = 0;
    if (!improve) {
        mu_vec2 at = mu_v2_add(cu, lead);
        sp[ns++] = (spot){at, mu_v2(0, 0), WM_FORM_KEEP, 1, !s->wide_step, 0,
                          mu_v2_dist(at, s->point) + mu_v2_dist(at, cu)};
    }
    for (uint64_t r = c->placed; r; r &= r - 1) {
        const wm_unit *m = &t->unit[__builtin_ctzll(r)];
        for (int f = 0; f < forms_of(s, un); f++)
            for (int side = 0; side < (s->wide_step ? SPOTS : NARROW_SPOTS); side++) {
                mu_vec2 at = place_by(m, un, FORMS[f], side % 4, SLIDES[side / 4]);
                if (mu_v2_dist(at, cu) > allowance + EPS || mu_v2_dist(at, cu) < MIN_PROGRESS_MM ||
                    (improve && mu_v2_dist(at, s->point) > mu_v2_dist(cu, s->point) - 1.0))
                    continue;
                int dup = 0;
                for (int j = 1; j < ns && !dup; j++)
                    dup = sp[j].form == FORMS[f] && mu_v2_dist(sp[j].at, at) < 0.5;
                if (dup)
                    continue;
                int taken = 0;
                if (s->wide_step) {
                    mu_orect fp[WM_MAX_STANDS];
                    wm_brigade_footprint(un, FORMS[f], m->stand[0].facing, at, fp);
                    taken = !place_clear(t, u, fp);
                }
                /* nearest the point first, shorter moves before longer */
                sp[ns++] = (spot){at, m->stand[0].facing, FORMS[f], 0, 0, taken,
                                  mu_v2_dist(at, s->point) + mu_v2_dist(at, cu)};
            }
    }
    qsort(sp, (size_t)ns, sizeof *sp, by_key);
    for (int i = 0, tries = 0; i < ns && tries < FOLLOWER_TRIES; i++) {
        if (!sp[i].shared && mu_v2_len(mu_v2_sub(sp[i].at, cu)) < MIN_PROGRESS_MM)
            continue;
        wm_plan pl;
        tries++;
        if (!plan(s, t, u, sp[i].at, sp[i].form, sp[i].facing, &pl))
            continue;
        wm_unit keep = t->unit[u];
        wm_move_apply(t, &pl.move);
        int ok = !wm_brigade_touches_enemy(t, u) && touches_any(t, u, c->placed);
        t->unit[u] = keep;
        if (!ok)
            continue;
        push(c, &pl, t);
        c->placed |= UINT64_C(1) << u;
        c->p.reformed += !sp[i].shared;
        return 1;
    }
    if (!touches_any(t, u, c->placed))
        return 0;
    /* standing where it is, touching the moved body already */
    c->placed |= UINT64_C(1) << u;
    c->p.reformed += mu_v2_len(lead) >= MIN_PROGRESS_MM;
    return 1;
}

/* Step 2 for one leader candidate: leader u to `to` in form; the others
 * follow. Returns 1 with *c complete when it ends as a brigade. */
/* RULE wm.game.brigade-reform */
static int lead_and_follow(search *s, int u, mu_vec2 to, wm_form form, cand *c)
{
    memset(c, 0, sizeof *c);
    *s->scratch = *s->bf;
    wm_plan pl;
    mu_vec2 c0 = wm_unit_centre(&s->bf->unit[u]);
    if (!plan_clear(s, s->scratch, u, to, form, &pl))
        return 0;
    push(c, &pl, s->scratch);
    c->placed = UINT64_C(1) << u;
    c->p.reformed = form != WM_FORM_KEEP;
    mu_vec2 lead = mu_v2_sub(wm_unit_centre(&s->scratch->unit[u]), c0);
    int order[WM_BRIGADE_MAX];
    moving_order(s, lead, order);
    for (int progress = 1; progress && (c->placed & s->body) != s->body;) {
        progress = 0;
        for (int i = 0; i < s->n; i++) {
            int k = order[i];
            if (c->placed & (UINT64_C(1) << k))
                continue;
            int mi = 0;
            while (s->member[mi] != k)
                mi++;
            if (follow(s, c, k, lead, s->allowance[mi], 0))
                progress = 1;
        }
    }
    return (c->placed & s->body) == s->body && finish(s, c);
}

/* Step 2, first: members in moving order along d, one at a time, each to
 * a place nearer the point touching the others (moved or not), the rest
 * standing; a move that would part the body is not made. Returns 1 with
 * *c complete when some member moved. */
/* RULE wm.game.brigade-reform */
static int shuffle(search *s, mu_vec2 d, cand *c)
{
    memset(c, 0, sizeof *c);
    *s->scratch = *s->bf;
    wm_battlefield *t = s->scratch;
    int order[WM_BRIGADE_MAX];
    moving_order(s, d, order);
    for (int i = 0; i < s->n; i++) {
        int k = order[i];
        wm_unit keep = t->unit[k];
        int n0 = c->p.n, r0 = c->p.reformed;
        c->placed = s->body & ~(UINT64_C(1) << k);
        if (follow(s, c, k, mu_v2(0, 0), allowance_of(s, k), 1) &&
            c->p.n > n0 && !wm_brigade_touches(t, s->body)) {
            t->unit[k] = keep;
            c->p.n = n0;
            c->p.reformed = r0;
        }
    }
    c->placed = s->body;
    return c->p.n > 0 && finish(s, c);
}

/* Step 3, only when steps 1 and 2 found no move: each member in turn
 * leads along its own front, a flank, its back and the other flank, then
 * WIDE_HEADINGS headings evenly round (the first toward the point), in
 * each formation, half a stand's width, a stand's width, half its
 * allowance and all of it (short steps first), the others following
 * (s->wide_step: halfway slides too, clear places first); the best that
 * gains is kept. A body pressed against friends or terrain may gain only
 * by sidestepping or backing away first (a column behind a line, a member
 * making room for another to pass an obstacle, a column on a bridge
 * stepping straight on into line), which the steps toward the point
 * miss. */
/* RULE wm.game.brigade-reform */
static int wide(search *s, mu_vec2 d, const int *order, cand *best, cand *c)
{
    int have = 0;
    mu_vec2 h0 = mu_v2_unit(d);
    for (int i = 0; i < s->n && s->calls < s->limit; i++) {
        int u = order[i];
        const wm_unit *un = &s->bf->unit[u];
        mu_vec2 cu = wm_unit_centre(un);
        double reach = allowance_of(s, u), w = un->profile.stand_width_mm;
        const double len[4] = {0.5 * w, w, 0.5 * reach, reach};
        for (int l = 0; l < 4 && s->calls < s->limit; l++) {
            if (len[l] > reach + EPS)
                continue;
            for (int k = -4; k < WIDE_HEADINGS && s->calls < s->limit; k++) {
                mu_vec2 h = k < 0 ? mu_v2_rotate(mu_v2_unit(un->stand[0].facing), 0.5 * PI * k)
                                  : mu_v2_rotate(h0, 2.0 * PI * k / WIDE_HEADINGS);
                for (int f = 0; f < forms_of(s, un); f++) {
                    if (lead_and_follow(s, u, mu_v2_add(cu, mu_v2_scale(h, len[l])), FORMS[f], c) &&
                        c->p.progress_mm >= MIN_PROGRESS_MM)
                        keep_better(best, c, &have);
                }
            }
        }
    }
    return have;
}

/* RULE wm.brigade.stays-touching wm.game.brigade-body wm.game.brigade-reform
 * RULE wm.game.brigade-member-moves */
int wm_brigade_plan_move(const wm_battlefield *bf, uint64_t body, mu_vec2 point, wm_move_kind kind,
                         wm_brigade_plan *out)
{
    search s = {.bf = bf, .body = body, .point = point, .kind = kind, .limit = INT_MAX};
    double cap = INFINITY;
    for (uint64_t r = body; r && s.n < WM_BRIGADE_MAX; r &= r - 1) {
        int u = __builtin_ctzll(r);
        s.allowance[s.n] = wm_move_allowance_mm(bf, &bf->unit[u], kind, 0.0);
        cap = fmin(cap, s.allowance[s.n]);
        s.member[s.n++] = u;
    }
    memset(out, 0, sizeof *out);
    s.c0 = body_centre(bf, &s);
    mu_vec2 d = mu_v2_sub(point, s.c0);
    double dist = mu_v2_len(d);
    if (dist < MIN_PROGRESS_MM)
        return 0;
    if (dist > cap)
        d = mu_v2_scale(d, cap / dist);
    s.scratch = mu_xmalloc(sizeof *s.scratch);
    cand *best = mu_xmalloc(sizeof *best), *c = mu_xmalloc(sizeof *c);
    int full = 0;
    int have = shared_best(&s, cap, best, c, &full);
    /* the most the body can gain: the shared displacement's, or the point */
    double ideal = fmin(dist, cap);
    if (!full && !(have && best->p.progress_mm >= SHORT_FRACTION * ideal)) {
        int order[WM_BRIGADE_MAX];
        moving_order(&s, d, order);
        s.limit = s.calls + REFORM_CALLS;
        if (shuffle(&s, d, c))
            keep_better(best, c, &have);
        for (int i = 0; i < s.n && s.calls < s.limit && !(have && best->p.progress_mm >= ideal - 1.0); i++) {
            int u = order[i];
            mu_vec2 cu = wm_unit_centre(&bf->unit[u]);
            const mu_vec2 to[3] = {mu_v2_add(cu, d), mu_v2_add(cu, mu_v2_scale(d, 0.5)), point};
            for (int f = 0; f < 3; f++)
                for (int k = 0; k < 3; k++) {
                    if (k == 2 && mu_v2_dist(to[0], to[2]) < 1.0)
                        continue;
                    if (lead_and_follow(&s, u, to[k], FORMS[f], c))
                        keep_better(best, c, &have);
                }
        }
        if (!have || best->p.progress_mm < MIN_PROGRESS_MM) {
            s.limit = s.calls + WIDE_CALLS;
            s.wide_step = 1;
            have = wide(&s, d, order, best, c) || have;
        }
    }
    if (have) {
        *out = best->p;
        out->kept = 1;
    }
    out->planner_calls = s.calls;
    free(c);
    free(best);
    free(s.scratch);
    return have && out->progress_mm >= MIN_PROGRESS_MM;
}
