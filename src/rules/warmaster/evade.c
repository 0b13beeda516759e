/* Evades and bursting through (warmaster-movement.adoc, "The path of
 * evaders"); the reading is in wm_evade.h. */
#include "warmaster/wm_evade.h"

#include "wm_move_ctx.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define COARSE_MM 10.0
#define STEP_MM 2.0
#define FINE_MM 0.01

static int is_unit_on_table(const wm_unit *u)
{
    return u->presence == WM_ON_TABLE && u->n_stands > 0 && !wm_is_character(u);
}

/* RULE wm.evade.direction */
int wm_evade_directions(const wm_battlefield *bf, int unit, int enemy, wm_evade_dirs *out)
{
    assert(unit >= 0 && unit < bf->n_units && enemy >= 0 && enemy < bf->n_units);
    const wm_unit *u = &bf->unit[unit], *e = &bf->unit[enemy];
    out->n = 0;
    out->distance_mm = INFINITY;
    if (!is_unit_on_table(u) || !is_unit_on_table(e) || u->side == e->side)
        return 0;
    double dist[WM_MAX_STANDS][WM_MAX_STANDS];
    mu_vec2 pa[WM_MAX_STANDS][WM_MAX_STANDS], pb[WM_MAX_STANDS][WM_MAX_STANDS];
    for (int i = 0; i < u->n_stands; i++)
        for (int j = 0; j < e->n_stands; j++) {
            dist[i][j] = mu_orect_distance(&u->stand[i], &e->stand[j], &pa[i][j], &pb[i][j]);
            out->distance_mm = fmin(out->distance_mm, dist[i][j]);
        }
    if (out->distance_mm <= EPS)
        return 0; /* in contact: no tape to lay */
    for (int i = 0; i < u->n_stands; i++)
        for (int j = 0; j < e->n_stands; j++) {
            if (dist[i][j] > out->distance_mm + EPS)
                continue;
            mu_vec2 d = mu_v2_unit(mu_v2_sub(pa[i][j], pb[i][j]));
            int seen = 0;
            for (int k = 0; k < out->n && !seen; k++)
                seen = out->d[k].stand == i && mu_v2_dist(out->d[k].dir, d) <= 1e-9;
            if (!seen)
                out->d[out->n++] = (wm_evade_dir){i, j, pb[i][j], pa[i][j], d};
        }
    return out->n;
}

wm_evade_request wm_evade_request_make(int unit, int enemy)
{
    wm_evade_request r;
    memset(&r, 0, sizeof r);
    r.unit = unit;
    r.enemy = enemy;
    return r;
}

/* Units an evader must end 5 cm from: enemy units, and other units with a
 * stand engaged in combat. */
static double clearance(const wm_battlefield *bf, int unit, const wm_unit *moved)
{
    double least = INFINITY;
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *o = &bf->unit[k];
        if (k == unit || !is_unit_on_table(o) || (o->side == moved->side && !wm_unit_engaged(o)))
            continue;
        least = fmin(least, wm_unit_distance_mm(moved, o, NULL, NULL, NULL, NULL));
    }
    return least;
}

typedef struct evader {
    const wm_battlefield *bf;
    const wm_unit *u;
    int unit, lead;
    mu_vec2 dir;
    double turn;
    wm_move_ctx ctx;
} evader;

/* Layouts the rest re-form in around the lead: 0 keeps the formation
 * (turned with the lead as a body); then a line through the lead's place
 * with the lead in each place of it; then a column with the lead in each
 * place. */
static int layouts(const evader *ev)
{
    return 1 + 2 * ev->u->n_stands;
}

/* Sends the followers to the places in *fin not taken by the lead (place
 * `lead_place`): least longest move, then least total, over all
 * assignments (at most 7 followers: greedy beyond 5). */
