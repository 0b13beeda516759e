/* The Warmaster battlefield: a table with edges, terrain features (a kind
 * and a polygon or circle) and the units on it (warmaster-movement.adoc,
 * "Terrain" and "Fortifications and buildings"). Plain fixed-size data, so
 * a game state copies with memcpy. The table spans x in [0, width_mm] and
 * y in [0, depth_mm]. "In" a feature means sharing interior with it more
 * than MU_GEOM_EPS_MM deep: a stand touching a wood's edge is not in it.
 * See src/rules/warmaster/CLAUSES.md ("Movement") for the readings. */
#ifndef MUSTER_WM_BATTLEFIELD_H
#define MUSTER_WM_BATTLEFIELD_H

#include "muster/geom.h"
#include "muster/wm_units.h"

#define MU_WM_TABLE_WIDTH_MM 1800.0 /* default table: 180 x 120 cm */
#define MU_WM_TABLE_DEPTH_MM 1200.0
#define MU_WM_MAX_FEATURES 32
#define MU_WM_MAX_VERTICES 32 /* per polygon feature */
#define MU_WM_MAX_UNITS 64    /* both sides, characters included */
#define MU_WM_MAX_CONVEX 16   /* vertices of a convex shape tested against terrain */

/* Terrain kinds, one per kind of feature the text names. */
typedef enum mu_wm_terrain {
    MU_WM_OPEN_HILL,      /* "essentially open and quite shallow" hill */
    MU_WM_STEEP_HILL,     /* "steep, rock strewn or wooded hills" */
    MU_WM_WOOD,
    MU_WM_RIVER,          /* river or stream, not fordable */
    MU_WM_FORD,           /* "shallow fordable river" or stream */
    MU_WM_BRIDGE,
    MU_WM_FIELD,          /* "grown fields" */
    MU_WM_LOW_OBSTACLE,   /* "hedges, walls, fences or ditches" */
    MU_WM_BUILT_UP,       /* built-up area */
    MU_WM_MARSH,          /* "broken or marshy ground" */
    MU_WM_FORTIFIED,      /* fortified position */
    MU_WM_HIGH_WALL,      /* "High walls, tall towers and large buildings" */
    MU_WM_BARRIER,        /* "a barrier to all troops": canyon, lava, lake */
    MU_WM_OTHER_FEATURE,  /* "Any other feature large enough …" */
    MU_WM_TERRAIN_COUNT
} mu_wm_terrain;

/* What a kind of terrain does. */
typedef struct mu_wm_terrain_info {
    const char *name;   /* as scenario files spell it, e.g. "open_hill" */
    int dense;          /* −1 Command ("dense terrain") */
    int blocks_sight;   /* 0 for the low features */
} mu_wm_terrain_info;

/* Returns the property row of kind (asserts kind is valid). */
const mu_wm_terrain_info *mu_wm_terrain_get(mu_wm_terrain kind);

/* Returns the kind named name, or MU_WM_TERRAIN_COUNT when there is none. */
mu_wm_terrain mu_wm_terrain_from_name(const char *name);

/* Returns non-zero when ground troops of type troop may move into or over
 * terrain of kind ("Terrain"): infantry anything but high walls and
 * barriers; cavalry and monsters open hills, fords, bridges, fields, low
 * obstacles; chariots and machines open hills and bridges; artillery open
 * hills, bridges and fortified positions; characters as infantry. */
int mu_wm_can_enter(mu_wm_troop troop, mu_wm_terrain kind);

/* Returns the troop type whose terrain access u uses: its own, except a
 * character on a monstrous mount (monsters) or riding a chariot
 * (chariots), and any other character (infantry). */
mu_wm_troop mu_wm_terrain_troop(const mu_wm_unit *u);

/* Returns non-zero when unit u may enter kind: flying units anything
 * (assumption: the Flying Units section is not in our texts), otherwise
 * mu_wm_can_enter(mu_wm_terrain_troop(u), kind). */
int mu_wm_unit_can_enter(const mu_wm_unit *u, mu_wm_terrain kind);

typedef enum mu_wm_shape { MU_WM_SHAPE_POLYGON, MU_WM_SHAPE_CIRCLE } mu_wm_shape;

/* A terrain feature. dense and blocks_sight start as the kind's and a
 * scenario may override them (a wooded hill is dense, say). */
typedef struct mu_wm_feature {
    mu_wm_terrain kind;
    int dense;
    int blocks_sight;
    mu_wm_shape shape;
    int n;                           /* polygon vertices */
    mu_vec2 v[MU_WM_MAX_VERTICES];   /* polygon, either winding */
    mu_circle circle;                /* circle */
    mu_vec2 lo, hi;                  /* bounding box */
} mu_wm_feature;

typedef struct mu_wm_battlefield {
    double width_mm, depth_mm;
    int n_features;
    mu_wm_feature feature[MU_WM_MAX_FEATURES];
    int n_units;
    mu_wm_unit unit[MU_WM_MAX_UNITS];
} mu_wm_battlefield;

