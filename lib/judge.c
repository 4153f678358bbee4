/*
 * judge: the verdict of a run from what was measured of it, the rules
 * around it, and the judge's tests of a suite (judge.h).  The report is
 * judge_report.c, the diagnosis diagnose.c.
 */
#include "boardlab/judge.h"
#include "boardlab/suggest.h"
#include "boardlab/suite.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BACKSTOP_FACTOR 5          /* the wall-clock backstop: 5 x the CPU limit, + 2 s */
#define BACKSTOP_MS 2000

static const struct {
	int sig;
	const char *name;
} signals[] = {
	{ SIGSEGV, "SIGSEGV" }, { SIGABRT, "SIGABRT" }, { SIGFPE, "SIGFPE" },
	{ SIGBUS, "SIGBUS" },   { SIGILL, "SIGILL" },   { SIGKILL, "SIGKILL" },
	{ SIGTERM, "SIGTERM" }, { SIGPIPE, "SIGPIPE" }, { SIGINT, "SIGINT" },
	{ SIGHUP, "SIGHUP" },   { SIGQUIT, "SIGQUIT" }, { SIGTRAP, "SIGTRAP" },
	{ SIGXCPU, "SIGXCPU" }, { SIGXFSZ, "SIGXFSZ" }, { SIGSYS, "SIGSYS" },
	{ SIGALRM, "SIGALRM" }, { SIGUSR1, "SIGUSR1" }, { SIGUSR2, "SIGUSR2" },
};

const char *bl_signal_name(int sig, char *buf, size_t cap)
{
	for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
		if (signals[i].sig == sig)
			return signals[i].name;
	snprintf(buf, cap, "signal %d", sig);
	return buf;
}

void bl_judge_result_init(struct bl_judge_result *res)
{
	*res = (struct bl_judge_result){ .verdict = BL_VERDICT_AC };
	bl_buf_init(&res->out);
	bl_buf_init(&res->err);
}

void bl_judge_result_release(struct bl_judge_result *res)
{
	if (!res)
		return;
	bl_buf_release(&res->out);
	bl_buf_release(&res->err);
}

bool bl_judge_runtime_error(const struct bl_judge_run *run, char *why, size_t cap)
{
	char name[32];

	if (run->signal != 0)
		snprintf(why, cap, "killed by %s", bl_signal_name(run->signal, name, sizeof name));
	else if (run->exit_status != 0)
		snprintf(why, cap, "exit status %d", run->exit_status);
	return run->signal != 0 || run->exit_status != 0;
}

/* How the run ended, when that decides: MLE, OLE, TLE or RE into res; false when it does not. */
static bool classify_end(const struct bl_judge_settings *s, const struct bl_judge_run *run,
			 struct bl_judge_result *res)
{
	char b1[BL_BYTES_TEXT_MAX], b2[BL_BYTES_TEXT_MAX];

	if (run->mem_over || run->peak_bytes > s->memory_bytes) {
		res->verdict = BL_VERDICT_MLE;
		snprintf(res->why, sizeof res->why, "peak memory %s over the limit %s",
			 bl_bytes_text_up(run->peak_bytes, b1), bl_bytes_text(s->memory_bytes, b2));
	} else if (run->out_over) {
		res->verdict = BL_VERDICT_OLE;
		snprintf(res->why, sizeof res->why, "more than %s of output; the run was stopped",
			 bl_bytes_text(s->output_bytes, b1));
	} else if (run->cpu_over || run->cpu_ms > s->time_ms) {
		res->verdict = BL_VERDICT_TLE;
		snprintf(res->why, sizeof res->why, "%.2f s of CPU time, over the limit %.3g s",
			 (double)run->cpu_ms / 1000, (double)s->time_ms / 1000);
	} else if (run->wall_over) {
		res->verdict = BL_VERDICT_TLE;
		res->wall = true;
		snprintf(res->why, sizeof res->why,
			 "still running after %.1f s of wall-clock time (%.2f s of CPU): stopped",
			 (double)run->wall_ms / 1000, (double)run->cpu_ms / 1000);
	} else if (bl_judge_runtime_error(run, res->why, sizeof res->why)) {
		res->verdict = BL_VERDICT_RE;
		res->signal = run->signal;
		res->exit_status = run->signal ? 0 : run->exit_status;
	} else {
		return false;
	}
	return true;
}

void bl_judge_classify(const struct bl_judge_settings *s, const struct bl_judge_test *t,
		       const struct bl_judge_run *run, struct bl_judge_result *res)
{
	struct bl_comparison c;

	res->cpu_ms = run->cpu_ms;
	res->wall_ms = run->wall_ms;
	res->peak_bytes = run->peak_bytes;
	res->signal = res->exit_status = 0;
	res->wall = false;
	if (classify_end(s, run, res))
		return;
	res->verdict = bl_compare(s->problem, t->expected, t->expected_len, run->out, run->out_len,
				  &c);
	snprintf(res->why, sizeof res->why, "%s", c.why);
}

bool bl_judge_near_limit(const struct bl_judge_settings *s, const struct bl_judge_result *res)
{
	return res->cpu_ms * 100 >= s->time_ms * BL_JUDGE_NEAR_PERCENT || res->wall;
}

int64_t bl_judge_backstop_ms(const struct bl_judge_settings *s)
{
	return BACKSTOP_FACTOR * s->time_ms + BACKSTOP_MS;
}

int bl_judge_name_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			char *ea, *eb;
			unsigned long long x = strtoull(a, &ea, 10), y = strtoull(b, &eb, 10);
			if (x != y)
				return x < y ? -1 : 1;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

void bl_judge_progress(const char *what, const char *unit, int64_t done, int64_t total,
		       int64_t failed, uint64_t elapsed_ns, struct bl_buf *out)
{
	bl_buf_printf(out, "%s: %lld/%lld %s, %lld failed", what, (long long)done, (long long)total,
		      unit, (long long)failed);
	if (elapsed_ns > 0)
		bl_buf_printf(out, ", %.1f/s", (double)done / ((double)elapsed_ns / 1e9));
}

long bl_judge_export_id(const char *name)
{
	size_t digits = strspn(name, "0123456789");

	if (digits < 3 || digits > 9 || (digits > 3 && name[0] == '0') ||
	    (strcmp(name + digits, ".in") != 0 && strcmp(name + digits, ".out") != 0))
		return -1;
	return strtol(name, NULL, 10);
}

int bl_judge_test_find(const struct bl_judge_test *tests, int n, const char *key,
		       struct bl_err *err)
{
	struct bl_suggest near;
	char more[BL_SUGGEST_TEXT_MAX];
	size_t digits = strspn(key, "0123456789");

	if (digits > 0 && !key[digits]) {
		long id = digits < 10 ? strtol(key, NULL, 10) : 0;
		for (int i = 0; i < n; i++)
			if (tests[i].id == id)
				return i;
	}
	bl_suggest_init(&near, key);
	for (int i = 0; i < n; i++) {
		if (strcmp(tests[i].name, key) == 0)
			return i;
		bl_suggest_add(&near, tests[i].name);
	}
	bl_fail(err, BL_ERR_ARG, "expected a test from 1 to %d or a test's name%s", n,
		bl_suggest_text(&near, "", more, sizeof more));
	return -1;
}

void bl_judge_tests_of_suite(const struct bl_suite *s, struct bl_judge_test *tests)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct bl_test *t = &s->tests[i];
		tests[i] = (struct bl_judge_test){ t->id, t->name, bl_test_kind_name(t->kind),
						   t->desc, t->input, t->input_len, 0,
						   t->expected, t->expected_len };
	}
}
