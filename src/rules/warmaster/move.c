/* Checking and making unit moves stand by stand (warmaster-movement.adoc,
 * "Moving the stands", "The gap rule", "Terrain"); the model and readings
 * are in wm_move.h. */
#include "muster/alloc.h"
#include "warmaster/wm_move.h"

#include "wm_move_ctx.h"
#include "wm_shape.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define TWO_PI 6.28318530717958647692

static_assert(WM_MAX_UNITS <= 64, "burst masks are 64 bits");
static_assert(WM_MAX_FEATURES <= 32, "terrain masks are 32 bits");

const char *wm_move_fault_str(wm_move_fault fault)
{
    switch (fault) {
    case WM_MOVE_OK: return "ok";
    case WM_MOVE_BAD: return "not a move of this unit's stands";
    case WM_MOVE_TOO_FAR: return "a stand moves farther than its allowance";
    case WM_MOVE_OFF_TABLE: return "a stand's path leaves the table";
    case WM_MOVE_TERRAIN: return "a stand's path enters terrain the unit cannot enter";
    case WM_MOVE_THROUGH_UNIT: return "a stand's path crosses another unit's stand";
    case WM_MOVE_THROUGH_OWN: return "a stand's path crosses an own stand that has moved or is engaged";
    case WM_MOVE_ENEMY_GAP: return "a stand enters a gap next to an enemy no wider than its frontage";
    case WM_MOVE_NOT_THROUGH: return "a stand ends on a unit it bursts through or on an enemy character";
    case WM_MOVE_FORMATION: return "the stands do not end in formation";
    case WM_MOVE_LIST_FORMATION: return "its list allows no such formation after this move";
    }
    return "unknown fault";
}

/* Room for n items, not cleared: each list is filled before it is read. */
static void *grab(size_t n, size_t size)
{
    return mu_xmalloc((n ? n : 1) * size);
}

static wm_obstacle obstacle(const mu_orect *r, int unit, int pass)
{
    wm_obstacle o;
    mu_orect_corners_ccw(r, o.v);
    o.lo = o.hi = o.v[0];
    for (int i = 1; i < 4; i++) {
        o.lo = mu_v2(mu_lesser(o.lo.x, o.v[i].x), mu_lesser(o.lo.y, o.v[i].y));
        o.hi = mu_v2(mu_greater(o.hi.x, o.v[i].x), mu_greater(o.hi.y, o.v[i].y));
    }
    o.unit = unit;
    o.pass = pass;
    return o;
}

static int box_meets(mu_vec2 alo, mu_vec2 ahi, mu_vec2 blo, mu_vec2 bhi, double margin)
{
    return alo.x <= bhi.x + margin && blo.x <= ahi.x + margin && alo.y <= bhi.y + margin &&
           blo.y <= ahi.y + margin;
}

void wm_move_ctx_init(wm_move_ctx *c, const wm_battlefield *bf, int unit, wm_move_kind kind,
                         double rolled_mm, int charge_target, uint64_t burst)
{
    assert(unit >= 0 && unit < bf->n_units);
    memset(c, 0, sizeof *c);
    const wm_unit *u = &bf->unit[unit];
    c->bf = bf;
    c->unit = unit;
    c->kind = kind;
    c->charge_target = charge_target;
    c->burst = burst;
    c->allowance_mm = wm_move_allowance_mm(bf, u, kind, rolled_mm);
    c->frontage_mm = u->profile.stand_width_mm;
    for (int i = 0; i < bf->n_features; i++)
        if (!wm_unit_can_enter(u, bf->feature[i].kind))
            c->no_entry |= (uint32_t)1 << i;
    /* no point of a stand can get farther than the allowance from where it starts */
    double reach = fmax(c->allowance_mm, 0.0) + 1.0;
    c->lo = mu_v2(INFINITY, INFINITY);
    c->hi = mu_v2(-INFINITY, -INFINITY);
    for (int s = 0; s < u->n_stands; s++) {
        wm_obstacle o = obstacle(&u->stand[s], unit, 0);
        c->lo = mu_v2(fmin(c->lo.x, o.lo.x - reach), fmin(c->lo.y, o.lo.y - reach));
        c->hi = mu_v2(fmax(c->hi.x, o.hi.x + reach), fmax(c->hi.y, o.hi.y + reach));
    }
    double diag = 0.0;
    int total = 0;
    for (int k = 0; k < bf->n_units; k++) {
        total += bf->unit[k].n_stands;
        for (int s = 0; s < bf->unit[k].n_stands; s++)
            diag = fmax(diag, hypot(bf->unit[k].stand[s].width, bf->unit[k].stand[s].depth));
    }
    c->obst = grab((size_t)total, sizeof *c->obst);
    c->enemy = grab((size_t)total, sizeof *c->enemy);
    /* a gap region lies within the frontage plus a partner's diagonal of its enemy stand */
    double gap_margin = c->frontage_mm + diag + 1.0;
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *o = &bf->unit[k];
        if (k == unit || o->presence != WM_ON_TABLE)
            continue;
        int character = wm_is_character(o);
        if (character && o->side == u->side)
            continue; /* "a unit can move through its own side's characters" (and end on them) */
        /* "Stands can always move through characters": an enemy one is crossed, not ended on */
        for (int s = 0; s < o->n_stands; s++) {
            const mu_orect *r = &o->stand[s];
            double half = 0.5 * sqrt(r->width * r->width + r->depth * r->depth) + 1.0;
            if (!box_meets(c->lo, c->hi, mu_v2(r->center.x - half, r->center.y - half),
                           mu_v2(r->center.x + half, r->center.y + half), gap_margin))
                continue; /* its corners lie in that box: neither list could take it */
            wm_obstacle ob = obstacle(r, k, character || ((burst >> k) & 1u));
            if (box_meets(c->lo, c->hi, ob.lo, ob.hi, 0.0))
                c->obst[c->n_obst++] = ob;
            if (!character && o->side != u->side && box_meets(c->lo, c->hi, ob.lo, ob.hi, gap_margin))
                c->enemy[c->n_enemy++] = ob;
        }
    }
    wm_gaps_build(c);
    c->scratch = grab((size_t)(c->n_obst + c->n_gaps), sizeof *c->scratch);
}

