/* The Battlesystem unit tests' common setting (tests/unit/test_bs_*.c):
 * the text's rules R, an unbounded table T without terrain, a tally, and
 * scripted dice DICE (empty until bs_script: a die rolled then aborts the
 * test), with units of one standard profile facing each other across the
 * table: side 0 faces +y, side 1 faces -y. Each test file includes it
 * once and has its own copy of this state; a test that needs another
 * table or rules changes T or R after bs_setup. */
#ifndef MUSTER_TEST_BS_FIXTURE_H
#define MUSTER_TEST_BS_FIXTURE_H

#include "battlesystem/bs_field.h"
#include "battlesystem/bs_unit.h"

#include <stddef.h>
#include <stdint.h>

static bs_rules R;
static bs_table T;
static bs_tally TALLY;
static mu_dice DICE;
static const uint8_t NO_DICE[1] = {0}; /* an empty script: no die may be rolled */

/* cmocka setup: the text's default rules, an unbounded table without
 * terrain, a zero tally and no dice. Also callable as bs_setup(NULL). */
static inline int bs_setup(void **state)
{
    (void)state;
    R = bs_rules_default();
    T = (bs_table){0};
    TALLY = (bs_tally){0};
    DICE = mu_dice_scripted(NO_DICE, 0);
    return 0;
}

/* The engine's view of R, T, DICE and TALLY. */
static inline bs_env fx_env(void)
{
    bs_env e = {&R, &T, &DICE, &TALLY};
    return e;
}

/* Scripts the next n rolls: faces[0], faces[1], ... (faces must stay alive
 * while they are rolled); a roll past them aborts the test. */
static inline void bs_script(const uint8_t *faces, size_t n) { DICE = mu_dice_scripted(faces, n); }

/* A unit of kind k: rate 12", 20 x 20 mm bases, AR 15, morale 12. */
static inline bs_profile fx_profile(bs_kind k)
{
    bs_profile p = {k, 12.0, 20.0, 20.0, 15, 12, 0, 0};
    return p;
}

/* Side 0 faces +y (towards side 1), side 1 faces -y. */
static inline mu_vec2 bs_facing(int side) { return side == 0 ? mu_v2(0, 1) : mu_v2(0, -1); }

/* A unit of profile p for side, figs figures frontage wide in formation
 * form, its front midpoint at (x, y) mm, facing bs_facing(side). */
static inline bs_unit fx_unit(bs_profile p, int side, int figs, int frontage, bs_formation form, double x,
                                 double y)
{
    return bs_unit_make(&p, &R, side, figs, frontage, form, mu_v2(x, y), bs_facing(side));
}

/* Adds fx_unit(...) to f; returns its index (as bs_field_add). */
static inline int bs_add(bs_field *f, bs_profile p, int side, int figs, int frontage, bs_formation form,
                         double x, double y)
{
    bs_unit u = fx_unit(p, side, figs, frontage, form, x, y);
    return bs_field_add(f, &u);
}

#endif
