/*
 * yut boards, the whole of them: the built-in board, the checks, a move
 * along the arrows, and the board as text (the parser with a diagnostic
 * per fault, the writer).  The rest of the module calls down into this
 * file, never the other way.
 */
#include "yut_impl.h"
#include "boardlab/suggest.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The characters of a cell name: ASCII letters, digits, '_' and '-', so
 * that names never run into the punctuation of pictures, plans and --at.
 */
static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-';
}

/*
 * Looks for a cycle of arrows (red and blue) on a board whose arrows all
 * lead to cells.  Returns 0 when there is none; else the length k of one
 * cycle, its cells in path[0..k) (path[i] has an arrow to path[i + 1], and
 * path[k - 1] to path[0]).  path has room for YUT_MAX_CELLS.
 */
static int board_cycle(const struct yut_board *b, int *path)
{
	/* Iterative depth-first search: path holds the grey cells, in order. */
	unsigned char colour[YUT_MAX_CELLS] = { 0 };   /* 0 new, 1 on the path, 2 done */
	unsigned char next[YUT_MAX_CELLS];             /* arrows of path[i] tried: 0 red, 1 blue */

	for (int root = 0; root < b->ncells; root++) {
		int depth = 0;
		if (colour[root])
			continue;
		path[depth] = root;
		next[depth++] = 0;
		colour[root] = 1;
		while (depth > 0) {
			int c = path[depth - 1];
			int k = next[depth - 1]++;
			if (k > 1) {
				colour[c] = 2;
				depth--;
				continue;
			}
			int to = k == 0 ? b->cells[c].red : b->cells[c].blue;
			if (to == YUT_NONE || colour[to] == 2)
				continue;
			if (colour[to] == 1) {
				int i = 0;
				while (path[i] != to)
					i++;
				memmove(path, path + i, (size_t)(depth - i) * sizeof *path);
				return depth - i;
			}
			colour[to] = 1;
			path[depth] = to;
			next[depth++] = 0;
		}
	}
	return 0;
}

/* Cell indices of the built-in board, in the order of its table. */
enum {
	B_START = 0,              /* 1..20: the outer ring 2..40 */
	B_OUTER10 = 5, B_OUTER20 = 10, B_OUTER30 = 15, B_OUTER40 = 20,
	B_D13 = 21, B_D16, B_D19, /* the diagonal from 10 */
	B_D22, B_D24,             /* from 20 */
	B_D28, B_D27, B_D26,      /* from 30 */
	B_C25, B_C30, B_C35,      /* the centre, shared by the three */
	B_END,
	B_NCELLS
};

#define RING(k) { #k, k, (k) / 2 + 1, YUT_NONE }
#define RING_BLUE(k, to) { #k, k, (k) / 2 + 1, to }

static const struct yut_board builtin = {
	B_NCELLS, B_START, B_END,
	{
		{ "start", 0, 1, YUT_NONE },
		RING(2), RING(4), RING(6), RING(8), RING_BLUE(10, B_D13),
		RING(12), RING(14), RING(16), RING(18), RING_BLUE(20, B_D22),
		RING(22), RING(24), RING(26), RING(28), RING_BLUE(30, B_D28),
		RING(32), RING(34), RING(36), RING(38), { "40", 40, B_END, YUT_NONE },
		{ "d13", 13, B_D16, YUT_NONE },
		{ "d16", 16, B_D19, YUT_NONE },
		{ "d19", 19, B_C25, YUT_NONE },
		{ "d22", 22, B_D24, YUT_NONE },
		{ "d24", 24, B_C25, YUT_NONE },
		{ "d28", 28, B_D27, YUT_NONE },
		{ "d27", 27, B_D26, YUT_NONE },
		{ "d26", 26, B_C25, YUT_NONE },
		{ "c25", 25, B_C30, YUT_NONE },
		{ "c30", 30, B_C35, YUT_NONE },
		{ "c35", 35, B_OUTER40, YUT_NONE },
		{ "end", 0, YUT_NONE, YUT_NONE },
	},
};

const struct yut_board *yut_board_builtin(void)
{
	return &builtin;
}

static bool is_cell(const struct yut_board *b, int c)
{
	return c >= 0 && c < b->ncells;
}

