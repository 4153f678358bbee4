/*
 * tower: the commands of the stacking game (BOJ 17780, 17837).  solve
 * answers the judge's question for one instance or a batch; trace shows a
 * game move by move or turn by turn; render draws a position; gen and
 * check make and validate inputs; bench times the engine against the plain
 * reference; demo plays the built-in example under both rules.
 */
#include "cli.h"
#include "bench.h"
#include "stress.h"

#include "ref/tower_ref.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Every verb that plays takes the game options first, at these indexes of
 * its option table, so that read_game_opts serves them all.
 */
enum { OPT_RULE, OPT_HEIGHT, OPT_LIMIT, OPT_BOJ };

#define GAME_OPTS                                                                          \
	{ "rule", "RULE", "carry (the default, BOJ 17837) or bottom (BOJ 17780)" },        \
	{ "height", "H", "the stack height that ends the game, 2 to 10^18 (default 4)" },  \
	{ "limit", "L", "turns played before the answer is -1, 1 to 10^18 (default 1000)" }, \
	{ "boj", NULL, "enforce the judge's limits 4 <= N <= 12, 4 <= K <= 10" }

/* The solve options, in the order of solve_opts. */
enum { OPT_BATCH = OPT_BOJ + 1, OPT_EXPLAIN, OPT_SMEM };

#define TOWER_MEM_OPT CLI_MAX_MEMORY_OPT("a board and its pieces")

static const struct cli_opt solve_opts[] = {
	GAME_OPTS,
	{ "batch", NULL, "read any number of instances, print one answer line each" },
	{ "explain", NULL, "after the answer, say how the game ended" },
	[OPT_SMEM] = TOWER_MEM_OPT,
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

	if (rc == BL_OK)
		rc = tower_solve(&c->t, &c->opts, &res, err);
	if (rc != BL_OK)
		return rc;
	bl_buf_int(out, res.answer);
	bl_buf_putc(out, '\n');
	if (c->explain)
		tower_explain(&c->t, &c->opts, &res, out);
	return BL_OK;
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
	int status = read_game_opts(r, &c.opts, &c.lim, true, OPT_SMEM);

	if (status != CLI_OK)
		return status;
	tower_init(&c.t);
	c.explain = cli_flag(r, OPT_EXPLAIN);
	status = cli_run_instances(r, cli_flag(r, OPT_BATCH), solve_one, &c);
	tower_release(&c.t);
	return status;
}

/* The trace options, after the game options. */
enum { OPT_EVERY = OPT_BOJ + 1, OPT_FROM, OPT_TO, OPT_FORMAT, OPT_COLOR, OPT_TMEM };

static const struct cli_opt trace_opts[] = {
	GAME_OPTS,
	{ "every", "WHAT", "move (the default: one line per move) or turn (one board per turn)" },
	{ "from", "T", "show turns from T on (default 1)" },
	{ "to", "T", "stop after turn T (default: play to the end)" },
	{ "format", "FMT", "text (the default), json or html (a replay page, at most 1000 frames)" },
	{ "color", "WHEN", "colour the cells and moves: auto (the default: on a terminal, unless "
			   "NO_COLOR is set), always or never" },
	[OPT_TMEM] = TOWER_MEM_OPT,
	{ 0 },
};

static const char *const every_names[] = { "move", "turn", NULL };
static const char *const trace_formats[] = { "text", "json", "html", NULL };
static const enum tower_format trace_format[] = { TOWER_FORMAT_TEXT, TOWER_FORMAT_JSON,
						  TOWER_FORMAT_HTML };
