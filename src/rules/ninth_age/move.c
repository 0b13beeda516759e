/* Ninth Age moves: what each kind of move allows, where a unit ends, and
 * whether its path is clear (see na_move.h). */
#include "na_move_int.h"


#include <math.h>
#include <string.h>

const char *na_refusal_name(na_refusal r)
{
    static const char *const names[NA_REFUSALS] = {
        "ok", "cannot move", "already moved", "march denied", "wrong step", "pivot not single", "too far",
        "model too far", "bad formation", "blocked", "off table", "spacing"};
    return (unsigned)r < NA_REFUSALS ? names[r] : "?";
}

const char *na_move_kind_name(int kind)
{
    static const char *const names[NA_MOVE_KINDS] = {"hold", "advance", "advance backwards", "advance sideways",
                                                     "march", "reform"};
    return kind >= 0 && kind < NA_MOVE_KINDS ? names[kind] : "?";
}

/* RULE na.advance.forward na.advance.backward na.advance.sideways na.march.forward */
double na_move_allowance_mm(const na_unit *u, int kind)
{
    switch (kind) {
    case NA_ADVANCE: return u->p.advance_mm;
    case NA_ADVANCE_BACK:
    case NA_ADVANCE_SIDE: return u->p.advance_mm / 2;
    case NA_MARCH: return u->p.march_mm;
    default: return 0.0;
    }
}

/* RULE na.advance.model-distance na.march.model-distance na.reform.distance */
double na_move_model_limit_mm(const na_unit *u, int kind)
{
    return kind == NA_MARCH || kind == NA_REFORM ? u->p.march_mm : u->p.advance_mm;
}

/* RULE na.move.who na.move.once na.march.test-failed */
na_refusal na_move_allowed(const na_field *f, int u, int kind)
{
    const na_unit *un = &f->units[u];
    if (un->flags & (NA_CHARGING | NA_ENGAGED | NA_FLEEING | NA_SHAKEN))
        return NA_CANNOT_MOVE;
    if (un->moved)
        return NA_ALREADY_MOVED;
    if (kind == NA_MARCH && un->march_denied)
        return NA_MARCH_DENIED;
    return NA_OK;
}

/* Is step kind s allowed in a move of kind k (for a unit single or not)?
 * RULE na.advance.one-direction na.single.pivot na.wheel.outer-corner */
na_refusal na_step_allowed(int k, const na_step *s, int single, double *side_sign)
{
    if (s->kind == NA_STEP_PIVOT)
        return single ? NA_OK : NA_PIVOT_NOT_SINGLE;
    switch (k) {
    case NA_ADVANCE:
    case NA_MARCH:
        if (s->kind == NA_STEP_FORWARD || s->kind == NA_STEP_WHEEL)
            return s->kind == NA_STEP_FORWARD && s->amount < 0 ? NA_WRONG_STEP : NA_OK;
        return NA_WRONG_STEP;
    case NA_ADVANCE_BACK: return s->kind == NA_STEP_BACK && s->amount >= 0 ? NA_OK : NA_WRONG_STEP;
    case NA_ADVANCE_SIDE:
        if (s->kind != NA_STEP_SIDE)
            return NA_WRONG_STEP;
        if (*side_sign * s->amount < 0) /* left and right in one move: two directions */
            return NA_WRONG_STEP;
        if (s->amount != 0)
            *side_sign = s->amount;
        return NA_OK;
    default: return NA_WRONG_STEP;
    }
}

/* The distance a step costs for u (as it stands before the step). */
double na_step_cost(const na_unit *u, const na_step *s)
{
    switch (s->kind) {
    case NA_STEP_WHEEL: return fabs(s->amount) * na_unit_width_mm(u);
    case NA_STEP_PIVOT: return 0.0;
    default: return fabs(s->amount);
    }
}

/* The pivot of a wheel by angle a: the front corner on the side it turns to. */
mu_vec2 na_wheel_pivot(const na_unit *u, double a)
{
    double half = na_unit_width_mm(u) / 2;
    return na_local_to_world(u, na_unit_depth_mm(u) / 2, a > 0 ? -half : half);
}

/* cos(a) and sin(a), remembered: the menu's angles and their samples
 * recur in every choice (the same values: a cache, not an approximation). */
static void cos_sin(double a, double *c, double *s)
{
    static _Thread_local struct {
        double a, c, s;
        int set;
    } memo[256];
    uint64_t bits;
    memcpy(&bits, &a, sizeof bits);
    unsigned h = (unsigned)((bits * UINT64_C(0x9e3779b97f4a7c15)) >> 56);
    if (!memo[h].set || memcmp(&memo[h].a, &a, sizeof a) != 0) {
        memo[h].a = a, memo[h].c = cos(a), memo[h].s = sin(a), memo[h].set = 1;
    }
    *c = memo[h].c, *s = memo[h].s;
}

