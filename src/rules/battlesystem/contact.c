/* Units that begin their Movement Phase in contact: wrap-around movement
 * and fighting withdrawal (battlesystem-movement-phase.txt 7.8, 7.11,
 * 7.12; Q&A 127.66, 132.34). */
#include "battlesystem/bs_contact.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>

/* RULE bs.wrap.expand-and-wheel bs.wrap.figures-out-of-contact */
bs_front_contact bs_front_contact_of(const bs_field *f, int u, int e)
{
    bs_front_contact fc = {0};
    const bs_unit *un = &f->units[u];
    mu_vec2 c[4], ce[4];
    bs_unit_corners(un, c);
    bs_unit_corners(&f->units[e], ce);
    int front_figs = un->figures < un->frontage ? un->figures : un->frontage;
    fc.rear = un->figures - front_figs;
    /* the front edge without its corners */
    mu_vec2 along = mu_v2_unit(mu_v2_sub(c[1], c[0]));
    mu_vec2 seg[2] = {mu_v2_add(c[0], mu_v2_scale(along, 1e-3)), mu_v2_sub(c[1], mu_v2_scale(along, 1e-3))};
    fc.touching_front = mu_poly_vertex_edge_distance(seg, 2, ce, 4, NULL, NULL) <= BS_EPS;
    if (!fc.touching_front)
        return fc;
    /* lateral coordinates, left to right, from the front-left corner */
    double emin = INFINITY, emax = -INFINITY;
    for (int k = 0; k < 4; k++) {
        double x = mu_v2_dot(mu_v2_sub(ce[k], c[0]), along);
        emin = fmin(emin, x);
        emax = fmax(emax, x);
    }
    double pitch = un->fig_w_mm + un->gap_mm;
    for (int i = 0; i < front_figs; i++) {
        double lo = i * pitch, hi = lo + un->fig_w_mm;
        if (hi <= emin + BS_EPS)
            fc.overhang_left++;
        else if (lo >= emax - BS_EPS)
            fc.overhang_right++;
        else
            fc.in_contact++;
    }
    return fc;
}

/* Length of a wrapped end of n figures (its outermost figure's distance
 * from the pivot at the enemy's corner). */
static double end_length(const bs_unit *u, int n)
{
    return n > 0 ? n * u->fig_w_mm + (n - 1) * u->gap_mm : 0;
}

/* RULE bs.wrap.cost */
double bs_wrap_cost_mm(const bs_rules *r, const bs_unit *u, int left, int right,
                          int from_rear)
{
    /* "the total of the costs of expanding frontage and wheeling the edges
     * of the line inward" */
    double cost = from_rear > 0 ? bs_frontage_change_cost_mm(r) : 0;
    cost += BS_PI / 2 * (end_length(u, left) + end_length(u, right));
    return cost;
}

/* The footprint of a wrapped end of n figures beside enemy e's flank at
 * lateral coordinate x (from u's front-left corner) on side sgn (-1 left,
 * +1 right): bases turned to face the flank, running from u's front line
 * along its facing. */
static void end_footprint(const bs_unit *un, const mu_vec2 c[4], double x, int sgn, int n,
                          mu_vec2 out[4])
{
    mu_vec2 along = mu_v2_unit(mu_v2_sub(c[1], c[0]));
    double len = end_length(un, n);
    double x0 = sgn < 0 ? x - un->fig_d_mm : x, x1 = sgn < 0 ? x : x + un->fig_d_mm;
    mu_vec2 base0 = mu_v2_add(c[0], mu_v2_scale(along, x0));
    mu_vec2 base1 = mu_v2_add(c[0], mu_v2_scale(along, x1));
    mu_vec2 fwd = mu_v2_scale(un->facing, len);
    out[0] = base0;
    out[1] = base1;
    out[2] = mu_v2_add(base1, fwd);
    out[3] = mu_v2_add(base0, fwd);
}

/* RULE bs.move.contact-no-wrap bs.wrap.contact-at-start bs.wrap.expand-and-wheel
 * RULE bs.wrap.figure-rate bs.wrap.no-initiative-example bs.wrap.room bs.wrap.figures-once */
