#include "grundy.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* Two-heap Nim: the rook's two lines are the two heaps. */
static uint64_t rook_value(uint64_t x, uint64_t y)
{
	return x ^ y;
}

/* One-heap Nim on the diagonal: the bishop can reach every smaller distance. */
static uint64_t bishop_value(uint64_t x, uint64_t y)
{
	return min_u64(x, y);
}

/*
 * 2-periodic: a cell whose coordinates have the same parity gets 0 (even)
 * or 2 (odd); a mixed cell gets 1 or 3 by the parity of its smaller
 * coordinate, which says whether the staircase toward the diagonal is
 * entered on a 0 or a 2.
 */
static uint64_t king_value(uint64_t x, uint64_t y)
{
	if (((x ^ y) & 1) == 0)
		return (x & 1) << 1;
	return (min_u64(x, y) & 1) ? 3 : 1;
}

/*
 * 3-periodic along the diagonal, constant away from it: only the smaller
 * coordinate mod 3 and whether the cell is on or next to the diagonal count.
 */
static uint64_t knight_value(uint64_t x, uint64_t y)
{
	uint64_t lo = min_u64(x, y), gap = (x > y ? x - y : y - x);

	switch (lo % 3) {
	case 0:
		return 0;
	case 1:
		return gap == 0 ? 0 : 1;
	default:
		return gap > 1 ? 2 : 1;
	}
}

/*
 * The rook's XOR on 3 x 3 blocks, with the diagonal step cycling the three
 * values inside a block.  Reduced mod 3 before adding so that x + y never
 * has to be formed.
 */
static uint64_t palace_value(uint64_t x, uint64_t y)
{
	return (x % 3 + y % 3) % 3 + 3 * ((x / 3) ^ (y / 3));
}

#define RIDE(a, b) { GRUNDY_RIDE, (a), (b) }
#define LEAP(a, b) { GRUNDY_LEAP, (a), (b) }

static const struct grundy_piece builtins[GRUNDY_NPIECES] = {
	[GRUNDY_ROOK] = { 'R', "rook", 2, { RIDE(1, 0), RIDE(0, 1) }, rook_value },
	[GRUNDY_BISHOP] = { 'B', "bishop", 1, { RIDE(1, 1) }, bishop_value },
	[GRUNDY_KING] = { 'K', "king", 3, { LEAP(1, 0), LEAP(0, 1), LEAP(1, 1) }, king_value },
	[GRUNDY_KNIGHT] = { 'N', "knight", 2, { LEAP(1, 2), LEAP(2, 1) }, knight_value },
	/* The diagonal step needs only x > 0 and y > 0 (the write-up's "> 1" is a slip). */
	[GRUNDY_PALACE] = { 'P', "palace", 3, { RIDE(1, 0), RIDE(0, 1), LEAP(1, 1) },
			    palace_value },
};

const struct grundy_piece *grundy_builtin(enum grundy_piece_id id)
{
	assert((unsigned)id < GRUNDY_NPIECES);
	return &builtins[id];
}

int grundy_piece_by_letter(char letter)
{
	switch (letter) {
	case 'R':
		return GRUNDY_ROOK;
	case 'B':
		return GRUNDY_BISHOP;
	case 'K':
		return GRUNDY_KING;
	case 'N':
		return GRUNDY_KNIGHT;
	case 'P':
		return GRUNDY_PALACE;
	default:
		return -1;
	}
}

