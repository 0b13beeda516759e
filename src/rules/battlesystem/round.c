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

/* RULE bs.wrap.open-after-melee bs.march.ar-recovery bs.charge.command-return */
void bs_round_end(bs_field *f, const bs_env *env)
{
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
        /* assumption: a unit a failed charge Discipline Check put out of
         * command (7.14) is back in command from the start of the
         * command_return_rounds-th round after that one (0: never); it
         * stays in open formation (re-forming costs, 7.6) */
        int back = env->rules->command_return_rounds;
        if (u->command_lost_round > 0 && back > 0 && f->round >= u->command_lost_round + back - 1) {
            u->in_command = 1;
            u->command_lost_round = 0;
        }
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
    u->discipline_due = 0;
}

/* RULE bs.formation.open-losses bs.formation.open-losses-freeze bs.move.contact-at-start
 * RULE bs.rout.continues bs.rout.until-rallied bs.formation.mob-square bs.wrap.figures-once */
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
        /* Q&A 132.34: a wrapped flank holds while its enemy still touches */
        u->wrap_held_left &= u->contact_at_start;
        u->wrap_held_right &= u->contact_at_start;
        /* 7.5: a mob "automatically fills in any gaps" and is "approx.
         * square": after losses from the rear it re-forms square, free, if
         * it has room (else it keeps its array until it has) */
        if (u->kind == BS_MOB && !bs_mob_square(env->rules, u->kind, u->figures, u->frontage)) {
            bs_unit sq = *u;
            sq.frontage = bs_mob_square_frontage(env->rules, u->figures, u->frontage);
            sq.ranks = (u->figures + sq.frontage - 1) / sq.frontage;
            mu_vec2 c[4];
            bs_unit_corners(&sq, c);
            if (!bs_blocked(f, env, i, c, 0)) {
                u->frontage = sq.frontage;
                u->ranks = sq.ranks;
            }
        }
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
