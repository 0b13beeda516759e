/* Battlesystem units: formations, footprint, movement costs, losses and
 * command (battlesystem-movement-phase.txt 7.1-7.6, 7.9, 7.10, 7.14). */
#include "battlesystem/bs_unit.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

/* RULE bs.formation.allowed bs.formation.individuals */
int bs_formation_allowed(bs_kind k, bs_formation f)
{
    switch (k) {
    case BS_REGULAR:
        return f == BS_CLOSED || f == BS_OPEN;
    case BS_SKIRMISHERS:
        return f == BS_SKIRMISH;
    case BS_MOB:
        return f == BS_MOB_FORMATION;
    case BS_INDIVIDUAL:
        return f == BS_NO_FORMATION;
    }
    return 0;
}

/* RULE bs.formation.closed-contact bs.formation.open-spacing bs.formation.skirmish-spacing
 * RULE bs.formation.mob */
double bs_formation_gap_mm(const bs_rules *r, bs_formation f)
{
    switch (f) {
    case BS_OPEN:
        return bs_in(r->open_gap_in);
    case BS_SKIRMISH:
        return bs_in(r->skirmish_gap_in);
    default:
        return 0.0;
    }
}

bs_unit bs_unit_make(const bs_profile *p, const bs_rules *r, int side, int figures,
                           int frontage, bs_formation formation, mu_vec2 front_mm,
                           mu_vec2 facing)
{
    assert(figures >= 1 && (side == 0 || side == 1));
    assert(bs_formation_allowed(p->kind, formation));
    bs_unit u = {0};
    u.side = side;
    u.kind = p->kind;
    u.status = BS_ACTIVE;
    u.rate_in = p->rate_in;
    u.low_int_or_chaotic = p->low_int_or_chaotic;
    u.never_checks_morale = p->never_checks_morale;
    u.figures = figures;
    u.frontage = frontage < 1 ? 1 : frontage > figures ? figures : frontage;
    u.ranks = (figures + u.frontage - 1) / u.frontage;
    u.fig_w_mm = p->base_w_mm;
    u.fig_d_mm = p->base_d_mm;
    u.front = front_mm;
    u.facing = mu_v2_unit(facing);
    u.entry = front_mm;
    u.ar = u.ar_original = p->ar;
    u.morale = p->morale;
    u.in_command = 1;
    u.wrap_enemy = -1;
    u.command_lost_round = 0;
    u.ambushed_by = -1;
    u.charge_contact = -1;
    u.target = -1;
    u.routed_phase = -1;
    u.formation = formation;
    u.gap_mm = bs_formation_gap_mm(r, formation);
    return u;
}

double bs_unit_width_mm(const bs_unit *u)
{
    return u->frontage * u->fig_w_mm + (u->frontage - 1) * u->gap_mm;
}

double bs_unit_depth_mm(const bs_unit *u)
{
    return u->ranks * u->fig_d_mm + (u->ranks - 1) * u->gap_mm;
}

void bs_unit_corners(const bs_unit *u, mu_vec2 out[4])
{
    mu_vec2 left = mu_v2_perp(u->facing);
    mu_vec2 half = mu_v2_scale(left, bs_unit_width_mm(u) / 2);
    mu_vec2 back = mu_v2_scale(u->facing, -bs_unit_depth_mm(u));
    out[0] = mu_v2_add(u->front, half);
    out[1] = mu_v2_sub(u->front, half);
    out[2] = mu_v2_add(out[1], back);
    out[3] = mu_v2_add(out[0], back);
}

mu_vec2 bs_unit_centre(const bs_unit *u)
{
    return mu_v2_sub(u->front, mu_v2_scale(u->facing, bs_unit_depth_mm(u) / 2));
}

/* RULE bs.move.rate */
double bs_rate_mm(const bs_unit *u) { return bs_in(u->rate_in); }

/* RULE bs.march.rate */
double bs_budget_mm(const bs_unit *u, const bs_rules *r, bs_mode m)
{
    switch (m) {
    case BS_MODE_FORCED:
        return r->forced_march_mult * bs_rate_mm(u);
    case BS_MODE_CHARGE:
        return r->charge_mult * bs_rate_mm(u);
    default:
        return bs_rate_mm(u);
    }
}

