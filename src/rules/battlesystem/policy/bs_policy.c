/* Battlesystem policies hold, steady and forced, the dispatch to every
 * policy, and the steady policy's distance estimates (see
 * battlesystem/policy/bs_policy.h). The random policy is in
 * bs_policy_random.c; the actions both are made of in bs_action.c. */
#include "battlesystem/policy/bs_policy.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

const char *bs_policy_name(bs_policy_kind k)
{
    static const char *const names[] = {"hold", "steady", "forced", "random"};
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

int bs_policy_rallies(const bs_policy_spec *p) { return p->rally; }

double bs_normal(mu_rng *rng)
{
    double u1 = 1.0 - bs_uniform(rng); /* (0, 1] */
    double u2 = bs_uniform(rng);
    return sqrt(-2.0 * log(u1)) * cos(2.0 * PI * u2);
}

/* RULE bs.game.charge-estimate */
double bs_estimate_error(const bs_policy_spec *p, mu_rng *rng)
{
    double e = 0.0;
    if (p->estimate == BS_ESTIMATE_NORMAL)
        e = p->estimate_error * bs_normal(rng);
    else if (p->estimate == BS_ESTIMATE_UNIFORM)
        e = p->estimate_error * (2.0 * bs_uniform(rng) - 1.0);
    return e < -0.95 ? -0.95 : e;
}

__attribute__((format(printf, 2, 3)))
static void why(bs_plan *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->why, sizeof p->why, fmt, ap);
    va_end(ap);
}

static bs_action *push(bs_plan *p, bs_action_kind k)
{
    bs_action *a = &p->steps[p->n++];
    memset(a, 0, sizeof *a);
    a->kind = k;
    a->target = a->enemy = -1;
    return a;
}

/* The lowest-numbered enemy touching u at its phase start, or -1. */
static int enemy_in_contact(const bs_unit *un)
{
    return un->contact_at_start ? __builtin_ctz(un->contact_at_start) : -1;
}

/* Largest free oblique angle for u's formation (7.9; mobs: none). */
static double oblique_limit(const bs_unit *un, const bs_rules *r)
{
    if (un->formation == BS_CLOSED || un->formation == BS_OPEN)
        return r->oblique_max_deg * PI / 180.0;
    return un->formation == BS_MOB_FORMATION ? 0.0 : PI;
}

static int may_charge(const bs_unit *un, int target)
{
    if (un->kind == BS_MOB)
        return !(un->no_charge & (1u << target));
    return un->kind == BS_REGULAR && un->in_command && !(un->no_charge & (1u << target));
}

/* A friend of u lies on the line at angle `line` nearer than dist_mm: a
 * charge along it would stop at the friend (the player can see that). */
static int friend_in_the_way(const bs_field *f, int u, double line, double dist_mm)
{
    for (int v = 0; v < f->n_units; v++)
        if (v != u && f->units[v].side == f->units[u].side && bs_unit_alive(&f->units[v]) &&
            bs_line_distance_mm(f, u, v, line) < dist_mm)
            return 1;
    return 0;
}

struct steady_estimate {
    const bs_policy_spec *self;
    mu_rng *rng;
};

static double steady_scale(void *ctx)
{
    struct steady_estimate *est = ctx;
    return 1.0 + bs_estimate_error(est->self, est->rng);
}

/* The enemy steady moves on: the nearest by its *estimated* distance (7.7:
 * it may not pre-measure; each distance is true x (1 + e) under its
 * estimate model), enemies not routing first; -1 if none. */
/* RULE bs.game.steady-no-premeasure */
static int steady_target(const bs_policy_spec *self, const bs_field *f, int u, mu_rng *rng)
{
    struct steady_estimate est = {self, rng};
    return bs_policy_target_judged(f, u, steady_scale, &est);
}

/* Whether unit u gets anywhere advancing along `angle` after the plan's
 * steps so far, tried on a scratch copy of the field in u's phase (no
 * tally; a copy of rng as dice, though an advance rolls none): it moves
 * 1" or more, or into an enemy, or until its movement runs out — not
 * stopped within 1" by a friend, impassable terrain or the table edge.
 * Returns the distance it moves, or -1 when it gets nowhere. */
/* RULE bs.game.steady-free-line */
static double trial_advance(const bs_field *f, const bs_env *env, int u, const bs_plan *p, double angle,
                            const mu_rng *rng)
{
    bs_field scratch = *f;
    scratch.phase_side = f->units[u].side;
    mu_dice dice = mu_dice_from_rng(*rng);
    bs_env trial = {.rules = env->rules, .table = env->table, .dice = &dice, .tally = NULL};
    for (int i = 0; i < p->n; i++)
        bs_action_apply(&scratch, &trial, u, &p->steps[i]);
    bs_action a = {.kind = BS_ACT_ADVANCE, .angle_rad = angle, .dist_mm = INFINITY, .target = -1, .enemy = -1};
    bs_action_result r = bs_action_apply(&scratch, &trial, u, &a);
    if (r.refusal != BS_OK)
        return -1;
    const bs_step *s = &r.step;
    int gets = s->moved_mm >= MU_MM_PER_INCH || s->stop == BS_STOP_ENEMY ||
               ((s->stop == BS_STOP_MOVEMENT || s->stop == BS_STOP_DISTANCE) && s->moved_mm > 0);
    return gets ? s->moved_mm : -1;
}

