/*
 * puyo commands: `solve` (BOJ 11559's chain count, Tsu's score; with
 * --explain the chain step by step), `trace` (every step with its groups,
 * ojama and score terms, text or JSON), `best` (the next pairs' moves
 * ranked), `gen`, `check`, `bench`, and the demo.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "bench.h"
#include "stress.h"
#include "svg_impl.h"
#include "puyo_impl.h"

#include "ref/puyo_ref.h"

#define BOJ_OPT { "boj", NULL, "the judge's limits and format: 12 lines of 6 cells, BOJ rules" }

/* The options every verb reading fields shares, in this order. */
enum { OPT_RULES, OPT_ROWS, OPT_POP, OPT_BOJ, OPT_SETTLE, OPT_BATCH, OPT_COMMON };

#define GAME_OPTS \
	{ "rules", "RULES", "rule set: boj (the default: 12 rows, chain count) or tsu " \
	  "(a hidden 13th row, ojama 'O', score)" }, \
	{ "rows", "N", "rows of a field: 12, 13 or 14 (default: 12 for boj, 13 for tsu); " \
	  "the rows above 12 are hidden" }, \
	{ "pop", "N", "the group size that pops (default 4)" }, \
	BOJ_OPT
#define COMMON_OPTS \
	GAME_OPTS, \
	{ "settle", NULL, "drop floating puyos first instead of rejecting the field" }, \
	{ "batch", NULL, "read any number of fields, one after another" }

/* The game options alone: stress passes them on to every verb it runs. */
static const struct cli_opt puyo_game_opts[] = {
	GAME_OPTS,
	{ 0 },
};

enum { OPT_FORMAT = OPT_COMMON, OPT_EXPLAIN };

static const struct cli_opt solve_opts[] = {
	COMMON_OPTS,
	{ "format", "FORMAT", "text (the default) or json" },
	{ "explain", NULL, "after the answer, each chain step: the groups popped and the field after gravity" },
	{ 0 },
};

enum { TRACE_FORMAT = OPT_COMMON, TRACE_COLOR };

static const struct cli_opt trace_opts[] = {
	COMMON_OPTS,
	{ "format", "FORMAT", "text (the default), json or html (a replay page of one field)" },
	{ "color", "WHEN", "colour the puyos: auto (the default: on a terminal, unless NO_COLOR is set), always or never" },
	{ 0 },
};

enum { BEST_FORMAT = OPT_COMMON, BEST_NEXT, BEST_TOP };

static const struct cli_opt best_opts[] = {
	COMMON_OPTS,
	{ "format", "FORMAT", "text (the default) or json" },
	{ "next", "PAIRS", "the next pair, axis first (RG), or two pairs (RG,BY)" },
	{ "top", "N", "print only the N best moves" },
	{ 0 },
};

static const struct cli_opt check_opts[] = {
	COMMON_OPTS,
	{ 0 },
};

enum { GEN_SEED, GEN_COUNT, GEN_FIRST, GEN_RULES, GEN_ROWS, GEN_BOJ, GEN_KIND, GEN_CHAINS,
       GEN_COLOURS, GEN_OJAMA };

/* gen's options: gen_head_opts, then puyo_gen_opts (GEN_KIND on). */
static const struct cli_opt gen_head_opts[] = {
	CLI_SEED_OPT,
	CLI_COUNT_OPT,
	CLI_FIRST_OPT,
	{ "rules", "RULES", "boj (the default) or tsu: tsu fields have a hidden 13th row" },
	{ "rows", "N", "rows of a field: 12, 13 or 14" },
	BOJ_OPT,
	{ 0 },
};

/* The options that shape the instances: gen's, and stress's for gen. */
static const struct cli_opt puyo_gen_opts[] = {
	{ "kind", "KIND", "random (the default: random settled fields) or chain (built to chain)" },
	{ "chains", "N", "with --kind chain: the chain length, exactly (default 5; at most 16 "
			 "with 12 rows, 17 with 13, 18 with 14, fewer with under 4 colours)" },
	{ "colours", "K", "colours in play, 1 to 5 (default 4)" },
	{ "ojama", "P", "percent of ojama among the puyos, tsu only (default 0)" },
	{ 0 },
};

enum { BENCH_QUICK };

static const struct cli_opt bench_opts[] = {
	{ "quick", NULL, "small workloads: check that every benchmark runs and agrees" },
	{ 0 },
};

static const char *const rules_names[] = { "boj", "tsu", NULL };
static const enum puyo_ruleset rules_sets[] = { PUYO_RULES_BOJ, PUYO_RULES_TSU };
static const char *const format_names[] = { "text", "json", NULL };
static const char *const trace_formats[] = { "text", "json", "html", NULL };

enum { RENDER_FORMAT = OPT_COMMON, RENDER_COLOR };

static const struct cli_opt render_opts[] = {
	COMMON_OPTS,
	{ "format", "FORMAT", "text (the default), json or svg (one field)" },
	{ "color", "WHEN", "colour the puyos: auto (the default: on a terminal, unless NO_COLOR is set), always or never" },
	{ 0 },
};

static const char *const render_formats[] = { "text", "json", "svg", NULL };
static const char *const rot_names[] = { "up", "right", "down", "left" };

/* What the verbs reading fields share. */
struct fields_ctx {
	struct puyo_rules rules;
	unsigned flags;             /* PUYO_PARSE_* */
	enum puyo_engine engine;
	bool json, explain, color, batch, html, svg;
	long n;                     /* instances answered, for JSON separators */
	int npairs, top;            /* best */
	struct puyo_pair pairs[2];
};

/*
 * BOARDLAB_PUYO_ENGINE picks the engine: auto (the default), portable or
 * bmi2.  Returns CLI_OK, or a usage error or CLI_FAIL (printed).
 */
static int engine_from_env(const struct cli_run *r, enum puyo_engine *e)
{
	const char *v = getenv("BOARDLAB_PUYO_ENGINE");

	*e = PUYO_ENGINE_AUTO;
	if (!v || !*v || strcmp(v, "auto") == 0)
		return CLI_OK;
	if (strcmp(v, "portable") == 0) {
		*e = PUYO_ENGINE_PORTABLE;
		return CLI_OK;
	}
	if (strcmp(v, "bmi2") == 0) {
		if (!puyo_engine_available(PUYO_ENGINE_BMI2)) {
			fputs("boardlab: error: BOARDLAB_PUYO_ENGINE=bmi2, but this CPU has no BMI2\n",
			      stderr);
			return CLI_FAIL;
		}
		*e = PUYO_ENGINE_BMI2;
		return CLI_OK;
	}
	return cli_usage(r, "invalid value '%s' for BOARDLAB_PUYO_ENGINE: expected auto, portable "
			    "or bmi2", v);
}

