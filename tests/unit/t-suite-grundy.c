/*
 * The suites of BOJ 16880 and 16879 (lib/suite_grundy.c): every edge and
 * maximum test holds what its description says (which pieces, where,
 * how many), and each edge test is answered differently by a solution
 * with the mistake it targets: a Grundy value computed by a wrong closed
 * form (one a solution could believe from a small table: max for min, the
 * sum for xor, ...), with coordinates counted from 1, or the palace's
 * diagonal allowed only from x > 1, y > 1 (the write-up's slip).  The
 * tests of one case of the king's or the knight's closed form balance its
 * pieces with rooks, so a solution that values one of them wrong fails.
 *
 * `t-suite-grundy --search` finds the edge tests' positions again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define BIG 999999999u

/* ---- wrong values ---- */

enum mut {
	G_NONE,
	G_ONE_BASED,       /* every closed form applied to (x + 1, y + 1) */
	G_ROOK_SUM,        /* rook x + y */
	G_BISHOP_MAX,      /* bishop max(x, y) */
	G_KING_PARITY,     /* king 0, 2 or else 1, whatever min(x, y) */
	G_KNIGHT_NO_DIAG,  /* knight m mod 3, no special case near the diagonal */
	G_KNIGHT_MAX,      /* knight with m = max(x, y) */
	G_PALACE_ROOK,     /* palace x xor y, its diagonal move forgotten */
	G_PALACE_SLIP,     /* palace diagonal only from x > 1, y > 1 (a table, below 64) */
	G_PALACE_NO_MOD,   /* palace 3 ((x div 3) xor (y div 3)), the (x + y) mod 3 forgotten */
	G_KING_BITS,       /* king (x mod 2) + 2 (y mod 2), the parities as two bits */
	G_KNIGHT_BAND,     /* knight: the diagonal's 0 (min mod 3 = 1) taken for |x - y| <= 1 */
	G_SUM,             /* the values added, not XORed */
	G_SWAPPED,         /* the winner's name printed for the loser's */
	G_PALACE_SUM,      /* palace 3 (x div 3 + y div 3) + (x + y) mod 3 */
	G_PALACE_EDGE,     /* palace: the rook's x xor y on the two rows and columns next to the
	                      axes, the closed form elsewhere */
	G_PALACE_PREC,     /* palace (x + y) % 3 + 3 * (x / 3) ^ (y / 3) as C parses it */
	G_COUNT
};

static const char *const mut_names[G_COUNT] = {
	"none", "one-based", "rook-sum", "bishop-max", "king-parity",
	"knight-no-diag", "knight-max", "palace-rook", "palace-slip", "palace-no-mod",
	"king-bits", "knight-band", "sum", "swapped", "palace-sum", "palace-edge", "palace-prec",
};

#define SLIP_N 64

/* The palace's values with the slip, by brute force (mex over its moves). */
static uint64_t slip_value(uint64_t x, uint64_t y)
{
	static uint32_t t[SLIP_N][SLIP_N];
	static bool built;

	if (!built) {
		for (int a = 0; a < SLIP_N; a++)
			for (int b = 0; b < SLIP_N; b++) {
				bool seen[4 * SLIP_N] = { false };
				uint32_t v = 0;
				for (int i = 0; i < b; i++)
					seen[t[a][i]] = true;
				for (int i = 0; i < a; i++)
					seen[t[i][b]] = true;
				if (a > 1 && b > 1)
					seen[t[a - 1][b - 1]] = true;
				while (seen[v])
					v++;
				t[a][b] = v;
			}
		built = true;
	}
	return x < SLIP_N && y < SLIP_N ? t[x][y] : grundy_closed(GRUNDY_PALACE, x, y);
}

