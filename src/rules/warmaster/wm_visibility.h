/* Warmaster line of sight and the closest visible enemy
 * (warmaster-movement.adoc, "Moving by initative"; warmaster-command
 * "Initiative"). Units are indices into bf->unit; only units on the table
 * take part.
 *
 * Sight (our reading, CLAUSES.md): unit A sees unit B when some segment
 * runs from a point p of a sight edge of a stand of A to a point q of a
 * stand of B, with q strictly beyond the sight edge's line (a stand sees
 * out of its front edge, not sideways along it or behind it), and the
 * open segment passes through the interior of no blocker. Blockers: every
 * stand on the table except characters' and B's own (A's other stands do
 * block: a rear rank does not see through the front rank), and every
 * sight-blocking feature (all but the low ones) except the features the
 * looking stand or the seen stand is at least partly in (units in a wood
 * or on a hill see out and are seen). Grazing a blocker's edge or corner
 * does not block. Sight edges: the front edge of each stand; with
 * all-round vision every edge, so that sight leaves only from "free
 * edges" (an edge covered by another stand of the unit is blocked by it).
 *
 * Exactness: the test is exact up to MU_GEOM_EPS_MM, not sampled. If any
 * clear segment exists, one exists whose line passes through two of: the
 * ends of the two edges, blockers' vertices, points where the edges cross
 * blockers' boundaries, or is tangent to a circular feature through one
 * such point or tangent to two such circles (slide a clear segment until
 * two constraints hold). Every such candidate line is tried. */
#ifndef MUSTER_WM_VISIBILITY_H
#define MUSTER_WM_VISIBILITY_H

#include "warmaster/wm_battlefield.h"

/* Which edges a unit sees from. */
typedef enum wm_sight {
    WM_SIGHT_FRONT, /* front edges only: what a charge needs */
    WM_SIGHT_UNIT   /* as the unit sees: all edges with all-round vision */
} wm_sight;

/* Returns non-zero when unit observer sees unit target on bf (see above).
 * Characters never block; a character may be the observer or target. */
int wm_unit_sees(const wm_battlefield *bf, int observer, int target, wm_sight mode);

/* The options the text gives a player when using initiative. */
typedef struct wm_enemy_options {
    double range_mm;      /* "within 20cm" (200; this distance counts) */
    int ignore_fortified; /* ignore enemy infantry or artillery in fortified positions */
    int ignore_divided;   /* ignore enemies across a mutually impassable barrier */
} wm_enemy_options;

/* Returns the text's options: 200 mm, nothing ignored. */
wm_enemy_options wm_enemy_options_default(void);

/* The closest visible enemy units (more than one when equally close: "the
 * player may choose"). */
typedef struct wm_closest {
    int n;                           /* 0: no visible enemy in range */
    double distance_mm;              /* their distance */
    int unit[WM_MAX_UNITS];       /* indices into bf->unit */
    int can_charge[WM_MAX_UNITS]; /* seen from a front edge, not artillery */
} wm_closest;

/* Finds, for unit u (not a character), the enemy units (other side, on the
 * table, not characters) within opt->range_mm that u sees (as the unit
 * sees: WM_SIGHT_UNIT) and that opt does not let it ignore, and keeps
 * the closest (distances equal within MU_GEOM_EPS_MM tie). Each gets
 * can_charge: "even a unit that can see all round cannot charge an enemy
 * unless a line of sight can be drawn from a stand's front edge", and
 * "Artillery cannot use their initiative to charge". Fills *out and
 * returns out->n. */
int wm_closest_visible_enemies(const wm_battlefield *bf, int u, const wm_enemy_options *opt,
                                  wm_closest *out);

/* Returns non-zero when unit e is infantry or artillery wholly or partly
 * in a fortified position (may be ignored for initiative). */
int wm_fortified_ignorable(const wm_battlefield *bf, int e);

/* Returns a lower bound on the length of the shortest route for a point
 * from any point of unit a's stands to any point of unit b's, passing
 * through no feature that both units cannot enter (circles as their
 * inscribed 32-gons) and bending only at those features' vertices that lie
 * strictly inside the table (a route cannot squeeze between a feature and
 * the table edge). 0 when the units touch; INFINITY when there is no
 * route. The bound is exact when every leg from a unit to a vertex is
 * the shortest way there. */
double wm_route_around_mm(const wm_battlefield *bf, int a, int b);

/* Returns non-zero when units a and b are "divided by a mutually
 * impassable barrier" and neither "can move round the barrier within a
 * full pace move". Our conservative reading: every straight segment
 * between a stand of a and a stand of b passes through a feature neither
 * may enter, and wm_route_around_mm is longer than each unit's full
 * pace. Stand sizes, gaps, other terrain and units are not counted, so the
 * real way round is never shorter than the bound: units are never
 * wrongly called divided (except that, by design, no route squeezes
 * between a feature and the table edge it touches). */
int wm_divided_by_barrier(const wm_battlefield *bf, int a, int b);

#endif
