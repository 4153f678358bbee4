/*
 * Unit tests of grundy's pieces as data: the rule language (the built-ins
 * are defined in it, every diagnostic with its column), piece sets and
 * their files, custom pieces' tables against a naive mex, the bitset table
 * engine against a plain one, the closed forms verified up to 1024 and
 * beyond, and a closed form that is wrong caught with its first cells.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

static bool same_moves(const struct grundy_piece *a, const struct grundy_piece *b)
{
	if (a->nmoves != b->nmoves)
		return false;
	for (int i = 0; i < a->nmoves; i++)
		if (a->moves[i].step != b->moves[i].step || a->moves[i].dx != b->moves[i].dx ||
		    a->moves[i].dy != b->moves[i].dy)
			return false;
	return true;
}

static void test_builtin_rules(void)
{
	struct bl_buf b;

	bl_buf_init(&b);
	for (int id = 0; id < GRUNDY_NPIECES; id++) {
		const struct grundy_piece *bp = grundy_builtin((enum grundy_piece_id)id);
		const char *rule = grundy_builtin_rule((enum grundy_piece_id)id);
		struct grundy_piece p;
		bool parsed = grundy_rule_parse(rule, strlen(rule), &p, NULL) == BL_OK;
		ok(parsed && p.letter == bp->letter && same_moves(&p, bp) && p.closed == NULL,
		   "built-in %c is its rule '%s'", bp->letter, rule);
		bl_buf_reset(&b);
		grundy_rule_format(bp, &b);
		is_str(b.data, rule, "and prints as it");
		is_int(grundy_piece_like(bp), id, "a built-in is like itself");
	}
	bl_buf_release(&b);
}

struct rule_case {
	const char *rule;
	int col;
	const char *msg;   /* NULL: valid */
};

static const struct rule_case rule_cases[] = {
	{ "Q=ride(1,0)+ride(0,1)+ride(1,1)", 0, NULL },
	{ "  Z =\tleap( 3 , 0 )  +ride(0,1) ", 0, NULL },
	{ "A = leap(1024,1024)", 0, NULL },
	{ "", 1, "expected a piece letter A to Z, found end of rule" },
	{ "   ", 4, "expected a piece letter A to Z, found end of rule" },
	{ "q = leap(1,0)", 1, "expected a piece letter A to Z, found 'q'" },
	{ "QQ = leap(1,0)", 1, "expected a piece letter A to Z, found 'QQ'" },
	{ "1 = leap(1,0)", 1, "expected a piece letter A to Z, found '1'" },
	{ "Q leap(1,0)", 3, "expected '=' after the piece letter, found 'leap'" },
	{ "Q", 2, "expected '=' after the piece letter, found end of rule" },
	{ "Q =", 4, "expected a move leap(a,b) or ride(a,b), found end of rule" },
	{ "Q = jump(1,0)", 5, "expected a move leap(a,b) or ride(a,b), found 'jump'" },
	{ "Q = leaps(1,0)", 5, "expected a move leap(a,b) or ride(a,b), found 'leaps'" },
	{ "Q = leap 1,0)", 10, "expected '(', found '1'" },
	{ "Q = leap(", 10, "expected a step from 0 to 1024, found end of rule" },
	{ "Q = leap(-1,0)", 10, "expected a step from 0 to 1024, found '-1'" },
	{ "Q = leap(1025,0)", 10, "expected a step from 0 to 1024, found '1025'" },
	{ "Q = leap(99999999999999999999,0)", 10,
	  "expected a step from 0 to 1024, found '99999999999999999999'" },
	{ "Q = leap(1x,0)", 10, "expected a step from 0 to 1024, found '1x'" },
	{ "Q = leap(1 0)", 12, "expected ',', found '0'" },
	{ "Q = leap(1,)", 12, "expected a step from 0 to 1024, found ')'" },
	{ "Q = leap(1,0", 13, "expected ')', found end of rule" },
	{ "Q = leap(1,0]", 13, "expected ')', found ']'" },
	{ "Q = leap(0,0)", 5, "leap(0,0) does not move: a step must not be (0,0)" },
	{ "Q = leap(1,0) + ride(0, 0)", 17, "ride(0,0) does not move: a step must not be (0,0)" },
	{ "Q = leap(1,0) leap(0,1)", 15, "expected '+' or the end of the rule, found 'leap'" },
	{ "Q = leap(1,0) +", 16, "expected a move leap(a,b) or ride(a,b), found end of rule" },
	{ "Q = leap(1,0) + + leap(0,1)", 17, "expected a move leap(a,b) or ride(a,b), found '+'" },
	{ "Q =\tride(1,x)", 16, "expected a step from 0 to 1024, found 'x'" },
	{ "\tQ = leap(1,0) +\t", 25, "expected a move leap(a,b) or ride(a,b), found end of rule" },
	{ "Q = leap(1,0)\xc3\xa9", 14, "expected '+' or the end of the rule, found '\xc3\xa9'" },
	{ "Q = leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)"
	  "+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)+leap(1,0)"
	  "+leap(2,0)",
	  165, "expected at most 16 moves, found a 17th" },
};

