/* The layer every Battlesystem policy is built on (bs_action.c): the
 * engine calls a plan is made of (bs_move.h, bs_charge.h, bs_contact.h),
 * carried out and described for the trace, and what every policy reads
 * of the field or draws from its own generator. The policies
 * (bs_policy.h) sit above it; it knows none of them. */
#ifndef MUSTER_BS_ACTION_H
#define MUSTER_BS_ACTION_H

#include "battlesystem/bs_charge.h"
#include "battlesystem/bs_contact.h"
#include "battlesystem/bs_field.h"
#include "battlesystem/bs_move.h"
#include "muster/rng.h"

#include <stddef.h>
#include <stdint.h>

/* One engine call a plan makes (bs_move.h, bs_charge.h, bs_contact.h). */
typedef enum bs_action_kind {
    BS_ACT_START,      /* bs_start(mode, target) */
    BS_ACT_FORMATION,  /* bs_change_formation(formation) */
    BS_ACT_FACE,       /* bs_face(face) */
    BS_ACT_TURN,       /* bs_turn(angle_rad) */
    BS_ACT_FRONTAGE,   /* bs_change_frontage(frontage) */
    BS_ACT_WHEEL,      /* bs_wheel(pivot, angle_rad) */
    BS_ACT_ADVANCE,    /* bs_advance(dist_mm, angle_rad) */
    BS_ACT_CHARGE_RUN, /* bs_charge_run(angle_rad) */
    BS_ACT_WRAP,       /* bs_wrap_around(enemy, left, right) */
    BS_ACT_WITHDRAW    /* bs_fighting_withdrawal(follow) */
} bs_action_kind;

/* An action with its arguments (only those of its kind matter). */
typedef struct bs_action {
    bs_action_kind kind;
    bs_mode mode;
    int target;
    bs_formation formation;
    bs_face_turn face;
    bs_pivot pivot;
    double angle_rad;
    double dist_mm; /* may be INFINITY: as far as movement allows */
    int frontage;
    int enemy, left, right;
    uint32_t follow; /* enemies that want to follow a withdrawal (7.12) */
} bs_action;

/* What an executed action did. */
typedef struct bs_action_result {
    bs_refusal refusal;         /* BS_OK: carried out */
    bs_step step;               /* ADVANCE */
    bs_charge_result charge;    /* CHARGE_RUN */
    double wheeled_rad;            /* WHEEL: the angle actually wheeled */
    bs_wrap_result wrap;        /* WRAP */
    bs_withdraw_result withdraw; /* WITHDRAW */
} bs_action_result;

/* Carries out action a for unit u through the engine (which checks the
 * rules and rolls any dice from env->dice). Returns what it did; a refused
 * action changed nothing. */
bs_action_result bs_action_apply(bs_field *f, const bs_env *env, int u, const bs_action *a);

/* Writes a short description of a, e.g. "advance 9.00in at -12deg", into
 * buf (len bytes, truncated) and returns buf. Unit names come from names
 * (indexed by unit; may be NULL for numbers). */
const char *bs_action_text(const bs_action *a, const char *const *names, char *buf, size_t len);

/* Returns a uniform double in [0, 1) from rng (53 bits, two draws). */
double bs_uniform(mu_rng *rng);

/* Returns the angle (radians, counter-clockwise) from unit u's facing to
 * the centre of unit v, as seen from u's front midpoint. */
double bs_bearing(const bs_field *f, int u, int v);

/* Returns the nearest enemy of u on the table that is not routing, else
 * the nearest routing one, else -1. */
int bs_policy_target(const bs_field *f, int u);

/* As bs_policy_target, by distances as a player judges them: each enemy's
 * true distance times scale(ctx), called once per enemy on the table in
 * index order (a policy's estimate, 7.7: no pre-measuring). */
int bs_policy_target_judged(const bs_field *f, int u, double (*scale)(void *ctx), void *ctx);

#endif
