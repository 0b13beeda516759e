/* The layer every Battlesystem policy is built on (bs_action.h): the
 * actions a plan is made of, carried out through the engine and described
 * for the trace, and what every policy reads of the field or draws from
 * its own generator. Calls the engine only; no policy. */
#include "battlesystem/policy/bs_action.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846
/* Degrees for printing (no "-0.0"). */
static double DEG(double rad)
{
    double d = rad * 180.0 / PI;
    return fabs(d) < 0.05 ? 0.0 : d;
}

bs_action_result bs_action_apply(bs_field *f, const bs_env *env, int u, const bs_action *a)
{
    bs_action_result r;
    memset(&r, 0, sizeof r);
    switch (a->kind) {
    case BS_ACT_START:
        r.refusal = bs_start(f, env, u, a->mode, a->target);
        break;
    case BS_ACT_FORMATION:
        r.refusal = bs_change_formation(f, env, u, a->formation);
        break;
    case BS_ACT_FACE:
        r.refusal = bs_face(f, env, u, a->face);
        break;
    case BS_ACT_TURN:
        r.refusal = bs_turn(f, env, u, a->angle_rad);
        break;
    case BS_ACT_FRONTAGE:
        r.refusal = bs_change_frontage(f, env, u, a->frontage);
        break;
    case BS_ACT_WHEEL:
        r.refusal = bs_wheel(f, env, u, a->pivot, a->angle_rad, &r.wheeled_rad);
        break;
    case BS_ACT_ADVANCE:
        r.refusal = bs_advance(f, env, u, a->dist_mm, a->angle_rad, &r.step);
        break;
    case BS_ACT_CHARGE_RUN:
        r.refusal = bs_charge_run(f, env, u, a->angle_rad, &r.charge);
        break;
    case BS_ACT_WRAP:
        r.refusal = bs_wrap_around(f, env, u, a->enemy, a->left, a->right, &r.wrap);
        break;
    case BS_ACT_WITHDRAW:
        r.refusal = bs_fighting_withdrawal(f, env, u, a->follow, &r.withdraw);
        break;
    default:
        r.refusal = BS_BAD_ARGUMENT;
        break;
    }
    return r;
}

static const char *unit_name(const char *const *names, int u, char *buf, size_t len)
{
    if (names && u >= 0)
        return names[u];
    snprintf(buf, len, "unit %d", u);
    return buf;
}

static const char *distance_text(double mm, char *buf, size_t len)
{
    if (isinf(mm))
        snprintf(buf, len, "all it may");
    else
        snprintf(buf, len, "%.2fin", mm / MU_MM_PER_INCH);
    return buf;
}

const char *bs_action_text(const bs_action *a, const char *const *names, char *buf, size_t len)
{
    static const char *const modes[] = {"normal move", "forced march", "charge"};
    static const char *const forms[] = {"closed", "open", "skirmish", "mob", "none"};
    static const char *const faces[] = {"right face", "left face", "about face"};
    char n[32], d[32];
    switch (a->kind) {
    case BS_ACT_START:
        if (a->mode == BS_MODE_CHARGE)
            snprintf(buf, len, "declare charge at %s", unit_name(names, a->target, n, sizeof n));
        else
            snprintf(buf, len, "declare %s", modes[a->mode < 3 ? a->mode : 0]);
        break;
    case BS_ACT_FORMATION:
        snprintf(buf, len, "change formation to %s", forms[a->formation <= BS_NO_FORMATION ? a->formation : 4]);
        break;
    case BS_ACT_FACE:
        snprintf(buf, len, "%s", faces[a->face <= BS_ABOUT_FACE ? a->face : 0]);
        break;
    case BS_ACT_TURN:
        snprintf(buf, len, "turn %+.1fdeg", DEG(a->angle_rad));
        break;
    case BS_ACT_FRONTAGE:
        snprintf(buf, len, "change frontage to %d", a->frontage);
        break;
    case BS_ACT_WHEEL:
        snprintf(buf, len, "wheel %.1fdeg on the %s corner", DEG(a->angle_rad),
                 a->pivot == BS_PIVOT_LEFT ? "left" : "right");
        break;
    case BS_ACT_ADVANCE:
        snprintf(buf, len, "advance %s at %+.1fdeg", distance_text(a->dist_mm, d, sizeof d), DEG(a->angle_rad));
        break;
    case BS_ACT_CHARGE_RUN:
        snprintf(buf, len, "charge run at %+.1fdeg", DEG(a->angle_rad));
        break;
    case BS_ACT_WRAP:
        snprintf(buf, len, "wrap around %s (%d left, %d right)", unit_name(names, a->enemy, n, sizeof n), a->left,
                 a->right);
        break;
    case BS_ACT_WITHDRAW:
        snprintf(buf, len, "fighting withdrawal");
        break;
    default:
        snprintf(buf, len, "?");
        break;
    }
    return buf;
}

double bs_uniform(mu_rng *rng)
{
    uint64_t hi = mu_rng_next(rng) >> 5, lo = mu_rng_next(rng) >> 6; /* 27 + 26 bits */
    return (double)(hi * 67108864u + lo) / 9007199254740992.0;
}

double bs_bearing(const bs_field *f, int u, int v)
{
    const bs_unit *a = &f->units[u];
    mu_vec2 d = mu_v2_sub(bs_unit_centre(&f->units[v]), a->front);
    return atan2(mu_v2_cross(a->facing, d), mu_v2_dot(a->facing, d));
}

int bs_policy_target(const bs_field *f, int u) { return bs_policy_target_judged(f, u, NULL, NULL); }

int bs_policy_target_judged(const bs_field *f, int u, double (*scale)(void *ctx), void *ctx)
{
    int best = -1, best_routed = 1;
    double bd = INFINITY;
    for (int e = 0; e < f->n_units; e++) {
        const bs_unit *en = &f->units[e];
        if (en->side == f->units[u].side || !bs_unit_alive(en))
            continue;
        double d = bs_distance_mm(f, u, e) * (scale ? scale(ctx) : 1.0);
        if (en->routed > best_routed || (en->routed == best_routed && d >= bd))
            continue;
        best = e, bd = d, best_routed = en->routed;
    }
    return best;
}
