/* The random policy's orders (cca_policy.h): one uniform draw among every
 * (piece, destination) of the pieces still to be ordered that moves. */
#include "cca/policy/cca_policy.h"

/* RULE cca.policy.random-uniform */
int cca_policy_random_order(const cca_view *v, mu_rng *rng, cca_order *o)
{
    cca_reach r;
    uint32_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        uint32_t pick = pass ? mu_rng_bounded(rng, total) : 0, seen = 0;
        for (int k = 0; k < v->field->n_units + v->field->n_leaders; k++) {
            int leader = k >= v->field->n_units, piece = leader ? k - v->field->n_units : k;
            if (leader ? !(v->leaders_left >> piece & 1) : !(v->units_left >> piece & 1))
                continue;
            int n = leader ? cca_leader_reach(v->board, v->field, piece, &r)
                           : cca_unit_reach(v->board, v->field, piece, &r);
            if (pass && pick < seen + (uint32_t)n) {
                int i = (int)(pick - seen);
                *o = (cca_order){leader, piece, i < r.n_dest ? r.dest[i] : CCA_EXIT};
                return 1;
            }
            seen += (uint32_t)n;
        }
        total = seen;
        if (total == 0)
            return 0;
    }
    return 0;
}
