/* The Battlesystem ruleset's output: its layout (per-game columns, count
 * tables and their axes), the per-round and per-event counts made during
 * a game, and the game's row. Every count is an integer, so totals are
 * the same for any thread count. */
#include "ruleset_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int bs_error_bin(double e)
{
    double k = floor(e / 0.05 + 1e-9); /* 0.10 / 0.05 is 1.9999999999999998 */
    if (!(k >= BS_ERROR_BIN_MIN))
        return BS_ERROR_BIN_MIN;
    if (k > BS_ERROR_BIN_MIN + BS_ERROR_BINS - 1)
        return BS_ERROR_BIN_MIN + BS_ERROR_BINS - 1;
    return (int)k;
}

int bs_range_bin(double true_mm, double rate_mm)
{
    double k = floor(true_mm / rate_mm * 10.0 + 1e-9);
    if (!(k < BS_RANGE_BINS - 1))
        return BS_RANGE_BINS - 1;
    return k < 0 ? 0 : (int)k;
}

static void add_axis(mu_layout *l, const char *group, const char *name, const char *units, const char *long_name,
                     int length, int first_value)
{
    mu_layout_add_axis(l, group, name, units, long_name, length, first_value);
}

static void add_label_axis(mu_layout *l, const char *group, const char *name, const char *long_name, int length,
                           const char *const *names)
{
    mu_layout_add_label_axis(l, group, name, long_name, length, names);
}

static int add_table(mu_layout *l, const char *name, const char *long_name, int rank, const int *axes)
{
    return mu_layout_add_table(l, "battlesystem", name, "1", long_name, rank, axes);
}

/* The per-game columns (/games), in dataset order; each is the field of
 * bs_row of its name. */
static const mu_column bs_columns[] = {
    MU_COLUMN(bs_row, arm, "1", "arm index (see /battlesystem/arm)", -1),
    MU_COLUMN(bs_row, rounds_played, "1", "Game Rounds played", -1),
    MU_COLUMN(bs_row, forced_marches, "1", "forced marches that took their Morale Check", -1),
    MU_COLUMN(bs_row, march_checks_failed, "1", "forced-march Morale Checks failed (AR + 1 each)", -1),
    MU_COLUMN(bs_row, march_lost_bonus, "1", "forced marches that met an enemy within the normal rate", -1),
    MU_COLUMN(bs_row, march_halted, "1", "forced marches halted at the normal limit by a visible enemy", -1),
    MU_COLUMN(bs_row, march_ambushed, "1", "forced marches ambushed by a hidden enemy", -1),
    MU_COLUMN(bs_row, morale_passed, "1", "Morale Checks passed (forced marches, rout chains)", -1),
    MU_COLUMN(bs_row, morale_failed, "1", "Morale Checks failed", -1),
    MU_COLUMN(bs_row, discipline_passed, "1", "Discipline Checks passed", -1),
    MU_COLUMN(bs_row, discipline_failed, "1", "Discipline Checks failed", -1),
    MU_COLUMN(bs_row, charges_declared, "1", "charges declared", -1),
    MU_COLUMN(bs_row, charges_made, "1", "charges that ended in contact", -1),
    MU_COLUMN(bs_row, charges_short, "1", "charges that failed to end in contact", -1),
    MU_COLUMN(bs_row, charges_too_close, "1", "charges refused: contact before 2/3 of the rate", -1),
    MU_COLUMN(bs_row, routs, "1", "units that began to rout", -1),
    MU_COLUMN(bs_row, rout_chains, "1", "of which routed by a router running into them", -1),
    MU_COLUMN(bs_row, broken_around, "1", "routers breaking around a steady friend", -1),
    MU_COLUMN(bs_row, rally_attempts, "1", "rally attempts", -1),
    MU_COLUMN(bs_row, rallies, "1", "rally attempts that succeeded", -1),
    MU_COLUMN(bs_row, withdrawals, "1", "fighting withdrawals", -1),
    MU_COLUMN(bs_row, withdrawals_followed, "1", "enemies that followed a withdrawal", -1),
    MU_COLUMN(bs_row, wrap_arounds, "1", "wrap-around moves", -1),
    MU_COLUMN(bs_row, units_removed, "1", "units that routed off the table", -1),
    MU_COLUMN(bs_row, units_destroyed, "1", "units destroyed, surrounded with no 1in gap", -1),
    MU_COLUMN(bs_row, units_captured, "1", "units captured (optional rule)", -1),
    MU_COLUMN(bs_row, ar_penalty, "1",
              "total AR penalty of the units on the table at the round's end (-1: round not played)",
              AX_GAME_ROUND),
    MU_COLUMN(bs_row, initiative, "1", "side that won initiative (0, 1; -1: round not played)",
              AX_GAME_ROUND),
    MU_COLUMN(bs_row, final_ar_penalty, "1", "unit's AR penalty at the game's end", AX_GAME_UNIT),
    MU_COLUMN(bs_row, unit_fate, "1", "unit's state at the game's end (see /battlesystem/fate)", AX_GAME_UNIT),
};

