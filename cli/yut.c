/*
 * yut's commands: solve (known dice, or --expect over random dice), plan
 * (the optimal moves with board pictures), advise (the moves for a roll, by
 * expected total), board (the board format), gen, check, bench, and the
 * game's part of the demo.  A board comes from --board FILE, read here into
 * memory (bounded) and reported under its own path, or is the built-in one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "bench.h"
#include "stress.h"
#include "svg_impl.h"
#include "yut_impl.h"

#include "ref/yut_ref.h"

static const char *const format_names[] = { "text", "json", NULL };
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
 * Reads path whole (at most BOARD_FILE_MAX bytes), standard input for "-"
 * (named name, "<stdin>", in diagnostics); prints the failure.
 */
static int read_small_file(const char *path, const char *name, char **text, size_t *len)
{
	bool is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	char *p;
	size_t n;

	if (!f) {
		fprintf(stderr, "boardlab: %s: error: cannot open: %s\n", name, strerror(errno));
		return CLI_FAIL;
	}
	p = malloc(BOARD_FILE_MAX + 2);
	if (!p) {
		if (!is_stdin)
			fclose(f);
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	errno = 0;
	n = fread(p, 1, BOARD_FILE_MAX + 1, f);
	int e = ferror(f) ? (errno ? errno : EIO) : 0;
	if (!is_stdin)
		fclose(f);
	if (e || n > BOARD_FILE_MAX) {
		if (e)
			fprintf(stderr, "boardlab: %s: error: cannot read: %s\n", name,
				strerror(e));
		else
			fprintf(stderr, "boardlab: %s: error: board file larger than %d bytes\n",
				name, BOARD_FILE_MAX);
		free(p);
		return CLI_FAIL;
	}
	p[n] = '\0';
	*text = p;
	*len = n;
	return CLI_OK;
}

/*
 * The board of option opt: the built-in one when it is not given, standard
 * input for "-".  A bad board is reported at FILE:LINE:COL of the board
 * file and gives bad_status (CLI_DATA, or CLI_NEGATIVE for check).
 */
static int load_board(const struct cli_run *r, int opt, struct board_src *s, int bad_status)
{
	const char *path = r->opt[opt];
	const char *name = path && strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct bl_reader rd;
	struct bl_err err;
	char *text;
	size_t len;
	int status;

	s->own = NULL;
	s->b = yut_board_builtin();
	if (!path)
		return CLI_OK;
	if ((status = read_small_file(path, name, &text, &len)) != CLI_OK)
		return status;
	s->own = malloc(sizeof *s->own);
	if (!s->own) {
		free(text);
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	bl_err_clear(&err);
	bl_reader_init(&rd, text, len);
	if (yut_board_parse(s->own, &rd, &err) != BL_OK) {
		status = cli_report(name, &err, 0);
		if (status == CLI_DATA)
			status = bad_status;
		free(s->own);
		s->own = NULL;
	}
	free(text);
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

/*
 * A picture of the board with the horses: the red path from start, then
 * for each blue arrow met the path it opens, each until it meets a cell
 * already drawn (in parentheses; the red path always draws end).  So each
 * cell, and each horse, is drawn once.  Horses are numbered from 1 after
 * their cell: 10[1] or start[2,3].  Lines wrap before 78 columns.
 */
static void put_picture(struct bl_buf *out, const struct yut_board *b, const int *cells,
			int horses)
{
	bool shown[YUT_MAX_CELLS] = { false };
	int order[YUT_MAX_CELLS], norder = 0;

	for (int pass = 0; pass <= norder; pass++) {
		int from = YUT_NONE, c;
		if (pass == 0) {
			c = b->start;
		} else {
			from = order[pass - 1];
			c = b->cells[from].blue;
			if (c == YUT_NONE)
				continue;
		}
		char word[YUT_NAME_MAX + 40];
		size_t col = 2;
		bl_buf_puts(out, "  ");
		if (from != YUT_NONE) {
			bl_buf_printf(out, "%s => ", b->cells[from].name);
			col += strlen(b->cells[from].name) + 4;
		}
		for (bool first = true;; first = false) {
			int n = 0;
			if (shown[c]) {
				n = snprintf(word, sizeof word, "(%s)", b->cells[c].name);
			} else {
				n = snprintf(word, sizeof word, "%s", b->cells[c].name);
				char sep = '[';
				for (int h = 0; h < horses && n < (int)sizeof word - 4; h++) {
					if (cells[h] == c) {
						n += snprintf(word + n, sizeof word - (size_t)n,
							      "%c%d", sep, h + 1);
						sep = ',';
					}
				}
				if (sep == ',')
					n += snprintf(word + n, sizeof word - (size_t)n, "]");
			}
			if (!first && col + 1 + (size_t)n > 78) {
				bl_buf_puts(out, "\n     ");
				col = 5;
			} else if (!first) {
				bl_buf_putc(out, ' ');
				col++;
			}
			bl_buf_puts(out, word);
			col += (size_t)n;
			if (shown[c])
				break;
			shown[c] = true;
			order[norder++] = c;
			if (c == b->end)
				break;
			c = b->cells[c].red;
		}
		bl_buf_putc(out, '\n');
	}
}

/* --- solve --- */

enum { S_BOJ, S_BATCH, S_EXPLAIN, S_HORSES, S_BOARD, S_FORMAT, S_EXPECT, S_TURNS, S_DICE, S_MEM };

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
	{ 0 },
};

struct solve_ctx {
	bool boj, explain;
	int format;
	struct yut_game game;
	struct yut_result res;
};

/*
 * The plan, one line per turn, horses numbered from 1; then where the game
 * ended early, if it did, and the size of the search.
 */
static void put_plan(struct bl_buf *out, const struct yut_game *g, const struct yut_result *res,
		     bool pictures)
{
	const struct yut_board *b = g->board;
	int cells[YUT_MAX_HORSES];

	for (int h = 0; h < g->horses; h++)
		cells[h] = b->start;
	if (pictures) {
		bl_buf_puts(out, "before turn 1:\n");
		put_picture(out, b, cells, g->horses);
	}
	for (size_t t = 0; t < res->nmoves; t++) {
		const struct yut_move *m = &res->moves[t];
		bl_buf_printf(out, "turn %zu: die %d, horse %d, %s -> %s, +%lld, total %lld\n",
			      t + 1, m->die, m->horse + 1, b->cells[m->from].name,
			      b->cells[m->to].name, (long long)m->points, (long long)m->total);
		cells[m->horse] = m->to;
		if (pictures)
			put_picture(out, b, cells, g->horses);
	}
	if (res->nmoves < g->ndice) {
		size_t left = g->ndice - res->nmoves;
		bl_buf_printf(out, "turn %zu: no horse can move, the game ends (%zu %s unused)\n",
			      res->nmoves + 1, left, left == 1 ? "die" : "dice");
	}
	bl_buf_printf(out, "states explored: %zu\n", res->states);
}

static void put_json_name(struct bl_buf *out, const struct yut_board *b, int c)
{
	bl_buf_json_str(out, b->cells[c].name);
}

/* The plan as one JSON object on one line (docs/yut.md). */
static void put_plan_json(struct bl_buf *out, const struct yut_game *g,
			  const struct yut_result *res, bool moves)
{
	const struct yut_board *b = g->board;
	int cells[YUT_MAX_HORSES];

	bl_buf_printf(out, "{\"horses\":%d,\"dice\":[", g->horses);
	for (size_t t = 0; t < g->ndice; t++)
		bl_buf_printf(out, "%s%d", t ? "," : "", g->dice[t]);
	bl_buf_printf(out, "],\"total\":%lld,\"states\":%zu", (long long)res->total, res->states);
	if (moves) {
		bl_buf_puts(out, ",\"start\":");
		put_json_name(out, b, b->start);
		bl_buf_puts(out, ",\"moves\":[");
		for (int h = 0; h < g->horses; h++)
			cells[h] = b->start;
		for (size_t t = 0; t < res->nmoves; t++) {
			const struct yut_move *m = &res->moves[t];
			cells[m->horse] = m->to;
			bl_buf_printf(out, "%s{\"turn\":%zu,\"die\":%d,\"horse\":%d,\"from\":",
				      t ? "," : "", t + 1, m->die, m->horse + 1);
			put_json_name(out, b, m->from);
			bl_buf_puts(out, ",\"to\":");
			put_json_name(out, b, m->to);
			bl_buf_printf(out, ",\"points\":%lld,\"total\":%lld,\"horse_cells\":[",
				      (long long)m->points, (long long)m->total);
			for (int h = 0; h < g->horses; h++) {
				if (h)
					bl_buf_putc(out, ',');
				put_json_name(out, b, cells[h]);
			}
			bl_buf_puts(out, "]}");
		}
		bl_buf_printf(out, "],\"unused_dice\":%zu", g->ndice - res->nmoves);
	}
	bl_buf_puts(out, "}\n");
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
	if (c->format == FMT_JSON) {
		put_plan_json(out, &c->game, &c->res, c->explain);
		return BL_OK;
	}
	bl_buf_int(out, c->res.total);
	bl_buf_putc(out, '\n');
	if (c->explain)
		put_plan(out, &c->game, &c->res, false);
	return BL_OK;
}

/* An expected total: "146.203648 (exact 456886/3125)" or "... (double)". */
static void put_expectation(struct bl_buf *out, const struct yut_expectation *e)
{
	bl_buf_printf(out, "%.6f", e->value);
	if (e->exact)
		bl_buf_printf(out, " (exact %s/%s)", e->num, e->den);
	else
		bl_buf_puts(out, " (double)");
}

static void put_expectation_json(struct bl_buf *out, const struct yut_expectation *e)
{
	bl_buf_printf(out, "\"expected\":%.6f,\"exact\":", e->value);
	if (e->exact)
		bl_buf_printf(out, "\"%s/%s\"", e->num, e->den);
	else
		bl_buf_puts(out, "null");
}

/*
 * A failure that belongs to no input file (a search limit, memory):
 * "boardlab: error: MESSAGE", and its exit status.
 */
static int report(const struct bl_err *err)
{
	fprintf(stderr, "boardlab: error: %s\n", err->msg);
	if (err->code == BL_ERR_ARG)
		return CLI_USAGE;
	return err->code == BL_ERR_INPUT ? CLI_DATA : CLI_FAIL;
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

/* The common options of a game: horses and board. */
static int game_opts(const struct cli_run *r, int horses_opt, struct yut_game *g)
{
	int64_t horses = YUT_HORSES_DEFAULT;
	int status = cli_opt_int(r, horses_opt, 1, YUT_MAX_HORSES, &horses);
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
		return report(&err);
	if (format == FMT_JSON) {
		bl_buf_printf(&r->out, "{\"turns\":%lld,\"dice\":", (long long)turns);
		bl_buf_json_str(&r->out, d.text);
		bl_buf_printf(&r->out, ",\"horses\":%d,", g->horses);
		put_expectation_json(&r->out, &e);
		bl_buf_printf(&r->out, ",\"states\":%zu}\n", states);
		return CLI_OK;
	}
	put_expectation(&r->out, &e);
	bl_buf_putc(&r->out, '\n');
	if (cli_flag(r, S_EXPLAIN))
		bl_buf_printf(&r->out,
			      "%d horse%s, %lld roll%s drawn from %s, each move chosen for the "
			      "best expected total\n%s arithmetic; states explored: %zu\n",
			      g->horses, g->horses == 1 ? "" : "s", (long long)turns,
			      turns == 1 ? "" : "s", d.text,
			      e.exact ? "exact rational"
				      : "double (exact numerators would pass 128 bits)",
			      states);
	return CLI_OK;
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx c;
	struct board_src bs;
	int status;

	c.format = FMT_TEXT;
	if ((status = cli_opt_choice(r, S_FORMAT, format_names, &c.format)) != CLI_OK)
		return status;
	if (!cli_flag(r, S_EXPECT) && (r->opt[S_TURNS] || r->opt[S_DICE]))
		return cli_usage(r, "--turns and --dice need --expect");
	yut_game_init(&c.game, yut_board_builtin());
	if ((status = game_opts(r, S_HORSES, &c.game)) != CLI_OK ||
	    (status = mem_opt(r, S_MEM, &c.game)) != CLI_OK)
		return status;
	if (!cli_flag(r, S_EXPECT) && (status = board_input_apart(r, S_BOARD)) != CLI_OK)
		return status;
	if ((status = load_board(r, S_BOARD, &bs, CLI_DATA)) != CLI_OK)
		return status;
	c.game.board = bs.b;
	if (cli_flag(r, S_EXPECT)) {
		status = run_expect(r, &c.game, c.format);
		release_board(&bs);
		return status;
	}
	c.boj = cli_flag(r, S_BOJ);
	/* In the line format another line is most likely another instance. */
	if (!c.boj)
		r->extra_hint = "one instance per line needs --batch";
	c.explain = cli_flag(r, S_EXPLAIN);
	yut_result_init(&c.res);
	status = cli_run_instances(r, cli_flag(r, S_BATCH), solve_one, &c);
	yut_result_release(&c.res);
	yut_game_release(&c.game);
	release_board(&bs);
	return status;
}

/* --- plan --- */

enum { P_BOJ, P_BATCH, P_HORSES, P_BOARD, P_FORMAT, P_MEM };

static const struct cli_opt plan_opts[] = {
	[P_BOJ] = BOJ_OPT,
	[P_BATCH] = { "batch", NULL, "any number of instances, one plan each" },
	[P_HORSES] = { "horses", "H", HORSES_HELP },
	[P_BOARD] = { "board", "FILE", BOARD_HELP },
	[P_FORMAT] = { "format", "FORMAT", FORMAT_HELP },
	[P_MEM] = YUT_MEM_OPT,
	{ 0 },
};

static enum bl_code plan_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			     struct bl_err *err)
{
	struct solve_ctx *c = ctx;
	enum bl_code code;

	code = c->boj ? yut_parse_boj(&c->game, rd, err) : yut_parse_line(&c->game, rd, err);
	if (code == BL_OK)
		code = yut_plan(&c->game, &c->res, err);
	if (code != BL_OK)
		return code;
	if (c->format == FMT_JSON) {
		put_plan_json(out, &c->game, &c->res, true);
		return BL_OK;
	}
	if (out->len)
		bl_buf_putc(out, '\n');
	bl_buf_puts(out, "dice:");
	for (size_t t = 0; t < c->game.ndice; t++)
		bl_buf_printf(out, " %d", c->game.dice[t]);
	bl_buf_printf(out, "\nbest total with %d horse%s: %lld\n", c->game.horses,
		      c->game.horses == 1 ? "" : "s", (long long)c->res.total);
	put_plan(out, &c->game, &c->res, true);
	return BL_OK;
}

static int cmd_plan(struct cli_run *r)
{
	struct solve_ctx c;
	struct board_src bs;
	int status;

	c.format = FMT_TEXT;
	if ((status = cli_opt_choice(r, P_FORMAT, format_names, &c.format)) != CLI_OK)
		return status;
	yut_game_init(&c.game, yut_board_builtin());
	if ((status = game_opts(r, P_HORSES, &c.game)) != CLI_OK ||
	    (status = mem_opt(r, P_MEM, &c.game)) != CLI_OK ||
	    (status = board_input_apart(r, P_BOARD)) != CLI_OK)
		return status;
	if ((status = load_board(r, P_BOARD, &bs, CLI_DATA)) != CLI_OK)
		return status;
	c.game.board = bs.b;
	c.boj = cli_flag(r, P_BOJ);
	c.explain = true;
	if (!c.boj)
		r->extra_hint = "one instance per line needs --batch";
	yut_result_init(&c.res);
	status = cli_run_instances(r, cli_flag(r, P_BATCH), plan_one, &c);
	yut_result_release(&c.res);
	yut_game_release(&c.game);
	release_board(&bs);
	return status;
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

/* --at (option opt): the cells of the horses into cells[], their count into *horses. */
static int parse_at(const struct cli_run *r, int opt, const struct yut_board *b, int *cells,
		    int *horses)
{
	const char *s = r->opt[opt];
	int n = 0;

	if (!s)
		return cli_usage(r, "advise needs --at CELLS");
	for (;;) {
		size_t len = strcspn(s, ",");
		char name[YUT_NAME_MAX];
		if (n == YUT_MAX_HORSES)
			return cli_usage(r, "invalid value '%s' for --at: more than %d horses",
					 r->opt[opt], YUT_MAX_HORSES);
		int c = YUT_NONE;
		if (len > 0 && len < sizeof name) {
			memcpy(name, s, len);
			name[len] = '\0';
			c = yut_board_find(b, name);
		}
		if (c == YUT_NONE)
			return cli_usage(r,
					 "invalid value '%s' for --at: no cell '%.*s' on the board",
					 r->opt[opt], (int)len, s);
		cells[n++] = c;
		if (!s[len])
			break;
		s += len + 1;
	}
	*horses = n;
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

	if ((status = cli_opt_choice(r, A_FORMAT, format_names, &format)) != CLI_OK)
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
		status = report(&err);
	else if (format == FMT_JSON) {
		bl_buf_printf(&r->out, "{\"roll\":%lld,\"turns\":%lld,\"dice\":", (long long)roll,
			      (long long)turns);
		bl_buf_json_str(&r->out, d.text);
		bl_buf_printf(&r->out, ",\"score\":%lld,\"states\":%zu,\"moves\":[",
			      (long long)score, a.states);
		for (int i = 0; i < a.nmoves; i++) {
			const struct yut_advice_move *m = &a.moves[i];
			bl_buf_printf(&r->out, "%s{\"horse\":%d,\"from\":", i ? "," : "",
				      m->horse + 1);
			put_json_name(&r->out, bs.b, m->from);
			bl_buf_puts(&r->out, ",\"to\":");
			put_json_name(&r->out, bs.b, m->to);
			bl_buf_printf(&r->out, ",\"points\":%d,", m->points);
			put_expectation_json(&r->out, &m->total);
			bl_buf_putc(&r->out, '}');
		}
		bl_buf_puts(&r->out, "]}\n");
	} else {
		bl_buf_printf(&r->out,
			      "roll %lld, %lld roll%s left with this one, dice %s, score %lld\n",
			      (long long)roll, (long long)turns, turns == 1 ? "" : "s", d.text,
			      (long long)score);
		if (!a.nmoves)
			bl_buf_printf(&r->out, "no horse can move: the game ends with %lld\n",
				      (long long)score);
		for (int i = 0; i < a.nmoves; i++) {
			const struct yut_advice_move *m = &a.moves[i];
			bl_buf_printf(&r->out, "horse %d: %s -> %s, +%d, expected total ",
				      m->horse + 1, bs.b->cells[m->from].name,
				      bs.b->cells[m->to].name, m->points);
			put_expectation(&r->out, &m->total);
			bl_buf_putc(&r->out, '\n');
		}
		bl_buf_printf(&r->out, "states explored: %zu\n", a.states);
	}
	release_board(&bs);
	return status;
}

/* --- render and trace: the pictures --- */

/*
 * A text picture coloured when color: each horse list "[1,2]" in bold
 * yellow, the text itself unchanged.
 */
static void color_horses(const char *text, size_t len, bool color, struct bl_buf *out)
{
	bool in = false;

	if (!color) {
		bl_buf_add(out, text, len);
		return;
	}
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '[' && !in) {
			bl_buf_puts(out, "\033[1;33m");
			in = true;
		}
		bl_buf_putc(out, text[i]);
		if (text[i] == ']' && in) {
			bl_buf_puts(out, ANSI_RESET);
			in = false;
		}
	}
}

enum { R_AT, R_HORSES, R_BOARD, R_FORMAT, R_COLOR };

static const char *const render_formats[] = { "text", "json", "svg", NULL };
static const char *const trace_formats[] = { "text", "json", "html", NULL };
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
	int cells[YUT_MAX_HORSES], horses, format = 0, status;
	bool color;

	if ((status = cli_opt_choice(r, R_FORMAT, render_formats, &format)) != CLI_OK ||
	    (status = cli_color(r, R_COLOR, &color)) != CLI_OK)
		return status;
	if (r->opt[R_AT] && r->opt[R_HORSES])
		return cli_usage(r, "options '--at' and '--horses' cannot be used together: "
				    "--at gives one cell per horse");
	yut_game_init(&g, yut_board_builtin());
	if ((status = game_opts(r, R_HORSES, &g)) != CLI_OK)
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
	for (int i = 0; i < horses; i++)
		for (int j = 0; j < i; j++)
			if (cells[j] == cells[i] && cells[i] != bs.b->start &&
			    cells[i] != bs.b->end) {
				status = cli_usage(r, "invalid value '%s' for --at: horses %d and %d "
						      "are both on '%s'",
						   r->opt[R_AT], j + 1, i + 1,
						   bs.b->cells[cells[i]].name);
				release_board(&bs);
				return status;
			}
	if (format == 2) {
		struct pic_yut_layout lay;
		pic_yut_layout(bs.b, horses, &lay);
		pic_yut(bs.b, &lay, cells, horses, YUT_NONE, YUT_NONE, true, "yut position",
			"the horses on the board", &r->out);
	} else if (format == 1) {
		bl_buf_puts(&r->out, "{\"horse_cells\":[");
		for (int h = 0; h < horses; h++) {
			if (h)
				bl_buf_putc(&r->out, ',');
			put_json_name(&r->out, bs.b, cells[h]);
		}
		bl_buf_puts(&r->out, "]}\n");
	} else {
		struct bl_buf tmp;
		bl_buf_init(&tmp);
		put_picture(&tmp, bs.b, cells, horses);
		color_horses(tmp.data ? tmp.data : "", tmp.len, color && format == 0, &r->out);
		if (bl_buf_failed(&tmp))
			r->out.failed = true;
		bl_buf_release(&tmp);
	}
	release_board(&bs);
	return CLI_OK;
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

struct trace_ctx {
	struct solve_ctx s;
	bool html, color;
};

/* The replay page: the horses on start, then one frame per turn of the optimal plan. */
static void trace_html(struct bl_buf *out, const struct yut_game *g, const struct yut_result *res)
{
	const struct yut_board *b = g->board;
	struct html_replay h;
	struct pic_yut_layout lay;
	int cells[YUT_MAX_HORSES];
	char sub[YUT_BOJ_DICE * 4 + 200], desc[200];
	size_t n = 0;

	n += (size_t)snprintf(sub, sizeof sub, "%d horse%s, %zu dice:", g->horses,
			      g->horses == 1 ? "" : "s", g->ndice);
	for (size_t t = 0; t < g->ndice && n + 8 < sizeof sub; t++)
		n += (size_t)snprintf(sub + n, sizeof sub - n, " %d", g->dice[t]);
	if (n + 8 >= sizeof sub)
		snprintf(sub + sizeof sub - 8, 8, " ...");
	for (int i = 0; i < g->horses; i++)
		cells[i] = b->start;
	html_begin(&h, out, "yut: the optimal plan turn by turn", sub);
	pic_yut_layout(b, g->horses, &lay);
	pic_yut_defs(out);
	if (html_frame_begin(&h, "before turn 1: every horse on start")) {
		pic_yut(b, &lay, cells, g->horses, YUT_NONE, YUT_NONE, false, "yut",
			"before turn 1, total 0", out);
		html_frame_end(&h);
	}
	for (size_t t = 0; t < res->nmoves; t++) {
		const struct yut_move *m = &res->moves[t];
		cells[m->horse] = m->to;
		snprintf(desc, sizeof desc, "turn %zu: die %d, horse %d, %s -> %s, +%lld, total %lld",
			 t + 1, m->die, m->horse + 1, b->cells[m->from].name, b->cells[m->to].name,
			 (long long)m->points, (long long)m->total);
		if (html_frame_begin(&h, desc)) {
			pic_yut(b, &lay, cells, g->horses, m->from, m->to, false, "yut", desc, out);
			html_frame_end(&h);
		}
	}
	if (res->nmoves < g->ndice) {
		size_t left = g->ndice - res->nmoves;
		snprintf(desc, sizeof desc, "turn %zu: no horse can move, the game ends (%zu %s unused)",
			 res->nmoves + 1, left, left == 1 ? "die" : "dice");
		if (html_frame_begin(&h, desc)) {
			pic_yut(b, &lay, cells, g->horses, YUT_NONE, YUT_NONE, false, "yut", desc, out);
			html_frame_end(&h);
		}
	}
	snprintf(desc, sizeof desc, "best total %lld", (long long)res->total);
	html_end(&h, desc);
}

static enum bl_code trace_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct trace_ctx *c = ctx;
	struct bl_buf tmp;
	enum bl_code code;

	if (!c->html && !c->color)
		return plan_one(&c->s, rd, out, err);
	if (c->html) {
		code = c->s.boj ? yut_parse_boj(&c->s.game, rd, err)
				: yut_parse_line(&c->s.game, rd, err);
		if (code == BL_OK)
			code = yut_plan(&c->s.game, &c->s.res, err);
		if (code == BL_OK)
			trace_html(out, &c->s.game, &c->s.res);
		return code;
	}
	/* As plan_one into out: a blank line between instances, then the plan coloured. */
	bl_buf_init(&tmp);
	code = plan_one(&c->s, rd, &tmp, err);
	if (code == BL_OK) {
		if (out->len)
			bl_buf_putc(out, '\n');
		color_horses(tmp.data ? tmp.data : "", tmp.len, true, out);
		if (bl_buf_failed(&tmp))
			code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	}
	bl_buf_release(&tmp);
	return code;
}

