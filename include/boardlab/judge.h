/*
 * judge: what `boardlab judge` decides and says, apart from running
 * anything (docs/judge.md).  A run's measured facts become its verdict and
 * a one-line why (bl_judge_classify); a parallel run near the time limit
 * is run again alone (bl_judge_near_limit); and the report is written from
 * plain structs into a bl_buf: the head line, a line per test, the summary
 * with the first failure in full, or one JSON document.  The caller runs
 * the program, measures it and owns every struct here.  Files:
 * lib/judge.c (verdicts, signals, limits), lib/judge_report.c (the report).
 */
#ifndef BOARDLAB_JUDGE_H
#define BOARDLAB_JUDGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "problem.h"

/*
 * "SIGSEGV" for a signal it knows (the usual ends of a program: SIGSEGV,
 * SIGABRT, SIGFPE, SIGKILL, SIGXCPU, ...), else "signal N" written into
 * buf (cap bytes, 16 are enough), which is returned.
 */
const char *bl_signal_name(int sig, char *buf, size_t cap);

#endif
