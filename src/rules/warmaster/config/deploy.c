/* Deployment: a scenario's table with two armies placed on it, by exact
 * positions or in the deployment zones by the deterministic rule of
 * warmaster/wm_scenario.h, with a positioned error for each placement the
 * rules do not allow. */
#include "warmaster/wm_scenario.h"

#include "muster/status.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM
#define STEP_MM 5.0 /* how far the deployment cursor moves per try */
#define PI 3.14159265358979323846

typedef struct deploy {
    const wm_scenario *sc;
    const wm_army *armies;
    wm_battlefield *bf;
    wm_deployed *roster;
    char *err;
    size_t err_len;
} deploy;

/* Reports a problem with army entry e of side s: "WHERE: error: MSG (path)". */
__attribute__((format(printf, 3, 4)))
static int fail(deploy *d, const wm_army_entry *e, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(d->err, d->err_len, "%s: error: %s (%s)", e->where, msg, e->path);
    return MU_EXIT_DATAERR;
}

static const char *unit_name(const wm_army *a, const wm_army_entry *e)
{
    return a->list.unit[e->unit].name;
}

/* The unit of entry e of side s with its front edge centred on front. */
static wm_unit make_unit(const wm_army *a, int s, const wm_army_entry *e, mu_vec2 front, mu_vec2 facing,
                            wm_formation formation)
{
    wm_profile p = wm_list_profile(&a->list, e->unit, e->mount);
    wm_unit u = wm_unit_make(s, &p);
    mu_orect st[WM_MAX_STANDS];
    int n = a->list.unit[e->unit].size;
    if (formation == WM_COLUMN)
        wm_place_column(st, n, front, facing, p.stand_width_mm, p.stand_depth_mm);
    else
        wm_place_line(st, n, front, facing, p.stand_width_mm, p.stand_depth_mm);
    for (int i = 0; i < n; i++)
        wm_unit_add_stand(&u, st[i].center, st[i].facing);
    return u;
}

/* Returns the index of a feature some stand of u is in and u may not
 * enter, or -1. */
static int blocked_by(const wm_battlefield *bf, const wm_unit *u)
{
    for (int i = 0; i < u->n_stands; i++) {
        int f = wm_orect_blocked(bf, u, &u->stand[i]);
        if (f >= 0)
            return f;
    }
    return -1;
}

/* Returns the index of a unit on bf that u overlaps, or comes closer to
 * than gap_mm, or -1. */
static int too_close(const wm_battlefield *bf, const wm_unit *u, double gap_mm)
{
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *v = &bf->unit[k];
        double dist = wm_unit_distance_mm(u, v, NULL, NULL, NULL, NULL);
        if (dist < gap_mm - EPS)
            return k;
        for (int i = 0; dist <= EPS && i < u->n_stands; i++)
            for (int j = 0; j < v->n_stands; j++)
                if (mu_orect_overlap(&u->stand[i], &v->stand[j]))
                    return k;
    }
    return -1;
}

static int add(deploy *d, int s, int j, const wm_unit *u)
{
    const wm_army *a = &d->armies[s];
    const wm_army_entry *e = &a->entry[j];
    const wm_list_unit *lu = &a->list.unit[e->unit];
    wm_status st = wm_add_unit(d->bf, u);
    if (st != WM_OK)
        return fail(d, e, "cannot deploy unit '%s': %s", lu->name, wm_status_str(st));
    d->roster[d->bf->n_units - 1] = (wm_deployed){.side = s, .entry = j, .list_unit = e->unit,
                                                     .mount = e->mount, .role = lu->role, .command = e->command};
    return 0;
}

static void describe_feature(const deploy *d, int f, char *out, size_t n)
{
    const char *kind = wm_terrain_get(d->bf->feature[f].kind)->name;
    const char *name = d->sc->feature_name[f];
    snprintf(out, n, "terrain[%d], %s%s%s%s", f, kind, name[0] ? " '" : "", name, name[0] ? "'" : "");
}

/* Finds who placed bf->unit[k]. */
static const wm_army_entry *entry_of(const deploy *d, int k)
{
    return &d->armies[d->roster[k].side].entry[d->roster[k].entry];
}

