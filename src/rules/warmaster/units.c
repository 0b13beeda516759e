/* Troop types, profiles and units (warmaster-movement.adoc, "Movement
 * distances": the Movement Chart). */
#include "warmaster/wm_units.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

static const char *const troop_names[WM_TROOP_COUNT] = {
    [WM_INFANTRY] = "infantry",   [WM_CAVALRY] = "cavalry",
    [WM_CHARIOTS] = "chariots",   [WM_ARTILLERY] = "artillery",
    [WM_MONSTERS] = "monsters",   [WM_MACHINES] = "machines",
    [WM_CHARACTER] = "character",
};

/* Movement Chart, full and half pace in mm ("Machines: Varies"). */
static const double chart_mm[WM_TROOP_COUNT][2] = {
    [WM_INFANTRY] = {200.0, 100.0}, [WM_CAVALRY] = {300.0, 150.0},
    [WM_CHARIOTS] = {300.0, 150.0}, [WM_ARTILLERY] = {100.0, 50.0},
    [WM_MONSTERS] = {200.0, 100.0}, [WM_MACHINES] = {0.0, 0.0},
    [WM_CHARACTER] = {600.0, 600.0},
};

/* RULE wm.pace.chart wm.pace.machines wm.pace.flying */
wm_profile wm_profile_default(wm_troop troop, unsigned flags)
{
    assert(troop >= 0 && troop < WM_TROOP_COUNT);
    wm_profile p;
    memset(&p, 0, sizeof p);
    p.troop = troop;
    p.flags = flags;
    p.full_pace_mm = chart_mm[troop][0];
    p.half_pace_mm = chart_mm[troop][1];
    if (flags & WM_FLYING) {
        /* "Flying Units 100cm 10cm"; characters "60cm, or 100cm if flying",
         * always at full pace. */
        p.full_pace_mm = 1000.0;
        p.half_pace_mm = troop == WM_CHARACTER ? 1000.0 : 100.0;
    }
    p.stand_width_mm = WM_STAND_WIDTH_MM;
    p.stand_depth_mm = WM_STAND_DEPTH_MM;
    return p;
}

/* RULE wm.pace.machines */
int wm_profile_valid(const wm_profile *p)
{
    if (p->troop < 0 || p->troop >= WM_TROOP_COUNT)
        return 0;
    if (!(p->half_pace_mm > 0.0 && p->half_pace_mm <= p->full_pace_mm && isfinite(p->full_pace_mm)))
        return 0;
    if (!(p->stand_width_mm > 0.0 && p->stand_depth_mm > 0.0 && isfinite(p->stand_width_mm) &&
          isfinite(p->stand_depth_mm)))
        return 0;
    unsigned mounts = p->flags & (WM_MONSTROUS_MOUNT | WM_CHARIOT_MOUNT);
    if (mounts && (p->troop != WM_CHARACTER || mounts == (WM_MONSTROUS_MOUNT | WM_CHARIOT_MOUNT)))
        return 0;
    return 1;
}

const char *wm_troop_name(wm_troop troop)
{
    return troop >= 0 && troop < WM_TROOP_COUNT ? troop_names[troop] : NULL;
}

wm_troop wm_troop_from_name(const char *name)
{
    for (int t = 0; t < WM_TROOP_COUNT; t++)
        if (name && strcmp(name, troop_names[t]) == 0)
            return (wm_troop)t;
    return WM_TROOP_COUNT;
}

wm_unit wm_unit_make(int side, const wm_profile *p)
{
    wm_unit u;
    memset(&u, 0, sizeof u);
    u.side = side;
    u.profile = *p;
    u.presence = WM_ON_TABLE;
    u.joined = -1;
    return u;
}

int wm_unit_add_stand(wm_unit *u, mu_vec2 center, mu_vec2 facing)
{
    if (u->n_stands >= WM_MAX_STANDS)
        return -1;
    mu_orect r = {center, mu_v2_unit(facing), u->profile.stand_width_mm, u->profile.stand_depth_mm};
    u->stand[u->n_stands] = r;
    return u->n_stands++;
}

void wm_unit_lose_stand(wm_unit *u, int i)
{
    assert(i >= 0 && i < u->n_stands);
    for (int j = i; j + 1 < u->n_stands; j++)
        u->stand[j] = u->stand[j + 1];
    uint32_t low = u->engaged & ((1u << i) - 1u);
    u->engaged = low | ((u->engaged >> (i + 1)) << i);
    u->n_stands--;
    u->stands_lost++;
}