/* Reads --rules, --rows, --pop, --boj and --settle into c. */
static int common_opts(const struct cli_run *r, struct fields_ctx *c)
{
	int set = 0, status;
	int64_t rows = 0, pop = PUYO_POP_DEFAULT;

	memset(c, 0, sizeof *c);
	if ((status = cli_opt_choice(r, OPT_RULES, rules_names, &set)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_ROWS, 12, PUYO_ROWS_MAX, &rows)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_POP, 1, PUYO_CELLS_MAX, &pop)) != CLI_OK)
		return status;
	/* The judge's fields are settled: a floating one is not the judge's format. */
	if (cli_flag(r, OPT_BOJ) && cli_flag(r, OPT_SETTLE))
		return cli_usage(r, "options '--boj' and '--settle' cannot be used together: "
				    "the judge's fields are settled");
	if (cli_flag(r, OPT_BOJ) && rules_sets[set] != PUYO_RULES_BOJ)
		return cli_usage(r, "options '--boj' and '--rules %s' cannot be used together: "
				    "the judge's rules are boj", rules_names[set]);
	if (cli_flag(r, OPT_BOJ) && rows && rows != PUYO_BOJ_ROWS)
		return cli_usage(r, "options '--boj' and '--rows %d' cannot be used together: "
				    "the judge's fields have 12 rows", (int)rows);
	puyo_rules_init(&c->rules, rules_sets[set]);
	if (rows)
		puyo_rules_set_rows(&c->rules, (int)rows);
	c->rules.pop = (int)pop;
	c->flags = (cli_flag(r, OPT_BOJ) ? PUYO_PARSE_BOJ : 0u) |
		   (cli_flag(r, OPT_SETTLE) ? PUYO_PARSE_SETTLE : 0u) |
		   (cli_flag(r, OPT_BATCH) ? PUYO_PARSE_BATCH : 0u);
	return engine_from_env(r, &c->engine);
}

/* ---- drawing fields ---- */

/* The ANSI colour of each cell kind's letter (bold), "" for none. */
static const char *ansi_of(int cell)
{
	switch (cell) {
	case PUYO_RED: return "\033[1;31m";
	case PUYO_GREEN: return "\033[1;32m";
	case PUYO_BLUE: return "\033[1;34m";
	case PUYO_PURPLE: return "\033[1;35m";
	case PUYO_YELLOW: return "\033[1;33m";
	case PUYO_OJAMA: return "\033[1;37m";
	default: return "";
	}
}

/* A cell's letter, coloured when color. */
static void put_cell(struct bl_buf *out, int cell, bool color)
{
	const char *a = color ? ansi_of(cell) : "";

	if (*a)
		bl_buf_printf(out, "%s%c\033[0m", a, puyo_cell_char(cell));
	else
		bl_buf_putc(out, puyo_cell_char(cell));
}

/* Appends row `top` of f (counted from the top, 0-based) as its letters. */
static void put_row(const struct puyo_field *f, int top, struct bl_buf *out)
{
	char row[PUYO_COLS];

	for (int c = 0; c < PUYO_COLS; c++)
		row[c] = puyo_cell_char(f->cell[f->rows - 1 - top][c]);
	bl_buf_add(out, row, sizeof row);
}

/* The whole field, one numbered line per row, the hidden rows marked. */
static void draw_field(const struct puyo_field *f, const struct puyo_rules *rules,
		       const char *indent, bool color, struct bl_buf *out)
{
	for (int t = 0; t < f->rows; t++) {
		bl_buf_printf(out, "%s%2d ", indent, t + 1);
		for (int c = 0; c < PUYO_COLS; c++)
			put_cell(out, f->cell[f->rows - 1 - t][c], color);
		bl_buf_puts(out, f->rows - 1 - t >= rules->visible ? "  hidden\n" : "\n");
	}
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

/* A cell index of a step as "(row,column)", numbered like the input. */
static void put_pos(struct bl_buf *out, int rows, int at)
{
	bl_buf_printf(out, " (%d,%d)", rows - at / PUYO_COLS, at % PUYO_COLS + 1);
}

static void put_score_line(struct bl_buf *out, const struct puyo_step *s)
{
	int sum = s->cp + s->cb + s->gb, mult = sum < 1 ? 1 : sum > 999 ? 999 : sum;

	bl_buf_printf(out, "  score: 10 x %d x %d = %lld (CP %d, CB %d, GB %d)", s->npopped, mult,
		      s->score, s->cp, s->cb, s->gb);
}

/* "3 chains, 1000 points, 14 ojama sent": Tsu's answer line, without its newline. */
static void put_totals(struct bl_buf *out, int chains, long long score, long long ojama,
		       bool all_clear)
{
	bl_buf_printf(out, "%d chain%s, %lld point%s, %lld ojama sent%s", chains,
		      chains == 1 ? "" : "s", score, score == 1 ? "" : "s", ojama,
		      all_clear ? ", all clear" : "");
}

/*
 * The "how it came about" lines of --explain and the demo: every chain step
 * with its groups (colour, size, cells as (row,column) numbered like the
 * input, top row first) and the field after gravity; under Tsu also the
 * ojama cleared and the score.
 */
static void explain_chain(const struct puyo_field *start, const struct puyo_rules *rules,
			  enum puyo_engine engine, struct bl_buf *out)
{
	struct puyo_chain ch;
	struct puyo_step step;
	bool tsu = rules->set == PUYO_RULES_TSU;

	puyo_chain_start_engine(&ch, start, rules, engine);
	while (puyo_chain_next(&ch, &step)) {
		const struct puyo_field *f = &ch.field;
		bl_buf_printf(out, "chain %d: %d puyos in %d group%s\n", step.chain, step.npopped,
			      step.ngroups, step.ngroups == 1 ? "" : "s");
		for (int g = 0; g < step.ngroups; g++) {
			const struct puyo_group *grp = &step.group[g];
			bl_buf_printf(out, "  %c x%d:", puyo_cell_char(grp->colour), grp->size);
			for (int i = 0; i < grp->size; i++)
				put_pos(out, f->rows, step.cell[grp->first + i]);
			bl_buf_putc(out, '\n');
		}
		if (tsu && step.nojama) {
			bl_buf_printf(out, "  ojama cleared: %d:", step.nojama);
			for (int i = 0; i < step.nojama; i++)
				put_pos(out, f->rows, step.ojama[i]);
			bl_buf_putc(out, '\n');
		}
		if (tsu) {
			put_score_line(out, &step);
			bl_buf_putc(out, '\n');
		}
		bl_buf_puts(out, "  after gravity: ");
		compact_field(f, out);
	}
	int left = puyo_field_count(&ch.field);
	bl_buf_printf(out, "%s no group of %d or more, %d puyo%s left\n",
		      ch.chains ? "then nothing pops:" : "nothing pops:", rules->pop, left,
		      left == 1 ? "" : "s");
}

/* ---- JSON ---- */

static void json_field(struct bl_buf *out, const struct puyo_field *f)
{
	char row[PUYO_COLS + 1];

	bl_buf_putc(out, '[');
	for (int t = 0; t < f->rows; t++) {
		for (int c = 0; c < PUYO_COLS; c++)
			row[c] = puyo_cell_char(f->cell[f->rows - 1 - t][c]);
		row[PUYO_COLS] = '\0';
		if (t)
			bl_buf_putc(out, ',');
		bl_buf_json_str(out, row);
	}
	bl_buf_putc(out, ']');
}

static void json_cells(struct bl_buf *out, int rows, const unsigned char *cells, int n)
{
	bl_buf_putc(out, '[');
	for (int i = 0; i < n; i++)
		bl_buf_printf(out, "%s[%d,%d]", i ? "," : "", rows - cells[i] / PUYO_COLS,
			      cells[i] % PUYO_COLS + 1);
	bl_buf_putc(out, ']');
}

static void json_rules(struct bl_buf *out, const struct puyo_rules *rules)
{
	bl_buf_puts(out, "\"rules\":");
	bl_buf_json_str(out, rules_names[rules->set]);
	bl_buf_printf(out, ",\"rows\":%d,\"visible\":%d,\"pop\":%d", rules->rows, rules->visible,
		      rules->pop);
}

static void json_result(struct bl_buf *out, const struct puyo_result *res)
{
	bl_buf_printf(out, "\"chains\":%d,\"popped\":%d,\"score\":%lld,\"ojama_sent\":%lld,"
		      "\"ojama_cleared\":%d,\"all_clear\":%s", res->chains, res->popped, res->score,
		      res->ojama_sent, res->ojama_cleared, res->all_clear ? "true" : "false");
}

/* Opens a JSON array before the first instance of a batch, a comma before the others. */
static void json_sep(struct fields_ctx *c, struct bl_buf *out)
{
	if (c->batch)
		bl_buf_puts(out, c->n == 0 ? "[\n" : ",\n");
	c->n++;
}

/* Closes what json_sep opened; an empty batch is "[]". */
static void json_close(const struct fields_ctx *c, int status, struct bl_buf *out)
{
	if (c->batch && c->json && status == CLI_OK)
		bl_buf_puts(out, c->n ? "\n]\n" : "[]\n");
}

/* ---- solve ---- */

static enum bl_code solve_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct fields_ctx *ctx = vctx;
	struct puyo_field f;
	struct puyo_result res;
	enum bl_code code = puyo_parse(&f, rd, &ctx->rules, ctx->flags, err);

	if (code != BL_OK)
		return code;
	puyo_chain_run_engine(&f, &ctx->rules, ctx->engine, &res);
	if (ctx->json) {
		json_sep(ctx, out);
		bl_buf_putc(out, '{');
		json_rules(out, &ctx->rules);
		bl_buf_putc(out, ',');
		json_result(out, &res);
		bl_buf_puts(out, ctx->batch ? "}" : "}\n");
		return BL_OK;
	}
	if (ctx->rules.set == PUYO_RULES_TSU) {
		put_totals(out, res.chains, res.score, res.ojama_sent, res.all_clear);
		bl_buf_putc(out, '\n');
	} else {
		bl_buf_int(out, res.chains);
		bl_buf_putc(out, '\n');
	}
	if (ctx->explain) {
		if (ctx->flags & PUYO_PARSE_SETTLE) {
			bl_buf_puts(out, "settled field: ");
			compact_field(&f, out);
		}
		explain_chain(&f, &ctx->rules, ctx->engine, out);
	}
	return BL_OK;
}

