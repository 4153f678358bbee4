/*
 * puyo commands: `solve` (BOJ 11559's chain count, Tsu's score; with
 * --explain the chain step by step), `trace` (every step with its groups,
 * ojama and score terms, text or JSON), `best` (the next pairs' moves
 * ranked), `gen`, `check`, `bench` (the game's part of the demo is puyo_demo).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "bench.h"
#include "judge.h"
#include "stress.h"


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

enum { OPT_FORMAT = OPT_COMMON, OPT_EXPLAIN, OPT_MISTAKE };

static const struct cli_opt solve_opts[] = {
	COMMON_OPTS,
	{ "format", "FORMAT", "text (the default) or json" },
	{ "explain", NULL, "after the answer, each chain step: the groups popped and the field after gravity" },
	CLI_MISTAKE_OPT,
	CLI_JOBS_OPT,
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
	CLI_STRICT_OPT,
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
	CLI_DIST_OPT,
	{ 0 },
};

static const struct cli_opt bench_opts[] = {
	{ "quick", NULL, "small workloads: check that every benchmark runs and agrees" },
	{ 0 },
};

static const char *const rules_names[] = { "boj", "tsu", NULL };
static const enum puyo_ruleset rules_sets[] = { PUYO_RULES_BOJ, PUYO_RULES_TSU };

enum { RENDER_FORMAT = OPT_COMMON, RENDER_COLOR };

static const struct cli_opt render_opts[] = {
	COMMON_OPTS,
	{ "format", "FORMAT", "text (the default), json or svg (one field)" },
	{ "color", "WHEN", "colour the puyos: auto (the default: on a terminal, unless NO_COLOR is set), always or never" },
	{ 0 },
};


/* What the verbs reading fields share. */
struct fields_ctx;
typedef enum bl_code (*field_view_fn)(struct fields_ctx *c, const struct puyo_field *f,
				      struct bl_buf *out, struct bl_err *err);

struct fields_ctx {
	field_view_fn view;         /* what a verb makes of a field read; NULL: nothing (check) */
	struct puyo_rules rules;
	unsigned flags;             /* PUYO_PARSE_* */
	struct puyo_limits lim;     /* the judge's form under --boj */
	const struct bl_style *style;   /* trace and render as text: the puyos' colours */
	bool json, explain, batch, html, svg;
	long n;                     /* instances shown, for the blank lines between them */
	int npairs, top;            /* best */
	struct puyo_pair pairs[2];
};

/*
 * BOARDLAB_PUYO_ENGINE, the engines' test switch, picks the engine: auto
 * (the default), portable or bmi2.  Returns CLI_OK, or a usage error or
 * CLI_FAIL (printed).
 */
static int engine_from_env(const struct cli_run *r, enum puyo_engine *e)
{
	const char *v = getenv("BOARDLAB_PUYO_ENGINE");

	if (!puyo_engine_parse(v && *v ? v : "auto", e))
		return cli_usage(r, "invalid value '%s' for BOARDLAB_PUYO_ENGINE: expected auto, "
				    "portable or bmi2", v);
	if (puyo_engine_available(*e))
		return CLI_OK;
	fputs("boardlab: error: BOARDLAB_PUYO_ENGINE=bmi2, but this CPU has no BMI2\n", stderr);
	return CLI_FAIL;
}

/* Reads --rules, --rows, --pop, --boj, --settle, --batch and BOARDLAB_PUYO_ENGINE into c. */
static int common_opts(const struct cli_run *r, struct fields_ctx *c)
{
	int set = 0, status;
	int64_t rows = 0, pop = PUYO_POP_DEFAULT;
	enum puyo_engine engine;

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
	if (cli_flag(r, OPT_BOJ))
		puyo_limits_boj(&c->lim);
	else
		puyo_limits_any(&c->lim);
	c->flags = (cli_flag(r, OPT_SETTLE) ? PUYO_PARSE_SETTLE : 0u) |
		   (cli_flag(r, OPT_BATCH) ? PUYO_PARSE_BATCH : 0u);
	if ((status = engine_from_env(r, &engine)) != CLI_OK)
		return status;
	puyo_rules_set_engine(&c->rules, engine);
	return CLI_OK;
}

/*
 * One instance of every verb: a field read under the verb's rules, flags
 * and limits, then the verb's view of it.
 */
static enum bl_code field_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct fields_ctx *c = vctx;
	struct puyo_field f;
	enum bl_code code = puyo_parse(&f, rd, &c->rules, c->flags, &c->lim, err);

	return code != BL_OK || !c->view || !out ? code : c->view(c, &f, out, err);
}

/* ---- solve ---- */

static enum bl_code solve_view(struct fields_ctx *ctx, const struct puyo_field *f,
			       struct bl_buf *out, struct bl_err *err)
{
	return puyo_solve_write(f, &ctx->rules, ctx->json, ctx->batch, ctx->explain,
				ctx->flags & PUYO_PARSE_SETTLE, out, err);
}

