/* Routing (battlesystem-movement-phase.txt 7.15 and Q&A 127.14): the
 * Morale Check whose failure routs, the start of a rout (its marker, its
 * heading, the Capture option for a surrounded unit), continuing routs,
 * and rally attempts. The rout move itself is in rout_move.c, the
 * surrounded test in rout_surround.c. */
#include "battlesystem/bs_rout.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>

/* The heading of a rout: away from the cause, toward the entry point when
 * that is still away from it (reading of "routs toward its own lines if
 * possible"; Q&A 127.14 "toward the point at which they entered"). */
/* RULE bs.rout.direction bs.rout.common-sense */
static mu_vec2 rout_heading(const bs_field *f, const bs_env *env, int u, int has_cause,
                            mu_vec2 cause, mu_vec2 *away_out)
{
    const bs_unit *un = &f->units[u];
    mu_vec2 centre = bs_unit_centre(un);
    if (!has_cause) {
        int e = bs_nearest_enemy(f, u);
        if (e >= 0) {
            cause = bs_unit_centre(&f->units[e]);
            has_cause = 1;
        }
    }
    mu_vec2 home = mu_v2_sub(un->entry, centre);
    mu_vec2 away = has_cause ? mu_v2_sub(centre, cause) : home;
    if (mu_v2_len(away) < BS_EPS)
        away = mu_v2_scale(un->facing, -1);
    away = mu_v2_unit(away);
    *away_out = away;
    if (env->rules->rout_heading == BS_ROUT_HOME_IF_AWAY && mu_v2_len(home) > BS_EPS) {
        mu_vec2 h = mu_v2_unit(home);
        if (mu_v2_dot(h, away) >= cos(bs_deg(env->rules->rout_home_max_deg)) - 1e-12)
            return h;
    }
    return away;
}

/* RULE bs.formation.involuntary-open */
/* Places the rout marker on un ("Place a Rout marker on any unit that
 * routs."): its move is over, and a routed regular unit goes to open
 * formation, free (7.6). Counts the rout in res and the tally. */
static void mark_routed(const bs_field *f, const bs_env *env, bs_unit *un, bs_rout_result *res)
{
    un->routed = 1;
    un->routed_phase = f->phase_serial;
    if (un->kind == BS_REGULAR)
        un->formation = BS_OPEN;
    un->state = BS_DONE;
    un->finished = 1;
    res->routed = 1;
    BS_COUNT(env, routs);
}

/* RULE bs.rout.after-wrap */
void bs_rout_begin(bs_field *f, const bs_env *env, int u, mu_vec2 dir, mu_vec2 away, double dist, int depth,
                   bs_rout_result *res)
{
    bs_unit *un = &f->units[u];
    mark_routed(f, env, un, res);
    un->wrapped = 0;
    un->wrap_figures = 0;
    un->wrap_enemy = -1;
    un->wrap_held_left = un->wrap_held_right = 0;
    bs_rout_move(f, env, u, dir, away, dist, depth, res);
}

