/*
 * puyo commands: `solve` (BOJ 11559's chain count, with --explain the chain
 * step by step) and the demo.
 */
#include <string.h>

#include "cli.h"

enum { OPT_RULES, OPT_BOJ, OPT_SETTLE, OPT_BATCH, OPT_EXPLAIN };

static const struct cli_opt solve_opts[] = {
	{ "rules", "RULES", "rule set: boj (the default)" },
	{ "boj", NULL, "the judge's format only: 12 lines of 6 cells" },
	{ "settle", NULL, "drop floating puyos first instead of rejecting the field" },
	{ "batch", NULL, "read any number of fields, print one answer line each" },
	{ "explain", NULL, "after the answer, each chain step: the groups popped and the field after gravity" },
	{ 0 },
};

/* --rules values and the rule sets they name, row for row. */
static const char *const rules_names[] = { "boj", NULL };
static const enum puyo_ruleset rules_sets[] = { PUYO_RULES_BOJ };

struct solve_ctx {
	struct puyo_rules rules;
	unsigned flags;   /* PUYO_PARSE_* */
	bool explain;
};

/* Appends row `top` of f (counted from the top, 0-based) as its letters. */
static void put_row(const struct puyo_field *f, int top, struct bl_buf *out)
{
	char row[PUYO_COLS];

	for (int c = 0; c < PUYO_COLS; c++)
		row[c] = puyo_cell_char(f->cell[f->rows - 1 - top][c]);
	bl_buf_add(out, row, sizeof row);
}

/* Appends the field's non-empty rows on one line: "(rows 9-12) top/.../bottom". */
static void compact_field(const struct puyo_field *f, struct bl_buf *out)
{
	int top = puyo_field_top(f);

	if (top == f->rows) {
		bl_buf_puts(out, "empty\n");
		return;
	}
	if (top == f->rows - 1)
		bl_buf_printf(out, "(row %d) ", f->rows);
	else
		bl_buf_printf(out, "(rows %d-%d) ", top + 1, f->rows);
	for (int t = top; t < f->rows; t++) {
		if (t > top)
			bl_buf_putc(out, '/');
		put_row(f, t, out);
	}
	bl_buf_putc(out, '\n');
}

/*
 * The "how it came about" lines of --explain and the demo: every chain step
 * with its groups (colour, size, cells as (row,column) numbered like the
 * input, top row first) and the field after gravity.
 */
static void explain_chain(const struct puyo_field *start, const struct puyo_rules *rules,
			  struct bl_buf *out)
{
	struct puyo_field f = *start;
	struct puyo_step step;
	int chain = 0;

	while (puyo_chain_step(&f, rules, &step)) {
		chain++;
		bl_buf_printf(out, "chain %d: %d puyos in %d group%s\n", chain, step.npopped,
			      step.ngroups, step.ngroups == 1 ? "" : "s");
		for (int g = 0; g < step.ngroups; g++) {
			const struct puyo_group *grp = &step.group[g];
			bl_buf_printf(out, "  %c x%d:", puyo_cell_char(grp->colour), grp->size);
			for (int i = 0; i < grp->size; i++) {
				int at = step.cell[grp->first + i];
				bl_buf_printf(out, " (%d,%d)", f.rows - at / PUYO_COLS,
					      at % PUYO_COLS + 1);
			}
			bl_buf_putc(out, '\n');
		}
		bl_buf_puts(out, "  after gravity: ");
		compact_field(&f, out);
	}
	bl_buf_printf(out, "%s no group of %d or more, %d puyo%s left\n",
		      chain ? "then nothing pops:" : "nothing pops:", rules->pop,
		      puyo_field_count(&f), puyo_field_count(&f) == 1 ? "" : "s");
}

static enum bl_code solve_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	const struct solve_ctx *ctx = vctx;
	struct puyo_field f;
	struct puyo_result res;
	enum bl_code code = puyo_parse(&f, rd, &ctx->rules, ctx->flags, err);

	if (code != BL_OK)
		return code;
	puyo_chain_run(&f, &ctx->rules, &res);
	bl_buf_int(out, res.chains);
	bl_buf_putc(out, '\n');
	if (ctx->explain) {
		if (ctx->flags & PUYO_PARSE_SETTLE) {
			bl_buf_puts(out, "settled field: ");
			compact_field(&f, out);
		}
		explain_chain(&f, &ctx->rules, out);
	}
	return BL_OK;
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx ctx;
	int set = 0, status;

	if ((status = cli_opt_choice(r, OPT_RULES, rules_names, &set)) != CLI_OK)
		return status;
	/* The judge's fields are settled: a floating one is not the judge's format. */
	if (cli_flag(r, OPT_BOJ) && cli_flag(r, OPT_SETTLE))
		return cli_usage(r, "options '--boj' and '--settle' cannot be used together: "
				    "the judge's fields are settled");
	puyo_rules_init(&ctx.rules, rules_sets[set]);
	ctx.flags = (cli_flag(r, OPT_BOJ) ? PUYO_PARSE_BOJ : 0u) |
		    (cli_flag(r, OPT_SETTLE) ? PUYO_PARSE_SETTLE : 0u);
	ctx.explain = cli_flag(r, OPT_EXPLAIN);
	return cli_run_instances(r, cli_flag(r, OPT_BATCH), solve_one, &ctx);
}

static int demo(struct bl_buf *out)
{
	struct puyo_rules rules;
	struct puyo_field f;
	struct puyo_result res;
	struct bl_reader rd;
	struct bl_err err;

	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	bl_err_clear(&err);
	bl_reader_init(&rd, example_puyo, strlen(example_puyo));
	if (puyo_parse(&f, &rd, &rules, 0, &err) != BL_OK) {
		cli_report("examples/puyo.txt", &err, 0);
		return CLI_FAIL;
	}
	puyo_chain_run(&f, &rules, &res);
	bl_buf_puts(out, "a field (examples/puyo.txt, BOJ 11559; the empty rows above not shown):\n\n");
	int top = puyo_field_top(&f);
	for (int t = top; t < f.rows; t++) {
		bl_buf_printf(out, "  %2d ", t + 1);
		put_row(&f, t, out);
		bl_buf_putc(out, '\n');
	}
	bl_buf_printf(out, "\n$ boardlab puyo solve --explain examples/puyo.txt\n%d\n", res.chains);
	explain_chain(&f, &rules, out);
	return CLI_OK;
}

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "count the chains a settled field pops (BOJ 11559)",
	  "boardlab puyo solve --explain field.txt", solve_opts },
	{ 0 },
};

const struct cli_game puyo_game = { "puyo", "Puyo Puyo chains (BOJ 11559)", verbs, demo };
