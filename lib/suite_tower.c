/*
 * suite_tower: the tests of BOJ 17780 (bottom rule) and 17837 (carry
 * rule).  The official samples verbatim; the edge and maximum tests as
 * compact instances (N K, the N rows as strings of colour digits, then
 * "row col dir" for each piece), expanded to the judge's format; random
 * games from tower_gen.  The edge instances were found by searching
 * generated games for the outcome each names (tests/unit/t-suite-tower.c
 * --search repeats the search and checks every claim), but for
 * blocked-in-last-row: its two blocked pieces, the blue cells beside them
 * and a piece on (1, 1) were laid out by hand, the other pieces and colours
 * drawn until both games ended late (turns 372 and 117).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/tower.h"
#include "suite_impl.h"

static const char *const samples_17780[] = {
	"4 4\n"
	"0 0 2 0\n"
	"0 0 1 0\n"
	"0 0 1 2\n"
	"0 2 0 0\n"
	"2 1 1\n"
	"3 2 3\n"
	"2 2 1\n"
	"4 1 2\n",
	"4 4\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"1 1 1\n"
	"1 2 1\n"
	"1 3 1\n"
	"1 4 1\n",
	"4 4\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"1 1 1\n"
	"1 2 1\n"
	"1 3 1\n"
	"2 4 3\n",
	"4 4\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"1 1 1\n"
	"1 2 1\n"
	"1 3 1\n"
	"3 3 3\n",
	"4 4\n"
	"0 0 2 0\n"
	"0 0 1 0\n"
	"0 0 1 2\n"
	"0 2 0 0\n"
	"2 1 1\n"
	"3 2 3\n"
	"2 2 1\n"
	"4 1 3\n",
	"6 10\n"
	"0 1 2 0 1 1\n"
	"1 2 0 1 1 0\n"
	"2 1 0 1 1 0\n"
	"1 0 1 1 0 2\n"
	"2 0 1 2 0 1\n"
	"0 2 1 0 2 1\n"
	"1 1 1\n"
	"2 2 2\n"
	"3 3 4\n"
	"4 4 1\n"
	"5 5 3\n"
	"6 6 2\n"
	"1 6 3\n"
	"6 1 2\n"
	"2 4 3\n"
	"4 2 1\n",
	NULL,
};

static const char *const samples_17837[] = {
	"4 4\n"
	"0 0 2 0\n"
	"0 0 1 0\n"
	"0 0 1 2\n"
	"0 2 0 0\n"
	"2 1 1\n"
	"3 2 3\n"
	"2 2 1\n"
	"4 1 2\n",
	"4 4\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"1 1 1\n"
	"1 2 1\n"
	"1 3 1\n"
	"1 4 1\n",
	"4 4\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"1 1 1\n"
	"1 2 1\n"
	"1 3 1\n"
	"2 4 3\n",
	"4 4\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"0 0 0 0\n"
	"1 1 1\n"
	"1 2 1\n"
	"1 3 1\n"
	"3 3 3\n",
	"6 10\n"
	"0 1 2 0 1 1\n"
	"1 2 0 1 1 0\n"
	"2 1 0 1 1 0\n"
	"1 0 1 1 0 2\n"
	"2 0 1 2 0 1\n"
	"0 2 1 0 2 1\n"
	"1 1 1\n"
	"2 2 2\n"
	"3 3 4\n"
	"4 4 1\n"
	"5 5 3\n"
	"6 6 2\n"
	"1 6 3\n"
	"6 1 2\n"
	"2 4 3\n"
	"4 2 1\n",
	NULL,
};

/* An edge or maximum test: its name, description and compact instance. */
struct tower_case {
	const char *name, *desc, *data;
};

