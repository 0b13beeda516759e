/* Internals of the Ninth Age ruleset (ruleset.c: the game; ruleset_
 * record.c: layout and recording; ruleset_trace.c: the play-by-play).
 * Not a public header. */
#ifndef MUSTER_NA_RULESET_INTERNAL_H
#define MUSTER_NA_RULESET_INTERNAL_H

#include "ninth_age/na_march.h"
#include "ninth_age/na_move.h"
#include "ninth_age/na_ruleset.h"
#include "ninth_age/na_study.h"
#include "muster/ruleset.h"

#include <stdint.h>

/* March Test distance bands: 2" wide. */
#define NA_BAND_MM (2 * MU_MM_PER_INCH)
#define NA_MAX_BANDS 50

/* What a game counts (integers, but for the distances, which are summed
 * in the game's own order). */
typedef struct na_tally {
    int32_t march_tests, march_failed, marches_denied;
    int32_t moves[NA_MOVE_KINDS]; /* by kind, both sides; NA_HOLD: units that did not move */
    int32_t refused;              /* units chosen that could not move (Charging, Engaged, ...) */
    int32_t wheels, pivots;
    double gained_mm[2];          /* towards the enemy, by side */
    int32_t able_to_shoot[2], marched_no_shoot[2], reformed_no_shoot[2];
} na_tally;

/* One game's row in /games (each field the column of its name,
 * ruleset_record.c). */
typedef struct na_row {
    uint8_t arm;
    uint8_t turns_played;
    int16_t march_tests;
    int16_t march_tests_failed;
    int16_t marches_denied;
    int16_t marches;
    int16_t advances;
    int16_t advances_backwards;
    int16_t advances_sideways;
    int16_t reforms;
    int16_t holds;
    int16_t wheels;
    int16_t pivots;
    double gained_mm[2];
    int16_t able_to_shoot[2];
    int16_t marched_no_shoot[2];
    int16_t reformed_no_shoot[2];
    int8_t first_contact_turn;
    uint8_t units_in_contact;
    int8_t objective_turn_first[NA_MAX_OBJECTIVES];
    int8_t objective_turn_second[NA_MAX_OBJECTIVES];
} na_row;

enum { TAB_GAMES, TAB_MARCH, TAB_MOVES, TAB_DENIED, N_TABS };
enum { AX_GAME, AX_GAME_SIDE, AX_GAME_OBJECTIVE, AX_ARM, AX_SIDE, AX_DISCIPLINE, AX_BAND, AX_RESULT, AX_KIND, AX_UNIT,
       AX_DENIED, N_AXES };

/* The read-only run context. */
typedef struct na_ctx {
    na_study study;
    uint64_t seed;
    uint64_t arms;     /* game g is game g / arms of arm g % arms */
    int n_bands;
    mu_vec2 forward[2]; /* each side's forward: towards the other's units as deployed */
    const char *names[NA_MAX_UNITS];
    mu_row_writer rows;
} na_ctx;

/* One game. */
typedef struct na_state {
    na_field field;
    na_tally tally;
    mu_rng policy_rng;
    int arm;
    int turn; /* game turns played */
    int over;
    int8_t first_contact_turn;
    int8_t objective_turn[2][NA_MAX_OBJECTIVES];
    uint8_t denied[NA_MAX_UNITS]; /* phases each unit was denied its March Move */
} na_state;

/* ruleset_record.c */
void na_build_layout(const na_ctx *c, uint64_t games, mu_layout *l);
void na_count_march_test(const na_ctx *c, const na_state *s, int u, const na_march_result *r, mu_sink *sink);
void na_count_move(const na_ctx *c, const na_state *s, int side, int kind, mu_sink *sink);
void na_record(const void *ctx, const void *state, mu_sink *sink);

/* ruleset_trace.c: print only when sink->trace is set */
void na_trace_deployment(const na_ctx *c, const na_state *s, mu_sink *sink);
void na_trace_march_test(const na_ctx *c, int u, const na_march_result *r, int discipline, mu_sink *sink);
void na_trace_move(const na_ctx *c, const na_state *s, int u, const na_move *m, const na_outcome *o,
                   const char *policy, const char *why, mu_sink *sink);

#endif