static uint64_t value(int id, uint64_t x, uint64_t y, enum mut m)
{
	uint64_t lo = x < y ? x : y, hi = x < y ? y : x;
	bool xo = x & 1, yo = y & 1;

	switch (m) {
	case G_ONE_BASED:
		return grundy_closed((enum grundy_piece_id)id, x + 1, y + 1);
	case G_ROOK_SUM:
		return id == GRUNDY_ROOK ? x + y : grundy_closed((enum grundy_piece_id)id, x, y);
	case G_BISHOP_MAX:
		return id == GRUNDY_BISHOP ? hi : grundy_closed((enum grundy_piece_id)id, x, y);
	case G_KING_PARITY:
		if (id != GRUNDY_KING)
			break;
		return !xo && !yo ? 0 : xo && yo ? 2 : 1;
	case G_KING_BITS:
		return id == GRUNDY_KING ? (uint64_t)xo + 2 * (uint64_t)yo
					 : grundy_closed((enum grundy_piece_id)id, x, y);
	case G_KNIGHT_BAND:
		if (id == GRUNDY_KNIGHT && lo % 3 == 1 && hi - lo <= 1)
			return 0;
		break;
	case G_KNIGHT_NO_DIAG:
		return id == GRUNDY_KNIGHT ? lo % 3 : grundy_closed((enum grundy_piece_id)id, x, y);
	case G_KNIGHT_MAX:
		if (id != GRUNDY_KNIGHT)
			break;
		return hi % 3 == 0 ? 0 : hi % 3 == 1 ? (x != y) : hi - lo > 1 ? 2 : 1;
	case G_PALACE_ROOK:
		return id == GRUNDY_PALACE ? x ^ y : grundy_closed((enum grundy_piece_id)id, x, y);
	case G_PALACE_SLIP:
		return id == GRUNDY_PALACE ? slip_value(x, y)
					   : grundy_closed((enum grundy_piece_id)id, x, y);
	case G_PALACE_SUM:
		return id == GRUNDY_PALACE ? 3 * (x / 3 + y / 3) + (x + y) % 3
					   : grundy_closed((enum grundy_piece_id)id, x, y);
	case G_PALACE_EDGE:
		if (id == GRUNDY_PALACE && lo < 2)
			return x ^ y;
		break;
	case G_PALACE_PREC:
		if (id != GRUNDY_PALACE)
			break;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wparentheses"
		return (x + y) % 3 + 3 * (x / 3) ^ (y / 3);
#pragma GCC diagnostic pop
	case G_PALACE_NO_MOD:
		return id == GRUNDY_PALACE ? 3 * ((x / 3) ^ (y / 3))
					   : grundy_closed((enum grundy_piece_id)id, x, y);
	default:
		break;
	}
	return grundy_closed((enum grundy_piece_id)id, x, y);
}

/* ---- positions ---- */

#define PIECES_MAX 64

struct position {
	int n;
	int id[PIECES_MAX];
	uint64_t x[PIECES_MAX], y[PIECES_MAX];
};

/* Reads a small instance: "N", then "x y c" (or "x y" when palaces is set). */
static bool read_position(const char *in, bool palaces, struct position *p)
{
	char *end;

	p->n = (int)strtol(in, &end, 10);
	if (p->n < 1 || p->n > PIECES_MAX)
		return false;
	for (int i = 0; i < p->n; i++) {
		p->x[i] = strtoull(end, &end, 10);
		p->y[i] = strtoull(end, &end, 10);
		p->id[i] = GRUNDY_PALACE;
		if (!palaces) {
			while (*end == ' ')
				end++;
			p->id[i] = grundy_piece_by_letter(*end++);
		}
	}
	return true;
}

static bool first_wins(const struct position *p, enum mut m)
{
	uint64_t nim = 0;

	for (int i = 0; i < p->n; i++)
		nim = m == G_SUM ? nim + value(p->id[i], p->x[i], p->y[i], m)
				 : nim ^ value(p->id[i], p->x[i], p->y[i], m);
	return m == G_SWAPPED ? nim == 0 : nim != 0;
}

/* ---- the claims ---- */

/*
 * Where a claim's pieces are.  The cell classes (KING_...,
 * KNIGHT_...) are a closed form's cases: a test of one holds pieces of the
 * claim's kind there, balanced by rooks on the x axis (the value of (v, 0)
 * is v), so that every piece valued right gives a nim-sum of 0.
 */
enum region { ANY, AXES, ORIGIN, FAR, FAR_16879, BLOCKS, KING_BOTH_ODD, KING_ODD_MIN,
	      KNIGHT_DIAG_1, KNIGHT_BESIDE_2, KNIGHT_TWO_OFF_2, KNIGHT_BESIDE_1 };

struct claim {
	const char *name;
	int problems;      /* 1: 16880, 2: 16879, 3: both */
	int piece;         /* every piece is this one; -1 any */
	enum region where;
	enum mut kills[2];
	int answer;        /* 1 koosaga, 0 cubelover, -1 either */
	bool pairs;        /* the pieces come in identical pairs */
};

