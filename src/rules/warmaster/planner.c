/* The move planner (issue 4 item 5): formation templates, straight-line
 * search along a few headings (contact placements: planner_contact.c).
 * The search and its limits are described in wm_planner.h. */
#include "warmaster/wm_planner.h"

#include "wm_planner_int.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define PI 3.14159265358979323846
#define SAMPLES 8 /* equal steps back from the farthest advance */

wm_plan_request wm_plan_request_make(int unit, wm_goal goal, wm_form form, wm_move_kind kind)
{
    wm_plan_request r;
    memset(&r, 0, sizeof r);
    r.unit = unit;
    r.goal = goal;
    r.target = -1;
    r.form = form;
    r.kind = kind;
    return r;
}

static double half_diag(const mu_orect *r)
{
    return 0.5 * hypot(r->width, r->depth);
}

/* wm_planner_place_cost with the turn |mu_v2_turn(stand i's facing,
 * place j's facing)| given. */
static double place_cost_turning(const planner *pl, int i, int j, mu_vec2 c, double turn)
{
    const mu_orect *s = &pl->u->stand[i];
    return mu_v2_dist(s->center, mu_v2_add(c, pl->off[j])) + turn * half_diag(s);
}

double wm_planner_place_cost(const planner *pl, int i, int j, mu_vec2 c)
{
    return place_cost_turning(pl, i, j, c, fabs(mu_v2_turn(pl->u->stand[i].facing, pl->face[j])));
}

/* Assigns stands to places for the centre at c: least longest move, then
 * least total, over all assignments for n <= 5; greedily beyond. Each
 * stand's cost for each place (wm_planner_place_cost) is worked out once. */
static void assign(planner *pl, mu_vec2 c)
{
    int n = pl->n, perm[WM_MAX_STANDS], dir[WM_MAX_STANDS];
    double cost[WM_MAX_STANDS][WM_MAX_STANDS];
    for (int i = 0; i < n; i++) {
        perm[i] = i;
        double turn = 0.0;
        for (int j = 0; j < n; j++) { /* places often share a facing: its turn taken once */
            if (j == 0 || memcmp(&pl->face[j], &pl->face[j - 1], sizeof pl->face[j]) != 0)
                turn = fabs(mu_v2_turn(pl->u->stand[i].facing, pl->face[j]));
            cost[i][j] = place_cost_turning(pl, i, j, c, turn);
        }
    }
    if (n > 5) {
        unsigned used = 0;
        for (int j = 0; j < n; j++) {
            int best = -1;
            for (int i = 0; i < n; i++)
                if (!((used >> i) & 1u) && (best < 0 || cost[i][j] < cost[best][j]))
                    best = i;
            used |= 1u << best;
            pl->slot[best] = j;
        }
        return;
    }
    double best_max = INFINITY, best_sum = INFINITY;
    for (int k = 0; k < n; k++)
        dir[k] = 0;
    for (int round = 0;;) { /* Heap's algorithm over perm (stand i -> place perm[i]) */
        double mx = 0.0, sum = 0.0;
        for (int i = 0; i < n; i++) {
            double cst = cost[i][perm[i]];
            mx = fmax(mx, cst);
            sum += cst;
        }
        if (mx < best_max - 1e-9 || (mx <= best_max + 1e-9 && sum < best_sum - 1e-9)) {
            best_max = mx;
            best_sum = sum;
            memcpy(pl->slot, perm, sizeof(int) * (size_t)n);
        }
        while (round < n && dir[round] >= round) {
            dir[round] = 0;
            round++;
        }
        if (round >= n)
            break;
        int swap = round % 2 == 0 ? 0 : dir[round], t = perm[swap];
        perm[swap] = perm[round];
        perm[round] = t;
        dir[round]++;
        round = 0;
    }
}

/* Writes n stands into out[0..n) in rows of `front` facing f, edge to
 * edge, the front row's front edge centred on the origin, each row behind
 * the one before; a last row of fewer stands goes to the left (align 0),
 * the middle (1) or the right (2) of the row in front. */
