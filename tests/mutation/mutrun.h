/*
 * mutrun: the harness of the mutation test (tests/mutation/mutate.py makes
 * the mutants).  It judges compiled solutions (shared objects whose main is
 * renamed solution_main) against a problem's suite and against random
 * instances.  No process per input: a forked worker calls the solution's
 * main in process, input after input, resetting its data in between, and
 * only a run that kills the worker (a crash, a time limit) costs a fork.
 * mutrun_problem.c holds what comes from the library (the suite, random
 * instances), mutrun_load.c the solution's loading and reset, mutrun_run.c
 * the worker that runs it and judges its output with bl_compare.
 */
#ifndef BOARDLAB_MUTRUN_H
#define BOARDLAB_MUTRUN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <boardlab/buf.h>
#include <boardlab/err.h>
#include <boardlab/problem.h>

/* One input with its expected output. */
struct mut_case {
	char name[64];     /* the suite's test name, or the random instance's index */
	struct bl_buf in;
	struct bl_buf out;
	long limit_us;     /* the CPU time a run may take; set by the caller */
};

struct mut_cases {
	struct mut_case *v;
	size_t n, cap;
};

/* A new empty case at the end of *cs, or NULL when out of memory. */
struct mut_case *mut_cases_add(struct mut_cases *cs);
void mut_cases_release(struct mut_cases *cs);

/* ---- mutrun_problem.c: what the library gives ---- */

/*
 * Random instance i of run seed for problem p, appended to in: the game's
 * generator with the judge's limits, as `boardlab GAME stress --problem P`
 * draws them.  Its expected output is bl_problem_answer's.
 */
enum bl_code mut_random(const struct bl_problem *p, uint64_t seed, uint64_t i, struct bl_buf *in,
			struct bl_err *err);

/*
 * The problem's test suite, the judge's (bl_suite_build), appended to
 * *suite with its names and expected outputs.
 */
enum bl_code mut_suite(const struct bl_problem *p, struct mut_cases *suite, struct bl_err *err);

/* ---- mutrun_load.c: a solution, and its state reset between runs ---- */

typedef int (*mut_main_fn)(void);

#define MUT_SEGMENTS 4

struct mut_solution {
	void *handle;       /* dlopen's */
	mut_main_fn fn;     /* its solution_main */
	struct {
		char *addr;     /* a writable part of the object */
		char *copy;     /* its bytes right after loading */
		size_t len;
	} seg[MUT_SEGMENTS];
	int nseg;
};

/*
 * Loads the shared object at path and keeps a copy of its writable data.
 * Returns 1, or 0 when it cannot be loaded or has no solution_main
 * (mut_load_error says why).
 */
int mut_solution_load(struct mut_solution *so, const char *path);
/* Puts the object's writable data back as it was after loading. */
void mut_solution_reset(const struct mut_solution *so);
void mut_solution_release(struct mut_solution *so);
const char *mut_load_error(void);

/* ---- mutrun_run.c: runs in a worker process ---- */

enum mut_outcome {
	MUT_PASS,   /* the expected tokens, exit status 0 */
	MUT_WA,     /* other tokens (bl_compare's WA) */
	MUT_PE,     /* no token, or one of the wrong kind (bl_compare's PE) */
	MUT_RE,     /* a signal or a non-zero exit status */
	MUT_TLE,    /* CPU time or the wall-clock backstop */
	MUT_OLE,    /* output past the cap */
};

struct mut_verdict {
	enum mut_outcome outcome;
	int sig;         /* MUT_RE by a signal, MUT_TLE, MUT_OLE: the signal, else 0 */
	int status;      /* MUT_RE by exit: the status */
};

/* The first case of a set that a solution fails. */
struct mut_kill {
	long long at;    /* its index, or -1 when the solution passes every case */
	struct mut_verdict v;
};

/* What the worker tells its parent, in a shared mapping. */
struct mut_shared {
	long long current;    /* the case being run, -1 between runs */
	long long failed;     /* the case the worker judged a kill, -1 for none */
	struct mut_verdict v; /* its verdict */
	int finished;         /* the worker came to the end (all passed or failed set) */
	long long runs;       /* runs made */
	long cpu_us[];        /* each case's CPU time */
};

struct mut_runner {
	const struct bl_problem *problem;        /* whose comparison judges the output */
	int in_fd, out_fd, null_fd, shared_fd;   /* unlinked temporary files, /dev/null */
	struct mut_shared *sh;
	size_t sh_bytes, guard;   /* its size; the inaccessible pages on each side */
	size_t max_cases;
	off_t file_max;        /* RLIMIT_FSIZE: MUT_OUTPUT_MAX, or more for large inputs */
	off_t in_at, in_far;   /* where the last input went in the input file; the other place */
	struct bl_buf got;     /* a run's output, read back */
	long long runs;        /* runs made */
	long long garbled;     /* sets rerun a process per input after a garbled report */
};

#define MUT_OUTPUT_MAX (1 << 20)

/*
 * Opens the runner's files for sets of up to max_cases cases of problem p,
 * the largest input max_input bytes.  BL_ERR_IO or BL_ERR_NOMEM on failure.
 */
enum bl_code mut_runner_init(struct mut_runner *r, const struct bl_problem *p, size_t max_cases,
			     size_t max_input, struct bl_err *err);
void mut_runner_release(struct mut_runner *r);

/*
 * Runs so on the cases of cs in order, each with its input on standard
 * input, its output to a file (capped), standard error discarded, its CPU
 * time bounded by its limit_us (the wall clock by ten times that plus a
 * second), until one fails: k->at is its index (or -1) and k->v the
 * verdict.  The runs happen in a forked worker that calls the solution
 * in process, its data reset before each run; a worker that dies (a
 * signal, the solution's exit) is judged on the case it was running and
 * replaced.  With cpu_us, each passing case's CPU time is stored there.
 * Returns BL_OK, or BL_ERR_IO when the harness itself failed.
 */
enum bl_code mut_first_kill(struct mut_runner *r, const struct mut_solution *so,
			    const struct mut_cases *cs, struct mut_kill *k, long *cpu_us,
			    struct bl_err *err);

/* "AC", "WA", "PE", "RE (SIGSEGV)", "RE (exit 1)", "TLE (SIGPROF)", "OLE" into buf. */
const char *mut_verdict_text(const struct mut_verdict *v, char *buf, size_t cap);

#endif
