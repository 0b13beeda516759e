/* The Warmaster order drill ruleset: one Orders sub-phase per game, played
 * through the pure order rules (order_sequence.c, order_roll.c) along a
 * policy's plan, with no table. */
#include "warmaster/wm_drill.h"

#include "warmaster/policy/wm_drill_policy.h"
#include "warmaster/wm_odds_cli.h"
#include "warmaster/wm_order_sequence.h"

#include "muster/alloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Table and axis indices of the drill's layout. */
enum { TAB_ATTEMPTS, TAB_SUCCESSES, TAB_BLUNDERS, TAB_GAMES, TAB_GIVEN_HIST, TAB_UNITS_HIST,
       TAB_FIRST_FAILURE, TAB_GENERAL_ENDED, N_TABS };
enum { AX_GAME, AX_GAME_CHARACTER, AX_ARM, AX_COMMAND, AX_PENALTY, AX_ORDER, AX_CHARACTER,
       AX_N_ORDERS, AX_N_UNITS, N_AXES };

#define N_COMMAND 11 /* Command 2..12 */
#define N_PENALTY (WM_DRILL_PENALTY_MAX + 1)

/* A plan step with its rolls' fixed inputs worked out once. */
typedef struct plan_step {
    wm_drill_step step;
    int command;
    int penalty;           /* situational, without the order number */
    int others_after;      /* a later step belongs to another character */
} plan_step;

/* One game's row in /games: each field is the column of its name (see
 * drill_columns). */
typedef struct drill_row {
    uint8_t arm;
    uint8_t orders_attempted;
    uint8_t orders_given;
    uint8_t blunders;
    uint8_t units_ordered;
    uint8_t half_pace_moves;
    int8_t first_failure;
    uint8_t general_failure_ended;
    uint8_t orders_by_character[WM_DRILL_MAX_CHARACTERS];
} drill_row;

/* The per-game columns, in dataset order. The drill's columns are plain
 * counts (units "1"). */
static const mu_column drill_columns[] = {
    MU_COLUMN(drill_row, arm, "1", "arm index (see /orders/arm)", -1),
    MU_COLUMN(drill_row, orders_attempted, "1", "order rolls made", -1),
    MU_COLUMN(drill_row, orders_given, "1", "orders given (successful rolls)", -1),
    MU_COLUMN(drill_row, blunders, "1", "order rolls of 12 (blunders)", -1),
    MU_COLUMN(drill_row, units_ordered, "1", "units that received at least one order", -1),
    MU_COLUMN(drill_row, half_pace_moves, "1", "units moving half pace after a failed first order", -1),
    MU_COLUMN(drill_row, first_failure, "1", "character who failed first (index; -1: none)", -1),
    MU_COLUMN(drill_row, general_failure_ended, "1",
              "the General failed before other characters could order (1: yes)", -1),
    MU_COLUMN(drill_row, orders_by_character, "1", "orders given by each character", AX_GAME_CHARACTER),
};

typedef struct drill_ctx {
    wm_drill_study study;
    wm_order_rules rules;
    int n_arms;
    int n_steps[MU_MAX_ARMS];
    plan_step steps[MU_MAX_ARMS][WM_DRILL_MAX_UNITS];
    uint32_t brigade_at_start[WM_DRILL_MAX_UNITS];
    size_t n_order_bins; /* 3 x units + 1 */
    mu_row_writer rows;
} drill_ctx;

typedef struct drill_state {
    wm_order_phase phase;
    int arm; /* index into the config's arms */
    int done;
    int attempted, given, blunders;
    int first_failure;
    int general_ended;
    uint32_t ordered_ok; /* units that received at least one order */
    uint8_t by_character[WM_DRILL_MAX_CHARACTERS];
} drill_state;

_Static_assert(sizeof(((drill_row *)0)->orders_by_character) == sizeof(((drill_state *)0)->by_character),
               "a row holds every character's orders");

