/*
 * yut's commands: solve (known dice, or --expect over random dice), plan
 * (the optimal moves with board pictures), trace, render, advise (the moves
 * for a roll, by expected total), board (the board format), gen, check,
 * bench (the game's part of the demo is yut_demo).  Options, files and statuses
 * only: the answers are the library's views (include/boardlab/yut.h), the
 * benchmarks bench/yut.c.  A board comes from --board FILE, read here into
 * memory (bounded) and reported under its own path, or is the built-in one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "judge.h"
#include "stress.h"
#include "bench.h"

enum { FMT_TEXT, FMT_JSON };

#define BOARD_FILE_MAX (1 << 20)   /* bytes of a --board file */
#define HORSES_HELP "the number of horses, 1 to 8 (default 4)"
#define BOARD_HELP "a board in the text format 'yut board' prints, - for standard input " \
		   "(default: the built-in one)"
#define DIST_HELP "how a roll is drawn: d5 (default), weights like 1:4,2:6,5:1, or sticks[:P]"
#define FORMAT_HELP "text (the default) or json"
#define BOJ_OPT { "boj", NULL, "the judge's limits and format: exactly 10 dice 1 to 5" }

/* The game options: stress passes them on to every verb it runs. */
static const struct cli_opt yut_game_opts[] = {
	BOJ_OPT,
	{ "horses", "H", HORSES_HELP },
	{ "board", "FILE", BOARD_HELP },
	{ 0 },
};

/* --- boards --- */

/* The board of a run: the built-in one, or one read from --board FILE. */
struct board_src {
	struct yut_board *own;       /* heap, NULL for the built-in board */
	const struct yut_board *b;
};

/*
 * The board of option opt: the built-in one when it is not given, standard
 * input for "-".  A bad board is reported at FILE:LINE:COL of the board
 * file and gives bad_status (CLI_DATA, or CLI_NEGATIVE for check).
 */
static int load_board(const struct cli_run *r, int opt, struct board_src *s, int bad_status)
{
	const char *path = r->opt[opt];
	const char *name = path && strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct bl_err err;
	struct bl_buf text;
	char big[64];
	int status;

	s->own = NULL;
	s->b = yut_board_builtin();
	if (!path)
		return CLI_OK;
	bl_buf_init(&text);
	bl_err_clear(&err);
	snprintf(big, sizeof big, "board file larger than %d bytes", BOARD_FILE_MAX);
	if ((status = cli_load_file(path, name, BOARD_FILE_MAX, big, &text)) == CLI_OK &&
	    yut_board_read(text.data, text.len, &s->own, &err) != BL_OK &&
	    (status = cli_report(name, &err, 0)) == CLI_DATA)
		status = bad_status;
	bl_buf_release(&text);
	if (s->own)
		s->b = s->own;
	return status;
}

/*
 * A usage error when the board option opt and the verb's input (FILE, or
 * standard input without one) would both read standard input.
 */
static int board_input_apart(const struct cli_run *r, int opt)
{
	const char *board = r->opt[opt];

	if (board && strcmp(board, "-") == 0 && (r->nargs == 0 || strcmp(r->args[0], "-") == 0))
		return cli_usage(r, "--board - and the input cannot both read standard input "
				    "(give the input as FILE)");
	return CLI_OK;
}

static void release_board(struct board_src *s)
{
	free(s->own);
	s->own = NULL;
}

/* Option opt, a DIST, into *d (d5 when it is not given). */
static int dist_opt(const struct cli_run *r, int opt, struct yut_dist *d)
{
	struct bl_err err;

	bl_err_clear(&err);
	if (!r->opt[opt]) {
		yut_dist_parse(d, "d5", NULL);
		return CLI_OK;
	}
	if (yut_dist_parse(d, r->opt[opt], &err) != BL_OK)
		return cli_usage(r, "invalid value '%s' for --dice: %s", r->opt[opt], err.msg);
	return CLI_OK;
}