static void place_block(mu_orect *out, int n, int front, int align, mu_vec2 f, double w, double d)
{
    mu_vec2 right = mu_v2_scale(mu_v2_perp(f), -1.0);
    for (int i = 0; i < n; i++) {
        int row = i / front, col = i % front, in_row = n - row * front < front ? n - row * front : front;
        double lat = (col - (front - 1) / 2.0) * w;
        if (in_row < front)
            lat = align == 0 ? lat : align == 2 ? lat + (front - in_row) * w : (col - (in_row - 1) / 2.0) * w;
        out[i].center = mu_v2_add(mu_v2_scale(right, lat), mu_v2_scale(f, -(row + 0.5) * d));
        out[i].facing = f;
        out[i].width = w;
        out[i].depth = d;
    }
}

/* Sets the template for final facing f, assigned for the centre at c and
 * ordered front-most place first along travel direction d. */
void wm_planner_template(planner *pl, mu_vec2 f, mu_vec2 c, mu_vec2 d)
{
    const wm_unit *u = pl->u;
    int n = pl->n;
    if (pl->form == WM_FORM_KEEP) {
        double turn = mu_v2_turn(u->stand[0].facing, f);
        for (int i = 0; i < n; i++) {
            pl->off[i] = mu_v2_rotate(mu_v2_sub(u->stand[i].center, pl->c0), turn);
            pl->face[i] = mu_v2_unit(mu_v2_rotate(u->stand[i].facing, turn));
            pl->slot[i] = i;
        }
    } else {
        mu_orect s[WM_MAX_STANDS];
        const wm_profile *p = &u->profile;
        if (pl->form == WM_FORM_LINE)
            wm_place_line(s, n, mu_v2(0, 0), f, p->stand_width_mm, p->stand_depth_mm);
        else if (pl->form == WM_FORM_COLUMN)
            wm_place_column(s, n, mu_v2(0, 0), f, p->stand_width_mm, p->stand_depth_mm);
        else
            place_block(s, n, pl->front, pl->align, f, p->stand_width_mm, p->stand_depth_mm);
        mu_vec2 mid = mu_v2(0, 0);
        for (int j = 0; j < n; j++)
            mid = mu_v2_add(mid, mu_v2_scale(s[j].center, 1.0 / n));
        for (int j = 0; j < n; j++) {
            pl->off[j] = mu_v2_sub(s[j].center, mid);
            pl->face[j] = s[j].facing;
        }
        assign(pl, c);
    }
    wm_planner_order(pl, d);
}

void wm_planner_reassign(planner *pl, mu_vec2 c)
{
    if (pl->form != WM_FORM_KEEP)
        assign(pl, c);
}

void wm_planner_order(planner *pl, mu_vec2 d)
{
    for (int i = 0; i < pl->n; i++) { /* insertion sort, front-most place first */
        int k = i;
        double key = mu_v2_dot(pl->off[pl->slot[i]], d);
        for (; k > 0 && mu_v2_dot(pl->off[pl->slot[pl->order[k - 1]]], d) < key; k--)
            pl->order[k] = pl->order[k - 1];
        pl->order[k] = i;
    }
}

void wm_planner_build(const planner *pl, mu_vec2 c, int reverse, wm_move *m)
{
    mu_orect fin[WM_MAX_STANDS];
    int ord[WM_MAX_STANDS];
    for (int i = 0; i < pl->n; i++) {
        fin[i] = pl->u->stand[i];
        fin[i].center = mu_v2_add(c, pl->off[pl->slot[i]]);
        fin[i].facing = pl->face[pl->slot[i]];
        ord[i] = pl->order[reverse ? pl->n - 1 - i : i];
    }
    wm_move_direct(m, pl->bf, pl->req->unit, pl->req->kind, fin, ord);
    m->rolled_mm = pl->req->rolled_mm;
    m->charge_target = pl->ctx.charge_target;
}

