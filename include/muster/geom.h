/* Plane geometry for tabletop rules, in millimetres (double). Points and
 * vectors, segments, oriented rectangles (stands and bases), simple
 * polygons and circles (terrain), and the tests the rules need: overlap,
 * touching, distance and closest points, segment crossing (sight lines and
 * paths), point in polygon.
 *
 * Conventions: angles in radians, counter-clockwise; a rectangle "faces"
 * along its unit vector `facing`; its front edge is the edge that vector
 * points out of. "Touching" means distance <= MU_GEOM_EPS_MM; overlap
 * means a shared interior deeper than MU_GEOM_EPS_MM, so stands placed
 * edge to edge or corner to corner touch but do not overlap. Predicates
 * that say two shapes meet, intersect or hit count touching as meeting,
 * and distances between shapes at or below MU_GEOM_EPS_MM are returned as
 * exactly 0 (point-to-shape distances are returned as computed).
 * Rectangles have width, depth >= 0; polygons with n == 0 are empty;
 * coordinates are finite.
 *
 * Where two tests answer the same question but were built apart (their
 * tolerance, strictness or rounding differ slightly), both are kept, as
 * a parameter or as two functions, each saying how it differs: merging
 * them would move some caller's results. Shapes in motion (sweeps) are in
 * muster/geom_sweep.h. */
#ifndef MUSTER_GEOM_H
#define MUSTER_GEOM_H

#include <math.h>

/* Distances within this many mm count as equal (touching). */
#define MU_GEOM_EPS_MM 1e-6

/* Millimetres per inch (Battlesystem measures in inches). */
#define MU_MM_PER_INCH 25.4

typedef struct mu_vec2 {
    double x, y;
} mu_vec2;

static inline mu_vec2 mu_v2(double x, double y) { mu_vec2 v = {x, y}; return v; }
/* The lesser and the greater of two numbers that are not NaN (fmin and
 * fmax without their library calls; for a tie of 0 and -0 either one,
 * which compare equal: for boxes, not for values kept). */
