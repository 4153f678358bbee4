/*
 * Unit tests of what yut's CLI used to compute and now asks the library
 * for: the parse under limits, the generator, the walk of a plan step by
 * step (yut_play), the position check, and every view (text with and
 * without a style, JSON, the HTML replay, SVG, expectations, advice),
 * checked against the bytes the commands print.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* Game g with the dice of text, in the line format. */
static void game_of(struct yut_game *g, const char *text, int horses)
{
	struct yut_limits lim;
	struct bl_reader rd;

	yut_game_init(g, yut_board_builtin());
	g->horses = horses;
	yut_limits_any(&lim);
	bl_reader_init(&rd, text, strlen(text));
	if (yut_parse(g, &rd, &lim, NULL) != BL_OK) {
		tap_diag("cannot parse '%s'", text);
		abort();
	}
}

/* text without the spans of style st: what a plain view writes. */
static char *unstyled(const char *text, const struct bl_style *st)
{
	char *s = strdup(text);
	for (int h = 0; h <= BL_HUE_COUNT; h++) {
		const char *mark = h < BL_HUE_COUNT ? st->start[h] : st->end;
		size_t n = mark ? strlen(mark) : 0;
		char *p;
		while (n && (p = strstr(s, mark)) != NULL)
			memmove(p, p + n, strlen(p + n) + 1);
	}
	return s;
}

static void test_parse_limits(void)
{
	struct yut_game g;
	struct yut_limits lim;
	struct bl_reader rd;
	struct bl_err err;

	yut_game_init(&g, yut_board_builtin());
	yut_limits_boj(&lim);
	ok(!lim.line && lim.max_dice == YUT_BOJ_DICE, "the judge's limits: exactly 10 dice");
	yut_limits_any(&lim);
	ok(lim.line && lim.max_dice == YUT_LINE_DICE_MAX, "the tool's: a line of up to 10000");

	/* Limits of one's own: exactly 3 dice, across lines. */
	lim.line = false;
	lim.max_dice = 3;
	bl_reader_init(&rd, "1\n2\n3 4", 7);
	bl_err_clear(&err);
	is_int(yut_parse(&g, &rd, &lim, &err), BL_OK, "exactly 3 dice across lines");
	ok(g.ndice == 3 && g.dice[2] == 3 && !bl_reader_eof(&rd), "  and the 4th is left");
	bl_reader_init(&rd, "1 2", 3);
	bl_err_clear(&err);
	is_int(yut_parse(&g, &rd, &lim, &err), BL_ERR_INPUT, "2 dice of 3 are too few");
	is_str(err.msg, "expected 3 dice, found end of input after 2", "  and it says so");
	ok(g.ndice == 3 && g.dice[0] == 1, "  the game keeps its dice");

	/* A line of at most 2. */
	lim.line = true;
	lim.max_dice = 2;
	bl_reader_init(&rd, "\n5 4 3\n", 7);
	bl_err_clear(&err);
	is_int(yut_parse(&g, &rd, &lim, &err), BL_ERR_INPUT, "a line of 3 dice passes 2");
	is_str(err.msg, "expected end of line after 2 dice, found '3'", "  at the third");
	is_int(err.line * 100 + err.col, 205, "  on line 2, column 5");

	lim.max_dice = 0;
	is_int(yut_parse(&g, &rd, &lim, NULL), BL_ERR_ARG, "limits of no dice are refused");
	yut_game_release(&g);
}

static void test_gen(void)
{
	struct yut_game g;
	struct yut_gen spec;
	struct bl_buf out, again;
	struct bl_rng rng;
	bool same = true;

	yut_gen_init(&spec);
	spec.dice = 12;
	yut_game_init(&g, yut_board_builtin());
	bl_buf_init(&out);
	bl_buf_init(&again);
	/* The bytes of `yut gen --seed 5 --first 2 --count 1 --length 12`. */
	is_int(yut_gen(&spec, 5, 2, &out, NULL), BL_OK, "instance 2 of seed 5 is drawn");
	is_str(out.data, "5 1 4 1 4 3 3 2 3 1 5 4\n", "  as gen prints it");
	is_int(yut_gen_game(&spec, 5, 2, &g, NULL), BL_OK, "the same instance as a game");
	yut_game_write(&g, &again);
	is_str(again.data, out.data, "  its dice written are the same bytes");
	/* And exactly the draws of its own stream. */
	bl_rng_init_stream(&rng, 5, 2);
	for (size_t k = 0; k < g.ndice; k++)
		same &= g.dice[k] == yut_dist_draw(&spec.dist, &rng);
	ok(same, "  from bl_rng_init_stream(seed, i)");
	spec.dice = 0;
	is_int(yut_gen_game(&spec, 5, 2, &g, NULL), BL_ERR_ARG, "no dice is refused");
	spec.dice = YUT_LINE_DICE_MAX + 1;
	is_int(yut_gen_game(&spec, 5, 2, &g, NULL), BL_ERR_ARG, "nor too many");
	is_int(g.ndice, 12, "  and the game keeps its dice");
	bl_buf_reset(&out);
	is_int(yut_gen(&spec, 5, 2, &out, NULL), BL_ERR_ARG, "  nor as text");
	is_int(out.len, 0, "  which appends nothing");
	bl_buf_release(&again);
	bl_buf_release(&out);
	yut_game_release(&g);
}

