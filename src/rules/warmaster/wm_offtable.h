/* Warmaster Revolution: units and characters that leave the table
 * (warmaster-movement.adoc, "Units which move off the table").
 *
 * A unit leaves when any part of any of its stands crosses the table edge.
 * It is then resolved at once (wm_offtable_leave): destroyed after a
 * retreat from combat, otherwise one D6 - 1 per stand already lost on the
 * chart wm_offtable_chart. A unit still off rolls again at the start of
 * its side's next turn, before initiative (wm_offtable_start_of_turn).
 * The state keeps no geometry: the caller remembers where the unit left,
 * its formation and facing, and puts it back there when it returns.
 *
 * Readings pinned here (src/rules/warmaster/CLAUSES.md): the modifier
 * applies to every roll, re-rolls included; a 5-6 on the immediate roll
 * brings the unit back with its move over (it "may move as normal" only
 * when it reappears at the beginning of a turn); a lone character has no
 * stands lost (modifier 0); joined characters take no roll of their own. */
#ifndef MUSTER_WM_OFFTABLE_H
#define MUSTER_WM_OFFTABLE_H

#include "muster/dice.h"
#include "muster/geom.h"
#include "muster/odds_offtable.h"

#include <stdint.h>

/* The text's chart for the modified D6: 0 or less destroyed; 1-2 off the
 * table, roll again; 3-4 back, cannot move further that turn; 5-6 back,
 * may move as normal at the beginning of a turn. */
extern const mu_offtable_chart wm_offtable_chart;

/* Returns non-zero when any of stands[0..n) lies wholly or partly beyond
 * the edge of a table spanning [0, width_mm] x [0, depth_mm]: some corner
 * is outside by more than MU_GEOM_EPS_MM. A stand touching the edge is on
 * the table. Then the whole unit leaves the table. */
int wm_stands_leave_table(const mu_orect *stands, int n, double width_mm, double depth_mm);

/* Why the unit left the table. */
typedef enum wm_offtable_cause {
    WM_OFFTABLE_MOVED = 0,         /* a blunder, driven back by shooting or magic, any other cause */
    WM_OFFTABLE_COMBAT_RETREAT = 1 /* retreating from combat: destroyed, no roll */
} wm_offtable_cause;

/* What left the table: a unit with the characters joined to it, or a
 * character on his own. */
typedef struct wm_offtable_body {
    int stands_lost;    /* the unit's stands already removed as casualties, >= 0;
                           0 for a lone character */
    int lone_character; /* a character who is on his own */
    int with_general;   /* the General: this lone character, or joined to this unit */
    uint16_t joined;    /* characters (index < 16) joined to the unit; they share its fate */
} wm_offtable_body;

/* One body's off-table episode. Filled by wm_offtable_leave; plain data. */
typedef struct wm_offtable {
    wm_offtable_body body;
    wm_offtable_cause cause;
    mu_offtable_fate fate;    /* current: MU_OFFTABLE_OFF while off the table */
    int rolls;                /* chart rolls made: the immediate one, then one per turn */
    int last_die;             /* the last face rolled, 1..6 (0: none, after a combat retreat) */
    int last_score;           /* last_die minus stands lost */
    int returned_immediately; /* the immediate roll brought it back (3-6 after modifier) */
    int may_move;             /* back and free to move normally this turn */
    int battle_over;          /* the General left and did not return at once: his army withdraws */
} wm_offtable;

/* Returns the die modifier of body b: minus its stands lost (0 for a lone
 * character). */
int wm_offtable_modifier(const wm_offtable_body *b);

/* Resolves body b leaving the table, immediately, into *s (overwritten):
 * after a combat retreat it is destroyed and no die is rolled; otherwise
 * one D6 from dice plus wm_offtable_modifier(b) is read on the chart. A
 * 5-6 brings it back with may_move 0 (its move is over). With the General
 * aboard, anything but a return sets battle_over. b must have
 * stands_lost >= 0, and 0 when lone_character. */
void wm_offtable_leave(wm_offtable *s, const wm_offtable_body *b,
                          wm_offtable_cause cause, mu_dice *dice);

/* Returns non-zero when s is off the table awaiting its roll at the start
 * of its side's next turn (not once the battle is over). */
int wm_offtable_pending(const wm_offtable *s);

/* Rolls again for a pending s at the start of its side's turn, before
 * initiative: one D6 from dice plus the same modifier. 3-4 brings it back
 * unable to move this turn; 5-6 back and free to move as normal (may_move
 * 1); 1-2 keeps it pending; 0 or less destroys it. */
void wm_offtable_start_of_turn(wm_offtable *s, mu_dice *dice);

/* Returns non-zero when s is back on the table. */
int wm_offtable_is_back(const wm_offtable *s);

/* Returns the fate of character (index < 16), who must be joined to s's
 * unit: the unit's fate, whatever it is. */
mu_offtable_fate wm_offtable_character_fate(const wm_offtable *s, int character);

/* Computes the exact odds of an episode for a unit with stands_lost
 * stands lost (>= 0) and `turns` start-of-turn re-rolls left into *out
 * (see mu_offtable_odds_compute). Returns 0, or -1 (out untouched) when
 * stands_lost or turns is out of range. */
int wm_offtable_odds(int stands_lost, int turns, mu_offtable_odds *out);

#endif
