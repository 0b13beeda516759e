/* The Battlesystem ruleset's play-by-play for `muster replay`: every roll
 * (re-rolled from a copy of the dice taken before the engine call, by the
 * kind of check the tally says the call made: one engine call makes checks
 * of one kind only), every action with what it did, and every change to a
 * unit (position, facing, formation, command, AR, routs and fates). Costs
 * nothing in batch runs: each function returns at once without a trace. */
#include "battlesystem/bs_charge.h"
#include "battlesystem/bs_march.h"

#include "ruleset_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

static double in(double mm) { return mm / MU_MM_PER_INCH; }
static double deg(mu_vec2 v) { return atan2(v.y, v.x) * 180.0 / PI; }

static const char *formation_name(bs_formation f)
{
    static const char *const names[] = {"closed", "open", "skirmish", "mob", "no formation"};
    return (unsigned)f < 5 ? names[f] : "?";
}

static const char *stop_name(bs_stop s)
{
    static const char *const names[] = {"moved the distance asked", "out of movement", "contact with",
                                        "a friend in the way:", "impassable terrain", "the table edge",
                                        "halted at the normal limit (Q&A 127.66)", "stopped short of"};
    return (unsigned)s < 8 ? names[s] : "?";
}

const char *bs_result_text(const bs_action *a, const bs_action_result *r, const char *const *names,
                           char *buf, size_t len)
{
    if (r->refusal != BS_OK) {
        snprintf(buf, len, "refused (%s)", bs_refusal_name(r->refusal));
        return buf;
    }
    switch (a->kind) {
    case BS_ACT_ADVANCE:
        snprintf(buf, len, "moved %.2fin, %s%s%s", in(r->step.moved_mm), stop_name(r->step.stop),
                 r->step.contact >= 0 ? " " : "", r->step.contact >= 0 ? names[r->step.contact] : "");
        break;
    case BS_ACT_CHARGE_RUN:
        if (isinf(r->charge.contact_path_mm))
            snprintf(buf, len, "%s: no enemy within reach on the line; moved %.2fin",
                     bs_charge_outcome_name(r->charge.outcome), in(r->charge.moved_mm));
        else
            snprintf(buf, len, "%s: the rules measure %.2fin to contact; moved %.2fin%s%s",
                     bs_charge_outcome_name(r->charge.outcome), in(r->charge.contact_path_mm),
                     in(r->charge.moved_mm), r->charge.contact >= 0 ? ", contact with " : "",
                     r->charge.contact >= 0 ? names[r->charge.contact] : "");
        break;
    case BS_ACT_WHEEL:
        snprintf(buf, len, "wheeled %.1fdeg", fabs(r->wheeled_rad) * 180.0 / PI);
        break;
    case BS_ACT_WRAP:
        snprintf(buf, len, "done, %d figure%s from the rear, cost %.2fin", r->wrap.from_rear,
                 r->wrap.from_rear == 1 ? "" : "s", in(r->wrap.cost_mm));
        break;
    case BS_ACT_WITHDRAW:
        snprintf(buf, len, "done; %d enem%s followed, %d stayed (%d checked discipline)",
                 __builtin_popcount(r->withdraw.followed), __builtin_popcount(r->withdraw.followed) == 1 ? "y" : "ies",
                 __builtin_popcount(r->withdraw.stayed), __builtin_popcount(r->withdraw.checked));
        break;
    default:
        snprintf(buf, len, "done");
        break;
    }
    return buf;
}

void bs_trace_before(bs_snap *snap, const bs_state *s, const mu_dice *dice, const mu_sink *sink)
{
    if (!sink->trace)
        return;
    snap->field = s->field;
    snap->tally = s->tally;
    snap->dice = *dice;
}

