/*
 * pic_tower: the SVG picture of a tower position, drawn from the same
 * struct tower that the text and JSON views read.  A stack is a column of
 * chips from the cell's foot up, each a piece's number and a triangle
 * pointing its direction.
 */
#include "svg_impl.h"
#include "tower_impl.h"

#include <stdio.h>

enum { CELL = 64, MARGIN = 28, TOP = 28, CHIP = 14, CHIPS = 4 };

static const char *cell_fill(enum tower_colour c)
{
	switch (c) {
	case TOWER_RED: return "#f08c8c";
	case TOWER_BLUE: return "#86aee8";
	default: return "#ffffff";
	}
}

/*
 * A chip of a stack: the piece's number and, for a piece (dir != 0), a
 * triangle pointing its way; without dir, the text alone ("+3 more").
 */
static void chip(struct bl_buf *out, int x, int y, const char *text, int dir)
{
	int ax = x + CELL - 16, ay = y + CHIP / 2;

	svg_rect(out, x + 4, y, CELL - 8, CHIP - 1, 3, "#fff8dc", "#333333");
	if (!dir) {
		svg_text(out, x + CELL / 2, y + CHIP - 3, 11, "middle", "#111111", "%s", text);
		return;
	}
	svg_text(out, x + CELL / 2 - 6, y + CHIP - 3, 12, "middle", "#111111", "%s", text);
	switch (dir) {
	case TOWER_RIGHT:
		bl_buf_printf(out, "<path d=\"M%d,%dL%d,%dL%d,%dz\"", ax - 4, ay - 4, ax + 4, ay,
			      ax - 4, ay + 4);
		break;
	case TOWER_LEFT:
		bl_buf_printf(out, "<path d=\"M%d,%dL%d,%dL%d,%dz\"", ax + 4, ay - 4, ax - 4, ay,
			      ax + 4, ay + 4);
		break;
	case TOWER_UP:
		bl_buf_printf(out, "<path d=\"M%d,%dL%d,%dL%d,%dz\"", ax - 4, ay + 4, ax, ay - 4,
			      ax + 4, ay + 4);
		break;
	default:
		bl_buf_printf(out, "<path d=\"M%d,%dL%d,%dL%d,%dz\"", ax - 4, ay - 4, ax, ay + 4,
			      ax + 4, ay - 4);
		break;
	}
	bl_buf_puts(out, " fill=\"#1b3a6b\"/>\n");
}

/* Cell c's stack, bottom to top from the cell's foot; past CHIPS, "+N" in the last chip. */
static void stack(struct bl_buf *out, const struct tower *t, int c, int x, int y)
{
	int h = tower_height(t, c), i = 0;
	char text[48];

	for (int p = tower_bottom(t, c); p; p = tower_above(t, p), i++) {
		int cy = y + CELL - 3 - (i + 1) * CHIP;
		if (i == CHIPS - 1 && h > CHIPS) {
			snprintf(text, sizeof text, "+%d more", h - i);
			chip(out, x, cy, text, 0);
			break;
		}
		snprintf(text, sizeof text, "%d", p);
		chip(out, x, cy, text, tower_dir_of(t, p));
	}
}

void pic_tower(const struct tower *t, const struct tower_move *mv, const char *title,
	       const char *caption, struct bl_buf *out)
{
	int n = t->n, w = MARGIN + n * CELL + 8, h = TOP + MARGIN + n * CELL + 8;
	char desc[160];
	struct svg_caption cap;

	snprintf(desc, sizeof desc,
		 "%dx%d board of white, red and blue cells with %d piece%s; each cell lists its "
		 "stack bottom to top, each piece with a triangle pointing its direction",
		 n, n, t->k, t->k == 1 ? "" : "s");
	if (w < 360)
		w = 360;
	svg_grid_begin(out, w, h, title, desc, caption, &cap, n, MARGIN, CELL, TOP + MARGIN - 8);
	for (int r = 0; r < n; r++) {
		svg_text(out, MARGIN - 6, TOP + MARGIN + r * CELL + CELL / 2 + 4, 12, "end",
			 "#555555", "%d", r + 1);
		for (int c = 0; c < n; c++) {
			int x = MARGIN + c * CELL, y = TOP + MARGIN + r * CELL;
			svg_rect(out, x, y, CELL, CELL, 0, cell_fill(tower_colour_at(t, r * n + c)),
				 "#555555");
			stack(out, t, r * n + c, x, y);
		}
	}
	if (mv && !mv->skipped) {
		int fx = MARGIN + mv->from % n * CELL, fy = TOP + MARGIN + mv->from / n * CELL;
		int tx = MARGIN + mv->to % n * CELL, ty = TOP + MARGIN + mv->to / n * CELL;
		if (mv->from != mv->to)
			bl_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
					   "fill=\"none\" stroke=\"#e07000\" stroke-width=\"3\" "
					   "stroke-dasharray=\"6 4\"/>\n",
				      fx + 2, fy + 2, CELL - 4, CELL - 4);
		bl_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
				   "stroke=\"#e07000\" stroke-width=\"4\"/>\n",
			      tx + 2, ty + 2, CELL - 4, CELL - 4);
	}
	svg_caption_unshift(out, &cap);
	svg_end(out);
}
