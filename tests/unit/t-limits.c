/*
 * The memory bounds of the library: bl_bytes_text, tower_bytes and
 * tower_limits.max_bytes (exact at the byte, buffers kept by a batch
 * counted), grundy_table_fit_in and grundy_set.max_bytes (the tables of a
 * set share it), yut_game.max_bytes (the search and the expectation refuse
 * to grow past it, and a bound they fit in changes no answer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

static void test_bytes_text(void)
{
	char b[BL_BYTES_TEXT_MAX];

	is_str(bl_bytes_text(0, b), "0 bytes", "0");
	is_str(bl_bytes_text(1023, b), "1023 bytes", "1023");
	is_str(bl_bytes_text(1024, b), "1 KiB", "1024");
	is_str(bl_bytes_text(1536, b), "1536 bytes", "1536 is not a whole KiB");
	is_str(bl_bytes_text(3u << 20, b), "3 MiB", "3 MiB");
	is_str(bl_bytes_text((3u << 20) + 1024, b), "3073 KiB", "3 MiB and 1 KiB");
	is_str(bl_bytes_text(1ull << 30, b), "1 GiB", "1 GiB");
	is_str(bl_bytes_text(1ull << 40, b), "1024 GiB", "GiB is the largest unit");
	is_str(bl_bytes_text(~0ull, b), "18446744073709551615 bytes", "the largest value fits");
	is_str(bl_bytes_text_up(1, b), "1 KiB", "up: 1 byte is 1 KiB");
	is_str(bl_bytes_text_up(1025, b), "2 KiB", "up: 1025 bytes");
	is_str(bl_bytes_text_up((1u << 20) + 1, b), "2 MiB", "up: 1 MiB and a byte");
	is_str(bl_bytes_text_up(1u << 20, b), "1 MiB", "up: a whole MiB stays");
}

/* An n x n white board with k pieces on the first cells, all moving right. */
static char *tower_text(int n, int k)
{
	size_t cap = (size_t)n * (size_t)n * 2 + (size_t)k * 24 + 32, len = 0;
	char *s = malloc(cap);

	if (!s)
		abort();
	len += (size_t)snprintf(s + len, cap - len, "%d %d\n", n, k);
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			len += (size_t)snprintf(s + len, cap - len, "0%c", c == n - 1 ? '\n' : ' ');
	for (int p = 0; p < k; p++)
		len += (size_t)snprintf(s + len, cap - len, "%d %d 1\n", p / n + 1, p % n + 1);
	return s;
}

static enum bl_code tower_try(struct tower *t, int n, int k, size_t max, struct bl_err *err)
{
	struct tower_limits lim;
	struct bl_reader rd;
	char *s = tower_text(n, k);

	tower_limits_any(&lim);
	lim.max_bytes = max;
	bl_reader_init(&rd, s, strlen(s));
	bl_err_clear(err);
	enum bl_code code = tower_parse(t, &rd, &lim, err);
	free(s);
	return code;
}

static void test_tower(void)
{
	struct tower t;
	struct tower_limits lim;
	struct bl_err err;
	size_t b = tower_bytes(5, 4);

	tower_limits_any(&lim);
	is_int(lim.max_bytes, 0, "tower_limits_any sets no memory bound");
	tower_limits_boj(&lim);
	is_int(lim.max_bytes, 0, "tower_limits_boj sets no memory bound");
	ok(tower_bytes(5, 5) > b && tower_bytes(6, 4) > b, "tower_bytes grows with n and k");
	ok(tower_bytes(TOWER_N_MAX, TOWER_K_MAX) == 310101592,
	   "at the tool's limits, 310,101,592 bytes, 295.7 MiB (%zu)",
	   tower_bytes(TOWER_N_MAX, TOWER_K_MAX));
	ok(tower_bytes(4096, 9) == 222102384,
	   "a 4096x4096 board with 9 pieces: 222,102,384 bytes, 211.8 MiB (%zu)",
	   tower_bytes(4096, 9));

	tower_init(&t);
	is_int(tower_try(&t, 5, 4, b, &err), BL_OK, "a tower exactly at its bound parses");
	tower_release(&t);
	tower_init(&t);
	is_int(tower_try(&t, 5, 4, b - 1, &err), BL_ERR_LIMIT, "a byte less is refused");
	ok(err.line == 1 && err.col == 1, "at the board size");
	ok(strstr(err.msg, "a 5x5 board with 4 pieces needs up to ") == err.msg &&
		   strstr(err.msg, " allowed"),
	   "the message names the board and both sizes: %s", err.msg);
	is_int(t.n, 0, "the refused tower is empty");
	tower_release(&t);

	/*
	 * A batch keeps its buffers: after a 64x64 board with one piece, an
	 * 8x8 board with 64 pieces would hold 64x64 cells and 65 pieces.
	 */
	size_t max = tower_bytes(64, 1);
	ok(tower_bytes(8, 64) <= max, "8x8 with 64 pieces alone fits the bound of 64x64 with 1");
	tower_init(&t);
	is_int(tower_try(&t, 64, 1, max, &err), BL_OK, "the 64x64 board first");
	is_int(tower_try(&t, 8, 64, max, &err), BL_ERR_LIMIT,
	       "then the 8x8 board is refused: the kept cells count");
	tower_release(&t);
	tower_init(&t);
	is_int(tower_try(&t, 8, 64, max, &err), BL_OK, "the 8x8 board in a fresh tower fits");
	tower_release(&t);
	tower_init(&t);
	is_int(tower_try(&t, 64, 1, 0, &err), BL_OK, "max_bytes 0: no bound");
	tower_release(&t);
}

