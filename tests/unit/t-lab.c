/*
 * t-lab: the lab's C side (lab/lab.h), built natively: the options in the
 * tool's words, every problem's answers equal to bl_problem_answer on the
 * generators' instances, diagnostics at their line and column, the replay's
 * frames cut from the page, and one move of each play mode.  The browser
 * test (tests/cli/t-lab.sh) runs the same code as WebAssembly.
 */
#include <stdio.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "lab.h"
#include "lab_impl.h"
#include "tap.h"

static void set(const char *opts, const char *in)
{
	memcpy(lab_options(strlen(opts)), opts, strlen(opts));
	memcpy(lab_input(strlen(in)), in, strlen(in));
}

static void test_buffers(void)
{
	char *p;

	set("p=17837", "4 4\n0 0 0 x\n");
	lab_trim(0, 3);
	is_int(lab_solve(0), BL_ERR_INPUT, "the input trimmed to '4 4'");
	is_str(lab_error_msg(), "expected a colour 0, 1 or 2, found end of input", "ends there");
	memcpy(lab_input(6), "abcdef", 6);
	p = lab_splice(2, 2, 3);
	ok(p != NULL, "a splice inside the input");
	memcpy(p, "XYZ", 3);
	size_t len;
	is_str(lab_text(&len), "abXYZef", "cd gave way to XYZ");
	set("p=17837", "4 4\n0 0 0 x\n");
	p = lab_splice(10, 1, 1);   /* the 'x' */
	*p = '1';
	ok(lab_solve(0) == BL_ERR_INPUT && strstr(lab_error_msg(), "found end of input"),
	   "the 'x' spliced to '1': the input now ends too soon");
	ok(lab_splice(12, 1, 0) == NULL && lab_splice(3, 10, 0) == NULL, "a splice outside the input is refused");
}

static void test_options(void)
{
	set("g=chess", "");
	is_int(lab_solve(0), BL_ERR_ARG, "an unknown game is refused");
	is_str(lab_error_msg(), "invalid value 'chess' for --g: expected tower, yut, grundy or puyo",
	       "in the tool's words");
	set("p=17837\nrule=bottom", "");
	is_int(lab_solve(0), BL_ERR_ARG, "a problem's rules are the judge's");
	is_str(lab_error_msg(), "problem 17837 takes no option '--rule': its rules are the judge's",
	       "and said so");
	set("g=tower\nheight=1", "");
	is_str(lab_solve(0) ? lab_error_msg() : "",
	       "invalid value '1' for --height: expected an integer from 2 to 1000000000000000000",
	       "a value out of range, as the tool says it");
	set("g=puyo\nrules=tsu\nboj", "");
	is_int(lab_solve(0), BL_ERR_ARG, "puyo: boj and tsu together are refused");
	set("g=yut\nrule=carry", "");
	is_str(lab_solve(0) ? lab_error_msg() : "", "unknown option 'rule' for yut",
	       "another game's option is unknown");
	set("p=17837\ng=tower", "");
	is_int(lab_solve(0), BL_ERR_ARG, "p and g together are refused");
	set("p=99999", "");
	is_str(lab_solve(0) ? lab_error_msg() : "", "unknown problem '99999'", "an unknown problem");
}

/* Instance i of the problem's game, drawn by the game's generator as gen --boj draws it. */
static void draw(const struct bl_problem *p, int64_t i, struct bl_buf *out)
{
	struct bl_err err;

	bl_err_clear(&err);
	if (strcmp(p->game, "tower") == 0) {
		struct tower_gen g;
		tower_gen_init(&g);
		tower_gen(&g, 7, i, out, &err);
	} else if (strcmp(p->game, "yut") == 0) {
		struct yut_gen g;
		yut_gen_init(&g);
		yut_gen(&g, 7, i, out, &err);
	} else if (strcmp(p->game, "grundy") == 0) {
		struct grundy_gen g;
		struct grundy_limits lim;
		grundy_gen_init(&g);
		grundy_limits_boj(&lim);
		g.only = strcmp(p->id, "16879") == 0 ? GRUNDY_PALACE : GRUNDY_MIXED;
		g.max = grundy_gen_max(NULL, &lim, g.only);
		grundy_gen(&g, 7, i, out, &err);
	} else {
		struct puyo_gen g;
		puyo_gen_init(&g, PUYO_RULES_BOJ);
		g.kind = i % 2 ? PUYO_GEN_CHAIN : PUYO_GEN_RANDOM;
		puyo_gen(&g, 7, i, out, &err);
	}
}

