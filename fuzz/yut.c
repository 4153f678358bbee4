/*
 * yut's instance formats: the judge's ten dice and the line format
 * (yut_parse with yut_limits_boj, yut_limits_any), each as a batch; an
 * instance that parses is solved and planned with a small state budget, and the plan must add up
 * to the total; up to 8 dice, the total must be the plain reference's of
 * bench/ref (every choice sequence tried).  The input, as text, is also a
 * dice distribution (yut_dist_parse, the --dice option).  The same text
 * streamed in small reads must parse to the same instances.
 */
#include "fuzz.h"

#include "ref/yut_ref.h"

static void check_plan(const struct yut_game *g)
{
	struct yut_result a, b;
	struct bl_err err;

	yut_result_init(&a);
	yut_result_init(&b);
	bl_err_clear(&err);
	enum bl_code code = yut_solve(g, &a, &err);
	if (code != BL_OK) {
		fuzz_check_err(code, &err);
		FUZZ_ASSERT(code == BL_ERR_LIMIT);
	} else {
		bl_err_clear(&err);
		FUZZ_ASSERT(yut_plan(g, &b, &err) == BL_OK);
		FUZZ_ASSERT(b.total == a.total && b.nmoves <= g->ndice);
		int64_t sum = 0;
		for (size_t i = 0; i < b.nmoves; i++) {
			sum += b.moves[i].points;
			FUZZ_ASSERT(b.moves[i].total == sum);
			FUZZ_ASSERT(b.moves[i].die == g->dice[i]);
		}
		FUZZ_ASSERT(sum == a.total);
		if (g->ndice <= 8) {
			int d[8];
			for (size_t i = 0; i < g->ndice; i++)
				d[i] = g->dice[i];
			FUZZ_ASSERT(yut_ref_best(d, (int)g->ndice, g->horses, 0) == a.total);
		}
	}
	yut_result_release(&a);
	yut_result_release(&b);
}

/* Up to 8 instances of text in the format lim says, each solved and planned. */
static void run(const char *text, size_t len, const struct yut_limits *lim)
{
	struct yut_game g;
	struct bl_reader rd;
	struct bl_err err;

	yut_game_init(&g, yut_board_builtin());
	g.max_states = 4000;
	bl_reader_init(&rd, text, len);
	for (int i = 0; i < 8 && !bl_reader_eof(&rd); i++) {
		bl_err_clear(&err);
		enum bl_code code = yut_parse(&g, &rd, lim, &err);
		if (code != BL_OK) {
			fuzz_check_err(code, &err);
			FUZZ_ASSERT(code == BL_ERR_INPUT);
			break;
		}
		FUZZ_ASSERT(g.ndice >= 1 && g.ndice <= (size_t)lim->max_dice);
		for (size_t k = 0; k < g.ndice; k++)
			FUZZ_ASSERT(g.dice[k] >= 1 && g.dice[k] <= YUT_DIE_MAX);
		check_plan(&g);
	}
	yut_game_release(&g);
}

/* Every instance of rd, its dice, for fuzz_same_stream. */
static void parse_all(struct bl_reader *rd, const void *arg, struct bl_buf *out)
{
	struct yut_game g;
	struct bl_err err;

	yut_game_init(&g, yut_board_builtin());
	for (int i = 0; i < 8 && !bl_reader_eof(rd); i++) {
		bl_err_clear(&err);
		enum bl_code code = yut_parse(&g, rd, arg, &err);
		if (code != BL_OK) {
			fuzz_put_err(out, code, &err);
			break;
		}
		yut_game_write(&g, out);
	}
	yut_game_release(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_copy(data, size);
	struct yut_limits boj, any;

	yut_limits_boj(&boj);
	yut_limits_any(&any);
	run(text, size, &boj);
	run(text, size, &any);
	fuzz_same_stream(text, size, parse_all, &boj);
	fuzz_same_stream(text, size, parse_all, &any);
	free(text);

	/* The same bytes as a --dice value: a C string. */
	if (size < 256) {
		char s[256];
		struct yut_dist d;
		struct bl_err err;
		struct bl_rng rng;
		memcpy(s, data, size);
		s[size] = '\0';
		bl_err_clear(&err);
		enum bl_code code = yut_dist_parse(&d, s, &err);
		if (code == BL_OK) {
			FUZZ_ASSERT(strcmp(d.text, s) == 0);
			bl_rng_init(&rng, size);
			for (int i = 0; i < 16; i++) {
				int face = yut_dist_draw(&d, &rng);
				FUZZ_ASSERT(face >= 1 && face <= YUT_DIE_MAX);
			}
		} else {
			fuzz_check_err(code, &err);
		}
	}
	return 0;
}
