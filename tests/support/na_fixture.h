/* Ninth Age test fixture: a large empty table, the text's rules, and
 * helpers to put units on it and to build moves. Header-only (static
 * functions), for the Ninth Age unit, stats and search tests. */
#ifndef MUSTER_TEST_NA_FIXTURE_H
#define MUSTER_TEST_NA_FIXTURE_H

#include "ninth_age/na_field.h"
#include "ninth_age/na_move.h"

#include <string.h>

#define IN 25.4
#define PI 3.14159265358979323846

static na_table NA_TABLE;
static na_rules NA_RULES;

/* A 200" x 200" table, nothing on it; the text's rules. */
static inline na_env fx_env(void)
{
    memset(&NA_TABLE, 0, sizeof NA_TABLE);
    NA_TABLE.width_mm = NA_TABLE.depth_mm = 200 * IN;
    NA_RULES = na_rules_default();
    na_env e = {.rules = &NA_RULES, .table = &NA_TABLE};
    return e;
}

/* A profile: rates in inches, base in mm. */
static inline na_profile fx_profile(double adv_in, double march_in, int disc, double w_mm, double d_mm)
{
    na_profile p = {adv_in * IN, march_in * IN, disc, w_mm, d_mm};
    return p;
}

/* Adds a unit at (x, y) inches facing deg degrees; returns its index. */
static inline int fx_add(na_field *f, na_profile p, int side, int models, int files, double x_in, double y_in,
                         double deg)
{
    f->units[f->n_units] = na_unit_make(&p, side, models, files, mu_v2(x_in * IN, y_in * IN), deg * PI / 180);
    return f->n_units++;
}

/* Appends a step to m. */
static inline void fx_step(na_move *m, int kind, double amount)
{
    m->steps[m->n_steps].kind = (uint8_t)kind;
    m->steps[m->n_steps].amount = amount;
    m->n_steps++;
}

/* A wheel whose outer corner moves arc_in inches for u (left when > 0). */
static inline double fx_wheel_rad(const na_unit *u, double arc_in)
{
    return arc_in * IN / na_unit_width_mm(u);
}

#endif
