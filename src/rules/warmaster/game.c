/* Warmaster games: the game state, contact and the helpers the Command
 * phase's files share (warmaster/wm_game.h; wm_game_int.h). */
#include "wm_game_int.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define EPS MU_GEOM_EPS_MM

wm_game_rules wm_game_rules_default(void)
{
    wm_game_rules r = {.orders = wm_order_rules_default(),
                          .blunder_retreat = 0,
                          .confusion_halts = 1,
                          .light_cavalry_rule = 0,
                          .initiative_range_mm = 200.0};
    return r;
}

const char *wm_refusal_name(wm_refusal r)
{
    static const char *const names[] = {"allowed",          "not this sub-phase",  "order rules",
                                        "not a character",  "not a unit",          "used initiative",
                                        "engaged",          "charged",             "cannot move",
                                        "not a brigade",    "not the closest",     "cannot charge",
                                        "already acted",    "not light cavalry under the optional rule",
                                        "an army-list rule forbids it", "not held back off the table",
                                        "not a place to enter at"};
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "?";
}

void wm_game_init(wm_game *g, const wm_scenario *sc, const wm_battlefield *bf,
                     const wm_deployed *roster, const char *const *names, const wm_game_rules *rules,
                     int first)
{
    memset(g, 0, sizeof *g);
    g->bf = *bf;
    g->sc = sc;
    g->roster = roster;
    g->names = names;
    g->rules = rules;
    g->first = first;
    g->general[0] = g->general[1] = -1;
    g->general_left_side = -1;
    g->winner = -1;
    g->first_charge = -1;
    for (int u = 0; u < g->bf.n_units; u++) {
        const wm_unit *un = &g->bf.unit[u];
        int s = un->side;
        assert(s == 0 || s == 1);
        if (wm_is_character(un)) {
            assert(g->n_chars[s] < WM_GAME_SIDE_CHARS);
            g->local[u] = (int8_t)g->n_chars[s];
            g->char_of[s][g->n_chars[s]++] = (uint8_t)u;
            if (roster[u].role == WM_ROLE_GENERAL && g->general[s] < 0)
                g->general[s] = u;
        } else {
            assert(g->n_units[s] < WM_GAME_SIDE_UNITS);
            g->local[u] = (int8_t)g->n_units[s];
            g->unit_of[s][g->n_units[s]++] = (uint8_t)u;
            if (un->presence == WM_OFF_TABLE) /* held back by wm_deploy */
                g->reserve |= wm_bit(u);
        }
    }
    for (int z = 0; z < WM_MAX_OBJECTIVES; z++)
        g->zone_holder[z] = -1;
}

wm_order_goal wm_order_goal_none(void)
{
    wm_order_goal goal;
    memset(&goal, 0, sizeof goal);
    for (int m = 0; m < WM_BRIGADE_MAX; m++)
        goal.charge[m] = -1;
    return goal;
}

const char *wm_g_name(const wm_game *g, int u)
{
    return g->names && g->names[u] ? g->names[u] : "unit";
}

const char *wm_g_group_names(const wm_game *g, uint64_t group, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (uint64_t r = group; r && used < len; r &= r - 1)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "+" : "", wm_g_name(g, __builtin_ctzll(r)));
    return buf;
}

uint32_t wm_g_local_mask(const wm_game *g, int side, uint64_t group)
{
    uint32_t m = 0;
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        assert(g->bf.unit[u].side == side && !wm_is_character(&g->bf.unit[u]));
        (void)side;
        m |= 1u << g->local[u];
    }
    return m;
}

mu_vec2 wm_unit_centre(const wm_unit *u)
{
    mu_vec2 c = mu_v2(0, 0);
    for (int i = 0; i < u->n_stands; i++)
        c = mu_v2_add(c, u->stand[i].center);
    return u->n_stands ? mu_v2_scale(c, 1.0 / u->n_stands) : c;
}

