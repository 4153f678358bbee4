/*
 * Differential test of the bitboard API (struct puyo_bits), on each engine
 * (portable, and BMI2 where the CPU has it): puyo_bits_simulate against
 * puyo_chain_run_engine and the plain BFS of bench/ref/puyo_ref.c
 * (puyo_ref_sim) on random settled fields under BOJ's and Tsu's rules (the
 * hidden 13th and 14th rows, ojama, other pop sizes), compared on every
 * total and the final field; puyo_bits_chains against the same count and
 * final field; load and store round trips; puyo_bits_moves and
 * puyo_bits_place against puyo_moves and puyo_place, and a chain run on the
 * bitboards after a placement.  Then the chain fixtures: F19
 * (tests/data/puyo/f19.txt, 19 chains, 175,080 points) and fields built by
 * `gen --kind chain` to chain exactly N times.  A mismatch prints the seed,
 * the instance and the field.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/puyo_ref.h"
#include "puyo_fields.h"
#include "tap.h"

#define SEED UINT64_C(19)
#define W PUYO_COLS

/* tests/data/puyo/f19.txt: 19 chains, 175,080 points, 2,501 ojama, all clear under Tsu. */
static const char f19[] =
	".G.BRGGBRRYRRRYYBYRGYRBRYGYRBYYGBGYRGRBGYRBRBYBYRYYBYYBRBYBRBGBYRRYGBGBGRBGBGG";

static int pick(struct bl_rng *rng, int lo, int hi)
{
	return (int)bl_rng_range(rng, lo, hi);
}

/* Every total of two results (not their final fields). */
static bool same_totals(const struct puyo_result *a, const struct puyo_result *b)
{
	return a->chains == b->chains && a->popped == b->popped && a->score == b->score &&
	       a->ojama_sent == b->ojama_sent && a->ojama_cleared == b->ojama_cleared &&
	       a->all_clear == b->all_clear;
}

static bool same_as_ref(const struct puyo_result *a, const struct puyo_ref_out *want)
{
	return a->chains == want->chains && a->popped == want->popped &&
	       a->score == want->score && a->ojama_sent == want->ojama_sent &&
	       a->ojama_cleared == want->ojama_cleared && a->all_clear == (want->all_clear != 0);
}

struct tally {
	long fields, bad_sim, bad_ref, bad_chains, bad_trip, bad_moves, bad_place, placed;
	long tsu, chained, long_chains, ojama, full;
};

/*
 * One field f under rules on engine e: the bitboards against the field
 * engine and the reference, and the placements of a random pair.
 */
static void check_field(const struct puyo_field *f, const struct puyo_rules *rules,
			enum puyo_engine e, const struct puyo_ref_out *want, const char *g, long i,
			struct bl_rng *rng, struct tally *t)
{
	struct puyo_bits b, sim, cnt;
	struct puyo_result res, ref;
	struct puyo_field back, final;
	char cells[PUYO_CELLS_MAX + 1];

	puyo_bits_load_engine(&b, f, rules, e);
	puyo_bits_store(&b, &back);
	if (memcmp(&back, f, sizeof back) != 0 && t->bad_trip++ < 5)
		tap_diag("seed %llu instance %ld engine %d: load then store is not the field: %s",
			 (unsigned long long)SEED, i, e, g);

	puyo_chain_run_engine(f, rules, e, &ref);
	sim = b;
	memset(&res, 0xa5, sizeof res);
	puyo_bits_simulate(&sim, &res);
	puyo_bits_store(&sim, &final);
	if ((!same_totals(&res, &ref) || memcmp(&final, &ref.final, sizeof final) != 0) &&
	    t->bad_sim++ < 5)
		tap_diag("seed %llu instance %ld engine %d rows %d pop %d: bits %d chains %lld "
			 "points, field engine %d chains %lld points: %s", (unsigned long long)SEED,
			 i, e, rules->rows, rules->pop, res.chains, res.score, ref.chains, ref.score,
			 g);
	tp_field_cells(&final, cells);
	if ((!same_as_ref(&res, want) || strcmp(cells, want->final) != 0) && t->bad_ref++ < 5)
		tap_diag("seed %llu instance %ld engine %d: bits %d chains %lld points, "
			 "reference %d chains %lld points: %s", (unsigned long long)SEED, i, e,
			 res.chains, res.score, want->chains, want->score, g);

	cnt = b;
	int n = puyo_bits_chains(&cnt);
	if ((n != ref.chains || memcmp(cnt.code, sim.code, sizeof cnt.code) != 0) && t->bad_chains++ < 5)
		tap_diag("seed %llu instance %ld engine %d: puyo_bits_chains %d, want %d (or "
			 "another final field): %s", (unsigned long long)SEED, i, e, n, ref.chains, g);

