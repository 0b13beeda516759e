/* Army-list rules that shape a unit's own moves (src/rules/warmaster/
 * ARMY_RULES.md; wm_unit_rules in a unit's profile): the War Wagon's
 * column or laager and its "cannot charge", the Elephants' stampede, each
 * against the same situation without the rule. South (side 0) faces +y; stands 40 x 20 mm. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/wm_evade.h"
#include "warmaster/wm_formation.h"
#include "warmaster/wm_planner.h"
#include "wm_game_fixture.h"

static fixture fx;

#define BIT(u) (UINT64_C(1) << (u))

/* A two-stand War Wagon in laager (a line, front edge centred on (900,
 * 400), facing +y), 20 cm a move, with laager_move_cm 5 when `rule`. */
static int wagon(int rule)
{
    int w = fx_unit(&fx, 0, WM_ARTILLERY, 2, 900, 400, 0, 1, "War Wagon");
    fx.bf.unit[w].profile.full_pace_mm = 200.0;
    fx.bf.unit[w].profile.half_pace_mm = 100.0;
    fx.bf.unit[w].profile.rules.laager_mm = (int16_t)(rule ? 50 : 0);
    return w;
}

/* The wagon's two stands moved to centres a and b, facing +y. */
static wm_move_fault move_to(int w, mu_vec2 a, mu_vec2 b)
{
    mu_orect fin[2] = {fx.bf.unit[w].stand[0], fx.bf.unit[w].stand[1]};
    fin[0].center = a;
    fin[1].center = b;
    wm_move m;
    wm_move_direct(&m, &fx.bf, w, WM_MOVE_ORDERED, fin, NULL);
    return wm_move_check(&fx.bf, &m, NULL);
}

/* laager_move_cm: 5 (Kislev War Wagon): a move ends in column, or in line
 * (the laager) when no point of it went farther than 5 cm; never in an
 * irregular formation. Without the rule every one of these moves is
 * legal. Reading: the stands are alike (which is the team is not kept). */
/* RULE wm.armylist.laager */
static void test_wm_list_laager_move_check(void **state)
{
    (void)state;
    for (int rule = 0; rule <= 1; rule++) {
        fx_init(&fx);
        int w = wagon(rule);
        wm_move_fault refused = rule ? WM_MOVE_LIST_FORMATION : WM_MOVE_OK;
        assert_int_equal(move_to(w, mu_v2(880, 440), mu_v2(920, 440)), WM_MOVE_OK); /* 5 cm in laager */
        assert_int_equal(move_to(w, mu_v2(880, 441), mu_v2(920, 441)), refused);    /* 5.1 cm in laager */
        assert_int_equal(move_to(w, mu_v2(900, 490), mu_v2(900, 470)), WM_MOVE_OK); /* 10 cm to column */
        assert_int_equal(move_to(w, mu_v2(880, 410), mu_v2(920, 420)), refused);    /* 3 cm, irregular */
        fx.bf.unit[w].n_stands = 1; /* down to one stand: a column, it moves as far as it may */
        mu_orect one = fx.bf.unit[w].stand[0];
        one.center = mu_v2(880, 490);
        wm_move m;
        wm_move_direct(&m, &fx.bf, w, WM_MOVE_ORDERED, &one, NULL);
        assert_int_equal(wm_move_check(&fx.bf, &m, NULL), WM_MOVE_OK);
    }
}

/* The planner moves a wagon in laager on in column when the laager
 * would fall short, and keeps the laager for a move it completes; an
 * evade (full pace) ends in column. */
/* RULE wm.armylist.laager */
static void test_wm_list_laager_planned_moves(void **state)
{
    (void)state;
    for (int rule = 0; rule <= 1; rule++) {
        fx_init(&fx);
        int w = wagon(rule);
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 520, 0, -1, "Enemy"); /* 12 cm ahead */
        wm_plan_request rq = wm_plan_request_make(w, WM_GOAL_POINT, WM_FORM_KEEP, WM_MOVE_ORDERED);
        wm_plan p;
        rq.point = mu_v2(750, 390); /* 15 cm to the left */
        wm_plan_move(&fx.bf, &rq, &p);
        assert_int_equal(p.report.fault, WM_MOVE_OK);
        assert_true(p.reached);
        assert_int_equal(p.report.formation, rule ? WM_COLUMN : WM_LINE);
        rq.point = mu_v2(900, 350); /* 4 cm back: the laager may stay */
        wm_plan_move(&fx.bf, &rq, &p);
        assert_true(p.reached && p.report.fault == WM_MOVE_OK);
        assert_int_equal(p.report.formation, WM_LINE);
        wm_evade_request er = wm_evade_request_make(w, e);
        wm_evade ev;
        assert_int_equal(wm_evade_plan(&fx.bf, &er, &ev), WM_EVADE_OK);
        assert_true(ev.distance_mm > 150.0);
        if (rule)
            assert_int_equal(ev.report.formation, WM_COLUMN);
    }
}

