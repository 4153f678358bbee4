/*
 * puyo under Tsu's rules: the check values (F19: 19 chains, 175,080 points;
 * the BOJ sample: 3 chains, 1,000 points), the score terms, ojama and the
 * hidden rows by hand, the field formats and their diagnostics, and the
 * placement search against a brute force written here from the rules of
 * include/boardlab/puyo.h, scored by the plain reference.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/puyo_ref.h"
#include "tap.h"

#define W PUYO_COLS

static const char *const sample =
	"......\n......\n......\n......\n......\n......\n"
	"......\n......\n.Y....\n.YG...\nRRYG..\nRRYGG.\n";

static const char f19[] =
	".G.BRGGBRRYRRRYYBYRGYRBRYGYRBYYGBGYRGRBGYRBRBYBYRYYBYYBRBYBRBGBYRRYGBGBGRBGBGG";

static struct puyo_rules tsu_rules(void)
{
	struct puyo_rules r;
	puyo_rules_init(&r, PUYO_RULES_TSU);
	return r;
}

static enum bl_code parse(const char *text, const struct puyo_rules *rules, unsigned flags,
			  struct puyo_field *f, struct bl_err *err)
{
	struct bl_reader rd;

	struct puyo_limits lim;

	puyo_limits_any(&lim);
	bl_err_clear(err);
	bl_reader_init(&rd, text, strlen(text));
	return puyo_parse(f, &rd, rules, flags, &lim, err);
}

static void test_check_values(void)
{
	struct puyo_rules r = tsu_rules();
	struct puyo_field f;
	struct puyo_result res;
	struct bl_err err;

	ok(r.rows == 13 && r.visible == 12 && r.pop == 4 && r.ojama, "tsu: 13 rows, 12 visible");
	is_int(parse(f19, &r, 0, &f, &err), BL_OK, "F19 parses in the one-line form of 78");
	for (int e = PUYO_ENGINE_AUTO; e <= PUYO_ENGINE_BMI2; e++) {
		if (!puyo_engine_available((enum puyo_engine)e))
			continue;
		puyo_chain_run_engine(&f, &r, (enum puyo_engine)e, &res);
		ok(res.chains == 19 && res.score == 175080, "F19, engine %d: 19 chains, 175,080 points "
		   "(got %d, %lld)", e, res.chains, res.score);
	}
	ok(res.all_clear == false || puyo_field_count(&res.final) == 0, "all clear only when empty");
	is_int(res.ojama_sent, 175080 / 70, "F19 sends 2,501 ojama");

	is_int(parse(sample, &r, 0, &f, &err), BL_OK, "the BOJ sample reads as a Tsu field of 12 lines");
	puyo_solve(&f, &r, &res, NULL);
	ok(res.chains == 3 && res.score == 1000 && res.all_clear,
	   "the BOJ sample: 3 chains, 1,000 points, all clear (got %d, %lld)", res.chains, res.score);
	is_int(res.ojama_sent, 14, "and 14 ojama: 40/70, then 360/70, then 1000/70 with the carry");

	struct puyo_chain ch;
	struct puyo_step s;
	long long want[3] = { 40, 320, 640 };
	puyo_chain_start(&ch, &f, &r);
	for (int i = 0; i < 3; i++) {
		ok(puyo_chain_next(&ch, &s) && s.chain == i + 1 && s.score == want[i],
		   "sample step %d scores %lld", i + 1, want[i]);
	}
	ok(!puyo_chain_next(&ch, &s), "and stops after 3");
}

static void test_terms(void)
{
	is_int(puyo_chain_power(1), 0, "CP 1");
	is_int(puyo_chain_power(4), 32, "CP 4");
	is_int(puyo_chain_power(5), 64, "CP 5");
	is_int(puyo_chain_power(6), 96, "CP 6: +32");
	is_int(puyo_chain_power(19), 512, "CP 19");
	is_int(puyo_colour_bonus(1), 0, "CB 1");
	is_int(puyo_colour_bonus(2), 3, "CB 2");
	is_int(puyo_colour_bonus(5), 24, "CB 5");
	is_int(puyo_group_bonus(4), 0, "GB 4");
	is_int(puyo_group_bonus(5), 2, "GB 5");
	is_int(puyo_group_bonus(10), 7, "GB 10");
	is_int(puyo_group_bonus(11), 10, "GB 11");
	is_int(puyo_group_bonus(30), 10, "GB 30");
	is_int(puyo_group_bonus(3), 0, "GB of a group under 4 (--pop 3)");

	/* Two colours at once, one group of 5: 10 x 9 x (0 + 3 + 2) = 450. */
	struct puyo_rules r = tsu_rules();
	struct puyo_field f;
	struct puyo_result res;
	struct bl_err err;
	is_int(parse("......\n......\n......\n......\n......\n......\n......\n"
		     "......\n......\n......\nRRGG..\nRRRGG.\n", &r, 0, &f, &err),
	       BL_OK, "a two-colour field parses");
	puyo_solve(&f, &r, &res, NULL);
	ok(res.chains == 1 && res.score == 450 && res.popped == 9,
	   "R x5 and G x4 at once: 450 points (got %lld)", res.score);
}