static int cmd_solve(struct cli_run *r)
{
	struct fields_ctx ctx;
	int status, format = 0;
	bool batch = cli_flag(r, OPT_BATCH);

	if ((status = common_opts(r, &ctx)) != CLI_OK ||
	    (status = cli_opt_choice(r, OPT_FORMAT, format_names, &format)) != CLI_OK)
		return status;
	ctx.json = format == 1;
	ctx.explain = cli_flag(r, OPT_EXPLAIN);
	if (ctx.json && ctx.explain)
		return cli_usage(r, "options '--explain' and '--format json' cannot be used "
				    "together: use 'boardlab puyo trace --format json'");
	ctx.batch = batch;
	status = cli_run_instances(r, batch, solve_one, &ctx);
	json_close(&ctx, status, &r->out);
	return status;
}

/* ---- trace ---- */

static void trace_text(const struct fields_ctx *ctx, const struct puyo_field *f,
		       struct bl_buf *out)
{
	const struct puyo_rules *rules = &ctx->rules;
	struct puyo_chain ch;
	struct puyo_step step;
	struct puyo_result res;
	int hidden = rules->rows - rules->visible;

	bl_buf_printf(out, "%s rules, %d rows", rules_names[rules->set], rules->rows);
	if (hidden)
		bl_buf_printf(out, " (the top %s hidden)", hidden == 1 ? "one" : "two");
	bl_buf_printf(out, ", groups of %d pop\nstart:\n", rules->pop);
	draw_field(f, rules, "  ", ctx->color, out);
	puyo_chain_start_engine(&ch, f, rules, ctx->engine);
	while (puyo_chain_next(&ch, &step)) {
		int rows = ch.field.rows;
		bl_buf_printf(out, "chain %d: %d puyo%s in %d group%s of %d colour%s\n", step.chain,
			      step.npopped, step.npopped == 1 ? "" : "s", step.ngroups,
			      step.ngroups == 1 ? "" : "s", step.colours,
			      step.colours == 1 ? "" : "s");
		for (int g = 0; g < step.ngroups; g++) {
			const struct puyo_group *grp = &step.group[g];
			bl_buf_puts(out, "  ");
			put_cell(out, grp->colour, ctx->color);
			bl_buf_printf(out, " x%d:", grp->size);
			for (int i = 0; i < grp->size; i++)
				put_pos(out, rows, step.cell[grp->first + i]);
			bl_buf_putc(out, '\n');
		}
		bl_buf_printf(out, "  ojama cleared: %d", step.nojama);
		if (step.nojama)
			bl_buf_putc(out, ':');
		for (int i = 0; i < step.nojama; i++)
			put_pos(out, rows, step.ojama[i]);
		bl_buf_putc(out, '\n');
		put_score_line(out, &step);
		bl_buf_printf(out, ", ojama sent %lld\n  after gravity:\n", step.ojama_sent);
		draw_field(&ch.field, rules, "  ", ctx->color, out);
	}
	puyo_chain_run_engine(f, rules, ctx->engine, &res);
	bl_buf_puts(out, "total: ");
	put_totals(out, res.chains, res.score, res.ojama_sent, res.all_clear);
	bl_buf_printf(out, "; %d puyo%s popped, %d ojama cleared\n", res.popped,
		      res.popped == 1 ? "" : "s", res.ojama_cleared);
}