/* Option i, --horses, into g->horses (YUT_HORSES_DEFAULT when it is not given). */
static int horses_opt(const struct cli_run *r, int i, struct yut_game *g)
{
	int64_t horses = YUT_HORSES_DEFAULT;
	int status = cli_opt_int(r, i, 1, YUT_MAX_HORSES, &horses);
	g->horses = (int)horses;
	return status;
}

/*
 * --max-memory: the search's tables may take that much, and then no
 * count of states bounds it (the default bound, YUT_STATES_DEFAULT
 * states, stands for memory too).
 */
static int mem_opt(const struct cli_run *r, int i, struct yut_game *g)
{
	int status = cli_opt_bytes(r, i, &g->max_bytes);

	if (status == CLI_OK && g->max_bytes)
		g->max_states = SIZE_MAX;
	return status;
}

/*
 * The game of solve, plan and trace: --horses (option h), --max-memory (m)
 * and --board (b; apart: it may not read standard input with the input).
 */
static int game_setup(struct cli_run *r, int h, int m, int b, bool apart, struct yut_game *g,
		      struct board_src *bs)
{
	int status;

	yut_game_init(g, yut_board_builtin());
	if ((status = horses_opt(r, h, g)) != CLI_OK || (status = mem_opt(r, m, g)) != CLI_OK ||
	    (apart && (status = board_input_apart(r, b)) != CLI_OK) ||
	    (status = load_board(r, b, bs, CLI_DATA)) != CLI_OK)
		return status;
	g->board = bs->b;
	return CLI_OK;
}

/* solve, plan and trace: the format and the view of each instance. */
enum { OUT_TEXT, OUT_JSON, OUT_HTML };

struct solve_ctx {
	int format;
	struct yut_text_view view;   /* OUT_TEXT; view.moves also for OUT_JSON */
	struct yut_limits lim;
	struct yut_game game;
	struct yut_result res;
};

static enum bl_code answer_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			       struct bl_err *err)
{
	struct solve_ctx *c = ctx;
	enum bl_code code = yut_parse(&c->game, rd, &c->lim, err);

	if (code != BL_OK || !out)
		return code;
	if (c->format == OUT_JSON)
		return yut_trace_json(&c->game, c->view.moves, &c->res, out, err);
	if (c->format == OUT_HTML)
		return yut_trace_html(&c->game, &c->res, out, err);
	/* plan and trace: a blank line between instances */
	if (c->view.head == YUT_HEAD_DICE && out->len)
		bl_buf_putc(out, '\n');
	return yut_trace_text(&c->game, &c->view, &c->res, out, err);
}

/* --jobs: a thread's own dice and result, the board and view shared. */
static void fresh_game(void *ctx)
{
	struct solve_ctx *c = ctx;

	c->game.dice = NULL;
	c->game.cap = c->game.ndice = 0;
	yut_result_init(&c->res);
}

static void release_game(void *ctx)
{
	yut_result_release(&((struct solve_ctx *)ctx)->res);
	yut_game_release(&((struct solve_ctx *)ctx)->game);
}

/* Runs the instances of the input (--boj: the judge's format) and frees c's game and bs. */
static int run_answers(struct cli_run *r, struct solve_ctx *c, struct board_src *bs, bool boj,
		       bool batch)
{
	int status;

	if (boj) {
		yut_limits_boj(&c->lim);
	} else {
		yut_limits_any(&c->lim);
		/* In the line format another line is most likely another instance. */
		r->extra_hint = "one instance per line needs --batch";
	}
	yut_result_init(&c->res);
	status = cli_run_instances(r, batch, answer_one, c);
	yut_result_release(&c->res);
	yut_game_release(&c->game);
	release_board(bs);
	return status;
}

/* --- solve --- */

enum { S_BOJ, S_BATCH, S_EXPLAIN, S_HORSES, S_BOARD, S_FORMAT, S_EXPECT, S_TURNS, S_DICE, S_MEM,
       S_MISTAKE };

#define YUT_MEM_OPT CLI_MAX_MEMORY_OPT("the search")