static const struct tower_case edges_17837[] = {
	{ "stack-mid-turn",
	  "a stack of 4 forms mid-turn and a later move of the same turn breaks it up: the answer "
	  "is that turn",
	  "4 4 0012 0000 1000 0000 3 2 2 1 2 1 1 4 1 4 2 4" },
	{ "stack-on-turn-1",
	  "a stack of 4 forms on the first turn",
	  "4 5 0000 0000 0000 0100 4 4 1 1 4 2 2 3 4 4 3 3 3 3 4" },
	{ "stack-on-turn-1000",
	  "the first stack of 4 forms on turn 1000, the last turn played: the answer is 1000",
	  "10 8 1010001011 0100000010 0010000110 0010001000 0010000010 0000000000 "
	  "0000000010 0000000000 0000000100 0000100000 8 6 1 3 7 3 2 4 4 3 4 3 3 "
	  "2 2 8 2 1 10 2 2 6 8 3" },
	{ "stack-on-turn-1001",
	  "the first stack of 4 would form on turn 1001, one past the limit: the answer is -1",
	  "7 4 0200000 0000020 0000002 0000000 0000000 0000000 2000002 1 5 1 7 1 "
	  "1 3 6 3 5 2 4" },
	{ "blocked-blue-then-blue",
	  "a piece faces blue with blue behind it: it stays where it is, its direction reversed",
	  "4 5 0200 0020 0210 0001 3 3 3 2 4 2 3 4 3 2 3 3 4 3 2" },
	{ "blocked-edge-and-blue",
	  "a piece is blocked by the edge on one side and blue on the other: it stays, its "
	  "direction reversed",
	  "4 5 0200 0000 2202 0020 3 4 4 1 2 1 2 4 4 2 2 2 3 3 3" },
	{ "blocked-in-last-row",
	  "on a 12 x 12 board a piece in the last row and one in the last corner are blocked by "
	  "the edge and blue every turn: they stay, and nothing past the edge counts",
	  "12 10 001000001010 002000000000 000000101000 010000000000 200001000001 "
	  "220100020000 000000000001 000020000010 010201000010 010000010100 "
	  "211110000120 000101002020 12 1 4 12 12 1 8 6 3 3 6 4 1 1 1 4 1 1 3 10 4 "
	  "9 1 2 3 11 1 6 5 1" },
	{ "bounce-off-edge",
	  "a piece at the board's edge turns back and moves to the cell behind it",
	  "4 4 0002 0020 0000 0000 1 3 1 3 4 4 4 4 4 3 2 1" },
	{ "bounce-onto-red",
	  "a piece carrying others bounces off blue or the edge onto a red cell: the group is "
	  "reversed there",
	  "4 4 0000 0001 0001 0010 3 1 2 1 4 2 1 2 4 1 3 2" },
	{ "only-the-mover-turns",
	  "a piece carrying others bounces: only its own direction is reversed",
	  "4 4 0000 0000 0000 0002 4 3 3 3 2 1 3 3 1 3 1 4" },
	{ "red-reverses-on-empty",
	  "a group of 2 or more moves onto an empty red cell: its order is reversed",
	  "4 5 0000 1000 0110 0000 3 3 3 3 4 4 4 3 1 2 2 2 4 1 4" },
	{ "red-reverses-onto-stack",
	  "a group of 2 or more moves onto a red cell holding pieces: only the moving group is "
	  "reversed, on top",
	  "4 4 0000 0000 0001 0002 3 2 2 4 4 2 2 1 4 3 1 2" },
	{ "stack-of-five",
	  "the first stack to reach 4 pieces has 5 or more at once: the game ends there",
	  "4 5 0011 0010 0000 0100 1 4 2 4 2 4 3 2 3 4 3 3 2 1 4" },
	{ "carried-along",
	  "a piece with others under it moves and carries those above it with it",
	  "4 4 0200 2000 0020 0001 3 1 3 2 1 4 1 4 3 4 2 1" },
	{ "game-cycles",
	  "the game's state repeats after a few turns and no stack ever forms: the answer is -1",
	  "4 5 0001 1102 2121 1200 1 3 4 4 4 4 2 1 4 3 3 1 1 2 3" },
	{ "same-cells-other-order",
	  "cells and directions at a turn's end repeat an earlier turn's with the stacks in "
	  "another order, and the game still ends",
	  "4 4 0000 0000 0000 0000 2 3 2 3 4 4 1 1 2 3 2 2" },
	{ "all-right",
	  "every piece starts moving right (direction 1)",
	  "4 5 1010 0002 0100 0210 2 3 1 1 2 1 1 1 1 1 4 1 1 3 1" },
	{ "all-left",
	  "every piece starts moving left (direction 2)",
	  "4 5 0001 0010 0000 0000 1 1 2 3 4 2 1 3 2 1 4 2 1 2 2" },
	{ "all-up",
	  "every piece starts moving up (direction 3)",
	  "4 5 0000 0000 0200 0000 2 4 3 1 1 3 2 1 3 3 1 3 4 1 3" },
	{ "all-down",
	  "every piece starts moving down (direction 4)",
	  "4 5 0000 0001 0010 0000 2 2 4 1 1 4 1 2 4 3 2 4 4 2 4" },
	{ "starts-on-blue",
	  "a piece starts on a blue cell, which is allowed, and the game ends with a stack",
	  "4 5 0020 0000 0000 0000 1 2 2 1 3 4 2 1 4 2 3 3 2 4 2" },
	{ NULL, NULL, NULL },
};

