/*
 * tower_view: the tower game's whole views, as trace and render print
 * them: a game step by step (text, JSON or an HTML replay of SVG frames)
 * and a position after a turn (text, JSON or SVG).  Built on tower_play's
 * steps, the pieces of lib/tower_text.c and the picture of lib/tower_svg.c.
 */
#include "svg_impl.h"
#include "tower_impl.h"

/* Text and JSON traces offer their output to the caller's flush past this. */
#define TRACE_FLUSH_BYTES (1u << 16)

void tower_trace_opts_init(struct tower_trace_opts *v)
{
	v->format = TOWER_FORMAT_TEXT;
	v->every_turn = false;
	v->from = 1;
	v->to = 0;
	v->style = NULL;
	v->flush = NULL;
	v->flush_ctx = NULL;
	v->compare = false;
	v->found = 0;
}

/* An svg or html picture draws boards up to TOWER_SVG_N_MAX cells a side. */
static enum bl_code svg_fits(const struct tower *t, struct bl_err *err)
{
	if (t->n > TOWER_SVG_N_MAX)
		return bl_fail(err, BL_ERR_LIMIT,
			       "a picture draws boards up to %d x %d, this one is %d x %d",
			       TOWER_SVG_N_MAX, TOWER_SVG_N_MAX, t->n, t->n);
	return BL_OK;
}

/* "4x4 board, 4 pieces, carry rule, height 4, limit 1000": the game traced. */
static void game_line(const struct tower *t, const struct tower_opts *o, struct bl_buf *out)
{
	bl_buf_printf(out, "%dx%d board, %d piece%s, %s rule, height %lld, limit %lld", t->n, t->n,
		      t->k, t->k == 1 ? "" : "s", tower_rule_name(o->rule), (long long)o->height,
		      (long long)o->limit);
}

/* "turn 7, after piece 3's move": the last board of a game that ended inside a turn. */
static void ended_line(const struct tower_result *res, struct bl_buf *out)
{
	bl_buf_printf(out, "turn %lld, after piece %d's move", (long long)res->answer,
		      res->last.piece);
}

/* What tower_trace keeps while the game is played. */
struct trace {
	const struct tower_trace_opts *v;
	struct bl_buf *out;
	struct html_replay h;
	bool steps;   /* json: a step was written (for the commas) */
};

/* One frame of the replay: the position after a step, described by its line. */
static void step_frame(struct trace *c, const struct tower_step *s)
{
	struct bl_buf desc;

	bl_buf_init(&desc);
	if (s->mv)
		bl_buf_printf(&desc, "turn %lld: ", (long long)s->turn);
	tower_step_text(s, NULL, &desc);
	if (!bl_buf_failed(&desc) && html_frame_begin(&c->h, desc.data)) {
		pic_tower(s->t, s->mv, "tower", desc.data, c->out);
		html_frame_end(&c->h);
	}
	bl_buf_release(&desc);
}

static void step_json(struct trace *c, const struct tower_step *s)
{
	struct bl_buf *out = c->out;

	bl_buf_puts(out, c->steps ? ",\n" : "\n");
	c->steps = true;
	if (s->mv) {
		tower_move_json(s->t, s->mv, out);
	} else {
		bl_buf_printf(out, "{\"turn\":%lld,\"stacks\":", (long long)s->turn);
		tower_stacks_json(s->t, out);
		bl_buf_putc(out, '}');
	}
}

/* A move as an indented line under its turn's; a turn's end as its board. */
static void step_text(struct trace *c, const struct tower_step *s)
{
	struct bl_buf *out = c->out;

	if (s->mv) {
		if (s->mv->piece == 1)
			bl_buf_printf(out, "turn %lld\n", (long long)s->turn);
		bl_buf_puts(out, "  ");
	}
	tower_step_text(s, c->v->style, out);
	bl_buf_putc(out, '\n');
	if (!s->mv)
		tower_board_text(s->t, c->v->style, out);
}

static bool trace_step(void *ctx, const struct tower_step *s)
{
	struct trace *c = ctx;
	const struct tower_trace_opts *v = c->v;

	if (s->turn >= v->from && (s->mv != NULL) != v->every_turn) {
		if (v->format == TOWER_FORMAT_HTML)
			step_frame(c, s);
		else if (v->format == TOWER_FORMAT_JSON)
			step_json(c, s);
		else
			step_text(c, s);
	}
	/* Long traces go out as they are made, so memory stays flat. */
	if (v->format != TOWER_FORMAT_HTML && v->flush && c->out->len >= TRACE_FLUSH_BYTES &&
	    !v->flush(v->flush_ctx))
		return false;
	return s->mv || !v->to || s->turn < v->to;
}