/* Returns non-zero when the template with its centre at c is a legal move
 * (in *m, *rep): in the moving order, or else, when that crosses own
 * stands, in the reverse order. A check sure to fail, as the end places
 * or the stands' crossings of each other's places show
 * (wm_move_ctx_sure_fault), is not made: the same answer. */
int wm_planner_legal(planner *pl, mu_vec2 c, wm_move *m, wm_move_report *rep)
{
    wm_planner_build(pl, c, 0, m);
    int sure = pl->ctx.exhaustive ? 0 : wm_move_ctx_sure_fault(&pl->ctx, m);
    if (sure == WM_SURE_BOTH) {
        pl->refused++;
        return 0;
    }
    if (sure == WM_SURE_IN_ORDER) { /* legal only in reverse, and only if the order fails on own stands */
        wm_move_report first;
        wm_planner_build(pl, c, 1, m);
        pl->checks++;
        if (wm_move_ctx_check(&pl->ctx, m, rep) != WM_MOVE_OK)
            return 0;
        wm_move in_order;
        wm_planner_build(pl, c, 0, &in_order);
        pl->checks++;
        return wm_move_ctx_check(&pl->ctx, &in_order, &first) == WM_MOVE_THROUGH_OWN;
    }
    pl->checks++;
    wm_move_fault f = wm_move_ctx_check(&pl->ctx, m, rep);
    if (f == WM_MOVE_THROUGH_OWN && pl->n > 1 && sure != WM_SURE_REVERSED) {
        wm_planner_build(pl, c, 1, m);
        pl->checks++;
        f = wm_move_ctx_check(&pl->ctx, m, rep);
    }
    return f == WM_MOVE_OK;
}

/* The distance from the target after move m. */
double wm_planner_target_distance(const planner *pl, const wm_move *m)
{
    wm_unit tmp = *pl->u;
    for (int k = 0; k < m->n; k++) {
        const wm_stand_path *p = &m->path[k];
        wm_stand_path_mm(&pl->u->stand[p->stand], p->leg, p->n_legs, &tmp.stand[p->stand]);
    }
    return wm_unit_distance_mm(&tmp, &pl->bf->unit[pl->req->target], NULL, NULL, NULL, NULL);
}

void wm_planner_consider(planner *pl, const wm_move *m, const wm_move_report *rep, mu_vec2 c, mu_vec2 goal)
{
    double score = pl->req->goal == WM_GOAL_AWAY ? -wm_planner_target_distance(pl, m) : mu_v2_dist(c, goal);
    if (!pl->have || score < pl->best_score - 1e-9 ||
        (score <= pl->best_score + 1e-9 && rep->max_moved_mm < pl->best_rep.max_moved_mm)) {
        pl->have = 1;
        pl->best_score = score;
        pl->best = *m;
        pl->best_rep = *rep;
        pl->best_c = c;
    }
}

/* The candidate with no advance, the centre staying at c0: the same for
 * every heading of one template, so checked once (its answer, move and
 * report kept). */
typedef struct start_memo {
    int known, legal;
    wm_move m;
    wm_move_report rep;
} start_memo;

/* wm_planner_legal for the centre a mm along h, from *sm when a is 0. */
static int legal_along(planner *pl, mu_vec2 h, double a, start_memo *sm, mu_vec2 *c, wm_move *m,
                       wm_move_report *rep)
{
    *c = mu_v2_add(pl->c0, mu_v2_scale(h, a));
    if (a != 0.0)
        return wm_planner_legal(pl, *c, m, rep);
    if (!sm->known) {
        sm->legal = wm_planner_legal(pl, *c, &sm->m, &sm->rep);
        sm->known = 1;
    }
    if (sm->legal) {
        *m = sm->m;
        *rep = sm->rep;
    }
    return sm->legal;
}