static const char *const render_formats[] = { "text", "json", "svg", NULL };

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
	if (status == CLI_OK)
		status = cli_opt_choice(r, OPT_EVERY, every_names, &every);
	if (status == CLI_OK)
		status = cli_opt_choice(r, OPT_FORMAT, trace_formats, &format);
	if (status == CLI_OK)
		status = cli_style(r, OPT_COLOR, &v->style);
	if (status == CLI_OK)
		status = cli_opt_int(r, OPT_FROM, 1, TOWER_OPT_MAX, &v->from);
	if (status == CLI_OK)
		status = cli_opt_int(r, OPT_TO, 1, TOWER_OPT_MAX, &to);
	if (status != CLI_OK)
		return status;
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
	{ "boj", NULL, "enforce the judge's limits 4 <= N <= 12, 4 <= K <= 10" },
	{ "format", "FMT", "text (the default), json or svg" },
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
	if (status == CLI_OK)
		status = cli_opt_choice(r, OPT_RFORMAT, render_formats, &format);
	if (status == CLI_OK)
		status = cli_style(r, OPT_RCOLOR, &c.style);
	if (status == CLI_OK)
		status = cli_opt_int(r, OPT_TURN, 0, TOWER_OPT_MAX, &c.turn);
	if (status != CLI_OK)
		return status;
	c.format = (enum tower_format)format;
	tower_init(&c.t);
	status = cli_run_instances(r, false, render_one, &c);
	tower_release(&c.t);
	return status;
}

/* The gen options, after the game options. */
enum { OPT_SEED = OPT_BOJ + 1, OPT_COUNT, OPT_FIRST, OPT_SIZE, OPT_PIECES, OPT_RED, OPT_BLUE,
       OPT_ENDING };

static const struct cli_opt gen_opts[] = {
	{ "rule", "RULE", "with --ending: the rule the game is played under (default carry)" },
	{ "height", "H", "with --ending: the stack height that ends the game (default 4)" },
	{ "limit", "L", "with --ending: the turn limit (default 1000)" },
	{ "boj", NULL, "keep every instance inside the judge's limits (N 4..12, K 4..10)" },
	{ "seed", "S", "the run's seed, 0 to 2^63-1 (default 1)" },
	{ "count", "N", "instances to print (default 1)" },
	{ "first", "I", "the number of the first instance (default 1)" },
	{ "size", "N|LO-HI", "the board side, fixed or drawn from a range (default 4-12)" },
	{ "pieces", "K|LO-HI", "the piece count, at most N*N (default 4-10)" },
	{ "red", "P|LO-HI", "percent of red cells (default 0-25)" },
	{ "blue", "P|LO-HI", "percent of blue cells (default 0-25)" },
	{ "ending", "WHAT", "any (the default), stack (the game must end with a stack) or never" },
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
	const char *v = r->opt[i];
	const char *dash;
	struct bl_tok t1, t2;
	int64_t x, y;

	if (!v)
		return CLI_OK;
	dash = v[0] ? strchr(v + 1, '-') : NULL;
	t1.s = v;
	t1.len = dash ? (size_t)(dash - v) : strlen(v);
	t2.s = dash ? dash + 1 : v;
	t2.len = strlen(t2.s);
	if (!bl_tok_int(&t1, &x) || !bl_tok_int(&t2, &y) || x < lo || y > hi || x > y)
		return cli_usage(r,
				 "invalid value '%s' for --%s: expected N or LO-HI with %lld <= LO "
				 "<= HI <= %lld",
				 v, r->verb->opts[i].name, (long long)lo, (long long)hi);
	*a = x;
	*b = y;
	return CLI_OK;
}

struct gen_spec {
	int64_t n[2], k[2], red[2], blue[2];
	int ending;                /* index into ending_names */
	struct tower_opts opts;
	struct tower_limits lim;
};

