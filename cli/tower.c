/*
 * tower: the commands of the stacking game (BOJ 17780, 17837).  solve
 * answers the judge's question for one instance or a batch; trace shows a
 * game move by move or turn by turn; render draws a position; gen and
 * check make and validate inputs; bench times the engine against the plain
 * reference.  The game's part of the demo is the library's (tower_demo).
 */
#include "cli.h"
#include "judge.h"
#include "stress.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Every verb that plays takes the game options first, at these indexes of
 * its option table, so that read_game_opts serves them all.
 */
enum { OPT_RULE, OPT_HEIGHT, OPT_LIMIT, OPT_BOJ };

#define BOJ_OPT { "boj", NULL, "the judge's limits and format: 4 <= N <= 12, 4 <= K <= 10" }

#define GAME_OPTS                                                                          \
	{ "rule", "RULE", "carry (the default, BOJ 17837) or bottom (BOJ 17780)" },        \
	{ "height", "H", "the stack height that ends the game, 2 to 10^18 (default 4)" },  \
	{ "limit", "L", "turns played before the answer is -1, 1 to 10^18 (default 1000)" }, \
	BOJ_OPT

/* The game options alone: stress passes them on to every verb it runs. */
static const struct cli_opt tower_game_opts[] = {
	GAME_OPTS,
	{ 0 },
};

/* The solve options, in the order of solve_opts. */
enum { OPT_BATCH = OPT_BOJ + 1, OPT_EXPLAIN, OPT_SMEM, OPT_MISTAKE };

#define TOWER_MEM_OPT CLI_MAX_MEMORY_OPT("a board and its pieces")

static const struct cli_opt solve_opts[] = {
	GAME_OPTS,
	{ "batch", NULL, "read any number of instances, print one answer line each" },
	{ "explain", NULL, "after the answer, say how the game ended" },
	[OPT_SMEM] = TOWER_MEM_OPT,
	[OPT_MISTAKE] = CLI_MISTAKE_OPT,
	CLI_JOBS_OPT,
	{ 0 },
};

static const char *const rule_names[] = { "carry", "bottom", NULL };

/* What every instance of one solve run shares; the tower is reused. */
struct solve_ctx {
	struct tower t;
	struct tower_limits lim;
	struct tower_opts opts;
	bool explain;
};

static enum bl_code solve_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct solve_ctx *c = ctx;
	struct tower_result res;
	enum bl_code rc = tower_parse(&c->t, rd, &c->lim, err);

	if (rc == BL_OK && out)
		rc = tower_solve(&c->t, &c->opts, &res, err);
	if (rc != BL_OK || !out)
		return rc;
	bl_buf_int(out, res.answer);
	bl_buf_putc(out, '\n');
	if (c->explain)
		tower_explain(&c->t, &c->opts, &res, out);
	return BL_OK;
}

/* --jobs: a thread's own tower, the options shared. */
static void fresh_tower(void *c)
{
	tower_init(&((struct solve_ctx *)c)->t);
}

static void release_tower(void *c)
{
	tower_release(&((struct solve_ctx *)c)->t);
}

/*
 * The game options every verb that plays shares, at the same indexes of
 * its option table (OPT_RULE, OPT_HEIGHT, OPT_LIMIT unless !with_limit,
 * OPT_BOJ), into *o and *lim.
 */
static int read_game_opts(const struct cli_run *r, struct tower_opts *o, struct tower_limits *lim,
			  bool with_limit, int mem_i)
{
	int rule = TOWER_CARRY;
	int status;

	tower_opts_init(o);
	if ((status = cli_opt_choice(r, OPT_RULE, rule_names, &rule)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_HEIGHT, 2, TOWER_OPT_MAX, &o->height)) != CLI_OK ||
	    (with_limit &&
	     (status = cli_opt_int(r, OPT_LIMIT, 1, TOWER_OPT_MAX, &o->limit)) != CLI_OK))
		return status;
	o->rule = (enum tower_rule)rule;
	if (cli_flag(r, OPT_BOJ))
		tower_limits_boj(lim);
	else
		tower_limits_any(lim);
	return mem_i < 0 ? CLI_OK : cli_opt_bytes(r, mem_i, &lim->max_bytes);
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx c;
	int m, status = read_game_opts(r, &c.opts, &c.lim, true, OPT_SMEM);

	if (status != CLI_OK || (status = cli_mistake(r, OPT_MISTAKE, c.opts.rule == TOWER_BOTTOM
						     ? "17780" : "17837", &m)) != CLI_OK)
		return status;
	c.opts.mistake = (enum tower_mistake)m;
	tower_init(&c.t);
	c.explain = cli_flag(r, OPT_EXPLAIN);
	c.opts.answer_only = !c.explain;   /* the first repeat only when it is told */
	r->ctx_size = sizeof c;
	r->fresh = fresh_tower;
	r->release = release_tower;
	status = cli_run_instances(r, cli_flag(r, OPT_BATCH), solve_one, &c);
	tower_release(&c.t);
	return status;
}

