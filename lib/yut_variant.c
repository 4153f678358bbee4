/*
 * yut_variant: the best total as a solution with one known mistake finds it
 * (enum yut_mistake), for the diagnosis of wrong solutions.  A plain search
 * with memory of (turn, sorted horse cells, the cells ever held for
 * no-restore), sharing nothing with the fast search of lib/yut.c, which
 * hands a game with a mistake over to yut_variant_solve.
 */
#include "boardlab/yut.h"
#include "yut_impl.h"

#include <stdlib.h>
#include <string.h>

struct vboard {
	int ncells, start, end;
	int score[YUT_MAX_CELLS + 1], red[YUT_MAX_CELLS + 1], blue[YUT_MAX_CELLS + 1];
};

struct entry {
	uint64_t cells, held;
	uint32_t turn;
	bool used;
	int64_t value;
};

struct vsearch {
	struct vboard b;
	enum yut_mistake m;
	const unsigned char *dice;
	size_t ndice;
	int horses;
	struct entry *memo;
	size_t n, mask, limit;
	bool full;
};

/* The board as the mistake sees it: forty-twice gives "c35" its own 40. */
static enum bl_code vboard_init(struct vboard *v, const struct yut_board *b, enum yut_mistake m,
				struct bl_err *err)
{
	v->ncells = b->ncells;
	v->start = b->start;
	v->end = b->end;
	for (int c = 0; c < b->ncells; c++) {
		v->score[c] = b->cells[c].score;
		v->red[c] = b->cells[c].red;
		v->blue[c] = b->cells[c].blue;
	}
	if (m == YUT_MISTAKE_FORTY_TWICE) {
		int c35 = yut_board_find(b, "c35"), forty = yut_board_find(b, "40");
		if (c35 == YUT_NONE || forty == YUT_NONE || b->ncells >= YUT_MAX_CELLS)
			return bl_fail(err, BL_ERR_ARG, "the mistake forty-twice needs the built-in "
				       "board's cells 'c35' and '40'");
		int twin = v->ncells++;
		v->score[twin] = v->score[forty];
		v->red[twin] = v->red[forty];
		v->blue[twin] = v->blue[forty];
		v->red[c35] = twin;
	}
	if (m == YUT_MISTAKE_NO_RESTORE && v->ncells > 64)
		return bl_fail(err, BL_ERR_ARG, "the mistake no-restore plays on boards of at most "
			       "64 cells, not %d", v->ncells);
	return BL_OK;
}

static int target(const struct vsearch *s, int from, int die)
{
	int at = from;

	for (int i = 0; i < die && at != s->b.end; i++) {
		bool blue = s->b.blue[at] != YUT_NONE && (i == 0 || s->m == YUT_MISTAKE_BLUE_WHEN_PASSING);
		at = blue ? s->b.blue[at] : s->b.red[at];
	}
	return at;
}

/* Whether a horse on cell `other` keeps a move from ending on cell to. */
static bool blocks(const struct vsearch *s, int other, int to)
{
	switch (s->m) {
	case YUT_MISTAKE_END_BLOCKS:
		return other == to;
	case YUT_MISTAKE_SHARED_BY_SCORE:
		return to != s->b.end && other != s->b.start && other != s->b.end &&
		       s->b.score[other] == s->b.score[to];
	default:
		return other == to && to != s->b.end;
	}
}

/*
 * Where horse i of cells[0..horses) goes with die, or YUT_NONE when it may
 * not be chosen; held: the cells ever ended on (no-restore).
 */
static int move_of(const struct vsearch *s, const int *cells, int i, int die, uint64_t held)
{
	if (cells[i] == s->b.end)
		return s->m == YUT_MISTAKE_FINISHED_MAY_PASS ? s->b.end : YUT_NONE;
	int to = target(s, cells[i], die);
	if (s->m == YUT_MISTAKE_NO_RESTORE && to != s->b.end && (held >> to & 1))
		return YUT_NONE;
	for (int j = 0; j < s->horses; j++)
		if (j != i && blocks(s, cells[j], to))
			return YUT_NONE;
	return to;
}

static uint64_t pack_sorted(const int *cells, int horses)
{
	int c[YUT_MAX_HORSES];
	uint64_t v = 0;

	memcpy(c, cells, (size_t)horses * sizeof *c);
	for (int i = 1; i < horses; i++)
		for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
			int x = c[j];
			c[j] = c[j - 1];
			c[j - 1] = x;
		}
	for (int i = 0; i < horses; i++)
		v |= (uint64_t)c[i] << (8 * i);
	return v;
}

static struct entry *slot(struct vsearch *s, uint64_t cells, uint64_t held, uint32_t turn)
{
	uint64_t h = (cells * UINT64_C(0x9e3779b97f4a7c15)) ^ (held * UINT64_C(0xc2b2ae3d27d4eb4f)) ^
		     turn * UINT64_C(0x165667b19e3779f9);
	size_t i = (size_t)(h ^ (h >> 29)) & s->mask;

