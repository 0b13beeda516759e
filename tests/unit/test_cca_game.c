/* The cca game around the movement clauses: command cards (deal, draw,
 * reshuffle), a turn ordering only the card's section, a unit and its
 * leader at one order, an adjacent unit staying to battle, and the
 * policies: legal orders only, each order serving the policy's aim, and
 * no order left out that would serve it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cca/cca_game.h"
#include "cca_fixture.h"
#include "muster/alloc.h"

#include <stdlib.h>

static void deck_of(cca_deck *d, const int *counts, const int *sections, const int *units, int n)
{
    memset(d, 0, sizeof *d);
    for (int k = 0; k < n; k++) {
        snprintf(d->kinds[k].name, sizeof d->kinds[k].name, "card %d", k);
        d->kinds[k].section = (uint8_t)sections[k];
        d->kinds[k].units = (uint8_t)units[k];
        d->kinds[k].count = (uint8_t)counts[k];
        d->size += counts[k];
    }
    d->n_kinds = n;
}

/* The deal: the whole deck shuffled, hands dealt one card at a time from
 * the top starting with the first side; a played card is replaced from
 * the pile; an empty pile is made again from the discards. */
/* RULE cca.cards.deck cca.cards.hand cca.cards.draw cca.cards.shuffle */
static void test_cca_cards_deal_draw_reshuffle(void **state)
{
    (void)state;
    cca_deck d;
    deck_of(&d, (const int[]){2, 3, 1}, (const int[]){0, 1, 2}, (const int[]){1, 2, 3}, 3);
    /* faces 1: every Fisher-Yates swap takes j = 0: pile 1 1 1 2 0 0 -> after the swaps (from i = 5 down):
     * a fixed order worked out by hand below */
    static const uint8_t ones[64] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                     1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    mu_dice dice = mu_dice_scripted(ones, sizeof ones);
    cca_cards c;
    cca_cards_deal(&d, (const int[]){2, 2}, 1, &c, &dice);
    /* before: 0 0 1 1 1 2; swaps with 0 for i = 5..1 rotate: 2 0 1 1 1 0 -> ... compute by the same steps */
    uint8_t want[6] = {0, 0, 1, 1, 1, 2};
    for (int i = 5; i > 0; i--) {
        uint8_t t = want[i];
        want[i] = want[0];
        want[0] = t;
    }
    /* top is want[5]: side 1 gets it, then side 0, side 1, side 0 */
    assert_int_equal(c.hand[1][0], want[5]);
    assert_int_equal(c.hand[0][0], want[4]);
    assert_int_equal(c.hand[1][1], want[3]);
    assert_int_equal(c.hand[0][1], want[2]);
    assert_int_equal(c.n_pile, 2);
    /* play until the pile is made again; cards are never lost */
    mu_dice gen = mu_dice_from_rng(mu_rng_for_game(5, 5));
    for (int t = 0; t < 20; t++) {
        int side = t & 1;
        int before = c.hand[side][0];
        int kind = cca_cards_play(&c, side, 0, &gen);
        assert_int_equal(kind, before);
        int count[3] = {0, 0, 0};
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < c.n_hand[s]; i++)
                count[c.hand[s][i]]++;
        for (int i = 0; i < c.n_pile; i++)
            count[c.pile[i]]++;
        for (int i = 0; i < c.n_discard; i++)
            count[c.discard[i]]++;
        assert_int_equal(count[0], 2);
        assert_int_equal(count[1], 3);
        assert_int_equal(count[2], 1);
        assert_int_equal(c.n_hand[side], 2);
    }
    assert_true(c.reshuffles >= 5);
}

/* A small study: a 9 x 7 board, sections at 3 and 6, the units given. */
static cca_study *study(int units_per_side)
{
    cca_study *st = mu_xcalloc(1, sizeof *st);
    assert_int_equal(cca_board_init(&st->board, 9, 7, 3, 6), 0);
    cca_field_init(&st->start);
    for (int i = 0; i < units_per_side; i++) {
        fx_unit(&st->board, &st->start, 1 + 3 * i, 6, 0, CCA_INFANTRY, (cca_rank)(i % 3));
        fx_unit(&st->board, &st->start, 1 + 3 * i, 0, 1, CCA_INFANTRY, (cca_rank)(i % 3));
    }
    for (int u = 0; u < st->start.n_units; u++)
        snprintf(st->unit_names[u], MU_NAME_MAX, "u%d", u);
    strcpy(st->side_names[0], "Blue");
    strcpy(st->side_names[1], "Red");
    st->hand[0] = st->hand[1] = 1;
    st->turns = 5;
    st->n_arms = 1;
    st->arms[0].side[0] = cca_policy_defaults(CCA_ADVANCE);
    st->arms[0].side[1] = cca_policy_defaults(CCA_ADVANCE);
    return st;
}

