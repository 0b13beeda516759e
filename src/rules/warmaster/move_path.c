/* Stand paths: poses along a leg, exact path lengths, swept areas; making
 * a move and a forced move's halt (warmaster-movement.adoc, "Moving the
 * stands", "Terrain"; the model is in wm_move.h). */
#include "warmaster/wm_move.h"

#include "wm_move_ctx.h"
#include "wm_shape.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define PI 3.14159265358979323846
#define SWEEP_GROW_MM 0.05  /* growth of a first-cut turning piece */
#define SWEEP_LEAF_MM 1e-5  /* growth below which a piece's two poses decide */
#define SWEEP_DEPTH 24      /* cuts at most (a guard; the leaf comes first) */

/* ---- Carlson's symmetric elliptic integrals (Carlson 1995, duplication
 * with a fifth-order series; relative error below 1e-15 at this stopping
 * tolerance) ---- */

static double max3(double a, double b, double c)
{
    return wm_max(fabs(a), wm_max(fabs(b), fabs(c)));
}

/* R_F's series once the duplication has converged (mu, deviations dx, dy, dz). */
static inline double rf_series(double mu, double dx, double dy, double dz)
{
    double e2 = dx * dy - dz * dz, e3 = dx * dy * dz;
    return (1.0 + (e2 / 24.0 - 0.1 - 3.0 * e3 / 44.0) * e2 + e3 / 14.0) / sqrt(mu);
}

/* R_D's result once the duplication has converged: the sum so far plus
 * fac times the series at mu, dx, dy, dz. */
static inline double rd_series(double sum, double fac, double mu, double dx, double dy, double dz)
{
    const double c1 = 3.0 / 14.0, c2 = 1.0 / 6.0, c3 = 9.0 / 22.0, c4 = 3.0 / 26.0;
    const double c5 = 0.25 * c3, c6 = 1.5 * c4;
    double ea = dx * dy, eb = dz * dz, ec = ea - eb, ed = ea - 6.0 * eb, ee = ed + ec + ec;
    double series = 1.0 + ed * (-c1 + c5 * ed - c6 * dz * ee) + dz * (c2 * ee + dz * (-c3 * ec + dz * c4 * ea));
    return 3.0 * sum + fac * series / (mu * sqrt(mu));
}

/* R_F(x, y, z): x, y, z >= 0, at most one of them 0. */
static double carlson_rf(double x, double y, double z)
{
    for (;;) {
        double sx = sqrt(x), sy = sqrt(y), sz = sqrt(z);
        double lam = sx * (sy + sz) + sy * sz;
        x = 0.25 * (x + lam);
        y = 0.25 * (y + lam);
        z = 0.25 * (z + lam);
        double mu = (x + y + z) / 3.0;
        double dx = (mu - x) / mu, dy = (mu - y) / mu, dz = (mu - z) / mu;
        if (max3(dx, dy, dz) < 1e-3)
            return rf_series(mu, dx, dy, dz);
    }
}

/* R_D(x, y, z): x, y >= 0, at most one of them 0, z > 0. */
static double carlson_rd(double x, double y, double z)
{
    double sum = 0.0, fac = 1.0;
    for (;;) {
        double sx = sqrt(x), sy = sqrt(y), sz = sqrt(z);
        double lam = sx * (sy + sz) + sy * sz;
        sum += fac / (sz * (z + lam));
        fac *= 0.25;
        x = 0.25 * (x + lam);
        y = 0.25 * (y + lam);
        z = 0.25 * (z + lam);
        double mu = 0.2 * (x + y + 3.0 * z);
        double dx = (mu - x) / mu, dy = (mu - y) / mu, dz = (mu - z) / mu;
        if (max3(dx, dy, dz) < 1e-3)
            return rd_series(sum, fac, mu, dx, dy, dz);
    }
}