static void test_grundy(void)
{
	const struct grundy_piece *rook = grundy_builtin(GRUNDY_ROOK);
	struct grundy_set s;
	struct bl_err err;
	uint64_t v;
	char want[200], b[BL_BYTES_TEXT_MAX];

	for (int m = 1; m <= 4096; m *= 4) {
		size_t need = grundy_table_bytes(rook, m);
		is_int(grundy_table_fit_in(rook, need), m, "rook: %zu bytes fit %d x %d", need, m, m);
		is_int(grundy_table_fit_in(rook, need - 1), m - 1, "rook: a byte less fits %d x %d",
		       m - 1, m - 1);
	}
	is_int(grundy_table_fit_in(rook, 0), 0, "nothing fits in 0 bytes");
	is_int(grundy_table_fit_in(rook, SIZE_MAX), grundy_table_fit(rook),
	       "GRUNDY_TABLE_BYTES_MAX bounds any budget");

	grundy_set_init(&s);
	is_int(s.max_bytes, 0, "a new set has no budget of its own");
	static const char rules[] = "Q = leap(1,2) + ride(1,1)\nZ = leap(2,1) + ride(0,1)";
	ok(grundy_set_parse(&s, rules, sizeof rules - 1, &err) == BL_OK, "two custom pieces");
	int q = grundy_set_find(&s, 'Q'), z = grundy_set_find(&s, 'Z');
	s.max_bytes = grundy_table_bytes(&s.piece[q], 512);
	bl_err_clear(&err);
	is_int(grundy_set_value(&s, q, 300, 2, &v, &err), BL_OK, "Q at x = 300: a 512 table fits");
	is_int(s.table[q]->size, 512, "the table grew to 512");
	bl_err_clear(&err);
	is_int(grundy_set_value(&s, q, 600, 2, &v, &err), BL_ERR_LIMIT, "Q at x = 600 does not");
	snprintf(want, sizeof want,
		 "piece 'Q' has no closed form and x = 600 is beyond the largest table that fits "
		 "in %s, 512 x 512",
		 bl_bytes_text(s.max_bytes, b));
	is_str(err.msg, want, "the message names the budget");
	bl_err_clear(&err);
	is_int(grundy_set_value(&s, z, 10, 2, &v, &err), BL_ERR_LIMIT,
	       "Z finds the budget taken by Q's table");
	s.max_bytes += grundy_table_bytes(&s.piece[z], 256);
	bl_err_clear(&err);
	is_int(grundy_set_value(&s, z, 10, 2, &v, &err), BL_OK, "and fits beside it once it grows");
	grundy_set_release(&s);
}

static void test_yut(void)
{
	static const int dice[] = { 5, 1, 2, 3, 4, 5, 5, 3, 2, 4, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5 };
	struct yut_game g;
	struct yut_result res;
	struct yut_dist d;
	struct yut_expectation e;
	struct bl_err err;
	size_t states;
	int64_t total;

	yut_game_init(&g, yut_board_builtin());
	is_int(g.max_bytes, 0, "a new game has no memory bound");
	g.horses = 5;
	yut_result_init(&res);
	/* Quick runs (valgrind) search 14 dice instead of 20. */
	size_t ndice = getenv("BL_TEST_QUICK") ? 14 : sizeof dice / sizeof dice[0];
	ok(yut_game_set_dice(&g, dice, ndice, NULL) == BL_OK, "%zu dice", ndice);
	ok(yut_solve(&g, &res, &err) == BL_OK, "unbounded, the search succeeds");
	total = res.total;
	/* The least bound that works, found by halving: every larger one gives the same total. */
	size_t lo = 1, hi = (size_t)1 << 30;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		g.max_bytes = mid;
		bl_err_clear(&err);
		if (yut_solve(&g, &res, &err) == BL_OK)
			hi = mid;
		else
			lo = mid + 1;
	}
	g.max_bytes = lo;
	ok(yut_solve(&g, &res, &err) == BL_OK && res.total == total,
	   "at the least bound, the same total");
	tap_diag("the search of %zu dice and 5 horses fits in %zu bytes (%zu states)", ndice, lo,
		 res.states);
	g.max_bytes = lo - 1;
	bl_err_clear(&err);
	is_int(yut_solve(&g, &res, &err), BL_ERR_LIMIT, "a byte less is BL_ERR_LIMIT");
	ok(strstr(err.msg, "the search needs more memory than the ") == err.msg,
	   "with its message: %s", err.msg);
	g.max_bytes = lo;
	ok(yut_plan(&g, &res, &err) != BL_OK, "the plan needs more than the total alone");
	g.max_bytes = 0;

	ok(yut_dist_parse(&d, "d5", &err) == BL_OK, "d5");
	g.horses = 4;
	g.max_bytes = 1 << 20;
	bl_err_clear(&err);
	is_int(yut_expect(&g, &d, 10, &e, &states, &err), BL_ERR_LIMIT,
	       "the expectation of 10 rolls does not fit in 1 MiB");
	is_str(err.msg, "the search needs more memory than the 1 MiB allowed (8192 states so far)",
	       "with its message");
	g.max_bytes = 8 << 20;
	bl_err_clear(&err);
	is_int(yut_expect(&g, &d, 10, &e, &states, &err), BL_OK, "it fits in 8 MiB");
	is_str(e.num, "396703182", "with the expectation of the unbounded search");
	yut_result_release(&res);
	yut_game_release(&g);
}

int main(void)
{
	test_bytes_text();
	test_tower();
	test_grundy();
	test_yut();
	return tap_done();
}
