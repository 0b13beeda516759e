/* The move planner's contact goal (a charge; issue 12 item 1): the
 * unit's stands placed against any edge of any target stand, in the
 * present arrangement or re-arranged (WM_FORM_ANY), slid along the edge,
 * tried nearest first (by the least distance the farthest-moving point
 * must go) with cheap tests before the move checker; a stand whose
 * straight path is refused is routed round (planner_route.c). The search
 * and its limits: wm_planner.h. */
#include "wm_planner_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define SLIDES 9           /* evenly spaced slides along an edge, plus the special ones */
#define MIN_OVERLAP_MM 0.25 /* the front row overlaps the edge by at least this (as the reference) */

/* One candidate: where the template's centre goes, its facing and
 * arrangement, and a lower bound on the move. */
typedef struct placement {
    mu_vec2 c, f;
    double lb;
    int form, front, align;
    int tier;  /* 0: the present arrangement, a line or a column; 1: other blocks */
    int index; /* ties: in the order made */
} placement;

static int nearer(const void *a, const void *b)
{
    const placement *x = a, *y = b;
    if (x->tier != y->tier)
        return x->tier - y->tier;
    if (x->lb != y->lb)
        return x->lb < y->lb ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* Returns non-zero when a and b put the same arrangement at the same place. */
static int same_placement(const placement *a, const placement *b)
{
    return a->form == b->form && a->front == b->front && a->align == b->align && fabs(a->c.x - b->c.x) <= 1e-9 &&
           fabs(a->c.y - b->c.y) <= 1e-9 && fabs(a->f.x - b->f.x) <= 1e-12 && fabs(a->f.y - b->f.y) <= 1e-12;
}

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
 * enter. */
static int footprint_free(const planner *pl, mu_vec2 c)
{
    for (int i = 0; i < pl->n; i++) {
        mu_orect r = pl->u->stand[i];
        r.center = mu_v2_add(c, pl->off[pl->slot[i]]);
        r.facing = pl->face[pl->slot[i]];
        if (!wm_orect_free_for(pl->bf, pl->req->unit, &r))
            return 0;
    }
    return 1;
}

/* The least distance the farthest-moving point of some stand must move
 * to reach the template at c, stand i going to place slot[i] (every point
 * moves at least the straight distance between its start and end). */
static double bound_for(const planner *pl, mu_vec2 c, const int *slot)
{
    double lb = 0.0;
    for (int i = 0; i < pl->n; i++) {
        mu_orect e = pl->u->stand[i];
        e.center = mu_v2_add(c, pl->off[slot[i]]);
        e.facing = pl->face[slot[i]];
        mu_vec2 a[4], b[4];
        mu_orect_corners(&pl->u->stand[i], a);
        mu_orect_corners(&e, b);
        for (int k = 0; k < 4; k++)
            lb = fmax(lb, mu_v2_dist(a[k], b[k]));
    }
    return lb;
}

/* bound_for with the template's own assignment. */
static double lower_bound(const planner *pl, mu_vec2 c)
{
    return bound_for(pl, c, pl->slot);
}

static void set_arrangement(planner *pl, int form, int front, int align)
{
    pl->form = (wm_form)form;
    pl->front = front;
    pl->align = align;
}

/* The arrangements tried for the request: its form, or for WM_FORM_ANY
 * the present arrangement and every block (rows of `front` stands, a
 * short last row left, centred or right). Returns how many (in *out as
 * form, front, align triples). */
static int arrangements(const planner *pl, int (*out)[3])
{
    int n = 0;
    if (pl->req->form != WM_FORM_ANY) {
        out[n][0] = pl->req->form, out[n][1] = pl->n, out[n][2] = 0, n++;
        return n;
    }
    out[n][0] = WM_FORM_KEEP, out[n][1] = pl->n, out[n][2] = 0, n++;
    for (int front = pl->n; front >= 1; front--)
        for (int align = 0; align < (pl->n % front ? 3 : 1); align++)
            out[n][0] = WM_FORM_ANY, out[n][1] = front, out[n][2] = align, n++;
    return n;
}

/* Contact placements: each arrangement facing each edge of each target
 * stand that is not against another target stand, front row flush on
 * the edge's line, slid along it. Returns how many (out is grown). */
static int placements(planner *pl, placement **out)
{
    const wm_unit *t = &pl->bf->unit[pl->req->target];
    double w = pl->u->profile.stand_width_mm, dd = pl->u->profile.stand_depth_mm;
    int arr[3 * WM_MAX_STANDS + 1][3], n_arr = arrangements(pl, arr);
    int cap = t->n_stands * 4 * n_arr * (SLIDES + 4), n = 0;
    placement *pc = malloc(sizeof *pc * (size_t)cap);
    if (!pc) {
        fprintf(stderr, "muster: out of memory (planner placements)\n");
        abort();
    }
    for (int s = 0; s < t->n_stands; s++)
        for (int e = 0; e < 4; e++) {
            mu_seg edge = mu_orect_edge(&t->stand[s], e);
            mu_vec2 mid = mu_v2_scale(mu_v2_add(edge.a, edge.b), 0.5);
            mu_vec2 nrm = mu_v2_unit(mu_v2_perp(mu_v2_sub(edge.b, edge.a)));
            double len = mu_v2_dist(edge.a, edge.b);
            if (mu_v2_dot(nrm, mu_v2_sub(mid, t->stand[s].center)) < 0.0)
                nrm = mu_v2_scale(nrm, -1.0);
            if (covered(t, s, mu_v2_add(mid, nrm)))
                continue; /* against a neighbour */
            mu_vec2 f = mu_v2_scale(nrm, -1.0), r = mu_v2_scale(mu_v2_perp(f), -1.0);
            for (int a = 0; a < n_arr; a++) {
                set_arrangement(pl, arr[a][0], arr[a][1], arr[a][2]);
                wm_planner_template(pl, f, pl->c0, f);
                double front = -INFINITY, lat_lo = INFINITY, lat_hi = -INFINITY;
                for (int j = 0; j < pl->n; j++)
                    front = fmax(front, mu_v2_dot(pl->off[j], f) + dd / 2.0);
                for (int j = 0; j < pl->n; j++)
                    if (mu_v2_dot(pl->off[j], f) + dd / 2.0 >= front - 1e-6) {
                        lat_lo = fmin(lat_lo, mu_v2_dot(pl->off[j], r) - w / 2.0);
                        lat_hi = fmax(lat_hi, mu_v2_dot(pl->off[j], r) + w / 2.0);
                    }
                double lat_c = 0.5 * (lat_lo + lat_hi), wide = lat_hi - lat_lo;
                double reach = 0.5 * (len + wide) - MIN_OVERLAP_MM; /* the slide keeps the overlap */
                double proj = mu_v2_dot(mu_v2_sub(pl->c0, mid), r); /* the slide straight ahead of the unit */
                double slide[SLIDES + 4] = {0.0, 0.5 * (len - wide), -0.5 * (len - wide), fmax(-reach, fmin(reach, proj))};
                for (int k = 0; k < SLIDES; k++)
                    slide[4 + k] = reach * (2.0 * k / (SLIDES - 1) - 1.0);
                for (int k = 0; k < SLIDES + 4; k++) {
                    if (fabs(slide[k]) > reach + 1e-9)
                        continue;
                    placement *p = &pc[n++];
                    p->c = mu_v2_add(mu_v2_add(mid, mu_v2_scale(nrm, front)), mu_v2_scale(r, slide[k] - lat_c));
                    p->f = f;
                    p->form = arr[a][0];
                    p->front = arr[a][1];
                    p->align = arr[a][2];
                    p->tier = p->form == WM_FORM_ANY && p->front != pl->n && p->front != 1;
                    wm_planner_reassign(pl, p->c); /* the template's places are those above */
                    p->lb = lower_bound(pl, p->c);
                }
            }
        }
    for (int i = 0; i < n; i++)
        pc[i].index = i;
    qsort(pc, (size_t)n, sizeof *pc, nearer); /* nearest first */
    int kept = 0; /* the same placement made twice (a special slide that is also an even one) once */
    for (int i = 0; i < n; i++) {
        int dup = 0;
        for (int j = kept - 1; j >= 0 && !dup && pc[j].tier == pc[i].tier && pc[j].lb == pc[i].lb; j--)
            dup = same_placement(&pc[j], &pc[i]);
        if (!dup)
            pc[kept++] = pc[i];
    }
    *out = pc;
    return kept;
}

/* The way to placement p (its moving order's direction). */
static mu_vec2 way_to(const planner *pl, const placement *p)
{
    mu_vec2 d = mu_v2_sub(p->c, pl->c0);
    return mu_v2_len(d) > EPS ? mu_v2_unit(d) : p->f;
}

/* Sets pl's template for placement p (assigned and ordered for it). */
static void take(planner *pl, const placement *p)
{
    set_arrangement(pl, p->form, p->front, p->align);
    wm_planner_template(pl, p->f, p->c, way_to(pl, p));
}

/* Re-assigns the stands to the places of pl's template for placement p
 * in the order they move: the front-most place (along the way to p)
 * takes the nearest stand (straight distance plus turn at the half
 * diagonal), the next place the nearest left, and so on; the moving order
 * follows. The template's assignment (least longest move) can send the
 * stands across each other's ways, each round a corner that the other
 * passes more shortly. Returns non-zero when this assignment differs from
 * the one made and keeps every corner within reach (pl set to it), else 0
 * (pl unchanged). */
static int assign_in_order(planner *pl, const placement *p, mu_vec2 lead, int (*tried)[WM_MAX_STANDS], int n_tried)
{
    int n = pl->n, places[WM_MAX_STANDS], slot[WM_MAX_STANDS], differs = 0;
    mu_vec2 d = way_to(pl, p);
    for (int j = 0; j < n; j++) { /* places, front-most first (insertion sort) */
        int k = j;
        for (; k > 0 && mu_v2_dot(pl->off[places[k - 1]], d) < mu_v2_dot(pl->off[j], d); k--)
            places[k] = places[k - 1];
        places[k] = j;
    }
    unsigned used = 0;
    for (int q = 0; q < n; q++) {
        int j = places[q], best = -1;
        double best_cost = INFINITY;
        for (int i = 0; i < n; i++) {
            if ((used >> i) & 1u)
                continue;
            double cost = lead.x != 0.0 || lead.y != 0.0 ? -mu_v2_dot(pl->u->stand[i].center, lead)
                                                          : wm_planner_place_cost(pl, i, j, p->c);
            if (cost < best_cost - 1e-9) {
                best_cost = cost;
                best = i;
            }
        }
        used |= 1u << best;
        slot[best] = j;
    }
    if (bound_for(pl, p->c, slot) > pl->ctx.allowance_mm + EPS)
        return 0;
    for (int t = 0; t < n_tried; t++) {
        differs = 0;
        for (int i = 0; i < n; i++)
            differs |= slot[i] != tried[t][i];
        if (!differs)
            return 0;
    }
    memcpy(pl->slot, slot, sizeof(int) * (size_t)n);
    wm_planner_order(pl, d);
    return 1;
}

/* RULE wm.stands.one-at-a-time wm.plan.contact-rearranged wm.plan.contact-any-edge */
void wm_planner_contact(planner *pl, wm_plan *out)
{
    placement *pc;
    int n = placements(pl, &pc), walk_to = -1;
    for (int i = 0; i < n; i++) {
        if (i > 0 && pc[i].tier != pc[i - 1].tier)
            wm_planner_routes_budget(pl); /* the blocks get their own routing budget */
        int out_of_reach = pc[i].lb > pl->ctx.allowance_mm + EPS; /* (sorted by tier, then nearest first) */
        if (out_of_reach && (walk_to >= 0 || pl->req->contact_only))
            continue; /* nothing to learn from it */
        take(pl, &pc[i]);
        int fits = footprint_free(pl, pc[i].c);
        if (walk_to < 0 && fits)
            walk_to = i;
        if (out_of_reach || !fits)
            continue;
        pl->lead = mu_v2(0, 0);
        int tried[3][WM_MAX_STANDS], n_tried = 0;
        for (int alt = 0; alt < 3; alt++) { /* the template's assignment, in moving order, along the lead */
            if (alt > 0 && (pl->form == WM_FORM_KEEP || (alt == 2 && pl->lead.x == 0.0 && pl->lead.y == 0.0) ||
                            !assign_in_order(pl, &pc[i], alt == 2 ? pl->lead : mu_v2(0, 0), tried, n_tried)))
                continue;
            memcpy(tried[n_tried++], pl->slot, sizeof(int) * (size_t)pl->n);
            for (int reverse = 0; reverse < (pl->n > 1 ? 2 : 1); reverse++) {
                wm_move m;
                wm_move_report rep;
                wm_planner_build(pl, pc[i].c, reverse, &m);
                if (wm_planner_route_move(pl, &m, &rep) && wm_planner_target_distance(pl, &m) <= EPS) {
                    wm_planner_consider(pl, &m, &rep, pc[i].c, pc[i].c);
                    out->reached = 1;
                    free(pc);
                    return;
                }
            }
        }
    }
    if (walk_to >= 0 && !pl->req->contact_only) { /* out of reach or blocked: toward the nearest free placement */
        take(pl, &pc[walk_to]);
        wm_planner_toward(pl, pc[walk_to].c, pl->ctx.allowance_mm, pc[walk_to].f);
    }
    free(pc);
}
