/* Warmaster army lists, scenarios and battles: every malformed file of
 * bad/ fails with its exact line from bad/expected.txt; the shipped lists
 * and scenarios load to the published values; a battle deploys onto a
 * battlefield that passes the battlefield's own checks. Runs in
 * tests/armies (CTest WORKING_DIRECTORY), so paths are relative. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "muster/status.h"
#include "warmaster/wm_scenario.h"

#include "bad_cases.h"

#define LISTS "../../experiments/armies/"
#define SCENARIOS "../../experiments/scenarios/"

static wm_battle *battle; /* large: one, on the heap */

static int setup(void **state)
{
    (void)state;
    battle = calloc(1, sizeof *battle);
    return battle == NULL;
}

static int teardown(void **state)
{
    (void)state;
    free(battle);
    return 0;
}

/* Loads file with the loader its name asks for; returns the status and
 * whether the output was left zeroed. */
static int load_any(const char *file, char *err, size_t len, int *zeroed)
{
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    void *out = battle;
    size_t size = sizeof *battle;
    int rc;
    memset(battle, 0x5a, sizeof *battle);
    if (strncmp(base, "list-", 5) == 0) {
        out = &battle->army[0].list, size = sizeof battle->army[0].list;
        rc = wm_army_list_load(file, out, err, len);
    } else if (strncmp(base, "scenario-", 9) == 0) {
        out = &battle->scenario, size = sizeof battle->scenario;
        rc = wm_scenario_load(file, out, err, len);
    } else {
        rc = wm_battle_load(file, battle, err, len);
    }
    *zeroed = 1;
    for (size_t i = 0; i < size; i++)
        *zeroed &= ((const unsigned char *)out)[i] == 0;
    return rc;
}

/* RULE wm.armylist.riders wm.armylist.shares-max wm.armylist.requires */
static void test_bad_files_fail_with_their_exact_line(void **state)
{
    (void)state;
    static bad_case cases[BAD_MAX_CASES];
    int n = bad_read_cases(cases, BAD_MAX_CASES);
    assert_true(n >= 40);
    for (int i = 0; i < n; i++) {
        char err[1536] = "";
        int zeroed;
        int rc = load_any(cases[i].file, err, sizeof err, &zeroed);
        if (rc != MU_EXIT_DATAERR || strcmp(err, cases[i].line) != 0)
            print_error("%s: status %d\n", cases[i].file, rc);
        assert_int_equal(rc, MU_EXIT_DATAERR);
        assert_string_equal(err, cases[i].line);
        assert_true(zeroed);
    }
}

static void test_every_bad_file_has_an_expected_line(void **state)
{
    (void)state;
    bad_assert_every_file_has_a_line();
}

static const wm_list_unit *unit_named(const wm_army_list *l, const char *name)
{
    int i = wm_list_unit_index(l, name);
    if (i < 0)
        print_error("no unit '%s' in %s\n", name, l->army);
    assert_true(i >= 0);
    return &l->unit[i];
}

static void load_list(const char *path, wm_army_list *l)
{
    char err[1536] = "";
    int rc = wm_army_list_load(path, l, err, sizeof err);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
}

/* The 25 Warmaster Revolution lists (issue 21): every shipped list loads,
 * has one General (min 1, max 1 a whole army), and every unit is
 * playable, with every mount its riders may take. */
static void test_shipped_lists_load(void **state)
{
    (void)state;
    static const char *const armies[] = {
        "albion", "araby", "beastmen", "bretonnia", "cathay", "chaos", "chaos-dwarfs", "daemons", "dark-elves",
        "dogs-of-war", "dwarfs", "empire", "goblins", "high-elves", "kislev", "lizardmen", "nippon", "norse",
        "ogre-kingdoms", "orcs", "skaven", "tomb-kings", "vampire-counts", "witch-hunters", "wood-elves"};
    wm_army_list *l = &battle->army[0].list;
    int files = 0;
    DIR *dir = opendir(LISTS);
    assert_non_null(dir);
    for (struct dirent *e; (e = readdir(dir)) != NULL;)
        files += strlen(e->d_name) > 5 && strcmp(e->d_name + strlen(e->d_name) - 5, ".yaml") == 0;
    closedir(dir);
    assert_int_equal(files, (int)(sizeof armies / sizeof armies[0]));
    for (size_t f = 0; f < sizeof armies / sizeof armies[0]; f++) {
        char path[256];
        snprintf(path, sizeof path, LISTS "%s.yaml", armies[f]);
        load_list(path, l);
        assert_int_equal(l->points_limit, 2000);
        int generals = 0;
        for (int i = 0; i < l->n_units; i++) {
            const wm_list_unit *u = &l->unit[i];
            if (u->role == WM_ROLE_GENERAL) {
                generals++;
                assert_true(u->limit.min == 1 && u->limit.max == 1 && u->limit.per_army);
            }
            wm_profile p = wm_list_profile(l, i, -1);
            assert_true(wm_profile_valid(&p));
            for (int m = 0; m < l->n_mounts; m++)
                if (l->mount[m].riders >> i & 1u) {
                    p = wm_list_profile(l, i, m);
                    assert_true(wm_profile_valid(&p));
                }
        }
        if (generals != 1)
            print_error("%s: %d Generals\n", path, generals);
        assert_int_equal(generals, 1);
    }
}

