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

static na_move two_steps(int kind, int k1, double a1, int k2, double a2)
{
    na_move m = {.kind = (uint8_t)kind};
    if (a1 != 0)
        m.steps[m.n_steps++] = (na_step){(uint8_t)k1, a1};
    if (a2 != 0)
        m.steps[m.n_steps++] = (na_step){(uint8_t)k2, a2};
    return m;
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

/* The extreme models of u in its own frame (na_unit_extreme_models). */
typedef struct extremes {
    int n;
    double a[6], b[6];
    mu_vec2 at[6]; /* where they stand now */
} extremes;

/* The longest straight part d in [0, room] of a move of kind with a
 * turn before it (turn_first) or after it, e being u after the turn
 * alone, such that no model ends beyond the kind's limit L; -1 when even
 * d = 0 is too far. Either way a model ends displaced by v + d g, v its
 * displacement by the turn alone and g the facing the straight part is
 * made in (after the turn, or before it: the turn's pivot moves with the
 * unit), so each extreme model allows d up to the larger root of
 * |v + d g| = L. */
static double longest(const na_unit *u, const extremes *x, const na_unit *e, int kind, int turn_first, double room)
{
    double limit = na_move_model_limit_mm(u, kind) - 1e-6;
    mu_vec2 g = turn_first ? e->facing : u->facing;
    double best = room;
    for (int i = 0; i < x->n; i++) {
        mu_vec2 v = mu_v2_sub(na_local_to_world(e, x->a[i], x->b[i]), x->at[i]);
        double vg = mu_v2_dot(v, g), vv = mu_v2_dot(v, v);
        if (vv > limit * limit)
            return -1;
        double d = -vg + sqrt(vg * vg - vv + limit * limit);
        best = d < best ? d : best;
    }
    return best < 0 ? 0 : best;
}

/* Forward moves of kind (Advance or March). */
static void forward_moves(const na_unit *u, int kind, na_candidates *c)
{
    double allow = na_move_allowance_mm(u, kind), width = na_unit_width_mm(u);
    int single = na_unit_single(u);
    int turn_kind = single ? NA_STEP_PIVOT : NA_STEP_WHEEL;
    static const double frac[] = {1.0, 0.75, 0.5, 0.25};
    int idx[6];
    extremes x;
    x.n = na_unit_extreme_models(u, idx);
    for (int i = 0; i < x.n; i++) {
        na_model_local(u, idx[i], &x.a[i], &x.b[i]);
        x.at[i] = na_local_to_world(u, x.a[i], x.b[i]);
    }
    for (int w = 0; w < N_WHEELS; w++) {
        double a = wheel_deg[w] * PI / 180;
        double cost = single ? 0.0 : fabs(a) * width;
        if (cost > allow + 1e-9)
            continue;
        double room = allow - cost;
        na_move turn_only = two_steps(kind, turn_kind, a, NA_STEP_FORWARD, 0);
        na_unit e = na_move_end(u, &turn_only, NULL);
        for (int order = 0; order < (a == 0 ? 1 : 2); order++) {
            int turn_first = order == 0;
            double d = longest(u, &x, &e, kind, turn_first, room);
            if (d < 0 || (!turn_first && d < 1.0))
                continue;
            int nf = turn_first ? 4 : 2;
            for (int k = 0; k < nf; k++) {
                double dk = d * frac[k];
                if (k > 0 && dk < 1.0)
                    break;
                if (dk < 1e-9 && a == 0)
                    break;
                if (turn_first)
                    push_two(c, kind, turn_kind, a, NA_STEP_FORWARD, dk);
                else
                    push_two(c, kind, NA_STEP_FORWARD, dk, turn_kind, a);
                if (dk < 1e-9)
                    break;
            }
        }
    }
}

/* RULE na.search.menu */
void na_movegen(const na_field *f, int u, unsigned kinds, na_candidates *out)
{
    const na_unit *un = &f->units[u];
    out->n = 0;
    for (int kind = NA_ADVANCE; kind < NA_MOVE_KINDS; kind++) {
        if (!(kinds & (1u << kind)) || na_move_allowed(f, u, kind) != NA_OK)
            continue;
        double half = na_move_allowance_mm(un, kind);
        switch (kind) {
        case NA_ADVANCE:
        case NA_MARCH: forward_moves(un, kind, out); break;
        case NA_ADVANCE_BACK:
            for (int k = 1; k <= 2; k++) {
                na_move m = two_steps(kind, NA_STEP_BACK, half / k, NA_STEP_BACK, 0);
                push(out, &m);
            }
            break;
        case NA_ADVANCE_SIDE:
            for (int k = 1; k <= 2; k++)
                for (int s = -1; s <= 1; s += 2) {
                    na_move m = two_steps(kind, NA_STEP_SIDE, s * half / k, NA_STEP_SIDE, 0);
                    push(out, &m);
                }
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
