/*
 * The suite of BOJ 17825 (lib/suite_yut.c): every edge and maximum test
 * does what its description claims, checked on the library's optimal plan
 * (yut_plan: a move that starts on blue cell 10, one that reaches End with
 * steps to spare, ...) and against a plain brute-force search with one
 * mistake switched on (a mutant), which must answer the test differently.
 * The brute force without a mistake must agree with the library on every
 * test and on random dice.
 *
 * `t-suite-yut --search` finds the tests' dice again, and the dice with
 * the most search states for the maximum tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define DICE 10
#define HORSES 4

/* ---- the brute force and its mutants ---- */

enum mut {
	Y_NONE,
	Y_NO_BLUE_10,       /* cell 10's blue arrow ignored */
	Y_NO_BLUE_20,
	Y_NO_BLUE_30,
	Y_BLUE_PASSING,     /* a blue arrow taken whenever the move is on its cell */
	Y_EXACT_END,        /* End must be reached exactly: an overshooting horse cannot move */
	Y_NO_BLOCK,         /* a move may end on another horse */
	Y_BLOCK_END,        /* End also blocks */
	Y_40_TWICE,         /* the 40 reached from the centre is another cell than the ring's */
	Y_CENTRE_COPIES,    /* each diagonal has its own 25, 30 and 35 */
	Y_BY_SCORE,         /* cells told apart by their scores: outer 30 blocks centre 30 */
	Y_PASS,             /* a horse on End may be chosen, for 0 points */
	Y_BLOCK_THREE,      /* only the first three horses out of Start block (a loop
	                       over the other horses that stops one short) */
	Y_FIVE_HORSES,      /* five horses (a loop over the horses that runs one past) */
	Y_GREEDY,           /* each turn the most points now, the lowest horse on a tie */
	Y_NO_RESTORE,       /* a cell ended on stays taken for the rest of that search line */
	Y_COUNT
};

static const char *const mut_names[Y_COUNT] = {
	"none", "no-blue-10", "no-blue-20", "no-blue-30", "blue-passing", "exact-end",
	"no-block", "block-end", "40-twice", "centre-copies", "by-score", "pass", "block-three",
	"five-horses", "greedy", "no-restore",
};

/*
 * The board as cell numbers: 0 start, 1..20 the ring (score 2i, so 5 is
 * 10, 10 is 20, 15 is 30 and 20 is 40), 21-23 the diagonal 13 16 19 from
 * 10, 24-25 the diagonal 22 24 from 20, 26-28 the diagonal 28 27 26 from
 * 30, 29-31 the centre 25 30 35, 32 End; the mutants' extra cells from 33.
 */
#define END 32
#define CELLS 48

struct board {
	int score[CELLS], red[CELLS], blue[CELLS];
};

static void board_init(struct board *b, enum mut m)
{
	static const int diag_score[] = { 13, 16, 19, 22, 24, 28, 27, 26, 25, 30, 35 };

	for (int i = 0; i < CELLS; i++)
		b->score[i] = 0, b->red[i] = -1, b->blue[i] = -1;
	for (int i = 0; i <= 20; i++) {
		b->score[i] = 2 * i;
		b->red[i] = i + 1;
	}
	b->red[20] = END;
	for (int i = 0; i < 11; i++)
		b->score[21 + i] = diag_score[i];
	b->red[21] = 22, b->red[22] = 23, b->red[23] = 29;
	b->red[24] = 25, b->red[25] = 29;
	b->red[26] = 27, b->red[27] = 28, b->red[28] = 29;
	b->red[29] = 30, b->red[30] = 31, b->red[31] = 20;
	b->blue[5] = 21, b->blue[10] = 24, b->blue[15] = 26;
	if (m == Y_NO_BLUE_10 || m == Y_NO_BLUE_20 || m == Y_NO_BLUE_30)
		b->blue[5 * (m - Y_NO_BLUE_10 + 1)] = -1;
	if (m == Y_40_TWICE) {
		b->score[33] = 40, b->red[33] = END;
		b->red[31] = 33;
	}
	if (m == Y_CENTRE_COPIES) {   /* the diagonals from 20 and 30 get centres 33-35, 36-38 */
		for (int c = 0; c < 2; c++) {
			int at = 33 + 3 * c;
			b->score[at] = 25, b->score[at + 1] = 30, b->score[at + 2] = 35;
			b->red[at] = at + 1, b->red[at + 1] = at + 2, b->red[at + 2] = 20;
		}
		b->red[25] = 33, b->red[28] = 36;
	}
}

