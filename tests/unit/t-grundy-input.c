/*
 * Unit tests of grundy's hand-scanning reader against the token reader it
 * falls back to (fmt.plain): on valid and mutated inputs, in every format,
 * read as batches, both give the same answers, the same positions of every
 * piece's x and y, the same diagnostics at the same line and column, and
 * leave the reader at the same place; and so does grundy_solve, which reads
 * the judge's layout eight bytes at a time; and an edit of one line is
 * answered by grundy_solve_line as the whole edited text is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "grundy_impl.h"
#include "tap.h"

#define TEXT_MAX 8192

/* Bytes a mutation inserts: separators, digits, signs, letters, UTF-8. */
static const char *const noise[] = {
	" ", "\t", "\n", "\r\n", "\r", "\v", "0", "7", "9", "-", "+", "R", "P", "Q", "x", "\xc3\xa9",
	"\xe2\x82\xac", "\x80", "99999999999999999999", "1000000000", "999999999", "2999", "3000",
};

static size_t valid_text(struct bl_rng *r, int only, char *t)
{
	int n = (int)bl_rng_range(r, 0, 12);
	size_t o = (size_t)sprintf(t, "%d%s", n, bl_rng_below(r, 2) ? "\n" : " ");

	for (int i = 0; i < n; i++) {
		long long x = bl_rng_below(r, 3) ? bl_rng_range(r, 0, 3000)
						 : bl_rng_range(r, 0, 2000000000);
		long long y = bl_rng_range(r, 0, 40);
		o += (size_t)sprintf(t + o, "%lld%s%lld", x, bl_rng_below(r, 4) ? " " : "\t", y);
		if (only == GRUNDY_MIXED)
			o += (size_t)sprintf(t + o, " %c", "RBKNP"[bl_rng_below(r, 5)]);
		o += (size_t)sprintf(t + o, "%s", bl_rng_below(r, 5) ? "\n" : "  ");
	}
	return o;
}

static size_t mutate(struct bl_rng *r, char *t, size_t len)
{
	int k = (int)bl_rng_range(r, 1, 3);

	for (int i = 0; i < k; i++) {
		size_t at = len ? bl_rng_below(r, len + 1) : 0;
		switch (bl_rng_below(r, 3)) {
		case 0: { /* insert */
			const char *s = noise[bl_rng_below(r, sizeof noise / sizeof noise[0])];
			size_t n = strlen(s);
			if (len + n >= TEXT_MAX)
				break;
			memmove(t + at + n, t + at, len - at);
			memcpy(t + at, s, n);
			len += n;
			break;
		}
		case 1: /* delete */
			if (at < len) {
				memmove(t + at, t + at + 1, len - at - 1);
				len--;
			}
			break;
		default: /* replace */
			if (at < len)
				t[at] = noise[bl_rng_below(r, 10)][0];
			break;
		}
	}
	return len;
}

struct run {
	enum bl_code code;
	struct bl_err err;
	uint64_t nims[64];
	int n;
	size_t off;
	int line, col, last_line, last_col;
	uint64_t where;   /* a hash of every piece's x and y positions */
};

/* grundy_solve, hashing where each piece's coordinates start. */
static enum bl_code solve_where(struct bl_reader *rd, const struct grundy_format *f,
				const struct grundy_limits *lim, uint64_t *nim, uint64_t *where,
				struct bl_err *err)
{
	struct grundy_input in;
	struct grundy_stone s;
	enum bl_code code;

	*nim = 0;
	if ((code = grundy_input_begin(&in, rd, f, lim, err)) != BL_OK)
		return code;
	while (in.done < in.count) {
		if ((code = grundy_input_next(&in, &s, err)) != BL_OK)
			return code;
		*nim ^= s.value;
		*where = *where * 1000003 + (uint64_t)s.line * 7919 + (uint64_t)s.col;
		*where = *where * 1000003 + (uint64_t)s.yline * 7919 + (uint64_t)s.ycol;
	}
	return BL_OK;
}

