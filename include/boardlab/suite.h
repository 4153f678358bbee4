/*
 * suite: the built-in test suite of each judge problem (problem.h), what
 * `boardlab judge` runs a solution against.  A suite is a list of tests,
 * each an input in the judge's format with its expected output (from
 * bl_problem_answer), a short name and a one-line description of what it
 * targets.  Tests come in five kinds, in this order: the problem's official
 * samples; edge tests, one or more for every rule the game's spec names,
 * each built for its outcome; maximum-size tests at the judge's limits;
 * random tests from the game's generator with fixed seeds; and the smallest
 * witness of each known mistake (bl_mistake_witness), "witness-ID".  The bytes are
 * the same on every machine and every run (bl_suite_hash fingerprints
 * them).  The caller owns the struct; the tests' texts are on the heap.
 * Files: lib/suite.c (the list), lib/suite_tower.c, suite_yut.c,
 * suite_grundy.c, suite_puyo.c (each game's tests).
 */
#ifndef BOARDLAB_SUITE_H
#define BOARDLAB_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "problem.h"

enum bl_test_kind {
	BL_TEST_SAMPLE,   /* an official sample of the problem */
	BL_TEST_EDGE,     /* built for one rule or pitfall, its outcome checked */
	BL_TEST_MAX,      /* at the judge's size limits, for the time limit */
	BL_TEST_RANDOM,   /* from the game's generator, a fixed seed */
	BL_TEST_WITNESS,  /* a known mistake's smallest witness (boardlab/mistake.h) */
};

#define BL_TEST_NAME_MAX 48    /* bytes of a name, its NUL included */
#define BL_TEST_DESC_MAX 200   /* bytes of a description, its NUL included */

struct bl_test {
	int id;                        /* 1..n in suite order; shown as NNN */
	enum bl_test_kind kind;
	char name[BL_TEST_NAME_MAX];   /* kebab-case, unique in its suite: "stack-on-turn-1000" */
	char desc[BL_TEST_DESC_MAX];   /* one line, no final full stop */
	char *input;                   /* the judge's input, NUL-terminated; owned */
	size_t input_len;
	char *expected;                /* the expected output ("1000\n"), NUL-terminated; owned */
	size_t expected_len;
};

struct bl_suite {
	const struct bl_problem *problem;   /* the problem it tests; NULL when empty */
	struct bl_test *tests;              /* tests[0..n), ids 1..n */
	size_t n;
	/* private */
	size_t cap;
};

/* An empty suite that owns nothing. */
void bl_suite_init(struct bl_suite *s);

/*
 * Builds the suite of problem p into *s, which need not be initialised
 * (whatever it held is not freed: release it first).  Every input is made
 * in memory (the samples and the edge tests from data compiled into the
 * library, the others by the generators from fixed seeds) and answered by
 * bl_problem_answer.  Costs about a second and up to some 60 MB for the
 * grundy problems (their maximum tests hold 300,000 pieces each), a few
 * milliseconds for the others.  Returns BL_OK, BL_ERR_ARG (p NULL),
 * BL_ERR_NOMEM, or BL_ERR_INTERNAL when a built-in input is refused (a
 * bug); *s is then empty.
 */
enum bl_code bl_suite_build(const struct bl_problem *p, struct bl_suite *s, struct bl_err *err);

/*
 * The witness tests of problem p's suite, alone, into *s: bl_suite_build,
 * then every other test freed, so that the ids are the whole suite's
 * ("test 62 witness-end-of-turn", as `judge --input 62` knows it).  What
 * a diagnosis runs when the suite's own runs did not include them.  The
 * cost and errors of bl_suite_build.
 */
enum bl_code bl_suite_witnesses(const struct bl_problem *p, struct bl_suite *s,
				struct bl_err *err);

/* Frees every test and leaves an empty suite.  s may be NULL. */
void bl_suite_release(struct bl_suite *s);

/* The test called name, or NULL. */
const struct bl_test *bl_suite_find(const struct bl_suite *s, const char *name);

/*
 * A 64-bit fingerprint (FNV-1a) of the whole suite: every test's id, kind,
 * name, description, input and expected output, each with its length.  Any
 * change to a test changes it.
 */
uint64_t bl_suite_hash(const struct bl_suite *s);

/* The tests of kind k in s. */
size_t bl_suite_count(const struct bl_suite *s, enum bl_test_kind k);

/* "sample", "edge", "max", "random" or "witness". */
const char *bl_test_kind_name(enum bl_test_kind k);

#endif
