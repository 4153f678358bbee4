/*
 * tower: the commands of the stacking game (BOJ 17780, 17837).  solve
 * answers the judge's question for one instance or a batch; trace shows a
 * game move by move or turn by turn; render draws a position; gen and
 * check make and validate inputs; bench times the engine against the plain
 * reference; demo plays the built-in example under both rules.
 */
#include "cli.h"

#include <stdio.h>
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
enum { OPT_BATCH = OPT_BOJ + 1, OPT_EXPLAIN };

static const struct cli_opt solve_opts[] = {
	GAME_OPTS,
	{ "batch", NULL, "read any number of instances, print one answer line each" },
	{ "explain", NULL, "after the answer, say how the game ended" },
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
 * its option table (OPT_RULE, OPT_HEIGHT, OPT_LIMIT), into *o.
 */
static int read_game_opts(const struct cli_run *r, struct tower_opts *o, struct tower_limits *lim)
{
	int rule = TOWER_CARRY;
	int status;

	tower_opts_init(o);
	if ((status = cli_opt_choice(r, OPT_RULE, rule_names, &rule)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_HEIGHT, 2, TOWER_OPT_MAX, &o->height)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_LIMIT, 1, TOWER_OPT_MAX, &o->limit)) != CLI_OK)
		return status;
	o->rule = (enum tower_rule)rule;
	if (cli_flag(r, OPT_BOJ))
		tower_limits_boj(lim);
	else
		tower_limits_any(lim);
	return CLI_OK;
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx c;
	int status = read_game_opts(r, &c.opts, &c.lim);

	if (status != CLI_OK)
		return status;
	tower_init(&c.t);
	c.explain = cli_flag(r, OPT_EXPLAIN);
	status = cli_run_instances(r, cli_flag(r, OPT_BATCH), solve_one, &c);
	tower_release(&c.t);
	return status;
}

/* The trace options, after the game options. */
enum { OPT_EVERY = OPT_BOJ + 1, OPT_FROM, OPT_TO, OPT_FORMAT };

static const struct cli_opt trace_opts[] = {
	GAME_OPTS,
	{ "every", "WHAT", "move (the default: one line per move) or turn (one board per turn)" },
	{ "from", "T", "show turns from T on (default 1)" },
	{ "to", "T", "stop after turn T (default: play to the end)" },
	{ "format", "FMT", "text (the default) or json" },
	{ 0 },
};

static const char *const every_names[] = { "move", "turn", NULL };
static const char *const format_names[] = { "text", "json", NULL };

struct trace_ctx {
	struct tower t;
	struct tower_limits lim;
	struct tower_opts opts;
	struct cli_run *run;
	struct bl_buf *out;
	bool every_turn, json, to_given;
	bool steps;          /* json: a step was written (for the commas) */
	int64_t from, to;
};

/* Long traces go out as they are made, so memory stays flat. */
static bool trace_flush(struct trace_ctx *c)
{
	return c->out->len < (1u << 16) || cli_flush(c->run);
}

static bool trace_watch(void *ctx, const struct tower *t, int64_t turn, const struct tower_move *mv)
{
	struct trace_ctx *c = ctx;
	struct bl_buf *out = c->out;

	if (turn >= c->from && (mv != NULL) != c->every_turn) {
		if (c->json) {
			bl_buf_puts(out, c->steps ? ",\n" : "\n");
			c->steps = true;
			if (mv) {
				tower_move_json(t, mv, out);
			} else {
				bl_buf_printf(out, "{\"turn\":%lld,\"stacks\":", (long long)turn);
				tower_stacks_json(t, out);
				bl_buf_putc(out, '}');
			}
		} else if (mv) {
			if (mv->piece == 1)
				bl_buf_printf(out, "turn %lld\n", (long long)turn);
			bl_buf_puts(out, "  ");
			tower_move_text(t, mv, out);
		} else {
			bl_buf_printf(out, "after turn %lld\n", (long long)turn);
			tower_board_text(t, out);
		}
	}
	if (!trace_flush(c))
		return false;
	return mv || !c->to_given || turn < c->to;
}

