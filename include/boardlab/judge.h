/*
 * judge: what `boardlab judge` decides and says, apart from running
 * anything (docs/judge.md).  A run's measured facts become its verdict and
 * a one-line why (bl_judge_classify); a parallel run near the time limit
 * is run again alone (bl_judge_near_limit); and the report is written from
 * plain structs into a bl_buf: the head line, a line per test, the summary
 * with the first failure in full, or one JSON document.  The caller runs
 * the program, measures it and owns every struct here.  Files:
 * lib/judge.c (a run's verdict, the signal names, the rules around the
 * runs, the order of a folder's tests, a suite's tests), lib/judge_report.c
 * (the report, and what of a test it needs kept: bl_judge_test_keep),
 * lib/diagnose.c (the diagnosis of a failure, for judge and stress).
 */
#ifndef BOARDLAB_JUDGE_H
#define BOARDLAB_JUDGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "problem.h"

/*
 * The verdicts are enum bl_verdict of problem.h, in the order the report
 * counts them: AC, WA and PE come from the comparison (bl_compare), TLE,
 * MLE, OLE and RE from how the run ended; bl_verdict_name gives "TLE",
 * bl_verdict_long "time limit exceeded".
 */

#define BL_JUDGE_OUTPUT_LIMIT ((uint64_t)64 << 20)   /* the default output limit, bytes */
#define BL_JUDGE_NEAR_PERCENT 80   /* a parallel run with this share of the limit runs alone */
#define BL_JUDGE_INPUT_SHOWN 2000  /* the report shows an input of at most this many bytes */

/*
 * The settings of a whole judging, as the report states them.  Borrowed
 * strings must outlive every call given the struct.
 */
struct bl_judge_settings {
	const struct bl_problem *problem;
	int64_t time_ms;             /* a test's CPU time limit, the scale applied */
	double time_scale;           /* the factor applied (1: none) */
	uint64_t memory_bytes;       /* the peak memory limit */
	uint64_t output_bytes;       /* the output limit */
	int64_t jobs;                /* tests run at the same time */
	const char *memory_measure;  /* how memory is held: "rss polling", "cgroup v2", ... */
	char *const *command;        /* CMD and its arguments, NULL-terminated */
	const char *command_script;  /* the script ("#!") CMD runs, or NULL for a program */
	const char *tests_dir;       /* --tests DIR, or NULL for the problem's suite */
	const char *program;         /* the tool as started, for the reproduce line
	                                ("build/boardlab"); NULL: "boardlab" */
};

/* One test: a suite's (bl_test) or a file's.  Every pointer is borrowed. */
struct bl_judge_test {
	int id;                      /* 1-based */
	const char *name;            /* "stack-on-turn-1000", or the file's name without .in */
	const char *kind;            /* "sample", "edge", "max", "random"; "file" for --tests */
	const char *desc;            /* one line; "" when there is none */
	const char *input;           /* the input, input_len bytes; NULL once let go
	                                (bl_judge_test_drop_input) */
	size_t input_len;
	size_t input_lines;          /* when input is NULL: its lines, for the report */
	const char *expected;        /* the expected output, expected_len bytes */
	size_t expected_len;
};

/* What was measured of one run of CMD on a test. */
struct bl_judge_run {
	int64_t cpu_ms;              /* user + system CPU time */
	int64_t wall_ms;
	uint64_t peak_bytes;         /* peak resident memory */
	int signal;                  /* the signal that killed it; 0 when it exited */
	int exit_status;             /* when it exited: its status */
	bool cpu_over;               /* stopped for its CPU time, or it ended over it */
	bool wall_over;              /* stopped by the wall-clock backstop */
	bool out_over;               /* stopped for printing more than the output limit */
	bool mem_over;               /* stopped for its memory, or it ended over it */
	const char *out;             /* what it printed on standard output (may be NULL) */
	size_t out_len;
};

/* A test's verdict, for the report. */
struct bl_judge_result {
	enum bl_verdict verdict;
	int64_t cpu_ms, wall_ms;
	uint64_t peak_bytes;
	int signal;                  /* RE: the signal, else 0 */
	int exit_status;             /* RE by an exit status: it, else 0 */
	bool wall;                   /* TLE: stopped by the wall-clock backstop */
	char why[BL_COMPARE_WHY_MAX];   /* one line: what differs, or how it ended */
	/* the caller's, shown by the report: */
	bool done;                   /* judged (the report reads results of tests run) */
	bool alone;                  /* run again alone after a parallel run near the limit */
	struct bl_buf out, err;      /* what it printed on standard output and error, as kept */
};

