/*
 * The catalogue of mistakes (boardlab/mistake.h): every problem's ids and
 * descriptions, the lookups, and for every mistake a small input on which
 * its answer differs from the right one, with both answers given here.
 * The answers were worked out by hand where the comment says how, and the
 * others by the reference mutants of tests/unit/t-suite-GAME.c, written
 * apart from the library's variants (which t-suite-GAME also checks against
 * them on random inputs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* ---- the catalogue ---- */

static void test_catalogue(void)
{
	static const char *const want[][12] = {
		{ "17780", "end-of-turn", "blue-no-recheck", "red-whole-stack", "limit-off-by-one",
		  "limit-1001", "any-piece-moves", "skip-new-bottom" },
		{ "17837", "end-of-turn", "blue-no-recheck", "blue-forget-dir", "blue-then-red",
		  "red-whole-stack", "carry-alone", "limit-off-by-one", "limit-1001",
		  "cycle-ignores-order", "dir-swap" },
		{ "17825", "finished-may-pass", "end-blocks", "blue-when-passing", "forty-twice",
		  "shared-by-score", "greedy", "no-restore" },
		{ "16880", "palace-x1", "knight-wrong", "king-wrong", "sum-not-xor", "names-swapped",
		  "palace-x1-formula", "xor-precedence" },
		{ "16879", "palace-x1", "names-swapped", "formula-no-xor", "palace-x1-formula",
		  "xor-precedence" },
		{ "11559", "group-as-chain", "sequential-pop", "gravity-one-step", "diagonal",
		  "pop-five", "dot-colour", "single-pass" },
	};
	const struct bl_mistake *m;
	struct bl_err err;
	struct bl_buf b;

	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		const struct bl_problem *p = bl_problem_find(want[k][0]);
		size_t n = 0;
		while (n + 1 < 12 && want[k][n + 1])
			n++;
		is_int((long long)bl_mistake_count(p), (long long)n, "%s has %zu mistakes", p->id, n);
		for (size_t i = 0; i < n; i++) {
			m = bl_mistake_at(p, i);
			ok(m && strcmp(m->id, want[k][i + 1]) == 0 && strcmp(m->problem, p->id) == 0 &&
			   bl_mistake_find(p, m->id) == m && m->variant > 0 && strlen(m->desc) > 20 &&
			   strlen(m->desc) < 120 && !strchr(m->desc, '\n'),
			   "%s %s: its id, a variant and a one-line description", p->id, want[k][i + 1]);
		}
		ok(bl_mistake_at(p, n) == NULL, "%s: none past the last", p->id);
	}
	ok(bl_mistake_count(NULL) == 0 && bl_mistake_find(bl_problem_find("17837"), "nope") == NULL,
	   "no problem, no mistake; an unknown id is none");
	bl_err_clear(&err);
	is_int(bl_mistake_lookup(bl_problem_find("16879"), "nope", &m, &err), BL_ERR_ARG,
	       "an unknown id is an argument error");
	is_str(err.msg, "unknown mistake 'nope' of 16879; the mistakes are palace-x1, names-swapped, "
	       "formula-no-xor, palace-x1-formula, xor-precedence", "which lists the problem's ids");
	bl_buf_init(&b);
	bl_mistake_list(bl_problem_find("16879"), &b);
	is_str(b.data, "palace-x1          lets the palace step diagonally only from x > 1 and y > 1 "
	       "(the write-up's slip)\nnames-swapped      prints the winner's name for the loser and "
	       "the loser's for the winner\nformula-no-xor     values the palace as 3 (x/3 + y/3) + "
	       "(x + y) mod 3: a sum where the XOR goes\npalace-x1-formula  values the palace as the "
	       "rook, x XOR y, where x <= 1 or y <= 1: the write-up's slip put in the closed form\n"
	       "xor-precedence     values the palace as ((x + y) mod 3 + 3 (x div 3)) XOR (y div 3): "
	       "the XOR's brackets left out\n", "the list: ids padded, descriptions");
	bl_buf_release(&b);
}

/* ---- the answers ---- */

struct example {
	const char *problem, *id;
	const char *in;
	const char *right, *wrong;   /* the outputs; wrong "" when the program never stops */
};

#define TOWER_4X4(rows, pieces) "4 4\n" rows pieces

