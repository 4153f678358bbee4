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
 * Rows and columns to delete in pairs, into t->del: with idx 0 all the
 * pairs of a row and a column free of pieces, 1 half of them, then
 * (idx - 2) as row * n + column that row and column, the pieces on them
 * moving onto the next row and column.  False when out of memory.
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
	} else {   /* pieces on them move onto the next row and column (solve judges a clash) */
		long r = (idx - 2) / (long)n, c = (idx - 2) % (long)n;
		t->del[r] = t->del[n + c] = n > 1;
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
		pr -= pr > m;   /* it stood on the last row, deleted: onto the one before */
		pcol -= pcol > m;
		if (t->shift == 2 * i && pr > 1)
			pr--;
		if (t->shift == 2 * i + 1 && pcol > 1)
			pcol--;
		bl_buf_printf(out, "%lld %lld %lld\n", pr, pcol, t->pc[3 * i + 2]);
	}
	free(rb);
	return true;
}

/* Whether a piece other than piece i stands on (r, c). */
static bool tower_taken(const long long *pc, long long k, long long i, long long r, long long c)
{
	for (long long j = 0; j < k; j++)
		if (j != i && pc[3 * j] == r && pc[3 * j + 1] == c)
			return true;
	return false;
}

/*
 * Sideways reduction idx (below 3k + 4k + k^2 + 2n^2) applied to the
 * colours col and the pieces pc in place: turn piece i to each of its
 * other three directions; move it one cell right, left, up or down (onto
 * the board, onto no other piece); swap pieces i < j in the order of
 * moves; paint a cell each of its other two colours.  An idx that fits
 * none leaves them as they are.  False when idx is past them all.
 */
static bool tower_sideways(long long n, long long k, long long *col, long long *pc, long idx)
{
	static const int dr[5] = { 0, 0, 0, -1, 1 }, dc[5] = { 0, 1, -1, 0, 0 };

	if (idx < 3 * k) {
		long long *d = &pc[3 * (idx / 3) + 2];
		long long to = 1 + (idx % 3 + (*d >= 1 && *d <= 4 ? *d : 1)) % 4;   /* never *d */
		*d = to;
	} else if ((idx -= 3 * (long)k) < 4 * k) {
		long long i = idx / 4, r = pc[3 * i] + dr[idx % 4 + 1], c = pc[3 * i + 1] + dc[idx % 4 + 1];
		if (r >= 1 && r <= n && c >= 1 && c <= n && !tower_taken(pc, k, i, r, c)) {
			pc[3 * i] = r;
			pc[3 * i + 1] = c;
		}
	} else if ((idx -= 4 * (long)k) < k * k) {
		long long i = idx / k, j = idx % k;
		for (int x = 0; i < j && x < 3; x++) {
			long long tmp = pc[3 * i + x];
			pc[3 * i + x] = pc[3 * j + x];
			pc[3 * j + x] = tmp;
		}
	} else if ((idx -= (long)(k * k)) < 2 * n * n) {
		long long *cell = &col[idx / 2];
		*cell = (*cell + 1 + idx % 2) % 3;
	} else {
		return false;
	}
	return true;
}

/*
 * Reductions, biggest first: drop pieces (halves, quarters, ..., one);
 * delete rows and columns where no piece stands, in pairs so that the
 * board stays square (all such pairs, half of them, then each pair of row
 * a and column b; the pieces beyond move in); whiten a red or blue cell;
 * move a piece one row up, or one column left (so that a later pass can
 * delete the last row and column); then the sideways ones (tower_sideways).
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
		ok = tower_sideways(t.n, t.k, v + 2, v + 2 + t.n * t.n, idx - 2 * (long)t.k);
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

/* ---- the order: each game's measure ---- */