static int cmd_trace(struct cli_run *r)
{
	struct trace_ctx c;
	struct board_src bs;
	int status, format = 0;

	if ((status = cli_opt_choice(r, T_FORMAT, trace_formats, &format)) != CLI_OK ||
	    (status = cli_color(r, T_COLOR, &c.color)) != CLI_OK)
		return status;
	if (format == 2 && cli_flag(r, T_BATCH))
		return cli_usage(r, "options '--batch' and '--format html' cannot be used together: "
				    "a replay page shows one game");
	c.s.format = format == 1 ? FMT_JSON : FMT_TEXT;
	c.html = format == 2;
	c.color = c.color && format == 0;
	yut_game_init(&c.s.game, yut_board_builtin());
	if ((status = game_opts(r, T_HORSES, &c.s.game)) != CLI_OK ||
	    (status = mem_opt(r, T_MEM, &c.s.game)) != CLI_OK ||
	    (status = board_input_apart(r, T_BOARD)) != CLI_OK)
		return status;
	if ((status = load_board(r, T_BOARD, &bs, CLI_DATA)) != CLI_OK)
		return status;
	c.s.game.board = bs.b;
	c.s.boj = cli_flag(r, T_BOJ);
	c.s.explain = true;
	if (!c.s.boj)
		r->extra_hint = "one instance per line needs --batch";
	yut_result_init(&c.s.res);
	status = cli_run_instances(r, cli_flag(r, T_BATCH), trace_one, &c);
	yut_result_release(&c.s.res);
	yut_game_release(&c.s.game);
	release_board(&bs);
	return status;
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

	if ((status = cli_opt_choice(r, B_FORMAT, format_names, &format)) != CLI_OK)
		return status;
	if ((status = load_board(r, B_BOARD, &bs, CLI_DATA)) != CLI_OK)
		return status;
	if (format == FMT_TEXT) {
		yut_board_write(bs.b, &r->out);
	} else {
		const struct yut_board *b = bs.b;
		bl_buf_puts(&r->out, "{\"start\":");
		put_json_name(&r->out, b, b->start);
		bl_buf_puts(&r->out, ",\"end\":");
		put_json_name(&r->out, b, b->end);
		bl_buf_puts(&r->out, ",\"cells\":[");
		for (int i = 0; i < b->ncells; i++) {
			const struct yut_cell *c = &b->cells[i];
			bl_buf_printf(&r->out, "%s{\"name\":", i ? "," : "");
			put_json_name(&r->out, b, i);
			bl_buf_printf(&r->out, ",\"score\":%d,\"red\":", c->score);
			if (c->red != YUT_NONE)
				put_json_name(&r->out, b, c->red);
			else
				bl_buf_puts(&r->out, "null");
			bl_buf_puts(&r->out, ",\"blue\":");
			if (c->blue != YUT_NONE)
				put_json_name(&r->out, b, c->blue);
			else
				bl_buf_puts(&r->out, "null");
			bl_buf_putc(&r->out, '}');
		}
		bl_buf_puts(&r->out, "]}\n");
	}
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
	{ "length", "N", "dice per instance, 1 to 10000 (default 10)" },
	{ "dice", "DIST", DIST_HELP },
	{ 0 },
};


