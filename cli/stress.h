/*
 * stress: runs a user's solution on the game's own generated instances,
 * compares its output with the game's own solve, and shrinks the first
 * failing instance to a small one that fails the same way.  stress.c is the
 * runner, the comparison and the report; stress_games.c holds each game's
 * option table, and the library's shrink.h its shrinking passes.
 */
#ifndef BOARDLAB_STRESS_H
#define BOARDLAB_STRESS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"

/*
 * The options every stress verb ends with, after its game's options and
 * its gen options (struct stress_game counts those).
 */
#define STRESS_OPTS                                                                        \
	{ "problem", "P", "a BOJ problem's preset instead of game options (boardlab boj --help)" }, \
	CLI_SEED_OPT,                                                                        \
	{ "runs", "N", "instances to run, 0 to 10^9 (default 100)" },                       \
	{ "timeout-ms", "T", "a run's time limit in milliseconds, 1 to 10^7 (default 2000)" }, \
	{ "jobs", "J", "runs at the same time, 1 to 64 (default 1)" },                    \
	{ "shrink-ms", "T", "the time budget of shrinking, 0 to 10^7 ms (default 5000)" },  \
	{ "save", "DIR", "on a failure, write original.in, minimal.in, expected.out and "    \
			  "found.out into DIR (made first, with its parents)" }

#define STRESS_ARGS "-- CMD [ARG...]"
#define STRESS_MAX_ARGS 4096
#define STRESS_SUMMARY "run CMD on generated instances against solve; shrink the first failure"

/*
 * A game's part of stress.  Its verb's option table is the game options
 * (ngame of them: passed to solve, to the trace verb and to gen when gen
 * has an option of that name), then the gen options (ngen: passed to gen
 * only), then STRESS_OPTS.
 */
struct stress_game {
	int ngame, ngen;
	const char *trace_verb;   /* the verb that explains an instance: "trace", "plan" */
	const char *trace_flag;   /* a flag it needs ("explain"), or NULL */
	bl_shrink_fn shrink;      /* its reductions; solve judges each before it is tried */
};

/* The stress verb of a game. */
int stress_run(struct cli_run *r, const struct stress_game *sg);

/* Each game's part (stress_games.c). */
extern const struct stress_game stress_tower, stress_yut, stress_grundy, stress_puyo;

extern const struct cli_opt tower_stress_opts[], yut_stress_opts[], grundy_stress_opts[],
	puyo_stress_opts[];
int tower_stress(struct cli_run *r);
int yut_stress(struct cli_run *r);
int grundy_stress(struct cli_run *r);
int puyo_stress(struct cli_run *r);

#endif
