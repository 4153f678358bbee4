/*
 * pic_tower: the SVG picture of a tower position, drawn from the same
 * struct tower that the text and JSON views read.
 */
#include "svg.h"

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

/* The arrow of a direction as a character of the picture. */
static const char *arrow(enum tower_dir d)
{
	switch (d) {
	case TOWER_RIGHT: return "\xe2\x86\x92";   /* U+2192 */
	case TOWER_LEFT: return "\xe2\x86\x90";
	case TOWER_UP: return "\xe2\x86\x91";
	default: return "\xe2\x86\x93";
	}
}

static void chip(struct bl_buf *out, int x, int y, const char *text)
{
	svg_rect(out, x + 4, y, CELL - 8, CHIP - 1, 3, "#fff8dc", "#333333");
	svg_text(out, x + CELL / 2, y + CHIP - 3, 12, "middle", "#111111", "%s", text);
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
			chip(out, x, cy, text);
			break;
		}
		snprintf(text, sizeof text, "%d%s", p, arrow(tower_dir_of(t, p)));
		chip(out, x, cy, text);
	}
}

void pic_tower(const struct tower *t, const struct tower_move *mv, const char *title,
	       const char *caption, struct bl_buf *out)
{
	int n = t->n, w = MARGIN + n * CELL + 8, h = TOP + MARGIN + n * CELL + 8;
	char desc[160];

	snprintf(desc, sizeof desc,
		 "%dx%d board of white, red and blue cells with %d piece%s; each cell lists its "
		 "stack bottom to top, each piece with the arrow of its direction",
		 n, n, t->k, t->k == 1 ? "" : "s");
	if (w < 360)
		w = 360;
	svg_begin(out, w, h, title, desc);
	svg_text(out, 4, 18, 14, "start", "#111111", "%s", caption);
	for (int c = 0; c < n; c++)
		svg_text(out, MARGIN + c * CELL + CELL / 2, TOP + MARGIN - 8, 12, "middle",
			 "#555555", "%d", c + 1);
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
	svg_end(out);
}
