/*
 * The tower suites (17837, 17780; lib/suite_tower.c): every edge and
 * maximum test does what its description claims.  A claim is checked two
 * ways: on the library's game (the answer, and the moves tower_play shows:
 * a bounce into blue twice, a group reversed on red, ...), and against a
 * plain reference engine with one mistake switched on (a mutant), which
 * must answer the test differently: a solution with that mistake fails the
 * test.  The reference without a mistake must agree with the library on
 * every test and on random games.
 *
 * `t-suite-tower --search` searches generated games for an instance of
 * every claim and prints it in the suite's compact form: that is how the
 * suite's data was found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define NMAX 12
#define KMAX 10

/* ---- the reference engine and its mutants ---- */

/* One mistake a solution may make; M_NONE is the rules. */
enum mut {
	M_NONE,
	M_END_OF_TURN,       /* looks for a stack only when the turn is over */
	M_NO_FLIP_BLOCKED,   /* blocked on both sides, the piece keeps its direction */
	M_BOUNCE_RED_WHITE,  /* after a bounce, a red cell is taken as white */
	M_RED_WHITE,         /* red never reverses the group */
	M_RED_WHOLE_STACK,   /* red reverses the whole stack it lands on */
	M_FLIP_GROUP,        /* a bounce turns every piece of the group */
	M_EDGE_STAYS,        /* at the edge the piece stays, without turning */
	M_LIMIT_999,         /* gives up after turn 999 */
	M_LIMIT_1001,        /* plays turn 1001 */
	M_BOTTOM_TURN_START, /* bottom rule: who may move is fixed at the turn's start */
	M_CYCLE_NO_ORDER,    /* -1 once cells and directions repeat, stack order ignored */
	M_CARRY_ALONE,       /* a piece moves without those above it */
	M_HEIGHT_EQ4,        /* the game ends on a stack of exactly 4 */
	M_UPDOWN_SWAP,       /* directions 3 and 4 swapped */
	M_LEFTRIGHT_SWAP,    /* directions 1 and 2 swapped */
	M_OTHER_RULE,        /* plays the other problem's rule */
	M_BLUE_NO_RECHECK,   /* after a bounce, blue is entered as white (the edge: stays) */
	M_BLUE_FORGET_DIR,   /* a bounce's reversed direction is not kept */
	M_COUNT
};

static const char *const mut_names[M_COUNT] = {
	"none", "end-of-turn", "no-flip-blocked", "bounce-red-white", "red-white",
	"red-whole-stack", "flip-group", "edge-stays", "limit-999", "limit-1001",
	"bottom-turn-start", "cycle-no-order", "carry-alone", "height-eq4", "updown-swap",
	"leftright-swap", "other-rule", "blue-no-recheck", "blue-forget-dir",
};

struct ref {
	int n, k;
	unsigned char col[NMAX * NMAX];
	int cell[KMAX + 1], dir[KMAX + 1];
	int st[NMAX * NMAX][KMAX];   /* each cell's stack, bottom first */
	int h[NMAX * NMAX];
};

/* Reads a judge-format instance (assumed valid, within 12 x 12 and 10 pieces). */
static bool ref_parse(struct ref *g, const char *in)
{
	char *end;

	memset(g, 0, sizeof *g);
	g->n = (int)strtol(in, &end, 10);
	g->k = (int)strtol(end, &end, 10);
	if (g->n < 1 || g->n > NMAX || g->k < 1 || g->k > KMAX)
		return false;
	for (int i = 0; i < g->n * g->n; i++)
		g->col[i] = (unsigned char)strtol(end, &end, 10);
	for (int p = 1; p <= g->k; p++) {
		int r = (int)strtol(end, &end, 10) - 1, c = (int)strtol(end, &end, 10) - 1;
		g->dir[p] = (int)strtol(end, &end, 10);
		g->cell[p] = r * g->n + c;
		g->st[g->cell[p]][g->h[g->cell[p]]++] = p;
	}
	return true;
}

static int flip(int d)
{
	return d == 1 ? 2 : d == 2 ? 1 : d == 3 ? 4 : 3;
}

/* The cell next to cell in direction d, or -1 off the board. */
static int ref_step(const struct ref *g, int cell, int d, enum mut m)
{
	int r = cell / g->n, c = cell % g->n;

	if (m == M_UPDOWN_SWAP && d >= 3)
		d = flip(d);
	if (m == M_LEFTRIGHT_SWAP && d <= 2)
		d = flip(d);
	r += d == 3 ? -1 : d == 4 ? 1 : 0;
	c += d == 1 ? 1 : d == 2 ? -1 : 0;
	return r < 0 || c < 0 || r >= g->n || c >= g->n ? -1 : r * g->n + c;
}