int bl_shrink_cmp(const int64_t a[BL_SHRINK_TERMS], const int64_t b[BL_SHRINK_TERMS])
{
	for (int i = 0; i < BL_SHRINK_TERMS; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

#define NO_TURN ((int64_t)1 << 62)   /* a failing game of no known length */

/* The first token of text as a turn: a positive integer of at most 18 digits, else NO_TURN. */
static int64_t first_turn(const char *text, size_t len)
{
	size_t i = 0, d = 0;
	int64_t v = 0;

	while (i < len && is_space(text[i]))
		i++;
	for (; i < len && text[i] >= '0' && text[i] <= '9'; i++, d++)
		if (d < 18)   /* more digits are no turn: v stays within int64_t */
			v = v * 10 + (text[i] - '0');
	if (d == 0 || d > 18 || (i < len && !is_space(text[i])) || v == 0)
		return NO_TURN;
	return v;
}

bool tower_shrink_measure(const char *text, size_t len, const char *expected, size_t elen,
			  const char *found, size_t flen, int64_t m[BL_SHRINK_TERMS])
{
	size_t nv = bl_shrink_ints(text, len, NULL, 0);
	long long *v = malloc((nv ? nv : 1) * sizeof *v);
	long long n, k;
	int64_t e = first_turn(expected, elen), f = found ? first_turn(found, flen) : 0;

	memset(m, 0, BL_SHRINK_TERMS * sizeof *m);
	if (!v)
		return false;
	bl_shrink_ints(text, len, v, nv);
	n = nv >= 2 ? v[0] : 0;
	k = nv >= 2 ? v[1] : 0;
	if (n < 1 || n > 1000000 || k < 0 || (long long)nv != 2 + n * n + 3 * k) {
		free(v);
		return false;
	}
	m[0] = k;
	m[1] = n;
	m[2] = e;
	m[5] = f;
	for (long long i = 0; i < n * n; i++)
		m[3] += v[2 + i] != 0;
	for (long long i = 0; i < k; i++)
		m[4] += v[2 + n * n + 3 * i] + v[2 + n * n + 3 * i + 1];
	free(v);
	return true;
}

bool yut_shrink_measure(const char *text, size_t len, const char *expected, size_t elen,
			const char *found, size_t flen, int64_t m[BL_SHRINK_TERMS])
{
	long long *v = malloc(YUT_MAXV * sizeof *v);
	size_t nv;

	(void)expected, (void)elen, (void)found, (void)flen;
	memset(m, 0, BL_SHRINK_TERMS * sizeof *m);
	if (!v)
		return false;
	nv = bl_shrink_ints(text, len, v, YUT_MAXV);
	m[0] = (int64_t)nv;
	for (size_t i = 0; i < nv && i < YUT_MAXV; i++)
		m[1] += v[i];
	free(v);
	return nv <= YUT_MAXV;
}

bool grundy_shrink_measure(const char *text, size_t len, const char *expected, size_t elen,
			   const char *found, size_t flen, int64_t m[BL_SHRINK_TERMS])
{
	size_t nv = bl_shrink_ints(text, len, NULL, 0);
	long long *v = malloc((nv ? nv : 1) * sizeof *v);

	(void)expected, (void)elen, (void)found, (void)flen;
	memset(m, 0, BL_SHRINK_TERMS * sizeof *m);
	if (!v)
		return false;
	/* The letters count as 0: the pieces' terms are their coordinates. */
	bl_shrink_ints(text, len, v, nv);
	m[0] = nv ? v[0] : 0;
	for (size_t i = 1; i < nv; i++)
		m[1] += v[i] > 0 ? v[i] : 0;
	free(v);
	return nv > 0;
}

bool puyo_shrink_measure(const char *text, size_t len, const char *expected, size_t elen,
			 const char *found, size_t flen, int64_t m[BL_SHRINK_TERMS])
{
	bool seen[256] = { false };

	(void)expected, (void)elen, (void)found, (void)flen;
	memset(m, 0, BL_SHRINK_TERMS * sizeof *m);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == '.' || is_space((char)c))
			continue;
		m[0]++;
		m[1] += !seen[c];
		seen[c] = true;
	}
	return true;
}

/* The games whose reductions do not need the outputs. */
#define RUN_FN(game)                                                                        \
	static bool game##_reduce(const char *text, size_t len, const char *expected,       \
				  size_t elen, const char *found, size_t flen, long idx,     \
				  struct bl_buf *out)                                        \
	{                                                                                   \
		(void)expected, (void)elen, (void)found, (void)flen;                        \
		return game##_shrink(text, len, idx, out);                                  \
	}                                                                                   \
	const struct bl_shrink_game bl_shrink_##game = { game##_reduce, game##_shrink_measure }

