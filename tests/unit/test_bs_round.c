/* Battlesystem engine driven through whole Game Rounds by a random
 * player: every action the API offers, legal or not, many games, checking
 * invariants the rules must keep (no clause of its own: a robustness test
 * under the sanitizers). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "assert_close.h"

#include "battlesystem/bs_charge.h"
#include "battlesystem/bs_contact.h"
#include "battlesystem/bs_field.h"
#include "battlesystem/bs_march.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/bs_round.h"
#include "battlesystem/bs_rout.h"

#define IN 25.4
#define PI 3.14159265358979323846

static double uniform(mu_rng *g) { return mu_rng_next(g) / 4294967296.0; }

static int pick(mu_rng *g, int n) { return (int)mu_rng_bounded(g, (uint32_t)n); }

/* Two lines of units across a 6' x 4' table with a wood and a pond. */
static void deploy(bs_field *f, const bs_rules *r, mu_rng *g)
{
    bs_field_init(f);
    static const bs_kind kinds[4] = {BS_REGULAR, BS_REGULAR, BS_MOB, BS_SKIRMISHERS};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 5; i++) {
            bs_kind k = kinds[pick(g, 4)];
            bs_profile p = {k, 6.0 + 3 * pick(g, 4), 20.0, 20.0 + 10 * pick(g, 2), 12 + pick(g, 6),
                               8 + pick(g, 8), pick(g, 3) == 0, pick(g, 8) == 0};
            bs_formation form = k == BS_REGULAR   ? (pick(g, 2) ? BS_CLOSED : BS_OPEN)
                                   : k == BS_MOB     ? BS_MOB_FORMATION
                                                        : BS_SKIRMISH;
            double x = 150 + i * 350.0, y = side == 0 ? 300 : 920; /* depth <= 6 x 30 mm */
            bs_unit u = bs_unit_make(&p, r, side, 6 + pick(g, 10), 3 + pick(g, 3), form, mu_v2(x, y),
                                           side == 0 ? mu_v2(0, 1) : mu_v2(0, -1));
            u.entry = mu_v2(x, side == 0 ? 0 : 1219.2);
            u.hidden = pick(g, 10) == 0;
            bs_field_add(f, &u);
        }
}

static int last_action = -1; /* for failure messages */

static void random_action(bs_field *f, const bs_env *e, int u, mu_rng *g)
{
    int enemy = -1;
    for (int k = 0; k < 4 && enemy < 0; k++) {
        int v = pick(g, f->n_units);
        if (f->units[v].side != f->units[u].side)
            enemy = v;
    }
    last_action = pick(g, 12);
    switch (last_action) {
    case 0:
        bs_start(f, e, u, BS_MODE_FORCED, -1);
        break;
    case 1:
        bs_start(f, e, u, BS_MODE_CHARGE, enemy);
        break;
    case 2:
        bs_change_formation(f, e, u, pick(g, 2) ? BS_CLOSED : BS_OPEN);
        break;
    case 3:
        bs_face(f, e, u, (bs_face_turn)pick(g, 3));
        break;
    case 4:
        bs_turn(f, e, u, (uniform(g) - 0.5) * 2 * PI);
        break;
    case 5:
        bs_change_frontage(f, e, u, 1 + pick(g, 8));
        break;
    case 6:
        bs_wheel(f, e, u, (bs_pivot)pick(g, 2), (uniform(g) - 0.3) * PI / 2, NULL);
        break;
    case 7:
        bs_charge_run(f, e, u, (uniform(g) - 0.5) * PI / 2, NULL);
        break;
    case 8:
        bs_wrap_around(f, e, u, enemy, pick(g, 3), pick(g, 3), NULL);
        break;
    case 9:
        bs_fighting_withdrawal(f, e, u, (uint32_t)mu_rng_next(g), NULL);
        break;
    default:
        bs_advance(f, e, u, uniform(g) * 20 * IN, (uniform(g) - 0.5) * PI / 2, NULL);
        break;
    }
}