/* R_F(x, y, z) and R_D(x, y, z) at once: both duplicate (x, y, z) the
 * same way, so one set of square roots serves both until each stops
 * where carlson_rf and carlson_rd stop, with their operations in their
 * order: the same two numbers, bit for bit. */
static void carlson_rf_rd(double x, double y, double z, double *rf, double *rd)
{
    double sum = 0.0, fac = 1.0;
    int rf_done = 0, rd_done = 0;
    for (;;) {
        double sx = sqrt(x), sy = sqrt(y), sz = sqrt(z);
        double lam = sx * (sy + sz) + sy * sz;
        if (!rd_done) {
            sum += fac / (sz * (z + lam));
            fac *= 0.25;
        }
        x = 0.25 * (x + lam);
        y = 0.25 * (y + lam);
        z = 0.25 * (z + lam);
        if (!rf_done) {
            double mu = (x + y + z) / 3.0;
            double dx = (mu - x) / mu, dy = (mu - y) / mu, dz = (mu - z) / mu;
            if (max3(dx, dy, dz) < 1e-3) {
                *rf = rf_series(mu, dx, dy, dz);
                rf_done = 1;
            }
        }
        if (!rd_done) {
            double mu = 0.2 * (x + y + 3.0 * z);
            double dx = (mu - x) / mu, dy = (mu - y) / mu, dz = (mu - z) / mu;
            if (max3(dx, dy, dz) < 1e-3) {
                *rd = rd_series(sum, fac, mu, dx, dy, dz);
                rd_done = 1;
            }
        }
        if (rf_done && rd_done)
            return;
    }
}

/* E(phi | m), |phi| <= pi/2, 0 <= m <= 1: the reference, R_F and R_D
 * each on its own. */
double wm_ellip_e_reference(double phi, double m)
{
    double s = sin(phi);
    if (m >= 1.0 - 1e-15)
        return s; /* E(phi | 1) = sin phi */
    double c = cos(phi), q = 1.0 - m * s * s;
    return s * carlson_rf(c * c, q, 1.0) - m * s * s * s * carlson_rd(c * c, q, 1.0) / 3.0;
}

/* E(phi | m) as wm_ellip_e_reference, R_F and R_D taken together. */
static double ellip_e_principal(double phi, double m)
{
    double s = sin(phi);
    if (m >= 1.0 - 1e-15)
        return s; /* E(phi | 1) = sin phi */
    double c = cos(phi), q = 1.0 - m * s * s, rf = 0.0, rd = 0.0;
    carlson_rf_rd(c * c, q, 1.0, &rf, &rd);
    return s * rf - m * s * s * s * rd / 3.0;
}

double wm_ellip_e(double phi, double m)
{
    return ellip_e_principal(phi, m);
}

/* ---- poses and path lengths ---- */

mu_orect wm_leg_pose(const mu_orect *from, wm_leg leg, double t)
{
    mu_orect r = *from;
    if (t >= 1.0)
        r.center = leg.center;
    else
        r.center = mu_v2_add(from->center, mu_v2_scale(mu_v2_sub(leg.center, from->center), t));
    mu_vec2 f = mu_v2_rotate(from->facing, t * leg.turn_rad);
    r.facing = mu_v2_scale(f, 1.0 / mu_v2_len(f));
    return r;
}

/* A point's velocity is d + turn * perp(R(turn t) r0), |d| = a and the
 * turning part's length b = |turn| |r0|: its speed is
 * sqrt(a^2 + b^2 + 2ab cos psi) = (a + b) sqrt(1 - m sin^2(psi / 2)) with
 * m = 4ab / (a + b)^2 and psi, the angle between the two parts, turning at
 * rate turn. So the length is (a + b) 2 (E(phi1) - E(phi0)) / turn with
 * phi = psi / 2. e_half is E(pi/2 | m), or a negative number to have it
 * computed when needed. */
/* The length a = |d| and direction atan2(d) of a leg's shift, which every
 * corner's point_path uses (the direction taken when first needed). */
typedef struct leg_shift {
    mu_vec2 d;
    double a, dir;
    int have_dir;
} leg_shift;

