/*
 * The suite of BOJ 11559 (lib/suite_puyo.c): every edge and maximum test
 * does what its description claims, checked on the library's chain
 * (puyo_play: the groups of each step, the field after it) and against a
 * plain BFS simulation with one mistake switched on (a mutant), which
 * must answer the test differently.  The simulation without a mistake
 * must agree with the library on every test and on random fields.
 *
 * `t-suite-puyo --search` finds the searched tests' fields again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define ROWS 12
#define COLS 6

/* ---- the simulation and its mutants ---- */

enum mut {
	P_NONE,
	P_SEQUENTIAL,     /* pops one group, lets it fall, counts a chain, repeats */
	P_COUNT_GROUPS,   /* counts every group that pops as a chain */
	P_DIAGONAL,       /* puyos touching diagonally are connected */
	P_EXACT4,         /* only groups of exactly 4 pop */
	P_POP5,           /* only groups of 5 or more pop */
	P_POP3,           /* groups of 3 pop */
	P_GRAVITY_ONE,    /* after a pop every puyo falls at most one cell */
	P_WRAP,           /* the right neighbour of column 6 is column 1 of the row below
	                     (a column bound of 6 instead of 5 on a flat array) */
	P_NO_UP,          /* a group is searched down, left and right only, never up */
	P_CLEAR_CORNER,   /* a pop also empties the top-left cell, where a zero index
	                     points (one cell too many cleared, from a zeroed queue) */
	P_QUEUE_18,       /* a group's cells kept in a queue of 18 (rows + columns): the
	                     puyos found past it are not cleared */
	P_STALE_TOP,      /* the top row's marks are not cleared between chains */
	P_SKIP_TOP,       /* searches start in row 2: row 1 is reached only from below */
	P_DOT,            /* '.' is a colour too: a group of 4 empty cells never stops popping */
	P_SINGLE,         /* groups are looked for once */
	P_COUNT
};

static const char *const mut_names[P_COUNT] = {
	"none", "sequential", "count-groups", "diagonal", "exact4", "pop5", "pop3",
	"gravity-one", "wrap", "no-up", "clear-corner", "queue-18", "stale-top", "skip-top",
	"dot", "single",
};

/* Row 0 is the top row, as in the input. */
typedef char grid[ROWS][COLS];

static bool read_grid(const char *in, grid g)
{
	for (int r = 0; r < ROWS; r++) {
		for (int c = 0; c < COLS; c++)
			g[r][c] = *in++;
		if (*in++ != '\n')
			return false;
	}
	return *in == '\0';
}

static bool pops(int size, enum mut m)
{
	return m == P_EXACT4 ? size == 4 : m == P_POP5 ? size >= 5 : m == P_POP3 ? size >= 3
										 : size >= 4;
}

/* The group of (r, c) into cells (r * COLS + c); returns its size. */
static int flood(grid g, int r0, int c0, enum mut m, bool seen[ROWS][COLS], int *cells)
{
	static const int dr[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
	static const int dc[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };
	int n = 0, head = 0;

	seen[r0][c0] = true;
	cells[n++] = r0 * COLS + c0;
	while (head < n) {
		int r = cells[head] / COLS, c = cells[head] % COLS;
		head++;
		for (int d = 0; d < (m == P_DIAGONAL ? 8 : 4); d++) {
			int nr = r + dr[d], nc = c + dc[d];
			if (m == P_WRAP && d == 2 && c == COLS - 1)
				nr = r + 1, nc = 0;
			if (m == P_NO_UP && d == 1)
				continue;
			if (nr < 0 || nr >= ROWS || nc < 0 || nc >= COLS || seen[nr][nc] ||
			    g[nr][nc] != g[r0][c0])
				continue;
			seen[nr][nc] = true;
			cells[n++] = nr * COLS + nc;
		}
	}
	return n;
}

static void fall(grid g, enum mut m)
{
	for (int c = 0; c < COLS; c++) {
		if (m == P_GRAVITY_ONE) {
			for (int r = ROWS - 1; r > 0; r--)
				if (g[r][c] == '.' && g[r - 1][c] != '.')
					g[r][c] = g[r - 1][c], g[r - 1][c] = '.';
			continue;
		}
		int to = ROWS - 1;
		for (int r = ROWS - 1; r >= 0; r--)
			if (g[r][c] != '.') {
				char v = g[r][c];
				g[r][c] = '.';
				g[to--][c] = v;
			}
	}
}

/*
 * One step: pops (the first group only, for P_SEQUENTIAL); returns the
 * groups popped.  top: the top row's marks, kept from step to step for
 * P_STALE_TOP.
 */
static int step(grid g, enum mut m, bool top[COLS])
{
	bool seen[ROWS][COLS] = { { false } };
	int cells[ROWS * COLS], groups = 0;

	for (int c = 0; m == P_STALE_TOP && c < COLS; c++)
		seen[0][c] = top[c];
	for (int r = m == P_SKIP_TOP ? 1 : 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++) {
			if (g[r][c] == '.' || seen[r][c])
				continue;
			int n = flood(g, r, c, m, seen, cells);
			if (!pops(n, m))
				continue;
			for (int i = 0; i < (m == P_QUEUE_18 && n > 18 ? 18 : n); i++)
				g[cells[i] / COLS][cells[i] % COLS] = '.';
			if (m == P_CLEAR_CORNER)
				g[0][0] = '.';
			groups++;
			if (m == P_SEQUENTIAL)
				return groups;
		}
	for (int c = 0; c < COLS; c++)
		top[c] = seen[0][c];
	return groups;
}

/* P_DOT: whether the empty cells hold a group of 4. */
static bool empty_four(grid g)
{
	bool seen[ROWS][COLS] = { { false } };
	int cells[ROWS * COLS];

	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++)
			if (g[r][c] == '.' && !seen[r][c] && flood(g, r, c, P_NONE, seen, cells) >= 4)
				return true;
	return false;
}

