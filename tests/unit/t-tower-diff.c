/*
 * The tower engine against bench/ref/tower_ref.c on seeded random instances
 * written as judge-format text: >= 2000 per BOJ problem inside the judge's
 * limits, then generalized sizes, heights and limits.  Answers and the
 * final stack must agree; a mismatch prints the seed, instance and input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/tower_ref.h"
#include "tap.h"

#define SEED UINT64_C(0x70e5e7)
#define WIDE_N 16    /* the wide games' largest board side */
#define WIDE_K 32    /* and piece count (the reference records 32 pieces of a stack) */
#define LARGE_N 96   /* the large games' largest board side */
/*
 * The limit that stands for 10^18 in the cycle and engine checks: every game
 * there that repeats does so long before (tower_play keeps and checks the
 * same states for any limit past its history), and an engine broken so that
 * a game never repeats fails the test at the limit instead of hanging it.
 */
#define HUGE_LIMIT (INT64_C(1) << 18)

/* Colour densities (red, blue) in percent; the last row draws them at random. */
static const int profiles[][2] = {
	{ 0, 0 }, { 10, 0 }, { 0, 10 }, { 10, 10 }, { 25, 10 }, { 10, 25 },
	{ 30, 30 }, { 5, 50 }, { 50, 5 }, { -1, -1 },
};
#define NPROFILES (int)(sizeof profiles / sizeof profiles[0])

struct outcomes {
	int early;    /* answer 1..10 */
	int middle;   /* 11..100 */
	int late;     /* 101..limit */
	int never;    /* -1 */
	int end_red, end_bounce, end_carry;   /* how the last move went */
};

/* A random instance in the judge's format, red and blue in percent of the cells. */
static void gen_text(struct bl_rng *rng, int n, int k, int red, int blue, struct bl_buf *b)
{
	static int cells[LARGE_N * LARGE_N];

	bl_buf_reset(b);
	bl_buf_printf(b, "%d %d\n", n, k);
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			int x = (int)bl_rng_below(rng, 100);
			bl_buf_printf(b, "%s%d", c ? " " : "", x < red ? 1 : x < red + blue ? 2 : 0);
		}
		bl_buf_putc(b, '\n');
	}
	/* Distinct start cells: the first k of a partial shuffle. */
	for (int i = 0; i < n * n; i++)
		cells[i] = i;
	for (int i = 0; i < k; i++) {
		int j = i + (int)bl_rng_below(rng, (uint64_t)(n * n - i));
		int x = cells[i];
		cells[i] = cells[j];
		cells[j] = x;
		bl_buf_printf(b, "%d %d %d\n", cells[i] / n + 1, cells[i] % n + 1,
			      (int)bl_rng_range(rng, 1, 4));
	}
}

/* Solves text with the engine and the reference; true when they agree. */
static bool agree(const char *text, const struct tower_limits *lim, const struct tower_opts *o,
		  struct tower *t, struct outcomes *oc, char *why, size_t cap)
{
	struct bl_reader rd;
	struct bl_err err;
	struct tower_result res;
	struct tower_ref_end end;

	bl_err_clear(&err);
	bl_reader_init(&rd, text, strlen(text));
	if (tower_parse(t, &rd, lim, &err) != BL_OK || bl_expect_eof(&rd, &err) != BL_OK ||
	    tower_solve(t, o, &res, &err) != BL_OK) {
		snprintf(why, cap, "engine failed: %d:%d: %s", err.line, err.col, err.msg);
		return false;
	}
	long long want = tower_ref_solve(text, o->rule == TOWER_BOTTOM, o->height, o->limit, &end);
	if (res.answer != want) {
		snprintf(why, cap, "answer %lld, reference %lld", (long long)res.answer, want);
		return false;
	}
	/* The answer alone is the same answer, and leaves the same last position (below). */
	struct tower_opts q = *o;
	struct tower_result alone;
	q.answer_only = true;
	if (tower_solve(t, &q, &alone, &err) != BL_OK || alone.answer != want ||
	    (want >= 0 && (alone.end != TOWER_END_STACK || alone.last.to != res.last.to))) {
		snprintf(why, cap, "answer_only: answer %lld, end %d, reference %lld",
			 (long long)alone.answer, (int)alone.end, want);
		return false;
	}
	if (want < 0)
		oc->never++;
	else if (want <= 10)
		oc->early++;
	else if (want <= 100)
		oc->middle++;
	else
		oc->late++;
	if (want < 0)
		return true;
	oc->end_red += res.last.met2 == TOWER_RED;
	oc->end_bounce += res.last.bounced;
	oc->end_carry += res.last.group > 1;
	int cell = res.last.to, h = 0;
	if (cell / t->n + 1 != end.row || cell % t->n + 1 != end.col ||
	    tower_height(t, cell) != end.height) {
		snprintf(why, cap, "ended at (%d,%d) height %d, reference (%d,%d) height %d",
			 cell / t->n + 1, cell % t->n + 1, tower_height(t, cell), end.row, end.col,
			 end.height);
		return false;
	}
	/* The reference records a stack's first TOWER_REF_KMAX pieces. */
	for (int p = tower_bottom(t, cell); p && h < TOWER_REF_KMAX; p = tower_above(t, p), h++) {
		if (h >= end.height || end.stack[h] != p) {
			snprintf(why, cap, "final stack differs at level %d", h);
			return false;
		}
	}
	return true;
}