/* A card orders pieces of its section only (the player's own left: the
 * board's right for sides[1]), at most its count; the orders issued and
 * used are counted. */
/* RULE cca.game.order-section */
static void test_cca_card_orders_only_its_section(void **state)
{
    (void)state;
    for (int side = 0; side < 2; side++) {
        cca_study *st = study(3); /* units at cols 1 (left), 4 (centre), 7 (right) */
        deck_of(&st->deck, (const int[]){4}, (const int[]){CCA_LEFT}, (const int[]){2}, 1);
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(1, 1));
        cca_game g;
        cca_game_start(st, 0, mu_rng_for_game(2, 2), &dice, &g);
        mu_sink sink = {0};
        cca_game_side_turn(st, &g, side, &dice, &sink);
        int moved_col = side == 0 ? 1 : 7;
        for (int u = 0; u < g.field.n_units; u++) {
            int col, row;
            cca_board_name(&st->board, st->start.units[u].cell, &col, &row);
            int moved = g.field.units[u].cell != st->start.units[u].cell;
            assert_int_equal(moved, g.field.units[u].side == side && col == moved_col);
        }
        assert_int_equal(g.tally.orders_issued[side][CCA_LEFT], 2);
        assert_int_equal(g.tally.orders_used[side][CCA_LEFT], 1); /* one unit there */
        assert_int_equal(g.tally.cards[side][CCA_LEFT], 1);
        free(st);
    }
}

/* A unit and the leader with it are ordered together at one order: a
 * one-unit card moves both; an adjacent unit is ordered to stay and may
 * battle, counted as able to battle and as the first adjacency. */
/* RULE cca.leader.with-unit cca.move.need-not-move cca.game.first-adjacency */
static void test_cca_unit_and_leader_one_order_and_adjacent_stays(void **state)
{
    (void)state;
    cca_study *st = study(1);
    int l = fx_leader(&st->board, &st->start, 1, 6, 0, CCA_INFANTRY);
    snprintf(st->leader_names[l], MU_NAME_MAX, "L");
    deck_of(&st->deck, (const int[]){4}, (const int[]){CCA_LEFT}, (const int[]){1}, 1);
    mu_dice dice = mu_dice_from_rng(mu_rng_for_game(1, 1));
    cca_game g;
    cca_game_start(st, 0, mu_rng_for_game(2, 2), &dice, &g);
    mu_sink sink = {0};
    cca_game_side_turn(st, &g, 0, &dice, &sink);
    assert_int_equal(g.tally.orders_used[0][CCA_LEFT], 1);
    assert_int_equal(g.field.leaders[l].cell, g.field.units[0].cell);
    assert_true(g.field.units[0].cell != st->start.units[0].cell);
    assert_int_equal(g.tally.splits[0], 0);

    /* a unit next to an enemy: advance orders it to stay */
    cca_study *s2 = study(0);
    fx_unit(&s2->board, &s2->start, 1, 3, 0, CCA_INFANTRY, CCA_CIRCLE);
    fx_unit(&s2->board, &s2->start, 1, 2, 1, CCA_INFANTRY, CCA_CIRCLE);
    deck_of(&s2->deck, (const int[]){4}, (const int[]){CCA_LEFT}, (const int[]){1}, 1);
    cca_game_start(s2, 0, mu_rng_for_game(2, 2), &dice, &g);
    assert_int_equal(g.tally.first_adjacency, 0);
    cca_game_side_turn(s2, &g, 0, &dice, &sink);
    assert_int_equal(g.field.units[0].cell, s2->start.units[0].cell);
    assert_int_equal(g.tally.orders_used[0][CCA_LEFT], 1);
    assert_int_equal(g.tally.units_moved[0], 0);
    assert_int_equal(g.tally.able_to_battle[0], 1);
    free(st);
    free(s2);
}

/* A random position: units and leaders of both sides (a leader alone or
 * with a unit), some terrain. */