/* One instance drawn from rng, in the judge's format, appended to out. */
static bool gen_text(const struct gen_spec *g, struct bl_rng *rng, struct bl_buf *out)
{
	int n = (int)bl_rng_range(rng, g->n[0], g->n[1]);
	int64_t cells = (int64_t)n * n;
	int k = (int)bl_rng_range(rng, g->k[0], g->k[1] < cells ? g->k[1] : cells);
	int red = (int)bl_rng_range(rng, g->red[0], g->red[1]);
	int bmax = (int)(g->blue[1] < 100 - red ? g->blue[1] : 100 - red);
	int blue = (int)bl_rng_range(rng, g->blue[0] < bmax ? g->blue[0] : bmax, bmax);
	uint8_t *used = calloc((size_t)cells, 1);

	if (!used)
		return false;
	bl_buf_printf(out, "%d %d\n", n, k);
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			int x = (int)bl_rng_below(rng, 100);
			bl_buf_putc(out, x < red ? '1' : x < red + blue ? '2' : '0');
			bl_buf_putc(out, c + 1 < n ? ' ' : '\n');
		}
	}
	/*
	 * Distinct start cells.  Drawing until a free cell comes up costs
	 * cells / (cells - placed) draws each: at most 2 while half the board
	 * is free; beyond that the free cells are listed and picked from.
	 */
	int placed = 0;
	for (; placed < k && 2 * (int64_t)placed < cells; placed++) {
		int64_t cell;
		do
			cell = (int64_t)bl_rng_below(rng, (uint64_t)cells);
		while (used[cell]);
		used[cell] = 1;
		bl_buf_printf(out, "%lld %lld %d\n", (long long)(cell / n + 1),
			      (long long)(cell % n + 1), (int)bl_rng_range(rng, 1, 4));
	}
	if (placed < k) {
		int32_t *free_cells = malloc((size_t)(cells - placed) * sizeof *free_cells);
		int64_t nfree = 0;
		if (!free_cells) {
			free(used);
			return false;
		}
		for (int64_t c = 0; c < cells; c++)
			if (!used[c])
				free_cells[nfree++] = (int32_t)c;
		for (; placed < k; placed++) {
			int64_t j = (int64_t)bl_rng_below(rng, (uint64_t)nfree);
			int64_t cell = free_cells[j];
			free_cells[j] = free_cells[--nfree];
			bl_buf_printf(out, "%lld %lld %d\n", (long long)(cell / n + 1),
				      (long long)(cell % n + 1), (int)bl_rng_range(rng, 1, 4));
		}
		free(free_cells);
	}
	free(used);
	return true;
}

/* True when the instance in text ends as --ending asks. */
static bool gen_wanted(const struct gen_spec *g, const struct bl_buf *text, struct tower *t)
{
	struct bl_reader rd;
	struct tower_result res;

	bl_reader_init(&rd, text->data, text->len);
	if (tower_parse(t, &rd, &g->lim, NULL) != BL_OK ||
	    tower_solve(t, &g->opts, &res, NULL) != BL_OK)
		return false;
	return (res.end == TOWER_END_STACK) == (g->ending == 1);
}

#define GEN_TRIES 1000

