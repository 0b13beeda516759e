/* The names army-list entries give each other (armylist_raw.h): resolved
 * once every unit and mount is converted, so an entry may name a later
 * one. */
#include "armylist_raw.h"

#include <stdio.h>
#include <string.h>

/* What a name may refer to. */
typedef enum ref_kind { REF_UNIT, REF_CHARACTER, REF_ANY } ref_kind;

/* Resolves names[0..n) into a mask of unit indices of l; each must name
 * a unit of kind want other than self. `where` is the key's path
 * ("units[3].requires"). Returns 0, or -1 with c's error. */
static int names_mask(yc_conv *c, const wm_army_list *l, const char *where, wm_raw_name *names, unsigned n,
                      ref_kind want, int self, uint64_t *out)
{
    *out = 0;
    for (unsigned k = 0; k < n; k++) {
        int u = wm_list_unit_index(l, names[k]);
        int ch = u >= 0 && l->unit[u].troop == WM_CHARACTER;
        if (u < 0)
            return yc_fail(yc_at(c, "%s[%u]", where, k), "'%s' names no unit of this list", names[k]);
        if (u == self)
            return yc_fail(yc_at(c, "%s[%u]", where, k), "an entry cannot name itself ('%s')", names[k]);
        if ((want == REF_UNIT && ch) || (want == REF_CHARACTER && !ch))
            return yc_fail(yc_at(c, "%s[%u]", where, k), "'%s' is %s, not %s", names[k],
                           ch ? "a character" : "a unit", want == REF_UNIT ? "a unit" : "a character");
        *out |= UINT64_C(1) << u;
    }
    return 0;
}

/* RULE wm.armylist.counts-toward */
static int counts_toward(yc_conv *c, const struct raw_unit *r, int i, wm_army_list *l)
{
    wm_list_unit *u = &l->unit[i];
    u->counts_toward = -1;
    if (r->counts_toward == NULL) {
        if (r->counts_toward_per_1000 != NULL)
            return yc_fail(yc_at(c, "units[%d].counts_toward_per_1000", i),
                           "counts_toward_per_1000 needs counts_toward: the unit whose minimum it counts to");
        return 0;
    }
    int k = wm_list_unit_index(l, r->counts_toward);
    if (k < 0 || k == i || u->troop == WM_CHARACTER || l->unit[k].troop == WM_CHARACTER)
        return yc_fail(yc_at(c, "units[%d].counts_toward", i),
                       k < 0    ? "counts_toward names no unit of this list: '%s'"
                       : k == i ? "a unit cannot count toward its own minimum ('%s')"
                                : "counts_toward is for units, not characters ('%s')",
                       r->counts_toward);
    u->counts_toward = k;
    u->counts_toward_per_1000 = r->counts_toward_per_1000 ? *r->counts_toward_per_1000 : 1;
    return 0;
}

/* A stand added to another unit (adds_to): added to units only (that
 * they are not added stands themselves is checked once all are known). */
/* RULE wm.armylist.added-stands */
static int added_stands(yc_conv *c, const struct raw_unit *r, int i, wm_army_list *l)
{
    char where[48];
    wm_list_unit *u = &l->unit[i];
    snprintf(where, sizeof where, "units[%d].adds_to", i);
    if (names_mask(c, l, where, r->adds_to, r->adds_to_count, REF_UNIT, i, &u->adds_to) != 0)
        return -1;
    if (u->adds_to && u->troop == WM_CHARACTER)
        return yc_fail(yc_at(c, "%s", where), "a character is not a stand added to a unit");
    if (u->adds_to && u->counts_toward >= 0)
        return yc_fail(yc_at(c, "%s", where), "an added stand does not count toward another unit's minimum");
    return 0;
}

