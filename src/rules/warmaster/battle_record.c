/* The warmaster-battle output: the layout (per-game columns in /games,
 * count tables in /battle, their axes) and each game's record. Armies are
 * indexed as listed in the experiment (armies[0], armies[1]), whatever
 * table side an arm put them on. */
#include "battle_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(N_TABS <= MU_LAYOUT_MAX_TABLES, "too many tables");
_Static_assert(N_AXES <= MU_LAYOUT_MAX_AXES, "too many axes");

static void add_axis(mu_layout *l, const char *group, const char *name, const char *long_name, int length,
                     int first_value)
{
    mu_layout_add_axis(l, group, name, "1", long_name, length, first_value);
}

static void add_label_axis(mu_layout *l, const char *group, const char *name, const char *long_name, int length,
                           const char *const *names)
{
    mu_layout_add_label_axis(l, group, name, long_name, length, names);
}

static int add_table(mu_layout *l, const char *name, const char *long_name, int rank, const int *axes)
{
    return mu_layout_add_table(l, "battle", name, "1", long_name, rank, axes);
}

/* The per-game columns (/games), in dataset order; each is the field of
 * wb_row of its name. Every column is a plain count or index (units "1"). */
static const mu_column wb_columns[] = {
    MU_COLUMN(wb_row, arm, "1", "arm index (see /battle/arm)", -1),
    MU_COLUMN(wb_row, swapped, "1", "armies[0] deployed on the scenario's second side (1: yes)", -1),
    MU_COLUMN(wb_row, first, "1", "army whose Command phase came first", -1),
    MU_COLUMN(wb_row, turns, "1", "game turns played", -1),
    MU_COLUMN(wb_row, end_reason, "1", "why the game ended (see /battle/reason)", -1),
    MU_COLUMN(wb_row, winner, "1", "winning army, -1 a draw", -1),
    MU_COLUMN(wb_row, first_charge, "1", "army that charged first, -1 none", -1),
    MU_COLUMN(wb_row, points, "1", "victory points at the end", AX_GAME_ARMY),
    MU_COLUMN(wb_row, zones_held, "1", "objective zones held at the end", AX_GAME_ARMY),
    MU_COLUMN(wb_row, enemy_edge_units, "1", "units that reached the enemy's table edge", AX_GAME_ARMY),
    MU_COLUMN(wb_row, orders_attempted, "1", "order rolls made", AX_GAME_ARMY),
    MU_COLUMN(wb_row, orders_given, "1", "orders given (successful rolls)", AX_GAME_ARMY),
    MU_COLUMN(wb_row, orders_failed, "1", "order rolls failed", AX_GAME_ARMY),
    MU_COLUMN(wb_row, blunders, "1", "order rolls of 12 (blunders)", AX_GAME_ARMY),
    MU_COLUMN(wb_row, half_pace_moves, "1", "groups moving half pace after a failed first order", AX_GAME_ARMY),
    MU_COLUMN(wb_row, brigade_orders, "1", "order rolls for brigades of two or more units", AX_GAME_ARMY),
    MU_COLUMN(wb_row, general_failure_ended, "1",
              "Command phases where the General's failure stopped other characters", AX_GAME_ARMY),
    MU_COLUMN(wb_row, initiative_charges, "1", "charges by initiative", AX_GAME_ARMY),
    MU_COLUMN(wb_row, initiative_evades, "1", "evades by initiative", AX_GAME_ARMY),
    MU_COLUMN(wb_row, initiative_impossible, "1",
              "initiative charges or evades chosen that the rules did not allow", AX_GAME_ARMY),
    MU_COLUMN(wb_row, burst_throughs, "1", "friendly units this army's evaders burst through", AX_GAME_ARMY),
    MU_COLUMN(wb_row, confused, "1", "this army's units confused", AX_GAME_ARMY),
    MU_COLUMN(wb_row, charges, "1", "moves ending in contact with the enemy (charges)", AX_GAME_ARMY),
    MU_COLUMN(wb_row, engaged_units, "1", "units engaged at the end", AX_GAME_ARMY),
    MU_COLUMN(wb_row, first_contact_turn, "1", "turn of the army's first charge (0: none)", AX_GAME_ARMY),
    MU_COLUMN(wb_row, off_table, "1", "units that left the table", AX_GAME_ARMY),
    MU_COLUMN(wb_row, off_destroyed, "1", "units that left the table and were destroyed", AX_GAME_ARMY),
    MU_COLUMN(wb_row, off_returned, "1", "units that left the table and came back", AX_GAME_ARMY),
    MU_COLUMN(wb_row, removed_engaged, "1", "units removed because engaged (scenario engaged: removed)",
              AX_GAME_ARMY),
    MU_COLUMN(wb_row, orderable_unit_turns, "1",
              "unit-turns a unit could have been ordered (at the start of the Orders sub-phase: on the table, free,"
              " not moved by initiative, some character needing 2 or more)", AX_GAME_ARMY),
    MU_COLUMN(wb_row, unmoved_unit_turns, "1",
              "of the orderable unit-turns, those where the unit ended the Orders sub-phase where it began",
              AX_GAME_ARMY),
    MU_COLUMN(wb_row, units_never_moved, "1",
              "units (characters aside) on the table at the end standing exactly as deployed (every stand's place "
              "and facing): units that never moved", AX_GAME_ARMY),
    MU_COLUMN(wb_row, character_orders_attempted, "1", "order rolls made by each character", AX_GAME_CHAR),
    MU_COLUMN(wb_row, character_orders_given, "1", "orders given by each character", AX_GAME_CHAR),
    MU_COLUMN(wb_row, character_blunders, "1", "blunders by each character", AX_GAME_CHAR),
};