/* What the search relies on, in time linear in the cells (yut_impl.h). */
enum bl_code yut_board_check_arrows(const struct yut_board *b, struct bl_err *err)
{
	if (b->ncells < 2 || b->ncells > YUT_MAX_CELLS)
		return bl_fail(err, BL_ERR_ARG, "expected 2 to %d cells on a board, found %d",
			       YUT_MAX_CELLS, b->ncells);
	if (!is_cell(b, b->start) || !is_cell(b, b->end) || b->start == b->end)
		return bl_fail(err, BL_ERR_ARG, "expected distinct start and end cells");
	for (int i = 0; i < b->ncells; i++) {
		const struct yut_cell *c = &b->cells[i];
		if (!memchr(c->name, '\0', sizeof c->name) || !c->name[0])
			return bl_fail(err, BL_ERR_ARG, "cell %d has no name", i);
		for (const char *n = c->name; *n; n++)
			if (!name_char(*n))
				return bl_fail(err, BL_ERR_ARG,
					       "cell %d's name has a character other than a "
					       "letter, digit, '_' or '-'",
					       i);
		if (c->score < 0 || c->score > YUT_SCORE_MAX)
			return bl_fail(err, BL_ERR_ARG, "cell '%s' has score %d, expected 0 to %d",
				       c->name, c->score, YUT_SCORE_MAX);
		if (i == b->end) {
			if (c->score != 0)
				return bl_fail(err, BL_ERR_ARG,
					       "end cell '%s' has score %d, expected 0", c->name,
					       c->score);
			if (c->red != YUT_NONE || c->blue != YUT_NONE)
				return bl_fail(err, BL_ERR_ARG, "end cell '%s' has an arrow",
					       c->name);
			continue;
		}
		if (!is_cell(b, c->red))
			return bl_fail(err, BL_ERR_ARG, "cell '%s' has no red arrow to a cell",
				       c->name);
		if (c->blue != YUT_NONE && !is_cell(b, c->blue))
			return bl_fail(err, BL_ERR_ARG, "cell '%s' has a blue arrow to no cell",
				       c->name);
	}
	return BL_OK;
}

enum bl_code yut_board_check(const struct yut_board *b, struct bl_err *err)
{
	enum bl_code code = yut_board_check_arrows(b, err);
	if (code != BL_OK)
		return code;
	for (int i = 1; i < b->ncells; i++)
		for (int j = 0; j < i; j++)
			if (strcmp(b->cells[j].name, b->cells[i].name) == 0)
				return bl_fail(err, BL_ERR_ARG, "two cells are called '%s'",
					       b->cells[i].name);
	int path[YUT_MAX_CELLS];
	if (board_cycle(b, path))
		return bl_fail(err, BL_ERR_ARG, "the arrows go round in a cycle through '%s'",
			       b->cells[path[0]].name);
	return BL_OK;
}

int yut_board_find(const struct yut_board *b, const char *name)
{
	for (int i = 0; i < b->ncells; i++)
		if (strcmp(b->cells[i].name, name) == 0)
			return i;
	return YUT_NONE;
}

/* " (did you mean 'c25'?)" for a cell typed as typed, into buf; or "". */
static const char *nearest_cell(const struct yut_board *b, const char *typed, char *buf,
				size_t cap)
{
	struct bl_suggest near;

	bl_suggest_init(&near, typed);
	for (int i = 0; i < b->ncells; i++)
		bl_suggest_add(&near, b->cells[i].name);
	return bl_suggest_text(&near, "", buf, cap);
}

enum bl_code yut_cells_parse(const struct yut_board *b, const char *text,
			     int cells[YUT_MAX_HORSES], int *horses, struct bl_err *err)
{
	int n = 0;

	for (;;) {
		size_t len = strcspn(text, ",");
		char name[YUT_NAME_MAX] = "", more[BL_SUGGEST_TEXT_MAX];
		int c = YUT_NONE;

		if (n == YUT_MAX_HORSES)
			return bl_fail(err, BL_ERR_ARG, "more than %d horses", YUT_MAX_HORSES);
		if (len > 0 && len < sizeof name) {
			memcpy(name, text, len);
			name[len] = '\0';
			c = yut_board_find(b, name);
		}
		if (c == YUT_NONE)
			return bl_fail(err, BL_ERR_ARG, "no cell '%.*s' on the board%s", (int)len, text,
				       nearest_cell(b, name, more, sizeof more));
		cells[n++] = c;
		if (!text[len])
			break;
		text += len + 1;
	}
	*horses = n;
	return BL_OK;
}

int yut_board_step(const struct yut_board *b, int from, int die)
{
	int c = from;

	assert(is_cell(b, from) && die >= 1);
	for (int s = 0; s < die && c != b->end; s++) {
		const struct yut_cell *cell = &b->cells[c];
		c = s == 0 && cell->blue != YUT_NONE ? cell->blue : cell->red;
	}
	return c;
}