enum bl_code grundy_piece_check(const struct grundy_piece *p, struct bl_err *err)
{
	if (p->nmoves < 1 || p->nmoves > GRUNDY_MOVES_MAX)
		return bl_fail(err, BL_ERR_ARG, "piece '%c' has %d moves, expected 1 to %d",
			       p->letter, p->nmoves, GRUNDY_MOVES_MAX);
	for (int i = 0; i < p->nmoves; i++) {
		const struct grundy_move *mv = &p->moves[i];
		if (mv->step != GRUNDY_LEAP && mv->step != GRUNDY_RIDE)
			return bl_fail(err, BL_ERR_ARG, "piece '%c' move %d is neither a leap nor a ride",
				       p->letter, i + 1);
		if (mv->dx < 0 || mv->dy < 0 || mv->dx > GRUNDY_DELTA_MAX ||
		    mv->dy > GRUNDY_DELTA_MAX || (mv->dx == 0 && mv->dy == 0))
			return bl_fail(err, BL_ERR_ARG,
				       "piece '%c' move %d is (%d, %d), expected steps from 0 to %d, "
				       "not both 0",
				       p->letter, i + 1, mv->dx, mv->dy, GRUNDY_DELTA_MAX);
	}
	return BL_OK;
}

uint64_t grundy_closed(enum grundy_piece_id id, uint64_t x, uint64_t y)
{
	assert((unsigned)id < GRUNDY_NPIECES);
	switch (id) {
	case GRUNDY_ROOK:
		return rook_value(x, y);
	case GRUNDY_BISHOP:
		return bishop_value(x, y);
	case GRUNDY_KING:
		return king_value(x, y);
	case GRUNDY_KNIGHT:
		return knight_value(x, y);
	case GRUNDY_PALACE:
		return palace_value(x, y);
	default:
		return 0;
	}
}

static const char *parity(uint64_t v)
{
	return (v & 1) ? "odd" : "even";
}

void grundy_describe(enum grundy_piece_id id, uint64_t x, uint64_t y, struct bl_buf *out)
{
	unsigned long long ux = x, uy = y, v = grundy_closed(id, x, y);
	uint64_t lo = min_u64(x, y);

	switch (id) {
	case GRUNDY_ROOK:
		bl_buf_printf(out, "%llu xor %llu = %llu", ux, uy, v);
		break;
	case GRUNDY_BISHOP:
		bl_buf_printf(out, "min(%llu, %llu) = %llu", ux, uy, v);
		break;
	case GRUNDY_KING:
		if (((x ^ y) & 1) == 0)
			bl_buf_printf(out, "x and y %s: %llu", parity(x), v);
		else
			bl_buf_printf(out, "x %s, y %s, min(x, y) %s: %llu", parity(x), parity(y),
				      parity(lo), v);
		break;
	case GRUNDY_KNIGHT:
		if (lo % 3 == 0)
			bl_buf_printf(out, "min(x, y) mod 3 = 0: %llu", v);
		else if (lo % 3 == 1)
			bl_buf_printf(out, "min(x, y) mod 3 = 1, %s: %llu",
				      x == y ? "x = y" : "x != y", v);
		else
			bl_buf_printf(out, "min(x, y) mod 3 = 2, |x - y| %s 1: %llu",
				      v == 2 ? ">" : "<=", v);
		break;
	case GRUNDY_PALACE:
		bl_buf_printf(out, "(%llu + %llu) mod 3 + 3 * (%llu xor %llu) = %llu", ux, uy,
			      ux / 3, uy / 3, v);
		break;
	default:
		break;
	}
}

void grundy_table_init(struct grundy_table *t)
{
	t->size = 0;
	t->g = NULL;
}

void grundy_table_release(struct grundy_table *t)
{
	if (!t)
		return;
	free(t->g);
	grundy_table_init(t);
}

uint32_t grundy_table_at(const struct grundy_table *t, int x, int y)
{
	assert(x >= 0 && y >= 0 && x < t->size && y < t->size);
	return t->g[(size_t)x * (size_t)t->size + (size_t)y];
}

/*
 * Cells are filled x-major: every move lowers x, or keeps x and lowers y, so
 * the cells a cell moves to are done before it.  The mex uses a stamp per
 * value instead of clearing a set for every cell; no value can exceed the
 * number of options, which bounds the stamp array.
 */
enum bl_code grundy_table_build(struct grundy_table *t, const struct grundy_piece *p, int m,
				struct bl_err *err)
{
	enum bl_code code;
	size_t nopt = 0, n;
	uint32_t *g, *seen;