static leg_shift shift_of(mu_vec2 d)
{
    leg_shift k = {d, mu_v2_len(d), 0.0, 0};
    return k;
}

static double shift_dir(leg_shift *k)
{
    if (!k->have_dir) {
        k->dir = atan2(k->d.y, k->d.x);
        k->have_dir = 1;
    }
    return k->dir;
}

/* Below this turn (rad) the difference of the two E values, divided by
 * the turn, loses digits to rounding (a leg turning 1e-16 rad measured
 * 0 mm; at 1e-6 rad, 1e-10 relative): the speed at the middle of the leg
 * is taken instead, which differs from the path by a relative
 * m turn^2 / 24 with m = 4ab / (a + b)^2 < 4 b / a itself O(turn): under
 * 1e-10 here. */
#define SMALL_TURN_RAD 1e-3

static double point_path(leg_shift *sh, double turn, mu_vec2 offset, double *e_half)
{
    double a = sh->a, rho = mu_v2_len(offset);
    double b = fabs(turn) * rho;
    if (b == 0.0)
        return a;
    if (a == 0.0)
        return b;
    double psi0 = atan2(offset.y, offset.x) + (turn > 0.0 ? PI / 2.0 : -PI / 2.0) - shift_dir(sh);
    double m = 4.0 * a * b / ((a + b) * (a + b));
    if (fabs(turn) < SMALL_TURN_RAD) { /* the speed (a + b) sqrt(1 - m sin^2(psi / 2)) at t = 1/2 */
        double s = sin(psi0 / 2.0 + turn / 4.0);
        return wm_min((a + b) * sqrt(fmax(0.0, 1.0 - m * s * s)), a + b);
    }
    double phi[2] = {psi0 / 2.0, (psi0 + turn) / 2.0}, e[2];
    for (int i = 0; i < 2; i++) { /* E(phi + k pi) = E(phi) + 2 k E(pi/2) */
        double k = nearbyint(phi[i] / PI);
        e[i] = ellip_e_principal(phi[i] - k * PI, m);
        if (k != 0.0) {
            if (*e_half < 0.0)
                *e_half = ellip_e_principal(PI / 2.0, m);
            e[i] += 2.0 * k * *e_half;
        }
    }
    double len = (a + b) * 2.0 * (e[1] - e[0]) / turn;
    return wm_min(len, a + b); /* the integrand never exceeds a + b: trims rounding */
}

/* What point_path(d, turn, offset, e_half) leaves in *e_half, without
 * measuring the path: a corner not measured must still set E(pi/2 | m)
 * from its own m where point_path would have, as the corners after it
 * use that value. */
static void point_path_half(leg_shift *sh, double turn, mu_vec2 offset, double *e_half)
{
    double a = sh->a, rho = mu_v2_len(offset);
    double b = fabs(turn) * rho;
    if (b == 0.0 || a == 0.0 || *e_half >= 0.0 || fabs(turn) < SMALL_TURN_RAD)
        return;
    double psi0 = atan2(offset.y, offset.x) + (turn > 0.0 ? PI / 2.0 : -PI / 2.0) - shift_dir(sh);
    double m = 4.0 * a * b / ((a + b) * (a + b));
    double phi[2] = {psi0 / 2.0, (psi0 + turn) / 2.0};
    for (int i = 0; i < 2; i++)
        if (nearbyint(phi[i] / PI) != 0.0) {
            *e_half = ellip_e_principal(PI / 2.0, m);
            return;
        }
}

/* RULE wm.stands.farthest-part */
double wm_leg_point_path_mm(const mu_orect *from, wm_leg leg, mu_vec2 offset)
{
    double e_half = -1.0;
    leg_shift k = shift_of(mu_v2_sub(leg.center, from->center));
    return point_path(&k, leg.turn_rad, offset, &e_half);
}

