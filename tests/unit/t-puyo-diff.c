/*
 * Differential test of the puyo engine (BOJ 11559): random fields written as
 * text, parsed and solved by the library, against bench/ref/puyo_ref.c on
 * the same text.  The fields vary in height, colours and clustering (so long
 * chains are common), some float and go through --settle, some use the
 * one-line form.  A mismatch prints the seed, the instance and the field.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/puyo_ref.h"
#include "tap.h"

#define SEED UINT64_C(11559)
#define H PUYO_BOJ_ROWS
#define W PUYO_COLS

static const char colours[] = "RGBPY";

struct counts {
	long fields, by_chains[6];   /* 0, 1, 2, 3, 4, >= 5 chains */
	long max_chains, multi_group, five_plus, three_colours, settled, one_line;
};

static int pick(struct bl_rng *rng, int lo, int hi)
{
	return (int)bl_rng_range(rng, lo, hi);
}

/*
 * A random settled field, g[row][col] with row 0 the top line.  Column
 * heights follow one of a few profiles; each cell is a random colour of the
 * k in play, or copies the cell below or to its left, which grows the big
 * groups that make chains go on.
 */
static void gen_field(struct bl_rng *rng, char g[H][W])
{
	int k = pick(rng, 2, 5);
	int profile = pick(rng, 0, 3);
	int copy = pick(rng, 0, 55);          /* percent of cells copying a neighbour */
	char palette[5];

	memcpy(palette, colours, 5);
	for (int i = 4; i > 0; i--) {         /* which k colours: a random subset */
		int j = pick(rng, 0, i);
		char t = palette[i];
		palette[i] = palette[j];
		palette[j] = t;
	}
	memset(g, '.', (size_t)H * W);
	int base = pick(rng, 2, H);
	for (int c = 0; c < W; c++) {
		int h;
		switch (profile) {
		case 0:
			h = pick(rng, 0, H);
			break;
		case 1:
			h = pick(rng, H - 4, H);
			break;
		case 2:
			h = base + pick(rng, -2, 2);
			break;
		default:
			h = pick(rng, 0, 1) ? pick(rng, 6, H) : pick(rng, 0, 4);
			break;
		}
		h = h < 0 ? 0 : h > H ? H : h;
		for (int i = 0; i < h; i++) {
			int r = H - 1 - i, roll = pick(rng, 0, 99);
			char v = palette[pick(rng, 0, k - 1)];
			if (roll < copy / 2 && i > 0)
				v = g[r + 1][c];
			else if (roll < copy && c > 0 && g[r][c - 1] != '.')
				v = g[r][c - 1];
			g[r][c] = v;
		}
	}
}

static int ref_chains_of(char g[H][W])
{
	char text[H * (W + 1) + 1];
	for (int r = 0; r < H; r++) {
		memcpy(text + r * (W + 1), g[r], W);
		text[r * (W + 1) + W] = '\n';
	}
	text[H * (W + 1)] = '\0';
	return puyo_ref_chains(text, 0);
}

/*
 * Grows long chains: random edits (recolour a puyo, add one on a column,
 * take a top one off), each kept when the reference's chain count does not
 * drop.  Random fields alone rarely chain 4 times or more.
 */
static void climb(struct bl_rng *rng, char g[H][W], int tries)
{
	int best = ref_chains_of(g);
	for (int t = 0; t < tries; t++) {
		char save[H][W];
		int c = pick(rng, 0, W - 1), top = 0;
		memcpy(save, g, sizeof save);
		while (top < H && g[top][c] == '.')
			top++;
		switch (pick(rng, 0, 3)) {
		case 0:
		case 1:
			if (top < H)
				g[pick(rng, top, H - 1)][c] = colours[pick(rng, 0, 3)];
			break;
		case 2:
			if (top > 0)
				g[top - 1][c] = colours[pick(rng, 0, 3)];
			break;
		default:
			if (top < H)
				g[top][c] = '.';
			break;
		}
		int now = ref_chains_of(g);
		if (now >= best)
			best = now;
		else
			memcpy(g, save, sizeof save);
	}
}