/*
 * Runs count instances of one kind; boj selects the judge's limits, else
 * sizes, heights and limits are drawn wider.  Returns the mismatches.
 */
static int run(const char *name, uint64_t seed, int count, bool boj, enum tower_rule rule,
	       struct outcomes *oc)
{
	struct bl_buf text;
	struct tower t;
	struct tower_limits lim;
	int bad = 0;

	bl_buf_init(&text);
	tower_init(&t);
	memset(oc, 0, sizeof *oc);
	if (boj)
		tower_limits_boj(&lim);
	else
		tower_limits_any(&lim);
	for (int i = 0; i < count; i++) {
		struct bl_rng rng;
		struct tower_opts o;
		char why[320];
		int n, k;

		bl_rng_init_stream(&rng, seed, (uint64_t)i);
		tower_opts_init(&o);
		o.rule = rule;
		int prof = (int)bl_rng_below(&rng, NPROFILES);
		int red = profiles[prof][0], blue = profiles[prof][1];
		if (red < 0) {
			red = (int)bl_rng_below(&rng, 60);
			blue = (int)bl_rng_below(&rng, 101 - (uint64_t)red);
		}
		if (boj && bl_rng_below(&rng, 3) == 0) {
			/*
			 * Long games: few pieces on a large board with some red and
			 * little blue often end after turn 100, which uniform draws
			 * rarely give under the bottom rule.
			 */
			n = (int)bl_rng_range(&rng, 10, TOWER_BOJ_N_MAX);
			k = (int)bl_rng_range(&rng, TOWER_BOJ_K_MIN, 7);
			red = (int)bl_rng_range(&rng, 15, 25);
			blue = (int)bl_rng_range(&rng, 0, 4);
		} else if (boj) {
			n = (int)bl_rng_range(&rng, TOWER_BOJ_N_MIN, TOWER_BOJ_N_MAX);
			k = (int)bl_rng_range(&rng, TOWER_BOJ_K_MIN, TOWER_BOJ_K_MAX);
		} else {
			n = (int)bl_rng_range(&rng, 1, WIDE_N);
			int kmax = n * n < WIDE_K ? n * n : WIDE_K;
			k = (int)bl_rng_range(&rng, 1, kmax);
			o.height = (int)bl_rng_range(&rng, 2, 7);
			o.limit = bl_rng_range(&rng, 1, 300);
		}
		gen_text(&rng, n, k, red, blue, &text);
		if (!agree(text.data, &lim, &o, &t, oc, why, sizeof why)) {
			if (++bad <= 3) {
				tap_diag("%s: seed %#llx instance %d, height %lld, limit %lld: %s", name,
					 (unsigned long long)seed, i, (long long)o.height, (long long)o.limit,
					 why);
				tap_diag("input:\n%s", text.data);
			}
		}
	}
	tower_release(&t);
	bl_buf_release(&text);
	return bad;
}

/*
 * Cycle detection against a plain replay that keeps the state after every
 * turn (each piece's cell, direction and the piece under it) and compares
 * each new one with all before it: the first repeat (s, t) it finds must be
 * the engine's cycle_from and cycle_to with a limit of 10^18, and a game
 * that ends first must end on the same turn.  The replay also notes turns
 * whose cells and directions repeat an earlier turn's while the stacks'
 * order differs: the engine must not take those for a repeat.
 */
#define REPLAY_TURNS 300

struct cycle_counts {
	int cycles, ends, open;   /* first repeat found, stack built, neither by REPLAY_TURNS */
	int order_only;           /* games with a cells-and-directions repeat that is not one */
	int order_then_end;       /* ... which then end with a stack */
	int short_cycles;         /* cycle length 1 or 2 (a piece blocked both ways has 2) */
	int long_cycles;          /* cycle length 4 or more */
	int late_start;           /* cycle_from > 0 */
	int64_t brent_turns[2];   /* turns played to find the cycles: Brent alone, after 7 */
	int alone_cycles;         /* answer_only's games ended by a repeat */
	int splits;               /* -1 proven by groups that never meet, before the repeat */
	int split_groups;         /* ... with three groups or more */
};

