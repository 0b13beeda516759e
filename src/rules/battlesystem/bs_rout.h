/* Battlesystem routing (battlesystem-movement-phase.txt 7.15 and its
 * Q&A 127.14): the Morale Check whose failure routs a unit, the immediate
 * rout move, rout chains through friends, continuing routs, leaving the
 * table, surrounded units and the optional Capture rule, and rally
 * attempts. */
#ifndef MUSTER_BS_ROUT_H
#define MUSTER_BS_ROUT_H

#include "battlesystem/bs_field.h"

/* What one rout (or continued rout) did. */
typedef struct bs_rout_result {
    int routed;           /* the unit is now routing */
    int surrounded;       /* it was surrounded with no 1" gap */
    int destroyed;        /* ... and destroyed */
    int captured;         /* figures captured (optional rule) */
    int guards;           /* guard figures the capturing side designates */
    int removed;          /* it left the table */
    double moved_mm;      /* distance its front moved */
    int chain;            /* friends it routed by running into them (recursively) */
    int broken_around;    /* friends it broke around or passed through */
} bs_rout_result;

/* Unit u (on the table, not already routed) routs (7.15): unless it is
 * surrounded, it gets a rout marker, goes to open formation if regular
 * (7.6, free) and moves rate + 1/3 rate away from cause_mm (the nearest
 * enemy when has_cause is 0), toward its entry point when that is still
 * away from the cause (reading), ignoring terrain costs, avoiding enemies
 * and running along impassable terrain (Q&A 127.14); it never ends on top
 * of anything, and ends with its back to the cause (turning free, Q&A
 * 127.14, where it has room). A friend that has not routed in its
 * path takes a Morale Check (skirmishers are passed through but check too):
 * failing, it routs ahead of the router; passing, the router breaks around
 * it. Crossing the table edge removes the unit. If it is surrounded by
 * enemy closed or open units and impassable terrain with no gap of 1"
 * (surround_gap_in) it is destroyed, or, with the optional Capture rule on
 * and capture_guards >= 0, up to 4 x capture_guards figures are captured
 * and the rest escape as a routed unit. */
bs_rout_result bs_rout_start(bs_field *f, const bs_env *env, int u, int has_cause,
                                   mu_vec2 cause_mm, int capture_guards);

/* Moves routed unit u its full rate along its rout heading (7.15 "On the
 * Movement Phase that follows"), with the same obstacles as a rout start.
 * bs_phase_begin calls it for the phase side's routers. */
bs_rout_result bs_rout_continue(bs_field *f, const bs_env *env, int u);

/* Rolls a Morale Check for unit u with a situational modifier (current
 * morale = rating + the round's modifier). A unit that "never checks
 * morale" passes without a roll. A unit in open or skirmish formation that
 * fails routs (7.15) away from cause_mm (or from the nearest enemy if
 * has_cause is 0): see bs_rout_start above (a surrounded unit is destroyed;
 * for the optional Capture, roll with bs_check and call
 * bs_rout_start with the guards). Returns the check. */
bs_check_result bs_morale_check(bs_field *f, const bs_env *env, int u, int modifier,
                                      int has_cause, mu_vec2 cause_mm);

/* Returns non-zero when unit u is completely surrounded: enemy units in
 * closed or open formation and impassable terrain enclose it with no gap
 * of surround_gap_in or more (the table edge is a way out). */
int bs_surrounded(const bs_field *f, const bs_env *env, int u);

/* Attempts to rally routed unit u (assumption: the rally check of the
 * rules against its morale rating plus modifier). One attempt per rally
 * phase, however many commanders (Q&A 127.14). On success the rout marker
 * goes; the unit stays in open formation. Refused if u is not routed or
 * already tried this round. *chk (if non-NULL) gets the roll. */
bs_refusal bs_rally(bs_field *f, const bs_env *env, int u, int modifier,
                          bs_check_result *chk);

#endif