/* Where a horse on cell `from` ends with die steps, or -1 when it may not move so. */
static int target(const struct board *b, int from, int die, enum mut m)
{
	int at = from;

	for (int s = 0; s < die; s++) {
		if (at == END)
			return m == Y_EXACT_END ? -1 : END;
		bool take_blue = b->blue[at] >= 0 && (s == 0 || m == Y_BLUE_PASSING);
		at = take_blue ? b->blue[at] : b->red[at];
	}
	return at;
}

static bool blocks(const struct board *b, int a, int t, enum mut m)
{
	if (m == Y_NO_BLOCK || (t == END && m != Y_BLOCK_END))
		return false;
	if (m == Y_BY_SCORE)
		return b->score[a] == b->score[t] && a != 0;
	return a == t;
}

static bool taken[CELLS];   /* Y_NO_RESTORE: the cells ended on along the search's line */

static int best(const struct board *b, const int *dice, int turn, int *pos, enum mut m)
{
	int top = 0, horses = m == Y_FIVE_HORSES ? HORSES + 1 : HORSES;
	bool moved = false;

	if (turn == DICE)
		return 0;
	for (int h = 0; h < horses; h++) {
		int from = pos[h], t, dup = 0;
		for (int g = 0; g < h; g++)
			dup |= pos[g] == from;
		if (dup || (from == END && m != Y_PASS))
			continue;
		t = from == END ? END : target(b, from, dice[turn], m);
		if (t < 0)
			continue;
		bool blocked = m == Y_NO_RESTORE && t != END && taken[t];
		for (int g = 0; g < (m == Y_BLOCK_THREE ? HORSES - 1 : horses) && t != from; g++)
			blocked |= g != h && blocks(b, pos[g], t, m);
		if (blocked)
			continue;
		pos[h] = t;
		taken[t] = m == Y_NO_RESTORE && t != END;
		int v = b->score[t] * (from != END) + best(b, dice, turn + 1, pos, m);
		taken[t] = false;
		pos[h] = from;
		top = !moved || v > top ? v : top;
		moved = true;
	}
	return top;
}

/* Y_GREEDY: the move of the most points each turn, the lowest horse on a tie. */
static int greedy(const struct board *b, const int *dice)
{
	int pos[HORSES] = { 0 }, total = 0;

	for (int turn = 0; turn < DICE; turn++) {
		int pick = -1, pick_to = 0;
		for (int h = 0; h < HORSES; h++) {
			int t = pos[h] == END ? -1 : target(b, pos[h], dice[turn], Y_NONE);
			bool blocked = t < 0;
			for (int g = 0; g < HORSES && !blocked; g++)
				blocked = g != h && blocks(b, pos[g], t, Y_NONE);
			if (!blocked && (pick < 0 || b->score[t] > b->score[pick_to]))
				pick = h, pick_to = t;
		}
		if (pick < 0)
			break;
		pos[pick] = pick_to;
		total += b->score[pick_to];
	}
	return total;
}

/* The best total of dice (DICE of them) with mistake m. */
static int ref_solve(const int *dice, enum mut m)
{
	struct board b;
	int pos[HORSES + 1] = { 0 };

	board_init(&b, m);
	return m == Y_GREEDY ? greedy(&b, dice) : best(&b, dice, 0, pos, m);
}

