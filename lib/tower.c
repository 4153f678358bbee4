#include "tower.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tower_limits_boj(struct tower_limits *lim)
{
	lim->n_min = TOWER_BOJ_N_MIN;
	lim->n_max = TOWER_BOJ_N_MAX;
	lim->k_min = TOWER_BOJ_K_MIN;
	lim->k_max = TOWER_BOJ_K_MAX;
}

void tower_limits_any(struct tower_limits *lim)
{
	lim->n_min = 1;
	lim->n_max = TOWER_N_MAX;
	lim->k_min = 1;
	lim->k_max = TOWER_K_MAX;
}

void tower_opts_init(struct tower_opts *o)
{
	o->rule = TOWER_CARRY;
	o->height = TOWER_HEIGHT;
	o->limit = TOWER_LIMIT;
}

void tower_init(struct tower *t)
{
	memset(t, 0, sizeof *t);
}

void tower_release(struct tower *t)
{
	if (!t)
		return;
	free(t->colour);
	free(t->top);
	free(t->piece);
	tower_init(t);
}

/* Grows the per-cell arrays to hold cells entries; their contents are lost. */
static bool reserve_cells(struct tower *t, size_t cells)
{
	if (cells <= t->cell_cap)
		return true;
	free(t->colour);
	free(t->top);
	t->colour = malloc(cells);
	t->top = malloc(cells * sizeof *t->top);
	if (!t->colour || !t->top) {
		free(t->colour);
		free(t->top);
		t->colour = NULL;
		t->top = NULL;
		t->cell_cap = 0;
		return false;
	}
	t->cell_cap = cells;
	return true;
}

static bool reserve_pieces(struct tower *t, size_t pieces)
{
	if (pieces <= t->piece_cap)
		return true;
	free(t->piece);
	t->piece = malloc(pieces * sizeof *t->piece);
	if (!t->piece) {
		t->piece_cap = 0;
		return false;
	}
	t->piece_cap = pieces;
	return true;
}

/* A piece alone on its start cell; the cell's top is the caller's to set. */
static void put_at_start(struct tower_piece *q)
{
	q->cell = q->start_cell;
	q->dir = q->start_dir;
	q->above = 0;
	q->below = 0;
	q->level = 0;
}

/*
 * The K pieces, after the board.  Each start cell is marked in top[] as it
 * is read, which finds a second piece on a cell in O(1).  When the input is
 * too short to hold 3K more tokens the pieces are only checked, not stored:
 * reading must then stop at a bad token or the end of input, and no piece
 * array as large as K is allocated for a few bytes of input.
 */
static enum bl_code parse_pieces(struct tower *t, struct bl_reader *rd, int n, int k,
				 struct bl_err *err)
{
	bool store = bl_reader_left(rd) / 3 >= (size_t)k;
	char what_row[48], what_col[48];
	int64_t row, col, dir;
	struct bl_tok tok;

	if (store && !reserve_pieces(t, (size_t)k + 1))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for %d pieces", k);
	snprintf(what_row, sizeof what_row, "a row from 1 to %d", n);
	snprintf(what_col, sizeof what_col, "a column from 1 to %d", n);
	for (int p = 1; p <= k; p++) {
		enum bl_code rc = bl_read_int(rd, 1, n, what_row, &row, &tok, err);
		if (rc == BL_OK)
			rc = bl_read_int(rd, 1, n, what_col, &col, NULL, err);
		if (rc != BL_OK)
			return rc;
		int cell = (int)((row - 1) * n + (col - 1));
		if (t->top[cell])
			return bl_fail_at(err, BL_ERR_INPUT, tok.line, tok.col,
					  "piece %d starts on the same cell as piece %d (%d,%d)", p,
					  (int)t->top[cell], (int)row, (int)col);
		t->top[cell] = p;
		rc = bl_read_int(rd, 1, 4, "a direction 1, 2, 3 or 4", &dir, NULL, err);
		if (rc != BL_OK)
			return rc;
		if (store) {
			t->piece[p].start_cell = cell;
			t->piece[p].start_dir = (uint8_t)dir;
		}
	}
	/* k pieces of three tokens took 6k - 1 bytes at least. */
	assert(store);
	return BL_OK;
}

