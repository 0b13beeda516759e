/* The frame of a Battlesystem Game Round (battlesystem-movement-phase.txt
 * PROCEDURE, 7.3, 7.8, 7.11, 7.13, 7.15): its beginning and end (AR
 * recovery, wrap-around units to open formation) and each side's
 * Movement Phase (contacts at the start, gap filling, routers moving on,
 * unfinished units finished). The top of the engine: it calls the moves
 * (bs_move.h, bs_march.h, bs_rout.h); nothing in the engine calls it. */
#include "battlesystem/bs_round.h"

#include "battlesystem/bs_march.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/bs_rout.h"

#include "bs_internal.h"

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

/* RULE bs.wrap.open-after-melee bs.march.ar-recovery */
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

/* RULE bs.formation.open-losses bs.formation.open-losses-freeze bs.move.contact-at-start
 * RULE bs.rout.continues bs.rout.until-rallied */
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
