/*
 * Unit tests of grundy's generator (grundy_gen): the known instances of
 * seed 7, an instance the same alone as in a run, every instance valid
 * input within the coordinates asked (read back by grundy_solve), the
 * edges, the largest coordinate and the diagonal all drawn, the default
 * largest coordinate of each kind of run, the drain (the bytes handed
 * on add up to the whole, and a drain that refuses stops the instance),
 * and a spec out of range refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* Instances 1 to 3 of seed 7, built-ins mixed, as `grundy gen --seed 7 --count 3` prints them. */
static const char SEED7[] = "3\n994768918 994768920 K\n459629005 459629006 N\n"
			    "347858206 347858204 K\n"
			    "9\n465460587 286475575 R\n999999999 520870356 K\n0 958826815 N\n"
			    "297737207 337267056 R\n0 0 R\n914154171 161942636 B\n0 57977811 R\n"
			    "95916983 95916981 N\n125248031 0 K\n"
			    "1\n0 2 K\n";

static void gen_run(struct bl_buf *b, const struct grundy_gen *o, uint64_t seed, int64_t first,
		    int64_t count)
{
	for (int64_t i = first; i < first + count; i++)
		grundy_gen(o, seed, i, b, NULL);
}

static void test_known(void)
{
	struct grundy_limits lim;
	struct grundy_gen o;
	struct bl_buf all, one;

	grundy_gen_init(&o);
	grundy_limits_any(&lim);
	o.max = grundy_gen_max(NULL, &lim, GRUNDY_MIXED);
	bl_buf_init(&all);
	bl_buf_init(&one);
	gen_run(&all, &o, 7, 1, 3);
	is_str(all.data, SEED7, "seed 7, instances 1 to 3");
	gen_run(&one, &o, 7, 3, 1);
	is_str(one.data, "1\n0 2 K\n", "instance 3 alone is the run's third");
	bl_buf_reset(&all);
	bl_buf_reset(&one);
	gen_run(&all, &o, 99, 1, 50);
	gen_run(&one, &o, 99, 1, 49);
	gen_run(&one, &o, 99, 50, 1);
	is_str(one.data, all.data, "a run of 50 is the run of 49 then instance 50");
	bl_buf_release(&all);
	bl_buf_release(&one);
}

struct tally {
	long instances, pieces, bad, zero, at_max, diagonal, letters[GRUNDY_SET_MAX];
};

/* Reads every instance of text back in format f, checking each piece against max. */
static void read_back(const char *text, size_t len, const struct grundy_format *f,
		      const struct grundy_limits *lim, int64_t max, struct tally *t)
{
	struct bl_reader rd;
	struct bl_err err;

	bl_reader_init(&rd, text, len);
	bl_err_clear(&err);
	while (!bl_reader_eof(&rd)) {
		struct grundy_input in;
		struct grundy_stone s;
		if (grundy_input_begin(&in, &rd, f, lim, &err) != BL_OK) {
			t->bad++;
			return;
		}
		t->instances++;
		while (in.done < in.count) {
			if (grundy_input_next(&in, &s, &err) != BL_OK) {
				t->bad++;
				return;
			}
			t->pieces++;
			t->bad += s.x > (uint64_t)max || s.y > (uint64_t)max;
			t->zero += s.x == 0 || s.y == 0;
			t->at_max += s.x == (uint64_t)max || s.y == (uint64_t)max;
			t->diagonal += (s.x > s.y ? s.x - s.y : s.y - s.x) <= 2;
			t->letters[s.piece]++;
		}
	}
}

static void test_valid(void)
{
	static const char rule[] = "Q = ride(1,0) + ride(0,1) + ride(1,1)";
	struct grundy_set set;
	struct grundy_limits boj, any;
	struct bl_buf b;
	struct bl_err err;

	grundy_limits_boj(&boj);
	grundy_limits_any(&any);
	grundy_set_init(&set);
	bl_err_clear(&err);
	if (grundy_set_parse(&set, rule, sizeof rule - 1, &err) != BL_OK)
		tap_diag("%s", err.msg);
	bl_buf_init(&b);
	for (int k = 0; k < 3; k++) {
		/* 16880 with the built-ins, 16879, and the tool's limits with a queen. */
		struct grundy_gen o;
		grundy_gen_init(&o);
		o.set = k == 2 ? &set : NULL;
		o.only = k == 1 ? GRUNDY_PALACE : GRUNDY_MIXED;
		struct grundy_format f = { o.only, k == 2 ? &set : NULL, false, GRUNDY_MISTAKE_NONE };
		const struct grundy_limits *lim = k == 2 ? &any : &boj;
		struct tally t;
		int kinds = k == 2 ? set.n : GRUNDY_NPIECES;
		long least;

		o.max = k == 2 ? 40 : grundy_gen_max(o.set, lim, o.only);
		memset(&t, 0, sizeof t);
		bl_buf_reset(&b);
		gen_run(&b, &o, 2024 + (uint64_t)k, 1, 2000);
		read_back(b.data, b.len, &f, lim, o.max, &t);
		ok(t.bad == 0 && t.instances == 2000 && t.pieces >= 2000 && t.pieces <= 20000,
		   "run %d: 2000 instances of 1 to 10 pieces read back within 0..%lld (%ld pieces)",
		   k, (long long)o.max, t.pieces);
		ok(t.zero > t.pieces / 10 && t.at_max > t.pieces / 20 && t.diagonal > t.pieces / 5,
		   "run %d: edges (%ld), the largest coordinate (%ld), the diagonal (%ld)", k, t.zero,
		   t.at_max, t.diagonal);
		least = t.letters[o.only == GRUNDY_MIXED ? 0 : o.only];
		for (int p = 0; o.only == GRUNDY_MIXED && p < kinds; p++)
			least = t.letters[p] < least ? t.letters[p] : least;
		ok(least > t.pieces / (4 * kinds), "run %d: every kind of piece drawn (least %ld)", k,
		   least);
	}
	bl_buf_release(&b);
	grundy_set_release(&set);
}

