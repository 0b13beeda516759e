/* Random legal armies from a list (wm_armylist.h, wm_army_random): the
 * General, the minimums, then one unit (or a mount for a character) at a
 * time, each drawn uniformly from those the list still allows and the
 * points still pay for, until none is left; and an army written as the
 * `units:` entries of an experiment (wm_army_write_units). */
#include "warmaster/wm_armylist.h"

#include <string.h>

/* What the army holds so far. */
typedef struct draft {
    wm_army *a;
    int units[WM_LIST_MAX_UNITS], mounts[WM_LIST_MAX_MOUNTS];
    int total;     /* units (characters included) */
    uint64_t held; /* list units held (mask) */
} draft;

/* A choice: list unit `unit`, on mount `mount` (-1 none). */
typedef struct pick {
    int unit, mount;
} pick;

static int cost(const wm_army_list *l, pick p)
{
    return l->unit[p.unit].points + (p.mount >= 0 ? l->mount[p.mount].points : 0);
}

/* The scaled maximum of lim (a large number for none). */
static int max_of(const wm_limit *lim, int points)
{
    int lo, hi;
    wm_limit_scaled(lim, points, &lo, &hi);
    return hi == WM_UNLIMITED ? 1 << 30 : hi;
}

/* The entry of the army holding p, or -1. */
static int entry_of(const wm_army *a, pick p)
{
    for (int j = 0; j < a->n_entries; j++)
        if (a->entry[j].unit == p.unit && a->entry[j].mount == p.mount)
            return j;
    return -1;
}

/* Whether the list allows one more p in the army d holds, with room for
 * it (a General only as the first unit). */
static int allowed(const draft *d, pick p)
{
    const wm_army *a = d->a;
    const wm_army_list *l = &a->list;
    const wm_list_unit *u = &l->unit[p.unit];
    if (u->summoned_only || u->adds_to || (u->role == WM_ROLE_GENERAL) != (d->total == 0) ||
        d->total >= WM_ARMY_MAX_UNITS || (a->n_entries == WM_ARMY_MAX_ENTRIES && entry_of(a, p) < 0) ||
        a->points + cost(l, p) > a->points_limit || d->units[p.unit] >= max_of(&u->limit, a->points_limit) ||
        (u->requires && !(d->held & u->requires)))
        return 0;
    for (int k = 0; k < l->n_units; k++) { /* every maximum it shares, its own or another's */
        uint64_t with = l->unit[k].shares_max_with;
        if (!(k == p.unit ? with : (with >> p.unit & 1u)))
            continue;
        int sum = d->units[k];
        for (int o = 0; o < l->n_units; o++)
            sum += (with >> o & 1u) ? d->units[o] : 0;
        if (sum >= max_of(&l->unit[k].limit, a->points_limit))
            return 0;
    }
    if (p.mount < 0)
        return 1;
    const wm_list_mount *m = &l->mount[p.mount];
    return (m->riders >> p.unit & 1u) && d->mounts[p.mount] < max_of(&m->limit, a->points_limit) &&
           (!m->requires || (d->held & m->requires));
}

/* Adds p (allowed) to the army: an entry of its own, or one more of the
 * same. */
static void add(draft *d, pick p)
{
    wm_army *a = d->a;
    int j = entry_of(a, p);
    if (j < 0) {
        j = a->n_entries++;
        a->entry[j] = (wm_army_entry){.unit = p.unit, .mount = p.mount, .command = a->list.unit[p.unit].command};
    }
    a->entry[j].count++;
    a->points += cost(&a->list, p);
    d->units[p.unit]++;
    d->mounts[p.mount >= 0 ? p.mount : 0] += p.mount >= 0;
    d->total++;
    d->held |= UINT64_C(1) << p.unit;
}

/* Adds one of the allowed picks of units in `units` (a mask; characters
 * with or without a mount), drawn uniformly. Returns 0, or -1 when none is
 * allowed. */
static int add_one(draft *d, uint64_t units, mu_rng *rng)
{
    const wm_army_list *l = &d->a->list;
    pick choice[WM_LIST_MAX_UNITS * (WM_LIST_MAX_MOUNTS + 1)];
    int c = 0;
    for (int k = 0; k < l->n_units; k++)
        for (int m = -1; (units >> k & 1u) && m < (l->unit[k].troop == WM_CHARACTER ? l->n_mounts : 0); m++)
            if (allowed(d, (pick){k, m}))
                choice[c++] = (pick){k, m};
    if (c == 0)
        return -1;
    add(d, choice[mu_rng_bounded(rng, (uint32_t)c)]);
    return 0;
}

/* RULE wm.armylist.random-army */
int wm_army_random(const wm_army_list *l, int points_limit, mu_rng *rng, wm_army *out)
{
    memset(out, 0, sizeof *out);
    out->list = *l;
    out->points_limit = points_limit;
    snprintf(out->name, sizeof out->name, "%s", l->army);
    draft d = {.a = out};
    uint64_t generals = 0, all = 0;
    for (int k = 0; k < l->n_units; k++) {
        generals |= (uint64_t)(l->unit[k].role == WM_ROLE_GENERAL) << k;
        all |= UINT64_C(1) << k;
    }
    if (add_one(&d, generals, rng) != 0) /* the General, on a mount or not */
        return -1;
    for (int k = 0; k < l->n_units; k++) { /* the minimums (of the unit itself) */
        int lo, hi;
        wm_limit_scaled(&l->unit[k].limit, points_limit, &lo, &hi);
        for (; d.units[k] < lo; add(&d, (pick){k, -1}))
            if (!allowed(&d, (pick){k, -1}))
                return -1;
    }
    while (add_one(&d, all, rng) == 0)
        ;
    wm_army_breach b;
    return wm_army_check(out, &b) == 0 ? 0 : -1;
}

void wm_army_write_units(const wm_army *a, FILE *f)
{
    for (int j = 0; j < a->n_entries; j++) {
        const wm_army_entry *e = &a->entry[j];
        fprintf(f, "      - {unit: \"%s\"", a->list.unit[e->unit].name);
        if (e->count > 1)
            fprintf(f, ", count: %d", e->count);
        if (e->mount >= 0)
            fprintf(f, ", mount: \"%s\"", a->list.mount[e->mount].name);
        fputs("}\n", f);
    }
}