static const struct tower_case edges_17780[] = {
	{ "stack-mid-turn",
	  "a stack of 4 forms before the turn's last move: the answer is that turn",
	  "4 5 0000 1000 0110 0000 3 3 3 3 4 4 4 3 1 2 2 2 4 1 4" },
	{ "stack-on-turn-1",
	  "a stack of 4 forms on the first turn",
	  "4 5 0000 0000 0000 0100 4 4 1 1 4 2 2 3 4 4 3 3 3 3 4" },
	{ "stack-on-turn-1000",
	  "the first stack of 4 forms on turn 1000, the last turn played: the answer is 1000",
	  "12 5 000212101020 022220010020 212002002201 102211210001 010000110000 "
	  "200000211001 110002020001 200002210111 010002001101 000002001002 "
	  "012000010011 202200000100 6 8 3 3 4 3 12 7 4 9 11 2 4 5 3" },
	{ "stack-on-turn-1001",
	  "the first stack of 4 would form on turn 1001, one past the limit: the answer is -1",
	  "10 4 2102112010 0100100100 2011202100 0022012000 0020020100 2000001201 "
	  "0100100011 0000101000 1000010110 2010001102 7 3 4 9 10 1 10 2 2 1 10 4" },
	{ "blocked-blue-then-blue",
	  "a piece faces blue with blue behind it: it stays where it is, its direction reversed",
	  "4 5 0000 0200 0100 2020 4 1 3 3 1 4 1 1 3 1 4 1 4 2 1" },
	{ "blocked-edge-and-blue",
	  "a piece is blocked by the edge on one side and blue on the other: it stays, its "
	  "direction reversed",
	  "4 5 0001 0000 0021 0100 1 2 3 1 4 1 4 3 4 3 2 1 2 2 3" },
	{ "blocked-in-last-row",
	  "on a 12 x 12 board a piece in the last row and one in the last corner are blocked by "
	  "the edge and blue every turn: they stay, and nothing past the edge counts",
	  "12 10 001000001010 002000000000 000000101000 010000000000 200001000001 "
	  "220100020000 000000000001 000020000010 010201000010 010000010100 "
	  "211110000120 000101002020 12 1 4 12 12 1 8 6 3 3 6 4 1 1 1 4 1 1 3 10 4 "
	  "9 1 2 3 11 1 6 5 1" },
	{ "bounce-off-edge",
	  "a piece at the board's edge turns back and moves to the cell behind it",
	  "4 4 0012 0000 1000 0000 3 2 2 1 2 1 1 4 1 4 2 4" },
	{ "bounce-onto-red",
	  "a piece carrying others bounces off blue or the edge onto a red cell: the group is "
	  "reversed there",
	  "4 4 0000 0012 0001 0002 2 3 2 3 3 1 1 3 3 4 1 3" },
	{ "only-the-mover-turns",
	  "a piece carrying others bounces: only its own direction is reversed",
	  "4 5 0000 1000 0100 0000 2 1 4 1 1 2 4 3 2 4 1 1 4 4 2" },
	{ "red-reverses-on-empty",
	  "a group of 2 or more moves onto an empty red cell: its order is reversed",
	  "4 5 0200 2001 2111 1200 2 2 3 2 1 1 4 4 4 2 3 3 3 4 2" },
	{ "red-reverses-onto-stack",
	  "a group of 2 or more moves onto a red cell holding pieces: only the moving group is "
	  "reversed, on top",
	  "4 5 2111 0000 0102 0020 4 2 4 1 3 2 4 1 2 3 3 1 3 4 2" },
	{ "stack-of-five",
	  "the first stack to reach 4 pieces has 5 or more at once: the game ends there",
	  "4 5 0000 0000 0000 2000 1 1 4 4 1 4 3 2 2 4 4 3 3 4 1" },
	{ "new-bottom-moves",
	  "red reverses a stack so that a piece not at the bottom at the turn's start becomes the "
	  "bottom and moves in that turn",
	  "4 4 0100 0000 0201 2002 1 3 2 3 1 4 2 4 3 1 4 4" },
	{ "only-bottoms-move",
	  "a piece that is not at the bottom of its stack does not move: it is skipped",
	  "4 4 0002 0020 0000 0000 1 3 1 3 4 4 4 4 4 3 2 1" },
	{ "game-cycles",
	  "the game's state repeats after a few turns and no stack ever forms: the answer is -1",
	  "4 5 0001 1102 2121 1200 1 3 4 4 4 4 2 1 4 3 3 1 1 2 3" },
	{ "same-cells-other-order",
	  "cells and directions at a turn's end repeat an earlier turn's with the stacks in "
	  "another order, and the game still ends",
	  "4 4 0000 1000 0000 1000 2 2 2 2 4 1 1 4 4 4 1 1" },
	{ "all-right",
	  "every piece starts moving right (direction 1)",
	  "4 5 1010 0002 0100 0210 2 3 1 1 2 1 1 1 1 1 4 1 1 3 1" },
	{ "all-left",
	  "every piece starts moving left (direction 2)",
	  "4 5 2000 0200 0020 0000 4 3 2 4 2 2 3 1 2 4 1 2 4 4 2" },
	{ "all-up",
	  "every piece starts moving up (direction 3)",
	  "4 5 0000 0000 0200 0000 2 4 3 1 1 3 2 1 3 3 1 3 4 1 3" },
	{ "all-down",
	  "every piece starts moving down (direction 4)",
	  "5 6 00000 00000 21101 01010 01000 1 2 4 1 3 4 5 2 4 4 4 4 4 2 4 3 2 4" },
	{ "starts-on-blue",
	  "a piece starts on a blue cell, which is allowed, and the game ends with a stack",
	  "4 4 0200 2000 0020 0001 3 1 3 2 1 4 1 4 3 4 2 1" },
	{ NULL, NULL, NULL },
};