static bool blocked(const struct ref *g, int cell)
{
	return cell < 0 || g->col[cell] == 2;
}

/*
 * Moves piece p with the pieces above it (all of them when alone is false)
 * and returns the height of the stack it lands on, 0 when nothing moved.
 */
static int ref_move(struct ref *g, int p, enum mut m)
{
	int from = g->cell[p], at = 0, to = ref_step(g, from, g->dir[p], m);
	int group[KMAX], ng = 0;

	while (g->st[from][at] != p)
		at++;
	if (blocked(g, to) && m == M_BLUE_FORGET_DIR) {
		to = ref_step(g, from, flip(g->dir[p]), m);
		if (blocked(g, to))
			return 0;
	} else if (blocked(g, to)) {
		if (m == M_EDGE_STAYS && to < 0)
			return 0;
		for (int i = at; i < (m == M_FLIP_GROUP ? g->h[from] : at + 1); i++)
			g->dir[g->st[from][i]] = flip(g->dir[g->st[from][i]]);
		to = ref_step(g, from, g->dir[p], m);
		if (m == M_BLUE_NO_RECHECK && to < 0)
			return 0;
		if (m != M_BLUE_NO_RECHECK && blocked(g, to)) {
			if (m == M_NO_FLIP_BLOCKED)
				g->dir[p] = flip(g->dir[p]);
			return 0;
		}
		if (m == M_BOUNCE_RED_WHITE && g->col[to] == 1)
			m = M_RED_WHITE;
	}
	if (m == M_CARRY_ALONE) {
		group[ng++] = p;
		for (int i = at; i + 1 < g->h[from]; i++)
			g->st[from][i] = g->st[from][i + 1];
		g->h[from]--;
	} else {
		for (int i = at; i < g->h[from]; i++)
			group[ng++] = g->st[from][i];
		g->h[from] = at;
	}
	bool red = g->col[to] == 1 && m != M_RED_WHITE;
	for (int i = 0; i < ng; i++) {
		int q = red && m != M_RED_WHOLE_STACK ? group[ng - 1 - i] : group[i];
		g->st[to][g->h[to]++] = q;
		g->cell[q] = to;
	}
	if (red && m == M_RED_WHOLE_STACK)
		for (int i = 0, j = g->h[to] - 1; i < j; i++, j--) {
			int x = g->st[to][i];
			g->st[to][i] = g->st[to][j];
			g->st[to][j] = x;
		}
	return g->h[to];
}

/* Cells and directions of every piece, packed (for M_CYCLE_NO_ORDER). */
static void ref_sig(const struct ref *g, unsigned char *sig)
{
	for (int p = 1; p <= g->k; p++) {
		sig[2 * p - 2] = (unsigned char)g->cell[p];
		sig[2 * p - 1] = (unsigned char)g->dir[p];
	}
}

#define REF_TURNS 2001

/* The answer of the game under the bottom rule or not, with mistake m, within limit turns. */
static long ref_solve(const char *in, bool bottom, enum mut m, int limit)
{
	static unsigned char seen[REF_TURNS + 1][2 * KMAX];
	struct ref g;
	bool movable[KMAX + 1];

	if (!ref_parse(&g, in))
		return -2;
	if (m == M_OTHER_RULE)
		bottom = !bottom;
	limit = m == M_LIMIT_999 ? limit - 1 : m == M_LIMIT_1001 ? limit + 1 : limit;
	ref_sig(&g, seen[0]);
	for (int turn = 1; turn <= limit && turn <= REF_TURNS; turn++) {
		for (int p = 1; p <= g.k; p++)
			movable[p] = g.st[g.cell[p]][0] == p;
		for (int p = 1; p <= g.k; p++) {
			bool bottom_now = g.st[g.cell[p]][0] == p;
			if (bottom && !(m == M_BOTTOM_TURN_START ? movable[p] : bottom_now))
				continue;
			int h = ref_move(&g, p, m);
			if (m != M_END_OF_TURN && (m == M_HEIGHT_EQ4 ? h == 4 : h >= 4))
				return turn;
		}
		for (int c = 0; m == M_END_OF_TURN && c < g.n * g.n; c++)
			if (g.h[c] >= 4)
				return turn;
		if (m == M_CYCLE_NO_ORDER) {
			ref_sig(&g, seen[turn]);
			for (int t = 0; t < turn; t++)
				if (memcmp(seen[t], seen[turn], (size_t)(2 * g.k)) == 0)
					return -1;
		}
	}
	return -1;
}

