/*
 * Unit tests of yut: the built-in board cell by cell, moves (blue start,
 * passing over blue, End stops a move, occupancy), the judge's samples,
 * plans, games that end early, the write-up's pass fault, and every
 * diagnostic of the parsers with its position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/yut_ref.h"
#include "tap.h"

static const struct yut_board *B;

static int cell(const char *name)
{
	int c = yut_board_find(B, name);
	if (c == YUT_NONE) {
		tap_diag("no cell '%s'", name);
		abort();
	}
	return c;
}

static const char *name_of(int c)
{
	return c == YUT_NONE ? "(none)" : B->cells[c].name;
}

/*
 * Follows the arrows from `from`: the blue one first when `blue`, then red
 * ones to End, and checks the names and scores met on the way.
 */
static void check_path(const char *what, const char *from, bool blue, const char *const *names,
		       const int *scores)
{
	int c = cell(from), k = 0;
	char got[512] = "", want[512] = "";
	bool scores_ok = true;

	c = blue ? B->cells[c].blue : B->cells[c].red;
	while (c != YUT_NONE && k < 40) {
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s ", B->cells[c].name);
		if (names[k])
			scores_ok &= B->cells[c].score == scores[k];
		c = B->cells[c].red;
		k++;
	}
	for (int i = 0; names[i]; i++)
		snprintf(want + strlen(want), sizeof want - strlen(want), "%s ", names[i]);
	is_str(got, want, "%s: cells", what);
	ok(scores_ok, "%s: scores", what);
}

static void test_board(void)
{
	static const char *const ring[] = { "2",  "4",  "6",  "8",  "10", "12", "14", "16",
					    "18", "20", "22", "24", "26", "28", "30", "32",
					    "34", "36", "38", "40", "end", NULL };
	static const int ring_s[] = { 2,  4,  6,  8,  10, 12, 14, 16, 18, 20, 22,
				      24, 26, 28, 30, 32, 34, 36, 38, 40, 0 };
	static const char *const d10[] = { "d13", "d16", "d19", "c25", "c30", "c35", "40", "end",
					   NULL };
	static const int d10_s[] = { 13, 16, 19, 25, 30, 35, 40, 0 };
	static const char *const d20[] = { "d22", "d24", "c25", "c30", "c35", "40", "end", NULL };
	static const int d20_s[] = { 22, 24, 25, 30, 35, 40, 0 };
	static const char *const d30[] = { "d28", "d27", "d26", "c25", "c30", "c35", "40", "end",
					   NULL };
	static const int d30_s[] = { 28, 27, 26, 25, 30, 35, 40, 0 };
	struct bl_err err;
	int blues = 0;

	B = yut_board_builtin();
	bl_err_clear(&err);
	is_int(yut_board_check(B, &err), BL_OK, "the built-in board passes its check");
	is_int(B->ncells, 33, "the built-in board has 33 cells");
	is_str(name_of(B->start), "start", "start cell");
	is_str(name_of(B->end), "end", "end cell");
	is_int(B->cells[B->start].score, 0, "start scores 0");
	is_int(B->cells[B->end].score, 0, "end scores 0");
	check_path("the outer ring", "start", false, ring, ring_s);
	check_path("the diagonal from 10", "10", true, d10, d10_s);
	check_path("the diagonal from 20", "20", true, d20, d20_s);
	check_path("the diagonal from 30", "30", true, d30, d30_s);
	for (int c = 0; c < B->ncells; c++)
		blues += B->cells[c].blue != YUT_NONE;
	is_int(blues, 3, "three cells have a blue arrow");
	ok(cell("16") != cell("d16") && cell("22") != cell("d22") && cell("24") != cell("d24") &&
		   cell("26") != cell("d26") && cell("28") != cell("d28") && cell("30") != cell("c30"),
	   "cells of equal score are distinct cells");
	is_int(yut_board_find(B, "nowhere"), YUT_NONE, "an unknown name is no cell");
}

