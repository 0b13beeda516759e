/* Battlesystem movement of units that begin their Movement Phase in
 * contact (battlesystem-movement-phase.txt 7.8, 7.11, 7.12 and Q&A
 * 127.66, 132.34): wrap-around movement and fighting withdrawal. (Flee,
 * 8.8, is not in our text.) Each is the unit's whole move for the phase. */
#ifndef MUSTER_BS_CONTACT_H
#define MUSTER_BS_CONTACT_H

#include "battlesystem/bs_field.h"

/* Figures of unit u's front rank relative to enemy e touching its front
 * (the block model: files whose base overlaps e's width are in contact). */
typedef struct bs_front_contact {
    int touching_front;  /* e touches u's front edge */
    int in_contact;      /* front-rank figures in contact with e */
    int overhang_left;   /* front-rank figures beyond e's left flank (as u sees it) */
    int overhang_right;
    int rear;            /* figures behind the front rank (out of contact) */
} bs_front_contact;

/* Returns how unit u's front rank meets enemy unit e. */
bs_front_contact bs_front_contact_of(const bs_field *f, int u, int e);

/* Returns the movement cost of a wrap-around (7.11, pure): the frontage
 * change (if any figures come up from the rear) plus wheeling each end
 * inward by 90 degrees, the end's outermost figure travelling a quarter
 * circle of radius the end's length (left or right figures of width
 * pitch_mm each, minus one gap). */
double bs_wrap_cost_mm(const bs_rules *r, const bs_unit *u, int left, int right,
                          int from_rear);

/* The result of a wrap-around. */
typedef struct bs_wrap_result {
    int from_rear;  /* figures brought up from the rear ranks */
    double cost_mm;
} bs_wrap_result;

/* Unit u wraps left + right figures around the flanks of enemy e (7.11):
 * only in its own Movement Phase, before anything else this phase, when it
 * began the phase in contact with e across its front (no initiative
 * needed), is not attacked from the rear, has that many figures that began
 * out of contact (front-rank overhang first, then rear ranks) and room for
 * the wrapped ends beside e's flanks, and the cost fits its rate with no
 * figure moving more than its rate. The footprint stays; the wrapped
 * figures are recorded (wrap_figures, wrap_enemy), and after the melee the
 * unit counts as open formation (bs_round_end). *out may be NULL. */
bs_refusal bs_wrap_around(bs_field *f, const bs_env *env, int u, int e, int left,
                                int right, bs_wrap_result *out);

/* The result of a fighting withdrawal. */
typedef struct bs_withdraw_result {
    uint32_t enemies;  /* enemy units in contact at the start (each had the option) */
    uint32_t checked;  /* low-INT or chaotic enemies that took a Discipline Check */
    uint32_t forced;   /* ... and failed it: they advance regardless */
    uint32_t followed; /* enemies that advanced 3" to stay in contact */
    uint32_t stayed;   /* enemies that remained: no charge on u this round */
} bs_withdraw_result;

/* Unit u makes a fighting withdrawal (7.12): it began the phase in contact
 * with an enemy, has a current rate of at least 3", and nothing else done
 * this phase; it moves 3" straight back and may not end in contact with
 * another enemy unit (refused, like a path too blocked for the full 3").
 * Then each enemy unit that was in contact chooses: follow_wanted's bit e
 * set means "advance 3" and stay in contact" (even after using its move),
 * clear means "remain in place". A low-INT or chaotic enemy takes a
 * Discipline Check and on failure advances regardless. An enemy that
 * remains cannot charge u for the rest of the round; one that would follow
 * but has no room remains (reading). *out may be NULL. */
bs_refusal bs_fighting_withdrawal(bs_field *f, const bs_env *env, int u,
                                        uint32_t follow_wanted, bs_withdraw_result *out);

#endif