/* An empty result, its buffers owning nothing; released by bl_judge_result_release. */
void bl_judge_result_init(struct bl_judge_result *res);
void bl_judge_result_release(struct bl_judge_result *res);

/*
 * "SIGSEGV" for a signal it knows (the usual ends of a program: SIGSEGV,
 * SIGABRT, SIGFPE, SIGKILL, SIGXCPU, ...), else "signal N" written into
 * buf (cap bytes, 16 are enough), which is returned.
 */
const char *bl_signal_name(int sig, char *buf, size_t cap);

/*
 * Whether run ended in a runtime error: killed by a signal (why: "killed
 * by SIGSEGV") or exited with a status other than 0 ("exit status 3"), the
 * signal first; the line is written into why (cap bytes) only then.
 */
bool bl_judge_runtime_error(const struct bl_judge_run *run, char *why, size_t cap);

/*
 * The verdict of run on test t under s's limits into res (the caller's
 * fields, done to out and err, are not touched).  In this order, the first
 * that holds: MLE (mem_over, or the peak over the limit), OLE (out_over),
 * TLE (cpu_over or the CPU time over the limit; then wall_over, "still
 * running"), RE (a signal, then a non-zero exit status), and else the
 * comparison of its output with the expected one (bl_compare with
 * s->problem): AC, PE or WA.  res->why says why in one line; for AC it is
 * bl_compare's ("" or "only whitespace differs").
 */
void bl_judge_classify(const struct bl_judge_settings *s, const struct bl_judge_test *t,
		       const struct bl_judge_run *run, struct bl_judge_result *res);

/*
 * True when a run beside others came near the time limit, or passed it:
 * its CPU time is at least BL_JUDGE_NEAR_PERCENT % of s->time_ms, or the
 * wall-clock backstop stopped it (res->wall).  Sharing the processors may
 * have cost it the verdict, so it is run again alone and that run counts.
 */
bool bl_judge_near_limit(const struct bl_judge_settings *s, const struct bl_judge_result *res);

/* The wall-clock backstop of a run: 5 x the CPU time limit, + 2 s. */
int64_t bl_judge_backstop_ms(const struct bl_judge_settings *s);

/* The tests of suite s (boardlab/suite.h) as the judge's, tests[0..s->n), pointing into s. */
struct bl_suite;
void bl_judge_tests_of_suite(const struct bl_suite *s, struct bl_judge_test *tests);

/*
 * Lets go of test t's input when the report would not show it (over
 * BL_JUDGE_INPUT_SHOWN bytes): its lines are counted into t->input_lines
 * and t->input is set to NULL, the report then giving only its size.
 * Returns whether t->input is still needed.  A caller that frees the
 * inputs before the runs, so that the runs start small, calls it first
 * and keeps a copy of what is still needed.
 */
bool bl_judge_test_drop_input(struct bl_judge_test *t);

/*
 * Makes test t independent of what it pointed into: its name, description
 * and expected output, and its input unless bl_judge_test_drop_input lets
 * it go, are copied into own (emptied first; not where t points) and t
 * points there; kind, a constant, stays.  So the caller may free the suite
 * or the files the tests came from before the runs.  False when out of
 * memory, t then unchanged.
 */
bool bl_judge_test_keep(struct bl_judge_test *t, struct bl_buf *own);

/*
 * The order of --tests DIR's files, "2.in" before "10.in": runs of digits
 * compare as numbers, the rest byte by byte.  <0, 0 or >0, as strcmp.
 */
int bl_judge_name_cmp(const char *a, const char *b);

/*
 * --export's file names: test id's are NNN.in and NNN.out, the id as
 * "%03d" ("008", "1000"), beside index.tsv.  The id a name of that pattern
 * stands for ("070.in": 70, "000.out": 0), or -1 for every other name
 * ("index.tsv", "0070.in", "7.in", "a.in").  An export removes the files
 * of the pattern that are not of its own tests, which an earlier and
 * bigger export left, and no other file.
 */
long bl_judge_export_id(const char *name);

/*
 * `--input ID`: the index in tests[0..n) of the test key names, by its id
 * (digits: "8", "008") or its name ("stack-on-turn-1000").  -1 when no
 * test is called so, with err (BL_ERR_ARG) saying what is expected after
 * the caller's "invalid value 'KEY' for --input: ": "expected a test from 1
 * to N or a test's name", and the nearest name (suggest.h).
 */
int bl_judge_test_find(const struct bl_judge_test *tests, int n, const char *key,
		       struct bl_err *err);