void wm_move_ctx_free(wm_move_ctx *c)
{
    free(c->obst);
    free(c->enemy);
    free(c->gap);
    free(c->scratch);
    memset(c, 0, sizeof *c);
}

/* What one stand's path may not meet, and what it met first. */
typedef struct hit_ctx {
    const wm_move_ctx *c;
    const wm_unit *u;
    mu_vec2 start[4]; /* the stand where it starts: gaps it is in already are ignored */
    int n_own;        /* own stands placed (moved) or engaged */
    mu_vec2 own[WM_MAX_STANDS][4];
    mu_vec2 own_lo[WM_MAX_STANDS], own_hi[WM_MAX_STANDS]; /* their boxes */
    int own_index[WM_MAX_STANDS];
    int n_ni;         /* own stands near the leg being swept */
    int ni[WM_MAX_STANDS]; /* their indices in own */
    int on_table;     /* the area the leg can sweep lies on the table */
    int terrain;      /* a feature the unit cannot enter is near the leg */
    uint32_t terrain_mask; /* those features (bit = index) */
    int n_oi, n_gi;   /* obstacles and gaps near the leg being swept */
    int *oi, *gi;     /* their indices (c->scratch) */
    int only_unit;    /* >= 0: report only crossing this (burst) unit */
    wm_move_fault fault;
    int other, feature;
} hit_ctx;

static void poly_box(const mu_vec2 *v, int n, mu_vec2 *lo, mu_vec2 *hi)
{
    *lo = *hi = v[0];
    for (int i = 1; i < n; i++) {
        *lo = mu_v2(wm_min(lo->x, v[i].x), wm_min(lo->y, v[i].y));
        *hi = mu_v2(wm_max(hi->x, v[i].x), wm_max(hi->y, v[i].y));
    }
}

static int set_hit(hit_ctx *h, wm_move_fault f, int other, int feature)
{
    h->fault = f;
    h->other = other;
    h->feature = feature;
    return 1;
}

static int gap_hit(hit_ctx *h, const wm_gap_region *g, const mu_vec2 *v, int n)
{
    if (!wm_gap_entered(g, v, n) || wm_gap_entered(g, h->start, 4))
        return 0;
    return set_hit(h, WM_MOVE_ENEMY_GAP, g->enemy_unit, g->feature);
}