	grundy_table_release(t);
	if ((code = grundy_piece_check(p, err)) != BL_OK)
		return code;
	if (m < 1)
		return bl_fail(err, BL_ERR_ARG, "table size %d, expected at least 1", m);
	if (m > GRUNDY_TABLE_MAX)
		return bl_fail(err, BL_ERR_LIMIT, "table size %d is over the limit %d", m,
			       GRUNDY_TABLE_MAX);
	for (int i = 0; i < p->nmoves; i++)
		nopt += p->moves[i].step == GRUNDY_LEAP ? 1 : (size_t)m;
	n = (size_t)m * (size_t)m;
	g = malloc(n * sizeof *g);
	seen = calloc(nopt + 2, sizeof *seen);
	if (!g || !seen) {
		free(g);
		free(seen);
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for a %d x %d table", m, m);
	}
	for (int x = 0; x < m; x++) {
		for (int y = 0; y < m; y++) {
			uint32_t stamp = (uint32_t)((size_t)x * (size_t)m + (size_t)y) + 1, v = 0;
			for (int i = 0; i < p->nmoves; i++) {
				const struct grundy_move *mv = &p->moves[i];
				int tx = x - mv->dx, ty = y - mv->dy;
				while (tx >= 0 && ty >= 0) {
					seen[g[(size_t)tx * (size_t)m + (size_t)ty]] = stamp;
					if (mv->step == GRUNDY_LEAP)
						break;
					tx -= mv->dx;
					ty -= mv->dy;
				}
			}
			while (seen[v] == stamp)
				v++;
			g[(size_t)x * (size_t)m + (size_t)y] = v;
		}
	}
	free(seen);
	t->size = m;
	t->g = g;
	return BL_OK;
}

struct grundy_limits grundy_format_limits(const struct grundy_format *f)
{
	struct grundy_limits l;

	if (f->boj) {
		l.count_min = 1;
		l.count_max = GRUNDY_BOJ_COUNT_MAX;
		l.coord_max = f->only == GRUNDY_PALACE ? GRUNDY_BOJ_PALACE_COORD_MAX
						       : GRUNDY_BOJ_COORD_MAX;
	} else {
		l.count_min = 0;
		l.count_max = GRUNDY_COUNT_MAX;
		l.coord_max = GRUNDY_COORD_MAX;
	}
	return l;
}

/*
 * "expected WHAT, found 'TOKEN'", with a hint when TOKEN is a piece letter in
 * a format of a single piece kind: the input is most likely a line of the
 * mixed format (16880's) read as one of 16879's.
 */
static enum bl_code fail_token(const struct grundy_format *fmt, const struct bl_tok *t,
			       const char *what, struct bl_err *err)
{
	char q[BL_TOK_QUOTE_MAX];

	if (fmt->only == GRUNDY_MIXED || t->len != 1 || grundy_piece_by_letter(t->s[0]) < 0)
		return bl_fail_tok(t, err, what);
	return bl_fail_at(err, BL_ERR_INPUT, t->line, t->col,
			  "expected %s, found '%s' (lines are 'x y', without a piece letter)", what,
			  bl_tok_quote(t, q, sizeof q));
}

enum bl_code grundy_input_begin(struct grundy_input *in, struct bl_reader *rd,
				const struct grundy_format *fmt, struct bl_err *err)
{
	char what[80];
	struct bl_tok t;
	size_t ntok = rd->ntok;

	if (fmt->only < GRUNDY_MIXED || fmt->only >= GRUNDY_NPIECES)
		return bl_fail(err, BL_ERR_ARG, "piece id %d is not a built-in piece", fmt->only);
	in->rd = rd;
	in->fmt = *fmt;
	in->lim = grundy_format_limits(fmt);
	in->count = 0;
	in->done = 0;
	if (bl_reader_next(rd, &t) && bl_tok_int(&t, &in->count) &&
	    in->count >= in->lim.count_min && in->count <= in->lim.count_max)
		return BL_OK;
	snprintf(what, sizeof what, "a piece count from %lld to %lld",
		 (long long)in->lim.count_min, (long long)in->lim.count_max);
	if (rd->ntok == ntok)
		return bl_fail_eof(rd, err, what);
	return fail_token(&in->fmt, &t, what, err);
}

