/*
 * Unit tests of the judge's library part (boardlab/judge.h): the verdict
 * of a run from its measured facts, in its order and words, the signal
 * names, the near-limit rule and the backstop; and the report as exact
 * text: the head line, a line per verdict, the summary of an accepted run
 * and of a failing one with its first failure in full, the reproduce line
 * for the suite and for --tests DIR, an input let go before the runs, and
 * the JSON document, which is also parsed (its strings decoded: bytes that
 * are not UTF-8 are U+FFFD); and
 * --list, --input's test, --export's index.tsv and names, and the order of a
 * folder's files; and the diagnosis (bl_diagnose, its text and JSON, and
 * bl_judge_diagnosis's runs of the witness tests, on a fake run).  The
 * CLI's test (tests/cli/t-judge.sh) runs real programs, whose times vary;
 * here every figure is given, so every byte is checked.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define MIB ((uint64_t)1 << 20)

static char *const SOL[] = { "./sol", NULL };
static char *const ODD[] = { "python3", "sol's.py", "--x=1", "", NULL };

/* 17837's limits, the suite, two jobs. */
static struct bl_judge_settings suite_settings(void)
{
	return (struct bl_judge_settings){ bl_problem_find("17837"), 500, 1, 512 * MIB,
					   BL_JUDGE_OUTPUT_LIMIT, 2, "rss polling", SOL, NULL, NULL,
					   NULL };
}

/* A folder with a space, odd words in CMD, x3, 256 MiB, a 1 MiB output limit, one job. */
static struct bl_judge_settings dir_settings(void)
{
	return (struct bl_judge_settings){ bl_problem_find("17837"), 1500, 3, 256 * MIB, MIB, 1,
					   "cgroup v2", ODD, NULL, "/tmp/my tests", NULL };
}

static const struct bl_judge_test T1 = { 1, "sample-1", "sample", "official sample 1 of BOJ 17837",
					 "2 1\n0 0\n0 0\n1 1 1\n", 18, 0, "7\n", 2 };

/* Test t's result for run into *res (initialised here), and its line into line. */
static void judge_one(const struct bl_judge_settings *s, const struct bl_judge_test *t,
		      struct bl_judge_run run, struct bl_judge_result *res, struct bl_buf *line)
{
	bl_judge_result_init(res);
	if (run.out)
		run.out_len = strlen(run.out);
	bl_judge_classify(s, t, &run, res);
	bl_buf_reset(line);
	bl_judge_line(t, res, line);
}

/* ---- verdicts ---- */

static void test_names(void)
{
	static const char *const names[] = { "AC", "WA", "PE", "TLE", "MLE", "OLE", "RE" };
	char buf[16];

	for (int v = 0; v < BL_VERDICT_COUNT; v++)
		is_str(bl_verdict_name((enum bl_verdict)v), names[v], "verdict %d is %s", v, names[v]);
	is_str(bl_verdict_long(BL_VERDICT_PE), "presentation error", "PE for people");
	is_str(bl_verdict_long(BL_VERDICT_MLE), "memory limit exceeded", "MLE for people");
	is_str(bl_verdict_name(BL_VERDICT_COUNT), "?", "past the verdicts: ?");
	is_str(bl_signal_name(SIGSEGV, buf, sizeof buf), "SIGSEGV", "SIGSEGV is named");
	is_str(bl_signal_name(SIGXCPU, buf, sizeof buf), "SIGXCPU", "SIGXCPU is named");
	ok(bl_signal_name(64, buf, sizeof buf) == buf && strcmp(buf, "signal 64") == 0,
	   "an unknown signal is its number, in buf");
}