struct walk {
	struct bl_buf lines;
	size_t steps, stop_at;
	int last_cells[YUT_MAX_HORSES];
};

static bool collect(void *ctx, const struct yut_step *step)
{
	struct walk *w = ctx;

	yut_step_text(yut_board_builtin(), step, NULL, &w->lines);
	bl_buf_putc(&w->lines, '\n');
	memcpy(w->last_cells, step->cells, (size_t)step->horses * sizeof *step->cells);
	return ++w->steps != w->stop_at;
}

static void test_play(void)
{
	const struct yut_board *b = yut_board_builtin();
	struct yut_game g;
	struct yut_result res;
	struct walk w = { { 0 }, 0, 0, { 0 } };

	/* One horse: it reaches end on turn 3 and the game ends on turn 4. */
	game_of(&g, "5 5 5 5 5 5 5 5 5", 1);
	yut_result_init(&res);
	bl_buf_init(&w.lines);
	is_int(yut_play(&g, collect, &w, &res, NULL), BL_OK, "a game that ends early is played");
	is_int(w.steps, 5, "  the start, 3 moves and the end");
	is_str(w.lines.data,
	       "before turn 1\n"
	       "turn 1: die 5, horse 1, start -> 10, +10, total 10\n"
	       "turn 2: die 5, horse 1, 10 -> c30, +30, total 40\n"
	       "turn 3: die 5, horse 1, c30 -> end, +0, total 40\n"
	       "turn 4: no horse can move, the game ends (6 dice unused)\n",
	       "  each step's line");
	is_int(res.total, 40, "  the result is whole");
	is_int(w.last_cells[0], b->end, "  the horse ends on end");

	/* Stopping after the second step. */
	bl_buf_reset(&w.lines);
	w.steps = 0;
	w.stop_at = 2;
	is_int(yut_play(&g, collect, &w, &res, NULL), BL_OK, "a walk stopped by its callback");
	is_int(w.steps, 2, "  sees 2 steps");
	is_int(res.nmoves, 3, "  and the plan is whole");

	/* A failed search calls nothing. */
	g.max_states = 1;
	w.steps = 0;
	is_int(yut_play(&g, collect, &w, &res, NULL), BL_ERR_LIMIT, "a search past its limit");
	is_int(w.steps, 0, "  calls nothing");
	bl_buf_release(&w.lines);
	yut_result_release(&res);
	yut_game_release(&g);
}

