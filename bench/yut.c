/*
 * yut's benchmark workloads: judge instances solved as `solve --batch`
 * solves them, and by the plain backtracking of bench/ref/ on the same
 * text; larger games and expectations, boardlab alone.
 */

#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "ref/yut_ref.h"

#define BENCH_SEED 17825

/* The judge instances 1..n of `gen --boj --seed BENCH_SEED` as one text. */
static enum bl_code judge_text(long n, struct bl_buf *text, struct bl_err *err)
{
	struct yut_gen spec;
	enum bl_code code = BL_OK;

	yut_gen_init(&spec);
	for (long i = 1; i <= n && code == BL_OK; i++)
		code = yut_gen(&spec, BENCH_SEED, i, text, err);
	return code;
}

/* Every instance of text solved as solve --boj --batch does, the answers into out. */
static enum bl_code solve_all(const struct bl_buf *text, struct bl_buf *out, struct bl_err *err)
{
	struct yut_game g;
	struct yut_result res;
	struct yut_limits lim;
	struct bl_reader rd;
	const struct yut_text_view v = { YUT_HEAD_TOTAL, false, false, NULL, false, 0 };
	enum bl_code code = BL_OK;

	yut_limits_boj(&lim);
	yut_game_init(&g, yut_board_builtin());
	yut_result_init(&res);
	bl_reader_init(&rd, text->data, text->len);
	while (code == BL_OK && !bl_reader_eof(&rd))
		if ((code = yut_parse(&g, &rd, &lim, err)) == BL_OK)
			code = yut_trace_text(&g, &v, &res, out, err);
	yut_result_release(&res);
	yut_game_release(&g);
	return code;
}

/* The first instance, from 1, where the answers differ from every[] or pruned[]; 0 for none. */
static long first_mismatch(const char *a, const int *every, const int *pruned, long n)
{
	for (long i = 0; i < n; i++) {
		char *end;
		long v = strtol(a, &end, 10);
		a = end;
		if (v != every[i] || v != pruned[i])
			return i + 1;
	}
	return 0;
}

/*
 * Judge instances from `gen --boj --seed 17825` as one batch text, solved
 * by solve's instance code, then by the plain backtracking of bench/ref/ on
 * the same text, twice: over every horse at every turn (the 4^10 choice
 * sequences) and pruned (one of the horses sharing a cell).  Every answer
 * is compared.
 */
static enum bl_code bench_judge(struct bl_buf *out, long n, struct bl_err *err)
{
	struct bl_buf text, answers;
	enum bl_code code;
	int *dice = malloc((size_t)n * YUT_BOJ_DICE * sizeof *dice);
	int *every = malloc((size_t)n * sizeof *every),
	    *pruned = malloc((size_t)n * sizeof *pruned);

	bl_buf_init(&text);
	bl_buf_init(&answers);
	code = judge_text(n, &text, err);
	if (code == BL_OK && (!dice || !every || !pruned))
		code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	if (code != BL_OK)
		goto done;

	uint64_t t0 = bench_now_ns();
	code = solve_all(&text, &answers, err);
	uint64_t t1 = bench_now_ns();
	if (code != BL_OK)
		goto done;

	/* Each reference timed with its own parse of the text. */
	uint64_t t2 = bench_now_ns();
	int nd = yut_ref_parse(text.data, dice, (int)(n * YUT_BOJ_DICE));
	for (long i = 0; nd == n * YUT_BOJ_DICE && i < n; i++)
		every[i] = yut_ref_best_every(dice + i * YUT_BOJ_DICE, YUT_BOJ_DICE,
					      YUT_HORSES_DEFAULT);
	uint64_t t3 = bench_now_ns();
	nd = yut_ref_parse(text.data, dice, (int)(n * YUT_BOJ_DICE));
	for (long i = 0; nd == n * YUT_BOJ_DICE && i < n; i++)
		pruned[i] =
			yut_ref_best(dice + i * YUT_BOJ_DICE, YUT_BOJ_DICE, YUT_HORSES_DEFAULT, 0);
	uint64_t t4 = bench_now_ns();

