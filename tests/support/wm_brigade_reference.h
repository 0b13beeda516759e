/* A slow exhaustive reference for brigade moves (tests and the brigade
 * bench only): does ANY legal brigade move make progress toward a point?
 *
 * Progress: the body's centre (the mean of its members' centres, each the
 * mean of its stand centres) ends at least need_mm nearer the point.
 * Legal: the members move one at a time, in any order, each by a legal
 * unit move (the planner's wm_plan_move toward an explicit centre, facing
 * and formation: the move it returns is checked legal, wherever it
 * ends); at the end the members touch as one body and none touches an
 * enemy. Dense, by enumeration with a depth-first search:
 * - every member order (any remaining member may move next);
 * - every formation per member (KEEP, LINE, COLUMN), or standing still;
 * - a member that is not the last to move: its centre on a square grid
 *   of step grid_mm within its allowance, facing as it faces, toward the
 *   point, or as any other member faces; and the places of the last one;
 * - every member: places touching another member's stand along each of
 *   its four sides, slid along it at step slide_mm (facing as that
 *   stand faces).
 * Pruned only by what cannot make progress: with the members still to
 * move anywhere within their allowances, the body's centre could not
 * come need_mm nearer (each centre moves at most its allowance). The
 * targets of a member are tried nearest the point first, in widening
 * passes (4, 32, 256, ... targets per member and level, the last with
 * all of them: the exhaustive pass); the search stops at the first move
 * found, or when its budget of planner calls is spent (then it has not
 * decided). */
#ifndef MUSTER_TEST_WM_BRIGADE_REFERENCE_H
#define MUSTER_TEST_WM_BRIGADE_REFERENCE_H

#include "warmaster/wm_brigade_move.h"
#include "warmaster/wm_game_int.h"
#include "warmaster/wm_planner.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct wmr_grid {
    double grid_mm;  /* centre grid step for members that do not move last */
    double slide_mm; /* step of places along another member's stand side */
    double need_mm;  /* progress asked for */
} wmr_grid;

typedef struct wmr_result {
    int found;
    double progress_mm; /* of the move found */
    long planner_calls;
    int order[4], n_moves; /* the members in the order they moved (found) */
    mu_vec2 end[4];        /* found: the members' centres at the end (body order) */
    mu_vec2 end_facing[4]; /* and their stand 0 facings */
} wmr_result;

typedef struct wmr_search {
    const wmr_grid *grid;
    uint64_t body;
    int n, member[4];
    double allowance[4];
    mu_vec2 point;
    double d0;
    wm_move_kind kind;
    wm_battlefield *level; /* n + 1 tables, one per depth */
    wmr_result *out;
    long budget; /* planner calls left (< 0: none left, the search gave up) */
    int width;   /* targets tried per member and level, nearest the point first (the last pass: all) */
} wmr_search;

static inline mu_vec2 wmr_centre(const wm_battlefield *bf, const wmr_search *s)
{
    mu_vec2 c = mu_v2(0, 0);
    for (int i = 0; i < s->n; i++)
        c = mu_v2_add(c, wm_unit_centre(&bf->unit[s->member[i]]));
    return mu_v2_scale(c, 1.0 / s->n);
}

/* Could the body still make the progress if member k's centre went to
 * `at` and the members of rest anywhere within their allowances? */
static inline int wmr_can_progress(const wmr_search *s, const wm_battlefield *bf, int k, mu_vec2 at,
                                   uint64_t rest)
{
    mu_vec2 c = wmr_centre(bf, s);
    if (k >= 0)
        c = mu_v2_add(c, mu_v2_scale(mu_v2_sub(at, wm_unit_centre(&bf->unit[k])), 1.0 / s->n));
    double slack = 0.0;
    for (int i = 0; i < s->n; i++)
        if (rest & (UINT64_C(1) << s->member[i]))
            slack += s->allowance[i] / s->n;
    return mu_v2_dist(s->point, c) - slack <= s->d0 - s->grid->need_mm + 1e-9;
}

/* Are the target stands clear of every other unit's stands (a quick
 * refusal before the planner) and on the table? */
static inline int wmr_clear(const wm_battlefield *bf, int k, const mu_orect *fp, int n)
{
    for (int i = 0; i < n; i++) {
        mu_vec2 q[4];
        mu_orect_corners(&fp[i], q);
        for (int j = 0; j < 4; j++)
            if (q[j].x < -1e-6 || q[j].y < -1e-6 || q[j].x > bf->width_mm + 1e-6 || q[j].y > bf->depth_mm + 1e-6)
                return 0;
        for (int u = 0; u < bf->n_units; u++) {
            const wm_unit *o = &bf->unit[u];
            if (u == k || o->presence != WM_ON_TABLE || (wm_is_character(o) && o->side == bf->unit[k].side))
                continue;
            for (int t = 0; t < o->n_stands; t++)
                if (mu_orect_overlap(&fp[i], &o->stand[t]))
                    return 0;
        }
    }
    return 1;
}

