/* Units and leaders on the battlefield (cca_field.h). */
#include "cca/cca_field.h"

#include <assert.h>
#include <string.h>

void cca_field_init(cca_field *f)
{
    memset(f, 0, sizeof *f);
    memset(f->unit_at, -1, sizeof f->unit_at);
    memset(f->leader_at, -1, sizeof f->leader_at);
}

void cca_field_sync(cca_field *f)
{
    for (int s = 0; s < 2; s++) {
        mu_hex_set_clear(&f->unit_set[s]);
        mu_hex_set_clear(&f->cav_set[s]);
        mu_hex_set_clear(&f->leader_set[s]);
        mu_hex_set_clear(&f->lone_set[s]);
        mu_hex_set_clear(&f->lone_cav_set[s]);
    }
    for (int u = 0; u < f->n_units; u++) {
        const cca_unit *un = &f->units[u];
        if (un->cell < 0)
            continue;
        mu_hex_set_add(&f->unit_set[un->side], un->cell);
        if (un->type == CCA_CAVALRY)
            mu_hex_set_add(&f->cav_set[un->side], un->cell);
    }
    for (int l = 0; l < f->n_leaders; l++) {
        const cca_leader *ld = &f->leaders[l];
        if (ld->cell < 0)
            continue;
        mu_hex_set_add(&f->leader_set[ld->side], ld->cell);
        if (ld->unit < 0)
            mu_hex_set_add(&f->lone_set[ld->side], ld->cell);
        if (ld->unit < 0 && ld->type == CCA_CAVALRY)
            mu_hex_set_add(&f->lone_cav_set[ld->side], ld->cell);
    }
}

void cca_field_sync_cells(cca_field *f, int a, int b)
{
    for (int k = 0; k < 2; k++) {
        int c = k ? b : a;
        if (c < 0)
            continue;
        for (int s = 0; s < 2; s++) {
            mu_hex_set_remove(&f->unit_set[s], c);
            mu_hex_set_remove(&f->cav_set[s], c);
            mu_hex_set_remove(&f->leader_set[s], c);
            mu_hex_set_remove(&f->lone_set[s], c);
            mu_hex_set_remove(&f->lone_cav_set[s], c);
        }
        int u = f->unit_at[c], l = f->leader_at[c];
        if (u >= 0) {
            mu_hex_set_add(&f->unit_set[f->units[u].side], c);
            if (f->units[u].type == CCA_CAVALRY)
                mu_hex_set_add(&f->cav_set[f->units[u].side], c);
        }
        if (l >= 0) {
            const cca_leader *ld = &f->leaders[l];
            mu_hex_set_add(&f->leader_set[ld->side], c);
            if (ld->unit < 0)
                mu_hex_set_add(&f->lone_set[ld->side], c);
            if (ld->unit < 0 && ld->type == CCA_CAVALRY)
                mu_hex_set_add(&f->lone_cav_set[ld->side], c);
        }
    }
}

int cca_field_add_unit(cca_field *f, int cell, int side, cca_type type, cca_rank rank)
{
    assert(f->n_units < CCA_MAX_UNITS && f->unit_at[cell] < 0);
    int u = f->n_units++;
    f->units[u] = (cca_unit){.cell = (int16_t)cell, .side = (uint8_t)side, .type = (uint8_t)type,
                             .rank = (uint8_t)rank, .leader = -1};
    f->unit_at[cell] = (int8_t)u;
    int l = f->leader_at[cell];
    if (l >= 0) {
        assert(f->leaders[l].side == side);
        f->leaders[l].unit = (int8_t)u;
        f->units[u].leader = (int8_t)l;
    }
    cca_field_sync(f);
    return u;
}

int cca_field_add_leader(cca_field *f, int cell, int side, cca_type type)
{
    assert(f->n_leaders < CCA_MAX_LEADERS && f->leader_at[cell] < 0);
    int l = f->n_leaders++;
    f->leaders[l] = (cca_leader){.cell = (int16_t)cell, .side = (uint8_t)side, .type = (uint8_t)type, .unit = -1};
    f->leader_at[cell] = (int8_t)l;
    int u = f->unit_at[cell];
    if (u >= 0) {
        assert(f->units[u].side == side && f->units[u].leader < 0);
        f->units[u].leader = (int8_t)l;
        f->leaders[l].unit = (int8_t)u;
    }
    cca_field_sync(f);
    return l;
}

int cca_unit_adjacent_enemy(const cca_board *b, const cca_field *f, int u)
{
    const cca_unit *un = &f->units[u];
    if (un->cell < 0)
        return 0;
    if (b->grid.words <= 2) { /* its neighbours' set against the enemy units' */
        const uint64_t *nb = b->grid.nb_bits[un->cell];
        const mu_hex_set *en = &f->unit_set[1 - un->side];
        return ((nb[0] & en->w[0]) | (nb[1] & en->w[1])) != 0;
    }
    for (int d = 0; d < MU_HEX_DIRS; d++) {
        int n = b->grid.nb[un->cell][d];
        if (n >= 0 && f->unit_at[n] >= 0 && f->units[f->unit_at[n]].side != un->side)
            return 1;
    }
    return 0;
}

/* RULE cca.move.one-per-hex cca.leader.one-per-hex */
int cca_field_valid(const cca_board *b, const cca_field *f)
{
    int units_seen = 0, leaders_seen = 0;
    for (int c = 0; c < b->grid.n_cells; c++) {
        int u = f->unit_at[c], l = f->leader_at[c];
        if ((u >= 0 || l >= 0) && b->kind[c] != CCA_CELL_HEX)
            return 0;
        if (u >= 0 && (u >= f->n_units || f->units[u].cell != c))
            return 0;
        if (l >= 0 && (l >= f->n_leaders || f->leaders[l].cell != c))
            return 0;
        if (u >= 0 && l >= 0 && (f->units[u].leader != l || f->leaders[l].unit != u))
            return 0;
        if (l >= 0 && u < 0 && f->leaders[l].unit != -1)
            return 0;
        units_seen += u >= 0, leaders_seen += l >= 0;
    }
    int on = 0;
    for (int u = 0; u < f->n_units; u++) {
        on += f->units[u].cell >= 0;
        if (f->units[u].cell < 0 && f->units[u].leader >= 0)
            return 0;
        if (f->units[u].cell >= 0 && f->unit_at[f->units[u].cell] != u)
            return 0;
    }
    if (on != units_seen)
        return 0;
    cca_field again = *f;
    cca_field_sync(&again);
    if (memcmp(again.unit_set, f->unit_set, sizeof f->unit_set) != 0 ||
        memcmp(again.cav_set, f->cav_set, sizeof f->cav_set) != 0 ||
        memcmp(again.leader_set, f->leader_set, sizeof f->leader_set) != 0 ||
        memcmp(again.lone_set, f->lone_set, sizeof f->lone_set) != 0 ||
        memcmp(again.lone_cav_set, f->lone_cav_set, sizeof f->lone_cav_set) != 0)
        return 0;
    on = 0;
    for (int l = 0; l < f->n_leaders; l++) {
        on += f->leaders[l].cell >= 0;
        if (f->leaders[l].cell < 0 && f->leaders[l].unit >= 0)
            return 0;
    }
    return on == leaders_seen;
}
