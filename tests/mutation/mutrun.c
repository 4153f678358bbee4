/*
 * mutrun PROBLEM [OPTIONS] [MUTANT.so ...]: judges mutants of a reference
 * solution of PROBLEM, each a shared object whose main was renamed
 * solution_main (cc -shared -fPIC -Dmain=solution_main), against the
 * problem's suite (the judge's, bl_suite_build) and against random
 * instances, each output compared as the judge compares it (bl_compare).
 * Every mutant is run on the
 * suite until a test kills it, and on the random instances 0, 1, ... until
 * one kills it or --runs have passed: so a mutant is killed by the suite,
 * killable by random stress, both, or neither.  One line per mutant, tab
 * separated: the file, the suite's first kill ("-" when none: the test's
 * name and verdict) and stress's ("-" or the instance's index and verdict).
 * Lines starting with '#' say what was run, and the speed.
 *
 *   --ref REF.so      the unmutated solution: it must pass every test and
 *                     every instance (exit 3 if not), and each input's time
 *                     limit becomes --cpu-ms plus 10 times its CPU time
 *   --runs N          random instances (default 20000)
 *   --seed S          their seed (default 1)
 *   --cpu-ms MS       a run's CPU time limit (default 250)
 *   --print-random I  print random instance I and its answer, and exit
 *
 * Exit status: 0, 2 for a usage error, 3 when the reference fails, 4 when
 * the harness cannot run (a file, fork, the library).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mutrun.h"

struct options {
	const struct bl_problem *problem;
	const char *ref;
	long long runs;
	unsigned long long seed;
	long cpu_ms;
	long long print;   /* --print-random, or -1 */
	char **mutants;
	int nmutants;
};

static struct mut_runner runner;

static int usage(const char *msg)
{
	fprintf(stderr,
		"mutrun: %s\nusage: mutrun PROBLEM [--ref REF.so] [--runs N] [--seed S] "
		"[--cpu-ms MS] [--print-random I] [MUTANT.so ...]\n",
		msg);
	return 2;
}

static int number(const char *s, long long lo, long long hi, long long *out)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	if (end == s || *end || v < lo || v > hi)
		return 0;
	*out = v;
	return 1;
}

static int parse_args(int argc, char **argv, struct options *o)
{
	long long v;

	*o = (struct options){ .runs = 20000, .seed = 1, .cpu_ms = 250, .print = -1 };
	if (argc < 2 || !(o->problem = bl_problem_find(argv[1])))
		return usage(argc < 2 ? "missing PROBLEM" : "unknown PROBLEM");
	int i = 2;
	for (; i < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
		const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!val)
			return usage("an option is missing its value");
		if (strcmp(opt, "--ref") == 0)
			o->ref = val;
		else if (strcmp(opt, "--runs") == 0 && number(val, 0, 100000000, &v))
			o->runs = v;
		else if (strcmp(opt, "--seed") == 0 && number(val, 0, INT64_MAX, &v))
			o->seed = (unsigned long long)v;
		else if (strcmp(opt, "--cpu-ms") == 0 && number(val, 1, 100000, &v))
			o->cpu_ms = (long)v;
		else if (strcmp(opt, "--print-random") == 0 && number(val, 0, INT64_MAX, &v))
			o->print = v;
		else
			return usage("unknown option or bad value");
	}
	o->mutants = argv + i;
	o->nmutants = argc - i;
	return 0;
}

/* The random instances 0..runs-1 of the seed, each with its expected output. */
static enum bl_code make_random(const struct options *o, struct mut_cases *cs, struct bl_err *err)
{
	for (long long i = 0; i < o->runs; i++) {
		struct mut_case *c = mut_cases_add(cs);
		if (!c)
			return bl_fail(err, BL_ERR_NOMEM, "out of memory");
		snprintf(c->name, sizeof c->name, "%lld", i);
		enum bl_code rc = mut_random(o->problem, o->seed, (uint64_t)i, &c->in, err);
		if (rc == BL_OK)
			rc = bl_problem_answer(o->problem, c->in.data, c->in.len, &c->out, err);
		if (rc != BL_OK)
			return rc;
	}
	return BL_OK;
}

static void set_limits(struct mut_cases *cs, long cpu_ms)
{
	for (size_t i = 0; i < cs->n; i++)
		cs->v[i].limit_us = cpu_ms * 1000;
}

/* "-", or the name of the case that killed and its verdict. */
static void kill_text(const struct mut_kill *k, const struct mut_cases *cs, char *buf, size_t cap)
{
	char v[48];

	if (k->at < 0)
		snprintf(buf, cap, "-");
	else
		snprintf(buf, cap, "%s %s", cs->v[k->at].name, mut_verdict_text(&k->v, v, sizeof v));
}

/*
 * The reference must pass every case; each case's limit becomes the base
 * plus 10 times the reference's CPU time on it.
 */
