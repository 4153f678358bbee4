/*
 * grundy_piece: the pieces as data, the bottom of the grundy module: the
 * five built-ins and their closed forms, the check of a piece, and the
 * rule language that defines one ("Q = ride(1,0) + ride(0,1)").  It calls
 * nothing of the module: tables (grundy_table.c) build on it, sets
 * (grundy.c) on both.
 */
#include "grundy_impl.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define BL_STR_(x) #x
#define BL_STR(x) BL_STR_(x)

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

bool grundy_move_legal(const struct grundy_piece *p, uint64_t fx, uint64_t fy, uint64_t tx,
		       uint64_t ty)
{
	if (tx > fx || ty > fy)
		return false;
	uint64_t ddx = fx - tx, ddy = fy - ty;
	for (int i = 0; i < p->nmoves; i++) {
		uint64_t dx = (uint64_t)p->moves[i].dx, dy = (uint64_t)p->moves[i].dy;
		if (ddx == dx && ddy == dy)
			return true;   /* one step, a leap's or a ride's */
		if (p->moves[i].step != GRUNDY_RIDE)
			continue;
		/* k steps: k from the coordinate whose step is not 0, then the other checked by
		   division, which cannot overflow */
		uint64_t k = dx ? ddx / dx : ddy / dy;
		if (k >= 1 && (dx ? ddx % dx == 0 : ddx == 0) && (dy ? ddy % dy == 0 && ddy / dy == k
							    : ddy == 0))
			return true;
	}
	return false;
}

static const char *const builtin_rules[GRUNDY_NPIECES] = {
	[GRUNDY_ROOK] = "R = ride(1,0) + ride(0,1)",
	[GRUNDY_BISHOP] = "B = ride(1,1)",
	[GRUNDY_KING] = "K = leap(1,0) + leap(0,1) + leap(1,1)",
	[GRUNDY_KNIGHT] = "N = leap(1,2) + leap(2,1)",
	[GRUNDY_PALACE] = "P = ride(1,0) + ride(0,1) + leap(1,1)",
};

const char *grundy_builtin_rule(enum grundy_piece_id id)
{
	assert((unsigned)id < GRUNDY_NPIECES);
	return builtin_rules[id];
}

static const char *const closed_words[GRUNDY_NPIECES] = {
	[GRUNDY_ROOK] = "x xor y",
	[GRUNDY_BISHOP] = "min(x, y)",
	[GRUNDY_KING] = "2-periodic: 0, 1, 2 or 3 by the parities of x, y and min(x, y)",
	[GRUNDY_KNIGHT] = "3-periodic along the diagonal: 0, 1 or 2 by min(x, y) mod 3 and |x - y|",
	[GRUNDY_PALACE] = "(x + y) mod 3 + 3 ((x div 3) xor (y div 3))",
};

const char *grundy_closed_words(enum grundy_piece_id id)
{
	assert((unsigned)id < GRUNDY_NPIECES);
	return closed_words[id];
}

/*
 * A cursor over one rule.  Columns count from ls, the start of the rule's
 * line (a rule is within one line), by io.c's rule for input files.
 */
struct rule_scan {
	const char *ls, *p, *end;
	struct bl_err *err;
};

/*
 * The display column of at in the line starting at ls, as the token reader
 * of io.c counts it for input files: tab stops every 8, a UTF-8 character
 * once.  The reader itself walks the bytes before at.
 */
int grundy_text_col(const char *ls, const char *at)
{
	struct bl_reader rd;
	struct bl_tok t;

	bl_reader_init(&rd, ls, (size_t)(at - ls));
	while (bl_reader_next(&rd, &t))
		;
	bl_reader_eof(&rd);   /* past trailing whitespace too */
	return rd.col;
}

static void rule_skip(struct rule_scan *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t'))
		r->p++;
}

static int rule_col(const struct rule_scan *r, const char *at)
{
	return grundy_text_col(r->ls, at);
}

/*
 * "expected WHAT, found 'TOKEN'" at the next token: a word, a number or one
 * other character, as the reader would quote it.
 */
static enum bl_code rule_fail(struct rule_scan *r, const char *what)
{
	struct bl_tok t;
	char q[BL_TOK_QUOTE_MAX];
	const char *e;

	rule_skip(r);
	if (r->p == r->end)
		return bl_fail_at(r->err, BL_ERR_INPUT, 1, rule_col(r, r->p),
				  "expected %s, found end of rule", what);
	e = r->p;
	if (isalnum((unsigned char)*e) || *e == '-' || *e == '_') {
		e++;
		while (e < r->end && (isalnum((unsigned char)*e) || *e == '_'))
			e++;
	} else {
		/* One character: a whole UTF-8 sequence, so the quote shows it. */
		e++;
		while (e < r->end && ((unsigned char)*e & 0xc0) == 0x80)
			e++;
	}
	t.s = r->p;
	t.len = (size_t)(e - r->p);
	t.line = 1;
	t.col = rule_col(r, r->p);
	return bl_fail_at(r->err, BL_ERR_INPUT, 1, t.col, "expected %s, found '%s'", what,
			  bl_tok_quote(&t, q, sizeof q));
}

