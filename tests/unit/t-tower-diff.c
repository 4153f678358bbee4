/*
 * The tower engine against bench/ref/tower_ref.c on seeded random instances
 * written as judge-format text: >= 2000 per BOJ problem inside the judge's
 * limits, then generalized sizes, heights and limits.  Answers and the
 * final stack must agree; a mismatch prints the seed, instance and input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab.h"
#include "ref/tower_ref.h"
#include "tap.h"

#define SEED UINT64_C(0x70e5e7)

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
	int at_1000;  /* exactly the judge's last turn */
	int end_red, end_bounce, end_carry;   /* how the last move went */
};

/* A random instance in the judge's format, red and blue in percent of the cells. */
static void gen_text(struct bl_rng *rng, int n, int k, int red, int blue, struct bl_buf *b)
{
	int cells[TOWER_REF_NMAX * TOWER_REF_NMAX];

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
	long want = tower_ref_solve(text, o->rule == TOWER_BOTTOM, o->height, (long)o->limit, &end);
	if (res.answer != want) {
		snprintf(why, cap, "answer %lld, reference %ld", (long long)res.answer, want);
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
	if (want == 1000)
		oc->at_1000++;
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
	for (int p = tower_bottom(t, cell); p; p = tower_above(t, p), h++) {
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
			n = (int)bl_rng_range(&rng, 1, TOWER_REF_NMAX);
			int kmax = n * n < TOWER_REF_KMAX ? n * n : TOWER_REF_KMAX;
			k = (int)bl_rng_range(&rng, 1, kmax);
			o.height = (int)bl_rng_range(&rng, 2, 7);
			o.limit = bl_rng_range(&rng, 1, 300);
		}
		gen_text(&rng, n, k, red, blue, &text);
		if (!agree(text.data, &lim, &o, &t, oc, why, sizeof why)) {
			if (++bad <= 3) {
				tap_diag("%s: seed %#llx instance %d, height %d, limit %lld: %s", name,
					 (unsigned long long)seed, i, o.height, (long long)o.limit,
					 why);
				tap_diag("input:\n%s", text.data);
			}
		}
	}
	tower_release(&t);
	bl_buf_release(&text);
	return bad;
}

static void report(const char *name, int count, const struct outcomes *oc)
{
	tap_diag("%s: %d games: %d end by turn 10, %d by 100, %d later (%d on turn 1000), "
		 "%d give -1; last moves: %d onto red, %d after a bounce, %d carrying",
		 name, count, oc->early, oc->middle, oc->late, oc->at_1000, oc->never, oc->end_red,
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
	return tap_done();
}
