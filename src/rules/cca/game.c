/* A game of Commands & Colors movement (cca_game.h): the deal, and a
 * player's turn of card, orders and moves, with its tally and trace. */
#include "cca/cca_game.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

static const char *const section_names[CCA_SECTIONS] = {"left", "centre", "right"};

/* The board section of cell c for the statistics: a hex on a section
 * line counts as centre. */
static int stat_section(const cca_board *b, int c)
{
    unsigned bits = b->section[c];
    return (bits & 1u << CCA_CENTRE) ? CCA_CENTRE : (bits & 1u << CCA_LEFT) ? CCA_LEFT : CCA_RIGHT;
}

void cca_game_clear(cca_game *g)
{
    memset(g, 0, offsetof(cca_game, seen));
    g->seen[0].valid = g->seen[1].valid = 0;
}

/* RULE cca.cards.hand */
void cca_game_start(const cca_study *st, int arm, mu_rng rng, mu_dice *dice, cca_game *g)
{
    cca_game_clear(g);
    g->field = st->start;
    g->arm = arm;
    g->policy_rng = rng;
    g->tally.first_adjacency = -1;
    g->tally.first_section = -1;
    g->tally.first_side = -1;
    cca_cards_deal(&st->deck, st->hand, st->first, &g->cards, dice);
    for (int u = 0; u < g->field.n_units; u++)
        if (cca_unit_adjacent_enemy(&st->board, &g->field, u)) {
            g->tally.first_adjacency = 0;
            g->tally.first_section = (int8_t)stat_section(&st->board, g->field.units[u].cell);
            break;
        }
}

/* The [col, row] name of cell c, for the trace (empty without one). */
static void where(const mu_sink *sink, const cca_board *b, int c, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!sink->trace)
        return;
    if (c == CCA_EXIT) {
        snprintf(buf, len, "off the battlefield");
        return;
    }
    int col, row;
    cca_board_name(b, c, &col, &row);
    snprintf(buf, len, "[%d,%d]", col, row);
}

/* Orders piece o (in the turn's section, not yet ordered) and counts it. */
static void apply(const cca_study *st, cca_game *g, int side, const cca_order *o, int n, mu_sink *sink)
{
    const cca_board *b = &st->board;
    cca_field *f = &g->field;
    cca_tally *t = &g->tally;
    char from[32], to[32];
    cca_move_result res;
    if (!o->leader) {
        cca_unit *un = &f->units[o->piece];
        where(sink, b, un->cell, from, sizeof from);
        int l = un->leader;
        if (o->dest == CCA_STAY) {
            /* RULE cca.move.need-not-move */
            res = (cca_move_result){.may_battle = cca_unit_may_battle_unmoved(f, o->piece),
                                    .adjacent = cca_unit_adjacent_enemy(b, f, o->piece)};
            mu_tracef(sink, "  order %d: unit %s %s%s stays%s", n, st->unit_names[o->piece], from,
                      l >= 0 ? " with its leader" : "", res.adjacent ? ", next to an enemy: may battle" : "");
        } else {
            cca_move_unit_known(b, f, o->piece, o->dest, o->hexes, &res);
            where(sink, b, o->dest, to, sizeof to);
            t->units_moved[side]++;
            t->unit_hexes[side] += (uint16_t)res.hexes;
            if (un->type == CCA_INFANTRY && un->rank == CCA_TRIANGLE) {
                /* RULE cca.move.infantry-triangle */
                if (res.hexes == 1)
                    t->triangle_battle[side]++;
                else if (res.hexes == 2)
                    t->triangle_dash[side]++;
            }
            t->joins[side] += (uint16_t)res.joined;
            t->units_exited[side] += (uint16_t)res.exited;
            mu_tracef(sink, "  order %d: unit %s%s %s -> %s, %d hex%s%s%s%s", n, st->unit_names[o->piece],
                      l >= 0 ? " with its leader" : "", from, to, res.hexes, res.hexes == 1 ? "" : "es",
                      res.joined ? ", stops and joins the leader there" : "",
                      res.exited ? ", leaves the battle" : res.may_battle ? ", may battle" : ", may not battle",
                      res.adjacent ? ", next to an enemy" : "");
        }
        if (l >= 0)
            g->leaders_ordered |= 1u << l;
        if (res.adjacent && res.may_battle)
            t->able_to_battle[side]++;
        /* RULE cca.game.first-adjacency */
        if (res.adjacent && t->first_adjacency < 0) {
            t->first_adjacency = (int16_t)(g->turn + 1);
            t->first_section = (int8_t)stat_section(b, un->cell);
            t->first_side = (int8_t)side;
        }
        return;
    }
    cca_leader *ld = &f->leaders[o->piece];
    where(sink, b, ld->cell, from, sizeof from);
    cca_move_leader_known(b, f, o->piece, o->dest, o->hexes, &res);
    where(sink, b, o->dest, to, sizeof to);
    t->leader_hexes[side] += (uint16_t)res.hexes;
    t->joins[side] += (uint16_t)res.joined;
    t->splits[side] += (uint16_t)res.split;
    t->escapes[side] += (uint16_t)res.exited;
    mu_tracef(sink, "  order %d: leader %s %s%s -> %s, %d hex%s%s%s", n, st->leader_names[o->piece], from,
              res.split ? " splits from his unit" : "", to, res.hexes, res.hexes == 1 ? "" : "es",
              res.joined ? ", joins the unit there" : "",
              res.exited ? ": out of the battle, no banner to the enemy" : "");
}