static void build_axes(const bs_ctx *c, uint64_t games, mu_layout *l)
{
    static const char *const checks[] = {"passed", "failed"};
    static const char *const outcomes[N_OUTCOMES] = {"made", "short", "too close", "not straight"};
    static const char *const fates[N_FATES] = {"free", "engaged", "routing", "removed", "destroyed", "captured",
                                               "eliminated"};
    const bs_study *st = &c->study;
    const char *arms[MU_MAX_ARMS];
    for (int i = 0; i < st->n_arms; i++)
        arms[i] = st->arms[i].label;
    const char *const G = "games", *const B = "battlesystem";
    add_axis(l, G, "game", "1", "game index", (int)(games > 0x7fffffff ? 0x7fffffff : games), 0);
    add_axis(l, G, "round", "1", "Game Round", st->rounds, 1);
    add_label_axis(l, G, "unit", "unit (as listed, both sides)", st->n_units, c->names);
    add_label_axis(l, B, "arm", "arm: a pairing of policies (policies entry)", st->n_arms, arms);
    add_axis(l, B, "round", "1", "Game Round", st->rounds, 1);
    add_axis(l, B, "morale", "1", "unit's morale rating", c->n_morale, c->morale_min);
    add_axis(l, B, "penalty", "1", "AR penalty (current AR - original AR)", c->n_penalty, 0);
    add_label_axis(l, B, "unit", "unit (as listed, both sides)", st->n_units, c->names);
    add_label_axis(l, B, "check", "Morale Check result", 2, checks);
    add_axis(l, B, "error_bin", "5 %",
             "relative error of the charge-distance estimate: bin k is [5k %, 5(k+1) %), end bins open",
             BS_ERROR_BINS, BS_ERROR_BIN_MIN);
    add_axis(l, B, "range_bin", "0.1 rate",
             "true distance along the charge line: bin k is [k/10, (k+1)/10) x rate; last: 2 x rate or more, or "
             "the line misses",
             BS_RANGE_BINS, 0);
    add_label_axis(l, B, "outcome", "charge outcome (7.14)", N_OUTCOMES, outcomes);
    add_label_axis(l, B, "fate", "unit's state at the game's end", N_FATES, fates);
}

void bs_build_layout(const bs_ctx *c, uint64_t games, mu_layout *l)
{
    memset(l, 0, sizeof *l);
    build_axes(c, games, l);
    mu_layout_add_columns(l, bs_columns, (int)(sizeof bs_columns / sizeof bs_columns[0]));

    add_table(l, "games", "games played", 1, (const int[]){AX_ARM});
    add_table(l, "ar_penalty", "units on the table at the round's end, by AR penalty", 4,
              (const int[]){AX_ARM, AX_ROUND, AX_MORALE, AX_PENALTY});
    add_table(l, "ar_penalty_by_unit", "the unit on the table at the round's end, by AR penalty", 4,
              (const int[]){AX_ARM, AX_UNIT, AX_ROUND, AX_PENALTY});
    int checks = add_table(l, "march_checks", "forced-march Morale Checks", 3,
                           (const int[]){AX_ARM, AX_MORALE, AX_CHECK});
    int by_error = add_table(l, "charges_by_error", "declared charges on an estimate, by the estimate's error", 3,
                             (const int[]){AX_ARM, AX_ERROR, AX_OUTCOME});
    add_table(l, "charges_by_range", "declared charges by the true distance", 3,
              (const int[]){AX_ARM, AX_RANGE, AX_OUTCOME});
    add_table(l, "unit_fate", "units by their state at the game's end", 3, (const int[]){AX_ARM, AX_UNIT, AX_FATE});
    /* the rates the report shows: forced-march Morale Checks by Morale,
     * and charges' outcomes by the estimate's error */
    mu_layout_add_rate(l, "forced-march Morale Check", checks, MU_RATE_SHARE, 0x7u);
    mu_layout_add_rate(l, "charge outcome", by_error, MU_RATE_SHARE, 0x7u);
}

int bs_fate(const bs_field *f, int u)
{
    const bs_unit *un = &f->units[u];
    switch (un->status) {
    case BS_REMOVED: return FATE_REMOVED;
    case BS_DESTROYED: return FATE_DESTROYED;
    case BS_CAPTURED: return FATE_CAPTURED;
    case BS_ELIMINATED: return FATE_ELIMINATED;
    default: break;
    }
    if (un->routed)
        return FATE_ROUTING;
    return bs_enemy_contacts(f, u) ? FATE_ENGAGED : FATE_FREE;
}