/* Re-rolls n checks of rule r from d, printing each. */
static void print_checks(const mu_sink *sink, const char *indent, const char *what, const bs_check_rule *r,
                         uint32_t n, mu_dice *d)
{
    for (uint32_t i = 0; i < n; i++) {
        char faces[96] = "";
        size_t used = 0;
        int total = 0;
        for (int k = 0; k < r->n_dice; k++) {
            int face = mu_dice_dk(d, r->sides);
            total += face;
            if (used < sizeof faces)
                used += (size_t)snprintf(faces + used, sizeof faces - used, "%s%d", k ? "+" : "", face);
        }
        if (r->n_dice > 1)
            mu_tracef(sink, "%sroll: %s %dd%d = %s = %d", indent, what, r->n_dice, r->sides, faces, total);
        else
            mu_tracef(sink, "%sroll: %s 1d%d = %d", indent, what, r->sides, total);
    }
}

static void trace_dice(const bs_snap *snap, const bs_ctx *c, const bs_state *s, const mu_dice *dice,
                       const mu_sink *sink, const char *indent)
{
    const bs_tally *a = &snap->tally, *b = &s->tally;
    const bs_rules *r = &c->study.rules;
    uint32_t morale = (b->morale_passed + b->morale_failed) - (a->morale_passed + a->morale_failed);
    uint32_t discipline = (b->discipline_passed + b->discipline_failed) - (a->discipline_passed + a->discipline_failed);
    uint32_t rally = b->rally_attempts - a->rally_attempts;
    mu_dice d = snap->dice;
    print_checks(sink, indent, "Morale Check", &r->morale, morale, &d);
    print_checks(sink, indent, "Discipline Check", &r->discipline, discipline, &d);
    print_checks(sink, indent, "rally", &r->rally, rally, &d);
    if (d.rng.state != dice->rng.state || d.script_pos != dice->script_pos)
        mu_tracef(sink, "%s(the rolls above could not be matched to the dice used)", indent);
    uint32_t mf = b->morale_failed - a->morale_failed, df = b->discipline_failed - a->discipline_failed;
    uint32_t rs = b->rally_successes - a->rally_successes;
    if (morale > 1)
        mu_tracef(sink, "%s%u of these Morale Checks failed", indent, mf);
    if (discipline > 1)
        mu_tracef(sink, "%s%u of these Discipline Checks failed", indent, df);
    if (rally > 1)
        mu_tracef(sink, "%s%u of these rallies succeeded", indent, rs);
}

static const char *status_name(bs_status st)
{
    static const char *const names[] = {"on the table", "removed (routed off the table)",
                                        "destroyed (surrounded, no 1in gap)", "captured", "eliminated"};
    return (unsigned)st < 5 ? names[st] : "?";
}