static void test_board_check(void)
{
	struct yut_board *b = malloc(sizeof *b);
	struct yut_game g;
	struct yut_result res;
	struct bl_err err;

	*b = *yut_board_builtin();
	b->cells[cell("12")].red = 99;
	bl_err_clear(&err);
	is_int(yut_board_check(b, &err), BL_ERR_ARG, "a red arrow to no cell is refused");
	is_str(err.msg, "cell '12' has no red arrow to a cell", "  with its message");

	*b = *yut_board_builtin();
	strcpy(b->cells[cell("d16")].name, "16");
	bl_err_clear(&err);
	is_int(yut_board_check(b, &err), BL_ERR_ARG, "two cells of one name are refused");
	is_str(err.msg, "two cells are called '16'", "  with its message");

	*b = *yut_board_builtin();
	strcpy(b->cells[cell("d16")].name, "d16[1]");
	bl_err_clear(&err);
	is_int(yut_board_check(b, &err), BL_ERR_ARG, "a name with a bracket is refused");
	is_str(err.msg, "cell 22's name has a character other than a letter, digit, '_' or '-'",
	       "  with its message");

	*b = *yut_board_builtin();
	b->cells[b->end].score = 3;
	bl_err_clear(&err);
	is_int(yut_board_check(b, &err), BL_ERR_ARG, "an end cell that scores is refused");
	is_str(err.msg, "end cell 'end' has score 3, expected 0", "  with its message");
	yut_game_init(&g, b);
	is_int(yut_game_set_dice(&g, (const int[]){ 5, 5, 5, 5, 5 }, 5, NULL), BL_OK, "  dice");
	yut_result_init(&res);
	bl_err_clear(&err);
	is_int(yut_solve(&g, &res, &err), BL_ERR_ARG, "  and solve refuses it");
	yut_result_release(&res);
	yut_game_release(&g);

	*b = *yut_board_builtin();
	b->cells[b->end].red = 0;
	bl_err_clear(&err);
	is_int(yut_board_check(b, &err), BL_ERR_ARG, "an arrow out of end is refused");
	is_str(err.msg, "end cell 'end' has an arrow", "  with its message");
	free(b);
}

static void step_is(const char *from, int die, const char *want)
{
	is_str(name_of(yut_board_step(B, cell(from), die)), want, "%s + %d -> %s", from, die, want);
}

static void test_steps(void)
{
	step_is("start", 1, "2");
	step_is("start", 5, "10");      /* ending on blue does not turn */
	step_is("10", 1, "d13");        /* a move starting on blue takes it */
	step_is("10", 5, "c30");
	step_is("20", 3, "c25");
	step_is("20", 1, "d22");
	step_is("30", 4, "c25");
	step_is("30", 5, "c30");
	step_is("8", 3, "14");          /* passing over 10 does not turn */
	step_is("18", 5, "28");         /* nor over 20 */
	step_is("28", 3, "34");         /* nor over 30 */
	step_is("d19", 4, "40");        /* the centre leads to the one outer 40 */
	step_is("c35", 1, "40");
	step_is("c35", 2, "end");
	step_is("38", 5, "end");        /* End stops the move */
	step_is("d26", 5, "end");
	step_is("40", 1, "end");
	step_is("end", 3, "end");
}

static void try_is(const char *const *at, int horses, int horse, int die, const char *want,
		   const char *why)
{
	int cells[YUT_MAX_HORSES];
	for (int h = 0; h < horses; h++)
		cells[h] = cell(at[h]);
	is_str(name_of(yut_try_move(B, cells, horses, horse, die)), want, "%s", why);
}

static void test_try_move(void)
{
	static const char *const a[] = { "start", "10", "end", "start" };
	static const char *const b[] = { "38", "end", "start", "start" };
	static const char *const c[] = { "c35", "38", "40", "d16" };
	static const char *const d[] = { "16", "d13", "start", "start" };

	try_is(a, 4, 0, 5, "(none)", "a move may not end on another horse");
	try_is(a, 4, 2, 1, "(none)", "a horse on end is never chosen");
	try_is(a, 4, 3, 1, "2", "horses share start");
	try_is(b, 4, 0, 2, "end", "a move may end on end with a horse there");
	try_is(c, 4, 0, 1, "(none)", "outer 40 reached from c35 is the 40 of the ring");
	try_is(c, 4, 1, 1, "(none)", "outer 40 reached along the ring is taken");
	try_is(c, 4, 0, 2, "end", "c35 + 2 ends on end");
	try_is(d, 4, 1, 1, "d16", "d16 is free while a horse stands on outer 16");
}

/* The judge's instance format and the line format (main sets them). */
static struct yut_limits BOJ, ANY;

static int64_t solve_text(const char *text, const struct yut_limits *lim, int horses,
			  struct yut_result *res)
{
	struct yut_game g;
	struct bl_reader rd;
	struct bl_err err;
	enum bl_code code;