/* Puts random holes under the puyos of some columns, so the field floats. */
static void unsettle(struct bl_rng *rng, char g[H][W])
{
	for (int c = 0; c < W; c++) {
		if (pick(rng, 0, 2))
			continue;
		char col[H];
		int n = 0;
		for (int r = H - 1; r >= 0; r--)
			if (g[r][c] != '.')
				col[n++] = g[r][c];
		int holes = H - n;
		for (int r = H - 1, i = 0; r >= 0; r--) {
			if (i < n && (holes == 0 || pick(rng, 0, 2))) {
				g[r][c] = col[i++];
			} else {
				g[r][c] = '.';
				holes--;
			}
		}
	}
}

static void judge_text(char g[H][W], bool crlf, bool final_newline, char *dst)
{
	size_t o = 0;
	for (int r = 0; r < H; r++) {
		memcpy(dst + o, g[r], W);
		o += W;
		if (r < H - 1 || final_newline) {
			if (crlf)
				dst[o++] = '\r';
			dst[o++] = '\n';
		}
	}
	dst[o] = '\0';
}

static void note(struct counts *n, const struct puyo_field *start, const struct puyo_rules *rules)
{
	struct puyo_field f = *start;
	struct puyo_step step;

	while (puyo_chain_step(&f, rules, &step)) {
		unsigned seen = 0;
		n->multi_group += step.ngroups >= 2;
		for (int g = 0; g < step.ngroups; g++) {
			n->five_plus += step.group[g].size >= 5;
			seen |= 1u << step.group[g].colour;
		}
		int ncol = 0;
		for (; seen; seen &= seen - 1)
			ncol++;
		n->three_colours += ncol >= 3;
	}
}

/* One instance; false (with the details printed) on a mismatch. */
static bool run_one(long i, struct counts *n)
{
	struct bl_rng rng;
	char g[H][W], judge[H * (W + 2) + 1], input[H * (W + 2) + 1];
	struct puyo_rules rules;
	struct puyo_field f;
	struct puyo_result res;
	struct bl_reader rd;
	struct bl_err err;
	struct puyo_limits lim;
	unsigned flags = 0;

	bl_rng_init_stream(&rng, SEED, (uint64_t)i);
	gen_field(&rng, g);
	if (pick(&rng, 0, 8) == 0)
		climb(&rng, g, 120);
	bool settle = pick(&rng, 0, 7) == 0;
	if (settle) {
		unsettle(&rng, g);
		flags = PUYO_PARSE_SETTLE;
	}
	judge_text(g, pick(&rng, 0, 9) == 0, pick(&rng, 0, 9) != 0, judge);
	bool one_line = pick(&rng, 0, 5) == 0;
	if (one_line) {
		memcpy(input, g, (size_t)H * W);
		input[H * W] = '\n';
		input[H * W + 1] = '\0';
		puyo_limits_any(&lim);
	} else {
		puyo_limits_boj(&lim);
		strcpy(input, judge);
	}

	int popped = 0;
	char final[H * W + 1];
	int want = puyo_ref_run(judge, settle, &popped, final);

	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	bl_reader_init(&rd, input, strlen(input));
	bl_err_clear(&err);
	enum bl_code code = puyo_parse(&f, &rd, &rules, flags, &lim, &err);
	bool good = code == BL_OK && bl_expect_eof(&rd, &err) == BL_OK && want >= 0;
	char got_final[H * W + 1] = "";
	bool steps_agree = false;
	if (good) {
		int step_chains = 0, step_popped = 0;
		puyo_solve(&f, &rules, &res, NULL);
		for (int r = 0; r < H; r++)
			for (int c = 0; c < W; c++)
				got_final[r * W + c] = puyo_cell_char(res.final.cell[H - 1 - r][c]);
		got_final[H * W] = '\0';
		struct puyo_field s = f;
		struct puyo_step step;
		while (puyo_chain_step(&s, &rules, &step)) {
			step_chains++;
			step_popped += step.npopped;
		}
		steps_agree = step_chains == res.chains && step_popped == res.popped &&
			      memcmp(&s, &res.final, sizeof s) == 0;
		good = res.chains == want && res.popped == popped && strcmp(got_final, final) == 0 &&
		       steps_agree;
	}
	if (!good) {
		tap_diag("mismatch: seed %llu instance %ld%s%s", (unsigned long long)SEED, i,
			 settle ? " (--settle)" : "", one_line ? " (one-line form)" : "");
		if (code != BL_OK || err.code != BL_OK)
			tap_diag("  library rejected it: %d:%d: %s", err.line, err.col, err.msg);
		else
			tap_diag("  library: %d chains, %d popped, steps %s; ref: %d chains, %d popped",
				 res.chains, res.popped, steps_agree ? "agree" : "disagree", want,
				 popped);
		tap_diag("  final: library %s", got_final);
		tap_diag("         ref     %s", final);
		for (int r = 0; r < H; r++)
			tap_diag("  %.6s", g[r]);
		return false;
	}

	n->fields++;
	n->by_chains[want < 5 ? want : 5]++;
	if (want > n->max_chains)
		n->max_chains = want;
	n->settled += settle;
	n->one_line += one_line;
	note(n, &f, &rules);
	return true;
}

