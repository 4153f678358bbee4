/*
 * tower_split: groups of pieces that never meet (see tower_impl.h).
 *
 * Why the proof holds.  Over the window (from, turn] no two groups had a
 * piece on the same cell, at the same moment or at different ones (a cell
 * is owned by the first group to use it, and any later user joins that
 * group).  A move reads the moving stack and the stack it lands on, so each
 * group moved in the window exactly as it would have alone.  A group whose
 * state after `turn` equals its state p turns earlier, inside the window,
 * therefore goes round the same p turns forever on cells it used in the
 * window, which no other group ever uses: the groups stay apart, the whole
 * game is the groups' games side by side, and none of those built a stack
 * of the height during the window.
 *
 * Nothing here needs the check to fall on the window's end: at any turn
 * after `from` the groups are those of the landings up to that turn, and
 * the argument holds for them, so tower_play checks a window every few
 * turns.  Past the history, tower_split_step compares each turn with the
 * window's first state alone: a group all of whose pieces are back in their
 * first state at the same offset q is in its state of turn `from` at turn
 * from + q, two states inside the window, so the same argument holds with
 * q as the group's period.  The compact engine (lib/tower_small.c) keeps the same groups by
 * naming each piece's group outright and renaming on a merge instead of a
 * union-find; tower_small_split_groups hands them over in t->uf.  Its
 * words are a piece's cell, level and direction rather than its cell, the
 * piece under it and its direction: for a group alone on its cells the
 * levels of its pieces fix the order of its stacks, so the two compare
 * alike.
 */
#include "tower_impl.h"

#include <stdlib.h>
#include <string.h>

bool tower_split_reserve(struct tower *t)
{
	size_t cells = (size_t)t->n * (size_t)t->n, pieces = 4 * ((size_t)t->k + 1);

	if (pieces > t->uf_cap) {
		free(t->uf);
		t->uf = malloc(pieces * sizeof *t->uf);
		t->uf_cap = t->uf ? pieces : 0;
		if (!t->uf)
			return false;
	}
	if (!t->owned) {
		t->owned = malloc(TOWER_OWNED_MAX * sizeof *t->owned);
		if (!t->owned)
			return false;
	}
	if (cells > t->owner_cap) {
		free(t->owner);
		t->owner = calloc(cells, sizeof *t->owner);
		t->owner_cap = t->owner ? cells : 0;
		t->owned_len = 0;
		if (!t->owner)
			return false;
	}
	return true;
}

void tower_split_begin(struct tower *t)
{
	if (t->owned_len > TOWER_OWNED_MAX)
		memset(t->owner, 0, t->owner_cap * sizeof *t->owner);
	else
		for (size_t i = 0; i < t->owned_len; i++)
			t->owner[t->owned[i]] = 0;
	t->owned_len = 0;
	for (int p = 0; p <= t->k; p++)
		t->uf[p] = p;
	for (int p = 1; p <= t->k; p++)
		tower_split_note(t, p, t->piece[p].cell);
}

bool tower_split_check(struct tower *t, int64_t from, int64_t turn, struct tower_result *res)
{
	size_t k = (size_t)t->k;
	int32_t *count = t->uf + (k + 1), *order = t->uf + 2 * (k + 1);
	const uint64_t *now = t->words + (size_t)turn * k;
	int groups = 0;

	/*
	 * The pieces listed group by group (a counting sort on the root).  Each
	 * piece is first pointed at its root: path halving alone leaves some
	 * pointing at an ancestor below it.
	 */
	memset(count, 0, (k + 1) * sizeof *count);
	for (int p = 1; p <= t->k; p++) {
		t->uf[p] = tower_split_find(t->uf, p);
		count[t->uf[p]]++;
	}
	for (size_t r = 1, at = 0; r <= k; r++) {
		int32_t c = count[r];
		count[r] = (int32_t)at;
		at += (size_t)c;
	}
	for (int p = 1; p <= t->k; p++)
		order[count[t->uf[p]]++] = p;

	/* Each group's least period inside the window, or failure. */
	int64_t periods[TOWER_SPLIT_SHOWN];
	for (size_t i = 0; i < k;) {
		int32_t root = t->uf[order[i]];
		size_t end = i;
		while (end < k && t->uf[order[end]] == root)
			end++;
		int64_t period = 0;
		for (int64_t p = 1; p <= turn - from && !period; p++) {
			const uint64_t *then = t->words + (size_t)(turn - p) * k;
			size_t j = i;
			while (j < end && then[order[j] - 1] == now[order[j] - 1])
				j++;
			if (j == end)
				period = p;
		}
		if (!period)
			return false;
		if (groups < TOWER_SPLIT_SHOWN)
			periods[groups] = period;
		groups++;
		i = end;
	}
	res->groups = groups;
	res->split_from = from;
	memcpy(res->periods, periods,
	       (size_t)(groups < TOWER_SPLIT_SHOWN ? groups : TOWER_SPLIT_SHOWN) * sizeof *periods);
	return true;
}

void tower_split_open(struct tower *t)
{
	memset(t->uf + 3 * ((size_t)t->k + 1), 0, ((size_t)t->k + 1) * sizeof *t->uf);
}

bool tower_split_step(struct tower *t, int64_t from, int64_t turn, const uint64_t *base,
		      const uint64_t *now, struct tower_result *res)
{
	size_t k = (size_t)t->k;
	int32_t *agree = t->uf + (k + 1), *same = t->uf + 2 * (k + 1), *ret = t->uf + 3 * (k + 1);
	int32_t at = (int32_t)(turn - from);
	bool open = false;

	/* Each group: are its pieces all as at `from` now, and do they share a return? */
	for (int p = 1; p <= t->k; p++) {
		int32_t r = tower_split_find(t->uf, p);
		t->uf[p] = r;
		agree[r] = 1;
		same[r] = ret[p];
	}
	for (int p = 1; p <= t->k; p++) {
		int32_t r = t->uf[p];
		if (now[p - 1] != base[p - 1])
			agree[r] = 0;
		if (same[r] != ret[p])
			same[r] = 0;
	}
	/* A group without a common return that is back now returns at `at`. */
	for (int p = 1; p <= t->k; p++) {
		int32_t r = t->uf[p];
		if (same[r])
			continue;
		if (agree[r])
			ret[p] = at;
		else
			open = true;
	}
	if (open)
		return false;
	int groups = 0;
	for (int p = 1; p <= t->k; p++) {
		if (t->uf[p] != p)
			continue;
		if (groups < TOWER_SPLIT_SHOWN)
			res->periods[groups] = ret[p];
		groups++;
	}
	res->groups = groups;
	res->split_from = from;
	return true;
}
