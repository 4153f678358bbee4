/*
 * grundy commands: solve (BOJ 16880 and, with --only P, 16879), hint,
 * trace, render, pieces, table, verify, gen, check, bench (the game's part
 * of the demo is grundy_demo).  Every verb that reads pieces takes custom ones with
 * --piece RULES or --piece-file FILE.  The verbs read their options and
 * files and call the library (include/boardlab/grundy.h) for the rest:
 * the answers, the views, the game played out and the generator.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "bench.h"
#include "judge.h"
#include "stress.h"

/* ---- pieces from the command line ---- */

#define PIECE_FILE_MAX ((size_t)1 << 24)   /* the most bytes of a --piece-file: 16 MiB */

/*
 * The set of pieces: the built-ins, then the rules of --piece-file, then
 * those of every --piece in command-line order.  A bad --piece, or one
 * without a rule, is a usage error naming the column; a bad file a
 * diagnostic at its line and column (status 3).
 */
static int load_set(struct cli_run *r, int rule_i, int file_i, struct grundy_set *set)
{
	struct bl_err err;
	const char *v;

	grundy_set_init(set);
	if ((v = r->opt[file_i])) {
		struct bl_buf text;
		int status;

		bl_buf_init(&text);
		status = cli_load_file(v, v, PIECE_FILE_MAX,
				       "too large for a piece file (more than 16 MiB)", &text);
		bl_err_clear(&err);
		if (status == CLI_OK && grundy_set_parse(set, text.data, text.len, &err) != BL_OK)
			status = cli_report(v, &err, 0);
		bl_buf_release(&text);
		if (status != CLI_OK)
			return status;
	}
	/* Every --piece, in order: a letter taken by an earlier one is taken. */
	for (int i = 0; i < r->ngiven; i++) {
		int before = set->n;

		if (r->given[i].opt != rule_i)
			continue;
		v = r->given[i].value;
		bl_err_clear(&err);
		if (grundy_set_parse(set, v, strlen(v), &err) != BL_OK)
			return cli_usage(r, "invalid value '%s' for --%s: column %d: %s", v,
					 r->verb->opts[rule_i].name, err.col, err.msg);
		if (set->n == before)
			return cli_usage(r, "invalid value '%s' for --%s: expected at least one rule",
					 v, r->verb->opts[rule_i].name);
	}
	return CLI_OK;
}

/* The piece a positional LETTER names, or a usage error. */
static int piece_arg(struct cli_run *r, const struct grundy_set *set, int *piece)
{
	const char *a = r->nargs > 0 ? r->args[0] : NULL;

	if (!a)
		return cli_usage(r, "missing the piece letter (%s)", set->letters);
	if (strlen(a) != 1 || (*piece = grundy_set_find(set, a[0])) < 0)
		return cli_usage(r, "unknown piece '%s': expected %s", a, set->letters);
	return CLI_OK;
}

/* --only LETTER among the set's letters. */
static int only_opt(struct cli_run *r, int i, const struct grundy_set *set, int *only)
{
	char names[GRUNDY_SET_MAX][2];
	const char *list[GRUNDY_SET_MAX + 1];

	for (int k = 0; k < set->n; k++) {
		names[k][0] = set->piece[k].letter;
		names[k][1] = '\0';
		list[k] = names[k];
	}
	list[set->n] = NULL;
	*only = GRUNDY_MIXED;
	return cli_opt_choice(r, i, list, only);
}

/* A --format choice's index: enum grundy_view (the third is svg for render, html for trace). */
enum view_format { VIEW_TEXT, VIEW_JSON, VIEW_PAGE };


/* --boj: the judge's limits, else the tool's. */
static void limits_opt(const struct cli_run *r, int boj_i, struct grundy_limits *lim)
{
	if (cli_flag(r, boj_i))
		grundy_limits_boj(lim);
	else
		grundy_limits_any(lim);
}