/* Turns u by angle a about p. */
void na_turn_about(na_unit *u, mu_vec2 p, double a)
{
    double c, s;
    cos_sin(a, &c, &s);
    mu_vec2 d = mu_v2_sub(u->centre, p);
    u->centre = mu_v2(p.x + c * d.x - s * d.y, p.y + s * d.x + c * d.y);
    u->facing = mu_v2(c * u->facing.x - s * u->facing.y, s * u->facing.x + c * u->facing.y);
}

/* The direction of a straight step for u (unit vector) and its length. */
mu_vec2 na_step_direction(const na_unit *u, const na_step *s, double *len)
{
    *len = fabs(s->amount);
    switch (s->kind) {
    case NA_STEP_FORWARD: return u->facing;
    case NA_STEP_BACK: return mu_v2_scale(u->facing, -1);
    default: return s->amount >= 0 ? na_right(u->facing) : mu_v2_scale(na_right(u->facing), -1);
    }
}

/* Applies step s to u without checks. */
void na_apply_step(na_unit *u, const na_step *s, double len_override)
{
    if (s->kind == NA_STEP_WHEEL) {
        na_turn_about(u, na_wheel_pivot(u, s->amount), s->amount);
    } else if (s->kind == NA_STEP_PIVOT) {
        na_turn_about(u, u->centre, s->amount);
    } else {
        double len;
        mu_vec2 d = na_step_direction(u, s, &len);
        if (len_override >= 0)
            len = len_override;
        u->centre = mu_v2_add(u->centre, mu_v2_scale(d, len));
    }
}

na_unit na_move_end(const na_unit *u, const na_move *m, double *path_mm)
{
    na_unit e = *u;
    double path = 0.0;
    if (m->kind == NA_REFORM) {
        e.files = m->files;
        e.facing = m->facing;
    } else {
        for (int i = 0; i < m->n_steps; i++) {
            path += na_step_cost(&e, &m->steps[i]);
            na_apply_step(&e, &m->steps[i], -1);
        }
    }
    if (path_mm)
        *path_mm = path;
    return e;
}

na_unit na_move_end_steps(const na_unit *u, const na_move *m, int from, int to)
{
    na_unit e = *u;
    for (int i = from; i < to && i < m->n_steps; i++)
        na_apply_step(&e, &m->steps[i], -1);
    return e;
}

/* RULE na.advance.model-distance na.march.model-distance */
double na_farthest_model_mm(const na_unit *u, const na_unit *to)
{
    int idx[6];
    int n = na_unit_extreme_models(u, idx);
    double far = 0.0;
    for (int i = 0; i < n; i++) {
        double a, b;
        na_model_local(u, idx[i], &a, &b);
        double d = mu_v2_dist(na_local_to_world(u, a, b), na_local_to_world(to, a, b));
        far = d > far ? d : far;
    }
    return far;
}

/* Kuhn's augmenting path for the reform assignment. */
static int augment(int i, int n, uint8_t (*adj)[NA_MAX_MODELS], int *match_new, uint8_t *seen)
{
    for (int j = 0; j < n; j++) {
        if (!adj[i][j] || seen[j])
            continue;
        seen[j] = 1;
        if (match_new[j] < 0 || augment(match_new[j], n, adj, match_new, seen)) {
            match_new[j] = i;
            return 1;
        }
    }
    return 0;
}

/* RULE na.reform.distance */
int na_reform_within(const na_unit *u, const na_unit *to, double limit_mm)
{
    int n = u->models;
    double lim = limit_mm + NA_SLACK_MM;
    /* every old place within reach of every new one: any assignment does */
    int ia[6], ib[6];
    int na = na_unit_extreme_models(u, ia), nb = na_unit_extreme_models(to, ib);
    double far = 0.0;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            double a0, b0, a1, b1;
            na_model_local(u, ia[i], &a0, &b0);
            na_model_local(to, ib[j], &a1, &b1);
            double d = mu_v2_dist(na_local_to_world(u, a0, b0), na_local_to_world(to, a1, b1));
            far = d > far ? d : far;
        }
    if (far <= lim)
        return 1;
    static _Thread_local uint8_t adj[NA_MAX_MODELS][NA_MAX_MODELS];
    mu_vec2 p[NA_MAX_MODELS], q[NA_MAX_MODELS];
    for (int i = 0; i < n; i++) {
        double a, b;
        na_model_local(u, i, &a, &b);
        p[i] = na_local_to_world(u, a, b);
        na_model_local(to, i, &a, &b);
        q[i] = na_local_to_world(to, a, b);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            adj[i][j] = mu_v2_dist(p[i], q[j]) <= lim;
    int match_new[NA_MAX_MODELS];
    for (int j = 0; j < n; j++)
        match_new[j] = -1;
    for (int i = 0; i < n; i++) {
        uint8_t seen[NA_MAX_MODELS] = {0};
        if (!augment(i, n, adj, match_new, seen))
            return 0;
    }
    return 1;
}

