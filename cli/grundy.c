/*
 * grundy commands: solve (BOJ 16880 and, with --only P, 16879), hint,
 * pieces, table, verify, gen, check, bench, and the game's part of the
 * demo.  Every verb that reads pieces takes custom ones with --piece RULES
 * or --piece-file FILE.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "bench.h"
#include "stress.h"
#include "svg_impl.h"
#include "grundy_impl.h"

#include "ref/grundy_ref.h"

/* ---- pieces from the command line ---- */

#define PIECE_FILE_MAX ((size_t)1 << 24)   /* the most bytes of a --piece-file: 16 MiB */

/* Reads a small text file whole; prints the failure and returns CLI_FAIL. */
static int read_file(const char *path, char **text, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 4096, n = 0;
	char *p;

	*text = NULL;
	if (!f) {
		fprintf(stderr, "boardlab: %s: error: cannot open: %s\n", path, strerror(errno));
		return CLI_FAIL;
	}
	if (!(p = malloc(cap))) {
		fclose(f);
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	for (;;) {
		size_t got = fread(p + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
		if (cap - n < 2) {
			/* Room for PIECE_FILE_MAX bytes, a byte more to see a longer file, and NUL. */
			size_t grown = cap * 2 < PIECE_FILE_MAX + 2 ? cap * 2 : PIECE_FILE_MAX + 2;
			char *q = cap >= PIECE_FILE_MAX + 2 ? NULL : realloc(p, grown);
			if (!q) {
				free(p);
				fclose(f);
				if (cap >= PIECE_FILE_MAX + 2)
					fprintf(stderr, "boardlab: %s: error: too large for a piece file "
						"(more than 16 MiB)\n", path);
				else
					fputs("boardlab: error: out of memory\n", stderr);
				return CLI_FAIL;
			}
			p = q;
			cap = grown;
		}
	}
	if (ferror(f)) {
		free(p);
		fclose(f);
		fprintf(stderr, "boardlab: %s: error: cannot read\n", path);
		return CLI_FAIL;
	}
	fclose(f);
	p[n] = '\0';
	*text = p;
	*len = n;
	return CLI_OK;
}

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
		char *text;
		size_t len;
		int status = read_file(v, &text, &len);
		if (status != CLI_OK)
			return status;
		bl_err_clear(&err);
		if (grundy_set_parse(set, text, len, &err) != BL_OK) {
			free(text);
			return cli_report(v, &err, 0);
		}
		free(text);
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

static const char *const format_names[] = { "text", "json", NULL };

static void fail_plain(const struct bl_err *err)
{
	fprintf(stderr, "boardlab: error: %s\n", err->msg);
}

/* ---- solve ---- */

enum { SOLVE_ONLY, SOLVE_BOJ, SOLVE_BATCH, SOLVE_EXPLAIN, SOLVE_PIECE, SOLVE_PIECE_FILE,
       SOLVE_MEM };

#define SET_MEM_OPT CLI_MAX_MEMORY_OPT("the tables of pieces without a closed form")
#define TABLE_MEM_OPT CLI_MAX_MEMORY_OPT("the table")

/*
 * --max-memory of a verb that builds one table of size m for piece p: a
 * table over it is refused before it is built (status 4).
 */
static int table_fits(const struct cli_run *r, int mem_i, const struct grundy_piece *p, int64_t m)
{
	size_t max = 0, need;
	char a[BL_BYTES_TEXT_MAX], b[BL_BYTES_TEXT_MAX];
	int status = cli_opt_bytes(r, mem_i, &max);

	if (status != CLI_OK || !max || (need = grundy_table_bytes(p, (int)m)) <= max)
		return status;
	fprintf(stderr,
		"boardlab: error: a %lld x %lld table of piece '%c' needs %s, more than the %s "
		"allowed (the largest that fits is %d x %d)\n",
		(long long)m, (long long)m, p->letter, bl_bytes_text_up(need, a),
		bl_bytes_text(max, b), grundy_table_fit_in(p, max), grundy_table_fit_in(p, max));
	return CLI_FAIL;
}

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
	{ 0 },
};

struct solve_ctx {
	struct grundy_format fmt;
	bool batch, explain;
	struct cli_run *run;   /* to flush a long explanation as it is written */
};

/* "piece 2: R at (3, 4): 3 xor 4 = 7, xor so far 7" */
static void explain_piece(struct bl_buf *out, const struct grundy_input *in,
			  const struct grundy_stone *s, uint64_t nim)
{
	bl_buf_printf(out, "piece %lld: %c at (%llu, %llu): ", (long long)in->done,
		      grundy_input_letter(in, s->piece), (unsigned long long)s->x,
		      (unsigned long long)s->y);
	grundy_set_describe(in->fmt.set, s->piece, s->x, s->y, s->value, out);
	bl_buf_printf(out, ", xor so far %llu\n", (unsigned long long)nim);
}

static void explain_total(struct bl_buf *out, int64_t count, uint64_t nim)
{
	if (nim)
		bl_buf_printf(out,
			      "xor of %lld value%s = %llu, not 0: koosaga, who moves first, has a "
			      "move to xor 0 and wins\n",
			      (long long)count, count == 1 ? "" : "s", (unsigned long long)nim);
	else
		bl_buf_printf(out,
			      "xor of %lld value%s = 0: every move of koosaga, who moves first, "
			      "leaves a non-zero xor, so cubelover wins\n",
			      (long long)count, count == 1 ? "" : "s");
}

/* Reads one instance for its xor; checks the end of input unless in a batch. */
static enum bl_code read_xor(const struct solve_ctx *ctx, struct bl_reader *rd, uint64_t *nim,
			     int64_t *count, struct bl_err *err)
{
	struct grundy_input in;
	struct grundy_stone s;
	enum bl_code code;
	uint64_t acc = 0;

	if ((code = grundy_input_begin(&in, rd, &ctx->fmt, err)) != BL_OK)
		return code;
	while (in.done < in.count) {
		if ((code = grundy_input_next(&in, &s, err)) != BL_OK)
			return code;
		acc ^= s.value;
	}
	*nim = acc;
	*count = in.count;
	/* Checked here rather than by cli_run_instances: the message names the count. */
	if (!ctx->batch)
		return grundy_input_end(&in, err);
	return BL_OK;
}

/*
 * With --explain the instance is read twice: once for the xor, which the
 * answer line needs first, then again to explain each piece, the output
 * flushed every 64 KiB.  Nothing proportional to N stays in memory, and the
 * second reading cannot fail where the first did not.
 */
static enum bl_code solve_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	const struct solve_ctx *ctx = vctx;
	struct bl_reader again = *rd;
	struct grundy_input in;
	struct grundy_stone s;
	enum bl_code code;
	uint64_t nim = 0, acc = 0;
	int64_t count = 0;

	if ((code = read_xor(ctx, rd, &nim, &count, err)) != BL_OK)
		return code;
	bl_buf_puts(out, grundy_winner(nim));
	bl_buf_putc(out, '\n');
	if (!ctx->explain)
		return BL_OK;
	if ((code = grundy_input_begin(&in, &again, &ctx->fmt, err)) != BL_OK)
		return code;
	while (in.done < in.count) {
		if ((code = grundy_input_next(&in, &s, err)) != BL_OK)
			return code;
		acc ^= s.value;
		explain_piece(out, &in, &s, acc);
		if (out->len >= (1u << 16) && !cli_flush(ctx->run))
			return BL_OK;   /* the write error is reported; the status says so */
	}
	explain_total(out, count, nim);
	return BL_OK;
}

