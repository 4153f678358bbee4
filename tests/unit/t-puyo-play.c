/*
 * Unit tests of puyo_play and the chain record: the steps it hands to its
 * callback and the totals it returns agree with puyo_solve on every
 * engine, so a trace runs the chain once; stopping early; the arguments it
 * refuses.
 */
#include <stdio.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* A random settled field of rules: random column heights, few colours, ojama under Tsu. */
static void random_field(struct bl_rng *rng, const struct puyo_rules *rules, struct puyo_field *f)
{
	int colours = (int)bl_rng_range(rng, 2, 4);

	puyo_field_init(f, rules->rows);
	for (int c = 0; c < PUYO_COLS; c++) {
		int h = (int)bl_rng_range(rng, 0, rules->rows);
		for (int r = 0; r < h; r++) {
			int v = PUYO_RED + (int)bl_rng_below(rng, (uint64_t)colours);
			if (rules->ojama && bl_rng_below(rng, 10) == 0)
				v = PUYO_OJAMA;
			f->cell[r][c] = (unsigned char)v;
		}
	}
}

/* What the callback saw, checked against the iterator step by step. */
struct seen {
	struct puyo_chain ch;      /* run alongside */
	int steps, stop_after;     /* stop_after 0: never stop */
	int popped, cleared;
	long long score;
	bool agree;
};

static bool on_step(void *vctx, const struct puyo_step *step)
{
	struct seen *s = vctx;
	struct puyo_step want;

	if (!puyo_chain_next(&s->ch, &want) || want.chain != step->chain ||
	    step->chain != s->steps + 1 || want.score != step->score ||
	    want.npopped != step->npopped || want.nojama != step->nojama ||
	    memcmp(&s->ch.field, &step->field, sizeof step->field) != 0)
		s->agree = false;
	s->steps++;
	s->popped += step->npopped;
	s->cleared += step->nojama;
	s->score += step->score;
	return s->stop_after == 0 || s->steps < s->stop_after;
}

static bool same_result(const struct puyo_result *a, const struct puyo_result *b)
{
	return a->chains == b->chains && a->popped == b->popped && a->score == b->score &&
	       a->ojama_sent == b->ojama_sent && a->ojama_cleared == b->ojama_cleared &&
	       a->all_clear == b->all_clear && memcmp(&a->final, &b->final, sizeof a->final) == 0;
}

/* Many random fields, both rule sets, 12 to 14 rows, every engine that runs here. */
static void test_agree(void)
{
	long fields = 0, chained = 0, bad_result = 0, bad_steps = 0, bad_record = 0;

	for (int e = PUYO_ENGINE_AUTO; e <= PUYO_ENGINE_BMI2; e++) {
		if (!puyo_engine_available((enum puyo_engine)e))
			continue;
		for (int i = 0; i < 3000; i++) {
			struct bl_rng rng;
			struct puyo_rules rules;
			struct puyo_field f;
			struct puyo_result run, play;
			struct seen s;
			bl_rng_init_stream(&rng, 15, (uint64_t)i);
			puyo_rules_init(&rules, i % 2 ? PUYO_RULES_TSU : PUYO_RULES_BOJ);
			puyo_rules_set_rows(&rules, 12 + i % 3);
			puyo_rules_set_engine(&rules, (enum puyo_engine)e);
			random_field(&rng, &rules, &f);
			puyo_field_settle(&f);
			memset(&s, 0, sizeof s);
			s.agree = true;
			puyo_chain_start(&s.ch, &f, &rules);
			puyo_solve(&f, &rules, &run, NULL);
			if (puyo_play(&f, &rules, on_step, &s, &play, NULL) != BL_OK ||
			    !same_result(&run, &play))
				bad_result++;
			if (!s.agree || s.steps != run.chains || s.popped != run.popped ||
			    s.cleared != run.ojama_cleared || s.score != run.score)
				bad_steps++;
			struct puyo_result rec;
			puyo_chain_result(&s.ch, &rec);
			if (!same_result(&rec, &run))
				bad_record++;
			fields++;
			chained += run.chains >= 2;
		}
	}
	is_int(bad_result, 0, "puyo_play's totals are puyo_solve's (%ld fields)", fields);
	is_int(bad_steps, 0, "its steps are the iterator's, and add up to the totals");
	is_int(bad_record, 0, "the chain record's totals at the end are puyo_solve's");
	ok(chained >= fields / 10, "fields of 2 chains or more among them (%ld)", chained);
}

static const char sample[] =
	"......\n......\n......\n......\n......\n......\n"
	"......\n......\n.Y....\n.YG...\nRRYG..\nRRYGG.\n";

