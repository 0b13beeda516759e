/* Ninth Age policies (see na_policy.h). */
#include "ninth_age/policy/na_policy.h"

#include "ninth_age/na_movegen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

na_policy na_policy_default(int kind)
{
    na_policy p = {.kind = kind, .march = 1, .halt_mm = 12 * MU_MM_PER_INCH, .flank_mm = 4 * MU_MM_PER_INCH,
                   .min_gain_mm = 5.0};
    return p;
}

const char *na_policy_name(int kind)
{
    static const char *const names[NA_POLICIES] = {"objective", "line", "flanker", "random", "hold"};
    return kind >= 0 && kind < NA_POLICIES ? names[kind] : "?";
}

/* The side's forward direction: towards the other side's units. */
static mu_vec2 side_forward(const na_field *f, int side)
{
    mu_vec2 a = {0, 0}, b = {0, 0};
    int na = 0, nb = 0;
    for (int i = 0; i < f->n_units; i++) {
        if (f->units[i].side == side)
            a = mu_v2_add(a, f->units[i].centre), na++;
        else
            b = mu_v2_add(b, f->units[i].centre), nb++;
    }
    if (!na || !nb)
        return mu_v2(0, side ? -1 : 1);
    return mu_v2_unit(mu_v2_sub(mu_v2_scale(b, 1.0 / nb), mu_v2_scale(a, 1.0 / na)));
}

/* Is unit o surely out of objective ob: its Centre farther from ob's
 * centre than its half diagonal, ob's radius and a millimetre? (The
 * footprint lies within the half diagonal of its Centre.) */
static int far_from(const na_unit *o, const na_objective *ob)
{
    double w = na_unit_width_mm(o), d = na_unit_depth_mm(o);
    double reach = 0.5 * sqrt(w * w + d * d) + ob->radius_mm + 1.0;
    mu_vec2 v = mu_v2_sub(o->centre, ob->centre);
    return mu_v2_dot(v, v) > reach * reach;
}

/* RULE na.policy.aims */
mu_vec2 na_policy_aim(const na_policy *p, const na_field *f, const na_env *env, int u, int *has)
{
    const na_unit *un = &f->units[u];
    *has = 0;
    if (p->kind == NA_POLICY_OBJECTIVE && env->table->n_objectives > 0) {
        /* the nearest objective no other friendly unit stands in */
        double best = INFINITY;
        mu_vec2 at = un->centre;
        for (int k = 0; k < env->table->n_objectives; k++) {
            const na_objective *ob = &env->table->objectives[k];
            int held = 0;
            for (int o = 0; o < f->n_units && !held; o++) {
                if (o == u || f->units[o].side != un->side || far_from(&f->units[o], ob))
                    continue;
                mu_orect r = na_unit_rect(&f->units[o]);
                held = mu_point_orect_distance(ob->centre, &r, NULL) <= ob->radius_mm;
            }
            double d = mu_v2_dist(ob->centre, un->centre);
            if (!held && d < best)
                best = d, at = ob->centre;
        }
        if (isfinite(best)) {
            *has = 1;
            return at;
        }
    }
    int e;
    double d = na_nearest_enemy_mm(f, u, &e);
    if (e < 0 || !isfinite(d))
        return un->centre;
    const na_unit *en = &f->units[e];
    *has = 1;
    if (p->kind != NA_POLICY_FLANKER)
        return en->centre;
    double off = na_unit_width_mm(en) / 2 + p->flank_mm + na_unit_width_mm(un) / 2;
    mu_vec2 r = na_right(en->facing);
    mu_vec2 left = mu_v2_sub(en->centre, mu_v2_scale(r, off)), right = mu_v2_add(en->centre, mu_v2_scale(r, off));
    return mu_v2_dist(left, un->centre) <= mu_v2_dist(right, un->centre) ? left : right;
}

/* Is unit u standing in an objective? */
static int in_objective(const na_field *f, const na_env *env, int u)
{
    mu_orect r = na_unit_rect(&f->units[u]);
    for (int k = 0; k < env->table->n_objectives; k++) {
        const na_objective *o = &env->table->objectives[k];
        if (!far_from(&f->units[u], o) && mu_point_orect_distance(o->centre, &r, NULL) <= o->radius_mm)
            return 1;
    }
    return 0;
}

static na_move hold_move(void)
{
    na_move m = {.kind = NA_HOLD};
    return m;
}

/* Does a unit standing as b stand elsewhere than a (place, facing or
 * formation)? */
static int changes(const na_unit *a, const na_unit *b)
{
    return mu_v2_dist(a->centre, b->centre) > 1e-6 || mu_v2_dist(a->facing, b->facing) > 1e-9 || a->files != b->files;
}

