/* Internal helpers of the Battlesystem engine, its bottom layer: plane
 * geometry for moving footprints (swept contact, overlap, distance) and
 * terrain path costs (bs_geom.c), the straight move and the pieces every
 * move shares (step.c), and small shared pieces of the engine. Not a
 * public header. */
#ifndef MUSTER_BS_INTERNAL_H
#define MUSTER_BS_INTERNAL_H

#include "battlesystem/bs_field.h"
#include "muster/geom.h"

#include <math.h>

/* Lengths closer than this are equal (mm). */
#define BS_EPS MU_GEOM_EPS_MM

#define BS_PI 3.14159265358979323846

static inline double bs_deg(double deg) { return deg * BS_PI / 180.0; }
static inline double bs_in(double inches) { return inches * MU_MM_PER_INCH; }

/* Returns v rotated by a radians counter-clockwise. */
static inline mu_vec2 bs_rot(mu_vec2 v, double a)
{
    double c = cos(a), s = sin(a);
    return mu_v2(c * v.x - s * v.y, s * v.x + c * v.y);
}

/* Returns non-zero when u indexes a unit of f. */
static inline int bs_index_valid(const bs_field *f, int u) { return u >= 0 && u < f->n_units; }

/* Returns non-zero when u indexes a unit of f that is on the table. */
static inline int bs_index_alive(const bs_field *f, int u)
{
    return bs_index_valid(f, u) && bs_unit_alive(&f->units[u]);
}

/* Returns v scaled to length 1 (v if zero). */
static inline mu_vec2 bs_unit_vec(mu_vec2 v)
{
    double l = mu_v2_len(v);
    return l > 0 ? mu_v2_scale(v, 1.0 / l) : v;
}

/* --- polygons as vertex arrays (bs_geom.c) */

/* Point-to-segment distance and point-in-polygon are the core ones
 * (mu_point_seg_distance, mu_point_in_polygon in muster/geom.h; BS_EPS is
 * MU_GEOM_EPS_MM). */

/* Returns non-zero when polygons a and b share interior (touching edges or
 * corners are not overlap). */
int bs_overlap(const mu_vec2 *a, int na, const mu_vec2 *b, int nb);

/* Returns the distance between polygons a and b (0 if they meet); *pa and
 * *pb (if non-NULL) get closest points. */
double bs_poly_distance(const mu_vec2 *a, int na, const mu_vec2 *b, int nb, mu_vec2 *pa,
                        mu_vec2 *pb);

/* Returns how far polygon a can move along unit vector d before its
 * boundary meets b's (INFINITY if never). Contact at 0 counts only if
 * moving on would overlap (moving away from or sliding along a touching
 * polygon is free). */
double bs_sweep(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb);

/* Returns the distance along d after which polygon a, first touching b at
 * t_in, has passed b completely (convex shapes). */
double bs_sweep_exit(const mu_vec2 *a, int na, mu_vec2 d, const mu_vec2 *b, int nb, double t_in);

/* Returns how far polygon a can move along d and stay on the table
 * (INFINITY on an unbounded table). */
double bs_table_limit(const bs_table *t, const mu_vec2 *a, int na, mu_vec2 d);

/* Returns how far point p can move along d before leaving the table. */
double bs_table_exit_point(const bs_table *t, mu_vec2 p, mu_vec2 d);

/* Returns non-zero when polygon a lies on the table. */
int bs_on_table(const bs_table *t, const mu_vec2 *a, int na);

/* Translates polygon a (n vertices) by v in place. */
void bs_translate(mu_vec2 *a, int n, mu_vec2 v);

/* --- terrain (bs_geom.c) */

/* Returns the movement cost of moving point p a distance len along d with
 * the terrain factors of r (the largest factor where areas overlap). */
double bs_path_cost(const bs_table *t, const bs_rules *r, mu_vec2 p, mu_vec2 d, double len);

/* Returns the longest distance <= len_max along d from p whose cost is at
 * most budget. */
double bs_path_reach(const bs_table *t, const bs_rules *r, mu_vec2 p, mu_vec2 d,
                     double budget, double len_max);

/* Adds to a tally counter if the tally exists. */
#define BS_COUNT(env, field) \
    do {                     \
        if ((env)->tally)    \
            (env)->tally->field++; \
    } while (0)

/* --- the field (field.c) */

/* Returns the nearest enemy unit to u, or -1. */
int bs_nearest_enemy(const bs_field *f, int u);

/* --- the straight move and the pieces every move shares (step.c) */

/* What lies first along a straight move of unit u. */
typedef struct bs_hit {
    double t;      /* path length to it (INFINITY: nothing) */
    int unit;      /* unit touched, or -1 */
    int terrain;   /* impassable terrain index, or -1 */
    int edge;      /* the table edge */
} bs_hit;

/* Unit-sweep options. */
enum {
    BS_SWEEP_PASS_SKIRMISH = 1, /* pass through friendly skirmishers */
    BS_SWEEP_NO_FRIENDS = 2,    /* ignore all friends */
    BS_SWEEP_NO_EDGE = 4        /* ignore the table edge */
};

/* Finds the first unit (other than u and those in the ignore mask),
 * impassable area or table edge that u's footprint (corners c) meets moving
 * along d. */
bs_hit bs_first_hit(const bs_field *f, const bs_env *env, int u, const mu_vec2 c[4],
                    mu_vec2 d, uint32_t ignore, int options);

/* Returns non-zero when footprint c (of unit u) overlaps another unit (not
 * in ignore), impassable terrain, or leaves the table. */
int bs_blocked(const bs_field *f, const bs_env *env, int u, const mu_vec2 c[4],
               uint32_t ignore);

/* Records that unit u touched enemy unit e in its move: contact, attacked,
 * and locked if e's side lost initiative (7.8). */
void bs_note_contact(bs_field *f, int u, int e);

/* Turns u to face `facing`, rotating its footprint about its centre. */
void bs_face_to(bs_unit *u, mu_vec2 facing);

/* The checks common to every action of unit u in its phase: on the
 * table, its side's phase, not routing, not finished, not frozen. */
bs_refusal bs_can_act(const bs_field *f, int u);

/* Extends (or restarts) un's straight run by a move of len along d. */
void bs_extend_run(bs_unit *un, mu_vec2 d, double len);

/* Executes a plain straight move (no forced-march or charge handling):
 * moves up to len (movement permitting) along d and returns what stopped
 * it; the caller has checked the rules. budget_mm caps the movement spent
 * in total (used_mm included). */
bs_step bs_straight(bs_field *f, const bs_env *env, int u, mu_vec2 d, double len,
                       double budget_mm);

/* Checks the direction of a straight or oblique move of un, angle_rad
 * from its facing (7.9; straight ahead only after contact, 7.8): for
 * bs_advance and the charge run. */
bs_refusal bs_check_direction(const bs_unit *un, const bs_rules *r, double angle_rad);

#endif