static const struct cli_opt solve_opts[] = {
	[S_BOJ] = BOJ_OPT,
	[S_BATCH] = { "batch", NULL,
		      "any number of instances (lines, or 10 dice with --boj), one answer each" },
	[S_EXPLAIN] = { "explain", NULL,
			"after the answer, the optimal plan and the states explored" },
	[S_HORSES] = { "horses", "H", HORSES_HELP },
	[S_BOARD] = { "board", "FILE", BOARD_HELP },
	[S_FORMAT] = { "format", "FORMAT", FORMAT_HELP },
	[S_EXPECT] = { "expect", NULL,
		       "no dice in: the expected total of T random rolls under optimal play" },
	[S_TURNS] = { "turns", "T", "the rolls of --expect, 1 to 10000" },
	[S_DICE] = { "dice", "DIST", DIST_HELP },
	[S_MEM] = YUT_MEM_OPT,
	[S_MISTAKE] = CLI_MISTAKE_OPT,
	CLI_JOBS_OPT,
	{ 0 },
};

static int run_expect(struct cli_run *r, const struct yut_game *g, int format)
{
	struct yut_dist d;
	struct yut_expectation e;
	struct bl_err err;
	int64_t turns = 0;
	size_t states;
	int status;

	if (cli_flag(r, S_BOJ) || cli_flag(r, S_BATCH) || r->nargs > 0)
		return cli_usage(r, "--expect reads no dice: --boj, --batch and FILE do not apply");
	if (!r->opt[S_TURNS])
		return cli_usage(r, "--expect needs --turns T");
	if ((status = cli_opt_int(r, S_TURNS, 1, YUT_TURNS_MAX, &turns)) != CLI_OK)
		return status;
	if ((status = dist_opt(r, S_DICE, &d)) != CLI_OK)
		return status;
	bl_err_clear(&err);
	if (yut_expect(g, &d, (int)turns, &e, &states, &err) != BL_OK)
		return cli_report(NULL, &err, 0);
	if (format == FMT_JSON)
		yut_expect_json(g, &d, (int)turns, &e, states, &r->out);
	else
		yut_expect_text(g, &d, (int)turns, &e, states, cli_flag(r, S_EXPLAIN), &r->out);
	return CLI_OK;
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx c;
	struct board_src bs;
	int status, m;

	c.format = FMT_TEXT;
	if ((status = cli_opt_choice(r, S_FORMAT, cli_formats, &c.format)) != CLI_OK ||
	    (status = cli_mistake(r, S_MISTAKE, "17825", &m)) != CLI_OK)
		return status;
	if (!cli_flag(r, S_EXPECT) && (r->opt[S_TURNS] || r->opt[S_DICE]))
		return cli_usage(r, "--turns and --dice need --expect");
	if ((status = game_setup(r, S_HORSES, S_MEM, S_BOARD, !cli_flag(r, S_EXPECT), &c.game,
				 &bs)) != CLI_OK)
		return status;
	c.game.mistake = (enum yut_mistake)m;
	if (cli_flag(r, S_EXPECT)) {
		status = run_expect(r, &c.game, c.format);
		release_board(&bs);
		return status;
	}
	c.format = c.format == FMT_JSON ? OUT_JSON : OUT_TEXT;
	c.view = (struct yut_text_view){ YUT_HEAD_TOTAL, cli_flag(r, S_EXPLAIN), false, NULL, false, 0 };
	r->ctx_size = sizeof c;
	r->fresh = fresh_game;
	r->release = release_game;
	return run_answers(r, &c, &bs, cli_flag(r, S_BOJ), cli_flag(r, S_BATCH));
}

/* --- plan --- */

enum { P_BOJ, P_BATCH, P_HORSES, P_BOARD, P_FORMAT, P_MEM, P_FOUND };

static const struct cli_opt plan_opts[] = {
	[P_BOJ] = BOJ_OPT,
	[P_BATCH] = { "batch", NULL, "any number of instances, one plan each" },
	[P_HORSES] = { "horses", "H", HORSES_HELP },
	[P_BOARD] = { "board", "FILE", BOARD_HELP },
	[P_FORMAT] = { "format", "FORMAT", FORMAT_HELP },
	[P_MEM] = YUT_MEM_OPT,
	[P_FOUND] = { "found", "TOTAL", "a solution's total, to show beside the best (text)" },
	{ 0 },
};

