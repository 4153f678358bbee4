/*
 * Unit tests of tower's position after a turn (tower_play_to) against a
 * plain move-by-move replay, and of the views of lib/tower_text.c and
 * lib/tower_view.c: coloured text is the plain text with spans, the text
 * trace and the replay describe their steps with the same lines, and the
 * pictures refuse boards they cannot draw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* A random instance: side n, k pieces on distinct cells, red and blue in percent. */
static void draw(struct bl_rng *rng, int n, int k, int red, int blue, struct bl_buf *out)
{
	char *used = calloc((size_t)(n * n), 1);

	bl_buf_printf(out, "%d %d\n", n, k);
	for (int c = 0; c < n * n; c++) {
		int x = (int)bl_rng_below(rng, 100);
		bl_buf_printf(out, "%d%c", x < red ? 1 : x < red + blue ? 2 : 0,
			      c % n == n - 1 ? '\n' : ' ');
	}
	for (int p = 0; p < k; p++) {
		int c;
		do
			c = (int)bl_rng_below(rng, (uint64_t)(n * n));
		while (used[c]);
		used[c] = 1;
		bl_buf_printf(out, "%d %d %d\n", c / n + 1, c % n + 1, (int)bl_rng_range(rng, 1, 4));
	}
	free(used);
}

static bool parse(struct tower *t, const char *text)
{
	struct tower_limits lim;
	struct bl_reader rd;

	tower_limits_any(&lim);
	bl_reader_init(&rd, text, strlen(text));
	return tower_parse(t, &rd, &lim, NULL) == BL_OK;
}

/* True when a and b hold the same position. */
static bool same_position(const struct tower *a, const struct tower *b)
{
	for (int p = 1; p <= a->k; p++)
		if (tower_cell_of(a, p) != tower_cell_of(b, p) || tower_dir_of(a, p) != tower_dir_of(b, p) ||
		    tower_below(a, p) != tower_below(b, p) || tower_above(a, p) != tower_above(b, p))
			return false;
	return true;
}

/*
 * tower_play_to at turns 0, 1, 2, ... against one tower played move by
 * move from the start: the same position after every turn, and the same
 * move ending the game.  Returns the failures (the first few shown).
 */
static int play_to_game(const char *text, const struct tower_opts *o, int64_t turns,
			struct tower *a, struct tower *b)
{
	struct tower_result res;
	int bad = 0;

	if (!parse(a, text) || !parse(b, text))
		return 1;
	for (int64_t turn = 0; turn <= turns; turn++) {
		int ended = 0;
		if (turn > 0) {
			for (int p = 1; p <= b->k && !ended; p++) {
				struct tower_move mv;
				tower_move(b, o->rule, p, &mv);
				if (mv.moved && mv.height >= o->height)
					ended = p;
			}
		}
		if (tower_play_to(a, o, turn, &res, NULL) != BL_OK) {
			bad++;
			break;
		}
		bool same = same_position(a, b) && (res.end == TOWER_END_STACK) == (ended != 0) &&
			    (!ended || (res.answer == turn && res.last.piece == ended));
		if (!same && ++bad <= 3)
			tap_diag("turn %lld, %s rule, height %lld: play_to %s, move by move %s",
				 (long long)turn, tower_rule_name(o->rule), (long long)o->height,
				 tower_end_name(res.end), ended ? "ended" : "goes on");
		if (ended || !same)
			break;
	}
	return bad;
}