static bool read_dice(const char *in, int *dice)
{
	char *end;

	for (int i = 0; i < DICE; i++) {
		dice[i] = (int)strtol(in, &end, 10);
		if (end == in || dice[i] < 1 || dice[i] > 5)
			return false;
		in = end;
	}
	return true;
}

/* ---- the library's plan ---- */

struct plan {
	long total;
	size_t states;
	int n;
	struct yut_move mv[DICE];
	int end_before[DICE];   /* horses on End before each move */
};

static bool plan_of(const int *dice, struct plan *p)
{
	struct yut_game g;
	struct yut_result res;
	bool done;

	memset(p, 0, sizeof *p);
	yut_game_init(&g, yut_board_builtin());
	yut_result_init(&res);
	done = yut_game_set_dice(&g, dice, DICE, NULL) == BL_OK && yut_plan(&g, &res, NULL) == BL_OK;
	if (done) {
		const struct yut_board *b = yut_board_builtin();
		int cells[HORSES];
		for (int h = 0; h < HORSES; h++)
			cells[h] = b->start;
		p->total = (long)res.total;
		p->states = res.states;
		p->n = (int)res.nmoves;
		for (int t = 0; t < p->n; t++) {
			p->mv[t] = res.moves[t];
			for (int h = 0; h < HORSES; h++)
				p->end_before[t] += cells[h] == b->end;
			cells[res.moves[t].horse] = res.moves[t].to;
		}
	}
	yut_result_release(&res);
	yut_game_release(&g);
	return done;
}

static int cell(const char *name)
{
	return yut_board_find(yut_board_builtin(), name);
}

static bool plan_starts_on(const struct plan *p, const char *name)
{
	for (int t = 0; t < p->n; t++)
		if (p->mv[t].from == cell(name))
			return true;
	return false;
}

/* The distance from a library cell to End along the steps a move takes. */
static int steps_to_end(int from)
{
	const struct yut_board *b = yut_board_builtin();

	for (int d = 1; d <= 5; d++)
		if (yut_board_step(b, from, d) == b->end)
			return d;
	return 99;
}

/* A move that passes a blue cell without starting on it. */
static bool passes_blue(const struct yut_move *mv)
{
	const struct yut_board *b = yut_board_builtin();

	for (int s = 1; s < mv->die; s++) {
		int at = yut_board_step(b, mv->from, s);
		if (at != b->end && b->cells[at].blue != YUT_NONE)
			return true;
	}
	return false;
}

/* ---- the claims ---- */

struct claim {
	const char *name;
	bool (*check)(const int *dice, const char **why);
};

static bool killed(const int *dice, enum mut m, const char **why)
{
	if (ref_solve(dice, m) != ref_solve(dice, Y_NONE))
		return true;
	*why = mut_names[m];
	return false;
}

#define NEED(cond, text) \
	do { \
		if (!(cond)) { \
			*why = text; \
			return false; \
		} \
	} while (0)

static bool c_blue(const int *dice, const char *name, enum mut m, const char **why)
{
	struct plan p;

	NEED(plan_of(dice, &p) && plan_starts_on(&p, name), "the plan starts a move on the cell");
	return killed(dice, m, why);
}

static bool c_blue_10(const int *dice, const char **why)
{
	return c_blue(dice, "10", Y_NO_BLUE_10, why);
}

static bool c_blue_20(const int *dice, const char **why)
{
	return c_blue(dice, "20", Y_NO_BLUE_20, why);
}

static bool c_blue_30(const int *dice, const char **why)
{
	return c_blue(dice, "30", Y_NO_BLUE_30, why);
}

static bool c_passing(const int *dice, const char **why)
{
	struct plan p;
	bool any = false;

	NEED(plan_of(dice, &p), "a plan");
	for (int t = 0; t < p.n; t++)
		any |= passes_blue(&p.mv[t]);
	NEED(any, "a move of the plan passes a blue cell");
	return killed(dice, Y_BLUE_PASSING, why);
}