static int cmd_solve(struct cli_run *r)
{
	struct solve_ctx ctx;
	struct grundy_set set;
	int only, status;

	if ((status = load_set(r, SOLVE_PIECE, SOLVE_PIECE_FILE, &set)) != CLI_OK ||
	    (status = cli_opt_bytes(r, SOLVE_MEM, &set.max_bytes)) != CLI_OK ||
	    (status = only_opt(r, SOLVE_ONLY, &set, &only)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	ctx.fmt.only = only;
	ctx.fmt.boj = cli_flag(r, SOLVE_BOJ);
	ctx.fmt.set = &set;
	ctx.fmt.plain = false;
	ctx.batch = cli_flag(r, SOLVE_BATCH);
	ctx.explain = cli_flag(r, SOLVE_EXPLAIN);
	ctx.run = r;
	status = cli_run_instances(r, ctx.batch, solve_one, &ctx);
	grundy_set_release(&set);
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
	const struct solve_ctx *ctx = vctx;
	struct grundy_input in;
	struct grundy_stone s;
	enum bl_code code;

	(void)out;
	if ((code = grundy_input_begin(&in, rd, &ctx->fmt, err)) != BL_OK)
		return code;
	in.validate_only = true;
	while (in.done < in.count)
		if ((code = grundy_input_next(&in, &s, err)) != BL_OK)
			return code;
	return ctx->batch ? BL_OK : grundy_input_end(&in, err);
}

static int cmd_check(struct cli_run *r)
{
	struct solve_ctx ctx;
	struct grundy_set set;
	int only, status;

	if ((status = load_set(r, CHECK_PIECE, CHECK_PIECE_FILE, &set)) != CLI_OK ||
	    (status = only_opt(r, CHECK_ONLY, &set, &only)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	ctx.fmt.only = only;
	ctx.fmt.boj = cli_flag(r, CHECK_BOJ);
	ctx.fmt.set = &set;
	ctx.fmt.plain = false;
	ctx.batch = cli_flag(r, CHECK_BATCH);
	ctx.explain = false;
	ctx.run = r;
	status = cli_check_instances(r, ctx.batch, check_one, &ctx);
	grundy_set_release(&set);
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

struct hint_ctx {
	struct solve_ctx solve;
	bool json;
};

static enum bl_code hint_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			     struct bl_err *err)
{
	const struct hint_ctx *ctx = vctx;
	struct grundy_hint h;
	enum bl_code code;
	const struct grundy_set *set = ctx->solve.fmt.set;

	if ((code = grundy_hint_find(rd, &ctx->solve.fmt, &h, err)) != BL_OK)
		return code;
	if (!ctx->solve.batch && (code = grundy_expect_end(rd, &ctx->solve.fmt, h.count, err)) !=
					 BL_OK)
		return code;
	if (ctx->json) {
		bl_buf_printf(out, "{\"xor\":%llu,\"winner\":", (unsigned long long)h.nim);
		bl_buf_json_str(out, grundy_winner(h.nim));
		if (!h.nim) {
			bl_buf_puts(out, ",\"move\":null}\n");
			return BL_OK;
		}
		bl_buf_printf(out, ",\"move\":{\"piece\":%lld,\"letter\":\"%c\",\"from\":[%llu,%llu],"
			      "\"to\":[%llu,%llu],\"value\":%llu,\"to_value\":%llu}}\n",
			      (long long)h.index, set->piece[h.stone.piece].letter,
			      (unsigned long long)h.stone.x, (unsigned long long)h.stone.y,
			      (unsigned long long)h.tx, (unsigned long long)h.ty,
			      (unsigned long long)h.stone.value, (unsigned long long)h.to);
		return BL_OK;
	}
	if (!h.nim) {
		bl_buf_puts(out, "no winning move: the xor is 0, and every move leaves a non-zero "
				 "xor (cubelover wins against best play)\n");
		return BL_OK;
	}
	bl_buf_printf(out, "move piece %lld (%c) from (%llu, %llu) to (%llu, %llu): value %llu to "
			   "%llu, xor %llu to 0\n",
		      (long long)h.index, set->piece[h.stone.piece].letter,
		      (unsigned long long)h.stone.x, (unsigned long long)h.stone.y,
		      (unsigned long long)h.tx, (unsigned long long)h.ty,
		      (unsigned long long)h.stone.value, (unsigned long long)h.to,
		      (unsigned long long)h.nim);
	return BL_OK;
}

static int cmd_hint(struct cli_run *r)
{
	struct hint_ctx ctx;
	struct grundy_set set;
	int only, status, format = 0;

	if ((status = cli_opt_choice(r, HINT_FORMAT, format_names, &format)) != CLI_OK)
		return status;
	if ((status = load_set(r, HINT_PIECE, HINT_PIECE_FILE, &set)) != CLI_OK ||
	    (status = cli_opt_bytes(r, HINT_MEM, &set.max_bytes)) != CLI_OK ||
	    (status = only_opt(r, HINT_ONLY, &set, &only)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	ctx.json = format == 1;
	ctx.solve.fmt.only = only;
	ctx.solve.fmt.boj = cli_flag(r, HINT_BOJ);
	ctx.solve.fmt.set = &set;
	ctx.solve.fmt.plain = false;
	ctx.solve.batch = cli_flag(r, HINT_BATCH);
	ctx.solve.explain = false;
	ctx.solve.run = r;
	status = cli_run_instances(r, ctx.solve.batch, hint_one, &ctx);
	grundy_set_release(&set);
	return status;
}

/* ---- render and trace: pictures, and a game played out ---- */

#define PIC_STONES_MAX 1000000   /* pieces render and trace hold in memory */
#define TRACE_TURNS_DEFAULT 200
#define TRACE_TURNS_MAX 100000

static const char *const render_formats[] = { "text", "json", "svg", NULL };
static const char *const trace_formats[] = { "text", "json", "html", NULL };
#define COLOR_OPT(what)                                                                    \
	{ "color", "WHEN", "colour " what ": auto (the default: on a terminal, unless "     \
			   "NO_COLOR is set), always or never" }

/* The pieces of one instance, held for a picture or a game. */
struct stones {
	struct grundy_stone *st;
	size_t n;
	uint64_t nim;
};

/*
 * Reads one instance whole into *s (at most PIC_STONES_MAX pieces); the input
 * must end.  The array grows with the pieces actually read, never by the
 * count alone; a count past the limit is checked against the input first
 * (its pieces validated, not stored), so that a count the lines do not
 * bear out is invalid input, not a limit.
 */
static enum bl_code read_stones(struct bl_reader *rd, const struct grundy_format *fmt,
				struct stones *s, struct bl_err *err)
{
	struct grundy_input in;
	struct grundy_stone scratch;
	size_t cap = 0;
	enum bl_code code;

	s->st = NULL;
	s->n = 0;
	s->nim = 0;
	if ((code = grundy_input_begin(&in, rd, fmt, err)) != BL_OK)
		return code;
	if (in.count > PIC_STONES_MAX) {
		in.validate_only = true;
		while (in.done < in.count)
			if ((code = grundy_input_next(&in, &scratch, err)) != BL_OK)
				return code;
		if ((code = grundy_input_end(&in, err)) != BL_OK)
			return code;
		return bl_fail(err, BL_ERR_LIMIT,
			       "render and trace hold at most %d pieces, this input has %lld",
			       PIC_STONES_MAX, (long long)in.count);
	}
	while (in.done < in.count) {
		if (s->n == cap) {
			size_t want = cap ? 2 * cap : 1024;
			struct grundy_stone *p;
			if (want > (size_t)in.count)
				want = (size_t)in.count;
			if (!(p = realloc(s->st, want * sizeof *p)))
				return bl_fail(err, BL_ERR_NOMEM, "out of memory");
			s->st = p;
			cap = want;
		}
		if ((code = grundy_input_next(&in, &s->st[s->n], err)) != BL_OK)
			return code;
		s->nim ^= s->st[s->n++].value;
	}
	return grundy_input_end(&in, err);
}

/* The ANSI colour of the players' names and the pieces' letters. */
#define ANSI_PIECE "\033[1;36m"
#define ANSI_FIRST "\033[1;32m"
#define ANSI_SECOND "\033[1;35m"

static const char *player(int turn)
{
	return turn % 2 ? "koosaga" : "cubelover";
}

static const char *player_ansi(bool color, int turn)
{
	return ansi(color, turn % 2 ? ANSI_FIRST : ANSI_SECOND);
}

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

struct pic_ctx {
	struct grundy_format fmt;
	int format;
	bool color;
	int64_t turns;
};

/* The window as a grid: x down, y across, a piece's letter, '*' for several, '.' for none. */
static void grid_text(const struct stones *s, const struct grundy_set *set, int win, bool color,
		      struct bl_buf *out)
{
	char grid[GRUNDY_PIC_WINDOW][GRUNDY_PIC_WINDOW];
	size_t outside = 0;

	memset(grid, '.', sizeof grid);
	for (size_t i = 0; i < s->n; i++) {
		const struct grundy_stone *st = &s->st[i];
		if (st->x >= (uint64_t)win || st->y >= (uint64_t)win) {
			outside++;
			continue;
		}
		char *g = &grid[st->x][st->y];
		*g = *g == '.' ? set->piece[st->piece].letter : '*';
	}
	bl_buf_puts(out, "x\\y");
	for (int y = 0; y < win; y++)
		bl_buf_printf(out, "%3d", y);
	bl_buf_putc(out, '\n');
	for (int x = 0; x < win; x++) {
		bl_buf_printf(out, "%3d", x);
		for (int y = 0; y < win; y++) {
			if (grid[x][y] == '.')
				bl_buf_puts(out, "  .");
			else
				bl_buf_printf(out, "  %s%c%s", ansi(color, ANSI_PIECE), grid[x][y],
					      ansi(color, ANSI_RESET));
		}
		bl_buf_putc(out, '\n');
	}
	if (outside)
		bl_buf_printf(out, "%zu piece%s outside the window\n", outside,
			      outside == 1 ? "" : "s");
}

static enum bl_code render_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			       struct bl_err *err)
{
	const struct pic_ctx *ctx = vctx;
	struct grundy_set *set = ctx->fmt.set;
	struct stones s;
	enum bl_code code = read_stones(rd, &ctx->fmt, &s, err);
	struct pic_grundy_pos *pos = NULL;
	char caption[160];

	if (code == BL_OK && !(pos = malloc(sizeof *pos)))
		code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	if (code == BL_OK)
		pic_grundy_pos_init(pos, s.st, s.n);
	if (code == BL_OK && ctx->format == 2) {
		snprintf(caption, sizeof caption, "%zu piece%s, xor %llu: %s wins", s.n,
			 s.n == 1 ? "" : "s", (unsigned long long)s.nim, grundy_winner(s.nim));
		code = pic_grundy(set, pos, NULL, NULL, "grundy position", caption, out, err);
	} else if (code == BL_OK && ctx->format == 1) {
		bl_buf_printf(out, "{\"xor\":%llu,\"winner\":\"%s\",\"pieces\":[",
			      (unsigned long long)s.nim, grundy_winner(s.nim));
		for (size_t i = 0; i < s.n; i++)
			bl_buf_printf(out, "%s{\"letter\":\"%c\",\"at\":[%llu,%llu],\"value\":%llu}",
				      i ? "," : "", set->piece[s.st[i].piece].letter,
				      (unsigned long long)s.st[i].x, (unsigned long long)s.st[i].y,
				      (unsigned long long)s.st[i].value);
		bl_buf_puts(out, "]}\n");
	} else if (code == BL_OK) {
		bl_buf_printf(out, "%zu piece%s, xor %llu: %s wins\n", s.n, s.n == 1 ? "" : "s",
			      (unsigned long long)s.nim, grundy_winner(s.nim));
		grid_text(&s, set, pos->win, ctx->color, out);
	}
	free(pos);
	free(s.st);
	return code;
}

/* Reads the options render and trace share; the set is loaded into *set. */
static int pic_opts(struct cli_run *r, int only_i, int boj_i, int format_i, int color_i,
		    int piece_i, int file_i, int mem_i, const char *const *formats,
		    struct grundy_set *set, struct pic_ctx *ctx)
{
	int only, status;

	grundy_set_init(set);
	ctx->format = 0;
	if ((status = cli_opt_choice(r, format_i, formats, &ctx->format)) != CLI_OK ||
	    (status = cli_color(r, color_i, &ctx->color)) != CLI_OK)
		return status;
	ctx->color = ctx->color && ctx->format == 0;
	if ((status = load_set(r, piece_i, file_i, set)) != CLI_OK ||
	    (status = cli_opt_bytes(r, mem_i, &set->max_bytes)) != CLI_OK ||
	    (status = only_opt(r, only_i, set, &only)) != CLI_OK)
		return status;
	ctx->fmt.only = only;
	ctx->fmt.boj = cli_flag(r, boj_i);
	ctx->fmt.set = set;
	ctx->fmt.plain = false;
	return CLI_OK;
}

static int cmd_render(struct cli_run *r)
{
	struct pic_ctx ctx;
	struct grundy_set set;
	int status = pic_opts(r, RENDER_ONLY, RENDER_BOJ, RENDER_FORMAT, RENDER_COLOR, RENDER_PIECE,
			      RENDER_PIECE_FILE, RENDER_MEM, render_formats, &set, &ctx);

	if (status == CLI_OK)
		status = cli_run_instances(r, false, render_one, &ctx);
	grundy_set_release(&set);
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

/* The loser's move: the piece's first move that stays on the board, one step of it. */
static bool first_step(const struct grundy_piece *p, const struct grundy_stone *s, uint64_t *tx,
		       uint64_t *ty)
{
	for (int m = 0; m < p->nmoves; m++) {
		uint64_t dx = (uint64_t)p->moves[m].dx, dy = (uint64_t)p->moves[m].dy;
		if (s->x >= dx && s->y >= dy) {
			*tx = s->x - dx;
			*ty = s->y - dy;
			return true;
		}
	}
	return false;
}

/*
 * The game trace plays, kept so that a turn costs O(log N), not O(N): a
 * tree over the pieces in input order whose nodes hold the OR of their
 * pieces' values and whether any of them can move.  The first piece with
 * bit b set in its value, or the first piece that can move, is one walk
 * down from the root; a move updates one leaf and its ancestors.
 */
struct game {
	struct grundy_set *set;
	struct stones s;
	size_t leaves;       /* a power of two >= s.n */
	uint64_t *value;     /* [2 * leaves]: node k's children are 2k and 2k + 1 */
	bool *movable;       /* [2 * leaves] */
};

static void game_set(struct game *g, size_t i)
{
	const struct grundy_stone *st = &g->s.st[i];
	uint64_t tx, ty;
	size_t k = g->leaves + i;

	g->value[k] = st->value;
	g->movable[k] = first_step(&g->set->piece[st->piece], st, &tx, &ty);
	for (k /= 2; k; k /= 2) {
		g->value[k] = g->value[2 * k] | g->value[2 * k + 1];
		g->movable[k] = g->movable[2 * k] || g->movable[2 * k + 1];
	}
}

static enum bl_code game_init(struct game *g, struct grundy_set *set, const struct stones *s,
			      struct bl_err *err)
{
	g->set = set;
	g->s = *s;
	for (g->leaves = 1; g->leaves < s->n; g->leaves *= 2)
		;
	g->value = calloc(2 * g->leaves, sizeof *g->value);
	g->movable = calloc(2 * g->leaves, sizeof *g->movable);
	if (!g->value || !g->movable)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < s->n; i++) {
		const struct grundy_stone *st = &s->st[i];
		uint64_t tx, ty;
		g->value[g->leaves + i] = st->value;
		g->movable[g->leaves + i] = first_step(&set->piece[st->piece], st, &tx, &ty);
	}
	for (size_t k = g->leaves - 1; k; k--) {
		g->value[k] = g->value[2 * k] | g->value[2 * k + 1];
		g->movable[k] = g->movable[2 * k] || g->movable[2 * k + 1];
	}
	return BL_OK;
}

static void game_release(struct game *g)
{
	free(g->value);
	free(g->movable);
}

/* Whether the player to move can move: a non-zero xor always can. */
static bool game_can_move(const struct game *g)
{
	return g->s.nim || g->movable[1];
}

/*
 * One turn of the game trace plays: the player with a non-zero xor moves
 * as `hint` does (the first piece with a move to value ^ xor, which makes
 * the xor 0: the first piece whose value has the xor's highest bit set);
 * the player facing xor 0 makes the first piece that can move take one
 * step of its first move that stays on the board.  *i is the piece moved,
 * (*tx, *ty) its target; false when no piece can move.
 */
static bool play_turn(struct game *g, size_t *i, uint64_t *tx, uint64_t *ty, enum bl_code *code,
		      struct bl_err *err)
{
	uint64_t nim = g->s.nim, top = nim;
	size_t k = 1;

	*code = BL_OK;
	if (!game_can_move(g))
		return false;
	while (top & (top - 1))
		top &= top - 1;   /* the highest bit of the xor */
	while (k < g->leaves)
		k = nim ? (g->value[2 * k] & top ? 2 * k : 2 * k + 1)
			: (g->movable[2 * k] ? 2 * k : 2 * k + 1);
	*i = k - g->leaves;
	const struct grundy_stone *st = &g->s.st[*i];
	if (!nim) {
		first_step(&g->set->piece[st->piece], st, tx, ty);
		return true;
	}
	if (grundy_move_to(g->set, st, st->value ^ nim, tx, ty, code, err))
		return true;
	if (*code == BL_OK)
		*code = bl_fail(err, BL_ERR_INTERNAL, "no move of piece %zu to value %llu", *i + 1,
				(unsigned long long)(st->value ^ nim));
	return false;
}

static enum bl_code trace_one(void *vctx, struct bl_reader *rd, struct bl_buf *out,
			      struct bl_err *err)
{
	const struct pic_ctx *ctx = vctx;
	struct grundy_set *set = ctx->fmt.set;
	struct stones s;
	struct game g = { 0 };
	struct html_replay h;
	struct pic_grundy_pos *pos = NULL;
	enum bl_code code = read_stones(rd, &ctx->fmt, &s, err);
	int turn;
	char line[300], sub[160];
	bool json = ctx->format == 1, html = ctx->format == 2, ended = false;

	snprintf(sub, sizeof sub, "%zu piece%s, xor %llu: %s, who moves first, %s against best play",
		 s.n, s.n == 1 ? "" : "s", (unsigned long long)s.nim, player(1),
		 s.nim ? "wins" : "loses");
	if (code != BL_OK || (code = game_init(&g, set, &s, err)) != BL_OK)
		goto done;
	if (html) {
		if (!(pos = malloc(sizeof *pos))) {
			code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
			goto done;
		}
		pic_grundy_pos_init(pos, s.st, s.n);
		html_begin(&h, out, "grundy: a game played out", sub);
		code = pic_grundy_defs(set, pos, "heat", out, err);
		if (code == BL_OK && html_frame_begin(&h, "the start")) {
			code = pic_grundy(set, pos, NULL, "heat", "grundy", sub, out, err);
			html_frame_end(&h);
		}
	} else if (json) {
		bl_buf_printf(out, "{\"pieces\":%zu,\"xor\":%llu,\"winner\":\"%s\",\"moves\":[", s.n,
			      (unsigned long long)s.nim, grundy_winner(s.nim));
	} else {
		bl_buf_printf(out, "%s\n", sub);
	}
	for (turn = 1; code == BL_OK && turn <= ctx->turns; turn++) {
		size_t i;
		uint64_t tx, ty, v, nim_before = g.s.nim;
		struct grundy_stone *st;
		if (!play_turn(&g, &i, &tx, &ty, &code, err)) {
			ended = code == BL_OK;
			break;
		}
		st = &s.st[i];
		if ((code = grundy_set_value(set, st->piece, tx, ty, &v, err)) != BL_OK)
			break;
		g.s.nim ^= st->value ^ v;
		snprintf(line, sizeof line,
			 "turn %d: %s moves piece %zu (%c) from (%llu, %llu) to (%llu, %llu): value "
			 "%llu to %llu, xor %llu to %llu",
			 turn, player(turn), i + 1, set->piece[st->piece].letter,
			 (unsigned long long)st->x, (unsigned long long)st->y, (unsigned long long)tx,
			 (unsigned long long)ty, (unsigned long long)st->value,
			 (unsigned long long)v, (unsigned long long)nim_before,
			 (unsigned long long)g.s.nim);
		if (json)
			bl_buf_printf(out, "%s{\"turn\":%d,\"player\":\"%s\",\"piece\":%zu,"
					   "\"letter\":\"%c\",\"from\":[%llu,%llu],\"to\":[%llu,%llu],"
					   "\"value\":%llu,\"to_value\":%llu,\"xor\":%llu}",
				      turn > 1 ? "," : "", turn, player(turn), i + 1,
				      set->piece[st->piece].letter, (unsigned long long)st->x,
				      (unsigned long long)st->y, (unsigned long long)tx,
				      (unsigned long long)ty, (unsigned long long)st->value,
				      (unsigned long long)v, (unsigned long long)g.s.nim);
		else if (!html)
			bl_buf_printf(out, "turn %d: %s%s%s%s\n", turn, player_ansi(ctx->color, turn),
				      player(turn), ansi(ctx->color, ANSI_RESET),
				      strchr(line, ':') + 2 + strlen(player(turn)));
		struct pic_grundy_move mv = { st->piece, st->x, st->y, tx, ty };
		st->x = tx;
		st->y = ty;
		st->value = v;
		game_set(&g, i);
		if (html) {
			pic_grundy_pos_move(pos, st->piece, mv.fx, mv.fy, tx, ty);
			if (html_frame_begin(&h, line)) {
				code = pic_grundy(set, pos, &mv, "heat", "grundy", line, out, err);
				html_frame_end(&h);
			}
		}
	}
	if (code != BL_OK)
		goto done;
	/* --turns T with T the game's length: the game has ended all the same */
	if (!ended && !game_can_move(&g))
		ended = true;
	if (ended)
		snprintf(line, sizeof line, "turn %d: %s cannot move: %s wins", turn, player(turn),
			 player(turn + 1));
	else
		snprintf(line, sizeof line, "stopped after %lld turns (--turns), xor %llu",
			 (long long)ctx->turns, (unsigned long long)g.s.nim);
	if (json) {
		bl_buf_printf(out, "],\"ended\":%s", ended ? "true" : "false");
		if (ended)
			bl_buf_printf(out, ",\"loser\":\"%s\",\"turns\":%d", player(turn), turn - 1);
		bl_buf_puts(out, "}\n");
	} else if (html) {
		if (ended && html_frame_begin(&h, line)) {
			code = pic_grundy(set, pos, NULL, "heat", "grundy", line, out, err);
			html_frame_end(&h);
		}
		html_end(&h, line);
	} else if (ended) {
		bl_buf_printf(out, "turn %d: %s%s%s cannot move: %s wins\n", turn,
			      player_ansi(ctx->color, turn), player(turn),
			      ansi(ctx->color, ANSI_RESET), player(turn + 1));
	} else {
		bl_buf_printf(out, "%s\n", line);
	}
done:
	game_release(&g);
	free(pos);
	free(s.st);
	return code;
}

static int cmd_trace(struct cli_run *r)
{
	struct pic_ctx ctx;
	struct grundy_set set;
	int status = pic_opts(r, TRACE_ONLY, TRACE_BOJ, TRACE_FORMAT, TRACE_COLOR, TRACE_PIECE,
			      TRACE_PIECE_FILE, TRACE_MEM, trace_formats, &set, &ctx);

	ctx.turns = TRACE_TURNS_DEFAULT;
	if (status == CLI_OK)
		status = cli_opt_int(r, TRACE_TURNS, 1, TRACE_TURNS_MAX, &ctx.turns);
	if (status == CLI_OK)
		status = cli_run_instances(r, false, trace_one, &ctx);
	grundy_set_release(&set);
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

static const char *const closed_text[GRUNDY_NPIECES] = {
	[GRUNDY_ROOK] = "x xor y",
	[GRUNDY_BISHOP] = "min(x, y)",
	[GRUNDY_KING] = "2-periodic: 0, 1, 2 or 3 by the parities of x, y and min(x, y)",
	[GRUNDY_KNIGHT] = "3-periodic along the diagonal: 0, 1 or 2 by min(x, y) mod 3 and |x - y|",
	[GRUNDY_PALACE] = "(x + y) mod 3 + 3 ((x div 3) xor (y div 3))",
};

static int cmd_pieces(struct cli_run *r)
{
	struct grundy_set set;
	struct bl_buf rule;
	int status, format = 0;

	if ((status = cli_opt_choice(r, PIECES_FORMAT, format_names, &format)) != CLI_OK)
		return status;
	if ((status = load_set(r, PIECES_PIECE, PIECES_PIECE_FILE, &set)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	bl_buf_init(&rule);
	if (format == 1)
		bl_buf_putc(&r->out, '[');
	for (int i = 0; i < set.n; i++) {
		const struct grundy_piece *p = &set.piece[i];
		int like = p->closed ? grundy_piece_like(p) : -1;
		char closed[160];

		bl_buf_reset(&rule);
		grundy_rule_format(p, &rule);
		if (like < 0)
			snprintf(closed, sizeof closed, "none: a brute-force table, up to %d x %d",
				 grundy_table_fit(p), grundy_table_fit(p));
		else if (i == like)
			snprintf(closed, sizeof closed, "%s", closed_text[like]);
		else
			snprintf(closed, sizeof closed, "the %s's: %s", grundy_builtin(like)->name,
				 closed_text[like]);
		if (format == 1) {
			bl_buf_printf(&r->out, "%s{\"letter\":\"%c\",\"name\":", i ? "," : "",
				      p->letter);
			bl_buf_json_str(&r->out, p->name);
			bl_buf_puts(&r->out, ",\"rule\":");
			bl_buf_json_str(&r->out, rule.data);
			bl_buf_puts(&r->out, ",\"closed\":");
			if (like >= 0)
				bl_buf_json_str(&r->out, closed_text[like]);
			else
				bl_buf_puts(&r->out, "null");
			bl_buf_printf(&r->out, ",\"table_max\":%d}", grundy_table_fit(p));
		} else {
			bl_buf_printf(&r->out, "%-7s %-40s closed form: %s\n", p->name, rule.data,
				      closed);
		}
	}
	if (format == 1)
		bl_buf_puts(&r->out, "]\n");
	bl_buf_release(&rule);
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

#define SVG_MAX 512   /* cells per side of a heat map */

/* "X,Y" with both in [0, max]. */
static bool parse_at(const char *v, int64_t max, int64_t *x, int64_t *y)
{
	const char *comma = strchr(v, ',');
	struct bl_tok t;

	if (!comma)
		return false;
	t.s = v;
	t.len = (size_t)(comma - v);
	if (!bl_tok_int(&t, x) || *x < 0 || *x > max)
		return false;
	t.s = comma + 1;
	t.len = strlen(comma + 1);
	return bl_tok_int(&t, y) && *y >= 0 && *y <= max;
}

/* Writes out what r->out holds once it passes 64 KiB; false after a write error. */
static bool table_flush(struct cli_run *r)
{
	return r->out.len < (1u << 16) || cli_flush(r);
}

/*
 * The view of w columns (y) and h rows (x) from (x0, y0), in format fmt,
 * written out every 64 KiB as it goes: the output is never held whole.
 */
static void put_table(struct cli_run *r, const struct grundy_table *t,
		      const struct grundy_piece *p, int fmt, int x0, int y0, int w, int h)
{
	struct bl_buf *out = &r->out;
	uint32_t vmax = 0;

	for (int x = x0; x < x0 + h; x++)
		for (int y = y0; y < y0 + w; y++)
			if (grundy_table_at(t, x, y) > vmax)
				vmax = grundy_table_at(t, x, y);
	if (fmt == 0) {
		char tmp[24];
		int n = snprintf(tmp, sizeof tmp, "%u", vmax), wx, width = n;
		n = snprintf(tmp, sizeof tmp, "%d", y0 + w - 1);
		width = n > width ? n : width;
		wx = snprintf(tmp, sizeof tmp, "%d", x0 + h - 1);
		wx = wx < 3 ? 3 : wx;
		bl_buf_printf(out, "%*s", wx, "x\\y");
		for (int y = y0; y < y0 + w; y++)
			bl_buf_printf(out, " %*d", width, y);
		bl_buf_putc(out, '\n');
		for (int x = x0; x < x0 + h; x++) {
			bl_buf_printf(out, "%*d", wx, x);
			for (int y = y0; y < y0 + w; y++) {
				bl_buf_printf(out, " %*u", width, grundy_table_at(t, x, y));
				if (!table_flush(r))
					return;
			}
			bl_buf_putc(out, '\n');
		}
		return;
	}
	if (fmt == 1) {
		bl_buf_puts(out, "x\\y");
		for (int y = y0; y < y0 + w; y++)
			bl_buf_printf(out, ",%d", y);
		bl_buf_putc(out, '\n');
		for (int x = x0; x < x0 + h; x++) {
			bl_buf_int(out, x);
			for (int y = y0; y < y0 + w; y++) {
				bl_buf_putc(out, ',');
				bl_buf_int(out, grundy_table_at(t, x, y));
				if (!table_flush(r))
					return;
			}
			bl_buf_putc(out, '\n');
		}
		return;
	}
	/* svg: x grows downward by rows, y rightward by columns, as in the text. */
	int cell = w > h ? 512 / w : 512 / h, top = 24, left = 4, width, cap_w;
	char caption[160];
	cell = cell < 1 ? 1 : cell > 32 ? 32 : cell;
	cap_w = snprintf(caption, sizeof caption,
			 "%c (%s): x %d..%d down, y %d..%d across, values 0..%u", p->letter,
			 p->name, x0, x0 + h - 1, y0, y0 + w - 1, vmax);
	/* At least as wide as the caption: 12 px sans-serif is under 7 px a character. */
	width = left + w * cell + 4;
	width = width < left + 7 * cap_w + 4 ? left + 7 * cap_w + 4 : width;
	bl_buf_printf(out,
		      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		      "shape-rendering=\"crispEdges\">\n",
		      width, top + h * cell + 4);
	bl_buf_printf(out,
		      "<text x=\"%d\" y=\"16\" font-family=\"sans-serif\" font-size=\"12\">%s</text>\n",
		      left, caption);
	for (int x = x0; x < x0 + h; x++)
		for (int y = y0; y < y0 + w; y++) {
			char col[8];
			uint32_t v = grundy_table_at(t, x, y);
			pic_heat(v, vmax, col, sizeof col);
			bl_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">",
				      left + (y - y0) * cell, top + (x - x0) * cell, cell, cell, col);
			bl_buf_printf(out, "<title>(%d, %d): %u</title></rect>\n", x, y, v);
			if (!table_flush(r))
				return;
		}
	bl_buf_puts(out, "</svg>\n");
}

static int cmd_table(struct cli_run *r)
{
	struct grundy_set set;
	struct grundy_table t;
	struct bl_err err;
	int64_t m = 16, win = 16, ax = 0, ay = 0;
	int status, piece, fmt = 0, w, h;

	if ((status = cli_opt_int(r, TABLE_SIZE, 1, GRUNDY_TABLE_MAX, &m)) != CLI_OK ||
	    (status = cli_opt_int(r, TABLE_WINDOW, 1, GRUNDY_TABLE_MAX, &win)) != CLI_OK ||
	    (status = cli_opt_choice(r, TABLE_FORMAT, table_formats, &fmt)) != CLI_OK)
		return status;
	if (r->opt[TABLE_AT] && !parse_at(r->opt[TABLE_AT], m - 1, &ax, &ay))
		return cli_usage(r, "invalid value '%s' for --at: expected X,Y from 0 to %lld",
				 r->opt[TABLE_AT], (long long)(m - 1));
	if ((status = load_set(r, TABLE_PIECE, TABLE_PIECE_FILE, &set)) != CLI_OK ||
	    (status = piece_arg(r, &set, &piece)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	w = h = (int)m;
	/* --window alone is the window at (0, 0). */
	if (r->opt[TABLE_AT] || r->opt[TABLE_WINDOW]) {
		w = (int)(win < m - ay ? win : m - ay);
		h = (int)(win < m - ax ? win : m - ax);
	}
	if (fmt == 2 && (w > SVG_MAX || h > SVG_MAX)) {
		grundy_set_release(&set);
		return cli_usage(r, "an svg heat map shows at most %d x %d cells: use --at X,Y and "
				    "--window W, W <= %d",
				 SVG_MAX, SVG_MAX, SVG_MAX);
	}
	if ((status = table_fits(r, TABLE_MEM, &set.piece[piece], m)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	grundy_table_init(&t);
	bl_err_clear(&err);
	if (grundy_table_build(&t, &set.piece[piece], (int)m, &err) != BL_OK) {
		fail_plain(&err);
		grundy_set_release(&set);
		return CLI_FAIL;
	}
	put_table(r, &t, &set.piece[piece], fmt, (int)ax, (int)ay, w, h);
	grundy_table_release(&t);
	grundy_set_release(&set);
	return CLI_OK;
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
	struct grundy_set set;
	struct grundy_table t;
	struct grundy_mismatch bad[100];
	struct bl_err err;
	int64_t m = 1024, show = 10, nbad;
	int status, piece, fmt = 0, like;
	const struct grundy_piece *p;

	if ((status = cli_opt_int(r, VERIFY_SIZE, 1, GRUNDY_TABLE_MAX, &m)) != CLI_OK ||
	    (status = cli_opt_int(r, VERIFY_SHOW, 0, 100, &show)) != CLI_OK ||
	    (status = cli_opt_choice(r, VERIFY_FORMAT, format_names, &fmt)) != CLI_OK)
		return status;
	if ((status = load_set(r, VERIFY_PIECE, VERIFY_PIECE_FILE, &set)) != CLI_OK ||
	    (status = piece_arg(r, &set, &piece)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	p = &set.piece[piece];
	if (!p->closed) {
		grundy_set_release(&set);
		return cli_usage(r, "piece '%c' has no closed form to verify", p->letter);
	}
	like = grundy_piece_like(p);
	if ((status = table_fits(r, VERIFY_MEM, p, m)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	grundy_table_init(&t);
	bl_err_clear(&err);
	if (grundy_table_build(&t, p, (int)m, &err) != BL_OK) {
		fail_plain(&err);
		grundy_set_release(&set);
		return CLI_FAIL;
	}
	nbad = grundy_verify(p->closed, &t, bad, (int)show);
	grundy_verify_report(&r->out, p, closed_text[like], (int)m, nbad, bad, (int)show, fmt == 1);
	grundy_table_release(&t);
	grundy_set_release(&set);
	return nbad ? CLI_NEGATIVE : CLI_OK;
}

/* ---- gen ---- */

enum { GEN_SEED, GEN_COUNT, GEN_FIRST, GEN_PIECES, GEN_MAX, GEN_ONLY, GEN_BOJ, GEN_PIECE,
       GEN_PIECE_FILE };

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
	{ 0 },
};

/*
 * A coordinate: mostly uniform in [0, max], but 0 (an edge) one time in
 * eight and max one time in sixteen, where the closed forms have their
 * special cases.
 */
static uint64_t gen_coord(struct bl_rng *rng, int64_t max)
{
	uint64_t k = bl_rng_below(rng, 16);

	if (k < 2)
		return 0;
	if (k == 2)
		return (uint64_t)max;
	return (uint64_t)bl_rng_range(rng, 0, max);
}

#define GEN_TABLE_MAX 1023   /* default largest coordinate with a table-valued piece */

static int cmd_gen(struct cli_run *r)
{
	struct grundy_set set;
	struct grundy_format f;
	struct grundy_limits lim;
	struct cli_gen g;
	int64_t npieces = -1, max;
	int status, only;

	if ((status = cli_gen_range(r, GEN_SEED, GEN_COUNT, GEN_FIRST, &g)) != CLI_OK)
		return status;
	if ((status = load_set(r, GEN_PIECE, GEN_PIECE_FILE, &set)) != CLI_OK ||
	    (status = only_opt(r, GEN_ONLY, &set, &only)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	f.only = only;
	f.boj = cli_flag(r, GEN_BOJ);
	f.set = &set;
	f.plain = false;
	lim = grundy_format_limits(&f);
	max = lim.coord_max < GRUNDY_BOJ_COORD_MAX ? lim.coord_max : GRUNDY_BOJ_COORD_MAX;
	/* Pieces valued from tables stay where a table is quick, unless --max says. */
	for (int i = GRUNDY_NPIECES; i < set.n; i++)
		if (!set.piece[i].closed && max > GEN_TABLE_MAX)
			max = GEN_TABLE_MAX;
	if ((status = cli_opt_int(r, GEN_PIECES, lim.count_min,
				  lim.count_max < 100000000 ? lim.count_max : 100000000,
				  &npieces)) != CLI_OK ||
	    (status = cli_opt_int(r, GEN_MAX, 0, lim.coord_max, &max)) != CLI_OK) {
		grundy_set_release(&set);
		return status;
	}
	for (int64_t i = g.first; i < g.first + g.count; i++) {
		struct bl_rng rng;
		int64_t n;

		bl_rng_init_stream(&rng, g.seed, (uint64_t)i);
		n = npieces >= 0 ? npieces : bl_rng_range(&rng, 1, 10);
		bl_buf_int(&r->out, n);
		bl_buf_putc(&r->out, '\n');
		for (int64_t k = 0; k < n; k++) {
			uint64_t x = gen_coord(&rng, max), y;
			/* Near the diagonal one time in four: the knight's and king's cases. */
			if (bl_rng_below(&rng, 4) == 0) {
				int64_t d = bl_rng_range(&rng, -2, 2);
				y = (int64_t)x + d < 0 ? 0 : (uint64_t)((int64_t)x + d);
				y = y > (uint64_t)max ? (uint64_t)max : y;
			} else {
				y = gen_coord(&rng, max);
			}
			bl_buf_printf(&r->out, "%llu %llu", (unsigned long long)x,
				      (unsigned long long)y);
			if (only == GRUNDY_MIXED)
				bl_buf_printf(&r->out, " %c",
					      set.piece[bl_rng_below(&rng, (uint64_t)set.n)].letter);
			bl_buf_putc(&r->out, '\n');
			if (r->out.len >= (1u << 16) && !cli_flush(r))
				goto done;
		}
	}
done:
	grundy_set_release(&set);
	return CLI_OK;
}

/* ---- bench ---- */

enum { BENCH_QUICK };

static const struct cli_opt bench_opts[] = {
	[BENCH_QUICK] = { "quick", NULL, "small workloads (a check that every benchmark runs)" },
	{ 0 },
};

/* n random 16880 lines "x y c" after the count, from a fixed seed. */
static char *bench_text(int64_t n, size_t *len)
{
	struct bl_buf b;
	struct bl_rng rng;

	bl_buf_init(&b);
	bl_rng_init(&rng, 16880);
	bl_buf_int(&b, n);
	bl_buf_putc(&b, '\n');
	for (int64_t i = 0; i < n; i++) {
		bl_buf_int(&b, bl_rng_range(&rng, 0, GRUNDY_BOJ_COORD_MAX));
		bl_buf_putc(&b, ' ');
		bl_buf_int(&b, bl_rng_range(&rng, 0, GRUNDY_BOJ_COORD_MAX));
		bl_buf_putc(&b, ' ');
		bl_buf_putc(&b, "RBKNP"[bl_rng_below(&rng, 5)]);
		bl_buf_putc(&b, '\n');
	}
	if (bl_buf_failed(&b)) {
		bl_buf_release(&b);
		return NULL;
	}
	*len = b.len;
	return b.data;
}

static int cmd_bench(struct cli_run *r)
{
	bool quick = cli_flag(r, BENCH_QUICK);
	int64_t n = quick ? 100000 : 10000000;
	static const int full_sizes[] = { 2048, 4096, 8192 }, quick_sizes[] = { 256, 512, 1024 };
	const int *sizes = quick ? quick_sizes : full_sizes;
	struct bl_reader rd;
	struct bl_err err;
	size_t len;
	uint64_t t0, t1, t2, nim = 0;
	long long ref_nim;
	long ref_count = 0;
	char *text = bench_text(n, &len), what[64];
	double ours, ref;

	if (!text) {
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	bench_head(&r->out, "grundy bench");
	bl_err_clear(&err);
	bl_reader_init(&rd, text, len);
	struct grundy_format f = { GRUNDY_MIXED, false, NULL, false };
	t0 = bench_now_ns();
	enum bl_code code = grundy_solve(&rd, &f, &nim, &err);
	t1 = bench_now_ns();
	ref_nim = grundy_ref_scan(text, len, &ref_count);
	t2 = bench_now_ns();
	free(text);
	if (code != BL_OK || ref_nim < 0 || (uint64_t)ref_nim != nim || ref_count != n) {
		fprintf(stderr, "boardlab: error: grundy bench: the reader and the scanf reference "
				"disagree on %lld pieces (xor %llu and %lld)\n",
			(long long)n, (unsigned long long)nim, ref_nim);
		return CLI_FAIL;
	}
	ours = (double)(t1 - t0) / 1e9;
	ref = (double)(t2 - t1) / 1e9;
	snprintf(what, sizeof what, "read %lld pieces (16880), MB/s", (long long)n);
	bench_row(&r->out, what, "MB/s", (double)len / 1e6 / ours, (double)len / 1e6 / ref, true);
	snprintf(what, sizeof what, "read %lld pieces (16880), pieces/s", (long long)n);
	bench_row(&r->out, what, "pieces/s", (double)n / ours, (double)n / ref, true);
	for (int k = 0; k < 2; k++) {
		enum grundy_piece_id id = k ? GRUNDY_PALACE : GRUNDY_ROOK;
		for (int i = 0; i < 3; i++) {
			struct grundy_table t;
			int m = sizes[i];
			grundy_table_init(&t);
			t0 = bench_now_ns();
			code = grundy_table_build(&t, grundy_builtin(id), m, &err);
			t1 = bench_now_ns();
			if (code != BL_OK) {
				fail_plain(&err);
				return CLI_FAIL;
			}
			/* The table must agree with the reference's formula (sampled: every 7th cell). */
			for (int64_t c = 0; c < (int64_t)m * m; c += 7) {
				int x = (int)(c / m), y = (int)(c % m);
				if (grundy_table_at(&t, x, y) !=
				    (uint64_t)grundy_ref_formula("RP"[k], x, y)) {
					fprintf(stderr,
						"boardlab: error: grundy bench: the %s table disagrees "
						"with the reference at (%d, %d)\n",
						grundy_builtin(id)->name, x, y);
					grundy_table_release(&t);
					return CLI_FAIL;
				}
			}
			grundy_table_release(&t);
			snprintf(what, sizeof what, "%s table %d x %d", grundy_builtin(id)->name, m, m);
			bench_row(&r->out, what, "s", (double)(t1 - t0) / 1e9, 0, false);
		}
	}
	bench_note(&r->out, "reference reader: fscanf(\"%%lld %%lld %%c\") over the same text "
				"(fmemopen), the xor by the reference's formulas");
	bench_note(&r->out, "tables: no reference timing (the plain mex is cubic); each table "
				"is checked against the reference's formulas");
	return CLI_OK;
}

/* ---- demo ---- */

static int demo(struct bl_buf *out)
{
	struct bl_reader rd;
	struct bl_err err;
	struct grundy_input in;
	struct grundy_stone s;
	struct grundy_format fmt = { GRUNDY_MIXED, true, NULL, false };
	struct bl_buf how;
	uint64_t nim = 0;
	int status = CLI_OK;

	bl_err_clear(&err);
	bl_buf_init(&how);
	bl_reader_init(&rd, example_grundy, strlen(example_grundy));
	bl_buf_puts(out,
		    "Pieces on a quarter-plane board move only toward (0, 0), one piece a move;\n"
		    "who cannot move loses.  Each piece is worth its grundy value and the\n"
		    "position the xor of them: koosaga, who moves first, wins exactly when the\n"
		    "xor is not 0.  The example (BOJ 16880 format, examples/grundy.txt):\n\n");
	bl_buf_printf(out, "  %9s  %9s  %-8s %-38s %11s\n", "x", "y", "piece", "grundy value",
		      "xor so far");
	if (grundy_input_begin(&in, &rd, &fmt, &err) != BL_OK)
		goto fail;
	while (in.done < in.count) {
		if (grundy_input_next(&in, &s, &err) != BL_OK)
			goto fail;
		nim ^= s.value;
		bl_buf_reset(&how);
		grundy_describe((enum grundy_piece_id)s.piece, s.x, s.y, &how);
		bl_buf_printf(out, "  %9llu  %9llu  %c %-6s %-38s %11llu\n",
			      (unsigned long long)s.x, (unsigned long long)s.y,
			      grundy_builtin((enum grundy_piece_id)s.piece)->letter,
			      grundy_builtin((enum grundy_piece_id)s.piece)->name,
			      how.data ? how.data : "", (unsigned long long)nim);
	}
	if (bl_expect_eof(&rd, &err) != BL_OK)
		goto fail;
	bl_buf_printf(out, "\nanswer: %s (the xor is %s0)\n", grundy_winner(nim), nim ? "not " : "");
	bl_buf_puts(out, "'boardlab grundy solve --explain FILE' explains any input this way\n");
	bl_buf_release(&how);
	return status;
fail:
	cli_report("examples/grundy.txt", &err, 0);
	bl_buf_release(&how);
	return CLI_FAIL;
}

static const struct stress_game stress = { "solve", "explain", grundy_shrink };

static const struct cli_verb verbs[] = {
	{ "solve", cmd_solve, "[FILE]", 1,
	  "who wins: koosaga (first player) or cubelover, by the xor of grundy values",
	  "boardlab grundy solve --explain pieces.txt", solve_opts, NULL, NULL },
	{ "hint", cmd_hint, "[FILE]", 1,
	  "a winning move (piece, from, to), or that every move loses",
	  "boardlab grundy hint --piece 'Q = ride(1,0) + ride(0,1) + ride(1,1)' pieces.txt",
	  hint_opts, NULL, NULL },
	{ "trace", cmd_trace, "[FILE]", 1,
	  "a game played out: the winner moves as hint says, the loser a piece's first step",
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
	STRESS_VERB("boardlab grundy stress --problem 16880 --timeout-ms 1000 -- ./a.out",
		    grundy_game_opts, grundy_gen_opts, &stress),
	{ "bench", cmd_bench, "", 0,
	  "read 10^7 pieces against a scanf reader; rook and palace tables",
	  "boardlab grundy bench --quick", bench_opts, NULL, NULL },
	{ 0 },
};

const struct cli_game grundy_game = {
	"grundy", "Sprague-Grundy chess pieces racing to a corner (BOJ 16880, 16879)", verbs,
	demo,
};
