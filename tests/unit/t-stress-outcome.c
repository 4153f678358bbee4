/*
 * Unit tests of stress's library part (boardlab/stress.h, lib/stress.c):
 * a run's outcome in its order and words, stress's comparison of shapes
 * (bl_compare_shape, problem.c), the failures that count as the same, and
 * the report's views: a cut block of output, a long trace's head and
 * tail, the report's head, and a failure with each of its reproduce
 * lines.  tests/cli/t-stress.sh runs real solutions; here every byte is
 * given.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* The outcome of run against expected, under 2000 ms and a 1 MiB cap, into *o and text. */
static void outcome(struct bl_judge_run run, const char *expected, struct bl_stress_outcome *o,
		    struct bl_buf *text)
{
	if (run.out && !run.out_len)
		run.out_len = strlen(run.out);
	bl_stress_classify(&run, 2000, 1 << 20, expected, strlen(expected), o);
	bl_buf_reset(text);
	bl_stress_outcome_text(o, text);
}

static void test_outcomes(void)
{
	const struct {
		struct bl_judge_run run;
		const char *expected, *want;
	} cases[] = {
		{ { .out = "7\n" }, "7\n", "OK (accepted)" },
		{ { .cpu_ms = 2100, .wall_ms = 2300, .cpu_over = true }, "7\n",
		  "TLE (time limit exceeded): 2100 ms of CPU time, over the limit of 2000 ms (2300 ms wall)" },
		{ { .cpu_ms = 2000, .wall_ms = 7000, .wall_over = true }, "7\n",
		  "TLE (time limit exceeded): 2000 ms of CPU time, over the limit of 2000 ms (7000 ms wall)" },
		{ { .cpu_ms = 10, .wall_ms = 7000, .wall_over = true, .signal = SIGKILL }, "7\n",
		  "IDLE (wall-clock time-out): stopped by the wall-clock backstop at 7000 ms, after 10 ms "
		  "of CPU time (limit 2000 ms); its process group was killed" },
		{ { .out_over = true, .signal = SIGKILL }, "7\n",
		  "PE (presentation error): more than 1048576 bytes of output; it was killed" },
		{ { .signal = SIGSEGV, .exit_status = 1 }, "7\n",
		  "RE (runtime error): killed by SIGSEGV" },
		{ { .exit_status = 3, .out = "7\n" }, "7\n", "RE (runtime error): exit status 3" },
		{ { .out = " \n" }, "7 8\n", "PE (presentation error): no output; expected 2 tokens" },
		{ { .out = "7 8\n" }, "7\n", "PE (presentation error): 2 tokens of output, expected 1" },
		/* a token that differs, then a word for an integer: PE, not WA */
		{ { .out = "8 x\n" }, "7 9\n",
		  "PE (presentation error): token 2: expected an integer, '9', found 'x'" },
		{ { .out = "-7 9\n" }, "seven 9\n",
		  "WA (wrong answer): token 1: expected 'seven', found '-7'" },
		{ { .out = "7\n\0\001\\", .out_len = 5 }, "7\n",
		  "PE (presentation error): 2 tokens of output, expected 1" },
		{ { .out = "7\0\001\\", .out_len = 4 }, "7\n",
		  "PE (presentation error): token 1: expected an integer, '7', found '7\\0\\x01\\\\'" },
	};
	struct bl_stress_outcome o;
	struct bl_buf text;

	bl_buf_init(&text);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		outcome(cases[i].run, cases[i].expected, &o, &text);
		is_str(text.data, cases[i].want, "outcome %zu", i);
	}
	outcome((struct bl_judge_run){ .out = "7" }, "7\n", &o, &text);
	ok(o.verdict == BL_STRESS_OK && o.whitespace_only && strcmp(o.why, "only whitespace differs") == 0,
	   "OK, whitespace only");
	outcome((struct bl_judge_run){ .exit_status = 2 }, "7\n", &o, &text);
	ok(o.exit_status == 2 && o.signal == 0, "RE: the exit status is kept");
	outcome((struct bl_judge_run){ .out = NULL }, "", &o, &text);
	is_str(o.why, "no output; expected 0 tokens", "no output, nothing expected: PE");
	bl_buf_release(&text);
	is_str(bl_stress_verdict_name(BL_STRESS_IDLE), "IDLE", "IDLE's name");
	is_str(bl_stress_verdict_name(BL_STRESS_COUNT), "?", "past the verdicts: ?");
}