	while (s->memo[i].used &&
	       (s->memo[i].cells != cells || s->memo[i].held != held || s->memo[i].turn != turn))
		i = (i + 1) & s->mask;
	return &s->memo[i];
}

static bool grow(struct vsearch *s)
{
	struct entry *old = s->memo;
	size_t n = s->mask + 1;

	s->memo = calloc(2 * n, sizeof *s->memo);
	if (!s->memo) {
		s->memo = old;
		return false;
	}
	s->mask = 2 * n - 1;
	for (size_t i = 0; i < n; i++)
		if (old[i].used)
			*slot(s, old[i].cells, old[i].held, old[i].turn) = old[i];
	free(old);
	return true;
}

/* The best points still to come from turn on; -1 when the memory or the state limit ran out. */
static int64_t best(struct vsearch *s, int *cells, uint64_t held, size_t turn)
{
	if (turn == s->ndice)
		return 0;
	uint64_t key = pack_sorted(cells, s->horses);
	struct entry *e = slot(s, key, held, (uint32_t)turn);
	if (e->used)
		return e->value;
	int64_t top = 0;
	for (int i = 0; i < s->horses; i++) {
		bool twin = false;
		for (int j = 0; j < i; j++)
			twin |= cells[j] == cells[i];
		int to = twin ? YUT_NONE : move_of(s, cells, i, s->dice[turn], held);
		if (to == YUT_NONE)
			continue;
		int from = cells[i];
		cells[i] = to;
		int64_t v = best(s, cells, s->m != YUT_MISTAKE_NO_RESTORE || to == s->b.end ? held : held | UINT64_C(1) << (to & 63),
				 turn + 1);
		cells[i] = from;
		if (v < 0)
			return -1;
		if (v + s->b.score[to] > top)
			top = v + s->b.score[to];
	}
	if (s->n + 1 > s->limit || (2 * (s->n + 1) > s->mask && !grow(s)))
		return -1;
	e = slot(s, key, held, (uint32_t)turn);   /* the table may have grown */
	*e = (struct entry){ key, held, (uint32_t)turn, true, top };
	s->n++;
	return top;
}

/* greedy: each turn the move of the most points now, the lowest horse on a tie. */
static int64_t greedy(const struct vsearch *s)
{
	int cells[YUT_MAX_HORSES];
	int64_t total = 0;

	for (int i = 0; i < s->horses; i++)
		cells[i] = s->b.start;
	for (size_t t = 0; t < s->ndice; t++) {
		int pick = -1, pick_to = YUT_NONE;
		for (int i = 0; i < s->horses; i++) {
			int to = move_of(s, cells, i, s->dice[t], 0);
			if (to != YUT_NONE && (pick < 0 || s->b.score[to] > s->b.score[pick_to]))
				pick = i, pick_to = to;
		}
		if (pick < 0)
			break;
		cells[pick] = pick_to;
		total += s->b.score[pick_to];
	}
	return total;
}

enum bl_code yut_variant_solve(const struct yut_game *g, struct yut_result *res,
			       struct bl_err *err)
{
	struct vsearch *s;
	int cells[YUT_MAX_HORSES];
	enum bl_code code;

	if ((unsigned)g->mistake >= YUT_MISTAKE_COUNT)
		return bl_fail(err, BL_ERR_ARG, "unknown mistake %d", (int)g->mistake);
	if (g->ndice > YUT_MISTAKE_DICE_MAX)
		return bl_fail(err, BL_ERR_LIMIT, "a game with a mistake takes at most %d dice, "
			       "not %zu", YUT_MISTAKE_DICE_MAX, g->ndice);
	s = calloc(1, sizeof *s);
	if (!s)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for the search");
	s->m = g->mistake;
	s->dice = g->dice;
	s->ndice = g->ndice;
	s->horses = g->horses;
	s->limit = g->max_states ? g->max_states : YUT_STATES_DEFAULT;
	code = vboard_init(&s->b, g->board, g->mistake, err);
	if (code == BL_OK && s->m == YUT_MISTAKE_GREEDY) {
		res->total = greedy(s);
		res->states = 0;
	} else if (code == BL_OK) {
		s->mask = 1023;
		s->memo = calloc(s->mask + 1, sizeof *s->memo);
		for (int i = 0; i < s->horses; i++)
			cells[i] = s->b.start;
		int64_t v = s->memo ? best(s, cells, 0, 0) : -1;
		if (v < 0 && s->n + 1 > s->limit)
			code = bl_fail(err, BL_ERR_LIMIT, "the search of the mistake needs more than "
				       "%zu states", s->limit);
		else if (v < 0)
			code = bl_fail(err, BL_ERR_NOMEM, "out of memory for the search");
		res->total = v;
		res->states = s->n;
	}
	free(s->memo);
	free(s);
	return code;
}
