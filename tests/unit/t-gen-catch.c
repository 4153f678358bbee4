/*
 * How soon stress's default draw catches each catalogued mistake (issue
 * 22; docs/stress.md, "How soon each mistake is caught"): for every
 * mistake of every problem, the first instance of `boardlab stress P`'s
 * default run (seed 1, instances 1, 2, ..., the preset's options, gen's
 * --dist mixed; bl_problem_gen draws them as gen does) on which
 * bl_mistake_answer differs from bl_problem_answer.  A mistake whose
 * program never stops is caught where that happens.  Each must be caught
 * within MAX_RUNS runs and at the run the table records, so a change of
 * the mixture is seen here; the same figures under --dist uniform are
 * printed as diagnostics with -v (`t-gen-catch -v`), not asserted.
 *
 * BL_TEST_QUICK=1 (valgrind) checks only the mistakes caught within 30
 * runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define MAX_RUNS 1000

struct want {
	const char *problem, *id;
	int runs;            /* the run that catches it; 0: exempt; -1: measure (a new mistake:
	                        its figure is printed, to be recorded here) */
	const char *why;     /* exempt: the reason */
};

static const struct want table[] = {
	{ "17780", "end-of-turn", 0, "answers right on every input (docs/judge.md, Mistakes)" },
	{ "17780", "blue-no-recheck", 6, NULL },
	{ "17780", "red-whole-stack", 2, NULL },
	{ "17780", "limit-off-by-one", 2, NULL },
	{ "17780", "limit-1001", 14, NULL },
	{ "17780", "any-piece-moves", 1, NULL },
	{ "17780", "skip-new-bottom", 2, NULL },
	{ "17837", "end-of-turn", 1, NULL },
	{ "17837", "blue-no-recheck", 4, NULL },
	{ "17837", "blue-forget-dir", 1, NULL },
	{ "17837", "blue-then-red", 5, NULL },
	{ "17837", "red-whole-stack", 1, NULL },
	{ "17837", "carry-alone", 1, NULL },
	{ "17837", "limit-off-by-one", 2, NULL },
	{ "17837", "limit-1001", 14, NULL },
	{ "17837", "cycle-ignores-order", 5, NULL },
	{ "17837", "dir-swap", 1, NULL },
	{ "17825", "finished-may-pass", 34, NULL },
	{ "17825", "end-blocks", 10, NULL },
	{ "17825", "blue-when-passing", 2, NULL },
	{ "17825", "forty-twice", 3, NULL },
	{ "17825", "shared-by-score", 12, NULL },
	{ "17825", "greedy", 1, NULL },
	{ "17825", "no-restore", 1, NULL },
	{ "16880", "palace-x1", 47, NULL },
	{ "16880", "knight-wrong", 27, NULL },
	{ "16880", "king-wrong", 77, NULL },
	{ "16880", "sum-not-xor", 5, NULL },
	{ "16880", "names-swapped", 1, NULL },
	{ "16880", "palace-x1-formula", 47, NULL },
	{ "16880", "xor-precedence", 18, NULL },
	{ "16879", "palace-x1", 8, NULL },
	{ "16879", "names-swapped", 1, NULL },
	{ "16879", "formula-no-xor", 14, NULL },
	{ "16879", "palace-x1-formula", 30, NULL },
	{ "16879", "xor-precedence", 2, NULL },
	{ "11559", "group-as-chain", 2, NULL },
	{ "11559", "sequential-pop", 2, NULL },
	{ "11559", "gravity-one-step", 6, NULL },
	{ "11559", "diagonal", 3, NULL },
	{ "11559", "pop-five", 6, NULL },
	{ "11559", "dot-colour", 1, NULL },
	{ "11559", "single-pass", 3, NULL },
};

#define NTABLE (sizeof table / sizeof table[0])

/* One problem's instances and right answers, drawn once for all its mistakes. */
struct run {
	struct bl_buf in[MAX_RUNS], want[MAX_RUNS];
	int drawn;
};