/* The drain of the long views: r->out written out every GRUNDY_DRAIN_BYTES. */
static bool drain_out(void *ctx, struct bl_buf *out)
{
	(void)out;
	return cli_flush(ctx);
}

/* ---- solve ---- */

enum { SOLVE_ONLY, SOLVE_BOJ, SOLVE_BATCH, SOLVE_EXPLAIN, SOLVE_PIECE, SOLVE_PIECE_FILE,
       SOLVE_MEM, SOLVE_MISTAKE };

#define SET_MEM_OPT CLI_MAX_MEMORY_OPT("the tables of pieces without a closed form")
#define TABLE_MEM_OPT CLI_MAX_MEMORY_OPT("the table")

#define BOJ_OPT                                                                    \
	{ "boj", NULL,                                                             \
	  "the judge's limits and format: N <= 300000, x and y below 10^9 (below 3000 "  \
	  "with --only P)" }

/* The options that define pieces, shared by every verb that reads them. */
#define PIECE_OPT                                                                  \
	{ "piece", "RULES",                                                        \
	  "define pieces: 'Q = ride(1,0) + ride(0,1) + ride(1,1)'; ';' between rules; "  \
	  "repeatable" }
#define PIECE_FILE_OPT                                                             \
	{ "piece-file", "FILE", "define the pieces of FILE, one rule a line, '#' comments" }

/* The game options: the last of gen's, and what stress passes on to every verb it runs. */
static const struct cli_opt grundy_game_opts[] = {
	{ "only", "LETTER", "every piece is LETTER: lines are 'x y'" },
	BOJ_OPT,
	PIECE_OPT,
	PIECE_FILE_OPT,
	{ 0 },
};

static const struct cli_opt solve_opts[] = {
	[SOLVE_ONLY] = { "only", "LETTER",
			 "every piece is LETTER (R, B, K, N, P or a defined one): lines are 'x y'" },
	[SOLVE_BOJ] = BOJ_OPT,
	[SOLVE_BATCH] = { "batch", NULL, "read any number of instances, print one answer line each" },
	[SOLVE_EXPLAIN] = { "explain", NULL,
			    "after the answer, each piece's grundy value and the running xor" },
	[SOLVE_PIECE] = PIECE_OPT,
	[SOLVE_PIECE_FILE] = PIECE_FILE_OPT,
	[SOLVE_MEM] = SET_MEM_OPT,
	[SOLVE_MISTAKE] = CLI_MISTAKE_OPT,
	CLI_JOBS_OPT,
	{ 0 },
};

/*
 * What the verbs that read instances share: the pieces, the format and
 * limits they are read in, and each verb's choices.
 */
struct inst_ctx;
typedef enum bl_code (*position_view_fn)(const struct inst_ctx *c, struct grundy_position *pos,
					 struct bl_buf *out, struct bl_err *err);

struct inst_ctx {
	position_view_fn view;           /* render and trace: what they make of a position */
	struct grundy_set set;
	struct grundy_format fmt;        /* fmt.set is &set */
	struct grundy_limits lim;
	bool batch, explain;
	int format;                      /* enum view_format: an index into the verb's formats */
	const struct bl_style *style;    /* text's colours; NULL for plain */
	int64_t turns;                   /* trace: the turns to play at most */
	struct cli_run *run;             /* to flush a long output as it is written */
};

/*
 * The options every verb that reads instances has, into *c: the pieces
 * (--piece, --piece-file), --max-memory (mem_i; -1 for none), --only and
 * --boj.  c->set is to be released whatever this returns.
 */
