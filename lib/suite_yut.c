/*
 * suite_yut: the tests of BOJ 17825.  The official samples verbatim (two
 * of them are all 1s and all 5s); the edge and maximum tests as strings of
 * ten dice, found by searching random dice for the outcome each names
 * (tests/unit/t-suite-yut.c --search repeats it and checks every claim);
 * random dice from yut_gen.
 */
#include <stdio.h>
#include <string.h>

#include "boardlab/yut.h"
#include "suite_impl.h"

static const char *const samples_17825[] = {
	"1 2 3 4 1 2 3 4 1 2\n",
	"1 1 1 1 1 1 1 1 1 1\n",
	"5 1 2 3 4 5 5 3 2 4\n",
	"5 5 5 5 5 5 5 5 5 5\n",
	NULL,
};

/* An edge or maximum test: its name, description and ten dice. */
struct yut_case {
	const char *name, *desc, *dice;
};

static const struct yut_case edges[] = {
	{ "blue-10", "the best play starts a move on blue cell 10 and takes its blue arrow",
	  "2552532314" },
	{ "blue-20", "the best play starts a move on blue cell 20 and takes its blue arrow",
	  "2521145151" },
	{ "blue-30", "the best play starts a move on blue cell 30 and takes its blue arrow",
	  "2545531555" },
	{ "passes-blue", "the best play passes over a blue cell, which does not turn the move",
	  "2345253111" },
	{ "end-with-steps-left", "the best play reaches End with steps left over, which ends "
	  "the move", "2442535122" },
	{ "blocked-by-horse", "a move that would end on another horse is not allowed, and "
	  "it decides the total", "1115353152" },
	{ "blocked-by-fourth-horse", "all four horses on the board: a move onto the last one "
	  "out of Start would raise the total, and is not allowed",
	  "2415552551" },
	{ "four-horses-only", "there are four horses: a fifth could take the last die for 8, "
	  "where each horse on the board reaches End for 0 or is blocked (185, not 177)",
	  "5445555554" },
	{ "end-holds-many", "the best play moves a horse to End where another horse already "
	  "is, which is allowed", "5555553452" },
	{ "shared-40", "40 is one cell, reached along the ring and from centre 35: two horses "
	  "cannot both stand on it", "5244442322" },
	{ "shared-centre", "centre 25, 30 and 35 are shared by the three diagonals",
	  "2541523352" },
	{ "equal-scores-differ", "cells of equal score are different cells (outer 30 and "
	  "centre 30, outer 16 and diagonal 16, ...)", "3523242242" },
	{ "finished-horse-stays", "a horse on End cannot be chosen again: no turn may be "
	  "passed by moving it", "5555522213" },
	{ "all-twos", "every die shows 2", "2222222222" },
	{ "all-threes", "every die shows 3", "3333333333" },
	{ "all-fours", "every die shows 4", "4444444444" },
	{ NULL, NULL, NULL },
};

static const struct yut_case maxes[] = {
	{ "max-states-1", "the dice with the most positions to search among 300,000 drawn "
	  "(2039)", "4521543513" },
	{ "max-states-2", "the dice with the second most positions to search (2031)",
	  "4521534534" },
	{ "max-states-3", "the dice with the third most positions to search (2028)",
	  "4512543522" },
	{ NULL, NULL, NULL },
};

static enum bl_code add_cases(struct bl_suite *s, enum bl_test_kind kind,
			      const struct yut_case *cases, struct bl_err *err)
{
	enum bl_code code = BL_OK;

	for (int i = 0; cases[i].name && code == BL_OK; i++) {
		struct bl_buf in;
		bl_buf_init(&in);
		for (int k = 0; k < YUT_BOJ_DICE; k++) {
			bl_buf_putc(&in, cases[i].dice[k]);
			bl_buf_putc(&in, k + 1 < YUT_BOJ_DICE ? ' ' : '\n');
		}
		code = suite_take(s, kind, cases[i].name, cases[i].desc, &in, err);
	}
	return code;
}

#define RANDOMS 30

/* Random dice as `boardlab yut gen --boj --seed 17825 --first I` draws them. */
static enum bl_code add_random(struct bl_suite *s, struct bl_err *err)
{
	struct yut_gen gen;
	struct yut_game g;
	enum bl_code code = BL_OK;

	yut_gen_init(&gen);
	yut_game_init(&g, yut_board_builtin());
	for (int i = 1; i <= RANDOMS && code == BL_OK; i++) {
		char name[BL_TEST_NAME_MAX], desc[BL_TEST_DESC_MAX];
		struct bl_buf in;

		code = yut_gen_game(&gen, 17825, i, &g, err);
		if (code != BL_OK)
			break;
		bl_buf_init(&in);
		yut_game_write(&g, &in);
		snprintf(name, sizeof name, "random-%02d", i);
		snprintf(desc, sizeof desc, "random dice: boardlab yut gen --boj --seed 17825 "
			 "--first %d", i);
		code = suite_take(s, BL_TEST_RANDOM, name, desc, &in, err);
	}
	yut_game_release(&g);
	return code;
}

enum bl_code suite_yut(struct bl_suite *s, struct bl_err *err)
{
	enum bl_code code = BL_OK;

	for (int i = 0; samples_17825[i] && code == BL_OK; i++) {
		char name[BL_TEST_NAME_MAX], desc[BL_TEST_DESC_MAX];
		snprintf(name, sizeof name, "sample-%d", i + 1);
		snprintf(desc, sizeof desc, "official sample %d of BOJ 17825%s", i + 1,
			 i == 1 ? ": every die shows 1" : i == 3 ? ": every die shows 5" : "");
		code = suite_add(s, BL_TEST_SAMPLE, name, desc, samples_17825[i],
				 strlen(samples_17825[i]), err);
	}
	if (code == BL_OK)
		code = add_cases(s, BL_TEST_EDGE, edges, err);
	if (code == BL_OK)
		code = add_cases(s, BL_TEST_MAX, maxes, err);
	if (code == BL_OK)
		code = add_random(s, err);
	return code;
}