/* RULE wm.brigade.one-order */
int wm_drill_situational_penalty(const wm_drill_study *study, const wm_order_rules *rules, int c,
                                 uint32_t group)
{
    wm_order_situation s = {.enemy_distance_mm = INFINITY};
    for (int u = 0; u < study->n_units; u++) {
        if (!(group & (1u << u)))
            continue;
        const wm_drill_unit *unit = &study->units[u];
        s.distance_mm = fmax(s.distance_mm, unit->distance_mm[c]);
        s.enemy_distance_mm = fmin(s.enemy_distance_mm, unit->enemy_distance_mm);
        s.in_dense_terrain |= unit->in_dense_terrain;
        if (unit->stands_lost > s.stands_lost)
            s.stands_lost = unit->stands_lost;
    }
    return wm_order_penalties(rules, &s, 1).total;
}

/* The drill's tables are plain counts (units "1") in /orders. */
static int add_table(mu_layout *l, const char *name, const char *long_name, int rank, const int *axes)
{
    return mu_layout_add_table(l, "orders", name, "1", long_name, rank, axes);
}

static void build_layout(const drill_ctx *c, const wm_drill_config *cfg, uint64_t games, mu_layout *l)
{
    memset(l, 0, sizeof *l);
    mu_layout_add_axis(l, "games", "game", "1", "game index", 0, 0);
    l->axes[AX_GAME].length = (int)(games > 0x7fffffff ? 0x7fffffff : games);
    const char *characters[WM_DRILL_MAX_CHARACTERS], *arms[MU_MAX_ARMS];
    for (int i = 0; i < c->study.n_characters; i++)
        characters[i] = c->study.characters[i].name;
    for (int i = 0; i < c->n_arms; i++)
        arms[i] = cfg->arms[i].label;
    mu_layout_add_label_axis(l, "games", "character", "character (as listed)", c->study.n_characters, characters);
    mu_layout_add_label_axis(l, "orders", "arm", "arm: an order-sequence policy (policies entry)", c->n_arms, arms);
    mu_layout_add_axis(l, "orders", "command", "1", "character's Command value", N_COMMAND, 2);
    mu_layout_add_axis(l, "orders", "penalty", "1",
             "Command penalty without the order-number penalty (last bin: this or more)", N_PENALTY, 0);
    mu_layout_add_axis(l, "orders", "order_number", "1", "order number for the unit this turn", 3, 1);
    mu_layout_add_label_axis(l, "orders", "character", "character (as listed)", c->study.n_characters, characters);
    mu_layout_add_axis(l, "orders", "n_orders", "1", "orders given", (int)c->n_order_bins, 0);
    mu_layout_add_axis(l, "orders", "n_units", "1", "units ordered", c->study.n_units + 1, 0);

    mu_layout_add_columns(l, drill_columns, (int)(sizeof drill_columns / sizeof drill_columns[0]));

    const int cmd4[] = {AX_ARM, AX_COMMAND, AX_PENALTY, AX_ORDER};
    int attempts = add_table(l, "attempts", "order rolls made", 4, cmd4);
    int successes = add_table(l, "successes", "orders given", 4, cmd4);
    add_table(l, "blunders", "order rolls of 12 (blunders)", 4, cmd4);
    const int by_arm[] = {AX_ARM, AX_CHARACTER, AX_N_ORDERS};
    int games_t = add_table(l, "games", "games played", 1, by_arm);
    add_table(l, "orders_given_hist", "games by orders given per character", 3, by_arm);
    const int units_hist[] = {AX_ARM, AX_N_UNITS};
    add_table(l, "units_ordered_hist", "games by units ordered", 2, units_hist);
    int first_failure = add_table(l, "first_failure", "games by the character who failed first", 2, by_arm);
    int general_ended = add_table(l, "general_failure_ended", "games where the General's failure ended the phase",
                                  1, by_arm);
    /* the rates the report shows: the odds table (all arms pooled), and
     * per arm who failed first and how often the General's failure ended
     * the phase */
    mu_layout_add_rate(l, "order success", successes, attempts, 0xEu);
    mu_layout_add_rate(l, "first failure", first_failure, games_t, 0x3u);
    mu_layout_add_rate(l, "General's failure ended the phase", general_ended, games_t, 0x1u);
}

