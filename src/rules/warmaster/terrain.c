/* Terrain kinds: what each does, and who may enter it
 * (warmaster-movement.adoc, "Terrain", "Fortifications and buildings";
 * warmaster-command "Dense terrain"). Readings in CLAUSES.md. */
#include "muster/wm_battlefield.h"

#include <assert.h>
#include <string.h>

/* dense: "Typical dense terrain features are woods, built-up areas and
 * broken or marshy ground". blocks_sight: "terrain other than low features
 * such as low obstacles, rivers/streams etc." blocks; we read fords,
 * bridges, fields, marsh and barriers (a canyon, a lake) as low too, and
 * hills (open or steep) as blocking sight across them. */
static const mu_wm_terrain_info kinds[MU_WM_TERRAIN_COUNT] = {
    [MU_WM_OPEN_HILL] = {"open_hill", 0, 1},
    [MU_WM_STEEP_HILL] = {"steep_hill", 0, 1},
    [MU_WM_WOOD] = {"wood", 1, 1},
    [MU_WM_RIVER] = {"river", 0, 0},
    [MU_WM_FORD] = {"ford", 0, 0},
    [MU_WM_BRIDGE] = {"bridge", 0, 0},
    [MU_WM_FIELD] = {"field", 0, 0},
    [MU_WM_LOW_OBSTACLE] = {"low_obstacle", 0, 0},
    [MU_WM_BUILT_UP] = {"built_up", 1, 1},
    [MU_WM_MARSH] = {"marsh", 1, 0},
    [MU_WM_FORTIFIED] = {"fortified", 0, 1},
    [MU_WM_HIGH_WALL] = {"high_wall", 0, 1},
    [MU_WM_BARRIER] = {"barrier", 0, 0},
    [MU_WM_OTHER_FEATURE] = {"other_feature", 0, 1},
};

const mu_wm_terrain_info *mu_wm_terrain_get(mu_wm_terrain kind)
{
    assert(kind >= 0 && kind < MU_WM_TERRAIN_COUNT);
    return &kinds[kind];
}

mu_wm_terrain mu_wm_terrain_from_name(const char *name)
{
    for (int k = 0; k < MU_WM_TERRAIN_COUNT; k++)
        if (name && strcmp(name, kinds[k].name) == 0)
            return (mu_wm_terrain)k;
    return MU_WM_TERRAIN_COUNT;
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
 * - fortified positions: infantry and artillery (reading: the text speaks
 *   of "Enemy infantry or artillery in fortified positions"; for other
 *   troops a fortification is "any other feature", a barrier). */
static const unsigned access[MU_WM_TROOP_COUNT] = {
    [MU_WM_INFANTRY] = ~(BIT(MU_WM_HIGH_WALL) | BIT(MU_WM_BARRIER)),
    [MU_WM_CAVALRY] = BIT(MU_WM_OPEN_HILL) | BIT(MU_WM_BRIDGE) | BIT(MU_WM_FORD) | BIT(MU_WM_FIELD) |
                      BIT(MU_WM_LOW_OBSTACLE),
    [MU_WM_MONSTERS] = BIT(MU_WM_OPEN_HILL) | BIT(MU_WM_BRIDGE) | BIT(MU_WM_FORD) | BIT(MU_WM_FIELD) |
                       BIT(MU_WM_LOW_OBSTACLE),
    [MU_WM_CHARIOTS] = BIT(MU_WM_OPEN_HILL) | BIT(MU_WM_BRIDGE),
    [MU_WM_ARTILLERY] = BIT(MU_WM_OPEN_HILL) | BIT(MU_WM_BRIDGE) | BIT(MU_WM_FORTIFIED),
    [MU_WM_MACHINES] = BIT(MU_WM_OPEN_HILL) | BIT(MU_WM_BRIDGE),
    [MU_WM_CHARACTER] = ~(BIT(MU_WM_HIGH_WALL) | BIT(MU_WM_BARRIER)),
};

int mu_wm_can_enter(mu_wm_troop troop, mu_wm_terrain kind)
{
    assert(troop >= 0 && troop < MU_WM_TROOP_COUNT);
    assert(kind >= 0 && kind < MU_WM_TERRAIN_COUNT);
    return (access[troop] & BIT(kind)) != 0;
}

mu_wm_troop mu_wm_terrain_troop(const mu_wm_unit *u)
{
    if (u->profile.troop != MU_WM_CHARACTER)
        return u->profile.troop;
    if (u->profile.flags & MU_WM_MONSTROUS_MOUNT)
        return MU_WM_MONSTERS;
    if (u->profile.flags & MU_WM_CHARIOT_MOUNT)
        return MU_WM_CHARIOTS;
    return MU_WM_INFANTRY;
}

int mu_wm_unit_can_enter(const mu_wm_unit *u, mu_wm_terrain kind)
{
    if (u->profile.flags & MU_WM_FLYING)
        return 1;
    return mu_wm_can_enter(mu_wm_terrain_troop(u), kind);
}
