/*
 * tower's benchmark workloads (see bench/tower.h): instances drawn as
 * `tower gen` draws them, timed through the library and through the plain
 * reference of bench/ref/tower_ref.c in the same run.
 */
#include "bench.h"

#include "ref/tower_ref.h"

#include <stdio.h>
#include <stdlib.h>

#define BENCH_SEED 20260301

/* Fills text with count instances of spec g, instance i from stream (seed, i). */
static bool bench_text(const struct tower_gen *g, uint64_t seed, int64_t count, struct bl_buf *text)
{
	for (int64_t i = 1; i <= count; i++) {
		struct bl_rng rng;
		bl_rng_init_stream(&rng, seed, (uint64_t)i);
		if (!tower_gen_draw(g, &rng, text))
			return false;
	}
	return true;
}

/* A spec of gen's draws: sides n, pieces k, percents red and blue. */
static void spec(struct tower_gen *g, int n0, int n1, int k0, int k1, int red0, int red1,
		 int blue0, int blue1)
{
	tower_gen_init(g);
	g->n[0] = n0;
	g->n[1] = n1;
	g->k[0] = k0;
	g->k[1] = k1;
	g->red[0] = red0;
	g->red[1] = red1;
	g->blue[0] = blue0;
	g->blue[1] = blue1;
}

/* What `solve --batch` does for one instance: read it, play it, the answer line. */
static enum bl_code solve_one(struct tower *t, struct bl_reader *rd, const struct tower_limits *lim,
			      const struct tower_opts *o, struct bl_buf *out, struct bl_err *err)
{
	struct tower_result res;
	enum bl_code rc = tower_parse(t, rd, lim, err);

	if (rc == BL_OK)
		rc = tower_solve(t, o, &res, err);
	if (rc != BL_OK)
		return rc;
	bl_buf_int(out, res.answer);
	bl_buf_putc(out, '\n');
	return BL_OK;
}

static double secs(uint64_t ns)
{
	return (double)ns / 1e9;
}

/*
 * Workload a: judge-size instances as one text, parsed and solved as
 * solve --batch does, against the reference reading and playing the same
 * text.
 */
static enum bl_code bench_batch(bool quick, struct bl_buf *out, struct bl_err *err)
{
	struct tower_gen g;
	int64_t count = quick ? 500 : 10000;
	struct tower t;
	struct tower_opts o;
	struct tower_limits lim;
	struct bl_buf text, ours;
	struct bl_reader rd;
	bool ok = true;

	tower_gen_init(&g);
	bl_buf_init(&text);
	bl_buf_init(&ours);
	if (!bench_text(&g, BENCH_SEED, count, &text)) {
		bl_buf_release(&text);
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	}
	tower_init(&t);
	tower_opts_init(&o);
	o.answer_only = true;   /* as solve --batch without --explain */
	tower_limits_boj(&lim);

	uint64_t t0 = bench_now_ns();
	bl_reader_init(&rd, text.data, text.len);
	for (int64_t i = 0; i < count && ok; i++)
		ok = solve_one(&t, &rd, &lim, &o, &ours, NULL) == BL_OK;
	uint64_t t1 = bench_now_ns();

	/* The reference, and its answers compared line by line. */
	const char *p = text.data, *line = ours.data;
	long long mismatch = -1;
	uint64_t t2 = bench_now_ns();
	for (int64_t i = 0; i < count && ok; i++) {
		long long want = tower_ref_run(&p, 0, TOWER_HEIGHT, TOWER_LIMIT, NULL);
		char *end;
		long long got = strtoll(line, &end, 10);
		line = end + 1;
		if (got != want && mismatch < 0)
			mismatch = i + 1;
	}
	uint64_t t3 = bench_now_ns();
	tower_release(&t);
	bl_buf_release(&ours);
	bl_buf_release(&text);
	if (!ok || mismatch >= 0)
		return bl_fail(err, BL_ERR_INTERNAL,
			       "instance %lld: boardlab and the reference disagree", mismatch);
	char what[64];
	snprintf(what, sizeof what, "%lld judge-size games, batch parse+solve", (long long)count);
	bench_row(out, what, "inst/s", (double)count / secs(t1 - t0),
		      (double)count / secs(t3 - t2), true);
	return BL_OK;
}

/*
 * Workload b: one large board played for a fixed number of turns with a
 * height no stack reaches, timed after parsing; the reference's time for
 * the same turns less its time to read the text (its run with limit 0).
 */
static enum bl_code bench_large(bool quick, struct bl_buf *out, struct bl_err *err)
{
	int n = quick ? 256 : 2048, k = quick ? 10000 : 1000000;
	int64_t turns = quick ? 5 : 20;
	struct tower_gen g;
	struct tower t;
	struct tower_opts o;
	struct tower_limits lim;
	struct tower_result res;
	struct tower_ref_end end;
	struct bl_buf text;
	struct bl_reader rd;
	bool ok;