static void check_invariants(const bs_field *f, const bs_env *e)
{
    for (int a = 0; a < f->n_units; a++) {
        const bs_unit *u = &f->units[a];
        assert_true(u->ar >= u->ar_original);
        assert_true(u->figures >= 0);
        if (!bs_unit_alive(u))
            continue;
        assert_true(bs_formation_allowed(u->kind, u->formation));
        assert_true(u->frontage >= 1 && u->figures <= u->frontage * u->ranks);
        assert_close(mu_v2_len(u->facing), 1, 1e-9);
        if (u->state != BS_IDLE && !u->routed && u->side == f->phase_side && !u->frozen) {
            assert_true(u->used_mm <= bs_budget_mm(u, e->rules, u->mode) + 1e-6);
            /* Q&A 127.67: a charge that has not made contact moves within
             * its normal rate (the charge range is for the run into contact) */
            if (u->mode == BS_MODE_CHARGE && u->charge != BS_CHARGE_MADE &&
                !(u->used_mm <= bs_rate_mm(u) + 1e-6))
                fail_msg("unit %d: charge %d used %g mm of a %g mm rate (round %d, last action %d)", a,
                         (int)u->charge, u->used_mm, bs_rate_mm(u), f->round, last_action);
        }
        if (u->routed)
            continue;
        mu_vec2 c[4];
        bs_unit_corners(u, c);
        for (int k = 0; k < 4; k++)
            if (!(c[k].x > -1e-5 && c[k].x < e->table->width_mm + 1e-5 && c[k].y > -1e-5 &&
                  c[k].y < e->table->depth_mm + 1e-5))
                fail_msg("unit %d off the table at (%g, %g), round %d, last action %d", a, c[k].x,
                         c[k].y, f->round, last_action);
        for (int b = a + 1; b < f->n_units; b++) {
            const bs_unit *v = &f->units[b];
            if (!bs_unit_alive(v) || v->routed)
                continue;
            /* skirmishers may stand among friendly skirmishers (7.4) */
            if (u->side == v->side && u->formation == BS_SKIRMISH && v->formation == BS_SKIRMISH)
                continue;
            mu_vec2 d[4];
            bs_unit_corners(v, d);
            /* touching is allowed; interior overlap beyond a tolerance is not */
            double depth = INFINITY;
            for (int pass = 0; pass < 2; pass++) {
                const mu_vec2 *p = pass ? d : c;
                for (int i = 0; i < 4; i++) {
                    mu_vec2 ax = mu_v2_perp(mu_v2_sub(p[(i + 1) % 4], p[i]));
                    double l = mu_v2_len(ax);
                    ax = mu_v2_scale(ax, 1 / l);
                    double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
                    for (int k = 0; k < 4; k++) {
                        amin = fmin(amin, mu_v2_dot(c[k], ax));
                        amax = fmax(amax, mu_v2_dot(c[k], ax));
                        bmin = fmin(bmin, mu_v2_dot(d[k], ax));
                        bmax = fmax(bmax, mu_v2_dot(d[k], ax));
                    }
                    depth = fmin(depth, fmin(amax - bmin, bmax - amin));
                }
            }
            if (depth > 1e-3)
                fail_msg("units %d and %d overlap by %g mm (round %d, last action %d)", a, b, depth,
                         f->round, last_action);
        }
    }
}

/* Random play: 100 games of 8 rounds (scratch runs of 20000 games with
 * other seeds kept these invariants too). Among them: no charge short of
 * contact spends more than the normal rate (Q&A 127.67). */
/* RULE bs.move.budget-invariants bs.move.declared-charge-commits */
static void test_bs_random_rounds_keep_invariants(void **state)
{
    (void)state;
    bs_rules r = bs_rules_default();
    r.capture_enabled = 1;
    bs_table t = {0};
    t.width_mm = 1828.8;
    t.depth_mm = 1219.2;
    t.n_terrain = 2;
    t.terrain[0] = (bs_terrain){BS_TERRAIN_WOODS, 5, {{300, 500}, {700, 450}, {750, 700}, {500, 800}, {280, 680}}};
    t.terrain[1] = (bs_terrain){BS_TERRAIN_IMPASSABLE, 4, {{1100, 550}, {1400, 560}, {1380, 680}, {1120, 660}}};
    bs_tally tally = {0};
    for (uint64_t game = 0; game < 100; game++) {
        mu_rng g = mu_rng_for_game(7, game);
        mu_dice dice = mu_dice_from_rng(mu_rng_for_game(8, game));
        bs_env e = {&r, &t, &dice, &tally};
        bs_field f;
        deploy(&f, &r, &g);
        for (int round = 0; round < 8; round++) {
            int first = bs_roll_initiative(&r, &dice, NULL);
            bs_round_begin(&f, first);
            for (int u = 0; u < f.n_units; u++)
                if (f.units[u].routed && pick(&g, 2))
                    bs_rally(&f, &e, u, 0, NULL);
            for (int ph = 0; ph < 2; ph++) {
                int side = ph ? 1 - first : first;
                last_action = 100; /* routers moving */
                bs_phase_begin(&f, &e, side);
                check_invariants(&f, &e);
                for (int u = 0; u < f.n_units; u++) {
                    if (f.units[u].side != side)
                        continue;
                    int n = pick(&g, 4);
                    for (int a = 0; a < n; a++) {
                        random_action(&f, &e, u, &g);
                        check_invariants(&f, &e);
                    }
                    if (pick(&g, 2))
                        bs_finish(&f, &e, u, NULL);
                }
                bs_phase_end(&f, &e);
                check_invariants(&f, &e);
            }
            last_action = 200;
            /* melee stand-in: losses and Morale Checks */
            for (int u = 0; u < f.n_units; u++) {
                if (!bs_unit_alive(&f.units[u]) || !bs_enemy_contacts(&f, u))
                    continue;
                int n = pick(&g, 3);
                bs_unit_take_losses(&f.units[u], n, pick(&g, n + 1));
                if (bs_unit_alive(&f.units[u]) && !f.units[u].routed)
                    bs_morale_check(&f, &e, u, 0, 0, mu_v2(0, 0));
            }
            bs_round_end(&f, &e);
            check_invariants(&f, &e);
        }
    }
    /* the random player exercised the rules (the rarer paths, charges made,
     * wrap-arounds, withdrawals, have their own tests) */
    assert_true(tally.forced_marches > 0 && tally.charges_declared > 0 && tally.charges_short > 0);
    assert_true(tally.routs > 0 && tally.units_removed > 0);
    print_message("forced %u, charges %u made %u short %u too close %u, routs %u (chain %u), "
                  "withdrawals %u, wraps %u, removed %u, destroyed %u\n",
                  tally.forced_marches, tally.charges_declared, tally.charges_made, tally.charges_short,
                  tally.charges_too_close, tally.routs, tally.rout_chain, tally.withdrawals,
                  tally.wrap_arounds, tally.units_removed, tally.units_destroyed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bs_random_rounds_keep_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
