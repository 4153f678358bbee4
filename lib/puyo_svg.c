/*
 * puyo_svg: the puyo pictures: a field as an SVG (render --format svg) and
 * the chain's replay page (trace --format html), drawn from the struct
 * puyo_field the text and JSON views read; the frames are described with
 * the text views' lines.
 */
#include "svg_impl.h"
#include "puyo_impl.h"

#include <stdio.h>

enum { CELL = 36, LEFT = 28, TOP = 28 };

static const char *puyo_fill(int cell)
{
	switch (cell) {
	case PUYO_RED: return "#e5484d";
	case PUYO_GREEN: return "#30a46c";
	case PUYO_BLUE: return "#3e63dd";
	case PUYO_PURPLE: return "#8e4ec6";
	case PUYO_YELLOW: return "#f5c400";
	case PUYO_OJAMA: return "#9e9e9e";
	default: return NULL;
	}
}

/* A ring around cell at (row from the floor * PUYO_COLS + column) of a field of rows rows. */
static void ring(struct bl_buf *out, int rows, int at, const char *colour)
{
	int row = at / PUYO_COLS, c = at % PUYO_COLS;
	int y = TOP + 20 + (rows - 1 - row) * CELL;

	bl_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"%s\" "
			   "stroke-width=\"3\" stroke-dasharray=\"4 3\"/>\n",
		      LEFT + c * CELL + CELL / 2, y + CELL / 2, CELL / 2 - 1, colour);
}

/*
 * The field, the top row first; the hidden rows shaded; the cells of step
 * (NULL for none) marked: the puyos about to pop ringed in black, the ojama
 * they clear in grey.
 */
static void picture(const struct puyo_field *f, const struct puyo_rules *rules,
		    const struct puyo_step *step, const char *title, const char *caption,
		    struct bl_buf *out)
{
	int n = step ? step->npopped : 0;
	int w = LEFT + PUYO_COLS * CELL + 60, h = TOP + 20 + f->rows * CELL + 8;
	char desc[240];
	struct svg_caption cap;

	snprintf(desc, sizeof desc,
		 "a Puyo field of 6 columns and %d rows, the top row first, %d puyo%s in it%s",
		 f->rows, puyo_field_count(f), puyo_field_count(f) == 1 ? "" : "s",
		 !n ? "" : step->nojama ? "; the puyos about to pop are ringed, the ojama they clear "
					  "in grey" : "; the puyos about to pop are ringed");
	if (w < 300)
		w = 300;
	svg_grid_begin(out, w, h, title, desc, caption, &cap, PUYO_COLS, LEFT, CELL, TOP + 14);
	for (int t = 0; t < f->rows; t++) {
		int row = f->rows - 1 - t, y = TOP + 20 + t * CELL;
		bool hidden = row >= rules->visible;
		svg_text(out, LEFT - 6, y + CELL / 2 + 4, 12, "end", "#555555", "%d", t + 1);
		svg_rect(out, LEFT, y, PUYO_COLS * CELL, CELL, 0, hidden ? "#dddddd" : "#f6f6f6",
			 "#cccccc");
		if (hidden)
			svg_text(out, LEFT + PUYO_COLS * CELL + 6, y + CELL / 2 + 4, 11, "start",
				 "#777777", "hidden");
		for (int c = 0; c < PUYO_COLS; c++) {
			const char *fill = puyo_fill(f->cell[row][c]);
			int cx = LEFT + c * CELL + CELL / 2, cy = y + CELL / 2;
			if (!fill)
				continue;
			bl_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
					   "stroke=\"#333333\"/>\n",
				      cx, cy, CELL / 2 - 3, fill);
			svg_text(out, cx, cy + 5, 13, "middle", "#ffffff", "%c",
				 puyo_cell_char(f->cell[row][c]));
		}
	}
	for (int i = 0; i < n; i++)
		ring(out, f->rows, step->cell[i], "#111111");
	for (int i = 0; step && i < step->nojama; i++)
		ring(out, f->rows, step->ojama[i], "#888888");
	svg_caption_unshift(out, &cap);
	svg_end(out);
}

void puyo_render_svg(const struct puyo_field *f, const struct puyo_rules *rules,
		     struct bl_buf *out)
{
	char caption[80];
	int n = puyo_field_count(f);

	snprintf(caption, sizeof caption, "%s rules, %d rows, %d puyo%s",
		 puyo_rules_name(rules->set), f->rows, n, n == 1 ? "" : "s");
	picture(f, rules, NULL, "puyo field", caption, out);
}

/* What the replay carries from step to step. */
struct replay {
	struct html_replay h;
	const struct puyo_rules *rules;
	struct puyo_field before;   /* the field the step pops from */
	struct bl_buf desc;
};

/* A frame: its description, then the picture under it as its caption. */
static void frame(struct replay *v, const struct puyo_field *f, const struct puyo_step *step)
{
	const char *desc = bl_buf_failed(&v->desc) ? "" : v->desc.data;

	if (html_frame_begin(&v->h, desc)) {
		picture(f, v->rules, step, "puyo", desc, v->h.out);
		html_frame_end(&v->h);
	}
}

/* Two frames a step: the groups about to pop ringed, then the field after gravity. */
static bool replay_step(void *vctx, const struct puyo_step *s)
{
	struct replay *v = vctx;

	bl_buf_reset(&v->desc);
	puyo_step_text(s, NULL, &v->desc);
	frame(v, &v->before, s);
	bl_buf_reset(&v->desc);
	bl_buf_printf(&v->desc, "chain %d: after gravity", s->chain);
	if (v->rules->set == PUYO_RULES_TSU)
		bl_buf_printf(&v->desc, ", %lld ojama sent", s->ojama_sent);
	frame(v, &s->field, NULL);
	v->before = s->field;
	return true;
}

enum bl_code puyo_trace_html(const struct puyo_field *f, const struct puyo_rules *rules,
			     struct bl_buf *out, struct bl_err *err)
{
	struct replay v;
	struct puyo_result res;
	char sub[120];
	enum bl_code code = puyo_check(f, rules, err);

	if (code != BL_OK)
		return code;
	v.rules = rules;
	v.before = *f;
	bl_buf_init(&v.desc);
	snprintf(sub, sizeof sub, "%s rules, %d rows, groups of %d pop",
		 puyo_rules_name(rules->set), rules->rows, rules->pop);
	html_begin(&v.h, out, "puyo: the chain step by step", sub);
	bl_buf_puts(&v.desc, "the start");
	frame(&v, f, NULL);
	puyo_play(f, rules, replay_step, &v, &res, NULL);
	bl_buf_reset(&v.desc);
	if (rules->set == PUYO_RULES_TSU)
		puyo_totals_text(&res, &v.desc);
	else
		puyo_boj_totals_text(&res, &v.desc);
	html_end(&v.h, bl_buf_failed(&v.desc) ? "" : v.desc.data);
	if (bl_buf_failed(&v.desc))
		out->failed = true;
	bl_buf_release(&v.desc);
	return BL_OK;
}