/* The published values of a few units, as the lists print them. */
static void test_list_values(void **state)
{
    (void)state;
    wm_army_list *l = &battle->army[0].list;
    load_list(LISTS "empire.yaml", l);
    const wm_list_unit *u = unit_named(l, "Knights");
    assert_true(u->troop == WM_CAVALRY && u->attacks == 3 && u->hits == 3 && u->armour == 4);
    assert_true(u->size == 3 && u->points == 110 && u->limit.min == 0 && u->limit.max == WM_UNLIMITED);
    u = unit_named(l, "Crossbowmen");
    assert_string_equal(u->shooting, "1");
    assert_true(u->range_mm == 300.0 && u->armour == 0 && u->limit.min == 2 && u->counts_toward < 0);
    /* "one unit per 1000 points may be Handgunners and count toward the Crossbowmen minimum" */
    u = unit_named(l, "Handgunners");
    assert_true(u->counts_toward == wm_list_unit_index(l, "Crossbowmen") && u->counts_toward_per_1000 == 1);
    u = unit_named(l, "General");
    assert_true(u->role == WM_ROLE_GENERAL && u->command == 9 && u->points == 125 && u->limit.per_army);
    assert_true(u->hits == 0 && u->attacks == 2);
    load_list(LISTS "orcs.yaml", l);
    u = unit_named(l, "Wolf Riders");
    wm_profile p = wm_list_profile(l, wm_list_unit_index(l, "Wolf Riders"), -1);
    assert_true((p.flags & WM_ALL_ROUND_VISION) && wm_is_light_cavalry(&p));
    assert_true(u->points == 60 && u->range_mm == 150.0);
    p = wm_list_profile(l, wm_list_unit_index(l, "Trolls"), -1);
    assert_int_equal(p.distance_penalty_factor, 2); /* "distance … is always doubled" */
    assert_int_equal(wm_list_profile(l, wm_list_unit_index(l, "Orc Warriors"), -1).distance_penalty_factor, 1);
    load_list(LISTS "high-elves.yaml", l);
    assert_int_equal(unit_named(l, "General")->command, 10);
    p = wm_list_profile(l, wm_list_unit_index(l, "Giant Eagles"), -1);
    assert_true((p.flags & WM_FLYING) && p.full_pace_mm == 1000.0 && p.half_pace_mm == 100.0);
    load_list(LISTS "dwarfs.yaml", l);
    u = unit_named(l, "Warriors");
    assert_true(u->hits == 4 && u->armour == 4 && u->points == 110 && u->limit.min == 2);
    p = wm_list_profile(l, wm_list_unit_index(l, "Gyrocopter"), -1);
    assert_true(p.troop == WM_MACHINES && (p.flags & WM_FLYING) && p.full_pace_mm == 1000.0);
    /* list rules as options (ARMY_RULES.md AR-LIZ-8, AR-DKE-7, AR-BRE-9, AR-GOB-4, AR-KIS-5, AR-ARA-5, AR-BST-1) */
    load_list(LISTS "lizardmen.yaml", l);
    u = unit_named(l, "Slann Mage Palanquin");
    assert_true(u->rules.guidance_mm == 200 &&
                u->rules.guidance_characters == ((UINT64_C(1) << wm_list_unit_index(l, "Skink Hero")) |
                                                 (UINT64_C(1) << wm_list_unit_index(l, "Skink Shaman"))));
    load_list(LISTS "dark-elves.yaml", l);
    assert_int_equal(unit_named(l, "General")->rules.blunder_demotions, 2);
    load_list(LISTS "bretonnia.yaml", l);
    u = unit_named(l, "Peasants with Grail Reliquae");
    assert_true(u->rules.shares_with_touching == UINT64_C(1) << wm_list_unit_index(l, "Peasants"));
    assert_true(u->rules.never_confused && u->rules.initiative == WM_INIT_MUST_CHARGE);
    load_list(LISTS "goblins.yaml", l);
    u = unit_named(l, "Pump Wagon");
    assert_true(u->rules.free_move_d6_cm == 10 && u->rules.never_confused);
    load_list(LISTS "kislev.yaml", l); /* AR-KIS-5 */
    u = unit_named(l, "War Wagon");
    assert_true(u->rules.laager_mm == 50 && u->rules.cannot_charge);
    load_list(LISTS "araby.yaml", l); /* AR-ARA-5 */
    u = unit_named(l, "Elephants");
    assert_true(u->rules.stampedes && !u->rules.never_confused);
    load_list(LISTS "beastmen.yaml", l); /* AR-BST-1 */
    u = unit_named(l, "Ungors");
    assert_true(u->infiltrate && u->infiltrate_pool_fraction == 0.5 && u->rules.infiltrate_group_max == 4 &&
                u->rules.infiltrate_group_at_most == UINT64_C(1) << wm_list_unit_index(l, "Gors"));
    u = unit_named(l, "Gors");
    assert_true(u->infiltrate && u->rules.infiltrate_group_max == 4 && !u->rules.infiltrate_group_at_most);
}