/* Instance i of run seed: one line of n dice drawn from d. */
static void gen_instance(struct bl_buf *out, const struct yut_dist *d, uint64_t seed, uint64_t i,
			 int n)
{
	struct bl_rng rng;

	bl_rng_init_stream(&rng, seed, i);
	for (int k = 0; k < n; k++) {
		if (k)
			bl_buf_putc(out, ' ');
		bl_buf_putc(out, (char)('0' + yut_dist_draw(d, &rng)));
	}
	bl_buf_putc(out, '\n');
}

static int cmd_gen(struct cli_run *r)
{
	struct cli_gen g;
	struct yut_dist d;
	int64_t length = YUT_BOJ_DICE;
	int status;

	if ((status = cli_gen_range(r, G_SEED, G_COUNT, G_FIRST, &g)) != CLI_OK ||
	    (status = cli_opt_int(r, G_LENGTH, 1, YUT_LINE_DICE_MAX, &length)) != CLI_OK)
		return status;
	if (cli_flag(r, G_BOJ) && r->opt[G_LENGTH])
		return cli_usage(r, "--boj instances have 10 dice: --length %s does not apply",
				 r->opt[G_LENGTH]);
	if ((status = dist_opt(r, G_DICE, &d)) != CLI_OK)
		return status;
	for (int64_t i = g.first; i < g.first + g.count; i++) {
		gen_instance(&r->out, &d, g.seed, (uint64_t)i, (int)length);
		if (r->out.len >= (1u << 16) && !cli_flush(r))
			return CLI_FAIL;
	}
	return CLI_OK;
}