/* RULE na.policy.random */
static void choose_random(const na_field *f, const na_env *env, na_scene *sc, na_search *S, int u, mu_rng *rng,
                          na_move *m, na_outcome *o)
{
    /* the menu's slots in a uniform random order, drawn one at a time:
     * the first that holds a legal move that moves is uniform among the
     * menu's legal moves that move (na_movegen lists the same moves) */
    static _Thread_local int slot[1024];
    int n = na_menu_slots();
    for (int i = 0; i < n; i++)
        slot[i] = i;
    for (int i = 0; i < n; i++) {
        int j = i + (int)mu_rng_bounded(rng, (uint32_t)(n - i));
        int t = slot[i];
        slot[i] = slot[j];
        slot[j] = t;
        na_move c;
        if (!na_menu_slot(S, NA_ALL_MOVES, slot[i], &c) || na_move_surely_refused(f, env, sc, u, &c) ||
            na_move_try_in(f, env, sc, u, &c, o) != NA_OK)
            continue;
        if (changes(&f->units[u], &o->end)) {
            *m = c;
            return;
        }
    }
    *m = hold_move();
    na_move_try_in(f, env, sc, u, m, o);
}

/* The line's step this phase: the least Advance Rate of the side's units
 * that may move, 0 when the side halts (a unit within halt_mm of an
 * enemy). The halt test's answers are remembered per thread while the
 * unit and every unit of the other side stand exactly as they did (byte
 * for byte): in the line's phase only its own units move, each once, so
 * the test is asked again mostly of units that have not moved. The same
 * answers as na_enemy_within. */
static double line_step(const na_policy *p, const na_field *f, int side)
{
    typedef struct within_memo {
        int n;
        na_unit other[NA_MAX_UNITS]; /* the units of the other side (others: zeroed) */
        uint8_t set[NA_MAX_UNITS], answer[NA_MAX_UNITS];
        double mm[NA_MAX_UNITS];
        na_unit me[NA_MAX_UNITS];
    } within_memo;
    static _Thread_local within_memo memo[2];
    within_memo *m = &memo[side];
    int same = m->n == f->n_units;
    for (int k = 0; k < f->n_units && same; k++)
        same = f->units[k].side == side || memcmp(&m->other[k], &f->units[k], sizeof f->units[k]) == 0;
    if (!same) {
        m->n = f->n_units;
        memset(m->other, 0, sizeof m->other);
        memset(m->set, 0, sizeof m->set);
        for (int k = 0; k < f->n_units; k++)
            if (f->units[k].side != side)
                m->other[k] = f->units[k];
    }
    double step = INFINITY;
    for (int i = 0; i < f->n_units; i++) {
        const na_unit *un = &f->units[i];
        if (un->side != side)
            continue;
        if (!m->set[i] || m->mm[i] != p->halt_mm || memcmp(&m->me[i], un, sizeof *un) != 0) {
            m->set[i] = 1, m->mm[i] = p->halt_mm, m->me[i] = *un;
            m->answer[i] = (uint8_t)na_enemy_within(f, i, p->halt_mm);
        }
        if (m->answer[i])
            return 0.0;
        if (!(un->flags & (NA_CHARGING | NA_ENGAGED | NA_FLEEING | NA_SHAKEN)) && un->p.advance_mm < step)
            step = un->p.advance_mm;
    }
    return isfinite(step) ? step : 0.0;
}

/* RULE na.policy.line */
static const char *choose_line(const na_policy *p, const na_field *f, const na_env *env, na_scene *sc, int u,
                               na_move *m, na_outcome *o)
{
    double step = line_step(p, f, f->units[u].side);
    if (step <= 0)
        return "line halts";
    /* the largest share of the step the table allows: 1, 3/4, 1/2, 1/4 */
    for (int k = 4; k >= 1; k--) {
        na_move t = {.kind = NA_ADVANCE, .n_steps = 1};
        t.steps[0] = (na_step){NA_STEP_FORWARD, step * k / 4};
        if (na_move_try_in(f, env, sc, u, &t, o) == NA_OK) {
            *m = t;
            return k == 4 ? "line advances" : "line advances, shortened";
        }
    }
    return "line blocked";
}

/* na_policy_choose; with march_only, objective and flanker stop after
 * the march search (a Hold when it finds nothing): enough to tell
 * whether the choice is a March Move. */
