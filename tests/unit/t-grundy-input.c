/*
 * Unit tests of grundy's hand-scanning reader against the token reader it
 * falls back to (fmt.plain): on valid and mutated inputs, in every format,
 * read as batches, both give the same answers, the same positions of every
 * piece's x and y, the same diagnostics at the same line and column, and
 * leave the reader at the same place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
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

/* Reads instances until the end or an error, as solve --batch does. */
static void run_batch(const char *t, size_t len, struct grundy_format f,
		      const struct grundy_limits *lim, struct run *out)
{
	struct bl_reader rd;

	memset(out, 0, sizeof *out);
	bl_reader_init(&rd, t, len);
	bl_err_clear(&out->err);
	while (!bl_reader_eof(&rd) && out->n < 64) {
		uint64_t nim;
		out->code = solve_where(&rd, &f, lim, &nim, &out->where, &out->err);
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
	long bad = 0, errors = 0, clean = 0, multi = 0;

	for (int i = 0; i < count; i++) {
		struct bl_rng r;
		struct run fast, plain;
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
		run_batch(text, len, f, &lim, &fast);
		f.plain = true;
		run_batch(text, len, f, &lim, &plain);
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
	ok(errors >= count / 5 && clean >= count / 5 && multi >= count / 10,
	   "diagnostics (%ld), clean inputs (%ld) and batches of several (%ld)", errors, clean,
	   multi);
	return tap_done();
}