static void assign(const evader *ev, const mu_orect *place, int lead_place, mu_orect *fin)
{
    const wm_unit *u = ev->u;
    int n = u->n_stands, fol[WM_MAX_STANDS], pl[WM_MAX_STANDS], nf = 0, np = 0;
    for (int i = 0; i < n; i++) {
        if (i != ev->lead)
            fol[nf++] = i;
        if (i != lead_place)
            pl[np++] = i;
    }
    double cost[WM_MAX_STANDS][WM_MAX_STANDS];
    for (int a = 0; a < nf; a++)
        for (int b = 0; b < np; b++)
            cost[a][b] = mu_v2_dist(u->stand[fol[a]].center, place[pl[b]].center) +
                         fabs(mu_v2_turn(u->stand[fol[a]].facing, place[pl[b]].facing)) * 0.5 *
                             hypot(u->profile.stand_width_mm, u->profile.stand_depth_mm);
    int perm[WM_MAX_STANDS], best[WM_MAX_STANDS];
    for (int a = 0; a < nf; a++)
        perm[a] = best[a] = a;
    if (nf <= 5) {
        double bmax = INFINITY, bsum = INFINITY;
        int c[WM_MAX_STANDS] = {0}, i = 1;
        for (;;) { /* Heap's algorithm */
            double mx = 0.0, sum = 0.0;
            for (int a = 0; a < nf; a++) {
                mx = fmax(mx, cost[a][perm[a]]);
                sum += cost[a][perm[a]];
            }
            if (mx < bmax - 1e-9 || (mx <= bmax + 1e-9 && sum < bsum - 1e-9)) {
                bmax = mx;
                bsum = sum;
                memcpy(best, perm, sizeof perm);
            }
            while (i < nf && c[i] >= i)
                c[i++] = 0;
            if (i >= nf)
                break;
            int sw = i % 2 == 0 ? 0 : c[i], t = perm[sw];
            perm[sw] = perm[i];
            perm[i] = t;
            c[i]++;
            i = 1;
        }
    } else {
        unsigned used = 0;
        for (int a = 0; a < nf; a++) {
            int b_best = -1;
            for (int b = 0; b < np; b++)
                if (!((used >> b) & 1u) && (b_best < 0 || cost[a][b] < cost[a][b_best]))
                    b_best = b;
            used |= 1u << b_best;
            best[a] = b_best;
        }
    }
    for (int a = 0; a < nf; a++)
        fin[fol[a]] = place[pl[best[a]]];
}

/* The final places for layout `lay` with the lead's centre moved dist. */
static void layout(const evader *ev, int lay, double dist, mu_orect *fin)
{
    const wm_unit *u = ev->u;
    int n = u->n_stands;
    mu_orect lead = u->stand[ev->lead];
    lead.center = mu_v2_add(lead.center, mu_v2_scale(ev->dir, dist));
    lead.facing = mu_v2_unit(mu_v2_rotate(lead.facing, ev->turn));
    if (lay == 0) {
        for (int i = 0; i < n; i++) {
            fin[i] = u->stand[i];
            fin[i].center = mu_v2_add(lead.center, mu_v2_rotate(mu_v2_sub(u->stand[i].center, u->stand[ev->lead].center), ev->turn));
            fin[i].facing = mu_v2_unit(mu_v2_rotate(u->stand[i].facing, ev->turn));
        }
        return;
    }
    int k = (lay - 1) % n; /* the lead's place */
    mu_orect place[WM_MAX_STANDS];
    double w = lead.width, d = lead.depth;
    mu_vec2 f = lead.facing, front = mu_v2_add(lead.center, mu_v2_scale(f, d / 2.0));
    if (lay <= n) { /* a line: place k's front on the lead's front */
        mu_vec2 right = mu_v2_scale(mu_v2_perp(f), -1.0);
        wm_place_line(place, n, mu_v2_sub(front, mu_v2_scale(right, (k - (n - 1) / 2.0) * w)), f, w, d);
    } else { /* a column: place k's front on the lead's front */
        wm_place_column(place, n, mu_v2_add(front, mu_v2_scale(f, k * d)), f, w, d);
    }
    assign(ev, place, k, fin);
    fin[ev->lead] = lead;
}

