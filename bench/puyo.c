/*
 * puyo's benchmark (`boardlab puyo bench`): the chain engine, BMI2 and
 * portable, against the plain BFS of bench/ref/puyo_ref.c on two fixed
 * workloads (F19, the 19-chain field under Tsu, and random full fields),
 * checked to agree first: each from a field (puyo_chain_run_engine, which
 * converts the field to bit planes and back) and on bitboards kept from
 * call to call (struct puyo_bits, the form a search uses); and best on
 * two pairs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#include "ref/puyo_ref.h"

/* F19 of ../shared/cases/puyo/f19.txt: 19 chains, 175,080 points under Tsu. */
static const char f19_cells[] =
	".G.BRGGBRRYRRRYYBYRGYRBRYGYRBYYGBGYRGRBGYRBRBYBYRYYBYYBRBYBRBGBYRRYGBGBGRBGBGG";

struct workload {
	const char *name, *short_name;   /* the rows' names: from a field, on bitboards */
	struct puyo_rules rules;
	int n;                        /* fields */
	struct puyo_field *field;
	struct puyo_bits *bits[2];    /* the fields as bitboards, portable and BMI2 engines */
	char (*cells)[PUYO_CELLS_MAX + 1];
};

/* The fields' cells as the reference reads them: rows * 6 letters, top first. */
static void cells_of(const struct puyo_field *f, char *dst)
{
	for (int t = 0; t < f->rows; t++)
		for (int c = 0; c < PUYO_COLS; c++)
			dst[t * PUYO_COLS + c] = puyo_cell_char(f->cell[f->rows - 1 - t][c]);
	dst[f->rows * PUYO_COLS] = '\0';
}

/* The workload's bitboards on engine e (PORTABLE or BMI2). */
static struct puyo_bits *bits_of(const struct workload *w, enum puyo_engine e)
{
	return w->bits[e == PUYO_ENGINE_BMI2];
}

/*
 * Times engine over the workload's fields reps times; returns ns per
 * simulation.  bits: on a copy of the bitboards, else from the field.
 */
static double time_ours(const struct workload *w, enum puyo_engine e, bool bits, long reps,
			long long *sum)
{
	const struct puyo_bits *b = bits_of(w, e);
	uint64_t t0 = bench_now_ns();
	for (long k = 0; k < reps; k++)
		for (int i = 0; i < w->n; i++) {
			struct puyo_result res;
			if (bits) {
				struct puyo_bits copy = b[i];
				puyo_bits_simulate(&copy, &res);
			} else {
				puyo_chain_run_engine(&w->field[i], &w->rules, e, &res);
			}
			*sum += res.score + res.chains;
		}
	return (double)(bench_now_ns() - t0) / ((double)reps * w->n);
}

/* The same for the reference. */
static double time_ref(const struct workload *w, long reps, long long *sum)
{
	struct puyo_ref_rules rr = { w->rules.rows, w->rules.visible, w->rules.pop };
	uint64_t t0 = bench_now_ns();
	for (long k = 0; k < reps; k++)
		for (int i = 0; i < w->n; i++) {
			struct puyo_ref_out o;
			puyo_ref_sim(w->cells[i], &rr, &o);
			*sum += o.score + o.chains;
		}
	return (double)(bench_now_ns() - t0) / ((double)reps * w->n);
}

/*
 * Every field: each engine, from the field and on bitboards, and the
 * reference agree on chains, score and the final field.
 */
static bool agree(const struct workload *w, struct bl_buf *why)
{
	struct puyo_ref_rules rr = { w->rules.rows, w->rules.visible, w->rules.pop };

	for (int i = 0; i < w->n; i++) {
		struct puyo_ref_out o;
		puyo_ref_sim(w->cells[i], &rr, &o);
		for (int e = PUYO_ENGINE_PORTABLE; e <= PUYO_ENGINE_BMI2; e++) {
			struct puyo_result res;
			char final[PUYO_CELLS_MAX + 1];
			if (!puyo_engine_available((enum puyo_engine)e))
				continue;
			struct puyo_result on_bits;
			struct puyo_bits b = bits_of(w, (enum puyo_engine)e)[i];
			struct puyo_field bits_final;
			puyo_chain_run_engine(&w->field[i], &w->rules, (enum puyo_engine)e, &res);
			puyo_bits_simulate(&b, &on_bits);
			puyo_bits_store(&b, &bits_final);
			cells_of(&res.final, final);
			if (res.chains != o.chains || res.score != o.score || strcmp(final, o.final) ||
			    on_bits.chains != o.chains || on_bits.score != o.score ||
			    memcmp(&bits_final, &res.final, sizeof bits_final) != 0) {
				bl_buf_printf(why, "bench: the engines disagree: %s, field %d (%s): %s engine %d chains %lld points, "
					      "reference %d chains %lld points", w->name, i + 1,
					      w->cells[i], e == PUYO_ENGINE_BMI2 ? "bmi2" : "portable",
					      res.chains, res.score, o.chains, o.score);
				return false;
			}
		}
	}
	return true;
}

