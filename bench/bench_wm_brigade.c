/* bench_wm_brigade: successful brigade orders in real games that move
 * nothing, measured against the slow exhaustive reference (issue 12 item
 * 2; tests/support/wm_brigade_sample.h). Plays games of a warmaster-battle
 * experiment (default: experiments/default.yaml) and prints: games,
 * successful orders to 2+ units, how many moved nothing, and of those how
 * many the reference could move (progress: the body's centre 1 cm nearer
 * the goal), could not, or gave up on (budget); planner calls per brigade
 * successful brigade order (the executable is linked with
 * --wrap=wm_plan_move to count them); orders where a member changed
 * formation. Built with -DWBS_NO_REFERENCE it only counts (for a
 * before/after comparison on a tree without the reference). Not a test: it
 * asserts nothing (the fixed-seed test is test_wm_brigade_sample).
 *
 * Usage: bench_wm_brigade [-f FIRST_GAME] [-n GAMES] [-g GRID_MM] [-s SLIDE_MM] [-b BUDGET] [-v] [EXPERIMENT] */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getopt */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "wm_brigade_sample.h"

#ifndef BENCH_DEFAULT_EXPERIMENT
#define BENCH_DEFAULT_EXPERIMENT "experiments/default.yaml"
#endif

/* Planner calls, counted by linking with --wrap=wm_plan_move (one thread). */
static long plan_calls;
int __real_wm_plan_move(const wm_battlefield *bf, const wm_plan_request *req, wm_plan *out);
int __wrap_wm_plan_move(const wm_battlefield *bf, const wm_plan_request *req, wm_plan *out);
int __wrap_wm_plan_move(const wm_battlefield *bf, const wm_plan_request *req, wm_plan *out)
{
    plan_calls++;
    return __real_wm_plan_move(bf, req, out);
}

static long count_calls(void) { return plan_calls; }

int main(int argc, char **argv)
{
    long first = 0, n = 40;
    static wbs_sampler s = {.grid = {.grid_mm = 20.0, .slide_mm = 10.0, .need_mm = 10.0}, .budget = 20000};
    int c;
    while ((c = getopt(argc, argv, "f:n:g:s:b:v")) != -1) {
        if (c == 'f')
            first = strtol(optarg, NULL, 10);
        else if (c == 'n')
            n = strtol(optarg, NULL, 10);
        else if (c == 'g')
            s.grid.grid_mm = strtod(optarg, NULL);
        else if (c == 's')
            s.grid.slide_mm = strtod(optarg, NULL);
        else if (c == 'b')
            s.budget = strtol(optarg, NULL, 10);
        else if (c == 'v')
            s.verbose++;
        else {
            fputs("usage: bench_wm_brigade [-f FIRST_GAME] [-n GAMES] [-g GRID_MM] [-s SLIDE_MM] [-b BUDGET] [-v] "
                  "[EXPERIMENT]\n",
                  stderr);
            return 64;
        }
    }
    s.count_calls = count_calls;
    const char *path = optind < argc ? argv[optind] : BENCH_DEFAULT_EXPERIMENT;
    if (wbs_play(&s, path, -1, (uint64_t)first, (uint64_t)n) != 0)
        return 65;
    const wbs_figures *f = &s.fig;
    printf("%s: games %ld..%ld (%ld played); reference grid %.1f mm, slide %.1f mm, progress >= %.1f mm, budget %ld\n",
           path, first, first + n - 1, f->games, s.grid.grid_mm, s.grid.slide_mm, s.grid.need_mm, s.budget);
    printf("successful brigade orders: %ld; moved nothing: %ld (%.1f%%)\n", f->orders, f->moved_nothing,
           f->orders ? 100.0 * (double)f->moved_nothing / (double)f->orders : 0.0);
    printf("  of those, the reference: could move %ld, could not %ld, gave up %ld (%ld planner calls)\n", f->ref_found,
           f->ref_none, f->ref_gave_up, f->ref_calls);
    printf("planner calls by the orders' moves: %ld (%.1f per order); orders where a member changed formation: %ld\n",
           f->planner_calls, f->orders ? (double)f->planner_calls / (double)f->orders : 0.0, f->reformed);
    return 0;
}