/* The move to fin: the lead first, the rest front-most along the way
 * first (or the reverse); every stand in one leg turning by ev->turn in
 * layout 0, the short way otherwise. */
static void build(const evader *ev, const mu_orect *fin, int lay, int reverse, wm_move *m)
{
    const wm_unit *u = ev->u;
    int n = u->n_stands, ord[WM_MAX_STANDS];
    ord[0] = ev->lead;
    for (int i = 0, k = 1; i < n; i++) {
        if (i == ev->lead)
            continue;
        int j = k++;
        double key = mu_v2_dot(u->stand[i].center, ev->dir) * (reverse ? -1.0 : 1.0);
        for (; j > 1 && mu_v2_dot(u->stand[ord[j - 1]].center, ev->dir) * (reverse ? -1.0 : 1.0) < key; j--)
            ord[j] = ord[j - 1];
        ord[j] = i;
    }
    wm_move_direct(m, ev->bf, ev->unit, WM_MOVE_EVADE, fin, ord);
    m->burst = ev->ctx.burst;
    m->path[0].leg[0].turn_rad = ev->turn; /* the lead turns as asked, not the short way */
    for (int k = 1; lay == 0 && k < m->n; k++)
        m->path[k].leg[0].turn_rad = ev->turn;
}

/* 1: a legal evade of dist (in *out); 0: no legal move; -1: legal moves
 * but all ending too close. Layouts are tried in order. */
static int try_distance(evader *ev, double dist, wm_evade *out)
{
    int result = 0;
    for (int lay = 0; lay < layouts(ev); lay++) {
        if (lay > 0 && ev->u->n_stands == 1)
            break;
        mu_orect fin[WM_MAX_STANDS];
        layout(ev, lay, dist, fin);
        wm_move m;
        wm_move_report rep;
        wm_move_fault f = WM_MOVE_BAD;
        for (int rev = 0; rev < 2 && f != WM_MOVE_OK; rev++) {
            build(ev, fin, lay, rev, &m);
            f = wm_move_ctx_check(&ev->ctx, &m, &rep);
            if (f != WM_MOVE_THROUGH_OWN || ev->u->n_stands < 3)
                break;
        }
        if (f != WM_MOVE_OK)
            continue;
        wm_unit after = *ev->u;
        for (int i = 0; i < ev->u->n_stands; i++)
            after.stand[i] = fin[i];
        double clear = clearance(ev->bf, ev->unit, &after);
        if (clear < WM_EVADE_CLEAR_MM - EPS) {
            result = -1;
            continue;
        }
        out->move = m;
        out->report = rep;
        out->distance_mm = dist;
        out->burst = rep.crossed;
        out->clearance_mm = clear;
        return 1;
    }
    return result;
}

/* RULE wm.stands.burst-through wm.initiative.charge-or-evade wm.initiative.charge-evade-moves
 * RULE wm.evade.direction wm.evade.lead-stand wm.evade.light-cavalry wm.evade.restrictions
 * RULE wm.evade.burst-through */
