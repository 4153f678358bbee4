/*
 * The shrinking passes of stress (lib/shrink.c) on random instances
 * of every game: every reduction either gives back the instance unchanged,
 * is strictly smaller in a well-founded order, the library's measure
 * agreeing, or (tower) is a sideways one that keeps the pieces and the
 * board's side; the passes end, the same index gives the same reduction,
 * and puyo's reductions keep the field settled (the parser of solve,
 * without --settle, accepts every one).  The greedy loop's state
 * (bl_shrinker) on a failure given as a predicate: it ends at a local
 * minimum, the same whatever the batch; and tower's cuts of a long game
 * (lib/tower_shrink.c) play the rest of the same game.
 */
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define MAXV 20000

static bool quick(void)
{
	return getenv("BL_TEST_QUICK") != NULL;
}

/* Compares measures a and b (n terms, most significant first): -1, 0, 1. */
static int cmp_measure(const long long *a, const long long *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* tower: (K, N, cells not white, the sum of the pieces' rows and columns). */
static void tower_measure(const struct bl_buf *b, long long m[4])
{
	static long long v[MAXV];
	size_t nv = bl_shrink_ints(b->data, b->len, v, MAXV);
	long long n = v[0], k = v[1];

	m[0] = k;
	m[1] = n;
	m[2] = m[3] = 0;
	for (long long i = 0; i < n * n && 2 + i < (long long)nv; i++)
		m[2] += v[2 + i] != 0;
	for (long long i = 0; i < k; i++)
		m[3] += v[2 + n * n + 3 * i] + v[2 + n * n + 3 * i + 1];
}

static void tower_instance(struct bl_rng *rng, struct bl_buf *b)
{
	int n = (int)bl_rng_range(rng, 1, 8);
	int k = (int)bl_rng_range(rng, 1, n * n < 10 ? n * n : 10);
	bool used[64] = { false };

	bl_buf_printf(b, "%d %d\n", n, k);
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			bl_buf_printf(b, "%d%c", (int)bl_rng_range(rng, 0, 2), c + 1 < n ? ' ' : '\n');
	for (int i = 0; i < k; i++) {
		int cell;
		do
			cell = (int)bl_rng_below(rng, (uint64_t)(n * n));
		while (used[cell]);
		used[cell] = true;
		bl_buf_printf(b, "%d %d %d\n", cell / n + 1, cell % n + 1, (int)bl_rng_range(rng, 1, 4));
	}
}

/* yut: (dice, their sum). */
static void yut_measure(const struct bl_buf *b, long long m[4])
{
	static long long v[MAXV];
	size_t nv = bl_shrink_ints(b->data, b->len, v, MAXV);

	m[0] = (long long)nv;
	m[1] = 0;
	for (size_t i = 0; i < nv; i++)
		m[1] += v[i];
	m[2] = m[3] = 0;
}

static void yut_instance(struct bl_rng *rng, struct bl_buf *b)
{
	int n = (int)bl_rng_range(rng, 1, 12);

	for (int i = 0; i < n; i++)
		bl_buf_printf(b, "%d%c", (int)bl_rng_range(rng, 1, 5), i + 1 < n ? ' ' : '\n');
}

/* grundy: (pieces, the sum of the coordinates); lines "x y LETTER". */
static void grundy_measure(const struct bl_buf *b, long long m[4])
{
	const char *s = b->data;
	char *e;

	m[0] = strtoll(s, &e, 10);
	m[1] = m[2] = m[3] = 0;
	s = e;
	for (long long i = 0; i < m[0]; i++) {
		m[1] += strtoll(s, &e, 10);
		s = e;
		m[1] += strtoll(s, &e, 10);
		s = e;
		while (*s && *s != '\n')
			s++;
	}
}

static void grundy_instance(struct bl_rng *rng, struct bl_buf *b)
{
	static const char letters[] = "RBKNP";
	int n = (int)bl_rng_range(rng, 1, 6);

	bl_buf_printf(b, "%d\n", n);
	for (int i = 0; i < n; i++)
		bl_buf_printf(b, "%lld %lld %c\n", (long long)bl_rng_range(rng, 0, 999999999),
			      (long long)bl_rng_range(rng, 0, 999999999),
			      letters[bl_rng_below(rng, 5)]);
}

/* puyo: (puyos, colours in play). */
static void puyo_measure(const struct bl_buf *b, long long m[4])
{
	bool seen[256] = { false };

	m[0] = m[1] = m[2] = m[3] = 0;
	for (size_t i = 0; i < b->len; i++) {
		unsigned char c = (unsigned char)b->data[i];
		if (c == '.' || c == '\n')
			continue;
		m[0]++;
		if (!seen[c])
			m[1]++;
		seen[c] = true;
	}
}

/* A settled BOJ field: each column a random height of random colours. */
static void puyo_instance(struct bl_rng *rng, struct bl_buf *b)
{
	static const char colours[] = "RGBPY";
	char f[12][7];
	int ncol = (int)bl_rng_range(rng, 1, 5);

	for (int c = 0; c < 6; c++) {
		int h = (int)bl_rng_range(rng, 0, 12);
		for (int r = 0; r < 12; r++)
			f[r][c] = r >= 12 - h ? colours[bl_rng_below(rng, (uint64_t)ncol)] : '.';
	}
	for (int r = 0; r < 12; r++) {
		f[r][6] = '\0';
		bl_buf_printf(b, "%s\n", f[r]);
	}
}

static bool puyo_settled(const struct bl_buf *b)
{
	struct puyo_rules rules;
	struct puyo_field f;
	struct bl_reader rd;

	struct puyo_limits lim;

	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	puyo_limits_boj(&lim);
	bl_reader_init(&rd, b->data, b->len);
	return puyo_parse(&f, &rd, &rules, 0, &lim, NULL) == BL_OK;
}

struct game {
	const char *name;
	bl_shrink_fn shrink;
	void (*instance)(struct bl_rng *rng, struct bl_buf *b);
	void (*measure)(const struct bl_buf *b, long long m[4]);
	bl_shrink_measure_fn lmeasure;   /* the library's */
};

static const struct game games[] = {
	{ "tower", tower_shrink, tower_instance, tower_measure, tower_shrink_measure },
	{ "yut", yut_shrink, yut_instance, yut_measure, yut_shrink_measure },
	{ "grundy", grundy_shrink, grundy_instance, grundy_measure, grundy_shrink_measure },
	{ "puyo", puyo_shrink, puyo_instance, puyo_measure, puyo_shrink_measure },
};

/* The library's measure of b with the outputs "7" and "9". */
static void lib_measure(const struct game *gm, const struct bl_buf *b, int64_t m[BL_SHRINK_TERMS])
{
	gm->lmeasure(b->data, b->len, "7\n", 2, "9\n", 2, m);
}

/*
 * Reduction red of in, already known to differ: smaller in the test's
 * measure and the library's, or (tower) sideways, keeping the pieces and
 * the side.  Counts into the right one of *smaller, *sideways, *bad.
 */
static void judge_reduction(const struct game *gm, const struct bl_buf *in,
			    const struct bl_buf *red, long *smaller, long *sideways, long *bad)
{
	long long m0[4], m1[4];
	int64_t l0[BL_SHRINK_TERMS], l1[BL_SHRINK_TERMS];

	gm->measure(in, m0);
	gm->measure(red, m1);
	lib_measure(gm, in, l0);
	lib_measure(gm, red, l1);
	if (cmp_measure(m1, m0, 4) < 0 && bl_shrink_cmp(l1, l0) < 0)
		++*smaller;
	else if (gm->shrink == tower_shrink && m1[0] == m0[0] && m1[1] == m0[1])
		++*sideways;
	else if ((*bad)++ == 0)
		tap_diag("%s: a reduction is not smaller:\n%s->\n%s", gm->name, in->data, red->data);
}

/* yut's failure for test_shrinker: at least 3 dice of which one is 4 or more. */
static bool yut_fails(const struct bl_buf *b)
{
	long long v[64];
	size_t n = bl_shrink_ints(b->data, b->len, v, 64);
	bool big = false;

	for (size_t i = 0; i < n && i < 64; i++)
		big = big || v[i] >= 4;
	return n >= 3 && big;
}

/*
 * The greedy loop on yut's failure above, `batch` reductions at a time,
 * the first of a batch that fails taken: its end into *end, the steps.
 */
static long shrink_yut(const char *start, int batch, struct bl_buf *end)
{
	struct bl_shrinker sh;
	struct bl_buf cand[4];
	long idx[4], rounds = 0;
	bool more = bl_shrinker_init(&sh, &bl_shrink_yut, start, strlen(start), "1\n", 2, "2\n", 2);

	for (int i = 0; i < batch; i++)
		bl_buf_init(&cand[i]);
	while (more && rounds++ < 10000) {
		int n = 0;
		while (n < batch && (more = bl_shrinker_next(&sh, &cand[n], &idx[n])))
			n++;
		for (int i = 0; i < n; i++)
			if (yut_fails(&cand[i]) &&
			    bl_shrinker_take(&sh, idx[i], cand[i].data, cand[i].len, "1\n", 2, "2\n", 2)) {
				more = true;
				break;
			}
	}
	bl_buf_reset(end);
	bl_buf_add(end, sh.input.data, sh.input.len);
	is_int((long long)sh.nchain, sh.steps, "shrinker, batches of %d: a chain of an input a step",
	       batch);
	long steps = sh.steps;
	bl_shrinker_release(&sh);
	for (int i = 0; i < batch; i++)
		bl_buf_release(&cand[i]);
	return steps;
}

static void test_shrinker(void)
{
	struct bl_buf one, four;
	const char *start = "2 5 1 3 1 1 2 6 1 2\n";

	bl_buf_init(&one);
	bl_buf_init(&four);
	long steps = shrink_yut(start, 1, &one);
	shrink_yut(start, 4, &four);
	if (!ok(steps > 0 && strcmp(one.data, "1 4 1\n") == 0,
	   "shrinker: 10 dice down to a local minimum, '1 4 1', in %ld steps", steps))
		tap_diag("got %s", one.data);
	is_str(four.data, one.data, "shrinker: batches of 4 end where batches of 1 do");
	bl_buf_release(&one);
	bl_buf_release(&four);
}

/* A fake runner for bl_stress_check_shrink: yut_fails decides, the first run may lie. */
struct fake {
	int runs, lie;   /* runs so far; the run numbered lie says OK whatever (0: none) */
};

static bool fake_solve(void *ctx, const struct bl_buf *input, struct bl_buf *expected)
{
	(void)ctx, (void)input;
	bl_buf_reset(expected);
	bl_buf_puts(expected, "1\n");
	return true;
}

static int fake_run(void *ctx, struct bl_stress_case *c, int n)
{
	struct fake *f = ctx;

	for (int i = 0; i < n; i++) {
		bool wa = yut_fails(&c[i].input) && ++f->runs != f->lie;
		c[i].o = (struct bl_stress_outcome){ .verdict = wa ? BL_STRESS_WA : BL_STRESS_OK };
		bl_buf_reset(&c[i].found);
		bl_buf_puts(&c[i].found, wa ? "2\n" : "1\n");
		c[i].wall_ms = 3;
	}
	return 0;
}

static uint64_t fake_now(void)
{
	return 0;   /* time stands still: only a local minimum stops shrinking */
}

/* The library's check and shrinking of a failure, on a fake CMD, 1 and 3 at a time. */
static void test_check_shrink(void)
{
	for (int jobs = 1; jobs <= 3; jobs += 2) {
		struct fake fk = { 0, 0 };
		const struct bl_stress_runner rn = { &fk, "yut", jobs, -1, fake_solve, fake_run, NULL,
						     fake_now };
		struct bl_stress_case f, first;
		struct bl_stress_check c;
		struct bl_buf out;

		bl_stress_case_init(&f);
		bl_stress_case_init(&first);
		bl_buf_init(&out);
		memset(&c, 0, sizeof c);
		bl_buf_puts(&f.input, "2 5 1 3 1 1 2 6 1 2\n");
		bl_buf_puts(&f.expected, "1\n");
		bl_buf_puts(&f.found, "2\n");
		f.o.verdict = BL_STRESS_WA;
		bl_stress_case_copy(&first, &f);
		is_int(bl_stress_check_shrink(&rn, &bl_shrink_yut, &f, &first, &c, &out), 0,
		       "check and shrink, %d at a time: done", jobs);
		ok(!c.flaky && c.steps > 0 && c.shown == c.steps && !c.stopped && !c.unconfirmed &&
		   strcmp(f.input.data, "1 4 1\n") == 0 &&
		   strncmp(out.data, "shrunk in ", 10) == 0,
		   "check and shrink, %d at a time: '1 4 1' in %ld steps, confirmed", jobs, c.steps);
		/* The run again says OK: flaky, not shrunk. */
		fk = (struct fake){ 0, 1 };
		memset(&c, 0, sizeof c);
		bl_buf_reset(&out);
		bl_stress_case_copy(&f, &first);
		bl_stress_check_shrink(&rn, &bl_shrink_yut, &f, &first, &c, &out);
		ok(c.flaky && c.again.verdict == BL_STRESS_OK && c.tries == 0 &&
		   strcmp(f.input.data, first.input.data) == 0 &&
		   strncmp(out.data, "flaky: ", 7) == 0, "check, %d at a time: flaky, not shrunk", jobs);
		bl_stress_case_release(&f);
		bl_stress_case_release(&first);
		bl_buf_release(&out);
	}
}

/*
 * tower's cuts: on a 4x4 game that ends on turn 384, where a solution
 * answered 171, the first reductions are the position after an earlier
 * turn (the same board, pieces and count), whose own game ends that many
 * turns sooner; before turn 171, where the answers disagree.
 */
static void test_tower_cuts(void)
{
	const char *text = "4 4\n0 0 0 0\n0 0 2 0\n0 0 0 0\n0 0 0 0\n"
			   "2 4 3\n4 1 2\n1 3 1\n3 2 2\n";
	struct bl_buf out;
	struct tower t;
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	struct bl_reader rd;
	int cuts = 0, bad = 0;

	bl_buf_init(&out);
	tower_init(&t);
	tower_limits_boj(&lim);
	tower_opts_init(&o);
	for (long idx = 0; idx < 20; idx++) {
		bl_buf_reset(&out);
		if (!bl_shrink_tower.reduce(text, strlen(text), "384\n", 4, "171\n", 4, idx, &out))
			break;
		if (strncmp(out.data, text, 32) != 0)   /* the board changed: tower_shrink's */
			break;
		cuts++;
		bl_reader_init(&rd, out.data, out.len);
		if (tower_parse(&t, &rd, &lim, NULL) != BL_OK || tower_solve(&t, &o, &res, NULL) ||
		    res.answer < 384 - 170 || res.answer >= 384) {
			bad++;
			tap_diag("cut %ld: answer %lld\n%s", idx, (long long)res.answer, out.data);
		}
	}
	ok(cuts >= 3 && bad == 0, "tower: %d cuts of a game of 384 turns, each its end (%d not)", cuts,
	   bad);
	struct bl_buf plain;
	bl_buf_init(&plain);
	bl_buf_reset(&out);
	bl_shrink_tower.reduce(text, strlen(text), "384\n", 4, "171\n", 4, cuts, &out);
	tower_shrink(text, strlen(text), 0, &plain);
	ok(out.len == plain.len && memcmp(out.data, plain.data, out.len) == 0,
	   "tower: after the cuts, tower_shrink's reductions");
	bl_buf_reset(&out);
	ok(bl_shrink_tower.reduce(text, strlen(text), "-1\n", 3, "", 0, 0, &out) &&
	   strncmp(out.data, text, 32) != 0, "tower: no cut when the game expected is not this one's");
	bl_buf_release(&plain);
	tower_release(&t);
	bl_buf_release(&out);
}

int main(void)
{
	int rounds = quick() ? 30 : 300;

	for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
		const struct game *gm = &games[g];
		struct bl_buf in, red, again;
		long bad_order = 0, bad_repeat = 0, unsettled = 0, endless = 0;
		long reductions = 0, smaller = 0, sideways = 0;

		bl_buf_init(&in);
		bl_buf_init(&red);
		bl_buf_init(&again);
		for (int round = 0; round < rounds; round++) {
			struct bl_rng rng;
			long idx;

			bl_rng_init_stream(&rng, 7, (uint64_t)round + 1);
			bl_buf_reset(&in);
			gm->instance(&rng, &in);
			for (idx = 0; idx < 100000; idx++) {
				bl_buf_reset(&red);
				if (!gm->shrink(in.data, in.len, idx, &red))
					break;
				reductions++;
				bl_buf_reset(&again);
				gm->shrink(in.data, in.len, idx, &again);
				if (again.len != red.len || memcmp(again.data, red.data, red.len) != 0)
					bad_repeat++;
				if (red.len == in.len && memcmp(red.data, in.data, in.len) == 0)
					continue;
				judge_reduction(gm, &in, &red, &smaller, &sideways, &bad_order);
				if (gm->shrink == puyo_shrink && !puyo_settled(&red) && unsettled++ == 0)
					tap_diag("puyo round %d reduction %ld is not settled:\n%s", round, idx,
						 red.data);
			}
			if (idx == 100000)
				endless++;
		}
		is_int(bad_order, 0, "%s: each of %ld reductions is the instance, smaller or sideways "
				     "(%ld)", gm->name, reductions, sideways);
		ok(smaller > rounds, "%s: %ld reductions are strictly smaller (more than one an instance)",
		   gm->name, smaller);
		is_int(bad_repeat, 0, "%s: the same index gives the same reduction", gm->name);
		is_int(endless, 0, "%s: the passes end", gm->name);
		if (gm->shrink == puyo_shrink)
			is_int(unsettled, 0, "puyo: every reduction is a settled field solve accepts");
		bl_buf_release(&in);
		bl_buf_release(&red);
		bl_buf_release(&again);
	}

	/* stress_ints: tokens, signs, and a count past max. */
	const char *text = " 12\t-3\n\n7 x 5 ";
	long long v[3];
	is_int((long long)bl_shrink_ints(text, strlen(text), v, 3), 5, "stress_ints counts 5 tokens");
	ok(v[0] == 12 && v[1] == -3 && v[2] == 7, "stress_ints: 12, -3, 7 stored, the rest counted");

	/* What is not an instance has no reductions, and is read within its length only. */
	struct bl_buf out;
	bl_buf_init(&out);
	const char *off = "2 1\n0 0\n0 0\n9 1 1\n";
	ok(!tower_shrink(off, strlen(off), 0, &out) && out.len == 0,
	   "tower: a piece off the board, no reduction");
	const char *cut = "1\n5 7 R\n";
	ok(!grundy_shrink(cut, 3, 0, &out) && out.len == 0,
	   "grundy: the text ends at its length (\"1\\n5\": no y), not at a NUL");
	bl_buf_reset(&out);
	ok(grundy_shrink(cut, strlen(cut), 0, &out) && strcmp(out.data, "0\n") == 0,
	   "grundy: the whole text, its first reduction drops the piece");
	bl_buf_reset(&out);
	const char *field = "..\nRG\n";
	ok(!tower_shrink("1 0\n0\n", 6, -1, &out) && !yut_shrink("1 2\n", 4, -1, &out) &&
	   !grundy_shrink(cut, strlen(cut), -1, &out) && !puyo_shrink(field, 6, -1, &out) &&
	   out.len == 0, "a negative index: no reduction, in every game");
	bl_buf_release(&out);

	/* bl_shrink_drops of 5: halves [0,2) [2,4) [4,5), then 4, 3, 2, 1, 0. */
	long start = -9, len = -9, total = bl_shrink_drops(5, 0, &start, &len);
	is_int(total, 8, "drops of 5 items: 3 halves and 5 single items");
	ok(start == 0 && len == 2, "drop 0 of 5: items [0, 2)");
	bl_shrink_drops(5, 2, &start, &len);
	ok(start == 4 && len == 1, "drop 2 of 5: the last half, [4, 5)");
	bl_shrink_drops(5, 3, &start, &len);
	ok(start == 4 && len == 1, "drop 3 of 5: the last item first");
	bl_shrink_drops(5, 7, &start, &len);
	ok(start == 0 && len == 1, "drop 7 of 5: the first item last");
	start = len = -9;
	bl_shrink_drops(5, 8, &start, &len);
	ok(start == -9 && len == -9, "drop 8 of 5: none, nothing set");
	is_int(bl_shrink_drops(0, 0, &start, &len), 0, "no drops of no items");

	/* tower's order: the answers' turns after the pieces and the side. */
	int64_t a[BL_SHRINK_TERMS], b[BL_SHRINK_TERMS];
	const char *tw = "4 4\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n1 1 1\n2 2 1\n3 3 1\n4 1 1\n";
	ok(tower_shrink_measure(tw, strlen(tw), "-1\n", 3, "12\n", 3, a) && a[0] == 4 && a[1] == 4 &&
	   a[2] == (int64_t)1 << 62 && a[3] == 2 && a[4] == 17 && a[5] == 12,
	   "tower's measure: pieces, side, expected turn (-1: none), colours, places, found turn");
	tower_shrink_measure(tw, strlen(tw), "30\n", 3, NULL, 0, b);
	ok(b[2] == 30 && b[5] == 0 && bl_shrink_cmp(b, a) < 0 && bl_shrink_cmp(a, b) > 0 &&
	   bl_shrink_cmp(a, a) == 0, "tower's measure: a found output not known is at its best");
	/* A found output of 100 digits is no turn (and no overflow on the way). */
	char big[102];
	memset(big, '1', 100);
	big[100] = '\n';
	big[101] = '\0';
	ok(tower_shrink_measure(tw, strlen(tw), "-1\n", 3, big, 101, b) && b[5] == (int64_t)1 << 62 &&
	   tower_shrink_measure(tw, strlen(tw), "-1\n", 3, "999999999999999999\n", 19, b) &&
	   b[5] == 999999999999999999,
	   "tower's measure: a found answer of more than 18 digits is no turn, 18 digits are one");
	/* A sideways reduction that paints a cell and keeps the expected turn
	 * cannot be smaller, whatever CMD would answer: it is not run. */
	const char *painted = "4 4\n1 0 0 0\n0 1 0 0\n0 0 0 0\n0 0 0 2\n1 1 1\n2 2 1\n3 3 1\n4 1 1\n";
	tower_shrink_measure(painted, strlen(painted), "-1\n", 3, NULL, 0, b);
	ok(b[3] == 3 && b[5] == 0 && bl_shrink_cmp(b, a) > 0,
	   "tower's measure: more colours and the same expected turn is bigger, even with the found turn at its best");
	test_shrinker();
	test_tower_cuts();
	test_check_shrink();
	return tap_done();
}