/* Mounts give the character's terrain access and flight. */
static void test_mounts_in_the_profile(void **state)
{
    (void)state;
    wm_army_list *l = &battle->army[0].list;
    load_list(LISTS "empire.yaml", l);
    wm_profile p = wm_list_profile(l, wm_list_unit_index(l, "General"), wm_list_mount_index(l, "Griffon"));
    assert_true((p.flags & WM_MONSTROUS_MOUNT) && (p.flags & WM_FLYING) && p.full_pace_mm == 1000.0);
    assert_true(wm_profile_valid(&p));
    load_list(LISTS "orcs.yaml", l);
    p = wm_list_profile(l, wm_list_unit_index(l, "Orc Hero"), wm_list_mount_index(l, "Chariot"));
    wm_unit u = wm_unit_make(0, &p);
    assert_int_equal(wm_terrain_troop(&u), WM_CHARIOTS);
    assert_true(p.full_pace_mm == 600.0 && !(p.flags & WM_FLYING));
}

/* Made-up list: machines' own paces, stand sizes, "-" for no limit. */
static void test_skirmish_list(void **state)
{
    (void)state;
    wm_army_list *l = &battle->army[0].list;
    load_list("good/skirmish-list.yaml", l);
    wm_profile p = wm_list_profile(l, wm_list_unit_index(l, "Wagon Fort"), -1);
    assert_true(p.full_pace_mm == 150.0 && p.half_pace_mm == 50.0 && wm_profile_valid(&p));
    p = wm_list_profile(l, wm_list_unit_index(l, "Riders"), -1);
    assert_true(p.stand_width_mm == 40.0 && p.stand_depth_mm == 30.0 && wm_is_light_cavalry(&p));
    const wm_list_unit *u = unit_named(l, "Militia");
    assert_true(u->limit.min == 0 && u->limit.max == WM_UNLIMITED && u->armour == 0);
    assert_int_equal(l->points_limit, 0);
}

/* Every option and reference a list may give (good/options-list.yaml):
 * the unit's own options, then the army's on top (for units of the troop
 * types it names), and characters' command range. */
/* RULE wm.armylist.army-rules wm.armylist.own-paces wm.armylist.counts-toward wm.armylist.added-stands
 * RULE wm.armylist.modifier-conditions wm.armylist.ordered-by wm.armylist.brigade-with wm.armylist.no-distance
 * RULE wm.armylist.order-modifier wm.armylist.cannot-order wm.armylist.must-charge-race
 * RULE wm.armylist.brigade-size wm.armylist.command-bonus-turn wm.armylist.rider-pace wm.armylist.may-enter */