static int replay_check(struct bl_rng *rng, enum tower_rule rule, struct tower *t,
			struct bl_buf *text, struct cycle_counts *cc, char *why, size_t cap)
{
	static int32_t cell[REPLAY_TURNS + 1][WIDE_K + 1], below[REPLAY_TURNS + 1][WIDE_K + 1];
	static uint8_t dir[REPLAY_TURNS + 1][WIDE_K + 1];
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	struct bl_reader rd;
	struct bl_err err;
	int n = (int)bl_rng_range(rng, 2, 8);
	int k = (int)bl_rng_range(rng, 2, n * n < 12 ? n * n : 12);
	int red = (int)bl_rng_below(rng, 40), blue = (int)bl_rng_below(rng, 40);

	gen_text(rng, n, k, red, blue, text);
	tower_limits_any(&lim);
	bl_err_clear(&err);
	bl_reader_init(&rd, text->data, text->len);
	if (tower_parse(t, &rd, &lim, &err) != BL_OK)
		return snprintf(why, cap, "parse: %s", err.msg), 1;
	tower_opts_init(&o);
	o.rule = rule;
	o.height = bl_rng_range(rng, 2, k < 5 ? k : 5);
	o.limit = HUGE_LIMIT;
	o.split = false;   /* the whole-state repeat first; the groups' proof below */

	/* The plain replay, with the engine's single moves. */
	long long want_end = -1, s = -1, e = -1;
	bool order_only = false;
	tower_reset(t);
	for (int turn = 0; turn <= REPLAY_TURNS && want_end < 0 && s < 0; turn++) {
		if (turn > 0) {
			for (int p = 1; p <= k; p++) {
				struct tower_move mv;
				tower_move(t, rule, p, &mv);
				if (mv.moved && mv.height >= o.height) {
					want_end = turn;
					break;
				}
			}
			if (want_end >= 0)
				break;
		}
		for (int p = 1; p <= k; p++) {
			cell[turn][p] = (int32_t)tower_cell_of(t, p);
			dir[turn][p] = (uint8_t)tower_dir_of(t, p);
			below[turn][p] = (int32_t)tower_below(t, p);
		}
		for (int u = 0; u < turn && s < 0; u++) {
			bool same_pos = true, same = true;
			for (int p = 1; p <= k; p++) {
				if (cell[u][p] != cell[turn][p] || dir[u][p] != dir[turn][p])
					same_pos = false;
				if (below[u][p] != below[turn][p])
					same = false;
			}
			if (same_pos && same) {
				s = u;
				e = turn;
			} else if (same_pos) {
				order_only = true;
			}
		}
	}
	if (want_end < 0 && s < 0) {
		cc->open++;
		return 0;
	}
	/* The exact history, Brent alone, and a short history Brent takes over from. */
	static const int64_t histories[] = { TOWER_HISTORY_TURNS, 0, 7 };
	for (int hi = 1; hi < 3; hi++) {
		struct tower_result alt;
		o.history = histories[hi];
		if (tower_solve(t, &o, &alt, &err) != BL_OK)
			return snprintf(why, cap, "solve: %s", err.msg), 1;
		if (want_end < 0)
			cc->brent_turns[hi - 1] += alt.turns;
		if (alt.answer != (want_end >= 0 ? want_end : -1) ||
		    (want_end < 0 && (alt.end != TOWER_END_CYCLE || alt.cycle_from != s ||
				      alt.cycle_to != e)))
			return snprintf(why, cap,
					"history %lld: answer %lld, end %d, cycle %lld..%lld; the replay "
					"ends %lld, repeats %lld..%lld",
					(long long)o.history, (long long)alt.answer, (int)alt.end,
					(long long)alt.cycle_from, (long long)alt.cycle_to, want_end, s,
					e), 1;
	}
	o.history = histories[0];

	/*
	 * The answer alone, within REPLAY_TURNS: the same answer, and a repeat
	 * it ends on is one: both turns on the cycle, a whole number of cycles
	 * apart (or none seen: a -1 at the limit).
	 */
	struct tower_opts q = o;
	int64_t want = want_end >= 0 && want_end <= REPLAY_TURNS ? want_end : -1;
	q.answer_only = true;
	q.limit = REPLAY_TURNS;
	q.split = false;
	if (tower_solve(t, &q, &res, &err) != BL_OK)
		return snprintf(why, cap, "solve: %s", err.msg), 1;
	if (res.answer != want ||
	    (res.end == TOWER_END_CYCLE &&
	     (s < 0 || res.cycle_from < s || res.cycle_to > REPLAY_TURNS ||
	      res.cycle_to <= res.cycle_from || (res.cycle_to - res.cycle_from) % (e - s) != 0)) ||
	    (res.end != TOWER_END_CYCLE && res.end != TOWER_END_LIMIT && res.end != TOWER_END_STACK))
		return snprintf(why, cap,
				"answer_only: answer %lld, end %d, repeat %lld..%lld; the replay "
				"ends %lld, repeats %lld..%lld",
				(long long)res.answer, (int)res.end, (long long)res.cycle_from,
				(long long)res.cycle_to, want_end, s, e), 1;
	cc->alone_cycles += res.end == TOWER_END_CYCLE;

