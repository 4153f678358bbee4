/*
 * grundy: impartial games of chess pieces that only move toward the corner
 * (0, 0) of a quarter-plane board (BOJ 16880, 16879).  Owns the pieces as
 * data (each a list of leap and ride moves, written in a small rule
 * language) and sets of them by letter, the closed forms of the five
 * built-in pieces, a brute-force Grundy table for any piece and the check
 * of a closed form against it, the reader and solver of the judge's input
 * format, winning moves, the game played out, random instances, and the
 * views (text, JSON, SVG, an HTML replay) of all of these.  Files, each
 * calling only those before it: grundy_piece.c (pieces, rules, closed
 * forms), grundy_table.c, grundy.c (sets), grundy_input.c (the reader,
 * limits, solve, check), grundy_hint.c, grundy_play.c (positions, the
 * game), grundy_gen.c; the views grundy_view.c (explanations, hints,
 * pieces, tables) and grundy_trace.c (render, trace) over the pictures of
 * grundy_svg.c.
 */
#ifndef BOARDLAB_GRUNDY_H
#define BOARDLAB_GRUNDY_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "io.h"
#include "rng.h"

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
enum grundy_move_kind { GRUNDY_LEAP, GRUNDY_RIDE };

struct grundy_move {
	enum grundy_move_kind step;
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
 * Whether piece p goes from (fx, fy) to (tx, ty) in one move: one of its
 * leaps, or one of its rides taken any positive number of times.  Any
 * coordinates (no overflow); a target off the board or away from the
 * corner is never reached.
 */
bool grundy_move_legal(const struct grundy_piece *p, uint64_t fx, uint64_t fy, uint64_t tx,
		       uint64_t ty);

/*
 * The rule language.  A rule defines one piece letter by its moves:
 *   Q = ride(1,0) + ride(0,1) + ride(1,1)
 * leap(a,b) is one jump to (x - a, y - b), ride(a,b) any positive multiple of
 * it; 0 <= a, b <= GRUNDY_DELTA_MAX, not both 0, at most GRUNDY_MOVES_MAX
 * moves.  Spaces and tabs may stand between any two tokens.  The letter is
 * an upper-case A to Z.
 */

/* The rule that defines built-in piece id: "R = ride(1,0) + ride(0,1)". */
const char *grundy_builtin_rule(enum grundy_piece_id id);

/* Built-in piece id's closed form in words: "x xor y", "min(x, y)"... */
const char *grundy_closed_words(enum grundy_piece_id id);

/*
 * Parses one rule from s[0..len) into *p (name "custom", closed NULL).
 * Errors: BL_ERR_INPUT with line 1 and the column of the fault in s,
 * counted as io.h counts them (tab stops every 8, a UTF-8 character once),
 * "expected WHAT, found 'TOKEN'" (or "found end of rule"), or a message
 * naming the faulty move ("leap(0,0) does not move").
 */
enum bl_code grundy_rule_parse(const char *s, size_t len, struct grundy_piece *p,
			       struct bl_err *err);

/*
 * Appends the rule of p in the canonical spelling of grundy_builtin_rule:
 * "Q = ride(1,0) + ride(0,1) + ride(1,1)".
 */
void grundy_rule_format(const struct grundy_piece *p, struct bl_buf *out);

/*
 * The built-in piece whose moves are exactly p's (in any order, repeats
 * ignored), or -1.  Such a piece shares the built-in's closed form.
 */
int grundy_piece_like(const struct grundy_piece *p);

/*
 * A set of pieces by letter: the five built-ins, and the custom pieces a
 * user defines.  A custom piece with the moves of a built-in takes its
 * closed form; one without a closed form is valued from a brute-force table
 * the set builds and grows on demand, all the set's tables together within
 * max_bytes (GRUNDY_TABLE_BYTES_MAX when it is 0).  Caller-owned; release
 * with grundy_set_release.
 */
#define GRUNDY_SET_MAX 26

struct grundy_set {
	int n;                                      /* pieces in piece[] */
	struct grundy_piece piece[GRUNDY_SET_MAX];  /* built-ins first, by id */
	signed char index[26];                      /* by letter - 'A': index, or -1 */
	char letters[GRUNDY_SET_MAX * 3 + 8];       /* "R, B, K, N or P" */
	size_t max_bytes;                           /* the tables' memory together (as
	                                               grundy_table_bytes counts it); 0 for
	                                               GRUNDY_TABLE_BYTES_MAX, which also
	                                               bounds a larger value */
	/* private: the tables grown on demand (grundy_set_value) */
	int fit[GRUNDY_SET_MAX];                    /* largest table size that fit beside the
	                                               others when it last grew, 0 unknown */
	struct grundy_table *table[GRUNDY_SET_MAX]; /* NULL until needed */
};

/* The five built-ins only, max_bytes 0. */
void grundy_set_init(struct grundy_set *s);

/* Frees the tables; s may be NULL. */
void grundy_set_release(struct grundy_set *s);

/* The index of the piece with this letter, or -1.  s NULL: the built-ins. */
int grundy_set_find(const struct grundy_set *s, char letter);

/* The letter of piece index i of s; s NULL: the built-ins. */
char grundy_set_letter(const struct grundy_set *s, int i);

/*
 * Adds piece p (checked with grundy_piece_check) under its letter.  Errors:
 * BL_ERR_ARG when the letter is taken ("piece 'R' is already defined: R =
 * ride(1,0) + ride(0,1)") or the piece is malformed.
 */
enum bl_code grundy_set_add(struct grundy_set *s, const struct grundy_piece *p,
			    struct bl_err *err);

/*
 * Adds every rule of text[0..len): rules are separated by newlines or ';',
 * '#' starts a comment to the end of its line, blank rules are skipped.
 * Errors: BL_ERR_INPUT with the line and column in text (display columns,
 * as io.h counts them in input files), as
 * grundy_rule_parse and grundy_set_add say (a taken letter is then an input
 * error at the letter).
 */
enum bl_code grundy_set_parse(struct grundy_set *s, const char *text, size_t len,
			      struct bl_err *err);

/*
 * The Grundy value of piece index i of s at (x, y): its closed form, or its
 * table, built or grown to cover (x, y).  A table grows to the next power of
 * two from 256 that covers (x, y), or to the largest that fits in the
 * memory the set's other tables leave.  Errors: BL_ERR_LIMIT when (x, y)
 * lies beyond the largest table that fits ("piece 'Q' has no closed form and
 * x = 9000 is beyond the largest table that fits, 8192 x 8192", and with
 * max_bytes set, "... that fits in 64 MiB, 2896 x 2896"), BL_ERR_NOMEM.
 */
enum bl_code grundy_set_value(struct grundy_set *s, int i, uint64_t x, uint64_t y,
			      uint64_t *v, struct bl_err *err);

/*
 * Appends how the value v of piece i of s at (x, y) comes about, as
 * grundy_describe for a closed form, or "table value V".
 */
void grundy_set_describe(const struct grundy_set *s, int i, uint64_t x, uint64_t y, uint64_t v,
			 struct bl_buf *out);

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

/*
 * The memory a table may take, values and working sets together: 1 GiB.
 * A build that would need more is refused before anything is allocated.
 */
#define GRUNDY_TABLE_BYTES_MAX ((size_t)1 << 30)
#define GRUNDY_TABLE_MAX 65536   /* largest m whatever the memory */

/* An empty table that owns nothing yet (size 0, g NULL). */
void grundy_table_init(struct grundy_table *t);

/*
 * The bytes grundy_table_build needs for piece p at size m (saturating at
 * SIZE_MAX): 4 m^2 for the values, plus for every ride a bitset of the
 * values seen so far on each of its lines.  p must pass grundy_piece_check.
 */
size_t grundy_table_bytes(const struct grundy_piece *p, int m);

/* The largest m <= GRUNDY_TABLE_MAX whose table fits in GRUNDY_TABLE_BYTES_MAX. */
int grundy_table_fit(const struct grundy_piece *p);

/*
 * The largest m <= GRUNDY_TABLE_MAX whose table fits in bytes (and in
 * GRUNDY_TABLE_BYTES_MAX), or 0 when not even a 1 x 1 table does.
 */
int grundy_table_fit_in(const struct grundy_piece *p, size_t bytes);

/*
 * Whether piece p's table of size m fits in max_bytes, a caller's budget
 * (0: none; `--max-memory`): BL_OK, or BL_ERR_LIMIT, "a 4096 x 4096 table
 * of piece 'R' needs 73 MiB, more than the 32 MiB allowed (the largest that
 * fits is 2728 x 2728)", before anything is built.
 */
enum bl_code grundy_table_check(const struct grundy_piece *p, int m, size_t max_bytes,
				struct bl_err *err);

/*
 * Builds the table of piece p (grundy_piece_check must pass) for size m in
 * *t, replacing what it held: each cell's value is the mex of the values of
 * the cells it moves to.  A ride's options are the cells before it on its
 * line, so each line keeps a bitset of the values seen on it and the mex of
 * that set; a cell's mex is then found a 64-bit word at a time, starting at
 * the largest of its lines' mexes.  Time about O(m^2) per move for the
 * built-ins.  Errors: BL_ERR_ARG (bad piece, m < 1), BL_ERR_LIMIT (m over
 * GRUNDY_TABLE_MAX or the bytes over GRUNDY_TABLE_BYTES_MAX, refused before
 * allocating), BL_ERR_NOMEM; *t is then left empty.  Free with
 * grundy_table_release.
 */
enum bl_code grundy_table_build(struct grundy_table *t, const struct grundy_piece *p, int m,
				struct bl_err *err);

/* The value at (x, y); 0 <= x, y < t->size. */
uint32_t grundy_table_at(const struct grundy_table *t, int x, int y);

/* Frees the values and leaves an empty table.  t may be NULL. */
void grundy_table_release(struct grundy_table *t);

/* A cell where a closed form and a table disagree. */
struct grundy_mismatch {
	int x, y;
	uint64_t closed;   /* the closed form's value */
	uint32_t table;    /* the table's */
};

/*
 * Compares closed(x, y) with table t on every cell, x-major (so the edge
 * x = 0 first).  Stores the first max mismatches in bad[] and returns how
 * many cells disagree in all.
 */
int64_t grundy_verify(uint64_t (*closed)(uint64_t x, uint64_t y), const struct grundy_table *t,
		      struct grundy_mismatch *bad, int max);

/*
 * Appends the report of a verification: piece p's closed form, in words
 * `words`, against its m x m table, nbad cells disagreeing, the first
 * min(nbad, show) of them in bad[] (as grundy_verify stores them).  As text,
 * one line saying the closed form agrees on all m^2 cells, or disagrees on
 * nbad of them, then a line "  (x, y): closed form C, table T" per cell
 * shown; as JSON one object and a newline: {"piece", "closed" (words),
 * "size" (m), "cells" (m^2), "mismatches" (nbad), "first": [{"x", "y",
 * "closed", "table"}...]}.
 */
void grundy_verify_report(const struct grundy_piece *p, const char *words, int m, int64_t nbad,
			  const struct grundy_mismatch *bad, int show, bool json,
			  struct bl_buf *out);

/*
 * The input format: `N`, then N pieces `x y c` (c a piece letter), or `x y`
 * when every piece is the same one (only >= 0; 16879 is only = palace).
 */
#define GRUNDY_MIXED (-1)

/*
 * A known mistake of wrong solutions, played as a variant of the values or of
 * how they combine (docs/grundy.md, "Mistakes"; the catalogue is
 * boardlab/mistake.h).  GRUNDY_MISTAKE_NONE is the rules.  Pieces are the
 * five built-ins (fmt->set NULL).  With a mistake, grundy_solve's
 * res->nim is the number the wrong solution compares with 0: koosaga when
 * it is not 0 (grundy_winner), as for the rules.
 */
enum grundy_mistake {
	GRUNDY_MISTAKE_NONE,
	GRUNDY_MISTAKE_PALACE_X1,      /* the palace's diagonal only from x > 1, y > 1: values
	                                  from a brute-force table, coordinates below
	                                  GRUNDY_MISTAKE_TABLE_MAX */
	GRUNDY_MISTAKE_KNIGHT_WRONG,   /* knight min(x, y) mod 3, the diagonal's cases forgotten */
	GRUNDY_MISTAKE_KING_WRONG,     /* king by the parities alone: 0 both even, 2 both odd,
	                                  else 1 (the 3 forgotten) */
	GRUNDY_MISTAKE_SUM_NOT_XOR,    /* the values added, not XORed (saturating) */
	GRUNDY_MISTAKE_NAMES_SWAPPED,  /* the two names swapped: nim is 1 when the XOR is 0 */
	GRUNDY_MISTAKE_FORMULA_NO_XOR, /* palace 3 (x div 3 + y div 3) + (x + y) mod 3 */
	GRUNDY_MISTAKE_PALACE_X1_FORMULA, /* palace x xor y where x <= 1 or y <= 1, else its
	                                     closed form: the slip put in the formula */
	GRUNDY_MISTAKE_XOR_PRECEDENCE, /* palace ((x + y) mod 3 + 3 (x div 3)) xor (y div 3) */
	GRUNDY_MISTAKE_COUNT
};

#define GRUNDY_MISTAKE_TABLE_MAX 4096   /* palace-x1's table: coordinates below it */

struct grundy_format {
	int only;                /* GRUNDY_MIXED, or the piece index of every piece */
	struct grundy_set *set;  /* the pieces by letter; NULL: the five built-ins */
	/* private: a test switch */
	bool plain;              /* read token by token (the reference path of the tests);
	                            false outside the tests */
	enum grundy_mistake mistake;   /* GRUNDY_MISTAKE_NONE: the rules; grundy_solve only */
};

/*
 * What an instance may hold: the judge's limits (1 <= N <= 300000,
 * coordinates below 10^9, below 3000 when every piece is a palace: 16879)
 * or the tool's (0 <= N <= GRUNDY_COUNT_MAX, coordinates up to
 * GRUNDY_COORD_MAX).
 */
#define GRUNDY_COORD_MAX INT64_C(1000000000000000000)
#define GRUNDY_COUNT_MAX INT64_C(1000000000000000000)
#define GRUNDY_BOJ_COUNT_MAX 300000
#define GRUNDY_BOJ_COORD_MAX 999999999
#define GRUNDY_BOJ_PALACE_COORD_MAX 2999

struct grundy_limits {
	int64_t count_min, count_max;   /* N */
	int64_t coord_max;              /* x, y in [0, coord_max] */
	int64_t palace_coord_max;       /* the same when every piece is a palace (only = palace) */
};

void grundy_limits_boj(struct grundy_limits *lim);
void grundy_limits_any(struct grundy_limits *lim);

/*
 * The largest coordinate lim allows in a format whose pieces are all
 * `only` (GRUNDY_MIXED: any): coord_max, or palace_coord_max for palaces.
 */
int64_t grundy_limits_coord_max(const struct grundy_limits *lim, int only);

/* One piece of an instance. */
struct grundy_stone {
	uint64_t x, y;
	int piece;        /* its index in the format's set (= enum grundy_piece_id for built-ins) */
	uint64_t value;   /* its Grundy value */
	int line, col;    /* where it starts in the input: its x coordinate */
	int yline, ycol;  /* where its y coordinate starts */
};

/*
 * Reading one instance piece by piece, so that no count read from the input
 * is ever used to allocate.  Borrows the reader.  The pieces are scanned by
 * hand, digits straight to numbers, and the reader is brought up to date
 * only after the last piece or an error: a column is worked out only for a
 * piece that needs one.  A piece the scan does not accept as plainly valid
 * is read again token by token, which gives the diagnostic.
 */
struct grundy_input {
	int64_t count;   /* N, the pieces announced */
	int64_t done;    /* pieces read so far */
	bool validate_only;       /* false after begin; a caller (check) may set it: pieces
	                             are read and validated, their values left 0, no
	                             table built */
	/* private: the scan's state */
	struct bl_reader *rd;
	struct grundy_format fmt;
	struct grundy_limits lim;  /* count and coordinates, coord_max for this format */
	const char *p;            /* the scan: just past the last piece */
	const char *line_start;   /* where p's line starts (or where the scan began) */
	int line, line_col;       /* p's line, the column at line_start */
	size_t ntok;              /* tokens scanned, not yet counted in rd */
	signed char letter[256];  /* piece index by byte, -1 for none */
	uint64_t (*closed[GRUNDY_SET_MAX])(uint64_t x, uint64_t y);   /* by index; NULL: table */
};

/*
 * Reads N from rd for format *fmt (only must be GRUNDY_MIXED or a piece of
 * the set) within the limits *lim and prepares *in to read the pieces.
 * Errors: BL_ERR_INPUT with
 * "expected a piece count from LO to HI, found '...'" at the token (or end
 * of input); BL_ERR_ARG for a bad fmt->only.
 */
enum bl_code grundy_input_begin(struct grundy_input *in, struct bl_reader *rd,
				const struct grundy_format *fmt, const struct grundy_limits *lim,
				struct bl_err *err);

/*
 * Reads the next piece into *s, its value included (0 when
 * in->validate_only); call it in->count times.  Errors (BL_ERR_INPUT, at
 * the token or the end of input): a coordinate that is not a number in
 * range, a letter that is not a piece, and, when the input ends where a
 * piece should start, "expected N pieces, found end of input after K"; for
 * a piece without a closed form beyond the table that fits, BL_ERR_LIMIT at
 * the coordinate the message names (the larger).  After the last piece (or
 * an error) the reader stands just past it.
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

/*
 * The check grundy_input_end makes, for a caller that has read an instance
 * of count pieces in format *fmt by other means (grundy_solve,
 * grundy_hint_find): only whitespace may follow.
 */
enum bl_code grundy_expect_end(struct bl_reader *rd, const struct grundy_format *fmt,
			       int64_t count, struct bl_err *err);

/* The letter of piece index i of the input's set. */
char grundy_input_letter(const struct grundy_input *in, int i);

/* The Grundy value of a stone of a built-in piece, from its closed form. */
uint64_t grundy_stone_value(const struct grundy_stone *s);

/*
 * Reads one instance in format *fmt within *lim and validates it (the
 * pieces' count, coordinates and letters) without computing a value, so
 * without building a table; its count in *count.  Does not require the end
 * of input after it.  Errors as grundy_input_begin and grundy_input_next.
 */
enum bl_code grundy_check(struct bl_reader *rd, const struct grundy_format *fmt,
			  const struct grundy_limits *lim, int64_t *count, struct bl_err *err);

/* What solving an instance finds. */
struct grundy_result {
	uint64_t nim;     /* the XOR of the pieces' Grundy values: the first player wins
	                     when it is not 0 (grundy_winner) */
	int64_t count;    /* pieces in the instance */
	bool lined;       /* piece i's x and y on line i + 1, the count before them on
	                     line 1, as the judge's inputs are: grundy_solve_line may
	                     answer an edit of one line */
};

/*
 * Reads one instance in format *fmt within *lim into *res.  Does not
 * require the end of input after it (grundy_expect_end checks it).
 * Errors as grundy_input_begin and grundy_input_next.  Unlike the other
 * games' solve, it takes the reader, not a parsed instance: it streams the
 * pieces (grundy_input), holding none of them, so an instance of any size
 * (300,000 pieces for the judge, up to the input's size for the tool) is
 * solved in constant memory at the speed of the scan.  grundy_parse holds
 * a position whole for the verbs that need every piece.
 *
 * With fmt->mistake set the values and their combination are the
 * mistake's (lib/grundy_variant.c) and res->nim the wrong solution's
 * number; BL_ERR_ARG for a set of pieces (mistakes play the built-ins);
 * palace-x1 reads the input twice, the first time for the largest palace
 * coordinates, and builds a table of them (BL_ERR_LIMIT at a coordinate of
 * GRUNDY_MISTAKE_TABLE_MAX or more, 32 MiB and a fraction of a second at
 * most).
 */
enum bl_code grundy_solve(struct bl_reader *rd, const struct grundy_format *fmt,
			  const struct grundy_limits *lim, struct grundy_result *res,
			  struct bl_err *err);

/*
 * Updates *res, the solve of an instance whose pieces lie one a line
 * (res->lined), for one of its lines replaced: old_line as it was, new_line
 * as it is now (each without its line end).  When both are exactly one
 * piece, its tokens and nothing else, read as grundy_solve reads a piece in
 * format *fmt within *lim, res->nim becomes the edited instance's, in the
 * time of the two lines, and res stays lined; otherwise BL_ERR_INPUT, res
 * unchanged: the edited instance is to be solved whole (which says where it
 * is wrong, if it is).  The caller vouches that old_line was a whole line
 * of the instance res was solved from; in a lined instance a line that is
 * exactly one piece is that piece's own.  The lab answers an edit of a
 * judge-size instance with it (300,000 pieces, 6 MB, take 15 ms or more to
 * read again).
 */
enum bl_code grundy_solve_line(const char *old_line, size_t old_len, const char *new_line,
			       size_t new_len, const struct grundy_format *fmt,
			       const struct grundy_limits *lim, struct grundy_result *res);

/*
 * A winning move: piece index (1-based, in input order) moves from (x, y)
 * to (tx, ty), whose value `to` equals value ^ nim, so the XOR after it is 0.
 */
struct grundy_hint {
	uint64_t nim;         /* the XOR before the move; 0: no winning move */
	int64_t count;        /* pieces in the instance */
	int64_t index;        /* 1-based; 0 when nim is 0 */
	struct grundy_stone stone;
	uint64_t tx, ty, to;
};

/*
 * Finds a move of stone s (piece i of set) to a cell whose value is want,
 * trying the piece's moves in order: leaps by their closed form or table,
 * rides of the built-in closed forms by inverting them along the line (O(1)
 * each), other rides by scanning the table.  True with the target in *tx,
 * *ty, false when no move reaches a cell of value want.  Errors only from
 * the table (then false and *code set); code may be NULL.
 */
bool grundy_move_to(struct grundy_set *set, const struct grundy_stone *s, uint64_t want,
		    uint64_t *tx, uint64_t *ty, enum bl_code *code, struct bl_err *err);

/*
 * Reads one instance twice: once for the XOR, then from its start again
 * for the first piece with a move to value ^ nim.  Leaves rd after the
 * instance.  Errors as grundy_solve.
 */
enum bl_code grundy_hint_find(struct bl_reader *rd, const struct grundy_format *fmt,
			      const struct grundy_limits *lim, struct grundy_hint *h,
			      struct bl_err *err);

/*
 * The judge's answer for a position whose XOR is nim: "koosaga" (the first
 * player wins) when it is not 0, else "cubelover".  No newline.
 */
const char *grundy_winner(uint64_t nim);

/*
 * The game played out.  A position is held whole: the pieces of one
 * instance in input order, each with its value, and their XOR.
 * Caller-owned, st on the heap: release with grundy_position_release.
 */
struct grundy_position {
	struct grundy_stone *st;
	size_t n;
	uint64_t nim;
};

#define GRUNDY_POSITION_MAX 1000000   /* the pieces a position (render, trace) holds */

/*
 * The parse: reads one instance in format *fmt within *lim into *pos, held
 * whole (grundy_solve, which streams, holds none of it); only whitespace
 * may follow it (grundy_input_end).  The array grows with the pieces
 * actually read, never by the count alone; a count over
 * GRUNDY_POSITION_MAX is checked against the input first (its pieces
 * validated, not stored), so that a count the lines do not bear out is
 * invalid input, and only then BL_ERR_LIMIT ("render and trace hold at
 * most 1000000 pieces, this input has N").  Other errors as
 * grundy_input_next, and BL_ERR_NOMEM.  On failure *pos holds nothing.
 */
enum bl_code grundy_parse(struct grundy_position *pos, struct bl_reader *rd,
			  const struct grundy_format *fmt, const struct grundy_limits *lim,
			  struct bl_err *err);

/* Frees the pieces and leaves an empty position; pos may be NULL. */
void grundy_position_release(struct grundy_position *pos);

/*
 * One move of a played-out game.  Odd turns are the first player's
 * (koosaga), even turns the second's (cubelover).
 */
struct grundy_step {
	int64_t turn;                        /* 1 for the first move */
	size_t index;                        /* the piece moved: pos->st[index], input order */
	int piece;                           /* its kind: an index in the set */
	uint64_t fx, fy, from;               /* where it stood, and its value there */
	uint64_t tx, ty, to;                 /* where it goes, and its value there */
	uint64_t nim_before, nim;            /* the XOR before the move and after it */
	const struct grundy_position *pos;   /* the position after the move */
};

/* Called with each step of a game; returning false stops the game there. */
typedef bool (*grundy_step_fn)(void *ctx, const struct grundy_step *step);

/* Where a played-out game stopped. */
struct grundy_game_end {
	int64_t turns;   /* the moves made */
	bool over;       /* the player to move next (turn turns + 1) cannot move, and loses */
};

/*
 * Plays the game from *pos, in place, for at most max_turns moves, calling
 * fn(ctx, step) after each (fn may be NULL).  The player with a non-zero
 * XOR moves as grundy_hint_find does: the first piece, in input order,
 * whose value has the XOR's highest bit set, to the value that makes the
 * XOR 0 (grundy_move_to).  The player facing XOR 0 moves the first piece
 * that can move one step of its first move that stays on the board.  So
 * the first player wins exactly when the starting XOR is not 0.  A turn
 * costs O(log N) (a tree over the pieces holds the OR of their values and
 * whether any can move) besides the values looked up; O(N) memory.  set
 * NULL means the five built-ins.  *pos is left at the last position and
 * *end says where the game stopped.  Errors: BL_ERR_NOMEM, a table that
 * cannot be built (grundy_set_value), BL_ERR_INTERNAL if a winning move
 * is not found.
 */
enum bl_code grundy_play(struct grundy_set *set, struct grundy_position *pos, int64_t max_turns,
			 grundy_step_fn fn, void *ctx, struct grundy_game_end *end,
			 struct bl_err *err);

/* The player who moves at turn t: "koosaga" (the first) when t is odd, else "cubelover". */
const char *grundy_player(int64_t turn);

/*
 * Views of a position and of its game, each appended to out.  Text is
 * coloured only by spans of the style st (NULL: plain), so coloured text
 * is the plain text with the style's strings added: the players' names are
 * spans of BL_HUE_GREEN (the first player, koosaga) and BL_HUE_PURPLE (the
 * second, cubelover), the pieces' letters on a grid of BL_HUE_CYAN.  set
 * NULL means the five built-ins; the pictures may grow the set's tables.
 */

/*
 * One move's line, no newline, as the text trace writes it and the
 * replay's frame describes it: "turn 3: koosaga moves piece 2 (R) from
 * (3, 4) to (3, 0): value 7 to 3, xor 7 to 0".
 */
void grundy_step_text(const struct grundy_set *set, const struct grundy_step *s,
		      const struct bl_style *st, struct bl_buf *out);

/*
 * The line where a game stopped, no newline: "turn 9: cubelover cannot
 * move: koosaga wins" when it is over, else "stopped after 200 turns, xor
 * 5" (nim: the XOR then), with turns_name, when not NULL, in brackets after
 * "turns": "stopped after 200 turns (--turns), xor 5".
 */
void grundy_end_text(const struct grundy_game_end *end, uint64_t nim, const char *turns_name,
		     const struct bl_style *st, struct bl_buf *out);

/* How a trace plays the game out. */
struct grundy_trace_opts {
	int64_t max_turns;              /* the moves played at most */
	const char *turns_name;         /* what the caller calls max_turns, named when a game
	                                   stops there (grundy_end_text); NULL: not named */
	const struct bl_style *style;   /* text: the players' colours; NULL: plain */
};

/* GRUNDY_TRACE_TURNS moves at most, not named, plain. */
#define GRUNDY_TRACE_TURNS 200
void grundy_trace_opts_init(struct grundy_trace_opts *o);

/*
 * The game from pos played out (grundy_play, at most o->max_turns moves;
 * pos is left at the last position): as text, a line saying who wins
 * against best play, a line a move (grundy_step_text, in o->style) and the
 * end's (grundy_end_text, coloured when the game is over); as JSON, one object
 * and a newline: {"pieces", "xor", "winner", "moves": [{"turn", "player",
 * "piece" (1-based), "letter", "from", "to", "value", "to_value",
 * "xor"}...], "ended", and when ended "loser" and "turns"}; as an HTML
 * replay, a frame for the start, each move (its line as the description,
 * the piece ringed) and the end, on the pictures of render --format svg.
 * Errors as grundy_play, and the pictures' (a table that cannot be built).
 */
enum bl_code grundy_trace_text(struct grundy_set *set, struct grundy_position *pos,
			       const struct grundy_trace_opts *o, struct bl_buf *out,
			       struct bl_err *err);
enum bl_code grundy_trace_json(struct grundy_set *set, struct grundy_position *pos,
			       const struct grundy_trace_opts *o, struct bl_buf *out,
			       struct bl_err *err);
enum bl_code grundy_trace_html(struct grundy_set *set, struct grundy_position *pos,
			       const struct grundy_trace_opts *o, struct bl_buf *out,
			       struct bl_err *err);

/*
 * The position: as text, "N pieces, xor X: WINNER wins" and the window
 * from (0, 0) (4 to 24 cells a side, up to the largest coordinate) as a
 * grid, x down and y across, each cell '.', a piece's letter or '*' for
 * several, then how many pieces lie outside it; as JSON, {"xor", "winner",
 * "pieces": [{"letter", "at", "value"}...]} and a newline; as SVG, for
 * each kind of piece its table on the window as a heat map with its pieces
 * on it.  The SVG's errors: a table that cannot be built, BL_ERR_NOMEM.
 */
void grundy_render_text(const struct grundy_set *set, const struct grundy_position *pos,
			const struct bl_style *st, struct bl_buf *out);
void grundy_render_json(const struct grundy_set *set, const struct grundy_position *pos,
			struct bl_buf *out);
enum bl_code grundy_render_svg(struct grundy_set *set, const struct grundy_position *pos,
			       struct bl_buf *out, struct bl_err *err);

/*
 * render and trace in one of the tool's --format choices: text (in the
 * style st, NULL for plain), json, or the page (render's SVG, trace's HTML).
 */
enum grundy_view { GRUNDY_VIEW_TEXT, GRUNDY_VIEW_JSON, GRUNDY_VIEW_PAGE };
enum bl_code grundy_render(struct grundy_set *set, const struct grundy_position *pos,
			   enum grundy_view v, const struct bl_style *st, struct bl_buf *out,
			   struct bl_err *err);
enum bl_code grundy_trace(struct grundy_set *set, struct grundy_position *pos,
			  const struct grundy_trace_opts *o, enum grundy_view v, struct bl_buf *out,
			  struct bl_err *err);

/*
 * The long views (an explanation of every piece, a table of up to 65536^2
 * cells, generated instances) hand on what they have written as they go:
 * once out holds GRUNDY_DRAIN_BYTES or more, they call drain(ctx, out),
 * which takes the bytes (writes them and empties out) and returns false to
 * stop the view, which then returns early, as if done (the caller knows
 * why).  A NULL drain keeps everything in out.
 */
#define GRUNDY_DRAIN_BYTES ((size_t)1 << 16)
typedef bool (*grundy_drain_fn)(void *ctx, struct bl_buf *out);

/*
 * The explanation of one instance, read from rd in format *fmt within
 * *lim: a line a piece, "piece 2: R at (3, 4): 3 xor 4 = 7, xor so far 7"
 * (grundy_set_describe), then the XOR of them all and who wins by it.
 * Does not require the end of input after the instance.  Errors as
 * grundy_input_next.
 */
enum bl_code grundy_explain(struct bl_reader *rd, const struct grundy_format *fmt,
			    const struct grundy_limits *lim, struct bl_buf *out,
			    grundy_drain_fn drain, void *ctx, struct bl_err *err);

/*
 * solve's answer to one instance: the winner's line ("koosaga" or
 * "cubelover"), and with explain grundy_explain's lines after it, the
 * instance read again from a mark (on a stream the mark keeps the
 * instance's bytes meanwhile; the second reading cannot fail where the
 * first did not).  With whole the input must end after the instance
 * (grundy_expect_end), checked before anything is written.  The reader is
 * left past the instance.  Errors as grundy_solve.
 */
enum bl_code grundy_solve_write(struct bl_reader *rd, const struct grundy_format *fmt,
				const struct grundy_limits *lim, bool whole, bool explain,
				struct bl_buf *out, grundy_drain_fn drain, void *ctx,
				struct bl_err *err);

/*
 * The explanation as a table, for a few pieces: a head row, then a row a
 * piece, "x y piece grundy-value xor-so-far", the value as
 * grundy_set_describe gives it; the XOR and the count in *res.  Does not
 * require the end of input after the instance.  Errors as
 * grundy_input_next.
 */
enum bl_code grundy_explain_table(struct bl_reader *rd, const struct grundy_format *fmt,
				  const struct grundy_limits *lim, struct grundy_result *res,
				  struct bl_buf *out, struct bl_err *err);

/*
 * A hint (grundy_hint_find) as a line of text, "move piece 2 (R) from (3,
 * 4) to (3, 0): value 7 to 3, xor 4 to 0" or that there is no winning
 * move, or as one JSON object and a newline: {"xor", "winner", "move":
 * null or {"piece", "letter", "from", "to", "value", "to_value"}}.  set
 * is the format's (NULL: the built-ins).
 */
void grundy_hint_text(const struct grundy_set *set, const struct grundy_hint *h, struct bl_buf *out);
void grundy_hint_json(const struct grundy_set *set, const struct grundy_hint *h, struct bl_buf *out);

/*
 * hint's answer to one instance: grundy_hint_find, then its line of text or
 * JSON; with whole the input must end after the instance first
 * (grundy_expect_end).  Errors as grundy_hint_find.
 */
enum bl_code grundy_hint_write(struct bl_reader *rd, const struct grundy_format *fmt,
			       const struct grundy_limits *lim, bool whole, bool json,
			       struct bl_buf *out, struct bl_err *err);

/*
 * The pieces of set, each with its rule and closed form: a line each
 * ("rook    R = ride(1,0) + ride(0,1)   closed form: x xor y"), or a JSON
 * array of {"letter", "name", "rule", "closed" (null for none),
 * "table_max"} and a newline.
 */
void grundy_pieces_write(const struct grundy_set *set, bool json, struct bl_buf *out);

/* The part of a table a view shows: rows x0..x0+h-1 (x), columns y0..y0+w-1 (y). */
struct grundy_window {
	int x0, y0, w, h;
};

/*
 * The window of a table of size m that the tool's --at X,Y and --window W
 * show: with win 0 the whole table; else win x win cells from (X, Y) (at
 * NULL: 0,0), cut at the table's edges.  False when at is not "X,Y", two
 * integers from 0 to m - 1.
 */
bool grundy_window_at(int64_t m, const char *at, int64_t win, struct grundy_window *view);

enum grundy_table_format {
	GRUNDY_TABLE_TEXT,   /* aligned columns under a head row of y */
	GRUNDY_TABLE_CSV,    /* "x\y,0,1,..." then a row per x */
	GRUNDY_TABLE_SVG,    /* a heat map, at most GRUNDY_TABLE_SVG_MAX cells a side */
};

#define GRUNDY_TABLE_SVG_MAX 512

/*
 * The window win of table t (of piece p, named in the SVG's caption) in
 * format f; the window must lie inside the table.
 */
void grundy_table_write(const struct grundy_table *t, const struct grundy_piece *p,
			enum grundy_table_format f, const struct grundy_window *win,
			struct bl_buf *out, grundy_drain_fn drain, void *ctx);

/*
 * Random instances (lib/grundy_gen.c), as `grundy gen` draws them.
 * Instance i of the run seed is drawn from bl_rng_init_stream(seed, i)
 * alone, so a run's instance i is the same whichever instances are drawn
 * with it: `N`, then N lines `x y c` (c a letter of the set, uniform) or
 * `x y` when only is a piece.  A coordinate is 0 one time in eight, max one
 * time in sixteen, else uniform in [0, max]; y is within 2 of x one time in
 * four.
 */
struct grundy_gen {
	const struct grundy_set *set;   /* the letters drawn; NULL: the five built-ins */
	int only;                       /* GRUNDY_MIXED, or the piece of every line */
	int64_t pieces;                 /* N, 0 to GRUNDY_COUNT_MAX; -1: 1 to 10 at random */
	int64_t max;                    /* the largest coordinate, 0 to GRUNDY_COORD_MAX */
	grundy_drain_fn drain;          /* a long instance handed on as the long views do
	                                   (GRUNDY_DRAIN_BYTES); NULL: all of it stays in out */
	void *drain_ctx;
	enum bl_gen_dist mix;           /* UNIFORM: as above; MIXED: grundy_gen_init's mixture */
};

/*
 * gen's defaults: the five built-ins mixed, 1 to 10 pieces, coordinates up
 * to GRUNDY_BOJ_COORD_MAX (the judge's 16880), no drain, UNIFORM.  Under
 * MIXED (docs/grundy.md, "gen") an instance's component is drawn first:
 * the uniform draw above (weight 3); small coordinates, 0 to S with S
 * from 2 to 12 leaning low (3); on the axes, x or y 0 or 1 (1); on the
 * diagonal, y within 2 of x (1); near the maximum, within 10 of max (1);
 * or pairs, every second piece the same as the one before it, so their
 * values cancel in the XOR (1).  Coordinates stay within max; without a
 * fixed N, the count leans to few pieces (1 to 10, the least of two draws)
 * but for the uniform component.
 */
void grundy_gen_init(struct grundy_gen *g);

#define GRUNDY_GEN_TABLE_MAX 1023   /* grundy_gen_max when a piece is valued from a table */

/*
 * The largest coordinate gen draws unless told: lim's (grundy_limits_coord_max)
 * but at most GRUNDY_BOJ_COORD_MAX, and at most GRUNDY_GEN_TABLE_MAX when a
 * piece of set has no closed form (its table stays quick to build).
 */
int64_t grundy_gen_max(const struct grundy_set *set, const struct grundy_limits *lim, int only);

/*
 * Appends instance i of the run seed as g says.  Returns BL_OK; BL_ERR_ARG
 * (nothing appended) when g->only is not a piece of the set or GRUNDY_MIXED,
 * or g->pieces or g->max is out of range; BL_ERR_IO when g->drain stopped
 * it (the instance is then cut short; the drain knows why).
 */
enum bl_code grundy_gen(const struct grundy_gen *g, uint64_t seed, int64_t i, struct bl_buf *out,
			struct bl_err *err);

/*
 * The game's part of `boardlab demo`, appended to out: what the game is, the instance
 * example (the judge's format and limits) explained piece by piece
 * (grundy_explain_table) and who wins.
 * example[0..len) is the tool's examples/grundy.txt.  Returns BL_OK, or the
 * error of reading or solving the example (out may hold part of the tour).
 */
enum bl_code grundy_demo(const char *example, size_t len, struct bl_buf *out, struct bl_err *err);

#endif