/*
 * Reads instances until the end or an error, as solve --batch does, piece
 * by piece (where hashed), or with grundy_solve (where left 0).
 */
static void run_batch(const char *t, size_t len, struct grundy_format f,
		      const struct grundy_limits *lim, bool solve, struct run *out)
{
	struct bl_reader rd;

	memset(out, 0, sizeof *out);
	bl_reader_init(&rd, t, len);
	bl_err_clear(&out->err);
	while (!bl_reader_eof(&rd) && out->n < 64) {
		uint64_t nim;
		struct grundy_result res;
		if (solve) {
			out->code = grundy_solve(&rd, &f, lim, &res, &out->err);
			nim = res.nim;
		} else {
			out->code = solve_where(&rd, &f, lim, &nim, &out->where, &out->err);
		}
		if (out->code != BL_OK)
			break;
		out->nims[out->n++] = nim;
	}
	out->off = (size_t)(rd.p - t);
	out->line = rd.line;
	out->col = rd.col;
	out->last_line = rd.last_line;
	out->last_col = rd.last_col;
}

static bool same_run(const struct run *a, const struct run *b)
{
	if (a->code != b->code || a->n != b->n || a->where != b->where ||
	    memcmp(a->nims, b->nims, sizeof a->nims))
		return false;
	if (a->code != BL_OK)
		return a->err.line == b->err.line && a->err.col == b->err.col &&
		       strcmp(a->err.msg, b->err.msg) == 0;
	return a->off == b->off && a->line == b->line && a->col == b->col &&
	       a->last_line == b->last_line && a->last_col == b->last_col;
}

/* An instance of one piece a line, as the judge's are (some lines end in CR LF). */
static size_t lined_text(struct bl_rng *r, int only, char *t)
{
	int n = (int)bl_rng_range(r, 1, bl_rng_below(r, 3) ? 12 : 40);
	bool judge = bl_rng_below(r, 2);   /* the judge's layout, which grundy_solve scans fast */
	size_t o = (size_t)sprintf(t, "%s%d\n", bl_rng_below(r, 8) ? "" : "\n", n);

	for (int i = 0; i < n; i++) {
		o += (size_t)sprintf(t + o, "%lld%s%lld", (long long)bl_rng_range(r, 0, 3000),
				     judge || bl_rng_below(r, 4) ? " " : "\t",
				     (long long)bl_rng_range(r, 0, 40));
		if (only == GRUNDY_MIXED)
			o += (size_t)sprintf(t + o, " %c", "RBKNP"[bl_rng_below(r, 5)]);
		o += (size_t)sprintf(t + o, "%s", judge || bl_rng_below(r, 6) ? "\n" : " \r\n");
	}
	if (bl_rng_below(r, 4) == 0)   /* blank lines after: the last piece scanned fast too */
		o += (size_t)sprintf(t + o, "%64s\n\n", "");
	return o;
}

/* grundy_solve of the whole text, and the end of input after it. */
static enum bl_code solve_whole(const char *t, size_t len, const struct grundy_format *f,
				const struct grundy_limits *lim, struct grundy_result *res)
{
	struct bl_reader rd;
	enum bl_code code;

	bl_reader_init(&rd, t, len);
	code = grundy_solve(&rd, f, lim, res, NULL);
	return code != BL_OK ? code : grundy_expect_end(&rd, f, res->count, NULL);
}

static bool any_stone(void *ctx, const struct grundy_stone *s, int64_t i, uint64_t nim)
{
	(void)ctx, (void)s, (void)i, (void)nim;
	return true;
}

/* res.lined of t read piece by piece (a callback keeps grundy_stones off its fast scan). */
static bool lined_slowly(const char *t, size_t len, const struct grundy_format *f,
			 const struct grundy_limits *lim)
{
	struct bl_reader rd;
	struct grundy_result res;

	bl_reader_init(&rd, t, len);
	return grundy_stones(&rd, f, lim, any_stone, NULL, &res, NULL) == BL_OK && res.lined;
}