/* The farthest legal advance along h up to a_max, recorded by consider. */
static void line_search(planner *pl, mu_vec2 h, double a_max, mu_vec2 goal, start_memo *sm)
{
    wm_move m;
    wm_move_report rep;
    mu_vec2 c;
    if (legal_along(pl, h, a_max, sm, &c, &m, &rep)) {
        wm_planner_consider(pl, &m, &rep, c, goal);
        return;
    }
    double lo = -1.0, hi = a_max;
    for (int k = SAMPLES - 1; k >= 0 && lo < 0.0; k--) {
        double a = a_max * k / SAMPLES;
        if (legal_along(pl, h, a, sm, &c, &m, &rep)) {
            lo = a;
            wm_planner_consider(pl, &m, &rep, c, goal);
        } else {
            hi = a;
        }
    }
    while (lo >= 0.0 && hi - lo > WM_PLAN_STEP_MM) {
        double mid = 0.5 * (lo + hi);
        if (legal_along(pl, h, mid, sm, &c, &m, &rep)) {
            lo = mid;
            wm_planner_consider(pl, &m, &rep, c, goal);
        } else {
            hi = mid;
        }
    }
}

/* Moves the centre toward goal (at most cap mm), final facing f (or, when
 * f is (0, 0), as the request says), trying the headings. */
void wm_planner_toward(planner *pl, mu_vec2 goal, double cap, mu_vec2 f)
{
    mu_vec2 d = mu_v2_sub(goal, pl->c0);
    double dist = mu_v2_len(d);
    mu_vec2 h0 = dist > EPS ? mu_v2_scale(d, 1.0 / dist) : mu_v2_unit(pl->u->stand[0].facing);
    if (f.x == 0.0 && f.y == 0.0)
        f = pl->form == WM_FORM_KEEP ? pl->u->stand[0].facing : h0;
    wm_planner_template(pl, mu_v2_unit(f), mu_v2_add(pl->c0, mu_v2_scale(h0, fmin(dist, cap))), h0);
    int away = pl->req->goal == WM_GOAL_AWAY;
    start_memo start = {0}, *sm = &start;
    for (int k = 0; k < 9; k++) {
        double deg = k == 0 ? 0.0 : 20.0 * ((k + 1) / 2) * (k % 2 ? 1.0 : -1.0);
        mu_vec2 h = mu_v2_rotate(h0, deg * PI / 180.0);
        double a_max = fmin(cap, away ? cap : k == 0 ? dist : mu_v2_dot(d, h));
        if (a_max <= WM_PLAN_STEP_MM)
            continue;
        if (pl->have && !away) { /* can this heading beat the best? */
            mu_seg ray = {pl->c0, mu_v2_add(pl->c0, mu_v2_scale(h, a_max))};
            if (mu_point_seg_distance(goal, ray, NULL) >= pl->best_score - WM_PLAN_STEP_MM)
                continue;
        }
        line_search(pl, h, a_max, goal, sm);
        if (k == 0 && pl->have && (away ? pl->best_rep.max_moved_mm >= cap - WM_PLAN_STEP_MM : pl->best_score <= WM_PLAN_STEP_MM))
            break; /* the direct heading got there */
    }
}

