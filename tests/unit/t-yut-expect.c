/*
 * Unit tests of yut with unknown dice: the distributions and their faults,
 * and yut_expect / yut_advise against an independent brute-force
 * expectimax (plain recursion over every roll and every horse, horses told
 * apart, no memo, its own move rules, exact integer numerators) on small
 * games over the built-in board and seeded random boards, compared as
 * reduced fractions.  BL_TEST_QUICK=1 cuts the counts.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* --- the brute force --- */

struct brute {
	const struct yut_board *b;
	const uint64_t *w;   /* w[1..5], integer weights */
	uint64_t total;      /* their sum W */
	int horses;
	bool ended;          /* some roll left no horse a move */
};

/* Where a horse on `from` lands with die steps, by the rules' words. */
static int land(const struct yut_board *b, int from, int die)
{
	int c = from;
	for (int s = 0; s < die; s++) {
		if (c == b->end)
			break;
		c = s == 0 && b->cells[c].blue >= 0 ? b->cells[c].blue : b->cells[c].red;
	}
	return c;
}

static int64_t pow64(uint64_t w, int k)
{
	int64_t p = 1;
	while (k-- > 0)
		p *= (int64_t)w;
	return p;
}

/* The expected points of the k rolls to come, times W^k. */
static int64_t brute(struct brute *x, int *cells, int k)
{
	if (k == 0)
		return 0;
	int64_t sum = 0;
	for (int d = 1; d <= YUT_DIE_MAX; d++) {
		if (!x->w[d])
			continue;
		int64_t best = -1;
		for (int h = 0; h < x->horses; h++) {
			if (cells[h] == x->b->end)
				continue;
			int to = land(x->b, cells[h], d), taken = 0;
			for (int j = 0; j < x->horses; j++)
				taken |= j != h && to != x->b->end && cells[j] == to;
			if (taken)
				continue;
			int from = cells[h];
			cells[h] = to;
			int64_t v = x->b->cells[to].score * pow64(x->total, k - 1) +
				    brute(x, cells, k - 1);
			cells[h] = from;
			if (v > best)
				best = v;
		}
		if (best < 0) {
			x->ended = true;
			best = 0;
		}
		sum += (int64_t)x->w[d] * best;
	}
	return sum;
}