/* RULE cca.game.order-section cca.move.sequential cca.move.cross-sections */
void cca_game_side_turn(const cca_study *st, cca_game *g, int side, mu_dice *dice, mu_sink *sink)
{
    const cca_board *b = &st->board;
    const cca_policy_spec *p = &st->arms[g->arm].side[side];
    cca_field *f = &g->field;
    uint8_t edist[CCA_MAX_CELLS];
    cca_policy_memo memo;
    memo.valid = 0, memo.moves_valid = 0;
    cca_field_new_turn(f);
    g->leaders_ordered = 0;
    cca_view v = {.board = b, .field = f, .deck = &st->deck, .side = side, .memo = &memo, .enemy_dist = edist};
    if (p->kind == CCA_RANDOM) /* it never looks: worked out only if looked at */
        cca_view_lazy_enemy(&v, edist);
    else {
        cca_seen_enemy *e = &g->seen[side];
        if (!e->valid || memcmp(&e->units, &f->unit_set[1 - side], sizeof e->units) != 0) {
            cca_enemy_distance_sets(b, f, 1 - side, e->dist, &e->near);
            e->units = f->unit_set[1 - side];
            e->valid = 1;
        }
        v.enemy_dist = e->dist;
        v.near = e->near.n > 0 ? &e->near : NULL;
    }
    int slot = cca_policy_card(p, &v, &g->cards, &g->policy_rng);
    int kind = cca_cards_play(&g->cards, side, slot, dice);
    const cca_card_kind *k = &st->deck.kinds[kind];
    unsigned bits = cca_board_section_for(side, k->section);
    int nu = 0, nl = 0;
    const mu_hex_set *sec = &b->section_set[__builtin_ctz(bits)];
    for (int i = 0; i < b->grid.words; i++) {
        for (uint64_t w = f->unit_set[side].w[i] & sec->w[i]; w; w &= w - 1, nu++)
            v.units_left |= UINT64_C(1) << f->unit_at[64 * i + __builtin_ctzll(w)];
        for (uint64_t w = f->leader_set[side].w[i] & sec->w[i]; w; w &= w - 1, nl++)
            v.leaders_left |= 1u << f->leader_at[64 * i + __builtin_ctzll(w)];
    }
    cca_tally *t = &g->tally;
    t->cards[side][k->section]++;
    t->orders_issued[side][k->section] += k->units;
    mu_tracef(sink, "%s (%s) plays '%s': order %d in its %s section (%d unit%s, %d leader%s there)",
              st->side_names[side], cca_policy_name(p->kind), k->name, k->units, section_names[k->section], nu,
              nu == 1 ? "" : "s", nl, nl == 1 ? "" : "s");
    int used = 0;
    cca_order o;
    while (used < k->units && cca_policy_order(p, &v, &g->policy_rng, &o)) {
        assert(o.leader ? (v.leaders_left >> o.piece & 1) : (v.units_left >> o.piece & 1));
        int from = o.leader ? f->leaders[o.piece].cell : f->units[o.piece].cell;
        apply(st, g, side, &o, ++used, sink);
        if (o.dest != CCA_STAY)
            cca_policy_memo_moved(&memo, b, f, from, o.dest);
        if (o.leader)
            v.leaders_left &= ~(1u << o.piece);
        else
            v.units_left &= ~(UINT64_C(1) << o.piece);
        v.leaders_left &= ~g->leaders_ordered; /* ordered with their unit */
    }
    t->orders_used[side][k->section] += (uint16_t)used;
    mu_tracef(sink, "  %d of %d orders used", used, k->units);
}
