/*
 * tower_split: internal to the tower module (lib/tower*.c), not an
 * interface.  Proves that a game never ends before its whole state repeats:
 * when the pieces fall into groups that have shared no cell over a window of
 * turns and each group is back in a state it had within the window, each
 * group repeats on its own forever on the cells it used, so the groups never
 * meet and no stack higher than a group's can form.  tower_play opens a
 * window, carry() notes every landing, and the check at the window's end
 * reads the states kept in the history.  It also declares the other
 * internals shared by lib/tower*.c: the state hash's finalizer and the
 * compact engine of lib/tower_small.c.
 */
#ifndef BOARDLAB_TOWER_SPLIT_H
#define BOARDLAB_TOWER_SPLIT_H

#include "boardlab/tower.h"

#include <string.h>

/*
 * Each cell's byte (t->colour) holds its colour in bits 0-1 and, in bit
 * 1 + d, whether the board ends next to it in direction d: a move then
 * finds what it meets without dividing the cell index into row and column.
 */
#define TOWER_COLOUR_MASK 3
#define TOWER_EDGE_BIT(d) (1u << (1 + (d)))

/* A cell's colour bits when its colour is not known yet (tower_witness's lazy boards). */
#define TOWER_UNKNOWN 3

/*
 * The cells whose owner a window's start clears one by one; past that many
 * the whole table is cleared, so boards of any size cost O(cells used) per
 * window, and O(N^2) only after TOWER_OWNED_MAX landings on new cells.
 */
#define TOWER_OWNED_MAX (1 << 16)

/* Allocates the tables for t's board and pieces; false when out of memory. */
bool tower_split_reserve(struct tower *t);

/*
 * Opens a window after the current turn: every piece in its own group but
 * those sharing a cell, and every occupied cell owned by its group.
 */
void tower_split_begin(struct tower *t);

/* The group of piece p (union-find with path halving). */
static inline int32_t tower_split_find(int32_t *uf, int32_t p)
{
	while (uf[p] != p) {
		uf[p] = uf[uf[p]];
		p = uf[p];
	}
	return p;
}

/* Piece p's group landed on cell: it joins the group that used the cell. */
static inline void tower_split_note(struct tower *t, int p, int cell)
{
	int32_t owner = t->owner[cell];

	if (owner == p || t->uf[owner] == t->uf[p])
		return;   /* its own cell, or a cell of its group (uf[0] is 0, no piece's parent) */
	if (owner) {
		int32_t a = tower_split_find(t->uf, p), b = tower_split_find(t->uf, owner);
		if (a != b)
			t->uf[a < b ? b : a] = a < b ? a : b;
	} else {
		t->owner[cell] = p;
		if (t->owned_len < TOWER_OWNED_MAX)
			t->owned[t->owned_len] = cell;
		t->owned_len++;
	}
}

/*
 * At the end of turn `turn`, whose window opened after turn `from`: true
 * when every group's state equals its state some p turns before with
 * turn - p >= from (the states of turns from..turn are in t->words, k words
 * each); then res holds the groups and their least such p.
 */
bool tower_split_check(struct tower *t, int64_t from, int64_t turn, struct tower_result *res);

/*
 * The same proof past the history, where no states but the window's first
 * are kept (tower_play's Brent phase).  Every piece p records the offset
 * ret[p] (in t->uf[3 (k + 1) ...]) of a turn of the window at which its
 * word was the one it had at the window's start, its group then being all
 * back there; pieces sharing an offset q are all in their start state
 * q turns into the window, so a group whose pieces share one is, and a
 * group without one (never back, or made by a merge since) waits for the
 * next turn its pieces are all back together.  When every group has one,
 * each repeats on its own from the window's start with its offset as a
 * period, on cells no other group used in the window: the proof above.
 * tower_split_open clears the offsets (after tower_split_begin or
 * tower_small_split_begin); tower_split_step, called after every turn of
 * the window with the groups in t->uf (tower_small_split_groups first for
 * the compact engine), base the words at the window's start and now the
 * words after `turn`, returns true with res's groups and periods (the
 * offsets; each group is in its state of that many turns before) when the
 * proof holds.  O(k) per turn.
 */
void tower_split_open(struct tower *t);
bool tower_split_step(struct tower *t, int64_t from, int64_t turn, const uint64_t *base,
		      const uint64_t *now, struct tower_result *res);

/*
 * splitmix64's finalizer, spreading every bit of x over the result: the
 * last step of a state's hash (tower.c's pack_state, tower_small_pack).
 */
