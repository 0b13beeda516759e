/* The Warmaster move planner (issue 4 item 5): what a policy asks for
 * instead of placing stands. "Move this unit toward point P / into
 * contact with unit U / directly away from unit U, in formation F" returns
 * a legal move (wm_move_check says WM_MOVE_OK) that gets as close
 * as the search finds, so policies never reason about stands.
 *
 * The search (not globally optimal):
 * - Formation template. KEEP: the unit's stands as they stand, turned as
 *   a body to the final facing. LINE / COLUMN: wm_place_line /
 *   wm_place_column, stands assigned to places to make the longest
 *   stand move shortest (all assignments up to 5 stands, greedily
 *   beyond). Every stand moves in one leg (straight, turning steadily),
 *   the stand whose place is farthest ahead first (the reverse order is
 *   tried if that crosses an own stand). The unit's "centre" is the
 *   mean of its stand centres.
 * - Straight line search. Along a heading the template's centre goes to
 *   c0 + a h: the farthest a is tried first; if that is not legal, eight
 *   equal steps back from it, then bisection (to 0.05 mm) between the
 *   farthest legal step and the next. Legality need not be monotone along
 *   the line, so a legal stretch shorter than a step can be missed.
 * - Headings. The direct one; if that falls short, detours of 20, 40, 60
 *   and 80 degrees either side, skipped when they cannot beat the best so
 *   far. The centre moves in a straight line: no routing round large
 *   obstacles (a policy can ask for waypoints).
 * - Contact (a charge: kind WM_MOVE_CHARGE exempts the target from the
 *   gap rule). For each edge of each target stand that faces the unit,
 *   the template faces that edge with its front line flush on the edge's
 *   line, its front centred on the edge's middle or slid along it by up
 *   to a frontage; the nearest legal placement in contact wins (contact
 *   = some stand touches the target). If none is legal, the planner
 *   moves toward the nearest placement like a POINT goal and reports no
 *   contact. How chargers line up in detail ("Moving Chargers", Combat)
 *   is not in our texts.
 * - Away. The direction runs from the target's closest point to the
 *   unit's (as the evade direction); the goal is a full allowance that
 *   way and detours are scored by the distance they gain from the target.
 * If nothing better is legal the plan is to stand still (no legs). */
#ifndef MUSTER_WM_PLANNER_H
#define MUSTER_WM_PLANNER_H

#include "warmaster/wm_move.h"

typedef enum wm_goal {
    WM_GOAL_POINT,   /* the unit's centre toward `point` */
    WM_GOAL_CONTACT, /* front edge into contact with `target` */
    WM_GOAL_AWAY     /* directly away from `target` */
} wm_goal;

typedef enum wm_form {
    WM_FORM_KEEP,   /* the present arrangement, turned as a body */
    WM_FORM_LINE,
    WM_FORM_COLUMN,
    WM_FORM_ANY     /* CONTACT: whatever arrangement reaches (the present one, lines,
                       columns, blocks); other goals: as KEEP */
} wm_form;

typedef struct wm_plan_request {
    int unit;              /* index into bf->unit */
    wm_goal goal;
    mu_vec2 point;         /* POINT: where the centre should go */
    int target;            /* CONTACT, AWAY: the other unit */
    wm_form form;
    mu_vec2 facing;        /* final facing; (0, 0): KEEP keeps stand 0's, LINE and COLUMN
                              face the way they go (CONTACT: toward the target's edge) */
    wm_move_kind kind;  /* allowance and, for a charge, the gap-rule exemption */
    double rolled_mm;      /* WM_MOVE_DICE only */
} wm_plan_request;

/* Returns a request for unit: goal, form and kind as given, point (0, 0),
 * target -1, facing (0, 0), rolled_mm 0. */
wm_plan_request wm_plan_request_make(int unit, wm_goal goal, wm_form form, wm_move_kind kind);

/* A planned move. */
typedef struct wm_plan {
    int moved;                 /* the move goes somewhere (0: standing still) */
    int reached;               /* POINT: centre within 0.05 mm of the point; CONTACT: touching
                                  the target; AWAY: a full allowance from where it was */
    wm_move move;           /* legal, unless even standing still is not (see report) */
    wm_move_report report;  /* wm_move_check's report for move */
    double advance_mm;         /* how far the centre moved */
    double remaining_mm;       /* POINT: centre to point */
    double target_mm;          /* CONTACT, AWAY: distance to the target afterwards */
    int checks;                /* candidate moves checked (the search's cost) */
} wm_plan;

/* Plans req on bf (not changed) into *out and returns out->moved. The
 * unit must be on the table and not a character; CONTACT and AWAY need a
 * target on the table other than the unit. Apply with wm_move_apply. */
int wm_plan_move(const wm_battlefield *bf, const wm_plan_request *req, wm_plan *out);

#endif
