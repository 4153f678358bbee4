/*
 * The mistakes' witnesses (boardlab/mistake.h): the catalogue has a stored
 * witness for every mistake (lib/witness_table.c); each is a valid judge
 * input on which the mistake's answer differs from the right one, and a
 * test of the problem's suite; and the search reproduces it.
 *
 *   t-witness           the checks, the search re-run within bounds that
 *                       keep `make test` fast (tower: every turn-1 search;
 *                       the others up to a few seconds of work each), the
 *                       rest skipped and said so
 *   t-witness --full    every search re-run to its end (`make witnesses-check`)
 *   t-witness --write   runs every search and prints lib/witness_table.c
 *                       (`make witnesses`)
 *
 * BL_TEST_QUICK=1 (valgrind) keeps the checks of the stored witnesses and
 * bounds the searches tighter still: yut's and puyo's to a few thousand
 * candidates, tower's not run.
 *
 * tower's searches run per problem and turn, all its mistakes at once
 * (tower_witness's jobs share the rules' games); cycle-ignores-order alone,
 * with its own cut.  The witnesses of the limit mistakes, and of
 * cycle-ignores-order when its search (turns 1 and 2, where it can have
 * none) finds none, are the suite's tests built for them; another mistake
 * no search finds a witness for is stored as having none (17780's
 * end-of-turn: docs/judge.md says why).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define TOWER_TURNS 2            /* the right answers tower's search tries */
#define YUT_BOUND 60000          /* make test: dice tried at most per search */
#define PUYO_BOUND 3000000       /* make test: fields tried at most per search */
#define QUICK_BOUND 3000         /* BL_TEST_QUICK: dice or fields tried at most */

enum mode { CHECK, FULL, WRITE };

/* What the search gives for one mistake. */
struct found {
	enum bl_witness_how how;
	int64_t size;
	struct bl_buf input;
	bool done;   /* searched (not skipped for its bound) */
};

static bool is_limit(const struct bl_mistake *m)
{
	return strcmp(m->id, "limit-off-by-one") == 0 || strcmp(m->id, "limit-1001") == 0;
}

/* The suite's test built for a mistake beyond the search. */
static void from_suite(const struct bl_mistake *m, struct found *f)
{
	struct bl_suite s;
	const struct bl_test *t;
	const char *name = strcmp(m->id, "limit-1001") == 0 ? "stack-on-turn-1001"
			   : is_limit(m) ? "stack-on-turn-1000" : "same-cells-other-order";

	f->how = BL_WITNESS_SUITE;
	f->done = true;
	if (bl_suite_build(bl_problem_find(m->problem), &s, NULL) != BL_OK)
		return;
	if ((t = bl_suite_find(&s, name)) != NULL)
		bl_buf_add(&f->input, t->input, t->input_len);
	bl_suite_release(&s);
}

/*
 * tower: problem p's mistakes (not the limit ones) in f[], turn by turn up
 * to `turns`: the others together, cycle-ignores-order alone.
 */
static void search_tower(const struct bl_problem *p, struct found *f, int turns)
{
	struct tower_witness_job jobs[TOWER_MISTAKE_COUNT];
	size_t which[TOWER_MISTAKE_COUNT];
	struct tower_opts o;

	tower_opts_init(&o);
	o.rule = (enum tower_rule)p->variant;
	for (int cycle = 0; cycle < 2; cycle++) {
		for (o.limit = 1; o.limit <= turns; o.limit++) {
			int n = 0;
			for (size_t i = 0; i < bl_mistake_count(p); i++) {
				const struct bl_mistake *m = bl_mistake_at(p, i);
				bool cyc = m->variant == TOWER_MISTAKE_CYCLE_NO_ORDER;
				if (is_limit(m) || cyc != (cycle == 1) || f[i].how == BL_WITNESS_SEARCH)
					continue;
				jobs[n].mistake = (enum tower_mistake)m->variant;
				bl_buf_init(&jobs[n].input);
				which[n++] = i;
			}
			if (n && tower_witness(&o, jobs, n, TOWER_BOJ_N_MIN, TOWER_BOJ_K_MIN, 0, NULL,
					       NULL) != BL_OK)
				tap_diag("%s: the search of turn %lld failed", p->id, (long long)o.limit);
			for (int j = 0; j < n; j++) {
				struct found *g = &f[which[j]];
				g->done = true;
				if (jobs[j].found) {
					g->how = BL_WITNESS_SEARCH;
					g->size = o.limit;
					bl_buf_add(&g->input, jobs[j].input.data, jobs[j].input.len);
				}
				bl_buf_release(&jobs[j].input);
			}
		}
	}
}