/*
 * The report.  bl_judge_head: the line before the first test's, for n
 * tests ("judge 17837 (...): 60 tests of the suite; limits 0.5 s CPU, ..."),
 * and a note when CMD is a script (s->command_script), whose own start
 * counts in every test's CPU time.
 * bl_judge_line: test t's line once it is judged ("   8  WA     0.00 s
 * 3.4 MiB  name: why").  bl_judge_summary: after the tests, the summary
 * line of the n tests of which the first ran were run (fewer after
 * --fail-fast), then the first failure in full: the test, the verdict and
 * why, the expected and found outputs, its standard error, the input when
 * small, and the shell command that runs CMD on it alone (s->program's
 * --input piped into CMD, or CMD on DIR/NAME.in).  bl_judge_json: the
 * whole report as one JSON document (docs/judge.md): the settings, a
 * result per test run, the counts by verdict, the first failure and the
 * diagnosis (bl_diagnosis_json of diag; null for NULL), where bytes that
 * are not UTF-8 are written as U+FFFD.  Each appends to out.
 */
void bl_judge_head(const struct bl_judge_settings *s, int n, struct bl_buf *out);
void bl_judge_line(const struct bl_judge_test *t, const struct bl_judge_result *res,
		   struct bl_buf *out);
void bl_judge_summary(const struct bl_judge_settings *s, const struct bl_judge_test *tests,
		      const struct bl_judge_result *res, int n, int ran, struct bl_buf *out);
struct bl_diagnosis;
void bl_judge_json(const struct bl_judge_settings *s, const struct bl_judge_test *tests,
		   const struct bl_judge_result *res, int n, int ran,
		   const struct bl_diagnosis *diag, struct bl_buf *out);

/*
 * A progress line for a terminal, as judge and stress draw one on standard
 * error while they run, without its newline: "WHAT: DONE/TOTAL UNIT, F
 * failed, R/s", the rate being DONE over elapsed_ns (none before any time
 * passed).  Appended to out.
 */
void bl_judge_progress(const char *what, const char *unit, int64_t done, int64_t total,
		       int64_t failed, uint64_t elapsed_ns, struct bl_buf *out);

/*
 * The suite without CMD.  bl_judge_list: `--list`, a head with the n tests
 * and the limits, then a line per test (id, kind, name, description).
 * bl_judge_index: `--export`'s index.tsv, a header line, then id (NNN),
 * kind, name and description, tab-separated, as --list orders them.  Each appends to out.
 */
void bl_judge_list(const struct bl_judge_settings *s, const struct bl_judge_test *tests, int n,
		   struct bl_buf *out);
void bl_judge_index(const struct bl_judge_test *tests, int n, struct bl_buf *out);

/*
 * The diagnosis of a failure (lib/diagnose.c; docs/judge.md, "Diagnosis"):
 * which known mistakes of the problem (boardlab/mistake.h) answer as the
 * program did on the tests that speak, the witness tests (kind "witness")
 * and the failing test, each mistake played by bl_mistake_answer.  A
 * mistake matches when its answer is the program's on every one of them
 * and differs from the right one on at least one; the matches are ranked
 * by how many of all the tests read each answers as the program did, then
 * by how many of the speaking tests its answer is wrong on.  The program's
 * answer on a test is what it printed, or none when it was stopped or
 * failed (a time-out, a crash), which only a mistake that never stops
 * matches.  At most BL_DIAG_TESTS_MAX tests speak.  When none matches, the
 * closest is the mistake that answers as the program on the most of the
 * failed tests read, named when that is two of them or more and at least
 * half: a program with two mistakes answers as neither on many tests, but
 * often as one of them on most of those it fails.
 */
#define BL_DIAG_TESTS_MAX 64
#define BL_DIAG_SHOWN 3          /* the likely mistakes named */
#define BL_DIAG_ANSWER_MAX 40    /* the bytes of an answer shown: its first line, cut there */
#define BL_DIAG_STEP_MAX 256     /* the bytes of a move where the games part, its NUL included */

struct bl_mistake;

/* A test read and what the program answered on it.  Borrowed. */
struct bl_diag_said {
	const struct bl_judge_test *t;   /* its input (not let go) and expected output */
	const char *out;                 /* the program's answer, out_len bytes; NULL: none */
	size_t out_len;
};

/* An answer as the report shows it. */
struct bl_diag_answer {
	bool none;                       /* no answer (stopped, failed, or never stops) */
	size_t len;                      /* text[0..len): its first line, at most 40 bytes */
	char text[BL_DIAG_ANSWER_MAX + 1];
};

