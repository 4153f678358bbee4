/*
 * stress: what `boardlab GAME stress` decides and says of one run of the
 * solution under test, apart from running it (docs/stress.md).  A run's
 * measured facts (struct bl_judge_run, judge.h) and the game's expected
 * output become an outcome: stress's own verdicts, stricter on the
 * output's shape than the judge's and knowing no problem
 * (bl_compare_shape).  The report's views of a failure, its outputs and
 * the reference trace, are written into a bl_buf.  lib/stress.c.
 */
#ifndef BOARDLAB_STRESS_H
#define BOARDLAB_STRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "judge.h"
#include "problem.h"
#include "shrink.h"

enum bl_stress_verdict {
	BL_STRESS_OK,     /* accepted */
	BL_STRESS_WA,     /* wrong answer */
	BL_STRESS_PE,     /* presentation error: the output's shape, or more than the cap */
	BL_STRESS_RE,     /* runtime error: a signal or a non-zero exit status */
	BL_STRESS_TLE,    /* over the CPU time limit */
	BL_STRESS_IDLE,   /* stopped by the wall-clock backstop, under the CPU limit */
	BL_STRESS_COUNT
};

/* "OK", "WA", ..., "IDLE"; for people "accepted", ..., "wall-clock time-out"; "?" past them. */
const char *bl_stress_verdict_name(enum bl_stress_verdict v);
const char *bl_stress_verdict_long(enum bl_stress_verdict v);

/* How a run ended, for the report and for shrinking. */
struct bl_stress_outcome {
	enum bl_stress_verdict verdict;
	int signal;               /* RE: the signal, 0 for a non-zero exit */
	int exit_status;          /* RE: the exit status */
	bool whitespace_only;     /* OK, but the bytes differ in whitespace */
	char why[BL_COMPARE_WHY_MAX];   /* one line: what differs, or how it ended */
};

/*
 * The outcome of run against expected[0..expected_len) into *o, under the
 * CPU time limit cpu_ms and the output cap out_cap (bytes), in this order:
 * TLE (cpu_over, or the backstop with at least cpu_ms of CPU time), IDLE
 * (the backstop, less CPU time), PE (out_over), RE (a signal, then an exit
 * status), and else bl_compare_shape's verdict: OK, WA or PE.
 */
void bl_stress_classify(const struct bl_judge_run *run, int64_t cpu_ms, size_t out_cap,
			const char *expected, size_t expected_len, struct bl_stress_outcome *o);

/*
 * True when b fails as a does: the same verdict, and for RE the same
 * signal, or the same exit status; TLE and IDLE are one failure (not done
 * in time, by the CPU limit or by the backstop).  A shrunk input must keep
 * it.
 */
bool bl_stress_same_failure(const struct bl_stress_outcome *a, const struct bl_stress_outcome *b);

/*
 * The answer a wrong one found, for the trace to point at (the game's
 * trace verb's --found): the first token of found[0..len) into buf, when
 * o is WA and it is at most 31 bytes; else NULL.
 */
const char *bl_stress_found_answer(const struct bl_stress_outcome *o, const char *found,
				   size_t len, char buf[32]);

/* "OK (accepted)", or "VERDICT (what it means): why", appended to out. */
void bl_stress_outcome_text(const struct bl_stress_outcome *o, struct bl_buf *out);

/*
 * The report's first lines: the outcome, the instance of seed that failed
 * after runs runs, why, and "original: GEN | CMD", gen being the command
 * that prints the instance.  Appended to out.
 */
void bl_stress_head(const struct bl_stress_outcome *o, int64_t instance, uint64_t seed,
		    int64_t runs, const char *gen, char *const *command, struct bl_buf *out);