/* Every verdict's line: its why, in the words the CLI's test matches. */
static void test_lines(void)
{
	const struct bl_judge_settings s = suite_settings();
	struct bl_judge_result res;
	struct bl_buf line;
	const struct {
		struct bl_judge_run run;
		const char *want, *what;
	} cases[] = {
		{ { .cpu_ms = 120, .wall_ms = 135, .peak_bytes = 3670016, .out = "7\n" },
		  "   1  AC     0.12 s  3.5 MiB  sample-1\n", "AC" },
		{ { .cpu_ms = 3, .peak_bytes = 3565158, .out = "  7  " },
		  "   1  AC     0.00 s  3.4 MiB  sample-1\n", "AC in other whitespace: no why shown" },
		{ { .cpu_ms = 10, .peak_bytes = 3565158, .out = "8\n" },
		  "   1  WA     0.01 s  3.4 MiB  sample-1: token 1: expected '7', found '8'\n", "WA" },
		{ { .out = "7 7\n" },
		  "   1  WA     0.00 s  0.0 MiB  sample-1: token 2: expected end of output, found '7'\n",
		  "WA: a token too many" },
		{ { .cpu_ms = 510, .wall_ms = 530, .cpu_over = true, .out = "7\n" },
		  "   1  TLE    0.51 s  0.0 MiB  sample-1: 0.51 s of CPU time, over the limit 0.5 s\n",
		  "TLE by CPU time" },
		{ { .cpu_ms = 501, .out = "7\n" },
		  "   1  TLE    0.50 s  0.0 MiB  sample-1: 0.50 s of CPU time, over the limit 0.5 s\n",
		  "TLE: over the limit, though not stopped" },
		{ { .cpu_ms = 10, .wall_ms = 2500, .wall_over = true, .signal = SIGKILL },
		  "   1  TLE    0.01 s  0.0 MiB  sample-1: still running after 2.5 s of wall-clock time "
		  "(0.01 s of CPU): stopped\n", "TLE by the wall-clock backstop" },
		{ { .cpu_ms = 40, .peak_bytes = 600 * MIB, .mem_over = true, .signal = SIGKILL },
		  "   1  MLE    0.04 s  600.0 MiB  sample-1: peak memory 600 MiB over the limit 512 MiB\n",
		  "MLE, stopped" },
		{ { .peak_bytes = 512 * MIB + 1, .out = "7\n" },
		  "   1  MLE    0.00 s  512.0 MiB  sample-1: peak memory 513 MiB over the limit 512 MiB\n",
		  "MLE: a peak over the limit, rounded up" },
		{ { .out_over = true, .signal = SIGKILL },
		  "   1  OLE    0.00 s  0.0 MiB  sample-1: more than 64 MiB of output; the run was "
		  "stopped\n", "OLE" },
		{ { .signal = SIGSEGV },
		  "   1  RE     0.00 s  0.0 MiB  sample-1: killed by SIGSEGV\n", "RE by a signal" },
		{ { .signal = 64 },
		  "   1  RE     0.00 s  0.0 MiB  sample-1: killed by signal 64\n", "RE by signal 64" },
		{ { .exit_status = 3, .out = "7\n" },
		  "   1  RE     0.00 s  0.0 MiB  sample-1: exit status 3\n",
		  "RE by an exit status, the right answer printed" },
		{ { .out = "" },
		  "   1  PE     0.00 s  0.0 MiB  sample-1: no output; expected 1 token\n", "PE: nothing" },
		{ { .out = NULL },
		  "   1  PE     0.00 s  0.0 MiB  sample-1: no output; expected 1 token\n",
		  "PE: no output buffer" },
		{ { .out = "seven\n" },
		  "   1  PE     0.00 s  0.0 MiB  sample-1: token 1: expected an integer, '7', found "
		  "'seven'\n",
		  "PE: a word" },
		/* the order: the first that holds */
		{ { .cpu_ms = 900, .mem_over = true, .out_over = true, .cpu_over = true, .signal = 9 },
		  "   1  MLE    0.90 s  0.0 MiB  sample-1: peak memory 0 bytes over the limit 512 MiB\n",
		  "MLE before OLE, TLE and RE" },
		{ { .cpu_ms = 900, .out_over = true, .cpu_over = true, .signal = 9 },
		  "   1  OLE    0.90 s  0.0 MiB  sample-1: more than 64 MiB of output; the run was "
		  "stopped\n", "OLE before TLE" },
		{ { .cpu_ms = 900, .wall_ms = 2500, .cpu_over = true, .wall_over = true },
		  "   1  TLE    0.90 s  0.0 MiB  sample-1: 0.90 s of CPU time, over the limit 0.5 s\n",
		  "TLE by CPU time before the backstop" },
		{ { .signal = SIGABRT, .exit_status = 1 },
		  "   1  RE     0.00 s  0.0 MiB  sample-1: killed by SIGABRT\n", "a signal before a status" },
	};

	bl_buf_init(&line);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		judge_one(&s, &T1, cases[i].run, &res, &line);
		is_str(line.data, cases[i].want, "line: %s", cases[i].what);
		bl_judge_result_release(&res);
	}
	judge_one(&s, &T1, (struct bl_judge_run){ .cpu_ms = 10, .wall_ms = 2500, .wall_over = true },
		  &res, &line);
	ok(res.verdict == BL_VERDICT_TLE && res.wall, "the backstop's TLE says so");
	judge_one(&s, &T1, (struct bl_judge_run){ .cpu_ms = 450, .cpu_over = true }, &res, &line);
	ok(res.verdict == BL_VERDICT_TLE && !res.wall, "stopped for CPU time: not the backstop");
	judge_one(&s, &T1, (struct bl_judge_run){ .exit_status = 2 }, &res, &line);
	ok(res.exit_status == 2 && res.signal == 0, "RE: the exit status is kept");
	judge_one(&s, &T1, (struct bl_judge_run){ .cpu_ms = 300, .out = "7\n" }, &res, &line);
	res.alone = true;
	bl_buf_reset(&line);
	bl_judge_line(&T1, &res, &line);
	is_str(line.data, "   1  AC     0.30 s  0.0 MiB  sample-1 (run again alone)\n",
	       "a test run again alone says so");
	bl_buf_release(&line);
}

static void test_rules(void)
{
	const struct bl_judge_settings s = suite_settings();
	struct bl_judge_result res = { .cpu_ms = 400 };

	ok(bl_judge_near_limit(&s, &res), "400 ms of 500: near the limit");
	res.cpu_ms = 399;
	ok(!bl_judge_near_limit(&s, &res), "399 ms of 500: not near");
	res.cpu_ms = 2000;
	ok(bl_judge_near_limit(&s, &res), "over the limit: near");
	res.cpu_ms = 10;
	res.wall = true;
	ok(bl_judge_near_limit(&s, &res), "stopped by the backstop, little CPU time: near too");
	is_int(bl_judge_backstop_ms(&s), 4500, "the backstop of 0.5 s: 5 x 0.5 s + 2 s");
}

/* ---- the report ---- */

static void test_head(void)
{
	struct bl_judge_settings s = suite_settings();
	const struct bl_judge_settings d = dir_settings();
	struct bl_buf b;

	bl_buf_init(&b);
	bl_judge_head(&s, 60, &b);
	is_str(b.data, "judge 17837 (새로운 게임 2): 60 tests of the suite; limits 0.5 s CPU, "
		       "512 MiB memory (rss polling); 2 jobs\n", "the head of the suite");
	bl_buf_reset(&b);
	bl_judge_head(&d, 7, &b);
	is_str(b.data, "judge 17837 (새로운 게임 2): 7 tests from /tmp/my tests; limits 1.5 s CPU "
		       "(x3), 256 MiB memory (cgroup v2); 1 job\n",
	       "the head of --tests DIR, scaled, one job");
	bl_buf_reset(&b);
	s.command_script = "/usr/bin/sol";
	bl_judge_head(&s, 60, &b);
	is_str(strchr(b.data, '\n') + 1, "note: ./sol is a script (/usr/bin/sol): the CPU time it "
					 "spends before your program starts counts in every test "
					 "(judge the program it runs)\n", "a script CMD: a note");
	bl_buf_release(&b);
}

/* The failing run of the summary's test: 4 tests, 3 run (--fail-fast), the 2nd WA. */
struct failing {
	struct bl_judge_test t[4];
	struct bl_judge_result res[4];
};