static int cmd_solve(struct cli_run *r)
{
	struct fields_ctx ctx;
	int status, format = 0;
	bool batch = cli_flag(r, OPT_BATCH);

	if ((status = common_opts(r, &ctx)) != CLI_OK ||
	    (status = cli_opt_choice(r, OPT_FORMAT, cli_formats, &format)) != CLI_OK ||
	    (status = cli_mistake(r, OPT_MISTAKE, "11559", (int *)&ctx.rules.mistake)) != CLI_OK)
		return status;
	ctx.json = format == 1;
	ctx.explain = cli_flag(r, OPT_EXPLAIN);
	if (ctx.json && ctx.explain)
		return cli_usage(r, "options '--explain' and '--format json' cannot be used "
				    "together: use 'boardlab puyo trace --format json'");
	ctx.batch = batch;
	ctx.view = solve_view;
	r->json_array = ctx.json;
	r->ctx_size = sizeof ctx;   /* --jobs: a thread's context is a copy */
	return cli_run_instances(r, batch, field_one, &ctx);
}

/* ---- trace and render ---- */

static enum bl_code trace_view(struct fields_ctx *ctx, const struct puyo_field *f,
			       struct bl_buf *out, struct bl_err *err)
{
	if (ctx->html)
		return puyo_trace_html(f, &ctx->rules, out, err);
	if (ctx->json)
		return puyo_trace_json(f, &ctx->rules, out, err);   /* with --batch, one a line */
	if (ctx->n++)
		bl_buf_putc(out, '\n');
	return puyo_trace_text(f, &ctx->rules, ctx->style, out, err);
}

static enum bl_code render_view(struct fields_ctx *ctx, const struct puyo_field *f,
				struct bl_buf *out, struct bl_err *err)
{
	(void)err;
	if (ctx->svg) {
		puyo_render_svg(f, &ctx->rules, out);
	} else if (ctx->json) {
		puyo_render_json(f, out);
	} else {
		if (ctx->n++)
			bl_buf_putc(out, '\n');
		puyo_field_text(f, &ctx->rules, 0, 0, ctx->style, out);
	}
	return BL_OK;
}

/*
 * trace and render alike: the field options, --format (text, json, then the
 * picture: html or svg, which shows one field) and --color (text only).
 */
static int picture_verb(struct cli_run *r, bool replay, int format_opt,
			const char *const *formats, int color_opt, field_view_fn view)
{
	struct fields_ctx ctx;
	int status, format = 0;

	if ((status = common_opts(r, &ctx)) != CLI_OK ||
	    (status = cli_opt_choice(r, format_opt, formats, &format)) != CLI_OK ||
	    (status = cli_style(r, color_opt, &ctx.style)) != CLI_OK)
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
	if (format != 0)
		ctx.style = NULL;
	ctx.batch = cli_flag(r, OPT_BATCH);
	ctx.view = view;
	return cli_run_instances(r, ctx.batch, field_one, &ctx);
}

static int cmd_trace(struct cli_run *r)
{
	return picture_verb(r, true, TRACE_FORMAT, cli_trace_formats, TRACE_COLOR, trace_view);
}

static int cmd_render(struct cli_run *r)
{
	return picture_verb(r, false, RENDER_FORMAT, cli_render_formats, RENDER_COLOR, render_view);
}

/* ---- best ---- */

/* Reads --next: "RG" or "RG,BY", colours only.  Returns CLI_OK or CLI_USAGE. */
static int read_pairs(const struct cli_run *r, struct fields_ctx *c)
{
	const char *v = r->opt[BEST_NEXT];

	if (!v)
		return cli_usage(r, "option '--next' is required: the next pair, e.g. --next RG");
	if ((c->npairs = puyo_pairs_parse(v, c->pairs)) == 0)
		return cli_usage(r, "invalid value '%s' for --next: expected a pair of colours "
				    "R, G, B, P or Y (RG), or two pairs (RG,BY)", v);
	return CLI_OK;
}

static enum bl_code best_view(struct fields_ctx *ctx, const struct puyo_field *f,
			      struct bl_buf *out, struct bl_err *err)
{
	struct puyo_plan plan[PUYO_MOVES_MAX];
	int n = puyo_best(f, &ctx->rules, ctx->pairs, ctx->npairs, plan);

	(void)err;
	if (ctx->top > 0 && n > ctx->top)
		n = ctx->top;
	if (ctx->json) {
		puyo_plans_json(plan, n, out);
		if (!ctx->batch)
			bl_buf_putc(out, '\n');
		return BL_OK;
	}
	if (ctx->n++)
		bl_buf_putc(out, '\n');
	puyo_plans_text(f, plan, n, ctx->npairs, out);
	return BL_OK;
}

static int cmd_best(struct cli_run *r)
{
	struct fields_ctx ctx;
	int status, format = 0;
	int64_t top = 0;
	bool batch = cli_flag(r, OPT_BATCH);

	if ((status = common_opts(r, &ctx)) != CLI_OK ||
	    (status = cli_opt_choice(r, BEST_FORMAT, cli_formats, &format)) != CLI_OK ||
	    (status = cli_opt_int(r, BEST_TOP, 1, PUYO_MOVES_MAX, &top)) != CLI_OK ||
	    (status = read_pairs(r, &ctx)) != CLI_OK)
		return status;
	ctx.json = format == 1;
	ctx.top = (int)top;
	ctx.batch = batch;
	ctx.view = best_view;
	r->json_array = ctx.json;
	return cli_run_instances(r, batch, field_one, &ctx);
}