	yut_game_init(&g, yut_board_builtin());
	g.horses = horses;
	bl_err_clear(&err);
	bl_reader_init(&rd, text, strlen(text));
	code = yut_parse(&g, &rd, lim, &err);
	if (code == BL_OK)
		code = yut_plan(&g, res, &err);
	yut_game_release(&g);
	if (code != BL_OK) {
		tap_diag("'%s': %s", text, err.msg);
		return -1;
	}
	return res->total;
}

/* The plan replays legally with its dice and adds up to the total. */
static bool plan_ok(const char *text, int horses, const struct yut_result *res)
{
	int dice[YUT_REF_MAX_DICE], cells[YUT_MAX_HORSES];
	int n = yut_ref_parse(text, dice, YUT_REF_MAX_DICE);
	int64_t total = 0;

	for (int h = 0; h < horses; h++)
		cells[h] = B->start;
	for (size_t t = 0; t < res->nmoves; t++) {
		const struct yut_move *m = &res->moves[t];
		if ((int)t >= n || m->die != dice[t] || cells[m->horse] != m->from ||
		    yut_try_move(B, cells, horses, m->horse, m->die) != m->to)
			return false;
		total += B->cells[m->to].score;
		if (m->points != B->cells[m->to].score || m->total != total)
			return false;
		cells[m->horse] = m->to;
	}
	return total == res->total;
}

static void test_samples(void)
{
	static const struct {
		const char *in;
		int want;
	} samples[] = {
		{ "1 2 3 4 1 2 3 4 1 2\n", 190 },
		{ "1 1 1 1 1 1 1 1 1 1\n", 133 },
		{ "5 1 2 3 4 5 5 3 2 4\n", 214 },
		{ "5 5 5 5 5 5 5 5 5 5\n", 130 },
	};
	struct yut_result res;

	yut_result_init(&res);
	for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
		is_int(solve_text(samples[i].in, &BOJ, 4, &res), samples[i].want, "sample %zu", i + 1);
		ok(res.nmoves == 10 && plan_ok(samples[i].in, 4, &res),
		   "sample %zu: the plan is legal and adds up to the total", i + 1);
		ok(res.states > 0 && res.states < 20000, "sample %zu: %zu states explored", i + 1,
		   res.states);
	}
	/* Sample 3's plan: the ties go to the lowest horse. */
	solve_text(samples[2].in, &BOJ, 4, &res);
	is_int(res.moves[0].horse, 0, "sample 3: horse 1 moves first");
	is_str(name_of(res.moves[1].to), "d13", "sample 3: turn 2 takes the blue arrow from 10");
	is_int(res.moves[3].horse, 1, "sample 3: turn 4 moves horse 2, the lowest of the tie");
	is_str(name_of(res.moves[9].to), "40", "sample 3: turn 10 reaches 40 through the centre");
	yut_result_release(&res);
}

/*
 * The write-up's fault: letting a finished horse "move" for 0 points.  The
 * sequence was found by the search in t-yut-diff.c.
 */
static void test_pass_fault(void)
{
	static const char text[] = "5 5 5 5 5 5 5 2 3 3";
	int dice[YUT_REF_MAX_DICE];
	int n = yut_ref_parse(text, dice, YUT_REF_MAX_DICE);
	struct yut_result res;

	yut_result_init(&res);
	is_int(solve_text(text, &BOJ, 4, &res), 148, "'%s': the rules give 148", text);
	is_int(yut_ref_best(dice, n, 4, 0), 148, "  and so does the reference");
	is_int(yut_ref_best(dice, n, 4, 1), 184, "  a pass would give 184, which the rules forbid");
	ok(plan_ok(text, 4, &res), "  the plan is legal");
	yut_result_release(&res);
}

static void test_generalized(void)
{
	struct yut_result res;
	char *text = malloc(2 * 10000 + 1);

	yut_result_init(&res);
	is_int(solve_text("5 5 5 5", &ANY, 1, &res), 40, "one horse, 5 5 5 5: 10 + 30 + 0");
	is_int(res.nmoves, 3, "  the game ends at turn 4: the horse is on end");
	ok(plan_ok("5 5 5 5", 1, &res), "  the plan is legal");
	is_int(solve_text("3", &ANY, 4, &res), 6, "a single die");

	for (int i = 0; i < 10000; i++) {
		text[2 * i] = '1';
		text[2 * i + 1] = ' ';
	}
	text[2 * 10000 - 1] = '\n';
	text[2 * 10000] = '\0';
	is_int(solve_text(text, &ANY, 4, &res), 4 * 208,
	       "10000 ones: each horse walks start 2 .. 10 d13 .. c35 40 end");
	is_int(res.nmoves, 4 * 13, "  and the game ends after 52 moves");
	ok(res.states < 100000, "  %zu states, not one per die", res.states);

	static const char six[] = "2 3 1 4 5 2 3 1";
	int dice[YUT_REF_MAX_DICE];
	int n = yut_ref_parse(six, dice, YUT_REF_MAX_DICE);
	for (int h = 5; h <= 8; h++)
		is_int(solve_text(six, &ANY, h, &res), yut_ref_best(dice, n, h, 0),
		       "%d horses agree with the reference", h);
	yut_result_release(&res);
	free(text);
}