/* What comes before the steps: the game, the board and the start. */
static void trace_head(struct trace *c, const struct tower *t, const struct tower_opts *o)
{
	const struct tower_trace_opts *v = c->v;
	struct bl_buf *out = c->out;

	if (v->format == TOWER_FORMAT_HTML) {
		struct bl_buf sub;
		bl_buf_init(&sub);
		game_line(t, o, &sub);
		html_begin(&c->h, out, "tower: the game step by step", sub.data ? sub.data : "");
		bl_buf_release(&sub);
		if (html_frame_begin(&c->h, "the start")) {
			pic_tower(t, NULL, "tower", "the start", out);
			html_frame_end(&c->h);
		}
	} else if (v->format == TOWER_FORMAT_JSON) {
		bl_buf_printf(out, "{\"n\":%d,\"k\":%d,\"rule\":\"%s\",\"height\":%lld,\"limit\":%lld,"
				   "\"every\":\"%s\",\"from\":%lld,",
			      t->n, t->k, tower_rule_name(o->rule), (long long)o->height,
			      (long long)o->limit, v->every_turn ? "turn" : "move", (long long)v->from);
		if (v->to)
			bl_buf_printf(out, "\"to\":%lld,", (long long)v->to);
		bl_buf_puts(out, "\n\"colours\":");
		tower_colours_json(t, out);
		bl_buf_puts(out, ",\n\"start\":");
		tower_stacks_json(t, out);
		bl_buf_puts(out, ",\n\"steps\":[");
	} else {
		game_line(t, o, out);
		bl_buf_puts(out, "\nstart\n");
		tower_board_text(t, v->style, out);
	}
}

/* The replay's end: the last board of a game that ended inside a turn, the answer. */
static enum bl_code replay_tail(struct trace *c, const struct tower *t, const struct tower_opts *o,
				const struct tower_result *res, struct bl_err *err)
{
	struct bl_buf ans;
	enum bl_code rc = BL_OK;

	if (c->v->every_turn && res->end == TOWER_END_STACK) {
		bl_buf_init(&ans);
		ended_line(res, &ans);
		if (!bl_buf_failed(&ans) && html_frame_begin(&c->h, ans.data)) {
			pic_tower(t, &res->last, "tower", ans.data, c->out);
			html_frame_end(&c->h);
		}
		bl_buf_release(&ans);
	}
	bl_buf_init(&ans);
	if (res->end != TOWER_END_STOPPED)
		bl_buf_printf(&ans, "answer %lld\n", (long long)res->answer);
	tower_explain(t, o, res, &ans);
	html_end(&c->h, ans.len ? ans.data : "");
	if (bl_buf_failed(&ans))
		rc = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	bl_buf_release(&ans);
	return rc;
}

/* What comes after the steps: the final position and how the game ended. */
static enum bl_code trace_tail(struct trace *c, const struct tower *t, const struct tower_opts *o,
			       const struct tower_result *res, struct bl_err *err)
{
	struct bl_buf *out = c->out;

	if (c->v->format == TOWER_FORMAT_HTML)
		return replay_tail(c, t, o, res, err);
	if (c->v->format == TOWER_FORMAT_JSON) {
		bl_buf_puts(out, c->steps ? "\n],\n\"final\":" : "],\n\"final\":");
		tower_stacks_json(t, out);
		bl_buf_puts(out, ",\n\"result\":");
		tower_result_json(t, o, res, out);
		bl_buf_puts(out, "}\n");
		return BL_OK;
	}
	if (c->v->every_turn && res->end == TOWER_END_STACK) {
		ended_line(res, out);
		bl_buf_putc(out, '\n');
		tower_board_text(t, c->v->style, out);
	}
	if (res->end != TOWER_END_STOPPED)
		bl_buf_printf(out, "answer %lld\n", (long long)res->answer);
	tower_explain(t, o, res, out);
	return BL_OK;
}

/* ---- a trace that points at where a found answer parts from the game ---- */

/* The moves a trace pointing at a found answer plays at most, to reach its turns. */
#define SHOWN_MOVES_MAX 100000000

/* What the trace around the turn where the answers part keeps while the game is played. */
struct part {
	const struct tower_trace_opts *v;
	struct bl_buf *out;
	int64_t from, to;     /* the turns shown, move by move */
	int64_t boards;       /* from this one on, each with its board after */
	int64_t found;        /* the found turn, when the game reaches it: its tallest stack */
	int tallest, tallest_cell, tallest_piece;
};

