/*
 * Differential test of yut: the engine (lib/yut.c) against the plain
 * backtracking of bench/ref/yut_ref.c on seeded random dice, written as text
 * in the judge's format and in the line format.  Each plan is replayed to
 * check that it is legal and adds up to the total.  BL_TEST_QUICK=1 cuts the
 * counts for slow runs (valgrind).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/yut_ref.h"
#include "tap.h"

#define SEED 17825

enum outcome {
	VIA_10, VIA_20, VIA_30, REACH_END, CENTRE_TO_40, BLOCKED, START_SHARED, EARLY_END,
	PASS_HIGHER, NOUTCOMES
};

static const char *const outcome_name[NOUTCOMES] = {
	"blue from 10", "blue from 20", "blue from 30", "a horse reaches end",
	"from the centre to 40 or end", "a horse blocked in the plan",
	"two horses still on start at turn 5",
	"game over before the last die", "passing would score more",
};

static long seen[NOUTCOMES];

/* Random whitespace between tokens, as the judge format allows. */
static const char *sep(struct bl_rng *rng)
{
	static const char *const seps[] = { " ", " ", " ", "  ", "\t", "\n", "\r\n", " \n " };
	return seps[bl_rng_below(rng, sizeof seps / sizeof seps[0])];
}

/*
 * Replays the plan on the board with horses told apart: every move must be
 * legal with the die of its turn, the points must add up to the total, and
 * when the plan stops early no horse may be able to move.  Records which
 * outcomes of interest it shows.
 */
static int check_plan(const struct yut_game *g, const struct yut_result *res, bool *shows)
{
	const struct yut_board *b = g->board;
	int cells[YUT_MAX_HORSES];
	int64_t total = 0;

	for (int h = 0; h < g->horses; h++)
		cells[h] = b->start;
	for (size_t t = 0; t < res->nmoves; t++) {
		const struct yut_move *m = &res->moves[t];
		if (m->die != g->dice[t] || m->horse < 0 || m->horse >= g->horses ||
		    cells[m->horse] != m->from)
			return 0;
		if (yut_try_move(b, cells, g->horses, m->horse, m->die) != m->to)
			return 0;
		for (int h = 0; h < g->horses; h++)
			if (cells[h] != b->end && yut_try_move(b, cells, g->horses, h, m->die) ==
			    YUT_NONE)
				shows[BLOCKED] = true;
		if (t == 4) {
			int on_start = 0;
			for (int h = 0; h < g->horses; h++)
				on_start += cells[h] == b->start;
			if (on_start >= 2)
				shows[START_SHARED] = true;
		}
		const char *from = b->cells[m->from].name, *to = b->cells[m->to].name;
		if (strcmp(from, "10") == 0)
			shows[VIA_10] = true;
		if (strcmp(from, "20") == 0)
			shows[VIA_20] = true;
		if (strcmp(from, "30") == 0)
			shows[VIA_30] = true;
		if (m->to == b->end)
			shows[REACH_END] = true;
		if (from[0] == 'c' && (strcmp(to, "40") == 0 || m->to == b->end))
			shows[CENTRE_TO_40] = true;
		total += b->cells[m->to].score;
		if (m->points != b->cells[m->to].score || m->total != total)
			return 0;
		cells[m->horse] = m->to;
	}
	if (res->nmoves < g->ndice) {
		shows[EARLY_END] = true;
		for (int h = 0; h < g->horses; h++)
			if (yut_try_move(b, cells, g->horses, h, g->dice[res->nmoves]) != YUT_NONE)
				return 0;
	}
	return total == res->total;
}

/* text on one line: its whitespace as single spaces, for a TAP comment. */
static const char *flat(const char *text)
{
	static char buf[512];
	size_t n = 0;
	for (; *text && n + 1 < sizeof buf; text++) {
		bool space = *text == ' ' || *text == '\t' || *text == '\n' || *text == '\r';
		if (!space)
			buf[n++] = *text;
		else if (n && buf[n - 1] != ' ')
			buf[n++] = ' ';
	}
	buf[n] = '\0';
	return buf;
}

static void report(const char *text)
{
	tap_diag("input: '%s'", flat(text));
}

/*
 * One instance: the text is parsed by the engine (judge or line format) and
 * by the reference; both answers and the plan must agree.  Returns false on
 * a mismatch, after printing it.
 */