/* The line steady advances on: of `line` and the lines 15, 30 and 45
 * degrees either side of it within its formation's free oblique limit
 * (7.9; a mob has only `line`), the nearest to `line` along which it gets
 * somewhere now (trial_advance) and no friend stands before enemy t, else
 * the one of those along which it gets farthest (it sees what stands in front of
 * it and whether it is pressed against something: no distance is
 * measured); NAN if none: it holds rather than push into a friend,
 * impassable terrain or the table edge for nothing. */
/* RULE bs.game.steady-free-line */
static double steady_line(const bs_field *f, const bs_env *env, int u, int t, const bs_plan *p, double line,
                          double limit, const mu_rng *rng)
{
    static const double offsets_deg[] = {0, 15, -15, 30, -30, 45, -45};
    double fallback = NAN, fallback_mm = -1;
    double to_enemy = bs_distance_mm(f, u, t);
    for (size_t i = 0; i < sizeof offsets_deg / sizeof offsets_deg[0]; i++) {
        double a = line + offsets_deg[i] * PI / 180.0;
        if (fabs(a) > limit + 1e-12 || (limit == 0.0 && i > 0))
            continue;
        double moved = trial_advance(f, env, u, p, a, rng);
        if (moved < 0)
            continue;
        if (!friend_in_the_way(f, u, a, to_enemy))
            return a;
        if (moved > fallback_mm)
            fallback = a, fallback_mm = moved;
    }
    return fallback;
}

static void steady_in_contact(const bs_policy_spec *self, const bs_field *f, int u,
                              bs_policy_memory *mem, bs_plan *p)
{
    int e = enemy_in_contact(&f->units[u]);
    bs_front_contact fc = bs_front_contact_of(f, u, e);
    if (self->wrap && !(mem->wrapped & (1u << e)) && fc.touching_front &&
        fc.overhang_left + fc.overhang_right > 0) {
        mem->wrapped |= 1u << e;
        bs_action *a = push(p, BS_ACT_WRAP);
        a->enemy = e, a->left = fc.overhang_left, a->right = fc.overhang_right;
        why(p, "in contact: wraps its overhanging figures around the enemy (once)");
        return;
    }
    why(p, "in contact: stays engaged");
}

/* RULE bs.game.charge-estimate */
static void steady_plan(const bs_policy_spec *self, const bs_field *f, const bs_env *env, int u,
                        bs_policy_memory *mem, mu_rng *rng, bs_plan *p)
{
    const bs_unit *un = &f->units[u];
    if (un->contact_at_start) {
        steady_in_contact(self, f, u, mem, p);
        return;
    }
    int t = steady_target(self, f, u, rng);
    p->target = t;
    if (t < 0) {
        why(p, "no enemy on the table: holds");
        return;
    }
    double bearing = bs_bearing(f, u, t), limit = oblique_limit(un, env->rules);
    double line = fabs(bearing) <= limit ? bearing : NAN;
    double true_mm = isnan(line) ? INFINITY : bs_line_distance_mm(f, u, t, line);
    if (isinf(true_mm) && fabs(bearing) > 1e-9 && bs_line_distance_mm(f, u, t, 0.0) < INFINITY)
        line = 0.0, true_mm = bs_line_distance_mm(f, u, t, 0.0);
    double rate = bs_rate_mm(un);
    /* a friend on the charge line: no charge; it sidesteps below */
    int blocked = !isinf(true_mm) && friend_in_the_way(f, u, line, true_mm);
    if (self->charge && may_charge(un, t) && !isinf(true_mm) && !blocked) {
        double e = bs_estimate_error(self, rng);
        double est = true_mm * (1.0 + e);
        p->estimated = 1, p->estimate_mm = est, p->true_mm = true_mm, p->error = e;
        if (est >= env->rules->charge_straight_frac * rate && est <= env->rules->charge_mult * rate) {
            bs_action *a = push(p, BS_ACT_START);
            a->mode = BS_MODE_CHARGE, a->target = t;
            push(p, BS_ACT_CHARGE_RUN)->angle_rad = line;
            p->charge = 1;
            why(p, "estimates %.2fin to the enemy (%+.0f%%): in charge range, charges", est / MU_MM_PER_INCH,
                100.0 * e);
            return;
        }
    }
    if (self->closed && un->kind == BS_REGULAR && un->formation == BS_OPEN && un->in_command)
        push(p, BS_ACT_FORMATION)->formation = BS_CLOSED;
    if (isnan(line)) {
        if (un->formation == BS_SKIRMISH) {
            push(p, BS_ACT_TURN)->angle_rad = bearing;
        } else {
            bs_action *a = push(p, BS_ACT_WHEEL);
            a->pivot = bearing > 0 ? BS_PIVOT_LEFT : BS_PIVOT_RIGHT;
            a->angle_rad = fabs(bearing);
        }
        line = 0.0;
    }
    double go = steady_line(f, env, u, t, p, line, p->n && p->steps[p->n - 1].kind == BS_ACT_WHEEL ? 0.0 : limit, rng);
    if (isnan(go)) {
        why(p, "%s", p->n ? "blocked on every line it may take: turns or re-forms only"
                          : "blocked on every line it may take: holds");
        return;
    }
    bs_action *a = push(p, BS_ACT_ADVANCE);
    a->dist_mm = INFINITY, a->angle_rad = go;
    if (blocked)
        why(p, "a friend stands between it and the enemy: advances %+.0fdeg round it", go * 180.0 / PI);
    else if (p->estimated)
        why(p, "estimates %.2fin to the enemy (%+.0f%%): not in charge range, advances",
            p->estimate_mm / MU_MM_PER_INCH, 100.0 * p->error);
    else
        why(p, "advances on the enemy");
}