/* RULE bs.rout.morale-failure bs.rout.capture */
bs_rout_result bs_rout_start(bs_field *f, const bs_env *env, int u, int has_cause,
                                   mu_vec2 cause_mm, int capture_guards)
{
    assert(u >= 0 && u < f->n_units);
    bs_rout_result res = {0};
    bs_unit *un = &f->units[u];
    if (!bs_unit_alive(un) || un->routed) {
        res.routed = un->routed && bs_unit_alive(un);
        return res;
    }
    if (bs_surrounded(f, env, u)) {
        res.surrounded = 1;
        const bs_rules *r = env->rules;
        if (r->capture_enabled && capture_guards >= 0) {
            /* OPTIONAL RULE: one guard per four captured figures; the rest
             * escape and are treated as routed */
            int per = r->capture_figures_per_guard > 0 ? r->capture_figures_per_guard : 1;
            int cap = capture_guards * per < un->figures ? capture_guards * per : un->figures;
            res.captured = cap;
            res.guards = (cap + per - 1) / per;
            if (env->tally)
                env->tally->figures_captured += (uint32_t)cap;
            un->figures -= cap;
            if (un->figures == 0) {
                un->status = BS_CAPTURED;
                BS_COUNT(env, units_captured);
                return res;
            }
            if (un->frontage > un->figures)
                un->frontage = un->figures;
            while (un->ranks > 1 && (un->ranks - 1) * un->frontage >= un->figures)
                un->ranks--;
            mark_routed(f, env, un, &res);
            return res;
        }
        /* "the routing unit is automatically destroyed and removed" */
        un->status = BS_DESTROYED;
        res.destroyed = 1;
        BS_COUNT(env, units_destroyed);
        return res;
    }
    mu_vec2 away;
    mu_vec2 dir = rout_heading(f, env, u, has_cause, cause_mm, &away);
    /* "moves away from the enemy a total of its movement rate plus an
     * additional 1/3 of its movement rate" */
    bs_rout_begin(f, env, u, dir, away, bs_rate_mm(un) * (1 + env->rules->rout_extra_frac), 0, &res);
    return res;
}

/* RULE bs.rout.continues */
bs_rout_result bs_rout_continue(bs_field *f, const bs_env *env, int u)
{
    assert(u >= 0 && u < f->n_units);
    bs_rout_result res = {0};
    bs_unit *un = &f->units[u];
    if (!bs_unit_alive(un) || !un->routed)
        return res;
    res.routed = 1;
    mu_vec2 dir = un->rout_dir;
    if (mu_v2_len(dir) < 0.5)
        dir = un->facing;
    /* Q&A 127.14: "a unit continues to rout until it rallys or leaves the
     * board" */
    bs_rout_move(f, env, u, dir, dir, bs_rate_mm(un), 0, &res);
    return res;
}

/* RULE bs.rout.morale-failure */
bs_check_result bs_morale_check(bs_field *f, const bs_env *env, int u, int modifier,
                                      int has_cause, mu_vec2 cause_mm)
{
    assert(bs_index_valid(f, u));
    bs_unit *un = &f->units[u];
    bs_check_result c = {0};
    if (un->never_checks_morale) {
        c.pass = 1;
        return c;
    }
    c = bs_check(&env->rules->morale, bs_current_morale(un), modifier, env->dice);
    if (c.pass) {
        BS_COUNT(env, morale_passed);
    } else {
        BS_COUNT(env, morale_failed);
        if (bs_unit_alive(un) && !un->routed &&
            (un->formation == BS_OPEN || un->formation == BS_SKIRMISH))
            bs_rout_start(f, env, u, has_cause, cause_mm, -1);
    }
    return c;
}

/* RULE bs.rout.rally bs.rout.one-rally-attempt */
bs_refusal bs_rally(bs_field *f, const bs_env *env, int u, int modifier,
                          bs_check_result *chk)
{
    bs_check_result none = {0};
    if (chk)
        *chk = none;
    if (u < 0 || u >= f->n_units)
        return BS_BAD_ARGUMENT;
    bs_unit *un = &f->units[u];
    if (!bs_unit_alive(un))
        return BS_GONE;
    if (!un->routed)
        return BS_NOT_ROUTED;
    /* Q&A 127.14: "There may be only one attempt to rally a unit per rally
     * phase, the number of commanders present notwithstanding." */
    if (un->rally_tried)
        return BS_RALLY_TRIED;
    un->rally_tried = 1;
    BS_COUNT(env, rally_attempts);
    bs_check_result c = bs_check(&env->rules->rally, bs_current_morale(un), modifier, env->dice);
    if (c.pass) {
        BS_COUNT(env, rally_successes);
        un->routed = 0;
    }
    if (chk)
        *chk = c;
    return BS_OK;
}