	/* The moves of a random pair, on the start field and on the final one. */
	for (int k = 0; k < 2; k++) {
		const struct puyo_field *on = k == 0 ? f : &final;
		struct puyo_bits at = k == 0 ? b : sim;
		struct puyo_pair pair = { (unsigned char)pick(rng, PUYO_RED, PUYO_YELLOW),
					  (unsigned char)pick(rng, PUYO_RED, PUYO_YELLOW) };
		struct puyo_move m1[PUYO_MOVES_MAX], m2[PUYO_MOVES_MAX];
		int n1 = puyo_moves(on, rules, pair, m1), n2 = puyo_bits_moves(&at, pair, m2);
		if ((n1 != n2 || memcmp(m1, m2, sizeof m1[0] * (size_t)n1) != 0) &&
		    t->bad_moves++ < 5)
			tap_diag("seed %llu instance %ld engine %d: %d moves on the field, %d on "
				 "the bits: %s", (unsigned long long)SEED, i, e, n1, n2, g);
		/* Every move, legal or not (column 6 right is never legal). */
		struct puyo_move m = { (unsigned char)pick(rng, 0, W - 1),
				       (unsigned char)pick(rng, PUYO_ROT_UP, PUYO_ROT_LEFT) };
		struct puyo_field pf = *on, stored;
		struct puyo_bits pb = at;
		bool l1 = puyo_place(&pf, rules, pair, m), l2 = puyo_bits_place(&pb, pair, m);
		puyo_bits_store(&pb, &stored);
		bool same = l1 == l2 && memcmp(&stored, &pf, sizeof pf) == 0;
		if (same && l1) {
			struct puyo_result r1, r2;
			t->placed++;
			puyo_chain_run_engine(&pf, rules, e, &r1);
			puyo_bits_simulate(&pb, &r2);
			puyo_bits_store(&pb, &stored);
			same = same_totals(&r1, &r2) && memcmp(&stored, &r1.final, sizeof stored) == 0;
		}
		if (!same && t->bad_place++ < 5)
			tap_diag("seed %llu instance %ld engine %d: placing column %d rotation %d: "
				 "legal %d on the field, %d on the bits, or another chain: %s",
				 (unsigned long long)SEED, i, e, m.col + 1, m.rot, l1, l2, g);
	}
}

/* A fixture: the field in cells under rules, its chain count and score (-1: any). */
static void fixture(const char *name, const struct puyo_field *f, const struct puyo_rules *rules,
		    int chains, long long score)
{
	for (int e = PUYO_ENGINE_PORTABLE; e <= PUYO_ENGINE_BMI2; e++) {
		struct puyo_bits b, c;
		struct puyo_result res, ref;
		struct puyo_field final;

		if (!puyo_engine_available((enum puyo_engine)e))
			continue;
		puyo_bits_load_engine(&b, f, rules, (enum puyo_engine)e);
		c = b;
		puyo_bits_simulate(&b, &res);
		puyo_bits_store(&b, &final);
		puyo_chain_run_engine(f, rules, (enum puyo_engine)e, &ref);
		ok(res.chains == chains && (score < 0 || res.score == score) &&
		   same_totals(&res, &ref) && memcmp(&final, &ref.final, sizeof final) == 0 &&
		   puyo_bits_chains(&c) == chains,
		   "%s, %s engine: %d chains, %lld points (want %d, %lld), as the field engine",
		   name, e == PUYO_ENGINE_BMI2 ? "BMI2" : "portable", res.chains, res.score, chains,
		   score);
	}
}

