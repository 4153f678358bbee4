/*
 * tower's shrinking for stress (shrink.h): the text reductions of
 * shrink.c, and before them the reductions that play the game: the
 * position after turn t as an instance of its own, which plays the rest of
 * the same game, t turns shorter.  An instance has no stacks, so only the
 * turns after which every piece stands alone serve.
 */
#include "boardlab/shrink.h"
#include "boardlab/tower.h"
#include "tower_impl.h"

#include <string.h>

#define CUTS_MAX 12   /* the turns a failing game may be cut at, at most */

/* The first token of text as an integer, or def when it is none. */
static int64_t first_int(const char *text, size_t len, int64_t def)
{
	long long v;

	return text && bl_shrink_ints(text, len, &v, 1) >= 1 ? (int64_t)v : def;
}

/*
 * Plays t from its start under rule for at most turns turns, leaving the
 * position after the last: the turn on which a stack of TOWER_HEIGHT
 * forms, or -1.  With alone, the turns after which every piece stands
 * alone go there (*nalone of them; room for TOWER_LIMIT).
 */
static int64_t play(struct tower *t, enum tower_rule rule, int64_t turns, int64_t *alone,
		    int *nalone)
{
	struct tower_move mv;

	tower_reset(t);
	for (int64_t turn = 1; turn <= turns; turn++) {
		for (int p = 1; p <= t->k; p++) {
			tower_move(t, rule, p, &mv);
			if (mv.height >= TOWER_HEIGHT)
				return turn;
		}
		if (alone && *nalone < TOWER_LIMIT && tower_all_alone(t))
			alone[(*nalone)++] = turn;
	}
	return -1;
}

/*
 * The rule whose game ends as expected says (carry first), or -1 when
 * neither does (another height, say): the rules are not the
 * reduction's to know, so it finds them out.
 */
static int rule_of(struct tower *t, int64_t e)
{
	for (int rule = TOWER_CARRY; rule <= TOWER_BOTTOM; rule++)
		if (play(t, (enum tower_rule)rule, e > 0 ? e : TOWER_LIMIT, NULL, NULL) ==
		    (e > 0 ? e : -1))
			return rule;
	return -1;
}

/*
 * The turns to cut the game at, the latest first, into cut[] (at most
 * CUTS_MAX); how many.  The game is cut only before `last`, the first turn
 * at which the two answers disagree, where the failure shows: at the turns
 * after which every piece stands alone, those nearest at or below last - 1,
 * last - 2, last - 4, ...
 */
static int cuts(struct tower *t, int rule, int64_t last, int64_t *cut)
{
	int64_t alone[TOWER_LIMIT];
	int n = 0, ncut = 0;

	if (rule < 0 || last < 2)
		return 0;
	play(t, (enum tower_rule)rule, last - 1, alone, &n);
	for (int64_t gap = 1, i = n - 1; i >= 0 && ncut < CUTS_MAX && gap < last; gap *= 2) {
		while (i >= 0 && alone[i] > last - gap)
			i--;
		if (i >= 0 && (ncut == 0 || cut[ncut - 1] != alone[i]))
			cut[ncut++] = alone[i];
	}
	return ncut;
}

/* The position of t as an instance: "N K", the colours, each piece's row, column, direction. */
static void write_position(const struct tower *t, struct bl_buf *out)
{
	bl_buf_printf(out, "%d %d\n", t->n, t->k);
	for (int r = 0; r < t->n; r++)
		for (int c = 0; c < t->n; c++)
			bl_buf_printf(out, "%d%c", (int)tower_colour_at(t, r * t->n + c),
				      c + 1 < t->n ? ' ' : '\n');
	for (int p = 1; p <= t->k; p++) {
		int cell = tower_cell_of(t, p);
		bl_buf_printf(out, "%d %d %d\n", cell / t->n + 1, cell % t->n + 1,
			      (int)tower_dir_of(t, p));
	}
}

/*
 * Reduction idx of a failing instance: first the game cut at one of the
 * turns of cuts (the position after it), then tower_shrink's.  Games on a
 * board over 64 or of more than 64 pieces are not played (the text
 * reductions make them smaller first).
 */
static bool tower_reduce(const char *text, size_t len, const char *expected, size_t elen,
			 const char *found, size_t flen, long idx, struct bl_buf *out)
{
	int64_t e = first_int(expected, elen, 0), f = first_int(found, flen, 0);
	int64_t last = e > 0 ? e : TOWER_LIMIT, cut[CUTS_MAX];
	struct tower_limits lim;
	struct tower t;
	struct bl_reader rd;
	int ncut = 0, rule = -1;
	bool ok;

	if (idx < 0)
		return false;
	if (f > 0 && f < last)
		last = f;
	tower_limits_any(&lim);
	lim.n_max = lim.k_max = 64;
	tower_init(&t);
	bl_reader_init(&rd, text, len);
	if (tower_parse(&t, &rd, &lim, NULL) == BL_OK)
		ncut = cuts(&t, rule = rule_of(&t, e), last, cut);
	if (idx < ncut) {
		play(&t, (enum tower_rule)rule, cut[idx], NULL, NULL);
		write_position(&t, out);
		ok = true;
	} else {
		ok = tower_shrink(text, len, idx - ncut, out);
	}
	tower_release(&t);
	return ok;
}

const struct bl_shrink_game bl_shrink_tower = { tower_reduce, tower_shrink_measure };