static void add_axes(const wb_ctx *c, uint64_t games, mu_layout *l)
{
    const wm_battle_study *st = c->st;
    const char *armies[2] = {st->battle.army[0].name, st->battle.army[1].name};
    char buf[WM_MAX_UNITS][2 * WB_NAME_MAX];
    const char *labels[WM_MAX_UNITS];
    add_axis(l, "games", "game", "game index", (int)(games > 0x7fffffff ? 0x7fffffff : games), 0);
    add_label_axis(l, "games", "army", "army (as listed in the experiment)", 2, armies);
    /* a fixed number of slots an army, so that the axis does not depend on
     * the army (a sweep may change it); slots without a character stay 0 */
    _Static_assert(2 * WM_GAME_SIDE_CHARS <= WM_MAX_UNITS, "character slots");
    for (int a = 0; a < 2; a++) {
        int k = 0;
        for (int u = 0; u < st->battle.bf.n_units; u++)
            if (st->battle.roster[u].side == a && wm_is_character(&st->battle.bf.unit[u])) {
                snprintf(buf[c->char_base[a] + k], sizeof buf[0], "%s: %s", armies[a], c->dep[0].names[u]);
                k++;
            }
        for (; k < WM_GAME_SIDE_CHARS; k++)
            snprintf(buf[c->char_base[a] + k], sizeof buf[0], "%s: (no character %d)", armies[a], k + 1);
    }
    for (int i = 0; i < 2 * WM_GAME_SIDE_CHARS; i++)
        labels[i] = buf[i];
    add_label_axis(l, "games", "character", "character slot (army: name, as deployed; an army's unused slots "
                   "are '(no character N)', always 0)", 2 * WM_GAME_SIDE_CHARS, labels);
    const char *arms[WM_BATTLE_MAX_ARMS];
    for (int i = 0; i < st->n_arms; i++)
        arms[i] = st->arms[i].label;
    add_label_axis(l, "battle", "arm", "arm: the policies' pairing and sides", st->n_arms, arms);
    add_label_axis(l, "battle", "army", "army (as listed in the experiment)", 2, armies);
    const char *outcomes[] = {"win", "draw", "loss"}, *reasons[] = {"turn limit", "general left"};
    add_label_axis(l, "battle", "outcome", "the army's result", N_OUTCOMES, outcomes);
    add_label_axis(l, "battle", "reason", "why the game ended", 2, reasons);
    for (int i = 0; i < 2 * st->n_arms; i++) {
        snprintf(buf[i], sizeof buf[i], "%s | %s", arms[i / 2], armies[i % 2]);
        labels[i] = buf[i];
    }
    add_label_axis(l, "battle", "player", "arm | army (index arm * 2 + army)", 2 * st->n_arms, labels);
    l->axes[AX_PLAYER].per_arm = 2;
    add_axis(l, "battle", "command", "character's Command value", WB_N_COMMAND, WB_COMMAND_MIN);
    add_axis(l, "battle", "penalty", "Command penalty without the order-number penalty (last bin: this or more)",
             WB_PENALTY_MAX + 1, 0);
    add_axis(l, "battle", "order_number", "order number for the unit this turn", 3, 1);
    add_axis(l, "battle", "turn", "game turn (0: never)", st->battle.scenario.turns + 1, 0);
    const char *fates[] = {"destroyed", "back at once", "back later", "still off"};
    add_label_axis(l, "battle", "fate", "fate of a unit that left the table", N_FATES, fates);
    const char *zones[WM_MAX_OBJECTIVES] = {"(no zones)"};
    for (int z = 0; z < st->battle.scenario.n_objectives; z++)
        zones[z] = st->battle.scenario.objective[z].name;
    add_label_axis(l, "battle", "zone", "objective zone", c->n_zones, zones);
    const char *actions[] = {"charge", "evade", "declined", "charge impossible", "evade impossible"};
    add_label_axis(l, "battle", "action", "initiative choice and outcome", N_ACTIONS, actions);
    const char *unit_turns[] = {"orderable", "unmoved"};
    add_label_axis(l, "battle", "unit_turns", "orderable unit-turns, and those left unmoved (see /games columns)",
                   N_UNIT_TURNS, unit_turns);
}