static void test_rule_diagnostics(void)
{
	for (size_t i = 0; i < sizeof rule_cases / sizeof rule_cases[0]; i++) {
		const struct rule_case *c = &rule_cases[i];
		struct grundy_piece p;
		struct bl_err err;
		enum bl_code code;

		bl_err_clear(&err);
		code = grundy_rule_parse(c->rule, strlen(c->rule), &p, &err);
		if (!c->msg) {
			ok(code == BL_OK && grundy_piece_check(&p, NULL) == BL_OK,
			   "rule %zu parses: %s", i + 1, c->rule);
			continue;
		}
		bool pass = code == BL_ERR_INPUT && err.line == 1 && err.col == c->col &&
			    strcmp(err.msg, c->msg) == 0;
		if (!ok(pass, "rule %zu: column %d: %s", i + 1, c->col, c->msg))
			tap_diag("got %d at %d:%d: %s", (int)code, err.line, err.col, err.msg);
	}
	struct grundy_piece p;
	const char *r = "Z =\tleap( 3 , 0 )  +ride(0,1)";
	ok(grundy_rule_parse(r, strlen(r), &p, NULL) == BL_OK && p.letter == 'Z' &&
		   p.nmoves == 2 && p.moves[0].step == GRUNDY_LEAP && p.moves[0].dx == 3 &&
		   p.moves[0].dy == 0 && p.moves[1].step == GRUNDY_RIDE && p.moves[1].dy == 1,
	   "spaces and tabs between tokens: Z = leap(3,0) + ride(0,1)");
}

static void test_sets(void)
{
	struct grundy_set s;
	struct bl_err err;
	const char *file = "# my pieces\n"
			   "Q = ride(1,0) + ride(0,1) + ride(1,1)   # the queen\n"
			   "\n"
			   "A = ride(0,1) + ride(1,0); W = leap(1,0) + leap(0,1)\n";

	grundy_set_init(&s);
	is_int(s.n, 5, "a new set holds the five built-ins");
	is_str(s.letters, "R, B, K, N or P", "listed as the diagnostics list them");
	is_int(grundy_set_parse(&s, file, strlen(file), NULL), BL_OK, "a piece file with comments");
	is_int(s.n, 8, "adds three pieces");
	is_str(s.letters, "R, B, K, N, P, Q, A or W", "which the letter list names");
	ok(grundy_set_find(&s, 'Q') == 5 && grundy_set_find(&s, 'W') == 7 &&
		   grundy_set_find(&s, 'X') < 0 && grundy_set_find(&s, 'q') < 0,
	   "pieces are found by their letter");
	ok(s.piece[5].closed == NULL, "the queen has no closed form");
	ok(s.piece[6].closed == grundy_builtin(GRUNDY_ROOK)->closed,
	   "A has the rook's moves, so its closed form");
	is_int(grundy_piece_like(&s.piece[7]), -1, "W is like no built-in");

	uint64_t v = 99;
	is_int(grundy_set_value(&s, 5, 1, 2, &v, NULL), BL_OK, "the queen at (1, 2)");
	is_int(v, 0, "is a Wythoff P-position: 0");
	ok(s.table[5] && s.table[5]->size == 256, "from a table of 256");
	is_int(grundy_set_value(&s, 5, 1000, 3, &v, NULL), BL_OK, "the queen at (1000, 3)");
	ok(s.table[5]->size == 1024, "grows the table by doubling (%d)", s.table[5]->size);
	bl_err_clear(&err);
	is_int(grundy_set_value(&s, 5, 3, 100000, &v, &err), BL_ERR_LIMIT,
	       "a coordinate beyond the largest table is refused");
	is_str(err.msg,
	       "piece 'Q' has no closed form and y = 100000 is beyond the largest table that "
	       "fits, 13970 x 13970",
	       "naming the coordinate and the table");

	bl_err_clear(&err);
	is_int(grundy_set_parse(&s, "R = leap(1,0)", 13, &err), BL_ERR_INPUT,
	       "a built-in letter cannot be redefined");
	is_str(err.msg, "piece 'R' is already defined: R = ride(1,0) + ride(0,1)", "and said so");
	ok(err.line == 1 && err.col == 1, "at the letter");
	bl_err_clear(&err);
	is_int(grundy_set_parse(&s, "\n# x\nE = leap(1,1); F = leap(1,0) + jump(2,2)", 41, &err),
	       BL_ERR_INPUT, "a bad rule in the middle of a file");
	ok(err.line == 3 && err.col == 32 &&
		   strcmp(err.msg, "expected a move leap(a,b) or ride(a,b), found 'jump'") == 0,
	   "at its line and column: %d:%d %s", err.line, err.col, err.msg);
	ok(grundy_set_find(&s, 'E') >= 0, "the rules before it are added");
	bl_err_clear(&err);
	is_int(grundy_set_parse(&s, "G = leap(2,2)\n\tH = ride(1,x)", 28, &err), BL_ERR_INPUT,
	       "a bad rule after a tab");
	ok(err.line == 2 && err.col == 20, "at its display column, the tab to column 9: %d:%d",
	   err.line, err.col);
	bl_err_clear(&err);
	is_int(grundy_set_parse(&s, "I = leap(3,3);\tG = leap(1,1)", 28, &err), BL_ERR_INPUT,
	       "a taken letter after a tab");
	ok(err.line == 1 && err.col == 17, "at the letter's display column: %d:%d", err.line,
	   err.col);
	grundy_set_release(&s);
	grundy_set_release(&s);
	grundy_set_release(NULL);
	ok(1, "release twice and release NULL are harmless");
}

