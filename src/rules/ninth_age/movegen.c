/* The move search's candidates (see na_movegen.h). */
#include "ninth_age/na_movegen.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define PI 3.14159265358979323846

static const double wheel_deg[] = {0, 10, -10, 20, -20, 30, -30, 45, -45, 60, -60, 90, -90, 120, -120, 150, -150, 180};
#define N_WHEELS ((int)(sizeof wheel_deg / sizeof wheel_deg[0]))

static void push(na_candidates *c, const na_move *m)
{
    if (c->n < NA_MAX_CANDIDATES)
        c->m[c->n++] = *m;
}

/* push(c, two_steps(...)) written in place (the same bytes, no copies). */
static void push_two(na_candidates *c, int kind, int k1, double a1, int k2, double a2)
{
    if (c->n >= NA_MAX_CANDIDATES)
        return;
    na_move *m = &c->m[c->n++];
    memset(m, 0, sizeof *m);
    m->kind = (uint8_t)kind;
    if (a1 != 0)
        m->steps[m->n_steps++] = (na_step){(uint8_t)k1, a1};
    if (a2 != 0)
        m->steps[m->n_steps++] = (na_step){(uint8_t)k2, a2};
}

/* Forward moves of kind (Advance or March) at the menu's angles: a turn
 * then the farthest legal straight part its lane allows and the legal
 * ones nearest 3/4, 1/2 and 1/4 of it (each once); the longest straight part the first lane's clear stretch
 * allows and 3/4 of it, then a turn. */
static void forward_moves(na_search *S, int kind, na_candidates *c)
{
    const na_unit *u = &S->f->units[S->u];
    double allow = na_move_allowance_mm(u, kind), width = na_unit_width_mm(u);
    int single = na_unit_single(u);
    int turn_kind = single ? NA_STEP_PIVOT : NA_STEP_WHEEL;
    static const double frac[] = {1.0, 0.75, 0.5, 0.25};
    for (int w = 0; w < N_WHEELS; w++) {
        int gi = NA_GRID_HALF + (int)(wheel_deg[w] / 5);
        double a = na_grid_amount(gi);
        double cost = single ? 0.0 : fabs(a) * width;
        if (cost > allow + 1e-9)
            continue;
        double room = allow - cost;
        /* the turn first */
        const na_unit *pose;
        const na_lane *l = na_search_lane(S, gi, &pose);
        double cap = l ? na_search_longest(S, gi, kind, 1, room) : -1;
        double far;
        int at_contact;
        if (cap >= 0 && na_lane_nearest(l, cap, 1e12, &far, &at_contact)) {
            double prev = -1;
            for (int k = 0; k < 4; k++) {
                /* the legal end nearest each share of the farthest */
                double dk = far;
                int c_k = at_contact;
                if (k > 0 && (far * frac[k] < 1.0 || !na_lane_nearest(l, cap, far * frac[k], &dk, &c_k)))
                    break;
                if (k > 0 && fabs(dk - prev) < 1.0)
                    continue;
                prev = dk;
                if (dk < 1e-9 && a == 0)
                    break;
                push_two(c, kind, turn_kind, a, NA_STEP_FORWARD, c_k ? cap : dk);
                if (dk < 1e-9)
                    break;
            }
        }
        /* the turn last */
        if (a == 0)
            continue;
        const na_lane *l0 = na_search_lane(S, NA_GRID_HALF, NULL);
        double d = l0 ? na_search_longest(S, gi, kind, 0, room) : -1;
        if (l0)
            d = mu_lesser(d, mu_lesser(l0->block_mm, l0->contact_mm) - NA_LANE_MARGIN_MM);
        for (int k = 0; k < 2 && d >= 1.0; k++) {
            double dk = d * frac[k];
            if (dk < 1.0)
                break;
            push_two(c, kind, NA_STEP_FORWARD, dk, turn_kind, a);
        }
    }
}

/* A straight move of kind along lane i: the farthest legal and the legal
 * one nearest half of it. */
static void straight_moves(na_search *S, int kind, int i, na_candidates *c)
{
    const na_unit *u = &S->f->units[S->u];
    const na_lane *l = na_search_lane(S, i, NULL);
    double cap = mu_lesser(na_move_allowance_mm(u, kind), na_move_model_limit_mm(u, kind) - 1e-6), far;
    int at_contact;
    if (!na_lane_nearest(l, cap, 1e12, &far, &at_contact) || far < 1e-9)
        return;
    int step = i == NA_LANE_BACK ? NA_STEP_BACK : NA_STEP_SIDE;
    double sign = i == NA_LANE_LEFT ? -1 : 1;
    push_two(c, kind, step, sign * (at_contact ? cap : far), step, 0);
    double half;
    if (na_lane_nearest(l, cap, far / 2, &half, &at_contact) && half > 1e-9 && fabs(half - far) >= 1.0)
        push_two(c, kind, step, sign * (at_contact ? cap : half), step, 0);
}

/* RULE na.search.menu */
void na_movegen(na_search *S, unsigned kinds, na_candidates *out)
{
    const na_field *f = S->f;
    int u = S->u;
    const na_unit *un = &f->units[u];
    out->n = 0;
    for (int kind = NA_ADVANCE; kind < NA_MOVE_KINDS; kind++) {
        if (!(kinds & (1u << kind)) || na_move_allowed(f, u, kind) != NA_OK)
            continue;
        switch (kind) {
        case NA_ADVANCE:
        case NA_MARCH: forward_moves(S, kind, out); break;
        case NA_ADVANCE_BACK: straight_moves(S, kind, NA_LANE_BACK, out); break;
        case NA_ADVANCE_SIDE:
            straight_moves(S, kind, NA_LANE_LEFT, out);
            straight_moves(S, kind, NA_LANE_RIGHT, out);
            break;
        case NA_REFORM: {
            for (int q = 1; q <= 3; q++) {
                na_move m = {.kind = NA_REFORM, .files = un->files};
                m.facing = mu_v2_rotate(un->facing, q * PI / 2);
                push(out, &m);
            }
            for (int df = -2; df <= 2; df++) {
                int files = un->files + df;
                if (df == 0 || !na_formation_legal(un, files))
                    continue;
                na_move m = {.kind = NA_REFORM, .files = (uint8_t)files, .facing = un->facing};
                push(out, &m);
            }
            break;
        }
        default: break;
        }
    }
}