static inline double mu_lesser(double a, double b) { return a < b ? a : b; }
static inline double mu_greater(double a, double b) { return a > b ? a : b; }
static inline mu_vec2 mu_v2_add(mu_vec2 a, mu_vec2 b) { return mu_v2(a.x + b.x, a.y + b.y); }
static inline mu_vec2 mu_v2_sub(mu_vec2 a, mu_vec2 b) { return mu_v2(a.x - b.x, a.y - b.y); }
static inline mu_vec2 mu_v2_scale(mu_vec2 a, double k) { return mu_v2(a.x * k, a.y * k); }
static inline double mu_v2_dot(mu_vec2 a, mu_vec2 b) { return a.x * b.x + a.y * b.y; }
/* z of the 3-D cross product: > 0 when b is counter-clockwise of a. */
static inline double mu_v2_cross(mu_vec2 a, mu_vec2 b) { return a.x * b.y - a.y * b.x; }
/* sqrt, not hypot: table-sized values cannot overflow, and it is much faster. */
static inline double mu_v2_len(mu_vec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
static inline double mu_v2_dist(mu_vec2 a, mu_vec2 b) { return mu_v2_len(mu_v2_sub(a, b)); }
/* a turned 90 degrees counter-clockwise (left of a). */
static inline mu_vec2 mu_v2_perp(mu_vec2 a) { return mu_v2(-a.y, a.x); }

/* Returns a rotated by angle radians counter-clockwise about the origin. */
mu_vec2 mu_v2_rotate(mu_vec2 a, double angle);

/* Returns a scaled to length 1 (a itself if its length is 0). */
mu_vec2 mu_v2_unit(mu_vec2 a);

/* Returns p rotated by angle radians counter-clockwise about pivot. */
mu_vec2 mu_v2_rotate_about(mu_vec2 p, mu_vec2 pivot, double angle);

/* Returns the angle in radians, in (-pi, pi], that turns the direction of
 * `from` to that of `to` (counter-clockwise positive; a half turn is +pi).
 * Both vectors non-zero, of any length. */
double mu_v2_turn(mu_vec2 from, mu_vec2 to);

/* A segment from a to b (a == b is a degenerate segment: a point). */
typedef struct mu_seg {
    mu_vec2 a, b;
} mu_seg;

/* Returns the distance from p to segment s; *closest (if non-NULL) gets the
 * closest point of s. */
double mu_point_seg_distance(mu_vec2 p, mu_seg s, mu_vec2 *closest);

/* Returns non-zero when segments s and t share at least one point
 * (crossing, touching at an end, or overlapping collinear); *at (if
 * non-NULL) gets one shared point. Degenerate segments work as points. */
int mu_seg_intersect(mu_seg s, mu_seg t, mu_vec2 *at);

/* Returns the distance between segments s and t (0 if they intersect);
 * *ps and *pt (if non-NULL) get a pair of closest points. */
double mu_seg_distance(mu_seg s, mu_seg t, mu_vec2 *ps, mu_vec2 *pt);

/* Returns non-zero when s and t cross transversally: the ends of each lie
 * more than MU_GEOM_EPS_MM on opposite sides of the other's line, so that
 * touching, collinear and zero-length segments never cross properly (nor
 * does a segment shorter than 2 MU_GEOM_EPS_MM: its ends cannot lie that
 * far apart across a line). *u (if non-NULL) gets the crossing's parameter
 * along s (0 at s.a, 1 at s.b). */
int mu_seg_cross_proper(mu_seg s, mu_seg t, double *u);

/* How a test decides that a point p is within MU_GEOM_EPS_MM of a segment
 * a-b. The two ways answer the same question and differ only in rounding
 * when the distance is MU_GEOM_EPS_MM to within about 1e-13 mm; each
 * caller keeps the way its results were built with.
 *   MU_NEAR_DIST:  mu_point_seg_distance(p, s) <= MU_GEOM_EPS_MM
 *   MU_NEAR_DIST2: |(p - a) - t (b - a)|^2 <= MU_GEOM_EPS_MM^2, with t the
 *                  clamped parameter of the closest point (no square root) */
typedef enum mu_near { MU_NEAR_DIST, MU_NEAR_DIST2 } mu_near;

/* Returns non-zero when p is within MU_GEOM_EPS_MM of s, measured `how`. */
int mu_point_near_seg(mu_vec2 p, mu_seg s, mu_near how);

/* An oriented rectangle: a stand or a base. width runs along the front
 * edge (frontage), depth front to back. */
typedef struct mu_orect {
    mu_vec2 center;
    mu_vec2 facing; /* unit vector the front edge faces */
    double width, depth;
} mu_orect;

/* Returns a rectangle whose front edge's midpoint is front_mid, facing
 * `facing` (normalised here), width x depth mm. */
mu_orect mu_orect_from_front(mu_vec2 front_mid, mu_vec2 facing, double width, double depth);

/* Corners, in order: front-left, front-right, back-right, back-left
 * ("left" as seen facing along `facing`). */
void mu_orect_corners(const mu_orect *r, mu_vec2 out[4]);

/* The same corners counter-clockwise, from the back-left one (the order
 * of mu_orect_corners reversed). */
void mu_orect_corners_ccw(const mu_orect *r, mu_vec2 out[4]);

/* The corners counter-clockwise from the back-right one, for an r whose
 * facing is a unit vector already: it is used as it is, not normalised
 * again (so a pose's corners are not rounded twice). Corners of other
 * rectangles are mu_orect_corners_ccw's. */
void mu_orect_corners_ccw_unit(const mu_orect *r, mu_vec2 out[4]);

/* The edges: MU_EDGE_FRONT (front-left to front-right), MU_EDGE_RIGHT,
 * MU_EDGE_BACK, MU_EDGE_LEFT, each between consecutive corners. */
enum { MU_EDGE_FRONT, MU_EDGE_RIGHT, MU_EDGE_BACK, MU_EDGE_LEFT };
mu_seg mu_orect_edge(const mu_orect *r, int edge);

/* Returns non-zero when p is inside r or on its boundary. */
int mu_orect_contains(const mu_orect *r, mu_vec2 p);

/* Returns the distance from p to r (0 when p is inside or on the
 * boundary); *closest (if non-NULL) gets the closest point of r (p itself
 * when inside). */
double mu_point_orect_distance(mu_vec2 p, const mu_orect *r, mu_vec2 *closest);

/* Returns non-zero when a and b overlap (share interior more than
 * MU_GEOM_EPS_MM deep; separating-axis test). Touching is not overlap. */
int mu_orect_overlap(const mu_orect *a, const mu_orect *b);

/* Returns the distance between a and b (0 when they touch or overlap);
 * *pa and *pb (if non-NULL) get closest points on each. */
double mu_orect_distance(const mu_orect *a, const mu_orect *b, mu_vec2 *pa, mu_vec2 *pb);

/* Returns non-zero when segment s meets r's interior or boundary. */
int mu_seg_hits_orect(mu_seg s, const mu_orect *r);

/* Returns non-zero when segment s passes through r's interior (not merely
 * grazing an edge or corner): what blocks a line of sight. */
int mu_seg_crosses_orect_interior(mu_seg s, const mu_orect *r);

/* A simple polygon (no self-crossings), vertices in either winding. The
 * vertices are borrowed. */
typedef struct mu_polygon {
    int n;
    const mu_vec2 *v;
} mu_polygon;

/* Returns non-zero when p is inside poly or on its boundary. */
int mu_point_in_polygon(const mu_polygon *poly, mu_vec2 p);

/* Returns the signed area (> 0 counter-clockwise). */
double mu_polygon_area(const mu_polygon *poly);

/* Returns non-zero when poly has at least 3 vertices, non-zero area and no
 * two non-adjacent edges meeting. */
int mu_polygon_is_simple(const mu_polygon *poly);

/* Returns the distance between polygons a and b taken as closed regions
 * (0 when they touch, overlap or one contains the other; INFINITY when
 * either is empty); *pa and *pb (if non-NULL) get closest points. */
double mu_polygon_distance(const mu_polygon *a, const mu_polygon *b, mu_vec2 *pa, mu_vec2 *pb);

/* The same as mu_polygon_distance, bit for bit, measuring every edge pair
 * (mu_polygon_distance skips pairs whose boxes are too far apart to
 * matter): the reference the tests hold it to. */
double mu_polygon_distance_exhaustive(const mu_polygon *a, const mu_polygon *b, mu_vec2 *pa, mu_vec2 *pb);

/* Returns the distance from rectangle r to polygon poly: 0 when they touch
 * or overlap; closest points as for mu_orect_distance. */
double mu_orect_polygon_distance(const mu_orect *r, const mu_polygon *poly, mu_vec2 *pr, mu_vec2 *pp);

/* Returns non-zero when r and poly share any point (boundary included). */
int mu_orect_meets_polygon(const mu_orect *r, const mu_polygon *poly);

/* Returns non-zero when r lies wholly inside poly (boundary included). */
int mu_orect_inside_polygon(const mu_orect *r, const mu_polygon *poly);

/* Returns non-zero when segment s meets polygon poly (boundary or inside). */
int mu_seg_meets_polygon(mu_seg s, const mu_polygon *poly);

/* Returns non-zero when segment s lies wholly inside poly (boundary
 * included): a path that stays within a terrain feature. */
int mu_seg_inside_polygon(mu_seg s, const mu_polygon *poly);

/* A circle. */
typedef struct mu_circle {
    mu_vec2 center;
    double radius;
} mu_circle;

/* Returns the distance from r to circle c (0 when they touch or overlap). */
double mu_orect_circle_distance(const mu_orect *r, const mu_circle *c);

/* Returns non-zero when segment s meets circle c (boundary or inside). */
int mu_seg_meets_circle(mu_seg s, const mu_circle *c);

/* ---- polygons as vertex arrays ----
 * The functions below take a polygon as its vertices v[0..n), edge k
 * running from v[k] to v[(k + 1) % n], in either winding unless stated:
 * the arrays the engines keep footprints and features in (the same
 * polygon as the mu_polygon {n, v}). */

/* Edge k of the polygon v[0..n). */
static inline mu_seg mu_poly_edge(const mu_vec2 *v, int n, int k)
{
    mu_seg e = {v[k], v[(k + 1) % n]};
    return e;
}

/* Returns the distance from p to the nearest edge of v[0..n) (INFINITY
 * when n == 0), inside or out. */
double mu_point_poly_boundary_distance(mu_vec2 p, const mu_vec2 *v, int n);

/* Returns the distance from p to the region v[0..n): 0 when p is inside
 * or on the boundary (mu_point_in_polygon), else to the nearest edge. */
double mu_point_poly_distance(mu_vec2 p, const mu_vec2 *v, int n);

/* Returns non-zero when p lies inside the simple polygon v[0..n) and not
 * within MU_GEOM_EPS_MM of any edge (near measured `how`). */
int mu_point_deep_in_poly(mu_vec2 p, const mu_vec2 *v, int n, mu_near how);

/* Most vertices mu_seg_crosses_poly_interior takes. */
#define MU_CROSS_MAX_VERTICES 80

/* Returns non-zero when some of s lies in the interior of the simple
 * polygon v[0..n) (3 <= n <= MU_CROSS_MAX_VERTICES), crossing it, entering
 * it or wholly inside: between consecutive places where s meets the
 * boundary (vertices within MU_GEOM_EPS_MM of s, proper crossings of
 * edges, s's ends) some piece has its midpoint deep inside
 * (mu_point_deep_in_poly, MU_NEAR_DIST2). Running along or touching the
 * boundary does not count. */
int mu_seg_crosses_poly_interior(mu_seg s, const mu_vec2 *v, int n);

/* What mu_poly_convexity finds. */
typedef enum mu_convexity { MU_NOT_CONVEX, MU_CONVEX, MU_FLAT } mu_convexity;

/* Classifies the turns of v[0..n): at each vertex, the cross product of
 * the edge in and the edge out (mm^2). Turns with |cross| <= flat_mm2
 * count as straight. Returns MU_CONVEX when all other turns go the same
 * way, MU_NOT_CONVEX when some go each way, and MU_FLAT when there are
 * none (n < 3, or all vertices on a line to within flat_mm2). */
mu_convexity mu_poly_convexity(const mu_vec2 *v, int n, double flat_mm2);

/* Sorts p[0..n) by x, then by y; equal points keep their order. */
void mu_sort_xy(mu_vec2 *p, int n);

/* Most points mu_hull takes. */
#define MU_HULL_MAX_POINTS 16

/* Writes the convex hull of p[0..n) (1 <= n <= MU_HULL_MAX_POINTS) to out
 * (room for n points) counter-clockwise from the least point in mu_sort_xy
 * order, and returns its vertex count (Andrew's monotone chain). Points
 * on a hull edge (a turn of at most 1e-12 mm^2 in the chain) are left
 * out; points on one line give its two ends; n coincident points give
 * that point twice, or once when n == 1. */
int mu_hull(const mu_vec2 *p, int n, mu_vec2 *out);

/* Clips the convex polygon in[0..n) to the closed half-plane
 * dot(normal, x) >= k (Sutherland-Hodgman); writes the result (up to
 * n + 1 vertices) to out and returns its vertex count, or 0 when fewer
 * than 3 are left. A polygon that only touches the line leaves its
 * touching points, repeated: a result of zero area. */
int mu_poly_clip_halfplane(const mu_vec2 *in, int n, mu_vec2 normal, double k, mu_vec2 *out);

/* How mu_convex_overlap turns an edge e into a unit axis. The two differ
 * in rounding and in which tiny edges they skip; each caller keeps the
 * one its results were built with.
 *   MU_SAT_DIV:  (-e.y, e.x) / |e|; edges of |e| <= 1e-12 mm are skipped
 *   MU_SAT_UNIT: mu_v2_unit(mu_v2_perp(e)) (times 1 / |e|); zero-length
 *                edges are skipped */
typedef enum mu_sat_axis { MU_SAT_DIV, MU_SAT_UNIT } mu_sat_axis;

/* Returns non-zero when the convex polygons a[0..na) and b[0..nb) overlap
 * by more than MU_GEOM_EPS_MM on every edge normal of both: the
 * separating-axis test (for convex polygons the least such overlap is the
 * penetration depth). Touching is not overlapping. */
int mu_convex_overlap(const mu_vec2 *a, int na, const mu_vec2 *b, int nb, mu_sat_axis axis);

/* Returns non-zero when the convex polygon c[0..nc) and the simple
 * polygon v[0..n) share interior: their bounding boxes overlap by more
 * than MU_GEOM_EPS_MM each way, and an edge of either has some of its
 * length in the other's interior (mu_seg_crosses_poly_interior) or, when
 * none has (as when the two coincide), c's vertex centroid lies deep
 * inside v (MU_NEAR_DIST2). mu_poly_overlap asks the same with other
 * tests; near a depth of MU_GEOM_EPS_MM the two can differ. */
int mu_convex_overlaps_poly(const mu_vec2 *c, int nc, const mu_vec2 *v, int n);

/* Returns non-zero when the polygons a[0..na) and b[0..nb) share interior
 * more than MU_GEOM_EPS_MM deep; touching edges or corners are not
 * overlap. Bounding boxes overlapping by no more than MU_GEOM_EPS_MM in x
 * or y are apart; two polygons whose turns never go both ways (turns
 * under 1e-12 mm^2 straight, so flat ones too) are tested by
 * mu_convex_overlap with MU_SAT_UNIT; others overlap when two edges cross
 * properly or a sample point of one (each vertex, each edge's midpoint, a
 * point 0.01 mm from each vertex towards the vertex centroid, the
 * centroid itself; the last two only where inside their own polygon) lies
 * deep inside the other (MU_NEAR_DIST). */
int mu_poly_overlap(const mu_vec2 *a, int na, const mu_vec2 *b, int nb);

/* Returns the least distance from a vertex of either polygon to an edge
 * of the other, or 0 when they overlap (mu_poly_overlap); *pa and *pb (if
 * non-NULL) get that vertex-edge pair's closest points, on a and on b
 * (also when 0 is returned). Apart, this is the distance between the
 * polygons; unlike mu_polygon_distance it is not snapped to 0 within
 * MU_GEOM_EPS_MM. A 2-vertex polygon is a segment. */
double mu_poly_vertex_edge_distance(const mu_vec2 *a, int na, const mu_vec2 *b, int nb, mu_vec2 *pa,
                                    mu_vec2 *pb);

#endif