/* RULE bs.game.forced-heading */
static void forced_plan(const bs_policy_spec *self, const bs_field *f, int u, bs_policy_memory *mem,
                        bs_plan *p)
{
    const bs_unit *un = &f->units[u];
    if (!mem->heading_set) {
        mem->heading = un->facing; /* the heading it marches on: its facing when first planned */
        mem->heading_set = 1;
    }
    if (un->contact_at_start) {
        why(p, "in contact: stays engaged");
        return;
    }
    if (mem->rest_left > 0) {
        mem->rest_left--;
        why(p, "rests (%d more round%s before marching)", mem->rest_left, mem->rest_left == 1 ? "" : "s");
        return;
    }
    if (self->marches > 0 && mem->marches >= self->marches) {
        why(p, "has made its %d forced march%s: rests", self->marches, self->marches == 1 ? "" : "es");
        return;
    }
    if (!un->in_command && un->kind != BS_INDIVIDUAL) {
        why(p, "out of command, may not force-march: rests");
        return;
    }
    /* after a rout (it ends "with its back to the enemy", 7.15) and a rally
     * it faces home: it turns back to the heading it marched on before
     * rather than force-march toward its own edge */
    int back = mu_v2_dot(un->facing, mem->heading) < 0;
    if (back && (un->formation == BS_CLOSED || un->formation == BS_OPEN)) {
        push(p, BS_ACT_FACE)->face = BS_ABOUT_FACE;
        why(p, "faces about to its marching heading (about face, 7.9) before marching on");
        return;
    }
    push(p, BS_ACT_START)->mode = BS_MODE_FORCED;
    if (back) /* skirmishers and individuals turn at will, free (7.9) */
        push(p, BS_ACT_TURN)->angle_rad = atan2(mu_v2_cross(un->facing, mem->heading), mu_v2_dot(un->facing, mem->heading));
    push(p, BS_ACT_ADVANCE)->dist_mm = INFINITY;
    mem->marches++;
    if (++mem->in_burst >= (self->burst > 0 ? self->burst : 1)) {
        mem->in_burst = 0;
        mem->rest_left = self->rest_rounds;
    }
    why(p, "forced march %d", mem->marches);
}

void bs_policy_plan(const bs_policy_spec *self, const bs_policy_spec *enemy, const bs_field *f,
                       const bs_env *env, int u, bs_policy_memory *mem, mu_rng *rng, bs_plan *out)
{
    memset(out, 0, sizeof *out);
    out->target = -1;
    out->estimate_mm = out->true_mm = INFINITY;
    const bs_unit *un = &f->units[u];
    if (!bs_unit_alive(un) || un->routed || un->state == BS_DONE) {
        why(out, "%s", un->routed ? "routing" : "done");
        return;
    }
    if (un->frozen) {
        why(out, "filling gaps used its move (7.3)");
        return;
    }
    switch (self->kind) {
    case BS_POLICY_STEADY:
        steady_plan(self, f, env, u, mem, rng, out);
        break;
    case BS_POLICY_FORCED:
        forced_plan(self, f, u, mem, out);
        break;
    case BS_POLICY_RANDOM:
        bs_random_plan(enemy, f, env, u, rng, out);
        break;
    default:
        why(out, "%s", un->contact_at_start ? "in contact: stays engaged" : "holds");
        break;
    }
}
