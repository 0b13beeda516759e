/* The move planner's contact goal (a charge): placements facing each
 * target edge that faces the unit (wm_planner.h). */
#include "wm_planner_int.h"

#include <stddef.h>

#define EPS MU_GEOM_EPS_MM
#define MAX_CONTACT (WM_MAX_STANDS * 4 * 9)

/* Where the template's centre goes and which way it faces. */
typedef struct placement {
    mu_vec2 c, f;
    double dist;
} placement;

/* Returns non-zero when p lies in a stand of t other than stand s. */
static int covered(const wm_unit *t, int s, mu_vec2 p)
{
    for (int k = 0; k < t->n_stands; k++)
        if (k != s && mu_orect_contains(&t->stand[k], p))
            return 1;
    return 0;
}

/* Returns non-zero when the template with its centre at c would stand on
 * the table clear of other units' stands and of terrain the unit cannot
 * enter (a place worth walking toward). */
static int footprint_free(const planner *pl, mu_vec2 c)
{
    for (int i = 0; i < pl->n; i++) {
        mu_orect r = pl->u->stand[i];
        r.center = mu_v2_add(c, pl->off[pl->slot[i]]);
        r.facing = pl->face[pl->slot[i]];
        if (!wm_orect_on_table(pl->bf, &r) || wm_orect_blocked(pl->bf, pl->u, &r) >= 0)
            return 0;
        for (int k = 0; k < pl->bf->n_units; k++) {
            const wm_unit *o = &pl->bf->unit[k];
            if (k == pl->req->unit || o->presence != WM_ON_TABLE || (wm_is_character(o) && o->side == pl->u->side))
                continue;
            for (int s = 0; s < o->n_stands; s++)
                if (mu_orect_overlap(&r, &o->stand[s]))
                    return 0;
        }
    }
    return 1;
}

/* Contact placements: the template facing each target edge that faces the
 * unit, front line flush on it, front centre slid along it. */
static int placements(planner *pl, placement *out)
{
    const wm_unit *t = &pl->bf->unit[pl->req->target];
    double w = pl->u->profile.stand_width_mm;
    int n = 0;
    for (int s = 0; s < t->n_stands; s++)
        for (int e = 0; e < 4; e++) {
            mu_seg edge = mu_orect_edge(&t->stand[s], e);
            mu_vec2 mid = mu_v2_scale(mu_v2_add(edge.a, edge.b), 0.5);
            mu_vec2 nrm = mu_v2_unit(mu_v2_perp(mu_v2_sub(edge.b, edge.a)));
            if (mu_v2_dot(nrm, mu_v2_sub(mid, t->stand[s].center)) < 0.0)
                nrm = mu_v2_scale(nrm, -1.0);
            if (mu_v2_dot(nrm, mu_v2_sub(pl->c0, mid)) <= 0.0 || covered(t, s, mu_v2_add(mid, nrm)))
                continue; /* the unit is behind this edge's line, or the edge is against a neighbour */
            mu_vec2 f = mu_v2_scale(nrm, -1.0), r = mu_v2_scale(mu_v2_perp(f), -1.0);
            wm_planner_template(pl, f, pl->c0, f);
            double front = -INFINITY, lat_lo = INFINITY, lat_hi = -INFINITY;
            for (int j = 0; j < pl->n; j++)
                front = fmax(front, mu_v2_dot(pl->off[j], f) + pl->u->profile.stand_depth_mm / 2.0);
            for (int j = 0; j < pl->n; j++)
                if (mu_v2_dot(pl->off[j], f) + pl->u->profile.stand_depth_mm / 2.0 >= front - 1e-6) {
                    lat_lo = fmin(lat_lo, mu_v2_dot(pl->off[j], r) - w / 2.0);
                    lat_hi = fmax(lat_hi, mu_v2_dot(pl->off[j], r) + w / 2.0);
                }
            double lat_c = 0.5 * (lat_lo + lat_hi);
            for (int k = 0; k < 9; k++) {
                double slide = w / 4.0 * ((k + 1) / 2) * (k % 2 ? 1.0 : -1.0);
                mu_vec2 c = mu_v2_add(mu_v2_add(mid, mu_v2_scale(nrm, front)), mu_v2_scale(r, slide - lat_c));
                out[n++] = (placement){c, f, mu_v2_dist(c, pl->c0)};
            }
        }
    for (int i = 1; i < n; i++) /* nearest first */
        for (int j = i; j > 0 && out[j].dist < out[j - 1].dist; j--) {
            placement tmp = out[j];
            out[j] = out[j - 1];
            out[j - 1] = tmp;
        }
    return n;
}

void wm_planner_contact(planner *pl, wm_plan *out)
{
    placement pc[MAX_CONTACT];
    int n = placements(pl, pc), walk_to = -1;
    for (int i = 0; i < n; i++) {
        wm_move m;
        wm_move_report rep;
        mu_vec2 d = mu_v2_sub(pc[i].c, pl->c0);
        wm_planner_template(pl, pc[i].f, pc[i].c, mu_v2_len(d) > EPS ? mu_v2_unit(d) : pc[i].f);
        if (walk_to < 0 && footprint_free(pl, pc[i].c))
            walk_to = i;
        /* the centre moves no farther than some stand's centre: beyond the
         * allowance nothing (placements are nearest first) is in reach */
        if (pc[i].dist > pl->ctx.allowance_mm + EPS) {
            if (walk_to >= 0)
                break;
            continue;
        }
        if (wm_planner_legal(pl, pc[i].c, &m, &rep) && wm_planner_target_distance(pl, &m) <= EPS) {
            wm_planner_consider(pl, &m, &rep, pc[i].c, pc[i].c);
            out->reached = 1;
            return;
        }
    }
    if (walk_to >= 0) /* out of reach or blocked: toward the nearest free placement */
        wm_planner_toward(pl, pc[walk_to].c, pl->ctx.allowance_mm, pc[walk_to].f);
}