static inline uint64_t tower_fmix(uint64_t x)
{
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

/*
 * tower_play's exact history: the states after turns 0..kept-1, each as k
 * words (a record of the compact engine's, or a word per piece) in
 * t->words, and an open-addressing table of their hashes (t->slots, mask + 1
 * of them, and t->hashes).  Records the state after turn `turn` (its words
 * already in place) unless an earlier one equals it; returns that earlier
 * turn, or -1.
 */
static inline int64_t tower_remember(struct tower *t, size_t k, int64_t turn, uint64_t hash,
				     size_t mask)
{
	const uint64_t *w = t->words + (size_t)turn * k;
	size_t i = (size_t)hash & mask;
	int32_t j;

	for (; (j = t->slots[i]) >= 0; i = (i + 1) & mask)
		if (t->hashes[j] == hash && memcmp(t->words + (size_t)j * k, w, k * sizeof *w) == 0)
			return j;
	t->slots[i] = (int32_t)turn;
	t->hashes[turn] = hash;
	return -1;
}

/*
 * The compact engine (lib/tower_small.c) for boards of at most 256 cells,
 * at most 255 pieces and heights up to TOWER_SMALL_HEIGHT_MAX, used by
 * tower_play when nothing watches the moves.  tower_small_load copies the
 * position of t (t->piece and its links) into it; tower_small_turn plays a
 * turn there; tower_small_sync writes its position back into t->piece and
 * t->top (the start fields are kept).
 */
#define TOWER_SMALL_HEIGHT_MAX 5
#define TOWER_SMALL_CELLS 256

/* True when t's game under o fits the compact engine. */
bool tower_small_fits(const struct tower *t, const struct tower_opts *o);

/*
 * The compact engine's move table for t's board, for the caller (tower.c,
 * which knows the rules of a move) to fill in: for every cell c and
 * direction d, steps[c << 2 | (d - 1)] = (new direction - 1) | landing
 * cell << 2: the direction after a bounce and where the group lands (c
 * itself when blocked both ways; a group that lands elsewhere is turned
 * over when that cell is red); 4 n^2 entries.  NULL when out of memory.
 * Then tower_small_load loads t's position.
 */
uint16_t *tower_small_steps(struct tower *t);
void tower_small_load(struct tower *t);

/*
 * Plays one turn of pieces 1..k under rule.  Returns 0, or the piece whose
 * move would build a stack of height (or more): that move and the rest of
 * the turn are not played.  With note, every move that leaves its cell is
 * noted for the split window (tower_split_note).
 */
int tower_small_turn(struct tower *t, enum tower_rule rule, int height, bool note);

/*
 * Packs the state into w[0..k), a word per piece (cell, level, direction:
 * equal words for all pieces, or for a group alone on its cells, mean equal
 * states), and returns their hash.
 */
uint64_t tower_small_pack(const struct tower *t, uint64_t *w);

/*
 * The record tower_play's history keeps of the compact engine's state:
 * tower_small_record writes it into w[0..tower_small_record_words(k)) and
 * returns its hash.  Equal records mean equal states (every piece's cell,
 * level and direction), and about k/4 words against the k of
 * tower_small_pack's; a record has no word per piece, so the proof by
 * groups reads tower_small_pack's instead.
 */
size_t tower_small_record_words(int k);
uint64_t tower_small_record(const struct tower *t, uint64_t *w);

/*
 * Plays turns 1, 2, ... up to limit without noting, keeping each state's
 * record in t->words (tower_small_record_words(k) words a state, room for
 * limit + 1 of them; the start's is there already).  Returns
 * the turn it stopped on: *piece is the piece whose move on that turn would
 * build a stack of the height (not played, as tower_small_turn), or 0 and
 * *repeat the earlier turn whose state the state after it repeats, its
 * first repeat, or -1 (then the turn is the limit).  The engine holds the
 * state after the turn returned, as if it had stopped there (it may have
 * played on, and gone back: see tower_small.c).
 */
int64_t tower_small_play(struct tower *t, enum tower_rule rule, int height, int64_t limit,
			 int *piece, int64_t *repeat);

/*
 * tower_small_play for the answer alone (tower_opts.answer_only): the
 * start's record in t->words (room for one more), and no record a turn.
 * A repeat ends the game when Brent's method sees it: *repeat is then the
 * earlier turn whose state the state after the turn returned is, a repeat
 * but not always the first.  The engine holds the state after that turn.
 */
int64_t tower_small_answer(struct tower *t, enum tower_rule rule, int height, int64_t limit,
			   int *piece, int64_t *repeat);

/*
 * tower_split_begin for the compact engine, which keeps its own groups
 * while it plays (tower_small_turn with note); tower_small_split_groups
 * copies them into t->uf for tower_split_check.
 */
void tower_small_split_begin(struct tower *t);
void tower_small_split_groups(struct tower *t);

/* Writes the compact position back into t. */
void tower_small_sync(struct tower *t);

/* Frees the compact engine's memory. */
void tower_small_release(struct tower *t);

/* Pictures (lib/tower_svg.c), drawn by the views. */

/*
 * The tower board: each cell in its colour, its stack bottom to top as
 * chips (a piece's number and a triangle pointing its way), row and column
 * numbers; mv, when not NULL, the move
 * just played: its cell of departure dashed, its arrival outlined.  t->n
 * must be at most TOWER_SVG_N_MAX.
 */
void pic_tower(const struct tower *t, const struct tower_move *mv, const char *title,
	       const char *caption, struct bl_buf *out);

/*
 * The game of o with its mistake o->mistake (not TOWER_MISTAKE_NONE, o
 * already checked), as tower_play describes it (lib/tower_variant.c).
 */
enum bl_code tower_variant_play(struct tower *t, const struct tower_opts *o, tower_step_fn fn,
				void *ctx, struct tower_result *res, struct bl_err *err);

/*
 * tower_gen.c's table of late games (tests/unit/t-late-games.c searches for
 * them and prints entries): each game ends with a stack on turn
 * TOWER_LATE_END under the bottom rule, height 4.  tower_late_instance
 * appends one entry as an instance: side n, k pieces, colours the n * n
 * digits 0 to 2 row by row, pieces three characters each (row and column
 * from 0 in hex, then the direction 1 to 4).  False when the entry is
 * malformed (nothing is appended) or out of memory.
 */
#define TOWER_LATE_END 1001

/* Whether every piece of t stands alone on its cell (lib/tower_board.c). */
bool tower_all_alone(const struct tower *t);
bool tower_late_instance(int n, int k, const char *colours, const char *pieces,
			 struct bl_buf *out);

#endif
