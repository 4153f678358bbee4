/*
 * The piece rule language: a piece file (grundy_set_parse, --piece-file and
 * --piece) and one rule (grundy_rule_parse).  Every piece a file adds is
 * well-formed, and its canonical spelling reads back to the same moves; a
 * custom piece's value is asked for a small cell, which builds its table.
 */
#include "fuzz.h"

static void same_piece(const struct grundy_piece *a, const struct grundy_piece *b)
{
	FUZZ_ASSERT(a->letter == b->letter && a->nmoves == b->nmoves);
	for (int m = 0; m < a->nmoves; m++) {
		FUZZ_ASSERT(a->moves[m].step == b->moves[m].step);
		FUZZ_ASSERT(a->moves[m].dx == b->moves[m].dx && a->moves[m].dy == b->moves[m].dy);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_copy(data, size);
	struct grundy_set set;
	struct grundy_piece p;
	struct bl_err err;
	struct bl_buf b;

	grundy_set_init(&set);
	bl_buf_init(&b);
	bl_err_clear(&err);
	enum bl_code code = grundy_set_parse(&set, text, size, &err);
	if (code != BL_OK) {
		fuzz_check_err(code, &err);
		FUZZ_ASSERT(code == BL_ERR_INPUT);
	}
	FUZZ_ASSERT(set.n >= GRUNDY_NPIECES && set.n <= GRUNDY_SET_MAX);
	for (int i = 0; i < set.n; i++) {
		struct grundy_piece back;
		FUZZ_ASSERT(grundy_set_find(&set, set.piece[i].letter) == i);
		bl_err_clear(&err);
		FUZZ_ASSERT(grundy_piece_check(&set.piece[i], &err) == BL_OK);
		bl_buf_reset(&b);
		grundy_rule_format(&set.piece[i], &b);
		FUZZ_ASSERT(!bl_buf_failed(&b));
		FUZZ_ASSERT(grundy_rule_parse(b.data, b.len, &back, &err) == BL_OK);
		same_piece(&set.piece[i], &back);
		if (i >= GRUNDY_NPIECES) {
			uint64_t v;
			bl_err_clear(&err);
			code = grundy_set_value(&set, i, 40, 17, &v, &err);
			FUZZ_ASSERT(code == BL_OK);
		}
	}

	/* The same bytes as one rule. */
	bl_err_clear(&err);
	code = grundy_rule_parse(text, size, &p, &err);
	if (code != BL_OK) {
		fuzz_check_err(code, &err);
		FUZZ_ASSERT(err.line == 1);
	} else {
		bl_err_clear(&err);
		FUZZ_ASSERT(grundy_piece_check(&p, &err) == BL_OK);
	}
	bl_buf_release(&b);
	grundy_set_release(&set);
	free(text);
	return 0;
}
