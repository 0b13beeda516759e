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

/* Layer by layer out from the enemy units' hexes on sets of cells (the
 * grid's own neighbours: a hex distance, whatever stands or lies between).
 * On boards of at most 128 cells the sets are 128-bit integers and each
 * layer's cells are marked and their neighbours gathered in one pass. */
void cca_enemy_distance_sets(const cca_board *b, const cca_field *f, int of, uint8_t *dist, cca_enemy_near *near)
{
    memset(dist, 255, (size_t)b->grid.n_cells);
    if (near)
        near->n = 0;
    if (b->grid.words <= 2) {
        __extension__ typedef unsigned __int128 u128;
        const mu_hex_set *units = &f->unit_set[of];
        u128 seen = (u128)units->w[0] | (u128)units->w[1] << 64, front = seen;
        int k = 0;
        for (; front; k++) {
            uint64_t n0 = 0, n1 = 0;
            for (int i = 0; i < 2; i++)
                for (uint64_t bits = (uint64_t)(front >> 64 * i); bits; bits &= bits - 1) {
                    int c = 64 * i + __builtin_ctzll(bits);
                    dist[c] = (uint8_t)k;
                    n0 |= b->grid.nb_bits[c][0], n1 |= b->grid.nb_bits[c][1];
                }
            if (near)
                near->within[k][0] = (uint64_t)seen, near->within[k][1] = (uint64_t)(seen >> 64);
            front = ((u128)n0 | (u128)n1 << 64) & ~seen;
            seen |= front;
        }
        if (near)
            near->n = k;
        return;
    }
    mu_hex_set seen = f->unit_set[of], front = seen, next;
    for (int k = 0;; k++) {
        int any = 0;
        for (int i = 0; i < b->grid.words; i++) {
            for (uint64_t bits = front.w[i]; bits; bits &= bits - 1)
                dist[i * 64 + __builtin_ctzll(bits)] = (uint8_t)k;
            any |= front.w[i] != 0;
        }
        if (!any || k == 254)
            break;
        mu_hex_set_neighbours(&b->grid, &front, &next);
        for (int i = 0; i < b->grid.words; i++) {
            front.w[i] = next.w[i] & ~seen.w[i];
            seen.w[i] |= front.w[i];
        }
    }
}

void cca_enemy_distance(const cca_board *b, const cca_field *f, int of, uint8_t *dist)
{
    cca_enemy_distance_sets(b, f, of, dist, NULL);
}

void cca_view_lazy_enemy(cca_view *v, uint8_t *dist)
{
    memset(dist, CCA_EDIST_LATER, (size_t)v->board->grid.n_cells);
    v->enemy_dist = dist;
    v->n_enemy = 0;
    for (int u = 0; u < v->field->n_units; u++) {
        const cca_unit *un = &v->field->units[u];
        if (un->side != v->side && un->cell >= 0) {
            v->enemy_q[v->n_enemy] = v->board->q[un->cell];
            v->enemy_r[v->n_enemy++] = v->board->r[un->cell];
        }
    }
}

int cca_edist(const cca_view *v, int c)
{
    int d = v->enemy_dist[c];
    if (d != CCA_EDIST_LATER)
        return d;
    int q = v->board->q[c], r = v->board->r[c];
    d = 255;
    for (int i = 0; i < v->n_enemy; i++) {
        int dq = q - v->enemy_q[i], dr = r - v->enemy_r[i], ds = dq + dr;
        int e = (abs(dq) + abs(dr) + abs(ds)) >> 1;
        d = e < d ? e : d;
    }
    v->enemy_dist[c] = (uint8_t)d;
    return d;
}

/* Per section of the player's view: his units and the enemy's there, and
 * the closest an enemy unit is to one of his units there (255: none).
 * One pass over the units; a unit on a section line counts in both. */
typedef struct section_counts {
    int mine[CCA_SECTIONS], theirs[CCA_SECTIONS], threat[CCA_SECTIONS];
} section_counts;

/* Bits set in the 64-bit words a and b together (a SWAR count: no popcnt
 * instruction is assumed, and libgcc's is a table walk; the two words'
 * counts are added per nibble, at most 8, before the bytes are summed). */
