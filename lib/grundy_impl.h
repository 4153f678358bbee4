/*
 * grundy_impl: what the files of the grundy module share and no caller
 * needs.  Not part of the interface (include/boardlab/grundy.h is).
 */
#ifndef BOARDLAB_GRUNDY_IMPL_H
#define BOARDLAB_GRUNDY_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "boardlab/grundy.h"

/* The rule language (grundy_piece.c), for the rules of a set's text. */

/*
 * grundy_rule_parse of s[0..len), its columns counted from ls <= s, the
 * start of the line in a longer text.
 */
enum bl_code grundy_rule_parse_in(const char *ls, const char *s, size_t len,
				  struct grundy_piece *p, struct bl_err *err);

/*
 * The display column of at in the line starting at ls, as the token reader
 * of io.c counts it for input files: tab stops every 8, a UTF-8 character
 * once.
 */
int grundy_text_col(const char *ls, const char *at);

/*
 * The one reading of an instance's stones with their running XOR, behind
 * grundy_solve and the explanations (grundy_input.c): reads one instance
 * in format *fmt within *lim, calling fn (when not NULL) after each stone
 * with the stone, its number (from 1) and the XOR of the values so far;
 * fn returning false stops the reading there, which is no error.  *res
 * gets the XOR of the stones read and the count announced.  Errors as
 * grundy_solve.
 */
typedef bool (*grundy_stone_fn)(void *ctx, const struct grundy_stone *s, int64_t index,
				uint64_t nim);
enum bl_code grundy_stones(struct bl_reader *rd, const struct grundy_format *fmt,
			   const struct grundy_limits *lim, grundy_stone_fn fn, void *ctx,
			   struct grundy_result *res, struct bl_err *err);

/*
 * The closed forms of the five built-in pieces (grundy_piece.c) at (x, y),
 * all at once and with no branch, in v[id]: a scan of pieces in random
 * order picks its piece's value from v rather than jump to one of five
 * functions.  Equal to grundy_closed's for every id (tests/unit/t-grundy.c).
 */
static inline void grundy_closed_all(uint64_t x, uint64_t y, uint64_t v[GRUNDY_NPIECES])
{
	uint64_t lo = x < y ? x : y, gap = (x < y ? y : x) - lo, r = lo % 3;
	uint64_t mixed = (x ^ y) & 1;

	v[GRUNDY_ROOK] = x ^ y;
	v[GRUNDY_BISHOP] = lo;
	v[GRUNDY_KING] = mixed ? 1 | (lo & 1) << 1 : (x & 1) << 1;
	v[GRUNDY_KNIGHT] = r == 0 ? 0 : r == 1 ? gap != 0 : 1 + (gap > 1);
	v[GRUNDY_PALACE] = (x % 3 + y % 3) % 3 + 3 * ((x / 3) ^ (y / 3));
}

/*
 * A long view's check after each piece of output: true to go on; false
 * when out held GRUNDY_DRAIN_BYTES and drain refused it.
 */
static inline bool grundy_drain(struct bl_buf *out, grundy_drain_fn drain, void *ctx)
{
	return out->len < GRUNDY_DRAIN_BYTES || !drain || drain(ctx, out);
}

/* Pictures (lib/grundy_svg.c), drawn by the views. */

/* The heat map's colour "#rrggbb" of value v on a scale 0..vmax (cap >= 8). */
void pic_heat(uint32_t v, uint32_t vmax, char *out, size_t cap);

#define GRUNDY_PIC_WINDOW 24   /* the largest window a grundy picture draws */

/*
 * A Grundy position as its pictures see it: the window (4 to
 * GRUNDY_PIC_WINDOW cells a side, up to the largest coordinate), how many
 * pieces of each kind lie on each of its cells, and how many lie beyond
 * it.  Built once from the pieces (O(N)), then kept up to date move by
 * move (O(1)), so that a frame of a replay costs O(kinds x window^2)
 * however many pieces there are.
 */
struct pic_grundy_pos {
	int win;
	size_t n;                           /* pieces */
	size_t outside;                     /* pieces beyond the window */
	size_t kind[GRUNDY_SET_MAX];        /* pieces of each kind */
	uint32_t cell[GRUNDY_SET_MAX][GRUNDY_PIC_WINDOW][GRUNDY_PIC_WINDOW];
};

void pic_grundy_pos_init(struct pic_grundy_pos *pos, const struct grundy_stone *st, size_t n);

/*
 * The window of the pieces st[0..n): from 4 cells a side up to the
 * largest coordinate below GRUNDY_PIC_WINDOW, plus one.
 */
int pic_grundy_window(const struct grundy_stone *st, size_t n);

/* A piece of kind p moved from (fx, fy) to (tx, ty). */
void pic_grundy_pos_move(struct pic_grundy_pos *pos, int p, uint64_t fx, uint64_t fy,
			 uint64_t tx, uint64_t ty);

/* The move a frame marks: a piece of kind piece from (fx, fy) to (tx, ty). */
struct pic_grundy_move {
	int piece;
	uint64_t fx, fy, tx, ty;
};

/*
 * The Grundy position pos: for each kind of piece in it, that piece's
 * table on the cells 0 <= x, y < pos->win as a heat map, and on each cell
 * holding pieces of that kind one disc (its letter, or how many pieces
 * when more than one); mv (NULL for none) marked: its disc ringed, the
 * cell it came from dashed.  heat_id NULL draws the heat maps; otherwise
 * the picture shows them by <use> of the group pic_grundy_defs wrote
 * under that id in the same page (a replay then holds them once, not once
 * a frame).  Errors from grundy_set_value (a table that cannot be built).
 */
enum bl_code pic_grundy(struct grundy_set *set, const struct pic_grundy_pos *pos,
			const struct pic_grundy_move *mv, const char *heat_id, const char *title,
			const char *caption, struct bl_buf *out, struct bl_err *err);

/* A hidden <svg> whose <defs> hold the heat maps of pic_grundy as group id. */
enum bl_code pic_grundy_defs(struct grundy_set *set, const struct pic_grundy_pos *pos,
			     const char *id, struct bl_buf *out, struct bl_err *err);

/*
 * A mistake's values (lib/grundy_variant.c), for grundy_stones: init, then
 * for palace-x1 grundy_variant_table up to the largest palace coordinates,
 * then value each piece, add the values from 0, and end the sum.
 */
struct grundy_variant {
	enum grundy_mistake m;
	uint16_t *table;   /* palace-x1: (w + 1) x (h + 1) values, row x first; owned */
	uint64_t w, h;
};

void grundy_variant_init(struct grundy_variant *v, enum grundy_mistake m);
void grundy_variant_release(struct grundy_variant *v);

/* palace-x1's table for x <= w, y <= h: BL_ERR_LIMIT past GRUNDY_MISTAKE_TABLE_MAX, BL_ERR_NOMEM. */
enum bl_code grundy_variant_table(struct grundy_variant *v, uint64_t w, uint64_t h,
				  struct bl_err *err);

/* The value of built-in piece `piece` at (x, y) under the mistake. */
uint64_t grundy_variant_value(const struct grundy_variant *v, int piece, uint64_t x, uint64_t y);

/* The running combination: XOR, or the sum for sum-not-xor. */
uint64_t grundy_variant_add(const struct grundy_variant *v, uint64_t acc, uint64_t value);

/* The number compared with 0 at the end: names-swapped turns 0 into 1 and the rest into 0. */
uint64_t grundy_variant_end(const struct grundy_variant *v, uint64_t acc);

#endif