static void test_max(void)
{
	static const char rules[] = "Q = ride(1,0) + ride(0,1) + ride(1,1); A = ride(0,1) + ride(1,0)";
	static const char rook[] = "A = ride(0,1) + ride(1,0)";
	struct grundy_set set, like;
	struct grundy_limits boj, any;

	grundy_limits_boj(&boj);
	grundy_limits_any(&any);
	grundy_set_init(&set);
	grundy_set_init(&like);
	grundy_set_parse(&set, rules, sizeof rules - 1, NULL);
	grundy_set_parse(&like, rook, sizeof rook - 1, NULL);
	is_int(grundy_gen_max(NULL, &boj, GRUNDY_MIXED), 999999999, "16880: below 10^9");
	is_int(grundy_gen_max(NULL, &boj, GRUNDY_PALACE), 2999, "16879: below 3000");
	is_int(grundy_gen_max(NULL, &any, GRUNDY_PALACE), 999999999,
	       "the tool's limits: below 10^9 all the same");
	is_int(grundy_gen_max(&set, &any, GRUNDY_ROOK), GRUNDY_GEN_TABLE_MAX,
	       "a piece valued from a table keeps the coordinates small");
	is_int(like.n, GRUNDY_NPIECES + 1, "A, a rook's moves, is defined");
	is_int(grundy_gen_max(&like, &any, GRUNDY_MIXED), 999999999,
	       "a custom piece with a closed form does not");
	grundy_set_release(&set);
	grundy_set_release(&like);
}

struct sink {
	struct bl_buf all;
	long calls;
	bool refuse;
};

static bool to_sink(void *ctx, struct bl_buf *out)
{
	struct sink *s = ctx;

	s->calls++;
	if (s->refuse)
		return false;
	bl_buf_add(&s->all, out->data, out->len);
	bl_buf_reset(out);
	return true;
}

static void test_drain(void)
{
	struct grundy_gen o;
	struct sink s = { { NULL, 0, 0, false }, 0, false };
	struct bl_buf whole, b;
	struct bl_err err;
	bool done;

	grundy_gen_init(&o);
	o.pieces = 20000;
	bl_buf_init(&whole);
	bl_buf_init(&b);
	bl_buf_init(&s.all);
	grundy_gen(&o, 5, 1, &whole, NULL);
	o.drain = to_sink;
	o.drain_ctx = &s;
	done = grundy_gen(&o, 5, 1, &b, NULL) == BL_OK;
	bl_buf_add(&s.all, b.data, b.len);
	ok(done && s.calls >= 4 && s.all.len == whole.len && !memcmp(s.all.data, whole.data, whole.len),
	   "20000 pieces handed on in %ld pieces add up to the whole (%zu bytes)", s.calls,
	   whole.len);
	bl_buf_reset(&b);
	s.calls = 0;
	s.refuse = true;
	bl_err_clear(&err);
	done = grundy_gen(&o, 5, 1, &b, &err) == BL_OK;
	ok(!done && err.code == BL_ERR_IO && s.calls == 1 && b.len >= GRUNDY_DRAIN_BYTES &&
	   b.len < whole.len,
	   "a drain that refuses stops the instance at once (%zu bytes, BL_ERR_IO)", b.len);
	bl_buf_release(&whole);
	bl_buf_release(&b);
	bl_buf_release(&s.all);
}

/* A spec out of range is refused and appends nothing. */
static void test_refused(void)
{
	struct grundy_gen o;
	struct bl_buf b;
	struct bl_err err;

	bl_buf_init(&b);
	grundy_gen_init(&o);
	o.only = GRUNDY_NPIECES;
	bl_err_clear(&err);
	ok(grundy_gen(&o, 1, 1, &b, &err) == BL_ERR_ARG && b.len == 0,
	   "only a piece the set lacks: refused (%s)", err.msg);
	grundy_gen_init(&o);
	o.max = -1;
	bl_err_clear(&err);
	ok(grundy_gen(&o, 1, 1, &b, &err) == BL_ERR_ARG && b.len == 0,
	   "a negative largest coordinate: refused (%s)", err.msg);
	bl_buf_release(&b);
}

int main(void)
{
	test_known();
	test_valid();
	test_max();
	test_drain();
	test_refused();
	return tap_done();
}
