/* The Ninth Age table: its size, terrain and objectives (read-only during
 * a game), the rules' parameters, and the units on it (the game state).
 *
 * Terrain: our text has no terrain rules, so a terrain feature is an
 * impassable polygon (an assumption, na.game.terrain): no unit may
 * overlap it at any point of a move. */
#ifndef MUSTER_NA_FIELD_H
#define MUSTER_NA_FIELD_H

#include "ninth_age/na_unit.h"

#define NA_MAX_TERRAIN 16
#define NA_MAX_POLY 16
#define NA_MAX_OBJECTIVES 8

/* The rules' parameters: the text's values and our documented
 * assumptions (CLAUSES.md). */
typedef struct na_rules {
    double march_radius_mm; /* March Test: "within 8"" of a non-Fleeing enemy */
    int test_dice, test_sides; /* Discipline Test: pass when NdS <= Discipline (assumption: 2D6) */
    double spacing_mm;      /* Unit Spacing (from the profiles file) */
    double wheel_sample_rad; /* wheels and pivots are checked at poses this far apart (simplified) */
} na_rules;

/* The text's values: 8", 2D6, 1" Unit Spacing, 5 degree samples. */
na_rules na_rules_default(void);

typedef struct na_terrain {
    int n;
    mu_vec2 v[NA_MAX_POLY];
    mu_vec2 lo, hi; /* bounding box */
    int convex;     /* na_terrain_bound: the polygon is convex */
} na_terrain;

typedef struct na_objective {
    mu_vec2 centre;
    double radius_mm; /* reached when a unit's footprint comes within it */
} na_objective;

typedef struct na_table {
    double width_mm, depth_mm; /* the table is [0, width] x [0, depth] */
    int n_terrain;
    na_terrain terrain[NA_MAX_TERRAIN];
    int n_objectives;
    na_objective objectives[NA_MAX_OBJECTIVES];
} na_table;

/* Fills t's bounding box and convex flag from its vertices. */
void na_terrain_bound(na_terrain *t);

/* Returns non-zero when the convex polygon c[0..n) overlaps terrain t
 * (by more than MU_GEOM_EPS_MM; touching is not overlap). */
int na_terrain_overlaps(const na_terrain *t, const mu_vec2 *c, int n);

/* The units on the table. */
typedef struct na_field {
    int n_units;
    na_unit units[NA_MAX_UNITS];
} na_field;

/* What the engine reads besides the field. */
typedef struct na_env {
    const na_rules *rules;
    const na_table *table;
} na_env;

/* Returns the distance in mm between the footprints of units a and b of f
 * (0 when they touch or overlap): mu_orect_distance's answer bit for bit,
 * by a shorter way when the two are clearly apart. */
double na_unit_distance(const na_field *f, int a, int b);

/* na_unit_distance by mu_orect_distance always (tests hold the two
 * equal). */
double na_unit_distance_general(const na_field *f, int a, int b);

/* Returns the distance from unit u's footprint to its nearest
 * non-Fleeing enemy, INFINITY when there is none; *who (if non-NULL)
 * gets that enemy's index or -1. */
double na_nearest_enemy_mm(const na_field *f, int u, int *who);

/* Returns na_nearest_enemy_mm(f, u, who) when that is below mm, else
 * INFINITY (*who -1), the far enemies rejected by a bound before any
 * exact distance. */
double na_nearest_enemy_within_mm(const na_field *f, int u, double mm, int *who);

/* Returns non-zero when some non-Fleeing enemy's footprint is closer than
 * mm to unit u's (the same as na_nearest_enemy_mm(f, u, NULL) < mm, with
 * the far enemies rejected by a bound before any exact distance). */
int na_enemy_within(const na_field *f, int u, double mm);

/* Why a pose is not allowed on the table. */
typedef enum na_place {
    NA_PLACE_OK,
    NA_PLACE_OFF_TABLE, /* some of the footprint is off the table */
    NA_PLACE_TERRAIN,   /* overlaps impassable terrain */
    NA_PLACE_OVERLAP,   /* overlaps another unit */
    NA_PLACE_SPACING    /* closer than Unit Spacing to a unit it does not touch as an enemy */
} na_place;

/* Checks unit u of f standing at pose `at` (u's other fields as in f):
 * on the table, clear of terrain, overlapping no other unit and at least
 * Unit Spacing from every other unit, except an enemy it touches (in
 * contact: na.game.contact). *contact (if non-NULL) gets such an enemy's
 * index or -1. */
na_place na_place_check(const na_field *f, const na_env *env, int u, const na_unit *at, int *contact);

#endif
