/* Precision targets: Wilson intervals of a layout's rates and the check
 * points (muster/precision.h). */
#include "muster/precision.h"

#include "muster/alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double mu_wilson_half_width(uint64_t events, uint64_t trials)
{
    double n = (double)trials, p = (double)events / n, z2 = MU_PRECISION_Z * MU_PRECISION_Z;
    return MU_PRECISION_Z / (1.0 + z2 / n) * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
}

/* Where a table cell goes among a rate's kept cells: the flat index over
 * the kept axes (row-major, as the table). */
static size_t kept_index(const mu_layout *l, const mu_table *t, unsigned keep, size_t cell)
{
    size_t idx = 0, stride = 1;
    for (int d = t->rank - 1; d >= 0; d--) {
        size_t len = (size_t)l->axes[t->axes[d]].length, i = cell % len;
        cell /= len;
        if (keep >> d & 1u) {
            idx += i * stride;
            stride *= len;
        }
    }
    return idx;
}

/* Writes "name (axis=value, ...)" of kept cell k of rate r into out. */
static void cell_label(const mu_layout *l, const mu_rate *r, size_t k, char *out, size_t len)
{
    const mu_table *t = &l->tables[r->table];
    char parts[MU_TABLE_MAX_RANK][96];
    for (int d = t->rank - 1; d >= 0; d--) {
        if (!(r->keep >> d & 1u))
            continue;
        const mu_axis *a = &l->axes[t->axes[d]];
        size_t i = k % (size_t)a->length;
        k /= (size_t)a->length;
        if (a->labels)
            snprintf(parts[d], sizeof parts[d], "%s=%s", a->name, a->labels[i]);
        else
            snprintf(parts[d], sizeof parts[d], "%s=%lld", a->name, (long long)a->first_value + (long long)i);
    }
    size_t at = (size_t)snprintf(out, len, "%s (", r->name);
    const char *sep = "";
    for (int d = 0; d < t->rank && at < len; d++)
        if (r->keep >> d & 1u) {
            at += (size_t)snprintf(out + at, len - at, "%s%s", sep, parts[d]);
            sep = ", ";
        }
    if (at < len)
        snprintf(out + at, len - at, ")");
}

/* The kept cells of rate r: events[k] and trials[k] (kept_cells each). */
static void rate_sums(const mu_layout *l, const mu_rate *r, const uint64_t *const *tables, uint64_t *events,
                      uint64_t *trials, size_t kept_cells)
{
    const mu_table *t = &l->tables[r->table];
    size_t cells = mu_table_cells(l, r->table);
    memset(events, 0, kept_cells * sizeof *events);
    memset(trials, 0, kept_cells * sizeof *trials);
    for (size_t c = 0; c < cells; c++)
        events[kept_index(l, t, r->keep, c)] += tables[r->table][c];
    if (r->denominator == MU_RATE_SHARE) { /* the sum over the last axis */
        size_t last = (size_t)l->axes[t->axes[t->rank - 1]].length;
        for (size_t k = 0; k < kept_cells; k += last) {
            uint64_t sum = 0;
            for (size_t i = 0; i < last; i++)
                sum += events[k + i];
            for (size_t i = 0; i < last; i++)
                trials[k + i] = sum;
        }
        return;
    }
    const mu_table *d = &l->tables[r->denominator];
    if (d->rank == t->rank) { /* the same axes: summed alike */
        for (size_t c = 0; c < cells; c++)
            trials[kept_index(l, t, r->keep, c)] += tables[r->denominator][c];
        return;
    }
    /* the first axes of the table, all kept: the kept index runs over
     * them first, so its leading part is the denominator's cell */
    size_t inner = kept_cells / mu_table_cells(l, r->denominator);
    for (size_t k = 0; k < kept_cells; k++)
        trials[k] = tables[r->denominator][k / inner];
}

size_t mu_precision_widest(const mu_layout *l, const uint64_t *const *tables, mu_rate_cell *widest)
{
    memset(widest, 0, sizeof *widest);
    widest->rate = -1;
    size_t with_trials = 0;
    for (int ri = 0; ri < l->n_rates; ri++) {
        const mu_rate *r = &l->rates[ri];
        const mu_table *t = &l->tables[r->table];
        size_t kept_cells = 1;
        for (int d = 0; d < t->rank; d++)
            if (r->keep >> d & 1u)
                kept_cells *= (size_t)l->axes[t->axes[d]].length;
        uint64_t *events = mu_xcalloc(kept_cells, sizeof *events), *trials = mu_xcalloc(kept_cells, sizeof *trials);
        rate_sums(l, r, tables, events, trials, kept_cells);
        for (size_t k = 0; k < kept_cells; k++) {
            if (trials[k] == 0)
                continue;
            with_trials++;
            double hw = mu_wilson_half_width(events[k], trials[k]);
            if (widest->rate < 0 || hw > widest->half_width) {
                *widest = (mu_rate_cell){.rate = ri, .events = events[k], .trials = trials[k], .half_width = hw};
                cell_label(l, r, k, widest->label, sizeof widest->label);
            }
        }
        free(events);
        free(trials);
    }
    return with_trials;
}

uint64_t mu_precision_next_check(uint64_t games, uint64_t arms, uint64_t cap)
{
    uint64_t m = MU_PRECISION_FIRST;
    while (arms * m <= games && arms * m < cap)
        m += (m + 3) / 4;
    return arms * m < cap ? arms * m : cap;
}

int mu_precision_is_check(uint64_t games, uint64_t arms, uint64_t cap)
{
    return games > 0 && mu_precision_next_check(games - 1, arms, cap) == games;
}
