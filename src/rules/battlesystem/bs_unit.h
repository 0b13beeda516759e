/* Battlesystem units and formations (battlesystem-movement-phase.txt
 * 7.1-7.6, 7.9-7.10): figures on bases in ranks x files, position and
 * facing, kind and formation, command, Attack Rating and morale, losses.
 *
 * A unit is a plain value (no pointers): the footprint is a rectangle of
 * frontage x ranks figure bases, `gap_mm` apart, whose front edge's
 * midpoint is `front` ("measure movement from the front of the figure's
 * base", 7.7) and which faces along the unit vector `facing`. All lengths
 * are millimetres; the profile's movement rate is inches. */
#ifndef MUSTER_BS_UNIT_H
#define MUSTER_BS_UNIT_H

#include "battlesystem/bs_rules.h"
#include "muster/geom.h"

#include <stdint.h>

/* 7.1: what a unit is; it fixes the formations it may take. */
typedef enum bs_kind {
    BS_REGULAR,     /* closed or open formation */
    BS_SKIRMISHERS, /* skirmish formation only */
    BS_MOB,         /* mob formation only */
    BS_INDIVIDUAL   /* a PC/NPC on its own: no formation (9.0, not in our text) */
} bs_kind;

typedef enum bs_formation {
    BS_CLOSED,
    BS_OPEN,
    BS_SKIRMISH,
    BS_MOB_FORMATION,
    BS_NO_FORMATION /* individuals */
} bs_formation;

/* Whether a unit is still on the table. */
typedef enum bs_status {
    BS_ACTIVE,
    BS_REMOVED,    /* routed off the table (7.15) */
    BS_DESTROYED,  /* would rout but surrounded with no 1" gap (7.15) */
    BS_CAPTURED,   /* surrounded and captured, all figures (7.15 optional) */
    BS_ELIMINATED  /* lost its last figure */
} bs_status;

/* How a unit moves this phase: declared before measuring (7.7 SPECIAL
 * NOTE) and committing it. */
typedef enum bs_mode {
    BS_MODE_NORMAL,
    BS_MODE_FORCED, /* 7.13 forced march, 1 1/2 x rate */
    BS_MODE_CHARGE  /* 7.14 charge, 1 1/2 x rate */
} bs_mode;

/* What became of a forced march (7.13 and its Q&A 127.66). */
typedef enum bs_march_outcome {
    BS_MARCH_NONE,
    BS_MARCH_MADE,       /* marched beyond its normal rate; Morale Check at the end of the move */
    BS_MARCH_WITHIN_RATE, /* declared, but ended within its normal rate (terrain, edge, friend,
                             a shorter move): a check only under BS_MARCH_CHECK_DECLARED */
    BS_MARCH_LOST_BONUS, /* contact within the normal rate: follows 7.8, no other penalty */
    BS_MARCH_HALTED,     /* visible enemy just beyond the normal limit: halts at the limit */
    BS_MARCH_AMBUSHED    /* ran into a hidden unit beyond the normal rate */
} bs_march_outcome;

/* What became of a charge (7.14 and Q&A 127.67). */
typedef enum bs_charge_outcome {
    BS_CHARGE_NONE,
    BS_CHARGE_DECLARED,  /* declared, not yet run */
    BS_CHARGE_MADE,      /* ended in base-to-base contact with an enemy */
    BS_CHARGE_SHORT,     /* failed to end in contact (out of reach or blocked) */
    BS_CHARGE_TOO_CLOSE, /* contact would come before 2/3 of the rate: no action */
    BS_CHARGE_NOT_STRAIGHT /* under BS_STRAIGHT_TWO_THIRDS_DISTANCE: less than 2/3 of
                                 the charge distance straight: no action */
} bs_charge_outcome;

/* Where a unit stands in its side's Movement Phase. */
typedef enum bs_phase_state {
    BS_IDLE,   /* nothing done yet this phase */
    BS_MOVING, /* started (mode declared, or an action taken) */
    BS_DONE    /* finished: no more actions this phase */
} bs_phase_state;

/* A unit's profile: what an army list gives. */
typedef struct bs_profile {
    bs_kind kind;
    double rate_in;          /* movement rate, inches (the AD&D figure) */
    double base_w_mm;        /* base width (along the front) */
    double base_d_mm;        /* base depth */
    int ar;                  /* Attack Rating (lower is better) */
    int morale;              /* morale rating (checks: see bs_rules) */
    int low_int_or_chaotic;  /* low INT or chaotic alignment (7.12, 7.14) */
    int never_checks_morale; /* "never check morale" (7.13) */
} bs_profile;

