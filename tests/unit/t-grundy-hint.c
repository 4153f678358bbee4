/*
 * Unit tests of grundy's hints: on 10^4 random positions (coordinates up to
 * 10^18, custom pieces included) every hint is a legal move of the piece it
 * names and leaves xor 0, checked with the reference's own formulas; on
 * small boards a brute-force search over every move of every piece finds a
 * winning move exactly when a hint is given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/grundy_ref.h"
#include "tap.h"

#define MAXN 8

struct pos {
	int n;
	uint64_t x[MAXN], y[MAXN];
	int piece[MAXN];   /* index in the set */
};

static struct grundy_set SET;   /* built-ins, Q (the queen, by table) and A (a rook) */

/* The value by the reference's formulas for built-ins and A, the set's table for Q. */
static uint64_t oracle(int piece, uint64_t x, uint64_t y)
{
	char c = SET.piece[piece].letter;
	uint64_t v = 0;

	if (c == 'Q') {
		if (grundy_set_value(&SET, piece, x, y, &v, NULL) != BL_OK)
			return UINT64_MAX;
		return v;
	}
	return (uint64_t)grundy_ref_formula(c == 'A' ? 'R' : c, (long long)x, (long long)y);
}

static size_t write_pos(const struct pos *p, char *text, size_t cap)
{
	size_t o = (size_t)snprintf(text, cap, "%d\n", p->n);
	for (int i = 0; i < p->n; i++)
		o += (size_t)snprintf(text + o, cap - o, "%llu %llu %c\n",
				      (unsigned long long)p->x[i], (unsigned long long)p->y[i],
				      SET.piece[p->piece[i]].letter);
	return o;
}

/* True when (tx, ty) is one move of piece from (x, y). */
static bool legal(int piece, uint64_t x, uint64_t y, uint64_t tx, uint64_t ty)
{
	const struct grundy_piece *p = &SET.piece[piece];

	if (tx > x || ty > y)
		return false;
	uint64_t ddx = x - tx, ddy = y - ty;
	for (int i = 0; i < p->nmoves; i++) {
		uint64_t dx = (uint64_t)p->moves[i].dx, dy = (uint64_t)p->moves[i].dy, k;
		k = dx ? ddx / dx : ddy / dy;
		if (k == 0 || k * dx != ddx || k * dy != ddy)
			continue;
		if (k == 1 || p->moves[i].step == GRUNDY_RIDE)
			return true;
	}
	return false;
}

static uint64_t pick(struct bl_rng *r, int piece)
{
	if (SET.piece[piece].letter == 'Q')
		return bl_rng_below(r, 300);
	switch (bl_rng_below(r, 4)) {
	case 0:
		return bl_rng_below(r, 20);
	case 1:
		return bl_rng_below(r, 10000);
	case 2:
		return bl_rng_below(r, 1000000000);
	default:
		return bl_rng_below(r, (uint64_t)GRUNDY_COORD_MAX + 1);
	}
}

static void test_random_hints(int count)
{
	static char text[4096];
	long hinted = 0, lost = 0, bad = 0, big = 0, by_piece[GRUNDY_SET_MAX] = { 0 };

	for (int i = 0; i < count; i++) {
		struct bl_rng r;
		struct pos p;
		struct grundy_hint h;
		struct bl_reader rd;
		struct bl_err err;
		struct grundy_format f = { GRUNDY_MIXED, &SET, false, GRUNDY_MISTAKE_NONE };
		struct grundy_limits lim;
		uint64_t nim = 0;

		grundy_limits_any(&lim);
		bl_rng_init_stream(&r, 0x4147, (uint64_t)i);
		p.n = (int)bl_rng_range(&r, 1, MAXN);
		for (int k = 0; k < p.n; k++) {
			p.piece[k] = (int)bl_rng_below(&r, (uint64_t)SET.n);
			p.x[k] = pick(&r, p.piece[k]);
			p.y[k] = bl_rng_below(&r, 3) ? pick(&r, p.piece[k]) : p.x[k];
			/* A copy of an earlier piece now and then: positions of xor 0. */
			if (k > 0 && bl_rng_below(&r, 3) == 0 && p.n % 2 == 0 && k % 2 == 1) {
				p.piece[k] = p.piece[k - 1];
				p.x[k] = p.x[k - 1];
				p.y[k] = p.y[k - 1];
			}
			nim ^= oracle(p.piece[k], p.x[k], p.y[k]);
		}
		size_t len = write_pos(&p, text, sizeof text);
		bl_reader_init(&rd, text, len);
		bl_err_clear(&err);
		if (grundy_hint_find(&rd, &f, &lim, &h, &err) != BL_OK || h.nim != nim) {
			if (bad++ < 3)
				tap_diag("position %d: %s (xor %llu, want %llu)\n%s", i, err.msg,
					 (unsigned long long)h.nim, (unsigned long long)nim, text);
			continue;
		}
		if (nim == 0) {
			lost++;
			bad += h.index != 0;
			continue;
		}
		int k = (int)h.index - 1;
		bool good = k >= 0 && k < p.n && h.stone.x == p.x[k] && h.stone.y == p.y[k] &&
			    h.stone.piece == p.piece[k] && legal(p.piece[k], p.x[k], p.y[k], h.tx, h.ty);
		uint64_t before = oracle(p.piece[k], p.x[k], p.y[k]);
		uint64_t after = oracle(p.piece[k], h.tx, h.ty);
		good = good && (nim ^ before ^ after) == 0 && h.to == after;
		if (!good && bad++ < 3)
			tap_diag("position %d: hint piece %lld to (%llu, %llu) is wrong\n%s", i,
				 (long long)h.index, (unsigned long long)h.tx,
				 (unsigned long long)h.ty, text);
		hinted++;
		by_piece[p.piece[k]]++;
		big += p.x[k] > 1000000000 || p.y[k] > 1000000000;
	}
	is_int(bad, 0, "%d random positions: every hint is a legal move to xor 0", count);
	ok(hinted >= count / 2 && lost >= count / 20, "hints (%ld) and lost positions (%ld)",
	   hinted, lost);
	long least = by_piece[0];
	for (int k = 1; k < SET.n; k++)
		least = by_piece[k] < least ? by_piece[k] : least;
	ok(least >= count / 60, "every piece moves in hints (least %ld), beyond 10^9: %ld", least,
	   big);
}

