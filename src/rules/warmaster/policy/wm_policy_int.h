/* Internal to warmaster/policy/: what the Warmaster battle policies share
 * (wm_battle_policy.c: aggressive, cautious, objective and the binding;
 * wm_battle_policy_random.c: random). See warmaster/policy/wm_battle_policy.h. */
#ifndef MUSTER_WM_POLICY_INT_H
#define MUSTER_WM_POLICY_INT_H

#include "warmaster/policy/wm_battle_policy.h"
#include "warmaster/wm_evade.h"

#include <stdint.h>

#define HOLD_OFF_MM 300.0 /* cautious: stop this far from the nearest enemy */

static inline uint64_t wp_bit(int u) { return UINT64_C(1) << u; }

/* Returns the enemy unit (not a character, on the table) nearest to unit
 * u, or -1; *dist (if non-NULL) gets its distance (INFINITY if none). */
int wp_nearest_enemy(const wm_game *g, int u, double *dist);

/* wp_nearest_enemy for a unit a of the game's sides standing as given
 * (on the table or where it would be placed). */
int wp_nearest_enemy_of(const wm_game *g, const wm_unit *a, double *dist);

/* Returns the objective zone nearest to p (not yet holding a unit of side
 * when free_only), or -1. */
int wp_nearest_zone(const wm_game *g, int side, mu_vec2 p, int free_only);

/* Infiltration (wm_entry_policy.c): side's units held back off the table
 * in groups that enter by one order (wm_game_entry_group_allowed). In
 * table order, each unit that needs company (infiltrate_group_at_most)
 * is paired with the first free unit of an entry it names; each pair,
 * then each other unit, joins the first group the lists allow it in,
 * else starts a new one. A group the lists do not allow (a unit with no
 * partner left) may remain. Fills groups and returns how many. */
int wp_reserve_groups(const wm_game *g, int side, uint64_t *groups);

/* For group (held back, wm_game_entry_group_allowed) of side, the place
 * to enter at and who orders it. Looks at every place on a 20 mm grid
 * inside the dense features every unit of it may enter and every 25 mm
 * along the table edges other than the enemy's (line and column, facing
 * away from the side's edge) that wm_game_entry_place allows, with every
 * character in chars[0..n_chars) that may give the order
 * (wm_game_entry_check) and for whom it needs min_target or more. The
 * scripted policies take the lowest score: how far the placed unit is
 * from what the policy makes for (aggressive: the nearest enemy unit;
 * objective: the nearest zone, else the enemy's edge; cautious: the
 * nearest free zone, else any, else the enemy's edge, and never within
 * HOLD_OFF_MM of an enemy) less ENTRY_MM_PER_POINT for each point of the
 * score the order needs (zones and edge measured from the entry point,
 * the enemy from the group's nearest unit); the random policy a uniform
 * one.
 * Returns the character (its goal in *out, go set), or -1 when there is
 * none. */
int wp_entry_choose(wm_policy_state *st, const wm_game *g, int side, uint64_t group, const int *chars, int n_chars,
                    wm_order_goal *out);

/* Returns the mean of the centres of group's units. */
mu_vec2 wp_group_centre(const wm_game *g, uint64_t group);

/* Returns the centre of objective zone z. */
mu_vec2 wp_zone_centre(const wm_game *g, int z);

/* Returns non-zero when unit u has a stand at least partly in zone z. */
int wp_unit_in_zone(const wm_game *g, int u, int z);

/* Returns non-zero when unit u is in some objective zone. */
int wp_in_any_zone(const wm_game *g, int u);

/* Returns non-zero when side may order unit u now (free, not moved by
 * initiative). */
int wp_orderable(const wm_game *g, int u);

/* Fills groups[] with side's orderable units, in listed order: single
 * units, or with brigades each unit's touching neighbours (as they stood
 * at the start of the Orders sub-phase) as many as the lists allow
 * (wm_game_brigade_size_allowed). A unit that moves only brigaded
 * (brigaded_only_with) comes first, with a touching partner of those
 * types (without brigades: one), or not at all when it has none.
 * Returns the count. */
int wp_groups(const wm_game *g, int side, int brigades, uint64_t *groups);

/* Returns the distance from character c to group's most distant unit. */
double wp_group_distance(const wm_game *g, int c, uint64_t group);

/* Builds the plan of the scripted policies: each group assigned to the
 * character with the best target (Command minus distance penalty, then
 * the nearer), characters in the sequence, each ordering his groups
 * nearest first; records the commanders in st. */
void wp_plan(wm_policy_state *st, const wm_game *g, int side, wm_sequence seq, wm_order_plan *plan);

/* The random policy's callbacks (wm_battle_policy_random.c). */
int wp_random_initiative(void *self, const wm_game *g, int side, const wm_init_candidates *c,
                         wm_init_choice *out);
void wp_random_plan(void *self, const wm_game *g, int side, wm_order_plan *plan);
void wp_random_goal(void *self, const wm_game *g, int side, const wm_order_step *step, uint64_t group,
                    int order_number, wm_order_goal *out);
int wp_random_character(void *self, const wm_game *g, int c, mu_vec2 *to);
int wp_random_command_bonus(void *self, const wm_game *g, int c);
int wp_random_remove_blunderer(void *self, const wm_game *g, int c);
void wp_random_free_move(void *self, const wm_game *g, int side, int u, double rolled_mm, wm_order_goal *out);

/* Returns a uniform integer in [0, n) from st's generator (n >= 1). */
int wp_uniform(wm_policy_state *st, int n);

#endif
