/*
 * suite_grundy: the tests of BOJ 16880 (five kinds of pieces) and 16879
 * (palaces only).  The official samples verbatim; edge tests as small
 * instances found by searching random positions for the mistake each
 * catches (tests/unit/t-suite-grundy.c --search repeats it and checks
 * every claim), and laid out by hand for the cases of the king's and the
 * knight's closed forms: pieces of one case, balanced by a rook (the value
 * of (v, 0) is v), so that one piece valued wrong changes the winner;
 * maximum tests of 300,000 pieces made here from fixed seeds; random
 * instances from grundy_gen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/grundy.h"
#include "boardlab/rng.h"
#include "suite_impl.h"

static const char *const samples_16880[] = {
	"2\n"
	"7 0 B\n"
	"3 4 R\n",
	"2\n"
	"6 7 K\n"
	"9 1 B\n",
	"3\n"
	"8 7 B\n"
	"9 4 K\n"
	"4 4 R\n",
	"2\n"
	"8 5 R\n"
	"6 5 K\n",
	"3\n"
	"1 2 P\n"
	"6 1 B\n"
	"4 4 P\n",
	"2\n"
	"1 2 B\n"
	"0 9 K\n",
	"1\n"
	"1 9 K\n",
	"3\n"
	"5 0 K\n"
	"0 4 B\n"
	"9 1 K\n",
	"3\n"
	"0 4 K\n"
	"0 5 K\n"
	"3 2 K\n",
	"3\n"
	"6 4 N\n"
	"1 2 N\n"
	"0 7 N\n",
	NULL,
};

static const char *const samples_16879[] = {
	"1\n"
	"3 2\n",
	"1\n"
	"3 3\n",
	"3\n"
	"7 4\n"
	"3 7\n"
	"1 0\n",
	"5\n"
	"4 2\n"
	"6 9\n"
	"7 8\n"
	"2 1\n"
	"5 5\n",
	"1\n"
	"6 6\n",
	NULL,
};

/* An edge test: its name, description and input. */
struct grundy_case {
	const char *name, *desc, *input;
};