static bool run_one(const char *text, bool boj, int horses, long seed, long instance,
		    bool *shows)
{
	struct yut_game g;
	struct yut_result res;
	struct bl_reader rd;
	struct bl_err err;
	int dice[YUT_REF_MAX_DICE];
	bool good = true;

	yut_game_init(&g, yut_board_builtin());
	g.horses = horses;
	yut_result_init(&res);
	bl_err_clear(&err);
	bl_reader_init(&rd, text, strlen(text));
	struct yut_limits lim;
	if (boj)
		yut_limits_boj(&lim);
	else
		yut_limits_any(&lim);
	enum bl_code code = yut_parse(&g, &rd, &lim, &err);
	if (code == BL_OK)
		code = bl_expect_eof(&rd, &err);
	if (code == BL_OK)
		code = yut_plan(&g, &res, &err);
	int n = yut_ref_parse(text, dice, YUT_REF_MAX_DICE);
	if (code != BL_OK || n < 1 || (size_t)n != g.ndice) {
		tap_diag("seed %ld instance %ld: engine code %d (%s), reference parsed %d dice",
			 seed, instance, code, err.msg, n);
		report(text);
		good = false;
	} else {
		int want = yut_ref_best(dice, n, horses, 0);
		if (res.total != want) {
			tap_diag("seed %ld instance %ld (%d horses): engine %lld, reference %d",
				 seed, instance, horses, (long long)res.total, want);
			report(text);
			good = false;
		} else if (!check_plan(&g, &res, shows)) {
			tap_diag("seed %ld instance %ld: the plan is illegal or does not add up",
				 seed, instance);
			report(text);
			good = false;
		} else if (boj && yut_ref_best(dice, n, horses, 1) > want) {
			shows[PASS_HIGHER] = true;
			if (!seen[PASS_HIGHER])
				tap_diag("passing scores %d, the rules %d, for: %s",
					 yut_ref_best(dice, n, horses, 1), want, flat(text));
		}
	}
	yut_result_release(&res);
	yut_game_release(&g);
	return good;
}

static void count(const bool *shows)
{
	for (int k = 0; k < NOUTCOMES; k++)
		seen[k] += shows[k];
}

/* Judge instances: 10 dice, 4 horses, any whitespace. */
static void judge_instances(long count_want)
{
	struct bl_rng rng;
	char text[256];
	long bad = 0;

	for (long i = 0; i < count_want; i++) {
		bool shows[NOUTCOMES] = { false };
		size_t len = 0;
		/* Some runs favour one face so that long moves and blocking happen. */
		bl_rng_init_stream(&rng, SEED, (uint64_t)i);
		int bias = (int)bl_rng_below(&rng, 7);
		for (int k = 0; k < YUT_BOJ_DICE; k++) {
			int d = (int)bl_rng_range(&rng, 1, 5);
			if (bias >= 1 && bias <= 5 && bl_rng_below(&rng, 2))
				d = bias;
			len += (size_t)snprintf(text + len, sizeof text - len, "%s%d",
						k ? sep(&rng) : "", d);
		}
		if (bl_rng_below(&rng, 2))
			snprintf(text + len, sizeof text - len, "\n");
		if (!run_one(text, true, YUT_HORSES_DEFAULT, SEED, i, shows))
			bad++;
		count(shows);
	}
	is_int(bad, 0, "%ld judge instances (seed %d) agree with the reference", count_want, SEED);
}

/* The line format with 1..12 dice and 1..4 horses: games can end early. */
static void line_instances(long count_want)
{
	struct bl_rng rng;
	char text[256];
	long bad = 0;

	for (long i = 0; i < count_want; i++) {
		bool shows[NOUTCOMES] = { false };
		size_t len = 0;
		bl_rng_init_stream(&rng, SEED + 1, (uint64_t)i);
		int horses = (int)bl_rng_range(&rng, 1, 4);
		int n = (int)bl_rng_range(&rng, 1, horses == 4 ? 11 : 12);
		int lo = (int)bl_rng_range(&rng, 1, 5);
		for (int k = 0; k < n; k++)
			len += (size_t)snprintf(text + len, sizeof text - len, "%s%d", k ? " " : "",
						(int)bl_rng_range(&rng, lo, 5));
		if (!run_one(text, false, horses, SEED + 1, i, shows))
			bad++;
		count(shows);
	}
	is_int(bad, 0,
	       "%ld line-format instances (seed %d, 1 to 4 horses) agree with the reference",
	       count_want, SEED + 1);
}

/*
 * The write-up's fault: letting a horse on End "move" for 0 points is a pass,
 * and it can score more than the rules allow.  Uniform dice almost never show
 * it, so this searches where it lives: horses that finish fast on 4s and 5s,
 * then small dice that a pass would save.  Engine and reference must still
 * agree on the rules' answer for every one of them.
 */
static void pass_fault_search(long tries)
{
	struct bl_rng rng;
	char text[64];
	long bad = 0;

	for (long i = 0; i < tries; i++) {
		bool shows[NOUTCOMES] = { false };
		size_t len = 0;
		bl_rng_init_stream(&rng, SEED + 2, (uint64_t)i);
		for (int k = 0; k < YUT_BOJ_DICE; k++)
			len += (size_t)snprintf(text + len, sizeof text - len, "%s%d", k ? " " : "",
						(int)bl_rng_range(&rng, k < 7 ? 4 : 1, 5));
		if (!run_one(text, true, YUT_HORSES_DEFAULT, SEED + 2, i, shows))
			bad++;
		count(shows);
	}
	is_int(bad, 0, "%ld dice sequences of the pass search (seed %d) agree with the reference",
	       tries, SEED + 2);
}

