/*
 * grundy_input: the reader of the judge's format.  Pieces are scanned by
 * hand; any piece the scan does not take as plainly valid is read again
 * through the token reader of io.c, which gives the same diagnostics as it
 * always has.
 */
#include "grundy_impl.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

void grundy_limits_boj(struct grundy_limits *lim)
{
	lim->count_min = 1;
	lim->count_max = GRUNDY_BOJ_COUNT_MAX;
	lim->coord_max = GRUNDY_BOJ_COORD_MAX;
	lim->palace_coord_max = GRUNDY_BOJ_PALACE_COORD_MAX;
}

void grundy_limits_any(struct grundy_limits *lim)
{
	lim->count_min = 0;
	lim->count_max = GRUNDY_COUNT_MAX;
	lim->coord_max = GRUNDY_COORD_MAX;
	lim->palace_coord_max = GRUNDY_COORD_MAX;
}

int64_t grundy_limits_coord_max(const struct grundy_limits *lim, int only)
{
	return only == GRUNDY_PALACE ? lim->palace_coord_max : lim->coord_max;
}

static const char *letters_text(const struct grundy_format *f)
{
	return f->set ? f->set->letters : GRUNDY_LETTERS_TEXT;
}

char grundy_input_letter(const struct grundy_input *in, int i)
{
	return grundy_set_letter(in->fmt.set, i);
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

	if (fmt->only == GRUNDY_MIXED || t->len != 1 || grundy_set_find(fmt->set, t->s[0]) < 0)
		return bl_fail_tok(t, err, what);
	return bl_fail_at(err, BL_ERR_INPUT, t->line, t->col,
			  "expected %s, found '%s' (lines are 'x y', without a piece letter)", what,
			  bl_tok_quote(t, q, sizeof q));
}

static const signed char space_tab[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\v'] = 1, ['\f'] = 1,
};

static bool is_space(char c)
{
	return space_tab[(unsigned char)c];
}

/*
 * The column after the bytes [s, e) of one line starting at column col, by
 * io.c's rule: tab stops every 8, a UTF-8 continuation byte takes none,
 * saturating at INT_MAX.
 */
static int col_after(const char *s, const char *e, int col)
{
	for (; s < e; s++) {
		if (*s == '\t')
			col = col > INT_MAX - 8 ? INT_MAX : ((col - 1) / 8 + 1) * 8 + 1;
		else if (((unsigned char)*s & 0xc0) != 0x80 && col < INT_MAX)
			col++;
	}
	return col;
}

/* Brings the reader to the scan's position: just past the last piece. */
static void sync_reader(struct grundy_input *in)
{
	struct bl_reader *rd = in->rd;

	if (rd->p == in->p)
		return;
	rd->p = in->p;
	rd->line = in->line;
	rd->col = col_after(in->line_start, in->p, in->line_col);
	rd->last_line = rd->line;
	rd->last_col = rd->col;
	rd->ntok += in->ntok;
	in->ntok = 0;
}

/* Starts the scan where the reader stands. */
static void scan_from_reader(struct grundy_input *in)
{
	in->p = in->rd->p;
	in->line_start = in->rd->p;
	in->line = in->rd->line;
	in->line_col = in->rd->col;
	in->ntok = 0;
}

/* Everything of grundy_input_begin but the count. */
static enum bl_code input_init(struct grundy_input *in, struct bl_reader *rd,
			       const struct grundy_format *fmt, const struct grundy_limits *lim,
			       struct bl_err *err)
{
	int npieces = fmt->set ? fmt->set->n : GRUNDY_NPIECES;

	if (fmt->only < GRUNDY_MIXED || fmt->only >= npieces)
		return bl_fail(err, BL_ERR_ARG, "piece id %d is not a %s piece", fmt->only,
			       fmt->set ? "defined" : "built-in");
	in->rd = rd;
	in->fmt = *fmt;
	in->lim = *lim;
	in->lim.coord_max = grundy_limits_coord_max(lim, fmt->only);
	in->count = 0;
	in->done = 0;
	in->validate_only = false;
	memset(in->letter, -1, sizeof in->letter);
	for (int i = 0; i < npieces; i++) {
		in->letter[(unsigned char)grundy_input_letter(in, i)] = (signed char)i;
		in->closed[i] = fmt->set ? fmt->set->piece[i].closed
					 : grundy_builtin((enum grundy_piece_id)i)->closed;
	}
	return BL_OK;
}

enum bl_code grundy_input_begin(struct grundy_input *in, struct bl_reader *rd,
				const struct grundy_format *fmt, const struct grundy_limits *lim,
				struct bl_err *err)
{
	char what[80];
	struct bl_tok t;
	size_t ntok = rd->ntok;
	enum bl_code code = input_init(in, rd, fmt, lim, err);