static void test_play_to(void)
{
	struct bl_rng rng;
	struct bl_buf text;
	struct tower a, b;
	int bad = 0, games = 0;

	bl_rng_init(&rng, 20260301);
	bl_buf_init(&text);
	tower_init(&a);
	tower_init(&b);
	for (int g = 0; g < 300; g++) {
		struct tower_opts o;
		int n = (int)bl_rng_range(&rng, 1, 7);
		int k = (int)bl_rng_range(&rng, 1, n * n < 12 ? n * n : 12);
		tower_opts_init(&o);
		o.rule = bl_rng_below(&rng, 2) ? TOWER_CARRY : TOWER_BOTTOM;
		o.height = bl_rng_range(&rng, 2, 6);
		bl_buf_reset(&text);
		draw(&rng, n, k, (int)bl_rng_below(&rng, 40), (int)bl_rng_below(&rng, 40), &text);
		bad += play_to_game(text.data, &o, 300, &a, &b);
		games++;
	}
	is_int(bad, 0, "play_to: %d games, every turn to 300, as played move by move", games);

	/* A cycle's arithmetic: turn 10^18 is turn mu + (10^18 - mu) mod lambda. */
	struct tower_opts o;
	struct tower_result res;
	int cycles = 0;
	bad = 0;
	tower_opts_init(&o);
	o.height = 5;
	for (int g = 0; g < 100; g++) {
		bl_buf_reset(&text);
		draw(&rng, 5, 6, 20, 10, &text);
		if (!parse(&a, text.data) || tower_play_to(&a, &o, TOWER_OPT_MAX, &res, NULL) != BL_OK) {
			bad++;
			continue;
		}
		if (res.end != TOWER_END_CYCLE)
			continue;
		cycles++;
		int64_t mu = res.cycle_from, lambda = res.cycle_to - res.cycle_from;
		if (!parse(&b, text.data) ||
		    tower_play_to(&b, &o, mu + (TOWER_OPT_MAX - mu) % lambda, &res, NULL) != BL_OK ||
		    !same_position(&a, &b))
			bad++;
	}
	ok(cycles > 20, "play_to: %d of 100 games cycle", cycles);
	is_int(bad, 0, "play_to: turn 10^18 of a cycling game by the cycle's arithmetic");

	ok(parse(&a, "2 2\n0 0\n0 0\n1 1 1\n2 2 2\n"), "play_to: a small game parses");
	is_int(tower_play_to(&a, &o, -1, &res, NULL), BL_ERR_ARG, "play_to: turn -1 is refused");
	is_int(tower_play_to(&a, &o, 0, &res, NULL), BL_OK, "play_to: turn 0");
	ok(res.end == TOWER_END_LIMIT && res.answer == -1 && res.turns == 0,
	   "play_to: turn 0 is the start, nothing played");
	o.height = 1;
	is_int(tower_play_to(&a, &o, 0, &res, NULL), BL_ERR_ARG, "play_to: height 1 is refused");
	tower_release(&a);
	tower_release(&b);
	bl_buf_release(&text);
}

/* A style whose spans are visible: <r>...</>, <b>...</>. */
static const struct bl_style marks = {
	{ [BL_HUE_RED] = "<r>", [BL_HUE_BLUE] = "<b>" },
	"</>",
};

/* s without the spans of marks. */
static const char *unmark(const char *s)
{
	static char out[1 << 16];
	size_t n = 0;

	while (*s && n + 1 < sizeof out) {
		if (strncmp(s, "<r>", 3) == 0 || strncmp(s, "<b>", 3) == 0 || strncmp(s, "</>", 3) == 0)
			s += 3;
		else
			out[n++] = *s++;
	}
	out[n] = '\0';
	return out;
}

static const char *sample =
	"4 4\n0 1 2 0\n0 0 0 0\n2 0 1 0\n0 0 0 0\n1 1 1\n1 4 2\n3 2 4\n4 4 3\n";

static void test_styles(void)
{
	struct tower t;
	struct bl_buf plain, styled;
	struct tower_move mv;
	struct tower_step st = { NULL, 1, NULL };

	tower_init(&t);
	bl_buf_init(&plain);
	bl_buf_init(&styled);
	ok(parse(&t, sample), "styles: the sample parses");
	tower_board_text(&t, NULL, &plain);
	tower_board_text(&t, &marks, &styled);
	is_str(styled.data,
	       "   1    2    3  4\n"
	       "1  W1>  <r>R</>    <b>B</>  W2<\n"
	       "2  W    W    W  W\n"
	       "3  <b>B</>    W3v  <r>R</>  W\n"
	       "4  W    W    W  W4^\n",
	       "styles: the board's R and B letters are spans, the columns as plain");
	is_str(unmark(styled.data), plain.data, "styles: the styled board less its spans is the plain one");

	/* Piece 1 goes right onto red (1,2); piece 2 meets blue (1,3), turns and stays. */
	bl_buf_reset(&plain);
	bl_buf_reset(&styled);
	tower_move(&t, TOWER_CARRY, 1, &mv);
	tower_move_text(&t, &mv, NULL, &plain);
	tower_move_text(&t, &mv, &marks, &styled);
	is_str(styled.data, "piece 1 at (1,1) going right meets <r>red</> (1,2): moves there with 1 "
			    "piece; stack 1>\n", "styles: a move onto red");
	is_str(unmark(styled.data), plain.data, "styles: the move line less its spans");
	bl_buf_reset(&plain);
	bl_buf_reset(&styled);
	tower_move(&t, TOWER_CARRY, 2, &mv);
	st.t = &t;
	st.mv = &mv;
	tower_move_text(&t, &mv, NULL, &plain);
	tower_step_text(&st, &marks, &styled);
	is_str(styled.data, "piece 2 at (1,4) going left meets <b>blue</> (1,3), turns right, meets "
			    "the edge: stays; stack 2>", "styles: a bounce off blue and the edge");
	bl_buf_putc(&styled, '\n');
	is_str(unmark(styled.data), plain.data, "styles: a step's line is the move's, without its newline");
	bl_buf_reset(&styled);
	st.mv = NULL;
	st.turn = 12;
	tower_step_text(&st, &marks, &styled);
	is_str(styled.data, "after turn 12", "styles: a turn's end");
	tower_release(&t);
	bl_buf_release(&plain);
	bl_buf_release(&styled);
}