	long mismatch = nd == n * YUT_BOJ_DICE ? first_mismatch(answers.data, every, pruned, n) : 0;
	if (nd != n * YUT_BOJ_DICE || mismatch) {
		code = bl_fail(err, BL_ERR_INTERNAL,
			       "bench: instance %ld of 'gen --boj --seed %d': "
			       "boardlab and the reference disagree",
			       mismatch, BENCH_SEED);
		goto done;
	}
	char what[64];
	double ours = (double)n * 1e9 / (double)(t1 - t0 + 1);
	snprintf(what, sizeof what, "judge instances, one batch (%ld)", n);
	bench_row(out, what, "inst/s", ours, (double)n * 1e9 / (double)(t3 - t2 + 1), true);
	bench_row(out, "  against the pruned backtracking", "inst/s", ours,
		  (double)n * 1e9 / (double)(t4 - t3 + 1), true);
done:
	free(dice);
	free(every);
	free(pruned);
	bl_buf_release(&text);
	bl_buf_release(&answers);
	return code;
}

/* Known-dice games larger than the judge's: boardlab alone. */
static enum bl_code bench_large(struct bl_buf *out, int horses, int ndice, long games,
				struct bl_err *err)
{
	struct yut_gen spec;
	struct yut_game g;
	struct yut_result res;
	enum bl_code code = BL_OK;
	size_t states = 0;
	uint64_t t = 0;

	yut_gen_init(&spec);
	spec.dice = ndice;
	yut_game_init(&g, yut_board_builtin());
	g.horses = horses;
	yut_result_init(&res);
	for (long i = 1; i <= games && code == BL_OK; i++) {
		code = yut_gen_game(&spec, BENCH_SEED, i, &g, err);
		uint64_t t0 = bench_now_ns();
		if (code == BL_OK)
			code = yut_solve(&g, &res, err);
		t += bench_now_ns() - t0;
		states += res.states;
	}
	yut_result_release(&res);
	yut_game_release(&g);
	if (code != BL_OK)
		return code;
	char what[64];
	snprintf(what, sizeof what, "%d horses, %d dice: time per game", horses, ndice);
	bench_row(out, what, "ms", (double)t / 1e6 / (double)games, 0, false);
	snprintf(what, sizeof what, "%d horses, %d dice: states per game", horses, ndice);
	bench_row(out, what, "states", (double)states / (double)games, 0, true);
	return BL_OK;
}

static enum bl_code bench_expect(struct bl_buf *out, const char *dist, int turns,
				 struct bl_err *err)
{
	struct yut_dist d;
	struct yut_game g;
	struct yut_expectation e;
	size_t states;

	yut_dist_parse(&d, dist, NULL);
	yut_game_init(&g, yut_board_builtin());
	uint64_t t0 = bench_now_ns();
	enum bl_code code = yut_expect(&g, &d, turns, &e, &states, err);
	uint64_t t1 = bench_now_ns();
	if (code != BL_OK)
		return code;
	char what[64];
	snprintf(what, sizeof what, "expect --dice %s --turns %d: time", dist, turns);
	bench_row(out, what, "ms", (double)(t1 - t0) / 1e6, 0, false);
	snprintf(what, sizeof what, "expect --dice %s --turns %d: states", dist, turns);
	bench_row(out, what, "states", (double)states, 0, true);
	return BL_OK;
}

enum bl_code yut_bench(struct bl_buf *out, bool quick, struct bl_err *err)
{
	long judge = quick ? 50 : 10000;
	enum bl_code code;

	bench_head(out, quick ? "yut bench --quick" : "yut bench");
	if ((code = bench_judge(out, judge, err)) != BL_OK ||
	    (code = bench_large(out, 6, quick ? 20 : 40, quick ? 1 : 5, err)) != BL_OK ||
	    (code = bench_expect(out, "d5", quick ? 6 : 10, err)) != BL_OK ||
	    (code = bench_expect(out, "sticks", quick ? 6 : 10, err)) != BL_OK)
		return code;
	bench_note(out, "judge: 'gen --boj --seed %d --count %ld' as one text, solve's "
			"instance code", BENCH_SEED, judge);
	bench_note(out, "against the plain backtracking over every horse at every turn, "
			"4^10 choice");
	bench_note(out, "sequences (bench/ref/yut_ref.c), every answer compared; then "
			"against the");
	bench_note(out, "reference's pruned backtracking (one of the horses sharing a "
			"cell is tried).");
	bench_note(out, "Larger games and expectations: boardlab alone; the reference is "
			"not run there");
	bench_note(out, "(its choice sequences grow as H^dice).");
	return BL_OK;
}