/* Every move of every piece, by the move lists: is there one to xor 0? */
static bool brute_win(const struct pos *p, uint64_t nim)
{
	for (int k = 0; k < p->n; k++) {
		const struct grundy_piece *pc = &SET.piece[p->piece[k]];
		uint64_t v = oracle(p->piece[k], p->x[k], p->y[k]);
		for (int i = 0; i < pc->nmoves; i++) {
			uint64_t dx = (uint64_t)pc->moves[i].dx, dy = (uint64_t)pc->moves[i].dy;
			for (uint64_t s = 1; s * dx <= p->x[k] && s * dy <= p->y[k]; s++) {
				if ((nim ^ v ^ oracle(p->piece[k], p->x[k] - s * dx,
						      p->y[k] - s * dy)) == 0)
					return true;
				if (pc->moves[i].step == GRUNDY_LEAP)
					break;
			}
		}
	}
	return false;
}

static void test_small_boards(int count)
{
	static char text[1024];
	long agree = 0, wins = 0;

	for (int i = 0; i < count; i++) {
		struct bl_rng r;
		struct pos p;
		struct grundy_hint h;
		struct bl_reader rd;
		struct grundy_format f = { GRUNDY_MIXED, &SET, false, GRUNDY_MISTAKE_NONE };
		struct grundy_limits lim;
		uint64_t nim = 0;

		grundy_limits_any(&lim);
		bl_rng_init_stream(&r, 0x5a11, (uint64_t)i);
		p.n = (int)bl_rng_range(&r, 1, 4);
		for (int k = 0; k < p.n; k++) {
			p.piece[k] = (int)bl_rng_below(&r, (uint64_t)SET.n);
			p.x[k] = bl_rng_below(&r, 10);
			p.y[k] = bl_rng_below(&r, 10);
			nim ^= oracle(p.piece[k], p.x[k], p.y[k]);
		}
		size_t len = write_pos(&p, text, sizeof text);
		bl_reader_init(&rd, text, len);
		if (grundy_hint_find(&rd, &f, &lim, &h, NULL) != BL_OK)
			continue;
		bool win = brute_win(&p, nim);
		wins += win;
		agree += win == (h.index > 0);
	}
	is_int(agree, count, "%d small boards: a hint exactly when a brute-force search finds a "
			     "winning move (%ld winning)", count, wins);
}

int main(void)
{
	const char *q = getenv("BL_TEST_QUICK");
	bool quick = q && *q && strcmp(q, "0") != 0;
	const char *rules = "Q = ride(1,0) + ride(0,1) + ride(1,1); A = ride(0,1) + ride(1,0)";

	grundy_set_init(&SET);
	if (grundy_set_parse(&SET, rules, strlen(rules), NULL) != BL_OK) {
		printf("Bail out! the test's pieces do not parse\n");
		return 1;
	}
	test_random_hints(quick ? 2000 : 10000);
	test_small_boards(quick ? 2000 : 10000);
	grundy_set_release(&SET);
	return tap_done();
}
