/*
 * Unit tests of the puyo views (lib/puyo_text.c, lib/puyo_json.c,
 * lib/puyo_svg.c) through the library alone: the hue of each kind of puyo,
 * coloured text that is the plain text with spans, the step's line, the
 * answer lines, and views that write nothing for a field the rules refuse.
 * The views' whole outputs are the CLI's goldens (tests/golden/puyo).
 */
#include <stdio.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

static const char sample[] =
	"......\n......\n......\n......\n......\n......\n"
	"......\n......\n.Y....\n.YG...\nRRYG..\nRRYGG.\n";

static void read_field(const char *text, enum puyo_ruleset set, struct puyo_rules *rules,
		       struct puyo_field *f)
{
	struct puyo_limits lim;
	struct bl_reader rd;

	puyo_rules_init(rules, set);
	puyo_limits_any(&lim);
	bl_reader_init(&rd, text, strlen(text));
	if (puyo_parse(f, &rd, rules, 0, &lim, NULL) != BL_OK)
		tap_diag("cannot parse the test's field");
}

/* A style whose spans name their hue: "<0>R</>" for a red R. */
static const struct bl_style tags = {
	{ "<0>", "<1>", "<2>", "<3>", "<4>", "<5>", "<6>" },
	"</>",
};

/* s without the spans of tags. */
static void strip_tags(const char *s, char *dst)
{
	while (*s) {
		if (s[0] == '<' && s[1] >= '0' && s[1] <= '6' && s[2] == '>')
			s += 3;
		else if (strncmp(s, "</>", 3) == 0)
			s += 3;
		else
			*dst++ = *s++;
	}
	*dst = '\0';
}

static void test_colours(void)
{
	struct puyo_rules rules;
	struct puyo_field f;
	struct bl_buf plain, tagged, ansi;
	static char stripped[1 << 16];

	read_field("......\n......\n......\n......\n......\n......\n......\n......\n......\n"
		   "......\n......\nRGBPYO\n", PUYO_RULES_TSU, &rules, &f);
	bl_buf_init(&tagged);
	puyo_field_text(&f, &rules, 0, 12, &tags, &tagged);
	is_str(tagged.data, "13 <0>R</><1>G</><2>B</><4>P</><3>Y</><6>O</>\n",
	       "R red, G green, B blue, P purple, Y yellow, O white");
	bl_buf_release(&tagged);

	read_field(sample, PUYO_RULES_TSU, &rules, &f);
	bl_buf_init(&plain);
	bl_buf_init(&tagged);
	bl_buf_init(&ansi);
	ok(puyo_trace_text(&f, &rules, NULL, &plain, NULL) == BL_OK &&
	   puyo_trace_text(&f, &rules, &tags, &tagged, NULL) == BL_OK &&
	   puyo_trace_text(&f, &rules, bl_style_ansi(), &ansi, NULL) == BL_OK, "three traces");
	strip_tags(tagged.data, stripped);
	is_str(stripped, plain.data, "the coloured trace is the plain trace with spans");
	ok(tagged.len > plain.len, "and it has spans");
	ok(strstr(ansi.data, "\033[1;31mR\033[0m") != NULL, "bl_style_ansi: a bold red R, reset");
	bl_buf_release(&plain);
	bl_buf_release(&tagged);
	bl_buf_release(&ansi);
}

static bool first_step(void *vctx, const struct puyo_step *step)
{
	struct bl_buf *out = vctx;
	puyo_step_text(step, NULL, out);
	return false;
}

static void test_lines(void)
{
	struct puyo_rules rules, boj;
	struct puyo_field f;
	struct puyo_result res;
	struct bl_buf b;

	read_field(sample, PUYO_RULES_TSU, &rules, &f);
	bl_buf_init(&b);
	puyo_play(&f, &rules, first_step, &b, &res, NULL);
	is_str(b.data, "chain 1: 4 puyos in 1 group of 1 colour", "the step's line");
	ok(res.chains == 1, "the callback stopped the chain after one step");

	bl_buf_reset(&b);
	puyo_solve(&f, &rules, &res, NULL);
	puyo_result_text(&rules, &res, &b);
	is_str(b.data, "3 chains, 1000 points, 14 ojama sent, all clear\n", "Tsu's answer line");
	bl_buf_reset(&b);
	read_field(sample, PUYO_RULES_BOJ, &boj, &f);
	puyo_solve(&f, &boj, &res, NULL);
	puyo_result_text(&boj, &res, &b);
	is_str(b.data, "3\n", "BOJ's answer: the chain count");

	bl_buf_reset(&b);
	puyo_field_line(&f, &b);
	is_str(b.data, "(rows 9-12) .Y..../.YG.../RRYG../RRYGG.\n", "the field on one line");
	bl_buf_reset(&b);
	puyo_field_line(&res.final, &b);
	is_str(b.data, "empty\n", "an empty field on one line");

	bl_buf_reset(&b);
	puyo_result_json(&boj, &res, &b);
	is_str(b.data, "{\"rules\":\"boj\",\"rows\":12,\"visible\":12,\"pop\":4,\"chains\":3,"
		       "\"popped\":12,\"score\":1000,\"ojama_sent\":14,\"ojama_cleared\":0,"
		       "\"all_clear\":true}", "solve's JSON");
	bl_buf_release(&b);
}

