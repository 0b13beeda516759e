/* Order-drill policies: the plan of who orders what, in which sequence. */
#include "warmaster/policy/wm_drill_policy.h"

#include <string.h>

/* Fills order[] with character indices in the policy's sequence. */
static int character_sequence(const wm_drill_study *s, wm_drill_policy_kind kind, int *order)
{
    int n = 0;
    if (kind == WM_DRILL_AS_LISTED) {
        for (int c = 0; c < s->n_characters; c++)
            order[n++] = c;
        return n;
    }
    if (kind == WM_DRILL_GENERAL_FIRST)
        order[n++] = s->general;
    for (int c = 0; c < s->n_characters; c++)
        if (c != s->general)
            order[n++] = c;
    if (kind != WM_DRILL_GENERAL_FIRST)
        order[n++] = s->general;
    return n;
}

/* The groups character c plans to order, in listed order: single units,
 * or whole brigades (placed where their first unit is listed). */
static int groups_of(const wm_drill_study *s, int c, int use_brigades, uint32_t *groups)
{
    int n = 0;
    uint32_t taken = 0;
    for (int u = 0; u < s->n_units; u++) {
        if (s->units[u].ordered_by != c || (taken & (1u << u)))
            continue;
        uint32_t g = 1u << u;
        if (use_brigades && s->units[u].brigade >= 0)
            for (int v = u + 1; v < s->n_units; v++)
                if (s->units[v].brigade == s->units[u].brigade)
                    g |= 1u << v;
        taken |= g;
        groups[n++] = g;
    }
    return n;
}

static double group_distance(const wm_drill_study *s, int c, uint32_t g)
{
    double d = 0.0;
    for (int u = 0; u < s->n_units; u++)
        if ((g & (1u << u)) && s->units[u].distance_mm[c] > d)
            d = s->units[u].distance_mm[c];
    return d;
}

/* Stable insertion sort of groups by distance from character c. */
static void sort_nearest_first(const wm_drill_study *s, int c, uint32_t *groups, int n)
{
    for (int i = 1; i < n; i++) {
        uint32_t g = groups[i];
        double d = group_distance(s, c, g);
        int j = i;
        for (; j > 0 && group_distance(s, c, groups[j - 1]) > d; j--)
            groups[j] = groups[j - 1];
        groups[j] = g;
    }
}

void wm_drill_plan_build(const wm_drill_study *s, const wm_drill_policy *p, wm_drill_plan *plan)
{
    int order[WM_DRILL_MAX_CHARACTERS];
    int n_chars = character_sequence(s, p->kind, order);
    memset(plan, 0, sizeof *plan);
    for (int i = 0; i < n_chars; i++) {
        uint32_t groups[WM_DRILL_MAX_UNITS];
        int n = groups_of(s, order[i], p->use_brigades, groups);
        if (p->kind == WM_DRILL_NEAREST_FIRST)
            sort_nearest_first(s, order[i], groups, n);
        for (int k = 0; k < n; k++) {
            wm_drill_step *st = &plan->steps[plan->n_steps++];
            st->character = (uint8_t)order[i];
            st->orders = (uint8_t)p->orders_per_unit;
            st->group = groups[k];
        }
    }
}