/* --- check --- */

enum { C_BOJ, C_BATCH, C_BOARD };

static const struct cli_opt check_opts[] = {
	[C_BOJ] = BOJ_OPT,
	[C_BATCH] = { "batch", NULL, "any number of instances" },
	[C_BOARD] = { "board", "FILE", "check this board file first" },
	{ 0 },
};

static enum bl_code check_one(void *ctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	struct solve_ctx *c = ctx;
	(void)out;
	return c->boj ? yut_parse_boj(&c->game, rd, err) : yut_parse_line(&c->game, rd, err);
}

static int cmd_check(struct cli_run *r)
{
	struct solve_ctx c;
	struct board_src bs;
	int status;

	if ((status = board_input_apart(r, C_BOARD)) != CLI_OK ||
	    (status = load_board(r, C_BOARD, &bs, CLI_NEGATIVE)) != CLI_OK)
		return status;
	yut_game_init(&c.game, bs.b);
	c.boj = cli_flag(r, C_BOJ);
	if (!c.boj)
		r->extra_hint = "one instance per line needs --batch";
	status = cli_check_instances(r, cli_flag(r, C_BATCH), check_one, &c);
	yut_game_release(&c.game);
	release_board(&bs);
	return status;
}

/* --- bench --- */

enum { X_QUICK };

