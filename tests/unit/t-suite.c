/*
 * The problem table (lib/problem.c) and the suites (lib/suite*.c) as a
 * whole: the six problems, their presets and limits, the judge's expected
 * output for every official sample (tests/golden/boj/PROBLEM/K.out, the
 * samples copied into the repository), the judge's comparison, and for
 * every suite: ids 1..n, unique kebab-case names, the kinds in order, the
 * samples byte for byte, the same bytes on every build and a fingerprint
 * pinned here, so that any change to a suite is deliberate.  What each
 * edge test claims is checked by t-suite-GAME.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* ---- the table ---- */

static void test_table(void)
{
	static const char *const ids[] = { "17780", "17837", "17825", "16880", "16879", "11559" };
	static const char *const presets[] = {
		"tower solve --rule bottom --boj", "tower solve --rule carry --boj",
		"yut solve --boj", "grundy solve --boj", "grundy solve --only P --boj",
		"puyo solve --rules boj --boj",
	};
	struct bl_err err;

	is_int(bl_problem_count(), 6, "six problems");
	ok(bl_problem_at(6) == NULL, "none past the last");
	bl_err_clear(&err);
	ok(bl_problem_lookup("17837", &err) == bl_problem_find("17837") && err.code == BL_OK,
	   "lookup: a problem by its id");
	ok(bl_problem_lookup("17873", &err) == NULL && err.code == BL_ERR_ARG,
	   "lookup: an unknown id is an argument error");
	is_str(err.msg, "unknown problem '17873': expected 17780, 17837, 17825, 16880, 16879 or "
			"11559 (did you mean '17837'?)", "which names every problem and the nearest");
	bl_err_clear(&err);
	bl_problem_lookup("1000", &err);
	is_str(err.msg, "unknown problem '1000': expected 17780, 17837, 17825, 16880, 16879 or 11559",
	       "and no nearest when none is near");
	ok(bl_problem_find("12345") == NULL && bl_problem_find(NULL) == NULL,
	   "an unknown id is none");
	for (size_t i = 0; i < 6; i++) {
		const struct bl_problem *p = bl_problem_at(i);
		char preset[128];
		int n = snprintf(preset, sizeof preset, "%s %s", p->game, p->verb);
		for (int k = 0; p->argv[k]; k++)
			n += snprintf(preset + n, sizeof preset - (size_t)n, " %s", p->argv[k]);
		is_str(p->id, ids[i], "problem %zu is %s", i, ids[i]);
		ok(bl_problem_find(ids[i]) == p, "%s is found by its id", ids[i]);
		is_str(preset, presets[i], "%s is `boardlab %s`", ids[i], presets[i]);
		ok(p->time_ms >= 500 && p->time_ms <= 2000 && p->memory_bytes >= (256u << 20),
		   "%s has a time and a memory limit", ids[i]);
		ok(p->limits_source && strlen(p->limits_source) > 10, "%s says where they come from",
		   ids[i]);
		is_int(p->token, strcmp(p->game, "grundy") == 0 ? BL_TOKEN_WINNER : BL_TOKEN_INTEGER,
		       "%s's answer is %s", ids[i], bl_token_kind_name(p->token));
	}
	is_int(bl_problem_find("17780")->time_ms, 500, "17780: 0.5 s, as its write-up says");
	is_int((long long)bl_problem_find("17780")->memory_bytes, 512ll << 20, "17780: 512 MB");
}

/* ---- the judge's answers ---- */

static bool read_file(const char *path, struct bl_buf *b)
{
	FILE *f = fopen(path, "rb");
	char chunk[4096];
	size_t n;

	bl_buf_reset(b);
	if (!f)
		return false;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		bl_buf_add(b, chunk, n);
	fclose(f);
	bl_buf_putc(b, '\0');
	b->len--;
	return true;
}