/*
 * The bench's baseline, the backtracking that tries every horse (4^10
 * sequences), gives the same answers as the pruned reference.
 */
static void every_sequence(long count_want)
{
	struct bl_rng rng;
	long bad = 0;

	for (long i = 0; i < count_want; i++) {
		int dice[YUT_BOJ_DICE];
		bl_rng_init_stream(&rng, SEED + 3, (uint64_t)i);
		for (int k = 0; k < YUT_BOJ_DICE; k++)
			dice[k] = (int)bl_rng_range(&rng, 1, 5);
		int a = yut_ref_best(dice, YUT_BOJ_DICE, 4, 0),
		    b = yut_ref_best_every(dice, YUT_BOJ_DICE, 4);
		if (a != b) {
			tap_diag("seed %d instance %ld: pruned %d, every sequence %d", SEED + 3, i,
				 a, b);
			bad++;
		}
	}
	is_int(bad, 0, "%ld judge instances: the every-sequence backtracking agrees", count_want);
}

/*
 * Random boards (a ring with shortcuts, each cell's arrows forward) and 1
 * to 8 horses: the plan replays legally, adds up, and its total is solve's.
 */
static void random_boards(long count_want)
{
	struct yut_board *b = malloc(sizeof *b);
	struct bl_rng rng;
	long bad = 0, early = 0;

	for (long i = 0; i < count_want; i++) {
		struct yut_game g;
		struct yut_result plan, best;
		int dice[40];
		bool shows[NOUTCOMES] = { false };
		bl_rng_init_stream(&rng, SEED + 4, (uint64_t)i);
		int n = (int)bl_rng_range(&rng, 4, 24);
		b->ncells = n;
		b->start = 0;
		b->end = n - 1;
		for (int c = 0; c < n; c++) {
			snprintf(b->cells[c].name, YUT_NAME_MAX, "c%d", c);
			b->cells[c].score = c == n - 1 ? 0 : (int)bl_rng_range(&rng, 0, 60);
			b->cells[c].red = c == n - 1 ? YUT_NONE : c + 1;
			b->cells[c].blue = c < n - 3 && bl_rng_below(&rng, 5) == 0
						   ? (int)bl_rng_range(&rng, c + 2, n - 1)
						   : YUT_NONE;
		}
		/* Few dice for many horses: the states grow with both. */
		yut_game_init(&g, b);
		g.horses = (int)bl_rng_range(&rng, 1, 8);
		int nd = (int)bl_rng_range(&rng, 1, g.horses <= 3 ? 40 : 10);
		for (int k = 0; k < nd; k++)
			dice[k] = (int)bl_rng_range(&rng, 1, 5);
		yut_result_init(&plan);
		yut_result_init(&best);
		struct bl_err err;
		bl_err_clear(&err);
		if (yut_game_set_dice(&g, dice, (size_t)nd, &err) != BL_OK ||
		    yut_plan(&g, &plan, &err) != BL_OK || yut_solve(&g, &best, &err) != BL_OK ||
		    plan.total != best.total || !check_plan(&g, &plan, shows)) {
			tap_diag("seed %d board %ld (%d cells, %d horses, %d dice): plan %lld, "
				 "solve "
				 "%lld %s",
				 SEED + 4, i, n, g.horses, nd, (long long)plan.total,
				 (long long)best.total, err.msg);
			bad++;
		}
		early += shows[EARLY_END];
		yut_result_release(&plan);
		yut_result_release(&best);
		yut_game_release(&g);
	}
	is_int(bad, 0, "%ld random boards, 1 to 8 horses: plans replay, add up, match solve",
	       count_want);
	ok(early >= count_want / 20, "%ld of them end before the last die", early);
	free(b);
}

int main(void)
{
	bool quick = getenv("BL_TEST_QUICK") != NULL;
	long judge = quick ? 200 : 2000, lines = quick ? 100 : 1000, pass = quick ? 600 : 3000;
	static const long want_min[NOUTCOMES] = { 100, 100, 100, 100, 100, 20, 100, 10, 5 };

	judge_instances(judge);
	line_instances(lines);
	pass_fault_search(pass);
	every_sequence(quick ? 3 : 30);
	random_boards(quick ? 100 : 1000);
	for (int k = 0; k < NOUTCOMES; k++) {
		long need = quick ? (want_min[k] + 9) / 10 : want_min[k];
		tap_diag("%-40s %ld", outcome_name[k], seen[k]);
		ok(seen[k] >= need, "outcome '%s' covered at least %ld times", outcome_name[k],
		   need);
	}
	return tap_done();
}