static const struct cli_opt bench_opts[] = {
	[X_QUICK] = { "quick", NULL, "small workloads: check that each runs and agrees, fast" },
	{ 0 },
};

#define BENCH_SEED 17825

/*
 * Judge instances from `gen --boj --seed 17825` as one batch text, solved
 * by solve's instance code, then by the plain backtracking of bench/ref/ on
 * the same text, twice: over every horse at every turn (the 4^10 choice
 * sequences) and pruned (one of the horses sharing a cell).  Every answer
 * is compared; a disagreement is CLI_FAIL.
 */
static int bench_judge(struct bl_buf *out, long n)
{
	struct yut_dist d;
	struct bl_buf text, answers;
	struct solve_ctx c;
	struct bl_reader rd;
	struct bl_err err;
	int status = CLI_OK;
	int *dice = malloc((size_t)n * YUT_BOJ_DICE * sizeof *dice);
	int *every = malloc((size_t)n * sizeof *every),
	    *pruned = malloc((size_t)n * sizeof *pruned);

	bl_buf_init(&text);
	bl_buf_init(&answers);
	yut_dist_parse(&d, "d5", NULL);
	for (long i = 1; i <= n; i++)
		gen_instance(&text, &d, BENCH_SEED, (uint64_t)i, YUT_BOJ_DICE);
	if (!dice || !every || !pruned || bl_buf_failed(&text)) {
		fputs("boardlab: error: out of memory\n", stderr);
		status = CLI_FAIL;
		goto done;
	}

	memset(&c, 0, sizeof c);
	c.boj = true;
	yut_game_init(&c.game, yut_board_builtin());
	yut_result_init(&c.res);
	bl_err_clear(&err);
	bl_reader_init(&rd, text.data, text.len);
	uint64_t t0 = bench_now_ns();
	while (status == CLI_OK && !bl_reader_eof(&rd))
		if (solve_one(&c, &rd, &answers, &err) != BL_OK)
			status = report(&err);
	uint64_t t1 = bench_now_ns();
	yut_result_release(&c.res);
	yut_game_release(&c.game);
	if (status != CLI_OK)
		goto done;

	/* Each reference timed with its own parse of the text. */
	uint64_t t2 = bench_now_ns();
	int nd = yut_ref_parse(text.data, dice, (int)(n * YUT_BOJ_DICE));
	for (long i = 0; nd == n * YUT_BOJ_DICE && i < n; i++)
		every[i] = yut_ref_best_every(dice + i * YUT_BOJ_DICE, YUT_BOJ_DICE,
					      YUT_HORSES_DEFAULT);
	uint64_t t3 = bench_now_ns();
	nd = yut_ref_parse(text.data, dice, (int)(n * YUT_BOJ_DICE));
	for (long i = 0; nd == n * YUT_BOJ_DICE && i < n; i++)
		pruned[i] =
			yut_ref_best(dice + i * YUT_BOJ_DICE, YUT_BOJ_DICE, YUT_HORSES_DEFAULT, 0);
	uint64_t t4 = bench_now_ns();

	const char *a = answers.data;
	long mismatch = nd == n * YUT_BOJ_DICE ? -1 : 0;
	for (long i = 0; mismatch < 0 && i < n; i++) {
		char *end;
		long v = strtol(a, &end, 10);
		a = end;
		if (v != every[i] || v != pruned[i])
			mismatch = i + 1;
	}
	if (mismatch >= 0) {
		fprintf(stderr, "boardlab: error: bench: instance %ld of 'gen --boj --seed %d': "
				"boardlab and the reference disagree\n",
			mismatch, BENCH_SEED);
		status = CLI_FAIL;
		goto done;
	}
	char what[64];
	double ours = (double)n * 1e9 / (double)(t1 - t0 + 1);
	snprintf(what, sizeof what, "judge instances, one batch (%ld)", n);
	bench_row(out, what, "inst/s", ours, (double)n * 1e9 / (double)(t3 - t2 + 1), true);
	bench_row(out, "  against the pruned backtracking", "inst/s", ours,
		      (double)n * 1e9 / (double)(t4 - t3 + 1), true);
done:
	free(dice);
	free(every);
	free(pruned);
	bl_buf_release(&text);
	bl_buf_release(&answers);
	return status;
}

