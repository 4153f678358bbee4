/*
 * stress_games: each game's part of `stress`: its option table (the game
 * options, then the gen options, then STRESS_OPTS) and its shrinking
 * passes.  A pass rewrites the instance's text; it need not keep the
 * instance valid, because solve, with the run's options, is the judge of
 * every reduction before it is tried.
 */
#include "stress.h"

#include <stdlib.h>
#include <string.h>

size_t stress_ints(const char *text, size_t len, long long *v, size_t max)
{
	size_t n = 0, i = 0;

	while (i < len) {
		long long x = 0;
		bool neg = false;
		while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
				   text[i] == '\r' || text[i] == '\v' || text[i] == '\f'))
			i++;
		if (i == len)
			break;
		if (text[i] == '-') {
			neg = true;
			i++;
		}
		for (int d = 0; i < len && text[i] >= '0' && text[i] <= '9'; i++, d++)
			if (d < 18)
				x = x * 10 + (text[i] - '0');
		while (i < len && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
				    text[i] == '\r' || text[i] == '\v' || text[i] == '\f'))
			i++;   /* the rest of a token that is not a number counts as 0 */
		if (n < max)
			v[n] = neg ? -x : x;
		n++;
	}
	return n;
}

/*
 * Dropping items from a list of n, biggest first (delta debugging's way):
 * the halves, the quarters, ..., then the single items, the last first.
 * Returns how many such drops there are; with idx below that, the items
 * [*start, *start + *len) of drop number idx.
 */
static long list_drops(long n, long idx, long *start, long *len)
{
	long total = 0;

	for (long c = n / 2 > 1 ? n / 2 : 1; n > 0; c /= 2) {
		long count = (n + c - 1) / c;
		if (idx >= 0 && idx < count) {
			*start = c == 1 ? n - 1 - idx : idx * c;
			*len = *start + c <= n ? c : n - *start;
			idx = -1;
		} else if (idx >= 0) {
			idx -= count;
		}
		total += count;
		if (c == 1)
			break;
	}
	return total;
}

/* ---- tower: N K, the N*N colours, K lines "row col dir" ---- */

const struct cli_opt tower_stress_opts[] = {
	{ "rule", "RULE", "carry (the default, BOJ 17837) or bottom (BOJ 17780)" },
	{ "height", "H", "the stack height that ends the game (default 4)" },
	{ "limit", "L", "turns played before the answer is -1 (default 1000)" },
	{ "boj", NULL, "the judge's limits 4 <= N <= 12, 4 <= K <= 10, for gen and solve" },
	{ "size", "N|LO-HI", "gen: the board side (default 4-12)" },
	{ "pieces", "K|LO-HI", "gen: the piece count (default 4-10)" },
	{ "red", "P|LO-HI", "gen: percent of red cells (default 0-25)" },
	{ "blue", "P|LO-HI", "gen: percent of blue cells (default 0-25)" },
	{ "ending", "WHAT", "gen: any (the default), stack or never" },
	STRESS_OPTS,
	{ 0 },
};

/*
 * Reductions, biggest first: drop pieces (halves, quarters, ..., one);
 * delete rows and columns where no piece stands, in pairs so that the
 * board stays square (all such pairs, half of them, then each pair of row
 * a and column b; the pieces beyond move in); whiten a red or blue cell;
 * move a piece one row up, or one column left (so that a later pass can
 * delete the last row and column).
 */
