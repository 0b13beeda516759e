/* The cca ruleset's output: its layout (per-game columns, count tables,
 * their axes) and a finished game's row and counts. All integers, so the
 * totals are the same for any thread count. */
#include "ruleset_internal.h"

#include <string.h>

static const mu_column cca_columns[] = {
    MU_COLUMN(cca_row, arm, "1", "arm index (see /cca/arm)", -1),
    MU_COLUMN(cca_row, turns_played, "1", "game turns played (each side one card a turn)", -1),
    MU_COLUMN(cca_row, cards, "1", "command cards played, by side and the player's section", AX_GAME_SS),
    MU_COLUMN(cca_row, orders_issued, "1", "units the cards played ordered, by side and section", AX_GAME_SS),
    MU_COLUMN(cca_row, orders_used, "1", "orders given to units or leaders, by side and section", AX_GAME_SS),
    MU_COLUMN(cca_row, units_moved, "1", "unit moves (a unit moving with its leader counts once)", AX_GAME_SIDE),
    MU_COLUMN(cca_row, unit_hexes, "hex", "hexes moved by units", AX_GAME_SIDE),
    MU_COLUMN(cca_row, leader_hexes, "hex", "hexes moved by leaders on their own", AX_GAME_SIDE),
    MU_COLUMN(cca_row, triangle_battle, "1", "triangle infantry moves of 1 hex (may battle)", AX_GAME_SIDE),
    MU_COLUMN(cca_row, triangle_dash, "1", "triangle infantry moves of 2 hexes (no battle)", AX_GAME_SIDE),
    MU_COLUMN(cca_row, leader_joins, "1", "a unit joining a lone leader or a leader joining a unit", AX_GAME_SIDE),
    MU_COLUMN(cca_row, leader_splits, "1", "leaders ordered to split from their unit", AX_GAME_SIDE),
    MU_COLUMN(cca_row, leader_escapes, "1", "leaders who left by their baseline", AX_GAME_SIDE),
    MU_COLUMN(cca_row, units_exited, "1", "units that left by a baseline (battle notes)", AX_GAME_SIDE),
    MU_COLUMN(cca_row, able_to_battle, "1", "ordered units next to an enemy unit that may battle", AX_GAME_SIDE),
    MU_COLUMN(cca_row, first_adjacency, "turn",
              "game turn of the first move that left a unit next to an enemy unit (0: at deployment; -1: never)",
              -1),
    MU_COLUMN(cca_row, first_section, "1",
              "board section of that unit, sides[0]'s view (0 left, 1 centre, 2 right; a line hex is centre; -1: "
              "never)",
              -1),
    MU_COLUMN(cca_row, first_side, "1", "side whose move made the first adjacency (-1: deployment or never)", -1),
};

void cca_build_layout(const cca_ctx *c, uint64_t games, mu_layout *l)
{
    static const char *const uses[] = {"issued", "used"};
    static const char *const choices[] = {"1 hex and battle", "2 hexes, no battle"};
    static const char *const events[] = {"join", "split", "escape"};
    static const char *const sections[] = {"left", "centre", "right"};
    static const char *const contact[] = {"left", "centre", "right", "never"};
    const cca_study *st = &c->study;
    const char *arms[MU_MAX_ARMS], *sides[2] = {st->side_names[0], st->side_names[1]};
    char ss_buf[6][MU_NAME_MAX + 8];
    const char *ss[6];
    for (int i = 0; i < st->n_arms; i++)
        arms[i] = st->arms[i].label;
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 3; k++) {
            snprintf(ss_buf[s * 3 + k], sizeof ss_buf[0], "%s %s", st->side_names[s], sections[k]);
            ss[s * 3 + k] = ss_buf[s * 3 + k];
        }
    memset(l, 0, sizeof *l);
    const char *const G = "games", *const C = "cca";
    mu_layout_add_axis(l, G, "game", "1", "game index", (int)(games > 0x7fffffff ? 0x7fffffff : games), 0);
    mu_layout_add_label_axis(l, G, "side", "side (scenario order)", 2, sides);
    mu_layout_add_label_axis(l, G, "side_section", "side and the player's own section", 6, ss);
    mu_layout_add_label_axis(l, C, "arm", "arm: a pairing of policies (policies entry)", st->n_arms, arms);
    mu_layout_add_label_axis(l, C, "side", "side (scenario order)", 2, sides);
    mu_layout_add_label_axis(l, C, "section", "the player's own section", 3, sections);
    mu_layout_add_label_axis(l, C, "use", "orders the card gave, orders given", 2, uses);
    mu_layout_add_label_axis(l, C, "choice", "triangle infantry's move", 2, choices);
    mu_layout_add_label_axis(l, C, "event", "leader event", 3, events);
    mu_layout_add_label_axis(l, C, "contact_section", "board section of the first adjacency (sides[0]'s view)", 4,
                             contact);
    mu_layout_add_axis(l, C, "turn", "turn", "game turn of the first adjacency (0: deployment; last: never)",
                       st->turns + 2, 0);
    mu_layout_add_columns(l, cca_columns, (int)(sizeof cca_columns / sizeof cca_columns[0]));
    mu_layout_add_table(l, C, "games", "1", "games played", 1, (const int[]){AX_ARM});
    mu_layout_add_table(l, C, "orders", "1", "orders by side, section and use", 4,
                        (const int[]){AX_ARM, AX_SIDE, AX_SECTION, AX_USE});
    mu_layout_add_table(l, C, "cards", "1", "cards played by side and section", 3,
                        (const int[]){AX_ARM, AX_SIDE, AX_SECTION});
    mu_layout_add_table(l, C, "triangle", "1", "triangle infantry moves by choice", 3,
                        (const int[]){AX_ARM, AX_SIDE, AX_CHOICE});
    mu_layout_add_table(l, C, "leaders", "1", "leader joins, splits and escapes", 3,
                        (const int[]){AX_ARM, AX_SIDE, AX_EVENT});
    int first = mu_layout_add_table(l, C, "first_contact", "1", "games by the section of the first adjacency", 2,
                                      (const int[]){AX_ARM, AX_CONTACT});
    /* the rate the report shows: where the first adjacency happens */
    mu_layout_add_rate(l, "first adjacency's section", first, MU_RATE_SHARE, 0x3u);
    mu_layout_add_table(l, C, "first_adjacency", "1", "games by the turn of the first adjacency", 2,
                        (const int[]){AX_ARM, AX_TURN});
}

