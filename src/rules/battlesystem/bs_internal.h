/* Internal helpers of the Battlesystem engine: its bottom layer, the
 * table's edges and terrain path costs (table.c) and the straight move
 * and the pieces every move shares (step.c); then what the modules of a
 * unit's move (move*.c), of the forced march (march.c), of the charge
 * (charge.c) and of routing (rout*.c) share among themselves. Not a
 * public header. The plane geometry (footprint overlap, distance, sweeps)
 * is core's: muster/geom.h, muster/geom_sweep.h. */
#ifndef MUSTER_BS_INTERNAL_H
#define MUSTER_BS_INTERNAL_H

#include "battlesystem/bs_field.h"
#include "battlesystem/bs_rout.h"
#include "muster/geom.h"
#include "muster/geom_sweep.h"

#include <math.h>

/* Lengths closer than this are equal (mm). */
#define BS_EPS MU_GEOM_EPS_MM

#define BS_PI 3.14159265358979323846

static inline double bs_deg(double deg) { return deg * BS_PI / 180.0; }
static inline double bs_in(double inches) { return inches * MU_MM_PER_INCH; }

/* Returns non-zero when u indexes a unit of f. */
static inline int bs_index_valid(const bs_field *f, int u) { return u >= 0 && u < f->n_units; }

/* Returns non-zero when u indexes a unit of f that is on the table. */
static inline int bs_index_alive(const bs_field *f, int u)
{
    return bs_index_valid(f, u) && bs_unit_alive(&f->units[u]);
}

/* --- the table (table.c) */

/* Returns how far polygon a can move along d and stay on the table
 * (INFINITY on an unbounded table). */
double bs_table_limit(const bs_table *t, const mu_vec2 *a, int na, mu_vec2 d);

/* Returns how far point p can move along d before leaving the table. */
double bs_table_exit_point(const bs_table *t, mu_vec2 p, mu_vec2 d);

/* Returns non-zero when polygon a lies on the table. */
int bs_on_table(const bs_table *t, const mu_vec2 *a, int na);

/* --- terrain (table.c) */

/* Returns the movement cost of moving point p a distance len along d with
 * the terrain factors of r (the largest factor where areas overlap). */
double bs_path_cost(const bs_table *t, const bs_rules *r, mu_vec2 p, mu_vec2 d, double len);

/* Returns the longest distance <= len_max along d from p whose cost is at
 * most budget. */
double bs_path_reach(const bs_table *t, const bs_rules *r, mu_vec2 p, mu_vec2 d,
                     double budget, double len_max);

/* Adds to a tally counter if the tally exists. */
#define BS_COUNT(env, field) \
    do {                     \
        if ((env)->tally)    \
            (env)->tally->field++; \
    } while (0)

/* --- the field (field.c) */

/* Returns the nearest enemy unit to u, or -1. */
int bs_nearest_enemy(const bs_field *f, int u);

/* --- the straight move and the pieces every move shares (step.c) */

/* What lies first along a straight move of unit u. */
typedef struct bs_hit {
    double t;      /* path length to it (INFINITY: nothing) */
    int unit;      /* unit touched, or -1 */
    int terrain;   /* impassable terrain index, or -1 */
    int edge;      /* the table edge */
} bs_hit;

/* Unit-sweep options. */
enum {
    BS_SWEEP_PASS_SKIRMISH = 1, /* pass through friendly skirmishers */
    BS_SWEEP_NO_FRIENDS = 2,    /* ignore all friends */
    BS_SWEEP_NO_EDGE = 4        /* ignore the table edge */
};

/* Finds the first unit (other than u and those in the ignore mask),
 * impassable area or table edge that u's footprint (corners c) meets moving
 * along d. */
bs_hit bs_first_hit(const bs_field *f, const bs_env *env, int u, const mu_vec2 c[4],
                    mu_vec2 d, uint32_t ignore, int options);

/* Returns non-zero when footprint c (of unit u) overlaps another unit (not
 * in ignore), impassable terrain, or leaves the table. */
int bs_blocked(const bs_field *f, const bs_env *env, int u, const mu_vec2 c[4],
               uint32_t ignore);

/* Records that unit u touched enemy unit e in its move: contact, attacked,
 * and locked if e's side lost initiative (7.8). */
void bs_note_contact(bs_field *f, int u, int e);

/* Turns u to face `facing`, rotating its footprint about its centre. */
void bs_face_to(bs_unit *u, mu_vec2 facing);

/* The checks common to every action of unit u in its phase: on the
 * table, its side's phase, not routing, not finished, not frozen. */
bs_refusal bs_can_act(const bs_field *f, int u);

