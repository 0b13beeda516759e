/* The Commands & Colors: Ancients ruleset ("cca"): games of the movement
 * rules (commands-and-colors-ancients-movement.txt) on a scenario's
 * battlefield. Each game turn both sides play in turn (the scenario's
 * first side first): a command card from the hand, the pieces of its
 * section ordered and moved one at a time by the side's policy, the card
 * replaced from the deck. Combat is outside our text: pieces are never
 * removed by it, and a unit next to an enemy after its order is counted
 * as able to battle. A game ends after the scenario's turns, or when a
 * side has no unit left on the battlefield.
 *
 * Games are grouped by arm (a `policies:` entry): game g plays arm
 * g / games. Policies draw from their own generator, apart from the
 * rules' dice (which shuffle the deck).
 *
 * Output:
 *   /games/<column>           per game (see ruleset_record.c): turns,
 *                             cards and orders per side and section,
 *                             moves, hexes, triangle choices, leader
 *                             joins/splits/escapes, first adjacency
 *   /cca/games (arm), /cca/orders (arm, side, section, use),
 *   /cca/cards (arm, side, section), /cca/triangle (arm, side, choice),
 *   /cca/leaders (arm, side, event), /cca/first_contact (arm, section),
 *   /cca/first_adjacency (arm, turn) */
#ifndef MUSTER_CCA_RULESET_H
#define MUSTER_CCA_RULESET_H

#include "muster/ruleset.h"

/* The Commands & Colors: Ancients ruleset ("cca"). */
extern const mu_ruleset cca_ruleset;

#endif