bs_refusal bs_wrap_around(bs_field *f, const bs_env *env, int u, int e, int left,
                                int right, bs_wrap_result *out)
{
    bs_wrap_result none = {0, 0};
    if (out)
        *out = none;
    /* "A unit can perform wrap-around movement only in its own movement
     * phase" (Q&A 132.34) */
    bs_refusal ref = bs_can_act(f, u);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (un->state != BS_IDLE)
        return BS_ALREADY_STARTED;
    if (e < 0 || e >= f->n_units || !bs_unit_alive(&f->units[e]) || f->units[e].side == un->side)
        return BS_BAD_TARGET;
    if (left < 0 || right < 0 || left + right < 1)
        return BS_BAD_ARGUMENT;
    /* skirmishers have no frontage to expand (7.10) */
    if (un->formation != BS_CLOSED && un->formation != BS_OPEN &&
        un->formation != BS_MOB_FORMATION)
        return BS_BAD_FORMATION;
    /* "A unit that begins its Movement Phase in base-to-base contact with
     * an enemy unit can attempt Wrap-Around Movement" */
    if (!(un->contact_at_start & (1u << e)) || !bs_touching(f, u, e))
        return BS_NOT_IN_CONTACT;
    /* Q&A 132.34: "Can a unit execute a wrap-around if attacked from the
     * rear? A: No." */
    for (int o = 0; o < f->n_units; o++)
        if (f->units[o].side != un->side && bs_contact_from_rear(f, u, o))
            return BS_ATTACKED_FROM_REAR;
    bs_front_contact fc = bs_front_contact_of(f, u, e);
    if (!fc.touching_front)
        return BS_NOT_IN_CONTACT; /* reading: wraps round an enemy on its front */
    /* Q&A 132.34 "Only figures that begin the phase out of base-to-base
     * contact can be involved": a flank of e this unit has wrapped is held
     * by figures in contact until that contact ends; they cannot wrap it
     * again, and no other figure has room there */
    uint32_t ebit = 1u << e;
    if ((left > 0 && (un->wrap_held_left & ebit)) || (right > 0 && (un->wrap_held_right & ebit)))
        return BS_NO_SPARE_FIGURES;
    /* "It must have one or more figures that are not yet in base-to-base
     * contact ... Only figures that begin the phase out of base-to-base
     * contact can be involved" */
    int need_l = left > fc.overhang_left ? left - fc.overhang_left : 0;
    int need_r = right > fc.overhang_right ? right - fc.overhang_right : 0;
    int from_rear = need_l + need_r;
    if (from_rear > fc.rear)
        return BS_NO_SPARE_FIGURES;
    const bs_rules *r = env->rules;
    double cost = bs_wrap_cost_mm(r, un, left, right, from_rear);
    double rate = bs_rate_mm(un);
    /* "No individual figure may move more than its full movement rate." */
    double arc_l = BS_PI / 2 * end_length(un, left), arc_r = BS_PI / 2 * end_length(un, right);
    if (un->used_mm + cost > rate + BS_EPS || fmax(arc_l, arc_r) > rate + BS_EPS)
        return BS_NO_MOVEMENT;
    /* "it must have room to expand its frontage" */
    mu_vec2 c[4], ce[4];
    bs_unit_corners(un, c);
    bs_unit_corners(&f->units[e], ce);
    mu_vec2 along = mu_v2_unit(mu_v2_sub(c[1], c[0]));
    double emin = INFINITY, emax = -INFINITY;
    for (int k = 0; k < 4; k++) {
        double x = mu_v2_dot(mu_v2_sub(ce[k], c[0]), along);
        emin = fmin(emin, x);
        emax = fmax(emax, x);
    }
    uint32_t ignore = (1u << u) | (1u << e);
    for (int side = 0; side < 2; side++) {
        int n = side ? right : left;
        if (n == 0)
            continue;
        mu_vec2 w[4];
        end_footprint(un, c, side ? emax : emin, side ? 1 : -1, n, w);
        if (bs_blocked(f, env, u, w, ignore))
            return BS_NO_ROOM;
    }
    un->state = BS_DONE;
    un->used_mm += cost;
    un->acted = 1;
    un->wrapped = 1;
    un->wrap_figures = left + right;
    un->wrap_enemy = e;
    if (left > 0)
        un->wrap_held_left |= ebit;
    if (right > 0)
        un->wrap_held_right |= ebit;
    f->units[e].attacked = 1;
    BS_COUNT(env, wrap_arounds);
    if (out) {
        out->from_rear = from_rear;
        out->cost_mm = cost;
    }
    return BS_OK;
}

