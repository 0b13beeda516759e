/* One game of Commands & Colors movement: the position, the cards, what
 * has happened (the tally), and a player's turn: a card played, the
 * pieces of its section ordered and moved one at a time by the side's
 * policy through the rules. Combat is outside our text: a unit next to an
 * enemy unit after its order is counted as able to battle. */
#ifndef MUSTER_CCA_GAME_H
#define MUSTER_CCA_GAME_H

#include "cca/cca_study.h"
#include "muster/ruleset.h"

/* Counts of one game, per side where it says [2]. Sections are the
 * player's own (cca_section). */
typedef struct cca_tally {
    uint16_t cards[2][CCA_SECTIONS];          /* cards played */
    uint16_t orders_issued[2][CCA_SECTIONS];  /* units the cards ordered */
    uint16_t orders_used[2][CCA_SECTIONS];    /* orders given to pieces */
    uint16_t units_moved[2], unit_hexes[2], leader_hexes[2];
    uint16_t triangle_battle[2]; /* triangle infantry moved 1 hex (may battle) */
    uint16_t triangle_dash[2];   /* triangle infantry moved 2 hexes (no battle) */
    uint16_t joins[2], splits[2], escapes[2], units_exited[2];
    uint16_t able_to_battle[2];  /* ordered units next to an enemy that may battle */
    int16_t first_adjacency;     /* game turn of the first unit next to an enemy; 0: at deployment; -1 never */
    int8_t first_section;        /* its board section (sides[0]'s view; a line hex: centre); -1 never */
    int8_t first_side;           /* the side whose move made it; -1 deployment or never */
} cca_tally;

/* The enemy distances a side's scripted policy looked at in its last turn
 * (cca_enemy_distance_sets), kept while the enemy's units stand where they
 * stood then: they depend on nothing else. */
typedef struct cca_seen_enemy {
    int valid;
    mu_hex_set units; /* the enemy units' cells they were worked out from */
    uint8_t dist[CCA_MAX_CELLS];
    cca_enemy_near near;
} cca_seen_enemy;

typedef struct cca_game {
    cca_field field;
    cca_cards cards;
    cca_tally tally;
    mu_rng policy_rng;
    uint32_t leaders_ordered; /* this turn: leaders ordered with their unit */
    int arm;
    int turn;  /* game turns played */
    int over;
    cca_seen_enemy seen[2]; /* per side; last, so that cca_game_clear need not zero it */
} cca_game;

/* Zeroes g and empties its kept enemy distances (without writing them:
 * they are large). */
void cca_game_clear(cca_game *g);

/* Starts game g of arm `arm` of study st: the deployment, cards dealt
 * from dice, policy generator rng. */
void cca_game_start(const cca_study *st, int arm, mu_rng rng, mu_dice *dice, cca_game *g);

/* Plays side's turn of game turn g->turn + 1: its policy picks a card,
 * orders and moves; the card is replaced from the deck. Each card, order
 * and move is traced to sink (names from st). */
void cca_game_side_turn(const cca_study *st, cca_game *g, int side, mu_dice *dice, mu_sink *sink);

/* Prints the battlefield as text, one line per row, to sink->trace. */
void cca_trace_board(const cca_study *st, const cca_field *f, const mu_sink *sink);

/* Prints one line to sink->trace that says what cca_trace_board's
 * characters mean: the pieces by side and the terrain kinds by number,
 * with st's names. */
void cca_trace_board_key(const cca_study *st, const mu_sink *sink);

#endif
