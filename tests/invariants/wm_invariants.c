/* wm_invariants: plays every game of a warmaster-battle experiment as
 * `muster run` plays it (game g with generator g of the seed, so a fault
 * can be replayed with `muster replay EXPERIMENT --game G`) and runs the
 * game's invariant checker (wm_game_check) after every move: no stands
 * overlapping, none in terrain its unit cannot enter, none beyond its
 * allowance, units in formation. Prints per arm the games, the moves
 * checked and the faults with the first one; exits 1 when any fault was
 * found, 64 on bad usage, 65 on a bad experiment.
 *
 * -g G checks game G alone (the number `muster replay --game` takes),
 * -g G-H games G to H.
 *
 * Usage: wm_invariants [-n GAMES_PER_ARM] [-j THREADS] [-g GAME[-GAME]] EXPERIMENT */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getopt */
#endif

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "muster/experiment.h"
#include "muster/ruleset.h"
#include "muster/sim.h"

#include "warmaster/battle_int.h"

#define MAX_ARMS 64

typedef struct arm_tally {
    uint64_t games, moves, faults, first_game;
    char first[256];
} arm_tally;

/* Plays game g of the run in w with the checker on, into t (the game's arm). */
static void play_checked(const mu_ruleset *rs, const void *ctx, uint64_t seed, uint64_t g, mu_worker *w,
                         arm_tally *t)
{
    mu_sink sink = {.columns = NULL, .tables = w->tables, .trace = NULL};
    wb_invariants inv = {0};
    wb_state *s = w->state;
    rs->setup(ctx, g, s);
    s->inv = &inv;
    mu_dice dice = mu_dice_from_rng(mu_rng_for_game(seed, g));
    while (!rs->is_over(ctx, s))
        rs->play_turn(ctx, s, &dice, &sink);
    t->games++;
    t->moves += inv.moves;
    if (inv.faults && (t->faults == 0 || g < t->first_game)) {
        t->first_game = g;
        snprintf(t->first, sizeof t->first, "%s", inv.first);
    }
    t->faults += inv.faults;
}

int main(int argc, char **argv)
{
    long per_arm = 0, threads = 0, first = 0, last = -1;
    char *end;
    int c;
    while ((c = getopt(argc, argv, "n:j:g:")) != -1) {
        if (c == 'g') {
            first = last = strtol(optarg, &end, 10);
            if (*end == '-')
                last = strtol(end + 1, NULL, 10);
        } else if (c == 'n')
            per_arm = strtol(optarg, NULL, 10);
        else if (c == 'j')
            threads = strtol(optarg, NULL, 10);
        else
            break;
    }
    if (optind != argc - 1 || per_arm < 0 || threads < 0) {
        fputs("usage: wm_invariants [-n GAMES_PER_ARM] [-j THREADS] [-g GAME[-GAME]] EXPERIMENT\n", stderr);
        return 64;
    }
    mu_experiment ex;
    char err[1024];
    if (mu_experiment_load(argv[optind], &ex, err, sizeof err) != 0) {
        fprintf(stderr, "wm_invariants: %s\n", err);
        return 65;
    }
    if (strcmp(ex.ruleset->name, "warmaster-battle") != 0) {
        fprintf(stderr, "wm_invariants: %s: ruleset %s, not warmaster-battle\n", argv[optind], ex.ruleset->name);
        mu_experiment_free(&ex);
        return 65;
    }
    if (per_arm > 0)
        ex.games = (uint64_t)per_arm;
    const mu_ruleset *rs = ex.ruleset;
    void *ctx = NULL;
    mu_layout layout;
    uint64_t games = 0;
    if (rs->prepare(&ex, &ctx, &layout, &games, err, sizeof err) != 0) {
        fprintf(stderr, "wm_invariants: %s\n", err);
        mu_experiment_free(&ex);
        return 65;
    }
    uint64_t arms = games / ex.games;
    if (arms > MAX_ARMS) {
        fprintf(stderr, "wm_invariants: %llu arms, at most %d\n", (unsigned long long)arms, MAX_ARMS);
        return 65;
    }
    int n_threads = threads > 0 ? (int)threads : omp_get_max_threads();
    arm_tally *tally = calloc((size_t)n_threads * MAX_ARMS, sizeof *tally);
    if (!tally)
        return 70;
#pragma omp parallel num_threads(n_threads)
    {
        mu_worker *w = mu_worker_new(rs, &layout);
        arm_tally *mine = &tally[(size_t)omp_get_thread_num() * MAX_ARMS];
#pragma omp for schedule(dynamic, 1)
        for (int64_t g = 0; g < (int64_t)games; g++)
            if (g >= first && (last < 0 || g <= last))
                play_checked(rs, ctx, ex.seed, (uint64_t)g, w, &mine[(uint64_t)g / ex.games]);
        mu_worker_free(w);
    }
    uint64_t faults = 0;
    for (uint64_t a = 0; a < arms; a++) {
        arm_tally sum = {0};
        for (int t = 0; t < n_threads; t++) {
            const arm_tally *x = &tally[(size_t)t * MAX_ARMS + a];
            if (x->faults && (sum.faults == 0 || x->first_game < sum.first_game)) {
                sum.first_game = x->first_game;
                memcpy(sum.first, x->first, sizeof sum.first);
            }
            sum.games += x->games;
            sum.moves += x->moves;
            sum.faults += x->faults;
        }
        const wb_ctx *wc = ctx;
        printf("arm %llu '%s': %llu games, %llu moves checked, %llu faults\n", (unsigned long long)a,
               wc->st->arms[a].label, (unsigned long long)sum.games, (unsigned long long)sum.moves,
               (unsigned long long)sum.faults);
        if (sum.faults)
            printf("  first: game %llu, %s\n", (unsigned long long)sum.first_game, sum.first);
        faults += sum.faults;
    }
    free(tally);
    mu_layout_free(&layout);
    rs->release(ctx);
    mu_experiment_free(&ex);
    return faults ? 1 : 0;
}