static int instance_opts(struct cli_run *r, int only_i, int boj_i, int piece_i, int file_i,
			 int mem_i, struct inst_ctx *c)
{
	int status;

	c->run = r;
	c->fmt.set = &c->set;
	c->fmt.plain = false;
	c->fmt.mistake = GRUNDY_MISTAKE_NONE;
	if ((status = load_set(r, piece_i, file_i, &c->set)) != CLI_OK ||
	    (mem_i >= 0 && (status = cli_opt_bytes(r, mem_i, &c->set.max_bytes)) != CLI_OK) ||
	    (status = only_opt(r, only_i, &c->set, &c->fmt.only)) != CLI_OK)
		return status;
	limits_opt(r, boj_i, &c->lim);
	return CLI_OK;
}

/*
 * The answer, with --explain the explanation flushed every 64 KiB; the end
 * of input checked here, not by cli_run_instances: the message names the count.
 */
static enum bl_code solve_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	const struct inst_ctx *c = vctx;

	return grundy_solve_write(rd, &c->fmt, &c->lim, !c->batch, c->explain, out, drain_out,
				  c->run, err);
}

static int cmd_solve(struct cli_run *r)
{
	struct inst_ctx c = { .batch = cli_flag(r, SOLVE_BATCH),
			      .explain = cli_flag(r, SOLVE_EXPLAIN) };
	int status = instance_opts(r, SOLVE_ONLY, SOLVE_BOJ, SOLVE_PIECE, SOLVE_PIECE_FILE,
				   SOLVE_MEM, &c);

	/* No clone for --jobs: the reading is the work, done once. */
	if (status == CLI_OK)
		status = cli_mistake(r, SOLVE_MISTAKE, c.fmt.only == GRUNDY_PALACE ? "16879" : "16880",
				     (int *)&c.fmt.mistake);
	if (status == CLI_OK)
		status = cli_run_instances(r, c.batch, solve_one, &c);
	grundy_set_release(&c.set);
	return status;
}

/* ---- check ---- */

enum { CHECK_ONLY, CHECK_BOJ, CHECK_BATCH, CHECK_PIECE, CHECK_PIECE_FILE };

static const struct cli_opt check_opts[] = {
	[CHECK_ONLY] = { "only", "LETTER", "every piece is LETTER: lines are 'x y'" },
	[CHECK_BOJ] = BOJ_OPT,
	[CHECK_BATCH] = { "batch", NULL, "any number of instances" },
	[CHECK_PIECE] = PIECE_OPT,
	[CHECK_PIECE_FILE] = PIECE_FILE_OPT,
	CLI_STRICT_OPT,
	{ 0 },
};

/*
 * One instance read and validated (format, counts, coordinates, letters,
 * the end of input): no value is computed, so no table is built, and
 * check is as fast for pieces without a closed form as for the built-ins.
 */
static enum bl_code check_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	const struct inst_ctx *c = vctx;
	int64_t count;
	enum bl_code code = grundy_check(rd, &c->fmt, &c->lim, &count, err);

	(void)out;
	if (code != BL_OK || c->batch)
		return code;
	return grundy_expect_end(rd, &c->fmt, count, err);
}

static int cmd_check(struct cli_run *r)
{
	struct inst_ctx c = { .batch = cli_flag(r, CHECK_BATCH) };
	int status = instance_opts(r, CHECK_ONLY, CHECK_BOJ, CHECK_PIECE, CHECK_PIECE_FILE, -1,
				   &c);

	if (status == CLI_OK)
		status = cli_check_instances(r, c.batch, check_one, &c);
	grundy_set_release(&c.set);
	return status;
}

/* ---- hint ---- */

enum { HINT_ONLY, HINT_BOJ, HINT_BATCH, HINT_FORMAT, HINT_PIECE, HINT_PIECE_FILE, HINT_MEM };

static const struct cli_opt hint_opts[] = {
	[HINT_ONLY] = { "only", "LETTER", "every piece is LETTER: lines are 'x y'" },
	[HINT_BOJ] = BOJ_OPT,
	[HINT_BATCH] = { "batch", NULL, "any number of instances, one hint each" },
	[HINT_FORMAT] = { "format", "FORMAT", "text (the default) or json (one object a line)" },
	[HINT_PIECE] = PIECE_OPT,
	[HINT_PIECE_FILE] = PIECE_FILE_OPT,
	[HINT_MEM] = SET_MEM_OPT,
	{ 0 },
};