static enum bl_code trace_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct trace_ctx *c = ctx;
	struct tower_result res;
	enum bl_code rc = tower_parse(&c->t, rd, &c->lim, err);

	/* The whole input is checked before the first line goes out. */
	if (rc == BL_OK)
		rc = bl_expect_eof(rd, err);
	if (rc != BL_OK)
		return rc;
	c->out = out;
	c->steps = false;
	tower_reset(&c->t);
	if (c->json) {
		bl_buf_printf(out, "{\"n\":%d,\"k\":%d,\"rule\":\"%s\",\"height\":%lld,\"limit\":%lld,"
				   "\"every\":\"%s\",\"from\":%lld,",
			      c->t.n, c->t.k, tower_rule_name(c->opts.rule), (long long)c->opts.height,
			      (long long)c->opts.limit, c->every_turn ? "turn" : "move",
			      (long long)c->from);
		if (c->to_given)
			bl_buf_printf(out, "\"to\":%lld,", (long long)c->to);
		bl_buf_puts(out, "\n\"colours\":");
		tower_colours_json(&c->t, out);
		bl_buf_puts(out, ",\n\"start\":");
		tower_stacks_json(&c->t, out);
		bl_buf_puts(out, ",\n\"steps\":[");
	} else {
		bl_buf_printf(out, "%dx%d board, %d piece%s, %s rule, height %lld, limit %lld\nstart\n",
			      c->t.n, c->t.n, c->t.k, c->t.k == 1 ? "" : "s",
			      tower_rule_name(c->opts.rule), (long long)c->opts.height,
			      (long long)c->opts.limit);
		tower_board_text(&c->t, out);
	}
	rc = tower_play(&c->t, &c->opts, trace_watch, c, &res, err);
	if (rc != BL_OK)
		return rc;
	if (c->json) {
		bl_buf_puts(out, c->steps ? "\n],\n\"final\":" : "],\n\"final\":");
		tower_stacks_json(&c->t, out);
		bl_buf_puts(out, ",\n\"result\":");
		tower_result_json(&c->t, &c->opts, &res, out);
		bl_buf_puts(out, "}\n");
		return BL_OK;
	}
	if (c->every_turn && res.end == TOWER_END_STACK) {
		bl_buf_printf(out, "turn %lld, after piece %d's move\n", (long long)res.answer,
			      res.last.piece);
		tower_board_text(&c->t, out);
	}
	if (res.end != TOWER_END_STOPPED)
		bl_buf_printf(out, "answer %lld\n", (long long)res.answer);
	tower_explain(&c->t, &c->opts, &res, out);
	return BL_OK;
}

static int cmd_trace(struct cli_run *r)
{
	struct trace_ctx c;
	int every = 0, format = 0;
	int status = read_game_opts(r, &c.opts, &c.lim);

	c.from = 1;
	c.to = TOWER_OPT_MAX;
	if (status == CLI_OK)
		status = cli_opt_choice(r, OPT_EVERY, every_names, &every);
	if (status == CLI_OK)
		status = cli_opt_choice(r, OPT_FORMAT, format_names, &format);
	if (status == CLI_OK)
		status = cli_opt_int(r, OPT_FROM, 1, TOWER_OPT_MAX, &c.from);
	if (status == CLI_OK)
		status = cli_opt_int(r, OPT_TO, 1, TOWER_OPT_MAX, &c.to);
	if (status != CLI_OK)
		return status;
	if (c.to < c.from)
		return cli_usage(r, "--to %lld is before --from %lld", (long long)c.to,
				 (long long)c.from);
	c.to_given = cli_flag(r, OPT_TO);
	c.every_turn = every == 1;
	c.json = format == 1;
	c.run = r;
	tower_init(&c.t);
	status = cli_run_instances(r, false, trace_one, &c);
	tower_release(&c.t);
	return status;
}

/* The render options, after the game options (of which --limit is unused). */
enum { OPT_TURN = OPT_BOJ + 1, OPT_RFORMAT };

