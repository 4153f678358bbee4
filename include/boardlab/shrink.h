/*
 * shrink: the reductions that make a failing instance smaller, one set of
 * passes per game, each over the instance's text as the game reads it.
 * `boardlab GAME stress` tries them greedily; a library user can too.  A
 * reduction need not be a valid instance: the caller judges each (stress
 * with solve) before it uses it.
 */
#ifndef BOARDLAB_SHRINK_H
#define BOARDLAB_SHRINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/*
 * A game's passes: appends to out the reduction number idx (0, 1, ...) of
 * the instance text[0..len) (any bytes; no NUL needed at len), and returns
 * true; false when there is no reduction idx (nor any after it, nor any for
 * a negative idx), when the text is not an instance of the game's shape, or
 * when memory ran out (a caller that shrinks just stops early).  Bigger
 * reductions come first; the same idx gives the same bytes; a reduction is
 * the instance itself, smaller in the game's order whatever the outputs
 * (bl_shrink_measure_fn), or a sideways one that keeps the measure's first
 * two terms, which only a shorter failing game makes smaller.  What out
 * held before is kept.
 */
typedef bool (*bl_shrink_fn)(const char *text, size_t len, long idx, struct bl_buf *out);

/*
 * tower, "N K", the N*N colours, K lines "row col dir": drop pieces (halves,
 * quarters, ..., one); delete rows and columns where no piece stands, in
 * pairs so that the board stays square (the pieces beyond move in); whiten
 * a red or blue cell; move a piece one row up, or one column left.  Then
 * the sideways ones, of the same size, which the order takes only when the
 * failing game gets shorter (tower_shrink_measure): turn a piece to
 * another direction, move it one cell any way, swap two pieces' places in
 * the order of moves, paint a cell another colour.
 */
bool tower_shrink(const char *text, size_t len, long idx, struct bl_buf *out);

/* yut, a line of dice: drop dice (halves, quarters, ..., one), then lower a die by one. */
bool yut_shrink(const char *text, size_t len, long idx, struct bl_buf *out);

/*
 * grundy, N then N lines "x y LETTER" (or "x y"): drop pieces; then for
 * each piece cut its coordinates down to their residues mod 6, halve the
 * multiple of 6 above the residue (a king's and a knight's values are
 * periodic in 2 and 3, so these keep them), halve x or y, or move one step
 * toward the origin.
 */
bool grundy_shrink(const char *text, size_t len, long idx, struct bl_buf *out);

/*
 * puyo, rows of cells top first, '.' empty; each reduction keeps a settled
 * field settled: empty a column; take a row out of every column (what is
 * above falls); take one puyo out; paint one colour as another.
 */
bool puyo_shrink(const char *text, size_t len, long idx, struct bl_buf *out);

/*
 * A game's order on failing instances, the greedy loop's guide: the
 * measure of the instance text[0..len), whose expected output was
 * expected[0..elen) and the failing run's found[0..flen), as
 * BL_SHRINK_TERMS numbers, most significant first (bl_shrink_cmp); a
 * reduction is taken only when its measure is smaller, so shrinking ends
 * whatever the reductions are.  Returns false when text is not an instance
 * of the game's shape (m is then all zero).
 */
#define BL_SHRINK_TERMS 6
typedef bool (*bl_shrink_measure_fn)(const char *text, size_t len, const char *expected,
				     size_t elen, const char *found, size_t flen,
				     int64_t m[BL_SHRINK_TERMS]);

/* -1, 0 or 1 as measure a is smaller than, equal to or bigger than b (lexicographic). */
int bl_shrink_cmp(const int64_t a[BL_SHRINK_TERMS], const int64_t b[BL_SHRINK_TERMS]);

/*
 * The measures: tower (pieces, side, the expected answer's turn, cells
 * not white, the sum of the pieces' rows and columns, the found answer's
 * turn), an answer's turn being its first token when that is a positive
 * integer, else 2^62; the found answer comes last because only a run
 * tells it, so that a reduction that keeps the game's length but not the
 * board's terms need not be run (bl_shrinker_worth); yut (dice, their
 * sum); grundy (pieces, the sum of the coordinates); puyo (puyos,
 * colours).  The outputs count for tower only.
 */
bool tower_shrink_measure(const char *text, size_t len, const char *expected, size_t elen,
			  const char *found, size_t flen, int64_t m[BL_SHRINK_TERMS]);
bool yut_shrink_measure(const char *text, size_t len, const char *expected, size_t elen,
			const char *found, size_t flen, int64_t m[BL_SHRINK_TERMS]);