static void test_ojama_hidden(void)
{
	struct puyo_rules r = tsu_rules();
	struct puyo_field f;
	struct puyo_result res;
	struct bl_err err;

	/* Ojama next to the popping reds go; the one two cells away stays. */
	is_int(parse("......\n......\n......\n......\n......\n......\n......\n......\n......\n"
		     "......\nO.....\nRRRRO.\nOOOOOO\n", &r, 0, &f, &err), BL_OK,
	       "13 lines with ojama");
	puyo_solve(&f, &r, &res, NULL);
	ok(res.chains == 1 && res.ojama_cleared == 6 && puyo_field_count(&res.final) == 2,
	   "4 reds pop and clear the 6 ojama they touch (got %d cleared, %d left)",
	   res.ojama_cleared, puyo_field_count(&res.final));

	/* A red in the hidden row does not count: 3 visible reds and 1 hidden. */
	static const unsigned char col0[13] = { PUYO_GREEN, PUYO_GREEN, PUYO_GREEN, PUYO_GREEN,
						PUYO_BLUE, PUYO_YELLOW, PUYO_BLUE, PUYO_YELLOW,
						PUYO_BLUE, PUYO_RED, PUYO_RED, PUYO_RED, PUYO_RED };
	puyo_field_init(&f, 13);
	for (int row = 0; row < 13; row++)
		f.cell[row][0] = col0[row];
	f.cell[0][0] = PUYO_BLUE;
	puyo_solve(&f, &r, &res, NULL);
	is_int(res.chains, 0, "a hidden puyo never pops: RRR + a hidden R is no group");
	f.cell[0][0] = PUYO_GREEN;
	puyo_solve(&f, &r, &res, NULL);
	ok(res.chains == 2 && res.popped == 8,
	   "after GGGG pops, the hidden R falls into view and pops in chain 2 (got %d)",
	   res.chains);

	/* An ojama in the hidden row stays however the reds below pop. */
	struct puyo_field g;
	puyo_field_init(&g, 13);
	for (int row = 0; row < 12; row++)
		g.cell[row][0] = row < 4 ? PUYO_RED : PUYO_BLUE + (row & 1);
	g.cell[12][0] = PUYO_OJAMA;
	g.cell[0][1] = PUYO_OJAMA;
	puyo_solve(&g, &r, &res, NULL);
	ok(res.chains == 1 && res.ojama_cleared == 1 && res.final.cell[8][0] == PUYO_OJAMA,
	   "the red pops clear the ojama beside them; the hidden one falls and stays");

	/* 14 rows: both hidden rows fall and never pop. */
	struct puyo_rules r14 = tsu_rules();
	puyo_rules_set_rows(&r14, 14);
	ok(r14.rows == 14 && r14.visible == 12, "--rows 14: 12 visible");
	puyo_field_init(&g, 14);
	for (int row = 0; row < 14; row++)
		g.cell[row][0] = row < 12 ? (row < 4 ? PUYO_RED : PUYO_GREEN + (row & 1)) : PUYO_RED;
	puyo_solve(&g, &r14, &res, NULL);
	ok(res.chains == 1 && res.final.cell[9][0] == PUYO_RED && res.final.cell[8][0] == PUYO_RED,
	   "rows 13 and 14 fall into view after the pop (and would need a 4th red)");
}