static const struct cli_opt render_opts[] = {
	{ "rule", "RULE", "carry (the default, BOJ 17837) or bottom (BOJ 17780)" },
	{ "height", "H", "the stack height that ends the game, 2 to 10^18 (default 4)" },
	{ "limit", "L", "not used by render: --turn says how far to play" },
	{ "boj", NULL, "enforce the judge's limits 4 <= N <= 12, 4 <= K <= 10" },
	{ "turn", "T", "the position after turn T, 0 to 10^18 (default 0, the start)" },
	{ "format", "FMT", "text (the default) or json" },
	{ 0 },
};

struct render_ctx {
	struct tower t;
	struct tower_limits lim;
	struct tower_opts opts;
	int64_t turn;
	bool json;
};

/*
 * Plays to the end of turn `turn`.  A game that ends first stops there
 * (*res says how); a cycle found on the way gives the position by the
 * cycle's arithmetic, so any turn up to 10^18 is drawn in the time of the
 * run-up and one cycle.
 */
static enum bl_code play_to(struct render_ctx *c, struct tower_result *res, struct bl_err *err)
{
	struct tower_opts o = c->opts;

	memset(res, 0, sizeof *res);
	if (c->turn == 0) {
		tower_reset(&c->t);
		res->end = TOWER_END_LIMIT;
		return BL_OK;
	}
	o.limit = c->turn;
	o.play_few = true;   /* the pieces move on though no stack can end the game */
	enum bl_code rc = tower_play(&c->t, &o, NULL, NULL, res, err);
	if (rc != BL_OK || res->end != TOWER_END_CYCLE)
		return rc;
	/* The tower holds the state after cycle_from; the cycle never builds a stack. */
	int64_t rest = (c->turn - res->cycle_from) % (res->cycle_to - res->cycle_from);
	for (int64_t i = 0; i < rest; i++) {
		for (int p = 1; p <= c->t.k; p++) {
			struct tower_move mv;
			tower_move(&c->t, o.rule, p, &mv);
		}
	}
	return BL_OK;
}

static enum bl_code render_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			       struct bl_err *err)
{
	struct render_ctx *c = ctx;
	struct tower_result res;
	enum bl_code rc = tower_parse(&c->t, rd, &c->lim, err);

	if (rc == BL_OK)
		rc = play_to(c, &res, err);
	if (rc != BL_OK)
		return rc;
	if (c->json) {
		bl_buf_printf(out, "{\"n\":%d,\"k\":%d,\"rule\":\"%s\",\"height\":%lld,\"turn\":%lld,",
			      c->t.n, c->t.k, tower_rule_name(c->opts.rule),
			      (long long)c->opts.height, (long long)c->turn);
		bl_buf_puts(out, "\n\"colours\":");
		tower_colours_json(&c->t, out);
		bl_buf_puts(out, ",\n\"stacks\":");
		tower_stacks_json(&c->t, out);
		if (res.end == TOWER_END_STACK) {
			bl_buf_puts(out, ",\n\"ended\":");
			tower_result_json(&c->t, &c->opts, &res, out);
		}
		bl_buf_puts(out, "}\n");
		return BL_OK;
	}
	if (res.end == TOWER_END_STACK)
		bl_buf_printf(out, "turn %lld: the game ended after piece %d's move, before turn %lld\n",
			      (long long)res.answer, res.last.piece, (long long)c->turn);
	else if (c->turn == 0)
		bl_buf_puts(out, "start\n");
	else
		bl_buf_printf(out, "after turn %lld\n", (long long)c->turn);
	tower_board_text(&c->t, out);
	return BL_OK;
}

static int cmd_render(struct cli_run *r)
{
	struct render_ctx c;
	int format = 0;
	int status = read_game_opts(r, &c.opts, &c.lim);

	c.turn = 0;
	if (status == CLI_OK)
		status = cli_opt_choice(r, OPT_RFORMAT, format_names, &format);
	if (status == CLI_OK)
		status = cli_opt_int(r, OPT_TURN, 0, TOWER_OPT_MAX, &c.turn);
	if (status != CLI_OK)
		return status;
	c.json = format == 1;
	tower_init(&c.t);
	status = cli_run_instances(r, false, render_one, &c);
	tower_release(&c.t);
	return status;
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
	{ 0 },
};

const struct cli_game tower_game = {
	"tower", "stacking pieces on a coloured board (BOJ 17780, 17837)",
	verbs, demo,
};