static void choose(const na_policy *p, const na_field *f, const na_env *env, int u, mu_rng *rng, na_move *m,
                   na_outcome *o, const char **why, int march_only)
{
    const char *reason = "holds";
    *m = hold_move();
    if (na_move_allowed(f, u, NA_HOLD) != NA_OK) {
        na_move_try(f, env, u, m, o);
        if (why)
            *why = "may not move";
        return;
    }
    /* one scene and one search for all the moves this choice checks
     * (kept from the last choice when that was this unit on this field,
     * but for its March Test: "would it have marched?" then the choice);
     * the aim too, for the same policy (the March Test does not move it) */
    static _Thread_local na_scene sc;
    static _Thread_local na_search S;
    static _Thread_local na_field last;
    static _Thread_local int last_u = -1;
    static _Thread_local const na_env *last_env;
    static _Thread_local int aim_kept, aim_has;
    static _Thread_local na_policy aim_p;
    static _Thread_local mu_vec2 aim_at;
    int same = u == last_u && env == last_env && last.n_units == f->n_units;
    if (same) {
        last.units[u].march_denied = f->units[u].march_denied;
        same = memcmp(last.units, f->units, (size_t)f->n_units * sizeof f->units[0]) == 0;
    }
    if (same) {
        S.f = f;
    } else {
        na_scene_build(f, u, &sc);
        na_search_begin(&S, f, env, &sc);
        last.n_units = f->n_units;
        memcpy(last.units, f->units, (size_t)f->n_units * sizeof f->units[0]);
        last_u = u, last_env = env;
        aim_kept = 0;
    }
    switch (p->kind) {
    case NA_POLICY_RANDOM:
        choose_random(f, env, &sc, &S, u, rng, m, o);
        reason = "random";
        break;
    case NA_POLICY_LINE: reason = choose_line(p, f, env, &sc, u, m, o); break;
    case NA_POLICY_OBJECTIVE:
    case NA_POLICY_FLANKER: {
        int has;
        mu_vec2 aim;
        if (aim_kept && memcmp(&aim_p, p, sizeof *p) == 0) {
            aim = aim_at, has = aim_has;
        } else {
            aim = na_policy_aim(p, f, env, u, &has);
            aim_kept = 1, aim_p = *p, aim_at = aim, aim_has = has;
        }
        if (!has) {
            reason = "nothing to head for";
            break;
        }
        if (p->kind == NA_POLICY_OBJECTIVE && env->table->n_objectives > 0 && in_objective(f, env, u)) {
            reason = "holds the objective";
            break;
        }
        int found = 0;
        if (p->march && na_move_allowed(f, u, NA_MARCH) == NA_OK) {
            found = na_search_towards(&S, 1u << NA_MARCH, aim, p->min_gain_mm, m, o);
            reason = "marches";
        }
        if (!found && !march_only) {
            found = na_search_towards(&S, (1u << NA_ADVANCE) | (1u << NA_ADVANCE_SIDE) | (1u << NA_ADVANCE_BACK), aim,
                                      p->min_gain_mm, m, o);
            reason = "advances";
        }
        if (!found) {
            *m = hold_move();
            reason = "no move gains";
        }
        break;
    }
    default: break;
    }
    if (m->kind == NA_HOLD)
        na_move_try_in(f, env, &sc, u, m, o);
    if (why)
        *why = reason;
}

/* RULE na.policy.objective na.policy.flanker na.search.serves-aim */
void na_policy_choose(const na_policy *p, const na_field *f, const na_env *env, int u, mu_rng *rng, na_move *m,
                      na_outcome *o, const char **why)
{
    choose(p, f, env, u, rng, m, o, why, 0);
}

int na_policy_would_march(const na_policy *p, const na_field *f, const na_env *env, int u, mu_rng rng)
{
    /* the line only advances, hold never moves: never a March Move */
    if (p->kind == NA_POLICY_LINE || p->kind == NA_POLICY_HOLD)
        return 0;
    static _Thread_local na_field copy;
    copy = *f;
    copy.units[u].march_denied = 0;
    na_move m;
    na_outcome o;
    choose(p, &copy, env, u, &rng, &m, &o, NULL, 1);
    return m.kind == NA_MARCH;
}

static int side_units(const na_field *f, int side, int *order)
{
    int n = 0;
    for (int i = 0; i < f->n_units; i++)
        if (f->units[i].side == side)
            order[n++] = i;
    return n;
}

typedef struct keyed {
    double key;
    int u;
} keyed;

static int by_key(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->u - y->u;
}

/* RULE na.policy.order */
int na_policy_order(const na_policy *p, const na_field *f, const na_env *env, int side, mu_rng *rng, int *order)
{
    (void)env;
    int n = side_units(f, side, order);
    if (p->kind == NA_POLICY_RANDOM) {
        for (int i = n - 1; i > 0; i--) {
            int j = (int)mu_rng_bounded(rng, (uint32_t)(i + 1));
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return n;
    }
    /* front units first (so that those behind are not blocked); the line
     * from left to right along the front */
    mu_vec2 fw = side_forward(f, side);
    keyed k[NA_MAX_UNITS];
    for (int i = 0; i < n; i++) {
        mu_vec2 c = f->units[order[i]].centre;
        k[i].u = order[i];
        k[i].key = p->kind == NA_POLICY_LINE ? mu_v2_dot(c, na_right(fw)) : -mu_v2_dot(c, fw);
    }
    qsort(k, (size_t)n, sizeof k[0], by_key);
    for (int i = 0; i < n; i++)
        order[i] = k[i].u;
    return n;
}