static void bad(const char *name, const char *text, const struct puyo_rules *rules,
		unsigned flags, const char *msg, int line, int col)
{
	struct puyo_field f;
	struct bl_err err;

	enum bl_code c = parse(text, rules, flags, &f, &err);
	ok(c == BL_ERR_INPUT && strcmp(err.msg, msg) == 0 && err.line == line && err.col == col,
	   "%s: %d:%d: %s (got %d:%d: %s)", name, line, col, msg, err.line, err.col, err.msg);
}

static void test_formats(void)
{
	struct puyo_rules r = tsu_rules(), r14 = tsu_rules(), boj;
	struct puyo_field f, g;
	struct bl_err err;
	char line72[73], line84[85], text[400];

	puyo_rules_init(&boj, PUYO_RULES_BOJ);
	puyo_rules_set_rows(&r14, 14);
	memcpy(line72, f19 + 6, 72);
	line72[72] = '\0';
	is_int(parse(line72, &r, 0, &f, &err), BL_OK, "tsu: one line of 72, the hidden row empty");
	int hidden = 0;
	for (int c = 0; c < W; c++)
		hidden += f.cell[12][c] != PUYO_EMPTY;
	is_int(hidden, 0, "the hidden row stays empty");
	memset(line84, '.', 84);
	memcpy(line84 + 6, f19, 78);
	line84[84] = '\0';
	is_int(parse(line84, &r14, 0, &g, &err), BL_OK, "--rows 14: one line of 84");

	/* 13 lines, rows one per line, equals the one-line form. */
	for (int row = 0; row < 13; row++) {
		memcpy(text + 7 * row, f19 + 6 * row, 6);
		text[7 * row + 6] = '\n';
	}
	text[7 * 13] = '\0';
	is_int(parse(text, &r, 0, &g, &err), BL_OK, "13 lines");
	is_int(parse(f19, &r, 0, &f, &err), BL_OK, "78 cells");
	ok(memcmp(&f, &g, sizeof f) == 0, "13 lines = one line of 78");

	/* In a batch, a blank line ends a 12-line field; the next line is a 13th row. */
	struct bl_reader rd;
	const char *two = "......\n......\n......\n......\n......\n......\n......\n......\n"
			  "......\n......\n......\nRRRR..\n\n"
			  "......\n......\n......\n......\n......\n......\n......\n......\n"
			  "......\n......\n......\n......\nGGGG..\n";
	struct puyo_limits any;
	puyo_limits_any(&any);
	bl_err_clear(&err);
	bl_reader_init(&rd, two, strlen(two));
	ok(puyo_parse(&f, &rd, &r, 0, &any, &err) == BL_OK &&
	   puyo_parse(&g, &rd, &r, 0, &any, &err) == BL_OK &&
	   bl_reader_eof(&rd) && f.cell[0][0] == PUYO_RED && g.cell[0][0] == PUYO_GREEN,
	   "a 12-line field, a blank line, a 13-line field");

	bad("tsu: no field", "", &r, 0, "expected 12 or 13 rows, found end of input", 1, 1);
	bad("tsu: 11 rows", "......\n......\n......\n......\n......\n......\n......\n......\n"
	    "......\n......\nRRRR..\n", &r, 0, "expected 12 or 13 rows, found end of input after 11",
	    11, 7);
	bad("--rows 14: 11 rows", "......\n......\n......\n......\n......\n......\n......\n"
	    "......\n......\n......\nRRRR..\n", &r14, 0,
	    "expected 12 to 14 rows, found end of input after 11", 11, 7);
	bad("tsu: a long first row", "RRRRRRR", &r, 0,
	    "row 1 has 7 cells, expected 6 (or 72 or 78 in the one-line form)", 1, 1);
	bad("tsu: an unknown letter", "......\n..X...\n", &r, 0,
	    "expected a puyo R, G, B, P, Y, O (ojama) or '.', found 'X'", 2, 3);
	bad("boj: ojama is unknown", "......\n..O...\n", &boj, 0,
	    "expected a puyo R, G, B, P, Y or '.', found 'O'", 2, 3);
	bad("tsu: a floating ojama", "......\n......\n......\n......\n......\n......\n......\n"
	    "......\n......\n......\nO.....\n......\nRRRR..\n", &r, 0,
	    "floating puyo 'O' at row 11, column 1: the cell below it is empty", 11, 1);
	bad("tsu: floating, 12 lines: rows as the input numbers them", "......\n......\n......\n"
	    "......\n......\n......\n......\n......\n......\n.R....\n......\nRRRR..\n", &r, 0,
	    "floating puyo 'R' at row 10, column 2: the cell below it is empty", 10, 2);
	bad("tsu: floating in the one-line form", "R......................................"
	    "......................................R", &r, 0,
	    "floating puyo 'R' at row 1, column 1: the cell below it is empty", 1, 1);
	is_int(parse("......\n......\n......\n......\n......\n......\n......\n......\n......\n"
		     "......\nO.....\n......\nRRRR..\n", &r, PUYO_PARSE_SETTLE, &f, &err), BL_OK,
	       "--settle drops the ojama");
	ok(f.cell[1][0] == PUYO_OJAMA, "onto the reds");
}

