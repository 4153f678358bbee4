/*
 * grundy: impartial games of chess pieces that only move toward the corner
 * (0, 0) of a quarter-plane board (BOJ 16880, 16879).  Owns the pieces as
 * data (each a list of leap and ride moves), the closed forms of the five
 * built-in pieces, a brute-force Grundy table for any piece, and the reader
 * and solver of the judge's input format.
 */
#ifndef BOARDLAB_GRUNDY_H
#define BOARDLAB_GRUNDY_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "io.h"

/* The built-in pieces, in the order of the statement (and of their letters). */
enum grundy_piece_id {
	GRUNDY_ROOK,     /* R */
	GRUNDY_BISHOP,   /* B */
	GRUNDY_KING,     /* K */
	GRUNDY_KNIGHT,   /* N */
	GRUNDY_PALACE,   /* P */
	GRUNDY_NPIECES
};

/* The letters of the built-in pieces as a diagnostic lists them. */
#define GRUNDY_LETTERS_TEXT "R, B, K, N or P"

/*
 * A move, always toward the corner: a leap goes once from (x, y) to
 * (x - dx, y - dy), a ride to (x - k dx, y - k dy) for any k >= 1; either
 * only while the target stays on the board (both coordinates >= 0).
 * dx, dy >= 0 and not both 0, so every game ends.
 */
enum grundy_step { GRUNDY_LEAP, GRUNDY_RIDE };

struct grundy_move {
	enum grundy_step step;
	int dx, dy;
};

#define GRUNDY_MOVES_MAX 16
#define GRUNDY_DELTA_MAX 1024   /* largest dx or dy a move may have */

/*
 * A piece as data: a value struct the caller may copy or build.  closed is
 * its Grundy value in closed form, or NULL when none is known (the value is
 * then only available from a table).
 */
struct grundy_piece {
	char letter;                                  /* 'R' */
	const char *name;                             /* "rook" */
	int nmoves;
	struct grundy_move moves[GRUNDY_MOVES_MAX];
	uint64_t (*closed)(uint64_t x, uint64_t y);   /* NULL when unknown */
};

/*
 * The built-in piece id (0 <= id < GRUNDY_NPIECES); never NULL.  The pieces
 * are constant and shared: do not free them.
 */
const struct grundy_piece *grundy_builtin(enum grundy_piece_id id);

/* The id of the built-in piece with this letter ('R'...), or -1. */
int grundy_piece_by_letter(char letter);

/*
 * Checks that p is a well-formed piece: 1 <= nmoves <= GRUNDY_MOVES_MAX and
 * every move has 0 <= dx, dy <= GRUNDY_DELTA_MAX, not both 0.  Returns BL_OK
 * or BL_ERR_ARG with the first fault in *err.
 */
enum bl_code grundy_piece_check(const struct grundy_piece *p, struct bl_err *err);

/*
 * The Grundy value of built-in piece id at (x, y), from its closed form.
 * Defined for 0 <= x, y <= GRUNDY_COORD_MAX (no overflow there; the result
 * is below 2^62).  Rook x XOR y; bishop min(x, y); king and knight periodic
 * patterns; palace (x+y) mod 3 + 3 ((x div 3) XOR (y div 3)).
 */
uint64_t grundy_closed(enum grundy_piece_id id, uint64_t x, uint64_t y);

/*
 * Appends how grundy_closed(id, x, y) comes about, one short phrase ending
 * in the value: "3 xor 4 = 7", "min(7, 0) = 0".  For explanations.
 */
void grundy_describe(enum grundy_piece_id id, uint64_t x, uint64_t y, struct bl_buf *out);

/*
 * A brute-force Grundy table of one piece on the m x m window of cells
 * 0 <= x, y < m.  The window is exact for every piece: moves never leave it
 * because they only lower coordinates.  Caller-owned; g is on the heap.
 */
struct grundy_table {
	int size;        /* m */
	uint32_t *g;     /* g[x * m + y], NULL until built */
};

#define GRUNDY_TABLE_MAX 4096   /* largest m: 64 MiB of values */

void grundy_table_init(struct grundy_table *t);

/*
 * Builds the table of piece p (grundy_piece_check must pass) for size m in
 * *t, replacing what it held: each cell's value is the mex of the values of
 * the cells it moves to.  Time O(m^2) times the options per cell.  Errors:
 * BL_ERR_ARG (bad piece, m < 1), BL_ERR_LIMIT (m > GRUNDY_TABLE_MAX),
 * BL_ERR_NOMEM; *t is then left empty.  Free with grundy_table_release.
 */