/* RULE wm.armylist.malfunction wm.armylist.stampede */
int wm_game_unit_free(const wm_game *g, int u)
{
    const wm_game_rules *r = g->rules;
    const wm_unit *un = &g->bf.unit[u];
    return un->presence == WM_ON_TABLE && !wm_is_character(un) && !wm_unit_engaged(un) &&
           !(g->charged & wm_bit(u)) && !((g->no_move | g->broken_down) & wm_bit(u)) &&
           !(r->confusion_halts && un->confused) && !(g->stampeding & wm_bit(u));
}

void wm_g_moved(wm_game *g, const wm_game_env *env, const wm_move_event *ev)
{
    const wm_unit *u = &g->bf.unit[ev->unit];
    if (!wm_is_character(u) && u->presence == WM_ON_TABLE && !(g->reached_edge & wm_bit(ev->unit)) &&
        wm_unit_touches_edge(&g->bf, u, g->sc->side[1 - u->side].edge)) {
        g->reached_edge |= wm_bit(ev->unit);
        GTRACE(env, "    %s reaches the enemy's table edge", wm_g_name(g, ev->unit));
    }
    if (env->after_move)
        env->after_move(env->user, g, ev);
}

void wm_g_apply_move(wm_game *g, const wm_move *m, double allowance_mm, const wm_game_env *env)
{
    wm_move_event ev = {.kind = WM_EV_MOVE, .unit = m->unit, .move_kind = m->kind,
                           .allowance_mm = allowance_mm, .before = g->bf.unit[m->unit], .move = m};
    wm_move_apply(&g->bf, m);
    if (env->trace) {
        const wm_unit *u = &g->bf.unit[m->unit];
        mu_vec2 c0 = wm_unit_centre(&ev.before), c1 = wm_unit_centre(u);
        mu_trace_line(env->trace, "    %s moves %.1f mm to (%.1f, %.1f), %s", wm_g_name(g, m->unit),
                      mu_v2_dist(c0, c1), c1.x, c1.y,
                      wm_formation_name(wm_classify_formation(u->stand, u->n_stands)));
    }
    wm_g_moved(g, env, &ev);
}

/* Sets the engaged bits of the stands of a and b that touch; returns
 * non-zero when any do. */
static int engage_pair(wm_unit *a, wm_unit *b)
{
    int any = 0;
    for (int i = 0; i < a->n_stands; i++)
        for (int j = 0; j < b->n_stands; j++)
            if (wm_stands_meet(&a->stand[i], &b->stand[j])) {
                a->engaged |= 1u << i;
                b->engaged |= 1u << j;
                any = 1;
            }
    return any;
}

/* RULE wm.armylist.shares-with-touching */
const wm_unit_rules *wm_g_rules(const wm_game *g, int u)
{
    const wm_unit *un = &g->bf.unit[u];
    uint64_t mine = UINT64_C(1) << g->roster[u].list_unit;
    for (int k = 0; k < g->n_units[un->side] && un->presence == WM_ON_TABLE; k++) {
        const wm_unit *s = &g->bf.unit[g->unit_of[un->side][k]];
        if ((s->profile.rules.shares_with_touching & mine) && s != un && s->presence == WM_ON_TABLE &&
            wm_g_units_touch(s, un))
            return &s->profile.rules;
    }
    return &un->profile.rules;
}

int wm_g_units_touch(const wm_unit *a, const wm_unit *b)
{
    for (int i = 0; i < a->n_stands; i++)
        for (int j = 0; j < b->n_stands; j++)
            if (wm_stands_meet(&a->stand[i], &b->stand[j]))
                return 1;
    return 0;
}

int wm_g_touches_enemy(const wm_game *g, int u)
{
    const wm_unit *a = &g->bf.unit[u];
    for (int k = 0; k < g->bf.n_units; k++) {
        const wm_unit *b = &g->bf.unit[k];
        if (b->side != a->side && b->presence == WM_ON_TABLE && !wm_is_character(b) && wm_g_units_touch(a, b))
            return 1;
    }
    return 0;
}