/*
 * The lines on checking and shrinking the failure, after the head; each
 * appends to out.  bl_stress_flaky: run again alone, it ended as again, not
 * the same way, so it is not shrunk.  bl_stress_shrunk: shrinking took
 * steps steps and tries reductions in spent_ns, stopped early when stopped
 * is not NULL (its reason); after a step, still the failure o.
 * bl_stress_unconfirmed: the minimal input, run again alone, ended as
 * again; then bl_stress_shown_instead, the input shown in its place: the
 * one after step `step`, which failed as o, or for step 0 the original,
 * which failed twice (o unused).
 */
void bl_stress_flaky(const struct bl_stress_outcome *again, struct bl_buf *out);
void bl_stress_shrunk(long steps, long tries, uint64_t spent_ns, const char *stopped,
		      const struct bl_stress_outcome *o, struct bl_buf *out);
void bl_stress_unconfirmed(const struct bl_stress_outcome *again, struct bl_buf *out);
void bl_stress_shown_instead(long step, const struct bl_stress_outcome *o, struct bl_buf *out);

/*
 * Shrinking's default budget in milliseconds, for a solution whose run
 * took run_ms: the time of BL_STRESS_SHRINK_RUNS such runs, at least
 * 10,000 ms and at most 600,000 (10 minutes).
 */
#define BL_STRESS_SHRINK_RUNS 400
int64_t bl_stress_shrink_budget_ms(int64_t run_ms);

/*
 * The report when every run passed: "OK: N runs passed (seed S, instances
 * 1 to M)", and when ws of them differ from the expected output in
 * whitespace only, a note naming the first, ws_first.  Appended to out.
 */
void bl_stress_passed(int64_t runs, uint64_t seed, int64_t instances, int64_t ws,
		      int64_t ws_first, struct bl_buf *out);

/* A failure as the report shows it, after the lines on shrinking.  Every pointer is borrowed. */
struct bl_stress_failure {
	const char *input;            /* the input shown: the minimal one, or what stands for it */
	size_t input_len;
	const char *expected, *found, *err;   /* the outputs: expected, standard output and error */
	size_t expected_len, found_len, err_len;
	size_t found_more, err_more;  /* bytes of them read but not kept */
	bool minimal;                 /* the input shown is the minimal one */
	bool original;                /* it is the original: no reduction was taken */
	char *const *command;         /* CMD, NULL-terminated */
	const char *gen;              /* the command printing the input shown, when it is the
	                                 original instance; else NULL */
	const char *saved;            /* the --save folder it was written into, or NULL */
	const char *trace;            /* the command of the reference trace */
};

/*
 * The failure's input under its heading ("minimal input:", "original
 * input (not shrunk):" or "input:") and outputs (bl_stress_block each; the standard
 * error only when there is some), the line that reproduces it (CMD on the
 * saved minimal.in; else a printf line of the input into CMD when it is at
 * most 4,000 bytes; else the gen command into CMD; else how to, with
 * --save), the saved files, and the head of the reference trace, which the
 * caller follows with bl_stress_trace.  Appended to out.
 */
void bl_stress_failure_text(const struct bl_stress_failure *f, struct bl_buf *out);

/* A failing case: its instance, how it failed, its input and outputs (owned). */
struct bl_stress_case {
	int64_t instance;             /* the instance of gen it came from */
	struct bl_stress_outcome o;
	struct bl_buf input, expected, found, err;   /* found and err: what was kept */
	size_t found_more, err_more;  /* bytes of them read but not kept */
	int64_t wall_ms, cpu_ms;      /* the run's wall and CPU time (the caller's to set) */
};

/* An empty case; its release, which empties it again (c may be NULL). */
void bl_stress_case_init(struct bl_stress_case *c);
void bl_stress_case_release(struct bl_stress_case *c);

/*
 * c becomes a copy of the run given: its outcome o, its input, expected
 * output, the standard output and error kept (found_more and err_more the
 * bytes not kept); the instance is left as it was.  False when out of
 * memory.
 */
bool bl_stress_case_set(struct bl_stress_case *c, const struct bl_stress_outcome *o,
			const struct bl_buf *input, const struct bl_buf *expected,
			const struct bl_buf *found, size_t found_more, const struct bl_buf *err,
			size_t err_more);