/* Every mistake of p into f[] (f[i].how NONE, input empty, on entry). */
static void search(const struct bl_problem *p, struct found *f, enum mode mode)
{
	struct bl_witness_bounds b = { TOWER_TURNS, 0 };

	bool quick = mode == CHECK && getenv("BL_TEST_QUICK") != NULL;

	if (mode == CHECK)
		b.max_work = quick ? QUICK_BOUND : strcmp(p->game, "yut") == 0 ? YUT_BOUND : PUYO_BOUND;
	if (quick && strcmp(p->game, "tower") == 0)
		return;   /* f[i].done false: skipped, and said so */
	if (strcmp(p->game, "tower") == 0) {
		for (size_t i = 0; i < bl_mistake_count(p); i++)
			if (is_limit(bl_mistake_at(p, i)))
				from_suite(bl_mistake_at(p, i), &f[i]);
		search_tower(p, f, mode == CHECK ? 1 : TOWER_TURNS);
		for (size_t i = 0; mode != CHECK && i < bl_mistake_count(p); i++)
			if (bl_mistake_at(p, i)->variant == TOWER_MISTAKE_CYCLE_NO_ORDER &&
			    f[i].how != BL_WITNESS_SEARCH)
				from_suite(bl_mistake_at(p, i), &f[i]);
		return;
	}
	for (size_t i = 0; i < bl_mistake_count(p); i++) {
		struct bl_witness_stats st;
		bool found;
		enum bl_code code = bl_witness_search(bl_mistake_at(p, i), &b, &f[i].input, &found,
						      &st, NULL);
		f[i].done = code == BL_OK;
		f[i].how = found ? BL_WITNESS_SEARCH : BL_WITNESS_NONE;
		f[i].size = st.size;
	}
}

/* ---- --write: the table ---- */

static void write_string(const char *s)
{
	printf("\n\t  \"");
	for (; *s; s++) {
		if (*s == '\n')
			printf(s[1] ? "\\n\"\n\t  \"" : "\\n");
		else
			putchar(*s);
	}
	printf("\"");
}

static void write_table(void)
{
	static const char *const how[] = { "BL_WITNESS_SEARCH", "BL_WITNESS_SUITE",
					   "BL_WITNESS_NONE" };

	printf("/* lib/witness_table.c: written by `make witnesses` (build/tests/t-witness "
	       "--write); do not edit. */\n#include \"mistake_impl.h\"\n\n"
	       "const struct bl_witness bl_witness_table[] = {\n");
	for (size_t k = 0; k < bl_problem_count(); k++) {
		const struct bl_problem *p = bl_problem_at(k);
		struct found f[32];
		memset(f, 0, sizeof f);
		for (size_t i = 0; i < bl_mistake_count(p); i++) {
			f[i].how = BL_WITNESS_NONE;
			bl_buf_init(&f[i].input);
		}
		search(p, f, WRITE);
		for (size_t i = 0; i < bl_mistake_count(p); i++) {
			const struct bl_mistake *m = bl_mistake_at(p, i);
			printf("\t{ \"%s\", \"%s\", %s, %lld,", p->id, m->id, how[f[i].how],
			       (long long)f[i].size);
			if (f[i].how == BL_WITNESS_NONE)
				printf(" NULL");
			else
				write_string(f[i].input.data);
			printf(" },\n");
			bl_buf_release(&f[i].input);
		}
		fflush(stdout);
	}
	printf("\t{ NULL, NULL, BL_WITNESS_NONE, 0, NULL },\n};\n");
}

/* ---- the checks ---- */

