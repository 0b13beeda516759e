/* Units which move off the table, in a game (warmaster-movement.adoc,
 * "Units which move off the table"): the blundered retreat that can take
 * a unit off (an assumption: the blunder table is not in our texts), the
 * roll when it leaves, the rolls at the start of its side's turns, and
 * putting it back "at the same point it left … same formation and face
 * the same direction". Readings: CLAUSES.md ("Command phase in full"). */
#include "wm_game_int.h"

#include <math.h>

#define EPS MU_GEOM_EPS_MM
#define SAMPLE_MM 5.0   /* steps along a forced move (stands are at least 20 mm deep) */
#define PLACE_STEP_MM 5.0
#define PLACE_ALONG 30  /* tries either way along the edge: +-150 mm */
#define PLACE_IN 10     /* tries further in: up to 50 mm */

/* Returns non-zero when unit u of bf, every stand moved by d, overlaps a
 * stand of another unit (its own side's characters are tokens: not). */
static int overlaps_other(const wm_battlefield *bf, int u, mu_vec2 d)
{
    const wm_unit *a = &bf->unit[u];
    for (int i = 0; i < a->n_stands; i++) {
        mu_orect r = a->stand[i];
        r.center = mu_v2_add(r.center, d);
        for (int k = 0; k < bf->n_units; k++) {
            const wm_unit *b = &bf->unit[k];
            if (k == u || b->presence != WM_ON_TABLE || (wm_is_character(b) && b->side == a->side))
                continue;
            for (int j = 0; j < b->n_stands; j++)
                if (mu_orect_overlap(&r, &b->stand[j]))
                    return 1;
        }
    }
    return 0;
}

/* The largest fraction f' <= f of delta that takes unit u into no other
 * unit's stands on the way (sampled every SAMPLE_MM, then bisected). */
static double halt_short_of_units(const wm_battlefield *bf, int u, mu_vec2 delta, double f)
{
    double len = mu_v2_len(delta) * f, step = len > 0 ? SAMPLE_MM / mu_v2_len(delta) : 1.0;
    double ok = 0.0;
    for (double t = step; ok < f; t += step) {
        double at = t > f ? f : t;
        if (overlaps_other(bf, u, mu_v2_scale(delta, at))) {
            double lo = ok, hi = at;
            for (int k = 0; k < 40 && hi - lo > 1e-9; k++) {
                double mid = 0.5 * (lo + hi);
                if (overlaps_other(bf, u, mu_v2_scale(delta, mid)))
                    hi = mid;
                else
                    lo = mid;
            }
            return lo;
        }
        ok = at;
    }
    return ok;
}

/* Puts unit u (off the table, its stands as they were when it left) back
 * at the edge: shifted straight in until every stand is on the table,
 * then, if that place is taken, the nearest free place found every 5 mm
 * along the edge (up to 150 mm either way) and in (up to 50 mm). Returns
 * non-zero when it is back (presence on the table). */
/* RULE wm.edge.same-point wm.offtable.same-point */
static int put_back(wm_game *g, int u)
{
    wm_battlefield *bf = &g->bf;
    wm_unit *un = &bf->unit[u];
    double lo_x = INFINITY, hi_x = -INFINITY, lo_y = INFINITY, hi_y = -INFINITY;
    for (int i = 0; i < un->n_stands; i++) {
        mu_vec2 c[4];
        mu_orect_corners(&un->stand[i], c);
        for (int k = 0; k < 4; k++) {
            lo_x = fmin(lo_x, c[k].x), hi_x = fmax(hi_x, c[k].x);
            lo_y = fmin(lo_y, c[k].y), hi_y = fmax(hi_y, c[k].y);
        }
    }
    mu_vec2 shift = mu_v2(fmax(0.0, -lo_x) - fmax(0.0, hi_x - bf->width_mm), fmax(0.0, -lo_y) - fmax(0.0, hi_y - bf->depth_mm));
    mu_vec2 in = mu_v2_len(shift) > 0 ? mu_v2_unit(shift) : mu_v2(0, 1), along = mu_v2_perp(in);
    wm_unit saved = *un;
    un->presence = WM_ON_TABLE;
    for (int depth = 0; depth <= PLACE_IN; depth++)
        for (int k = 0; k <= 2 * PLACE_ALONG; k++) {
            double side = (k + 1) / 2 * (k % 2 ? 1.0 : -1.0);
            mu_vec2 d = mu_v2_add(shift, mu_v2_add(mu_v2_scale(in, depth * PLACE_STEP_MM + 1e-3),
                                                   mu_v2_scale(along, side * PLACE_STEP_MM)));
            int fits = !overlaps_other(bf, u, d);
            for (int i = 0; i < un->n_stands && fits; i++) {
                mu_orect r = saved.stand[i];
                r.center = mu_v2_add(r.center, d);
                fits = wm_orect_on_table(bf, &r) && wm_orect_blocked(bf, un, &r) < 0;
            }
            if (fits) {
                for (int i = 0; i < un->n_stands; i++)
                    un->stand[i].center = mu_v2_add(saved.stand[i].center, d);
                return 1;
            }
        }
    *un = saved;
    return 0;
}

