/* Scripted Warmaster battle policies: aggressive, cautious, objective (and
 * the binding of all four; random is in wm_battle_policy_random.c). See
 * warmaster/policy/wm_battle_policy.h. */
#include "wm_policy_int.h"

#include <math.h>
#include <string.h>

#define BEHIND_MM 100.0     /* characters stand this far behind their units */
#define BONUS_CLOSE_MM 400.0 /* the once-a-game Command bonus waits for an enemy this close */

/* RULE wm.policy.sequence wm.policy.general-further wm.policy.initiative-judgement */
wm_policy_spec wm_policy_defaults(wm_policy_kind kind)
{
    wm_policy_spec s = {.kind = kind, .orders_per_unit = 3, .min_target = 2, .sequence = WM_SEQ_HEROES_FIRST,
                           .brigades = 0, .initiative = 1, .burst_through = 1, .general_further_min = 2};
    if (kind == WM_POLICY_AGGRESSIVE)
        s.general_further_min = 7, s.charge_odds = 0.5, s.charge_fortified = 1;
    if (kind == WM_POLICY_CAUTIOUS)
        s.orders_per_unit = 2, s.min_target = 6, s.brigades = 1, s.general_further_min = 9, s.charge_odds = 2.0,
        s.evade_odds = 0.5, s.hold_zones = 1;
    if (kind == WM_POLICY_OBJECTIVE)
        s.min_target = 4, s.general_further_min = 8, s.charge_odds = 1.0, s.evade_odds = 2.0, s.hold_zones = 1;
    if (kind == WM_POLICY_RANDOM)
        s.brigades = 1;
    return s;
}

const char *wm_policy_name(wm_policy_kind kind)
{
    static const char *const names[] = {"aggressive", "cautious", "objective", "random"};
    return (unsigned)kind < WM_POLICY_COUNT ? names[kind] : NULL;
}

/* ---- Shared helpers (wm_policy_int.h) ------------------------------------ */

int wp_nearest_enemy(const wm_game *g, int u, double *dist)
{
    return wp_nearest_enemy_of(g, &g->bf.unit[u], dist);
}

int wp_nearest_enemy_of(const wm_game *g, const wm_unit *a, double *dist)
{
    int best = -1;
    double bd = INFINITY;
    for (int k = 0; k < g->bf.n_units; k++) {
        const wm_unit *e = &g->bf.unit[k];
        if (e->side == a->side || e->presence != WM_ON_TABLE || wm_is_character(e) ||
            wm_unit_distance_floor_mm(a, e) >= bd)
            continue;
        double d = wm_unit_distance_mm(a, e, NULL, NULL, NULL, NULL);
        if (d < bd)
            bd = d, best = k;
    }
    if (dist)
        *dist = bd;
    return best;
}

mu_vec2 wp_group_centre(const wm_game *g, uint64_t group)
{
    mu_vec2 c = mu_v2(0, 0);
    int n = 0;
    for (uint64_t r = group; r; r &= r - 1, n++)
        c = mu_v2_add(c, wm_unit_centre(&g->bf.unit[__builtin_ctzll(r)]));
    return n ? mu_v2_scale(c, 1.0 / n) : c;
}

mu_vec2 wp_zone_centre(const wm_game *g, int z)
{
    const wm_feature *a = &g->sc->objective[z].area;
    return a->shape == WM_SHAPE_CIRCLE ? a->circle.center : mu_v2_scale(mu_v2_add(a->lo, a->hi), 0.5);
}

int wp_unit_in_zone(const wm_game *g, int u, int z)
{
    const wm_unit *un = &g->bf.unit[u];
    for (int i = 0; i < un->n_stands; i++)
        if (wm_orect_in_feature(&g->sc->objective[z].area, &un->stand[i]) != WM_OUT)
            return 1;
    return 0;
}

int wp_in_any_zone(const wm_game *g, int u)
{
    for (int z = 0; z < g->sc->n_objectives; z++)
        if (wp_unit_in_zone(g, u, z))
            return 1;
    return 0;
}

int wp_orderable(const wm_game *g, int u)
{
    return wm_game_unit_free(g, u) && !(g->initiative_used & wp_bit(u));
}

/* The group of side's local unit l: with brigades its touching
 * neighbours as far as the lists allow; without, l alone, or l and one
 * touching partner when l moves only brigaded (brigaded_only_with).
 * Units in taken are left out. */
