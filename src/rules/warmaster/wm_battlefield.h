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
#include "warmaster/wm_units.h"

#include <stdint.h>

#define WM_TABLE_WIDTH_MM 1800.0 /* default table: 180 x 120 cm */
#define WM_TABLE_DEPTH_MM 1200.0
#define WM_MAX_FEATURES 32
#define WM_MAX_VERTICES 32 /* per polygon feature */
#define WM_MAX_UNITS 64    /* both sides, characters included */
#define WM_MAX_CONVEX 16   /* vertices of a convex shape tested against terrain */

/* Terrain kinds, one per kind of feature the text names. */
typedef enum wm_terrain {
    WM_OPEN_HILL,      /* "essentially open and quite shallow" hill */
    WM_STEEP_HILL,     /* "steep, rock strewn or wooded hills" */
    WM_WOOD,
    WM_RIVER,          /* river or stream, not fordable */
    WM_FORD,           /* "shallow fordable river" or stream */
    WM_BRIDGE,
    WM_FIELD,          /* "grown fields" */
    WM_LOW_OBSTACLE,   /* "hedges, walls, fences or ditches" */
    WM_BUILT_UP,       /* built-up area */
    WM_MARSH,          /* "broken or marshy ground" */
    WM_FORTIFIED,      /* fortified position */
    WM_HIGH_WALL,      /* "High walls, tall towers and large buildings" */
    WM_BARRIER,        /* "a barrier to all troops": canyon, lava, lake */
    WM_OTHER_FEATURE,  /* "Any other feature large enough …" */
    WM_TERRAIN_COUNT
} wm_terrain;

/* What a kind of terrain does. */
typedef struct wm_terrain_info {
    const char *name;   /* as scenario files spell it, e.g. "open_hill" */
    int dense;          /* −1 Command ("dense terrain") */
    int blocks_sight;   /* 0 for the low features */
} wm_terrain_info;

/* Returns the property row of kind (asserts kind is valid). */
const wm_terrain_info *wm_terrain_get(wm_terrain kind);

/* Returns the kind named name, or WM_TERRAIN_COUNT when there is none. */
wm_terrain wm_terrain_from_name(const char *name);

/* Returns non-zero when ground troops of type troop may move into or over
 * terrain of kind ("Terrain"): infantry anything but high walls and
 * barriers; cavalry and monsters open hills, fords, bridges, fields, low
 * obstacles; chariots and machines open hills and bridges; artillery open
 * hills, bridges and fortified positions; characters as infantry. */
int wm_can_enter(wm_troop troop, wm_terrain kind);

/* Returns the troop type whose terrain access u uses: its own, except a
 * character on a monstrous mount (monsters) or riding a chariot
 * (chariots), and any other character (infantry). */
wm_troop wm_terrain_troop(const wm_unit *u);

/* Returns non-zero when unit u may enter kind: flying units anything
 * (assumption: the Flying Units section is not in our texts), otherwise
 * wm_can_enter(wm_terrain_troop(u), kind). */
int wm_unit_can_enter(const wm_unit *u, wm_terrain kind);

typedef enum wm_shape { WM_SHAPE_POLYGON, WM_SHAPE_CIRCLE } wm_shape;

/* A terrain feature. dense and blocks_sight start as the kind's and a
 * scenario may override them (a wooded hill is dense, say). */
typedef struct wm_feature {
    wm_terrain kind;
    int dense;
    int blocks_sight;
    wm_shape shape;
    int n;                           /* polygon vertices */
    mu_vec2 v[WM_MAX_VERTICES];   /* polygon, either winding */
    mu_circle circle;                /* circle */
    mu_vec2 lo, hi;                  /* bounding box */
} wm_feature;

typedef struct wm_battlefield {
    double width_mm, depth_mm;
    int n_features;
    wm_feature feature[WM_MAX_FEATURES];
    int n_units;
    wm_unit unit[WM_MAX_UNITS];
} wm_battlefield;

/* Why a feature or unit was refused. */
typedef enum wm_status {
    WM_OK,
    WM_TOO_MANY_FEATURES,
    WM_TOO_MANY_VERTICES,
    WM_NOT_SIMPLE,     /* polygon: < 3 vertices, no area or self-crossing */
    WM_BAD_RADIUS,     /* circle: radius not > 0 and finite */
    WM_BAD_KIND,
    WM_TOO_MANY_UNITS,
    WM_BAD_PROFILE,
    WM_BRIDGE_NOT_CONVEX
} wm_status;

/* Returns a short English description of status ("polygon is not simple"),
 * for error lines. */
const char *wm_status_str(wm_status status);

/* Empties bf and sets the table to width_mm x depth_mm (both > 0). */
void wm_battlefield_init(wm_battlefield *bf, double width_mm, double depth_mm);

/* Adds a polygon feature of kind with vertices v[0..n) (copied). Returns
 * WM_OK, or why not (nothing is added). Features may overlap (a bridge
 * over a river: see wm_convex_blocked); a bridge must be convex. */