static void test_position(void)
{
	const struct yut_board *b = yut_board_builtin();
	int cells[3] = { yut_board_find(b, "10"), b->start, yut_board_find(b, "d16") };
	struct bl_buf plain, styled;
	struct bl_err err;

	bl_buf_init(&plain);
	bl_buf_init(&styled);
	yut_position_text(b, cells, 3, NULL, &plain);
	is_str(plain.data,
	       "  start[2] 2 4 6 8 10[1] 12 14 16 18 20 22 24 26 28 30 32 34 36 38 40 end\n"
	       "  10 => d13 d16[3] d19 c25 c30 c35 (40)\n"
	       "  20 => d22 d24 (c25)\n"
	       "  30 => d28 d27 d26 (c25)\n",
	       "render's picture");
	yut_position_text(b, cells, 3, bl_style_ansi(), &styled);
	ok(strstr(styled.data, "10\033[1;33m[1]\033[0m 12") != NULL,
	   "  styled: each horse list a yellow span");
	char *back = unstyled(styled.data, bl_style_ansi());
	is_str(back, plain.data, "  and without its spans, the plain picture");
	free(back);

	bl_buf_reset(&plain);
	yut_position_json(b, cells, 3, &plain);
	is_str(plain.data, "{\"horse_cells\":[\"10\",\"start\",\"d16\"]}\n", "the position as JSON");
	bl_buf_reset(&plain);
	yut_position_svg(b, cells, 3, &plain);
	ok(strncmp(plain.data, "<svg", 4) == 0 && strstr(plain.data, "yut position"),
	   "the position as SVG");

	bl_err_clear(&err);
	is_int(yut_position_check(b, cells, 3, &err), BL_OK, "a position passes its check");
	cells[2] = cells[0];
	is_int(yut_position_check(b, cells, 3, &err), BL_ERR_ARG, "two horses on 10 do not");
	is_str(err.msg, "horses 1 and 3 are both on '10'", "  and it says which");
	cells[0] = cells[1] = cells[2] = b->end;
	is_int(yut_position_check(b, cells, 3, NULL), BL_OK, "all on end is a position");
	cells[1] = 99;
	bl_err_clear(&err);
	is_int(yut_position_check(b, cells, 3, &err), BL_ERR_ARG, "a horse off the board is not");
	is_str(err.msg, "horse 2 is on no cell", "  and it says which");
	bl_buf_release(&plain);
	bl_buf_release(&styled);
}

static void test_traces(void)
{
	struct yut_game g;
	struct yut_result res;
	struct bl_buf out;
	const struct yut_text_view plan = { YUT_HEAD_DICE, true, true, NULL, false, 0 };
	const struct yut_text_view explain = { YUT_HEAD_TOTAL, true, false, NULL, false, 0 };
	const struct yut_text_view total = { YUT_HEAD_TOTAL, false, false, NULL, false, 0 };
	struct yut_text_view coloured = plan;

	game_of(&g, "1 1 1", 2);
	yut_result_init(&res);
	bl_buf_init(&out);
	is_int(yut_trace_text(&g, &explain, &res, &out, NULL), BL_OK, "solve --explain's view");
	is_str(out.data,
	       "12\n"
	       "turn 1: die 1, horse 1, start -> 2, +2, total 2\n"
	       "turn 2: die 1, horse 1, 2 -> 4, +4, total 6\n"
	       "turn 3: die 1, horse 1, 4 -> 6, +6, total 12\n"
	       "states explored: 3\n",
	       "  its bytes");
	bl_buf_reset(&out);
	yut_trace_text(&g, &total, &res, &out, NULL);
	is_str(out.data, "12\n", "solve's view: the total");

	bl_buf_reset(&out);
	yut_trace_text(&g, &plan, &res, &out, NULL);
	static const char opening[] = "dice: 1 1 1\nbest total with 2 horses: 12\n"
				      "before turn 1:\n  start[1,2] 2 4 6 ";
	ok(strncmp(out.data, opening, strlen(opening)) == 0,
	   "plan's view opens with the dice, the total and the start");
	ok(strstr(out.data, "turn 3: die 1, horse 1, 4 -> 6, +6, total 12\n"
			    "  start[2] 2 4 6[1] 8") != NULL,
	   "  a picture after each move");
	char *plain = strdup(out.data);
	bl_buf_reset(&out);
	coloured.style = bl_style_ansi();
	yut_trace_text(&g, &coloured, &res, &out, NULL);
	char *back = unstyled(out.data, bl_style_ansi());
	ok(strcmp(out.data, plain) != 0 && strcmp(back, plain) == 0,
	   "  coloured: the plain text with spans");
	free(back);
	free(plain);
	struct yut_text_view found = plan;
	found.compare = true;
	found.found = 14;
	bl_buf_reset(&out);
	yut_trace_text(&g, &found, &res, &out, NULL);
	static const char more[] = "dice: 1 1 1\nbest total with 2 horses: 12\nfound: 14, 2 more "
				   "than any plan scores: no choice of horses makes it\nbefore turn 1:\n";
	ok(strncmp(out.data, more, strlen(more)) == 0,
	   "  a found total beside the best: more");
	found.found = 10;
	bl_buf_reset(&out);
	yut_trace_text(&g, &found, &res, &out, NULL);
	ok(strstr(out.data, "\nfound: 10, 2 less than the plan below, which scores 12\n") != NULL,
	   "  a found total beside the best: less");

	bl_buf_reset(&out);
	yut_trace_json(&g, true, &res, &out, NULL);
	is_str(out.data,
	       "{\"horses\":2,\"dice\":[1,1,1],\"total\":12,\"states\":3,\"start\":\"start\","
	       "\"moves\":[{\"turn\":1,\"die\":1,\"horse\":1,\"from\":\"start\",\"to\":\"2\","
	       "\"points\":2,\"total\":2,\"horse_cells\":[\"2\",\"start\"]},{\"turn\":2,\"die\":1,"
	       "\"horse\":1,\"from\":\"2\",\"to\":\"4\",\"points\":4,\"total\":6,\"horse_cells\":"
	       "[\"4\",\"start\"]},{\"turn\":3,\"die\":1,\"horse\":1,\"from\":\"4\",\"to\":\"6\","
	       "\"points\":6,\"total\":12,\"horse_cells\":[\"6\",\"start\"]}],\"unused_dice\":0}\n",
	       "the JSON trace");
	bl_buf_reset(&out);
	yut_trace_json(&g, false, &res, &out, NULL);
	is_str(out.data, "{\"horses\":2,\"dice\":[1,1,1],\"total\":12,\"states\":3}\n",
	       "  without moves");

	bl_buf_reset(&out);
	is_int(yut_trace_html(&g, &res, &out, NULL), BL_OK, "the replay");
	ok(strstr(out.data, "before turn 1: every horse on start") &&
		   strstr(out.data, "turn 2: die 1, horse 1, 2 -&gt; 4, +4, total 6") &&
		   strstr(out.data, "best total 12"),
	   "  its frames described by the steps' lines");

	/* A failed search writes nothing. */
	g.max_states = 1;
	bl_buf_reset(&out);
	ok(yut_trace_text(&g, &plan, &res, &out, NULL) == BL_ERR_LIMIT &&
		   yut_trace_json(&g, true, &res, &out, NULL) == BL_ERR_LIMIT &&
		   yut_trace_html(&g, &res, &out, NULL) == BL_ERR_LIMIT && out.len == 0,
	   "a failed search: the error, and nothing written");
	bl_buf_release(&out);
	yut_result_release(&res);
	yut_game_release(&g);
}