/* The bounds [*a, *b) of line k (from 0) of t, ended by LF, CR LF or a lone CR. */
static bool line_bounds(const char *t, size_t len, int k, size_t *a, size_t *b)
{
	size_t p = 0;

	for (int l = 0; l < k; l++) {
		while (p < len && t[p] != '\n' && t[p] != '\r')
			p++;
		if (p == len)
			return false;
		p += t[p] == '\r' && p + 1 < len && t[p + 1] == '\n' ? 2 : 1;
	}
	*a = p;
	while (p < len && t[p] != '\n' && t[p] != '\r')
		p++;
	*b = p;
	return true;
}

/*
 * grundy_solve_line against grundy_solve: a line of a lined instance
 * replaced by a random piece or by the line mutated within itself; each
 * edit it answers is answered as the whole edited text is, and the lines
 * it refuses include every one that is not exactly one piece (a piece
 * split over two lines, "1 2" then "R 3 4 B", is lined but refused).
 */
static void test_solve_line(int count)
{
	static char text[TEXT_MAX], edited[TEXT_MAX + 64], line[64];
	struct grundy_format f = { GRUNDY_MIXED, NULL, false, GRUNDY_MISTAKE_NONE };
	struct grundy_limits lim;
	struct grundy_result res, whole;
	long answered = 0, refused = 0, bad = 0;
	static const char split[] = "3\n1 2\nR 3 4 B\n5 6 K\n";

	grundy_limits_boj(&lim);
	ok(solve_whole(split, strlen(split), &f, &lim, &res) == BL_OK && res.lined &&
	   grundy_solve_line("1 2", 3, "1 3", 3, &f, &lim, &res) == BL_ERR_INPUT &&
	   grundy_solve_line("R 3 4 B", 7, "R 3 5 B", 7, &f, &lim, &res) == BL_ERR_INPUT,
	   "a piece split over two lines: lined, and neither line answered alone");
	ok(solve_whole("2 1 2 R\n3 4 B\n", 14, &f, &lim, &res) == BL_OK && !res.lined,
	   "the count and a piece on one line: not lined");
	f.only = GRUNDY_PALACE;   /* "2 3" would read as a piece, but is y then x */
	ok(solve_whole("3\n1\n2 3\n4 5\n6\n", 14, &f, &lim, &res) == BL_OK && !res.lined,
	   "16879's x and y on lines of their own, each x on line i + 1: not lined");
	for (int i = 0; i < count; i++) {
		struct bl_rng r;
		size_t len = 0, a, b, n;
		int k;

		f.only = i % 2 ? GRUNDY_PALACE : GRUNDY_MIXED;
		bl_rng_init_stream(&r, 0x11ed, (uint64_t)i);
		len = lined_text(&r, f.only, text);
		if (bl_rng_below(&r, 4) == 0)   /* now and then not lined, or not valid */
			len = mutate(&r, text, len);
		if (solve_whole(text, len, &f, &lim, &res) != BL_OK)
			continue;
		if (res.lined != lined_slowly(text, len, &f, &lim) && bad++ < 3)
			tap_diag("text %d: lined %d read at full speed, %d piece by piece\n%.*s", i,
				 res.lined, !res.lined, (int)len, text);
		if (!res.lined)
			continue;
		k = (int)bl_rng_below(&r, (uint64_t)res.count + 2);
		if (!line_bounds(text, len, k, &a, &b) || b - a >= sizeof line)
			continue;
		if (bl_rng_below(&r, 2)) {
			n = (size_t)snprintf(line, sizeof line, "%lld %lld%s",
					     (long long)bl_rng_range(&r, 0, 3000),
					     (long long)bl_rng_range(&r, 0, 3000),
					     f.only == GRUNDY_MIXED ? " N" : "");
		} else {
			memcpy(line, text + a, b - a);
			n = mutate(&r, line, b - a);
			if (memchr(line, '\n', n) || memchr(line, '\r', n) || n >= sizeof line)
				continue;
		}
		memcpy(edited, text, a);
		memcpy(edited + a, line, n);
		memcpy(edited + a + n, text + b, len - b);
		if (grundy_solve_line(text + a, b - a, line, n, &f, &lim, &res) != BL_OK) {
			refused++;
			continue;
		}
		answered++;
		if ((solve_whole(edited, a + n + len - b, &f, &lim, &whole) != BL_OK ||
		     whole.nim != res.nim || !whole.lined) &&
		    bad++ < 3)
			tap_diag("edit %d: line %d '%.*s' -> '%.*s': nim %llu, whole %llu\n%.*s", i, k,
				 (int)(b - a), text + a, (int)n, line, (unsigned long long)res.nim,
				 (unsigned long long)whole.nim, (int)len, text);
	}
	is_int(bad, 0, "lined alike read at full speed and piece by piece; %ld edits of one line answered as the whole edited text is", answered);
	ok(answered >= count / 10 && refused >= count / 10,
	   "edits answered (%ld) and refused (%ld)", answered, refused);
}