	/*
	 * With the groups' proof on, the answer must not change, and a game
	 * it calls endless must give -1 in the reference 5000 turns long.
	 */
	o.split = true;
	if (tower_solve(t, &o, &res, &err) != BL_OK)
		return snprintf(why, cap, "solve: %s", err.msg), 1;
	if (res.answer != (want_end >= 0 ? want_end : -1))
		return snprintf(why, cap, "split on: answer %lld, the replay's %lld",
				(long long)res.answer, want_end), 1;
	if (res.end == TOWER_END_SPLIT) {
		cc->splits++;
		cc->split_groups += res.groups > 2;
		long long ref = tower_ref_solve(text->data, rule == TOWER_BOTTOM, o.height, 5000, NULL);
		if (ref != -1)
			return snprintf(why, cap, "split after turn %lld, but the reference ends on %lld",
					(long long)res.turns, ref), 1;
		if (res.turns >= e)
			return snprintf(why, cap, "split after turn %lld, not before the repeat on %lld",
					(long long)res.turns, e), 1;
	}
	o.split = false;
	if (tower_solve(t, &o, &res, &err) != BL_OK)
		return snprintf(why, cap, "solve: %s", err.msg), 1;
	if (want_end < 0 && res.turns != e)
		return snprintf(why, cap, "with the history the repeat is seen on turn %lld, not %lld",
				(long long)res.turns, e), 1;
	if (want_end >= 0) {
		cc->ends++;
		if (order_only) {
			cc->order_only++;
			cc->order_then_end++;
		}
		if (res.answer != want_end)
			return snprintf(why, cap, "answer %lld, the replay ends on turn %lld",
					(long long)res.answer, want_end), 1;
		return 0;
	}
	cc->cycles++;
	cc->order_only += order_only;
	cc->short_cycles += e - s <= 2;
	cc->long_cycles += e - s >= 4;
	cc->late_start += s > 0;
	if (res.end != TOWER_END_CYCLE || res.cycle_from != s || res.cycle_to != e)
		return snprintf(why, cap, "end %d, cycle %lld..%lld; the replay repeats %lld..%lld",
				(int)res.end, (long long)res.cycle_from, (long long)res.cycle_to, s,
				e), 1;
	return 0;
}

static void test_cycles(bool quick)
{
	int count = quick ? 300 : 3000;
	for (int rule = TOWER_CARRY; rule <= TOWER_BOTTOM; rule++) {
		const char *rn = rule == TOWER_CARRY ? "carry" : "bottom";
		struct cycle_counts cc;
		struct bl_buf text;
		struct tower t;
		int bad = 0;

		memset(&cc, 0, sizeof cc);
		bl_buf_init(&text);
		tower_init(&t);
		for (int i = 0; i < count; i++) {
			struct bl_rng rng;
			char why[256];
			bl_rng_init_stream(&rng, SEED + 32 + (uint64_t)rule, (uint64_t)i);
			if (replay_check(&rng, (enum tower_rule)rule, &t, &text, &cc, why, sizeof why) &&
			    ++bad <= 3)
				tap_diag("cycles %s: instance %d: %s\ninput:\n%s", rn, i, why, text.data);
			if (bad > 3) {
				tap_diag("cycles %s: stopped at instance %d after %d failures", rn, i, bad);
				break;
			}
		}
		tap_diag("cycles %s: %d games: %d repeat (%d of length 1 or 2, %d of 4 or more, %d not "
			 "from the start), %d end, %d open after %d turns; %d with a "
			 "cells-and-directions repeat that is not one, %d of which end",
			 rn, count, cc.cycles, cc.short_cycles, cc.long_cycles, cc.late_start, cc.ends,
			 cc.open,
			 REPLAY_TURNS, cc.order_only, cc.order_then_end);
		tap_diag("cycles %s: turns played to detect them: %lld with Brent alone, %lld with "
			 "a history of 7 turns", rn, (long long)cc.brent_turns[0],
			 (long long)cc.brent_turns[1]);
		is_int(bad, 0, "cycles %s: %d games: the first repeat or the end as a plain replay "
			       "keeping every state finds it, with the history, with Brent alone "
			       "and with Brent after a history of 7 turns; the answer alone is the same "
		       "answer within %d turns, ended by a true repeat",
		       rn, count, REPLAY_TURNS);
		int div = quick ? 10 : 1;
		ok(cc.cycles >= 500 / div && cc.short_cycles >= 100 / div &&
			   cc.long_cycles >= 100 / div && cc.late_start >= 200 / div,
		   "cycles %s: %d repeats, %d of length 1 or 2, %d of 4 or more, %d not from the "
		   "start", rn, cc.cycles, cc.short_cycles, cc.long_cycles, cc.late_start);
		ok(cc.alone_cycles >= 400 / div,
		   "cycles %s: the answer alone ends %d games on a repeat", rn, cc.alone_cycles);
		ok(cc.splits >= 100 / div && cc.split_groups >= 20 / div,
		   "cycles %s: %d games proven endless by groups that never meet before their "
		   "state repeats (%d with three groups or more), all -1 in the reference",
		   rn, cc.splits, cc.split_groups);
		ok(cc.order_then_end >= 5 / div,
		   "cycles %s: %d games repeat cells and directions but not the stacks' order, "
		   "then end", rn, cc.order_then_end);
		tower_release(&t);
		bl_buf_release(&text);
	}
}