static int path_hits(void *ud, const mu_vec2 *v, int n)
{
    hit_ctx *h = ud;
    const wm_move_ctx *c = h->c;
    if (n < 3)
        return 0;
    mu_vec2 lo, hi;
    poly_box(v, n, &lo, &hi);
    if (h->only_unit >= 0) {
        for (int k = 0; k < h->n_oi; k++) {
            const wm_obstacle *o = &c->obst[h->oi[k]];
            if (o->unit == h->only_unit && box_meets(lo, hi, o->lo, o->hi, -EPS) &&
                mu_convex_overlap(v, n, o->v, 4, MU_SAT_DIV))
                return 1;
        }
        return 0;
    }
    if (lo.x < -EPS || lo.y < -EPS || hi.x > c->bf->width_mm + EPS || hi.y > c->bf->depth_mm + EPS)
        return set_hit(h, WM_MOVE_OFF_TABLE, -1, -1);
    int f = h->terrain ? wm_convex_blocked_among(c->bf, h->u, v, n, h->terrain_mask) : -1;
    if (f >= 0)
        return set_hit(h, WM_MOVE_TERRAIN, -1, f);
    for (int k = 0; k < h->n_oi; k++) {
        const wm_obstacle *o = &c->obst[h->oi[k]];
        if (!o->pass && box_meets(lo, hi, o->lo, o->hi, -EPS) && mu_convex_overlap(v, n, o->v, 4, MU_SAT_DIV))
            return set_hit(h, WM_MOVE_THROUGH_UNIT, o->unit, -1);
    }
    for (int k = 0; k < h->n_ni; k++) {
        int i = h->ni[k];
        if (mu_convex_overlap(v, n, h->own[i], 4, MU_SAT_DIV))
            return set_hit(h, WM_MOVE_THROUGH_OWN, h->own_index[i], -1);
    }
    for (int k = 0; k < h->n_gi; k++)
        if (gap_hit(h, &c->gap[h->gi[k]], v, n))
            return 1;
    return 0;
}

/* Non-zero when segment a-b meets the box [lo, hi] (slab clipping). */
static int seg_meets_box(mu_vec2 a, mu_vec2 b, mu_vec2 lo, mu_vec2 hi)
{
    double t0 = 0.0, t1 = 1.0, p0[2] = {a.x, a.y}, d[2] = {b.x - a.x, b.y - a.y};
    double l[2] = {lo.x, lo.y}, h[2] = {hi.x, hi.y};
    for (int k = 0; k < 2; k++) {
        if (d[k] == 0.0) {
            if (p0[k] < l[k] || p0[k] > h[k])
                return 0;
            continue;
        }
        double u = (l[k] - p0[k]) / d[k], w = (h[k] - p0[k]) / d[k];
        if (u > w) {
            double tmp = u;
            u = w;
            w = tmp;
        }
        t0 = u > t0 ? u : t0;
        t1 = w < t1 ? w : t1;
        if (t0 > t1)
            return 0;
    }
    return 1;
}

/* Zero only when feature f's interior surely misses the box [lo, hi] (a
 * cheap stand-in for wm_convex_in_feature on the box: no polygon in the
 * box is in a feature this says 0 for). The box is grown by 1e-3 mm, so
 * rounding cannot turn a meeting into a miss: if no edge meets the grown
 * box, the boundary is that far from the box, which lies wholly inside
 * the feature or wholly outside, as its centre does. */
static int box_may_meet_feature(mu_vec2 lo, mu_vec2 hi, const wm_feature *f)
{
    const double m = 1e-3;
    lo = mu_v2(lo.x - m, lo.y - m);
    hi = mu_v2(hi.x + m, hi.y + m);
    if (f->shape != WM_SHAPE_POLYGON) {
        mu_vec2 c = f->circle.center;
        double dx = wm_max(0.0, wm_max(lo.x - c.x, c.x - hi.x)), dy = wm_max(0.0, wm_max(lo.y - c.y, c.y - hi.y));
        return dx * dx + dy * dy <= f->circle.radius * f->circle.radius;
    }
    for (int k = 0; k < f->n; k++)
        if (seg_meets_box(f->v[k], f->v[(k + 1) % f->n], lo, hi))
            return 1;
    mu_vec2 p = mu_v2(0.5 * (lo.x + hi.x), 0.5 * (lo.y + hi.y));
    int inside = 0;
    for (int k = 0; k < f->n; k++) {
        mu_vec2 a = f->v[k], b = f->v[(k + 1) % f->n];
        if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x))
            inside = !inside;
    }
    return inside;
}

/* Zero when path_hits must answer 0 for every polygon in the box [lo, hi]:
 * each of its tests starts from the boxes, with the same margins. */
static int path_may_hit(void *ud, mu_vec2 lo, mu_vec2 hi)
{
    const hit_ctx *h = ud;
    const wm_move_ctx *c = h->c;
    if (h->only_unit >= 0) {
        for (int k = 0; k < h->n_oi; k++) {
            const wm_obstacle *o = &c->obst[h->oi[k]];
            if (o->unit == h->only_unit && box_meets(lo, hi, o->lo, o->hi, -EPS))
                return 1;
        }
        return 0;
    }
    if (lo.x < -EPS || lo.y < -EPS || hi.x > c->bf->width_mm + EPS || hi.y > c->bf->depth_mm + EPS)
        return 1;
    for (int i = 0; i < c->bf->n_features; i++)
        if (((h->terrain_mask >> i) & 1u) && box_meets(lo, hi, c->bf->feature[i].lo, c->bf->feature[i].hi, 0.0))
            return 1;
    for (int k = 0; k < h->n_oi; k++) {
        const wm_obstacle *o = &c->obst[h->oi[k]];
        if (!o->pass && box_meets(lo, hi, o->lo, o->hi, -EPS))
            return 1;
    }
    for (int k = 0; k < h->n_ni; k++)
        if (box_meets(lo, hi, h->own_lo[h->ni[k]], h->own_hi[h->ni[k]], 0.0))
            return 1;
    for (int k = 0; k < h->n_gi; k++)
        if (box_meets(lo, hi, c->gap[h->gi[k]].lo, c->gap[h->gi[k]].hi, -EPS))
            return 1;
    return 0;
}