/* ---- the library's game, and what happened in it ---- */

struct facts {
	long answer;
	enum tower_end end;
	struct tower_move last;
	bool blue_blue;          /* blocked by blue, then blue behind */
	bool edge_blue;          /* blocked by the edge and blue, either order */
	bool bounce_red;         /* a bounce onto red, with a group of 2 or more */
	bool red_onto_stack;     /* a group of 2+ reversed on a red cell that held pieces */
	bool red_onto_empty;     /* a group of 2+ reversed on an empty red cell */
	bool edge_moved;         /* bounced off the edge and moved */
	bool bounce_group;       /* a bounce of a piece carrying others */
	bool carried;            /* a piece with one under it moved, carrying others */
	bool skipped;            /* bottom rule: a piece was skipped */
	bool new_bottom_moved;   /* bottom rule: a piece not at the bottom at the turn's
	                            start moved in that turn */
	bool order_repeat;       /* cells and directions at a turn's end repeat an earlier
	                            turn's, the stacks' order does not */
	int last_row_blocked;    /* 12 x 12: moves blocked by the edge and blue from the
	                            last row, the corner aside */
	int corner_blocked;      /* and from the last cell, the corner */
};

struct watch {
	struct facts *f;
	int k;
	int below[KMAX + 1];        /* before the step */
	bool bottom_at_start[KMAX + 1];
	int64_t turn;
	bool orders;                /* keep the turns' states for order_repeat */
	int nseen;
	unsigned char sig[REF_TURNS + 1][2 * KMAX], full[REF_TURNS + 1][3 * KMAX];
};

static void snapshot(struct watch *w, const struct tower *t, unsigned char *sig,
		     unsigned char *full)
{
	for (int p = 1; p <= w->k; p++) {
		sig[2 * p - 2] = full[3 * p - 3] = (unsigned char)tower_cell_of(t, p);
		sig[2 * p - 1] = full[3 * p - 2] = (unsigned char)tower_dir_of(t, p);
		full[3 * p - 1] = (unsigned char)tower_below(t, p);
	}
}

static void note_move(struct watch *w, const struct tower *t, const struct tower_move *mv)
{
	struct facts *f = w->f;
	bool blocked1 = mv->met == TOWER_BLUE || mv->met == TOWER_EDGE;
	bool blocked2 = mv->met2 == TOWER_BLUE || mv->met2 == TOWER_EDGE;

	if (mv->skipped) {
		f->skipped = true;
		return;
	}
	if (mv->bounced && !mv->moved && mv->met == TOWER_BLUE && mv->met2 == TOWER_BLUE)
		f->blue_blue = true;
	if (mv->bounced && !mv->moved && blocked1 && blocked2 && mv->met != mv->met2) {
		f->edge_blue = true;
		if (t->n == NMAX && mv->from == NMAX * NMAX - 1)
			f->corner_blocked++;
		else if (t->n == NMAX && mv->from / NMAX == NMAX - 1)
			f->last_row_blocked++;
	}
	if (mv->bounced && mv->moved && mv->met2 == TOWER_RED && mv->group >= 2)
		f->bounce_red = true;
	if (!mv->bounced && mv->met == TOWER_RED && mv->group >= 2 && mv->height > mv->group)
		f->red_onto_stack = true;
	if (!mv->bounced && mv->met == TOWER_RED && mv->group >= 2 && mv->height == mv->group)
		f->red_onto_empty = true;
	if (mv->bounced && mv->moved && mv->met == TOWER_EDGE)
		f->edge_moved = true;
	if (mv->bounced && mv->group >= 2)
		f->bounce_group = true;
	if (mv->moved && mv->group >= 2 && w->below[mv->piece] != 0)
		f->carried = true;
	if (mv->moved && !w->bottom_at_start[mv->piece])
		f->new_bottom_moved = true;
}

static bool watch_step(void *ctx, const struct tower_step *step)
{
	struct watch *w = ctx;

	if (step->mv) {
		note_move(w, step->t, step->mv);
	} else if (w->orders && w->nseen <= REF_TURNS) {
		snapshot(w, step->t, w->sig[w->nseen], w->full[w->nseen]);
		for (int s = 0; s < w->nseen; s++)
			if (memcmp(w->sig[s], w->sig[w->nseen], (size_t)(2 * w->k)) == 0 &&
			    memcmp(w->full[s], w->full[w->nseen], (size_t)(3 * w->k)) != 0)
				w->f->order_repeat = true;
		w->nseen++;
	}
	for (int p = 1; p <= w->k; p++) {
		w->below[p] = tower_below(step->t, p);
		if (!step->mv)
			w->bottom_at_start[p] = w->below[p] == 0;
	}
	return true;
}