static void test_answers(void)
{
	for (size_t k = 0; k < bl_problem_count(); k++) {
		const struct bl_problem *p = bl_problem_at(k);
		struct bl_buf in, want;
		char opts[32];
		int bad = 0;

		bl_buf_init(&in);
		bl_buf_init(&want);
		snprintf(opts, sizeof opts, "p=%s", p->id);
		for (int64_t i = 1; i <= 40; i++) {
			bl_buf_reset(&in);
			bl_buf_reset(&want);
			draw(p, i, &in);
			bl_problem_answer(p, in.data, in.len, &want, NULL);
			set(opts, in.data);
			if (lab_solve(0) != 0 || strcmp(lab_output(), want.data) != 0) {
				if (!bad++)
					tap_diag("instance %lld: got '%s', want '%s'", (long long)i,
						 lab_output(), want.data);
			}
		}
		is_int(bad, 0, "%s: 40 instances, the answers of bl_problem_answer", p->id);
		bl_buf_release(&in);
		bl_buf_release(&want);
	}
}

/* What a call left: its code, then its output or its diagnostic, as one string. */
static void result_text(int code, char *out, size_t cap)
{
	if (code)
		snprintf(out, cap, "%d %d:%d %s", code, lab_error_line(), lab_error_col(),
			 lab_error_msg());
	else
		snprintf(out, cap, "0 %s", lab_output());
}

/* The del bytes of b at at give way to ins. */
static void splice(struct bl_buf *b, size_t at, size_t del, const char *ins)
{
	struct bl_buf t;

	bl_buf_init(&t);
	bl_buf_add(&t, b->data, at);
	bl_buf_puts(&t, ins);
	bl_buf_add(&t, b->data + at + del, b->len - at - del);
	bl_buf_reset(b);
	bl_buf_add(b, t.data, t.len);
	bl_buf_release(&t);
}

/*
 * An edit of one line of a grundy instance is answered from the last solve
 * (grundy_solve_line): a run of edits spliced in as the page makes them
 * (a coordinate or a letter changed, a line emptied, a line end or a piece
 * added, garbage), each answer or diagnostic that of the edited text given
 * whole, for both problems and for a game's own options.
 */
static void test_followed(void)
{
	static const char *const cases[][3] = {
		{ "p=16880", "RBKNP", "16880" }, { "p=16879", "", "16879" },
		{ "g=grundy\nboj", "RBKNP", "grundy --boj" },
	};
	static const char *const junk[] = { "7", "0", "x", " ", "\t", "99999999999", "\n", "1 2 R", "" };

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const char *opts = cases[c][0], *letters = cases[c][1];
		struct bl_buf text;
		struct bl_rng r;
		int bad = 0, n = 60;
		long followed = lab_grundy_followed();
		char got[600], want[600];

		bl_buf_init(&text);
		bl_rng_init_stream(&r, 0x1ab, c);
		bl_buf_printf(&text, "%d\n", n);
		for (int i = 0; i < n; i++) {
			bl_buf_printf(&text, "%d %d", (int)bl_rng_range(&r, 0, 300), (int)bl_rng_range(&r, 0, 300));
			if (*letters)
				bl_buf_printf(&text, " %c", letters[bl_rng_below(&r, 5)]);
			bl_buf_putc(&text, '\n');
		}
		set(opts, text.data);
		lab_solve(0);
		for (int e = 0; e < 400; e++) {
			size_t at = bl_rng_below(&r, text.len + 1), del = bl_rng_below(&r, 3);
			const char *ins = bl_rng_below(&r, 3) ? "" : junk[bl_rng_below(&r, 9)];
			char one[2] = { (char)('0' + bl_rng_below(&r, 10)), 0 };
			if (bl_rng_below(&r, 4)) {   /* mostly a digit changed, as a person edits */
				while (at < text.len && (text.data[at] < '0' || text.data[at] > '9'))
					at++;
				del = at < text.len;
				ins = one;
			}
			if (del > text.len - at)
				del = text.len - at;
			/* the page's splice, then the same text written whole to compare */
			memcpy(lab_splice(at, del, strlen(ins)), ins, strlen(ins));
			splice(&text, at, del, ins);
			result_text(lab_solve(0), got, sizeof got);
			memcpy(lab_input(text.len), text.data, text.len);
			result_text(lab_solve(0), want, sizeof want);
			if (strcmp(got, want) != 0 && !bad++)
				tap_diag("%s, edit %d: got '%s', want '%s'", opts, e, got, want);
			if (e % 50 == 49) {   /* back to a valid instance now and then */
				bl_buf_reset(&text);
				bl_buf_printf(&text, "%d\n", n);
				for (int i = 0; i < n; i++) {
					bl_buf_printf(&text, "%d %d", i, 2 * i);
					if (*letters)
						bl_buf_printf(&text, " %c", letters[i % 5]);
					bl_buf_putc(&text, '\n');
				}
				set(opts, text.data);
				lab_solve(0);
			}
		}
		is_int(bad, 0, "%s: 400 edits spliced in, each answered as the whole text", cases[c][2]);
		followed = lab_grundy_followed() - followed;
		ok(followed >= 50, "%s: %ld of them followed from the last solve", cases[c][2], followed);
		bl_buf_release(&text);
	}
}