/* Non-zero when path_hits must answer 0 for every pose and hull of poses
 * inside the piece p of a turning leg: what path_may_hit cannot rule out
 * for the piece's box must be a stand (an obstacle or an own blocker) the
 * piece surely clears (wm_sweep_piece_clear_of). */
static int path_piece_clear(void *ud, const wm_sweep_piece *p)
{
    const hit_ctx *h = ud;
    const wm_move_ctx *c = h->c;
    mu_vec2 lo = p->lo, hi = p->hi;
    if (h->only_unit >= 0) {
        for (int k = 0; k < h->n_oi; k++) {
            const wm_obstacle *o = &c->obst[h->oi[k]];
            if (o->unit == h->only_unit && box_meets(lo, hi, o->lo, o->hi, -EPS) && !wm_sweep_piece_clear_of(p, o->v))
                return 0;
        }
        return 1;
    }
    if (lo.x < -EPS || lo.y < -EPS || hi.x > c->bf->width_mm + EPS || hi.y > c->bf->depth_mm + EPS)
        return 0;
    for (int i = 0; i < c->bf->n_features; i++)
        if (((h->terrain_mask >> i) & 1u) && box_meets(lo, hi, c->bf->feature[i].lo, c->bf->feature[i].hi, 0.0))
            return 0;
    for (int k = 0; k < h->n_gi; k++)
        if (box_meets(lo, hi, c->gap[h->gi[k]].lo, c->gap[h->gi[k]].hi, -EPS))
            return 0;
    for (int k = 0; k < h->n_oi; k++) {
        const wm_obstacle *o = &c->obst[h->oi[k]];
        if (!o->pass && box_meets(lo, hi, o->lo, o->hi, -EPS) && !wm_sweep_piece_clear_of(p, o->v))
            return 0;
    }
    for (int k = 0; k < h->n_ni; k++)
        if (box_meets(lo, hi, h->own_lo[h->ni[k]], h->own_hi[h->ni[k]], 0.0) &&
            !wm_sweep_piece_clear_of(p, h->own[h->ni[k]]))
            return 0;
    return 1;
}

/* Keeps in h the obstacles, gaps and own blockers whose boxes meet the
 * area the leg from *from can sweep (every point stays within the half
 * diagonal of the centre's straight path), whether terrain the unit cannot
 * enter is near (if not, wm_convex_blocked cannot find any) and whether
 * that area lies on the table. Nothing else can meet a piece of the sweep
 * (path_hits), so when nothing is near and the area is on the table the
 * sweep meets nothing. */
static void near_leg(const wm_move_ctx *c, hit_ctx *h, const mu_orect *from, wm_leg leg)
{
    double r = 0.5 * hypot(from->width, from->depth) + 1.0;
    mu_vec2 lo = mu_v2(wm_min(from->center.x, leg.center.x) - r, wm_min(from->center.y, leg.center.y) - r);
    mu_vec2 hi = mu_v2(wm_max(from->center.x, leg.center.x) + r, wm_max(from->center.y, leg.center.y) + r);
    h->n_oi = h->n_gi = 0;
    h->terrain_mask = 0;
    for (int i = 0; i < c->bf->n_features; i++) {
        const wm_feature *f = &c->bf->feature[i];
        /* a feature whose interior the box misses cannot be entered */
        if (!wm_unit_can_enter(h->u, f->kind) && box_meets(lo, hi, f->lo, f->hi, 0.0) &&
            (c->exhaustive || box_may_meet_feature(lo, hi, f)))
            h->terrain_mask |= (uint32_t)1 << i;
    }
    h->terrain = h->terrain_mask != 0;
    for (int i = 0; i < c->n_obst; i++)
        if (box_meets(lo, hi, c->obst[i].lo, c->obst[i].hi, 0.0))
            h->oi[h->n_oi++] = i;
    for (int i = 0; i < c->n_gaps; i++)
        if (box_meets(lo, hi, c->gap[i].lo, c->gap[i].hi, 0.0))
            h->gi[h->n_gi++] = i;
    h->n_ni = 0;
    for (int i = 0; i < h->n_own; i++)
        if (c->exhaustive || box_meets(lo, hi, h->own_lo[i], h->own_hi[i], 0.0))
            h->ni[h->n_ni++] = i;
    h->on_table = lo.x >= 0.0 && lo.y >= 0.0 && hi.x <= c->bf->width_mm && hi.y <= c->bf->depth_mm;
}