/* Known-dice games larger than the judge's: boardlab alone. */
static int bench_large(struct bl_buf *out, int horses, int ndice, long games)
{
	struct yut_dist d;
	struct yut_game g;
	struct yut_result res;
	struct bl_err err;
	struct bl_rng rng;
	int dice[YUT_LINE_DICE_MAX];
	size_t states = 0;
	uint64_t t = 0;

	yut_dist_parse(&d, "d5", NULL);
	yut_game_init(&g, yut_board_builtin());
	g.horses = horses;
	yut_result_init(&res);
	bl_err_clear(&err);
	for (long i = 1; i <= games; i++) {
		bl_rng_init_stream(&rng, BENCH_SEED, (uint64_t)i);
		for (int k = 0; k < ndice; k++)
			dice[k] = yut_dist_draw(&d, &rng);
		uint64_t t0 = bench_now_ns();
		if (yut_game_set_dice(&g, dice, (size_t)ndice, &err) != BL_OK ||
		    yut_solve(&g, &res, &err) != BL_OK) {
			yut_game_release(&g);
			return report(&err);
		}
		t += bench_now_ns() - t0;
		states += res.states;
	}
	char what[64];
	snprintf(what, sizeof what, "%d horses, %d dice: time per game", horses, ndice);
	bench_row(out, what, "ms", (double)t / 1e6 / (double)games, 0, false);
	snprintf(what, sizeof what, "%d horses, %d dice: states per game", horses, ndice);
	bench_row(out, what, "states", (double)states / (double)games, 0, true);
	yut_result_release(&res);
	yut_game_release(&g);
	return CLI_OK;
}

