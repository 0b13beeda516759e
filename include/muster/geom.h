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
 * Rectangles have width, depth >= 0; polygons with n == 0 are empty. */
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

#endif