static bool c_overshoot(const int *dice, const char **why)
{
	struct plan p;
	bool any = false;

	NEED(plan_of(dice, &p), "a plan");
	for (int t = 0; t < p.n; t++)
		any |= p.mv[t].to == cell("end") && p.mv[t].die > steps_to_end(p.mv[t].from);
	NEED(any, "a move of the plan reaches End with steps left");
	return killed(dice, Y_EXACT_END, why);
}

static bool c_blocked(const int *dice, const char **why)
{
	return killed(dice, Y_NO_BLOCK, why);
}

/*
 * Horses leave Start in order of their number here, so horse 3 is the last
 * one out: a higher total that needs a move onto it means all four were on
 * the board.
 */
static bool c_fourth(const int *dice, const char **why)
{
	NEED(ref_solve(dice, Y_BLOCK_THREE) > ref_solve(dice, Y_NONE),
	     "a higher total by a move onto the fourth horse");
	return true;
}

/*
 * Of all 5^10 dice, only 5445555554 and 5554455554 score more with a fifth
 * horse (185 against 177 and 180; a search of every dice with four and with
 * five horses).  In the first, the last die, a 4, sends each horse on the
 * board to End for 0 or onto another horse; a fifth takes it from Start.
 */
static bool c_five(const int *dice, const char **why)
{
	NEED(ref_solve(dice, Y_FIVE_HORSES) > ref_solve(dice, Y_NONE),
	     "a higher total with a fifth horse");
	return true;
}

static bool c_end_shared(const int *dice, const char **why)
{
	struct plan p;
	bool any = false;

	NEED(plan_of(dice, &p), "a plan");
	for (int t = 0; t < p.n; t++)
		any |= p.mv[t].to == cell("end") && p.end_before[t] > 0;
	NEED(any, "a move of the plan reaches End where a horse already is");
	return killed(dice, Y_BLOCK_END, why);
}

static bool c_40(const int *dice, const char **why)
{
	return killed(dice, Y_40_TWICE, why);
}

static bool c_centre(const int *dice, const char **why)
{
	return killed(dice, Y_CENTRE_COPIES, why);
}

static bool c_scores(const int *dice, const char **why)
{
	return killed(dice, Y_BY_SCORE, why);
}

static bool c_pass(const int *dice, const char **why)
{
	return killed(dice, Y_PASS, why);
}

static bool c_uniform(const int *dice, int d, const char **why)
{
	for (int i = 0; i < DICE; i++)
		NEED(dice[i] == d, "every die the same");
	return true;
}

static bool c_twos(const int *dice, const char **why)
{
	return c_uniform(dice, 2, why);
}

static bool c_threes(const int *dice, const char **why)
{
	return c_uniform(dice, 3, why);
}

static bool c_fours(const int *dice, const char **why)
{
	return c_uniform(dice, 4, why);
}

/* The maximum tests: among the most states of any dice the search found. */
#define MAX_STATES 2000

static bool c_states(const int *dice, const char **why)
{
	struct plan p;

	NEED(plan_of(dice, &p) && p.states >= MAX_STATES, "many states");
	return true;
}

static const struct claim claims[] = {
	{ "blue-10", c_blue_10 },
	{ "blue-20", c_blue_20 },
	{ "blue-30", c_blue_30 },
	{ "passes-blue", c_passing },
	{ "end-with-steps-left", c_overshoot },
	{ "blocked-by-horse", c_blocked },
	{ "blocked-by-fourth-horse", c_fourth },
	{ "four-horses-only", c_five },
	{ "end-holds-many", c_end_shared },
	{ "shared-40", c_40 },
	{ "shared-centre", c_centre },
	{ "equal-scores-differ", c_scores },
	{ "finished-horse-stays", c_pass },
	{ "all-twos", c_twos },
	{ "all-threes", c_threes },
	{ "all-fours", c_fours },
	{ "max-states-1", c_states },
	{ "max-states-2", c_states },
	{ "max-states-3", c_states },
};

