/* The Ninth Age move search's slow exhaustive reference (tests only): a
 * fine grid of every kind of move a unit may make, each checked by
 * na_move_try, the way perft counts hold a chess move generator to
 * account. Header-only. */
#ifndef MUSTER_TEST_NA_MOVE_REF_H
#define MUSTER_TEST_NA_MOVE_REF_H

#include "ninth_age/na_move.h"

#include <math.h>

/* What the reference found. */
typedef struct na_ref {
    long tried, legal_moving; /* moves tried; legal ones that change the unit's place, facing or formation */
    double best_mm;           /* least distance from the unit's Centre to the aim after a legal move (or staying) */
} na_ref;

static inline int ref_changes(const na_unit *a, const na_unit *b)
{
    return mu_v2_dist(a->centre, b->centre) > 1e-6 || mu_v2_dist(a->facing, b->facing) > 1e-9 || a->files != b->files;
}

static inline void ref_try(const na_field *f, const na_env *env, int u, const na_move *m, mu_vec2 aim, na_ref *r)
{
    na_outcome o;
    r->tried++;
    if (na_move_try(f, env, u, m, &o) != NA_OK || !ref_changes(&f->units[u], &o.end))
        return;
    r->legal_moving++;
    double d = mu_v2_dist(o.end.centre, aim);
    r->best_mm = d < r->best_mm ? d : r->best_mm;
}

/* Tries, for unit u of f, the moves of the kinds in `kinds` (bits 1 <<
 * na_move_kind): forward moves with a turn (Wheel, or Pivot for a single
 * model) every deg_step degrees before or after a straight part every
 * mm_step mm; backward and sideways moves every mm_step mm; Reforms to
 * every formation and every 15 degrees. */
static inline na_ref na_ref_search(const na_field *f, const na_env *env, int u, unsigned kinds, mu_vec2 aim,
                                   double deg_step, double mm_step)
{
    const na_unit *un = &f->units[u];
    na_ref r = {0, 0, mu_v2_dist(un->centre, aim)};
    const double pi = 3.14159265358979323846;
    int turn_kind = na_unit_single(un) ? NA_STEP_PIVOT : NA_STEP_WHEEL;
    for (int kind = NA_ADVANCE; kind < NA_MOVE_KINDS; kind++) {
        if (!(kinds & (1u << kind)))
            continue;
        double allow = na_move_allowance_mm(un, kind);
        if (kind == NA_ADVANCE || kind == NA_MARCH) {
            for (double deg = -180; deg <= 180 + 1e-9; deg += deg_step) {
                double a = deg * pi / 180;
                double cost = turn_kind == NA_STEP_WHEEL ? fabs(a) * na_unit_width_mm(un) : 0;
                if (cost > allow)
                    continue;
                for (int order = 0; order < 2; order++)
                    for (double d = 0; d <= allow - cost + 1e-9; d += mm_step) {
                        na_move m = {.kind = (uint8_t)kind};
                        na_step t = {(uint8_t)turn_kind, a}, s = {NA_STEP_FORWARD, d};
                        m.steps[m.n_steps++] = order ? s : t;
                        m.steps[m.n_steps++] = order ? t : s;
                        ref_try(f, env, u, &m, aim, &r);
                    }
            }
        } else if (kind == NA_ADVANCE_BACK || kind == NA_ADVANCE_SIDE) {
            for (double d = mm_step; d <= allow + 1e-9; d += mm_step)
                for (int sgn = -1; sgn <= 1; sgn += 2) {
                    if (kind == NA_ADVANCE_BACK && sgn < 0)
                        continue;
                    na_move m = {.kind = (uint8_t)kind, .n_steps = 1};
                    m.steps[0] = (na_step){kind == NA_ADVANCE_BACK ? NA_STEP_BACK : NA_STEP_SIDE, sgn * d};
                    ref_try(f, env, u, &m, aim, &r);
                }
        } else if (kind == NA_REFORM) {
            for (int files = 1; files <= un->models; files++)
                for (int q = 0; q < 24; q++) {
                    na_move m = {.kind = NA_REFORM, .files = (uint8_t)files};
                    m.facing = mu_v2_rotate(un->facing, q * pi / 12);
                    ref_try(f, env, u, &m, aim, &r);
                }
        }
    }
    return r;
}

#endif