/* The names the options of unit entry i give (wm_unit_rules masks). */
/* RULE wm.armylist.modifier-conditions wm.armylist.ordered-by wm.armylist.brigade-with */
static int rule_masks(yc_conv *c, const struct raw_unit *r, int i, wm_army_list *l)
{
    wm_unit_rules *u = &l->unit[i].rules;
    const struct {
        const char *key;
        wm_raw_name *names;
        unsigned n;
        ref_kind kind;
        int self; /* the entry that may not name itself, -1: it may */
        uint64_t *out;
    } keys[] = {
        {"command_modifier_from", r->command_modifier_from, r->command_modifier_from_count, REF_CHARACTER, i,
         &u->modifier_from},
        {"command_modifier_waived_by", r->command_modifier_waived_by, r->command_modifier_waived_by_count, REF_UNIT,
         i, &u->modifier_waived_by},
        {"ordered_by", r->ordered_by, r->ordered_by_count, REF_CHARACTER, i, &u->ordered_by},
        {"order_modifier_except", r->order_modifier_except, r->order_modifier_except_count, REF_UNIT, i,
         &u->order_modifier_except},
        {"brigade_not_with", r->brigade_not_with, r->brigade_not_with_count, REF_UNIT, i, &u->brigade_not_with},
        {"brigade_not_with_unless", r->brigade_not_with_unless, r->brigade_not_with_unless_count, REF_UNIT, i,
         &u->brigade_not_with_unless},
        /* "only with other units of Cold One Knights": it may name itself */
        {"brigade_with", r->brigade_with, r->brigade_with_count, REF_UNIT, -1, &u->brigade_with},
        {"command_aura_friend_characters", r->command_aura_friend_characters, r->command_aura_friend_characters_count,
         REF_CHARACTER, -1, &u->aura_friend_characters},
        {"shares_rules_with_touching", r->shares_rules_with_touching, r->shares_rules_with_touching_count, REF_UNIT,
         i, &u->shares_with_touching},
        {"guidance_characters", r->guidance_characters, r->guidance_characters_count, REF_CHARACTER, i,
         &u->guidance_characters},
        {"infiltrate_group_at_most", r->infiltrate_group_at_most, r->infiltrate_group_at_most_count, REF_UNIT, i,
         &u->infiltrate_group_at_most},
    };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        char where[64];
        snprintf(where, sizeof where, "units[%d].%s", i, keys[k].key);
        if (names_mask(c, l, where, keys[k].names, keys[k].n, keys[k].kind, keys[k].self, keys[k].out) != 0)
            return -1;
    }
    return 0;
}

/* RULE wm.armylist.riders */
int wm_armylist_resolve(yc_conv *c, const struct raw_list *r, wm_army_list *l)
{
    char where[48];
    for (int i = 0; i < l->n_units; i++) {
        const struct raw_unit *ru = &r->units[i];
        wm_list_unit *u = &l->unit[i];
        if (counts_toward(c, ru, i, l) != 0 || added_stands(c, ru, i, l) != 0)
            return -1;
        snprintf(where, sizeof where, "units[%d].shares_max_with", i);
        if (names_mask(c, l, where, ru->shares_max_with, ru->shares_max_with_count, REF_ANY, i,
                       &u->shares_max_with) != 0)
            return -1;
        if (u->shares_max_with && u->limit.max == WM_UNLIMITED)
            return yc_fail(yc_at(c, "%s", where), "shares_max_with needs a max to share");
        snprintf(where, sizeof where, "units[%d].requires", i);
        if (names_mask(c, l, where, ru->requires, ru->requires_count, REF_ANY, i, &u->requires) != 0)
            return -1;
        if (rule_masks(c, ru, i, l) != 0)
            return -1;
    }
    for (int i = 0; i < l->n_units; i++) /* after every adds_to is known */
        if (l->unit[i].adds_to)
            for (int k = 0; k < l->n_units; k++)
                if ((l->unit[i].adds_to >> k & 1u) && l->unit[k].adds_to)
                    return yc_fail(yc_at(c, "units[%d].adds_to", i), "'%s' is itself a stand added to other units",
                                   l->unit[k].name);
    /* RULE wm.armylist.brigade-size */
    if (r->army_rules && names_mask(c, l, "army_rules.large_brigade_needs", r->army_rules->large_brigade_needs,
                                    r->army_rules->large_brigade_needs_count, REF_UNIT, -1,
                                    &l->army_rules.large_needs) != 0)
        return -1;
    for (int i = 0; i < l->n_mounts; i++) {
        const struct raw_mount *rm = &r->mounts[i];
        snprintf(where, sizeof where, "mounts[%d].riders", i);
        if (names_mask(c, l, where, rm->riders, rm->riders_count, REF_CHARACTER, -1, &l->mount[i].riders) != 0)
            return -1;
        snprintf(where, sizeof where, "mounts[%d].requires", i);
        if (names_mask(c, l, where, rm->requires, rm->requires_count, REF_UNIT, -1, &l->mount[i].requires) != 0)
            return -1;
        snprintf(where, sizeof where, "mounts[%d].cannot_order", i);
        if (names_mask(c, l, where, rm->cannot_order, rm->cannot_order_count, REF_UNIT, -1,
                       &l->mount[i].cannot_order) != 0)
            return -1;
    }
    return 0;
}