static int check_ref(const struct options *o, struct mut_cases *sets[2], struct bl_err *err)
{
	struct mut_solution so;
	long *cpu_us = calloc(runner.max_cases, sizeof *cpu_us);
	int status = 0;

	if (!cpu_us)
		return 4;
	if (!mut_solution_load(&so, o->ref)) {
		fprintf(stderr, "mutrun: cannot load '%s': %s\n", o->ref, mut_load_error());
		free(cpu_us);
		return 4;
	}
	for (int s = 0; s < 2 && status == 0; s++) {
		struct mut_cases *cs = sets[s];
		struct mut_kill k;
		char text[48];
		if (mut_first_kill(&runner, &so, cs, &k, cpu_us, err) != BL_OK) {
			status = 4;
		} else if (k.at >= 0) {
			printf("# reference fails %s %s: %s\n", s ? "random instance" : "test",
			       cs->v[k.at].name, mut_verdict_text(&k.v, text, sizeof text));
			status = 3;
		} else {
			for (size_t i = 0; i < cs->n; i++)
				cs->v[i].limit_us = o->cpu_ms * 1000 + 10 * cpu_us[i];
		}
	}
	mut_solution_release(&so);
	free(cpu_us);
	if (status == 0)
		printf("# reference passes %zu tests and %zu random instances\n", sets[0]->n,
		       sets[1]->n);
	return status;
}

static int judge_mutant(const char *path, struct mut_cases *sets[2], struct bl_err *err)
{
	struct mut_solution so;
	struct mut_kill k[2];
	char text[2][128];

	if (!mut_solution_load(&so, path)) {
		printf("%s\tnoload\tnoload\n", path);
		return 0;
	}
	for (int s = 0; s < 2; s++) {
		if (mut_first_kill(&runner, &so, sets[s], &k[s], NULL, err) != BL_OK) {
			mut_solution_release(&so);
			return 4;
		}
		kill_text(&k[s], sets[s], text[s], sizeof text[s]);
	}
	mut_solution_release(&so);
	printf("%s\t%s\t%s\n", path, text[0], text[1]);
	return 0;
}

static int print_random(const struct options *o, struct bl_err *err)
{
	struct bl_buf in, out;
	int status = 0;

	bl_buf_init(&in);
	bl_buf_init(&out);
	if (mut_random(o->problem, o->seed, (uint64_t)o->print, &in, err) != BL_OK ||
	    bl_problem_answer(o->problem, in.data, in.len, &out, err) != BL_OK) {
		fprintf(stderr, "mutrun: %s\n", err->msg);
		status = 4;
	} else {
		printf("%s# answer: %s", in.data, out.data);
	}
	bl_buf_release(&in);
	bl_buf_release(&out);
	return status;
}

static size_t largest_input(const struct mut_cases *cs, size_t max)
{
	for (size_t i = 0; i < cs->n; i++)
		if (cs->v[i].in.len > max)
			max = cs->v[i].in.len;
	return max;
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static int run(const struct options *o, struct mut_cases *suite, struct mut_cases *rnd,
	       struct bl_err *err)
{
	struct mut_cases *sets[2] = { suite, rnd };
	struct timespec t0;
	int status = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (mut_suite(o->problem, suite, err) != BL_OK || make_random(o, rnd, err) != BL_OK ||
	    mut_runner_init(&runner, o->problem, suite->n > rnd->n ? suite->n : rnd->n,
			    largest_input(rnd, largest_input(suite, 0)), err) != BL_OK)
		return 4;
	printf("# problem %s: suite of %zu tests, %zu random instances of seed %llu, made in "
	       "%.2f s\n", o->problem->id, suite->n, rnd->n, o->seed, seconds_since(&t0));
	set_limits(suite, o->cpu_ms);
	set_limits(rnd, o->cpu_ms);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (o->ref)
		status = check_ref(o, sets, err);
	for (int i = 0; i < o->nmutants && status == 0; i++)
		status = judge_mutant(o->mutants[i], sets, err);
	double s = seconds_since(&t0);
	printf("# %lld runs in %.2f s: %.0f runs/s\n", runner.runs, s,
	       s > 0 ? (double)runner.runs / s : 0.0);
	if (runner.garbled)
		printf("# %lld sets rerun a process per input: a solution garbled its worker's report\n",
		       runner.garbled);
	return status;
}

int main(int argc, char **argv)
{
	struct options o;
	struct mut_cases suite = { 0 }, rnd = { 0 };
	struct bl_err err;
	int status = parse_args(argc, argv, &o);

	if (status != 0)
		return status;
	bl_err_clear(&err);
	if (o.print >= 0)
		return print_random(&o, &err);
	status = run(&o, &suite, &rnd, &err);
	if (status == 4 && err.code != BL_OK)
		fprintf(stderr, "mutrun: %s\n", err.msg);
	mut_runner_release(&runner);
	mut_cases_release(&suite);
	mut_cases_release(&rnd);
	return status;
}