static void test_same_failure(void)
{
	struct bl_stress_outcome a = { .verdict = BL_STRESS_RE, .signal = SIGSEGV };
	struct bl_stress_outcome b = a;

	ok(bl_stress_same_failure(&a, &b), "the same signal");
	b.signal = SIGABRT;
	ok(!bl_stress_same_failure(&a, &b), "another signal");
	a.signal = b.signal = 0;
	a.exit_status = 1;
	b.exit_status = 2;
	ok(!bl_stress_same_failure(&a, &b), "another exit status");
	a.verdict = b.verdict = BL_STRESS_WA;
	ok(bl_stress_same_failure(&a, &b), "WA and WA, whatever the token");
	b.verdict = BL_STRESS_PE;
	ok(!bl_stress_same_failure(&a, &b), "WA and PE");
	a.verdict = BL_STRESS_TLE;
	b.verdict = BL_STRESS_IDLE;
	ok(bl_stress_same_failure(&a, &b) && bl_stress_same_failure(&b, &a),
	   "TLE and IDLE: not done in time, either way");
	b.verdict = BL_STRESS_RE;
	ok(!bl_stress_same_failure(&a, &b), "TLE and RE");
}

static void test_block(void)
{
	struct bl_buf b, text;

	bl_buf_init(&b);
	bl_buf_init(&text);
	bl_stress_block(&b, NULL, 0, 0);
	is_str(b.data, "  (nothing)\n", "nothing");
	bl_buf_reset(&b);
	bl_stress_block(&b, "1\n2", 3, 0);
	is_str(b.data, "  1\n  2\n  (no final newline)\n", "no final newline, said");
	bl_buf_reset(&b);
	bl_stress_block(&b, NULL, 0, 7);
	is_str(b.data, "  ... (7 more bytes)\n", "nothing kept of 7 bytes");
	for (int i = 0; i < 45; i++)
		bl_buf_puts(&text, "ab\n");
	bl_buf_reset(&b);
	bl_stress_block(&b, text.data, text.len, 100);
	ok(strncmp(b.data, "  ab\n  ab\n", 10) == 0 && b.len == 40 * 5 + 23 &&
	   strcmp(b.data + 200, "  ... (115 more bytes)\n") == 0,
	   "40 lines, then the 15 bytes left and the 100 not kept");
	bl_buf_reset(&text);
	for (int i = 0; i < 4100; i++)
		bl_buf_putc(&text, 'x');
	bl_buf_reset(&b);
	bl_stress_block(&b, text.data, text.len, 0);
	ok(b.len == 2 + 4000 + 1 + strlen("  ... (100 more bytes)\n") &&
	   strcmp(b.data + 4003, "  ... (100 more bytes)\n") == 0, "a long line cut at 4000 bytes");
	bl_buf_release(&b);
	bl_buf_release(&text);
}

static void test_trace(void)
{
	struct bl_buf b, text, want;

	bl_buf_init(&b);
	bl_buf_init(&text);
	bl_buf_init(&want);
	for (int i = 1; i <= 120; i++)
		bl_buf_printf(&text, "%d\n", i);
	bl_stress_trace(&b, text.data, text.len);
	is_str(b.data, text.data, "120 lines: all of them");
	bl_buf_reset(&b);
	for (int i = 121; i <= 130; i++)
		bl_buf_printf(&text, "%d\n", i);
	bl_stress_trace(&b, text.data, text.len);
	for (int i = 1; i <= 100; i++)
		bl_buf_printf(&want, "%d\n", i);
	bl_buf_puts(&want, "[... 10 lines, 40 bytes left out: the command above, on the minimal "
			   "input, shows them ...]\n");
	for (int i = 111; i <= 130; i++)
		bl_buf_printf(&want, "%d\n", i);
	is_str(b.data, want.data, "130 lines: the first 100, the last 20, and what is left out");
	bl_buf_release(&b);
	bl_buf_release(&text);
	bl_buf_release(&want);
}