static void failing_init(struct failing *f, const struct bl_judge_settings *s)
{
	static char ones[131], found[140];
	struct bl_buf line;

	memset(ones, '1', 130);
	snprintf(found, sizeof found, "%s\n2\n", ones);
	f->t[0] = T1;
	f->t[1] = (struct bl_judge_test){ 2, "stack-on-turn-1000", "edge",
					  "the first stack of 4 forms on turn 1000", "2 1\n0 0\n1 1 1\n",
					  14, 0, "1\n2\n3\n4\n5\n6\n7\n8\n", 16 };
	f->t[2] = (struct bl_judge_test){ 3, "random-1", "random", "seed 1", "1\n", 2, 0, "1\n", 2 };
	f->t[3] = (struct bl_judge_test){ 4, "random-2", "random", "seed 2", "1\n", 2, 0, "1\n", 2 };
	bl_buf_init(&line);
	judge_one(s, &f->t[0], (struct bl_judge_run){ .cpu_ms = 120, .peak_bytes = 3670016,
						       .out = "7\n" }, &f->res[0], &line);
	judge_one(s, &f->t[1], (struct bl_judge_run){ .cpu_ms = 10, .peak_bytes = 3565158,
						       .out = found }, &f->res[1], &line);
	bl_buf_puts(&f->res[1].out, found);
	bl_buf_puts(&f->res[1].err, "oops\nat line 2\n");
	judge_one(s, &f->t[2], (struct bl_judge_run){ .cpu_ms = 510, .wall_ms = 520, .peak_bytes = 3565158,
						       .cpu_over = true }, &f->res[2], &line);
	f->res[2].alone = true;
	bl_judge_result_init(&f->res[3]);
	bl_buf_release(&line);
}

static void failing_release(struct failing *f)
{
	for (int i = 0; i < 4; i++)
		bl_judge_result_release(&f->res[i]);
}

static const char LONG_ONES[] =
	"111111111111111111111111111111111111111111111111111111111111"
	"111111111111111111111111111111111111111111111111111111111111";

static void test_summary(void)
{
	struct bl_judge_settings s = suite_settings();
	struct failing f;
	struct bl_buf b, want;

	bl_buf_init(&b);
	bl_buf_init(&want);
	failing_init(&f, &s);
	bl_judge_summary(&s, f.t, f.res, 1, 1, &b);
	is_str(b.data, "AC: 1/1 tests, max 0.12 s, 3.5 MiB\n", "the summary of an accepted run");
	bl_buf_reset(&b);
	bl_judge_summary(&s, f.t, f.res, 4, 3, &b);
	bl_buf_printf(&want,
		      "WA: 1/4 tests accepted (WA 1, TLE 1; 1 not run after --fail-fast), max 0.51 s, "
		      "3.5 MiB\n"
		      "first failure: test 2 stack-on-turn-1000 (edge): the first stack of 4 forms on "
		      "turn 1000\n"
		      "  wrong answer: token 1: expected '1', found "
		      "'1111111111111111111111111111111111111111...'\n"
		      "  expected:  1\n"
		      "             2\n"
		      "             3\n"
		      "             4\n"
		      "             5\n"
		      "             6\n"
		      "             [2 more lines]\n"
		      "  found:     %s [...]\n"
		      "             2\n"
		      "  stderr:    oops\n"
		      "             at line 2\n"
		      "  input:     2 1\n"
		      "             0 0\n"
		      "             1 1 1\n"
		      "  reproduce: boardlab judge 17837 --input 2 | ./sol\n",
		      LONG_ONES);
	is_str(b.data, want.data, "the summary of a failing run, and its first failure");
	bl_buf_reset(&b);
	s.program = "build/my boardlab";
	bl_judge_summary(&s, f.t, f.res, 4, 3, &b);
	ok(strstr(b.data, "\n  reproduce: 'build/my boardlab' judge 17837 --input 2 | ./sol\n") != NULL,
	   "the reproduce line names the tool as it was started, quoted");
	failing_release(&f);
	bl_buf_release(&b);
	bl_buf_release(&want);
}

/* --tests DIR: one test of a large input, its run not UTF-8; *input is its input. */
static void dir_failure(struct bl_judge_test *t, struct bl_judge_result *res, struct bl_buf *input)
{
	const struct bl_judge_settings d = dir_settings();
	struct bl_buf line;

	for (int i = 0; i < 1001; i++)
		bl_buf_puts(input, "1\n");
	*t = (struct bl_judge_test){ 1, "004", "file", "", input->data, input->len, 0, "5\n",
				     2 };
	bl_buf_init(&line);
	judge_one(&d, t, (struct bl_judge_run){ .exit_status = 1 }, res, &line);
	bl_buf_release(&line);
	bl_buf_puts(&res->out, "\xff\xfe\xc3\xa9\r\t\"\\\x7f\n");   /* 2 bad bytes, é, controls */
	bl_buf_puts(&res->err, "\xc0\xaf\xe2\x82");                 /* overlong, then cut short */
}

static void test_dir_summary(void)
{
	const struct bl_judge_settings d = dir_settings();
	struct bl_judge_test t;
	struct bl_judge_result res;
	struct bl_buf input, b;

	bl_buf_init(&input);
	bl_buf_init(&b);
	dir_failure(&t, &res, &input);
	bl_buf_reset(&res.err);
	bl_buf_reset(&res.out);
	bl_judge_summary(&d, &t, &res, 1, 1, &b);
	is_str(b.data,
	       "RE: 0/1 tests accepted (RE 1), max 0.00 s, 0.0 MiB\n"
	       "first failure: test 1 004 (file)\n"
	       "  runtime error: exit status 1\n"
	       "  expected:  5\n"
	       "  found:     (nothing)\n"
	       "  input:     1001 lines, 2002 bytes (not shown)\n"
	       "  reproduce: python3 'sol'\\''s.py' --x=1 '' < '/tmp/my tests/004.in'\n",
	       "--tests DIR: no description, no stderr, a large input, CMD's words quoted");
	bl_judge_result_release(&res);
	bl_buf_release(&input);
	bl_buf_release(&b);
}

