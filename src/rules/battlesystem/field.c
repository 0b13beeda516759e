/* The Battlesystem field: units on the table, contact, the Game Round and
 * Movement Phase frame, and Morale and Discipline Checks
 * (battlesystem-movement-phase.txt PROCEDURE, 7.3, 7.8, 7.13). The
 * straight move every kind of movement is built from is step.c. */
#include "battlesystem/bs_field.h"

#include "battlesystem/bs_march.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/bs_rout.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

const char *bs_refusal_name(bs_refusal r)
{
    static const char *const names[] = {
        "ok", "not your phase", "gone", "routing", "finished", "already started",
        "frozen", "in contact", "locked", "no turn in contact", "not in command",
        "bad formation", "too wide", "no movement", "no room", "cannot charge",
        "charge banned", "bad target", "not in contact", "attacked from rear",
        "no spare figures", "rate too low", "would contact", "not routed", "rally tried",
        "bad argument",
    };
    if ((unsigned)r >= sizeof names / sizeof names[0])
        return "?";
    return names[r];
}

void bs_field_init(bs_field *f)
{
    memset(f, 0, sizeof *f);
    f->phase_side = -1;
    f->initiative_side = 0;
}

int bs_field_add(bs_field *f, const bs_unit *u)
{
    if (f->n_units >= BS_MAX_UNITS)
        return -1;
    f->units[f->n_units] = *u;
    return f->n_units++;
}

double bs_distance_mm(const bs_field *f, int a, int b)
{
    mu_vec2 ca[4], cb[4];
    bs_unit_corners(&f->units[a], ca);
    bs_unit_corners(&f->units[b], cb);
    return bs_poly_distance(ca, 4, cb, 4, NULL, NULL);
}

int bs_touching(const bs_field *f, int a, int b)
{
    if (a == b || !bs_index_alive(f, a) || !bs_index_alive(f, b))
        return 0;
    return bs_distance_mm(f, a, b) <= BS_EPS;
}

uint32_t bs_enemy_contacts(const bs_field *f, int u)
{
    uint32_t m = 0;
    for (int e = 0; e < f->n_units; e++)
        if (f->units[e].side != f->units[u].side && bs_touching(f, u, e))
            m |= 1u << e;
    return m;
}

int bs_contact_from_rear(const bs_field *f, int u, int e)
{
    if (!bs_touching(f, u, e))
        return 0;
    mu_vec2 c[4], ce[4];
    bs_unit_corners(&f->units[u], c);
    bs_unit_corners(&f->units[e], ce);
    /* the back edge (back-right to back-left) without its corners */
    mu_vec2 dir = bs_unit_vec(mu_v2_sub(c[3], c[2]));
    double shrink = 1e-3;
    mu_vec2 seg[2] = {mu_v2_add(c[2], mu_v2_scale(dir, shrink)),
                      mu_v2_sub(c[3], mu_v2_scale(dir, shrink))};
    return bs_poly_distance(seg, 2, ce, 4, NULL, NULL) <= BS_EPS;
}

int bs_nearest_enemy(const bs_field *f, int u)
{
    int best = -1;
    double bd = INFINITY;
    for (int e = 0; e < f->n_units; e++) {
        if (!bs_index_alive(f, e) || f->units[e].side == f->units[u].side)
            continue;
        double d = bs_distance_mm(f, u, e);
        if (d < bd) {
            bd = d;
            best = e;
        }
    }
    return best;
}

void bs_round_begin(bs_field *f, int initiative_side)
{
    f->round++;
    f->initiative_side = initiative_side;
    f->phase_side = -1;
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        u->morale_mod = 0;
        u->melee_ar_mod = 0;
        u->acted = 0;
        u->attacked = 0;
        u->locked = 0;
        u->frozen = 0;
        u->rally_tried = 0;
        u->no_charge = 0;
        u->ambushed_by = -1;
        u->charged = 0;
        u->charge_contact = -1;
    }
}

void bs_round_end(bs_field *f, const bs_env *env)
{
    (void)env;
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        if (!bs_unit_alive(u))
            continue;
        /* 7.11: "At the end of the melee, a unit that has used wrap-around
         * movement is automatically considered to be in open formation";
         * its bases keep their places. */
        if (u->wrapped) {
            if (u->kind == BS_REGULAR)
                u->formation = BS_OPEN;
            u->wrapped = 0;
            u->wrap_figures = 0;
            u->wrap_enemy = -1;
        }
        /* 7.13: one point back for a round of doing absolutely nothing and
         * not being attacked (a unit in contact fights: not idle) */
        if (!u->acted && !u->attacked && !u->routed && bs_enemy_contacts(f, i) == 0)
            bs_ar_recover(u);
    }
    f->phase_side = -1;
}

static void reset_phase_state(bs_unit *u)
{
    u->state = BS_IDLE;
    u->finished = 0;
    u->mode = BS_MODE_NORMAL;
    u->target = -1;
    u->contact_at_start = 0;
    u->contact_made = 0;
    u->used_mm = 0;
    u->run_mm = 0;
    u->run_dir = mu_v2(0, 0);
    u->fill_mm = 0;
    u->march = BS_MARCH_NONE;
    u->charge = BS_CHARGE_NONE;
}

void bs_phase_begin(bs_field *f, const bs_env *env, int side)
{
    f->phase_side = side;
    f->phase_serial++;
    for (int i = 0; i < f->n_units; i++)
        if (f->units[i].side == side)
            reset_phase_state(&f->units[i]);
    /* 7.15: "On the Movement Phase that follows, the routing unit moves its
     * full movement rate in the same direction it was moving." */
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        if (u->side == side && bs_unit_alive(u) && u->routed && u->routed_phase != f->phase_serial) {
            bs_rout_continue(f, env, i);
            u->state = BS_DONE;
            u->finished = 1;
        }
    }
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        if (u->side != side || !bs_unit_alive(u))
            continue;
        u->contact_at_start = bs_enemy_contacts(f, i);
        /* 7.3: an open unit moves a figure into each front gap, 1" each,
         * even in contact; if that exceeds its rate it cannot move further
         * this round (unless it routs) */
        if (u->formation == BS_OPEN && u->front_gaps > 0 && !u->routed) {
            u->fill_mm = u->front_gaps * bs_in(env->rules->gap_fill_in);
            u->used_mm = u->fill_mm;
            u->front_gaps = 0;
            u->acted = 1;
            if (u->fill_mm > bs_rate_mm(u) + BS_EPS)
                u->frozen = 1;
        }
    }
}

void bs_phase_end(bs_field *f, const bs_env *env)
{
    int side = f->phase_side;
    for (int i = 0; i < f->n_units; i++) {
        bs_unit *u = &f->units[i];
        if (u->side == side && bs_unit_alive(u) && !u->finished && u->state != BS_IDLE)
            bs_finish(f, env, i, NULL);
    }
    f->phase_side = -1;
}

void bs_mark_acted(bs_field *f, int u)
{
    assert(bs_index_valid(f, u));
    f->units[u].acted = 1;
}

void bs_mark_attacked(bs_field *f, int u)
{
    assert(bs_index_valid(f, u));
    f->units[u].attacked = 1;
}

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

bs_check_result bs_discipline_check(bs_field *f, const bs_env *env, int u, int modifier)
{
    assert(bs_index_valid(f, u));
    bs_check_result c =
        bs_check(&env->rules->discipline, bs_current_morale(&f->units[u]), modifier, env->dice);
    if (c.pass)
        BS_COUNT(env, discipline_passed);
    else
        BS_COUNT(env, discipline_failed);
    return c;
}