/* The chain count with mistake m; -1 for a bad field, -2 for a chain that never stops. */
static int ref_chains(const char *in, enum mut m)
{
	grid g;
	bool top[COLS] = { false };
	int chains = 0, groups;

	if (!read_grid(in, g))
		return -1;
	while (!(m == P_DOT && empty_four(g)) && (groups = step(g, m, top)) > 0) {
		chains += m == P_COUNT_GROUPS ? groups : 1;
		fall(g, m);
		if (m == P_SINGLE)
			return chains;
	}
	return m == P_DOT && empty_four(g) ? -2 : chains;
}

/* ---- the library's chain ---- */

struct facts {
	int chains;
	int puyos;
	bool groups_at_once;   /* a step popped two groups or more */
	bool five;             /* a group of 5 or more popped */
	bool four;             /* a group of exactly 4 popped */
	bool fell_two;         /* a puyo fell two cells or more in a step */
	bool top_row;          /* a group in the top row popped */
	bool right_col;        /* a group in column 6 popped */
	bool joined_below;     /* a group that popped holds a puyo reached from its first
	                          (highest, then leftmost) puyo only through a step up */
	int corner_chain;      /* the chain in which the puyo that started in the top-left
	                          cell popped; 0 if none did, -1 if the cell was empty */
	int corner_at;         /* where that puyo is now (a cell, row from the floor) */
	int largest;           /* the largest group that popped */
	bool top_row_later;    /* a group holding a puyo of the top row popped in chain 2+ */
	bool top_row_alone;    /* a group lying in the top row alone popped */
};

/* Whether group g of step s holds a puyo its first puyo reaches only by a step up. */
static bool needs_up(const struct puyo_step *s, const struct puyo_group *g)
{
	bool in[PUYO_BOJ_ROWS][PUYO_COLS] = { { false } }, seen[PUYO_BOJ_ROWS][PUYO_COLS] = { { false } };
	int stack[PUYO_CELLS_MAX], n = 0, reached = 0, top = -1, left = PUYO_COLS;

	for (int i = g->first; i < g->first + g->size; i++) {
		int r = s->cell[i] / PUYO_COLS, c = s->cell[i] % PUYO_COLS;
		in[r][c] = true;
		if (r > top || (r == top && c < left))
			top = r, left = c;
	}
	seen[top][left] = true;
	stack[n++] = top * PUYO_COLS + left;
	while (n > 0) {
		int r = stack[--n] / PUYO_COLS, c = stack[n] % PUYO_COLS;
		static const int dr[3] = { -1, 0, 0 }, dc[3] = { 0, -1, 1 };   /* down, left, right */
		reached++;
		for (int d = 0; d < 3; d++) {
			int nr = r + dr[d], nc = c + dc[d];
			if (nr < 0 || nc < 0 || nc >= PUYO_COLS || !in[nr][nc] || seen[nr][nc])
				continue;
			seen[nr][nc] = true;
			stack[n++] = nr * PUYO_COLS + nc;
		}
	}
	return reached < g->size;
}

