/* Internal to src/rules/warmaster: the exact "is there a clear segment
 * between these two segments" test behind line of sight (visibility.c)
 * and the barrier check (barrier.c). See wm_visibility.h for why trying
 * the candidate lines is exact. */
#ifndef MUSTER_WM_SIGHT_H
#define MUSTER_WM_SIGHT_H

#include "muster/geom.h"

#include <stdint.h>

enum { WM_BLK_RECT, WM_BLK_POLY, WM_BLK_CIRCLE };

/* Something a segment may not pass through the interior of. */
typedef struct wm_blocker {
    int type;
    mu_orect rect;     /* WM_BLK_RECT */
    mu_vec2 corner[4]; /* its corners */
    const mu_vec2 *v;  /* WM_BLK_POLY: vertices (borrowed), n of them */
    int n;
    mu_circle circle;  /* WM_BLK_CIRCLE */
    mu_vec2 lo, hi;    /* bounding box */
    int feature;       /* its terrain feature's index (< 32), or -1 */
} wm_blocker;

/* Fill *b as a stand, a polygon (vertices borrowed) or a circle. */
void wm_blocker_rect(wm_blocker *b, const mu_orect *r);
void wm_blocker_poly(wm_blocker *b, const mu_vec2 *v, int n, int feature);
void wm_blocker_circle(wm_blocker *b, mu_circle c, int feature);

/* Returns b's vertices (b->n of them; none for a circle). */
const mu_vec2 *wm_blocker_vertices(const wm_blocker *b);

/* Returns non-zero when s passes through b's interior. */
int wm_blocker_crosses(const wm_blocker *b, mu_seg s);

/* Returns non-zero when s meets no interior point of the union of the
 * blockers b[rel[0..nrel)]: it crosses none of them and does not run
 * along a joint where blockers cover both its sides (tolerance 1e-3 mm). */
int wm_segment_clear(mu_seg s, const wm_blocker *b, const int *rel, int nrel);

/* Returns non-zero when some segment from a point of s to a point of f
 * (either may be a single point) is clear (wm_segment_clear) of
 * b[0..nb), skipping blockers whose feature bit is set in skip. Exact up
 * to MU_GEOM_EPS_MM. */
int wm_clear_between(mu_seg s, mu_seg f, const wm_blocker *b, int nb, uint32_t skip);

#endif