static bool workload_alloc(struct workload *w, int n)
{
	w->n = n;
	w->field = calloc((size_t)n, sizeof *w->field);
	w->cells = calloc((size_t)n, sizeof *w->cells);
	w->bits[0] = calloc((size_t)n, sizeof *w->bits[0]);
	w->bits[1] = calloc((size_t)n, sizeof *w->bits[1]);
	return w->field && w->cells && w->bits[0] && w->bits[1];
}

/* The bitboards of every field, on each engine the CPU has. */
static void workload_bits(struct workload *w)
{
	for (int i = 0; i < w->n; i++) {
		puyo_bits_load_engine(&w->bits[0][i], &w->field[i], &w->rules, PUYO_ENGINE_PORTABLE);
		if (puyo_engine_available(PUYO_ENGINE_BMI2))
			puyo_bits_load_engine(&w->bits[1][i], &w->field[i], &w->rules,
					      PUYO_ENGINE_BMI2);
	}
}

static void workload_free(struct workload *w)
{
	free(w->field);
	free(w->cells);
	free(w->bits[0]);
	free(w->bits[1]);
}

/*
 * Rounds per figure.  Other load on the machine only slows a round down, so
 * the fastest of many short rounds is the figure it disturbs least.
 */
#define BENCH_ROUNDS 40

/* The two workloads: F19 under Tsu, then random full BOJ fields (64 when quick). */
static bool workloads(struct workload w[2], bool quick, struct bl_buf *why)
{
	struct bl_reader rd;
	struct bl_err e;
	struct puyo_limits lim;
	struct bl_rng rng;

	w[0].name = "F19 (19 chains, Tsu)";
	w[0].short_name = "F19";
	puyo_rules_init(&w[0].rules, PUYO_RULES_TSU);
	w[1].name = "random full fields (4 colours)";
	w[1].short_name = "random full fields";
	puyo_rules_init(&w[1].rules, PUYO_RULES_BOJ);
	if (!workload_alloc(&w[0], 1) || !workload_alloc(&w[1], quick ? 64 : 4096)) {
		bl_buf_puts(why, "out of memory");
		return false;
	}
	puyo_limits_any(&lim);
	bl_err_clear(&e);
	bl_reader_init(&rd, f19_cells, strlen(f19_cells));
	if (puyo_parse(&w[0].field[0], &rd, &w[0].rules, 0, &lim, &e) != BL_OK) {
		bl_buf_printf(why, "f19: %s", e.msg);
		return false;
	}
	cells_of(&w[0].field[0], w[0].cells[0]);
	bl_rng_init(&rng, 11559);
	for (int i = 0; i < w[1].n; i++) {
		struct puyo_field *f = &w[1].field[i];
		puyo_field_init(f, PUYO_BOJ_ROWS);
		for (int row = 0; row < PUYO_BOJ_ROWS; row++)
			for (int c = 0; c < PUYO_COLS; c++)
				f->cell[row][c] = (unsigned char)(PUYO_RED + bl_rng_below(&rng, 4));
		cells_of(f, w[1].cells[i]);
	}
	workload_bits(&w[0]);
	workload_bits(&w[1]);
	return agree(&w[0], why) && agree(&w[1], why);
}

/*
 * The rows of one workload: each engine, from the field and on bitboards,
 * against the reference, the fastest of the rounds.
 */