/* ---- the placement search against a brute force ---- */

struct grid {
	int rows;
	char c[PUYO_ROWS_MAX][W];   /* [row from the floor][column] */
};

static int col_height(const struct grid *g, int c)
{
	int h = 0;
	while (h < g->rows && g->c[h][c] != '.')
		h++;
	return h;
}

/* The documented rules, written again: see puyo_place in include/boardlab/puyo.h. */
static bool brute_place(struct grid *g, char axis, char child, int col, int rot)
{
	static const int dx[4] = { 0, 1, 0, -1 };
	int cc = col + dx[rot], h[W];

	if (cc < 0 || cc >= W)
		return false;
	for (int c = 0; c < W; c++)
		h[c] = col_height(g, c);
	if (h[2] >= 12)
		return false;
	for (int k = 0; k < 2; k++) {
		int target = k ? cc : col;
		int lo = target < 2 ? target : 2, hi = target < 2 ? 2 : target;
		for (int c = lo; c <= hi; c++)
			if (h[c] >= 12)
				return false;
	}
	int first_col = rot == 2 ? cc : col, second_col = rot == 2 ? col : cc;
	char first = rot == 2 ? child : axis, second = rot == 2 ? axis : child;
	struct grid t = *g;
	int fc[2] = { first_col, second_col };
	char fk[2] = { first, second };
	for (int k = 0; k < 2; k++) {
		int y = col_height(&t, fc[k]);
		if (y >= t.rows)
			return false;   /* above the field */
		t.c[y][fc[k]] = fk[k];
	}
	*g = t;
	return true;
}

static void grid_cells(const struct grid *g, char *dst)
{
	for (int t = 0; t < g->rows; t++)
		for (int c = 0; c < W; c++)
			dst[t * W + c] = g->c[g->rows - 1 - t][c];
	dst[g->rows * W] = '\0';
}