/* Plans arm a, whose policy is policy. */
static void plan_arm(drill_ctx *c, int a, const wm_drill_policy *policy)
{
    wm_drill_plan plan;
    wm_drill_plan_build(&c->study, policy, &plan);
    c->n_steps[a] = plan.n_steps;
    for (int i = 0; i < plan.n_steps; i++) {
        plan_step *s = &c->steps[a][i];
        s->step = plan.steps[i];
        s->command = c->study.characters[s->step.character].command;
        s->penalty = wm_drill_situational_penalty(&c->study, &c->rules, s->step.character, s->step.group);
        s->others_after = 0;
        for (int j = i + 1; j < plan.n_steps; j++)
            if (plan.steps[j].character != s->step.character)
                s->others_after = 1;
    }
}

static int drill_prepare(const mu_experiment *ex, void **ctx_out, mu_layout *layout, uint64_t *games,
                         char *err, size_t err_len)
{
    (void)err; /* the drill's section was checked when it was loaded: nothing can fail here */
    (void)err_len;
    drill_ctx *c = mu_xcalloc(1, sizeof *c);
    const wm_drill_config *cfg = ex->config;
    c->study = cfg->study;
    c->rules = cfg->order_rules;
    c->n_arms = cfg->n_arms;
    c->n_order_bins = (size_t)(3 * c->study.n_units + 1);
    for (int u = 0; u < c->study.n_units; u++) {
        c->brigade_at_start[u] = 1u << u;
        for (int v = 0; v < c->study.n_units; v++)
            if (c->study.units[u].brigade >= 0 && c->study.units[v].brigade == c->study.units[u].brigade)
                c->brigade_at_start[u] |= 1u << v;
    }
    for (int a = 0; a < c->n_arms; a++)
        plan_arm(c, a, &cfg->arms[a]);
    *games = ex->games * (uint64_t)cfg->n_arms;
    build_layout(c, cfg, *games, layout);
    mu_row_writer_init(&c->rows, layout);
    *ctx_out = c;
    return 0;
}

static void drill_setup(const void *ctx, uint64_t game, void *state)
{
    const drill_ctx *c = ctx;
    drill_state *s = state;
    memset(s, 0, sizeof *s);
    s->arm = (int)(game % (uint64_t)c->n_arms);
    s->first_failure = -1;
    wm_order_phase_begin(&s->phase, c->brigade_at_start, c->study.n_units);
}

static void count_roll(const drill_ctx *c, const drill_state *s, const plan_step *st,
                       const mu_order_roll *roll, mu_sink *sink)
{
    int pen = st->penalty > WM_DRILL_PENALTY_MAX ? WM_DRILL_PENALTY_MAX : st->penalty;
    size_t cell = (((size_t)s->arm * N_COMMAND + (size_t)(st->command - 2)) * N_PENALTY + (size_t)pen) * 3u +
                  (size_t)(roll->order_number - 1);
    (void)c;
    sink->tables[TAB_ATTEMPTS][cell]++;
    sink->tables[TAB_SUCCESSES][cell] += (uint64_t)roll->success;
    sink->tables[TAB_BLUNDERS][cell] += (uint64_t)roll->blunder;
}

/* Writes the names of group's units, joined by '+', into buf. */
static const char *group_names(const wm_drill_study *study, uint32_t group, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int u = 0; u < study->n_units && used < len; u++)
        if (group & (1u << u))
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "+" : "", study->units[u].name);
    return buf;
}

static void trace_roll(const drill_ctx *c, const plan_step *st, const mu_order_roll *roll, mu_sink *sink)
{
    char names[512];
    mu_tracef(sink, "%s orders %s (order %d): needs %d or less (Command %d, penalty -%d, order -%d); "
                    "rolls %d+%d=%d: %s",
              c->study.characters[st->step.character].name, group_names(&c->study, st->step.group, names, sizeof names),
              roll->order_number, roll->target, st->command, st->penalty, roll->order_number - 1, roll->dice.first,
              roll->dice.second, mu_2d6_sum(roll->dice),
              roll->success ? "given" : roll->blunder ? "blunder, failed" : roll->order_number == 1 ? "failed, half pace" : "failed, no move");
}

