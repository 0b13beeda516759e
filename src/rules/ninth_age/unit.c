/* Ninth Age units: footprint and model centres (see na_unit.h). */
#include "ninth_age/na_unit.h"

#include <math.h>

na_unit na_unit_make(const na_profile *p, int side, int models, int files, mu_vec2 centre, double facing_rad)
{
    na_unit u = {0};
    u.p = *p;
    u.side = (int8_t)side;
    u.models = (uint8_t)models;
    u.files = (uint8_t)files;
    u.centre = centre;
    u.facing = mu_v2(cos(facing_rad), sin(facing_rad));
    u.contact = -1;
    return u;
}

mu_orect na_unit_rect(const na_unit *u)
{
    mu_orect r = {u->centre, u->facing, na_unit_width_mm(u), na_unit_depth_mm(u)};
    return r;
}

void na_unit_corners(const na_unit *u, mu_vec2 out[4])
{
    double a = na_unit_depth_mm(u) / 2, b = na_unit_width_mm(u) / 2;
    out[0] = na_local_to_world(u, a, -b);
    out[1] = na_local_to_world(u, a, b);
    out[2] = na_local_to_world(u, -a, b);
    out[3] = na_local_to_world(u, -a, -b);
}

/* RULE na.unit.ranks */
void na_model_local(const na_unit *u, int i, double *a, double *b)
{
    int rank = i / u->files, file = i % u->files;
    int in_rank = rank < u->models / u->files ? u->files : u->models % u->files;
    *a = na_unit_depth_mm(u) / 2 - (rank + 0.5) * u->p.base_d_mm;
    *b = (file - (in_rank - 1) / 2.0) * u->p.base_w_mm;
}

int na_unit_extreme_models(const na_unit *u, int out[6])
{
    int n = 0, F = u->files, full = u->models / F, rest = u->models % F;
    int cand[6] = {0, F - 1, (full - 1) * F, full * F - 1, full * F, full * F + rest - 1};
    int k = rest ? 6 : 4;
    for (int i = 0; i < k; i++) {
        int dup = 0;
        for (int j = 0; j < n; j++)
            dup |= out[j] == cand[i];
        if (!dup && cand[i] >= 0 && cand[i] < u->models)
            out[n++] = cand[i];
    }
    return n;
}

/* RULE na.reform.formation */
int na_formation_legal(const na_unit *u, int files)
{
    return files >= 1 && files <= u->models;
}
