/* Warmaster character movement (warmaster-movement.adoc, "Character
 * movement"). Characters on 40 x 20 mm stands facing +y. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "muster/wm_characters.h"
#include "muster/wm_formation.h"
#include "assert_close.h"
#include "wm_table.h"

static mu_wm_battlefield bf;

static int add(int side, mu_wm_troop troop, unsigned flags, int n, double x, double y)
{
    return wmt_line(&bf, side, troop, flags, n, mu_v2(x, y), mu_v2(0, 1));
}

static void box(mu_wm_terrain kind, double x0, double y0, double x1, double y1)
{
    wmt_box(&bf, kind, x0, y0, x1, y1);
}

/* warmaster-movement: "Character movement": "Each character can move once
 * and up to 60cm, or 100cm if flying". */
static void test_wm_character_moves_up_to_60cm_flying_100cm(void **state)
{
    (void)state;
    mu_wm_battlefield_init(&bf, MU_WM_TABLE_WIDTH_MM, MU_WM_TABLE_DEPTH_MM);
    int hero = add(0, MU_WM_CHARACTER, 0, 1, 200, 200); /* centre (200, 190) */
    int mage = add(0, MU_WM_CHARACTER, MU_WM_FLYING, 1, 200, 400);
    assert_close(mu_wm_character_reach_mm(&bf.unit[hero]), 600, 0);
    assert_int_equal(mu_wm_character_move_check(&bf, hero, mu_v2(800, 190)), MU_WM_CHAR_OK);
    assert_int_equal(mu_wm_character_move_check(&bf, hero, mu_v2(800.01, 190)), MU_WM_CHAR_TOO_FAR);
    assert_int_equal(mu_wm_character_move_check(&bf, mage, mu_v2(1200, 390)), MU_WM_CHAR_OK);
    mu_wm_char_move why;
    mu_vec2 at = mu_wm_character_clamp_move(&bf, hero, mu_v2(1000, 190), &why);
    assert_int_equal(why, MU_WM_CHAR_TOO_FAR);
    assert_close(at.x, 800, 1e-6);
    int unit = add(0, MU_WM_INFANTRY, 0, 3, 500, 300);
    assert_int_equal(mu_wm_character_move_check(&bf, unit, mu_v2(500, 400)), MU_WM_CHAR_NOT_CHARACTER);
}

/* warmaster-movement: "Character movement": characters "can move through
 * units from their own side"; not through the enemy's (reading). */
static void test_wm_character_passes_own_units_not_enemy(void **state)
{
    (void)state;
    mu_wm_battlefield_init(&bf, MU_WM_TABLE_WIDTH_MM, MU_WM_TABLE_DEPTH_MM);
    int hero = add(0, MU_WM_CHARACTER, 0, 1, 500, 200);
    add(0, MU_WM_INFANTRY, 0, 3, 500, 300); /* own unit across the path, y 280..300 */
    assert_int_equal(mu_wm_character_move_check(&bf, hero, mu_v2(500, 400)), MU_WM_CHAR_OK);
    add(1, MU_WM_INFANTRY, 0, 3, 500, 500); /* enemy across the path, y 480..500 */
    assert_int_equal(mu_wm_character_move_check(&bf, hero, mu_v2(500, 600)), MU_WM_CHAR_ENEMY);
    mu_wm_char_move why;
    mu_vec2 at = mu_wm_character_clamp_move(&bf, hero, mu_v2(500, 600), &why);
    assert_int_equal(why, MU_WM_CHAR_ENEMY);
    assert_close(at.y, 470, 1e-5); /* front edge stops on the enemy's back edge */
    mu_wm_battlefield_init(&bf, MU_WM_TABLE_WIDTH_MM, MU_WM_TABLE_DEPTH_MM);
    int flyer = add(0, MU_WM_CHARACTER, MU_WM_FLYING, 1, 500, 200);
    add(1, MU_WM_INFANTRY, 0, 3, 500, 500);
    assert_int_equal(mu_wm_character_move_check(&bf, flyer, mu_v2(500, 600)), MU_WM_CHAR_OK); /* over them */
    assert_int_equal(mu_wm_character_move_check(&bf, flyer, mu_v2(500, 495)), MU_WM_CHAR_ENEMY);
    at = mu_wm_character_clamp_move(&bf, flyer, mu_v2(500, 495), &why);
    assert_int_equal(why, MU_WM_CHAR_ENEMY);
    assert_close(at.y, 470, 1e-5);
}

/* warmaster-movement: "Character movement": "unless mounted on a
 * monstrous mount or riding a chariot, always treat terrain as if they
 * were infantry"; "halt at the edge" of terrain they cannot cross. */
static void test_wm_character_terrain_as_infantry_or_its_mount(void **state)
{
    (void)state;
    mu_wm_battlefield_init(&bf, MU_WM_TABLE_WIDTH_MM, MU_WM_TABLE_DEPTH_MM);
    box(MU_WM_WOOD, 300, 300, 700, 400);
    int hero = add(0, MU_WM_CHARACTER, 0, 1, 500, 200);
    int dragon = add(0, MU_WM_CHARACTER, MU_WM_MONSTROUS_MOUNT, 1, 600, 200);
    int chariot = add(0, MU_WM_CHARACTER, MU_WM_CHARIOT_MOUNT, 1, 400, 200);
    assert_int_equal(mu_wm_character_move_check(&bf, hero, mu_v2(500, 500)), MU_WM_CHAR_OK);
    assert_int_equal(mu_wm_character_move_check(&bf, dragon, mu_v2(600, 500)), MU_WM_CHAR_TERRAIN);
    assert_int_equal(mu_wm_character_move_check(&bf, dragon, mu_v2(1000, 190)), MU_WM_CHAR_OK); /* along it */
    mu_wm_char_move why;
    mu_vec2 at = mu_wm_character_clamp_move(&bf, chariot, mu_v2(400, 500), &why);
    assert_int_equal(why, MU_WM_CHAR_TERRAIN);
    assert_close(at.y, 290, 1e-5); /* halted with its front edge on the wood's edge */
    assert_int_equal(mu_wm_character_move_check(&bf, hero, mu_v2(500, -5)), MU_WM_CHAR_OFF_TABLE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wm_character_moves_up_to_60cm_flying_100cm),
        cmocka_unit_test(test_wm_character_passes_own_units_not_enemy),
        cmocka_unit_test(test_wm_character_terrain_as_infantry_or_its_mount),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