static void trace_json(const struct fields_ctx *ctx, const struct puyo_field *f,
		       struct bl_buf *out)
{
	const struct puyo_rules *rules = &ctx->rules;
	struct puyo_chain ch;
	struct puyo_step step;
	struct puyo_result res;

	bl_buf_putc(out, '{');
	json_rules(out, rules);
	bl_buf_puts(out, ",\"field\":");
	json_field(out, f);
	bl_buf_puts(out, ",\"steps\":[");
	puyo_chain_start_engine(&ch, f, rules, ctx->engine);
	while (puyo_chain_next(&ch, &step)) {
		int rows = ch.field.rows;
		bl_buf_printf(out, "%s{\"chain\":%d,\"popped\":%d,\"colours\":%d,\"groups\":[",
			      step.chain > 1 ? "," : "", step.chain, step.npopped, step.colours);
		for (int g = 0; g < step.ngroups; g++) {
			const struct puyo_group *grp = &step.group[g];
			char colour[2] = { puyo_cell_char(grp->colour), '\0' };
			bl_buf_printf(out, "%s{\"colour\":", g ? "," : "");
			bl_buf_json_str(out, colour);
			bl_buf_printf(out, ",\"size\":%d,\"cells\":", grp->size);
			json_cells(out, rows, step.cell + grp->first, grp->size);
			bl_buf_putc(out, '}');
		}
		bl_buf_puts(out, "],\"ojama_cleared\":");
		json_cells(out, rows, step.ojama, step.nojama);
		bl_buf_printf(out, ",\"cp\":%d,\"cb\":%d,\"gb\":%d,\"score\":%lld,\"ojama_sent\":%lld,"
			      "\"field\":", step.cp, step.cb, step.gb, step.score, step.ojama_sent);
		json_field(out, &ch.field);
		bl_buf_putc(out, '}');
	}
	puyo_chain_run_engine(f, rules, ctx->engine, &res);
	bl_buf_puts(out, "],");
	json_result(out, &res);
	bl_buf_puts(out, "}\n");
}

/*
 * The replay page: the start, then two frames a chain step, the groups
 * about to pop ringed on the field before it and the field after gravity.
 */
static void trace_html(const struct fields_ctx *ctx, const struct puyo_field *f,
		       struct bl_buf *out)
{
	const struct puyo_rules *rules = &ctx->rules;
	struct puyo_chain ch;
	struct puyo_step step;
	struct puyo_result res;
	struct html_replay h;
	struct puyo_field before = *f;
	char sub[120], desc[200];
	struct bl_buf ans;

	snprintf(sub, sizeof sub, "%s rules, %d rows, groups of %d pop", rules_names[rules->set],
		 rules->rows, rules->pop);
	html_begin(&h, out, "puyo: the chain step by step", sub);
	if (html_frame_begin(&h, "the start")) {
		pic_puyo(f, rules, NULL, "puyo", "the start", out);
		html_frame_end(&h);
	}
	puyo_chain_start_engine(&ch, f, rules, ctx->engine);
	while (puyo_chain_next(&ch, &step)) {
		snprintf(desc, sizeof desc, "chain %d: %d puyo%s in %d group%s of %d colour%s pop, "
					    "score %lld",
			 step.chain, step.npopped, step.npopped == 1 ? "" : "s", step.ngroups,
			 step.ngroups == 1 ? "" : "s", step.colours, step.colours == 1 ? "" : "s",
			 step.score);
		if (html_frame_begin(&h, desc)) {
			pic_puyo(&before, rules, &step, "puyo", desc, out);
			html_frame_end(&h);
		}
		snprintf(desc, sizeof desc, "chain %d: after gravity, %lld ojama sent", step.chain,
			 step.ojama_sent);
		if (html_frame_begin(&h, desc)) {
			pic_puyo(&ch.field, rules, NULL, "puyo", desc, out);
			html_frame_end(&h);
		}
		before = ch.field;
	}
	puyo_chain_run_engine(f, rules, ctx->engine, &res);
	bl_buf_init(&ans);
	put_totals(&ans, res.chains, res.score, res.ojama_sent, res.all_clear);
	html_end(&h, bl_buf_failed(&ans) ? "" : ans.data);
	if (bl_buf_failed(&ans))
		out->failed = true;
	bl_buf_release(&ans);
}

static enum bl_code trace_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct fields_ctx *ctx = vctx;
	struct puyo_field f;
	enum bl_code code = puyo_parse(&f, rd, &ctx->rules, ctx->flags, err);

	if (code != BL_OK)
		return code;
	if (ctx->html) {
		trace_html(ctx, &f, out);
	} else if (ctx->json) {
		trace_json(ctx, &f, out);   /* with --batch, one document per line */
	} else {
		if (ctx->n++)
			bl_buf_putc(out, '\n');
		trace_text(ctx, &f, out);
	}
	return BL_OK;
}

/*
 * trace and render alike: the field options, --format (text, json, then the
 * picture: html or svg, which shows one field) and --color (text only).
 */
static int picture_verb(struct cli_run *r, bool replay, int format_opt,
			const char *const *formats, int color_opt, cli_instance_fn fn)
{
	struct fields_ctx ctx;
	int status, format = 0;

	if ((status = common_opts(r, &ctx)) != CLI_OK ||
	    (status = cli_opt_choice(r, format_opt, formats, &format)) != CLI_OK ||
	    (status = cli_color(r, color_opt, &ctx.color)) != CLI_OK)
		return status;
	if (format == 2 && cli_flag(r, OPT_BATCH))
		return cli_usage(r, replay ?
				 "options '--batch' and '--format html' cannot be used together: "
				 "a replay page shows one field" :
				 "options '--batch' and '--format svg' cannot be used together: "
				 "a picture shows one field");
	ctx.json = format == 1;
	ctx.html = format == 2 && replay;
	ctx.svg = format == 2 && !replay;
	ctx.color = ctx.color && format == 0;
	ctx.batch = cli_flag(r, OPT_BATCH);
	return cli_run_instances(r, ctx.batch, fn, &ctx);
}

static int cmd_trace(struct cli_run *r)
{
	return picture_verb(r, true, TRACE_FORMAT, trace_formats, TRACE_COLOR, trace_one);
}

/* ---- render ---- */

static enum bl_code render_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			       struct bl_err *err)
{
	struct fields_ctx *ctx = vctx;
	struct puyo_field f;
	enum bl_code code = puyo_parse(&f, rd, &ctx->rules, ctx->flags, err);

	if (code != BL_OK)
		return code;
	if (ctx->svg) {
		char caption[80];
		snprintf(caption, sizeof caption, "%s rules, %d rows, %d puyo%s",
			 rules_names[ctx->rules.set], f.rows, puyo_field_count(&f),
			 puyo_field_count(&f) == 1 ? "" : "s");
		pic_puyo(&f, &ctx->rules, NULL, "puyo field", caption, out);
	} else if (ctx->json) {
		bl_buf_puts(out, "{\"field\":");
		json_field(out, &f);
		bl_buf_puts(out, "}\n");
	} else {
		if (ctx->n++)
			bl_buf_putc(out, '\n');
		draw_field(&f, &ctx->rules, "", ctx->color, out);
	}
	return BL_OK;
}