static int cmd_gen(struct cli_run *r)
{
	struct gen_spec g = { { 4, 12 }, { 4, 10 }, { 0, 25 }, { 0, 25 }, 0, { 0 }, { 0 } };
	struct cli_gen range;
	struct bl_buf one;
	struct tower t;
	int status = read_game_opts(r, &g.opts, &g.lim, true, -1);

	if (status == CLI_OK)
		status = cli_gen_range(r, OPT_SEED, OPT_COUNT, OPT_FIRST, &range);
	if (status == CLI_OK)
		status = opt_range(r, OPT_SIZE, g.lim.n_min, g.lim.n_max, &g.n[0], &g.n[1]);
	if (status == CLI_OK)
		status = opt_range(r, OPT_PIECES, g.lim.k_min, g.lim.k_max, &g.k[0], &g.k[1]);
	if (status == CLI_OK)
		status = opt_range(r, OPT_RED, 0, 100, &g.red[0], &g.red[1]);
	if (status == CLI_OK)
		status = opt_range(r, OPT_BLUE, 0, 100, &g.blue[0], &g.blue[1]);
	if (status == CLI_OK)
		status = cli_opt_choice(r, OPT_ENDING, ending_names, &g.ending);
	if (status != CLI_OK)
		return status;
	if (g.k[0] > g.n[1] * g.n[1])
		return cli_usage(r, "%lld pieces do not fit on a %lldx%lld board", (long long)g.k[0],
				 (long long)g.n[1], (long long)g.n[1]);
	if (g.red[0] + g.blue[0] > 100)
		return cli_usage(r, "--red %lld and --blue %lld make more than 100 percent",
				 (long long)g.red[0], (long long)g.blue[0]);
	/* Requests no draw can meet are the caller's mistake, not bad luck. */
	if (g.ending == 1) {
		int64_t most = g.k[1] < g.n[1] * g.n[1] ? g.k[1] : g.n[1] * g.n[1];
		if (g.opts.height > most)
			return cli_usage(r, "--height %lld with --ending stack needs %lld pieces, but "
					 "--pieces and --size allow at most %lld",
					 (long long)g.opts.height, (long long)g.opts.height,
					 (long long)most);
		if (g.blue[0] == 100 && g.red[1] == 0)
			return cli_usage(r, "--blue 100 --red 0 with --ending stack: on an all-blue "
					 "board no piece ever moves");
	}
	/* Every size drawn must hold the fewest pieces asked for. */
	while (g.n[0] * g.n[0] < g.k[0])
		g.n[0]++;
	bl_buf_init(&one);
	tower_init(&t);
	for (int64_t i = range.first; i < range.first + range.count && status == CLI_OK; i++) {
		struct bl_rng rng;
		int tries = 0;

		bl_rng_init_stream(&rng, range.seed, (uint64_t)i);
		do {
			bl_buf_reset(&one);
			if (!gen_text(&g, &rng, &one)) {
				fputs("boardlab: error: out of memory\n", stderr);
				status = CLI_FAIL;
				break;
			}
		} while (g.ending && !gen_wanted(&g, &one, &t) && ++tries < GEN_TRIES);
		if (status != CLI_OK)
			break;
		if (tries == GEN_TRIES) {
			fprintf(stderr,
				"boardlab: error: instance %lld: no game that %s in %d draws; "
				"try other sizes or densities\n",
				(long long)i, g.ending == 1 ? "ends with a stack" : "never ends",
				GEN_TRIES);
			status = CLI_FAIL;
			break;
		}
		bl_buf_add(&r->out, one.data, one.len);
		if (r->out.len >= (1u << 16) && !cli_flush(r))
			status = CLI_FAIL;
	}
	tower_release(&t);
	bl_buf_release(&one);
	return status;
}

/* The check options. */
enum { OPT_CBOJ, OPT_CBATCH };

static const struct cli_opt check_opts[] = {
	{ "boj", NULL, "also enforce the judge's limits 4 <= N <= 12, 4 <= K <= 10" },
	{ "batch", NULL, "the file holds any number of instances, one after another" },
	{ 0 },
};

struct check_ctx {
	struct tower t;
	struct tower_limits lim;
};

static enum bl_code check_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct check_ctx *c = ctx;

	(void)out;
	return tower_parse(&c->t, rd, &c->lim, err);
}

static int cmd_check(struct cli_run *r)
{
	struct check_ctx c;
	int status;

	tower_init(&c.t);
	if (cli_flag(r, OPT_CBOJ))
		tower_limits_boj(&c.lim);
	else
		tower_limits_any(&c.lim);
	status = cli_check_instances(r, cli_flag(r, OPT_CBATCH), check_one, &c);
	tower_release(&c.t);
	return status;
}

/* The bench options. */
enum { OPT_QUICK };

static const struct cli_opt bench_opts[] = {
	{ "quick", NULL, "small workloads: check that every benchmark runs and agrees" },
	{ 0 },
};

#define BENCH_SEED 20260301

/* Fills text with count instances of spec g, instance i from stream (seed, i). */
static bool bench_text(const struct gen_spec *g, uint64_t seed, int64_t count, struct bl_buf *text)
{
	for (int64_t i = 1; i <= count; i++) {
		struct bl_rng rng;
		bl_rng_init_stream(&rng, seed, (uint64_t)i);
		if (!gen_text(g, &rng, text) || bl_buf_failed(text))
			return false;
	}
	return true;
}

static double secs(uint64_t ns)
{
	return (double)ns / 1e9;
}

/*
 * Workload a: judge-size instances as one text, parsed and solved through
 * solve_one (the code of solve --batch), against the reference reading and
 * playing the same text.  Returns false on a disagreement (reported).
 */