static void time_engines(const struct workload *w, bool quick, bool first, struct bl_buf *out,
			 long long *sum)
{
	bool bmi2 = puyo_engine_available(PUYO_ENGINE_BMI2);
	long reps = quick ? 4 : first ? 4000 : 2;
	long ref_reps = quick ? 1 : first ? 500 : 1;
	double best[5] = { 0, 0, 0, 0, 0 };
	char what[80];

	/* Rounds of each engine and the reference in turn. */
	for (int round = 0; round < (quick ? 1 : BENCH_ROUNDS); round++) {
		double t[5] = { time_ref(w, ref_reps, sum),
				bmi2 ? time_ours(w, PUYO_ENGINE_BMI2, false, reps, sum) : 0,
				time_ours(w, PUYO_ENGINE_PORTABLE, false, reps, sum),
				bmi2 ? time_ours(w, PUYO_ENGINE_BMI2, true, reps, sum) : 0,
				time_ours(w, PUYO_ENGINE_PORTABLE, true, reps, sum) };
		for (int i = 0; i < 5; i++)
			if (round == 0 || t[i] < best[i])
				best[i] = t[i];
	}
	for (int bits = 0; bits < 2; bits++) {
		if (bmi2) {
			snprintf(what, sizeof what, "%s, %sBMI2", bits ? w->short_name : w->name,
				 bits ? "bitboards, " : "");
			bench_row(out, what, "ns/sim", best[1 + 2 * bits], best[0], false);
		}
		snprintf(what, sizeof what, "%s, %sportable", bits ? w->short_name : w->name,
			 bits ? "bitboards, " : "");
		bench_row(out, what, "ns/sim", best[2 + 2 * bits], best[0], false);
	}
}

/* best: every move of two pairs (up to 22 x 22) on a half-full field. */
static void time_best(const struct workload *random, bool quick, struct bl_buf *out,
		      long long *sum)
{
	struct puyo_plan plan[PUYO_MOVES_MAX];
	struct puyo_pair pairs[2] = { { PUYO_RED, PUYO_GREEN }, { PUYO_BLUE, PUYO_YELLOW } };
	struct puyo_field half = random->field[1];
	long reps = quick ? 2 : 200;

	for (int row = 6; row < PUYO_BOJ_ROWS; row++)
		memset(half.cell[row], PUYO_EMPTY, PUYO_COLS);
	uint64_t t0 = bench_now_ns();
	for (long k = 0; k < reps; k++)
		*sum += puyo_best(&half, &random->rules, pairs, 2, plan);
	double once = (double)(bench_now_ns() - t0) / (double)reps;
	bench_row(out, "best --next RG,BY (two pairs)", "us/field", once / 1000.0, 0, false);
}

enum bl_code puyo_bench(struct bl_buf *out, bool quick, struct bl_err *err)
{
	struct workload w[2];
	struct bl_buf why;
	long long sum = 0;
	bool ok;

	memset(w, 0, sizeof w);
	bl_buf_init(&why);
	ok = workloads(w, quick, &why);
	if (ok) {
		bench_head(out, "puyo bench");
		for (int k = 0; k < 2; k++)
			time_engines(&w[k], quick, k == 0, out, &sum);
		time_best(&w[1], quick, out, &sum);
		bench_note(out, "ns/sim: one whole chain from a parsed field to the final field "
			   "and score; the reference is bench/ref/puyo_ref.c's BFS (puyo_ref_sim)");
		bench_note(out, "bitboards: the chain of a copy of the field's struct puyo_bits, "
			   "loaded once (no conversion a call); best searches that way");
		bench_note(out, "each figure the fastest of %d rounds of a few milliseconds, the "
			   "engines and the reference taking turns", quick ? 1 : BENCH_ROUNDS);
		bench_note(out, "%s; BMI2 %s on this CPU (BOARDLAB_PUYO_ENGINE=portable forces "
			   "the portable path in solve, trace and best)",
			   quick ? "quick workloads" : "full workloads",
			   puyo_engine_available(PUYO_ENGINE_BMI2) ? "available" : "not available");
		if (sum == 42)   /* keeps the timed loops from being optimised away */
			bench_note(out, "checksum %lld", sum);
	}
	workload_free(&w[0]);
	workload_free(&w[1]);
	enum bl_code rc = BL_OK;
	if (!ok)
		rc = bl_buf_failed(&why) ? bl_fail(err, BL_ERR_NOMEM, "out of memory")
					 : bl_fail(err, BL_ERR_INTERNAL, "%s", why.data);
	bl_buf_release(&why);
	return rc;
}
