/*
 * The shrinking passes of stress (lib/shrink.c) on random instances
 * of every game: every reduction either gives back the instance unchanged
 * or is strictly smaller in a well-founded order (so the greedy loop of
 * stress always ends), the passes end, the same index gives the same
 * reduction, and puyo's reductions keep the field settled (the parser of
 * solve, without --settle, accepts every one).
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
};

static const struct game games[] = {
	{ "tower", tower_shrink, tower_instance, tower_measure },
	{ "yut", yut_shrink, yut_instance, yut_measure },
	{ "grundy", grundy_shrink, grundy_instance, grundy_measure },
	{ "puyo", puyo_shrink, puyo_instance, puyo_measure },
};

int main(void)
{
	int rounds = quick() ? 30 : 300;

	for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
		const struct game *gm = &games[g];
		struct bl_buf in, red, again;
		long bad_order = 0, bad_repeat = 0, unsettled = 0, endless = 0;
		long reductions = 0, smaller = 0;

		bl_buf_init(&in);
		bl_buf_init(&red);
		bl_buf_init(&again);
		for (int round = 0; round < rounds; round++) {
			struct bl_rng rng;
			long long m0[4], m1[4];
			long idx;

			bl_rng_init_stream(&rng, 7, (uint64_t)round + 1);
			bl_buf_reset(&in);
			gm->instance(&rng, &in);
			gm->measure(&in, m0);
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
				gm->measure(&red, m1);
				if (cmp_measure(m1, m0, 4) < 0)
					smaller++;
				else if (bad_order++ == 0)
					tap_diag("%s round %d reduction %ld is not smaller:\n%s->\n%s", gm->name,
						 round, idx, in.data, red.data);
				if (gm->shrink == puyo_shrink && !puyo_settled(&red) && unsettled++ == 0)
					tap_diag("puyo round %d reduction %ld is not settled:\n%s", round, idx,
						 red.data);
			}
			if (idx == 100000)
				endless++;
		}
		is_int(bad_order, 0, "%s: each of %ld reductions is the instance or smaller", gm->name,
		       reductions);
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
	return tap_done();
}
