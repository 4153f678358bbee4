/*
 * grundy_trace: the views of a position held whole and of the game played
 * out from it: render (a grid of the window, JSON, an SVG of heat maps)
 * and trace (text, JSON, an HTML replay).  Every line of a move comes from
 * grundy_step_text, the text trace's and the replay's frames' alike.  The
 * text is coloured only by spans of the style given (the players' names,
 * the pieces' letters).  Built on grundy_play and the pictures of
 * grundy_svg.c.  And, above the readers, a hint's answer as the tool writes
 * it (grundy_hint_write: grundy_hint.c's move in grundy_view.c's words).
 */
#include "grundy_impl.h"
#include "svg_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The hue of the player who moves at turn t: green for the first, purple for the second. */
static enum bl_hue player_hue(int64_t turn)
{
	return turn % 2 ? BL_HUE_GREEN : BL_HUE_PURPLE;
}

/* The player's name, as a span of their hue. */
static void put_player(struct bl_buf *out, int64_t turn, const struct bl_style *st)
{
	bl_buf_span(out, st, player_hue(turn));
	bl_buf_puts(out, grundy_player(turn));
	bl_buf_span_end(out, st);
}

void grundy_step_text(const struct grundy_set *set, const struct grundy_step *s,
		      const struct bl_style *st, struct bl_buf *out)
{
	bl_buf_printf(out, "turn %lld: ", (long long)s->turn);
	put_player(out, s->turn, st);
	bl_buf_printf(out,
		      " moves piece %zu (%c) from (%llu, %llu) to (%llu, %llu): value %llu to %llu, "
		      "xor %llu to %llu",
		      s->index + 1, grundy_set_letter(set, s->piece), (unsigned long long)s->fx,
		      (unsigned long long)s->fy, (unsigned long long)s->tx, (unsigned long long)s->ty,
		      (unsigned long long)s->from, (unsigned long long)s->to,
		      (unsigned long long)s->nim_before, (unsigned long long)s->nim);
}

void grundy_end_text(const struct grundy_game_end *end, uint64_t nim, const char *turns_name,
		     const struct bl_style *st, struct bl_buf *out)
{
	int64_t turn = end->turns + 1;

	if (!end->over) {
		bl_buf_printf(out, "stopped after %lld turns", (long long)end->turns);
		if (turns_name)
			bl_buf_printf(out, " (%s)", turns_name);
		bl_buf_printf(out, ", xor %llu", (unsigned long long)nim);
		return;
	}
	bl_buf_printf(out, "turn %lld: ", (long long)turn);
	put_player(out, turn, st);
	bl_buf_printf(out, " cannot move: %s wins", grundy_player(turn + 1));
}

/* "40 pieces, xor 24: koosaga, who moves first, wins against best play" */
static void trace_head(char *sub, size_t cap, const struct grundy_position *pos)
{
	snprintf(sub, cap, "%zu piece%s, xor %llu: %s, who moves first, %s against best play",
		 pos->n, pos->n == 1 ? "" : "s", (unsigned long long)pos->nim, grundy_player(1),
		 pos->nim ? "wins" : "loses");
}

/* "40 pieces, xor 24: koosaga wins" */
static void render_head(char *cap_text, size_t cap, const struct grundy_position *pos)
{
	snprintf(cap_text, cap, "%zu piece%s, xor %llu: %s wins", pos->n, pos->n == 1 ? "" : "s",
		 (unsigned long long)pos->nim, grundy_winner(pos->nim));
}

/* A text trace's context: where the lines go, and their style. */
struct text_trace {
	struct bl_buf *out;
	const struct grundy_set *set;
	const struct bl_style *st;
};

static bool text_step(void *vctx, const struct grundy_step *s)
{
	struct text_trace *t = vctx;

	grundy_step_text(t->set, s, t->st, t->out);
	bl_buf_putc(t->out, '\n');
	return true;
}