/* RULE wm.stands.farthest-part */
double wm_stand_path_exhaustive_mm(const mu_orect *start, const wm_leg *legs, int n, mu_orect *end)
{
    double len[4] = {0, 0, 0, 0};
    mu_orect r = *start;
    for (int k = 0; k < n; k++) {
        mu_vec2 c[4];
        leg_shift d = shift_of(mu_v2_sub(legs[k].center, r.center));
        mu_orect_corners_ccw_unit(&r, c);
        double e_half = -1.0; /* the corners share a and b, so m and E(pi/2 | m) */
        for (int i = 0; i < 4; i++)
            len[i] += point_path(&d, legs[k].turn_rad, mu_v2_sub(c[i], r.center), &e_half);
        r = wm_leg_pose(&r, legs[k], 1.0);
    }
    if (end)
        *end = r;
    return wm_max(wm_max(len[0], len[1]), wm_max(len[2], len[3]));
}

/* Corners whose path is surely shorter than another's are not measured
 * when that margin (mm) is clear: far above the rounding of any figure
 * here. */
#define CORNER_MARGIN_MM 1e-6

/* One leg: a corner at offset r0 moves with velocity d + turn perp(R(turn
 * t) r0), whose square integrates over t in [0, 1] to a^2 + b^2 +
 * 2 d.(r1 - r0) (r1: the offset at the end), so its path is at most the
 * square root of that (Cauchy-Schwarz) and at least its chord,
 * |d + r1 - r0|. A corner whose bound lies below the longest chord cannot
 * be the farthest: only the others are measured, so the result is the
 * exhaustive one bit for bit. */
/* RULE wm.stands.farthest-part */
double wm_stand_path_mm(const mu_orect *start, const wm_leg *legs, int n, mu_orect *end)
{
    if (n != 1 || legs[0].turn_rad == 0.0)
        return wm_stand_path_exhaustive_mm(start, legs, n, end);
    mu_orect r = wm_leg_pose(start, legs[0], 1.0);
    mu_vec2 c0[4], c1[4], d = mu_v2_sub(legs[0].center, start->center);
    mu_orect_corners_ccw_unit(start, c0);
    mu_orect_corners_ccw_unit(&r, c1);
    double a2 = mu_v2_dot(d, d), chord[4], bound2[4], longest = 0.0;
    for (int i = 0; i < 4; i++) {
        mu_vec2 r0 = mu_v2_sub(c0[i], start->center), dr = mu_v2_sub(mu_v2_sub(c1[i], r.center), r0);
        double b = fabs(legs[0].turn_rad) * mu_v2_len(r0);
        chord[i] = mu_v2_len(mu_v2_add(d, dr));
        bound2[i] = a2 + b * b + 2.0 * mu_v2_dot(d, dr);
        longest = wm_max(longest, chord[i]);
    }
    double floor = longest - CORNER_MARGIN_MM, len[4] = {0, 0, 0, 0};
    double e_half = -1.0;
    leg_shift k = shift_of(d);
    for (int i = 0; i < 4; i++) {
        mu_vec2 offset = mu_v2_sub(c0[i], start->center);
        if (!(floor > 0.0 && bound2[i] < floor * floor))
            len[i] = point_path(&k, legs[0].turn_rad, offset, &e_half);
        else
            point_path_half(&k, legs[0].turn_rad, offset, &e_half);
    }
    if (end)
        *end = r;
    return wm_max(wm_max(len[0], len[1]), wm_max(len[2], len[3]));
}

/* ---- swept areas ---- */

/* The hull of two poses, each grown by `grow` mm on every side. A hull
 * of fewer than 3 vertices cannot happen for stands of positive size. */
/* The corners of poses a and b, each grown by `grow` mm on every side. */
static void grown_corners(const mu_orect *a, const mu_orect *b, double grow, mu_vec2 p[8])
{
    mu_orect ga = *a, gb = *b;
    ga.width += 2.0 * grow;
    ga.depth += 2.0 * grow;
    gb.width += 2.0 * grow;
    gb.depth += 2.0 * grow;
    mu_orect_corners_ccw_unit(&ga, p);
    mu_orect_corners_ccw_unit(&gb, p + 4);
}