/* Sets the presence of u and of the characters joined to it. */
static void set_presence(wm_game *g, int u, wm_presence p)
{
    g->bf.unit[u].presence = p;
    for (int k = 0; k < g->bf.n_units; k++)
        if (wm_is_character(&g->bf.unit[k]) && g->bf.unit[k].joined == u)
            g->bf.unit[k].presence = p;
}

/* Brings u back after a roll that returns it; reports the return. */
static int come_back(wm_game *g, int u, const wm_game_env *env)
{
    wm_unit before = g->bf.unit[u];
    if (!put_back(g, u)) {
        g->off[u].fate = MU_OFFTABLE_OFF; /* no room at the point it left: it stays off */
        GTRACE(env, "    no room for %s at the point it left: it stays off the table", wm_g_name(g, u));
        return 0;
    }
    set_presence(g, u, WM_ON_TABLE);
    if (!g->off[u].may_move)
        g->no_move |= wm_bit(u);
    wm_move_event ev = {.kind = WM_EV_RETURN, .unit = u, .before = before};
    wm_g_moved(g, env, &ev);
    return 1;
}

static void trace_roll(const wm_game *g, int u, const wm_game_env *env)
{
    const wm_offtable *s = &g->off[u];
    GTRACE(env, "    %s off-table roll: D6 %d%+d = %d: %s", wm_g_name(g, u), s->last_die, s->last_score - s->last_die,
           s->last_score, mu_offtable_fate_name(s->fate));
}

/* RULE wm.game.offtable */
void wm_g_leave_table(wm_game *g, int u, const wm_game_env *env)
{
    wm_unit *un = &g->bf.unit[u];
    int side = un->side;
    wm_offtable_body body = {.stands_lost = un->stands_lost, .lone_character = wm_is_character(un),
                                .with_general = u == g->general[side]};
    if (body.lone_character)
        body.stands_lost = 0;
    for (int k = 0; k < g->bf.n_units; k++)
        if (wm_is_character(&g->bf.unit[k]) && g->bf.unit[k].joined == u && g->bf.unit[k].side == side) {
            body.joined |= (uint16_t)(1u << g->local[k]);
            body.with_general |= k == g->general[side];
        }
    wm_offtable_leave(&g->off[u], &body, WM_OFFTABLE_MOVED, env->dice);
    g->off_episode |= wm_bit(u);
    g->stats[side].off_left++;
    GTRACE(env, "    %s leaves the table", wm_g_name(g, u));
    trace_roll(g, u, env);
    set_presence(g, u, WM_OFF_TABLE);
    if (g->off[u].fate == MU_OFFTABLE_DESTROYED) {
        set_presence(g, u, WM_DESTROYED);
        g->stats[side].off_destroyed++;
    } else if (wm_offtable_is_back(&g->off[u]) && come_back(g, u, env)) {
        g->stats[side].off_back_at_once++;
    }
    if (g->off[u].battle_over)
        wm_g_general_left(g, side, env);
}

/* RULE wm.game.offtable */
void wm_g_offtable_returns(wm_game *g, int side, const wm_game_env *env)
{
    for (uint64_t r = g->off_episode; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        if (g->bf.unit[u].side != side || g->bf.unit[u].presence != WM_OFF_TABLE ||
            !wm_offtable_pending(&g->off[u]))
            continue;
        wm_offtable_start_of_turn(&g->off[u], env->dice);
        GTRACE(env, "  %s is off the table: rolls at the start of the turn", wm_g_name(g, u));
        trace_roll(g, u, env);
        if (g->off[u].fate == MU_OFFTABLE_DESTROYED) {
            set_presence(g, u, WM_DESTROYED);
            g->stats[side].off_destroyed++;
        } else if (wm_offtable_is_back(&g->off[u]) && come_back(g, u, env)) {
            g->stats[side].off_back_later++;
        }
    }
}

/* RULE wm.game.offtable */
uint64_t wm_g_blunder_retreat(wm_game *g, uint64_t group, const wm_game_env *env)
{
    uint64_t left = 0;
    for (uint64_t r = group; r && !g->over; r &= r - 1) {
        int u = __builtin_ctzll(r);
        wm_unit *un = &g->bf.unit[u];
        mu_vec2 back = mu_v2_scale(wm_edge_forward(g->sc->side[un->side].edge), -1.0);
        mu_vec2 delta = mu_v2_scale(back, un->profile.full_pace_mm);
        int feature;
        double f = wm_forced_halt(&g->bf, u, delta, &feature);
        f = halt_short_of_units(&g->bf, u, delta, f);
        wm_move_event ev = {.kind = WM_EV_FORCED, .unit = u, .move_kind = WM_MOVE_DICE,
                               .allowance_mm = un->profile.full_pace_mm, .before = *un};
        mu_vec2 d = mu_v2_scale(delta, f);
        for (int i = 0; i < un->n_stands; i++)
            un->stand[i].center = mu_v2_add(un->stand[i].center, d);
        GTRACE(env, "    %s blunders and retreats %.1f mm toward its own table edge", wm_g_name(g, u), mu_v2_len(d));
        wm_g_moved(g, env, &ev);
        if (wm_unit_leaves_table(&g->bf, un)) {
            left |= wm_bit(u);
            wm_g_leave_table(g, u, env);
        }
    }
    return left;
}