static bool rule_char(struct rule_scan *r, char c)
{
	rule_skip(r);
	if (r->p < r->end && *r->p == c) {
		r->p++;
		return true;
	}
	return false;
}

static bool rule_word(struct rule_scan *r, const char *w)
{
	size_t n = strlen(w);

	rule_skip(r);
	if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0)
		return false;
	if (r->p + n < r->end && (isalnum((unsigned char)r->p[n]) || r->p[n] == '_'))
		return false;
	r->p += n;
	return true;
}

static enum bl_code rule_step(struct rule_scan *r, int *out)
{
	long v = 0;
	const char *q;

	rule_skip(r);
	q = r->p;
	while (q < r->end && *q >= '0' && *q <= '9' && v <= GRUNDY_DELTA_MAX)
		v = v * 10 + (*q++ - '0');
	if (q == r->p || v > GRUNDY_DELTA_MAX ||
	    (q < r->end && (isalnum((unsigned char)*q) || *q == '_')))
		return rule_fail(r, "a step from 0 to " BL_STR(GRUNDY_DELTA_MAX));
	r->p = q;
	*out = (int)v;
	return BL_OK;
}

enum bl_code grundy_rule_parse_in(const char *ls, const char *s, size_t len, struct grundy_piece *p,
			       struct bl_err *err)
{
	struct rule_scan r = { ls, s, s + len, err };
	enum bl_code code;

	memset(p, 0, sizeof *p);
	p->name = "custom";
	rule_skip(&r);
	if (r.p == r.end || *r.p < 'A' || *r.p > 'Z' ||
	    (r.p + 1 < r.end && (isalnum((unsigned char)r.p[1]) || r.p[1] == '_')))
		return rule_fail(&r, "a piece letter A to Z");
	p->letter = *r.p++;
	if (!rule_char(&r, '='))
		return rule_fail(&r, "'=' after the piece letter");
	for (;;) {
		struct grundy_move mv;
		const char *at;

		rule_skip(&r);
		at = r.p;
		if (rule_word(&r, "leap"))
			mv.step = GRUNDY_LEAP;
		else if (rule_word(&r, "ride"))
			mv.step = GRUNDY_RIDE;
		else
			return rule_fail(&r, "a move leap(a,b) or ride(a,b)");
		if (!rule_char(&r, '('))
			return rule_fail(&r, "'('");
		if ((code = rule_step(&r, &mv.dx)) != BL_OK)
			return code;
		if (!rule_char(&r, ','))
			return rule_fail(&r, "','");
		if ((code = rule_step(&r, &mv.dy)) != BL_OK)
			return code;
		if (!rule_char(&r, ')'))
			return rule_fail(&r, "')'");
		if (mv.dx == 0 && mv.dy == 0)
			return bl_fail_at(err, BL_ERR_INPUT, 1, rule_col(&r, at),
					  "%s(0,0) does not move: a step must not be (0,0)",
					  mv.step == GRUNDY_LEAP ? "leap" : "ride");
		if (p->nmoves == GRUNDY_MOVES_MAX)
			return bl_fail_at(err, BL_ERR_INPUT, 1, rule_col(&r, at),
					  "expected at most %d moves, found a %dth", GRUNDY_MOVES_MAX,
					  GRUNDY_MOVES_MAX + 1);
		p->moves[p->nmoves++] = mv;
		rule_skip(&r);
		if (r.p == r.end)
			return BL_OK;
		if (!rule_char(&r, '+'))
			return rule_fail(&r, "'+' or the end of the rule");
	}
}

enum bl_code grundy_rule_parse(const char *s, size_t len, struct grundy_piece *p,
			       struct bl_err *err)
{
	return grundy_rule_parse_in(s, s, len, p, err);
}

void grundy_rule_format(const struct grundy_piece *p, struct bl_buf *out)
{
	bl_buf_printf(out, "%c =", p->letter);
	for (int i = 0; i < p->nmoves; i++)
		bl_buf_printf(out, "%s %s(%d,%d)", i ? " +" : "",
			      p->moves[i].step == GRUNDY_LEAP ? "leap" : "ride", p->moves[i].dx,
			      p->moves[i].dy);
}

static bool has_move(const struct grundy_piece *p, const struct grundy_move *mv)
{
	for (int i = 0; i < p->nmoves; i++)
		if (p->moves[i].step == mv->step && p->moves[i].dx == mv->dx &&
		    p->moves[i].dy == mv->dy)
			return true;
	return false;
}

int grundy_piece_like(const struct grundy_piece *p)
{
	for (int id = 0; id < GRUNDY_NPIECES; id++) {
		const struct grundy_piece *b = &builtins[id];
		bool same = true;
		for (int i = 0; same && i < p->nmoves; i++)
			same = has_move(b, &p->moves[i]);
		for (int i = 0; same && i < b->nmoves; i++)
			same = has_move(p, &b->moves[i]);
		if (same)
			return id;
	}
	return -1;
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