/* An input let go before the runs: the report gives its size, as it does a large one's. */
static void test_dropped_input(void)
{
	const struct bl_judge_settings d = dir_settings();
	struct bl_judge_test t, small = T1;
	struct bl_judge_result res;
	struct bl_buf input, b;

	bl_buf_init(&input);
	bl_buf_init(&b);
	ok(bl_judge_test_drop_input(&small) && small.input == T1.input,
	   "a small input is kept: the report shows it");
	dir_failure(&t, &res, &input);
	ok(!bl_judge_test_drop_input(&t) && t.input == NULL && t.input_lines == 1001 &&
	   t.input_len == 2002, "a large one is let go, its lines counted");
	ok(!bl_judge_test_drop_input(&t), "and stays let go");
	bl_judge_summary(&d, &t, &res, 1, 1, &b);
	ok(strstr(b.data, "\n  input:     1001 lines, 2002 bytes (not shown)\n") != NULL,
	   "the summary gives its size");
	bl_buf_reset(&b);
	bl_judge_json(&d, &t, &res, 1, 1, NULL, &b);
	ok(strstr(b.data, "\"input\": null, ") != NULL, "JSON: its input is null");
	bl_judge_result_release(&res);
	bl_buf_release(&input);
	bl_buf_release(&b);
}

/* A test kept apart from what it pointed into, which then goes. */
static void test_keep(void)
{
	const struct bl_judge_settings s = suite_settings();
	struct bl_judge_test t = T1, big;
	struct bl_judge_result res;
	struct bl_buf src, own, input, b;

	bl_buf_init(&src);
	bl_buf_init(&own);
	bl_buf_init(&input);
	bl_buf_init(&b);
	bl_buf_puts(&src, "sample-1|official sample 1 of BOJ 17837|7\n|2 1\n0 0\n0 0\n1 1 1\n");
	for (char *p = src.data; (p = strchr(p, '|')) != NULL;)
		*p++ = '\0';
	t.name = src.data;
	t.desc = src.data + 9;
	t.expected = src.data + 40;
	t.input = src.data + 43;
	ok(bl_judge_test_keep(&t, &own) && t.name >= own.data && t.input < own.data + own.len,
	   "kept: it points into its own copy");
	memset(src.data, 'x', src.len);
	bl_buf_release(&src);
	judge_one(&s, &t, (struct bl_judge_run){ .out = "8\n" }, &res, &b);
	bl_buf_reset(&b);
	bl_judge_summary(&s, &t, &res, 1, 1, &b);
	ok(strstr(b.data, "first failure: test 1 sample-1 (sample): official sample 1 of BOJ 17837\n"
			  "  wrong answer: token 1: expected '7', found '8'\n  expected:  7\n") &&
	   strstr(b.data, "  input:     2 1\n             0 0\n"), "the summary reads the copy");
	bl_judge_result_release(&res);
	dir_failure(&big, &res, &input);
	ok(bl_judge_test_keep(&big, &own) && big.input == NULL && big.input_lines == 1001 &&
	   strcmp(big.name, "004") == 0 && strcmp(big.expected, "5\n") == 0,
	   "a large input is let go, the rest kept");
	bl_judge_result_release(&res);
	bl_buf_release(&own);
	bl_buf_release(&input);
	bl_buf_release(&b);
}

/* ---- JSON: a small parser that checks the syntax and decodes one value ---- */

struct json {
	const char *p, *end;
	const char *want;          /* the path of the value wanted: "first_failure.found" */
	char path[256];
	struct bl_buf *got;        /* its text, strings decoded */
	int values;                /* values seen at the path wanted */
};

static void ws(struct json *j)
{
	while (j->p < j->end && strchr(" \t\n\r", *j->p))
		j->p++;
}

/* The bytes of the UTF-8 sequence at s (of n), or 0 when it is not one. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3
		   : s[0] >= 0xf0 && s[0] < 0xf5 ? 4 : 0;

	for (size_t k = 1; len && k < len; k++)
		if (k >= n || (s[k] & 0xc0) != 0x80)
			return 0;
	return len;
}

static void put_utf8(struct bl_buf *b, unsigned u)
{
	if (u < 0x80) {
		bl_buf_putc(b, (char)u);
	} else if (u < 0x800) {
		bl_buf_putc(b, (char)(0xc0 | u >> 6));
		bl_buf_putc(b, (char)(0x80 | (u & 0x3f)));
	} else {
		bl_buf_putc(b, (char)(0xe0 | u >> 12));
		bl_buf_putc(b, (char)(0x80 | ((u >> 6) & 0x3f)));
		bl_buf_putc(b, (char)(0x80 | (u & 0x3f)));
	}
}

static const char ESCAPES[] = "\"\\/bfnrtu";   /* after a backslash (u: four hex digits) */

/* A string at j->p, decoded into s; false when it is not valid JSON in UTF-8. */
static bool json_string(struct json *j, struct bl_buf *s)
{
	if (j->p >= j->end || *j->p++ != '"')
		return false;
	while (j->p < j->end && *j->p != '"') {
		const unsigned char *c = (const unsigned char *)j->p;
		size_t n = utf8_seq(c, (size_t)(j->end - j->p));
		unsigned u;
		if (n == 0 || *c < 0x20)
			return false;
		if (*c != '\\') {
			bl_buf_add(s, c, n);
			j->p += n;
			continue;
		}
		if (j->p + 1 >= j->end)
			return false;
		const char *esc = strchr(ESCAPES, j->p[1]);
		if (!esc || !j->p[1])
			return false;
		if (*esc != 'u') {
			bl_buf_putc(s, "\"\\/\b\f\n\r\t"[esc - ESCAPES]);
			j->p += 2;
			continue;
		}
		if (j->end - j->p < 6 || sscanf(j->p + 2, "%4x", &u) != 1)
			return false;
		put_utf8(s, u);
		j->p += 6;
	}
	return j->p++ < j->end;
}

