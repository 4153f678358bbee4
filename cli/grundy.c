/*
 * grundy commands: solve (BOJ 16880 and, with --only P, 16879) and the
 * game's part of the demo.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

enum { SOLVE_ONLY, SOLVE_BOJ, SOLVE_BATCH, SOLVE_EXPLAIN };

static const struct cli_opt solve_opts[] = {
	[SOLVE_ONLY] = { "only", "LETTER",
			 "every piece is LETTER (R, B, K, N or P): lines are 'x y'" },
	[SOLVE_BOJ] = { "boj", NULL,
			"the judge's limits: N <= 300000, x, y < 10^9 (< 3000 with --only P)" },
	[SOLVE_BATCH] = { "batch", NULL, "read any number of instances, print one answer line each" },
	[SOLVE_EXPLAIN] = { "explain", NULL,
			    "after the answer, each piece's grundy value and the running xor" },
	{ 0 },
};

/* In the order of enum grundy_piece_id, so the choice index is the id. */
static const char *const only_names[] = { "R", "B", "K", "N", "P", NULL };

struct solve_ctx {
	struct grundy_format fmt;
	bool batch, explain;
};

/* "piece 2: R at (3, 4): 3 xor 4 = 7, xor so far 7" */
static void explain_piece(struct bl_buf *out, int64_t index, const struct grundy_stone *s,
			  uint64_t nim)
{
	bl_buf_printf(out, "piece %lld: %c at (%llu, %llu): ", (long long)index,
		      grundy_builtin(s->piece)->letter, (unsigned long long)s->x,
		      (unsigned long long)s->y);
	grundy_describe(s->piece, s->x, s->y, out);
	bl_buf_printf(out, ", xor so far %llu\n", (unsigned long long)nim);
}

static void explain_total(struct bl_buf *out, int64_t count, uint64_t nim)
{
	if (nim)
		bl_buf_printf(out,
			      "xor of %lld value%s = %llu, not 0: koosaga, who moves first, has a "
			      "move to xor 0 and wins\n",
			      (long long)count, count == 1 ? "" : "s", (unsigned long long)nim);
	else
		bl_buf_printf(out,
			      "xor of %lld value%s = 0: every move of koosaga, who moves first, "
			      "leaves a non-zero xor, so cubelover wins\n",
			      (long long)count, count == 1 ? "" : "s");
}

/*
 * Puts the answer line in front of the explanation already written from
 * mark on: the pieces are explained as they are read, before the XOR is
 * known, and nothing proportional to N is allocated besides the output.
 */
static enum bl_code insert_answer(struct bl_buf *out, size_t mark, const char *answer,
				  struct bl_err *err)
{
	size_t n = strlen(answer);

	if (!bl_buf_reserve(out, n + 1))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	memmove(out->data + mark + n + 1, out->data + mark, out->len - mark + 1);
	memcpy(out->data + mark, answer, n);
	out->data[mark + n] = '\n';
	out->len += n + 1;
	return BL_OK;
}

static enum bl_code solve_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	const struct solve_ctx *ctx = vctx;
	struct grundy_input in;
	struct grundy_stone s;
	enum bl_code code;
	uint64_t nim = 0;
	size_t mark = out->len;

	if ((code = grundy_input_begin(&in, rd, &ctx->fmt, err)) != BL_OK)
		return code;
	while (in.done < in.count) {
		if ((code = grundy_input_next(&in, &s, err)) != BL_OK)
			return code;
		nim ^= grundy_stone_value(&s);
		if (ctx->explain)
			explain_piece(out, in.done, &s, nim);
	}
	/* Checked here rather than by cli_run_instances: the message names the count. */
	if (!ctx->batch && (code = grundy_input_end(&in, err)) != BL_OK)
		return code;
	if (!ctx->explain) {
		bl_buf_puts(out, grundy_winner(nim));
		bl_buf_putc(out, '\n');
		return BL_OK;
	}
	explain_total(out, in.count, nim);
	if (bl_buf_failed(out))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	return insert_answer(out, mark, grundy_winner(nim), err);
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx ctx;
	int only = GRUNDY_MIXED, status;

	if ((status = cli_opt_choice(r, SOLVE_ONLY, only_names, &only)) != CLI_OK)
		return status;
	ctx.fmt.only = only;
	ctx.fmt.boj = cli_flag(r, SOLVE_BOJ);
	ctx.fmt.set = NULL;
	ctx.fmt.plain = false;
	ctx.batch = cli_flag(r, SOLVE_BATCH);
	ctx.explain = cli_flag(r, SOLVE_EXPLAIN);
	return cli_run_instances(r, ctx.batch, solve_one, &ctx);
}

static int demo(struct bl_buf *out)
{
	struct bl_reader rd;
	struct bl_err err;
	struct grundy_input in;
	struct grundy_stone s;
	struct grundy_format fmt = { GRUNDY_MIXED, true, NULL, false };
	struct bl_buf how;
	uint64_t nim = 0;
	int status = CLI_OK;

	bl_err_clear(&err);
	bl_buf_init(&how);
	bl_reader_init(&rd, example_grundy, strlen(example_grundy));
	bl_buf_puts(out,
		    "Pieces on a quarter-plane board move only toward (0, 0), one piece a move;\n"
		    "who cannot move loses.  Each piece is worth its grundy value and the\n"
		    "position the xor of them: koosaga, who moves first, wins exactly when the\n"
		    "xor is not 0.  The example (BOJ 16880 format, examples/grundy.txt):\n\n");
	bl_buf_printf(out, "  %9s  %9s  %-8s %-38s %11s\n", "x", "y", "piece", "grundy value",
		      "xor so far");
	if (grundy_input_begin(&in, &rd, &fmt, &err) != BL_OK)
		goto fail;
	while (in.done < in.count) {
		if (grundy_input_next(&in, &s, &err) != BL_OK)
			goto fail;
		nim ^= grundy_stone_value(&s);
		bl_buf_reset(&how);
		grundy_describe(s.piece, s.x, s.y, &how);
		bl_buf_printf(out, "  %9llu  %9llu  %c %-6s %-38s %11llu\n",
			      (unsigned long long)s.x, (unsigned long long)s.y,
			      grundy_builtin(s.piece)->letter, grundy_builtin(s.piece)->name,
			      how.data ? how.data : "", (unsigned long long)nim);
	}
	if (bl_expect_eof(&rd, &err) != BL_OK)
		goto fail;
	bl_buf_printf(out, "\nanswer: %s (the xor is %s0)\n", grundy_winner(nim), nim ? "not " : "");
	bl_buf_puts(out, "'boardlab grundy solve --explain FILE' explains any input this way\n");
	bl_buf_release(&how);
	return status;
fail:
	cli_report("examples/grundy.txt", &err, 0);
	bl_buf_release(&how);
	return CLI_FAIL;
}

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "who wins: koosaga (first player) or cubelover, by the xor of grundy values",
	  "boardlab grundy solve --explain pieces.txt", solve_opts },
	{ 0 },
};

const struct cli_game grundy_game = {
	"grundy", "Sprague-Grundy chess pieces racing to a corner (BOJ 16880, 16879)", verbs,
	demo,
};