/* Each replay frame's description: the text of data-desc="..." attributes, joined by '\n'. */
static void frame_descs(const char *html, struct bl_buf *out)
{
	const char *p = html;

	while ((p = strstr(p, "data-desc=\"")) != NULL) {
		p += strlen("data-desc=\"");
		const char *e = strchr(p, '"');
		if (!e)
			break;
		bl_buf_add(out, p, (size_t)(e - p));
		bl_buf_putc(out, '\n');
		p = e;
	}
}

static void test_trace(void)
{
	struct tower t;
	struct tower_opts o;
	struct tower_trace_opts v;
	struct bl_buf plain, styled, html, lines;
	struct bl_err err;

	tower_init(&t);
	tower_opts_init(&o);
	tower_trace_opts_init(&v);
	bl_buf_init(&plain);
	bl_buf_init(&styled);
	bl_buf_init(&html);
	bl_buf_init(&lines);
	ok(parse(&t, sample), "trace: the sample parses");
	v.to = 3;
	is_int(tower_trace(&t, &o, &v, &plain, &err), BL_OK, "trace: text");
	v.style = &marks;
	is_int(tower_trace(&t, &o, &v, &styled, &err), BL_OK, "trace: text, styled");
	is_str(unmark(styled.data), plain.data, "trace: the styled trace less its spans is the plain one");
	ok(strstr(plain.data, "\nturn 1\n  piece 1 at (1,1) going right meets red (1,2)") != NULL,
	   "trace: a move's line under its turn");
	ok(strstr(plain.data, "stopped after turn 3, before the game ended\n") != NULL,
	   "trace: --to 3 stops the game after turn 3");

	/* The replay's frames say what the text trace's lines say. */
	v.format = TOWER_FORMAT_HTML;
	v.style = NULL;
	is_int(tower_trace(&t, &o, &v, &html, &err), BL_OK, "trace: html");
	frame_descs(html.data, &lines);
	ok(lines.len > 0 && strstr(lines.data, "turn 1: piece 1 at (1,1) going right meets red (1,2): "
					       "moves there with 1 piece; stack 1&gt;\n") != NULL,
	   "trace: the replay's frame of a move is 'turn T: ' and the move's line");

	/* A picture of a board larger than TOWER_SVG_N_MAX is refused before anything is written. */
	struct bl_buf big;
	bl_buf_init(&big);
	bl_buf_printf(&big, "%d 1\n", TOWER_SVG_N_MAX + 1);
	for (int c = 0; c < (TOWER_SVG_N_MAX + 1) * (TOWER_SVG_N_MAX + 1); c++)
		bl_buf_puts(&big, "0 ");
	bl_buf_puts(&big, "\n1 1 1\n");
	ok(parse(&t, big.data), "trace: a 65x65 board parses");
	bl_buf_reset(&html);
	bl_err_clear(&err);
	is_int(tower_trace(&t, &o, &v, &html, &err), BL_ERR_LIMIT, "trace: html of a 65x65 board");
	is_int(html.len, 0, "trace: nothing written");
	is_int(tower_render(&t, &o, TOWER_OPT_MAX, TOWER_FORMAT_SVG, NULL, &html, &err), BL_ERR_LIMIT,
	       "render: svg of a 65x65 board, refused before turn 10^18 is played");
	is_int(tower_render(&t, &o, 0, TOWER_FORMAT_HTML, NULL, &html, &err), BL_ERR_ARG,
	       "render: no html");
	v.format = TOWER_FORMAT_SVG;
	is_int(tower_trace(&t, &o, &v, &html, &err), BL_ERR_ARG, "trace: no svg");
	bl_buf_release(&big);
	tower_release(&t);
	bl_buf_release(&plain);
	bl_buf_release(&styled);
	bl_buf_release(&html);
	bl_buf_release(&lines);
}

