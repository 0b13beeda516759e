/* Policies: the decisions of a Commands & Colors player. Each turn a
 * policy picks a card from its hand, then, one order at a time, which
 * piece of the card's section to order and where it goes; it asks the
 * rules (cca_move.h) for every piece's reach and picks from it, so it
 * makes legal moves only. A policy moves a piece when moving serves its
 * aim; it orders a unit next to an enemy to stay and battle.
 *
 *   advance  moves units towards the nearest enemy, on the card of the
 *            enemy's weakest section (weakest: true) or the card that
 *            orders most units; triangle infantry moves 1 and battles
 *            when that reaches an enemy, else 2 (dash: true) or 1
 *   hold     keeps units on a line `line` rows from its baseline and
 *            plays the card of the section where the enemy is closest
 *   protect  first saves lone leaders within `danger` hexes of an enemy
 *            (join a unit, else leave by the baseline if escape: true,
 *            else step away), then advances, never taking a unit with a
 *            leader next to an enemy
 *   random   a card uniformly from its hand; each order uniformly among
 *            every (piece, destination) of the section that moves */
#ifndef MUSTER_CCA_POLICY_H
#define MUSTER_CCA_POLICY_H

#include "cca/cca_cards.h"
#include "cca/cca_move.h"
#include "muster/rng.h"

typedef enum cca_policy_kind { CCA_ADVANCE, CCA_HOLD, CCA_PROTECT, CCA_RANDOM, CCA_POLICIES } cca_policy_kind;

typedef struct cca_policy_spec {
    cca_policy_kind kind;
    int weakest; /* advance, protect: play for the enemy's weakest section */
    int dash;    /* advance, protect: triangle infantry may move 2 and not battle */
    int line;    /* hold: rows from its baseline row to hold (0: the baseline row) */
    int danger;  /* protect: a lone leader this close to an enemy unit is threatened */
    int escape;  /* protect: a threatened leader with no unit to join leaves by the baseline */
} cca_policy_spec;

/* Returns the defaults of a policy kind. */
cca_policy_spec cca_policy_defaults(cca_policy_kind kind);

/* Returns the name of a policy kind ("advance", ...). */
const char *cca_policy_name(cca_policy_kind kind);

/* The ordering piece: a unit (with its leader) or a leader on his own. */
typedef struct cca_order {
    int leader; /* 0: unit `piece`; 1: leader `piece` */
    int piece;
    int dest;   /* a cell, CCA_EXIT, or CCA_STAY: ordered, does not move (to battle) */
    int hexes;  /* the fewest hexes to dest in the piece's reach (cca_reach's hexes or
                 * exit_hexes) as the field stands when ordered; 0 with CCA_STAY */
} cca_order;

#define CCA_STAY (-3)

/* A turn's memo of each piece's best move under a scripted policy (or
 * its count of moves under random), so that a piece no move made since
 * came near is not searched again: a piece's reach looks only at some of
 * the hexes within its allowance, so its memo holds until a piece leaves
 * or enters one of them (cca_policy_memo_moved; the enemy distances are
 * fixed for the turn): the hexes its search looked at when the entry was
 * made from its reach as sets (cca_reach_sets), else every hex within its
 * allowance. Pieces are numbered as in random's counts: unit u is u,
 * leader l is n_units + l. valid and moves_valid are zeroed at the start
 * of each turn. Orders are the same with and without it. */
typedef struct cca_policy_memo {
    uint64_t valid;                 /* bit k: value[k], dest[k], hexes[k] hold */
    int32_t value[CCA_MAX_UNITS + CCA_MAX_LEADERS]; /* a unit's best move's score, a leader's best join's (0: none) */
    int16_t dest[CCA_MAX_UNITS + CCA_MAX_LEADERS];
    int8_t hexes[CCA_MAX_UNITS + CCA_MAX_LEADERS];  /* the fewest hexes to dest[k] */
    uint64_t moves_valid;           /* random: bit k: moves[k] holds */
    int16_t moves[CCA_MAX_UNITS + CCA_MAX_LEADERS]; /* its moves (destinations and the way off) */
    uint64_t by_sets;               /* bit k: k's entry was made from sets; looked[k] holds */
    uint64_t looked[CCA_MAX_UNITS + CCA_MAX_LEADERS][2]; /* the hexes its search looked at */
} cca_policy_memo;

