/* The random policy's orders (cca_policy.h): one uniform draw among every
 * (piece, destination) of the pieces still to be ordered that moves. */
#include "cca/policy/cca_policy.h"

/* RULE cca.policy.random-uniform */
int cca_policy_random_order(const cca_view *v, mu_rng *rng, cca_order *o)
{
    cca_reach r;
    cca_reach_sets rs;
    int count[CCA_MAX_UNITS + CCA_MAX_LEADERS];
    int n_units = v->field->n_units;
    int small = v->board->grid.words <= 2;
    uint64_t pieces = v->units_left | (uint64_t)v->leaders_left << n_units;
    uint32_t total = 0;
    for (uint64_t left = pieces; left; left &= left - 1) {
        int k = __builtin_ctzll(left);
        int leader = k >= n_units, piece = leader ? k - n_units : k;
        if (v->memo && (v->memo->moves_valid >> k & 1)) {
            count[k] = v->memo->moves[k];
        } else {
            count[k] = small ? cca_piece_sets(v->board, v->field, leader, piece, &rs)
                             : cca_piece_moves(v->board, v->field, leader, piece);
            if (v->memo) {
                v->memo->moves[k] = (int16_t)count[k];
                v->memo->moves_valid |= UINT64_C(1) << k;
                cca_policy_memo_looked(v->memo, k, small ? &rs : NULL);
            }
        }
        total += (uint32_t)count[k];
    }
    if (total == 0)
        return 0;
    uint32_t pick = mu_rng_bounded(rng, total);
    for (uint64_t left = pieces; left; left &= left - 1) {
        int k = __builtin_ctzll(left);
        if (pick >= (uint32_t)count[k]) {
            pick -= (uint32_t)count[k];
            continue;
        }
        int leader = k >= n_units, piece = leader ? k - n_units : k;
        if (leader)
            cca_leader_reach(v->board, v->field, piece, &r);
        else
            cca_unit_reach(v->board, v->field, piece, &r);
        if ((int)pick < r.n_dest)
            *o = (cca_order){leader, piece, r.dest[pick], r.hexes[pick]};
        else
            *o = (cca_order){leader, piece, CCA_EXIT, r.exit_hexes};
        return 1;
    }
    return 0;
}
