/* The scripted policies advance, hold and protect (cca_policy.h); random
 * is in policy_random.c. Each scores the moves the rules offer and takes
 * the best, so it only makes legal moves, and moves only when the move
 * scores better than staying. */
#include "cca/policy/cca_policy.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[CCA_POLICIES] = {"advance", "hold", "protect", "random"};

const char *cca_policy_name(cca_policy_kind kind)
{
    return (unsigned)kind < CCA_POLICIES ? names[kind] : "?";
}

cca_policy_spec cca_policy_defaults(cca_policy_kind kind)
{
    return (cca_policy_spec){.kind = kind, .weakest = 1, .dash = 1, .line = 2, .danger = 2, .escape = 1};
}

void cca_enemy_distance(const cca_board *b, const cca_field *f, int of, uint8_t *dist)
{
    int16_t queue[CCA_MAX_CELLS];
    int head = 0, tail = 0;
    memset(dist, 255, (size_t)b->grid.n_cells);
    for (int u = 0; u < f->n_units; u++)
        if (f->units[u].side == of && f->units[u].cell >= 0) {
            dist[f->units[u].cell] = 0;
            queue[tail++] = f->units[u].cell;
        }
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < MU_HEX_DIRS; d++) {
            int n = b->grid.nb[c][d];
            if (n >= 0 && dist[n] == 255) {
                dist[n] = (uint8_t)(dist[c] + 1);
                queue[tail++] = (int16_t)n;
            }
        }
    }
}

/* Units of `side` on the battlefield in board section bits `bits`. */
static int units_in(const cca_view *v, int side, unsigned bits)
{
    int n = 0;
    for (int u = 0; u < v->field->n_units; u++) {
        const cca_unit *un = &v->field->units[u];
        n += un->side == side && un->cell >= 0 && (v->board->section[un->cell] & bits);
    }
    return n;
}

/* The enemy's weakest section, from the player's view (fewest enemy
 * units; ties: centre, then left, then right). */
static int weakest_section(const cca_view *v)
{
    static const int order[CCA_SECTIONS] = {CCA_CENTRE, CCA_LEFT, CCA_RIGHT};
    int best = CCA_CENTRE, fewest = 1 << 30;
    for (int i = 0; i < CCA_SECTIONS; i++) {
        int n = units_in(v, 1 - v->side, cca_board_section_for(v->side, order[i]));
        if (n < fewest)
            fewest = n, best = order[i];
    }
    return best;
}

/* The closest an enemy unit is to one of the player's units in section s
 * (255: none of his units there). */
static int threat_in(const cca_view *v, int s)
{
    unsigned bits = cca_board_section_for(v->side, s);
    int best = 255;
    for (int u = 0; u < v->field->n_units; u++) {
        const cca_unit *un = &v->field->units[u];
        if (un->side == v->side && un->cell >= 0 && (v->board->section[un->cell] & bits) &&
            v->enemy_dist[un->cell] < best)
            best = v->enemy_dist[un->cell];
    }
    return best;
}

/* The most threatened lone leader's section bits (0: none within danger). */
static unsigned threatened_leader_bits(const cca_policy_spec *p, const cca_view *v)
{
    int best = p->danger + 1;
    unsigned bits = 0;
    for (int l = 0; l < v->field->n_leaders; l++) {
        const cca_leader *ld = &v->field->leaders[l];
        if (ld->side == v->side && ld->cell >= 0 && ld->unit < 0 && v->enemy_dist[ld->cell] < best) {
            best = v->enemy_dist[ld->cell];
            bits = v->board->section[ld->cell];
        }
    }
    return bits;
}

int cca_policy_card(const cca_policy_spec *p, const cca_view *v, const cca_cards *cards, mu_rng *rng)
{
    int n = cards->n_hand[v->side];
    if (p->kind == CCA_RANDOM)
        return (int)mu_rng_bounded(rng, (uint32_t)n);
    int weak = weakest_section(v);
    unsigned leader_bits = p->kind == CCA_PROTECT ? threatened_leader_bits(p, v) : 0;
    int best = 0;
    long best_score = -1;
    for (int slot = 0; slot < n; slot++) {
        const cca_card_kind *k = &v->deck->kinds[cards->hand[v->side][slot]];
        unsigned bits = cca_board_section_for(v->side, k->section);
        int mine = units_in(v, v->side, bits);
        int usable = mine < k->units ? mine : k->units;
        long score = 10L * usable + k->units;
        if (p->kind == CCA_HOLD && mine > 0)
            score += 1000L * (256 - threat_in(v, k->section));
        else if (leader_bits && (leader_bits & bits))
            score += 1000000L;
        else if (p->kind != CCA_HOLD && p->weakest && k->section == weak && mine > 0)
            score += 1000L;
        if (score > best_score)
            best_score = score, best = slot;
    }
    return best;
}

/* May unit un battle after moving `hexes` into cell c (cca_move.c's
 * rule, for scoring)? */
static int battles_after(const cca_board *b, const cca_unit *un, int hexes, int c)
{
    if (un->type == CCA_INFANTRY && un->rank == CCA_TRIANGLE && hexes > 1)
        return 0;
    return !b->terrain_rule[b->terrain[c]].no_battle;
}

typedef struct best_move {
    long value;
    cca_order order;
} best_move;