/* The stored witness of m: a valid input, the mistake's answer differs, a test of the suite. */
static void check_stored(const struct bl_mistake *m, const struct bl_suite *s)
{
	const struct bl_witness *w = bl_mistake_witness(m);
	struct bl_buf right, wrong;
	char name[BL_TEST_NAME_MAX];
	bool endless = false;

	if (!ok(w != NULL, "%s %s: a witness is stored", m->problem, m->id))
		return;
	snprintf(name, sizeof name, "witness-%s", m->id);
	if (w->how == BL_WITNESS_NONE) {
		ok(w->input == NULL && bl_suite_find(s, name) == NULL,
		   "%s %s: none (the mistake answers right on every input) and no test", m->problem,
		   m->id);
		return;
	}
	bl_buf_init(&right);
	bl_buf_init(&wrong);
	ok(bl_problem_answer(bl_problem_find(m->problem), w->input, strlen(w->input), &right,
			     NULL) == BL_OK &&
	   bl_mistake_answer(m, w->input, strlen(w->input), &wrong, &endless, NULL) == BL_OK &&
	   strcmp(right.data, wrong.data ? wrong.data : "") != 0,
	   "%s %s: a valid input on which it answers %s, not %.*s", m->problem, m->id,
	   endless ? "nothing (it never stops)" : wrong.data ? wrong.data : "?",
	   right.len ? (int)right.len - 1 : 0, right.data ? right.data : "");
	const struct bl_test *t = bl_suite_find(s, name);
	ok(t && t->kind == BL_TEST_WITNESS && strcmp(t->input, w->input) == 0,
	   "%s %s: the suite's test %s", m->problem, m->id, name);
	bl_buf_release(&right);
	bl_buf_release(&wrong);
}

/* The search gives the stored witness (or none), when it ran. */
static void check_search(const struct bl_mistake *m, const struct found *f, enum mode mode)
{
	const struct bl_witness *w = bl_mistake_witness(m);
	bool tower = strcmp(bl_problem_find(m->problem)->game, "tower") == 0;
	bool tower_part = tower && mode == CHECK && w && w->how != BL_WITNESS_NONE &&
			  !(w->how == BL_WITNESS_SEARCH && w->size == 1);

	if (!w)
		return;
	if (!f->done) {
		ok(true, "%s %s # skip the search is over make test's bound (make "
		   "witnesses-check runs it)", m->problem, m->id);
		return;
	}
	if (tower_part && !is_limit(m)) {
		/* make test searches turn 1 only: a witness found later must not show there */
		ok(f->how != BL_WITNESS_SEARCH,
		   "%s %s: no witness whose right answer is turn 1 (the rest: make "
		   "witnesses-check)", m->problem, m->id);
		return;
	}
	if (w->how == BL_WITNESS_NONE && mode == CHECK && tower) {
		ok(f->how != BL_WITNESS_SEARCH, "%s %s: still none on turn 1", m->problem, m->id);
		return;
	}
	ok(f->how == w->how && f->size == w->size &&
	   strcmp(f->input.data ? f->input.data : "", w->input ? w->input : "") == 0,
	   "%s %s: the search gives the stored witness", m->problem, m->id);
}

static void check_problem(const struct bl_problem *p, enum mode mode)
{
	struct bl_suite s;
	struct found f[32];

	if (!is_int(bl_suite_build(p, &s, NULL), BL_OK, "%s: the suite builds", p->id))
		return;
	size_t stored = 0;
	memset(f, 0, sizeof f);
	for (size_t i = 0; i < bl_mistake_count(p); i++) {
		const struct bl_witness *w = bl_mistake_witness(bl_mistake_at(p, i));
		f[i].how = BL_WITNESS_NONE;
		bl_buf_init(&f[i].input);
		check_stored(bl_mistake_at(p, i), &s);
		stored += w && w->input;
	}
	is_int((long long)bl_suite_count(&s, BL_TEST_WITNESS), (long long)stored,
	       "%s: a witness test for each stored witness, the last tests of the suite", p->id);
	search(p, f, mode);
	for (size_t i = 0; i < bl_mistake_count(p); i++) {
		check_search(bl_mistake_at(p, i), &f[i], mode);
		bl_buf_release(&f[i].input);
	}
	bl_suite_release(&s);
}

int main(int argc, char **argv)
{
	enum mode mode = CHECK;

	if (argc > 1 && strcmp(argv[1], "--write") == 0) {
		write_table();
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--full") == 0)
		mode = FULL;
	for (size_t k = 0; k < bl_problem_count(); k++)
		check_problem(bl_problem_at(k), mode);
	return tap_done();
}
