/*
 * tower_variant: the game as a solution with one known mistake plays it
 * (enum tower_mistake), for the diagnosis of wrong solutions.  A plain
 * engine on the linked stacks of lib/tower_board.c: every turn is played,
 * no repeat is looked for but the mistake's own, and nothing here is shared
 * with the fast engine of lib/tower.c, which hands a game with a mistake
 * over to tower_variant_play and is otherwise untouched.
 */
#include "boardlab/tower.h"
#include "tower_impl.h"

#include <stdlib.h>
#include <string.h>

struct variant {
	struct tower *t;
	enum tower_mistake m;
	enum tower_rule rule;
	int32_t *group;             /* k + 1: scratch for a group or a whole stack */
	bool *movable;              /* k + 1: skip-new-bottom's bottoms when the turn starts */
	struct tower_move *landed;  /* k: end-of-turn's landings of the turn */
	int nlanded;
	uint64_t *sig;              /* cycle-no-order: (limit + 1) * k cells and directions */
	int64_t *slot;              /* and a hash table of their turns, -1 empty */
	size_t mask;
};

static enum tower_dir reversed(enum tower_dir d)
{
	return (enum tower_dir)(((d - 1) ^ 1) + 1);
}

/* The way a piece heading d goes on the board: dir-swap moves 3 down and 4 up. */
static enum tower_dir way(const struct variant *v, enum tower_dir d)
{
	if (v->m == TOWER_MISTAKE_DIR_SWAP && (d == TOWER_UP || d == TOWER_DOWN))
		return reversed(d);
	return d;
}

/* The cell next to cell heading d, or -1 past the edge. */
static int next_cell(const struct variant *v, int cell, enum tower_dir d)
{
	const struct tower *t = v->t;
	enum tower_dir w = way(v, d);

	if (t->colour[cell] & TOWER_EDGE_BIT(w))
		return -1;
	return cell + (w == TOWER_RIGHT ? 1 : w == TOWER_LEFT ? -1 : w == TOWER_UP ? -t->n : t->n);
}

/*
 * The colour of a cell, or TOWER_EDGE past the board.  A cell whose colour
 * is not known yet (TOWER_UNKNOWN, the witness search's) is noted in
 * t->unknown and taken as white: that game's answer is not used.
 */
static enum tower_colour colour_of(struct tower *t, int cell)
{
	unsigned c = cell < 0 ? TOWER_EDGE : t->colour[cell] & TOWER_COLOUR_MASK;

	if (c != TOWER_UNKNOWN || cell < 0)
		return (enum tower_colour)c;
	if (!t->unknown)
		t->unknown = cell + 1;
	return TOWER_WHITE;
}

/* Puts group[0..n) (bottom first) on top of cell to, in that order. */
static void stack_on(struct tower *t, const int32_t *group, int n, int to)
{
	struct tower_piece *pc = t->piece;
	int under = t->top[to];
	int level = under ? pc[under].level + 1 : 0;

	for (int i = 0; i < n; i++) {
		int q = group[i];
		pc[q].cell = to;
		pc[q].level = level++;
		pc[q].below = under;
		pc[q].above = 0;
		if (under)
			pc[under].above = q;
		under = q;
	}
	if (n)
		t->top[to] = under;
}

/* Lifts p and everything above it off its cell into v->group, bottom first; its size. */
static int lift(struct variant *v, int p)
{
	struct tower *t = v->t;
	struct tower_piece *pc = t->piece;
	int n = 0, under = pc[p].below;

	for (int q = p; q; q = pc[q].above)
		v->group[n++] = q;
	t->top[pc[p].cell] = under;
	if (under)
		pc[under].above = 0;
	return n;
}

/* carry-alone: takes p out of its stack; those above it drop by one. */
static void lift_alone(struct variant *v, int p)
{
	struct tower *t = v->t;
	struct tower_piece *pc = t->piece;
	int a = pc[p].above, b = pc[p].below;

	if (b)
		pc[b].above = a;
	if (a)
		pc[a].below = b;
	else
		t->top[pc[p].cell] = b;
	for (int q = a; q; q = pc[q].above)
		pc[q].level--;
	v->group[0] = p;
}

/* red-whole-stack: turns the whole stack on cell upside down. */
static void flip_stack(struct variant *v, int cell)
{
	struct tower *t = v->t;
	int n = 0;

	for (int q = t->top[cell]; q; q = t->piece[q].below)
		v->group[n++] = q;   /* top first: the new order */
	t->top[cell] = 0;
	stack_on(t, v->group, n, cell);
}

