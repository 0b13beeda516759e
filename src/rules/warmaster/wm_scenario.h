/* Warmaster scenarios, battles and deployment.
 *
 * A scenario (a YAML file under experiments/scenarios/, wm_scenario_load) is the
 * table, its terrain, the two sides' table edges and deployment zones,
 * who goes first, the turn limit, the objectives and how the game is won.
 * It names no armies. A battle (wm_battle_load) is a scenario and two
 * armies chosen from army lists, deployed on a wm_battlefield: the
 * `scenario:` and `armies:` keys an experiment file carries, standalone.
 * Coordinates in files are centimetres; in memory millimetres.
 *
 * Scenario format, schema 1 (every key is documented in
 * experiments/scenarios/meeting-engagement.yaml):
 *
 *   schema: 1
 *   scenario: Meeting engagement
 *   table_cm: [180, 120]                  # default 180 x 120
 *   turns: 6
 *   first: roll                           # or a side's name
 *   terrain:
 *     - {kind: wood, polygon: [[20, 50], [45, 45], [50, 70], [25, 75]]}
 *     - {kind: open_hill, circle: {center: [90, 60], radius: 15}}
 *     - {kind: river, fordable: true, polygon: [...]}
 *   sides:
 *     - {name: South, edge: south, deployment: {from: [0, 0], to: [180, 20]}}
 *     - {name: North, edge: north, deployment: {from: [0, 100], to: [180, 120]}}
 *   objectives:
 *     zones: [{name: Hill, points: 2, circle: {center: [90, 60], radius: 15}}]
 *     first_charge: 1
 *     enemy_edge: 1
 *   victory: {win_margin: 1, general_leaves: withdraws}
 *   engaged: stay                   # or removed (see below)
 *
 * Battle format, schema 1:
 *
 *   schema: 1
 *   scenario: ../scenarios/meeting-engagement.yaml  # relative to this file
 *   armies:                                  # armies[0] is side 0
 *     - list: ../armies/empire.yaml
 *       points: 2000
 *       units:
 *         - {unit: General, mount: Griffon}
 *         - {unit: Hero, command: 7}         # a character's Command value
 *                                            # for this battle (default: the list's)
 *         - {unit: Halberdiers, count: 4}
 *         - {unit: Knights, at: [90, 18], facing: 90, formation: column}
 *     - {list: ../armies/orcs.yaml, units: [...]}
 *
 * Readings pinned here:
 * - Terrain kinds are the battlefield's (wm_terrain_from_name);
 *   `fordable: true` on a river makes it a ford; dense and blocks_sight
 *   override the kind's. Features may reach past the table edges.
 * - An objective zone is held at the end of the game by the side with a
 *   unit (not a character) at least partly in it while the other side has
 *   none there; scoring its points. first_charge scores for the side that
 *   charges first; enemy_edge scores per unit that touches the enemy's
 *   table edge while on the table (once per unit). The side with more
 *   points wins if it leads by win_margin or more; otherwise a draw. With
 *   general_leaves: withdraws (the rules text, "Units which move off the
 *   table"), a General who leaves the table and does not return at once
 *   ends the battle and his side loses, whatever the points.
 * - engaged: combat is not in our texts. stay (the default, the model's
 *   boundary): engaged units stay engaged to the end of the game. removed:
 *   at the end of each side's Command phase (where its Shooting and Combat
 *   phases would come) every engaged unit of both sides is removed from
 *   the table as destroyed, a crude stand-in for combat that the scenario
 *   chooses.
 * - Deployment (wm_deploy), deterministic: units at an exact position
 *   (`at`, front-centre in cm; `facing` in degrees counter-clockwise from
 *   +x, default away from the side's edge; `formation` line or column)
 *   first, both sides, in listed order; they may stand anywhere on the
 *   table. Then each side's other units in listed order, characters after
 *   all units, each in line formation facing away from its own table
 *   edge. A cursor starts at the front-left corner of the zone as the side
 *   faces it (the front being the zone edge nearest the enemy); a unit
 *   goes at the first place from the cursor, trying every 5 mm to the
 *   right, where all its stands are in the zone, clear of terrain it
 *   cannot enter and at least deploy_gap_cm (default 1) from every unit
 *   already placed; the cursor then moves past it by the gap. When a unit
 *   no longer fits before the zone's right end, the cursor moves to the
 *   next row back (the deepest unit of the row, plus the gap). Earlier
 *   rows are not revisited. A unit its list lets infiltrate (up to its
 *   infiltrate_per_1000 per full 1000 points of the army) is not placed
 *   in the zone but held back off the table (WM_OFF_TABLE), to enter by
 *   an infiltration order (wm_game_enter). A unit that moves only
 *   brigaded (brigaded_only_with) goes touching the unit placed just
 *   before it in its row when that one may be its partner. */