static int two_pose_hull(const mu_orect *a, const mu_orect *b, double grow, mu_vec2 out[8])
{
    mu_vec2 p[8];
    grown_corners(a, b, grow, p);
    return mu_hull(p, 8, out);
}

static int pose_hits(const mu_orect *r, wm_hit_fn fn, void *ud)
{
    mu_vec2 v[4];
    mu_orect_corners_ccw_unit(r, v);
    return fn(ud, v, 4);
}

typedef struct sweep {
    const mu_orect *from;
    wm_leg leg;
    double rho; /* half diagonal */
    wm_hit_fn fn;
    void *ud;
    wm_box_fn may_hit;     /* NULL: ask fn about every polygon */
    wm_piece_fn clear_cut; /* NULL: no piece is declared clear */
} sweep;

/* The box of v[0..n). */
static void points_box(const mu_vec2 *v, int n, mu_vec2 *lo, mu_vec2 *hi)
{
    *lo = *hi = v[0];
    for (int i = 1; i < n; i++) {
        *lo = mu_v2(wm_min(lo->x, v[i].x), wm_min(lo->y, v[i].y));
        *hi = mu_v2(wm_max(hi->x, v[i].x), wm_max(hi->y, v[i].y));
    }
}

/* fn on the hull of poses a and b grown by grow (two_pose_hull), unless
 * may_hit says nothing fn looks at meets the box of the hull's points. */
static int hull_hits(const sweep *s, const mu_orect *a, const mu_orect *b, double grow)
{
    mu_vec2 h[8];
    if (s->may_hit) {
        mu_vec2 p[8], lo, hi;
        grown_corners(a, b, grow, p);
        points_box(p, 8, &lo, &hi);
        if (!s->may_hit(s->ud, lo, hi))
            return 0;
        return s->fn(s->ud, h, mu_hull(p, 8, h));
    }
    return s->fn(s->ud, h, two_pose_hull(a, b, grow, h));
}

/* fn on pose r, unless may_hit rules it out. */
static int pose_hits_boxed(const sweep *s, const mu_orect *r)
{
    mu_vec2 v[4];
    mu_orect_corners_ccw_unit(r, v);
    if (s->may_hit) {
        mu_vec2 lo, hi;
        points_box(v, 4, &lo, &hi);
        if (!s->may_hit(s->ud, lo, hi))
            return 0;
    }
    return s->fn(s->ud, v, 4);
}

/* The reference for piece_hits: each piece's poses worked out, and
 * tried, afresh. */
static int piece_hits_exhaustive(const sweep *s, double t0, double t1, int depth)
{
    double dturn = s->leg.turn_rad * (t1 - t0);
    double grow = s->rho * dturn * dturn / 8.0;
    mu_orect a = wm_leg_pose(s->from, s->leg, t0), b = wm_leg_pose(s->from, s->leg, t1);
    mu_vec2 h[8];
    if (grow <= SWEEP_LEAF_MM || depth >= SWEEP_DEPTH)
        return s->fn(s->ud, h, two_pose_hull(&a, &b, 0.0, h));
    if (!s->fn(s->ud, h, two_pose_hull(&a, &b, grow, h)))
        return 0;
    if (pose_hits(&a, s->fn, s->ud) || pose_hits(&b, s->fn, s->ud))
        return 1;
    double mid = 0.5 * (t0 + t1);
    return piece_hits_exhaustive(s, t0, mid, depth + 1) || piece_hits_exhaustive(s, mid, t1, depth + 1);
}

/* The first cut: pieces grown by at most SWEEP_GROW_MM. */
static int first_cut(const sweep *s)
{
    double max_step = sqrt(8.0 * SWEEP_GROW_MM / s->rho);
    int pieces = (int)ceil(fabs(s->leg.turn_rad) / max_step);
    return pieces < 1 ? 1 : pieces;
}