static int cmd_plan(struct cli_run *r)
{
	struct solve_ctx c;
	struct board_src bs;
	int status, format = FMT_TEXT;

	if ((status = cli_opt_choice(r, P_FORMAT, cli_formats, &format)) != CLI_OK ||
	    (status = game_setup(r, P_HORSES, P_MEM, P_BOARD, true, &c.game, &bs)) != CLI_OK)
		return status;
	c.format = format == FMT_JSON ? OUT_JSON : OUT_TEXT;
	c.view = (struct yut_text_view){ YUT_HEAD_DICE, true, true, NULL, r->opt[P_FOUND] != NULL, 0 };
	if ((status = cli_opt_int(r, P_FOUND, INT64_MIN, INT64_MAX, &c.view.found)) != CLI_OK)
		return status;
	return run_answers(r, &c, &bs, cli_flag(r, P_BOJ), cli_flag(r, P_BATCH));
}

/* --- advise --- */

enum { A_AT, A_TURNS, A_ROLL, A_DICE, A_SCORE, A_BOARD, A_FORMAT, A_MEM };

static const struct cli_opt advise_opts[] = {
	[A_AT] = { "at", "CELLS",
		   "the horses' cells, comma-separated, one per horse (1 to 8): start,10,d13" },
	[A_TURNS] = { "turns", "T", "the rolls left, the one just thrown included, 1 to 10000" },
	[A_ROLL] = { "roll", "D", "the roll just thrown, 1 to 5" },
	[A_DICE] = { "dice", "DIST", DIST_HELP },
	[A_SCORE] = { "score", "S", "the points scored so far, 0 to 1000000000 (default 0)" },
	[A_BOARD] = { "board", "FILE", BOARD_HELP },
	[A_FORMAT] = { "format", "FORMAT", FORMAT_HELP },
	[A_MEM] = YUT_MEM_OPT,
	{ 0 },
};

/* --at CELLS (option opt) into cells[0..*horses), or a usage error. */
static int parse_at(const struct cli_run *r, int opt, const struct yut_board *b, int *cells,
		    int *horses)
{
	struct bl_err err;

	bl_err_clear(&err);
	if (!r->opt[opt])
		return cli_usage(r, "advise needs --at CELLS");
	if (yut_cells_parse(b, r->opt[opt], cells, horses, &err) != BL_OK)
		return cli_usage(r, "invalid value '%s' for --at: %s", r->opt[opt], err.msg);
	return CLI_OK;
}

static int cmd_advise(struct cli_run *r)
{
	struct board_src bs;
	struct yut_game g;
	struct yut_dist d;
	struct yut_advice a;
	struct bl_err err;
	int cells[YUT_MAX_HORSES], horses = 0, format = FMT_TEXT, status;
	int64_t turns = 0, roll = 0, score = 0;

	if ((status = cli_opt_choice(r, A_FORMAT, cli_formats, &format)) != CLI_OK)
		return status;
	if (!r->opt[A_TURNS] || !r->opt[A_ROLL])
		return cli_usage(r, "advise needs --turns T and --roll D");
	if ((status = cli_opt_int(r, A_TURNS, 1, YUT_TURNS_MAX, &turns)) != CLI_OK ||
	    (status = cli_opt_int(r, A_ROLL, 1, YUT_DIE_MAX, &roll)) != CLI_OK ||
	    (status = cli_opt_int(r, A_SCORE, 0, 1000000000, &score)) != CLI_OK)
		return status;
	yut_game_init(&g, yut_board_builtin());
	if ((status = mem_opt(r, A_MEM, &g)) != CLI_OK)
		return status;
	if ((status = dist_opt(r, A_DICE, &d)) != CLI_OK)
		return status;
	if (d.p[roll] <= 0)
		return cli_usage(r, "roll %lld cannot happen under --dice %s", (long long)roll,
				 d.text);
	if ((status = load_board(r, A_BOARD, &bs, CLI_DATA)) != CLI_OK)
		return status;
	if ((status = parse_at(r, A_AT, bs.b, cells, &horses)) != CLI_OK) {
		release_board(&bs);
		return status;
	}
	g.board = bs.b;
	g.horses = horses;
	bl_err_clear(&err);
	enum bl_code code = yut_advise(&g, &d, cells, score, (int)turns, (int)roll, &a, &err);
	if (code == BL_ERR_ARG)
		status = cli_usage(r, "invalid value '%s' for --at: %s", r->opt[A_AT], err.msg);
	else if (code != BL_OK)
		status = cli_report(NULL, &err, 0);
	else if (format == FMT_JSON)
		yut_advice_json(bs.b, &d, &a, &r->out);
	else
		yut_advice_text(bs.b, &d, &a, &r->out);
	release_board(&bs);
	return status;
}