	if (code != BL_OK)
		return code;
	if (bl_reader_next(rd, &t) && bl_tok_int(&t, &in->count) &&
	    in->count >= in->lim.count_min && in->count <= in->lim.count_max) {
		scan_from_reader(in);
		return BL_OK;
	}
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

enum bl_code grundy_expect_end(struct bl_reader *rd, const struct grundy_format *fmt,
			       int64_t count, struct bl_err *err)
{
	struct bl_tok t;
	char what[80];

	if (!bl_reader_peek(rd, &t))
		return BL_OK;
	snprintf(what, sizeof what, "end of input after %lld piece%s", (long long)count,
		 count == 1 ? "" : "s");
	return fail_token(fmt, &t, what, err);
}

enum bl_code grundy_input_end(const struct grundy_input *in, struct bl_err *err)
{
	assert(in->rd->p == in->p);
	return grundy_expect_end(in->rd, &in->fmt, in->count, err);
}

/* The token-by-token reading of one piece, from the reader. */
static enum bl_code read_plain(struct grundy_input *in, struct grundy_stone *s,
			       struct bl_err *err)
{
	struct bl_tok t;
	enum bl_code code;
	int piece;
	char what[GRUNDY_SET_MAX * 3 + 32];

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
	if ((code = read_coord(in, "an x coordinate", &s->x, err)) != BL_OK)
		return code;
	if (bl_reader_peek(in->rd, &t)) {
		s->yline = t.line;
		s->ycol = t.col;
	}
	if ((code = read_coord(in, "a y coordinate", &s->y, err)) != BL_OK)
		return code;
	if (in->fmt.only != GRUNDY_MIXED) {
		piece = in->fmt.only;
	} else {
		snprintf(what, sizeof what, "a piece %s", letters_text(&in->fmt));
		if (!bl_reader_next(in->rd, &t))
			return bl_fail_eof(in->rd, err, what);
		piece = t.len == 1 ? in->letter[(unsigned char)t.s[0]] : -1;
		if (piece < 0)
			return bl_fail_tok(&t, err, what);
	}
	s->piece = piece;
	return BL_OK;
}

/* Skips whitespace, counting the lines it crosses (a lone CR is one). */
#define SKIP_SPACE(p, end, line, ls)                                                  \
	while (p < end && is_space(*p)) {                                            \
		if (*p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n'))) { \
			line++;                                                      \
			ls = p + 1;                                                  \
		}                                                                    \
		p++;                                                                 \
	}

/*
 * Digits up to the next whitespace, at most max; false for anything else,
 * and for digits that reach end when more bytes may follow (more).  More
 * than 19 digits is never a coordinate here, so the loop stops at 20 and
 * needs one bound; inline, as it runs twice per piece.
 */
static inline bool scan_number(const char **pp, const char *end, bool more, uint64_t max,
			       uint64_t *out)
{
	const char *p = *pp, *lim = end - p > 20 ? p + 20 : end;
	uint64_t v = 0;
	unsigned d;

	while (p < lim && (d = (unsigned)(*p - '0')) < 10) {
		v = v * 10 + d;
		p++;
	}
	if (p == *pp || p - *pp > 19 || v > max || (p < end ? !is_space(*p) : more))
		return false;
	*pp = p;
	*out = v;
	return true;
}

/*
 * The scan of one plainly valid piece: digits, whitespace, digits (and a
 * known letter).  False, with nothing consumed, for anything else, and for
 * a piece that reaches the end of the bytes in hand when a stream has more
 * to come: the token reader then reads it.
 */
static inline bool scan_piece(struct grundy_input *in, struct grundy_stone *s)
{
	bool more = !in->rd->eof;
	const char *p = in->p, *end = in->rd->end, *ls = in->line_start, *tok, *tok_ls, *ytok,
		   *ytok_ls;
	int line = in->line, piece = in->fmt.only, tok_line, ytok_line;
	uint64_t max = (uint64_t)in->lim.coord_max;

	SKIP_SPACE(p, end, line, ls);
	tok = p;
	tok_ls = ls;
	tok_line = line;
	if (!scan_number(&p, end, more, max, &s->x))
		return false;
	SKIP_SPACE(p, end, line, ls);
	ytok = p;
	ytok_ls = ls;
	ytok_line = line;
	if (!scan_number(&p, end, more, max, &s->y))
		return false;
	if (piece == GRUNDY_MIXED) {
		SKIP_SPACE(p, end, line, ls);
		if (p == end || (p + 1 < end ? !is_space(p[1]) : more))
			return false;
		if ((piece = in->letter[(unsigned char)*p]) < 0)
			return false;
		p++;
	}
	s->piece = piece;
	s->line = tok_line;
	s->col = col_after(tok_ls, tok, tok_ls == in->line_start ? in->line_col : 1);
	s->yline = ytok_line;
	s->ycol = col_after(ytok_ls, ytok, ytok_ls == in->line_start ? in->line_col : 1);
	if (ls != in->line_start) {
		in->line_start = ls;
		in->line_col = 1;
	}
	in->p = p;
	in->line = line;
	in->ntok += piece == in->fmt.only ? 2 : 3;
	return true;
}

enum bl_code grundy_input_next(struct grundy_input *in, struct grundy_stone *s,
			       struct bl_err *err)
{
	enum bl_code code;

	assert(in->done < in->count);
	/* A stream's next bytes, before the scan runs out of them. */
	if (!in->rd->eof && in->rd->end - in->p < 256) {
		sync_reader(in);
		bl_reader_fill(in->rd, 256);
		scan_from_reader(in);
	}
	if (in->fmt.plain || !scan_piece(in, s)) {
		sync_reader(in);
		if ((code = read_plain(in, s, err)) != BL_OK)
			return code;
		scan_from_reader(in);
	}
	if (in->validate_only) {
		s->value = 0;
	} else if (in->closed[s->piece]) {
		s->value = in->closed[s->piece](s->x, s->y);
	} else {
		struct bl_err e;
		bl_err_clear(&e);
		if ((code = grundy_set_value(in->fmt.set, s->piece, s->x, s->y, &s->value, &e)) !=
		    BL_OK) {
			/* At the coordinate the message names: x when x >= y, else y. */
			sync_reader(in);
			return bl_fail_at(err, code, s->x >= s->y ? s->line : s->yline,
					  s->x >= s->y ? s->col : s->ycol, "%s", e.msg);
		}
	}
	if (++in->done == in->count)
		sync_reader(in);
	return BL_OK;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HAVE_SWAR 1

/* The number of the eight digit values of t, the first in the lowest byte. */
static inline uint64_t eight_digits(uint64_t t)
{
	const uint64_t mask = 0x000000FF000000FFu;
	const uint64_t mul1 = 100 + (UINT64_C(1000000) << 32), mul2 = 1 + (UINT64_C(10000) << 32);

	t = t * 10 + (t >> 8);
	return ((t & mask) * mul1 + ((t >> 16) & mask) * mul2) >> 32;
}

/* Byte i of the result has its top bit set when byte i of w is not a digit (t: w - '0's). */
static inline uint64_t non_digits(uint64_t t)
{
	return (t | (t + UINT64_C(0x7676767676767676))) & UINT64_C(0x8080808080808080);
}

/*
 * A number of 1 to 15 digits at *pq, at most max, eight bytes at a time;
 * false for anything else (a longer one is the plain scan's).  Reads up to
 * 16 bytes from *pq, which the caller guarantees are there.
 */
static inline bool swar_number(const char **pq, uint64_t max, uint64_t *out)
{
	static const uint64_t pow10[8] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000 };
	const uint64_t zeros = UINT64_C(0x3030303030303030);
	uint64_t w, t, nd, v;
	unsigned n, m;

	memcpy(&w, *pq, 8);
	t = w - zeros;
	if ((nd = non_digits(t)) != 0) {
		if ((n = (unsigned)__builtin_ctzll(nd) >> 3) == 0)
			return false;
		v = eight_digits(t << (64 - 8 * n));
	} else {
		v = eight_digits(t);
		memcpy(&w, *pq + 8, 8);
		t = w - zeros;
		if ((nd = non_digits(t)) == 0)
			return false;
		if ((m = (unsigned)__builtin_ctzll(nd) >> 3) != 0)
			v = v * pow10[m] + eight_digits(t << (64 - 8 * m));
		n = 8 + m;
	}
	if (v > max)
		return false;
	*pq += n;
	*out = v;
	return true;
}

/*
 * The judge's layout at full speed: pieces each on a line of their own
 * ("\n" or "\r\n" before each), single spaces between their tokens, values
 * by closed forms.  Scans from in->p while at least 48 bytes are in hand
 * and returns the xor of the values (0s when in->validate_only), leaving
 * in->p before the first piece it does not take (another layout, a fault,
 * a piece valued from a table): grundy_input_next reads that one.
 */
static uint64_t scan_fast(struct grundy_input *in)
{
	const char *p = in->p, *stop = in->rd->end - 48, *ls = in->line_start;
	uint64_t acc = 0, max = (uint64_t)in->lim.coord_max, x, y;
	int64_t done = in->done;
	int line = in->line, piece = in->fmt.only;
	bool mixed = piece == GRUNDY_MIXED, builtin = !in->fmt.set;

	if (in->rd->end - p < 48)
		return 0;
	while (done < in->count && p < stop) {
		const char *q = p + (*p == '\r');
		if (*q++ != '\n' || !swar_number(&q, max, &x) || *q++ != ' ' ||
		    !swar_number(&q, max, &y))
			break;
		if (mixed) {
			if (*q != ' ' || (piece = in->letter[(unsigned char)q[1]]) < 0)
				break;
			q += 2;
		}
		if (!is_space(*q) || !in->closed[piece])
			break;
		if (!in->validate_only && builtin) {
			uint64_t v[GRUNDY_NPIECES];
			grundy_closed_all(x, y, v);
			acc ^= v[piece];
		} else if (!in->validate_only) {
			acc ^= in->closed[piece](x, y);
		}
		ls = p + (*p == '\r') + 1;
		line++;
		p = q;
		done++;
	}
	in->ntok += (size_t)(done - in->done) * (mixed ? 3 : 2);
	in->done = done;
	in->p = p;
	in->line = line;
	if (ls != in->line_start) {
		in->line_start = ls;
		in->line_col = 1;
	}
	if (done == in->count)
		sync_reader(in);
	return acc;
}
#else
#define HAVE_SWAR 0
#endif

/*
 * Every piece of in, their xor in *acc, fn (when not NULL) called after
 * each: at full speed (scan_fast) while no piece is asked for.  *lined
 * says whether piece i's x and y were on line i + 1 (struct grundy_result):
 * scan_fast takes a piece alone on the line after the last, its line and
 * in->done growing together, so one test after it stands for each piece.
 */
static enum bl_code read_pieces(struct grundy_input *in, grundy_stone_fn fn, void *ctx,
				uint64_t *acc, bool *lined, struct bl_err *err)
{
	struct grundy_stone s;
	enum bl_code code;

	*lined = true;
	while (in->done < in->count) {
#if HAVE_SWAR
		if (!fn && !in->fmt.plain) {
			int64_t before = in->done;
			*acc ^= scan_fast(in);
			if (in->done != before && in->line != in->done + 1)
				*lined = false;
			if (in->done == in->count)
				break;
		}
#endif
		if ((code = grundy_input_next(in, &s, err)) != BL_OK)
			return code;
		if (s.line != in->done + 1 || s.yline != s.line)
			*lined = false;
		*acc ^= s.value;
		if (fn && !fn(ctx, &s, in->done, *acc))
			break;
	}
	return BL_OK;
}

uint64_t grundy_stone_value(const struct grundy_stone *s)
{
	return grundy_closed((enum grundy_piece_id)s->piece, s->x, s->y);
}

enum bl_code grundy_check(struct bl_reader *rd, const struct grundy_format *fmt,
			  const struct grundy_limits *lim, int64_t *count, struct bl_err *err)
{
	struct grundy_input in;
	enum bl_code code;
	uint64_t acc = 0;
	bool lined;

	if ((code = grundy_input_begin(&in, rd, fmt, lim, err)) != BL_OK)
		return code;
	in.validate_only = true;
	if ((code = read_pieces(&in, NULL, NULL, &acc, &lined, err)) != BL_OK)
		return code;
	*count = in.count;
	return BL_OK;
}

/* A piece that is not a built-in (a set's own), which a mistake cannot value. */
static bool not_builtin(const struct grundy_format *fmt, int piece)
{
	return piece >= GRUNDY_NPIECES ||
	       (fmt->set && fmt->set->piece[piece].closed !=
				    grundy_builtin((enum grundy_piece_id)piece)->closed);
}

/*
 * palace-x1: the largest palace coordinates of the instance, read ahead
 * from a mark of rd (a stream keeps the bytes) and rewound to it.
 */
static enum bl_code palace_extent(struct bl_reader *rd, const struct grundy_format *fmt,
				  const struct grundy_limits *lim, struct grundy_variant *v,
				  struct bl_err *err)
{
	struct grundy_input in;
	struct grundy_stone s;
	struct bl_mark start;
	uint64_t w = 0, h = 0;
	enum bl_code code;

	bl_reader_mark(rd, &start);
	code = grundy_input_begin(&in, rd, fmt, lim, err);
	in.validate_only = true;
	while (code == BL_OK && in.done < in.count)
		if ((code = grundy_input_next(&in, &s, err)) == BL_OK && s.piece == GRUNDY_PALACE) {
			w = s.x > w ? s.x : w;
			h = s.y > h ? s.y : h;
		}
	bl_reader_rewind(rd, &start);
	bl_reader_unmark(rd, &start);
	return code == BL_OK ? grundy_variant_table(v, w, h, err) : code;
}

/* grundy_stones with fmt->mistake: the mistake's values and sum (lib/grundy_variant.c). */
static enum bl_code stones_variant(struct bl_reader *rd, const struct grundy_format *fmt,
				   const struct grundy_limits *lim, grundy_stone_fn fn, void *ctx,
				   struct grundy_result *res, struct bl_err *err)
{
	struct grundy_variant v;
	struct grundy_input in;
	struct grundy_stone s;
	enum bl_code code = BL_OK;
	uint64_t acc = 0;

	if ((unsigned)fmt->mistake >= GRUNDY_MISTAKE_COUNT)
		return bl_fail(err, BL_ERR_ARG, "unknown mistake %d", (int)fmt->mistake);
	grundy_variant_init(&v, fmt->mistake);
	if (fmt->mistake == GRUNDY_MISTAKE_PALACE_X1)
		code = palace_extent(rd, fmt, lim, &v, err);
	if (code == BL_OK && (code = grundy_input_begin(&in, rd, fmt, lim, err)) == BL_OK)
		res->count = in.count;
	while (code == BL_OK && in.done < in.count) {
		if ((code = grundy_input_next(&in, &s, err)) != BL_OK)
			break;
		if (not_builtin(fmt, s.piece)) {
			code = bl_fail(err, BL_ERR_ARG, "a mistake values the built-in pieces only, "
				       "not '%c'", grundy_set_letter(fmt->set, s.piece));
			break;
		}
		s.value = grundy_variant_value(&v, s.piece, s.x, s.y);
		acc = grundy_variant_add(&v, acc, s.value);
		if (fn && !fn(ctx, &s, in.done, acc))
			break;
	}
	res->nim = grundy_variant_end(&v, acc);
	grundy_variant_release(&v);
	return code;
}

enum bl_code grundy_stones(struct bl_reader *rd, const struct grundy_format *fmt,
			   const struct grundy_limits *lim, grundy_stone_fn fn, void *ctx,
			   struct grundy_result *res, struct bl_err *err)
{
	struct grundy_input in;
	enum bl_code code;
	uint64_t acc = 0;

	res->nim = 0;
	res->count = 0;
	res->lined = false;
	if (fmt->mistake != GRUNDY_MISTAKE_NONE)
		return stones_variant(rd, fmt, lim, fn, ctx, res, err);
	if ((code = grundy_input_begin(&in, rd, fmt, lim, err)) != BL_OK)
		return code;
	res->count = in.count;
	code = read_pieces(&in, fn, ctx, &acc, &res->lined, err);
	res->nim = acc;
	return code;
}

enum bl_code grundy_solve(struct bl_reader *rd, const struct grundy_format *fmt,
			  const struct grundy_limits *lim, struct grundy_result *res,
			  struct bl_err *err)
{
	return grundy_stones(rd, fmt, lim, NULL, NULL, res, err);
}

const char *grundy_winner(uint64_t nim)
{
	return nim ? "koosaga" : "cubelover";
}

/* The value of the piece that is all of line; false unless line is exactly one piece. */
static bool line_value(const char *line, size_t len, const struct grundy_format *fmt,
		       const struct grundy_limits *lim, uint64_t *value)
{
	struct bl_reader rd;
	struct grundy_input in;
	struct grundy_stone s;

	if (memchr(line, '\n', len) || memchr(line, '\r', len))
		return false;
	bl_reader_init(&rd, line, len);
	if (input_init(&in, &rd, fmt, lim, NULL) != BL_OK)
		return false;
	in.count = 1;
	scan_from_reader(&in);
	if (grundy_input_next(&in, &s, NULL) != BL_OK || grundy_input_end(&in, NULL) != BL_OK)
		return false;
	*value = s.value;
	return true;
}

enum bl_code grundy_solve_line(const char *old_line, size_t old_len, const char *new_line,
			       size_t new_len, const struct grundy_format *fmt,
			       const struct grundy_limits *lim, struct grundy_result *res)
{
	uint64_t was, now;

	if (!res->lined || !line_value(old_line, old_len, fmt, lim, &was) ||
	    !line_value(new_line, new_len, fmt, lim, &now))
		return BL_ERR_INPUT;
	res->nim ^= was ^ now;
	return BL_OK;
}