int wm_leg_sweep_hits_exhaustive(const mu_orect *from, wm_leg leg, wm_hit_fn fn, void *ud)
{
    if (leg.turn_rad == 0.0) {
        mu_vec2 h[8];
        return fn(ud, h, mu_orect_sweep_hull(from, mu_v2_sub(leg.center, from->center), h));
    }
    sweep s = {from, leg, 0.5 * hypot(from->width, from->depth), fn, ud, NULL, NULL};
    int pieces = first_cut(&s);
    for (int i = 0; i < pieces; i++)
        if (piece_hits_exhaustive(&s, (double)i / pieces, (double)(i + 1) / pieces, 0))
            return 1;
    return 0;
}

/* A pose on the leg, and whether fn has been tried on it and missed: fn
 * answers the same for the same polygon, so it need not be asked again. */
typedef struct leg_pose {
    mu_orect r;
    int clear;
} leg_pose;

/* Margin (mm) above the rounding of any pose, corner or projection on a
 * table of metres (about 1e-12 mm), below which piece bounds are not
 * trusted. */
#define PIECE_ROUNDING_MM 1e-9

/* The piece [t0, t1] of the sweep s as wm_piece_fn sees it. */
static void make_piece(const sweep *s, const mu_orect *a, const mu_orect *b, double t0, double t1, double grow,
                       wm_sweep_piece *p)
{
    mu_vec2 shift = mu_v2_sub(s->leg.center, s->from->center);
    double turn = s->leg.turn_rad, dt = t1 - t0;
    mu_orect_corners_ccw_unit(a, p->ca);
    mu_orect_corners_ccw_unit(b, p->cb);
    for (int i = 0; i < 4; i++) { /* d/dt of corner i at t1: shift + turn perp(corner - centre) */
        mu_vec2 q = mu_v2_sub(p->cb[i], b->center);
        p->vel[i] = mu_v2_add(shift, mu_v2_scale(mu_v2(-q.y, q.x), turn));
    }
    p->grow = grow;
    p->bend = turn * turn * s->rho * dt + PIECE_ROUNDING_MM * (1.0 + mu_v2_len(shift) + fabs(turn) * s->rho);
    points_box(p->ca, 4, &p->lo, &p->hi);
    mu_vec2 lo, hi;
    points_box(p->cb, 4, &lo, &hi);
    double m = grow + PIECE_ROUNDING_MM;
    p->lo = mu_v2(wm_min(p->lo.x, lo.x) - m, wm_min(p->lo.y, lo.y) - m);
    p->hi = mu_v2(wm_max(p->hi.x, hi.x) + m, wm_max(p->hi.y, hi.y) + m);
}

/* A corner's projection p(t) on a unit axis n has |p''| <= turn^2 rho, so
 * when |p'(t1)| exceeds turn^2 rho (t1 - t0) (the piece's bend) p' keeps
 * its sign over the piece and p is largest and smallest at the ends;
 * otherwise it strays at most grow beyond the ends' values. Every pose
 * and every hull of poses the sweep makes inside the piece projects
 * within those bounds (but for rounding, PIECE_ROUNDING_MM), so where
 * they clear an edge of o by more than MU_GEOM_EPS_MM's separation test
 * asks, mu_convex_overlap(hull, n, o, 4, MU_SAT_DIV) says 0 for each. */