/*
 * Larger games against the reference: boards up to 96x96 with up to 3000
 * pieces, heights up to 40 and limits up to 200, both rules.  Returns the
 * mismatches; *ends counts the games that end with a stack.
 */
static int run_large(uint64_t seed, int count, enum tower_rule rule, int *ends, int *tall)
{
	struct bl_buf text;
	struct tower t;
	struct tower_limits lim;
	struct outcomes oc;
	int bad = 0;

	bl_buf_init(&text);
	tower_init(&t);
	tower_limits_any(&lim);
	memset(&oc, 0, sizeof oc);
	for (int i = 0; i < count; i++) {
		struct bl_rng rng;
		struct tower_opts o;
		char why[320];

		bl_rng_init_stream(&rng, seed, (uint64_t)i);
		tower_opts_init(&o);
		o.rule = rule;
		int n = (int)bl_rng_range(&rng, 16, LARGE_N);
		int k = (int)bl_rng_range(&rng, 1, n * n / 3 < 3000 ? n * n / 3 : 3000);
		o.height = bl_rng_below(&rng, 2) ? bl_rng_range(&rng, 2, 8) : bl_rng_range(&rng, 9, 40);
		o.limit = bl_rng_range(&rng, 1, 200);
		*tall += o.height > 10;
		int blue = (int)bl_rng_below(&rng, 30), red = (int)bl_rng_below(&rng, 30);
		gen_text(&rng, n, k, red, blue, &text);
		int before = oc.never;
		if (!agree(text.data, &lim, &o, &t, &oc, why, sizeof why) && ++bad <= 3)
			tap_diag("large: seed %#llx instance %d, n %d, k %d, height %lld, limit %lld: %s",
				 (unsigned long long)seed, i, n, k, (long long)o.height,
				 (long long)o.limit, why);
		*ends += oc.never == before;
	}
	tower_release(&t);
	bl_buf_release(&text);
	return bad;
}

/*
 * The compact engine (tower_play without a watcher, on boards of at most 256
 * cells and heights up to 5) against the linked one (forced by a watcher
 * that never stops the game): the whole result and the final position must
 * be the same, whatever the rule, height, limit and board.
 */
static bool keep_going(void *ctx, const struct tower_step *step)
{
	(void)step;
	++*(int64_t *)ctx;
	return true;
}

static bool same_move(const struct tower_move *a, const struct tower_move *b)
{
	return a->turn == b->turn && a->piece == b->piece && a->from == b->from && a->to == b->to &&
	       a->dir == b->dir && a->met == b->met && a->met2 == b->met2 &&
	       a->skipped == b->skipped && a->bounced == b->bounced && a->moved == b->moved &&
	       a->group == b->group && a->height == b->height;
}

struct engine_counts {
	int games, ends, cycles, splits, limits, tall;   /* how the compact engine's games ended */
};

static int engines_agree(struct bl_rng *rng, struct tower *a, struct tower *b, struct bl_buf *text,
			 struct engine_counts *ec, char *why, size_t cap)
{
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result ra, rb;
	struct bl_reader rd;
	struct bl_err err;
	int64_t calls = 0;
	bool boj = bl_rng_below(rng, 2);
	int n = boj ? (int)bl_rng_range(rng, 4, 12) : (int)bl_rng_range(rng, 1, 16);
	int kmax = boj ? 10 : n * n < WIDE_K ? n * n : WIDE_K;
	int k = (int)bl_rng_range(rng, boj && n * n >= 4 ? 4 : 1, kmax);