static void test_api_errors(void)
{
	struct yut_game g;
	struct yut_result res;
	struct bl_err err;
	static const int bad[] = { 1, 6 }, good[] = { 5, 1, 2, 3, 4, 5, 5, 3, 2, 4 };

	yut_game_init(&g, yut_board_builtin());
	yut_result_init(&res);
	bl_err_clear(&err);
	is_int(yut_solve(&g, &res, &err), BL_ERR_ARG, "solving with no dice is refused");
	is_str(err.msg, "expected at least one die", "  with its message");
	bl_err_clear(&err);
	is_int(yut_game_set_dice(&g, bad, 2, &err), BL_ERR_ARG, "a die of 6 is refused");
	is_str(err.msg, "expected a die 1 to 5, found 6", "  with its message");
	is_int(yut_game_set_dice(&g, good, 10, NULL), BL_OK, "ten good dice are taken");
	g.horses = 9;
	bl_err_clear(&err);
	is_int(yut_solve(&g, &res, &err), BL_ERR_ARG, "9 horses are refused");
	is_str(err.msg, "expected 1 to 8 horses, found 9", "  with its message");
	g.horses = 4;
	g.max_states = 100;
	bl_err_clear(&err);
	is_int(yut_plan(&g, &res, &err), BL_ERR_LIMIT, "the state limit is enforced");
	is_str(err.msg, "the search needs more than 100 states", "  with its message");
	ok(res.moves == NULL && res.nmoves == 0, "  and the result is left empty");
	g.max_states = 0;
	is_int(yut_solve(&g, &res, NULL), BL_OK, "solve works without an error struct");
	is_int(res.total, 214, "  and gives sample 3's answer");
	ok(res.moves == NULL, "  solve gives no plan");
	yut_result_release(&res);
	yut_result_release(NULL);
	yut_game_release(&g);
	yut_game_release(NULL);
}

/* text as one line for a test name: at most 20 bytes, control bytes as '.'. */
static const char *oneline(const char *text, char *dst)
{
	size_t n = strlen(text) < 20 ? strlen(text) : 20;
	for (size_t i = 0; i < n; i++)
		dst[i] = (unsigned char)text[i] < 0x20 ? '.' : text[i];
	dst[n] = '\0';
	return dst;
}

/* Parses text and checks the fault: code, "line:col: message". */
static void fault_is(const struct yut_limits *lim, const char *text, const char *want)
{
	struct yut_game g;
	struct bl_reader rd;
	struct bl_err err;
	char got[BL_ERR_MSG_MAX + 32], name[21];

	yut_game_init(&g, yut_board_builtin());
	bl_err_clear(&err);
	bl_reader_init(&rd, text, strlen(text));
	enum bl_code code = yut_parse(&g, &rd, lim, &err);
	snprintf(got, sizeof got, "%d %d:%d: %s", code, err.line, err.col, err.msg);
	is_str(got, want, "%s fault on '%s'", lim->line ? "line" : "judge", oneline(text, name));
	yut_game_release(&g);
}

