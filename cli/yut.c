/*
 * yut's commands: `solve` (the best total, with --explain the plan) and its
 * part of the demo.  Both print plans the same way.
 */
#include <string.h>

#include "cli.h"

enum { OPT_BOJ, OPT_BATCH, OPT_EXPLAIN };

static const struct cli_opt solve_opts[] = {
	{ "boj", NULL, "the judge's format: exactly 10 dice 1 to 5 (default: a line of dice)" },
	{ "batch", NULL, "any number of instances (lines, or 10 dice with --boj), one answer each" },
	{ "explain", NULL, "after the answer, the optimal plan and the states explored" },
	{ 0 },
};

struct solve_ctx {
	bool boj, explain;
	struct yut_game game;
	struct yut_result res;
};

/*
 * The plan, one line per turn, horses numbered from 1; then where the game
 * ended early, if it did, and the size of the search.
 */
static void put_plan(struct bl_buf *out, const struct yut_game *g, const struct yut_result *res)
{
	const struct yut_board *b = g->board;

	for (size_t t = 0; t < res->nmoves; t++) {
		const struct yut_move *m = &res->moves[t];
		bl_buf_printf(out, "turn %zu: die %d, horse %d, %s -> %s, +%lld, total %lld\n", t + 1,
			      m->die, m->horse + 1, b->cells[m->from].name, b->cells[m->to].name,
			      (long long)m->points, (long long)m->total);
	}
	if (res->nmoves < g->ndice) {
		size_t left = g->ndice - res->nmoves;
		bl_buf_printf(out, "turn %zu: no horse can move, the game ends (%zu %s unused)\n",
			      res->nmoves + 1, left, left == 1 ? "die" : "dice");
	}
	bl_buf_printf(out, "states explored: %zu\n", res->states);
}

static enum bl_code solve_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct solve_ctx *c = ctx;
	enum bl_code code;

	code = c->boj ? yut_parse_boj(&c->game, rd, err) : yut_parse_line(&c->game, rd, err);
	if (code != BL_OK)
		return code;

	code = c->explain ? yut_plan(&c->game, &c->res, err) : yut_solve(&c->game, &c->res, err);
	if (code != BL_OK)
		return code;
	bl_buf_int(out, c->res.total);
	bl_buf_putc(out, '\n');
	if (c->explain)
		put_plan(out, &c->game, &c->res);
	return BL_OK;
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx c;
	int status;

	c.boj = cli_flag(r, OPT_BOJ);
	/* In the line format another line is most likely another instance. */
	if (!c.boj)
		r->extra_hint = "one instance per line needs --batch";
	c.explain = cli_flag(r, OPT_EXPLAIN);
	yut_game_init(&c.game, yut_board_builtin());
	yut_result_init(&c.res);
	status = cli_run_instances(r, cli_flag(r, OPT_BATCH), solve_one, &c);
	yut_result_release(&c.res);
	yut_game_release(&c.game);
	return status;
}

static int demo(struct bl_buf *out)
{
	struct yut_game g;
	struct yut_result res;
	struct bl_reader rd;
	struct bl_err err;
	int status = CLI_OK;

	yut_game_init(&g, yut_board_builtin());
	yut_result_init(&res);
	bl_err_clear(&err);
	bl_reader_init(&rd, example_yut, strlen(example_yut));
	if (yut_parse_line(&g, &rd, &err) != BL_OK || yut_plan(&g, &res, &err) != BL_OK) {
		cli_report("examples/yut.txt", &err, 0);
		status = CLI_FAIL;
	} else {
		bl_buf_puts(out, "dice:");
		for (size_t t = 0; t < g.ndice; t++)
			bl_buf_printf(out, " %d", g.dice[t]);
		bl_buf_printf(out, "\nbest total with %d horses: %lld\n\n", g.horses,
			      (long long)res.total);
		bl_buf_puts(out, "the plan (every horse starts on 'start'; a move from 10, 20 or 30\n"
				 "turns onto its diagonal d.., which meets the centre c25 c30 c35;\n"
				 "among equal totals the lowest horse moves):\n");
		put_plan(out, &g, &res);
		bl_buf_puts(out, "(each turn and set of horse cells is solved once: no search over\n"
				 "the 4^10 choice sequences)\n");
	}
	yut_result_release(&res);
	yut_game_release(&g);
	return status;
}

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "the best total score for dice known in advance (with --explain, the plan)",
	  "boardlab yut solve --explain dice.txt", solve_opts },
	{ 0 },
};

const struct cli_game yut_game = {
	"yut", "dice yut: the best total of four horses over known dice (BOJ 17825)", verbs,
	demo,
};
