/* The Ninth Age play-by-play for `muster replay`: every March Test with
 * its dice and every move with its steps, distance and end (prints only
 * when the sink traces). */
#include "ruleset_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define IN MU_MM_PER_INCH
#define DEG (180.0 / 3.14159265358979323846)

static double facing_deg(mu_vec2 f) { return atan2(f.y, f.x) * DEG; }

void na_trace_deployment(const na_ctx *c, const na_state *s, mu_sink *sink)
{
    if (!sink->trace)
        return;
    mu_tracef(sink, "Deployment (inches; facing in degrees)");
    for (int u = 0; u < s->field.n_units; u++) {
        const na_unit *un = &s->field.units[u];
        mu_tracef(sink, "  %s (%s): %d models, %d files, Centre (%.2f, %.2f), facing %.1f, Advance %.2f, March %.2f, "
                        "Discipline %d%s%s%s",
                  c->names[u], c->study.side_names[un->side], un->models, un->files, un->centre.x / IN,
                  un->centre.y / IN, facing_deg(un->facing), un->p.advance_mm / IN, un->p.march_mm / IN,
                  un->p.discipline, un->flags & NA_CHARGING ? ", Charging" : "", un->flags & NA_FLEEING ? ", Fleeing" : "",
                  un->flags & NA_SHAKEN ? ", Shaken models" : "");
    }
}

/* RULE na.record.trace */
void na_trace_march_test(const na_ctx *c, int u, const na_march_result *r, int discipline, mu_sink *sink)
{
    if (!sink->trace)
        return;
    char dice[64] = "";
    size_t used = 0;
    for (int i = 0; i < r->n_dice && used < sizeof dice; i++)
        used += (size_t)snprintf(dice + used, sizeof dice - used, "%s%d", i ? "+" : "", r->faces[i]);
    mu_tracef(sink, "  %s: March Test (enemy %s %.2fin away, within %.2fin): %dD%d %s = %d vs Discipline %d: %s",
              c->names[u], c->names[r->enemy], r->enemy_mm / IN, c->study.rules.march_radius_mm / IN,
              c->study.rules.test_dice, c->study.rules.test_sides, dice, r->total, discipline,
              r->passed ? "passed" : "failed, no March Move this phase");
}

static void step_text(const na_step *st, char *buf, size_t len)
{
    switch (st->kind) {
    case NA_STEP_FORWARD: snprintf(buf, len, "forward %.2fin", st->amount / IN); break;
    case NA_STEP_BACK: snprintf(buf, len, "backward %.2fin", st->amount / IN); break;
    case NA_STEP_SIDE: snprintf(buf, len, "%s %.2fin", st->amount < 0 ? "left" : "right", fabs(st->amount) / IN); break;
    case NA_STEP_WHEEL: snprintf(buf, len, "wheel %.1fdeg", st->amount * DEG); break;
    default: snprintf(buf, len, "pivot %.1fdeg", st->amount * DEG); break;
    }
}

void na_trace_move(const na_ctx *c, const na_state *s, int u, const na_move *m, const na_outcome *o,
                   const char *policy, const char *why, mu_sink *sink)
{
    if (!sink->trace)
        return;
    (void)s;
    char steps[256] = "";
    size_t used = 0;
    for (int i = 0; i < m->n_steps && used < sizeof steps; i++) {
        char one[64];
        step_text(&m->steps[i], one, sizeof one);
        used += (size_t)snprintf(steps + used, sizeof steps - used, "%s%s", i ? ", " : "", one);
    }
    if (m->kind == NA_HOLD) {
        mu_tracef(sink, "  %s (%s: %s): does not move", c->names[u], policy, why ? why : "");
        return;
    }
    if (m->kind == NA_REFORM)
        snprintf(steps, sizeof steps, "%d files, facing %.1fdeg", m->files, facing_deg(m->facing));
    mu_tracef(sink, "  %s (%s: %s): %s: %s; moved %.2fin, Centre now (%.2f, %.2f) facing %.1fdeg, farthest model %.2fin%s%s",
              c->names[u], policy, why ? why : "", na_move_kind_name(m->kind), steps, o->path_mm / IN,
              o->end.centre.x / IN, o->end.centre.y / IN, facing_deg(o->end.facing), o->farthest_mm / IN,
              o->contact >= 0 ? "; in contact with " : "", o->contact >= 0 ? c->names[o->contact] : "");
}
