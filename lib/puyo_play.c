/*
 * puyo_play: the checked entries to the engines, solve (the chain's totals)
 * and the chain step by step, the one way the traces and the replay read
 * it.  Built on lib/puyo_chain.c: its run and its iterator
 * (puyo_chain_start, puyo_chain_next), whose record carries the totals, so
 * a trace runs the chain once.  Both check what the engines only assume,
 * since a caller may hand in any field.
 */
#include "boardlab/puyo.h"

enum bl_code puyo_check(const struct puyo_field *f, const struct puyo_rules *rules,
			struct bl_err *err)
{
	int row, col;

	if (rules->rows < 1 || rules->rows > PUYO_ROWS_MAX || rules->pop < 1 ||
	    rules->visible < 1 || rules->visible > rules->rows)
		return bl_fail(err, BL_ERR_ARG, "rules out of range: %d rows, %d visible, groups "
			       "of %d pop", rules->rows, rules->visible, rules->pop);
	if (f->rows != rules->rows)
		return bl_fail(err, BL_ERR_ARG, "the field has %d rows, the rules %d", f->rows,
			       rules->rows);
	/* A fast pass over the cells for the common case, a valid field; the
	   loops only to say where a fault is. */
	if (puyo_field_bad_kind(f, rules->ojama))
		for (int r = 0; r < f->rows; r++)
			for (int c = 0; c < PUYO_COLS; c++) {
				int cell = f->cell[r][c];
				if (cell < PUYO_KINDS || (cell == PUYO_OJAMA && rules->ojama))
					continue;
				return bl_fail(err, BL_ERR_ARG, "the field has a cell of kind %d at "
					       "row %d, column %d", cell, f->rows - r, c + 1);
			}
	if (puyo_field_floating(f, &row, &col))
		return bl_fail(err, BL_ERR_ARG, "the field is not settled: the puyo at row %d, "
			       "column %d floats", f->rows - row, col + 1);
	if (!puyo_engine_available(rules->engine))
		return bl_fail(err, BL_ERR_ARG, "the BMI2 engine cannot run on this CPU");
	return BL_OK;
}

enum bl_code puyo_solve(const struct puyo_field *f, const struct puyo_rules *rules,
			struct puyo_result *res, struct bl_err *err)
{
	enum bl_code code = puyo_check(f, rules, err);

	/* A mistake is the plain variant engine's, so that the bitboard engine stays as it is. */
	if (code == BL_OK && rules->mistake != PUYO_MISTAKE_NONE)
		return puyo_variant_run(f, rules, res, err);
	if (code == BL_OK)
		puyo_chain_run_engine(f, rules, rules->engine, res);
	return code;
}

enum bl_code puyo_solve_count(const struct puyo_field *f, const struct puyo_rules *rules,
			      int *chains, struct bl_err *err)
{
	struct puyo_result res;
	struct puyo_bits b;
	enum bl_code code;

	if (rules->mistake != PUYO_MISTAKE_NONE) {
		if ((code = puyo_solve(f, rules, &res, err)) == BL_OK)
			*chains = res.chains;
		return code;
	}
	if ((code = puyo_bits_load(&b, f, rules, err)) == BL_OK)
		*chains = puyo_bits_chains(&b);
	return code;
}

enum bl_code puyo_play(const struct puyo_field *f, const struct puyo_rules *rules, puyo_step_fn fn,
		       void *ctx, struct puyo_result *res, struct bl_err *err)
{
	struct puyo_chain c;
	struct puyo_step step;
	enum bl_code code = puyo_check(f, rules, err);

	if (code != BL_OK)
		return code;
	if (rules->mistake != PUYO_MISTAKE_NONE)
		return bl_fail(err, BL_ERR_ARG, "a chain with a mistake is not shown step by step");
	puyo_chain_start(&c, f, rules);
	while (puyo_chain_next(&c, fn ? &step : NULL))
		if (fn && !fn(ctx, &step))
			break;
	puyo_chain_result(&c, res);
	return BL_OK;
}

enum bl_code puyo_bits_load(struct puyo_bits *b, const struct puyo_field *f,
			    const struct puyo_rules *rules, struct bl_err *err)
{
	enum bl_code code = puyo_check(f, rules, err);

	if (code == BL_OK)
		puyo_bits_load_engine(b, f, rules, rules->engine);
	return code;
}