int yut_try_move(const struct yut_board *b, const int *cells, int horses, int horse, int die)
{
	if (cells[horse] == b->end)
		return YUT_NONE;
	int to = yut_board_step(b, cells[horse], die);
	if (to != b->end)
		for (int j = 0; j < horses; j++)
			if (j != horse && cells[j] == to)
				return YUT_NONE;
	return to;
}

enum bl_code yut_position_check(const struct yut_board *b, const int *cells, int horses,
				struct bl_err *err)
{
	for (int i = 0; i < horses; i++) {
		if (!is_cell(b, cells[i]))
			return bl_fail(err, BL_ERR_ARG, "horse %d is on no cell", i + 1);
		for (int j = 0; j < i; j++)
			if (cells[j] == cells[i] && cells[i] != b->start && cells[i] != b->end)
				return bl_fail(err, BL_ERR_ARG, "horses %d and %d are both on '%s'",
					       j + 1, i + 1, b->cells[cells[i]].name);
	}
	return BL_OK;
}

/* Where each cell's tokens are, for the faults found after the last line. */
struct parse {
	struct bl_tok name[YUT_MAX_CELLS];       /* the cell's name on its cell line */
	struct bl_tok score[YUT_MAX_CELLS];      /* its score */
	struct bl_tok next[YUT_MAX_CELLS][2];    /* its arrows' NEXT: red, blue; len 0 for none */
	struct bl_tok colour[YUT_MAX_CELLS][2];  /* the words 'red' and 'blue' */
	struct bl_tok start, end;                /* the names on the start and end lines */
};

static const char *const colour_name[2] = { "red", "blue" };

#define NAME_WHAT "a cell name (1 to 15 letters, digits, '_' or '-')"

static bool tok_is(const struct bl_tok *t, const char *word)
{
	return t->len == strlen(word) && memcmp(t->s, word, t->len) == 0;
}

static bool valid_name(const struct bl_tok *t)
{
	if (t->len == 0 || t->len >= YUT_NAME_MAX)
		return false;
	for (size_t i = 0; i < t->len; i++)
		if (!name_char(t->s[i]))
			return false;
	return true;
}

/* Skips what is left of line `line` (a comment). */
static void skip_line(struct bl_reader *r, int line)
{
	struct bl_tok t;
	while (bl_reader_peek(r, &t) && t.line == line)
		bl_reader_next(r, &t);
}

/*
 * The next token of line `line` into *t; false at the end of the line, a
 * comment included.
 */
static bool line_next(struct bl_reader *r, int line, struct bl_tok *t)
{
	if (!bl_reader_peek(r, t) || t->line != line)
		return false;
	if (t->s[0] == '#') {
		skip_line(r, line);
		return false;
	}
	bl_reader_next(r, t);
	return true;
}

/* "expected WHAT, found end of line" just past the last token read. */
static enum bl_code fail_eol(const struct bl_reader *r, struct bl_err *err, const char *what)
{
	int line, col;
	bl_reader_end_pos(r, &line, &col);
	return bl_fail_at(err, BL_ERR_INPUT, line, col, "expected %s, found end of line", what);
}

static enum bl_code read_name(struct bl_reader *r, int line, struct bl_tok *t,
			      struct bl_err *err)
{
	if (!line_next(r, line, t))
		return fail_eol(r, err, NAME_WHAT);
	if (!valid_name(t))
		return bl_fail_tok(t, err, NAME_WHAT);
	return BL_OK;
}

static enum bl_code expect_eol(struct bl_reader *r, int line, struct bl_err *err)
{
	struct bl_tok t;
	if (line_next(r, line, &t))
		return bl_fail_tok(&t, err, "end of line");
	return BL_OK;
}

/* The start or end line: its name, once. */
static enum bl_code read_end_line(struct bl_reader *r, const struct bl_tok *kw, struct bl_tok *slot,
				  struct bl_err *err)
{
	struct bl_tok t;
	enum bl_code code;

	if (slot->len)
		return bl_fail_at(err, BL_ERR_INPUT, kw->line, kw->col,
				  "a second '%.*s' line (the first is line %d)", (int)kw->len,
				  kw->s, slot->line);
	if ((code = read_name(r, kw->line, &t, err)) != BL_OK)
		return code;
	*slot = t;
	return expect_eol(r, kw->line, err);
}