static uint64_t grow_group(const wm_game *g, int side, int l, int brigades, uint64_t taken)
{
    int u = g->unit_of[side][l];
    unsigned partner_types = g->bf.unit[u].profile.rules.brigaded_only_with;
    uint64_t grp = wp_bit(u);
    uint32_t frontier = 1u << l;
    while ((brigades || partner_types) && frontier) {
        int f = __builtin_ctz(frontier);
        frontier &= frontier - 1;
        for (uint32_t nb = g->touch[f]; nb; nb &= nb - 1) {
            int m = __builtin_ctz(nb), v = g->unit_of[side][m];
            if ((taken & wp_bit(v)) || (grp & wp_bit(v)) || !wp_orderable(g, v) ||
                !wm_game_brigade_size_allowed(g, grp | wp_bit(v)) ||
                (!brigades && !(partner_types >> g->bf.unit[v].profile.troop & 1u)))
                continue;
            grp |= wp_bit(v);
            if (!brigades)
                return grp; /* the one partner it needs */
            frontier |= 1u << m;
        }
    }
    return grp;
}

/* RULE wm.armylist.brigade-size wm.armylist.brigaded-only */
int wp_groups(const wm_game *g, int side, int brigades, uint64_t *groups)
{
    int n = 0;
    uint64_t taken = 0;
    for (int pass = 0; pass < 2; pass++) /* units that move only brigaded first: they need partners */
        for (int l = 0; l < g->n_units[side]; l++) {
            int u = g->unit_of[side][l];
            unsigned partner_types = g->bf.unit[u].profile.rules.brigaded_only_with;
            if ((taken & wp_bit(u)) || !wp_orderable(g, u) || (pass == 0) != (partner_types != 0))
                continue;
            uint64_t grp = grow_group(g, side, l, brigades, taken);
            unsigned types = 0;
            for (uint64_t r = grp & ~wp_bit(u); r; r &= r - 1)
                types |= 1u << g->bf.unit[__builtin_ctzll(r)].profile.troop;
            if (partner_types && !(types & partner_types))
                continue; /* no partner: it cannot be ordered */
            taken |= grp;
            groups[n++] = grp;
        }
    return n;
}

double wp_group_distance(const wm_game *g, int c, uint64_t group)
{
    double d = 0.0;
    for (uint64_t r = group; r; r &= r - 1)
        d = fmax(d, wm_unit_distance_mm(&g->bf.unit[c], &g->bf.unit[__builtin_ctzll(r)], NULL, NULL, NULL, NULL));
    return d;
}

/* The character with the best target for group (see wp_plan), or -1. */
static int best_character(const wm_game *g, int side, uint64_t group)
{
    int best = -1, best_score = -1000;
    double best_d = INFINITY;
    for (int k = 0; k < g->n_chars[side]; k++) {
        int c = g->char_of[side][k];
        if (g->bf.unit[c].presence != WM_ON_TABLE)
            continue;
        double d = wp_group_distance(g, c, group);
        int score = wm_game_command(g, c) - wm_distance_penalty(d, g->rules->orders.distance_step_mm);
        if (score > best_score || (score == best_score && d < best_d))
            best = c, best_score = score, best_d = d;
    }
    return best;
}

/* The order of a character's steps: nearest group first, units held back
 * off the table (their infiltration orders) last. */
static double plan_distance(const wm_game *g, int c, uint64_t group)
{
    return (group & g->reserve) ? INFINITY : wp_group_distance(g, c, group);
}