/* ---- check ---- */

static int cmd_check(struct cli_run *r)
{
	struct fields_ctx ctx;
	int status;

	if ((status = common_opts(r, &ctx)) != CLI_OK)
		return status;
	return cli_check_instances(r, cli_flag(r, OPT_BATCH), field_one, &ctx);   /* no view */
}

/* ---- gen ---- */

static const char *const kind_names[] = { "random", "chain", NULL };

static int cmd_gen(struct cli_run *r)
{
	struct cli_gen range;
	struct puyo_gen g;
	struct bl_err err;
	int status, set = 0, kind = 0;
	int64_t rows = 0, chains = 5, colours = 4, ojama = 0;

	if ((status = cli_gen_range(r, GEN_SEED, GEN_COUNT, GEN_FIRST, &range)) != CLI_OK ||
	    (status = cli_opt_choice(r, GEN_RULES, rules_names, &set)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_ROWS, 12, PUYO_ROWS_MAX, &rows)) != CLI_OK ||
	    (status = cli_opt_choice(r, GEN_KIND, kind_names, &kind)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_CHAINS, 1, 19, &chains)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_COLOURS, 1, PUYO_COLOURS, &colours)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_OJAMA, 0, 100, &ojama)) != CLI_OK)
		return status;
	if (cli_flag(r, GEN_BOJ) && (rules_sets[set] != PUYO_RULES_BOJ || (rows && rows != 12)))
		return cli_usage(r, "option '--boj' gives the judge's fields: 12 rows, BOJ rules");
	if (ojama && rules_sets[set] != PUYO_RULES_TSU)
		return cli_usage(r, "option '--ojama' needs '--rules tsu': BOJ fields have no ojama");
	if (cli_flag(r, GEN_CHAINS) && kind != 1)
		return cli_usage(r, "option '--chains' needs '--kind chain'");
	puyo_gen_init(&g, rules_sets[set]);
	if (rows)
		puyo_rules_set_rows(&g.rules, (int)rows);
	g.kind = kind == 1 ? PUYO_GEN_CHAIN : PUYO_GEN_RANDOM;
	g.chains = (int)chains;
	g.colours = (int)colours;
	g.ojama = (int)ojama;
	g.mix = range.dist;
	if (g.kind == PUYO_GEN_CHAIN && g.chains > puyo_gen_chains_max(g.rules.rows, g.colours))
		return cli_usage(r, "invalid value '%d' for --chains: expected an integer from 1 to %d "
				    "with %d rows and %d colour%s", g.chains,
				 puyo_gen_chains_max(g.rules.rows, g.colours), g.rules.rows, g.colours,
				 g.colours == 1 ? "" : "s");
	for (int64_t i = range.first; i < range.first + range.count; i++) {
		size_t at = r->out.len;
		bl_err_clear(&err);
		/* Fields with hidden rows are separated by a blank line (puyo_parse). */
		if (i > range.first && g.rules.rows > PUYO_BOJ_ROWS)
			bl_buf_putc(&r->out, '\n');
		if (puyo_gen(&g, range.seed, i, &r->out, &err) != BL_OK) {
			if (r->out.data)   /* nor the blank line before it */
				r->out.data[r->out.len = at] = '\0';
			fprintf(stderr, "boardlab: error: gen: instance %lld: %s\n", (long long)i,
				err.msg);
			return CLI_FAIL;
		}
		if (r->out.len >= (1u << 16) && !cli_flush(r))
			return CLI_FAIL;
	}
	return CLI_OK;
}

/* ---- bench ---- */

static const struct stress_game stress = { "trace", NULL, &bl_shrink_puyo };
static const struct cli_bench bench = { puyo_bench };

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "count the chains a settled field pops (BOJ 11559); under tsu also the score",
	  "boardlab puyo solve --explain field.txt", solve_opts, NULL, NULL },
	{ "trace", cmd_trace, "[FILE]", 1,
	  "every chain step: the groups, the ojama cleared, the score terms, the field after: "
	  "text, json or an html replay",
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
	JUDGE_VERB("boardlab puyo judge --problem 11559 --format json -- ./a.out"),
	STRESS_VERB("boardlab puyo stress --problem 11559 --kind chain -- ./a.out", puyo_game_opts,
		    puyo_gen_opts, &stress),
	{ "bench", cli_bench_verb, "", 0,
	  "time the bitboard engine (BMI2 and portable) against the plain BFS reference",
	  "boardlab puyo bench --quick", bench_opts, NULL, &bench },
	{ 0 },
};

const struct cli_game puyo_game = { "puyo", "Puyo Puyo chains (BOJ 11559)", verbs, puyo_demo,
				    example_puyo };
