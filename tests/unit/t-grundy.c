/*
 * Unit tests of lib/grundy: the pieces as data, the closed forms against
 * brute-force tables (the library's and the reference's), known values from
 * the write-up and from the theory (Wythoff's queen), large coordinates,
 * the reader's every diagnostic with its position, and the samples.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "grundy_impl.h"
#include "ref/grundy_ref.h"
#include "tap.h"

static const char *const letters = "RBKNP";

static void test_pieces(void)
{
	for (int id = 0; id < GRUNDY_NPIECES; id++) {
		const struct grundy_piece *p = grundy_builtin((enum grundy_piece_id)id);
		ok(p->letter == letters[id] && grundy_piece_by_letter(p->letter) == id &&
			   grundy_piece_check(p, NULL) == BL_OK && p->closed != NULL,
		   "built-in %c (%s) is well formed and found by its letter", letters[id], p->name);
	}
	is_int(grundy_piece_by_letter('Q'), -1, "no piece Q");
	is_int(grundy_piece_by_letter('r'), -1, "letters are upper case");
	is_int(grundy_piece_by_letter('\0'), -1, "no piece NUL");

	/* The write-up's move lists, as data. */
	const struct grundy_piece *pal = grundy_builtin(GRUNDY_PALACE);
	ok(pal->nmoves == 3 && pal->moves[2].step == GRUNDY_LEAP && pal->moves[2].dx == 1 &&
		   pal->moves[2].dy == 1,
	   "the palace's diagonal is one leap (1, 1)");
	const struct grundy_piece *kn = grundy_builtin(GRUNDY_KNIGHT);
	ok(kn->nmoves == 2 && kn->moves[0].step == GRUNDY_LEAP && kn->moves[0].dx == 1 &&
		   kn->moves[0].dy == 2 && kn->moves[1].dx == 2 && kn->moves[1].dy == 1,
	   "the knight leaps (1, 2) and (2, 1)");

	struct grundy_piece bad = *grundy_builtin(GRUNDY_ROOK);
	struct bl_err err;
	bad.moves[1].dx = 0;
	bad.moves[1].dy = 0;
	bl_err_clear(&err);
	is_int(grundy_piece_check(&bad, &err), BL_ERR_ARG, "a (0, 0) move is refused");
	is_str(err.msg, "piece 'R' move 2 is (0, 0), expected steps from 0 to 1024, not both 0",
	       "and said so");
	bad.moves[1].dx = -1;
	is_int(grundy_piece_check(&bad, NULL), BL_ERR_ARG, "a move away from the corner is refused");
	bad.nmoves = 0;
	bl_err_clear(&err);
	is_int(grundy_piece_check(&bad, &err), BL_ERR_ARG, "a piece without moves is refused");
	is_str(err.msg, "piece 'R' has 0 moves, expected 1 to 16", "and said so");
}

/* Whether p reaches (tx, ty) from (fx, fy), by walking every move step by step. */
static bool walk_reaches(const struct grundy_piece *p, int fx, int fy, int tx, int ty)
{
	for (int i = 0; i < p->nmoves; i++) {
		int x = fx, y = fy;
		do {
			x -= p->moves[i].dx;
			y -= p->moves[i].dy;
			if (x == tx && y == ty && x >= 0 && y >= 0)
				return true;
		} while (p->moves[i].step == GRUNDY_RIDE && x >= 0 && y >= 0);
	}
	return false;
}