static bool draw(const struct bl_problem *p, enum bl_gen_dist d, struct run *r, int i)
{
	struct bl_err err;

	for (; r->drawn < i; r->drawn++) {
		struct bl_buf *in = &r->in[r->drawn], *want = &r->want[r->drawn];
		bl_buf_init(in);
		bl_buf_init(want);
		bl_err_clear(&err);
		if (bl_problem_gen(p, d, 1, r->drawn + 1, in, &err) != BL_OK ||
		    bl_problem_answer(p, in->data, in->len, want, &err) != BL_OK) {
			tap_diag("%s instance %d: %s", p->id, r->drawn + 1, err.msg);
			return false;
		}
	}
	return true;
}

/* The first run (1-based) on which m answers otherwise, up to `most`; 0 past it, -1 on an error. */
static int first_catch(const struct bl_problem *p, const struct bl_mistake *m, enum bl_gen_dist d,
		       struct run *r, int most)
{
	struct bl_buf got;
	struct bl_err err;
	bool endless;
	int found = 0;

	bl_buf_init(&got);
	for (int i = 1; i <= most && !found; i++) {
		if (!draw(p, d, r, i))
			return -1;
		got.len = 0;
		bl_err_clear(&err);
		/* A variant past its tables (palace-x1 on large palaces) tells nothing: skipped. */
		if (bl_mistake_answer(m, r->in[i - 1].data, r->in[i - 1].len, &got, &endless, &err) !=
		    BL_OK)
			continue;
		if (endless || got.len != r->want[i - 1].len ||
		    memcmp(got.data, r->want[i - 1].data, got.len) != 0)
			found = i;
	}
	bl_buf_release(&got);
	return found;
}

static void release(struct run *r)
{
	for (int i = 0; i < r->drawn; i++) {
		bl_buf_release(&r->in[i]);
		bl_buf_release(&r->want[i]);
	}
	r->drawn = 0;
}

/* `t-gen-catch --print P I DIST`: instance I of seed 1 as bl_problem_gen draws it (t-gen-catch.sh). */
static int print(const char *id, const char *i, const char *dist)
{
	const struct bl_problem *p = bl_problem_find(id);
	struct bl_buf b;
	int status = 1;

	bl_buf_init(&b);
	if (p && bl_problem_gen(p, strcmp(dist, "uniform") == 0 ? BL_GEN_UNIFORM : BL_GEN_MIXED, 1,
				strtoll(i, NULL, 10), &b, NULL) == BL_OK) {
		fwrite(b.data, 1, b.len, stdout);
		status = 0;
	}
	bl_buf_release(&b);
	return status;
}

int main(int argc, char **argv)
{
	static struct run mixed, uniform;
	const char *q = getenv("BL_TEST_QUICK");
	bool quick = q && strcmp(q, "0") != 0, verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
	const char *cur = "";

	if (argc == 5 && strcmp(argv[1], "--print") == 0)
		return print(argv[2], argv[3], argv[4]);

	for (size_t k = 0; k < NTABLE; k++) {
		const struct want *w = &table[k];
		const struct bl_problem *p = bl_problem_find(w->problem);
		const struct bl_mistake *m = bl_mistake_find(p, w->id);
		int most = quick ? 30 : MAX_RUNS, got;

		if (strcmp(cur, w->problem) != 0) {
			release(&mixed);
			release(&uniform);
			cur = w->problem;
		}
		if (!m) {
			ok(false, "%s %s is catalogued", w->problem, w->id);
			continue;
		}
		if (w->runs == 0) {
			ok(true, "%s %s: exempt %s%s", w->problem, w->id, strncmp(w->why, "not reached", 11) == 0 ?
			   "# SKIP " : "", w->why);
			continue;
		}
		if (quick && w->runs > most)
			continue;
		got = first_catch(p, m, BL_GEN_MIXED, &mixed, most);
		if (w->runs < 0)
			printf("# MEASURED %s %s %d\n", w->problem, w->id, got);
		else {
			ok(got >= 1 && got <= MAX_RUNS, "%s %s: caught within %d runs", w->problem, w->id,
			   MAX_RUNS);
			is_int(got, w->runs, "%s %s: caught on run %d of stress's default draw",
			       w->problem, w->id, w->runs);
		}
		if (verbose)
			printf("# %s %s: mixed %d, uniform %d (0: not within %d)\n", w->problem, w->id,
			       got, first_catch(p, m, BL_GEN_UNIFORM, &uniform, most), most);
	}
	release(&mixed);
	release(&uniform);
	return tap_done();
}