/* Moves p's group (or p alone) to cell to, reversed on red. */
static void carry(struct variant *v, int p, int to, bool red, struct tower_move *mv)
{
	struct tower *t = v->t;
	int n = 1;

	if (v->m == TOWER_MISTAKE_CARRY_ALONE)
		lift_alone(v, p);
	else
		n = lift(v, p);
	if (red && v->m != TOWER_MISTAKE_RED_WHOLE_STACK)
		for (int i = 0, j = n - 1; i < j; i++, j--) {
			int32_t x = v->group[i];
			v->group[i] = v->group[j];
			v->group[j] = x;
		}
	stack_on(t, v->group, n, to);
	if (red && v->m == TOWER_MISTAKE_RED_WHOLE_STACK)
		flip_stack(v, to);
	mv->moved = true;
	mv->to = to;
	mv->group = n;
	mv->height = tower_height(t, to);
}

/* Piece p's move with the mistake, described in *mv as tower_move does. */
static void move(struct variant *v, int p, struct tower_move *mv)
{
	struct tower *t = v->t;
	struct tower_piece *q = &t->piece[p];
	enum tower_dir d = (enum tower_dir)q->dir;
	int from = q->cell, to = next_cell(v, from, d);
	enum tower_colour met = colour_of(t, to);

	memset(mv, 0, sizeof *mv);
	mv->piece = p;
	mv->from = mv->to = from;
	mv->dir = d;
	mv->met = mv->met2 = met;
	if (v->rule == TOWER_BOTTOM &&
	    (v->m == TOWER_MISTAKE_SKIP_NEW_BOTTOM ? !v->movable[p] : q->below != 0)) {
		mv->skipped = true;
		mv->height = tower_height(t, from);
		return;
	}
	if (met == TOWER_BLUE || met == TOWER_EDGE) {
		d = reversed(d);
		if (v->m != TOWER_MISTAKE_BLUE_FORGET_DIR)
			q->dir = (uint8_t)d;
		mv->bounced = true;
		to = next_cell(v, from, d);
		met = mv->met2 = colour_of(t, to);
		if (met == TOWER_BLUE && v->m == TOWER_MISTAKE_BLUE_NO_RECHECK)
			met = TOWER_WHITE;
		if (met == TOWER_RED && v->m == TOWER_MISTAKE_BLUE_THEN_RED)
			met = TOWER_WHITE;
		if (met == TOWER_BLUE || met == TOWER_EDGE) {
			mv->group = v->m == TOWER_MISTAKE_CARRY_ALONE ? 1 : tower_height(t, from) - q->level;
			mv->height = tower_height(t, from);
			return;
		}
	}
	carry(v, p, to, met == TOWER_RED, mv);
}

/* The cells and directions after a turn (cycle-no-order), and their hash. */
static uint64_t signature(const struct variant *v, uint64_t *w)
{
	const struct tower *t = v->t;
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (int p = 1; p <= t->k; p++) {
		w[p - 1] = (uint64_t)(uint32_t)t->piece[p].cell << 3 | t->piece[p].dir;
		h = (h ^ w[p - 1]) * UINT64_C(0x100000001b3);
	}
	return tower_fmix(h);
}

/* Records the signature after turn `turn`; the earlier turn it repeats, or -1. */
static int64_t seen_before(struct variant *v, int64_t turn)
{
	size_t k = (size_t)v->t->k;
	uint64_t *w = v->sig + (size_t)turn * k;
	size_t i = (size_t)signature(v, w) & v->mask;

	for (; v->slot[i] >= 0; i = (i + 1) & v->mask)
		if (memcmp(v->sig + (size_t)v->slot[i] * k, w, k * sizeof *w) == 0)
			return v->slot[i];
	v->slot[i] = turn;
	return -1;
}

static enum bl_code setup(struct variant *v, int64_t limit, struct bl_err *err)
{
	size_t k = (size_t)v->t->k;

	v->group = malloc((k + 1) * sizeof *v->group);
	v->movable = malloc((k + 1) * sizeof *v->movable);
	v->landed = malloc(k * sizeof *v->landed);
	if (!v->group || !v->movable || !v->landed)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for %d pieces", v->t->k);
	if (v->m == TOWER_MISTAKE_CYCLE_NO_ORDER) {
		size_t slots = 2;
		while (slots < 2 * (size_t)(limit + 1))
			slots *= 2;
		v->mask = slots - 1;
		v->sig = malloc((size_t)(limit + 1) * k * sizeof *v->sig);
		v->slot = malloc(slots * sizeof *v->slot);
		if (!v->sig || !v->slot)
			return bl_fail(err, BL_ERR_NOMEM, "out of memory for %lld turns",
				       (long long)limit);
		memset(v->slot, 0xff, slots * sizeof *v->slot);
		seen_before(v, 0);
	}
	return BL_OK;
}