static int bench_expect(struct bl_buf *out, const char *dist, int turns)
{
	struct yut_dist d;
	struct yut_game g;
	struct yut_expectation e;
	struct bl_err err;
	size_t states;

	yut_dist_parse(&d, dist, NULL);
	yut_game_init(&g, yut_board_builtin());
	bl_err_clear(&err);
	uint64_t t0 = bench_now_ns();
	if (yut_expect(&g, &d, turns, &e, &states, &err) != BL_OK)
		return report(&err);
	uint64_t t1 = bench_now_ns();
	char what[64];
	snprintf(what, sizeof what, "expect --dice %s --turns %d: time", dist, turns);
	bench_row(out, what, "ms", (double)(t1 - t0) / 1e6, 0, false);
	snprintf(what, sizeof what, "expect --dice %s --turns %d: states", dist, turns);
	bench_row(out, what, "states", (double)states, 0, true);
	return CLI_OK;
}

static int cmd_bench(struct cli_run *r)
{
	bool quick = cli_flag(r, X_QUICK);
	long judge = quick ? 50 : 10000;
	int status;

	bench_head(&r->out, quick ? "yut bench --quick" : "yut bench");
	if ((status = bench_judge(&r->out, judge)) != CLI_OK ||
	    (status = bench_large(&r->out, 6, quick ? 20 : 40, quick ? 1 : 5)) != CLI_OK ||
	    (status = bench_expect(&r->out, "d5", quick ? 6 : 10)) != CLI_OK ||
	    (status = bench_expect(&r->out, "sticks", quick ? 6 : 10)) != CLI_OK)
		return status;
	bench_note(&r->out, "judge: 'gen --boj --seed %d --count %ld' as one text, solve's "
				"instance code", BENCH_SEED, judge);
	bench_note(&r->out, "against the plain backtracking over every horse at every turn, "
				"4^10 choice");
	bench_note(&r->out, "sequences (bench/ref/yut_ref.c), every answer compared; then "
				"against the");
	bench_note(&r->out, "reference's pruned backtracking (one of the horses sharing a "
				"cell is tried).");
	bench_note(&r->out, "Larger games and expectations: boardlab alone; the reference is "
				"not run there");
	bench_note(&r->out, "(its choice sequences grow as H^dice).");
	return CLI_OK;
}