/* --- render and trace: the pictures --- */

enum { R_AT, R_HORSES, R_BOARD, R_FORMAT, R_COLOR };

#define COLOR_HELP "colour the horses: auto (the default: on a terminal, unless NO_COLOR is " \
		   "set), always or never"

static const struct cli_opt render_opts[] = {
	[R_AT] = { "at", "CELLS",
		   "the horses' cells, comma-separated, one per horse (default: all on start)" },
	[R_HORSES] = { "horses", "H", "without --at: H horses on start, 1 to 8 (default 4)" },
	[R_BOARD] = { "board", "FILE", BOARD_HELP },
	[R_FORMAT] = { "format", "FORMAT", "text (the default), json or svg" },
	[R_COLOR] = { "color", "WHEN", COLOR_HELP },
	{ 0 },
};

static int cmd_render(struct cli_run *r)
{
	struct board_src bs;
	struct yut_game g;
	const struct bl_style *st;
	struct bl_err err;
	int cells[YUT_MAX_HORSES], horses, format = 0, status;

	if ((status = cli_opt_choice(r, R_FORMAT, cli_render_formats, &format)) != CLI_OK ||
	    (status = cli_style(r, R_COLOR, &st)) != CLI_OK)
		return status;
	if (r->opt[R_AT] && r->opt[R_HORSES])
		return cli_usage(r, "options '--at' and '--horses' cannot be used together: "
				    "--at gives one cell per horse");
	yut_game_init(&g, yut_board_builtin());
	if ((status = horses_opt(r, R_HORSES, &g)) != CLI_OK)
		return status;
	if ((status = load_board(r, R_BOARD, &bs, CLI_DATA)) != CLI_OK)
		return status;
	horses = g.horses;
	for (int h = 0; h < horses; h++)
		cells[h] = bs.b->start;
	if (r->opt[R_AT] && (status = parse_at(r, R_AT, bs.b, cells, &horses)) != CLI_OK) {
		release_board(&bs);
		return status;
	}
	/* --at as advise takes it: two horses share only start and end */
	bl_err_clear(&err);
	if (yut_position_check(bs.b, cells, horses, &err) != BL_OK)
		status = cli_usage(r, "invalid value '%s' for --at: %s", r->opt[R_AT], err.msg);
	else if (format == 2)
		yut_position_svg(bs.b, cells, horses, &r->out);
	else if (format == 1)
		yut_position_json(bs.b, cells, horses, &r->out);
	else
		yut_position_text(bs.b, cells, horses, st, &r->out);
	release_board(&bs);
	return status;
}

enum { T_BOJ, T_BATCH, T_HORSES, T_BOARD, T_FORMAT, T_COLOR, T_MEM };

static const struct cli_opt trace_opts[] = {
	[T_BOJ] = BOJ_OPT,
	[T_BATCH] = { "batch", NULL, "any number of instances, one trace each (not with html)" },
	[T_HORSES] = { "horses", "H", HORSES_HELP },
	[T_BOARD] = { "board", "FILE", BOARD_HELP },
	[T_FORMAT] = { "format", "FORMAT", "text (the default, as plan), json (as plan) or html" },
	[T_COLOR] = { "color", "WHEN", COLOR_HELP },
	[T_MEM] = YUT_MEM_OPT,
	{ 0 },
};