/*
 * Plays the test's game on the library with limit turns and records what
 * happened; orders: whether to look for order_repeat (quadratic in turns).
 */
static bool play_game(const char *in, bool bottom, int64_t limit, bool orders, struct facts *f)
{
	static struct watch w;
	struct tower t;
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	struct bl_reader rd;
	bool ok_ = false;

	memset(f, 0, sizeof *f);
	memset(&w, 0, sizeof w);
	w.f = f;
	w.orders = orders;
	tower_limits_boj(&lim);
	tower_opts_init(&o);
	o.rule = bottom ? TOWER_BOTTOM : TOWER_CARRY;
	o.limit = limit;
	tower_init(&t);
	bl_reader_init(&rd, in, strlen(in));
	if (tower_parse(&t, &rd, &lim, NULL) == BL_OK) {
		w.k = t.k;
		snapshot(&w, &t, w.sig[0], w.full[0]);
		w.nseen = 1;
		for (int p = 1; p <= t.k; p++) {
			w.below[p] = tower_below(&t, p);
			w.bottom_at_start[p] = w.below[p] == 0;
		}
		ok_ = tower_play(&t, &o, watch_step, &w, &res, NULL) == BL_OK;
		f->answer = (long)res.answer;
		f->end = res.end;
		f->last = res.last;
	}
	tower_release(&t);
	return ok_;
}

static bool play(const char *in, bool bottom, int64_t limit, struct facts *f)
{
	return play_game(in, bottom, limit, false, f);
}

/* The answer of the library's game within limit turns, quickly (-2 for an invalid input). */
static long answer(const char *in, bool bottom, int64_t limit)
{
	struct tower t;
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	struct bl_reader rd;
	long a = -2;

	tower_limits_boj(&lim);
	tower_opts_init(&o);
	o.rule = bottom ? TOWER_BOTTOM : TOWER_CARRY;
	o.limit = limit;
	tower_init(&t);
	bl_reader_init(&rd, in, strlen(in));
	if (tower_parse(&t, &rd, &lim, NULL) == BL_OK && tower_solve(&t, &o, &res, NULL) == BL_OK)
		a = (long)res.answer;
	tower_release(&t);
	return a;
}

/* The highest stack after turn `turn` of the game played on with no height ending it. */
static int height_after(const char *in, bool bottom, int64_t turn)
{
	struct tower t;
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	struct bl_reader rd;
	int top = -1;

	tower_limits_boj(&lim);
	tower_opts_init(&o);
	o.rule = bottom ? TOWER_BOTTOM : TOWER_CARRY;
	o.height = KMAX + 1;
	tower_init(&t);
	bl_reader_init(&rd, in, strlen(in));
	if (tower_parse(&t, &rd, &lim, NULL) == BL_OK &&
	    tower_play_to(&t, &o, turn, &res, NULL) == BL_OK)
		for (int c = 0; c < t.n * t.n; c++)
			top = tower_height(&t, c) > top ? tower_height(&t, c) : top;
	tower_release(&t);
	return top;
}

static bool all_dirs(const char *in, int d)
{
	struct ref g;

	if (!ref_parse(&g, in))
		return false;
	for (int p = 1; p <= g.k; p++)
		if (g.dir[p] != d)
			return false;
	return true;
}

static bool starts_on_blue(const char *in)
{
	struct ref g;

	if (!ref_parse(&g, in))
		return false;
	for (int p = 1; p <= g.k; p++)
		if (g.col[g.cell[p]] == 2)
			return true;
	return false;
}

/* ---- the claims ---- */

/* What one test claims: where it applies, and the check (why: what failed). */
struct claim {
	const char *name;
	int rules;   /* 1 carry only, 2 bottom only, 3 both */
	bool (*check)(const char *in, bool bottom, const char **why);
};

static bool killed(const char *in, bool bottom, enum mut m, const char **why)
{
	long want = ref_solve(in, bottom, M_NONE, 1000);
	long got = ref_solve(in, bottom, m, 1000);

	if (got != want)
		return true;
	*why = mut_names[m];
	return false;
}

#define NEED(cond, text) \
	do { \
		if (!(cond)) { \
			*why = text; \
			return false; \
		} \
	} while (0)

static bool c_mid_turn(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.answer > 0, "a stack");
	if (bottom) {
		struct ref g;
		NEED(ref_parse(&g, in) && f.last.piece < g.k, "the stack forms before the last move");
		return true;
	}
	NEED(height_after(in, bottom, f.answer) < 4, "gone by the turn's end");
	return killed(in, bottom, M_END_OF_TURN, why);
}

