/* The move search of one unit's choice: what its moves meet, found once
 * and kept while the policy looks (the turns from where it stands on a
 * grid of angles, each checked once; the straight lanes after them, each
 * swept once, na_lane.h), and the search for the legal move that brings
 * it nearest an aim.
 *
 * The grid: Wheels (Pivots for a single model) by every 5 degrees from
 * -180 to 180 that the allowance pays for. A forward move is a turn and
 * then a straight part, or a straight part and then a turn; sideways and
 * backwards moves are straight. For a turn first the lane gives the
 * legal straight part nearest the aim in closed form; for a turn last,
 * the straight part nearest the aim within the first lane's clear
 * stretch. na_search_towards looks at turns first every 10 degrees (and
 * at the 5 degrees either side of the best), turns last at the menu's
 * angles (na_movegen.h), and a single model's Pivot straight at the aim;
 * it tries them best first (bounded by where each could end were the
 * table empty, so most are never looked at) and checks the one it takes
 * with na_move_check_in. */
#ifndef MUSTER_NA_SEARCH_H
#define MUSTER_NA_SEARCH_H

#include "ninth_age/na_lane.h"

/* Grid angles: index k + NA_GRID_HALF for a turn of 5 k degrees. */
#define NA_GRID_HALF 36
#define NA_GRID (2 * NA_GRID_HALF + 1)
/* Lanes from the start: straight ahead is the grid's 0; these three are
 * sideways left, right and backwards; one more slot for a single model's
 * Pivot straight at the aim. */
enum { NA_LANE_LEFT = NA_GRID, NA_LANE_RIGHT, NA_LANE_BACK, NA_LANE_AIM, NA_LANES };

/* One turn (or none) from the start and the lane after it (what of it
 * is made: na_search's posed, checked and laned). */
typedef struct na_angle {
    na_refusal turn;  /* the turn's check (checked) */
    double amount;    /* the turn (radians; 0 for the straight lanes) */
    na_unit pose;     /* after the turn (posed: by arithmetic; checked and OK: as checked) */
    mu_vec2 dir;      /* the lane's direction */
    na_lane lane;     /* (laned) */
} na_angle;

/* The extreme models of the unit in its own frame and where they stand. */
typedef struct na_extremes {
    int n;
    double a[6], b[6];
    mu_vec2 at[6];
} na_extremes;

typedef struct na_search {
    const na_field *f;
    const na_env *env;
    na_scene *s;
    int u;
    double reach_mm; /* how far lanes are swept: the unit's longest allowance */
    int n_near;      /* the scene's units any turn or lane of the unit may meet */
    int near[NA_MAX_UNITS];
    na_extremes x;
    mu_vec2 pivot[2];      /* the Wheel's pivot corner turning right [0] and left [1] */
    double allow_advance_mm, allow_march_mm, width_mm; /* the unit's allowances and frontage */
    uint8_t posed[NA_LANES], checked[NA_LANES], laned[NA_LANES]; /* per angle: made */
    int fan_reached[2];    /* turns to the right [0] and left [1]: 5-degree sectors found clear */
    uint8_t fan_blocked[2]; /* the next sector is blocked */
    na_angle ang[NA_LANES];
} na_search;

/* Starts the search of unit s->u of f (s built by na_scene_build on f;
 * both unchanged while S is used). */
void na_search_begin(na_search *S, const na_field *f, const na_env *env, na_scene *s);

/* Returns the turn of grid index i (radians): 5 (i - NA_GRID_HALF)
 * degrees, written as the menu always wrote it. */
double na_grid_amount(int i);

/* Returns lane i of S (a grid index, NA_LANE_LEFT, NA_LANE_RIGHT or
 * NA_LANE_BACK) after its turn, or NULL when that turn is blocked; *pose
 * (if non-NULL) gets where the unit stands after the turn. Turns are
 * judged as a fan: the unit turned to one side sector by sector (the
 * hull of the poses 5 degrees apart, as na_move_check_in samples a turn)
 * until one is blocked, so a turn is clear when every smaller one that
 * way is (whatever was asked before: the answers do not depend on the
 * order of the questions). */
const na_lane *na_search_lane(na_search *S, int i, const na_unit **pose);

/* The longest straight part d in [0, room_mm] of a move of kind with a
 * turn of grid index i before it (turn_first) or after it such that no
 * model ends beyond the kind's limit; -1 when even d = 0 is too far. */
double na_search_longest(na_search *S, int i, int kind, int turn_first, double room_mm);

/* Finds the legal move of S's unit, of a kind in kinds (bits 1 << kind;
 * forward, sideways and backwards moves: no Reform) that na_move_allowed
 * permits, whose end Centre comes nearest aim and at least min_gain_mm
 * nearer than now, or that ends in contact with an enemy: writes it to
 * *m and its checked outcome to *o and returns 1; returns 0 when there is
 * none. Ties go to the first in the grid's order. */
int na_search_towards(na_search *S, unsigned kinds, mu_vec2 aim, double min_gain_mm, na_move *m, na_outcome *o);

#endif