/*
 * Edits a follower could get wrong, each spliced into a solved instance and
 * answered as the whole edited text: a line end put into a piece of 16879
 * ("12 3" is a piece by itself), one taken out, a piece's line emptied, the
 * count changed, a letter changed.
 */
static void test_followed_cases(void)
{
	static const struct {
		const char *opts, *text;
		size_t at, del;
		const char *ins;
	} cases[] = {
		{ "p=16879", "2\n12 34\n5 6\n", 6, 0, "\n" },
		{ "p=16879", "2\n12 34\n5 6\n", 7, 1, "" },
		{ "p=16879", "2\n12 34\n5 6\n", 2, 5, "" },
		{ "p=16879", "2\n12 34\n5 6\n", 0, 1, "3" },
		{ "p=16880", "2\n12 34 R\n5 6 B\n", 8, 1, "K" },
		{ "p=16880", "2\n12 34 R\n5 6 B\n", 8, 1, "Q" },
		{ "p=16880", "2\n12 34 R\n5 6 B\n", 9, 0, " 7" },
	};
	int bad = 0;

	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char got[600], want[600];
		struct bl_buf text;
		size_t n = strlen(cases[k].ins);

		set(cases[k].opts, cases[k].text);
		lab_solve(0);
		memcpy(lab_splice(cases[k].at, cases[k].del, n), cases[k].ins, n);
		result_text(lab_solve(0), got, sizeof got);
		bl_buf_init(&text);
		bl_buf_puts(&text, cases[k].text);
		splice(&text, cases[k].at, cases[k].del, cases[k].ins);
		set(cases[k].opts, text.data);
		result_text(lab_solve(0), want, sizeof want);
		if (strcmp(got, want) != 0 && !bad++)
			tap_diag("case %zu: got '%s', want '%s'", k, got, want);
		bl_buf_release(&text);
	}
	is_int(bad, 0, "grundy: edits that split, join, empty or break a line, answered as the whole text");
}

static void test_diagnostics(void)
{
	set("p=17837", "4 4\n0 0 0 x\n");
	ok(lab_solve(0) == BL_ERR_INPUT && lab_error_line() == 2 && lab_error_col() == 7 &&
		   lab_output_len() == 0,
	   "a bad colour: an input error at 2:7, no answer");
	is_str(lab_error_msg(), "expected a colour 0, 1 or 2, found 'x'", "in the tool's words");
	set("g=yut", "1 2 3\n4\n");
	is_str(lab_solve(0) ? lab_error_msg() : "",
	       "expected end of input, found '4' (one instance per line needs --batch)",
	       "yut's line format: the tool's hint after a second line");
	set("p=17837", "\xef\xbb\xbf" "4 4\n");
	is_str(lab_solve(0) ? lab_error_msg() : "", "unexpected byte order mark", "a byte order mark");
}

static const char tower_in[] = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"
			       "1 1 1\n1 2 1\n1 3 1\n1 4 2\n";