/* Non-zero when the sweep of the leg near_leg looked at can meet nothing
 * path_hits reports. */
static int nothing_near(const hit_ctx *h)
{
    return h->on_table && !h->terrain && h->n_oi == 0 && h->n_gi == 0 && h->n_ni == 0;
}

/* Returns non-zero when a stand of unit b is among the obstacles near the
 * leg (near_leg). */
static int near_unit(const hit_ctx *h, int b)
{
    for (int k = 0; k < h->n_oi; k++)
        if (h->c->obst[h->oi[k]].unit == b)
            return 1;
    return 0;
}

/* Own stands the path of stand s may not cross: those placed already and
 * the engaged ones. */
static void own_blockers(hit_ctx *h, int s, const int *moved, const mu_orect *final)
{
    const wm_unit *u = h->u;
    h->n_own = 0;
    for (int j = 0; j < u->n_stands; j++) {
        if (j == s || !(moved[j] || ((u->engaged >> j) & 1u)))
            continue;
        mu_orect_corners_ccw(moved[j] ? &final[j] : &u->stand[j], h->own[h->n_own]);
        poly_box(h->own[h->n_own], 4, &h->own_lo[h->n_own], &h->own_hi[h->n_own]);
        h->own_index[h->n_own++] = j;
    }
}

static int sweep(const wm_move_ctx *c, const mu_orect *from, wm_leg leg, hit_ctx *h)
{
    return c->exhaustive ? wm_leg_sweep_hits_exhaustive(from, leg, path_hits, h)
                         : wm_leg_sweep_hits_cut(from, leg, path_hits, path_may_hit, path_piece_clear, h);
}

static int valid_plan(const wm_move_ctx *c, const wm_move *m)
{
    const wm_unit *u = &c->bf->unit[c->unit];
    if (u->presence != WM_ON_TABLE || wm_is_character(u) || m->n != u->n_stands || u->n_stands < 1)
        return 0;
    unsigned seen = 0;
    for (int k = 0; k < m->n; k++) {
        const wm_stand_path *p = &m->path[k];
        if (p->stand < 0 || p->stand >= u->n_stands || (seen >> p->stand) & 1u || p->n_legs < 0 ||
            p->n_legs > WM_MAX_LEGS)
            return 0;
        seen |= 1u << p->stand;
        for (int l = 0; l < p->n_legs; l++)
            if (!isfinite(p->leg[l].center.x) || !isfinite(p->leg[l].center.y) || !isfinite(p->leg[l].turn_rad) ||
                fabs(p->leg[l].turn_rad) > TWO_PI + 1e-12)
                return 0;
    }
    return 1;
}

static wm_move_fault finish(wm_move_report *rep, wm_move_fault f, int path, int other, int feature)
{
    rep->fault = f;
    rep->path = path;
    rep->other_unit = other;
    rep->feature = feature;
    return f;
}