static void test_list_options(void **state)
{
    (void)state;
    wm_army_list *l = &battle->army[0].list;
    load_list("good/options-list.yaml", l);
#define IDX(name) wm_list_unit_index(l, name)
#define BITOF(name) (UINT64_C(1) << IDX(name))
    wm_unit_rules z = wm_list_profile(l, IDX("Zealots"), -1).rules;
    assert_true(z.initiative == WM_INIT_MUST_CHARGE && z.never_evade && !z.never_brigade);
    assert_true(z.no_enemy_close && z.never_confused && z.dense == WM_DENSE_NONE_IN_WOODS); /* the army's */
    assert_true(z.must_charge_races == ((1u << WM_RACE_UNDEAD) | (1u << WM_RACE_CHAOS)));
    assert_true(wm_list_profile(l, IDX("Zealots"), -1).race == 1u << WM_RACE_ELVES); /* its own */
    assert_true(wm_list_profile(l, IDX("Rabble"), -1).race == 1u << WM_RACE_MEN);    /* the list's */
    assert_true(z.brigade_max == 6 && z.large_needs == BITOF("Spearmen") && z.large_needs_count == 2 &&
                z.large_excludes == 1u << WM_CAVALRY && z.brigade_uncounted == 0);
    assert_int_equal(wm_list_profile(l, IDX("Mob"), -1).rules.brigade_uncounted, 2);
    assert_int_equal(wm_list_profile(l, IDX("Warlord"), wm_list_mount_index(l, "Banner")).rules.command_bonus_turn, 1);
    assert_int_equal(wm_list_profile(l, IDX("Warlord"), -1).rules.command_bonus_turn, 0);
    /* a mount's rider_pace_cm and may_enter: the Elder on his Palanquin moves 30 cm and, though he moves
     * as a monster, may enter marsh (not a river) */
    wm_profile pq = wm_list_profile(l, IDX("Elder"), wm_list_mount_index(l, "Palanquin"));
    assert_true(pq.full_pace_mm == 300.0 && pq.half_pace_mm == 300.0);
    wm_unit elder = wm_unit_make(0, &pq);
    assert_true(wm_unit_can_enter(&elder, WM_MARSH) && !wm_unit_can_enter(&elder, WM_RIVER));
    elder.profile = wm_list_profile(l, IDX("Elder"), -1);
    assert_true(elder.profile.full_pace_mm == 600.0 && !wm_unit_can_enter(&elder, WM_HIGH_WALL));
    elder.profile.flags |= WM_MONSTROUS_MOUNT;
    assert_false(wm_unit_can_enter(&elder, WM_MARSH));
    wm_unit_rules r = wm_list_profile(l, IDX("Rabble"), -1).rules;
    assert_true(r.command_modifier == -1 && r.dense == WM_DENSE_NONE); /* its own beats the army's */
    wm_unit_rules c = wm_list_profile(l, IDX("Colossus"), -1).rules;
    assert_true(c.never_brigade && c.dense == WM_DENSE_PENALTY); /* a monster: not a type the army names */
    assert_true(unit_named(l, "Colossus")->no_characters_join);
    wm_unit_rules o = wm_list_profile(l, IDX("Oracle"), -1).rules;
    assert_true(o.gives_no_orders && o.order_range_mm == 300 && !o.no_enemy_close);
    assert_int_equal(unit_named(l, "Oracle")->command, 0);
    assert_true(!wm_list_profile(l, IDX("Warlord"), -1).rules.gives_no_orders);
    wm_profile g = wm_list_profile(l, IDX("Great Gun"), -1); /* artillery with its own move */
    assert_true(g.full_pace_mm == 200.0 && g.half_pace_mm == 100.0);
    assert_true(wm_list_profile(l, IDX("Bolt Gun"), -1).full_pace_mm == 100.0); /* the Movement Chart's */
    const wm_list_unit *s = unit_named(l, "Scouts");
    assert_true(s->adds_to == BITOF("Spearmen") && !s->counts_as_unit);
    assert_true(unit_named(l, "Spearmen")->adds_to == 0 && unit_named(l, "Spearmen")->counts_as_unit);
    assert_true(unit_named(l, "Great Gun")->shares_max_with == BITOF("Bolt Gun"));
    assert_true(unit_named(l, "Summoned")->summoned_only && unit_named(l, "Summoned")->requires == BITOF("Oracle"));
    const wm_list_mount *m = &l->mount[wm_list_mount_index(l, "Litter")];
    assert_true(m->kind == WM_MOUNT_SPECIAL && m->riders == BITOF("Oracle") && m->requires == BITOF("Zealots"));
    assert_true(m->cannot_order == BITOF("Riders"));
    assert_true(wm_list_profile(l, IDX("Oracle"), wm_list_mount_index(l, "Litter")).rules.cannot_order == BITOF("Riders"));
    assert_true(wm_list_profile(l, IDX("Oracle"), -1).rules.cannot_order == 0);
    assert_true(wm_list_profile(l, IDX("Mob"), -1).rules.waived_by_majority);
    assert_true(wm_list_profile(l, IDX("Mob"), -1).rules.brigade_not_with == BITOF("Riders") &&
                wm_list_profile(l, IDX("Mob"), -1).rules.brigade_not_with_unless == BITOF("Spearmen"));
    m = &l->mount[wm_list_mount_index(l, "Banner")];
    assert_true(m->kind == WM_MOUNT_UPGRADE && m->riders == BITOF("Warlord") && m->limit.per_army);
    wm_unit_rules rd = wm_list_profile(l, IDX("Riders"), -1).rules;
    assert_true(rd.initiative == WM_INIT_NO_CHARGE && rd.brigade_with == (BITOF("Riders") | BITOF("Spearmen")));
    assert_true(rd.ordered_by == BITOF("Warlord") && rd.order_range_mm == 250);
    wm_unit_rules sl = wm_list_profile(l, IDX("Slaves"), -1).rules;
    assert_true(sl.command_modifier == -1 && sl.modifier_waived_by == BITOF("Spearmen") &&
                sl.modifier_from == BITOF("Warlord") && !sl.waived_by_other);
    assert_true(wm_list_profile(l, IDX("Serfs"), -1).rules.waived_by_other);
    assert_true(wm_list_profile(l, IDX("Engine"), -1).rules.malfunctions);
    wm_unit_rules cm = wm_list_profile(l, IDX("Camels"), -1).rules;
    assert_true(cm.no_distance == 2 && cm.brigade_excludes == ((1u << WM_CAVALRY) | (1u << WM_MONSTERS)));
    assert_true(cm.may_enter == ((1u << WM_WOOD) | (1u << WM_MARSH)) && cm.general_first_command == 10);
    wm_unit_rules el = wm_list_profile(l, IDX("Elder"), -1).rules;
    assert_true(el.order_modifier == -1 && el.order_modifier_except == BITOF("Spearmen"));
    assert_true(!wm_list_profile(l, IDX("Serfs"), -1).rules.malfunctions);
    l->army_rules.no_enemy_close = l->army_rules.never_confused = 0;
    sl = wm_list_profile(l, IDX("Slaves"), -1).rules; /* its own, not the army's */
    assert_true(sl.no_enemy_close && sl.never_confused);
    /* without army_rules: the unit's own options alone */
    l->army_rules = (wm_unit_rules){0};
    l->command_range_mm = 0;
    z = wm_list_profile(l, IDX("Zealots"), -1).rules;
    assert_true(!z.no_enemy_close && !z.never_confused && z.dense == WM_DENSE_PENALTY);
#undef IDX
#undef BITOF
}