	spec(&g, n, n, k, k, 10, 10, 10, 10);
	bl_buf_init(&text);
	tower_init(&t);
	tower_opts_init(&o);
	tower_limits_any(&lim);
	o.height = k;
	o.limit = turns;
	ok = bench_text(&g, BENCH_SEED + 1, 1, &text);
	bl_reader_init(&rd, text.data, text.len);
	ok = ok && tower_parse(&t, &rd, &lim, NULL) == BL_OK;
	uint64_t t0 = bench_now_ns();
	ok = ok && tower_solve(&t, &o, &res, NULL) == BL_OK;
	uint64_t t1 = bench_now_ns();
	long long want = tower_ref_solve(text.data, 0, o.height, 0, NULL);
	uint64_t t2 = bench_now_ns();
	want = tower_ref_solve(text.data, 0, o.height, turns, &end);
	uint64_t t3 = bench_now_ns();
	uint64_t read = t2 - t1, all = t3 - t2;
	tower_release(&t);
	bl_buf_release(&text);
	if (!ok || want != res.answer || end.moves != res.moves)
		return bl_fail(err, BL_ERR_INTERNAL,
			       "the large game: boardlab %lld after %lld moves, the reference %lld "
			       "after %lld",
			       ok ? (long long)res.answer : -2, ok ? (long long)res.moves : 0, want,
			       end.moves);
	char what[64];
	snprintf(what, sizeof what, "%dx%d board, %d pieces, %lld turns", n, n, k,
		 (long long)turns);
	bench_row(out, what, "moves/s", (double)res.moves / secs(t1 - t0),
		      all > read ? (double)end.moves / secs(all - read) : 0, true);
	bench_note(out,
		       "the large board: 10%% red, 10%% blue, height %d (never reached); the "
		       "reference's time less its time to read the text",
		       k);
	return BL_OK;
}

/*
 * Workload c: the first generated judge-size game (from a fixed seed) whose
 * state repeats after turn 100 or later, solved with a limit of 10^18; the
 * reference plays the same game for a limited number of turns instead.
 */
static enum bl_code bench_cycle(bool quick, struct bl_buf *out, struct bl_err *err)
{
	struct tower_gen g;
	struct tower t;
	struct tower_opts o;
	struct tower_limits lim;
	struct tower_result res;
	struct bl_buf text;
	struct bl_reader rd;
	int64_t reps = quick ? 10 : 1000, ref_turns = quick ? 1000 : 100000;
	bool found = false;

	spec(&g, 10, 12, 8, 10, 10, 20, 0, 5);
	bl_buf_init(&text);
	tower_init(&t);
	tower_opts_init(&o);
	tower_limits_any(&lim);
	o.limit = TOWER_OPT_MAX;
	o.split = false;   /* a whole-state cycle, not groups apart */
	for (uint64_t i = 1; i <= 100000 && !found; i++) {
		struct bl_rng rng;
		bl_buf_reset(&text);
		bl_rng_init_stream(&rng, BENCH_SEED + 2, i);
		if (!tower_gen_draw(&g, &rng, &text))
			break;
		bl_reader_init(&rd, text.data, text.len);
		found = tower_parse(&t, &rd, &lim, NULL) == BL_OK &&
			tower_solve(&t, &o, &res, NULL) == BL_OK && res.end == TOWER_END_CYCLE &&
			res.cycle_from >= 100;
	}
	uint64_t t0 = bench_now_ns();
	for (int64_t i = 0; i < reps && found; i++)
		tower_solve(&t, &o, &res, NULL);
	uint64_t t1 = bench_now_ns();
	long long want = found ? tower_ref_solve(text.data, 0, TOWER_HEIGHT, ref_turns, NULL) : 0;
	uint64_t t2 = bench_now_ns();
	int n = t.n, k = t.k;
	tower_release(&t);
	bl_buf_release(&text);
	if (!found || want != -1)
		return bl_fail(err, BL_ERR_INTERNAL, "%s",
			       found ? "the reference ends the cycling game" : "no cycling game found");
	bench_row(out, "cycling game, --limit 10^18: time to answer", "s",
		      secs(t1 - t0) / (double)reps, -1, false);
	bench_note(out,
		       "the cycling game: %dx%d, %d pieces; its state after turn %lld repeats "
		       "turn %lld; answer -1",
		       n, n, k, (long long)res.cycle_to, (long long)res.cycle_from);
	bench_note(out,
		       "the reference has no cycle detection: %lld turns of it took %.4g s, "
		       "so 10^18 would take about %.2g years",
		       (long long)ref_turns, secs(t2 - t1),
		       secs(t2 - t1) / (double)ref_turns * 1e18 / 3.15e7);
	return BL_OK;
}

enum bl_code tower_bench(struct bl_buf *out, bool quick, struct bl_err *err)
{
	enum bl_code rc;

	bench_head(out, quick ? "tower bench --quick" : "tower bench");
	if ((rc = bench_batch(quick, out, err)) != BL_OK || (rc = bench_large(quick, out, err)) != BL_OK ||
	    (rc = bench_cycle(quick, out, err)) != BL_OK)
		return rc;
	bench_note(out, "moves/s counts piece moves (one per piece per turn, skipped ones too)");
	bench_note(out, "the reference: bench/ref/tower_ref.c (array stacks, no cycle detection)");
	return BL_OK;
}