/* dst becomes a copy of src, instance and all; false when out of memory. */
bool bl_stress_case_copy(struct bl_stress_case *dst, const struct bl_stress_case *src);

/* How a failure was checked and shrunk (docs/stress.md, "Confirmed failures"). */
struct bl_stress_check {
	bool flaky;                   /* run again alone, it did not fail the same way: */
	struct bl_stress_outcome again;   /* as this; not shrunk */
	long steps, tries;            /* shrinking: the reductions taken, and run */
	uint64_t spent_ns;
	const char *stopped;          /* what stopped it before a local minimum, or NULL */
	bool unconfirmed;             /* the minimal input, run again alone, ended as */
	struct bl_stress_outcome again_minimal;   /* this, not the same way */
	long shown;                   /* the step whose input is shown: steps, fewer when
	                                 unconfirmed, 0 the original */
	char budget[96];              /* what stopped points to when the default budget did */
};

/*
 * What checking and shrinking a failure needs of the caller, who runs CMD.
 * solve: the expected output of input into *expected (emptied first);
 * false when solve rejects the input.  run: runs the cases c[0..n) (n at
 * most jobs) at the same time, their input and expected output set, and
 * fills the rest of each (its outcome, found and standard error); returns
 * 0, or a status to stop with (said).  progress (NULL: none) is handed a
 * progress line while shrinking goes on; now is a monotonic clock in
 * nanoseconds.
 */
struct bl_stress_runner {
	void *ctx;
	const char *game;             /* for the progress line */
	int jobs;                     /* 1 to 64 */
	int64_t shrink_ms;            /* the budget; -1: BL_STRESS_SHRINK_RUNS runs' time */
	bool (*solve)(void *ctx, const struct bl_buf *input, struct bl_buf *expected);
	int (*run)(void *ctx, struct bl_stress_case *c, int n);
	void (*progress)(void *ctx, const char *line);
	uint64_t (*now)(void);
};

/* Reductions run at most, whatever the budget (a batch of J counts J). */
#define BL_STRESS_SHRINK_TRIES 20000

/*
 * Checks and shrinks the failure f, as docs/stress.md says: f is run again
 * alone, and when it does not fail the same way it is flaky (c->flaky, not
 * shrunk); else it is shrunk greedily with game's reductions and order
 * (bl_shrinker), rn->jobs at a time, the first taken of a batch winning,
 * until a local minimum, the budget (rn->shrink_ms, or by default
 * bl_stress_shrink_budget_ms of the time the run again took) or
 * BL_STRESS_SHRINK_TRIES reductions; then the minimal input is run again
 * alone and, when it does not fail the same way, the inputs shrinking went
 * through are, from the last back, until one does, else the original
 * (first, a copy of f as found).  f ends as the input to show, *c as what
 * was done; the report's lines on it (bl_stress_flaky, bl_stress_shrunk,
 * bl_stress_unconfirmed, bl_stress_shown_instead) are appended to out.
 * Returns 0, a status of rn->run, or -1 when out of memory.
 */
int bl_stress_check_shrink(const struct bl_stress_runner *rn, const struct bl_shrink_game *game,
			   struct bl_stress_case *f, const struct bl_stress_case *first,
			   struct bl_stress_check *c, struct bl_buf *out);

/*
 * The diagnosis of a failure found with --problem p (docs/stress.md,
 * "Diagnosis"; bl_diagnose of judge.h): CMD is run on the witness tests of
 * p's suite (bl_suite_witnesses), in order, rn->jobs at a time through
 * rn->run, while a known mistake still matches the program on the failing
 * case f (the input shown, its expected output and what CMD printed) and
 * the witnesses run so far (bl_diag_candidates): so at most the witness
 * tests, and none when f rules out every mistake.  A run's answer is its
 * output when OK, WA or PE, none otherwise.  Then the diagnosis of f ("the
 * failing input") and those runs into *d, the runs its extra runs.
 * Returns 0, a status of rn->run, or -1 when out of memory or the suite
 * cannot be built (d->problem then NULL).
 */
