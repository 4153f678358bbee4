/*
 * tower_board: a tower instance and its position (see boardlab/tower.h):
 * the limits and the memory an instance may take, reading one in the
 * judge's format, the start position, and read access to the stacks.
 * Below the engine (tower.c), which plays on what this file sets up.
 */
#include "boardlab/tower.h"
#include "tower_impl.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tower_limits_boj(struct tower_limits *lim)
{
	lim->n_min = TOWER_BOJ_N_MIN;
	lim->n_max = TOWER_BOJ_N_MAX;
	lim->k_min = TOWER_BOJ_K_MIN;
	lim->k_max = TOWER_BOJ_K_MAX;
	lim->max_bytes = 0;
}

void tower_limits_any(struct tower_limits *lim)
{
	lim->n_min = 1;
	lim->n_max = TOWER_N_MAX;
	lim->k_min = 1;
	lim->k_max = TOWER_K_MAX;
	lim->max_bytes = 0;
}

/*
 * The bytes of a tower with cells cells and pieces piece entries, by the
 * arrays that hold them (see struct tower): per cell its colour, top, the
 * proof's owner and the replay twin's top; per piece entry its struct and
 * the twin's, the proof's 4 union-find words, and 3 history words for
 * Brent's states; the history of at most TOWER_HISTORY_WORDS words and
 * TOWER_HISTORY_TURNS hashes with a table of up to 4 slots a turn; the
 * proof's owned list; the compact engine and the text widths within 64 KiB.
 */
static size_t bytes_for(size_t cells, size_t pieces)
{
	const size_t per_cell = 1 + 3 * sizeof(int32_t);
	const size_t per_piece = 2 * sizeof(struct tower_piece) + 4 * sizeof(int32_t) +
				 3 * sizeof(uint64_t);
	const size_t fixed = TOWER_HISTORY_WORDS * sizeof(uint64_t) +
			     (size_t)TOWER_HISTORY_TURNS * (sizeof(uint64_t) + 4 * sizeof(int32_t)) +
			     ((size_t)1 << 16) * sizeof(int32_t) + ((size_t)1 << 16);

	if (cells > (SIZE_MAX - fixed) / 2 / per_cell || pieces > (SIZE_MAX - fixed) / 2 / per_piece)
		return SIZE_MAX;
	return fixed + cells * per_cell + pieces * per_piece;
}

size_t tower_bytes(int n, int k)
{
	if (n < 0 || k < 0)
		return 0;
	return bytes_for((size_t)n * (size_t)n, (size_t)k + 1);
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
	free(t->words);
	free(t->hashes);
	free(t->slots);
	free(t->uf);
	free(t->owner);
	free(t->owned);
	tower_small_release(t);
	tower_init(t);
}

/*
 * Grows the per-cell arrays to hold cells entries, the colours read so far
 * kept (the other arrays are set after the board is read).
 */
static bool reserve_cells(struct tower *t, size_t cells)
{
	uint8_t *colour;
	int32_t *top;

	if (cells <= t->cell_cap)
		return true;
	if (!(colour = realloc(t->colour, cells)))
		return false;
	t->colour = colour;
	if (!(top = realloc(t->top, cells * sizeof *t->top)))
		return false;
	t->top = top;
	t->cell_cap = cells;
	return true;
}

/* Grows the piece array to hold pieces entries, those read so far kept. */
static bool reserve_pieces(struct tower *t, size_t pieces)
{
	struct tower_piece *p;

	if (pieces <= t->piece_cap)
		return true;
	if (!(p = realloc(t->piece, pieces * sizeof *t->piece)))
		return false;
	t->piece = p;
	t->piece_cap = pieces;
	return true;
}