wm_move_fault wm_move_ctx_check(wm_move_ctx *c, const wm_move *m, wm_move_report *out)
{
    wm_move_report scratch, *rep = out ? out : &scratch;
    memset(rep, 0, sizeof *rep);
    rep->allowance_mm = c->allowance_mm;
    rep->formation = WM_NOT_IN_FORMATION;
    if (m->unit != c->unit || !valid_plan(c, m))
        return finish(rep, WM_MOVE_BAD, -1, -1, -1);
    const wm_unit *u = &c->bf->unit[c->unit];
    mu_orect final[WM_MAX_STANDS];
    int moved[WM_MAX_STANDS] = {0};
    hit_ctx h;
    memset(&h, 0, sizeof h);
    h.c = c;
    h.u = u;
    h.oi = c->scratch;
    h.gi = c->scratch + c->n_obst;
    for (int k = 0; k < m->n; k++) {
        const wm_stand_path *p = &m->path[k];
        int s = p->stand;
        double len = wm_stand_path_mm(&u->stand[s], p->leg, p->n_legs, &final[s]);
        rep->moved_mm[k] = len;
        rep->max_moved_mm = fmax(rep->max_moved_mm, len);
        if (len > c->allowance_mm + EPS)
            return finish(rep, WM_MOVE_TOO_FAR, k, -1, -1);
        own_blockers(&h, s, moved, final);
        mu_orect_corners_ccw(&u->stand[s], h.start);
        mu_orect pose = u->stand[s];
        for (int l = 0; l < p->n_legs; l++) {
            near_leg(c, &h, &pose, p->leg[l]);
            if (!c->exhaustive && nothing_near(&h)) { /* no burst unit is near either */
                pose = wm_leg_pose(&pose, p->leg[l], 1.0);
                continue;
            }
            h.only_unit = -1;
            if (sweep(c, &pose, p->leg[l], &h))
                return finish(rep, h.fault, k, h.other, h.feature);
            for (int b = 0; c->burst && b < c->bf->n_units; b++) {
                if (!((c->burst >> b) & 1u) || ((rep->crossed >> b) & 1u) || !near_unit(&h, b))
                    continue;
                h.only_unit = b;
                if (sweep(c, &pose, p->leg[l], &h))
                    rep->crossed |= (uint64_t)1 << b;
            }
            pose = wm_leg_pose(&pose, p->leg[l], 1.0);
        }
        /* the end pose by itself, as the game's checker judges it: a leg's
         * sweep near an edge can pass within the rounding margins where
         * the pose alone does not */
        int f = p->n_legs ? wm_orect_blocked(c->bf, u, &final[s]) : -1;
        if (f >= 0)
            return finish(rep, WM_MOVE_TERRAIN, k, -1, f);
        moved[s] = 1;
    }
    for (int s = 0; s < u->n_stands; s++) {
        mu_vec2 v[4];
        mu_orect_corners_ccw(&final[s], v);
        for (int i = 0; i < c->n_obst; i++)
            if (c->obst[i].pass && mu_convex_overlap(v, 4, c->obst[i].v, 4, MU_SAT_DIV))
                return finish(rep, WM_MOVE_NOT_THROUGH, -1, c->obst[i].unit, -1);
    }
    rep->formation = wm_classify_formation(final, u->n_stands);
    if (rep->formation == WM_NOT_IN_FORMATION)
        return finish(rep, WM_MOVE_FORMATION, -1, -1, -1);
    double laager = u->profile.rules.laager_mm; /* RULE wm.armylist.laager */
    if (laager > 0.0 && u->n_stands > 1 && rep->formation != WM_COLUMN && /* one stand: a column too */
        !(rep->formation == WM_LINE && rep->max_moved_mm <= laager + EPS))
        return finish(rep, WM_MOVE_LIST_FORMATION, -1, -1, -1);
    return finish(rep, WM_MOVE_OK, -1, -1, -1);
}

/* Depth (mm) of overlap with another unit's stand from which an end place
 * surely fails the check, and margin (mm) beyond the table's edge test and
 * the allowance: both far above the rounding of corners computed by other
 * formulas (about 1e-12 mm), far below anything a search resolves. */
#define SURE_DEPTH_MM 1e-4
#define SURE_MARGIN_MM 1e-7

/* Non-zero when rectangles a and b (corners counter-clockwise) penetrate
 * each other by at least depth along each of their edge normals, both
 * ways. Their difference a - b then holds the disc of radius depth about
 * the origin (its edges have those normals), so any convex polygon
 * holding a penetrates b by at least depth along every axis: the
 * separating-axis test with its MU_GEOM_EPS_MM tolerance calls it
 * overlapping whatever axes it tries. */
static int rects_deep(const mu_vec2 *a, const mu_vec2 *b, double depth)
{
    const mu_vec2 *r[2] = {a, b};
    for (int p = 0; p < 2; p++)
        for (int e = 0; e < 2; e++) {
            mu_vec2 d = mu_v2_sub(r[p][e + 1], r[p][e]);
            double len = sqrt(d.x * d.x + d.y * d.y);
            if (len <= 1e-9)
                return 0;
            mu_vec2 n = mu_v2(-d.y / len, d.x / len);
            double alo = INFINITY, ahi = -INFINITY, blo = INFINITY, bhi = -INFINITY;
            for (int i = 0; i < 4; i++) {
                double ta = mu_v2_dot(a[i], n), tb = mu_v2_dot(b[i], n);
                alo = wm_min(alo, ta);
                ahi = wm_max(ahi, ta);
                blo = wm_min(blo, tb);
                bhi = wm_max(bhi, tb);
            }
            if (ahi - blo < depth || bhi - alo < depth)
                return 0;
        }
    return 1;
}

/* The distance from segment a-b to rectangle r (which it meets: 0): for
 * a segment and a convex polygon apart, the least distance is from an
 * end of the segment to the polygon or from a corner to the segment. */
