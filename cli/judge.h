/*
 * judge: boardlab judge PROBLEM [OPTIONS] -- CMD [ARG...], the local judge
 * of the six problems (docs/judge.md).  judge.c is the verb: options, the
 * tests (the library's suite or a folder), the runs through run.h, the
 * progress line and the exit status; the verdicts and the report, text or
 * JSON, are the library's (boardlab/judge.h).
 */
#ifndef BOARDLAB_CLI_JUDGE_H
#define BOARDLAB_CLI_JUDGE_H

#include "cli.h"

/* The verb row of every game's table, and of `boardlab judge PROBLEM`. */
extern const struct cli_opt judge_opts[];
int judge_verb(struct cli_run *r);

/*
 * A game's judge verb: `boardlab GAME judge --problem P -- CMD`, the same
 * as `boardlab judge P -- CMD` (main.c).
 */
#define JUDGE_VERB(example)                                                                \
	{ "judge", judge_verb, "-- CMD [ARG...]", 4096,                                     \
	  "judge CMD on a problem's test suite: verdicts, CPU time and memory", example,   \
	  judge_opts, NULL, NULL }

#endif