/* --- demo --- */

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
		bl_buf_puts(out,
			    "the plan (every horse starts on 'start'; a move from 10, 20 or 30\n"
			    "turns onto its diagonal d.., which meets the centre c25 c30 c35;\n"
			    "among equal totals the lowest horse moves):\n");
		put_plan(out, &g, &res, false);
		bl_buf_puts(out,
			    "(each turn and set of horse cells is solved once: no search over\n"
			    "the 4^10 choice sequences)\n");
		struct yut_dist d;
		struct yut_expectation e;
		size_t states;
		yut_dist_parse(&d, "d5", NULL);
		if (yut_expect(&g, &d, YUT_BOJ_DICE, &e, &states, &err) != BL_OK) {
			report(&err);
			status = CLI_FAIL;
		} else {
			bl_buf_puts(out, "\nwith the 10 dice unknown, thrown one by one, best play "
					 "expects\n");
			put_expectation(out, &e);
			bl_buf_puts(out, ": yut solve --expect --turns 10\n");
		}
	}
	yut_result_release(&res);
	yut_game_release(&g);
	return status;
}

static const struct stress_game stress = { "plan", NULL, yut_shrink };

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
	STRESS_VERB("boardlab yut stress --problem 17825 --jobs 2 -- python3 sol.py", yut_game_opts,
		    yut_gen_opts, &stress),
	{ "bench", cmd_bench, "", 0,
	  "fixed workloads, timed against the plain reference engine of bench/ref/",
	  "boardlab yut bench --quick", bench_opts, NULL, NULL },
	{ 0 },
};

const struct cli_game yut_game = {
	"yut", "dice yut: the best total of four horses over known dice (BOJ 17825)", verbs,
	demo,
};
