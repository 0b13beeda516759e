/* Warmaster character movement (warmaster-movement.adoc, "Character
 * movement"). Characters on 40 x 20 mm stands facing +y. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "warmaster/wm_characters.h"
#include "warmaster/wm_formation.h"
#include "assert_close.h"
#include "wm_table.h"

static wm_battlefield bf;

static int add(int side, wm_troop troop, unsigned flags, int n, double x, double y)
{
    return wmt_line(&bf, side, troop, flags, n, mu_v2(x, y), mu_v2(0, 1));
}

static void box(wm_terrain kind, double x0, double y0, double x1, double y1)
{
    wmt_box(&bf, kind, x0, y0, x1, y1);
}

/* warmaster-movement: "Character movement": "Each character can move once
 * and up to 60cm, or 100cm if flying". */
/* RULE wm.orders.characters wm.stands.farthest-part wm.character.distance
 * RULE wm.character.no-command-test */
static void test_wm_character_moves_up_to_60cm_flying_100cm(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    int hero = add(0, WM_CHARACTER, 0, 1, 200, 200); /* centre (200, 190) */
    int mage = add(0, WM_CHARACTER, WM_FLYING, 1, 200, 400);
    assert_close(wm_character_reach_mm(&bf.unit[hero]), 600, 0);
    assert_int_equal(wm_character_move_check(&bf, hero, mu_v2(800, 190)), WM_CHAR_OK);
    assert_int_equal(wm_character_move_check(&bf, hero, mu_v2(800.01, 190)), WM_CHAR_TOO_FAR);
    assert_int_equal(wm_character_move_check(&bf, mage, mu_v2(1200, 390)), WM_CHAR_OK);
    wm_char_move why;
    mu_vec2 at = wm_character_clamp_move(&bf, hero, mu_v2(1000, 190), &why);
    assert_int_equal(why, WM_CHAR_TOO_FAR);
    assert_close(at.x, 800, 1e-6);
    int unit = add(0, WM_INFANTRY, 0, 3, 500, 300);
    assert_int_equal(wm_character_move_check(&bf, unit, mu_v2(500, 400)), WM_CHAR_NOT_CHARACTER);
}

/* warmaster-movement: "Character movement": characters "can move through
 * units from their own side"; not through the enemy's (reading). */
/* RULE wm.orders.characters wm.stands.through-characters wm.character.pass-own-side */
static void test_wm_character_passes_own_units_not_enemy(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    int hero = add(0, WM_CHARACTER, 0, 1, 500, 200);
    add(0, WM_INFANTRY, 0, 3, 500, 300); /* own unit across the path, y 280..300 */
    assert_int_equal(wm_character_move_check(&bf, hero, mu_v2(500, 400)), WM_CHAR_OK);
    add(1, WM_INFANTRY, 0, 3, 500, 500); /* enemy across the path, y 480..500 */
    assert_int_equal(wm_character_move_check(&bf, hero, mu_v2(500, 600)), WM_CHAR_ENEMY);
    wm_char_move why;
    mu_vec2 at = wm_character_clamp_move(&bf, hero, mu_v2(500, 600), &why);
    assert_int_equal(why, WM_CHAR_ENEMY);
    assert_close(at.y, 470, 1e-5); /* front edge stops on the enemy's back edge */
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    int flyer = add(0, WM_CHARACTER, WM_FLYING, 1, 500, 200);
    add(1, WM_INFANTRY, 0, 3, 500, 500);
    assert_int_equal(wm_character_move_check(&bf, flyer, mu_v2(500, 600)), WM_CHAR_OK); /* over them */
    assert_int_equal(wm_character_move_check(&bf, flyer, mu_v2(500, 495)), WM_CHAR_ENEMY);
    at = wm_character_clamp_move(&bf, flyer, mu_v2(500, 495), &why);
    assert_int_equal(why, WM_CHAR_ENEMY);
    assert_close(at.y, 470, 1e-5);
}

/* warmaster-movement: "Character movement": "unless mounted on a
 * monstrous mount or riding a chariot, always treat terrain as if they
 * were infantry"; "halt at the edge" of terrain they cannot cross. */
/* RULE wm.terrain.halt-at-edge wm.character.terrain */
static void test_wm_character_terrain_as_infantry_or_its_mount(void **state)
{
    (void)state;
    wm_battlefield_init(&bf, WM_TABLE_WIDTH_MM, WM_TABLE_DEPTH_MM);
    box(WM_WOOD, 300, 300, 700, 400);
    int hero = add(0, WM_CHARACTER, 0, 1, 500, 200);
    int dragon = add(0, WM_CHARACTER, WM_MONSTROUS_MOUNT, 1, 600, 200);
    int chariot = add(0, WM_CHARACTER, WM_CHARIOT_MOUNT, 1, 400, 200);
    assert_int_equal(wm_character_move_check(&bf, hero, mu_v2(500, 500)), WM_CHAR_OK);
    assert_int_equal(wm_character_move_check(&bf, dragon, mu_v2(600, 500)), WM_CHAR_TERRAIN);
    assert_int_equal(wm_character_move_check(&bf, dragon, mu_v2(1000, 190)), WM_CHAR_OK); /* along it */
    wm_char_move why;
    mu_vec2 at = wm_character_clamp_move(&bf, chariot, mu_v2(400, 500), &why);
    assert_int_equal(why, WM_CHAR_TERRAIN);
    assert_close(at.y, 290, 1e-5); /* halted with its front edge on the wood's edge */
    assert_int_equal(wm_character_move_check(&bf, hero, mu_v2(500, -5)), WM_CHAR_OFF_TABLE);
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