static int place_exact(deploy *d, int s, int j)
{
    const wm_army *a = &d->armies[s];
    const wm_army_entry *e = &a->entry[j];
    double rad = e->facing_deg * PI / 180.0;
    mu_vec2 facing = e->has_facing ? mu_v2(cos(rad), sin(rad)) : wm_edge_forward(d->sc->side[s].edge);
    wm_unit u = make_unit(a, s, e, e->front_mm, facing, e->formation);
    char what[160];
    for (int i = 0; i < u.n_stands; i++)
        if (!wm_orect_on_table(d->bf, &u.stand[i]))
            return fail(d, e, "unit '%s' at (%g, %g) cm is not wholly on the table (%g x %g cm)", unit_name(a, e),
                        e->front_mm.x / 10, e->front_mm.y / 10, d->bf->width_mm / 10, d->bf->depth_mm / 10);
    int f = blocked_by(d->bf, &u);
    if (f >= 0) {
        describe_feature(d, f, what, sizeof what);
        return fail(d, e, "unit '%s' (%s) stands in terrain it cannot enter: %s", unit_name(a, e),
                    wm_troop_name(a->list.unit[e->unit].troop), what);
    }
    int k = too_close(d->bf, &u, 0.0);
    if (k >= 0)
        return fail(d, e, "unit '%s' overlaps unit '%s' of %s", unit_name(a, e),
                    d->armies[d->roster[k].side].list.unit[d->roster[k].list_unit].name, entry_of(d, k)->path);
    return add(d, s, j, &u);
}

/* Where the next unit of a side goes, in the side's frame: s runs to
 * its right, t forward (away from its edge). */
typedef struct cursor {
    mu_vec2 fwd, right;
    double s0, s1, t0, t1; /* the zone */
    double s, t, row_depth;
    int last_troop; /* the troop type of the unit placed last in this row, -1: none */
} cursor;

static cursor zone_cursor(const wm_side *side)
{
    cursor c = {.fwd = wm_edge_forward(side->edge)};
    c.right = mu_v2(c.fwd.y, -c.fwd.x);
    double a = mu_v2_dot(side->zone_lo, c.right), b = mu_v2_dot(side->zone_hi, c.right);
    double p = mu_v2_dot(side->zone_lo, c.fwd), q = mu_v2_dot(side->zone_hi, c.fwd);
    c.s0 = fmin(a, b), c.s1 = fmax(a, b), c.t0 = fmin(p, q), c.t1 = fmax(p, q);
    c.s = c.s0, c.t = c.t1;
    c.last_troop = -1;
    return c;
}

static int place_in_zone(deploy *d, int s, int j, cursor *c)
{
    const wm_army *a = &d->armies[s];
    const wm_army_entry *e = &a->entry[j];
    const wm_list_unit *lu = &a->list.unit[e->unit];
    double width = lu->size * lu->stand_width_mm, depth = lu->stand_depth_mm, gap = d->sc->deploy_gap_mm;
    unsigned partners = lu->rules.brigaded_only_with;
    if (partners && c->last_troop >= 0 && (partners >> c->last_troop & 1u) && c->s + width - gap <= c->s1 + EPS) {
        /* RULE wm.armylist.brigaded-only: a unit that moves only brigaded
         * deploys touching the unit before it when that one may be its
         * partner (a player's deployment) */
        mu_vec2 front = mu_v2_add(mu_v2_scale(c->right, c->s - gap + width / 2), mu_v2_scale(c->fwd, c->t));
        wm_unit u = make_unit(a, s, e, front, c->fwd, WM_LINE);
        if (blocked_by(d->bf, &u) < 0 && too_close(d->bf, &u, 0.0) < 0) {
            c->s += width;
            c->row_depth = fmax(c->row_depth, depth);
            c->last_troop = (int)lu->troop;
            return add(d, s, j, &u);
        }
    }
    if (width > c->s1 - c->s0 + EPS)
        return fail(d, e, "unit '%s' in line (%g cm wide) does not fit across the deployment zone of '%s'",
                    lu->name, width / 10, d->sc->side[s].name);
    for (;;) {
        if (c->t - depth < c->t0 - EPS)
            return fail(d, e, "no room for unit '%s' in the deployment zone of '%s' clear of other units and of "
                        "terrain it cannot enter", lu->name, d->sc->side[s].name);
        if (c->s + width > c->s1 + EPS) {
            c->t -= fmax(c->row_depth, depth) + gap;
            c->s = c->s0, c->row_depth = 0.0, c->last_troop = -1;
            continue;
        }
        mu_vec2 front = mu_v2_add(mu_v2_scale(c->right, c->s + width / 2), mu_v2_scale(c->fwd, c->t));
        wm_unit u = make_unit(a, s, e, front, c->fwd, WM_LINE);
        if (blocked_by(d->bf, &u) < 0 && too_close(d->bf, &u, gap) < 0) {
            c->s += width + gap;
            c->row_depth = fmax(c->row_depth, depth);
            c->last_troop = (int)lu->troop;
            return add(d, s, j, &u);
        }
        c->s += STEP_MM;
    }
}