static bool c_turn_1000(const char *in, bool bottom, const char **why)
{
	NEED(answer(in, bottom, 1000) == 1000, "answer 1000");
	return killed(in, bottom, M_LIMIT_999, why);
}

static bool c_turn_1001(const char *in, bool bottom, const char **why)
{
	NEED(answer(in, bottom, 2000) == 1001, "a stack on turn 1001");
	NEED(answer(in, bottom, 1000) == -1, "answer -1");
	return killed(in, bottom, M_LIMIT_1001, why);
}

static bool c_turn_1(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.answer == 1, "answer 1");
	return true;
}

/*
 * Under the bottom rule a piece blocked on both sides is a stack's bottom
 * that never moves again, whatever its direction: no answer depends on the
 * turn, so there the claim is the blocked move itself, in a game that ends.
 */
static bool c_blue_blue(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.blue_blue, "blocked by blue twice");
	if (bottom) {
		NEED(f.answer > 0, "a stack");
		return true;
	}
	return killed(in, bottom, M_NO_FLIP_BLOCKED, why);
}

static bool c_edge_blue(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.edge_blue, "blocked by the edge and blue");
	if (bottom) {
		NEED(f.answer > 0, "a stack");
		return true;
	}
	return killed(in, bottom, M_NO_FLIP_BLOCKED, why);
}

/*
 * Past the last row and the last column there is nothing to read: a
 * solution that looks one cell too far there (an array's neighbour, not
 * the edge) goes wrong only on the largest board.
 */
static bool c_last_row(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.answer > 1, "a stack after turn 1");
	NEED(f.last_row_blocked == f.answer, "a piece of the last row blocked every turn");
	NEED(f.corner_blocked == f.answer, "a piece in the corner blocked every turn");
	return true;
}

static bool c_bounce_red(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.bounce_red, "a bounce onto red");
	return killed(in, bottom, M_BOUNCE_RED_WHITE, why);
}

static bool c_red_stack(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.red_onto_stack, "a group reversed onto a stack");
	return killed(in, bottom, M_RED_WHITE, why) && killed(in, bottom, M_RED_WHOLE_STACK, why);
}

static bool c_red_empty(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.red_onto_empty, "a group reversed on an empty cell");
	return killed(in, bottom, M_RED_WHITE, why);
}

static bool c_edge_moved(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.edge_moved, "a bounce off the edge");
	return killed(in, bottom, M_EDGE_STAYS, why);
}

static bool c_bounce_group(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.bounce_group, "a bounce carrying others");
	return killed(in, bottom, M_FLIP_GROUP, why);
}

static bool c_five(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.answer > 0 && f.last.height >= 5, "a stack of 5+");
	return killed(in, bottom, M_HEIGHT_EQ4, why);
}

static bool c_cycle(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, TOWER_OPT_MAX, &f) && f.answer == -1 && f.end == TOWER_END_CYCLE,
	     "a repeat");
	return true;
}

static bool c_order(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(answer(in, bottom, 1000) > 0, "a stack");
	NEED(play_game(in, bottom, 1000, true, &f) && f.order_repeat,
	     "cells and directions repeat, the order does not");
	return killed(in, bottom, M_CYCLE_NO_ORDER, why);
}

static bool c_carried(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.carried, "a piece carried");
	return killed(in, bottom, M_CARRY_ALONE, why) && killed(in, bottom, M_OTHER_RULE, why);
}

static bool c_new_bottom(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.new_bottom_moved, "a new bottom moves");
	return killed(in, bottom, M_BOTTOM_TURN_START, why);
}

static bool c_skipped(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(play(in, bottom, 1000, &f) && f.skipped, "a piece skipped");
	return killed(in, bottom, M_OTHER_RULE, why);
}

static bool c_dir(const char *in, bool bottom, int d, const char **why)
{
	struct facts f;

	NEED(all_dirs(in, d), "every piece in the direction");
	NEED(play(in, bottom, 1000, &f) && f.answer > 0, "a stack");
	return killed(in, bottom, d <= 2 ? M_LEFTRIGHT_SWAP : M_UPDOWN_SWAP, why);
}

static bool c_right(const char *in, bool bottom, const char **why)
{
	return c_dir(in, bottom, 1, why);
}

static bool c_left(const char *in, bool bottom, const char **why)
{
	return c_dir(in, bottom, 2, why);
}

static bool c_up(const char *in, bool bottom, const char **why)
{
	return c_dir(in, bottom, 3, why);
}

static bool c_down(const char *in, bool bottom, const char **why)
{
	return c_dir(in, bottom, 4, why);
}