static bool json_value(struct json *j);

/* An object's or an array's members, each a value at its own path. */
static bool json_members(struct json *j, bool object)
{
	size_t at = strlen(j->path);
	char close = object ? '}' : ']';
	struct bl_buf key;
	bool good = true;

	j->p++;
	ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		return true;
	}
	bl_buf_init(&key);
	for (int i = 0; good; i++) {
		ws(j);
		bl_buf_reset(&key);
		if (object) {
			good = json_string(j, &key);
			ws(j);
			good = good && j->p < j->end && *j->p++ == ':';
			snprintf(j->path + at, sizeof j->path - at, "%s%s", at ? "." : "",
				 key.data ? key.data : "");
		} else {
			snprintf(j->path + at, sizeof j->path - at, "[%d]", i);
		}
		good = good && json_value(j);
		j->path[at] = '\0';
		ws(j);
		if (!good || j->p >= j->end || *j->p != ',')
			break;
		j->p++;
	}
	bl_buf_release(&key);
	return good && j->p < j->end && *j->p++ == close;
}

static bool json_value(struct json *j)
{
	bool here = strcmp(j->path, j->want) == 0;
	const char *start;
	struct bl_buf s;

	ws(j);
	if (j->p >= j->end)
		return false;
	if (*j->p == '{' || *j->p == '[')
		return json_members(j, *j->p == '{');
	bl_buf_init(&s);
	start = j->p;
	bool good = *j->p == '"' ? json_string(j, &s) : true;
	if (*start != '"') {
		while (j->p < j->end && strchr("-+.0123456789eEtruefalsn", *j->p))
			j->p++;
		good = j->p > start;
		bl_buf_add(&s, start, (size_t)(j->p - start));
	}
	if (good && here) {
		bl_buf_add(j->got, s.data, s.len);
		j->values++;
	}
	bl_buf_release(&s);
	return good;
}

/* The text of the one value at path in doc, decoded, into got; false when doc is not JSON. */
static bool json_get(const struct bl_buf *doc, const char *path, struct bl_buf *got)
{
	struct json j = { doc->data, doc->data + doc->len, path, "", got, 0 };
	bool good = json_value(&j);

	ws(&j);
	return good && j.p == j.end && j.values == 1;
}

static void test_json(void)
{
	const struct bl_judge_settings s = suite_settings();
	struct failing f;
	struct bl_buf b, want, got;

	bl_buf_init(&b);
	bl_buf_init(&want);
	bl_buf_init(&got);
	failing_init(&f, &s);
	bl_judge_json(&s, f.t, f.res, 4, 3, NULL, &b);
	bl_buf_printf(&want,
		      "{\n"
		      "  \"problem\": \"17837\", \"title\": \"새로운 게임 2\", \"tests_from\": \"suite\",\n"
		      "  \"command\": [\"./sol\"],\n"
		      "  \"limits\": {\"cpu_ms\": 500, \"time_scale\": 1, \"memory_bytes\": 536870912, "
		      "\"output_bytes\": 67108864, \"memory_measure\": \"rss polling\", "
		      "\"command_script\": null},\n"
		      "  \"jobs\": 2,\n"
		      "  \"verdict\": \"WA\", \"accepted\": 1, \"tests\": 4, \"run\": 3, \"max_cpu_ms\": 510, "
		      "\"max_memory_bytes\": 3670016,\n"
		      "  \"results\": [\n"
		      "    {\"id\": 1, \"name\": \"sample-1\", \"kind\": \"sample\", \"description\": "
		      "\"official sample 1 of BOJ 17837\", \"verdict\": \"AC\", \"cpu_ms\": 120, "
		      "\"wall_ms\": 0, \"memory_bytes\": 3670016, \"why\": \"\", \"alone\": false},\n"
		      "    {\"id\": 2, \"name\": \"stack-on-turn-1000\", \"kind\": \"edge\", "
		      "\"description\": \"the first stack of 4 forms on turn 1000\", \"verdict\": \"WA\", "
		      "\"cpu_ms\": 10, \"wall_ms\": 0, \"memory_bytes\": 3565158, \"why\": \"token 1: "
		      "expected '1', found '1111111111111111111111111111111111111111...'\", "
		      "\"alone\": false},\n"
		      "    {\"id\": 3, \"name\": \"random-1\", \"kind\": \"random\", \"description\": "
		      "\"seed 1\", \"verdict\": \"TLE\", \"cpu_ms\": 510, \"wall_ms\": 520, "
		      "\"memory_bytes\": 3565158, \"why\": \"0.51 s of CPU time, over the limit 0.5 s\", "
		      "\"alone\": true}\n"
		      "  ],\n"
		      "  \"counts\": {\"AC\": 1, \"WA\": 1, \"TLE\": 1},\n"
		      "  \"first_failure\": {\"id\": 2, \"name\": \"stack-on-turn-1000\", \"verdict\": "
		      "\"WA\", \"why\": \"token 1: expected '1', found "
		      "'1111111111111111111111111111111111111111...'\", "
		      "\"expected\": \"1\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n\", "
		      "\"found\": \"%s1111111111\\n2\\n\", \"stderr\": \"oops\\nat line 2\\n\", "
		      "\"input\": \"2 1\\n0 0\\n1 1 1\\n\", \"reproduce\": \"boardlab judge 17837 "
		      "--input 2 | ./sol\"},\n"
		      "  \"diagnosis\": null\n"
		      "}\n",
		      LONG_ONES);
	is_str(b.data, want.data, "the JSON document of a failing run");
	ok(json_get(&b, "results[2].verdict", &got) && strcmp(got.data, "TLE") == 0,
	   "it parses: results[2].verdict is TLE");
	bl_buf_reset(&got);
	ok(json_get(&b, "first_failure.reproduce", &got) &&
	   strcmp(got.data, "boardlab judge 17837 --input 2 | ./sol") == 0, "and its reproduce line");
	bl_buf_reset(&b);
	bl_judge_json(&s, f.t, f.res, 1, 1, NULL, &b);
	bl_buf_reset(&got);
	ok(json_get(&b, "first_failure", &got) && strcmp(got.data, "null") == 0 &&
	   strstr(b.data, "\"verdict\": \"AC\", \"accepted\": 1, \"tests\": 1, \"run\": 1") != NULL &&
	   strstr(b.data, "\n  \"counts\": {\"AC\": 1},\n") != NULL,
	   "accepted: AC, counts of AC alone, and first_failure is null");
	failing_release(&f);
	bl_buf_release(&b);
	bl_buf_release(&want);
	bl_buf_release(&got);
}