int wm_sweep_piece_clear_of(const wm_sweep_piece *p, const mu_vec2 *o)
{
    for (int k = 0; k < 4; k++) {
        mu_vec2 e = mu_v2_sub(o[(k + 1) % 4], o[k]);
        double len = sqrt(e.x * e.x + e.y * e.y);
        if (len <= 1e-12)
            continue;
        mu_vec2 axis = mu_v2(-e.y / len, e.x / len); /* as mu_convex_overlap's MU_SAT_DIV */
        double olo = mu_v2_dot(o[0], axis), ohi = olo;
        for (int i = 1; i < 4; i++) {
            double t = mu_v2_dot(o[i], axis);
            olo = t < olo ? t : olo;
            ohi = t > ohi ? t : ohi;
        }
        double top = -INFINITY, bot = INFINITY;
        for (int i = 0; i < 4; i++) {
            double pa = mu_v2_dot(p->ca[i], axis), pb = mu_v2_dot(p->cb[i], axis);
            double stray = fabs(mu_v2_dot(p->vel[i], axis)) > p->bend ? 0.0 : p->grow;
            top = wm_max(top, wm_max(pa, pb) + stray);
            bot = wm_min(bot, wm_min(pa, pb) - stray);
        }
        if (top + PIECE_ROUNDING_MM <= olo + EPS || ohi <= bot - PIECE_ROUNDING_MM + EPS)
            return 1;
    }
    return 0;
}

/* The piece [t0, t1] of a turning leg (a, b: the poses at t0 and t1): a
 * point strays at most rho dturn^2 / 8 from the chord between its
 * positions at t0 and t1 (the bound on a function vanishing at both ends
 * with second derivative at most rho dturn^2), so the hull of the two
 * poses grown by that much holds the piece's sweep. Where that hull may
 * hit, clear_cut may still show that nothing the sweep asks fn about
 * inside the piece hits (wm_sweep_piece_clear_of): the piece is not cut. */
static int piece_hits(const sweep *s, double t0, double t1, leg_pose *a, leg_pose *b, int depth)
{
    double dturn = s->leg.turn_rad * (t1 - t0);
    double grow = s->rho * dturn * dturn / 8.0;
    if (grow <= SWEEP_LEAF_MM || depth >= SWEEP_DEPTH)
        return hull_hits(s, &a->r, &b->r, 0.0);
    if (!hull_hits(s, &a->r, &b->r, grow))
        return 0;
    if (s->clear_cut) {
        wm_sweep_piece p;
        make_piece(s, &a->r, &b->r, t0, t1, grow, &p);
        if (s->clear_cut(s->ud, &p))
            return 0;
    }
    if ((!a->clear && pose_hits_boxed(s, &a->r)) || (!b->clear && pose_hits_boxed(s, &b->r)))
        return 1;
    a->clear = b->clear = 1;
    double mid = 0.5 * (t0 + t1);
    leg_pose m = {wm_leg_pose(s->from, s->leg, mid), 0};
    return piece_hits(s, t0, mid, a, &m, depth + 1) || piece_hits(s, mid, t1, &m, b, depth + 1);
}

int wm_leg_sweep_hits(const mu_orect *from, wm_leg leg, wm_hit_fn fn, wm_box_fn may_hit, void *ud)
{
    return wm_leg_sweep_hits_cut(from, leg, fn, may_hit, NULL, ud);
}

int wm_leg_sweep_hits_cut(const mu_orect *from, wm_leg leg, wm_hit_fn fn, wm_box_fn may_hit, wm_piece_fn clear_cut,
                          void *ud)
{
    if (leg.turn_rad == 0.0) {
        mu_vec2 h[8];
        mu_vec2 delta = mu_v2_sub(leg.center, from->center);
        if (may_hit) { /* the hull's points: mu_orect_sweep_hull's */
            mu_vec2 p[8], lo, hi;
            mu_orect_corners(from, p);
            for (int i = 0; i < 4; i++)
                p[4 + i] = mu_v2_add(p[i], delta);
            points_box(p, 8, &lo, &hi);
            if (!may_hit(ud, lo, hi))
                return 0;
        }
        return fn(ud, h, mu_orect_sweep_hull(from, delta, h));
    }
    sweep s = {from, leg, 0.5 * hypot(from->width, from->depth), fn, ud, may_hit, clear_cut};
    int pieces = first_cut(&s);
    /* a piece's end pose is the next one's start */
    leg_pose p[2] = {{wm_leg_pose(from, leg, 0.0), 0}};
    for (int i = 0; i < pieces; i++) {
        leg_pose *a = &p[i % 2], *b = &p[(i + 1) % 2];
        double t0 = (double)i / pieces, t1 = (double)(i + 1) / pieces;
        b->r = wm_leg_pose(from, leg, t1);
        b->clear = 0;
        if (piece_hits(&s, t0, t1, a, b, 0))
            return 1;
    }
    return 0;
}