static void random_position_sized(cca_board *b, cca_field *f, mu_rng *rng, int width, int rows)
{
    fx_board(b, f, width, rows);
    fx_terrain(b, "wall", 1, 0, 0);
    fx_terrain(b, "woods", 0, 1, 1);
    for (int c = 0; c < b->grid.n_cells; c++) {
        if (b->kind[c] != CCA_CELL_HEX)
            continue;
        uint32_t x = mu_rng_bounded(rng, 100);
        b->terrain[c] = (uint8_t)(x < 5 ? 1 : x < 12 ? 2 : 0);
        if (b->terrain[c] == 1)
            continue;
        x = mu_rng_bounded(rng, 100);
        int side = (int)mu_rng_bounded(rng, 2);
        if (x < 20 && f->n_units < CCA_MAX_UNITS) {
            int cav = mu_rng_bounded(rng, 3) == 0;
            cca_field_add_unit(f, c, side, cav ? CCA_CAVALRY : CCA_INFANTRY,
                               cav ? CCA_SQUARE : (cca_rank)mu_rng_bounded(rng, 3));
            if (mu_rng_bounded(rng, 4) == 0 && f->n_leaders < CCA_MAX_LEADERS) /* a leader with it */
                cca_field_add_leader(f, c, side, cav ? CCA_CAVALRY : (cca_type)mu_rng_bounded(rng, 2));
        } else if (x < 25 && f->n_leaders < CCA_MAX_LEADERS) {
            cca_field_add_leader(f, c, side, (cca_type)mu_rng_bounded(rng, 2));
        }
    }
    cca_board_sync(b);
}

static void random_position(cca_board *b, cca_field *f, mu_rng *rng)
{
    int width = 7 + (int)mu_rng_bounded(rng, 6);
    random_position_sized(b, f, rng, width, 5 + (int)mu_rng_bounded(rng, 5));
}

/* cca_enemy_distance gives every cell its hex distance to the nearest
 * enemy unit (255 without one, and on the grid's cells outside it: see
 * mu_hex_grid_init), worked out pair by pair; so does the lazy view
 * (cca_edist) on the battlefield. Boards of at most 128
 * cells (the 128-bit path) and bigger ones (sets of any size). */
static void test_cca_enemy_distance_is_nearest_hex_distance(void **state)
{
    (void)state;
    mu_rng rng = mu_rng_for_game(15, 2);
    long cells = 0, big = 0;
    for (int trial = 0; trial < 200; trial++) {
        cca_board b;
        cca_field f;
        int w = trial % 2 ? 14 + (int)mu_rng_bounded(&rng, 7) : 3 + (int)mu_rng_bounded(&rng, 10);
        int rows = trial % 2 ? 10 + (int)mu_rng_bounded(&rng, 7) : 2 + (int)mu_rng_bounded(&rng, 8);
        random_position_sized(&b, &f, &rng, w, rows);
        big += b.grid.words > 2;
        for (int of = 0; of < 2; of++) {
            uint8_t dist[CCA_MAX_CELLS], lazy[CCA_MAX_CELLS];
            cca_enemy_distance(&b, &f, of, dist);
            cca_view v = {.board = &b, .field = &f, .side = 1 - of};
            cca_view_lazy_enemy(&v, lazy);
            for (int c = 0; c < b.grid.n_cells; c++) {
                int want = 255;
                if (mu_hex_grid_cell(&b.grid, mu_hex_grid_hex(&b.grid, c)) == c)
                    for (int u = 0; u < f.n_units; u++)
                        if (f.units[u].side == of && f.units[u].cell >= 0) {
                            int d = mu_hex_distance(mu_hex_grid_hex(&b.grid, c), mu_hex_grid_hex(&b.grid, f.units[u].cell));
                            want = d < want ? d : want;
                        }
                assert_int_equal(dist[c], want);
                if (b.kind[c] != CCA_CELL_NONE)
                    assert_int_equal(cca_edist(&v, c), want);
                cells++;
            }
        }
    }
    print_message("%ld cells compared, %ld boards of more than 128 cells\n", cells, big);
    assert_true(big == 100 && cells > 50000);
}

/* advance's card, worked out again from the unit counts per section
 * (cca_policy.h): the most usable orders, then the card's size, +1000 for
 * the enemy's weakest section (fewest enemy units; ties centre, left,
 * right) when weakest is set and he has units there. */