static void part_step(struct part *c, const struct tower_step *s)
{
	const struct tower_move *mv = s->mv;

	if (mv && s->turn == c->found && mv->height > c->tallest) {
		c->tallest = mv->height;
		c->tallest_cell = mv->to;
		c->tallest_piece = mv->piece;
	}
	if (s->turn >= c->from && s->turn <= c->to) {
		if (mv && mv->piece == 1)
			bl_buf_printf(c->out, "turn %lld\n", (long long)s->turn);
		if (mv || s->turn >= c->boards) {
			bl_buf_puts(c->out, mv ? "  " : "");
			tower_step_text(s, c->v->style, c->out);
			bl_buf_putc(c->out, '\n');
		}
		if (!mv && s->turn >= c->boards)
			tower_board_text(s->t, c->v->style, c->out);
	} else if (!mv && s->turn == c->from - 1) {
		bl_buf_printf(c->out, "after turn %lld\n", (long long)s->turn);
		tower_board_text(s->t, c->v->style, c->out);
	}
}

/*
 * Plays t from its start, move by move, to the end of turn max(c->to,
 * c->found) or the move that makes a stack of o->height, showing what c
 * asks.  By hand, not tower_play: a game that repeats is played past the
 * repeat, up to the found turn.
 */
static void part_play(struct tower *t, const struct tower_opts *o, struct part *c)
{
	int64_t last = c->to > c->found ? c->to : c->found;
	struct tower_move mv;

	tower_reset(t);
	for (int64_t turn = 1; turn <= last; turn++) {
		for (int p = 1; p <= t->k; p++) {
			tower_move(t, o->rule, p, &mv);
			mv.turn = turn;
			part_step(c, &(struct tower_step){ t, turn, &mv });
			if (mv.height >= o->height)
				return;
		}
		part_step(c, &(struct tower_step){ t, turn, NULL });
	}
}

/*
 * The lines on what each answer says by turn p, where they part: e is the
 * game's answer, f the found one (a turn, -1, or no answer at all), c the
 * tallest stack during turn f when the game got there.
 */
static void part_lines(const struct tower_opts *o, int64_t e, int64_t f, int64_t p,
		       const struct part *c, int n, struct bl_buf *out)
{
	bool f_turn = f >= 1 && f <= o->limit;

	bl_buf_printf(out, "expected %lld, found %lld: ", (long long)e, (long long)f);
	if (e == f) {
		bl_buf_puts(out, "the same answer\n");
		return;
	}
	if (p)
		bl_buf_printf(out, "the games part by turn %lld\n", (long long)p);
	else
		bl_buf_puts(out, "no turn where they part\n");
	if (!f_turn && f != -1)
		bl_buf_printf(out, "  %lld is no answer: a turn from 1 to %lld, or -1\n", (long long)f,
			      (long long)o->limit);
	if (f_turn && (e < 1 || f < e)) {
		bl_buf_printf(out, "  an answer of %lld says a stack of %lld forms during turn %lld; ",
			      (long long)f, (long long)o->height, (long long)f);
		if (e >= 1)
			bl_buf_printf(out, "here none does before turn %lld", (long long)e);
		else
			bl_buf_puts(out, "here none ever does");
		if (c->tallest)
			bl_buf_printf(out, ": the tallest during turn %lld is %d piece%s, at (%d,%d) "
					   "after piece %d's move",
				      (long long)f, c->tallest, c->tallest == 1 ? "" : "s",
				      c->tallest_cell / n + 1, c->tallest_cell % n + 1,
				      c->tallest_piece);
		bl_buf_putc(out, '\n');
	}
	if (e >= 1 && (f == -1 || f > e)) {
		bl_buf_printf(out, "  this game ends during turn %lld; an answer of %lld says ",
			      (long long)e, (long long)f);
		if (f == -1)
			bl_buf_printf(out, "no stack of %lld forms within %lld turns\n",
				      (long long)o->height, (long long)o->limit);
		else
			bl_buf_printf(out, "no stack of %lld forms before turn %lld\n",
				      (long long)o->height, (long long)f);
	}
}

/*
 * How the game ends, from t's final position after tower_solve: the board
 * after the move that ended it (a stack), the answer and tower_explain.
 */
static void found_tail(const struct tower *t, const struct tower_opts *o,
		       const struct tower_result *res, const struct bl_style *st, struct bl_buf *out)
{
	if (res->end == TOWER_END_STACK) {
		ended_line(res, out);
		bl_buf_putc(out, '\n');
		tower_board_text(t, st, out);
	}
	bl_buf_printf(out, "answer %lld\n", (long long)res->answer);
	tower_explain(t, o, res, out);
}