static const struct tower_case max_17837[] = {
	{ "max-1000-turns",
	  "a 12 x 12 board with 10 pieces, no stack and no repeated state in 1000 turns: every "
	  "turn is played",
	  "12 10 200111022121 122010002021 002102022011 001120220102 000010020000 "
	  "020000020012 000002002022 002020210020 102000000020 112000200200 "
	  "000012200000 120000000021 2 9 1 10 4 2 11 9 1 4 12 2 3 4 1 6 12 2 6 8 "
	  "3 1 6 2 10 3 3 12 1 2" },
	{ "max-late-stack",
	  "a 12 x 12 board with 10 pieces whose first stack forms after turn 900",
	  "12 10 021110000000 110020010110 000000010000 000001100100 001000020000 "
	  "000001000121 000002200010 101001000001 010002000010 100110001000 "
	  "000100100110 120100220000 5 10 4 6 4 2 7 10 2 10 2 1 7 8 1 5 6 3 7 1 3 "
	  "3 6 2 8 5 3 11 6 3" },
	{ "max-crowded",
	  "10 pieces on a 4 x 4 board, no stack and no repeated state in 1000 turns",
	  "4 10 0001 0000 0100 0001 2 1 2 3 1 2 1 2 2 1 1 2 4 3 1 4 4 1 2 4 2 3 3 "
	  "2 4 2 1 3 2 1" },
	{ NULL, NULL, NULL },
};

static const struct tower_case max_17780[] = {
	{ "max-1000-turns",
	  "a 12 x 12 board with 10 pieces, no stack and no repeated state in 1000 turns: every "
	  "turn is played",
	  "12 10 002200010200 102002000200 112000020000 002200011001 100000000000 "
	  "000002000000 001010000201 020100100020 102102022011 011110002020 "
	  "002000211101 000220000001 4 3 2 7 12 3 9 2 3 3 2 1 7 9 4 6 2 3 1 1 4 3 "
	  "10 3 9 9 4 1 10 3" },
	{ "max-late-stack",
	  "a 12 x 12 board with 10 pieces whose first stack forms after turn 900",
	  "12 10 002200020212 201010010000 010221100110 010010122020 010021102001 "
	  "000201220000 022200000001 000000000001 000001022211 102100100200 "
	  "002112100002 100112000102 2 5 4 7 1 2 10 8 4 6 4 1 5 12 2 5 3 1 9 1 3 "
	  "8 1 2 6 3 3 6 10 3" },
	{ "max-crowded",
	  "10 pieces on a 4 x 4 board, no stack and no repeated state in 1000 turns",
	  "4 10 0001 0100 1002 2100 1 3 1 1 4 1 1 1 1 4 4 1 2 3 2 2 1 3 4 1 1 4 3 "
	  "1 3 2 1 2 4 2" },
	{ NULL, NULL, NULL },
};