static inline int wmr_dfs(wmr_search *s, int depth, uint64_t rest);

/* Member k (index i) to centre at, facing f, form: plans, and recurses on
 * the table after it. Returns 1 when a move was found below. */
static inline int wmr_try(wmr_search *s, int depth, uint64_t rest, int i, mu_vec2 at, mu_vec2 f, wm_form form)
{
    const wm_battlefield *bf = &s->level[depth];
    int k = s->member[i];
    if (mu_v2_dist(at, wm_unit_centre(&bf->unit[k])) > s->allowance[i] + 1e-6)
        return 0;
    uint64_t left = rest & ~(UINT64_C(1) << k);
    if (!wmr_can_progress(s, bf, k, at, left))
        return 0;
    mu_orect fp[WM_MAX_STANDS];
    wm_brigade_footprint(&bf->unit[k], form, f, at, fp);
    if (!wmr_clear(bf, k, fp, bf->unit[k].n_stands))
        return 0;
    if (--s->budget < 0)
        return 0;
    wm_plan_request rq = wm_plan_request_make(k, WM_GOAL_POINT, form, s->kind);
    rq.point = at;
    rq.facing = f;
    wm_plan pl;
    s->out->planner_calls++;
    wm_plan_move(bf, &rq, &pl);
    if (!pl.moved || pl.report.fault != WM_MOVE_OK)
        return 0;
    wm_battlefield *next = &s->level[depth + 1];
    *next = *bf;
    wm_move_apply(next, &pl.move);
    if (wm_brigade_touches_enemy(next, k))
        return 0;
    if (wmr_dfs(s, depth + 1, left)) {
        s->out->order[depth] = k;
        return 1;
    }
    return 0;
}

/* A target for a member: centre, facing, formation; key: distance of
 * the centre to the point (the nearest are tried first). */
typedef struct wmr_target {
    mu_vec2 at, facing;
    wm_form form;
    double key;
} wmr_target;

static inline int wmr_by_key(const void *a, const void *b)
{
    const wmr_target *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

static inline void wmr_add(wmr_target **t, int *n, int *cap, mu_vec2 at, mu_vec2 f, wm_form form, mu_vec2 point)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 256;
        *t = realloc(*t, (size_t)*cap * sizeof **t);
    }
    (*t)[(*n)++] = (wmr_target){at, f, form, mu_v2_dist(at, point)};
}

/* Places touching a stand of another member along its sides, slid. */
static inline void wmr_edges(const wmr_search *s, const wm_battlefield *bf, int i, wmr_target **t, int *n, int *cap)
{
    int k = s->member[i];
    static const wm_form forms[3] = {WM_FORM_KEEP, WM_FORM_LINE, WM_FORM_COLUMN};
    for (int j = 0; j < s->n; j++) {
        if (j == i)
            continue;
        const wm_unit *m = &bf->unit[s->member[j]];
        for (int st_i = 0; st_i < m->n_stands; st_i++) {
            const mu_orect *st = &m->stand[st_i];
            mu_vec2 f = mu_v2_unit(st->facing), r = mu_v2(f.y, -f.x);
            for (int fo = 0; fo < 3; fo++) {
                mu_orect fp[WM_MAX_STANDS];
                wm_brigade_footprint(&bf->unit[k], forms[fo], f, mu_v2(0, 0), fp);
                double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
                for (int q = 0; q < bf->unit[k].n_stands; q++) {
                    mu_vec2 c[4];
                    mu_orect_corners(&fp[q], c);
                    for (int e = 0; e < 4; e++) {
                        double x = mu_v2_dot(c[e], r), y = mu_v2_dot(c[e], f);
                        lo[0] = fmin(lo[0], x), hi[0] = fmax(hi[0], x);
                        lo[1] = fmin(lo[1], y), hi[1] = fmax(hi[1], y);
                    }
                }
                double hw = 0.5 * st->width, hd = 0.5 * st->depth;
                for (int side = 0; side < 4; side++) {
                    /* side 0 front, 1 behind: slide along r; 2 right, 3 left: along f */
                    int along = side < 2 ? 0 : 1;
                    double a0 = along == 0 ? -hw - hi[0] : -hd - hi[1], a1 = along == 0 ? hw - lo[0] : hd - lo[1];
                    double fixed = side == 0 ? hd - lo[1] : side == 1 ? -hd - hi[1] : side == 2 ? hw - lo[0]
                                                                                              : -hw - hi[0];
                    for (double a = a0; a <= a1 + 1e-9; a += s->grid->slide_mm) {
                        double x = along == 0 ? a : fixed, y = along == 0 ? fixed : a;
                        mu_vec2 at = mu_v2_add(st->center, mu_v2_add(mu_v2_scale(r, x), mu_v2_scale(f, y)));
                        wmr_add(t, n, cap, at, f, forms[fo], s->point);
                    }
                }
            }
        }
    }
}