/* grundy_move_legal against a walk of the moves, on every pair of cells of a window. */
static void test_move_legal(void)
{
	struct grundy_piece q;
	const struct grundy_piece *pieces[GRUNDY_NPIECES + 1];
	int bad = 0, m = 9;
	for (int id = 0; id < GRUNDY_NPIECES; id++)
		pieces[id] = grundy_builtin((enum grundy_piece_id)id);
	static const char rule[] = "Q = ride(2,1) + leap(0,3) + ride(0,2)";

	is_int(grundy_rule_parse(rule, strlen(rule), &q, NULL), BL_OK,
	       "a custom piece of rides and leaps");
	pieces[GRUNDY_NPIECES] = &q;
	for (int k = 0; k <= GRUNDY_NPIECES; k++)
		for (int fx = 0; fx < m; fx++)
			for (int fy = 0; fy < m; fy++)
				for (int tx = 0; tx < m + 1; tx++)
					for (int ty = 0; ty < m + 1; ty++)
						bad += grundy_move_legal(pieces[k], (uint64_t)fx,
									 (uint64_t)fy, (uint64_t)tx,
									 (uint64_t)ty) !=
						       walk_reaches(pieces[k], fx, fy, tx, ty);
	is_int(bad, 0, "grundy_move_legal agrees with a walk of the moves on a 10 x 10 window");
	uint64_t big = (uint64_t)GRUNDY_COORD_MAX;
	ok(grundy_move_legal(pieces[GRUNDY_ROOK], big, 5, 0, 5) &&
		   grundy_move_legal(pieces[GRUNDY_BISHOP], big, big, 0, 0) &&
		   !grundy_move_legal(pieces[GRUNDY_BISHOP], big, big - 1, 0, 0) &&
		   grundy_move_legal(&q, big, 7, big - 2 * 3, 4) &&
		   !grundy_move_legal(&q, big, 7, big - 2 * 3, 3),
	   "rides over coordinates near 10^18");
	ok(!grundy_move_legal(pieces[GRUNDY_KING], 3, 3, 3, 3) &&
		   !grundy_move_legal(pieces[GRUNDY_KING], 3, 3, 4, 3),
	   "staying, and a move away from the corner, are not moves");
}

/* Closed form = the library's brute-force table on an m x m window. */
static void test_closed_vs_table(enum grundy_piece_id id, int m)
{
	struct grundy_table t;
	struct bl_err err;
	long bad = 0;
	int bx = -1, by = -1;

	grundy_table_init(&t);
	bl_err_clear(&err);
	if (!is_int(grundy_table_build(&t, grundy_builtin(id), m, &err), BL_OK, "%c table %d x %d",
		    letters[id], m, m)) {
		tap_diag("%s", err.msg);
		return;
	}
	for (int x = 0; x < m; x++)
		for (int y = 0; y < m; y++)
			if (grundy_closed(id, (uint64_t)x, (uint64_t)y) != grundy_table_at(&t, x, y)) {
				if (!bad++) {
					bx = x;
					by = y;
				}
			}
	if (!is_int(bad, 0, "%c: closed form = brute force on all %d x %d cells, edges included",
		    letters[id], m, m))
		tap_diag("first mismatch at (%d, %d): closed %llu, table %u", bx, by,
			 (unsigned long long)grundy_closed(id, (uint64_t)bx, (uint64_t)by),
			 grundy_table_at(&t, bx, by));
	grundy_table_release(&t);
}

/* The library's table builder against the reference's independent one. */
static void test_table_vs_ref(const struct grundy_ref *ref)
{
	for (int id = 0; id < GRUNDY_NPIECES; id++) {
		struct grundy_table t;
		long bad = 0;
		grundy_table_init(&t);
		if (grundy_table_build(&t, grundy_builtin((enum grundy_piece_id)id), GRUNDY_REF_W,
				       NULL) != BL_OK) {
			ok(0, "%c table", letters[id]);
			continue;
		}
		for (int x = 0; x < GRUNDY_REF_W; x++)
			for (int y = 0; y < GRUNDY_REF_W; y++)
				bad += (int)grundy_table_at(&t, x, y) !=
				       grundy_ref_table(ref, letters[id], x, y);
		is_int(bad, 0, "%c: table = the reference's brute force on %d x %d", letters[id],
		       GRUNDY_REF_W, GRUNDY_REF_W);
		grundy_table_release(&t);
	}
}