/* The trace options, after the game options. */
enum { OPT_EVERY = OPT_BOJ + 1, OPT_FROM, OPT_TO, OPT_FORMAT, OPT_COLOR, OPT_TMEM, OPT_FOUND };

static const struct cli_opt trace_opts[] = {
	GAME_OPTS,
	{ "every", "WHAT", "move (the default: one line per move) or turn (one board per turn)" },
	{ "from", "T", "show turns from T on (default 1)" },
	{ "to", "T", "stop after turn T (default: play to the end)" },
	{ "format", "FORMAT", "text (the default), json or html (a replay page, at most 1000 frames)" },
	{ "color", "WHEN", "colour the cells and moves: auto (the default: on a terminal, unless "
			   "NO_COLOR is set), always or never" },
	[OPT_TMEM] = TOWER_MEM_OPT,
	[OPT_FOUND] = { "found", "ANSWER", "point at where a solution's answer parts from the game: "
					   "the turns around it, then how the game ends (text)" },
	{ 0 },
};

static const char *const every_names[] = { "move", "turn", NULL };
static const enum tower_format trace_format[] = { TOWER_FORMAT_TEXT, TOWER_FORMAT_JSON,
						  TOWER_FORMAT_HTML };

struct trace_ctx {
	struct tower t;
	struct tower_limits lim;
	struct tower_opts opts;
	struct tower_trace_opts view;
};

static bool trace_flush(void *run)
{
	return cli_flush(run);
}

static enum bl_code trace_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct trace_ctx *c = ctx;
	enum bl_code rc = tower_parse(&c->t, rd, &c->lim, err);

	/* The whole input is checked before the first line goes out. */
	if (rc == BL_OK)
		rc = bl_expect_eof(rd, err);
	if (rc == BL_OK)
		rc = tower_trace(&c->t, &c->opts, &c->view, out, err);
	return rc;
}

static int cmd_trace(struct cli_run *r)
{
	struct trace_ctx c;
	struct tower_trace_opts *v = &c.view;
	int every = 0, format = 0;
	int64_t to = TOWER_OPT_MAX;
	int status = read_game_opts(r, &c.opts, &c.lim, true, OPT_TMEM);

	tower_trace_opts_init(v);
	if (status != CLI_OK ||
	    (status = cli_opt_choice(r, OPT_EVERY, every_names, &every)) != CLI_OK ||
	    (status = cli_opt_choice(r, OPT_FORMAT, cli_trace_formats, &format)) != CLI_OK ||
	    (status = cli_style(r, OPT_COLOR, &v->style)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_FROM, 1, TOWER_OPT_MAX, &v->from)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_TO, 1, TOWER_OPT_MAX, &to)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_FOUND, -TOWER_OPT_MAX, TOWER_OPT_MAX, &v->found)) != CLI_OK)
		return status;
	v->compare = r->opt[OPT_FOUND] != NULL;
	if (to < v->from)
		return cli_usage(r, "--to %lld is before --from %lld", (long long)to,
				 (long long)v->from);
	v->to = cli_flag(r, OPT_TO) ? to : 0;
	v->every_turn = every == 1;
	v->format = trace_format[format];
	v->flush = trace_flush;
	v->flush_ctx = r;
	tower_init(&c.t);
	status = cli_run_instances(r, false, trace_one, &c);
	tower_release(&c.t);
	return status;
}

/* The render options: the game options with --turn where --limit would be. */
enum { OPT_TURN = OPT_LIMIT, OPT_RFORMAT = OPT_BOJ + 1, OPT_RCOLOR, OPT_RMEM };