/* Extends (or restarts) un's straight run by a move of len along d. */
void bs_extend_run(bs_unit *un, mu_vec2 d, double len);

/* Executes a plain straight move (no forced-march or charge handling):
 * moves up to len (movement permitting) along d and returns what stopped
 * it; the caller has checked the rules. budget_mm caps the movement spent
 * in total (used_mm included). */
bs_step bs_straight(bs_field *f, const bs_env *env, int u, mu_vec2 d, double len,
                       double budget_mm);

/* Checks the direction of a straight or oblique move of un, angle_rad
 * from its facing (7.9; straight ahead only after contact, 7.8): for
 * bs_advance and the charge run. */
bs_refusal bs_check_direction(const bs_unit *un, const bs_rules *r, double angle_rad);

/* --- a unit's move: its state, budget and the checks its actions share
 * (move.c; the actions in move_manoeuvre.c, move_wheel.c, move_advance.c) */

/* The checks for the manoeuvres a unit that lost initiative and was
 * contacted may not make (formation, facing, frontage: 7.8, when
 * lock_applies), and that a unit that began in contact may not make
 * (anything but wrap-around, fighting withdrawal or flee: 7.8), after
 * bs_can_act's. Returns BS_OK or the refusal. */
bs_refusal bs_can_manoeuvre(const bs_field *f, int u, int lock_applies);

/* The checks of a change of direction of unit u (a face, a free turn, a
 * wheel): bs_can_manoeuvre with the lock, then its formation must be in
 * `formations` (a mask of 1u << bs_formation; else BS_BAD_FORMATION) and
 * it must not have made contact this phase (Q&A 127.66: straight ahead
 * only; else BS_NO_TURN_IN_CONTACT), in that order. Returns BS_OK or the
 * refusal. */
bs_refusal bs_can_change_direction(const bs_field *f, int u, unsigned formations);

/* Starts un's move as a normal move if it has not started (state IDLE). */
void bs_ensure_started(bs_unit *un);

/* Books a manoeuvre in place (formation, facing, turn) of un: cost mm of
 * its movement, a break in any straight run, and the unit has acted;
 * starts its move if need be. */
void bs_spend(bs_unit *un, double cost);

/* Returns the movement (mm) unit un may spend in its phase outside a
 * charge's run into contact: its mode's budget (bs_budget_mm), except
 * that a declared charge has only its normal rate (Q&A 127.67); the run
 * into contact may use the charge range (bs_charge_run). */
double bs_move_budget_mm(const bs_unit *un, const bs_rules *r);

/* Returns non-zero when un can spend cost mm more of bs_move_budget_mm. */
int bs_affordable(const bs_unit *un, const bs_rules *r, double cost);

/* --- the forced march (march.c) */

/* Books what unit u's forced march came to on meeting enemy unit e (Q&A
 * 127.66), for a straight move and a wheel alike: LOST_BONUS makes it a
 * normal move (7.8); HALTED and AMBUSHED end its move, an ambush
 * recording the ambusher, which is no longer hidden. Moves nothing;
 * counts in the tally. */
void bs_march_book(bs_field *f, const bs_env *env, int u, int e, bs_march_outcome o);

/* --- routing (rout.c, rout_move.c) */

/* Unit u routs, its own rout or a link of a rout chain at depth (0: the
 * first): it gets the rout marker, drops any wrap-around, and makes its
 * rout move (bs_rout_move); res gathers what happened. */
void bs_rout_begin(bs_field *f, const bs_env *env, int u, mu_vec2 dir, mu_vec2 away, double dist, int depth,
                   bs_rout_result *res);

/* Moves routed unit u up to dist along dir through the obstacles of 7.15
 * (away: directly away from the cause, which way to run along impassable
 * terrain; depth: of the rout chain, friends it runs into that fail their
 * check rout ahead of it through bs_rout_begin), settles it clear of
 * anything it passed through, and turns it to face dir (its back to the
 * enemy) where it has room. res gathers what happened. */
void bs_rout_move(bs_field *f, const bs_env *env, int u, mu_vec2 dir, mu_vec2 away, double dist, int depth,
                  bs_rout_result *res);

/* --- the charge (charge.c) */

/* Rolls a declared charge's Discipline Check if it is still due (7.14: a
 * closed unit of chaotic or low-INT creatures "must make a Discipline
 * Check when charging"): at the charge's first move, only if the unit is
 * then a closed regular unit of such creatures. Failing, it goes out of
 * command and into open formation (and still charges); command returns by
 * rules.command_return_rounds. Clears the due flag either way. */
void bs_charge_discipline(bs_field *f, const bs_env *env, int u);

#endif