int main(void)
{
	const char *q = getenv("BL_TEST_QUICK");
	int count = q && *q && strcmp(q, "0") != 0 ? 5000 : 40000;
	static const struct {
		int only;
		bool boj;
	} fmts[] = { { GRUNDY_MIXED, false }, { GRUNDY_MIXED, true }, { GRUNDY_PALACE, true },
		     { GRUNDY_ROOK, false } };
	static char text[TEXT_MAX];
	long bad = 0, bad_solve = 0, errors = 0, clean = 0, multi = 0;

	for (int i = 0; i < count; i++) {
		struct bl_rng r;
		struct run fast, plain, solved;
		int fi = i % 4;
		struct grundy_format f = { fmts[fi].only, NULL, false, GRUNDY_MISTAKE_NONE };
		struct grundy_limits lim;
		size_t len = 0;

		bl_rng_init_stream(&r, 0x1b10c, (uint64_t)i);
		int k = (int)bl_rng_range(&r, 1, 3);
		for (int j = 0; j < k; j++)
			len += valid_text(&r, f.only, text + len);
		if (bl_rng_below(&r, 4))
			len = mutate(&r, text, len);
		if (fmts[fi].boj)
			grundy_limits_boj(&lim);
		else
			grundy_limits_any(&lim);
		run_batch(text, len, f, &lim, false, &fast);
		run_batch(text, len, f, &lim, true, &solved);
		f.plain = true;
		run_batch(text, len, f, &lim, false, &plain);
		solved.where = plain.where;
		if (!same_run(&solved, &plain) && bad_solve++ < 3)
			tap_diag("input %d (format %d): grundy_solve %d %d:%d '%s' n %d at %zu %d:%d\n%.*s",
				 i, fi, (int)solved.code, solved.err.line, solved.err.col,
				 solved.err.msg, solved.n, solved.off, solved.line, solved.col,
				 (int)len, text);
		if (!same_run(&fast, &plain) && bad++ < 3)
			tap_diag("input %d (format %d): fast %d %d:%d '%s' n %d at %zu %d:%d, plain %d "
				 "%d:%d '%s' n %d at %zu %d:%d\n%.*s",
				 i, fi, (int)fast.code, fast.err.line, fast.err.col, fast.err.msg,
				 fast.n, fast.off, fast.line, fast.col, (int)plain.code,
				 plain.err.line, plain.err.col, plain.err.msg, plain.n, plain.off,
				 plain.line, plain.col, (int)len, text);
		errors += plain.code != BL_OK;
		clean += plain.code == BL_OK;
		multi += plain.n > 1;
	}
	is_int(bad, 0, "%d inputs: the scan and the token reader agree on answers, diagnostics "
		       "and position",
	       count);
	is_int(bad_solve, 0, "%d inputs: grundy_solve and the token reader agree on answers, "
			     "diagnostics and position",
	       count);
	ok(errors >= count / 5 && clean >= count / 5 && multi >= count / 10,
	   "diagnostics (%ld), clean inputs (%ld) and batches of several (%ld)", errors, clean,
	   multi);
	test_solve_line(count / 4);
	return tap_done();
}