/* A plain engine: every option listed, a stamp per cell, O(m^2) per cell for rides. */
static uint32_t *plain_table(const struct grundy_piece *p, int m)
{
	uint32_t *g = malloc((size_t)m * (size_t)m * sizeof *g);
	uint32_t *seen = calloc((size_t)(p->nmoves * m + 2), sizeof *seen);
	uint32_t stamp = 0;

	for (int x = 0; x < m; x++)
		for (int y = 0; y < m; y++) {
			uint32_t v = 0;
			stamp++;
			for (int i = 0; i < p->nmoves; i++) {
				const struct grundy_move *mv = &p->moves[i];
				for (int k = 1; x - k * mv->dx >= 0 && y - k * mv->dy >= 0; k++) {
					seen[g[(x - k * mv->dx) * m + (y - k * mv->dy)]] = stamp;
					if (mv->step == GRUNDY_LEAP)
						break;
				}
			}
			while (seen[v] == stamp)
				v++;
			g[x * m + y] = v;
		}
	free(seen);
	return g;
}

/* Random pieces: 1 to 5 moves, steps 0 to 4, as a user might write them. */
static void test_random_pieces(bool quick)
{
	int n = quick ? 60 : 400, bad_pieces = 0, rides = 0, mixed = 0;
	long cells = 0;

	for (int i = 0; i < n; i++) {
		struct bl_rng rng;
		struct grundy_piece p = { 'Z', "random", 0, { { GRUNDY_LEAP, 0, 0 } }, NULL };
		struct grundy_table t;
		int m = 48, nr = 0;

		bl_rng_init_stream(&rng, 5, (uint64_t)i);
		p.nmoves = (int)bl_rng_range(&rng, 1, 5);
		for (int k = 0; k < p.nmoves; k++) {
			struct grundy_move *mv = &p.moves[k];
			mv->step = bl_rng_below(&rng, 2) ? GRUNDY_RIDE : GRUNDY_LEAP;
			do {
				mv->dx = (int)bl_rng_range(&rng, 0, 4);
				mv->dy = (int)bl_rng_range(&rng, 0, 4);
			} while (mv->dx == 0 && mv->dy == 0);
			nr += mv->step == GRUNDY_RIDE;
		}
		rides += nr > 0;
		mixed += nr > 0 && nr < p.nmoves;
		grundy_table_init(&t);
		uint32_t *g = plain_table(&p, m);
		if (grundy_table_build(&t, &p, m, NULL) != BL_OK || !g) {
			bad_pieces++;
		} else {
			long bad = 0;
			for (int x = 0; x < m; x++)
				for (int y = 0; y < m; y++)
					bad += grundy_table_at(&t, x, y) != g[x * m + y];
			cells += (long)m * m;
			if (bad && bad_pieces++ < 3) {
				struct bl_buf b;
				bl_buf_init(&b);
				grundy_rule_format(&p, &b);
				tap_diag("piece %d: %s: %ld cells differ", i, b.data, bad);
				bl_buf_release(&b);
			}
		}
		free(g);
		grundy_table_release(&t);
	}
	is_int(bad_pieces, 0, "%d random pieces: the bitset table = a plain mex (%ld cells)", n,
	       cells);
	ok(rides >= n / 2 && mixed >= n / 4, "pieces with rides (%d) and with rides and leaps (%d)",
	   rides, mixed);
}

/*
 * The built-ins' closed forms on every cell up to 1024, and rook and palace
 * up to 2048 (1024 in quick runs).
 */