/* One Orders sub-phase: walk the plan; the rules refuse what is no longer
 * allowed (a failed character, the General's failure), and each step stops
 * at its first failure. */
static void drill_play_turn(const void *ctx, void *state, mu_dice *dice, mu_sink *sink)
{
    const drill_ctx *c = ctx;
    drill_state *s = state;
    const wm_drill_study *study = &c->study;
    for (int i = 0; i < c->n_steps[s->arm]; i++) {
        const plan_step *st = &c->steps[s->arm][i];
        int ch = st->step.character, is_general = ch == study->general;
        for (int k = 0; k < st->step.orders; k++) {
            mu_order_refusal why = wm_order_check(&s->phase, ch, is_general, st->step.group);
            if (why != MU_ORDER_ALLOWED) {
                if (k == 0)
                    mu_tracef(sink, "%s may not order %s: %s", study->characters[ch].name,
                              study->units[__builtin_ctz(st->step.group)].name, mu_order_refusal_name(why));
                break;
            }
            mu_order_roll roll = wm_order_give(&s->phase, ch, is_general, st->step.group, st->command,
                                                  st->penalty, &c->rules, dice);
            trace_roll(c, st, &roll, sink);
            s->attempted++;
            s->blunders += roll.blunder;
            count_roll(c, s, st, &roll, sink);
            if (!roll.success) {
                if (s->first_failure < 0)
                    s->first_failure = ch;
                if (is_general && st->others_after)
                    s->general_ended = 1;
                break;
            }
            s->given++;
            s->by_character[ch]++;
            s->ordered_ok |= st->step.group;
        }
    }
    s->done = 1;
}

static int drill_is_over(const void *ctx, const void *state)
{
    (void)ctx;
    return ((const drill_state *)state)->done;
}

static void drill_record(const void *ctx, const void *state, mu_sink *sink)
{
    const drill_ctx *c = ctx;
    const drill_state *s = state;
    int n_chars = c->study.n_characters, a = s->arm;
    int units_ordered = __builtin_popcount(s->ordered_ok);
    if (sink->columns) {
        drill_row row = {
            .arm = (uint8_t)a,
            .orders_attempted = (uint8_t)s->attempted,
            .orders_given = (uint8_t)s->given,
            .blunders = (uint8_t)s->blunders,
            .units_ordered = (uint8_t)units_ordered,
            .half_pace_moves = (uint8_t)__builtin_popcount(s->phase.half_pace),
            .first_failure = (int8_t)s->first_failure,
            .general_failure_ended = (uint8_t)s->general_ended,
        };
        memcpy(row.orders_by_character, s->by_character, sizeof s->by_character);
        mu_row_write(&c->rows, &row, sink->columns, sink->row);
    }
    sink->tables[TAB_GAMES][a]++;
    for (int ch = 0; ch < n_chars; ch++)
        sink->tables[TAB_GIVEN_HIST][((size_t)a * (size_t)n_chars + (size_t)ch) * c->n_order_bins +
                                     s->by_character[ch]]++;
    sink->tables[TAB_UNITS_HIST][(size_t)a * (size_t)(c->study.n_units + 1) + (size_t)units_ordered]++;
    if (s->first_failure >= 0)
        sink->tables[TAB_FIRST_FAILURE][(size_t)a * (size_t)n_chars + (size_t)s->first_failure]++;
    sink->tables[TAB_GENERAL_ENDED][a] += (uint64_t)s->general_ended;
}

static void drill_release(void *ctx)
{
    free(ctx);
}

const mu_ruleset wm_order_drill = {
    .name = "warmaster-order-drill",
    .summary = "Warmaster orders only: characters order standing units along a policy's plan",
    .example = "experiments/examples/drill-minimal.yaml",
    .odds_tools = &wm_order_odds_tool,
    .n_odds_tools = 1,
    .experiment_schema = &wm_drill_experiment_schema,
    .load_config = wm_drill_load_config,
    .free_config = wm_drill_free_config,
    .prepare = drill_prepare,
    .state_size = sizeof(drill_state),
    .setup = drill_setup,
    .play_turn = drill_play_turn,
    .is_over = drill_is_over,
    .record = drill_record,
    .release = drill_release,
};