/* Every official sample's expected output, and the suite's sample tests, match the files. */
static void test_samples(const struct bl_problem *p, const struct bl_suite *s)
{
	struct bl_buf in, out, got;
	char path[128];
	size_t k = 0;

	bl_buf_init(&in);
	bl_buf_init(&out);
	bl_buf_init(&got);
	for (;; k++) {
		snprintf(path, sizeof path, "tests/golden/boj/%s/%zu.in", p->id, k + 1);
		if (!read_file(path, &in))
			break;
		snprintf(path, sizeof path, "tests/golden/boj/%s/%zu.out", p->id, k + 1);
		read_file(path, &out);
		bl_buf_reset(&got);
		is_int(bl_problem_answer(p, in.data, in.len, &got, NULL), BL_OK, "%s sample %zu",
		       p->id, k + 1);
		is_str(got.data ? got.data : "", out.data, "%s sample %zu's answer is the judge's",
		       p->id, k + 1);
		ok(k < s->n && s->tests[k].kind == BL_TEST_SAMPLE &&
		   strcmp(s->tests[k].input, in.data) == 0 &&
		   strcmp(s->tests[k].expected, out.data) == 0,
		   "%s's test %zu is sample %zu, input and output", p->id, k + 1, k + 1);
	}
	is_int(bl_suite_count(s, BL_TEST_SAMPLE), k, "%s: %zu samples, as in tests/golden/boj",
	       p->id, k);
	bl_buf_release(&in);
	bl_buf_release(&out);
	bl_buf_release(&got);
}

static void test_answer_errors(void)
{
	const struct bl_problem *p = bl_problem_find("17825");
	struct bl_buf out;
	struct bl_err err;

	bl_buf_init(&out);
	bl_buf_puts(&out, "kept\n");
	bl_err_clear(&err);
	is_int(bl_problem_answer(p, "1 2 3\n", 6, &out, &err), BL_ERR_INPUT, "too few dice");
	is_str(err.msg, "expected 10 dice, found end of input after 3", "with the parser's message");
	is_str(out.data, "kept\n", "and nothing appended");
	bl_err_clear(&err);
	is_int(bl_problem_answer(p, "1 2 3 4 5 1 2 3 4 5 6\n", 22, &out, &err), BL_ERR_INPUT,
	       "an extra token");
	is_str(err.msg, "expected end of input, found '6'", "is refused as the judge's input is");
	bl_err_clear(&err);
	is_int(bl_problem_answer(p, "\xef\xbb\xbf" "1 1 1 1 1 1 1 1 1 1\n", 23, &out, &err),
	       BL_ERR_INPUT, "a byte order mark");
	is_int(bl_problem_answer(NULL, "", 0, &out, NULL), BL_ERR_ARG, "no problem");
	is_str(out.data, "kept\n", "nothing appended on any failure");
	is_int(bl_problem_answer(bl_problem_find("16879"), "1\r\n3 2", 6, &out, NULL), BL_OK,
	       "\\r\\n and no final newline are whitespace");
	is_str(out.data, "kept\nkoosaga\n", "the answer appended");
	bl_buf_release(&out);
}

/* ---- the comparison ---- */

static enum bl_verdict cmp(const char *id, const char *want, const char *found,
			   struct bl_comparison *c)
{
	return bl_compare(id ? bl_problem_find(id) : NULL, want, strlen(want), found,
			  strlen(found), c);
}

