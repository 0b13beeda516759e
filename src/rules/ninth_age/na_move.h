/* Ninth Age moves (ninth-age-movement.txt: "Advance Move", "March Move",
 * "Reform", "Moving Single Model Units" and the wheel examples): a move is
 * a kind and a list of steps; the engine says whether it is legal for a
 * unit where it stands, and where the unit ends.
 *
 * Steps: forward, backward or sideways straight moves (mm); Wheels (the
 * unit turns about the front corner on the side it turns to; the distance
 * it costs is the outer front corner's arc, "measured from the outer
 * corner"); Pivots (single-model units only: the model turns about its
 * centre; a pivot costs no distance, a reading: na.single.pivot). A Reform
 * has no steps: its end is the new formation (files) and facing about the
 * same Centre. The move's distance is the sum of its steps' distances
 * (the examples' "3 + 6 + 2 = 11""). */
#ifndef MUSTER_NA_MOVE_H
#define MUSTER_NA_MOVE_H

#include "ninth_age/na_field.h"

typedef enum na_move_kind {
    NA_HOLD,         /* chooses not to move */
    NA_ADVANCE,      /* Advance Move forwards (Wheels allowed) */
    NA_ADVANCE_BACK, /* Advance Move backwards */
    NA_ADVANCE_SIDE, /* Advance Move sideways */
    NA_MARCH,        /* March Move (forwards, Wheels allowed) */
    NA_REFORM,
    NA_MOVE_KINDS
} na_move_kind;

typedef enum na_step_kind {
    NA_STEP_FORWARD, /* amount: mm >= 0 */
    NA_STEP_BACK,    /* amount: mm >= 0 */
    NA_STEP_SIDE,    /* amount: mm, > 0 to the right, < 0 to the left */
    NA_STEP_WHEEL,   /* amount: radians, > 0 counter-clockwise (to the left) */
    NA_STEP_PIVOT    /* amount: radians, > 0 counter-clockwise */
} na_step_kind;

#define NA_MAX_STEPS 8

typedef struct na_step {
    uint8_t kind; /* na_step_kind */
    double amount;
} na_step;

typedef struct na_move {
    uint8_t kind; /* na_move_kind */
    uint8_t n_steps;
    na_step steps[NA_MAX_STEPS];
    uint8_t files;  /* NA_REFORM: the new formation */
    mu_vec2 facing; /* NA_REFORM: the new facing (unit vector) */
} na_move;

/* Why a move is refused (NA_OK: legal). */
typedef enum na_refusal {
    NA_OK,
    NA_CANNOT_MOVE,    /* Charging, Engaged in Combat, Fleeing, or with Shaken models */
    NA_ALREADY_MOVED,  /* each unit once per Movement Phase */
    NA_MARCH_DENIED,   /* failed its March Test this phase */
    NA_WRONG_STEP,     /* a step the kind of move does not allow (or two directions) */
    NA_PIVOT_NOT_SINGLE, /* only single-model units Pivot */
    NA_TOO_FAR,        /* the move's distance exceeds what the kind allows */
    NA_MODEL_TOO_FAR,  /* some model's centre ends farther than the rate from its start */
    NA_BAD_FORMATION,  /* Reform into a formation the unit cannot take */
    NA_BLOCKED,        /* passes through a unit or impassable terrain */
    NA_OFF_TABLE,
    NA_SPACING,        /* ends closer than Unit Spacing to a unit it does not contact */
    NA_REFUSALS
} na_refusal;

/* Returns a short lowercase name of r ("model too far"). */
const char *na_refusal_name(na_refusal r);

/* Returns a short name of a move kind ("march"). */
const char *na_move_kind_name(int kind);

/* What a legal move does. */
typedef struct na_outcome {
    na_unit end;       /* the unit where it ends (pose and formation) */
    double path_mm;    /* the move's distance as made (after a stop at contact) */
    double farthest_mm; /* the farthest any model's centre ends from its start */
    int contact;       /* the enemy it ends in contact with, or -1 */
    int wheels, pivots; /* steps made */
} na_outcome;

/* Returns the most a move of kind k may cover for u (mm): the Advance
 * Rate forwards, half of it backwards or sideways, the March Rate for a
 * March Move; 0 for a Hold or a Reform. */
double na_move_allowance_mm(const na_unit *u, int kind);

/* Returns the limit on how far any model's centre may end from its start
 * for a move of kind k: the Advance Rate for Advance Moves, the March
 * Rate for March Moves and Reforms. */
double na_move_model_limit_mm(const na_unit *u, int kind);

/* Returns the refusal that bars unit u of f from starting a move of kind
 * `kind` this phase (who may move, once per phase, a failed March Test),
 * or NA_OK. A Hold is always allowed to an eligible unit. */
na_refusal na_move_allowed(const na_field *f, int u, int kind);

/* Decides whether move m is legal for unit u of f (with na_move_allowed)
 * and, when it is, fills *o. Straight steps stop where the unit first
 * touches an enemy (the rest of the move is then not made: na.game.contact);
 * a wheel or pivot that would pass through any unit is refused. Reads f,
 * writes only *o. */
na_refusal na_move_try(const na_field *f, const na_env *env, int u, const na_move *m, na_outcome *o);

/* The same without the eligibility checks of na_move_allowed (for tests
 * and the move search, which check eligibility once per unit). */
