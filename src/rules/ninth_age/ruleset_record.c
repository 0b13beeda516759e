/* The Ninth Age ruleset's output: its layout (per-game columns, count
 * tables and their axes), the counts made during a game, and the game's
 * row. Counts are integers; the distances gained are summed in the game's
 * own order, so every figure is the same for any thread count. */
#include "ruleset_internal.h"

#include <math.h>
#include <string.h>

/* The per-game columns (/games), in dataset order. */
static const mu_column na_columns[] = {
    MU_COLUMN(na_row, arm, "1", "arm index (see /ninth_age/arm)", -1),
    MU_COLUMN(na_row, turns_played, "1", "game turns played", -1),
    MU_COLUMN(na_row, march_tests, "1", "March Tests taken", -1),
    MU_COLUMN(na_row, march_tests_failed, "1", "March Tests failed", -1),
    MU_COLUMN(na_row, marches_denied, "1", "failed March Tests that stopped a March Move the policy would have made",
              -1),
    MU_COLUMN(na_row, marches, "1", "March Moves", -1),
    MU_COLUMN(na_row, advances, "1", "forward Advance Moves", -1),
    MU_COLUMN(na_row, advances_backwards, "1", "backward Advance Moves", -1),
    MU_COLUMN(na_row, advances_sideways, "1", "sideways Advance Moves", -1),
    MU_COLUMN(na_row, reforms, "1", "Reforms", -1),
    MU_COLUMN(na_row, holds, "1", "units that could move and did not", -1),
    MU_COLUMN(na_row, wheels, "1", "Wheels made", -1),
    MU_COLUMN(na_row, pivots, "1", "Pivots made (single-model units)", -1),
    MU_COLUMN(na_row, gained_mm, "mm", "distance the side's units moved towards the enemy, summed", AX_GAME_SIDE),
    MU_COLUMN(na_row, able_to_shoot, "1", "unit-turns able to shoot after the side's Movement Phase", AX_GAME_SIDE),
    MU_COLUMN(na_row, marched_no_shoot, "1", "unit-turns unable to shoot for having Marched", AX_GAME_SIDE),
    MU_COLUMN(na_row, reformed_no_shoot, "1", "unit-turns unable to shoot for having Reformed", AX_GAME_SIDE),
    MU_COLUMN(na_row, first_contact_turn, "1", "game turn of the first contact with an enemy (0: none)", -1),
    MU_COLUMN(na_row, units_in_contact, "1", "units in contact with an enemy at the game's end", -1),
};

static const mu_column na_objective_columns[] = {
    MU_COLUMN(na_row, objective_turn_first, "1",
              "game turn the first scenario side first reached the objective (0: never)", AX_GAME_OBJECTIVE),
    MU_COLUMN(na_row, objective_turn_second, "1",
              "game turn the second scenario side first reached the objective (0: never)", AX_GAME_OBJECTIVE),
};

void na_build_layout(const na_ctx *c, uint64_t games, mu_layout *l)
{
    static const char *const results[] = {"passed", "failed"};
    const na_study *st = &c->study;
    const char *arms[MU_MAX_ARMS], *sides[2] = {st->side_names[0], st->side_names[1]};
    const char *objectives[NA_MAX_OBJECTIVES], *kinds[NA_MOVE_KINDS];
    for (int i = 0; i < st->n_arms; i++)
        arms[i] = st->arms[i].label;
    for (int k = 0; k < st->table.n_objectives; k++)
        objectives[k] = st->objective_names[k];
    for (int k = 0; k < NA_MOVE_KINDS; k++)
        kinds[k] = na_move_kind_name(k);
    int n_obj = st->table.n_objectives;
    const char *const G = "games", *const N = "ninth_age";
    memset(l, 0, sizeof *l);
    mu_layout_add_axis(l, G, "game", "1", "game index", (int)(games > 0x7fffffff ? 0x7fffffff : games), 0);
    mu_layout_add_label_axis(l, G, "side", "scenario side", 2, sides);
    /* an empty axis is not written: a scenario without objectives has a 1-long one and no objective columns */
    mu_layout_add_label_axis(l, G, "objective", "objective", n_obj ? n_obj : 1,
                             n_obj ? objectives : (const char *const[]){"none"});
    mu_layout_add_label_axis(l, N, "arm", "arm: a pairing of policies (policies entry)", st->n_arms, arms);
    mu_layout_add_label_axis(l, N, "side", "scenario side", 2, sides);
    mu_layout_add_axis(l, N, "discipline", "1", "unit's Discipline", st->discipline_max - st->discipline_min + 1,
                       st->discipline_min);
    mu_layout_add_axis(l, N, "band", "2 in",
                       "distance to the nearest non-Fleeing enemy: band k is (2k, 2(k+1)] inches, band 0 [0, 2]",
                       c->n_bands, 0);
    mu_layout_add_label_axis(l, N, "result", "March Test result", 2, results);
    mu_layout_add_label_axis(l, N, "kind", "kind of move", NA_MOVE_KINDS, kinds);
    mu_layout_add_label_axis(l, N, "unit", "unit (as listed, both sides)", st->start.n_units, c->names);
    mu_layout_add_axis(l, N, "denied", "1", "Movement Phases in a game the unit was denied its March Move",
                       st->turns + 1, 0);
    mu_layout_add_columns(l, na_columns, (int)(sizeof na_columns / sizeof na_columns[0]));
    if (n_obj)
        mu_layout_add_columns(l, na_objective_columns, 2);
    mu_layout_add_table(l, N, "games", "1", "games played", 1, (const int[]){AX_ARM});
    int tests = mu_layout_add_table(l, N, "march_tests", "1", "March Tests by Discipline and distance band", 4,
                                    (const int[]){AX_ARM, AX_DISCIPLINE, AX_BAND, AX_RESULT});
    /* the rates the report shows: March Test results by arm and
     * Discipline, and by arm and distance band */
    mu_layout_add_rate(l, "March Test result", tests, MU_RATE_SHARE, 0xBu);
    mu_layout_add_rate(l, "March Test result", tests, MU_RATE_SHARE, 0xDu);
    mu_layout_add_table(l, N, "moves", "1", "moves by kind (hold: chose not to move)", 3,
                        (const int[]){AX_ARM, AX_SIDE, AX_KIND});
    mu_layout_add_table(l, N, "denied_phases", "1", "units by the Movement Phases they were denied a March Move", 3,
                        (const int[]){AX_ARM, AX_UNIT, AX_DENIED});
}