static enum bl_code hint_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			     struct bl_err *err)
{
	const struct inst_ctx *c = vctx;

	return grundy_hint_write(rd, &c->fmt, &c->lim, !c->batch, c->format == VIEW_JSON, out,
				 err);
}

static int cmd_hint(struct cli_run *r)
{
	struct inst_ctx c = { .batch = cli_flag(r, HINT_BATCH) };
	int status = cli_opt_choice(r, HINT_FORMAT, cli_formats, &c.format);

	if (status == CLI_OK)
		status = instance_opts(r, HINT_ONLY, HINT_BOJ, HINT_PIECE, HINT_PIECE_FILE, HINT_MEM,
				       &c);
	if (status == CLI_OK)
		status = cli_run_instances(r, c.batch, hint_one, &c);
	grundy_set_release(&c.set);
	return status;
}

/* ---- render and trace: pictures, and a game played out ---- */

#define TRACE_TURNS_MAX 100000

#define COLOR_OPT(what)                                                                    \
	{ "color", "WHEN", "colour " what ": auto (the default: on a terminal, unless "     \
			   "NO_COLOR is set), always or never" }

enum { RENDER_ONLY, RENDER_BOJ, RENDER_FORMAT, RENDER_COLOR, RENDER_PIECE, RENDER_PIECE_FILE,
       RENDER_MEM };

static const struct cli_opt render_opts[] = {
	[RENDER_ONLY] = { "only", "LETTER", "every piece is LETTER: lines are 'x y'" },
	[RENDER_BOJ] = BOJ_OPT,
	[RENDER_FORMAT] = { "format", "FORMAT",
			    "text (the default: the window as a grid), json or svg (heat maps)" },
	[RENDER_COLOR] = COLOR_OPT("the pieces"),
	[RENDER_PIECE] = PIECE_OPT,
	[RENDER_PIECE_FILE] = PIECE_FILE_OPT,
	[RENDER_MEM] = SET_MEM_OPT,
	{ 0 },
};

/* One instance of render and trace: a position read whole, then the verb's view of it. */
static enum bl_code position_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
				 struct bl_err *err)
{
	const struct inst_ctx *c = vctx;
	struct grundy_position pos;
	enum bl_code code = grundy_parse(&pos, rd, &c->fmt, &c->lim, err);

	if (code != BL_OK)
		return code;
	code = c->view(c, &pos, out, err);
	grundy_position_release(&pos);
	return code;
}

static enum bl_code render_view(const struct inst_ctx *c, struct grundy_position *pos,
				struct bl_buf *out, struct bl_err *err)
{
	return grundy_render(c->fmt.set, pos, (enum grundy_view)c->format, c->style, out, err);
}

/* --format and --color of render and trace: only text is coloured. */
static int picture_opts(struct cli_run *r, int format_i, int color_i, const char *const *formats,
			struct inst_ctx *c)
{
	int status;

	if ((status = cli_opt_choice(r, format_i, formats, &c->format)) != CLI_OK ||
	    (status = cli_style(r, color_i, &c->style)) != CLI_OK)
		return status;
	if (c->format != VIEW_TEXT)
		c->style = NULL;
	return CLI_OK;
}

static int cmd_render(struct cli_run *r)
{
	struct inst_ctx c = { .view = render_view };
	int status = picture_opts(r, RENDER_FORMAT, RENDER_COLOR, cli_render_formats, &c);

	if (status == CLI_OK)
		status = instance_opts(r, RENDER_ONLY, RENDER_BOJ, RENDER_PIECE, RENDER_PIECE_FILE,
				       RENDER_MEM, &c);
	if (status == CLI_OK)
		status = cli_run_instances(r, false, position_one, &c);
	grundy_set_release(&c.set);
	return status;
}