static bool in_region(enum region r, uint64_t x, uint64_t y)
{
	uint64_t lo = x < y ? x : y, hi = x < y ? y : x;

	switch (r) {
	case KING_BOTH_ODD:
		return x % 2 == 1 && y % 2 == 1;
	case KING_ODD_MIN:
		return lo % 2 == 1 && hi % 2 == 0 && hi - lo == 1;
	case KNIGHT_DIAG_1:
		return x == y && x % 3 == 1;
	case KNIGHT_BESIDE_2:
		return lo % 3 == 2 && hi - lo == 1;
	case KNIGHT_TWO_OFF_2:
		return lo % 3 == 2 && hi - lo == 2;
	case KNIGHT_BESIDE_1:
		return lo % 3 == 1 && hi - lo == 1;
	case AXES:
		return x == 0 || y == 0;
	case ORIGIN:
		return x <= 3 && y <= 3;
	case FAR:
		return x >= BIG - 999 && y >= BIG - 999;
	case FAR_16879:
		return x >= 2990 && y >= 2990;
	case BLOCKS:
		return x <= 8 && y <= 8;
	default:
		return true;
	}
}

static bool check(const struct claim *c, const struct position *p, const char **why)
{
	bool axis_off = false;

	for (int i = 0; i < p->n; i++) {
		if (c->where >= KING_BOTH_ODD && p->id[i] == GRUNDY_ROOK && p->y[i] == 0)
			continue;   /* a rook that balances them */
		if (c->piece >= 0 && p->id[i] != c->piece)
			return *why = "every piece of the kind", false;
		if (!in_region(c->where, p->x[i], p->y[i]))
			return *why = "every piece in the region", false;
		axis_off |= p->x[i] && p->y[i];
	}
	if (c->where == ORIGIN && !axis_off)
		return *why = "a piece off the axes", false;
	if (c->answer >= 0 && first_wins(p, G_NONE) != (c->answer == 1))
		return *why = "the answer", false;
	if (c->pairs)
		for (int i = 0; i < p->n; i += 2)
			if (i + 1 >= p->n || p->x[i] != p->x[i + 1] || p->y[i] != p->y[i + 1] ||
			    p->id[i] != p->id[i + 1])
				return *why = "pieces in identical pairs", false;
	for (int k = 0; k < 2; k++)
		if (c->kills[k] != G_NONE && first_wins(p, c->kills[k]) == first_wins(p, G_NONE))
			return *why = mut_names[c->kills[k]], false;
	return true;
}

#define R GRUNDY_ROOK
#define B GRUNDY_BISHOP
#define K GRUNDY_KING
#define N GRUNDY_KNIGHT
#define P GRUNDY_PALACE
#define NO G_NONE