/* One unit. Fields are public for rulesets and policies to read; change
 * them through the functions of bs_unit.h, bs_move.h and friends. */
typedef struct bs_unit {
    /* identity and profile */
    int side;                 /* 0 or 1 */
    bs_kind kind;
    bs_formation formation;
    bs_status status;
    double rate_in;           /* current movement rate, inches */
    int low_int_or_chaotic;
    int never_checks_morale;
    int hidden;               /* hidden or invisible (Q&A 127.66 ambush) */

    /* figures and geometry */
    int figures;              /* figures alive */
    int frontage;             /* figures along the front side (7.10) */
    int ranks;                /* rows of figures front to back */
    double fig_w_mm, fig_d_mm; /* one base, along the front / front to back */
    double gap_mm;            /* space between bases (formation; see 7.11 note) */
    mu_vec2 front;            /* midpoint of the front edge, mm */
    mu_vec2 facing;           /* unit vector the front faces */
    mu_vec2 entry;            /* where it entered the table (7.15 Q&A: routs toward it) */
    int front_gaps;           /* open formation: front gaps still to fill (7.3) */

    /* ratings */
    int ar, ar_original;      /* current and original Attack Rating (7.13) */
    int morale;               /* morale rating */
    int in_command;
    int command_lost_round;   /* round a failed charge Discipline Check put it out of
                                 command (0: none pending); see command_return_rounds */

    /* per Game Round (cleared by bs_round_begin) */
    int morale_mod;           /* e.g. -3 after a failed charge (7.14) */
    int melee_ar_mod;         /* e.g. -1 after a closed charge (7.14) */
    int acted;                /* did something this round (7.13 recovery) */
    int attacked;             /* was attacked this round (7.13 recovery) */
    int locked;               /* lost initiative and was contacted (7.8) */
    int frozen;               /* gap-filling cost exceeded its rate (7.3) */
    int rally_tried;          /* one rally attempt per rally phase (Q&A 127.14) */
    uint32_t no_charge;       /* may not charge these units this round (7.12) */
    int wrapped;              /* used wrap-around: open after the melee (7.11) */
    int wrap_figures;         /* figures in the wrapped ends */
    int wrap_enemy;           /* unit wrapped around, or -1 */
    uint32_t wrap_held_left;  /* enemies whose left / right flank (as this unit faces)   */
    uint32_t wrap_held_right; /* it holds wrapped: those figures stay in contact until the
                                 contact ends (Q&A 132.34); kept across rounds */
    int ambushed_by;          /* hidden unit that ambushed it, or -1 (Q&A 127.66) */
    int charged;              /* made a charge into contact this round */
    int charge_contact;       /* enemy unit contacted by its charge, or -1 */

    /* routing (7.15) */
    int routed;
    mu_vec2 rout_dir;         /* heading of its last rout move */
    int routed_phase;         /* phase serial in which it began to rout */

    /* per Movement Phase (reset by bs_phase_begin) */
    bs_phase_state state;
    int finished;             /* bs_finish has run for this phase */
    bs_mode mode;
    int target;               /* declared charge target, or -1 */
    uint32_t contact_at_start; /* enemy units touching it at the phase start */
    int contact_made;         /* touched an enemy during this phase (7.8) */
    double used_mm;           /* movement spent this phase */
    double run_mm;            /* length of the current straight run */
    mu_vec2 run_dir;          /* its direction (valid when run_mm > 0) */
    double fill_mm;           /* gap filling paid at the phase start (7.3) */
    bs_march_outcome march;
    bs_charge_outcome charge;
    int discipline_due;       /* a declared charge's Discipline Check (7.14) not yet rolled:
                                 rolled at the charge's first move, if it is closed then */
} bs_unit;

/* Returns a unit of `figures` figures on profile p for side 0/1, in
 * formation `formation` (which the kind must allow: bs_formation_allowed)
 * with `frontage` figures along the front (clamped to 1..figures), its
 * front midpoint at front_mm facing along `facing` (normalised here), in
 * command, not routed, entry point = front_mm. */
bs_unit bs_unit_make(const bs_profile *p, const bs_rules *r, int side, int figures,
                           int frontage, bs_formation formation, mu_vec2 front_mm,
                           mu_vec2 facing);