/* RULE wm.policy.sequence wm.policy.infiltration */
void wp_plan(wm_policy_state *st, const wm_game *g, int side, wm_sequence seq, wm_order_plan *plan)
{
    uint64_t groups[WM_GAME_SIDE_UNITS];
    int owner[WM_GAME_SIDE_UNITS];
    int n = wp_groups(g, side, st->spec->brigades, groups);
    for (int i = 0; i < WM_MAX_UNITS; i++)
        st->commander[i] = -1;
    for (int i = 0; i < n; i++) {
        owner[i] = best_character(g, side, groups[i]);
        for (uint64_t r = groups[i]; r; r &= r - 1)
            st->commander[__builtin_ctzll(r)] = (int8_t)owner[i];
    }
    int present[WM_GAME_SIDE_CHARS], n_present = 0;
    for (int k = 0; k < g->n_chars[side]; k++)
        if (g->bf.unit[g->char_of[side][k]].presence == WM_ON_TABLE)
            present[n_present++] = g->char_of[side][k];
    uint64_t reserve[WM_GAME_SIDE_UNITS];
    int n_reserve = wp_reserve_groups(g, side, reserve);
    for (int i = 0; i < n_reserve; i++) {
        wm_order_goal goal;
        if ((owner[n] = wp_entry_choose(st, g, side, reserve[i], present, n_present, &goal)) >= 0)
            groups[n++] = reserve[i];
    }
    int order[WM_GAME_SIDE_CHARS], n_chars = 0, gen = g->general[side];
    if (seq == WM_SEQ_GENERAL_FIRST && gen >= 0)
        order[n_chars++] = gen;
    for (int k = 0; k < g->n_chars[side]; k++)
        if (g->char_of[side][k] != gen)
            order[n_chars++] = g->char_of[side][k];
    if (seq == WM_SEQ_HEROES_FIRST && gen >= 0)
        order[n_chars++] = gen;
    plan->n = 0;
    for (int k = 0; k < n_chars; k++) {
        int first = plan->n;
        for (int i = 0; i < n && plan->n < WM_PLAN_MAX_STEPS; i++) {
            if (owner[i] != order[k])
                continue;
            wm_order_step s = {.character = order[k], .group = groups[i], .max_orders = st->spec->orders_per_unit,
                                  .min_target = st->spec->min_target};
            double d = plan_distance(g, order[k], groups[i]);
            int j = plan->n++; /* nearest first, stable */
            for (; j > first && plan_distance(g, order[k], plan->step[j - 1].group) > d; j--)
                plan->step[j] = plan->step[j - 1];
            plan->step[j] = s;
        }
    }
}

/* ---- The scripted policies ----------------------------------------------- */

void wm_policy_set_fighting(wm_policy_state *st, const wm_fighting *per_unit)
{
    st->fighting = per_unit;
}

void wm_fighting_from_armies(const wm_army *const army_of_side[2], const wm_deployed *roster, int n,
                             wm_fighting *out)
{
    for (int u = 0; u < n; u++) {
        const wm_list_unit *lu = &army_of_side[roster[u].side]->list.unit[roster[u].list_unit];
        out[u] = lu->role == WM_ROLE_NONE ? (wm_fighting){lu->attacks, lu->hits, lu->armour} : (wm_fighting){0, 0, 0};
    }
}

/* RULE wm.policy.initiative-judgement */
double wm_policy_strength(const wm_policy_state *st, const wm_game *g, int u)
{
    const wm_unit *un = &g->bf.unit[u];
    wm_fighting f = st->fighting ? st->fighting[u] : (wm_fighting){1, 1, un->profile.armour};
    double save = f.armour >= 1 && f.armour <= 6 ? fmin((7 - f.armour) / 6.0, 5.0 / 6.0) : 0.0;
    return un->n_stands * f.attacks * f.hits / (1.0 - save);
}

/* The evade heading of unit u from enemy e: (0, 0) (directly away) unless
 * u is light cavalry under the optional rule, which "can evade in any
 * direction": then, of directly away and 45 and 90 degrees either side of
 * it, the legal full evade that ends farthest from the enemy (ties: the
 * first in that list). */
/* RULE wm.policy.light-cavalry-evade */
mu_vec2 wm_policy_evade_heading(const wm_game *g, int u, int e, int allow_burst)
{
    mu_vec2 none = mu_v2(0, 0);
    if (!g->rules->light_cavalry_rule || !wm_is_light_cavalry(&g->bf.unit[u].profile))
        return none;
    wm_evade_dirs dirs;
    if (wm_evade_directions(&g->bf, u, e, &dirs) == 0)
        return none;
    static const double turn_deg[] = {0.0, 45.0, -45.0, 90.0, -90.0};
    mu_vec2 best = none;
    double best_far = -1.0;
    for (int k = 0; k < 5; k++) {
        wm_evade_request rq = wm_evade_request_make(u, e);
        rq.light_cavalry_rule = 1;
        rq.allow_burst = allow_burst;
        rq.direction = mu_v2_rotate(dirs.d[0].dir, turn_deg[k] * 3.14159265358979323846 / 180.0);
        wm_evade ev;
        if (wm_evade_plan(&g->bf, &rq, &ev) != WM_EVADE_OK)
            continue;
        wm_unit after = g->bf.unit[u];
        for (int i = 0; i < ev.move.n; i++) {
            const wm_stand_path *p = &ev.move.path[i];
            wm_stand_path_mm(&g->bf.unit[u].stand[p->stand], p->leg, p->n_legs, &after.stand[p->stand]);
        }
        double far = wm_unit_distance_mm(&after, &g->bf.unit[e], NULL, NULL, NULL, NULL);
        if (far > best_far + 1e-9) {
            best_far = far;
            best = rq.direction;
        }
    }
    return best;
}