static void test_unknown_dice(void)
{
	const struct yut_board *b = yut_board_builtin();
	struct yut_game g;
	struct yut_dist d;
	struct yut_expectation e;
	struct yut_advice a;
	struct bl_buf out;
	size_t states;
	int cells[2] = { yut_board_find(b, "10"), b->start };

	yut_game_init(&g, b);
	g.horses = 2;
	yut_dist_parse(&d, "d5", NULL);
	bl_buf_init(&out);
	is_int(yut_expect(&g, &d, 2, &e, &states, NULL), BL_OK, "an expectation");
	yut_expect_text(&g, &d, 2, &e, states, true, &out);
	is_str(out.data,
	       "18.920000 (exact 473/25)\n"
	       "2 horses, 2 rolls drawn from d5, each move chosen for the best expected total\n"
	       "exact rational arithmetic; states explored: 6\n",
	       "  as text, explained");
	bl_buf_reset(&out);
	yut_expect_json(&g, &d, 2, &e, states, &out);
	is_str(out.data,
	       "{\"turns\":2,\"dice\":\"d5\",\"horses\":2,\"expected\":18.920000,"
	       "\"exact\":\"473/25\",\"states\":6}\n",
	       "  as JSON");

	is_int(yut_advise(&g, &d, cells, 0, 2, 3, &a, NULL), BL_OK, "advice");
	ok(a.roll == 3 && a.left == 2 && a.score == 0, "  records its question");
	bl_buf_reset(&out);
	yut_advice_text(b, &d, &a, &out);
	is_str(out.data,
	       "roll 3, 2 rolls left with this one, dice d5, score 0\n"
	       "horse 1: 10 -> d19, +19, expected total 47.000000 (exact 47/1)\n"
	       "horse 2: start -> 6, +6, expected total 26.600000 (exact 133/5)\n"
	       "states explored: 2\n",
	       "  as text");
	bl_buf_reset(&out);
	yut_advice_json(b, &d, &a, &out);
	is_str(out.data,
	       "{\"roll\":3,\"turns\":2,\"dice\":\"d5\",\"score\":0,\"states\":2,\"moves\":["
	       "{\"horse\":1,\"horses\":[1],\"from\":\"10\",\"to\":\"d19\",\"points\":19,"
	       "\"expected\":47.000000,\"exact\":\"47/1\"},{\"horse\":2,\"horses\":[2],\"from\":\"start\",\"to\":\"6\",\"points\":6,"
	       "\"expected\":26.600000,\"exact\":\"133/5\"}]}\n",
	       "  as JSON");

	/* Horses on Start make the same move: one line, one object. */
	int three[3] = { b->start, yut_board_find(b, "10"), b->start };
	g.horses = 3;
	is_int(yut_advise(&g, &d, three, 0, 2, 3, &a, NULL), BL_OK, "advice, two horses on Start");
	ok(a.nmoves == 3, "  keeps every horse's move");
	bl_buf_reset(&out);
	yut_advice_text(b, &d, &a, &out);
	is_str(out.data,
	       "roll 3, 2 rolls left with this one, dice d5, score 0\n"
	       "horse 2: 10 -> d19, +19, expected total 47.000000 (exact 47/1)\n"
	       "horses 1, 3: start -> 6, +6, expected total 26.600000 (exact 133/5)\n"
	       "states explored: 2\n",
	       "  as text, the two on one line");
	bl_buf_reset(&out);
	yut_advice_json(b, &d, &a, &out);
	is_str(out.data,
	       "{\"roll\":3,\"turns\":2,\"dice\":\"d5\",\"score\":0,\"states\":2,\"moves\":["
	       "{\"horse\":2,\"horses\":[2],\"from\":\"10\",\"to\":\"d19\",\"points\":19,"
	       "\"expected\":47.000000,\"exact\":\"47/1\"},{\"horse\":1,\"horses\":[1,3],"
	       "\"from\":\"start\",\"to\":\"6\",\"points\":6,\"expected\":26.600000,"
	       "\"exact\":\"133/5\"}]}\n",
	       "  as JSON, one object");
	bl_buf_release(&out);
	yut_game_release(&g);
}