	int blue = (int)bl_rng_below(rng, 40), red = (int)bl_rng_below(rng, 40);
	gen_text(rng, n, k, red, blue, text);
	tower_limits_any(&lim);
	tower_opts_init(&o);
	o.rule = bl_rng_below(rng, 2) ? TOWER_CARRY : TOWER_BOTTOM;
	o.height = boj ? 4 : bl_rng_range(rng, 2, 6);   /* 6: past the compact engine */
	int64_t limits[] = { 1000, HUGE_LIMIT, bl_rng_range(rng, 1, 400) };
	o.limit = limits[bl_rng_below(rng, 3)];
	o.play_few = bl_rng_below(rng, 4) == 0;
	for (int i = 0; i < 2; i++) {
		struct tower *t = i ? b : a;
		bl_err_clear(&err);
		bl_reader_init(&rd, text->data, text->len);
		if (tower_parse(t, &rd, &lim, &err) != BL_OK ||
		    tower_play(t, &o, i ? keep_going : NULL, &calls, i ? &rb : &ra, &err) != BL_OK)
			return snprintf(why, cap, "engine %d failed: %s", i, err.msg), 1;
	}
	ec->games++;
	ec->tall += o.height > 4;
	ec->ends += ra.end == TOWER_END_STACK;
	ec->cycles += ra.end == TOWER_END_CYCLE;
	ec->splits += ra.end == TOWER_END_SPLIT;
	ec->limits += ra.end == TOWER_END_LIMIT;
	if (ra.answer != rb.answer || ra.end != rb.end || ra.turns != rb.turns ||
	    ra.moves != rb.moves || ra.cycle_from != rb.cycle_from || ra.cycle_to != rb.cycle_to ||
	    ra.groups != rb.groups || ra.split_from != rb.split_from ||
	    memcmp(ra.periods, rb.periods, sizeof ra.periods) != 0 ||
	    (ra.end == TOWER_END_STACK && !same_move(&ra.last, &rb.last)))
		return snprintf(why, cap,
				"height %lld, limit %lld, %s: compact: answer %lld end %s after %lld "
				"turns, cycle %lld..%lld; linked: %lld %s after %lld, cycle %lld..%lld",
				(long long)o.height, (long long)o.limit, tower_rule_name(o.rule),
				(long long)ra.answer, tower_end_name(ra.end), (long long)ra.turns,
				(long long)ra.cycle_from, (long long)ra.cycle_to, (long long)rb.answer,
				tower_end_name(rb.end), (long long)rb.turns, (long long)rb.cycle_from,
				(long long)rb.cycle_to), 1;
	for (int p = 1; p <= k; p++)
		if (tower_cell_of(a, p) != tower_cell_of(b, p) || tower_dir_of(a, p) != tower_dir_of(b, p) ||
		    tower_below(a, p) != tower_below(b, p) || tower_above(a, p) != tower_above(b, p))
			return snprintf(why, cap, "final positions differ at piece %d", p), 1;
	for (int c = 0; c < n * n; c++)
		if (tower_height(a, c) != tower_height(b, c) || tower_bottom(a, c) != tower_bottom(b, c))
			return snprintf(why, cap, "final stacks differ at cell %d", c), 1;
	return 0;
}

static void test_engines(bool quick)
{
	int count = quick ? 400 : 4000, bad = 0, div = quick ? 10 : 1;
	struct engine_counts ec;
	struct bl_buf text;
	struct tower a, b;

	memset(&ec, 0, sizeof ec);
	bl_buf_init(&text);
	tower_init(&a);
	tower_init(&b);
	for (int i = 0; i < count; i++) {
		struct bl_rng rng;
		char why[400];
		bl_rng_init_stream(&rng, SEED + 64, (uint64_t)i);
		if (engines_agree(&rng, &a, &b, &text, &ec, why, sizeof why) && ++bad <= 3)
			tap_diag("engines: instance %d: %s\ninput:\n%s", i, why, text.data);
		if (bad > 3) {
			tap_diag("engines: stopped at instance %d after %d disagreements", i, bad);
			break;
		}
	}
	tap_diag("engines: %d games: %d stacks, %d repeats, %d split, %d at the limit, %d of height 5 or 6",
		 ec.games, ec.ends, ec.cycles, ec.splits, ec.limits, ec.tall);
	is_int(bad, 0, "engines: %d games, both rules, heights 2..6, limits 1..400, 1000 and 2^18: "
		       "the compact engine's result and final position are the linked engine's",
	       count);
	ok(ec.ends >= 1000 / div && ec.cycles >= 300 / div && ec.splits >= 50 / div &&
		   ec.limits >= 100 / div,
	   "engines: every ending is covered (%d stacks, %d repeats, %d split, %d limits)", ec.ends,
	   ec.cycles, ec.splits, ec.limits);
	tower_release(&a);
	tower_release(&b);
	bl_buf_release(&text);
}

/*
 * Games whose pieces fall into groups that never meet, each with its own
 * period, so that the whole state repeats only after the periods' least
 * common multiple, often millions of turns: 20x20 to 30x30 boards with 16
 * to 40 pieces and height 6, like the review's hang_*.in.  The groups'
 * proof must give -1 soon after the groups settle, past the history too
 * (half the games keep only 64 turns, so the proof runs in the Brent
 * phase), and the reference must agree over LONG_TURNS plain turns.
 */
#define LONG_TURNS 20000