/* RULE bs.withdraw.eligible bs.withdraw.three-inches bs.withdraw.no-other-enemy
 * RULE bs.withdraw.enemy-follows bs.withdraw.discipline bs.game.withdraw-follow
 * RULE bs.wrap.figures-once */
bs_refusal bs_fighting_withdrawal(bs_field *f, const bs_env *env, int u,
                                        uint32_t follow_wanted, bs_withdraw_result *out)
{
    bs_withdraw_result res = {0};
    if (out)
        *out = res;
    bs_refusal ref = bs_can_act(f, u);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    const bs_rules *r = env->rules;
    if (un->state != BS_IDLE)
        return BS_ALREADY_STARTED;
    /* "A unit that is in base-to-base contact with an enemy unit at the
     * beginning of its Movement Phase can attempt" */
    if (!un->contact_at_start)
        return BS_NOT_IN_CONTACT;
    /* "must have a current movement rate of at least 3"" */
    if (un->rate_in < r->withdrawal_min_rate_in - 1e-12)
        return BS_RATE_TOO_LOW;
    /* "the unit moves 3" backward, away from the enemy unit" */
    double dist = bs_in(r->withdrawal_in);
    mu_vec2 back = mu_v2_scale(un->facing, -1);
    mu_vec2 c[4];
    bs_unit_corners(un, c);
    bs_hit h = bs_first_hit(f, env, u, c, back, 0, 0);
    if (h.t < dist - BS_EPS)
        return BS_NO_ROOM;
    /* "It may not end up in base-to-base contact with another enemy unit." */
    mu_vec2 moved[4];
    for (int k = 0; k < 4; k++)
        moved[k] = mu_v2_add(c[k], mu_v2_scale(back, dist));
    for (int o = 0; o < f->n_units; o++) {
        const bs_unit *ou = &f->units[o];
        if (!bs_unit_alive(ou) || ou->side == un->side)
            continue;
        mu_vec2 co[4];
        bs_unit_corners(ou, co);
        if (mu_poly_vertex_edge_distance(moved, 4, co, 4, NULL, NULL) <= BS_EPS)
            return BS_WOULD_CONTACT;
    }
    un->front = mu_v2_add(un->front, mu_v2_scale(back, dist));
    un->wrap_held_left = un->wrap_held_right = 0; /* it left every contact */
    un->used_mm += dist;
    un->run_mm = 0;
    un->state = BS_DONE;
    un->acted = 1;
    BS_COUNT(env, withdrawals);
    for (int e = 0; e < f->n_units; e++) {
        if (!(un->contact_at_start & (1u << e)) || !bs_unit_alive(&f->units[e]))
            continue;
        bs_unit *en = &f->units[e];
        uint32_t bit = 1u << e;
        res.enemies |= bit;
        int follow = (follow_wanted & bit) != 0;
        /* "If the enemy unit consists of creatures with low INT or chaotic
         * alignment, it must make a Discipline Check. If the check
         * succeeds, the unit has the option to remain in place; otherwise,
         * it automatically advances to continue the melee." */
        if (en->low_int_or_chaotic) {
            res.checked |= bit;
            bs_check_result chk = bs_discipline_check(f, env, e, 0);
            if (!chk.pass) {
                res.forced |= bit;
                follow = 1;
            }
        }
        if (follow) {
            /* "advance 3" and remain in base-to-base contact ... even if it
             * has already used its full movement rate" */
            mu_vec2 ce[4];
            bs_unit_corners(en, ce);
            bs_hit eh = bs_first_hit(f, env, e, ce, back, 1u << u, 0);
            if (eh.t >= dist - BS_EPS) {
                en->front = mu_v2_add(en->front, mu_v2_scale(back, dist));
                en->acted = 1;
                res.followed |= bit;
                BS_COUNT(env, withdrawals_followed);
                continue;
            }
            /* reading: no room to follow: it remains in place */
        }
        /* "If an enemy unit elects to remain in place, it cannot Charge the
         * unit that withdrew for the remainder of the current Game Round." */
        en->no_charge |= 1u << u;
        res.stayed |= bit;
        BS_COUNT(env, withdrawals_stayed);
    }
    if (out)
        *out = res;
    return BS_OK;
}