/* The band of a distance (mm): (2k, 2(k+1)] inches, [0, 2] for band 0. */
static int band_of(const na_ctx *c, double mm)
{
    int k = (int)ceil(mm / NA_BAND_MM - 1e-9) - 1;
    return k < 0 ? 0 : k >= c->n_bands ? c->n_bands - 1 : k;
}

/* RULE na.record.march-table */
void na_count_march_test(const na_ctx *c, const na_state *s, int u, const na_march_result *r, mu_sink *sink)
{
    size_t D = (size_t)(c->study.discipline_max - c->study.discipline_min + 1), B = (size_t)c->n_bands;
    size_t d = (size_t)(s->field.units[u].p.discipline - c->study.discipline_min);
    size_t b = (size_t)band_of(c, r->enemy_mm);
    sink->tables[TAB_MARCH][(((size_t)s->arm * D + d) * B + b) * 2 + (r->passed ? 0 : 1)]++;
}

void na_count_move(const na_ctx *c, const na_state *s, int side, int kind, mu_sink *sink)
{
    (void)c;
    sink->tables[TAB_MOVES][((size_t)s->arm * 2 + (size_t)side) * NA_MOVE_KINDS + (size_t)kind]++;
}

static int16_t i16(int32_t v) { return (int16_t)(v > INT16_MAX ? INT16_MAX : v); }

void na_record(const void *ctx, const void *state, mu_sink *sink)
{
    const na_ctx *c = ctx;
    const na_state *s = state;
    const na_tally *t = &s->tally;
    if (sink->columns) {
        na_row row = {
            .arm = (uint8_t)s->arm,
            .turns_played = (uint8_t)s->turn,
            .march_tests = i16(t->march_tests),
            .march_tests_failed = i16(t->march_failed),
            .marches_denied = i16(t->marches_denied),
            .marches = i16(t->moves[NA_MARCH]),
            .advances = i16(t->moves[NA_ADVANCE]),
            .advances_backwards = i16(t->moves[NA_ADVANCE_BACK]),
            .advances_sideways = i16(t->moves[NA_ADVANCE_SIDE]),
            .reforms = i16(t->moves[NA_REFORM]),
            .holds = i16(t->moves[NA_HOLD]),
            .wheels = i16(t->wheels),
            .pivots = i16(t->pivots),
            .first_contact_turn = s->first_contact_turn,
        };
        for (int k = 0; k < 2; k++) {
            row.gained_mm[k] = t->gained_mm[k];
            row.able_to_shoot[k] = i16(t->able_to_shoot[k]);
            row.marched_no_shoot[k] = i16(t->marched_no_shoot[k]);
            row.reformed_no_shoot[k] = i16(t->reformed_no_shoot[k]);
        }
        for (int u = 0; u < s->field.n_units; u++)
            row.units_in_contact = (uint8_t)(row.units_in_contact + ((s->field.units[u].flags & NA_ENGAGED) != 0));
        memcpy(row.objective_turn_first, s->objective_turn[0], sizeof row.objective_turn_first);
        memcpy(row.objective_turn_second, s->objective_turn[1], sizeof row.objective_turn_second);
        mu_row_write(&c->rows, &row, sink->columns, sink->row);
    }
    size_t p = (size_t)s->arm, U = (size_t)c->study.start.n_units, T = (size_t)c->study.turns + 1;
    sink->tables[TAB_GAMES][p]++;
    for (int u = 0; u < s->field.n_units; u++) {
        size_t k = s->denied[u] < T ? s->denied[u] : T - 1;
        sink->tables[TAB_DENIED][(p * U + (size_t)u) * T + k]++;
    }
}
