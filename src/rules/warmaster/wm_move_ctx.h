/* Internal to src/rules/warmaster: the move checker's context, built once
 * per unit and move kind and reused for many candidate moves (the
 * planner and the evade search check dozens), and the swept-path and
 * gap-region helpers behind wm_move_check (wm_move.h). */
#ifndef MUSTER_WM_MOVE_CTX_H
#define MUSTER_WM_MOVE_CTX_H

#include "warmaster/wm_move.h"

#include <stdint.h>

/* min and max without libm calls (no NaNs here): the hot paths. */
static inline double wm_min(double a, double b) { return a < b ? a : b; }
static inline double wm_max(double a, double b) { return a > b ? a : b; }

/* A stand some path might meet: its corners (counter-clockwise) and box. */
typedef struct wm_obstacle {
    mu_vec2 v[4];
    mu_vec2 lo, hi;
    int unit;
    int pass; /* a burst unit's stand: may be crossed, not ended on */
} wm_obstacle;

/* A gap next to an enemy stand (wm_move.h, "Gap rule"): a convex region. */
typedef struct wm_gap_region {
    int n;
    mu_vec2 v[16];
    mu_vec2 lo, hi;
    int enemy_unit;  /* the enemy stand's unit */
    int other_unit;  /* the partner stand's unit, or -1 */
    int feature;     /* the partner feature, or -1 */
    double width_mm; /* the gap */
} wm_gap_region;

typedef struct wm_move_ctx {
    const wm_battlefield *bf;
    int unit;
    wm_move_kind kind;
    int charge_target;
    uint64_t burst;
    double allowance_mm;
    double frontage_mm;
    uint32_t no_entry;        /* the features the unit cannot enter (bit = index) */
    mu_vec2 lo, hi;           /* every legal path stays in this box */
    int n_obst;
    wm_obstacle *obst;     /* other units' stands in the box (heap) */
    int n_enemy;
    wm_obstacle *enemy;    /* enemy stands that can border a gap in the box (heap) */
    int n_gaps, cap_gaps;
    wm_gap_region *gap;    /* the gaps (heap) */
    int *scratch;             /* n_obst + n_gaps ints for the checker (heap) */
    int exhaustive;           /* set by the tests: no short cuts in the sweeps, the
                                 reference wm_move_ctx_check's result must equal */
} wm_move_ctx;

/* Builds the context for moving unit (on bf, which must outlive it and not
 * change) with kind, rolled_mm, charge_target and burst as in wm_move.
 * Aborts with a message if memory runs out. */
void wm_move_ctx_init(wm_move_ctx *c, const wm_battlefield *bf, int unit, wm_move_kind kind,
                         double rolled_mm, int charge_target, uint64_t burst);

/* Frees what init allocated. */
void wm_move_ctx_free(wm_move_ctx *c);

/* wm_move_check with a context built for m's unit, kind, rolled_mm,
 * charge_target and burst. Uses c's scratch: one check at a time. */
wm_move_fault wm_move_ctx_check(wm_move_ctx *c, const wm_move *m, wm_move_report *rep);

/* What wm_move_ctx_sure_fault knows: the check surely fails on m (in its
 * order), on m with its paths in reverse order, or both. */
#define WM_SURE_IN_ORDER 1
#define WM_SURE_REVERSED 2
#define WM_SURE_BOTH 3

/* Which of wm_move_ctx_check(c, m, ...) and the same check of m with its
 * paths in reverse order surely return a fault (not WM_MOVE_OK): both
 * when some stand that moves has an end place (its legs' last pose, as
 * the check works it out) on terrain the unit cannot enter
 * (wm_orect_blocked), more than MU_GEOM_EPS_MM + 1e-7 mm off the table,
 * overlapping another unit's stand in c at least 1e-4 mm deep along every
 * axis (so that every swept polygon holding the end place overlaps it
 * too), or with corners whose straight distances from where they start
 * exceed the allowance (legs going straight or turning 1e-3 rad or more:
 * the measured length of a leg turning less can be mostly rounding);
 * an order in which a stand moves after one whose
 * end place it crosses (1e-4 mm deep: its start place, or the disc of
 * half its lesser side about its centre line, overlapping that place).
 * 0 says nothing. Tests of end places and of the stands' centre lines,
 * far cheaper than the check's sweeps: a search can skip the full
 * checks this rules out and keep its results. */
int wm_move_ctx_sure_fault(const wm_move_ctx *c, const wm_move *m);

/* ---- swept paths (move_path.c) ---- */