static const struct cli_opt render_opts[] = {
	{ "rule", "RULE", "carry (the default, BOJ 17837) or bottom (BOJ 17780)" },
	{ "height", "H", "the stack height that ends the game, 2 to 10^18 (default 4)" },
	{ "turn", "T", "the position after turn T, 0 to 10^18 (default 0, the start)" },
	BOJ_OPT,
	{ "format", "FORMAT", "text (the default), json or svg" },
	{ "color", "WHEN", "colour the cells: auto (the default: on a terminal, unless NO_COLOR is "
			   "set), always or never" },
	[OPT_RMEM] = TOWER_MEM_OPT,
	{ 0 },
};

struct render_ctx {
	struct tower t;
	struct tower_limits lim;
	struct tower_opts opts;
	int64_t turn;
	enum tower_format format;
	const struct bl_style *style;
};

static enum bl_code render_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			       struct bl_err *err)
{
	struct render_ctx *c = ctx;
	enum bl_code rc = tower_parse(&c->t, rd, &c->lim, err);

	if (rc == BL_OK)
		rc = tower_render(&c->t, &c->opts, c->turn, c->format, c->style, out, err);
	return rc;
}

static int cmd_render(struct cli_run *r)
{
	struct render_ctx c;
	int format = 0;
	int status = read_game_opts(r, &c.opts, &c.lim, false, OPT_RMEM);

	c.turn = 0;
	if (status != CLI_OK ||
	    (status = cli_opt_choice(r, OPT_RFORMAT, cli_render_formats, &format)) != CLI_OK ||
	    (status = cli_style(r, OPT_RCOLOR, &c.style)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_TURN, 0, TOWER_OPT_MAX, &c.turn)) != CLI_OK)
		return status;
	c.format = (enum tower_format)format;
	tower_init(&c.t);
	status = cli_run_instances(r, false, render_one, &c);
	tower_release(&c.t);
	return status;
}

/* gen's options: gen_head_opts (the game options as gen reads them, the run), tower_gen_opts. */
enum { OPT_SEED = OPT_BOJ + 1, OPT_COUNT, OPT_FIRST, OPT_SIZE, OPT_PIECES, OPT_RED, OPT_BLUE,
       OPT_ENDING };

static const struct cli_opt gen_head_opts[] = {
	{ "rule", "RULE", "the rule the games are played under, for --ending and the mixture's "
			  "games built to end near the limit (default carry)" },
	{ "height", "H", "the stack height that ends a game, for the same (default 4)" },
	{ "limit", "L", "the turn limit, for the same (default 1000)" },
	BOJ_OPT,
	CLI_SEED_OPT,
	CLI_COUNT_OPT,
	CLI_FIRST_OPT,
	{ 0 },
};

/* The options that shape the instances (OPT_SIZE on): gen's, and stress's for gen. */
static const struct cli_opt tower_gen_opts[] = {
	{ "size", "N|LO-HI", "the board side, fixed or drawn from a range (default 4-12)" },
	{ "pieces", "K|LO-HI", "the piece count, at most N*N (default 4-10)" },
	{ "red", "P|LO-HI", "percent of red cells (default 0-25)" },
	{ "blue", "P|LO-HI", "percent of blue cells (default 0-25)" },
	{ "ending", "WHAT", "any (the default), stack (the game must end with a stack) or never" },
	CLI_DIST_OPT,
	{ 0 },
};

static const char *const ending_names[] = { "any", "stack", "never", NULL };

/*
 * Option i as "N" or "LO-HI" with lo <= LO <= HI <= hi into *a, *b; left
 * untouched when not given.  Returns CLI_OK or CLI_USAGE (printed).
 */
static int opt_range(const struct cli_run *r, int i, int64_t lo, int64_t hi, int64_t *a,
		     int64_t *b)
{
	if (r->opt[i] && !tower_gen_range(r->opt[i], lo, hi, a, b))
		return cli_usage(r,
				 "invalid value '%s' for --%s: expected N or LO-HI with %lld <= LO "
				 "<= HI <= %lld",
				 r->opt[i], r->verb->opts[i].name, (long long)lo, (long long)hi);
	return CLI_OK;
}