/* charge: never (the War Wagon): an ordered move sent at an enemy stops
 * short of it, and initiative offers no charge; without the rule the same
 * order charges. Infantry, so that artillery's own initiative rule is not
 * what refuses. */
/* RULE wm.armylist.cannot-charge */
static void test_wm_list_cannot_charge(void **state)
{
    (void)state;
    for (int rule = 0; rule <= 1; rule++) {
        fx_init(&fx);
        int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
        int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 400, 0, 1, "Wagon");
        int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 550, 0, -1, "Enemy"); /* 15 cm */
        fx.bf.unit[a].profile.rules.cannot_charge = (int8_t)rule;
        const uint8_t dice[] = {1, 1};
        fx_start(&fx, 0, dice, sizeof dice);
        wm_init_choice ch = {.unit = a, .action = WM_INIT_CHARGE, .target = e};
        assert_int_equal(wm_initiative_check(&fx.g, 0, &ch), rule ? WM_REFUSE_CANNOT_CHARGE : WM_ALLOWED);
        wm_orders_begin(&fx.g, 0);
        wm_order_goal goal = fx_goal(900, 540, e); /* the centre where its front would touch */
        wm_order_result r = wm_game_order(&fx.g, 0, gen, BIT(a), &goal, &fx.env);
        assert_true(r.roll.success);
        assert_int_equal(!!(r.charged & BIT(a)), !rule);
        assert_int_equal(!!wm_unit_engaged(&fx.g.bf.unit[a]), !rule);
        if (rule) {
            assert_true(r.moved & BIT(a)); /* it went toward the enemy, short of contact */
            assert_true(fx_dist(&fx, a, e) > 0.0 && fx_dist(&fx, a, e) < 150.0);
        }
        assert_int_equal(fx.faults, 0);
    }
}

/* confusion: stampede (Araby Elephants): burst through by an evading
 * friend, the unit stampedes instead of being confused: not confused nor
 * counted as such, no orders or initiative for the rest of the phase
 * (whatever the confusion_halts assumption), and it stops stampeding at
 * the end of its side's Command phase. */
/* RULE wm.armylist.stampede */
static void test_wm_list_stampede(void **state)
{
    (void)state;
    for (int rule = 0; rule <= 1; rule++)
        for (int halts = 0; halts <= 1; halts++) {
            fx_init(&fx);
            fx.rules.confusion_halts = halts;
            int gen = fx_char(&fx, 0, WM_ROLE_GENERAL, 9, 900, 300, "General");
            int a = fx_unit(&fx, 0, WM_INFANTRY, 3, 900, 500, 0, 1, "A");
            int el = fx_unit(&fx, 0, WM_MONSTERS, 3, 900, 440, 0, 1, "Elephants"); /* behind A */
            int e = fx_unit(&fx, 1, WM_INFANTRY, 3, 900, 600, 0, -1, "E");
            fx.bf.unit[el].profile.rules.stampedes = (int8_t)rule;
            fx_start(&fx, 0, NULL, 0);
            wm_init_choice ch = {.unit = a, .action = WM_INIT_EVADE, .target = e, .allow_burst = 1};
            wm_init_result r = wm_initiative_move(&fx.g, 0, &ch, &fx.env);
            assert_true(r.moved && (r.burst & BIT(el)));
            assert_int_equal(fx.g.bf.unit[el].confused, !rule);
            assert_int_equal(fx.g.stats[0].confused, !rule);
            assert_int_equal(!!(fx.g.stampeding & BIT(el)), rule);
            wm_init_choice charge = {.unit = el, .action = WM_INIT_CHARGE, .target = e};
            assert_int_equal(wm_initiative_check(&fx.g, 0, &charge) == WM_REFUSE_CANNOT_MOVE, rule || halts);
            wm_orders_begin(&fx.g, 0);
            wm_refusal want = rule || halts ? WM_REFUSE_CANNOT_MOVE : WM_ALLOWED;
            assert_int_equal(wm_game_order_check(&fx.g, 0, gen, BIT(el), NULL), want);
            wm_command_end(&fx.g, 0, &fx.env);
            assert_int_equal(fx.g.stampeding, 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_list_laager_move_check),
        cmocka_unit_test(test_wm_list_laager_planned_moves),
        cmocka_unit_test(test_wm_list_cannot_charge),
        cmocka_unit_test(test_wm_list_stampede),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