#define NCLAIMS (int)(sizeof claims / sizeof claims[0])

/* ---- the search ---- */

static void dice_text(const int *dice, char *out)
{
	for (int i = 0; i < DICE; i++)
		out[i] = (char)('0' + dice[i]);
	out[DICE] = '\0';
}

static void draw(uint64_t seed, uint64_t i, int *dice)
{
	struct bl_rng rng;

	bl_rng_init_stream(&rng, seed, i);
	for (int k = 0; k < DICE; k++)
		dice[k] = (int)bl_rng_range(&rng, 1, 5);
}

static void search_max(void)
{
	char best_text[3][DICE + 1] = { "", "", "" };
	size_t best_states[3] = { 0, 0, 0 };
	int dice[DICE];

	for (uint64_t i = 0; i < 300000; i++) {
		struct plan p;
		draw(11, i, dice);
		if (!plan_of(dice, &p))
			continue;
		for (int k = 0; k < 3; k++)
			if (p.states > best_states[k]) {
				for (int j = 2; j > k; j--) {
					best_states[j] = best_states[j - 1];
					memcpy(best_text[j], best_text[j - 1], DICE + 1);
				}
				best_states[k] = p.states;
				dice_text(dice, best_text[k]);
				break;
			}
	}
	for (int k = 0; k < 3; k++)
		printf("max-states-%d: \"%s\" (%zu states)\n", k + 1, best_text[k], best_states[k]);
}

static void search(void)
{
	static char found[NCLAIMS][DICE + 1];
	int nfound = 0, dice[DICE];

	for (int c = 0; c < NCLAIMS; c++) {
		const char *why;
		bool done = false;
		if (strncmp(claims[c].name, "max-", 4) == 0 || strncmp(claims[c].name, "all-", 4) == 0)
			continue;
		for (uint64_t i = 0; i < 2000000 && !done; i++) {
			char text[DICE + 1];
			bool dup = false;
			draw(7, i, dice);
			dice_text(dice, text);
			for (int k = 0; k < nfound; k++)
				dup |= strcmp(found[k], text) == 0;
			if (dup || !claims[c].check(dice, &why))
				continue;
			strcpy(found[nfound++], text);
			printf("%s: \"%s\" (draw %llu)\n", claims[c].name, text, (unsigned long long)i);
			done = true;
		}
		if (!done)
			printf("%s: none found\n", claims[c].name);
		fflush(stdout);
	}
	search_max();
}

/* ---- the tests ---- */

/* BL_TEST_QUICK=1 for slow runs (valgrind): fewer random games, the same checks. */
static bool quick(void)
{
	const char *q = getenv("BL_TEST_QUICK");

	return q && *q && strcmp(q, "0") != 0;
}

static void test_reference(void)
{
	const struct bl_problem *p = bl_problem_find("17825");
	struct bl_buf want;
	int bad = 0, dice[DICE];
	char in[2 * DICE + 1];

	bl_buf_init(&want);
	for (uint64_t i = 0; i < (quick() ? 30u : 300u); i++) {
		draw(99, i, dice);
		for (int k = 0; k < DICE; k++)
			in[2 * k] = (char)('0' + dice[k]), in[2 * k + 1] = k + 1 < DICE ? ' ' : '\n';
		bl_buf_reset(&want);
		bl_problem_answer(p, in, sizeof in - 1, &want, NULL);
		if (ref_solve(dice, Y_NONE) != strtol(want.data, NULL, 10) && bad++ == 0)
			tap_diag("the brute force and the library differ on %.*s", 2 * DICE, in);
	}
	is_int(bad, 0, "the brute force agrees with the library on random dice");
	bl_buf_release(&want);
}

/*
 * Every mistake of the catalogue (boardlab/mistake.h) against the brute
 * force's mutant written apart from it: the same totals on random dice, of
 * which some must show the mistake.
 */