/* How many units of each entry of army a start off the table to enter
 * by an infiltration order, into held_of[entry]. Reading (ARMY_RULES.md,
 * infiltrate): a player holds back every unit the list lets him, in entry
 * order, entries with infiltrate_group_at_most last: a unit whose list
 * lets it (infiltrate), while fewer than infiltrate_per_1000 per full
 * 1000 points of the army's limit of its list unit are held back, fewer
 * than the pool's share (infiltrate_pool_fraction: the smallest fraction
 * given, of the units of all entries with one, rounded down) of pooled
 * units, and, with infiltrate_group_at_most, fewer of its list unit than
 * of the units it names (so that each can enter in an allowed group). */
/* RULE wm.armylist.infiltrate wm.armylist.infiltrate-group */
static void plan_held_back(const wm_army *a, int held_of[WM_ARMY_MAX_ENTRIES])
{
    int held[WM_LIST_MAX_UNITS] = {0}, pooled = 0, pool_held = 0;
    double fraction = 1.0;
    for (int j = 0; j < a->n_entries; j++) {
        const wm_list_unit *lu = &a->list.unit[a->entry[j].unit];
        held_of[j] = 0;
        if (lu->infiltrate && lu->infiltrate_pool_fraction > 0.0) {
            pooled += a->entry[j].count;
            fraction = fmin(fraction, lu->infiltrate_pool_fraction);
        }
    }
    int pool_max = (int)floor(fraction * pooled + 1e-9);
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0; j < a->n_entries; j++) {
            const wm_list_unit *lu = &a->list.unit[a->entry[j].unit];
            if (!lu->infiltrate || a->entry[j].exact || (lu->rules.infiltrate_group_at_most != 0) != pass)
                continue;
            for (int k = 0; k < a->entry[j].count; k++) {
                int of = 0;
                for (int m = 0; m < a->list.n_units; m++)
                    of += (lu->rules.infiltrate_group_at_most >> m & 1u) ? held[m] : 0;
                if ((lu->infiltrate_per_1000 && held[a->entry[j].unit] >= lu->infiltrate_per_1000 *
                                                                             (a->points_limit / 1000)) ||
                    (lu->infiltrate_pool_fraction > 0.0 && pool_held >= pool_max) ||
                    (lu->rules.infiltrate_group_at_most && held[a->entry[j].unit] >= of))
                    break;
                held[a->entry[j].unit]++;
                held_of[j]++;
                pool_held += lu->infiltrate_pool_fraction > 0.0;
            }
        }
}

/* A unit held back: added off the table (its stands in line at the
 * table's corner, never looked at until it enters). */
static int hold_back(deploy *d, int s, int j)
{
    const wm_army *a = &d->armies[s];
    wm_unit u = make_unit(a, s, &a->entry[j], mu_v2(0, 0), wm_edge_forward(d->sc->side[s].edge), WM_LINE);
    u.presence = WM_OFF_TABLE;
    return add(d, s, j, &u);
}

int wm_deploy(const wm_scenario *sc, const wm_army armies[2], wm_battlefield *bf,
                 wm_deployed roster[WM_MAX_UNITS], char *err, size_t err_len)
{
    deploy d = {.sc = sc, .armies = armies, .bf = bf, .roster = roster, .err = err, .err_len = err_len};
    *bf = sc->table;
    bf->n_units = 0;
    memset(roster, 0, sizeof(wm_deployed) * WM_MAX_UNITS);
    for (int s = 0; s < 2; s++)
        for (int j = 0; j < armies[s].n_entries; j++)
            if (armies[s].entry[j].exact && place_exact(&d, s, j) != 0)
                return MU_EXIT_DATAERR;
    for (int s = 0; s < 2; s++) {
        cursor c = zone_cursor(&sc->side[s]);
        int held_of[WM_ARMY_MAX_ENTRIES];
        plan_held_back(&armies[s], held_of);
        for (int characters = 0; characters < 2; characters++)
            for (int j = 0; j < armies[s].n_entries; j++) {
                const wm_army_entry *e = &armies[s].entry[j];
                if (e->exact || (armies[s].list.unit[e->unit].troop == WM_CHARACTER) != characters)
                    continue;
                for (int k = 0; k < e->count; k++)
                    if ((k < held_of[j] ? hold_back(&d, s, j) : place_in_zone(&d, s, j, &c)) != 0)
                        return MU_EXIT_DATAERR;
            }
    }
    return 0;
}