/* min per full 1000 points, max per started 1000; per_army as is. */
static void test_limits_scale_with_points(void **state)
{
    (void)state;
    wm_limit lim = {2, 1, 0}, army = {1, 1, 1}, open = {0, WM_UNLIMITED, 0};
    int lo, hi;
    wm_limit_scaled(&lim, 2000, &lo, &hi);
    assert_true(lo == 4 && hi == 2);
    wm_limit_scaled(&lim, 1500, &lo, &hi);
    assert_true(lo == 2 && hi == 2);
    wm_limit_scaled(&lim, 999, &lo, &hi);
    assert_true(lo == 0 && hi == 1);
    wm_limit_scaled(&army, 3000, &lo, &hi);
    assert_true(lo == 1 && hi == 1);
    wm_limit_scaled(&open, 3000, &lo, &hi);
    assert_true(lo == 0 && hi == WM_UNLIMITED);
}

static void load_scenario(const char *path, wm_scenario *sc)
{
    char err[1536] = "";
    int rc = wm_scenario_load(path, sc, err, sizeof err);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
}

static void test_shipped_scenarios_load(void **state)
{
    (void)state;
    wm_scenario *sc = &battle->scenario;
    load_scenario(SCENARIOS "meeting-engagement.yaml", sc);
    assert_true(sc->table.width_mm == 1800.0 && sc->table.depth_mm == 1200.0 && sc->table.n_units == 0);
    assert_true(sc->turns == 6 && sc->first == WM_FIRST_ROLL && sc->deploy_gap_mm == 10.0);
    assert_int_equal(sc->table.n_features, 8);
    assert_int_equal(sc->table.feature[0].kind, WM_WOOD);
    assert_string_equal(sc->feature_name[0], "Darkwood");
    assert_true(sc->table.feature[2].shape == WM_SHAPE_CIRCLE && sc->table.feature[2].circle.radius == 140.0);
    assert_true(sc->table.feature[3].kind == WM_STEEP_HILL && sc->table.feature[3].dense);
    assert_true(sc->table.feature[6].kind == WM_RIVER && sc->table.feature[7].kind == WM_BRIDGE);
    assert_true(sc->side[0].edge == WM_EDGE_SOUTH && sc->side[1].edge == WM_EDGE_NORTH);
    assert_true(sc->side[0].zone_hi.y == 200.0 && sc->side[1].zone_lo.y == 1000.0);
    assert_true(sc->n_objectives == 2 && sc->objective[0].points == 2 && sc->objective[1].area.n == 4);
    assert_true(sc->first_charge_points == 1 && sc->enemy_edge_points == 1);
    assert_true(sc->win_margin == 1 && sc->general_leaving_loses == 1 && !sc->engaged_removed);
    load_scenario("good/small-zone.yaml", sc); /* engaged: removed */
    assert_true(sc->engaged_removed);
    load_scenario(SCENARIOS "river-crossing.yaml", sc);
    assert_true(sc->turns == 8 && sc->first == 0 && sc->table.feature[1].kind == WM_FORD);
    assert_true(sc->n_objectives == 3 && sc->enemy_edge_points == 2 && sc->win_margin == 2);
    mu_vec2 north = wm_edge_forward(WM_EDGE_NORTH), west = wm_edge_forward(WM_EDGE_WEST);
    assert_true(north.x == 0 && north.y == -1 && west.x == 1 && west.y == 0);
}