static void fixtures(void)
{
	struct puyo_rules tsu, rules;
	struct puyo_field f;
	struct puyo_bits b;
	struct bl_err err;

	puyo_rules_init(&tsu, PUYO_RULES_TSU);
	if (!ok(tp_parse_cells(f19, &tsu, &f), "F19 parses"))
		return;
	fixture("F19", &f, &tsu, 19, 175080);
	ok(puyo_bits_load(&b, &f, &tsu, NULL) == BL_OK, "puyo_bits_load takes F19 under Tsu");

	/* puyo_bits_load checks as puyo_solve does: a floating puyo, the wrong rows. */
	f.cell[0][0] = PUYO_EMPTY;
	bl_err_clear(&err);
	ok(puyo_bits_load(&b, &f, &tsu, &err) == BL_ERR_ARG && strstr(err.msg, "not settled"),
	   "puyo_bits_load refuses a field that floats: %s", err.msg);
	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	bl_err_clear(&err);
	ok(puyo_bits_load(&b, &f, &rules, &err) == BL_ERR_ARG, "and a field of 13 rows under BOJ: %s",
	   err.msg);

	/* gen --kind chain: exactly N chains, every N it reaches, 12 to 14 rows. */
	for (int rows = 12; rows <= 14; rows++) {
		struct puyo_gen g;
		int bad = 0, max;
		puyo_gen_init(&g, rows == 12 ? PUYO_RULES_BOJ : PUYO_RULES_TSU);
		puyo_rules_set_rows(&g.rules, rows);
		g.kind = PUYO_GEN_CHAIN;
		max = puyo_gen_chains_max(rows, g.colours);
		for (int n = 1; n <= max; n++) {
			g.chains = n;
			for (int e = PUYO_ENGINE_PORTABLE; e <= PUYO_ENGINE_BMI2; e++) {
				struct puyo_bits c;
				struct puyo_result res, ref;
				if (!puyo_engine_available((enum puyo_engine)e))
					continue;
				if (puyo_gen_field(&g, 11559, n, &f, NULL) != BL_OK) {
					bad++;
					continue;
				}
				puyo_bits_load_engine(&b, &f, &g.rules, (enum puyo_engine)e);
				c = b;
				puyo_bits_simulate(&b, &res);
				puyo_chain_run_engine(&f, &g.rules, (enum puyo_engine)e, &ref);
				if (res.chains != n || puyo_bits_chains(&c) != n || !same_totals(&res, &ref))
					bad++;
			}
		}
		is_int(bad, 0, "gen --kind chain, %d rows: fields of 1 to %d chains chain exactly "
		       "so on the bitboards, with the field engine's totals", rows, max);
	}
}

int main(void)
{
	const char *quick = getenv("BL_TEST_QUICK");
	long count = quick && *quick == '1' ? 5000 : 30000;
	bool bmi2 = puyo_engine_available(PUYO_ENGINE_BMI2);
	struct tally t;
	struct bl_rng rng;

	fixtures();
	memset(&t, 0, sizeof t);
	for (long i = 1; i <= count; i++) {
		struct puyo_rules rules;
		struct puyo_field f;
		struct puyo_ref_out want;
		char g[PUYO_CELLS_MAX + 1];

		bl_rng_init_stream(&rng, SEED, (uint64_t)i);
		tp_random_instance(&rng, &rules, g);

		struct puyo_ref_rules rr = { rules.rows, rules.visible, rules.pop };
		if (puyo_ref_sim(g, &rr, &want) < 0 || !tp_parse_cells(g, &rules, &f)) {
			t.bad_ref++;
			tap_diag("instance %ld: not a field: %s", i, g);
			continue;
		}
		t.fields++;
		t.tsu += rules.set == PUYO_RULES_TSU;
		t.chained += want.chains > 0;
		t.long_chains += want.chains >= 5;
		t.ojama += want.ojama_cleared > 0;
		t.full += puyo_field_count(&f) >= 72;
		for (int e = PUYO_ENGINE_PORTABLE; e <= PUYO_ENGINE_BMI2; e++)
			if (e != PUYO_ENGINE_BMI2 || bmi2)
				check_field(&f, &rules, (enum puyo_engine)e, &want, g, i, &rng, &t);
	}
	is_int(t.fields, count, "%ld random fields (seed %llu), engines: portable%s", count,
	       (unsigned long long)SEED, bmi2 ? " and BMI2" : " (no BMI2 here)");
	is_int(t.bad_trip, 0, "puyo_bits_load then puyo_bits_store gives the field back");
	is_int(t.bad_sim, 0, "puyo_bits_simulate = puyo_chain_run_engine: every total, the final field");
	is_int(t.bad_ref, 0, "puyo_bits_simulate = the BFS reference");
	is_int(t.bad_chains, 0, "puyo_bits_chains: the same count and final field");
	is_int(t.bad_moves, 0, "puyo_bits_moves = puyo_moves, on the start and the final field");
	is_int(t.bad_place, 0, "puyo_bits_place = puyo_place (legal or not), and the chain after it");
	tap_diag("tsu %ld, chained %ld, 5+ chains %ld, ojama cleared %ld, full fields %ld, "
		 "placements %ld", t.tsu, t.chained, t.long_chains, t.ojama, t.full, t.placed);
	long unit = count / 1000;
	ok(t.chained >= 300 * unit, "fields that chain: %ld", t.chained);
	ok(t.long_chains >= 2 * unit, "fields of 5 chains or more: %ld", t.long_chains);
	ok(t.ojama >= 30 * unit, "fields clearing ojama: %ld", t.ojama);
	ok(t.full >= 100 * unit, "full fields: %ld", t.full);
	ok(t.placed >= 500 * unit, "legal placements followed by a chain: %ld", t.placed);
	return tap_done();
}