/* The compact instance data in the judge's format, appended to out; false when malformed. */
static bool expand(const char *data, struct bl_buf *out)
{
	char *end;
	long n = strtol(data, &end, 10), k = strtol(end, &end, 10);

	if (n < 1 || k < 1)
		return false;
	bl_buf_printf(out, "%ld %ld\n", n, k);
	for (long r = 0; r < n; r++) {
		while (*end == ' ')
			end++;
		for (long c = 0; c < n; c++, end++) {
			if (*end < '0' || *end > '2')
				return false;
			bl_buf_putc(out, *end);
			bl_buf_putc(out, c + 1 < n ? ' ' : '\n');
		}
	}
	for (long p = 0; p < k; p++) {
		long a = strtol(end, &end, 10), b = strtol(end, &end, 10), d = strtol(end, &end, 10);
		bl_buf_printf(out, "%ld %ld %ld\n", a, b, d);
	}
	return *end == '\0';
}

static enum bl_code add_samples(struct bl_suite *s, const char *const *samples,
				struct bl_err *err)
{
	char name[BL_TEST_NAME_MAX], desc[BL_TEST_DESC_MAX];
	enum bl_code code = BL_OK;

	for (int i = 0; samples[i] && code == BL_OK; i++) {
		snprintf(name, sizeof name, "sample-%d", i + 1);
		snprintf(desc, sizeof desc, "official sample %d of BOJ %s", i + 1, s->problem->id);
		code = suite_add(s, BL_TEST_SAMPLE, name, desc, samples[i], strlen(samples[i]), err);
	}
	return code;
}

static enum bl_code add_cases(struct bl_suite *s, enum bl_test_kind kind,
			      const struct tower_case *cases, struct bl_err *err)
{
	enum bl_code code = BL_OK;

	for (int i = 0; cases[i].name && code == BL_OK; i++) {
		struct bl_buf in;
		bl_buf_init(&in);
		if (!expand(cases[i].data, &in)) {
			bl_buf_release(&in);
			return bl_fail(err, BL_ERR_INTERNAL, "test '%s': malformed data",
				       cases[i].name);
		}
		code = suite_take(s, kind, cases[i].name, cases[i].desc, &in, err);
	}
	return code;
}

#define RANDOM_ANY 24     /* random games of any ending */
#define RANDOM_STACK 8    /* and games that end with a stack */

/*
 * Random games as `boardlab tower gen --boj --seed ID --first I` draws
 * them (the seed is the problem's number), then games that end with a
 * stack (--ending stack under the problem's rule) from seed ID + 1.
 */
static enum bl_code add_random(struct bl_suite *s, struct bl_err *err)
{
	const struct bl_problem *p = s->problem;
	uint64_t seed = (uint64_t)strtoull(p->id, NULL, 10);
	enum bl_code code = BL_OK;
	struct tower_gen g;

	tower_gen_init(&g);
	tower_limits_boj(&g.lim);
	g.opts.rule = (enum tower_rule)p->variant;
	for (int i = 1; i <= RANDOM_ANY + RANDOM_STACK && code == BL_OK; i++) {
		bool stack = i > RANDOM_ANY;
		int64_t first = stack ? i - RANDOM_ANY : i;
		char name[BL_TEST_NAME_MAX], desc[BL_TEST_DESC_MAX];
		struct bl_buf in;

		g.ending = stack ? TOWER_ENDING_STACK : TOWER_ENDING_ANY;
		snprintf(name, sizeof name, "random-%02d", i);
		snprintf(desc, sizeof desc, "a random game: boardlab tower gen --boj%s --seed %llu "
			 "--first %lld", stack ? (p->variant == TOWER_BOTTOM ?
						   " --rule bottom --ending stack" :
						   " --rule carry --ending stack") : "",
			 (unsigned long long)(seed + stack), (long long)first);
		bl_buf_init(&in);
		code = tower_gen(&g, seed + stack, first, &in, err);
		if (code == BL_OK)
			code = suite_take(s, BL_TEST_RANDOM, name, desc, &in, err);
		else
			bl_buf_release(&in);
	}
	return code;
}

enum bl_code suite_tower(struct bl_suite *s, struct bl_err *err)
{
	bool bottom = s->problem->variant == TOWER_BOTTOM;
	enum bl_code code = add_samples(s, bottom ? samples_17780 : samples_17837, err);

	if (code == BL_OK)
		code = add_cases(s, BL_TEST_EDGE, bottom ? edges_17780 : edges_17837, err);
	if (code == BL_OK)
		code = add_cases(s, BL_TEST_MAX, bottom ? max_17780 : max_17837, err);
	if (code == BL_OK)
		code = add_random(s, err);
	return code;
}