void bs_count_round(const bs_ctx *c, bs_state *s, mu_sink *sink)
{
    size_t p = (size_t)s->arm, r = (size_t)(s->round - 1), R = (size_t)c->study.rounds;
    size_t M = (size_t)c->n_morale, P = (size_t)c->n_penalty, U = (size_t)c->study.n_units;
    int total = 0;
    for (int u = 0; u < s->field.n_units; u++) {
        const bs_unit *un = &s->field.units[u];
        if (!bs_unit_alive(un))
            continue;
        int pen = bs_ar_penalty(un);
        total += pen;
        size_t k = (size_t)(pen < c->n_penalty ? pen : c->n_penalty - 1);
        size_t m = (size_t)(un->morale - c->morale_min);
        sink->tables[TAB_AR][((p * R + r) * M + m) * P + k]++;
        sink->tables[TAB_AR_UNIT][((p * U + (size_t)u) * R + r) * P + k]++;
    }
    s->ar_penalty[r] = (int16_t)(total > INT16_MAX ? INT16_MAX : total);
}

void bs_count_march_check(const bs_ctx *c, const bs_state *s, int u, int passed, mu_sink *sink)
{
    size_t m = (size_t)(s->field.units[u].morale - c->morale_min);
    sink->tables[TAB_MARCH][((size_t)s->arm * (size_t)c->n_morale + m) * 2 + (passed ? 0 : 1)]++;
}

void bs_count_charge(const bs_ctx *c, const bs_state *s, int u, const bs_plan *p, mu_sink *sink)
{
    const bs_unit *un = &s->field.units[u];
    int out = un->charge == BS_CHARGE_MADE        ? OUT_MADE
              : un->charge == BS_CHARGE_TOO_CLOSE ? OUT_TOO_CLOSE
              : un->charge == BS_CHARGE_NOT_STRAIGHT ? OUT_NOT_STRAIGHT
                                                        : OUT_SHORT;
    size_t arm = (size_t)s->arm;
    (void)c;
    int range = bs_range_bin(p->true_mm, bs_rate_mm(un));
    sink->tables[TAB_CH_RANGE][(arm * BS_RANGE_BINS + (size_t)range) * N_OUTCOMES + (size_t)out]++;
    if (p->estimated) {
        size_t e = (size_t)(bs_error_bin(p->error) - BS_ERROR_BIN_MIN);
        sink->tables[TAB_CH_ERROR][(arm * BS_ERROR_BINS + e) * N_OUTCOMES + (size_t)out]++;
    }
}

static int16_t i16(uint32_t v) { return (int16_t)(v > INT16_MAX ? INT16_MAX : v); }
static uint8_t u8(uint32_t v) { return (uint8_t)(v > UINT8_MAX ? UINT8_MAX : v); }

/* The finished game's row. */
static bs_row row_of(const bs_ctx *c, const bs_state *s)
{
    const bs_tally *t = &s->tally;
    bs_row row = {
        .arm = (uint8_t)s->arm,
        .rounds_played = (uint8_t)s->round,
        .forced_marches = i16(t->forced_marches),
        .march_checks_failed = i16(t->march_checks_failed),
        .march_lost_bonus = i16(t->march_lost_bonus),
        .march_halted = i16(t->march_halted),
        .march_ambushed = i16(t->march_ambushed),
        .morale_passed = i16(t->morale_passed),
        .morale_failed = i16(t->morale_failed),
        .discipline_passed = i16(t->discipline_passed),
        .discipline_failed = i16(t->discipline_failed),
        .charges_declared = i16(t->charges_declared),
        .charges_made = i16(t->charges_made),
        .charges_short = i16(t->charges_short),
        .charges_too_close = i16(t->charges_too_close),
        .routs = i16(t->routs),
        .rout_chains = i16(t->rout_chain),
        .broken_around = i16(t->broken_around),
        .rally_attempts = i16(t->rally_attempts),
        .rallies = i16(t->rally_successes),
        .withdrawals = i16(t->withdrawals),
        .withdrawals_followed = i16(t->withdrawals_followed),
        .wrap_arounds = i16(t->wrap_arounds),
        .units_removed = u8(t->units_removed),
        .units_destroyed = u8(t->units_destroyed),
        .units_captured = u8(t->units_captured),
    };
    _Static_assert(sizeof row.ar_penalty == sizeof s->ar_penalty && sizeof row.initiative == sizeof s->initiative,
                   "a row holds every round");
    memcpy(row.ar_penalty, s->ar_penalty, sizeof row.ar_penalty);
    memcpy(row.initiative, s->initiative, sizeof row.initiative);
    for (int u = 0; u < c->study.n_units; u++) {
        int pen = bs_ar_penalty(&s->field.units[u]);
        row.final_ar_penalty[u] = (int8_t)(pen > INT8_MAX ? INT8_MAX : pen);
        row.unit_fate[u] = (uint8_t)bs_fate(&s->field, u);
    }
    return row;
}

void bs_record(const void *ctx, const void *state, mu_sink *sink)
{
    const bs_ctx *c = ctx;
    const bs_state *s = state;
    if (sink->columns) {
        bs_row row = row_of(c, s);
        mu_row_write(&c->rows, &row, sink->columns, sink->row);
    }
    size_t p = (size_t)s->arm, U = (size_t)c->study.n_units;
    sink->tables[TAB_GAMES][p]++;
    for (int u = 0; u < c->study.n_units; u++)
        sink->tables[TAB_FATE][(p * U + (size_t)u) * N_FATES + (size_t)bs_fate(&s->field, u)]++;
}