static void test_compare(void)
{
	struct bl_comparison c;

	is_int(cmp("17837", "7\n", "7\n", &c), BL_VERDICT_AC, "the same bytes: AC");
	ok(!c.whitespace_only && c.why[0] == '\0', "and nothing to say");
	is_int(cmp("17837", "7\n", "7", &c), BL_VERDICT_AC, "no final newline: AC");
	ok(c.whitespace_only, "whitespace only differs");
	is_str(c.why, "only whitespace differs", "and says so");
	is_int(cmp("17837", "7\n", "  7   \n\n\n", NULL), BL_VERDICT_AC, "spaces and blank lines");
	is_int(cmp("17837", "7\n", "7\r\n", NULL), BL_VERDICT_AC, "\\r\\n");
	is_int(cmp("17837", "7\n", "\t7\v\f", NULL), BL_VERDICT_AC, "tabs, \\v, \\f");
	is_int(cmp("17837", "-1\n", "-1\n", NULL), BL_VERDICT_AC, "a negative answer");
	is_int(cmp("17837", "7\n", "", &c), BL_VERDICT_PE, "no output: PE");
	is_str(c.why, "no output; expected 1 token", "no output, said");
	is_int(c.token, 0, "at no token");
	is_int(cmp("17837", "7\n", " \n\n", &c), BL_VERDICT_PE, "only whitespace: PE");
	is_int(cmp("17837", "7\n", "seven\n", &c), BL_VERDICT_PE, "a word for an integer: PE");
	is_str(c.why, "token 1: expected an integer, '7', found 'seven'", "the word, said");
	is_int(c.token, 1, "at token 1");
	is_int(cmp("17837", "7\n", "7.0\n", NULL), BL_VERDICT_PE, "7.0 is no integer: PE");
	is_int(cmp("17837", "7\n", "7 x\n", &c), BL_VERDICT_PE, "a word after the answer: PE");
	is_int(c.token, 2, "at token 2");
	is_int(cmp("17837", "7\n", "8\n", &c), BL_VERDICT_WA, "another integer: WA");
	is_str(c.why, "token 1: expected '7', found '8'", "both, said");
	is_int(cmp("17837", "7\n", "007\n", NULL), BL_VERDICT_WA, "007 is not 7: WA");
	is_int(cmp("17837", "7\n", "7 7\n", &c), BL_VERDICT_WA, "an extra token: WA");
	is_str(c.why, "token 2: expected end of output, found '7'", "the extra token, said");
	is_int(c.found_tokens, 2, "two tokens found");
	is_int(cmp("17837", "7\n", "7\n\0", NULL), BL_VERDICT_AC, "strlen stops at a NUL");
	is_int(bl_compare(bl_problem_find("17837"), "7\n", 2, "7\n\0", 3, &c), BL_VERDICT_PE,
	       "a NUL byte is a token, not whitespace: PE");
	is_str(c.why, "token 2: expected an integer, found '\\0'", "shown escaped");
	is_int(cmp("16880", "koosaga\n", "koosaga", NULL), BL_VERDICT_AC, "the winner's word");
	is_int(cmp("16880", "koosaga\n", "cubelover\n", &c), BL_VERDICT_WA, "the other word: WA");
	is_int(cmp("16880", "koosaga\n", "Koosaga\n", &c), BL_VERDICT_PE,
	       "another spelling is no winner's word: PE");
	is_str(c.why, "token 1: expected 'koosaga' or 'cubelover', 'koosaga', found 'Koosaga'",
	       "said");
	is_int(cmp("16880", "cubelover\n", "1\n", NULL), BL_VERDICT_PE, "a number for a word: PE");
	is_int(cmp(NULL, "7\n", "seven\n", NULL), BL_VERDICT_WA, "no problem: any token, WA");
	is_int(cmp("17837", "7\n", "\xef\xbb\xbf" "7\n", NULL), BL_VERDICT_PE,
	       "a byte order mark is part of the token: PE");
	is_str(bl_verdict_name(BL_VERDICT_PE), "PE", "names");
	is_str(bl_verdict_long(BL_VERDICT_WA), "wrong answer", "long names");
}

/* ---- the suites ---- */

/*
 * Each suite's fingerprint (bl_suite_hash).  A change to a suite changes
 * it: update the figure here when the change is meant, and say so in the
 * commit.
 */
static const struct {
	const char *id;
	uint64_t hash;
	size_t tests;
} pinned[] = {
	{ "17780", UINT64_C(0x2f611f839b3a604d), 69 },
	{ "17837", UINT64_C(0x9076f5677d421cd9), 71 },
	{ "17825", UINT64_C(0xa47344f811f94eb5), 60 },
	{ "16880", UINT64_C(0xb004f5193c770034), 76 },
	{ "16879", UINT64_C(0x9908ab24e592d818), 50 },
	{ "11559", UINT64_C(0xa56557f0ad3e4c4d), 72 },
};

static bool kebab(const char *s)
{
	if (!*s || *s == '-' || s[strlen(s) - 1] == '-' || strstr(s, "--"))
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return false;
	return true;
}