void wb_build_layout(const wb_ctx *c, uint64_t games, mu_layout *l)
{
    memset(l, 0, sizeof *l);
    l->games_per_chunk = 512; /* ~30 games/s per core: a batch, a checkpoint, every 10-20 s */
    add_axes(c, games, l);
    mu_layout_add_columns(l, wb_columns, (int)(sizeof wb_columns / sizeof wb_columns[0]));

    const int arm1[] = {AX_ARM}, res[] = {AX_ARM, AX_ARMY, AX_OUTCOME}, end[] = {AX_ARM, AX_REASON};
    const int cmd4[] = {AX_PLAYER, AX_COMMAND, AX_PENALTY, AX_ORDER}, fc[] = {AX_ARM, AX_ARMY, AX_TURN};
    const int off[] = {AX_ARM, AX_ARMY, AX_FATE}, zones[] = {AX_ARM, AX_ZONE, AX_ARMY};
    const int init[] = {AX_ARM, AX_ARMY, AX_ACTION}, unmoved[] = {AX_ARM, AX_ARMY, AX_UNIT_TURNS};
    int games_t = add_table(l, "games", "games played", 1, arm1);
    int results = add_table(l, "results", "games by the army's result", 3, res);
    add_table(l, "end_reasons", "games by why they ended", 2, end);
    int attempts = add_table(l, "attempts", "order rolls made", 4, cmd4);
    int successes = add_table(l, "successes", "orders given", 4, cmd4);
    add_table(l, "blunders", "order rolls of 12 (blunders)", 4, cmd4);
    add_table(l, "first_contact", "games by the turn of the army's first charge", 3, fc);
    add_table(l, "off_table", "units that left the table, by fate at the end", 3, off);
    int held = add_table(l, "zones", "games where the army held the zone at the end", 3, zones);
    int initiative = add_table(l, "initiative", "initiative choices by outcome", 3, init);
    add_table(l, "unmoved", "unit-turns a unit could have been ordered, and those it did not move", 3, unmoved);
    /* the rates the report shows: results by arm and army, zones held,
     * initiative choices, order success by player and Command */
    mu_layout_add_rate(l, "result", results, MU_RATE_SHARE, 0x7u);
    mu_layout_add_rate(l, "zone held", held, games_t, 0x7u);
    mu_layout_add_rate(l, "initiative choice", initiative, MU_RATE_SHARE, 0x7u);
    mu_layout_add_rate(l, "order success", successes, attempts, 0x3u);
}

