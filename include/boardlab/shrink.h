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

#include "buf.h"

/*
 * A game's passes: appends to out the reduction number idx (0, 1, ...) of
 * the instance text[0..len) (any bytes; no NUL needed at len), and returns
 * true; false when there is no reduction idx (nor any after it, nor any for
 * a negative idx), when the text is not an instance of the game's shape, or
 * when memory ran out (a caller that shrinks just stops early).  Bigger reductions come first; the same idx gives the same bytes;
 * a reduction is the instance itself or smaller, so that trying them
 * greedily always ends.  What out held before is kept.
 */
typedef bool (*bl_shrink_fn)(const char *text, size_t len, long idx, struct bl_buf *out);

/*
 * tower, "N K", the N*N colours, K lines "row col dir": drop pieces (halves,
 * quarters, ..., one); delete rows and columns where no piece stands, in
 * pairs so that the board stays square (the pieces beyond move in); whiten
 * a red or blue cell; move a piece one row up, or one column left.
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