/* Notes that piece k's entry in m was made from its reach as sets s (or,
 * with s NULL, from a list: it holds only while no move comes within its
 * allowance). */
static inline void cca_policy_memo_looked(cca_policy_memo *m, int k, const cca_reach_sets *s)
{
    if (s) {
        m->by_sets |= UINT64_C(1) << k;
        m->looked[k][0] = s->looked[0], m->looked[k][1] = s->looked[1];
    } else {
        m->by_sets &= ~(UINT64_C(1) << k);
    }
}

/* Forgets, after a move from cell from to cell to (-1 or CCA_EXIT:
 * none), the memo of every piece whose entry was made from sets and whose
 * search looked at from or to, and of every other piece whose allowance
 * reaches from or to or that has left. */
void cca_policy_memo_moved(cca_policy_memo *m, const cca_board *b, const cca_field *f, int from, int to);

/* The cells within k hexes of an enemy unit, k = 0 .. n - 1, as a set's
 * two words (boards of at most 128 cells): within[n - 1] holds every cell
 * an enemy unit's distance reaches, so for k >= n it is the set. n is 0
 * when the enemy has no unit on the battlefield. */
typedef struct cca_enemy_near {
    int n;
    uint64_t within[128][2];
} cca_enemy_near;

/* What a policy sees in its turn. The enemy does not move during it, so
 * enemy_dist (hex distance from each cell to the nearest enemy unit; 255:
 * none) holds for the whole turn; an entry CCA_EDIST_LATER is worked out
 * when first looked at (cca_edist), so a turn pays only for the cells its
 * policy looks at. With near (the same distances as sets of cells, from
 * cca_enemy_distance_sets) advance and protect choose a unit's move, and
 * every scripted policy a leader's join, from sets of destinations, and
 * units whose best move cannot beat the best found so far are not
 * searched; without it (NULL) they score each destination of the reach's
 * list of every unit: the same orders. */
#define CCA_EDIST_LATER 254
typedef struct cca_view {
    const cca_board *board;
    const cca_field *field;
    const cca_deck *deck;
    int side;
    uint64_t units_left;   /* bit u: unit u may still be ordered this turn */
    uint32_t leaders_left; /* bit l: leader l may still be ordered */
    uint8_t *enemy_dist;
    const cca_enemy_near *near; /* or NULL */
    cca_policy_memo *memo; /* or NULL */
    int n_enemy;           /* the enemy units' hexes, for cca_edist */
    int16_t enemy_q[CCA_MAX_UNITS], enemy_r[CCA_MAX_UNITS];
} cca_view;

/* Sets v->enemy_dist to dist (board cells), every entry CCA_EDIST_LATER,
 * and lists the enemy units' hexes (v->board, v->field and v->side set). */
void cca_view_lazy_enemy(cca_view *v, uint8_t *dist);

/* Returns enemy_dist[c] of v, working it out first if it is
 * CCA_EDIST_LATER. */
int cca_edist(const cca_view *v, int c);

/* Fills dist (board cells) with the hex distance from each cell to the
 * nearest unit of side `of` on the battlefield (255: it has none). */
void cca_enemy_distance(const cca_board *b, const cca_field *f, int of, uint8_t *dist);

/* cca_enemy_distance, and on boards of at most 128 cells the same
 * distances as sets in *near (near->n 0 on bigger boards). */
void cca_enemy_distance_sets(const cca_board *b, const cca_field *f, int of, uint8_t *dist, cca_enemy_near *near);

/* Returns the slot of the card side plays from its hand (v->units_left
 * etc. are not yet set: v->field and v->enemy_dist are). */
int cca_policy_card(const cca_policy_spec *p, const cca_view *v, const cca_cards *cards, mu_rng *rng);

/* Picks the next order among the pieces still to be ordered in v. Returns
 * 1 with *o set (its destination in the piece's reach and the hexes it
 * costs, or CCA_STAY for a unit), or 0 when the policy orders nothing
 * more. */
int cca_policy_order(const cca_policy_spec *p, const cca_view *v, mu_rng *rng, cca_order *o);

/* random's choice (policy_random.c): uniformly among every (piece,
 * destination) of the pieces left in v that moves. Returns 0 when there
 * is none. */
int cca_policy_random_order(const cca_view *v, mu_rng *rng, cca_order *o);

#endif
