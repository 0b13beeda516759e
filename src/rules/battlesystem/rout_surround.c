/* Surrounded units (battlesystem-movement-phase.txt 7.15): whether enemy
 * closed or open units and impassable terrain enclose a unit with no gap
 * a figure could rout through (bs_surrounded in bs_rout.h). */
#include "battlesystem/bs_rout.h"

#include "bs_internal.h"

#include <math.h>

#define MAX_OBST (BS_MAX_UNITS + BS_MAX_TERRAIN)
#define MAX_BRIDGES 256 /* pairs of obstacles closer than the gap */
#define TWO_PI (2 * BS_PI)

typedef struct obstacle {
    int n;
    mu_vec2 v[BS_MAX_POLY];
} obstacle;

typedef struct arc {
    double lo, hi; /* radians, hi - lo < 2 pi */
} arc;

static int find_root(int *parent, int i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* The angular extent of polygon o seen from c, unwrapped along its
 * boundary. Returns 0 if it contains c. */
static int polygon_arc(const obstacle *o, mu_vec2 c, arc *out)
{
    mu_polygon poly = {o->n, o->v};
    if (mu_point_in_polygon(&poly, c))
        return 0;
    double prev = atan2(o->v[0].y - c.y, o->v[0].x - c.x);
    double a = prev, lo = prev, hi = prev;
    for (int i = 1; i <= o->n; i++) {
        mu_vec2 p = o->v[i % o->n];
        double b = atan2(p.y - c.y, p.x - c.x);
        double db = b - prev;
        while (db > BS_PI)
            db -= TWO_PI;
        while (db < -BS_PI)
            db += TWO_PI;
        a += db;
        prev = b;
        lo = fmin(lo, a);
        hi = fmax(hi, a);
    }
    out->lo = lo;
    out->hi = hi;
    return 1;
}

static int cover_full_circle(arc *arcs, int n)
{
    /* normalise into [0, 2 pi), splitting arcs that wrap */
    arc parts[2 * (MAX_OBST + MAX_BRIDGES)];
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (arcs[i].hi - arcs[i].lo >= TWO_PI - 1e-12)
            return 1;
        double lo = fmod(arcs[i].lo, TWO_PI);
        if (lo < 0)
            lo += TWO_PI;
        double hi = lo + (arcs[i].hi - arcs[i].lo);
        if (hi > TWO_PI) {
            parts[m++] = (arc){lo, TWO_PI};
            parts[m++] = (arc){0, hi - TWO_PI};
        } else {
            parts[m++] = (arc){lo, hi};
        }
    }
    for (int i = 1; i < m; i++) {
        arc x = parts[i];
        int j = i - 1;
        while (j >= 0 && parts[j].lo > x.lo) {
            parts[j + 1] = parts[j];
            j--;
        }
        parts[j + 1] = x;
    }
    double reach = 0;
    for (int i = 0; i < m; i++) {
        if (parts[i].lo > reach + 1e-9)
            return 0;
        reach = fmax(reach, parts[i].hi);
    }
    return reach >= TWO_PI - 1e-9;
}

/* RULE bs.rout.surrounded */
int bs_surrounded(const bs_field *f, const bs_env *env, int u)
{
    const bs_unit *un = &f->units[u];
    obstacle obs[MAX_OBST];
    int n = 0;
    /* "completely blocked by an enemy unit in closed or open formation"
     * (and impassable terrain) */
    for (int e = 0; e < f->n_units; e++) {
        const bs_unit *o = &f->units[e];
        if (!bs_unit_alive(o) || o->side == un->side ||
            (o->formation != BS_CLOSED && o->formation != BS_OPEN))
            continue;
        obs[n].n = 4;
        bs_unit_corners(o, obs[n].v);
        n++;
    }
    if (env->table)
        for (int i = 0; i < env->table->n_terrain; i++) {
            const bs_terrain *a = &env->table->terrain[i];
            if (a->kind != BS_TERRAIN_IMPASSABLE)
                continue;
            obs[n].n = a->n;
            for (int k = 0; k < a->n; k++)
                obs[n].v[k] = a->v[k];
            n++;
        }
    if (n == 0)
        return 0;
    mu_vec2 c = bs_unit_centre(un);
    double gap = bs_in(env->rules->surround_gap_in);
    int parent[MAX_OBST];
    arc own[MAX_OBST];
    int has_arc[MAX_OBST];
    for (int i = 0; i < n; i++) {
        parent[i] = i;
        has_arc[i] = polygon_arc(&obs[i], c, &own[i]);
    }
    /* bridges: obstacles closer than the gap a figure needs */
    arc bridges[MAX_BRIDGES];
    int bi[MAX_BRIDGES], nb = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            mu_vec2 pa, pb;
            double d = mu_poly_vertex_edge_distance(obs[i].v, obs[i].n, obs[j].v, obs[j].n, &pa, &pb);
            if (d >= gap - BS_EPS)
                continue;
            parent[find_root(parent, i)] = find_root(parent, j);
            double a = atan2(pa.y - c.y, pa.x - c.x), b = atan2(pb.y - c.y, pb.x - c.x);
            double db = b - a;
            while (db > BS_PI)
                db -= TWO_PI;
            while (db < -BS_PI)
                db += TWO_PI;
            if (nb < MAX_BRIDGES) {
                bridges[nb] = db >= 0 ? (arc){a, a + db} : (arc){a + db, a};
                bi[nb++] = i;
            }
        }
    arc arcs[MAX_OBST + MAX_BRIDGES];
    for (int root = 0; root < n; root++) {
        if (find_root(parent, root) != root)
            continue;
        int m = 0;
        for (int i = 0; i < n; i++)
            if (find_root(parent, i) == root && has_arc[i])
                arcs[m++] = own[i];
        for (int k = 0; k < nb; k++)
            if (find_root(parent, bi[k]) == root)
                arcs[m++] = bridges[k];
        if (m > 0 && cover_full_circle(arcs, m))
            return 1;
    }
    return 0;
}