/* The first likely mistake's witness test, when it is among the tests read. */
struct bl_diag_witness {
	int id;                          /* the test's id; 0: not read, nothing below is set */
	char name[64];                   /* "witness-end-of-turn" */
	struct bl_diag_answer right, mistaken, yours;
	bool parted;                     /* tower: the move where the two games part was found */
	char rules[BL_DIAG_STEP_MAX];    /* the move by the rules, "turn 2: piece 3 ..."; "" when
	                                    by the rules the game is over there */
	char mistake[BL_DIAG_STEP_MAX];  /* the move with the mistake; "" when the game is over */
};

/* A diagnosis, all it says held by value (no heap). */
struct bl_diagnosis {
	const struct bl_problem *problem;   /* NULL: none applies (nothing failed, no catalogue) */
	const char *failure;             /* the failing test in words: "the first failure" */
	size_t mistakes;                 /* the problem's known mistakes */
	size_t witnesses;                /* the witness tests read */
	size_t spoken;                   /* the tests that speak: the witnesses and the failure */
	int matched;                     /* the mistakes that match */
	const struct bl_mistake *likely[BL_DIAG_SHOWN];   /* the first of them, best first */
	int fit, replayed;               /* the first answers as the program on fit of the
	                                    replayed tests read */
	struct bl_diag_witness witness;
	/* when none matches: the closest, which answers as the program on closest_on of the
	   failed tests read (failed of them); NULL when none does on two and half or more */
	const struct bl_mistake *closest;
	int closest_on, failed;
	/* the runs made for the diagnosis, beyond the judging's or stress's own (the caller's): */
	int extra;                       /* how many; their tests' ids, the first 64: */
	int extra_id[BL_DIAG_TESTS_MAX];
	int64_t extra_cpu_ms, extra_wall_ms;   /* their CPU and wall time, summed */
};

/*
 * The diagnosis of p on said[0..n), said[failing] being the failing test
 * (n or more: it was not read), into d, in words `failure` ("the first
 * failure").  Every field is set but the extra runs' (extra, extra_id,
 * extra_cpu_ms, extra_wall_ms), the caller's, which are left as they are.
 * d->problem is NULL when p has no catalogue.
 */
void bl_diagnose(const struct bl_problem *p, const struct bl_diag_said *said, size_t n,
		 size_t failing, const char *failure, struct bl_diagnosis *d);

/*
 * How many of p's mistakes answer as the program did on the tests of
 * said[0..n) that speak (the witness tests and said[failing]): while one
 * does, running another witness test may name it; when none does, no
 * further run can.
 */
size_t bl_diag_candidates(const struct bl_problem *p, const struct bl_diag_said *said, size_t n,
			  size_t failing);

/*
 * The diagnosis of a judging: the tests run, res[0..ran) of tests, and,
 * when one of them is not accepted, the witness tests among
 * tests[ran..total) that have not run (--fail-fast stopped first; with
 * --tests DIR, the caller puts the suite's witness tests there).  Those
 * are run one at a time, in order, by run(ctx, i), which fills res[i]
 * (done) and returns 0 or a status to stop with; only while some mistake
 * still matches the program on the tests read (bl_diag_candidates), so
 * at most the witnesses and none when the failure rules out every
 * mistake.  Then the diagnosis (bl_diagnose, "the first failure") of every
 * test read: res[i] done, its input kept; the program's answer is the
 * expected output when accepted, what it printed when wrong (WA, PE),
 * none otherwise.  The runs made are d's extra runs.  d->problem is NULL
 * when every test run was accepted, or when out of memory (the diagnosis
 * is left out).  Returns 0, or the status of run that stopped it.
 */
int bl_judge_diagnosis(const struct bl_judge_settings *set, const struct bl_judge_test *tests,
		       struct bl_judge_result *res, int ran, int total,
		       int (*run)(void *ctx, int i), void *ctx, struct bl_diagnosis *d);

/*
 * The diagnosis as the report's text, appended to out (nothing when
 * d->problem is NULL): "likely mistake: ID — DESCRIPTION" for the first,
 * its witness with the right answer, the mistake's and the program's and,
 * for tower, the moves where the games part; "  or mistake: ..." for up to
 * two more; how many matched and on how many tests the first answers as
 * the program; or that none matches, or that no witness test ran; then
 * the extra runs, their tests and times, when there were any.
 */
void bl_diagnosis_text(const struct bl_diagnosis *d, struct bl_buf *out);

/*
 * The diagnosis as a JSON value (docs/judge.md, "JSON"), "null" when
 * d->problem is NULL, laid out as a member of a document's top level.
 */
void bl_diagnosis_json(const struct bl_diagnosis *d, struct bl_buf *out);

#endif