struct bl_diagnosis;
int bl_stress_diagnose(const struct bl_stress_runner *rn, const struct bl_problem *p,
		       const struct bl_stress_case *f, struct bl_diagnosis *d);

/*
 * The runs by outcome, for --keep-going: each failure is counted, and the
 * first BL_STRESS_LISTED kept (their instances and outcomes).
 */
#define BL_STRESS_LISTED 20
struct bl_stress_tally {
	int64_t runs;
	int64_t count[BL_STRESS_COUNT];
	int64_t failed;               /* runs not OK */
	int64_t instance[BL_STRESS_LISTED];   /* the first failures, by instance */
	struct bl_stress_outcome o[BL_STRESS_LISTED];
	int listed;
};

/* Counts a run of instance i that ended as o, keeping it in order of instance. */
void bl_stress_tally_add(struct bl_stress_tally *t, int64_t i, const struct bl_stress_outcome *o);

/*
 * --keep-going's lines before the report of the first failure: "F of N
 * runs failed (seed S): WA 2, TLE 1", then a line per failure listed
 * ("  instance 15: WA (wrong answer): why"), then how many more.
 * Appended to out.
 */
void bl_stress_tally_text(const struct bl_stress_tally *t, uint64_t seed, struct bl_buf *out);

/*
 * Progress on a terminal while a failure is shrunk, a line without its
 * newline: "stress GAME: shrinking, S steps, T reductions run, R/s, E of B
 * s" (elapsed_ns since shrinking started, budget_ms its budget); while the
 * instances run, bl_judge_progress's.  Appended to out.
 */
void bl_stress_progress_shrink(const char *game, long steps, long tries, uint64_t elapsed_ns,
			       int64_t budget_ms, struct bl_buf *out);

/* The whole report, for bl_stress_json; every pointer is borrowed. */
struct bl_stress_json {
	const char *game, *problem;   /* the game; the problem's preset, or NULL */
	uint64_t seed;
	int64_t instances;            /* --runs */
	char *const *command;
	const struct bl_stress_tally *tally;   /* every run's outcome */
	int64_t ws, ws_first;         /* OK in other whitespace: how many, the first */
	const struct bl_stress_case *first;   /* the failure as found, or NULL */
	const char *gen;              /* the gen command of its instance */
	const struct bl_stress_check *check;
	const struct bl_stress_failure *shown; /* the input shown, as the text report has it */
	const struct bl_stress_outcome *shown_o;   /* how that input fails */
	const char *trace;            /* the reference trace of it, trace_len bytes */
	size_t trace_len;
	const struct bl_diagnosis *diagnosis;   /* with --problem, of the failure; or NULL */
};

/*
 * The report as one JSON document (docs/stress.md, "--format json"): the
 * game, problem, seed, command, the runs and the counts by outcome, the
 * whitespace note, the failures listed, and the first failure's check,
 * shrinking, the input shown with its outputs, the reproduce line and the
 * trace; "failure": null when every run passed; "diagnosis", the failure's
 * (bl_diagnosis_json), null without one.  Bytes that are not UTF-8
 * become U+FFFD.  Appended to out.
 */
void bl_stress_json(const struct bl_stress_json *j, struct bl_buf *out);

/*
 * text[0..len) indented by two spaces, at most 40 lines and 4,000 bytes, a
 * longer line cut there too; then "  ... (N more bytes)" counting more, the
 * bytes read but not kept, or "  (no final newline)"; "  (nothing)" for
 * nothing at all.  Appended to out.
 */
void bl_stress_block(struct bl_buf *out, const char *text, size_t len, size_t more);

/*
 * A reference trace as it is, or, when it is longer than its first 100
 * lines (8,000 bytes) and last 20 lines (2,000 bytes) together, those two
 * with a line between them that says how many lines and bytes are left
 * out.  Appended to out.
 */
void bl_stress_trace(struct bl_buf *out, const char *text, size_t len);

#endif
