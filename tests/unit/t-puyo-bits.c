/*
 * Differential test of the bitboard engine, both of its gravities, against
 * the plain BFS of bench/ref/puyo_ref.c (puyo_ref_sim): random settled
 * fields under BOJ's rules and Tsu's (hidden 13th and 14th rows, ojama,
 * other pop sizes), compared on the chain count, puyos popped, score, ojama
 * sent and cleared, all clear and the final field; and the step-by-step
 * chain (puyo_chain_next) against the whole run.  A mismatch prints the
 * seed, the instance and the field.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/puyo_ref.h"
#include "puyo_fields.h"
#include "tap.h"

#define SEED UINT64_C(6)
#define W PUYO_COLS

struct counts {
	long fields, tsu, chained, long_chains, ojama_cleared, all_clear, hidden_used;
	long multi_colour, big_groups, other_pop, max_chains, rows14, score_clamped;
};

static int pick(struct bl_rng *rng, int lo, int hi)
{
	return (int)bl_rng_range(rng, lo, hi);
}

static bool same_result(const struct puyo_result *res, const struct puyo_ref_out *want,
			const char *want_final)
{
	char final[PUYO_CELLS_MAX + 1];

	tp_field_cells(&res->final, final);
	return res->chains == want->chains && res->popped == want->popped &&
	       res->score == want->score && res->ojama_sent == want->ojama_sent &&
	       res->ojama_cleared == want->ojama_cleared && res->all_clear == (want->all_clear != 0) &&
	       strcmp(final, want_final) == 0;
}

/*
 * Steps one at a time with the portable engine and, in lockstep, with other
 * (BMI2 where the CPU has it): the same steps and fields, the same totals as
 * the run, and the scores add up.
 */
static bool steps_agree(const struct puyo_field *f, const struct puyo_rules *rules,
			enum puyo_engine other, const struct puyo_result *res, struct counts *n)
{
	struct puyo_chain c, c2;
	struct puyo_step step, step2;
	int popped = 0, cleared = 0;
	long long score = 0;

	puyo_chain_start_engine(&c, f, rules, PUYO_ENGINE_PORTABLE);
	puyo_chain_start_engine(&c2, f, rules, other);
	if (c.engine != PUYO_ENGINE_PORTABLE || c2.engine != other)
		return false;
	for (;;) {
		bool more = puyo_chain_next(&c, &step);
		if (more != puyo_chain_next(&c2, &step2) ||
		    memcmp(&c.field, &c2.field, sizeof c.field) != 0)
			return false;
		if (!more)
			break;
		if (step.ngroups != step2.ngroups || step.npopped != step2.npopped ||
		    step.nojama != step2.nojama || step.score != step2.score ||
		    memcmp(step.cell, step2.cell, (size_t)step.npopped) != 0)
			return false;
		int sum = 0;
		for (int g = 0; g < step.ngroups; g++) {
			sum += step.group[g].size;
			if (step.group[g].size < rules->pop)
				return false;
			n->big_groups += step.group[g].size >= 11;
		}
		if (sum != step.npopped)
			return false;
		int mult = step.cp + step.cb + step.gb;
		n->score_clamped += mult < 1;   /* above 999 needs a longer chain than these reach */
		mult = mult < 1 ? 1 : mult > 999 ? 999 : mult;
		if (step.score != 10LL * step.npopped * mult)
			return false;
		n->multi_colour += step.colours >= 2;
		popped += step.npopped;
		cleared += step.nojama;
		score += step.score;
	}
	return c.chains == res->chains && popped == res->popped && cleared == res->ojama_cleared &&
	       score == res->score && c.ojama_sent == res->ojama_sent &&
	       memcmp(&c.field, &res->final, sizeof c.field) == 0;
}

/* puyo_best of two random pairs: the same plans with the portable engine and with other. */
static bool best_agrees(const struct puyo_field *f, const struct puyo_rules *rules,
			enum puyo_engine other, struct bl_rng *rng)
{
	struct puyo_pair pairs[2];
	struct puyo_plan a[PUYO_MOVES_MAX], b[PUYO_MOVES_MAX];

	for (int i = 0; i < 2; i++) {
		pairs[i].axis = (unsigned char)pick(rng, PUYO_RED, PUYO_YELLOW);
		pairs[i].child = (unsigned char)pick(rng, PUYO_RED, PUYO_YELLOW);
	}
	int n = puyo_best_engine(f, rules, pairs, 2, PUYO_ENGINE_PORTABLE, a);
	if (n != puyo_best_engine(f, rules, pairs, 2, other, b))
		return false;
	for (int i = 0; i < n; i++)
		for (int d = 0; d < 2; d++)
			if (a[i].depth != b[i].depth || a[i].total != b[i].total ||
			    a[i].move[d].col != b[i].move[d].col || a[i].move[d].rot != b[i].move[d].rot ||
			    a[i].chains[d] != b[i].chains[d] || a[i].score[d] != b[i].score[d])
				return false;
	return true;
}