static const struct grundy_case edges_16880[] = {
	{ "rook-on-axes",
	  "rooks on the axes (x = 0 or y = 0) only: a solution that counts coordinates from 1 fails",
	  "5\n"
	  "5 0 R\n"
	  "0 3 R\n"
	  "0 3 R\n"
	  "2 0 R\n"
	  "3 0 R\n" },
	{ "bishop-on-axes",
	  "bishops on the axes only, where min(x, y) = 0 and they cannot move",
	  "4\n"
	  "17 0 B\n"
	  "10 0 B\n"
	  "15 0 B\n"
	  "2 0 B\n" },
	{ "king-on-axes",
	  "kings on the axes only, where they move along one line",
	  "5\n"
	  "17 0 K\n"
	  "0 5 K\n"
	  "20 0 K\n"
	  "18 0 K\n"
	  "0 4 K\n" },
	{ "knight-on-axes",
	  "knights on the axes only, where they cannot move",
	  "5\n"
	  "0 9 N\n"
	  "0 6 N\n"
	  "14 0 N\n"
	  "7 0 N\n"
	  "0 5 N\n" },
	{ "palace-on-axes",
	  "palaces on the axes only, where they move as rooks",
	  "5\n"
	  "0 2 P\n"
	  "0 6 P\n"
	  "0 3 P\n"
	  "0 2 P\n"
	  "5 0 P\n" },
	{ "rook-near-origin",
	  "rooks near the corner, x and y at most 3",
	  "3\n"
	  "1 1 R\n"
	  "1 2 R\n"
	  "1 0 R\n" },
	{ "bishop-near-origin",
	  "bishops near the corner, x and y at most 3",
	  "3\n"
	  "2 2 B\n"
	  "3 2 B\n"
	  "0 0 B\n" },
	{ "king-near-origin",
	  "kings near the corner, x and y at most 3",
	  "3\n"
	  "0 0 K\n"
	  "3 2 K\n"
	  "2 1 K\n" },
	{ "knight-near-origin",
	  "knights near the corner, on and off the diagonal",
	  "3\n"
	  "1 2 N\n"
	  "2 2 N\n"
	  "0 1 N\n" },
	{ "palace-near-origin",
	  "palaces near the corner, where the diagonal move from x = 1 or y = 1 counts",
	  "4\n"
	  "2 2 P\n"
	  "0 2 P\n"
	  "0 3 P\n"
	  "2 1 P\n" },
	{ "rook-near-1e9",
	  "rooks with coordinates near 10^9 - 1",
	  "5\n"
	  "999999595 999999714 R\n"
	  "999999173 999999223 R\n"
	  "999999871 999999170 R\n"
	  "999999266 999999432 R\n"
	  "999999887 999999075 R\n" },
	{ "bishop-near-1e9",
	  "bishops with coordinates near 10^9 - 1",
	  "6\n"
	  "999999419 999999128 B\n"
	  "999999461 999999984 B\n"
	  "999999331 999999786 B\n"
	  "999999834 999999319 B\n"
	  "999999123 999999912 B\n"
	  "999999501 999999450 B\n" },
	{ "king-near-1e9",
	  "kings with coordinates near 10^9 - 1",
	  "4\n"
	  "999999493 999999400 K\n"
	  "999999853 999999238 K\n"
	  "999999428 999999783 K\n"
	  "999999922 999999761 K\n" },
	{ "knight-near-1e9",
	  "knights with coordinates near 10^9 - 1, one next to the diagonal",
	  "4\n"
	  "999999790 999999206 N\n"
	  "999999602 999999603 N\n"
	  "999999997 999999793 N\n"
	  "999999454 999999163 N\n" },
	{ "palace-near-1e9",
	  "palaces with coordinates near 10^9 - 1",
	  "4\n"
	  "999999463 999999314 P\n"
	  "999999284 999999164 P\n"
	  "999999698 999999701 P\n"
	  "999999983 999999283 P\n" },
	{ "king-both-odd",
	  "kings with x and y both odd (value 2 each) balanced by a rook of value 2: the first "
	  "player loses",
	  "4\n"
	  "5 7 K\n"
	  "1 1 K\n"
	  "999999999 999999997 K\n"
	  "2 0 R\n" },
	{ "king-odd-min",
	  "a king next to the diagonal whose smaller coordinate is odd, the other even (value "
	  "3), and a rook of value 3",
	  "2\n"
	  "3 4 K\n"
	  "3 0 R\n" },
	{ "knight-diagonal",
	  "knights on the diagonal x = y with x mod 3 = 1 (value 0, not 1), near the corner and "
	  "near 10^9",
	  "3\n"
	  "1 1 N\n"
	  "4 4 N\n"
	  "999999997 999999997 N\n" },
	{ "knight-beside-diagonal",
	  "a knight beside the diagonal, |x - y| = 1, min(x, y) mod 3 = 2 (value 1, not 2), "
	  "and a rook of value 1",
	  "2\n"
	  "6 5 N\n"
	  "1 0 R\n" },
	{ "knight-two-off-diagonal",
	  "a knight two off the diagonal, |x - y| = 2, min(x, y) mod 3 = 2 (value 2), and a "
	  "rook of value 2",
	  "2\n"
	  "2 4 N\n"
	  "2 0 R\n" },
	{ "knight-beside-diagonal-1",
	  "a knight beside the diagonal, |x - y| = 1, min(x, y) mod 3 = 1 (value 1, not the "
	  "diagonal's 0), and a rook of value 1",
	  "2\n"
	  "5 4 N\n"
	  "1 0 R\n" },
	{ "all-at-origin",
	  "every piece at (0, 0), where none can move: the first player loses",
	  "5\n"
	  "0 0 R\n"
	  "0 0 B\n"
	  "0 0 K\n"
	  "0 0 N\n"
	  "0 0 P\n" },
	{ "pairs-cancel",
	  "pieces in identical pairs, whose values cancel: the first player loses",
	  "6\n"
	  "31 9 B\n"
	  "31 9 B\n"
	  "43 48 P\n"
	  "43 48 P\n"
	  "43 30 R\n"
	  "43 30 R\n" },
	{ "one-piece",
	  "a single piece that can move: the first player wins",
	  "1\n"
	  "14 36 P\n" },
	{ "one-cell-many-kinds",
	  "every kind of piece on one cell, which is allowed",
	  "5\n"
	  "6 9 R\n"
	  "6 9 B\n"
	  "6 9 K\n"
	  "6 9 N\n"
	  "6 9 P\n" },
	{ NULL, NULL, NULL },
};