static bool bench_batch(bool quick, struct bl_buf *out)
{
	struct gen_spec g = { { 4, 12 }, { 4, 10 }, { 0, 25 }, { 0, 25 }, 0, { 0 }, { 0 } };
	int64_t count = quick ? 500 : 10000;
	struct solve_ctx c;
	struct bl_buf text, ours;
	struct bl_reader rd;
	struct bl_err err;
	bool ok = true;

	bl_buf_init(&text);
	bl_buf_init(&ours);
	if (!bench_text(&g, BENCH_SEED, count, &text)) {
		bl_buf_release(&text);
		return false;
	}
	tower_init(&c.t);
	tower_opts_init(&c.opts);
	tower_limits_boj(&c.lim);
	c.explain = false;

	uint64_t t0 = bench_now_ns();
	bl_reader_init(&rd, text.data, text.len);
	for (int64_t i = 0; i < count && ok; i++) {
		bl_err_clear(&err);
		ok = solve_one(&c, &rd, &ours, &err) == BL_OK;
	}
	uint64_t t1 = bench_now_ns();

	/* The reference, and its answers compared line by line. */
	const char *p = text.data, *line = ours.data;
	long long mismatch = -1;
	uint64_t t2 = bench_now_ns();
	for (int64_t i = 0; i < count && ok; i++) {
		long long want = tower_ref_run(&p, 0, TOWER_HEIGHT, TOWER_LIMIT, NULL);
		char *end;
		long long got = strtoll(line, &end, 10);
		line = end + 1;
		if (got != want && mismatch < 0)
			mismatch = i + 1;
	}
	uint64_t t3 = bench_now_ns();
	tower_release(&c.t);
	bl_buf_release(&ours);
	bl_buf_release(&text);
	if (!ok || mismatch >= 0) {
		fprintf(stderr, "boardlab: error: bench: instance %lld: boardlab and the reference disagree\n",
			mismatch);
		return false;
	}
	char what[64];
	snprintf(what, sizeof what, "%lld judge-size games, batch parse+solve", (long long)count);
	bench_row(out, what, "inst/s", (double)count / secs(t1 - t0),
		      (double)count / secs(t3 - t2), true);
	return true;
}

/*
 * Workload b: one large board played for a fixed number of turns with a
 * height no stack reaches, timed after parsing; the reference's time for
 * the same turns less its time to read the text (its run with limit 0).
 */
static bool bench_large(bool quick, struct bl_buf *out)
{
	int n = quick ? 256 : 2048, k = quick ? 10000 : 1000000;
	int64_t turns = quick ? 5 : 20;
	struct gen_spec g = { { n, n }, { k, k }, { 10, 10 }, { 10, 10 }, 0, { 0 }, { 0 } };
	struct tower t;
	struct tower_opts o;
	struct tower_limits lim;
	struct tower_result res;
	struct tower_ref_end end;
	struct bl_buf text;
	struct bl_reader rd;
	bool ok;

	bl_buf_init(&text);
	tower_init(&t);
	tower_opts_init(&o);
	tower_limits_any(&lim);
	o.height = k;
	o.limit = turns;
	ok = bench_text(&g, BENCH_SEED + 1, 1, &text);
	bl_reader_init(&rd, text.data, text.len);
	ok = ok && tower_parse(&t, &rd, &lim, NULL) == BL_OK;
	uint64_t t0 = bench_now_ns();
	ok = ok && tower_solve(&t, &o, &res, NULL) == BL_OK;
	uint64_t t1 = bench_now_ns();
	long long want = tower_ref_solve(text.data, 0, o.height, 0, NULL);
	uint64_t t2 = bench_now_ns();
	want = tower_ref_solve(text.data, 0, o.height, turns, &end);
	uint64_t t3 = bench_now_ns();
	uint64_t read = t2 - t1, all = t3 - t2;
	tower_release(&t);
	bl_buf_release(&text);
	if (!ok || want != res.answer || end.moves != res.moves) {
		fprintf(stderr,
			"boardlab: error: bench: the large game: boardlab %lld after %lld moves, "
			"the reference %lld after %lld\n",
			ok ? (long long)res.answer : -2, ok ? (long long)res.moves : 0, want, end.moves);
		return false;
	}
	char what[64];
	snprintf(what, sizeof what, "%dx%d board, %d pieces, %lld turns", n, n, k,
		 (long long)turns);
	bench_row(out, what, "moves/s", (double)res.moves / secs(t1 - t0),
		      all > read ? (double)end.moves / secs(all - read) : 0, true);
	bench_note(out,
		       "the large board: 10%% red, 10%% blue, height %d (never reached); the "
		       "reference's time less its time to read the text",
		       k);
	return true;
}