static void test_long_split(bool quick)
{
	int count = quick ? 40 : 300, bad = 0, brent = 0, unrepeated = 0, splits = 0;
	struct bl_buf text;
	struct tower t;
	struct tower_limits lim;

	bl_buf_init(&text);
	tower_init(&t);
	tower_limits_any(&lim);
	for (int i = 0; i < count && bad <= 3; i++) {
		struct bl_rng rng;
		struct tower_opts o;
		struct tower_result res, whole;
		struct bl_reader rd;
		struct bl_err err;
		char why[256] = "";

		bl_rng_init_stream(&rng, SEED + 80, (uint64_t)i);
		int n = (int)bl_rng_range(&rng, 20, 30), k = (int)bl_rng_range(&rng, 16, 40);
		int blue = (int)bl_rng_below(&rng, 50), red = (int)bl_rng_below(&rng, 30);
		gen_text(&rng, n, k, red, blue, &text);
		tower_opts_init(&o);
		o.rule = bl_rng_below(&rng, 2) ? TOWER_CARRY : TOWER_BOTTOM;
		o.height = 6;
		o.limit = HUGE_LIMIT;
		o.history = i % 2 ? 64 : TOWER_HISTORY_TURNS;
		bl_err_clear(&err);
		bl_reader_init(&rd, text.data, text.len);
		if (tower_parse(&t, &rd, &lim, &err) != BL_OK || tower_solve(&t, &o, &res, &err) != BL_OK) {
			snprintf(why, sizeof why, "engine failed: %s", err.msg);
		} else {
			/* A game may end later than LONG_TURNS: the reference plays to it. */
			long long turns = res.answer > LONG_TURNS ? res.answer : LONG_TURNS;
			long long ref = tower_ref_solve(text.data, o.rule == TOWER_BOTTOM, o.height,
							turns, NULL);
			if (res.end == TOWER_END_SPLIT) {
				splits++;
				brent += res.turns >= o.history - 1;
				if (ref != -1)
					snprintf(why, sizeof why, "split after turn %lld, but the reference "
						 "ends on turn %lld", (long long)res.turns, ref);
				/* Without the proof: does the whole state repeat by then? */
				o.split = false;
				o.limit = LONG_TURNS;
				if (tower_solve(&t, &o, &whole, &err) == BL_OK &&
				    whole.end == TOWER_END_LIMIT)
					unrepeated++;
			} else if (res.answer >= 0 ? ref != res.answer
						   : res.answer == -1 && ref != -1) {
				snprintf(why, sizeof why, "answer %lld (%s), the reference's in %lld "
					 "turns %lld", (long long)res.answer, tower_end_name(res.end),
					 turns, ref);
			}
		}
		if (why[0] && ++bad <= 3)
			tap_diag("long split: instance %d, %s rule: %s\ninput:\n%s", i,
				 tower_rule_name(o.rule), why, text.data);
	}
	tap_diag("long split: %d games: %d proven endless by groups, %d of them in the Brent "
		 "phase, %d whose whole state does not repeat within %d turns",
		 count, splits, brent, unrepeated, LONG_TURNS);
	is_int(bad, 0, "long split: %d games with groups of different periods: the groups' "
		       "proof and the answers agree with %d plain turns of the reference",
	       count, LONG_TURNS);
	int div = quick ? 10 : 1;
	ok(brent >= 50 / div && unrepeated >= 20 / div,
	   "long split: %d proofs in the Brent phase, %d for games whose state does not repeat "
	   "within %d turns", brent, unrepeated, LONG_TURNS);
	tower_release(&t);
	bl_buf_release(&text);
}

/*
 * The judge's last turn: long games (12x12-ish boards, few pieces, some red,
 * little blue: about one in 10,000 ends on turn 1000, as many on 1001; the
 * 20,000 scanned, in quick runs too, hold one of each) are played by the
 * engine at a limit of 1001; those ending on turn 1000
 * must answer 1000 with the judge's limit in the engine and the reference,
 * those ending on turn 1001 must answer -1 there and 1001 at limit 1001.
 */