static int cmd_render(struct cli_run *r)
{
	return picture_verb(r, false, RENDER_FORMAT, render_formats, RENDER_COLOR, render_one);
}

/* ---- best ---- */

/* Reads --next: "RG" or "RG,BY", colours only.  Returns CLI_OK or CLI_USAGE. */
static int read_pairs(const struct cli_run *r, struct fields_ctx *c)
{
	const char *v = r->opt[BEST_NEXT];
	size_t len = v ? strlen(v) : 0;

	if (!v)
		return cli_usage(r, "option '--next' is required: the next pair, e.g. --next RG");
	c->npairs = len == 2 ? 1 : len == 5 && v[2] == ',' ? 2 : 0;
	for (int i = 0; i < c->npairs; i++) {
		int a = puyo_cell_from_char(v[3 * i]), b = puyo_cell_from_char(v[3 * i + 1]);
		if (a <= PUYO_EMPTY || b <= PUYO_EMPTY) {
			c->npairs = 0;
			break;
		}
		c->pairs[i].axis = (unsigned char)a;
		c->pairs[i].child = (unsigned char)b;
	}
	if (c->npairs == 0)
		return cli_usage(r, "invalid value '%s' for --next: expected a pair of colours "
				    "R, G, B, P or Y (RG), or two pairs (RG,BY)", v);
	return CLI_OK;
}

static void put_move(struct bl_buf *out, struct puyo_move m)
{
	bl_buf_printf(out, "%d %-5s", m.col + 1, rot_names[m.rot]);
}

static enum bl_code best_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			     struct bl_err *err)
{
	struct fields_ctx *ctx = vctx;
	struct puyo_field f;
	struct puyo_plan plan[PUYO_MOVES_MAX];
	enum bl_code code = puyo_parse(&f, rd, &ctx->rules, ctx->flags, err);

	if (code != BL_OK)
		return code;
	int n = puyo_best_engine(&f, &ctx->rules, ctx->pairs, ctx->npairs, ctx->engine, plan);
	if (ctx->top > 0 && n > ctx->top)
		n = ctx->top;
	if (ctx->json) {
		json_sep(ctx, out);
		bl_buf_puts(out, "{\"moves\":[");
		for (int i = 0; i < n; i++) {
			const struct puyo_plan *p = &plan[i];
			bl_buf_printf(out, "%s{\"rank\":%d,\"placements\":[", i ? "," : "", i + 1);
			for (int d = 0; d < p->depth; d++)
				bl_buf_printf(out, "%s{\"column\":%d,\"rotation\":\"%s\",\"chains\":%d,"
					      "\"score\":%lld,\"all_clear\":%s}", d ? "," : "",
					      p->move[d].col + 1, rot_names[p->move[d].rot],
					      p->chains[d], p->score[d],
					      p->all_clear[d] ? "true" : "false");
			bl_buf_printf(out, "],\"score\":%lld}", p->total);
		}
		bl_buf_puts(out, ctx->batch ? "]}" : "]}\n");
		return BL_OK;
	}
	if (ctx->n++)
		bl_buf_putc(out, '\n');
	if (n == 0) {
		bl_buf_puts(out, puyo_game_over(&f) ? "no legal move: column 3 is full, the game is over\n"
						    : "no legal move: no column has room for the pair\n");
		return BL_OK;
	}
	if (ctx->npairs == 1)
		bl_buf_puts(out, "rank  move     chains      score\n");
	else
		bl_buf_puts(out, "rank  first    second   chains      score\n");
	for (int i = 0; i < n; i++) {
		const struct puyo_plan *p = &plan[i];
		bl_buf_printf(out, "%4d  ", i + 1);
		put_move(out, p->move[0]);
		bl_buf_puts(out, "  ");
		if (ctx->npairs == 2) {
			if (p->depth == 2)
				put_move(out, p->move[1]);
			else
				bl_buf_printf(out, "%-7s", "-");
			bl_buf_printf(out, "  %2d+%-2d  ", p->chains[0], p->chains[1]);
		} else {
			bl_buf_printf(out, "%6d  ", p->chains[0]);
		}
		bl_buf_printf(out, "%9lld%s\n", p->total,
			      p->all_clear[0] || p->all_clear[1] ? "  all clear" : "");
	}
	return BL_OK;
}

static int cmd_best(struct cli_run *r)
{
	struct fields_ctx ctx;
	int status, format = 0;
	int64_t top = 0;
	bool batch = cli_flag(r, OPT_BATCH);

	if ((status = common_opts(r, &ctx)) != CLI_OK ||
	    (status = cli_opt_choice(r, BEST_FORMAT, format_names, &format)) != CLI_OK ||
	    (status = cli_opt_int(r, BEST_TOP, 1, PUYO_MOVES_MAX, &top)) != CLI_OK ||
	    (status = read_pairs(r, &ctx)) != CLI_OK)
		return status;
	ctx.json = format == 1;
	ctx.top = (int)top;
	ctx.batch = batch;
	status = cli_run_instances(r, batch, best_one, &ctx);
	json_close(&ctx, status, &r->out);
	return status;
}

/* ---- check ---- */

static enum bl_code check_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	const struct fields_ctx *ctx = vctx;
	struct puyo_field f;

	(void)out;
	return puyo_parse(&f, rd, &ctx->rules, ctx->flags, err);
}

static int cmd_check(struct cli_run *r)
{
	struct fields_ctx ctx;
	int status;

	if ((status = common_opts(r, &ctx)) != CLI_OK)
		return status;
	return cli_check_instances(r, cli_flag(r, OPT_BATCH), check_one, &ctx);
}

/* ---- gen ---- */

struct gen_params {
	struct puyo_rules rules;
	int kind;        /* 0 random, 1 chain */
	int chains;      /* the target of kind chain */
	int colours;
	int ojama;       /* percent */
};

static const char *const kind_names[] = { "random", "chain", NULL };

static int pick(struct bl_rng *rng, int lo, int hi)
{
	return (int)bl_rng_range(rng, lo, hi);
}

/* A random colour among the first k, or ojama one time in 100/ojama. */
static unsigned char random_puyo(struct bl_rng *rng, const struct gen_params *g)
{
	if (g->ojama && pick(rng, 0, 99) < g->ojama)
		return PUYO_OJAMA;
	return (unsigned char)(PUYO_RED + pick(rng, 0, g->colours - 1));
}

/* The most puyos a column may hold: 12 under BOJ, all rows under Tsu. */
static int column_cap(const struct gen_params *g)
{
	return g->rules.set == PUYO_RULES_TSU ? g->rules.rows : PUYO_BOJ_ROWS;
}