/*
 * Workload c: the first generated judge-size game (from a fixed seed) whose
 * state repeats after turn 100 or later, solved with a limit of 10^18; the
 * reference plays the same game for a limited number of turns instead.
 */
static bool bench_cycle(bool quick, struct bl_buf *out)
{
	struct gen_spec g = { { 10, 12 }, { 8, 10 }, { 10, 20 }, { 0, 5 }, 0, { 0 }, { 0 } };
	struct tower t;
	struct tower_opts o;
	struct tower_limits lim;
	struct tower_result res;
	struct bl_buf text;
	struct bl_reader rd;
	int64_t reps = quick ? 10 : 1000, ref_turns = quick ? 1000 : 100000;
	bool found = false;

	bl_buf_init(&text);
	tower_init(&t);
	tower_opts_init(&o);
	tower_limits_any(&lim);
	o.limit = TOWER_OPT_MAX;
	o.split = false;   /* a whole-state cycle, not groups apart */
	for (uint64_t i = 1; i <= 100000 && !found; i++) {
		struct bl_rng rng;
		bl_buf_reset(&text);
		bl_rng_init_stream(&rng, BENCH_SEED + 2, i);
		if (!gen_text(&g, &rng, &text))
			break;
		bl_reader_init(&rd, text.data, text.len);
		found = tower_parse(&t, &rd, &lim, NULL) == BL_OK &&
			tower_solve(&t, &o, &res, NULL) == BL_OK && res.end == TOWER_END_CYCLE &&
			res.cycle_from >= 100;
	}
	uint64_t t0 = bench_now_ns();
	for (int64_t i = 0; i < reps && found; i++)
		tower_solve(&t, &o, &res, NULL);
	uint64_t t1 = bench_now_ns();
	long long want = found ? tower_ref_solve(text.data, 0, TOWER_HEIGHT, ref_turns, NULL) : 0;
	uint64_t t2 = bench_now_ns();
	int n = t.n, k = t.k;
	tower_release(&t);
	bl_buf_release(&text);
	if (!found || want != -1) {
		fprintf(stderr, "boardlab: error: bench: %s\n",
			found ? "the reference ends the cycling game" : "no cycling game found");
		return false;
	}
	bench_row(out, "cycling game, --limit 10^18: time to answer", "s",
		      secs(t1 - t0) / (double)reps, -1, false);
	bench_note(out,
		       "the cycling game: %dx%d, %d pieces; its state after turn %lld repeats "
		       "turn %lld; answer -1",
		       n, n, k, (long long)res.cycle_to, (long long)res.cycle_from);
	bench_note(out,
		       "the reference has no cycle detection: %lld turns of it took %.4g s, "
		       "so 10^18 would take about %.2g years",
		       (long long)ref_turns, secs(t2 - t1),
		       secs(t2 - t1) / (double)ref_turns * 1e18 / 3.15e7);
	return true;
}

static int cmd_bench(struct cli_run *r)
{
	bool quick = cli_flag(r, OPT_QUICK);
	struct bl_buf *out = &r->out;

	bench_head(out, quick ? "tower bench --quick" : "tower bench");
	if (!bench_batch(quick, out) || !bench_large(quick, out) || !bench_cycle(quick, out))
		return CLI_FAIL;
	bench_note(out, "moves/s counts piece moves (one per piece per turn, skipped ones too)");
	bench_note(out, "the reference: bench/ref/tower_ref.c (array stacks, no cycle detection)");
	return CLI_OK;
}