static void test_mistakes(void)
{
	static const struct { const char *id; enum mut m; } muts[] = {
		{ "finished-may-pass", Y_PASS }, { "end-blocks", Y_BLOCK_END },
		{ "blue-when-passing", Y_BLUE_PASSING }, { "forty-twice", Y_40_TWICE },
		{ "shared-by-score", Y_BY_SCORE }, { "greedy", Y_GREEDY },
		{ "no-restore", Y_NO_RESTORE },
	};
	const struct bl_problem *p = bl_problem_find("17825");
	struct bl_buf got;
	int dice[DICE];
	char in[2 * DICE + 1];

	bl_buf_init(&got);
	for (size_t k = 0; k < bl_mistake_count(p); k++) {
		const struct bl_mistake *mk = bl_mistake_at(p, k);
		enum mut m = Y_NONE;
		int bad = 0, shown = 0, n = quick() ? 10 : 100;
		for (size_t j = 0; j < sizeof muts / sizeof muts[0]; j++)
			if (strcmp(muts[j].id, mk->id) == 0)
				m = muts[j].m;
		for (uint64_t i = 0; i < (uint64_t)n; i++) {
			draw(55, i, dice);
			for (int d = 0; d < DICE; d++)
				in[2 * d] = (char)('0' + dice[d]), in[2 * d + 1] = d + 1 < DICE ? ' ' : '\n';
			bl_buf_reset(&got);
			bl_mistake_answer(mk, in, sizeof in - 1, &got, NULL, NULL);
			int want = ref_solve(dice, m);
			shown += want != ref_solve(dice, Y_NONE);
			if (m == Y_NONE || (want != strtol(got.data, NULL, 10) && bad++ == 0))
				tap_diag("%s: the brute force's mutant %s and the library differ on %.*s",
					 mk->id, mut_names[m], 2 * DICE, in);
		}
		ok(m != Y_NONE && bad == 0,
		   "17825 %s: the library plays the brute force's mutant (it shows on %d of %d random "
		   "dice)", mk->id, shown, n);
	}
	bl_buf_release(&got);
}

static const struct claim *find_claim(const char *name)
{
	for (int i = 0; i < NCLAIMS; i++)
		if (strcmp(claims[i].name, name) == 0)
			return &claims[i];
	return NULL;
}

static void test_claims(void)
{
	struct bl_suite s;
	int bad_ref = 0, dice[DICE];
	bool ones = false, fives = false;

	if (!is_int(bl_suite_build(bl_problem_find("17825"), &s, NULL), BL_OK, "the suite builds"))
		return;
	for (size_t i = 0; i < s.n; i++) {
		const struct bl_test *t = &s.tests[i];
		const struct claim *c = find_claim(t->name);
		const char *why = "";
		if (!read_dice(t->input, dice)) {
			ok(false, "%s has 10 dice", t->name);
			continue;
		}
		if (ref_solve(dice, Y_NONE) != strtol(t->expected, NULL, 10))
			bad_ref++;
		if (t->kind == BL_TEST_SAMPLE) {
			ones |= c_uniform(dice, 1, &why);
			fives |= c_uniform(dice, 5, &why);
		}
		if (t->kind != BL_TEST_EDGE && t->kind != BL_TEST_MAX)
			continue;
		if (!ok(c != NULL, "%s has a claim to check", t->name))
			continue;
		bool held = c->check(dice, &why);
		ok(held, "%s: %s", t->name, t->desc);
		if (!held)
			tap_diag("fails: %s", why);
	}
	is_int(bad_ref, 0, "the brute force gives every test's expected output");
	ok(ones && fives, "the samples hold all 1s and all 5s (so no edge test repeats them)");
	for (int i = 0; i < NCLAIMS; i++)
		ok(bl_suite_find(&s, claims[i].name) != NULL, "17825 has a test %s", claims[i].name);
	bl_suite_release(&s);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--search") == 0) {
		search();
		return 0;
	}
	test_reference();
	test_mistakes();
	test_claims();
	return tap_done();
}
