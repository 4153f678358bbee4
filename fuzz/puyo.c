/*
 * puyo's field format (puyo_parse) under every rule set, height (12, 13,
 * 14: the hidden rows) and flag (the judge's form only, settle, batch),
 * each as a batch.  A field that parses is settled with its cells where
 * rows puts them, and its chain is run on every available engine, which
 * must agree.  A judge's field (12 rows, BOJ rules) must have the chain
 * count the plain reference of bench/ref finds, reading the field's text on
 * its own.  The same text streamed in small reads must parse to the same
 * fields, and the judge's layout read at full speed to the same fields as
 * read token by token (PUYO_PARSE_PLAIN).
 */
#include "fuzz.h"

#include "ref/puyo_ref.h"

static void check_field(const struct puyo_field *f, const struct puyo_rules *rules)
{
	struct puyo_result ref, res;
	int row, col;

	FUZZ_ASSERT(f->rows == rules->rows);
	FUZZ_ASSERT(!puyo_field_floating(f, &row, &col));
	for (int r = 0; r < PUYO_ROWS_MAX; r++)
		for (int c = 0; c < PUYO_COLS; c++) {
			int cell = f->cell[r][c];
			FUZZ_ASSERT(r < f->rows || cell == PUYO_EMPTY);
			FUZZ_ASSERT(cell < PUYO_KINDS || (cell == PUYO_OJAMA && rules->ojama));
		}
	FUZZ_ASSERT(puyo_solve(f, rules, &ref, NULL) == BL_OK);
	FUZZ_ASSERT(ref.chains >= 0 && ref.popped >= rules->pop * ref.chains);
	/* Step by step, through the data of each step. */
	struct puyo_chain c;
	struct puyo_step *step = malloc(sizeof *step);
	FUZZ_ASSERT(step);
	puyo_chain_start(&c, f, rules);
	while (puyo_chain_next(&c, step))
		FUZZ_ASSERT(step->chain == c.chains && step->npopped >= rules->pop);
	free(step);
	FUZZ_ASSERT(c.chains == ref.chains && c.score == ref.score);
	FUZZ_ASSERT(memcmp(&c.field, &ref.final, sizeof c.field) == 0);
	for (int e = PUYO_ENGINE_AUTO; e <= PUYO_ENGINE_BMI2; e++) {
		if (!puyo_engine_available((enum puyo_engine)e))
			continue;
		puyo_chain_run_engine(f, rules, (enum puyo_engine)e, &res);
		FUZZ_ASSERT(res.chains == ref.chains && res.popped == ref.popped);
		FUZZ_ASSERT(res.score == ref.score && res.ojama_cleared == ref.ojama_cleared);
		FUZZ_ASSERT(memcmp(&res.final, &ref.final, sizeof res.final) == 0);
	}
}

/* The judge's form (puyo_limits_boj), one more bit beside the PUYO_PARSE_* flags. */
#define BOJ_FORM 1u

static void run(const char *text, size_t len, const struct puyo_rules *rules, unsigned flags)
{
	struct bl_reader rd;
	struct puyo_limits lim;

	if (flags & BOJ_FORM)
		puyo_limits_boj(&lim);
	else
		puyo_limits_any(&lim);

	bl_reader_init(&rd, text, len);
	for (int i = 0; i < 4 && !bl_reader_eof(&rd); i++) {
		struct puyo_field f;
		struct bl_err err;
		const char *start = rd.p;
		bl_err_clear(&err);
		enum bl_code code = puyo_parse(&f, &rd, rules, flags & ~BOJ_FORM, &lim, &err);
		if (code != BL_OK) {
			fuzz_check_err(code, &err);
			FUZZ_ASSERT(code == BL_ERR_INPUT);
			return;
		}
		check_field(&f, rules);
		if (rules->set == PUYO_RULES_BOJ && rules->rows == PUYO_BOJ_ROWS &&
		    (flags & BOJ_FORM)) {
			size_t span = (size_t)(rd.p - start);
			char *one = malloc(span + 1);
			struct puyo_result res;
			FUZZ_ASSERT(one);
			memcpy(one, start, span);
			one[span] = '\0';
			int ref = puyo_ref_chains(one, (flags & PUYO_PARSE_SETTLE) != 0);
			FUZZ_ASSERT(puyo_solve(&f, rules, &res, NULL) == BL_OK);
			if (ref >= 0 && ref != res.chains) {
				fprintf(stderr, "boardlab %d chains, reference %d\n", res.chains, ref);
				abort();
			}
			free(one);
		}
		if (!(flags & PUYO_PARSE_BATCH))
			return;
	}
}

struct parse_arg {
	const struct puyo_rules *rules;
	unsigned flags;
};

/* Every field of rd, for fuzz_same_stream. */
static void parse_all(struct bl_reader *rd, const void *varg, struct bl_buf *out)
{
	const struct parse_arg *a = varg;
	struct puyo_limits lim;
	struct puyo_field f;
	struct bl_err err;

	if (a->flags & BOJ_FORM)
		puyo_limits_boj(&lim);
	else
		puyo_limits_any(&lim);
	for (int i = 0; i < 4 && !bl_reader_eof(rd); i++) {
		bl_err_clear(&err);
		enum bl_code code = puyo_parse(&f, rd, a->rules, a->flags & ~BOJ_FORM, &lim, &err);
		if (code != BL_OK) {
			fuzz_put_err(out, code, &err);
			break;
		}
		puyo_field_line(&f, out);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_copy(data, size);

	for (int set = PUYO_RULES_BOJ; set <= PUYO_RULES_TSU; set++)
		for (int rows = 12; rows <= PUYO_ROWS_MAX; rows++)
			for (unsigned flags = 0; flags < 8; flags++) {
				struct puyo_rules rules;
				puyo_rules_init(&rules, (enum puyo_ruleset)set);
				puyo_rules_set_rows(&rules, rows);
				if ((flags & BOJ_FORM) && rows != 12)
					continue;
				run(text, size, &rules, flags);
				struct parse_arg a = { &rules, flags }, plain = { &rules,
									  flags | PUYO_PARSE_PLAIN };
				fuzz_same_stream(text, size, parse_all, &a);
				fuzz_same_parse(text, size, parse_all, &a, &plain);
			}
	free(text);
	return 0;
}