/*
 * End of turn: the turn's last landing on a stack that is still of the
 * height, into *last; false when there is none.
 */
static bool tall_at_end(const struct variant *v, int64_t height, struct tower_move *last)
{
	for (int i = v->nlanded; i-- > 0;)
		if (tower_height(v->t, v->landed[i].to) >= height) {
			*last = v->landed[i];
			return true;
		}
	return false;
}

/*
 * Plays turn `turn`: true when the game ended in it (a stack, or fn
 * stopped it: *stop).
 */
static bool play_turn(struct variant *v, const struct tower_opts *o, int64_t turn,
		      tower_step_fn fn, void *ctx, bool *stop, struct tower_result *res)
{
	struct tower *t = v->t;
	struct tower_move mv;

	v->nlanded = 0;
	for (int p = 1; v->m == TOWER_MISTAKE_SKIP_NEW_BOTTOM && p <= t->k; p++)
		v->movable[p] = t->piece[p].below == 0;
	for (int p = 1; p <= t->k; p++) {
		move(v, p, &mv);
		mv.turn = turn;
		res->moves++;
		if (fn) {
			struct tower_step st = { t, turn, &mv };
			if (!fn(ctx, &st))
				return *stop = true;
		}
		if (!mv.moved || mv.height < o->height)
			continue;
		if (v->m != TOWER_MISTAKE_END_OF_TURN)
			return res->last = mv, true;
		v->landed[v->nlanded++] = mv;
	}
	return v->m == TOWER_MISTAKE_END_OF_TURN && tall_at_end(v, o->height, &res->last);
}

static enum bl_code play(struct variant *v, const struct tower_opts *o, tower_step_fn fn,
			 void *ctx, struct tower_result *res, struct bl_err *err)
{
	struct tower *t = v->t;
	int64_t limit = o->limit;
	enum bl_code rc;

	if (v->m == TOWER_MISTAKE_LIMIT_SHORT)
		limit--;
	else if (v->m == TOWER_MISTAKE_LIMIT_LONG)
		limit++;
	if (limit > TOWER_MISTAKE_MOVES_MAX / (t->k > 0 ? t->k : 1))
		return bl_fail(err, BL_ERR_LIMIT, "a game with a mistake is played turn by turn: "
			       "%d pieces and %lld turns are more than %lld moves", t->k,
			       (long long)limit, (long long)TOWER_MISTAKE_MOVES_MAX);
	if (t->k < o->height && !o->play_few) {
		res->end = TOWER_END_FEW;
		return BL_OK;
	}
	if ((rc = setup(v, limit, err)) != BL_OK)
		return rc;
	for (int64_t turn = 1; turn <= limit; turn++) {
		bool stop = false;
		if (play_turn(v, o, turn, fn, ctx, &stop, res)) {
			res->end = stop ? TOWER_END_STOPPED : TOWER_END_STACK;
			res->answer = stop ? -1 : turn;
			return BL_OK;
		}
		res->turns = turn;
		struct tower_step st = { t, turn, NULL };
		bool halt = fn && !fn(ctx, &st);
		int64_t j = v->m == TOWER_MISTAKE_CYCLE_NO_ORDER ? seen_before(v, turn) : -1;
		if (j >= 0) {
			res->end = TOWER_END_CYCLE;
			res->cycle_from = j;
			res->cycle_to = turn;
			return BL_OK;
		}
		if (halt && turn < limit) {
			res->end = TOWER_END_STOPPED;
			return BL_OK;
		}
	}
	res->end = TOWER_END_LIMIT;
	return BL_OK;
}

enum bl_code tower_variant_play(struct tower *t, const struct tower_opts *o, tower_step_fn fn,
				void *ctx, struct tower_result *res, struct bl_err *err)
{
	struct variant v = { .t = t, .m = o->mistake, .rule = o->rule };
	enum bl_code rc;

	if (v.m == TOWER_MISTAKE_ANY_PIECE_MOVES)
		v.rule = TOWER_CARRY;
	memset(res, 0, sizeof *res);
	res->answer = -1;
	tower_reset(t);
	rc = play(&v, o, fn, ctx, res, err);
	free(v.group);
	free(v.movable);
	free(v.landed);
	free(v.sig);
	free(v.slot);
	return rc;
}