/* RULE bs.charge.who-may */
double bs_charge_range_mm(const bs_unit *u, const bs_rules *r)
{
    if (u->kind == BS_REGULAR || u->kind == BS_MOB)
        return r->charge_mult * bs_rate_mm(u);
    return bs_rate_mm(u);
}

/* RULE bs.formation.change-cost */
double bs_formation_change_cost_mm(const bs_unit *u, const bs_rules *r)
{
    return r->formation_change_frac * bs_rate_mm(u);
}

/* RULE bs.move.face-cost */
double bs_face_cost_mm(const bs_unit *u, const bs_rules *r, int about)
{
    return (about ? r->face_about_frac : r->face_quarter_frac) * bs_rate_mm(u);
}

/* RULE bs.move.frontage-cost */
double bs_frontage_change_cost_mm(const bs_rules *r) { return bs_in(r->frontage_change_in); }

/* RULE bs.move.wheel bs.move.wheel-radius */
double bs_wheel_radius_mm(const bs_unit *u, const bs_rules *r)
{
    double w = bs_unit_width_mm(u);
    if (r->wheel_measure == BS_WHEEL_FRONT_RANK)
        return w;
    /* the rear rank's outer figure, measured from the front of its base */
    double back = bs_unit_depth_mm(u) - u->fig_d_mm;
    return hypot(w, back);
}

/* RULE bs.formation.closed-losses bs.formation.open-losses bs.formation.skirmish-losses
 * RULE bs.formation.mob */
void bs_unit_take_losses(bs_unit *u, int n, int n_front)
{
    assert(n >= 0 && n_front >= 0 && n_front <= n);
    if (n >= u->figures) {
        u->figures = 0;
        u->status = BS_ELIMINATED;
        return;
    }
    u->figures -= n;
    if (u->formation == BS_OPEN)
        u->front_gaps += n_front;
    /* the losses come off the rear (closed, mob: 7.2, 7.5; open once its
     * gaps are filled; skirmish footprints are kept as a block) */
    if (u->frontage > u->figures)
        u->frontage = u->figures;
    while (u->ranks > 1 && (u->ranks - 1) * u->frontage >= u->figures)
        u->ranks--;
}

/* RULE bs.formation.involuntary-open */
void bs_unit_set_command(bs_unit *u, const bs_rules *r, int in_command)
{
    (void)r;
    u->in_command = in_command != 0;
    /* 7.6: going out of command is an involuntary change to open formation,
     * free. Bases keep their places (as after a wrap-around, 7.11). */
    if (!in_command && u->kind == BS_REGULAR)
        u->formation = BS_OPEN;
}

/* RULE bs.formation.mob-square */
int bs_mob_square(const bs_rules *r, bs_kind kind, int figures, int frontage)
{
    if (kind != BS_MOB || figures < 1 || frontage < 1)
        return 1;
    int ranks = (figures + frontage - 1) / frontage;
    return abs(frontage - ranks) <= r->mob_square_slack;
}

/* RULE bs.formation.mob-square */
int bs_mob_square_frontage(const bs_rules *r, int figures, int frontage)
{
    int best = -1;
    for (int fr = 1; fr <= figures; fr++) {
        if (!bs_mob_square(r, BS_MOB, figures, fr))
            continue;
        if (best < 0 || abs(fr - frontage) < abs(best - frontage) ||
            (abs(fr - frontage) == abs(best - frontage) && fr > best))
            best = fr;
    }
    /* with a slack of 1 or more one always exists: at frontage ceil(sqrt(n))
     * the ranks are that or one fewer */
    assert(best > 0);
    return best;
}

void bs_unit_place_formation(bs_unit *u, const bs_rules *r, bs_formation f)
{
    assert(bs_formation_allowed(u->kind, f));
    u->formation = f;
    u->gap_mm = bs_formation_gap_mm(r, f);
}