int wm_is_character(const wm_unit *u)
{
    return u->profile.troop == WM_CHARACTER;
}

/* RULE wm.evade.light-cavalry */
int wm_is_light_cavalry(const wm_profile *p)
{
    return p->troop == WM_CAVALRY && p->armour == 6;
}

int wm_unit_engaged(const wm_unit *u)
{
    return (u->engaged & ((1u << u->n_stands) - 1u)) != 0;
}

/* Half the diagonal of r: no point of r is farther from its centre. */
static double radius(const mu_orect *r)
{
    return 0.5 * sqrt(r->width * r->width + r->depth * r->depth);
}

/* A stand's frame, worked out once for the many pairs a unit distance
 * measures: the same values mu_orect_corners and mu_point_orect_distance
 * compute for it, by the same operations. */
typedef struct stand_frame {
    const mu_orect *r;
    mu_vec2 f, l;   /* unit facing and left */
    double hd, hw;  /* half depth, half width */
    double rad;     /* radius() */
    mu_vec2 c[4];   /* mu_orect_corners */
} stand_frame;

static void frame_of(const mu_orect *r, stand_frame *s)
{
    s->r = r;
    s->f = mu_v2_unit(r->facing);
    s->l = mu_v2_perp(s->f);
    s->hd = r->depth / 2.0;
    s->hw = r->width / 2.0;
    s->rad = radius(r);
    mu_vec2 hf = mu_v2_scale(s->f, s->hd), hl = mu_v2_scale(s->l, s->hw);
    mu_vec2 front = mu_v2_add(r->center, hf), back = mu_v2_sub(r->center, hf);
    s->c[0] = mu_v2_add(front, hl);
    s->c[1] = mu_v2_sub(front, hl);
    s->c[2] = mu_v2_sub(back, hl);
    s->c[3] = mu_v2_add(back, hl);
}

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* mu_point_orect_distance(p, s->r, closest) from the frame. */
static double point_frame_distance(mu_vec2 p, const stand_frame *s, mu_vec2 *closest)
{
    mu_vec2 d = mu_v2_sub(p, s->r->center);
    double u = mu_v2_dot(d, s->f), v = mu_v2_dot(d, s->l);
    double cu = clamp(u, -s->hd, s->hd), cv = clamp(v, -s->hw, s->hw);
    *closest = (cu == u && cv == v) ? p
                                    : mu_v2_add(s->r->center, mu_v2_add(mu_v2_scale(s->f, cu), mu_v2_scale(s->l, cv)));
    return sqrt((u - cu) * (u - cu) + (v - cv) * (v - cv));
}

/* mu_orect_overlap(a->r, b->r) from the frames: the same separating axes
 * and shadows, by the same operations. */
static int frames_overlap(const stand_frame *a, const stand_frame *b)
{
    const mu_vec2 axes[4] = {a->f, a->l, b->f, b->l};
    mu_vec2 d = mu_v2_sub(b->r->center, a->r->center);
    for (int i = 0; i < 4; i++) {
        double ra = a->hd * fabs(mu_v2_dot(a->f, axes[i])) + a->hw * fabs(mu_v2_dot(a->l, axes[i]));
        double rb = b->hd * fabs(mu_v2_dot(b->f, axes[i])) + b->hw * fabs(mu_v2_dot(b->l, axes[i]));
        if (ra + rb - fabs(mu_v2_dot(d, axes[i])) <= MU_GEOM_EPS_MM)
            return 0;
    }
    return 1;
}

/* The distance between two stands. Apart, two convex shapes are closest
 * at a corner of one: eight point-to-rectangle distances, cheaper than
 * mu_orect_distance's sixteen segment pairs. Overlapping: 0, at a shared
 * point from mu_orect_distance. */
static double stand_distance(const stand_frame *a, const stand_frame *b, mu_vec2 *pa, mu_vec2 *pb)
{
    if (frames_overlap(a, b))
        return mu_orect_distance(a->r, b->r, pa, pb);
    mu_vec2 c;
    double best = INFINITY;
    for (int i = 0; i < 8; i++) {
        mu_vec2 p = i < 4 ? a->c[i] : b->c[i - 4];
        double d = point_frame_distance(p, i < 4 ? b : a, &c);
        if (d < best) {
            best = d;
            *pa = i < 4 ? p : c;
            *pb = i < 4 ? c : p;
        }
    }
    return best <= MU_GEOM_EPS_MM ? 0.0 : best;
}