int main(void)
{
	const char *quick = getenv("BL_TEST_QUICK");
	long count = quick && *quick && strcmp(quick, "0") != 0 ? 2000 : 10000;
	struct counts n;
	long bad = 0;

	memset(&n, 0, sizeof n);
	for (long i = 0; i < count && bad < 5; i++)
		bad += !run_one(i, &n);
	ok(bad == 0, "BOJ 11559: %ld random fields, engine = reference (seed %llu)", count,
	   (unsigned long long)SEED);
	is_int(n.fields, count, "every field compared");

	tap_diag("chains 0:%ld 1:%ld 2:%ld 3:%ld 4:%ld 5+:%ld, longest %ld", n.by_chains[0],
		 n.by_chains[1], n.by_chains[2], n.by_chains[3], n.by_chains[4], n.by_chains[5],
		 n.max_chains);
	tap_diag("steps with 2+ groups %ld, groups of 5+ %ld, steps with 3+ colours %ld",
		 n.multi_group, n.five_plus, n.three_colours);
	tap_diag("--settle fields %ld, one-line fields %ld", n.settled, n.one_line);

	/* Minimums for the default run's coverage, scaled for BL_TEST_QUICK. */
	long unit = count / 2000;
	ok(n.by_chains[0] >= 60 * unit, "fields with no chain: %ld", n.by_chains[0]);
	ok(n.by_chains[1] >= 100 * unit, "fields with 1 chain: %ld", n.by_chains[1]);
	ok(n.by_chains[2] >= 100 * unit, "fields with 2 chains: %ld", n.by_chains[2]);
	ok(n.by_chains[3] >= 50 * unit, "fields with 3 chains: %ld", n.by_chains[3]);
	ok(n.by_chains[4] + n.by_chains[5] >= 50 * unit, "fields with 4 or more chains: %ld",
	   n.by_chains[4] + n.by_chains[5]);
	ok(n.by_chains[5] >= 20 * unit, "fields with 5 or more chains: %ld", n.by_chains[5]);
	ok(n.max_chains >= 7, "a field with 7 chains or more: the longest has %ld", n.max_chains);
	ok(n.multi_group >= 100 * unit, "steps popping 2 or more groups: %ld", n.multi_group);
	ok(n.five_plus >= 100 * unit, "groups of 5 or more: %ld", n.five_plus);
	ok(n.three_colours >= 50 * unit, "steps popping 3 or more colours: %ld", n.three_colours);
	ok(n.settled >= 100 * unit, "fields through --settle: %ld", n.settled);
	ok(n.one_line >= 100 * unit, "fields in the one-line form: %ld", n.one_line);
	return tap_done();
}