RUN_FN(yut);
RUN_FN(grundy);
RUN_FN(puyo);

/* ---- the greedy loop's state ---- */

static void copy_into(struct bl_buf *dst, const char *p, size_t len)
{
	bl_buf_reset(dst);
	bl_buf_add(dst, p ? p : "", len);
}

bool bl_shrinker_init(struct bl_shrinker *sh, const struct bl_shrink_game *game,
		      const char *input, size_t len, const char *expected, size_t elen,
		      const char *found, size_t flen)
{
	memset(sh, 0, sizeof *sh);
	sh->game = game;
	bl_buf_init(&sh->input);
	bl_buf_init(&sh->expected);
	bl_buf_init(&sh->found);
	copy_into(&sh->input, input, len);
	copy_into(&sh->expected, expected, elen);
	copy_into(&sh->found, found, flen);
	game->measure(input, len, expected, elen, found, flen, sh->m);
	sh->failed = bl_buf_failed(&sh->input) || bl_buf_failed(&sh->expected) ||
		     bl_buf_failed(&sh->found);
	return !sh->failed;
}

bool bl_shrinker_next(struct bl_shrinker *sh, struct bl_buf *out, long *idx)
{
	const struct bl_buf *in = &sh->input;

	while (!sh->failed) {
		bl_buf_reset(out);
		if (sh->wrapped && sh->next >= sh->until)
			return false;   /* a whole round since the last step: a local minimum */
		if (!sh->game->reduce(in->data, in->len, sh->expected.data, sh->expected.len,
				      sh->found.data, sh->found.len, sh->next, out)) {
			if (sh->wrapped || sh->until == 0)
				return false;
			sh->wrapped = true;   /* the reductions before the last step's, again */
			sh->next = 0;
			continue;
		}
		*idx = sh->next++;
		if (bl_buf_failed(out))
			sh->failed = true;
		else if (out->len != in->len || memcmp(out->data, in->data, in->len) != 0)
			return true;
	}
	return false;
}

bool bl_shrinker_take(struct bl_shrinker *sh, long idx, const char *cand, size_t len,
		      const char *expected, size_t elen, const char *found, size_t flen)
{
	int64_t m[BL_SHRINK_TERMS];
	struct bl_buf *nc;

	if (sh->failed || !sh->game->measure(cand, len, expected, elen, found, flen, m) ||
	    bl_shrink_cmp(m, sh->m) >= 0)
		return false;
	if (!(nc = realloc(sh->chain, (sh->nchain + 1) * sizeof *nc))) {
		sh->failed = true;
		return false;
	}
	sh->chain = nc;
	nc[sh->nchain] = sh->input;   /* the buffer moves into the chain */
	sh->nchain++;
	bl_buf_init(&sh->input);
	copy_into(&sh->input, cand, len);
	copy_into(&sh->expected, expected, elen);
	copy_into(&sh->found, found, flen);
	memcpy(sh->m, m, sizeof m);
	sh->steps++;
	sh->next = sh->until = idx + 1;   /* the round goes on after it, then wraps */
	sh->wrapped = false;
	sh->failed = bl_buf_failed(&sh->input) || bl_buf_failed(&sh->expected) ||
		     bl_buf_failed(&sh->found);
	return !sh->failed;
}

bool bl_shrinker_worth(const struct bl_shrinker *sh, const char *cand, size_t len,
		       const char *expected, size_t elen)
{
	int64_t m[BL_SHRINK_TERMS];

	return sh->game->measure(cand, len, expected, elen, NULL, 0, m) &&
	       bl_shrink_cmp(m, sh->m) < 0;
}

void bl_shrinker_release(struct bl_shrinker *sh)
{
	bl_buf_release(&sh->input);
	bl_buf_release(&sh->expected);
	bl_buf_release(&sh->found);
	for (size_t i = 0; i < sh->nchain; i++)
		bl_buf_release(&sh->chain[i]);
	free(sh->chain);
	sh->chain = NULL;
	sh->nchain = 0;
}