static const struct claim claims[] = {
	{ "rook-on-axes", 1, R, AXES, { G_ONE_BASED, NO }, -1, false },
	{ "bishop-on-axes", 1, B, AXES, { G_BISHOP_MAX, NO }, -1, false },
	{ "king-on-axes", 1, K, AXES, { G_ONE_BASED, NO }, -1, false },
	{ "knight-on-axes", 1, N, AXES, { G_KNIGHT_MAX, NO }, -1, false },
	{ "palace-on-axes", 3, P, AXES, { G_ONE_BASED, NO }, -1, false },
	{ "rook-near-origin", 1, R, ORIGIN, { G_ROOK_SUM, NO }, -1, false },
	{ "bishop-near-origin", 1, B, ORIGIN, { G_BISHOP_MAX, NO }, -1, false },
	{ "king-near-origin", 1, K, ORIGIN, { G_KING_PARITY, NO }, -1, false },
	{ "knight-near-origin", 1, N, ORIGIN, { G_KNIGHT_NO_DIAG, NO }, -1, false },
	{ "palace-near-origin", 3, P, ORIGIN, { G_PALACE_SLIP, G_PALACE_ROOK }, -1, false },
	{ "rook-near-1e9", 1, R, FAR, { G_ROOK_SUM, NO }, -1, false },
	{ "bishop-near-1e9", 1, B, FAR, { G_BISHOP_MAX, NO }, -1, false },
	{ "king-near-1e9", 1, K, FAR, { G_KING_PARITY, NO }, -1, false },
	{ "knight-near-1e9", 1, N, FAR, { G_KNIGHT_NO_DIAG, NO }, -1, false },
	{ "palace-near-1e9", 1, P, FAR, { G_PALACE_ROOK, NO }, -1, false },
	{ "palace-near-2999", 2, P, FAR_16879, { G_PALACE_ROOK, NO }, -1, false },
	{ "palace-blocks", 2, P, BLOCKS, { G_PALACE_NO_MOD, NO }, -1, false },
	{ "all-at-origin", 3, -1, ANY, { NO, NO }, 0, false },
	{ "pairs-cancel", 3, -1, ANY, { NO, NO }, 0, true },
	{ "one-piece", 3, -1, ANY, { NO, NO }, 1, false },
	{ "one-cell-many-kinds", 1, -1, ANY, { NO, NO }, -1, false },
	{ "king-both-odd", 1, K, KING_BOTH_ODD, { G_KING_BITS, NO }, 0, false },
	{ "king-odd-min", 1, K, KING_ODD_MIN, { G_KING_PARITY, G_KING_BITS }, 0, false },
	{ "knight-diagonal", 1, N, KNIGHT_DIAG_1, { G_KNIGHT_NO_DIAG, NO }, 0, false },
	{ "knight-beside-diagonal", 1, N, KNIGHT_BESIDE_2, { G_KNIGHT_NO_DIAG, NO }, 0, false },
	{ "knight-two-off-diagonal", 1, N, KNIGHT_TWO_OFF_2, { G_KNIGHT_MAX, NO }, 0, false },
	{ "knight-beside-diagonal-1", 1, N, KNIGHT_BESIDE_1, { G_KNIGHT_BAND, NO }, 0, false },
};

#define NCLAIMS (int)(sizeof claims / sizeof claims[0])

static bool applies(const struct claim *c, bool palaces)
{
	return c->problems & (palaces ? 2 : 1);
}

/* The claims no region check can state, on a read position. */
static bool check_special(const struct claim *c, const struct position *p, const char **why)
{
	if (strcmp(c->name, "all-at-origin") == 0)
		for (int i = 0; i < p->n; i++)
			if (p->x[i] || p->y[i])
				return *why = "every piece at (0, 0)", false;
	if (strcmp(c->name, "one-piece") == 0 && p->n != 1)
		return *why = "one piece", false;
	if (strcmp(c->name, "one-cell-many-kinds") == 0) {
		int kinds = 0;
		for (int i = 0; i < p->n; i++) {
			if (p->x[i] != p->x[0] || p->y[i] != p->y[0])
				return *why = "one cell", false;
			kinds |= 1 << p->id[i];
		}
		if (kinds != 31)
			return *why = "all five kinds", false;
	}
	return true;
}

/* ---- the search ---- */

static uint64_t draw_coord(struct bl_rng *rng, enum region r, bool palaces)
{
	switch (r) {
	case AXES:
		return (uint64_t)bl_rng_range(rng, 0, 20);
	case ORIGIN:
		return (uint64_t)bl_rng_range(rng, 0, 3);
	case FAR:
		return BIG - (uint64_t)bl_rng_range(rng, 0, 999);
	case FAR_16879:
		return 2999 - (uint64_t)bl_rng_range(rng, 0, 9);
	case BLOCKS:
		return (uint64_t)bl_rng_range(rng, 0, 8);
	default:
		return (uint64_t)bl_rng_range(rng, 0, palaces ? 2999 : 50);
	}
}

static void draw(const struct claim *c, bool palaces, struct bl_rng *rng, struct position *p)
{
	p->n = (int)bl_rng_range(rng, 3, 6);
	for (int i = 0; i < p->n; i++) {
		p->id[i] = palaces ? P : c->piece >= 0 ? c->piece : (int)bl_rng_below(rng, 5);
		p->x[i] = draw_coord(rng, c->where, palaces);
		p->y[i] = draw_coord(rng, c->where, palaces);
		if (c->where == AXES && bl_rng_below(rng, 2))
			p->x[i] = 0;
		else if (c->where == AXES)
			p->y[i] = 0;
		if (c->pairs && i % 2 == 1) {
			p->id[i] = p->id[i - 1], p->x[i] = p->x[i - 1], p->y[i] = p->y[i - 1];
		}
	}
	if (c->pairs && p->n % 2)
		p->n++, p->id[p->n - 1] = p->id[p->n - 2], p->x[p->n - 1] = p->x[p->n - 2],
			p->y[p->n - 1] = p->y[p->n - 2];
}

