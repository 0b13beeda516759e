/* The Battlesystem `random` policy: uniform over the actions the rules
 * allow a unit now. Every candidate's arguments are drawn first (the same
 * draws whatever is legal, so a game's stream of draws does not depend on
 * which candidates the rules refuse); each candidate's first engine call
 * is then tried on a scratch copy of the field, with no tally and a copy
 * of the policy's generator as dice, and one of the accepted candidates
 * is picked uniformly. Holding still is always a candidate. */
#include "battlesystem/policy/bs_policy.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

enum {
    CAND_HOLD,
    CAND_ADVANCE,
    CAND_FORCED,
    CAND_CHARGE,
    CAND_FORMATION,
    CAND_RIGHT_FACE,
    CAND_LEFT_FACE,
    CAND_ABOUT_FACE,
    CAND_TURN,
    CAND_WHEEL,
    CAND_FRONTAGE,
    CAND_WRAP,
    CAND_WITHDRAW,
    N_CAND
};

static const char *const cand_names[N_CAND] = {
    "holds", "advances", "forced-marches", "charges", "changes formation", "right face", "left face",
    "about face", "turns", "wheels", "changes frontage", "wraps around", "makes a fighting withdrawal"};

/* One candidate: up to two engine calls (a declaration and its move). */
typedef struct cand {
    int n;
    bs_action a[2];
} cand;

static bs_action act(bs_action_kind k)
{
    bs_action a;
    memset(&a, 0, sizeof a);
    a.kind = k;
    a.target = a.enemy = -1;
    return a;
}

/* Fills every candidate's actions with freshly drawn arguments. */
static void draw_candidates(const bs_policy_spec *enemy, const bs_field *f, const bs_env *env, int u,
                            mu_rng *rng, cand c[N_CAND])
{
    const bs_unit *un = &f->units[u];
    double rate = bs_rate_mm(un);
    double limit = un->formation == BS_CLOSED || un->formation == BS_OPEN ? env->rules->oblique_max_deg * PI / 180
                   : un->formation == BS_MOB_FORMATION                         ? 0.0
                                                                                  : PI;
    double dist = rate * bs_uniform(rng);
    double angle = limit * (2.0 * bs_uniform(rng) - 1.0);
    double turn = PI * (2.0 * bs_uniform(rng) - 1.0);
    double wheel = 0.5 * PI * bs_uniform(rng);
    int pivot = (int)mu_rng_bounded(rng, 2);
    int frontage = 1 + (int)mu_rng_bounded(rng, (uint32_t)(un->figures > 0 ? un->figures : 1));
    int target = bs_policy_target(f, u);
    int in_contact = un->contact_at_start ? __builtin_ctz(un->contact_at_start) : -1;

    memset(c, 0, sizeof(cand) * N_CAND);
    c[CAND_ADVANCE].n = 1;
    c[CAND_ADVANCE].a[0] = act(BS_ACT_ADVANCE);
    c[CAND_ADVANCE].a[0].dist_mm = dist, c[CAND_ADVANCE].a[0].angle_rad = angle;
    c[CAND_FORCED].n = 2;
    c[CAND_FORCED].a[0] = act(BS_ACT_START);
    c[CAND_FORCED].a[0].mode = BS_MODE_FORCED;
    c[CAND_FORCED].a[1] = act(BS_ACT_ADVANCE);
    c[CAND_FORCED].a[1].dist_mm = INFINITY, c[CAND_FORCED].a[1].angle_rad = angle;
    c[CAND_CHARGE].n = target >= 0 ? 2 : 0;
    c[CAND_CHARGE].a[0] = act(BS_ACT_START);
    c[CAND_CHARGE].a[0].mode = BS_MODE_CHARGE, c[CAND_CHARGE].a[0].target = target;
    c[CAND_CHARGE].a[1] = act(BS_ACT_CHARGE_RUN);
    if (target >= 0) {
        double b = bs_bearing(f, u, target);
        c[CAND_CHARGE].a[1].angle_rad = b > limit ? limit : b < -limit ? -limit : b;
    }
    c[CAND_FORMATION].n = 1;
    c[CAND_FORMATION].a[0] = act(BS_ACT_FORMATION);
    c[CAND_FORMATION].a[0].formation = un->formation == BS_CLOSED ? BS_OPEN : BS_CLOSED;
    for (int k = 0; k < 3; k++) {
        c[CAND_RIGHT_FACE + k].n = 1;
        c[CAND_RIGHT_FACE + k].a[0] = act(BS_ACT_FACE);
        c[CAND_RIGHT_FACE + k].a[0].face = (bs_face_turn)k;
    }
    c[CAND_TURN].n = 1;
    c[CAND_TURN].a[0] = act(BS_ACT_TURN);
    c[CAND_TURN].a[0].angle_rad = turn;
    c[CAND_WHEEL].n = 1;
    c[CAND_WHEEL].a[0] = act(BS_ACT_WHEEL);
    c[CAND_WHEEL].a[0].pivot = (bs_pivot)pivot, c[CAND_WHEEL].a[0].angle_rad = wheel;
    c[CAND_FRONTAGE].n = 1;
    c[CAND_FRONTAGE].a[0] = act(BS_ACT_FRONTAGE);
    c[CAND_FRONTAGE].a[0].frontage = frontage;
    if (in_contact >= 0) {
        bs_front_contact fc = bs_front_contact_of(f, u, in_contact);
        c[CAND_WRAP].n = 1;
        c[CAND_WRAP].a[0] = act(BS_ACT_WRAP);
        c[CAND_WRAP].a[0].enemy = in_contact;
        c[CAND_WRAP].a[0].left = fc.overhang_left, c[CAND_WRAP].a[0].right = fc.overhang_right;
    }
    c[CAND_WITHDRAW].n = 1;
    c[CAND_WITHDRAW].a[0] = act(BS_ACT_WITHDRAW);
    c[CAND_WITHDRAW].a[0].follow = enemy->follow ? UINT32_MAX : 0;
}

/* Non-zero when the rules accept candidate c's first call now. */
static int legal(const cand *c, const bs_field *f, const bs_env *env, int u, mu_rng *rng)
{
    if (c->n == 0)
        return 0;
    bs_field scratch = *f;
    mu_dice dice = mu_dice_from_rng(*rng);
    bs_env trial = {.rules = env->rules, .table = env->table, .dice = &dice, .tally = NULL};
    return bs_action_apply(&scratch, &trial, u, &c->a[0]).refusal == BS_OK;
}

/* RULE bs.game.withdraw-follow */
void bs_random_plan(const bs_policy_spec *enemy, const bs_field *f, const bs_env *env, int u,
                       mu_rng *rng, bs_plan *out)
{
    cand c[N_CAND];
    draw_candidates(enemy, f, env, u, rng, c);
    int ok[N_CAND], n_ok = 0;
    ok[n_ok++] = CAND_HOLD;
    for (int k = 1; k < N_CAND; k++)
        if (legal(&c[k], f, env, u, rng))
            ok[n_ok++] = k;
    int pick = ok[mu_rng_bounded(rng, (uint32_t)n_ok)];
    for (int i = 0; i < c[pick].n; i++)
        out->steps[out->n++] = c[pick].a[i];
    if (pick == CAND_CHARGE) {
        out->charge = 1;
        out->target = c[pick].a[0].target;
        out->true_mm = bs_line_distance_mm(f, u, out->target, c[pick].a[1].angle_rad);
    }
    snprintf(out->why, sizeof out->why, "picks '%s' of %d allowed action%s", cand_names[pick], n_ok,
             n_ok == 1 ? "" : "s");
}
