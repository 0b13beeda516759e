/* The Battlesystem field: units on the table, where they are relative
 * to each other (distance, contact, from the rear), the marks the round's
 * end reads, and the Discipline Check (battlesystem-movement-phase.txt
 * 7.8, 7.13). The bottom of the engine with step.c: it calls no move,
 * rout or round. */
#include "battlesystem/bs_field.h"

#include "bs_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

const char *bs_refusal_name(bs_refusal r)
{
    static const char *const names[] = {
        "ok", "not your phase", "gone", "routing", "finished", "already started",
        "frozen", "in contact", "locked", "no turn in contact", "not in command",
        "bad formation", "too wide", "no movement", "no room", "cannot charge",
        "charge banned", "bad target", "not in contact", "attacked from rear",
        "no spare figures", "rate too low", "would contact", "not routed", "rally tried",
        "bad argument", "not square",
    };
    if ((unsigned)r >= sizeof names / sizeof names[0])
        return "?";
    return names[r];
}

void bs_field_init(bs_field *f)
{
    memset(f, 0, sizeof *f);
    f->phase_side = -1;
    f->initiative_side = 0;
}

int bs_field_add(bs_field *f, const bs_unit *u)
{
    if (f->n_units >= BS_MAX_UNITS)
        return -1;
    f->units[f->n_units] = *u;
    return f->n_units++;
}

double bs_distance_mm(const bs_field *f, int a, int b)
{
    mu_vec2 ca[4], cb[4];
    bs_unit_corners(&f->units[a], ca);
    bs_unit_corners(&f->units[b], cb);
    return mu_poly_vertex_edge_distance(ca, 4, cb, 4, NULL, NULL);
}

int bs_touching(const bs_field *f, int a, int b)
{
    if (a == b || !bs_index_alive(f, a) || !bs_index_alive(f, b))
        return 0;
    return bs_distance_mm(f, a, b) <= BS_EPS;
}

uint32_t bs_enemy_contacts(const bs_field *f, int u)
{
    uint32_t m = 0;
    for (int e = 0; e < f->n_units; e++)
        if (f->units[e].side != f->units[u].side && bs_touching(f, u, e))
            m |= 1u << e;
    return m;
}

/* RULE bs.wrap.not-from-rear */
int bs_contact_from_rear(const bs_field *f, int u, int e)
{
    if (!bs_touching(f, u, e))
        return 0;
    mu_vec2 c[4], ce[4];
    bs_unit_corners(&f->units[u], c);
    bs_unit_corners(&f->units[e], ce);
    /* the back edge (back-right to back-left) without its corners */
    mu_vec2 dir = mu_v2_unit(mu_v2_sub(c[3], c[2]));
    double shrink = 1e-3;
    mu_vec2 seg[2] = {mu_v2_add(c[2], mu_v2_scale(dir, shrink)),
                      mu_v2_sub(c[3], mu_v2_scale(dir, shrink))};
    return mu_poly_vertex_edge_distance(seg, 2, ce, 4, NULL, NULL) <= BS_EPS;
}

int bs_nearest_enemy(const bs_field *f, int u)
{
    int best = -1;
    double bd = INFINITY;
    for (int e = 0; e < f->n_units; e++) {
        if (!bs_index_alive(f, e) || f->units[e].side == f->units[u].side)
            continue;
        double d = bs_distance_mm(f, u, e);
        if (d < bd) {
            bd = d;
            best = e;
        }
    }
    return best;
}

void bs_mark_acted(bs_field *f, int u)
{
    assert(bs_index_valid(f, u));
    f->units[u].acted = 1;
}

void bs_mark_attacked(bs_field *f, int u)
{
    assert(bs_index_valid(f, u));
    f->units[u].attacked = 1;
}

bs_check_result bs_discipline_check(bs_field *f, const bs_env *env, int u, int modifier)
{
    assert(bs_index_valid(f, u));
    bs_check_result c =
        bs_check(&env->rules->discipline, bs_current_morale(&f->units[u]), modifier, env->dice);
    if (c.pass)
        BS_COUNT(env, discipline_passed);
    else
        BS_COUNT(env, discipline_failed);
    return c;
}