bool grundy_shrink_measure(const char *text, size_t len, const char *expected, size_t elen,
			   const char *found, size_t flen, int64_t m[BL_SHRINK_TERMS]);
bool puyo_shrink_measure(const char *text, size_t len, const char *expected, size_t elen,
			 const char *found, size_t flen, int64_t m[BL_SHRINK_TERMS]);

/*
 * A game's reductions as the shrinker asks for them, knowing the failing
 * run's outputs: its bl_shrink_fn's, and for tower first those that play
 * the game (lib/tower_shrink.c: the position after a turn, before the
 * answers disagree, as an instance).  Otherwise as bl_shrink_fn.
 */
typedef bool (*bl_shrink_run_fn)(const char *text, size_t len, const char *expected, size_t elen,
				 const char *found, size_t flen, long idx, struct bl_buf *out);

/* A game's shrinking: its reductions and its order. */
struct bl_shrink_game {
	bl_shrink_run_fn reduce;
	bl_shrink_measure_fn measure;
};

/*
 * The greedy loop's state, apart from running anything: the smallest
 * failing input so far and its measure, the next reduction to try, the
 * steps taken, and the inputs it went through (chain[0] the original, then
 * the input after each step but the last).  The caller runs each reduction
 * bl_shrinker_next gives (any number at a time) and hands those that fail
 * the same way to bl_shrinker_take, in the order they were given.
 */
struct bl_shrinker {
	const struct bl_shrink_game *game;
	struct bl_buf input;         /* the current input */
	struct bl_buf expected, found;   /* its outputs */
	int64_t m[BL_SHRINK_TERMS];  /* its measure */
	long next;                   /* the index of the next reduction */
	long until;                  /* the round ends at this index once wrapped */
	bool wrapped;                /* the round went past the last reduction */
	long steps;                  /* reductions taken */
	struct bl_buf *chain;
	size_t nchain;
	bool failed;                 /* out of memory: the shrinker stops */
};

/*
 * Starts from the failing input[0..len) with its outputs.  False when out
 * of memory (release it all the same).
 */
bool bl_shrinker_init(struct bl_shrinker *sh, const struct bl_shrink_game *game,
		      const char *input, size_t len, const char *expected, size_t elen,
		      const char *found, size_t flen);

/*
 * The next reduction of the current input into out (emptied first), one
 * that differs from it, its index into *idx, and true; false when a whole
 * round of the passes since the last step is over (a local minimum) or
 * memory ran out (sh->failed).  A round goes on after the reduction last
 * taken, past the last reduction and round from the first, so that the
 * reductions that did not work are not tried again at once.
 */
bool bl_shrinker_next(struct bl_shrinker *sh, struct bl_buf *out, long *idx);

/*
 * cand[0..len), reduction idx, which failed the same way with these
 * outputs: taken when its measure is smaller than the current input's;
 * then it is the current input, the one before joins the chain and the
 * round goes on after idx.  Returns whether it was taken.  Hand the
 * reductions that failed over in the order they were given, up to the
 * first taken: those given after it are of the input before.
 */
bool bl_shrinker_take(struct bl_shrinker *sh, long idx, const char *cand, size_t len,
		      const char *expected, size_t elen, const char *found, size_t flen);

/*
 * Whether reduction cand[0..len), whose expected output is expected, can
 * be taken at all: its measure, with the found output at its best, is
 * smaller than the current input's.  A reduction that cannot need not be
 * run.
 */
bool bl_shrinker_worth(const struct bl_shrinker *sh, const char *cand, size_t len,
		       const char *expected, size_t elen);

/* Frees what sh holds. */
void bl_shrinker_release(struct bl_shrinker *sh);

extern const struct bl_shrink_game bl_shrink_tower, bl_shrink_yut, bl_shrink_grundy,
	bl_shrink_puyo;

/*
 * The whitespace-separated tokens of text as integers, in order (a token
 * that is not a number counts as 0; digits past the 18th are ignored): at
 * most max into v (NULL when max is 0); returns how many there were, more
 * than max when not all were stored.
 */
size_t bl_shrink_ints(const char *text, size_t len, long long *v, size_t max);

/*
 * Dropping items from a list of n, biggest first (delta debugging's way):
 * the halves, the quarters, ..., then the single items, the last first.
 * Returns how many such drops there are; when idx is below that, the items
 * [*start, *start + *len) of drop number idx (else *start and *len are left
 * as they were).
 */
long bl_shrink_drops(long n, long idx, long *start, long *len);

#endif