void wb_count_roll(const wb_ctx *c, const wb_state *s, int army, int command, int situational,
                   const mu_order_roll *roll, mu_sink *sink)
{
    (void)c;
    int cmd = command < WB_COMMAND_MIN ? WB_COMMAND_MIN : command > 12 ? 12 : command;
    int pen = situational > WB_PENALTY_MAX ? WB_PENALTY_MAX : situational < 0 ? 0 : situational;
    size_t player = (size_t)s->arm * 2u + (size_t)army;
    size_t cell = ((player * WB_N_COMMAND + (size_t)(cmd - WB_COMMAND_MIN)) * (WB_PENALTY_MAX + 1) + (size_t)pen) * 3u +
                  (size_t)(roll->order_number - 1);
    sink->tables[TAB_ATTEMPTS][cell]++;
    sink->tables[TAB_SUCCESSES][cell] += (uint64_t)roll->success;
    sink->tables[TAB_BLUNDERS][cell] += (uint64_t)roll->blunder;
}

/* The finished game's row: armies as listed (table side = army ^ swap). */
static wb_row row_of(const wb_ctx *c, const wb_state *s)
{
    const wm_game *g = &s->game;
    int sw = s->swap;
    wb_row row = {
        .arm = (uint16_t)s->arm,
        .swapped = (uint8_t)sw,
        .first = (uint8_t)(g->first < 0 ? 0 : g->first ^ sw),
        .turns = (uint8_t)g->turn,
        .end_reason = (uint8_t)(g->end == WM_END_GENERAL_LEFT),
        .winner = (int8_t)(g->winner < 0 ? -1 : g->winner ^ sw),
        .first_charge = (int8_t)(g->first_charge < 0 ? -1 : g->first_charge ^ sw),
    };
    for (int a = 0; a < 2; a++) {
        int side = a ^ sw;
        const wm_side_stats *st = &g->stats[side];
        int engaged = 0, edge = 0, never_moved = 0;
        for (int u = 0; u < g->bf.n_units; u++) {
            const wm_unit *un = &g->bf.unit[u];
            if (un->side == side && un->presence == WM_ON_TABLE && wm_unit_engaged(un))
                engaged++;
            if (un->side == side && (g->reached_edge >> u & 1u))
                edge++;
            if (un->side == side && !wm_is_character(un) && wm_unit_stands_as(un, &c->dep[sw].bf->unit[u]))
                never_moved++;
        }
        row.points[a] = (int16_t)g->points[side];
        row.zones_held[a] = (int16_t)g->zones_held[side];
        row.enemy_edge_units[a] = (int16_t)edge;
        row.orders_attempted[a] = (int16_t)st->orders_attempted;
        row.orders_given[a] = (int16_t)st->orders_given;
        row.orders_failed[a] = (int16_t)st->orders_failed;
        row.blunders[a] = (int16_t)st->blunders;
        row.half_pace_moves[a] = (int16_t)st->half_pace;
        row.brigade_orders[a] = (int16_t)st->brigade_orders;
        row.general_failure_ended[a] = (int16_t)st->general_ended;
        row.initiative_charges[a] = (int16_t)st->init_charges;
        row.initiative_evades[a] = (int16_t)st->init_evades;
        row.initiative_impossible[a] = (int16_t)(st->init_charge_failed + st->init_evade_failed);
        row.burst_throughs[a] = (int16_t)st->burst_throughs;
        row.confused[a] = (int16_t)st->confused;
        row.charges[a] = (int16_t)st->charges;
        row.engaged_units[a] = (int16_t)engaged;
        row.first_contact_turn[a] = (int16_t)st->first_contact_turn;
        row.off_table[a] = (int16_t)st->off_left;
        row.off_destroyed[a] = (int16_t)st->off_destroyed;
        row.off_returned[a] = (int16_t)(st->off_back_at_once + st->off_back_later);
        row.removed_engaged[a] = (int16_t)st->removed_engaged;
        row.orderable_unit_turns[a] = (int16_t)st->orderable_unit_turns;
        row.unmoved_unit_turns[a] = (int16_t)st->unmoved_unit_turns;
        row.units_never_moved[a] = (int16_t)never_moved;
        for (int k = 0; k < c->n_chars[a]; k++) {
            int i = c->char_base[a] + k;
            row.character_orders_attempted[i] = (int16_t)st->char_attempted[k];
            row.character_orders_given[i] = (int16_t)st->char_given[k];
            row.character_blunders[i] = (int16_t)st->char_blunders[k];
        }
    }
    return row;
}