static void print_position(const struct position *p, bool palaces)
{
	printf("\"%d\\n", p->n);
	for (int i = 0; i < p->n; i++) {
		if (palaces)
			printf("%llu %llu\\n", (unsigned long long)p->x[i], (unsigned long long)p->y[i]);
		else
			printf("%llu %llu %c\\n", (unsigned long long)p->x[i],
			       (unsigned long long)p->y[i], grundy_set_letter(NULL, p->id[i]));
	}
	printf("\"");
}

static void search(void)
{
	for (int pal = 0; pal < 2; pal++)
		for (int i = 0; i < NCLAIMS; i++) {
			const struct claim *c = &claims[i];
			const char *why;
			bool found = false;
			if (!applies(c, pal) || strcmp(c->name, "one-cell-many-kinds") == 0 ||
			    strcmp(c->name, "all-at-origin") == 0)
				continue;
			if (c->where >= KING_BOTH_ODD) {
				printf("%s %s: laid out by hand (lib/suite_grundy.c)\n",
				       pal ? "16879" : "16880", c->name);
				continue;
			}
			for (uint64_t k = 0; k < 1000000 && !found; k++) {
				struct bl_rng rng;
				struct position p;
				bl_rng_init_stream(&rng, 5 + (uint64_t)pal, k * 64 + (uint64_t)i);
				draw(c, pal, &rng, &p);
				if (strcmp(c->name, "one-piece") == 0)
					p.n = 1;
				if (!check(c, &p, &why) || !check_special(c, &p, &why))
					continue;
				printf("%s %s: ", pal ? "16879" : "16880", c->name);
				print_position(&p, pal);
				printf("\n");
				found = true;
			}
			if (!found)
				printf("%s %s: none found\n", pal ? "16879" : "16880", c->name);
		}
}

/* ---- the tests ---- */

static const struct claim *find_claim(const char *name)
{
	for (int i = 0; i < NCLAIMS; i++)
		if (strcmp(claims[i].name, name) == 0)
			return &claims[i];
	return NULL;
}

/* The maximum tests: 300,000 pieces, and where each says they are. */
static void check_max(const struct bl_test *t, bool palaces)
{
	struct bl_reader rd;
	struct bl_tok tok;
	int64_t n = 0;
	uint64_t lo = UINT64_MAX, hi = 0;

	bl_reader_init(&rd, t->input, t->input_len);
	ok(bl_read_int(&rd, 1, 1000000, "N", &n, NULL, NULL) == BL_OK && n == 300000,
	   "%s has 300,000 pieces", t->name);
	while (bl_reader_next(&rd, &tok)) {
		int64_t v;
		if (bl_tok_int(&tok, &v)) {
			lo = (uint64_t)v < lo ? (uint64_t)v : lo;
			hi = (uint64_t)v > hi ? (uint64_t)v : hi;
		}
	}
	if (strstr(t->name, "mirrored"))
		is_str(t->expected, "cubelover\n", "%s: its mirrored halves cancel", t->name);
	if (strstr(t->name, "far"))
		ok(lo >= (palaces ? 2900u : BIG - 999999), "%s: every coordinate is near the limit",
		   t->name);
	else if (strstr(t->name, "origin"))
		ok(hi <= 10, "%s: every coordinate is at most 10", t->name);
	else
		ok(hi >= (palaces ? 2990u : BIG - 1000) && lo == 0,
		   "%s: coordinates from 0 to near the limit", t->name);
}

