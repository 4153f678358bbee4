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

/*
 * The witness search (yut_witness): every sequence of dice in lexicographic
 * order, depth first, carrying at each depth the positions the dice so far
 * reach with the best score of each, for the rules and for the mistake, so
 * that a sequence costs one step from its parent's positions.
 */
struct fstate {
	uint64_t cells, held;   /* sorted horse cells (greedy: in horse order), held for
	                           no-restore; bit 63 of held: no horse could move */
	int64_t score;
	size_t slot;            /* its slot in the level's index */
};

struct flevel {
	struct fstate *s;
	size_t n, cap;
	uint32_t *idx;          /* state + 1, 0 empty */
	size_t mask;
};

#define DEAD (UINT64_C(1) << 63)

static bool flevel_add(struct flevel *l, uint64_t cells, uint64_t held, int64_t score)
{
	uint64_t h = cells * UINT64_C(0x9e3779b97f4a7c15) ^ held * UINT64_C(0xc2b2ae3d27d4eb4f);
	size_t i = (size_t)(h ^ h >> 31) & l->mask;

	for (; l->idx[i]; i = (i + 1) & l->mask) {
		struct fstate *e = &l->s[l->idx[i] - 1];
		if (e->cells == cells && e->held == held) {
			e->score = score > e->score ? score : e->score;
			return true;
		}
	}
	if (l->n == l->cap || 2 * (l->n + 1) > l->mask)
		return false;
	l->s[l->n] = (struct fstate){ cells, held, score, i };
	l->idx[i] = (uint32_t)++l->n;
	return true;
}

static void unpack_cells(uint64_t v, int *c, int horses)
{
	for (int i = 0; i < horses; i++)
		c[i] = (int)(v >> (8 * i) & 0xff);
}

static uint64_t pack_plain(const int *c, int horses)
{
	uint64_t v = 0;

	for (int i = 0; i < horses; i++)
		v |= (uint64_t)c[i] << (8 * i);
	return v;
}

/* The positions after die from those of `from`, under s's rules (greedy: its one move). */
static bool fstep(const struct vsearch *s, const struct flevel *from, int die, struct flevel *to)
{
	int c[YUT_MAX_HORSES];

	for (size_t k = 0; k < to->n; k++)   /* empty the index slot by slot: it is large */
		to->idx[to->s[k].slot] = 0;
	to->n = 0;
	for (size_t k = 0; k < from->n; k++) {
		const struct fstate *e = &from->s[k];
		bool moved = false;
		if (e->held & DEAD) {
			if (!flevel_add(to, e->cells, e->held, e->score))
				return false;
			continue;
		}
		unpack_cells(e->cells, c, s->horses);
		int pick = -1, pick_to = YUT_NONE;
		for (int i = 0; i < s->horses; i++) {
			bool twin = false;
			for (int j = 0; j < i && s->m != YUT_MISTAKE_GREEDY; j++)
				twin |= c[j] == c[i];
			int dest = twin ? YUT_NONE : move_of(s, c, i, die, e->held);
			if (dest == YUT_NONE)
				continue;
			if (s->m == YUT_MISTAKE_GREEDY) {
				if (pick < 0 || s->b.score[dest] > s->b.score[pick_to])
					pick = i, pick_to = dest;
				continue;
			}
			int from_cell = c[i];
			c[i] = dest;
			uint64_t held = s->m == YUT_MISTAKE_NO_RESTORE && dest != s->b.end
					? e->held | UINT64_C(1) << (dest & 63) : e->held;
			moved = true;
			if (!flevel_add(to, pack_sorted(c, s->horses), held, e->score + s->b.score[dest]))
				return false;
			c[i] = from_cell;
		}
		if (pick >= 0) {
			c[pick] = pick_to;
			moved = flevel_add(to, pack_plain(c, s->horses), 0,
					   e->score + s->b.score[pick_to]);
			if (!moved)
				return false;
		}
		if (!moved && !flevel_add(to, e->cells, e->held | DEAD, e->score))
			return false;
	}
	return true;
}

/* The best total after one more die from the positions of l: the last die, without a level. */
static int64_t flast(const struct vsearch *s, const struct flevel *l, int die)
{
	int c[YUT_MAX_HORSES];
	int64_t top = 0;

	for (size_t k = 0; k < l->n; k++) {
		const struct fstate *e = &l->s[k];
		int64_t gain = 0;
		unpack_cells(e->cells, c, s->horses);
		for (int i = 0; !(e->held & DEAD) && i < s->horses; i++) {
			int dest = move_of(s, c, i, die, e->held);
			if (dest == YUT_NONE)
				continue;
			if (s->m == YUT_MISTAKE_GREEDY) {   /* its pick: the most points, the first horse */
				gain = s->b.score[dest] > gain ? s->b.score[dest] : gain;
				continue;
			}
			gain = s->b.score[dest] > gain ? s->b.score[dest] : gain;
		}
		top = e->score + gain > top ? e->score + gain : top;
	}
	return top;
}

struct fsearch {
	struct vsearch right, wrong;
	struct flevel r[YUT_WITNESS_DICE_MAX + 1], w[YUT_WITNESS_DICE_MAX + 1];
	int ndice, *dice;
	int to_end[YUT_MAX_CELLS + 1];   /* dice a horse needs from a cell to End */
	bool needs_end;                  /* the mistake shows only after a horse is on End */
	uint64_t work, max_work;
	bool found, full;
};

