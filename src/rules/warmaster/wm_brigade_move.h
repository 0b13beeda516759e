/* Brigade moves (warmaster-command-and-initiative, "Brigade orders"):
 * "brigades move as a body, with each unit remaining in touch with the
 * brigade as a whole. Individual units in the brigade can change their
 * relative positions but must still form a brigade once its move is
 * complete. Individual units in the brigade can change formation as they
 * move. No stand in any unit in the brigade may move further than its
 * permitted move distance." Readings: CLAUSES.md ("Command phase in
 * full", Brigades).
 *
 * Every member is moved by a legal unit move of its own (the planner's),
 * one at a time, on the table as the members before it left it: a member
 * cannot cross the stands of another member. The search:
 * 1. The shared displacement: every member, in an order in which none
 *    sweeps over a member still to move (front-most first of those free
 *    to go), toward its
 *    own centre plus one displacement no longer than the slowest member's
 *    allowance, keeping its formation; halved twice while the members do
 *    not end touching as one body. If the full displacement is made by
 *    every member, that is the move (one planner call a member). Else the
 *    same, not halved, along headings 20, 40, 60 and 80 degrees either
 *    side (as far along as brings the centre nearest the point; skipped
 *    when they cannot beat the best so far).
 * 2. If the best of those gains less than half of what the body could
 *    (the distance to the point, at most the slowest allowance),
 *    re-forming, at most 24 planner calls more:
 *    a. members in moving order, one at a time, each to a place nearer
 *       the point touching the others (moved or not), the rest standing;
 *       a move that would part the body is not made;
 *    b. each member in turn leads (toward its share of the displacement,
 *       half of it, and the point; in its formation, in line, in column);
 *       the others follow one at a time, each to its shared place or a
 *       place touching a member already moved, or stand if they touch one.
 *    Places: beside, in front of or behind another member, flush with
 *    either end of that side or centred, facing as it faces, in the
 *    follower's formation, in line or in column; nearest the point (plus
 *    the distance moved) first, at most 8 planner calls a follower.
 * 3. If still nothing gains, a wide search, at most 300 planner calls
 *    more: each member in turn leads along its own front, flanks and back,
 *    then 16 headings evenly round (the first toward the point),
 *    half a stand's width, a stand's width, half its allowance and all of
 *    it, in its formation, in line, in column; the others follow as in
 *    2b, but the shared place is tried among the others, places halfway
 *    between centred and flush are added, and places clear of stands,
 *    terrain it may not enter and the table's edge go first, nearest the
 *    point first; a unit of one stand leads and follows in its own
 *    arrangement and in line, not also in column (the same place) (a
 *    body hemmed in gains only by stepping aside or back first).
 * A candidate counts when every member ends touching the body and none
 * touches an enemy. The best candidate has the largest score: the body's
 * progress (its centre, the mean of the members' centres, nearer the
 * point) less 2 mm for each member that re-formed or changed its place
 * relative to the leader. */
#ifndef MUSTER_WM_BRIGADE_MOVE_H
#define MUSTER_WM_BRIGADE_MOVE_H

#include "warmaster/wm_game.h"
#include "warmaster/wm_planner.h"

#include <stdint.h>

/* A brigade's move: its members' unit moves in the order they are made. */
typedef struct wm_brigade_plan {
    int n;                          /* member moves (members that stand still have none) */
    wm_plan plan[WM_BRIGADE_MAX]; /* plan[i].move.unit: the member moved i-th */
    int kept;                       /* some candidate ended touching as one body */
    double progress_mm;             /* the body's centre nearer the point */
    int reformed;                   /* members that re-formed or changed place */
    int planner_calls;              /* wm_plan_move calls the search made */
} wm_brigade_plan;

/* Plans a move of the brigade body (a mask of 2 to WM_BRIGADE_MAX units of
 * bf on the table, touching) toward point at kind's allowance into *out
 * (bf is not changed). Returns non-zero when the plan moves the body's
 * centre nearer the point (at least 0.05 mm); then applying out->plan[0..n)
 * in order (wm_move_apply) is legal move by move and leaves the members
 * touching as one body, none touching an enemy. */
int wm_brigade_plan_move(const wm_battlefield *bf, uint64_t body, mu_vec2 point, wm_move_kind kind,
                         wm_brigade_plan *out);

/* Writes into out[0..u->n_stands) the stands of unit u as the planner's
 * template for form would place them with facing `facing` and centre (the
 * mean of the stand centres) at centre. KEEP turns the present
 * arrangement as a body. */
void wm_brigade_footprint(const wm_unit *u, wm_form form, mu_vec2 facing, mu_vec2 centre, mu_orect *out);

/* Returns non-zero when the units of body (a mask of bf's units) touch as
 * one body (each pair joined by a chain of touching units). */
int wm_brigade_touches(const wm_battlefield *bf, uint64_t body);

/* Returns non-zero when unit u of bf touches a stand of an enemy unit on
 * the table (characters not counted). */
int wm_brigade_touches_enemy(const wm_battlefield *bf, int u);

#endif
