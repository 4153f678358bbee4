/*
 * The yut board format (yut_board_parse, --board FILE).  A board that
 * parses passes yut_board_check, and its written form reads back to the
 * same board and writes the same bytes; a game of ten dice is solved on it.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_copy(data, size);
	struct yut_board *b = malloc(sizeof *b), *b2 = malloc(sizeof *b2);
	struct bl_reader rd;
	struct bl_err err;
	struct bl_buf w1, w2;

	FUZZ_ASSERT(b && b2);
	bl_buf_init(&w1);
	bl_buf_init(&w2);
	bl_reader_init(&rd, text, size);
	bl_err_clear(&err);
	enum bl_code code = yut_board_parse(b, &rd, &err);
	if (code != BL_OK) {
		fuzz_check_err(code, &err);
		FUZZ_ASSERT(code == BL_ERR_INPUT);
		goto out;
	}
	bl_err_clear(&err);
	FUZZ_ASSERT(yut_board_check(b, &err) == BL_OK);
	yut_board_write(b, NULL, &w1);
	FUZZ_ASSERT(!bl_buf_failed(&w1));
	bl_reader_init(&rd, w1.data, w1.len);
	FUZZ_ASSERT(yut_board_parse(b2, &rd, &err) == BL_OK);
	FUZZ_ASSERT(b2->ncells == b->ncells && b2->start == b->start && b2->end == b->end);
	for (int i = 0; i < b->ncells; i++) {
		FUZZ_ASSERT(strcmp(b->cells[i].name, b2->cells[i].name) == 0);
		FUZZ_ASSERT(b->cells[i].score == b2->cells[i].score);
		FUZZ_ASSERT(b->cells[i].red == b2->cells[i].red);
		FUZZ_ASSERT(b->cells[i].blue == b2->cells[i].blue);
	}
	yut_board_write(b2, NULL, &w2);
	FUZZ_ASSERT(w1.len == w2.len && memcmp(w1.data, w2.data, w1.len) == 0);

	struct yut_game g;
	struct yut_result res;
	static const int dice[YUT_BOJ_DICE] = { 5, 1, 2, 3, 4, 5, 5, 3, 2, 4 };
	yut_game_init(&g, b);
	g.max_states = 20000;
	yut_result_init(&res);
	FUZZ_ASSERT(yut_game_set_dice(&g, dice, YUT_BOJ_DICE, &err) == BL_OK);
	code = yut_solve(&g, &res, &err);
	FUZZ_ASSERT(code == BL_OK || code == BL_ERR_LIMIT);
	if (code == BL_OK)
		FUZZ_ASSERT(res.total >= 0 && res.total <= (int64_t)YUT_BOJ_DICE * YUT_SCORE_MAX);
	yut_result_release(&res);
	yut_game_release(&g);
out:
	bl_buf_release(&w1);
	bl_buf_release(&w2);
	free(b);
	free(b2);
	free(text);
	return 0;
}
