/*
 * tower_split: internal to the tower module (lib/tower*.c), not an
 * interface.  Proves that a game never ends before its whole state repeats:
 * when the pieces fall into groups that have shared no cell over a window of
 * turns and each group is back in a state it had within the window, each
 * group repeats on its own forever on the cells it used, so the groups never
 * meet and no stack higher than a group's can form.  tower_play opens a
 * window, carry() notes every landing, and the check at the window's end
 * reads the states kept in the history.
 */
#ifndef BOARDLAB_TOWER_SPLIT_H
#define BOARDLAB_TOWER_SPLIT_H

#include "tower.h"

/* The board sizes the check runs on: its cell table is cleared per window. */
#define TOWER_SPLIT_CELLS_MAX (1 << 16)

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

	if (owner) {
		int32_t a = tower_split_find(t->uf, p), b = tower_split_find(t->uf, owner);
		if (a != b)
			t->uf[a < b ? b : a] = a < b ? a : b;
	} else {
		t->owner[cell] = p;
	}
}

/*
 * At the end of turn `turn`, whose window opened after turn `from`: true
 * when every group's state equals its state some p turns before with
 * turn - p >= from (the states of turns from..turn are in t->words, k words
 * each); then res holds the groups and their least such p.
 */
bool tower_split_check(struct tower *t, int64_t from, int64_t turn, struct tower_result *res);

#endif