static int64_t gcd(int64_t a, int64_t b)
{
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static void fraction(int64_t num, int64_t den, char *dst, size_t cap)
{
	int64_t g = gcd(num, den);
	snprintf(dst, cap, "%lld/%lld", (long long)(num / g), (long long)(den / g));
}

static void exact_str(const struct yut_expectation *e, char *dst, size_t cap)
{
	if (e->exact)
		snprintf(dst, cap, "%s/%s", e->num, e->den);
	else
		snprintf(dst, cap, "double %.17g", e->value);
}

/* --- boards --- */

/* A random board of 3..9 cells: arrows lead to higher cells, the last is end. */
static void random_board(struct yut_board *b, struct bl_rng *rng)
{
	int n = (int)bl_rng_range(rng, 3, 9);
	b->ncells = n;
	b->start = 0;
	b->end = n - 1;
	for (int i = 0; i < n; i++) {
		struct yut_cell *c = &b->cells[i];
		snprintf(c->name, sizeof c->name, "c%d", i);
		c->score = i == 0 || i == n - 1 ? 0 : (int)bl_rng_range(rng, 0, 40);
		c->red = i == n - 1 ? YUT_NONE
				    : (int)bl_rng_range(
					      rng, i + 1,
					      i + 1 + (i + 2 < n && bl_rng_below(rng, 4) == 0));
		c->blue = i < n - 2 && bl_rng_below(rng, 3) == 0
				  ? (int)bl_rng_range(rng, i + 1, n - 1)
				  : YUT_NONE;
	}
}

static const char *const dists[] = {
	"d5", "1:4,2:6,3:4,4:1,5:1", "sticks", "sticks:0.5", "2:1,5:3", "3:1",
};
#define NDISTS (sizeof dists / sizeof dists[0])

static long compared, ended_games, ties_seen;

/*
 * yut_expect on (b, horses, dist, turns) against the brute force.  Returns
 * false on a mismatch (printed).
 */
static bool expect_agrees(const struct yut_board *b, int horses, const char *dist, int turns,
			  const char *what)
{
	struct yut_dist d;
	struct yut_game g;
	struct yut_expectation e;
	struct bl_err err;
	size_t states;
	int cells[YUT_MAX_HORSES];
	char got[128], want[128];

	bl_err_clear(&err);
	if (yut_dist_parse(&d, dist, &err) != BL_OK) {
		tap_diag("%s: %s", dist, err.msg);
		return false;
	}
	yut_game_init(&g, b);
	g.horses = horses;
	if (yut_expect(&g, &d, turns, &e, &states, &err) != BL_OK) {
		tap_diag("%s: %s", what, err.msg);
		return false;
	}
	struct brute x = { b, d.w, d.total, horses, false };
	for (int h = 0; h < horses; h++)
		cells[h] = b->start;
	fraction(brute(&x, cells, turns), pow64(d.total, turns), want, sizeof want);
	exact_str(&e, got, sizeof got);
	compared++;
	ended_games += x.ended;
	if (strcmp(got, want)) {
		tap_diag("%s, %d horses, --dice %s, %d turns: got %s, want %s", what, horses, dist,
			 turns, got, want);
		return false;
	}
	return true;
}

static void test_builtin(bool quick)
{
	long bad = 0, n = 0;
	for (int horses = 1; horses <= 4; horses++)
		for (size_t i = 0; i < NDISTS; i++)
			for (int turns = 1; turns <= (quick ? 2 : horses == 4 ? 4 : 5); turns++) {
				bad += !expect_agrees(yut_board_builtin(), horses, dists[i], turns,
						      "built-in board");
				n++;
			}
	is_int(bad, 0, "%ld games on the built-in board agree with the brute force", n);
}

static void test_random_boards(bool quick)
{
	struct yut_board *b = malloc(sizeof *b);
	struct bl_rng rng;
	struct bl_err err;
	long bad = 0, n = quick ? 60 : 600, invalid = 0;

	for (long i = 0; i < n; i++) {
		bl_rng_init_stream(&rng, 4, (uint64_t)i);
		random_board(b, &rng);
		bl_err_clear(&err);
		if (yut_board_check(b, &err) != BL_OK) {
			tap_diag("random board %ld: %s", i, err.msg);
			invalid++;
			continue;
		}
		int horses = (int)bl_rng_range(&rng, 1, 3);
		int turns = (int)bl_rng_range(&rng, 1, horses == 3 ? 4 : 6);
		const char *dist = dists[bl_rng_below(&rng, NDISTS)];
		char what[64];
		snprintf(what, sizeof what, "random board %ld (seed 4)", i);
		bad += !expect_agrees(b, horses, dist, turns, what);
	}
	is_int(invalid, 0, "the random boards are valid");
	is_int(bad, 0, "%ld games on random boards agree with the brute force", n);
	ok(ended_games >= (quick ? 5 : 50), "%ld games where a roll left no move (want %d)",
	   ended_games, quick ? 5 : 50);
	free(b);
}

/* Every move of yut_advise against points + the brute force after it. */
static void test_advise(bool quick)
{
	struct yut_board *b = malloc(sizeof *b);
	struct bl_rng rng;
	struct bl_err err;
	long bad = 0, n = quick ? 150 : 400, moves = 0, none = 0;

	for (long i = 0; i < n; i++) {
		struct yut_dist d;
		struct yut_game g;
		struct yut_advice a;
		int cells[YUT_MAX_HORSES];
		bl_rng_init_stream(&rng, 5, (uint64_t)i);
		if (i % 2)
			random_board(b, &rng);
		else
			*b = *yut_board_builtin();
		int horses = (int)bl_rng_range(&rng, 1, 3);
		/* A position: distinct cells, or start and end shared. */
		for (int h = 0; h < horses; h++) {
			int c;
			bool taken;
			do {
				c = (int)bl_rng_below(&rng, (uint64_t)b->ncells);
				taken = false;
				for (int j = 0; j < h; j++)
					taken |= cells[j] == c && c != b->start && c != b->end;
			} while (taken);
			cells[h] = c;
		}
		int left = (int)bl_rng_range(&rng, 1, 4), roll = (int)bl_rng_range(&rng, 1, 5);
		int64_t score = (int64_t)bl_rng_below(&rng, 100);
		yut_dist_parse(&d, dists[bl_rng_below(&rng, NDISTS)], NULL);
		yut_game_init(&g, b);
		g.horses = horses;
		bl_err_clear(&err);
		if (yut_advise(&g, &d, cells, score, left, roll, &a, &err) != BL_OK) {
			tap_diag("advise %ld: %s", i, err.msg);
			bad++;
			continue;
		}
		struct brute x = { b, d.w, d.total, horses, false };
		int legal = 0;
		for (int h = 0; h < horses; h++) {
			if (cells[h] == b->end)
				continue;
			int to = land(b, cells[h], roll), taken = 0;
			for (int j = 0; j < horses; j++)
				taken |= j != h && to != b->end && cells[j] == to;
			legal += !taken;
		}
		if (legal != a.nmoves) {
			tap_diag("advise %ld: %d moves, want %d", i, a.nmoves, legal);
			bad++;
		}
		none += a.nmoves == 0;
		for (int k = 0; k < a.nmoves; k++) {
			const struct yut_advice_move *m = &a.moves[k];
			int next[YUT_MAX_HORSES];
			char got[128], want[128];
			memcpy(next, cells, sizeof next);
			next[m->horse] = m->to;
			int64_t den = pow64(d.total, left - 1);
			int64_t num = (score + m->points) * den + brute(&x, next, left - 1);
			fraction(num, den, want, sizeof want);
			exact_str(&m->total, got, sizeof got);
			if (strcmp(got, want) || m->to != land(b, cells[m->horse], roll)) {
				tap_diag("advise %ld, horse %d: got %s, want %s", i, m->horse + 1,
					 got, want);
				bad++;
			}
			if (k > 0) {
				const struct yut_advice_move *p = &a.moves[k - 1];
				if (p->total.value < m->total.value ||
				    (p->total.value == m->total.value && p->horse > m->horse)) {
					tap_diag("advise %ld: moves not best first", i);
					bad++;
				}
				ties_seen += p->total.value == m->total.value;
			}
			moves++;
		}
	}
	is_int(bad, 0, "%ld positions: every advised move's expected total is the brute force's",
	       n);
	ok(moves >= n, "%ld moves compared", moves);
	ok(none >= (quick ? 1 : 5), "%ld positions where no horse can move", none);
	ok(ties_seen >= (quick ? 2 : 20), "%ld ties, ordered by horse", ties_seen);
	free(b);
}

/* Double arithmetic against exact, and the expectation as the mean of the best advice. */
static void test_double_and_advice_mean(void)
{
	struct yut_dist d, dd;
	struct yut_game g;
	struct yut_expectation e, ed;
	struct yut_advice a;
	size_t states, states_d;
	int cells[4];

	yut_dist_parse(&d, "d5", NULL);
	dd = d;
	dd.total = 0;   /* only the probabilities: the double path */
	yut_game_init(&g, yut_board_builtin());
	is_int(yut_expect(&g, &d, 10, &e, &states, NULL), BL_OK, "d5, 10 turns");
	ok(e.exact, "  exact");
	is_str(e.num, "396703182", "  numerator");
	is_str(e.den, "1953125", "  denominator 5^9 (reduced from 5^10)");
	is_int(yut_expect(&g, &dd, 10, &ed, &states_d, NULL), BL_OK, "the same in doubles");
	ok(!ed.exact && fabs(ed.value - e.value) < 1e-9, "  agrees: %.12f and %.12f", ed.value,
	   e.value);
	is_int(states_d, states, "  over the same %zu states", states);

	double mean = 0;
	for (int h = 0; h < 4; h++)
		cells[h] = g.board->start;
	for (int roll = 1; roll <= 5; roll++) {
		yut_advise(&g, &d, cells, 0, 10, roll, &a, NULL);
		mean += a.moves[0].total.value / 5;
	}
	ok(fabs(mean - e.value) < 1e-9,
	   "the mean over rolls of the best advice is the expectation");

	/*
	 * Past 128 bits (5^56 > 2^128) the arithmetic is double.  One horse
	 * is on end after at most 22 moves, so 30 and 60 turns expect the same.
	 */
	g.horses = 1;
	is_int(yut_expect(&g, &d, 60, &ed, &states, NULL), BL_OK, "one horse, d5, 60 turns");
	is_int(yut_expect(&g, &d, 30, &e, &states, NULL), BL_OK, "  and 30 turns");
	ok(!ed.exact && e.exact && fabs(ed.value - e.value) < 1e-9,
	   "  60 in double, 30 exact (%s/%s), the same: %.12f", e.num, e.den, ed.value);
	g.horses = 4;
	yut_dist_parse(&d, "sticks:0.001", NULL);
	is_int(yut_expect(&g, &d, 3, &e, &states, NULL), BL_OK, "sticks:0.001, 3 turns");
	/* Nearly always mo: start -> 10, 10 => c30, start -> 10: 50. */
	ok(!e.exact && fabs(e.value - 50) < 0.2, "  in double (P's denominator is 1000): %f",
	   e.value);
}

static void dist_fault(const char *text, const char *want)
{
	struct yut_dist d;
	struct bl_err err;
	bl_err_clear(&err);
	ok(yut_dist_parse(&d, text, &err) == BL_ERR_ARG, "'%s' is refused", text);
	is_str(err.msg, want, "  with its message");
}

static void test_dist(void)
{
	struct yut_dist d;
	struct bl_rng rng;
	long count[YUT_DIE_MAX + 1] = { 0 };

	is_int(yut_dist_parse(&d, "sticks", NULL), BL_OK, "sticks");
	ok(d.total == 625 && d.w[1] == 96 && d.w[2] == 216 && d.w[3] == 216 && d.w[4] == 81 &&
		   d.w[5] == 16,
	   "  P 0.6: do 96, gae 216, geol 216, yut 81, mo 16 of 625");
	is_int(yut_dist_parse(&d, "2:4,4:6", NULL), BL_OK, "weights");
	ok(d.total == 5 && d.w[2] == 2 && d.w[4] == 3 && d.w[1] == 0, "  reduced: 2:2,4:3 of 5");
	bl_rng_init(&rng, 9);
	for (int i = 0; i < 50000; i++)
		count[yut_dist_draw(&d, &rng)]++;
	ok(count[1] == 0 && count[3] == 0 && count[5] == 0 && labs(count[2] - 20000) < 600 &&
		   labs(count[4] - 30000) < 600,
	   "  draws follow the weights: %ld and %ld of 50000", count[2], count[4]);
	yut_dist_parse(&d, "sticks:0.5", NULL);
	memset(count, 0, sizeof count);
	for (int i = 0; i < 16000; i++)
		count[yut_dist_draw(&d, &rng)]++;
	ok(labs(count[5] - 1000) < 150 && labs(count[2] - 6000) < 300,
	   "  sticks 0.5 draws: mo %ld of 16000 (want about 1000), gae %ld (6000)", count[5],
	   count[2]);

	/* The longest valid texts are kept whole. */
	static const char *const longest[] = {
		"5:1000000,4:1000000,3:1000000,2:1000000,1:1000000",
		"1:0000001,2:0000002,3:0000003,4:0000004,5:0000005",
		"sticks:0.500000",
	};
	for (int i = 0; i < 3; i++) {
		is_int(yut_dist_parse(&d, longest[i], NULL), BL_OK, "%s", longest[i]);
		is_str(d.text, longest[i], "  its text is kept whole");
	}
	ok(d.stick_num == 1 && d.stick_den == 2, "  sticks:0.500000 is 1/2");

	dist_fault("d6", "expected d5, sticks[:P] or weights like 1:4,2:6,5:1");
	dist_fault("6:1", "expected d5, sticks[:P] or weights like 1:4,2:6,5:1");
	dist_fault("1:2,1:3", "face 1 is weighted twice");
	dist_fault("1:0,2:0", "the weights are all 0");
	dist_fault("1:2000000", "expected a weight 0 to 1000000 for face 1, found '2000000'");
	dist_fault("1:2,", "expected d5, sticks[:P] or weights like 1:4,2:6,5:1");
	dist_fault("1:0000001,2:0000002,3:0000003,4:0000004,5:0000005,1:0000001,2:0000002",
		   "expected d5, sticks[:P] or weights like 1:4,2:6,5:1");
	dist_fault("sticks:1.5", "expected a probability 0 to 1 with at most 6 decimals after "
				 "'sticks:', found '1.5'");
	dist_fault("sticks:0.1234567",
		   "expected a probability 0 to 1 with at most 6 decimals after 'sticks:', found "
		   "'0.1234567'");
	dist_fault("sticks:", "expected a probability 0 to 1 with at most 6 decimals after "
			      "'sticks:', found ''");
}

static void test_api_errors(void)
{
	struct yut_dist d;
	struct yut_game g;
	struct yut_expectation e;
	struct yut_advice a;
	struct bl_err err;
	size_t states;
	int cells[2];

	yut_dist_parse(&d, "d5", NULL);
	yut_game_init(&g, yut_board_builtin());
	bl_err_clear(&err);
	is_int(yut_expect(&g, &d, 0, &e, &states, &err), BL_ERR_ARG, "0 turns are refused");
	is_str(err.msg, "expected 1 to 10000 turns, found 0", "  with its message");
	g.max_states = 50;
	bl_err_clear(&err);
	is_int(yut_expect(&g, &d, 6, &e, &states, &err), BL_ERR_LIMIT, "the state limit holds");
	g.max_states = 0;
	g.horses = 2;
	cells[0] = cells[1] = yut_board_find(g.board, "10");
	bl_err_clear(&err);
	is_int(yut_advise(&g, &d, cells, 0, 3, 1, &a, &err), BL_ERR_ARG,
	       "two horses on one cell are refused");
	is_str(err.msg, "horses 1 and 2 are both on '10'", "  with its message");
	cells[1] = g.board->end;
	bl_err_clear(&err);
	is_int(yut_advise(&g, &d, cells, 0, 3, 6, &a, &err), BL_ERR_ARG, "a roll of 6 is refused");
	cells[0] = g.board->end;
	is_int(yut_advise(&g, &d, cells, 7, 3, 2, &a, NULL), BL_OK, "all horses on end");
	is_int(a.nmoves, 0, "  no move");
}

int main(void)
{
	bool quick = getenv("BL_TEST_QUICK") != NULL;

	test_dist();
	test_builtin(quick);
	test_random_boards(quick);
	test_advise(quick);
	test_double_and_advice_mean();
	test_api_errors();
	tap_diag("%ld expectations compared", compared);
	return tap_done();
}
