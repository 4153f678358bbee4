/*
 * grundy_hint: a winning move, by inverting each piece's value along its
 * lines of moves.
 */
#include "boardlab/grundy.h"

#include <assert.h>

static uint64_t value_of(struct grundy_set *set, int piece, uint64_t x, uint64_t y, bool *ok,
			 enum bl_code *code, struct bl_err *err)
{
	uint64_t v = 0;
	enum bl_code c;

	if (!set)
		return grundy_closed((enum grundy_piece_id)piece, x, y);
	if ((c = grundy_set_value(set, piece, x, y, &v, err)) != BL_OK) {
		*ok = false;
		if (code)
			*code = c;
	}
	return v;
}

/*
 * The cell of value want on the ride (dx, dy) from (x, y) of built-in like,
 * by its closed form solved for the one free coordinate.  Along a row of
 * the rook x' xor y = want gives x' = want xor y; the palace's value on a
 * row fixes x' div 3 by the xor and x' mod 3 by (x' + y) mod 3; along the
 * bishop's diagonal min(x, y) drops by the steps taken.
 */
static bool invert_ride(int like, const struct grundy_move *mv, uint64_t x, uint64_t y,
			uint64_t want, uint64_t *tx, uint64_t *ty)
{
	uint64_t c;

	switch (like) {
	case GRUNDY_ROOK:
	case GRUNDY_PALACE: {
		/* The free coordinate and the fixed one. */
		uint64_t fixed = mv->dx ? y : x, from = mv->dx ? x : y;
		if (like == GRUNDY_ROOK)
			c = want ^ fixed;
		else
			c = 3 * ((want / 3) ^ (fixed / 3)) + (want % 3 + 3 - fixed % 3) % 3;
		if (c >= from)
			return false;
		*tx = mv->dx ? c : x;
		*ty = mv->dx ? y : c;
		return true;
	}
	case GRUNDY_BISHOP: {
		uint64_t lo = x < y ? x : y;
		if (want >= lo)
			return false;
		*tx = x - (lo - want);
		*ty = y - (lo - want);
		return true;
	}
	default:
		assert(0 && "a built-in without rides has no ride to invert");
		return false;
	}
}

bool grundy_move_to(struct grundy_set *set, const struct grundy_stone *s, uint64_t want,
		    uint64_t *tx, uint64_t *ty, enum bl_code *code, struct bl_err *err)
{
	const struct grundy_piece *p = set ? &set->piece[s->piece]
					   : grundy_builtin((enum grundy_piece_id)s->piece);
	int like = -1;
	bool ok = true;

	if (p->closed)
		like = s->piece < GRUNDY_NPIECES ? s->piece : grundy_piece_like(p);
	for (int i = 0; i < p->nmoves; i++) {
		const struct grundy_move *mv = &p->moves[i];
		uint64_t dx = (uint64_t)mv->dx, dy = (uint64_t)mv->dy;

		if (mv->step == GRUNDY_RIDE && like >= 0) {
			if (invert_ride(like, mv, s->x, s->y, want, tx, ty))
				return true;
			continue;
		}
		/* A leap, or a ride of a piece valued from its table: its few cells. */
		for (uint64_t x = s->x, y = s->y; x >= dx && y >= dy;) {
			x -= dx;
			y -= dy;
			if (value_of(set, s->piece, x, y, &ok, code, err) == want && ok) {
				*tx = x;
				*ty = y;
				return true;
			}
			if (!ok || mv->step == GRUNDY_LEAP)
				break;
		}
		if (!ok)
			return false;
	}
	return false;
}

/*
 * The second reading of a hint: the first piece whose value can drop to
 * its xor with the others (h->nim, found by the first).
 */
static enum bl_code find_move(struct bl_reader *rd, const struct grundy_format *fmt,
			      const struct grundy_limits *lim, struct grundy_hint *h,
			      struct bl_err *err)
{
	struct grundy_input in;
	struct grundy_stone s;
	enum bl_code code;

	if ((code = grundy_input_begin(&in, rd, fmt, lim, err)) != BL_OK)
		return code;
	h->count = in.count;
	if (h->nim == 0)
		return BL_OK;
	while (in.done < in.count) {
		uint64_t want;
		if ((code = grundy_input_next(&in, &s, err)) != BL_OK)
			return code;
		want = s.value ^ h->nim;
		if (want >= s.value)
			continue;
		code = BL_OK;
		if (grundy_move_to(fmt->set, &s, want, &h->tx, &h->ty, &code, err)) {
			h->index = in.done;
			h->stone = s;
			h->to = want;
			return BL_OK;
		}
		if (code != BL_OK)
			return code;
	}
	return bl_fail(err, BL_ERR_INTERNAL, "no move to xor 0 found although the xor is %llu",
		       (unsigned long long)h->nim);
}

/*
 * Read twice: once for the xor, then again, from a mark, for the move; the
 * reader is left past the instance, as one reading leaves it.  On a stream
 * the mark keeps the instance's bytes in memory meanwhile.
 */
enum bl_code grundy_hint_find(struct bl_reader *rd, const struct grundy_format *fmt,
			      const struct grundy_limits *lim, struct grundy_hint *h,
			      struct bl_err *err)
{
	struct bl_mark start, end;
	struct grundy_result res;
	enum bl_code code;

	h->index = 0;
	bl_reader_mark(rd, &start);
	if ((code = grundy_solve(rd, fmt, lim, &res, err)) == BL_OK) {
		h->nim = res.nim;
		bl_reader_mark(rd, &end);
		bl_reader_rewind(rd, &start);
		code = find_move(rd, fmt, lim, h, err);
		bl_reader_rewind(rd, &end);
		bl_reader_unmark(rd, &end);
	}
	bl_reader_unmark(rd, &start);
	return code;
}