/* The initiative judgement for candidate k (see wm_battle_policy.h):
 * fills *out and returns non-zero to charge or evade, 0 to decline. */
/* RULE wm.policy.initiative-judgement wm.policy.light-cavalry-evade */
static int judge_initiative(const wm_policy_state *st, const wm_game *g, const wm_init_candidate *k,
                            wm_init_choice *out)
{
    const wm_policy_spec *sp = st->spec;
    *out = (wm_init_choice){.unit = k->unit, .action = WM_INIT_DECLINE, .target = k->closest.unit[0],
                               .allow_burst = sp->burst_through};
    if (sp->hold_zones && wp_in_any_zone(g, k->unit))
        return 0; /* holds its zone */
    double own = wm_policy_strength(st, g, k->unit), worst = 0.0, weakest = INFINITY;
    int charge = -1;
    for (int j = 0; j < k->closest.n; j++) {
        int e = k->closest.unit[j];
        double se = wm_policy_strength(st, g, e);
        if (se > worst)
            worst = se, out->target = e;
        if (k->closest.can_charge[j] && (sp->charge_fortified || !wm_unit_fortified(&g->bf, &g->bf.unit[e])) &&
            se < weakest)
            weakest = se, charge = e;
    }
    /* a player knows the list's rules: a unit that never evades does not */
    if (sp->evade_odds > 0.0 && worst >= sp->evade_odds * own && !g->bf.unit[k->unit].profile.rules.never_evade) {
        out->action = WM_INIT_EVADE;
        out->evade_heading = wm_policy_evade_heading(g, k->unit, out->target, out->allow_burst);
        return 1;
    }
    if (charge >= 0 && own >= sp->charge_odds * weakest) {
        out->action = WM_INIT_CHARGE;
        out->target = charge;
        return 1;
    }
    return 0;
}

/* The first candidate (in the rules' sequence) the judgement moves; when
 * it moves none, the first candidate declines (a choice the game counts,
 * init_declined), and so on until none is left. */
/* RULE wm.game.initiative-choice wm.policy.initiative-judgement */
static int scripted_initiative(void *self, const wm_game *g, int side, const wm_init_candidates *c,
                               wm_init_choice *out)
{
    wm_policy_state *st = self;
    (void)side;
    if (!st->spec->initiative || c->n == 0)
        return 0;
    for (int i = 0; i < c->n; i++)
        if (judge_initiative(st, g, &c->c[i], out))
            return 1;
    judge_initiative(st, g, &c->c[0], out);
    return 1;
}

static void scripted_plan(void *self, const wm_game *g, int side, wm_order_plan *plan)
{
    wm_policy_state *st = self;
    wp_plan(st, g, side, st->spec->sequence, plan);
}

static void aggressive_goal(const wm_game *g, uint64_t group, wm_order_goal *out)
{
    int m = 0, aim = -1;
    double aim_d = INFINITY;
    for (uint64_t r = group; r; r &= r - 1, m++) {
        int u = __builtin_ctzll(r);
        double d;
        int e = wp_nearest_enemy(g, u, &d);
        if (e >= 0 && d <= g->bf.unit[u].profile.full_pace_mm)
            out->charge[m] = e;
        if (e >= 0 && d < aim_d)
            aim = e, aim_d = d;
    }
    if (aim < 0)
        return;
    out->go = 1;
    out->point = wm_unit_centre(&g->bf.unit[aim]);
}

int wp_nearest_zone(const wm_game *g, int side, mu_vec2 p, int free_only)
{
    int best = -1;
    double bd = INFINITY;
    for (int z = 0; z < g->sc->n_objectives; z++) {
        int held = 0;
        for (int l = 0; free_only && l < g->n_units[side] && !held; l++)
            held = g->bf.unit[g->unit_of[side][l]].presence == WM_ON_TABLE && wp_unit_in_zone(g, g->unit_of[side][l], z);
        double d = mu_v2_dist(p, wp_zone_centre(g, z));
        if (!held && d < bd)
            bd = d, best = z;
    }
    return best;
}