/*
 * A random settled field: column heights from a random profile, each puyo
 * a random colour or (often) the colour of the one below or to its left,
 * so groups form as they do in play.
 */
static void gen_random(struct bl_rng *rng, const struct gen_params *g, struct puyo_field *f)
{
	int cap = column_cap(g), profile = pick(rng, 0, 2), copy = pick(rng, 10, 50);

	puyo_field_init(f, g->rules.rows);
	for (int c = 0; c < PUYO_COLS; c++) {
		int h = profile == 0 ? pick(rng, 0, cap) : profile == 1 ? pick(rng, cap / 2, cap)
									 : pick(rng, 0, cap / 2);
		for (int r = 0; r < h; r++) {
			unsigned char v = random_puyo(rng, g);
			int roll = pick(rng, 0, 99);
			if (roll < copy / 2 && r > 0 && f->cell[r - 1][c] != PUYO_OJAMA)
				v = f->cell[r - 1][c];
			else if (roll < copy && c > 0 && f->cell[r][c - 1] != PUYO_EMPTY &&
				 f->cell[r][c - 1] != PUYO_OJAMA)
				v = f->cell[r][c - 1];
			f->cell[r][c] = v;
		}
	}
}

/* The 19 tetrominoes in every orientation: cells (column, row) from the lowest, leftmost. */
static const signed char tetromino[19][4][2] = {
	{ { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 } }, { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 } },
	{ { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } },
	{ { 0, 0 }, { 1, 0 }, { 2, 0 }, { 1, 1 } }, { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } },
	{ { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 1 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 0, 1 } },
	{ { 1, 0 }, { 2, 0 }, { 0, 1 }, { 1, 1 } }, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 } },
	{ { 0, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 } }, { { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 2 } },
	{ { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 0 } }, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 2 } },
	{ { 1, 0 }, { 1, 1 }, { 1, 2 }, { 0, 0 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 0, 2 } },
	{ { 0, 0 }, { 1, 0 }, { 2, 0 }, { 0, 1 } }, { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 1 } },
	{ { 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 0 } }, { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 2, 0 } },
};

static int col_height(const struct puyo_field *f, int c)
{
	int h = 0;
	while (h < f->rows && f->cell[h][c] != PUYO_EMPTY)
		h++;
	return h;
}

/*
 * One link put in front of the chain of f: a random tetromino of one random
 * colour inserted into the columns (the puyos at and above each inserted
 * cell move up), kept only when, on the new field, exactly those 4 puyos
 * pop at the first step and the field after it is f again; then the new
 * field chains once more than f, exactly.  Returns false (f unchanged) when
 * the draw does not fit.
 */
static bool add_link(struct bl_rng *rng, const struct gen_params *g, struct puyo_field *f)
{
	const signed char(*t)[2] = tetromino[pick(rng, 0, 18)];
	int width = 1, lo[4], n[4], cap = column_cap(g);
	unsigned char colour = (unsigned char)(PUYO_RED + pick(rng, 0, g->colours - 1));

	for (int i = 0; i < 4; i++)
		width = t[i][0] + 1 > width ? t[i][0] + 1 : width;
	int x = pick(rng, 0, PUYO_COLS - width), top = PUYO_ROWS_MAX;
	for (int dx = 0; dx < width; dx++) {
		lo[dx] = PUYO_ROWS_MAX;
		n[dx] = 0;
		for (int i = 0; i < 4; i++)
			if (t[i][0] == dx) {
				lo[dx] = t[i][1] < lo[dx] ? t[i][1] : lo[dx];
				n[dx]++;
			}
		int h = col_height(f, x + dx);
		if (h + n[dx] > cap)
			return false;
		top = h - lo[dx] < top ? h - lo[dx] : top;   /* the anchor may not float */
	}
	if (top < 0)
		return false;
	int base = pick(rng, 0, top);
	struct puyo_field next = *f;
	for (int dx = 0; dx < width; dx++) {
		int c = x + dx, at = base + lo[dx];
		for (int r = next.rows - 1; r >= at + n[dx]; r--)
			next.cell[r][c] = next.cell[r - n[dx]][c];
		for (int r = at; r < at + n[dx]; r++)
			next.cell[r][c] = colour;
	}
	struct puyo_field after = next;
	struct puyo_step step;
	if (!puyo_chain_step(&after, &g->rules, &step) || step.ngroups != 1 ||
	    step.npopped != 4 || step.nojama != 0 ||
	    memcmp(after.cell, f->cell, sizeof f->cell) != 0)
		return false;
	*f = next;
	return true;
}

/*
 * The longest chain gen_chain reaches every time, by rows and colours: one
 * below the longest it reached on 60 seeds in a row (300 seeds each passed
 * at these values; 4 puyos a link in 72, 78 or 84 cells, and with few
 * colours the links touch).  More is a usage error.
 */
static int gen_chains_max(int rows, int colours)
{
	static const int by_colours[4][3] = {   /* colours 2, 3, 4, 5 x rows 12, 13, 14 */
		{ 6, 7, 7 }, { 15, 16, 17 }, { 16, 17, 18 }, { 16, 17, 18 },
	};
	if (colours == 1)
		return 1;   /* any two groups of one colour touch before they pop */
	return by_colours[colours - 2][rows - PUYO_BOJ_ROWS];
}

/* Tries for one link before starting over, and starts over allowed. */
#define LINK_TRIES 3000
#define CHAIN_RESTARTS 200

/*
 * A field of exactly g->chains chains, built backwards: from the empty
 * field, add_link puts a new first link in front g->chains times (starting
 * over from the empty field when a link will not fit); then, under --ojama,
 * ojama on top of the columns, each kept when the chain stays the same.
 * Returns false when it did not get there (not seen within gen_chains_max).
 */
static bool gen_chain(struct bl_rng *rng, const struct gen_params *g, struct puyo_field *f)
{
	int links = 0;

	for (int restart = 0; links < g->chains && restart < CHAIN_RESTARTS; restart++) {
		puyo_field_init(f, g->rules.rows);
		links = 0;
		for (int t = 0; links < g->chains && t < LINK_TRIES; t++)
			if (add_link(rng, g, f)) {
				links++;
				t = 0;
			}
	}
	if (links < g->chains)
		return false;
	for (int c = 0; g->ojama && c < PUYO_COLS; c++) {
		int h = col_height(f, c);
		if (h >= column_cap(g) || pick(rng, 0, 99) >= g->ojama)
			continue;
		struct puyo_field save = *f;
		struct puyo_result res;
		f->cell[h][c] = PUYO_OJAMA;
		puyo_chain_run(f, &g->rules, &res);
		if (res.chains != g->chains)
			*f = save;
	}
	return true;
}