/* The trace of v->compare (tower_trace): the game solved first, then played again. */
static enum bl_code trace_found(struct tower *t, const struct tower_opts *o,
				const struct tower_trace_opts *v, struct bl_buf *out,
				struct bl_err *err)
{
	struct part c = { .v = v };
	struct tower_result res;
	struct bl_buf tail, lines;
	int64_t e, f = v->found, p = 0;
	enum bl_code rc;
	bool shown;

	if (v->format != TOWER_FORMAT_TEXT || v->every_turn || v->from != 1 || v->to)
		return bl_fail(err, BL_ERR_ARG, "a trace pointing at a found answer is text, "
						"of its own turns");
	if ((rc = tower_solve(t, o, &res, err)) != BL_OK)
		return rc;
	e = res.answer;
	p = e >= 1 ? e : 0;
	if (f >= 1 && f <= o->limit && f != e && (!p || f < p))
		p = f;
	/* a game not played (too few pieces), or a turn too far to play to: no turns shown */
	shown = p && res.end != TOWER_END_FEW && p <= SHOWN_MOVES_MAX / t->k;
	bl_buf_init(&tail);
	bl_buf_init(&lines);
	found_tail(t, o, &res, v->style, &tail);
	c.out = &lines;
	c.from = p > 9 ? p - 9 : 1;
	c.boards = p > 2 ? p - 2 : 1;
	c.to = e >= 1 && p + 1 > e ? e : p + 1;
	c.found = p == f ? f : 0;
	tower_reset(t);
	if (shown && c.from == 1) {
		bl_buf_puts(&lines, "start\n");
		tower_board_text(t, v->style, &lines);
	}
	if (shown)
		part_play(t, o, &c);
	game_line(t, o, out);
	bl_buf_putc(out, '\n');
	part_lines(o, e, f, p, &c, t->n, out);
	if (shown) {
		if (c.boards <= c.from)
			bl_buf_printf(out, "turns %lld to %lld, move by move, with the board after each:\n",
				      (long long)c.from, (long long)c.to);
		else
			bl_buf_printf(out, "turns %lld to %lld, move by move; the board after each move "
					   "from turn %lld on:\n",
				      (long long)c.from, (long long)c.to, (long long)c.boards);
		bl_buf_add(out, lines.data ? lines.data : "", lines.len);
		if (e > c.to + 1)
			bl_buf_printf(out, "[turns %lld to %lld left out]\n", (long long)c.to + 1,
				      (long long)e - 1);
	}
	bl_buf_add(out, tail.data ? tail.data : "", tail.len);
	if (rc == BL_OK && (bl_buf_failed(&tail) || bl_buf_failed(&lines)))
		rc = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	bl_buf_release(&tail);
	bl_buf_release(&lines);
	return rc;
}

enum bl_code tower_trace(struct tower *t, const struct tower_opts *o,
			 const struct tower_trace_opts *v, struct bl_buf *out, struct bl_err *err)
{
	struct trace c = { .v = v, .out = out, .steps = false };
	struct tower_result res;
	enum bl_code rc;

	if (v->format != TOWER_FORMAT_TEXT && v->format != TOWER_FORMAT_JSON &&
	    v->format != TOWER_FORMAT_HTML)
		return bl_fail(err, BL_ERR_ARG, "a trace is text, json or html");
	if (v->from < 1 || v->to < 0)
		return bl_fail(err, BL_ERR_ARG, "expected turns from 1, found from %lld to %lld",
			       (long long)v->from, (long long)v->to);
	if (v->format == TOWER_FORMAT_HTML && (rc = svg_fits(t, err)) != BL_OK)
		return rc;
	if (v->compare)
		return trace_found(t, o, v, out, err);
	tower_reset(t);
	trace_head(&c, t, o);
	rc = tower_play(t, o, trace_step, &c, &res, err);
	if (rc != BL_OK)
		return rc;
	return trace_tail(&c, t, o, &res, err);
}

/*
 * What a position after turn `turn` is: "start", "after turn 7", or
 * "turn 9: the game ended during turn 7, after piece 3's move"; with a
 * rule (the picture's caption), ", carry rule" after the first two.
 */
static void position_line(int64_t turn, const struct tower_result *res, const char *rule,
			  struct bl_buf *out)
{
	if (res->end == TOWER_END_STACK) {
		bl_buf_printf(out, "turn %lld: the game ended during turn %lld, after piece %d's move",
			      (long long)turn, (long long)res->answer, res->last.piece);
		return;
	}
	if (turn == 0)
		bl_buf_puts(out, "start");
	else
		bl_buf_printf(out, "after turn %lld", (long long)turn);
	if (rule)
		bl_buf_printf(out, ", %s rule", rule);
}