static const struct example examples[] = {
	/*
	 * By hand: four pieces in a row heading right on white.  Piece 1 lands
	 * on 2, 2 carries it onto 3, 3 carries both onto 4: a stack of 4 on
	 * turn 1.  Moving alone, each piece leaves the others behind: no
	 * stack ever.  With up and down swapped, piece 4 (heading up onto the
	 * stack from below) goes down instead; that game ends on turn 23 (by
	 * the reference's mutant).
	 */
	{ "17837", "carry-alone",
	  TOWER_4X4("0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "1 1 1\n1 2 1\n1 3 1\n1 4 1\n"),
	  "1\n", "-1\n" },
	{ "17837", "dir-swap",
	  TOWER_4X4("0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "1 1 1\n1 2 1\n1 3 1\n2 4 3\n"),
	  "1\n", "23\n" },
	/* By the reference's mutants (t-suite-tower.c), games of its random search. */
	{ "17837", "end-of-turn",
	  TOWER_4X4("1 0 1 2\n0 0 0 0\n1 1 0 1\n0 0 1 0\n", "4 3 4\n2 2 3\n2 4 2\n3 4 2\n"),
	  "2\n", "-1\n" },
	{ "17837", "blue-no-recheck",
	  TOWER_4X4("0 0 2 0\n0 1 0 0\n0 0 2 1\n2 0 0 0\n", "3 2 4\n4 3 1\n4 1 2\n4 2 2\n"),
	  "2\n", "26\n" },
	{ "17837", "blue-forget-dir",
	  TOWER_4X4("1 0 1 2\n0 0 0 0\n1 1 0 1\n0 0 1 0\n", "4 3 4\n2 2 3\n2 4 2\n3 4 2\n"),
	  "2\n", "-1\n" },
	{ "17837", "blue-then-red",
	  TOWER_4X4("1 0 0 0\n1 1 2 0\n1 0 0 0\n0 0 2 1\n", "3 4 1\n3 1 4\n1 2 4\n4 2 2\n"),
	  "2\n", "3\n" },
	{ "17837", "red-whole-stack",
	  TOWER_4X4("0 0 0 0\n0 0 0 1\n0 1 1 0\n0 0 1 2\n", "4 3 3\n3 2 1\n3 3 1\n4 4 4\n"),
	  "1\n", "41\n" },
	{ "17837", "cycle-ignores-order",
	  TOWER_4X4("1 0 1 1\n0 0 2 0\n2 2 0 0\n0 0 1 0\n", "3 2 4\n3 4 4\n3 3 2\n4 2 3\n"),
	  "5\n", "-1\n" },
	{ "17780", "blue-no-recheck",
	  TOWER_4X4("0 0 1 1\n0 0 2 1\n2 0 2 1\n2 0 0 0\n", "1 2 1\n2 3 3\n1 3 4\n1 1 2\n"),
	  "2\n", "3\n" },
	{ "17780", "red-whole-stack",
	  TOWER_4X4("0 0 0 0\n0 0 0 1\n0 1 1 0\n0 0 1 2\n", "4 3 3\n3 2 1\n3 3 1\n4 4 4\n"),
	  "1\n", "2\n" },
	{ "17780", "any-piece-moves",
	  TOWER_4X4("0 0 1 2\n1 2 0 0\n0 0 0 0\n0 0 2 0\n", "3 4 3\n2 4 2\n1 4 3\n3 2 1\n"),
	  "2\n", "-1\n" },
	{ "17780", "skip-new-bottom",
	  TOWER_4X4("1 0 0 0\n1 1 2 0\n1 0 0 0\n0 0 2 1\n", "3 4 1\n3 1 4\n1 2 4\n4 2 2\n"),
	  "2\n", "3\n" },
	/* By the brute force's mutants (t-suite-yut.c); the first is README's example. */
	{ "17825", "finished-may-pass", "5 5 5 5 5 5 5 2 3 3\n", "148\n", "184\n" },
	{ "17825", "end-blocks", "5 5 5 5 5 5 5 5 5 5\n", "130\n", "90\n" },
	{ "17825", "blue-when-passing", "1 1 1 1 1 1 1 2 4 5\n", "116\n", "117\n" },
	{ "17825", "forty-twice", "1 1 1 3 2 5 5 5 4 5\n", "168\n", "180\n" },
	{ "17825", "shared-by-score", "1 1 1 1 1 1 1 4 4 5\n", "123\n", "120\n" },
	{ "17825", "greedy", "1 1 1 1 1 1 1 1 1 4\n", "120\n", "111\n" },
	{ "17825", "no-restore", "1 1 1 1 1 1 1 1 1 4\n", "120\n", "103\n" },
	/*
	 * By hand, from the closed forms: palace (1, 1) is 2, but 0 when its
	 * diagonal needs x > 1 (mex of 1 and 1); knight (1, 1) is 0, min mod 3
	 * is 1; king (1, 2) is 3, the parities give 1, and the rook (0, 1) is 1;
	 * two rooks (0, 1) XOR to 0 and add to 2; the palace (3, 3) is
	 * 0 + 3 (1 xor 1) = 0 but 3 (1 + 1) + 0 = 6 with the sum, and
	 * (0 + 3) xor 1 = 2 without the XOR's brackets; with the slip in the
	 * formula, (1, 1) is the rook's 1 xor 1 = 0.
	 */
	{ "16880", "palace-x1", "1\n1 1 P\n", "koosaga\n", "cubelover\n" },
	{ "16880", "knight-wrong", "1\n1 1 N\n", "cubelover\n", "koosaga\n" },
	{ "16880", "king-wrong", "2\n1 2 K\n0 1 R\n", "koosaga\n", "cubelover\n" },
	{ "16880", "sum-not-xor", "2\n0 1 R\n0 1 R\n", "cubelover\n", "koosaga\n" },
	{ "16880", "names-swapped", "1\n0 0 R\n", "cubelover\n", "koosaga\n" },
	{ "16880", "palace-x1-formula", "1\n1 1 P\n", "koosaga\n", "cubelover\n" },
	{ "16880", "xor-precedence", "1\n3 3 P\n", "cubelover\n", "koosaga\n" },
	{ "16879", "palace-x1", "1\n1 1\n", "koosaga\n", "cubelover\n" },
	{ "16879", "names-swapped", "2\n0 1\n1 0\n", "cubelover\n", "koosaga\n" },
	{ "16879", "formula-no-xor", "1\n3 3\n", "cubelover\n", "koosaga\n" },
	{ "16879", "palace-x1-formula", "1\n1 1\n", "koosaga\n", "cubelover\n" },
	{ "16879", "xor-precedence", "1\n3 3\n", "cubelover\n", "koosaga\n" },
};

#define EMPTY6 "......\n......\n......\n......\n......\n......\n"

/*
 * puyo, by hand.  A: four reds in the bottom row and a 2 x 2 of blues
 * beside them pop together, one chain; as two groups, or one at a time, it
 * is two; with 5 needed, none; once, one.  B: four reds under a green in
 * column 1, three greens in column 2: the reds pop, the green falls four
 * cells onto the floor beside the greens and they pop: 2; falling one cell
 * it stays apart: 1; looking once: 1.  C: reds at (12,1) (12,2) (11,3)
 * (10,4) touch only corner to corner: none pops; diagonally they are four
 * and pop, the greens fall into a row of 3: 1.
 */
static const struct example fields[] = {
	{ "11559", "group-as-chain", EMPTY6 "......\n......\n......\n......\n....BB\nRRRRBB\n", "1\n",
	  "2\n" },
	{ "11559", "sequential-pop", EMPTY6 "......\n......\n......\n......\n....BB\nRRRRBB\n", "1\n",
	  "2\n" },
	{ "11559", "pop-five", EMPTY6 "......\n......\n......\n......\n....BB\nRRRRBB\n", "1\n",
	  "0\n" },
	{ "11559", "dot-colour", EMPTY6 "......\n......\n......\n......\n....BB\nRRRRBB\n", "1\n",
	  "" },
	{ "11559", "gravity-one-step", EMPTY6 "......\nG.....\nR.....\nRG....\nRG....\nRG....\n", "2\n",
	  "1\n" },
	{ "11559", "single-pass", EMPTY6 "......\nG.....\nR.....\nRG....\nRG....\nRG....\n", "2\n",
	  "1\n" },
	{ "11559", "diagonal", EMPTY6 "......\n......\n......\n...R..\nGGRY..\nRRGB..\n", "0\n",
	  "1\n" },
};

static void check(const struct example *e)
{
	const struct bl_problem *p = bl_problem_find(e->problem);
	const struct bl_mistake *m = bl_mistake_find(p, e->id);
	struct bl_buf right, wrong;
	bool endless = false;

	bl_buf_init(&right);
	bl_buf_init(&wrong);
	if (ok(m != NULL, "%s %s is in the catalogue", e->problem, e->id) &&
	    is_int(bl_problem_answer(p, e->in, strlen(e->in), &right, NULL), BL_OK,
		   "%s %s: the input is valid", e->problem, e->id) &&
	    is_int(bl_mistake_answer(m, e->in, strlen(e->in), &wrong, &endless, NULL), BL_OK,
		   "%s %s: the mistake answers", e->problem, e->id)) {
		is_str(right.data, e->right, "%s %s: the right answer", e->problem, e->id);
		is_str(wrong.data ? wrong.data : "", e->wrong, "%s %s: the mistake's answer",
		       e->problem, e->id);
		ok(endless == (e->wrong[0] == '\0'), "%s %s: %s", e->problem, e->id,
		   endless ? "it never stops" : "it stops");
	}
	bl_buf_release(&right);
	bl_buf_release(&wrong);
}

/* The limit mistakes, on the suites' games that end on turn 1000 and on turn 1001. */
static void test_limits(void)
{
	static const char *const ids[] = { "17837", "17780" };

	for (int k = 0; k < 2; k++) {
		const struct bl_problem *p = bl_problem_find(ids[k]);
		struct bl_suite s;
		struct bl_buf a, b;
		if (!is_int(bl_suite_build(p, &s, NULL), BL_OK, "%s: the suite builds", p->id))
			continue;
		const struct bl_test *t1000 = bl_suite_find(&s, "stack-on-turn-1000");
		const struct bl_test *t1001 = bl_suite_find(&s, "stack-on-turn-1001");
		bl_buf_init(&a);
		bl_buf_init(&b);
		bl_mistake_answer(bl_mistake_find(p, "limit-off-by-one"), t1000->input, t1000->input_len,
				  &a, NULL, NULL);
		bl_mistake_answer(bl_mistake_find(p, "limit-1001"), t1000->input, t1000->input_len, &b,
				  NULL, NULL);
		ok(strcmp(t1000->expected, "1000\n") == 0 && strcmp(a.data, "-1\n") == 0 &&
		   strcmp(b.data, "1000\n") == 0,
		   "%s: a stack on turn 1000: 1000, limit-off-by-one -1, limit-1001 1000", p->id);
		bl_buf_reset(&a);
		bl_buf_reset(&b);
		bl_mistake_answer(bl_mistake_find(p, "limit-off-by-one"), t1001->input, t1001->input_len,
				  &a, NULL, NULL);
		bl_mistake_answer(bl_mistake_find(p, "limit-1001"), t1001->input, t1001->input_len, &b,
				  NULL, NULL);
		ok(strcmp(t1001->expected, "-1\n") == 0 && strcmp(a.data, "-1\n") == 0 &&
		   strcmp(b.data, "1001\n") == 0,
		   "%s: a stack on turn 1001: -1, limit-off-by-one -1, limit-1001 1001", p->id);
		bl_buf_release(&a);
		bl_buf_release(&b);
		bl_suite_release(&s);
	}
}

/* The engines refuse what a mistake cannot play, and the rules' entries refuse a bad one. */
static void test_refusals(void)
{
	const struct bl_mistake *m = bl_mistake_find(bl_problem_find("16880"), "palace-x1");
	struct bl_buf out;
	struct bl_err err;
	bool endless = true;

	bl_buf_init(&out);
	bl_err_clear(&err);
	is_int(bl_mistake_answer(m, "1\n5000 1 P\n", 11, &out, &endless, &err), BL_ERR_LIMIT,
	       "palace-x1 beyond its table: a limit");
	ok(out.len == 0 && !endless, "nothing appended, not endless");
	bl_err_clear(&err);
	is_int(bl_mistake_answer(NULL, "", 0, &out, NULL, &err), BL_ERR_ARG, "no mistake");
	bl_err_clear(&err);
	is_int(bl_mistake_answer(bl_mistake_find(bl_problem_find("17825"), "greedy"), "1 2 3\n", 6,
				 &out, NULL, &err), BL_ERR_INPUT, "an invalid input is the parse's error");

	struct tower_opts o;
	struct tower t;
	struct tower_result res;
	tower_opts_init(&o);
	o.mistake = TOWER_MISTAKE_COUNT;
	tower_init(&t);
	is_int(tower_solve(&t, &o, &res, NULL), BL_ERR_ARG, "tower: an unknown mistake");
	tower_release(&t);

	struct yut_game g;
	struct yut_result r;
	int dice[3] = { 1, 2, 3 };
	yut_game_init(&g, yut_board_builtin());
	yut_result_init(&r);
	yut_game_set_dice(&g, dice, 3, NULL);
	g.mistake = YUT_MISTAKE_GREEDY;
	is_int(yut_plan(&g, &r, NULL), BL_ERR_ARG, "yut: no plan of a mistake");
	is_int(yut_solve(&g, &r, NULL), BL_OK, "yut: a mistake's total of 3 dice");
	is_int(r.total, 20, "greedy on 1 2 3: the most now each die: start to 2, 2 to 6, 6 to 12");
	yut_result_release(&r);
	yut_game_release(&g);

	struct puyo_rules rules;
	struct puyo_field f;
	struct puyo_result pr;
	puyo_rules_init(&rules, PUYO_RULES_TSU);
	rules.mistake = PUYO_MISTAKE_DIAGONAL;
	memset(&f, 0, sizeof f);
	f.rows = rules.rows;
	is_int(puyo_solve(&f, &rules, &pr, NULL), BL_ERR_ARG, "puyo: no mistake under Tsu's rules");
	bl_buf_release(&out);
}

int main(void)
{
	test_catalogue();
	for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++)
		check(&examples[i]);
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		check(&fields[i]);
	test_limits();
	test_refusals();
	return tap_done();
}