enum { TRACE_ONLY, TRACE_BOJ, TRACE_TURNS, TRACE_FORMAT, TRACE_COLOR, TRACE_PIECE,
       TRACE_PIECE_FILE, TRACE_MEM };

static const struct cli_opt trace_opts[] = {
	[TRACE_ONLY] = { "only", "LETTER", "every piece is LETTER: lines are 'x y'" },
	[TRACE_BOJ] = BOJ_OPT,
	[TRACE_TURNS] = { "turns", "T", "stop after T turns, 1 to 100000 (default 200)" },
	[TRACE_FORMAT] = { "format", "FORMAT", "text (the default), json or html (a replay page)" },
	[TRACE_COLOR] = COLOR_OPT("the players"),
	[TRACE_PIECE] = PIECE_OPT,
	[TRACE_PIECE_FILE] = PIECE_FILE_OPT,
	[TRACE_MEM] = SET_MEM_OPT,
	{ 0 },
};

static enum bl_code trace_view(const struct inst_ctx *c, struct grundy_position *pos,
			       struct bl_buf *out, struct bl_err *err)
{
	struct grundy_trace_opts o = { c->turns, "--turns", c->style };   /* names the option */

	return grundy_trace(c->fmt.set, pos, &o, (enum grundy_view)c->format, out, err);
}

static int cmd_trace(struct cli_run *r)
{
	struct inst_ctx c = { .view = trace_view, .turns = GRUNDY_TRACE_TURNS };
	int status = picture_opts(r, TRACE_FORMAT, TRACE_COLOR, cli_trace_formats, &c);

	if (status == CLI_OK)
		status = instance_opts(r, TRACE_ONLY, TRACE_BOJ, TRACE_PIECE, TRACE_PIECE_FILE,
				       TRACE_MEM, &c);
	if (status == CLI_OK)
		status = cli_opt_int(r, TRACE_TURNS, 1, TRACE_TURNS_MAX, &c.turns);
	if (status == CLI_OK)
		status = cli_run_instances(r, false, position_one, &c);
	grundy_set_release(&c.set);
	return status;
}

/* ---- pieces ---- */

enum { PIECES_FORMAT, PIECES_PIECE, PIECES_PIECE_FILE };

static const struct cli_opt pieces_opts[] = {
	[PIECES_FORMAT] = { "format", "FORMAT", "text (the default) or json" },
	[PIECES_PIECE] = PIECE_OPT,
	[PIECES_PIECE_FILE] = PIECE_FILE_OPT,
	{ 0 },
};