enum bl_code tower_parse(struct tower *t, struct bl_reader *rd, const struct tower_limits *lim,
			 struct bl_err *err)
{
	char what[64];
	struct bl_tok tok;
	int64_t n, k, v;
	enum bl_code rc;

	t->n = 0;
	t->k = 0;
	snprintf(what, sizeof what, "a board size from %d to %d", lim->n_min, lim->n_max);
	rc = bl_read_int(rd, lim->n_min, lim->n_max, what, &n, NULL, err);
	if (rc != BL_OK)
		return rc;
	snprintf(what, sizeof what, "a piece count from %d to %d", lim->k_min, lim->k_max);
	rc = bl_read_int(rd, lim->k_min, lim->k_max, what, &k, &tok, err);
	if (rc != BL_OK)
		return rc;
	if (k > n * n) {
		char q[BL_TOK_QUOTE_MAX];
		return bl_fail_at(err, BL_ERR_INPUT, tok.line, tok.col,
				  "expected at most %lld pieces, one per cell of the %lldx%lld board, "
				  "found '%s'",
				  (long long)(n * n), (long long)n, (long long)n,
				  bl_tok_quote(&tok, q, sizeof q));
	}

	/*
	 * The board is stored only when the input has a byte for each of its
	 * cells; otherwise the colours are checked and reading must fail before
	 * the board is done, so a header claiming a huge board costs nothing.
	 */
	size_t cells = (size_t)(n * n);
	bool store = bl_reader_left(rd) >= cells;
	if (store && !reserve_cells(t, cells))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for a %lldx%lld board",
			       (long long)n, (long long)n);
	for (size_t i = 0; i < cells; i++) {
		rc = bl_read_int(rd, 0, 2, "a colour 0, 1 or 2", &v, NULL, err);
		if (rc != BL_OK)
			return rc;
		if (store)
			t->colour[i] = (uint8_t)v;
	}
	assert(store);
	memset(t->top, 0, cells * sizeof *t->top);

	rc = parse_pieces(t, rd, (int)n, (int)k, err);
	if (rc != BL_OK)
		return rc;
	t->n = (int)n;
	t->k = (int)k;
	for (int p = 1; p <= t->k; p++)
		put_at_start(&t->piece[p]);
	return BL_OK;
}

void tower_reset(struct tower *t)
{
	/* Only occupied cells can have a top: clearing them restores an empty board. */
	for (int p = 1; p <= t->k; p++)
		t->top[t->piece[p].cell] = 0;
	for (int p = 1; p <= t->k; p++) {
		put_at_start(&t->piece[p]);
		t->top[t->piece[p].cell] = p;
	}
}

static enum tower_dir reverse(enum tower_dir d)
{
	return (enum tower_dir)(((d - 1) ^ 1) + 1);
}

/* The cell next to cell in direction d, or -1 past the edge. */
static int neighbour(const struct tower *t, int cell, enum tower_dir d)
{
	int n = t->n, r = cell / n, c = cell - r * n;

	switch (d) {
	case TOWER_RIGHT:
		return c + 1 < n ? cell + 1 : -1;
	case TOWER_LEFT:
		return c > 0 ? cell - 1 : -1;
	case TOWER_UP:
		return r > 0 ? cell - n : -1;
	case TOWER_DOWN:
		return r + 1 < n ? cell + n : -1;
	}
	return -1;
}

static enum tower_colour colour_of(const struct tower *t, int cell)
{
	return cell < 0 ? TOWER_EDGE : (enum tower_colour)t->colour[cell];
}

/* Piece p and the pieces above it. */
static int group_size(const struct tower *t, int p)
{
	const struct tower_piece *pc = t->piece;
	return pc[t->top[pc[p].cell]].level - pc[p].level + 1;
}