void grundy_trace_opts_init(struct grundy_trace_opts *o)
{
	o->max_turns = GRUNDY_TRACE_TURNS;
	o->turns_name = NULL;
	o->style = NULL;
}

enum bl_code grundy_trace_text(struct grundy_set *set, struct grundy_position *pos,
			       const struct grundy_trace_opts *o, struct bl_buf *out,
			       struct bl_err *err)
{
	struct text_trace t = { out, set, o->style };
	struct grundy_game_end end;
	char sub[160];
	enum bl_code code;

	trace_head(sub, sizeof sub, pos);
	bl_buf_printf(out, "%s\n", sub);
	if ((code = grundy_play(set, pos, o->max_turns, text_step, &t, &end, err)) != BL_OK)
		return code;
	/* the end of a game is coloured, a game stopped by max_turns is not */
	grundy_end_text(&end, pos->nim, o->turns_name, end.over ? o->style : NULL, out);
	bl_buf_putc(out, '\n');
	return BL_OK;
}

struct json_trace {
	struct bl_buf *out;
	const struct grundy_set *set;
};

static bool json_step(void *vctx, const struct grundy_step *s)
{
	struct json_trace *t = vctx;

	bl_buf_printf(t->out, "%s{\"turn\":%lld,\"player\":\"%s\",\"piece\":%zu,"
			      "\"letter\":\"%c\",\"from\":[%llu,%llu],\"to\":[%llu,%llu],"
			      "\"value\":%llu,\"to_value\":%llu,\"xor\":%llu}",
		      s->turn > 1 ? "," : "", (long long)s->turn, grundy_player(s->turn),
		      s->index + 1, grundy_set_letter(t->set, s->piece), (unsigned long long)s->fx,
		      (unsigned long long)s->fy, (unsigned long long)s->tx, (unsigned long long)s->ty,
		      (unsigned long long)s->from, (unsigned long long)s->to,
		      (unsigned long long)s->nim);
	return true;
}

enum bl_code grundy_trace_json(struct grundy_set *set, struct grundy_position *pos,
			       const struct grundy_trace_opts *o, struct bl_buf *out,
			       struct bl_err *err)
{
	struct json_trace t = { out, set };
	struct grundy_game_end end;
	enum bl_code code;

	bl_buf_printf(out, "{\"pieces\":%zu,\"xor\":%llu,\"winner\":\"%s\",\"moves\":[", pos->n,
		      (unsigned long long)pos->nim, grundy_winner(pos->nim));
	if ((code = grundy_play(set, pos, o->max_turns, json_step, &t, &end, err)) != BL_OK)
		return code;
	bl_buf_printf(out, "],\"ended\":%s", end.over ? "true" : "false");
	if (end.over)
		bl_buf_printf(out, ",\"loser\":\"%s\",\"turns\":%lld", grundy_player(end.turns + 1),
			      (long long)end.turns);
	bl_buf_puts(out, "}\n");
	return BL_OK;
}

/*
 * The pictures draw from a set: a NULL one (the built-ins) becomes *local,
 * which the caller releases.
 */
static struct grundy_set *set_or_builtins(struct grundy_set *set, struct grundy_set *local)
{
	if (set)
		return set;
	grundy_set_init(local);
	return local;
}

/* A replay's context: the page, the pictures' position, a frame's text. */
struct html_trace {
	struct html_replay h;
	struct grundy_set *set;
	struct pic_grundy_pos *pic;
	struct bl_buf line;
	enum bl_code code;
	struct bl_err *err;
};

/*
 * A frame described by desc: the position t->pic under caption, its move
 * mv marked (NULL for none).
 */
static bool html_frame(struct html_trace *t, const struct pic_grundy_move *mv, const char *desc,
		       const char *caption)
{
	if (html_frame_begin(&t->h, desc)) {
		t->code = pic_grundy(t->set, t->pic, mv, "heat", "grundy", caption, t->h.out,
				     t->err);
		html_frame_end(&t->h);
	}
	return t->code == BL_OK;
}

