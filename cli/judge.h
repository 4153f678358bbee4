/*
 * judge: boardlab judge PROBLEM [OPTIONS] -- CMD [ARG...], the local judge
 * of the six problems (docs/judge.md).  judge.c holds the verb: options,
 * the tests (the library's suite or a folder), the runs and the verdicts;
 * judge_report.c writes what it found, as text or as one JSON document.
 */
#ifndef BOARDLAB_JUDGE_H
#define BOARDLAB_JUDGE_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"

/* The verb row of every game's table, and of `boardlab judge PROBLEM`. */
extern const struct cli_opt judge_opts[];
int judge_verb(struct cli_run *r);

/*
 * A game's judge verb: `boardlab GAME judge --problem P -- CMD`, the same
 * as `boardlab judge P -- CMD` (main.c).
 */
#define JUDGE_VERB(example)                                                                \
	{ "judge", judge_verb, "-- CMD [ARG...]", 4096,                                     \
	  "judge CMD on a problem's test suite: verdicts, CPU time and memory", example,   \
	  judge_opts, NULL, NULL }

enum judge_verdict { J_AC, J_WA, J_PE, J_TLE, J_MLE, J_OLE, J_RE, J_NVERDICTS };

extern const char *const judge_verdict_names[J_NVERDICTS];   /* "AC", "WA", ... */
extern const char *const judge_verdict_long[J_NVERDICTS];    /* "accepted", ... */

/*
 * One test: from the library's suite (the texts are the suite's), or a
 * file of --tests DIR (the texts are in own_in and own_ans).
 */
struct judge_test {
	int id;                   /* 1-based */
	char name[64];            /* "stack-on-turn-1000", or the file's name without .in */
	const char *kind;         /* "sample", "edge", "max", "random"; "file" for --tests */
	char desc[BL_TEST_DESC_MAX];   /* one line; "" when there is none */
	const char *in, *ans;     /* the input (NULL once staged when large) and the expected output */
	size_t in_len, ans_len;
	size_t in_lines;          /* set when staged */
	char file[32];            /* the input's file in the runner's temporary folder, once staged */
	struct bl_buf own_in, own_ans;
};

/* How one run of CMD on a test ended. */
struct judge_result {
	bool done;
	enum judge_verdict v;
	int64_t cpu_ms, wall_ms;
	uint64_t rss;             /* peak resident set, bytes */
	int sig;                  /* RE: the signal, 0 for an exit status */
	int code;                 /* RE: the exit status */
	bool wall;                /* TLE: stopped by the wall-clock backstop */
	bool alone;               /* re-run alone after a parallel run near the limit */
	char why[BL_COMPARE_WHY_MAX];   /* one line: what differs, or how it ended */
	struct bl_buf out, err;   /* what it printed on standard output and error (err capped) */
};

struct judge {
	struct cli_run *r;
	const struct bl_problem *p;
	struct bl_suite suite;    /* the tests' texts, without --tests */
	struct judge_test *t;
	struct judge_result *res;
	int n;
	int ran;                  /* the tests run: n, or fewer after --fail-fast */
	int64_t time_ms;          /* the CPU limit, scaled */
	double scale;
	uint64_t memory;          /* bytes */
	uint64_t output;          /* bytes */
	int64_t jobs;
	bool json, fail_fast, progress;
	const char *tests_dir;
	char **cmd;
	const char *mem_how;      /* how memory is measured and enforced */
	char script[1024];        /* the script CMD runs ("#!"), "" for a program */
};

/* The report: one line per test as it ends (text), and the end. */
void judge_report_head(const struct judge *j, struct bl_buf *out);
void judge_report_line(const struct judge *j, int i, struct bl_buf *out);
void judge_report_end(const struct judge *j, struct bl_buf *out);
void judge_report_json(const struct judge *j, struct bl_buf *out);

#endif