/* Runs the chain with the reference: the score, the chains, the field after. */
static long long brute_chain(struct grid *g, const struct puyo_rules *rules, int *chains)
{
	struct puyo_ref_rules rr = { rules->rows, rules->visible, rules->pop };
	struct puyo_ref_out o;
	char cells[PUYO_CELLS_MAX + 1];

	grid_cells(g, cells);
	*chains = puyo_ref_sim(cells, &rr, &o);
	for (int t = 0; t < g->rows; t++)
		for (int c = 0; c < W; c++)
			g->c[g->rows - 1 - t][c] = o.final[t * W + c];
	return o.score;
}

static void random_grid(struct bl_rng *rng, struct grid *g, int rows, bool ojama)
{
	int k = (int)bl_rng_range(rng, 2, 4);
	memset(g->c, '.', sizeof g->c);
	g->rows = rows;
	for (int c = 0; c < W; c++) {
		int roll = (int)bl_rng_range(rng, 0, 9);
		int h = roll < 5 ? (int)bl_rng_range(rng, 0, 10) :
			roll < 8 ? (int)bl_rng_range(rng, 10, 12) : (int)bl_rng_range(rng, 12, rows);
		for (int y = 0; y < h; y++) {
			char v = "RGBY"[bl_rng_range(rng, 0, k - 1)];
			if (ojama && bl_rng_range(rng, 0, 9) == 0)
				v = 'O';
			if (y > 0 && bl_rng_range(rng, 0, 2) == 0 && g->c[y - 1][c] != 'O')
				v = g->c[y - 1][c];
			g->c[y][c] = v;
		}
	}
}

static void grid_field(const struct grid *g, struct puyo_field *f)
{
	static const char *letters = ".RGBPY?O";
	puyo_field_init(f, g->rows);
	for (int y = 0; y < g->rows; y++)
		for (int c = 0; c < W; c++)
			f->cell[y][c] = (unsigned char)(strchr(letters, g->c[y][c]) - letters);
}