static bool tower_shrink(const char *text, size_t len, long idx, struct bl_buf *out)
{
	size_t nv = stress_ints(text, len, NULL, 0);
	long long *v = malloc((nv ? nv : 1) * sizeof *v);
	long long n, k;
	long ndrops, ds = -1, dl = 0, white = -1, shift = -1;
	char *del = NULL;   /* del[r]: row r goes; del[n + c]: column c goes */
	bool ok = true;

	if (!v)
		return false;
	stress_ints(text, len, v, nv);
	n = nv >= 2 ? v[0] : 0;
	k = nv >= 2 ? v[1] : 0;
	if (n < 1 || n > 1000000 || k < 0 || (long long)nv != 2 + n * n + 3 * k ||
	    !(del = calloc((size_t)(2 * n), 1))) {
		free(v);
		return false;
	}
	const long long *col = v + 2, *pc = v + 2 + n * n;
	if (idx < (ndrops = list_drops((long)k, idx, &ds, &dl))) {
		;   /* ds, dl: the pieces to drop */
	} else if ((idx -= ndrops) < 2 + n * n) {
		/* The rows and columns free of pieces, paired in order. */
		char *busy = calloc((size_t)(2 * n), 1);
		long want;
		if (!busy) {
			free(v);
			free(del);
			return false;
		}
		for (long long i = 0; i < k; i++) {
			busy[pc[3 * i] - 1] = 1;
			busy[n + pc[3 * i + 1] - 1] = 1;
		}
		if (idx < 2) {
			long fr = 0, fc = 0;
			for (long r = 0; r < n; r++)
				fr += !busy[r];
			for (long c = 0; c < n; c++)
				fc += !busy[n + c];
			want = fr < fc ? fr : fc;
			if (idx == 1)
				want /= 2;
			for (long r = 0, got = 0; r < n && got < want; r++)
				if (!busy[r])
					del[r] = 1, got++;
			for (long c = 0, got = 0; c < n && got < want; c++)
				if (!busy[n + c])
					del[n + c] = 1, got++;
		} else {
			long r = (idx - 2) / (long)n, c = (idx - 2) % (long)n;
			if (!busy[r] && !busy[n + c])   /* else a piece is in the way: no change */
				del[r] = del[n + c] = 1;
		}
		free(busy);
	} else if ((idx -= 2 + (long)(n * n)) < n * n) {
		white = idx;
	} else if ((idx -= (long)(n * n)) < 2 * k) {
		shift = idx;
	} else {
		ok = false;
	}
	if (ok) {
		/* rb[x], cb[x]: the rows above row x, the columns left of column x, deleted. */
		long long m = n, *rb = malloc((size_t)(2 * n) * sizeof *rb), *cb = rb + n;
		if (!rb) {
			free(v);
			free(del);
			return false;
		}
		for (long x = 0, dr = 0, dc = 0; x < n; x++) {
			rb[x] = dr;
			cb[x] = dc;
			dr += del[x];
			dc += del[n + x];
			m -= del[x];
		}
		bl_buf_printf(out, "%lld %lld\n", m, k - dl);
		for (long r = 0; r < n; r++) {
			if (del[r])
				continue;
			bool first = true;
			for (long c = 0; c < n; c++) {
				if (del[n + c])
					continue;
				bl_buf_printf(out, "%s%lld", first ? "" : " ",
					      r * n + c == white ? 0 : col[r * n + c]);
				first = false;
			}
			bl_buf_putc(out, '\n');
		}
		for (long i = 0; i < k; i++) {
			long long pr = pc[3 * i], pcol = pc[3 * i + 1];
			if (i >= ds && i < ds + dl)
				continue;
			pr -= rb[pr - 1];
			pcol -= cb[pcol - 1];
			if (shift == 2 * i && pr > 1)
				pr--;
			if (shift == 2 * i + 1 && pcol > 1)
				pcol--;
			bl_buf_printf(out, "%lld %lld %lld\n", pr, pcol, pc[3 * i + 2]);
		}
		free(rb);
	}
	free(v);
	free(del);
	return ok;
}

const struct stress_game stress_tower = { 4, 5, "trace", NULL, tower_shrink };

int tower_stress(struct cli_run *r)
{
	return stress_run(r, &stress_tower);
}

/* ---- yut: a line of dice ---- */

const struct cli_opt yut_stress_opts[] = {
	{ "boj", NULL, "the judge's format: exactly 10 dice 1 to 5" },
	{ "horses", "H", "the number of horses, 1 to 8 (default 4)" },
	{ "board", "FILE", "a board in the text format 'yut board' prints" },
	{ "length", "N", "gen: dice per instance (default 10)" },
	{ "dice", "DIST", "gen: how a roll is drawn: d5 (default), weights or sticks[:P]" },
	STRESS_OPTS,
	{ 0 },
};

#define YUT_MAXV 10000