static bool c_on_blue(const char *in, bool bottom, const char **why)
{
	struct facts f;

	NEED(starts_on_blue(in), "a piece starting on blue");
	NEED(play(in, bottom, 1000, &f) && f.answer > 0, "a stack");
	return true;
}

static bool c_max_limit(const char *in, bool bottom, const char **why)
{
	struct facts f;
	struct ref g;

	NEED(ref_parse(&g, in) && g.n == NMAX && g.k == KMAX, "12 x 12 and 10 pieces");
	NEED(play(in, bottom, 1000, &f) && f.answer == -1 && f.end == TOWER_END_LIMIT,
	     "all 1000 turns played, no repeat");
	return true;
}

static bool c_max_late(const char *in, bool bottom, const char **why)
{
	struct ref g;

	NEED(ref_parse(&g, in) && g.n == NMAX && g.k == KMAX, "12 x 12 and 10 pieces");
	NEED(answer(in, bottom, 1000) >= 900, "a stack after turn 900");
	return true;
}

static bool c_max_crowded(const char *in, bool bottom, const char **why)
{
	struct facts f;
	struct ref g;

	NEED(ref_parse(&g, in) && g.n == 4 && g.k == KMAX, "4 x 4 and 10 pieces");
	NEED(play(in, bottom, 1000, &f) && f.answer == -1 && f.end == TOWER_END_LIMIT,
	     "all 1000 turns played, no repeat");
	return true;
}

static const struct claim claims[] = {
	{ "stack-mid-turn", 3, c_mid_turn },
	{ "stack-on-turn-1000", 3, c_turn_1000 },
	{ "stack-on-turn-1001", 3, c_turn_1001 },
	{ "stack-on-turn-1", 3, c_turn_1 },
	{ "blocked-blue-then-blue", 3, c_blue_blue },
	{ "blocked-edge-and-blue", 3, c_edge_blue },
	{ "blocked-in-last-row", 3, c_last_row },
	{ "bounce-onto-red", 3, c_bounce_red },
	{ "red-reverses-onto-stack", 3, c_red_stack },
	{ "red-reverses-on-empty", 3, c_red_empty },
	{ "bounce-off-edge", 3, c_edge_moved },
	{ "only-the-mover-turns", 3, c_bounce_group },
	{ "stack-of-five", 3, c_five },
	{ "game-cycles", 3, c_cycle },
	{ "same-cells-other-order", 3, c_order },
	{ "carried-along", 1, c_carried },
	{ "new-bottom-moves", 2, c_new_bottom },
	{ "only-bottoms-move", 2, c_skipped },
	{ "all-right", 3, c_right },
	{ "all-left", 3, c_left },
	{ "all-up", 3, c_up },
	{ "all-down", 3, c_down },
	{ "starts-on-blue", 3, c_on_blue },
	{ "max-1000-turns", 3, c_max_limit },
	{ "max-late-stack", 3, c_max_late },
	{ "max-crowded", 3, c_max_crowded },
};

#define NCLAIMS (int)(sizeof claims / sizeof claims[0])

static bool applies(const struct claim *c, bool bottom)
{
	return c->rules & (bottom ? 2 : 1);
}

/* ---- the search ---- */

/* The compact form of a judge-format instance: "N K", the rows as digit strings, the pieces. */
static void compact(const char *in, char *out, size_t cap)
{
	struct ref g;
	size_t at = 0;

	ref_parse(&g, in);
	at += (size_t)snprintf(out + at, cap - at, "%d %d", g.n, g.k);
	for (int r = 0; r < g.n; r++) {
		out[at++] = ' ';
		for (int c = 0; c < g.n; c++)
			out[at++] = (char)('0' + g.col[r * g.n + c]);
	}
	for (int p = 1; p <= g.k; p++)
		at += (size_t)snprintf(out + at, cap - at, " %d %d %d", g.cell[p] / g.n + 1,
				       g.cell[p] % g.n + 1, g.dir[p]);
	out[at] = '\0';
}

/* Board sides, piece counts and colour densities tried, smallest first. */
struct config {
	int n0, n1, k0, k1, red, blue;
};

static const struct config small_configs[] = {
	{ 4, 4, 4, 5, 20, 20 }, { 4, 5, 4, 6, 30, 30 }, { 4, 6, 4, 8, 30, 30 },
	{ 5, 8, 4, 10, 30, 30 }, { 6, 12, 4, 10, 40, 40 },
};
static const struct config big_config = { 12, 12, 10, 10, 25, 25 };
static const struct config any_config = { 4, 12, 4, 10, 25, 25 };
static const struct config crowded_config = { 4, 4, 10, 10, 25, 25 };