/* One rule's part of the demo: the answer and how the game ended. */
static int demo_rule(struct tower *t, enum tower_rule rule, struct bl_buf *out)
{
	struct tower_opts o;
	struct tower_result res;
	struct bl_err err;

	tower_opts_init(&o);
	o.rule = rule;
	bl_err_clear(&err);
	if (tower_solve(t, &o, &res, &err) != BL_OK) {
		cli_report("examples/tower.txt", &err, 0);
		return CLI_FAIL;
	}
	bl_buf_printf(out, "\n$ boardlab tower solve --explain --rule %s   (BOJ %s)\n%lld\n",
		      rule_names[rule], rule == TOWER_CARRY ? "17837" : "17780",
		      (long long)res.answer);
	tower_explain(t, &o, &res, out);
	return CLI_OK;
}

static int demo(struct bl_buf *out)
{
	struct tower t;
	struct tower_limits lim;
	struct bl_reader rd;
	struct bl_err err;
	int status = CLI_OK;

	tower_init(&t);
	tower_limits_boj(&lim);
	bl_err_clear(&err);
	bl_reader_init(&rd, example_tower, strlen(example_tower));
	if (tower_parse(&t, &rd, &lim, &err) != BL_OK || bl_expect_eof(&rd, &err) != BL_OK) {
		tower_release(&t);
		cli_report("examples/tower.txt", &err, 0);
		return CLI_FAIL;
	}
	bl_buf_printf(out,
		      "A %dx%d board (0 white, 1 red, 2 blue) and %d pieces (row, column,\n"
		      "direction 1 right, 2 left, 3 up, 4 down).  Each turn moves pieces 1..%d\n"
		      "in order, each carrying the pieces above it; the answer is the turn\n"
		      "on which a stack of 4 forms, or -1 if none does within 1000 turns.\n\n",
		      t.n, t.n, t.k, t.k);
	bl_buf_puts(out, example_tower);
	status = demo_rule(&t, TOWER_CARRY, out);
	if (status == CLI_OK)
		status = demo_rule(&t, TOWER_BOTTOM, out);
	if (status == CLI_OK)
		bl_buf_puts(out, "\nUnder the bottom rule only a stack's bottom piece moves; a red cell\n"
				 "turns the moving stack over and so changes its bottom.\n");
	tower_release(&t);
	return status;
}

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "the turn on which a stack of 4 pieces forms, or -1 (not within 1000 turns, or never)",
	  "boardlab tower solve --rule bottom --explain board.txt", solve_opts },
	{ "trace", cmd_trace, "[FILE]", 1,
	  "the game move by move (or --every turn, board by board), then how it ended",
	  "boardlab tower trace --every turn --from 3 --to 5 board.txt", trace_opts },
	{ "render", cmd_render, "[FILE]", 1,
	  "the position at the start or after a turn, as text or json",
	  "boardlab tower render --turn 7 board.txt", render_opts },
	{ "gen", cmd_gen, NULL, 0,
	  "random instances in the judge's format, reproducible from --seed",
	  "boardlab tower gen --boj --seed 7 --count 100 | boardlab tower solve --batch", gen_opts },
	{ "check", cmd_check, "[FILE]", 1, "validate an input file: exit 0 valid, 1 invalid",
	  "boardlab tower check --boj --batch tests.txt", check_opts },
	{ "stress", tower_stress, STRESS_ARGS, STRESS_MAX_ARGS, STRESS_SUMMARY,
	  "boardlab tower stress --problem 17837 --runs 500 --save fail -- ./a.out", tower_stress_opts },
	{ "bench", cmd_bench, NULL, 0,
	  "fixed workloads timed against the plain reference of bench/ref/",
	  "boardlab tower bench --quick", bench_opts },
	{ 0 },
};

const struct cli_game tower_game = {
	"tower", "stacking pieces on a coloured board (BOJ 17780, 17837)",
	verbs, demo,
};