static inline int wmr_dfs(wmr_search *s, int depth, uint64_t rest)
{
    const wm_battlefield *bf = &s->level[depth];
    if (!wmr_can_progress(s, bf, -1, mu_v2(0, 0), rest))
        return 0;
    if (wm_brigade_touches(bf, s->body)) {
        int clear = 1;
        for (int i = 0; i < s->n && clear; i++)
            clear = !wm_brigade_touches_enemy(bf, s->member[i]);
        double gain = s->d0 - mu_v2_dist(s->point, wmr_centre(bf, s));
        if (clear && gain >= s->grid->need_mm) {
            s->out->found = 1;
            s->out->progress_mm = gain;
            s->out->n_moves = depth;
            for (int i = 0; i < s->n; i++) {
                s->out->end[i] = wm_unit_centre(&bf->unit[s->member[i]]);
                s->out->end_facing[i] = bf->unit[s->member[i]].stand[0].facing;
            }
            return 1;
        }
    }
    if (!rest)
        return 0;
    int last = __builtin_popcountll(rest) == 1;
    static const wm_form forms[3] = {WM_FORM_KEEP, WM_FORM_LINE, WM_FORM_COLUMN};
    for (int i = 0; i < s->n; i++) {
        int k = s->member[i];
        if (!(rest & (UINT64_C(1) << k)))
            continue;
        wmr_target *t = NULL;
        int nt = 0, cap = 0;
        wmr_edges(s, bf, i, &t, &nt, &cap);
        if (!last) {
            const wm_unit *u = &bf->unit[k];
            mu_vec2 c = wm_unit_centre(u);
            mu_vec2 facings[6];
            int nf = 0;
            facings[nf++] = mu_v2_unit(u->stand[0].facing);
            if (mu_v2_dist(s->point, c) > 1e-6)
                facings[nf++] = mu_v2_unit(mu_v2_sub(s->point, c));
            for (int j = 0; j < s->n; j++)
                if (j != i)
                    facings[nf++] = mu_v2_unit(bf->unit[s->member[j]].stand[0].facing);
            int steps = (int)floor(s->allowance[i] / s->grid->grid_mm);
            for (int gx = -steps; gx <= steps; gx++)
                for (int gy = -steps; gy <= steps; gy++) {
                    mu_vec2 at = mu_v2_add(c, mu_v2(gx * s->grid->grid_mm, gy * s->grid->grid_mm));
                    for (int fi = 0; fi < nf; fi++) {
                        int dup = 0;
                        for (int fj = 0; fj < fi; fj++)
                            dup |= mu_v2_dist(facings[fi], facings[fj]) < 1e-9;
                        for (int fo = 0; !dup && fo < 3; fo++)
                            wmr_add(&t, &nt, &cap, at, facings[fi], forms[fo], s->point);
                    }
                }
        }
        qsort(t, (size_t)nt, sizeof *t, wmr_by_key);
        int hit = 0;
        for (int j = 0; j < nt && j < s->width && !hit && s->budget >= 0; j++)
            hit = wmr_try(s, depth, rest, i, t[j].at, t[j].facing, t[j].form);
        free(t);
        if (hit)
            return 1;
        /* standing still: the next member moves */
        if (!last && s->budget >= 0 && wmr_dfs(s, depth, rest & ~(UINT64_C(1) << k)))
            return 1;
    }
    return 0;
}

/* Searches for a brigade move of body (mask of bf's units, 2 to 4 on the
 * table) toward point at kind's allowance making grid->need_mm of
 * progress, with at most budget planner calls (the search gives up past
 * it: out->planner_calls > budget tells). Returns out->found. */
static inline int wmr_brigade_can_progress(const wm_battlefield *bf, uint64_t body, mu_vec2 point,
                                           wm_move_kind kind, const wmr_grid *grid, long budget,
                                           wmr_result *out)
{
    memset(out, 0, sizeof *out);
    wmr_search s = {.grid = grid, .body = body, .point = point, .kind = kind, .out = out, .budget = budget};
    for (uint64_t r = body; r && s.n < 4; r &= r - 1) {
        int u = __builtin_ctzll(r);
        s.allowance[s.n] = wm_move_allowance_mm(bf, &bf->unit[u], kind, 0.0);
        s.member[s.n++] = u;
    }
    s.level = malloc((size_t)(s.n + 1) * sizeof *s.level);
    s.level[0] = *bf;
    s.d0 = mu_v2_dist(point, wmr_centre(bf, &s));
    /* widening passes (a few targets per member first, then more): the
     * last pass, with every target, is the exhaustive one */
    for (int w = 4; !out->found && s.budget >= 0; w *= 8) {
        s.width = w > 100000 ? INT_MAX : w;
        wmr_dfs(&s, 0, body);
        if (s.width == INT_MAX)
            break;
    }
    free(s.level);
    return out->found;
}

#endif