static void test_best(void)
{
	struct bl_rng rng;
	long fields = 0, bad1 = 0, bad2 = 0, bad_order = 0, moves = 0, none = 0, partial = 0,
	     chained = 0, same_colour = 0;
	const char *quick = getenv("BL_TEST_QUICK");
	int count = quick && *quick == '1' ? 300 : 1500;

	bl_rng_init(&rng, 1106);
	for (int i = 0; i < count; i++) {
		bool tsu = i % 2;
		struct puyo_rules rules;
		struct grid g;
		struct puyo_field f;
		struct puyo_plan plan[PUYO_MOVES_MAX];
		struct puyo_pair pairs[2];
		char pc[4];

		puyo_rules_init(&rules, tsu ? PUYO_RULES_TSU : PUYO_RULES_BOJ);
		random_grid(&rng, &g, rules.rows, tsu);
		/* The reference settles nothing: run the field's own chain away first. */
		int c0;
		brute_chain(&g, &rules, &c0);
		grid_field(&g, &f);
		for (int k = 0; k < 4; k++)
			pc[k] = "RGBY"[bl_rng_range(&rng, 0, 3)];
		if (i % 7 == 0)
			pc[1] = pc[0];
		for (int k = 0; k < 2; k++) {
			pairs[k].axis = (unsigned char)puyo_cell_from_char(pc[2 * k]);
			pairs[k].child = (unsigned char)puyo_cell_from_char(pc[2 * k + 1]);
		}
		int npairs = i % 3 == 0 ? 2 : 1;
		int n = puyo_best(&f, &rules, pairs, npairs, plan);
		fields++;
		none += n == 0;
		same_colour += pc[0] == pc[1] && n > 0;
		partial += n > 0 && n < (pc[0] == pc[1] ? 11 : 22);

		/* Brute force: every (column, rotation), deduplicated for one colour. */
		int found = 0;
		for (int col = 0; col < W; col++)
			for (int rot = 0; rot < 4; rot++) {
				if (pc[0] == pc[1] && rot >= 2)
					continue;
				struct grid t = g;
				if (!brute_place(&t, pc[0], pc[1], col, rot))
					continue;
				int ch;
				long long s = brute_chain(&t, &rules, &ch);
				chained += ch > 0;
				long long total = s;
				if (npairs == 2) {
					long long best2 = -1;
					for (int c2 = 0; c2 < W; c2++)
						for (int r2 = 0; r2 < 4; r2++) {
							struct grid u = t;
							if (pc[2] == pc[3] && r2 >= 2)
								continue;
							if (!brute_place(&u, pc[2], pc[3], c2, r2))
								continue;
							int ch2;
							long long s2 = brute_chain(&u, &rules, &ch2);
							best2 = s2 > best2 ? s2 : best2;
						}
					total += best2 > 0 ? best2 : 0;
				}
				found++;
				moves++;
				/* The plan with this first move. */
				int k;
				for (k = 0; k < n; k++)
					if (plan[k].move[0].col == col && plan[k].move[0].rot == rot)
						break;
				if (k == n || plan[k].score[0] != s || plan[k].chains[0] != ch) {
					if (bad1++ < 3)
						tap_diag("field %d move %d/%d: brute %lld, search %s", i, col,
							 rot, s, k == n ? "has no such move" : "differs");
				} else if (plan[k].total != total && bad2++ < 3) {
					tap_diag("field %d move %d/%d: two pairs: brute %lld, search %lld", i,
						 col, rot, total, plan[k].total);
				}
			}
		if (found != n && bad1++ < 3)
			tap_diag("field %d: brute force %d moves, search %d", i, found, n);
		for (int k = 1; k < n; k++) {
			const struct puyo_plan *a = &plan[k - 1], *b = &plan[k];
			bool later = a->move[0].col * 4 + a->move[0].rot <
				     b->move[0].col * 4 + b->move[0].rot;
			if (a->total < b->total || (a->total == b->total && !later &&
						    a->chains[0] <= b->chains[0] &&
						    a->chains[1] <= b->chains[1]))
				bad_order++;
		}
	}
	is_int(bad1, 0, "best: %ld fields, every legal move and its chain as the brute force finds",
	       fields);
	is_int(bad2, 0, "best, two pairs: each first move's best total as the brute force finds");
	is_int(bad_order, 0, "best: best first, then move order");
	tap_diag("moves %ld, none %ld, partial %ld, one colour %ld, chained %ld", moves, none,
		 partial, same_colour, chained);
	ok(none >= count / 300, "fields where column 3 is full: no move (%ld)", none);
	ok(partial >= count / 20, "fields where some moves are blocked (%ld)", partial);
	ok(same_colour >= count / 20, "pairs of one colour: 11 moves at most (%ld)", same_colour);
	ok(chained >= count / 5, "moves that trigger a chain (%ld)", chained);

	/* The open field: 22 moves, 11 for one colour. */
	struct puyo_rules r = tsu_rules();
	struct puyo_field f;
	struct puyo_move mv[PUYO_MOVES_MAX];
	struct puyo_pair rg = { PUYO_RED, PUYO_GREEN }, rr = { PUYO_RED, PUYO_RED };
	puyo_field_init(&f, 13);
	is_int(puyo_moves(&f, &r, rg, mv), 22, "22 moves on an open field");
	is_int(puyo_moves(&f, &r, rr, mv), 11, "11 for a pair of one colour");
	struct puyo_move bad_move = { 0, PUYO_ROT_LEFT };
	struct puyo_field before = f;
	ok(!puyo_place(&f, &r, rg, bad_move) && memcmp(&f, &before, sizeof f) == 0,
	   "column 1 with the child left: not legal, the field unchanged");
}

int main(void)
{
	test_check_values();
	test_terms();
	test_ojama_hidden();
	test_formats();
	test_best();
	return tap_done();
}
