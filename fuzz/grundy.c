/*
 * grundy's instance format (grundy_solve): mixed letters and one piece
 * only, under the judge's limits and the tool's, as a batch.  The fast
 * scanner and the plain token-by-token reader must agree on everything:
 * the XOR, or the error's code, position and message, and where the
 * reader stops.  A set with a custom letter (Q, a rook's moves) is used too.
 * The same text streamed in small reads must give the same answers and
 * hints (a hint reads its instance twice, from a mark).
 */
#include "fuzz.h"

struct parse_arg {
	const struct grundy_format *fmt;
	const struct grundy_limits *lim;
	bool hint;
};

/* Every instance of rd, its xor (and hint), for fuzz_same_stream. */
static void parse_all(struct bl_reader *rd, const void *varg, struct bl_buf *out)
{
	const struct parse_arg *a = varg;
	struct grundy_result res;
	struct grundy_hint h;
	struct bl_err err;
	enum bl_code code;

	for (int i = 0; i < 4 && !bl_reader_eof(rd); i++) {
		bl_err_clear(&err);
		if (a->hint)
			code = grundy_hint_find(rd, a->fmt, a->lim, &h, &err);
		else
			code = grundy_solve(rd, a->fmt, a->lim, &res, &err);
		if (code != BL_OK) {
			fuzz_put_err(out, code, &err);
			break;
		}
		if (a->hint)
			bl_buf_printf(out, "%llu %lld %lld %llu %llu\n", (unsigned long long)h.nim,
				      (long long)h.count, (long long)h.index,
				      (unsigned long long)(h.nim ? h.tx : 0),
				      (unsigned long long)(h.nim ? h.ty : 0));
		else
			bl_buf_printf(out, "%llu %lld\n", (unsigned long long)res.nim,
				      (long long)res.count);
	}
}

static void both(const char *text, size_t len, const struct grundy_format *fmt,
		 const struct grundy_limits *lim)
{
	struct bl_reader fast, plain;
	struct grundy_format pf = *fmt;

	pf.plain = true;
	bl_reader_init(&fast, text, len);
	bl_reader_init(&plain, text, len);
	for (int i = 0; i < 4 && !bl_reader_eof(&fast); i++) {
		struct bl_err e1, e2;
		struct grundy_result r1 = { 0, 0 }, r2 = { 0, 0 };
		bl_err_clear(&e1);
		bl_err_clear(&e2);
		enum bl_code c1 = grundy_solve(&fast, fmt, lim, &r1, &e1);
		enum bl_code c2 = grundy_solve(&plain, &pf, lim, &r2, &e2);
		FUZZ_ASSERT(c1 == c2);
		if (c1 != BL_OK) {
			fuzz_check_err(c1, &e1);
			FUZZ_ASSERT(e1.line == e2.line && e1.col == e2.col);
			FUZZ_ASSERT(strcmp(e1.msg, e2.msg) == 0);
			break;
		}
		FUZZ_ASSERT(r1.nim == r2.nim && r1.count == r2.count);
		FUZZ_ASSERT(fast.p == plain.p && fast.line == plain.line && fast.col == plain.col);
	}
	for (int hint = 0; hint <= 1; hint++) {
		struct parse_arg a = { fmt, lim, hint };
		fuzz_same_stream(text, len, parse_all, &a);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_copy(data, size);
	struct grundy_set set;
	struct grundy_format fmt;
	struct grundy_limits lim;
	struct bl_err err;
	static const char rule[] = "Q = ride(0,1) + ride(1,0)";

	grundy_set_init(&set);
	FUZZ_ASSERT(grundy_set_parse(&set, rule, sizeof rule - 1, &err) == BL_OK);
	for (int boj = 0; boj <= 1; boj++) {
		static const int only[] = { GRUNDY_MIXED, GRUNDY_ROOK, GRUNDY_PALACE };
		for (size_t k = 0; k < sizeof only / sizeof only[0]; k++) {
			fmt.only = only[k];
			fmt.set = NULL;
			fmt.plain = false;
			if (boj)
				grundy_limits_boj(&lim);
			else
				grundy_limits_any(&lim);
			both(text, size, &fmt, &lim);
			if (!boj) {
				fmt.set = &set;
				both(text, size, &fmt, &lim);
			}
		}
	}
	grundy_set_release(&set);
	free(text);
	return 0;
}
