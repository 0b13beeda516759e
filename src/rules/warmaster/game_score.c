/* The end of a game: objectives and victory by the scenario's rules
 * (warmaster/wm_scenario.h: zones held at the end, the first charge, units
 * that reached the enemy's table edge; the win margin; a General who
 * left the table loses the battle). */
#include "wm_game_int.h"

/* Returns non-zero when a unit (not a character) of side on the table
 * has a stand at least partly in zone z. */
static int side_in_zone(const wm_game *g, int side, int z)
{
    const wm_feature *area = &g->sc->objective[z].area;
    for (int u = 0; u < g->bf.n_units; u++) {
        const wm_unit *un = &g->bf.unit[u];
        if (un->side != side || un->presence != WM_ON_TABLE || wm_is_character(un))
            continue;
        for (int i = 0; i < un->n_stands; i++)
            if (wm_orect_in_feature(area, &un->stand[i]) != WM_OUT)
                return 1;
    }
    return 0;
}

/* RULE wm.game.objectives */
void wm_game_finish(wm_game *g)
{
    const wm_scenario *sc = g->sc;
    g->points[0] = g->points[1] = 0;
    g->zones_held[0] = g->zones_held[1] = 0;
    for (int z = 0; z < sc->n_objectives; z++) {
        int in0 = side_in_zone(g, 0, z), in1 = side_in_zone(g, 1, z);
        g->zone_holder[z] = (int8_t)(in0 && !in1 ? 0 : in1 && !in0 ? 1 : -1);
        if (g->zone_holder[z] >= 0) {
            g->points[g->zone_holder[z]] += sc->objective[z].points;
            g->zones_held[g->zone_holder[z]]++;
        }
    }
    if (g->first_charge >= 0)
        g->points[g->first_charge] += sc->first_charge_points;
    for (uint64_t r = g->reached_edge; r; r &= r - 1) {
        const wm_unit *un = &g->bf.unit[__builtin_ctzll(r)];
        g->points[un->side] += sc->enemy_edge_points;
    }
    if (g->end == WM_END_GENERAL_LEFT && sc->general_leaving_loses) {
        g->winner = 1 - g->general_left_side; /* "his army withdraws" */
        return;
    }
    int lead = g->points[0] - g->points[1];
    g->winner = lead >= sc->win_margin ? 0 : -lead >= sc->win_margin ? 1 : -1;
}