static void test_parse(void)
{
	char want[BL_ERR_MSG_MAX];
	struct yut_game g;
	struct bl_reader rd;
	struct bl_err err;
	static const char two[] = "\n  3 4\t5\r\n\n1 2\n";

	snprintf(want, sizeof want, "%d 1:6: expected 10 dice, found end of input after 3",
		 BL_ERR_INPUT);
	fault_is(&BOJ, "1 2 3\n", want);
	snprintf(want, sizeof want, "%d 1:1: expected 10 dice, found end of input after 0",
		 BL_ERR_INPUT);
	fault_is(&BOJ, "", want);
	snprintf(want, sizeof want, "%d 2:3: expected a die 1 to 5, found '6'", BL_ERR_INPUT);
	fault_is(&BOJ, "1 2\n3 6 1 1 1 1 1 1", want);
	snprintf(want, sizeof want, "%d 1:3: expected a die 1 to 5, found 'x'", BL_ERR_INPUT);
	fault_is(&BOJ, "1 x 3", want);
	snprintf(want, sizeof want, "%d 1:1: expected a die 1 to 5, found '0'", BL_ERR_INPUT);
	fault_is(&BOJ, "0 1 1 1 1 1 1 1 1 1", want);
	snprintf(want, sizeof want, "%d 1:5: expected a die 1 to 5, found '2.5'", BL_ERR_INPUT);
	fault_is(&BOJ, "1 1 2.5 1 1 1 1 1 1 1", want);
	snprintf(want, sizeof want, "%d 1:1: expected a die 1 to 5, found '99999999999999999999'",
		 BL_ERR_INPUT);
	fault_is(&BOJ, "99999999999999999999", want);

	snprintf(want, sizeof want, "%d 1:1: expected a die 1 to 5, found end of input",
		 BL_ERR_INPUT);
	fault_is(&ANY, "", want);
	snprintf(want, sizeof want, "%d 1:1: expected a die 1 to 5, found end of input",
		 BL_ERR_INPUT);
	fault_is(&ANY, " \n\t\n", want);
	snprintf(want, sizeof want, "%d 2:5: expected a die 1 to 5, found '-1'", BL_ERR_INPUT);
	fault_is(&ANY, "\n3 4 -1 2\n", want);

	/* A byte order mark at the start of input is named, in both formats. */
	snprintf(want, sizeof want, "%d 1:1: unexpected byte order mark", BL_ERR_INPUT);
	fault_is(&BOJ, "\xef\xbb\xbf" "5 1 2 3 4 5 5 3 2 4\n", want);
	fault_is(&ANY, "\xef\xbb\xbf" "5 1 2\n", want);
	fault_is(&ANY, "\xef\xbb\xbf", want);

	/* The line limit: 10000 dice pass, the 10001st is pointed at. */
	char *big = malloc(2 * 10001 + 1);
	for (int i = 0; i < 10001; i++) {
		big[2 * i] = '2';
		big[2 * i + 1] = ' ';
	}
	big[2 * 10001] = '\0';
	snprintf(want, sizeof want, "%d 1:20001: expected end of line after 10000 dice, found '2'",
		 BL_ERR_INPUT);
	fault_is(&ANY, big, want);
	big[2 * 10000 - 1] = '\n';
	yut_game_init(&g, yut_board_builtin());
	bl_reader_init(&rd, big, strlen(big));
	is_int(yut_parse(&g, &rd, &ANY, NULL), BL_OK, "10000 dice on a line are read");
	is_int(g.ndice, 10000, "  all of them");
	yut_game_release(&g);
	free(big);

	/* A line instance ends at its line; the next starts after blank lines. */
	yut_game_init(&g, yut_board_builtin());
	bl_err_clear(&err);
	bl_reader_init(&rd, two, strlen(two));
	is_int(yut_parse(&g, &rd, &ANY, &err), BL_OK, "a line after a blank line is read");
	ok(g.ndice == 3 && g.dice[0] == 3 && g.dice[1] == 4 && g.dice[2] == 5, "  its 3 dice");
	is_int(yut_parse(&g, &rd, &ANY, &err), BL_OK, "the next line is the next instance");
	ok(g.ndice == 2 && g.dice[0] == 1 && g.dice[1] == 2, "  its 2 dice");
	ok(bl_reader_eof(&rd), "  and the input ends");
	bl_reader_init(&rd, "4 4 9\n", 6);
	is_int(yut_parse(&g, &rd, &ANY, NULL), BL_ERR_INPUT, "a bad line is refused");
	ok(g.ndice == 2 && g.dice[0] == 1 && g.dice[1] == 2, "  and the game keeps its dice");

	/* Judge instances run across lines and stop after 10 dice. */
	static const char span[] = "1 2 3\n4 5\n1 2 3 4 5 3";
	bl_reader_init(&rd, span, strlen(span));
	is_int(yut_parse(&g, &rd, &BOJ, &err), BL_OK, "judge dice may span lines");
	ok(g.ndice == 10 && g.dice[9] == 5, "  10 of them");
	ok(!bl_reader_eof(&rd), "  and the rest is left unread");
	yut_game_release(&g);
}

int main(void)
{
	yut_limits_boj(&BOJ);
	yut_limits_any(&ANY);
	test_board();
	test_board_check();
	test_steps();
	test_try_move();
	test_samples();
	test_pass_fault();
	test_generalized();
	test_api_errors();
	test_parse();
	return tap_done();
}
