/*
 * shrink: each game's reductions of an instance's text (shrink.h).  A pass
 * rewrites the text; it need not keep the instance valid, because the
 * caller judges every reduction before it uses it.
 */
#include "boardlab/shrink.h"

#include <stdlib.h>
#include <string.h>

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

size_t bl_shrink_ints(const char *text, size_t len, long long *v, size_t max)
{
	size_t n = 0, i = 0;

	while (i < len) {
		long long x = 0;
		bool neg = false;
		while (i < len && is_space(text[i]))
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
		while (i < len && !is_space(text[i]))
			i++;   /* the rest of a token that is not a number counts as 0 */
		if (n < max)
			v[n] = neg ? -x : x;
		n++;
	}
	return n;
}

long bl_shrink_drops(long n, long idx, long *start, long *len)
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

/* A tower instance as numbers, and the reduction to write. */
struct tower_cut {
	long long n, k;
	const long long *col;   /* the n*n colours, row by row */
	const long long *pc;    /* the k pieces: row, column, direction */
	long ds, dl;            /* the pieces [ds, ds + dl) go */
	char *del;              /* del[r]: row r goes; del[n + c]: column c goes */
	long white;             /* the cell made white, or -1 */
	long shift;             /* piece shift / 2 moves up (even) or left (odd), or -1 */
};

/*
 * The rows and columns free of pieces, paired in order, into t->del: with
 * idx 0 all such pairs, 1 half of them, then (idx - 2) as row * n + column
 * the one pair of that row and column if both are free.  False when out of
 * memory.
 */
static bool tower_free_lines(struct tower_cut *t, long idx)
{
	long long n = t->n;
	char *busy = calloc((size_t)(2 * n), 1);
	long want;

	if (!busy)
		return false;
	for (long long i = 0; i < t->k; i++) {
		busy[t->pc[3 * i] - 1] = 1;
		busy[n + t->pc[3 * i + 1] - 1] = 1;
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
				t->del[r] = 1, got++;
		for (long c = 0, got = 0; c < n && got < want; c++)
			if (!busy[n + c])
				t->del[n + c] = 1, got++;
	} else {
		long r = (idx - 2) / (long)n, c = (idx - 2) % (long)n;
		if (!busy[r] && !busy[n + c])   /* else a piece is in the way: no change */
			t->del[r] = t->del[n + c] = 1;
	}
	free(busy);
	return true;
}

/* Appends the reduction t describes.  False when out of memory. */
static bool tower_write(const struct tower_cut *t, struct bl_buf *out)
{
	long long n = t->n, m = n;
	/* rb[x], cb[x]: the rows above row x, the columns left of column x, deleted. */
	long long *rb = malloc((size_t)(2 * n) * sizeof *rb), *cb = rb + n;

	if (!rb)
		return false;
	for (long x = 0, dr = 0, dc = 0; x < n; x++) {
		rb[x] = dr;
		cb[x] = dc;
		dr += t->del[x];
		dc += t->del[n + x];
		m -= t->del[x];
	}
	bl_buf_printf(out, "%lld %lld\n", m, t->k - t->dl);
	for (long r = 0; r < n; r++) {
		if (t->del[r])
			continue;
		bool first = true;
		for (long c = 0; c < n; c++) {
			if (t->del[n + c])
				continue;
			bl_buf_printf(out, "%s%lld", first ? "" : " ",
				      r * n + c == t->white ? 0 : t->col[r * n + c]);
			first = false;
		}
		bl_buf_putc(out, '\n');
	}
	for (long i = 0; i < t->k; i++) {
		long long pr = t->pc[3 * i], pcol = t->pc[3 * i + 1];
		if (i >= t->ds && i < t->ds + t->dl)
			continue;
		pr -= rb[pr - 1];
		pcol -= cb[pcol - 1];
		if (t->shift == 2 * i && pr > 1)
			pr--;
		if (t->shift == 2 * i + 1 && pcol > 1)
			pcol--;
		bl_buf_printf(out, "%lld %lld %lld\n", pr, pcol, t->pc[3 * i + 2]);
	}
	free(rb);
	return true;
}

/*
 * Reductions, biggest first: drop pieces (halves, quarters, ..., one);
 * delete rows and columns where no piece stands, in pairs so that the
 * board stays square (all such pairs, half of them, then each pair of row
 * a and column b; the pieces beyond move in); whiten a red or blue cell;
 * move a piece one row up, or one column left (so that a later pass can
 * delete the last row and column).
 */
