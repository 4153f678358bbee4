/*
 * Unit tests of tower's generator (lib/tower_gen.c): instance i of a seed
 * is the same bytes as `tower gen` has always drawn (known answers below,
 * taken from its output), whatever instances are drawn with it; every
 * draw is a valid instance of its spec; --ending is met by redrawing from
 * the instance's own stream; specs no draw can meet are refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* Instance i of seed under g as a string ("error: ..." on an error). */
static const char *gen(const struct tower_gen *g, uint64_t seed, int64_t i)
{
	static char out[4096];
	struct bl_buf b;
	struct bl_err err;

	bl_buf_init(&b);
	bl_err_clear(&err);
	if (tower_gen(g, seed, i, &b, &err) != BL_OK)
		snprintf(out, sizeof out, "error: %s", err.msg);
	else
		snprintf(out, sizeof out, "%s", b.data ? b.data : "");
	bl_buf_release(&b);
	return out;
}

static void test_known(void)
{
	struct tower_gen g;

	tower_gen_init(&g);
	is_str(gen(&g, 7, 1),
	       "6 10\n0 0 2 0 1 0\n0 0 0 1 1 0\n0 0 0 0 0 0\n0 0 0 1 0 2\n0 0 0 0 0 0\n0 0 1 0 0 1\n"
	       "4 2 4\n4 5 1\n3 4 4\n3 5 4\n1 5 4\n6 2 2\n3 1 2\n6 6 2\n2 3 4\n2 6 3\n",
	       "known: gen --seed 7");
	g.n[0] = 1;
	g.n[1] = 3;
	g.k[0] = 1;
	g.k[1] = 9;
	is_str(gen(&g, 2, 4), "2 1\n0 0\n0 0\n1 2 3\n", "known: gen --seed 2 --size 1-3 --pieces 1-9 --first 4");
	g.n[0] = g.n[1] = 3;
	g.k[0] = g.k[1] = 9;
	is_str(gen(&g, 5, 2),
	       "3 9\n0 0 0\n0 0 1\n0 0 0\n1 1 2\n2 2 4\n1 2 1\n3 3 2\n3 2 3\n3 1 4\n2 1 4\n1 3 1\n2 3 3\n",
	       "known: a full board, its last cells picked from the free ones");
	g.n[0] = g.n[1] = 4;
	g.k[0] = g.k[1] = 4;
	g.red[1] = 50;
	is_str(gen(&g, 9, 3),
	       "4 4\n2 2 1 0\n2 0 0 0\n1 0 2 0\n1 1 0 0\n4 3 4\n3 4 1\n3 3 1\n2 4 1\n",
	       "known: gen --seed 9 --first 3 --size 4 --pieces 4 --red 0-50");
	g.ending = TOWER_ENDING_STACK;
	is_str(gen(&g, 9, 3),
	       "4 4\n1 1 0 0\n1 1 1 0\n2 0 1 2\n1 0 0 1\n4 3 4\n2 1 1\n1 3 2\n1 2 1\n",
	       "known: the same with --ending stack, drawn again from its stream");
}

/* Every draw of a spec is a valid instance within it; its game ends as asked. */
static void test_draws(void)
{
	struct tower_gen g;
	struct tower t;
	struct tower_limits lim;
	int bad = 0, ends = 0, nevers = 0;

	tower_init(&t);
	tower_limits_any(&lim);
	for (int i = 1; i <= 300; i++) {
		struct bl_buf b;
		struct bl_reader rd;
		struct tower_result res;
		tower_gen_init(&g);
		g.n[0] = 1 + i % 5;
		g.n[1] = g.n[0] + i % 3;
		g.k[0] = 1 + i % 4;
		g.k[1] = g.k[0] + i % 7;
		while (g.k[0] > g.n[1] * g.n[1])
			g.n[1]++;
		g.red[0] = i % 30;
		g.red[1] = 40;
		g.blue[1] = i % 60;
		g.ending = (enum tower_ending)(i % 3);
		g.opts.height = g.ending == TOWER_ENDING_STACK ? 2 : 4;
		if (g.ending == TOWER_ENDING_STACK && g.k[0] < 2) {
			g.k[0] = 2;   /* a stack of 2 needs 2 pieces */
			g.k[1] += g.k[1] == 1;
			g.n[1] += g.n[1] == 1;
		}
		bl_buf_init(&b);
		struct bl_err err;
		if (tower_gen(&g, 11, i, &b, &err) != BL_OK) {
			if (++bad <= 3)
				tap_diag("draw %d: %s", i, err.msg);
			bl_buf_release(&b);
			continue;
		}
		bl_reader_init(&rd, b.data, b.len);
		if (tower_parse(&t, &rd, &lim, NULL) != BL_OK || bl_expect_eof(&rd, NULL) != BL_OK ||
		    t.n < g.n[0] || t.n > g.n[1] || t.k < g.k[0] || t.k > g.k[1] ||
		    tower_solve(&t, &g.opts, &res, NULL) != BL_OK ||
		    (g.ending == TOWER_ENDING_STACK && res.end != TOWER_END_STACK) ||
		    (g.ending == TOWER_ENDING_NEVER && res.end == TOWER_END_STACK)) {
			if (++bad <= 3)
				tap_diag("draw %d: %s", i, b.data);
		}
		ends += g.ending == TOWER_ENDING_STACK;
		nevers += g.ending == TOWER_ENDING_NEVER;
		bl_buf_release(&b);
	}
	is_int(bad, 0, "draws: 300 specs, each draw valid and within its spec, %d ending with a stack "
		       "and %d never as asked", ends, nevers);
	tower_release(&t);
}