static void test_shape(const struct bl_suite *s)
{
	const char *id = s->problem->id;
	int bad_id = 0, bad_name = 0, bad_order = 0, bad_text = 0, bad_answer = 0;
	struct bl_buf want;

	bl_buf_init(&want);
	for (size_t i = 0; i < s->n; i++) {
		const struct bl_test *t = &s->tests[i];
		bad_id += t->id != (int)i + 1;
		bad_name += !kebab(t->name) || bl_suite_find(s, t->name) != t;
		bad_order += i > 0 && t->kind < s->tests[i - 1].kind;
		bad_text += !t->desc[0] || strchr(t->desc, '\n') || t->input_len == 0 ||
			    t->input[t->input_len - 1] != '\n' || strlen(t->input) != t->input_len;
		bl_buf_reset(&want);
		bad_answer += bl_problem_answer(s->problem, t->input, t->input_len, &want, NULL) !=
				      BL_OK || strcmp(want.data, t->expected) != 0 ||
			      t->expected_len != want.len;
	}
	is_int(bad_id, 0, "%s: ids are 1..%zu", id, s->n);
	is_int(bad_name, 0, "%s: names are kebab-case and unique", id);
	is_int(bad_order, 0, "%s: samples, then edge, max and random tests", id);
	is_int(bad_text, 0, "%s: one-line descriptions, inputs ending in a newline", id);
	is_int(bad_answer, 0, "%s: every expected output is the problem's answer", id);
	ok(s->n >= 40 && s->n <= 80, "%s: %zu tests (%zu sample, %zu edge, %zu max, %zu random)",
	   id, s->n, bl_suite_count(s, BL_TEST_SAMPLE), bl_suite_count(s, BL_TEST_EDGE),
	   bl_suite_count(s, BL_TEST_MAX), bl_suite_count(s, BL_TEST_RANDOM));
	ok(bl_suite_count(s, BL_TEST_EDGE) >= 7 && bl_suite_count(s, BL_TEST_MAX) >= 1 &&
	   bl_suite_count(s, BL_TEST_RANDOM) >= 30, "%s: edge, max and random tests", id);
	bl_buf_release(&want);
}

/* Two builds give the same bytes, and the fingerprint pinned above. */
static void test_same_bytes(const struct bl_suite *s, size_t which)
{
	struct bl_suite again;
	int differ = 0;

	if (!is_int(bl_suite_build(s->problem, &again, NULL), BL_OK, "%s builds again",
		    s->problem->id))
		return;
	differ += again.n != s->n;
	for (size_t i = 0; i < s->n && i < again.n; i++)
		differ += strcmp(s->tests[i].name, again.tests[i].name) != 0 ||
			  s->tests[i].input_len != again.tests[i].input_len ||
			  memcmp(s->tests[i].input, again.tests[i].input, s->tests[i].input_len) ||
			  strcmp(s->tests[i].expected, again.tests[i].expected) != 0;
	is_int(differ, 0, "%s: the same bytes twice", s->problem->id);
	ok(bl_suite_hash(s) == bl_suite_hash(&again), "%s: the same fingerprint", s->problem->id);
	bl_suite_release(&again);
	if (!ok(bl_suite_hash(s) == pinned[which].hash && s->n == pinned[which].tests,
		"%s: the fingerprint pinned in this test", s->problem->id))
		tap_diag("%s: hash 0x%016llx, %zu tests", s->problem->id,
			 (unsigned long long)bl_suite_hash(s), s->n);
}

static void test_suites(void)
{
	struct bl_suite s;

	bl_suite_init(&s);
	bl_suite_release(&s);
	bl_suite_release(NULL);
	is_int(bl_suite_build(NULL, &s, NULL), BL_ERR_ARG, "no problem, no suite");
	is_int(s.n, 0, "and it is empty");
	for (size_t i = 0; i < bl_problem_count(); i++) {
		const struct bl_problem *p = bl_problem_at(i);
		struct bl_err err;
		bl_err_clear(&err);
		if (!is_int(bl_suite_build(p, &s, &err), BL_OK, "%s: the suite builds", p->id)) {
			tap_diag("%s", err.msg);
			continue;
		}
		ok(s.problem == p, "%s: the suite is the problem's", p->id);
		test_samples(p, &s);
		test_shape(&s);
		test_same_bytes(&s, i);
		ok(bl_suite_find(&s, "no-such-test") == NULL, "%s: an unknown name is none", p->id);
		bl_suite_release(&s);
		is_int(s.n, 0, "%s: released, empty", p->id);
	}
	is_str(bl_test_kind_name(BL_TEST_MAX), "max", "kind names");
}

int main(void)
{
	test_table();
	test_answer_errors();
	test_compare();
	test_suites();
	return tap_done();
}