static bool html_step(void *vctx, const struct grundy_step *s)
{
	struct html_trace *t = vctx;
	struct pic_grundy_move mv = { s->piece, s->fx, s->fy, s->tx, s->ty };

	bl_buf_reset(&t->line);
	grundy_step_text(t->set, s, NULL, &t->line);
	if (bl_buf_failed(&t->line)) {
		t->code = bl_fail(t->err, BL_ERR_NOMEM, "out of memory");
		return false;
	}
	pic_grundy_pos_move(t->pic, s->piece, s->fx, s->fy, s->tx, s->ty);
	return html_frame(t, &mv, t->line.data, t->line.data);
}

/* The replay of the game from pos: its first frame, then one a move. */
static enum bl_code html_play(struct html_trace *t, struct bl_buf *out,
			      struct grundy_position *pos, const struct grundy_trace_opts *o)
{
	struct grundy_game_end end;
	char sub[160];
	enum bl_code code;

	trace_head(sub, sizeof sub, pos);
	pic_grundy_pos_init(t->pic, pos->st, pos->n);
	html_begin(&t->h, out, "grundy: a game played out", sub);
	if ((code = pic_grundy_defs(t->set, t->pic, "heat", out, t->err)) != BL_OK ||
	    !html_frame(t, NULL, "the start", sub))
		return code != BL_OK ? code : t->code;
	code = grundy_play(t->set, pos, o->max_turns, html_step, t, &end, t->err);
	if (code != BL_OK || t->code != BL_OK)
		return code != BL_OK ? code : t->code;
	bl_buf_reset(&t->line);
	grundy_end_text(&end, pos->nim, o->turns_name, NULL, &t->line);
	if (bl_buf_failed(&t->line))
		return bl_fail(t->err, BL_ERR_NOMEM, "out of memory");
	if (end.over)
		html_frame(t, NULL, t->line.data, t->line.data);
	html_end(&t->h, t->line.data);
	return t->code;
}

enum bl_code grundy_trace_html(struct grundy_set *set, struct grundy_position *pos,
			       const struct grundy_trace_opts *o, struct bl_buf *out,
			       struct bl_err *err)
{
	struct html_trace t;
	struct grundy_set local;
	enum bl_code code;

	t.set = set_or_builtins(set, &local);
	t.code = BL_OK;
	t.err = err;
	bl_buf_init(&t.line);
	if (!(t.pic = malloc(sizeof *t.pic)))
		code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	else
		code = html_play(&t, out, pos, o);
	free(t.pic);
	bl_buf_release(&t.line);
	if (!set)
		grundy_set_release(&local);
	return code;
}

/*
 * The window as a grid: x down, y across, a piece's letter, '*' for
 * several, '.' for none; the pieces' letters are spans of cyan.
 */
static void grid_text(struct bl_buf *out, const struct grundy_set *set,
		      const struct grundy_position *pos, const struct bl_style *st)
{
	char grid[GRUNDY_PIC_WINDOW][GRUNDY_PIC_WINDOW];
	int win = pic_grundy_window(pos->st, pos->n);
	size_t outside = 0;

	memset(grid, '.', sizeof grid);
	for (size_t i = 0; i < pos->n; i++) {
		const struct grundy_stone *s = &pos->st[i];
		if (s->x >= (uint64_t)win || s->y >= (uint64_t)win) {
			outside++;
			continue;
		}
		char *g = &grid[s->x][s->y];
		*g = *g == '.' ? grundy_set_letter(set, s->piece) : '*';
	}
	bl_buf_puts(out, "x\\y");
	for (int y = 0; y < win; y++)
		bl_buf_printf(out, "%3d", y);
	bl_buf_putc(out, '\n');
	for (int x = 0; x < win; x++) {
		bl_buf_printf(out, "%3d", x);
		for (int y = 0; y < win; y++) {
			bl_buf_puts(out, "  ");
			if (grid[x][y] != '.')
				bl_buf_span(out, st, BL_HUE_CYAN);
			bl_buf_putc(out, grid[x][y]);
			if (grid[x][y] != '.')
				bl_buf_span_end(out, st);
		}
		bl_buf_putc(out, '\n');
	}
	if (outside)
		bl_buf_printf(out, "%zu piece%s outside the window\n", outside,
			      outside == 1 ? "" : "s");
}