/* Where the puyo at cell `at` (row from the floor) lands when the step's holes close. */
static int after_fall(const struct puyo_step *s, int at)
{
	int below = 0;

	for (int i = 0; i < s->npopped; i++)
		below += s->cell[i] % PUYO_COLS == at % PUYO_COLS && s->cell[i] < at;
	return at - below * PUYO_COLS;
}

struct watch {
	struct facts *f;
	struct puyo_field before;
};

static bool watch_step(void *ctx, const struct puyo_step *s)
{
	struct watch *w = ctx;
	struct facts *f = w->f;

	f->groups_at_once |= s->ngroups >= 2;
	for (int i = 0; i < s->ngroups; i++) {
		f->five |= s->group[i].size >= 5;
		f->four |= s->group[i].size == 4;
		f->joined_below |= needs_up(s, &s->group[i]);
		f->largest = s->group[i].size > f->largest ? s->group[i].size : f->largest;
		bool in_top = false, all_top = true;
		for (int k = s->group[i].first; k < s->group[i].first + s->group[i].size; k++) {
			bool top = s->cell[k] / PUYO_COLS == PUYO_BOJ_ROWS - 1;
			in_top |= top;
			all_top &= top;
		}
		f->top_row_later |= in_top && s->chain >= 2;
		f->top_row_alone |= all_top;
	}
	for (int i = 0; i < s->npopped && f->corner_chain == 0; i++)
		if (s->cell[i] == f->corner_at)
			f->corner_chain = s->chain;
	if (f->corner_chain == 0)
		f->corner_at = after_fall(s, f->corner_at);
	for (int i = 0; i < s->npopped; i++) {
		f->top_row |= s->cell[i] / PUYO_COLS == PUYO_BOJ_ROWS - 1;
		f->right_col |= s->cell[i] % PUYO_COLS == PUYO_COLS - 1;
	}
	/* a puyo fell two or more: a column whose survivors sit two rows lower somewhere */
	for (int c = 0; c < PUYO_COLS; c++) {
		int holes = 0;
		for (int r = 0; r < w->before.rows; r++) {
			bool popped = false;
			for (int i = 0; i < s->npopped; i++)
				popped |= s->cell[i] == r * PUYO_COLS + c;
			if (popped)
				holes++;
			else if (w->before.cell[r][c] != PUYO_EMPTY && holes >= 2)
				f->fell_two = true;
		}
	}
	w->before = s->field;
	return true;
}

static bool facts_of(const char *in, struct facts *f)
{
	struct puyo_rules rules;
	struct puyo_limits lim;
	struct puyo_field field;
	struct puyo_result res;
	struct bl_reader rd;
	struct watch w;

	memset(f, 0, sizeof *f);
	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	puyo_limits_boj(&lim);
	bl_reader_init(&rd, in, strlen(in));
	if (puyo_parse(&field, &rd, &rules, 0, &lim, NULL) != BL_OK)
		return false;
	w.f = f;
	w.before = field;
	f->corner_at = (PUYO_BOJ_ROWS - 1) * PUYO_COLS;
	f->corner_chain = field.cell[PUYO_BOJ_ROWS - 1][0] == PUYO_EMPTY ? -1 : 0;
	if (puyo_play(&field, &rules, watch_step, &w, &res, NULL) != BL_OK)
		return false;
	f->chains = res.chains;
	f->puyos = puyo_field_count(&field);
	return true;
}

/* ---- the claims ---- */

struct claim {
	const char *name;
	int chains;        /* the answer it claims, -1 any */
	int puyos;         /* the puyos it holds, -1 any */
	enum mut kills[2];
	bool (*fact)(const struct facts *f);
};

static bool f_none(const struct facts *f)
{
	(void)f;
	return true;
}

static bool f_at_once(const struct facts *f)
{
	return f->groups_at_once;
}

static bool f_five(const struct facts *f)
{
	return f->five;
}

static bool f_four(const struct facts *f)
{
	return f->four;
}

static bool f_fell(const struct facts *f)
{
	return f->fell_two;
}

static bool f_top(const struct facts *f)
{
	return f->top_row;
}

static bool f_right(const struct facts *f)
{
	return f->right_col;
}

static bool f_below(const struct facts *f)
{
	return f->joined_below;
}

static bool f_corner(const struct facts *f)
{
	return f->corner_chain >= 2;
}