static void read_sample(struct puyo_rules *rules, struct puyo_field *f)
{
	struct puyo_limits lim;
	struct bl_reader rd;

	puyo_rules_init(rules, PUYO_RULES_TSU);
	puyo_limits_boj(&lim);
	bl_reader_init(&rd, sample, strlen(sample));
	ok(puyo_parse(f, &rd, rules, 0, &lim, NULL) == BL_OK, "the sample parses");
}

static void test_stop(void)
{
	struct puyo_rules rules;
	struct puyo_field f;
	struct puyo_result res;
	struct seen s;

	read_sample(&rules, &f);
	memset(&s, 0, sizeof s);
	s.agree = true;
	s.stop_after = 2;
	puyo_chain_start(&s.ch, &f, &rules);
	is_int(puyo_play(&f, &rules, on_step, &s, &res, NULL), BL_OK, "stopped: BL_OK");
	ok(s.steps == 2 && res.chains == 2 && res.score == 40 + 320 && !res.all_clear,
	   "stopped after 2 of 3 steps: the totals of 2 (%d, %lld)", res.chains, res.score);
	ok(memcmp(&res.final, &s.ch.field, sizeof f) == 0, "final is the field after step 2");

	is_int(puyo_play(&f, &rules, NULL, NULL, &res, NULL), BL_OK, "no callback: BL_OK");
	ok(res.chains == 3 && res.score == 1000 && res.ojama_sent == 14 && res.all_clear,
	   "no callback: the whole chain, 3 chains, 1000 points, 14 ojama, all clear");
}

static void test_refused(void)
{
	struct puyo_rules rules, boj;
	struct puyo_field f, g;
	struct puyo_result res;
	struct bl_err err;

	read_sample(&rules, &f);
	g = f;
	g.rows = 12;
	bl_err_clear(&err);
	is_int(puyo_play(&g, &rules, NULL, NULL, &res, &err), BL_ERR_ARG, "rows differ: refused");
	is_str(err.msg, "the field has 12 rows, the rules 13", "rows differ: message");

	g = f;
	g.cell[5][0] = PUYO_RED;
	bl_err_clear(&err);
	is_int(puyo_play(&g, &rules, NULL, NULL, &res, &err), BL_ERR_ARG, "floating: refused");
	is_str(err.msg, "the field is not settled: the puyo at row 8, column 1 floats",
	       "floating: message, rows numbered as the input");

	puyo_rules_init(&boj, PUYO_RULES_BOJ);
	puyo_field_init(&g, 12);
	g.cell[0][2] = PUYO_OJAMA;
	bl_err_clear(&err);
	is_int(puyo_play(&g, &boj, NULL, NULL, &res, &err), BL_ERR_ARG, "ojama under BOJ: refused");
	is_str(err.msg, "the field has a cell of kind 7 at row 12, column 3", "ojama: message");

	boj.pop = 0;
	puyo_field_init(&g, 12);
	bl_err_clear(&err);
	is_int(puyo_play(&g, &boj, NULL, NULL, &res, &err), BL_ERR_ARG, "pop 0: refused");

	if (!puyo_engine_available(PUYO_ENGINE_BMI2)) {
		puyo_rules_set_engine(&rules, PUYO_ENGINE_BMI2);
		is_int(puyo_play(&f, &rules, NULL, NULL, &res, NULL), BL_ERR_ARG,
		       "BMI2 asked for on a CPU without it: refused");
	} else {
		ok(true, "BMI2 available: nothing to refuse");
	}
}

/* The next pairs as best --next takes them. */
static void test_pairs_parse(void)
{
	struct puyo_pair p[2];

	ok(puyo_pairs_parse("RG", p) == 1 && p[0].axis == PUYO_RED && p[0].child == PUYO_GREEN,
	   "one pair: axis, then child");
	ok(puyo_pairs_parse("RG,BY", p) == 2 && p[1].axis == PUYO_BLUE && p[1].child == PUYO_YELLOW,
	   "two pairs");
	ok(puyo_pairs_parse("R", p) == 0 && puyo_pairs_parse("RG,B", p) == 0 &&
	   puyo_pairs_parse("RGBY", p) == 0 && puyo_pairs_parse("", p) == 0, "other lengths: none");
	ok(puyo_pairs_parse("R.", p) == 0 && puyo_pairs_parse("RG,OY", p) == 0,
	   "an empty cell or ojama is no colour");
}

int main(void)
{
	test_agree();
	test_stop();
	test_refused();
	test_pairs_parse();
	return tap_done();
}