/* Why a feature or unit was refused. */
typedef enum mu_wm_status {
    MU_WM_OK,
    MU_WM_TOO_MANY_FEATURES,
    MU_WM_TOO_MANY_VERTICES,
    MU_WM_NOT_SIMPLE,     /* polygon: < 3 vertices, no area or self-crossing */
    MU_WM_BAD_RADIUS,     /* circle: radius not > 0 and finite */
    MU_WM_BAD_KIND,
    MU_WM_TOO_MANY_UNITS,
    MU_WM_BAD_PROFILE,
    MU_WM_BRIDGE_NOT_CONVEX
} mu_wm_status;

/* Returns a short English description of status ("polygon is not simple"),
 * for error lines. */
const char *mu_wm_status_str(mu_wm_status status);

/* Empties bf and sets the table to width_mm x depth_mm (both > 0). */
void mu_wm_battlefield_init(mu_wm_battlefield *bf, double width_mm, double depth_mm);

/* Adds a polygon feature of kind with vertices v[0..n) (copied). Returns
 * MU_WM_OK, or why not (nothing is added). Features may overlap (a bridge
 * over a river: see mu_wm_convex_blocked); a bridge must be convex. */
mu_wm_status mu_wm_add_polygon(mu_wm_battlefield *bf, mu_wm_terrain kind, const mu_vec2 *v, int n);

/* Adds a circular feature of kind. Returns MU_WM_OK or why not. */
mu_wm_status mu_wm_add_circle(mu_wm_battlefield *bf, mu_wm_terrain kind, mu_vec2 center,
                              double radius_mm);

/* Adds a copy of *u (its profile must be valid). Returns MU_WM_OK or why
 * not; the unit's index is bf->n_units - 1 after success. */
mu_wm_status mu_wm_add_unit(mu_wm_battlefield *bf, const mu_wm_unit *u);

/* How much of a shape is in a feature. */
typedef enum mu_wm_inside { MU_WM_OUT, MU_WM_PARTLY, MU_WM_WHOLLY } mu_wm_inside;

/* Returns whether r is out of f (at most touching it), partly in it
 * (sharing interior) or wholly in it (boundary included). */
mu_wm_inside mu_wm_orect_in_feature(const mu_wm_feature *f, const mu_orect *r);

/* Returns non-zero when the convex polygon v[0..n) (n >= 3, e.g. the area
 * a stand sweeps moving straight) shares interior with f. */
int mu_wm_convex_in_feature(const mu_wm_feature *f, const mu_vec2 *v, int n);

/* Returns non-zero when segment s passes through f's interior (not merely
 * touching its boundary). */
int mu_wm_seg_crosses_feature(const mu_wm_feature *f, mu_seg s);

/* Returns the index of a feature that the convex polygon v[0..n) (a
 * stand, or the area it sweeps; 3 <= n <= MU_WM_MAX_CONVEX) is partly in
 * and unit u may not enter, or -1 when there is none: "terrain it
 * cannot enter". Where a bridge lies over such a feature (a river), the
 * part of the shape inside one bridge does not count: the shape is
 * blocked only if some of it is in the feature outside every single
 * bridge (each bridge tested alone; bridges are convex, see
 * mu_wm_add_polygon). */
int mu_wm_convex_blocked(const mu_wm_battlefield *bf, const mu_wm_unit *u, const mu_vec2 *v, int n);

/* Writes to out the convex polygon that r sweeps when translated by
 * delta (the hull of r at its start and end) and returns its vertex count
 * (4 to 8, within MU_WM_MAX_CONVEX): the path of a stand moving straight
 * without turning, for mu_wm_convex_blocked. */
int mu_wm_translation_sweep(const mu_orect *r, mu_vec2 delta, mu_vec2 out[8]);

/* mu_wm_convex_blocked for the stand or footprint r. */
int mu_wm_orect_blocked(const mu_wm_battlefield *bf, const mu_wm_unit *u, const mu_orect *r);

/* Returns non-zero when at least one stand of unit u is even partially in
 * a dense feature (warmaster-command "Dense terrain"). */
int mu_wm_unit_in_dense(const mu_wm_battlefield *bf, const mu_wm_unit *u);

/* Returns non-zero when unit u is wholly or partially in a fortified
 * position: any stand at least partly in a MU_WM_FORTIFIED feature. */
int mu_wm_unit_fortified(const mu_wm_battlefield *bf, const mu_wm_unit *u);

/* Returns non-zero when r lies wholly on the table (edges included). */
int mu_wm_orect_on_table(const mu_wm_battlefield *bf, const mu_orect *r);

/* Returns non-zero when any stand of u is wholly or partly off the table:
 * "the whole unit leaves the table" (mu_wm_stands_leave_table, whose
 * fate the off-table module, wm_offtable.h, resolves). A unit set to
 * MU_WM_OFF_TABLE keeps its stands as they were, so it can come back
 * "at the same point … same formation and face the same direction". */
int mu_wm_unit_leaves_table(const mu_wm_battlefield *bf, const mu_wm_unit *u);

/* The table's edges, counter-clockwise from (0, 0): MU_WM_EDGE_SOUTH
 * (y = 0), EAST (x = width), NORTH (y = depth), WEST (x = 0). */
enum { MU_WM_EDGE_SOUTH, MU_WM_EDGE_EAST, MU_WM_EDGE_NORTH, MU_WM_EDGE_WEST };
mu_seg mu_wm_table_edge(const mu_wm_battlefield *bf, int edge);

#endif