static enum bl_code read_cell(struct yut_board *b, struct parse *p, struct bl_reader *r,
			      const struct bl_tok *kw, struct bl_err *err)
{
	struct bl_tok t;
	int64_t score;
	int line = kw->line, i = b->ncells;
	enum bl_code code;

	if (i == YUT_MAX_CELLS)
		return bl_fail_at(err, BL_ERR_INPUT, kw->line, kw->col, "more than %d cells",
				  YUT_MAX_CELLS);
	if ((code = read_name(r, line, &t, err)) != BL_OK)
		return code;
	for (int j = 0; j < i; j++)
		if (p->name[j].len == t.len && memcmp(p->name[j].s, t.s, t.len) == 0)
			return bl_fail_at(err, BL_ERR_INPUT, t.line, t.col,
					  "cell '%s' is defined twice (first on line %d)",
					  b->cells[j].name, p->name[j].line);
	p->name[i] = t;
	memcpy(b->cells[i].name, t.s, t.len);
	b->cells[i].name[t.len] = '\0';

	char what[64];
	snprintf(what, sizeof what, "a score 0 to %d", YUT_SCORE_MAX);
	if (!line_next(r, line, &t))
		return fail_eol(r, err, what);
	if (!bl_tok_int(&t, &score) || score < 0 || score > YUT_SCORE_MAX)
		return bl_fail_tok(&t, err, what);
	b->cells[i].score = (int)score;
	p->score[i] = t;
	b->cells[i].red = b->cells[i].blue = YUT_NONE;
	p->next[i][0].len = p->next[i][1].len = 0;

	while (line_next(r, line, &t)) {
		int k = tok_is(&t, "red") ? 0 : tok_is(&t, "blue") ? 1 : -1;
		if (k < 0)
			return bl_fail_tok(&t, err, "'red' or 'blue'");
		if (p->next[i][k].len)
			return bl_fail_at(err, BL_ERR_INPUT, t.line, t.col,
					  "two %s arrows from cell '%s'", colour_name[k],
					  b->cells[i].name);
		p->colour[i][k] = t;
		if ((code = read_name(r, line, &p->next[i][k], err)) != BL_OK)
			return code;
	}
	b->ncells++;
	return BL_OK;
}

/* The cell called t, or an "unknown cell" fault at t. */
static enum bl_code resolve(const struct yut_board *b, const struct parse *p,
			    const struct bl_tok *t, int *cell, struct bl_err *err)
{
	for (int j = 0; j < b->ncells; j++) {
		if (p->name[j].len == t->len && memcmp(p->name[j].s, t->s, t->len) == 0) {
			*cell = j;
			return BL_OK;
		}
	}
	char q[BL_TOK_QUOTE_MAX], more[BL_SUGGEST_TEXT_MAX];
	bl_tok_quote(t, q, sizeof q);
	return bl_fail_at(err, BL_ERR_INPUT, t->line, t->col, "unknown cell '%s'%s", q,
			  nearest_cell(b, q, more, sizeof more));
}

/* The faults only the whole board shows: names, the ends, the arrows. */
static enum bl_code link_board(struct yut_board *b, const struct parse *p,
			       const struct bl_reader *r, struct bl_err *err)
{
	enum bl_code code;

	if (!p->start.len || !p->end.len) {
		int line, col;
		bl_reader_end_pos(r, &line, &col);
		return bl_fail_at(err, BL_ERR_INPUT, line, col,
				  "expected %s line, found end of input",
				  p->start.len ? "an 'end'" : "a 'start'");
	}
	if ((code = resolve(b, p, &p->start, &b->start, err)) != BL_OK ||
	    (code = resolve(b, p, &p->end, &b->end, err)) != BL_OK)
		return code;
	if (b->start == b->end)
		return bl_fail_at(err, BL_ERR_INPUT, p->end.line, p->end.col,
				  "the start and end cells are both '%s'", b->cells[b->end].name);
	if (b->cells[b->end].score != 0) {
		const struct bl_tok *t = &p->score[b->end];
		return bl_fail_at(err, BL_ERR_INPUT, t->line, t->col,
				  "expected score 0 for the end cell '%s' (end adds 0), "
				  "found '%.*s'",
				  b->cells[b->end].name, (int)t->len, t->s);
	}
	for (int i = 0; i < b->ncells; i++) {
		for (int k = 0; k < 2; k++) {
			int to;
			if (!p->next[i][k].len)
				continue;
			if (i == b->end)
				return bl_fail_at(err, BL_ERR_INPUT, p->colour[i][k].line,
						  p->colour[i][k].col,
						  "the end cell '%s' has a %s arrow",
						  b->cells[i].name, colour_name[k]);
			if ((code = resolve(b, p, &p->next[i][k], &to, err)) != BL_OK)
				return code;
			if (k == 0)
				b->cells[i].red = to;
			else
				b->cells[i].blue = to;
		}
		if (i != b->end && b->cells[i].red == YUT_NONE)
			return bl_fail_at(err, BL_ERR_INPUT, p->name[i].line, p->name[i].col,
					  "cell '%s' cannot reach end: it has no red arrow",
					  b->cells[i].name);
	}

	int path[YUT_MAX_CELLS];
	int k = board_cycle(b, path);
	if (k) {
		char cyc[160];
		size_t len = 0;
		for (int i = 0; i <= k && len < sizeof cyc; i++) {
			const char *name = b->cells[path[i % k]].name;
			if (len + strlen(name) + 9 >= sizeof cyc) {
				snprintf(cyc + len, sizeof cyc - len, " -> ...");
				break;
			}
			len += (size_t)snprintf(cyc + len, sizeof cyc - len, "%s%s",
						i ? " -> " : "", name);
		}
		/* Point at the arrow that closes the cycle. */
		int last = path[k - 1];
		int colour = b->cells[last].red == path[0] ? 0 : 1;
		return bl_fail_at(err, BL_ERR_INPUT, p->colour[last][colour].line,
				  p->colour[last][colour].col, "the arrows go round in a cycle: %s",
				  cyc);
	}
	return BL_OK;
}