static const struct grundy_case edges_16879[] = {
	{ "palace-on-axes",
	  "palaces on the axes only, where they move as rooks",
	  "5\n"
	  "10 0\n"
	  "0 13\n"
	  "0 2\n"
	  "6 0\n"
	  "3 0\n" },
	{ "palace-near-origin",
	  "palaces near the corner, where the diagonal move from x = 1 or y = 1 counts",
	  "3\n"
	  "2 1\n"
	  "0 0\n"
	  "0 3\n" },
	{ "palace-near-2999",
	  "palaces with coordinates near 2999, 16879's largest",
	  "3\n"
	  "2998 2993\n"
	  "2995 2992\n"
	  "2999 2995\n" },
	{ "palace-blocks",
	  "palaces within the 3 x 3 blocks near the corner, where (x + y) mod 3 matters",
	  "6\n"
	  "5 4\n"
	  "7 1\n"
	  "4 1\n"
	  "5 4\n"
	  "0 5\n"
	  "8 1\n" },
	{ "all-at-origin",
	  "every piece at (0, 0), where none can move: the first player loses",
	  "3\n"
	  "0 0\n"
	  "0 0\n"
	  "0 0\n" },
	{ "pairs-cancel",
	  "pieces in identical pairs, whose values cancel: the first player loses",
	  "6\n"
	  "1000 1438\n"
	  "1000 1438\n"
	  "2456 1558\n"
	  "2456 1558\n"
	  "1230 400\n"
	  "1230 400\n" },
	{ "one-piece",
	  "a single piece that can move: the first player wins",
	  "1\n"
	  "970 15\n" },
	{ NULL, NULL, NULL },
};

#define MAX_PIECES 300000
#define FAR_SPAN 999999   /* the far tests' coordinates: the largest minus 0..FAR_SPAN */

static enum bl_code add_cases(struct bl_suite *s, enum bl_test_kind kind,
			      const struct grundy_case *cases, struct bl_err *err)
{
	enum bl_code code = BL_OK;

	for (int i = 0; cases[i].name && code == BL_OK; i++)
		code = suite_add(s, kind, cases[i].name, cases[i].desc, cases[i].input,
				 strlen(cases[i].input), err);
	return code;
}

/* One piece line: "x y c", or "x y" for palaces only. */
static void put_piece(struct bl_buf *b, bool palaces, uint64_t x, uint64_t y, int id)
{
	if (palaces)
		bl_buf_printf(b, "%llu %llu\n", (unsigned long long)x, (unsigned long long)y);
	else
		bl_buf_printf(b, "%llu %llu %c\n", (unsigned long long)x, (unsigned long long)y,
			      grundy_set_letter(NULL, id));
}

/*
 * Half the pieces from grundy_gen, then each of them mirrored, (x, y) to
 * (y, x), in reverse order: every closed form is symmetric, so the values
 * cancel and the first player loses.
 */
static bool mirrored(const struct grundy_gen *o, uint64_t seed, bool palaces,
		     struct bl_buf *b)
{
	struct grundy_gen half = *o;
	struct bl_buf g;
	const char *at, *end;
	size_t mark;

	half.pieces = MAX_PIECES / 2;
	bl_buf_init(&g);
	if (grundy_gen(&half, seed, 1, &g, NULL) != BL_OK || bl_buf_failed(&g)) {
		bl_buf_release(&g);
		return false;
	}
	end = g.data + g.len;
	at = (const char *)memchr(g.data, '\n', g.len) + 1;
	bl_buf_printf(b, "%d\n", MAX_PIECES);
	mark = b->len;
	bl_buf_add(b, at, (size_t)(end - at));
	/* the mirrors, from the last line back */
	for (const char *line = end; line > at;) {
		const char *stop = line - 1, *start = stop;
		char *next;
		uint64_t x, y;
		char c = 'P';
		while (start > at && start[-1] != '\n')
			start--;
		/* strtoull, not sscanf: sscanf measures the whole rest of the buffer */
		x = strtoull(start, &next, 10);
		y = strtoull(next, &next, 10);
		if (!palaces)
			c = next[1];
		put_piece(b, palaces, y, x, grundy_piece_by_letter(c));
		line = start;
	}
	bl_buf_release(&g);
	return b->len > mark;
}

/* MAX_PIECES pieces of random kinds with coordinates in [lo, hi], from stream seed. */
static void spread(uint64_t seed, bool palaces, uint64_t lo, uint64_t hi, struct bl_buf *b)
{
	struct bl_rng rng;

	bl_rng_init(&rng, seed);
	bl_buf_printf(b, "%d\n", MAX_PIECES);
	for (int i = 0; i < MAX_PIECES; i++) {
		uint64_t x = lo + bl_rng_below(&rng, hi - lo + 1);
		uint64_t y = lo + bl_rng_below(&rng, hi - lo + 1);
		put_piece(b, palaces, x, y, palaces ? GRUNDY_PALACE : (int)bl_rng_below(&rng, 5));
	}
}

static enum bl_code add_max(struct bl_suite *s, bool palaces, struct bl_err *err)
{
	const struct bl_problem *p = s->problem;
	struct grundy_gen o = { NULL, palaces ? GRUNDY_PALACE : GRUNDY_MIXED, MAX_PIECES,
				palaces ? GRUNDY_BOJ_PALACE_COORD_MAX : GRUNDY_BOJ_COORD_MAX, NULL, NULL,
				BL_GEN_UNIFORM };
	uint64_t top = (uint64_t)o.max, seed = palaces ? 16879 : 16880;
	char desc[BL_TEST_DESC_MAX];
	struct bl_buf b;
	enum bl_code code;