/* wm_plan_move for req as it is asked. */
static int plan_once(const wm_battlefield *bf, const wm_plan_request *req, wm_plan *out)
{
    assert(req->unit >= 0 && req->unit < bf->n_units);
    const wm_unit *u = &bf->unit[req->unit];
    assert(u->presence == WM_ON_TABLE && !wm_is_character(u) && u->n_stands > 0);
    assert(req->goal == WM_GOAL_POINT || (req->target >= 0 && req->target < bf->n_units && req->target != req->unit));
    memset(out, 0, sizeof *out);
    planner *pl = &(planner){0};
    pl->bf = bf;
    pl->req = req;
    pl->u = u;
    pl->n = u->n_stands;
    pl->form = req->form == WM_FORM_ANY ? WM_FORM_KEEP : req->form;
    for (int i = 0; i < pl->n; i++)
        pl->c0 = mu_v2_add(pl->c0, mu_v2_scale(u->stand[i].center, 1.0 / pl->n));
    int target = req->kind == WM_MOVE_CHARGE ? req->target : -1;
    wm_move_ctx_init(&pl->ctx, bf, req->unit, req->kind, req->rolled_mm, target, 0);
    pl->ctx.exhaustive = req->exhaustive;
    double cap = pl->ctx.allowance_mm;
    if (req->goal == WM_GOAL_POINT) {
        wm_planner_toward(pl, req->point, cap, req->facing);
    } else if (req->goal == WM_GOAL_CONTACT) {
        wm_planner_contact(pl, out);
    } else {
        mu_vec2 pa, pb;
        double dd = wm_unit_distance_mm(u, &bf->unit[req->target], NULL, NULL, &pa, &pb);
        mu_vec2 away = dd > EPS ? mu_v2_sub(pa, pb) : mu_v2_sub(pl->c0, bf->unit[req->target].stand[0].center);
        wm_planner_toward(pl, mu_v2_add(pl->c0, mu_v2_scale(mu_v2_unit(away), cap)), cap, req->facing);
    }
    if (pl->have) {
        out->move = pl->best;
        out->report = pl->best_rep;
    } else { /* stand still */
        memset(&out->move, 0, sizeof out->move);
        out->move.unit = req->unit;
        out->move.kind = req->kind;
        out->move.rolled_mm = req->rolled_mm;
        out->move.charge_target = target;
        out->move.n = pl->n;
        for (int i = 0; i < pl->n; i++)
            out->move.path[i].stand = i;
        wm_move_ctx_check(&pl->ctx, &out->move, &out->report);
        pl->best_c = pl->c0;
    }
    out->moved = pl->have && out->report.max_moved_mm > 0.0;
    out->advance_mm = mu_v2_dist(pl->best_c, pl->c0);
    out->checks = pl->checks;
    out->refused = pl->refused;
    if (req->goal == WM_GOAL_POINT) {
        out->remaining_mm = mu_v2_dist(pl->best_c, req->point);
        out->reached = out->remaining_mm <= WM_PLAN_STEP_MM;
    } else {
        out->target_mm = wm_planner_target_distance(pl, &out->move);
        if (req->goal == WM_GOAL_AWAY)
            out->reached = out->advance_mm >= cap - WM_PLAN_STEP_MM;
    }
    wm_planner_routes_free(pl);
    wm_move_ctx_free(&pl->ctx);
    return out->moved;
}

/* A unit whose list keeps it in column but after short moves (laager_mm)
 * is planned as asked and, when that falls short, in column as well: the
 * plan that gets closer (POINT) or farther away (AWAY) wins, the one
 * asked for on a tie. */
/* RULE wm.armylist.laager wm.pace.maximum wm.terrain.halt-at-edge wm.initiative.charge-or-evade
 * RULE wm.initiative.charge-evade-moves */
int wm_plan_move(const wm_battlefield *bf, const wm_plan_request *req, wm_plan *out)
{
    int moved = plan_once(bf, req, out);
    if (!bf->unit[req->unit].profile.rules.laager_mm || req->goal == WM_GOAL_CONTACT ||
        req->form == WM_FORM_COLUMN || out->reached)
        return moved;
    wm_plan_request column = *req;
    column.form = WM_FORM_COLUMN;
    wm_plan alt;
    plan_once(bf, &column, &alt);
    int checks = out->checks + alt.checks, refused = out->refused + alt.refused;
    if (req->goal == WM_GOAL_POINT ? alt.remaining_mm < out->remaining_mm - WM_PLAN_STEP_MM
                                   : alt.advance_mm > out->advance_mm + WM_PLAN_STEP_MM)
        *out = alt;
    out->checks = checks;
    out->refused = refused;
    return out->moved;
}