static void test_board_json(void)
{
	static const char text[] = "start a\nend z\ncell a 0 red b blue z\ncell b 7 red z\ncell z 0\n";
	struct yut_board b;
	struct bl_reader rd;
	struct bl_buf out;

	bl_reader_init(&rd, text, strlen(text));
	is_int(yut_board_parse(&b, &rd, NULL), BL_OK, "a small board");
	bl_buf_init(&out);
	yut_board_json(&b, &out);
	is_str(out.data,
	       "{\"start\":\"a\",\"end\":\"z\",\"cells\":[{\"name\":\"a\",\"score\":0,\"red\":\"b\","
	       "\"blue\":\"z\"},{\"name\":\"b\",\"score\":7,\"red\":\"z\",\"blue\":null},"
	       "{\"name\":\"z\",\"score\":0,\"red\":null,\"blue\":null}]}\n",
	       "  as JSON");
	bl_buf_release(&out);
}

/* The game's part of `boardlab demo`: the dice, the best total, the plan, the expectation. */
static void test_demo(void)
{
	static const char ex[] = "5 1 2 3 4 5 5 3 2 4\n";
	struct bl_buf b;
	struct bl_err err;

	bl_buf_init(&b);
	bl_err_clear(&err);
	ok(yut_demo(ex, sizeof ex - 1, &b, &err) == BL_OK && b.data &&
	   strstr(b.data, "dice: 5 1 2 3 4 5 5 3 2 4\nbest total with 4 horses: 214\n") == b.data &&
	   strstr(b.data, "\nturn 10: die 4, horse 1, d19 -> 40, +40, total 214\n") != NULL &&
	   strstr(b.data, "moves):\n$ boardlab yut solve --explain examples/yut.txt\n214\nturn 1: ") &&
	   strstr(b.data, "best play expects:\n$ boardlab yut solve --expect --turns 10\n"
			  "203.112029 (exact 396703182/1953125)\n") != NULL,
	   "demo: the dice, 214, the plan and the expected total");
	bl_buf_reset(&b);
	bl_err_clear(&err);
	ok(yut_demo("5 1 x\n", 6, &b, &err) == BL_ERR_INPUT && b.len == 0,
	   "demo: a bad example is an input error, nothing written");
	bl_buf_release(&b);
}

int main(void)
{
	test_parse_limits();
	test_gen();
	test_play();
	test_position();
	test_traces();
	test_unknown_dice();
	test_board_json();
	test_demo();
	return tap_done();
}