static void load_battle(const char *path)
{
    char err[1536] = "";
    int rc = wm_battle_load(path, battle, err, sizeof err);
    if (rc != 0)
        print_error("%s\n", err);
    assert_int_equal(rc, 0);
}

/* The battlefield's own checks on every unit: in line formation, on the
 * table, out of terrain it cannot enter, overlapping no other unit. */
static void assert_battlefield_sound(const wm_battlefield *bf)
{
    for (int i = 0; i < bf->n_units; i++) {
        const wm_unit *u = &bf->unit[i];
        assert_int_equal(wm_classify_formation(u->stand, u->n_stands), WM_LINE);
        assert_false(wm_unit_leaves_table(bf, u));
        for (int s = 0; s < u->n_stands; s++) {
            assert_int_equal(wm_orect_blocked(bf, u, &u->stand[s]), -1);
            for (int j = i + 1; j < bf->n_units; j++)
                for (int t = 0; t < bf->unit[j].n_stands; t++)
                    assert_false(mu_orect_overlap(&u->stand[s], &bf->unit[j].stand[t]));
        }
    }
}

static void test_meeting_engagement_deploys(void **state)
{
    (void)state;
    /* 3 Crossbowmen + 2 Handgunners meet the 2000-point minimum of 4 only
     * because the Handgunners count toward it (counts_toward) */
    load_battle("good/empire-vs-orcs.yaml");
    const wm_battlefield *bf = &battle->bf;
    assert_true(battle->has_scenario && battle->army[0].points == 1970 && battle->army[1].points == 1980);
    assert_int_equal(battle->army[1].points_limit, 2000); /* the list's default */
    assert_int_equal(bf->n_units, 25 + 26);
    assert_int_equal(bf->n_features, 8);
    assert_battlefield_sound(bf);
    int generals[2] = {0, 0};
    for (int i = 0; i < bf->n_units; i++) {
        const wm_unit *u = &bf->unit[i];
        const wm_side *side = &battle->scenario.side[u->side];
        assert_int_equal(u->side, battle->roster[i].side);
        generals[u->side] += battle->roster[i].role == WM_ROLE_GENERAL;
        mu_vec2 fwd = wm_edge_forward(side->edge);
        for (int s = 0; s < u->n_stands; s++) {
            mu_vec2 c[4];
            mu_orect_corners(&u->stand[s], c);
            for (int k = 0; k < 4; k++)
                assert_true(c[k].x >= side->zone_lo.x - 1e-6 && c[k].x <= side->zone_hi.x + 1e-6 &&
                            c[k].y >= side->zone_lo.y - 1e-6 && c[k].y <= side->zone_hi.y + 1e-6);
            assert_true(mu_v2_dot(u->stand[s].facing, fwd) > 1.0 - 1e-12);
        }
    }
    assert_true(generals[0] == 1 && generals[1] == 1);
    /* the General rides his Griffon */
    for (int i = 0; i < bf->n_units; i++)
        if (battle->roster[i].side == 0 && battle->roster[i].role == WM_ROLE_GENERAL)
            assert_true(bf->unit[i].profile.flags & WM_FLYING && battle->roster[i].command == 9);
}

/* The same files deploy to the same battlefield, bit for bit. */
static void test_deployment_is_deterministic(void **state)
{
    (void)state;
    static wm_battlefield first;
    load_battle("good/empire-vs-orcs.yaml");
    first = battle->bf;
    load_battle("good/empire-vs-orcs.yaml");
    assert_memory_equal(&first, &battle->bf, sizeof first);
}