void grundy_render_text(const struct grundy_set *set, const struct grundy_position *pos,
			const struct bl_style *st, struct bl_buf *out)
{
	char head[160];

	render_head(head, sizeof head, pos);
	bl_buf_printf(out, "%s\n", head);
	grid_text(out, set, pos, st);
}

void grundy_render_json(const struct grundy_set *set, const struct grundy_position *pos,
			struct bl_buf *out)
{
	bl_buf_printf(out, "{\"xor\":%llu,\"winner\":\"%s\",\"pieces\":[",
		      (unsigned long long)pos->nim, grundy_winner(pos->nim));
	for (size_t i = 0; i < pos->n; i++)
		bl_buf_printf(out, "%s{\"letter\":\"%c\",\"at\":[%llu,%llu],\"value\":%llu}",
			      i ? "," : "", grundy_set_letter(set, pos->st[i].piece),
			      (unsigned long long)pos->st[i].x, (unsigned long long)pos->st[i].y,
			      (unsigned long long)pos->st[i].value);
	bl_buf_puts(out, "]}\n");
}

enum bl_code grundy_render_svg(struct grundy_set *set, const struct grundy_position *pos,
			       struct bl_buf *out, struct bl_err *err)
{
	struct grundy_set local, *s = set_or_builtins(set, &local);
	struct pic_grundy_pos *pic = malloc(sizeof *pic);
	char caption[160];
	enum bl_code code;

	if (!pic) {
		code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	} else {
		pic_grundy_pos_init(pic, pos->st, pos->n);
		render_head(caption, sizeof caption, pos);
		code = pic_grundy(s, pic, NULL, NULL, "grundy position", caption, out, err);
	}
	free(pic);
	if (!set)
		grundy_set_release(&local);
	return code;
}

enum bl_code grundy_render(struct grundy_set *set, const struct grundy_position *pos,
			   enum grundy_view v, const struct bl_style *st, struct bl_buf *out,
			   struct bl_err *err)
{
	if (v == GRUNDY_VIEW_PAGE)
		return grundy_render_svg(set, pos, out, err);
	if (v == GRUNDY_VIEW_JSON)
		grundy_render_json(set, pos, out);
	else
		grundy_render_text(set, pos, st, out);
	return BL_OK;
}

enum bl_code grundy_trace(struct grundy_set *set, struct grundy_position *pos,
			  const struct grundy_trace_opts *o, enum grundy_view v, struct bl_buf *out,
			  struct bl_err *err)
{
	if (v == GRUNDY_VIEW_PAGE)
		return grundy_trace_html(set, pos, o, out, err);
	if (v == GRUNDY_VIEW_JSON)
		return grundy_trace_json(set, pos, o, out, err);
	return grundy_trace_text(set, pos, o, out, err);
}

enum bl_code grundy_hint_write(struct bl_reader *rd, const struct grundy_format *fmt,
			       const struct grundy_limits *lim, bool whole, bool json,
			       struct bl_buf *out, struct bl_err *err)
{
	struct grundy_hint h;
	enum bl_code code;

	if ((code = grundy_hint_find(rd, fmt, lim, &h, err)) != BL_OK ||
	    (whole && (code = grundy_expect_end(rd, fmt, h.count, err)) != BL_OK))
		return code;
	if (json)
		grundy_hint_json(fmt->set, &h, out);
	else
		grundy_hint_text(fmt->set, &h, out);
	return BL_OK;
}