wm_evade_fault wm_evade_plan(const wm_battlefield *bf, const wm_evade_request *req, wm_evade *out)
{
    memset(out, 0, sizeof *out);
    wm_evade_dirs dirs;
    if (wm_evade_directions(bf, req->unit, req->enemy, &dirs) == 0 || req->choice < 0 || req->choice >= dirs.n)
        return out->fault = WM_EVADE_NO_DIRECTION;
    const wm_unit *u = &bf->unit[req->unit];
    evader ev = {bf, u, req->unit, dirs.d[req->choice].stand, dirs.d[req->choice].dir, 0.0, {0}};
    out->dir = dirs.d[req->choice];
    if (req->direction.x != 0.0 || req->direction.y != 0.0) {
        /* "a Cavalry unit with 6+ Armour can evade in any direction" */
        if (!req->light_cavalry_rule || !wm_is_light_cavalry(&u->profile))
            return out->fault = WM_EVADE_BAD_REQUEST;
        ev.dir = out->dir.dir = mu_v2_unit(req->direction);
    }
    double full = u->profile.full_pace_mm;
    if (req->distance_mm != 0.0 && (req->distance_mm < WM_EVADE_MIN_MM || req->distance_mm > full))
        return out->fault = WM_EVADE_BAD_REQUEST;
    if (req->facing.x != 0.0 || req->facing.y != 0.0)
        ev.turn = mu_v2_turn(u->stand[ev.lead].facing, mu_v2_unit(req->facing));
    uint64_t burst = 0;
    for (int k = 0; req->allow_burst && k < bf->n_units; k++) {
        const wm_unit *o = &bf->unit[k];
        if (k != req->unit && o->side == u->side && is_unit_on_table(o) && !wm_unit_engaged(o))
            burst |= (uint64_t)1 << k; /* "a friendly unengaged unit" */
    }
    wm_move_ctx_init(&ev.ctx, bf, req->unit, WM_MOVE_EVADE, 0.0, -1, burst);
    int any_legal = 0, got = 0;
    double hi = -1.0;
    if (req->distance_mm != 0.0) {
        int r = try_distance(&ev, req->distance_mm, out);
        got = r == 1;
        any_legal = r != 0;
    } else {
        /* full pace, then 10 mm steps down to exactly 1 cm; then 2 mm steps
         * down from the illegal step above the first legal one */
        for (int pass = 0; pass < 2; pass++) {
            double top = pass == 0 ? full : hi, step = pass == 0 ? COARSE_MM : STEP_MM;
            if (pass == 1 && (!got || hi < 0.0))
                break;
            double floor_mm = pass == 0 ? WM_EVADE_MIN_MM : out->distance_mm;
            wm_evade keep = *out;
            int found = 0;
            for (int k = pass; !found; k++) {
                double dist = fmax(top - k * step, floor_mm);
                if (pass == 1 && dist <= floor_mm)
                    break;
                int r = try_distance(&ev, dist, out);
                any_legal |= r != 0;
                found = r == 1;
                if (!found)
                    hi = dist;
                if (dist <= floor_mm)
                    break;
            }
            if (pass == 0)
                got = found;
            else if (!found)
                *out = keep;
        }
        wm_evade best = *out;
        double lo = out->distance_mm;
        while (got && hi > lo && hi - lo > FINE_MM) {
            double mid = 0.5 * (lo + hi);
            if (try_distance(&ev, mid, out) == 1) {
                lo = mid;
                best = *out;
            } else {
                hi = mid;
            }
        }
        if (got)
            *out = best;
    }
    if (!got) {
        mu_orect fin[WM_MAX_STANDS];
        wm_move m;
        layout(&ev, 0, req->distance_mm != 0.0 ? req->distance_mm : full, fin);
        build(&ev, fin, 0, 0, &m);
        wm_move_ctx_check(&ev.ctx, &m, &out->report);
        out->burst = 0;
    }
    wm_move_ctx_free(&ev.ctx);
    out->fault = got ? WM_EVADE_OK : any_legal ? WM_EVADE_TOO_CLOSE : WM_EVADE_BLOCKED;
    return out->fault;
}

/* RULE wm.evade.burst-through wm.armylist.never-confused */
void wm_evade_apply(wm_battlefield *bf, const wm_evade *ev)
{
    assert(ev->fault == WM_EVADE_OK);
    wm_move_apply(bf, &ev->move);
    /* "a unit which is burst through is automatically confused", unless
     * its list says it never is (the Undead) */
    for (int k = 0; k < bf->n_units; k++)
        if ((ev->burst >> k) & 1u && !bf->unit[k].profile.rules.never_confused)
            bf->unit[k].confused = 1;
}