static void test_exact_positions(void **state)
{
    (void)state;
    load_battle("good/exact.yaml");
    const wm_battlefield *bf = &battle->bf;
    assert_int_equal(bf->n_units, 10);
    /* exact units first: Knights facing 45 degrees, Warriors in column */
    const wm_unit *k = &bf->unit[0], *w = &bf->unit[1];
    mu_vec2 front = mu_v2_add(k->stand[1].center, mu_v2_scale(k->stand[1].facing, 10.0));
    assert_true(fabs(front.x - 900.0) < 1e-9 && fabs(front.y - 500.0) < 1e-9);
    assert_true(fabs(k->stand[1].facing.x - sqrt(0.5)) < 1e-12 && fabs(k->stand[1].facing.y - sqrt(0.5)) < 1e-12);
    assert_int_equal(wm_classify_formation(w->stand, w->n_stands), WM_COLUMN);
    assert_true(w->stand[0].center.x == 1320.0 && w->stand[0].center.y == 710.0 && w->stand[0].facing.y == -1.0);
    assert_true(battle->roster[1].side == 1 && battle->roster[1].entry == 1);
    /* then the zones; characters after the units of their side */
    assert_true(battle->roster[6].role == WM_ROLE_GENERAL && battle->roster[9].role == WM_ROLE_GENERAL);
    assert_true(bf->unit[8].profile.flags & WM_FLYING); /* the Gyrocopter */
}

/* Units whose list lets them infiltrate are held back off the table:
 * both Rangers at 2000 points (one per full 1000), one at 1999; every
 * Gutter Runners unit (no per-1000 limit); the rest deploy. */
/* RULE wm.armylist.infiltrate */
static void test_deploy_holds_back_infiltrators_and_brigades_the_bell(void **state)
{
    (void)state;
    load_battle("good/infiltrators.yaml");
    int off[2] = {0, 0};
    for (int i = 0; i < battle->bf.n_units; i++) {
        const char *name = battle->army[battle->roster[i].side].list.unit[battle->roster[i].list_unit].name;
        int held = battle->bf.unit[i].presence == WM_OFF_TABLE;
        assert_int_equal(held, strcmp(name, "Rangers") == 0 || strcmp(name, "Gutter Runners") == 0);
        off[battle->roster[i].side] += held;
    }
    assert_true(off[0] == 2 && off[1] == 2);
    int bell = -1, touching = 0; /* RULE wm.armylist.brigaded-only */
    for (int i = 0; i < battle->bf.n_units; i++)
        if (strcmp(battle->army[1].list.unit[battle->roster[i].list_unit].name, "Screaming Bell") == 0 &&
            battle->roster[i].side == 1)
            bell = i;
    assert_true(bell >= 0);
    for (int i = 0; i < battle->bf.n_units; i++)
        touching += i != bell && battle->roster[i].side == 1 && battle->bf.unit[i].profile.troop == WM_INFANTRY &&
                    wm_unit_distance_mm(&battle->bf.unit[i], &battle->bf.unit[bell], NULL, NULL, NULL, NULL) < 1e-6;
    assert_int_equal(touching, 1);
    battle->army[0].points_limit = 1999;
    char err[256];
    assert_int_equal(wm_deploy(&battle->scenario, battle->army, &battle->bf, battle->roster, err, sizeof err), 0);
    off[0] = 0;
    for (int i = 0; i < battle->bf.n_units; i++)
        off[0] += battle->roster[i].side == 0 && battle->bf.unit[i].presence == WM_OFF_TABLE;
    assert_int_equal(off[0], 1);
}

/* Beastmen ambushers: half (rounded down) of the Gors and Ungors together
 * held back, Gors first, Ungors no more than Gors (in whatever order the
 * army names them). */
/* RULE wm.armylist.infiltrate-group */
static void test_deploy_holds_back_half_the_ambushers(void **state)
{
    (void)state;
    load_battle("good/ambushers.yaml");
    int gors[2] = {0, 0}, ungors[2] = {0, 0};
    for (int i = 0; i < battle->bf.n_units; i++) {
        int s = battle->roster[i].side;
        const char *name = battle->army[s].list.unit[battle->roster[i].list_unit].name;
        if (battle->bf.unit[i].presence != WM_OFF_TABLE)
            continue;
        gors[s] += strcmp(name, "Gors") == 0;
        ungors[s] += strcmp(name, "Ungors") == 0;
        assert_true(strcmp(name, "Gors") == 0 || strcmp(name, "Ungors") == 0);
    }
    assert_true(gors[0] == 2 && ungors[0] == 2);
    assert_true(gors[1] == 3 && ungors[1] == 0);
}

/* random: N fields the list's N-th random army at its points: legal,
 * deployed, the same at every load, another for another N. */
