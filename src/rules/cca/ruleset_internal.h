/* Internals of the cca ruleset (ruleset.c: the game; ruleset_record.c:
 * layout and recording). Not a public header. */
#ifndef MUSTER_CCA_RULESET_INTERNAL_H
#define MUSTER_CCA_RULESET_INTERNAL_H

#include "cca/cca_game.h"
#include "muster/layout.h"

/* One game's row in /games (columns declared in ruleset_record.c). Per
 * side x section arrays are [side * 3 + section], sections the player's. */
typedef struct cca_row {
    uint8_t arm;
    uint8_t turns_played;
    int16_t cards[6];
    int16_t orders_issued[6];
    int16_t orders_used[6];
    int16_t units_moved[2];
    int16_t unit_hexes[2];
    int16_t leader_hexes[2];
    int16_t triangle_battle[2];
    int16_t triangle_dash[2];
    int16_t leader_joins[2];
    int16_t leader_splits[2];
    int16_t leader_escapes[2];
    int16_t units_exited[2];
    int16_t able_to_battle[2];
    int16_t first_adjacency;
    int8_t first_section;
    int8_t first_side;
} cca_row;

enum { TAB_GAMES, TAB_ORDERS, TAB_CARDS, TAB_TRIANGLE, TAB_LEADERS, TAB_FIRST_CONTACT, TAB_FIRST_ADJ, N_TABS };

enum {
    AX_GAME, AX_GAME_SIDE, AX_GAME_SS, AX_ARM, AX_SIDE, AX_SECTION, AX_USE, AX_CHOICE, AX_EVENT, AX_CONTACT,
    AX_TURN, N_AXES
};

/* The read-only run context. */
typedef struct cca_ctx {
    cca_study study;
    uint64_t seed;
    uint64_t arms;     /* game g is game g / arms of arm g % arms */
    mu_row_writer rows;
} cca_ctx;

/* Fills *l for c (axis 0: games, the run's total). */
void cca_build_layout(const cca_ctx *c, uint64_t games, mu_layout *l);

/* The ruleset's record: the game's row and its counts. */
void cca_record(const void *ctx, const void *state, mu_sink *sink);

#endif