static void test_turn_1000(void)
{
	int count = 20000, bad = 0, at_1000 = 0, at_1001 = 0;   /* quick too: it is rare */
	struct bl_buf text;
	struct tower t;
	struct tower_limits lim;

	bl_buf_init(&text);
	tower_init(&t);
	tower_limits_boj(&lim);
	for (int i = 0; i < count; i++) {
		struct bl_rng rng;
		struct tower_opts o;
		struct tower_result res, judge;
		struct bl_reader rd;

		bl_rng_init_stream(&rng, SEED + 96, (uint64_t)i);
		int n = (int)bl_rng_range(&rng, 10, TOWER_BOJ_N_MAX), k = (int)bl_rng_range(&rng, 4, 7);
		/* Drawn one by one: the order of a call's arguments is the compiler's. */
		int blue = (int)bl_rng_range(&rng, 0, 4), red = (int)bl_rng_range(&rng, 15, 25);
		gen_text(&rng, n, k, red, blue, &text);
		tower_opts_init(&o);
		o.limit = 1001;
		bl_reader_init(&rd, text.data, text.len);
		if (tower_parse(&t, &rd, &lim, NULL) != BL_OK || tower_solve(&t, &o, &res, NULL) != BL_OK) {
			bad++;
			continue;
		}
		if (res.answer < 1000)
			continue;
		tower_opts_init(&o);
		if (tower_solve(&t, &o, &judge, NULL) != BL_OK)
			judge.answer = -2;
		long long ref = tower_ref_solve(text.data, 0, 4, 1000, NULL);
		long long ref1001 = tower_ref_solve(text.data, 0, 4, 1001, NULL);
		long long want = res.answer == 1000 ? 1000 : -1;
		at_1000 += res.answer == 1000;
		at_1001 += res.answer == 1001;
		if (judge.answer != want || ref != want || ref1001 != res.answer) {
			if (++bad <= 3)
				tap_diag("turn 1000: instance %d: limit 1001: %lld (reference %lld); "
					 "limit 1000: %lld (reference %lld)\ninput:\n%s", i,
					 (long long)res.answer, ref1001, (long long)judge.answer, ref,
					 text.data);
		}
	}
	is_int(bad, 0, "turn 1000: %d long judge-size games: %d end on turn 1000 and answer 1000, "
		       "%d end on turn 1001 and answer -1, as in the reference", count, at_1000,
	       at_1001);
	ok(at_1000 >= 1 && at_1001 >= 1,
	   "turn 1000: games end on the judge's last turn (%d) and on the turn after (%d)",
	   at_1000, at_1001);
	tower_release(&t);
	bl_buf_release(&text);
}

static void report(const char *name, int count, const struct outcomes *oc)
{
	tap_diag("%s: %d games: %d end by turn 10, %d by 100, %d later, "
		 "%d give -1; last moves: %d onto red, %d after a bounce, %d carrying",
		 name, count, oc->early, oc->middle, oc->late, oc->never, oc->end_red,
		 oc->end_bounce, oc->end_carry);
}

int main(void)
{
	bool quick = getenv("BL_TEST_QUICK") != NULL;
	int count = quick ? 300 : 2500, wide = quick ? 200 : 1500;
	int floor_div = quick ? 8 : 1;   /* the minimum counts shrink with the run */
	struct outcomes oc;
	static const struct {
		const char *name;
		enum tower_rule rule;
	} problems[] = { { "BOJ 17837 (carry)", TOWER_CARRY }, { "BOJ 17780 (bottom)", TOWER_BOTTOM } };

	for (int pi = 0; pi < 2; pi++) {
		const char *name = problems[pi].name;
		int bad = run(name, SEED + (uint64_t)pi, count, true, problems[pi].rule, &oc);
		report(name, count, &oc);
		is_int(bad, 0, "%s: %d random judge-size games agree with the reference", name, count);
		ok(oc.early >= 200 / floor_div, "%s: %d games end by turn 10", name, oc.early);
		ok(oc.late >= 50 / floor_div, "%s: %d games end after turn 100", name, oc.late);
		ok(oc.never >= 200 / floor_div, "%s: %d games give -1", name, oc.never);
		ok(oc.end_red >= 100 / floor_div && oc.end_bounce >= 100 / floor_div &&
			   oc.end_carry >= 100 / floor_div,
		   "%s: games end on red (%d), after a bounce (%d), carrying (%d)", name,
		   oc.end_red, oc.end_bounce, oc.end_carry);
	}
	for (int pi = 0; pi < 2; pi++) {
		char name[64];
		snprintf(name, sizeof name, "wide %s", pi ? "bottom" : "carry");
		int bad = run(name, SEED + 16 + (uint64_t)pi, wide, false, problems[pi].rule, &oc);
		report(name, wide, &oc);
		is_int(bad, 0, "%s: %d games of N 1..16, K 1..32, height 2..7, limit 1..300 agree",
		       name, wide);
		ok(oc.never >= 100 / floor_div && oc.early >= 100 / floor_div,
		   "%s: both ends are covered (%d -1, %d early)", name, oc.never, oc.early);
	}
	for (int rule = TOWER_CARRY; rule <= TOWER_BOTTOM; rule++) {
		int n = quick ? 20 : 200, ends = 0, tall = 0;
		int bad = run_large(SEED + 48 + (uint64_t)rule, n, (enum tower_rule)rule, &ends, &tall);
		is_int(bad, 0, "large %s: %d games of N 16..96, K up to 3000, height 2..40, limit "
			       "1..200 agree with the reference",
		       rule == TOWER_CARRY ? "carry" : "bottom", n);
		ok(ends >= n / 4 && tall >= n / 4, "large %s: %d end with a stack, %d have a height "
						    "above 10", rule == TOWER_CARRY ? "carry" : "bottom",
		   ends, tall);
	}
	test_cycles(quick);
	test_engines(quick);
	test_long_split(quick);
	test_turn_1000();
	return tap_done();
}