/* Instance i alone is instance i of a longer run; tower_gen_draw is its first draw. */
static void test_streams(void)
{
	struct tower_gen g;
	struct bl_buf run, one;
	struct bl_rng rng;

	tower_gen_init(&g);
	bl_buf_init(&run);
	bl_buf_init(&one);
	for (int64_t i = 1; i <= 5; i++)
		tower_gen(&g, 42, i, &run, NULL);
	for (int64_t i = 3; i <= 5; i++)
		tower_gen(&g, 42, i, &one, NULL);
	ok(run.len > one.len && strcmp(run.data + run.len - one.len, one.data) == 0,
	   "streams: instances 3 to 5 alone are the end of instances 1 to 5");
	bl_buf_reset(&one);
	bl_rng_init_stream(&rng, 42, 1);
	ok(tower_gen_draw(&g, &rng, &one) && strncmp(run.data, one.data, one.len) == 0,
	   "streams: tower_gen with any ending is tower_gen_draw of stream (seed, i)");
	bl_buf_release(&run);
	bl_buf_release(&one);
}

static void test_refused(void)
{
	struct tower_gen g;
	struct bl_buf b;
	struct bl_err err;

	bl_buf_init(&b);
	bl_buf_puts(&b, "kept");
	bl_err_clear(&err);
	tower_gen_init(&g);
	g.k[0] = 17;
	g.k[1] = 20;
	g.n[1] = 4;
	is_int(tower_gen(&g, 1, 1, &b, &err), BL_ERR_ARG, "refused: 17 pieces on a board of 4x4 at most");
	is_str(err.msg, "no board of side 4 to 4 holds 17 to 20 pieces", "refused: says which sizes");
	bl_err_clear(&err);
	tower_gen_init(&g);
	g.red[0] = 60;
	g.red[1] = 60;
	g.blue[0] = 50;
	g.blue[1] = 50;
	is_int(tower_gen(&g, 1, 1, &b, &err), BL_ERR_ARG, "refused: 60 percent red and 50 blue");
	is_str(err.msg, "expected percents of red 60 to 60 and blue 50 to 50 within 0 to 100 together",
	       "refused: says which percents");
	bl_err_clear(&err);
	tower_gen_init(&g);
	g.n[0] = 5;
	g.n[1] = 4;
	is_int(tower_gen(&g, 1, 1, &b, &err), BL_ERR_ARG, "refused: sides 5 to 4");
	tower_gen_init(&g);
	g.blue[0] = g.blue[1] = 100;
	g.red[1] = 0;
	g.ending = TOWER_ENDING_STACK;
	bl_err_clear(&err);
	is_int(tower_gen(&g, 1, 1, &b, &err), BL_ERR_LIMIT, "refused: no stack on an all-blue board");
	is_str(err.msg, "instance 1: no game that ends with a stack in 1000 draws; try other sizes "
			"or densities", "refused: the message says so");
	is_str(b.data, "kept", "refused: nothing appended");
	bl_buf_release(&b);
}

/*
 * 17780's game under MIXED: the near-limit component's games (built from a
 * table of bottom-rule games) end on turn 999, 1000 or 1001, within the
 * judge's limits; with sides no game of the table fits, gen still draws.
 */
static void test_late_bottom(void)
{
	struct tower_gen g;
	struct tower t;
	struct tower_opts o;
	int bad = 0, on[3] = { 0, 0, 0 };

	tower_init(&t);
	tower_gen_init(&g);
	g.mix = BL_GEN_MIXED;
	g.opts.rule = TOWER_BOTTOM;
	tower_limits_boj(&g.lim);
	o = g.opts;
	o.limit = 2000;
	for (int i = 1; i <= 300; i++) {
		struct bl_buf b;
		struct bl_reader rd;
		struct tower_result res;
		bl_buf_init(&b);
		if (tower_gen(&g, 3, i, &b, NULL) != BL_OK) {
			bad++;
			bl_buf_release(&b);
			continue;
		}
		bl_reader_init(&rd, b.data, b.len);
		if (tower_parse(&t, &rd, &g.lim, NULL) != BL_OK || bl_expect_eof(&rd, NULL) != BL_OK ||
		    tower_solve(&t, &o, &res, NULL) != BL_OK)
			bad++;
		else if (res.end == TOWER_END_STACK && res.answer >= 999 && res.answer <= 1001)
			on[res.answer - 999]++;
		bl_buf_release(&b);
	}
	is_int(bad, 0, "late, bottom rule: 300 mixed draws of 17780's game, each valid for the judge");
	ok(on[0] >= 5 && on[1] >= 15 && on[2] >= 15,
	   "late, bottom rule: %d end on turn 999, %d on 1000, %d on 1001", on[0], on[1], on[2]);
	g.n[0] = 4;
	g.n[1] = 6;
	bad = 0;
	for (int i = 1; i <= 20; i++) {
		struct bl_buf b;
		bl_buf_init(&b);
		bad += tower_gen(&g, 3, i, &b, NULL) != BL_OK;
		bl_buf_release(&b);
	}
	is_int(bad, 0, "late, bottom rule: sides 4 to 6, which no game of the table has, still draw");
	tower_release(&t);
}

int main(void)
{
	test_known();
	test_draws();
	test_streams();
	test_refused();
	test_late_bottom();
	return tap_done();
}