/*
 * One coordinate.  The message is formatted only on failure: this runs once
 * per coordinate of inputs with millions of pieces.
 */
static enum bl_code read_coord(struct grundy_input *in, const char *noun, uint64_t *out,
			       struct bl_err *err)
{
	struct bl_tok t;
	int64_t v;
	char what[80];
	bool got = bl_reader_next(in->rd, &t);

	if (got && bl_tok_int(&t, &v) && v >= 0 && v <= in->lim.coord_max) {
		*out = (uint64_t)v;
		return BL_OK;
	}
	snprintf(what, sizeof what, "%s from 0 to %lld", noun, (long long)in->lim.coord_max);
	if (!got)
		return bl_fail_eof(in->rd, err, what);
	return fail_token(&in->fmt, &t, what, err);
}

enum bl_code grundy_input_end(const struct grundy_input *in, struct bl_err *err)
{
	struct bl_tok t;
	char what[80];

	if (!bl_reader_peek(in->rd, &t))
		return BL_OK;
	snprintf(what, sizeof what, "end of input after %lld piece%s", (long long)in->count,
		 in->count == 1 ? "" : "s");
	return fail_token(&in->fmt, &t, what, err);
}

enum bl_code grundy_input_next(struct grundy_input *in, struct grundy_stone *s,
			       struct bl_err *err)
{
	struct bl_tok t;
	enum bl_code code;
	int piece;

	assert(in->done < in->count);
	if (!bl_reader_peek(in->rd, &t)) {
		int line, col;
		bl_reader_end_pos(in->rd, &line, &col);
		return bl_fail_at(err, BL_ERR_INPUT, line, col,
				  "expected %lld piece%s, found end of input after %lld",
				  (long long)in->count, in->count == 1 ? "" : "s",
				  (long long)in->done);
	}
	s->line = t.line;
	s->col = t.col;
	if ((code = read_coord(in, "an x coordinate", &s->x, err)) != BL_OK ||
	    (code = read_coord(in, "a y coordinate", &s->y, err)) != BL_OK)
		return code;
	if (in->fmt.only != GRUNDY_MIXED) {
		piece = in->fmt.only;
	} else {
		if (!bl_reader_next(in->rd, &t))
			return bl_fail_eof(in->rd, err, "a piece " GRUNDY_LETTERS_TEXT);
		piece = t.len == 1 ? grundy_piece_by_letter(t.s[0]) : -1;
		if (piece < 0)
			return bl_fail_tok(&t, err, "a piece " GRUNDY_LETTERS_TEXT);
	}
	s->piece = (enum grundy_piece_id)piece;
	in->done++;
	return BL_OK;
}

uint64_t grundy_stone_value(const struct grundy_stone *s)
{
	return grundy_closed(s->piece, s->x, s->y);
}

enum bl_code grundy_solve(struct bl_reader *rd, const struct grundy_format *fmt, uint64_t *nim,
			  struct bl_err *err)
{
	struct grundy_input in;
	struct grundy_stone s;
	enum bl_code code;
	uint64_t acc = 0;

	if ((code = grundy_input_begin(&in, rd, fmt, err)) != BL_OK)
		return code;
	while (in.done < in.count) {
		if ((code = grundy_input_next(&in, &s, err)) != BL_OK)
			return code;
		acc ^= grundy_stone_value(&s);
	}
	*nim = acc;
	return BL_OK;
}

const char *grundy_winner(uint64_t nim)
{
	return nim ? "koosaga" : "cubelover";
}