/*
 * Lifts piece p and everything above it off its cell and puts the group on
 * top of cell `to`, reversed when `reversed`.  Only the group's links and
 * levels change, so the cost is the group's size.
 */
static void carry(struct tower *t, int p, int to, bool reversed, struct tower_move *mv)
{
	struct tower_piece *pc = t->piece;
	int from = pc[p].cell;
	int gtop = t->top[from];
	int group = group_size(t, p);
	int under = pc[p].below, dst = t->top[to];
	int base = dst ? pc[dst].level + 1 : 0;

	t->top[from] = under;
	if (under)
		pc[under].above = 0;
	pc[p].below = 0;

	int first;   /* the group's bottom once it has landed */
	if (reversed) {
		/* Walk up the old order, swapping each piece's links. */
		int q = p;
		for (int i = 0; q; i++) {
			int next = pc[q].above;
			pc[q].above = pc[q].below;
			pc[q].below = next;
			pc[q].cell = to;
			pc[q].level = base + group - 1 - i;
			q = next;
		}
		first = gtop;
		t->top[to] = p;
	} else {
		int q = p;
		for (int i = 0; q; i++) {
			pc[q].cell = to;
			pc[q].level = base + i;
			q = pc[q].above;
		}
		first = p;
		t->top[to] = gtop;
	}
	pc[first].below = dst;
	if (dst)
		pc[dst].above = first;
	mv->group = group;
	mv->moved = true;
	mv->to = to;
	mv->height = base + group;
}

void tower_move(struct tower *t, enum tower_rule rule, int p, struct tower_move *mv)
{
	assert(p >= 1 && p <= t->k);
	struct tower_piece *q = &t->piece[p];
	int from = q->cell;
	enum tower_dir d = (enum tower_dir)q->dir;
	int to = neighbour(t, from, d);
	enum tower_colour met = colour_of(t, to);

	memset(mv, 0, sizeof *mv);
	mv->piece = p;
	mv->from = from;
	mv->to = from;
	mv->dir = d;
	mv->met = met;
	mv->met2 = met;
	if (rule == TOWER_BOTTOM && q->below) {
		mv->skipped = true;
		mv->height = tower_height(t, from);
		return;
	}
	if (met == TOWER_BLUE || met == TOWER_EDGE) {
		/* Only the moving piece turns; the pieces it carries keep their way. */
		d = reverse(d);
		q->dir = (uint8_t)d;
		mv->bounced = true;
		to = neighbour(t, from, d);
		met = colour_of(t, to);
		mv->met2 = met;
		if (met == TOWER_BLUE || met == TOWER_EDGE) {
			mv->group = group_size(t, p);
			mv->height = tower_height(t, from);
			return;
		}
	}
	carry(t, p, to, met == TOWER_RED, mv);
}

enum bl_code tower_solve(struct tower *t, const struct tower_opts *o, struct tower_result *res,
			 struct bl_err *err)
{
	if (o->rule != TOWER_CARRY && o->rule != TOWER_BOTTOM)
		return bl_fail(err, BL_ERR_ARG, "unknown rule %d", (int)o->rule);
	if (o->height < 2)
		return bl_fail(err, BL_ERR_ARG, "expected a height of 2 or more, found %d", o->height);
	if (o->limit < 1)
		return bl_fail(err, BL_ERR_ARG, "expected a turn limit of 1 or more, found %lld",
			       (long long)o->limit);
	memset(res, 0, sizeof *res);
	res->answer = -1;
	tower_reset(t);
	/* No stack can be higher than the k pieces there are. */
	if (t->k < o->height) {
		res->end = TOWER_END_FEW;
		return BL_OK;
	}
	for (int64_t turn = 1; turn <= o->limit; turn++) {
		for (int p = 1; p <= t->k; p++) {
			struct tower_move mv;
			tower_move(t, o->rule, p, &mv);
			if (mv.moved && mv.height >= o->height) {
				mv.turn = turn;
				res->answer = turn;
				res->end = TOWER_END_STACK;
				res->last = mv;
				return BL_OK;
			}
		}
		res->turns = turn;
	}
	res->end = TOWER_END_LIMIT;
	return BL_OK;
}