static void test_verify_builtins(bool quick)
{
	struct grundy_mismatch bad[4];

	for (int id = 0; id < GRUNDY_NPIECES; id++) {
		const struct grundy_piece *p = grundy_builtin((enum grundy_piece_id)id);
		int m = !quick && (id == GRUNDY_ROOK || id == GRUNDY_PALACE) ? 2048 : 1024;
		struct grundy_table t;
		grundy_table_init(&t);
		if (!is_int(grundy_table_build(&t, p, m, NULL), BL_OK, "%s table %d", p->name, m))
			continue;
		is_int(grundy_verify(p->closed, &t, bad, 4), 0,
		       "%s: closed form = table on all %d x %d cells, edges included", p->name, m, m);
		grundy_table_release(&t);
	}
}

/* The palace's closed form with the write-up's slip: "+ 3 (x xor y)" without the blocks. */
static uint64_t wrong_palace(uint64_t x, uint64_t y)
{
	return (x + y) % 3 + 3 * (x ^ y);
}

static void test_verify_mismatch(void)
{
	struct grundy_table t;
	struct grundy_mismatch bad[3];
	int64_t n;

	grundy_table_init(&t);
	if (!is_int(grundy_table_build(&t, grundy_builtin(GRUNDY_PALACE), 64, NULL), BL_OK,
		    "palace table 64"))
		return;
	n = grundy_verify(wrong_palace, &t, bad, 3);
	ok(n > 1000, "a wrong closed form disagrees on many cells (%lld)", (long long)n);
	ok(bad[0].x == 0 && bad[0].y == 1 && bad[0].closed == 4 && bad[0].table == 1,
	   "the first is on the edge x = 0: (0, 1), closed form 4, table 1");
	ok(bad[1].x == 0 && bad[1].y == 2 && bad[2].x == 0 && bad[2].y == 3,
	   "then (0, 2) and (0, 3), x-major");

	/* The report verify prints for it (no CLI piece has a wrong closed form). */
	struct bl_buf out;
	char want[512];
	bl_buf_init(&out);
	grundy_verify_report(grundy_builtin(GRUNDY_PALACE), "WRONG", 64, n, bad, 2, false, &out);
	snprintf(want, sizeof want,
		 "P (palace): the closed form WRONG disagrees with the brute-force table on %lld "
		 "of 4096 cells 0 <= x, y < 64\n"
		 "  (0, 1): closed form 4, table 1\n"
		 "  (0, 2): closed form 8, table 2\n",
		 (long long)n);
	is_str(out.data, want, "the text report: the count, then the first 2 cells");
	bl_buf_reset(&out);
	grundy_verify_report(grundy_builtin(GRUNDY_PALACE), "a \"wrong\" one", 64, n, bad, 3, true,
			     &out);
	snprintf(want, sizeof want,
		 "{\"piece\":\"P\",\"closed\":\"a \\\"wrong\\\" one\",\"size\":64,\"cells\":4096,"
		 "\"mismatches\":%lld,\"first\":[{\"x\":0,\"y\":1,\"closed\":4,\"table\":1},"
		 "{\"x\":0,\"y\":2,\"closed\":8,\"table\":2},{\"x\":0,\"y\":3,\"closed\":9,"
		 "\"table\":3}]}\n",
		 (long long)n);
	is_str(out.data, want, "the JSON report: the count, the first 3 cells, the words escaped");
	bl_buf_reset(&out);
	grundy_verify_report(grundy_builtin(GRUNDY_PALACE), "WRONG", 64, n, bad, 0, false, &out);
	ok(strchr(out.data, '\n') == out.data + out.len - 1, "--show 0: the count line only");
	bl_buf_release(&out);
	grundy_table_release(&t);
}

static void test_table_bytes(void)
{
	const struct grundy_piece *rook = grundy_builtin(GRUNDY_ROOK);

	ok(grundy_table_bytes(rook, 8192) < GRUNDY_TABLE_BYTES_MAX,
	   "an 8192 x 8192 rook table fits (%zu MiB)", grundy_table_bytes(rook, 8192) >> 20);
	ok(grundy_table_bytes(rook, 16384) > GRUNDY_TABLE_BYTES_MAX, "a 16384 one does not");
	is_int(grundy_table_fit(rook), 15445, "the largest rook table that fits");
	ok(grundy_table_bytes(rook, GRUNDY_TABLE_MAX) >= (size_t)1 << 34,
	   "the estimate does not wrap at the largest size");
}

int main(void)
{
	const char *q = getenv("BL_TEST_QUICK");
	bool quick = q && *q && strcmp(q, "0") != 0;

	test_builtin_rules();
	test_rule_diagnostics();
	test_sets();
	test_random_pieces(quick);
	test_verify_builtins(quick);
	test_verify_mismatch();
	test_table_bytes();
	return tap_done();
}