/* ---- making moves ---- */

/* RULE wm.stands.one-at-a-time */
void wm_move_apply(wm_battlefield *bf, const wm_move *m)
{
    assert(m->unit >= 0 && m->unit < bf->n_units);
    wm_unit *u = &bf->unit[m->unit];
    for (int k = 0; k < m->n; k++) {
        const wm_stand_path *p = &m->path[k];
        assert(p->stand >= 0 && p->stand < u->n_stands);
        mu_orect end = u->stand[p->stand];
        for (int l = 0; l < p->n_legs; l++) /* the poses wm_stand_path_mm ends on */
            end = wm_leg_pose(&end, p->leg[l], 1.0);
        u->stand[p->stand].center = end.center;
        u->stand[p->stand].facing = end.facing;
    }
}

void wm_move_direct(wm_move *m, const wm_battlefield *bf, int unit, wm_move_kind kind,
                       const mu_orect *final, const int *order)
{
    assert(unit >= 0 && unit < bf->n_units);
    const wm_unit *u = &bf->unit[unit];
    memset(m, 0, sizeof *m);
    m->unit = unit;
    m->kind = kind;
    m->charge_target = -1;
    m->n = u->n_stands;
    for (int k = 0; k < u->n_stands; k++) {
        int s = order ? order[k] : k;
        wm_stand_path *p = &m->path[k];
        p->stand = s;
        p->n_legs = 1;
        p->leg[0].center = final[s].center;
        p->leg[0].turn_rad = mu_v2_turn(u->stand[s].facing, final[s].facing);
    }
}

/* Returns the feature the unit's stands sweep into moving by delta, or -1.
 * The stands' end places are tested on their own too: the overlap test
 * has tolerances, so a hull a sliver longer than a stand flush on a
 * feature's edge can pass where the stand's own end place does not. */
static int forced_blocked(const wm_battlefield *bf, const wm_unit *u, mu_vec2 delta)
{
    for (int s = 0; s < u->n_stands; s++) {
        mu_vec2 v[8];
        int n = mu_orect_sweep_hull(&u->stand[s], delta, v);
        int f = wm_convex_blocked(bf, u, v, n);
        if (f >= 0)
            return f;
        mu_orect end = u->stand[s];
        end.center = mu_v2_add(end.center, delta);
        if ((f = wm_orect_blocked(bf, u, &end)) >= 0)
            return f;
    }
    return -1;
}

/* The swept areas grow with the fraction, so "blocked" is monotone: bisect. */
/* RULE wm.terrain.halt-at-edge */
double wm_forced_halt(const wm_battlefield *bf, int unit, mu_vec2 delta, int *feature)
{
    assert(unit >= 0 && unit < bf->n_units);
    const wm_unit *u = &bf->unit[unit];
    double len = mu_v2_len(delta);
    int f = forced_blocked(bf, u, delta);
    if (feature)
        *feature = f;
    if (f < 0 || len == 0.0)
        return f < 0 ? 1.0 : 0.0;
    if (forced_blocked(bf, u, mu_v2(0, 0)) >= 0)
        return 0.0;
    double lo = 0.0, hi = 1.0;
    while ((hi - lo) * len > EPS / 2.0) {
        double mid = 0.5 * (lo + hi);
        int g = forced_blocked(bf, u, mu_v2_scale(delta, mid));
        if (g >= 0) {
            hi = mid;
            if (feature)
                *feature = g;
        } else {
            lo = mid;
        }
    }
    return lo;
}