static int pop_two(uint64_t a, uint64_t b)
{
    a = a - (a >> 1 & UINT64_C(0x5555555555555555));
    b = b - (b >> 1 & UINT64_C(0x5555555555555555));
    a = (a & UINT64_C(0x3333333333333333)) + (a >> 2 & UINT64_C(0x3333333333333333));
    b = (b & UINT64_C(0x3333333333333333)) + (b >> 2 & UINT64_C(0x3333333333333333));
    a += b;
    a = (a & UINT64_C(0x0f0f0f0f0f0f0f0f)) + (a >> 4 & UINT64_C(0x0f0f0f0f0f0f0f0f));
    return (int)((a * UINT64_C(0x0101010101010101)) >> 56);
}

/* Cells in both x and y (the board's words). */
static inline __attribute__((always_inline)) int both(const cca_board *b, const mu_hex_set *x, const mu_hex_set *y)
{
    if (b->grid.words <= 2)
        return pop_two(x->w[0] & y->w[0], x->w[1] & y->w[1]);
    int n = 0;
    for (int i = 0; i < b->grid.words; i += 2)
        n += pop_two(x->w[i] & y->w[i], i + 1 < b->grid.words ? x->w[i + 1] & y->w[i + 1] : 0);
    return n;
}

static void count_sections(const cca_view *v, int need_threat, section_counts *sc)
{
    const cca_board *b = v->board;
    const cca_field *f = v->field;
    for (int s = 0; s < CCA_SECTIONS; s++) {
        const mu_hex_set *sec = &b->section_set[v->side == 0 ? s : CCA_RIGHT - s]; /* the player's own view */
        sc->mine[s] = both(b, &f->unit_set[v->side], sec);
        sc->theirs[s] = both(b, &f->unit_set[1 - v->side], sec);
        sc->threat[s] = 255;
    }
    for (int u = 0; need_threat && u < f->n_units; u++) {
        const cca_unit *un = &f->units[u];
        if (un->cell < 0 || un->side != v->side)
            continue;
        unsigned bits = b->section[un->cell]; /* board view: bit 0 left .. bit 2 right */
        if (v->side == 1)
            bits = (bits & 2u) | (bits >> 2 & 1u) | (bits << 2 & 4u); /* the player's own view */
        int e = cca_edist(v, un->cell);
        for (int s = 0; s < CCA_SECTIONS; s++)
            if (bits >> s & 1)
                sc->threat[s] = e < sc->threat[s] ? e : sc->threat[s];
    }
}

/* The enemy's weakest section, from the player's view (fewest enemy
 * units; ties: centre, then left, then right). */
static int weakest_section(const section_counts *sc)
{
    static const int order[CCA_SECTIONS] = {CCA_CENTRE, CCA_LEFT, CCA_RIGHT};
    int best = CCA_CENTRE, fewest = 1 << 30;
    for (int i = 0; i < CCA_SECTIONS; i++)
        if (sc->theirs[order[i]] < fewest)
            fewest = sc->theirs[order[i]], best = order[i];
    return best;
}