/* Returns non-zero when a unit of kind k may operate in formation f
 * (7.1: regular closed/open, skirmish skirmish, mob mob). */
int bs_formation_allowed(bs_kind k, bs_formation f);

/* Returns the spacing between bases in formation f under r (closed and
 * mob: 0, open: open_gap_in, skirmish: skirmish_gap_in), mm. */
double bs_formation_gap_mm(const bs_rules *r, bs_formation f);

/* Footprint width (along the front) and depth of u, mm. */
double bs_unit_width_mm(const bs_unit *u);
double bs_unit_depth_mm(const bs_unit *u);

/* Writes u's footprint corners: front-left, front-right, back-right,
 * back-left. */
void bs_unit_corners(const bs_unit *u, mu_vec2 out[4]);

/* Returns the unit's footprint centre. */
mu_vec2 bs_unit_centre(const bs_unit *u);

/* Returns u's normal movement rate in mm. */
double bs_rate_mm(const bs_unit *u);

/* Returns the movement u may spend this phase in mode m, mm: the rate, or
 * 1 1/2 x rate for a forced march or a charge. */
double bs_budget_mm(const bs_unit *u, const bs_rules *r, bs_mode m);

/* Returns u's charge range in mm (7.14): 1 1/2 x rate for regular units
 * and mobs; skirmishers and individuals, who cannot charge, have their
 * normal rate as "charge range" for Discipline Checks. */
double bs_charge_range_mm(const bs_unit *u, const bs_rules *r);

/* Costs in mm of movement (pure: nothing is checked or changed). */
double bs_formation_change_cost_mm(const bs_unit *u, const bs_rules *r); /* 7.6: 1/4 rate */
double bs_face_cost_mm(const bs_unit *u, const bs_rules *r, int about); /* 7.9: 1/3 or 1/2 */
double bs_frontage_change_cost_mm(const bs_rules *r);                        /* 7.10: 1" */

/* Returns the radius of a wheel of u about a front corner (7.9, reading
 * r->wheel_measure): the distance from the pivot to the front edge of the
 * outermost figure, mm. The wheel costs |angle| x radius. */
double bs_wheel_radius_mm(const bs_unit *u, const bs_rules *r);

/* Returns the current Attack Rating for melee this round: ar plus the
 * round's modifiers (the -1 of a closed charge). */
static inline int bs_melee_ar(const bs_unit *u) { return u->ar + u->melee_ar_mod; }

/* Returns the current morale: the rating plus the round's modifier. */
static inline int bs_current_morale(const bs_unit *u) { return u->morale + u->morale_mod; }

/* Returns how far the AR has drifted from its original value (>= 0). */
static inline int bs_ar_penalty(const bs_unit *u) { return u->ar - u->ar_original; }

/* Returns non-zero when u is on the table. */
static inline int bs_unit_alive(const bs_unit *u) { return u->status == BS_ACTIVE; }

/* Takes n losses (n >= 0), of which n_front were figures of the front rank
 * (7.2-7.5): closed and mob formations remove figures from the rear; open
 * formation must move a figure into each front gap (paid at the start of
 * its next Movement Phase, 7.3); skirmishers leave gaps. A unit with no
 * figures left is eliminated. */
void bs_unit_take_losses(bs_unit *u, int n, int n_front);

/* Sets u in or out of command. Going out of command is an involuntary
 * formation change (7.6): a regular unit goes to open formation, free. */
void bs_unit_set_command(bs_unit *u, const bs_rules *r, int in_command);

/* Returns non-zero when a mob of `figures` figures with `frontage` figures
 * along its front is "approx. square" (7.5, reading): its frontage and its
 * ranks differ by at most r->mob_square_slack figures. Other kinds: 1. */
int bs_mob_square(const bs_rules *r, bs_kind kind, int figures, int frontage);

/* Returns the frontage nearest `frontage` (ties: the wider) at which a mob
 * of `figures` (>= 1) figures is approx. square under r (bs_mob_square);
 * r->mob_square_slack must be at least 1, so that one exists. */
int bs_mob_square_frontage(const bs_rules *r, int figures, int frontage);

/* Places u in formation f, keeping its front midpoint, and sets the base
 * spacing of f. No costs or checks: for set-up and involuntary changes. */
void bs_unit_place_formation(bs_unit *u, const bs_rules *r, bs_formation f);

#endif
