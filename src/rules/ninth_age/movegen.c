/* The move search's candidates (see na_movegen.h). */
#include "ninth_age/na_movegen.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define PI 3.14159265358979323846

static const double wheel_deg[] = {0, 10, -10, 20, -20, 30, -30, 45, -45, 60, -60, 90, -90, 120, -120, 150, -150, 180};
#define N_WHEELS ((int)(sizeof wheel_deg / sizeof wheel_deg[0]))

/* A move of kind with steps (k1, a1) then (k2, a2), zero amounts left out. */
static void two_steps(na_move *m, int kind, int k1, double a1, int k2, double a2)
{
    memset(m, 0, sizeof *m);
    m->kind = (uint8_t)kind;
    if (a1 != 0)
        m->steps[m->n_steps++] = (na_step){(uint8_t)k1, a1};
    if (a2 != 0)
        m->steps[m->n_steps++] = (na_step){(uint8_t)k2, a2};
}

/* The menu's slots, in its order: per forward kind (Advance, March) and
 * angle, four turn-first lengths and two turn-last ones; backwards two;
 * sideways two each way; Reforms three quarter turns and four
 * formations. A slot holds one move or none. */
#define FORWARD_SLOTS (N_WHEELS * 6)
enum {
    SLOT_ADVANCE = 0,
    SLOT_MARCH = SLOT_ADVANCE + FORWARD_SLOTS,
    SLOT_BACK = SLOT_MARCH + FORWARD_SLOTS,
    SLOT_SIDE = SLOT_BACK + 2,
    SLOT_REFORM = SLOT_SIDE + 4,
    SLOTS = SLOT_REFORM + 7
};

int na_menu_slots(void) { return SLOTS; }

static const double frac[] = {1.0, 0.75, 0.5, 0.25};

/* Slot `sub` (0..5) of forward kind at menu angle w. */
static int forward_slot(na_search *S, int kind, int w, int sub, na_move *m)
{
    const na_unit *u = &S->f->units[S->u];
    double allow = na_move_allowance_mm(u, kind), width = na_unit_width_mm(u);
    int single = na_unit_single(u);
    int turn_kind = single ? NA_STEP_PIVOT : NA_STEP_WHEEL;
    int gi = NA_GRID_HALF + (int)(wheel_deg[w] / 5);
    double a = na_grid_amount(gi);
    double cost = single ? 0.0 : fabs(a) * width;
    if (cost > allow + 1e-9)
        return 0;
    double room = allow - cost;
    if (sub < 4) {
        /* the turn first: the farthest legal straight part and the legal
         * ones nearest 3/4, 1/2 and 1/4 of it, each once */
        const na_unit *pose;
        const na_lane *l = na_search_lane(S, gi, &pose);
        double cap = l ? na_search_longest(S, gi, kind, 1, room) : -1;
        double far;
        int at_contact;
        if (cap < 0 || !na_lane_nearest(l, cap, 1e12, &far, &at_contact))
            return 0;
        double prev = -1, dk = far;
        int c_k = at_contact;
        for (int k = 0; k <= sub; k++) {
            dk = far, c_k = at_contact;
            if (k > 0 && (far * frac[k] < 1.0 || !na_lane_nearest(l, cap, far * frac[k], &dk, &c_k)))
                return 0;
            int dup = k > 0 && fabs(dk - prev) < 1.0;
            if (!dup)
                prev = dk;
            if (dk < 1e-9 && a == 0)
                return 0;
            if (k == sub) {
                if (dup)
                    return 0;
                two_steps(m, kind, turn_kind, a, NA_STEP_FORWARD, c_k ? cap : dk);
                return 1;
            }
            if (!dup && dk < 1e-9)
                return 0; /* a turn alone: listed once */
        }
        return 0;
    }
    /* the turn last: the longest straight part the first lane's clear
     * stretch allows and 3/4 of it */
    if (a == 0)
        return 0;
    const na_lane *l0 = na_search_lane(S, NA_GRID_HALF, NULL);
    if (!l0)
        return 0;
    double d = na_search_longest(S, gi, kind, 0, room);
    d = mu_lesser(d, mu_lesser(l0->block_mm, l0->contact_mm) - NA_LANE_MARGIN_MM);
    double dk = d * frac[sub - 4];
    if (d < 1.0 || dk < 1.0)
        return 0;
    two_steps(m, kind, NA_STEP_FORWARD, dk, turn_kind, a);
    return 1;
}

/* Slot `sub` (0: the farthest legal, 1: the legal one nearest half of
 * it) of a straight move of kind along lane i. */
static int straight_slot(na_search *S, int kind, int i, int sub, na_move *m)
{
    const na_unit *u = &S->f->units[S->u];
    const na_lane *l = na_search_lane(S, i, NULL);
    double cap = mu_lesser(na_move_allowance_mm(u, kind), na_move_model_limit_mm(u, kind) - 1e-6), far;
    int at_contact;
    if (!na_lane_nearest(l, cap, 1e12, &far, &at_contact) || far < 1e-9)
        return 0;
    int step = i == NA_LANE_BACK ? NA_STEP_BACK : NA_STEP_SIDE;
    double sign = i == NA_LANE_LEFT ? -1 : 1, d = far;
    if (sub == 1) {
        if (!na_lane_nearest(l, cap, far / 2, &d, &at_contact) || d <= 1e-9 || fabs(d - far) < 1.0)
            return 0;
    }
    two_steps(m, kind, step, sign * (at_contact ? cap : d), step, 0);
    return 1;
}

int na_menu_slot(na_search *S, unsigned kinds, int slot, na_move *m)
{
    const na_unit *un = &S->f->units[S->u];
    int kind = slot < SLOT_MARCH    ? NA_ADVANCE
               : slot < SLOT_BACK   ? NA_MARCH
               : slot < SLOT_SIDE   ? NA_ADVANCE_BACK
               : slot < SLOT_REFORM ? NA_ADVANCE_SIDE
                                    : NA_REFORM;
    if (!(kinds & (1u << kind)) || na_move_allowed(S->f, S->u, kind) != NA_OK)
        return 0;
    switch (kind) {
    case NA_ADVANCE:
    case NA_MARCH: {
        int k = slot - (kind == NA_ADVANCE ? SLOT_ADVANCE : SLOT_MARCH);
        return forward_slot(S, kind, k / 6, k % 6, m);
    }
    case NA_ADVANCE_BACK: return straight_slot(S, kind, NA_LANE_BACK, slot - SLOT_BACK, m);
    case NA_ADVANCE_SIDE: {
        int k = slot - SLOT_SIDE;
        return straight_slot(S, kind, k < 2 ? NA_LANE_LEFT : NA_LANE_RIGHT, k % 2, m);
    }
    default: {
        int k = slot - SLOT_REFORM;
        memset(m, 0, sizeof *m);
        m->kind = NA_REFORM;
        if (k < 3) {
            m->files = un->files;
            m->facing = mu_v2_rotate(un->facing, (k + 1) * PI / 2);
            return 1;
        }
        static const int df[4] = {-2, -1, 1, 2};
        int files = un->files + df[k - 3];
        if (!na_formation_legal(un, files))
            return 0;
        m->files = (uint8_t)files;
        m->facing = un->facing;
        return 1;
    }
    }
}

/* RULE na.search.menu */
void na_movegen(na_search *S, unsigned kinds, na_candidates *out)
{
    out->n = 0;
    for (int slot = 0; slot < SLOTS && out->n < NA_MAX_CANDIDATES; slot++)
        if (na_menu_slot(S, kinds, slot, &out->m[out->n]))
            out->n++;
}