static int cmd_trace(struct cli_run *r)
{
	struct solve_ctx c;
	struct board_src bs;
	const struct bl_style *st;
	int status, format = 0;

	if ((status = cli_opt_choice(r, T_FORMAT, cli_trace_formats, &format)) != CLI_OK ||
	    (status = cli_style(r, T_COLOR, &st)) != CLI_OK)
		return status;
	if (format == 2 && cli_flag(r, T_BATCH))
		return cli_usage(r, "options '--batch' and '--format html' cannot be used together: "
				    "a replay page shows one game");
	if ((status = game_setup(r, T_HORSES, T_MEM, T_BOARD, true, &c.game, &bs)) != CLI_OK)
		return status;
	c.format = format == 1 ? OUT_JSON : format == 2 ? OUT_HTML : OUT_TEXT;
	c.view = (struct yut_text_view){ YUT_HEAD_DICE, true, true, st, false, 0 };
	return run_answers(r, &c, &bs, cli_flag(r, T_BOJ), cli_flag(r, T_BATCH));
}

/* --- board --- */

enum { B_BOARD, B_FORMAT };

static const struct cli_opt board_opts[] = {
	[B_BOARD] = { "board", "FILE",
		      "check FILE and print it in the same format (default: the built-in board)" },
	[B_FORMAT] = { "format", "FORMAT", FORMAT_HELP },
	{ 0 },
};

static int cmd_board(struct cli_run *r)
{
	struct board_src bs;
	int format = FMT_TEXT, status;

	if ((status = cli_opt_choice(r, B_FORMAT, cli_formats, &format)) != CLI_OK)
		return status;
	if ((status = load_board(r, B_BOARD, &bs, CLI_DATA)) != CLI_OK)
		return status;
	if (format == FMT_TEXT)
		yut_board_write(bs.b, "boardlab yut --board FILE", &r->out);
	else
		yut_board_json(bs.b, &r->out);
	release_board(&bs);
	return CLI_OK;
}

/* --- gen --- */

enum { G_SEED, G_COUNT, G_FIRST, G_BOJ, G_LENGTH, G_DICE };

static const struct cli_opt gen_head_opts[] = {
	[G_SEED] = CLI_SEED_OPT,
	[G_COUNT] = CLI_COUNT_OPT,
	[G_FIRST] = CLI_FIRST_OPT,
	[G_BOJ] = BOJ_OPT,
	{ 0 },
};

/* The options that shape the instances (G_LENGTH on): gen's, and stress's for gen. */
static const struct cli_opt yut_gen_opts[] = {
	{ "length", "N", "dice per instance, 1 to 10000 (default 10; --boj: 10)" },
	{ "dice", "DIST", DIST_HELP },
	CLI_DIST_OPT,
	{ 0 },
};

static int cmd_gen(struct cli_run *r)
{
	struct cli_gen g;
	struct yut_gen spec;
	struct bl_err err;
	int64_t length = YUT_BOJ_DICE;
	int status;

	if ((status = cli_gen_range(r, G_SEED, G_COUNT, G_FIRST, &g)) != CLI_OK ||
	    (status = cli_opt_int(r, G_LENGTH, 1, YUT_LINE_DICE_MAX, &length)) != CLI_OK)
		return status;
	if (cli_flag(r, G_BOJ) && length != YUT_BOJ_DICE)
		return cli_usage(r, "--boj instances have %d dice: --length %s does not apply",
				 YUT_BOJ_DICE, r->opt[G_LENGTH]);
	yut_gen_init(&spec);
	spec.dice = (int)length;
	spec.mix = g.dist;
	spec.free_dist = !r->opt[G_DICE];
	spec.free_length = !r->opt[G_LENGTH] && !cli_flag(r, G_BOJ);
	if ((status = dist_opt(r, G_DICE, &spec.dist)) != CLI_OK)
		return status;
	bl_err_clear(&err);
	for (int64_t i = g.first; status == CLI_OK && i < g.first + g.count; i++) {
		if (yut_gen(&spec, g.seed, i, &r->out, &err) != BL_OK)
			status = cli_report(NULL, &err, 0);
		if (status == CLI_OK && r->out.len >= (1u << 16) && !cli_flush(r))
			status = CLI_FAIL;
	}
	return status;
}