static void test_claims(const char *id)
{
	const struct bl_problem *pr = bl_problem_find(id);
	bool palaces = pr->variant == GRUNDY_PALACE;
	struct bl_suite s;

	if (!is_int(bl_suite_build(pr, &s, NULL), BL_OK, "%s: the suite builds", id))
		return;
	for (size_t i = 0; i < s.n; i++) {
		const struct bl_test *t = &s.tests[i];
		const struct claim *c = find_claim(t->name);
		struct position p;
		const char *why = "";
		if (t->kind == BL_TEST_MAX)
			check_max(t, palaces);
		if (t->kind != BL_TEST_EDGE)
			continue;
		if (!ok(c && applies(c, palaces) && read_position(t->input, palaces, &p),
			"%s %s has a claim to check", id, t->name))
			continue;
		ok(first_wins(&p, G_NONE) == (strcmp(t->expected, "koosaga\n") == 0),
		   "%s %s: the closed forms give its expected output", id, t->name);
		bool held = check(c, &p, &why) && check_special(c, &p, &why);
		ok(held, "%s %s: %s", id, t->name, t->desc);
		if (!held)
			tap_diag("fails: %s", why);
	}
	for (int i = 0; i < NCLAIMS; i++)
		if (applies(&claims[i], palaces))
			ok(bl_suite_find(&s, claims[i].name) != NULL, "%s has a test %s", id,
			   claims[i].name);
	is_int(bl_suite_count(&s, BL_TEST_MAX), palaces ? 3 : 4, "%s: its maximum tests", id);
	bl_suite_release(&s);
}

/*
 * Every mistake of the catalogue (boardlab/mistake.h) against the mutant
 * written apart from it: the same winners on random positions of a few
 * pieces below 64 (where the slip's table reaches), some showing it.
 */
static void test_mistakes(const char *id)
{
	static const struct { const char *id; enum mut m; } muts[] = {
		{ "palace-x1", G_PALACE_SLIP }, { "knight-wrong", G_KNIGHT_NO_DIAG },
		{ "king-wrong", G_KING_PARITY }, { "sum-not-xor", G_SUM },
		{ "names-swapped", G_SWAPPED }, { "formula-no-xor", G_PALACE_SUM },
		{ "palace-x1-formula", G_PALACE_EDGE }, { "xor-precedence", G_PALACE_PREC },
	};
	const struct bl_problem *p = bl_problem_find(id);
	bool palaces = p->variant == GRUNDY_PALACE;
	struct bl_buf in, got;

	bl_buf_init(&in);
	bl_buf_init(&got);
	for (size_t k = 0; k < bl_mistake_count(p); k++) {
		const struct bl_mistake *mk = bl_mistake_at(p, k);
		enum mut m = G_NONE;
		int bad = 0, shown = 0, n = 2000;
		for (size_t j = 0; j < sizeof muts / sizeof muts[0]; j++)
			if (strcmp(muts[j].id, mk->id) == 0)
				m = muts[j].m;
		for (int i = 0; i < n; i++) {
			struct bl_rng rng;
			struct position pos;
			bl_rng_init_stream(&rng, 31, (uint64_t)i);
			bl_buf_reset(&in);
			bl_buf_reset(&got);
			int pieces = 1 + (int)bl_rng_below(&rng, 4);
			bl_buf_printf(&in, "%d\n", pieces);
			for (int q = 0; q < pieces; q++) {
				bl_buf_printf(&in, "%d %d", (int)bl_rng_below(&rng, 64),
					      (int)bl_rng_below(&rng, 64));
				if (!palaces)
					bl_buf_printf(&in, " %c", "RBKNP"[bl_rng_below(&rng, 5)]);
				bl_buf_putc(&in, '\n');
			}
			read_position(in.data, palaces, &pos);
			bl_mistake_answer(mk, in.data, in.len, &got, NULL, NULL);
			bool want = first_wins(&pos, m);
			shown += want != first_wins(&pos, G_NONE);
			if (m == G_NONE || (strcmp(got.data, want ? "koosaga\n" : "cubelover\n") != 0 &&
					    bad++ == 0))
				tap_diag("%s %s: the mutant %s and the library differ on:\n%s", id, mk->id,
					 mut_names[m], in.data);
		}
		ok(m != G_NONE && bad == 0,
		   "%s %s: the library plays the mutant (it shows on %d of %d random positions)", id,
		   mk->id, shown, n);
	}
	bl_buf_release(&in);
	bl_buf_release(&got);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--search") == 0) {
		search();
		return 0;
	}
	/* the slip's table differs from the palace's where the write-up's brute force would */
	ok(slip_value(1, 1) != grundy_closed(GRUNDY_PALACE, 1, 1), "the slip changes (1, 1)");
	test_mistakes("16880");
	test_mistakes("16879");
	test_claims("16880");
	test_claims("16879");
	return tap_done();
}
