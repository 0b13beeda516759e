/* Moving a Battlesystem unit in its Movement Phase
 * (battlesystem-movement-phase.txt 7.6-7.10, 7.13): declaring how it
 * moves, changing formation, facing and frontage, wheeling, moving
 * straight or obliquely, and finishing.
 *
 * A policy calls, for one unit of the side whose phase is running:
 *   bs_start(f, env, u, mode, target)    optional; NORMAL by default
 *   any of bs_change_formation / bs_face / bs_turn /
 *          bs_change_frontage / bs_wheel / bs_advance
 *          (and bs_charge_run for a charge, bs_charge.h)
 *   bs_finish(f, env, u)                 or let bs_phase_end (bs_round.h) do it
 * Each action checks the rules first: a refused action returns the reason
 * and changes nothing. Each accepted action spends movement (used_mm)
 * from the unit's budget for its mode. */
#ifndef MUSTER_BS_MOVE_H
#define MUSTER_BS_MOVE_H

#include "battlesystem/bs_field.h"

/* Facing changes (7.9). */
typedef enum bs_face_turn {
    BS_RIGHT_FACE,
    BS_LEFT_FACE,
    BS_ABOUT_FACE
} bs_face_turn;

/* Which front corner a wheel pivots on (7.9 Q&A: "one of its corners"). */
typedef enum bs_pivot {
    BS_PIVOT_LEFT,
    BS_PIVOT_RIGHT
} bs_pivot;

/* Declares how unit u moves this phase, before anything is measured
 * (7.7 SPECIAL NOTE): NORMAL, FORCED (7.13: in command or an individual,
 * not in contact at the start) or CHARGE at enemy unit target (7.14:
 * regular unit in command or mob, not in contact at the start, target not
 * banned by 7.12). A charge's Discipline Check (7.14, closed low-INT or
 * chaotic units) is not rolled here but at the charge's first move
 * (bs_advance, bs_wheel or bs_charge_run), so a charge that proves to be
 * no action rolls none. A declared charge spends from its normal rate
 * except in its run into contact. u must not have done anything this
 * phase. target is ignored unless mode is CHARGE. Rolls no dice. */
bs_refusal bs_start(bs_field *f, const bs_env *env, int u, bs_mode mode, int target);

/* Changes a regular unit between closed and open formation (7.6): costs
 * 1/4 of its rate and needs the unit in command; keeps the front midpoint.
 * Refused when locked (7.8), in contact at the start, after contact made
 * this phase (Q&A 127.66: straight ahead only), or with no room. */
bs_refusal bs_change_formation(bs_field *f, const bs_env *env, int u,
                                     bs_formation to);

/* Right, left or about face for closed or open formation (7.9): every
 * figure turns in place (relative positions unchanged, Q&A 127.66), the
 * footprint stays where it is; frontage and ranks swap on a quarter turn.
 * Costs 1/3 (right or left) or 1/2 (about) of the rate. */
bs_refusal bs_face(bs_field *f, const bs_env *env, int u, bs_face_turn turn);

/* Turns a skirmish unit or an individual to face `angle_rad` (counter-
 * clockwise) from its current facing, free (7.9 "change direction at
 * will"), about its footprint centre. Refused for other formations. */
bs_refusal bs_turn(bs_field *f, const bs_env *env, int u, double angle_rad);

/* Changes the frontage of a closed, open or mob unit to new_frontage
 * figures (1..figures) by moving figures between the front and the rear
 * ranks (7.10), keeping the front midpoint. Costs frontage_change_in.
 * Refused after contact made this phase (Q&A 127.66), and for a mob whose
 * array would not be approx. square (7.5, BS_NOT_SQUARE: bs_mob_square). */
bs_refusal bs_change_frontage(bs_field *f, const bs_env *env, int u, int new_frontage);

/* Wheels a closed, open or mob unit about its left or right front corner
 * by angle_rad (> 0 forward: the free end advances; < 0 backward) (7.9).
 * Costs |angle| x bs_wheel_radius_mm. The wheel stops where the
 * footprint first touches another unit, impassable terrain or the table
 * edge (touching an enemy is contact, 7.8), or where its movement runs
 * out; *done_rad (if non-NULL) gets the angle actually wheeled. The move's
 * mode applies: in a forced march, contact follows Q&A 127.66 as for
 * bs_advance (within the normal rate: a normal move, no check; beyond it:
 * a visible enemy halts the wheel at the normal limit, a hidden one
 * ambushes); in a declared charge, the first wheel rolls the Discipline
 * Check if due, and contact by a wheel (no straight run) scores the charge
 * TOO_CLOSE and ends its move. */
bs_refusal bs_wheel(bs_field *f, const bs_env *env, int u, bs_pivot pivot,
                          double angle_rad, double *done_rad);

/* Moves unit u up to dist_mm in the direction angle_rad from its facing
 * (counter-clockwise positive), keeping its facing (7.7, 7.9): closed and
 * open formation up to 45 degrees either way, skirmishers and individuals
 * any angle, mobs straight ahead (reading). Terrain factors apply along the
 * front midpoint's path. The unit stops at base-to-base contact with an
 * enemy (7.8: afterwards straight ahead only), at a friend (skirmishers
 * pass through friendly skirmishers, 7.4), impassable terrain, the table
 * edge or when its movement is spent. Skirmishers stop short of enemies
 * (7.4). In a forced march, contact follows Q&A 127.66 (bs_march.h), and
 * a move that would go beyond the normal limit and end within
 * march_halt_margin_in of a visible enemy on its path halts at the limit
 * (skirmishers included). In a charge, a move that meets an enemy within
 * the charge range is the charge run (bs_charge.h); any other move spends
 * from the normal rate (Q&A 127.67) and rolls the Discipline Check if due.
 * *out (if non-NULL) gets what happened. */
bs_refusal bs_advance(bs_field *f, const bs_env *env, int u, double dist_mm,
                            double angle_rad, bs_step *out);

/* The result of finishing a unit's move. */
typedef struct bs_finish_result {
    bs_march_outcome march;
    bs_check_result march_check; /* rolled when march is MADE or AMBUSHED */
    int ar_worsened;                /* the forced-march check failed: AR + 1 */
    bs_charge_outcome charge;
    int routed;                     /* the failed check routed it (7.15) */
} bs_finish_result;

/* Finishes unit u's move (idempotent for a finished unit): a forced march
 * that went beyond the normal rate takes its Morale Check (7.13; under
 * forced_march_check = declared every march not turned into a normal move
 * by contact; an ambushed one under ambush_checks; failure worsens AR by
 * one, and routs an open or skirmish unit under forced_march_fail_routs);
 * a declared march or charge counts as having acted, except a charge that
 * proved to be no action (TOO_CLOSE, NOT_STRAIGHT); a charge that did
 * not end in contact takes the 7.14 penalty (closed: open formation, still
 * in command; open or mob: -3 morale this round); a closed regular charge
 * that made contact gets -1 AR for the round's melee. *out may be NULL. */
void bs_finish(bs_field *f, const bs_env *env, int u, bs_finish_result *out);

/* Returns the movement unit u has left this phase, mm (0 when finished):
 * of its mode's budget, for a declared charge of its normal rate (its run
 * into contact may go to the charge range, bs_charge_run). */
double bs_movement_left_mm(const bs_field *f, const bs_env *env, int u);

#endif