/* --- check --- */

enum { C_BOJ, C_BATCH, C_BOARD };

static const struct cli_opt check_opts[] = {
	[C_BOJ] = BOJ_OPT,
	[C_BATCH] = { "batch", NULL, "any number of instances" },
	[C_BOARD] = { "board", "FILE", "check this board file first" },
	CLI_STRICT_OPT,
	{ 0 },
};

static int cmd_check(struct cli_run *r)
{
	struct solve_ctx c;
	struct board_src bs;
	int status;

	if ((status = board_input_apart(r, C_BOARD)) != CLI_OK ||
	    (status = load_board(r, C_BOARD, &bs, CLI_NEGATIVE)) != CLI_OK)
		return status;
	yut_game_init(&c.game, bs.b);
	if (cli_flag(r, C_BOJ)) {
		yut_limits_boj(&c.lim);
	} else {
		yut_limits_any(&c.lim);
		r->extra_hint = "one instance per line needs --batch";
	}
	status = cli_check_instances(r, cli_flag(r, C_BATCH), answer_one, &c);   /* out NULL */
	yut_game_release(&c.game);
	release_board(&bs);
	return status;
}

/* --- bench --- */

static const struct cli_opt bench_opts[] = {
	{ "quick", NULL, "small workloads: check that each runs and agrees, fast" },
	{ 0 },
};

static const struct stress_game stress = { "plan", NULL, &bl_shrink_yut };
static const struct cli_bench bench = { yut_bench };

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "the best total for known dice; with --expect, the expected total of random dice",
	  "boardlab yut solve --explain dice.txt", solve_opts, NULL, NULL },
	{ "plan", cmd_plan, "[FILE]", 1,
	  "the optimal moves, turn by turn, with a picture of the board after each",
	  "echo 5 1 2 3 4 5 5 3 2 4 | boardlab yut plan", plan_opts, NULL, NULL },
	{ "trace", cmd_trace, "[FILE]", 1,
	  "the optimal plan turn by turn as plan prints it, or a replay page (html)",
	  "echo 5 1 2 3 4 5 5 3 2 4 | boardlab yut trace --format html > plan.html", trace_opts,
	  NULL, NULL },
	{ "render", cmd_render, "", 0,
	  "a picture of the board with the horses on given cells: text, JSON or SVG",
	  "boardlab yut render --at 10,d16,start,start --format svg > board.svg", render_opts,
	  NULL, NULL },
	{ "advise", cmd_advise, "", 0,
	  "every legal move of the roll just thrown, by expected final total, best first",
	  "boardlab yut advise --at 10,start,start,start --turns 9 --roll 3", advise_opts,
	  NULL, NULL },
	{ "board", cmd_board, "", 0,
	  "the built-in board in the board text format (or a --board FILE, checked)",
	  "boardlab yut board > my-board.txt", board_opts, NULL, NULL },
	{ "gen", cmd_gen, "", 0, "random instances (lines of dice), reproducible from a seed",
	  "boardlab yut gen --boj --seed 7 --count 100 | boardlab boj 17825 --batch",
	  gen_head_opts, CLI_GROUPS(yut_gen_opts), NULL },
	{ "check", cmd_check, "[FILE]", 1, "validate an input file (and a --board FILE)",
	  "boardlab yut check --boj --batch tests.txt", check_opts, NULL, NULL },
	JUDGE_VERB("boardlab yut judge --problem 17825 -- python3 sol.py"),
	STRESS_VERB("boardlab yut stress --problem 17825 --jobs 2 -- python3 sol.py", yut_game_opts,
		    yut_gen_opts, &stress),
	{ "bench", cli_bench_verb, "", 0,
	  "fixed workloads, timed against the plain reference engine of bench/ref/",
	  "boardlab yut bench --quick", bench_opts, NULL, &bench },
	{ 0 },
};

const struct cli_game yut_game = {
	"yut", "dice yut: the best total of four horses over known dice (BOJ 17825)", verbs,
	yut_demo, example_yut,
};