/* The most threatened lone leader's section bits (0: none within danger). */
static unsigned threatened_leader_bits(const cca_policy_spec *p, const cca_view *v)
{
    int best = p->danger + 1;
    unsigned bits = 0;
    for (int l = 0; l < v->field->n_leaders; l++) {
        const cca_leader *ld = &v->field->leaders[l];
        if (ld->side == v->side && ld->cell >= 0 && ld->unit < 0 && cca_edist(v, ld->cell) < best) {
            best = cca_edist(v, ld->cell);
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
    section_counts sc;
    count_sections(v, p->kind == CCA_HOLD, &sc);
    int weak = weakest_section(&sc);
    unsigned leader_bits = p->kind == CCA_PROTECT ? threatened_leader_bits(p, v) : 0;
    int best = 0;
    long best_score = -1;
    for (int slot = 0; slot < n; slot++) {
        const cca_card_kind *k = &v->deck->kinds[cards->hand[v->side][slot]];
        int mine = sc.mine[k->section];
        int usable = mine < k->units ? mine : k->units;
        long score = 10L * usable + k->units;
        if (p->kind == CCA_HOLD && mine > 0)
            score += 1000L * (256 - sc.threat[k->section]);
        else if (leader_bits && (leader_bits & cca_board_section_for(v->side, k->section)))
            score += 1000000L;
        else if (p->kind != CCA_HOLD && p->weakest && k->section == weak && mine > 0)
            score += 1000L;
        if (score > best_score)
            best_score = score, best = slot;
    }
    return best;
}

typedef struct best_move {
    long value;
    cca_order order;
} best_move;

static void consider(best_move *bm, long value, int leader, int piece, int dest, int hexes)
{
    if (value > bm->value)
        *bm = (best_move){value, {leader, piece, dest, hexes}};
}

/* A lone leader of the player's joins the nearest friendly unit he can
 * reach (value 10 - hexes; of those as near, the first of the reach's
 * list). With v->near, from his reach's sets and the memo. */
static void leaders_join(const cca_view *v, best_move *bm)
{
    cca_reach r;
    const cca_field *f = v->field;
    for (int l = 0; l < f->n_leaders; l++) {
        if (!(v->leaders_left >> l & 1) || f->leaders[l].unit >= 0)
            continue;
        if (!v->near) {
            cca_leader_reach(v->board, f, l, &r);
            for (int i = 0; i < r.n_dest; i++)
                if (f->unit_at[r.dest[i]] >= 0)
                    consider(bm, 10 - r.hexes[i], 1, l, r.dest[i], r.hexes[i]);
            continue;
        }
        int k = f->n_units + l;
        if (!v->memo || !(v->memo->valid >> k & 1)) {
            cca_reach_sets rs;
            cca_piece_sets(v->board, f, 1, l, &rs);
            best_move own = {0, {1, l, 0, 0}};
            for (int h = 1; h <= rs.max; h++) {
                uint64_t w0 = rs.ends[h][0] & (f->unit_set[0].w[0] | f->unit_set[1].w[0]);
                uint64_t w1 = rs.ends[h][1] & (f->unit_set[0].w[1] | f->unit_set[1].w[1]);
                if (w0 | w1) {
                    own = (best_move){10 - h, {1, l, w0 ? __builtin_ctzll(w0) : 64 + __builtin_ctzll(w1), h}};
                    break;
                }
            }
            if (!v->memo) {
                if (own.value > 0)
                    consider(bm, own.value, 1, l, own.order.dest, own.order.hexes);
                continue;
            }
            v->memo->valid |= UINT64_C(1) << k;
            v->memo->value[k] = (int32_t)own.value;
            v->memo->dest[k] = (int16_t)own.order.dest;
            v->memo->hexes[k] = (int8_t)own.order.hexes;
            cca_policy_memo_looked(v->memo, k, &rs);
        }
        if (v->memo->value[k] > 0)
            consider(bm, v->memo->value[k], 1, l, v->memo->dest[k], v->memo->hexes[k]);
    }
}

/* Whether a change at cell c can change the reach of a piece at cell d
 * moving `max` hexes: only the hexes within max of it are looked at. */
static int close_to(const cca_board *b, int c, int d, int max)
{
    if (d < 0)
        return 1;
    int dq = b->q[c] - b->q[d], dr = b->r[c] - b->r[d], ds = dq + dr;
    return (abs(dq) + abs(dr) + abs(ds)) / 2 <= max;
}

void cca_policy_memo_moved(cca_policy_memo *m, const cca_board *b, const cca_field *f, int from, int to)
{
    for (int k = 0; k < 2; k++) {
        int c = k ? to : from;
        if (c < 0)
            continue;
        for (uint64_t left = m->valid | m->moves_valid; left; left &= left - 1) {
            int i = __builtin_ctzll(left);
            int drop;
            if (m->by_sets >> i & 1) {
                drop = c < 128 && (m->looked[i][c >> 6] >> (c & 63) & 1);
            } else {
                int leader = i >= f->n_units;
                int cell = leader ? f->leaders[i - f->n_units].cell : f->units[i].cell;
                int max = leader ? cca_leader_allowance(&f->leaders[i - f->n_units]) : cca_unit_allowance(&f->units[i]);
                drop = close_to(b, c, cell, max);
            }
            if (drop) {
                m->valid &= ~(UINT64_C(1) << i);
                m->moves_valid &= ~(UINT64_C(1) << i);
            }
        }
    }
}

/* The best move of unit u (un) under advance or protect from the sets of
 * its reach and of the enemy distances (v->near): what unit_best's loop
 * over the reach's list finds. A move's score is 100 a hex nearer the
 * nearest enemy, 50 more if it ends next to one and may battle, less its
 * hexes; of equal scores the first of the list (by hexes, then cell). So
 * the best ends as near the enemy as any (no destination is more than its
 * hexes nearer than the start, so the search for that distance starts
 * there), and of those: one that may battle, fewest hexes, lowest cell. */
static void unit_best_sets(const cca_policy_spec *p, const cca_view *v, int u, int guard, const cca_reach_sets *s,
                           best_move *ub)
{
    __extension__ typedef unsigned __int128 u128;
    const cca_unit *un = &v->field->units[u];
    const cca_enemy_near *en = v->near;
    int cur = v->enemy_dist[un->cell];
    if (en->n == 0 || cur == 0)
        return;
    const cca_reach_sets rs = *s;
#define NEAR(k) ((u128)en->within[(k) < en->n ? (k) : en->n - 1][0] | (u128)en->within[(k) < en->n ? (k) : en->n - 1][1] << 64)
    u128 allowed = NEAR(cur - 1);
    if (guard && un->leader >= 0)
        allowed &= ~NEAR(1);
    u128 c1 = rs.max >= 1 ? ((u128)rs.ends[1][0] | (u128)rs.ends[1][1] << 64) & allowed : 0;
    u128 c2 = rs.max >= 2 ? ((u128)rs.ends[2][0] | (u128)rs.ends[2][1] << 64) & allowed : 0;
    if (!p->dash && un->type == CCA_INFANTRY && un->rank == CCA_TRIANGLE)
        c2 = 0;
    if (!(c1 | c2))
        return;
    int e = cur - rs.max > 1 ? cur - rs.max : 1;
    u128 x1, x2;
    for (;; e++) {
        u128 w = NEAR(e);
        x1 = c1 & w, x2 = c2 & w;
        if (x1 | x2)
            break;
    }
#undef NEAR
    int h = 0, c = -1, battle = 0;
    for (int k = 1; k <= 2 && e == 1 && !battle; k++)
        for (u128 x = k == 1 ? x1 : x2; x && !battle; x &= x - 1) {
            int cell = (uint64_t)x ? __builtin_ctzll((uint64_t)x) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
            if (cca_unit_may_battle_after(v->board, un, k, cell))
                battle = 1, h = k, c = cell;
        }
    if (!battle) {
        h = x1 ? 1 : 2;
        u128 x = x1 ? x1 : x2;
        c = (uint64_t)x ? __builtin_ctzll((uint64_t)x) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
    }
    *ub = (best_move){100L * (cur - e) + (battle ? 50 : 0) - h, {0, u, c, h}};
}

/* Unit u's best move under advance (hold: 0) or hold (hold: 1) into *ub,
 * from the memo when it holds. */
/* RULE cca.policy.aims */
static void unit_best(const cca_policy_spec *p, const cca_view *v, int u, int guard, int hold, best_move *ub)
{
    *ub = (best_move){0, {0, u, 0, 0}};
    if (v->memo && (v->memo->valid >> u & 1)) {
        *ub = (best_move){v->memo->value[u], {0, u, v->memo->dest[u], v->memo->hexes[u]}};
        return;
    }
    const cca_unit *un = &v->field->units[u];
    cca_reach r;
    cca_reach_sets rs;
    if (v->near) {
        if (cca_piece_sets(v->board, v->field, 0, u, &rs) > 0 && !hold)
            unit_best_sets(p, v, u, guard, &rs, ub);
        int cur = hold ? abs(v->board->depth[v->side][un->cell] - p->line) : 0;
        for (int h = 1; h <= rs.max && cur > 0; h++) /* hold: the list's order */
            for (int i = 0; i < 2; i++)
                for (uint64_t w = rs.ends[h][i]; w; w &= w - 1) {
                    int c = 64 * i + __builtin_ctzll(w);
                    int off = abs(v->board->depth[v->side][c] - p->line);
                    if (off >= cur)
                        continue;
                    int stranded = cca_edist(v, c) == 1 && !cca_unit_may_battle_after(v->board, un, h, c);
                    consider(ub, 100L * (cur - off) - (stranded ? 50 : 0) - h, 0, u, c, h);
                }
    } else if (cca_unit_reach(v->board, v->field, u, &r) > 0) {
        if (!hold) {
            int cur = cca_edist(v, un->cell);
            for (int i = 0; i < r.n_dest; i++) {
                int c = r.dest[i], e = cca_edist(v, c), h = r.hexes[i];
                if (e >= cur || (guard && un->leader >= 0 && e <= 1))
                    continue;
                if (!p->dash && un->type == CCA_INFANTRY && un->rank == CCA_TRIANGLE && h > 1)
                    continue;
                int battle = e == 1 && cca_unit_may_battle_after(v->board, un, h, c);
                consider(ub, 100L * (cur - e) + (battle ? 50 : 0) - h, 0, u, c, h);
            }
        } else {
            int cur = abs(v->board->depth[v->side][un->cell] - p->line);
            for (int i = 0; i < r.n_dest && cur > 0; i++) {
                int c = r.dest[i], h = r.hexes[i];
                int off = abs(v->board->depth[v->side][c] - p->line);
                if (off >= cur)
                    continue;
                int stranded = cca_edist(v, c) == 1 && !cca_unit_may_battle_after(v->board, un, h, c);
                consider(ub, 100L * (cur - off) - (stranded ? 50 : 0) - h, 0, u, c, h);
            }
        }
    }
    if (v->memo) {
        v->memo->valid |= UINT64_C(1) << u;
        v->memo->value[u] = (int32_t)ub->value;
        v->memo->dest[u] = (int16_t)ub->order.dest;
        v->memo->hexes[u] = (int8_t)ub->order.hexes;
        cca_policy_memo_looked(v->memo, u, v->near ? &rs : NULL);
    }
}

/* The most unit un's best move (unit_best) can score: its move of h
 * hexes brings it at most h nearer the enemy or its line, and its score is
 * 100 a hex nearer, less h, plus 50 for a battle (advance: only next to an
 * enemy). Advance ends at best max(1, cur - allowance) from the enemy. */
static long bound_of(const cca_policy_spec *p, const cca_view *v, const cca_unit *un, int hold)
{
    int hmax = cca_unit_allowance(un);
    if (hold) {
        int cur = abs(v->board->depth[v->side][un->cell] - p->line);
        return 99L * (cur < hmax ? cur : hmax);
    }
    if (!p->dash && un->type == CCA_INFANTRY && un->rank == CCA_TRIANGLE)
        hmax = 1;
    int cur = cca_edist(v, un->cell);
    int e = cur - hmax > 1 ? cur - hmax : 1;
    return cur <= 1 ? 0 : 99L * (cur - e) + (e == 1 ? 50 : 0);
}

/* Units next to an enemy stay and battle; the others move closer to the
 * nearest enemy (advance, protect: guard keeps units with a leader off
 * hexes next to an enemy) or towards the line p->line rows from the
 * baseline (hold). */
/* RULE cca.policy.aims */
static void units_move(const cca_policy_spec *p, const cca_view *v, int guard, int hold, best_move *bm)
{
    for (uint64_t left = v->units_left; left; left &= left - 1) {
        if (v->near && bm->value >= 1000000)
            break; /* no unit scores more than staying to battle (ties keep the first) */
        int u = __builtin_ctzll(left);
        const cca_unit *un = &v->field->units[u];
        if (cca_edist(v, un->cell) == 1 && (hold || !(guard && un->leader >= 0))) {
            consider(bm, 1000000, 0, u, CCA_STAY, 0);
            continue;
        }
        if (hold && p->line == v->board->depth[v->side][un->cell])
            continue;
        if (v->near && bound_of(p, v, un, hold) <= bm->value)
            continue; /* it cannot beat the best so far (ties keep the first) */
        best_move ub;
        unit_best(p, v, u, guard, hold, &ub);
        if (ub.value > 0)
            consider(bm, ub.value, 0, u, ub.order.dest, ub.order.hexes);
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
        int cur = cca_edist(v, ld->cell);
        if (cur > p->danger || cca_leader_reach(v->board, v->field, l, &r) == 0)
            continue;
        best_move own = {-1, {0, 0, 0, 0}};
        for (int i = 0; i < r.n_dest; i++) {
            int c = r.dest[i], e = cca_edist(v, c);
            if (v->field->unit_at[c] >= 0)
                consider(&own, 3000000L + e, 1, l, c, r.hexes[i]);
            else if (e > cur)
                consider(&own, 2000000L + e, 1, l, c, r.hexes[i]);
        }
        if (p->escape && r.exit_from >= 0)
            consider(&own, 2500000L, 1, l, CCA_EXIT, r.exit_hexes);
        if (own.value >= 0)
            consider(bm, own.value, 1, l, own.order.dest, own.order.hexes);
    }
}

/* RULE cca.policy.legal cca.policy.aims */
int cca_policy_order(const cca_policy_spec *p, const cca_view *v, mu_rng *rng, cca_order *o)
{
    best_move bm = {0, {0, 0, 0, 0}};
    switch (p->kind) {
    case CCA_RANDOM: return cca_policy_random_order(v, rng, o);
    case CCA_ADVANCE: units_move(p, v, 0, 0, &bm); break;
    case CCA_HOLD: units_move(p, v, 0, 1, &bm); break;
    case CCA_PROTECT:
        leaders_save(p, v, &bm);
        units_move(p, v, 1, 0, &bm);
        break;
    default: return 0;
    }
    leaders_join(v, &bm);
    if (bm.value <= 0)
        return 0;
    *o = bm.order;
    return 1;
}
