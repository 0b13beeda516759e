/* The frame of a Battlesystem Game Round: its beginning and end, and
 * each side's Movement Phase (battlesystem-movement-phase.txt PROCEDURE,
 * 7.3, 7.8, 7.11, 7.13, 7.15).
 *
 * Sequence a ruleset drives each Game Round (the order of phases other
 * than movement is not in our text):
 *
 *   side = bs_roll_initiative(rules, dice, NULL);
 *   bs_round_begin(field, side);
 *   (rally phase: bs_rally for routed units, bs_rout.h)
 *   bs_phase_begin(field, env, side);      routers move, gaps filled
 *     ... actions for side's units (bs_move.h, bs_charge.h, bs_contact.h)
 *   bs_phase_end(field, env);              unfinished units finish
 *   bs_phase_begin(field, env, 1 - side); ... bs_phase_end(...)
 *   (melee etc.: outside our text; mark units with bs_mark_*)
 *   bs_round_end(field, env);              AR recovery, wrap -> open
 *
 * The top of the engine: it calls the moves, nothing in the engine calls
 * it. */
#ifndef MUSTER_BS_ROUND_H
#define MUSTER_BS_ROUND_H

#include "battlesystem/bs_field.h"

/* Starts Game Round f->round + 1, won on initiative by initiative_side:
 * clears every unit's per-round state (morale and melee modifiers, acted,
 * attacked, locked, frozen, rally attempt, charge bans, charge flags). */
void bs_round_begin(bs_field *f, int initiative_side);

/* Ends the round: a unit that did absolutely nothing, was not attacked and
 * is not in contact with an enemy (so not in melee) recovers one point of
 * AR up to its original value (7.13); a unit that wrapped around is now in
 * open formation (7.11). */
void bs_round_end(bs_field *f, const bs_env *env);

/* Starts side's Movement Phase: for each of its units, records the enemies
 * in contact (7.8), resets its move, makes an open-formation unit pay 1"
 * per front gap to fill (frozen if that exceeds its rate, 7.3), and moves
 * each routed unit its full rate on along its rout heading (7.15, which
 * can rout friends it runs into). */
void bs_phase_begin(bs_field *f, const bs_env *env, int side);

/* Ends the running Movement Phase: every unit of the side still moving is
 * finished (bs_finish: forced-march check, charge outcome). */
void bs_phase_end(bs_field *f, const bs_env *env);

#endif