static void test_report(void)
{
	static char *const cmd[] = { "./sol", "a b", NULL };
	const struct bl_stress_outcome o = { BL_STRESS_WA, 0, 0, false, "token 1: expected '3', found '4'" };
	struct bl_stress_failure f = {
		"2 1\n1 1\n", 8, "3\n", "4", "oops\n", 2, 1, 5, 0, 10, true, false, cmd,
		NULL, NULL, "boardlab tower trace --rule carry",
	};
	struct bl_buf b, big;

	bl_buf_init(&b);
	bl_buf_init(&big);
	bl_stress_head(&o, 7, 3, 1, "boardlab tower gen --seed 3 --first 7 --count 1", cmd, &b);
	is_str(b.data, "WA (wrong answer) on instance 7 of seed 3, after 1 run\n"
		       "  token 1: expected '3', found '4'\n"
		       "original: boardlab tower gen --seed 3 --first 7 --count 1 | ./sol 'a b'\n",
	       "the head of a report");
	bl_buf_reset(&b);
	bl_stress_shrunk(3, 41, 1250000000, NULL, &o, &b);
	bl_stress_unconfirmed(&(struct bl_stress_outcome){ .verdict = BL_STRESS_OK }, &b);
	bl_stress_shown_instead(2, &o, &b);
	bl_stress_shown_instead(0, NULL, &b);
	is_str(b.data, "shrunk in 3 steps (41 reductions run, 1.2 s)\n"
		       "  still WA: token 1: expected '3', found '4'\n"
		       "but run again alone, the minimal input did not fail the same way:\n"
		       "  run again: OK (accepted)\n"
		       "  shown instead: the input after step 2, which did: WA (wrong answer): "
		       "token 1: expected '3', found '4'\n"
		       "  shown instead: the original input, which did, twice\n",
	       "shrunk, not confirmed, and what is shown instead");
	bl_buf_reset(&b);
	bl_stress_shrunk(0, 1, 0, "stopped by the budget, --shrink-ms", &o, &b);
	bl_stress_flaky(&(struct bl_stress_outcome){ .verdict = BL_STRESS_TLE, .why = "slow" }, &b);
	is_str(b.data, "shrunk in 0 steps (1 reduction run, 0.0 s; stopped by the budget, "
		       "--shrink-ms)\n"
		       "flaky: run again alone, it did not fail the same way, so it is not shrunk\n"
		       "  run again: TLE (time limit exceeded): slow\n",
	       "no step, stopped; a flaky failure");
	bl_buf_reset(&b);
	bl_stress_passed(100, 1, 100, 2, 17, &b);
	is_str(b.data, "OK: 100 runs passed (seed 1, instances 1 to 100)\n"
		       "note: 2 of them differ from the expected output in whitespace only (first: "
		       "instance 17)\n", "every run passed, two in other whitespace");
	bl_buf_reset(&b);
	bl_stress_failure_text(&f, &b);
	is_str(b.data, "minimal input:\n  2 1\n  1 1\nexpected output:\n  3\nfound output:\n"
		       "  4\n  (no final newline)\nits standard error:\n  oops\n"
		       "  ... (10 more bytes)\nreproduce: printf '2 1\\n1 1\\n' | ./sol 'a b'\n"
		       "reference trace of the minimal input (boardlab tower trace --rule carry):\n",
	       "a minimal input: a printf line reproduces it");
	f.saved = "my dir";
	f.minimal = false;
	f.err_len = 0;
	bl_buf_reset(&b);
	bl_stress_failure_text(&f, &b);
	ok(strstr(b.data, "\nreproduce: ./sol 'a b' < 'my dir/minimal.in'\n"
			  "saved: original.in, minimal.in, expected.out, found.out in my dir\n"
			  "reference trace of the input (") != NULL &&
	   strstr(b.data, "standard error") == NULL, "saved: CMD on the saved file");
	f.original = true;
	bl_buf_reset(&b);
	bl_stress_failure_text(&f, &b);
	ok(strncmp(b.data, "original input (not shrunk):\n", 29) == 0 &&
	   strstr(b.data, "\nreference trace of the original input (") != NULL,
	   "no reduction taken: the original input, not shrunk");
	for (int i = 0; i < 2100; i++)
		bl_buf_puts(&big, "1\n");
	f = (struct bl_stress_failure){ big.data, big.len, .command = cmd, .minimal = true,
					.gen = "boardlab tower gen --first 2", .trace = "t" };
	bl_buf_reset(&b);
	bl_stress_failure_text(&f, &b);
	ok(strstr(b.data, "\nreproduce: boardlab tower gen --first 2 | ./sol 'a b'\n") != NULL,
	   "a long original input: its gen command");
	f.gen = NULL;
	bl_buf_reset(&b);
	bl_stress_failure_text(&f, &b);
	ok(strstr(b.data, "\nreproduce: the minimal input is 4200 bytes, too long for one line: "
			  "with --save DIR, ./sol 'a b' < DIR/minimal.in\n") != NULL,
	   "a long minimal input: how to, with --save");
	bl_buf_release(&b);
	bl_buf_release(&big);
}

