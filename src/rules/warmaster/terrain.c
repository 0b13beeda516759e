/* Terrain kinds: what each does, and who may enter it
 * (warmaster-movement.adoc, "Terrain", "Fortifications and buildings";
 * warmaster-command "Dense terrain"). Readings in CLAUSES.md. */
#include "warmaster/wm_battlefield.h"

#include <assert.h>
#include <string.h>

/* dense: "Typical dense terrain features are woods, built-up areas and
 * broken or marshy ground". blocks_sight: "terrain other than low features
 * such as low obstacles, rivers/streams etc." blocks; we read fords,
 * bridges, fields, marsh and barriers (a canyon, a lake) as low too, and
 * hills (open or steep) as blocking sight across them. */
static const wm_terrain_info kinds[WM_TERRAIN_COUNT] = {
    [WM_OPEN_HILL] = {"open_hill", 0, 1},
    [WM_STEEP_HILL] = {"steep_hill", 0, 1},
    [WM_WOOD] = {"wood", 1, 1},
    [WM_RIVER] = {"river", 0, 0},
    [WM_FORD] = {"ford", 0, 0},
    [WM_BRIDGE] = {"bridge", 0, 0},
    [WM_FIELD] = {"field", 0, 0},
    [WM_LOW_OBSTACLE] = {"low_obstacle", 0, 0},
    [WM_BUILT_UP] = {"built_up", 1, 1},
    [WM_MARSH] = {"marsh", 1, 0},
    [WM_FORTIFIED] = {"fortified", 0, 1},
    [WM_HIGH_WALL] = {"high_wall", 0, 1},
    [WM_BARRIER] = {"barrier", 0, 0},
    [WM_OTHER_FEATURE] = {"other_feature", 0, 1},
};

/* RULE wm.terrain.dense */
const wm_terrain_info *wm_terrain_get(wm_terrain kind)
{
    assert(kind >= 0 && kind < WM_TERRAIN_COUNT);
    return &kinds[kind];
}

wm_terrain wm_terrain_from_name(const char *name)
{
    for (int k = 0; k < WM_TERRAIN_COUNT; k++)
        if (name && strcmp(name, kinds[k].name) == 0)
            return (wm_terrain)k;
    return WM_TERRAIN_COUNT;
}

#define BIT(k) (1u << (k))

/* Kinds each ground troop type may enter, from "Terrain":
 * - infantry: "can move into or over terrain features" except a barrier
 *   "to all troops, including infantry" and high walls, towers and large
 *   buildings, which "block movement" (siege assaults are out of scope);
 * - cavalry and monsters: "hills, bridges, shallow fordable rivers, grown
 *   fields and low obstacles", hills being open ones only ("steep, rock
 *   strewn or wooded hills are … impenetrable to all units except
 *   infantry");
 * - chariots and artillery: "hills and bridges"; machines "in the same way
 *   as chariots";
 * - fortified positions: infantry only (reading: "Chariots and artillery
 *   cannot move into or over terrain features … except for hills and
 *   bridges" outranks the initiative text's "Enemy infantry or artillery
 *   in fortified positions", which our games cannot set up: deployment
 *   uses the same access, so artillery is never placed in one). */
static const unsigned access[WM_TROOP_COUNT] = {
    [WM_INFANTRY] = ~(BIT(WM_HIGH_WALL) | BIT(WM_BARRIER)),
    [WM_CAVALRY] = BIT(WM_OPEN_HILL) | BIT(WM_BRIDGE) | BIT(WM_FORD) | BIT(WM_FIELD) |
                      BIT(WM_LOW_OBSTACLE),
    [WM_MONSTERS] = BIT(WM_OPEN_HILL) | BIT(WM_BRIDGE) | BIT(WM_FORD) | BIT(WM_FIELD) |
                       BIT(WM_LOW_OBSTACLE),
    [WM_CHARIOTS] = BIT(WM_OPEN_HILL) | BIT(WM_BRIDGE),
    [WM_ARTILLERY] = BIT(WM_OPEN_HILL) | BIT(WM_BRIDGE),
    [WM_MACHINES] = BIT(WM_OPEN_HILL) | BIT(WM_BRIDGE),
    [WM_CHARACTER] = ~(BIT(WM_HIGH_WALL) | BIT(WM_BARRIER)),
};

/* RULE wm.terrain.infantry wm.terrain.cavalry-monsters wm.terrain.chariots-artillery
 * RULE wm.terrain.other-feature wm.terrain.hills wm.terrain.barrier wm.terrain.high-walls */
int wm_can_enter(wm_troop troop, wm_terrain kind)
{
    assert(troop >= 0 && troop < WM_TROOP_COUNT);
    assert(kind >= 0 && kind < WM_TERRAIN_COUNT);
    return (access[troop] & BIT(kind)) != 0;
}

/* RULE wm.character.terrain */
wm_troop wm_terrain_troop(const wm_unit *u)
{
    if (u->profile.troop != WM_CHARACTER)
        return u->profile.troop;
    if (u->profile.flags & WM_MONSTROUS_MOUNT)
        return WM_MONSTERS;
    if (u->profile.flags & WM_CHARIOT_MOUNT)
        return WM_CHARIOTS;
    return WM_INFANTRY;
}

/* RULE wm.pace.flying wm.terrain.flying-exception */
int wm_unit_can_enter(const wm_unit *u, wm_terrain kind)
{
    if (u->profile.flags & WM_FLYING || (u->profile.rules.may_enter >> kind & 1u)) /* RULE wm.armylist.may-enter */
        return 1;
    return wm_can_enter(wm_terrain_troop(u), kind);
}