	bl_buf_init(&b);
	if ((code = grundy_gen(&o, seed, 1, &b, err)) != BL_OK) {
		bl_buf_release(&b);
		return code;
	}
	snprintf(desc, sizeof desc, "300,000 %s anywhere from 0 to %llu: boardlab grundy gen "
		 "--boj%s --pieces 300000 --seed %s", palaces ? "palaces" : "pieces of every kind",
		 (unsigned long long)top, palaces ? " --only P" : "", p->id);
	code = suite_take(s, BL_TEST_MAX, "max-random", desc, &b, err);
	if (code == BL_OK && !mirrored(&o, seed + 1, palaces, &b))
		b.failed = true;   /* out of memory: suite_take reports it */
	if (code == BL_OK)
		code = suite_take(s, BL_TEST_MAX, "max-mirrored", "300,000 pieces, the second half "
				  "the first mirrored, (x, y) to (y, x): their values cancel",
				  &b, err);
	if (code == BL_OK) {
		spread(seed + 2, palaces, palaces ? 2900 : top - FAR_SPAN, top, &b);
		code = suite_take(s, BL_TEST_MAX, "max-far", palaces ?
				  "300,000 palaces with coordinates from 2900 to 2999" :
				  "300,000 pieces of every kind with coordinates within 10^6 of the "
				  "largest, 999999999", &b, err);
	}
	if (code == BL_OK && !palaces) {
		spread(seed + 3, palaces, 0, 10, &b);
		code = suite_take(s, BL_TEST_MAX, "max-near-origin", "300,000 pieces of every kind "
				  "with coordinates from 0 to 10: short lines, many of them", &b, err);
	}
	return code;
}

#define RANDOM_SMALL 25   /* 1 to 10 pieces */
#define RANDOM_LARGE 5    /* 1000 pieces */

/* Random instances as `boardlab grundy gen --boj [--only P] --seed ID --first I` draws them. */
static enum bl_code add_random(struct bl_suite *s, bool palaces, struct bl_err *err)
{
	struct grundy_gen o = { NULL, palaces ? GRUNDY_PALACE : GRUNDY_MIXED, -1,
				palaces ? GRUNDY_BOJ_PALACE_COORD_MAX : GRUNDY_BOJ_COORD_MAX, NULL, NULL,
				BL_GEN_UNIFORM };
	uint64_t seed = palaces ? 16879 : 16880;
	enum bl_code code = BL_OK;

	for (int i = 1; i <= RANDOM_SMALL + RANDOM_LARGE && code == BL_OK; i++) {
		char name[BL_TEST_NAME_MAX], desc[BL_TEST_DESC_MAX];
		bool large = i > RANDOM_SMALL;
		struct bl_buf b;

		o.pieces = large ? 1000 : -1;
		bl_buf_init(&b);
		if ((code = grundy_gen(&o, seed + 10, i, &b, err)) != BL_OK) {
			bl_buf_release(&b);
			break;
		}
		snprintf(name, sizeof name, "random-%02d", i);
		snprintf(desc, sizeof desc, "a random position: boardlab grundy gen --boj%s%s "
			 "--seed %llu --first %d", palaces ? " --only P" : "",
			 large ? " --pieces 1000" : "", (unsigned long long)(seed + 10), i);
		code = suite_take(s, BL_TEST_RANDOM, name, desc, &b, err);
	}
	return code;
}

enum bl_code suite_grundy(struct bl_suite *s, struct bl_err *err)
{
	bool palaces = s->problem->variant == GRUNDY_PALACE;
	const char *const *samples = palaces ? samples_16879 : samples_16880;
	enum bl_code code = BL_OK;

	for (int i = 0; samples[i] && code == BL_OK; i++) {
		char name[BL_TEST_NAME_MAX], desc[BL_TEST_DESC_MAX];
		snprintf(name, sizeof name, "sample-%d", i + 1);
		snprintf(desc, sizeof desc, "official sample %d of BOJ %s", i + 1, s->problem->id);
		code = suite_add(s, BL_TEST_SAMPLE, name, desc, samples[i], strlen(samples[i]), err);
	}
	if (code == BL_OK)
		code = add_cases(s, BL_TEST_EDGE, palaces ? edges_16879 : edges_16880, err);
	if (code == BL_OK)
		code = add_max(s, palaces, err);
	if (code == BL_OK)
		code = add_random(s, palaces, err);
	return code;
}