static int ref_advance_card(const cca_policy_spec *p, const cca_view *v, const cca_cards *cards)
{
    int mine[CCA_SECTIONS] = {0}, theirs[CCA_SECTIONS] = {0};
    for (int u = 0; u < v->field->n_units; u++) {
        const cca_unit *un = &v->field->units[u];
        for (int s = 0; s < CCA_SECTIONS && un->cell >= 0; s++)
            if (v->board->section[un->cell] & cca_board_section_for(v->side, s))
                (un->side == v->side ? mine : theirs)[s]++;
    }
    static const int order[CCA_SECTIONS] = {CCA_CENTRE, CCA_LEFT, CCA_RIGHT};
    int weak = CCA_CENTRE;
    for (int i = 1; i < CCA_SECTIONS; i++)
        if (theirs[order[i]] < theirs[weak])
            weak = order[i];
    int best = 0;
    long best_score = -1;
    for (int slot = 0; slot < cards->n_hand[v->side]; slot++) {
        const cca_card_kind *k = &v->deck->kinds[cards->hand[v->side][slot]];
        int m = mine[k->section];
        long score = 10L * (m < k->units ? m : k->units) + k->units;
        if (p->weakest && k->section == weak && m > 0)
            score += 1000;
        if (score > best_score)
            best_score = score, best = slot;
    }
    return best;
}

/* advance picks its card from his and the enemy's units in each section
 * (his own view: sides[1]'s left is the board's right; line hexes count in
 * both), as the reference works it out, on random positions (a quarter on
 * boards of more than 128 cells) and hands. */