static double seg_rect_distance(mu_vec2 a, mu_vec2 b, const mu_orect *r)
{
    mu_vec2 f = r->facing, l = mu_v2_perp(r->facing);
    double hd = 0.5 * r->depth, hw = 0.5 * r->width;
    mu_vec2 qa = mu_v2_sub(a, r->center), qb = mu_v2_sub(b, r->center);
    mu_vec2 p0 = mu_v2(mu_v2_dot(qa, f), mu_v2_dot(qa, l)), p1 = mu_v2(mu_v2_dot(qb, f), mu_v2_dot(qb, l));
    if (seg_meets_box(p0, p1, mu_v2(-hd, -hw), mu_v2(hd, hw)))
        return 0.0;
    double best = INFINITY;
    const mu_vec2 ends[2] = {p0, p1};
    for (int i = 0; i < 2; i++) {
        double dx = wm_max(0.0, fabs(ends[i].x) - hd), dy = wm_max(0.0, fabs(ends[i].y) - hw);
        best = wm_min(best, sqrt(dx * dx + dy * dy));
    }
    mu_seg s = {p0, p1};
    for (int i = 0; i < 4; i++)
        best = wm_min(best, mu_point_seg_distance(mu_v2(i & 1 ? hd : -hd, i & 2 ? hw : -hw), s, NULL));
    return best;
}

/* Why each test below is sure. The check goes through the paths in order
 * and stops at the first fault, so it either stops before the stand in
 * question or comes to it, and then
 * - its corners' chords: a corner's path is at least its chord, and the
 *   measured length is the path to about 1e-12 relative (wm_stand_path_mm,
 *   a leg turning under 1e-6 rad included), so a chord beyond the allowance + MU_GEOM_EPS_MM + margin is
 *   WM_MOVE_TOO_FAR;
 * - table and other stands: the last leg's sweep asks path_hits about a
 *   polygon holding the end place (a straight leg's hull; of a turning
 *   leg, the last piece's grown hull and then, since the piece's bounds
 *   cannot clear what the end place overlaps, the end pose itself, or at
 *   the leaf the hull of its two poses); that polygon's box is off the
 *   table, or it overlaps the stand (rects_deep), so the sweep hits (a
 *   stand of a unit that may be crossed fails the end test,
 *   WM_MOVE_NOT_THROUGH, if nothing before it did);
 * - terrain: the check asks wm_orect_blocked of the same pose (here only
 *   about the features whose box meets the pose's: the others cannot
 *   make it blocked);
 * - own stands: every pose on a leg holds the disc of half the stand's
 *   lesser side about its centre, which moves straight; where that disc
 *   comes within SURE_DEPTH_MM of the middle of another stand's end
 *   place, it penetrates that place at least that deep along every axis,
 *   and the sweep's polygons hold each pose but for at most 1e-5 mm (a
 *   leaf piece's growth), so if the other stand moved first the check
 *   meets it (WM_MOVE_THROUGH_OWN, or a fault found before); so too
 *   where its first pose, the place it starts from, overlaps the other's
 *   end place that deep (rects_deep). Such a pair
 *   fails the order in which the other stand moves first. */
