/* The random policy's orders (cca_policy.h): one uniform draw among every
 * (piece, destination) of the pieces still to be ordered that moves. */
#include "cca/policy/cca_policy.h"

/* RULE cca.policy.random-uniform */
int cca_policy_random_order(const cca_view *v, mu_rng *rng, cca_order *o)
{
    cca_reach r;
    int count[CCA_MAX_UNITS + CCA_MAX_LEADERS];
    int n_pieces = v->field->n_units + v->field->n_leaders;
    uint32_t total = 0;
    for (int k = 0; k < n_pieces; k++) {
        int leader = k >= v->field->n_units, piece = leader ? k - v->field->n_units : k;
        count[k] = 0;
        if (leader ? !(v->leaders_left >> piece & 1) : !(v->units_left >> piece & 1))
            continue;
        if (v->memo && (v->memo->moves_valid >> k & 1)) {
            count[k] = v->memo->moves[k];
        } else {
            count[k] = cca_piece_moves(v->board, v->field, leader, piece);
            if (v->memo) {
                v->memo->moves[k] = (int16_t)count[k];
                v->memo->moves_valid |= UINT64_C(1) << k;
            }
        }
        total += (uint32_t)count[k];
    }
    if (total == 0)
        return 0;
    uint32_t pick = mu_rng_bounded(rng, total);
    for (int k = 0; k < n_pieces; k++) {
        if (pick >= (uint32_t)count[k]) {
            pick -= (uint32_t)count[k];
            continue;
        }
        int leader = k >= v->field->n_units, piece = leader ? k - v->field->n_units : k;
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