static void test_cca_advance_card_counts_units_by_section(void **state)
{
    (void)state;
    static const int counts[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
    static const int sections[9] = {0, 1, 2, 0, 1, 2, 0, 1, 2};
    static const int units[9] = {1, 1, 1, 2, 2, 2, 3, 3, 3};
    cca_deck deck;
    deck_of(&deck, counts, sections, units, 9);
    mu_rng rng = mu_rng_for_game(15, 3);
    int picks[CCA_MAX_HAND] = {0}, big = 0;
    for (int trial = 0; trial < 600; trial++) {
        cca_board b;
        cca_field f;
        if (trial % 4 == 3) /* more than 128 cells: the counts' loop over words */
            random_position_sized(&b, &f, &rng, 14 + (int)mu_rng_bounded(&rng, 7), 10 + (int)mu_rng_bounded(&rng, 7));
        else
            random_position(&b, &f, &rng);
        big += b.grid.words > 2;
        cca_policy_spec p = cca_policy_defaults(CCA_ADVANCE);
        p.weakest = trial % 3 != 0;
        int side = trial & 1;
        uint8_t edist[CCA_MAX_CELLS];
        cca_enemy_distance(&b, &f, 1 - side, edist);
        cca_view v = {.board = &b, .field = &f, .deck = &deck, .side = side, .enemy_dist = edist};
        cca_cards cards;
        memset(&cards, 0, sizeof cards);
        cards.n_hand[side] = 1 + (int)mu_rng_bounded(&rng, 5);
        for (int i = 0; i < cards.n_hand[side]; i++)
            cards.hand[side][i] = (uint8_t)mu_rng_bounded(&rng, 9);
        int slot = cca_policy_card(&p, &v, &cards, &rng);
        assert_int_equal(slot, ref_advance_card(&p, &v, &cards));
        picks[slot]++;
    }
    assert_true(picks[0] > 0 && picks[1] > 0 && picks[2] > 0);
    assert_true(big == 150);
}

/* The aim measure of a policy for unit u at cell c (lower is better):
 * advance, protect: distance to the nearest enemy; hold: rows off its line. */
static int aim(const cca_policy_spec *p, const cca_view *v, int c)
{
    if (p->kind == CCA_HOLD)
        return abs(v->board->depth[v->side][c] - p->line);
    return v->enemy_dist[c];
}

/* Every order of every policy is legal (a piece of the section not yet
 * ordered; a destination in its reach, with the hexes the reach gives it,
 * and the move made with those hexes (cca_move_unit_known) the move the
 * checked call makes; stay only for a unit next to an enemy), each
 * scripted policy's unit move improves its aim, and when a scripted
 * policy stops, no unit left had a move improving its aim. */
/* The same orders come with the turn's memo as without it, and from the
 * sets of the reach and the enemy distances (cca_enemy_near) as from the
 * reach's list. */
/* RULE cca.policy.legal cca.policy.aims */
static void test_cca_policies_legal_and_serving_their_aims(void **state)
{
    (void)state;
    mu_rng rng = mu_rng_for_game(77, 1);
    long orders[CCA_POLICIES] = {0}, by_sets = 0;
    for (int trial = 0; trial < 400; trial++) {
        cca_board b;
        cca_field f;
        random_position(&b, &f, &rng);
        cca_policy_spec p = cca_policy_defaults((cca_policy_kind)(trial % CCA_POLICIES));
        p.line = 1 + trial % 3;
        p.dash = trial % 7 != 3;
        int side = (trial / 4) & 1;
        uint8_t edist[CCA_MAX_CELLS];
        static cca_enemy_near near;
        cca_enemy_distance_sets(&b, &f, 1 - side, edist, &near);
        /* on boards of at most 128 cells, moves chosen from sets */
        cca_view v = {.board = &b, .field = &f, .side = side, .enemy_dist = edist, .near = near.n ? &near : NULL};
        by_sets += v.near != NULL;
        for (int u = 0; u < f.n_units; u++)
            if (f.units[u].side == side)
                v.units_left |= UINT64_C(1) << u;
        for (int l = 0; l < f.n_leaders; l++)
            if (f.leaders[l].side == side)
                v.leaders_left |= 1u << l;
        /* the same turn again with the memo and scoring each destination
         * of the reach's list (no sets): the same orders */
        cca_field f2 = f;
        uint8_t edist2[CCA_MAX_CELLS];
        cca_policy_memo memo = {0};
        cca_view v2 = v;
        v2.field = &f2, v2.memo = &memo, v2.near = NULL;
        cca_view_lazy_enemy(&v2, edist2);
        /* and with the memo and the sets (the game's way: entries dropped
         * when a move touches a hex their search looked at) */
        cca_field f3 = f;
        cca_policy_memo memo3 = {0};
        cca_view v3 = v;
        v3.field = &f3, v3.memo = &memo3;
        cca_order o;
        for (int n = 0; n < 6; n++) {
            mu_rng rng2 = rng, rng3 = rng;
            cca_order o2, o3;
            int more = cca_policy_order(&p, &v, &rng, &o), more2 = cca_policy_order(&p, &v2, &rng2, &o2);
            assert_int_equal(more, more2);
            assert_int_equal(more, cca_policy_order(&p, &v3, &rng3, &o3));
            if (!more)
                break;
            assert_memory_equal(&o, &o2, sizeof o);
            assert_memory_equal(&o, &o3, sizeof o);
            if (o.dest != CCA_STAY) {
                int from = o.leader ? f2.leaders[o.piece].cell : f2.units[o.piece].cell;
                cca_move_result res2;
                if (o.leader)
                    assert_int_equal(cca_move_leader(&b, &f2, o.piece, o.dest, NULL, &res2), 0);
                else
                    assert_int_equal(cca_move_unit(&b, &f2, o.piece, o.dest, NULL, &res2), 0);
                cca_policy_memo_moved(&memo, &b, &f2, from, o.dest);
                if (o.leader)
                    cca_move_leader_known(&b, &f3, o.piece, o.dest, o.hexes, &res2);
                else
                    cca_move_unit_known(&b, &f3, o.piece, o.dest, o.hexes, &res2);
                cca_policy_memo_moved(&memo3, &b, &f3, from, o.dest);
            }
            orders[p.kind]++;
            cca_reach r;
            cca_move_result res;
            if (o.dest != CCA_STAY) {
                /* the order's hexes are the reach's, and a move made with them
                 * is the move the checked call makes */
                if (o.leader)
                    cca_leader_reach(&b, &f, o.piece, &r);
                else
                    cca_unit_reach(&b, &f, o.piece, &r);
                assert_int_equal(o.hexes, cca_reach_hexes(&r, o.dest));
                cca_field known = f;
                cca_move_result res_known;
                if (o.leader)
                    cca_move_leader_known(&b, &known, o.piece, o.dest, o.hexes, &res_known);
                else
                    cca_move_unit_known(&b, &known, o.piece, o.dest, o.hexes, &res_known);
                cca_field checked = f;
                if (o.leader)
                    assert_int_equal(cca_move_leader(&b, &checked, o.piece, o.dest, NULL, &res), 0);
                else
                    assert_int_equal(cca_move_unit(&b, &checked, o.piece, o.dest, NULL, &res), 0);
                assert_memory_equal(&known, &checked, sizeof known);
                assert_memory_equal(&res_known, &res, sizeof res);
            } else {
                assert_int_equal(o.hexes, 0);
            }
            if (o.leader) {
                assert_true(v.leaders_left >> o.piece & 1);
                cca_leader_reach(&b, &f, o.piece, &r);
                assert_int_equal(cca_move_leader(&b, &f, o.piece, o.dest, &r, &res), 0);
                v.leaders_left &= ~(1u << o.piece);
            } else {
                assert_true(v.units_left >> o.piece & 1);
                int from = f.units[o.piece].cell;
                if (o.dest == CCA_STAY) {
                    assert_true(p.kind != CCA_RANDOM);
                    assert_true(cca_unit_adjacent_enemy(&b, &f, o.piece));
                } else {
                    cca_unit_reach(&b, &f, o.piece, &r);
                    assert_int_equal(cca_move_unit(&b, &f, o.piece, o.dest, &r, &res), 0);
                    if (p.kind != CCA_RANDOM && o.dest >= 0)
                        assert_true(aim(&p, &v, o.dest) < aim(&p, &v, from));
                }
                v.units_left &= ~(UINT64_C(1) << o.piece);
                if (f.units[o.piece].leader >= 0)
                    v.leaders_left &= ~(1u << f.units[o.piece].leader);
            }
            v2.units_left = v3.units_left = v.units_left, v2.leaders_left = v3.leaders_left = v.leaders_left;
            assert_true(cca_field_valid(&b, &f));
        }
        if (p.kind == CCA_RANDOM || cca_policy_order(&p, &v, &rng, &o))
            continue;
        /* it stopped: no unit left could serve its aim */
        for (int u = 0; u < f.n_units; u++) {
            if (!(v.units_left >> u & 1))
                continue;
            cca_reach r;
            cca_unit_reach(&b, &f, u, &r);
            int cur = aim(&p, &v, f.units[u].cell);
            assert_false(edist[f.units[u].cell] == 1 && !(p.kind == CCA_PROTECT && f.units[u].leader >= 0));
            for (int i = 0; i < r.n_dest; i++) {
                int c = r.dest[i];
                int barred = p.kind == CCA_PROTECT && f.units[u].leader >= 0 && edist[c] <= 1;
                assert_false(aim(&p, &v, c) < cur && !barred);
            }
        }
    }
    for (int k = 0; k < CCA_POLICIES; k++)
        assert_true(orders[k] > 100);
    assert_true(by_sets > 300);
}

/* protect: a threatened lone leader joins a friendly unit if he can, else
 * leaves by his baseline (escape: true), and never stays. */
/* RULE cca.policy.protect */
static void test_cca_protect_saves_threatened_leaders(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        cca_board b;
        cca_field f;
        fx_board(&b, &f, 9, 5);
        int l = fx_leader(&b, &f, 4, 4, 0, CCA_INFANTRY);
        fx_unit(&b, &f, 4, 3, 1, CCA_INFANTRY, CCA_CIRCLE); /* an enemy next to him */
        if (k == 0)
            fx_unit(&b, &f, 6, 4, 0, CCA_INFANTRY, CCA_CIRCLE); /* a friend 2 hexes away */
        uint8_t edist[CCA_MAX_CELLS];
        cca_enemy_distance(&b, &f, 1, edist);
        cca_view v = {.board = &b, .field = &f, .side = 0, .enemy_dist = edist, .leaders_left = 1u << l};
        cca_policy_spec p = cca_policy_defaults(CCA_PROTECT);
        mu_rng rng = mu_rng_for_game(1, 1);
        cca_order o;
        assert_int_equal(cca_policy_order(&p, &v, &rng, &o), 1);
        assert_int_equal(o.leader, 1);
        assert_int_equal(o.dest, k == 0 ? fx_cell(&b, 6, 4) : CCA_EXIT);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cca_cards_deal_draw_reshuffle),
        cmocka_unit_test(test_cca_card_orders_only_its_section),
        cmocka_unit_test(test_cca_unit_and_leader_one_order_and_adjacent_stays),
        cmocka_unit_test(test_cca_policies_legal_and_serving_their_aims),
        cmocka_unit_test(test_cca_enemy_distance_is_nearest_hex_distance),
        cmocka_unit_test(test_cca_advance_card_counts_units_by_section),
        cmocka_unit_test(test_cca_protect_saves_threatened_leaders),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
