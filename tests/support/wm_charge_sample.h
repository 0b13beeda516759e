/* Charge situations from real games (issue 12 item 1, the contact search
 * measured against its reference): plays games of a warmaster-battle
 * experiment through the library and reports (unit, target) pairs a
 * charge could be asked for.
 *
 * Sampling. Game g (0 .. games-1) plays the experiment's first arm with
 * dice from mu_rng_for_game(seed, g) and policy generators from
 * mu_rng_for_purpose(seed, 2 g + side, salt). Reported, from the state
 * the policy sees:
 * - initiative: every candidate unit's closest visible enemies it may
 *   charge (wm_init_candidates, can_charge), once per unit per Command
 *   phase (when the initiative callback first offers it);
 * - orders: when the side's orders begin, every unit free to move
 *   (wm_game_unit_free, artillery aside) with its nearest enemy unit
 *   (not a character) within its full pace (wm_unit_distance_mm).
 * The game goes on as the policies play it. */
#ifndef MUSTER_TEST_WM_CHARGE_SAMPLE_H
#define MUSTER_TEST_WM_CHARGE_SAMPLE_H

#include "warmaster/wm_game.h"

#include <stddef.h>
#include <stdint.h>

/* Called for each pair: g's table as the policy sees it; initiative 1
 * for an initiative candidate, 0 for an ordered unit. */
typedef void (*wm_charge_sample_fn)(void *user, const wm_game *g, int unit, int target, int initiative);

/* Plays games 0..games-1 of the experiment at path (seed: 0 for the
 * experiment's own) and calls fn for every pair. Returns 0, or non-zero
 * with a message in err when the experiment cannot be loaded or is not a
 * warmaster-battle experiment. */
int wm_charge_sample_games(const char *path, uint64_t seed, int games, wm_charge_sample_fn fn, void *user,
                           char *err, size_t err_len);

/* Charge pairs planned two ways, and how many came out differently. */
typedef struct same_tally {
    int pairs, reached, differ;
} same_tally;

/* Returns non-zero when moves a and b are the same move: every field a
 * move is read by, each stand's legs up to its n_legs (not the padding,
 * nor the unused paths and legs, which hold whatever the stack held). */
static inline int same_move(const wm_move *a, const wm_move *b)
{
    if (a->unit != b->unit || a->kind != b->kind || a->rolled_mm != b->rolled_mm ||
        a->charge_target != b->charge_target || a->burst != b->burst || a->n != b->n)
        return 0;
    for (int k = 0; k < a->n; k++) {
        const wm_stand_path *p = &a->path[k], *q = &b->path[k];
        if (p->stand != q->stand || p->n_legs != q->n_legs)
            return 0;
        for (int l = 0; l < p->n_legs; l++)
            if (p->leg[l].center.x != q->leg[l].center.x || p->leg[l].center.y != q->leg[l].center.y ||
                p->leg[l].turn_rad != q->leg[l].turn_rad)
                return 0;
    }
    return 1;
}

#endif