/* RULE wm.game.charge */
uint64_t wm_g_contact(wm_game *g, int u, const wm_game_env *env)
{
    wm_unit *a = &g->bf.unit[u];
    uint64_t hit = 0;
    for (int k = 0; k < g->bf.n_units; k++) {
        wm_unit *b = &g->bf.unit[k];
        if (b->side == a->side || b->presence != WM_ON_TABLE || wm_is_character(b))
            continue;
        if (engage_pair(a, b)) {
            hit |= wm_bit(k);
            GTRACE(env, "    %s is in contact with %s: engaged", wm_g_name(g, u), wm_g_name(g, k));
        }
    }
    if (hit) {
        wm_side_stats *st = &g->stats[a->side];
        st->charges++;
        if (st->first_contact_turn == 0)
            st->first_contact_turn = (uint8_t)g->turn;
        if (g->first_charge < 0)
            g->first_charge = a->side;
        g->charged |= wm_bit(u);
    }
    return hit;
}

void wm_g_general_left(wm_game *g, int side, const wm_game_env *env)
{
    if (g->over)
        return;
    if (!g->sc->general_leaving_loses) {
        GTRACE(env, "  the %s General has left the table (the scenario plays on)", g->sc->side[side].name);
        return;
    }
    g->over = 1;
    g->end = WM_END_GENERAL_LEFT;
    g->general_left_side = side;
    GTRACE(env, "  the %s General has left the table and does not return: the battle is over",
           g->sc->side[side].name);
    wm_game_finish(g);
}

/* Returns non-zero when stand r of a character of side overlaps an
 * enemy stand (mu_orect_overlap: deeper than MU_GEOM_EPS_MM). */
static int char_on_enemy(const wm_battlefield *bf, int side, const mu_orect *r)
{
    for (int k = 0; k < bf->n_units; k++) {
        const wm_unit *o = &bf->unit[k];
        if (o->side == side || o->presence != WM_ON_TABLE)
            continue;
        for (int j = 0; j < o->n_stands; j++)
            if (mu_orect_overlap(r, &o->stand[j]))
                return 1;
    }
    return 0;
}

/* RULE wm.character.end-of-phase wm.game.characters-move */
wm_char_move wm_game_character_move(wm_game *g, int c, mu_vec2 to, const wm_game_env *env)
{
    wm_unit *u = &g->bf.unit[c];
    if (!wm_is_character(u) || u->presence != WM_ON_TABLE)
        return WM_CHAR_NOT_CHARACTER;
    if (g->sub != WM_SUB_CHARACTERS || u->side != g->side || (g->char_moved & wm_bit(c)))
        return WM_CHAR_NOT_CHARACTER; /* once, in its own Characters sub-phase */
    wm_char_move why;
    mu_vec2 end = wm_character_clamp_move(&g->bf, c, to, &why);
    /* The clamp halts against an enemy stand to within about 1e-6 mm by
     * its swept-area test; the stand-overlap test can find a corner
     * 2e-6 mm in. Back off along the line until that test is clear too. */
    mu_vec2 from = u->stand[0].center, d = mu_v2_sub(end, from);
    double len = mu_v2_len(d);
    mu_orect r = u->stand[0];
    r.center = end;
    for (int k = 1; len > 0 && char_on_enemy(&g->bf, u->side, &r) && k <= 1000; k++)
        r.center = end = mu_v2_add(from, mu_v2_scale(d, fmax(0.0, 1.0 - k * 1e-5 / len)));
    wm_move_event ev = {.kind = WM_EV_CHARACTER, .unit = c, .move_kind = WM_MOVE_ORDERED,
                           .allowance_mm = wm_character_reach_mm(u), .before = *u};
    u->stand[0].center = end;
    g->char_moved |= wm_bit(c);
    GTRACE(env, "    %s moves %.1f mm to (%.1f, %.1f)%s", wm_g_name(g, c), mu_v2_dist(ev.before.stand[0].center, end),
           end.x, end.y, why == WM_CHAR_OK ? "" : " (halted)");
    wm_g_moved(g, env, &ev);
    return why;
}
