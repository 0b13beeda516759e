/* Manoeuvres in place (battlesystem-movement-phase.txt 7.6, 7.9, 7.10 and
 * Q&A 127.66): changing formation, facing about a quarter or a half,
 * a skirmisher's or individual's free turn, and changing frontage. Each
 * spends movement where the unit stands (contracts in bs_move.h). */
#include "battlesystem/bs_move.h"

#include "bs_internal.h"

/* Puts unit u in the place of trial, its changed self, if trial's
 * footprint has room (no other unit, impassable terrain or table edge),
 * spending cost mm of its movement. Returns BS_OK, or BS_NO_ROOM with
 * nothing changed. */
static bs_refusal put_in_place(bs_field *f, const bs_env *env, int u, bs_unit *trial, double cost)
{
    mu_vec2 c[4];
    bs_unit_corners(trial, c);
    if (bs_blocked(f, env, u, c, 0))
        return BS_NO_ROOM;
    bs_spend(trial, cost);
    f->units[u] = *trial;
    return BS_OK;
}

/* RULE bs.formation.closed-command bs.formation.change-any-time bs.formation.change-in-command
 * RULE bs.move.no-direction-change */
bs_refusal bs_change_formation(bs_field *f, const bs_env *env, int u,
                                     bs_formation to)
{
    bs_refusal ref = bs_can_manoeuvre(f, u, 1);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (un->kind != BS_REGULAR || !bs_formation_allowed(un->kind, to) || to == un->formation)
        return BS_BAD_FORMATION;
    /* Q&A 127.66: once a figure has made contact, "The figures can only
     * move straight ahead" */
    if (un->contact_made)
        return BS_NO_TURN_IN_CONTACT;
    if (!un->in_command)
        return BS_NOT_IN_COMMAND;
    double cost = bs_formation_change_cost_mm(un, env->rules);
    if (!bs_affordable(un, env->rules, cost))
        return BS_NO_MOVEMENT;
    bs_unit trial = *un;
    bs_unit_place_formation(&trial, env->rules, to);
    return put_in_place(f, env, u, &trial, cost);
}

/* RULE bs.move.no-direction-change bs.move.face-cost bs.move.face-keeps-positions */
bs_refusal bs_face(bs_field *f, const bs_env *env, int u, bs_face_turn turn)
{
    bs_refusal ref = bs_can_change_direction(f, u, 1u << BS_CLOSED | 1u << BS_OPEN);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    if (turn != BS_RIGHT_FACE && turn != BS_LEFT_FACE && turn != BS_ABOUT_FACE)
        return BS_BAD_ARGUMENT;
    int about = turn == BS_ABOUT_FACE;
    double cost = bs_face_cost_mm(un, env->rules, about);
    if (!bs_affordable(un, env->rules, cost))
        return BS_NO_MOVEMENT;
    /* Q&A 127.66: "A change of facing does not alter the relative positions
     * of the figures": the footprint stays; each base turns in place. */
    mu_vec2 centre = bs_unit_centre(un);
    if (about) {
        un->facing = mu_v2_scale(un->facing, -1);
    } else {
        un->facing = turn == BS_RIGHT_FACE ? mu_v2(un->facing.y, -un->facing.x)
                                              : mu_v2_perp(un->facing);
        int t = un->frontage;
        un->frontage = un->ranks;
        un->ranks = t;
        double w = un->fig_w_mm;
        un->fig_w_mm = un->fig_d_mm;
        un->fig_d_mm = w;
    }
    un->front = mu_v2_add(centre, mu_v2_scale(un->facing, bs_unit_depth_mm(un) / 2));
    bs_spend(un, cost);
    return BS_OK;
}

/* RULE bs.move.skirmish-turns-free */
bs_refusal bs_turn(bs_field *f, const bs_env *env, int u, double angle_rad)
{
    bs_refusal ref = bs_can_change_direction(f, u, 1u << BS_SKIRMISH | 1u << BS_NO_FORMATION);
    if (ref != BS_OK)
        return ref;
    const bs_unit *un = &f->units[u];
    bs_unit trial = *un;
    bs_face_to(&trial, mu_v2_rotate(un->facing, angle_rad));
    return put_in_place(f, env, u, &trial, 0.0);
}

/* RULE bs.move.frontage bs.move.no-direction-change bs.formation.mob-square */
bs_refusal bs_change_frontage(bs_field *f, const bs_env *env, int u, int new_frontage)
{
    bs_refusal ref = bs_can_manoeuvre(f, u, 1);
    if (ref != BS_OK)
        return ref;
    bs_unit *un = &f->units[u];
    /* 7.10: "Units in skirmish formation do not have frontages." */
    if (un->formation != BS_CLOSED && un->formation != BS_OPEN &&
        un->formation != BS_MOB_FORMATION)
        return BS_BAD_FORMATION;
    if (new_frontage < 1 || new_frontage > un->figures || new_frontage == un->frontage)
        return BS_BAD_ARGUMENT;
    /* Q&A 127.66: straight ahead only once a figure has made contact */
    if (un->contact_made)
        return BS_NO_TURN_IN_CONTACT;
    /* 7.5: a mob is "an irregular (but approx. square) array" */
    if (!bs_mob_square(env->rules, un->kind, un->figures, new_frontage))
        return BS_NOT_SQUARE;
    double cost = bs_frontage_change_cost_mm(env->rules);
    if (!bs_affordable(un, env->rules, cost))
        return BS_NO_MOVEMENT;
    bs_unit trial = *un;
    trial.frontage = new_frontage;
    trial.ranks = (un->figures + new_frontage - 1) / new_frontage;
    return put_in_place(f, env, u, &trial, cost);
}