/* The instances found so far for one rule: each test gets an instance of its own. */
static char found_texts[64][1024];
static int nfound;

static bool used(const char *text)
{
	for (int i = 0; i < nfound; i++)
		if (strcmp(found_texts[i], text) == 0)
			return true;
	return false;
}

static bool search_in(const struct claim *c, bool bottom, const struct config *cf, long tries,
		      uint64_t seed)
{
	struct tower_gen g;
	struct bl_buf b;
	char text[1024];
	const char *why;

	tower_gen_init(&g);
	g.n[0] = cf->n0, g.n[1] = cf->n1, g.k[0] = cf->k0, g.k[1] = cf->k1;
	g.red[1] = cf->red, g.blue[1] = cf->blue;
	bl_buf_init(&b);
	for (long i = 0; i < tries; i++) {
		struct bl_rng rng;
		bl_rng_init_stream(&rng, seed, (uint64_t)i);
		bl_buf_reset(&b);
		tower_gen_draw(&g, &rng, &b);
		if (!c->check(b.data, bottom, &why))
			continue;
		compact(b.data, text, sizeof text);
		if (used(text))
			continue;
		snprintf(found_texts[nfound++], sizeof found_texts[0], "%s", text);
		printf("%s %s: \"%s\" (draw %ld)\n", bottom ? "17780" : "17837", c->name, text, i);
		bl_buf_release(&b);
		return true;
	}
	bl_buf_release(&b);
	return false;
}

static void search(const char *only)
{
	for (int rule = 0; rule < 2; rule++, nfound = 0)
		for (int i = 0; i < NCLAIMS; i++) {
			const struct claim *c = &claims[i];
			bool bottom = rule == 1, found = false;
			if (!applies(c, bottom) || (only && strcmp(only, c->name) != 0))
				continue;
			if (strcmp(c->name, "blocked-in-last-row") == 0) {
				printf("%s %s: laid out by hand (lib/suite_tower.c)\n",
				       bottom ? "17780" : "17837", c->name);
				continue;
			}
			/* minutes each: searched only when named */
			if (!only && strncmp(c->name, "stack-on-turn-100", 17) == 0) {
				printf("%s %s: skipped\n", bottom ? "17780" : "17837", c->name);
				continue;
			}
			if (strncmp(c->name, "max-", 4) == 0 && strcmp(c->name, "max-crowded") != 0)
				found = search_in(c, bottom, &big_config, 2000000, 7);
			else if (strcmp(c->name, "max-crowded") == 0)
				found = search_in(c, bottom, &crowded_config, 2000000, 7);
			else if (strncmp(c->name, "stack-on-turn-10", 16) == 0)
				found = search_in(c, bottom, &any_config, 20000000, 7);
			for (size_t j = 0; !found && j < sizeof small_configs / sizeof small_configs[0]; j++)
				found = search_in(c, bottom, &small_configs[j], 200000, 7);
			if (!found)
				printf("%s %s: none found\n", bottom ? "17780" : "17837", c->name);
			fflush(stdout);
		}
}

/* ---- the tests ---- */

/* BL_TEST_QUICK=1 for slow runs (valgrind): fewer random games, the same checks. */
static bool quick(void)
{
	const char *q = getenv("BL_TEST_QUICK");

	return q && *q && strcmp(q, "0") != 0;
}

/* The reference without a mistake agrees with the library on random games. */
static void test_reference(void)
{
	struct tower_gen g;
	struct bl_buf b, want;

	tower_gen_init(&g);
	bl_buf_init(&b);
	bl_buf_init(&want);
	for (int rule = 0; rule < 2; rule++) {
		const struct bl_problem *p = bl_problem_find(rule ? "17780" : "17837");
		int bad = 0;
		for (int i = 0; i < (quick() ? 150 : 1500); i++) {
			struct bl_rng rng;
			bl_rng_init_stream(&rng, 99, (uint64_t)i);
			bl_buf_reset(&b);
			bl_buf_reset(&want);
			tower_gen_draw(&g, &rng, &b);
			bl_problem_answer(p, b.data, b.len, &want, NULL);
			if (ref_solve(b.data, rule == 1, M_NONE, 1000) != strtol(want.data, NULL, 10) &&
			    bad++ == 0)
				tap_diag("%s: reference and library differ on:\n%s", p->id, b.data);
		}
		is_int(bad, 0, "%s: the reference agrees with the library on random games",
		       p->id);
	}
	bl_buf_release(&b);
	bl_buf_release(&want);
}