static bool f_large(const struct facts *f)
{
	return f->largest > ROWS + COLS;
}

static bool f_top_later(const struct facts *f)
{
	return f->top_row_later;
}

static bool f_top_alone(const struct facts *f)
{
	return f->top_row_alone;
}

#define NO P_NONE

static const struct claim claims[] = {
	{ "empty-field", 0, 0, { NO, NO }, f_none },
	{ "groups-of-three", 0, -1, { P_POP3, NO }, f_none },
	{ "diagonal-only", 0, -1, { P_DIAGONAL, NO }, f_none },
	{ "groups-at-once", -1, -1, { P_COUNT_GROUPS, P_SEQUENTIAL }, f_at_once },
	{ "group-of-five", -1, -1, { P_EXACT4, NO }, f_five },
	{ "group-of-four", -1, -1, { P_POP5, NO }, f_four },
	{ "falls-two-rows", -1, -1, { P_GRAVITY_ONE, NO }, f_fell },
	{ "pops-in-top-row", -1, -1, { NO, NO }, f_top },
	{ "right-column-no-wrap", -1, -1, { P_WRAP, NO }, f_right },
	{ "group-joined-from-below", 2, -1, { P_NO_UP, NO }, f_below },
	{ "top-left-stays", 2, -1, { P_CLEAR_CORNER, NO }, f_corner },
	{ "group-of-47", 2, -1, { P_QUEUE_18, NO }, f_large },
	{ "top-row-alone", 1, -1, { P_SKIP_TOP, NO }, f_top_alone },
	{ "top-row-in-chain-2", 2, -1, { P_STALE_TOP, NO }, f_top_later },
	{ "full-field-no-pop", 0, 72, { NO, NO }, f_none },
	{ "full-field-one-colour", 1, 72, { NO, NO }, f_none },
	{ "chain-1", 1, -1, { NO, NO }, f_none },
	{ "chain-2", 2, -1, { NO, NO }, f_none },
	{ "chain-3", 3, -1, { NO, NO }, f_none },
	{ "chain-4", 4, -1, { NO, NO }, f_none },
	{ "chain-5", 5, -1, { NO, NO }, f_none },
	{ "chain-6", 6, -1, { NO, NO }, f_none },
	{ "chain-7", 7, -1, { NO, NO }, f_none },
	{ "chain-8", 8, -1, { NO, NO }, f_none },
	{ "chain-9", 9, -1, { NO, NO }, f_none },
	{ "chain-10", 10, -1, { NO, NO }, f_none },
	{ "chain-11", 11, -1, { NO, NO }, f_none },
	{ "chain-12", 12, -1, { NO, NO }, f_none },
	{ "chain-13", 13, -1, { NO, NO }, f_none },
	{ "chain-14", 14, -1, { NO, NO }, f_none },
	{ "chain-15", 15, -1, { NO, NO }, f_none },
	{ "chain-16", 16, -1, { NO, NO }, f_none },
	{ "max-full-long-chain", -1, 72, { NO, NO }, f_none },
	{ "max-full-long-chain-2", -1, 72, { NO, NO }, f_none },
};

#define NCLAIMS (int)(sizeof claims / sizeof claims[0])
#define FULL_CHAINS 16   /* the chain the full-field maximum test claims */

static bool check(const struct claim *c, const char *in, const char **why)
{
	struct facts f;

	if (!facts_of(in, &f))
		return *why = "a valid field", false;
	if (c->chains >= 0 && f.chains != c->chains)
		return *why = "the chains claimed", false;
	if (strncmp(c->name, "max-full-long-chain", 19) == 0 && f.chains < FULL_CHAINS)
		return *why = "a long chain", false;
	if (c->puyos >= 0 && f.puyos != c->puyos)
		return *why = "the puyos claimed", false;
	if (!c->fact(&f))
		return *why = "what the chain shows", false;
	for (int k = 0; k < 2; k++)
		if (c->kills[k] != P_NONE && ref_chains(in, c->kills[k]) == f.chains)
			return *why = mut_names[c->kills[k]], false;
	return true;
}

/* ---- the search ---- */

static void field_line(const char *in, char *out)
{
	int n = 0;

	for (; *in; in++)
		if (*in != '\n')
			out[n++] = *in;
	out[n] = '\0';
}

static char found[NCLAIMS][ROWS * COLS + 1];
static int nfound;