enum bl_code grundy_table_build(struct grundy_table *t, const struct grundy_piece *p, int m,
				struct bl_err *err);

/* The value at (x, y); 0 <= x, y < t->size. */
uint32_t grundy_table_at(const struct grundy_table *t, int x, int y);

/* Frees the values and leaves an empty table.  t may be NULL. */
void grundy_table_release(struct grundy_table *t);

/*
 * The input format: `N`, then N pieces `x y c` (c a piece letter), or `x y`
 * when every piece is the same one (only >= 0; 16879 is only = palace).
 * boj applies the judge's limits: 1 <= N <= 300000 and coordinates below
 * 10^9, or below 3000 for palaces only.  Otherwise 0 <= N <= GRUNDY_COUNT_MAX
 * and coordinates up to GRUNDY_COORD_MAX.
 */
#define GRUNDY_MIXED (-1)
#define GRUNDY_COORD_MAX INT64_C(1000000000000000000)
#define GRUNDY_COUNT_MAX INT64_C(1000000000000000000)
#define GRUNDY_BOJ_COUNT_MAX 300000
#define GRUNDY_BOJ_COORD_MAX 999999999
#define GRUNDY_BOJ_PALACE_COORD_MAX 2999

struct grundy_format {
	int only;    /* GRUNDY_MIXED, or the enum grundy_piece_id of every piece */
	bool boj;    /* the judge's limits */
};

struct grundy_limits {
	int64_t count_min, count_max;   /* N */
	int64_t coord_max;              /* x, y in [0, coord_max] */
};

/* The limits format f puts on an instance. */
struct grundy_limits grundy_format_limits(const struct grundy_format *f);

/* One piece of an instance. */
struct grundy_stone {
	uint64_t x, y;
	enum grundy_piece_id piece;
	int line, col;   /* where its line starts in the input */
};

/*
 * Reading one instance piece by piece, so that no count read from the input
 * is ever used to allocate.  Borrows the reader.
 */
struct grundy_input {
	struct bl_reader *rd;
	struct grundy_format fmt;
	struct grundy_limits lim;
	int64_t count;   /* N, the pieces announced */
	int64_t done;    /* pieces read so far */
};

/*
 * Reads N from rd for format *fmt (only must be GRUNDY_MIXED or a piece id)
 * and prepares *in to read the pieces.  Errors: BL_ERR_INPUT with "expected
 * a piece count from LO to HI, found '...'" at the token (or end of input);
 * BL_ERR_ARG for a bad fmt->only.
 */
enum bl_code grundy_input_begin(struct grundy_input *in, struct bl_reader *rd,
				const struct grundy_format *fmt, struct bl_err *err);

/*
 * Reads the next piece into *s; call it in->count times.  Errors
 * (BL_ERR_INPUT, at the token or the end of input): a coordinate that is not
 * a number in range, a letter that is not a piece, and, when the input ends
 * where a piece should start, "expected N pieces, found end of input after K".
 */
enum bl_code grundy_input_next(struct grundy_input *in, struct grundy_stone *s,
			       struct bl_err *err);

/*
 * Succeeds when only whitespace follows the in->count pieces read; otherwise
 * records "expected end of input after N pieces, found 'TOKEN'" at the
 * token (BL_ERR_INPUT), with the hint of a letter in a single-kind format:
 * the count is the likely culprit, so the message names it.
 */
enum bl_code grundy_input_end(const struct grundy_input *in, struct bl_err *err);

/* The Grundy value of a stone. */
uint64_t grundy_stone_value(const struct grundy_stone *s);

/*
 * Reads one instance in format *fmt and stores the XOR of its pieces'
 * Grundy values in *nim.  Does not require the end of input after it.
 * Errors as grundy_input_begin and grundy_input_next.
 */
enum bl_code grundy_solve(struct bl_reader *rd, const struct grundy_format *fmt, uint64_t *nim,
			  struct bl_err *err);

/*
 * The judge's answer for a position whose XOR is nim: "koosaga" (the first
 * player wins) when it is not 0, else "cubelover".  No newline.
 */
const char *grundy_winner(uint64_t nim);

#endif