/*
 * A trace that points at a found answer: the turn by which the games part
 * (the earlier answer), turns around it with their boards, the end; a
 * found answer that is no turn; only as text.
 */
static void test_trace_found(void)
{
	static const char game[] = "4 4\n0 0 0 0\n0 0 2 0\n0 0 0 0\n0 0 0 0\n"
				   "2 4 3\n4 1 2\n1 3 1\n3 2 2\n";   /* ends on turn 384 */
	struct tower t;
	struct tower_opts o;
	struct tower_trace_opts v;
	struct bl_buf b, styled;
	struct bl_err err;

	tower_init(&t);
	tower_opts_init(&o);
	tower_trace_opts_init(&v);
	bl_buf_init(&b);
	bl_buf_init(&styled);
	ok(parse(&t, game), "found: the game parses");
	v.compare = true;
	v.found = 171;
	is_int(tower_trace(&t, &o, &v, &b, &err), BL_OK, "found 171: traced");
	ok(strstr(b.data, "\nexpected 384, found 171: the games part by turn 171\n  an answer of 171 "
			  "says a stack of 4 forms during turn 171; here none does before turn 384: "
			  "the tallest during turn 171 is 2 pieces, at (4,3) after piece 1's move\n"
			  "turns 162 to 172, move by move; the board after each move from turn 169 on:\n"
			  "after turn 161\n") != NULL &&
	   strstr(b.data, "\nafter turn 172\n") && strstr(b.data, "\n[turns 173 to 383 left out]\n"
							    "turn 384, after piece 1's move\n") &&
	   strstr(b.data, "\nanswer 384\n") && !strstr(b.data, "turn 161\n  piece") && !strstr(b.data, "after turn 168\n"),
	   "found 171: what each answer says, turns 162 to 172, the end on turn 384");
	v.style = &marks;
	is_int(tower_trace(&t, &o, &v, &styled, &err), BL_OK, "found 171: styled");
	is_str(unmark(styled.data), b.data, "found 171: the styled trace less its spans is the plain one");
	v.style = NULL;
	bl_buf_reset(&b);
	v.found = -1;
	is_int(tower_trace(&t, &o, &v, &b, &err), BL_OK, "found -1: traced");
	ok(strstr(b.data, "\nexpected 384, found -1: the games part by turn 384\n  this game ends "
			  "during turn 384; an answer of -1 says no stack of 4 forms within 1000 turns\n"
			  "turns 375 to 384, move by move") != NULL,
	   "found -1: the game's end is where they part");
	bl_buf_reset(&b);
	v.found = 1001;
	is_int(tower_trace(&t, &o, &v, &b, &err), BL_OK, "found 1001: traced");
	ok(strstr(b.data, "\n  1001 is no answer: a turn from 1 to 1000, or -1\n") != NULL,
	   "found 1001, past the limit: no answer");
	v.format = TOWER_FORMAT_JSON;
	bl_err_clear(&err);
	is_int(tower_trace(&t, &o, &v, &b, &err), BL_ERR_ARG, "found: text only");
	tower_release(&t);
	bl_buf_release(&b);
	bl_buf_release(&styled);
}

/* The game's part of `boardlab demo`: both rules on the example; a bad one is refused. */
static void test_demo(void)
{
	static const char ex[] = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"
				 "1 1 1\n1 2 1\n1 3 2\n2 2 3\n";
	struct bl_buf b;
	struct bl_err err;

	bl_buf_init(&b);
	bl_err_clear(&err);
	ok(tower_demo(ex, sizeof ex - 1, &b, &err) == BL_OK && b.data &&
	   strstr(b.data, "A 4x4 board (0 white, 1 red, 2 blue) and 4 pieces (") == b.data &&
	   strstr(b.data, "\n\n4 4\n0 0 0 0\n") != NULL &&
	   strstr(b.data, "\n$ boardlab tower solve --explain --rule carry examples/tower.txt   # BOJ 17837\n") &&
	   strstr(b.data, "\n$ boardlab tower solve --explain --rule bottom examples/tower.txt   # BOJ 17780\n") &&
	   strstr(b.data, "changes its bottom.\n") != NULL,
	   "demo: the rules, the example, both rules' answers");
	bl_buf_reset(&b);
	bl_err_clear(&err);
	ok(tower_demo("4 4\n0 0\n", 8, &b, &err) == BL_ERR_INPUT && err.line == 2,
	   "demo: a bad example is an input error at its line");
	bl_buf_release(&b);
}

int main(void)
{
	test_play_to();
	test_styles();
	test_trace();
	test_trace_found();
	test_demo();
	return tap_done();
}