static bool report(const struct claim *c, const char *in)
{
	char line[ROWS * COLS + 1];
	const char *why;

	if (!check(c, in, &why))
		return false;
	field_line(in, line);
	for (int i = 0; i < nfound; i++)
		if (strcmp(found[i], line) == 0)
			return false;
	strcpy(found[nfound++], line);
	printf("%s: \"%s\"\n", c->name, line);
	return true;
}

/* Draws field i of a mixed run: random fields of 2 to 5 colours, chain fields, full fields. */
static void draw_field(uint64_t i, struct bl_buf *b)
{
	struct puyo_gen g;
	struct puyo_field f;

	puyo_gen_init(&g, PUYO_RULES_BOJ);
	g.colours = 2 + (int)(i % 4);
	if (i % 3 == 1) {
		g.kind = PUYO_GEN_CHAIN;
		g.chains = 1 + (int)(i / 3 % 6);
	}
	puyo_gen_field(&g, 7, i, &f, NULL);
	if (i % 3 == 2) {   /* full: every empty cell a random colour */
		struct bl_rng rng;
		bl_rng_init_stream(&rng, 8, i);
		for (int r = 0; r < f.rows; r++)
			for (int c = 0; c < PUYO_COLS; c++)
				if (f.cell[r][c] == PUYO_EMPTY)
					f.cell[r][c] = (unsigned char)(PUYO_RED + bl_rng_below(&rng,
						(uint64_t)g.colours + 1) % PUYO_COLOURS);
	}
	bl_buf_reset(b);
	puyo_field_write(&f, 0, b);
}

/* The chain fields of gen, chains 1 to 16, seed 11559: the first of each. */
static void search_chains(struct bl_buf *b)
{
	for (int k = 1; k <= 16; k++) {
		struct puyo_gen g;
		struct puyo_field f;
		char name[32];
		puyo_gen_init(&g, PUYO_RULES_BOJ);
		g.kind = PUYO_GEN_CHAIN;
		g.chains = k;
		for (uint64_t i = 1; i < 100; i++) {
			puyo_gen_field(&g, 11559, i, &f, NULL);
			bl_buf_reset(b);
			puyo_field_write(&f, 0, b);
			snprintf(name, sizeof name, "chain-%d", k);
			for (int c = 0; c < NCLAIMS; c++)
				if (strcmp(claims[c].name, name) == 0 && report(&claims[c], b->data))
					i = 100;
		}
	}
}

/*
 * A full field with a long chain: a chain field of 16 whose empty cells are
 * filled bottom up, each with the colour (of four) that keeps the chain
 * longest.
 */
static void search_full(struct bl_buf *b)
{
	struct puyo_gen g;
	struct puyo_field f;
	struct puyo_rules rules;
	struct puyo_result res;

	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	puyo_gen_init(&g, PUYO_RULES_BOJ);
	g.kind = PUYO_GEN_CHAIN;
	g.chains = 16;
	for (uint64_t i = 1, want = NCLAIMS - 2; i < 400 && want < NCLAIMS; i++) {
		puyo_gen_field(&g, 13, i, &f, NULL);
		for (int r = 0; r < f.rows; r++)
			for (int c = 0; c < PUYO_COLS; c++) {
				int best = -1, best_colour = PUYO_RED;
				if (f.cell[r][c] != PUYO_EMPTY)
					continue;
				for (int k = PUYO_RED; k <= PUYO_YELLOW; k++) {
					f.cell[r][c] = (unsigned char)k;
					puyo_solve(&f, &rules, &res, NULL);
					if (res.chains > best)
						best = res.chains, best_colour = k;
				}
				f.cell[r][c] = (unsigned char)best_colour;
			}
		bl_buf_reset(b);
		puyo_field_write(&f, 0, b);
		if (report(&claims[want], b->data))
			want++;
	}
}

