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

/* The distance between two stands. Apart, two convex shapes are closest
 * at a corner of one: eight point-to-rectangle distances, cheaper than
 * mu_orect_distance's sixteen segment pairs. Overlapping: 0, at a shared
 * point from mu_orect_distance. */
static double stand_distance(const mu_orect *a, const mu_orect *b, mu_vec2 *pa, mu_vec2 *pb)
{
    if (mu_orect_overlap(a, b))
        return mu_orect_distance(a, b, pa, pb);
    mu_vec2 ca[4], cb[4], c;
    mu_orect_corners(a, ca);
    mu_orect_corners(b, cb);
    double best = INFINITY;
    for (int i = 0; i < 8; i++) {
        mu_vec2 p = i < 4 ? ca[i] : cb[i - 4];
        double d = mu_point_orect_distance(p, i < 4 ? b : a, &c);
        if (d < best) {
            best = d;
            *pa = i < 4 ? p : c;
            *pb = i < 4 ? c : p;
        }
    }
    return best <= MU_GEOM_EPS_MM ? 0.0 : best;
}

double wm_unit_distance_mm(const wm_unit *a, const wm_unit *b, int *sa, int *sb,
                              mu_vec2 *pa, mu_vec2 *pb)
{
    double best = INFINITY;
    for (int i = 0; i < a->n_stands; i++)
        for (int j = 0; j < b->n_stands; j++) {
            const mu_orect *ra = &a->stand[i], *rb = &b->stand[j];
            if (mu_v2_dist(ra->center, rb->center) - radius(ra) - radius(rb) >= best)
                continue; /* cannot be closer */
            mu_vec2 ca, cb;
            double d = stand_distance(ra, rb, &ca, &cb);
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
