/* Ninth Age units (ninth-age-movement.txt, "Moving Units"): models on
 * rectangular bases in ranks and files, with Advance Rate, March Rate and
 * Discipline, their pose on the table and where each model's centre is.
 *
 * A unit is a plain value. Its footprint is a rectangle `files` bases wide
 * and `ranks` bases deep (the bases touch: the text gives no gap inside a
 * unit), centred on `centre` and facing along the unit vector `facing`.
 * The last rank may be partial; its models stand centred behind the rank
 * in front (an assumption: the text does not place them). The unit's
 * Centre (Reform, step 1) is the centre of that rectangle. Lengths are
 * millimetres (the text's inches are converted once, when the experiment
 * is loaded). */
#ifndef MUSTER_NA_UNIT_H
#define MUSTER_NA_UNIT_H

#include "muster/geom.h"

#include <stdint.h>

/* Most models in one unit, and most units on the table (both sides). */
#define NA_MAX_MODELS 100
#define NA_MAX_UNITS 32

/* A unit profile as the data file gives it (lengths already in mm). */
typedef struct na_profile {
    double advance_mm, march_mm; /* Advance Rate, March Rate */
    int discipline;
    double base_w_mm, base_d_mm; /* one model's base: frontage x depth */
} na_profile;

/* What the text names as barring a unit from moving ("Moving Units"). */
enum {
    NA_CHARGING = 1, /* declared a charge (charges are outside our text: scenario input) */
    NA_ENGAGED = 2,  /* Engaged in Combat: set when a move ends in contact with an enemy */
    NA_FLEEING = 4,  /* scenario input */
    NA_SHAKEN = 8    /* contains Shaken models (scenario input) */
};

typedef struct na_unit {
    na_profile p;
    int8_t side;     /* 0 or 1 */
    uint8_t flags;   /* NA_CHARGING | NA_ENGAGED | NA_FLEEING | NA_SHAKEN */
    uint8_t models;  /* 1..NA_MAX_MODELS */
    uint8_t files;   /* models in a full rank, 1..models */
    mu_vec2 centre;  /* the unit's Centre */
    mu_vec2 facing;  /* unit vector */
    /* This player turn (cleared at the start of its side's Movement Phase). */
    uint8_t moved;        /* has moved (or chosen not to) this phase */
    uint8_t march_denied; /* failed its March Test this phase */
    uint8_t marched;      /* March Moved: cannot shoot in the next Shooting Phase */
    uint8_t reformed;     /* Reformed: cannot shoot this Player Turn */
    int8_t contact;       /* the enemy it ended a move in contact with, or -1 */
} na_unit;

/* Returns a unit of profile p for side, models in files per rank, its
 * Centre at centre and facing `facing_rad` (radians, counter-clockwise
 * from +x); no flags, nothing done this phase. models >= 1, 1 <= files <=
 * models. */
na_unit na_unit_make(const na_profile *p, int side, int models, int files, mu_vec2 centre, double facing_rad);

/* Returns the ranks of u (a partial last rank counts). */
static inline int na_unit_ranks(const na_unit *u) { return (u->models + u->files - 1) / u->files; }

/* Returns u's width (its front) and depth in mm. */
static inline double na_unit_width_mm(const na_unit *u) { return u->files * u->p.base_w_mm; }
static inline double na_unit_depth_mm(const na_unit *u) { return na_unit_ranks(u) * u->p.base_d_mm; }

/* Returns non-zero when u is a single-model unit ("Moving Single Model
 * Units"). */
static inline int na_unit_single(const na_unit *u) { return u->models == 1; }

/* Returns u's footprint. */
mu_orect na_unit_rect(const na_unit *u);

/* Writes u's footprint corners (front-left, front-right, back-right,
 * back-left) to out. */
void na_unit_corners(const na_unit *u, mu_vec2 out[4]);

/* Returns the unit's right-hand direction (facing turned 90 degrees
 * clockwise). */
static inline mu_vec2 na_right(mu_vec2 facing) { return mu_v2(facing.y, -facing.x); }

/* Model i's centre in the unit's own frame: along the facing (a, from the
 * Centre, forward positive) and to the right (b). Models are numbered
 * rank by rank from the front, left to right. 0 <= i < models. */
void na_model_local(const na_unit *u, int i, double *a, double *b);

/* Returns the table position of a point (a, b) of u's frame. */
static inline mu_vec2 na_local_to_world(const na_unit *u, double a, double b)
{
    mu_vec2 r = na_right(u->facing);
    return mu_v2(u->centre.x + u->facing.x * a + r.x * b, u->centre.y + u->facing.y * a + r.y * b);
}

/* Writes the model indices whose centres are the corners of the convex
 * hull of all model centres (the ends of the front rank, of the last full
 * rank and of a partial last rank; fewer when they coincide) to out and
 * returns how many (1..6). Under a rigid motion the farthest any model
 * moves is the farthest one of these moves (distance is convex). */
int na_unit_extreme_models(const na_unit *u, int out[6]);

/* Returns non-zero when files is a formation u's models may take:
 * 1 <= files <= models (an assumption: the text says only "any legal
 * formation"; see CLAUSES.md na.reform.formation). */
int na_formation_legal(const na_unit *u, int files);

#endif