/* RULE wm.armylist.random-army */
static void test_random_armies_in_a_battle_file(void **state)
{
    (void)state;
    load_battle("good/random-armies.yaml");
    static wm_army first[2];
    memcpy(first, battle->army, sizeof first);
    for (int s = 0; s < 2; s++) {
        wm_army_breach b;
        assert_int_equal(wm_army_check(&battle->army[s], &b), 0);
        assert_true(battle->army[s].points > 1500 && battle->army[s].points <= 2000);
    }
    assert_true(battle->bf.n_units > 10);
    assert_battlefield_sound(&battle->bf);
    load_battle("good/random-armies.yaml");
    for (int s = 0; s < 2; s++) {
        assert_int_equal(battle->army[s].n_entries, first[s].n_entries);
        assert_memory_equal(battle->army[s].entry, first[s].entry,
                            sizeof first[s].entry[0] * (size_t)first[s].n_entries);
    }
    /* random army 2 of the same list is another army */
    wm_army_list *l = &battle->army[1].list;
    static wm_army other;
    mu_rng rng = mu_rng_for_purpose(2, 2000, WM_RANDOM_ARMY_SALT);
    assert_int_equal(wm_army_random(l, 2000, &rng, &other), 0);
    assert_true(other.n_entries != first[1].n_entries ||
                memcmp(other.entry, first[1].entry, sizeof other.entry[0] * (size_t)other.n_entries) != 0);
}

static void test_battle_without_scenario(void **state)
{
    (void)state;
    static const unsigned char zero[sizeof(wm_battlefield)];
    load_battle("good/skirmish-battle.yaml");
    assert_false(battle->has_scenario);
    assert_memory_equal(&battle->bf, zero, sizeof zero);
    assert_int_equal(battle->army[0].points, 60 + 15 + 3 * 35);
    assert_string_equal(battle->army[0].name, "Skirmish");
    assert_string_equal(battle->army[1].name, "Rebels");
    assert_true(battle->army[1].entry[1].count == 3 && battle->army[0].entry[0].mount == 0);
}

/* An invalid list named by a battle reports the list's own line. */
static void test_invalid_list_reports_its_own_line(void **state)
{
    (void)state;
    char err[1536] = "";
    assert_int_equal(wm_battle_load("indirect/battle-bad-list.yaml", battle, err, sizeof err), MU_EXIT_DATAERR);
    assert_string_equal(err, "indirect/../bad/list-armour-7.yaml:4:67: error: armour must be 1+ to 6+, or 0 or - "
                             "for none, got '7+' (units[0].armour)");
}

static void test_unreadable_files_are_noinput(void **state)
{
    (void)state;
    char err[1536] = "";
    assert_int_equal(wm_army_list_load("bad/none.yaml", &battle->army[0].list, err, sizeof err), MU_EXIT_NOINPUT);
    assert_string_equal(err, "bad/none.yaml: error: cannot read: No such file or directory");
    assert_int_equal(wm_scenario_load("bad", &battle->scenario, err, sizeof err), MU_EXIT_NOINPUT);
    assert_string_equal(err, "bad: error: cannot read: not a regular file");
    assert_int_equal(wm_battle_load("none.yaml", battle, err, sizeof err), MU_EXIT_NOINPUT);
}

static void test_short_error_buffer_is_truncated(void **state)
{
    (void)state;
    char err[16];
    memset(err, 'x', sizeof err);
    assert_int_equal(wm_army_list_load("bad/list-armour-7.yaml", &battle->army[0].list, err, sizeof err),
                     MU_EXIT_DATAERR);
    assert_string_equal(err, "bad/list-armour");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_files_fail_with_their_exact_line),
        cmocka_unit_test(test_every_bad_file_has_an_expected_line),
        cmocka_unit_test(test_shipped_lists_load),
        cmocka_unit_test(test_list_values),
        cmocka_unit_test(test_mounts_in_the_profile),
        cmocka_unit_test(test_skirmish_list),
        cmocka_unit_test(test_list_options),
        cmocka_unit_test(test_limits_scale_with_points),
        cmocka_unit_test(test_shipped_scenarios_load),
        cmocka_unit_test(test_meeting_engagement_deploys),
        cmocka_unit_test(test_deployment_is_deterministic),
        cmocka_unit_test(test_exact_positions),
        cmocka_unit_test(test_deploy_holds_back_infiltrators_and_brigades_the_bell),
        cmocka_unit_test(test_deploy_holds_back_half_the_ambushers),
        cmocka_unit_test(test_random_armies_in_a_battle_file),
        cmocka_unit_test(test_battle_without_scenario),
        cmocka_unit_test(test_invalid_list_reports_its_own_line),
        cmocka_unit_test(test_unreadable_files_are_noinput),
        cmocka_unit_test(test_short_error_buffer_is_truncated),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