na_refusal na_move_check(const na_field *f, const na_env *env, int u, const na_move *m, na_outcome *o);

/* What a wheel or pivot made first from where the unit stands came to
 * (a cache entry of na_scene). */
typedef struct na_turn_memo {
    uint8_t kind;   /* na_step_kind: NA_STEP_WHEEL or NA_STEP_PIVOT */
    double amount;  /* its angle */
    na_refusal r;   /* the path check's answer */
    na_unit end;    /* where it ended (r == NA_OK) */
} na_turn_memo;

/* Slots of the cache of first turns (a power of two; it holds at most
 * 3/4 of them). */
#define NA_SCENE_MEMO 128

/* The other units as unit u's moves meet them (their corners and boxes),
 * and a cache of the first turns checked: one unit's choice checks many
 * moves from one place. Valid while the field it was built from is
 * unchanged. */
typedef struct na_scene {
    int u, n;
    int exact; /* set: no broad phase past the boxes and no cache (the
                * checks as first written; tests hold the two equal) */
    int index[NA_MAX_UNITS];   /* slot -> unit */
    uint8_t enemy[NA_MAX_UNITS];
    mu_vec2 corners[NA_MAX_UNITS][4];
    mu_vec2 lo[NA_MAX_UNITS], hi[NA_MAX_UNITS];
    mu_vec2 centre[NA_MAX_UNITS]; /* the unit's Centre */
    double half_diag[NA_MAX_UNITS]; /* half its footprint's diagonal: it lies within this of its Centre */
    int n_memo;
    uint8_t memo_used[NA_SCENE_MEMO]; /* memo[k] holds an entry */
    na_turn_memo memo[NA_SCENE_MEMO]; /* open addressing on (kind, amount) */
} na_scene;

/* Fills *s for unit u of f (an empty cache, exact 0). */
void na_scene_build(const na_field *f, int u, na_scene *s);

/* na_move_check and na_move_try with a scene built by na_scene_build(f,
 * u, s) on this f, unchanged since: the same answers and outcomes,
 * bit for bit (tests/unit/test_na_move.c holds them equal); s's cache
 * grows. */
na_refusal na_move_check_in(const na_field *f, const na_env *env, na_scene *s, int u, const na_move *m,
                            na_outcome *o);
na_refusal na_move_try_in(const na_field *f, const na_env *env, na_scene *s, int u, const na_move *m,
                          na_outcome *o);

/* The first turn of a move of unit s->u of f (built into s) from where it
 * stands: a Wheel (kind NA_STEP_WHEEL) or Pivot by amount radians,
 * checked along its path as na_move_check_in checks it (the same answer
 * and end pose, bit for bit, from s's cache when it was asked before);
 * *end gets the pose it ends in when the answer is NA_OK. */
na_refusal na_scene_turn(const na_field *f, const na_env *env, na_scene *s, int kind, double amount, na_unit *end);

/* Returns NA_OK when the convex hull of p[0..np) (np <= 16) stays on the
 * table, clear of terrain and of the scene's units in slots list[0..n)
 * (list NULL: all; overlap deeper than MU_GEOM_EPS_MM), as the path
 * checks judge each swept region; else NA_OFF_TABLE or NA_BLOCKED. */
na_refusal na_scene_region_clear(const na_scene *s, const int *list, int n, const na_env *env, const mu_vec2 *p,
                                  int np);

/* Carries out a legal move m with outcome o (from na_move_try on the same
 * f): u takes o->end; it has moved; a March Move sets marched, a Reform
 * reformed; contact makes u (and the enemy) Engaged in Combat. */
void na_move_commit(na_field *f, int u, const na_move *m, const na_outcome *o);

/* Returns the end pose of u after the steps of m taken without the table
 * (no contact, no checks), its distance in *path_mm. For Reform: the new
 * formation and facing about the Centre. Cheap: the move search scores
 * candidates with it. */
na_unit na_move_end(const na_unit *u, const na_move *m, double *path_mm);

/* Returns non-zero only when na_move_check_in(f, env, s, u, m) would
 * refuse m (0: it may or may not be legal), cheaply: when no straight
 * step of m passes near an enemy (so none stops at contact) and the end
 * footprint, a little smaller, is off the table, in terrain or over
 * another unit (the last step's swept region holds it). The policies ask
 * it before the full check; tests/unit/test_na_policy.c holds it to the
 * full check. */
int na_move_surely_refused(const na_field *f, const na_env *env, const na_scene *s, int u, const na_move *m);

/* Returns u after steps from..to-1 of m (not a Reform) taken without the
 * table, as na_move_end takes them: na_move_end_steps(na_move_end_steps(u,
 * m, 0, 1), m, 1, n) is na_move_end(u, m)'s pose, bit for bit. */
na_unit na_move_end_steps(const na_unit *u, const na_move *m, int from, int to);

/* Returns the farthest any model's centre is from its place in u when
 * the unit stands as `to` (same models, same formation: a rigid motion). */
double na_farthest_model_mm(const na_unit *u, const na_unit *to);

/* Returns non-zero when the models of u can be placed in the formation of
 * `to` (same Centre) with every model's centre within limit_mm of its
 * start (a bottleneck assignment: Reform places the models anew, so any
 * model may take any place; na.reform.distance). */
int na_reform_within(const na_unit *u, const na_unit *to, double limit_mm);

#endif