/*
 * Every mistake of the catalogue (boardlab/mistake.h) against the mutant of
 * the reference written apart from it: the same answers on random games,
 * of which some must show the mistake.
 */
static void test_mistakes(void)
{
	static const struct { const char *id; enum mut m; } muts[] = {
		{ "end-of-turn", M_END_OF_TURN }, { "blue-no-recheck", M_BLUE_NO_RECHECK },
		{ "blue-forget-dir", M_BLUE_FORGET_DIR }, { "blue-then-red", M_BOUNCE_RED_WHITE },
		{ "red-whole-stack", M_RED_WHOLE_STACK }, { "carry-alone", M_CARRY_ALONE },
		{ "limit-off-by-one", M_LIMIT_999 }, { "limit-1001", M_LIMIT_1001 },
		{ "cycle-ignores-order", M_CYCLE_NO_ORDER }, { "dir-swap", M_UPDOWN_SWAP },
		{ "any-piece-moves", M_OTHER_RULE }, { "skip-new-bottom", M_BOTTOM_TURN_START },
	};
	struct tower_gen g;
	struct bl_buf b, got;

	tower_gen_init(&g);
	bl_buf_init(&b);
	bl_buf_init(&got);
	for (int rule = 0; rule < 2; rule++) {
		const struct bl_problem *p = bl_problem_find(rule ? "17780" : "17837");
		for (size_t k = 0; k < bl_mistake_count(p); k++) {
			const struct bl_mistake *mk = bl_mistake_at(p, k);
			enum mut m = M_NONE;
			int bad = 0, shown = 0, n = quick() ? 100 : 1000;
			for (size_t j = 0; j < sizeof muts / sizeof muts[0]; j++)
				if (strcmp(muts[j].id, mk->id) == 0)
					m = muts[j].m;
			for (int i = 0; i < n; i++) {
				struct bl_rng rng;
				bl_rng_init_stream(&rng, 77, (uint64_t)i);
				bl_buf_reset(&b);
				bl_buf_reset(&got);
				tower_gen_draw(&g, &rng, &b);
				bl_mistake_answer(mk, b.data, b.len, &got, NULL, NULL);
				long want = ref_solve(b.data, rule == 1, m, 1000);
				shown += want != ref_solve(b.data, rule == 1, M_NONE, 1000);
				if (m == M_NONE || (want != strtol(got.data, NULL, 10) && bad++ == 0))
					tap_diag("%s %s: the reference's mutant %s and the library differ "
						 "on:\n%s", p->id, mk->id, mut_names[m], b.data);
			}
			ok(m != M_NONE && bad == 0,
			   "%s %s: the library plays the reference's mutant (it shows on %d of %d "
			   "random games)", p->id, mk->id, shown, n);
		}
	}
	bl_buf_release(&b);
	bl_buf_release(&got);
}

static const struct claim *find_claim(const char *name)
{
	for (int i = 0; i < NCLAIMS; i++)
		if (strcmp(claims[i].name, name) == 0)
			return &claims[i];
	return NULL;
}

/* Every edge and maximum test's claim holds; every claim of the rule has its test. */
static void test_claims(const char *id)
{
	const struct bl_problem *p = bl_problem_find(id);
	bool bottom = p->variant == TOWER_BOTTOM;
	struct bl_suite s;
	int bad_ref = 0;

	if (!is_int(bl_suite_build(p, &s, NULL), BL_OK, "%s: the suite builds", id))
		return;
	for (size_t i = 0; i < s.n; i++) {
		const struct bl_test *t = &s.tests[i];
		const struct claim *c = find_claim(t->name);
		const char *why = "";
		if (ref_solve(t->input, bottom, M_NONE, 1000) != strtol(t->expected, NULL, 10))
			bad_ref++;
		if (t->kind != BL_TEST_EDGE && t->kind != BL_TEST_MAX)
			continue;
		if (!ok(c && applies(c, bottom), "%s %s has a claim to check", id, t->name))
			continue;
		bool held = c->check(t->input, bottom, &why);
		ok(held, "%s %s: %s", id, t->name, t->desc);
		if (!held)
			tap_diag("fails: %s", why);
	}
	is_int(bad_ref, 0, "%s: the reference gives every test's expected output", id);
	for (int i = 0; i < NCLAIMS; i++)
		if (applies(&claims[i], bottom))
			ok(bl_suite_find(&s, claims[i].name) != NULL, "%s has a test %s", id,
			   claims[i].name);
	bl_suite_release(&s);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--search") == 0) {
		search(argc > 2 ? argv[2] : NULL);
		return 0;
	}
	test_reference();
	test_mistakes();
	test_claims("17837");
	test_claims("17780");
	return tap_done();
}