static void test_views(void)
{
	set("p=17837", tower_in);
	is_int(lab_frames(), 0, "frames of a tower game");
	ok(strncmp(lab_output(), "<div class=\"frame\" id=\"f0\" data-desc=\"the start\">\n", 50) == 0 &&
		   lab_output_len() > 7 && strcmp(lab_output() + lab_output_len() - 7, "</div>\n") == 0,
	   "the frames are the stage's divs, from f0 to the last's end");
	ok(lab_aux_len() > 0 && strstr(lab_output(), "id=\"side\"") == NULL,
	   "the replay's answer apart, and nothing of the page's side");
	is_int(lab_render(), 0, "the start as SVG");
	ok(strncmp(lab_output(), "<svg ", 5) == 0, "an <svg>");
	is_int(lab_model(), 0, "the editor's model");
	ok(strncmp(lab_output(), "{\"n\":4,\"k\":4", 12) == 0, "tower's render JSON: %.20s", lab_output());
	set("g=yut", "5 1 2 3 4 5 5 3 2 4\n");
	is_int(lab_solve(1), 0, "yut solve --explain");
	ok(strncmp(lab_output(), "214\nturn 1: die 5, horse 1, start -> 10, +10, total 10\n", 54) == 0,
	   "the total, then the plan");
	set("g=puyo", "");
	is_int(lab_gen(1, 0), 0, "a random puyo field");
	ok(lab_output_len() == 12 * 7, "12 rows of 6 and a newline each");
	set("", "");
	is_int(lab_problems(), 0, "the problems");
	ok(strncmp(lab_output(), "17780\ttower\t", 12) == 0, "17780 first, a tower problem");
}

static const char puyo_in[] = "......\n......\n......\n......\n......\n......\n......\n......\n"
			      ".G....\nGR....\nGR....\nGR....\n";

static void test_play(void)
{
	set("g=puyo\nrules=tsu", puyo_in);
	is_int(lab_puyo_moves('R', 'G'), 0, "the moves of RG");
	ok(strncmp(lab_output(), "0 0\n0 1\n", 8) == 0, "column 1 up first, then right");
	is_int(lab_puyo_drop('R', 'G', 2, 0), 0, "RG dropped on column 3");
	ok(strstr(lab_output(), "\"chains\":2,\"score\":540,") != NULL, "chains twice: %s", lab_output());
	is_int(lab_puyo_drop('R', 'G', 2, 7), BL_ERR_ARG, "no rotation 7");
	set("g=yut\nroll=3", "");
	is_int(lab_yut_move(0), 0, "yut: horse 1 moves 3");
	is_str(lab_output(), "{\"at\":\"6,start,start,start\",\"points\":6}", "to 6, 6 points");
	set("g=yut\nroll=3\nat=end,end,end,end", "");
	is_int(lab_yut_move(0), BL_ERR_ARG, "a horse on end does not move");
	set("g=yut\nroll=3", "");
	is_int(lab_yut_advise(0), 0, "yut: advice for a 3");
	ok(strncmp(lab_output(), "roll 3, 10 rolls left with this one, dice d5, score 0\n", 54) == 0,
	   "the advice starts with its head line");
	set("g=grundy\nmove=1,5,2\nturn=1", "3\n5 5 R\n2 3 B\n4 1 K\n");
	is_int(lab_grundy_play(1), 0, "grundy: a move, and the engine's");
	is_str(lab_output(),
	       "{\"lines\":[\"turn 1: koosaga moves piece 1 (R) from (5, 5) to (5, 2): value 0 to 7, "
	       "xor 1 to 6\",\"turn 2: cubelover moves piece 1 (R) from (5, 2) to (3, 2): value 7 to "
	       "1, xor 6 to 0\"],\"text\":\"3\\n3 2 R\\n2 3 B\\n4 1 K\\n\",\"xor\":0,\"over\":false}",
	       "the engine moves to xor 0");
	set("g=grundy\nmove=1,5,6\nturn=1", "3\n5 5 R\n2 3 B\n4 1 K\n");
	is_int(lab_grundy_play(1), BL_ERR_ARG, "a move away from the corner is refused");
	is_str(lab_error_msg(), "piece 1 (R) cannot move from (5, 5) to (5, 6)", "and said so");
	set("g=grundy\nturn=1", "1\n0 0 K\n");
	is_int(lab_grundy_play(1), 0, "grundy: no move left");
	ok(strstr(lab_output(), "\"turn 1: koosaga cannot move: cubelover wins\"") &&
		   strstr(lab_output(), "\"over\":true"),
	   "the game is over: %s", lab_output());
}

int main(void)
{
	test_buffers();
	test_options();
	test_answers();
	test_followed();
	test_followed_cases();
	test_diagnostics();
	test_views();
	test_play();
	lab_release();
	return tap_done();
}