bool tower_shrink(const char *text, size_t len, long idx, struct bl_buf *out)
{
	size_t nv = bl_shrink_ints(text, len, NULL, 0);
	long long *v = malloc((nv ? nv : 1) * sizeof *v);
	struct tower_cut t = { .ds = -1, .white = -1, .shift = -1 };
	long ndrops;
	bool ok = true;

	if (!v)
		return false;
	bl_shrink_ints(text, len, v, nv);
	t.n = nv >= 2 ? v[0] : 0;
	t.k = nv >= 2 ? v[1] : 0;
	if (t.n < 1 || t.n > 1000000 || t.k < 0 || (long long)nv != 2 + t.n * t.n + 3 * t.k ||
	    !(t.del = calloc((size_t)(2 * t.n), 1))) {
		free(v);
		return false;
	}
	t.col = v + 2;
	t.pc = v + 2 + t.n * t.n;
	for (long long i = 0; i < t.k; i++)
		if (t.pc[3 * i] < 1 || t.pc[3 * i] > t.n || t.pc[3 * i + 1] < 1 ||
		    t.pc[3 * i + 1] > t.n)
			ok = false;   /* a piece off the board: not an instance */
	if (idx < 0 || !ok)
		ok = false;
	else if (idx < (ndrops = bl_shrink_drops((long)t.k, idx, &t.ds, &t.dl)))
		;   /* t.ds, t.dl: the pieces to drop */
	else if ((idx -= ndrops) < 2 + t.n * t.n)
		ok = tower_free_lines(&t, idx);
	else if ((idx -= 2 + (long)(t.n * t.n)) < t.n * t.n)
		t.white = idx;
	else if ((idx -= (long)(t.n * t.n)) < 2 * t.k)
		t.shift = idx;
	else
		ok = false;
	ok = ok && tower_write(&t, out);
	free(v);
	free(t.del);
	return ok;
}

/* ---- yut: a line of dice ---- */

#define YUT_MAXV 10000