static void search(void)
{
	struct bl_buf b;

	bl_buf_init(&b);
	search_chains(&b);
	for (int c = 0; c < NCLAIMS; c++) {
		bool done = false;
		if (strncmp(claims[c].name, "chain-", 6) == 0 || strncmp(claims[c].name, "max-", 4) == 0 ||
		    strcmp(claims[c].name, "empty-field") == 0 ||
		    strcmp(claims[c].name, "full-field-one-colour") == 0)
			continue;
		if (strcmp(claims[c].name, "group-joined-from-below") == 0 ||
		    strcmp(claims[c].name, "top-left-stays") == 0 ||
		    strcmp(claims[c].name, "top-row-alone") == 0 ||
		    strcmp(claims[c].name, "top-row-in-chain-2") == 0) {
			printf("%s: laid out by hand (lib/suite_puyo.c)\n", claims[c].name);
			continue;
		}
		for (uint64_t i = 0; i < 3000000 && !done; i++) {
			draw_field(i, &b);
			done = report(&claims[c], b.data);
		}
		if (!done)
			printf("%s: none found\n", claims[c].name);
		fflush(stdout);
	}
	search_full(&b);
	bl_buf_release(&b);
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
	const struct bl_problem *p = bl_problem_find("11559");
	struct bl_buf b, want;
	int bad = 0;

	bl_buf_init(&b);
	bl_buf_init(&want);
	for (uint64_t i = 0; i < (quick() ? 300u : 3000u); i++) {
		draw_field(i, &b);
		bl_buf_reset(&want);
		bl_problem_answer(p, b.data, b.len, &want, NULL);
		if (ref_chains(b.data, P_NONE) != strtol(want.data, NULL, 10) && bad++ == 0)
			tap_diag("the simulation and the library differ on:\n%s", b.data);
	}
	is_int(bad, 0, "the simulation agrees with the library on random fields");
	bl_buf_release(&b);
	bl_buf_release(&want);
}

/*
 * Every mistake of the catalogue (boardlab/mistake.h) against the
 * simulation's mutant written apart from it: the same counts on random
 * fields (nothing printed for a chain that never stops), some showing it.
 */
static void test_mistakes(void)
{
	static const struct { const char *id; enum mut m; } muts[] = {
		{ "group-as-chain", P_COUNT_GROUPS }, { "sequential-pop", P_SEQUENTIAL },
		{ "gravity-one-step", P_GRAVITY_ONE }, { "diagonal", P_DIAGONAL },
		{ "pop-five", P_POP5 }, { "dot-colour", P_DOT }, { "single-pass", P_SINGLE },
	};
	const struct bl_problem *p = bl_problem_find("11559");
	struct bl_buf b, got;

	bl_buf_init(&b);
	bl_buf_init(&got);
	for (size_t k = 0; k < bl_mistake_count(p); k++) {
		const struct bl_mistake *mk = bl_mistake_at(p, k);
		enum mut m = P_NONE;
		int bad = 0, shown = 0, n = quick() ? 300 : 3000;
		for (size_t j = 0; j < sizeof muts / sizeof muts[0]; j++)
			if (strcmp(muts[j].id, mk->id) == 0)
				m = muts[j].m;
		for (uint64_t i = 0; i < (uint64_t)n; i++) {
			bool endless;
			draw_field(i, &b);
			bl_buf_reset(&got);
			bl_mistake_answer(mk, b.data, b.len, &got, &endless, NULL);
			int want = ref_chains(b.data, m);
			shown += want != ref_chains(b.data, P_NONE);
			if (m == P_NONE ||
			    ((want == -2 ? !endless : want != strtol(got.data, NULL, 10)) && bad++ == 0))
				tap_diag("%s: the simulation's mutant %s and the library differ on:\n%s",
					 mk->id, mut_names[m], b.data);
		}
		ok(m != P_NONE && bad == 0,
		   "11559 %s: the library plays the simulation's mutant (it shows on %d of %d random "
		   "fields)", mk->id, shown, n);
	}
	bl_buf_release(&b);
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
	int bad_ref = 0;

	if (!is_int(bl_suite_build(bl_problem_find("11559"), &s, NULL), BL_OK, "the suite builds"))
		return;
	for (size_t i = 0; i < s.n; i++) {
		const struct bl_test *t = &s.tests[i];
		const struct claim *c = find_claim(t->name);
		const char *why = "";
		if (ref_chains(t->input, P_NONE) != strtol(t->expected, NULL, 10))
			bad_ref++;
		if (t->kind != BL_TEST_EDGE && t->kind != BL_TEST_MAX)
			continue;
		if (!ok(c != NULL, "%s has a claim to check", t->name))
			continue;
		bool held = check(c, t->input, &why);
		ok(held, "%s: %s", t->name, t->desc);
		if (!held)
			tap_diag("fails: %s", why);
	}
	is_int(bad_ref, 0, "the simulation gives every test's expected output");
	for (int i = 0; i < NCLAIMS; i++)
		ok(bl_suite_find(&s, claims[i].name) != NULL, "11559 has a test %s", claims[i].name);
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