static int cmd_pieces(struct cli_run *r)
{
	struct grundy_set set;
	int status, format = 0;

	if ((status = cli_opt_choice(r, PIECES_FORMAT, cli_formats, &format)) != CLI_OK)
		return status;
	if ((status = load_set(r, PIECES_PIECE, PIECES_PIECE_FILE, &set)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	grundy_pieces_write(&set, format == VIEW_JSON, &r->out);
	grundy_set_release(&set);
	return CLI_OK;
}

/* ---- table ---- */

enum { TABLE_SIZE, TABLE_AT, TABLE_WINDOW, TABLE_FORMAT, TABLE_PIECE, TABLE_PIECE_FILE,
       TABLE_MEM };

static const struct cli_opt table_opts[] = {
	[TABLE_SIZE] = { "size", "M", "the table of cells 0 <= x, y < M (default 16)" },
	[TABLE_AT] = { "at", "X,Y", "show only the window whose corner is (X, Y)" },
	[TABLE_WINDOW] = { "window", "W",
			   "show only W x W cells from --at (default 16), or from 0,0 without it" },
	[TABLE_FORMAT] = { "format", "FORMAT", "text (the default), csv or svg (a heat map)" },
	[TABLE_PIECE] = PIECE_OPT,
	[TABLE_PIECE_FILE] = PIECE_FILE_OPT,
	[TABLE_MEM] = TABLE_MEM_OPT,
	{ 0 },
};

static const char *const table_formats[] = { "text", "csv", "svg", NULL };

/*
 * The table of piece p of size m, refused past --max-memory (mem_i) before
 * it is built, into *t (to be released whatever this returns).  Returns the
 * status, printed.
 */
static int build_table(struct cli_run *r, int mem_i, const struct grundy_piece *p, int64_t m,
		       struct grundy_table *t)
{
	size_t max = 0;
	struct bl_err err;
	int status = cli_opt_bytes(r, mem_i, &max);

	bl_err_clear(&err);
	if (status == CLI_OK && (grundy_table_check(p, (int)m, max, &err) != BL_OK ||
				 grundy_table_build(t, p, (int)m, &err) != BL_OK))
		status = cli_report(NULL, &err, 0);
	return status;
}

/* The window --at and --window show of a table of size m, or a usage error. */
static int table_window(struct cli_run *r, int64_t m, int64_t win, struct grundy_window *view)
{
	if (!grundy_window_at(m, r->opt[TABLE_AT], r->opt[TABLE_AT] || r->opt[TABLE_WINDOW] ? win : 0,
			      view))
		return cli_usage(r, "invalid value '%s' for --at: expected X,Y from 0 to %lld",
				 r->opt[TABLE_AT], (long long)(m - 1));
	return CLI_OK;
}

static int cmd_table(struct cli_run *r)
{
	struct grundy_set set = { .n = 0 };
	struct grundy_table t;
	struct grundy_window view;
	int64_t m = 16, win = 16;
	int status, piece = 0, fmt = 0;

	grundy_table_init(&t);
	if ((status = cli_opt_int(r, TABLE_SIZE, 1, GRUNDY_TABLE_MAX, &m)) != CLI_OK ||
	    (status = cli_opt_int(r, TABLE_WINDOW, 1, GRUNDY_TABLE_MAX, &win)) != CLI_OK ||
	    (status = cli_opt_choice(r, TABLE_FORMAT, table_formats, &fmt)) != CLI_OK ||
	    (status = table_window(r, m, win, &view)) != CLI_OK)
		return status;
	if ((status = load_set(r, TABLE_PIECE, TABLE_PIECE_FILE, &set)) == CLI_OK)
		status = piece_arg(r, &set, &piece);
	if (status == CLI_OK && fmt == 2 &&
	    (view.w > GRUNDY_TABLE_SVG_MAX || view.h > GRUNDY_TABLE_SVG_MAX))
		status = cli_usage(r, "an svg heat map shows at most %d x %d cells: use --at X,Y "
				      "and --window W, W <= %d",
				   GRUNDY_TABLE_SVG_MAX, GRUNDY_TABLE_SVG_MAX, GRUNDY_TABLE_SVG_MAX);
	if (status == CLI_OK)
		status = build_table(r, TABLE_MEM, &set.piece[piece], m, &t);
	if (status == CLI_OK)
		grundy_table_write(&t, &set.piece[piece], (enum grundy_table_format)fmt, &view,
				   &r->out, drain_out, r);
	grundy_table_release(&t);
	grundy_set_release(&set);
	return status;
}

/* ---- verify ---- */

enum { VERIFY_SIZE, VERIFY_SHOW, VERIFY_FORMAT, VERIFY_PIECE, VERIFY_PIECE_FILE, VERIFY_MEM };

static const struct cli_opt verify_opts[] = {
	[VERIFY_SIZE] = { "size", "M", "compare on the cells 0 <= x, y < M (default 1024)" },
	[VERIFY_SHOW] = { "show", "K", "list the first K mismatching cells (default 10)" },
	[VERIFY_FORMAT] = { "format", "FORMAT", "text (the default) or json" },
	[VERIFY_PIECE] = PIECE_OPT,
	[VERIFY_PIECE_FILE] = PIECE_FILE_OPT,
	[VERIFY_MEM] = TABLE_MEM_OPT,
	{ 0 },
};

static int cmd_verify(struct cli_run *r)
{
	struct grundy_set set = { .n = 0 };
	struct grundy_table t;
	struct grundy_mismatch bad[100];
	int64_t m = 1024, show = 10, nbad;
	int status, piece = 0, fmt = 0;
	const struct grundy_piece *p = NULL;

	grundy_table_init(&t);
	if ((status = cli_opt_int(r, VERIFY_SIZE, 1, GRUNDY_TABLE_MAX, &m)) != CLI_OK ||
	    (status = cli_opt_int(r, VERIFY_SHOW, 0, 100, &show)) != CLI_OK ||
	    (status = cli_opt_choice(r, VERIFY_FORMAT, cli_formats, &fmt)) != CLI_OK)
		return status;
	if ((status = load_set(r, VERIFY_PIECE, VERIFY_PIECE_FILE, &set)) == CLI_OK &&
	    (status = piece_arg(r, &set, &piece)) == CLI_OK && !(p = &set.piece[piece])->closed)
		status = cli_usage(r, "piece '%c' has no closed form to verify", p->letter);
	if (status == CLI_OK && (status = build_table(r, VERIFY_MEM, p, m, &t)) == CLI_OK) {
		nbad = grundy_verify(p->closed, &t, bad, (int)show);
		grundy_verify_report(p,
				     grundy_closed_words((enum grundy_piece_id)grundy_piece_like(p)),
				     (int)m, nbad, bad, (int)show, fmt == 1, &r->out);
		status = nbad ? CLI_NEGATIVE : CLI_OK;
	}
	grundy_table_release(&t);
	grundy_set_release(&set);
	return status;
}

/* ---- gen ---- */

enum { GEN_SEED, GEN_COUNT, GEN_FIRST, GEN_PIECES, GEN_MAX, GEN_DIST, GEN_ONLY, GEN_BOJ,
       GEN_PIECE, GEN_PIECE_FILE };

/*
 * gen's options: gen_head_opts, grundy_gen_opts (GEN_PIECES on), then
 * grundy_game_opts (GEN_ONLY on).
 */
static const struct cli_opt gen_head_opts[] = {
	[GEN_SEED] = CLI_SEED_OPT,
	[GEN_COUNT] = CLI_COUNT_OPT,
	[GEN_FIRST] = CLI_FIRST_OPT,
	{ 0 },
};

/* The options that shape the instances: gen's, and stress's for gen. */
static const struct cli_opt grundy_gen_opts[] = {
	{ "pieces", "N", "pieces per instance (default: 1 to 10 at random)" },
	{ "max", "C",
	  "largest coordinate (default 999999999; 2999 with --boj --only P; 1023 "
	  "with a piece valued from a table)" },
	CLI_DIST_OPT,
	{ 0 },
};

static int cmd_gen(struct cli_run *r)
{
	struct grundy_set set;
	struct grundy_limits lim;
	struct grundy_gen o;
	struct cli_gen g;
	struct bl_err err;
	int64_t coord_max;
	int status;

	if ((status = cli_gen_range(r, GEN_SEED, GEN_COUNT, GEN_FIRST, &g)) != CLI_OK)
		return status;
	grundy_gen_init(&o);
	if ((status = load_set(r, GEN_PIECE, GEN_PIECE_FILE, &set)) != CLI_OK ||
	    (status = only_opt(r, GEN_ONLY, &set, &o.only)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	limits_opt(r, GEN_BOJ, &lim);
	coord_max = grundy_limits_coord_max(&lim, o.only);
	o.set = &set;
	o.max = grundy_gen_max(&set, &lim, o.only);
	o.drain = drain_out;
	o.drain_ctx = r;
	o.mix = g.dist;
	if ((status = cli_opt_int(r, GEN_PIECES, lim.count_min,
				  lim.count_max < 100000000 ? lim.count_max : 100000000,
				  &o.pieces)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_MAX, 0, coord_max, &o.max)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	bl_err_clear(&err);
	for (int64_t i = g.first; status == CLI_OK && i < g.first + g.count; i++) {
		enum bl_code code = grundy_gen(&o, g.seed, i, &r->out, &err);
		if (code == BL_ERR_IO)
			break;   /* a write error, reported by cli_flush */
		if (code != BL_OK) {
			fprintf(stderr, "boardlab: error: %s\n", err.msg);
			status = CLI_FAIL;
		}
	}
	grundy_set_release(&set);
	return status;
}

/* ---- bench ---- */

static const struct cli_opt bench_opts[] = {
	{ "quick", NULL, "small workloads (a check that every benchmark runs)" },
	{ 0 },
};

static const struct stress_game stress = { "solve", "explain", &bl_shrink_grundy };
static const struct cli_bench bench = { grundy_bench };

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "who wins: koosaga (first player) or cubelover, by the xor of grundy values",
	  "boardlab grundy solve --explain pieces.txt", solve_opts, NULL, NULL },
	{ "hint", cmd_hint, "[FILE]", 1,
	  "a winning move (piece, from, to), or that every move loses",
	  "boardlab grundy hint --piece 'Q = ride(1,0) + ride(0,1) + ride(1,1)' pieces.txt",
	  hint_opts, NULL, NULL },
	{ "trace", cmd_trace, "[FILE]", 1,
	  "a game played out: the winner moves as hint says, the loser a piece's first step: "
	  "text, json or an html replay",
	  "boardlab grundy trace --format html pieces.txt > game.html", trace_opts, NULL, NULL },
	{ "render", cmd_render, "[FILE]", 1,
	  "a picture of the position: a grid, JSON, or an svg of heat maps with the pieces",
	  "boardlab grundy render --format svg pieces.txt > position.svg", render_opts,
	  NULL, NULL },
	{ "pieces", cmd_pieces, "", 0, "the pieces, their rules and closed forms",
	  "boardlab grundy pieces --piece 'A = leap(1,0) + ride(1,1)'", pieces_opts, NULL, NULL },
	{ "table", cmd_table, "PIECE", 1,
	  "a piece's brute-force grundy table: aligned text, csv or an svg heat map",
	  "boardlab grundy table R --size 4096 --at 1000,2000 --window 8", table_opts, NULL, NULL },
	{ "verify", cmd_verify, "PIECE", 1,
	  "a closed form against the brute-force table, with the first mismatching cells",
	  "boardlab grundy verify P --size 2048", verify_opts, NULL, NULL },
	{ "gen", cmd_gen, "", 0, "random valid inputs, reproducible from a seed",
	  "boardlab grundy gen --boj --seed 7 --count 100 | boardlab grundy solve --batch",
	  gen_head_opts, CLI_GROUPS(grundy_gen_opts, grundy_game_opts), NULL },
	{ "check", cmd_check, "[FILE]", 1,
	  "validate an input file (format and limits; no value is computed)",
	  "boardlab grundy check --boj --only P input.txt", check_opts, NULL, NULL },
	JUDGE_VERB("boardlab grundy judge --problem 16880 --jobs 2 -- ./a.out"),
	STRESS_VERB("boardlab grundy stress --problem 16880 --timeout-ms 1000 -- ./a.out",
		    grundy_game_opts, grundy_gen_opts, &stress),
	{ "bench", cli_bench_verb, "", 0,
	  "read 10^7 pieces against a scanf reader; rook and palace tables",
	  "boardlab grundy bench --quick", bench_opts, NULL, &bench },
	{ 0 },
};

const struct cli_game grundy_game = {
	"grundy", "Sprague-Grundy chess pieces racing to a corner (BOJ 16880, 16879)", verbs,
	grundy_demo, example_grundy,
};