/* Reductions: drop dice (halves, quarters, ..., one), then lower a die by one. */
static bool yut_shrink(const char *text, size_t len, long idx, struct bl_buf *out)
{
	long long *v = malloc(YUT_MAXV * sizeof *v);
	size_t m;
	long ndrops, ds = -1, dl = 0, lower = -1;

	if (!v)
		return false;
	m = stress_ints(text, len, v, YUT_MAXV);
	ndrops = list_drops((long)m, idx, &ds, &dl);
	if (m > YUT_MAXV || idx >= ndrops + (long)m) {
		free(v);
		return false;
	}
	if (idx >= ndrops) {
		ds = -1;
		dl = 0;
		lower = idx - ndrops;
	}
	if (lower >= 0 && v[lower] > 1)
		v[lower]--;
	for (long i = 0, first = 1; i < (long)m; i++) {
		if (i >= ds && i < ds + dl)
			continue;
		bl_buf_printf(out, "%s%lld", first ? "" : " ", v[i]);
		first = 0;
	}
	bl_buf_putc(out, '\n');
	free(v);
	return true;
}

const struct stress_game stress_yut = { 3, 2, "plan", NULL, yut_shrink };

int yut_stress(struct cli_run *r)
{
	return stress_run(r, &stress_yut);
}

/* ---- grundy: N, then N lines "x y LETTER" (or "x y" with --only) ---- */

const struct cli_opt grundy_stress_opts[] = {
	{ "only", "LETTER", "every piece is LETTER: lines are 'x y'" },
	{ "boj", NULL, "the judge's limits, for gen and solve" },
	{ "piece", "RULES", "define pieces, as for solve; repeatable" },
	{ "piece-file", "FILE", "define the pieces of FILE" },
	{ "pieces", "N", "gen: pieces per instance (default: 1 to 10 at random)" },
	{ "max", "C", "gen: the largest coordinate" },
	STRESS_OPTS,
	{ 0 },
};

#define GRUNDY_MAXP 1000000   /* pieces read at most (the judge allows 300000) */

/* One piece: its coordinates and its letter (empty with --only). */
struct gpiece {
	long long x, y;
	char letter[16];
};

/*
 * Reductions: drop pieces (halves, quarters, ..., one); then for each piece, cut its
 * coordinates down to their residues mod 6 (both, x, y), halve the
 * multiple of 6 above the residue (both, x, y: a king's and a knight's
 * values are periodic in 2 and 3, so these keep them), halve x, halve y,
 * and move one step toward the origin along x, then y.
 */
#define GRUNDY_PASSES 10

static long long keep6(long long v, int how)
{
	return how == 0 ? v % 6 : (v / 6) / 2 * 6 + v % 6;
}
static bool grundy_shrink(const char *text, size_t len, long idx, struct bl_buf *out)
{
	struct gpiece *p;
	const char *s = text, *end = text + len;
	long long n;
	long ndrops, ds = -1, dl = 0;
	char *e;
	bool ok = false;

	n = strtoll(s, &e, 10);
	if (e == s || n < 1 || n > GRUNDY_MAXP)
		return false;
	ndrops = list_drops((long)n, idx, &ds, &dl);
	if (idx >= ndrops + GRUNDY_PASSES * n)
		return false;
	p = calloc((size_t)n, sizeof *p);
	if (!p)
		return false;
	s = e;
	for (long long i = 0; i < n; i++) {
		p[i].x = strtoll(s, &e, 10);
		if (e == s)
			goto done;
		s = e;
		p[i].y = strtoll(s, &e, 10);
		if (e == s)
			goto done;
		s = e;
		while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		size_t l = 0;
		while (s < end && *s != '\n' && *s != ' ' && *s != '\t' && *s != '\r' &&
		       l + 1 < sizeof p[i].letter)
			p[i].letter[l++] = *s++;
		while (s < end && *s != '\n')
			s++;
	}
	ok = true;
	if (idx >= ndrops) {
		long j = (long)((idx - ndrops) / GRUNDY_PASSES);
		int pass = (int)((idx - ndrops) % GRUNDY_PASSES);
		ds = -1;
		dl = 0;
		if (pass < 6) {
			if (pass % 3 != 2)
				p[j].x = keep6(p[j].x, pass / 3);
			if (pass % 3 != 1)
				p[j].y = keep6(p[j].y, pass / 3);
		} else if (pass == 6) {
			p[j].x /= 2;
		} else if (pass == 7) {
			p[j].y /= 2;
		} else if (pass == 8) {
			p[j].x -= p[j].x > 0;
		} else {
			p[j].y -= p[j].y > 0;
		}
	}
	bl_buf_printf(out, "%lld\n", n - dl);
	for (long i = 0; i < n; i++)
		if (i < ds || i >= ds + dl)
			bl_buf_printf(out, "%lld %lld%s%s\n", p[i].x, p[i].y, p[i].letter[0] ? " " : "",
				      p[i].letter);
done:
	free(p);
	return ok;
}

