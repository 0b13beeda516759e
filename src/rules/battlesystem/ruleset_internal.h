/* Internals of the Battlesystem ruleset (ruleset.c: the game; ruleset_
 * record.c: layout and recording; ruleset_trace.c: the play-by-play for
 * `muster replay`). Not a public header. */
#ifndef MUSTER_BS_RULESET_INTERNAL_H
#define MUSTER_BS_RULESET_INTERNAL_H

#include "battlesystem/bs_field.h"
#include "battlesystem/bs_move.h"
#include "battlesystem/policy/bs_policy.h"
#include "battlesystem/bs_ruleset.h"
#include "battlesystem/bs_study.h"
#include "muster/ruleset.h"

#include <stdint.h>

/* One game's row in /games: each field is the column of its name, declared
 * in ruleset_record.c (bs_columns). The per-round fields hold the rounds
 * of the scenario, the per-unit fields its units. */
typedef struct bs_row {
    uint8_t arm;
    uint8_t rounds_played;
    int16_t forced_marches;
    int16_t march_checks_failed;
    int16_t march_lost_bonus;
    int16_t march_halted;
    int16_t march_ambushed;
    int16_t morale_passed;
    int16_t morale_failed;
    int16_t discipline_passed;
    int16_t discipline_failed;
    int16_t charges_declared;
    int16_t charges_made;
    int16_t charges_short;
    int16_t charges_too_close;
    int16_t routs;
    int16_t rout_chains;
    int16_t broken_around;
    int16_t rally_attempts;
    int16_t rallies;
    int16_t withdrawals;
    int16_t withdrawals_followed;
    int16_t wrap_arounds;
    uint8_t units_removed;
    uint8_t units_destroyed;
    uint8_t units_captured;
    int16_t ar_penalty[BS_MAX_ROUNDS];
    int8_t initiative[BS_MAX_ROUNDS];
    int8_t final_ar_penalty[BS_MAX_UNITS];
    uint8_t unit_fate[BS_MAX_UNITS];
} bs_row;

/* Count tables (in /battlesystem). */
enum { TAB_GAMES, TAB_AR, TAB_AR_UNIT, TAB_MARCH, TAB_CH_ERROR, TAB_CH_RANGE, TAB_FATE, N_TABS };

/* Axes. */
enum {
    AX_GAME, AX_GAME_ROUND, AX_GAME_UNIT, AX_ARM, AX_ROUND, AX_MORALE, AX_PENALTY, AX_UNIT, AX_CHECK,
    AX_ERROR, AX_RANGE, AX_OUTCOME, AX_FATE, N_AXES
};

/* A unit's fate at the game's end (unit_fate). */
enum { FATE_FREE, FATE_ENGAGED, FATE_ROUTING, FATE_REMOVED, FATE_DESTROYED, FATE_CAPTURED, FATE_ELIMINATED,
       N_FATES };

/* Charge outcomes (axis outcome). */
enum { OUT_MADE, OUT_SHORT, OUT_TOO_CLOSE, OUT_NOT_STRAIGHT, N_OUTCOMES };

/* The read-only run context. */
typedef struct bs_ctx {
    bs_study study;
    uint64_t seed;
    uint64_t arms;     /* game g is game g / arms of arm g % arms */
    int morale_min, n_morale; /* the morale axis: ratings morale_min .. + n_morale - 1 */
    int n_penalty;            /* penalty axis 0 .. rounds (one check a round at most) */
    int side_units[2];        /* units each side began with */
    bs_field start;        /* the units as deployed */
    const char *names[BS_MAX_UNITS];
    mu_row_writer rows; /* bs_row into the /games columns */
} bs_ctx;

/* One game. */
typedef struct bs_state {
    bs_field field;
    bs_tally tally;
    mu_rng policy_rng;
    bs_policy_memory memory[BS_MAX_UNITS];
    int arm; /* index into study.arms */
    int round; /* Game Rounds played */
    int over;
    int16_t ar_penalty[BS_MAX_ROUNDS];
    int8_t initiative[BS_MAX_ROUNDS];
} bs_state;

/* ruleset_record.c */

/* Fills *l for c (axis 0: games, the run's total). */
void bs_build_layout(const bs_ctx *c, uint64_t games, mu_layout *l);

/* Counts the units of s on the table at the end of its round s->round
 * (1-based) into the AR tables, and stores the round's AR total. */
void bs_count_round(const bs_ctx *c, bs_state *s, mu_sink *sink);

/* Counts a forced-march Morale Check of unit u (passed or failed). */
void bs_count_march_check(const bs_ctx *c, const bs_state *s, int u, int passed, mu_sink *sink);

/* Counts the outcome of unit u's declared charge under plan p. */
void bs_count_charge(const bs_ctx *c, const bs_state *s, int u, const bs_plan *p, mu_sink *sink);

/* The ruleset's record: the game's row and its per-game counts. */
void bs_record(const void *ctx, const void *state, mu_sink *sink);

/* Returns unit u's fate (FATE_*) in field f. */
int bs_fate(const bs_field *f, int u);

/* ruleset_trace.c: everything prints only when sink->trace is set. */

/* What a traced engine call starts from. */
typedef struct bs_snap {
    bs_field field;
    bs_tally tally;
    mu_dice dice;
} bs_snap;

/* Remembers the field, tally and dice before an engine call (tracing only). */
void bs_trace_before(bs_snap *snap, const bs_state *s, const mu_dice *dice, const mu_sink *sink);

/* Prints the dice the call rolled (re-rolled from the remembered dice,
 * by the kind of check the tally says it made) and every change to a
 * unit, each line starting with indent. */
void bs_trace_after(const bs_snap *snap, const bs_ctx *c, const bs_state *s, const mu_dice *dice,
                    const mu_sink *sink, const char *indent);

/* Writes what action a did (from r), e.g. "moved 9.00in, out of movement",
 * into buf and returns buf. */
const char *bs_result_text(const bs_action *a, const bs_action_result *r, const char *const *names,
                           char *buf, size_t len);

/* Prints the deployment (before round 1). */
void bs_trace_deployment(const bs_ctx *c, const bs_state *s, const mu_sink *sink);

/* Prints the initiative roll: rounds_rolled pairs re-rolled from snap. */
void bs_trace_initiative(const bs_snap *snap, const bs_ctx *c, int side, int rounds_rolled, const mu_sink *sink);

#endif