enum tower_colour tower_colour_at(const struct tower *t, int cell)
{
	return (enum tower_colour)t->colour[cell];
}

int tower_bottom(const struct tower *t, int cell)
{
	int p = t->top[cell];
	while (p && t->piece[p].below)
		p = t->piece[p].below;
	return p;
}

int tower_above(const struct tower *t, int p)
{
	return t->piece[p].above;
}

int tower_height(const struct tower *t, int cell)
{
	int p = t->top[cell];
	return p ? t->piece[p].level + 1 : 0;
}

int tower_cell_of(const struct tower *t, int p)
{
	return t->piece[p].cell;
}

enum tower_dir tower_dir_of(const struct tower *t, int p)
{
	return (enum tower_dir)t->piece[p].dir;
}

const char *tower_dir_name(enum tower_dir d)
{
	switch (d) {
	case TOWER_RIGHT:
		return "right";
	case TOWER_LEFT:
		return "left";
	case TOWER_UP:
		return "up";
	case TOWER_DOWN:
		return "down";
	}
	return "?";
}

const char *tower_colour_name(enum tower_colour c)
{
	switch (c) {
	case TOWER_WHITE:
		return "white";
	case TOWER_RED:
		return "red";
	case TOWER_BLUE:
		return "blue";
	case TOWER_EDGE:
		return "edge";
	}
	return "?";
}

static void put_cell(const struct tower *t, int cell, struct bl_buf *out)
{
	bl_buf_printf(out, "(%d,%d)", cell / t->n + 1, cell % t->n + 1);
}

void tower_explain(const struct tower *t, const struct tower_opts *o,
		   const struct tower_result *res, struct bl_buf *out)
{
	const struct tower_move *mv = &res->last;

	if (res->end == TOWER_END_FEW) {
		bl_buf_printf(out, "no stack of %d can form with %d piece%s\n", o->height, t->k,
			      t->k == 1 ? "" : "s");
		return;
	}
	if (res->end == TOWER_END_LIMIT) {
		bl_buf_printf(out, "no stack of %d formed within %lld turn%s\n", o->height,
			      (long long)o->limit, o->limit == 1 ? "" : "s");
		return;
	}
	bl_buf_printf(out, "turn %lld: piece %d ", (long long)mv->turn, mv->piece);
	if (mv->bounced) {
		bl_buf_puts(out, "at ");
		put_cell(t, mv->from, out);
		if (mv->met == TOWER_EDGE)
			bl_buf_printf(out, " met the edge going %s", tower_dir_name(mv->dir));
		else
			bl_buf_printf(out, " met a blue cell going %s", tower_dir_name(mv->dir));
		bl_buf_printf(out, ", turned %s and moved to ", tower_dir_name(reverse(mv->dir)));
	} else {
		bl_buf_printf(out, "moved %s from ", tower_dir_name(mv->dir));
		put_cell(t, mv->from, out);
		bl_buf_puts(out, " to ");
	}
	put_cell(t, mv->to, out);
	bl_buf_printf(out, ", a %s cell", tower_colour_name(mv->met2));
	if (mv->group > 1)
		bl_buf_printf(out, ", carrying %d piece%s%s", mv->group - 1, mv->group > 2 ? "s" : "",
			      mv->met2 == TOWER_RED ? " (the group is reversed)" : "");
	bl_buf_puts(out, "\nthe stack at ");
	put_cell(t, mv->to, out);
	bl_buf_printf(out, " reached %d pieces, bottom to top:", mv->height);
	for (int p = tower_bottom(t, mv->to); p; p = tower_above(t, p))
		bl_buf_printf(out, " %d", p);
	bl_buf_putc(out, '\n');
}
