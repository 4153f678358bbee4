/*
 * grundy's benchmark workloads: 16880 text read as `solve` reads it, and
 * by the reference's fscanf on the same text; the rook's and the palace's
 * brute-force tables, boardlab alone (the plain mex is cubic).
 */

#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "ref/grundy_ref.h"

/* n random 16880 lines "x y c" after the count, from a fixed seed. */
static enum bl_code bench_text(int64_t n, struct bl_buf *b, struct bl_err *err)
{
	struct bl_rng rng;

	bl_rng_init(&rng, 16880);
	bl_buf_int(b, n);
	bl_buf_putc(b, '\n');
	for (int64_t i = 0; i < n; i++) {
		bl_buf_int(b, bl_rng_range(&rng, 0, GRUNDY_BOJ_COORD_MAX));
		bl_buf_putc(b, ' ');
		bl_buf_int(b, bl_rng_range(&rng, 0, GRUNDY_BOJ_COORD_MAX));
		bl_buf_putc(b, ' ');
		bl_buf_putc(b, "RBKNP"[bl_rng_below(&rng, 5)]);
		bl_buf_putc(b, '\n');
	}
	if (bl_buf_failed(b))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	return BL_OK;
}

/* The text of n pieces read by grundy_solve and by the reference: two rows. */
static enum bl_code bench_read(struct bl_buf *out, const struct bl_buf *text, int64_t n,
			       struct bl_err *err)
{
	struct grundy_format f = { GRUNDY_MIXED, NULL, false, GRUNDY_MISTAKE_NONE };
	struct grundy_limits lim;
	struct grundy_result res = { 0, 0, false };
	struct bl_reader rd;
	uint64_t t0, t1, t2;
	long long ref_nim;
	long ref_count = 0;
	double ours, ref, len = (double)text->len;
	char what[64];
	enum bl_code code;

	grundy_limits_any(&lim);
	bl_reader_init(&rd, text->data, text->len);
	t0 = bench_now_ns();
	code = grundy_solve(&rd, &f, &lim, &res, err);
	t1 = bench_now_ns();
	ref_nim = grundy_ref_scan(text->data, text->len, &ref_count);
	t2 = bench_now_ns();
	if (code != BL_OK || ref_nim < 0 || (uint64_t)ref_nim != res.nim || ref_count != n)
		return bl_fail(err, BL_ERR_INTERNAL,
			       "grundy bench: the reader and the scanf reference disagree on %lld "
			       "pieces (xor %llu and %lld)",
			       (long long)n, (unsigned long long)res.nim, ref_nim);
	ours = (double)(t1 - t0) / 1e9;
	ref = (double)(t2 - t1) / 1e9;
	snprintf(what, sizeof what, "read %lld pieces (16880), MB/s", (long long)n);
	bench_row(out, what, "MB/s", len / 1e6 / ours, len / 1e6 / ref, true);
	snprintf(what, sizeof what, "read %lld pieces (16880), pieces/s", (long long)n);
	bench_row(out, what, "pieces/s", (double)n / ours, (double)n / ref, true);
	return BL_OK;
}

/* Built-in piece id's table of size m, timed, checked on every 7th cell: one row. */
static enum bl_code bench_table(struct bl_buf *out, enum grundy_piece_id id, int m,
				struct bl_err *err)
{
	const struct grundy_piece *p = grundy_builtin(id);
	struct grundy_table t;
	uint64_t t0, t1;
	char what[64];
	enum bl_code code;

	grundy_table_init(&t);
	t0 = bench_now_ns();
	code = grundy_table_build(&t, p, m, err);
	t1 = bench_now_ns();
	if (code != BL_OK)
		return code;
	for (int64_t c = 0; c < (int64_t)m * m; c += 7) {
		int x = (int)(c / m), y = (int)(c % m);
		if (grundy_table_at(&t, x, y) != (uint64_t)grundy_ref_formula(p->letter, x, y)) {
			grundy_table_release(&t);
			return bl_fail(err, BL_ERR_INTERNAL,
				       "grundy bench: the %s table disagrees with the reference at "
				       "(%d, %d)",
				       p->name, x, y);
		}
	}
	grundy_table_release(&t);
	snprintf(what, sizeof what, "%s table %d x %d", p->name, m, m);
	bench_row(out, what, "s", (double)(t1 - t0) / 1e9, 0, false);
	return BL_OK;
}

enum bl_code grundy_bench(struct bl_buf *out, bool quick, struct bl_err *err)
{
	static const int full_sizes[] = { 2048, 4096, 8192 }, quick_sizes[] = { 256, 512, 1024 };
	static const enum grundy_piece_id ids[] = { GRUNDY_ROOK, GRUNDY_PALACE };
	const int *sizes = quick ? quick_sizes : full_sizes;
	int64_t n = quick ? 100000 : 10000000;
	struct bl_buf text;
	enum bl_code code;

	bl_buf_init(&text);
	if ((code = bench_text(n, &text, err)) != BL_OK) {
		bl_buf_release(&text);
		return code;
	}
	bench_head(out, "grundy bench");
	code = bench_read(out, &text, n, err);
	bl_buf_release(&text);
	for (int k = 0; code == BL_OK && k < 2; k++)
		for (int i = 0; code == BL_OK && i < 3; i++)
			code = bench_table(out, ids[k], sizes[i], err);
	if (code != BL_OK)
		return code;
	bench_note(out, "reference reader: fscanf(\"%%lld %%lld %%c\") over the same text "
			"(fmemopen), the xor by the reference's formulas");
	bench_note(out, "tables: no reference timing (the plain mex is cubic); each table "
			"is checked against the reference's formulas");
	return BL_OK;
}