static int cmd_gen(struct cli_run *r)
{
	struct cli_gen range;
	struct gen_params g;
	int status, set = 0;
	int64_t rows = 0, chains = 5, colours = 4, ojama = 0;

	g.kind = 0;
	if ((status = cli_gen_range(r, GEN_SEED, GEN_COUNT, GEN_FIRST, &range)) != CLI_OK ||
	    (status = cli_opt_choice(r, GEN_RULES, rules_names, &set)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_ROWS, 12, PUYO_ROWS_MAX, &rows)) != CLI_OK ||
	    (status = cli_opt_choice(r, GEN_KIND, kind_names, &g.kind)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_CHAINS, 1, 19, &chains)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_COLOURS, 1, PUYO_COLOURS, &colours)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_OJAMA, 0, 100, &ojama)) != CLI_OK)
		return status;
	if (cli_flag(r, GEN_BOJ) && (rules_sets[set] != PUYO_RULES_BOJ || (rows && rows != 12)))
		return cli_usage(r, "option '--boj' gives the judge's fields: 12 rows, BOJ rules");
	if (ojama && rules_sets[set] != PUYO_RULES_TSU)
		return cli_usage(r, "option '--ojama' needs '--rules tsu': BOJ fields have no ojama");
	if (cli_flag(r, GEN_CHAINS) && g.kind != 1)
		return cli_usage(r, "option '--chains' needs '--kind chain'");
	puyo_rules_init(&g.rules, rules_sets[set]);
	if (rows)
		puyo_rules_set_rows(&g.rules, (int)rows);
	g.chains = (int)chains;
	if (g.kind == 1 && g.chains > gen_chains_max(g.rules.rows, (int)colours))
		return cli_usage(r, "invalid value '%d' for --chains: expected an integer from 1 to %d "
				    "with %d rows and %d colour%s", g.chains,
				 gen_chains_max(g.rules.rows, (int)colours), g.rules.rows, (int)colours,
				 colours == 1 ? "" : "s");
	g.colours = (int)colours;
	g.ojama = (int)ojama;
	for (int64_t i = range.first; i < range.first + range.count; i++) {
		struct bl_rng rng;
		struct puyo_field f;

		bl_rng_init_stream(&rng, range.seed, (uint64_t)i);
		if (g.kind == 1) {
			if (!gen_chain(&rng, &g, &f)) {
				fprintf(stderr, "boardlab: error: gen: instance %lld: no field of %d "
					"chains found\n", (long long)i, g.chains);
				return CLI_FAIL;
			}
		} else
			gen_random(&rng, &g, &f);
		/* Fields with hidden rows are separated by a blank line (puyo_parse). */
		if (i > range.first && g.rules.rows > PUYO_BOJ_ROWS)
			bl_buf_putc(&r->out, '\n');
		puyo_field_write(&f, 0, &r->out);
		if (r->out.len >= (1u << 16) && !cli_flush(r))
			return CLI_FAIL;
	}
	return CLI_OK;
}

/* ---- bench ---- */

/* F19 of ../shared/cases/puyo/f19.txt: 19 chains, 175,080 points under Tsu. */
static const char f19_cells[] =
	".G.BRGGBRRYRRRYYBYRGYRBRYGYRBYYGBGYRGRBGYRBRBYBYRYYBYYBRBYBRBGBYRRYGBGBGRBGBGG";

struct workload {
	const char *name;
	struct puyo_rules rules;
	int n;                        /* fields */
	struct puyo_field *field;
	char (*cells)[PUYO_CELLS_MAX + 1];
};

/* The fields' cells as the reference reads them: rows * 6 letters, top first. */
static void cells_of(const struct puyo_field *f, char *dst)
{
	for (int t = 0; t < f->rows; t++)
		for (int c = 0; c < PUYO_COLS; c++)
			dst[t * PUYO_COLS + c] = puyo_cell_char(f->cell[f->rows - 1 - t][c]);
	dst[f->rows * PUYO_COLS] = '\0';
}

/* Times engine over the workload's fields reps times; returns ns per simulation. */
static double time_ours(const struct workload *w, enum puyo_engine e, long reps, long long *sum)
{
	uint64_t t0 = bench_now_ns();
	for (long k = 0; k < reps; k++)
		for (int i = 0; i < w->n; i++) {
			struct puyo_result res;
			puyo_chain_run_engine(&w->field[i], &w->rules, e, &res);
			*sum += res.score + res.chains;
		}
	return (double)(bench_now_ns() - t0) / ((double)reps * w->n);
}

/* The same for the reference. */
static double time_ref(const struct workload *w, long reps, long long *sum)
{
	struct puyo_ref_rules rr = { w->rules.rows, w->rules.visible, w->rules.pop };
	uint64_t t0 = bench_now_ns();
	for (long k = 0; k < reps; k++)
		for (int i = 0; i < w->n; i++) {
			struct puyo_ref_out o;
			puyo_ref_sim(w->cells[i], &rr, &o);
			*sum += o.score + o.chains;
		}
	return (double)(bench_now_ns() - t0) / ((double)reps * w->n);
}

/* Every field: each engine and the reference agree on chains, score and the final field. */
static bool agree(const struct workload *w, struct bl_buf *err)
{
	struct puyo_ref_rules rr = { w->rules.rows, w->rules.visible, w->rules.pop };

	for (int i = 0; i < w->n; i++) {
		struct puyo_ref_out o;
		puyo_ref_sim(w->cells[i], &rr, &o);
		for (int e = PUYO_ENGINE_PORTABLE; e <= PUYO_ENGINE_BMI2; e++) {
			struct puyo_result res;
			char final[PUYO_CELLS_MAX + 1];
			if (!puyo_engine_available((enum puyo_engine)e))
				continue;
			puyo_chain_run_engine(&w->field[i], &w->rules, (enum puyo_engine)e, &res);
			cells_of(&res.final, final);
			if (res.chains != o.chains || res.score != o.score || strcmp(final, o.final)) {
				bl_buf_printf(err, "%s, field %d (%s): %s engine %d chains %lld points, "
					      "reference %d chains %lld points", w->name, i + 1,
					      w->cells[i], e == PUYO_ENGINE_BMI2 ? "bmi2" : "portable",
					      res.chains, res.score, o.chains, o.score);
				return false;
			}
		}
	}
	return true;
}

static bool workload_alloc(struct workload *w, int n)
{
	w->n = n;
	w->field = calloc((size_t)n, sizeof *w->field);
	w->cells = calloc((size_t)n, sizeof *w->cells);
	return w->field && w->cells;
}

static void workload_free(struct workload *w)
{
	free(w->field);
	free(w->cells);
}

/*
 * Rounds per figure.  Other load on the machine only slows a round down, so
 * the fastest of many short rounds is the figure it disturbs least.
 */
#define BENCH_ROUNDS 40