/* A test of a convex polygon v[0..n) (n <= 8): non-zero = it hits. */
typedef int (*wm_hit_fn)(void *ud, const mu_vec2 *v, int n);

/* A test of a box: 0 = fn surely misses every polygon whose vertices
 * lie in the box [lo, hi]. */
typedef int (*wm_box_fn)(void *ud, mu_vec2 lo, mu_vec2 hi);

/* Returns non-zero when the area *from sweeps during leg hits (see
 * wm_move.h, "Swept area"): fn is called on convex pieces that contain
 * the sweep and on exact poses; the first hit in time order ends it, so
 * fn's record of what it hit is the first thing met. may_hit (or NULL)
 * is asked first about each polygon's box; where it says 0 the polygon
 * (not even made) counts as missing. */
int wm_leg_sweep_hits(const mu_orect *from, wm_leg leg, wm_hit_fn fn, wm_box_fn may_hit, void *ud);

/* E(phi | m), the incomplete elliptic integral of the second kind, for
 * |phi| <= pi/2 and 0 <= m <= 1, as the path lengths take it (Carlson's
 * R_F and R_D, duplicated together). */
double wm_ellip_e(double phi, double m);

/* The same from R_F and R_D computed apart: the reference wm_ellip_e
 * must equal bit for bit. */
double wm_ellip_e_reference(double phi, double m);

/* A piece [t0, t1] of a turning leg's sweep: the corners (ccw, as
 * mu_orect_corners_ccw_unit) of the poses at t0 and t1, each corner's
 * velocity (per unit of the leg's time) at t1, how far a corner strays
 * from its chord (grow), the bound on how much its projection's rate can
 * change over the piece (bend), and a box holding the whole piece. */
typedef struct wm_sweep_piece {
    mu_vec2 ca[4], cb[4], vel[4];
    double grow, bend;
    mu_vec2 lo, hi;
} wm_sweep_piece;

/* A test of a piece: non-zero = fn surely misses every polygon the sweep
 * asks it about inside the piece (poses and hulls of poses). */
typedef int (*wm_piece_fn)(void *ud, const wm_sweep_piece *p);

/* Non-zero when every pose of the piece, and the hull of any two of its
 * poses, is apart from the rectangle o[0..4) for mu_convex_overlap with
 * MU_SAT_DIV (one of o's edges separates them by more than its
 * tolerance, whatever the poses' rounding): a bound on the corners'
 * projections over the piece, exact at the ends where a projection is
 * monotone over the piece. */
int wm_sweep_piece_clear_of(const wm_sweep_piece *p, const mu_vec2 *o);

/* wm_leg_sweep_hits, where a piece of the sweep's cut that clear_cut (or
 * NULL) declares clear is not cut further nor asked about: the same
 * answer and first hit when clear_cut is right. */
int wm_leg_sweep_hits_cut(const mu_orect *from, wm_leg leg, wm_hit_fn fn, wm_box_fn may_hit, wm_piece_fn clear_cut,
                          void *ud);

/* The same answer and the same calls up to the first hit, less the
 * repeats: wm_leg_sweep_hits asks fn about a pose once (fn must answer
 * the same for the same polygon), this asks again wherever a piece's
 * test comes to it. The reference the tests hold wm_leg_sweep_hits to. */
int wm_leg_sweep_hits_exhaustive(const mu_orect *from, wm_leg leg, wm_hit_fn fn, void *ud);

/* ---- gaps (gap.c) ---- */

/* Fills c->gap with the gaps (wm_move.h, "Gap rule"): enemy stands
 * against other enemy stands, stands of c's side's other units, and
 * edges of features c's unit cannot enter or of rivers; skipping gaps
 * wider than c->frontage_mm, (charging) those bordered by the charge
 * target, and those no path the check sweeps can reach (their sides'
 * joint box clear of c->lo..c->hi by 0.5 mm). */
void wm_gaps_build(wm_move_ctx *c);

/* Writes to *g the gap between enemy stand *a (unit ea) and the stand *b
 * (unit ob) if it is narrower than or equal to width_mm and wider than
 * MU_GEOM_EPS_MM; returns non-zero when it did. */
int wm_gap_between_stands(const mu_vec2 a[4], int ea, const mu_vec2 b[4], int ob, double width_mm,
                             wm_gap_region *g);

/* Returns non-zero when convex v[0..n) shares interior with gap g. */
int wm_gap_entered(const wm_gap_region *g, const mu_vec2 *v, int n);

#endif