bool yut_shrink(const char *text, size_t len, long idx, struct bl_buf *out)
{
	long long *v = malloc(YUT_MAXV * sizeof *v);
	size_t m;
	long ndrops, ds = -1, dl = 0, lower = -1;

	if (!v || idx < 0) {
		free(v);
		return false;
	}
	m = bl_shrink_ints(text, len, v, YUT_MAXV);
	ndrops = bl_shrink_drops((long)m, idx, &ds, &dl);
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

/* ---- grundy: N, then N lines "x y LETTER" (or "x y" with --only) ---- */

#define GRUNDY_MAXP 1000000   /* pieces read at most (the judge allows 300000) */

/* One piece: its coordinates and its letter (empty with --only). */
struct gpiece {
	long long x, y;
	char letter[16];
};

/*
 * The passes after the drops, for each piece in turn: cut its coordinates
 * down to their residues mod 6 (both, x, y), halve the multiple of 6 above
 * the residue (both, x, y), halve x, halve y, one step toward the origin
 * along x, then y.
 */
#define GRUNDY_PASSES 10

static long long keep6(long long v, int how)
{
	return how == 0 ? v % 6 : (v / 6) / 2 * 6 + v % 6;
}

/* Pass number pass, of the GRUNDY_PASSES above, on *p. */
static void grundy_pass(struct gpiece *p, int pass)
{
	if (pass < 6) {
		if (pass % 3 != 2)
			p->x = keep6(p->x, pass / 3);
		if (pass % 3 != 1)
			p->y = keep6(p->y, pass / 3);
	} else if (pass == 6) {
		p->x /= 2;
	} else if (pass == 7) {
		p->y /= 2;
	} else if (pass == 8) {
		p->x -= p->x > 0;
	} else {
		p->y -= p->y > 0;
	}
}

/* The n pieces after the count at s into p[]; false when a coordinate is missing. */
static bool grundy_read(const char *s, const char *end, struct gpiece *p, long long n)
{
	char *e;

	for (long long i = 0; i < n; i++) {
		p[i].x = strtoll(s, &e, 10);
		if (e == s)
			return false;
		s = e;
		p[i].y = strtoll(s, &e, 10);
		if (e == s)
			return false;
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
	return true;
}

bool grundy_shrink(const char *text, size_t len, long idx, struct bl_buf *out)
{
	struct gpiece *p;
	char *s = malloc(len + 1), *e;   /* text NUL-terminated, for strtoll */
	long long n;
	long ndrops, ds = -1, dl = 0;

	if (!s || idx < 0) {
		free(s);
		return false;
	}
	memcpy(s, text, len);
	s[len] = '\0';
	n = strtoll(s, &e, 10);
	if (e == s || n < 1 || n > GRUNDY_MAXP ||
	    idx >= (ndrops = bl_shrink_drops((long)n, idx, &ds, &dl)) + GRUNDY_PASSES * n ||
	    !(p = calloc((size_t)n, sizeof *p))) {
		free(s);
		return false;
	}
	if (!grundy_read(e, s + len, p, n)) {
		free(p);
		free(s);
		return false;
	}
	if (idx >= ndrops) {
		ds = -1;
		dl = 0;
		grundy_pass(&p[(idx - ndrops) / GRUNDY_PASSES], (int)((idx - ndrops) % GRUNDY_PASSES));
	}
	bl_buf_printf(out, "%lld\n", n - dl);
	for (long i = 0; i < n; i++)
		if (i < ds || i >= ds + dl)
			bl_buf_printf(out, "%lld %lld%s%s\n", p[i].x, p[i].y, p[i].letter[0] ? " " : "",
				      p[i].letter);
	free(p);
	free(s);
	return true;
}

/* ---- puyo: rows of 6 cells, top first, '.' empty ---- */

#define PUYO_MAXR 64
#define PUYO_MAXC 64

/* A field as text rows, and the colours in it. */
struct pfield {
	char f[PUYO_MAXR][PUYO_MAXC + 1];
	int rows, w;
	char colours[16];
	int ncol;
};

/* Reads the non-empty lines of text into *pf; false unless they make a rectangle. */
static bool puyo_read(const char *text, size_t len, struct pfield *pf)
{
	size_t i = 0;

	pf->rows = pf->w = pf->ncol = 0;
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t l = nl ? (size_t)(nl - (text + i)) : len - i;
		while (l > 0 && (text[i + l - 1] == '\r' || text[i + l - 1] == ' '))
			l--;
		if (l > 0) {
			if (pf->rows == PUYO_MAXR || l > PUYO_MAXC || (pf->w && (int)l != pf->w))
				return false;
			memcpy(pf->f[pf->rows], text + i, l);
			pf->f[pf->rows][l] = '\0';
			pf->w = (int)l;
			pf->rows++;
		}
		i += (nl ? (size_t)(nl - (text + i)) + 1 : len - i);
	}
	if (pf->rows == 0)
		return false;
	for (int r = 0; r < pf->rows; r++)
		for (int c = 0; c < pf->w; c++)
			if (pf->f[r][c] != '.' && !memchr(pf->colours, pf->f[r][c], (size_t)pf->ncol) &&
			    pf->ncol < 16)
				pf->colours[pf->ncol++] = pf->f[r][c];
	return true;
}

/* Takes cell (r, c) out: the cells above fall by one. */
static void puyo_take_out(struct pfield *pf, int r, int c)
{
	for (int rr = r; rr > 0; rr--)
		pf->f[rr][c] = pf->f[rr - 1][c];
	pf->f[0][c] = '.';
}

bool puyo_shrink(const char *text, size_t len, long idx, struct bl_buf *out)
{
	struct pfield pf;
	int rows, w, ncol;

	if (idx < 0 || !puyo_read(text, len, &pf))
		return false;
	rows = pf.rows;
	w = pf.w;
	ncol = pf.ncol;
	if (idx < w) {
		for (int r = 0; r < rows; r++)
			pf.f[r][idx] = '.';
	} else if ((idx -= w) < rows) {
		for (int c = 0; c < w; c++)
			puyo_take_out(&pf, (int)idx, c);
	} else if ((idx -= rows) < (long)rows * w) {
		int r = (int)(idx / w), c = (int)(idx % w);
		if (pf.f[r][c] != '.')
			puyo_take_out(&pf, r, c);
	} else if ((idx -= (long)rows * w) < (long)ncol * ncol) {
		char from = pf.colours[idx / ncol], to = pf.colours[idx % ncol];
		for (int r = 0; r < rows; r++)
			for (int c = 0; c < w; c++)
				if (pf.f[r][c] == from)
					pf.f[r][c] = to;
	} else {
		return false;
	}
	for (int r = 0; r < rows; r++) {
		bl_buf_puts(out, pf.f[r]);
		bl_buf_putc(out, '\n');
	}
	return true;
}
