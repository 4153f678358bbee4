/*
 * stress: runs a user's solution on the game's own generated instances,
 * compares its output with the game's own solve, and shrinks the first
 * failing instance to a small one that fails the same way.  One verb for
 * every game, driven by its row: the game's options and gen options are
 * the game's own tables (cli/GAME.c), the shrinking passes the library's
 * (boardlab/shrink.h).  stress.c is the verb, the comparison, the
 * shrinking loop and the report; run.c runs CMD.
 */
#ifndef BOARDLAB_CLI_STRESS_H
#define BOARDLAB_CLI_STRESS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"

/* The options of stress itself, after its game's options and gen options. */
extern const struct cli_opt stress_opts[];

/* What stress needs of a game beyond its verbs: the row's data. */
struct stress_game {
	const char *trace_verb;   /* the verb that explains an instance: "trace", "plan" */
	const char *trace_flag;   /* a flag it needs ("explain"), or NULL */
	const struct bl_shrink_game *shrink;   /* its reductions and order; solve judges each
						  reduction before it is tried */
};

/*
 * The stress verb: r->row is a STRESS_VERB row, r->row->data its game's
 * struct stress_game.
 */
int stress_verb(struct cli_run *r);

/*
 * The stress row of a game's verb table.  Its options are game_opts, the
 * game options (passed on to every verb stress runs that has an option of
 * the name: gen, solve, the trace), then gen_opts, the gen options (passed
 * on to gen only), then stress_opts: both the game's own tables, so that an
 * option added to them is one of stress's too.  Given an option that none
 * of the verbs it runs has, stress stops with a usage error naming it.
 */
#define STRESS_VERB(example, game_opts, gen_opts, sg)                                      \
	{ "stress", stress_verb, "-- CMD [ARG...]", 4096,                                  \
	  "run CMD on generated instances against solve; shrink the first failure", example, \
	  game_opts, CLI_GROUPS(gen_opts, stress_opts), sg }

#endif