wm_status wm_add_polygon(wm_battlefield *bf, wm_terrain kind, const mu_vec2 *v, int n);

/* Adds a circular feature of kind. Returns WM_OK or why not. */
wm_status wm_add_circle(wm_battlefield *bf, wm_terrain kind, mu_vec2 center,
                              double radius_mm);

/* Adds a copy of *u (its profile must be valid). Returns WM_OK or why
 * not; the unit's index is bf->n_units - 1 after success. */
wm_status wm_add_unit(wm_battlefield *bf, const wm_unit *u);

/* Returns non-zero when unit u is on the table standing as before (a copy
 * of it earlier): every stand's centre and facing the same. */
int wm_unit_stands_as(const wm_unit *u, const wm_unit *before);

/* How much of a shape is in a feature. */
typedef enum wm_inside { WM_OUT, WM_PARTLY, WM_WHOLLY } wm_inside;

/* Returns whether r is out of f (at most touching it), partly in it
 * (sharing interior) or wholly in it (boundary included). */
wm_inside wm_orect_in_feature(const wm_feature *f, const mu_orect *r);

/* Returns non-zero when the convex polygon v[0..n) (n >= 3, e.g. the area
 * a stand sweeps moving straight) shares interior with f. */
int wm_convex_in_feature(const wm_feature *f, const mu_vec2 *v, int n);

/* Returns non-zero when segment s passes through f's interior (not merely
 * touching its boundary). */
int wm_seg_crosses_feature(const wm_feature *f, mu_seg s);

/* Returns the index of a feature that the convex polygon v[0..n) (a
 * stand, or the area it sweeps; 3 <= n <= WM_MAX_CONVEX) is partly in
 * and unit u may not enter, or -1 when there is none: "terrain it
 * cannot enter". Where a bridge lies over such a feature (a river), the
 * part of the shape inside one bridge does not count: the shape is
 * blocked only if some of it is in the feature outside every single
 * bridge (each bridge tested alone; bridges are convex, see
 * wm_add_polygon). */
int wm_convex_blocked(const wm_battlefield *bf, const wm_unit *u, const mu_vec2 *v, int n);

/* wm_convex_blocked looking only at the features whose bits (1 << index)
 * are set in `features` as blockers (bridges are looked at as ever): the
 * same answer whenever v is in none of the others (a caller that knows a
 * larger shape holding v misses them skips their tests). */
int wm_convex_blocked_among(const wm_battlefield *bf, const wm_unit *u, const mu_vec2 *v, int n,
                            uint32_t features);

/* wm_convex_blocked for the stand or footprint r. */
int wm_orect_blocked(const wm_battlefield *bf, const wm_unit *u, const mu_orect *r);

/* Returns non-zero when at least one stand of unit u is even partially in
 * a dense feature (warmaster-command "Dense terrain"). */
int wm_unit_in_dense(const wm_battlefield *bf, const wm_unit *u);

/* As wm_unit_in_dense, counting only dense features that are not woods
 * (an army-list rule exempts woods: wm_dense_rule). */
int wm_unit_in_dense_not_wood(const wm_battlefield *bf, const wm_unit *u);

/* Returns non-zero when unit u is wholly or partially in a fortified
 * position: any stand at least partly in a WM_FORTIFIED feature. */
int wm_unit_fortified(const wm_battlefield *bf, const wm_unit *u);

/* Returns non-zero when r lies wholly on the table (edges included). */
int wm_orect_on_table(const wm_battlefield *bf, const mu_orect *r);

/* Returns non-zero when unit u (index into bf->unit) could have a stand at
 * r: wholly on the table, on no terrain it cannot enter
 * (wm_orect_blocked), overlapping no stand of another unit on the table
 * (its own side's characters aside). A quick test of an end place, not a
 * move check. */
int wm_orect_free_for(const wm_battlefield *bf, int u, const mu_orect *r);

/* Returns non-zero when any stand of u is wholly or partly off the table:
 * "the whole unit leaves the table" (wm_stands_leave_table, whose
 * fate the off-table module, wm_offtable.h, resolves). A unit set to
 * WM_OFF_TABLE keeps its stands as they were, so it can come back
 * "at the same point … same formation and face the same direction". */
int wm_unit_leaves_table(const wm_battlefield *bf, const wm_unit *u);

/* The table's edges, counter-clockwise from (0, 0): WM_EDGE_SOUTH
 * (y = 0), EAST (x = width), NORTH (y = depth), WEST (x = 0). */
enum { WM_EDGE_SOUTH, WM_EDGE_EAST, WM_EDGE_NORTH, WM_EDGE_WEST };
mu_seg wm_table_edge(const wm_battlefield *bf, int edge);

/* Returns non-zero when some corner of a stand of u lies on table edge
 * `edge` (WM_EDGE_*), within MU_GEOM_EPS_MM. */
int wm_unit_touches_edge(const wm_battlefield *bf, const wm_unit *u, int edge);

#endif
