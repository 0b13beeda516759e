/* Warmaster formations and move allowances (warmaster-movement.adoc,
 * "Formation & Movement"). Stands are mu_orects of one unit, all of the
 * unit's profile size. Two stands "touch" when they are within
 * MU_GEOM_EPS_MM and do not overlap; corners "coincide" within
 * MU_GEOM_EPS_MM.
 *
 * Classification (our precise reading of the text, CLAUSES.md):
 * - LINE: "a straight line with all their stands facing in the same
 *   direction and butted edge-to-edge": the stands, taken in order from
 *   left to right, each share their whole right side edge with the next
 *   one's whole left side edge (front-right corner on front-left corner,
 *   back-right on back-left). Same facing and collinear front edges follow.
 *   A single stand is a line.
 * - COLUMN: "stands placed one behind the other … either edge-to-edge or
 *   corner-to-corner" (the curved column): the stands form one chain, head
 *   first, each stand directly behind the one before it, where stand B is
 *   directly behind stand A when B's front edge meets A's back edge either
 *   whole (B's front-left on A's back-left and front-right on back-right)
 *   or at one same-side corner (B's front-left on A's back-left, or B's
 *   front-right on A's back-right) with B turned less than 90 degrees from
 *   A and not overlapping it. A stand offset sideways or touching A at the
 *   opposite corner (an echelon) is not behind it.
 * - IRREGULAR: any other arrangement in formation.
 * - NOT_IN_FORMATION: some stand touches no other stand, or two overlap
 *   (or the unit has no stands). */
#ifndef MUSTER_WM_FORMATION_H
#define MUSTER_WM_FORMATION_H

#include "muster/geom.h"
#include "warmaster/wm_battlefield.h"
#include "warmaster/wm_units.h"

typedef enum wm_formation {
    WM_NOT_IN_FORMATION,
    WM_LINE,
    WM_COLUMN,
    WM_IRREGULAR
} wm_formation;

/* Returns non-zero when a and b touch (edge or point) without overlapping. */
int wm_stands_touch(const mu_orect *a, const mu_orect *b);

/* Returns non-zero when s[0..n) is "in formation": no two stands overlap
 * and every stand touches at least one other ("all stands in the unit
 * must touch at least one other stand in the unit"). One stand alone is in
 * formation; no stands is not. */
int wm_in_formation(const mu_orect *s, int n);

/* Returns non-zero when s[0..n) (n >= 1) is one connected body of touching
 * stands. For three stands this is the same as wm_in_formation; with
 * four or more, two separate pairs are "in formation" by the letter of
 * the text but not connected. */
int wm_stands_connected(const mu_orect *s, int n);

/* Returns the formation of s[0..n) as defined above. */
wm_formation wm_classify_formation(const mu_orect *s, int n);

/* Returns non-zero for the regular formations (line and column). */
int wm_formation_regular(wm_formation f);

/* Returns the formation name ("line", "column", "irregular",
 * "not in formation"). */
const char *wm_formation_name(wm_formation f);

/* Why a unit moves. */
typedef enum wm_move_kind {
    WM_MOVE_ORDERED,     /* order received (or a character's own move) */
    WM_MOVE_HALF_PACE,   /* first order failed: "can move only half pace" */
    WM_MOVE_CHARGE,
    WM_MOVE_EVADE,
    WM_MOVE_DICE         /* distance rolled or set by combat results */
} wm_move_kind;

/* Returns how far unit u (on bf, placed as at the start of its move) may
 * move for kind, in mm:
 * - characters: full pace (600, flying 1000), whatever the kind but dice;
 * - WM_MOVE_DICE: rolled_mm ("not affected by the unit's formation");
 * - charge or evade: full pace "regardless of their formation", even
 *   fortified;
 * - half-pace order: half pace (irregular or not: half, not a quarter);
 * - ordered: half pace when any stand is in a fortified position or the
 *   formation is not regular (irregular, or not in formation), else full.
 * rolled_mm is read only for WM_MOVE_DICE. */
double wm_move_allowance_mm(const wm_battlefield *bf, const wm_unit *u, wm_move_kind kind,
                               double rolled_mm);

/* Writes n stands of width x depth mm into out[0..n), in a line facing
 * `facing` whose front edge is centred on front_mid, left to right. */
void wm_place_line(mu_orect *out, int n, mu_vec2 front_mid, mu_vec2 facing, double width_mm,
                      double depth_mm);

/* Writes n stands into out[0..n), a column edge to edge facing `facing`,
 * the head (out[0]) with its front edge centred on front_mid. */
void wm_place_column(mu_orect *out, int n, mu_vec2 front_mid, mu_vec2 facing, double width_mm,
                        double depth_mm);

#endif