enum bl_code yut_board_read(const char *text, size_t len, struct yut_board **b,
			    struct bl_err *err)
{
	struct bl_reader rd;
	enum bl_code code;

	if (!(*b = malloc(sizeof **b)))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	bl_reader_init(&rd, text, len);
	if ((code = yut_board_parse(*b, &rd, err)) != BL_OK) {
		free(*b);
		*b = NULL;
	}
	return code;
}

enum bl_code yut_board_parse(struct yut_board *b, struct bl_reader *r, struct bl_err *err)
{
	struct parse *p;
	struct bl_tok t;
	enum bl_code code = BL_OK;

	if (bl_refuse_bom(r, err) != BL_OK)
		return BL_ERR_INPUT;
	p = malloc(sizeof *p);
	if (!p)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for a board");
	b->ncells = 0;
	b->start = b->end = YUT_NONE;
	p->start.len = p->end.len = 0;
	while (code == BL_OK && bl_reader_next(r, &t)) {
		if (t.s[0] == '#')
			skip_line(r, t.line);
		else if (tok_is(&t, "start"))
			code = read_end_line(r, &t, &p->start, err);
		else if (tok_is(&t, "end"))
			code = read_end_line(r, &t, &p->end, err);
		else if (tok_is(&t, "cell"))
			code = read_cell(b, p, r, &t, err);
		else
			code = bl_fail_tok(&t, err, "'start', 'end' or 'cell'");
	}
	if (code == BL_OK)
		code = link_board(b, p, r, err);
	free(p);
	return code;
}

static int digits(int v)
{
	int n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

void yut_board_write(const struct yut_board *b, const char *how, struct bl_buf *out)
{
	int w = 5, sw = 1;

	for (int i = 0; i < b->ncells; i++) {
		int len = (int)strlen(b->cells[i].name);
		if (len > w)
			w = len;
		if (digits(b->cells[i].score) > sw)
			sw = digits(b->cells[i].score);
	}
	bl_buf_puts(out, "# a yut board");
	if (how)
		bl_buf_printf(out, " (%s)", how);
	bl_buf_puts(out,
		    ", one statement a line:\n"
		    "#   start NAME | end NAME | cell NAME SCORE [red NEXT] [blue NEXT]\n"
		    "# A move that starts on a cell with a blue arrow takes it first; every\n"
		    "# other step takes the red arrow.  A move that reaches end stops there.\n");
	bl_buf_printf(out, "start %s\nend   %s\n", b->cells[b->start].name, b->cells[b->end].name);
	for (int i = 0; i < b->ncells; i++) {
		const struct yut_cell *c = &b->cells[i];
		bl_buf_printf(out, "cell %-*s %*d", w, c->name, sw, c->score);
		if (c->red != YUT_NONE)
			bl_buf_printf(out, " red %-*s", c->blue != YUT_NONE ? w : 0,
				      b->cells[c->red].name);
		if (c->blue != YUT_NONE)
			bl_buf_printf(out, " blue %s", b->cells[c->blue].name);
		bl_buf_putc(out, '\n');
	}
}