const struct stress_game stress_grundy = { 4, 2, "solve", "explain", grundy_shrink };

int grundy_stress(struct cli_run *r)
{
	return stress_run(r, &stress_grundy);
}

/* ---- puyo: rows of 6 cells, top first, '.' empty ---- */

const struct cli_opt puyo_stress_opts[] = {
	{ "rules", "RULES", "rule set: boj (the default) or tsu" },
	{ "rows", "N", "rows of a field: 12, 13 or 14" },
	{ "pop", "N", "the group size that pops (default 4)" },
	{ "boj", NULL, "the judge's format only: 12 lines of 6 cells, BOJ rules" },
	{ "kind", "KIND", "gen: random (the default) or chain" },
	{ "chains", "N", "gen: with --kind chain, the chain length" },
	{ "colours", "K", "gen: colours in play, 1 to 5 (default 4)" },
	{ "ojama", "P", "gen: percent of ojama, tsu only (default 0)" },
	STRESS_OPTS,
	{ 0 },
};

#define PUYO_MAXR 64
#define PUYO_MAXC 64

/*
 * Reductions, each keeping the field settled: empty a column; take a row
 * out of every column (what is above falls); take one puyo out (what is
 * above it falls); paint one colour as another (fewer colours).
 */
static bool puyo_shrink(const char *text, size_t len, long idx, struct bl_buf *out)
{
	char f[PUYO_MAXR][PUYO_MAXC + 1];
	char colours[16];
	int rows = 0, w = 0, ncol = 0;
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - (text + i)) : len - i;
		while (l > 0 && (text[i + l - 1] == '\r' || text[i + l - 1] == ' '))
			l--;
		if (l > 0) {
			if (rows == PUYO_MAXR || l > PUYO_MAXC || (w && (int)l != w))
				return false;
			memcpy(f[rows], text + i, l);
			f[rows][l] = '\0';
			w = (int)l;
			rows++;
		}
		i += (nl ? (size_t)(nl - (text + i)) + 1 : len - i);
	}
	if (rows == 0)
		return false;
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < w; c++)
			if (f[r][c] != '.' && !memchr(colours, f[r][c], (size_t)ncol) && ncol < 16)
				colours[ncol++] = f[r][c];
	/* Takes cell (r, c) out: the cells above fall by one. */
#define TAKE_OUT(r0, c0)                                   \
	do {                                               \
		for (int rr = (r0); rr > 0; rr--)          \
			f[rr][(c0)] = f[rr - 1][(c0)];     \
		f[0][(c0)] = '.';                          \
	} while (0)
	if (idx < w) {
		for (int r = 0; r < rows; r++)
			f[r][idx] = '.';
	} else if ((idx -= w) < rows) {
		for (int c = 0; c < w; c++)
			TAKE_OUT((int)idx, c);
	} else if ((idx -= rows) < (long)rows * w) {
		int r = (int)(idx / w), c = (int)(idx % w);
		if (f[r][c] != '.')
			TAKE_OUT(r, c);
	} else if ((idx -= (long)rows * w) < (long)ncol * ncol) {
		char from = colours[idx / ncol], to = colours[idx % ncol];
		for (int r = 0; r < rows; r++)
			for (int c = 0; c < w; c++)
				if (f[r][c] == from)
					f[r][c] = to;
	} else {
		return false;
	}
#undef TAKE_OUT
	for (int r = 0; r < rows; r++) {
		bl_buf_puts(out, f[r]);
		bl_buf_putc(out, '\n');
	}
	return true;
}

const struct stress_game stress_puyo = { 4, 4, "trace", NULL, puyo_shrink };

int puyo_stress(struct cli_run *r)
{
	return stress_run(r, &stress_puyo);
}