/* Rows x = 0..9 as the write-up prints them (its brute force uses the corrected palace). */
static const int palace_rows[10][10] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 },   { 1, 2, 0, 4, 5, 3, 7, 8, 6, 10 },
	{ 2, 0, 1, 5, 3, 4, 8, 6, 7, 11 },  { 3, 4, 5, 0, 1, 2, 9, 10, 11, 6 },
	{ 4, 5, 3, 1, 2, 0, 10, 11, 9, 7 }, { 5, 3, 4, 2, 0, 1, 11, 9, 10, 8 },
	{ 6, 7, 8, 9, 10, 11, 0, 1, 2, 3 }, { 7, 8, 6, 10, 11, 9, 1, 2, 0, 4 },
	{ 8, 6, 7, 11, 9, 10, 2, 0, 1, 5 }, { 9, 10, 11, 6, 7, 8, 3, 4, 5, 0 },
};
static const int knight_rows[10][10] = {
	{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, { 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 },
	{ 0, 1, 1, 1, 2, 2, 2, 2, 2, 2 }, { 0, 1, 1, 0, 0, 0, 0, 0, 0, 0 },
	{ 0, 1, 2, 0, 0, 1, 1, 1, 1, 1 }, { 0, 1, 2, 0, 1, 1, 1, 2, 2, 2 },
	{ 0, 1, 2, 0, 1, 1, 0, 0, 0, 0 }, { 0, 1, 2, 0, 1, 2, 0, 0, 1, 1 },
	{ 0, 1, 2, 0, 1, 2, 0, 1, 1, 1 }, { 0, 1, 2, 0, 1, 2, 0, 1, 1, 0 },
};
static const int king_rows[4][10] = {
	{ 0, 1, 0, 1, 0, 1, 0, 1, 0, 1 }, { 1, 2, 3, 2, 3, 2, 3, 2, 3, 2 },
	{ 0, 3, 0, 1, 0, 1, 0, 1, 0, 1 }, { 1, 2, 1, 2, 3, 2, 3, 2, 3, 2 },
};

static void test_known_values(void)
{
	long bad = 0;
	for (int x = 0; x < 10; x++)
		for (int y = 0; y < 10; y++) {
			bad += grundy_closed(GRUNDY_PALACE, (uint64_t)x, (uint64_t)y) !=
			       (uint64_t)palace_rows[x][y];
			bad += grundy_closed(GRUNDY_KNIGHT, (uint64_t)x, (uint64_t)y) !=
			       (uint64_t)knight_rows[x][y];
			if (x < 4)
				bad += grundy_closed(GRUNDY_KING, (uint64_t)x, (uint64_t)y) !=
				       (uint64_t)king_rows[x][y];
		}
	is_int(bad, 0, "palace, knight and king match the write-up's printed tables");
	/* With the write-up's slip (diagonal only from x, y > 1) (1, 1) would be 0. */
	is_int(grundy_closed(GRUNDY_PALACE, 1, 1), 2, "palace (1, 1) can step to (0, 0): 2");

	const uint64_t E18 = UINT64_C(1000000000000000000);
	is_int(grundy_closed(GRUNDY_ROOK, E18, 0), (long long)E18, "rook (10^18, 0)");
	is_int(grundy_closed(GRUNDY_ROOK, E18, E18 - 1), (long long)(E18 ^ (E18 - 1)),
	       "rook (10^18, 10^18 - 1)");
	is_int(grundy_closed(GRUNDY_BISHOP, E18, E18 - 7), (long long)(E18 - 7), "bishop at 10^18");
	is_int(grundy_closed(GRUNDY_KING, E18, E18 - 1), 3, "king (even, odd, min odd) at 10^18");
	is_int(grundy_closed(GRUNDY_KNIGHT, E18, E18), 0, "knight (10^18, 10^18): min mod 3 = 1");
	is_int(grundy_closed(GRUNDY_KNIGHT, E18 + 4, E18 + 1), 2, "knight (10^18+4, 10^18+1)");
	is_int(grundy_closed(GRUNDY_KNIGHT, E18 - 1, E18), 0, "knight (10^18-1, 10^18)");
	is_int(grundy_closed(GRUNDY_PALACE, E18, E18), 2, "palace (10^18, 10^18)");
	is_int(grundy_closed(GRUNDY_PALACE, E18, 1), (long long)E18 + 1,
	       "palace (10^18, 1) = 2 + 3 * 333333333333333333, no overflow");
	is_int(grundy_closed(GRUNDY_PALACE, 2999, 0), 2999, "palace (2999, 0)");
	is_int(grundy_closed(GRUNDY_PALACE, 2999, 2999), 1, "palace (2999, 2999)");
}

/* The reader's branchless closed forms, all five at once, are grundy_closed's. */
static void test_closed_all(void)
{
	static const uint64_t far[] = { 0, 1, 2, 3, 4, 5, 999999999, 1000000000,
					UINT64_C(1000000000000000000) - 1,
					UINT64_C(1000000000000000000) };
	uint64_t v[GRUNDY_NPIECES];
	int bad = 0;

	for (uint64_t x = 0; x < 40; x++)
		for (uint64_t y = 0; y < 40; y++) {
			grundy_closed_all(x, y, v);
			for (int id = 0; id < GRUNDY_NPIECES; id++)
				bad += v[id] != grundy_closed((enum grundy_piece_id)id, x, y);
		}
	for (size_t i = 0; i < sizeof far / sizeof far[0]; i++)
		for (size_t j = 0; j < sizeof far / sizeof far[0]; j++) {
			grundy_closed_all(far[i], far[j], v);
			for (int id = 0; id < GRUNDY_NPIECES; id++)
				bad += v[id] != grundy_closed((enum grundy_piece_id)id, far[i], far[j]);
		}
	is_int(bad, 0, "grundy_closed_all is grundy_closed for every piece, near and far");
}

/*
 * A piece the built-ins do not have, the queen of Wythoff's game: its zero
 * cells are exactly the pairs (a_k, a_k + k) and their mirrors, where a_k is
 * the least number not yet in any pair.  Known theory, not a formula of ours.
 */
static void test_wythoff(void)
{
	struct grundy_piece queen = { 'Q', "queen", 3,
				      { { GRUNDY_RIDE, 1, 0 }, { GRUNDY_RIDE, 0, 1 },
					{ GRUNDY_RIDE, 1, 1 } },
				      NULL };
	enum { M = 200 };
	static bool zero[M][M], used[2 * M + 2];
	struct grundy_table t;
	long bad = 0;

	for (int k = 0, a = 0; k < M; k++) {
		while (used[a])
			a++;
		int b = a + k;
		used[a] = true;
		if (b < 2 * M + 2)
			used[b] = true;
		if (a < M && b < M)
			zero[a][b] = zero[b][a] = true;
	}
	grundy_table_init(&t);
	if (!is_int(grundy_table_build(&t, &queen, M, NULL), BL_OK, "queen table %d x %d", M, M))
		return;
	for (int x = 0; x < M; x++)
		for (int y = 0; y < M; y++)
			bad += (grundy_table_at(&t, x, y) == 0) != zero[x][y];
	is_int(bad, 0, "queen: the zeros are Wythoff's pairs");
	is_int(grundy_table_at(&t, 1, 2), 0, "queen (1, 2) = 0");
	is_int(grundy_table_at(&t, 1, 1), 2, "queen (1, 1) = 2");
	grundy_table_release(&t);
}

/* A naive recursive mex for a custom piece: leap (0, 3) and ride (2, 1). */
static int naive_value(int x, int y, int memo[64][64])
{
	bool seen[80] = { false };
	int v = 0;

	if (memo[x][y] >= 0)
		return memo[x][y];
	if (y >= 3)
		seen[naive_value(x, y - 3, memo)] = true;
	for (int k = 1; x - 2 * k >= 0 && y - k >= 0; k++)
		seen[naive_value(x - 2 * k, y - k, memo)] = true;
	while (seen[v])
		v++;
	return memo[x][y] = v;
}

static void test_custom_piece(void)
{
	struct grundy_piece odd = { 'Z', "odd", 2,
				    { { GRUNDY_LEAP, 0, 3 }, { GRUNDY_RIDE, 2, 1 } }, NULL };
	int memo[64][64];
	struct grundy_table t;
	long bad = 0;

	memset(memo, -1, sizeof memo);
	grundy_table_init(&t);
	if (!is_int(grundy_table_build(&t, &odd, 64, NULL), BL_OK, "custom piece table"))
		return;
	for (int x = 0; x < 64; x++)
		for (int y = 0; y < 64; y++)
			bad += (int)grundy_table_at(&t, x, y) != naive_value(x, y, memo);
	is_int(bad, 0, "leap (0, 3) + ride (2, 1): table = naive recursion on 64 x 64");
	grundy_table_release(&t);
}

static void test_table_errors(void)
{
	struct grundy_table t;
	struct bl_err err;

	grundy_table_init(&t);
	bl_err_clear(&err);
	is_int(grundy_table_build(&t, grundy_builtin(GRUNDY_KING), 0, &err), BL_ERR_ARG,
	       "table size 0 is refused");
	is_str(err.msg, "table size 0, expected at least 1", "and said so");
	bl_err_clear(&err);
	is_int(grundy_table_build(&t, grundy_builtin(GRUNDY_KING), GRUNDY_TABLE_MAX + 1, &err),
	       BL_ERR_LIMIT, "a table over the limit is refused before allocating");
	is_str(err.msg, "table size 65537 is over the limit 65536", "and said so");
	ok(t.g == NULL && t.size == 0, "the table is left empty");
	bl_err_clear(&err);
	is_int(grundy_table_build(&t, grundy_builtin(GRUNDY_ROOK), 20000, &err), BL_ERR_LIMIT,
	       "a rook table over the memory limit is refused before allocating");
	is_str(err.msg,
	       "a 20000 x 20000 table of piece 'R' needs 1717 MiB, over the limit of 1024 MiB "
	       "(the largest that fits is 15445 x 15445)",
	       "and said so, with the largest size that fits");
	bl_err_clear(&err);
	is_int(grundy_table_check(grundy_builtin(GRUNDY_ROOK), 4096, (size_t)32 << 20, &err),
	       BL_ERR_LIMIT, "a table over the caller's budget is refused");
	is_str(err.msg, "a 4096 x 4096 table of piece 'R' needs 73 MiB, more than the 32 MiB "
		       "allowed (the largest that fits is 2728 x 2728)", "said with what fits");
	ok(grundy_table_check(grundy_builtin(GRUNDY_ROOK), 2728, (size_t)32 << 20, NULL) == BL_OK &&
	   grundy_table_check(grundy_builtin(GRUNDY_ROOK), 60000, 0, NULL) == BL_OK,
	   "the largest that fits fits; no budget, no refusal");
	ok(t.g == NULL && t.size == 0, "the table is left empty");
	is_int(grundy_table_build(&t, grundy_builtin(GRUNDY_KING), 1, NULL), BL_OK, "a 1 x 1 table");
	is_int(grundy_table_at(&t, 0, 0), 0, "(0, 0) is lost for the player to move");
	grundy_table_release(&t);
	grundy_table_release(&t);
	grundy_table_release(NULL);
	ok(1, "release twice and release NULL are harmless");
}

static void test_describe(void)
{
	static const struct {
		enum grundy_piece_id id;
		uint64_t x, y;
		const char *want;
	} cases[] = {
		{ GRUNDY_ROOK, 3, 4, "3 xor 4 = 7" },
		{ GRUNDY_BISHOP, 7, 0, "min(7, 0) = 0" },
		{ GRUNDY_KING, 4, 2, "x and y even: 0" },
		{ GRUNDY_KING, 3, 5, "x and y odd: 2" },
		{ GRUNDY_KING, 9, 4, "x odd, y even, min(x, y) even: 1" },
		{ GRUNDY_KING, 2, 3, "x even, y odd, min(x, y) even: 1" },
		{ GRUNDY_KING, 1, 4, "x odd, y even, min(x, y) odd: 3" },
		{ GRUNDY_KNIGHT, 6, 9, "min(x, y) mod 3 = 0: 0" },
		{ GRUNDY_KNIGHT, 4, 4, "min(x, y) mod 3 = 1, x = y: 0" },
		{ GRUNDY_KNIGHT, 6, 4, "min(x, y) mod 3 = 1, x != y: 1" },
		{ GRUNDY_KNIGHT, 5, 6, "min(x, y) mod 3 = 2, |x - y| <= 1: 1" },
		{ GRUNDY_KNIGHT, 2, 9, "min(x, y) mod 3 = 2, |x - y| > 1: 2" },
		{ GRUNDY_PALACE, 4, 2, "(4 + 2) mod 3 + 3 * (1 xor 0) = 3" },
		{ GRUNDY_PALACE, UINT64_C(1000000000000000000), 1,
		  "(1000000000000000000 + 1) mod 3 + 3 * (333333333333333333 xor 0) = "
		  "1000000000000000001" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct bl_buf b;
		bl_buf_init(&b);
		grundy_describe(cases[i].id, cases[i].x, cases[i].y, &b);
		is_str(b.data, cases[i].want, "describe %c (%llu, %llu)", letters[cases[i].id],
		       (unsigned long long)cases[i].x, (unsigned long long)cases[i].y);
		bl_buf_release(&b);
	}
}

/* A format and whether it has the judge's limits. */
struct fmt_lim {
	struct grundy_format f;
	bool boj;
};

static const struct fmt_lim MIXED = { { GRUNDY_MIXED, NULL, false, GRUNDY_MISTAKE_NONE }, false };
static const struct fmt_lim MIXED_BOJ = { { GRUNDY_MIXED, NULL, false, GRUNDY_MISTAKE_NONE }, true };
static const struct fmt_lim PALACE = { { GRUNDY_PALACE, NULL, false, GRUNDY_MISTAKE_NONE }, false };
static const struct fmt_lim PALACE_BOJ = { { GRUNDY_PALACE, NULL, false, GRUNDY_MISTAKE_NONE }, true };

/* grundy_solve in format f, its xor in *nim (0 on failure). */
static enum bl_code solve_fl(struct bl_reader *rd, const struct fmt_lim *f, uint64_t *nim,
			     struct bl_err *err)
{
	struct grundy_limits lim;
	struct grundy_result res = { 0, 0, false };
	enum bl_code code;

	if (f->boj)
		grundy_limits_boj(&lim);
	else
		grundy_limits_any(&lim);
	code = grundy_solve(rd, &f->f, &lim, &res, err);
	*nim = res.nim;
	return code;
}

static void test_limits(void)
{
	struct grundy_limits l;
	grundy_limits_boj(&l);
	ok(l.count_min == 1 && l.count_max == 300000 &&
		   grundy_limits_coord_max(&l, GRUNDY_MIXED) == 999999999,
	   "16880 limits");
	ok(l.count_min == 1 && l.count_max == 300000 &&
		   grundy_limits_coord_max(&l, GRUNDY_PALACE) == 2999,
	   "16879 limits");
	ok(grundy_limits_coord_max(&l, GRUNDY_ROOK) == 999999999,
	   "--only R --boj keeps the 16880 coordinates");
	grundy_limits_any(&l);
	ok(l.count_min == 0 && l.count_max == GRUNDY_COUNT_MAX &&
		   grundy_limits_coord_max(&l, GRUNDY_MIXED) == GRUNDY_COORD_MAX &&
		   grundy_limits_coord_max(&l, GRUNDY_PALACE) == GRUNDY_COORD_MAX,
	   "no limits: up to 10^18");
}

static const char *solve_text(const char *text, const struct fmt_lim *f)
{
	struct bl_reader rd;
	uint64_t nim;
	bl_reader_init(&rd, text, strlen(text));
	if (solve_fl(&rd, f, &nim, NULL) != BL_OK || !bl_reader_eof(&rd))
		return "error";
	return grundy_winner(nim);
}

static void test_samples(void)
{
	static const struct {
		const char *in, *want;
		const struct fmt_lim *f;
	} cases[] = {
		{ "2\n7 0 B\n3 4 R\n", "koosaga", &MIXED_BOJ },
		{ "2\n6 7 K\n9 1 B\n", "cubelover", &MIXED_BOJ },
		{ "3\n8 7 B\n9 4 K\n4 4 R\n", "koosaga", &MIXED_BOJ },
		{ "2\n8 5 R\n6 5 K\n", "koosaga", &MIXED_BOJ },
		{ "3\n1 2 P\n6 1 B\n4 4 P\n", "koosaga", &MIXED_BOJ },
		{ "2\n1 2 B\n0 9 K\n", "cubelover", &MIXED_BOJ },
		{ "1\n1 9 K\n", "koosaga", &MIXED_BOJ },
		{ "3\n5 0 K\n0 4 B\n9 1 K\n", "koosaga", &MIXED_BOJ },
		{ "3\n0 4 K\n0 5 K\n3 2 K\n", "cubelover", &MIXED_BOJ },
		{ "3\n6 4 N\n1 2 N\n0 7 N\n", "cubelover", &MIXED_BOJ },
		{ "1\n3 2\n", "koosaga", &PALACE_BOJ },
		{ "1\n3 3\n", "cubelover", &PALACE_BOJ },
		{ "3\n7 4\n3 7\n1 0\n", "cubelover", &PALACE_BOJ },
		{ "5\n4 2\n6 9\n7 8\n2 1\n5 5\n", "koosaga", &PALACE_BOJ },
		{ "1\n6 6\n", "cubelover", &PALACE_BOJ },
		{ "0\n", "cubelover", &MIXED },
		{ "0", "cubelover", &PALACE },
		{ "1\r\n0\t0 R", "cubelover", &MIXED },
		{ "2 999999999 999999999 R 999999999 999999999 R", "cubelover", &MIXED_BOJ },
		{ "1\n1000000000000000000 1 P\n", "koosaga", &MIXED },
		{ "1\n3 -0 R\n", "koosaga", &MIXED },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		is_str(solve_text(cases[i].in, cases[i].f), cases[i].want, "solve case %zu: %s", i + 1,
		       cases[i].want);

	/* One instance at a time: the reader is left just past the instance. */
	const char *two = "1 3 2 P\n2 1 1 K 1 1 K\n";
	struct bl_reader rd;
	uint64_t a = 9, b = 9;
	bl_reader_init(&rd, two, strlen(two));
	ok(solve_fl(&rd, &MIXED, &a, NULL) == BL_OK && a == 5 &&
		   solve_fl(&rd, &MIXED, &b, NULL) == BL_OK && b == 0 && bl_reader_eof(&rd),
	   "two instances read one after the other from one reader");
}

struct diag_case {
	const struct fmt_lim *f;
	const char *in;
	int line, col;
	const char *msg;
};

static const struct diag_case diags[] = {
	{ &MIXED_BOJ, "", 1, 1, "expected a piece count from 1 to 300000, found end of input" },
	{ &MIXED_BOJ, "  \n\n", 1, 1, "expected a piece count from 1 to 300000, found end of input" },
	{ &MIXED_BOJ, "0\n", 1, 1, "expected a piece count from 1 to 300000, found '0'" },
	{ &MIXED_BOJ, "300001\n", 1, 1, "expected a piece count from 1 to 300000, found '300001'" },
	{ &MIXED, "-1", 1, 1,
	  "expected a piece count from 0 to 1000000000000000000, found '-1'" },
	{ &MIXED, "1000000000000000001", 1, 1,
	  "expected a piece count from 0 to 1000000000000000000, found '1000000000000000001'" },
	{ &MIXED, " two", 1, 2, "expected a piece count from 0 to 1000000000000000000, found 'two'" },
	{ &MIXED_BOJ, "2\n1 2 R\n3 4 Q\n", 3, 5, "expected a piece R, B, K, N or P, found 'Q'" },
	{ &MIXED_BOJ, "1\n1 2 r", 2, 5, "expected a piece R, B, K, N or P, found 'r'" },
	{ &MIXED_BOJ, "1\n1 2 RB", 2, 5, "expected a piece R, B, K, N or P, found 'RB'" },
	{ &MIXED_BOJ, "1\n1 2 \x01", 2, 5, "expected a piece R, B, K, N or P, found '\\x01'" },
	{ &MIXED, "1\n0 0", 2, 4, "expected a piece R, B, K, N or P, found end of input" },
	{ &MIXED_BOJ, "1\n1000000000 0 R", 2, 1,
	  "expected an x coordinate from 0 to 999999999, found '1000000000'" },
	{ &MIXED_BOJ, "1\n0 -1 R", 2, 3, "expected a y coordinate from 0 to 999999999, found '-1'" },
	{ &MIXED_BOJ, "1\n0 1.5 R", 2, 3, "expected a y coordinate from 0 to 999999999, found '1.5'" },
	{ &MIXED_BOJ, "1\n0x10 1 R", 2, 1,
	  "expected an x coordinate from 0 to 999999999, found '0x10'" },
	{ &MIXED, "1\n1000000000000000001 0 R", 2, 1,
	  "expected an x coordinate from 0 to 1000000000000000000, found '1000000000000000001'" },
	{ &MIXED, "1\n0 99999999999999999999 R", 2, 3,
	  "expected a y coordinate from 0 to 1000000000000000000, found '99999999999999999999'" },
	{ &PALACE_BOJ, "1\n3000 0", 2, 1, "expected an x coordinate from 0 to 2999, found '3000'" },
	{ &PALACE_BOJ, "1\n0 3000", 2, 3, "expected a y coordinate from 0 to 2999, found '3000'" },
	{ &PALACE_BOJ, "2\n1 2 P\n", 2, 5,
	  "expected an x coordinate from 0 to 2999, found 'P' (lines are 'x y', without a piece "
	  "letter)" },
	{ &MIXED_BOJ, "3\n1 2 R\n3 4 B\n", 3, 6, "expected 3 pieces, found end of input after 2" },
	{ &MIXED_BOJ, "1", 1, 2, "expected 1 piece, found end of input after 0" },
	{ &PALACE_BOJ, "4\n1 2\n", 2, 4, "expected 4 pieces, found end of input after 1" },
	{ &MIXED_BOJ, "2\n1 2 R\n3", 3, 2,
	  "expected a y coordinate from 0 to 999999999, found end of input" },
};

static void test_diagnostics(void)
{
	for (size_t i = 0; i < sizeof diags / sizeof diags[0]; i++) {
		const struct diag_case *c = &diags[i];
		struct bl_reader rd;
		struct bl_err err;
		uint64_t nim;

		bl_err_clear(&err);
		bl_reader_init(&rd, c->in, strlen(c->in));
		enum bl_code code = solve_fl(&rd, c->f, &nim, &err);
		bool pass = code == BL_ERR_INPUT && err.code == BL_ERR_INPUT &&
			    err.line == c->line && err.col == c->col && strcmp(err.msg, c->msg) == 0;
		if (!ok(pass, "diagnostic %zu: %d:%d: %s", i + 1, c->line, c->col, c->msg))
			tap_diag("got code %d at %d:%d: %s", (int)code, err.line, err.col, err.msg);
	}

	struct grundy_input in;
	struct grundy_format f = { 7, NULL, false, GRUNDY_MISTAKE_NONE };
	struct grundy_limits lim;
	struct bl_reader rd;
	struct bl_err err;
	bl_err_clear(&err);
	grundy_limits_any(&lim);
	bl_reader_init(&rd, "1 0 0", 5);
	is_int(grundy_input_begin(&in, &rd, &f, &lim, &err), BL_ERR_ARG,
	       "a bad piece id is a bad argument");
	is_str(err.msg, "piece id 7 is not a built-in piece", "and said so");
}

static void test_input_stream(void)
{
	const char *text = "3\n5 6 K\n\t7 8 N\n9 10 B";
	struct grundy_input in;
	struct grundy_stone s[3];
	struct grundy_limits lim;
	struct bl_reader rd;
	bool good;

	memset(s, 0, sizeof s);

	grundy_limits_any(&lim);
	bl_reader_init(&rd, text, strlen(text));
	good = grundy_input_begin(&in, &rd, &MIXED.f, &lim, NULL) == BL_OK && in.count == 3;
	for (int i = 0; good && i < 3; i++)
		good = grundy_input_next(&in, &s[i], NULL) == BL_OK;
	ok(good && in.done == 3, "three stones read one by one");
	ok(s[0].x == 5 && s[0].y == 6 && s[0].piece == GRUNDY_KING && s[0].line == 2 &&
		   s[0].col == 1,
	   "stone 1: K at (5, 6), line 2");
	ok(s[1].piece == GRUNDY_KNIGHT && s[1].line == 3 && s[1].col == 9,
	   "stone 2 at 3:9 (a tab reaches column 9)");
	is_int(grundy_stone_value(&s[2]), 9, "stone 3: bishop (9, 10) = 9");
	is_str(grundy_winner(0), "cubelover", "xor 0: cubelover");
	is_str(grundy_winner(UINT64_C(1) << 61), "koosaga", "xor non-zero: koosaga");
}

int main(void)
{
	struct grundy_ref ref;
	const char *q = getenv("BL_TEST_QUICK");
	bool quick = q && *q && strcmp(q, "0") != 0;
	int ride_m = quick ? 128 : 320, leap_m = quick ? 256 : 1024;

	test_pieces();
	test_move_legal();
	test_closed_vs_table(GRUNDY_ROOK, ride_m);
	test_closed_vs_table(GRUNDY_BISHOP, ride_m);
	test_closed_vs_table(GRUNDY_PALACE, ride_m);
	test_closed_vs_table(GRUNDY_KING, leap_m);
	test_closed_vs_table(GRUNDY_KNIGHT, leap_m);
	if (grundy_ref_init(&ref) == 0) {
		test_table_vs_ref(&ref);
		grundy_ref_release(&ref);
	} else {
		ok(0, "reference tables: out of memory");
	}
	test_known_values();
	test_closed_all();
	test_wythoff();
	test_custom_piece();
	test_table_errors();
	test_describe();
	test_limits();
	test_samples();
	test_diagnostics();
	test_input_stream();
	return tap_done();
}