#ifndef MUSTER_WM_SCENARIO_H
#define MUSTER_WM_SCENARIO_H

#include "warmaster/wm_armylist.h"
#include "warmaster/wm_battlefield.h"

#define WM_SCENARIO_SCHEMA 1
#define WM_MAX_TURNS 20
#define WM_MAX_OBJECTIVES 8
#define WM_FIRST_ROLL (-1) /* wm_scenario.first: the players roll off */

/* One side of a scenario. */
typedef struct wm_side {
    char name[WM_NAME_MAX];
    int edge;               /* its own table edge, WM_EDGE_* */
    mu_vec2 zone_lo, zone_hi; /* deployment zone, an axis-aligned rectangle */
} wm_side;

/* A zone that scores points for the side holding it at the end. area is
 * a feature only for its shape (kind WM_OTHER_FEATURE, not dense, not
 * blocking sight): test stands with wm_orect_in_feature. */
typedef struct wm_objective {
    char name[WM_NAME_MAX];
    int points;
    wm_feature area;
} wm_objective;

/* A validated scenario. table holds the table and its terrain, no units. */
typedef struct wm_scenario {
    char path[WM_PATH_MAX];
    char name[WM_NAME_MAX];
    wm_battlefield table;
    char feature_name[WM_MAX_FEATURES][WM_NAME_MAX]; /* "" if unnamed */
    int turns;                /* 1..WM_MAX_TURNS */
    int first;                /* side 0 or 1, or WM_FIRST_ROLL */
    double deploy_gap_mm;
    wm_side side[2];
    int n_objectives;
    wm_objective objective[WM_MAX_OBJECTIVES];
    int first_charge_points;
    int enemy_edge_points;    /* per unit reaching the enemy's edge */
    int win_margin;           /* >= 1 */
    int general_leaving_loses;
    int engaged_removed;      /* engaged: removed (else stay) */
} wm_scenario;

/* Loads and validates the scenario file at path into *out (zeroed first;
 * nothing to free). Returns 0, MU_EXIT_NOINPUT or MU_EXIT_DATAERR with one
 * line in err as wm_army_list_load does. */
int wm_scenario_load(const char *path, wm_scenario *out, char *err, size_t err_len);

/* Returns the unit vector pointing away from table edge `edge` into the
 * table (a side's "forward"). */
mu_vec2 wm_edge_forward(int edge);

/* What each unit of a deployed battlefield is, parallel to bf->unit. */
typedef struct wm_deployed {
    int side;
    int entry;      /* index into armies[side].entry */
    int list_unit;  /* index into armies[side].list.unit */
    int mount;      /* index into armies[side].list.mount, or -1 */
    wm_role role;
    int command;    /* characters' Command value, else 0 */
} wm_deployed;

/* Builds in *bf the scenario's table with the two armies deployed
 * (armies[s] is side s) as described above, and fills roster[i] for
 * bf->unit[i]. Returns 0, or MU_EXIT_DATAERR with one line in err,
 * positioned at the army entry the problem is about ("FILE:LINE:COL:
 * error: unit 'Knights' overlaps unit 'Spearmen' (armies[1].units[2])"):
 * an exact position off the table, in terrain the unit cannot enter or
 * overlapping another unit; no room in a deployment zone. On failure
 * *bf holds the units placed so far and roster their entries. */
int wm_deploy(const wm_scenario *sc, const wm_army armies[2], wm_battlefield *bf,
                 wm_deployed roster[WM_MAX_UNITS], char *err, size_t err_len);

/* A loaded battle. Large (about 200 KB): allocate it on the heap. */
typedef struct wm_battle {
    int has_scenario;          /* the file named a scenario */
    wm_scenario scenario;
    wm_army army[2];
    wm_battlefield bf;      /* deployed, when has_scenario */
    wm_deployed roster[WM_MAX_UNITS];
} wm_battle;

/* Loads the battle file at path into *out (zeroed first; nothing to
 * free): its army lists and scenario (paths relative to the file), the
 * armies validated against their lists, and, when a scenario is given,
 * deployed. Returns 0, MU_EXIT_NOINPUT or MU_EXIT_DATAERR with one
 * positioned line in err; on failure *out is zeroed. */
int wm_battle_load(const char *path, wm_battle *out, char *err, size_t err_len);

#endif