/* A pair of stands whose circles lie farther apart than a distance some
 * pair is known to have, by more than this, cannot be a closest pair
 * (the rounding of either figure is below 1e-9 mm on any table). */
#define PAIR_MARGIN_MM 1e-6

/* The scan keeps the first closest pair in a's then b's order, skipping a
 * pair whose circles are no nearer than the best distance so far. One
 * pair, the one with the nearest circles, is measured first: its
 * distance bounds the least one, so the scan may also skip every pair
 * whose circles are farther apart than that by PAIR_MARGIN_MM. The
 * closest pairs are all still measured: the same pair, distance and
 * points as the scan alone. */
double wm_unit_distance_mm(const wm_unit *a, const wm_unit *b, int *sa, int *sb,
                              mu_vec2 *pa, mu_vec2 *pb)
{
    stand_frame fa[WM_MAX_STANDS], fb[WM_MAX_STANDS];
    for (int i = 0; i < a->n_stands; i++)
        frame_of(&a->stand[i], &fa[i]);
    for (int j = 0; j < b->n_stands; j++)
        frame_of(&b->stand[j], &fb[j]);
    double lb[WM_MAX_STANDS][WM_MAX_STANDS], least = INFINITY;
    int fi = -1, fj = -1;
    for (int i = 0; i < a->n_stands; i++)
        for (int j = 0; j < b->n_stands; j++) {
            lb[i][j] = mu_v2_dist(fa[i].r->center, fb[j].r->center) - fa[i].rad - fb[j].rad;
            if (lb[i][j] < least) {
                least = lb[i][j];
                fi = i;
                fj = j;
            }
        }
    mu_vec2 fca = {0, 0}, fcb = {0, 0};
    double first = fi >= 0 ? stand_distance(&fa[fi], &fb[fj], &fca, &fcb) : INFINITY;
    double reach = first + PAIR_MARGIN_MM;
    double best = INFINITY;
    for (int i = 0; i < a->n_stands; i++)
        for (int j = 0; j < b->n_stands; j++) {
            if (lb[i][j] >= best || lb[i][j] > reach)
                continue; /* cannot be closer */
            mu_vec2 ca = fca, cb = fcb;
            double d = i == fi && j == fj ? first : stand_distance(&fa[i], &fb[j], &ca, &cb);
            if (d < best) {
                best = d;
                if (sa)
                    *sa = i;
                if (sb)
                    *sb = j;
                if (pa)
                    *pa = ca;
                if (pb)
                    *pb = cb;
            }
        }
    return best;
}

double wm_unit_distance_floor_mm(const wm_unit *a, const wm_unit *b)
{
    if (a->n_stands <= 0 || b->n_stands <= 0)
        return INFINITY;
    mu_vec2 alo, ahi, blo, bhi;
    const wm_unit *u[2] = {a, b};
    mu_vec2 *lo[2] = {&alo, &blo}, *hi[2] = {&ahi, &bhi};
    for (int k = 0; k < 2; k++) {
        *lo[k] = mu_v2(INFINITY, INFINITY);
        *hi[k] = mu_v2(-INFINITY, -INFINITY);
        for (int s = 0; s < u[k]->n_stands; s++) { /* each stand within its half diagonal */
            const mu_orect *r = &u[k]->stand[s];
            double rad = radius(r);
            lo[k]->x = fmin(lo[k]->x, r->center.x - rad);
            lo[k]->y = fmin(lo[k]->y, r->center.y - rad);
            hi[k]->x = fmax(hi[k]->x, r->center.x + rad);
            hi[k]->y = fmax(hi[k]->y, r->center.y + rad);
        }
    }
    double dx = fmax(0.0, fmax(alo.x - bhi.x, blo.x - ahi.x));
    double dy = fmax(0.0, fmax(alo.y - bhi.y, blo.y - ahi.y));
    return sqrt(dx * dx + dy * dy) - 1e-6 * (1.0 + fabs(alo.x) + fabs(alo.y) + fabs(ahi.x) + fabs(ahi.y));
}

/* Stands farther apart than this beyond their half diagonals are surely
 * more than MU_GEOM_EPS_MM apart, whatever the rounding. */
#define TOUCH_CLEAR_MM 1e-3

int wm_stands_meet(const mu_orect *a, const mu_orect *b)
{
    if (mu_v2_dist(a->center, b->center) - radius(a) - radius(b) > TOUCH_CLEAR_MM)
        return 0;
    return mu_orect_distance(a, b, NULL, NULL) <= MU_GEOM_EPS_MM;
}
