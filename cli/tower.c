/*
 * tower: the commands of the stacking game (BOJ 17780, 17837).  solve
 * answers the judge's question for one instance or a batch; demo plays the
 * built-in example under both rules.
 */
#include "cli.h"

#include <string.h>

/* The solve options, in the order of solve_opts. */
enum { OPT_RULE, OPT_BOJ, OPT_BATCH, OPT_EXPLAIN, OPT_HEIGHT, OPT_LIMIT };

static const struct cli_opt solve_opts[] = {
	{ "rule", "RULE", "carry (the default, BOJ 17837) or bottom (BOJ 17780)" },
	{ "boj", NULL, "enforce the judge's limits 4 <= N <= 12, 4 <= K <= 10" },
	{ "batch", NULL, "read any number of instances, print one answer line each" },
	{ "explain", NULL, "after the answer, say how the game ended" },
	{ "height", "H", "the stack height that ends the game, 2 to 10^18 (default 4)" },
	{ "limit", "L", "turns played before the answer is -1, 1 to 10^18 (default 1000)" },
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
static int read_game_opts(const struct cli_run *r, struct tower_opts *o)
{
	int rule = TOWER_CARRY;
	int status;

	tower_opts_init(o);
	if ((status = cli_opt_choice(r, OPT_RULE, rule_names, &rule)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_HEIGHT, 2, TOWER_OPT_MAX, &o->height)) != CLI_OK ||
	    (status = cli_opt_int(r, OPT_LIMIT, 1, TOWER_OPT_MAX, &o->limit)) != CLI_OK)
		return status;
	o->rule = (enum tower_rule)rule;
	return CLI_OK;
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx c;
	int status = read_game_opts(r, &c.opts);

	if (status != CLI_OK)
		return status;
	tower_init(&c.t);
	if (cli_flag(r, OPT_BOJ))
		tower_limits_boj(&c.lim);
	else
		tower_limits_any(&c.lim);
	c.explain = cli_flag(r, OPT_EXPLAIN);
	status = cli_run_instances(r, cli_flag(r, OPT_BATCH), solve_one, &c);
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
	{ 0 },
};

const struct cli_game tower_game = {
	"tower", "stacking pieces on a coloured board (BOJ 17780, 17837)",
	verbs, demo,
};