static void test_refused(void)
{
	struct puyo_rules rules;
	struct puyo_field f;
	struct bl_buf b;
	struct bl_err err;

	read_field(sample, PUYO_RULES_BOJ, &rules, &f);
	f.cell[6][3] = PUYO_RED;   /* floats */
	bl_buf_init(&b);
	bl_err_clear(&err);
	is_int(puyo_trace_text(&f, &rules, NULL, &b, &err), BL_ERR_ARG, "trace: floating, refused");
	is_int(puyo_trace_json(&f, &rules, &b, &err), BL_ERR_ARG, "JSON trace: refused");
	is_int(puyo_trace_html(&f, &rules, &b, &err), BL_ERR_ARG, "replay: refused");
	is_int(puyo_explain(&f, &rules, &b, &err), BL_ERR_ARG, "explanation: refused");
	is_int((long long)b.len, 0, "having written nothing");
	is_str(err.msg, "the field is not settled: the puyo at row 6, column 4 floats", "why");
	bl_buf_release(&b);
}

/*
 * The replay says what the text trace says: under BOJ's rules, which have
 * neither ojama nor score, no frame or answer names them, and the answer
 * is the trace's total; under Tsu's, the field after gravity names the
 * ojama sent.
 */
static void test_replay_rules(void)
{
	struct puyo_rules rules;
	struct puyo_field f;
	struct bl_buf page, text;
	const char *total;

	read_field(sample, PUYO_RULES_BOJ, &rules, &f);
	bl_buf_init(&page);
	bl_buf_init(&text);
	ok(puyo_trace_html(&f, &rules, &page, NULL) == BL_OK &&
	   puyo_trace_text(&f, &rules, NULL, &text, NULL) == BL_OK, "BOJ: the replay and the trace");
	ok(page.data && !strstr(page.data, "ojama") && !strstr(page.data, "points"),
	   "BOJ: the replay names no ojama and no points");
	ok(page.data && strstr(page.data, "data-desc=\"chain 3: after gravity\"") != NULL,
	   "BOJ: the field after chain 3's gravity, described");
	total = text.data ? strstr(text.data, "total: ") : NULL;
	is_str(total, "total: 3 chains, 12 puyos popped, 0 left\n", "BOJ: the trace's total");
	ok(page.data && strstr(page.data, "<p id=\"answer\">3 chains, 12 puyos popped, 0 left</p>"),
	   "BOJ: the replay's answer is the trace's total");
	bl_buf_reset(&page);
	read_field(sample, PUYO_RULES_TSU, &rules, &f);
	ok(puyo_trace_html(&f, &rules, &page, NULL) == BL_OK && page.data &&
	   strstr(page.data, "data-desc=\"chain 2: after gravity, 5 ojama sent\"") &&
	   strstr(page.data, "<p id=\"answer\">3 chains, 1000 points, 14 ojama sent, all clear</p>"),
	   "Tsu: the ojama sent after gravity, and the score in the answer");
	bl_buf_release(&page);
	bl_buf_release(&text);
}

/* The game's part of `boardlab demo`: the field, its chains, explained. */
static void test_demo(void)
{
	static const char ex[] = "......\n......\n......\n......\n......\n......\n"
				 "......\n......\n......\n......\n......\nRRRR..\n";
	struct bl_buf b;
	struct bl_err err;

	bl_buf_init(&b);
	bl_err_clear(&err);
	ok(puyo_demo(ex, sizeof ex - 1, &b, &err) == BL_OK && b.data &&
	   strstr(b.data, "not shown):\n\n  12 RRRR..\n\n$ boardlab puyo solve --explain "
			  "examples/puyo.txt\n1\nchain 1: 4 puyos in 1 group\n") != NULL,
	   "demo: the field and its one chain, explained");
	bl_buf_reset(&b);
	bl_err_clear(&err);
	ok(puyo_demo("......\n", 7, &b, &err) == BL_ERR_INPUT && b.len == 0,
	   "demo: a bad example is an input error, nothing written");
	bl_buf_release(&b);
}

int main(void)
{
	test_colours();
	test_lines();
	test_refused();
	test_replay_rules();
	test_demo();
	return tap_done();
}