/* Appends to buf (len) at *used. */
__attribute__((format(printf, 4, 5)))
static void add(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
    if (*used >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used += (size_t)n;
}

/* The changes to unit u between a (before) and b (after), or "". */
static void unit_changes(const bs_field *fa, const bs_field *fb, int u, const bs_ctx *c, char *buf,
                         size_t len)
{
    const bs_unit *a = &fa->units[u], *b = &fb->units[u];
    size_t used = 0;
    buf[0] = '\0';
    double moved = mu_v2_dist(a->front, b->front);
    if (moved > 1e-6)
        add(buf, len, &used, "; moved %.2fin to (%.2f, %.2f)", in(moved), in(b->front.x), in(b->front.y));
    if (mu_v2_dist(a->facing, b->facing) > 1e-9)
        add(buf, len, &used, "; now faces %.1fdeg", deg(b->facing));
    if (a->formation != b->formation)
        add(buf, len, &used, "; %s formation", formation_name(b->formation));
    if (a->frontage != b->frontage)
        add(buf, len, &used, "; frontage %d", b->frontage);
    if (a->in_command != b->in_command)
        add(buf, len, &used, "; %s", b->in_command ? "in command" : "out of command");
    if (a->ar != b->ar)
        add(buf, len, &used, "; AR %d -> %d (penalty %d)", a->ar, b->ar, bs_ar_penalty(b));
    if (a->morale_mod != b->morale_mod)
        add(buf, len, &used, "; morale %+d this round", b->morale_mod);
    if (a->melee_ar_mod != b->melee_ar_mod)
        add(buf, len, &used, "; AR %+d for this round's melee", b->melee_ar_mod);
    if (!a->routed && b->routed)
        add(buf, len, &used, "; ROUTS");
    if (a->routed && !b->routed && b->status == BS_ACTIVE)
        add(buf, len, &used, "; rallied");
    if (a->status != b->status)
        add(buf, len, &used, "; %s", status_name(b->status));
    if (!a->locked && b->locked)
        add(buf, len, &used, "; locked (lost initiative and contacted, 7.8)");
    if (a->ambushed_by != b->ambushed_by && b->ambushed_by >= 0)
        add(buf, len, &used, "; ambushed by %s", c->names[b->ambushed_by]);
    for (int e = 0; e < fb->n_units; e++)
        if (e != u && fb->units[e].side != b->side && !bs_touching(fa, u, e) && bs_touching(fb, u, e))
            add(buf, len, &used, "; in contact with %s", c->names[e]);
}

/* RULE bs.game.replay-rolls */
void bs_trace_after(const bs_snap *snap, const bs_ctx *c, const bs_state *s, const mu_dice *dice,
                    const mu_sink *sink, const char *indent)
{
    if (!sink->trace)
        return;
    trace_dice(snap, c, s, dice, sink, indent);
    for (int u = 0; u < s->field.n_units; u++) {
        char buf[512];
        unit_changes(&snap->field, &s->field, u, c, buf, sizeof buf);
        if (buf[0])
            mu_tracef(sink, "%s%s: %s", indent, c->names[u], buf + 2); /* past the first "; " */
    }
}

void bs_trace_deployment(const bs_ctx *c, const bs_state *s, const mu_sink *sink)
{
    if (!sink->trace)
        return;
    const bs_study *st = &c->study;
    mu_tracef(sink, "deployment: table %.0fin x %.0fin (0: unbounded), %d Game Rounds, arm '%s': %s %s, %s %s",
              in(st->table.width_mm), in(st->table.depth_mm), st->rounds, st->arms[s->arm].label,
              st->side_names[0], bs_policy_name(st->arms[s->arm].side[0].kind), st->side_names[1],
              bs_policy_name(st->arms[s->arm].side[1].kind));
    for (int u = 0; u < s->field.n_units; u++) {
        const bs_unit *un = &s->field.units[u];
        mu_tracef(sink, "  %s (%s): %d figures %d wide, %s formation, rate %.1fin, AR %d, morale %d%s%s, "
                        "front at (%.2f, %.2f) facing %.1fdeg",
                  c->names[u], st->side_names[un->side], un->figures, un->frontage, formation_name(un->formation),
                  un->rate_in, un->ar, un->morale, un->in_command ? "" : ", out of command",
                  un->low_int_or_chaotic ? ", low INT/chaotic" : "", in(un->front.x), in(un->front.y),
                  deg(un->facing));
    }
}

void bs_trace_initiative(const bs_snap *snap, const bs_ctx *c, int side, int rounds_rolled, const mu_sink *sink)
{
    if (!sink->trace)
        return;
    const bs_rules *r = &c->study.rules;
    mu_dice d = snap->dice;
    for (int k = 0; k < rounds_rolled; k++) {
        int a = bs_roll(&d, r->initiative_dice, r->initiative_sides);
        int b = bs_roll(&d, r->initiative_dice, r->initiative_sides);
        mu_tracef(sink, "  initiative: %s %dd%d = %d, %s %dd%d = %d%s", c->study.side_names[0], r->initiative_dice,
                  r->initiative_sides, a, c->study.side_names[1], r->initiative_dice, r->initiative_sides, b,
                  a == b ? ": tie, rolled again" : "");
    }
    mu_tracef(sink, "  %s wins the initiative and moves first", c->study.side_names[side]);
}