/* The next capacity, from have towards all: doubling, at least least. */
static size_t grow_to(size_t have, size_t all, size_t least)
{
	have = have < least / 2 ? least : 2 * have;
	return have > all ? all : have;
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

static void mark_edges(uint8_t *colour, int n)
{
	for (int r = 0; r < n; r++) {
		colour[r * n] |= (uint8_t)TOWER_EDGE_BIT(TOWER_LEFT);
		colour[r * n + n - 1] |= (uint8_t)TOWER_EDGE_BIT(TOWER_RIGHT);
	}
	for (int c = 0; c < n; c++) {
		colour[c] |= (uint8_t)TOWER_EDGE_BIT(TOWER_UP);
		colour[(n - 1) * n + c] |= (uint8_t)TOWER_EDGE_BIT(TOWER_DOWN);
	}
}

/*
 * The pieces of the common text in one run of numbers (bl_read_ints_fast),
 * checked after: true when every one was read that way and is good, its
 * start set and its cell marked in top[].  Otherwise nothing is kept and
 * the reader is back where it was, for parse_pieces to read them again
 * one by one and say what is wrong, and where.
 */
#define FAST_PIECES 64

static bool fast_pieces(struct tower *t, struct bl_reader *rd, int n, int k)
{
	int32_t v[3 * FAST_PIECES];
	struct bl_mark m;
	int p = 1;

	if (k > FAST_PIECES || (size_t)k >= t->piece_cap)
		return false;
	bl_reader_mark(rd, &m);
	bool ok = bl_read_ints_fast(rd, 1, n > 4 ? n : 4, v, 3 * (size_t)k) == 3 * (size_t)k;
	for (; ok && p <= k; p++) {
		const int32_t *q = v + 3 * (p - 1);
		int cell = (q[0] - 1) * n + (q[1] - 1);
		if (q[0] > n || q[1] > n || q[2] > 4 || t->top[cell]) {
			ok = false;
			break;
		}
		t->top[cell] = p;
		t->piece[p].start_cell = cell;
		t->piece[p].start_dir = (uint8_t)q[2];
	}
	if (!ok) {
		while (--p >= 1)
			t->top[t->piece[p].start_cell] = 0;
		bl_reader_rewind(rd, &m);
	}
	bl_reader_unmark(rd, &m);
	return ok;
}

/*
 * The K pieces, after the board.  Each start cell is marked in top[] as it
 * is read, which finds a second piece on a cell in O(1).  The piece array
 * grows as pieces are read, as the board does.
 */
static enum bl_code parse_pieces(struct tower *t, struct bl_reader *rd, int n, int k,
				 struct bl_err *err)
{
	int64_t row, col, dir;
	struct bl_tok tok;
	size_t have = t->piece_cap;

	if (fast_pieces(t, rd, n, k))
		return BL_OK;
	for (int p = 1; p <= k; p++) {
		enum bl_code rc = bl_read_int_in(rd, 1, n, "a row", &row, &tok, err);
		if (rc == BL_OK)
			rc = bl_read_int_in(rd, 1, n, "a column", &col, NULL, err);
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
		if ((size_t)p >= have && !reserve_pieces(t, have = grow_to(have, (size_t)k + 1, 1024)))
			return bl_fail(err, BL_ERR_NOMEM, "out of memory for %d pieces", k);
		t->piece[p].start_cell = cell;
		t->piece[p].start_dir = (uint8_t)dir;
	}
	return BL_OK;
}

enum bl_code tower_parse(struct tower *t, struct bl_reader *rd, const struct tower_limits *lim,
			 struct bl_err *err)
{
	struct bl_tok tok, ntok;
	int64_t n, k, v;
	enum bl_code rc;

	t->n = 0;
	t->k = 0;
	t->tracking = false;
	rc = bl_read_int_in(rd, lim->n_min, lim->n_max, "a board size", &n, &ntok, err);
	if (rc != BL_OK)
		return rc;
	rc = bl_read_int_in(rd, lim->k_min, lim->k_max, "a piece count", &k, &tok, err);
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
	if (lim->max_bytes) {
		/* The buffers a batch keeps count: they only grow. */
		size_t cells = (size_t)(n * n), pieces = (size_t)k + 1;
		if (cells < t->cell_cap)
			cells = t->cell_cap;
		if (cells < t->owner_cap)
			cells = t->owner_cap;
		if (pieces < t->piece_cap)
			pieces = t->piece_cap;
		if (pieces < t->uf_cap / 4)
			pieces = t->uf_cap / 4;
		size_t need = bytes_for(cells, pieces);
		char a[BL_BYTES_TEXT_MAX], b[BL_BYTES_TEXT_MAX];
		if (need > lim->max_bytes)
			return bl_fail_at(err, BL_ERR_LIMIT, ntok.line, ntok.col,
					  "a %lldx%lld board with %lld piece%s needs up to %s, "
					  "more than the %s allowed",
					  (long long)n, (long long)n, (long long)k, k == 1 ? "" : "s",
					  bl_bytes_text_up(need, a), bl_bytes_text(lim->max_bytes, b));
	}

	/*
	 * The board grows as its colours are read, so that a header claiming a
	 * huge board costs no more than the input that follows it.
	 */
	size_t cells = (size_t)(n * n), have = t->cell_cap < cells ? t->cell_cap : cells;
	for (size_t i = 0; i < cells;) {
		if (i == have) {
			if (!reserve_cells(t, have = grow_to(have, cells, (size_t)1 << 16)))
				return bl_fail(err, BL_ERR_NOMEM, "out of memory for a %lldx%lld board",
					       (long long)n, (long long)n);
		}
		/* The plain text, a chunk at a time, the fast way (bl_read_ints_fast). */
		int32_t v32[64];
		size_t got;
		do {
			got = bl_read_ints_fast(rd, 0, 2, v32, have - i < 64 ? have - i : 64);
			for (size_t j = 0; j < got; j++)
				t->colour[i++] = (uint8_t)v32[j];
		} while (got == 64);
		if (i == have)
			continue;
		rc = bl_read_int(rd, 0, 2, "a colour 0, 1 or 2", &v, NULL, err);
		if (rc != BL_OK)
			return rc;
		t->colour[i++] = (uint8_t)v;
	}
	memset(t->top, 0, cells * sizeof *t->top);
	mark_edges(t->colour, (int)n);

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

enum tower_colour tower_colour_at(const struct tower *t, int cell)
{
	return (enum tower_colour)(t->colour[cell] & TOWER_COLOUR_MASK);
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

int tower_below(const struct tower *t, int p)
{
	return t->piece[p].below;
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

bool tower_all_alone(const struct tower *t)
{
	for (int p = 1; p <= t->k; p++)
		if (t->top[t->piece[p].cell] != p || t->piece[p].level != 0)
			return false;
	return true;
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