static void cautious_goal(const wm_game *g, int side, uint64_t group, wm_order_goal *out)
{
    double dmin = INFINITY;
    int enemy = -1;
    for (uint64_t r = group; r; r &= r - 1) {
        int u = __builtin_ctzll(r);
        double d;
        int e = wp_nearest_enemy(g, u, &d);
        if (wp_in_any_zone(g, u))
            return; /* hold the objective */
        if (d < dmin)
            dmin = d, enemy = e;
    }
    if (dmin <= HOLD_OFF_MM)
        return;
    mu_vec2 c = wp_group_centre(g, group);
    int z = wp_nearest_zone(g, side, c, 1);
    out->avoid_contact = 1;
    if (z >= 0) {
        out->go = 1;
        out->point = wp_zone_centre(g, z);
    } else if (enemy >= 0) {
        mu_vec2 e = wm_unit_centre(&g->bf.unit[enemy]);
        out->go = 1;
        out->point = mu_v2_add(c, mu_v2_scale(mu_v2_unit(mu_v2_sub(e, c)), dmin - HOLD_OFF_MM));
    }
}

static void objective_goal(const wm_game *g, int side, uint64_t group, wm_order_goal *out)
{
    for (uint64_t r = group; r; r &= r - 1)
        if (wp_in_any_zone(g, __builtin_ctzll(r)))
            return;
    mu_vec2 c = wp_group_centre(g, group);
    int z = wp_nearest_zone(g, side, c, 0);
    if (z >= 0) {
        out->point = wp_zone_centre(g, z);
    } else { /* the enemy's table edge, straight ahead */
        int edge = g->sc->side[1 - side].edge;
        out->point = c;
        if (edge == WM_EDGE_SOUTH || edge == WM_EDGE_NORTH)
            out->point.y = edge == WM_EDGE_SOUTH ? 0.0 : g->bf.depth_mm;
        else
            out->point.x = edge == WM_EDGE_WEST ? 0.0 : g->bf.width_mm;
    }
    out->go = 1;
    int first = __builtin_ctzll(group);
    if (__builtin_popcountll(group) == 1 && mu_v2_dist(c, out->point) > g->bf.unit[first].profile.full_pace_mm)
        out->form = WM_FORM_COLUMN;
}

/* A unit in a line of touching units can only move straight ahead (or
 * back): when the goal lies off to one side, go straight ahead instead
 * if that way is blocked (the fallback), as far as a full pace (cautious:
 * no nearer the enemy than HOLD_OFF_MM). */
static void straight_ahead(const wm_game *g, int side, uint64_t group, wm_order_goal *out)
{
    int u0 = __builtin_ctzll(group);
    const wm_unit *u = &g->bf.unit[u0];
    mu_vec2 c = wp_group_centre(g, group);
    mu_vec2 ahead = __builtin_popcountll(group) == 1 ? u->stand[0].facing : wm_edge_forward(g->sc->side[side].edge);
    mu_vec2 to = mu_v2_sub(out->point, c);
    double len = mu_v2_len(to), far = u->profile.full_pace_mm;
    if (len < 1.0 || mu_v2_dot(to, ahead) <= 0.0 || mu_v2_dot(to, ahead) > 0.996 * len)
        return; /* behind, or already (within 5 degrees) straight ahead */
    if (out->avoid_contact) {
        double d;
        wp_nearest_enemy(g, u0, &d);
        far = fmin(far, d - HOLD_OFF_MM);
    }
    if (far <= 1.0)
        return;
    out->has_fallback = 1;
    out->fallback = mu_v2_add(c, mu_v2_scale(ahead, fmin(far, mu_v2_dot(to, ahead))));
}

static void scripted_goal(void *self, const wm_game *g, int side, const wm_order_step *step, uint64_t group,
                          int order_number, wm_order_goal *out)
{
    wm_policy_state *st = self;
    int u0 = __builtin_ctzll(group);
    if (group & g->reserve) { /* where to enter: the place wp_plan chose, looked at afresh */
        wp_entry_choose(st, g, side, group, &step->character, 1, out);
        return;
    }
    mu_vec2 c0 = wm_unit_centre(&g->bf.unit[u0]);
    if (order_number > 1 && mu_v2_dist(c0, st->asked_at[u0]) < 1.0)
        return; /* the last order moved it nowhere: another would not either */
    if (order_number > 1 && step->character == g->general[side]) { /* RULE wm.policy.general-further */
        wm_penalties pen;
        int target = wm_game_command(g, step->character) - wm_game_penalties(g, step->character, group, &pen) -
                     (order_number - 1);
        if (target < st->spec->general_further_min)
            return; /* the General's failure would end his orders (and with general-first, everyone's) */
    }
    st->asked_at[u0] = c0;
    out->form = WM_FORM_KEEP;
    switch (st->spec->kind) {
    case WM_POLICY_AGGRESSIVE: aggressive_goal(g, group, out); break;
    case WM_POLICY_CAUTIOUS: cautious_goal(g, side, group, out); break;
    default: objective_goal(g, side, group, out); break;
    }
    if (out->go)
        straight_ahead(g, side, group, out);
}