static int cmd_gen(struct cli_run *r)
{
	struct tower_gen g;
	struct cli_gen range;
	struct bl_err err;
	int ending = TOWER_ENDING_ANY;
	int status;

	tower_gen_init(&g);
	if ((status = read_game_opts(r, &g.opts, &g.lim, true, -1)) != CLI_OK ||
	    (status = cli_gen_range(r, OPT_SEED, OPT_COUNT, OPT_FIRST, &range)) != CLI_OK ||
	    (status = opt_range(r, OPT_SIZE, g.lim.n_min, g.lim.n_max, &g.n[0], &g.n[1])) != CLI_OK ||
	    (status = opt_range(r, OPT_PIECES, g.lim.k_min, g.lim.k_max, &g.k[0], &g.k[1])) !=
		    CLI_OK ||
	    (status = opt_range(r, OPT_RED, 0, 100, &g.red[0], &g.red[1])) != CLI_OK ||
	    (status = opt_range(r, OPT_BLUE, 0, 100, &g.blue[0], &g.blue[1])) != CLI_OK ||
	    (status = cli_opt_choice(r, OPT_ENDING, ending_names, &ending)) != CLI_OK)
		return status;
	g.ending = (enum tower_ending)ending;
	g.mix = range.dist;
	if (r->opt[OPT_RED] || r->opt[OPT_BLUE])
		g.dense = 0;   /* the ranges given hold */
	/* Requests no draw can meet are the caller's mistake, not bad luck. */
	bl_err_clear(&err);
	if (tower_gen_check(&g, &err) != BL_OK)
		return cli_usage(r, "%s", err.msg);
	for (int64_t i = range.first; i < range.first + range.count; i++) {
		bl_err_clear(&err);
		if (tower_gen(&g, range.seed, i, &r->out, &err) != BL_OK) {
			fprintf(stderr, "boardlab: error: %s\n", err.msg);
			return CLI_FAIL;
		}
		if (r->out.len >= (1u << 16) && !cli_flush(r))
			return CLI_FAIL;
	}
	return CLI_OK;
}

/* The check options. */
enum { OPT_CBOJ, OPT_CBATCH };

static const struct cli_opt check_opts[] = {
	BOJ_OPT,
	{ "batch", NULL, "the file holds any number of instances, one after another" },
	CLI_STRICT_OPT,
	{ 0 },
};

/* An instance read as solve reads it (solve_one, out NULL: not solved). */
static int cmd_check(struct cli_run *r)
{
	struct solve_ctx c;
	int status;

	tower_init(&c.t);
	if (cli_flag(r, OPT_CBOJ))
		tower_limits_boj(&c.lim);
	else
		tower_limits_any(&c.lim);
	status = cli_check_instances(r, cli_flag(r, OPT_CBATCH), solve_one, &c);
	tower_release(&c.t);
	return status;
}

/* The bench options. */
static const struct cli_opt bench_opts[] = {
	{ "quick", NULL, "small workloads: check that every benchmark runs and agrees" },
	{ 0 },
};

static const struct stress_game stress = { "trace", NULL, &bl_shrink_tower };
static const struct cli_bench bench = { tower_bench };

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "the turn on which a stack of 4 pieces forms, or -1 (not within 1000 turns, or never)",
	  "boardlab tower solve --rule bottom --explain board.txt", solve_opts, NULL, NULL },
	{ "trace", cmd_trace, "[FILE]", 1,
	  "the game move by move (or --every turn, board by board), then how it ended: text, "
	  "json or an html replay",
	  "boardlab tower trace --every turn --from 3 --to 5 board.txt", trace_opts, NULL, NULL },
	{ "render", cmd_render, "[FILE]", 1,
	  "the position at the start or after a turn, as text, json or an svg picture",
	  "boardlab tower render --turn 7 board.txt", render_opts, NULL, NULL },
	{ "gen", cmd_gen, NULL, 0,
	  "random instances in the judge's format, reproducible from --seed",
	  "boardlab tower gen --boj --seed 7 --count 100 | boardlab tower solve --batch",
	  gen_head_opts, CLI_GROUPS(tower_gen_opts), NULL },
	{ "check", cmd_check, "[FILE]", 1, "validate an input file: exit 0 valid, 1 invalid",
	  "boardlab tower check --boj --batch tests.txt", check_opts, NULL, NULL },
	JUDGE_VERB("boardlab tower judge --problem 17837 -- ./a.out"),
	STRESS_VERB("boardlab tower stress --problem 17837 --runs 500 --save fail -- ./a.out",
		    tower_game_opts, tower_gen_opts, &stress),
	{ "bench", cli_bench_verb, NULL, 0,
	  "fixed workloads timed against the plain reference of bench/ref/",
	  "boardlab tower bench --quick", bench_opts, NULL, &bench },
	{ 0 },
};

const struct cli_game tower_game = {
	"tower", "stacking pieces on a coloured board (BOJ 17780, 17837)",
	verbs, tower_demo, example_tower,
};