static void render_json(const struct tower *t, const struct tower_opts *o, int64_t turn,
			const struct tower_result *res, struct bl_buf *out)
{
	bl_buf_printf(out, "{\"n\":%d,\"k\":%d,\"rule\":\"%s\",\"height\":%lld,\"turn\":%lld,",
		      t->n, t->k, tower_rule_name(o->rule), (long long)o->height, (long long)turn);
	bl_buf_puts(out, "\n\"colours\":");
	tower_colours_json(t, out);
	bl_buf_puts(out, ",\n\"stacks\":");
	tower_stacks_json(t, out);
	if (res->end == TOWER_END_STACK) {
		bl_buf_puts(out, ",\n\"ended\":");
		tower_result_json(t, o, res, out);
	}
	bl_buf_puts(out, "}\n");
}

enum bl_code tower_render(struct tower *t, const struct tower_opts *o, int64_t turn,
			  enum tower_format f, const struct bl_style *st, struct bl_buf *out,
			  struct bl_err *err)
{
	struct tower_result res;
	enum bl_code rc;

	if (f != TOWER_FORMAT_TEXT && f != TOWER_FORMAT_JSON && f != TOWER_FORMAT_SVG)
		return bl_fail(err, BL_ERR_ARG, "a position is drawn as text, json or svg");
	/* Before playing: a turn of 10^18 on a board too large would play for nothing. */
	if (f == TOWER_FORMAT_SVG && (rc = svg_fits(t, err)) != BL_OK)
		return rc;
	if ((rc = tower_play_to(t, o, turn, &res, err)) != BL_OK)
		return rc;
	if (f == TOWER_FORMAT_SVG) {
		struct bl_buf caption;
		bl_buf_init(&caption);
		position_line(turn, &res, tower_rule_name(o->rule), &caption);
		pic_tower(t, NULL, "tower position", caption.data ? caption.data : "", out);
		rc = bl_buf_failed(&caption) ? bl_fail(err, BL_ERR_NOMEM, "out of memory") : BL_OK;
		bl_buf_release(&caption);
		return rc;
	}
	if (f == TOWER_FORMAT_JSON) {
		render_json(t, o, turn, &res, out);
		return BL_OK;
	}
	position_line(turn, &res, NULL, out);
	bl_buf_putc(out, '\n');
	tower_board_text(t, st, out);
	return BL_OK;
}

/* ---- the demo ---- */

/* One rule's part of the demo: the answer under it and how the game ended. */
static enum bl_code demo_rule(struct tower *t, enum tower_rule rule, struct bl_buf *out,
			      struct bl_err *err)
{
	struct tower_opts o;
	struct tower_result res;
	enum bl_code c;

	tower_opts_init(&o);
	o.rule = rule;
	if ((c = tower_solve(t, &o, &res, err)) != BL_OK)
		return c;
	bl_buf_printf(out, "\n$ boardlab tower solve --explain --rule %s examples/tower.txt   # BOJ %s\n%lld\n",
		      tower_rule_name(rule), rule == TOWER_CARRY ? "17837" : "17780",
		      (long long)res.answer);
	tower_explain(t, &o, &res, out);
	return BL_OK;
}

enum bl_code tower_demo(const char *example, size_t len, struct bl_buf *out, struct bl_err *err)
{
	struct tower t;
	struct tower_limits lim;
	struct bl_reader rd;
	enum bl_code c;

	tower_init(&t);
	tower_limits_boj(&lim);
	bl_reader_init(&rd, example, len);
	if ((c = tower_parse(&t, &rd, &lim, err)) == BL_OK && (c = bl_expect_eof(&rd, err)) == BL_OK) {
		bl_buf_printf(out,
			      "A %dx%d board (0 white, 1 red, 2 blue) and %d pieces (row, column,\n"
			      "direction 1 right, 2 left, 3 up, 4 down).  Each turn moves pieces 1..%d\n"
			      "in order, each carrying the pieces above it; the answer is the turn\n"
			      "on which a stack of 4 forms, or -1 if none does within 1000 turns.\n\n",
			      t.n, t.n, t.k, t.k);
		bl_buf_add(out, example, len);
		if ((c = demo_rule(&t, TOWER_CARRY, out, err)) == BL_OK &&
		    (c = demo_rule(&t, TOWER_BOTTOM, out, err)) == BL_OK)
			bl_buf_puts(out, "\nUnder the bottom rule only a stack's bottom piece moves; a "
					 "red cell\nturns the moving stack over and so changes its "
					 "bottom.\n");
	}
	tower_release(&t);
	return c;
}