/* Characters stand behind the units they order: the General behind the
 * whole army, every other character behind the units planned for him. */
static int scripted_character(void *self, const wm_game *g, int c, mu_vec2 *to)
{
    wm_policy_state *st = self;
    int side = g->bf.unit[c].side;
    uint64_t units = 0;
    for (int l = 0; l < g->n_units[side]; l++) {
        int u = g->unit_of[side][l];
        const wm_unit *un = &g->bf.unit[u];
        if (un->presence == WM_ON_TABLE && !wm_unit_engaged(un) && (c == g->general[side] || st->commander[u] == c))
            units |= wp_bit(u);
    }
    if (!units)
        return 0;
    mu_vec2 back = mu_v2_scale(wm_edge_forward(g->sc->side[side].edge), -BEHIND_MM);
    *to = mu_v2_add(wp_group_centre(g, units), back);
    return 1;
}

/* The once-a-game Command bonus (a character's mount): kept for the turn
 * the fighting begins, the first in which an enemy unit on the table
 * stands within BONUS_CLOSE_MM of one of the side's units; used in the
 * game's last turn if that never comes. */
/* RULE wm.policy.command-bonus */
static int scripted_command_bonus(void *self, const wm_game *g, int c)
{
    (void)self;
    int side = g->bf.unit[c].side;
    if (g->turn >= g->sc->turns)
        return 1;
    for (int k = 0; k < g->n_units[side]; k++) {
        const wm_unit *own = &g->bf.unit[g->unit_of[side][k]];
        for (int e = 0; e < g->n_units[1 - side] && own->presence == WM_ON_TABLE; e++) {
            const wm_unit *enemy = &g->bf.unit[g->unit_of[1 - side][e]];
            if (enemy->presence == WM_ON_TABLE &&
                wm_unit_distance_mm(own, enemy, NULL, NULL, NULL, NULL) <= BONUS_CLOSE_MM)
                return 1;
        }
    }
    return 0;
}

/* The free move (the Pump Wagon's N x D6 cm with no order), the same for
 * every scripted policy: toward the nearest enemy unit, charging it when
 * it stands within the distance rolled (the charge is made only if the
 * contact move reaches; else the wagon goes as far toward it as the roll
 * allows, short of contact). */
/* RULE wm.policy.free-move */
static void scripted_free_move(void *self, const wm_game *g, int side, int u, double rolled_mm, wm_order_goal *out)
{
    (void)self, (void)side;
    double d;
    int e = wp_nearest_enemy(g, u, &d);
    if (e < 0)
        return;
    out->go = 1;
    out->form = WM_FORM_KEEP;
    out->point = wm_unit_centre(&g->bf.unit[e]);
    if (d <= rolled_mm)
        out->charge[0] = e;
}

void wm_policy_bind(const wm_policy_spec *spec, wm_policy_state *st, mu_rng rng, wm_player *out)
{
    memset(st, 0, sizeof *st);
    st->spec = spec;
    st->rng = rng;
    for (int i = 0; i < WM_MAX_UNITS; i++)
        st->commander[i] = -1;
    out->self = st;
    out->ignore_fortified = spec->ignore_fortified;
    out->ignore_divided = spec->ignore_divided;
    if (spec->kind == WM_POLICY_RANDOM) {
        out->initiative = wp_random_initiative;
        out->plan_orders = wp_random_plan;
        out->order_goal = wp_random_goal;
        out->character_goal = wp_random_character;
        out->use_command_bonus = wp_random_command_bonus;
        out->remove_blunderer = wp_random_remove_blunderer;
        out->free_move_goal = wp_random_free_move;
    } else {
        out->initiative = scripted_initiative;
        out->plan_orders = scripted_plan;
        out->order_goal = scripted_goal;
        out->character_goal = scripted_character;
        out->use_command_bonus = scripted_command_bonus;
        /* RULE wm.policy.blunder-demotion: a level of the General's Command
         * costs fewer orders than a subordinate does (the figures: CLAUSES.md) */
        out->remove_blunderer = NULL;
        out->free_move_goal = scripted_free_move;
    }
}