static void test_json_bytes(void)
{
	struct bl_judge_settings d = dir_settings();
	struct bl_judge_test t;
	struct bl_judge_result res;
	struct bl_buf input, b, got;
	const char *ff;

	bl_buf_init(&input);
	bl_buf_init(&b);
	bl_buf_init(&got);
	dir_failure(&t, &res, &input);
	bl_judge_json(&d, &t, &res, 1, 1, NULL, &b);
	ok(strstr(b.data, "  \"command\": [\"python3\", \"sol's.py\", \"--x=1\", \"\"],\n") != NULL &&
	   strstr(b.data, "\"tests_from\": \"/tmp/my tests\",\n") != NULL &&
	   strstr(b.data, "{\"cpu_ms\": 1500, \"time_scale\": 3, \"memory_bytes\": 268435456, "
			  "\"output_bytes\": 1048576, \"memory_measure\": \"cgroup v2\", "
			  "\"command_script\": null},\n") != NULL,
	   "--tests DIR: the folder, CMD's words and the limits");
	ff = strstr(b.data, "  \"first_failure\": ");
	is_str(ff, "  \"first_failure\": {\"id\": 1, \"name\": \"004\", \"verdict\": \"RE\", "
		   "\"why\": \"exit status 1\", \"expected\": \"5\\n\", "
		   "\"found\": \"\\ufffd\\ufffd\xc3\xa9\\u000d\\t\\\"\\\\\\u007f\\n\", "
		   "\"stderr\": \"\\ufffd\\ufffd\\ufffd\\ufffd\", \"input\": null, "
		   "\"reproduce\": \"python3 'sol'\\\\''s.py' --x=1 '' < '/tmp/my tests/004.in'\"},\n  \"diagnosis\": null\n}\n",
	       "bytes that are not UTF-8 are \\ufffd; a large input is null");
	ok(json_get(&b, "first_failure.found", &got) &&
	   strcmp(got.data, "\xef\xbf\xbd\xef\xbf\xbd\xc3\xa9\r\t\"\\\x7f\n") == 0,
	   "parsed: found is U+FFFD twice, then é and the controls as printed");
	bl_buf_reset(&got);
	ok(json_get(&b, "first_failure.stderr", &got) &&
	   strcmp(got.data, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd") == 0,
	   "parsed: an overlong pair and a cut sequence are U+FFFD a byte");
	bl_buf_reset(&got);
	ok(json_get(&b, "first_failure.reproduce", &got) &&
	   strcmp(got.data, "python3 'sol'\\''s.py' --x=1 '' < '/tmp/my tests/004.in'") == 0,
	   "parsed: the reproduce line as the shell reads it");
	bl_judge_result_release(&res);
	/* a why line quoting bytes that are not UTF-8, and a script CMD */
	d.command_script = "/usr/bin/python3";
	judge_one(&d, &T1, (struct bl_judge_run){ .out = "\xe9\xff\n" }, &res, &input);
	bl_buf_reset(&b);
	bl_judge_json(&d, &T1, &res, 1, 1, NULL, &b);
	ok(strstr(b.data, "\"why\": \"token 1: expected an integer, '7', found '\\ufffd\\ufffd'\", "
			  "\"alone\"") != NULL &&
	   strstr(b.data, "\"why\": \"token 1: expected an integer, '7', found '\\ufffd\\ufffd'\", "
			  "\"expected\"") != NULL,
	   "a why line's bytes that are not UTF-8 are \\ufffd, in results and first_failure");
	bl_buf_reset(&got);
	ok(json_get(&b, "limits.command_script", &got) && strcmp(got.data, "/usr/bin/python3") == 0,
	   "parsed: limits.command_script names the script");
	bl_buf_reset(&got);
	ok(json_get(&b, "counts.PE", &got) && strcmp(got.data, "1") == 0, "parsed: counts.PE is 1");
	bl_judge_result_release(&res);
	bl_buf_release(&input);
	bl_buf_release(&b);
	bl_buf_release(&got);
}

/* --list, --export's index.tsv, and the order of --tests DIR's files. */
static void test_suite_views(void)
{
	const struct bl_judge_settings s = suite_settings();
	struct failing f;
	struct bl_buf b;

	bl_buf_init(&b);
	failing_init(&f, &s);
	bl_judge_list(&s, f.t, 2, &b);
	is_str(b.data, "17837 새로운 게임 2: 2 tests; time limit 0.5 s, memory limit 512 MiB\n"
		       "  1  sample  sample-1                      official sample 1 of BOJ 17837\n"
		       "  2  edge    stack-on-turn-1000            the first stack of 4 forms on "
		       "turn 1000\n", "--list");
	bl_buf_reset(&b);
	bl_judge_index(f.t, 2, &b);
	is_str(b.data, "id\tkind\tname\tdescription\n"
		       "001\tsample\tsample-1\tofficial sample 1 of BOJ 17837\n"
		       "002\tedge\tstack-on-turn-1000\tthe first stack of 4 forms on turn 1000\n",
	       "index.tsv");
	ok(bl_judge_name_cmp("2.in", "10.in") < 0 && bl_judge_name_cmp("10.in", "9.in") > 0,
	   "numbers as numbers: 2 < 10, 10 > 9");
	ok(bl_judge_name_cmp("a10.in", "a9b.in") > 0 && bl_judge_name_cmp("b1.in", "a2.in") > 0,
	   "the rest as bytes, numbers inside names too");
	ok(bl_judge_name_cmp("007.in", "7.in") == 0 && bl_judge_name_cmp("1.in", "1.in.x") < 0,
	   "007 and 7 compare equal; a prefix comes first");
	is_int(bl_judge_test_find(f.t, 4, "2", NULL), 1, "--input 2: the test of id 2");
	is_int(bl_judge_test_find(f.t, 4, "002", NULL), 1, "--input 002: the same");
	is_int(bl_judge_test_find(f.t, 4, "random-1", NULL), 2, "--input random-1: by its name");
	struct bl_err err;
	bl_err_clear(&err);
	ok(bl_judge_test_find(f.t, 4, "stack-on-turn-100", &err) == -1 && err.code == BL_ERR_ARG,
	   "an unknown name: -1 and an argument error");
	is_str(err.msg, "expected a test from 1 to 4 or a test's name (did you mean "
			"'stack-on-turn-1000'?)", "which says what is expected and the nearest name");
	bl_err_clear(&err);
	ok(bl_judge_test_find(f.t, 4, "5", &err) == -1 && bl_judge_test_find(f.t, 4, "0", NULL) == -1,
	   "no test past the last id, nor 0");
	is_str(err.msg, "expected a test from 1 to 4 or a test's name", "and no name is near");
	ok(bl_judge_export_id("070.in") == 70 && bl_judge_export_id("000.out") == 0 &&
	   bl_judge_export_id("1000.out") == 1000, "--export's names: NNN.in, NNN.out");
	ok(bl_judge_export_id("index.tsv") < 0 && bl_judge_export_id("0070.in") < 0 &&
	   bl_judge_export_id("7.in") < 0 && bl_judge_export_id("070.in.x") < 0 &&
	   bl_judge_export_id("070.ans") < 0 && bl_judge_export_id("a70.in") < 0,
	   "no other name is an export's test file");
	failing_release(&f);
	bl_buf_release(&b);
}

/* The progress line judge and stress draw on a terminal. */
static void test_progress(void)
{
	struct bl_buf b;

	bl_buf_init(&b);
	bl_judge_progress("judge 17837", "tests", 12, 61, 1, 4000000000u, &b);
	is_str(b.data, "judge 17837: 12/61 tests, 1 failed, 3.0/s", "progress: done, failed, the rate");
	bl_buf_reset(&b);
	bl_judge_progress("stress tower", "runs", 0, 100, 0, 0, &b);
	is_str(b.data, "stress tower: 0/100 runs, 0 failed", "progress: no rate before any time");
	bl_buf_release(&b);
}

/* A run of test i (jt[i], witness i - 1): it answers as carry-alone does; the 5th stops. */
struct fake {
	struct bl_judge_result *res;
	struct bl_buf *ans;
};

static int fake_run(void *ctx, int i)
{
	struct fake *f = ctx;

	f->res[i].done = true;
	f->res[i].verdict = BL_VERDICT_WA;
	bl_buf_add(&f->res[i].out, f->ans[i - 1].data, f->ans[i - 1].len);
	return i == 5 ? 7 : 0;
}

/*
 * The diagnosis (lib/diagnose.c), with 17837's witness tests and a program
 * that answers each as carry-alone does: named, its witness, the parting
 * and the summary line to the byte; the extra runs' ids as ranges; a
 * program no mistake matches; and the runs of bl_judge_diagnosis, bounded
 * by the witnesses and none when the failure rules out every mistake.
 */
static void test_diagnosis(void)
{
	const struct bl_problem *p = bl_problem_find("17837");
	const struct bl_mistake *m = bl_mistake_find(p, "carry-alone");
	struct bl_suite s;
	struct bl_judge_test t[16];
	struct bl_diag_said said[16];
	struct bl_buf ans[16], b;
	struct bl_diagnosis d;
	size_t n;

	bl_buf_init(&b);
	ok(bl_suite_witnesses(p, &s, NULL) == BL_OK && s.n == 10 && s.tests[0].id == 62,
	   "17837's witness tests alone: 10, their ids the suite's (62 on)");
	n = s.n < 16 ? s.n : 16;
	bl_judge_tests_of_suite(&s, t);
	for (size_t i = 0; i < n; i++) {
		bl_buf_init(&ans[i]);
		bl_mistake_answer(m, t[i].input, t[i].input_len, &ans[i], NULL, NULL);
		said[i] = (struct bl_diag_said){ &t[i], ans[i].data, ans[i].len };
	}
	ok(bl_diag_candidates(p, said, n, 0) >= 1, "carry-alone's answers: a candidate");
	memset(&d, 0, sizeof d);
	d.extra = 4;
	d.extra_id[0] = 3, d.extra_id[1] = 62, d.extra_id[2] = 63, d.extra_id[3] = 64;
	d.extra_cpu_ms = 1234;
	d.extra_wall_ms = 50;
	bl_diagnose(p, said, n, 0, "the first failure", &d);
	bl_diagnosis_text(&d, &b);
	is_str(b.data,
	       "likely mistake: carry-alone \xe2\x80\x94 moves the piece alone, leaving the pieces "
	       "above it behind\n"
	       "  its witness, test 67 witness-carry-alone: the right answer '1', the mistake's "
	       "'-1', yours '-1'\n"
	       "    where the games part: by the rules, turn 1: piece 2 at (1,2) going right meets "
	       "white (1,3): moves there with 2 pieces; stack 3> 2> 1>\n"
	       "    with the mistake, turn 1: piece 2 at (1,2) going right meets white (1,3): moves "
	       "there with 1 piece; stack 3> 2>\n"
	       "  (1 of the 10 known mistakes of 17837 match your program on the 10 witness tests "
	       "and the first failure; the first answers as it does on 10 of 10 tests replayed)\n"
	       "  runs for the diagnosis: 4, of the witness tests 3, 62 to 64 (1.23 s of CPU time, "
	       "0.05 s wall)\n",
	       "the diagnosis whole; the extra runs' tests as ranges");
	bl_buf_reset(&b);
	bl_diagnosis_json(&d, &b);
	ok(strstr(b.data, "\"matched\": 1,\n    \"likely\": [{\"id\": \"carry-alone\", ") &&
	   strstr(b.data, "\"right\": \"1\", \"mistake\": \"-1\", \"program\": \"-1\",") &&
	   strstr(b.data, "\"extra_runs\": {\"count\": 4, \"tests\": [3, 62, 63, 64], "
			  "\"cpu_ms\": 1234, \"wall_ms\": 50}\n  }"),
	   "its JSON: the mistake, the answers, the runs");
	ok(strstr(b.data, "\"closest\": null,"), "its JSON: no closest when one matches");
	/*
	 * carry-alone's answers but on its own witness, where the program says
	 * 12345: no mistake matches, and carry-alone is the closest on the
	 * other failed tests.
	 */
	said[5].out = "12345\n", said[5].out_len = 6;
	ok(bl_diag_candidates(p, said, n, 0) == 0, "carry-alone's answers but one: no candidate");
	memset(&d, 0, sizeof d);
	bl_diagnose(p, said, n, 0, "the first failure", &d);
	bl_buf_reset(&b);
	bl_diagnosis_text(&d, &b);
	is_str(b.data,
	       "diagnosis: no known mistake of 17837 matches (each of the 10 answers otherwise than "
	       "your program on one of 10 tests: the 10 witness tests and the first failure)\n"
	       "closest mistake: carry-alone \xe2\x80\x94 moves the piece alone, leaving the pieces "
	       "above it behind\n"
	       "  (it answers as your program on 8 of the 9 failed tests replayed, not on all the "
	       "tests that speak: your program may make it and another mistake)\n",
	       "no match: the closest mistake, on 8 of the 9 failed tests");
	bl_buf_reset(&b);
	bl_diagnosis_json(&d, &b);
	ok(strstr(b.data, "\"matched\": 0,") &&
	   strstr(b.data, "\"closest\": {\"id\": \"carry-alone\", \"description\": \"moves the "
			  "piece alone, leaving the pieces above it behind\", \"agrees_on\": 8, "
			  "\"failed\": 9},"),
	   "its JSON: the closest, on 8 of 9");
	/* a program that answers 12345 everywhere: no mistake matches, none is close */
	for (size_t i = 0; i < n; i++)
		said[i].out = "12345\n", said[i].out_len = 6;
	ok(bl_diag_candidates(p, said, n, 0) == 0, "12345 everywhere: no candidate");
	memset(&d, 0, sizeof d);
	bl_diagnose(p, said, n, 0, "the first failure", &d);
	ok(d.matched == 0 && !d.closest && d.failed == 10, "12345 everywhere: no closest mistake");
	{
		const struct bl_judge_test fail = { 0, "failing-input", "stress", "", t[0].input,
						    t[0].input_len, 0, t[0].expected,
						    t[0].expected_len };
		said[0].t = &fail;
		memset(&d, 0, sizeof d);
		bl_diagnose(p, said, 1, 0, "the failing input", &d);
		said[0].t = &t[0];
	}
	bl_buf_reset(&b);
	bl_diagnosis_text(&d, &b);
	is_str(b.data, "diagnosis: no known mistake of 17837 matches (each of the 10 answers "
		       "otherwise than your program on the failing input, so no witness test was "
		       "run)\n", "no match, no witness read");
	/* bl_judge_diagnosis: a failure on test 1 (not a witness), the witnesses not run */
	{
		struct bl_judge_settings set = suite_settings();
		struct bl_judge_test jt[11];
		struct bl_judge_result res[11];
		struct fake f = { res, ans };

		jt[0] = t[5];   /* carry-alone's witness, as a sample the program fails */
		jt[0].id = 1;
		jt[0].kind = "sample";
		for (int i = 0; i < 10; i++)
			jt[i + 1] = t[i];
		for (int i = 0; i < 11; i++)
			bl_judge_result_init(&res[i]);
		res[0].done = true;
		res[0].verdict = BL_VERDICT_TLE;   /* no answer: no mistake of 17837 never stops */
		ok(bl_judge_diagnosis(&set, jt, res, 1, 11, fake_run, &f, &d) == 0 &&
		   d.problem && d.extra == 0 && !res[1].done,
		   "judging: a time-out rules out every mistake, no witness run");
		res[0].verdict = BL_VERDICT_WA;
		bl_buf_puts(&res[0].out, "-1\n");
		ok(bl_judge_diagnosis(&set, jt, res, 1, 11, fake_run, &f, &d) == 7 &&
		   res[1].done && res[5].done && !res[6].done && d.extra == 4,
		   "judging: the witnesses run one at a time while a mistake may match; a run's "
		   "status stops them");
		for (int i = 0; i < 11; i++)
			bl_judge_result_release(&res[i]);
		res[0].done = true;   /* and the whole suite ran: no run at all */
		res[0].verdict = BL_VERDICT_WA;
		bl_buf_puts(&res[0].out, "-1\n");
		for (int i = 1; i < 11; i++)
			fake_run(&f, i);
		ok(bl_judge_diagnosis(&set, jt, res, 11, 11, fake_run, &f, &d) == 0 && d.extra == 0 &&
		   d.matched == 1 && d.likely[0] == m && d.fit == 11 && d.replayed == 11,
		   "judging: every witness ran, no extra run; carry-alone on 11 of 11");
		for (int i = 0; i < 11; i++)
			bl_judge_result_release(&res[i]);
	}
	for (size_t i = 0; i < n; i++)
		bl_buf_release(&ans[i]);
	bl_suite_release(&s);
	bl_buf_release(&b);
}

int main(void)
{
	test_progress();
	test_names();
	test_lines();
	test_rules();
	test_head();
	test_summary();
	test_dir_summary();
	test_dropped_input();
	test_keep();
	test_json();
	test_json_bytes();
	test_suite_views();
	test_diagnosis();
	return tap_done();
}
