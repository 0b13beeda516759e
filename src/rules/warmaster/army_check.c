/* An army against its list (wm_armylist.h, wm_army_check): what the
 * entries cost, how many of each list unit and mount (min and max scaled
 * to the points limit, counts_toward, shares_max_with), exactly one
 * General, who may ride what, what the army must hold, and what cannot
 * be fielded. Pure: the files' positions are the loader's (config/army.c). */
#include "warmaster/wm_armylist.h"

#include <stdarg.h>
#include <stdio.h>

static int breach(wm_army_breach *b, wm_breach_at at, int entry, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int breach(wm_army_breach *b, wm_breach_at at, int entry, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    b->at = at;
    b->entry = entry;
    vsnprintf(b->text, sizeof b->text, fmt, ap);
    va_end(ap);
    return -1;
}

int wm_army_cost(const wm_army *a)
{
    int points = 0;
    for (int j = 0; j < a->n_entries; j++) {
        const wm_army_entry *e = &a->entry[j];
        points += e->count * (a->list.unit[e->unit].points + (e->mount >= 0 ? a->list.mount[e->mount].points : 0));
    }
    return points;
}

/* The limit message: "2 per 1000 points (4 in a 2000-point army)". */
static void describe(char *out, size_t n, const wm_limit *lim, int bound, int scaled, int points)
{
    if (lim->per_army)
        snprintf(out, n, "%d per army", bound);
    else
        snprintf(out, n, "%d per 1000 points (%d in a %d-point army)", bound, scaled, points);
}

/* How many of each list unit (mounts: 1) the entries hold, into have. */
static void count(const wm_army *a, int mounts, int *have)
{
    for (int j = 0; j < a->n_entries; j++) {
        int k = mounts ? a->entry[j].mount : a->entry[j].unit;
        if (k >= 0)
            have[k] += a->entry[j].count;
    }
}

/* Entry by entry: nothing that cannot be fielded, mounts only on their
 * riders. */
/* RULE wm.armylist.riders wm.armylist.added-stands */
static int check_entries(const wm_army *a, wm_army_breach *b)
{
    const wm_army_list *l = &a->list;
    for (int j = 0; j < a->n_entries; j++) {
        const wm_army_entry *e = &a->entry[j];
        const wm_list_unit *u = &l->unit[e->unit];
        if (u->summoned_only)
            return breach(b, WM_BREACH_ENTRY, j, "'%s' is never bought: it enters play by a spell", u->name);
        if (u->adds_to)
            return breach(b, WM_BREACH_ENTRY, j, "'%s' is a stand added to another unit, which muster cannot "
                          "field yet", u->name);
        if (e->mount >= 0 && !(l->mount[e->mount].riders >> e->unit & 1u))
            return breach(b, WM_BREACH_ENTRY, j, "'%s' may not take '%s' (the list's riders)", u->name,
                          l->mount[e->mount].name);
    }
    return 0;
}

/* Min and max of every list unit (or mount), counts_toward and
 * shares_max_with included. */
static int check_counts(const wm_army *a, int mounts, wm_army_breach *b)
{
    const wm_army_list *l = &a->list;
    int n = mounts ? l->n_mounts : l->n_units, have[WM_LIST_MAX_UNITS] = {0}, running[WM_LIST_MAX_UNITS] = {0};
    char text[128];
    count(a, mounts, have);
    for (int j = 0; j < a->n_entries; j++) { /* the first entry past a maximum */
        int k = mounts ? a->entry[j].mount : a->entry[j].unit;
        if (k < 0)
            continue;
        const wm_limit *lim = mounts ? &l->mount[k].limit : &l->unit[k].limit;
        int lo, hi;
        wm_limit_scaled(lim, a->points_limit, &lo, &hi);
        running[k] += a->entry[j].count;
        describe(text, sizeof text, lim, lim->max, hi, a->points_limit);
        if (hi != WM_UNLIMITED && running[k] > hi)
            return breach(b, WM_BREACH_ENTRY, j, "too many '%s'%s: %d, the maximum is %s",
                          mounts ? l->mount[k].name : l->unit[k].name, mounts ? " mounts" : "", running[k], text);
    }
    for (int k = 0; !mounts && k < n; k++) { /* RULE wm.armylist.shares-max */
        uint64_t with = l->unit[k].shares_max_with;
        if (!with)
            continue;
        int sum = have[k], lo, hi;
        for (int o = 0; o < n; o++)
            sum += (with >> o & 1u) ? have[o] : 0;
        wm_limit_scaled(&l->unit[k].limit, a->points_limit, &lo, &hi);
        describe(text, sizeof text, &l->unit[k].limit, l->unit[k].limit.max, hi, a->points_limit);
        if (sum > hi)
            return breach(b, WM_BREACH_UNITS, -1, "too many '%s' and the units sharing its maximum: %d, the "
                          "maximum is %s", l->unit[k].name, sum, text);
    }
    int toward[WM_LIST_MAX_UNITS] = {0}; /* units of other entries counted to k's minimum */
    int by[WM_LIST_MAX_UNITS];           /* the (last) entry they come from */
    for (int k = 0; !mounts && k < n; k++)
        if (l->unit[k].counts_toward >= 0) {
            int may = l->unit[k].counts_toward_per_1000 * (a->points_limit / 1000);
            toward[l->unit[k].counts_toward] += have[k] < may ? have[k] : may;
            by[l->unit[k].counts_toward] = k;
        }
    for (int k = 0; k < n; k++) {
        const wm_limit *lim = mounts ? &l->mount[k].limit : &l->unit[k].limit;
        int lo, hi;
        wm_limit_scaled(lim, a->points_limit, &lo, &hi);
        describe(text, sizeof text, lim, lim->min, lo, a->points_limit);
        char counted[96] = "";
        if (toward[k] > 0)
            snprintf(counted, sizeof counted, " (%d counting '%s')", have[k] + toward[k], l->unit[by[k]].name);
        if (have[k] + toward[k] < lo)
            return breach(b, WM_BREACH_UNITS, -1, "too few '%s'%s: %d%s, the minimum is %s",
                          mounts ? l->mount[k].name : l->unit[k].name, mounts ? " mounts" : "", have[k], counted,
                          text);
    }
    return 0;
}

/* What an entry needs the army to hold (a unit's or a mount's requires). */
/* RULE wm.armylist.requires */
static int check_requires(const wm_army *a, wm_army_breach *b)
{
    const wm_army_list *l = &a->list;
    uint64_t held = 0;
    for (int j = 0; j < a->n_entries; j++)
        held |= UINT64_C(1) << a->entry[j].unit;
    for (int j = 0; j < a->n_entries; j++) {
        const wm_army_entry *e = &a->entry[j];
        uint64_t need = l->unit[e->unit].requires;
        const char *who = l->unit[e->unit].name;
        if (e->mount >= 0 && l->mount[e->mount].requires && (!need || (held & need))) {
            need = l->mount[e->mount].requires;
            who = l->mount[e->mount].name;
        }
        if (need && !(held & need)) {
            int k = __builtin_ctzll(need);
            return breach(b, WM_BREACH_ENTRY, j, "'%s' needs the army to hold '%s'%s", who, l->unit[k].name,
                          need & (need - 1) ? " or another unit its list names" : "");
        }
    }
    return 0;
}

static int check_general(const wm_army *a, wm_army_breach *b)
{
    int first = -1;
    for (int j = 0; j < a->n_entries; j++) {
        const wm_list_unit *u = &a->list.unit[a->entry[j].unit];
        if (u->role != WM_ROLE_GENERAL)
            continue;
        if (first >= 0 || a->entry[j].count > 1)
            return breach(b, WM_BREACH_ENTRY, j, "a second General: the army already has '%s'; an army has exactly "
                          "one", a->list.unit[a->entry[first >= 0 ? first : j].unit].name);
        first = j;
    }
    if (first >= 0)
        return 0;
    return breach(b, WM_BREACH_UNITS, -1, "the army has no General: choose one unit with role general from army "
                  "list '%s'", a->list.army);
}

int wm_army_check(const wm_army *a, wm_army_breach *b)
{
    int points = wm_army_cost(a);
    if (points > a->points_limit)
        return breach(b, WM_BREACH_POINTS, -1, "the army costs %d points, over its limit of %d", points,
                      a->points_limit);
    if (check_entries(a, b) != 0 || check_counts(a, 0, b) != 0 || check_counts(a, 1, b) != 0 ||
        check_requires(a, b) != 0 || check_general(a, b) != 0)
        return -1;
    return 0;
}