/*
 * Whether a horse of the positions of l can be on End with a die still to
 * come, before die t of ndice: else a mistake about End cannot show.
 */
static bool end_in_reach(const struct fsearch *f, const struct flevel *l, int t)
{
	int c[YUT_MAX_HORSES];

	for (size_t k = 0; k < l->n; k++) {
		unpack_cells(l->s[k].cells, c, f->right.horses);
		for (int i = 0; i < f->right.horses; i++)
			if (f->to_end[c[i]] <= f->ndice - t - 1)
				return true;
	}
	return false;
}

static void fdfs(struct fsearch *f, int t)
{
	if (f->found || f->full || (f->max_work && f->work >= f->max_work))
		return;
	if (f->needs_end && !end_in_reach(f, &f->r[t], t)) {
		uint64_t skipped = 1;
		for (int i = t; i < f->ndice; i++)
			skipped *= YUT_DIE_MAX;
		f->work += skipped;
		return;
	}
	for (int d = 1; d <= YUT_DIE_MAX && !f->found && !f->full; d++) {
		f->dice[t] = d;
		if (t + 1 == f->ndice) {
			f->work++;
			f->found = flast(&f->right, &f->r[t], d) != flast(&f->wrong, &f->w[t], d);
			continue;
		}
		f->full = !fstep(&f->right, &f->r[t], d, &f->r[t + 1]) ||
			  !fstep(&f->wrong, &f->w[t], d, &f->w[t + 1]);
		fdfs(f, t + 1);
	}
}

/* The dice a horse needs from each cell to End, by the rules' moves. */
static void dice_to_end(struct fsearch *f)
{
	const struct yut_board *b = yut_board_builtin();
	bool changed = true;

	for (int c = 0; c < b->ncells; c++)
		f->to_end[c] = c == b->end ? 0 : YUT_WITNESS_DICE_MAX + 1;
	while (changed) {
		changed = false;
		for (int c = 0; c < b->ncells; c++)
			for (int d = 1; c != b->end && d <= YUT_DIE_MAX; d++) {
				int via = f->to_end[yut_board_step(b, c, d)] + 1;
				if (via < f->to_end[c])
					f->to_end[c] = via, changed = true;
			}
	}
}

enum bl_code yut_witness(enum yut_mistake m, int ndice, uint64_t max_work, int *dice,
			 bool *found, uint64_t *work, struct bl_err *err)
{
	struct fsearch *f;
	enum bl_code code = BL_OK;
	int start[YUT_MAX_HORSES];

	*found = false;
	if (m == YUT_MISTAKE_NONE || (unsigned)m >= YUT_MISTAKE_COUNT || ndice < 1 ||
	    ndice > YUT_WITNESS_DICE_MAX)
		return bl_fail(err, BL_ERR_ARG, "no witness search for mistake %d with %d dice",
			       (int)m, ndice);
	if (!(f = calloc(1, sizeof *f)))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for the witness search");
	f->ndice = ndice;
	f->dice = dice;
	f->max_work = max_work;
	f->right.m = YUT_MISTAKE_NONE;
	f->wrong.m = m;
	f->right.horses = f->wrong.horses = YUT_HORSES_DEFAULT;
	if ((code = vboard_init(&f->right.b, yut_board_builtin(), YUT_MISTAKE_NONE, err)) != BL_OK ||
	    (code = vboard_init(&f->wrong.b, yut_board_builtin(), m, err)) != BL_OK)
		goto out;
	for (int t = 0; t <= ndice; t++) {
		struct flevel *l[2] = { &f->r[t], &f->w[t] };
		for (int k = 0; k < 2; k++) {
			l[k]->cap = YUT_WITNESS_STATES;
			l[k]->mask = 2 * YUT_WITNESS_STATES * 2 - 1;
			l[k]->s = malloc(l[k]->cap * sizeof *l[k]->s);
			l[k]->idx = calloc(l[k]->mask + 1, sizeof *l[k]->idx);
			if (!l[k]->s || !l[k]->idx) {
				code = bl_fail(err, BL_ERR_NOMEM, "out of memory for the witness search");
				goto out;
			}
		}
	}
	dice_to_end(f);
	f->needs_end = m == YUT_MISTAKE_FINISHED_MAY_PASS || m == YUT_MISTAKE_END_BLOCKS;
	for (int i = 0; i < YUT_HORSES_DEFAULT; i++)
		start[i] = f->right.b.start;
	flevel_add(&f->r[0], pack_plain(start, YUT_HORSES_DEFAULT), 0, 0);
	flevel_add(&f->w[0], pack_plain(start, YUT_HORSES_DEFAULT), 0, 0);
	fdfs(f, 0);
	*found = f->found;
	if (f->full)
		code = bl_fail(err, BL_ERR_LIMIT, "the witness search reached %d positions",
			       YUT_WITNESS_STATES);
	else if (!f->found && f->max_work && f->work >= f->max_work)
		code = bl_fail(err, BL_ERR_LIMIT, "the witness search passed %llu dice",
			       (unsigned long long)f->max_work);
out:
	if (work)
		*work = f->work;
	for (int t = 0; t <= ndice; t++) {
		free(f->r[t].s);
		free(f->r[t].idx);
		free(f->w[t].s);
		free(f->w[t].idx);
	}
	free(f);
	return code;
}
