/* The move search's straight lanes: where a unit's footprint, sliding
 * straight from a pose along a direction, may end, found in one sweep
 * instead of by checking one distance after another.
 *
 * For each obstacle near the lane the sweep solves in closed form when
 * the sliding rectangle first overlaps it (the table edge: per corner;
 * terrain and other units: the line t g against the Minkowski difference
 * of the obstacle and the footprint, whose edges are the separating
 * axes), where it first touches an enemy (a straight step stops there,
 * na.game.contact), and over which distances its end would stand closer
 * than Unit Spacing to a unit it does not touch (the line against that
 * difference rounded by the spacing: the offset edges and the discs about
 * its vertices). The legal ends of a straight step along the lane are
 * then [0, first obstacle or contact] less those open spacing intervals.
 * A proposal, not a verdict: the policies still check the move they pick
 * with na_move_check_in; tests/unit/test_na_lane.c holds the sweep to
 * checking fine steps one by one. */
#ifndef MUSTER_NA_LANE_H
#define MUSTER_NA_LANE_H

#include "ninth_age/na_move.h"

#define NA_LANE_GAPS 12

typedef struct na_lane {
    double block_mm;   /* past this the footprint would overlap terrain or a unit or leave the table */
    double contact_mm; /* it first touches an enemy here, where a straight step stops (INFINITY: none) */
    int contact;       /* that enemy's index, or -1 */
    int n_gaps;        /* the spacing intervals, sorted by their start, disjoint */
    double gap_lo[NA_LANE_GAPS], gap_hi[NA_LANE_GAPS];
} na_lane;

/* Sweeps unit u's footprint standing as `at` (u's pose after some first
 * step; u is s->u) along the unit vector g for up to reach_mm, against
 * the table, its terrain and the units of scene s (built for u on the
 * field the move is made on) in slots list[0..n) (list NULL: all); fills
 * *l. Obstacles beyond reach_mm (and the spacing) are left out: l's
 * answers hold for ends up to reach_mm. */
void na_lane_sweep(const na_scene *s, const int *list, int n, const na_env *env, const na_unit *at, mu_vec2 g,
                   double reach_mm, na_lane *l);

/* The end distances along l a straight step no longer than cap_mm can
 * make legally (as far as the lane can tell: the model limit is the
 * caller's cap): [0, min(cap, block, contact)] less the spacing
 * intervals, each edge pulled in by NA_LANE_MARGIN_MM (but the contact
 * itself kept, and the end 0 when an interval reaches below it by no more
 * than that margin: the pose the lane starts from is not a step and the
 * margin is against rounding along one). Writes the one nearest to want_mm to *end_mm and returns
 * 1, or returns 0 when there is none. *at_contact (if non-NULL) gets
 * whether it is the contact (a step asked for cap_mm ends there). */
int na_lane_nearest(const na_lane *l, double cap_mm, double want_mm, double *end_mm, int *at_contact);

/* Pulls interval edges in by this much (mm) so that rounding cannot put a
 * proposed end on the wrong side of one. */
#define NA_LANE_MARGIN_MM 1e-3

#endif