static int cmd_bench(struct cli_run *r)
{
	bool quick = cli_flag(r, BENCH_QUICK), bmi2 = puyo_engine_available(PUYO_ENGINE_BMI2);
	struct workload w[2];
	struct bl_buf err;
	struct bl_rng rng;
	long long sum = 0;
	int status = CLI_OK;

	bl_buf_init(&err);
	memset(w, 0, sizeof w);
	w[0].name = "F19 (19 chains, Tsu)";
	puyo_rules_init(&w[0].rules, PUYO_RULES_TSU);
	w[1].name = "random full fields (4 colours)";
	puyo_rules_init(&w[1].rules, PUYO_RULES_BOJ);
	if (!workload_alloc(&w[0], 1) || !workload_alloc(&w[1], quick ? 64 : 4096)) {
		fputs("boardlab: error: out of memory\n", stderr);
		status = CLI_FAIL;
		goto done;
	}
	{
		struct bl_reader rd;
		struct bl_err e;
		bl_err_clear(&e);
		bl_reader_init(&rd, f19_cells, strlen(f19_cells));
		if (puyo_parse(&w[0].field[0], &rd, &w[0].rules, 0, &e) != BL_OK) {
			cli_report("f19", &e, 0);
			status = CLI_FAIL;
			goto done;
		}
		cells_of(&w[0].field[0], w[0].cells[0]);
	}
	bl_rng_init(&rng, 11559);
	for (int i = 0; i < w[1].n; i++) {
		struct puyo_field *f = &w[1].field[i];
		puyo_field_init(f, PUYO_BOJ_ROWS);
		for (int row = 0; row < PUYO_BOJ_ROWS; row++)
			for (int c = 0; c < PUYO_COLS; c++)
				f->cell[row][c] = (unsigned char)(PUYO_RED + bl_rng_below(&rng, 4));
		cells_of(f, w[1].cells[i]);
	}
	for (int k = 0; k < 2; k++)
		if (!agree(&w[k], &err)) {
			fprintf(stderr, "boardlab: error: bench: the engines disagree: %s\n", err.data);
			status = CLI_FAIL;
			goto done;
		}

	bench_head(&r->out, "puyo bench");
	for (int k = 0; k < 2; k++) {
		/* Rounds of each engine and the reference in turn, the fastest kept. */
		long reps = quick ? 4 : k == 0 ? 4000 : 2;
		long ref_reps = quick ? 1 : k == 0 ? 500 : 1;
		double best[3] = { 0, 0, 0 };
		for (int round = 0; round < (quick ? 1 : BENCH_ROUNDS); round++) {
			double t[3] = { time_ref(&w[k], ref_reps, &sum),
					bmi2 ? time_ours(&w[k], PUYO_ENGINE_BMI2, reps, &sum) : 0,
					time_ours(&w[k], PUYO_ENGINE_PORTABLE, reps, &sum) };
			for (int i = 0; i < 3; i++)
				if (round == 0 || t[i] < best[i])
					best[i] = t[i];
		}
		char what[80];
		if (bmi2) {
			snprintf(what, sizeof what, "%s, BMI2", w[k].name);
			bench_row(&r->out, what, "ns/sim", best[1], best[0], false);
		}
		snprintf(what, sizeof what, "%s, portable", w[k].name);
		bench_row(&r->out, what, "ns/sim", best[2], best[0], false);
	}
	{
		/* best: every move of two pairs (up to 22 x 22) on a half-full field. */
		struct puyo_plan plan[PUYO_MOVES_MAX];
		struct puyo_pair pairs[2] = { { PUYO_RED, PUYO_GREEN }, { PUYO_BLUE, PUYO_YELLOW } };
		struct puyo_field half = w[1].field[1];
		long reps = quick ? 2 : 200;
		for (int row = 6; row < PUYO_BOJ_ROWS; row++)
			memset(half.cell[row], PUYO_EMPTY, PUYO_COLS);
		uint64_t t0 = bench_now_ns();
		for (long k = 0; k < reps; k++)
			sum += puyo_best(&half, &w[1].rules, pairs, 2, plan);
		double once = (double)(bench_now_ns() - t0) / (double)reps;
		bench_row(&r->out, "best --next RG,BY (two pairs)", "us/field", once / 1000.0, 0,
			      false);
	}
	bench_note(&r->out, "ns/sim: one whole chain from a parsed field to the final field "
		       "and score; the reference is bench/ref/puyo_ref.c's BFS (puyo_ref_sim)");
	bench_note(&r->out, "each figure the fastest of %d rounds of a few milliseconds, the "
		       "engines and the reference taking turns", quick ? 1 : BENCH_ROUNDS);
	bench_note(&r->out, "%s; BMI2 %s on this CPU (BOARDLAB_PUYO_ENGINE=portable forces "
		       "the portable path in solve, trace and best)",
		       quick ? "quick workloads" : "full workloads", bmi2 ? "available" : "not available");
	if (sum == 42)   /* keeps the timed loops from being optimised away */
		bench_note(&r->out, "checksum %lld", sum);
done:
	workload_free(&w[0]);
	workload_free(&w[1]);
	bl_buf_release(&err);
	return status;
}

/* ---- demo ---- */

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
	explain_chain(&f, &rules, PUYO_ENGINE_AUTO, out);
	return CLI_OK;
}

static const struct stress_game stress = { "trace", NULL, puyo_shrink };

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "count the chains a settled field pops (BOJ 11559); under tsu also the score",
	  "boardlab puyo solve --explain field.txt", solve_opts, NULL, NULL },
	{ "trace", cmd_trace, "[FILE]", 1,
	  "every chain step: the groups, the ojama cleared, the score terms, the field after",
	  "boardlab puyo trace --rules tsu tests/data/puyo/f19.txt", trace_opts, NULL, NULL },
	{ "render", cmd_render, "[FILE]", 1,
	  "a picture of a field: its rows as text, JSON or an SVG",
	  "boardlab puyo render --format svg field.txt > field.svg", render_opts, NULL, NULL },
	{ "best", cmd_best, "[FILE]", 1,
	  "every legal move of the next pair (or two), ranked by the chain it triggers",
	  "boardlab puyo best --rules tsu --next RG,BY field.txt", best_opts, NULL, NULL },
	{ "gen", cmd_gen, "", 0,
	  "random settled fields, or fields built to chain, reproducible from a seed",
	  "boardlab puyo gen --kind chain --chains 6 --seed 7 --count 3", gen_head_opts,
	  CLI_GROUPS(puyo_gen_opts), NULL },
	{ "check", cmd_check, "[FILE]", 1, "validate fields with the parser of solve",
	  "boardlab puyo check --boj --batch fields.txt", check_opts, NULL, NULL },
	STRESS_VERB("boardlab puyo stress --problem 11559 --kind chain -- ./a.out", puyo_game_opts,
		    puyo_gen_opts, &stress),
	{ "bench", cmd_bench, "", 0,
	  "time the bitboard engine (BMI2 and portable) against the plain BFS reference",
	  "boardlab puyo bench --quick", bench_opts, NULL, NULL },
	{ 0 },
};

const struct cli_game puyo_game = { "puyo", "Puyo Puyo chains (BOJ 11559)", verbs, demo };