static cca_row row_of(const cca_game *g)
{
    const cca_tally *t = &g->tally;
    cca_row row = {.arm = (uint8_t)g->arm, .turns_played = (uint8_t)g->turn, .first_adjacency = t->first_adjacency,
                   .first_section = t->first_section, .first_side = t->first_side};
    for (int s = 0; s < 2; s++) {
        for (int k = 0; k < 3; k++) {
            row.cards[s * 3 + k] = (int16_t)t->cards[s][k];
            row.orders_issued[s * 3 + k] = (int16_t)t->orders_issued[s][k];
            row.orders_used[s * 3 + k] = (int16_t)t->orders_used[s][k];
        }
        row.units_moved[s] = (int16_t)t->units_moved[s];
        row.unit_hexes[s] = (int16_t)t->unit_hexes[s];
        row.leader_hexes[s] = (int16_t)t->leader_hexes[s];
        row.triangle_battle[s] = (int16_t)t->triangle_battle[s];
        row.triangle_dash[s] = (int16_t)t->triangle_dash[s];
        row.leader_joins[s] = (int16_t)t->joins[s];
        row.leader_splits[s] = (int16_t)t->splits[s];
        row.leader_escapes[s] = (int16_t)t->escapes[s];
        row.units_exited[s] = (int16_t)t->units_exited[s];
        row.able_to_battle[s] = (int16_t)t->able_to_battle[s];
    }
    return row;
}

void cca_record(const void *ctx, const void *state, mu_sink *sink)
{
    const cca_ctx *c = ctx;
    const cca_game *g = state;
    const cca_tally *t = &g->tally;
    if (sink->columns) {
        cca_row row = row_of(g);
        mu_row_write(&c->rows, &row, sink->columns, sink->row);
    }
    size_t a = (size_t)g->arm;
    sink->tables[TAB_GAMES][a]++;
    for (size_t s = 0; s < 2; s++) {
        for (size_t k = 0; k < 3; k++) {
            sink->tables[TAB_ORDERS][((a * 2 + s) * 3 + k) * 2 + 0] += t->orders_issued[s][k];
            sink->tables[TAB_ORDERS][((a * 2 + s) * 3 + k) * 2 + 1] += t->orders_used[s][k];
            sink->tables[TAB_CARDS][(a * 2 + s) * 3 + k] += t->cards[s][k];
        }
        sink->tables[TAB_TRIANGLE][(a * 2 + s) * 2 + 0] += t->triangle_battle[s];
        sink->tables[TAB_TRIANGLE][(a * 2 + s) * 2 + 1] += t->triangle_dash[s];
        sink->tables[TAB_LEADERS][(a * 2 + s) * 3 + 0] += t->joins[s];
        sink->tables[TAB_LEADERS][(a * 2 + s) * 3 + 1] += t->splits[s];
        sink->tables[TAB_LEADERS][(a * 2 + s) * 3 + 2] += t->escapes[s];
    }
    sink->tables[TAB_FIRST_CONTACT][a * 4 + (size_t)(t->first_section < 0 ? 3 : t->first_section)]++;
    size_t turns = (size_t)c->study.turns + 2;
    sink->tables[TAB_FIRST_ADJ][a * turns + (size_t)(t->first_adjacency < 0 ? (int)turns - 1 : t->first_adjacency)]++;
}