static void consider(best_move *bm, long value, int leader, int piece, int dest)
{
    if (value > bm->value)
        *bm = (best_move){value, {leader, piece, dest}};
}

/* A lone leader of the player's joins the nearest friendly unit he can
 * reach (value 10 - hexes). */
static void leaders_join(const cca_view *v, best_move *bm)
{
    cca_reach r;
    for (int l = 0; l < v->field->n_leaders; l++) {
        if (!(v->leaders_left >> l & 1) || v->field->leaders[l].unit >= 0)
            continue;
        cca_leader_reach(v->board, v->field, l, &r);
        for (int i = 0; i < r.n_dest; i++)
            if (v->field->unit_at[r.dest[i]] >= 0)
                consider(bm, 10 - r.dist[r.dest[i]], 1, l, r.dest[i]);
    }
}

/* Units next to an enemy stay and battle; the others move closer to the
 * nearest enemy (advance, protect: guard keeps units with a leader off
 * hexes next to an enemy). */
/* RULE cca.policy.aims */
static void units_advance(const cca_policy_spec *p, const cca_view *v, int guard, best_move *bm)
{
    cca_reach r;
    for (int u = 0; u < v->field->n_units; u++) {
        if (!(v->units_left >> u & 1))
            continue;
        const cca_unit *un = &v->field->units[u];
        int cur = v->enemy_dist[un->cell];
        if (cur == 1 && !(guard && un->leader >= 0)) {
            consider(bm, 1000000, 0, u, CCA_STAY);
            continue;
        }
        if (cca_unit_reach(v->board, v->field, u, &r) == 0)
            continue;
        for (int i = 0; i < r.n_dest; i++) {
            int c = r.dest[i], e = v->enemy_dist[c], h = r.dist[c];
            if (e >= cur || (guard && un->leader >= 0 && e <= 1))
                continue;
            if (!p->dash && un->type == CCA_INFANTRY && un->rank == CCA_TRIANGLE && h > 1)
                continue;
            int battle = e == 1 && battles_after(v->board, un, h, c);
            consider(bm, 100L * (cur - e) + (battle ? 50 : 0) - h, 0, u, c);
        }
    }
}

/* Units next to an enemy stay and battle; the others move towards the
 * line p->line rows from the baseline. */
/* RULE cca.policy.aims */
static void units_hold(const cca_policy_spec *p, const cca_view *v, best_move *bm)
{
    cca_reach r;
    for (int u = 0; u < v->field->n_units; u++) {
        if (!(v->units_left >> u & 1))
            continue;
        const cca_unit *un = &v->field->units[u];
        if (v->enemy_dist[un->cell] == 1) {
            consider(bm, 1000000, 0, u, CCA_STAY);
            continue;
        }
        int cur = abs(v->board->depth[v->side][un->cell] - p->line);
        if (cur == 0 || cca_unit_reach(v->board, v->field, u, &r) == 0)
            continue;
        for (int i = 0; i < r.n_dest; i++) {
            int c = r.dest[i], h = r.dist[c];
            int off = abs(v->board->depth[v->side][c] - p->line);
            if (off >= cur)
                continue;
            int stranded = v->enemy_dist[c] == 1 && !battles_after(v->board, un, h, c);
            consider(bm, 100L * (cur - off) - (stranded ? 50 : 0) - h, 0, u, c);
        }
    }
}

/* Threatened lone leaders: join the friendly unit farthest from the
 * enemy, else leave by the baseline (escape), else step farther away. */
/* RULE cca.policy.protect */
static void leaders_save(const cca_policy_spec *p, const cca_view *v, best_move *bm)
{
    cca_reach r;
    for (int l = 0; l < v->field->n_leaders; l++) {
        const cca_leader *ld = &v->field->leaders[l];
        if (!(v->leaders_left >> l & 1) || ld->unit >= 0)
            continue;
        int cur = v->enemy_dist[ld->cell];
        if (cur > p->danger || cca_leader_reach(v->board, v->field, l, &r) == 0)
            continue;
        best_move own = {-1, {0, 0, 0}};
        for (int i = 0; i < r.n_dest; i++) {
            int c = r.dest[i], e = v->enemy_dist[c];
            if (v->field->unit_at[c] >= 0)
                consider(&own, 3000000L + e, 1, l, c);
            else if (e > cur)
                consider(&own, 2000000L + e, 1, l, c);
        }
        if (p->escape && r.exit_from >= 0)
            consider(&own, 2500000L, 1, l, CCA_EXIT);
        if (own.value >= 0)
            consider(bm, own.value, 1, l, own.order.dest);
    }
}

/* RULE cca.policy.legal cca.policy.aims */
int cca_policy_order(const cca_policy_spec *p, const cca_view *v, mu_rng *rng, cca_order *o)
{
    best_move bm = {0, {0, 0, 0}};
    switch (p->kind) {
    case CCA_RANDOM: return cca_policy_random_order(v, rng, o);
    case CCA_ADVANCE: units_advance(p, v, 0, &bm); break;
    case CCA_HOLD: units_hold(p, v, &bm); break;
    case CCA_PROTECT:
        leaders_save(p, v, &bm);
        units_advance(p, v, 1, &bm);
        break;
    default: return 0;
    }
    leaders_join(v, &bm);
    if (bm.value <= 0)
        return 0;
    *o = bm.order;
    return 1;
}