int main(void)
{
	const char *quick = getenv("BL_TEST_QUICK");
	long count = quick && *quick == '1' ? 20000 : 120000;
	long unit = count / 1000, bad = 0, bad_steps = 0, bad_best = 0;
	bool bmi2 = puyo_engine_available(PUYO_ENGINE_BMI2);
	struct counts n;
	struct bl_rng rng;

	memset(&n, 0, sizeof n);
	for (long i = 1; i <= count; i++) {
		struct puyo_rules rules;
		struct puyo_field f;
		struct puyo_result res;
		struct puyo_ref_out want;
		char g[PUYO_CELLS_MAX + 1];

		bl_rng_init_stream(&rng, SEED, (uint64_t)i);
		tp_random_instance(&rng, &rules, g);

		struct puyo_ref_rules rr = { rules.rows, rules.visible, rules.pop };
		if (puyo_ref_sim(g, &rr, &want) < 0 || !tp_parse_cells(g, &rules, &f)) {
			bad++;
			tap_diag("instance %ld: not a field: %s", i, g);
			continue;
		}
		n.fields++;
		n.tsu += rules.set == PUYO_RULES_TSU;
		n.rows14 += rules.rows == 14;
		n.other_pop += rules.pop != 4;
		n.chained += want.chains > 0;
		n.long_chains += want.chains >= 5;
		n.ojama_cleared += want.ojama_cleared > 0;
		n.all_clear += want.all_clear;
		n.max_chains = want.chains > n.max_chains ? want.chains : n.max_chains;
		bool hidden = false;
		for (int c = 0; c < W; c++)
			hidden |= rules.rows > 12 && g[c] != '.';
		n.hidden_used += hidden && want.chains > 0;

		for (int e = PUYO_ENGINE_PORTABLE; e <= PUYO_ENGINE_BMI2; e++) {
			if (e == PUYO_ENGINE_BMI2 && !bmi2)
				continue;
			puyo_chain_run_engine(&f, &rules, (enum puyo_engine)e, &res);
			if (!same_result(&res, &want, want.final)) {
				if (bad++ < 5)
					tap_diag("seed %llu instance %ld engine %d rows %d pop %d: "
						 "chains %d/%d score %lld/%lld field %s",
						 (unsigned long long)SEED, i, e, rules.rows, rules.pop,
						 res.chains, want.chains, res.score, want.score, g);
			}
		}
		enum puyo_engine other = bmi2 ? PUYO_ENGINE_BMI2 : PUYO_ENGINE_PORTABLE;
		if (i % 64 == 0 && !best_agrees(&f, &rules, other, &rng) && bad_best++ < 5)
			tap_diag("instance %ld: best differs between the engines: %s", i, g);
		if (!steps_agree(&f, &rules, other, &res, &n) && bad_steps++ < 5)
			tap_diag("instance %ld: the steps disagree with the run: %s", i, g);
	}
	ok(bad == 0, "%ld random fields, bitboard engine%s = BFS reference (seed %llu)", count,
	   bmi2 ? "s (portable and BMI2)" : " (portable; no BMI2 here)", (unsigned long long)SEED);
	is_int(bad_steps, 0, "step by step = the whole run, and every step's score adds up; "
	       "the portable and %s engines step alike", bmi2 ? "BMI2" : "portable");
	is_int(bad_best, 0, "best: the same plans with either engine");
	is_int(n.fields, count, "every field compared");
	tap_diag("tsu %ld, chained %ld, 5+ chains %ld (max %ld), ojama cleared %ld, all clear %ld, "
		 "hidden rows used %ld, 14 rows %ld, other pop %ld, multi-colour steps %ld, "
		 "groups of 11+ %ld, clamped %ld", n.tsu, n.chained, n.long_chains, n.max_chains,
		 n.ojama_cleared, n.all_clear, n.hidden_used, n.rows14, n.other_pop, n.multi_colour,
		 n.big_groups, n.score_clamped);
	ok(n.tsu >= 400 * unit, "under Tsu's rules: %ld", n.tsu);
	ok(n.chained >= 300 * unit, "fields that chain: %ld", n.chained);
	ok(n.long_chains >= 2 * unit, "fields of 5 chains or more: %ld", n.long_chains);
	ok(n.max_chains >= 7, "the longest chain: %ld", n.max_chains);
	ok(n.ojama_cleared >= 50 * unit, "fields clearing ojama: %ld", n.ojama_cleared);
	ok(n.all_clear >= 20 * unit, "all clears: %ld", n.all_clear);
	ok(n.hidden_used >= 50 * unit, "chains with puyos in the hidden rows: %ld", n.hidden_used);
	ok(n.rows14 >= 30 * unit, "14-row fields: %ld", n.rows14);
	ok(n.other_pop >= 50 * unit, "pop sizes other than 4: %ld", n.other_pop);
	ok(n.multi_colour >= 100 * unit, "steps popping 2 colours or more: %ld", n.multi_colour);
	ok(n.big_groups >= 10 * unit, "groups of 11 or more: %ld", n.big_groups);
	ok(n.score_clamped >= 20 * unit, "steps whose multiplier is clamped up to 1: %ld",
	   n.score_clamped);
	return tap_done();
}