void wb_record(const void *ctx, const void *state, mu_sink *sink)
{
    const wb_ctx *c = ctx;
    const wb_state *s = state;
    const wm_game *g = &s->game;
    size_t arm = (size_t)s->arm, turns = (size_t)c->st->battle.scenario.turns + 1;
    if (sink->columns) {
        wb_row row = row_of(c, s);
        mu_row_write(&c->rows, &row, sink->columns, sink->row);
    }
    sink->tables[TAB_GAMES][arm]++;
    sink->tables[TAB_END][arm * 2u + (g->end == WM_END_GENERAL_LEFT)]++;
    for (int a = 0; a < 2; a++) {
        int side = a ^ s->swap;
        const wm_side_stats *st = &g->stats[side];
        size_t pa = arm * 2u + (size_t)a;
        int outcome = g->winner < 0 ? OUT_DRAW : g->winner == side ? OUT_WIN : OUT_LOSS;
        sink->tables[TAB_RESULTS][pa * N_OUTCOMES + (size_t)outcome]++;
        sink->tables[TAB_FIRST_CONTACT][pa * turns + st->first_contact_turn]++;
        uint64_t *off = &sink->tables[TAB_OFF][pa * N_FATES];
        off[FATE_DESTROYED] += st->off_destroyed;
        off[FATE_BACK_AT_ONCE] += st->off_back_at_once;
        off[FATE_BACK_LATER] += st->off_back_later;
        off[FATE_STILL_OFF] += (uint64_t)(st->off_left - st->off_destroyed - st->off_back_at_once - st->off_back_later);
        uint64_t *ini = &sink->tables[TAB_INITIATIVE][pa * N_ACTIONS];
        ini[ACT_CHARGE] += st->init_charges;
        ini[ACT_EVADE] += st->init_evades;
        ini[ACT_DECLINED] += st->init_declined;
        ini[ACT_CHARGE_IMPOSSIBLE] += st->init_charge_failed;
        ini[ACT_EVADE_IMPOSSIBLE] += st->init_evade_failed;
        sink->tables[TAB_UNMOVED][pa * N_UNIT_TURNS + UT_ORDERABLE] += st->orderable_unit_turns;
        sink->tables[TAB_UNMOVED][pa * N_UNIT_TURNS + UT_UNMOVED] += st->unmoved_unit_turns;
    }
    for (int z = 0; z < c->st->battle.scenario.n_objectives; z++)
        if (g->zone_holder[z] >= 0)
            sink->tables[TAB_ZONES][(arm * (size_t)c->n_zones + (size_t)z) * 2u + (size_t)(g->zone_holder[z] ^ s->swap)]++;
}
