/* Formations and move allowances (warmaster-movement.adoc, "Formation &
 * Movement"). The precise definitions are in wm_formation.h. */
#include "warmaster/wm_formation.h"

#include <assert.h>
#include <stddef.h>

#define EPS MU_GEOM_EPS_MM

enum { FL, FR, BR, BL }; /* mu_orect_corners order */

static int same_point(mu_vec2 a, mu_vec2 b)
{
    return mu_v2_dist(a, b) <= EPS;
}

int wm_stands_touch(const mu_orect *a, const mu_orect *b)
{
    return mu_orect_distance(a, b, NULL, NULL) <= 0.0 && !mu_orect_overlap(a, b);
}

/* RULE wm.formation.touching */
int wm_in_formation(const mu_orect *s, int n)
{
    if (n <= 0)
        return 0;
    for (int i = 0; i < n; i++) {
        int touches = n == 1;
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            if (mu_orect_overlap(&s[i], &s[j]))
                return 0;
            touches = touches || mu_orect_distance(&s[i], &s[j], NULL, NULL) <= 0.0;
        }
        if (!touches)
            return 0;
    }
    return 1;
}

/* RULE wm.formation.touching */
int wm_stands_connected(const mu_orect *s, int n)
{
    assert(n >= 1 && n <= WM_MAX_STANDS);
    unsigned reached = 1u, grew = 1;
    while (grew) {
        grew = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if ((reached & (1u << i)) && !(reached & (1u << j)) && wm_stands_touch(&s[i], &s[j])) {
                    reached |= 1u << j;
                    grew = 1;
                }
    }
    return reached == (1u << n) - 1u;
}

/* Stands in order left to right (as the first stand faces), each sharing
 * its whole right side edge with the next one's left side edge. */
/* RULE wm.formation.line */
static int is_line(const mu_orect *s, int n)
{
    mu_vec2 right = mu_v2_scale(mu_v2_perp(mu_v2_unit(s[0].facing)), -1.0);
    int order[WM_MAX_STANDS];
    for (int i = 0; i < n; i++) {
        int j = i;
        double key = mu_v2_dot(s[i].center, right);
        for (; j > 0 && mu_v2_dot(s[order[j - 1]].center, right) > key; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (int k = 0; k + 1 < n; k++) {
        mu_vec2 a[4], b[4];
        mu_orect_corners(&s[order[k]], a);
        mu_orect_corners(&s[order[k + 1]], b);
        if (!same_point(a[FR], b[FL]) || !same_point(a[BR], b[BL]))
            return 0;
    }
    return 1;
}

/* Returns non-zero when b is directly behind a (see wm_formation.h). */
static int behind(const mu_orect *a, const mu_orect *b)
{
    mu_vec2 ca[4], cb[4];
    mu_orect_corners(a, ca);
    mu_orect_corners(b, cb);
    int left = same_point(cb[FL], ca[BL]), right = same_point(cb[FR], ca[BR]);
    if (left && right)
        return 1;
    if (!left && !right)
        return 0;
    /* turned less than a right angle (cos > 1e-9, past rounding) */
    return mu_v2_dot(mu_v2_unit(a->facing), mu_v2_unit(b->facing)) > 1e-9 && !mu_orect_overlap(a, b);
}

/* One chain head to tail through the "directly behind" relation. */
/* RULE wm.formation.column */
static int is_column(const mu_orect *s, int n)
{
    int next[WM_MAX_STANDS], has_prev[WM_MAX_STANDS] = {0};
    for (int i = 0; i < n; i++) {
        next[i] = -1;
        for (int j = 0; j < n; j++) {
            if (j == i || !behind(&s[i], &s[j]))
                continue;
            if (next[i] >= 0 || has_prev[j])
                return 0; /* a fork: two stands behind one, or one behind two */
            next[i] = j;
            has_prev[j] = 1;
        }
    }
    int head = -1;
    for (int i = 0; i < n; i++)
        if (!has_prev[i]) {
            if (head >= 0)
                return 0;
            head = i;
        }
    int count = 0;
    for (int i = head; i >= 0 && count <= n; i = next[i])
        count++;
    return head >= 0 && count == n;
}

/* RULE wm.formation.column wm.formation.line */
wm_formation wm_classify_formation(const mu_orect *s, int n)
{
    assert(n >= 0 && n <= WM_MAX_STANDS);
    if (!wm_in_formation(s, n))
        return WM_NOT_IN_FORMATION;
    if (is_line(s, n))
        return WM_LINE;
    if (is_column(s, n))
        return WM_COLUMN;
    return WM_IRREGULAR;
}

int wm_formation_regular(wm_formation f)
{
    return f == WM_LINE || f == WM_COLUMN;
}

const char *wm_formation_name(wm_formation f)
{
    switch (f) {
    case WM_LINE: return "line";
    case WM_COLUMN: return "column";
    case WM_IRREGULAR: return "irregular";
    case WM_NOT_IN_FORMATION: break;
    }
    return "not in formation";
}

/* RULE wm.pace.maximum wm.formation.charge-evade-full-pace wm.formation.fortified-half-pace
 * RULE wm.formation.irregular-half-pace wm.formation.dice-distance wm.character.terrain */
double wm_move_allowance_mm(const wm_battlefield *bf, const wm_unit *u, wm_move_kind kind,
                               double rolled_mm)
{
    const wm_profile *p = &u->profile;
    switch (kind) {
    case WM_MOVE_DICE:
        return rolled_mm;
    case WM_MOVE_CHARGE:
    case WM_MOVE_EVADE:
        return p->full_pace_mm;
    case WM_MOVE_HALF_PACE:
        return wm_is_character(u) ? p->full_pace_mm : p->half_pace_mm;
    case WM_MOVE_ORDERED:
        break;
    }
    if (wm_is_character(u))
        return p->full_pace_mm; /* "Characters can always move at full pace" */
    if (wm_unit_fortified(bf, u))
        return p->half_pace_mm;
    return wm_formation_regular(wm_classify_formation(u->stand, u->n_stands)) ? p->full_pace_mm
                                                                                      : p->half_pace_mm;
}

void wm_place_line(mu_orect *out, int n, mu_vec2 front_mid, mu_vec2 facing, double width_mm,
                      double depth_mm)
{
    mu_vec2 f = mu_v2_unit(facing), right = mu_v2_scale(mu_v2_perp(f), -1.0);
    for (int i = 0; i < n; i++) {
        double off = (i - (n - 1) / 2.0) * width_mm;
        out[i] = mu_orect_from_front(mu_v2_add(front_mid, mu_v2_scale(right, off)), f, width_mm, depth_mm);
    }
}

void wm_place_column(mu_orect *out, int n, mu_vec2 front_mid, mu_vec2 facing, double width_mm,
                        double depth_mm)
{
    mu_vec2 f = mu_v2_unit(facing);
    for (int i = 0; i < n; i++)
        out[i] = mu_orect_from_front(mu_v2_sub(front_mid, mu_v2_scale(f, i * depth_mm)), f, width_mm, depth_mm);
}