int wm_move_ctx_sure_fault(const wm_move_ctx *c, const wm_move *m)
{
    const wm_unit *u = &c->bf->unit[c->unit];
    if (m->unit != c->unit || u->presence != WM_ON_TABLE || m->n != u->n_stands || m->n > WM_MAX_STANDS)
        return 0;
    const double lo_x = -EPS - SURE_MARGIN_MM, lo_y = lo_x;
    const double hi_x = c->bf->width_mm + EPS + SURE_MARGIN_MM, hi_y = c->bf->depth_mm + EPS + SURE_MARGIN_MM;
    const double reach = c->allowance_mm + EPS + SURE_MARGIN_MM;
    mu_orect end[WM_MAX_STANDS];
    mu_vec2 v[WM_MAX_STANDS][4], lo[WM_MAX_STANDS], hi[WM_MAX_STANDS];
    mu_vec2 all_lo = mu_v2(INFINITY, INFINITY), all_hi = mu_v2(-INFINITY, -INFINITY);
    /* the end places: the table, the allowance */
    for (int k = 0; k < m->n; k++) {
        const wm_stand_path *p = &m->path[k];
        if (p->stand < 0 || p->stand >= u->n_stands || p->n_legs < 0 || p->n_legs > WM_MAX_LEGS)
            return 0;
        const mu_orect *start = &u->stand[p->stand];
        end[k] = *start;
        for (int l = 0; l < p->n_legs; l++) {
            if (!isfinite(p->leg[l].center.x) || !isfinite(p->leg[l].center.y) || !isfinite(p->leg[l].turn_rad))
                return 0;
            end[k] = wm_leg_pose(&end[k], p->leg[l], 1.0);
        }
        if (p->n_legs == 0)
            continue; /* not moved: the check looks at nothing of it */
        mu_vec2 v0[4];
        mu_orect_corners_ccw(&end[k], v[k]);
        poly_box(v[k], 4, &lo[k], &hi[k]);
        if (lo[k].x < lo_x || lo[k].y < lo_y || hi[k].x > hi_x || hi[k].y > hi_y)
            return WM_SURE_BOTH;
        mu_orect_corners_ccw(start, v0);
        for (int i = 0; i < 4; i++) /* the check's path length is at least the chords */
            if (mu_v2_dist(v[k][i], v0[i]) > reach)
                return WM_SURE_BOTH;
        all_lo = mu_v2(wm_min(all_lo.x, lo[k].x), wm_min(all_lo.y, lo[k].y));
        all_hi = mu_v2(wm_max(all_hi.x, hi[k].x), wm_max(all_hi.y, hi[k].y));
    }
    /* other units' stands under the end places */
    for (int i = 0; i < c->n_obst; i++) {
        const wm_obstacle *o = &c->obst[i];
        if (!box_meets(all_lo, all_hi, o->lo, o->hi, -SURE_DEPTH_MM))
            continue;
        for (int k = 0; k < m->n; k++)
            if (m->path[k].n_legs > 0 && box_meets(lo[k], hi[k], o->lo, o->hi, -SURE_DEPTH_MM) &&
                rects_deep(v[k], o->v, SURE_DEPTH_MM))
                return WM_SURE_BOTH;
    }
    /* own stands crossing end places, both ways */
    int fwd = 0, rev = 0; /* a pair fails m's order, the reverse order */
    for (int a = 0; a < m->n && !(fwd && rev); a++) {
        const wm_stand_path *p = &m->path[a];
        mu_orect pose = u->stand[p->stand];
        double r = 0.5 * wm_min(pose.width, pose.depth) - SURE_DEPTH_MM;
        if (p->n_legs > 0) { /* where it starts: its first pose */
            mu_vec2 w[4], wlo, whi;
            mu_orect_corners_ccw(&pose, w);
            poly_box(w, 4, &wlo, &whi);
            for (int b = 0; b < m->n; b++)
                if (b != a && m->path[b].n_legs > 0 && !(b < a ? fwd : rev) &&
                    box_meets(wlo, whi, lo[b], hi[b], -SURE_DEPTH_MM) && rects_deep(w, v[b], SURE_DEPTH_MM)) {
                    fwd |= b < a;
                    rev |= b > a;
                }
        }
        for (int l = 0; l < p->n_legs && !(fwd && rev); l++) {
            mu_vec2 from = pose.center, to = p->leg[l].center;
            mu_vec2 slo = mu_v2(wm_min(from.x, to.x) - r, wm_min(from.y, to.y) - r);
            mu_vec2 shi = mu_v2(wm_max(from.x, to.x) + r, wm_max(from.y, to.y) + r);
            for (int b = 0; b < m->n; b++)
                if (b != a && m->path[b].n_legs > 0 && !(b < a ? fwd : rev) &&
                    box_meets(slo, shi, lo[b], hi[b], 0.0) && seg_rect_distance(from, to, &end[b]) <= r) {
                    fwd |= b < a;
                    rev |= b > a;
                }
            if (l + 1 < p->n_legs)
                pose = wm_leg_pose(&pose, p->leg[l], 1.0);
        }
    }
    if (fwd && rev)
        return WM_SURE_BOTH;
    int sure = (fwd ? WM_SURE_IN_ORDER : 0) | (rev ? WM_SURE_REVERSED : 0);
    /* terrain under the end places, last: the dearest test */
    for (int k = 0; k < m->n; k++) {
        if (m->path[k].n_legs == 0)
            continue;
        uint32_t near = 0;
        for (int i = 0; i < c->bf->n_features; i++)
            if (((c->no_entry >> i) & 1u) && box_meets(lo[k], hi[k], c->bf->feature[i].lo, c->bf->feature[i].hi, 0.0))
                near |= (uint32_t)1 << i;
        if (near && wm_convex_blocked_among(c->bf, u, v[k], 4, near) >= 0)
            return WM_SURE_BOTH;
    }
    return sure;
}

/* RULE wm.pace.maximum wm.stands.one-at-a-time wm.stands.not-through-units
 * RULE wm.stands.burst-through wm.stands.through-characters wm.gap.shortest-edge
 * RULE wm.gap.enemy-frontage wm.terrain.halt-at-edge wm.character.pass-own-side */
wm_move_fault wm_move_check(const wm_battlefield *bf, const wm_move *m, wm_move_report *rep)
{
    if (m->unit < 0 || m->unit >= bf->n_units) {
        if (rep) {
            memset(rep, 0, sizeof *rep);
            rep->fault = WM_MOVE_BAD;
            rep->path = rep->other_unit = rep->feature = -1;
        }
        return WM_MOVE_BAD;
    }
    wm_move_ctx c;
    wm_move_ctx_init(&c, bf, m->unit, m->kind, m->rolled_mm, m->charge_target, m->burst);
    wm_move_fault f = wm_move_ctx_check(&c, m, rep);
    wm_move_ctx_free(&c);
    return f;
}