static void test_found_answer(void)
{
	struct bl_stress_outcome wa = { .verdict = BL_STRESS_WA }, pe = { .verdict = BL_STRESS_PE };
	char buf[32];
	const char *a = bl_stress_found_answer(&wa, " \n171 3\n", 8, buf);

	is_str(a, "171", "found answer: the first token of a wrong answer");
	ok(bl_stress_found_answer(&pe, "171\n", 4, buf) == NULL, "found answer: none for a PE");
	ok(bl_stress_found_answer(&wa, "  \n", 3, buf) == NULL, "found answer: none of no token");
	ok(bl_stress_found_answer(&wa, "12345678901234567890123456789012", 32, buf) == NULL,
	   "found answer: none over 31 bytes");
}

/* --keep-going's tally, the progress lines, and the JSON document. */
static void test_tally_json(void)
{
	static char *const cmd[] = { "./sol", NULL };
	struct bl_stress_tally t;
	struct bl_stress_outcome ok_o = { .verdict = BL_STRESS_OK };
	struct bl_stress_outcome wa = { BL_STRESS_WA, 0, 0, false, "token 1: expected '3', found '4'" };
	struct bl_stress_outcome tle = { BL_STRESS_TLE, 0, 0, false, "slow" };
	struct bl_buf b;

	memset(&t, 0, sizeof t);
	bl_buf_init(&b);
	bl_stress_tally_add(&t, 1, &ok_o);
	bl_stress_tally_add(&t, 9, &tle);
	bl_stress_tally_add(&t, 4, &wa);
	for (int i = 10; i < 40; i++)
		bl_stress_tally_add(&t, i, &wa);
	bl_stress_tally_text(&t, 7, &b);
	ok(strncmp(b.data, "32 of 33 runs failed (seed 7): WA 31, TLE 1\n"
			   "  instance 4: WA (wrong answer): token 1: expected '3', found '4'\n"
			   "  instance 9: TLE (time limit exceeded): slow\n"
			   "  instance 10: WA", 164) == 0 &&
	   strstr(b.data, "  instance 27: WA (wrong answer): token 1: expected '3', found '4'\n"
			  "  ... and 12 more\n") != NULL,
	   "tally: counts by verdict, the first 20 failures in order of instance, how many more");
	bl_buf_reset(&b);
	bl_stress_progress_shrink("tower", 3, 40, 2000000000, 12000, &b);
	is_str(b.data, "stress tower: shrinking, 3 steps, 40 reductions run, 20.0/s, 2 of 12 s",
	       "progress while shrinking");
	bl_buf_reset(&b);
	memset(&t, 0, sizeof t);
	bl_stress_tally_add(&t, 1, &ok_o);
	const struct bl_stress_json j = { "tower", NULL, 3, 1, cmd, &t, 1, 1, .first = NULL };
	bl_stress_json(&j, &b);
	is_str(b.data, "{\n  \"game\": \"tower\", \"problem\": null, \"seed\": 3, \"instances\": 1,\n"
		       "  \"command\": [\"./sol\"],\n"
		       "  \"verdict\": \"OK\", \"runs\": 1, \"failed\": 0, \"counts\": {\"OK\": 1},\n"
		       "  \"whitespace_only\": 1, \"whitespace_first\": 1,\n"
		       "  \"failures\": [],\n  \"failure\": null,\n  \"diagnosis\": null\n}\n",
	       "json: every run passed");
	bl_buf_release(&b);
}

static void test_budget(void)
{
	is_int(bl_stress_shrink_budget_ms(1000), 400000, "a run of 1 s: a budget of 400 runs");
	is_int(bl_stress_shrink_budget_ms(3), 10000, "a fast run: 10 s at least");
	is_int(bl_stress_shrink_budget_ms(0), 10000, "a run of no time: 10 s");
	is_int(bl_stress_shrink_budget_ms(5000), 600000, "a run of 5 s: 10 minutes at most");
	is_int(bl_stress_shrink_budget_ms(INT64_MAX), 600000, "no overflow");
}

int main(void)
{
	test_budget();
	test_found_answer();
	test_tally_json();
	test_outcomes();
	test_same_failure();
	test_block();
	test_trace();
	test_report();
	return tap_done();
}
